//! Text from a log on its way out, one function per kind of output: a
//! terminal ([`terminal`], and [`same_length`] where byte spans must still
//! fit), Markdown (`report::md`), HTML ([`html`]) and SVG (the renderer's
//! `svg::escape`). Each shows control characters (which can retitle or clear
//! a terminal) and bidirectional controls (which can make a line read in
//! another order than it is written) as visible escapes, `\u{1b}` and
//! `\u{202e}`: the characters of `senlac_render::svg::is_unsafe`, the one
//! definition.

use std::borrow::Cow;

/// Whether a character must not reach a terminal, a page or a picture as it is.
pub fn is_unsafe(c: char) -> bool {
    senlac_render::svg::is_unsafe(c)
}

/// `\u{202e}`.
pub fn escaped(c: char) -> String {
    let mut out = String::new();
    senlac_render::svg::push_visible_escape(&mut out, c);
    out
}

/// Text from a log, safe inside HTML elements and attributes: `& < > " '`
/// as entities, and every unsafe character as a visible escape.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_unsafe(c) => senlac_render::svg::push_visible_escape(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// The text with every unsafe character escaped; borrowed when there is none.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The text with every unsafe character replaced by a visible stand-in of
/// the same length in bytes (`?`, `¿` or `�`), so byte spans still fit it.
pub fn same_length(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match (is_unsafe(c), c.len_utf8()) {
                (false, _) => c,
                (true, 1) => '?',
                (true, 2) => '¿',
                (true, _) => '\u{fffd}',
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_overrides_only() {
        assert_eq!(
            terminal("a\u{1b}]0;PWNED\u{7}\u{1b}[2J b"),
            "a\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J b"
        );
        assert_eq!(terminal("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(terminal("\u{2066}x\u{2069}"), "\\u{2066}x\\u{2069}");
        assert_eq!(terminal("C1 \u{9b}"), "C1 \\u{9b}");
        let plain = "Harold's Housecurl, 0604\tactive\n";
        assert!(matches!(terminal(plain), Cow::Borrowed(_)));
        assert_eq!(terminal("Æthelred · Ælfgifu"), "Æthelred · Ælfgifu");
    }

    #[test]
    fn html_shows_controls_as_visible_escapes() {
        assert_eq!(
            html("<b>\u{1b}]0;PWNED\u{7}\u{1b}[2J & \"x\" \u{9b}\u{202e}'"),
            "&lt;b&gt;\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J &amp; &quot;x&quot; \\u{9b}\\u{202e}&#39;"
        );
        assert_eq!(html("Æthelred\tof\nWessex"), "Æthelred\tof\nWessex");
    }

    #[test]
    fn stand_ins_keep_every_byte_offset() {
        let text = "a\u{1b}b\u{9b}c\u{202e}d\u{2067}e";
        let safe = same_length(text);
        assert_eq!(safe, "a?b¿c\u{fffd}d\u{fffd}e");
        assert_eq!(safe.len(), text.len());
        for (i, _) in text.char_indices() {
            assert!(safe.is_char_boundary(i));
        }
    }
}
