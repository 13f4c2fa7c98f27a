//! Mass Combat, both editions (mass-combat-a.md and mass-combat-b.md): hexes,
//! command points as the currency of every action, deterministic combat.
//!
//! `setup` turns the battle's setup lines into a checked starting [`State`];
//! `play` checks turns, phases, actions and reactions (with `combat` and
//! `claims`, on top of the shared `lookup` and `pay`) and emits `event`s, which
//! `event::apply` alone folds into the state. The rules' numbers are data in
//! `tables`; `rules` names the section or ruling each check cites, and `codes`
//! registers every diagnostic code.

// The `pub` modules are those the engine's tests read; they are public only
// with `test-support`, which makes the system public (lib.rs).
pub mod catalog;
mod claims;
mod codes;
mod combat;
pub mod event;
mod generate;
mod lookup;
mod moves;
mod pay;
mod play;
mod rules;
mod scene;
mod setup;
mod state;
pub mod tables;
mod view;

use senlac_board::scene::Scene;
use senlac_notation::Battle;
use senlac_notation::lower::Step;

pub use state::{State, Status};
use tables::Edition;

use crate::catalog::Catalog;
use crate::code::CodeInfo;
use crate::fold::Deployments;
use crate::replay::Config;
use crate::system::{Game, Outcome, Played, Ruleset, System};
use crate::view::{BattleView, Clock, Column};
use crate::violation::Violation;

/// The Mass Combat rule system in one edition.
#[derive(Clone, Copy, Debug)]
pub struct MassCombat {
    pub edition: Edition,
}

/// The fold play reads the state through and emits its events into.
pub type Fold<'a> = crate::fold::Fold<'a, MassCombat>;

/// The registry's entries, one per edition.
pub const EDITION_A: MassCombat = MassCombat {
    edition: Edition::A,
};
pub const EDITION_B: MassCombat = MassCombat {
    edition: Edition::B,
};

impl Ruleset for MassCombat {
    type State = State;
    type Event = event::Event;
    type Wire = event::Wire;

    fn setup(
        &self,
        battle: &Battle<'_>,
        out: &mut Vec<Violation>,
    ) -> Deployments<State, event::Event> {
        setup::setup(self.edition, battle, out)
    }

    fn doubted_at_setup(&self, state: &State) -> Vec<(crate::Subject, usize)> {
        state
            .roster
            .doubted
            .iter()
            .map(|&(unit, by)| (crate::Subject::Unit(unit), by))
            .collect()
    }

    fn play(&self, fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
        // Without exactly two sides (already reported by setup) no turn can be checked.
        if fold.roster.sides.len() == 2 {
            play::play(fold, step, out);
        }
    }

    fn apply(state: &mut State, event: &event::Event) {
        event::apply(state, event);
    }

    fn end_variation(
        &self,
        fold: &mut Fold<'_>,
        _close: senlac_notation::Span,
        out: &mut Vec<Violation>,
    ) {
        play::flush_owed(fold, out);
    }

    fn finish(&self, fold: &mut Fold<'_>, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        if fold.roster.sides.len() != 2 {
            return;
        }
        let end = senlac_notation::Span {
            start: battle.span.end,
            end: battle.span.end,
        };
        play::end_side_turn(fold, end, out);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        decided(state)
    }

    fn columns(&self) -> &'static [Column] {
        &view::COLUMNS
    }

    fn view(&self, state: &State) -> BattleView {
        view::view(state)
    }

    fn clock(&self, state: &State) -> Clock {
        Clock {
            turn: state.turn,
            side: state.acting.map(|s| state.roster.sides[s].to_string()),
            phase: state.phase.map(tables::Phase::word),
        }
    }

    fn moments(&self, state: &State, events: &[event::Event]) -> Vec<String> {
        view::moments(state, events)
    }

    fn scene(&self, state: &State, events: &[event::Event]) -> Scene {
        scene::scene(state, events)
    }

    fn wire(&self, state: &State, event: &event::Event) -> event::Wire {
        event::wire(state, event)
    }

    fn unwire(&self, state: &State, wire: &event::Wire) -> Option<event::Event> {
        event::unwire(state, wire)
    }

    fn candidates(&self, state: &State) -> Option<Vec<crate::Candidate>> {
        Some(moves::candidates(state))
    }
}

/// The side that won, when the other is broken: none of its units is left
/// active, and at least one routed or was slaughtered (ruling MC-R22). A
/// battle in which both sides, or neither, are broken is not decided.
pub fn decided(state: &State) -> Option<Outcome> {
    if state.roster.sides.len() != 2 {
        return None;
    }
    let broken = |side: usize| {
        let statuses = || {
            state
                .roster
                .units
                .iter()
                .zip(&state.units)
                .filter(move |(info, _)| info.side == side)
                .map(|(_, unit)| unit.status)
        };
        !statuses().any(|s| s == Status::Active)
            && statuses().any(|s| matches!(s, Status::Routed | Status::Slaughtered))
    };
    let (a, b) = (broken(0), broken(1));
    if a == b {
        return None;
    }
    let (winner, loser) = if a { (1, 0) } else { (0, 1) };
    Some(Outcome {
        winner: Some(state.roster.sides[winner].to_string()),
        why: format!(
            "{} has no unit left on the field (all routed, slaughtered or never deployed), and {} has (docs/rules/mass-combat.md MC-R22)",
            state.roster.sides[loser], state.roster.sides[winner]
        ),
    })
}

/// Replays a battle under the edition its Rules tag names, typed (for tests
/// and tools that read Mass Combat's own state); `None` for other rules.
#[cfg(feature = "test-support")]
pub fn replay(battle: &Battle<'_>, config: Config) -> Option<crate::replay::Replay<MassCombat>> {
    let rules = battle.tag("Rules")?;
    let system = [EDITION_A, EDITION_B]
        .into_iter()
        .find(|edition| edition.tag() == rules)?;
    Some(crate::replay::replay(&system, battle, config))
}

impl System for MassCombat {
    fn terrain_kinds(&self) -> Vec<&'static str> {
        setup::READ_TERRAIN.to_vec()
    }

    fn tag(&self) -> &'static str {
        catalog::tag(self.edition)
    }

    fn summary(&self) -> &'static str {
        catalog::summary(self.edition)
    }

    fn replay(&self, battle: &Battle<'_>, config: Config) -> Box<dyn Game> {
        Box::new(Played::new(*self, self.tag(), battle, config))
    }

    fn catalog(&self) -> Catalog {
        catalog::catalog(self.edition)
    }

    fn codes(&self) -> &'static [CodeInfo] {
        codes::ALL
    }

    fn generate(&self, battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
        generate::generate_each(self.edition, battles, seed, each);
    }
}
