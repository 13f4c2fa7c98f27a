//! How TDGS Mass Combat shows itself to printers: the columns of an
//! entity's line (what it is, its nine stats, its HP, order, commander and
//! footprint), each entity's status and fate in the words of REPORT-1, its
//! casualties, and the clock.

use senlac_board::scene::Place;

use super::state::{EntityInfo, EntityState, Kind as EntityKind, Stat, State, Status};
use crate::view::{BattleView, Clock, Column, Kind, UnitView, Value};

/// A column that changes in play, followed by `diff` under `label`.
const fn changing(
    key: &'static str,
    heading: &'static str,
    unit: Option<&'static str>,
    kind: Kind,
    label: &'static str,
) -> Column {
    Column {
        key,
        heading,
        unit,
        kind,
        followed: Some(label),
        roster: false,
    }
}

/// The columns, in the order [`view`] fills them.
pub const COLUMNS: &[Column] = &[
    Column::fixed("kind", "Kind", Kind::Text),
    Column::fixed("role", "Role", Kind::Text),
    Column::fixed("race", "Race", Kind::Text),
    Column::fixed("class", "Class", Kind::Text),
    Column::fixed("str", "STR", Kind::Number),
    Column::fixed("dex", "DEX", Kind::Number),
    Column::fixed("ref", "REF", Kind::Number),
    Column::fixed("con", "CON", Kind::Number),
    Column::fixed("mov", "MOV", Kind::Number),
    Column::fixed("int", "INT", Kind::Number),
    Column::fixed("wis", "WIS", Kind::Number),
    Column::fixed("cha", "CHA", Kind::Number),
    Column::fixed("luk", "LUK", Kind::Number),
    Column::fixed("max_hp", "Max HP", Kind::Number),
    changing("hp", "HP", Some("HP"), Kind::Number, "HP"),
    changing("order", "Order", None, Kind::Text, "order"),
    changing("commander", "Commander", None, Kind::Text, "commander"),
    Column::fixed("size", "Size", Kind::Text),
    Column::fixed("weapon", "Weapon", Kind::Text),
    Column::fixed("traits", "Traits", Kind::Text),
    changing("fought", "Fought", None, Kind::Text, "fought"),
];

/// Every entity, as the columns lay it out.
pub fn view(state: &State) -> BattleView {
    let units = state
        .roster
        .entities
        .iter()
        .zip(&state.entities)
        .enumerate()
        .map(|(index, (info, entity))| UnitView {
            side: info.side,
            id: info.id.to_string(),
            name: info.name.to_string(),
            status: status_word(entity),
            place: entity.anchor.map(Place::Cell),
            values: values(state, index, info, entity),
            men: info.men,
            casualties: casualties(info, entity),
            fate: with_foes(fate(info, entity), fought(state, info, index)),
        })
        .collect();
    BattleView {
        sides: state.roster.sides.iter().map(ToString::to_string).collect(),
        columns: COLUMNS,
        place_heading: "Square",
        casualties_heading: "Casualties",
        units,
    }
}

/// Where play stands: the round, and the side of the open activation. TDGS
/// has no phases, and the open entity's id is not a `'static` word, so the
/// phase stays empty.
pub fn clock(state: &State) -> Clock {
    let side = state
        .activation
        .and_then(|open| state.info(open.entity))
        .and_then(|info| state.roster.sides.get(info.side))
        .map(ToString::to_string);
    Clock {
        turn: state.round,
        side,
        phase: None,
    }
}

/// The status word: the state's own, but `last-stand` for a unit that
/// passed its cornered check (it reads as active, yet may not be rallied).
pub fn status_word(entity: &EntityState) -> &'static str {
    if entity.last_stand && entity.status == Status::Active {
        "last-stand"
    } else {
        entity.status.word()
    }
}

fn values(state: &State, index: usize, info: &EntityInfo, entity: &EntityState) -> Vec<Value> {
    let text = |s: &str| Value::Text(s.to_string());
    let stat = |s: Stat| Value::Number(i64::from(info.stats.get(s)));
    let order = match (entity.order, entity.pending_order) {
        (Some(now), Some(next)) => text(&format!("{}, then {}", now.word(), next.word())),
        (Some(now), None) => text(now.word()),
        (None, Some(next)) => text(&format!("then {}", next.word())),
        (None, None) => Value::None,
    };
    let commander = match (info.kind, entity.commander) {
        (EntityKind::Hero, _) => Value::None,
        (EntityKind::Unit, None) => text("uncontrolled"),
        (EntityKind::Unit, Some(link)) => {
            let id = state.info(link.commander).map_or("?", |c| c.id.as_str());
            text(&format!("{id} {}", link.slot.word()))
        }
    };
    vec![
        text(info.kind.word()),
        if info.commander {
            text("commander")
        } else {
            Value::None
        },
        text(&info.race),
        info.class.as_deref().map_or(Value::None, text),
        stat(Stat::Str),
        stat(Stat::Dex),
        stat(Stat::Ref),
        stat(Stat::Con),
        stat(Stat::Mov),
        stat(Stat::Int),
        stat(Stat::Wis),
        stat(Stat::Cha),
        stat(Stat::Luk),
        Value::Number(i64::from(info.max_hp)),
        Value::Number(i64::from(entity.hp)),
        order,
        commander,
        text(&format!("{}x{}", info.width, info.height)),
        text(info.weapon.word()),
        if info.traits.is_empty() {
            Value::None
        } else {
            text(&info.traits.join("+"))
        },
        fought(state, info, index),
    ]
}

/// The fate, and whom the entity fought (REPORT-2): the report's one line
/// of each entity's battle.
fn with_foes(fate: String, foes: Value) -> String {
    match foes {
        Value::Text(foes) if foes.starts_with("no XP") => format!("{fate}; {foes}"),
        Value::Text(foes) => format!("{fate}; fought {foes}"),
        _ => fate,
    }
}

/// REPORT-2: the enemies an entity attacked or was attacked by, for XP
/// after the battle (core D12, TDGS-R40); a commander who fought nobody is
/// marked, since commanding earns none.
fn fought(state: &State, info: &EntityInfo, entity: usize) -> Value {
    let mut foes: Vec<usize> = state
        .fought
        .iter()
        .filter_map(|&(a, t)| match (a == entity, t == entity) {
            (true, _) => Some(t),
            (_, true) => Some(a),
            _ => None,
        })
        .collect();
    foes.sort_unstable();
    foes.dedup();
    if foes.is_empty() {
        return if info.commander {
            Value::Text("no XP (commanding only)".into())
        } else {
            Value::None
        };
    }
    let ids: Vec<&str> = foes
        .iter()
        .filter_map(|&f| state.info(f).map(|i| i.id.as_str()))
        .collect();
    Value::Text(ids.join(", "))
}

/// REPORT-1: ⌊men × HP lost / max HP⌋, every man for a destroyed or
/// surrendered unit; none counted without `men=`.
pub fn casualties(info: &EntityInfo, entity: &EntityState) -> u32 {
    let Some(men) = info.men else { return 0 };
    if matches!(entity.status, Status::Destroyed | Status::Surrendered) {
        return men;
    }
    let max = i64::from(info.max_hp.max(1));
    let lost = (max - i64::from(entity.hp)).clamp(0, max);
    u32::try_from(i64::from(men) * lost / max).unwrap_or(men)
}

/// An entity's fate in the words of an after-action report (REPORT-1).
pub fn fate(info: &EntityInfo, entity: &EntityState) -> String {
    let hp = entity.hp.max(0);
    let health = if hp >= info.max_hp {
        "unharmed".to_string()
    } else {
        format!("{hp} of {} HP", info.max_hp)
    };
    match entity.status {
        Status::Destroyed => "Destroyed".to_string(),
        Status::Fled => format!("Fled the field, {health}"),
        Status::Surrendered => "Surrendered".to_string(),
        Status::Dead => "Dead".to_string(),
        Status::Unconscious => "Unconscious".to_string(),
        Status::Incapacitated => "Incapacitated".to_string(),
        Status::Routed => format!("Routed, {health}"),
        Status::Active if entity.anchor.is_none() => "Never deployed".to_string(),
        Status::Active if entity.last_stand => format!("At bay in a last stand, {health}"),
        Status::Active => format!("On the field, {health}"),
    }
}

/// The key moments of `events` for the report's timeline: breaks, rallies,
/// last stands, removals and commanders lost, in the order they happened.
pub fn moments(state: &State, events: &[super::event::Event]) -> Vec<String> {
    use super::event::Event;
    let name = |entity: usize| state.name(entity);
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Routed { unit, .. } => Some(format!("{} breaks and routs", name(unit))),
            Event::Recovered {
                unit,
                rallied: true,
            } => Some(format!("{} is rallied", name(unit))),
            Event::LastStand { unit, on: true } => {
                Some(format!("{} turns at bay: a last stand", name(unit)))
            }
            Event::Status { entity, status } if status.removed() => {
                let what = match status {
                    Status::Fled => "flees the field",
                    Status::Surrendered => "surrenders",
                    Status::Dead => "is slain",
                    _ => "is destroyed",
                };
                Some(format!("{} {what}", name(entity)))
            }
            // A unit removed in the same line is not news for losing its commander.
            Event::Commanded { unit, link: None } if !state.entities[unit].status.removed() => {
                Some(format!("{} is left uncontrolled", name(unit)))
            }
            _ => None,
        })
        .collect()
}
