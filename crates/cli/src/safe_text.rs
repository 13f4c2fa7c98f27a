//! Text from a log on its way to a terminal or a Markdown reader: control
//! characters (which can retitle or clear a terminal) and bidirectional
//! controls (which can make a line read in another order than it is written)
//! are shown escaped, as `\u{1b}` and `\u{202e}`.

use std::borrow::Cow;

/// Whether a character must not reach a terminal as it is.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `\u{202e}`.
pub fn escaped(c: char) -> String {
    format!("\\u{{{:x}}}", u32::from(c))
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
