//! Where battles start in an archive, found without parsing them.
//!
//! A battle ends at a `[` that is neither in its tag section nor inside a
//! comment or a string (docs/notation.md, "Archives"). [`starts`] follows
//! only that much of the parser's state, jumping with `memchr` from one byte
//! that can change it to the next, so a reader can cut an archive into
//! battles on one thread and parse them on all the others. A test holds it to
//! the parser: the battles it cuts are the battles [`crate::parse()`] finds.

use crate::parse::{brace_comment_close, line_end, scan_string, scan_tag};

/// Where each battle starts, the first at `from` (a battle's start, or the
/// blanks before one); nothing when only blanks are left. The last runs to
/// the end of `src`.
pub fn starts(src: &str, from: usize) -> Starts<'_> {
    let rest = src.as_bytes().get(from..).unwrap_or_default();
    let first = (!rest.iter().all(u8::is_ascii_whitespace)).then_some(from);
    Starts {
        src,
        next: first,
        semicolon: None,
    }
}

/// The battles' starts, from [`starts`].
#[derive(Clone, Debug)]
pub struct Starts<'s> {
    src: &'s str,
    next: Option<usize>,
    /// The first `;` at or after where the last search stopped, or the
    /// text's end: found once and kept until the search passes it, so a
    /// `;` is looked for once over the whole text, not once per `[`, `{`
    /// or `"` met (most texts have none). `None` until first looked for.
    semicolon: Option<usize>,
}

impl Iterator for Starts<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let start = self.next?;
        self.next = after(self.src, start, &mut self.semicolon);
        Some(start)
    }
}

/// Where the battle after the one starting at `from` starts, or `None` when
/// the battle runs to the end of `src`; `semicolon` is [`Starts`]'s kept
/// `;`, the first at or after some place at or before `from`, if known.
fn after(src: &str, from: usize, semicolon: &mut Option<usize>) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut at = skip_tag_section(src, from);
    // Past the tags, only a `[` outside comments and strings ends the battle.
    loop {
        let rest = &bytes[at.min(bytes.len())..];
        let other = memchr::memchr3(b'[', b'{', b'"', rest).map_or(bytes.len(), |o| at + o);
        let semicolon = match *semicolon {
            Some(known) if known >= at => known,
            _ => *semicolon.insert(memchr::memchr(b';', rest).map_or(bytes.len(), |o| at + o)),
        };
        let next = other.min(semicolon);
        if next >= bytes.len() {
            return None;
        }
        at = match bytes[next] {
            b'[' => return Some(next),
            b'{' => brace_comment_end(src, next),
            b'"' => scan_string(bytes, next).unwrap_or_else(|end| end),
            _ => line_end(bytes, next),
        };
    }
}

/// Where the tag section that starts at `from` ends: the first byte that is
/// neither a tag pair, a comment, a blank nor a stray delimiter.
fn skip_tag_section(src: &str, from: usize) -> usize {
    let bytes = src.as_bytes();
    let mut at = from;
    while let Some(&byte) = bytes.get(at) {
        at = match byte {
            b' ' | b'\t' | b'\r' | b'\n' | b',' | b'}' | b']' => at + 1,
            b'{' => brace_comment_end(src, at),
            b';' => line_end(bytes, at),
            b'[' => match scan_tag(src, at) {
                Ok((_, _, end)) | Err(end) => end,
            },
            _ => break,
        };
    }
    at
}

/// Where the `{` comment at `start` ends, closed or not.
fn brace_comment_end(src: &str, start: usize) -> usize {
    brace_comment_close(src, start).map_or_else(|stop| stop, |close| close + 1)
}
