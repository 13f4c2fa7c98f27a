//! TDGS Mass Combat (`tdgs-mass-combat.md`, an extension of the Tactical Dice
//! Game System, and the core TDGS documents it defers to): units and heroes
//! are entities with nine stats on a square grid, commanders lend their CHA
//! to morale, orders shape what units do, and every uncertain outcome is one
//! d20 against 11.
//!
//! The data layer: `tables` (the formulas and tables of the
//! documents, with the d20 resolution and luck), `codes` (every diagnostic
//! code the system will report) and `rules` (the sections and rulings those
//! diagnostics cite), and the position: `state` (the fixed roster behind an
//! `Arc`, and what changes per entity and per battle) and `setup` (the
//! checked starting state, from the setup lines, on top of the generic
//! setup), `event` (every change to the state, and `apply`, the one way
//! it changes), `morale` (the checks a line makes owed, the cascade and its
//! order, and where a routed unit runs and whether it can), and `play` (the
//! movetext's lines, checked into events). What printers and pictures
//! show: `view` (the columns, each entity's status, fate and casualties,
//! and the clock) and `scene` (the square map, the counters and the marks
//! of what just happened). What may come next: `moves` (the lines
//! `senlac moves` lists, each kept only if `play` accepts it) and
//! `generate` (random battles, proposed line by line the same way).
//! Rulings live in docs/rules/tdgs-mass-combat.md.

// The `pub` modules are those the engine's tests read; they are public only
// with `test-support`, which makes the system public (lib.rs).
pub mod catalog;
pub mod codes;
mod duty;
pub mod event;
mod generate;
pub mod morale;
mod moves;
pub mod play;
mod rules;
pub mod scene;
pub mod setup;
pub mod state;
pub mod tables;
pub mod view;
mod wire;

use senlac_board::scene::Scene;
use senlac_notation::Battle;
use senlac_notation::lower::Step;

use crate::code::CodeInfo;
use crate::fold::Deployments;
use crate::replay::Config;
use crate::system::{Game, Played, Ruleset, System};
use crate::view::{BattleView, Clock, Column};
use crate::violation::Violation;

/// TDGS Mass Combat, registered as `tdgs/mass-combat`.
#[derive(Clone, Copy, Debug)]
pub struct Tdgs;

/// The registry's entry.
pub const TDGS: Tdgs = Tdgs;

/// The fold play reads the state through and emits its events into.
pub type Fold<'a> = crate::fold::Fold<'a, Tdgs>;

impl Ruleset for Tdgs {
    type State = state::State;
    type Event = event::Event;
    type Wire = wire::Wire;

    fn setup(
        &self,
        battle: &Battle<'_>,
        out: &mut Vec<Violation>,
    ) -> Deployments<state::State, event::Event> {
        setup::setup(battle, out)
    }

    fn blocks_play(&self, code: &str) -> bool {
        code == crate::setup::codes::MISSING_MAP.code || code == codes::MISSING_ARMY.code
    }

    fn doubted_at_setup(&self, state: &state::State) -> Vec<(crate::Subject, usize)> {
        state
            .roster
            .doubted
            .iter()
            .map(|&(entity, by)| (crate::Subject::Unit(entity), by))
            .collect()
    }

    fn play(&self, fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
        play::play(fold, step, out);
    }

    fn apply(state: &mut state::State, event: &event::Event) {
        event::apply(state, event);
    }

    fn end_variation(
        &self,
        fold: &mut Fold<'_>,
        close: senlac_notation::Span,
        out: &mut Vec<Violation>,
    ) {
        play::finish(fold, close, out);
    }

    fn finish(&self, fold: &mut Fold<'_>, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        let end = senlac_notation::Span {
            start: battle.span.end,
            end: battle.span.end,
        };
        play::finish(fold, end, out);
    }

    fn columns(&self) -> &'static [Column] {
        view::COLUMNS
    }

    fn view(&self, state: &state::State) -> BattleView {
        view::view(state)
    }

    fn clock(&self, state: &state::State) -> Clock {
        view::clock(state)
    }

    fn moments(&self, state: &state::State, events: &[event::Event]) -> Vec<String> {
        view::moments(state, events)
    }

    fn scene(&self, state: &state::State, events: &[event::Event]) -> Scene {
        scene::scene(state, events)
    }

    fn wire(&self, state: &state::State, event: &event::Event) -> wire::Wire {
        wire::wire(state, event)
    }

    fn unwire(&self, state: &state::State, wire: &wire::Wire) -> Option<event::Event> {
        wire::unwire(state, wire)
    }

    fn candidates(&self, state: &state::State) -> Option<Vec<crate::system::Candidate>> {
        Some(moves::candidates(state))
    }
}

impl System for Tdgs {
    fn terrain_kinds(&self) -> Vec<&'static str> {
        tables::TERRAIN.iter().map(|row| row.word).collect()
    }

    fn tag(&self) -> &'static str {
        "tdgs/mass-combat"
    }

    fn summary(&self) -> &'static str {
        "TDGS Mass Combat: units and heroes with nine stats on a square grid, commanders, orders, morale and its cascades, rout, cornered units and rally"
    }

    fn replay(&self, battle: &Battle<'_>, config: Config) -> Box<dyn Game> {
        Box::new(Played::new(*self, self.tag(), battle, config))
    }

    fn catalog(&self) -> crate::catalog::Catalog {
        catalog::catalog()
    }

    fn codes(&self) -> &'static [CodeInfo] {
        codes::ALL
    }

    fn generate(&self, battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
        generate::generate_each(battles, seed, each);
    }

    fn overlays(&self) -> &'static [crate::system::OverlayInfo] {
        scene::OVERLAYS
    }
}
