//! Feudal's events as exported (docs/schema/feudal-ohw.events.schema.json):
//! units named `SIDE.ID` and sides by name, every pose in the notation's
//! frame (inches from the table's left and near edges, the facing in
//! degrees counter-clockwise from +x, FO-R1), stable across changes to
//! [`super::event::Event`]. Every event is exported, so a battle rebuilds
//! from its export.
//!
//! A pose reads back exactly: where the change of frame loses the last
//! bit of a computed pose (a charge's conformed pose; never one the
//! notation writes in quarter inches and whole degrees), the pose also
//! carries its table-frame `exact` values, which unwire takes instead.

use senlac_board::kurbo::Point;
use senlac_board::table::{self, Aspect, Base};
use serde::{Deserialize, Serialize};

use super::event::{Cause, Event, Motion};
use super::state::{Owed, Phase, PlayerTurn, State};
use super::view::{aspect_word, notation_pose};

/// A unit's base as exported: its centre and facing in the notation's
/// frame; its size is the battle's base (`option base`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    pub x: f64,
    pub y: f64,
    pub facing: f64,
    /// The table frame's `y` (inches from the far edge) and facing
    /// (degrees clockwise from north), when `y` and `facing` do not give
    /// them back to the last bit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
}

/// A pose's table-frame values, kept where the notation's lose a bit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exact {
    pub y: f64,
    pub facing: f64,
}

/// How a unit came to stand where it does ([`Motion`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum WireMotion {
    Move,
    /// Into contact with `target`'s `side`.
    Charge {
        target: String,
        side: String,
    },
    Retreat,
    Face {
        attacker: String,
    },
    Conform,
    Realign,
}

/// Why a unit took hits ([`Cause`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum WireCause {
    Shot { by: String },
    Melee { by: String },
    Impetuous,
}

/// An event as exported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Deployed {
        unit: String,
        pose: Pose,
    },
    TurnBegan {
        turn: u32,
        side: String,
        second: bool,
    },
    PhaseBegan {
        phase: String,
    },
    Initiative {
        side: String,
    },
    Moved {
        unit: String,
        from: Pose,
        path: Vec<Pose>,
        to: Pose,
        motion: WireMotion,
    },
    FrontMarked {
        unit: String,
        front: Option<String>,
    },
    Shot {
        unit: String,
        target: String,
    },
    OutOfMissiles {
        unit: String,
    },
    Attacked {
        unit: String,
        target: String,
    },
    Hit {
        unit: String,
        took: u8,
        hits: u8,
        cause: WireCause,
    },
    Tired {
        unit: String,
    },
    Marker {
        unit: String,
        on: bool,
    },
    Rallied {
        unit: String,
        from: u8,
        to: u8,
    },
    Removed {
        unit: String,
    },
    Joined {
        personality: String,
        host: Option<String>,
    },
    PersonalityUsed {
        side: String,
        strategos: bool,
    },
    Morale {
        side: String,
        routed: bool,
    },
    /// A roll falls due: a side's force-morale roll, or the initiative
    /// roll-off of a turn.
    Owes {
        roll: OwedRoll,
    },
}

/// A roll owed, as exported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "roll", rename_all = "kebab-case")]
pub enum OwedRoll {
    Morale { side: String },
    Initiative { turn: u32 },
}

/// `Angevins.K`.
fn unit_name(state: &State, unit: usize) -> String {
    let u = &state.roster.units[unit];
    format!("{}.{}", state.roster.sides[u.side], u.id)
}

fn unit_of(state: &State, name: &str) -> Option<usize> {
    (state.roster.units.iter()).position(|u| {
        name.strip_prefix(state.roster.sides[u.side].as_str())
            .and_then(|rest| rest.strip_prefix('.'))
            == Some(u.id.as_str())
    })
}

fn side_name(state: &State, side: usize) -> String {
    state.roster.sides[side].clone()
}

fn side_of(state: &State, name: &str) -> Option<usize> {
    state.roster.sides.iter().position(|s| s == name)
}

fn pose(state: &State, base: &Base) -> Pose {
    let depth = state.roster.table.1;
    let (x, y, facing) = notation_pose(depth, base);
    let mut pose = Pose {
        x,
        y,
        facing,
        exact: None,
    };
    let back = table_pose(depth, &pose);
    if back.1 != base.centre.y || back.2 != base.facing {
        pose.exact = Some(Exact {
            y: base.centre.y,
            facing: base.facing,
        });
    }
    pose
}

/// A pose's centre and facing in the table's frame.
fn table_pose(depth: f64, pose: &Pose) -> (f64, f64, f64) {
    match pose.exact {
        Some(exact) => (pose.x, exact.y, exact.facing),
        None => (
            pose.x,
            table::from_near_edge(pose.x, pose.y, depth).y,
            table::facing_from_counter_clockwise(pose.facing),
        ),
    }
}

fn base(state: &State, pose: &Pose) -> Base {
    let size = state.roster.options.base;
    let (x, y, facing) = table_pose(state.roster.table.1, pose);
    Base {
        centre: Point::new(x, y),
        width: size.width,
        depth: size.depth,
        facing,
    }
}

fn aspect_of(word: &str) -> Option<Aspect> {
    Aspect::ALL.into_iter().find(|&a| aspect_word(a) == word)
}

/// An event as exported; `state` is the one it led to.
pub fn wire(state: &State, event: &Event) -> Wire {
    let name = |unit: usize| unit_name(state, unit);
    match event {
        Event::Deployed { unit, base } => Wire::Deployed {
            unit: name(*unit),
            pose: pose(state, base),
        },
        Event::TurnBegan { turn, player } => Wire::TurnBegan {
            turn: *turn,
            side: side_name(state, player.side),
            second: player.second,
        },
        Event::PhaseBegan { phase } => Wire::PhaseBegan {
            phase: phase.label().to_string(),
        },
        Event::Initiative { winner } => Wire::Initiative {
            side: side_name(state, *winner),
        },
        Event::Moved {
            unit,
            from,
            path,
            to,
            motion,
        } => Wire::Moved {
            unit: name(*unit),
            from: pose(state, from),
            path: path.iter().map(|b| pose(state, b)).collect(),
            to: pose(state, to),
            motion: match *motion {
                Motion::Move => WireMotion::Move,
                Motion::Charge { target, side } => WireMotion::Charge {
                    target: name(target),
                    side: aspect_word(side).to_string(),
                },
                Motion::Retreat => WireMotion::Retreat,
                Motion::Face { attacker } => WireMotion::Face {
                    attacker: name(attacker),
                },
                Motion::Conform => WireMotion::Conform,
                Motion::Realign => WireMotion::Realign,
            },
        },
        Event::FrontMarked { unit, front } => Wire::FrontMarked {
            unit: name(*unit),
            front: front.map(|a| aspect_word(a).to_string()),
        },
        Event::Shot { unit, target } => Wire::Shot {
            unit: name(*unit),
            target: name(*target),
        },
        Event::OutOfMissiles { unit } => Wire::OutOfMissiles { unit: name(*unit) },
        Event::Attacked { unit, target } => Wire::Attacked {
            unit: name(*unit),
            target: name(*target),
        },
        Event::Hit {
            unit,
            took,
            hits,
            cause,
        } => Wire::Hit {
            unit: name(*unit),
            took: *took,
            hits: *hits,
            cause: match *cause {
                Cause::Shot { by } => WireCause::Shot { by: name(by) },
                Cause::Melee { by } => WireCause::Melee { by: name(by) },
                Cause::Impetuous => WireCause::Impetuous,
            },
        },
        Event::Tired { unit } => Wire::Tired { unit: name(*unit) },
        Event::Marker { unit, on } => Wire::Marker {
            unit: name(*unit),
            on: *on,
        },
        Event::Rallied { unit, from, to } => Wire::Rallied {
            unit: name(*unit),
            from: *from,
            to: *to,
        },
        Event::Removed { unit } => Wire::Removed { unit: name(*unit) },
        Event::Joined { personality, host } => Wire::Joined {
            personality: name(*personality),
            host: host.map(name),
        },
        Event::PersonalityUsed { side, strategos } => Wire::PersonalityUsed {
            side: side_name(state, *side),
            strategos: *strategos,
        },
        Event::Morale { side, routed } => Wire::Morale {
            side: side_name(state, *side),
            routed: *routed,
        },
        Event::Owes { owed } => Wire::Owes {
            roll: match *owed {
                Owed::Morale { side } => OwedRoll::Morale {
                    side: side_name(state, side),
                },
                Owed::Initiative { turn } => OwedRoll::Initiative { turn },
            },
        },
    }
}

/// An exported event read back, against the state it applies to; `None`
/// when it names a unit, side, phase or side of a base the battle has not.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    let unit = |name: &str| unit_of(state, name);
    let side = |name: &str| side_of(state, name);
    Some(match wire {
        Wire::Deployed { unit: u, pose } => Event::Deployed {
            unit: unit(u)?,
            base: base(state, pose),
        },
        Wire::TurnBegan {
            turn,
            side: s,
            second,
        } => Event::TurnBegan {
            turn: *turn,
            player: PlayerTurn {
                side: side(s)?,
                second: *second,
            },
        },
        Wire::PhaseBegan { phase } => Event::PhaseBegan {
            phase: Phase::parse(phase)?,
        },
        Wire::Initiative { side: s } => Event::Initiative { winner: side(s)? },
        Wire::Moved {
            unit: u,
            from,
            path,
            to,
            motion,
        } => Event::Moved {
            unit: unit(u)?,
            from: base(state, from),
            path: path.iter().map(|p| base(state, p)).collect(),
            to: base(state, to),
            motion: match motion {
                WireMotion::Move => Motion::Move,
                WireMotion::Charge { target, side } => Motion::Charge {
                    target: unit(target)?,
                    side: aspect_of(side)?,
                },
                WireMotion::Retreat => Motion::Retreat,
                WireMotion::Face { attacker } => Motion::Face {
                    attacker: unit(attacker)?,
                },
                WireMotion::Conform => Motion::Conform,
                WireMotion::Realign => Motion::Realign,
            },
        },
        Wire::FrontMarked { unit: u, front } => Event::FrontMarked {
            unit: unit(u)?,
            front: match front {
                Some(word) => Some(aspect_of(word)?),
                None => None,
            },
        },
        Wire::Shot { unit: u, target } => Event::Shot {
            unit: unit(u)?,
            target: unit(target)?,
        },
        Wire::OutOfMissiles { unit: u } => Event::OutOfMissiles { unit: unit(u)? },
        Wire::Attacked { unit: u, target } => Event::Attacked {
            unit: unit(u)?,
            target: unit(target)?,
        },
        Wire::Hit {
            unit: u,
            took,
            hits,
            cause,
        } => Event::Hit {
            unit: unit(u)?,
            took: *took,
            hits: *hits,
            cause: match cause {
                WireCause::Shot { by } => Cause::Shot { by: unit(by)? },
                WireCause::Melee { by } => Cause::Melee { by: unit(by)? },
                WireCause::Impetuous => Cause::Impetuous,
            },
        },
        Wire::Tired { unit: u } => Event::Tired { unit: unit(u)? },
        Wire::Marker { unit: u, on } => Event::Marker {
            unit: unit(u)?,
            on: *on,
        },
        Wire::Rallied { unit: u, from, to } => Event::Rallied {
            unit: unit(u)?,
            from: *from,
            to: *to,
        },
        Wire::Removed { unit: u } => Event::Removed { unit: unit(u)? },
        Wire::Joined { personality, host } => Event::Joined {
            personality: unit(personality)?,
            host: match host {
                Some(h) => Some(unit(h)?),
                None => None,
            },
        },
        Wire::PersonalityUsed { side: s, strategos } => Event::PersonalityUsed {
            side: side(s)?,
            strategos: *strategos,
        },
        Wire::Morale { side: s, routed } => Event::Morale {
            side: side(s)?,
            routed: *routed,
        },
        Wire::Owes { roll } => Event::Owes {
            owed: match roll {
                OwedRoll::Morale { side: s } => Owed::Morale { side: side(s)? },
                OwedRoll::Initiative { turn } => Owed::Initiative { turn: *turn },
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::event::Event;
    use super::super::worked;
    use super::{Wire, unwire, wire};

    /// The variant's name, as the export's `event` writes it.
    fn variant(event: &Event) -> &'static str {
        match event {
            Event::Deployed { .. } => "deployed",
            Event::TurnBegan { .. } => "turn-began",
            Event::PhaseBegan { .. } => "phase-began",
            Event::Initiative { .. } => "initiative",
            Event::Moved { .. } => "moved",
            Event::FrontMarked { .. } => "front-marked",
            Event::Shot { .. } => "shot",
            Event::OutOfMissiles { .. } => "out-of-missiles",
            Event::Attacked { .. } => "attacked",
            Event::Hit { .. } => "hit",
            Event::Tired { .. } => "tired",
            Event::Marker { .. } => "marker",
            Event::Rallied { .. } => "rallied",
            Event::Removed { .. } => "removed",
            Event::Joined { .. } => "joined",
            Event::PersonalityUsed { .. } => "personality-used",
            Event::Morale { .. } => "morale",
            Event::Owes { .. } => "owes",
        }
    }

    #[test]
    fn every_event_reads_back_as_itself() {
        let state = worked::setup();
        crate::wire_check::round_trips(&state, worked::every_kind(), 18, variant, wire, unwire);
    }

    /// docs/schema/feudal-ohw.events.schema.json describes every event, and
    /// no other.
    #[test]
    fn the_schema_names_every_event() {
        crate::wire_check::schema_names_every_event(
            include_str!("../../../../docs/schema/feudal-ohw.events.schema.json"),
            &worked::every_kind(),
            variant,
        );
    }

    #[test]
    fn a_charge_is_exported_in_the_notations_frame() {
        let state = worked::setup();
        let charge = &worked::player_turns()[2][8];
        let json = serde_json::to_value(wire(&state, charge)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "event": "moved",
                "unit": "Angevins.K",
                "from": {"x": 22.0, "y": 11.0, "facing": 90.0},
                "path": [{"x": 22.0, "y": 11.0, "facing": 110.0}],
                "to": {"x": 18.0, "y": 15.5, "facing": 90.0},
                "motion": {"kind": "charge", "target": "Welsh.F", "side": "front"},
            })
        );
    }

    /// A pose computed to the last bit reads back as itself, whatever its
    /// frame's change loses; one the notation writes needs no `exact`.
    #[test]
    fn a_computed_pose_reads_back_to_the_last_bit() {
        use senlac_board::kurbo::Point;
        use senlac_board::table::Base;

        use super::super::event::Motion;
        let state = worked::setup();
        let mut lost = 0;
        for i in 0..200_u32 {
            let t = f64::from(i);
            let to = Base {
                centre: Point::new(0.37 * t % 36.0, (t * 0.1234567).sin().abs() * 35.0 + 0.1),
                width: 5.0,
                depth: 2.5,
                facing: (t * 17.371) % 360.0,
            };
            let event = Event::Moved {
                unit: worked::K,
                from: worked::pose(22.0, 11.0, 90.0),
                path: vec![to],
                to,
                motion: Motion::Move,
            };
            let json = serde_json::to_string(&wire(&state, &event)).unwrap();
            lost += usize::from(json.contains("exact"));
            let read: Wire = serde_json::from_str(&json).unwrap();
            assert_eq!(unwire(&state, &read), Some(event), "{json}");
        }
        // Some lose a bit in the notation's frame, and carry it.
        assert!(lost > 0);
        let json = serde_json::to_string(&wire(&state, &worked::player_turns()[2][8])).unwrap();
        assert!(!json.contains("exact"), "{json}");
    }

    #[test]
    fn a_name_the_battle_has_not_reads_as_nothing() {
        let state = worked::setup();
        for text in [
            r#"{"event":"removed","unit":"Welsh.K"}"#,
            r#"{"event":"removed","unit":"Angevins"}"#,
            r#"{"event":"initiative","side":"Normans"}"#,
            r#"{"event":"phase-began","phase":"lunch"}"#,
            r#"{"event":"front-marked","unit":"Welsh.F","front":"top"}"#,
        ] {
            let read: Wire = serde_json::from_str(text).unwrap();
            assert_eq!(unwire(&state, &read), None, "{text}");
        }
    }
}
