//! Feudal rules for One-Hour Wargames (`feudal/ohw`), played on an open
//! table in inches: the rules core that needs no geometry.
//!
//! The data tables ([`tables`]); the hit arithmetic with its optional
//! forms, rallies, morale, initiative and impetuous charges ([`hits`]);
//! the options a battle declares ([`options`]); the setup read into a
//! roster and each unit's base ([`setup`], [`state`]); the events and the
//! one way they change a state ([`event`]); play, phase by phase
//! (`play`, `movement`); what printers see ([`view`], [`scene`],
//! `wire`); the codes ([`codes`]) and what they cite ([`rules`]). The
//! rulings are docs/rules/feudal-ohw.md.

pub mod catalog;
mod charge;
mod claims;
pub mod codes;
mod contact;
pub mod event;
mod field;
mod generate;
pub mod hits;
mod melee;
mod movement;
mod moves;
pub mod options;
mod personality;
mod play;
mod poses;
mod rally;
mod rolls;
pub mod rules;
pub mod scene;
pub mod setup;
mod shoot;
pub mod state;
pub mod tables;
pub mod view;
pub mod wire;
#[cfg(any(test, feature = "test-support"))]
pub mod worked;

use senlac_board::scene::Scene;
use senlac_notation::lower::Step;
use senlac_notation::{Battle, Span};

use crate::catalog::Catalog;
use crate::code::CodeInfo;
use crate::fold::Deployments;
use crate::replay::Config;
use crate::system::{Game, Outcome, Played, Ruleset, System};
use crate::view::{BattleView, Clock, Column};
use crate::violation::Violation;

/// The registry's entry.
#[derive(Clone, Copy, Debug)]
pub struct FeudalOhw;

pub const FEUDAL_OHW: FeudalOhw = FeudalOhw;

pub type Fold<'a> = crate::fold::Fold<'a, FeudalOhw>;

impl Ruleset for FeudalOhw {
    type State = state::State;
    type Event = event::Event;
    type Wire = wire::Wire;

    fn setup(
        &self,
        battle: &Battle<'_>,
        out: &mut Vec<Violation>,
    ) -> Deployments<state::State, event::Event> {
        setup::deployments(battle, out)
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

    fn finish(&self, fold: &mut Fold<'_>, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        let end = Span {
            start: battle.span.end,
            end: battle.span.end,
        };
        play::finish(fold, end, out);
    }

    fn end_variation(&self, fold: &mut Fold<'_>, close: Span, out: &mut Vec<Violation>) {
        // A variation is its own line of play: what it leaves open closes
        // at its bracket, as the movetext's end closes the main line.
        play::finish(fold, close, out);
    }

    fn outcome(&self, state: &state::State) -> Option<Outcome> {
        // FO-R42: only a force rout decides a battle in the log.
        let ended = state.ended?;
        let winner = (0..state.roster.sides.len()).find(|&s| s != ended.routed)?;
        Some(Outcome {
            winner: Some(state.roster.sides[winner].clone()),
            why: format!(
                "the {} force routed in turn {} (FM.1)",
                state.roster.sides[ended.routed], ended.turn
            ),
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

impl System for FeudalOhw {
    fn terrain_kinds(&self) -> Vec<&'static str> {
        let mut words: Vec<&'static str> = tables::TERRAIN.iter().map(|t| t.word).collect();
        // A bridge is read as a ford.
        words.push("bridge");
        words
    }

    fn tag(&self) -> &'static str {
        "feudal/ohw"
    }

    fn summary(&self) -> &'static str {
        "Feudal rules for One-Hour Wargames: units as bases on an open table in inches, with arcs, line of sight, shooting, moves and charges into contact, melee hits halved and doubled, rallies and force morale"
    }

    fn replay(&self, battle: &Battle<'_>, config: Config) -> Box<dyn Game> {
        Box::new(Played::new(*self, self.tag(), battle, config))
    }

    fn catalog(&self) -> Catalog {
        catalog::catalog(format!("{} ({})", self.summary(), self.tag()))
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

/// A finding of the arithmetic, before play gives it a place in the text:
/// its code, what it says and what it cites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The code.
    pub code: &'static CodeInfo,
    /// What is wrong, with the numbers.
    pub message: String,
    /// The rule or ruling broken.
    pub rule: &'static str,
}

impl Fault {
    pub(crate) fn new(
        code: &'static CodeInfo,
        message: impl Into<String>,
        rule: &'static str,
    ) -> Fault {
        Fault {
            code,
            message: message.into(),
            rule,
        }
    }

    /// The diagnostic, at the text that made it.
    pub fn at(self, span: Span) -> Violation {
        Violation::of(self.code, span, self.message, self.rule)
    }
}
