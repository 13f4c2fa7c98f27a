//! One mistake, one error (docs/rules/README.md): a slip in a Hastings:
//! 1066 log is reported once and read as its writer meant it, so the
//! lines after it are judged as written. Each case asserts the one finding
//! and that play went on as meant.

mod hastings_1066_common;

use hastings_1066_common::{Before, SETUP, check};
use senlac_engine::hastings_1066::setup::setup;
use senlac_engine::hastings_1066::state::{Part, Piece, Wing};
use senlac_engine::hastings_1066::tables::{Class, Side};
use senlac_notation::parse;

/// Where a piece stands after `fold`'s play.
fn at(
    fold: &senlac_engine::Sandbox<senlac_engine::hastings_1066::Hastings1066>,
    id: &str,
) -> Option<String> {
    let p = Side::ALL
        .into_iter()
        .find_map(|side| fold.roster.piece(side, id))
        .unwrap();
    fold.pieces[p].at.map(|c| c.to_string())
}

#[test]
fn a_misspelt_side_opens_the_phase_it_nearly_names() {
    let fold = check(
        &Before::default(),
        "1. Normans\n1. Sxaons\n  movement:\n    F3 move 0618-0718 facing=2\n",
        &[("hastings-1066::sides", "1. Sxaons")],
    );
    assert_eq!(at(&fold, "F3"), Some("0718".to_string()));
}

#[test]
fn a_misspelt_verb_is_read_as_meant() {
    let fold = check(
        &Before::default(),
        "1. Normans\n  movement:\n    BF1 mvoe 1120-1020 facing=5\n",
        &[("hastings-1066::unknown-verb", "mvoe")],
    );
    assert_eq!(at(&fold, "BF1"), Some("1020".to_string()));
}

#[test]
fn a_piece_written_twice_is_read_once() {
    let fold = check(
        &Before::default(),
        "1. Normans\n  movement:\n    BF1 BF1 move 1120-1020 facing=5\n",
        &[("hastings-1066::unknown-verb", "BF1")],
    );
    assert_eq!(at(&fold, "BF1"), Some("1020".to_string()));
}

#[test]
fn a_claim_without_its_arrow_is_read_as_a_claim() {
    // NB1 disrupted rallies on a 2 (the Rally Table, D).
    let disrupted = Before {
        standings: &[(
            "NB1",
            senlac_engine::hastings_1066::state::Standing::Disrupted,
        )],
        ..Before::default()
    };
    check(
        &disrupted,
        "1. Normans\n  rally:\n    NB1 rally d6:2 => NB1 rallied\n",
        &[],
    );
    check(
        &disrupted,
        "1. Normans\n  rally:\n    NB1 rally d6:2 NB1 rallied\n",
        &[("hastings-1066::unknown-claim", "NB1")],
    );
    // And the claim it holds is still judged: a 5 does not rally.
    check(
        &disrupted,
        "1. Normans\n  rally:\n    NB1 rally d6:5 NB1 rallied\n",
        &[
            ("hastings-1066::unknown-claim", "NB1"),
            ("hastings-1066::rally-mismatch", "rallied"),
        ],
    );
}

/// The setup's findings, with `from` replaced by `to`, and the state.
fn setup_with(
    from: &str,
    to: &str,
) -> (
    Vec<(String, String)>,
    senlac_engine::hastings_1066::state::State,
) {
    assert!(SETUP.contains(from), "{from}");
    let text = SETUP.replacen(from, to, 1);
    let archive = parse(&text);
    let mut out = Vec::new();
    let state =
        setup(&archive.battles[0], &mut out).fold(senlac_engine::hastings_1066::event::apply);
    let found = out
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    (found, state)
}

#[test]
fn a_unit_line_with_a_slip_plays_as_meant() {
    // The class word left out: one finding, and F2 is still a fyrd with
    // its morale letter and facing, in the right wing.
    let (found, state) = setup_with("unit F2 \"Fyrd\" fyrd D", "unit F2 \"Fyrd\" D");
    assert_eq!(
        found,
        [("hastings-1066::unknown-class".to_string(), "D".to_string())]
    );
    let f2 = state.roster.piece(Side::Saxons, "F2").unwrap();
    let info = &state.roster.pieces[f2];
    assert_eq!(info.class, Some(Class::Fyrd));
    assert!(matches!(info.piece, Piece::Unit(f) if f.melee == 3 && f.defense == 3));
    assert_eq!(info.part, Some(Part::Wing(Wing::Right)));
    assert!(state.pieces[f2].facing.is_some());
    // `leader` misspelt: still a leader, with his ratings.
    let (found, state) = setup_with("unit GYR \"Gyrth\" leader", "unit GYR \"Gyrth\" laeder");
    assert_eq!(
        found,
        [(
            "hastings-1066::unknown-class".to_string(),
            "laeder".to_string()
        )]
    );
    let gyrth = state.roster.piece(Side::Saxons, "GYR").unwrap();
    assert!(matches!(
        state.roster.pieces[gyrth].piece,
        Piece::Leader(r) if r.command == 3 && r.rally == 1
    ));
    // Harold's wing left out: he leads the centre (4.1.1).
    let (found, state) = setup_with("leader wing=center command=4", "leader command=4");
    assert_eq!(found.len(), 1, "{found:?}");
    let harold = state.roster.piece(Side::Saxons, "HAR").unwrap();
    assert_eq!(
        state.roster.pieces[harold].part,
        Some(Part::Wing(Wing::Center))
    );
}
