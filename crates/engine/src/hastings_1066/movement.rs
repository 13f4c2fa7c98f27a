//! Hastings: 1066's movement segment (5.0 to 5.7, 4.3, 6.1.1, 10.2):
//! `move`, `charge` and `face` lines (`enter`, the reinforcements', is in
//! `reinforcement`), and what the segment owes when it closes.
//!
//! A move is checked step by step against the position as it stands: the
//! path from the piece's hex, contiguous and on the map; no enemy hex; the
//! zones of control (stop on entering, never from one into another, bowmen
//! never in, a combat unit never into a friend's ZOC hex, a leader only
//! into a friend's); the knights' ridge and marsh checks, whose dice the
//! line carries in path order; then the whole: the movement points its
//! order allows (or the one step of Shield Wall, Hold and Fire in Place),
//! stacking at the end, the facing, a charge's conditions, and Attack &
//! Pursue's and the Charge section's duty to close with the enemy. One
//! mistake gives one error, and a line is played as written so what
//! follows is judged against what the log says happened.
//!
//! Orders come from the Order Phase. Where a formation holds none (its
//! order is missing, which the orders report), the order's checks are
//! left out and the unit may use the most its kind can have.

use senlac_board::facing::Vertex;
use senlac_board::{Cell, hex};
use senlac_notation::lower::Action;
use senlac_notation::value::{self, Dice, UnitRef};
use senlac_notation::{Atom, AtomKind, Span};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::Event;
use super::ground::{self, Mover};
use super::reinforcement;
use super::state::{PhaseFlags, PieceName, Segment, Standing, State, Wing};
use super::tables::{self, Arm, Hexside, Kind, MoraleResult, Movement, Order, Side, Slope, Step};
use crate::code::CodeInfo;
use crate::reuse::Path;
use crate::violation::Violation;

/// What movement findings cite.
pub(super) mod cite {
    pub const PATH: &str = "hastings-1066-st 5.0, 5.2.3 (contiguous paths from the unit's hex)";
    pub const ALLOWANCE: &str = "hastings-1066-st 5.1.2, 5.3.1, 5.5 (movement allowances, the Terrain Effects Chart), 4.3; docs/rules/hastings-1066-st.md HS-R24, HS-R25";
    pub const LEADERS: &str = "hastings-1066-st 10.2.1, 10.4.3; docs/rules/hastings-1066-st.md HS-R31 (leaders pay the knights' costs)";
    pub const ONCE: &str = "hastings-1066-st 5.1.3 (units move once in a movement segment)";
    pub const STATUS: &str =
        "hastings-1066-st 3.2 (all unrouted and undisrupted units can move), 9.2.2.1, 9.2.3.6";
    pub const ENEMY_HEX: &str =
        "hastings-1066-st 5.2.1 (friendly units cannot enter an enemy-occupied hex)";
    pub const STACKING: &str =
        "hastings-1066-st 5.2.1, 5.6.1 (one combat unit per hex at the end of a move)";
    pub const ZOC: &str = "hastings-1066-st 5.7.1, 5.7.2 (stop on entering an enemy ZOC; never from one into another)";
    pub const BOWMEN: &str =
        "hastings-1066-st 5.7.3 (bowmen never enter an enemy ZOC and must leave one)";
    pub const LEADER_ZOC: &str = "hastings-1066-st 10.2.2; docs/rules/hastings-1066-st.md HS-R35";
    pub const RIDGE: &str = "hastings-1066-st 5.3.5, 9.6.2; docs/rules/hastings-1066-st.md HS-R48, HS-R57 (a disrupted knight stops before the ridge)";
    pub const MARSH: &str = "hastings-1066-st 5.3.6, 9.6.2; docs/rules/hastings-1066-st.md HS-R48";
    pub const OCCUPIED: &str = "hastings-1066-st 5.6.3; docs/rules/hastings-1066-st.md HS-R48";
    pub const DICE: &str = "hastings-1066-st 2.6; docs/rules/hastings-1066-st.md HS-R42";
    pub const FACING: &str = "hastings-1066-st 6.1.1 (units are faced after they move); docs/rules/hastings-1066-st.md HS-R3";
    pub const FACE: &str = "hastings-1066-st 6.1.1 (a unit eligible to move that does not may change its facing), 6.1.3; docs/rules/hastings-1066-st.md HS-R24";
    pub const SHIELD_WALL: &str = "hastings-1066-st 4.3.1, 4.3.5; docs/rules/hastings-1066-st.md HS-R24 (one step to the rear, terrain ignored)";
    pub const IN_PLACE: &str = "hastings-1066-st 4.3.2; docs/rules/hastings-1066-st.md HS-R24 (one step forward or to the rear, terrain ignored)";
    pub const CHARGE: &str =
        "hastings-1066-st 4.3.7; docs/rules/hastings-1066-st.md HS-R7 (uphill), HS-R25 (charge)";
    pub const CHARGE_ORDER: &str =
        "hastings-1066-st 4.3.7, 4.3.8.1; docs/rules/hastings-1066-st.md HS-R25, HS-R46";
    pub const CLOSE: &str = "hastings-1066-st 4.3.4, 4.3.7; docs/rules/hastings-1066-st.md HS-R25, HS-R53 (as close as it can get)";
    pub const ENTRY: &str =
        "hastings-1066-st 11.4.1; docs/rules/hastings-1066-st.md HS-R37 (reinforcements)";
    pub const WING: &str = "hastings-1066-st 4.3.8.2; docs/rules/hastings-1066-st.md HS-R37 (the nearest leader's wing)";
    pub const CLAIMS: &str =
        "hastings-1066-st 9.6.1, 9.6.6 (Morale Check Table); docs/rules/hastings-1066-st.md HS-R11";
    pub const LINE: &str =
        "docs/rules/hastings-1066-st.md (the movement lines: `UNIT move PATH facing=F d6:N`)";
    pub const UNITS: &str =
        "docs/rules/hastings-1066-st.md HS-R41 (ids name declared units and leaders)";
}

// ------------------------------------------------------------- the line

/// A die written on a movement line: its face, `None` when it is no d6
/// (already reported), and where it stands.
pub(super) type Die = (Option<u8>, Span);

/// What a movement line writes after its verb.
pub(super) struct Written<'s> {
    pub path: Option<Atom<'s>>,
    pub cells: Path,
    /// `facing=F`: the vertex, `None` when it is no vertex (reported).
    pub facing: Option<(Option<Vertex>, Span)>,
    /// A bare number: `face F`.
    pub number: Option<Atom<'s>>,
    pub dice: SmallVec<[Die; 2]>,
    pub status: Option<(MoraleResult, Span)>,
    pub wing: Option<(Wing, Span)>,
}

/// Reads a line's arguments and claim, reporting what cannot be read.
pub(super) fn read<'s>(
    state: &State,
    piece: usize,
    action: &Action<'_, 's>,
    out: &mut Vec<Violation>,
) -> Written<'s> {
    let verb = action.verb().text;
    let mut written = Written {
        path: None,
        cells: Path::new(),
        facing: None,
        number: None,
        dice: SmallVec::new(),
        status: None,
        wing: None,
    };
    for atom in action.args() {
        match atom.kind {
            AtomKind::Cell | AtomKind::CellChain if written.path.is_none() => {
                written.path = Some(*atom);
                written.cells = value::cells(atom).collect();
            }
            AtomKind::Number if verb == "face" && written.number.is_none() => {
                written.number = Some(*atom);
            }
            AtomKind::Dice => {
                let face = Dice::parse(atom)
                    .filter(|d| d.count == 1 && d.sides == 6)
                    .and_then(|d| d.results().next())
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| (1..=6).contains(n));
                if face.is_none() {
                    out.push(Violation::of(
                        &codes::WRONG_DICE,
                        atom.span,
                        format!(
                            "`{}`: a morale check is one six-sided die, `d6:N` with N from 1 to 6",
                            atom.text
                        ),
                        cite::DICE,
                    ));
                }
                written.dice.push((face, atom.span));
            }
            AtomKind::Pair if value::key(atom) == Some("facing") => {
                let Some((_, value)) = value::pair(atom) else {
                    continue;
                };
                let vertex = Vertex::parse(value.text);
                if vertex.is_none() {
                    out.push(bad_facing(value.text, atom.span));
                }
                written.facing = Some((vertex, atom.span));
            }
            _ => out.push(
                Violation::of(
                    &codes::UNKNOWN_KEY,
                    atom.span,
                    format!(
                        "`{}` is not part of a `{verb}` line: it takes {}",
                        atom.text,
                        takes(verb)
                    ),
                    cite::LINE,
                )
                .help("a note goes in a comment `{ ... }` or after `;`"),
            ),
        }
    }
    if let Some(claim) = action.outcome() {
        claim_of(state, piece, claim, &mut written, out);
    }
    written
}

/// What each movement verb takes, for messages.
fn takes(verb: &str) -> &'static str {
    match verb {
        "face" => "a vertex, 1 to 6 (`face 3`)",
        "react" => {
            "the hex it leaves and the one it enters, `facing=F` and its dice (`react 0919-1019 facing=5 d6:1`)"
        }
        "enter" => "its path from the entry hex and `facing=F` (`enter 0116-0216 facing=2`)",
        _ => "a path, `facing=F` and, for knights, their check dice in path order",
    }
}

pub(super) fn bad_facing(text: &str, span: Span) -> Violation {
    Violation::of(
        &codes::BAD_FACING,
        span,
        format!("`{text}` is no vertex: a facing is 1 to 6, clockwise from the upper right"),
        cite::FACING,
    )
}

/// Reads a claim: the actor's id, a status word (`ok`, `disrupted`,
/// `routed`) and a wing.
fn claim_of(
    state: &State,
    piece: usize,
    claim: &[Atom<'_>],
    written: &mut Written<'_>,
    out: &mut Vec<Violation>,
) {
    for atom in claim {
        let text = atom.text;
        if let Some(result) = MoraleResult::parse(text) {
            written.status = Some((result, atom.span));
            continue;
        }
        if let Some(wing) = Wing::parse(text) {
            written.wing = Some((wing, atom.span));
            continue;
        }
        let reference = UnitRef::parse(text);
        let named = state.roster.pieces_named(&reference);
        if named.contains(&piece) {
            continue;
        }
        out.push(match named.first() {
            Some(&other) => Violation::of(
                &codes::CLAIM_MISMATCH,
                atom.span,
                format!(
                    "this line moves {}; its claim can speak only of it, not of {}",
                    state.name(piece),
                    state.name(other)
                ),
                cite::LINE,
            ),
            None => Violation::of(
                &codes::UNKNOWN_CLAIM,
                atom.span,
                format!(
                    "`{text}` is no claim of a movement line: the unit, then `ok`, `disrupted` or `routed` after a check, or the wing a reinforcement joins"
                ),
                cite::LINE,
            ),
        });
    }
}

/// Checks a status claim against the checks' result.
pub(super) fn check_status(
    state: &State,
    piece: usize,
    claimed: Option<(MoraleResult, Span)>,
    result: Option<MoraleResult>,
    out: &mut Vec<Violation>,
) {
    let Some((claimed, span)) = claimed else {
        return;
    };
    let actual = result.unwrap_or(MoraleResult::NoEffect);
    if claimed != actual {
        out.push(Violation::of(
            &codes::MORALE_MISMATCH,
            span,
            format!(
                "{} is {} after this line's checks, not {}",
                state.name(piece),
                actual.word(),
                claimed.word()
            ),
            cite::CLAIMS,
        ));
    }
}

// ------------------------------------------------------------ the dispatch

/// A `move`, `charge`, `enter` or `face` line: `piece` is the piece its
/// actor names, if any.
pub fn line(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    piece: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let Some(piece) = piece else {
        out.push(unknown_unit(action.actor()));
        return;
    };
    let written = read(fold, piece, action, out);
    if fold.roster.is_doubted(piece) {
        // Its line was refused at setup: play it, judge nothing.
        if action.verb().text == "enter" && !written.cells.is_empty() {
            fold.emit(Event::Moved {
                piece,
                from: None,
                path: written.cells.clone(),
                facing: written.facing.and_then(|(v, _)| v),
            });
        } else {
            play_as_written(fold, piece, &written);
        }
        return;
    }
    match action.verb().text {
        "face" => face(fold, piece, action, &written, out),
        "enter" => reinforcement::enter(fold, piece, action, &written, out),
        verb => travel(fold, piece, action, verb == "charge", &written, out),
    }
}

pub(super) fn unknown_unit(actor: Atom<'_>) -> Violation {
    Violation::of(
        &codes::UNKNOWN_UNIT,
        actor.span,
        format!("no unit or leader is called {}", actor.text),
        cite::UNITS,
    )
}

/// A line not judged: its move happens as written.
fn play_as_written(fold: &mut Fold<'_>, piece: usize, written: &Written<'_>) {
    let facing = written.facing.and_then(|(v, _)| v);
    if written.cells.len() > 1 {
        fold.emit(Event::Moved {
            piece,
            from: written.cells.first().copied(),
            path: Path::from_slice(&written.cells[1..]),
            facing,
        });
    }
}

// ----------------------------------------------------------------- orders

/// How a unit's order stands for its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OrderOf {
    /// A leader: no order (4.2.5).
    Leader,
    /// William's Guard while William lives: no order (4.3.8.1, HS-R46).
    Free,
    /// Its formation's order (a reinforcement not yet assigned: Advance to
    /// Combat, 4.3.8.2).
    Known(Order),
    /// Its formation has no order this turn: not judged here.
    Unknown,
}

pub(super) fn order_of(state: &State, piece: usize) -> OrderOf {
    let Some(info) = state.info(piece) else {
        return OrderOf::Unknown;
    };
    if info.is_leader() {
        return OrderOf::Leader;
    }
    if let Some(order) = state.order_for(piece) {
        return OrderOf::Known(order);
    }
    match state.formation_of(piece) {
        None if info.class == Some(tables::Class::Guard) => OrderOf::Free,
        _ => OrderOf::Unknown,
    }
}

/// The allowance a piece moves with, and how a message names it (written
/// only into a message: most moves keep to their allowance).
pub(super) fn allowance_of(mover: Mover, order: OrderOf, charging: bool) -> (Movement, WhoHas) {
    let movement = match order {
        OrderOf::Leader => Movement::points(tables::printed_allowance(mover.kind)),
        OrderOf::Free if charging => Movement::points(tables::CHARGE_ALLOWANCE),
        OrderOf::Free => Movement::points(tables::KNIGHT_ALLOWANCE),
        OrderOf::Known(order) => ground::allowance(mover.kind, Some(order), true),
        OrderOf::Unknown => ground::allowance(mover.kind, None, false),
    };
    let who = WhoHas {
        mover,
        order,
        charging,
        points: movement.points,
    };
    (movement, who)
}

/// Whose allowance it is and what it holds, as a message says it:
/// "housecarls in Attack have 4".
#[derive(Clone, Copy)]
pub(super) struct WhoHas {
    mover: Mover,
    order: OrderOf,
    charging: bool,
    points: u32,
}

impl std::fmt::Display for WhoHas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (noun, points) = (self.mover.noun(), self.points);
        match self.order {
            OrderOf::Leader => write!(f, "{noun} has {points}"),
            OrderOf::Free => write!(
                f,
                "William's Guard has {points}{}",
                if self.charging {
                    " when it charges"
                } else {
                    ""
                }
            ),
            OrderOf::Known(order) => write!(f, "{noun} in {} have {points}", order.row().name),
            OrderOf::Unknown => write!(f, "{noun} have at most {points}"),
        }
    }
}

// ---------------------------------------------------------------- a move

/// Where a move may start, and how it pays.
#[derive(Clone, Copy)]
pub(super) enum Pay {
    /// Movement points: the allowance, and what was spent before the first
    /// step (11.4.1's second arrival).
    Points { allowance: u32, spent: u32 },
    /// One hex, terrain ignored (HS-R24), with the code of its order.
    One(Step, &'static CodeInfo, &'static str),
}

/// A path's steps, `(from, to)`.
pub(super) type Steps = SmallVec<[(Option<Cell>, Cell); 12]>;

/// What a walk along a path found, for the checks of the whole.
pub(super) struct Walked {
    /// MP spent.
    pub cost: u32,
    /// The path's steps, `(from, to)`, once walked whole (`from` is `None`
    /// for an entry's first hex): the terms of the sum are written from them
    /// only for a message.
    pub steps: Steps,
    /// Disrupted by a knight's check on the way.
    pub disrupted: bool,
    /// The result of the last check made (for a claim).
    pub result: Option<MoraleResult>,
    /// Whether a path rule was broken (one mistake, one error).
    pub broken: bool,
}

/// `move` and `charge`: a piece on the map goes along its path.
fn travel(
    fold: &mut Fold<'_>,
    piece: usize,
    action: &Action<'_, '_>,
    charging: bool,
    written: &Written<'_>,
    out: &mut Vec<Violation>,
) {
    let Some(mover) = Mover::of(fold, piece) else {
        return;
    };
    let verb = action.verb();
    let name = fold.named(piece);
    let Some(start) = fold.pieces[piece].at else {
        let arriving = fold.info(piece).is_some_and(|i| i.arrives.is_some());
        out.push(
            Violation::of(
                &codes::PATH_START,
                action.actor().span,
                if arriving {
                    format!("{name} is not on the map yet: a reinforcement comes on with `enter`")
                } else {
                    format!("{name} is not on the map")
                },
                cite::PATH,
            )
            .help(if arriving {
                format!(
                    "write `{} enter 0116-... facing=F`",
                    fold.info(piece).map_or("", |i| i.id.as_str())
                )
            } else {
                "an eliminated unit or a fallen leader moves no more".to_string()
            }),
        );
        return;
    };
    if let Some(finding) = may_move(fold, piece, action) {
        out.push(finding);
        play_as_written(fold, piece, written);
        return;
    }
    let order = order_of(fold, piece);
    if charging && let Some(finding) = may_charge(fold, mover, order, verb.span) {
        out.push(finding);
        play_as_written(fold, piece, written);
        return;
    }
    let Some(path) = path_from(fold, piece, Some(start), written, action, out) else {
        return;
    };
    let (movement, who) = allowance_of(mover, order, charging);
    let pay = match movement.step {
        Some(step) if movement.points == 0 => {
            let (code, rule) = match order {
                OrderOf::Known(Order::FireInPlace) => (&codes::IN_PLACE_MOVE, cite::IN_PLACE),
                _ => (&codes::SHIELD_WALL_MOVE, cite::SHIELD_WALL),
            };
            Pay::One(step, code, rule)
        }
        _ => Pay::Points {
            allowance: movement.points,
            spent: 0,
        },
    };
    // The duty to close is judged against the position before the move. A
    // move that ends next to an enemy, or nearer it by every hex its
    // allowance covers, closed as far as any could: no search then.
    let to = path
        .last()
        .and_then(|&end| ground::nearest_enemy(fold, mover.side, end))
        .map(|(d, _)| d);
    let closed = to == Some(1) || closed_by_all(fold, mover, order, start, to);
    let close = if closed {
        None
    } else {
        must_close(fold, mover, start, order)
    };
    let walked = walk(fold, mover, Some(start), &path, written, pay, out);
    let end = *path.last().unwrap_or(&start);
    if !walked.broken {
        whole(fold, mover, &path, written, pay, &walked, &who, out);
    }
    let mut charged = None;
    let mut no_contact = false;
    if charging && !walked.broken {
        match charge_conditions(fold, mover, start, &path, written) {
            Ok(downhill) => charged = Some(downhill),
            Err(finding) => {
                // A charge that stops short fails to close too: one mistake.
                no_contact = finding.code == codes::CHARGE_NO_CONTACT.code;
                out.push(finding);
            }
        }
    }
    if !walked.broken
        && !walked.disrupted
        && !no_contact
        && let Some((best, at)) = close
    {
        let reached = ground::nearest_enemy(fold, mover.side, end).map_or(u32::MAX, |(d, _)| d);
        if reached > best {
            out.push(
                Violation::of(
                    &codes::MUST_CLOSE_WITH_ENEMY,
                    written.path.map_or(action.span, |p| p.span),
                    format!(
                        "{name} ends {reached} hexes from the nearest enemy but could end {best} away, at {at}: {} close with the enemy as far as they can",
                        closing_units(order)
                    ),
                    cite::CLOSE,
                )
                .label(format!("{reached} hexes from the enemy")),
            );
        }
    }
    match (mover.is_leader(), written.facing) {
        (false, None) => out.push(missing_facing(fold, piece, action.span, end)),
        (true, Some((_, span))) => out.push(Violation::of(
            &codes::LEADER_FACING,
            span,
            format!("{name} is a leader, and leaders ignore facing (10.2.1)"),
            cite::FACE,
        )),
        _ => {}
    }
    check_status(fold, piece, written.status, walked.result, out);
    let wing_span = written.wing.map_or(action.span, |(_, s)| s);
    reinforcement::assign(fold, piece, end, written.wing, wing_span, out);
    fold.emit(Event::Moved {
        piece,
        from: path.first().copied(),
        path: Path::from_slice(&path[1..]),
        facing: if mover.is_leader() {
            None
        } else {
            written.facing.and_then(|(v, _)| v)
        },
    });
    let (charged, downhill) = charged.map_or((false, false), |d| (true, d));
    fold.emit(Event::Acted {
        piece,
        flags: PhaseFlags {
            moved: true,
            charged,
            charged_downhill: downhill,
            ..PhaseFlags::default()
        },
    });
    if walked.disrupted && fold.pieces[piece].standing == Standing::Good {
        fold.emit(Event::Standing {
            piece,
            standing: Standing::Disrupted,
        });
    }
}

fn closing_units(order: OrderOf) -> &'static str {
    match order {
        OrderOf::Known(Order::Charge) => "knights of a section in Charge order, charging or not,",
        _ => "units in Attack & Pursue",
    }
}

pub(super) fn missing_facing(state: &State, piece: usize, span: Span, end: Cell) -> Violation {
    let id = state.info(piece).map_or("", |i| i.id.as_str());
    let facing = state.pieces[piece].facing.map_or(5, |v| v.number());
    Violation::of(
        &codes::MISSING_FACING,
        span,
        format!(
            "{} ends its move in {end} and must be faced: write `facing=F`",
            state.name(piece)
        ),
        cite::FACING,
    )
    .help(format!(
        "e.g. `facing={facing}`; {id}'s vertex, 1 to 6 clockwise from the upper right"
    ))
}

/// Whether the piece may move at all now: once a segment, neither routed
/// nor disrupted.
fn may_move(state: &State, piece: usize, action: &Action<'_, '_>) -> Option<Violation> {
    let name = state.named(piece);
    let at = &state.pieces[piece];
    if at.phase.moved {
        return Some(Violation::of(
            &codes::MOVED_TWICE,
            action.verb().span,
            format!("{name} has already moved (or turned) in this movement segment"),
            cite::ONCE,
        ));
    }
    match at.standing {
        Standing::Routed => Some(
            Violation::of(
                &codes::ROUTED_CANNOT_MOVE,
                action.verb().span,
                format!("{name} is routed: routed units do not move in the movement segment"),
                cite::STATUS,
            )
            .help("it is rallied, or withdraws, in the rally segment"),
        ),
        Standing::Disrupted => Some(Violation::of(
            &codes::DISRUPTED_CANNOT_MOVE,
            action.verb().span,
            format!("{name} is disrupted: disrupted units cannot move"),
            cite::STATUS,
        )),
        _ => None,
    }
}

/// Who may write `charge`: a knight of a section in Charge order, or
/// William's Guard while William lives.
fn may_charge(state: &State, mover: Mover, order: OrderOf, span: Span) -> Option<Violation> {
    let name = state.named(mover.piece);
    let why = match order {
        OrderOf::Leader => format!("{name} is a leader: only knights charge"),
        OrderOf::Known(Order::Charge) | OrderOf::Free | OrderOf::Unknown => return None,
        OrderOf::Known(order)
            if state.info(mover.piece).and_then(|i| i.class) == Some(tables::Class::Guard) =>
        {
            return Some(Violation::of(
                &codes::GUARD_ORDER,
                span,
                format!(
                    "4.3.8.1: William has fallen, and {name} is in the Norman knights section, which is in {}, not in Charge",
                    order.row().name
                ),
                super::rules::GUARD,
            ).help("write `move`"));
        }
        OrderOf::Known(order) if mover.kind == Kind::Knights => format!(
            "{name}'s section is in {}, not in Charge: only knights in Charge order (and William's Guard) charge",
            order.row().name
        ),
        OrderOf::Known(_) => format!("{name} is no knight unit: only knights charge"),
    };
    Some(
        Violation::of(
            &codes::ORDER_NOT_FOR_UNIT_TYPE,
            span,
            why,
            cite::CHARGE_ORDER,
        )
        .help("write `move`"),
    )
}

/// The path of a line: from `start` (a piece on the map) or from wherever
/// it enters; on the map and contiguous. `None` after a finding.
pub(super) fn path_from(
    state: &State,
    piece: usize,
    start: Option<Cell>,
    written: &Written<'_>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<Path> {
    let name = state.named(piece);
    let Some(atom) = written.path else {
        out.push(Violation::of(
            &codes::PATH_START,
            action.span,
            format!(
                "`{}` needs its path: the hexes {name} goes through, from {}",
                action.verb().text,
                match start {
                    Some(cell) => format!("its hex {cell}"),
                    None => "its entry hex".to_string(),
                }
            ),
            cite::PATH,
        ));
        return None;
    };
    let cells = &written.cells;
    if let Some(start) = start {
        if cells.first() != Some(&start) {
            let first = cells.first().map_or_else(String::new, Cell::to_string);
            out.push(
                Violation::of(
                    &codes::PATH_START,
                    atom.span,
                    format!(
                        "{name} stands in {start}, not {first}: a path starts at the unit's hex"
                    ),
                    cite::PATH,
                )
                .help(format!("write `{start}-{}`", atom.text)),
            );
            return None;
        }
        if cells.len() < 2 {
            out.push(Violation::of(
                &codes::PATH_NOT_CONTIGUOUS,
                atom.span,
                format!(
                    "a path names the hexes entered after {start}: `{start}` alone goes nowhere"
                ),
                cite::PATH,
            ));
            return None;
        }
    }
    let roster = &state.roster;
    if let Some((index, off)) = cells
        .iter()
        .enumerate()
        .find(|(_, c)| !roster.extent.contains(**c))
    {
        out.push(Violation::of(
            &codes::OFF_MAP,
            value::cell_spans(&atom)
                .nth(index)
                .map_or(atom.span, |(_, span)| span),
            format!(
                "{off} is off the map ({} columns, {} rows)",
                roster.extent.columns, roster.extent.rows
            ),
            cite::PATH,
        ));
        return None;
    }
    if let Some((index, pair)) = cells
        .windows(2)
        .enumerate()
        .find(|(_, w)| !hex::adjacent(w[0], w[1], roster.parity))
    {
        out.push(Violation::of(
            &codes::PATH_NOT_CONTIGUOUS,
            value::step_span(&atom, index + 1),
            format!(
                "{} is not next to {}: a path goes hex by hex",
                pair[1], pair[0]
            ),
            cite::PATH,
        ));
        return None;
    }
    Some(cells.clone())
}

/// Walks a path step by step: enemy hexes, zones of control, a knight's
/// checks and what they cost, and the movement points. The path starts at
/// `start`, or (an entry) is entered whole.
pub(super) fn walk(
    state: &State,
    mover: Mover,
    start: Option<Cell>,
    path: &[Cell],
    written: &Written<'_>,
    pay: Pay,
    out: &mut Vec<Violation>,
) -> Walked {
    let name = state.named(mover.piece);
    let span = written.path.map_or(Span::new(0, 0), |p| p.span);
    let zoc = ground::zone_of(state, mover.side.other());
    let steps: Steps = match start {
        Some(_) => path.windows(2).map(|w| (Some(w[0]), w[1])).collect(),
        None => path
            .iter()
            .enumerate()
            .map(|(i, &c)| (i.checked_sub(1).map(|j| path[j]), c))
            .collect(),
    };
    let mut walked = Walked {
        cost: 0,
        steps: Steps::new(),
        disrupted: false,
        result: None,
        broken: false,
    };
    let last = steps.len().saturating_sub(1);
    for (i, &(from, to)) in steps.iter().enumerate() {
        let finding = step_rule(state, mover, zoc, from, to, i == last, pay, name, span);
        if let Some((mut finding, at)) = finding {
            // Step `i` enters written cell `i`, or `i + 1` when the path
            // starts with the piece's own hex.
            let step = i + usize::from(start.is_some());
            if let Some(atom) = written.path {
                match at {
                    At::Step => finding.span = value::step_span(&atom, step),
                    At::NextStep => finding.span = value::step_span(&atom, step + 1),
                    At::Path => {}
                }
            }
            out.push(finding);
            walked.broken = true;
            return walked;
        }
        walked.cost += match from {
            Some(from) => ground::step_points(state, mover.arm(), from, to),
            None => ground::entry_points(state, mover.arm(), to),
        };
    }
    knight_checks(state, mover, &steps, &written.dice, span, out, &mut walked);
    walked.steps = steps;
    walked
}

impl Walked {
    /// The terms of the MP spent, as `1 + woods 2 + stream 1`.
    fn terms(&self, state: &State, arm: Arm) -> Vec<String> {
        let mut terms = Vec::new();
        for &(from, to) in &self.steps {
            terms.extend(match from {
                Some(from) => ground::step_cost(state, arm, from, to).1,
                None => ground::entry_cost(state, arm, to).1,
            });
        }
        terms
    }
}

/// Where a step's finding is labelled: on the step, on the step after it
/// (the one a unit stopped by a zone of control may not take), or on the
/// whole path (a one-hex order that goes further).
#[derive(Clone, Copy)]
enum At {
    Step,
    NextStep,
    Path,
}

/// The rules of one step: no enemy hex; the zones of control; a knight
/// and its friends (5.6.3); a one-hex order's direction.
#[allow(clippy::too_many_arguments)]
fn step_rule(
    state: &State,
    mover: Mover,
    zoc: &ground::Zone,
    from: Option<Cell>,
    to: Cell,
    last: bool,
    pay: Pay,
    name: PieceName<'_>,
    span: Span,
) -> Option<(Violation, At)> {
    if let Some(enemy) = ground::enemy_in(state, mover.side, to) {
        return Some((
            Violation::of(
                &codes::ENTERS_ENEMY_HEX,
                span,
                format!(
                    "{to} holds {}: no unit enters an enemy's hex",
                    state.name(enemy)
                ),
                cite::ENEMY_HEX,
            ),
            At::Step,
        ));
    }
    if let Pay::One(step, code, rule) = pay {
        let side = mover.side;
        let allowed = from.is_some_and(|from| ground::step_allowed(state, side, step, from, to));
        let what = match step {
            Step::Rear => "one hex to the rear",
            Step::ForwardOrRear => "one hex forward or to the rear",
        };
        if !last || !allowed {
            return Some((
                Violation::of(
                    code,
                    span,
                    format!(
                        "{name} may move only {what} ({} of the {} side); not {}",
                        dirs(step, side),
                        side.word(),
                        if last {
                            format!("to {to}")
                        } else {
                            "more than one hex".to_string()
                        }
                    ),
                    rule,
                ),
                if last { At::Step } else { At::Path },
            ));
        }
        if zoc.contains(&to) {
            return Some((
                Violation::of(
                    code,
                    span,
                    format!(
                        "{to} is in an enemy zone of control: {name}'s one step may not enter one"
                    ),
                    rule,
                ),
                At::Step,
            ));
        }
    }
    let in_zoc = zoc.contains(&to);
    if in_zoc {
        if mover.bowmen {
            return Some((
                Violation::of(
                    &codes::BOWMEN_ENTER_ZOC,
                    span,
                    format!("{to} is in an enemy zone of control, and bowmen never enter one"),
                    cite::BOWMEN,
                ),
                At::Step,
            ));
        }
        let friend = ground::friend_in(state, mover, to);
        if mover.is_leader() && friend.is_none() {
            return Some((
                Violation::of(
                    &codes::LEADER_INTO_ZOC,
                    span,
                    format!(
                        "{to} is in an enemy zone of control with no friendly unit in it: a leader enters one only stacked with a friendly combat unit"
                    ),
                    cite::LEADER_ZOC,
                ),
                At::Step,
            ));
        }
        if let (false, Some(friend)) = (mover.is_leader(), friend) {
            return Some((
                Violation::of(
                    &codes::ZOC_OCCUPIED_BY_FRIEND,
                    span,
                    format!(
                        "{to} is in an enemy zone of control and {} stands in it: a combat unit may not enter such a hex",
                        state.name(friend)
                    ),
                    cite::ZOC,
                ),
                At::Step,
            ));
        }
        if let Some(from) = from.filter(|f| zoc.contains(f)) {
            return Some((
                Violation::of(
                    &codes::ZOC_TO_ZOC,
                    span,
                    format!(
                        "{from} and {to} are both in enemy zones of control: a unit leaving one may not step straight into another"
                    ),
                    cite::ZOC,
                ),
                At::Step,
            ));
        }
        if !last {
            return Some((
                Violation::of(
                    &codes::MOVED_AFTER_ZOC,
                    span,
                    format!("{to} is in an enemy zone of control: {name} stops there"),
                    cite::ZOC,
                ),
                At::NextStep,
            ));
        }
    }
    if let Some(from) = from
        && let Some(hex) = ground::knight_check_blocked(state, mover, from, to)
    {
        let friend =
            ground::friend_in(state, mover, hex).map_or_else(String::new, |f| state.name(f));
        let what = if ground::hexside(state, from, to) == Some(Hexside::Ridge) {
            format!("the ridge {from}/{to}")
        } else {
            format!("the marsh of {to}")
        };
        return Some((
            Violation::of(
                &codes::KNIGHT_CHECK_INTO_OCCUPIED,
                span,
                format!(
                    "{name} checks morale at {what}, and {friend} stands in {hex}: a knight whose move calls for a check may not start it from, or make it into, a friend's hex"
                ),
                cite::OCCUPIED,
            ),
            At::Step,
        ));
    }
    None
}

fn dirs(step: Step, side: Side) -> String {
    let row = side.row();
    let name = |d: &[hex::Direction; 2]| format!("{:?} or {:?}", d[0], d[1]);
    match step {
        Step::Rear => format!("print {}", name(&row.rear)),
        Step::ForwardOrRear => format!("print {} or {}", name(&row.rear), name(&row.forward)),
    }
}

/// A knight's ridge and marsh checks along its path, each taking the next
/// die (5.3.5, 5.3.6, HS-R57): a disrupted knight stops before the ridge,
/// or in the marsh hex. Dice beyond the checks: one more is the check of a
/// ridge the knight failed to cross at the end of its path.
fn knight_checks(
    state: &State,
    mover: Mover,
    steps: &[(Option<Cell>, Cell)],
    dice: &[Die],
    span: Span,
    out: &mut Vec<Violation>,
    walked: &mut Walked,
) {
    let name = state.named(mover.piece);
    let grade = state
        .info(mover.piece)
        .and_then(|i| i.factors())
        .map(|f| f.grade);
    let read = |face: Option<u8>| match (face, grade) {
        (Some(face), Some(grade)) => {
            tables::morale(grade, face).map(MoraleResult::rout_as_disruption)
        }
        _ => None,
    };
    let mut dice = dice.iter();
    if mover.is_knight() {
        let last = steps.len().saturating_sub(1);
        'path: for (i, &(from, to)) in steps.iter().enumerate() {
            let ridge = from.filter(|&f| ground::hexside(state, f, to) == Some(Hexside::Ridge));
            let marsh = ground::terrain(state, to).row().knight_check;
            let checks = [
                ridge.map(|f| {
                    (
                        format!("before crossing the ridge {f}/{to}"),
                        true,
                        &codes::RIDGE_CHECK_MISSING,
                        cite::RIDGE,
                    )
                }),
                marsh.then(|| {
                    (
                        format!("on entering the marsh of {to}"),
                        false,
                        &codes::MARSH_CHECK_MISSING,
                        cite::MARSH,
                    )
                }),
            ];
            for (what, before, code, rule) in checks.into_iter().flatten() {
                let Some(&(face, die_span)) = dice.next() else {
                    out.push(Violation::of(
                        code,
                        span,
                        format!(
                            "{name} checks morale {what}: write its die, `d6:N`, in path order"
                        ),
                        rule,
                    ));
                    return;
                };
                let result = read(face);
                walked.result = result.or(walked.result);
                if result != Some(MoraleResult::Disrupted) {
                    continue;
                }
                walked.disrupted = true;
                // Before a ridge it stays where it is; in a marsh it has
                // entered, and goes no further.
                if before || i < last {
                    let stops = match (before, from) {
                        (true, Some(f)) => format!("in {f}, before the ridge"),
                        _ => format!("in {to}"),
                    };
                    out.push(
                        Violation::of(
                            &codes::MOVED_AFTER_DISRUPTION,
                            span,
                            format!(
                                "{name}'s check {what} disrupts it (d6:{}; a rout counts as a disruption): it stops {stops}",
                                face.unwrap_or(0)
                            ),
                            rule,
                        )
                        .related(die_span, "this check"),
                    );
                    walked.broken = true;
                    return;
                }
                break 'path;
            }
        }
        // One die more: the check of a ridge the knight tried to cross from
        // its last hex, and failed (it stays there, HS-R57).
        let end = steps.last().map(|&(_, to)| to);
        let mut rest = dice.clone();
        if let (false, Some(&(face, die_span)), None, Some(end)) =
            (walked.disrupted, rest.next(), rest.next(), end)
        {
            let borders = hex::neighbours(end, state.roster.parity)
                .any(|n| ground::hexside(state, end, n) == Some(Hexside::Ridge));
            let result = read(face);
            if borders && result != Some(MoraleResult::NoEffect) {
                dice.next();
                walked.result = result.or(walked.result);
                walked.disrupted = result == Some(MoraleResult::Disrupted);
            } else if borders {
                out.push(Violation::of(
                    &codes::UNEXPECTED_ROLL,
                    die_span,
                    format!(
                        "{name} passes its check at the ridge by {end} (d6:{}), so it crosses: write the hexes beyond, or no die",
                        face.unwrap_or(0)
                    ),
                    cite::RIDGE,
                ));
                return;
            }
        }
    }
    if let Some(&(_, die_span)) = dice.next() {
        out.push(Violation::of(
            &codes::UNEXPECTED_ROLL,
            die_span,
            if mover.is_knight() {
                format!(
                    "{name}'s path calls for no more checks: no further ridge to cross, no further marsh to enter"
                )
            } else {
                format!("{name} rolls no die to move: only knights check at ridges and marshes")
            },
            cite::RIDGE,
        ));
    }
}

/// The checks of the whole move: its cost against the allowance, and
/// stacking where it ends.
#[allow(clippy::too_many_arguments)]
pub(super) fn whole(
    state: &State,
    mover: Mover,
    path: &[Cell],
    written: &Written<'_>,
    pay: Pay,
    walked: &Walked,
    who: &dyn std::fmt::Display,
    out: &mut Vec<Violation>,
) {
    let name = state.named(mover.piece);
    let span = written.path.map_or(Span::new(0, 0), |p| p.span);
    if let Pay::Points { allowance, spent } = pay {
        let total = walked.cost + spent;
        if total > allowance {
            let mut terms = walked.terms(state, mover.arm());
            if spent > 0 {
                terms.insert(0, format!("{spent} spent before entering"));
            }
            let (code, rule) = if mover.is_leader() {
                (&codes::LEADER_MOVE_EXCEEDED, cite::LEADERS)
            } else {
                (&codes::MOVEMENT_ALLOWANCE_EXCEEDED, cite::ALLOWANCE)
            };
            out.push(
                Violation::of(
                    code,
                    span,
                    format!("{name}: {} = {total} MP; {who}", terms.join(" + ")),
                    rule,
                )
                .label(format!("{total} MP")),
            );
        }
    }
    if let Some(&end) = path.last()
        && !mover.is_leader()
        && let Some(friend) = ground::friend_in(state, mover, end)
    {
        out.push(
            Violation::of(
                &codes::STACKING,
                span,
                format!(
                    "{name} ends its move in {end}, where {} stands: one combat unit to a hex",
                    state.name(friend)
                ),
                cite::STACKING,
            )
            .help("it may pass through a friend, not stop on one"),
        );
    }
}

/// A charge's three conditions (4.3.7, HS-R25): `Ok(downhill)` when the
/// charge qualifies, else the first condition it misses.
fn charge_conditions(
    state: &State,
    mover: Mover,
    start: Cell,
    path: &[Cell],
    written: &Written<'_>,
) -> Result<bool, Violation> {
    let name = state.named(mover.piece);
    let span = written.path.map_or(Span::new(0, 0), |p| p.span);
    let steps: SmallVec<[(Cell, Cell); 12]> = path.windows(2).map(|w| (w[0], w[1])).collect();
    for &(from, to) in &steps {
        if let Some(side) = ground::hexside(state, from, to) {
            return Err(Violation::of(
                &codes::CHARGE_CROSSES_HEXSIDE,
                span,
                format!(
                    "{name}'s charge crosses the {} {from}/{to}: a charge crosses no ridge or stream",
                    side.word()
                ),
                cite::CHARGE,
            ).help("a knight that cannot charge writes `move`"));
        }
        let ground = ground::terrain(state, to);
        if !ground.row().charge_may_enter {
            return Err(Violation::of(
                &codes::CHARGE_BAD_TERRAIN,
                span,
                format!(
                    "{name}'s charge enters the {} of {to}: a charge enters no marsh or woods",
                    ground.word()
                ),
                cite::CHARGE,
            )
            .help("a knight that cannot charge writes `move`"));
        }
    }
    let end = *path.last().unwrap_or(&start);
    if !ground::next_to_enemy(state, mover.side, end) {
        return Err(Violation::of(
            &codes::CHARGE_NO_CONTACT,
            span,
            format!(
                "{name}'s charge ends in {end}, next to no enemy unit: a charge ends in contact"
            ),
            cite::CHARGE,
        )
        .help("a knight that cannot charge writes `move`"));
    }
    let last_two = &steps[steps.len().saturating_sub(2)..];
    if let Some(&(from, to)) = last_two
        .iter()
        .find(|&&(from, to)| ground::slope(state, from, to) == Some(Slope::Uphill))
    {
        return Err(
            Violation::of(
                &codes::CHARGE_UPHILL,
                span,
                format!(
                    "{name} goes uphill from {from} into {to}, one of the last two hexes of its charge ({} ft to {} ft{})",
                    ground::elevation(state, from),
                    ground::elevation(state, to),
                    if ground::elevation(state, from) == ground::elevation(state, to) {
                        ", toward higher ground within two hexes"
                    } else {
                        ""
                    }
                ),
                cite::CHARGE,
            )
            .help("a knight that cannot charge writes `move`"),
        );
    }
    Ok(last_two
        .iter()
        .all(|&(from, to)| ground::slope(state, from, to) == Some(Slope::Downhill)))
}

/// Whether a move from `start` that ended `to` hexes from the nearest enemy
/// came nearer it by every hex its allowance for [`must_close`] covers. A
/// hex costs at least 1 MP, so no hex it could reach is nearer than the
/// start less those hexes: the move closed as far as any could.
fn closed_by_all(
    state: &State,
    mover: Mover,
    order: OrderOf,
    start: Cell,
    to: Option<u32>,
) -> bool {
    let (OrderOf::Known(order), Some(to)) = (order, to) else {
        return false;
    };
    ground::nearest_enemy(state, mover.side, start)
        .is_some_and(|(from, _)| to.saturating_add(hexes_within(mover, order)) <= from)
}

/// The most hexes [`must_close`]'s reach covers: its one step, or a hex
/// for each MP.
fn hexes_within(mover: Mover, order: Order) -> u32 {
    let movement = ground::allowance(mover.kind, Some(order), true);
    if movement.step.is_some() {
        1
    } else {
        movement.points
    }
}

/// HS-R53: how close to the nearest enemy a unit in Attack & Pursue (or a
/// knight of a Charge section) could end from `start`, and where; `None`
/// when it owes nothing (another order, disrupted, no enemy).
pub(super) fn must_close(
    state: &State,
    mover: Mover,
    start: Cell,
    order: OrderOf,
) -> Option<(u32, Cell)> {
    let OrderOf::Known(order) = order else {
        return None;
    };
    if !order.row().must_close || state.pieces[mover.piece].standing != Standing::Good {
        return None;
    }
    let movement = ground::allowance(mover.kind, Some(order), true);
    let enemies = ground::EnemyHexes::of(state, mover.side);
    ground::reach(state, mover, start, movement)
        .into_iter()
        .filter_map(|cell| enemies.distance(cell).map(|d| (d, cell)))
        .min_by_key(|&(d, cell)| (d, cell != start, cell))
}

// ------------------------------------------------------------------ facing

/// `UNIT face F` (6.1.1): a unit that does not move turns in place, in its
/// own movement segment, unless routed or disrupted.
fn face(
    fold: &mut Fold<'_>,
    piece: usize,
    action: &Action<'_, '_>,
    written: &Written<'_>,
    out: &mut Vec<Violation>,
) {
    let name = fold.named(piece);
    let Some(info) = fold.info(piece) else {
        return;
    };
    if info.is_leader() {
        out.push(Violation::of(
            &codes::LEADER_FACING,
            action.verb().span,
            format!("{name} is a leader, and leaders ignore facing (10.2.1)"),
            cite::FACE,
        ));
        return;
    }
    let vertex = match (written.number, written.facing) {
        (Some(number), _) => {
            let vertex = Vertex::parse(number.text);
            if vertex.is_none() {
                out.push(bad_facing(number.text, number.span));
                return;
            }
            vertex
        }
        // `face facing=3`: read, and a bad vertex already reported.
        (None, Some((vertex, _))) => vertex,
        (None, None) => {
            out.push(Violation::of(
                &codes::BAD_FACING,
                action.span,
                "`face` needs the vertex the unit turns to: `face 3`",
                cite::FACE,
            ));
            return;
        }
    };
    let Some(vertex) = vertex else {
        return;
    };
    let state = &fold.pieces[piece];
    let why = if state.at.is_none() {
        Some(format!("{name} is not on the map"))
    } else if state.phase.moved {
        Some(format!(
            "{name} has moved in this segment and took its facing with the move"
        ))
    } else {
        match state.standing {
            Standing::Routed => Some(format!(
                "{name} is routed: routed units face their rear (9.2.3.2)"
            )),
            Standing::Disrupted => Some(format!(
                "{name} is disrupted: only a unit eligible to move may turn"
            )),
            _ => None,
        }
    };
    if let Some(why) = why {
        out.push(Violation::of(
            &codes::FACING_CHANGE_NOT_ALLOWED,
            action.verb().span,
            why,
            cite::FACE,
        ));
        return;
    }
    fold.emit(Event::Faced {
        piece,
        facing: vertex,
    });
}

// ---------------------------------------------------- the segment's close

/// When the movement segment closes (the next label or turn line at
/// `span`): the duties of the units that did not move. Attack & Pursue units
/// and the knights of a Charge section that stayed where they could have
/// got closer to the enemy (HS-R53); bowmen left in an enemy ZOC they could
/// have left (5.7.3); reinforcements of this turn that never came on
/// (11.4.1, HS-R37).
pub fn close(state: &State, span: Span, out: &mut Vec<Violation>) {
    let Some(side) = state.phasing else {
        return;
    };
    if state.segment != Some(Segment::Movement) {
        return;
    }
    let zoc = ground::zone_of(state, side.other());
    for piece in 0..state.pieces.len() {
        let Some(info) = state.info(piece) else {
            continue;
        };
        let at = &state.pieces[piece];
        if info.side != side || state.roster.is_doubted(piece) {
            continue;
        }
        let name = state.named(piece);
        let Some(cell) = at.at else {
            if side == Side::Saxons
                && info.arrives == Some(state.turn)
                && at.standing != Standing::Eliminated
                && !reinforcement::entry_blocked(state, piece)
            {
                out.push(Violation::of(
                    &codes::REINFORCEMENT_MISSING,
                    span,
                    format!("{name} arrives in turn {}: it enters in this movement segment (`{} enter 0116-... facing=F`)", state.turn, info.id),
                    cite::ENTRY,
                ));
            }
            continue;
        };
        if at.phase.moved || at.standing != Standing::Good {
            continue;
        }
        let Some(mover) = Mover::of(state, piece) else {
            continue;
        };
        let order = order_of(state, piece);
        if let Some((best, there)) = must_close(state, mover, cell, order) {
            let now = ground::nearest_enemy(state, side, cell).map_or(u32::MAX, |(d, _)| d);
            if now > best {
                out.push(Violation::of(
                    &codes::MUST_CLOSE_WITH_ENEMY,
                    span,
                    format!(
                        "{name} stayed in {cell}, {now} hexes from the nearest enemy, but could have ended {best} away, at {there}: {} close with the enemy as far as they can",
                        closing_units(order)
                    ),
                    cite::CLOSE,
                ));
            }
        }
        if mover.bowmen && zoc.contains(&cell) {
            let movement = match order {
                OrderOf::Known(order) => ground::allowance(mover.kind, Some(order), true),
                _ => ground::allowance(mover.kind, None, false),
            };
            if let Some(&out_of) = ground::reach(state, mover, cell, movement)
                .iter()
                .find(|&&c| c != cell)
            {
                out.push(Violation::of(
                    &codes::BOWMEN_STAYED_IN_ZOC,
                    span,
                    format!(
                        "{name} stayed in {cell}, in an enemy zone of control, though it could leave it (to {out_of}): bowmen must"
                    ),
                    cite::BOWMEN,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hastings_1066::play::{each_state, sample_and_generated};

    /// What lets a move that closed by every hex of its allowance skip the
    /// search (`closed_by_all`): in every position of the sample battle and
    /// of generated ones, for every unit that owes the duty to close, the
    /// nearest any hex of its reach comes to the enemy is no nearer than its
    /// own hex less `hexes_within`.
    #[test]
    fn no_hex_in_reach_is_nearer_than_the_allowance_allows() {
        let (mut searched, mut tight) = (0, 0);
        for text in sample_and_generated(3, 5) {
            each_state(&text, |state| {
                for piece in 0..state.pieces.len() {
                    let (Some(mover), Some(start)) =
                        (Mover::of(state, piece), state.pieces[piece].at)
                    else {
                        continue;
                    };
                    let order = order_of(state, piece);
                    let (OrderOf::Known(known), Some((best, _))) =
                        (order, must_close(state, mover, start, order))
                    else {
                        continue;
                    };
                    let from =
                        ground::nearest_enemy(state, mover.side, start).map_or(0, |(d, _)| d);
                    let hexes = hexes_within(mover, known);
                    assert!(
                        best + hexes >= from,
                        "piece {piece} at {start}: {best} + {hexes} < {from}"
                    );
                    searched += 1;
                    tight += usize::from(best + hexes == from);
                }
            });
        }
        assert!(
            searched > 1000 && tight > 50,
            "{searched} searched, {tight} tight"
        );
    }
}
