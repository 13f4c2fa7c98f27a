//! Leader casualties (10.4, 10.5; HS-R31, HS-R33): `LEADER casualty
//! 2d6:a+b [d6:N] => LEADER RESULT`, owed by each leader in a hex whose
//! combat unit took a "1", read on the Fire or the Melee column. A second
//! wound kills; a shaken leader shaken again rolls one die (1-3 killed);
//! when William or Harold is wounded or killed, every friendly unit within
//! his command radius checks morale (10.4.5).

use senlac_board::hex;
use senlac_notation::lower::Action;
use senlac_notation::value::Dice;
use senlac_notation::{AtomKind, Span};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::{Check, Event};
use super::rules;
use super::setup::first_word;
use super::state::{LeaderStanding, Owed};
use super::tables::{self, Attack, LeaderResult};
use crate::violation::Violation;

/// The commanders whose wound or death shakes their army (10.4.5), by the
/// first word of their names (HS-R61).
const COMMANDERS: [&str; 2] = ["William", "Harold"];

/// Owes a casualty roll to every leader in `unit`'s hex (10.4.1).
pub fn owe_for(fold: &mut Fold<'_>, unit: usize, attack: Attack, cause: Span) {
    let Some(at) = fold.pieces.get(unit).and_then(|p| p.at) else {
        return;
    };
    let leaders: SmallVec<[usize; 4]> = (0..fold.pieces.len())
        .filter(|&l| {
            l != unit
                && fold.pieces[l].at == Some(at)
                && fold.info(l).is_some_and(|i| i.is_leader())
        })
        .collect();
    for leader in leaders {
        fold.emit(Event::Owe(Owed::Casualty {
            leader,
            attack,
            cause,
        }));
    }
}

/// `LEADER casualty 2d6:a+b [d6:N] [=> LEADER RESULT]`.
pub fn line(fold: &mut Fold<'_>, leader: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some((index, attack)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        Owed::Casualty {
            leader: l, attack, ..
        } if *l == leader => Some((i, *attack)),
        _ => None,
    }) else {
        out.push(Violation::of(
            &codes::ACTION_NOT_OWED,
            action.span,
            format!("{} owes no casualty roll here", fold.name(leader)),
            rules::LEADER_CASUALTIES,
        ));
        return;
    };
    fold.emit(Event::Paid(index));
    let dice: SmallVec<[Dice; 2]> = action
        .args()
        .iter()
        .filter(|a| a.kind == AtomKind::Dice)
        .filter_map(Dice::parse)
        .collect();
    let Some(two) = dice.first().filter(|d| d.count == 2 && d.sides == 6) else {
        out.push(Violation::of(
            &codes::WRONG_DICE,
            action.span,
            "a casualty roll is two dice: `2d6:a+b`",
            rules::DICE,
        ));
        return;
    };
    let total = u8::try_from(two.total()).unwrap_or(0);
    let Some(mut result) = tables::leader_casualty(attack, total) else {
        return;
    };
    let now = fold.pieces[leader].leader;
    // Shaken again: one die, 1-3 killed (footnote 3).
    if result == LeaderResult::Shaken && now == LeaderStanding::Shaken {
        let Some(again) = dice.get(1).filter(|d| d.count == 1 && d.sides == 6) else {
            out.push(Violation::of(
                &codes::MISSING_ROLL,
                action.span,
                "a shaken leader shaken again rolls one die more: `d6:N` (1-3 killed)",
                rules::LEADER_CASUALTIES,
            ));
            return;
        };
        result = tables::shaken_again(u8::try_from(again.total()).unwrap_or(0))
            .unwrap_or(LeaderResult::Unharmed);
    }
    // A second wound kills (10.4.4).
    let wounded_before = fold.pieces[leader].wounded_once || now == LeaderStanding::Wounded;
    if matches!(result, LeaderResult::Wounded1 | LeaderResult::Wounded2) && wounded_before {
        result = LeaderResult::Killed;
    }
    if let Some(claimed) = action
        .outcome()
        .and_then(|o| o.iter().find(|a| RESULT_WORDS.contains(&a.text)))
        && claimed.text != result.word()
    {
        out.push(Violation::of(
            &codes::LEADER_CASUALTY_MISMATCH,
            claimed.span,
            format!(
                "2d6 {total} on the {} column gives {}; the log says {}",
                if attack == Attack::Fire {
                    "Fire"
                } else {
                    "Melee"
                },
                result.word(),
                claimed.text
            ),
            rules::LEADER_CASUALTIES,
        ));
    }
    fold.emit(Event::Rolled {
        piece: leader,
        check: Check::Casualty,
        die: total,
        result: result.word(),
    });
    apply(fold, leader, result, action.span);
}

const RESULT_WORDS: [&str; 5] = ["killed", "wounded-1", "wounded-2", "shaken", "unharmed"];

fn apply(fold: &mut Fold<'_>, leader: usize, result: LeaderResult, cause: Span) {
    let standing = match result {
        LeaderResult::Killed => Some(LeaderStanding::Killed),
        LeaderResult::Wounded2 => Some(LeaderStanding::Wounded),
        LeaderResult::Shaken => Some(LeaderStanding::Shaken),
        LeaderResult::Wounded1 | LeaderResult::Unharmed => None,
    };
    let turn = fold.turn;
    // His radius is measured from where he stood, before he is removed.
    let falls = matches!(
        result,
        LeaderResult::Killed | LeaderResult::Wounded1 | LeaderResult::Wounded2
    );
    if falls {
        commander_falls(fold, leader, cause);
    }
    match (result, standing) {
        (LeaderResult::Wounded1, _) => fold.emit(Event::Wounded { piece: leader }),
        (LeaderResult::Shaken, Some(standing)) => {
            fold.emit(Event::LeaderStanding {
                piece: leader,
                standing,
            });
            fold.emit(Event::ShakenUntil {
                piece: leader,
                turn: turn.saturating_add(1),
            });
        }
        (_, Some(standing)) => fold.emit(Event::LeaderStanding {
            piece: leader,
            standing,
        }),
        _ => {}
    }
}

/// 10.4.5: William or Harold wounded, killed or captured (HS-R31): every
/// friendly unit within his command radius checks morale at once. Called
/// before he falls, so the radius is the one he had: one less after an
/// earlier Wounded-1 (footnote 1, HS-R31), not the printed one.
pub(super) fn commander_falls(fold: &mut Fold<'_>, leader: usize, cause: Span) {
    let Some(info) = fold.info(leader) else {
        return;
    };
    if !COMMANDERS.contains(&first_word(&info.name)) {
        return;
    }
    let side = info.side;
    // The radius a Wounded-1 cut for the rest of the game (engine fix: the
    // printed rating was used).
    let Some(radius) = super::ground::command_radius(fold, leader) else {
        return;
    };
    let Some(at) = fold.pieces[leader].at else {
        return;
    };
    let parity = fold.roster.parity;
    let units: Vec<usize> = (0..fold.pieces.len())
        .filter(|&u| {
            fold.info(u)
                .is_some_and(|i| i.side == side && !i.is_leader())
                && fold.pieces[u]
                    .at
                    .is_some_and(|c| hex::distance(c, at, parity) <= radius)
        })
        .collect();
    for piece in units {
        fold.emit(Event::Owe(Owed::Morale {
            piece,
            rout_is_disruption: false,
            disruption_ignored: false,
            by: [None; 3],
            cause,
        }));
    }
}
