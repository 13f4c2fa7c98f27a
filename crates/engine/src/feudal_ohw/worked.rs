//! The spec's worked example (5.3, tests/data/feudal-ohw-worked.sbn) as
//! the events its log makes, player turn by player turn, written by hand
//! from the spec's table "States after each player turn": the printers'
//! tests (view, scene, wire) draw and export them without play.

use senlac_board::table::{self, Aspect, Base};
use senlac_notation::parse;

use super::event::{Cause, Event, Motion, apply};
use super::state::{Owed, Phase, PlayerTurn, State};

/// The worked example's text.
pub const TEXT: &str = include_str!("../../tests/data/feudal-ohw-worked.sbn");

/// Units by index, in the roster's order.
pub const K: usize = 0;
pub const B: usize = 1;
pub const S: usize = 2;
pub const W: usize = 3;
pub const F: usize = 4;
pub const X: usize = 5;

/// A 5x2.5" base at a pose written in the notation's frame on the 36"
/// table.
pub fn pose(x: f64, y: f64, facing: f64) -> Base {
    Base {
        centre: table::from_near_edge(x, y, 36.0),
        width: 5.0,
        depth: 2.5,
        facing: table::facing_from_counter_clockwise(facing),
    }
}

/// The state after the setup.
pub fn setup() -> State {
    let archive = parse(TEXT);
    let mut out = Vec::new();
    let state = super::setup::setup(&archive.battles[0], &mut out);
    assert!(out.is_empty(), "{out:?}");
    state
}

fn turn(turn: u32, side: usize) -> Event {
    Event::TurnBegan {
        turn,
        player: PlayerTurn {
            side,
            second: side == 1,
        },
    }
}

fn phase(phase: Phase) -> Event {
    Event::PhaseBegan { phase }
}

fn shot(by: usize, target: usize, took: u8, hits: u8) -> [Event; 2] {
    [
        Event::Shot { unit: by, target },
        Event::Hit {
            unit: target,
            took,
            hits,
            cause: Cause::Shot { by },
        },
    ]
}

fn melee(by: usize, target: usize, took: u8, hits: u8) -> [Event; 2] {
    [
        Event::Attacked { unit: by, target },
        Event::Hit {
            unit: target,
            took,
            hits,
            cause: Cause::Melee { by },
        },
    ]
}

fn marker(unit: usize, on: bool) -> Event {
    Event::Marker { unit, on }
}

/// The events of each of the four player turns: 1.Angevins, 1.Welsh,
/// 2.Angevins, 2.Welsh.
pub fn player_turns() -> [Vec<Event>; 4] {
    use Phase::{Initiative, Melee, Move, Rally, Shoot};
    let mut one = vec![turn(1, 0), phase(Shoot)];
    one.extend(shot(B, F, 4, 4));
    one.extend([
        marker(F, true),
        phase(Move),
        Event::Moved {
            unit: K,
            from: pose(22.0, 6.0, 90.0),
            path: Vec::new(),
            to: pose(22.0, 11.0, 90.0),
            motion: Motion::Move,
        },
        Event::Moved {
            unit: S,
            from: pose(10.0, 6.0, 90.0),
            path: Vec::new(),
            to: pose(10.0, 11.0, 90.0),
            motion: Motion::Move,
        },
        phase(Melee),
        phase(Rally),
    ]);
    let mut two = vec![turn(1, 1), phase(Shoot)];
    two.extend(shot(X, S, 3, 3));
    two.extend([
        marker(S, true),
        phase(Move),
        Event::Moved {
            unit: W,
            from: pose(30.0, 15.5, 270.0),
            path: vec![pose(30.0, 15.5, 180.0)],
            to: pose(27.25, 15.5, 180.0),
            motion: Motion::Move,
        },
    ]);
    two.extend(shot(W, K, 4, 4));
    two.extend([
        marker(K, true),
        phase(Melee),
        phase(Rally),
        Event::Rallied {
            unit: F,
            from: 4,
            to: 3,
        },
        marker(F, false),
    ]);
    let mut three = vec![
        turn(2, 0),
        phase(Initiative),
        Event::Initiative { winner: 0 },
        phase(Shoot),
    ];
    three.extend(shot(B, F, 2, 5));
    three.extend([
        marker(F, true),
        phase(Move),
        Event::Moved {
            unit: K,
            from: pose(22.0, 11.0, 90.0),
            path: vec![pose(22.0, 11.0, 110.0)],
            to: pose(18.0, 15.5, 90.0),
            motion: Motion::Charge {
                target: F,
                side: Aspect::Front,
            },
        },
        phase(Melee),
    ]);
    three.extend(melee(K, F, 5, 10));
    three.extend([
        marker(K, true),
        marker(F, true),
        phase(Rally),
        Event::Rallied {
            unit: S,
            from: 3,
            to: 2,
        },
        marker(K, false),
        marker(S, false),
    ]);
    let mut four = vec![turn(2, 1), phase(Shoot)];
    four.extend(shot(X, K, 3, 7));
    four.extend([
        marker(K, true),
        phase(Move),
        Event::Moved {
            unit: W,
            from: pose(27.25, 15.5, 180.0),
            path: Vec::new(),
            to: pose(21.75, 15.5, 180.0),
            motion: Motion::Charge {
                target: K,
                side: Aspect::Right,
            },
        },
        phase(Melee),
    ]);
    four.extend(melee(F, K, 4, 11));
    four.extend(melee(W, K, 6, 17));
    four.extend([
        Event::Removed { unit: K },
        Event::Morale {
            side: 0,
            routed: false,
        },
        phase(Rally),
        marker(F, false),
        marker(W, false),
    ]);
    [one, two, three, four]
}

/// The state after each player turn, and each turn's events.
pub fn states() -> Vec<(State, Vec<Event>)> {
    let mut state = setup();
    let mut out = Vec::new();
    for events in player_turns() {
        for event in &events {
            apply(&mut state, event);
        }
        out.push((state.clone(), events));
    }
    out
}

/// Every variant, each form of a motion and a cause: the worked
/// example's events and what it does not write.
pub fn every_kind() -> Vec<Event> {
    let mut events: Vec<Event> = player_turns().into_iter().flatten().collect();
    let at = pose(22.0, 11.0, 90.0);
    events.extend([
        Event::Deployed {
            unit: K,
            base: pose(22.0, 6.0, 90.0),
        },
        Event::FrontMarked {
            unit: F,
            front: Some(Aspect::Left),
        },
        Event::FrontMarked {
            unit: F,
            front: None,
        },
        Event::OutOfMissiles { unit: B },
        Event::Tired { unit: F },
        Event::Joined {
            personality: K,
            host: Some(B),
        },
        Event::Joined {
            personality: K,
            host: None,
        },
        Event::PersonalityUsed {
            side: 1,
            strategos: true,
        },
        Event::Hit {
            unit: W,
            took: 3,
            hits: 3,
            cause: Cause::Impetuous,
        },
        Event::Morale {
            side: 1,
            routed: true,
        },
        Event::Owes {
            owed: Owed::Morale { side: 0 },
        },
        Event::Owes {
            owed: Owed::Initiative { turn: 2 },
        },
    ]);
    for motion in [
        Motion::Retreat,
        Motion::Face { attacker: X },
        Motion::Conform,
        Motion::Realign,
    ] {
        events.push(Event::Moved {
            unit: F,
            from: at,
            path: vec![pose(22.0, 11.0, 270.0)],
            to: pose(22.0, 8.5, 270.0),
            motion,
        });
    }
    // A pose computed to the last bit, as a conformed charger's is.
    let mut conformed = pose(21.3, 13.2, 0.0);
    conformed.centre.y = 12.768_616_153_960_759;
    conformed.facing = 52.113;
    events.push(Event::Moved {
        unit: K,
        from: at,
        path: Vec::new(),
        to: conformed,
        motion: Motion::Conform,
    });
    events
}
