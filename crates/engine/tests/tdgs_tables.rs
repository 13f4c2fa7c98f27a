//! TDGS Mass Combat's data layer against the documents: the spec's
//! formula-only test vectors (W1-W19, W25-W27), the extension's CHA table and
//! core D4's luck table cell by cell (with exactly where they disagree with
//! the rules senlac plays), core D3's success table, core D14's terrain,
//! weapon and positional tables, core D8's knockout table, and the code and
//! ruling registries.

use std::collections::BTreeSet;

use senlac_engine::Severity;
use senlac_engine::tdgs::codes;
use senlac_engine::tdgs::tables::{
    self, AttackStat, Band, Command, Cover, Echelon, Order, Reason, RollError, Terrain,
    TraitEffect, Trigger, Weapon, cha_bonus, command_range, document_cha_bonus, extended_bonus,
    extended_slots, half_reached, hp_triggers_crossed, knocked_out, knockout_threshold, max_hp,
    merged_threat, morale_delta, percent, quarter_reached, rally_delta, shot_penalty, success,
    success_chance, with_percent,
};

/// (success, reason, total) of a roll without a reroll.
fn roll(die: i32, delta: i32, luk: i32) -> (bool, Reason, i32) {
    let r = success(die, delta, luk, None).unwrap();
    (r.success, r.reason, r.total)
}

// ------------------------------------------------------------ the vectors

#[test]
fn w1_to_w5_command() {
    // W1, and ext §Command: "A CHA 30 commander (+3) can extend command to 3
    // more units at +1 each", "a 30-square command radius".
    assert_eq!(
        (
            cha_bonus(30),
            extended_slots(30),
            extended_bonus(30),
            command_range(30)
        ),
        (3, 3, 1, 30)
    );
    // W2: CHA 12 is +1 with one extended unit at +0; the table says +2.
    assert_eq!(
        (cha_bonus(12), extended_slots(12), extended_bonus(12)),
        (1, 1, 0)
    );
    assert_eq!(document_cha_bonus(12), Some(2));
    // W3.
    assert_eq!(
        (cha_bonus(20), extended_slots(20), extended_bonus(20)),
        (2, 2, 1)
    );
    // W4: the minimum; CHA 0 has range 0.
    assert_eq!(cha_bonus(5), 1);
    assert_eq!((cha_bonus(0), command_range(0)), (1, 0));
    // W5.
    assert_eq!((cha_bonus(19), document_cha_bonus(19)), (1, Some(2)));
    assert_eq!((cha_bonus(45), document_cha_bonus(45)), (4, None));
    assert_eq!((cha_bonus(50), document_cha_bonus(50)), (5, Some(5)));
    // Direct and extended command as kinds.
    assert_eq!(
        (Command::Direct.bonus(30), Command::Direct.slots(30)),
        (3, 1)
    );
    assert_eq!(
        (Command::Extended.bonus(30), Command::Extended.slots(30)),
        (1, 3)
    );
    assert_eq!(Command::parse("extended"), Some(Command::Extended));
    assert_eq!(Command::parse("lieutenant"), None);
}

#[test]
fn w6_w7_w26_percentages() {
    // W6, ext §Orders: "STR 50 receiving +10% STR gains +5".
    assert_eq!((percent(50), with_percent(50, 1)), (5, 55));
    // W7: "REF 35 … gains +3 REF (minimum +1)"; the minimum; a penalty.
    assert_eq!(with_percent(35, 1), 38);
    assert_eq!(with_percent(8, 1), 9);
    assert_eq!(with_percent(19, -1), 18);
    assert_eq!(with_percent(24, 1), 26);
    // W26: a charge at STR 24, REF 15.
    assert_eq!(
        (Order::Charge.strength(24), Order::Charge.reflex(15, false)),
        (26, 14)
    );
    // W13's last stand: STR 22 to 24.
    assert_eq!(with_percent(22, tables::LAST_STAND_STR_TENTHS), 24);
}

#[test]
fn w8_to_w13_morale_and_cornered() {
    // W8: d20 7 + (CON 42 − 10) + 3 = 42.
    assert_eq!(
        roll(7, morale_delta(42, 10, 3), 0),
        (true, Reason::Arithmetic, 42)
    );
    // W9: the same with a natural 1: total 36, and it fails.
    assert_eq!(
        roll(1, morale_delta(42, 10, 3), 0),
        (false, Reason::NaturalOne, 36)
    );
    // W10: extended under a CHA 30 commander: 6 + 1 + 1 = 8.
    let bonus = Command::Extended.bonus(30);
    assert_eq!(
        roll(6, morale_delta(11, Trigger::Half.threat(0), bonus), 0),
        (false, Reason::Arithmetic, 8)
    );
    // W11: commander lost, uncontrolled: 8 − 2 = 6.
    assert_eq!(
        roll(8, morale_delta(10, Trigger::CommanderLost.threat(0), 0), 0),
        (false, Reason::Arithmetic, 6)
    );
    // W12: terror at a CHA 60 dragon, direct +3.
    let terror = morale_delta(42, Trigger::Terror.threat(60), Command::Direct.bonus(30));
    assert_eq!(roll(19, terror, 0), (false, Reason::Arithmetic, 4));
    assert_eq!(roll(20, terror, 0), (true, Reason::NaturalTwenty, 5));
    // W13: cornered at the rout's threat 14, direct under CHA 20: 12 + 4 + 2.
    assert_eq!(
        roll(12, morale_delta(18, 14, Command::Direct.bonus(20)), 0),
        (true, Reason::Arithmetic, 18)
    );
}

#[test]
fn w14_to_w17_rally_and_luck() {
    // W14: CHA 30 against 10.
    assert_eq!(
        roll(9, rally_delta(30, 10), 0),
        (true, Reason::Arithmetic, 29)
    );
    assert_eq!(
        roll(1, rally_delta(30, 10), 0),
        (false, Reason::NaturalOne, 21)
    );
    // W15: CHA 20 against 14 at LUK +1: 10 fails, 17 passes, luck deciding
    // neither.
    assert_eq!(
        roll(4, rally_delta(20, 14), 1),
        (false, Reason::Arithmetic, 10)
    );
    assert_eq!(
        roll(11, rally_delta(20, 14), 1),
        (true, Reason::Arithmetic, 17)
    );
    // W16: STR 20 against REF 10 at LUK −1, d20 10: total 20, but the die
    // must be 11 or more.
    assert_eq!(roll(10, 20 - 10, -1), (false, Reason::LuckCeiling, 20));
    assert_eq!(roll(11, 20 - 10, -1), (true, Reason::Arithmetic, 21));
    // W17: STR 10 against REF 20 at LUK +1, d20 11: total 1, a hit.
    assert_eq!(roll(11, 10 - 20, 1), (true, Reason::LuckFloor, 1));
    assert_eq!(roll(10, 10 - 20, 1), (false, Reason::Arithmetic, 0));
}

/// The highest HP at which `reached` holds, for a maximum of `max`.
fn threshold(max: i32, reached: fn(i32, i32) -> bool) -> i32 {
    (0..=max).rev().find(|&hp| reached(hp, max)).unwrap()
}

#[test]
fn w18_w19_hp_thresholds() {
    // ext §Units: "A unit with CON 50 has 250 HP".
    assert_eq!(max_hp(50), 250);
    // W18: half at ≤ 125 / 102 / 27; quarter at ≤ 62 / 51 / 13.
    let found: Vec<(i32, i32, i32)> = [50, 41, 11]
        .into_iter()
        .map(|con| {
            let max = max_hp(con);
            (
                max,
                threshold(max, half_reached),
                threshold(max, quarter_reached),
            )
        })
        .collect();
    assert_eq!(found, [(250, 125, 62), (205, 102, 51), (55, 27, 13)]);
    // W19: one hit takes a CON 14 unit (70 HP) from 39 to 8: one check at 14.
    let crossed = hp_triggers_crossed(39, 8, max_hp(14));
    assert_eq!(crossed, [Trigger::Half, Trigger::Quarter]);
    assert_eq!(merged_threat(&crossed, 0), Some(14));
    // Already below half before: only the quarter is new.
    assert_eq!(hp_triggers_crossed(30, 8, 70), [Trigger::Quarter]);
    assert_eq!(hp_triggers_crossed(70, 36, 70), []);
    assert_eq!(merged_threat(&[], 0), None);
}

#[test]
fn w25_w27_ranges_and_pending_hold() {
    // W25: a ranged weapon at 4 and 11; a thrown one at 11.
    assert_eq!(shot_penalty(Weapon::Ranged, 4), Some(0));
    assert_eq!(shot_penalty(Weapon::Ranged, 11), Some(-2));
    assert_eq!(shot_penalty(Weapon::Thrown, 11), None);
    // W27: STR 22 against REF 16, d20 5: 11 hits; with Hold's REF 17, 10
    // misses.
    assert_eq!(roll(5, 22 - 16, 0), (true, Reason::Arithmetic, 11));
    let holding = Order::Hold.reflex(16, false);
    assert_eq!(holding, 17);
    assert_eq!(roll(5, 22 - holding, 0), (false, Reason::Arithmetic, 10));
    // Take Cover counts against shots only.
    assert_eq!(
        (
            Order::TakeCover.reflex(35, false),
            Order::TakeCover.reflex(35, true)
        ),
        (35, 38)
    );
}

// ------------------------------------------------- the CHA table, cell by cell

#[test]
fn the_cha_table_disagrees_with_the_formula_at_27_values() {
    // ext §Command, CHA Bonus, as printed.
    assert_eq!(
        tables::DOCUMENT_CHA_TABLE,
        [
            (1, 10, 1),
            (11, 20, 2),
            (21, 30, 3),
            (31, 40, 4),
            (50, 50, 5)
        ]
    );
    let mut differ = Vec::new();
    let mut agree = Vec::new();
    let mut no_row = Vec::new();
    for cha in 0..=100 {
        match document_cha_bonus(cha) {
            None => no_row.push(cha),
            Some(table) if table == cha_bonus(cha) => agree.push(cha),
            Some(table) => {
                // Always one higher: the table rounds up.
                assert_eq!(table, cha_bonus(cha) + 1, "CHA {cha}");
                assert_eq!(table, (cha + 9) / 10, "CHA {cha}");
                differ.push(cha);
            }
        }
    }
    let expected: Vec<i32> = (11..=19).chain(21..=29).chain(31..=39).collect();
    assert_eq!(differ, expected);
    assert_eq!(differ.len(), 27);
    let expected: Vec<i32> = (1..=10).chain([20, 30, 40, 50]).collect();
    assert_eq!(agree, expected);
    let expected: Vec<i32> = [0].into_iter().chain(41..=49).chain(51..=100).collect();
    assert_eq!(no_row, expected);
    // The formula, cell by cell where the table is silent.
    assert_eq!([0, 41, 49, 80, 99, 100].map(cha_bonus), [1, 4, 4, 8, 9, 10]);
}

// ------------------------------------------------------ the d20 and luck

/// Core D3's success rate table: (delta, need on d20, success percent);
/// the first row is "-9 or worse", the last "+9 or better".
const D3_SUCCESS: [(i32, i32, u32); 19] = [
    (-9, 20, 5),
    (-8, 19, 10),
    (-7, 18, 15),
    (-6, 17, 20),
    (-5, 16, 25),
    (-4, 15, 30),
    (-3, 14, 35),
    (-2, 13, 40),
    (-1, 12, 45),
    (0, 11, 50),
    (1, 10, 55),
    (2, 9, 60),
    (3, 8, 65),
    (4, 7, 70),
    (5, 6, 75),
    (6, 5, 80),
    (7, 4, 85),
    (8, 3, 90),
    (9, 2, 95),
];

#[test]
fn core_d3_success_table_at_luck_0() {
    for (delta, need, percent) in D3_SUCCESS {
        let lowest = (1..=20)
            .find(|&die| success(die, delta, 0, None).unwrap().success)
            .unwrap();
        assert_eq!(lowest, need, "delta {delta}");
        assert_eq!(
            success_chance(delta, 0),
            Some(percent * 100),
            "delta {delta}"
        );
    }
    // "or worse", "or better": the bounds of natural 1 and 20.
    assert_eq!(success_chance(-40, 0), Some(500));
    assert_eq!(success_chance(40, 0), Some(9500));
}

#[test]
fn natural_1_and_20_at_every_luck() {
    for luk in -10..=10 {
        assert_eq!(roll(20, -100, luk), (true, Reason::NaturalTwenty, -80));
        assert_eq!(roll(1, 100, luk), (false, Reason::NaturalOne, 101));
    }
}

#[test]
fn negative_luck_matches_core_d4_row_by_row() {
    assert_eq!(tables::LUCK_CEILING_TABLE[0], (-10, 20, 500));
    assert_eq!(tables::LUCK_CEILING_TABLE[9], (-1, 11, 5000));
    for (luk, lowest, printed) in tables::LUCK_CEILING_TABLE {
        assert_eq!(tables::luck_ceiling_die(luk), Some(lowest), "LUK {luk}");
        // "A character with LUK -5 and a +20 delta still only succeeds 30%".
        assert_eq!(success_chance(20, luk), Some(printed), "LUK {luk}");
        if lowest > 2 {
            assert_eq!(roll(lowest - 1, 20, luk).1, Reason::LuckCeiling);
        }
        assert!(roll(lowest, 20, luk).0);
    }
    assert_eq!(tables::luck_ceiling_die(0), None);
}

#[test]
fn positive_luck_follows_core_d4s_die_column_not_its_rates() {
    assert_eq!(tables::LUCK_FLOOR_TABLE[0], (1, 10, 5500));
    assert_eq!(tables::LUCK_FLOOR_TABLE[9], (10, 1, 9975));
    let mut rate_too_high = Vec::new();
    for (luk, highest_fail, printed) in tables::LUCK_FLOOR_TABLE {
        assert_eq!(tables::luck_floor_die(luk), Some(highest_fail), "LUK {luk}");
        // Against odds that need a natural 20, the floor is all that helps.
        let chance = success_chance(-20, luk).unwrap();
        assert_eq!(
            chance,
            (20 - highest_fail as u32) * 500 + if luk == 10 { 475 } else { 0 }
        );
        if highest_fail > 1 {
            assert!(!roll(highest_fail, -20, luk).0, "LUK {luk}");
        }
        assert_eq!(roll(highest_fail + 1, -20, luk).1, Reason::LuckFloor);
        if printed != chance {
            assert_eq!(printed, chance + 500, "LUK {luk}: 5 points high");
            rate_too_high.push(luk);
        }
    }
    assert_eq!(rate_too_high, (1..=9).collect::<Vec<_>>());
    assert_eq!(tables::luck_floor_die(0), None);
}

#[test]
fn core_d4_worked_examples() {
    // 1: LUK −5, STR 8 against REF 3: "Must roll 15+", 30%.
    assert_eq!(success_chance(8 - 3, -5), Some(3000));
    assert_eq!(roll(14, 5, -5).1, Reason::LuckCeiling);
    // 2: LUK +7, DEX 4 against REF 18: "Only rolls 1-4 fail" — 16 faces,
    // 80 %, though the example prints 85%.
    assert!(!roll(4, 4 - 18, 7).0);
    assert_eq!(roll(5, 4 - 18, 7).1, Reason::LuckFloor);
    assert_eq!(success_chance(4 - 18, 7), Some(8000));
    // 3: LUK +3, DEX 7 against 5: "Only rolls 1-8 fail"; the delta already
    // needs 9, so luck changes nothing (60 %; the example prints 65%).
    assert_eq!(success_chance(7 - 5, 3), success_chance(7 - 5, 0));
    assert_eq!(success_chance(7 - 5, 3), Some(6000));
    // 4: LUK −4, INT 5 against 14: "5% success".
    assert_eq!(success_chance(5 - 14, -4), Some(500));
    // 5: LUK +10, DEX 6 against 10: a 1, rerolled to 7, succeeds by luck.
    let leap = success(1, 6 - 10, 10, Some(7)).unwrap();
    assert_eq!(
        (leap.success, leap.reason, leap.die, leap.rerolled),
        (true, Reason::LuckFloor, 7, true)
    );
    assert_eq!(success_chance(6 - 10, 10), Some(9975));
    // "A second natural 1 still fails."
    let twice = success(1, 6 - 10, 10, Some(1)).unwrap();
    assert_eq!((twice.success, twice.reason), (false, Reason::NaturalOne));
}

#[test]
fn rolls_that_cannot_be_resolved() {
    assert_eq!(success(0, 0, 0, None), Err(RollError::NotAFace(0)));
    assert_eq!(success(21, 0, 0, None), Err(RollError::NotAFace(21)));
    assert_eq!(success(5, 0, 11, None), Err(RollError::LuckOutOfRange(11)));
    assert_eq!(
        success(5, 0, -11, None),
        Err(RollError::LuckOutOfRange(-11))
    );
    // The reroll is LUK +10's, of a natural 1 only.
    assert_eq!(success(1, 0, 9, Some(5)), Err(RollError::RerollNotAllowed));
    assert_eq!(success(2, 0, 10, Some(5)), Err(RollError::RerollNotAllowed));
    assert_eq!(success(1, 0, 10, Some(0)), Err(RollError::NotAFace(0)));
    // Not taking it leaves the natural 1.
    assert_eq!(roll(1, 0, 10).1, Reason::NaturalOne);
    assert_eq!(success_chance(0, 11), None);
    // Criticals only on a natural.
    assert_eq!(
        (1..=20)
            .filter(|&d| tables::critical(d))
            .collect::<Vec<_>>(),
        [1, 20]
    );
}

#[test]
fn large_stats_only_fail_on_a_natural_1() {
    // The CON at which a morale check is still a gamble (between 5 % and
    // 95 %), with no bonus: 2-18 against threat 10, 6-22 against 14.
    let open = |threat| -> Vec<i32> {
        (1..=100)
            .filter(|&con| {
                let chance = success_chance(morale_delta(con, threat, 0), 0).unwrap();
                500 < chance && chance < 9500
            })
            .collect()
    };
    assert_eq!(open(10), (2..=18).collect::<Vec<_>>());
    assert_eq!(open(14), (6..=22).collect::<Vec<_>>());
    // Every company, with or without a commander, passes 19 in 20.
    for con in 35..=60 {
        for bonus in [0, 3] {
            assert_eq!(success_chance(morale_delta(con, 14, bonus), 0), Some(9500));
        }
    }
    // Luck bounds the die, not the total: LUK −1 halves it; the example
    // company's LUK 10 makes it 399 in 400.
    assert_eq!(success_chance(morale_delta(42, 10, 3), -1), Some(5000));
    assert_eq!(success_chance(morale_delta(42, 10, 3), 10), Some(9975));
}

// ------------------------------------------------------------- knockout

#[test]
fn knockout_matches_core_d8() {
    // Core D8, Knockout Threshold.
    for (max, at) in [(40, 2), (60, 3), (100, 5), (200, 10), (500, 25)] {
        assert_eq!(knockout_threshold(max), at, "max {max}");
    }
    assert_eq!(
        [0, 1, 3, 4, 60].map(|hp| knocked_out(hp, 60)),
        [false, true, true, false, false]
    );
    // Below 20 HP the threshold is 0: death comes first.
    assert_eq!(knockout_threshold(max_hp(3)), 0);
    assert!(!knocked_out(1, max_hp(3)));
}

// ---------------------------------------------------- the morale triggers

#[test]
fn morale_triggers_match_the_extension() {
    let rows: Vec<(&str, &str, i32)> = tables::TRIGGERS
        .iter()
        .map(|row| (row.word, row.name, row.trigger.threat(60)))
        .collect();
    assert_eq!(
        rows,
        [
            ("half", "50% HP", 10),
            ("quarter", "25% HP", 14),
            ("commander-lost", "Commander Lost", 12),
            ("cascade", "Adjacent Friendly Breaks", 10),
            ("surrounded", "Surrounded", 12),
            ("terror", "Terrifying Enemy", 60),
        ]
    );
    use tables::Fires::*;
    assert_eq!(
        tables::TRIGGERS.map(|row| row.fires),
        [
            OncePerBattle,
            OncePerBattle,
            OncePerLostCommander,
            OncePerBreak,
            OncePerBattle,
            OncePerTerrifyingEntity
        ]
    );
    for trigger in Trigger::ALL {
        assert_eq!(Trigger::parse(trigger.word()), Some(trigger));
    }
    assert_eq!(Trigger::parse("fear"), None);
    assert_eq!(
        merged_threat(&[Trigger::CommanderLost, Trigger::Cascade], 0),
        Some(12)
    );
}

// ------------------------------------------------------------ terrain

#[test]
fn terrain_matches_core_d14() {
    // Core D14, Terrain and Movement, "Example (MOV 10)": 10, 5, 2.
    assert_eq!(
        [Terrain::Open, Terrain::Difficult, Terrain::VeryDifficult].map(|t| t.squares_for(10)),
        [10, 5, 2]
    );
    // "Half MOV (round down)", "Quarter MOV (round down)".
    for mov in 0..=40 {
        assert_eq!(Terrain::Difficult.squares_for(mov), mov / 2);
        assert_eq!(Terrain::VeryDifficult.squares_for(mov), mov / 4);
        assert_eq!(Terrain::Obscuring.squares_for(mov), mov);
    }
    // Summary table: (kind, cannot pass, blocks LoS, damage on entry).
    let rows: Vec<(&str, bool, bool, bool)> = Terrain::ALL
        .iter()
        .map(|t| {
            let row = t.row();
            (
                row.word,
                t.blocks_passage(),
                row.blocks_sight,
                row.hazardous,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("open", false, false, false),
            ("difficult", false, false, false),
            ("very-difficult", false, false, false),
            ("blocking", true, true, false),
            ("obscuring", false, true, false),
            ("hazardous", false, false, true),
            ("cover-partial", false, false, false),
            ("cover-half", false, false, false),
            ("cover-full", false, false, false),
        ]
    );
    assert_eq!(Terrain::Blocking.squares_for(10), 0);
    // Cover: "Partial +2 REF, Half +4 REF, Full Untargetable".
    assert_eq!(
        Terrain::ALL.map(|t| t.row().cover.ref_bonus()),
        [
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            Some(2),
            Some(4),
            None
        ]
    );
    // A formation has the cover of its least covered square (TDGS-R14).
    use Terrain::*;
    assert_eq!(
        tables::weakest_cover([CoverHalf, CoverPartial]),
        Cover::Partial
    );
    assert_eq!(tables::weakest_cover([CoverFull, CoverFull]), Cover::Full);
    assert_eq!(tables::weakest_cover([CoverFull, Open]), Cover::None);
    assert_eq!(tables::weakest_cover([]), Cover::None);
    for t in Terrain::ALL {
        assert_eq!(Terrain::parse(t.word()), Some(t));
    }
    assert_eq!(Terrain::parse("forest"), None);
}

// ------------------------------------------------------------- weapons

#[test]
fn range_bands_match_core_d14() {
    // "Adjacent 0-1, Near 2-4, Far 5-10, Distant 11+".
    let mut runs: Vec<(Band, u32, u32)> = Vec::new();
    for distance in 0..=60 {
        let band = Band::of(distance);
        match runs.last_mut() {
            Some(run) if run.0 == band => run.2 = distance,
            _ => runs.push((band, distance, distance)),
        }
    }
    assert_eq!(
        runs,
        [
            (Band::Adjacent, 0, 1),
            (Band::Near, 2, 4),
            (Band::Far, 5, 10),
            (Band::Distant, 11, 60)
        ]
    );
}

#[test]
fn the_weapon_table_matches_core_d14() {
    // Core D14, Weapon Range Table, as printed.
    let printed = [
        ("Melee", "Adjacent", "—", "Adjacent"),
        ("Reach", "Adjacent, Near", "—", "Near"),
        ("Thrown", "Near", "Far", "Far"),
        ("Ranged", "Far", "Distant", "Distant"),
        ("Long Range", "Distant", "—", "Distant"),
    ];
    let table: Vec<(&str, String, &str, &str)> = tables::WEAPONS
        .iter()
        .map(|row| {
            let optimal: Vec<&str> = row.optimal.iter().map(|b| b.name()).collect();
            (
                row.name,
                optimal.join(", "),
                row.extended.map_or("—", Band::name),
                row.maximum.name(),
            )
        })
        .collect();
    let printed: Vec<(&str, String, &str, &str)> = printed
        .iter()
        .map(|&(name, optimal, extended, maximum)| (name, optimal.to_string(), extended, maximum))
        .collect();
    assert_eq!(table, printed);
    assert_eq!(tables::EXTENDED_RANGE_PENALTY, -2);
    // Core D3: melee STR against REF, ranged DEX against REF.
    assert_eq!(
        Weapon::ALL.map(|w| w.row().stat),
        [
            AttackStat::Str,
            AttackStat::Str,
            AttackStat::Dex,
            AttackStat::Dex,
            AttackStat::Dex
        ]
    );
    for w in Weapon::ALL {
        assert_eq!(Weapon::parse(w.word()), Some(w));
    }
    assert_eq!(Weapon::parse("bow"), None);
}

/// Distances `first..=last` with one shot penalty.
type Run = (u32, u32, Option<i32>);

#[test]
fn shot_penalties_by_distance() {
    // (weapon, [(first distance, last distance, penalty)]) up to 100.
    let expected: [(Weapon, &[Run]); 5] = [
        (Weapon::Melee, &[(0, 1, Some(0)), (2, 100, None)]),
        (Weapon::Reach, &[(0, 4, Some(0)), (5, 100, None)]),
        (
            Weapon::Thrown,
            &[(0, 4, Some(0)), (5, 10, Some(-2)), (11, 100, None)],
        ),
        (Weapon::Ranged, &[(0, 10, Some(0)), (11, 100, Some(-2))]),
        (Weapon::Long, &[(0, 100, Some(0))]),
    ];
    for (weapon, runs) in expected {
        for &(first, last, penalty) in runs {
            for distance in first..=last {
                assert_eq!(
                    shot_penalty(weapon, distance),
                    penalty,
                    "{weapon:?} at {distance}"
                );
            }
        }
    }
    assert_eq!(
        Weapon::ALL.map(Weapon::reach),
        [Some(1), Some(4), Some(10), None, None]
    );
}

// -------------------------------------------------- orders and positions

#[test]
fn the_orders_table() {
    // (word, name, STR tenths, REF tenths, REF only against shots).
    let rows: Vec<(&str, &str, i32, i32, bool)> = tables::ORDERS
        .iter()
        .map(|row| {
            (
                row.word,
                row.name,
                row.str_tenths,
                row.ref_tenths,
                row.ref_against == tables::Against::Shots,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("attack", "Attack", 0, 0, false),
            ("hold", "Hold", 0, 1, false),
            ("take-cover", "Take Cover", 0, 1, true),
            ("charge", "Charge", 1, -1, false),
            ("retreat", "Retreat", 0, 0, false),
        ]
    );
    assert_eq!(
        Order::ALL.map(|o| o.row().until_next_activation),
        [false, false, false, true, false]
    );
    for o in Order::ALL {
        assert_eq!(Order::parse(o.word()), Some(o));
    }
    assert_eq!(Order::parse("advance"), None);
}

#[test]
fn positional_bonuses_match_core_d14() {
    assert_eq!(
        tables::POSITIONAL,
        [
            ("Flanked", 2, 2),
            ("Surrounded", 3, 4),
            ("Overwhelmed", 5, 6)
        ]
    );
    use tables::positional_bonus;
    assert_eq!(positional_bonus(1, true), 0);
    assert_eq!(positional_bonus(2, false), 0);
    assert_eq!(positional_bonus(2, true), 2);
    assert_eq!(positional_bonus(3, false), 4);
    assert_eq!(positional_bonus(4, true), 4);
    assert_eq!(positional_bonus(5, false), 6);
    assert_eq!(positional_bonus(8, true), 6);
}

#[test]
fn scale_and_traits() {
    // ext §Units, Unit Scale.
    assert_eq!(
        tables::SCALE.map(|(_, word, low, high, stat_low, stat_high)| (
            word, low, high, stat_low, stat_high
        )),
        [
            ("squad", 5, 12, 10, 30),
            ("platoon", 25, 50, 25, 45),
            ("company", 100, 200, 35, 60),
            ("battalion", 500, 1000, 50, 80),
            ("regiment", 2000, 5000, 65, 100),
        ]
    );
    assert_eq!(Echelon::parse("company"), Some(Echelon::Company));
    assert_eq!(Echelon::Company.typical_stats(), (35, 60));
    assert_eq!(Echelon::parse("army"), None);
    assert_eq!(
        tables::trait_effect("hold-the-line"),
        Some(TraitEffect::HoldRef(2))
    );
    assert_eq!(
        tables::trait_effect("disciplined-fire"),
        Some(TraitEffect::IgnoresPartialCover)
    );
    assert_eq!(tables::trait_effect("formation-fighting"), None);
}

// --------------------------------------------------- codes and rulings

/// The spec's code index (section 2.18), without the prefix.
/// The spec's codes whose findings the shared setup already reports under
/// its own `setup::` code (an unknown side, a unit deployed twice, an id
/// used twice), so the rule has one code, not two.
const SERVED_BY_SETUP: [&str; 3] = ["unknown-side", "deployed-twice", "duplicate-id"];

const SPEC_INDEX: [&str; 99] = [
    "map-not-square",
    "unknown-terrain",
    "off-map",
    "unknown-side",
    "missing-army",
    "missing-stat",
    "stat-out-of-range",
    "unknown-kind",
    "bad-footprint",
    "bad-hp",
    "unknown-order",
    "order-for-hero",
    "unknown-weapon",
    "not-a-commander",
    "bad-edge",
    "not-deployed",
    "deployed-twice",
    "impassable",
    "overlap",
    "duplicate-id",
    "unknown-key",
    "unused-directive",
    "bad-facing",
    "too-many-direct",
    "too-many-extended",
    "cannot-command",
    "unit-already-commanded",
    "out-of-command-range",
    "order-to-uncontrolled",
    "claim-not-uncontrolled",
    "no-free-slot",
    "not-commanded-by",
    "free-attack-not-owed",
    "routed-commander",
    "turn-number",
    "missing-activation",
    "wrong-side",
    "out-of-ref-order",
    "tie-order-changed",
    "acted-twice",
    "removed-entity-acts",
    "not-your-turn",
    "second-action",
    "second-step",
    "unknown-verb",
    "path-start",
    "path-not-contiguous",
    "path-too-long",
    "path-blocked",
    "ends-on-entity",
    "opportunity-not-allowed",
    "moved-after-destroyed",
    "position-not-earned",
    "no-line-of-sight",
    "target-in-full-cover",
    "hazard-missing",
    "order-to-routed",
    "not-nearest-enemy",
    "order-not-followed",
    "hold-moved",
    "cover-moved",
    "charge-not-ordered",
    "charge-not-toward",
    "charge-overran",
    "charge-not-adjacent",
    "retreat-not-away",
    "retreat-while-surrounded",
    "attack-while-retreating",
    "morale-check-missing",
    "morale-check-not-owed",
    "wrong-trigger",
    "cascade-order",
    "routed-must-flee",
    "routed-cannot-act",
    "routed-cannot-attack",
    "flee-not-toward-safety",
    "flee-too-short",
    "cornered-check-missing",
    "not-cornered",
    "cornered-fate-missing",
    "rally-not-routed",
    "rally-out-of-range",
    "rallied-acts-this-round",
    "rally-twice",
    "roll-missing",
    "bad-roll",
    "reroll-not-allowed",
    "crit-without-natural",
    "not-adjacent",
    "out-of-range",
    "cast-by-unit",
    "damage-missing",
    "damage-on-miss",
    "bad-target",
    "wrong-hp",
    "ambiguous-id",
    "unknown-entity",
    "claim-mismatch",
    "unknown-claim",
];

/// The codes senlac adds to the spec's index.
const ADDED: [&str; 10] = [
    "hazard-not-owed",
    "facing-has-no-effect",
    "narrative-luck",
    "unknown-slot",
    "extra-argument",
    "missing-target",
    "missing-path",
    "unknown-spell-kind",
    "bad-damage",
    "bad-modifier",
];

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn codes_are_unique_well_formed_and_the_specs() {
    let mut seen = BTreeSet::new();
    for code in codes::ALL {
        assert!(seen.insert(code.code), "{} is listed twice", code.code);
        let name = code.code.strip_prefix("tdgs::").unwrap_or_else(|| {
            panic!("{} lacks the tdgs:: prefix", code.code);
        });
        assert!(
            !name.is_empty()
                && !name.starts_with('-')
                && !name.ends_with('-')
                && !name.contains("--")
                && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{} is not kebab-case",
            code.code
        );
        assert!(!code.summary.is_empty() && !code.summary.ends_with('.'));
    }
    let names: BTreeSet<&str> = seen.iter().map(|c| &c["tdgs::".len()..]).collect();
    let expected: BTreeSet<&str> = SPEC_INDEX
        .into_iter()
        .chain(ADDED)
        .filter(|c| !SERVED_BY_SETUP.contains(c))
        .collect();
    assert_eq!(names, expected);
    assert_eq!(codes::ALL.len(), 99 + ADDED.len() - SERVED_BY_SETUP.len());
    // Errors, but for three: advice for a facing, warnings for narrative luck
    // and ignored directives.
    let not_errors: Vec<(&str, Severity)> = codes::ALL
        .iter()
        .filter(|c| c.severity != Severity::Error)
        .map(|c| (c.code, c.severity))
        .collect();
    assert_eq!(
        not_errors,
        [
            ("tdgs::unused-directive", Severity::Warning),
            ("tdgs::facing-has-no-effect", Severity::Advice),
            ("tdgs::narrative-luck", Severity::Warning),
        ]
    );
}

#[test]
fn the_rulings_cite_only_real_codes() {
    let doc = repo_file("docs/rules/tdgs-mass-combat.md");
    let cited: BTreeSet<&str> = doc
        .match_indices("`tdgs::")
        .map(|(at, _)| {
            let rest = &doc[at + 1..];
            &rest[..rest.find('`').unwrap()]
        })
        .collect();
    assert!(cited.len() >= 15, "{cited:?}");
    let known: BTreeSet<&str> = codes::ALL.iter().map(|c| c.code).collect();
    assert_eq!(
        cited.difference(&known).collect::<Vec<_>>(),
        Vec::<&&str>::new()
    );
}

/// Every n of `TDGS-Rn` in `text`.
fn ruling_numbers(text: &str) -> BTreeSet<u32> {
    text.split("TDGS-R")
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn every_ruling_is_written_once_and_cited() {
    let doc = repo_file("docs/rules/tdgs-mass-combat.md");
    let rows: Vec<u32> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| TDGS-R"))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .collect();
    // Numbered from 1 without gaps, each once; the spec proposed 49.
    assert!(rows.len() >= 49);
    assert_eq!(rows, (1..=rows.len() as u32).collect::<Vec<_>>());
    // Every ruling a citation names is written, and every ruling is cited.
    let cited = ruling_numbers(&repo_file("crates/engine/src/tdgs/rules.rs"));
    let written: BTreeSet<u32> = rows.into_iter().collect();
    assert_eq!(cited, written);
    // And the rulings' own cross-references point at written rulings.
    assert!(ruling_numbers(&doc).is_subset(&written));
}
