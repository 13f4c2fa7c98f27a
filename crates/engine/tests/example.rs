//! The example system, `example/duel`: a legal duel, and each of its codes on
//! its exact span. One `check` drives them all.

use senlac_engine::{Config, check as replay};
use senlac_notation::parse;

/// Red I at 0101 and II at 0201, Blue I at 0606, on a 6x6 square grid.
const SETUP: &str = "[Battle \"A duel\"] [Site \"A field\"] [Date \"2026-11-22\"] [Rules \"example/duel\"] [Sides \"Red Blue\"] [Result \"*\"]

map square 6x6
army Red \"The Red Company\"
unit I \"Scout\" scout
unit II \"Lancer\" lancer
army Blue \"The Blue Company\"
unit I \"Scout\" scout
deploy Red I@0101 II@0201
deploy Blue I@0606
";

/// Replays SETUP and `moves`; asserts each violation's code with the text its
/// span covers.
#[track_caller]
fn check(moves: &str, expected: &[(&str, &str)]) {
    let text = format!("{SETUP}\n{moves}");
    let archive = parse(&text);
    assert!(
        !archive.has_errors(),
        "syntax: {:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    let got: Vec<(String, String)> = game
        .violations()
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, s)| (c.to_string(), s.to_string()))
        .collect();
    assert_eq!(got, expected, "moves:\n{moves}");
}

#[test]
fn a_legal_duel() {
    check(
        "1. Red\n  I move 0102\n  II move 0202\n1. Blue\n  I move 0605\n2. Red\n  I move 0103\n",
        &[],
    );
}

#[test]
fn a_move_goes_one_square() {
    check(
        "1. Red\n  I move 0103\n",
        &[("example::not-adjacent", "0103")],
    );
}

#[test]
fn a_move_goes_orthogonally() {
    check(
        "1. Red\n  I move 0202\n",
        &[("example::not-adjacent", "0202")],
    );
}

#[test]
fn a_move_ends_on_a_free_square() {
    check("1. Red\n  II move 0101\n", &[("example::occupied", "0101")]);
}

#[test]
fn the_unit_is_one_of_the_side_in_turn() {
    check(
        "1. Red\n  III move 0301\n",
        &[("example::unknown-unit", "III")],
    );
}

#[test]
fn a_unit_of_the_other_side_is_unknown_in_this_turn() {
    // Blue has no unit II: in Blue's turn, `II` names nobody.
    check(
        "1. Red\n  I move 0102\n1. Blue\n  II move 0605\n",
        &[("example::unknown-unit", "II")],
    );
}

#[test]
fn move_is_the_only_verb() {
    check(
        "1. Red\n  I jump 0102\n",
        &[("example::unknown-verb", "jump")],
    );
}

/// Its listing: each unit a square, a free one on the grid, through the
/// same checks; the side in turn's, or the next side's after its turn line.
#[test]
fn legal_moves_are_the_free_squares_next_to_each_unit() {
    let text = format!("{SETUP}\n1. Red\n  I move 0102\n");
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::TIMELINE).unwrap();
    let lines = |index: usize| -> Vec<(Vec<String>, String)> {
        game.legal(index)
            .unwrap()
            .into_iter()
            .map(|l| (l.opens, l.line))
            .collect()
    };
    let red = |line: &str| (vec!["1. Red".to_string()], line.to_string());
    // I holds the square west of II; off the grid is never proposed.
    assert_eq!(
        lines(0),
        [red("I move 0102"), red("II move 0301"), red("II move 0202")]
    );
    let now = |line: &str| (Vec::new(), line.to_string());
    let blue = |line: &str| (vec!["1. Blue".to_string()], line.to_string());
    assert_eq!(
        lines(1),
        [
            now("I move 0101"),
            now("I move 0202"),
            now("I move 0103"),
            now("II move 0301"),
            now("II move 0202"),
            now("II move 0101"),
            blue("I move 0605"),
            blue("I move 0506"),
        ]
    );
    assert_eq!(game.legal(game.len()), None);
}
