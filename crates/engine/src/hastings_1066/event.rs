//! Hastings: 1066's events: every change to a [`State`], and [`apply`], the
//! one function that makes it. Play checks a line and emits these; the
//! timeline is their fold.

use super::state::{Segment, State};
use super::tables::Side;

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A side's player phase of Battle Turn `turn` opens (`N. SIDE`).
    PhaseStarted { turn: u32, side: Side },
    /// A segment opens (its label).
    SegmentStarted(Segment),
}

/// Applies `event` to `state`: the only way a state changes.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::PhaseStarted { turn, side } => {
            state.turn = *turn;
            state.phasing = Some(*side);
            state.segment = None;
        }
        Event::SegmentStarted(segment) => state.segment = Some(*segment),
    }
}
