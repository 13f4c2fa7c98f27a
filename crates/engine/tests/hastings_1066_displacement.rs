//! Hastings: 1066's displacement (9.3.3, 9.3.4; HS-R19, HS-R20, HS-R59): a
//! router that friends alone keep from its three hexes writes its whole
//! rout, ending on the friend in its last hex, and then the `displace`
//! lines of the friends it pushes; one bad link and nothing is pushed, the
//! router stopping short, reduced and disrupted.
//!
//! The pocket: BF1 (with Alan) attacks F2 from 0820 and is routed by F2's
//! Attack & Pursue. Saxons stand in 0819 and 0821 beside it and in 0919
//! and 0922 behind it, T1 controlling 1019 and F4 1021; NB2 in 1020, NB1
//! in 1120, BF2 in 1121 and BB1 in 1119 fill every other hex a
//! three-hex retreat could end in. Every complete rout ends on a friend:
//! 0820-0920-1020-1120 on NB1 is one of the best (no step sideways, two
//! friends). Without displacement BF1 gets no further than 0921.

mod hastings_1066_common;

use hastings_1066_common::{Before, check, standing};
use senlac_board::facing::Vertex;
use senlac_engine::Sandbox;
use senlac_engine::hastings_1066::Hastings1066;
use senlac_engine::hastings_1066::state::{Formation, Nation, Owed, Standing, Wing};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};

const BRETON_FOOT: Formation = Formation::Section(Nation::Breton, Arm::Foot);

const POCKET: Before<'static> = Before {
    orders: &[
        (BRETON_FOOT, Order::AdvanceToCombat),
        (Formation::Wing(Wing::Right), Order::AttackPursue),
    ],
    moves: &[
        ("BF1", "0820", Some(5)),
        ("ALN", "0820", None),
        ("F1", "0819", Some(6)),
        ("F3", "0821", Some(4)),
        ("T1", "0919", Some(2)),
        ("F4", "0922", Some(2)),
        ("NB2", "1020", Some(5)),
        ("NB1", "1120", Some(5)),
    ],
    standings: &[],
    leaders: &[],
    reduced: &[],
};

/// BF1 routed: die 2 at +1 is D*/-, and F2's Attack & Pursue makes the D*
/// an R (HS-R10).
const ROUTED: &str = "1. Normans\n  melee:\n    BF1 melee F2 d6:2 => diff=+1 BF1 routed\n";

fn at(fold: &Sandbox<Hastings1066>, id: &str) -> Option<String> {
    let p = fold.roster.piece(Side::Normans, id).unwrap();
    fold.pieces[p].at.map(|c| c.to_string())
}

fn facing(fold: &Sandbox<Hastings1066>, id: &str) -> Option<u8> {
    let p = fold.roster.piece(Side::Normans, id).unwrap();
    fold.pieces[p].facing.map(Vertex::number)
}

#[test]
fn a_router_blocked_by_friends_displaces_the_one_in_its_last_hex() {
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1220 facing=5\n"
        ),
        &[],
    );
    assert_eq!(at(&fold, "BF1").as_deref(), Some("1120"));
    assert_eq!(facing(&fold, "BF1"), Some(2));
    assert_eq!(standing(&fold, "BF1"), Standing::Routed);
    // NB1 is disrupted in 1220 facing 5, and owes no morale check; NB2,
    // routed through in 1020, does (9.3.2); F2 pursues.
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1220"));
    assert_eq!(facing(&fold, "NB1"), Some(5));
    assert_eq!(standing(&fold, "NB1"), Standing::Disrupted);
    let nb1 = fold.roster.piece(Side::Normans, "NB1").unwrap();
    let nb2 = fold.roster.piece(Side::Normans, "NB2").unwrap();
    let checks: Vec<usize> = fold
        .owed
        .iter()
        .filter_map(|o| match o {
            Owed::Morale { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect();
    assert_eq!(checks, vec![nb2]);
    assert!(!checks.contains(&nb1));
    assert!(fold.owed.iter().any(|o| matches!(o, Owed::Pursue { .. })));
    assert!(fold.displacing.is_none());
}

#[test]
fn displacements_chain_through_friends() {
    // NB1 pushed into BB1's 1119, BB1 on into 1219: nothing moves until
    // the chain ends in an empty hex (9.3.4).
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1119 facing=5\n    BB1 displace 1119-1219 facing=5\n"
        ),
        &[],
    );
    assert_eq!(at(&fold, "BF1").as_deref(), Some("1120"));
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1119"));
    assert_eq!(at(&fold, "BB1").as_deref(), Some("1219"));
    assert_eq!(standing(&fold, "NB1"), Standing::Disrupted);
    assert_eq!(standing(&fold, "BB1"), Standing::Disrupted);
    // The chain left open: the next voluntary line finds BB1's push
    // missing, at the line that pushed into it; nothing moved, and BF1
    // stopped short, reduced and disrupted (one error).
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1119 facing=5\n1. Saxons\n"
        ),
        &[(
            "hastings-1066::displacement-illegal",
            "NB1 displace 1120-1119 facing=5",
        )],
    );
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1120"));
    assert_eq!(at(&fold, "BB1").as_deref(), Some("1119"));
    assert_eq!(standing(&fold, "NB1"), Standing::Good);
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
    assert_ne!(at(&fold, "BF1").as_deref(), Some("1120"));
}

#[test]
fn a_friend_is_never_displaced_into_an_enemy_zone_of_control() {
    // 1019 is in T1's zone of control (T1 in 0919 faces 2).
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1019 facing=5\n"
        ),
        &[("hastings-1066::displacement-illegal", "1120-1019")],
    );
    // Nothing moved: BF1 stops in the last hex it may stop in, reduced
    // and disrupted (9.3.4, HS-R59).
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1120"));
    assert_eq!(standing(&fold, "NB1"), Standing::Good);
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
    assert!(matches!(at(&fold, "BF1").as_deref(), Some("0920" | "0921")));
    let bf1 = fold.roster.piece(Side::Normans, "BF1").unwrap();
    assert!(fold.pieces[bf1].reduced);
}

#[test]
fn a_friend_is_never_displaced_into_an_enemy_hex() {
    check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB2 displace 1020-0919 facing=5\n"
        ),
        &[(
            "hastings-1066::action-not-owed",
            "NB2 displace 1020-0919 facing=5",
        )],
    );
    // The blocker, pushed on down a chain whose last link fails: one
    // error at that link, and the chain's lines are not blamed again.
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1020 facing=5\n    NB2 displace 1020-0919 facing=5\n"
        ),
        &[("hastings-1066::displacement-illegal", "1020-0919")],
    );
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1120"));
    assert_eq!(at(&fold, "NB2").as_deref(), Some("1020"));
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
}

#[test]
fn a_refused_link_is_one_error_not_a_cascade() {
    // BF2 cannot go into 1021 (F4's zone of control), so NB1 does not go
    // into BF2's 1121 either; the chain's lines after the refusal are
    // passed over.
    let fold = check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1121 facing=5\n    BF2 displace 1121-1021 facing=5\n"
        ),
        &[("hastings-1066::displacement-illegal", "1121-1021")],
    );
    assert_eq!(at(&fold, "NB1").as_deref(), Some("1120"));
    assert_eq!(at(&fold, "BF2").as_deref(), Some("1121"));
    assert_eq!(standing(&fold, "BF2"), Standing::Good);
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
    // A refused first link into a friend: the friend's own line, which
    // goes on with the chain, is not blamed.
    check(
        &POCKET,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    NB1 displace 1120-1322 facing=5\n"
        ),
        &[("hastings-1066::displacement-illegal", "1120-1322")],
    );
}

#[test]
fn the_rout_written_onto_a_friend_needs_its_displacement() {
    // Written to NB1's hex and never displacing it: the rout ends on a
    // friend (9.3.2).
    let fold = check(
        &POCKET,
        &format!("{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n1. Saxons\n"),
        &[(
            "hastings-1066::rout-path",
            "BF1 rout 0820-0920-1020-1120 facing=2",
        )],
    );
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
    // The blocked treatment, without displacing: as far as it may stop.
    let fold = check(
        &POCKET,
        &format!("{ROUTED}    BF1 rout 0820-0920-0921 facing=2\n"),
        &[],
    );
    assert_eq!(at(&fold, "BF1").as_deref(), Some("0921"));
    assert_eq!(standing(&fold, "BF1"), Standing::Disrupted);
}

#[test]
fn only_a_rout_that_friends_block_displaces() {
    // Out of the pocket BF1 completes its rout without anyone's help:
    // a rout ending on BB1 in 1119 is no path of least resistance.
    let open = Before {
        orders: POCKET.orders,
        moves: &[("BF1", "0820", Some(5)), ("ALN", "0820", None)],
        standings: &[],
        leaders: &[],
        reduced: &[],
    };
    check(
        &open,
        &format!("{ROUTED}    BF1 rout 0820-0920-1019-1119 facing=2\n"),
        &[("hastings-1066::rout-path", "0820-0920-1019-1119")],
    );
    // And a displacement nothing owes is not written.
    check(
        &open,
        &format!(
            "{ROUTED}    BF1 rout 0820-0920-1020-1120 facing=2\n    BB1 displace 1119-1219 facing=5\n"
        ),
        &[(
            "hastings-1066::action-not-owed",
            "BB1 displace 1119-1219 facing=5",
        )],
    );
}
