//! The rally segment (9.5, 10.3.2, 10.3.3; HS-R31, HS-R32): `UNIT rally
//! [d6:N] => UNIT rallied|disrupted`. A disrupted unit rolls once on the
//! Rally Table, one less with an effective friendly leader in rally range;
//! a routed unit in such a leader's range rallies without a roll, and one
//! out of every range owes its withdrawal, two hexes to the rear.

use senlac_board::hex;
use senlac_notation::lower::Action;
use senlac_notation::value::Dice;
use senlac_notation::{AtomKind, Span};

use super::Fold;
use super::codes;
use super::event::{Check, Event};
use super::rules;
use super::state::{LeaderStanding, Part, PhaseFlags, Piece, Standing, State};
use super::tables::{self, Side};
use crate::violation::Violation;

/// The leaders who rally any unit of their army (10.1.3): William, by the
/// first word of his name (HS-R61); Saxon leaders rally any Saxon unit.
const WILLIAM: &str = "William";

/// What a roll on the Rally Table reads ([`Event::Rolled`]'s result).
pub const RALLIED: &str = "rallied";
pub const STILL_DISRUPTED: &str = "still disrupted";

/// An effective friendly leader who may rally `unit` and has it within his
/// rally range (10.1.2: 0 is his own hex; one less once wounded, HS-R31).
pub fn leader_in_range(state: &State, unit: usize) -> Option<usize> {
    let at = state.pieces[unit].at?;
    let info = state.info(unit)?;
    (0..state.pieces.len()).find(|&l| {
        let Some(leader) = state.info(l) else { return false };
        let Piece::Leader(ratings) = leader.piece else {
            return false;
        };
        let effective = state.pieces[l].leader == LeaderStanding::Effective;
        let may = leader.side == info.side
            && (leader.side == Side::Saxons
                || super::setup::first_word(&leader.name) == WILLIAM
                || matches!((leader.part, info.part), (Some(Part::Nation(a)), Some(Part::Nation(b))) if a == b));
        let range = ratings.in_force(state.pieces[l].wounded_once).rally;
        effective
            && may
            && state.pieces[l]
                .at
                .is_some_and(|c| hex::distance(c, at, state.roster.parity) <= range)
    })
}

/// `UNIT rally [d6:N] [=> …]`.
pub fn line(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if fold.pieces[piece].phase.rallied {
        out.push(Violation::of(
            &codes::RALLY_TWICE,
            action.span,
            format!("{} has tried to rally in this segment", fold.name(piece)),
            rules::RALLY,
        ));
        return;
    }
    mark(fold, piece);
    let die = action.args().iter().find(|a| a.kind == AtomKind::Dice);
    let leader = leader_in_range(fold, piece);
    match fold.pieces[piece].standing {
        Standing::Routed => routed(fold, piece, leader, die.map(|d| d.span), action, out),
        Standing::Disrupted => {
            let Some(atom) = die else {
                out.push(Violation::of(
                    &codes::MISSING_ROLL,
                    action.span,
                    "a disrupted unit rolls to rally: `d6:N`",
                    rules::DICE,
                ));
                return;
            };
            let face = match Dice::parse(atom) {
                Some(d) if d.count == 1 && d.sides == 6 && (1..=6).contains(&d.total()) => {
                    d.total() as u8
                }
                _ => {
                    out.push(Violation::of(
                        &codes::WRONG_DICE,
                        atom.span,
                        format!("`{}` is not one d6", atom.text),
                        rules::DICE,
                    ));
                    return;
                }
            };
            let Some(Piece::Unit(f)) = fold.info(piece).map(|i| i.piece) else {
                return;
            };
            let rallied = tables::rallies(f.grade, face, leader.is_some()) == Some(true);
            fold.emit(Event::Rolled {
                piece,
                check: Check::Rally,
                die: face,
                result: if rallied { RALLIED } else { STILL_DISRUPTED },
            });
            claim(
                fold,
                piece,
                action,
                rallied,
                std::fmt::from_fn(|w| {
                    write!(w, "morale {} rolls {face}", f.grade.letter())?;
                    if let Some(l) = leader {
                        write!(w, ", − 1 with {} in range", fold.name(l))?;
                    }
                    let result = if rallied {
                        "rallied"
                    } else {
                        "still disrupted"
                    };
                    write!(w, ": {result}")
                }),
                out,
            );
            if rallied {
                fold.emit(Event::Standing {
                    piece,
                    standing: Standing::Good,
                });
            }
        }
        _ => out.push(Violation::of(
            &codes::RALLY_MISMATCH,
            action.span,
            format!(
                "{} is neither disrupted nor routed: nothing to rally",
                fold.name(piece)
            ),
            rules::RALLY,
        )),
    }
}

/// A routed unit rallies without a roll in an effective leader's range;
/// out of every range it owes its withdrawal (9.5.3, 9.2.3.6).
fn routed(
    fold: &mut Fold<'_>,
    piece: usize,
    leader: Option<usize>,
    die: Option<Span>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if let Some(span) = die {
        out.push(Violation::of(
            &codes::UNEXPECTED_ROLL,
            span,
            "a routed unit rolls no die: it rallies in a leader's range, else withdraws",
            rules::AUTOMATIC_RALLY,
        ));
        return;
    }
    match leader {
        Some(l) => {
            let message =
                std::fmt::from_fn(|w| write!(w, "{} rallies it without a roll", fold.name(l)));
            claim(fold, piece, action, true, message, out);
            fold.emit(Event::Standing {
                piece,
                standing: Standing::Good,
            });
        }
        None => {
            out.push(
                Violation::of(
                    &codes::RALLY_NOT_IN_RANGE,
                    action.span,
                    format!(
                        "no effective friendly leader has {} within his rally range: it withdraws two hexes instead",
                        fold.name(piece)
                    ),
                    rules::AUTOMATIC_RALLY,
                )
                .help(format!(
                    "write `{} withdraw PATH facing=F`",
                    fold.info(piece).map_or("", |i| i.id.as_str())
                )),
            );
        }
    }
}

/// The claim `=> UNIT rallied|disrupted|routed` against the result.
fn claim(
    state: &State,
    piece: usize,
    action: &Action<'_, '_>,
    rallied: bool,
    how: impl std::fmt::Display,
    out: &mut Vec<Violation>,
) {
    let Some(outcome) = action.outcome() else {
        return;
    };
    for atom in outcome {
        let holds = match atom.text {
            "rallied" | "ok" => rallied,
            "disrupted" | "routed" => !rallied,
            _ => continue,
        };
        if !holds {
            out.push(Violation::of(
                &codes::RALLY_MISMATCH,
                atom.span,
                format!("{how}; {} is not {}", state.name(piece), atom.text),
                rules::RALLY,
            ));
        }
    }
}

/// Notes that `piece` has had its turn in the rally segment.
pub fn mark(fold: &mut Fold<'_>, piece: usize) {
    fold.emit(Event::Acted {
        piece,
        flags: PhaseFlags {
            rallied: true,
            ..PhaseFlags::default()
        },
    });
}

/// When the rally segment closes (at `span`): every routed unit of the
/// phasing side out of every leader's range has withdrawn (9.5.3,
/// 9.2.3.6).
pub fn close(fold: &Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    let Some(phasing) = fold.phasing else { return };
    for p in 0..fold.pieces.len() {
        let owes = fold.info(p).is_some_and(|i| i.side == phasing)
            && fold.pieces[p].standing == Standing::Routed
            && fold.pieces[p].at.is_some()
            && !fold.pieces[p].phase.rallied
            && leader_in_range(fold, p).is_none();
        if owes {
            out.push(
                Violation::of(
                    &codes::WITHDRAW_MISSING,
                    span,
                    format!(
                        "{} is routed and no leader can rally it: it withdraws two hexes to the rear in the rally segment",
                        fold.name(p)
                    ),
                    rules::WITHDRAWAL,
                )
                .help(format!(
                    "write `{} withdraw PATH facing=F` under `rally:`",
                    fold.info(p).map_or("", |i| i.id.as_str())
                )),
            );
        }
    }
}
