//! What may be written next: TDGS's proposals for
//! [`crate::Ruleset::candidates`]. Each entity's lines come from the
//! catalog's verbs, its targets from the state, its destinations from a
//! search within its MOV; whether a line is legal is left to play itself
//! ([`crate::trial::legal`]), so nothing here repeats a rule.
//!
//! The listing covers every line that could come next: answers owed first
//! (morale checks, cornered checks, hazards, free attacks), then the open
//! activation's entity, then each activation that may open next this round
//! (after its label, and the turn line when the side changes) and each of
//! the next round (after its turn line and label). An activation may be
//! left out of a log (TURN-7), so any entity the REF order lets open next is
//! listed, not only the fastest. A move, a retreat, a disengage and a
//! charge are listed once per square they may end on, by a cheapest path;
//! reactions (`> X opportunity`) are the writer's to add and are not
//! listed. Ids are written bare, as Harrow Ford writes them.
//!
//! Rolls and damage: each rolled line (an attack, a shot, a spell, a
//! charge's attack, a free attack, a morale, cornered or rally check) is
//! proposed once per d20 face with the claim that face brings (`=> hit` or
//! `=> miss`, `=> pass` or `=> fail`, a cornered failure's fate), and the
//! listing merges the faces that claim the same. Damage is never derived
//! (COMBAT-5: weapons and armour are content, and the log states what was
//! rolled), so a listed hit states [`DAMAGE`], the least a hit does (core
//! D8), as a stand-in for whatever the writer rolls; a hazard likewise. A
//! natural 1 or 20 may also record `crit=d4:N`, and LUK +10 a reroll: both
//! optional, neither listed.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use senlac_board::Cell;
use senlac_board::footprint::{self, Footprint};
use senlac_board::square::{self, Adjacency};

use super::Tdgs;
use super::morale;
use super::play::cells;
use super::state::{Kind, Owed, State, Status};
use super::tables::{Command, Order};
use crate::doubt::Doubt;
use crate::system::{Candidate, Opening};

/// The damage a listed hit or hazard states: the least a hit does (core
/// D8), standing for the damage the writer rolls.
pub const DAMAGE: u32 = 1;

/// Every line that could be legal next at `state`, owed answers first.
pub fn candidates(state: &State) -> Vec<Candidate> {
    let mut out = Vec::new();
    if owed(state, &[], &mut out) {
        return out;
    }
    let open = state.activation.map(|a| a.entity);
    if let Some(entity) = open {
        lines(state, &[], entity, &mut out);
    }
    let order = activation_order(state);
    if state.round > 0 {
        for &entity in &order {
            let flags = state.entities[entity].round;
            if Some(entity) == open || flags.rallied || flags.spent() {
                continue;
            }
            let side = side_of(state, entity);
            let mut opens = Vec::new();
            if state.turn_side != Some(side) {
                opens.push(turn(state, state.round, side));
            }
            opens.push(label(state, entity));
            opened_lines(state, opens, entity, &mut out);
        }
    }
    for &entity in &order {
        let opens = vec![
            turn(state, state.round + 1, side_of(state, entity)),
            label(state, entity),
        ];
        opened_lines(state, opens, entity, &mut out);
    }
    out
}

/// The entities on the board that can act (not unconscious or
/// incapacitated), by REF then LUK, ties in roster order.
pub(super) fn activation_order(state: &State) -> Vec<usize> {
    let mut order: Vec<usize> = (0..state.entities.len())
        .filter(|&e| state.on_board(e))
        .filter(|&e| matches!(state.entities[e].status, Status::Active | Status::Routed))
        .collect();
    order.sort_by_key(|&e| {
        state
            .info(e)
            .map_or((0, 0, e), |i| (-i.stats.ref_, -i.stats.luk, e))
    });
    order
}

/// The lines an attack writes with `die`: a hit states its damage, a miss
/// none (COMBAT-5); the engine takes the one the die brings.
pub(super) fn strikes(head: &str, die: u64, damage: u64) -> [String; 2] {
    [
        format!("{head} d20:{die} damage={damage}"),
        format!("{head} d20:{die}"),
    ]
}

/// The morale check owed first (weakest first, CASCADE-2), as its line
/// begins: `R1 morale half`.
pub(super) fn due_morale(state: &State) -> Option<(usize, String)> {
    let pending: Vec<_> = state
        .owed
        .iter()
        .filter_map(|o| match o {
            Owed::Morale(check) => Some(*check),
            _ => None,
        })
        .collect();
    let unit = morale::next_due(state, &pending)?;
    let check = pending.iter().find(|c| c.unit == unit)?;
    Some((
        unit,
        format!("{} morale {}", id(state, unit), check.triggers.words()),
    ))
}

/// The free attack owed, as its line begins: `B free-attack G`.
pub(super) fn owed_free_attack(state: &State) -> Option<(usize, String)> {
    state.owed.iter().find_map(|o| match o {
        Owed::FreeAttack {
            attacker,
            commander,
            ..
        } => Some((
            *attacker,
            format!(
                "{} free-attack {}",
                id(state, *attacker),
                id(state, *commander)
            ),
        )),
        _ => None,
    })
}

/// A routed unit's flights ([`flights`]), then staying where it is, a
/// flight of no steps, for a unit hemmed in by friends.
pub(super) fn flee_paths(state: &State, entity: usize) -> Vec<Vec<Cell>> {
    let here = state.footprint(entity).map(|f| vec![f.anchor]);
    let mut paths = flights(state, entity);
    paths.extend(here);
    paths
}

/// The answers owed at `state`, after `opens` (a cornered check or a
/// hazard an activation opens with): the morale check due, each cornered
/// check and hazard, the free attack offered. Whether one of them must
/// come before anything else: all but a free attack, which may be
/// declined (MORALE-5, CORNERED-1, POSITION-11). Only what is owed now is
/// marked owed.
fn owed(state: &State, opens: &[Opening], out: &mut Vec<Candidate>) -> bool {
    let now = opens.is_empty();
    if let Some((unit, head)) = due_morale(state) {
        let claims = [" => pass", " => fail"];
        rolled(&who(state, opens, unit, now, "free"), &head, &claims, out);
    }
    for owed in &state.owed {
        match *owed {
            Owed::Cornered { unit, .. } => cornered(state, opens, unit, now, out),
            Owed::Hazard { entity, .. } => {
                let line = format!("{} hazard damage={DAMAGE}", id(state, entity));
                out.push(candidate(state, opens, line, entity, now, "free"));
            }
            Owed::Morale(_) | Owed::FreeAttack { .. } => {}
        }
    }
    if let Some((attacker, head)) = owed_free_attack(state) {
        let attacker = who(state, opens, attacker, now, "free");
        strike_faces(state, &attacker, &head, out);
    }
    state
        .owed
        .iter()
        .any(|o| !matches!(o, Owed::FreeAttack { .. }))
}

/// A cornered check once per face: a pass, or either fate the log may
/// state for a failure (CORNERED-3).
fn cornered(state: &State, opens: &[Opening], unit: usize, owed: bool, out: &mut Vec<Candidate>) {
    let id = id(state, unit);
    let fates = [
        " => pass".to_string(),
        format!(" => {id} surrendered"),
        format!(" => {id} destroyed"),
    ];
    let fates: Vec<&str> = fates.iter().map(String::as_str).collect();
    let head = format!("{id} cornered");
    rolled(&who(state, opens, unit, owed, "free"), &head, &fates, out);
}

/// `entity`'s lines after `opens`, if the engine accepts them at `state`.
fn opened_lines(state: &State, opens: Vec<Opening>, entity: usize, out: &mut Vec<Candidate>) {
    if let Some((at, _)) = crate::trial::open(&Tdgs, state, &Doubt::default(), &opens)
        && !owed(&at, &opens, out)
    {
        lines(&at, &opens, entity, out);
    }
}

/// The lines `entity` may write in its activation at `state`, after
/// `opens`: a routed unit's flights; otherwise its step, moves, attacks,
/// and its commands if it is a commander, and its delay.
fn lines(state: &State, opens: &[Opening], entity: usize, out: &mut Vec<Candidate>) {
    let Some(info) = state.info(entity) else {
        return;
    };
    let me = info.id.as_str();
    // A routed unit flees, or checks where it has no escape route
    // (CORNERED-1): play tells which.
    if state.entities[entity].status == Status::Routed {
        for path in flee_paths(state, entity) {
            let line = format!("{me} flee {}", cells(&path));
            out.push(candidate(state, opens, line, entity, false, "turn"));
        }
        cornered(state, opens, entity, false, out);
        return;
    }
    if let Some(anchor) = state.entities[entity].anchor {
        for next in square::neighbours(anchor, Adjacency::Diagonal) {
            let line = format!("{me} step {next}");
            out.push(candidate(state, opens, line, entity, false, "step"));
        }
    }
    let reach = reach(state, entity);
    // The catalog's who: heroes disengage, units retreat under Retreat.
    let mut verbs = vec!["move"];
    if info.kind == Kind::Hero {
        verbs.push("disengage");
    }
    if state.entities[entity].order == Some(Order::Retreat) {
        verbs.push("retreat");
    }
    for verb in verbs {
        for path in &reach {
            let line = format!("{me} {verb} {}", cells(path));
            out.push(candidate(state, opens, line, entity, false, "action"));
        }
    }
    let enemies: Vec<usize> = (0..state.entities.len())
        .filter(|&e| state.enemies(entity, e) && state.on_board(e))
        .collect();
    let mut heads = Vec::new();
    for &enemy in &enemies {
        let them = id(state, enemy);
        heads.push(format!("{me} attack {them}"));
        heads.push(format!("{me} shoot {them}"));
        if info.kind == Kind::Hero {
            heads.push(format!("{me} cast {them} arcane"));
            heads.push(format!("{me} cast {them} divine"));
        }
        // The catalog's who: units under Charge, to a square next to the
        // target.
        if state.entities[entity].order == Some(Order::Charge)
            && let Some(target) = state.footprint(enemy)
        {
            for path in &reach {
                let Some(&end) = path.last() else {
                    continue;
                };
                if footprint::adjacent(Footprint::new(end, info.width, info.height), target) {
                    heads.push(format!("{me} charge {them} {}", cells(path)));
                }
            }
        }
    }
    let attacker = who(state, opens, entity, false, "action");
    for head in heads {
        strike_faces(state, &attacker, &head, out);
    }
    if info.commander {
        commands(state, opens, entity, out);
    }
    let line = format!("{me} delay");
    out.push(candidate(state, opens, line, entity, false, "free"));
}

/// A commander's lines: orders, claims and releases of each friendly unit,
/// and a rally of each routed one.
fn commands(state: &State, opens: &[Opening], commander: usize, out: &mut Vec<Candidate>) {
    let me = id(state, commander);
    let friends = (0..state.entities.len()).filter(|&u| {
        u != commander
            && state.is_unit(u)
            && state.on_board(u)
            && state.info(u).map(|i| i.side) == state.info(commander).map(|i| i.side)
    });
    for unit in friends {
        let them = id(state, unit);
        for order in Order::ALL {
            // Repeating the unit's order is free (spec 1.3).
            let cost = if state.entities[unit].order == Some(order) {
                "free"
            } else {
                "action"
            };
            let line = format!("{me} order {them} {}", order.row().word);
            out.push(candidate(state, opens, line, commander, false, cost));
        }
        for slot in Command::ALL {
            let line = format!("{me} claim {them} {}", slot.word());
            out.push(candidate(state, opens, line, commander, false, "action"));
        }
        let line = format!("{me} release {them}");
        out.push(candidate(state, opens, line, commander, false, "free"));
        if state.entities[unit].status == Status::Routed {
            let head = format!("{me} rally {them}");
            if accepts(state, &format!("{head} d20:20")) {
                let claims = [" => pass", " => fail"];
                let rallier = who(state, opens, commander, false, "action");
                rolled(&rallier, &head, &claims, out);
            }
        }
    }
}

/// An attack's line once per face, hit or miss, as `who` writes it, when
/// the engine accepts it on a natural 20 (which always hits, RESOLVE-2): a
/// target out of reach costs one trial, not forty.
fn strike_faces(state: &State, who: &Candidate, head: &str, out: &mut Vec<Candidate>) {
    let [sure, _] = strikes(head, 20, u64::from(DAMAGE));
    if !accepts(state, &sure) {
        return;
    }
    for die in 1..=20 {
        let [hit, miss] = strikes(head, die, u64::from(DAMAGE));
        out.push(face(who, hit + " => hit", die));
        out.push(face(who, miss + " => miss", die));
    }
}

/// A check's line once per face, with each claim it may bring.
fn rolled(who: &Candidate, head: &str, claims: &[&str], out: &mut Vec<Candidate>) {
    for die in 1..=20 {
        for claim in claims {
            out.push(face(who, format!("{head} d20:{die}{claim}"), die));
        }
    }
}

/// `who`'s line with the d20 showing `die`.
fn face(who: &Candidate, line: String, die: u64) -> Candidate {
    Candidate {
        line,
        roll: Some(format!("d20:{die}")),
        ..who.clone()
    }
}

/// Whether the engine accepts `line` at `state` as it stands.
fn accepts(state: &State, line: &str) -> bool {
    crate::trial::line(&Tdgs, state, &Doubt::default(), line).is_some_and(|t| t.accepted())
}

/// A cheapest path (POSITION-4) to each anchor `entity` may stand on within
/// its MOV, in label order: each path the anchors entered.
fn reach(state: &State, entity: usize) -> Vec<Vec<Cell>> {
    let (Some(from), Some(info)) = (state.footprint(entity), state.info(entity)) else {
        return Vec::new();
    };
    let cost = morale::movement_cost_map(state, entity);
    let mov = u32::try_from(info.stats.mov).unwrap_or(0);
    let mut best: HashMap<Cell, (u32, Cell)> = HashMap::new();
    let mut queue = BinaryHeap::from([Reverse((0u32, from.anchor))]);
    best.insert(from.anchor, (0, from.anchor));
    while let Some(Reverse((spent, here))) = queue.pop() {
        if best.get(&here).is_some_and(|&(b, _)| b < spent) {
            continue;
        }
        let at = from.moved_to(here);
        for next in square::neighbours(here, Adjacency::Diagonal) {
            let Ok(step) = footprint::step_cost(at, next, |c| cost.cost(c)) else {
                continue;
            };
            let total = spent + step;
            if total <= mov && best.get(&next).is_none_or(|&(b, _)| total < b) {
                best.insert(next, (total, here));
                queue.push(Reverse((total, next)));
            }
        }
    }
    let mut ends: Vec<Cell> = best
        .keys()
        .copied()
        .filter(|&c| c != from.anchor && morale::may_stop(state, entity, c))
        .collect();
    ends.sort_unstable();
    ends.into_iter()
        .map(|end| {
            let mut path = vec![end];
            let mut at = end;
            while let Some(&(_, back)) = best.get(&at).filter(|_| at != from.anchor) {
                if back != from.anchor {
                    path.push(back);
                }
                at = back;
            }
            path.reverse();
            path
        })
        .collect()
}

/// Flights along descending steps that end where the unit may stand,
/// costliest first (at most a few dozen).
pub(super) fn flights(state: &State, entity: usize) -> Vec<Vec<Cell>> {
    let (Some(from), Some(info)) = (state.footprint(entity), state.info(entity)) else {
        return Vec::new();
    };
    let edge = if info.side == 0 { state.roster.rows } else { 1 };
    let cost = morale::movement_cost_map(state, entity);
    let map = footprint::distances_to(
        info.width,
        info.height,
        state.roster.extent(),
        &cost,
        |f: Footprint| {
            f.cells().any(|c| c.row == edge) && morale::may_stop(state, entity, f.anchor)
        },
        footprint::Rect {
            top: i32::from(edge),
            bottom: i32::from(edge),
            ..footprint::Rect::ANYWHERE
        },
    );
    let mov = u32::try_from(info.stats.mov).unwrap_or(0);
    let mut ends: Vec<(u32, Vec<Cell>)> = Vec::new();
    let mut stack = vec![(from, 0u32, Vec::new())];
    let mut visits = 0;
    while let Some((here, spent, path)) = stack.pop() {
        visits += 1;
        if visits > 4096 {
            break;
        }
        if !path.is_empty() && morale::may_stop(state, entity, here.anchor) {
            ends.push((spent, path.clone()));
        }
        for next in square::neighbours(here.anchor, Adjacency::Diagonal) {
            let Ok(step) = footprint::step_cost(here, next, |c| cost.cost(c)) else {
                continue;
            };
            if spent + step <= mov && map.descends(here.anchor, next, step) {
                let mut longer = path.clone();
                longer.push(next);
                stack.push((here.moved_to(next), spent + step, longer));
            }
        }
    }
    ends.sort_by_key(|end| Reverse(end.0));
    ends.truncate(32);
    ends.into_iter().map(|(_, path)| path).collect()
}

fn id(state: &State, entity: usize) -> &str {
    state.info(entity).map_or("", |i| i.id.as_str())
}

fn side_of(state: &State, entity: usize) -> usize {
    state.info(entity).map_or(0, |i| i.side)
}

/// `N. SIDE`.
fn turn(state: &State, number: u32, side: usize) -> Opening {
    Opening::Turn {
        number,
        side: state.roster.sides[side].to_string(),
    }
}

/// `ID:`.
fn label(state: &State, entity: usize) -> Opening {
    Opening::Phase(id(state, entity).to_string())
}

fn candidate(
    state: &State,
    opens: &[Opening],
    line: String,
    entity: usize,
    owed: bool,
    cost: &str,
) -> Candidate {
    Candidate {
        line,
        ..who(state, opens, entity, owed, cost)
    }
}

/// Who takes a line, where, at what price: a candidate but for its line.
fn who(state: &State, opens: &[Opening], entity: usize, owed: bool, cost: &str) -> Candidate {
    Candidate {
        opens: opens.to_vec(),
        line: String::new(),
        side: state.roster.sides[side_of(state, entity)].to_string(),
        units: vec![id(state, entity).to_string()],
        owed,
        cost: Some(cost.to_string()),
        limits: None,
        roll: None,
    }
}
