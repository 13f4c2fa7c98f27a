//! Feudal's data tables against the rule document's numbers: the move
//! table of 2.1 (5", 7.5", 10" for a 5" base), ranges (1.1a, PER.BM,
//! DM.2), modifiers (1.2a, 3.2a), turns (2.4), armour (1.2c, 3.2c, FX.6),
//! ground (0.10b, AT.2), the terrain's cover (1.2b, 3.2b, FO-R10), the
//! limits (1.4, 1.5, AD.2, 6H.5) and the force matrix (FX.1, FX.4).

use senlac_engine::feudal_ohw::tables::{
    Armour, Base, CLASSES, Class, FORCE_MATRIX, Missile, REMOVED_AT, SHOTS, SHOTS_WELL_SUPPLIED,
    SIX_HIT_REMOVED_AT, Turns, VARIATIONS, force_row, terrain_kind,
};

#[test]
fn the_move_table_gives_the_printed_inches_for_a_five_inch_base() {
    // 2.1: class 1 5", class 2 7.5", class 3 10" with the fast bonus.
    let fast = |class: Class| class.allowance(Base::DEFAULT, true, false);
    assert_eq!(fast(Class::Serjeants), 5.0);
    assert_eq!(fast(Class::Freemen), 5.0);
    assert_eq!(fast(Class::Bowmen), 5.0);
    assert_eq!(fast(Class::Brigans), 7.5);
    assert_eq!(fast(Class::Knights), 10.0);
    // A 6" base scales every allowance: nothing is hard-wired in inches.
    let wide = Base {
        width: 6.0,
        depth: 3.0,
    };
    assert_eq!(Class::Knights.allowance(wide, true, true), 15.0);
    assert_eq!(Class::Brigans.allowance(wide, false, false), 6.0);
    assert_eq!(Class::Serjeants.allowance(wide, false, false), 3.0);
    let classes: Vec<u8> = Class::ALL.iter().map(|c| c.info().move_class).collect();
    assert_eq!(classes, [3, 1, 1, 1, 2, 2, 2, 3, 1]);
}

#[test]
fn ranges_are_two_base_widths_for_bows_and_one_for_javelins() {
    let range = |class: Class, marshal, diced| class.range(Base::DEFAULT, marshal, diced);
    assert_eq!(range(Class::Bowmen, false, false), Some(10.0));
    assert_eq!(range(Class::Brigans, false, false), Some(5.0));
    // The Bow Marshal's "3BW altogether, i.e. 15"".
    assert_eq!(range(Class::Bowmen, true, false), Some(15.0));
    // Diced movement: "Javelins shoot 6" and Bowmen 12"".
    assert_eq!(range(Class::Bowmen, false, true), Some(12.0));
    assert_eq!(range(Class::Cavalry, false, true), Some(6.0));
    // Classes without missiles have no range.
    assert_eq!(range(Class::Knights, false, false), None);
    assert_eq!(range(Class::Serjeants, true, false), None);
    assert_eq!(Missile::Bows.phase(), 1);
    assert_eq!(Missile::Javelins.phase(), 2);
    assert_eq!(Class::BowBrigans.info().missile, Some(Missile::Bows));
}

#[test]
fn modifiers_turns_armour_and_ground_are_the_documents() {
    let melee: Vec<i8> = CLASSES.iter().map(|c| c.melee).collect();
    // Knights +2; brigans and bowmen -2 (3.2a); cavalry melee Dx (AT.3).
    assert_eq!(melee, [2, 0, 0, -2, -2, -2, -2, 0, 0]);
    // Brigans shooting are -2 (1.2a), cavalry as brigans (AT.3).
    let shooters: Vec<(&str, i8)> = CLASSES
        .iter()
        .filter(|c| c.missile.is_some())
        .map(|c| (c.word, c.shoot))
        .collect();
    assert_eq!(
        shooters,
        [
            ("bowmen", 0),
            ("brigans", -2),
            ("bow-brigans", -2),
            ("mounted-brigans", -2),
            ("cavalry", -2)
        ]
    );
    assert_eq!(Class::Serjeants.info().turns, Turns::Start);
    assert_eq!(Class::Knights.info().turns, Turns::StartOrEnd);
    assert_eq!(Class::Brigans.info().turns, Turns::StartAndEnd);
    assert_eq!(Class::Serjeants.info().armour, Armour::Always);
    assert_eq!(Class::Schiltron.info().armour, Armour::MeleeOnly);
    assert_eq!(Class::Knights.info().armour, Armour::None);
    // Only brigans enter woods; mounted brigans "cannot enter woods".
    let woods: Vec<&str> = CLASSES.iter().filter(|c| c.woods).map(|c| c.word).collect();
    assert_eq!(woods, ["brigans", "bow-brigans"]);
    assert!(Class::MountedBrigans.info().marsh);
    // The alternative types need their option; the five feudal types none.
    assert!(Class::ALL[..5].iter().all(|c| c.info().needs.is_none()));
    assert!(Class::ALL[5..].iter().all(|c| c.info().needs.is_some()));
    assert_eq!(Class::parse("mounted-brigans"), Some(Class::MountedBrigans));
    assert_eq!(Class::parse("knight"), None);
}

#[test]
fn terrain_covers_as_the_rules_list_it() {
    let shot = |kind: &str| terrain_kind(kind).unwrap().covers(false, false);
    let melee = |kind: &str, charged| terrain_kind(kind).unwrap().covers(true, charged);
    // 1.2b: woods, camp, village and walls halve shooting hits.
    for kind in ["woods", "camp", "village", "wall"] {
        assert!(shot(kind), "{kind}");
    }
    for kind in ["hill", "marsh", "ditch", "ford", "bridge", "road"] {
        assert!(!shot(kind), "{kind}");
    }
    // 3.2b: uphill, ditch, riverbank, wall; camp and village (0.10c).
    for kind in ["hill", "ditch", "ford", "wall", "camp", "village"] {
        assert!(melee(kind, false), "{kind}");
    }
    // 3.2b.i: woods only on the turn they are charged; marsh too (FO-R10).
    assert!(melee("woods", true) && !melee("woods", false));
    assert!(melee("marsh", true) && !melee("marsh", false));
    assert!(!melee("road", true));
    assert_eq!(terrain_kind("bridge").unwrap().word, "ford");
    assert!(terrain_kind("wood").is_none());
}

#[test]
fn limits_and_thresholds() {
    assert_eq!(REMOVED_AT, [15, 18, 12]);
    assert_eq!(SIX_HIT_REMOVED_AT, [7, 8, 6]);
    assert_eq!((SHOTS, SHOTS_WELL_SUPPLIED), (3, 4));
}

#[test]
fn the_force_matrix_rows_each_make_six_units() {
    assert_eq!(
        FORCE_MATRIX,
        [
            [1, 1, 2, 2],
            [3, 1, 1, 1],
            [3, 2, 1, 0],
            [4, 1, 0, 1],
            [4, 1, 1, 0],
            [4, 2, 0, 0]
        ]
    );
    for row in FORCE_MATRIX {
        assert_eq!(row.iter().sum::<u8>(), 6, "{row:?}");
    }
    assert_eq!(force_row(4), Some([4, 1, 0, 1]));
    assert_eq!(force_row(0), None);
    assert_eq!(force_row(7), None);
    assert_eq!(VARIATIONS.len(), 9);
    assert_eq!(VARIATIONS[0].word, "feudal");
    let norse = VARIATIONS.iter().find(|v| v.word == "norse-irish").unwrap();
    assert_eq!(norse.columns[3], Class::Cavalry);
    let scots = VARIATIONS
        .iter()
        .find(|v| v.word == "scots-common")
        .unwrap();
    assert_eq!(scots.columns[0], Class::Schiltron);
}
