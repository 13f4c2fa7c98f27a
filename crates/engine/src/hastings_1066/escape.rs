//! Leaders left alone (10.2.2, 10.2.3; HS-R34): a leader with no friendly
//! combat unit in his hex owes an escape when his hex is in an enemy zone
//! of control, or when a line ends with an enemy combat unit next to him
//! that was not before. `LEADER escape PATH` goes at most three hexes, ends
//! three or more from each enemy that caused it, and enters no enemy hex
//! and no enemy zone of control unless a friendly combat unit stands
//! there; with no such path, `LEADER escape => LEADER captured`.

use senlac_board::facing::Vertex;
use senlac_board::{Cell, facing, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;
use senlac_notation::value;

use super::codes;
use super::event::Event;
use super::melee::controls_cell;
use super::play::Emit;
use super::rules;
use super::state::{LeaderStanding, Owed, PieceState, Standing, State};
use crate::violation::Violation;

/// Hexes an escape may go (10.2.2).
pub const ESCAPE_HEXES: usize = 3;

/// The enemy combat units of `piece` (on the map).
fn enemies(state: &State, piece: usize) -> Vec<usize> {
    let side = state.info(piece).map(|i| i.side);
    // Sized once: collecting from a filter grows the vector step by step.
    let mut found = Vec::with_capacity(state.pieces.len());
    found.extend((0..state.pieces.len()).filter(|&o| {
        state
            .info(o)
            .is_some_and(|i| Some(i.side) != side && !i.is_leader())
            && state.pieces[o].at.is_some()
    }));
    found
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

/// Where the pieces stood before a line, as far as a leader's exposure
/// reads it. Copying this for every piece is cheaper than working out every
/// leader's exposure before every line: only a leader left alone beside the
/// enemy after the line is compared with it.
pub struct Before(Vec<Placed>);

impl Before {
    pub fn of(state: &State) -> Before {
        Before(state.pieces.iter().map(Placed::of).collect())
    }

    /// The hexes, before the line and after it, of each piece whose hex,
    /// standing or facing the line changed.
    fn changes(&self, state: &State) -> Vec<(Option<Cell>, Option<Cell>)> {
        state
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(o, now)| match self.0.get(o) {
                Some(was) if was.same_as(now) => None,
                was => Some((was.and_then(|w| w.at), now.at)),
            })
            .collect()
    }
}

/// Whether a leader at `at` may see his exposure changed by `changes`: a
/// leader's exposure reads only the pieces within a row and a column of
/// him, so a line that changed none of them there left it as it was.
fn near_a_change(changes: &[(Option<Cell>, Option<Cell>)], at: Cell) -> bool {
    changes
        .iter()
        .flat_map(|&(was, now)| [was, now])
        .flatten()
        .any(|cell| hex::within_one(cell, at))
}

/// A piece's hex, standing and facing: what adjacency and zones of control
/// (5.7) read.
#[derive(Clone, Copy)]
struct Placed {
    at: Option<Cell>,
    standing: Standing,
    facing: Option<Vertex>,
}

impl Placed {
    /// Whether `piece` still stands as this says: asked of every piece
    /// after every line, field by field rather than through `Option`s of
    /// the whole.
    fn same_as(&self, piece: &PieceState) -> bool {
        let key =
            |at: Option<Cell>| at.map_or(u32::MAX, |c| u32::from(c.column) << 8 | u32::from(c.row));
        key(self.at) == key(piece.at)
            && self.standing == piece.standing
            && self.facing == piece.facing
    }

    fn of(piece: &PieceState) -> Placed {
        Placed {
            at: piece.at,
            standing: piece.standing,
            facing: piece.facing,
        }
    }
}

/// Where a leader stands with the enemy: whether he is alone in an enemy
/// zone of control, and the enemy combat units next to him.
struct Exposure {
    alone_in_zoc: bool,
    adjacent: Vec<usize>,
}

/// `leader`'s exposure with the pieces where `placed` says they are; `None`
/// when he is off the map.
fn exposure(
    state: &State,
    placed: impl Fn(usize) -> Option<Placed>,
    leader: usize,
) -> Option<Exposure> {
    let parity = state.roster.parity;
    let info = state.info(leader)?;
    let at = placed(leader)?.at?;
    let mut adjacent = Vec::new();
    let mut in_zoc = false;
    let mut with_friend = false;
    for (o, them) in state.roster.pieces.iter().enumerate() {
        let Some(other) = placed(o) else { break };
        let Some(cell) = other.at else { continue };
        // Pieces more than a row or a column away are passed over first.
        if !hex::within_one(cell, at) || them.is_leader() {
            continue;
        }
        if them.side == info.side {
            with_friend |= cell == at;
        } else if hex::adjacent(cell, at, parity) {
            adjacent.push(o);
            // The hexes it controls are among its neighbours (5.7).
            in_zoc = in_zoc
                || (other.standing == Standing::Good
                    && other.facing.is_some_and(|facing| {
                        facing::frontal_neighbours(cell, facing, parity).any(|c| c == at)
                    }));
        }
    }
    Some(Exposure {
        alone_in_zoc: in_zoc && !with_friend,
        adjacent,
    })
}

/// After a line: each leader it left alone (no friendly combat unit in his
/// hex), newly in an enemy zone of control or next to an enemy unit that
/// was not next to him before it, owes his escape.
pub fn settle(fold: &mut impl Emit, before: &Before, cause: Span) {
    // Most lines change a piece or two: only the leaders near them are
    // looked at again.
    let changes = before.changes(fold);
    if changes.is_empty() {
        return;
    }
    for leader in 0..fold.pieces.len() {
        if !fold.info(leader).is_some_and(|i| i.is_leader()) {
            continue;
        }
        let Some(at) = fold.pieces[leader].at else {
            continue;
        };
        if !near_a_change(&changes, at) {
            continue;
        }
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
        let now = |o: usize| fold.pieces.get(o).map(Placed::of);
        let Some(Exposure {
            alone_in_zoc,
            adjacent,
        }) = exposure(fold, now, leader)
        else {
            continue;
        };
        // In a zone of control is next to the unit that casts it.
        if adjacent.is_empty() {
            continue;
        }
        let was = exposure(fold, |o| before.0.get(o).copied(), leader);
        let was_adjacent: &[usize] = was.as_ref().map_or(&[], |e| e.adjacent.as_slice());
        let newly_in_zoc = alone_in_zoc && !was.as_ref().is_some_and(|e| e.alone_in_zoc);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A leader's exposure changes only where a line changed a piece near
    /// him: what lets `settle` pass over the other leaders. Held for every
    /// leader after every step of the sample battle.
    #[test]
    fn exposure_changes_only_near_a_change() {
        let mut previous: Option<Before> = None;
        let (mut changed, mut leaders) = (0, 0);
        crate::hastings_1066::play::each_sample_state(|state| {
            if let Some(before) = &previous {
                let changes = before.changes(state);
                for leader in 0..state.pieces.len() {
                    let Some(at) = state.pieces[leader].at else {
                        continue;
                    };
                    if !state.info(leader).is_some_and(|i| i.is_leader()) {
                        continue;
                    }
                    leaders += 1;
                    let read = |e: Option<Exposure>| e.map(|e| (e.alone_in_zoc, e.adjacent));
                    let now = read(exposure(
                        state,
                        |o| state.pieces.get(o).map(Placed::of),
                        leader,
                    ));
                    let was = read(exposure(state, |o| before.0.get(o).copied(), leader));
                    if now != was {
                        changed += 1;
                        assert!(near_a_change(&changes, at), "leader {leader} at {at}");
                    }
                }
            }
            previous = Some(Before::of(state));
        });
        // Exposures did change in the battle, and most leaders' did not.
        assert!(
            changed > 0 && leaders > 10 * changed,
            "{changed} of {leaders}"
        );
    }
}
