//! Feudal's movement on the open table (2.1–2.9, 2.8C; spec 4.8–4.12):
//! the spec's worked example (5.3) replays with every pose of its table,
//! and each rule has a legal case and an illegal one, the latter with its
//! code and the exact text its finding points at. Every case plays a small
//! movetext after one shared setup, edited where a case needs the units
//! elsewhere.

use senlac_board::table::{self, Base};
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::feudal_ohw::event::Event;
use senlac_engine::feudal_ohw::state::State;
use senlac_engine::feudal_ohw::{FEUDAL_OHW, FeudalOhw};
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

const WORKED: &str = include_str!("data/feudal-ohw-worked-5.3.sbn");

/// The codes this module reports: none may appear in the worked example.
const MOVEMENT: &[&str] = &[
    "already-acted",
    "engaged",
    "bowmen-moved-after-shooting",
    "too-far",
    "fast-near-enemy",
    "turn-not-allowed",
    "turn-too-large",
    "turn-not-clear",
    "interpenetration",
    "gap-too-narrow",
    "contact-without-charge",
    "wrong-position",
    "wrong-outcome",
    "charge-not-eligible",
    "charge-too-far",
    "charge-blocked",
    "contact-too-short",
    "contact-not-centred",
    "side-occupied",
    "brigans-charge-front",
    "brigans-charged-after-shooting",
    "bowmen-charge-with-missiles",
    "protected-flank",
    "side-edge-not-allowed",
    "cannot-retreat",
    "retreat-blocked",
    "cannot-face",
    "off-table",
    "prohibited-terrain",
    "impassable",
    "missing-roll",
    "impetuous-too-far",
];

/// Plays a whole battle text; calls `at_turn` with the state before each
/// turn line (the state after the player turn before it) and at the end.
fn replay(text: &str, at_turn: impl FnMut(&State)) -> Vec<Violation> {
    replay_with(text, at_turn, &|_, _| {})
}

/// What a case does to the position after a step (a phase label, say):
/// what play's other modules would have done, such as a shot.
type Prep<'p> = &'p dyn Fn(&mut Sandbox<FeudalOhw>, &Step<'_, '_>);

/// [`replay`], with `prep` run after every step.
fn replay_with(text: &str, mut at_turn: impl FnMut(&State), prep: Prep<'_>) -> Vec<Violation> {
    let archive = parse(text);
    let errors: Vec<_> = archive.all_errors().map(|e| e.code).collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let battle = &archive.battles[0];
    let mut out = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, battle, &mut out);
    assert!(out.is_empty(), "setup: {out:#?}");
    let mut rest = steps(battle);
    while let Some(step) = rest.next() {
        if matches!(step, Step::Turn { .. }) {
            at_turn(&fold.state);
        }
        fold.step(&FEUDAL_OHW, &step, &rest, &mut out);
        prep(&mut fold, &step);
    }
    drop(rest);
    at_turn(&fold.state);
    fold.finish(&FEUDAL_OHW, battle, &mut out);
    out
}

/// A pose in the notation's frame: x, y, facing.
type Pose = (f64, f64, f64);

/// A unit's pose in the notation's frame, rounded to a hundredth.
fn pose(state: &State, id: &str) -> Option<Pose> {
    let unit = (0..2).find_map(|side| state.roster.unit(side, id))?;
    let base: Base = state.bases[unit]?;
    let depth = state.roster.table.1;
    let r = |v: f64| (v * 100.0).round() / 100.0;
    Some((
        r(base.centre.x),
        r(depth - base.centre.y),
        r(table::normalise(90.0 - base.facing)),
    ))
}

#[test]
fn the_worked_example_replays_with_the_spec_s_poses() {
    // Spec 5.3, "States after each player turn" (notation frame x,y^θ).
    let setup = [
        ("K", (22.0, 6.0, 90.0)),
        ("B", (16.0, 7.0, 90.0)),
        ("S", (10.0, 6.0, 90.0)),
        ("W", (30.0, 15.5, 270.0)),
        ("F", (18.0, 18.0, 270.0)),
        ("X", (9.0, 23.0, 270.0)),
    ];
    let changes: [&[(&str, Pose)]; 4] = [
        &[("K", (22.0, 11.0, 90.0)), ("S", (10.0, 11.0, 90.0))],
        &[("W", (27.25, 15.5, 180.0))],
        &[("K", (18.0, 15.5, 90.0))],
        &[("W", (21.75, 15.5, 180.0))],
    ];
    let mut expected: Vec<(&str, Pose)> = setup.to_vec();
    let mut snapshots = Vec::new();
    let out = replay(WORKED, |state| {
        let poses: Vec<_> = setup.iter().map(|(id, _)| (*id, pose(state, id))).collect();
        snapshots.push(poses);
    });
    // Before turn 1, before each later player turn, and at the end.
    assert_eq!(snapshots.len(), 5, "{snapshots:?}");
    // The first turn line comes after the setup: no player turn before it.
    for (id, want) in &expected {
        let got = snapshots[0].iter().find(|(i, _)| i == id).unwrap().1;
        assert_eq!(got, Some(*want), "setup {id}");
    }
    for (point, change) in changes.iter().enumerate() {
        for (id, want) in change.iter() {
            let slot = expected.iter_mut().find(|(i, _)| i == id).unwrap();
            slot.1 = *want;
        }
        for (id, want) in &expected {
            let got = snapshots[point + 1]
                .iter()
                .find(|(i, _)| i == id)
                .unwrap()
                .1;
            // K is removed in 2.Welsh's melee (play's, not movement's):
            // until then, and if still standing, it stays where it charged.
            if got.is_none() && *id == "K" && point == 3 {
                continue;
            }
            assert_eq!(got, Some(*want), "{id} after player turn {}", point + 1);
        }
    }
    let movement: Vec<_> = out
        .iter()
        .filter(|v| MOVEMENT.contains(&v.code.trim_start_matches("feudal-ohw::")))
        .map(|v| (v.code, v.message.clone()))
        .collect();
    assert!(movement.is_empty(), "{movement:#?}");
}

/// The shared setup: knights, serjeants on the road, bowmen and two
/// brigans against freemen, brigans and bowmen; a wood, a lake and a road.
const SETUP: &str = "[Battle \"Movement\"]
[Site \"a test\"]
[Date \"2026-01-01\"]
[Rules \"feudal/ohw\"]
[Sides \"Angevins Welsh\"]
[Result \"*\"]

map table 36x36in
terrain woods polygon 26x14in 34x14in 34x20in 26x20in
terrain lake polygon 14x14in 20x14in 20x18in 14x18in
terrain road line 4x0in 4x36in width=1in
army Angevins \"Marcher Retinue\"
  unit K \"Knights\" knights average
  unit S \"Serjeants\" serjeants average
  unit B \"Bowmen\" bowmen average
  unit R \"Ribauds\" brigans average
  unit Q \"Kerns\" brigans average
army Welsh \"Gwent\"
  unit F \"Spearmen\" freemen average
  unit W \"Brigans\" brigans average
  unit X \"Archers\" bowmen average
deploy Angevins K@10x6in^90deg S@5x6in^90deg B@24x6in^90deg R@30x6in^90deg Q@30x10in^90deg
deploy Welsh F@10x30in^270deg W@30x30in^270deg X@20x30in^270deg
first Angevins turn
";

/// The setup with `edits` (from, to) applied, then `movetext`.
fn battle(edits: &[(&str, &str)], movetext: &str) -> String {
    let mut text = SETUP.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    format!("{text}\n{movetext}\n")
}

/// The findings of a battle, as (code without its prefix, the text under
/// the span, message), and the state at its end.
fn run(text: &str) -> (Vec<(String, String, String)>, Option<State>) {
    run_with(text, &|_, _| {})
}

fn run_with(text: &str, prep: Prep<'_>) -> (Vec<(String, String, String)>, Option<State>) {
    let mut last = None;
    let out = replay_with(text, |s| last = Some(s.clone()), prep);
    let found = out
        .iter()
        .map(|v| {
            (
                v.code.trim_start_matches("feudal-ohw::").to_string(),
                text[v.span.range()].to_string(),
                v.message.clone(),
            )
        })
        .collect();
    (found, last)
}

/// The one check: `movetext` after the setup edited by `edits` gives
/// exactly `expected`, as (code, the text under the span).
#[track_caller]
fn check(edits: &[(&str, &str)], movetext: &str, expected: &[(&str, &str)]) -> Option<State> {
    let text = battle(edits, movetext);
    let (found, state) = run(&text);
    let brief: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, t, _)| (c.as_str(), t.as_str()))
        .collect();
    assert_eq!(brief, expected, "\n{movetext}\n{found:#?}");
    state
}

/// [`check`] with `prep` run after every step.
#[track_caller]
fn check_with(edits: &[(&str, &str)], movetext: &str, prep: Prep<'_>, expected: &[(&str, &str)]) {
    let text = battle(edits, movetext);
    let (found, _) = run_with(&text, prep);
    let brief: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, t, _)| (c.as_str(), t.as_str()))
        .collect();
    assert_eq!(brief, expected, "\n{movetext}\n{found:#?}");
}

/// A unit's index by its id.
fn unit(state: &State, id: &str) -> usize {
    (0..2)
        .find_map(|side| state.roster.unit(side, id))
        .unwrap_or_else(|| panic!("no unit {id}"))
}

/// After the phase label `label`, `shooter` has shot at `target`.
fn shot_after<'a>(
    label: &'a str,
    shooter: &'a str,
    target: &'a str,
) -> impl Fn(&mut Sandbox<FeudalOhw>, &Step<'_, '_>) + 'a {
    move |fold, step| {
        if matches!(step, Step::Phase { name, .. } if *name == label) {
            let (unit, target) = (unit(&fold.state, shooter), unit(&fold.state, target));
            fold.emit(Event::Shot { unit, target });
        }
    }
}

/// The message of the one finding.
#[track_caller]
fn message(edits: &[(&str, &str)], movetext: &str) -> String {
    let (found, _) = run(&battle(edits, movetext));
    assert_eq!(found.len(), 1, "{found:#?}");
    found[0].2.clone()
}

/// The Angevins' move phase with these lines.
fn angevins(lines: &str) -> String {
    format!("1. Angevins\n  move:\n{lines}")
}

/// The Welsh move phase, after an empty Angevin turn.
fn welsh(lines: &str) -> String {
    format!("1. Angevins\n1. Welsh\n  move:\n{lines}")
}

const NONE: &[(&str, &str)] = &[];

#[test]
fn a_move_keeps_within_the_class_allowance() {
    // Knights move a BW (2.1): 5" is legal, 6.2" is not.
    check(NONE, &angevins("    K move 5in => K@10x11in^90deg"), NONE);
    check(NONE, &angevins("    K move 6.2in"), &[("too-far", "6.2in")]);
    assert_eq!(
        message(NONE, &angevins("    K move 6.2in")),
        "6.2\" is more than knights' 5\" (BW)"
    );
    // Serjeants a BD; brigans a BW.
    check(NONE, &angevins("    B move 2.5in"), NONE);
    check(NONE, &angevins("    B move 2.6in"), &[("too-far", "2.6in")]);
    check(NONE, &angevins("    R move 1.5in"), NONE);
}

#[test]
fn the_fast_bonus_is_written_and_keeps_over_a_bd_from_enemies() {
    // Knights fast: BW + BW (2.1T).
    check(
        NONE,
        &angevins("    K move 10in fast => K@10x16in^90deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    K move 10.1in fast"),
        &[("too-far", "10.1in")],
    );
    // 7" without `fast` is too far, and the help says so.
    let text = battle(NONE, &angevins("    K move 7in"));
    let archive = parse(&text);
    let mut out = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, &archive.battles[0], &mut out);
    fold.play(&FEUDAL_OHW, steps(&archive.battles[0]), &mut out);
    assert_eq!(out.len(), 1);
    assert!(
        out[0].help.as_deref().unwrap().starts_with("write `fast`"),
        "{:?}",
        out[0].help
    );
    // 2.3: F 0.5" beyond where the fast move ends: within a BD.
    let near = [("F@10x30in^270deg", "F@10x19in^270deg")];
    check(
        &near,
        &angevins("    K move 10in fast"),
        &[("fast-near-enemy", "fast")],
    );
    // The same distance in two moves' worth is legal with F far away.
    check(NONE, &angevins("    K move 9in fast"), NONE);
    // Written as a turn, then the fast move: the turn is part of it. F
    // stands 3" beyond K's front; half-way round, K's 5" width comes to
    // 1.75" of it, within a BD (FO-R16).
    let by_turn = [("F@10x30in^270deg", "F@10x11.5in^270deg")];
    check(
        &by_turn,
        &angevins("    K turn 180deg\n    K move 2in"),
        NONE,
    );
    check(
        &by_turn,
        &angevins("    K turn 180deg\n    K move 2in fast"),
        &[("fast-near-enemy", "180deg")],
    );
}

#[test]
fn a_road_move_adds_a_bd_while_the_base_touches_the_road() {
    // S spans x 2.5-7.5, the road x 3.5-4.5: BD + BD (2.9).
    check(NONE, &angevins("    S move 5in => S@5x11in^90deg"), NONE);
    // Turned to the east and moved off the road: only a BD.
    check(
        NONE,
        &angevins("    S move -90deg 5in"),
        &[("too-far", "5in")],
    );
    assert_eq!(
        message(NONE, &angevins("    S move -90deg 5in")),
        "5\" is more than serjeants' 2.5\" (BD)"
    );
}

#[test]
fn turns_follow_the_class_and_stay_within_180_degrees() {
    // W at 270 turning -90 ends at 180 (FO-R1, spec 5.3).
    check(
        &[],
        &welsh("    W move -90deg 2in => W@28x30in^180deg"),
        NONE,
    );
    // Knights: one turn, at the start or the end (2.4b).
    check(
        NONE,
        &angevins("    K move 2in 90deg => K@10x8in^180deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    K move 90deg 2in 90deg"),
        &[("turn-not-allowed", "90deg")],
    );
    // Serjeants only at the start (2.4a).
    check(NONE, &angevins("    B move 45deg 2in"), NONE);
    check(
        NONE,
        &angevins("    B move 2in 45deg"),
        &[("turn-not-allowed", "45deg")],
    );
    // Brigans at the start and the end (2.4c).
    check(
        NONE,
        &angevins("    R move -90deg 2in 90deg => R@32x6in^90deg"),
        NONE,
    );
    // The split form fills the same slots (FO-R13).
    check(
        NONE,
        &angevins("    K turn -90deg\n    K move 2in => K@12x6in^0deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    B move 2in\n    B turn 45deg"),
        &[("turn-not-allowed", "45deg")],
    );
    // At most 180° (2.4).
    check(NONE, &angevins("    K move 180deg"), NONE);
    check(
        NONE,
        &angevins("    K move 190deg"),
        &[("turn-too-large", "190deg")],
    );
}

#[test]
fn one_activation_per_unit_per_phase() {
    check(NONE, &angevins("    K move 2in\n    S move 2in"), NONE);
    check(
        NONE,
        &angevins("    K move 2in\n    S move 2in\n    K move 2in"),
        &[("already-acted", "K move")],
    );
    // One straight line per activation, even written on two lines.
    check(
        NONE,
        &angevins("    K move 2in\n    K move 2in"),
        &[("already-acted", "2in")],
    );
}

#[test]
fn no_unit_passes_through_another_and_gaps_are_a_bw() {
    // S stands 4" ahead of K.
    let ahead = [("S@5x6in^90deg", "S@10x12in^90deg")];
    check(&ahead, &angevins("    K move 1in"), NONE);
    check(
        &ahead,
        &angevins("    K move 5in"),
        &[("interpenetration", "5in")],
    );
    // Two units 4.6" apart, each reaching into K's path (2.7).
    let narrow = [
        ("S@5x6in^90deg", "S@5.2x12in^90deg"),
        ("B@24x6in^90deg", "B@14.8x12in^90deg"),
    ];
    check(
        &narrow,
        &angevins("    K move 5in"),
        &[("gap-too-narrow", "5in")],
    );
    // Exactly a BW apart: it fits.
    let wide = [
        ("S@5x6in^90deg", "S@5x12in^90deg"),
        ("B@24x6in^90deg", "B@15x12in^90deg"),
    ];
    check(&wide, &angevins("    K move 5in"), NONE);
    // Brigans pass through brigans, but end clear of them (2.7).
    check(
        NONE,
        &angevins("    R move 7.5in fast => R@30x13.5in^90deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    R move 4in"),
        &[("interpenetration", "4in")],
    );
}

#[test]
fn woods_lakes_and_the_board_edge_stop_a_move() {
    // Knights may not enter woods (0.10b); brigans may.
    let by_woods = [
        ("K@10x6in^90deg", "K@30x10in^90deg"),
        ("Q@30x10in^90deg", "Q@24x12in^90deg"),
    ];
    check(
        &by_woods,
        &angevins("    K move 5in"),
        &[("prohibited-terrain", "5in")],
    );
    check(NONE, &angevins("    Q move 5in => Q@30x15in^90deg"), NONE);
    // A lake is impassable (0.10d).
    let by_lake = [("K@10x6in^90deg", "K@17x10in^90deg")];
    check(&by_lake, &angevins("    K move 2in"), NONE);
    check(
        &by_lake,
        &angevins("    K move 5in"),
        &[("impassable", "5in")],
    );
    // The board edge (0.10d).
    check(
        NONE,
        &angevins("    K move 180deg 3in => K@10x3in^270deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    K move 180deg 5in"),
        &[("off-table", "5in")],
    );
}

#[test]
fn a_turn_may_sweep_but_must_end_clear() {
    // S 0.25" beyond K's front: turned square, K's 5" runs north over it.
    let tight = [("S@5x6in^90deg", "S@10x8.75in^90deg")];
    check(&tight, &angevins("    K move 180deg"), NONE);
    check(
        &tight,
        &angevins("    K move 90deg"),
        &[("turn-not-clear", "90deg")],
    );
    // Moving on clears it.
    check(&tight, &angevins("    K move 90deg 5in"), NONE);
}

#[test]
fn contact_is_made_only_by_a_charge() {
    // F's front is 5" from K's.
    let close = [("F@10x30in^270deg", "F@10x13.5in^270deg")];
    check(&close, &angevins("    K move 4.9in"), NONE);
    check(
        &close,
        &angevins("    K move 5in"),
        &[("contact-without-charge", "5in")],
    );
}

#[test]
fn units_in_melee_only_retreat_or_face() {
    // F against K's front.
    let touching = [("F@10x30in^270deg", "F@10x8.5in^270deg")];
    check(
        &touching,
        &angevins("    K move 2in"),
        &[("engaged", "K move")],
    );
    check(
        &touching,
        &angevins("    K charge F"),
        &[("engaged", "K charge")],
    );
    // Knights (class 3) retreat from freemen (class 1), at most a fast move.
    check(
        &touching,
        &angevins("    K retreat 3in => K@10x3in^90deg"),
        NONE,
    );
    check(
        &touching,
        &angevins("    K retreat 5in"),
        &[("retreat-blocked", "5in")],
    );
    // Freemen may not retreat from faster knights (2.5).
    check(
        &touching,
        // K attacked in its own turn, as it must (3.1).
        "1. Angevins\n  melee:\n    K melee F d6:1\n1. Welsh\n  move:\n    F retreat 2in",
        &[("cannot-retreat", "F retreat")],
    );
    // A move never goes backward: that is a retreat's (2.2, FO-R13).
    check(
        NONE,
        &angevins("    K move -2in"),
        &[("cannot-retreat", "-2in")],
    );
    // Nor may a unit in contact with no enemy.
    check(
        NONE,
        &angevins("    K retreat 2in"),
        &[("cannot-retreat", "K retreat")],
    );
}

#[test]
fn bowmen_that_shot_do_not_move() {
    // Bowmen that have not shot move as class 1.
    check(NONE, &angevins("    B move 2in"), NONE);
    // Having shot in phase 1, not even a turn (2.8S).
    let text = "1. Angevins\n  shoot:\n  move:\n    B move 45deg";
    check_with(
        NONE,
        text,
        &shot_after("shoot", "B", "X"),
        &[("bowmen-moved-after-shooting", "B move")],
    );
    // Brigans that shot in phase 2 still move (2.8S), but do not charge.
    let text = "1. Angevins\n  move:\n    R move 90deg";
    check_with(NONE, text, &shot_after("move", "R", "W"), NONE);
    let near = [
        ("W@30x30in^270deg", "W@30x14.5in^180deg"),
        ("Q@30x10in^90deg", "Q@20x10in^90deg"),
    ];
    let text = "1. Angevins\n  move:\n    R charge W => R@30x10.75in^90deg W contact=left";
    check_with(&near, text, &|_, _| {}, NONE);
    check_with(
        &near,
        text,
        &shot_after("move", "R", "W"),
        &[("brigans-charged-after-shooting", "R charge")],
    );
}

#[test]
fn bowmen_out_of_missiles_charge() {
    let before_b = [("F@10x30in^270deg", "F@22x12in^270deg")];
    let spent = |fold: &mut Sandbox<FeudalOhw>, step: &Step<'_, '_>| {
        if matches!(step, Step::Phase { name: "move", .. }) {
            let b = unit(&fold.state, "B");
            fold.emit(Event::OutOfMissiles { unit: b });
        }
    };
    check_with(
        &before_b,
        &angevins("    B charge F fast => F contact=front"),
        &spent,
        NONE,
    );
}

#[test]
fn facing_an_attacker_turns_the_unit_and_draws_the_enemy_in() {
    // W against K's right flank (K faces north, its right edge x 12.5).
    let flanked = [("W@30x30in^270deg", "W@13.75x6in^180deg")];
    check(
        &flanked,
        &angevins("    K face W => K@10x6in^0deg W@12.5x6in^180deg"),
        NONE,
    );
    // Not in melee: nothing to face (2.6).
    check(
        NONE,
        &angevins("    K face F"),
        &[("cannot-face", "K face")],
    );
    // No room: friends north and south, 4.85" apart, where the turned
    // base would go; the flank is marked as the front (2.6, FO-R24).
    let cramped = [
        ("W@30x30in^270deg", "W@13.75x6in^180deg"),
        ("S@5x6in^90deg", "S@10x9.6in^90deg"),
        ("B@24x6in^90deg", "B@10x2.25in^90deg"),
    ];
    check(&cramped, &angevins("    K face W => K marked=right"), NONE);
    check(
        &cramped,
        &angevins("    K face W => K marked=left"),
        &[("wrong-outcome", "marked=left")],
    );
}

#[test]
fn a_charge_needs_sight_within_a_fast_move_or_a_target_by_a_flank() {
    // F's front 9.5" from K's: within a fast move (10").
    let near = [("F@10x30in^270deg", "F@10x18in^270deg")];
    check(
        &near,
        &angevins("    K charge F fast => K@10x15.5in^90deg F contact=front dist=9.5in"),
        NONE,
    );
    // Without `fast` the 9.5" is beyond a normal move (2.8C, 2.1).
    check(
        &near,
        &angevins("    K charge F"),
        &[("charge-too-far", "F")],
    );
    // 21.5" away: not eligible (FO-R18).
    check(
        NONE,
        &angevins("    K charge F fast"),
        &[("charge-not-eligible", "F")],
    );
}

#[test]
fn a_charge_strikes_the_side_it_starts_in_front_of_and_is_conformed() {
    let near = [("F@10x30in^270deg", "F@10x18in^270deg")];
    // A wrong pose is one finding, with the engine's pose.
    check(
        &near,
        &angevins("    K charge F fast => K@10x16in^90deg"),
        &[("wrong-position", "K@10x16in^90deg")],
    );
    let m = message(&near, &angevins("    K charge F fast => K@10x16in^90deg"));
    assert!(m.contains("ends at 10x15.5in^90deg"), "{m}");
    check(
        &near,
        &angevins("    K charge F fast => F contact=rear"),
        &[("wrong-outcome", "rear")],
    );
    check(
        &near,
        &angevins("    K charge F fast => dist=9in"),
        &[("wrong-position", "dist=9in")],
    );
    // Centred: a written offset must be the least one (FO-R20).
    check(&near, &angevins("    K charge F fast offset=0in"), NONE);
    check(
        &near,
        &angevins("    K charge F fast offset=1in"),
        &[("contact-not-centred", "offset=1in")],
    );
    // Front contact was possible: no side-edge contact (2.8C.f).
    check(
        &near,
        &angevins("    K charge F fast edge=left"),
        &[("side-edge-not-allowed", "edge=left")],
    );
}

#[test]
fn a_charge_meets_nothing_else_first() {
    // An enemy in the lane: X 3" ahead of K, offset so F is still seen.
    let screened = [
        ("F@10x30in^270deg", "F@10x18in^270deg"),
        ("X@20x30in^270deg", "X@14x12in^270deg"),
    ];
    check(
        &screened,
        &angevins("    K charge F 0deg fast"),
        &[("charge-blocked", "0deg")],
    );
}

#[test]
fn brigans_charge_flanks_and_bowmen_only_when_out_of_missiles() {
    // R facing F's front: brigans may not (2.8C.c).
    let front = [
        ("F@10x30in^270deg", "F@30x12.5in^270deg"),
        ("Q@30x10in^90deg", "Q@20x10in^90deg"),
    ];
    check(
        &front,
        &angevins("    R charge F fast"),
        &[("brigans-charge-front", "F")],
    );
    // Bowmen with missiles (2.8C.d).
    let before_b = [("F@10x30in^270deg", "F@22x12in^270deg")];
    check(
        &before_b,
        &angevins("    B charge F fast"),
        &[("bowmen-charge-with-missiles", "B charge")],
    );
    // K at F's flank: F faces east, K south of it facing north.
    let flank = [("F@10x30in^270deg", "F@10x12in^0deg")];
    check(&flank, &angevins("    K charge F => F contact=right"), NONE);
}

#[test]
fn a_protected_flank_is_not_charged_and_one_charger_a_side() {
    // F faces east; K to its south strikes its right flank.
    let open = [("F@10x30in^270deg", "F@10x19.5in^0deg")];
    check(
        &open,
        &angevins("    K charge F fast => F contact=right"),
        NONE,
    );
    // W 0.5" beside that flank, front corners and rear corners under a BD
    // apart: the flank is protected (0.11g, 2.8C.e).
    let guarded = [
        ("F@10x30in^270deg", "F@10x19.5in^0deg"),
        ("W@30x30in^270deg", "W@10x14in^0deg"),
    ];
    check(
        &guarded,
        &angevins("    K charge F fast"),
        &[("protected-flank", "F")],
    );
    // F already has K on its front; S, also in its front arc, may not
    // charge that side too (2.8C.b).
    let engaged = [
        ("F@10x30in^270deg", "F@10x8.5in^270deg"),
        ("S@5x6in^90deg", "S@14x2in^90deg"),
    ];
    check(
        &engaged,
        &angevins("    S charge F"),
        &[("side-occupied", "F")],
    );
}

#[test]
fn a_marked_front_realigns_once_there_is_room() {
    // K marked on its right against W; S then moves off, and K turns to
    // put its own front on W, flush and centred (2.8C.f.mark, FO-R25).
    let cramped = [
        ("W@30x30in^270deg", "W@13.75x6in^180deg"),
        ("S@5x6in^90deg", "S@10x9.6in^90deg"),
        ("B@24x6in^90deg", "B@10x2.25in^90deg"),
    ];
    check(
        &cramped,
        &angevins(
            "    K face W => K marked=right\n    S move 2.5in => K@11.25x6in^0deg K marked=none",
        ),
        NONE,
    );
    // While S stays, the mark stays.
    check(
        &cramped,
        &angevins("    K face W\n    S move 0.1in => K@10x6in^90deg K marked=right"),
        NONE,
    );
}

#[test]
fn a_wrong_pose_is_fixed_to_the_engine_s() {
    let text = battle(NONE, &angevins("    K move 5in => K@10x11.5in^90deg"));
    let (found, state) = run(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "wrong-position");
    // The state follows the engine, not the claim.
    assert_eq!(pose(&state.unwrap(), "K"), Some((10.0, 11.0, 90.0)));
    let archive = parse(&text);
    let mut out = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, &archive.battles[0], &mut out);
    fold.play(&FEUDAL_OHW, steps(&archive.battles[0]), &mut out);
    let fix = out[0].fix.as_deref().expect("a fix");
    assert_eq!(fix.replacement, "K@10x11in^90deg");
    assert_eq!(&text[fix.span.range()], "K@10x11.5in^90deg");
}

/// The setup with `options` after the map line.
fn with_options(options: &str) -> (&'static str, String) {
    (
        "map table 36x36in\n",
        format!("map table 36x36in\n{options}"),
    )
}

#[test]
fn diced_movement_rolls_the_fast_bonus() {
    let (from, to) = with_options("option diced-movement\n");
    let diced = [(from, to.as_str())];
    // Knights 9" (DM.1), fast + the roll.
    check(&diced, &angevins("    K move 9in"), NONE);
    check(
        &diced,
        &angevins("    K move 9.5in"),
        &[("too-far", "9.5in")],
    );
    check(&diced, &angevins("    K move 12in fast d6:4"), NONE);
    check(
        &diced,
        &angevins("    K move 13.5in fast d6:4"),
        &[("too-far", "13.5in")],
    );
    check(
        &diced,
        &angevins("    K move 12in fast"),
        &[("missing-roll", "fast")],
    );
}

#[test]
fn impetuous_knights_charge_up_to_3_inches_further_at_a_hit_an_inch() {
    let (from, to) = with_options("option advantages\noption impetuous-charges\n");
    // F's front 11.5" from K's: 1.5" beyond a fast move, so 2 hits (IC.1).
    let impetuous = [
        (from, to.as_str()),
        (
            "knights average",
            "knights average adv=impetuous dis=melee-minus",
        ),
        ("F@10x30in^270deg", "F@10x20in^270deg"),
    ];
    let state = check(
        &impetuous,
        &angevins("    K charge F fast => K@10x17.5in^90deg F contact=front"),
        NONE,
    )
    .unwrap();
    assert_eq!(state.units[unit(&state, "K")].hits, 2);
    // 4.5" beyond: too far even for the impetuous.
    let far = [
        (from, to.as_str()),
        (
            "knights average",
            "knights average adv=impetuous dis=melee-minus",
        ),
        ("F@10x30in^270deg", "F@10x23in^270deg"),
    ];
    check(
        &far,
        &angevins("    K charge F fast"),
        &[("impetuous-too-far", "F")],
    );
    // Not impetuous: 1.5" beyond is simply too far (eligible, as a road
    // move could have reached it: FO-R18).
    let plain = [("F@10x30in^270deg", "F@10x20in^270deg")];
    check(
        &plain,
        &angevins("    K charge F fast"),
        &[("charge-too-far", "F")],
    );
}

#[test]
fn a_charger_needs_a_clear_place_with_a_bd_of_contact() {
    // K meets F's right flank (F faces east) off-centre, with 2.2" of
    // edge, and is conformed centred on the flank, its side on the lake.
    let clear = [
        ("F@10x30in^270deg", "F@11.5x20.7in^0deg"),
        ("K@10x6in^90deg", "K@11.45x10in^90deg"),
    ];
    check(
        &clear,
        &angevins("    K charge F 0deg fast => K@11.5x16.95in^90deg F contact=right"),
        NONE,
    );
    // F 1.5" further east: every place with a BD of its flank (centre x
    // 11.75 to 14.25) reaches into the lake (2.8C, FO-R20).
    let boxed = [
        ("F@10x30in^270deg", "F@13x20.7in^0deg"),
        ("K@10x6in^90deg", "K@11.45x10in^90deg"),
    ];
    check(
        &boxed,
        &angevins("    K charge F 0deg fast"),
        &[("contact-too-short", "F")],
    );
}

#[test]
fn a_retreat_is_at_most_a_fast_move() {
    // Knights: BW + BW fast; F touching K's front (2.5).
    let touching = [
        ("F@10x30in^270deg", "F@10x20.5in^270deg"),
        ("K@10x6in^90deg", "K@10x18in^90deg"),
    ];
    check(
        &touching,
        &angevins("    K retreat 10in => K@10x8in^90deg"),
        NONE,
    );
    check(
        &touching,
        &angevins("    K retreat 10.5in"),
        &[("too-far", "10.5in")],
    );
}

/// `K@XxYin^Adeg` for a unit's pose now, to a hundredth.
fn claim_of(state: &State, id: &str) -> String {
    let (x, y, a) = pose(state, id).expect("on the table");
    format!("{id}@{x}x{y}in^{a}deg")
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// K in the open, nothing within 8" of it.
    const OPEN: &[(&str, &str)] = &[("K@10x6in^90deg", "K@16x26in^90deg")];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn a_legal_move_s_end_pose_is_accepted_as_its_claim(
            turn in -180i32..=180,
            tenths in 0u32..=50,
        ) {
            let line = format!("    K move {turn}deg {}in", f64::from(tenths) / 10.0);
            let (found, state) = run(&battle(OPEN, &angevins(&line)));
            prop_assume!(found.is_empty());
            let claimed = format!("{line} => {}", claim_of(&state.unwrap(), "K"));
            let (found, _) = run(&battle(OPEN, &angevins(&claimed)));
            prop_assert!(found.is_empty(), "{claimed}: {found:?}");
        }

        #[test]
        fn a_move_and_its_reverse_come_back(
            turn in -180i32..=180,
            tenths in 1u32..=50,
        ) {
            let d = f64::from(tenths) / 10.0;
            let text = format!(
                "1. Angevins\n  move:\n    K move {turn}deg {d}in\n1. Welsh\n2. Angevins\n  move:\n    K move 180deg {d}in"
            );
            let (found, state) = run(&battle(OPEN, &text));
            prop_assume!(found.is_empty());
            let (x, y, a) = pose(&state.unwrap(), "K").unwrap();
            prop_assert!((x - 16.0).abs() < 0.011 && (y - 26.0).abs() < 0.011, "{x},{y}");
            let want = table::normalise(90.0 + f64::from(turn) + 180.0);
            prop_assert!(table::turn_between(a, want) < 0.011, "{a} vs {want}");
        }
    }
}

#[test]
fn with_impetuous_charges_a_retreat_costs_a_hit() {
    let touching = [("F@10x30in^270deg", "F@10x8.5in^270deg")];
    let state = check(&touching, &angevins("    K retreat 3in"), NONE).unwrap();
    assert_eq!(state.units[unit(&state, "K")].hits, 0);
    let (from, to) = with_options("option advantages\noption impetuous-charges\n");
    let option = [touching[0], (from, to.as_str())];
    let state = check(&option, &angevins("    K retreat 3in"), NONE).unwrap();
    assert_eq!(state.units[unit(&state, "K")].hits, 1);
}

#[test]
fn a_charge_at_a_unit_lining_a_wall_stops_at_its_far_edge() {
    // F's front (y 18.75) lines a 1" wall, y 17.75 to 18.75 (FO-R21).
    let walled = [
        (
            "terrain road line 4x0in 4x36in width=1in\n",
            "terrain road line 4x0in 4x36in width=1in\nterrain wall line 6x18.25in 16x18.25in width=1in\n",
        ),
        ("F@10x30in^270deg", "F@10x20in^270deg"),
        ("K@10x6in^90deg", "K@10x8in^90deg"),
    ];
    check(
        &walled,
        &angevins("    K charge F fast => K@10x16.5in^90deg F contact=front dist=8.5in"),
        NONE,
    );
    // Where the fronts would meet with no wall is not where K ends.
    check(
        &walled,
        &angevins("    K charge F fast => K@10x17.5in^90deg"),
        &[("wrong-position", "K@10x17.5in^90deg")],
    );
    // Across the wall the two are in melee: K may only retreat or face.
    let text = angevins(
        "    K charge F fast\n  melee:\n    K melee F d6:3\n1. Welsh\n  melee:\n    F melee K d6:2\n2. Angevins\n  move:\n    K move 1in",
    );
    check(&walled, &text, &[("engaged", "K move")]);
}

#[test]
fn the_worked_example_s_derived_numbers_hold_as_claims() {
    // Spec 5.3's derivations: K's charge turns 20° and first touches at
    // d* = 4.666 (no `fast`: within BW); W's goes 5.5" straight on (fast).
    let text = WORKED
        .replace(
            "K charge F 20deg => K@18x15.5in^90deg F contact=front",
            "K charge F 20deg => K@18x15.5in^90deg F contact=front dist=4.67in",
        )
        .replace(
            "W charge K fast => W@21.75x15.5in^180deg K contact=right",
            "W charge K fast => W@21.75x15.5in^180deg K contact=right dist=5.5in",
        );
    assert_ne!(text, WORKED);
    let out = replay(&text, |_| {});
    let movement: Vec<_> = out
        .iter()
        .filter(|v| MOVEMENT.contains(&v.code.trim_start_matches("feudal-ohw::")))
        .map(|v| (v.code, v.message.clone()))
        .collect();
    assert!(movement.is_empty(), "{movement:#?}");
    // Without its road, S's 5" would be too far: a BD only.
    let off_road = WORKED.replace("terrain road line 12x0in 12x36in width=1in", "");
    let out = replay(&off_road, |_| {});
    let found: Vec<_> = out
        .iter()
        .map(|v| (v.code, off_road[v.span.range()].to_string()))
        .filter(|(c, _)| *c == "feudal-ohw::too-far")
        .collect();
    assert_eq!(found, [("feudal-ohw::too-far", "5in".to_string())]);
    // W's charge without `fast`: 5.5" is beyond brigans' BW.
    let slow = WORKED.replace("W charge K fast", "W charge K");
    let out = replay(&slow, |_| {});
    let found: Vec<_> = out
        .iter()
        .map(|v| (v.code, slow[v.span.range()].to_string()))
        .filter(|(c, _)| MOVEMENT.contains(&c.trim_start_matches("feudal-ohw::")))
        .collect();
    assert_eq!(found, [("feudal-ohw::charge-too-far", "K".to_string())]);
}

mod robustness {
    use super::*;
    use proptest::prelude::*;

    const UNITS: &[&str] = &["K", "S", "B", "R", "Q", "F", "Z"];
    const VERBS: &[&str] = &["move", "turn", "charge", "retreat", "face"];
    const ARGS: &[&str] = &[
        "5in",
        "-3in",
        "0in",
        "12in",
        "90deg",
        "-200deg",
        "180deg",
        "fast",
        "d6:4",
        "3d6:1+2+3",
        "F",
        "K",
        "W",
        "X",
        "offset=1in",
        "offset=x",
        "edge=left",
        "edge=up",
        "dist=3in",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any line of movement words gives at most one finding of
        /// movement's codes, and never a panic.
        #[test]
        fn any_movement_line_gives_at_most_one_finding(
            lines in prop::collection::vec(
                (0..UNITS.len(), 0..VERBS.len(), prop::collection::vec(0..ARGS.len(), 0..4)),
                1..4,
            ),
        ) {
            let mut text = String::new();
            for (u, v, args) in &lines {
                let args: Vec<&str> = args.iter().map(|&a| ARGS[a]).collect();
                text += &format!("    {} {} {}\n", UNITS[*u], VERBS[*v], args.join(" "));
            }
            let battle = battle(NONE, &angevins(&text));
            let archive = parse(&battle);
            prop_assume!(!archive.has_errors());
            let (found, _) = run(&battle);
            let mine = found.iter().filter(|(c, _, _)| MOVEMENT.contains(&c.as_str())).count();
            prop_assert!(mine <= lines.len(), "{text}{found:#?}");
        }
    }
}

#[test]
fn a_horse_marshal_gives_knights_a_turn_at_the_end() {
    // Knights turn once (2.4b); with a horse marshal one more, at the end
    // of the move (PER.HM).
    let marshal = [
        (
            "map table 36x36in\n",
            "map table 36x36in\noption personalities\n",
        ),
        (
            "  unit Q \"Kerns\" brigans average\n",
            "  unit Q \"Kerns\" brigans average\n  unit HM \"Marshal\" horse-marshal personality with=K\n",
        ),
    ];
    check(
        &marshal,
        &angevins("    K move -90deg 2in 90deg => K@12x6in^90deg"),
        NONE,
    );
    check(
        NONE,
        &angevins("    K move -90deg 2in 90deg"),
        &[("turn-not-allowed", "90deg")],
    );
}

#[test]
fn a_target_by_the_charger_s_flank_is_charged_by_turning() {
    // F (facing north) stands 1" off K's right flank: eligible by E2
    // (2.8C: "within a BD of the Charger's Flank Arc"). K's front centre
    // is in F's left arc, so K turns right and strikes F's left flank,
    // conformed facing east with its front on x 13.5 (FO-R18, FO-R19).
    let beside = [("F@10x30in^270deg", "F@16x6in^90deg")];
    check(
        &beside,
        &angevins("    K charge F => K@12.25x6in^0deg F contact=left"),
        NONE,
    );
    // 3" off: beyond a BD of the flank, and not in K's front arc.
    let apart = [("F@10x30in^270deg", "F@18x6in^90deg")];
    check(
        &apart,
        &angevins("    K charge F"),
        &[("charge-not-eligible", "F")],
    );
}

#[test]
fn a_cramped_charger_contacts_with_its_flank_and_marks_it() {
    // F's right flank (x 11.45-13.95, y 18.2) lies 0.05" from the lake,
    // with S west of the strip below it: no front place with a BD of
    // contact is clear, but K's left flank fits, whole (2.8C.f). The
    // charge goes flank first, and the flank is marked (2.8C.f.mark).
    let cramped = [
        ("F@10x30in^270deg", "F@12.7x20.7in^0deg"),
        ("K@10x6in^90deg", "K@12.7x10in^90deg"),
        ("S@5x6in^90deg", "S@7x16.95in^90deg"),
    ];
    check(
        &cramped,
        &angevins(
            "    K charge F fast edge=left => K@12.7x15.7in^0deg K marked=left F contact=right",
        ),
        NONE,
    );
    // Cramped by units alone (B where the lake was): no side-edge contact
    // (2.8C.f: "between Units and Terrain / Board Edge").
    let by_units = [
        ("terrain lake polygon 14x14in 20x14in 20x18in 14x18in\n", ""),
        ("F@10x30in^270deg", "F@12.7x20.7in^0deg"),
        ("K@10x6in^90deg", "K@12.7x10in^90deg"),
        ("S@5x6in^90deg", "S@7x16.95in^90deg"),
        ("B@24x6in^90deg", "B@16.5x16.95in^90deg"),
    ];
    check(
        &by_units,
        &angevins("    K charge F fast edge=left"),
        &[("side-edge-not-allowed", "edge=left")],
    );
    let m = message(&by_units, &angevins("    K charge F fast edge=left"));
    assert!(m.starts_with("only units cramp"), "{m}");
    // Front first, its 5" width runs into the lake on the way.
    check(
        &cramped,
        &angevins("    K charge F fast"),
        &[("charge-blocked", "F")],
    );
}
