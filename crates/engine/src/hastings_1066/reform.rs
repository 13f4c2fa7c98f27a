//! The reform between the Assault Periods (11.4.2, 11.5; HS-R39, HS-R56):
//! in the record of Period 1's last turn, `Normans reform` rallies or
//! eliminates the routed and disrupted (11.5.2), eliminates the units of
//! both armies that cannot trace to their reform area (11.5.3) and lifts
//! the Normans off the map; `Normans place ID@CCRR^F …` sets them down at
//! least four hexes south of Senlac Hill between rows xx06 and xx26
//! (11.5.4), each section in one group (11.5.5); then `Saxons reform` and
//! `Saxons place …` on Senlac Hill with the last twelve fyrd (11.5.6). The
//! same ground rules judge a variable deployment (11.3, HS-R56).

use senlac_board::facing::Vertex;
use senlac_board::{Cell, flood, hex};
use senlac_notation::lower::Action;
use senlac_notation::value::{Location, Placement};
use senlac_notation::{AtomKind, Span};

use super::Fold;
use super::codes;
use super::event::Event;
use super::melee::controls;
use super::rules;
use super::state::{LeaderStanding, Part, Roster, Standing, State};
use super::tables::Side;
use crate::code::CodeInfo;
use crate::reuse::Path;
use crate::violation::Violation;

/// The Normans' flanks (11.5.4): rows xx06 to xx26.
pub const NORMAN_ROWS: std::ops::RangeInclusive<u8> = 6..=26;

/// Hexes the Normans keep between them and Senlac Hill (11.5.4).
pub const NORMAN_DISTANCE: u32 = 4;

/// Why a hex is outside a side's reform area (11.5.4, 11.5.6); worded only
/// for a message, since the trace asks it of every hex a unit reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    NotOnHill,
    Flank,
    /// `distance` hexes from the hill's hex `hill`.
    TooClose {
        distance: u32,
        hill: Cell,
    },
    /// `hill`, of the hill, lies in the hex's row to its north.
    NotSouth {
        hill: Cell,
    },
}

impl Outside {
    pub fn code(self) -> &'static CodeInfo {
        match self {
            Outside::NotOnHill => &codes::REFORM_NOT_ON_HILL,
            Outside::Flank => &codes::REFORM_FLANK,
            Outside::TooClose { .. } | Outside::NotSouth { .. } => &codes::REFORM_TOO_CLOSE,
        }
    }

    /// Why `cell` is outside.
    pub fn message(self, cell: Cell) -> String {
        match self {
            Outside::NotOnHill => format!("{cell} is not on Senlac Hill (11.5.6)"),
            Outside::Flank => format!(
                "{cell} is in row {:02}: the Normans' flanks stay between rows xx06 and xx26 (11.5.4)",
                cell.row
            ),
            Outside::TooClose { distance, hill } => format!(
                "{cell} is {distance} hexes from Senlac Hill ({hill}): the Normans stay at least {NORMAN_DISTANCE} away (11.5.4, HS-R39)"
            ),
            Outside::NotSouth { hill } => format!(
                "{cell} is not south of Senlac Hill: {hill}, of the hill, lies in its row at column {:02} (11.5.4, HS-R39)",
                hill.column
            ),
        }
    }
}

/// Why a hex is outside a side's reform area; `None` when it is inside.
pub fn outside(roster: &Roster, side: Side, cell: Cell) -> Option<Outside> {
    outside_among(roster, side, cell, &mut None)
}

/// Senlac Hill's hexes on the map, row by row.
fn hill_cells(roster: &Roster) -> Vec<Cell> {
    (1..=roster.extent.rows)
        .flat_map(|row| (1..=roster.extent.columns).map(move |column| Cell { column, row }))
        .filter(|&c| roster.ground_at(c).is_some_and(|g| g.senlac_hill))
        .collect()
}

/// [`outside`], with the hill's hexes listed at most once for many
/// questions (`hill`, filled when a Norman hex first needs it): a Saxon hex
/// is looked up, not searched for.
fn outside_among(
    roster: &Roster,
    side: Side,
    cell: Cell,
    hill: &mut Option<Vec<Cell>>,
) -> Option<Outside> {
    match side {
        Side::Saxons => {
            // `ground_at` answers only inside the map.
            let on_hill = roster.ground_at(cell).is_some_and(|g| g.senlac_hill);
            (!on_hill).then_some(Outside::NotOnHill)
        }
        Side::Normans => {
            if !NORMAN_ROWS.contains(&cell.row) {
                return Some(Outside::Flank);
            }
            let hill = hill.get_or_insert_with(|| hill_cells(roster));
            // A step moves a column and a row at most: a hill hex as many
            // columns or rows away as the distance kept is no nearer. The
            // hexes are row by row, so the rows within reach are one run.
            let reach = NORMAN_DISTANCE as u8;
            let from = hill.partition_point(|h| h.row.saturating_add(reach) <= cell.row);
            let to = hill.partition_point(|h| h.row < cell.row.saturating_add(reach));
            let rows = &hill[from..to.max(from)];
            let near = rows
                .iter()
                .filter(|h| h.column.abs_diff(cell.column) < reach)
                .map(|&h| (hex::distance(cell, h, roster.parity), h))
                .min();
            if let Some((distance, h)) = near.filter(|&(d, _)| d < NORMAN_DISTANCE) {
                return Some(Outside::TooClose { distance, hill: h });
            }
            rows.iter()
                .filter(|h| h.row == cell.row && h.column >= cell.column)
                .min_by_key(|h| h.column)
                .map(|&h| Outside::NotSouth { hill: h })
        }
    }
}

/// Whether the battle stands at the reform: the record of Period 1's last
/// Battle Turn, nobody having won.
pub fn due(state: &State) -> bool {
    state.period == 1
        && state.verdict.is_none()
        && state.phasing == Some(Side::Saxons)
        && state.segment == Some(super::state::Segment::Record)
        && super::period::ends_now(state)
}

/// The pieces of `side` lifted at its reform and not placed yet.
pub fn awaiting(state: &State, side: Side) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&p| state.pieces[p].awaiting && state.info(p).is_some_and(|i| i.side == side))
        .collect()
}

/// The units eliminated at the end of Period 1 (11.5.2, 11.5.3): routed or
/// disrupted with no leader of their side on the map, and those that
/// cannot trace to their reform area, each with whether it was the trace.
pub fn losses(state: &State) -> Vec<(usize, bool)> {
    let on_map = |p: usize| state.pieces[p].at.is_some();
    let leader_on_map = |side: Side| {
        (0..state.pieces.len()).any(|p| {
            on_map(p)
                && state
                    .info(p)
                    .is_some_and(|i| i.side == side && i.is_leader())
        })
    };
    let units: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| on_map(p) && state.info(p).is_some_and(|i| !i.is_leader()))
        .collect();
    let mut out: Vec<(usize, bool)> = units
        .iter()
        .copied()
        .filter(|&u| {
            let standing = state.pieces[u].standing;
            let side = state.info(u).map(|i| i.side);
            matches!(standing, Standing::Disrupted | Standing::Routed)
                && side.is_some_and(|s| !leader_on_map(s))
        })
        .map(|u| (u, false))
        .collect();
    for side in Side::ALL {
        for u in untraced(state, side) {
            if !out.iter().any(|&(p, _)| p == u) {
                out.push((u, true));
            }
        }
    }
    out.sort_unstable();
    out
}

/// The units of `side` that cannot trace a path free of enemy units and
/// enemy zones of control (friendly units cancel them) to their reform
/// area, or to a friend who can (11.5.3, HS-R39).
fn untraced(state: &State, side: Side) -> Vec<usize> {
    let roster = &state.roster;
    let mine: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| {
            state.pieces[p].at.is_some()
                && state
                    .info(p)
                    .is_some_and(|i| i.side == side && !i.is_leader())
        })
        .collect();
    let enemies: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| {
            state
                .info(p)
                .is_some_and(|i| i.side != side && !i.is_leader())
        })
        .collect();
    let zoc: Vec<Cell> = enemies.iter().flat_map(|&e| controls(state, e)).collect();
    let friend_at = |c: Cell| mine.iter().any(|&m| state.pieces[m].at == Some(c));
    let enemy_at = |c: Cell| enemies.iter().any(|&e| state.pieces[e].at == Some(c));
    let open = |c: Cell| !enemy_at(c) && (friend_at(c) || !zoc.contains(&c));
    // Each unit's reachable ground, once.
    let reach: Vec<Vec<Cell>> = mine
        .iter()
        .map(|&m| {
            let start = state.pieces[m].at.into_iter();
            flood::region(start, roster.extent, roster.parity, open)
        })
        .collect();
    let mut hill = None;
    // The units' grounds overlap: each hex is judged once.
    let mut judged: Vec<Option<bool>> = vec![None; roster.ground.len()];
    let mut inside = |c: Cell| {
        let mut judge = || outside_among(roster, side, c, &mut hill).is_none();
        match roster.index(c) {
            Some(i) => *judged[i].get_or_insert_with(judge),
            None => judge(),
        }
    };
    let mut traced: Vec<bool> = reach
        .iter()
        .map(|ground| ground.iter().any(|&c| inside(c)))
        .collect();
    // A unit that reaches a friend who can trace, traces (to a fixpoint).
    loop {
        let mut changed = false;
        for i in 0..mine.len() {
            if traced[i] {
                continue;
            }
            let via_friend = (0..mine.len()).any(|j| {
                traced[j]
                    && state.pieces[mine[j]]
                        .at
                        .is_some_and(|c| reach[i].contains(&c))
            });
            if via_friend {
                traced[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    mine.iter()
        .zip(traced)
        .filter(|&(_, t)| !t)
        .map(|(&m, _)| m)
        .collect()
}

/// `SIDE reform [=> UNIT eliminated …]`.
pub fn reform(fold: &mut Fold<'_>, side: Side, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if !due(fold) {
        out.push(Violation::of(
            &codes::REFORM_OUT_OF_ORDER,
            action.span,
            format!(
                "the armies reform at the end of Period 1, in the record of its last Battle Turn{}",
                if fold.period == 1 {
                    format!(
                        " (turn {})",
                        fold.period_start + super::period::TURNS - 1
                            + fold.extension.and_then(|e| e.turns()).unwrap_or(0)
                    )
                } else {
                    String::new()
                }
            ),
            rules::REFORM,
        ));
        return;
    }
    if fold.reforms.contains(&side) {
        out.push(Violation::of(
            &codes::REFORM_OUT_OF_ORDER,
            action.span,
            format!("the {} have reformed already", side.word()),
            rules::REFORM,
        ));
        return;
    }
    if side == Side::Saxons {
        if !fold.reforms.contains(&Side::Normans) {
            out.push(Violation::of(
                &codes::REFORM_OUT_OF_ORDER,
                action.span,
                "the Normans reform first, then the Saxons (11.5.1)",
                rules::REFORM,
            ));
            return;
        }
        intermixed(fold, |_| action.span, out);
    }
    // 11.5.2 and 11.5.3 judge both armies where they stood when the period
    // ended: at the first reform.
    let lost: Vec<(usize, bool)> = if fold.reforms.is_empty() {
        losses(fold)
    } else {
        fold.reform_losses.clone()
    };
    claims(fold, side, &lost, action, out);
    if fold.reforms.is_empty() {
        for &(unit, _) in &lost {
            fold.emit(Event::Standing {
                piece: unit,
                standing: Standing::Eliminated,
            });
        }
        fold.emit(Event::ReformLosses(lost));
    }
    fold.emit(Event::Reformed { side });
}

/// The claim's eliminated units against the rules' (11.5.2, 11.5.3).
fn claims(
    state: &State,
    side: Side,
    lost: &[(usize, bool)],
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let mine: Vec<(usize, bool)> = lost
        .iter()
        .copied()
        .filter(|&(p, _)| state.info(p).is_some_and(|i| i.side == side))
        .collect();
    let Some(outcome) = action.outcome() else {
        return;
    };
    // `UNIT eliminated` claims the loss; `UNIT ok|rallied` denies it.
    let mut claimed = Vec::new();
    let mut denied = Vec::new();
    for pair in outcome.windows(2) {
        let Some(piece) = state.roster.piece(side, pair[0].text) else {
            continue;
        };
        match pair[1].text {
            "eliminated" => claimed.push((piece, pair[0].span)),
            "ok" | "rallied" => denied.push((piece, pair[1].span)),
            _ => {}
        }
    }
    for &(piece, span) in &claimed {
        if !mine.iter().any(|&(p, _)| p == piece) {
            out.push(Violation::of(
                &codes::CLAIM_MISMATCH,
                span,
                format!(
                    "{} is not eliminated at the reform: it is in good order, or has a leader on the map to rally it, and can trace to its reform area",
                    state.name(piece)
                ),
                rules::REFORM,
            ));
        }
    }
    for &(piece, traced) in &mine {
        if !claimed.iter().any(|&(p, _)| p == piece) {
            let span = denied
                .iter()
                .find(|&&(p, _)| p == piece)
                .map_or(action.span, |&(_, s)| s);
            let (code, why, rule) = if traced {
                (
                    &codes::REFORM_TRACE,
                    "cannot trace a path clear of enemy units and zones of control to its reform area, or to a friend who can",
                    rules::REFORM_TRACE,
                )
            } else {
                (
                    &codes::CLAIM_MISMATCH,
                    "is routed or disrupted, and no leader of its side is on the map to rally it",
                    rules::REFORM,
                )
            };
            out.push(
                Violation::of(
                    code,
                    span,
                    format!("{} {why}: it is eliminated", state.name(piece)),
                    rule,
                )
                .help(format!(
                    "claim it: `=> {} eliminated`",
                    state.info(piece).map_or("", |i| i.id.as_str())
                )),
            );
        }
    }
}

/// `SIDE place ID@CCRR^F …`: each piece of the side, lifted at its
/// reform, set down in its area, one combat unit a hex.
pub fn place(fold: &mut Fold<'_>, side: Side, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let order_fault = if !fold.reforms.contains(&side) {
        Some(format!("write `{} reform` before placing", side.word()))
    } else if side == Side::Normans && fold.reforms.contains(&Side::Saxons) {
        Some("the Normans place every piece before the Saxons reform (11.5.1)".to_string())
    } else {
        None
    };
    if let Some(message) = order_fault {
        out.push(Violation::of(
            &codes::REFORM_OUT_OF_ORDER,
            action.span,
            message,
            rules::REFORM,
        ));
        return;
    }
    let hill = !hill_cells(&fold.roster).is_empty();
    if !hill {
        out.push(no_hill(action.span, area_rule(side)));
    }
    for atom in action
        .args()
        .iter()
        .filter(|a| a.kind == AtomKind::Placement)
    {
        let Some(Placement {
            unit,
            at: Location::Cell(cell),
            facing,
        }) = Placement::parse(atom)
        else {
            continue;
        };
        let Some(piece) = fold.roster.piece(side, unit) else {
            out.push(Violation::of(
                &codes::UNKNOWN_UNIT,
                atom.span,
                format!("the {} have no piece {unit}", side.word()),
                rules::LOG,
            ));
            continue;
        };
        if let Some(fault) = placement_fault(fold, side, piece, cell, facing, hill, atom.span) {
            // A piece out of place is set down as written (one mistake, one
            // error); one that is not to be placed at all is not.
            let settles = fault.code != codes::REFORM_OUT_OF_ORDER.code
                && fault.code != codes::REFORM_TRACE.code
                && fault.code != codes::CLAIM_MISMATCH.code;
            out.push(fault);
            if !settles {
                continue;
            }
        }
        let leader = fold.info(piece).is_some_and(|i| i.is_leader());
        // Set down from off the map: no path drawn.
        fold.emit(Event::Moved {
            piece,
            from: None,
            path: Path::from_slice(&[cell]),
            facing: if leader {
                None
            } else {
                facing.and_then(Vertex::parse)
            },
        });
    }
}

/// The rule of a side's reform area.
fn area_rule(side: Side) -> &'static str {
    match side {
        Side::Normans => rules::NORMAN_REFORM,
        Side::Saxons => rules::SAXON_REFORM,
    }
}

/// A map without Senlac Hill: one finding for the placements that need it,
/// not one for each piece, as the cause is one lost `terrain` line.
fn no_hill(span: Span, rule: &'static str) -> Violation {
    Violation::of(
        &codes::REFORM_NOT_ON_HILL,
        span,
        "the map has no Senlac Hill (no `terrain senlac-hill` line marks its hexes): \
         the Saxons deploy on it and the Normans keep 4 hexes from it (11.5.4, 11.5.6)",
        rule,
    )
    .help("write the `terrain senlac-hill` line of the map in the setup")
}

/// Why `piece` may not be placed in `cell`, if it may not.
fn placement_fault(
    state: &State,
    side: Side,
    piece: usize,
    cell: Cell,
    facing: Option<&str>,
    hill: bool,
    span: Span,
) -> Option<Violation> {
    let info = state.info(piece)?;
    let p = state.pieces[piece];
    if !p.awaiting {
        let why = match (p.standing, p.leader) {
            (Standing::Eliminated, _) => {
                let traced = state.reform_losses.iter().any(|&(u, t)| u == piece && t);
                return Some(Violation::of(
                    if traced {
                        &codes::REFORM_TRACE
                    } else {
                        &codes::CLAIM_MISMATCH
                    },
                    span,
                    format!(
                        "{} was eliminated at the end of Period 1: it is not placed",
                        state.name(piece)
                    ),
                    rules::REFORM,
                ));
            }
            (_, LeaderStanding::Killed | LeaderStanding::Captured) if info.is_leader() => {
                "is no longer in the battle"
            }
            _ => "is placed already",
        };
        return Some(Violation::of(
            &codes::REFORM_OUT_OF_ORDER,
            span,
            format!("{} {why}", state.name(piece)),
            rules::REFORM,
        ));
    }
    if let Some(why) = outside(&state.roster, side, cell).filter(|_| hill) {
        return Some(Violation::of(
            why.code(),
            span,
            why.message(cell),
            area_rule(side),
        ));
    }
    if info.is_leader() {
        return None;
    }
    if let Some(other) = state.unit_at(cell) {
        return Some(Violation::of(
            &codes::STACKING,
            span,
            format!(
                "{} is placed in {cell}, where {} stands: one combat unit a hex",
                state.name(piece),
                state.name(other)
            ),
            rules::STACKING,
        ));
    }
    match facing.map(Vertex::parse) {
        Some(Some(_)) => None,
        Some(None) => Some(Violation::of(
            &codes::BAD_FACING,
            span,
            "a facing is a vertex, 1 to 6, clockwise from the upper right",
            rules::FACING,
        )),
        None => Some(Violation::of(
            &codes::MISSING_FACING,
            span,
            format!("{} faces a vertex of its hex: write it after `^`", info.id),
            rules::FACING,
        )),
    }
}

/// Each Norman section placed as one connected group (11.5.5, HS-R39): a
/// warning, since "intermix" has no exact geometry.
pub fn intermixed(state: &State, span_of: impl Fn(usize) -> Span, out: &mut Vec<Violation>) {
    for (section, units) in sections(state) {
        let cells: Vec<Cell> = units.iter().filter_map(|&u| state.pieces[u].at).collect();
        let Some(&first) = cells.first() else {
            continue;
        };
        let group = flood::region([first], state.roster.extent, state.roster.parity, |c| {
            cells.contains(&c)
        });
        if let Some(&apart) = units
            .iter()
            .find(|&&u| state.pieces[u].at.is_some_and(|c| !group.contains(&c)))
        {
            let at = state.pieces[apart].at.unwrap_or(first);
            out.push(Violation::of(
                &codes::REFORM_INTERMIXED,
                span_of(apart),
                format!(
                    "the {section} stand in more than one group: {} in {at} is cut off from {first} (11.5.5)",
                    state.name(apart)
                ),
                rules::NORMAN_REFORM,
            ));
        }
    }
}

/// The Norman sections on the map and their units, by name: "Breton
/// knights".
fn sections(state: &State) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for p in 0..state.pieces.len() {
        let Some(info) = state.info(p) else { continue };
        let (Some(Part::Nation(nation)), Some(class)) = (info.part, info.class) else {
            continue;
        };
        // The Guard is in no section while William lives (HS-R46).
        let guard = class == super::tables::Class::Guard;
        if info.side != Side::Normans || state.pieces[p].at.is_none() || guard {
            continue;
        }
        let arm = match class.kind().arm() {
            super::tables::Arm::Knight => "knights",
            super::tables::Arm::Foot => "foot",
        };
        let name = format!("{} {arm}", nation.word());
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some((_, units)) => units.push(p),
            None => out.push((name, vec![p])),
        }
    }
    out
}

/// When Period 2 opens: both armies reformed and every piece placed
/// (11.5.1), reported once at the turn line that opens it.
pub fn settled(state: &State, span: Span, out: &mut Vec<Violation>) {
    let missing: Vec<&str> = Side::ALL
        .into_iter()
        .filter(|s| !state.reforms.contains(s))
        .map(Side::word)
        .collect();
    if !missing.is_empty() {
        out.push(
            Violation::of(
                &codes::REFORM_MISSING,
                span,
                format!(
                    "Period 1 ended with Battle Turn {}: the {} did not reform (11.5.1)",
                    state.turn,
                    missing.join(" and the ")
                ),
                rules::REFORM,
            )
            .help("write `Normans reform`, `Normans place …`, `Saxons reform` and `Saxons place …` in its `record:`"),
        );
        return;
    }
    let unplaced: Vec<String> = Side::ALL
        .into_iter()
        .flat_map(|s| awaiting(state, s))
        .filter_map(|p| state.info(p).map(|i| i.id.to_string()))
        .collect();
    if !unplaced.is_empty() {
        out.push(Violation::of(
            &codes::REFORM_MISSING,
            span,
            format!(
                "Period 1 ended with Battle Turn {}, and {} not placed at the reform",
                state.turn,
                if unplaced.len() == 1 {
                    format!("{} was", unplaced[0])
                } else {
                    format!("{} were", unplaced.join(", "))
                }
            ),
            rules::REFORM,
        ));
    }
}

/// A variable deployment (11.3, HS-R56): each piece in its side's reform
/// area (11.5.5's sections are the reform's, not the setup's); `placed`
/// gives each piece's deployment span.
pub fn deployment(state: &State, placed: &[(usize, Span)], out: &mut Vec<Violation>) {
    let mut hill = None;
    if let Some(&(_, span)) = placed.first()
        && hill_cells(&state.roster).is_empty()
    {
        out.push(no_hill(span, rules::VARIABLE_DEPLOYMENT));
        return;
    }
    for &(piece, span) in placed {
        let (Some(info), Some(cell)) = (state.info(piece), state.pieces[piece].at) else {
            continue;
        };
        if let Some(why) = outside_among(&state.roster, info.side, cell, &mut hill) {
            out.push(Violation::of(
                why.code(),
                span,
                why.message(cell),
                rules::VARIABLE_DEPLOYMENT,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest hill hex to `cell`, measured to every one, as 11.5.4
    /// says it.
    fn nearest_hill_hex(roster: &Roster, cell: Cell) -> Option<(u32, Cell)> {
        (hill_cells(roster).into_iter())
            .map(|h| (hex::distance(cell, h, roster.parity), h))
            .min()
    }

    /// [`outside`] measures only the hill hexes within reach, and finds a
    /// hex too close (nearest hill hex and distance included) or north of
    /// the hill exactly where measuring every one does: for every hex of the
    /// Normans' rows, and a column off the map, on the sample's map and on
    /// one whose hill is three scattered hexes (the sample's hill spans its
    /// rows, so no hex there is north of it without being too close).
    #[test]
    fn the_normans_reform_area_is_measured_near_the_hex() {
        let archive =
            senlac_notation::parse(include_str!("../../../../samples/hastings-1066-st.sbn"));
        let sample = super::super::setup::setup(&archive.battles[0], &mut Vec::new())
            .field
            .roster;
        let mut scattered = Roster::clone(&sample);
        for index in 0..scattered.ground.len() {
            let cell = scattered.cell_at(index);
            scattered.ground[index].senlac_hill =
                matches!((cell.column, cell.row), (12, 10) | (12, 11) | (14, 18));
        }
        let (mut close, mut north) = (0, 0);
        for roster in [&*sample, &scattered] {
            let last = Cell {
                column: roster.extent.columns + 1,
                row: roster.extent.rows + 1,
            };
            for cell in senlac_board::range(Cell { column: 1, row: 1 }, last) {
                if !NORMAN_ROWS.contains(&cell.row) {
                    continue;
                }
                let found = outside(roster, Side::Normans, cell);
                let near = nearest_hill_hex(roster, cell).filter(|&(d, _)| d < NORMAN_DISTANCE);
                let too_close = near.map(|(distance, hill)| Outside::TooClose { distance, hill });
                // North of the hill: the nearest hill hex after it in its
                // row, looked for among every hill hex.
                let after = (hill_cells(roster).into_iter())
                    .filter(|h| h.row == cell.row && h.column >= cell.column)
                    .min_by_key(|h| h.column)
                    .map(|hill| Outside::NotSouth { hill });
                let expected = too_close.or(after);
                assert_eq!(found, expected, "{cell}");
                close += usize::from(too_close.is_some());
                north += usize::from(too_close.is_none() && after.is_some());
            }
        }
        assert!(close > 20, "{close} hexes too close");
        assert!(north > 5, "{north} hexes north of the hill");
    }
}
