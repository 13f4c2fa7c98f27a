//! Mass Combat, both editions (mass-combat-a.md and mass-combat-b.md): hexes,
//! command points as the currency of every action, deterministic combat.
//!
//! `setup` turns the battle's setup lines into a checked starting [`State`];
//! `play` applies turns, phases, actions and reactions. The rules' numbers are
//! data in `tables`; `rules` names the section or ruling each check cites.

pub mod combat;
pub mod generate;
pub mod play;
pub mod rules;
pub mod setup;
pub mod state;
pub mod tables;

use senlac_notation::Battle;
use senlac_notation::lower::Step;

pub use state::{Roster, State, Status, UnitInfo, UnitState};
use tables::Edition;

use crate::replay::Ruleset;
use crate::violation::Violation;

/// The Mass Combat rule system in one edition.
#[derive(Clone, Copy, Debug)]
pub struct MassCombat {
    pub edition: Edition,
}

impl Ruleset for MassCombat {
    type State = State;

    fn setup(&self, battle: &Battle<'_>, out: &mut Vec<Violation>) -> State {
        setup::setup(self.edition, battle, out)
    }

    fn play(&self, state: &mut State, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
        play::play(state, step, out);
    }

    fn finish(&self, state: &mut State, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        let end = senlac_notation::Span {
            start: battle.span.end,
            end: battle.span.end,
        };
        play::end_side_turn(state, end, out);
    }
}
