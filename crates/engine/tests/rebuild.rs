//! Every recorded state is the field folded with the recorded events, after
//! they have been exported as JSON and read back: the setup's deployments
//! and play's events are the whole story of a battle, and the export loses
//! none of it. Checked for every system, on the samples and on generated
//! battles, whole, broken and varied.

use std::fmt::Debug;

use senlac_engine::example::DUEL;
use senlac_engine::feudal_ohw::FEUDAL_OHW;
use senlac_engine::hastings_1066::HASTINGS_1066;
use senlac_engine::mass_combat::{EDITION_A, EDITION_B};
use senlac_engine::tdgs::TDGS;
use senlac_engine::{Config, Replay, Ruleset, System, Track, replay};
use senlac_notation::parse;
use serde_json::Value;

const EVERY_STATE: Config = Config {
    every_state: true,
    ..Config::TIMELINE
};

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../samples/{name}.sbn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The events that led to each recorded state of the main line, written as
/// JSON text, each against the state its step led to, as `Game::wire`
/// exports them.
fn exported<R: Ruleset>(rules: &R, replay: &Replay<R>) -> Vec<String> {
    exported_track(rules, &replay.timeline.main)
}

/// [`exported`], for any track (the setup's, as `Game::deployments`
/// exports it).
fn exported_track<R: Ruleset>(rules: &R, track: &Track<R::State, R::Event>) -> Vec<String> {
    (0..track.len())
        .map(|i| {
            let state = &track.state(i, R::apply).unwrap();
            let wires: Vec<R::Wire> = track
                .events(i)
                .iter()
                .map(|event| rules.wire(state, event))
                .collect();
            serde_json::to_string(&wires).unwrap()
        })
        .collect()
}

/// Folds the exported events, read back, from the setup: for each recorded
/// state, the events read back and the state the fold reached.
fn rebuilt<R: Ruleset>(
    rules: &R,
    setup: &R::State,
    exported: &[String],
) -> Vec<(Vec<R::Event>, R::State)> {
    let mut state = setup.clone();
    exported
        .iter()
        .map(|json| {
            let wires: Vec<R::Wire> = serde_json::from_str(json).unwrap();
            let events: Vec<R::Event> = wires
                .iter()
                .map(|wire| {
                    let event = rules.unwire(&state, wire).unwrap_or_else(|| {
                        panic!(
                            "{} does not read back",
                            serde_json::to_string(wire).unwrap()
                        )
                    });
                    R::apply(&mut state, &event);
                    event
                })
                .collect();
            (events, state.clone())
        })
        .collect()
}

/// What [`check_rebuilds`] went through.
struct Checked<S> {
    battles: usize,
    /// Setup steps: placements, and what the setup settles.
    deployments: usize,
    states: usize,
    events: usize,
    violations: usize,
    /// The state each battle ended in.
    ends: Vec<S>,
}

impl<S> Default for Checked<S> {
    fn default() -> Self {
        Checked {
            battles: 0,
            deployments: 0,
            states: 0,
            events: 0,
            violations: 0,
            ends: Vec::new(),
        }
    }
}

impl<S> Checked<S> {
    fn add(&mut self, other: Checked<S>) {
        self.battles += other.battles;
        self.deployments += other.deployments;
        self.states += other.states;
        self.events += other.events;
        self.violations += other.violations;
        self.ends.extend(other.ends);
    }

    /// The counts, for `--nocapture`.
    fn print(&self, what: &str) {
        println!(
            "{what}: {} battles, {} deployments, {} states, {} events, {} violations",
            self.battles, self.deployments, self.states, self.events, self.violations
        );
    }
}

/// Replays every battle of `text` with its timeline and checks that each
/// event reads back as itself and each recorded state is rebuilt.
fn check_rebuilds<R: Ruleset>(rules: &R, text: &str) -> Checked<R::State>
where
    R::State: PartialEq + Debug,
    R::Event: PartialEq,
{
    let archive = parse(text);
    assert!(!archive.has_errors(), "the log parses");
    let mut checked = Checked::default();
    for battle in &archive.battles {
        let replay = replay(rules, battle, EVERY_STATE);
        let states: Vec<&R::State> = replay.timeline.kept().map(|(_, s)| s).collect();
        // The setup: the field, then one state per placement, the last the
        // main line's first.
        let setup = &replay.timeline.setup;
        let deployed: Vec<&R::State> = setup.kept().map(|(_, s)| s).collect();
        assert_eq!(deployed.len(), setup.len(), "every setup state is kept");
        let redeployed = rebuilt(rules, deployed[0], &exported_track(rules, setup));
        for (i, ((events, rebuilt), recorded)) in redeployed.iter().zip(&deployed).enumerate() {
            assert_eq!(events.as_slice(), setup.events(i), "setup state {i}");
            assert_eq!(rebuilt, *recorded, "setup state {i}");
        }
        assert_eq!(redeployed.last().map(|(_, s)| s), Some(states[0]));
        checked.deployments += setup.len() - 1;
        assert_eq!(states.len(), replay.timeline.len(), "every state is kept");
        let rebuilt = rebuilt(rules, states[0], &exported(rules, &replay));
        assert_eq!(rebuilt.len(), states.len());
        for (i, ((events, rebuilt), recorded)) in rebuilt.iter().zip(&states).enumerate() {
            assert_eq!(
                events.as_slice(),
                replay.timeline.events(i),
                "the events of state {i} of {}",
                states.len()
            );
            assert_eq!(rebuilt, *recorded, "state {i} of {}", states.len());
        }
        assert_eq!(rebuilt.last().map(|(_, s)| s), Some(&replay.state));
        // A replay that keeps no timeline (lint, `show --at end`) ends in
        // the same state and finds the same violations.
        let light = senlac_engine::replay(rules, battle, Config::default());
        assert_eq!(light.state, replay.state, "the end without a timeline");
        assert_eq!(light.violations.len(), replay.violations.len());
        checked.battles += 1;
        checked.states += states.len();
        checked.events += replay.timeline.all_events().len();
        checked.violations += replay.violations.len();
        checked.ends.push(replay.state);
    }
    checked
}

/// `battles` battles from each of `seeds`, by the system's own generator.
fn generated<R: Ruleset + System>(rules: &R, battles: u32, seeds: u64) -> Vec<String> {
    let mut texts = Vec::new();
    for seed in 0..seeds {
        rules.generate(battles, seed, &mut |text| texts.push(text.to_string()));
    }
    texts
}

/// The lines of a log that are actions: indented in the movetext (from
/// the first turn line on), and not a phase or label line (`  movement:`).
fn actions(lines: &[&str]) -> Vec<usize> {
    let movetext = lines
        .iter()
        .position(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(lines.len());
    (movetext..lines.len())
        .filter(|&i| {
            let line = lines[i];
            line.starts_with("  ") && !line.trim().is_empty() && !line.trim_end().ends_with(':')
        })
        .collect()
}

/// Two battles from each of `seeds`, legal as generated.
fn checks_generated<R: Ruleset + System>(rules: &R, seeds: u64)
where
    R::State: PartialEq + Debug,
    R::Event: PartialEq,
{
    let mut checked = Checked::default();
    for text in generated(rules, 2, seeds) {
        checked.add(check_rebuilds(rules, &text));
    }
    checked.print(&format!("{} generated", rules.tag()));
    assert_eq!(checked.battles as u64, 2 * seeds);
    // Every action leaves an event; the setup and the end may leave none.
    assert!(
        checked.events >= checked.states - 2 * checked.battles,
        "{} events in {} states",
        checked.events,
        checked.states
    );
    assert_eq!(checked.violations, 0, "generated battles are legal");
}

/// A generated battle with one action left out, and with it written twice:
/// the rejected actions, unpaid consequences and repairs that follow are
/// events like any other.
fn checks_broken<R: Ruleset + System>(rules: &R)
where
    R::State: PartialEq + Debug,
    R::Event: PartialEq,
{
    let text = generated(rules, 1, 1).remove(0);
    let lines: Vec<&str> = text.lines().collect();
    let actions = actions(&lines);
    let mut checked = Checked::default();
    // About twenty actions, spread over the whole battle.
    for &action in actions.iter().step_by(actions.len().div_ceil(20).max(1)) {
        for copies in [0, 2] {
            let broken: Vec<&str> = lines
                .iter()
                .enumerate()
                .flat_map(|(i, line)| {
                    std::iter::repeat_n(*line, if i == action { copies } else { 1 })
                })
                .collect();
            checked.add(check_rebuilds(rules, &broken.join("\n")));
        }
    }
    checked.print(&format!("{} broken", rules.tag()));
    assert!(
        checked.violations > 1,
        "the broken battles break rules: {}",
        checked.violations
    );
}

/// Variations are replayed but leave the main line, and its events, alone:
/// a battle ends as it does with blanks in the variation's place (so that
/// the spans the state keeps are the same).
fn checks_variations<R: Ruleset + System>(rules: &R)
where
    R::State: PartialEq + Debug,
    R::Event: PartialEq,
{
    let text = generated(rules, 1, 1).remove(0);
    let lines: Vec<&str> = text.lines().collect();
    let actions = actions(&lines);
    let mut checked = Checked::default();
    // About ten actions, spread over the whole battle.
    for &action in actions.iter().step_by(actions.len().div_ceil(10).max(1)) {
        // The action, played again as an alternative to itself.
        let line = lines[action];
        let indent = &line[..line.len() - line.trim_start().len()];
        let alternative = format!("{indent}( {} )", line.trim());
        let blank = " ".repeat(alternative.len());
        let with = |inserted: &str| {
            let mut lines = lines.clone();
            lines.insert(action + 1, inserted);
            check_rebuilds(rules, &lines.join("\n"))
        };
        let varied = with(&alternative);
        assert_eq!(
            varied.ends,
            with(&blank).ends,
            "the main line ends as without {alternative}"
        );
        checked.add(varied);
    }
    checked.print(&format!("{} varied", rules.tag()));
}

/// The check bites: without one exported event of kind `kind` (the first),
/// the states rebuilt from then on differ.
fn checks_a_lost_event<R: Ruleset + System>(rules: &R, kind: &str)
where
    R::State: PartialEq + Debug,
{
    let text = generated(rules, 1, 1).remove(0);
    let archive = parse(&text);
    let replay = replay(rules, &archive.battles[0], EVERY_STATE);
    let states: Vec<&R::State> = replay.timeline.kept().map(|(_, s)| s).collect();
    let mut exported = exported(rules, &replay);
    let index = exported
        .iter()
        .position(|json| json.contains(&format!(r#""event":"{kind}""#)))
        .unwrap_or_else(|| panic!("a step with a {kind} event"));
    let mut wires: Vec<Value> = serde_json::from_str(&exported[index]).unwrap();
    let lost = wires.iter().position(|w| w["event"] == kind).unwrap();
    wires.remove(lost);
    exported[index] = serde_json::to_string(&wires).unwrap();
    let rebuilt: Vec<R::State> = rebuilt(rules, states[0], &exported)
        .into_iter()
        .map(|(_, state)| state)
        .collect();
    assert!(
        rebuilt[..index].iter().eq(states[..index].iter().copied()),
        "the states before it are rebuilt"
    );
    assert_ne!(&rebuilt[index], states[index]);
}

/// The placements the `deploy` lines of `text` write: one setup step each.
fn placements(text: &str) -> usize {
    text.lines()
        .filter(|line| line.starts_with("deploy "))
        .map(|line| line.matches('@').count())
        .sum()
}

#[test]
fn the_mass_combat_samples_rebuild_from_their_events() {
    let hastings = check_rebuilds(&EDITION_A, &sample("hastings"));
    hastings.print("samples/hastings.sbn");
    assert_eq!(hastings.deployments, placements(&sample("hastings")));
    assert_eq!(hastings.deployments, 16);
    // Every action of the sample leaves at least one event.
    assert!(hastings.events > 300, "{} events", hastings.events);
    let fulford = check_rebuilds(&EDITION_B, &sample("fulford"));
    fulford.print("samples/fulford.sbn");
    assert_eq!(fulford.deployments, placements(&sample("fulford")));
    assert!(fulford.events > fulford.states, "{} events", fulford.events);
}

/// Feudal's worked example (spec 5.3): its six placements, and whatever
/// play writes of its turns, read back from the export to the last bit.
#[test]
fn the_feudal_worked_example_rebuilds_from_its_events() {
    let text = include_str!("data/feudal-ohw-worked.sbn");
    let checked = check_rebuilds(&FEUDAL_OHW, text);
    checked.print("tests/data/feudal-ohw-worked.sbn");
    assert_eq!(checked.deployments, 6);
    assert_eq!(checked.battles, 1);
}

#[test]
fn the_tdgs_sample_rebuilds_from_its_events() {
    let checked = check_rebuilds(&TDGS, &sample("harrow-ford"));
    checked.print("samples/harrow-ford.sbn");
    // No trigger is met at deployment, so the setup settles nothing.
    assert_eq!(checked.deployments, placements(&sample("harrow-ford")));
    assert_eq!(checked.deployments, 14);
    assert!(checked.events > 300, "{} events", checked.events);
    assert_eq!(checked.violations, 0);
}

#[test]
fn the_hastings_1066_sample_rebuilds_from_its_events() {
    let checked = check_rebuilds(&HASTINGS_1066, &sample("hastings-1066-st"));
    checked.print("samples/hastings-1066-st.sbn");
    assert_eq!(checked.deployments, placements(&sample("hastings-1066-st")));
    assert_eq!(checked.deployments, 30);
    assert!(checked.events > 250, "{} events", checked.events);
    assert_eq!(checked.violations, 0);
}

/// One system's tests, each a call of the generic checks above: `lost`
/// names an event kind whose loss changes the state.
macro_rules! every_system {
    ($($system:ident: $rules:expr, lost $kind:literal;)*) => {$(
        mod $system {
            use super::*;

            #[test]
            fn generated_battles_rebuild_from_their_events() {
                checks_generated(&$rules, 4);
            }

            #[test]
            fn broken_battles_rebuild_from_their_events() {
                checks_broken(&$rules);
            }

            #[test]
            fn battles_with_variations_rebuild_from_their_events() {
                checks_variations(&$rules);
            }

            #[test]
            fn a_lost_event_is_noticed() {
                checks_a_lost_event(&$rules, $kind);
            }
        }
    )*};
}

every_system! {
    mass_combat_a: EDITION_A, lost "spent";
    mass_combat_b: EDITION_B, lost "spent";
    tdgs: TDGS, lost "moved";
    hastings_1066: HASTINGS_1066, lost "moved";
    example: DUEL, lost "moved";
}
