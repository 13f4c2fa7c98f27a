//! Feudal play never panics, whatever a syntactically valid log says: the
//! spec's worked example mutated (lines deleted, duplicated, swapped,
//! moved, numbers bumped, words replaced by Feudal's own vocabulary) and
//! random movetext after its setup. Every replay returns, its findings
//! point into the text, and its timeline can be viewed. The check and
//! the mutations are robust_common's.

mod robust_common;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use robust_common::{Mutation, cases, mutate, replays};

const WORKED: &str = include_str!("data/feudal-ohw-worked.sbn");
const RULES: &str = "feudal/ohw";

/// Words movetext may hold: ids, sides, verbs, labels, rolls, claims.
const WORDS: &[&str] = &[
    "K",
    "B",
    "S",
    "W",
    "F",
    "X",
    "Q",
    "Welsh.F",
    "Angevins.K",
    "Angevins",
    "Welsh",
    "shoot",
    "move",
    "turn",
    "charge",
    "retreat",
    "face",
    "join",
    "melee",
    "rally",
    "pursue",
    "morale",
    "initiative",
    "zed",
    "dance",
    "shoot:",
    "move:",
    "melee:",
    "rally:",
    "initiative:",
    "pursuit:",
    "lunch:",
    "d6:1",
    "d6:6",
    "d5:3",
    "d6:9",
    "2d6:1+4",
    "3d6:1+3+5",
    "hits=3",
    "took=99",
    "removed",
    "tired",
    "spent",
    "attacked",
    "priest=d6:3",
    "reroll=d6:2",
    "strategos",
    "fast",
    "5in",
    "-90deg",
    "K@18x15.5in^90deg",
    "contact=front",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Duplicate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Move(a, b)),
        3 => (any::<Index>(), any::<Index>(), prop_oneof![-3i64..=3, Just(-100), Just(100), Just(i64::MAX)])
            .prop_map(|(i, at, by)| Mutation::Bump(i, at, by)),
        3 => (any::<Index>(), any::<Index>(), select(WORDS.to_vec()))
            .prop_map(|(i, at, w)| Mutation::Word(i, at, w)),
    ]
}

/// A movetext line: a turn line, a label, or an action of random words.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..4, select(vec!["Angevins", "Welsh", "Nobody"]))
            .prop_map(|(n, s)| format!("{n}. {s}")),
        select(WORDS.to_vec()).prop_map(|w| format!("  {w}")),
        prop::collection::vec(select(WORDS.to_vec()), 2..7)
            .prop_map(|w| format!("    {}", w.join(" "))),
        (
            select(WORDS.to_vec()),
            select(WORDS.to_vec()),
            select(WORDS.to_vec()),
            select(WORDS.to_vec())
        )
            .prop_map(|(a, v, t, c)| format!("    {a} {v} {t} d6:4 => {c}")),
    ]
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn the_worked_example_mutated_never_panics(
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        replays(&mutate(WORKED, &mutations), RULES)?;
    }

    #[test]
    fn random_movetext_never_panics(lines in prop::collection::vec(line(), 0..30)) {
        let setup = &WORKED[..WORKED.find("1. Angevins").unwrap()];
        replays(&format!("{setup}{}\n", lines.join("\n")), RULES)?;
    }
}
