//! Atoms: the words of a battle body, and their kinds told by shape alone.
//!
//! The parser knows no verbs and no setup keywords: `hold`, `map` and `IX` are all
//! [`AtomKind::Word`]. It tells a cell from a number or a dice roll by how the atom
//! is written, with small nom parsers run over the atom's text.

use nom::{
    IResult, Parser,
    bytes::complete::{tag, take_while_m_n},
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
    /// `3-1`, `1.5-1`: odds as combat tables print them.
    Ratio,
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
            AtomKind::Ratio => "a ratio",
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

// The shapes are nom parsers over bytes: an atom is ASCII but for the
// letters of its words, so no character is decoded except a non-ASCII one.
type Res<'a> = IResult<&'a [u8], &'a [u8]>;

/// A word: a letter or `_`, then letters, digits and `_ - ' .`.
fn word(i: &[u8]) -> Res<'_> {
    let mut at = 0;
    while let Some(&byte) = i.get(at) {
        let (fits, len) = if byte.is_ascii() {
            let fits = if at == 0 {
                byte.is_ascii_alphabetic() || byte == b'_'
            } else {
                WORD_BYTE[byte as usize]
            };
            (fits, 1)
        } else {
            match char_at(&i[at..]) {
                Some(c) if at == 0 => (is_word_start(c), c.len_utf8()),
                Some(c) => (is_word_char(c), c.len_utf8()),
                None => (false, 1),
            }
        };
        if !fits {
            break;
        }
        at += len;
    }
    if at == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Alpha,
        )));
    }
    Ok((&i[at..], &i[..at]))
}

/// The character that starts `bytes`, a non-ASCII one included.
fn char_at(bytes: &[u8]) -> Option<char> {
    let len = match bytes.first()? {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    std::str::from_utf8(bytes.get(..len)?).ok()?.chars().next()
}

fn number(i: &[u8]) -> Res<'_> {
    recognize((opt(one_of("+-")), digit1, opt((char('.'), digit1)))).parse(i)
}

fn cell(i: &[u8]) -> Res<'_> {
    recognize((
        take_while_m_n(4, 4, |b: u8| b.is_ascii_digit()),
        not(satisfy(|c: char| c.is_ascii_digit())),
    ))
    .parse(i)
}

fn dice(i: &[u8]) -> Res<'_> {
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

fn size(i: &[u8]) -> Res<'_> {
    recognize((number, char('x'), number, opt(tag(&b"in"[..])))).parse(i)
}

fn whole<'a, P>(parser: P, text: &'a [u8]) -> bool
where
    P: Parser<&'a [u8], Error = nom::error::Error<&'a [u8]>>,
{
    all_consuming(parser).parse(text).is_ok()
}

/// Tells an atom's kind from its text. Never fails: unknown shapes are
/// [`AtomKind::Invalid`].
pub fn classify(text: &str) -> AtomKind {
    classify_bytes(text.as_bytes())
}

/// [`classify`] for a pair's value: most are whole numbers, told here with
/// no call. (In the parser's loop the same test cost more than it saved:
/// its atoms are classified by their byte classes first.)
#[inline]
pub(crate) fn classify_value(text: &str) -> AtomKind {
    let bytes = text.as_bytes();
    if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
        return digits_kind(bytes.len());
    }
    classify_bytes(bytes)
}

/// The kind of a run of `len` ASCII digits and nothing else: four are a
/// cell (CCRR), any other count a number. Every recogniser asks this.
#[inline]
const fn digits_kind(len: usize) -> AtomKind {
    if len == 4 {
        AtomKind::Cell
    } else {
        AtomKind::Number
    }
}

/// Whether `byte` ends an atom (a blank, a newline or one of `,{};()"[]`),
/// by the parser's own table: for the parser and the tools measured
/// against it.
#[inline]
pub fn ends_atom(byte: u8) -> bool {
    class::TABLE[usize::from(byte)] & class::DELIMITER != 0
}

fn classify_bytes(bytes: &[u8]) -> AtomKind {
    classify_common(bytes).unwrap_or_else(|| classify_by_nom(bytes))
}

/// Every shape, by the nom parsers. Out of line: the shapes it alone tells
/// are rare, and inlined it made every call to `classify_bytes` save and
/// restore the registers it needs.
#[inline(never)]
fn classify_by_nom(bytes: &[u8]) -> AtomKind {
    let Some(&first) = bytes.first() else {
        return AtomKind::Invalid;
    };
    match first {
        b'>' if bytes == b">" => AtomKind::Reaction,
        b'=' if bytes == b"=>" => AtomKind::Outcome,
        b'!' | b'?' if GLYPHS.iter().any(|g| g.as_bytes() == bytes) => AtomKind::Glyph,
        b'0'..=b'9' | b'+' | b'-' => classify_numeric(bytes),
        _ => classify_wordlike(bytes),
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

/// Where the atom at `start` ends, and its bytes' classes OR-ed (the
/// delimiter's left out): one table lookup a byte. The parser's atom step;
/// public for `examples/parse_floor.rs`, which measures the parser's floor
/// with it, and not part of the crate's interface. `start` is at most
/// `bytes.len()` (the slice by index measured 1% fewer instructions in
/// `--syntax-only` than `get`).
#[doc(hidden)]
#[inline(always)]
pub fn scan_atom(bytes: &[u8], start: usize) -> (usize, u8) {
    let rest = &bytes[start..];
    let mut mask = 0u8;
    let len = rest
        .iter()
        .position(|&byte| {
            let class = class::TABLE[usize::from(byte)];
            mask |= class;
            class & class::DELIMITER != 0
        })
        .unwrap_or(rest.len());
    (start + len, mask & !class::DELIMITER)
}

/// Classifies an atom whose bytes' classes OR to `mask`: plain ASCII words,
/// cells and numbers are told from the mask alone, the rest by [`classify`].
/// Public for `examples/parse_floor.rs`, as [`scan_atom`] is. Always inlined:
/// called from the atom step and the tag scan, the compiler would call it
/// out of line, and the atom step measured 2% more instructions so.
#[doc(hidden)]
#[inline(always)]
pub fn classify_scanned(text: &str, mask: u8) -> AtomKind {
    use class::*;
    let bytes = text.as_bytes();
    if mask == DIGIT {
        return digits_kind(bytes.len());
    }
    if mask & !(LETTER | DIGIT | WORD_PUNCT) == 0
        && bytes[0].is_ascii_alphabetic()
        && !(bytes[0] == b'd' && bytes.get(1).is_some_and(u8::is_ascii_digit))
    {
        return AtomKind::Word;
    }
    // A path of cells, `0204-0205`: digits and `-` only, so the mask says
    // which shape to try first.
    if mask == DIGIT | WORD_PUNCT && is_cell_chain(bytes) {
        return AtomKind::CellChain;
    }
    // A reaction's `>` and an outcome's `=>`: one atom in ten of Mass
    // Combat's and Hastings's.
    match bytes {
        b">" => return AtomKind::Reaction,
        b"=>" => return AtomKind::Outcome,
        _ => {}
    }
    classify(text)
}

/// Hand-written recognisers for the shapes logs are full of: `0404-0405`,
/// `d20:14`, `attack=5`, `movement:`, `IX@0604^5`, `12.`, `>`, numbers and
/// words. Each accepts only what the nom parsers accept (a test holds them
/// to it); `None` leaves the atom to them. Measured against the nom parsers in
/// docs/speed.md.
fn classify_common(bytes: &[u8]) -> Option<AtomKind> {
    let first = *bytes.first()?;
    match bytes {
        b">" => return Some(AtomKind::Reaction),
        b"=>" => return Some(AtomKind::Outcome),
        _ => {}
    }
    if first.is_ascii_digit() {
        // A number, a cell or a turn number: a pair's value, a tag's.
        let digits = digits_end(bytes, 0);
        match &bytes[digits..] {
            [] => return Some(digits_kind(digits)),
            b"." => return Some(AtomKind::TurnNumber),
            _ => {}
        }
    }
    if first.is_ascii_digit() || first == b'd' {
        if is_dice(bytes) {
            return Some(AtomKind::Dice);
        }
        if first != b'd' {
            return is_cell_chain(bytes).then_some(AtomKind::CellChain);
        }
    }
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let word = 1 + bytes[1..]
        .iter()
        .take_while(|&&b| WORD_BYTE[b as usize])
        .count();
    // A tag's name, a pair's value: a whole word needs no nom parser.
    let Some(after) = bytes.get(word) else {
        return Some(AtomKind::Word);
    };
    match after {
        b':' if word + 1 == bytes.len() => Some(AtomKind::PhaseLabel),
        // `IX@0604`, `NF1@1111^5`: a deployment's placements.
        b'@' => {
            let (cell, facing) = bytes[word + 1..].split_at_checked(4)?;
            let digits = |part: &[u8]| !part.is_empty() && part.iter().all(u8::is_ascii_digit);
            let plain = digits(cell)
                && match facing {
                    [] => true,
                    [b'^', turns @ ..] => digits(turns),
                    _ => false,
                };
            plain.then_some(AtomKind::Placement)
        }
        b'=' => {
            let value = &bytes[word + 1..];
            let (&head, tail) = value.split_first()?;
            let plain = if head.is_ascii_digit() {
                tail.iter().all(u8::is_ascii_digit)
            } else {
                (head.is_ascii_alphabetic() || head == b'_')
                    && tail.iter().all(|&b| WORD_BYTE[b as usize])
            };
            plain.then_some(AtomKind::Pair)
        }
        _ => None,
    }
}

/// The end of the run of ASCII digits at `at`.
fn digits_end(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

/// `[N]dS:R[+R...]`.
fn is_dice(bytes: &[u8]) -> bool {
    let mut at = digits_end(bytes, 0);
    if bytes.get(at) != Some(&b'd') {
        return false;
    }
    let mut sep = b':';
    loop {
        let end = digits_end(bytes, at + 1);
        if end == at + 1 {
            return false;
        }
        at = end;
        match bytes.get(at) {
            None => return sep == b'+',
            Some(&b) if b == sep => sep = b'+',
            Some(_) => return false,
        }
    }
}

/// Two or more four-digit cells joined by `-`.
fn is_cell_chain(bytes: &[u8]) -> bool {
    bytes.len() >= 9
        && bytes.len() % 5 == 4
        && bytes.chunks(5).all(|cell| {
            cell[..4].iter().all(u8::is_ascii_digit) && cell.get(4).is_none_or(|&b| b == b'-')
        })
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

fn classify_numeric(bytes: &[u8]) -> AtomKind {
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    // The common shapes first: a cell, a number, a turn number.
    if digits == bytes.len() {
        return digits_kind(digits);
    }
    if digits > 0 && digits + 1 == bytes.len() && bytes[digits] == b'.' {
        return AtomKind::TurnNumber;
    }
    let Ok((rest, lead)) = number(bytes) else {
        return AtomKind::Invalid;
    };
    let is_cell = lead.len() == 4 && digits == 4;
    let (kind, valid) = match rest.first() {
        None if is_cell => (AtomKind::Cell, true),
        None => (AtomKind::Number, true),
        Some(b'/') if is_cell => (AtomKind::Hexside, whole((char('/'), cell), rest)),
        Some(b'-') if is_cell => (
            AtomKind::CellChain,
            whole(many1_count((char('-'), cell)), rest),
        ),
        // Odds, `3-1`: unsigned numbers, so `-2-1` is no ratio.
        Some(b'-') if bytes[0].is_ascii_digit() => (
            AtomKind::Ratio,
            rest.get(1).is_some_and(u8::is_ascii_digit) && whole((char('-'), number), rest),
        ),
        Some(b'd') if whole(dice, bytes) => (AtomKind::Dice, true),
        Some(b'd') => (AtomKind::Angle, rest == b"deg"),
        Some(b'x') => (
            AtomKind::Size,
            whole((char('x'), number, opt(tag(&b"in"[..]))), rest),
        ),
        Some(b'i') => (AtomKind::Distance, rest == b"in"),
        _ => (AtomKind::Invalid, false),
    };
    if valid { kind } else { AtomKind::Invalid }
}

fn classify_wordlike(bytes: &[u8]) -> AtomKind {
    if bytes[0] == b'd' && bytes.get(1).is_some_and(u8::is_ascii_digit) && whole(dice, bytes) {
        return AtomKind::Dice;
    }
    let Ok((rest, _)) = word(bytes) else {
        return AtomKind::Invalid;
    };
    let Some((&sep, after)) = rest.split_first() else {
        return AtomKind::Word;
    };
    let valid = match sep {
        b':' => after.is_empty(),
        b'@' => whole(placement_target, after),
        b'=' => !matches!(classify_bytes(after), AtomKind::Pair | AtomKind::Invalid),
        b'+' => whole((word, many0_count((char('+'), word))), after),
        _ => false,
    };
    match (sep, valid) {
        (_, false) => AtomKind::Invalid,
        (b':', true) => AtomKind::PhaseLabel,
        (b'@', true) => AtomKind::Placement,
        (b'=', true) => AtomKind::Pair,
        _ => AtomKind::Group,
    }
}

/// The part of a placement after `@`: a cell or a point, then an optional facing.
fn placement_target(i: &[u8]) -> Res<'_> {
    let facing = |i| -> Res<'_> {
        recognize((
            char('^'),
            nom::branch::alt((recognize((number, tag(&b"deg"[..]))), number, word)),
        ))
        .parse(i)
    };
    recognize((nom::branch::alt((size, cell)), opt(facing))).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte classes of `text` OR-ed, as the parser's loop gathers them.
    fn mask_of(text: &str) -> u8 {
        text.bytes()
            .fold(0, |mask, b| mask | class::TABLE[usize::from(b)])
    }

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
            ("3-1", Ratio),
            ("1.5-1", Ratio),
            ("1-1.5", Ratio),
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

    proptest::proptest! {
        /// The hand-written recognisers agree with the nom parsers wherever
        /// they answer, and `classify_value` with them always, on atoms made of
        /// the bytes shapes are made of.
        #[test]
        fn fast_shapes_agree_with_nom(text in "[0-9d:=+>a_.'@^-]{0,12}") {
            let bytes = text.as_bytes();
            if let Some(kind) = classify_common(bytes) {
                proptest::prop_assert_eq!(kind, classify_by_nom(bytes), "{:?}", text);
            }
            proptest::prop_assert_eq!(classify_value(&text), classify_by_nom(bytes), "{:?}", text);
        }
    }

    proptest::proptest! {
        /// What the parser's loop tells from an atom's byte classes is what
        /// `classify` tells from its text.
        #[test]
        fn the_scanned_kind_is_the_classified_kind(text in "[0-9dx:=+>a-zA-Z_.'é-]{1,10}") {
            proptest::prop_assert_eq!(classify_scanned(&text, mask_of(&text)), classify(&text), "{:?}", text);
        }

        /// The same for runs of digits and `-`, as paths are written: the
        /// loop tells a path of cells from these byte classes alone.
        #[test]
        fn a_scanned_path_is_the_classified_path(text in "([0-9]{3,5}-?){1,4}") {
            proptest::prop_assert_eq!(classify_scanned(&text, mask_of(&text)), classify(&text), "{:?}", text);
        }
    }

    #[test]
    fn fast_shapes_answer_for_the_common_atoms() {
        use AtomKind::*;
        for (text, kind) in [
            ("0404-0405", CellChain),
            ("0404-0405-0506", CellChain),
            ("d20:14", Dice),
            ("2d6:3+5", Dice),
            ("attack=5", Pair),
            ("order=hold", Pair),
            ("movement:", PhaseLabel),
            ("R1:", PhaseLabel),
            ("Battle", Word),
            ("d6", Word),
            ("Saxons.VI", Word),
            ("16", Number),
            ("0514", Cell),
            ("12.", TurnNumber),
            (">", Reaction),
            ("=>", Outcome),
            ("IX@0604", Placement),
            ("NF1@1111^5", Placement),
        ] {
            assert_eq!(classify_common(text.as_bytes()), Some(kind), "{text}");
            assert_eq!(classify_by_nom(text.as_bytes()), kind, "{text}");
            assert_eq!(classify_value(text), kind, "{text}");
            assert_eq!(classify_scanned(text, mask_of(text)), kind, "{text}");
        }
        for text in [
            "0404-040",
            "d6:4+",
            "a=",
            "a=b=c",
            "x=-2",
            "Þegn",
            "A@12x6in^90deg",
            "A@0604^N",
            "A@0604^",
            "A@06041",
        ] {
            assert_eq!(classify_common(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn malformed_shapes_are_invalid() {
        for text in [
            "", "0404/", "0404/05", "0101-", "d6:x", "2d:3", "12x", "6inch", "45de", "IX@",
            "IX@06", "a=", "a=b=c", "I+", "#", "1.2.", "@0604", "12.5.", ">>", "=", "3-", "3--1",
            "-2-1", "3-1-1", "3-x",
        ] {
            check(text, AtomKind::Invalid);
        }
    }
}
