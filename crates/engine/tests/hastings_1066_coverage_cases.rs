//! Hastings: 1066 cases the coverage table (hastings_1066_coverage.rs)
//! found without a legal or an illegal test: each plays a movetext after
//! the spec's example setup and asserts every finding by its code and the
//! exact text under its span. Each test's doc names the spec items it holds.

mod hastings_1066_common;

use hastings_1066_common::{Before, SETUP, cell, check, standing};
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::state::{Formation, LeaderStanding, Nation, Standing, Wing};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
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
        let mut fold = Sandbox::setup(&HASTINGS_1066, &archive.battles[0], &mut out);
        assert!(out.is_empty(), "setup: {out:?}");
        let mut rest = steps(&archive.battles[0]);
        while let Some(step) = rest.next() {
            fold.step(&HASTINGS_1066, &step, &rest, &mut out);
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

const NORMAN_FOOT: Formation = Formation::Section(Nation::Norman, Arm::Foot);
const NORMAN_KNIGHTS: Formation = Formation::Section(Nation::Norman, Arm::Knight);

/// The piece named `id`, of either army.
fn piece(fold: &Sandbox<Hastings1066>, id: &str) -> usize {
    Side::ALL
        .into_iter()
        .find_map(|side| fold.roster.piece(side, id))
        .unwrap_or_else(|| panic!("no piece {id}"))
}

/// 8.4b, HS-R50: an attack through a ridge hexside takes the ridge's
/// modifier: foot −1 into the higher hex, +1 into the lower one.
#[test]
fn an_attack_across_a_ridge_takes_its_modifier() {
    // NF1 at 0815 facing north (5) has HC3 (0715, elevation 250) beyond
    // its NW side, across the ridge 0715/0815 from 225: 4 − 1 = 3 against
    // the shield wall's 8 is −5, and die 4 there is 1/−.
    let uphill = Before {
        orders: &[
            (NORMAN_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Center), Order::ShieldWall),
        ],
        moves: &[("NF1", "0815", Some(5))],
        ..Before::default()
    };
    let fold = check(
        &uphill,
        "1. Normans\n  melee:\n    NF1 melee HC3 d6:4 => diff=-5 NF1 reduced\n1. Saxons\n",
        &[],
    );
    assert!(fold.pieces[piece(&fold, "NF1")].reduced);
    assert!(!fold.pieces[piece(&fold, "HC3")].reduced);
    assert_eq!(standing(&fold, "HC3"), Standing::Good);
    // Without the ridge it would be −4, where die 4 is 1/D*.
    check(
        &uphill,
        "1. Normans\n  melee:\n    NF1 melee HC3 d6:4 => diff=-4 NF1 reduced HC3 disrupted\n",
        &[
            ("hastings-1066::diff-mismatch", "diff=-4"),
            ("hastings-1066::melee-result-mismatch", "disrupted"),
        ],
    );
    // Down the same hexside in the Saxons' phase: HC3 7 + 1 = 8 against
    // NF1's 4 is +4, and die 2 there is D*/1; without the ridge, +3 and 1/1.
    let downhill = Before {
        orders: &[
            (NORMAN_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Center), Order::AdvanceToCombat),
        ],
        moves: &[("NF1", "0815", Some(5))],
        ..Before::default()
    };
    let fold = check(
        &downhill,
        "1. Normans\n1. Saxons\n  melee:\n    HC3 melee NF1 d6:2 => diff=+4 HC3 disrupted NF1 reduced\n",
        &[],
    );
    assert_eq!(standing(&fold, "HC3"), Standing::Disrupted);
    assert!(fold.pieces[piece(&fold, "NF1")].reduced);
    check(
        &downhill,
        "1. Normans\n1. Saxons\n  melee:\n    HC3 melee NF1 d6:2 => diff=+3 HC3 reduced NF1 reduced\n",
        &[
            ("hastings-1066::diff-mismatch", "diff=+3"),
            ("hastings-1066::melee-result-mismatch", "reduced"),
        ],
    );
}

/// 8.4b, HS-R50: a unit that crossed a ridge while moving and attacks
/// through a hexside without one takes no ridge modifier.
#[test]
fn a_ridge_crossed_on_the_way_to_a_melee_changes_nothing() {
    // NF1 climbs the ridge 0815/0715 (HC3 is away) and attacks SB1 in 0614
    // through the plain hexside 0715/0614: 4 against 2 is +2, and die 3
    // there is −/M: SB1 checks.
    let before = Before {
        orders: &[
            (NORMAN_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Center), Order::ShieldWall),
        ],
        moves: &[("NF1", "0815", Some(5)), ("HC3", "0301", Some(2))],
        ..Before::default()
    };
    let climb = "1. Normans\n  movement:\n    NF1 move 0815-0715 facing=6\n  melee:\n";
    let fold = check(
        &before,
        &format!(
            "{climb}    NF1 melee SB1 d6:3 => diff=+2\n    SB1 morale d6:1 => SB1 ok\n1. Saxons\n"
        ),
        &[],
    );
    assert_eq!(fold.pieces[piece(&fold, "NF1")].at, Some(cell("0715")));
    assert_eq!(standing(&fold, "NF1"), Standing::Good);
    assert!(!fold.pieces[piece(&fold, "SB1")].reduced);
    // The ridge it climbed counted against it: +1, where die 3 is D*/1.
    check(
        &before,
        &format!("{climb}    NF1 melee SB1 d6:3 => diff=+1 NF1 disrupted SB1 reduced\n"),
        &[
            ("hastings-1066::diff-mismatch", "diff=+1"),
            ("hastings-1066::melee-result-mismatch", "disrupted"),
            ("hastings-1066::melee-result-mismatch", "reduced"),
        ],
    );
}

/// F2 alone in 0721 (Gyrth away) with F3 and F1 on both its rear hexes:
/// BF1 4 against 3 is +1, die 5 gives −/M, and a D unit routs on 4.
fn routed_through() -> Before<'static> {
    Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[
            ("BF1", "0820", Some(5)),
            ("GYR", "0301", None),
            ("F3", "0620", Some(2)),
            ("F1", "0621", Some(2)),
        ],
        ..Before::default()
    }
}

const F2_ROUTED: &str =
    "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => diff=+1\n    F2 morale d6:4 => F2 routed\n";

/// 9.2.3.3, 9.3.2: a friendly unit a router moves through checks morale at
/// once (`routed-through-check-missing`, told as `morale-check-missing`).
#[test]
fn a_friend_a_router_runs_through_checks_morale_at_once() {
    // Both of F2's rear hexes hold a friend, so the path of least
    // resistance passes one (HS-R19): F3 in 0620. Its check is an ordinary
    // one: a D unit is disrupted on 2 (9.6.4's ignored D is not this).
    let before = routed_through();
    let fold = check(
        &before,
        &format!(
            "{F2_ROUTED}    F2 rout 0721-0620-0520-0419 facing=5\n    F3 morale d6:2 => F3 disrupted\n1. Saxons\n"
        ),
        &[],
    );
    assert_eq!(fold.pieces[piece(&fold, "F2")].at, Some(cell("0419")));
    assert_eq!(standing(&fold, "F2"), Standing::Routed);
    assert_eq!(standing(&fold, "F3"), Standing::Disrupted);
    // F1 was not passed and checks nothing.
    assert_eq!(standing(&fold, "F1"), Standing::Good);
    check(
        &before,
        &format!("{F2_ROUTED}    F2 rout 0721-0620-0520-0419 facing=5\n1. Saxons\n"),
        &[(
            "hastings-1066::morale-check-missing",
            "F2 rout 0721-0620-0520-0419 facing=5",
        )],
    );
    check(
        &before,
        &format!(
            "{F2_ROUTED}    F2 rout 0721-0620-0520-0419 facing=5\n    F1 morale d6:2 => F1 disrupted\n"
        ),
        &[(
            "hastings-1066::action-not-owed",
            "F1 morale d6:2 => F1 disrupted",
        )],
    );
}

/// 9.2.3.4, HS-R19: a router whose next step leaves the map is eliminated;
/// its path ends at the edge with the claim `eliminated`.
#[test]
fn a_router_that_leaves_the_map_is_eliminated() {
    // F4 in 0205 faces BF1 in 0305: 4 against 3 is +1, die 5 gives −/M,
    // and F4 (D) routs on 4. Its rear is column 01, then off the map.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Left), Order::Hold),
        ],
        moves: &[("BF1", "0305", Some(5)), ("F4", "0205", Some(2))],
        ..Before::default()
    };
    let routed =
        "1. Normans\n  melee:\n    BF1 melee F4 d6:5 => diff=+1\n    F4 morale d6:4 => F4 routed\n";
    let fold = check(
        &before,
        &format!("{routed}    F4 rout 0205-0105 facing=5 => F4 eliminated\n1. Saxons\n"),
        &[],
    );
    assert_eq!(standing(&fold, "F4"), Standing::Eliminated);
    assert_eq!(fold.pieces[piece(&fold, "F4")].at, None);
    // The path is right and the claim wrong: the claim's fault, and F4 is
    // gone all the same.
    let fold = check(
        &before,
        &format!("{routed}    F4 rout 0205-0105 facing=5 => F4 routed\n1. Saxons\n"),
        &[("hastings-1066::claim-mismatch", "routed")],
    );
    assert_eq!(standing(&fold, "F4"), Standing::Eliminated);
    // Without a claim the rout stops in 0105, one hex of its three.
    check(
        &before,
        &format!("{routed}    F4 rout 0205-0105 facing=5\n"),
        &[("hastings-1066::rout-path", "0205-0105")],
    );
    // A rout that ends on the map is not eliminated.
    let fold = check(
        &routed_through(),
        &format!(
            "{F2_ROUTED}    F2 rout 0721-0620-0520-0419 facing=5 => F2 eliminated\n    F3 morale d6:1 => F3 ok\n1. Saxons\n"
        ),
        &[("hastings-1066::claim-mismatch", "eliminated")],
    );
    assert_eq!(standing(&fold, "F2"), Standing::Routed);
    assert_eq!(fold.pieces[piece(&fold, "F2")].at, Some(cell("0419")));
}

/// 9.6.4, HS-R22: the friends next to a unit routed in melee by Attack &
/// Pursue check morale, a D ignored, a knight's R read as a D that
/// applies (`adjacent-check-missing`, told as `morale-check-missing`).
#[test]
fn friends_next_to_a_unit_routed_by_attack_and_pursue_check_morale() {
    // BF1 4 against F2 3 + Gyrth 1: 0, die 5 gives D*/1, and F2's Attack &
    // Pursue makes the D* an R. BF2 (0921) and BK1 (0819) stand next to
    // BF1, off its path to the rear.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[
            ("BF1", "0820", Some(5)),
            ("BF2", "0921", Some(5)),
            ("BK1", "0819", Some(2)),
        ],
        ..Before::default()
    };
    let melee = "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => BF1 routed F2 reduced\n    GYR casualty 2d6:4+3\n    BF1 rout 0820-0920-1020-1121 facing=2\n";
    let pursuit = "    F2 pursue 0721-0820 facing=2\n1. Saxons\n";
    // BF2 (D) rolls 3, a D ignored; BK1 (C) rolls 5, an R read as a D.
    let fold = check(
        &before,
        &format!(
            "{melee}    BF2 morale d6:3 => BF2 ok\n    BK1 morale d6:5 => BK1 disrupted\n{pursuit}"
        ),
        &[],
    );
    assert_eq!(standing(&fold, "BF2"), Standing::Good);
    assert_eq!(standing(&fold, "BK1"), Standing::Disrupted);
    check(
        &before,
        &format!("{melee}    BF2 morale d6:3 => BF2 ok\n{pursuit}"),
        &[(
            "hastings-1066::morale-check-missing",
            "BF1 melee F2 d6:5 => BF1 routed F2 reduced",
        )],
    );
}

/// Harold in 0721 with F2 (Gyrth with F1), J1 four hexes away and T1 five.
fn harold_at_f2() -> Before<'static> {
    Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[
            ("NB1", "0820", Some(5)),
            ("NB2", "0720", Some(3)),
            ("BF1", "0821", Some(5)),
            ("GYR", "0719", None),
            ("HAR", "0721", None),
            ("J1", "0717", Some(2)),
            ("T1", "0716", Some(2)),
        ],
        ..Before::default()
    }
}

/// 10.4.5: when Harold is wounded, every Saxon unit within his command
/// radius (4) checks morale at once (`commander-fall-checks-missing`,
/// told as `morale-check-missing`).
#[test]
fn harolds_wound_makes_every_saxon_within_his_command_radius_check() {
    // BF1 4 against F2 3 + Harold 2 is −1, die 6 gives D*/1: F2 loses a
    // step, and 3 on the Melee column wounds Harold (Wounded 1). F2 (0
    // hexes), F1 (2), F3 (3) and J1 (4) check; T1 (5) does not.
    let before = harold_at_f2();
    let fallen = "1. Normans\n  melee:\n    BF1 melee F2 d6:6 => diff=-1 BF1 disrupted F2 reduced\n    HAR casualty 2d6:1+2 => HAR wounded-1\n";
    let fold = check(
        &before,
        &format!(
            "{fallen}    F1 morale d6:1 => F1 ok\n    F2 morale d6:1 => F2 ok\n    F3 morale d6:1 => F3 ok\n    J1 morale d6:5 => J1 routed\n    J1 rout 0717-0616-0516-0415 facing=5\n1. Saxons\n"
        ),
        &[],
    );
    assert!(fold.pieces[piece(&fold, "HAR")].wounded_once);
    assert_eq!(standing(&fold, "J1"), Standing::Routed);
    // What `show` prints is what the checks use: Harold's command 4 and
    // rally 1 are 3 and 0 once wounded (HS-R31).
    let view = senlac_engine::hastings_1066::view::view(&fold);
    let harold = view.units.iter().find(|u| u.id == "HAR").unwrap();
    let rating = |key: &str| {
        let column = view.columns.iter().position(|c| c.key == key).unwrap();
        harold.values[column].clone()
    };
    assert_eq!(rating("command"), senlac_engine::view::Value::Number(3));
    assert_eq!(rating("rally"), senlac_engine::view::Value::Number(0));
    check(
        &before,
        &format!(
            "{fallen}    F1 morale d6:1 => F1 ok\n    F2 morale d6:1 => F2 ok\n    F3 morale d6:1 => F3 ok\n1. Saxons\n"
        ),
        &[(
            "hastings-1066::morale-check-missing",
            "HAR casualty 2d6:1+2 => HAR wounded-1",
        )],
    );
    check(
        &before,
        &format!("{fallen}    T1 morale d6:1 => T1 ok\n"),
        &[("hastings-1066::action-not-owed", "T1 morale d6:1 => T1 ok")],
    );
}

/// 10.4.5, HS-R31: a commander wounded before falls with the command
/// radius his first wound cut by one: Harold's 4 becomes 3.
#[test]
fn a_commander_wounded_before_falls_with_his_smaller_radius() {
    // Fire first: NB1 and NB2 at 3-1, a 5 takes F2's step, and 3 on the
    // Fire column is Wounded 1: the four within 4 check. Then BF1 4 against
    // F2 3 + Harold 2 is −1, die 4 gives 1/1: F2 is gone, and 2 kills
    // Harold: F1 (2) and F3 (3) check, J1 (4) no longer.
    let wounded = "1. Normans\n  fire:\n    NB1+NB2 fire F2 d6:5 => F2 reduced\n    HAR casualty 2d6:1+2 => HAR wounded-1\n    F1 morale d6:1 => F1 ok\n    F2 morale d6:1 => F2 ok\n    F3 morale d6:1 => F3 ok\n    J1 morale d6:1 => J1 ok\n  melee:\n    BF1 melee F2 d6:4 => diff=-1 BF1 reduced F2 eliminated\n    HAR casualty 2d6:1+1 => HAR killed\n    F1 morale d6:1 => F1 ok\n    F3 morale d6:1 => F3 ok\n";
    let fold = check(&harold_at_f2(), &format!("{wounded}1. Saxons\n"), &[]);
    assert_eq!(
        fold.pieces[piece(&fold, "HAR")].leader,
        LeaderStanding::Killed
    );
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    check(
        &harold_at_f2(),
        &format!("{wounded}    J1 morale d6:1 => J1 ok\n"),
        &[("hastings-1066::action-not-owed", "J1 morale d6:1 => J1 ok")],
    );
}

/// 10.4.5, HS-R31: a captured Harold shakes his army as a fallen one does.
#[test]
fn a_captured_commander_makes_his_men_check() {
    // Harold alone in the corner 0101: NK1 rides to 0201 facing 5, its
    // zone over 0101 and 0102, his only neighbours, so he cannot escape.
    // F1 (3 hexes) and F3 (4) check; T1 (5) does not.
    let before = Before {
        orders: &[(NORMAN_KNIGHTS, Order::Advance)],
        moves: &[
            ("HAR", "0101", None),
            ("NK1", "0203", Some(5)),
            ("F1", "0104", Some(2)),
            ("F3", "0105", Some(2)),
            ("T1", "0106", Some(2)),
        ],
        ..Before::default()
    };
    let captured = "1. Normans\n  movement:\n    NK1 move 0203-0202-0201 facing=5\n    HAR escape => HAR captured\n";
    let fold = check(
        &before,
        &format!("{captured}    F1 morale d6:1 => F1 ok\n    F3 morale d6:1 => F3 ok\n1. Saxons\n"),
        &[],
    );
    assert_eq!(
        fold.pieces[piece(&fold, "HAR")].leader,
        LeaderStanding::Captured
    );
    check(
        &before,
        &format!("{captured}    F1 morale d6:1 => F1 ok\n1. Saxons\n"),
        &[(
            "hastings-1066::morale-check-missing",
            "HAR escape => HAR captured",
        )],
    );
    check(
        &before,
        &format!("{captured}    T1 morale d6:1 => T1 ok\n"),
        &[("hastings-1066::action-not-owed", "T1 morale d6:1 => T1 ok")],
    );
}
