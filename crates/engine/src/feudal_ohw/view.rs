//! What a printer shows of a Feudal state: each unit with its pose (the
//! centre in the notation's frame and its facing), hits and markers, and
//! the clock.

use senlac_board::scene::Place;

use super::state::State;
use crate::view::{BattleView, Clock, Column};

/// The columns [`view`] fills.
pub const COLUMNS: &[Column] = &[];

/// Every unit as a printer shows it.
pub fn view(state: &State) -> BattleView {
    let roster = &state.roster;
    BattleView {
        sides: roster.sides.clone(),
        columns: COLUMNS,
        place_heading: "Position",
        casualties_heading: "Hits",
        units: (roster.units.iter().enumerate())
            .filter(|(_, u)| !u.personality)
            .map(|(i, u)| crate::view::UnitView {
                side: u.side,
                id: u.id.clone(),
                name: u.name.clone(),
                status: if state.units[i].removed.is_some() {
                    "removed"
                } else {
                    "active"
                },
                place: state.bases[i].map(|b| Place::Point(b.centre)),
                values: Vec::new(),
                men: None,
                casualties: u32::from(state.units[i].hits),
                fate: String::new(),
            })
            .collect(),
    }
}

/// Turn, side in turn and phase.
pub fn clock(state: &State) -> Clock {
    Clock {
        turn: state.turn,
        side: state.player.map(|p| state.roster.sides[p.side].clone()),
        phase: state.phase.map(|p| p.label()),
    }
}
