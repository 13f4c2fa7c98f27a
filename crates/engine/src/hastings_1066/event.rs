//! Hastings: 1066's events: every change to a [`State`], and [`apply`], the
//! one function that makes it. Play checks a line and emits these; the
//! timeline is their fold.

use senlac_board::Cell;
use senlac_board::facing::Vertex;

use super::state::{Formation, Held, Owed, PhaseFlags, Segment, Standing, State};
use super::tables::Side;

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A side's player phase of Battle Turn `turn` opens (`N. SIDE`).
    PhaseStarted { turn: u32, side: Side },
    /// A segment opens (its label).
    SegmentStarted(Segment),
    /// A formation takes an order for this turn (and the next, `turns: 2`).
    OrderHeld { formation: Formation, held: Held },
    /// A piece went along `path` (the hexes entered; the last is where it
    /// stands) and faces `facing` (none for a leader).
    Moved {
        piece: usize,
        path: Vec<Cell>,
        facing: Option<Vertex>,
    },
    /// A piece turned in place (6.1.1).
    Faced { piece: usize, facing: Vertex },
    /// A piece did something once-a-phase.
    Acted { piece: usize, flags: PhaseFlags },
    /// A unit's standing changed (9.2).
    Standing { piece: usize, standing: Standing },
    /// A unit lost a step (9.2.4): flipped, or eliminated when already
    /// reduced.
    Stepped { piece: usize },
    /// A consequence is owed.
    Owe(Owed),
    /// The owed consequence at this index was written.
    Paid(usize),
    // movement
    /// A Saxon reinforcement joined a wing (4.3.8.2).
    Assigned {
        piece: usize,
        wing: super::state::Wing,
    },
}

/// Applies `event` to `state`: the only way a state changes.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::PhaseStarted { turn, side } => {
            state.turn = *turn;
            state.phasing = Some(*side);
            state.segment = None;
            for piece in &mut state.pieces {
                piece.phase = PhaseFlags::default();
            }
        }
        Event::SegmentStarted(segment) => state.segment = Some(*segment),
        Event::OrderHeld { formation, held } => {
            state.orders.retain(|(f, _)| f != formation);
            state.orders.push((*formation, *held));
        }
        Event::Moved {
            piece,
            path,
            facing,
        } => {
            if let (Some(p), Some(&to)) = (state.pieces.get_mut(*piece), path.last()) {
                p.at = Some(to);
                if facing.is_some() {
                    p.facing = *facing;
                }
            }
        }
        Event::Faced { piece, facing } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.facing = Some(*facing);
            }
        }
        Event::Acted { piece, flags } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                let f = &mut p.phase;
                f.rallied |= flags.rallied;
                f.fired |= flags.fired;
                f.moved |= flags.moved;
                f.reacted |= flags.reacted;
                f.fought |= flags.fought;
                f.attacked |= flags.attacked;
                // movement
                f.entered |= flags.entered;
                f.charged |= flags.charged;
                f.charged_downhill |= flags.charged_downhill;
            }
        }
        Event::Standing { piece, standing } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.standing = *standing;
                if *standing == Standing::Eliminated {
                    p.at = None;
                }
            }
        }
        Event::Stepped { piece } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                if p.reduced {
                    p.standing = Standing::Eliminated;
                    p.at = None;
                } else {
                    p.reduced = true;
                }
            }
        }
        Event::Owe(owed) => state.owed.push(*owed),
        Event::Paid(index) => {
            if *index < state.owed.len() {
                state.owed.remove(*index);
            }
        }
        // movement
        Event::Assigned { piece, wing } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.assigned = Some(*wing);
            }
        }
    }
}
