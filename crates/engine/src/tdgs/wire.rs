//! TDGS Mass Combat's events as exported: stable, versioned with the export
//! schema, naming entities `Side.ID` and squares `CCRR`, separate from the
//! engine's own [`Event`] so either can change without breaking the other.
//! Every event is exported, the owed queue and budgets included, so a
//! battle rebuilds from its export (docs/schema/tdgs.events.schema.json).

use serde::{Deserialize, Serialize};

use senlac_board::Cell;
use senlac_notation::Span;

use super::event::{CheckKind, Event, Roll};
use super::state::{AttackKind, Link, MoraleCheck, OtherHp, Owed, Rout, State, Status, Triggers};
use super::tables::{Command, Order, Trigger};

/// One exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Deployed {
        entity: String,
        at: String,
    },
    Round {
        round: u32,
    },
    SideTurn {
        side: String,
    },
    Activation {
        entity: String,
    },
    ActivationClosed,
    Spent {
        action: bool,
        step: bool,
    },
    Refused,
    TieOrdered {
        entity: String,
    },
    Delayed {
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
    /// `check` is `morale TRIGGER+TRIGGER`, `cornered` or `rally Side.ID`.
    Checked {
        entity: String,
        check: String,
        die: i32,
        total: i32,
        pass: bool,
    },
    Routed {
        entity: String,
        threat: i32,
        threat_entity: Option<String>,
        triggers: Vec<String>,
    },
    Recovered {
        entity: String,
        rallied: bool,
    },
    RallyTried {
        unit: String,
    },
    LastStand {
        unit: String,
        on: bool,
    },
    Ordered {
        unit: String,
        order: String,
        pending: bool,
    },
    Charging {
        unit: String,
    },
    /// `slot` (`direct` or `extended`) is there when `commander` is.
    Commanded {
        unit: String,
        commander: Option<String>,
        slot: Option<String>,
    },
    TriggersSpent {
        unit: String,
        triggers: Vec<String>,
    },
    CommanderLossChecked {
        unit: String,
        commander: String,
    },
    TerrorMet {
        unit: String,
        entity: String,
    },
    RerollUsed {
        unit: String,
    },
    Owe {
        owed: WireOwed,
    },
    /// The owed item at `index` of the queue was written or declined.
    Paid {
        index: usize,
    },
}

/// Something owed, as exported; `span` is the byte range of the line that
/// made it owed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum WireOwed {
    Morale {
        unit: String,
        triggers: Vec<String>,
        threat: i32,
        threat_entity: Option<String>,
        span: [u32; 2],
    },
    FreeAttack {
        attacker: String,
        commander: String,
        attack: String,
        span: [u32; 2],
    },
    Cornered {
        unit: String,
        span: [u32; 2],
    },
    Hazard {
        entity: String,
        span: [u32; 2],
    },
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

/// A name read back that may be absent: `None` when absent, and a failed
/// read when it names nothing.
fn find_optional(state: &State, name: Option<&String>) -> Option<Option<usize>> {
    match name {
        Some(name) => find(state, name).map(Some),
        None => Some(None),
    }
}

const ATTACK_KINDS: [AttackKind; 4] = [
    AttackKind::Melee,
    AttackKind::Shot,
    AttackKind::Arcane,
    AttackKind::Divine,
];

fn attack_word(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "melee",
        AttackKind::Shot => "shot",
        AttackKind::Arcane => "arcane",
        AttackKind::Divine => "divine",
    }
}

fn attack_kind(word: &str) -> Option<AttackKind> {
    ATTACK_KINDS.into_iter().find(|k| attack_word(*k) == word)
}

fn trigger_words(triggers: Triggers) -> Vec<String> {
    triggers.iter().map(|t| t.word().to_string()).collect()
}

fn triggers_of<S: AsRef<str>>(words: &[S]) -> Option<Triggers> {
    words.iter().try_fold(Triggers::NONE, |set, word| {
        Trigger::parse(word.as_ref()).map(|t| set.with(t))
    })
}

fn span_of(span: Span) -> [u32; 2] {
    [span.start, span.end]
}

fn span([start, end]: [u32; 2]) -> Span {
    Span { start, end }
}

fn owed_wire(state: &State, owed: &Owed) -> WireOwed {
    match *owed {
        Owed::Morale(check) => WireOwed::Morale {
            unit: entity(state, check.unit),
            triggers: trigger_words(check.triggers),
            threat: check.threat,
            threat_entity: check.threat_entity.map(|e| entity(state, e)),
            span: span_of(check.cause),
        },
        Owed::FreeAttack {
            attacker,
            commander,
            kind,
            cause,
        } => WireOwed::FreeAttack {
            attacker: entity(state, attacker),
            commander: entity(state, commander),
            attack: attack_word(kind).to_string(),
            span: span_of(cause),
        },
        Owed::Cornered { unit, cause } => WireOwed::Cornered {
            unit: entity(state, unit),
            span: span_of(cause),
        },
        Owed::Hazard { entity: e, cause } => WireOwed::Hazard {
            entity: entity(state, e),
            span: span_of(cause),
        },
    }
}

fn owed_event(state: &State, owed: &WireOwed) -> Option<Owed> {
    Some(match owed {
        WireOwed::Morale {
            unit,
            triggers,
            threat,
            threat_entity,
            span: at,
        } => Owed::Morale(MoraleCheck {
            unit: find(state, unit)?,
            triggers: triggers_of(triggers)?,
            threat: *threat,
            threat_entity: find_optional(state, threat_entity.as_ref())?,
            cause: span(*at),
        }),
        WireOwed::FreeAttack {
            attacker,
            commander,
            attack,
            span: at,
        } => Owed::FreeAttack {
            attacker: find(state, attacker)?,
            commander: find(state, commander)?,
            kind: attack_kind(attack)?,
            cause: span(*at),
        },
        WireOwed::Cornered { unit, span: at } => Owed::Cornered {
            unit: find(state, unit)?,
            cause: span(*at),
        },
        WireOwed::Hazard { entity, span: at } => Owed::Hazard {
            entity: find(state, entity)?,
            cause: span(*at),
        },
    })
}

/// A check as [`Wire::Checked`] writes it.
fn check_words(state: &State, kind: CheckKind) -> String {
    match kind {
        CheckKind::Morale(triggers) => format!("morale {}", triggers.words()),
        CheckKind::Cornered => "cornered".to_string(),
        CheckKind::Rally { unit } => format!("rally {}", entity(state, unit)),
    }
}

fn check_kind(state: &State, words: &str) -> Option<CheckKind> {
    if words == "cornered" {
        return Some(CheckKind::Cornered);
    }
    match words.split_once(' ')? {
        ("morale", "") => Some(CheckKind::Morale(Triggers::NONE)),
        ("morale", triggers) => {
            let words: Vec<&str> = triggers.split('+').collect();
            triggers_of(&words).map(CheckKind::Morale)
        }
        ("rally", unit) => find(state, unit).map(|unit| CheckKind::Rally { unit }),
        _ => None,
    }
}

/// `event` as exported; `state` is the one it led to. Names come from the
/// roster, which no event changes, so the state before would name the same.
pub fn wire(state: &State, event: &Event) -> Wire {
    let entity = |index: usize| entity(state, index);
    match event {
        Event::Deployed { entity: e, anchor } => Wire::Deployed {
            entity: entity(*e),
            at: anchor.to_string(),
        },
        Event::RoundStarted(round) => Wire::Round { round: *round },
        Event::SideTurn { side } => Wire::SideTurn {
            side: state
                .roster
                .sides
                .get(*side)
                .map(ToString::to_string)
                .unwrap_or_default(),
        },
        Event::ActivationOpened { entity: e } => Wire::Activation { entity: entity(*e) },
        Event::ActivationClosed => Wire::ActivationClosed,
        Event::Spent { action, step } => Wire::Spent {
            action: *action,
            step: *step,
        },
        Event::Refused => Wire::Refused,
        Event::TieOrdered { entity: e } => Wire::TieOrdered { entity: entity(*e) },
        Event::Delayed { entity: e } => Wire::Delayed { entity: entity(*e) },
        Event::Moved {
            entity: e,
            from,
            path,
        } => Wire::Moved {
            entity: entity(*e),
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
            attacker: entity(*attacker),
            target: entity(*target),
            kind: attack_word(*kind).to_string(),
            die: roll.die,
            total: roll.total,
            hit: roll.success,
            damage: *damage,
        },
        Event::Hp { entity: e, hp } => Wire::Hp {
            entity: entity(*e),
            hp: *hp,
        },
        Event::HpClaimed {
            entity: e,
            hp,
            other,
        } => Wire::HpClaimed {
            entity: entity(*e),
            hp: *hp,
            other_hp: other.map(|o| o.hp),
            other_worked_out: other.is_some_and(|o| o.worked_out),
        },
        Event::Status { entity: e, status } => Wire::Status {
            entity: entity(*e),
            status: status.word().to_string(),
        },
        Event::Checked {
            entity: e,
            kind,
            roll,
        } => Wire::Checked {
            entity: entity(*e),
            check: check_words(state, *kind),
            die: roll.die,
            total: roll.total,
            pass: roll.success,
        },
        Event::Routed { unit, rout } => Wire::Routed {
            entity: entity(*unit),
            threat: rout.threat,
            threat_entity: rout.threat_entity.map(entity),
            triggers: trigger_words(rout.triggers),
        },
        Event::Recovered { unit, rallied } => Wire::Recovered {
            entity: entity(*unit),
            rallied: *rallied,
        },
        Event::RallyTried { unit } => Wire::RallyTried {
            unit: entity(*unit),
        },
        Event::LastStand { unit, on } => Wire::LastStand {
            unit: entity(*unit),
            on: *on,
        },
        Event::Ordered {
            unit,
            order,
            pending,
        } => Wire::Ordered {
            unit: entity(*unit),
            order: order.word().to_string(),
            pending: *pending,
        },
        Event::Charging { unit } => Wire::Charging {
            unit: entity(*unit),
        },
        Event::Commanded { unit, link } => Wire::Commanded {
            unit: entity(*unit),
            commander: link.map(|l| entity(l.commander)),
            slot: link.map(|l| l.slot.word().to_string()),
        },
        Event::TriggersSpent { unit, triggers } => Wire::TriggersSpent {
            unit: entity(*unit),
            triggers: trigger_words(*triggers),
        },
        Event::CommanderLossChecked { unit, commander } => Wire::CommanderLossChecked {
            unit: entity(*unit),
            commander: entity(*commander),
        },
        Event::TerrorMet { unit, entity: e } => Wire::TerrorMet {
            unit: entity(*unit),
            entity: entity(*e),
        },
        Event::RerollUsed { unit } => Wire::RerollUsed {
            unit: entity(*unit),
        },
        Event::Owe(owed) => Wire::Owe {
            owed: owed_wire(state, owed),
        },
        Event::Paid(index) => Wire::Paid { index: *index },
    }
}

/// An exported event read back against the state it applies to; `None`
/// for names, cells and words the state or the rules do not know.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    let cell = |text: &str| Cell::parse(text);
    Some(match wire {
        Wire::Deployed { entity, at } => Event::Deployed {
            entity: find(state, entity)?,
            anchor: cell(at)?,
        },
        Wire::Round { round } => Event::RoundStarted(*round),
        Wire::SideTurn { side } => Event::SideTurn {
            side: state.roster.side_index(side)?,
        },
        Wire::Activation { entity } => Event::ActivationOpened {
            entity: find(state, entity)?,
        },
        Wire::ActivationClosed => Event::ActivationClosed,
        Wire::Spent { action, step } => Event::Spent {
            action: *action,
            step: *step,
        },
        Wire::Refused => Event::Refused,
        Wire::TieOrdered { entity } => Event::TieOrdered {
            entity: find(state, entity)?,
        },
        Wire::Delayed { entity } => Event::Delayed {
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
            kind: attack_kind(kind)?,
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
        Wire::Checked {
            entity,
            check,
            die,
            total,
            pass,
        } => Event::Checked {
            entity: find(state, entity)?,
            kind: check_kind(state, check)?,
            roll: Roll {
                die: *die,
                total: *total,
                success: *pass,
            },
        },
        Wire::Routed {
            entity,
            threat,
            threat_entity,
            triggers,
        } => Event::Routed {
            unit: find(state, entity)?,
            rout: Rout {
                threat: *threat,
                threat_entity: find_optional(state, threat_entity.as_ref())?,
                triggers: triggers_of(triggers)?,
            },
        },
        Wire::Recovered { entity, rallied } => Event::Recovered {
            unit: find(state, entity)?,
            rallied: *rallied,
        },
        Wire::RallyTried { unit } => Event::RallyTried {
            unit: find(state, unit)?,
        },
        Wire::LastStand { unit, on } => Event::LastStand {
            unit: find(state, unit)?,
            on: *on,
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
        Wire::Charging { unit } => Event::Charging {
            unit: find(state, unit)?,
        },
        Wire::Commanded {
            unit,
            commander,
            slot,
        } => Event::Commanded {
            unit: find(state, unit)?,
            link: match (commander, slot) {
                (Some(commander), Some(slot)) => Some(Link {
                    commander: find(state, commander)?,
                    slot: Command::parse(slot)?,
                }),
                (None, None) => None,
                _ => return None,
            },
        },
        Wire::TriggersSpent { unit, triggers } => Event::TriggersSpent {
            unit: find(state, unit)?,
            triggers: triggers_of(triggers)?,
        },
        Wire::CommanderLossChecked { unit, commander } => Event::CommanderLossChecked {
            unit: find(state, unit)?,
            commander: find(state, commander)?,
        },
        Wire::TerrorMet { unit, entity } => Event::TerrorMet {
            unit: find(state, unit)?,
            entity: find(state, entity)?,
        },
        Wire::RerollUsed { unit } => Event::RerollUsed {
            unit: find(state, unit)?,
        },
        Wire::Owe { owed } => Event::Owe(owed_event(state, owed)?),
        Wire::Paid { index } => Event::Paid(*index),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tdgs::setup::setup;

    fn harrow_ford() -> State {
        let text = include_str!("../../../../samples/harrow-ford.sbn");
        let archive = senlac_notation::parse(text);
        setup(&archive.battles[0], &mut Vec::new()).fold(crate::tdgs::event::apply)
    }

    /// The exported name of the event's variant; exhaustive, so a new
    /// variant must be named here and then given one in [`one_of_each`].
    fn variant(event: &Event) -> &'static str {
        match event {
            Event::Deployed { .. } => "deployed",
            Event::RoundStarted(_) => "round",
            Event::SideTurn { .. } => "side-turn",
            Event::ActivationOpened { .. } => "activation",
            Event::ActivationClosed => "activation-closed",
            Event::Spent { .. } => "spent",
            Event::Refused => "refused",
            Event::TieOrdered { .. } => "tie-ordered",
            Event::Delayed { .. } => "delayed",
            Event::Moved { .. } => "moved",
            Event::Attacked { .. } => "attacked",
            Event::Hp { .. } => "hp",
            Event::HpClaimed { .. } => "hp-claimed",
            Event::Status { .. } => "status",
            Event::Checked { .. } => "checked",
            Event::Routed { .. } => "routed",
            Event::Recovered { .. } => "recovered",
            Event::RallyTried { .. } => "rally-tried",
            Event::LastStand { .. } => "last-stand",
            Event::Ordered { .. } => "ordered",
            Event::Charging { .. } => "charging",
            Event::Commanded { .. } => "commanded",
            Event::TriggersSpent { .. } => "triggers-spent",
            Event::CommanderLossChecked { .. } => "commander-loss-checked",
            Event::TerrorMet { .. } => "terror-met",
            Event::RerollUsed { .. } => "reroll-used",
            Event::Owe(_) => "owe",
            Event::Paid(_) => "paid",
        }
    }

    fn one_of_each() -> Vec<Event> {
        let cause = Span { start: 12, end: 40 };
        let roll = Roll {
            die: 14,
            total: 17,
            success: true,
        };
        let two = Triggers::NONE.with(Trigger::Half).with(Trigger::Terror);
        vec![
            Event::Deployed {
                entity: 1,
                anchor: Cell { column: 3, row: 4 },
            },
            Event::RoundStarted(2),
            Event::SideTurn { side: 1 },
            Event::ActivationOpened { entity: 2 },
            Event::ActivationClosed,
            Event::Spent {
                action: true,
                step: false,
            },
            Event::Refused,
            Event::TieOrdered { entity: 4 },
            Event::Delayed { entity: 5 },
            Event::Moved {
                entity: 2,
                from: Cell { column: 9, row: 8 },
                path: [Cell { column: 9, row: 7 }, Cell { column: 9, row: 6 }]
                    .into_iter()
                    .collect(),
            },
            Event::Attacked {
                attacker: 2,
                target: 10,
                kind: AttackKind::Arcane,
                roll,
                damage: 31,
            },
            Event::Hp { entity: 10, hp: 59 },
            Event::HpClaimed {
                entity: 10,
                hp: 57,
                other: Some(OtherHp {
                    hp: 59,
                    worked_out: true,
                }),
            },
            Event::Status {
                entity: 12,
                status: Status::Fled,
            },
            Event::Checked {
                entity: 12,
                kind: CheckKind::Morale(two),
                roll,
            },
            Event::Checked {
                entity: 12,
                kind: CheckKind::Morale(Triggers::NONE),
                roll,
            },
            Event::Checked {
                entity: 12,
                kind: CheckKind::Cornered,
                roll,
            },
            Event::Checked {
                entity: 8,
                kind: CheckKind::Rally { unit: 12 },
                roll,
            },
            Event::Routed {
                unit: 12,
                rout: Rout {
                    threat: 3,
                    threat_entity: Some(2),
                    triggers: two,
                },
            },
            Event::Recovered {
                unit: 12,
                rallied: true,
            },
            Event::RallyTried { unit: 12 },
            Event::LastStand { unit: 12, on: true },
            Event::Ordered {
                unit: 3,
                order: Order::Hold,
                pending: true,
            },
            Event::Charging { unit: 13 },
            Event::Commanded {
                unit: 3,
                link: Some(Link {
                    commander: 1,
                    slot: Command::Extended,
                }),
            },
            Event::Commanded {
                unit: 3,
                link: None,
            },
            Event::TriggersSpent {
                unit: 3,
                triggers: two,
            },
            Event::CommanderLossChecked {
                unit: 10,
                commander: 8,
            },
            Event::TerrorMet { unit: 3, entity: 9 },
            Event::RerollUsed { unit: 10 },
            Event::Owe(Owed::Morale(MoraleCheck {
                unit: 3,
                triggers: two,
                threat: 4,
                threat_entity: None,
                cause,
            })),
            Event::Owe(Owed::FreeAttack {
                attacker: 10,
                commander: 1,
                kind: AttackKind::Shot,
                cause,
            }),
            Event::Owe(Owed::Cornered { unit: 12, cause }),
            Event::Owe(Owed::Hazard { entity: 7, cause }),
            Event::Paid(1),
        ]
    }

    /// docs/schema/tdgs.events.schema.json describes every event, and
    /// no other.
    #[test]
    fn the_schema_names_every_event() {
        crate::wire_check::schema_names_every_event(
            include_str!("../../../../docs/schema/tdgs.events.schema.json"),
            &one_of_each(),
            variant,
        );
    }

    #[test]
    fn every_event_round_trips_through_json() {
        crate::wire_check::round_trips(&harrow_ford(), one_of_each(), 28, variant, wire, unwire);
    }

    #[test]
    fn entities_squares_and_words_are_named() {
        let state = harrow_ford();
        let events = one_of_each();
        let routed = events.iter().find(|e| variant(e) == "routed").unwrap();
        let json = serde_json::to_value(wire(&state, routed)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "event": "routed", "entity": "Raiders.R3", "threat": 3,
                "threat_entity": "Crown.A", "triggers": ["half", "terror"],
            })
        );
        let owed = Event::Owe(Owed::Hazard {
            entity: 7,
            cause: Span { start: 12, end: 40 },
        });
        assert_eq!(
            serde_json::to_value(wire(&state, &owed)).unwrap(),
            serde_json::json!({
                "event": "owe",
                "owed": { "kind": "hazard", "entity": "Crown.F", "span": [12, 40] },
            })
        );
        let unknown = Wire::Charging {
            unit: "Raiders.Z9".to_string(),
        };
        assert_eq!(unwire(&state, &unknown), None);
        let half_a_link = Wire::Commanded {
            unit: "Crown.B".to_string(),
            commander: Some("Crown.Y".to_string()),
            slot: None,
        };
        assert_eq!(unwire(&state, &half_a_link), None);
    }
}
