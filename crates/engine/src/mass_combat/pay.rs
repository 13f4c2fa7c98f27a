//! What an action's price does to a unit: command points paid, damage taken,
//! and the rout that follows when it cannot pay or breaks.

use senlac_notation::Span;
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::Event;
use super::rules;
use super::state::{Cause, Owed, Status};
use super::tables::{Cost, ROUT_DAMAGE, Verb};
use crate::violation::Violation;

/// Spends a cost; a unit that cannot pay routs instead (MC-R3).
pub fn pay(
    fold: &mut Fold<'_>,
    unit: usize,
    cost: Cost,
    what: &str,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let have = fold.units[unit].command_points;
    if have < cost.command_points {
        out.push(
            Violation::of(
                &codes::INSUFFICIENT_COMMAND_POINTS,
                span,
                format!(
                    "{} has {have} command point{} but {what} costs {}",
                    fold.name(unit),
                    if have == 1 { "" } else { "s" },
                    cost.command_points
                ),
                rules::COSTS,
            )
            .label(format!("needs {}, has {have}", cost.command_points))
            .help(format!(
                "a unit that cannot pay routs: write `{} rout`",
                fold.info(unit).id
            )),
        );
        rout(fold, unit, Cause::Unpaid, span);
        return;
    }
    if cost.command_points > 0 {
        fold.emit(Event::Spent {
            unit,
            command_points: cost.command_points,
        });
    }
    damage(fold, unit, cost.damage, span);
}

fn damage(fold: &mut Fold<'_>, unit: usize, amount: u8, span: Span) {
    if amount == 0 {
        return;
    }
    fold.emit(Event::Damaged {
        unit,
        damage: amount,
    });
    if fold.units[unit].damage >= ROUT_DAMAGE {
        rout(fold, unit, Cause::Damage, span);
    }
}

/// Removes a unit; allies of lower grade owe a morale check.
pub fn rout(fold: &mut Fold<'_>, unit: usize, cause: Cause, span: Span) {
    if fold.units[unit].status != Status::Active {
        return;
    }
    fold.emit(Event::Routed { unit, cause });
    let (side, grade) = (fold.info(unit).side, fold.info(unit).grade);
    let checks: SmallVec<[usize; 8]> = fold
        .active_of(side)
        .filter(|&u| fold.info(u).grade.is_lower_than(grade))
        .collect();
    for ally in checks {
        fold.emit(Event::ReactionOwed {
            owed: Owed {
                units: [Some(ally), None, None, None],
                choices: &[Verb::MoraleCheck, Verb::Rout],
                span,
                vacated: None,
            },
        });
    }
}
