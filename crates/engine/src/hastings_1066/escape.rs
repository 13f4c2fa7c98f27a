//! Leaders left alone (10.2.2, 10.2.3; HS-R34): a leader with no friendly
//! combat unit in his hex owes an escape when his hex is in an enemy zone
//! of control, or when a line ends with an enemy combat unit next to him
//! that was not before. `LEADER escape PATH` goes at most three hexes, ends
//! three or more from each enemy that caused it, and enters no enemy hex
//! and no enemy zone of control unless a friendly combat unit stands
//! there; with no such path, `LEADER escape => LEADER captured`.

use arrayvec::ArrayVec;
use senlac_board::{Cell, facing, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;
use senlac_notation::value;
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::Event;
use super::melee::controls_cell;
use super::rules;
use super::state::{LeaderStanding, Owed, Placed, Standing, State};
use crate::reuse::Path;
use crate::violation::Violation;

/// Hexes an escape may go (10.2.2).
const ESCAPE_HEXES: usize = 3;

/// The enemy combat units of `piece` (on the map).
fn enemies(state: &State, piece: usize) -> impl Iterator<Item = usize> + '_ {
    let side = state.info(piece).map(|i| i.side);
    side.into_iter()
        .flat_map(move |side| super::ground::enemy_units(state, side).map(|(enemy, _)| enemy))
}

/// Whether a friendly combat unit of `leader` stands in `cell`.
fn friend_in(state: &State, leader: usize, cell: Cell) -> bool {
    super::ground::friend_of(state, leader, cell).is_some()
}

/// The hexes, before the line and after it, of each piece whose hex,
/// standing or facing the line changed: read from the entries the line
/// added to `State::replaced` (those from `mark` on), the first for a
/// piece saying how it stood before the line.
fn changes(state: &State, mark: usize) -> impl Iterator<Item = (Option<Cell>, Option<Cell>)> + '_ {
    let line = state.replaced.get(mark..).unwrap_or_default();
    line.iter()
        .enumerate()
        .filter_map(move |(i, &(piece, was))| {
            let first = !line[..i].iter().any(|&(p, _)| p == piece);
            let now = state.pieces.get(piece)?;
            (first && !was.same_as(now)).then_some((was.at, now.at))
        })
}

/// How `piece` stood before the line whose entries in `State::replaced`
/// start at `mark`; `None` past the last piece.
fn before_line(state: &State, mark: usize, piece: usize) -> Option<Placed> {
    let line = state.replaced.get(mark..).unwrap_or_default();
    match line.iter().find(|&&(p, _)| p == piece) {
        Some(&(_, was)) => Some(was),
        None => state.pieces.get(piece).map(Placed::of),
    }
}

/// The hexes a line changed a piece in or out of, gathered once for all
/// the leaders after it. A leader's exposure reads only the pieces within
/// a row and a column of him, so a line that changed none of them there
/// left it as it was.
struct Changed {
    cells: ArrayVec<Cell, 16>,
    /// More hexes than `cells` holds (a reform lifts a whole army): every
    /// leader is looked at again.
    everywhere: bool,
}

impl Changed {
    fn of(state: &State, mark: usize) -> Changed {
        let mut changed = Changed {
            cells: ArrayVec::new(),
            everywhere: false,
        };
        for (was, now) in changes(state, mark) {
            for cell in [was, now].into_iter().flatten() {
                changed.everywhere |= changed.cells.try_push(cell).is_err();
            }
        }
        changed
    }

    fn is_empty(&self) -> bool {
        self.cells.is_empty() && !self.everywhere
    }

    /// Whether a leader at `at` may see his exposure changed.
    fn near(&self, at: Cell) -> bool {
        self.everywhere || self.cells.iter().any(|&cell| hex::within_one(cell, at))
    }
}

/// Where a leader stands with the enemy: whether he is alone in an enemy
/// zone of control, and the enemy combat units next to him.
struct Exposure {
    alone_in_zoc: bool,
    adjacent: SmallVec<[usize; 6]>,
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
    let mut adjacent = SmallVec::new();
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
/// was not next to him before it, owes his escape. The line's changes are
/// the entries it added to `State::replaced`, from `mark` on.
/// `walked`: the line is a voluntary move, so a leader it moved walked in
/// himself.
pub fn settle(fold: &mut Fold<'_>, mark: usize, cause: Span, walked: bool) {
    // Most lines change a piece or two: only the leaders near them are
    // looked at again.
    let changed = Changed::of(fold, mark);
    if changed.is_empty() {
        return;
    }
    for i in 0..fold.roster.leaders.len() {
        let leader = fold.roster.leaders[i];
        let Some(at) = fold.pieces[leader].at else {
            continue;
        };
        if !changed.near(at) {
            continue;
        }
        let alive = matches!(
            fold.pieces[leader].leader,
            LeaderStanding::Effective | LeaderStanding::Wounded | LeaderStanding::Shaken
        );
        if !alive || friend_in(fold, leader, at) {
            continue;
        }
        // 10.2.3 is owed when an enemy moves next to him: a leader who
        // walks in himself owes nothing (alone into a zone, 10.2.2 refuses
        // the move, one error). One whose escape ends beside the enemy
        // still escapes again.
        if walked && before_line(fold, mark, leader).is_some_and(|was| was.at != Some(at)) {
            continue;
        }
        let owed = fold
            .owed
            .iter()
            .any(|o| matches!(o, Owed::Escape { leader: l, .. } if *l == leader));
        if owed {
            continue;
        }
        // No piece in the hexes around him, as the count tells: no enemy
        // is next to him, with no pass over the pieces.
        if hex::neighbours(at, fold.roster.parity).all(|c| fold.vacant(c)) {
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
        let was = exposure(fold, |o| before_line(fold, mark, o), leader);
        let was_adjacent: &[usize] = was.as_ref().map_or(&[], |e| e.adjacent.as_slice());
        let newly_in_zoc = alone_in_zoc && !was.as_ref().is_some_and(|e| e.alone_in_zoc);
        let mut causes: SmallVec<[usize; 4]> = if newly_in_zoc {
            enemies(fold, leader)
                .filter(|&e| controls_cell(fold, e, at))
                .collect()
        } else {
            SmallVec::new()
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
    // Asked of every hex an escape might take: the enemies are not listed,
    // and their zones are the ones the state keeps (every combat unit has a
    // class, so they are the zones `controls_cell` reads).
    // Most hexes are empty: the count says so without the enemies.
    let occupied =
        !state.vacant(cell) && enemies(state, leader).any(|e| state.pieces[e].at == Some(cell));
    let controlled = state
        .info(leader)
        .is_some_and(|i| super::ground::zone_of(state, i.side.other()).contains(&cell));
    !occupied && (!controlled || friend_in(state, leader, cell))
}

/// The hexes an escape's search has reached and goes on from: at most
/// the 37 within three hexes of the leader, held inline.
type Frontier = SmallVec<[Cell; 37]>;

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
    let mut frontier: Frontier = smallvec::smallvec![start];
    for _ in 0..ESCAPE_HEXES {
        let mut next = Frontier::new();
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
pub fn line(fold: &mut Fold<'_>, leader: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
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
    let from: SmallVec<[usize; 4]> = from.into_iter().flatten().collect();
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
    let cells: Path = value::cells(atom).collect();
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
        path: Path::from_slice(&cells[1..]),
        facing: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fold::Sandbox;
    use crate::hastings_1066::HASTINGS_1066;
    use senlac_notation::lower::Step;

    /// `may_enter`, which reads the zones the state keeps, is the rule as
    /// `controls_cell` reads each enemy's zone (HS-R34), for every hex
    /// within two of every leader after every step of the sample and of
    /// generated battles.
    #[test]
    fn an_escape_meets_the_zones_the_enemies_cast() {
        let (mut asked, mut zoned) = (0, 0);
        for text in crate::hastings_1066::play::sample_and_generated(3, 13) {
            crate::hastings_1066::play::each_state(&text, |state| {
                for &leader in &state.roster.leaders {
                    let Some(at) = state.pieces[leader].at else {
                        continue;
                    };
                    for cell in state.roster.extent.cells() {
                        if hex::distance(at, cell, state.roster.parity) > 2 {
                            continue;
                        }
                        let occupied =
                            enemies(state, leader).any(|e| state.pieces[e].at == Some(cell));
                        let cast = enemies(state, leader).any(|e| controls_cell(state, e, cell));
                        let rule = !occupied && (!cast || friend_in(state, leader, cell));
                        assert_eq!(may_enter(state, leader, cell), rule, "{cell} by {leader}");
                        asked += 1;
                        zoned += usize::from(cast);
                    }
                }
            });
        }
        assert!(
            asked > 5_000 && zoned > 500,
            "{asked} hexes, {zoned} in a zone"
        );
    }

    /// Plays the first battle of `text` and hands `each`, after every
    /// line, how every piece stood before it, the state after it and
    /// where its entries in `State::replaced` start.
    fn each_line(text: &str, mut each: impl FnMut(&[Placed], &State, usize)) -> usize {
        let archive = senlac_notation::parse(text);
        let battle = &archive.battles[0];
        let mut out = Vec::new();
        let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
        let mut lines = 0;
        let mut rest = senlac_notation::lower::steps(battle);
        while let Some(step) = rest.next() {
            let before: Vec<Placed> = fold.state.pieces.iter().map(Placed::of).collect();
            let mark = fold.state.replaced.len();
            fold.step(&HASTINGS_1066, &step, &rest, &mut out);
            if matches!(step, Step::Action(_)) {
                lines += 1;
                each(&before, &fold.state, mark);
            }
        }
        lines
    }

    fn sample() -> &'static str {
        include_str!("../../../../samples/hastings-1066-st.sbn")
    }

    /// What `settle` reads of a line from its entries in `State::replaced`
    /// is what comparing every piece with a copy taken before the line
    /// finds: the same changes, and the same placing of
    /// every piece before it. Held on the sample battle and on generated
    /// ones, whose lines move, rout and eliminate pieces.
    #[test]
    fn a_lines_changes_are_read_from_its_entries() {
        let texts = crate::hastings_1066::play::sample_and_generated(6, 11);
        let mut changed = 0;
        for text in &texts {
            let lines = each_line(text, |before, state, mark| {
                let order = |changes: &mut Vec<(Option<Cell>, Option<Cell>)>| {
                    let key = |c: Option<Cell>| c.map(|c| (c.column, c.row));
                    changes.sort_by_key(|&(was, now)| (key(was), key(now)));
                };
                let mut copied: Vec<_> = state
                    .pieces
                    .iter()
                    .zip(before)
                    .filter(|(now, was)| !was.same_as(now))
                    .map(|(now, was)| (was.at, now.at))
                    .collect();
                let mut read: Vec<_> = changes(state, mark).collect();
                order(&mut read);
                order(&mut copied);
                assert_eq!(read, copied);
                changed += copied.len();
                for (piece, was) in before.iter().enumerate() {
                    assert_eq!(before_line(state, mark, piece), Some(*was), "piece {piece}");
                }
                assert_eq!(before_line(state, mark, before.len()), None);
            });
            assert!(lines > 50, "{lines} lines");
        }
        assert!(changed > 500, "{changed} changes");
    }

    /// A leader's exposure changes only where a line changed a piece near
    /// him: what lets `settle` pass over the other leaders. Held for every
    /// leader after every line of the sample battle.
    #[test]
    fn exposure_changes_only_near_a_change() {
        let (mut changed, mut leaders) = (0, 0);
        each_line(sample(), |before, state, mark| {
            let lines_changes = Changed::of(state, mark);
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
                let was = read(exposure(state, |o| before.get(o).copied(), leader));
                if now != was {
                    changed += 1;
                    assert!(lines_changes.near(at), "leader {leader} at {at}");
                }
            }
        });
        // Exposures did change in the battle, and most leaders' did not.
        assert!(
            changed > 0 && leaders > 10 * changed,
            "{changed} of {leaders}"
        );
    }
}
