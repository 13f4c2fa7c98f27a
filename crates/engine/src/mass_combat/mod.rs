//! Mass Combat, both editions (mass-combat-a.md and mass-combat-b.md): hexes,
//! command points as the currency of every action, deterministic combat.
//!
//! `setup` turns the battle's setup lines into a checked starting [`State`];
//! `play` applies turns, phases, actions and reactions. The rules' numbers are
//! data in `tables`; `rules` names the section or ruling each check cites.

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
