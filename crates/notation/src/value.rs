//! Decoding atoms into values: cells, dice, placements, unit references.
//!
//! The parser has already checked each atom's shape, so these decoders only
//! fail on atoms of another kind (they return `None`).

use crate::atom::{Atom, AtomKind};

pub use senlac_board::Cell;

/// The cells of a cell atom or a `-` chain, in order.
pub fn cells<'s>(atom: &Atom<'s>) -> impl Iterator<Item = Cell> + 's {
    let text = match atom.kind {
        AtomKind::Cell | AtomKind::CellChain => atom.text,
        _ => "",
    };
    // Split as bytes: `str`'s search for a char pattern cost more than the
    // cells it found.
    text.as_bytes()
        .split(|&byte| byte == b'-')
        .filter_map(Cell::parse_bytes)
}

/// [`cells`], each with its span in the source: a finding about one step
/// of a path is labelled on that step.
pub fn cell_spans<'s>(atom: &Atom<'s>) -> impl Iterator<Item = (Cell, crate::span::Span)> + 's {
    let text = match atom.kind {
        AtomKind::Cell | AtomKind::CellChain => atom.text,
        _ => "",
    };
    let mut start = atom.span.start;
    text.as_bytes()
        .split(|&byte| byte == b'-')
        .filter_map(move |part| {
            let span = crate::span::Span {
                start,
                end: start + part.len() as u32,
            };
            start = span.end + 1;
            Some((Cell::parse_bytes(part)?, span))
        })
}

/// Where the step into cell `index` of a path atom is written: the cell it
/// leaves and the cell it enters, or the one cell when `index` is 0 (the
/// step leaves from a start the path does not write). The whole atom when
/// the path has no such cell. A wrong step is labelled there, not on the
/// whole path.
pub fn step_span(path: &Atom<'_>, index: usize) -> crate::span::Span {
    let mut spans = cell_spans(path)
        .skip(index.saturating_sub(1))
        .map(|(_, span)| span);
    let first = spans.next();
    let last = if index == 0 { first } else { spans.next() };
    first
        .zip(last)
        .map_or(path.span, |(first, last)| crate::span::Span {
            start: first.start,
            end: last.end,
        })
}

/// The two cells of a hexside `0404/0405`.
pub fn hexside(atom: &Atom<'_>) -> Option<(Cell, Cell)> {
    let (a, b) = split_once_ascii(atom.text, b'/')?;
    Some((Cell::parse(a)?, Cell::parse(b)?))
}

/// A dice roll as written: `2d6:3+5` is two six-sided dice showing 3 and 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice<'s> {
    pub count: u32,
    pub sides: u32,
    results: &'s str,
}

impl<'s> Dice<'s> {
    pub fn parse(atom: &Atom<'s>) -> Option<Dice<'s>> {
        if atom.kind != AtomKind::Dice {
            return None;
        }
        let (dice, results) = split_once_ascii(atom.text, b':')?;
        let (count, sides) = split_once_ascii(dice, b'd')?;
        Some(Dice {
            count: if count.is_empty() {
                1
            } else {
                count.parse().ok()?
            },
            sides: sides.parse().ok()?,
            results,
        })
    }

    /// Each die's result, in order.
    pub fn results(&self) -> impl Iterator<Item = u32> + 's {
        // Split and read as bytes: `str`'s search for a char pattern and
        // its integer parser cost more than the dice.
        self.results
            .as_bytes()
            .split(|&byte| byte == b'+')
            .filter_map(whole_number)
    }

    /// The sum of the results; a hostile log cannot overflow it.
    pub fn total(&self) -> u32 {
        self.results().fold(0u32, u32::saturating_add)
    }
}

/// The number ASCII digits write, as `str::parse::<u32>` reads a text
/// without a sign: `None` when empty, with another byte, or too large.
fn whole_number(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |n, &byte| {
        let digit = byte.wrapping_sub(b'0');
        (digit <= 9).then_some(())?;
        n.checked_mul(10)?.checked_add(u32::from(digit))
    })
}

/// A number from a number, distance or angle atom (`2.5`, `6in`, `45deg`), or a
/// four-digit cell-shaped quantity (`1000` in `size=1000`).
pub fn number(atom: &Atom<'_>) -> Option<f64> {
    let text = match atom.kind {
        AtomKind::Number | AtomKind::Cell => atom.text,
        AtomKind::Distance => atom.text.strip_suffix("in")?,
        AtomKind::Angle => atom.text.strip_suffix("deg")?,
        _ => return None,
    };
    text.parse().ok()
}

/// A whole number, for counts and points.
pub fn integer(atom: &Atom<'_>) -> Option<i64> {
    match atom.kind {
        AtomKind::Number | AtomKind::Cell => atom.text.parse().ok(),
        _ => None,
    }
}

/// `w x h`, in cells or inches.
pub fn size(atom: &Atom<'_>) -> Option<(f64, f64)> {
    if atom.kind != AtomKind::Size {
        return None;
    }
    let text = atom.text.strip_suffix("in").unwrap_or(atom.text);
    let (w, h) = text.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// A point on a table, in inches from the left (`x`) and near (`y`) edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    /// `12x6in`, or `12x6` where the inches are implied (as in a placement).
    fn parse_text(text: &str) -> Option<Point> {
        let text = text.strip_suffix("in").unwrap_or(text);
        let (x, y) = text.split_once('x')?;
        let (x, y): (f64, f64) = (x.parse().ok()?, y.parse().ok()?);
        (x.is_finite() && y.is_finite()).then_some(Point { x, y })
    }
}

/// A point written as a size in inches: `12x6in`. A size without `in` is a grid
/// size, not a point.
pub fn point(atom: &Atom<'_>) -> Option<Point> {
    if atom.kind != AtomKind::Size || !atom.text.ends_with("in") {
        return None;
    }
    Point::parse_text(atom.text)
}

/// A place on the battlefield: a cell of a grid or a point on a table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Location {
    Cell(Cell),
    Point(Point),
}

impl Location {
    /// `0506` or `12x6in`, from raw text (annotations are not split into atoms).
    pub fn parse(text: &str) -> Option<Location> {
        match crate::atom::classify(text) {
            AtomKind::Cell => Cell::parse(text).map(Location::Cell),
            AtomKind::Size if text.ends_with("in") => Point::parse_text(text).map(Location::Point),
            _ => None,
        }
    }
}

/// `IX@0604`, `A@12x6in^90deg`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement<'s> {
    pub unit: &'s str,
    pub at: Location,
    /// A word, number or angle, as the ruleset reads it.
    pub facing: Option<&'s str>,
}

impl<'s> Placement<'s> {
    pub fn parse(atom: &Atom<'s>) -> Option<Placement<'s>> {
        if atom.kind != AtomKind::Placement {
            return None;
        }
        let (unit, rest) = split_once_ascii(atom.text, b'@')?;
        let (place, facing) = match split_once_ascii(rest, b'^') {
            Some((place, facing)) => (place, Some(facing)),
            None => (rest, None),
        };
        // A placement's point may leave out `in`: `A@12x6` is on a table too.
        let at = match Cell::parse(place) {
            Some(cell) => Location::Cell(cell),
            None => Location::Point(Point::parse_text(place)?),
        };
        Some(Placement { unit, at, facing })
    }
}

/// The key of `key=value`, without classifying its value.
pub fn key<'s>(atom: &Atom<'s>) -> Option<&'s str> {
    if atom.kind != AtomKind::Pair {
        return None;
    }
    split_once_ascii(atom.text, b'=').map(|(key, _)| key)
}

/// The value of `atom` when it is `key=value` for this `key`: the key is
/// compared before the value is classified, for lookups among many pairs.
pub fn value_of<'s>(atom: &Atom<'s>, key: &str) -> Option<Atom<'s>> {
    // The `=` right after the key is one byte to read: it turns away most
    // other keys before their bytes are compared.
    let bytes = atom.text.as_bytes();
    if bytes.get(key.len()) != Some(&b'=') || !bytes.starts_with(key.as_bytes()) {
        return None;
    }
    pair(atom).map(|(_, value)| value)
}

/// `key=value`: the key, and the value as an atom of its own kind.
pub fn pair<'s>(atom: &Atom<'s>) -> Option<(&'s str, Atom<'s>)> {
    if atom.kind != AtomKind::Pair {
        return None;
    }
    let (key, value) = split_once_ascii(atom.text, b'=')?;
    let start = atom.span.start + key.len() as u32 + 1;
    Some((
        key,
        Atom {
            kind: crate::atom::classify_value(value),
            text: value,
            span: crate::span::Span {
                start,
                end: atom.span.end,
            },
        },
    ))
}

/// A unit as named in an action: `VI`, or `Saxons.VI` with its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef<'s> {
    pub side: Option<&'s str>,
    pub id: &'s str,
}

impl<'s> UnitRef<'s> {
    pub fn parse(text: &'s str) -> UnitRef<'s> {
        match split_once_ascii(text, b'.') {
            Some((side, id)) if !side.is_empty() && !id.is_empty() => UnitRef {
                side: Some(side),
                id,
            },
            _ => UnitRef {
                side: None,
                id: text,
            },
        }
    }
}

/// `str::split_once` for an ASCII byte, by a plain loop: the values read
/// per action are a few bytes long, too short for the `char` searcher's
/// set-up to pay. (An ASCII byte is always a `char` boundary.)
pub fn split_once_ascii(text: &str, byte: u8) -> Option<(&str, &str)> {
    debug_assert!(byte.is_ascii());
    let at = text.bytes().position(|b| b == byte)?;
    Some((&text[..at], &text[at + 1..]))
}

/// `str::split` at an ASCII byte, by a plain loop, for the same reason as
/// [`split_once_ascii`]: a group of units is split on every action.
pub fn split_ascii(text: &str, byte: u8) -> impl Iterator<Item = &str> + '_ {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        Some(match split_once_ascii(text, byte) {
            Some((part, after)) => {
                rest = Some(after);
                part
            }
            None => {
                rest = None;
                text
            }
        })
    })
}

/// The units of a word or a `+` group.
pub fn unit_refs<'s>(atom: &Atom<'s>) -> impl Iterator<Item = UnitRef<'s>> + 's {
    let text = if atom.kind.is_actor() { atom.text } else { "" };
    split_ascii(text, b'+')
        .filter(|t| !t.is_empty())
        .map(UnitRef::parse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn atom(text: &str) -> Atom<'_> {
        Atom {
            kind: crate::atom::classify(text),
            text,
            span: Span::new(0, text.len()),
        }
    }

    /// Each cell of a chain comes with the span of its own four digits.
    #[test]
    fn each_cell_of_a_chain_has_its_span() {
        let text = "move 0101-0202-1110";
        let atom = Atom {
            kind: AtomKind::CellChain,
            text: &text[5..],
            span: Span::new(5, text.len()),
        };
        let spans: Vec<(String, &str)> = cell_spans(&atom)
            .map(|(cell, span)| {
                (
                    cell.to_string(),
                    &text[span.start as usize..span.end as usize],
                )
            })
            .collect();
        assert_eq!(
            spans,
            [
                ("0101".into(), "0101"),
                ("0202".into(), "0202"),
                ("1110".into(), "1110")
            ]
        );
        assert_eq!(
            cell_spans(&atom).map(|(c, _)| c).collect::<Vec<_>>(),
            cells(&atom).collect::<Vec<_>>()
        );
        assert_eq!(
            cell_spans(&atom_of_kind("0101-0202", AtomKind::Word)).count(),
            0
        );
    }

    /// A step is labelled on the two cells it joins, or on its one cell
    /// when it leaves from a start the path does not write.
    #[test]
    fn a_step_is_labelled_on_the_cells_it_joins() {
        let text = "move 0101-0202-1110";
        let atom = Atom {
            kind: AtomKind::CellChain,
            text: &text[5..],
            span: Span::new(5, text.len()),
        };
        let at = |index| {
            let span = step_span(&atom, index);
            &text[span.start as usize..span.end as usize]
        };
        assert_eq!(at(0), "0101");
        assert_eq!(at(1), "0101-0202");
        assert_eq!(at(2), "0202-1110");
        assert_eq!(at(3), "0101-0202-1110");
    }

    fn atom_of_kind(text: &str, kind: AtomKind) -> Atom<'_> {
        Atom {
            kind,
            text,
            span: Span::new(0, text.len()),
        }
    }

    proptest::proptest! {
        /// Dice results read as `str::parse::<u32>` reads each text between
        /// the `+`s, on digits, signs, letters, empty parts and overflow.
        #[test]
        fn dice_results_read_as_str_parse_reads_them(
            results in "[0-9+a-]{0,14}|[0-9]{9,11}(\\+[0-9]{1,11})?"
        ) {
            let dice = Dice { count: 1, sides: 6, results: &results };
            let expected: Vec<u32> =
                results.split('+').filter_map(|r| r.parse().ok()).collect();
            proptest::prop_assert_eq!(dice.results().collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn splits_at_an_ascii_byte_as_split_once_does() {
        for text in [
            "",
            "=",
            "a=b",
            "a=b=c",
            "é=ü",
            "Saxons.VI",
            "ab",
            "=x",
            "x=",
        ] {
            for byte in [b'=', b'.', b'@', b'^'] {
                assert_eq!(
                    split_once_ascii(text, byte),
                    text.split_once(char::from(byte)),
                    "{text:?} at {byte}"
                );
            }
        }
    }

    proptest::proptest! {
        /// `split_ascii` gives the parts `str::split` gives, empty ones and
        /// multi-byte letters included.
        #[test]
        fn splits_at_every_ascii_byte_as_split_does(text in "[a+.é]{0,8}") {
            for byte in [b'+', b'.'] {
                proptest::prop_assert_eq!(
                    split_ascii(&text, byte).collect::<Vec<_>>(),
                    text.split(char::from(byte)).collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn a_key_is_looked_up_without_classifying_the_value() {
        let melee = atom("melee=7");
        assert_eq!(key(&melee), Some("melee"));
        let seven = value_of(&melee, "melee").unwrap();
        assert_eq!(
            (seven.text, seven.kind, seven.span),
            ("7", AtomKind::Number, Span::new(6, 7))
        );
        assert_eq!(value_of(&melee, "mele"), None);
        assert_eq!(value_of(&melee, "defense"), None);
        // The same as `pair` for every key.
        for text in ["wall=8", "rally=0", "facing=2"] {
            let a = atom(text);
            let (k, v) = pair(&a).unwrap();
            assert_eq!((key(&a), value_of(&a, k)), (Some(k), Some(v)));
        }
        assert_eq!(key(&atom("melee")), None);
        assert_eq!(value_of(&atom("melee"), "melee"), None);
    }

    #[test]
    fn decodes_values() {
        assert_eq!(Cell::parse("0514"), Some(Cell { column: 5, row: 14 }));
        assert_eq!(Cell { column: 5, row: 14 }.to_string(), "0514");
        assert_eq!(cells(&atom("0506-0507-0608")).count(), 3);
        let dice = Dice::parse(&atom("2d6:3+5")).unwrap();
        assert_eq!((dice.count, dice.sides, dice.total()), (2, 6, 8));
        assert_eq!(Dice::parse(&atom("d20:14")).unwrap().count, 1);
        assert_eq!(number(&atom("2.5in")), Some(2.5));
        assert_eq!(number(&atom("-90deg")), Some(-90.0));
        assert_eq!(size(&atom("72x48in")), Some((72.0, 48.0)));
        let p = Placement::parse(&atom("A@12x6in^90deg")).unwrap();
        assert_eq!(
            (p.unit, p.at, p.facing),
            (
                "A",
                Location::Point(Point { x: 12.0, y: 6.0 }),
                Some("90deg")
            )
        );
        let (key, value) = pair(&atom("size=1000")).unwrap();
        assert_eq!((key, integer(&value)), ("size", Some(1000)));
        assert_eq!(point(&atom("2.5x30in")), Some(Point { x: 2.5, y: 30.0 }));
        assert_eq!(point(&atom("12x10")), None, "a grid size is no point");
        assert_eq!(
            Location::parse("0506"),
            Some(Location::Cell(Cell { column: 5, row: 6 }))
        );
        assert_eq!(
            Location::parse("12x6in"),
            Some(Location::Point(Point { x: 12.0, y: 6.0 }))
        );
        assert_eq!(Location::parse("12x6"), None);
        assert_eq!(Location::parse("05a6"), None);
        let refs: Vec<_> = unit_refs(&atom("I+Saxons.VI")).collect();
        assert_eq!(
            refs[1],
            UnitRef {
                side: Some("Saxons"),
                id: "VI"
            }
        );
    }

    proptest::proptest! {
        /// `value_of` answers as `pair` with its key compared.
        #[test]
        fn value_of_is_the_pair_of_that_key(
            head in proptest::sample::select(vec!["mod", "position", "damage", "crit", "dam", "d", ""]),
            tail in "[a-z]{0,2}(=[a-z0-9:=+]{0,6})?",
            kind in proptest::sample::select(vec![AtomKind::Pair, AtomKind::Word, AtomKind::Dice]),
            key in proptest::sample::select(vec!["mod", "position", "damage", "crit", "d", ""]),
        ) {
            let text = format!("{head}{tail}");
            let atom = Atom { kind, text: &text, span: Span::new(3, 3 + text.len()) };
            let by_pair = pair(&atom).filter(|(k, _)| *k == key).map(|(_, v)| v);
            proptest::prop_assert_eq!(value_of(&atom, key), by_pair);
            proptest::prop_assert_eq!(super::key(&atom), pair(&atom).map(|(k, _)| k));
        }
    }
}
