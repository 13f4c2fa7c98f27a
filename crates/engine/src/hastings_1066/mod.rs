//! Hastings: 1066 (Strategy & Tactics 110, `hastings-1066-st.md`), as
//! `hastings-1066/st`: a magazine hex-and-counter game of wings and
//! nationalities whose battle orders are rolled each turn, facing to a
//! vertex with zones of control through the frontal hexsides, missile fire
//! and melee on their results tables, disruption, rout, pursuit and rally,
//! leaders and their casualties.
//!
//! The data layer: `tables` (the document's tables as const data, each
//! checked cell by cell by a test), `codes` (every diagnostic code), `rules`
//! (the cases and rulings a diagnostic cites). The position: `state` (the
//! roster, the map sheet as declared, the pieces), `setup` (the checked
//! starting state), `event` (every change and its `apply`). Play: `play`
//! (the sequence of play and the owed queue) hands each line to the module
//! of its segment: `orders`, `rally`, `fire`, `movement` (with `ground`, the
//! cost of a step, and `reinforcement`), `reaction`, `melee`, and the owed
//! lines `morale`, `rout` (with `displace`), `pursue`, `casualty`,
//! `escape`; `record` the Turn Record Phase. What printers see: `view`,
//! `scene`, `wire`, `catalog`; `generate` writes random legal battles and
//! `moves` lists the lines that could come next, both writing their lines
//! through `lines`.
//! Rulings live in docs/rules/hastings-1066-st.md.

// The `pub` modules are those the engine's tests read; they are public only
// with `test-support`, which makes the system public (lib.rs).
mod casualty;
mod catalog;
pub mod codes;
mod displace;
mod escape;
pub mod event;
mod fire;
mod generate;
mod ground;
mod lines;
mod melee;
mod morale;
mod movement;
mod moves;
mod orders;
pub mod period;
mod play;
mod pursue;
mod rally;
mod reaction;
pub mod record;
mod reform;
mod reinforcement;
mod rout;
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

/// Hastings: 1066, registered as `hastings-1066/st`.
#[derive(Clone, Copy, Debug)]
pub struct Hastings1066;

/// The registry's entry.
pub const HASTINGS_1066: Hastings1066 = Hastings1066;

/// The fold play reads the state through and emits its events into.
pub type Fold<'a> = crate::fold::Fold<'a, Hastings1066>;

impl Ruleset for Hastings1066 {
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

    fn doubted_at_setup(&self, state: &state::State) -> Vec<(crate::Subject, usize)> {
        state
            .roster
            .doubted
            .iter()
            .map(|&(piece, by)| (crate::Subject::Unit(piece), by))
            .collect()
    }

    fn play(&self, fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
        play::play(fold, step, out);
    }

    fn apply(state: &mut state::State, event: &event::Event) {
        event::apply(state, event);
    }

    fn candidates(&self, state: &state::State) -> Option<Vec<crate::system::Candidate>> {
        Some(moves::candidates(state))
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

    fn outcome(&self, state: &state::State) -> Option<crate::system::Outcome> {
        let verdict = state.verdict.or_else(|| period::time_verdict(state))?;
        Some(crate::system::Outcome {
            winner: verdict.winner.and_then(|side| {
                state
                    .roster
                    .sides
                    .get(side as usize)
                    .map(ToString::to_string)
            }),
            why: view::verdict_words(state, &verdict),
        })
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
}

impl System for Hastings1066 {
    fn terrain_kinds(&self) -> Vec<&'static str> {
        setup::TERRAIN_WORDS.to_vec()
    }

    fn tag(&self) -> &'static str {
        "hastings-1066/st"
    }

    fn summary(&self) -> &'static str {
        "Hastings: 1066 (Strategy & Tactics 110): wings and sections under rolled orders, facing, zones of control, missile fire and melee on their tables, rout, pursuit, rally, leaders and their casualties"
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
