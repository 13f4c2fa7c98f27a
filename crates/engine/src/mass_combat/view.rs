//! How Mass Combat shows itself: the columns of the rule document's unit
//! tables, each unit's fate in the words of its Aftermath, and the key moments
//! of the after-action report.

use super::event::Event;
use super::state::{Cause, State, Status, UnitState};
use super::tables;
use crate::view::{BattleView, Column, Kind, UnitView, Value};

/// The rule document's unit-table columns.
pub const COLUMNS: [Column; 6] = [
    Column {
        key: "class",
        heading: "Class",
        unit: None,
        kind: Kind::Text,
        followed: None,
        roster: true,
    },
    Column {
        key: "grade",
        heading: "Grade",
        unit: None,
        kind: Kind::Text,
        followed: None,
        roster: true,
    },
    Column {
        key: "command_points",
        heading: "Command Points",
        unit: None,
        kind: Kind::Number,
        followed: Some("command points"),
        roster: true,
    },
    Column {
        key: "damage",
        heading: "Health",
        unit: Some("Damage"),
        kind: Kind::Number,
        followed: Some("damage"),
        roster: false,
    },
    Column {
        key: "support",
        heading: "Support",
        unit: None,
        kind: Kind::Number,
        followed: None,
        roster: false,
    },
    Column {
        key: "assault",
        heading: "Assault",
        unit: None,
        kind: Kind::Number,
        followed: None,
        roster: false,
    },
];

/// Every unit, as the columns lay it out.
pub fn view(state: &State) -> BattleView {
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
            UnitView {
                side: info.side,
                id: info.id.to_string(),
                name: info.name.to_string(),
                status: unit.status.word(),
                place: unit.hex.map(Into::into),
                values: vec![
                    Value::Text(info.class.word().to_string()),
                    Value::Text(info.grade.letter().to_string()),
                    Value::Number(i64::from(unit.command_points)),
                    Value::Number(i64::from(unit.damage)),
                    Value::Number(i64::from(support)),
                    Value::Number(i64::from(assault)),
                ],
                men: Some(info.size),
                casualties: tables::casualties(
                    info.size,
                    unit.damage,
                    unit.status == Status::Slaughtered,
                ),
                fate: fate(state, unit),
            }
        })
        .collect();
    BattleView {
        sides: state.roster.sides.iter().map(ToString::to_string).collect(),
        columns: &COLUMNS,
        place_heading: "Hex",
        casualties_heading: "Casualties",
        units,
    }
}

/// Routs, slaughters and charges: what the after-action report's timeline tells.
pub fn moments(state: &State, events: &[Event]) -> Vec<String> {
    let name = |unit: usize| state.name(unit);
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Routed { unit, .. } => Some(format!("{} routs", name(unit))),
            Event::Slaughtered { unit, by } => {
                Some(format!("{} slaughters {}", name(by), name(unit)))
            }
            Event::Moved {
                unit,
                to,
                charge: true,
                ..
            } => Some(format!("{} charges to {to:04}", name(unit))),
            _ => None,
        })
        .collect()
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
