//! Text from a scene made safe for XML, and the serif blocks of the title and
//! the caption.
//!
//! Every text and attribute value is written through [`push_escaped`], which
//! turns `&`, `<`, `>` and both quotes into entities and the characters XML
//! 1.0 may not hold at all (most controls, U+FFFE, U+FFFF) into U+FFFD.

use super::{INK, SERIF, Tag};
use crate::layout::Line;

/// Whether XML 1.0 forbids `c` outright.
fn forbidden(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// `s` with `& < > " '` as entities and the characters XML cannot hold as
/// U+FFFD: safe in text and in attribute values alike.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s);
    out
}

/// Appends [`escape`]`(s)` to `out`, copying `s` whole when nothing in it
/// needs escaping (the common case).
pub(crate) fn push_escaped(out: &mut String, s: &str) {
    // Scanning bytes is much faster than chars over long path data. Every
    // character to replace is ASCII but U+FFFE and U+FFFF, which start 0xEF.
    let special = |b: &u8| matches!(b, b'&' | b'<' | b'>' | b'"' | b'\'' | 0xEF) || *b < b' ';
    if !s.as_bytes().iter().any(special) {
        out.push_str(s);
        return;
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if forbidden(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// Lines of text in one serif group (the title, the caption), styled by one
/// attribute; `None` when there are no lines.
pub(super) fn block(
    lines: &[Line],
    size: f64,
    style: &'static str,
    value: &'static str,
) -> Option<Tag> {
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
