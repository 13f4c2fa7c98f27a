//! Morale checks (9.6.1, 9.6.6; HS-R11), as far as fire needs them: the
//! owed line `UNIT morale d6:N [=> STATUS]` that pays a check a fire's M
//! result owes (7.1.6). One die on the Morale Table by the unit's grade; a
//! knight's check under 9.6.2 reads a rout as a disruption, and a check
//! under 9.6.4 ignores a disruption (HS-R22), as the debt says. A D
//! disrupts a unit in good order (a disrupted or routed one stays as it
//! is, 9.2.2.2, 9.2.3.7); an R routes it. The claim is the check's result:
//! `ok`, `disrupted` or `routed` (`morale-mismatch`).
//!
//! A minimal handler, built with fire so that a fire's checks can be
//! written out. Still to come with the rest of the queue (spec 1.4): a
//! morale line that nothing owes is not checked here at all, since most of
//! what owes checks (melee, reaction, routs, a fallen commander) is not
//! played yet, and so are the queue's own findings (`owed-action-missing`,
//! `action-not-owed`); a rout records the Routed standing, but the retreat
//! it owes (9.2.3) is not asked for yet.

use senlac_notation::lower::Action;
use senlac_notation::value::Dice;
use senlac_notation::{Atom, AtomKind, Span};

use super::codes;
use super::event::Event;
use super::fire::piece_named;
use super::play::Emit;
use super::state::{Owed, Standing};
use super::tables::{self, MoraleResult};
use crate::violation::Violation;

/// What the morale findings cite.
mod cite {
    pub const CHECK: &str = "hastings-1066-st 9.6.1, 9.6.6 (the Morale Check Table); docs/rules/hastings-1066-st.md HS-R11";
    pub const DICE: &str =
        "hastings-1066-st 9.6.1 (one die); docs/rules/hastings-1066-st.md HS-R42";
    pub const CLAIMS: &str = "hastings-1066 spec 5.1 (`UNIT morale d6:N => ok|disrupted|routed`)";
}

/// `morale`: pays the morale check owed to the unit, if one is.
pub fn morale(fold: &mut impl Emit, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let actor = action.actor();
    let Some(piece) = piece_named(fold, actor.text, actor.span, out) else {
        return;
    };
    let Some(index) = fold
        .owed
        .iter()
        .position(|o| matches!(*o, Owed::Morale { piece: p, .. } if p == piece))
    else {
        return;
    };
    let Owed::Morale {
        rout_is_disruption,
        disruption_ignored,
        ..
    } = fold.owed[index]
    else {
        return;
    };
    let grade = fold.info(piece).and_then(|p| p.factors()).map(|f| f.grade);
    let dice: Vec<&Atom<'_>> = action
        .args()
        .iter()
        .filter(|a| a.kind == AtomKind::Dice)
        .collect();
    let die = match dice.as_slice() {
        [atom] => {
            let face = Dice::parse(atom)
                .filter(|d| d.count == 1 && d.sides == 6)
                .and_then(|d| u8::try_from(d.total()).ok())
                .filter(|n| (1..=6).contains(n));
            if face.is_none() {
                out.push(wrong_dice(atom.span, atom.text));
            }
            face
        }
        [] => {
            out.push(
                Violation::of(
                    &codes::MISSING_ROLL,
                    action.span,
                    format!("{}'s morale check needs its die", fold.name(piece)),
                    cite::DICE,
                )
                .help("write `d6:N`"),
            );
            None
        }
        [first, .., last] => {
            out.push(wrong_dice(first.span.cover(last.span), "more than one die"));
            None
        }
    };
    // The debt is paid by the line, even one whose die is wrong: one
    // mistake, one error.
    let (Some(grade), Some(die)) = (grade, die) else {
        fold.emit(Event::Paid(index));
        return;
    };
    let Some(rolled) = tables::morale(grade, die) else {
        fold.emit(Event::Paid(index));
        return;
    };
    let mut result = rolled;
    let mut why = String::new();
    if rout_is_disruption && result == MoraleResult::Routed {
        result = rolled.rout_as_disruption();
        why.push_str(", a knight's rout read as a disruption (9.6.2)");
    }
    if disruption_ignored && result == MoraleResult::Disrupted {
        result = MoraleResult::NoEffect;
        why.push_str(", the disruption ignored (9.6.4)");
    }
    let standing = fold.pieces[piece].standing;
    match result {
        MoraleResult::NoEffect => {}
        MoraleResult::Disrupted => {
            if standing == Standing::Good {
                fold.emit(Event::Standing {
                    piece,
                    standing: Standing::Disrupted,
                });
            }
        }
        MoraleResult::Routed => {
            if matches!(standing, Standing::Good | Standing::Disrupted) {
                fold.emit(Event::Standing {
                    piece,
                    standing: Standing::Routed,
                });
            }
        }
    }
    fold.emit(Event::Paid(index));
    let Some(claims) = action.outcome() else {
        return;
    };
    for atom in claims {
        let claimed = match atom.kind {
            AtomKind::Word => MoraleResult::parse(atom.text),
            _ => None,
        };
        match claimed {
            Some(claimed) if claimed == result => {}
            Some(_) => out.push(
                Violation::of(
                    &codes::MORALE_MISMATCH,
                    atom.span,
                    format!(
                        "{}, morale {}, rolls {die}: {}{why}; the log says {}",
                        fold.name(piece),
                        grade.letter(),
                        result.symbol(),
                        atom.text
                    ),
                    cite::CHECK,
                )
                .label(format!("actually {}", result.word())),
            ),
            // The unit may be named before its result.
            None if atom.kind == AtomKind::Word
                && piece_named(fold, atom.text, atom.span, &mut Vec::new()) == Some(piece) => {}
            None => out.push(
                Violation::of(
                    &codes::UNKNOWN_CLAIM,
                    atom.span,
                    format!("cannot check the claim `{}`", atom.text),
                    cite::CLAIMS,
                )
                .help("a morale check claims its result: `=> HC2 ok`, `disrupted` or `routed`"),
            ),
        }
    }
}

fn wrong_dice(span: Span, text: &str) -> Violation {
    Violation::of(
        &codes::WRONG_DICE,
        span,
        format!("`{text}`: a morale check rolls one six-sided die"),
        cite::DICE,
    )
    .help("write `d6:N`, N from 1 to 6")
}
