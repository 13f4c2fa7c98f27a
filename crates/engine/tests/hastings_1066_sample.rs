//! samples/hastings-1066-st.sbn: the spec's three Battle Turns (section 6),
//! replayed through the registry as `senlac lint` replays them. Turns 1
//! and 2 are the spec's example (tests/data) with figure marks added; turn
//! 3 is checked against the state the rules give after it.

mod hastings_1066_common;

use senlac_engine::hastings_1066::record::points_lost;
use senlac_engine::hastings_1066::state::{LeaderStanding, Standing};
use senlac_engine::hastings_1066::tables::Side;
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
use senlac_engine::replay::replay;
use senlac_engine::{Config, Replay};
use senlac_notation::parse;

const SAMPLE: &str = include_str!("../../../samples/hastings-1066-st.sbn");
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

fn replayed() -> Replay<Hastings1066> {
    let archive = parse(SAMPLE);
    assert!(!archive.has_errors());
    replay(&HASTINGS_1066, &archive.battles[0], Config::default())
}

/// The sample without its figure marks.
fn unmarked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" { [%fig ") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("] }").map_or(rest.len(), |e| at + e + 3);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_sample_replays_clean_through_the_registry() {
    let replay = replayed();
    let found: Vec<(&str, &str)> = replay
        .violations
        .iter()
        .map(|v| (v.code, &SAMPLE[v.span.range()]))
        .collect();
    assert_eq!(found, [], "{:#?}", replay.violations);
    let system = senlac_engine::system("hastings-1066/st").expect("registered");
    assert!(system.listed());
}

#[test]
fn turns_1_and_2_are_the_specs_example() {
    let text = unmarked(SAMPLE);
    let start = text.find("1. Normans").unwrap();
    let end = text.find("3. Normans").unwrap();
    assert_eq!(&text[start..end], TURNS_1_2);
}

#[test]
fn the_figures_mark_a_charge_a_rout_and_pursuit_and_a_leader_casualty() {
    let archive = parse(SAMPLE);
    let game = senlac_engine::system("hastings-1066/st").unwrap().replay(
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: false,
            ..Default::default()
        },
    );
    let names: Vec<&str> = game.figures().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "gyrthShaken",
            "bretonsRouted",
            "bretonCharge",
            "housecarlsStrike",
            "rightWingBreaks"
        ]
    );
    // Each figure's moments tell what it marks.
    let told = |figure: usize| game.moments(game.figures()[figure].state).join("; ");
    assert_eq!(told(0), "Gyrth is shaken");
    assert_eq!(
        told(3),
        "HC1 melee NF1: 8 against 4 (+4), die 3: -/1; NF1 is eliminated"
    );
}

#[test]
fn the_state_after_turn_3_is_the_rules() {
    let state = replayed().state;
    let piece = |id: &str| {
        Side::ALL
            .into_iter()
            .find_map(|side| state.roster.piece(side, id))
            .unwrap()
    };
    let at = |id: &str| {
        let p = &state.pieces[piece(id)];
        (
            p.at.map(|c| c.to_string()),
            p.facing.map(|f| f.number()),
            p.standing,
            p.reduced,
        )
    };
    let good = Standing::Good;
    let here = |hex: &str, facing: u8, standing, reduced| {
        (Some(hex.to_string()), Some(facing), standing, reduced)
    };
    // BK1 rallied (C, 3), moved next to F3 and pursued it into 0919.
    assert_eq!(at("BK1"), here("0919", 5, good, false));
    // BK2 charged out of the woods into F3's flank.
    assert_eq!(at("BK2"), here("0920", 6, good, false));
    // NF1: a step lost to its own -13 melee, the other to HC1's +4, die 3.
    assert_eq!(at("NF1"), (None, Some(5), Standing::Eliminated, true));
    // F3: reduced by BK2 at +4, routed at -3 (D* against Charge) to 0618.
    assert_eq!(at("F3"), here("0618", 5, Standing::Routed, true));
    assert_eq!(at("F1"), here("0819", 2, good, false));
    assert_eq!(at("F2"), here("0620", 5, good, true));
    assert_eq!(at("J1"), here("0712", 3, good, false));
    assert_eq!(at("GF5"), here("0216", 2, good, false));
    assert_eq!(at("GF6"), here("0117", 2, good, false));
    // GF6 came in beyond every leader's radius: no wing, Advance to Combat.
    assert_eq!(state.part_of(piece("GF6")), None);
    // Gyrth recovered after turn 2 (HS-R33).
    assert_eq!(state.pieces[piece("GYR")].leader, LeaderStanding::Effective);
    // Missile supply: the Norman section 2 of its segments, the Breton 2,
    // the Saxon left none.
    let supply = |id: &str| state.pieces[piece(id)].supply_used;
    assert_eq!((supply("NB1"), supply("BB1"), supply("J1")), (2, 2, 0));
    // Casualty points: NF1 (morale C) is 3 to the Normans; nothing Saxon
    // has left the map.
    assert_eq!(
        (
            points_lost(&state, Side::Normans),
            points_lost(&state, Side::Saxons)
        ),
        (3, 0)
    );
}

#[test]
fn the_result_tag_is_checked_against_the_verdict() {
    // Sixteen Battle Turns, nothing won by the Normans: the Saxons win at
    // the end of Period 2 (12.1.3, HS-R45).
    let setup = hastings_1066_common::SETUP;
    let turns = |from: u32, to: u32| -> String {
        (from..=to)
            .map(|n| format!("{n}. Normans\n{n}. Saxons\n"))
            .collect()
    };
    let turns = format!(
        "{}  record:\n    Normans reform\n{}    Saxons reform\n{}{}",
        turns(1, 8),
        hastings_1066_common::normans_place(&[]),
        hastings_1066_common::saxons_place(&[]),
        turns(9, 16)
    );
    let findings = |result: &str| {
        let text = format!("{setup}\n{turns}").replace("[Result \"*\"]", result);
        let archive = parse(&text);
        let replay = replay(&HASTINGS_1066, &archive.battles[0], Config::default());
        replay
            .violations
            .iter()
            .map(|v| (v.code, text[v.span.range()].to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(findings("[Result \"Saxons\"]"), []);
    assert_eq!(
        findings("[Result \"Normans\"]"),
        [("setup::wrong-result", "\"Normans\"".to_string())]
    );
}

/// The sample with `line` (1-based) changed from `from` to `to`, cut after
/// line `keep` when given, then `added` lines.
fn edited(line: usize, from: &str, to: &str, keep: Option<usize>, added: &[&str]) -> String {
    let mut lines: Vec<String> = SAMPLE.lines().map(str::to_string).collect();
    assert!(lines[line - 1].contains(from), "{}", lines[line - 1]);
    lines[line - 1] = lines[line - 1].replacen(from, to, 1);
    lines.truncate(keep.unwrap_or(lines.len()));
    lines.extend(added.iter().map(|l| l.to_string()));
    lines.join("\n") + "\n"
}

/// The sample's first `n` lines, as a battle that ends there.
fn first_lines(n: usize) -> String {
    SAMPLE
        .lines()
        .take(n)
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The findings of `text` as (code, line, the text labelled), and the end.
fn linted(text: &str) -> (Vec<(&'static str, usize, String)>, Replay<Hastings1066>) {
    let archive = parse(text);
    assert!(!archive.has_errors());
    let replay = replay(&HASTINGS_1066, &archive.battles[0], Config::default());
    let found = replay
        .violations
        .iter()
        .map(|v| {
            let line = text[..v.span.range().start].lines().count();
            (v.code, line, text[v.span.range()].to_string())
        })
        .collect();
    (found, replay)
}

/// The end of `text`, whose one finding is `code` on `line`, labelling
/// `labelled`.
fn one_error(text: &str, code: &str, line: usize, labelled: &str) -> Replay<Hastings1066> {
    let (found, replayed) = linted(text);
    assert_eq!(found, [(code, line, labelled.to_string())]);
    replayed
}

/// Where a piece stands at the end, and its standing.
fn ends(replay: &Replay<Hastings1066>, side: Side, id: &str) -> (Option<String>, Standing) {
    let piece = replay.state.roster.piece(side, id).expect(id);
    let state = &replay.state.pieces[piece];
    (state.at.map(|c| c.to_string()), state.standing)
}

#[test]
fn a_refused_melee_result_is_played_as_the_next_line_reads_it() {
    let mismatch = "hastings-1066::melee-result-mismatch";
    let clean = replayed();
    // A slip: BF1's rout (+1, die 2: D* against Attack & Pursue) written
    // `disrupted`, with the lines after it written for the rout. The roll
    // is played: one error, and the battle ends as the clean log's does
    // (before HS-R65 the claim's reading gave ten errors).
    let slip = edited(98, "BF1 routed", "BF1 disrupted", None, &[]);
    let replayed = one_error(&slip, mismatch, 98, "disrupted");
    assert_eq!(replayed.state.pieces, clean.state.pieces);
    // The same claim from a writer who read the table wrong and wrote no
    // rout: the claim is played, BF1 disrupted where it fought, and
    // nothing is owed. The log as written, with its `routed` claim and no
    // rout after it, owes the rout and BF2's morale check.
    let misread = edited(98, "BF1 routed", "BF1 disrupted", Some(98), &[]);
    let replayed = one_error(&misread, mismatch, 98, "disrupted");
    assert_eq!(
        ends(&replayed, Side::Normans, "BF1"),
        (Some("0820".to_string()), Standing::Disrupted)
    );
    let unpaid = first_lines(98);
    let (found, _) = linted(&unpaid);
    let codes: Vec<&str> = found.iter().map(|f| f.0).collect();
    assert_eq!(
        codes,
        [
            "hastings-1066::rout-missing",
            "hastings-1066::morale-check-missing"
        ]
    );
    // The other way: F3's D* against BB1 in no Charge or Attack & Pursue
    // order (+1, die 4: D*/1) claimed `routed`. With the sample's lines
    // after it, the roll is played; with a rout written after it, the
    // claim is, and F1 beside it owes no check (9.6.4: not routed by
    // Charge or Attack & Pursue).
    let slip = edited(162, "F3 disrupted", "F3 routed", None, &[]);
    let replayed = one_error(&slip, mismatch, 162, "routed");
    assert_eq!(replayed.state.pieces, clean.state.pieces);
    let routed = edited(
        162,
        "F3 disrupted",
        "F3 routed",
        Some(162),
        &["    F3 rout 0919-0818-0718-0618 facing=2"],
    );
    let replayed = one_error(&routed, mismatch, 162, "routed");
    assert_eq!(
        ends(&replayed, Side::Saxons, "F3"),
        (Some("0618".to_string()), Standing::Routed)
    );
}

#[test]
fn each_melee_claim_changed_is_one_error() {
    // Status words of the sample's melee claims changed to ones the roll
    // does not give, and a differential slipped into another column, with
    // the lines after them written for the roll (HS-R65).
    let result = "hastings-1066::melee-result-mismatch";
    let clean = replayed().state.pieces;
    for (line, from, to, code, labelled) in [
        (118, "BF2 routed", "BF2 disrupted", result, "disrupted"),
        (183, "NF1 reduced", "NF1 ok", result, "ok"),
        (196, "NF1 eliminated", "NF1 reduced", result, "reduced"),
        (199, "F3 routed", "F3 disrupted", result, "disrupted"),
        // +9 is read at +6 (die 2: -/M); +2 names another column. Before
        // HS-R65 the line's result was not played: four errors.
        (
            142,
            "diff=+9",
            "diff=+2",
            "hastings-1066::diff-mismatch",
            "diff=+2",
        ),
        // At -7 or worse the claim's reading is the automatic loss, the
        // die not read (HS-R13); the lines after follow the roll's -/M.
        (
            142,
            "diff=+9",
            "diff=-7",
            "hastings-1066::diff-mismatch",
            "diff=-7",
        ),
    ] {
        let (found, replayed) = linted(&edited(line, from, to, None, &[]));
        assert_eq!(
            found,
            [(code, line, labelled.to_string())],
            "{from} -> {to}"
        );
        assert_eq!(replayed.state.pieces, clean, "{from} -> {to}");
    }
}

#[test]
fn a_refused_morale_result_is_played_as_the_log_goes_on() {
    let mismatch = "hastings-1066::morale-mismatch";
    let clean = replayed();
    // F2 rolls 4 on D after BK1+BK2's melee: routed. Written `ok`, with its
    // rout two lines on, past the knights' own checks: the roll is played.
    let slip = edited(143, "F2 routed", "F2 ok", None, &[]);
    let replayed = one_error(&slip, mismatch, 143, "ok");
    assert_eq!(replayed.state.pieces, clean.state.pieces);
    // Written `ok` by a writer who wrote no rout: the claim is played, and
    // F2 stands, good, where it fought. With `routed` and no rout, the
    // rout is missing.
    let misread = edited(143, "F2 routed", "F2 ok", Some(145), &[]);
    let replayed = one_error(&misread, mismatch, 143, "ok");
    assert_eq!(
        ends(&replayed, Side::Saxons, "F2"),
        (Some("1121".to_string()), Standing::Good)
    );
    let unpaid = first_lines(145);
    let codes: Vec<&str> = linted(&unpaid).0.iter().map(|f| f.0).collect();
    assert_eq!(codes, ["hastings-1066::rout-missing"]);
    // F3 rolls 1 on D after BB1's fire: no effect. Written `routed`: with
    // the sample's lines after it the roll is played; with a rout written
    // next, the claim is.
    let slip = edited(160, "F3 ok", "F3 routed", None, &[]);
    let replayed = one_error(&slip, mismatch, 160, "routed");
    assert_eq!(replayed.state.pieces, clean.state.pieces);
    let routed = edited(
        160,
        "F3 ok",
        "F3 routed",
        Some(160),
        &["    F3 rout 0919-0818-0718-0618 facing=2"],
    );
    let replayed = one_error(&routed, mismatch, 160, "routed");
    assert_eq!(
        ends(&replayed, Side::Saxons, "F3"),
        (Some("0618".to_string()), Standing::Routed)
    );
}
