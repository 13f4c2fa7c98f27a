//! A rout's retreat (9.2.3, 9.3.1, 9.3.2; HS-R19, HS-R59): `UNIT rout PATH
//! facing=F`, owed as soon as a unit is routed. Three hexes along the path
//! of least resistance, ranked as whole paths: the most steps to the rear,
//! then the fewest friends passed, then the cheapest; never forward, never
//! into an enemy hex or an enemy zone of control. A step off the map
//! eliminates the unit; a unit that cannot complete its retreat stops,
//! loses a step and is disrupted instead.

use senlac_board::facing::{StepKind, Vertex};
use senlac_board::{Cell, hex};
use senlac_notation::lower::Action;
use senlac_notation::value::{self};
use senlac_notation::{AtomKind, Span};

use super::codes;
use super::event::Event;
use super::melee::controls;
use super::play::Emit;
use super::rules;
use super::state::{Owed, Standing, State};
use super::tables::{Arm, Hexside};
use crate::violation::Violation;

/// Hexes a rout retreats (9.2.3).
pub const ROUT_HEXES: usize = 3;

/// Where a step of a retreat goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Hex(Cell),
    /// Off the map: the unit is eliminated (9.2.3.4).
    Off,
}

/// A candidate retreat and its rank (HS-R19): lower is better.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Candidate {
    stops: Vec<Stop>,
    /// (steps not to the rear, friends passed, movement cost).
    rank: (usize, usize, u32),
}

/// Whether an enemy of `piece` stands in `cell` or controls it.
fn enemy_blocks(state: &State, piece: usize, cell: Cell) -> (bool, bool) {
    let side = state.info(piece).map(|i| i.side);
    let mut occupied = false;
    let mut controlled = false;
    for other in 0..state.pieces.len() {
        let Some(info) = state.info(other) else {
            continue;
        };
        if Some(info.side) == side {
            continue;
        }
        if state.pieces[other].at == Some(cell) {
            occupied = true;
        }
        if !controlled && controls(state, other).contains(&cell) {
            controlled = true;
        }
    }
    (occupied, controlled)
}

/// Whether a friendly combat unit (not `piece`) stands in `cell`.
fn friend_in(state: &State, piece: usize, cell: Cell) -> bool {
    let side = state.info(piece).map(|i| i.side);
    (0..state.pieces.len()).any(|other| {
        other != piece
            && state.pieces[other].at == Some(cell)
            && state
                .info(other)
                .is_some_and(|i| Some(i.side) == side && !i.is_leader())
    })
}

/// The cost for `piece` to step from `a` into `b` (5.5: terrain, stream).
fn step_cost(state: &State, piece: usize, a: Cell, b: Cell) -> u32 {
    let arm = state
        .info(piece)
        .and_then(|i| i.class)
        .map_or(Arm::Foot, |c| c.kind().arm());
    let ground = state.roster.ground_at(b).map_or(1, |g| g.terrain.cost(arm));
    let stream = match state.roster.hexside(a, b) {
        Some(side @ Hexside::Stream) => side.row().extra_cost,
        _ => 0,
    };
    ground + stream
}

/// Every legal retreat of up to `hexes` steps from where `piece` stands,
/// each as far as it can go (HS-R19). `withdrawal`: it may enter an enemy
/// ZOC and stops there (9.2.3.6).
fn retreats(state: &State, piece: usize, hexes: usize, withdrawal: bool) -> Vec<Candidate> {
    let Some(start) = state.pieces[piece].at else {
        return Vec::new();
    };
    let Some(side) = state.info(piece).map(|i| i.side) else {
        return Vec::new();
    };
    let rear = side.row().rear;
    let parity = state.roster.parity;
    let mut done = Vec::new();
    let mut open = vec![(vec![start], Vec::<Stop>::new(), (0usize, 0usize, 0u32))];
    while let Some((path, stops, rank)) = open.pop() {
        let here = *path.last().unwrap_or(&start);
        let stopped_in_zoc = withdrawal && !stops.is_empty() && enemy_blocks(state, piece, here).1;
        if stops.len() == hexes || stopped_in_zoc {
            done.push(Candidate { stops, rank });
            continue;
        }
        let mut went = false;
        for direction in hex::Direction::ALL {
            let kind = StepKind::of(direction, rear);
            if kind == StepKind::Forward {
                continue;
            }
            let behind = (kind != StepKind::Rear) as usize;
            match hex::neighbour(here, direction, parity)
                .filter(|&c| state.roster.extent.contains(c))
            {
                None => {
                    // Off the map: only a step to the rear leaves it.
                    if kind == StepKind::Rear {
                        let mut s = stops.clone();
                        s.push(Stop::Off);
                        done.push(Candidate { stops: s, rank });
                        went = true;
                    }
                }
                Some(next) => {
                    if path.contains(&next) {
                        continue;
                    }
                    let (occupied, controlled) = enemy_blocks(state, piece, next);
                    if occupied || (controlled && !withdrawal) {
                        continue;
                    }
                    let mut p = path.clone();
                    p.push(next);
                    let mut s = stops.clone();
                    s.push(Stop::Hex(next));
                    let friends = friend_in(state, piece, next) as usize;
                    open.push((
                        p,
                        s,
                        (
                            rank.0 + behind,
                            rank.1 + friends,
                            rank.2 + step_cost(state, piece, here, next),
                        ),
                    ));
                    went = true;
                }
            }
        }
        if !went {
            done.push(Candidate { stops, rank });
        }
    }
    // A retreat may not end on a friend: it is cut back to where it may.
    done.retain(|c| match c.stops.last() {
        Some(Stop::Hex(cell)) => !friend_in(state, piece, *cell),
        _ => true,
    });
    done
}

/// Whether a candidate is complete: all its steps, or off the map.
fn complete(c: &Candidate, hexes: usize) -> bool {
    c.stops.len() == hexes || c.stops.last() == Some(&Stop::Off)
}

/// The best retreats (HS-R19): complete ones if any, ranked; else the
/// longest partial ones, ranked.
fn best(candidates: &[Candidate], hexes: usize) -> Vec<&Candidate> {
    let complete: Vec<&Candidate> = candidates.iter().filter(|c| complete(c, hexes)).collect();
    let pool: Vec<&Candidate> = if complete.is_empty() {
        let longest = candidates.iter().map(|c| c.stops.len()).max().unwrap_or(0);
        candidates
            .iter()
            .filter(|c| c.stops.len() == longest)
            .collect()
    } else {
        complete
    };
    let Some(top) = pool.iter().map(|c| c.rank).min() else {
        return Vec::new();
    };
    pool.into_iter().filter(|c| c.rank == top).collect()
}

fn written(stops: &[Stop]) -> String {
    stops
        .iter()
        .map(|s| match s {
            Stop::Hex(c) => c.to_string(),
            Stop::Off => "off the map".to_string(),
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// `UNIT rout PATH facing=F`: pays the rout owed to it.
pub fn line(fold: &mut impl Emit, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some((index, pursuers)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        Owed::Rout {
            piece: p, pursuers, ..
        } if *p == piece => Some((i, *pursuers)),
        _ => None,
    }) else {
        out.push(Violation::of(
            &codes::ACTION_NOT_OWED,
            action.span,
            format!("{} owes no rout retreat here", fold.name(piece)),
            rules::ROUT,
        ));
        return;
    };
    fold.emit(Event::Paid(index));
    let args = action.args();
    let Some(path_atom) = args
        .iter()
        .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
    else {
        out.push(Violation::of(
            &codes::ROUT_PATH,
            action.span,
            "a rout lists its hexes, from where the unit stands: `BF1 rout 0820-0920-1020-1120 facing=2`",
            rules::ROUT,
        ));
        return;
    };
    let cells: Vec<Cell> = value::cells(path_atom).collect();
    let Some(start) = fold.pieces[piece].at else {
        return;
    };
    if cells.first() != Some(&start) {
        out.push(Violation::of(
            &codes::PATH_START,
            path_atom.span,
            format!(
                "{} stands in {start}: the rout starts there",
                fold.name(piece)
            ),
            rules::ROUT,
        ));
        return;
    }
    let eliminated = action
        .outcome()
        .is_some_and(|o| o.iter().any(|a| a.text == "eliminated"));
    let mut stops: Vec<Stop> = cells[1..].iter().map(|&c| Stop::Hex(c)).collect();
    if eliminated {
        stops.push(Stop::Off);
    }
    let candidates = retreats(fold, piece, ROUT_HEXES, false);
    let best = best(&candidates, ROUT_HEXES);
    let chosen = best.iter().find(|c| c.stops == stops);
    let Some(chosen) = chosen else {
        let better = best.first().map_or(String::new(), |c| written(&c.stops));
        let legal = candidates.iter().any(|c| c.stops == stops);
        out.push(
            Violation::of(
                &codes::ROUT_PATH,
                path_atom.span,
                if legal {
                    format!(
                        "a rout takes the path of least resistance: most steps to the rear, then fewest friends passed, then the cheapest ground; {better} is such a path"
                    )
                } else {
                    format!(
                        "the rout's steps go to the rear or sideways, never forward, into no enemy hex or zone of control; {better} is the path of least resistance"
                    )
                },
                rules::ROUT,
            )
            .help(format!("write `{}-{better}`", start)),
        );
        return;
    };
    let blocked = !complete(chosen, ROUT_HEXES);
    let facing = value_facing(action);
    let routed_facing = fold
        .info(piece)
        .and_then(|i| Vertex::new(i.side.row().routed_facing));
    if !blocked && !eliminated && facing != routed_facing {
        out.push(Violation::of(
            &codes::ROUT_FACING,
            action.span,
            format!(
                "a routed unit faces its rear: ^{}",
                routed_facing.map_or(0, Vertex::number)
            ),
            rules::ROUT,
        ));
    }
    // The friends it passed check at once (9.2.3.3, 9.3.2).
    let state: &State = fold;
    let through = &cells[1..];
    let passed: Vec<usize> = (0..state.pieces.len())
        .filter(|&o| o != piece && state.pieces[o].at.is_some_and(|at| through.contains(&at)))
        .filter(|&o| {
            state.info(o).is_some_and(|i| {
                !i.is_leader() && Some(i.side) == state.info(piece).map(|p| p.side)
            })
        })
        .collect();
    fold.emit(Event::Moved {
        piece,
        from: cells.first().copied(),
        path: cells[1..].to_vec(),
        facing: if blocked { facing } else { routed_facing },
    });
    for friend in passed {
        fold.emit(Event::Owe(Owed::Morale {
            piece: friend,
            rout_is_disruption: false,
            disruption_ignored: false,
            by: [None; 3],
            cause: action.span,
        }));
    }
    if eliminated {
        fold.emit(Event::Standing {
            piece,
            standing: Standing::Eliminated,
        });
    } else if !blocked {
        // The victors follow it, if still undisrupted (9.4.2, 9.4.4).
        for pursuer in pursuers.into_iter().flatten() {
            if fold.pieces[pursuer].standing == Standing::Good {
                fold.emit(Event::Owe(Owed::Pursue {
                    piece: pursuer,
                    target: piece,
                    cause: action.span,
                }));
            }
        }
    }
    if blocked && !eliminated {
        // HS-R19, HS-R59: reduced, and disrupted instead of routed.
        fold.emit(Event::Stepped { piece });
        if fold.pieces[piece].standing != Standing::Eliminated {
            fold.emit(Event::Standing {
                piece,
                standing: Standing::Disrupted,
            });
        }
    }
}

/// The `facing=F` a line gives.
fn value_facing(action: &Action<'_, '_>) -> Option<Vertex> {
    action.args().iter().find_map(|a| {
        let (k, v) = value::pair(a)?;
        (k == "facing").then(|| Vertex::parse(v.text))?
    })
}

/// Owes the rout retreat of a unit just routed, and the pursuit of the
/// victors whose order demands one (9.4.2).
pub fn owe(fold: &mut impl Emit, piece: usize, pursuers: &[usize], cause: Span) {
    let mut by = [None; 3];
    for (slot, &p) in by.iter_mut().zip(pursuers) {
        *slot = Some(p);
    }
    fold.emit(Event::Owe(Owed::Rout {
        piece,
        pursuers: by,
        cause,
    }));
}

/// Hexes a routed unit withdraws when it does not rally (9.2.3.6).
pub const WITHDRAW_HEXES: usize = 2;

/// `UNIT withdraw PATH facing=F` (9.5.3, 9.2.3.6): a routed unit out of
/// every leader's rally range goes two hexes to the rear, by the path of
/// least resistance, stopping on entering an enemy zone of control
/// (HS-R19); blocked, it stops and stays routed.
pub fn withdraw_line(
    fold: &mut impl Emit,
    piece: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let routed = fold.pieces[piece].standing == Standing::Routed;
    if !routed
        || super::rally::leader_in_range(fold, piece).is_some()
        || fold.pieces[piece].phase.rallied
    {
        out.push(Violation::of(
            &codes::ACTION_NOT_OWED,
            action.span,
            format!(
                "{} owes no withdrawal: only a routed unit that no leader can rally withdraws, once",
                fold.name(piece)
            ),
            rules::WITHDRAWAL,
        ));
        return;
    }
    super::rally::mark(fold, piece);
    let Some(path_atom) = action
        .args()
        .iter()
        .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
    else {
        out.push(Violation::of(
            &codes::ROUT_PATH,
            action.span,
            "a withdrawal lists its hexes from where the unit stands: `F2 withdraw 0820-0720-0620 facing=5`",
            rules::WITHDRAWAL,
        ));
        return;
    };
    let cells: Vec<Cell> = value::cells(path_atom).collect();
    let Some(start) = fold.pieces[piece].at else {
        return;
    };
    let eliminated = action
        .outcome()
        .is_some_and(|o| o.iter().any(|a| a.text == "eliminated"));
    let mut stops: Vec<Stop> = cells.iter().skip(1).map(|&c| Stop::Hex(c)).collect();
    if eliminated {
        stops.push(Stop::Off);
    }
    let candidates = retreats(fold, piece, WITHDRAW_HEXES, true);
    let best = best(&candidates, WITHDRAW_HEXES);
    if cells.first() != Some(&start) || !best.iter().any(|c| c.stops == stops) {
        let better = best.first().map_or(String::new(), |c| written(&c.stops));
        out.push(
            Violation::of(
                &codes::ROUT_PATH,
                path_atom.span,
                format!(
                    "a withdrawal takes the path of least resistance from {start}, two hexes to the rear, stopping in an enemy zone of control: {better}"
                ),
                rules::WITHDRAWAL,
            )
            .help(format!("write `{start}-{better}`")),
        );
        return;
    }
    let facing = value_facing(action);
    fold.emit(Event::Moved {
        piece,
        from: cells.first().copied(),
        path: cells[1..].to_vec(),
        facing: facing.or(fold.pieces[piece].facing),
    });
    if eliminated {
        fold.emit(Event::Standing {
            piece,
            standing: Standing::Eliminated,
        });
    }
}
