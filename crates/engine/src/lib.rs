//! senlac's rules engine.
//!
//! A rule system implements the contract in [`mod@system`]: [`Ruleset`] turns the
//! notation's generic steps into its own events, [`replay()`] folds them into a
//! [`Timeline`] of states, and [`Game`] is what printers see of the result.
//! [`SYSTEMS`] is the one registry from Rules tag to system. This crate does
//! no I/O and prints nothing.
//!
//! Systems, each in its own folder: Mass Combat, editions a and b
//! (`mass_combat`), TDGS Mass Combat (`tdgs`), Hastings: 1066
//! (`hastings_1066`), Feudal rules for One-Hour Wargames on an open table
//! (`feudal_ohw`), and a minimal example system (`example`), the
//! template for new ones. A system is reached through [`SYSTEMS`] only: its
//! modules are crate-private, so rustc reports what no code uses, and the
//! `test-support` feature makes them public for the engine's own tests.
//!
//! Every state of a replay knows the step of the text that made it, each
//! variation is a branch of the [`Timeline`] with states of its own, a
//! replay can resume after an edit ([`Replay::resume`], [`Game::resume`]),
//! and [`Game::legal`] lists the actions a system's own checks accept next
//! ([`trial`]).

pub mod catalog;
pub mod code;
pub mod doubt;
#[cfg(feature = "test-support")]
pub mod example;
#[cfg(not(feature = "test-support"))]
pub(crate) mod example;
#[cfg(feature = "test-support")]
pub mod feudal_ohw;
#[cfg(not(feature = "test-support"))]
pub(crate) mod feudal_ohw;
pub mod finding;
pub mod fold;
#[cfg(feature = "test-support")]
pub mod hastings_1066;
#[cfg(not(feature = "test-support"))]
pub(crate) mod hastings_1066;
pub mod ids;
#[cfg(feature = "test-support")]
pub mod mass_combat;
#[cfg(not(feature = "test-support"))]
pub(crate) mod mass_combat;
pub mod replay;
pub mod reuse;
pub mod setup;
pub mod system;
pub mod tags;
#[cfg(feature = "test-support")]
pub mod tdgs;
#[cfg(not(feature = "test-support"))]
pub(crate) mod tdgs;
pub mod timeline;
pub mod trial;
pub mod view;
pub mod violation;
#[cfg(test)]
mod wire_check;

pub use code::{CodeInfo, Severity};
pub use doubt::{Doubt, Subject};
pub use finding::Finding;
pub use fold::{Deployments, Fold, Sandbox};
pub use replay::{Config, Replay, replay};
pub use system::{
    Candidate, Game, LegalAction, Opening, Outcome, OverlayInfo, Ruleset, SYSTEMS, System, system,
};
pub use timeline::{
    At, Branch, BranchInfo, Figure, Point, Standing, Standings, StepSource, Timeline, Track,
    frame_start,
};
pub use violation::Violation;

use senlac_notation::Battle;

/// Replays a battle under the rules its Rules tag names. A tag senlac does not
/// know gives `engine::unknown-rules`, a warning: the notation is still checked.
pub fn check(battle: &Battle<'_>, config: Config) -> Result<Box<dyn Game>, Violation> {
    let rules = battle.tag("Rules").unwrap_or_default();
    match system::system(&rules) {
        Some(system) => Ok(system.replay(battle, config)),
        None => Err(Violation::of(
            &code::engine::UNKNOWN_RULES,
            system::tag_span(battle, "Rules"),
            format!("senlac has no rules for `{rules}`, so only the notation was checked"),
            "docs/notation.md, tag pairs",
        )
        .help({
            let known = system::listed_tags();
            let meant = senlac_notation::did_you_mean(&rules, known.iter().copied())
                .map(|meant| format!("did you mean `{meant}`? "))
                .unwrap_or_default();
            format!("{meant}senlac checks: {}", known.join(", "))
        })),
    }
}
