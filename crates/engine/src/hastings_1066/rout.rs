//! A rout's retreat (9.2.3, 9.3.1, 9.3.2; HS-R19, HS-R59): `UNIT rout PATH
//! facing=F`, owed as soon as a unit is routed. Three hexes along the path
//! of least resistance, ranked as whole paths: the most steps to the rear,
//! then the fewest friends passed, then the cheapest; never forward, never
//! into an enemy hex or an enemy zone of control. A step off the map
//! eliminates the unit; a unit that cannot complete its retreat stops,
//! loses a step and is disrupted instead.

use arrayvec::ArrayVec;
use senlac_board::facing::{self, StepKind, Vertex};
use senlac_board::{Cell, hex};
use senlac_notation::lower::Action;
use senlac_notation::value::{self};
use senlac_notation::{Atom, Fix, Span};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::Event;
use super::ground::friend_of;
use super::melee::controls_cell;
use super::rules;
use super::state::{Chain, Owed, Standing, State};
use super::tables::{Arm, Hexside};
use crate::reuse::{Buffer, Lent, Path};
use crate::violation::Violation;

/// Hexes a rout retreats (9.2.3).
const ROUT_HEXES: usize = 3;

/// Where a step of a retreat goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Hex(Cell),
    /// Off the map: the unit is eliminated (9.2.3.4).
    Off,
}

/// A candidate's stops: at most a rout's hexes (a withdrawal goes fewer),
/// held inline, as the search copies them at every step.
type Stops = ArrayVec<Stop, ROUT_HEXES>;
const _: () = assert!(WITHDRAW_HEXES <= ROUT_HEXES);

/// The stops a line writes: as many as it writes, a few held inline.
type Written = SmallVec<[Stop; 4]>;

/// A retreat's rank (HS-R19), lower is better: (steps not to the rear,
/// friends passed, movement cost).
type Rank = (usize, usize, u32);

/// The best retreats by rank: a few, held inline.
type Best<'c> = SmallVec<[&'c Candidate; 8]>;

/// A candidate retreat and its rank (HS-R19): lower is better.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Candidate {
    stops: Stops,
    rank: Rank,
    /// It ends on a friendly combat unit: the unit may not stop there
    /// unless that friend is displaced (9.3.2, 9.3.3).
    on_friend: bool,
}

/// Whether an enemy of `piece` stands in `cell` or controls it.
pub(super) fn enemy_blocks(state: &State, piece: usize, cell: Cell) -> (bool, bool) {
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
        if !controlled && controls_cell(state, other, cell) {
            controlled = true;
        }
    }
    (occupied, controlled)
}

/// The arm `piece` pays its steps as (5.5).
fn arm_of(state: &State, piece: usize) -> Arm {
    state
        .info(piece)
        .and_then(|i| i.class)
        .map_or(Arm::Foot, |c| c.kind().arm())
}

/// The cost for a piece of `arm` to step from `a` into `b` (5.5: terrain,
/// stream).
fn step_cost(state: &State, arm: Arm, a: Cell, b: Cell) -> u32 {
    let ground = state.roster.ground_at(b).map_or(1, |g| g.terrain.cost(arm));
    let stream = match state.roster.hexside(a, b) {
        Some(side @ Hexside::Stream) => side.row().extra_cost,
        _ => 0,
    };
    ground + stream
}

/// What a retreating piece meets in a hex: an enemy, an enemy's zone of
/// control, a friend.
#[derive(Clone, Copy)]
struct Met {
    occupied: bool,
    controlled: bool,
    friend: bool,
}

/// [`enemy_blocks`] and [`friend_of`] for one piece in one state, for every
/// hex of the map at once: a search meets the same hexes on many paths, and
/// one pass over the pieces marks them all.
struct Ground<'a> {
    state: &'a State,
    piece: usize,
    met: Lent<Met>,
}

thread_local! {
    // A retreat search's ground, candidates and open list, kept from search
    // to search.
    static MET: Buffer<Met> = const { std::cell::Cell::new(Vec::new()) };
    static CANDIDATES: Buffer<Candidate> = const { std::cell::Cell::new(Vec::new()) };
    static OPEN: Buffer<(Stops, Rank)> = const { std::cell::Cell::new(Vec::new()) };
}

impl<'a> Ground<'a> {
    fn new(state: &'a State, piece: usize) -> Ground<'a> {
        let roster = &state.roster;
        let cells = usize::from(roster.extent.columns) * usize::from(roster.extent.rows);
        let mut met = Lent::new(&MET);
        met.resize(
            cells,
            Met {
                occupied: false,
                controlled: false,
                friend: false,
            },
        );
        let side = state.info(piece).map(|i| i.side);
        for (other, (info, placed)) in roster.pieces.iter().zip(&state.pieces).enumerate() {
            let Some(at) = placed.at else { continue };
            if Some(info.side) == side {
                if other != piece
                    && !info.is_leader()
                    && let Some(i) = roster.index(at)
                {
                    met[i].friend = true;
                }
                continue;
            }
            if let Some(i) = roster.index(at) {
                met[i].occupied = true;
            }
            // As `controls_cell` reads a zone of control (5.7).
            if let (Standing::Good, false, Some(facing)) =
                (placed.standing, info.is_leader(), placed.facing)
            {
                for cell in facing::frontal_neighbours(at, facing, roster.parity) {
                    if let Some(i) = roster.index(cell) {
                        met[i].controlled = true;
                    }
                }
            }
        }
        Ground { state, piece, met }
    }

    fn get(&self, cell: Cell) -> Met {
        match self.state.roster.index(cell) {
            Some(i) => self.met[i],
            None => {
                let (occupied, controlled) = enemy_blocks(self.state, self.piece, cell);
                Met {
                    occupied,
                    controlled,
                    friend: friend_of(self.state, self.piece, cell).is_some(),
                }
            }
        }
    }
}

/// Which retreats a search lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Every legal one: for a message that says whether a written path was
    /// legal at all.
    Every,
    /// Enough for [`best`] and [`displacing`] to answer as they would from
    /// every retreat. Once a complete retreat that ends where the unit may
    /// stop is found, a stretch ranked worse is dropped with all that
    /// extends it: each step adds to every part of a rank, so none of them
    /// can tie the best, and with a complete free retreat in hand neither
    /// the blocked treatment nor a displacement is asked for.
    Best,
}

/// Every legal retreat of up to `hexes` steps from where `piece` stands,
/// and every stretch of one where it might stop, staying put included
/// (HS-R19), or as many as `keep` asks for. `withdrawal`: it may enter an
/// enemy ZOC and stops there (9.2.3.6).
fn retreats(
    state: &State,
    piece: usize,
    hexes: usize,
    withdrawal: bool,
    keep: Keep,
) -> Lent<Candidate> {
    let mut done = Lent::new(&CANDIDATES);
    let Some(start) = state.pieces[piece].at else {
        return done;
    };
    let Some(side) = state.info(piece).map(|i| i.side) else {
        return done;
    };
    let rear = side.row().rear;
    let parity = state.roster.parity;
    let ground = Ground::new(state, piece);
    let arm = arm_of(state, piece);
    // The directions a retreat may step in, and whether each is to the rear.
    let directions: ArrayVec<(hex::Direction, StepKind), 6> = hex::Direction::ALL
        .into_iter()
        .map(|direction| (direction, StepKind::of(direction, rear)))
        .filter(|&(_, kind)| kind != StepKind::Forward)
        .collect();
    let mut open = Lent::new(&OPEN);
    open.push((Stops::new(), (0, 0, 0)));
    // The rank of the best complete free retreat found so far.
    let mut bound: Option<Rank> = None;
    let found = |candidate: Candidate, done: &mut Lent<Candidate>, bound: &mut Option<Rank>| {
        if keep == Keep::Best && !candidate.on_friend && complete(&candidate, hexes) {
            *bound = Some(bound.map_or(candidate.rank, |b| b.min(candidate.rank)));
        }
        done.push(candidate);
    };
    while let Some((stops, rank)) = open.pop() {
        if bound.is_some_and(|best| rank > best) {
            continue;
        }
        let here = match stops.last() {
            Some(&Stop::Hex(cell)) => cell,
            _ => start,
        };
        let met = (!stops.is_empty()).then(|| ground.get(here));
        let stopped_in_zoc = withdrawal && met.is_some_and(|m| m.controlled);
        let on_friend = met.is_some_and(|m| m.friend);
        let at_end = stops.len() == hexes || stopped_in_zoc;
        found(
            Candidate {
                stops: stops.clone(),
                rank,
                on_friend,
            },
            &mut done,
            &mut bound,
        );
        if at_end {
            continue;
        }
        for &(direction, kind) in &directions {
            let behind = (kind != StepKind::Rear) as usize;
            match hex::neighbour(here, direction, parity)
                .filter(|&c| state.roster.extent.contains(c))
            {
                None => {
                    // Off the map: only a step to the rear leaves it.
                    if kind == StepKind::Rear {
                        let mut s = stops.clone();
                        s.push(Stop::Off);
                        found(
                            Candidate {
                                stops: s,
                                rank,
                                on_friend: false,
                            },
                            &mut done,
                            &mut bound,
                        );
                    }
                }
                Some(next) => {
                    if next == start || stops.contains(&Stop::Hex(next)) {
                        continue;
                    }
                    let there = ground.get(next);
                    if there.occupied || (there.controlled && !withdrawal) {
                        continue;
                    }
                    let mut s = stops.clone();
                    s.push(Stop::Hex(next));
                    let friends = there.friend as usize;
                    open.push((
                        s,
                        (
                            rank.0 + behind,
                            rank.1 + friends,
                            rank.2 + step_cost(state, arm, here, next),
                        ),
                    ));
                }
            }
        }
    }
    done
}

/// Whether a candidate is complete: all its steps, or off the map.
fn complete(c: &Candidate, hexes: usize) -> bool {
    c.stops.len() == hexes || c.stops.last() == Some(&Stop::Off)
}

/// The best of `pool` by rank (HS-R19): the owner chooses among them.
fn ranked<'c>(pool: impl Iterator<Item = &'c Candidate> + Clone) -> Best<'c> {
    let Some(top) = pool.clone().map(|c| c.rank).min() else {
        return Best::new();
    };
    pool.filter(|c| c.rank == top).collect()
}

/// The best retreats that end where the unit may stop (HS-R19): complete
/// ones if any, ranked; else the longest stretches, ranked (the blocked
/// treatment).
fn best(candidates: &[Candidate], hexes: usize) -> Best<'_> {
    let free = candidates.iter().filter(|c| !c.on_friend);
    let whole = free.clone().filter(|c| complete(c, hexes));
    if whole.clone().next().is_some() {
        return ranked(whole);
    }
    let longest = free.clone().map(|c| c.stops.len()).max().unwrap_or(0);
    ranked(free.filter(|c| c.stops.len() == longest))
}

/// When friends alone block a rout (no complete retreat ends in a hex it
/// may stop in), the best complete retreats that end on a friend, who is
/// displaced to let it in (9.3.3, HS-R20); none otherwise.
fn displacing(candidates: &[Candidate], hexes: usize) -> Best<'_> {
    let complete = |c: &&Candidate| complete(c, hexes);
    if candidates
        .iter()
        .filter(|c| !c.on_friend)
        .any(|c| complete(&c))
    {
        return Best::new();
    }
    ranked(candidates.iter().filter(|c| c.on_friend).filter(complete))
}

/// A retreat as a line writes its path: from `start`, the hexes entered;
/// the start alone when the unit cannot move (HS-R67). A step off the map
/// is not a hex: the line claims `eliminated` instead (9.2.3.4).
fn line_path(start: Cell, stops: &[Stop]) -> String {
    let mut text = start.to_string();
    for stop in stops {
        if let Stop::Hex(cell) = stop {
            text.push('-');
            text.push_str(&cell.to_string());
        }
    }
    text
}

/// `write `PATH``, with the claim a step off the map needs.
fn write_help(name: &str, start: Cell, stops: &[Stop]) -> String {
    let path = line_path(start, stops);
    if stops.last() == Some(&Stop::Off) {
        format!("write `{path}` and claim `=> {name} eliminated`")
    } else {
        format!("write `{path}`")
    }
}

/// The retreat the rules give when the written one is refused: of the
/// best, the one that ends where the written one does, else the first
/// (HS-R66); `None` when the unit is off the map.
fn rules_retreat<'c>(best: &[&'c Candidate], end: Option<&Stop>) -> Option<&'c Candidate> {
    best.iter()
        .find(|c| end.is_some() && c.stops.last() == end)
        .or(best.first())
        .copied()
}

/// Plays a rout along `c`: the rules' path for a line whose own was
/// refused (HS-R66), so the lines after it are judged where the unit is.
fn play_retreat(
    fold: &mut Fold<'_>,
    piece: usize,
    c: &Candidate,
    facing: Option<Vertex>,
    pursuers: [Option<usize>; 3],
    cause: Span,
) {
    let blocked = !complete(c, ROUT_HEXES);
    let path: Path = c
        .stops
        .iter()
        .filter_map(|s| match s {
            Stop::Hex(cell) => Some(*cell),
            Stop::Off => None,
        })
        .collect();
    let routed_facing = fold
        .info(piece)
        .and_then(|i| Vertex::new(i.side.row().routed_facing));
    retreat(
        fold,
        &Retreat {
            piece,
            path: &path,
            facing: if blocked { facing } else { routed_facing },
            blocked,
            eliminated: c.stops.last() == Some(&Stop::Off),
            pursuers,
            cause,
        },
        &[],
        true,
    );
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
pub fn line(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
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
    let Some(start) = fold.pieces[piece].at else {
        return;
    };
    let id = action.actor().text;
    let facing = value_facing(action);
    let candidates = retreats(fold, piece, ROUT_HEXES, false, Keep::Best);
    let best = best(&candidates, ROUT_HEXES);
    let pushing = displacing(&candidates, ROUT_HEXES);
    // A refused path is reported once and the rout played along the
    // rules' path, ending where the written one does if one can (HS-R66).
    let refused =
        |fold: &mut Fold<'_>, finding: Violation, end: Option<&Stop>, out: &mut Vec<Violation>| {
            let played = rules_retreat(&best, end);
            out.push(match played {
                Some(c) => finding.help(write_help(id, start, &c.stops)),
                None => finding,
            });
            if let Some(c) = played {
                play_retreat(fold, piece, c, facing, pursuers, action.span);
            }
        };
    let Some(path_atom) = action.path() else {
        let finding = Violation::of(
            &codes::ROUT_PATH,
            action.span,
            format!(
                "a rout lists its hexes, from where the unit stands ({start} alone when it cannot move, HS-R67): `BF1 rout 0820-0920-1020-1120 facing=2`"
            ),
            rules::ROUT_PATH,
        );
        refused(fold, finding, None, out);
        return;
    };
    let cells: Path = value::cells(path_atom).collect();
    if cells.first() != Some(&start) {
        let finding = Violation::of(
            &codes::PATH_START,
            path_atom.span,
            format!(
                "{} stands in {start}: the rout starts there",
                fold.name(piece)
            ),
            rules::ROUT_PATH,
        );
        let end = cells.last().map(|&c| Stop::Hex(c));
        refused(fold, finding, end.as_ref(), out);
        return;
    }
    let claimed = action.outcome().unwrap_or(&[]);
    let eliminated_word = claimed.iter().find(|a| a.text == "eliminated");
    let mut eliminated = eliminated_word.is_some();
    let mut stops: Written = cells[1..].iter().map(|&c| Stop::Hex(c)).collect();
    if eliminated {
        stops.push(Stop::Off);
    }
    let listed = |stops: &[Stop]| {
        best.iter().any(|c| c.stops[..] == *stops) || pushing.iter().any(|c| c.stops[..] == *stops)
    };
    // 9.2.4: a blocked rout costs a step, and a unit reduced already is
    // eliminated where it stands: its `eliminated` is no step off the map
    // (HS-R67).
    let reduced = fold.pieces[piece].reduced;
    if eliminated
        && reduced
        && !listed(&stops)
        && best
            .iter()
            .any(|c| c.stops[..] == stops[..stops.len() - 1] && !complete(c, ROUT_HEXES))
    {
        stops.pop();
        eliminated = false;
    }
    // 9.2.3.4: a path right to where the rout ends whose claim is wrong is
    // the claim's fault, not the path's; played as the path says.
    if !listed(&stops)
        && let Some((meant, off)) = misclaimed_end(
            fold,
            piece,
            claimed,
            &stops,
            &best,
            Going::Rout,
            cells.last().copied().unwrap_or(start),
            out,
        )
    {
        stops = meant;
        eliminated = off;
    }
    let routed_facing = fold
        .info(piece)
        .and_then(|i| Vertex::new(i.side.row().routed_facing));
    if pushing.iter().any(|c| c.stops[..] == stops[..]) {
        // Friends block every complete retreat: the friend in the last hex
        // is displaced first, and the rout waits for its chain (HS-R20).
        if facing != routed_facing {
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
        let path = cells[1..].to_vec();
        let Some(blocker) = path.last().and_then(|&end| friend_of(fold, piece, end)) else {
            return;
        };
        fold.emit(Event::Displacing(Some(Chain {
            router: piece,
            path,
            facing: routed_facing,
            pursuers,
            cause: action.span,
            links: Vec::new(),
            refused: false,
            next: None,
        })));
        fold.emit(Event::Owe(Owed::Displace {
            piece: blocker,
            cause: action.span,
        }));
        return;
    }
    let chosen = best.iter().find(|c| c.stops[..] == stops[..]);
    let Some(chosen) = chosen else {
        let every = retreats(fold, piece, ROUT_HEXES, false, Keep::Every);
        let legal = every
            .iter()
            .any(|c| c.stops[..] == stops[..] && !c.on_friend);
        let on_friend = every
            .iter()
            .any(|c| c.stops[..] == stops[..] && c.on_friend);
        let played = rules_retreat(&best, stops.last());
        let better = match played {
            Some(c) if c.stops.is_empty() => format!(
                "no step is open to {} from {start}: it stays there, blocked (9.2.3.1)",
                fold.name(piece)
            ),
            Some(c) => format!("{} is the path of least resistance", written(&c.stops)),
            None => String::new(),
        };
        let message = if on_friend && pushing.is_empty() {
            format!(
                "a rout may not end on a friend, and may displace one only when friends alone keep it from its three hexes (9.3.2, 9.3.3); {better}"
            )
        } else if legal || on_friend {
            format!(
                "a rout takes the path of least resistance: most steps to the rear, then fewest friends passed, then the cheapest ground; {better}"
            )
        } else {
            format!(
                "the rout's steps go to the rear or sideways, never forward, into no enemy hex or zone of control; {better}"
            )
        };
        let mut help = played.map_or(String::new(), |c| write_help(id, start, &c.stops));
        if let Some(push) = pushing.first() {
            help.push_str(&format!(
                ", or `{}` with the `displace` lines of the friends it pushes right after it (9.3.3, HS-R20)",
                line_path(start, &push.stops)
            ));
        }
        out.push(
            Violation::of(&codes::ROUT_PATH, path_atom.span, message, rules::ROUT_PATH).help(help),
        );
        if let Some(c) = played {
            play_retreat(fold, piece, c, facing, pursuers, action.span);
        }
        return;
    };
    let blocked = !complete(chosen, ROUT_HEXES);
    if blocked && reduced {
        eliminated_claim(fold, piece, claimed, start, out);
    }
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
    let facing = if blocked { facing } else { routed_facing };
    retreat(
        fold,
        &Retreat {
            piece,
            path: &cells[1..],
            facing,
            blocked,
            eliminated,
            pursuers,
            cause: action.span,
        },
        &[],
        true,
    );
}

/// A blocked rout of a unit reduced already: the step it loses eliminates
/// it (9.2.3.1, 9.2.4; HS-R67), so a claim of any other status is wrong.
fn eliminated_claim(
    fold: &Fold<'_>,
    piece: usize,
    claimed: &[Atom<'_>],
    start: Cell,
    out: &mut Vec<Violation>,
) {
    let status = |a: &&Atom<'_>| matches!(a.text, "ok" | "disrupted" | "routed" | "reduced");
    if claimed.iter().any(|a| a.text == "eliminated") {
        return;
    }
    let mut words = claimed.iter().filter(status);
    let Some(word) = words.next() else {
        return;
    };
    let mut finding = Violation::of(
        &codes::CLAIM_MISMATCH,
        word.span,
        format!(
            "{} is reduced already, and its rout from {start} is blocked: the step the blocked rout costs is its last, and it is eliminated (9.2.3.1, 9.2.4); the log says {}",
            fold.name(piece),
            word.text
        ),
        rules::ROUT_BLOCKED,
    );
    // One status word: replacing it is the whole fix.
    if words.next().is_none() {
        finding = finding.fix(Fix::new(word.span, "eliminated", "write `eliminated`"));
    }
    out.push(finding);
}

/// A retreat found good, to be carried out.
pub(super) struct Retreat<'a> {
    pub piece: usize,
    /// The hexes entered.
    pub path: &'a [Cell],
    pub facing: Option<Vertex>,
    /// Stopped short: the blocked treatment (HS-R19, HS-R59).
    pub blocked: bool,
    /// Off the map (9.2.3.4).
    pub eliminated: bool,
    pub pursuers: [Option<usize>; 3],
    /// The rout line.
    pub cause: Span,
}

/// Carries out a rout's retreat: the unit moves; the friends it passed,
/// but for the `displaced`, check at once (9.2.3.3, 9.3.2; HS-R20), unless
/// `checks` is off because the line that owed them was already refused;
/// the victors follow (9.4.2); blocked, it is reduced and disrupted
/// instead (HS-R19, HS-R59).
pub(super) fn retreat(fold: &mut Fold<'_>, r: &Retreat<'_>, displaced: &[usize], checks: bool) {
    let piece = r.piece;
    let state: &State = fold;
    let passed: Vec<usize> = (0..state.pieces.len())
        .filter(|&o| o != piece && !displaced.contains(&o))
        .filter(|&o| state.pieces[o].at.is_some_and(|at| r.path.contains(&at)))
        .filter(|&o| {
            state.info(o).is_some_and(|i| {
                !i.is_leader() && Some(i.side) == state.info(piece).map(|p| p.side)
            })
        })
        .collect();
    if !r.path.is_empty() {
        let from = fold.pieces[piece].at;
        fold.emit(Event::Moved {
            piece,
            from,
            path: Path::from_slice(r.path),
            facing: r.facing,
        });
    }
    if checks {
        for friend in passed {
            fold.emit(Event::Owe(Owed::Morale {
                piece: friend,
                rout_is_disruption: false,
                disruption_ignored: false,
                by: [None; 3],
                cause: r.cause,
            }));
        }
    }
    if r.eliminated {
        fold.emit(Event::Standing {
            piece,
            standing: Standing::Eliminated,
        });
    } else if !r.blocked {
        for pursuer in r.pursuers.into_iter().flatten() {
            if fold.pieces[pursuer].standing == Standing::Good {
                fold.emit(Event::Owe(Owed::Pursue {
                    piece: pursuer,
                    target: piece,
                    cause: r.cause,
                }));
            }
        }
    } else {
        fold.emit(Event::Stepped { piece });
        if fold.pieces[piece].standing != Standing::Eliminated {
            fold.emit(Event::Standing {
                piece,
                standing: Standing::Disrupted,
            });
        }
    }
}

/// The blocked treatment (HS-R19, HS-R59) for a router whose displacements
/// were refused (9.3.4): nothing else moved, and it stops in the last hex
/// the path of least resistance lets it stop in, facing as written.
pub(super) fn stop_short(fold: &mut Fold<'_>, chain: &Chain, checks: bool) {
    let piece = chain.router;
    let candidates = retreats(fold, piece, ROUT_HEXES, false, Keep::Best);
    let path: Path = best(&candidates, ROUT_HEXES)
        .first()
        .map(|c| {
            c.stops
                .iter()
                .filter_map(|s| match s {
                    Stop::Hex(cell) => Some(*cell),
                    Stop::Off => None,
                })
                .collect()
        })
        .unwrap_or_default();
    retreat(
        fold,
        &Retreat {
            piece,
            path: &path,
            facing: fold.pieces[piece].facing,
            blocked: true,
            eliminated: false,
            pursuers: chain.pursuers,
            cause: chain.cause,
        },
        &[],
        checks,
    );
}

/// The blocked treatment's path for a router, written, for messages.
pub(super) fn short_path(state: &State, piece: usize) -> String {
    let candidates = retreats(state, piece, ROUT_HEXES, false, Keep::Best);
    let start = state.pieces[piece]
        .at
        .map_or(String::new(), |c| c.to_string());
    match best(&candidates, ROUT_HEXES).first() {
        Some(c) if !c.stops.is_empty() => format!("{start}-{}", written(&c.stops)),
        _ => format!("{start}, where it stands"),
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
pub fn owe(fold: &mut Fold<'_>, piece: usize, pursuers: &[usize], cause: Span) {
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
const WITHDRAW_HEXES: usize = 2;

/// Which retreat a line writes: a rout (three hexes, HS-R19) or a
/// withdrawal (two, stopping in an enemy ZOC, 9.2.3.6).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Going {
    Rout,
    Withdrawal,
}

/// 9.2.3.4 for a path that is right but for its claim: `eliminated` on a
/// retreat that stays on the map, or another status on one whose next step
/// leaves it. Reports `claim-mismatch` on the word (one mistake, one error;
/// engine fix: it was `rout-path`, a right path reported wrong) and returns
/// the stops meant and whether the unit left the map; `None` when the
/// claim does not explain the path.
#[allow(clippy::too_many_arguments)]
fn misclaimed_end(
    fold: &Fold<'_>,
    piece: usize,
    claimed: &[Atom<'_>],
    stops: &[Stop],
    best: &[&Candidate],
    retreat: Going,
    last: Cell,
    out: &mut Vec<Violation>,
) -> Option<(Written, bool)> {
    let eliminated_word = claimed.iter().find(|a| a.text == "eliminated");
    let other_status = claimed
        .iter()
        .find(|a| matches!(a.text, "ok" | "disrupted" | "routed" | "reduced"));
    let (word, off) = match (eliminated_word, other_status) {
        (Some(word), _) => (word, false),
        (None, Some(word)) => (word, true),
        (None, None) => return None,
    };
    let mut meant = Written::from_slice(stops);
    if off {
        meant.push(Stop::Off);
    } else {
        meant.pop();
    }
    if !best.iter().any(|c| c.stops[..] == meant[..]) {
        return None;
    }
    let (name, what, cite) = match retreat {
        Going::Rout => (fold.name(piece), "rout", rules::ROUT),
        Going::Withdrawal => (fold.name(piece), "withdrawal", rules::WITHDRAWAL),
    };
    let (message, instead) = if off {
        (
            format!(
                "{name}'s next step from {last} leaves the map: a router that leaves the map is eliminated (9.2.3.4); the log says {}",
                word.text
            ),
            Some("eliminated"),
        )
    } else if retreat == Going::Withdrawal || meant.len() == ROUT_HEXES {
        (
            format!(
                "{name} ends its {what} in {last}, on the map: it is routed, not eliminated (9.2.3.4)"
            ),
            Some("routed"),
        )
    } else {
        // A blocked rout: reduced and disrupted instead (HS-R59).
        (
            format!(
                "{name} stops in {last}, on the map, blocked: it is not eliminated (9.2.3.4, HS-R19)"
            ),
            None,
        )
    };
    let mut finding = Violation::of(&codes::CLAIM_MISMATCH, word.span, message, cite);
    if let Some(instead) = instead {
        finding = finding.fix(Fix::new(word.span, instead, format!("write `{instead}`")));
    }
    out.push(finding);
    Some((meant, off))
}

/// `UNIT withdraw PATH facing=F` (9.5.3, 9.2.3.6): a routed unit out of
/// every leader's rally range goes two hexes to the rear, by the path of
/// least resistance, stopping on entering an enemy zone of control
/// (HS-R19); blocked, it stops and stays routed.
pub fn withdraw_line(
    fold: &mut Fold<'_>,
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
    let Some(path_atom) = action.path() else {
        out.push(Violation::of(
            &codes::ROUT_PATH,
            action.span,
            "a withdrawal lists its hexes from where the unit stands: `F2 withdraw 0820-0720-0620 facing=5`",
            rules::WITHDRAWAL,
        ));
        return;
    };
    let cells: Path = value::cells(path_atom).collect();
    let Some(start) = fold.pieces[piece].at else {
        return;
    };
    let claimed = action.outcome().unwrap_or(&[]);
    let mut eliminated = claimed.iter().any(|a| a.text == "eliminated");
    let mut stops: Written = cells.iter().skip(1).map(|&c| Stop::Hex(c)).collect();
    if eliminated {
        stops.push(Stop::Off);
    }
    let candidates = retreats(fold, piece, WITHDRAW_HEXES, true, Keep::Best);
    let best = best(&candidates, WITHDRAW_HEXES);
    if cells.first() == Some(&start)
        && !best.iter().any(|c| c.stops[..] == stops[..])
        && let Some((meant, off)) = misclaimed_end(
            fold,
            piece,
            claimed,
            &stops,
            &best,
            Going::Withdrawal,
            cells.last().copied().unwrap_or(start),
            out,
        )
    {
        stops = meant;
        eliminated = off;
    }
    if cells.first() != Some(&start) || !best.iter().any(|c| c.stops[..] == stops[..]) {
        let stops = best.first().map_or(&[][..], |c| &c.stops[..]);
        let better = if stops.is_empty() {
            format!("none is open, and it stays in {start}")
        } else {
            written(stops)
        };
        out.push(
            Violation::of(
                &codes::ROUT_PATH,
                path_atom.span,
                format!(
                    "a withdrawal takes the path of least resistance from {start}, two hexes to the rear, stopping in an enemy zone of control: {better}"
                ),
                rules::WITHDRAWAL,
            )
            .help(write_help(action.actor().text, start, stops)),
        );
        return;
    }
    let facing = value_facing(action);
    fold.emit(Event::Moved {
        piece,
        from: cells.first().copied(),
        path: Path::from_slice(&cells[1..]),
        facing: facing.or(fold.pieces[piece].facing),
    });
    if eliminated {
        fold.emit(Event::Standing {
            piece,
            standing: Standing::Eliminated,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map a retreat search reads agrees with asking each hex on its
    /// own, for every piece and hex, after every step of the sample battle.
    #[test]
    fn ground_map_agrees_with_each_hex_asked() {
        let mut compared = 0;
        crate::hastings_1066::play::each_sample_state(|state| {
            for piece in 0..state.pieces.len() {
                let ground = Ground::new(state, piece);
                for index in 0..ground.met.len() {
                    let cell = state.roster.cell_at(index);
                    let met = ground.get(cell);
                    let (occupied, controlled) = enemy_blocks(state, piece, cell);
                    let friend = friend_of(state, piece, cell).is_some();
                    assert_eq!(
                        (met.occupied, met.controlled, met.friend),
                        (occupied, controlled, friend),
                        "piece {piece} at {cell}"
                    );
                    compared += usize::from(occupied || controlled || friend);
                }
            }
        });
        // Enemies, zones and friends were met, not only empty ground.
        assert!(compared > 1000, "{compared}");
    }

    fn written_all(pool: &[&Candidate]) -> Vec<String> {
        pool.iter().map(|c| written(&c.stops)).collect()
    }

    /// A search that keeps only what can tie the best finds the same best
    /// retreats, and the same displacing ones, in the same order, as one
    /// that lists every retreat: for every piece on the map, as a rout and
    /// as a withdrawal, in every position of the sample and of generated
    /// battles.
    #[test]
    fn the_best_retreats_are_those_of_every_retreat() {
        let (mut searches, mut dropped) = (0, 0);
        for text in crate::hastings_1066::play::sample_and_generated(2, 5) {
            crate::hastings_1066::play::each_state(&text, |state| {
                for piece in 0..state.pieces.len() {
                    if state.pieces[piece].at.is_none() {
                        continue;
                    }
                    for (hexes, withdrawal) in [(ROUT_HEXES, false), (WITHDRAW_HEXES, true)] {
                        let every = retreats(state, piece, hexes, withdrawal, Keep::Every);
                        let kept = retreats(state, piece, hexes, withdrawal, Keep::Best);
                        assert_eq!(
                            written_all(&best(&kept, hexes)),
                            written_all(&best(&every, hexes)),
                            "piece {piece}, {hexes} hexes"
                        );
                        assert_eq!(
                            written_all(&displacing(&kept, hexes)),
                            written_all(&displacing(&every, hexes)),
                            "piece {piece}, {hexes} hexes"
                        );
                        searches += 1;
                        dropped += every.len() - kept.len();
                    }
                }
            });
        }
        // The searches dropped retreats, so the comparison meant something.
        assert!(
            dropped > searches,
            "{dropped} dropped in {searches} searches"
        );
    }
}
