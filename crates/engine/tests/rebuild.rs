//! Every recorded state is the setup folded with the recorded events, after
//! they have been exported as JSON and read back: the events are the whole
//! story of a battle, and the export loses none of it.

use senlac_engine::mass_combat::event::Wire;
use senlac_engine::mass_combat::tables::Edition;
use senlac_engine::mass_combat::{EDITION_A, EDITION_B, MassCombat, State, generate};
use senlac_engine::replay::replay;
use senlac_engine::{Config, Replay, Ruleset};
use senlac_notation::parse;

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../samples/{name}.sbn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The events that led to each recorded state, written as JSON text.
fn exported(rules: &MassCombat, replay: &Replay<MassCombat>) -> Vec<String> {
    let timeline = &replay.timeline;
    (0..timeline.len())
        .map(|i| {
            let state = &replay.state(i).unwrap();
            let wires: Vec<Wire> = timeline
                .events(i)
                .iter()
                .map(|event| rules.wire(state, event))
                .collect();
            serde_json::to_string(&wires).unwrap()
        })
        .collect()
}

/// Folds the exported events, read back, from the setup; returns every
/// state the fold passes through, one per recorded state.
fn rebuilt(rules: &MassCombat, setup: &State, exported: &[String]) -> Vec<State> {
    let mut state = setup.clone();
    exported
        .iter()
        .map(|json| {
            let wires: Vec<Wire> = serde_json::from_str(json).unwrap();
            for wire in &wires {
                let event = rules
                    .unwire(&state, wire)
                    .unwrap_or_else(|| panic!("{wire:?} does not read back"));
                MassCombat::apply(&mut state, &event);
            }
            state.clone()
        })
        .collect()
}

/// What [`check_rebuilds`] went through.
#[derive(Default)]
struct Checked {
    events: usize,
    violations: usize,
    /// The state each battle ended in.
    ends: Vec<State>,
}

/// Replays every battle of `text` with its timeline and checks that each
/// recorded state is rebuilt.
fn check_rebuilds(rules: &MassCombat, text: &str) -> Checked {
    let archive = parse(text);
    assert!(!archive.has_errors(), "the log parses");
    let mut checked = Checked::default();
    for battle in &archive.battles {
        let replay = replay(
            rules,
            battle,
            Config {
                timeline: true,
                every_state: true,
                ..Default::default()
            },
        );
        let states: Vec<&State> = replay.timeline.kept().map(|(_, s)| s).collect();
        assert_eq!(states.len(), replay.timeline.len(), "every state is kept");
        let exported = exported(rules, &replay);
        let rebuilt = rebuilt(rules, states[0], &exported);
        assert_eq!(rebuilt.len(), states.len());
        for (i, (rebuilt, recorded)) in rebuilt.iter().zip(&states).enumerate() {
            assert_eq!(rebuilt, *recorded, "state {i} of {}", states.len());
        }
        assert_eq!(rebuilt.last(), Some(&replay.state));
        checked.events += replay.timeline.all_events().len();
        checked.violations += replay.violations.len();
        checked.ends.push(replay.state);
    }
    checked
}

#[test]
fn hastings_rebuilds_from_its_events() {
    let checked = check_rebuilds(&EDITION_A, &sample("hastings"));
    // Every action of the sample leaves at least one event.
    assert!(checked.events > 300, "{} events", checked.events);
}

#[test]
fn fulford_rebuilds_from_its_events() {
    assert!(check_rebuilds(&EDITION_B, &sample("fulford")).events > 0);
}

#[test]
fn generated_battles_rebuild_from_their_events() {
    for (rules, edition) in [(EDITION_A, Edition::A), (EDITION_B, Edition::B)] {
        for seed in 0..4 {
            let mut text = String::new();
            generate::generate(edition, 2, seed, &mut text);
            let checked = check_rebuilds(&rules, &text);
            assert!(checked.events > 0, "{edition:?} seed {seed}");
            assert_eq!(checked.violations, 0, "generated battles are legal");
        }
    }
}

/// A generated battle, one action at a time left out: the rejected actions,
/// unpaid routs and lapsed reactions that follow are events like any other.
#[test]
fn broken_battles_rebuild_from_their_events() {
    let mut violations = 0;
    for (rules, edition) in [(EDITION_A, Edition::A), (EDITION_B, Edition::B)] {
        let mut text = String::new();
        generate::generate(edition, 1, 7, &mut text);
        let lines: Vec<&str> = text.lines().collect();
        let actions = (0..lines.len()).filter(|&i| lines[i].starts_with("    "));
        for left_out in actions.step_by(4) {
            let broken: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter_map(|(i, line)| (i != left_out).then_some(*line))
                .collect();
            violations += check_rebuilds(&rules, &broken.join("\n")).violations;
        }
    }
    assert!(
        violations > 10,
        "the broken battles break rules: {violations}"
    );
}

/// Variations are replayed but leave the main line, and its events, alone.
#[test]
fn battles_with_variations_rebuild_from_their_events() {
    let mut text = String::new();
    generate::generate(Edition::A, 1, 3, &mut text);
    let plain_end = check_rebuilds(&EDITION_A, &text).ends;
    let lines: Vec<&str> = text.lines().collect();
    let actions: Vec<usize> = (1..lines.len())
        .filter(|&i| lines[i].starts_with("    ") && lines[i - 1].starts_with("    "))
        .step_by(5)
        .collect();
    assert!(actions.len() > 5, "the battle has actions to vary");
    for &action in &actions {
        // The action before, played again as an alternative to itself.
        let mut varied = lines.clone();
        let alternative = format!("    ( {} )", lines[action - 1].trim());
        varied.insert(action, &alternative);
        let varied = check_rebuilds(&EDITION_A, &varied.join("\n"));
        assert_eq!(varied.ends, plain_end, "the main line ends as without it");
    }
}

/// The check bites: without one exported event, a rebuilt state differs.
#[test]
fn a_lost_event_is_noticed() {
    let text = sample("hastings");
    let archive = parse(&text);
    let replay = replay(
        &EDITION_A,
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: true,
            ..Default::default()
        },
    );
    let states: Vec<State> = replay.timeline.kept().map(|(_, s)| s.clone()).collect();
    let mut exported = exported(&EDITION_A, &replay);
    let (index, json) = exported
        .iter()
        .enumerate()
        .find(|(_, json)| json.contains(r#""event":"spent""#))
        .expect("a step that spends command points");
    let mut wires: Vec<Wire> = serde_json::from_str(json).unwrap();
    wires.retain(|wire| !matches!(wire, Wire::Spent { .. }));
    exported[index] = serde_json::to_string(&wires).unwrap();
    let rebuilt = rebuilt(&EDITION_A, &states[0], &exported);
    assert_eq!(rebuilt[..index], states[..index]);
    assert_ne!(rebuilt[index], states[index]);
}
