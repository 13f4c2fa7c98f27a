//! Morale checks (9.6; HS-R11, HS-R22): `UNIT morale d6:N => STATUS`, owed
//! by what calls for one (an M result, a friend routed through or next to
//! it, a knight's check). One die on the Morale Table by the unit's
//! morale letter; a knight's check reads a rout as a disruption (9.6.2),
//! a check next to a routed friend ignores a disruption (9.6.4).

use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{Dice, UnitRef};
use senlac_notation::{Atom, AtomKind};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::{Check, Event};
use super::rules;
use super::state::{Owed, Piece, Standing};
use super::tables::{self, MoraleResult, Side};
use crate::violation::Violation;

/// `UNIT morale d6:N [=> UNIT STATUS]`.
pub fn line(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some((index, rout_is_disruption, disruption_ignored, by)) =
        fold.owed.iter().enumerate().find_map(|(i, o)| match *o {
            Owed::Morale {
                piece: p,
                rout_is_disruption,
                disruption_ignored,
                by,
                ..
            } if p == piece => Some((i, rout_is_disruption, disruption_ignored, by)),
            _ => None,
        })
    else {
        out.push(Violation::of(
            &codes::ACTION_NOT_OWED,
            action.span,
            format!("{} owes no morale check here", fold.name(piece)),
            rules::MORALE,
        ));
        // A check not owed most often lost its cause line: the status it
        // claims stands as written, and a rout it claims is owed, so the
        // lines that follow from it are not found wrong as well.
        as_claimed(fold, piece, action);
        return;
    };
    fold.emit(Event::Paid(index));
    let dice: SmallVec<[&Atom<'_>; 2]> = action
        .args()
        .iter()
        .filter(|a| a.kind == AtomKind::Dice)
        .collect();
    let face = match dice.first().and_then(|a| Dice::parse(a)) {
        Some(d) if d.count == 1 && d.sides == 6 && (1..=6).contains(&d.total()) => d.total() as u8,
        _ => {
            out.push(Violation::of(
                if dice.is_empty() {
                    &codes::MISSING_ROLL
                } else {
                    &codes::WRONG_DICE
                },
                dice.first().map_or(action.span, |a| a.span),
                "a morale check rolls one die: `d6:N`",
                rules::DICE,
            ));
            return;
        }
    };
    let Some(Piece::Unit(factors)) = fold.info(piece).map(|i| i.piece) else {
        return;
    };
    let Some(printed) = tables::morale(factors.grade, face) else {
        return;
    };
    let result = match printed {
        MoraleResult::Routed if rout_is_disruption => MoraleResult::Disrupted,
        MoraleResult::Disrupted if disruption_ignored => MoraleResult::NoEffect,
        other => other,
    };
    let before = fold.pieces[piece].standing;
    let after = match (result, before) {
        (MoraleResult::Routed, Standing::Good | Standing::Disrupted | Standing::Routed) => {
            Standing::Routed
        }
        (MoraleResult::Disrupted, Standing::Good) => Standing::Disrupted,
        (_, standing) => standing,
    };
    fold.emit(Event::Rolled {
        piece,
        check: Check::Morale,
        die: face,
        result: result.symbol(),
    });
    let said = claimed(fold, action);
    let mut played = after;
    if let Some((word, span)) = said {
        let claimed = match word {
            "ok" => Standing::Good,
            "disrupted" => Standing::Disrupted,
            "routed" => Standing::Routed,
            _ => after,
        };
        if claimed != after {
            // Which the log went on from, the roll's result or the claim's,
            // its next line tells: a rout, or none (HS-R65).
            let routs = |standing| standing == Standing::Routed;
            if routs(after) != routs(claimed) && rout_follows(fold, piece) != routs(after) {
                played = claimed;
            }
            // No effect leaves a disrupted or routed unit as it was: the
            // claim names that status, not the result.
            let stays = match (result, after) {
                (MoraleResult::NoEffect, Standing::Disrupted) => Some("disrupted"),
                (MoraleResult::NoEffect, Standing::Routed) => Some("routed"),
                _ => None,
            };
            let mut violation = Violation::of(
                &codes::MORALE_MISMATCH,
                span,
                format!(
                    "{}, morale {}, rolls {face}: {}{}{}; the log says {word}",
                    fold.name(piece),
                    factors.grade.letter(),
                    printed.symbol(),
                    match (printed, result) {
                        (p, r) if p == r => String::new(),
                        (_, r) => format!(", read as {}", r.symbol()),
                    },
                    stays.map_or(String::new(), |s| format!(
                        ", no effect, so the unit stays {s}"
                    )),
                ),
                rules::MORALE,
            );
            if let Some(status) = stays {
                violation = violation.help(format!(
                    "a check claims the unit's status after it: `{status}`"
                ));
            }
            out.push(violation);
        }
    }
    if played != before {
        fold.emit(Event::Standing {
            piece,
            standing: played,
        });
    }
    // A rout retreats three hexes at once, and another sends a routed unit
    // three more (9.2.3, 9.2.3.7).
    let owes_rout = if played == after {
        result == MoraleResult::Routed
    } else {
        played == Standing::Routed
    };
    if owes_rout {
        let pursuers: SmallVec<[usize; 4]> = by.into_iter().flatten().collect();
        super::rout::owe(fold, piece, &pursuers, action.span);
    }
}

/// A check not owed, played as its claim says: `disrupted` disrupts a good
/// unit; `routed` routs it and owes its rout.
fn as_claimed(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>) {
    let before = fold.pieces[piece].standing;
    let claimed = match claimed(fold, action) {
        Some(("routed", _)) => Standing::Routed,
        Some(("disrupted", _)) if before == Standing::Good => Standing::Disrupted,
        _ => return,
    };
    if claimed == before {
        return;
    }
    fold.emit(Event::Standing {
        piece,
        standing: claimed,
    });
    if claimed == Standing::Routed {
        super::rout::owe(fold, piece, &[], action.span);
    }
}

/// Whether the log writes `piece`'s rout next, past the consequences other
/// pieces owe (their checks, routs and pursuits, a leader's escape or
/// casualty roll), which a line may owe several of at once.
fn rout_follows(fold: &Fold<'_>, piece: usize) -> bool {
    let mut routs = false;
    fold.read_on(&mut |step| {
        let Step::Action(next) = step else {
            return true;
        };
        let verb = next.verb().text;
        let ours = fold
            .roster
            .pieces_named(&UnitRef::parse(next.actor().text))
            .contains(&piece);
        routs = ours && verb == "rout";
        ours || super::catalog::line(verb).is_none_or(|l| l.who != super::catalog::Who::Owed)
    });
    routs
}

/// The status word a check's claim gives its unit, and where.
fn claimed<'s>(
    state: &super::state::State,
    action: &Action<'_, 's>,
) -> Option<(&'s str, senlac_notation::Span)> {
    let outcome = action.outcome()?;
    outcome.iter().find_map(|a| {
        let status = matches!(a.text, "ok" | "disrupted" | "routed");
        let named = Side::ALL
            .into_iter()
            .any(|s| state.roster.piece(s, a.text).is_some());
        (status && !named).then_some((a.text, a.span))
    })
}
