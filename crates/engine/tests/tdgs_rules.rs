//! TDGS Mass Combat, rule by rule: the legal and illegal cases the other
//! TDGS tests leave out (spec section 2; the list of which test covers which
//! rule is crates/engine/tests/data/tdgs-coverage.tsv). Each case plays a
//! movetext after the Harrow Ford setup (samples/harrow-ford.sbn), edited
//! where the rule needs it, or a small battle of its own, and asserts every
//! finding by its code and the exact text under its span.

mod tdgs_common;

use senlac_engine::tdgs::play::{attack_strength, defence};
use senlac_engine::tdgs::state::{AttackKind, Status};
use senlac_engine::tdgs::tables::Order;
use tdgs_common::*;

const A: &str = "\"Spear Platoon\" infantry-platoon regular size=3x3";
const B: &str = "\"Militia Squad\" infantry-squad militia size=2x2";
const C: &str = "\"Levy Squad\" infantry-squad levy size=2x2";
const R1: &str = "\"Huscarl Squad\" infantry-squad veteran size=2x2";
const R4: &str = "\"Wolf Riders\" cavalry-squad regular size=2x2";

/// Round 1 as the sample opens it: A steps to R1's corner and strikes.
const A_OPENS: &str =
    "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=31 => R1 hp=59\n";

// ------------------------------------------------------------------ UNITS

/// UNITS-1: race and class are words; nothing is derived from them.
#[test]
fn units_1_race_and_class_change_nothing() {
    let renamed = [(R1, "\"Huscarl Squad\" dragon-horde archmage size=2x2")];
    let fold = check_edited(&renamed, A_OPENS, &[]);
    let r1 = entity(&fold, "Raiders", "R1");
    assert_eq!(fold.entities[r1].hp, 59);
    assert_eq!(fold.roster.entities[r1].max_hp, 90);
}

/// UNITS-3: the scale table is guidance; a regiment of squad stats plays.
#[test]
fn units_3_scale_is_guidance_only() {
    let regiment = format!("{A} echelon=regiment");
    let fold = check_edited(&[(A, &regiment)], A_OPENS, &[]);
    let a = entity(&fold, "Crown", "A");
    assert_eq!(fold.roster.entities[a].stats.str, 28);
}

/// UNITS-4, COMBAT-7, TRIGGERS-7: a destroyed unit is no target and checks nothing.
#[test]
fn units_4_a_destroyed_unit_is_gone() {
    let destroyed =
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=95 => R1 destroyed\n";
    let fold = check(destroyed, &[]);
    let r1 = entity(&fold, "Raiders", "R1");
    assert_eq!(
        (fold.entities[r1].hp, fold.entities[r1].status),
        (0, Status::Destroyed)
    );
    check(
        &format!("{destroyed}1. Crown\n  B:\n    B attack R1 d20:15 damage=20\n"),
        &[("tdgs::bad-target", "R1")],
    );
    check(
        &format!("{destroyed}    R1 morale quarter d20:15\n"),
        &[("tdgs::morale-check-not-owed", "R1 morale quarter d20:15")],
    );
}

/// UNITS-5, TURN-5: a dead hero is removed and has no activation.
#[test]
fn units_5_a_dead_hero_acts_no_more() {
    let gorm_falls = spec_until("R3 morale commander-lost d20:8");
    let fold = check(&gorm_falls, &[]);
    let g = entity(&fold, "Raiders", "G");
    assert_eq!(
        (fold.entities[g].hp, fold.entities[g].status),
        (0, Status::Dead)
    );
    let whole = spec_until("3. Crown\n  E:");
    check(
        &format!("{whole}3. Raiders\n  G:\n"),
        &[("tdgs::removed-entity-acts", "G:")],
    );
}

// ---------------------------------------------------------------- RESOLVE

/// RESOLVE-2: a natural 20 passes whatever the total.
#[test]
fn resolve_2_a_natural_20_passes_whatever_the_total() {
    // R4 made Terrifying at CHA 40: A checks at 20 + (26 − 40) + 3 = 9 and
    // passes; a 19 gives 8 and fails.
    let terrifying = format!("{R4} traits=terrifying");
    let edits = [
        (R4, terrifying.as_str()),
        ("wis=12 cha=13", "wis=12 cha=40"),
    ];
    let charge = format!(
        "{A_OPENS}1. Raiders\n  R4:\n    R4 charge A 0904-0905 d20:11 damage=22 => A hp=108\n"
    );
    check_edited(
        &edits,
        &format!("{charge}    A morale terror d20:20 => pass\n"),
        &[],
    );
    check_edited(
        &edits,
        &format!("{charge}    A morale terror d20:19 => pass\n"),
        &[("tdgs::claim-mismatch", "pass")],
    );
}

/// RESOLVE-3: the roller's luck bounds the die (W16, W17, the LUK +10 reroll).
#[test]
fn resolve_3_the_rollers_luck_bounds_the_die() {
    // At LUK −1 the die must also reach 11: A's 10 + 11 = 21 misses.
    let unlucky = [("cha=18 luk=0", "cha=18 luk=-1")];
    let ten = "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:10";
    check_edited(&unlucky, &format!("{ten} => miss\n"), &[]);
    check_edited(
        &unlucky,
        &format!("{ten} damage=31\n"),
        &[("tdgs::damage-on-miss", "damage=31")],
    );
    check(&format!("{ten} damage=31 => R1 hp=59\n"), &[]);
    // At LUK +1 a die of 11 hits whatever the total: in round 2 R4 no
    // longer charges, 11 + (19 − 20) = 10.
    let lucky = [("wis=12 cha=13 luk=0", "wis=12 cha=13 luk=1")];
    let round_two = spec_until("R4 attack A d20:16");
    let eleven = format!("{round_two}    R4 attack A d20:11 damage=21 => A hp=62\n");
    check_edited(&lucky, &eleven, &[]);
    check(&eleven, &[("tdgs::damage-on-miss", "damage=21")]);
    // LUK +10 (a warning: narrative luck) rerolls a natural 1 once.
    let mythic = [("cha=18 luk=0", "cha=18 luk=10")];
    check_edited(
        &mythic,
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:1 reroll=d20:12 damage=31 => R1 hp=59\n",
        &[("tdgs::narrative-luck", "luk=10")],
    );
}

/// RESOLVE-5: `mod=N` is taken as given and summed.
#[test]
fn resolve_5_stated_modifiers_are_summed() {
    // B steps south of R1 and strikes: 9 + (18 − 17) = 10 misses, one more hits.
    let b = "1. Crown\n  B:\n    B step 1207\n    B attack R1 d20:9";
    check(&format!("{b} mod=+1 damage=20 => R1 hp=70\n"), &[]);
    check(&format!("{b} mod=+2 mod=-1 damage=20\n"), &[]);
    check(
        &format!("{b} damage=20\n"),
        &[("tdgs::damage-on-miss", "damage=20")],
    );
}

// ------------------------------------------------------------------- TURN

/// TURN-4: order modifiers do not change the activation order.
#[test]
fn turn_4_order_modifiers_leave_the_order_alone() {
    // Hold's +10 % REF puts D (REF 18) at 19, level with R4: R4 still acts first.
    check_edited(&idle(&[]), "1. Raiders\n  R4:\n1. Crown\n  D:\n", &[]);
    check_edited(
        &idle(&[]),
        "1. Crown\n  D:\n1. Raiders\n  R4:\n",
        &[("tdgs::out-of-ref-order", "R4:")],
    );
}

/// TURN-8, ORDERS-2, ORDERS-7, COMBAT-4: an activation ends a charge, starts a pending order.
#[test]
fn turn_8_an_activation_ends_the_charge_and_starts_the_pending_order() {
    // At the start of R4's activation its charge modifiers end (REF 18 → 19,
    // STR 20 → 19).
    let fold = check(&spec_until("2. Raiders\n  R4:"), &[]);
    let r4 = entity(&fold, "Raiders", "R4");
    assert!(fold.entities[r4].charging);
    assert_eq!(defence(&fold, r4, AttackKind::Melee), 18);
    assert_eq!(attack_strength(&fold, r4), 20);
    let fold = check(&spec_until("R4 attack A d20:16"), &[]);
    assert!(!fold.entities[r4].charging);
    assert_eq!(defence(&fold, r4, AttackKind::Melee), 19);
    assert_eq!(attack_strength(&fold, r4), 19);

    // B's Hold, ordered after B acted, waits for B's next activation: R1
    // hits it at REF 16 with 5 + (22 − 16) = 11 (W27).
    let before_b = spec_until("R1 attack B d20:13");
    let fold = check(
        &format!("{before_b}    R1 attack B d20:5 damage=25 => B hp=45\n"),
        &[],
    );
    let b = entity(&fold, "Crown", "B");
    assert_eq!(
        (fold.entities[b].order, fold.entities[b].pending_order),
        (Some(Order::Attack), Some(Order::Hold))
    );
    let b_opens = spec_until("B attack R1 d20:18");
    let fold = check(&b_opens, &[]);
    assert_eq!(
        (fold.entities[b].order, fold.entities[b].pending_order),
        (Some(Order::Hold), None)
    );
    assert_eq!(defence(&fold, b, AttackKind::Melee), 17);
    // Hold now binds B: no Step.
    check(
        &format!("{b_opens}    B step 1208\n"),
        &[("tdgs::hold-moved", "B step 1208")],
    );
}

// ---------------------------------------------------------------- ACTIONS

/// ACTIONS-2: a Step is one square to a square the footprint may enter.
#[test]
fn actions_2_a_step_is_one_open_square() {
    check("1. Raiders\n  R4:\n    R4 step 0905\n", &[]);
    check(
        "1. Crown\n  A:\n    A step 0906\n",
        &[("tdgs::path-not-contiguous", "0906")],
    );
    // The river: R4's squares would be 0903 and 1003.
    check(
        "1. Raiders\n  R4:\n    R4 step 0903\n",
        &[("tdgs::path-blocked", "0903")],
    );
    // R1's squares.
    check_edited(
        &idle(&["B"]),
        "1. Crown\n  B:\n    B step 1207\n    B attack R1 d20:15 damage=20\n\n2. Crown\n  B:\n    B step 1206\n",
        &[("tdgs::path-blocked", "1206")],
    );
}

/// ACTIONS-4, COMMAND-12: a unit that commands may spend its Action on command.
#[test]
fn actions_4_a_commanding_unit_may_command_instead() {
    // A, made a lieutenant commanding B, stands next to R1: an order excuses
    // it from attacking, a free release does not.
    let commands = format!("{A} role=commander direct=B");
    let edits = [
        ("direct=A extended=B+C", "direct=A extended=C"),
        (A, commands.as_str()),
    ];
    check_edited(
        &edits,
        "1. Crown\n  A:\n    A step 0907\n    A order B hold\n1. Raiders\n  R4:\n",
        &[],
    );
    check_edited(
        &edits,
        "1. Crown\n  A:\n    A step 0907\n    A release B\n1. Raiders\n  R4:\n",
        &[("tdgs::order-not-followed", "1. Raiders")],
    );
}

// --------------------------------------------------------------- POSITION

/// POSITION-4: difficult ground costs 2 a square, very difficult 4 (W20).
#[test]
fn position_4_terrain_costs_movement() {
    // Y (MOV 6) crosses three difficult squares, not four; one very difficult
    // square, not two.
    let difficult = [(
        "terrain difficult 0503-0603",
        "terrain difficult 0503-0603 1012-1016",
    )];
    check_edited(
        &difficult,
        "1. Crown\n  Y:\n    Y move 1012-1013-1014\n",
        &[],
    );
    check_edited(
        &difficult,
        "1. Crown\n  Y:\n    Y move 1012-1013-1014-1015\n",
        &[("tdgs::path-too-long", "1012-1013-1014-1015")],
    );
    let very = [(
        "terrain difficult 0503-0603",
        "terrain difficult 0503-0603\nterrain very-difficult 1012-1016",
    )];
    check_edited(&very, "1. Crown\n  Y:\n    Y move 1012\n", &[]);
    check_edited(
        &very,
        "1. Crown\n  Y:\n    Y move 1012-1013\n",
        &[("tdgs::path-too-long", "1012-1013")],
    );
}

/// POSITION-8, RESOLVE-5: flanking earns `position=2`, no more.
#[test]
fn position_8_flanking_earns_two() {
    // B south of R1 and Y north of it: 8 + 1 + 2 = 11 hits; 4 would need
    // three of them next to R1.
    let flank = [("Y@1011", "Y@1204")];
    let b = "1. Crown\n  B:\n    B step 1207\n    B attack R1 d20:8";
    check_edited(&flank, &format!("{b} position=2 damage=20\n"), &[]);
    check_edited(
        &flank,
        &format!("{b} position=4 damage=20\n"),
        &[("tdgs::position-not-earned", "position=4")],
    );
    // Without Y, nothing is earned.
    check(
        &format!("{b} position=2 damage=20\n"),
        &[("tdgs::position-not-earned", "position=2")],
    );
}

/// POSITION-10, COMBAT-4: cover raises REF against shots when every square has it.
#[test]
fn position_10_cover_raises_ref_against_shots() {
    // D shoots R2 (DEX 22, REF 15): half cover +4 makes 7 + 3 = 10 a miss,
    // partial +2 makes 5 + 5 = 10 a miss; cover on half of R2's squares is
    // none (4 + 7 = 11 hits).
    let cover = |kind: &str, cells: &str| {
        (
            "terrain difficult 0503-0603",
            format!("terrain difficult 0503-0603\nterrain {kind} {cells}"),
        )
    };
    let shot = |die: u32| format!("1. Crown\n  D:\n    D shoot R2 d20:{die} damage=5\n");
    let half = cover("cover-half", "1405-1506");
    check_edited(&[(half.0, &half.1)], &shot(8), &[]);
    check_edited(
        &[(half.0, &half.1)],
        &shot(7),
        &[("tdgs::damage-on-miss", "damage=5")],
    );
    check(&shot(7), &[]);
    let partial = cover("cover-partial", "1405-1506");
    check_edited(&[(partial.0, &partial.1)], &shot(6), &[]);
    check_edited(
        &[(partial.0, &partial.1)],
        &shot(5),
        &[("tdgs::damage-on-miss", "damage=5")],
    );
    let some = cover("cover-half", "1405-1505");
    check_edited(&[(some.0, &some.1)], &shot(4), &[]);
}

// ---------------------------------------------------------------- COMMAND

/// COMMAND-1, MORALE-2: the CHA bonus rounds down (TDGS-R2).
#[test]
fn command_1_cha_bonus_rounds_down() {
    // S's CHA 12 gives +1, not the table's +2: D's cascade check
    // 6 + (13 − 10) + 1 = 10 fails.
    let broken = spec_until("D morale cascade d20:5");
    check(
        &format!("{broken}    D morale cascade d20:6 => fail\n"),
        &[],
    );
    check(
        &format!("{broken}    D morale cascade d20:6 => pass\n"),
        &[("tdgs::claim-mismatch", "pass")],
    );
}

/// COMMAND-7, TRIGGERS-3: a lost commander's units are uncontrolled and owe checks.
#[test]
fn command_7_a_lost_commander_leaves_checks_owed() {
    let gorm_falls = spec_until("R3 morale commander-lost d20:8");
    let fold = check(&gorm_falls, &[]);
    for id in ["R2", "R3"] {
        assert_eq!(fold.entities[entity(&fold, "Raiders", id)].commander, None);
    }
    let cause = "B free-attack G d20:20 crit=d4:4 damage=40 => G dead";
    check(
        &format!("{gorm_falls}3. Raiders\n  R2:\n"),
        &[
            ("tdgs::morale-check-missing", cause),
            ("tdgs::morale-check-missing", cause),
        ],
    );
}

/// COMMAND-10: a commander releases only its own units.
#[test]
fn command_10_release_only_ones_own() {
    let fold = check("1. Crown\n  S:\n    S release D\n", &[]);
    assert_eq!(fold.entities[entity(&fold, "Crown", "D")].commander, None);
    check(
        "1. Crown\n  Y:\n    Y release D\n",
        &[("tdgs::not-commanded-by", "D")],
    );
}

/// COMMAND-11: destroying an extended unit exposes nobody.
#[test]
fn command_11_an_extended_unit_exposes_nobody() {
    // K destroys C, Y's extended unit, and has no free attack on Y.
    let c_falls = format!("{}\n", spec_until("5. Crown").trim_end());
    check(&c_falls, &[]);
    check(
        &format!("{c_falls}    K free-attack Y d20:15 damage=5\n"),
        &[(
            "tdgs::free-attack-not-owed",
            "K free-attack Y d20:15 damage=5",
        )],
    );
}

// ----------------------------------------------------------------- ORDERS

/// ORDERS-1: the current order again is free; a new one is the Action.
#[test]
fn orders_1_the_standing_order_is_free() {
    check(
        "1. Crown\n  Y:\n    Y order A attack\n    Y order B hold\n",
        &[],
    );
    check(
        "1. Crown\n  Y:\n    Y order B hold\n    Y order C hold\n",
        &[("tdgs::second-action", "Y order C hold")],
    );
}

/// ORDERS-5, ORDERS-4: under Hold a unit may shoot any enemy in range.
#[test]
fn orders_5_hold_may_shoot_any_enemy_in_range() {
    // D shoots R4 (5 away) though R1, R2 and R3 are nearer (4):
    // 10 + (22 − 19) = 13. Under Attack it may not.
    let shot = "1. Crown\n  D:\n    D shoot R4 d20:10 damage=5 => R4 hp=65\n";
    check(shot, &[]);
    check_edited(
        &[("weapon=ranged order=hold", "weapon=ranged")],
        shot,
        &[("tdgs::not-nearest-enemy", "R4")],
    );
}

/// ORDERS-6: under Take Cover the Step is the only movement.
#[test]
fn orders_6_take_cover_moves_by_its_step() {
    let cover = [(
        "\"Outriders\" cavalry-squad scout size=2x2 order=hold",
        "\"Outriders\" cavalry-squad scout size=2x2 order=take-cover",
    )];
    check_edited(&cover, "1. Crown\n  F:\n    F step 0502\n", &[]);
    check_edited(
        &cover,
        "1. Crown\n  F:\n    F move 0502-0501\n",
        &[("tdgs::cover-moved", "F move 0502-0501")],
    );
}

/// ORDERS-8, POSITION-5: a retreat ends farther from the nearest enemy and provokes nothing.
#[test]
fn orders_8_a_retreat_goes_away_unmolested() {
    let retreating = format!("{R1} order=retreat");
    let edits = [(R1, retreating.as_str())];
    let a_steps = "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=31\n1. Raiders\n  R1:\n    R1 retreat 1204";
    let fold = check_edited(&edits, &format!("{a_steps}\n"), &[]);
    let r1 = entity(&fold, "Raiders", "R1");
    assert_eq!(
        fold.entities[r1].anchor.map(|c| c.to_string()).as_deref(),
        Some("1204")
    );
    check_edited(
        &edits,
        &format!("{a_steps} > A opportunity d20:15 damage=20\n"),
        &[("tdgs::opportunity-not-allowed", "A")],
    );
}

/// ORDERS-9, RALLY-3: a rallied unit is active and under Attack.
#[test]
fn orders_9_a_rallied_unit_is_under_attack() {
    let fold = check(&spec_until("S order E hold"), &[]);
    let c = entity(&fold, "Crown", "C");
    assert_eq!(
        (fold.entities[c].status, fold.entities[c].order),
        (Status::Active, Some(Order::Attack))
    );
}

// ----------------------------------------------------------------- MORALE

/// MORALE-1, MORALE-3: the check is d20 + (CON − threat) + bonus.
#[test]
fn morale_1_the_check_is_con_against_threat_plus_bonus() {
    // R1's half check: 13 + (18 − 10) + 2 = 23, a pass.
    let before = spec_until("R1 morale half d20:13");
    check(&format!("{before}    R1 morale half d20:13 => pass\n"), &[]);
    check(
        &format!("{before}    R1 morale half d20:13 => fail\n"),
        &[("tdgs::claim-mismatch", "fail")],
    );
}

/// MORALE-7, TRIGGERS-2: triggers that fire at once merge into one check.
#[test]
fn morale_7_triggers_at_once_merge() {
    // R4 goes from 39 to 8: half and quarter at once, one check, both words.
    let before = spec_until("R4 morale half+quarter d20:9");
    check(
        &format!("{before}    R4 morale half+quarter d20:9 => fail\n"),
        &[],
    );
    check(
        &format!("{before}    R4 morale half d20:9\n"),
        &[("tdgs::wrong-trigger", "half")],
    );
}

/// MORALE-8: a missing check is replayed as passed.
#[test]
fn morale_8_a_missing_check_counts_as_passed() {
    // C does not rout, and nobody owes a cascade check.
    let before = spec_until("C morale half d20:6");
    let fold = check(
        &format!("{before}1. Crown\n  E:\n    E attack R2 d20:10 damage=18\n"),
        &[(
            "tdgs::morale-check-missing",
            "R2 charge C 1405-1406 d20:8 damage=29 => C hp=26",
        )],
    );
    let c = entity(&fold, "Crown", "C");
    assert_eq!(fold.entities[c].status, Status::Active);
    assert!(fold.owed.is_empty());
}

// --------------------------------------------------------------- TRIGGERS

/// TRIGGERS-7, ROUT-8, SETUP-15: triggers spent while routed or at deployment owe nothing.
#[test]
fn triggers_7_spent_triggers_owe_nothing() {
    // C, routed, falls to 6 of 55 under R2's blow: no quarter check.
    let flight = spec_until("S rally D d20:7");
    check(
        &format!("{flight}    C morale quarter d20:15\n"),
        &[("tdgs::morale-check-not-owed", "C morale quarter d20:15")],
    );
    // C starting at 27 of 55 has spent its half: hit to 22, it owes nothing.
    let worn = format!("{C} hp=27");
    let edits = [(C, worn.as_str())];
    let charge = "1. Raiders\n  R2:\n    R2 charge C 1405-1406 d20:8 damage=5 => C hp=22\n";
    check_edited(&edits, charge, &[]);
    check_edited(
        &edits,
        &format!("{charge}    C morale half d20:6\n"),
        &[("tdgs::morale-check-not-owed", "C morale half d20:6")],
    );
}

/// TRIGGERS-5, POSITION-7: a third side touched makes a unit surrounded.
#[test]
fn triggers_5_a_third_side_touched_is_surrounded() {
    // E's Step closes the third side of R3 (C east, D west, E south): R3
    // owes a check at threat 12, 12 + (10 − 12) + 1 (G, extended) = 11.
    let around = [
        ("R3@1605", "R3@1213"),
        ("C@1408", "C@1413"),
        ("D@1410", "D@1013"),
        ("E@1608", "E@1415"),
    ];
    check_edited(
        &around,
        "1. Crown\n  E:\n    E step 1315\n    R3 morale surrounded d20:12 => pass\n",
        &[],
    );
    check_edited(
        &around,
        "1. Crown\n  E:\n    E step 1315\n    E attack R3 d20:10 damage=5\n",
        &[("tdgs::morale-check-missing", "E step 1315")],
    );
}

// ---------------------------------------------------------------- CASCADE

/// CASCADE-1, TRIGGERS-4: a break makes the neighbours check.
#[test]
fn cascade_1_a_break_makes_the_neighbours_check() {
    // C's break makes D, B and E owe checks.
    let broken = spec_until("D morale cascade d20:5");
    let cause = "C morale half d20:6 => fail";
    check(
        &format!("{broken}1. Crown\n  E:\n    E attack R2 d20:10 damage=18\n"),
        &[
            ("tdgs::morale-check-missing", cause),
            ("tdgs::morale-check-missing", cause),
            ("tdgs::morale-check-missing", cause),
        ],
    );
}

/// CASCADE-3: a pending check merges a new break; one already passed checks again.
#[test]
fn cascade_3_a_pending_check_merges_a_new_break() {
    // R3's break finds R2 owing its commander-lost check: one check, both words.
    let before = spec_until("R2 morale commander-lost+cascade d20:14");
    check(
        &format!("{before}    R2 morale commander-lost+cascade d20:14 => pass\n"),
        &[],
    );
    check(
        &format!("{before}    R2 morale commander-lost d20:14\n"),
        &[("tdgs::wrong-trigger", "commander-lost")],
    );
    // D passes, then E breaks on a natural 1: E's break is a new one, and D,
    // touching E at a corner, checks again: 15 + (13 − 10) + 1 = 19.
    let broken = spec_until("D morale cascade d20:5");
    let again = format!(
        "{broken}    D morale cascade d20:9 => pass\n    B morale cascade d20:12 => pass\n    E morale cascade d20:1 => fail\n"
    );
    check(
        &format!("{again}    D morale cascade d20:15 => pass\n"),
        &[],
    );
    check(
        &format!("{again}1. Crown\n  E:\n"),
        &[(
            "tdgs::morale-check-missing",
            "E morale cascade d20:1 => fail",
        )],
    );
}

/// CASCADE-4: destruction and surrender break nothing.
#[test]
fn cascade_4_only_a_failed_morale_check_breaks() {
    // R2 stands beside R1 when it is destroyed, and beside R3 when it
    // surrenders: no check either time.
    check(
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=95\n    R2 morale cascade d20:5\n",
        &[("tdgs::morale-check-not-owed", "R2 morale cascade d20:5")],
    );
    let surrendered = spec_until("4. Crown");
    check(
        &format!("{}\n    R2 morale cascade d20:5\n", surrendered.trim_end()),
        &[("tdgs::morale-check-not-owed", "R2 morale cascade d20:5")],
    );
}

// ------------------------------------------------------------------- ROUT

/// A battle of two 1×1 units on a 10×10 map, the Crown with no edge and no
/// commander: a routed A flees directly away from R (TDGS-R33).
fn away(movetext: &str) -> String {
    format!(
        "[Battle \"Away\"]\n[Site \"Table 1\"]\n[Date \"2026-01-01\"]\n[Rules \"tdgs/mass-combat\"]\n[Sides \"Crown Raiders\"]\n[Result \"*\"]\n\n\
         map square 10x10\n\
         army Crown \"Crown\"\n  unit A \"A\" infantry-squad regular str=20 dex=15 ref=15 con=14 mov=6 int=10 wis=10 cha=12 luk=0\n\
         army Raiders \"Raiders\" edge=n\n  unit R \"R\" infantry-squad regular str=20 dex=15 ref=16 con=14 mov=6 int=10 wis=10 cha=12 luk=0\n\
         deploy Crown A@0505\ndeploy Raiders R@0506\n\n\
         1. Raiders\n  R:\n    R attack A d20:15 damage=40 => A hp=30\n    A morale half d20:1 => fail\n1. Crown\n  A:\n{movetext}"
    )
}

/// ROUT-4, ROUT-2: with no edge and no commander, a flight goes away from the threat.
#[test]
fn rout_4_away_from_the_threat() {
    // Each step one square farther from R, until no step is: A runs north to
    // the board's edge (4 squares of MOV 6).
    let fold = check_text(&away("    A flee 0504-0503-0502-0501\n"), &[]);
    assert_eq!(fold.entities[0].status, Status::Routed);
    check_text(
        &away("    A flee 0504-0503\n"),
        &[("tdgs::flee-too-short", "0504-0503")],
    );
    // The wrong step is labelled: from the anchor, its one cell; from a
    // written cell, both.
    check_text(
        &away("    A flee 0405-0304\n"),
        &[("tdgs::flee-not-toward-safety", "0405")],
    );
    check_text(
        &away("    A flee 0505-0504-0404-0403\n"),
        &[("tdgs::flee-not-toward-safety", "0504-0404")],
    );
}

/// ROUT-7, TURN-5: a unit that fled is gone for good.
#[test]
fn rout_7_a_unit_that_fled_is_gone() {
    let fled = spec_until("2. Raiders\n  R1:");
    let fold = check(&fled, &[]);
    assert_eq!(
        fold.entities[entity(&fold, "Crown", "D")].status,
        Status::Fled
    );
    check(
        &format!("{fled}  D:\n"),
        &[("tdgs::removed-entity-acts", "D:")],
    );
}

/// ROUT-9: a routed unit keeps its commander's slot.
#[test]
fn rout_9_a_routed_unit_keeps_its_slot() {
    // S cannot claim F as direct while D, routed, holds it; after D fled it
    // can (the sample's round 3).
    let routed = spec_until("S rally D d20:7");
    check(
        &format!("{routed}    S claim F direct\n"),
        &[("tdgs::no-free-slot", "direct")],
    );
    let fold = check(&spec_until("3. Raiders\n  R3:"), &[]);
    let (f, s) = (entity(&fold, "Crown", "F"), entity(&fold, "Crown", "S"));
    assert_eq!(fold.entities[f].commander.map(|l| l.commander), Some(s));
}

// --------------------------------------------------------------- CORNERED

/// CORNERED-3: the cornered check is d20 + (CON − rout threat) + bonus.
#[test]
fn cornered_3_the_check_is_con_against_the_rout_threat() {
    // R1: 12 + (18 − 14) + 2 = 18, a pass.
    let before = spec_until("R1 cornered d20:12");
    check(&format!("{before}    R1 cornered d20:12 => pass\n"), &[]);
    check(
        &format!("{before}    R1 cornered d20:12 => fail\n"),
        &[("tdgs::claim-mismatch", "fail")],
    );
}

/// CORNERED-4, COMBAT-4: a last stand strikes with +10 % STR.
#[test]
fn cornered_4_a_last_stand_strikes_harder() {
    // R1 at STR 22 + 2: 4 + (24 − 17) = 11 hits B under Hold.
    let before = spec_until("R1 attack B d20:9");
    let fold = check(
        &format!("{before}    R1 attack B d20:4 damage=27 => B hp=18\n"),
        &[],
    );
    let r1 = entity(&fold, "Raiders", "R1");
    assert!(fold.entities[r1].last_stand);
    assert_eq!(attack_strength(&fold, r1), 24);
}

// ------------------------------------------------------------------ RALLY

/// RALLY-1: only a commander rallies.
#[test]
fn rally_1_only_commanders_rally() {
    let e_acts = spec_until("  Y:\n    Y order B hold");
    check(
        &format!("{e_acts}    E rally C d20:9\n"),
        &[("tdgs::not-a-commander", "E rally C d20:9")],
    );
}

/// RALLY-2: the rally roll is d20 + (CHA − rout threat).
#[test]
fn rally_2_the_roll_is_cha_against_the_rout_threat() {
    // S rallies D: 7 + (12 − 10) = 9, a fail.
    let before = spec_until("S rally D d20:7");
    check(&format!("{before}    S rally D d20:7 => fail\n"), &[]);
    check(
        &format!("{before}    S rally D d20:7 => pass\n"),
        &[("tdgs::claim-mismatch", "pass")],
    );
}

/// RALLY-5: a unit that fled cannot be rallied.
#[test]
fn rally_5_a_fled_unit_cannot_be_rallied() {
    let before = spec_until("S order E hold");
    check(
        &format!("{before}    S rally D d20:15\n"),
        &[("tdgs::bad-target", "D")],
    );
}

// ----------------------------------------------------------------- COMBAT

/// COMBAT-1, POSITION-2: a reach weapon strikes up to 4 squares.
#[test]
fn combat_1_reach_strikes_near() {
    // B, with a reach weapon, hits R1 at 2.
    let reach = format!("{B} weapon=reach");
    let edits = [(B, reach.as_str())];
    let strike = "1. Crown\n  B:\n    B attack R1 d20:15 damage=20 => R1 hp=70\n";
    check_edited(&edits, strike, &[]);
    check(strike, &[("tdgs::not-adjacent", "R1")]);
}

/// COMBAT-2: a shot in the band beyond the weapon's optimal one is −2.
#[test]
fn combat_2_the_band_beyond_optimal_costs_two() {
    // A thrown weapon in the Far band (5 to 10): D shoots R4 at 5 with
    // 10 + (22 − 19) − 2 = 11, a 9 misses; R2 at 4 is no penalty.
    let thrown = [("weapon=ranged order=hold", "weapon=thrown order=hold")];
    let shot = |target: &str, die: u32| {
        format!("1. Crown\n  D:\n    D shoot {target} d20:{die} damage=5\n")
    };
    check_edited(&thrown, &shot("R4", 10), &[]);
    check_edited(
        &thrown,
        &shot("R4", 9),
        &[("tdgs::damage-on-miss", "damage=5")],
    );
    check(&shot("R4", 9), &[]);
    check_edited(&thrown, &shot("R2", 4), &[]);
}

/// COMBAT-3, COMBAT-8: a hero's spell is INT (arcane) or WIS (divine) against WIS.
#[test]
fn combat_3_heroes_cast_int_or_wis_against_wis() {
    // Y: 13 + (9 − 11) = 11 hits R1; divine 12 + (10 − 11) = 11.
    check(
        "1. Crown\n  Y:\n    Y cast R1 arcane d20:13 damage=10 => R1 hp=80\n",
        &[],
    );
    check(
        "1. Crown\n  Y:\n    Y cast R1 divine d20:12 damage=10 => R1 hp=80\n",
        &[],
    );
    check(
        "1. Crown\n  Y:\n    Y cast R1 arcane d20:12 damage=10\n",
        &[("tdgs::damage-on-miss", "damage=10")],
    );
}

// -------------------------------------------------------------------- LOG

/// LOG-1: the role decides an id both sides use; `Side.ID` always works.
#[test]
fn log_1_the_role_decides_an_id_both_sides_use() {
    let twins = [("unit K ", "unit A "), ("K@1704", "A@1704")];
    check_edited(
        &twins,
        "1. Crown\n  Y:\n    Y cast A arcane d20:13 damage=5 => Raiders.A hp=55\n",
        &[],
    );
    check_edited(
        &twins,
        "1. Crown\n  Y:\n    Y cast Crown.A arcane d20:13 damage=5\n",
        &[("tdgs::bad-target", "Crown.A")],
    );
}

// ----------------------------------------------------------------- REPORT

/// REPORT-1: Harrow Ford's casualties, ⌊men × HP lost / max HP⌋: Crown 42, Raiders 40.
#[test]
fn report_1_casualties_of_harrow_ford() {
    let fold = check_text(HARROW_FORD, &[]);
    let view = senlac_engine::tdgs::view::view(&fold);
    let lost: Vec<(&str, u32)> = view
        .units
        .iter()
        .filter(|u| u.men.is_some())
        .map(|u| (u.id.as_str(), u.casualties))
        .collect();
    assert_eq!(
        lost,
        [
            ("A", 20),
            ("B", 7),
            ("C", 10),
            ("D", 0),
            ("E", 5),
            ("F", 0),
            ("R1", 10),
            ("R2", 10),
            ("R3", 10),
            ("R4", 10),
        ]
    );
}

// ------------------------------------------------- found by the coverage

/// UNITS-5, TURN-5: an unconscious hero has no activation.
#[test]
fn units_5_an_unconscious_hero_has_no_activation() {
    // Y's spell takes K to 3 HP, at or below ⌊60 × 5 %⌋ = 3: unconscious,
    // and R4 checks for its lost commander.
    let knocked_out = "1. Crown\n  Y:\n    Y cast K arcane d20:11 damage=57 => K hp=3 unconscious\n    R4 morale commander-lost d20:10 => pass\n";
    check(knocked_out, &[]);
    check(
        &format!("{knocked_out}1. Raiders\n  K:\n"),
        &[("tdgs::removed-entity-acts", "K:")],
    );
}

/// LOG-2: `total=N` claims the roll's total: 14 + (28 − 17) = 25.
#[test]
fn log_2_total_claims_the_rolls_total() {
    check(
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=31 => total=25\n",
        &[],
    );
    check(
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=31 => total=24\n",
        &[("tdgs::claim-mismatch", "total=24")],
    );
    check(
        "1. Crown\n  A:\n    A step 0907 => total=3\n    A attack R1 d20:14 damage=31\n",
        &[("tdgs::unknown-claim", "total=3")],
    );
}

/// LOG-3: an owed line may be written as a reaction of the line that caused it.
#[test]
fn log_3_an_owed_line_may_be_a_reaction() {
    // 50 damage leaves R1 at 40 of 90: half.
    check(
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=50 > R1 morale half d20:13 => R1 hp=40\n",
        &[],
    );
    check(
        "1. Crown\n  A:\n    A step 0907\n    A attack R1 d20:14 damage=50 > R1 morale quarter d20:13 => R1 hp=40\n",
        &[("tdgs::wrong-trigger", "quarter")],
    );
}

/// POSITION-5: one opportunity attack per enemy per line.
#[test]
fn position_5_one_opportunity_attack_per_enemy_per_line() {
    let routed = spec_until("Y order B hold");
    check(
        &format!(
            "{routed}  C:\n    C flee 1408-1409-1410-1411-1412-1413-1414 > R2 opportunity d20:17 damage=20 > R2 opportunity d20:15 damage=3 => C hp=3\n"
        ),
        &[("tdgs::opportunity-not-allowed", "R2")],
    );
}

/// ORDERS-8: a surrounded unit's standing Retreat is suspended: it fights as under Attack.
#[test]
fn orders_8_a_surrounded_retreat_fights() {
    // R3, with C, D and E on three of its sides, strikes C.
    let hemmed = [
        (
            "\"Thrall Squad\" infantry-squad levy size=2x2",
            "\"Thrall Squad\" infantry-squad levy size=2x2 order=retreat",
        ),
        ("C@1408", "C@1413"),
        ("D@1410", "D@1013"),
        ("E@1608", "E@1215"),
        ("R3@1605", "R3@1213"),
    ];
    check_edited(
        &hemmed,
        "1. Raiders\n  R3:\n    R3 attack C d20:15 damage=5\n",
        &[],
    );
    check_edited(
        &hemmed,
        "1. Raiders\n  R3:\n    R3 retreat 1212-1211\n",
        &[("tdgs::retreat-while-surrounded", "R3 retreat 1212-1211")],
    );
}

/// REPORT-2: the report lists whom each entity fought, and marks commanders who never fought.
#[test]
fn report_2_whom_each_entity_fought() {
    let fold = check_text(HARROW_FORD, &[]);
    let view = senlac_engine::tdgs::view::view(&fold);
    let fate = |id: &str| {
        view.units
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.fate.clone())
            .unwrap()
    };
    assert_eq!(fate("A"), "On the field, 40 of 130 HP; fought K, R1, R4");
    assert_eq!(fate("Y"), "On the field, unharmed; no XP (commanding only)");
    assert_eq!(fate("G"), "Dead; fought B");
    // F never fought and commands nobody: nothing to add.
    assert_eq!(fate("F"), "On the field, unharmed");
}
