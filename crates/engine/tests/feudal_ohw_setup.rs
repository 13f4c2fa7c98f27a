//! Feudal's setup (spec 2.8, SU.1–SU.4; 0.4, 0.10; FX): the Usk sample's
//! setup reads clean, and each rule has a legal and an illegal case, the
//! latter with its code and the text its finding points at.

mod feudal_ohw_common;
use feudal_ohw_common::brief;
use senlac_board::table::{self, Base};
use senlac_engine::feudal_ohw::setup::setup;
use senlac_engine::feudal_ohw::state::State;
use senlac_engine::feudal_ohw::tables::Class;
use senlac_notation::parse;

const USK: &str = include_str!("data/feudal-ohw-usk-setup.sbn");

/// Two armies of one unit each, both deployed: the base every small case
/// edits.
const SMALL: &str = "map table 36x36in
army A \"Angevins\"
  unit K \"Knights\" knights average
army B \"Welsh\"
  unit F \"Foot\" freemen average
deploy A K@10x5in^90deg
deploy B F@10x30in^270deg
first A turn
";

fn tags(sides: &str) -> String {
    format!(
        "[Battle \"Setup\"]\n[Site \"a test\"]\n[Date \"2026-01-01\"]\n[Rules \"feudal/ohw\"]\n[Sides \"{sides}\"]\n[Result \"*\"]\n\n"
    )
}

/// The state and findings of a whole battle text, each finding as
/// (code, the text it points at, message).
fn read(text: &str) -> (State, Vec<(String, String, String)>) {
    let archive = parse(text);
    let errors: Vec<_> = archive.all_errors().map(|e| e.code).collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let mut out = Vec::new();
    let state = setup(&archive.battles[0], &mut out);
    let found = brief(text, &out);
    (state, found)
}

/// Checks a setup's findings, as (code, the text each points at).
fn check(text: &str, expected: &[(&str, &str)]) {
    let (_, found) = read(text);
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, at, _)| (c.as_str(), at.as_str()))
        .collect();
    assert_eq!(found, expected, "\n{text}");
}

/// The small battle, with `edit` applied: (from, to) replacements.
fn small(edits: &[(&str, &str)]) -> String {
    let mut text = format!("{}{SMALL}", tags("A B"));
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

/// The Usk setup, with `edit` applied.
fn usk(edits: &[(&str, &str)]) -> String {
    let mut text = USK.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

#[test]
fn the_usk_setup_reads_clean() {
    let (state, found) = read(USK);
    assert_eq!(found, vec![]);
    let roster = &state.roster;
    assert_eq!(roster.sides, ["Angevins", "Welsh"]);
    assert_eq!(roster.table, (36.0, 36.0));
    assert_eq!(roster.terrain.len(), 6);
    assert_eq!(roster.units.len(), 16);
    assert_eq!(roster.units.iter().filter(|u| u.personality).count(), 4);
    let placed = state.bases.iter().filter(|b| b.is_some()).count();
    assert_eq!(placed, 12, "every unit but the four personalities");
    // K1@25x6in^90deg: 6" from the near edge of a 36" table, facing away
    // from it, is 30" south of the far edge facing north in the board's frame.
    let k1 = state.base(0, "K1").unwrap();
    assert_eq!(k1.centre, table::from_near_edge(25.0, 6.0, 36.0));
    assert_eq!((k1.centre.x, k1.centre.y, k1.facing), (25.0, 30.0, 0.0));
    assert_eq!((k1.width, k1.depth), (5.0, 2.5));
    let b1 = state.base(1, "B1").unwrap();
    assert_eq!((b1.centre.x, b1.centre.y, b1.facing), (27.0, 10.0, 180.0));
    assert_eq!(roster.units[1].class, Some(Class::Knights));
    // The spec's nearest pairs: S1–C1 and C2–F2 at 0.5".
    let gap = |a: Base, b: Base| (a.distance(&b) * 1000.0).round() / 1000.0;
    assert_eq!(
        gap(state.base(0, "S1").unwrap(), state.base(0, "C1").unwrap()),
        0.5
    );
    assert_eq!(
        gap(state.base(1, "C2").unwrap(), state.base(1, "F2").unwrap()),
        0.5
    );
    // The spec's claims: W1 wholly within the woods, K1 68% within the
    // hill, F1's front lining the wall along a BD or more.
    let share = |piece: usize, side: usize, id: &str| {
        let base = state.base(side, id).unwrap();
        let area = roster.terrain[piece].piece.area_of(&base.footprint());
        (area / (base.width * base.depth) * 100.0).round()
    };
    assert_eq!(share(3, 1, "W1"), 100.0);
    assert_eq!(share(4, 0, "K1"), 68.0);
    let f1 = state.base(1, "F1").unwrap();
    assert!(
        roster.terrain[5]
            .piece
            .lined_by(&f1, table::Aspect::Front, 2.5)
    );
}

#[test]
fn the_small_setup_reads_clean() {
    check(&small(&[]), &[]);
}

#[test]
fn two_sides() {
    check(
        &small(&[
            ("army B \"Welsh\"\n  unit F \"Foot\" freemen average\n", ""),
            ("deploy B F@10x30in^270deg\n", ""),
            ("[Sides \"A B\"]", "[Sides \"A\"]"),
        ]),
        &[("feudal-ohw::sides", "[Sides \"A\"]")],
    );
}

#[test]
fn a_table() {
    let text = format!(
        "{}map square 10x10\narmy A \"A\"\narmy B \"B\"\nfirst A turn\n",
        tags("A B")
    );
    check(&text, &[("feudal-ohw::wrong-map", "map square 10x10")]);
}

#[test]
fn terrain_kinds() {
    check(
        &small(&[(
            "army A",
            "terrain woods polygon 20x10in 30x10in 25x15in\narmy A",
        )]),
        &[],
    );
    check(
        &small(&[(
            "army A",
            "terrain forest polygon 20x10in 30x10in 25x15in\narmy A",
        )]),
        &[("feudal-ohw::unknown-terrain", "forest")],
    );
}

#[test]
fn terrain_polygons_are_simple() {
    check(
        &small(&[(
            "army A",
            "terrain hill polygon 20x10in 30x10in 30x20in 20x20in\narmy A",
        )]),
        &[],
    );
    check(
        &small(&[(
            "army A",
            "terrain hill polygon 20x10in 30x20in 30x10in 20x20in\narmy A",
        )]),
        &[(
            "feudal-ohw::terrain-shape",
            "20x10in 30x20in 30x10in 20x20in",
        )],
    );
}

#[test]
fn unit_classes() {
    check(
        &small(&[("knights average", "knigts average")]),
        &[("feudal-ohw::unknown-class", "knigts")],
    );
    check(&small(&[("knights average", "brigans average")]), &[]);
}

#[test]
fn unit_grades() {
    check(
        &small(&[("knights average", "knights veteran")]),
        &[("feudal-ohw::unknown-grade", "veteran")],
    );
    check(
        &small(&[("knights average", "knights trained")]),
        &[("feudal-ohw::option-needs", "trained")],
    );
    check(
        &small(&[
            ("knights average", "knights trained"),
            ("army A", "option trained-units\narmy A"),
        ]),
        &[],
    );
}

#[test]
fn alternative_troops_need_their_option_or_a_force_that_names_them() {
    check(
        &small(&[("knights average", "cavalry average")]),
        &[("feudal-ohw::option-needs", "cavalry")],
    );
    check(
        &small(&[
            ("knights average", "cavalry average"),
            ("army A", "option alternative-troops\narmy A"),
        ]),
        &[],
    );
    check(
        &small(&[
            ("knights average", "cavalry average"),
            ("army A \"Angevins\"", "army A \"Angevins\" force=bretons"),
        ]),
        &[],
    );
}

#[test]
fn every_placement_has_a_facing() {
    check(
        &small(&[("K@10x5in^90deg", "K@10x5in")]),
        &[("feudal-ohw::missing-facing", "K@10x5in")],
    );
    check(&small(&[("K@10x5in^90deg", "K@10x5in^45")]), &[]);
}

#[test]
fn every_unit_is_deployed() {
    check(
        &small(&[("deploy A K@10x5in^90deg\n", "")]),
        &[("feudal-ohw::not-deployed", "K")],
    );
}

#[test]
fn no_unit_is_deployed_twice() {
    // The generic setup's check, shared by every system: not said twice.
    check(
        &small(&[("K@10x5in^90deg", "K@10x5in^90deg K@20x5in^90deg")]),
        &[("setup::deployed-twice", "K@20x5in^90deg")],
    );
}

#[test]
fn bases_lie_on_the_table() {
    // 5" wide, facing away from the near edge: its left edge at x = 0.
    check(&small(&[("K@10x5in^90deg", "K@2.5x5in^90deg")]), &[]);
    check(
        &small(&[("K@10x5in^90deg", "K@2x5in^90deg")]),
        &[("feudal-ohw::off-table", "K@2x5in^90deg")],
    );
    // Turned side on, the same centre keeps its depth inside.
    check(&small(&[("K@10x5in^90deg", "K@2x5in^0deg")]), &[]);
    check(
        &small(&[("K@10x5in^90deg", "K@10x1in^90deg")]),
        &[("feudal-ohw::off-table", "K@10x1in^90deg")],
    );
    let (_, found) = read(&small(&[("K@10x5in^90deg", "K@2x5in^90deg")]));
    assert_eq!(
        found[0].2,
        "A K's base (5\"×2.5\") reaches 0.50\" beyond the edge of the 36\"×36\" table"
    );
}

#[test]
fn bases_never_overlap() {
    let two = |s: &str| {
        small(&[
            (
                "  unit K \"Knights\" knights average\n",
                "  unit K \"Knights\" knights average\n  unit S \"Serjeants\" serjeants average\n",
            ),
            ("K@10x5in^90deg", &format!("K@10x5in^90deg {s}")),
        ])
    };
    check(&two("S@15x5in^90deg"), &[]);
    check(
        &two("S@14.7x5in^90deg"),
        &[("feudal-ohw::overlap", "S@14.7x5in^90deg")],
    );
    // Within the tolerance, a touch is no overlap.
    check(&two("S@14.995x5in^90deg"), &[]);
    // Bases of 6"×3": the message gives the depth and the size.
    let text = two("S@15.7x5in^90deg")
        .replace("map table 36x36in", "map table 36x36in\noption base 6x3in");
    let (_, found) = read(&text);
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::overlap".to_string(),
            "S@15.7x5in^90deg".to_string(),
            "S and K overlap by 0.30\" (bases 6\"×3\")".to_string()
        )]
    );
}

#[test]
fn only_brigans_stand_in_woods() {
    let woods = "terrain woods polygon 5x2in 15x2in 15x8in 5x8in\narmy A";
    check(
        &small(&[("army A", woods)]),
        &[("feudal-ohw::prohibited-terrain", "K@10x5in^90deg")],
    );
    check(
        &small(&[("army A", woods), ("knights average", "brigans average")]),
        &[],
    );
    // Freemen and bowmen may take woods as their advantage (AD.5).
    let woodsmen = |class: &str| {
        small(&[
            ("army A", &format!("option advantages\n{woods}")),
            (
                "knights average",
                &format!("{class} average adv=woods dis=unenthusiastic"),
            ),
        ])
    };
    check(&woodsmen("bowmen"), &[]);
    check(
        &woodsmen("serjeants"),
        &[
            ("feudal-ohw::advantage-limit", "adv=woods"),
            ("feudal-ohw::prohibited-terrain", "K@10x5in^90deg"),
        ],
    );
}

#[test]
fn rivers_are_impassable_but_at_their_fords() {
    let river = "terrain river line 0x5in 36x5in width=2in\narmy A";
    check(
        &small(&[("army A", river)]),
        &[("feudal-ohw::impassable", "K@10x5in^90deg")],
    );
    let ford = "terrain river line 0x5in 36x5in width=2in\nterrain ford polygon 6x3in 14x3in 14x7in 6x7in\narmy A";
    check(&small(&[("army A", ford)]), &[]);
}

#[test]
fn the_force_matrix_row_is_fielded() {
    check(
        &usk(&[("roll Angevins force d6:5", "roll Angevins force d6:6")]),
        &[("feudal-ohw::force-matrix", "d6:6")],
    );
    let (_, found) = read(&usk(&[(
        "roll Angevins force d6:5",
        "roll Angevins force d6:6",
    )]));
    assert_eq!(
        found[0].2,
        "Angevins rolled 6 on the feudal matrix: core 4 knights, type 1 2 bowmen, type 2 0 brigans, type 3 0 freemen; the army has 6 units: 2 knights, 1 knights (mounted-serjeants), 1 serjeants (dismounted), 1 bowmen (crossbows), 1 brigans"
    );
}

#[test]
fn the_force_matrix_roll_is_written() {
    check(
        &usk(&[("roll Angevins force d6:5\n", "")]),
        &[("feudal-ohw::missing-roll", "Angevins")],
    );
}

#[test]
fn the_force_is_a_variation() {
    check(
        &usk(&[("force=south-welsh", "force=south-walsh")]),
        &[("feudal-ohw::force-matrix", "force=south-walsh")],
    );
}

#[test]
fn only_dismounted_knights_fill_a_knights_slot_as_serjeants() {
    check(
        &usk(&[(" role=dismounted", "")]),
        &[("feudal-ohw::force-matrix", "d6:5")],
    );
}

#[test]
fn crossbows_are_balanced() {
    check(
        &usk(&[(" role=mounted-serjeants", "")]),
        &[("feudal-ohw::force-matrix", "role=crossbows")],
    );
}

#[test]
fn roles_belong_to_their_class() {
    check(
        &usk(&[("bowmen average role=crossbows", "bowmen average role=levy")]),
        &[
            ("feudal-ohw::force-matrix", "role=levy"),
            ("feudal-ohw::force-matrix", "role=mounted-serjeants"),
        ],
    );
    check(
        &small(&[("knights average", "knights average role=mounted-serjeants")]),
        &[("feudal-ohw::option-needs", "role=mounted-serjeants")],
    );
}

#[test]
fn personalities_need_their_option() {
    check(
        &usk(&[("option personalities\n", "")]),
        &[("feudal-ohw::option-needs", "personality"); 4],
    );
}

#[test]
fn personalities_are_of_known_kinds() {
    check(
        &usk(&[("knight-errant personality", "knight-erant personality")]),
        &[("feudal-ohw::unknown-personality", "knight-erant")],
    );
}

#[test]
fn a_personality_starts_with_a_unit_of_its_side() {
    check(
        &usk(&[("with=K1", "with=K9")]),
        &[("feudal-ohw::unknown-unit", "with=K9")],
    );
    check(
        &usk(&[("with=K1", "with=B1")]),
        &[("feudal-ohw::unknown-unit", "with=B1")],
    );
}

#[test]
fn marshals_lead_their_own_arm() {
    check(
        &usk(&[(
            "horse-marshal personality with=K2",
            "horse-marshal personality with=C1",
        )]),
        &[("feudal-ohw::personality-host", "with=C1")],
    );
    check(
        &usk(&[(
            "bow-marshal personality with=B1",
            "bow-marshal personality with=W1",
        )]),
        &[("feudal-ohw::personality-host", "with=W1")],
    );
}

#[test]
fn a_banner_stays_with_knights_or_serjeants() {
    let without_hm = (
        "  unit HM \"Hervey de Montmorency\" horse-marshal personality with=K2\n",
        "",
    );
    check(&usk(&[without_hm, ("with=K1", "with=K1 banner=yes")]), &[]);
    check(
        &usk(&[without_hm, ("with=K1", "with=C1 banner=yes")]),
        &[("feudal-ohw::banner-host", "banner=yes")],
    );
}

#[test]
fn one_personality_for_every_three_units() {
    check(
        &usk(&[(
            "  unit HM \"Hervey de Montmorency\" horse-marshal personality with=K2\n",
            "  unit HM \"Hervey de Montmorency\" horse-marshal personality with=K2\n  unit CN \"Constable\" constable personality with=K3\n",
        )]),
        &[("feudal-ohw::personality-limit", "CN")],
    );
    // A banner counts as one more.
    check(
        &usk(&[("with=K1", "with=K1 banner=yes")]),
        &[("feudal-ohw::personality-limit", "HM")],
    );
}

#[test]
fn no_priest_under_the_six_hit_variant() {
    check(
        &usk(&[(
            "option tired-units\n",
            "option tired-units\noption six-hit\n",
        )]),
        &[("feudal-ohw::incompatible-options", "priest")],
    );
}

#[test]
fn one_side_plays_first() {
    let text = small(&[("first A turn\n", "")]);
    let rules = "[Rules \"feudal/ohw\"]";
    check(&text, &[("feudal-ohw::turn-order", rules)]);
    check(
        &small(&[("first A turn", "first A move")]),
        &[("feudal-ohw::turn-order", "move")],
    );
    check(
        &small(&[("first A turn", "first A turn\nfirst B turn")]),
        &[("feudal-ohw::turn-order", "first B turn")],
    );
    let (state, _) = read(&small(&[("first A turn", "first B turn")]));
    assert_eq!(state.roster.first, Some(1));
    let (state, _) = read(USK);
    assert_eq!(state.roster.first, Some(0));
}

/// The small battle with `option advantages` and Angevins K's pairs.
fn advantaged(pairs: &str) -> String {
    small(&[
        (
            "map table 36x36in\n",
            "map table 36x36in\noption advantages\n",
        ),
        ("knights average", &format!("knights average {pairs}")),
    ])
}

#[test]
fn advantages_need_their_option() {
    check(
        &small(&[(
            "knights average",
            "knights average adv=determined dis=unenthusiastic",
        )]),
        &[
            ("feudal-ohw::option-needs", "adv=determined"),
            ("feudal-ohw::option-needs", "dis=unenthusiastic"),
        ],
    );
    check(&advantaged("adv=determined dis=unenthusiastic"), &[]);
    check(
        &advantaged("adv=impetuous dis=unenthusiastic"),
        &[("feudal-ohw::option-needs", "adv=impetuous")],
    );
}

#[test]
fn an_army_takes_one_advantage_with_one_disadvantage() {
    check(
        &advantaged("adv=determined"),
        &[("feudal-ohw::advantage-limit", "adv=determined")],
    );
    check(
        &advantaged("adv=brave dis=unenthusiastic"),
        &[("feudal-ohw::advantage-limit", "adv=brave")],
    );
    check(
        &advantaged("adv=woods dis=unenthusiastic"),
        &[("feudal-ohw::advantage-limit", "adv=woods")],
    );
}

#[test]
fn no_unit_passes_plus_or_minus_two() {
    // Knights melee at +2 already.
    check(
        &advantaged("adv=melee-plus dis=shoot-minus"),
        &[("feudal-ohw::modifier-cap", "adv=melee-plus")],
    );
    check(&advantaged("adv=determined dis=melee-minus"), &[]);
    let (_, found) = read(&advantaged("adv=melee-plus dis=shoot-minus"));
    assert_eq!(
        found[0].2,
        "K (knights) would melee at +3 and shoot at -1: no unit is better than +2 or worse than −2"
    );
}

#[test]
fn the_initiative_roll_off_names_who_plays_first() {
    let rolls = |a: &str, b: &str| {
        small(&[(
            "first A turn",
            &format!("roll A initiative {a}\nroll B initiative {b}\nfirst A turn"),
        )])
    };
    check(&rolls("d6:5", "d6:2"), &[]);
    check(
        &rolls("d6:2", "d6:5"),
        &[("feudal-ohw::initiative-winner", "d6:5")],
    );
    check(
        &rolls("d6:4", "d6:4"),
        &[("feudal-ohw::initiative-winner", "d6:4")],
    );
    check(
        &small(&[("first A turn", "roll A initiative d6:5\nfirst A turn")]),
        &[("feudal-ohw::missing-roll", "d6:5")],
    );
    check(&rolls("d6:5", "d5:2"), &[("feudal-ohw::wrong-die", "d5:2")]);
}

#[test]
fn the_force_matrix_rolls_a_d6() {
    check(
        &usk(&[("roll Welsh force d6:1", "roll Welsh force d5:2")]),
        &[("feudal-ohw::wrong-die", "d5:2")],
    );
    check(
        &usk(&[("roll Welsh force d6:1", "roll Welsh force d6:7")]),
        &[("feudal-ohw::impossible-roll", "d6:7")],
    );
}
