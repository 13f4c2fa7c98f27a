//! Hastings: 1066's movement and reaction segments (5.0 to 5.7, 4.3's
//! movement, 6.1.1, 10.2, 11.4.1): each check with a legal and an illegal
//! case. Each case plays a movetext after the spec's example setup
//! (tests/data/hastings-1066-setup.sbn) and asserts every finding by its
//! code and the exact text under its span.
//!
//! The orders module is not in this tree, so the orders are set directly:
//! each turn's `OrderHeld` events are emitted into the fold right after its
//! `N. Normans` line. Some cases first put pieces where they need them
//! (`place`), or set a standing, before the movetext is played.

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::state::{
    Formation, Held, LeaderStanding, Nation, Standing, Wing,
};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
/// The spec's turns 1 and 2 (section 5.2).
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

/// `(turn, formation, order)`: a formation's order from that turn's Order
/// Phase on.
type Orders = &'static [(u32, &'static str, &'static str)];

/// The orders the spec's two turns roll (section 5.2).
const SPEC: Orders = &[
    (1, "norman-foot", "advance-to-combat"),
    (1, "norman-knights", "advance"),
    (1, "breton-foot", "advance-to-combat"),
    (1, "breton-knights", "hold"),
    (1, "flemish-foot", "fire-in-place"),
    (1, "flemish-knights", "hold"),
    (1, "left", "shield-wall"),
    (1, "center", "shield-wall"),
    (1, "right", "attack-pursue"),
    (2, "breton-knights", "charge"),
];

/// Everyone free to move: Advance to Combat and Advance.
const ADVANCE: Orders = &[
    (1, "norman-foot", "advance-to-combat"),
    (1, "norman-knights", "advance"),
    (1, "breton-foot", "advance-to-combat"),
    (1, "breton-knights", "advance"),
    (1, "flemish-foot", "advance-to-combat"),
    (1, "flemish-knights", "advance"),
    (1, "left", "advance-to-combat"),
    (1, "center", "advance-to-combat"),
    (1, "right", "advance-to-combat"),
];

fn formation(word: &str) -> Formation {
    if let Some(wing) = Wing::parse(word) {
        return Formation::Wing(wing);
    }
    let (nation, arm) = word.split_once('-').expect("nation-arm");
    let arm = if arm == "knights" {
        Arm::Knight
    } else {
        Arm::Foot
    };
    Formation::Section(Nation::parse(nation).expect("a nation"), arm)
}

/// What a case does to the position before its movetext.
type Prep = fn(&mut Sandbox<Hastings1066>);

/// Plays `movetext` after the setup with `orders`, `prep` done first.
/// Returns the fold, the findings and the text they point into.
fn play_out(
    orders: Orders,
    prep: Prep,
    movetext: &str,
) -> (Sandbox<Hastings1066>, Vec<Violation>, String) {
    let text = format!("{SETUP}\n{movetext}");
    let archive = parse(&text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    assert!(out.is_empty(), "setup: {out:?}");
    prep(&mut fold);
    let mut rest = steps(battle);
    while let Some(step) = rest.next() {
        fold.step(&HASTINGS_1066, &step, &rest, &mut out);
        if let Step::Turn {
            number,
            side: "Normans",
            ..
        } = step
        {
            for &(turn, f, order) in orders {
                if turn == number {
                    fold.emit(Event::OrderHeld {
                        formation: formation(f),
                        held: Held {
                            order: Order::parse(order).expect("an order"),
                            turns: 1,
                        },
                    });
                }
            }
        }
    }
    drop(rest);
    fold.settle(&mut out);
    (fold, out, text)
}

/// The fold after `movetext`, and its findings as `(code, text under the
/// span)`.
fn run(
    orders: Orders,
    prep: Prep,
    movetext: &str,
) -> (Sandbox<Hastings1066>, Vec<(String, String)>) {
    let (fold, out, text) = play_out(orders, prep, movetext);
    let found = out
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    (fold, found)
}

/// The one check: `movetext` after the setup, under `orders`, gives
/// exactly `expected`.
#[track_caller]
fn check_with(orders: Orders, prep: Prep, movetext: &str, expected: &[(&str, &str)]) {
    let (_, found) = run(orders, prep, movetext);
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, t)| (c.as_str(), t.as_str()))
        .collect();
    assert_eq!(found, expected, "\n{movetext}");
}

#[track_caller]
fn check(movetext: &str, expected: &[(&str, &str)]) {
    check_with(SPEC, |_| {}, movetext, expected);
}

/// The message of the one finding `movetext` gives.
#[track_caller]
fn message(orders: Orders, prep: Prep, movetext: &str) -> String {
    let (_, out, _) = play_out(orders, prep, movetext);
    assert_eq!(out.len(), 1, "{out:#?}");
    out[0].message.clone()
}

fn piece(fold: &Sandbox<Hastings1066>, id: &str) -> usize {
    Side::ALL
        .into_iter()
        .find_map(|side| fold.state.roster.piece(side, id))
        .unwrap_or_else(|| panic!("no piece {id}"))
}

fn cell(label: &str) -> Cell {
    Cell::parse(label).expect("a cell")
}

/// Puts a piece in a hex, facing `facing` (0 for a leader).
fn place(fold: &mut Sandbox<Hastings1066>, id: &str, at: &str, facing: u8) {
    let piece = piece(fold, id);
    fold.emit(Event::Moved {
        piece,
        from: None,
        path: senlac_engine::reuse::Path::from_slice(&[cell(at)]),
        facing: Vertex::new(facing),
    });
}

fn set(fold: &mut Sandbox<Hastings1066>, id: &str, standing: Standing) {
    let piece = piece(fold, id);
    fold.emit(Event::Standing { piece, standing });
}

const N1: &str = "1. Normans\n  movement:\n";

// ------------------------------------------------------------ the spec

#[test]
fn the_specs_two_turns_move_and_react_clean() {
    let (fold, found) = run(SPEC, |_| {}, TURNS_1_2);
    assert_eq!(found, Vec::<(String, String)>::new());
    // Where the movement lines leave the pieces they move (spec 5.2's table).
    for (id, at) in [
        ("BK2", "0921"),
        ("F3", "0919"),
        ("GF1", "0316"),
        ("GF2", "0215"),
        ("GF3", "0317"),
        ("GF4", "0115"),
        ("NF1", "1013"),
        ("BB1", "1019"),
    ] {
        let p = piece(&fold, id);
        assert_eq!(fold.state.pieces[p].at, Some(cell(at)), "{id}");
    }
    // The reinforcements joined Harold's wing on entering (4.3.8.2).
    let gf1 = piece(&fold, "GF1");
    assert_eq!(fold.state.pieces[gf1].assigned, Some(Wing::Center));
}

/// The moves the spec plans for turn 3 (section 6) play as it says: a
/// charge along the hillside is level, not uphill (HS-R7); a Charge-section
/// knight that writes `move` closes through a friend; F3, disrupted in a
/// knight's zone, may not react.
#[test]
fn the_specs_third_turn_plan_moves_as_planned() {
    const TURN_3: Orders = &[
        (1, "norman-foot", "advance-to-combat"),
        (1, "norman-knights", "advance"),
        (1, "breton-foot", "advance-to-combat"),
        (1, "breton-knights", "hold"),
        (1, "flemish-foot", "fire-in-place"),
        (1, "flemish-knights", "hold"),
        (1, "left", "shield-wall"),
        (1, "center", "shield-wall"),
        (1, "right", "attack-pursue"),
        (2, "breton-knights", "charge"),
        (3, "right", "fire-in-place"),
    ];
    let movetext = format!(
        "{TURNS_1_2}\n3. Normans\n  rally:\n    BK1 rally d6:3 => BK1 rallied\n  movement:\n    BK2 charge 0921-0920 facing=6\n    BK1 move 1221-1121-1020-1019-1018 facing=5\n    NF1 move 1013-0913-0813 facing=5\n  reaction:\n    F3 react 0919-0818 facing=2 d6:1\n"
    );
    let (fold, found) = run(TURN_3, |_| {}, &movetext);
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, t)| (c.as_str(), t.as_str()))
        .collect();
    assert_eq!(found, [("hastings-1066::reaction-ineligible", "F3")]);
    let bk2 = piece(&fold, "BK2");
    assert!(fold.state.pieces[bk2].phase.charged);
}

// ------------------------------------------------------------ the path

#[test]
fn a_path_starts_at_the_units_hex_and_goes_hex_by_hex_on_the_map() {
    check(&format!("{N1}    BF1 move 1120-1020 facing=5\n"), &[]);
    check(
        &format!("{N1}    BF1 move 1020-0920 facing=5\n"),
        &[("hastings-1066::path-start", "1020-0920")],
    );
    check(
        &format!("{N1}    BF1 move facing=5\n"),
        &[("hastings-1066::path-start", "BF1 move facing=5")],
    );
    check(
        &format!("{N1}    BF1 move 1120-0920 facing=5\n"),
        &[("hastings-1066::path-not-contiguous", "1120-0920")],
    );
    // The broken step is labelled, not the whole path.
    check(
        &format!("{N1}    BF1 move 1120-1020-0820 facing=5\n"),
        &[("hastings-1066::path-not-contiguous", "1020-0820")],
    );
    check(
        &format!("{N1}    BF1 move 1120 facing=5\n"),
        &[("hastings-1066::path-not-contiguous", "1120")],
    );
    check_with(
        ADVANCE,
        |_| {},
        &format!("{N1}    BK2 move 1222-1223 facing=5\n"),
        &[("hastings-1066::off-map", "1223")],
    );
    check(
        &format!("{N1}    XX9 move 1120-1020 facing=5\n"),
        &[("hastings-1066::unknown-unit", "XX9")],
    );
    check(
        &format!("{N1}    BF1 move 1120-1020 facing=5 quickly\n"),
        &[("hastings-1066::unknown-key", "quickly")],
    );
}

#[test]
fn a_unit_moves_once_a_segment_and_not_when_routed_or_disrupted() {
    check(
        &format!("{N1}    BF1 move 1120-1020 facing=5\n    BF1 move 1020-0920 facing=5\n"),
        &[("hastings-1066::moved-twice", "move")],
    );
    check_with(
        SPEC,
        |f| set(f, "BF1", Standing::Routed),
        &format!("{N1}    BF1 move 1120-1020 facing=5\n"),
        &[("hastings-1066::routed-cannot-move", "move")],
    );
    check_with(
        SPEC,
        |f| set(f, "BF1", Standing::Disrupted),
        &format!("{N1}    BF1 move 1120-1020 facing=5\n"),
        &[("hastings-1066::disrupted-cannot-move", "move")],
    );
    // Each phase opens afresh.
    check(
        &format!(
            "{N1}    BF1 move 1120-1020 facing=5\n1. Saxons\n2. Normans\n  movement:\n    BF1 move 1020-0920 facing=5\n"
        ),
        &[],
    );
}

// ------------------------------------------------------ the allowances

#[test]
fn the_path_costs_what_the_terrain_chart_says_within_the_allowance() {
    // 1 + woods 2 = 3 MP: foot have 3 (spec 5.2).
    check(&format!("{N1}    BF2 move 1121-1021-0921 facing=5\n"), &[]);
    check(
        &format!("{N1}    BF2 move 1121-1021-0921-0922 facing=5\n"),
        &[(
            "hastings-1066::movement-allowance-exceeded",
            "1121-1021-0921-0922",
        )],
    );
    assert_eq!(
        message(
            SPEC,
            |_| {},
            &format!("{N1}    BF2 move 1121-1021-0921-0922 facing=5\n")
        ),
        "Normans BF2: 1 + woods 2 + woods 2 = 5 MP; foot in Advance to Combat have 3"
    );
    // Streams add 1: knights in Advance have 4.
    check_with(
        ADVANCE,
        |_| {},
        &format!("{N1}    FK1 move 1309-1408-1308 facing=5\n"),
        &[],
    );
    assert_eq!(
        message(
            ADVANCE,
            |_| {},
            &format!("{N1}    FK1 move 1309-1408-1308-1208 facing=5\n")
        ),
        "Normans FK1: 1 + stream 1 + 1 + stream 1 + 1 = 5 MP; knights in Advance have 4"
    );
}

#[test]
fn knights_in_charge_order_have_six_and_an_unknown_order_the_most_of_its_kind() {
    const CHARGE: Orders = &[(1, "norman-knights", "charge")];
    check_with(
        CHARGE,
        |_| {},
        &format!("{N1}    NK1 move 1314-1214-1114-1014-1015-0915-0815 facing=5\n"),
        &[],
    );
    check_with(
        CHARGE,
        |_| {},
        &format!("{N1}    NK1 move 1314-1214-1114-1014-1015-1016-0916-0815 facing=5\n"),
        &[(
            "hastings-1066::movement-allowance-exceeded",
            "1314-1214-1114-1014-1015-1016-0916-0815",
        )],
    );
    // No order given: not judged against one; knights may have had 6.
    check_with(
        &[],
        |_| {},
        &format!("{N1}    NK1 move 1314-1214-1114-1014-1015-0915-0815 facing=5\n"),
        &[],
    );
    check_with(
        &[],
        |_| {},
        &format!("{N1}    NF1 move 1313-1213-1113-1013-0913 facing=5\n"),
        &[(
            "hastings-1066::movement-allowance-exceeded",
            "1313-1213-1113-1013-0913",
        )],
    );
}

#[test]
fn leaders_move_six_at_the_knights_costs_two_when_ineffective() {
    // 1 + 1 + woods 3 = 5: within 6.
    check(&format!("{N1}    ALN move 1120-1020-0920-0921\n"), &[]);
    check(
        &format!("{N1}    ALN move 1120-1020-0920-0921-0922\n"),
        &[(
            "hastings-1066::leader-move-exceeded",
            "1120-1020-0920-0921-0922",
        )],
    );
    assert_eq!(
        message(
            SPEC,
            |_| {},
            &format!("{N1}    ALN move 1120-1020-0920-0921-0922\n")
        ),
        "Normans ALN: 1 + 1 + woods 3 + woods 3 = 8 MP; a leader has 6"
    );
    fn shaken(f: &mut Sandbox<Hastings1066>) {
        let alan = piece(f, "ALN");
        f.state.pieces[alan].leader = LeaderStanding::Shaken;
        // Through turn 1 (HS-R33).
        f.state.pieces[alan].shaken_until = 1;
    }
    check_with(
        SPEC,
        shaken,
        &format!("{N1}    ALN move 1120-1020-0920\n"),
        &[],
    );
    check_with(
        SPEC,
        shaken,
        &format!("{N1}    ALN move 1120-1020-0920-1019\n"),
        &[("hastings-1066::leader-move-exceeded", "1120-1020-0920-1019")],
    );
    // Leaders take no facing.
    check(
        &format!("{N1}    ALN move 1120-1020 facing=5\n"),
        &[("hastings-1066::leader-facing", "facing=5")],
    );
}

#[test]
fn shield_wall_and_hold_step_one_hex_to_the_rear_and_fire_in_place_forward_too() {
    let saxons = "1. Normans\n1. Saxons\n  movement:\n";
    check(&format!("{saxons}    T1 move 0710-0610 facing=2\n"), &[]);
    check(
        &format!("{saxons}    T1 move 0710-0810 facing=2\n"),
        &[("hastings-1066::shield-wall-move", "0710-0810")],
    );
    check(
        &format!("{saxons}    T1 move 0710-0610-0510 facing=2\n"),
        &[("hastings-1066::shield-wall-move", "0710-0610-0510")],
    );
    // Not into an enemy zone of control.
    check_with(
        SPEC,
        |f| place(f, "NF1", "0510", 3),
        &format!("{saxons}    T1 move 0710-0610 facing=2\n"),
        &[("hastings-1066::shield-wall-move", "0710-0610")],
    );
    // Hold: the knights' Shield Wall.
    check(&format!("{N1}    BK1 move 1221-1321 facing=5\n"), &[]);
    check(
        &format!("{N1}    BK1 move 1221-1121 facing=5\n"),
        &[("hastings-1066::shield-wall-move", "1221-1121")],
    );
    // Fire in Place: forward or back, the woods' cost ignored.
    check_with(
        SPEC,
        |f| place(f, "FF1", "1021", 5),
        &format!("{N1}    FF1 move 1021-0921 facing=5\n"),
        &[],
    );
    check_with(
        SPEC,
        |f| place(f, "FF1", "1021", 5),
        &format!("{N1}    FF1 move 1021-1022 facing=5\n"),
        &[("hastings-1066::in-place-move", "1021-1022")],
    );
}

// ------------------------------------------------- enemies and friends

#[test]
fn no_unit_enters_an_enemy_hex_or_ends_on_a_friend() {
    check_with(
        ADVANCE,
        |f| place(f, "F4", "1019", 2),
        &format!("{N1}    BF1 move 1120-1019-0919 facing=5\n"),
        &[("hastings-1066::enters-enemy-hex", "1120-1019")],
    );
    // Passing through a friend is fine; stopping on one is not.
    check(&format!("{N1}    BF1 move 1120-1121-1021 facing=5\n"), &[]);
    check(
        &format!("{N1}    BF1 move 1120-1121 facing=5\n"),
        &[("hastings-1066::stacking", "1120-1121")],
    );
    // A leader may end with a friend.
    check(&format!("{N1}    ALN move 1120-1121\n"), &[]);
}

// ------------------------------------------------------ zones of control

#[test]
fn a_unit_stops_on_entering_an_enemy_zone_of_control() {
    // 0820 is in F2's zone (spec 5.2).
    check(
        &format!("{N1}    BF1 move 1120-1020-0920-0820 facing=5\n"),
        &[],
    );
    check_with(
        ADVANCE,
        |f| place(f, "BF1", "0920", 5),
        &format!("{N1}    BF1 move 0920-0820-0720 facing=5\n"),
        &[("hastings-1066::moved-after-zoc", "0820-0720")],
    );
}

#[test]
fn a_unit_leaving_a_zone_of_control_never_steps_straight_into_another() {
    // BF1 starts in F2's zone (0820); 0821 is in it too.
    check_with(
        ADVANCE,
        |f| place(f, "BF1", "0820", 5),
        &format!("{N1}    BF1 move 0820-0821 facing=5\n"),
        &[("hastings-1066::zoc-to-zoc", "0820-0821")],
    );
    check_with(
        ADVANCE,
        |f| place(f, "BF1", "0820", 5),
        &format!("{N1}    BF1 move 0820-0920-1020 facing=5\n"),
        &[],
    );
    // Out, then in again later in the move (5.7.2).
    check_with(
        ADVANCE,
        |f| {
            place(f, "BF1", "0820", 5);
            place(f, "F3", "0922", 2);
        },
        &format!("{N1}    BF1 move 0820-0920-1020-1021 facing=5\n"),
        &[],
    );
}

#[test]
fn bowmen_never_enter_an_enemy_zone_and_must_leave_one() {
    check(&format!("{N1}    BB1 move 1119-1019-0919 facing=5\n"), &[]);
    check(
        &format!("{N1}    BB1 move 1119-1019-0919-0819 facing=5\n"),
        &[("hastings-1066::bowmen-enter-zoc", "0919-0819")],
    );
    // BB1 in F1's zone: it must leave, and may.
    let inside = |f: &mut Sandbox<Hastings1066>| place(f, "BB1", "0820", 5);
    check_with(
        SPEC,
        inside,
        &format!("{N1}    BB1 move 0820-0920 facing=5\n  melee:\n"),
        &[],
    );
    check_with(
        SPEC,
        inside,
        &format!("{N1}    BF1 move 1120-1020 facing=5\n  melee:\n"),
        &[("hastings-1066::bowmen-stayed-in-zoc", "melee:")],
    );
    // It may not turn instead.
    check_with(
        SPEC,
        inside,
        &format!("{N1}    BB1 face 6\n  melee:\n"),
        &[("hastings-1066::bowmen-stayed-in-zoc", "melee:")],
    );
    // Disrupted, it cannot move: no penalty.
    check_with(
        SPEC,
        |f| {
            place(f, "BB1", "0820", 5);
            set(f, "BB1", Standing::Disrupted);
        },
        &format!("{N1}  melee:\n"),
        &[],
    );
}

#[test]
fn a_combat_unit_never_enters_an_enemy_zone_hex_a_friend_holds() {
    check_with(
        ADVANCE,
        |f| place(f, "BF2", "0820", 5),
        &format!("{N1}    BF1 move 1120-1020-0920-0820 facing=5\n"),
        &[("hastings-1066::zoc-occupied-by-friend", "0920-0820")],
    );
}

#[test]
fn a_leader_enters_an_enemy_zone_only_into_a_friends_hex() {
    // Alan follows BF1 into 0820 (spec 5.2).
    check(
        &format!(
            "{N1}    BF1 move 1120-1020-0920-0820 facing=5\n    ALN move 1120-1020-0920-0820\n"
        ),
        &[],
    );
    check(
        &format!("{N1}    ALN move 1120-1020-0920-0820\n"),
        &[("hastings-1066::leader-into-zoc", "0920-0820")],
    );
}

#[test]
fn a_leader_who_walks_next_to_the_enemy_owes_no_escape() {
    // 10.2.3's escape is owed when an enemy moves next to a lone leader,
    // not when he walks in: the move is refused (10.2.2), one error, and
    // the segment closes with no escape owed.
    check(
        &format!("{N1}    ALN move 1120-1020-0920-0820\n  reaction:\n"),
        &[("hastings-1066::leader-into-zoc", "0920-0820")],
    );
}

// --------------------------------------------------- knights' checks

/// The housecarls and the Saxon bowmen out of the way, NK1 below the
/// ridge: 0814 to 0714 crosses it.
fn ridge(f: &mut Sandbox<Hastings1066>) {
    for id in ["HC1", "HC2", "HC3", "SB1"] {
        set(f, id, Standing::Eliminated);
    }
    place(f, "NK1", "0914", 5);
}

#[test]
fn a_knight_checks_before_crossing_a_ridge_with_a_die_in_path_order() {
    let movetext = |rest: &str| format!("{N1}    NK1 move 0914-0814-0714 facing=5{rest}\n");
    check_with(ADVANCE, ridge, &movetext(" d6:2"), &[]);
    check_with(
        ADVANCE,
        ridge,
        &movetext(""),
        &[("hastings-1066::ridge-check-missing", "0914-0814-0714")],
    );
    // C disrupts on a 4: the knight stops before the ridge (HS-R57).
    check_with(
        ADVANCE,
        ridge,
        &movetext(" d6:4"),
        &[("hastings-1066::moved-after-disruption", "0914-0814-0714")],
    );
    check_with(
        ADVANCE,
        ridge,
        &movetext(" d6:7"),
        &[("hastings-1066::wrong-dice", "d6:7")],
    );
    check_with(
        ADVANCE,
        ridge,
        &movetext(" 2d6:1+1"),
        &[("hastings-1066::wrong-dice", "2d6:1+1")],
    );
    // The failed attempt: the path ends before the ridge, the die is its check.
    let (fold, found) = run(
        ADVANCE,
        ridge,
        &format!("{N1}    NK1 move 0914-0814 facing=5 d6:5 => NK1 disrupted\n"),
    );
    assert!(found.is_empty(), "{found:?}");
    let nk1 = piece(&fold, "NK1");
    assert_eq!(fold.state.pieces[nk1].standing, Standing::Disrupted);
    check_with(
        ADVANCE,
        ridge,
        &format!("{N1}    NK1 move 0914-0814 facing=5 d6:5 => NK1 ok\n"),
        &[("hastings-1066::morale-mismatch", "ok")],
    );
    // A passed check is no attempt: the knight would have crossed.
    check_with(
        ADVANCE,
        ridge,
        &format!("{N1}    NK1 move 0914-0814 facing=5 d6:1\n"),
        &[("hastings-1066::unexpected-roll", "d6:1")],
    );
    // Foot roll nothing.
    check(
        &format!("{N1}    BF1 move 1120-1020 facing=5 d6:3\n"),
        &[("hastings-1066::unexpected-roll", "d6:3")],
    );
    // Moving downhill checks nothing (HS-R60).
    check_with(
        ADVANCE,
        |f| place(f, "NK1", "0822", 5),
        &format!("{N1}    NK1 move 0822-0922 facing=5 d6:3\n"),
        &[("hastings-1066::unexpected-roll", "d6:3")],
    );
}

#[test]
fn a_knight_checks_on_entering_a_marsh_and_stops_there_if_disrupted() {
    let marsh = |f: &mut Sandbox<Hastings1066>| place(f, "NK1", "1216", 5);
    check_with(
        ADVANCE,
        marsh,
        &format!("{N1}    NK1 move 1216-1116 facing=5 d6:1\n"),
        &[],
    );
    check_with(
        ADVANCE,
        marsh,
        &format!("{N1}    NK1 move 1216-1116 facing=5\n"),
        &[("hastings-1066::marsh-check-missing", "1216-1116")],
    );
    // Disrupted in the marsh, it stays there.
    check_with(
        ADVANCE,
        marsh,
        &format!("{N1}    NK1 move 1216-1116 facing=5 d6:4\n"),
        &[],
    );
    check_with(
        ADVANCE,
        marsh,
        &format!("{N1}    NK1 move 1216-1116-1016 facing=5 d6:4\n"),
        &[("hastings-1066::moved-after-disruption", "1216-1116-1016")],
    );
}

#[test]
fn a_knight_makes_no_check_from_or_into_a_friends_hex() {
    check_with(
        ADVANCE,
        |f| {
            place(f, "NK1", "1216", 5);
            place(f, "NF1", "1116", 5);
        },
        &format!("{N1}    NK1 move 1216-1116-1016 facing=5 d6:1\n"),
        &[("hastings-1066::knight-check-into-occupied", "1216-1116")],
    );
    check_with(
        ADVANCE,
        |f| {
            ridge(f);
            place(f, "NF1", "0814", 5);
        },
        &format!("{N1}    NK1 move 0914-0814-0714 facing=5 d6:1\n"),
        &[("hastings-1066::knight-check-into-occupied", "0814-0714")],
    );
    // Through a friend where no check is made: fine.
    check_with(
        ADVANCE,
        |f| {
            ridge(f);
            place(f, "NF1", "0814", 5);
        },
        &format!("{N1}    NK1 move 0914-0814-0813 facing=5\n"),
        &[],
    );
}

// ------------------------------------------------------------- facing

#[test]
fn a_unit_is_faced_after_it_moves() {
    check(
        &format!("{N1}    BF1 move 1120-1020\n"),
        &[("hastings-1066::missing-facing", "BF1 move 1120-1020")],
    );
    check(
        &format!("{N1}    BF1 move 1120-1020 facing=7\n"),
        &[("hastings-1066::bad-facing", "facing=7")],
    );
}

#[test]
fn a_unit_that_does_not_move_may_turn_in_its_own_movement_segment() {
    check(&format!("{N1}    BF1 face 4\n"), &[]);
    let (fold, _) = run(SPEC, |_| {}, &format!("{N1}    BF1 face 4\n"));
    let bf1 = piece(&fold, "BF1");
    assert_eq!(fold.state.pieces[bf1].facing, Vertex::new(4));
    // Shield Wall units too (6.1.3).
    check("1. Normans\n1. Saxons\n  movement:\n    HC1 face 1\n", &[]);
    check(
        &format!("{N1}    BF1 move 1120-1020 facing=5\n    BF1 face 4\n"),
        &[("hastings-1066::facing-change-not-allowed", "face")],
    );
    check_with(
        SPEC,
        |f| set(f, "BF1", Standing::Disrupted),
        &format!("{N1}    BF1 face 4\n"),
        &[("hastings-1066::facing-change-not-allowed", "face")],
    );
    check(
        &format!("{N1}    BF1 face 9\n"),
        &[("hastings-1066::bad-facing", "9")],
    );
    check(
        &format!("{N1}    ALN face 4\n"),
        &[("hastings-1066::leader-facing", "face")],
    );
    check(
        "1. Normans\n  reaction:\n    F1 face 3\n",
        &[("hastings-1066::wrong-segment", "face")],
    );
}

// -------------------------------------------------------------- charge

/// Turn 2 of the spec, with the pieces where turn 1 left them.
const TURN_2: &str = "1. Normans\n1. Saxons\n2. Normans\n  movement:\n";

fn after_turn_1(f: &mut Sandbox<Hastings1066>) {
    place(f, "F2", "1121", 2);
    place(f, "BF2", "1220", 2);
    place(f, "BF1", "1120", 2);
}

#[test]
fn a_charge_ends_in_contact_and_crosses_no_ridge_or_stream_nor_enters_marsh_or_woods() {
    let (fold, found) = run(
        SPEC,
        after_turn_1,
        &format!("{TURN_2}    BK2 charge 1222-1122 facing=6\n"),
    );
    assert!(found.is_empty(), "{found:?}");
    let bk2 = piece(&fold, "BK2");
    let flags = fold.state.pieces[bk2].phase;
    assert!(flags.charged && !flags.charged_downhill);
    check_with(
        SPEC,
        after_turn_1,
        &format!("{TURN_2}    BK2 charge 1222-1322 facing=6\n"),
        &[("hastings-1066::charge-no-contact", "1222-1322")],
    );
    // Over a stream, into woods or marsh: not a charge.
    check_with(
        &[(1, "flemish-knights", "charge")],
        |f| place(f, "F4", "1407", 5),
        &format!("{N1}    FK1 charge 1309-1408 facing=6\n"),
        &[("hastings-1066::charge-crosses-hexside", "1309-1408")],
    );
    check_with(
        &[(1, "flemish-knights", "charge")],
        |f| place(f, "F4", "1407", 5),
        &format!("{N1}    FK1 move 1309-1408 facing=6\n"),
        &[],
    );
    check_with(
        &[(1, "breton-knights", "charge")],
        |f| place(f, "F4", "0820", 2),
        &format!("{N1}    BK1 charge 1221-1121-1021-0921 facing=5\n"),
        &[("hastings-1066::charge-bad-terrain", "1221-1121-1021-0921")],
    );
    check_with(
        &[(1, "norman-knights", "charge")],
        |f| {
            place(f, "NK1", "1216", 5);
            place(f, "F4", "1016", 2);
        },
        &format!("{N1}    NK1 charge 1216-1116 facing=5 d6:1\n"),
        &[("hastings-1066::charge-bad-terrain", "1216-1116")],
    );
}

#[test]
fn the_last_two_hexes_of_a_charge_are_not_uphill_and_all_downhill_doubles_it() {
    // 0917 to 0817 climbs from 175 to 225 feet.
    check_with(
        &[(1, "norman-knights", "charge")],
        |f| {
            place(f, "NK1", "1017", 5);
            place(f, "F4", "0717", 2);
        },
        &format!("{N1}    NK1 charge 1017-0917-0817 facing=5\n"),
        &[("hastings-1066::charge-uphill", "1017-0917-0817")],
    );
    // 1117 to 1017 is level but comes within two hexes of higher ground,
    // toward it (HS-R7).
    check_with(
        &[(1, "norman-knights", "charge")],
        |f| {
            place(f, "NK1", "1118", 5);
            place(f, "F4", "0917", 2);
        },
        &format!("{N1}    NK1 charge 1118-1017 facing=5\n"),
        &[("hastings-1066::charge-uphill", "1118-1017")],
    );
    // Down from the hill: both last steps downhill.
    let (fold, found) = run(
        &[(1, "norman-knights", "charge")],
        |f| {
            for id in ["HC1", "HC2", "HC3", "SB1"] {
                set(f, id, Standing::Eliminated);
            }
            place(f, "NK1", "0616", 2);
            place(f, "F4", "0917", 5);
        },
        &format!("{N1}    NK1 charge 0616-0716-0816 facing=2\n"),
    );
    assert!(found.is_empty(), "{found:?}");
    let nk1 = piece(&fold, "NK1");
    assert!(fold.state.pieces[nk1].phase.charged_downhill);
}

#[test]
fn only_knights_in_charge_order_and_the_guard_charge() {
    check(
        &format!("{N1}    BK2 charge 1222-1122 facing=6\n"),
        &[("hastings-1066::order-not-for-unit-type", "charge")],
    );
    check(
        &format!("{N1}    BF1 charge 1120-1020 facing=5\n"),
        &[("hastings-1066::order-not-for-unit-type", "charge")],
    );
    check(
        &format!("{N1}    ALN charge 1120-1020\n"),
        &[("hastings-1066::order-not-for-unit-type", "charge")],
    );
    // The Guard charges when it likes, with 6 MP; it moves 4 otherwise.
    let guard = |f: &mut Sandbox<Hastings1066>| place(f, "F4", "1011", 2);
    check_with(
        SPEC,
        guard,
        &format!("{N1}    WG charge 1316-1215-1115-1014-1013-1012 facing=5\n"),
        &[],
    );
    check_with(
        SPEC,
        guard,
        &format!("{N1}    WG move 1316-1215-1115-1014-1013-1012 facing=5\n"),
        &[(
            "hastings-1066::movement-allowance-exceeded",
            "1316-1215-1115-1014-1013-1012",
        )],
    );
}

// ------------------------------------------------------ closing in

#[test]
fn attack_and_pursue_closes_with_the_enemy_as_far_as_it_can() {
    // F1 ends next to BB1 (spec 5.2).
    // (The turn's reinforcements out of the way.)
    let bb1 = |f: &mut Sandbox<Hastings1066>| {
        place(f, "BB1", "0919", 5);
        place(f, "BF1", "0820", 5);
        set(f, "GF1", Standing::Eliminated);
        set(f, "GF2", Standing::Eliminated);
    };
    let saxons = "1. Normans\n1. Saxons\n  movement:\n";
    check_with(
        SPEC,
        bb1,
        &format!("{saxons}    F1 move 0719-0819 facing=2\n"),
        &[],
    );
    check_with(
        SPEC,
        bb1,
        &format!("{saxons}    F1 move 0719-0619 facing=2\n"),
        &[("hastings-1066::must-close-with-enemy", "0719-0619")],
    );
    assert_eq!(
        message(
            SPEC,
            bb1,
            &format!("{saxons}    F1 move 0719-0619 facing=2\n")
        ),
        "Saxons F1 ends 2 hexes from the nearest enemy but could end 1 away, at 0720: units in Attack & Pursue close with the enemy as far as they can"
    );
    // A unit that does not move owes it at the segment's end.
    check_with(
        SPEC,
        bb1,
        &format!("{saxons}    F1 move 0719-0819 facing=2\n  reaction:\n"),
        &[("hastings-1066::must-close-with-enemy", "reaction:")],
    );
    check_with(
        SPEC,
        bb1,
        &format!(
            "{saxons}    F1 move 0719-0819 facing=2\n    F3 move 0618-0718-0818 facing=2\n  reaction:\n"
        ),
        &[],
    );
    // Next to an enemy already, it may stay.
    check_with(
        SPEC,
        |f| {
            place(f, "BF1", "0820", 5);
            place(f, "BF2", "0718", 5);
            set(f, "GF1", Standing::Eliminated);
            set(f, "GF2", Standing::Eliminated);
        },
        &format!("{saxons}  reaction:\n"),
        &[],
    );
}

#[test]
fn every_knight_of_a_charge_section_closes_charging_or_not() {
    check_with(
        SPEC,
        after_turn_1,
        &format!("{TURN_2}    BK2 move 1222-1322 facing=6\n"),
        &[("hastings-1066::must-close-with-enemy", "1222-1322")],
    );
    check_with(
        SPEC,
        after_turn_1,
        &format!("{TURN_2}    BK2 move 1222-1122 facing=6\n  melee:\n"),
        &[],
    );
    check_with(
        SPEC,
        after_turn_1,
        &format!("{TURN_2}  melee:\n"),
        &[("hastings-1066::must-close-with-enemy", "melee:")],
    );
}

// ----------------------------------------------------- reinforcements

const S1: &str = "1. Normans\n1. Saxons\n  movement:\n";

#[test]
fn reinforcements_enter_at_0116_in_their_turn_the_second_with_a_point_spent() {
    check(
        &format!(
            "{S1}    GF1 enter 0116-0216-0316 facing=2 => GF1 center\n    GF2 enter 0116-0215 facing=2 => GF2 center\n"
        ),
        &[],
    );
    check(
        &format!(
            "{S1}    GF1 enter 0116-0216-0316 facing=2\n    GF2 enter 0116-0216-0316-0416 facing=2\n"
        ),
        &[(
            "hastings-1066::movement-allowance-exceeded",
            "0116-0216-0316-0416",
        )],
    );
    assert_eq!(
        message(
            SPEC,
            |_| {},
            &format!(
                "{S1}    GF1 enter 0116-0216-0316 facing=2\n    GF2 enter 0116-0216-0317 facing=2\n"
            )
        ),
        "Saxons GF2: 1 spent before entering + 1 + 1 + 1 = 4 MP; a reinforcement in Advance to Combat has 3, and the second to enter in a turn has spent 1 before entering"
    );
    check(
        &format!("{S1}    GF1 enter 0115-0215 facing=2\n"),
        &[("hastings-1066::reinforcement-entry", "0115-0215")],
    );
    check(
        &format!("{S1}    GF3 enter 0116-0216 facing=2\n"),
        &[("hastings-1066::reinforcement-early", "enter")],
    );
    check(
        &format!("{S1}    F1 enter 0116-0216 facing=2\n"),
        &[("hastings-1066::reinforcement-entry", "F1")],
    );
    check(
        &format!("{S1}    GF1 move 0116-0216 facing=2\n"),
        &[("hastings-1066::path-start", "GF1")],
    );
    check(
        &format!("{S1}    GF1 enter 0116-0216 facing=2\n    GF1 enter 0116 facing=2\n"),
        &[("hastings-1066::moved-twice", "enter")],
    );
    check(
        &format!("{S1}    GF1 enter 0116-0216\n"),
        &[("hastings-1066::missing-facing", "GF1 enter 0116-0216")],
    );
}

#[test]
fn a_blocked_0116_lets_a_reinforcement_pass_a_friend_or_use_the_nearest_free_edge_hex() {
    let friend = |f: &mut Sandbox<Hastings1066>| place(f, "F4", "0116", 2);
    check_with(
        SPEC,
        friend,
        &format!("{S1}    GF1 enter 0116-0216 facing=2\n"),
        &[],
    );
    check_with(
        SPEC,
        friend,
        &format!("{S1}    GF1 enter 0115-0215 facing=2\n"),
        &[],
    );
    check_with(
        SPEC,
        friend,
        &format!("{S1}    GF1 enter 0117-0217 facing=2\n"),
        &[],
    );
    check_with(
        SPEC,
        friend,
        &format!("{S1}    GF1 enter 0114-0214 facing=2\n"),
        &[("hastings-1066::reinforcement-entry", "0114-0214")],
    );
    check_with(
        SPEC,
        friend,
        &format!("{S1}    GF1 enter 0116 facing=2\n"),
        &[("hastings-1066::stacking", "0116")],
    );
    let enemy = |f: &mut Sandbox<Hastings1066>| place(f, "NF1", "0116", 5);
    check_with(
        SPEC,
        enemy,
        &format!("{S1}    GF1 enter 0116-0216 facing=2\n"),
        &[("hastings-1066::reinforcement-entry", "0116-0216")],
    );
}

#[test]
fn a_reinforcement_not_entered_in_its_turn_is_missing() {
    check_with(
        ADVANCE,
        |_| {},
        &format!("{S1}    GF1 enter 0116-0216-0316 facing=2\n  reaction:\n"),
        &[("hastings-1066::reinforcement-missing", "reaction:")],
    );
    check_with(
        ADVANCE,
        |_| {},
        &format!(
            "{S1}    GF1 enter 0116-0216-0316 facing=2\n    GF2 enter 0116-0215 facing=2\n  reaction:\n"
        ),
        &[],
    );
}

#[test]
fn a_reinforcement_joins_the_nearest_leaders_wing_within_a_command_radius() {
    // 0216 is 4 hexes from Harold (radius 4).
    check(
        &format!("{S1}    GF1 enter 0116-0216 facing=2 => GF1 center\n"),
        &[],
    );
    check(
        &format!("{S1}    GF1 enter 0116-0216 facing=2 => GF1 left\n"),
        &[("hastings-1066::reinforcement-wing", "left")],
    );
    // Harold elsewhere, 0116 is in no leader's radius: not yet.
    let away = |f: &mut Sandbox<Hastings1066>| place(f, "HAR", "0601", 0);
    check_with(
        SPEC,
        away,
        &format!("{S1}    GF1 enter 0116 facing=2 => GF1 center\n"),
        &[("hastings-1066::reinforcement-wing", "center")],
    );
    let (fold, _) = run(SPEC, away, &format!("{S1}    GF1 enter 0116 facing=2\n"));
    let gf1 = piece(&fold, "GF1");
    assert_eq!(fold.state.pieces[gf1].assigned, None);
    assert_eq!(fold.state.order_for(gf1), Some(Order::AdvanceToCombat));
    // Joined, it takes its wing's order.
    let (fold, _) = run(
        SPEC,
        |_| {},
        &format!("{S1}    GF1 enter 0116-0216 facing=2\n"),
    );
    assert_eq!(fold.state.order_for(gf1), Some(Order::ShieldWall));
    // Equally near two leaders, the log names the wing.
    check_with(
        SPEC,
        |f| place(f, "LEO", "0212", 0),
        &format!("{S1}    GF1 enter 0116-0215 facing=2\n"),
        &[(
            "hastings-1066::reinforcement-wing",
            "GF1 enter 0116-0215 facing=2",
        )],
    );
    check_with(
        SPEC,
        |f| place(f, "LEO", "0212", 0),
        &format!("{S1}    GF1 enter 0116-0215 facing=2 => GF1 left\n"),
        &[],
    );
}

// ------------------------------------------------------------ reaction

/// The Saxon left in Fire in Place; NF1 next to F4, whose zone it enters.
const LEFT_IN_PLACE: Orders = &[(1, "left", "fire-in-place"), (1, "center", "shield-wall")];

fn nf1_at_f4(f: &mut Sandbox<Hastings1066>) {
    place(f, "NF1", "0811", 5);
}

fn react(line: &str) -> String {
    format!("1. Normans\n  movement:\n  reaction:\n    {line}\n")
}

#[test]
fn the_specs_reaction_and_its_check() {
    let (fold, found) = run(
        SPEC,
        |f| {
            place(f, "BB1", "0919", 5);
            place(f, "F1", "0819", 2);
        },
        "1. Normans\n1. Saxons\n  reaction:\n    BB1 react 0919-1019 facing=5 d6:1 => BB1 ok\n",
    );
    assert!(found.is_empty(), "{found:?}");
    let bb1 = piece(&fold, "BB1");
    assert_eq!(fold.state.pieces[bb1].at, Some(cell("1019")));
    assert!(fold.state.pieces[bb1].phase.reacted);
}

#[test]
fn a_reaction_is_one_hex_away_from_the_enemy_and_not_into_a_zone_of_control() {
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611-0511 facing=2 d6:1"),
        &[("hastings-1066::reaction-too-far", "0711-0611-0511")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0810 facing=2 d6:1"),
        &[("hastings-1066::reaction-not-away", "0711-0810")],
    );
    check_with(
        LEFT_IN_PLACE,
        |f| {
            nf1_at_f4(f);
            place(f, "BF1", "0612", 6);
        },
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-into-zoc", "0711-0611")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0511 facing=2 d6:1"),
        &[("hastings-1066::path-not-contiguous", "0711-0511")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0710-0610 facing=2 d6:1"),
        &[("hastings-1066::path-start", "0710-0610")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 d6:1"),
        &[("hastings-1066::missing-facing", "F4 react 0711-0611 d6:1")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:1\n    F4 react 0611-0511 facing=2 d6:1"),
        &[("hastings-1066::moved-twice", "react")],
    );
}

#[test]
fn a_reacting_unit_checks_morale_with_the_last_die() {
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2"),
        &[("hastings-1066::reaction-check-missing", "0711-0611")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:1 d6:2"),
        &[("hastings-1066::unexpected-roll", "d6:2")],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:2 => F4 disrupted"),
        &[],
    );
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:2 => F4 ok"),
        &[("hastings-1066::morale-mismatch", "ok")],
    );
    // An R routs it (its rout retreat is the routs' to check).
    let (fold, found) = run(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:4 => F4 routed"),
    );
    assert!(found.is_empty(), "{found:?}");
    let f4 = piece(&fold, "F4");
    assert_eq!(fold.state.pieces[f4].standing, Standing::Routed);
    assert_eq!(fold.state.pieces[f4].at, Some(cell("0611")));
}

#[test]
fn who_may_react() {
    // Shield Wall (the spec's left wing), Attack & Pursue: no.
    check_with(
        SPEC,
        nf1_at_f4,
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F4")],
    );
    check_with(
        SPEC,
        |f| place(f, "BF1", "0820", 5),
        &react("F1 react 0719-0619 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F1")],
    );
    // Out of every leader's command radius.
    check_with(
        LEFT_IN_PLACE,
        |f| {
            nf1_at_f4(f);
            place(f, "LEO", "0101", 0);
            place(f, "HAR", "0102", 0);
            place(f, "GYR", "0103", 0);
        },
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F4")],
    );
    // Saxon foot in a knight's zone.
    check_with(
        LEFT_IN_PLACE,
        |f| place(f, "NK1", "0811", 5),
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F4")],
    );
    // Routed: never; disrupted: only out of an enemy zone (HS-R55).
    check_with(
        LEFT_IN_PLACE,
        |f| {
            nf1_at_f4(f);
            set(f, "F4", Standing::Routed);
        },
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F4")],
    );
    check_with(
        LEFT_IN_PLACE,
        |f| {
            nf1_at_f4(f);
            set(f, "F4", Standing::Disrupted);
        },
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[],
    );
    check_with(
        LEFT_IN_PLACE,
        |f| {
            place(f, "NF1", "0911", 5);
            set(f, "F4", Standing::Disrupted);
        },
        &react("F4 react 0711-0611 facing=2 d6:1"),
        &[("hastings-1066::reaction-ineligible", "F4")],
    );
    // Leaders never react (HS-R35).
    check_with(
        LEFT_IN_PLACE,
        nf1_at_f4,
        &react("LEO react 0710-0610"),
        &[("hastings-1066::reaction-ineligible", "LEO")],
    );
    // A Norman subordinate commands only his own nationality (10.1.3).
    fn norman_bowmen(f: &mut Sandbox<Hastings1066>) {
        place(f, "NB1", "1019", 5);
        place(f, "F1", "0919", 2);
        place(f, "WIL", "1601", 0);
    }
    let saxons = "1. Normans\n1. Saxons\n  reaction:\n    NB1 react 1019-1020 facing=5 d6:1\n";
    check_with(
        SPEC,
        norman_bowmen,
        saxons,
        &[("hastings-1066::reaction-ineligible", "NB1")],
    );
    check_with(
        SPEC,
        |f| {
            norman_bowmen(f);
            place(f, "ODO", "1220", 0);
        },
        saxons,
        &[],
    );
}

#[test]
fn a_knight_reacting_across_a_ridge_checks_there_first() {
    let prep = |f: &mut Sandbox<Hastings1066>| {
        for id in ["HC1", "HC2", "HC3", "SB1"] {
            set(f, id, Standing::Eliminated);
        }
        place(f, "NK1", "0714", 5);
        place(f, "ODO", "0914", 0);
    };
    let saxons = "1. Normans\n1. Saxons\n  reaction:\n";
    check_with(
        ADVANCE,
        prep,
        &format!("{saxons}    NK1 react 0714-0814 facing=5 d6:1 d6:1\n"),
        &[],
    );
    check_with(
        ADVANCE,
        prep,
        &format!("{saxons}    NK1 react 0714-0814 facing=5 d6:1\n"),
        &[("hastings-1066::reaction-check-missing", "0714-0814")],
    );
    // Disrupted at the ridge, it stays, and its reaction ends there.
    let (fold, found) = run(
        ADVANCE,
        prep,
        &format!("{saxons}    NK1 react 0714-0814 facing=5 d6:4 => NK1 disrupted\n"),
    );
    assert!(found.is_empty(), "{found:?}");
    let nk1 = piece(&fold, "NK1");
    assert_eq!(fold.state.pieces[nk1].at, Some(cell("0714")));
    assert_eq!(fold.state.pieces[nk1].standing, Standing::Disrupted);
}
