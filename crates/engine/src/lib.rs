//! senlac's rules engine.
//!
//! Each rule system implements [`Ruleset`]: it turns the notation's generic
//! steps into its own checked state changes and reports [`Violation`]s, and
//! [`replay`] folds a battle through it into a [`Timeline`]. This crate does no
//! I/O and prints nothing.
//!
//! Systems: Mass Combat, editions a and b ([`mass_combat`]).

pub mod hex;
pub mod mass_combat;
pub mod replay;
pub mod timeline;
pub mod view;
pub mod violation;

pub use replay::{Config, Replay, Ruleset, replay};
pub use timeline::{Point, Timeline};
pub use violation::Violation;

use senlac_notation::{Battle, Span};

/// A replay under whichever system the battle's Rules tag names.
#[derive(Clone, Debug)]
pub enum Game {
    MassCombat(Replay<mass_combat::State>),
}

impl Game {
    pub fn violations(&self) -> &[Violation] {
        match self {
            Game::MassCombat(replay) => &replay.violations,
        }
    }

    /// The generic view at a point of the timeline (replayed with `timeline: true`).
    pub fn view(&self, point: &Point) -> Option<view::BattleView> {
        match self {
            Game::MassCombat(replay) => replay.timeline.at(point).map(mass_combat::view),
        }
    }
}

/// The rule systems senlac checks, by their Rules tag.
pub const RULES: [&str; 2] = ["mass-combat/a", "mass-combat/b"];

/// Replays a battle under the rules its Rules tag names.
pub fn check(battle: &Battle<'_>, config: Config) -> Result<Game, Violation> {
    let rules = battle.tag("Rules").unwrap_or_default();
    let edition = match &*rules {
        "mass-combat/a" => mass_combat::tables::Edition::A,
        "mass-combat/b" => mass_combat::tables::Edition::B,
        other => {
            let span = battle
                .items
                .iter()
                .find(|i| {
                    i.kind == senlac_notation::ItemKind::Tag
                        && battle.atoms_of(i)[0].text == "Rules"
                })
                .map_or(
                    Span {
                        start: battle.span.start,
                        end: battle.span.start,
                    },
                    |i| i.span,
                );
            return Err(Violation::new(
                "engine::unknown-rules",
                span,
                format!("senlac has no rules for `{other}`"),
                "docs/notation.md, tag pairs",
            )
            .help(format!("senlac checks: {}", RULES.join(", "))));
        }
    };
    Ok(Game::MassCombat(replay(
        &mass_combat::MassCombat { edition },
        battle,
        config,
    )))
}
