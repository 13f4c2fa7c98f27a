//! What a printer shows of a Feudal state: each unit's row (its pose in
//! the notation's frame, class, hits against its removal threshold,
//! markers, shots, personalities, fate), the report's key moments, and
//! the clock.
//!
//! Every place is printed as the notation writes it (FO-R1): inches
//! across and up from the table's left and near edges, the facing
//! counter-clockwise from +x, so `K@22x11in^90deg` can be copied into a
//! claim. [`notation_pose`] is the inverse of the setup's conversion.

use senlac_board::kurbo::Point;
use senlac_board::scene::Place;
use senlac_board::table::{Aspect, Base, normalise};

use super::event::{Cause, Event, Motion};
use super::state::{State, UnitInfo};
use crate::view::{BattleView, Clock, Column, Kind, UnitView, Value};

/// The columns, in the order [`view`] fills them.
pub const COLUMNS: &[Column] = &[
    Column::fixed("class", "Class", Kind::Text),
    Column::fixed("traits", "Role, adv., dis.", Kind::Text),
    Column::fixed("removed_at", "Removed at", Kind::Number),
    Column {
        key: "hits",
        heading: "Hits",
        unit: None,
        kind: Kind::Number,
        followed: Some("hits"),
        roster: false,
    },
    Column::changing("marker", "Marker", "marker"),
    Column::changing("shots", "Shots", "shots"),
    Column::changing("tired", "Tired", "tired"),
    Column::changing("front", "Marked front", "front"),
    Column::changing("with", "Personalities", "personalities"),
    // Last, beside the place printers put after the columns.
    Column::changing("facing", "Facing", "facing"),
];

/// A pose in the notation's frame: `(x, y, facing)`, inches from the
/// table's left and near edges and degrees counter-clockwise from +x; the
/// inverse of `table::from_near_edge` and
/// `table::facing_from_counter_clockwise`.
pub fn notation_pose(table_depth: f64, base: &Base) -> (f64, f64, f64) {
    let (x, y) = notation_point(table_depth, base.centre);
    (x, y, normalise(90.0 - base.facing))
}

/// A point in the notation's frame: inches from the left and near edges.
pub fn notation_point(table_depth: f64, p: Point) -> (f64, f64) {
    (p.x, table_depth - p.y)
}

/// A number as the notation writes it: at most two decimals, no trailing
/// zeros, never `-0`.
pub fn number(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded == 0.0 {
        "0".into()
    } else {
        format!("{rounded}")
    }
}

/// `22x11in^90deg`: a base's pose as a claim or a `deploy` writes it.
pub fn pose_text(table_depth: f64, base: &Base) -> String {
    let (x, y, facing) = notation_pose(table_depth, base);
    let facing = if number(facing) == "360" { 0.0 } else { facing };
    format!("{}x{}in^{}deg", number(x), number(y), number(facing))
}

/// The word of a side of a base, as `contact=` and `marked=` write it.
pub fn aspect_word(aspect: Aspect) -> &'static str {
    match aspect {
        Aspect::Front => "front",
        Aspect::Right => "right",
        Aspect::Rear => "rear",
        Aspect::Left => "left",
    }
}

/// Every unit as a printer shows it; a personality is listed with the unit
/// it is with, not as a row of its own.
pub fn view(state: &State) -> BattleView {
    let roster = &state.roster;
    BattleView {
        sides: roster.sides.clone(),
        columns: COLUMNS,
        place_heading: "Position",
        casualties_heading: "Hits",
        units: (roster.units.iter().enumerate())
            .filter(|(_, u)| !u.personality)
            .map(|(i, u)| UnitView {
                side: u.side,
                id: u.id.clone(),
                name: u.name.clone(),
                status: status(state, i),
                place: state.bases[i].map(|b| {
                    let (x, y) = notation_point(roster.table.1, b.centre);
                    Place::Point(Point::new(x, y))
                }),
                values: values(state, i, u),
                men: None,
                casualties: u32::from(state.units[i].hits),
                fate: fate(state, i),
            })
            .collect(),
    }
}

/// `active`, `removed`, or `routed` once its force has routed (FM.1).
pub fn status(state: &State, unit: usize) -> &'static str {
    let side = state.roster.units[unit].side;
    if state.units[unit].removed.is_some() {
        "removed"
    } else if state.ended.is_some_and(|e| e.routed == side) {
        "routed"
    } else if state.bases[unit].is_none() {
        "not deployed"
    } else {
        "active"
    }
}

fn values(state: &State, unit: usize, info: &UnitInfo) -> Vec<Value> {
    let text = |s: &str| {
        if s.is_empty() {
            Value::None
        } else {
            Value::Text(s.to_string())
        }
    };
    let u = &state.units[unit];
    let traits: Vec<String> = [("role", &info.role), ("adv", &info.adv), ("dis", &info.dis)]
        .into_iter()
        .filter_map(|(key, v)| v.as_ref().map(|v| format!("{key}={v}")))
        .collect();
    let facing = state.bases[unit].map_or(Value::None, |b| {
        let (_, _, f) = notation_pose(state.roster.table.1, &b);
        let f = if number(f) == "360" { 0.0 } else { f };
        text(&format!("{}deg", number(f)))
    });
    let shoots = info.class.is_some_and(|c| c.info().missile.is_some());
    let shots = if !shoots {
        Value::None
    } else if u.out_of_missiles {
        text(&format!("{} (out)", u.shots))
    } else {
        match state.shot_limit(unit) {
            Some(limit) => text(&format!("{}/{limit}", u.shots)),
            None => text(&u.shots.to_string()),
        }
    };
    vec![
        text(info.class.map_or("", |c| c.word())),
        text(&traits.join(" ")),
        Value::Number(i64::from(state.removal_threshold(unit))),
        Value::Number(i64::from(u.hits)),
        text(if u.attacked { "attacked" } else { "" }),
        shots,
        text(if u.tired { "tired" } else { "" }),
        text(u.marked_front.map_or("", aspect_word)),
        text(&personalities(state, unit).join(", ")),
        facing,
    ]
}

/// The personalities with a unit now, by id (PER).
pub fn personalities(state: &State, unit: usize) -> Vec<String> {
    (state.hosts.iter().enumerate())
        .filter(|(_, host)| **host == Some(unit))
        .map(|(p, _)| state.roster.units[p].id.clone())
        .collect()
}

/// A unit's fate, for the after-action report.
pub fn fate(state: &State, unit: usize) -> String {
    let u = &state.units[unit];
    let side = state.roster.units[unit].side;
    let hits = match u.hits {
        1 => "1 hit".to_string(),
        n => format!("{n} hits"),
    };
    if let Some(removed) = u.removed {
        let whose = state
            .roster
            .sides
            .get(removed.side)
            .map_or("", String::as_str);
        let phase = removed
            .phase
            .map_or_else(String::new, |p| format!(", {} phase", p.label()));
        return format!(
            "Removed in turn {} ({whose}{phase}) with {hits}",
            removed.turn
        );
    }
    let Some(base) = state.bases[unit] else {
        return "Not deployed".into();
    };
    let mut marks = Vec::new();
    if u.tired {
        marks.push("tired");
    }
    if u.out_of_missiles {
        marks.push("out of missiles");
    }
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!(", {}", marks.join(", "))
    };
    let routed = state.ended.is_some_and(|e| e.routed == side);
    format!(
        "{} at {} with {hits}{marks}",
        if routed {
            "Routed with its force"
        } else {
            "On the field"
        },
        pose_text(state.roster.table.1, &base)
    )
}

/// Turn, side in turn and phase.
pub fn clock(state: &State) -> Clock {
    Clock {
        turn: state.turn,
        side: state.player.map(|p| state.roster.sides[p.side].clone()),
        phase: state.phase.map(|p| p.label()),
    }
}

/// A unit as a moment names it: its id.
fn called(state: &State, unit: usize) -> &str {
    state.roster.units.get(unit).map_or("?", |u| u.id.as_str())
}

/// What the report's timeline tells of `events`: the initiative, charges
/// with the side struck, shots and melee attacks with their hits, rallies,
/// units tired, out of missiles or removed, and morale.
pub fn moments(state: &State, events: &[Event]) -> Vec<String> {
    let side = |s: usize| state.roster.sides.get(s).map_or("?", String::as_str);
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Initiative { winner } => Some(format!("{} win the initiative", side(winner))),
            Event::Moved {
                unit,
                motion:
                    Motion::Charge {
                        target,
                        side: struck,
                    },
                to,
                ..
            } => Some(format!(
                "{} charges {}'s {} to {}",
                called(state, unit),
                called(state, target),
                aspect_word(struck),
                pose_text(state.roster.table.1, &to)
            )),
            Event::Moved {
                unit,
                motion: Motion::Retreat,
                ..
            } => Some(format!("{} retreats", called(state, unit))),
            Event::Hit {
                unit,
                took,
                hits,
                cause,
            } => Some(match cause {
                Cause::Shot { by } => format!(
                    "{} shoots {}: {took} hits, {hits} in all",
                    called(state, by),
                    called(state, unit)
                ),
                Cause::Melee { by } => format!(
                    "{} attacks {} in melee: {took} hits, {hits} in all",
                    called(state, by),
                    called(state, unit)
                ),
                Cause::Impetuous => format!(
                    "{}'s impetuous charge falls short: {took} hits, {hits} in all",
                    called(state, unit)
                ),
            }),
            Event::Rallied { unit, from, to } => Some(format!(
                "{} rallies from {from} to {to} hits",
                called(state, unit)
            )),
            Event::Tired { unit } => Some(format!("{} is tired", called(state, unit))),
            Event::OutOfMissiles { unit } => {
                Some(format!("{} is out of missiles", called(state, unit)))
            }
            Event::Removed { unit } => Some(format!("{} is removed", called(state, unit))),
            Event::Morale { side: s, routed } => Some(if routed {
                format!("{} fail their morale roll and rout", side(s))
            } else {
                format!("{} pass their morale roll", side(s))
            }),
            Event::Joined {
                personality,
                host: Some(host),
            } => Some(format!(
                "{} joins {}",
                called(state, personality),
                called(state, host)
            )),
            _ => None,
        })
        .collect()
}
