//! `senlac lint --statistics`: how often each code was found, most frequent
//! first, as ruff's `--statistics` prints it: a table, or with `--format
//! json` one array of `{code, severity, count, fixable, summary}`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::diagnostics::Format;
use crate::lint::Count;
use crate::text_table;

/// One code's row.
#[derive(Serialize)]
struct Row<'a> {
    code: &'a str,
    severity: &'static str,
    count: usize,
    /// How many of them `senlac lint --fix` would fix.
    fixable: usize,
    /// What the code means, from its registry; empty for the notation's
    /// own codes, which docs/notation.md explains.
    summary: &'static str,
}

/// The counts, most frequent first (then by code), as `format` asks: JSON,
/// or a table for every other format.
pub fn render(codes: &BTreeMap<String, Count>, format: Format) -> String {
    let mut rows: Vec<Row<'_>> = codes
        .iter()
        .map(|(code, count)| Row {
            code,
            severity: count.severity.word(),
            count: count.found,
            fixable: count.fixable,
            summary: crate::sarif::registered(code).map_or("", |info| info.summary),
        })
        .collect();
    rows.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.code.cmp(b.code)));
    if format == Format::Json {
        let mut text = serde_json::to_string_pretty(&rows).unwrap_or_default();
        text.push('\n');
        return text;
    }
    if rows.is_empty() {
        return String::new();
    }
    let headings: Vec<String> = ["count", "code", "severity", "fixable", "meaning"]
        .map(String::from)
        .to_vec();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row.count.to_string(),
                row.code.to_string(),
                row.severity.to_string(),
                row.fixable.to_string(),
                row.summary.to_string(),
            ]
        })
        .collect();
    text_table::layout(&headings, &cells, 0, text_table::width(), &[])
}
