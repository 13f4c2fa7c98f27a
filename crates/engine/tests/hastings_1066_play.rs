//! Hastings: 1066's sequence of play (spec section 1; 3.2, HS-R41): turns,
//! player phases and segments in order, each line in its segment and by the
//! side acting there. Each case plays a movetext after the spec's example
//! setup (tests/data/hastings-1066-setup.sbn) and asserts every finding by
//! its code and the exact text under its span.

use senlac_engine::hastings_1066::state::Segment;
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
use senlac_engine::replay::replay;
use senlac_engine::{Config, Sandbox, Violation};
use senlac_notation::lower::steps;
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
/// The spec's turns 1 and 2 (section 5.2).
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

/// The sequence's codes, which this file is about: what each line does is
/// checked by its own module's tests (hastings_1066_movement.rs for moves),
/// and the spec's turns move pieces by lines (routs, pursuits) whose
/// modules are still to come.
const SEQUENCE: [&str; 8] = [
    "hastings-1066::turn-out-of-sequence",
    "hastings-1066::segment-out-of-order",
    "hastings-1066::unknown-phase",
    "hastings-1066::unknown-verb",
    "hastings-1066::wrong-segment",
    "hastings-1066::wrong-side",
    "hastings-1066::ambiguous-unit",
    "hastings-1066::sides",
];

/// The one check: `movetext` after the setup gives exactly `expected` of
/// the sequence's findings.
#[track_caller]
fn check(movetext: &str, expected: &[(&str, &str)]) -> Sandbox<Hastings1066> {
    let text = format!("{SETUP}\n{movetext}");
    let archive = parse(&text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    assert!(out.is_empty(), "setup: {out:?}");
    fold.play(&HASTINGS_1066, steps(battle), &mut out);
    fold.settle(&mut out);
    let found: Vec<(&str, &str)> = out
        .iter()
        .filter(|v| SEQUENCE.contains(&v.code))
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, expected, "\n{movetext}\n{out:#?}");
    fold
}

/// The codes of the sequence of play.
const SEQUENCE_CODES: [&str; 7] = [
    "hastings-1066::turn-out-of-sequence",
    "hastings-1066::segment-out-of-order",
    "hastings-1066::unknown-phase",
    "hastings-1066::wrong-segment",
    "hastings-1066::wrong-side",
    "hastings-1066::unknown-verb",
    "hastings-1066::sides",
];

#[test]
fn the_specs_two_turns_keep_the_sequence() {
    // Only the sequence is judged here: movement and orders, which the
    // spec's lines rely on, are checked by their own modules.
    let text = format!("{SETUP}\n{TURNS_1_2}");
    let archive = parse(&text);
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    fold.play(&HASTINGS_1066, steps(battle), &mut out);
    fold.settle(&mut out);
    let sequence: Vec<&str> = out
        .iter()
        .map(|v| v.code)
        .filter(|c| SEQUENCE_CODES.contains(c))
        .collect();
    assert!(sequence.is_empty(), "{out:#?}");
    assert_eq!(fold.turn, 2);
}

#[test]
fn turns_go_normans_then_saxons_numbered_on() {
    check(
        "2. Normans\n",
        &[("hastings-1066::turn-out-of-sequence", "2. Normans")],
    );
    check(
        "1. Saxons\n",
        &[("hastings-1066::turn-out-of-sequence", "1. Saxons")],
    );
    check(
        "1. Normans\n1. Saxons\n1. Normans\n",
        &[("hastings-1066::turn-out-of-sequence", "1. Normans")],
    );
    check("1. Normans\n1. Saxons\n2. Normans\n2. Saxons\n", &[]);
    check("1. Normands\n", &[("hastings-1066::sides", "1. Normands")]);
}

#[test]
fn segments_come_once_each_in_order() {
    // The Order Phase holds the spec's turn-1 orders (hastings_1066_orders.rs
    // checks them).
    let orders: String = TURNS_1_2
        .lines()
        .skip(2)
        .take(6)
        .map(|l| format!("{l}\n"))
        .collect();
    check(
        &format!(
            "1. Normans\n  orders:\n{orders}  rally:\n  fire:\n  movement:\n  reaction:\n  defensive-fire:\n  melee:\n1. Saxons\n  rally:\n  melee:\n  record:\n"
        ),
        &[],
    );
    check(
        "1. Normans\n  movement:\n  fire:\n",
        &[("hastings-1066::segment-out-of-order", "fire:")],
    );
    check(
        "1. Normans\n  melee:\n  melee:\n",
        &[("hastings-1066::segment-out-of-order", "melee:")],
    );
    // The Order Phase heads the Normans' block; the record ends the Saxons'.
    check(
        "1. Normans\n1. Saxons\n  orders:\n",
        &[("hastings-1066::segment-out-of-order", "orders:")],
    );
    check(
        "1. Normans\n  record:\n",
        &[("hastings-1066::segment-out-of-order", "record:")],
    );
    // A misspelt label opens the segment it nearly names.
    let fold = check(
        "1. Normans\n  movment:\n    BF1 move 1120-1020 facing=5\n",
        &[("hastings-1066::unknown-phase", "movment:")],
    );
    assert_eq!(fold.segment, Some(Segment::Movement));
}

#[test]
fn lines_stand_in_their_segment_by_the_side_acting_there() {
    check(
        "1. Normans\n  fire:\n    BF1 move 1120-1020 facing=5\n",
        &[("hastings-1066::wrong-segment", "move")],
    );
    // A label left out is reported once, at the first line it would hold,
    // and the segment is read as opened: the line after is not reported.
    let fold = check(
        "1. Normans\n  fire:\n    BF1 move 1120-1020 facing=5\n    BF2 move 1121-1021 facing=5\n",
        &[("hastings-1066::wrong-segment", "move")],
    );
    assert_eq!(fold.segment, Some(Segment::Movement));
    check(
        "1. Normans\n    BF1 move 1120-1020 facing=5\n",
        &[("hastings-1066::wrong-segment", "move")],
    );
    // A line whose segment has passed is refused.
    check(
        "1. Normans\n  melee:\n    BF1 move 1120-1020 facing=5\n",
        &[("hastings-1066::wrong-segment", "move")],
    );
    // The Saxons move in their own phase; they react in the Normans'.
    check(
        "1. Normans\n  movement:\n    F1 move 0719-0819 facing=2\n",
        &[("hastings-1066::wrong-side", "F1")],
    );
    check(
        "1. Normans\n  reaction:\n    BB1 react 1119-1019 facing=5 d6:1\n",
        &[("hastings-1066::wrong-side", "BB1")],
    );
    check(
        "1. Normans\n  movement:\n    BF1 dance 1120\n",
        &[("hastings-1066::unknown-verb", "dance")],
    );
    // Owed lines stand wherever their cause does: in melee, a morale line
    // is no sequence finding (whether it is owed is the morale module's).
    check("1. Normans\n  melee:\n    BF2 morale d6:3 => BF2 ok\n", &[]);
}

const SAMPLE: &str = include_str!("../../../samples/hastings-1066-st.sbn");

/// Where each piece stands, with its standing and side, after `fold`.
fn positions(fold: &Sandbox<Hastings1066>) -> Vec<String> {
    fold.pieces
        .iter()
        .map(|p| format!("{:?} {:?} {}", p.at, p.standing, p.reduced))
        .collect()
}

/// HS-R64: a turn line left out is reported once, at the label that opens
/// its phase, and read as if it stood there: the lines after it are judged
/// in their own phase. Each of the sample's turn lines but the first,
/// deleted in turn: before, `1. Saxons` gave 13 errors and `2. Normans`
/// 21, none naming the turn line.
#[test]
fn a_turn_line_left_out_is_one_error_and_read_as_if_it_stood_there() {
    let whole = parse(SAMPLE);
    let mut out = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, &whole.battles[0], &mut out);
    fold.play(&HASTINGS_1066, steps(&whole.battles[0]), &mut out);
    fold.settle(&mut out);
    assert!(out.is_empty(), "{out:#?}");
    let clean = positions(&fold);
    let cases = [
        ("1. Saxons", "movement:"),
        ("2. Normans", "orders:"),
        ("2. Saxons", "rally:"),
        ("3. Normans", "orders:"),
        ("3. Saxons", "rally:"),
    ];
    for (header, label) in cases {
        let line = format!("\n{header}\n");
        let at = SAMPLE.find(&line).unwrap() + 1;
        let text = format!("{}{}", &SAMPLE[..at], &SAMPLE[at + line.len() - 1..]);
        let archive = parse(&text);
        assert!(!archive.has_errors());
        let battle = &archive.battles[0];
        let mut out: Vec<Violation> = Vec::new();
        let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
        fold.play(&HASTINGS_1066, steps(battle), &mut out);
        fold.settle(&mut out);
        let found: Vec<(&str, &str, usize)> = out
            .iter()
            .map(|v| (v.code, &text[v.span.range()], v.span.start as usize))
            .collect();
        // The label stands where the turn line stood, indented two.
        assert_eq!(
            found,
            [("hastings-1066::turn-out-of-sequence", label, at + 2)],
            "{header}: {out:#?}"
        );
        let missing = format!("the turn line `{header}` is missing above it");
        assert!(out[0].message.ends_with(&missing), "{}", out[0].message);
        assert_eq!(positions(&fold), clean, "{header}");
        // The replay `senlac lint` runs reads ahead of a label as the
        // Sandbox does.
        let replayed = replay(&HASTINGS_1066, battle, Config::default());
        assert_eq!(replayed.violations, out, "{header}");
    }
}
