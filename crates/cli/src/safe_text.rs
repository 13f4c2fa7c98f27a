//! Text from a log on its way out, one way per kind of output: a terminal
//! ([`terminal`], and [`same_length`] where byte spans must still fit),
//! Markdown (`report::md`), HTML (a [`LogText`] in a maud template) and SVG
//! (the renderer's `svg::escape`). Each shows control characters (which can
//! retitle or clear a terminal) and bidirectional controls (which can make a
//! line read in another order than it is written) as visible escapes,
//! `\u{1b}` and `\u{202e}`: the characters of
//! `senlac_render::svg::is_unsafe`, the one definition.

use std::borrow::Cow;

use maud::Render;

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

/// Text from a log in an HTML template, escaped by its type: `& < > "` by
/// maud's escaper, and every unsafe character as a visible escape.
pub struct LogText<'a>(pub &'a str);

impl Render for LogText<'_> {
    fn render_to(&self, buffer: &mut String) {
        let mut rest = self.0;
        while let Some((at, c)) = rest.char_indices().find(|&(_, c)| is_unsafe(c)) {
            rest[..at].render_to(buffer);
            senlac_render::svg::push_visible_escape(buffer, c);
            rest = &rest[at + c.len_utf8()..];
        }
        rest.render_to(buffer);
    }
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
    fn log_text_in_html_shows_controls_as_visible_escapes() {
        let hostile = "<b>\u{1b}]0;PWNED\u{7}\u{1b}[2J & \"x\" \u{9b}\u{202e}'";
        let page = maud::html! { p title=(LogText(hostile)) { (LogText(hostile)) } };
        let escaped =
            "&lt;b&gt;\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J &amp; &quot;x&quot; \\u{9b}\\u{202e}'";
        assert_eq!(
            page.into_string(),
            format!("<p title=\"{escaped}\">{escaped}</p>")
        );
        let plain = maud::html! { (LogText("Æthelred\tof\nWessex")) };
        assert_eq!(plain.into_string(), "Æthelred\tof\nWessex");
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
