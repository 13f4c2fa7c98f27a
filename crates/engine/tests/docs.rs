//! Every complete battle in docs/notation.md follows the rules it names: a
//! reader who copies an example gets a clean `senlac lint`.

use senlac_engine::{Config, check};
use senlac_notation::parse;

#[test]
fn complete_examples_in_the_docs_are_legal() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap();
    let mut checked = 0;
    for block in doc.split("```sbn\n").skip(1) {
        let Some(end) = block.find("\n```") else {
            continue;
        };
        let text = &block[..end + 1];
        if !text.contains("[Rules \"mass-combat/") || !text.contains("[Battle") {
            continue;
        }
        let archive = parse(text);
        assert!(!archive.has_errors(), "{text}");
        for battle in &archive.battles {
            let game = check(battle, Config::default()).unwrap();
            let found: Vec<_> = game
                .violations()
                .iter()
                .map(|v| (v.code, &text[v.span.range()]))
                .collect();
            assert_eq!(found, vec![], "in the docs example:\n{text}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} complete examples found");
}

// Every example of docs/notation.md, not only the complete battles: each
// short example of Mass Combat is linted with the sample's setup in front
// of it (docs/notation.md §1: "Read them as if they followed a complete set
// of tags"), and must use only words Mass Combat knows: its verbs, phases,
// setup lines, classes, grades and claims. An example of another rule system
// says so: the prose just before it names its `[Rules "..."]`, or the example
// carries a `{ rules: TAG }` comment. Error examples are ```sbn-error blocks
// (checked by crates/notation/tests/docs.rs).

use senlac_engine::mass_combat::tables::Verb;
use senlac_notation::lower::{Step, steps};

/// The codes that say an example uses a word Mass Combat does not know.
const VOCABULARY: [&str; 9] = [
    "mass-combat::unknown-verb",
    "mass-combat::unknown-claim",
    "mass-combat::unknown-phase",
    "mass-combat::unknown-directive",
    "mass-combat::unknown-class",
    "mass-combat::unknown-grade",
    "mass-combat::extra-argument",
    "mass-combat::unread-pair",
    "mass-combat::declared-figure",
];

const HEADER: &str = "[Battle \"B\"] [Site \"S\"] [Date \"1066-10-14\"] [Rules \"mass-combat/a\"] [Sides \"Saxons Normans\"] [Result \"*\"]\n";

fn docs() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap()
}

/// The sample's setup lines: what a movetext example is read after.
fn hastings_setup() -> String {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap();
    let start = sample.find("\nmap ").unwrap() + 1;
    let end = sample.find("\n1. Saxons").unwrap() + 1;
    sample[start..end].to_string()
}

/// (info string, prose since the block before, body) of each fenced block,
/// and the prose outside blocks.
fn blocks(doc: &str) -> (Vec<(String, String, String)>, String) {
    let mut out = Vec::new();
    let mut prose = String::new();
    let mut rest = doc;
    while let Some(open) = rest.find("```") {
        let before = &rest[..open];
        prose.push_str(before);
        let info_end = rest[open..].find('\n').map_or(rest.len(), |i| open + i);
        let info = rest[open + 3..info_end].trim().to_string();
        let body_start = info_end + 1;
        let Some(close) = rest[body_start..].find("\n```") else {
            break;
        };
        let body = rest[body_start..body_start + close + 1].to_string();
        out.push((info, before.to_string(), body));
        rest = &rest[body_start + close + 4..];
    }
    prose.push_str(rest);
    (out, prose)
}

/// Another system's example: its prose names the Rules tag, or it says so.
fn other_system(prose: &str, body: &str) -> bool {
    let names_rules = prose
        .match_indices("[Rules \"")
        .any(|(at, m)| !prose[at + m.len()..].starts_with("mass-combat"));
    names_rules || body.contains("{ rules: ")
}

/// The words of `text` (a battle) that Mass Combat does not know: each verb
/// and reaction verb, checked directly (a rejected action's reactions are
/// not replayed), and the vocabulary codes of a replay.
fn unknown_words(text: &str) -> Vec<String> {
    let archive = parse(text);
    assert!(
        !archive.has_errors(),
        "{text}\n{:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    let battle = &archive.battles[0];
    let mut found = Vec::new();
    for step in steps(battle) {
        let Step::Action(action) = step else { continue };
        let verbs = std::iter::once(action.verb()).chain(action.reactions().map(|r| r.verb));
        for verb in verbs {
            if verb.text != "resolve" && Verb::parse(verb.text).is_none() {
                found.push(format!("unknown verb `{}`", verb.text));
            }
        }
    }
    let game = check(battle, Config::default()).unwrap();
    for v in game.violations() {
        if VOCABULARY.contains(&v.code) && !found.iter().any(|f| f.contains(&text[v.span.range()]))
        {
            found.push(format!(
                "{}: {} (`{}`)",
                v.code,
                v.message,
                &text[v.span.range()]
            ));
        }
    }
    found
}

/// An example without tags, read after the standard tags and, when it has
/// no setup lines, after the sample's setup.
fn as_battle(body: &str) -> String {
    let first = body.trim_start();
    let movetext_only = first
        .split_whitespace()
        .next()
        .is_some_and(|w| w.ends_with('.') || w.ends_with(':'));
    if movetext_only {
        format!("{HEADER}\n{}\n{body}", hastings_setup())
    } else {
        format!("{HEADER}\n{body}")
    }
}

#[test]
fn every_mass_combat_example_uses_mass_combats_words() {
    let doc = docs();
    let (blocks, _) = blocks(&doc);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (info, prose, body) in &blocks {
        if info != "sbn" || body.contains("[Battle") || other_system(prose, body) {
            continue;
        }
        let unknown = unknown_words(&as_battle(body));
        if !unknown.is_empty() {
            failures.push(format!("{body}\n  => {unknown:?}"));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked >= 12, "only {checked} Mass Combat examples found");
}

#[test]
fn every_action_quoted_in_the_prose_uses_mass_combats_words() {
    // Inline examples: `I volley VI > VI endure`, `=> VI routed` …
    let doc = docs();
    let (_, prose) = blocks(&doc);
    let mut checked = 0;
    let mut failures = Vec::new();
    for (i, quoted) in prose.split('`').enumerate() {
        // Odd pieces are inside backticks; an action has a reaction or a claim.
        if i % 2 == 0 || !(quoted.contains(" > ") || quoted.starts_with("=> ")) {
            continue;
        }
        let line = if quoted.starts_with("=>") {
            format!("I hold {quoted}")
        } else {
            quoted.to_string()
        };
        let text = format!(
            "{HEADER}\n{}\n1. Saxons\n  movement:\n    {line}\n",
            hastings_setup()
        );
        // Not an action but a piece of one (`VI > VI`, the three atoms of §3.2).
        if parse(&text).has_errors() {
            continue;
        }
        let unknown = unknown_words(&text);
        if !unknown.is_empty() {
            failures.push(format!("`{quoted}` => {unknown:?}"));
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 3, "only {checked} quoted actions found");
}

/// The TDGS example of docs/notation.md §5.13, under the tags its prose
/// names, replays clean (spec 5.5: the sketch it replaced broke the rules).
#[test]
fn the_tdgs_example_is_legal() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap();
    let from = doc.find("**TDGS Mass Combat.**").expect("the TDGS example");
    let block = doc[from..].split("```sbn\n").nth(1).unwrap();
    let body = &block[..block.find("\n```").unwrap() + 1];
    let text = format!(
        "[Battle \"B\"] [Site \"S\"] [Date \"2026-11-21\"] [Rules \"tdgs/mass-combat\"] [Sides \"Crown Raiders\"] [Result \"*\"]\n\n{body}"
    );
    let archive = parse(&text);
    assert!(!archive.has_errors(), "{text}");
    let game = check(&archive.battles[0], Config::TIMELINE).unwrap();
    let found: Vec<_> = game
        .violations()
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, vec![], "{text}");
    // Setup, four actions, the end.
    assert_eq!(game.len(), 6, "the example plays its actions");
}
