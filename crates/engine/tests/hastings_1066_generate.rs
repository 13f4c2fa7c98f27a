//! Hastings: 1066's generated battles (`senlac gen --rules
//! hastings-1066/st`): they parse and replay with no finding, the same seed
//! gives the same text and another seed another, and across a set they
//! fight (fire, melee, morale checks, routs), not only move.

use senlac_engine::{Config, check, system};
use senlac_notation::parse;

const RULES: &str = "hastings-1066/st";

/// `battles` generated battles from `seed`, as one text.
fn generated(battles: u32, seed: u64) -> String {
    let mut text = String::new();
    system(RULES)
        .expect("Hastings: 1066 is registered")
        .generate(battles, seed, &mut |battle| text.push_str(battle));
    text
}

/// Every finding of every battle in `text`, as `code: message` at its text.
fn findings(text: &str) -> Vec<String> {
    let archive = parse(text);
    let mut found: Vec<String> = archive.all_errors().map(|e| format!("{e:?}")).collect();
    for battle in &archive.battles {
        let game = check(battle, Config::default()).expect("the rules are known");
        for v in game.violations() {
            let at = &text[v.span.start as usize..v.span.end as usize];
            found.push(format!("{}: {} at `{at}`", v.code, v.message));
        }
    }
    found
}

/// How many lines of `text` hold ` VERB `.
fn count(text: &str, verb: &str) -> usize {
    let needle = format!(" {verb} ");
    text.lines()
        .filter(|l| format!("{} ", l.trim_end()).contains(&needle))
        .count()
}

#[test]
fn generated_battles_replay_clean() {
    for seed in [1, 2, 3, 7, 42] {
        let text = generated(4, seed);
        let archive = parse(&text);
        assert_eq!(archive.battles.len(), 4, "seed {seed}");
        let found = findings(&text);
        assert!(found.is_empty(), "seed {seed}: {found:#?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_battles_and_another_seed_others() {
    assert_eq!(generated(3, 11), generated(3, 11));
    assert_ne!(generated(3, 11), generated(3, 12));
    // The first battle has no leading newline; the next are set apart.
    let text = generated(2, 5);
    assert!(text.starts_with('['));
    assert!(text.contains("\n\n[Battle"));
}

#[test]
fn generated_battles_fight() {
    let text = generated(20, 9);
    let archive = parse(&text);
    for battle in &archive.battles {
        let actions = battle.source[battle.span.start as usize..battle.span.end as usize]
            .lines()
            .filter(|l| l.starts_with("    "))
            .count();
        assert!(actions >= 50, "a battle of {actions} actions");
    }
    for verb in [
        "strategy", "move", "fire", "melee", "morale", "rout", "rally", "tally",
    ] {
        assert!(count(&text, verb) > 0, "no `{verb}` line in 20 battles");
    }
}
