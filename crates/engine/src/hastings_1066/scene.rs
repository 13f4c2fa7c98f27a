//! The picture of a Hastings: 1066 position (to be drawn in full).

use senlac_board::scene::{Board, Scene};

use super::event::Event;
use super::state::State;

/// The map sheet and the pieces on it, marking `events`.
pub fn scene(state: &State, _events: &[Event]) -> Scene {
    let roster = &state.roster;
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.clone(),
        board: Board::Hex {
            columns: roster.extent.columns,
            rows: roster.extent.rows,
            parity: roster.parity,
        },
        terrain: Vec::new(),
        counters: Vec::new(),
        marks: Vec::new(),
        legend: Vec::new(),
    }
}
