//! Hastings: 1066's rout retreat as the log writes it (9.2.3, 9.2.4, 9.3.1;
//! HS-R19, HS-R59, HS-R66, HS-R67): a refused path is one error, and the
//! rout is played along the path the rules give, so the lines after it are
//! judged where the unit stands; a rout that cannot move is written as the
//! unit's own hex, and a reduced unit so blocked is eliminated.

mod hastings_1066_common;

use hastings_1066_common::{Before, cell, check, check_found, standing};
use senlac_board::facing::Vertex;
use senlac_engine::Sandbox;
use senlac_engine::hastings_1066::Hastings1066;
use senlac_engine::hastings_1066::state::{Formation, Nation, Standing, Wing};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};

const BRETON_FOOT: Formation = Formation::Section(Nation::Breton, Arm::Foot);

fn piece(fold: &Sandbox<Hastings1066>, id: &str) -> usize {
    Side::ALL
        .into_iter()
        .find_map(|side| fold.roster.piece(side, id))
        .unwrap()
}

/// The spec's turn 1: BF1 (with Alan) in 0820 attacks F2 and is routed,
/// 4 + 1 against 3 + 1 at +1, die 2: D*/-, and F2's Attack & Pursue makes
/// the D* an R (HS-R10). Its path of least resistance runs three hexes
/// south; 0920-1020-1120 and 0920-1020-1121 tie (HS-R19).
fn spec_rout() -> Before<'static> {
    Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::AttackPursue),
        ],
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        ..Before::default()
    }
}

const BF1_ROUTED: &str = "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+1 BF1 routed\n";

/// What the spec's turn writes after the rout: Alan, left alone in F2's
/// zone of control, escapes to 1120 (four hexes from F2), and F2 pursues
/// until it is next to BF1 (9.4.4).
const AFTER: &str =
    "    ALN escape 0820-0920-1020-1120\n    F2 pursue 0721-0820-0920-1020 facing=2\n";

#[test]
fn a_rout_path_with_one_wrong_hex_is_one_error_and_played_as_the_rules_give() {
    // 1021 for 1020: forward of nothing, but in no best path. Before, the
    // rout was refused whole and BF1 left in 0820: the escape, the pursuit
    // and more were reported after it.
    let (fold, found) = check_found(
        &spec_rout(),
        &format!("{BF1_ROUTED}    BF1 rout 0820-0920-1021-1120 facing=2\n{AFTER}"),
        &[("hastings-1066::rout-path", "0820-0920-1021-1120")],
    );
    // Played along the best path that ends in 1120, as the log's does.
    let bf1 = piece(&fold, "BF1");
    assert_eq!(fold.pieces[bf1].at, Some(cell("1120")));
    assert_eq!(fold.pieces[bf1].facing.map(Vertex::number), Some(2));
    assert_eq!(standing(&fold, "BF1"), Standing::Routed);
    assert_eq!(fold.pieces[piece(&fold, "F2")].at, Some(cell("1020")));
    assert_eq!(
        found[0].help.as_deref(),
        Some("write `0820-0920-1020-1120`")
    );
    assert!(
        found[0]
            .message
            .ends_with("; 0920-1020-1120 is the path of least resistance"),
        "{}",
        found[0].message
    );
    // A path that does not start where the unit stands, or none at all:
    // one error each, and the rout played all the same.
    let fold = check(
        &spec_rout(),
        &format!("{BF1_ROUTED}    BF1 rout 0821-0920-1020-1120 facing=2\n{AFTER}"),
        &[("hastings-1066::path-start", "0821-0920-1020-1120")],
    );
    assert_eq!(fold.pieces[bf1].at, Some(cell("1120")));
    let fold = check(
        &spec_rout(),
        &format!("{BF1_ROUTED}    BF1 rout facing=2\n"),
        &[("hastings-1066::rout-path", "BF1 rout facing=2")],
    );
    assert!(matches!(
        fold.pieces[bf1].at.map(|c| c.to_string()).as_deref(),
        Some("1120" | "1121")
    ));
}

/// F2, reduced already, alone in 0721 (Gyrth away): Normans stand in
/// both its rear hexes (0620, 0621) and both its lateral ones (0720,
/// 0722), and 0820, 0821 are its forward hexes, BF1 in 0820. BF1 4
/// against 3 is +1, die 5 gives -/M, and F2 (D) routs on 4: its rout
/// can take no step.
fn hemmed_in() -> Before<'static> {
    Before {
        orders: &[
            (BRETON_FOOT, Order::AdvanceToCombat),
            (Formation::Wing(Wing::Right), Order::Hold),
        ],
        moves: &[
            ("BF1", "0820", Some(5)),
            ("GYR", "0301", None),
            ("BF2", "0620", Some(2)),
            ("BB1", "0621", Some(2)),
            ("NB1", "0720", Some(2)),
            ("NB2", "0722", Some(2)),
        ],
        reduced: &["F2"],
        ..Before::default()
    }
}

const F2_ROUTED: &str =
    "1. Normans\n  melee:\n    BF1 melee F2 d6:5 => diff=+1\n    F2 morale d6:4 => F2 routed\n";

#[test]
fn a_reduced_unit_whose_rout_cannot_move_is_eliminated() {
    // Written as its own hex (HS-R67): blocked, it loses a step (9.2.3.1),
    // its last (9.2.4).
    let fold = check(
        &hemmed_in(),
        &format!("{F2_ROUTED}    F2 rout 0721 => F2 eliminated\n"),
        &[],
    );
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    assert_eq!(fold.pieces[piece(&fold, "F2")].at, None);
    // The claim is optional; a wrong one is refused with the reason, and
    // F2 is eliminated all the same.
    let fold = check(&hemmed_in(), &format!("{F2_ROUTED}    F2 rout 0721\n"), &[]);
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    let (fold, found) = check_found(
        &hemmed_in(),
        &format!("{F2_ROUTED}    F2 rout 0721 => F2 reduced disrupted\n"),
        &[("hastings-1066::claim-mismatch", "reduced")],
    );
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    assert_eq!(
        found[0].message,
        "Saxons F2 is reduced already, and its rout from 0721 is blocked: the step the blocked rout costs is its last, and it is eliminated (9.2.3.1, 9.2.4); the log says reduced"
    );
    // One status word: its replacement is certain.
    let (_, found) = check_found(
        &hemmed_in(),
        &format!("{F2_ROUTED}    F2 rout 0721 => F2 disrupted\n"),
        &[("hastings-1066::claim-mismatch", "disrupted")],
    );
    assert!(found[0].fix.is_some());
}

#[test]
fn a_rout_that_cannot_move_is_written_as_the_units_own_hex() {
    // A step written where none is open: one error, whose message names
    // no empty path and whose help is the line the case above plays.
    let (fold, found) = check_found(
        &hemmed_in(),
        &format!("{F2_ROUTED}    F2 rout 0721-0620 => F2 eliminated\n"),
        &[("hastings-1066::rout-path", "0721-0620")],
    );
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    assert!(
        found[0].message.ends_with(
            "; no step is open to Saxons F2 from 0721: it stays there, blocked (9.2.3.1)"
        ),
        "{}",
        found[0].message
    );
    assert_eq!(found[0].help.as_deref(), Some("write `0721`"));
    // No path at all: the same help.
    let (fold, found) = check_found(
        &hemmed_in(),
        &format!("{F2_ROUTED}    F2 rout => F2 eliminated\n"),
        &[("hastings-1066::rout-path", "F2 rout => F2 eliminated")],
    );
    assert_eq!(standing(&fold, "F2"), Standing::Eliminated);
    assert_eq!(found[0].help.as_deref(), Some("write `0721`"));
    // A unit not reduced is reduced and disrupted where it stands (HS-R59).
    let whole = Before {
        reduced: &[],
        ..hemmed_in()
    };
    let fold = check(
        &whole,
        &format!("{F2_ROUTED}    F2 rout 0721 => F2 reduced disrupted\n"),
        &[],
    );
    let f2 = piece(&fold, "F2");
    assert_eq!(standing(&fold, "F2"), Standing::Disrupted);
    assert!(fold.pieces[f2].reduced);
    assert_eq!(fold.pieces[f2].at, Some(cell("0721")));
    check(
        &whole,
        &format!("{F2_ROUTED}    F2 rout 0721 => F2 eliminated\n"),
        &[("hastings-1066::claim-mismatch", "eliminated")],
    );
}
