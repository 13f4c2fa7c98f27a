//! Text from a scene made safe for XML, and the serif blocks of the title and
//! the caption.
//!
//! Every text and attribute value is written through [`push_escaped`], which
//! turns `&`, `<`, `>` and both quotes into entities, shows the controls and
//! bidirectional overrides of [`is_unsafe`] as visible escapes (`\u{1b}`),
//! as every printer of senlac does, and turns U+FFFE and U+FFFF, which XML
//! 1.0 may not hold, into U+FFFD.

use super::{INK, SERIF, Tag};
use crate::layout::Line;

/// Whether a character of a log's text is shown escaped, as `\u{1b}`, by
/// every printer: a control character (C0 but tab and newline, DEL, C1),
/// which can retitle or clear a terminal, or a bidirectional control, which
/// can make a line read in another order than it is written. The one
/// definition: the CLI's terminal, Markdown and HTML text use it too.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Appends `c` as a visible escape, `\u{1b}`.
pub fn push_visible_escape(out: &mut String, c: char) {
    use std::fmt::Write as _;
    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
}

/// `s` with `& < > " '` as entities, the characters of [`is_unsafe`] as
/// visible escapes and the noncharacters XML cannot hold as U+FFFD: safe in
/// text and in attribute values alike.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s);
    out
}

/// Appends [`escape`]`(s)` to `out`, copying `s` whole when nothing in it
/// needs escaping (the common case).
pub(crate) fn push_escaped(out: &mut String, s: &str) {
    // Scanning bytes is much faster than chars over long path data. Every
    // character to replace is ASCII or starts with one of these lead bytes:
    // 0xC2 (C1), 0xD8 (U+061C), 0xE2 (the bidirectional controls) and 0xEF
    // (U+FFFE, U+FFFF).
    let special = |b: &u8| {
        matches!(
            b,
            b'&' | b'<' | b'>' | b'"' | b'\'' | 0x7F | 0xC2 | 0xD8 | 0xE2 | 0xEF
        ) || (*b < b' ' && !matches!(b, b'\t' | b'\n'))
    };
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
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c if is_unsafe(c) => push_visible_escape(out, c),
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
