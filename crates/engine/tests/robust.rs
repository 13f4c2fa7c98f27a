//! The engine never panics, whatever a syntactically valid log says: random
//! setups and random movetext from the notation's own vocabulary.

use proptest::prelude::*;
use senlac_engine::{Config, check};
use senlac_notation::parse;

const WORDS: &[&str] = &[
    "I",
    "II",
    "Red.I",
    "Blue.II",
    "Nobody",
    "0101",
    "0505",
    "0504-0505",
    "0506-0507-0508-0509-0510-0511-0512-0513",
    "9999",
    "0000",
    "attack=3",
    "defense=1",
    "cp=2",
    "damage=9",
    "routed",
    "d6:4",
    "6in",
    "45deg",
    "12x4",
    "> I endure",
    "> II lose",
    "> Blue.I defend",
    "> III rout",
];

const UNITS: &[&str] = &[
    "I",
    "II",
    "III",
    "IV",
    "Red.I",
    "Blue.II",
    "Nobody",
    "I+II",
    "II+III+IV",
];
const VERBS: &[&str] = &[
    "volley",
    "hold",
    "advance",
    "disengage",
    "engage",
    "wait",
    "maneuver",
    "charge",
    "attack",
    "support-attack",
    "support-defense",
    "endure",
    "damage",
    "endure-charge",
    "pursue",
    "allow",
    "defend",
    "feint",
    "lose",
    "rout",
    "morale",
    "slaughter",
    "escape",
    "resolve",
    "fly",
];

const PHASES: &[&str] = &[
    "volley:",
    "movement:",
    "combat:",
    "defense:",
    "resolve:",
    "lunch:",
];

fn setup_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("map hex 10x10 parity odd".to_string()),
        Just("map hex 1x1 parity even".to_string()),
        Just("map square 5x5".to_string()),
        Just("map table 72x48in".to_string()),
        Just("terrain forest 0101-0110".to_string()),
        Just("terrain hill 0301-0904".to_string()),
        Just("hexside crest 0404/0405 0101/0909".to_string()),
        Just("army Red \"Red\"".to_string()),
        Just("army Blue \"Blue\" leader \"B\"".to_string()),
        Just("army Green \"Green\"".to_string()),
        Just("unit I \"x\" heavy-cavalry A size=0".to_string()),
        Just("unit II \"x\" foot-archers E".to_string()),
        Just("unit III \"x\" horse-archers B size=999999".to_string()),
        Just("unit IV \"x\" dragons Z".to_string()),
        Just("roll Red leadership 200".to_string()),
        Just("roll Blue leadership d20:14".to_string()),
        Just("roll Red leadership 2d20:4294967295+1".to_string()),
        Just("bonus Red I=200 II=-5".to_string()),
        Just("bonus Blue I=1".to_string()),
        Just("deploy Red I@0505 II@0101 III@9999".to_string()),
        Just("deploy Blue I@0504 II@0506 III@0505".to_string()),
        Just("first Red turn".to_string()),
        Just("first Blue deploy".to_string()),
        Just("first Blue nap".to_string()),
    ]
}

fn movetext_line() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..4, prop::sample::select(vec!["Red", "Blue", "Green"]))
            .prop_map(|(n, s)| format!("{n}. {s}")),
        prop::sample::select(PHASES.to_vec()).prop_map(|p| format!("  {p}")),
        (
            prop::sample::select(UNITS.to_vec()),
            prop::sample::select(VERBS.to_vec()),
            prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..5),
        )
            .prop_map(|(unit, verb, rest)| format!("    {unit} {verb} {}", rest.join(" "))),
    ]
}

fn battle() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["Red Blue", "Red", "Red Blue Green", ""]),
        prop::sample::select(vec!["mass-combat/a", "mass-combat/b"]),
        prop::collection::vec(setup_line(), 0..16),
        prop::collection::vec(movetext_line(), 0..40),
    )
        .prop_map(|(sides, rules, setup, moves)| {
            format!(
                "[Battle \"B\"] [Site \"S\"] [Date \"D\"] [Rules \"{rules}\"] [Sides \"{sides}\"] [Result \"*\"]\n\n{}\n\n1. Red\n{}\n",
                setup.join("\n"),
                moves.join("\n")
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)))]

    #[test]
    fn replay_never_panics(text in battle()) {
        let archive = parse(&text);
        // Only logs the notation accepts reach the rules.
        prop_assume!(!archive.has_errors());
        for battle in &archive.battles {
            if !battle.errors.is_empty() {
                continue;
            }
            for timeline in [false, true] {
                if let Ok(game) = check(battle, Config { timeline, ..Config::default() }) {
                    for violation in game.violations() {
                        prop_assert!(violation.span.end as usize <= text.len());
                        prop_assert!(violation.code.contains("::"));
                    }
                    if let Some(end) = game.index(&senlac_engine::Point::End) {
                        let _ = game.view(end);
                    }
                }
            }
        }
    }
}
