//! What printers read of a Feudal battle (view.rs): each unit's row in the
//! notation's frame after each player turn of the spec's worked example
//! (5.3, its table "States after each player turn"), and the report's
//! moments.

use senlac_engine::feudal_ohw::view::{moments, pose_text, view};
use senlac_engine::feudal_ohw::worked::{self, F, S, W, X};
use senlac_engine::view::{BattleView, UnitView, Value, place_text};

fn row<'v>(view: &'v BattleView, id: &str) -> &'v UnitView {
    view.units.iter().find(|u| u.id == id).unwrap()
}

/// A column's value as text, by key.
fn cell(view: &BattleView, id: &str, key: &str) -> String {
    let i = view.columns.iter().position(|c| c.key == key).unwrap();
    row(view, id).values[i].plain()
}

/// `22x11in^90deg`: a row's place and facing, as a claim writes them.
fn pose(view: &BattleView, id: &str) -> String {
    let u = row(view, id);
    match &u.place {
        Some(place) => format!("{}^{}", place_text(place), cell(view, id, "facing")),
        None => "-".into(),
    }
}

#[test]
fn the_setup_rows_are_the_deploy_lines() {
    let state = worked::setup();
    let v = view(&state);
    let poses: Vec<String> = ["K", "B", "S", "W", "F", "X"]
        .iter()
        .map(|id| pose(&v, id))
        .collect();
    assert_eq!(
        poses,
        [
            "22x6in^90deg",
            "16x7in^90deg",
            "10x6in^90deg",
            "30x15.5in^270deg",
            "18x18in^270deg",
            "9x23in^270deg"
        ]
    );
    assert_eq!(cell(&v, "K", "class"), "knights");
    assert_eq!(cell(&v, "K", "removed_at"), "15");
    // Bowmen shoot, 3 shots before they are out (1.4); knights do not.
    assert_eq!(cell(&v, "B", "shots"), "0/3");
    let shots = v.columns.iter().position(|c| c.key == "shots").unwrap();
    assert_eq!(row(&v, "K").values[shots], Value::None);
    assert_eq!(row(&v, "K").status, "active");
}

#[test]
fn each_player_turn_of_the_worked_example() {
    let states = worked::states();
    // 1.Angevins: K and S moved 5", F 4 hits with a marker, B one shot.
    let v = view(&states[0].0);
    assert_eq!(pose(&v, "K"), "22x11in^90deg");
    assert_eq!(pose(&v, "S"), "10x11in^90deg");
    assert_eq!(
        (cell(&v, "F", "hits"), cell(&v, "F", "marker")),
        ("4".into(), "attacked".into())
    );
    assert_eq!(cell(&v, "B", "shots"), "1/3");
    // 1.Welsh: W turned and moved, K 4 hits, S 3, F rallied to 3.
    let v = view(&states[1].0);
    assert_eq!(pose(&v, "W"), "27.25x15.5in^180deg");
    assert_eq!(
        [
            cell(&v, "K", "hits"),
            cell(&v, "S", "hits"),
            cell(&v, "F", "hits")
        ],
        ["4", "3", "3"]
    );
    assert_eq!(cell(&v, "F", "marker"), "");
    assert_eq!(cell(&v, "K", "marker"), "attacked");
    assert_eq!(cell(&v, "W", "shots"), "1/3");
    // 2.Angevins: K charged F into contact, F 10 hits.
    let v = view(&states[2].0);
    assert_eq!(pose(&v, "K"), "18x15.5in^90deg");
    assert_eq!(cell(&v, "F", "hits"), "10");
    assert_eq!(cell(&v, "S", "hits"), "2");
    assert_eq!(cell(&v, "K", "marker"), "");
    assert_eq!(cell(&v, "B", "shots"), "2/3");
    // 2.Welsh: K removed with 17 hits; W in contact with its right flank.
    let v = view(&states[3].0);
    let k = row(&v, "K");
    assert_eq!((k.status, k.place, k.casualties), ("removed", None, 17));
    assert_eq!(
        k.fate,
        "Removed in turn 2 (Welsh, melee phase) with 17 hits"
    );
    assert_eq!(pose(&v, "W"), "21.75x15.5in^180deg");
    assert_eq!(cell(&v, "X", "shots"), "2/3");
    assert_eq!(
        row(&v, "F").fate,
        "On the field at 18x18in^270deg with 10 hits"
    );
    assert_eq!(
        row(&v, "B").fate,
        "On the field at 16x7in^90deg with 0 hits"
    );
}

#[test]
fn a_pose_is_written_back_in_the_notations_frame() {
    // The inverse of the setup's conversion, whatever the quarter.
    for (x, y, facing, text) in [
        (22.0, 11.0, 90.0, "22x11in^90deg"),
        (27.25, 15.5, 180.0, "27.25x15.5in^180deg"),
        (3.0, 0.5, 0.0, "3x0.5in^0deg"),
        (12.0, 30.0, 315.0, "12x30in^315deg"),
        (5.5, 2.125, 22.5, "5.5x2.13in^22.5deg"),
    ] {
        assert_eq!(pose_text(36.0, &worked::pose(x, y, facing)), text);
    }
    // A tiny negative turn is 0deg, never 360deg.
    let mut base = worked::pose(1.0, 1.0, 0.0);
    base.facing += 1e-12;
    assert_eq!(pose_text(36.0, &base), "1x1in^0deg");
}

#[test]
fn the_moments_tell_charges_hits_removals_and_morale() {
    let states = worked::states();
    let (state, events) = &states[2];
    assert_eq!(
        moments(state, events),
        [
            "Angevins win the initiative",
            "B shoots F: 2 hits, 5 in all",
            "K charges F's front to 18x15.5in^90deg",
            "K attacks F in melee: 5 hits, 10 in all",
            "S rallies from 3 to 2 hits",
        ]
    );
    let (state, events) = &states[3];
    assert_eq!(
        moments(state, events),
        [
            "X shoots K: 3 hits, 7 in all",
            "W charges K's right to 21.75x15.5in^180deg",
            "F attacks K in melee: 4 hits, 11 in all",
            "W attacks K in melee: 6 hits, 17 in all",
            "K is removed",
            "Angevins pass their morale roll",
        ]
    );
}

#[test]
fn a_routed_force_and_markers_read_in_the_row() {
    use senlac_board::table::Aspect;
    use senlac_engine::feudal_ohw::event::{Event, apply};
    let mut state = worked::states().pop().unwrap().0;
    for event in [
        Event::Tired { unit: F },
        Event::OutOfMissiles { unit: X },
        Event::FrontMarked {
            unit: W,
            front: Some(Aspect::Left),
        },
        Event::Morale {
            side: 1,
            routed: true,
        },
    ] {
        apply(&mut state, &event);
    }
    let v = view(&state);
    assert_eq!(cell(&v, "F", "tired"), "tired");
    assert_eq!(cell(&v, "X", "shots"), "2 (out)");
    assert_eq!(cell(&v, "W", "front"), "left");
    assert_eq!(row(&v, "W").status, "routed");
    assert_eq!(
        row(&v, "X").fate,
        "Routed with its force at 9x23in^270deg with 0 hits, out of missiles"
    );
    assert_eq!(
        moments(
            &state,
            &[Event::Morale {
                side: 1,
                routed: true
            }]
        ),
        ["Welsh fail their morale roll and rout"]
    );
    // The removal threshold follows the options and advantages (1.5, AD.2).
    assert_eq!(state.removal_threshold(S), 15);
    assert_eq!(cell(&v, "B", "removed_at"), "15");
}
