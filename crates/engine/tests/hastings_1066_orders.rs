//! Hastings: 1066's Order Phase (4.1, 4.2, 4.3.8.3, 3.3.2; spec 1.2, 2.2):
//! strategies and their rolls, the claimed orders and their legality, two-
//! turn orders, Optional results, the housecarls' choice, leaders, `join`
//! and the wings' shares, rerolls. Each case plays a movetext after the
//! spec's example setup (tests/data/hastings-1066-setup.sbn) and asserts
//! every finding by its code and the exact text under its span; a legal
//! case stands beside every illegal one, and the orders held are asserted.

use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::HASTINGS_1066;
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::state::{
    Extension, Formation, Held, LeaderStanding, Nation, Part, State, Wing,
};
use senlac_engine::hastings_1066::tables::{Arm, Order, Side};
use senlac_notation::lower::steps;
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
/// The spec's turns 1 and 2 (section 5.2).
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

/// The Normans' turn-1 orders of the spec (5.2).
const NORMANS_1: &str = concat!(
    "    norman strategy moderate 2d6:4+3 => norman-foot advance-to-combat norman-knights advance\n",
    "    breton strategy cautious 2d6:2+5 => breton-foot advance-to-combat breton-knights hold\n",
    "    flemish strategy defensive 2d6:1+2 => flemish-foot fire-in-place flemish-knights hold\n",
);
/// The Saxons' turn-1 orders of the spec, but the left wing's.
const SAXONS_1: &str = concat!(
    "    center strategy cautious 2d6:5+1 => shield-wall\n",
    "    right strategy aggressive 2d6:6+5 => attack-pursue turns=2\n",
);
/// The left wing's turn-1 order.
const LEFT_1: &str = "    left strategy defensive 2d6:3+3 => shield-wall\n";

/// Turn 2's orders of the spec: the right wing's attack-pursue runs on.
const ORDERS_2: &str = concat!(
    "    norman strategy moderate 2d6:4+4 => norman-foot advance-to-combat norman-knights advance\n",
    "    breton strategy aggressive 2d6:6+4 => breton-foot advance-to-combat breton-knights charge turns=2\n",
    "    flemish strategy cautious 2d6:1+3 => flemish-foot fire-in-place flemish-knights hold\n",
    "    left strategy defensive 2d6:2+4 => shield-wall\n",
    "    center strategy cautious 2d6:3+1 => shield-wall\n",
);

/// Turn 1's Order Phase with `lines` for the left wing, closed by the
/// movement label.
fn turn_1(lines: &str) -> String {
    format!("1. Normans\n  orders:\n{NORMANS_1}{SAXONS_1}{lines}  movement:\n")
}

/// Turn 1 as the spec writes it, then turn 2's Order Phase with the
/// spec's lines and `lines`, closed by the rally label.
fn turn_2(lines: &str) -> String {
    format!(
        "{}1. Saxons\n2. Normans\n  orders:\n{ORDERS_2}{lines}  rally:\n",
        turn_1(LEFT_1)
    )
}

/// The setup with `option housecarl-restraint`.
fn restraint() -> String {
    SETUP.replace(
        "option partial",
        "option partial\noption housecarl-restraint",
    )
}

/// Plays `movetext` after `setup_text`, `prepare` having changed the state
/// after the setup; returns the findings as (code, text under the span) and
/// the state at the end.
fn run(
    setup_text: &str,
    movetext: &str,
    prepare: impl FnOnce(&mut State),
) -> (Vec<(String, String)>, Vec<Violation>, State) {
    let text = format!("{setup_text}\n{movetext}");
    let archive = parse(&text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    assert!(out.is_empty(), "setup: {out:?}");
    prepare(&mut fold.state);
    fold.play(&HASTINGS_1066, steps(battle), &mut out);
    fold.settle(&mut out);
    let found = out
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    (found, out, fold.state)
}

/// The one check: `movetext` after `setup_text` and `prepare` gives
/// exactly `expected`; returns the state at the end.
#[track_caller]
fn check_with(
    setup_text: &str,
    movetext: &str,
    prepare: impl FnOnce(&mut State),
    expected: &[(&str, &str)],
) -> State {
    let (found, out, state) = run(setup_text, movetext, prepare);
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, t)| (c.as_str(), t.as_str()))
        .collect();
    let expected: Vec<(String, &str)> = expected
        .iter()
        .map(|(c, t)| (format!("hastings-1066::{c}"), *t))
        .collect();
    let expected: Vec<(&str, &str)> = expected.iter().map(|(c, t)| (c.as_str(), *t)).collect();
    assert_eq!(found, expected, "\n{movetext}\n{out:#?}");
    state
}

/// `movetext` after the spec's setup gives exactly `expected` (codes
/// without their `hastings-1066::` prefix).
#[track_caller]
fn check(movetext: &str, expected: &[(&str, &str)]) -> State {
    check_with(SETUP, movetext, |_| {}, expected)
}

fn held(order: Order, turns: u32) -> Option<Held> {
    Some(Held { order, turns })
}

fn piece(state: &State, side: Side, id: &str) -> usize {
    state.roster.piece(side, id).expect(id)
}

/// Kills a Saxon leader before play: leader casualties are not played yet.
fn kill(id: &'static str) -> impl FnOnce(&mut State) {
    move |state| {
        let p = piece(state, Side::Saxons, id);
        state.pieces[p].leader = LeaderStanding::Killed;
    }
}

const RIGHT: Formation = Formation::Wing(Wing::Right);
const LEFT: Formation = Formation::Wing(Wing::Left);
const CENTER: Formation = Formation::Wing(Wing::Center);
const BRETON_FOOT: Formation = Formation::Section(Nation::Breton, Arm::Foot);
const BRETON_KNIGHTS: Formation = Formation::Section(Nation::Breton, Arm::Knight);

// ------------------------------------------------------------ the example

/// The codes of the Order Phase.
const ORDER_CODES: [&str; 18] = [
    "missing-strategy",
    "unknown-strategy",
    "duplicate-strategy",
    "order-missing",
    "order-not-for-unit-type",
    "bad-duration",
    "order-still-in-force",
    "optional-choice-missing",
    "housecarl-choice-late",
    "leader-order",
    "join-outside-orders",
    "wing-too-small",
    "wing-count",
    "wing-outside-command",
    "reroll-not-allowed",
    "wrong-dice",
    "unknown-wing",
    "unknown-nation",
];

#[test]
fn the_specs_two_turns_are_clean() {
    // Their orders, that is: the moves the melees rely on are checked by
    // the movement module.
    let (found, out, _) = run(SETUP, TURNS_1_2, |_| {});
    let orders: Vec<&(String, String)> = found
        .iter()
        .filter(|(code, _)| ORDER_CODES.iter().any(|c| code.ends_with(c)))
        .collect();
    assert!(orders.is_empty(), "{out:#?}");
}

#[test]
fn turn_1s_rolls_give_each_formation_its_order() {
    let state = check(&turn_1(LEFT_1), &[]);
    assert_eq!(state.order_of(BRETON_KNIGHTS), held(Order::Hold, 1));
    assert_eq!(state.order_of(BRETON_FOOT), held(Order::AdvanceToCombat, 1));
    assert_eq!(state.order_of(RIGHT), held(Order::AttackPursue, 2));
    assert_eq!(state.order_of(LEFT), held(Order::ShieldWall, 1));
    assert_eq!(
        state.order_of(Formation::Section(Nation::Flemish, Arm::Foot)),
        held(Order::FireInPlace, 1)
    );
    // Each unit as its class adopts its formation's order (4.3.1).
    let order = |side, id| state.order_for(piece(&state, side, id));
    assert_eq!(order(Side::Saxons, "HC1"), Some(Order::ShieldWall));
    assert_eq!(order(Side::Saxons, "SB1"), Some(Order::FireInPlace));
    assert_eq!(order(Side::Saxons, "F2"), Some(Order::AttackPursue));
    assert_eq!(order(Side::Normans, "NK1"), Some(Order::Advance));
    assert_eq!(order(Side::Normans, "BB1"), Some(Order::AdvanceToCombat));
    // The Guard holds none while William lives (HS-R46).
    assert_eq!(order(Side::Normans, "WG"), None);
}

#[test]
fn a_two_turn_order_holds_the_next_turn_and_then_ends() {
    // Turn 2: the right wing's attack-pursue runs on without a roll.
    let state = check(&turn_2(""), &[]);
    assert_eq!(state.order_of(RIGHT), held(Order::AttackPursue, 1));
    assert_eq!(state.order_of(LEFT), held(Order::ShieldWall, 1));
    assert_eq!(state.order_of(BRETON_KNIGHTS), held(Order::Charge, 2));
    // Turn 3: it has ended, and the right wing rolls again; the Breton
    // knights' charge runs on, and the Breton roll is read for the foot
    // only (HS-R30).
    let turn_3 = format!(
        "{}2. Saxons\n3. Normans\n  orders:\n{}",
        turn_2(""),
        "    breton strategy cautious 2d6:3+3 => breton-foot fire-in-place\n"
    );
    let state = check(&turn_3, &[]);
    assert_eq!(state.order_of(RIGHT), None);
    assert_eq!(state.order_of(LEFT), None);
    assert_eq!(state.order_of(BRETON_KNIGHTS), held(Order::Charge, 1));
    assert_eq!(state.order_of(BRETON_FOOT), held(Order::FireInPlace, 1));
    assert_eq!(state.carried, vec![BRETON_KNIGHTS]);
}

// ------------------------------------------------------------- strategies

#[test]
fn every_wing_and_nationality_writes_one_strategy() {
    check(&turn_1(LEFT_1), &[]);
    // Missing at the end of the phase: the next label, or a turn line.
    check(&turn_1(""), &[("missing-strategy", "movement:")]);
    check(
        &format!("1. Normans\n  orders:\n{NORMANS_1}{SAXONS_1}1. Saxons\n"),
        &[("missing-strategy", "1. Saxons")],
    );
    // An empty Order Phase misses all six.
    check(
        "1. Normans\n  orders:\n  rally:\n",
        &[("missing-strategy", "rally:"); 6],
    );
    // In turn 3 the Breton foot still needs an order: the Bretons roll.
    check(
        &format!("{}2. Saxons\n3. Normans\n  orders:\n  rally:\n", turn_2("")),
        &[("missing-strategy", "rally:"); 6],
    );
    // Twice.
    check(
        &turn_1(&format!(
            "{LEFT_1}    left strategy cautious 2d6:1+1 => fire-in-place\n"
        )),
        &[("duplicate-strategy", "left")],
    );
}

#[test]
fn a_strategy_is_one_of_four() {
    check(
        &turn_1("    left strategy aggressive 2d6:3+3 => shield-wall\n"),
        &[],
    );
    check(
        &turn_1("    left strategy careful 2d6:3+3 => shield-wall\n"),
        &[("unknown-strategy", "careful")],
    );
    check(
        &turn_1("    left strategy 2d6:3+3 => shield-wall\n"),
        &[("unknown-strategy", "strategy")],
    );
}

#[test]
fn a_strategy_names_a_wing_or_a_nationality() {
    check(
        &turn_1("    middle strategy defensive 2d6:3+3 => shield-wall\n"),
        &[
            ("unknown-wing", "middle"),
            ("missing-strategy", "movement:"),
        ],
    );
    check(
        &format!(
            "1. Normans\n  orders:\n{}{SAXONS_1}{LEFT_1}",
            NORMANS_1.replace("breton strategy", "bretons strategy")
        ),
        &[("unknown-nation", "bretons")],
    );
    check(
        &format!(
            "1. Normans\n  orders:\n{}{SAXONS_1}{LEFT_1}",
            NORMANS_1.replace("breton strategy", "breton-knights strategy")
        ),
        &[("unknown-nation", "breton-knights")],
    );
}

#[test]
fn an_order_roll_is_two_dice() {
    check(
        &turn_1("    left strategy defensive 2d6:6+6 => shield-wall\n"),
        &[],
    );
    check(
        &turn_1("    left strategy defensive 2d6:7+1 => shield-wall\n"),
        &[("wrong-dice", "2d6:7+1")],
    );
    check(
        &turn_1("    left strategy defensive d6:3 => shield-wall\n"),
        &[("wrong-dice", "d6:3")],
    );
    check(
        &turn_1("    left strategy defensive 3d6:1+2+3 => shield-wall\n"),
        &[("wrong-dice", "3d6:1+2+3")],
    );
    check(
        &turn_1("    left strategy defensive => shield-wall\n"),
        &[("missing-roll", "strategy")],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 2d6:1+1 => shield-wall\n"),
        &[("unexpected-roll", "2d6:1+1")],
    );
}

// ------------------------------------------------------------------ claims

#[test]
fn a_nationalitys_roll_names_an_order_for_each_section() {
    let norman = |claim: &str| {
        format!(
            "1. Normans\n  orders:\n    norman strategy moderate 2d6:4+3 => {claim}\n{}{SAXONS_1}{LEFT_1}  movement:\n",
            &NORMANS_1[NORMANS_1.find("    breton").unwrap()..]
        )
    };
    let state = check(
        &norman("norman-foot advance-to-combat norman-knights advance"),
        &[],
    );
    assert_eq!(
        state.order_of(Formation::Section(Nation::Norman, Arm::Knight)),
        held(Order::Advance, 1)
    );
    // Either order of the sections.
    check(
        &norman("norman-knights charge norman-foot shield-wall"),
        &[],
    );
    check(
        &norman("norman-foot advance-to-combat"),
        &[("order-missing", "norman-foot advance-to-combat")],
    );
    check(
        &norman("norman-foot norman-knights advance"),
        &[("order-missing", "norman-foot")],
    );
    // The section must be named: the roll is read for each (4.2.4).
    check(
        &norman("advance-to-combat"),
        &[("unknown-claim", "advance-to-combat")],
    );
    // Another nationality's section.
    check(
        &norman("norman-foot advance-to-combat breton-knights advance"),
        &[
            ("claim-mismatch", "breton-knights"),
            (
                "order-missing",
                "norman-foot advance-to-combat breton-knights advance",
            ),
        ],
    );
    check(
        &norman("norman-foot advance-to-combat norman-foot hold norman-knights advance"),
        &[("claim-mismatch", "norman-foot")],
    );
    // No claim at all: the table is missing, the log writes the order.
    check(
        &turn_1("    left strategy defensive 2d6:3+3\n"),
        &[("order-missing", "left strategy defensive 2d6:3+3")],
    );
}

#[test]
fn the_order_is_one_the_unit_type_may_hold() {
    let norman = |claim: &str| {
        format!(
            "1. Normans\n  orders:\n    norman strategy moderate 2d6:4+3 => {claim}\n{}{SAXONS_1}{LEFT_1}  movement:\n",
            &NORMANS_1[NORMANS_1.find("    breton").unwrap()..]
        )
    };
    // Attack & Pursue is for Saxon foot only; Charge and Hold for knights.
    check(
        &norman("norman-foot attack-pursue norman-knights advance"),
        &[("order-not-for-unit-type", "attack-pursue")],
    );
    check(
        &norman("norman-foot charge norman-knights advance"),
        &[("order-not-for-unit-type", "charge")],
    );
    check(
        &norman("norman-foot fire-in-place norman-knights shield-wall"),
        &[("order-not-for-unit-type", "shield-wall")],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => hold\n"),
        &[("order-not-for-unit-type", "hold")],
    );
    let state = check(
        &turn_1("    left strategy aggressive 2d6:6+6 => attack-pursue\n"),
        &[],
    );
    assert_eq!(state.order_of(LEFT), held(Order::AttackPursue, 1));
    // An order refused is not held.
    let state = check(
        &turn_1("    left strategy defensive 2d6:3+3 => charge\n"),
        &[("order-not-for-unit-type", "charge")],
    );
    assert_eq!(state.order_of(LEFT), None);
}

#[test]
fn only_attack_pursue_and_charge_last_two_turns() {
    let state = check(
        &turn_1("    left strategy aggressive 2d6:6+6 => attack-pursue turns=2\n"),
        &[],
    );
    assert_eq!(state.order_of(LEFT), held(Order::AttackPursue, 2));
    check(
        &turn_1("    left strategy aggressive 2d6:6+6 => attack-pursue turns=1\n"),
        &[],
    );
    let state = check(
        &turn_1("    left strategy defensive 2d6:3+3 => shield-wall turns=2\n"),
        &[("bad-duration", "turns=2")],
    );
    assert_eq!(state.order_of(LEFT), held(Order::ShieldWall, 1));
    check(
        &turn_1("    left strategy aggressive 2d6:6+6 => attack-pursue turns=3\n"),
        &[("bad-duration", "turns=3")],
    );
    check(
        &turn_1("    left strategy aggressive 2d6:6+6 => attack-pursue turns=0\n"),
        &[("bad-duration", "turns=0")],
    );
}

#[test]
fn a_two_turn_order_is_not_rolled_again() {
    check(&turn_2(""), &[]);
    check(
        &turn_2("    right strategy aggressive 2d6:6+5 => attack-pursue\n"),
        &[("order-still-in-force", "2d6:6+5")],
    );
    // A nationality still rolls for its other section, read for it only.
    let turn_3 = |breton: &str| {
        format!(
            "{}2. Saxons\n3. Normans\n  orders:\n    breton strategy cautious 2d6:3+3 => {breton}\n",
            turn_2("")
        )
    };
    check(&turn_3("breton-foot advance-to-combat"), &[]);
    check(
        &turn_3("breton-foot advance-to-combat breton-knights charge"),
        &[("order-still-in-force", "breton-knights charge")],
    );
    // The order is kept as it was.
    let state = check(
        &turn_3("breton-foot advance-to-combat breton-knights hold"),
        &[("order-still-in-force", "breton-knights hold")],
    );
    assert_eq!(state.order_of(BRETON_KNIGHTS), held(Order::Charge, 1));
}

#[test]
fn an_optional_result_names_the_order_chosen_for_the_turn() {
    let state = check(
        &turn_1("    left strategy moderate 2d6:4+4 => optional=fire-in-place\n"),
        &[],
    );
    assert_eq!(state.order_of(LEFT), held(Order::FireInPlace, 1));
    check(
        &turn_1("    left strategy moderate 2d6:4+4 => optional\n"),
        &[("optional-choice-missing", "optional")],
    );
    check(
        &turn_1("    left strategy moderate 2d6:4+4 => optional=hold\n"),
        &[("order-not-for-unit-type", "optional=hold")],
    );
    // A chosen order lasts the turn (HS-R47).
    check(
        &turn_1("    left strategy moderate 2d6:4+4 => optional=attack-pursue turns=2\n"),
        &[("bad-duration", "turns=2")],
    );
    check(
        &turn_1("    left strategy moderate 2d6:4+4 => shield-wall optional=fire-in-place\n"),
        &[("claim-mismatch", "optional=fire-in-place")],
    );
}

#[test]
fn leaders_never_take_an_order() {
    check(
        &turn_1(
            "    left strategy defensive 2d6:3+3 => shield-wall T1 shield-wall J1 shield-wall\n",
        ),
        &[],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => shield-wall LEO shield-wall\n"),
        &[("leader-order", "LEO shield-wall")],
    );
    check(
        &format!(
            "1. Normans\n  orders:\n{}{SAXONS_1}{LEFT_1}",
            NORMANS_1.replace("breton-knights hold", "breton-knights hold ALN hold")
        ),
        &[("leader-order", "ALN hold")],
    );
}

#[test]
fn a_unit_named_in_a_claim_takes_its_formations_order() {
    // Bowmen hold Fire in Place under Shield Wall (4.3.1).
    let center = |claim: &str| {
        turn_1(&format!(
            "{LEFT_1}    center strategy cautious 2d6:5+1 => {claim}\n"
        ))
        .replace("    center strategy cautious 2d6:5+1 => shield-wall\n", "")
    };
    check(
        &center("shield-wall SB1 fire-in-place HC1 shield-wall"),
        &[],
    );
    check(
        &center("shield-wall SB1 shield-wall"),
        &[("claim-mismatch", "SB1 shield-wall")],
    );
    check(
        &center("shield-wall T1 shield-wall"),
        &[("claim-mismatch", "T1")],
    );
}

#[test]
fn a_claim_is_read_or_refused() {
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => shieldwall\n"),
        &[("unknown-claim", "shieldwall")],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => shield-wall fire-in-place\n"),
        &[("claim-mismatch", "fire-in-place")],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => shield-wall morale=2\n"),
        &[("unknown-claim", "morale=2")],
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 0514 => shield-wall\n"),
        &[("unknown-claim", "0514")],
    );
}

#[test]
fn the_strategy_effects_are_kept() {
    let state = check(
        &format!(
            "1. Normans\n  orders:\n{}{SAXONS_1}    left strategy defensive 2d6:3+3 => shield-wall effect=2\n  movement:\n",
            NORMANS_1.replace(
                "norman-foot advance-to-combat norman-knights advance",
                "norman-foot advance-to-combat effect=1 norman-knights advance effect=-2"
            )
        ),
        &[],
    );
    assert_eq!(
        state.effects,
        vec![
            (Part::Nation(Nation::Norman), -1),
            (Part::Wing(Wing::Left), 2)
        ]
    );
    check(
        &turn_1("    left strategy defensive 2d6:3+3 => shield-wall effect=x\n"),
        &[("unknown-claim", "x")],
    );
}

// -------------------------------------------------------------- housecarls

#[test]
fn housecarls_choose_before_the_roll() {
    let center = |line: &str| {
        turn_1(&format!("{LEFT_1}{line}\n"))
            .replace("    center strategy cautious 2d6:5+1 => shield-wall\n", "")
    };
    let state = check_with(
        &restraint(),
        &center("    center strategy aggressive housecarls=shield-wall 2d6:6+6 => attack-pursue"),
        |_| {},
        &[],
    );
    let order = |id| state.order_for(piece(&state, Side::Saxons, id));
    assert_eq!(order("HC1"), Some(Order::ShieldWall));
    assert_eq!(order("SB1"), Some(Order::AttackPursue));
    assert_eq!(state.order_of(CENTER), held(Order::AttackPursue, 1));
    // Any roll but Attack & Pursue leaves them in the wing's order.
    let state = check_with(
        &restraint(),
        &center(
            "    center strategy aggressive housecarls=shield-wall 2d6:6+6 => advance-to-combat",
        ),
        |_| {},
        &[],
    );
    assert_eq!(
        state.order_for(piece(&state, Side::Saxons, "HC1")),
        Some(Order::AdvanceToCombat)
    );
    // After the dice, or in the claim: too late, they take the wing's.
    let state = check_with(
        &restraint(),
        &center("    center strategy aggressive 2d6:6+6 housecarls=shield-wall => attack-pursue"),
        |_| {},
        &[("housecarl-choice-late", "housecarls=shield-wall")],
    );
    assert_eq!(
        state.order_for(piece(&state, Side::Saxons, "HC1")),
        Some(Order::AttackPursue)
    );
    check_with(
        &restraint(),
        &center("    center strategy aggressive 2d6:6+6 => attack-pursue housecarls=shield-wall"),
        |_| {},
        &[("housecarl-choice-late", "housecarls=shield-wall")],
    );
    // A foot order housecarls may hold.
    check_with(
        &restraint(),
        &center("    center strategy aggressive housecarls=hold 2d6:6+6 => attack-pursue"),
        |_| {},
        &[("order-not-for-unit-type", "hold")],
    );
    // Only a wing with housecarls, and only under the option.
    check_with(
        &restraint(),
        &turn_1("    left strategy aggressive housecarls=shield-wall 2d6:6+6 => attack-pursue\n"),
        |_| {},
        &[("order-not-for-unit-type", "housecarls=shield-wall")],
    );
    check(
        &center("    center strategy aggressive housecarls=shield-wall 2d6:6+6 => attack-pursue"),
        &[("unknown-claim", "housecarls=shield-wall")],
    );
}

// ------------------------------------------------------------------ wings

#[test]
fn units_join_wings_in_the_order_phase_only() {
    let state = check(&turn_1(&format!("    F4 join center\n{LEFT_1}")), &[]);
    let f4 = piece(&state, Side::Saxons, "F4");
    assert_eq!(state.formation_of(f4), Some(CENTER));
    assert_eq!(state.order_for(f4), Some(Order::ShieldWall));
    // The wing it joined stays its wing the next turn.
    let state = check(
        &format!(
            "{}1. Saxons\n2. Normans\n  orders:\n{ORDERS_2}  rally:\n",
            turn_1(&format!("    F4 join center\n{LEFT_1}"))
        ),
        &[],
    );
    assert_eq!(state.formation_of(f4), Some(CENTER));
    check(
        &format!("{}  F4 join center\n", turn_1(LEFT_1)),
        &[("join-outside-orders", "join")],
    );
    // With no label at all, the Order Phase is read as opened, once.
    check(
        "1. Normans\n    F4 join center\n",
        &[("join-outside-orders", "join")],
    );
    check(
        &turn_1(&format!("    F4 join centre\n{LEFT_1}")),
        &[("unknown-wing", "centre")],
    );
    check(
        &turn_1(&format!("    F4 join\n{LEFT_1}")),
        &[("unknown-wing", "join")],
    );
}

#[test]
fn only_saxon_units_on_the_map_join() {
    check(
        &turn_1(&format!("    BF1 join center\n{LEFT_1}")),
        &[("wrong-side", "BF1")],
    );
    check(
        &turn_1(&format!("    LEO join center\n{LEFT_1}")),
        &[("leader-order", "LEO")],
    );
    check(
        &turn_1(&format!("    GF1 join center\n{LEFT_1}")),
        &[("reinforcement-wing", "GF1")],
    );
    check(
        &turn_1(&format!("    F4+XX join center\n{LEFT_1}")),
        &[("unknown-unit", "XX")],
    );
}

#[test]
fn a_wing_whose_order_runs_on_keeps_its_members() {
    check(&turn_2("    F4 join center\n"), &[]);
    check(
        &turn_2("    F1 join center\n"),
        &[("order-still-in-force", "F1")],
    );
    check(
        &turn_2("    F4 join right\n"),
        &[("order-still-in-force", "right")],
    );
}

#[test]
fn each_wing_holds_a_fifth_of_the_units_with_three_leaders() {
    // Ten units: the left wing keeps two of them, 5 x 2 = 10.
    check(&turn_1(&format!("    F4 join center\n{LEFT_1}")), &[]);
    check(
        &turn_1(&format!("    F4+J1 join center\n{LEFT_1}")),
        &[("wing-too-small", "movement:")],
    );
}

#[test]
fn each_wing_holds_a_third_with_two_leaders() {
    let orders = |joins: &str| {
        format!(
            "1. Normans\n  orders:\n{NORMANS_1}{LEFT_1}    center strategy cautious 2d6:5+1 => shield-wall\n{joins}  movement:\n"
        )
    };
    // Gyrth is dead: his units join the living leaders' wings, and each of
    // the two wings holds a third (HS-R29): 3 x 4 >= 10.
    check_with(
        SETUP,
        &orders("    F1 join left\n    F2+F3 join center\n"),
        kill("GYR"),
        &[],
    );
    check_with(
        SETUP,
        &orders("    F1+F2+F3 join center\n"),
        kill("GYR"),
        &[("wing-too-small", "movement:")],
    );
}

#[test]
fn there_are_never_more_wings_than_living_leaders() {
    let orders = |lines: &str| {
        format!(
            "1. Normans\n  orders:\n{NORMANS_1}{LEFT_1}    center strategy cautious 2d6:5+1 => shield-wall\n{lines}  movement:\n"
        )
    };
    check_with(
        SETUP,
        &orders("    F1 join left\n    F2+F3 join center\n"),
        kill("GYR"),
        &[],
    );
    check_with(
        SETUP,
        &orders(""),
        kill("GYR"),
        &[("wing-count", "movement:")],
    );
    check_with(
        SETUP,
        &orders(
            "    F1 join left\n    F2+F3 join center\n    right strategy aggressive 2d6:6+5 => attack-pursue\n",
        ),
        kill("GYR"),
        &[("wing-count", "right")],
    );
    check_with(
        SETUP,
        &orders("    F1 join left\n    F2+F3 join center\n    F2 join right\n"),
        kill("GYR"),
        &[("wing-count", "right")],
    );
}

#[test]
fn a_unit_beyond_its_leaders_radius_but_within_anothers_is_warned() {
    // F4 is 4 hexes from Harold, within his radius of 4.
    check(&turn_1(&format!("    F4 join center\n{LEFT_1}")), &[]);
    // T1 is 5 from Harold, stacked with Leofwine.
    let (_, out, _) = run(
        SETUP,
        &turn_1(&format!("    T1 join center\n{LEFT_1}")),
        |_| {},
    );
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].code, "hastings-1066::wing-outside-command");
    assert_eq!(out[0].severity, senlac_engine::Severity::Warning, "{out:?}");
    assert!(out[0].message.contains("5 hexes"), "{}", out[0].message);
}

// ----------------------------------------------------------------- rerolls

/// As after the eighth turn, the Normans having taken the `half`
/// extension: turn 9 is extended (3.3.1).
fn extended(state: &mut State) {
    state.turn = 8;
    state.phasing = Some(Side::Saxons);
    state.extension = Some(Extension::Half);
}

/// Turn 9's Order Phase, the spec's turn-1 rolls, then `lines`.
fn turn_9(lines: &str) -> String {
    format!("9. Normans\n  orders:\n{NORMANS_1}{LEFT_1}{SAXONS_1}{lines}  rally:\n")
}

#[test]
fn an_extended_period_rerolls_shield_wall_hold_and_attack_pursue() {
    // 3.3.2: the Breton knights' Hold and the right wing's Attack &
    // Pursue roll again, once; the second result stands (HS-R54).
    let state = check_with(
        SETUP,
        &turn_9(
            "    breton-knights reroll 2d6:2+2 => breton-knights advance\n    right reroll 2d6:3+4 => fire-in-place\n",
        ),
        extended,
        &[],
    );
    assert_eq!(
        state
            .order_of(Formation::Section(Nation::Breton, Arm::Knight))
            .map(|h| h.order),
        Some(Order::Advance)
    );
    assert_eq!(
        state
            .order_of(Formation::Wing(Wing::Right))
            .map(|h| h.order),
        Some(Order::FireInPlace)
    );
    // The left wing holds Shield Wall, which the Saxons do not reroll.
    check_with(
        SETUP,
        &turn_9("    left reroll 2d6:3+4 => attack-pursue\n"),
        extended,
        &[("reroll-not-allowed", "left")],
    );
    // Once a turn.
    check_with(
        SETUP,
        &turn_9(
            "    right reroll 2d6:3+4 => fire-in-place\n    right reroll 2d6:1+1 => shield-wall\n",
        ),
        extended,
        &[("reroll-not-allowed", "right")],
    );
}

#[test]
fn rerolls_only_in_an_extended_period() {
    // Turn 1 is in no extended period.
    check(
        &turn_1(&format!(
            "{LEFT_1}    left reroll 2d6:3+4 => fire-in-place\n"
        )),
        &[("reroll-not-allowed", "reroll")],
    );
    check(
        "1. Normans\n  movement:\n    left reroll 2d6:3+4 => fire-in-place\n",
        &[("wrong-segment", "reroll")],
    );
}

#[test]
fn a_wing_frozen_by_its_two_turn_order_is_not_judged_on_its_share() {
    // HS-R29, HS-R30: as after turn 1, the right wing holds Attack &
    // Pursue for two turns and F1 and F2 are gone: F3 is 1 of the 8 units
    // available, below a fifth, but in turn 2 no join can reach it.
    let after_turn_1 = |turns: u32| {
        move |state: &mut State| {
            state.turn = 1;
            state.phasing = Some(Side::Saxons);
            state.orders.push((
                Formation::Wing(Wing::Right),
                Held {
                    order: Order::AttackPursue,
                    turns,
                },
            ));
            for id in ["F1", "F2"] {
                let p = state.roster.piece(Side::Saxons, id).unwrap();
                state.pieces[p].standing =
                    senlac_engine::hastings_1066::state::Standing::Eliminated;
                state.pieces[p].at = None;
            }
        }
    };
    let turn_2 = |lines: &str| format!("2. Normans\n  orders:\n{ORDERS_2}{lines}  rally:\n");
    check_with(SETUP, &turn_2(""), after_turn_1(2), &[]);
    // Rolled again, it may take joins, and its share is judged.
    check_with(
        SETUP,
        &turn_2("    right strategy aggressive 2d6:6+5 => attack-pursue turns=2\n"),
        after_turn_1(1),
        &[("wing-too-small", "rally:")],
    );
}

// ------------------------------------------------------------------ the Guard

/// The Norman line of an Order Phase with `claim`, then the other
/// nationalities' and the Saxons' lines, closed by the movement label.
fn norman_claim(claim: &str) -> String {
    format!(
        "1. Normans\n  orders:\n    norman strategy moderate 2d6:4+3 => {claim}\n{}{SAXONS_1}{LEFT_1}  movement:\n",
        &NORMANS_1[NORMANS_1.find("    breton").unwrap()..]
    )
}

/// William killed before the movetext's first Order Phase.
fn william_killed(state: &mut State) {
    let william = state.roster.piece(Side::Normans, "WIL").unwrap();
    state.pieces[william].leader = LeaderStanding::Killed;
}

#[test]
fn williams_guard_holds_no_order_while_he_lives() {
    // 4.3.8.1, HS-R46: the Guard is in no section, so no roll orders it.
    let state = check(
        &norman_claim("norman-foot advance-to-combat norman-knights advance"),
        &[],
    );
    let guard = state.roster.piece(Side::Normans, "WG").unwrap();
    assert_eq!(state.formation_of(guard), None);
    assert_eq!(state.order_for(guard), None);
    check(
        &norman_claim("norman-foot advance-to-combat norman-knights advance WG advance"),
        &[("guard-order", "WG advance")],
    );
}

#[test]
fn after_williams_fall_the_guard_takes_the_norman_knights_order() {
    // From the Order Phase after his death the Guard is one of the Norman
    // knights: it holds their order, and a claim naming it says so.
    let state = check_with(
        SETUP,
        &norman_claim("norman-foot advance-to-combat norman-knights advance WG advance"),
        william_killed,
        &[],
    );
    let guard = state.roster.piece(Side::Normans, "WG").unwrap();
    assert_eq!(
        state.formation_of(guard),
        Some(Formation::Section(Nation::Norman, Arm::Knight))
    );
    assert_eq!(state.order_for(guard), Some(Order::Advance));
    check_with(
        SETUP,
        &norman_claim("norman-foot advance-to-combat norman-knights advance WG charge"),
        william_killed,
        &[("guard-order", "WG charge")],
    );
}

#[test]
fn after_williams_fall_the_guard_charges_only_with_the_knights() {
    // The knights are in Advance: the Guard may move with them, but no
    // longer charges on its own (4.3.8.1).
    let orders = norman_claim("norman-foot advance-to-combat norman-knights advance");
    check_with(
        SETUP,
        &format!("{orders}    WG move 1316-1216 facing=5\n"),
        william_killed,
        &[],
    );
    check_with(
        SETUP,
        &format!("{orders}    WG charge 1316-1216 facing=5\n"),
        william_killed,
        &[("guard-order", "charge")],
    );
    // While William lives the same charge is the Guard's own affair, and
    // only the charge's own conditions judge it.
    let (found, _, _) = run(
        SETUP,
        &format!("{orders}    WG charge 1316-1216 facing=5\n"),
        |_| {},
    );
    assert!(
        found
            .iter()
            .all(|(code, _)| code != "hastings-1066::guard-order"),
        "{found:?}"
    );
}

#[test]
fn the_guard_keeps_its_freedom_until_the_order_phase_after_williams_fall() {
    // William falls during turn 1: the Guard holds no order for the rest
    // of that turn, and joins the Norman knights when turn 2 opens.
    let text = format!("{SETUP}\n1. Normans\n1. Saxons\n2. Normans\n");
    let archive = parse(&text);
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    let william = fold.roster.piece(Side::Normans, "WIL").unwrap();
    let guard = fold.roster.piece(Side::Normans, "WG").unwrap();
    let mut turns = steps(battle);
    if let Some(step) = turns.next() {
        fold.step(&HASTINGS_1066, &step, &turns, &mut out);
    }
    fold.emit(Event::LeaderStanding {
        piece: william,
        standing: LeaderStanding::Killed,
    });
    assert_eq!(fold.formation_of(guard), None);
    if let Some(step) = turns.next() {
        fold.step(&HASTINGS_1066, &step, &turns, &mut out);
    }
    assert_eq!(fold.formation_of(guard), None);
    fold.play(&HASTINGS_1066, turns, &mut out);
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(
        fold.formation_of(guard),
        Some(Formation::Section(Nation::Norman, Arm::Knight))
    );
}
