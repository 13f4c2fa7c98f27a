//! Hastings: 1066's rally segment (9.5, 10.3.2, 10.3.3; HS-R19, HS-R31):
//! a disrupted unit rolls on the Rally Table, a routed one in an effective
//! leader's range rallies without a roll, and one out of every range
//! withdraws two hexes to the rear.

mod hastings_1066_common;

use hastings_1066_common::{Before, cell, check, standing};
use senlac_engine::hastings_1066::state::Standing;
use senlac_engine::hastings_1066::tables::Side;

#[test]
fn a_disrupted_unit_rolls_on_the_rally_table() {
    // NB1 (morale D) in 0914 rallies on 1-2; no leader has it in range
    // (the spec's turn 2).
    let before = Before {
        standings: &[("NB1", Standing::Disrupted)],
        moves: &[("NB1", "0914", Some(5))],
        ..Before::default()
    };
    let fold = check(
        &before,
        "1. Normans\n  rally:\n    NB1 rally d6:2 => NB1 rallied\n",
        &[],
    );
    assert_eq!(standing(&fold, "NB1"), Standing::Good);
    let fold = check(
        &before,
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 disrupted\n",
        &[],
    );
    assert_eq!(standing(&fold, "NB1"), Standing::Disrupted);
    check(
        &before,
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 rallied\n",
        &[("hastings-1066::rally-mismatch", "rallied")],
    );
    check(
        &before,
        "1. Normans\n  rally:\n    NB1 rally d6:2\n    NB1 rally d6:1\n",
        &[("hastings-1066::rally-twice", "NB1 rally d6:1")],
    );
    // With Odo (rally 1) in its hex, one less: a 3 rallies.
    let with_odo = Before {
        standings: &[("NB1", Standing::Disrupted)],
        moves: &[("NB1", "0914", Some(5)), ("ODO", "0914", None)],
        ..Before::default()
    };
    check(
        &with_odo,
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 rallied\n",
        &[],
    );
}

#[test]
fn a_routed_unit_rallies_in_a_leaders_range_or_withdraws() {
    // BF1 routed, stacked with Alan: rallied without a roll (10.3.3).
    let with_alan = Before {
        standings: &[("BF1", Standing::Routed)],
        ..Before::default()
    };
    let fold = check(
        &with_alan,
        "1. Normans\n  rally:\n    BF1 rally => BF1 rallied\n",
        &[],
    );
    assert_eq!(standing(&fold, "BF1"), Standing::Good);
    check(
        &with_alan,
        "1. Normans\n  rally:\n    BF1 rally d6:4\n",
        &[("hastings-1066::unexpected-roll", "d6:4")],
    );
    // Out of every range: two hexes to the rear, south for a Norman.
    let alone = Before {
        standings: &[("BF1", Standing::Routed)],
        moves: &[("ALN", "1321", None), ("BF1", "0820", Some(2))],
        ..Before::default()
    };
    let fold = check(
        &alone,
        "1. Normans\n  rally:\n    BF1 withdraw 0820-0920-1020 facing=2\n  fire:\n",
        &[],
    );
    let bf1 = fold.roster.piece(Side::Normans, "BF1").unwrap();
    assert_eq!(fold.pieces[bf1].at, Some(cell("1020")));
    check(
        &alone,
        "1. Normans\n  rally:\n  fire:\n",
        &[("hastings-1066::withdraw-missing", "fire:")],
    );
    check(
        &alone,
        "1. Normans\n  rally:\n    BF1 withdraw 0820-0720-0620 facing=2\n",
        &[("hastings-1066::rout-path", "0820-0720-0620")],
    );
    // 9.2.3.4: a withdrawal that ends on the map is not an elimination; the
    // path is right, so the claim is the fault, and it is played as the path.
    let fold = check(
        &alone,
        "1. Normans\n  rally:\n    BF1 withdraw 0820-0920-1020 facing=2 => BF1 eliminated\n",
        &[("hastings-1066::claim-mismatch", "eliminated")],
    );
    assert_eq!(fold.pieces[bf1].at, Some(cell("1020")));
    assert_eq!(standing(&fold, "BF1"), Standing::Routed);
}

#[test]
fn a_withdrawal_off_the_map_eliminates_the_unit() {
    // BF1 routed in 1520, two hexes from Alan (rally 1): one hex to 1620,
    // column 16, and its next step to the rear leaves the map (9.2.3.4).
    let edge = Before {
        standings: &[("BF1", Standing::Routed)],
        moves: &[("ALN", "1321", None), ("BF1", "1520", Some(2))],
        ..Before::default()
    };
    let fold = check(
        &edge,
        "1. Normans\n  rally:\n    BF1 withdraw 1520-1620 facing=2 => BF1 eliminated\n",
        &[],
    );
    assert_eq!(standing(&fold, "BF1"), Standing::Eliminated);
    // The right path with the wrong claim: `claim-mismatch` on the claim,
    // not `rout-path`, and BF1 is gone all the same.
    let fold = check(
        &edge,
        "1. Normans\n  rally:\n    BF1 withdraw 1520-1620 facing=2 => BF1 routed\n",
        &[("hastings-1066::claim-mismatch", "routed")],
    );
    assert_eq!(standing(&fold, "BF1"), Standing::Eliminated);
}

#[test]
fn a_routed_unit_out_of_every_rally_range_withdraws() {
    // 9.5.3: F2, routed in 0721, rallies with Gyrth in its hex; moved to
    // 0419, five hexes from Harold and four from Gyrth, it cannot.
    let before = Before {
        standings: &[("F2", Standing::Routed)],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n1. Saxons\n  rally:\n    F2 rally => F2 rallied\n",
        &[],
    );
    let far = Before {
        standings: &[("F2", Standing::Routed)],
        moves: &[("F2", "0419", Some(5))],
        ..Before::default()
    };
    check(
        &far,
        "1. Normans\n1. Saxons\n  rally:\n    F2 rally\n",
        &[("hastings-1066::rally-not-in-range", "F2 rally")],
    );
}
