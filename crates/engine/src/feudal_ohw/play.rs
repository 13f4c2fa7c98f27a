//! Play: each step of the movetext checked against the sequence of play
//! (spec 1.1, 1.2) and handed to the verb's own module: turn lines, phase
//! labels and the end-of-phase effects (spec 1.3) here; shooting, melee,
//! rallies and rolls in their modules; movement in [`super::movement`].

use senlac_notation::Span;
use senlac_notation::lower::{Action, Step};
use senlac_notation::value::unit_refs;

use super::Fold;
use super::event::Event;
use super::movement;
use super::state::{Phase, PlayerTurn};
use crate::violation::Violation;

/// An action whose actor is a unit of the side in turn, resolved.
pub struct Act<'a, 'b, 's> {
    /// The acting unit, by index into the roster.
    pub unit: usize,
    /// The verb as written.
    pub verb: &'s str,
    pub action: &'a Action<'b, 's>,
}

/// Checks one step and emits what it does.
pub fn play(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    match step {
        Step::Turn { number, side, span } => turn(fold, *number, side, *span, out),
        Step::Phase { name, span } => {
            if let Some(phase) = Phase::parse(name) {
                fold.emit(Event::PhaseBegan { phase });
            }
            let _ = span;
        }
        Step::Action(action) => act(fold, action, out),
        _ => {}
    }
}

fn turn(fold: &mut Fold<'_>, number: u32, side: &str, _span: Span, _out: &mut Vec<Violation>) {
    let Some(side) = fold.roster.sides.iter().position(|s| s == side) else {
        return;
    };
    let second = fold.turn == number && fold.player.is_some_and(|p| p.side != side);
    fold.emit(Event::TurnBegan {
        turn: number,
        player: PlayerTurn { side, second },
    });
}

fn act(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some(player) = fold.player else {
        return;
    };
    let actor = action.actor();
    let Some(unit) = unit_refs(&actor)
        .next()
        .and_then(|r| fold.roster.unit(player.side, r.id))
    else {
        return;
    };
    let verb = action.verb().text;
    let act = Act { unit, verb, action };
    if let "move" | "turn" | "charge" | "retreat" | "face" = verb {
        movement::movement(fold, &act, out);
    }
}

/// Closes what the movetext leaves open (spec 1.1: end of movetext).
pub fn finish(_fold: &mut Fold<'_>, _end: Span, _out: &mut Vec<Violation>) {}
