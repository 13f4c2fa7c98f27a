//! Feudal rules for One-Hour Wargames (`feudal/ohw`), played on an open
//! table in inches: the rules core that needs no geometry.
//!
//! **Not yet playable:** there is no `Ruleset` and no entry in
//! [`crate::SYSTEMS`], because every action of the game (a shot, a move,
//! a charge, a melee) first asks the table geometry (arcs, line of
//! sight, contact, moves) that `senlac_board::table` is growing. What is
//! here is what that play will call: the data tables ([`tables`]), the
//! hit arithmetic with its optional forms, rallies, morale, initiative
//! and impetuous charges ([`hits`]), the options a battle declares
//! ([`options`]), the setup read into a roster and each unit's base
//! ([`setup`], [`state`]), the codes these report ([`codes`]) and what
//! they cite ([`rules`]). The rulings are docs/rules/feudal-ohw.md.

// Until the system is registered only the engine's tests read this module.
#![cfg_attr(
    not(feature = "test-support"),
    allow(dead_code, reason = "not yet playable: nothing but tests calls it")
)]

pub mod codes;
pub mod hits;
pub mod options;
pub mod rules;
pub mod setup;
pub mod state;
pub mod tables;

use senlac_notation::Span;

use crate::code::CodeInfo;
use crate::violation::Violation;

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
