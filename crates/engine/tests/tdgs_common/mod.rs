//! What the TDGS play tests share: Harrow Ford's setup (samples/
//! harrow-ford.sbn), and one check that plays a movetext after it as
//! `senlac lint` does and compares every finding by its code and the exact
//! text under its span. Most movetexts are the opening of a battle that
//! goes on ([`check`]); a whole battle is also judged at its end, for
//! checks still owed and the last activation's duty ([`check_whole`]).

// Each test file uses the part it needs.
#![allow(dead_code)]

use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::tdgs::play::finish;
use senlac_engine::tdgs::{TDGS, Tdgs};
use senlac_notation::lower::steps;
use senlac_notation::{Span, parse};

/// The state a movetext leaves, played through the production fold.
pub type Fold = Sandbox<Tdgs>;

pub const HARROW_FORD: &str = include_str!("../../../../samples/harrow-ford.sbn");

/// Harrow Ford's tags and setup, then `movetext`.
pub fn battle(movetext: &str) -> String {
    let setup_end = HARROW_FORD
        .find("\n1. Crown")
        .expect("the sample's movetext");
    format!("{}\n{movetext}", &HARROW_FORD[..setup_end])
}

/// The sample's movetext up to the line holding `marker` (left out).
pub fn spec_until(marker: &str) -> String {
    let start = HARROW_FORD.find("1. Crown").unwrap();
    let end = HARROW_FORD.find(marker).unwrap();
    let line_start = HARROW_FORD[..end].rfind('\n').map_or(end, |n| n + 1);
    HARROW_FORD[start..line_start].to_string()
}

/// Plays a battle text: the fold and every finding of setup and play, and
/// of its end when it is `whole`.
pub fn replay_text(text: &str, whole: bool) -> (Fold, Vec<Violation>) {
    let archive = parse(text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Fold::setup(&TDGS, battle, &mut out);
    fold.play(&TDGS, steps(battle), &mut out);
    if whole {
        finish(
            &mut fold.fold(),
            Span::new(text.len(), text.len()),
            &mut out,
        );
    }
    fold.settle(&mut out);
    (fold, out)
}

/// Harrow Ford's setup edited by `edits` (each `(from, to)` made once),
/// then `movetext`.
pub fn edited(edits: &[(&str, &str)], movetext: &str) -> String {
    let mut text = battle("");
    for (from, to) in edits {
        assert!(text.contains(from), "no {from:?} in the setup");
        text = text.replacen(from, to, 1);
    }
    text + movetext
}

/// Plays `movetext`, the opening of a battle, after the setup edited by
/// `edits`: the fold, the findings and the text played.
pub fn replay(edits: &[(&str, &str)], movetext: &str) -> (Fold, Vec<Violation>, String) {
    let text = edited(edits, movetext);
    let (fold, out) = replay_text(&text, false);
    (fold, out, text)
}

/// The one check: the findings of `text` are exactly `expected`.
#[track_caller]
fn compare(text: &str, whole: bool, expected: &[(&str, &str)]) -> Fold {
    let (fold, out) = replay_text(text, whole);
    let found: Vec<(&str, &str)> = out
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, expected, "\n{text}\n{out:#?}");
    fold
}

/// A whole battle's text, its end judged too.
#[track_caller]
pub fn check_text(text: &str, expected: &[(&str, &str)]) -> Fold {
    compare(text, true, expected)
}

/// `movetext` after Harrow Ford's setup, as the opening of a battle.
#[track_caller]
pub fn check(movetext: &str, expected: &[(&str, &str)]) -> Fold {
    check_edited(&[], movetext, expected)
}

/// As [`check`], with Harrow Ford's setup edited first.
#[track_caller]
pub fn check_edited(edits: &[(&str, &str)], movetext: &str, expected: &[(&str, &str)]) -> Fold {
    compare(&edited(edits, movetext), false, expected)
}

/// `movetext` after Harrow Ford's setup edited by `edits`, as a whole
/// battle that ends there.
#[track_caller]
pub fn check_whole(edits: &[(&str, &str)], movetext: &str, expected: &[(&str, &str)]) -> Fold {
    compare(&edited(edits, movetext), true, expected)
}

/// Every finding of `movetext` after the setup.
pub fn findings(movetext: &str) -> Vec<Violation> {
    replay(&[], movetext).1
}

pub fn entity(fold: &Fold, side: &str, id: &str) -> usize {
    let s = fold.roster.side_index(side).unwrap();
    fold.roster.entity(s, id).unwrap()
}

/// Each unit of Harrow Ford, and how to put it under Hold.
const UNDER_HOLD: [(&str, &str, &str); 8] = [
    ("A", "size=3x3 str=28", "size=3x3 order=hold str=28"),
    ("B", "size=2x2 str=18", "size=2x2 order=hold str=18"),
    ("C", "size=2x2 str=14", "size=2x2 order=hold str=14"),
    ("E", "size=2x2 str=16", "size=2x2 order=hold str=16"),
    ("R1", "size=2x2 str=22", "size=2x2 order=hold str=22"),
    ("R2", "order=charge str=24", "order=hold str=24"),
    ("R3", "size=2x2 str=15", "size=2x2 order=hold str=15"),
    ("R4", "order=charge str=19", "order=hold str=19"),
];

/// Setup edits putting every unit but `except` under Hold, so the ones a
/// test leaves idle owe nothing (ORDERS-4, TURN-7).
pub fn idle(except: &[&str]) -> Vec<(&'static str, &'static str)> {
    UNDER_HOLD
        .iter()
        .filter(|(id, ..)| !except.contains(id))
        .map(|&(_, from, to)| (from, to))
        .collect()
}
