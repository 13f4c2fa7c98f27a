//! The dice of a line: its d20 (RESOLVE-1), the luck that rerolls it or
//! makes it critical (RESOLVE-2..4), and its `key=N` pairs.

use senlac_notation::value::{self, Dice};
use senlac_notation::{Atom, AtomKind, Span};

use crate::tdgs::codes;
use crate::tdgs::rules;
use crate::tdgs::tables;
use crate::violation::Violation;

/// The `key=N` pairs of a line, summed by key.
pub(super) fn pair_number(args: &[Atom<'_>], key: &str) -> Option<(i64, Span)> {
    args.iter()
        .find_map(|a| value::integer(&value::value_of(a, key)?).map(|n| (n, a.span)))
}

/// The d20 of a line (RESOLVE-1).
pub(super) fn die(args: &[Atom<'_>], span: Span, out: &mut Vec<Violation>) -> Option<(i32, Span)> {
    // A second die is `tdgs::extra-argument`'s (TDGS-R52); the first is read.
    let Some(atom) = args.iter().find(|a| a.kind == AtomKind::Dice) else {
        out.push(Violation::of(
            &codes::ROLL_MISSING,
            span,
            "the line must record its d20, as `d20:14`",
            rules::RESOLUTION,
        ));
        return None;
    };
    match Dice::parse(atom).map(|d| (d, d.total())) {
        Some((d, total)) if d.count == 1 && d.sides == 20 && (1..=20).contains(&total) => {
            Some((total as i32, atom.span))
        }
        _ => {
            out.push(Violation::of(
                &codes::BAD_ROLL,
                atom.span,
                format!("`{}` is not one d20 showing 1 to 20", atom.text),
                rules::RESOLUTION,
            ));
            None
        }
    }
}

/// The die of a `key=dN:M` pair (`crit=d4:3`), and where the pair stands.
pub(super) fn pair_die(args: &[Atom<'_>], key: &str) -> Option<(Option<i32>, Span)> {
    args.iter().find_map(|a| {
        let v = value::value_of(a, key)?;
        Some((Dice::parse(&v).map(|d| d.total() as i32), a.span))
    })
}

/// The d20 resolved with the roller's luck (RESOLVE-2..4): LUK +10's one
/// `reroll=d20:N` of a natural 1, and `crit=d4:N` only on a natural 1 or 20.
pub(super) fn roll(
    face: i32,
    die_span: Span,
    delta: i32,
    luk: i32,
    args: &[Atom<'_>],
    out: &mut Vec<Violation>,
) -> Option<tables::Resolution> {
    if let Some((_, at)) = pair_die(args, "crit")
        && face != 1
        && face != 20
    {
        out.push(Violation::of(
            &codes::CRIT_WITHOUT_NATURAL,
            at,
            format!("the die shows {face}: a critical needs a natural 1 or 20"),
            rules::CRITICAL,
        ));
        return None;
    }
    let reroll = pair_die(args, "reroll");
    match tables::success(face, delta, luk, reroll.and_then(|(n, _)| n)) {
        Ok(resolution) => Some(resolution),
        Err(tables::RollError::RerollNotAllowed) => {
            out.push(Violation::of(
                &codes::REROLL_NOT_ALLOWED,
                reroll.map_or(die_span, |(_, at)| at),
                format!(
                    "only LUK +10 rerolls, and only a natural 1; the die shows {face} at LUK {luk}"
                ),
                rules::LUCK,
            ));
            None
        }
        Err(_) => {
            out.push(Violation::of(
                &codes::BAD_ROLL,
                die_span,
                "this d20 cannot be resolved",
                rules::RESOLUTION,
            ));
            None
        }
    }
}
