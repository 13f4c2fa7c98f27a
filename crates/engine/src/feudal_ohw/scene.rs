//! The picture of a Feudal state: the table in inches, its terrain as
//! drawn shapes, each unit as its base with its facing, and what the
//! events since the last picture did.

use senlac_board::scene::{
    Board, Counter, Face, Footprint, Place, Scene, Standing, Symbol, Weight,
};

use super::event::Event;
use super::state::State;

/// The picture of `state`, marking `events`.
pub fn scene(state: &State, _events: &[Event]) -> Scene {
    let roster = &state.roster;
    let (width, depth) = roster.table;
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.clone(),
        board: Board::Table { width, depth },
        terrain: Vec::new(),
        counters: (roster.units.iter().enumerate())
            .filter_map(|(i, u)| {
                let base = state.bases[i]?;
                Some(Counter {
                    side: u.side,
                    id: u.id.clone(),
                    name: u.name.clone(),
                    at: Place::Point(base.centre),
                    facing: Some(base.facing),
                    footprint: Some(Footprint {
                        width: base.width,
                        depth: base.depth,
                    }),
                    face: Face {
                        symbol: Symbol::Plain,
                        weight: Weight::None,
                        corners: [None, None, None, None],
                        pips: 0,
                        bar: None,
                        factors: None,
                        flipped: false,
                        marker: None,
                    },
                    standing: Standing::Active,
                    small: false,
                })
            })
            .collect(),
        marks: Vec::new(),
        overlays: Vec::new(),
        legend: Vec::new(),
    }
}
