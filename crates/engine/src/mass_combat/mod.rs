//! Mass Combat, both editions (mass-combat-a.md and mass-combat-b.md): hexes,
//! command points as the currency of every action, deterministic combat.
//!
//! `setup` turns the battle's setup lines into a checked starting [`State`];
//! `play` applies turns, phases, actions and reactions. The rules' numbers are
//! data in `tables`; `rules` names the section or ruling each check cites.

pub mod catalog;
pub mod claims;
pub mod combat;
pub mod event;
pub mod generate;
pub mod play;
pub mod rules;
pub mod setup;
pub mod state;
pub mod tables;

use senlac_notation::Battle;
use senlac_notation::lower::Step;

pub use state::{Cause, Roster, State, Status, UnitInfo, UnitState};
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
        // Without exactly two sides (already reported by setup) no turn can be checked.
        if state.roster.sides.len() == 2 {
            play::play(state, step, out);
        }
    }

    fn end_variation(&self, state: &mut State, out: &mut Vec<Violation>) {
        play::flush_owed(state, out);
    }

    fn finish(&self, state: &mut State, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        // The end state is its own step: the last action's events stay with it.
        state.events.clear();
        if state.roster.sides.len() != 2 {
            return;
        }
        let end = senlac_notation::Span {
            start: battle.span.end,
            end: battle.span.end,
        };
        play::end_side_turn(state, end, out);
    }
}

/// Mass Combat's columns, as the rule document lays its unit tables out.
pub const FIELDS: [&str; 6] = [
    "class",
    "grade",
    "command_points",
    "damage",
    "support",
    "assault",
];

/// The generic view of a Mass Combat state.
pub fn view(state: &State) -> crate::view::BattleView {
    use crate::view::{BattleView, UnitView, Value};
    let units = state
        .roster
        .units
        .iter()
        .zip(&state.units)
        .map(|(info, unit)| {
            let (support, assault) =
                tables::scores(state.roster.edition, info.class, info.grade, unit.damage)
                    .or_else(|| {
                        tables::scores(tables::Edition::A, info.class, info.grade, unit.damage)
                    })
                    .unwrap_or((0, 0));
            let fields = [
                ("class", Value::Text(info.class.word().to_string())),
                ("grade", Value::Text(info.grade.letter().to_string())),
                (
                    "command_points",
                    Value::Number(i64::from(unit.command_points)),
                ),
                ("damage", Value::Number(i64::from(unit.damage))),
                ("support", Value::Number(i64::from(support))),
                ("assault", Value::Number(i64::from(assault))),
                ("size", Value::Number(i64::from(info.size))),
            ]
            .into_iter()
            .collect();
            UnitView {
                side: state
                    .roster
                    .sides
                    .get(info.side)
                    .cloned()
                    .unwrap_or_default(),
                id: info.id.clone(),
                name: info.name.clone(),
                status: unit.status.word(),
                hex: unit.hex.map(|h| h.to_string()),
                casualties: tables::casualties(
                    info.size,
                    unit.damage,
                    unit.status == Status::Slaughtered,
                ),
                fate: fate(state, unit),
                fields,
            }
        })
        .collect();
    BattleView {
        sides: state.roster.sides.clone(),
        turn: state.turn,
        units,
    }
}

/// A unit's fate in the words of an after-action report.
pub fn fate(state: &State, unit: &UnitState) -> String {
    let damage = match unit.damage {
        0 => String::new(),
        n => format!(" after taking {n} damage"),
    };
    let other = |index: Option<u16>| {
        index.map_or_else(String::new, |i| {
            let info = &state.roster.units[usize::from(i)];
            format!(
                "{} {} ({})",
                state.roster.sides[info.side], info.id, info.name
            )
        })
    };
    match (unit.status, unit.cause) {
        (Status::Reserve, _) => "Never deployed".to_string(),
        (Status::Active, _) if unit.damage == 0 => "Unharmed".to_string(),
        (Status::Active, _) => format!("Suffered {} damage", unit.damage),
        (Status::Pursuing, _) => {
            let before = if unit.damage == 0 {
                "Unharmed".to_string()
            } else {
                format!("Suffered {} damage", unit.damage)
            };
            format!(
                "{before}; chased down and slaughtered {}",
                other(unit.slaughter)
            )
        }
        (Status::Slaughtered, _) => format!("Routed and slaughtered by {}", other(unit.slaughter)),
        (Status::Routed, Some(Cause::Damage)) => "Killed to a man".to_string(),
        // Leaving without a fight, unharmed, is desertion.
        (Status::Routed, Some(Cause::Unpaid | Cause::Choice)) if unit.damage == 0 => {
            "Deserted and survived unharmed".to_string()
        }
        (Status::Routed, Some(Cause::Charge)) if unit.damage == 0 => {
            "Routed by a cavalry charge; unharmed".to_string()
        }
        (Status::Routed, Some(Cause::Charge)) => format!("Routed by a cavalry charge{damage}"),
        (Status::Routed, Some(Cause::Morale)) if unit.damage == 0 => {
            "Routed by poor morale; unharmed".to_string()
        }
        (Status::Routed, _) if unit.damage == 0 => "Routed unharmed".to_string(),
        (Status::Routed, _) => format!("Routed{damage}"),
    }
}
