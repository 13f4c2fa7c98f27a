//! samples/usk-ford.sbn: the spec's sample battle (section 6), its setup
//! (6.1) as tests/data has it and its course written move by move with the
//! engine, replayed through the registry as `senlac lint` replays it: no
//! finding, and the Welsh rout in turn 8 after losing F1 and B1, so the
//! Result tag names the Angevins (FO-R42).

use senlac_engine::feudal_ohw::{FEUDAL_OHW, FeudalOhw};
use senlac_engine::replay::replay;
use senlac_engine::{Config, Replay};
use senlac_notation::parse;

const SAMPLE: &str = include_str!("../../../samples/usk-ford.sbn");
const SETUP: &str = include_str!("data/feudal-ohw-usk-setup.sbn");

fn replayed() -> Replay<FeudalOhw> {
    let archive = parse(SAMPLE);
    assert!(!archive.has_errors());
    replay(&FEUDAL_OHW, &archive.battles[0], Config::default())
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
}

/// The setup lines are the checked setup of tests/data, but for the Result
/// and Scenario tags and the opening comment.
#[test]
fn the_setup_is_the_specs() {
    let lines = |text: &str, upto: &str| -> Vec<String> {
        text.lines()
            .take_while(|l| !l.starts_with(upto))
            .filter(|l| {
                !l.is_empty()
                    && !l.starts_with(';')
                    && !l.starts_with("[Result")
                    && !l.starts_with("[Scenario")
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(lines(SAMPLE, "1. "), lines(SETUP, "1. "));
    assert!(SAMPLE.contains("[Result \"Angevins\"]"));
}

#[test]
fn the_welsh_rout_in_turn_8_after_two_losses() {
    let state = replayed().state;
    let ended = state.ended.as_ref().expect("the battle ends in a rout");
    let welsh = state
        .roster
        .sides
        .iter()
        .position(|s| s == "Welsh")
        .unwrap();
    assert_eq!((ended.routed, ended.turn), (welsh, 8));
    assert_eq!(state.lost[welsh], 2);
    let removed: Vec<&str> = (state.roster.units.iter().zip(&state.units))
        .filter(|(_, u)| u.removed.is_some())
        .map(|(info, _)| info.id.as_str())
        .collect();
    assert_eq!(removed, ["B1", "F1"]);
    // S1 fought at the wall and in the second line until it tired.
    let s1 = state.roster.unit(1 - welsh, "S1").unwrap();
    assert!(state.units[s1].tired);
}

#[test]
fn the_figures_mark_the_deployment_the_crossing_and_the_rout() {
    let archive = parse(SAMPLE);
    let game = senlac_engine::system("feudal/ohw").unwrap().replay(
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: false,
            ..Default::default()
        },
    );
    let names: Vec<&str> = game.figures().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["deployment", "crossing", "rout"]);
}

/// SU.7 (FO-R42): the Result tag is checked against the rout the rules
/// decide; naming the routed side is one warning at the tag, with the why.
#[test]
fn a_result_that_names_the_routed_side_is_reported() {
    let text = SAMPLE.replace("[Result \"Angevins\"]", "[Result \"Welsh\"]");
    let archive = parse(&text);
    let game = senlac_engine::check(&archive.battles[0], Config::default()).unwrap();
    let found: Vec<(&str, &str)> = game
        .violations()
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, [("setup::wrong-result", "\"Welsh\"")]);
    let message = &game.violations()[0].message;
    assert!(
        message.contains("`Welsh`") && message.contains("`Angevins`"),
        "{message}"
    );
}

/// FO-R95: a turn line left out is one `turn-order` at the label or the
/// actor under it, naming the line, and play goes on as if it stood there:
/// each of the sample's fifteen turn lines, deleted, gives exactly that.
#[test]
fn each_turn_line_left_out_is_one_finding_that_names_it() {
    let lines: Vec<&str> = SAMPLE.lines().collect();
    let turn_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| {
            let line = lines[i];
            line.split_once(". ")
                .is_some_and(|(n, side)| n.parse::<u32>().is_ok() && !side.contains(' '))
        })
        .collect();
    assert_eq!(turn_lines.len(), 15);
    for &gone in &turn_lines {
        let text: String = (lines.iter().enumerate())
            .filter(|&(i, _)| i != gone)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        let archive = parse(&text);
        let syntax: Vec<String> = archive.all_errors().map(|e| e.code.to_string()).collect();
        if gone == turn_lines[0] {
            // The first is the parser's to report, and lint stops there.
            assert_eq!(syntax, ["notation::missing-first-turn"]);
            continue;
        }
        assert!(syntax.is_empty(), "{syntax:?}");
        let game = senlac_engine::check(&archive.battles[0], Config::default()).unwrap();
        let found: Vec<(&str, &str, &str)> = game
            .violations()
            .iter()
            .map(|v| (v.code, &text[v.span.range()], v.message.as_str()))
            .collect();
        assert_eq!(found.len(), 1, "{}: {found:#?}", lines[gone]);
        let (code, under, message) = found[0];
        assert_eq!(code, "feudal-ohw::turn-order", "{}", lines[gone]);
        // The label that followed the turn line, or the first actor under it.
        let (label, first) = (lines[gone + 1].trim(), lines[gone + 2].trim());
        assert!(
            label == under || first.starts_with(&format!("{under} ")),
            "{}: {under:?}",
            lines[gone]
        );
        assert!(
            message.contains(&format!("the turn line `{}` is missing", lines[gone])),
            "{message}"
        );
    }
}

/// FO-R95's other side: a unit acting out of turn with its own side's
/// turn line still to come is `wrong-side` where it stands, and nothing is
/// inferred.
#[test]
fn a_unit_acting_before_its_sides_turn_line_is_wrong_side() {
    // W1's rally moved up from `6. Welsh` into the Angevins' move phase.
    let lines: Vec<&str> = SAMPLE.lines().collect();
    let turn = lines.iter().position(|&l| l == "6. Angevins").unwrap();
    let rally = turn
        + (lines[turn..].iter())
            .position(|l| l.trim_start().starts_with("W1 rally"))
            .unwrap();
    let move_label = turn + lines[turn..].iter().position(|&l| l == "  move:").unwrap();
    assert!(move_label < rally);
    let mut moved: Vec<&str> = lines.clone();
    let line = moved.remove(rally);
    moved.insert(move_label + 1, line);
    let text = moved.join("\n") + "\n";
    let archive = parse(&text);
    let game = senlac_engine::check(&archive.battles[0], Config::default()).unwrap();
    let codes: Vec<(&str, &str)> = game
        .violations()
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(
        codes.first(),
        Some(&("feudal-ohw::wrong-side", "W1")),
        "{codes:#?}"
    );
}

/// SU.4 (FO-R1): a side's deploy line left out is one `not-deployed` for
/// the side, at its first unit, naming every unit left unplaced; what its
/// units then do is in doubt, so nothing about them is reported after it.
#[test]
fn a_sides_deploy_line_left_out_is_one_finding() {
    let line = SAMPLE
        .lines()
        .find(|l| l.starts_with("deploy Welsh"))
        .unwrap();
    let text = SAMPLE.replacen(&format!("{line}\n"), "", 1);
    let archive = parse(&text);
    let game = senlac_engine::check(&archive.battles[0], Config::default()).unwrap();
    let found: Vec<(&str, &str, &str)> = game
        .violations()
        .iter()
        .map(|v| (v.code, &text[v.span.range()], v.message.as_ref()))
        .collect();
    assert_eq!(
        found[0],
        (
            "feudal-ohw::not-deployed",
            "B1",
            "the Welsh are never deployed: no `deploy Welsh` line places B1, C2, W1, W2, F1, F2"
        )
    );
    let about_units = found[1..]
        .iter()
        .filter(|(code, _, _)| *code != "feudal-ohw::unowed-morale-roll")
        .count();
    assert_eq!(about_units, 0, "{found:#?}");
}
