//! Hastings: 1066's Turn Record Phase (3.3, 12.2; HS-R27, HS-R28, HS-R44):
//! casualty points and the extension of an Assault Period.

mod hastings_1066_common;

use hastings_1066_common::{Before, check, normans_place, saxons_place};
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::period::time_verdict;
use senlac_engine::hastings_1066::record::{encircled, on_the_hill, points_lost};
use senlac_engine::hastings_1066::state::{
    Decision, Extension, Formation, LeaderStanding, Standing, Wing,
};
use senlac_engine::hastings_1066::tables::{
    FireResult, Order, Period, Side, Supply, fire_segments,
};

const RECORD: &str = "1. Normans\n1. Saxons\n  record:\n";

/// Battle Turns `from..=to`, each side's phase written and empty.
fn turns(from: u32, to: u32) -> String {
    (from..=to)
        .map(|n| format!("{n}. Normans\n{n}. Saxons\n"))
        .collect()
}

/// Turns 1 to 8, the last with its `record:` label.
fn to_the_eighth() -> String {
    format!("{}  record:\n", turns(1, 8))
}

/// Turns 1 to `to`, the armies reformed at the end of turn 8 as the
/// example setup stands.
fn reformed_to(to: u32) -> String {
    format!(
        "{}    Normans reform\n{}    Saxons reform\n{}{}",
        to_the_eighth(),
        normans_place(&[]),
        saxons_place(&[]),
        turns(9, to)
    )
}

#[test]
fn casualty_points_count_what_each_side_lost() {
    // HC1 (A, 15) and F1 (D, 2) eliminated: the Saxons have lost 17.
    let lost = Before {
        standings: &[("HC1", Standing::Eliminated), ("F1", Standing::Eliminated)],
        ..Before::default()
    };
    let fold = check(
        &lost,
        &format!("{RECORD}    Saxons tally => points=17\n    Normans tally => points=0\n"),
        &[],
    );
    assert_eq!(points_lost(&fold, Side::Saxons), 17);
    check(
        &lost,
        &format!("{RECORD}    Saxons tally => points=15\n"),
        &[("hastings-1066::casualty-points-mismatch", "points=15")],
    );
}

#[test]
fn an_extension_is_claimed_by_a_condition_that_holds() {
    // In the example setup no Norman stands on Senlac Hill: 0 of 13.
    let fold = check(&Before::default(), RECORD, &[]);
    assert_eq!(on_the_hill(&fold), (0, 13));
    assert!(!encircled(&fold));
    check(
        &Before::default(),
        &format!("{}    Normans extend half\n", to_the_eighth()),
        &[("hastings-1066::extension-not-earned", "half")],
    );
    // Seven of the thirteen on the hill is more than half, not three
    // quarters (HS-R28).
    let climbed = Before {
        moves: &[
            ("NK1", "0601", Some(5)),
            ("NF1", "0602", Some(5)),
            ("NB1", "0603", Some(5)),
            ("NB2", "0604", Some(5)),
            ("BK1", "0605", Some(5)),
            ("BK2", "0606", Some(5)),
            ("BF1", "0607", Some(5)),
        ],
        ..Before::default()
    };
    let fold = check(
        &climbed,
        &format!("{}    Normans extend half\n", to_the_eighth()),
        &[],
    );
    assert_eq!(on_the_hill(&fold), (7, 13));
    assert_eq!(fold.extension, Some(Extension::Half));
    check(
        &climbed,
        &format!("{}    Normans extend three-quarters\n", to_the_eighth()),
        &[("hastings-1066::extension-not-earned", "three-quarters")],
    );
    // Only at the end of the eighth turn (3.3.1), and once (3.3.1d).
    check(
        &climbed,
        &format!("{RECORD}    Normans extend half\n"),
        &[("hastings-1066::extension-not-earned", "Normans extend half")],
    );
    check(
        &climbed,
        &format!(
            "{}    Normans extend half\n    Normans extend half\n",
            to_the_eighth()
        ),
        &[("hastings-1066::extension-conflict", "Normans extend half")],
    );
}

/// Seven of the thirteen Norman combat units on Senlac Hill.
const CLIMBED: Before<'static> = Before {
    orders: &[],
    moves: &[
        ("NK1", "0601", Some(5)),
        ("NF1", "0602", Some(5)),
        ("NB1", "0603", Some(5)),
        ("NB2", "0604", Some(5)),
        ("BK1", "0605", Some(5)),
        ("BK2", "0606", Some(5)),
        ("BF1", "0607", Some(5)),
    ],
    standings: &[],
    leaders: &[],
    reduced: &[],
};

#[test]
fn an_earned_extension_is_taken() {
    // 3.3.1: more than half on the hill after turn 8, and no `extend`.
    check(
        &CLIMBED,
        &format!("{}9. Normans\n", to_the_eighth()),
        &[("hastings-1066::extension-missing", "9. Normans")],
    );
}

#[test]
fn a_period_is_eight_turns_and_what_it_earned() {
    // Without an extension Period 2 opens with turn 9 (3.0, HS-R41).
    let fold = check(&Before::default(), &reformed_to(9), &[]);
    assert_eq!(
        (fold.period, fold.period_start, fold.turn_in_period()),
        (2, 9, 1)
    );
    // `half` adds turns 9 and 10: Period 2 opens with turn 11.
    let extended = format!(
        "{}    Normans extend half\n{}",
        to_the_eighth(),
        turns(9, 10)
    );
    let fold = check(&CLIMBED, &extended, &[]);
    assert_eq!((fold.period, fold.turn_in_period()), (1, 10));
    let fold = check(
        &CLIMBED,
        &format!("{extended}{}", turns(11, 11)),
        &[("hastings-1066::reform-missing", "11. Normans")],
    );
    assert_eq!((fold.period, fold.period_start), (2, 11));
}

#[test]
fn the_game_ends_with_period_2() {
    // Turns 1 to 16, and the Saxons hold the hill (12.1.3).
    let fold = check(
        &Before::default(),
        &format!(
            "{}  record:\n    Saxons win => victory=strategic\n",
            reformed_to(16)
        ),
        &[],
    );
    assert_eq!(
        time_verdict(&fold).map(|v| v.winner),
        Some(Some(Side::Saxons))
    );
    check(
        &Before::default(),
        &format!(
            "{}17. Normans\n  movement:\n    NK1 face 4\n",
            reformed_to(16)
        ),
        &[("hastings-1066::game-over", "17. Normans")],
    );
    check(
        &Before::default(),
        &format!(
            "{}  record:\n    Normans win => victory=strategic\n",
            reformed_to(16)
        ),
        &[(
            "hastings-1066::victory-claim-mismatch",
            "Normans win => victory=strategic",
        )],
    );
}

/// Norman units on every road hex of Senlac Hill, 0811 to 0116 (12.1.1).
const ON_THE_ROAD: Before<'static> = Before {
    orders: &[],
    moves: &[
        ("NK1", "0811", Some(5)),
        ("NF1", "0812", Some(5)),
        ("NB1", "0713", Some(5)),
        ("NB2", "0613", Some(5)),
        ("BK1", "0514", Some(5)),
        ("BK2", "0414", Some(5)),
        ("BF1", "0315", Some(5)),
        ("BF2", "0215", Some(5)),
        ("BB1", "0116", Some(5)),
    ],
    standings: &[],
    leaders: &[],
    reduced: &[],
};

#[test]
fn the_road_wins_the_normans_the_battle_at_once() {
    // The pieces placed take the road; the first line after is judged.
    let fold = check(
        &ON_THE_ROAD,
        "1. Normans\n  movement:\n    NK1 face 4\n1. Saxons\n  record:\n    Normans win => victory=strategic\n",
        &[],
    );
    let verdict = fold.verdict.expect("decided");
    assert_eq!(
        (verdict.winner, verdict.decision, verdict.turn),
        (Some(Side::Normans), Decision::Road, 1)
    );
    check(
        &ON_THE_ROAD,
        "1. Normans\n  movement:\n    NK1 face 4\n    NF1 face 4\n",
        &[("hastings-1066::victory-missed", "NF1 face 4")],
    );
    check(
        &ON_THE_ROAD,
        "1. Normans\n  movement:\n    NK1 face 4\n1. Saxons\n  record:\n    Normans win => victory=tactical\n",
        &[("hastings-1066::victory-claim-mismatch", "tactical")],
    );
    // Before the road is whole, nobody has won.
    check(
        &Before::default(),
        "1. Normans\n1. Saxons\n  record:\n    Normans win => victory=strategic\n",
        &[(
            "hastings-1066::victory-claim-mismatch",
            "Normans win => victory=strategic",
        )],
    );
}

#[test]
fn every_housecarl_eliminated_wins_or_draws_by_the_points() {
    // 12.1.2: HC1 to HC3 eliminated, the Saxons lose 45 (A, 15 each). With
    // WG (A, 15) and NK1 (C, 3) lost, the Normans win.
    let won = Before {
        standings: &[
            ("HC1", Standing::Eliminated),
            ("HC2", Standing::Eliminated),
            ("HC3", Standing::Eliminated),
            ("WG", Standing::Eliminated),
            ("NK1", Standing::Eliminated),
        ],
        ..Before::default()
    };
    let record = "1. Normans\n  movement:\n    NF1 face 4\n1. Saxons\n  record:\n";
    let fold = check(
        &won,
        &format!("{record}    Normans win => victory=strategic\n"),
        &[],
    );
    let verdict = fold.verdict.expect("decided");
    assert_eq!(
        (
            verdict.winner,
            verdict.decision,
            points_lost(&fold, Side::Normans)
        ),
        (Some(Side::Normans), Decision::Housecarls, 18)
    );
    // William killed too (50): 68 against 45, a draw.
    let costly = Before {
        leaders: &[("WIL", LeaderStanding::Killed)],
        reduced: &[],
        ..won
    };
    let fold = check(
        &costly,
        &format!("{record}    Normans win => victory=draw\n"),
        &[],
    );
    assert_eq!(fold.verdict.map(|v| v.winner), Some(None));
    check(
        &costly,
        &format!("{record}    Normans win => victory=strategic\n"),
        &[(
            "hastings-1066::victory-claim-mismatch",
            "Normans win => victory=strategic",
        )],
    );
}

#[test]
fn period_2_carries_over_the_unused_fire_segments() {
    // 7.4.3: NB1's section fired in one of its six Period 1 segments; five
    // carry over, and Period 2 gives 3 more, capped at 6. Gyrth shaken in
    // turn 8 is effective again (HS-R33), two-turn orders end (HS-R30).
    let shaken = Before {
        leaders: &[("GYR", LeaderStanding::Shaken)],
        reduced: &[],
        orders: &[(Formation::Wing(Wing::Right), Order::AttackPursue)],
        ..Before::default()
    };
    let mut fold = check(&shaken, &turns(1, 8), &[]);
    // As the reform would, in the record of turn 8.
    let nb1 = fold.roster.piece(Side::Normans, "NB1").unwrap();
    fold.emit(Event::Fired {
        firers: vec![nb1].into(),
        target: 0,
        supplied: vec![nb1].into(),
        fire: 0,
        defence: 0,
        odds: None,
        die: None,
        result: FireResult::NoEffect,
    });
    fold.emit(Event::PeriodStarted { period: 2, turn: 9 });
    let gyrth = fold.roster.piece(Side::Saxons, "GYR").unwrap();
    assert_eq!(
        (
            fold.pieces[nb1].supply_used,
            fold.pieces[nb1].supply_carried
        ),
        (0, 5)
    );
    assert_eq!(fire_segments(Supply::NormanBowmen, Period::Second, 5), 6);
    assert_eq!(fold.pieces[gyrth].leader, LeaderStanding::Effective);
    assert!(fold.orders.is_empty());
}
