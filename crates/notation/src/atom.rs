//! Atoms: the words of a battle body, and their kinds told by shape alone.
//!
//! The parser knows no verbs and no setup keywords: `hold`, `map` and `IX` are all
//! [`AtomKind::Word`]. It tells a cell from a number or a dice roll by how the atom
//! is written, with small nom parsers run over the atom's text.

use nom::{
    IResult, Parser,
    bytes::complete::{tag, take_while, take_while_m_n},
    character::complete::{char, digit1, one_of, satisfy},
    combinator::{all_consuming, not, opt, recognize},
    multi::{many0_count, many1_count},
};

use crate::span::Span;

/// What an atom is, by its shape. See docs/notation.md, "Atoms".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomKind {
    /// `12.` starts a side's turn.
    TurnNumber,
    /// `volley:` starts a phase.
    PhaseLabel,
    /// `>` links a reaction to the action before it.
    Reaction,
    /// `=>` starts the claimed outcome.
    Outcome,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Glyph,
    /// Four digits, CCRR: `0514`.
    Cell,
    /// Cells joined by `-`: a path, or a range in `terrain`.
    CellChain,
    /// Two cells joined by `/`: the side between them.
    Hexside,
    /// `d6:4`, `2d6:3+5`.
    Dice,
    /// `18`, `-2`, `2.5`.
    Number,
    /// `6in`.
    Distance,
    /// `45deg`.
    Angle,
    /// `12x10`, `72x48in`.
    Size,
    /// `IX@0604`, `A@12x6in^90deg`.
    Placement,
    /// `size=1000`.
    Pair,
    /// `I+II+III`.
    Group,
    /// Anything starting with a letter: verbs, ids, keywords, `Saxons.VI`.
    Word,
    /// `"..."`, quotes included.
    Str,
    /// None of the above.
    Invalid,
}

impl AtomKind {
    /// The name used in diagnostics and docs.
    pub fn describe(self) -> &'static str {
        match self {
            AtomKind::TurnNumber => "a turn number",
            AtomKind::PhaseLabel => "a phase label",
            AtomKind::Reaction => "`>`",
            AtomKind::Outcome => "`=>`",
            AtomKind::Glyph => "a glyph",
            AtomKind::Cell => "a cell",
            AtomKind::CellChain => "a cell path",
            AtomKind::Hexside => "a hexside",
            AtomKind::Dice => "a dice roll",
            AtomKind::Number => "a number",
            AtomKind::Distance => "a distance",
            AtomKind::Angle => "an angle",
            AtomKind::Size => "a size",
            AtomKind::Placement => "a placement",
            AtomKind::Pair => "a key=value pair",
            AtomKind::Group => "a group of units",
            AtomKind::Word => "a word",
            AtomKind::Str => "a string",
            AtomKind::Invalid => "an invalid token",
        }
    }

    /// Whether the atom can name who acts: a unit, a group or a side.
    pub fn is_actor(self) -> bool {
        matches!(self, AtomKind::Word | AtomKind::Group)
    }
}

/// One atom: its kind, its text (borrowed from the source) and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom<'s> {
    pub kind: AtomKind,
    pub text: &'s str,
    pub span: Span,
}

/// The glyphs, as in PGN.
pub const GLYPHS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];

pub(crate) fn is_word_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '\'' | '.')
}

type Res<'a> = IResult<&'a str, &'a str>;

fn word(i: &str) -> Res<'_> {
    recognize((satisfy(is_word_start), take_while(is_word_char))).parse(i)
}

fn number(i: &str) -> Res<'_> {
    recognize((opt(one_of("+-")), digit1, opt((char('.'), digit1)))).parse(i)
}

fn cell(i: &str) -> Res<'_> {
    recognize((
        take_while_m_n(4, 4, |c: char| c.is_ascii_digit()),
        not(satisfy(|c: char| c.is_ascii_digit())),
    ))
    .parse(i)
}

fn dice(i: &str) -> Res<'_> {
    recognize((
        opt(digit1),
        char('d'),
        digit1,
        char(':'),
        digit1,
        many0_count((char('+'), digit1)),
    ))
    .parse(i)
}

fn size(i: &str) -> Res<'_> {
    recognize((number, char('x'), number, opt(tag("in")))).parse(i)
}

fn whole<'a, P>(parser: P, text: &'a str) -> bool
where
    P: Parser<&'a str, Error = nom::error::Error<&'a str>>,
{
    all_consuming(parser).parse(text).is_ok()
}

/// Tells an atom's kind from its text. Never fails: unknown shapes are
/// [`AtomKind::Invalid`].
pub fn classify(text: &str) -> AtomKind {
    if let Some(kind) = classify_common(text.as_bytes()) {
        return kind;
    }
    let Some(first) = text.chars().next() else {
        return AtomKind::Invalid;
    };
    match first {
        '>' if text == ">" => AtomKind::Reaction,
        '=' if text == "=>" => AtomKind::Outcome,
        '!' | '?' if GLYPHS.contains(&text) => AtomKind::Glyph,
        '0'..='9' | '+' | '-' => classify_numeric(text),
        c if is_word_start(c) => classify_wordlike(text),
        _ => AtomKind::Invalid,
    }
}

/// Byte classes for the parser's scanning loop: one table lookup per byte tells
/// where an atom ends and, OR-ed over the atom, which shapes it can still be.
pub(crate) mod class {
    pub const DELIMITER: u8 = 1;
    pub const DIGIT: u8 = 2;
    pub const LETTER: u8 = 4;
    /// `_ - ' .`: allowed inside words.
    pub const WORD_PUNCT: u8 = 8;
    /// `!` and `?`: glyphs.
    pub const MARK: u8 = 16;
    /// Anything else, non-ASCII bytes included.
    pub const OTHER: u8 = 32;

    pub const TABLE: [u8; 256] = {
        let mut table = [OTHER; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            table[b] = match c {
                b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{' | b'}' | b';' | b'(' | b')' | b'"'
                | b'[' | b']' => DELIMITER,
                b'0'..=b'9' => DIGIT,
                b'a'..=b'z' | b'A'..=b'Z' => LETTER,
                b'_' | b'-' | b'\'' | b'.' => WORD_PUNCT,
                b'!' | b'?' => MARK,
                _ => OTHER,
            };
            b += 1;
        }
        table
    };
}

/// Classifies an atom whose bytes' classes OR to `mask`: plain ASCII words,
/// cells and numbers are told from the mask alone, the rest by [`classify`].
#[inline]
pub(crate) fn classify_scanned(text: &str, mask: u8) -> AtomKind {
    use class::*;
    let bytes = text.as_bytes();
    if mask == DIGIT {
        return if bytes.len() == 4 {
            AtomKind::Cell
        } else {
            AtomKind::Number
        };
    }
    if mask & !(LETTER | DIGIT | WORD_PUNCT) == 0
        && bytes[0].is_ascii_alphabetic()
        && !(bytes[0] == b'd' && bytes.get(1).is_some_and(u8::is_ascii_digit))
    {
        return AtomKind::Word;
    }
    classify(text)
}

/// Bytes of an ASCII word after its first letter.
const WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'\'' | b'.');
        b += 1;
    }
    table
};

/// The shapes most atoms take (ASCII words, cells, plain numbers, turn
/// numbers), told without the nom parsers; `None` sends the rest to them.
#[inline]
fn classify_common(bytes: &[u8]) -> Option<AtomKind> {
    let (&first, rest) = bytes.split_first()?;
    if first.is_ascii_alphabetic() || first == b'_' {
        if first == b'd' && rest.first().is_some_and(u8::is_ascii_digit) {
            return None; // perhaps a dice roll
        }
        return rest
            .iter()
            .all(|&b| WORD_BYTE[b as usize])
            .then_some(AtomKind::Word);
    }
    if first.is_ascii_digit() {
        let digits = 1 + rest.iter().take_while(|b| b.is_ascii_digit()).count();
        return match (digits == bytes.len(), digits) {
            (true, 4) => Some(AtomKind::Cell),
            (true, _) => Some(AtomKind::Number),
            (false, _) if digits + 1 == bytes.len() && bytes[digits] == b'.' => {
                Some(AtomKind::TurnNumber)
            }
            _ => None,
        };
    }
    None
}

fn classify_numeric(text: &str) -> AtomKind {
    if let Some(digits) = text.strip_suffix('.')
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return AtomKind::TurnNumber;
    }
    let Ok((rest, lead)) = number(text) else {
        return AtomKind::Invalid;
    };
    let is_cell = lead.len() == 4 && lead.bytes().all(|b| b.is_ascii_digit());
    let (kind, valid) = match rest.as_bytes().first() {
        None if is_cell => (AtomKind::Cell, true),
        None => (AtomKind::Number, true),
        Some(b'/') if is_cell => (AtomKind::Hexside, whole((char('/'), cell), rest)),
        Some(b'-') if is_cell => (
            AtomKind::CellChain,
            whole(many1_count((char('-'), cell)), rest),
        ),
        Some(b'd') if whole(dice, text) => (AtomKind::Dice, true),
        Some(b'd') => (AtomKind::Angle, rest == "deg"),
        Some(b'x') => (
            AtomKind::Size,
            whole((char('x'), number, opt(tag("in"))), rest),
        ),
        Some(b'i') => (AtomKind::Distance, rest == "in"),
        _ => (AtomKind::Invalid, false),
    };
    if valid { kind } else { AtomKind::Invalid }
}

fn classify_wordlike(text: &str) -> AtomKind {
    if text.starts_with('d') && whole(dice, text) {
        return AtomKind::Dice;
    }
    let Ok((rest, _)) = word(text) else {
        return AtomKind::Invalid;
    };
    let Some(sep) = rest.chars().next() else {
        return AtomKind::Word;
    };
    let after = &rest[sep.len_utf8()..];
    let valid = match sep {
        ':' => after.is_empty(),
        '@' => whole(placement_target, after),
        '=' => !matches!(classify(after), AtomKind::Pair | AtomKind::Invalid),
        '+' => whole((word, many0_count((char('+'), word))), after),
        _ => false,
    };
    match (sep, valid) {
        (_, false) => AtomKind::Invalid,
        (':', true) => AtomKind::PhaseLabel,
        ('@', true) => AtomKind::Placement,
        ('=', true) => AtomKind::Pair,
        _ => AtomKind::Group,
    }
}

/// The part of a placement after `@`: a cell or a point, then an optional facing.
fn placement_target(i: &str) -> Res<'_> {
    let facing = |i| -> Res<'_> {
        recognize((
            char('^'),
            nom::branch::alt((recognize((number, tag("deg"))), number, word)),
        ))
        .parse(i)
    };
    recognize((nom::branch::alt((size, cell)), opt(facing))).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(text: &str, kind: AtomKind) {
        assert_eq!(classify(text), kind, "{text:?}");
    }

    #[test]
    fn shapes() {
        use AtomKind::*;
        for (text, kind) in [
            ("12.", TurnNumber),
            ("volley:", PhaseLabel),
            (">", Reaction),
            ("=>", Outcome),
            ("!?", Glyph),
            ("0514", Cell),
            ("0506-0507-0608", CellChain),
            ("0101-0110", CellChain),
            ("0404/0405", Hexside),
            ("d6:4", Dice),
            ("2d6:3+5", Dice),
            ("d20:14", Dice),
            ("18", Number),
            ("-2", Number),
            ("2.5", Number),
            ("12345", Number),
            ("6in", Distance),
            ("2.5in", Distance),
            ("45deg", Angle),
            ("-90deg", Angle),
            ("12x10", Size),
            ("72x48in", Size),
            ("IX@0604", Placement),
            ("A@12x6in^90deg", Placement),
            ("H3@0812^2", Placement),
            ("size=1000", Pair),
            ("IV=3", Pair),
            ("I+II+III", Group),
            ("hold", Word),
            ("light-infantry", Word),
            ("Saxons.VI", Word),
            ("d6", Word),
            ("Þegn", Word),
        ] {
            check(text, kind);
        }
    }

    #[test]
    fn malformed_shapes_are_invalid() {
        for text in [
            "", "0404/", "0404/05", "0101-", "d6:x", "2d:3", "12x", "6inch", "45de", "IX@",
            "IX@06", "a=", "a=b=c", "I+", "#", "1.2.", "@0604", "12.5.", ">>", "=",
        ] {
            check(text, AtomKind::Invalid);
        }
    }
}
