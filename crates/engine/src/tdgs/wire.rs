//! TDGS Mass Combat's events as exported: stable, versioned with the export
//! schema, naming entities `Side.ID` and squares `CCRR`, separate from the
//! engine's own [`Event`] so either can change without breaking the other.
//! Bookkeeping events (the owed queue, budgets) are not exported.

use serde::{Deserialize, Serialize};

use super::event::{CheckKind, Event, Roll};
use super::state::{AttackKind, OtherHp, State, Status};
use super::tables::Order;
use senlac_board::Cell;

/// One exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Round {
        round: u32,
    },
    Activation {
        entity: String,
    },
    Moved {
        entity: String,
        from: String,
        path: Vec<String>,
    },
    Attacked {
        attacker: String,
        target: String,
        kind: String,
        die: i32,
        total: i32,
        hit: bool,
        damage: i32,
    },
    Hp {
        entity: String,
        hp: i32,
    },
    HpClaimed {
        entity: String,
        hp: i32,
        /// The account not followed while a wrong claim disputes the HP
        /// (TDGS-R54), and whether it is the HP worked out from the damage.
        other_hp: Option<i32>,
        other_worked_out: bool,
    },
    Status {
        entity: String,
        status: String,
    },
    Checked {
        entity: String,
        check: String,
        die: i32,
        total: i32,
        pass: bool,
    },
    Ordered {
        unit: String,
        order: String,
        pending: bool,
    },
    Commanded {
        unit: String,
        commander: Option<String>,
    },
    /// Kept in the timeline, not worth exporting: budgets, owed items.
    Bookkeeping,
}

fn entity(state: &State, index: usize) -> String {
    state.info(index).map_or_else(String::new, |i| {
        let side = state
            .roster
            .sides
            .get(i.side)
            .map_or("", smol_str::SmolStr::as_str);
        format!("{side}.{}", i.id)
    })
}

fn find(state: &State, name: &str) -> Option<usize> {
    let (side, id) = name.split_once('.')?;
    let side = state.roster.side_index(side)?;
    state.roster.entity(side, id)
}

fn attack_word(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "melee",
        AttackKind::Shot => "shot",
        AttackKind::Arcane => "arcane",
        AttackKind::Divine => "divine",
    }
}

/// `event` as exported; `state` is the one it led to.
pub fn wire(state: &State, event: &Event) -> Wire {
    match event {
        Event::RoundStarted(round) => Wire::Round { round: *round },
        Event::ActivationOpened { entity: e } => Wire::Activation {
            entity: entity(state, *e),
        },
        Event::Moved {
            entity: e,
            from,
            path,
        } => Wire::Moved {
            entity: entity(state, *e),
            from: from.to_string(),
            path: path.iter().map(Cell::to_string).collect(),
        },
        Event::Attacked {
            attacker,
            target,
            kind,
            roll,
            damage,
        } => Wire::Attacked {
            attacker: entity(state, *attacker),
            target: entity(state, *target),
            kind: attack_word(*kind).to_string(),
            die: roll.die,
            total: roll.total,
            hit: roll.success,
            damage: *damage,
        },
        Event::Hp { entity: e, hp } => Wire::Hp {
            entity: entity(state, *e),
            hp: *hp,
        },
        Event::HpClaimed {
            entity: e,
            hp,
            other,
        } => Wire::HpClaimed {
            entity: entity(state, *e),
            hp: *hp,
            other_hp: other.map(|o| o.hp),
            other_worked_out: other.is_some_and(|o| o.worked_out),
        },
        Event::Status { entity: e, status } => Wire::Status {
            entity: entity(state, *e),
            status: status.word().to_string(),
        },
        Event::Routed { unit, .. } => Wire::Status {
            entity: entity(state, *unit),
            status: Status::Routed.word().to_string(),
        },
        Event::Recovered { unit, .. } => Wire::Status {
            entity: entity(state, *unit),
            status: Status::Active.word().to_string(),
        },
        Event::Checked {
            entity: e,
            kind,
            roll,
        } => Wire::Checked {
            entity: entity(state, *e),
            check: match kind {
                CheckKind::Morale(triggers) => format!("morale {}", triggers.words()),
                CheckKind::Cornered => "cornered".to_string(),
                CheckKind::Rally { unit } => format!("rally {}", entity(state, *unit)),
            },
            die: roll.die,
            total: roll.total,
            pass: roll.success,
        },
        Event::Ordered {
            unit,
            order,
            pending,
        } => Wire::Ordered {
            unit: entity(state, *unit),
            order: order.word().to_string(),
            pending: *pending,
        },
        Event::Commanded { unit, link } => Wire::Commanded {
            unit: entity(state, *unit),
            commander: link.map(|l| entity(state, l.commander)),
        },
        _ => Wire::Bookkeeping,
    }
}

/// An exported event read back against the state it applies to; `None`
/// for bookkeeping and for names the state does not know.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    let cell = |text: &str| Cell::parse(text);
    Some(match wire {
        Wire::Round { round } => Event::RoundStarted(*round),
        Wire::Activation { entity } => Event::ActivationOpened {
            entity: find(state, entity)?,
        },
        Wire::Moved { entity, from, path } => Event::Moved {
            entity: find(state, entity)?,
            from: cell(from)?,
            path: path.iter().map(|c| cell(c)).collect::<Option<_>>()?,
        },
        Wire::Attacked {
            attacker,
            target,
            kind,
            die,
            total,
            hit,
            damage,
        } => Event::Attacked {
            attacker: find(state, attacker)?,
            target: find(state, target)?,
            kind: [
                AttackKind::Melee,
                AttackKind::Shot,
                AttackKind::Arcane,
                AttackKind::Divine,
            ]
            .into_iter()
            .find(|k| attack_word(*k) == kind)?,
            roll: Roll {
                die: *die,
                total: *total,
                success: *hit,
            },
            damage: *damage,
        },
        Wire::Hp { entity, hp } => Event::Hp {
            entity: find(state, entity)?,
            hp: *hp,
        },
        Wire::HpClaimed {
            entity,
            hp,
            other_hp,
            other_worked_out,
        } => Event::HpClaimed {
            entity: find(state, entity)?,
            hp: *hp,
            other: other_hp.map(|hp| OtherHp {
                hp,
                worked_out: *other_worked_out,
            }),
        },
        Wire::Status { entity, status } => Event::Status {
            entity: find(state, entity)?,
            status: Status::parse(status)?,
        },
        Wire::Ordered {
            unit,
            order,
            pending,
        } => Event::Ordered {
            unit: find(state, unit)?,
            order: Order::parse(order)?,
            pending: *pending,
        },
        Wire::Checked { .. } | Wire::Commanded { .. } | Wire::Bookkeeping => return None,
    })
}
