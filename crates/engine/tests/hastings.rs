//! The Hastings sample against the numbers of mass-combat-a.md's example.

use senlac_engine::mass_combat::{self, State, Status};
use senlac_engine::{Config, Point};
use senlac_notation::parse;

fn sample() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap()
}

/// (side, id, command points, damage) for every unit at a point.
fn table(state: &State) -> Vec<(String, String, u8, u8)> {
    state
        .roster
        .units
        .iter()
        .zip(&state.units)
        .map(|(info, unit)| {
            (
                state.roster.sides[info.side].to_string(),
                info.id.to_string(),
                unit.command_points,
                unit.damage,
            )
        })
        .collect()
}

#[test]
fn setup_matches_the_armies_after_bonus() {
    let text = sample();
    let archive = parse(&text);
    let Some(replay) = mass_combat::replay(&archive.battles[0], Config::TIMELINE) else {
        panic!()
    };
    let setup = &replay.at(&Point::Setup).unwrap();
    // mass-combat-a.md: the armies' tables after the leadership bonus.
    let saxons = [1, 1, 2, 6, 6, 5, 6, 7, 7];
    let normans = [4, 4, 6, 6, 6, 6, 6];
    let expected: Vec<u8> = saxons.iter().chain(&normans).copied().collect();
    let got: Vec<u8> = table(setup).iter().map(|row| row.2).collect();
    assert_eq!(got, expected);
    assert!(
        setup
            .units
            .iter()
            .all(|u| u.status == Status::Active && u.hex.is_some())
    );
}

#[test]
fn turn_one_matches_the_document() {
    let text = sample();
    let archive = parse(&text);
    let Some(replay) = mass_combat::replay(&archive.battles[0], Config::TIMELINE) else {
        panic!()
    };
    assert_eq!(replay.violations, vec![]);
    let state = &replay
        .at(&Point::Turn(1))
        .expect("a state at the end of turn 1");
    // mass-combat-a.md, "The state of units at the end of turn one is".
    let expected = [
        ("Saxons", "I", 0),
        ("Saxons", "II", 0),
        ("Saxons", "III", 1),
        ("Saxons", "IV", 5),
        ("Saxons", "V", 5),
        ("Saxons", "VI", 3),
        ("Saxons", "VII", 4),
        ("Saxons", "VIII", 6),
        ("Saxons", "IX", 6),
        ("Normans", "I", 3),
        ("Normans", "II", 3),
        ("Normans", "III", 5),
        ("Normans", "IV", 5),
        ("Normans", "V", 5),
        ("Normans", "VI", 5),
        ("Normans", "VII", 5),
    ];
    let got = table(state);
    assert_eq!(got.len(), expected.len());
    for ((side, id, cp, damage), (want_side, want_id, want_cp)) in got.iter().zip(expected) {
        assert_eq!(
            (side.as_str(), id.as_str(), *cp, *damage),
            (want_side, want_id, want_cp, 0)
        );
    }
}

#[test]
fn timeline_addresses_points() {
    let text = sample();
    let archive = parse(&text);
    let Some(replay) = mass_combat::replay(&archive.battles[0], Config::TIMELINE) else {
        panic!()
    };
    let saxon_turn: Point = "1.Saxons".parse().unwrap();
    let after_saxons = replay.at(&saxon_turn).unwrap();
    // After the Saxons' half of turn one, only the Saxons have paid.
    assert_eq!(after_saxons.units[0].command_points, 0);
    assert_eq!(after_saxons.units[9].command_points, 4);
    let volley: Point = "1.Normans.volley".parse().unwrap();
    let after_volley = replay.at(&volley).unwrap();
    assert_eq!(
        after_volley.units[5].command_points, 3,
        "Saxons VI: 5, held (1), endured (1)"
    );
    assert_eq!(
        after_volley.units[9].command_points, 3,
        "Normans I volleyed: 4 - 1"
    );
    let figures: Vec<&str> = replay
        .timeline
        .figures
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    // The setup's three figures come first (tests/aftermath.rs checks all 17).
    assert_eq!(
        figures[..3],
        ["battlegrid", "haroldsArrives", "williamArrives"]
    );
    assert_eq!(replay.timeline.figures[1].caption, "Anglo Saxon Deployment");
}
