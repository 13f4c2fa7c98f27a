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
