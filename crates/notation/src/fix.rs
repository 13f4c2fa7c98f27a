//! Fixes and suggestions a diagnostic can carry: a machine-applicable edit
//! (`senlac lint --fix` applies it) and a did-you-mean over known words.

use std::borrow::Cow;

use crate::span::Span;

/// A certain edit: replace `span` with `replacement`. Only offered when the
/// fix cannot change what the writer meant (a missing dot, missing spaces,
/// a forced reaction nobody chose).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub span: Span,
    pub replacement: Cow<'static, str>,
    /// What the fix does, in the imperative: "insert `.` after the turn number".
    pub title: Cow<'static, str>,
}

impl Fix {
    pub fn new(
        span: Span,
        replacement: impl Into<Cow<'static, str>>,
        title: impl Into<Cow<'static, str>>,
    ) -> Fix {
        Fix {
            span,
            replacement: replacement.into(),
            title: title.into(),
        }
    }

    /// The same fix, `by` bytes later (for battles parsed out of a larger stream).
    pub fn shifted(mut self, by: u32) -> Fix {
        self.span = self.span.shifted(by);
        self
    }
}

/// Applies `fixes` to `text`. Fixes are applied in order of position; a fix
/// that overlaps one already taken, or falls outside the text or off a
/// character boundary, is skipped. Returns the new text and how many fixes
/// were applied.
pub fn apply(text: &str, fixes: &[&Fix]) -> (String, usize) {
    let mut sorted: Vec<&Fix> = fixes.to_vec();
    sorted.sort_by_key(|fix| (fix.span.start, fix.span.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0usize;
    let mut applied = 0;
    for fix in sorted {
        let range = fix.span.range();
        let fits = range.start >= at
            && range.end <= text.len()
            && text.is_char_boundary(range.start)
            && text.is_char_boundary(range.end);
        if !fits {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&fix.replacement);
        at = range.end;
        applied += 1;
    }
    out.push_str(&text[at..]);
    (out, applied)
}

thread_local! {
    static LOOKUPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many [`did_you_mean`] lookups this thread has made: a string distance
/// belongs on the path of a mistake, never on a clean battle's (tests hold
/// the engine to that).
pub fn lookups() -> u64 {
    LOOKUPS.with(std::cell::Cell::get)
}

/// Words longer than this are never taken for a slip of another.
const MAX_SLIP_LEN: usize = 64;

/// The known word closest to `word`, if one is close enough to be a slip:
/// a Damerau-Levenshtein distance of at most a third of the longer word
/// (at least 1, at most 3), or the same word in another case. Ties go to
/// a word of the same length, then to one of the same letters, then to the
/// first candidate.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    LOOKUPS.with(|n| n.set(n.get() + 1));
    // Distance costs length times length: a word longer than any name is no slip.
    if word.len() > MAX_SLIP_LEN {
        return None;
    }
    let lower = word.to_lowercase();
    let length = word.chars().count();
    let mut best: Option<((usize, usize, bool), &'a str)> = None;
    for candidate in candidates {
        if candidate == word {
            return None;
        }
        // Each character more or fewer costs an edit, and at most 3 are allowed.
        if candidate.len() > MAX_SLIP_LEN || length.abs_diff(candidate.chars().count()) > 3 {
            continue;
        }
        let distance = if candidate.to_lowercase() == lower {
            0
        } else {
            strsim::damerau_levenshtein(&lower, &candidate.to_lowercase())
        };
        let longest = word.chars().count().max(candidate.chars().count());
        let allowed = (longest / 3).clamp(1, 3);
        // Ties go to a word of the same length, then to one with the same
        // letters (`VI` is rather `IV`, swapped, than `I` or `II`).
        let same_letters = {
            let (mut a, mut b): (Vec<char>, Vec<char>) = (
                lower.chars().collect(),
                candidate.to_lowercase().chars().collect(),
            );
            a.sort_unstable();
            b.sort_unstable();
            a == b
        };
        let rank = (
            distance,
            length.abs_diff(candidate.chars().count()),
            !same_letters,
        );
        if distance <= allowed && best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_find_their_word() {
        let verbs = [
            "advance",
            "charge",
            "volley",
            "manoeuvre",
            "morale",
            "rally",
        ];
        assert_eq!(did_you_mean("advnace", verbs), Some("advance"));
        assert_eq!(did_you_mean("volly", verbs), Some("volley"));
        assert_eq!(did_you_mean("manouvre", verbs), Some("manoeuvre"));
        assert_eq!(did_you_mean("Rally", verbs), Some("rally"));
        assert_eq!(did_you_mean("VI", ["I", "II", "III", "IV"]), Some("IV"));
        assert_eq!(did_you_mean("xyzzy", verbs), None);
        assert_eq!(did_you_mean("rally", verbs), None);
        // A huge word is compared with nothing (distance is length times length).
        assert_eq!(did_you_mean(&"x".repeat(5_000_000), verbs), None);
    }

    #[test]
    fn fixes_apply_in_order_and_skip_overlaps() {
        let text = "1 Saxons II>II";
        let dot = Fix::new(Span::new(1, 1), ".", "insert `.`");
        let spaces = Fix::new(Span::new(11, 12), " > ", "put spaces around `>`");
        let clash = Fix::new(Span::new(11, 13), "x", "overlaps");
        let (out, applied) = apply(text, &[&spaces, &dot, &clash]);
        assert_eq!(out, "1. Saxons II > II");
        assert_eq!(applied, 2);
    }
}
