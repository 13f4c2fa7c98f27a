//! How Hastings: 1066 lines are written, shared by the generator
//! (`generate`) and the listing of legal actions (`moves`): paths, facings,
//! the routes a move may take, the ways out of an owed rout, pursuit or
//! escape, and the claims read off what the engine did with a line. Nothing
//! here decides legality: every line is tried through [`crate::trial`].

use std::collections::{HashMap, VecDeque};

use senlac_board::facing::{self, Aspect, Vertex};
use senlac_board::{Cell, hex};

use super::Hastings1066;
use super::event::Event;
use super::ground::{self, Mover};
use super::state::{LeaderStanding, Standing, State, Wing};
use super::tables::{Hexside, Movement, Side};
use crate::doubt::Doubt;
use crate::trial::{self, Trial};

/// A line tried on a copy of the state.
pub type Tried = Trial<Hastings1066>;

/// Plays `line` on a copy of `state`: `None` when it is no action.
pub fn try_line(state: &State, line: &str) -> Option<Tried> {
    trial::line(&Hastings1066, state, &Doubt::default(), line)
}

/// `line` if the engine accepts it, with the first claim of `claim` (read
/// off what the line did) that it accepts too: the line as a log would
/// write it, and its trial.
pub fn claimed(
    state: &State,
    line: &str,
    claim: impl Fn(&State, &Tried) -> Vec<String>,
) -> Option<(String, Tried)> {
    let plain = try_line(state, line).filter(Tried::accepted)?;
    for words in claim(state, &plain) {
        let with = format!("{line} => {words}");
        if let Some(tried) = try_line(state, &with).filter(Tried::accepted) {
            return Some((with, tried));
        }
    }
    Some((line.to_string(), plain))
}

pub fn path_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The vertex facing `to` from `from`, `or` when there is none.
pub fn facing_to(state: &State, from: Cell, to: Option<Cell>, or: u8) -> u8 {
    let parity = state.roster.parity;
    to.and_then(|to| {
        if hex::adjacent(from, to, parity) {
            Vertex::ALL
                .into_iter()
                .find(|&v| facing::frontal_neighbours(from, v, parity).any(|c| c == to))
        } else {
            Vertex::ALL
                .into_iter()
                .find(|&v| facing::aspect(from, v, to, parity) == Some(Aspect::Front))
        }
    })
    .map_or(or, Vertex::number)
}

/// The facing a unit of `side` ending at `at` takes: toward the nearest
/// enemy, else its army's front (the Normans face 5, the Saxons 2).
pub fn facing_at(state: &State, side: Side, at: Cell) -> u8 {
    let aim = ground::nearest_enemy(state, side, at).and_then(|(_, e)| state.pieces[e].at);
    let default = if side == Side::Normans { 5 } else { 2 };
    facing_to(state, at, aim, default)
}

/// The combat units of `side` on the map, in roster order.
pub fn units(state: &State, side: Side) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&p| {
            state
                .info(p)
                .is_some_and(|i| i.side == side && !i.is_leader())
                && state.pieces[p].at.is_some()
                && state.pieces[p].standing != Standing::Eliminated
        })
        .collect()
}

/// The living leaders of `side` on the map.
pub fn leaders(state: &State, side: Side) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&p| {
            state
                .info(p)
                .is_some_and(|i| i.side == side && i.is_leader())
                && state.pieces[p].at.is_some()
                && !matches!(
                    state.pieces[p].leader,
                    LeaderStanding::Killed | LeaderStanding::Captured
                )
        })
        .collect()
}

pub fn id(state: &State, piece: usize) -> String {
    state
        .info(piece)
        .map_or_else(String::new, |i| i.id.to_string())
}

/// A status as a claim writes it.
pub fn standing_word(standing: Standing) -> &'static str {
    match standing {
        Standing::Good => "ok",
        Standing::Disrupted => "disrupted",
        Standing::Routed => "routed",
        Standing::Eliminated => "eliminated",
    }
}

/// A claim of `piece`'s status after the line (a morale check, a reaction).
pub fn standing_claim(piece: usize) -> impl Fn(&State, &Tried) -> Vec<String> {
    move |before, after| {
        vec![format!(
            "{} {}",
            id(before, piece),
            standing_word(after.state.pieces[piece].standing)
        )]
    }
}

/// A rally line's claim: rallied, or still disrupted.
pub fn rally_claim(piece: usize) -> impl Fn(&State, &Tried) -> Vec<String> {
    move |before, after| {
        let word = if after.state.pieces[piece].standing == Standing::Good {
            "rallied"
        } else {
            "disrupted"
        };
        vec![format!("{} {word}", id(before, piece))]
    }
}

/// A casualty roll's claim: what the table gave the leader.
pub fn casualty_claim(leader: usize) -> impl Fn(&State, &Tried) -> Vec<String> {
    move |before, after| {
        after
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { piece, result, .. } if *piece == leader => {
                    Some(format!("{} {result}", id(before, leader)))
                }
                _ => None,
            })
            .collect()
    }
}

/// A fire line's claim: the strengths, the column and what befell the
/// target, as the engine reckoned them.
pub fn fire_claim(before: &State, after: &Tried, target: usize) -> Vec<String> {
    let Some((fire, defence, odds)) = after.events.iter().find_map(|e| match e {
        Event::Fired {
            fire,
            defence,
            odds,
            ..
        } => Some((*fire, *defence, *odds)),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut claim = format!("fire={fire} defense={defence}");
    if let Some(column) = odds {
        claim.push_str(&format!(" odds={}", column.label()));
    }
    with_statuses(claim, statuses(before, &after.state, &[target]))
}

/// A melee line's claim: the differential and the statuses it gave.
pub fn melee_claim(before: &State, after: &Tried, pieces: &[usize]) -> Vec<String> {
    let Some(diff) = after.events.iter().find_map(|e| match e {
        Event::Fought {
            attack, defence, ..
        } => Some(attack - defence),
        _ => None,
    }) else {
        return Vec::new();
    };
    with_statuses(
        format!("diff={diff:+}"),
        statuses(before, &after.state, pieces),
    )
}

/// A claim with the statuses first, then without them.
fn with_statuses(claim: String, status: String) -> Vec<String> {
    let mut claims = Vec::new();
    if !status.is_empty() {
        claims.push(format!("{claim} {status}"));
    }
    claims.push(claim);
    claims
}

/// What a line did to each of `pieces`: a step lost, a new status.
pub fn statuses(before: &State, after: &State, pieces: &[usize]) -> String {
    let mut words = Vec::new();
    for &piece in pieces {
        let (was, is) = (&before.pieces[piece], &after.pieces[piece]);
        let id = before.info(piece).map_or("", |i| i.id.as_str());
        let mut said = Vec::new();
        if is.standing == Standing::Eliminated && was.standing != Standing::Eliminated {
            said.push("eliminated");
        } else {
            if is.reduced && !was.reduced {
                said.push("reduced");
            }
            if is.standing != was.standing {
                said.push(standing_word(is.standing));
            }
        }
        if !said.is_empty() {
            words.push(format!("{id} {}", said.join(" ")));
        }
    }
    words.join(" ")
}

/// A rout or a withdrawal of `piece` (`verb`): the path of least
/// resistance is the engine's, read off its complaint at a retreat of no
/// steps, so it is never computed twice.
pub fn retreat(state: &State, piece: usize, verb: &str) -> Option<String> {
    let start = state.pieces[piece].at?;
    let id = id(state, piece);
    let facing = state.info(piece).map_or(2, |i| i.side.row().routed_facing);
    let line = format!("{id} {verb} {start} facing={facing}");
    let tried = try_line(state, &line)?;
    if tried.accepted() {
        return Some(line);
    }
    // The help names the path the rules give, and the claim a step off
    // the map needs: "write `PATH`[ and claim `=> ID eliminated`]…".
    let (path, off) = tried.violations.iter().find_map(|v| {
        let help = v.help.as_deref()?;
        let (path, rest) = help.strip_prefix("write `")?.split_once('`')?;
        Some((path.to_string(), rest.starts_with(" and claim `=>")))
    })?;
    Some(if off {
        format!("{id} {verb} {path} facing={facing} => {id} eliminated")
    } else {
        format!("{id} {verb} {path} facing={facing}")
    })
}

/// A pursuit's paths: each step nearer the routed `target`, until next to
/// it; the longest first.
pub fn pursuits(state: &State, piece: usize, target: usize) -> Vec<Vec<Cell>> {
    let (Some(start), Some(goal)) = (state.pieces[piece].at, state.pieces[target].at) else {
        return Vec::new();
    };
    let parity = state.roster.parity;
    let side = state.info(piece).map(|i| i.side);
    let mut paths = Vec::new();
    let mut stack = vec![vec![start]];
    while let Some(path) = stack.pop() {
        let here = *path.last().unwrap_or(&start);
        paths.push(path.clone());
        if hex::adjacent(here, goal, parity) || paths.len() > 64 {
            continue;
        }
        for next in hex::neighbours(here, parity) {
            let nearer = hex::distance(next, goal, parity) < hex::distance(here, goal, parity);
            let occupied = (0..state.pieces.len())
                .any(|p| state.pieces[p].at == Some(next) && state.info(p).map(|i| i.side) != side);
            if nearer && state.roster.extent.contains(next) && !occupied {
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
    }
    paths.sort_by_key(|p| std::cmp::Reverse(p.len()));
    paths
}

/// A pursuit line along `path` toward `target`.
pub fn pursuit_line(state: &State, piece: usize, target: usize, path: &[Cell]) -> Option<String> {
    let end = *path.last()?;
    let facing = facing_to(state, end, state.pieces[target].at, 2);
    Some(format!(
        "{} pursue {} facing={facing}",
        id(state, piece),
        path_text(path)
    ))
}

/// A lone leader's escapes: at most three hexes, ending three or more from
/// the enemies `from` that forced it, one path a hex, nearest a friendly
/// unit first.
pub fn escapes(state: &State, leader: usize, from: &[usize]) -> Vec<Vec<Cell>> {
    let Some(start) = state.pieces[leader].at else {
        return Vec::new();
    };
    let parity = state.roster.parity;
    let enemies: Vec<Cell> = from.iter().filter_map(|&e| state.pieces[e].at).collect();
    let side = state.info(leader).map_or(Side::Normans, |i| i.side);
    let zoc = ground::zone_of(state, side.other());
    let friend = |c: Cell| {
        (0..state.pieces.len()).any(|p| {
            state.pieces[p].at == Some(c)
                && state
                    .info(p)
                    .is_some_and(|i| i.side == side && !i.is_leader())
        })
    };
    let may_enter = |c: Cell| {
        state.roster.extent.contains(c)
            && ground::enemy_in(state, side, c).is_none()
            && (!zoc.contains(&c) || friend(c))
    };
    let mut ends: HashMap<Cell, Vec<Cell>> = HashMap::new();
    let mut frontier = vec![vec![start]];
    for _ in 0..3 {
        let mut next = Vec::new();
        for path in frontier {
            let here = *path.last().unwrap_or(&start);
            for to in hex::neighbours(here, parity) {
                if !may_enter(to) || path.contains(&to) {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(to);
                if enemies.iter().all(|&e| hex::distance(e, to, parity) >= 3) {
                    ends.entry(to).or_insert_with(|| longer.clone());
                }
                next.push(longer);
            }
        }
        frontier = next;
    }
    let friends: Vec<Cell> = units(state, side)
        .into_iter()
        .filter_map(|p| state.pieces[p].at)
        .collect();
    let mut ranked: Vec<(u32, Vec<Cell>)> = ends
        .into_iter()
        .map(|(end, path)| {
            let near = friends
                .iter()
                .map(|&c| hex::distance(c, end, parity))
                .min()
                .unwrap_or(99);
            (near, path)
        })
        .collect();
    ranked.sort();
    ranked.into_iter().map(|(_, path)| path).collect()
}

/// A Great Fyrd unit's ways onto the map: from the entry hex (11.4.1), up
/// to two hexes on (only eastward when `eastward`, as the generator keeps
/// its fyrd); the longest first.
pub fn entries(state: &State, eastward: bool) -> Vec<Vec<Cell>> {
    let parity = state.roster.parity;
    let entry = ground::ENTRY_HEX;
    let mut paths: Vec<Vec<Cell>> = vec![vec![entry]];
    let mut frontier = vec![vec![entry]];
    for _ in 0..2 {
        let mut next = Vec::new();
        for path in &frontier {
            let here = *path.last().unwrap_or(&entry);
            for to in hex::neighbours(here, parity) {
                let onward = if eastward {
                    to.column > here.column
                } else {
                    !path.contains(&to)
                };
                if onward && state.roster.extent.contains(to) {
                    let mut longer = path.clone();
                    longer.push(to);
                    next.push(longer);
                }
            }
        }
        paths.extend(next.iter().cloned());
        frontier = next;
    }
    paths.reverse();
    paths
}

/// The Great Fyrd units due this Battle Turn and not on the map yet.
pub fn arriving(state: &State) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&p| {
            state.info(p).is_some_and(|i| i.arrives == Some(state.turn))
                && state.pieces[p].at.is_none()
                && state.pieces[p].standing != Standing::Eliminated
        })
        .collect()
}

/// `unit`'s entry along `path` as the engine accepts it: as it stands, or
/// claiming the wing it joins on entering a leader's radius (4.3.8.2).
pub fn entry(state: &State, unit: usize, path: &[Cell]) -> Option<(String, Tried)> {
    let id = id(state, unit);
    let line = format!("{id} enter {} facing=2", path_text(path));
    let claims = Wing::ALL.map(|wing| format!("{line} => {id} {}", wing.word()));
    std::iter::once(line).chain(claims).find_map(|line| {
        try_line(state, &line)
            .filter(Tried::accepted)
            .map(|t| (line, t))
    })
}

/// Every hex `mover` could end a move in from `start` under `allowance`,
/// each with a cheapest path: the engine's `ground::reach` with the way
/// there kept. Knights keep off ridges and marshes, which would call for a
/// check.
pub fn routes(
    state: &State,
    mover: Mover,
    start: Cell,
    allowance: Movement,
) -> Vec<(Cell, Vec<Cell>)> {
    let parity = state.roster.parity;
    let zoc = ground::zone_of(state, mover.side.other());
    let friend = |c: Cell| ground::friend_in(state, mover, c).is_some();
    let open = |from: Cell, to: Cell| {
        let knight_check = mover.is_knight()
            && (ground::hexside(state, from, to) == Some(Hexside::Ridge)
                || ground::terrain(state, to).row().knight_check);
        state.roster.extent.contains(to)
            && ground::enemy_in(state, mover.side, to).is_none()
            && !knight_check
            && if mover.is_leader() {
                !zoc.contains(&to) || friend(to)
            } else {
                !(zoc.contains(&to)
                    && (mover.bowmen || (from == start && zoc.contains(&start)) || friend(to)))
            }
    };
    let may_end = |c: Cell| mover.is_leader() || !friend(c);
    if let Some(step) = allowance.step {
        return hex::neighbours(start, parity)
            .filter(|&to| {
                open(start, to)
                    && !zoc.contains(&to)
                    && ground::step_allowed(state, mover.side, step, start, to)
                    && may_end(to)
            })
            .map(|to| (to, vec![start, to]))
            .collect();
    }
    let mut spent: HashMap<Cell, (u32, Cell)> = HashMap::new();
    spent.insert(start, (0, start));
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        let so_far = spent[&at].0;
        if at != start && zoc.contains(&at) {
            continue;
        }
        for to in hex::neighbours(at, parity) {
            if !open(at, to) {
                continue;
            }
            let (cost, _) = ground::step_cost(state, mover.arm(), at, to);
            let total = so_far + cost;
            if total > allowance.points || spent.get(&to).is_some_and(|&(s, _)| s <= total) {
                continue;
            }
            spent.insert(to, (total, at));
            queue.push_back(to);
        }
    }
    let mut ends: Vec<Cell> = spent.keys().copied().filter(|&c| may_end(c)).collect();
    ends.sort();
    ends.into_iter()
        .map(|end| {
            let mut path = vec![end];
            let mut here = end;
            while here != start {
                here = spent[&here].1;
                path.push(here);
            }
            path.reverse();
            (end, path)
        })
        .collect()
}
