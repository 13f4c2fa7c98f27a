//! Leaders left alone (10.2.2, 10.2.3; HS-R34): a leader with no friendly
//! combat unit in his hex owes an escape when his hex is in an enemy zone
//! of control, or when a line ends with an enemy combat unit next to him
//! that was not before. `LEADER escape PATH` goes at most three hexes, ends
//! three or more from each enemy that caused it, and enters no enemy hex
//! and no enemy zone of control unless a friendly combat unit stands
//! there; with no such path, `LEADER escape => LEADER captured`.

use senlac_board::{Cell, facing, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;
use senlac_notation::value;

use super::codes;
use super::event::Event;
use super::melee::controls_cell;
use super::play::Emit;
use super::rules;
use super::state::{LeaderStanding, Owed, Standing, State};
use crate::violation::Violation;

/// Hexes an escape may go (10.2.2).
pub const ESCAPE_HEXES: usize = 3;

/// The enemy combat units of `piece` (on the map).
fn enemies(state: &State, piece: usize) -> Vec<usize> {
    let side = state.info(piece).map(|i| i.side);
    (0..state.pieces.len())
        .filter(|&o| {
            state
                .info(o)
                .is_some_and(|i| Some(i.side) != side && !i.is_leader())
                && state.pieces[o].at.is_some()
        })
        .collect()
}

/// Whether a friendly combat unit of `leader` stands in `cell`.
fn friend_in(state: &State, leader: usize, cell: Cell) -> bool {
    let side = state.info(leader).map(|i| i.side);
    (0..state.pieces.len()).any(|o| {
        state.pieces[o].at == Some(cell)
            && state
                .info(o)
                .is_some_and(|i| Some(i.side) == side && !i.is_leader())
    })
}

/// Where a leader stands with the enemy, to compare before and after a
/// line: whether he is alone in an enemy zone of control, and the enemy
/// units next to him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exposure {
    pub leader: usize,
    pub alone_in_zoc: bool,
    pub adjacent: Vec<usize>,
}

const LEADERS_ROOM: usize = 16;

/// Every leader's exposure now. This runs before and after every line, so
/// it walks the pieces once, testing each combat unit against the leaders
/// on the map, and passes over a unit more than a row or a column from a
/// leader before any side or hex arithmetic.
pub fn adjacent_now(state: &State) -> Vec<Exposure> {
    let parity = state.roster.parity;
    let infos = &state.roster.pieces;
    // Room for every leader of the order of battle, so the pushes don't grow.
    let mut out = Vec::with_capacity(LEADERS_ROOM);
    let mut at = Vec::with_capacity(LEADERS_ROOM);
    for (l, (info, piece)) in infos.iter().zip(&state.pieces).enumerate() {
        if let (true, Some(cell)) = (info.is_leader(), piece.at) {
            out.push(Exposure {
                leader: l,
                alone_in_zoc: false,
                adjacent: Vec::new(),
            });
            at.push((cell, info.side, false));
        }
    }
    if out.is_empty() {
        return out;
    }
    for (o, (them, other)) in infos.iter().zip(&state.pieces).enumerate() {
        let Some(cell) = other.at else { continue };
        if them.is_leader() {
            continue;
        }
        for (exposure, (leader_at, side, with_friend)) in out.iter_mut().zip(&mut at) {
            if !hex::within_one(cell, *leader_at) {
                continue;
            }
            if them.side == *side {
                *with_friend |= cell == *leader_at;
            } else if hex::adjacent(cell, *leader_at, parity) {
                exposure.adjacent.push(o);
                // The hexes it controls are among its neighbours (5.7).
                exposure.alone_in_zoc = exposure.alone_in_zoc
                    || (other.standing == Standing::Good
                        && other.facing.is_some_and(|facing| {
                            facing::frontal_neighbours(cell, facing, parity)
                                .any(|c| c == *leader_at)
                        }));
            }
        }
    }
    // `alone_in_zoc` has held "in a zone" until the friends were counted.
    for (exposure, (_, _, with_friend)) in out.iter_mut().zip(&at) {
        exposure.alone_in_zoc &= !with_friend;
    }
    out
}

/// left in an enemy zone of control, or next to an enemy unit that was not
/// next to him before it (`before`, from [`adjacent_now`]).
pub fn settle(fold: &mut impl Emit, before: &[Exposure], cause: Span) {
    let now = adjacent_now(fold);
    for Exposure {
        leader,
        alone_in_zoc,
        adjacent,
    } in now
    {
        let Some(at) = fold.pieces[leader].at else {
            continue;
        };
        let alive = matches!(
            fold.pieces[leader].leader,
            LeaderStanding::Effective | LeaderStanding::Wounded | LeaderStanding::Shaken
        );
        if !alive || friend_in(fold, leader, at) {
            continue;
        }
        let owed = fold
            .owed
            .iter()
            .any(|o| matches!(o, Owed::Escape { leader: l, .. } if *l == leader));
        if owed {
            continue;
        }
        let was = before.iter().find(|e| e.leader == leader);
        let was_adjacent: &[usize] = was.map_or(&[], |e| e.adjacent.as_slice());
        let newly_in_zoc = alone_in_zoc && !was.is_some_and(|e| e.alone_in_zoc);
        let mut causes: Vec<usize> = if newly_in_zoc {
            enemies(fold, leader)
                .into_iter()
                .filter(|&e| controls_cell(fold, e, at))
                .collect()
        } else {
            Vec::new()
        };
        causes.extend(adjacent.into_iter().filter(|e| !was_adjacent.contains(e)));
        causes.sort_unstable();
        causes.dedup();
        if causes.is_empty() {
            continue;
        }
        let mut from = [None; 3];
        for (slot, &e) in from.iter_mut().zip(&causes) {
            *slot = Some(e);
        }
        fold.emit(Event::Owe(Owed::Escape {
            leader,
            from,
            cause,
        }));
    }
}

/// Whether a step of `leader` may enter `cell` (HS-R34): no enemy unit
/// there, and no enemy zone of control unless a friend stands there.
fn may_enter(state: &State, leader: usize, cell: Cell) -> bool {
    if !state.roster.extent.contains(cell) {
        return false;
    }
    let foes = enemies(state, leader);
    let occupied = foes.iter().any(|&e| state.pieces[e].at == Some(cell));
    let controlled = foes.iter().any(|&e| controls_cell(state, e, cell));
    !occupied && (!controlled || friend_in(state, leader, cell))
}

/// Whether some legal escape exists.
fn any_escape(state: &State, leader: usize, from: &[usize]) -> bool {
    let Some(start) = state.pieces[leader].at else {
        return false;
    };
    let parity = state.roster.parity;
    let far = |c: Cell| {
        from.iter().all(|&e| {
            state.pieces[e]
                .at
                .is_none_or(|at| hex::distance(at, c, parity) >= ESCAPE_HEXES as u32)
        })
    };
    let mut frontier = vec![start];
    for _ in 0..ESCAPE_HEXES {
        let mut next = Vec::new();
        for &c in &frontier {
            for n in hex::neighbours(c, parity) {
                if may_enter(state, leader, n) && !next.contains(&n) {
                    if far(n) {
                        return true;
                    }
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    false
}

/// `LEADER escape PATH`, or `LEADER escape => LEADER captured`.
pub fn line(
    fold: &mut impl Emit,
    leader: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let Some((index, from)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        Owed::Escape {
            leader: l, from, ..
        } if *l == leader => Some((i, *from)),
        _ => None,
    }) else {
        out.push(Violation::of(
            &codes::ACTION_NOT_OWED,
            action.span,
            format!("{} owes no escape here", fold.name(leader)),
            rules::LEADER_ESCAPE,
        ));
        return;
    };
    fold.emit(Event::Paid(index));
    let from: Vec<usize> = from.into_iter().flatten().collect();
    let captured = action
        .outcome()
        .is_some_and(|o| o.iter().any(|a| a.text == "captured"));
    let path = action.path();
    let possible = any_escape(fold, leader, &from);
    if captured || path.is_none() {
        if possible {
            out.push(Violation::of(
                &codes::LEADER_ESCAPE_ILLEGAL,
                action.span,
                format!(
                    "{} has a way out, three hexes clear of the enemy: he escapes, he is not captured",
                    fold.name(leader)
                ),
                rules::LEADER_ESCAPE,
            ));
            return;
        }
        // A captured William or Harold shakes his army as a fallen one
        // does (10.4.5, HS-R31; engine fix: only a casualty roll did).
        super::casualty::commander_falls(fold, leader, action.span);
        fold.emit(Event::LeaderStanding {
            piece: leader,
            standing: LeaderStanding::Captured,
        });
        return;
    }
    let Some(atom) = path else { return };
    let cells: Vec<Cell> = value::cells(atom).collect();
    let Some(start) = fold.pieces[leader].at else {
        return;
    };
    let parity = fold.roster.parity;
    let steps_ok = cells.first() == Some(&start)
        && cells.len() <= ESCAPE_HEXES + 1
        && cells.windows(2).all(|w| hex::adjacent(w[0], w[1], parity))
        && cells[1..].iter().all(|&c| may_enter(fold, leader, c));
    let end = *cells.last().unwrap_or(&start);
    let clear = from.iter().all(|&e| {
        fold.pieces[e]
            .at
            .is_none_or(|at| hex::distance(at, end, parity) >= ESCAPE_HEXES as u32)
    });
    if !steps_ok || !clear {
        out.push(Violation::of(
            &codes::LEADER_ESCAPE_ILLEGAL,
            atom.span,
            format!(
                "an escape goes at most three hexes from {start}, into no enemy hex or zone of control but with a friend, and ends three hexes or more from the enemy that forced it"
            ),
            rules::LEADER_ESCAPE,
        ));
        return;
    }
    fold.emit(Event::Moved {
        piece: leader,
        from: cells.first().copied(),
        path: cells[1..].to_vec(),
        facing: None,
    });
}
