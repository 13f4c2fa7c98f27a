//! Hastings: 1066's melee (8.0 to 8.5, 9.1, 9.2; HS-R8, R10, R13, R18, R32,
//! R49, R50): who may attack whom, the differential, the Melee Results
//! Table, and the claims, on the spec's example setup with the pieces
//! placed and the orders held as each case needs.

mod hastings_1066_common;

use hastings_1066_common::{Before, cell, check, standing};
use senlac_board::facing::Vertex;
use senlac_engine::hastings_1066::state::{Formation, LeaderStanding, Nation, Standing, Wing};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};

const BRETON_FOOT: Formation = Formation::Section(Nation::Breton, Arm::Foot);

#[test]
fn the_specs_first_melee_routs_the_attacker() {
    // BF1 4 + Alan 1 = 5 against F2 3 + Gyrth 1 = 4: +1, die 2 gives D*/−,
    // and F2 is in Attack & Pursue, so the D* routs BF1 (HS-R10).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    let fold = check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+1 BF1 routed\n",
        &[],
    );
    assert_eq!(standing(&fold, "BF1"), Standing::Routed);
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+2 BF1 disrupted\n",
        &[
            ("hastings-1066::diff-mismatch", "diff=+2"),
            ("hastings-1066::melee-result-mismatch", "disrupted"),
        ],
    );
}

#[test]
fn a_breton_foot_through_a_fyrds_rear_melees_at_six() {
    // 6.2.3's example: printed 4, +2 through the rear = 6, against F4's 3
    // (its wing in Advance to Combat): +3.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Left), Order::AdvanceToCombat),
        ],
        // F4 at 0711 faces south (2); its rear sides are SW and NW, so
        // 0611 (its NW neighbour, odd column) is behind it.
        moves: &[("BF1", "0611", Some(2))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F4 d6:6 => diff=+3\n",
        &[],
    );
}

#[test]
fn a_housecarl_in_shield_wall_defends_at_eight_from_the_rear() {
    // 6.2.4's example: defence never changes with the side struck.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Center), Order::ShieldWall),
        ],
        moves: &[("BF2", "0613", Some(2))],
        ..Before::default()
    };
    // BF2 4 + rear 2 = 6 against HC1's shield wall 8: −2.
    check(
        &before,
        "1. Normans\n  melee:\n    BF2 melee HC1 d6:1 => diff=-2\n",
        &[],
    );
}

#[test]
fn at_minus_seven_or_worse_the_attacker_loses_a_step_without_a_roll() {
    // NF1 at 0813 facing north (5) has HC1 (0713) and HC2 (0714) beyond its
    // frontal sides, across ridges into higher hexes: 4 − 1 = 3 against
    // shield walls 8 + 8 = 16: −13 (8.3.2, HS-R13, HS-R50).
    let before = Before {
        orders: &[
            (
                Formation::Section(Nation::Norman, Arm::Foot),
                Order::AdvanceToCombat,
            ),
            (Formation::Wing(Wing::Center), Order::ShieldWall),
        ],
        moves: &[("NF1", "0813", Some(5))],
        ..Before::default()
    };
    let fold = check(
        &before,
        "1. Normans\n  melee:\n    NF1 melee HC1+HC2 => diff=-13 NF1 reduced\n",
        &[],
    );
    let nf1 = fold.roster.piece(Side::Normans, "NF1").unwrap();
    assert!(fold.pieces[nf1].reduced);
    check(
        &before,
        "1. Normans\n  melee:\n    NF1 melee HC1+HC2 d6:4\n",
        &[("hastings-1066::unexpected-roll", "d6:4")],
    );
}

#[test]
fn only_a_unit_in_good_order_attacks_into_its_zone_once() {
    let before = Before {
        orders: &[(BRETON_FOOT, Order::AdvanceToCombat)],
        moves: &[("BF1", "0820", Some(5))],
        ..Before::default()
    };
    // F1 at 0719 is not beyond BF1's frontal sides (they face 0720, 0721).
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F1 d6:2\n",
        &[("hastings-1066::melee-not-in-zoc", "F1")],
    );
    check(
        &Before {
            standings: &[("BF1", Standing::Disrupted)],
            ..before
        },
        "1. Normans\n  melee:\n    BF1 melee F2 d6:2\n",
        &[("hastings-1066::attack-by-disrupted", "BF1")],
    );
    check(
        &Before {
            orders: &[(BRETON_FOOT, Order::AdvanceToCombat)],
            moves: &[("BF1", "0820", Some(5))],
            ..Before::default()
        },
        // 4 against 3 + Gyrth 1: 0, die 3 gives 1/1; BF1 cannot fight again.
        "1. Normans\n  melee:\n    BF1 melee F2 d6:3\n    GYR casualty 2d6:4+3\n    BF1 melee F2 d6:6\n",
        &[("hastings-1066::unit-in-two-melees", "BF1")],
    );
    check(
        &Before {
            orders: &[(BRETON_FOOT, Order::AdvanceToCombat)],
            moves: &[("BF1", "0820", Some(5))],
            ..Before::default()
        },
        // 4 against F2 3 + Gyrth 1: 0, die 1 gives 1/D*: BF1 loses a step.
        "1. Normans\n  melee:\n    BF1 melee F2 d6:1 => BF1 ok\n",
        &[("hastings-1066::melee-result-mismatch", "ok")],
    );
}

#[test]
fn units_holding_each_other_in_their_zones_must_fight() {
    // BF1 at 0820 facing north and F2 at 0721 facing south hold each other
    // (8.1.2, HS-R9): F2 must be attacked before the melee segment ends.
    let engaged = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5))],
        ..Before::default()
    };
    check(
        &engaged,
        "1. Normans\n  melee:\n1. Saxons\n",
        &[("hastings-1066::mandatory-attack-missing", "1. Saxons")],
    );
    check(
        &engaged,
        // 4 against 3 + Gyrth 1: 0, die 5 gives D*/1; D* routs BF1.
        "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => BF1 routed F2 reduced\n    GYR casualty 2d6:4+3\n    BF1 rout 0820-0920-1020-1120 facing=2\n    F2 pursue 0721-0820-0920-1020 facing=2\n1. Saxons\n",
        &[],
    );
    // In Shield Wall the Bretons need not attack (4.3.1).
    check(
        &Before {
            orders: &[
                (BRETON_FOOT, Order::ShieldWall),
                (Formation::Wing(Wing::Right), Order::AttackPursue),
            ],
            ..engaged
        },
        "1. Normans\n  melee:\n1. Saxons\n",
        &[],
    );
}

#[test]
fn a_routed_unit_retreats_three_hexes_to_its_rear() {
    // The spec's turn 1: BF1, routed by F2's Attack & Pursue, retreats
    // 0820-0920-1020-1120 (south, the Normans' rear) and faces 2 (9.2.3).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    let melee = "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+1 BF1 routed\n";
    let fold = check(
        &before,
        &format!("{melee}    BF1 rout 0820-0920-1020-1120 facing=2\n"),
        &[],
    );
    let bf1 = fold.roster.piece(Side::Normans, "BF1").unwrap();
    assert_eq!(fold.pieces[bf1].at, Some(cell("1120")));
    assert_eq!(fold.pieces[bf1].facing.map(Vertex::number), Some(2));
    // Never forward; facing the rear; owed only after a rout.
    check(
        &before,
        &format!("{melee}    BF1 rout 0820-0720-0620-0520 facing=2\n"),
        &[("hastings-1066::rout-path", "0820-0720-0620-0520")],
    );
    check(
        &before,
        &format!("{melee}    BF1 rout 0820-0920-1020-1120 facing=5\n"),
        &[(
            "hastings-1066::rout-facing",
            "BF1 rout 0820-0920-1020-1120 facing=5",
        )],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 rout 0820-0920-1020-1120 facing=2\n",
        &[(
            "hastings-1066::action-not-owed",
            "BF1 rout 0820-0920-1020-1120 facing=2",
        )],
    );
}

#[test]
fn consequences_are_written_at_once() {
    // BF1's rout is owed by the melee that routed it; the next voluntary
    // line finds it missing, at the melee (spec 1.4).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => BF1 routed\n1. Saxons\n",
        &[(
            "hastings-1066::rout-missing",
            "BF1 melee F2 d6:2 => BF1 routed",
        )],
    );
}

#[test]
fn a_victor_in_attack_and_pursue_follows_the_routed_unit() {
    // F2 routed BF1 (now in 1120): it follows, hex by hex nearer, and
    // stops next to it (9.4.4). The spec's own pursuit stops sooner, in
    // BF2's zone of control; here BF2 stands in 1121 facing north.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5))],
        ..Before::default()
    };
    // 4 against 3 + Gyrth 1: 0, die 5 gives D*/1, and the D* routs BF1.
    let routed = "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => BF1 routed F2 reduced\n    GYR casualty 2d6:4+3\n    BF1 rout 0820-0920-1020-1120 facing=2\n";
    let fold = check(
        &before,
        &format!("{routed}    F2 pursue 0721-0820-0920-1020 facing=2\n"),
        &[],
    );
    let f2 = fold.roster.piece(Side::Saxons, "F2").unwrap();
    assert_eq!(fold.pieces[f2].at, Some(cell("1020")));
    // Stopping short of the routed unit is not a pursuit.
    check(
        &before,
        &format!("{routed}    F2 pursue 0721-0820 facing=2\n"),
        &[("hastings-1066::pursuit-path", "0721-0820")],
    );
    // Only a victor owes a pursuit.
    check(
        &before,
        &format!(
            "{routed}    F2 pursue 0721-0820-0920-1020 facing=2\n    F1 pursue 0719-0819 facing=2\n"
        ),
        &[(
            "hastings-1066::pursuit-not-allowed",
            "F1 pursue 0719-0819 facing=2",
        )],
    );
}

#[test]
fn a_morale_check_reads_the_table_by_the_units_letter() {
    // BF2 (Breton foot, D) next to BF1 when F2's Attack & Pursue routs BF1:
    // it checks with D ignored (9.6.4): a D unit is disrupted on 2 and 3,
    // routed on 4 to 6, so a 3 leaves it ok and a 5 routs it.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("BF2", "0921", Some(5))],
        ..Before::default()
    };
    let routed = "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => BF1 routed F2 reduced\n    GYR casualty 2d6:4+3\n";
    let fold = check(
        &before,
        &format!("{routed}    BF2 morale d6:3 => BF2 ok\n"),
        &[],
    );
    let bf2 = fold.roster.piece(Side::Normans, "BF2").unwrap();
    assert_eq!(fold.pieces[bf2].standing, Standing::Good);
    check(
        &before,
        &format!("{routed}    BF2 morale d6:3 => BF2 disrupted\n"),
        &[("hastings-1066::morale-mismatch", "disrupted")],
    );
    let fold = check(
        &before,
        &format!("{routed}    BF2 morale d6:5 => BF2 routed\n"),
        &[],
    );
    assert_eq!(fold.pieces[bf2].standing, Standing::Routed);
    check(
        &before,
        "1. Normans\n  melee:\n    BF2 morale d6:3\n",
        &[("hastings-1066::action-not-owed", "BF2 morale d6:3")],
    );
}

#[test]
fn a_leader_left_alone_beside_the_enemy_escapes() {
    // The spec's turn 1: BF1 routs away from Alan, who is left alone in
    // F2's zone of control; he escapes three hexes, four from F2 (HS-R34).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    let routed = "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+1 BF1 routed\n    BF1 rout 0820-0920-1020-1120 facing=2\n";
    let pursuit = "    F2 pursue 0721-0820-0920-1020 facing=2\n";
    let fold = check(
        &before,
        &format!("{routed}    ALN escape 0820-0920-1020-1120\n{pursuit}"),
        &[],
    );
    let aln = fold.roster.piece(Side::Normans, "ALN").unwrap();
    assert_eq!(fold.pieces[aln].at, Some(cell("1120")));
    check(
        &before,
        &format!("{routed}    ALN escape 0820-0920\n"),
        &[("hastings-1066::leader-escape-illegal", "0820-0920")],
    );
    // Both left out: two omissions, found where they fell due.
    check(
        &before,
        &format!("{routed}1. Saxons\n"),
        &[
            (
                "hastings-1066::pursuit-missing",
                "BF1 rout 0820-0920-1020-1120 facing=2",
            ),
            (
                "hastings-1066::leader-escape-missing",
                "BF1 rout 0820-0920-1020-1120 facing=2",
            ),
        ],
    );
}

#[test]
fn a_leader_in_a_hex_that_loses_a_step_rolls_for_his_life() {
    // The spec's turn 1: F2 (with Gyrth) loses a step to BF2 in the woods;
    // Gyrth rolls 2d6 on the Melee column: 9 is shaken (10.5).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    };
    // BF1 4 + Alan 1 = 5 against F2 3 + Gyrth 1 = 4: +1, die 5 gives −/M;
    // die 3 at +1 gives D*/1: BF1 routed (Attack & Pursue), F2 reduced.
    let melee = "1. Normans\n  melee:\n    BF1 melee F2 d6:3 => BF1 routed F2 reduced\n";
    let fold = check(
        &before,
        &format!("{melee}    GYR casualty 2d6:6+3 => GYR shaken\n"),
        &[],
    );
    let gyr = fold.roster.piece(Side::Saxons, "GYR").unwrap();
    assert_eq!(fold.pieces[gyr].leader, LeaderStanding::Shaken);
    check(
        &before,
        &format!("{melee}    GYR casualty 2d6:6+3 => GYR unharmed\n"),
        &[("hastings-1066::leader-casualty-mismatch", "unharmed")],
    );
    // 7 on the Melee column: nothing happens.
    let fold = check(
        &before,
        &format!("{melee}    GYR casualty 2d6:4+3 => GYR unharmed\n"),
        &[],
    );
    assert_eq!(fold.pieces[gyr].leader, LeaderStanding::Effective);
    check(
        &before,
        "1. Normans\n  melee:\n    GYR casualty 2d6:4+3\n",
        &[("hastings-1066::action-not-owed", "GYR casualty 2d6:4+3")],
    );
}

#[test]
fn a_unit_is_attacked_once_a_segment() {
    // 8.1.4: F2 is attacked by BF1, then BF2 tries again.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5)), ("BF2", "0821", Some(6))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:4\n    GYR casualty 2d6:3+4\n    BF2 melee F2 d6:4\n",
        &[("hastings-1066::attacked-twice", "F2")],
    );
}

#[test]
fn a_leader_in_a_hex_that_lost_a_step_rolls_at_once() {
    // 10.4.1: F2 loses a step (0 column, die 4: 1/1) with Gyrth in its hex.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:4\n    GYR casualty 2d6:3+4\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:4\n1. Saxons\n",
        &[(
            "hastings-1066::leader-casualty-missing",
            "BF1 melee F2 d6:4",
        )],
    );
}

#[test]
fn a_melee_attacks_at_most_two_units() {
    // 8.2.2: one unit attacks two at most, one through each frontal hexside.
    let before = Before {
        orders: &[
            (
                Formation::Section(Nation::Norman, Arm::Foot),
                Order::AdvanceToCombat,
            ),
            (Formation::Wing(Wing::Center), Order::ShieldWall),
        ],
        moves: &[("NF1", "0813", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    NF1 melee HC1+HC2 => diff=-13 NF1 reduced\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    NF1 melee HC1+HC2+HC3 => diff=-21 NF1 reduced\n",
        &[("hastings-1066::too-many-defenders", "HC1+HC2+HC3")],
    );
}

#[test]
fn a_step_lost_by_one_of_two_attackers_is_named() {
    // BF1 4 + BF2 4 = 8 against F2 3 + Gyrth 1 = 4: +4, die 1 gives 1/1;
    // the attackers' step falls on the one the claim names (HS-R17).
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5)), ("BF2", "0821", Some(6))],
        ..Before::default()
    };
    let fold = check(
        &before,
        "1. Normans\n  melee:\n    BF1+BF2 melee F2 d6:1 => diff=+4 BF2 reduced F2 reduced\n    GYR casualty 2d6:3+4\n",
        &[],
    );
    let bf2 = fold.roster.piece(Side::Normans, "BF2").unwrap();
    assert!(fold.pieces[bf2].reduced);
    check(
        &before,
        "1. Normans\n  melee:\n    BF1+BF2 melee F2 d6:1 => diff=+4\n    GYR casualty 2d6:3+4\n",
        &[(
            "hastings-1066::step-loss-unassigned",
            "BF1+BF2 melee F2 d6:1 => diff=+4",
        )],
    );
}

#[test]
fn a_morale_check_is_written_before_play_goes_on() {
    // BF1 4 against F2 3 + Gyrth 1: 0, die 6 gives -/M.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:6 => diff=+0\n    F2 morale d6:1 => F2 ok\n1. Saxons\n",
        &[],
    );
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F2 d6:6 => diff=+0\n1. Saxons\n",
        &[(
            "hastings-1066::morale-check-missing",
            "BF1 melee F2 d6:6 => diff=+0",
        )],
    );
}

#[test]
fn a_bound_unit_attacks_only_the_enemies_that_bind_it() {
    // 8.1.2, HS-R9: BF1 and F2 hold each other (the spec's first melee, the
    // legal case above); F1, turned away, is in BF1's zone but holds it not.
    let before = Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[("BF1", "0820", Some(5)), ("F1", "0720", Some(5))],
        ..Before::default()
    };
    check(
        &before,
        "1. Normans\n  melee:\n    BF1 melee F1 d6:3\n",
        &[("hastings-1066::attack-restricted", "F1")],
    );
}

/// A leader left alone beside the enemy owes an escape, and his casualty
/// roll comes first (HS-R17); when that roll kills him he is off the map
/// and owes nothing more: no escape, no second roll (10.4, HS-R34).
#[test]
fn a_leader_killed_owes_no_escape() {
    use senlac_engine::hastings_1066::event::{Event, apply};
    use senlac_engine::hastings_1066::setup::setup;
    use senlac_engine::hastings_1066::state::Owed;
    use senlac_engine::hastings_1066::tables::Attack;
    use senlac_notation::{Span, parse};

    let archive = parse(hastings_1066_common::SETUP);
    let mut out = Vec::new();
    let mut state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    assert!(out.is_empty(), "{out:?}");
    let gyrth = state.roster.piece(Side::Saxons, "GYR").unwrap();
    let harold = state.roster.piece(Side::Saxons, "HAR").unwrap();
    for owed in [
        Owed::Casualty {
            leader: gyrth,
            attack: Attack::Melee,
            cause: Span::default(),
        },
        Owed::Escape {
            leader: gyrth,
            from: [None; 3],
            cause: Span::default(),
        },
        Owed::Escape {
            leader: harold,
            from: [None; 3],
            cause: Span::default(),
        },
    ] {
        apply(&mut state, &Event::Owe(owed));
    }
    apply(
        &mut state,
        &Event::LeaderStanding {
            piece: gyrth,
            standing: LeaderStanding::Killed,
        },
    );
    assert_eq!(state.pieces[gyrth].at, None);
    // Harold's escape is still owed; Gyrth's is gone with him.
    assert_eq!(state.owed.len(), 1);
    assert!(matches!(state.owed[0], Owed::Escape { leader, .. } if leader == harold));
}
