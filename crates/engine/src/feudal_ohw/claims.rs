//! The claims (`=> …`, SU.6, FO-R43) of the actions play resolves here:
//! shots, melee attacks, rallies and the side rolls. Each is checked
//! against the state the action's events left: `U hits=N` (the total
//! after), `U took=N` (this action's hits), the status words `removed`,
//! `tired`, `spent` and `attacked`, and a side name (the winner of an
//! initiative or zed roll). A wrong number is one finding that shows the
//! derivation and carries a fix writing the rules' number; the state
//! follows the rules, not the claim (FO-R60). Poses, `contact=` and
//! `dist=` are movement's claims and left to it.

use senlac_notation::lower::Action;
use senlac_notation::value::{UnitRef, pair};
use senlac_notation::{Atom, AtomKind, Fix};

use super::play::broken;
use super::state::State;
use super::{Fold, codes, rules};
use crate::violation::Violation;

/// What an action did that its claims may state.
#[derive(Debug, Default)]
pub struct Told {
    /// The hits each unit took in this action.
    pub took: Vec<(usize, u16)>,
    /// How each unit's hits were found, in words (`hits.rs`'s
    /// explanations), for the finding of a wrong claim.
    pub why: Vec<(usize, String)>,
    /// The side an initiative or zed roll-off made the winner.
    pub winner: Option<usize>,
    /// How the roll-off was decided, in words.
    pub verdict: String,
}

/// Checks every claim of `action`, whose actor is of side `acting`.
pub fn check(
    fold: &Fold<'_>,
    action: &Action<'_, '_>,
    acting: usize,
    told: &Told,
    out: &mut Vec<Violation>,
) {
    let Some(items) = action.outcome() else {
        return;
    };
    let mut subject: Option<usize> = None;
    for atom in items {
        match atom.kind {
            AtomKind::Word => {
                if let Some(side) = fold.roster.sides.iter().position(|s| s == atom.text) {
                    winner(fold, atom, side, told, out);
                } else if let Some(unit) = unit(fold, atom.text, acting) {
                    subject = Some(unit);
                } else if let Some(unit) = subject.filter(|_| is_status(atom.text)) {
                    status(fold, atom, unit, out);
                } else {
                    unknown(atom, out);
                }
            }
            AtomKind::Pair => match (pair(atom), subject) {
                (Some(("hits" | "took", _)), Some(unit)) => number(fold, atom, unit, told, out),
                // Movement's claims, checked by movement when its own.
                (Some(("contact" | "dist" | "marked", _)), _) => {}
                _ => unknown(atom, out),
            },
            // A pose: movement's claim.
            AtomKind::Placement => {}
            _ => unknown(atom, out),
        }
    }
}

const STATUS: [&str; 4] = ["removed", "tired", "spent", "attacked"];

fn is_status(word: &str) -> bool {
    STATUS.contains(&word)
}

/// A claim's unit: qualified by its side, or looked up on the other side
/// first and then the acting side (FO-R43).
fn unit(state: &State, text: &str, acting: usize) -> Option<usize> {
    let r = UnitRef::parse(text);
    if let Some(side) = r.side {
        let side = state.roster.sides.iter().position(|s| s == side)?;
        return state.roster.unit(side, r.id);
    }
    let other = (0..state.roster.sides.len()).find(|&s| s != acting);
    other
        .and_then(|s| state.roster.unit(s, r.id))
        .or_else(|| state.roster.unit(acting, r.id))
}

fn unknown(atom: &Atom<'_>, out: &mut Vec<Violation>) {
    out.push(
        Violation::of(
            &codes::UNKNOWN_CLAIM,
            atom.span,
            format!(
                "`{}` is no claim Feudal reads: `U hits=N`, `U took=N`, `U removed`, `U tired`, `U spent`, `U attacked`, a pose or a side",
                atom.text
            ),
            rules::CLAIM_OUTCOME,
        )
        .label("unread claim"),
    );
}

/// `U hits=N` or `U took=N`.
fn number(fold: &Fold<'_>, atom: &Atom<'_>, unit: usize, told: &Told, out: &mut Vec<Violation>) {
    let Some((key, value)) = pair(atom) else {
        return;
    };
    let actual = if key == "hits" {
        u16::from(fold.units[unit].hits)
    } else {
        (told.took.iter())
            .filter(|(u, _)| *u == unit)
            .map(|(_, t)| *t)
            .sum()
    };
    let claimed = value.text.parse::<u16>().ok();
    if claimed == Some(actual) {
        return;
    }
    let why = told
        .why
        .iter()
        .find(|(u, _)| *u == unit)
        .map(|(_, w)| format!("{w}; "))
        .unwrap_or_default();
    let what = if key == "hits" {
        format!("{} has {actual} hits", fold.name(unit))
    } else {
        format!("{} took {actual} hits", fold.name(unit))
    };
    out.push(
        Violation::of(
            &codes::WRONG_HITS,
            atom.span,
            format!("{why}{what}; the log claims {}", value.text),
            rules::CLAIM_HITS,
        )
        .label(format!("{key}={actual}"))
        .fix(Fix::new(
            atom.span,
            format!("{key}={actual}"),
            format!("write `{key}={actual}`"),
        )),
    );
}

/// `U removed`, `U tired`, `U spent`, `U attacked`.
fn status(fold: &Fold<'_>, atom: &Atom<'_>, unit: usize, out: &mut Vec<Violation>) {
    let u = &fold.units[unit];
    let (holds, not) = match atom.text {
        // A unit awaiting removal at the end of the phase counts (1.5).
        "removed" => (
            u.removed.is_some() || (fold.on_table(unit) && broken(fold, unit)),
            format!(
                "{} has {} hits and stays on the table",
                fold.name(unit),
                u.hits
            ),
        ),
        "tired" => (
            u.tired,
            format!("{} has {} hits and is not tired", fold.name(unit), u.hits),
        ),
        "spent" => (
            u.out_of_missiles,
            format!(
                "{} has shot {} times and has missiles left",
                fold.name(unit),
                u.shots
            ),
        ),
        _ => (
            u.attacked,
            format!("{} carries no attacked marker", fold.name(unit)),
        ),
    };
    if holds {
        return;
    }
    out.push(
        Violation::of(
            &codes::WRONG_OUTCOME,
            atom.span,
            format!("{not}: the log claims it {}", atom.text),
            rules::CLAIM_OUTCOME,
        )
        .label(format!("not {}", atom.text)),
    );
}

/// A side named as a roll-off's winner.
fn winner(fold: &Fold<'_>, atom: &Atom<'_>, side: usize, told: &Told, out: &mut Vec<Violation>) {
    let Some(won) = told.winner else {
        unknown(atom, out);
        return;
    };
    if won == side {
        return;
    }
    let name = fold.roster.sides[won].clone();
    out.push(
        Violation::of(
            &codes::WRONG_OUTCOME,
            atom.span,
            format!("{}: the {name} win, not the {}", told.verdict, atom.text),
            rules::CLAIM_OUTCOME,
        )
        .label(format!("{name} win"))
        .fix(Fix::new(atom.span, name.clone(), format!("write `{name}`"))),
    );
}
