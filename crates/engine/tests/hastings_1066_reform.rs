//! Hastings: 1066's reform between the Assault Periods (11.4.2, 11.5;
//! HS-R39, HS-R56): the end of Period 1 rallies or eliminates, lifts the
//! armies and sets them down, Normans first, in their areas.

mod hastings_1066_common;

use hastings_1066_common::{Before, check, normans_place, saxons_place, standing};
use senlac_engine::hastings_1066::state::{Occupancy, Standing};

/// Turns 1 to 8, the last with its `record:` label.
fn to_the_reform() -> String {
    let turns: String = (1..=8)
        .map(|n| format!("{n}. Normans\n{n}. Saxons\n"))
        .collect();
    format!("{turns}  record:\n")
}

fn reform(normans: &str, saxons: &str) -> String {
    format!(
        "{}    Normans reform\n{normans}    Saxons reform\n{saxons}9. Normans\n",
        to_the_reform()
    )
}

#[test]
fn both_armies_reform_normans_first() {
    // F2 disrupted at the end of Period 1, with Gyrth on the map: rallied
    // (11.5.2).
    let before = Before {
        standings: &[("F2", Standing::Disrupted)],
        ..Before::default()
    };
    let moved = normans_place(&[("NK1@1314^5", "NK1@1412^4")]);
    let fold = check(&before, &reform(&moved, &saxons_place(&[])), &[]);
    assert_eq!((fold.period, fold.period_start), (2, 9));
    // The count of pieces per hex followed the armies off the map and back.
    assert_eq!(fold.occupied, Occupancy::of(&fold.roster, &fold.pieces));
    assert!(!fold.vacant(senlac_board::Cell::parse("1412").unwrap()));
    assert_eq!(standing(&fold, "F2"), Standing::Good);
    let nk1 = fold
        .roster
        .piece(senlac_engine::hastings_1066::tables::Side::Normans, "NK1")
        .unwrap();
    assert_eq!(
        (
            fold.pieces[nk1].at.map(|c| c.to_string()),
            fold.pieces[nk1].facing.map(|f| f.number())
        ),
        (Some("1412".to_string()), Some(4))
    );
}

#[test]
fn the_reform_is_written_at_the_end_of_period_1() {
    check(
        &Before::default(),
        &format!("{}9. Normans\n", to_the_reform()),
        &[("hastings-1066::reform-missing", "9. Normans")],
    );
    // NB2 left off the map.
    check(
        &Before::default(),
        &reform(&normans_place(&[(" NB2@1215^5", "")]), &saxons_place(&[])),
        &[("hastings-1066::reform-missing", "9. Normans")],
    );
    // Not before the period's last turn.
    check(
        &Before::default(),
        "1. Normans\n1. Saxons\n  record:\n    Normans reform\n",
        &[("hastings-1066::reform-out-of-order", "Normans reform")],
    );
    // The Saxons after the Normans (11.5.1).
    check(
        &Before::default(),
        &format!("{}    Saxons reform\n", to_the_reform()),
        &[("hastings-1066::reform-out-of-order", "Saxons reform")],
    );
}

#[test]
fn the_normans_reform_four_hexes_south_of_the_hill_between_rows_6_and_26() {
    let saxons = saxons_place(&[]);
    // 1114 is three hexes from the hill's 0812; set down there as written,
    // one error.
    check(
        &Before::default(),
        &reform(&normans_place(&[("NF1@1213^5", "NF1@1114^5")]), &saxons),
        &[("hastings-1066::reform-too-close", "NF1@1114^5")],
    );
    // Row 05 is beyond the eastern flank.
    check(
        &Before::default(),
        &reform(&normans_place(&[("FK1@1309^5", "FK1@1305^5")]), &saxons),
        &[("hastings-1066::reform-flank", "FK1@1305^5")],
    );
}

#[test]
fn the_saxons_reform_on_senlac_hill() {
    check(
        &Before::default(),
        &reform(
            &normans_place(&[]),
            &saxons_place(&[("GF4@0601^2", "GF4@0901^2")]),
        ),
        &[("hastings-1066::reform-not-on-hill", "GF4@0901^2")],
    );
}

#[test]
fn a_unit_that_cannot_trace_is_eliminated() {
    // NK1 in the corner 0101, hemmed in by T1 and F4 (11.5.3).
    let hemmed = Before {
        moves: &[
            ("NK1", "0101", Some(3)),
            ("T1", "0102", Some(6)),
            ("F4", "0201", Some(5)),
        ],
        ..Before::default()
    };
    let normans = normans_place(&[(" NK1@1314^5", "")]);
    let saxons = saxons_place(&[("T1@0710^2", "T1@0102^2"), ("F4@0711^2", "F4@0201^2")]);
    let claimed = reform(&normans, &saxons).replace(
        "    Normans reform\n",
        "    Normans reform => NK1 eliminated\n",
    );
    let fold = check(&hemmed, &claimed, &[]);
    assert_eq!(standing(&fold, "NK1"), Standing::Eliminated);
    // The claim may be left out, but the unit is not placed again.
    let placed = reform(&normans_place(&[("NK1@1314^5", "NK1@1314^5")]), &saxons);
    check(
        &hemmed,
        &placed,
        &[("hastings-1066::reform-trace", "NK1@1314^5")],
    );
    // A claim that leaves it out is wrong.
    check(
        &hemmed,
        &claimed.replace("NK1 eliminated", "NK1 ok"),
        &[("hastings-1066::reform-trace", "ok")],
    );
    // Nothing else is eliminated.
    check(
        &hemmed,
        &claimed.replace("NK1 eliminated", "NK1 eliminated BK1 eliminated"),
        &[("hastings-1066::claim-mismatch", "BK1")],
    );
}

#[test]
fn a_section_reforms_in_one_group() {
    // The Breton knights split: BK2 far from BK1 (11.5.5, a warning).
    check(
        &Before::default(),
        &reform(
            &normans_place(&[("BK2@1222^5", "BK2@1610^5")]),
            &saxons_place(&[]),
        ),
        &[("hastings-1066::reform-intermixed", "Saxons reform")],
    );
}
