//! What the Feudal tests share: a finding brought down to what a case
//! asserts, its code, the exact text under its span and its message.

use senlac_engine::Violation;

/// Each finding as (code, the text it points at, message).
pub fn brief(text: &str, found: &[Violation]) -> Vec<(String, String, String)> {
    found
        .iter()
        .map(|v| {
            (
                v.code.to_string(),
                text[v.span.range()].to_string(),
                v.message.clone(),
            )
        })
        .collect()
}
