//! Hastings: 1066 cases the coverage table (hastings_1066_coverage.rs)
//! found without a legal or an illegal test: each plays a movetext after
//! the spec's example setup and asserts every finding by its code and the
//! exact text under its span. Each test's doc names the spec items it holds.

mod hastings_1066_common;

use hastings_1066_common::{Before, SETUP, check, standing};
use senlac_engine::Violation;
use senlac_engine::hastings_1066::play::{Scratch, play};
use senlac_engine::hastings_1066::setup::setup;
use senlac_engine::hastings_1066::state::{Formation, Nation, Standing, Wing};
use senlac_engine::hastings_1066::tables::{Arm, Order};
use senlac_notation::lower::steps;
use senlac_notation::parse;

const BRETON_FOOT: Formation = Formation::Section(Nation::Breton, Arm::Foot);
const BRETON_KNIGHTS: Formation = Formation::Section(Nation::Breton, Arm::Knight);

/// G.3: an id both armies use is written `Side.ID`.
#[test]
fn an_id_both_armies_use_is_written_with_its_side() {
    // The example setup's ids are all distinct: the Breton bowmen take the
    // Saxon bowmen's id here, so `SB1` names two pieces.
    let setup_text = SETUP
        .replace("unit BB1 ", "unit SB1 ")
        .replace("BB1@1119^5", "SB1@1119^5");
    let play_text = |movetext: &str| -> Vec<(String, String)> {
        let text = format!("{setup_text}\n{movetext}");
        let archive = parse(&text);
        assert!(archive.all_errors().next().is_none());
        let mut out: Vec<Violation> = Vec::new();
        let state = setup(&archive.battles[0], &mut out);
        assert!(out.is_empty(), "setup: {out:?}");
        let mut fold = Scratch {
            state,
            events: Vec::new(),
        };
        for step in steps(&archive.battles[0]) {
            play(&mut fold, &step, &mut out);
        }
        out.iter()
            .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
            .collect()
    };
    assert_eq!(
        play_text("1. Normans\n  movement:\n    Normans.SB1 move 1119-1019 facing=5\n"),
        []
    );
    assert_eq!(
        play_text("1. Normans\n  movement:\n    SB1 move 1119-1019 facing=5\n"),
        [(
            "hastings-1066::ambiguous-unit".to_string(),
            "SB1".to_string()
        )]
    );
}

/// 6.2.3: a melee through the defender's rear adds 2 to the attacker.
#[test]
fn a_rear_attack_adds_two() {
    // 6.2.3's example (hastings_1066_melee.rs): BF1 4 + rear 2 against F4's
    // 3 is +3; a log that leaves out the rear bonus says +1.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Left), Order::AdvanceToCombat),
        ],
        moves: &[("BF1", "0611", Some(2))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F4 d6:6 => diff=+3\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F4 d6:6 => diff=+1\n",
        &[("hastings-1066::diff-mismatch", "diff=+1")],
    );
}

/// 8.5, 10.3.1: a leader stacked with a unit adds 1 to its melee strength.
#[test]
fn a_leader_adds_to_his_units_melee() {
    // BF1 4 + Alan 1 = 5 against F2 3 + Gyrth 1 = 4: +1; without the
    // leaders' bonuses a log would say +1 too, so Alan alone is left out.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:6 => diff=+1\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:6 => diff=+0\n",
        &[("hastings-1066::diff-mismatch", "diff=+0")],
    );
}

/// 7.2.1: fire is written in a missile segment only.
#[test]
fn fire_is_written_in_a_missile_segment() {
    let before = Before {
        moves: &[("NB1", "0914", Some(5))],
        ..Before::default()
    };
    check(&before, "1. Normans\n  fire:\n    NB1 fire HC2 d6:6\n", &[]);
    check(
        &before,
        "1. Normans\n  movement:\n    NB1 fire HC2 d6:6\n",
        &[("hastings-1066::wrong-segment", "fire")],
    );
}

/// 7.1.7a: a step lost to fire owes each leader in the hex a casualty roll.
#[test]
fn a_leader_in_a_hex_that_lost_a_step_to_fire_rolls_at_once() {
    // As hastings_1066_fire.rs's case: NB1 and NB2 at F2 and Gyrth in 0721,
    // 3-1, a 5 is a step lost.
    let before = Before {
        moves: &[("NB1", "0820", Some(5)), ("NB2", "0720", Some(3))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  fire:\n    NB1+NB2 fire F2 d6:5 => F2 reduced\n    GYR casualty 2d6:3+4\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  fire:\n    NB1+NB2 fire F2 d6:5 => F2 reduced\n1. Saxons\n",
        &[(
            "hastings-1066::leader-casualty-missing",
            "NB1+NB2 fire F2 d6:5 => F2 reduced",
        )],
    );
}

/// 4.3.7e, 9.6.2: a knight in Charge order that took part in a melee
/// checks morale after it.
#[test]
fn a_charging_knight_checks_morale_after_the_melee() {
    // BK1 5 against F2 3 + Gyrth 1: +1, die 1 gives M/-: BK1 checks for
    // the M, and again for its order (9.6.5: no limit).
    let before = Before {
        orders: &[
            (BRETON_KNIGHTS, Order::Charge),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BK1", "0820", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BK1 melee F2 d6:1\n    BK1 morale d6:1 => BK1 ok\n    BK1 morale d6:1 => BK1 ok\n1. Saxons\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BK1 melee F2 d6:1\n    BK1 morale d6:1 => BK1 ok\n1. Saxons\n",
        &[("hastings-1066::morale-check-missing", "BK1 melee F2 d6:1")],
    );
}

/// 10.1.3: a Norman subordinate helps only units of his own nationality.
#[test]
fn a_subordinate_helps_only_his_own_nationality() {
    // NB1 (Norman, morale D) rallies on 1-2; Odo in its hex makes a 3 do,
    // Alan (a Breton) does not.
    let odo = [("NB1", "0914", Some(5)), ("ODO", "0914", None)];
    let alan = [("NB1", "0914", Some(5)), ("ALN", "0914", None)];
    let with = |moves| Before {
        standings: &[("NB1", Standing::Disrupted)],
        moves,
        ..Before::default()
    };
    let fold = check(
        &with(&odo),
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 rallied\n",
        &[],
    );
    assert_eq!(standing(&fold, "NB1"), Standing::Good);
    check(
        &with(&alan),
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 disrupted\n",
        &[],
    );
    check(
        &with(&alan),
        "1. Normans\n  rally:\n    NB1 rally d6:3 => NB1 rallied\n",
        &[("hastings-1066::rally-mismatch", "rallied")],
    );
}

/// 10.2.3: an enemy combat unit moving next to a lone leader makes him
/// escape at once.
#[test]
fn an_enemy_moving_beside_a_lone_leader_makes_him_escape() {
    // Harold alone in 0505, far from every Saxon; NK1 rides up beside him.
    let before = Before {
        moves: &[("HAR", "0505", None), ("NK1", "0508", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  movement:\n    NK1 move 0508-0507-0506 facing=5\n    HAR escape 0505-0504-0503-0502\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  movement:\n    NK1 move 0508-0507-0506 facing=5\n1. Saxons\n",
        &[(
            "hastings-1066::leader-escape-missing",
            "NK1 move 0508-0507-0506 facing=5",
        )],
    );
    // One hex is not three.
    check(
        &before,
        "1. Normans\n  movement:\n    NK1 move 0508-0507-0506 facing=5\n    HAR escape 0505-0504\n",
        &[("hastings-1066::leader-escape-illegal", "0505-0504")],
    );
}
