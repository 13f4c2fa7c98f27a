//! Hastings: 1066's setup (2.1, 2.2, 4.1, 5.3, 6.1, 11.1, 11.2, 13.1, 13.2;
//! rulings HS-R1, R4, R5, R38, R61): the spec's example setup reads clean,
//! and each rule broken once gives its one finding, by code and the exact
//! text under its span.

use senlac_engine::Violation;
use senlac_engine::hastings_1066::setup::setup;
use senlac_engine::hastings_1066::state::{Nation, Part, Piece, Wing};
use senlac_engine::hastings_1066::tables::{Grade, Hexside, Side, Terrain, Weapon};
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");

/// The example setup with each `(from, to)` made once, and its findings.
fn findings(edits: &[(&str, &str)]) -> (String, Vec<Violation>) {
    let mut text = SETUP.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "no {from:?} in the setup");
        text = text.replacen(from, to, 1);
    }
    let archive = parse(&text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}");
    let mut out = Vec::new();
    setup(&archive.battles[0], &mut out);
    (text, out)
}

/// The one check: the findings are exactly `expected` (code, text under
/// the span).
#[track_caller]
fn check(edits: &[(&str, &str)], expected: &[(&str, &str)]) {
    let (text, out) = findings(edits);
    let found: Vec<(&str, &str)> = out
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, expected, "{out:#?}");
}

#[test]
fn the_example_setup_reads_clean_with_every_piece_and_hex() {
    check(&[], &[]);
    let archive = parse(SETUP);
    let mut out = Vec::new();
    let state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    let roster = &state.roster;
    assert_eq!(roster.pieces.len(), 34);
    let piece = |side, id| roster.piece(side, id).unwrap();
    // HC1: housecarls 7-5/3-A-8, centre wing, at 0713 facing south.
    let hc1 = piece(Side::Saxons, "HC1");
    let Piece::Unit(f) = roster.pieces[hc1].piece else {
        panic!("HC1 is a unit")
    };
    assert_eq!(
        (f.grade, f.melee, f.defense, f.wall),
        (Grade::A, 7, 5, Some(8))
    );
    assert_eq!(roster.pieces[hc1].part, Some(Part::Wing(Wing::Center)));
    assert_eq!(state.pieces[hc1].at.unwrap().to_string(), "0713");
    assert_eq!(state.pieces[hc1].facing.unwrap().number(), 2);
    // NB1: Norman bowmen with a bow; WIL: William, command 5, rally 2.
    let nb1 = piece(Side::Normans, "NB1");
    assert_eq!(
        roster.pieces[nb1].factors().unwrap().missile,
        Some(Weapon::Bow)
    );
    assert_eq!(roster.pieces[nb1].part, Some(Part::Nation(Nation::Norman)));
    let wil = piece(Side::Normans, "WIL");
    assert!(matches!(roster.pieces[wil].piece, Piece::Leader(r) if (r.command, r.rally) == (5, 2)));
    // GF1 arrives in turn 1 and belongs to no wing yet (4.3.8.2).
    let gf1 = piece(Side::Saxons, "GF1");
    assert_eq!(
        (roster.pieces[gf1].arrives, roster.pieces[gf1].part),
        (Some(1), None)
    );
    assert_eq!(state.pieces[gf1].at, None);
    // The map: 0301 at 275 ft on Senlac Hill, 1419 at 200, woods at 0821,
    // marsh at 1116, road through 0514, a ridge 0713/0813, a stream 1308/1408.
    let ground = |label: &str| {
        *roster
            .ground_at(senlac_board::Cell::parse(label).unwrap())
            .unwrap()
    };
    assert_eq!(
        (ground("0301").elevation, ground("0301").senlac_hill),
        (275, true)
    );
    assert_eq!(ground("1419").elevation, 200);
    assert_eq!(ground("0901").elevation, 175);
    assert_eq!(ground("0821").terrain, Terrain::Woods);
    assert_eq!(ground("1116").terrain, Terrain::Marsh);
    assert!(ground("0514").road && !ground("0614").road);
    let cell = |label: &str| senlac_board::Cell::parse(label).unwrap();
    assert_eq!(
        roster.hexside(cell("0813"), cell("0713")),
        Some(Hexside::Ridge)
    );
    assert_eq!(
        roster.hexside(cell("1308"), cell("1408")),
        Some(Hexside::Stream)
    );
    assert_eq!(roster.hexside(cell("0713"), cell("0714")), None);
    assert!(roster.options.variable_deployment && roster.options.partial);
}

#[test]
fn the_map_is_hexes_of_even_parity() {
    check(
        &[("map hex 16x22 parity even", "map hex 16x22 parity odd")],
        &[("hastings-1066::map-parity", "map hex 16x22 parity odd")],
    );
}

#[test]
fn terrain_is_the_hastings_maps() {
    check(
        &[("terrain marsh 1116-1117", "terrain bog 1116-1117")],
        &[("hastings-1066::unknown-terrain", "terrain bog 1116-1117")],
    );
    // `slope` is the ridge (HS-R5).
    check(
        &[("hexside ridge 0713/0813", "hexside slope 0713/0813")],
        &[],
    );
}

#[test]
fn a_map_without_heights_is_flat_and_warned() {
    let flat = [
        ("terrain elevation=250 0101-0222 0701-0722 0810-0812\n", ""),
        (
            "terrain elevation=275 0301-0622 { the top of Senlac Hill (5.3.3) }\n",
            "",
        ),
        ("terrain elevation=225 0801-0809 0813-0822\n", ""),
        ("terrain elevation=175 0901-1622\n", ""),
        ("terrain elevation=200 1419 { the hill in 1419 }\n", ""),
    ];
    check(
        &flat,
        &[(
            "hastings-1066::missing-elevation",
            "map hex 16x22 parity even",
        )],
    );
}

#[test]
fn the_armies_are_the_normans_and_the_saxons() {
    check(
        &[(
            "army Normans \"William, Duke of Normandy\" leader \"William\"",
            "army Normans \"William, Duke of Normandy\" leader \"Willem\"",
        )],
        &[(
            "hastings-1066::commander-missing",
            "army Normans \"William, Duke of Normandy\" leader \"Willem\"",
        )],
    );
}

#[test]
fn every_counter_states_its_printed_factors() {
    check(
        &[(
            "unit NK1 \"Norman knights\" knights",
            "unit NK1 \"Norman knights\" knight",
        )],
        &[("hastings-1066::unknown-class", "knight")],
    );
    check(
        &[(
            "foot C melee=4 defense=4 wall=5",
            "foot C melee=4 defense=4",
        )],
        &[(
            "hastings-1066::missing-factor",
            "unit NF1 \"Norman foot\" foot C melee=4 defense=4 nation=norman",
        )],
    );
    // Only the Latin letters: the Cyrillic look-alike U+0412 is no grade (spec 0).
    check(
        &[(
            "\"Norman knights\" knights C",
            "\"Norman knights\" knights \u{412}",
        )],
        &[("hastings-1066::unknown-morale", "\u{412}")],
    );
    check(
        &[(
            "knights C melee=5 defense=4 nation=norman",
            "knights C melee=five defense=4 nation=norman",
        )],
        &[("hastings-1066::bad-factor", "melee=five")],
    );
    check(
        &[(
            "bowmen D melee=2 defense=2 missile=bow nation=norman",
            "bowmen D melee=2 defense=2 missile=crossbow nation=norman",
        )],
        &[("hastings-1066::bad-factor", "missile=crossbow")],
    );
    check(
        &[(
            "foot C melee=4 defense=4 wall=5 nation=norman",
            "foot C melee=4 defense=4 wall=5 nation=norman attack=4",
        )],
        &[("hastings-1066::unknown-key", "attack=4")],
    );
}

#[test]
fn the_errata_correct_two_counters() {
    // 13.1: every housecarl is 7-5/3-A-8; the misprint read 7-8/3-A-8.
    check(
        &[(
            "unit HC2 \"Housecarls\" housecarls A melee=7 defense=5",
            "unit HC2 \"Housecarls\" housecarls A melee=7 defense=8",
        )],
        &[(
            "hastings-1066::bad-factor",
            "unit HC2 \"Housecarls\" housecarls A melee=7 defense=8 wall=8 wing=center",
        )],
    );
    // Norman foot printed D: a warning, at the letter.
    check(
        &[(
            "unit NF1 \"Norman foot\" foot C",
            "unit NF1 \"Norman foot\" foot D",
        )],
        &[("hastings-1066::errata-counter", "D")],
    );
}

#[test]
fn every_piece_belongs_to_a_nationality_or_a_wing() {
    check(
        &[(
            "unit ALN \"Alan the Red\" leader nation=breton",
            "unit ALN \"Alan the Red\" leader nation=french",
        )],
        &[("hastings-1066::unknown-nation", "nation=french")],
    );
    check(
        &[(
            "wall=4 wing=left\n  unit J1",
            "wall=4 wing=middle\n  unit J1",
        )],
        &[("hastings-1066::unknown-wing", "wing=middle")],
    );
    check(
        &[(
            "unit F1 \"Fyrd\" fyrd D melee=3 defense=3 wall=4 wing=right",
            "unit F1 \"Fyrd\" fyrd D melee=3 defense=3 wall=4",
        )],
        &[(
            "hastings-1066::unassigned-unit",
            "unit F1 \"Fyrd\" fyrd D melee=3 defense=3 wall=4",
        )],
    );
}

#[test]
fn combat_units_face_a_vertex_and_leaders_none() {
    check(
        &[("NK1@1314^5", "NK1@1314")],
        &[("hastings-1066::missing-facing", "NK1@1314")],
    );
    check(
        &[("NK1@1314^5", "NK1@1314^7")],
        &[("hastings-1066::bad-facing", "NK1@1314^7")],
    );
    check(
        &[("WIL@1316", "WIL@1316^5")],
        &[("hastings-1066::leader-facing", "WIL@1316^5")],
    );
}

#[test]
fn leaders_set_up_with_their_own() {
    // Eustace (Franco-Flemish) with Breton foot; William away from his
    // Guard. Variable deployment sets 11.1 aside (11.3).
    let printed = ("option variable-deployment\n", "");
    check(&[printed], &[]);
    check(
        &[printed, ("EUS@1209", "EUS@1120")],
        &[("hastings-1066::leader-setup-stack", "EUS@1120")],
    );
    check(
        &[printed, ("WIL@1316", "WIL@1314")],
        &[("hastings-1066::leader-setup-stack", "WIL@1314")],
    );
    check(&[("EUS@1209", "EUS@1120")], &[]);
}

#[test]
fn the_printed_setup_hexes_hold_without_variable_deployment() {
    let fixed = ("option variable-deployment\n", "");
    check(&[fixed], &[]);
    check(
        &[fixed, ("HAR@0514", "HAR@0614")],
        &[("hastings-1066::setup-hex", "HAR@0614")],
    );
    check(
        &[fixed, ("FK1@1309^5", "FK1@1307^5")],
        &[("hastings-1066::setup-hex-void", "FK1@1307^5")],
    );
}

#[test]
fn options_are_the_documents() {
    check(
        &[("option partial", "option partiall")],
        &[
            ("hastings-1066::unknown-option", "option partiall"),
            (
                "hastings-1066::order-of-battle",
                "[Rules \"hastings-1066/st\"]",
            ),
        ],
    );
}

#[test]
fn the_full_order_of_battle_is_checked_unless_partial() {
    let (_, out) = findings(&[("option partial\n", "")]);
    let codes: Vec<&str> = out.iter().map(|v| v.code).collect();
    assert_eq!(codes, ["hastings-1066::order-of-battle"]);
    assert!(
        out[0].message.contains("thegns: 1 (the rules give 5)")
            && out[0]
                .message
                .contains("fyrd at the start: 5 (the rules give 27)")
            && out[0]
                .message
                .contains("Great Fyrd arriving in Period 1: 4 (the rules give 12)"),
        "{}",
        out[0].message
    );
}

#[test]
fn the_notation_guides_example_plays_clean() {
    let guide = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap();
    let start = guide.find("**Hastings: 1066 (S&T).**").unwrap();
    let block = &guide[start..];
    let code = &block[block.find("```sbn\n").unwrap() + 7..];
    let code = &code[..code.find("```").unwrap()];
    let text = format!(
        "[Battle \"Example\"]\n[Site \"Senlac\"]\n[Date \"1066-10-14\"]\n[Rules \"hastings-1066/st\"]\n[Sides \"Normans Saxons\"]\n[Result \"*\"]\n\n{code}"
    );
    let archive = parse(&text);
    assert!(archive.all_errors().next().is_none());
    let mut out = Vec::new();
    let state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    assert!(out.is_empty(), "{out:#?}");
    assert_eq!(state.roster.pieces.len(), 4);
    // And its turn replays through the registry, as `senlac lint` does.
    let game = senlac_engine::system("hastings-1066/st")
        .unwrap()
        .replay(&archive.battles[0], senlac_engine::Config::default());
    assert!(game.violations().is_empty(), "{:#?}", game.violations());
}

#[test]
fn the_view_shows_each_counter_as_printed() {
    use senlac_engine::hastings_1066::view::{COLUMNS, view};
    use senlac_engine::view::Value;
    let archive = parse(SETUP);
    let mut out = Vec::new();
    let state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    let shown = view(&state);
    assert_eq!(shown.sides, ["Normans", "Saxons"]);
    let column = |key: &str| COLUMNS.iter().position(|c| c.key == key).unwrap();
    let unit = |id: &str| shown.units.iter().find(|u| u.id == id).unwrap();
    let hc1 = unit("HC1");
    assert_eq!(hc1.values.len(), COLUMNS.len());
    assert_eq!(hc1.values[column("morale")], Value::Text("A".into()));
    assert_eq!(hc1.values[column("wall")], Value::Number(8));
    assert_eq!(hc1.values[column("facing")], Value::Text("2".into()));
    assert_eq!(hc1.values[column("steps")], Value::Text("full".into()));
    assert_eq!((hc1.status, hc1.fate.as_str()), ("active", "On the field"));
    let wil = unit("WIL");
    assert_eq!(wil.values[column("rally")], Value::Number(2));
    assert_eq!((wil.status, wil.fate.as_str()), ("effective", "Unharmed"));
    // A reinforcement not yet arrived is not on the map.
    assert_eq!(unit("GF1").fate, "Not on the map");
}

#[test]
fn the_great_fyrd_arrive_two_a_turn_then_one() {
    // 11.4.1: twelve Great Fyrd, 2-2-2-2-1-1-1-1 over Period 1. The sample
    // declares four (two in turns 1 and 2); eight more are added here.
    let last = "  unit GF4 \"Great fyrd\" fyrd E melee=2 defense=2 wall=3 arrives=2\n";
    let more = |turns: [u32; 8]| {
        let mut text = last.to_string();
        for (i, turn) in turns.iter().enumerate() {
            text.push_str(&format!(
                "  unit GF{} \"Great fyrd\" fyrd E melee=2 defense=2 wall=3 arrives={turn}\n",
                i + 5
            ));
        }
        text
    };
    let schedule = |turns| {
        let (text, out) = findings(&[("option partial\n", ""), (last, &more(turns))]);
        out.into_iter()
            .filter(|v| v.code == "hastings-1066::reinforcement-schedule")
            .map(|v| (v.message, text[v.span.range()].to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(schedule([3, 3, 4, 4, 5, 6, 7, 8]), []);
    assert_eq!(
        schedule([3, 3, 3, 4, 4, 6, 7, 8]),
        [(
            "the Great Fyrd arrive [2, 2, 3, 2, 0, 1, 1, 1] in turns 1 to 8; the rules give two a turn in turns 1 to 4 and one a turn in 5 to 8".to_string(),
            "[Rules \"hastings-1066/st\"]".to_string()
        )]
    );
}

#[test]
fn a_variable_deployment_keeps_to_the_reform_areas() {
    // HS-R56: the Normans four hexes south of the hill, the Saxons on it.
    check(
        &[("NF1@1313^5", "NF1@1013^5")],
        &[("hastings-1066::reform-too-close", "NF1@1013^5")],
    );
    check(
        &[("HC1@0713^2", "HC1@0913^2")],
        &[("hastings-1066::reform-not-on-hill", "HC1@0913^2")],
    );
}

#[test]
fn william_and_leofwine_have_the_rally_ranges_the_rules_print() {
    // 10.3.3: William rallies routed units within two hexes, Leofwine only
    // those stacked with him; other leaders' ranges are the log's to state.
    check(&[], &[]);
    check(
        &[(
            "\"William\" leader nation=norman command=5 rally=2",
            "\"William\" leader nation=norman command=5 rally=3",
        )],
        &[("hastings-1066::leader-rating", "rally=3")],
    );
    check(
        &[(
            "\"Leofwine\" leader wing=left command=3 rally=0",
            "\"Leofwine\" leader wing=left command=3 rally=1",
        )],
        &[("hastings-1066::leader-rating", "rally=1")],
    );
    check(
        &[(
            "\"Gyrth\" leader wing=right command=3 rally=1",
            "\"Gyrth\" leader wing=right command=3 rally=2",
        )],
        &[],
    );
    // The fix writes the printed range, and the printed range is played.
    let (text, out) = findings(&[(
        "\"Leofwine\" leader wing=left command=3 rally=0",
        "\"Leofwine\" leader wing=left command=3 rally=1",
    )]);
    let fix = out[0].fix.as_ref().expect("a fix");
    assert_eq!(&text[fix.span.range()], "rally=1");
    assert_eq!(fix.replacement, "rally=0");
    let archive = parse(&text);
    let mut out = Vec::new();
    let state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    let leofwine = state.roster.piece(Side::Saxons, "LEO").unwrap();
    let Piece::Leader(ratings) = state.roster.pieces[leofwine].piece else {
        panic!("Leofwine is a leader")
    };
    assert_eq!(ratings.rally, 0);
}

/// A lost `deploy` line: the pieces no other line places are named once
/// for their side, at the first one's `unit` line (the roster's order,
/// leaders first), and doubted (no further
/// finding about them); a piece that arrives later or stands in reserve is
/// not owed a place.
#[test]
fn a_lost_deploy_line_names_the_pieces_it_placed_once() {
    let lost = "deploy Normans FK1@1309^5 FF1@1209^5 EUS@1209 FB1@1210^5\n";
    let (_, out) = findings(&[(lost, "")]);
    assert_eq!(
        out.iter().map(|v| v.code).collect::<Vec<_>>(),
        ["hastings-1066::not-deployed"]
    );
    assert_eq!(
        out[0].message,
        "4 pieces of the Normans never deployed: no `deploy Normans` line places EUS, FK1, FF1, FB1"
    );
    check(
        &[(lost, "")],
        &[(
            "hastings-1066::not-deployed",
            "unit EUS \"Eustace of Boulogne\" leader nation=flemish command=3 rally=1",
        )],
    );
}

/// A lost `terrain senlac-hill` line leaves a map without the hill the
/// variable deployment measures from (11.3, HS-R56): one finding, on the
/// first piece placed, not one for every Saxon piece off the hill and every
/// Norman too near it.
#[test]
fn a_lost_senlac_hill_line_is_one_finding() {
    let lost = "terrain senlac-hill 0101-0722 0810-0812\n";
    let (text, out) = findings(&[(lost, "")]);
    assert_eq!(
        out.iter().map(|v| v.code).collect::<Vec<_>>(),
        ["hastings-1066::reform-not-on-hill"],
        "{out:#?}"
    );
    assert!(
        out[0].message.starts_with("the map has no Senlac Hill"),
        "{}",
        out[0].message
    );
    assert_eq!(
        &text[out[0].span.range()],
        "WIL@1316",
        "the first piece placed"
    );
    // With the line, the same deployment is clean.
    assert!(findings(&[]).1.is_empty());
    // One piece off the hill is still found, with its hex.
    let (_, out) = findings(&[("HC1@0713^2", "HC1@0913^2")]);
    assert!(
        out.iter()
            .any(|v| v.code == "hastings-1066::reform-not-on-hill"
                && v.message == "0913 is not on Senlac Hill (11.5.6)"),
        "{out:#?}"
    );
}
