//! Text from a scene made safe for XML, and the serif blocks of the title and
//! the caption.
//!
//! The `svg` crate escapes `& < >` in text and those and both quotes in
//! attribute values; what it cannot do is drop the characters XML 1.0 may not
//! hold at all (most controls, U+FFFE, U+FFFF), which [`clean`] replaces.

use std::borrow::Cow;

use super::{INK, SERIF, Tag};
use crate::layout::Line;

/// Whether XML 1.0 forbids `c` outright.
fn forbidden(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// `s` with the characters XML cannot hold replaced by U+FFFD; borrowed when
/// there are none.
pub fn clean(s: &str) -> Cow<'_, str> {
    if s.contains(forbidden) {
        Cow::Owned(
            s.chars()
                .map(|c| if forbidden(c) { '\u{FFFD}' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(s)
    }
}

/// `s` cleaned, with `& < > " '` as entities: safe in text and in attribute
/// values alike, for callers that write markup by hand (an HTML page).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in clean(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Lines of text in one serif group (the title, the caption), styled by one
/// attribute; `None` when there are no lines.
pub(super) fn block(lines: &[Line], size: f64, style: &str, value: &str) -> Option<Tag> {
    if lines.is_empty() {
        return None;
    }
    let mut group = Tag::new("g")
        .set("font-family", SERIF)
        .num("font-size", size)
        .set(style, value)
        .set("fill", INK);
    for line in lines {
        group.push(Tag::new("text").at(line.at).text(&line.text));
    }
    Some(group)
}
