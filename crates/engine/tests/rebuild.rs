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
    (0..timeline.states.len())
        .map(|i| {
            let state = &timeline.states[i];
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

/// Replays every battle of `text` with its timeline and checks that each
/// recorded state is rebuilt; returns how many events were folded.
fn check_rebuilds(rules: &MassCombat, text: &str) -> usize {
    let archive = parse(text);
    assert!(!archive.has_errors(), "the log parses");
    let mut folded = 0;
    for battle in &archive.battles {
        let replay = replay(rules, battle, Config { timeline: true });
        let states = &replay.timeline.states;
        let exported = exported(rules, &replay);
        let rebuilt = rebuilt(rules, &states[0], &exported);
        assert_eq!(rebuilt.len(), states.len());
        for (i, (rebuilt, recorded)) in rebuilt.iter().zip(states).enumerate() {
            assert_eq!(rebuilt, recorded, "state {i} of {}", states.len());
        }
        assert_eq!(rebuilt.last(), Some(&replay.state));
        folded += replay.timeline.all_events().len();
    }
    folded
}

#[test]
fn hastings_rebuilds_from_its_events() {
    let folded = check_rebuilds(&EDITION_A, &sample("hastings"));
    // Every action of the sample leaves at least one event.
    assert!(folded > 300, "{folded} events");
}

#[test]
fn fulford_rebuilds_from_its_events() {
    assert!(check_rebuilds(&EDITION_B, &sample("fulford")) > 0);
}

#[test]
fn generated_battles_rebuild_from_their_events() {
    for (rules, edition) in [(EDITION_A, Edition::A), (EDITION_B, Edition::B)] {
        for seed in 0..4 {
            let mut text = String::new();
            generate::generate(edition, 2, seed, &mut text);
            assert!(check_rebuilds(&rules, &text) > 0, "{edition:?} seed {seed}");
        }
    }
}

/// The check bites: without one exported event, a rebuilt state differs.
#[test]
fn a_lost_event_is_noticed() {
    let text = sample("hastings");
    let archive = parse(&text);
    let replay = replay(&EDITION_A, &archive.battles[0], Config { timeline: true });
    let states = &replay.timeline.states;
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
