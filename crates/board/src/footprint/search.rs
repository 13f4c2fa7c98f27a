//! Moving a whole footprint by king's moves of its anchor: a step's and a
//! path's cost ([`step_cost`], [`path_cost`]), the steps [`away_steps`] from
//! a threat, and the searches over every anchor of a map ([`distances_to`],
//! [`distances_from`], [`reachable`], [`route_exists`]), with costs from a
//! closure or a [`CostGrid`].

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;

use crate::square::{self, Adjacency};
use crate::{Cell, Extent};

use super::{Footprint, MAX_LABEL, Rect, gap, label};

/// Why a footprint cannot make a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The new anchor is not one king's move from the old one.
    NotAKingsMove {
        /// The anchor before the step.
        from: Cell,
        /// The anchor asked for.
        to: Cell,
    },
    /// A square it would enter has no label (column or row outside 1..=99).
    OffGrid,
    /// The caller's cost says this square, which it would enter, cannot be
    /// entered.
    Impassable(Cell),
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::NotAKingsMove { from, to } => {
                write!(f, "{to} is not one square from {from}")
            }
            StepError::OffGrid => write!(f, "the step leaves the grid"),
            StepError::Impassable(cell) => write!(f, "{cell} cannot be entered"),
        }
    }
}

impl std::error::Error for StepError {}

/// Why a path cannot be followed: which step failed, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The position in the given path of the anchor that could not be
    /// reached.
    pub index: usize,
    /// What was wrong with that step.
    pub reason: StepError,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.index + 1, self.reason)
    }
}

impl std::error::Error for PathError {}

/// The squares a footprint newly enters when its anchor moves one king's
/// move to `to`, as `(column, row)`: the column strip it moves into and the
/// row strip (their shared corner once). Every other square of the new
/// footprint was already covered.
fn entered(from: Footprint, to: Cell) -> impl Iterator<Item = (i32, i32)> {
    let next = from.moved_to(to).rect();
    let dc = i32::from(to.column) - i32::from(from.anchor.column);
    let dr = i32::from(to.row) - i32::from(from.anchor.row);
    let column = if dc > 0 { next.right } else { next.left };
    let row = if dr > 0 { next.bottom } else { next.top };
    // Plain ranges, empty where the step does not go that way: every search
    // prices its steps here. The row strip leaves the corner to the column's.
    let rows = if dc == 0 {
        0..0
    } else {
        next.top..next.bottom + 1
    };
    let columns = match (dr, dc.signum()) {
        (0, _) => 0..0,
        (_, 0) => next.left..next.right + 1,
        (_, 1) => next.left..next.right,
        _ => next.left + 1..next.right + 1,
    };
    rows.map(move |r| (column, r))
        .chain(columns.map(move |c| (c, row)))
}

/// The cost of moving `footprint`'s anchor one king's move to `to`
/// (POSITION-4): the highest cost among the squares it newly enters. `cost`
/// gives a square's cost to enter, or `None` when it cannot be entered
/// (blocking, off the map, an enemy's square: the caller decides).
pub fn step_cost(
    footprint: Footprint,
    to: Cell,
    cost: impl Fn(Cell) -> Option<u32>,
) -> Result<u32, StepError> {
    if square::moves(footprint.anchor, to) != 1 {
        return Err(StepError::NotAKingsMove {
            from: footprint.anchor,
            to,
        });
    }
    entered(footprint, to).try_fold(0, |worst, (column, row)| {
        let cell = label(column, row).ok_or(StepError::OffGrid)?;
        let here = cost(cell).ok_or(StepError::Impassable(cell))?;
        Ok(worst.max(here))
    })
}

/// The total cost of a path of anchors from `footprint` (POSITION-4,
/// TDGS-R42): the sum of its [`step_cost`]s, saturating. A first anchor
/// equal to the current one is skipped (the notation may repeat it). Where
/// the path may end is the caller's question.
pub fn path_cost(
    footprint: Footprint,
    path: &[Cell],
    cost: impl Fn(Cell) -> Option<u32>,
) -> Result<u32, PathError> {
    let skip = usize::from(path.first() == Some(&footprint.anchor));
    let mut at = footprint;
    let mut total = 0u32;
    for (index, &next) in path.iter().enumerate().skip(skip) {
        let step = step_cost(at, next, &cost).map_err(|reason| PathError { index, reason })?;
        total = total.saturating_add(step);
        at = at.moved_to(next);
    }
    Ok(total)
}

/// The neighbouring anchors where `mover` would stand one farther from
/// `threat` (ROUT-4, CORNERED-2's "away"). Whether the step is legal is the
/// caller's question ([`step_cost`] and where it may stand).
pub fn away_steps(mover: Footprint, threat: Footprint) -> impl Iterator<Item = Cell> {
    let now = gap(mover, threat);
    square::neighbours(mover.anchor, Adjacency::Diagonal)
        .filter(move |&anchor| gap(mover.moved_to(anchor), threat) == now + 1)
}

/// The anchors of one footprint size on one map: those where the whole
/// footprint fits, indexed row by row over the extent.
#[derive(Clone, Copy)]
struct Anchors {
    extent: Extent,
    width: u8,
    height: u8,
}

impl Anchors {
    fn len(self) -> usize {
        usize::from(self.extent.columns) * usize::from(self.extent.rows)
    }

    fn footprint(self, anchor: Cell) -> Footprint {
        Footprint::new(anchor, self.width, self.height)
    }

    fn index(self, anchor: Cell) -> Option<usize> {
        self.footprint(anchor).fits(self.extent).then(|| {
            usize::from(anchor.row - 1) * usize::from(self.extent.columns)
                + usize::from(anchor.column - 1)
        })
    }

    fn cell(self, index: usize) -> Cell {
        let columns = usize::from(self.extent.columns);
        Cell {
            column: u8::try_from(index % columns + 1).unwrap_or(u8::MAX),
            row: u8::try_from(index / columns + 1).unwrap_or(u8::MAX),
        }
    }

    /// The last column and row an anchor may have for the footprint to
    /// fit, counted from 1 (0 when it fits nowhere).
    fn last_anchor(self) -> (i32, i32) {
        let last = |length: u8, size: u8| {
            (i32::from(length) - i32::from(size.max(1)) + 1).clamp(0, MAX_LABEL)
        };
        (
            last(self.extent.columns, self.width),
            last(self.extent.rows, self.height),
        )
    }

    /// The anchors where the footprint fits and covers a square of `area`,
    /// row by row.
    fn touching(self, area: Rect) -> impl Iterator<Item = (usize, Cell)> {
        let columns = usize::from(self.extent.columns);
        let (last_column, last_row) = self.last_anchor();
        let (width, height) = (i32::from(self.width.max(1)), i32::from(self.height.max(1)));
        // Clamped to the anchors, so each bound is a label (1 to 99) or the
        // range is empty.
        let first_column = (area.left - width + 1).clamp(1, last_column + 1) as u8;
        let last_column = area.right.clamp(0, last_column) as u8;
        let first_row = (area.top - height + 1).clamp(1, last_row + 1) as u8;
        let last_row = area.bottom.clamp(0, last_row) as u8;
        (first_row..=last_row).flat_map(move |row| {
            (first_column..=last_column).map(move |column| {
                let index = usize::from(row - 1) * columns + usize::from(column - 1);
                (index, Cell { column, row })
            })
        })
    }

    /// The anchors one king's move from `anchor` where the footprint fits:
    /// what [`Anchors::around_index`] is tested against.
    #[cfg(test)]
    fn around(self, anchor: Cell) -> impl Iterator<Item = (usize, Cell)> {
        square::neighbours(anchor, Adjacency::Diagonal)
            .filter_map(move |next| Some((self.index(next)?, next)))
    }

    /// The anchor at `index` as a column and a row counted from 0.
    fn at(self, index: usize) -> (usize, usize) {
        let columns = usize::from(self.extent.columns).max(1);
        (index % columns, index / columns)
    }

    fn size(self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// [`Anchors::around`] the anchor at `index`, in the same order, in
    /// plain integers: each neighbour's index and the move from `index` to
    /// it, in columns and rows. Every search visits each anchor's
    /// neighbours, so none of them is built as a cell or a footprint.
    fn around_index(self, index: usize) -> impl Iterator<Item = (usize, i32, i32)> {
        let columns = i32::from(self.extent.columns);
        let (last_column, last_row) = self.last_anchor();
        let (column, row) = self.at(index);
        let (column, row) = (column as i32 + 1, row as i32 + 1);
        square::KING_STEPS.iter().filter_map(move |&(dc, dr)| {
            let (dc, dr) = (i32::from(dc), i32::from(dr));
            let (next_column, next_row) = (column + dc, row + dr);
            let fits = next_column >= 1
                && next_row >= 1
                && next_column <= last_column
                && next_row <= last_row;
            fits.then(|| {
                (
                    ((next_row - 1) * columns + next_column - 1) as usize,
                    dc,
                    dr,
                )
            })
        })
    }
}

/// Every square's cost to enter on a map, row by row from the first: what
/// a search reads. A closure is asked once per square ([`CostGrid::from_fn`]);
/// a caller that keeps its map's costs in the same order hands them over
/// as they are ([`CostGrid::from_squares`]), which costs a search far less
/// than a call per square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostGrid {
    extent: Extent,
    /// [`IMPASSABLE`] where the square cannot be entered, so that a strip's
    /// cost is its plain maximum.
    costs: Vec<u32>,
}

/// A square no step may enter. A cost this high is the same to every
/// search: no total reaching it is below the unreached mark.
const IMPASSABLE: u32 = u32::MAX;

impl CostGrid {
    /// `cost` of each square of `extent`; `None` where it cannot be entered.
    pub fn from_fn(extent: Extent, cost: impl Fn(Cell) -> Option<u32>) -> CostGrid {
        let mut costs = Vec::with_capacity(usize::from(extent.columns) * usize::from(extent.rows));
        for row in 1..=extent.rows {
            for column in 1..=extent.columns {
                costs.push(cost(Cell { column, row }).unwrap_or(IMPASSABLE));
            }
        }
        CostGrid { extent, costs }
    }

    /// The squares of `extent` row by row from the first, each its cost or
    /// `None` where it cannot be entered. Squares the list leaves out
    /// cannot be entered; those past the map are dropped.
    pub fn from_squares(
        extent: Extent,
        squares: impl IntoIterator<Item = Option<u32>>,
    ) -> CostGrid {
        let len = usize::from(extent.columns) * usize::from(extent.rows);
        let mut costs: Vec<u32> = Vec::with_capacity(len);
        costs.extend(
            squares
                .into_iter()
                .take(len)
                .map(|cost| cost.unwrap_or(IMPASSABLE)),
        );
        costs.resize(len, IMPASSABLE);
        CostGrid { extent, costs }
    }

    /// Makes `cell` a square no step may enter (an enemy stands there, say).
    /// A cell off the map is left alone.
    pub fn block(&mut self, cell: Cell) {
        if let Some(cost) = self.index(cell).and_then(|i| self.costs.get_mut(i)) {
            *cost = IMPASSABLE;
        }
    }

    /// The cost to enter `cell`; `None` where it cannot be entered or is off
    /// the map.
    pub fn cost(&self, cell: Cell) -> Option<u32> {
        let cost = *self.costs.get(self.index(cell)?)?;
        (cost != IMPASSABLE).then_some(cost)
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        self.extent.contains(cell).then(|| {
            usize::from(cell.row - 1) * usize::from(self.extent.columns)
                + usize::from(cell.column - 1)
        })
    }

    /// This grid for a search over `extent`: itself when it is that map's,
    /// else read square by square.
    fn for_extent(self, extent: Extent) -> CostGrid {
        if self.extent == extent {
            self
        } else {
            CostGrid::from_fn(extent, |cell| self.cost(cell))
        }
    }
    #[cfg(test)]
    fn get(&self, (column, row): (i32, i32)) -> Option<u32> {
        let columns = i32::from(self.extent.columns);
        let index = usize::try_from((row - 1) * columns + column - 1).ok()?;
        Some(*self.costs.get(index)?).filter(|&cost| cost != IMPASSABLE)
    }

    /// [`step_cost`] for two anchors where the footprint fits: what
    /// [`CostGrid::step_into`] is tested against.
    #[cfg(test)]
    fn step(&self, from: Footprint, to: Cell) -> Option<u32> {
        entered(from, to).try_fold(0, |worst, square| Some(worst.max(self.get(square)?)))
    }

    /// [`CostGrid::step`] for a footprint of `size` (columns, rows) whose anchor
    /// moves by (`dc`, `dr`), one king's move, to the anchor `to` (column and
    /// row from 0, where it fits): the squares it enters are the strips of
    /// [`entered`], read straight from the map.
    #[inline]
    fn step_into(&self, to: (usize, usize), size: (u8, u8), dc: i32, dr: i32) -> Option<u32> {
        let columns = usize::from(self.extent.columns);
        let (width, height) = (usize::from(size.0.max(1)), usize::from(size.1.max(1)));
        let (left, top) = to;
        let (right, bottom) = (left + width - 1, top + height - 1);
        let column = if dc > 0 { right } else { left };
        let row = if dr > 0 { bottom } else { top };
        let mut worst = 0;
        if dc != 0 {
            for r in top..=bottom {
                worst = worst.max(*self.costs.get(r * columns + column)?);
            }
        }
        // The row's strip leaves the corner to the column's, as in `entered`.
        let (first, end) = match (dr, dc.signum()) {
            (0, _) => return Some(worst).filter(|&cost| cost != IMPASSABLE),
            (_, 0) => (left, right + 1),
            (_, 1) => (left, right),
            _ => (left + 1, right + 1),
        };
        let start = row * columns;
        let strip = self.costs.get(start + first..start + end)?;
        worst = strip.iter().fold(worst, |worst, &cost| worst.max(cost));
        Some(worst).filter(|&cost| cost != IMPASSABLE)
    }
}

/// What a search takes as its squares' costs: a closure asked once per
/// square, or a [`CostGrid`] already made.
pub trait IntoCostGrid {
    fn into_cost_grid(self, extent: Extent) -> CostGrid;
}

impl<F: Fn(Cell) -> Option<u32>> IntoCostGrid for F {
    fn into_cost_grid(self, extent: Extent) -> CostGrid {
        CostGrid::from_fn(extent, self)
    }
}

impl IntoCostGrid for CostGrid {
    fn into_cost_grid(self, extent: Extent) -> CostGrid {
        self.for_extent(extent)
    }
}

impl IntoCostGrid for &CostGrid {
    fn into_cost_grid(self, extent: Extent) -> CostGrid {
        self.clone().for_extent(extent)
    }
}

/// A search's bound on what is still to pay from an anchor to the start it
/// works toward (A*): each king's move costs at least the cheapest square on
/// the map, and the start is at least the anchors' king distance away. The
/// bound never drops by more than one step's cost from an anchor to its
/// neighbour, so each anchor leaves the heap at its own cost, and those of
/// every cheapest route from the start leave it before the search stops.
/// Without a start it is 0: every anchor is settled, nearest first.
struct Toward {
    start: Option<(usize, usize)>,
    cheapest: u32,
    anchors: Anchors,
}

impl Toward {
    fn new(costs: &CostGrid, anchors: Anchors, start: Option<usize>) -> Toward {
        let cheapest = costs
            .costs
            .iter()
            .copied()
            .filter(|&cost| cost != IMPASSABLE)
            .min()
            .unwrap_or(0);
        Toward {
            start: start.map(|index| anchors.at(index)),
            cheapest,
            anchors,
        }
    }

    fn bound(&self, index: usize) -> u32 {
        let Some((column, row)) = self.start else {
            return 0;
        };
        let (c, r) = self.anchors.at(index);
        let moves = column.abs_diff(c).max(row.abs_diff(r));
        self.cheapest
            .saturating_mul(u32::try_from(moves).unwrap_or(u32::MAX))
    }
}

/// No anchor: the end of a route.
const NO_LINK: u16 = u16::MAX;

/// A cost for every anchor of one footprint size on one map, from
/// [`distances_to`] (the cheapest cost still to pay to reach a goal) or
/// [`reachable`] (the cheapest cost to get there from a start), with one
/// cheapest route behind each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostMap {
    extent: Extent,
    width: u8,
    height: u8,
    /// Costs to a goal rather than from a start.
    to_goal: bool,
    /// Per anchor, row by row; `u32::MAX` where not reached.
    costs: Vec<u32>,
    /// Per anchor, the next anchor towards the goal or the previous one from
    /// the start, on one cheapest route; [`NO_LINK`] at its end.
    links: Vec<u16>,
}

impl CostMap {
    fn new(anchors: Anchors, to_goal: bool) -> CostMap {
        CostMap {
            extent: anchors.extent,
            width: anchors.width,
            height: anchors.height,
            to_goal,
            costs: vec![u32::MAX; anchors.len()],
            links: vec![NO_LINK; anchors.len()],
        }
    }

    fn anchors(&self) -> Anchors {
        Anchors {
            extent: self.extent,
            width: self.width,
            height: self.height,
        }
    }

    /// The map the costs cover.
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// The cost at this anchor, or `None` where it was not reached.
    pub fn get(&self, anchor: Cell) -> Option<u32> {
        let index = self.anchors().index(anchor)?;
        Some(self.costs[index]).filter(|&cost| cost != u32::MAX)
    }

    /// Every anchor reached, with its cost, row by row.
    pub fn reached(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        let anchors = self.anchors();
        self.costs
            .iter()
            .enumerate()
            .filter(|&(_, &cost)| cost != u32::MAX)
            .map(move |(index, &cost)| (anchors.cell(index), cost))
    }

    /// Whether a step from anchor `from` to anchor `to` that costs `step`
    /// keeps to a cheapest route to the goal (ROUT-3): the cost still to pay
    /// drops by exactly the step's own cost. Only for a map from
    /// [`distances_to`].
    pub fn descends(&self, from: Cell, to: Cell, step: u32) -> bool {
        match (self.to_goal, self.get(from), self.get(to)) {
            (true, Some(before), Some(after)) => after.checked_add(step) == Some(before),
            _ => false,
        }
    }

    /// One cheapest route as a path of anchors, for [`path_cost`] with the
    /// same `cost` the map was made with. From [`distances_to`]: the anchors
    /// after `anchor` up to a goal (empty at a goal). From [`reachable`]: the
    /// anchors after the start up to `anchor`. `None` where not reached.
    pub fn route(&self, anchor: Cell) -> Option<Vec<Cell>> {
        self.get(anchor)?;
        let anchors = self.anchors();
        let mut index = anchors.index(anchor)?;
        let mut route = Vec::new();
        if self.to_goal {
            while self.links[index] != NO_LINK {
                index = usize::from(self.links[index]);
                route.push(anchors.cell(index));
            }
        } else {
            while self.links[index] != NO_LINK {
                route.push(anchors.cell(index));
                index = usize::from(self.links[index]);
            }
            route.reverse();
        }
        Some(route)
    }
}

/// Index as stored in a link; anchors number at most 255 × 255 < `NO_LINK`.
fn link(index: usize) -> u16 {
    u16::try_from(index).unwrap_or(NO_LINK)
}

/// The cheapest cost from every anchor of a `width` × `height` footprint to
/// a goal (ROUT-3, CORNERED-2): Dijkstra outwards from the anchors where
/// `goal` holds, over anchors where the footprint fits the map.
///
/// `goal` says where a route may end, legality included (say, "a square on
/// row 16 and overlapping nobody"); it is asked only of footprints that
/// cover a square of `goal_area` (row 16, or [`Rect::ANYWHERE`]), so a goal
/// elsewhere is not found. Step costs depend on the direction (a
/// step pays for the squares it enters), so each edge is priced as the
/// step from the neighbour into the anchor being settled. Costs that would
/// reach `u32::MAX` count as unreachable. Memory: one cost and one link per
/// anchor, and `cost` asked once per square; time O(A·log A·(W+H)) for A
/// anchors.
pub fn distances_to(
    width: u8,
    height: u8,
    extent: Extent,
    cost: impl IntoCostGrid,
    goal: impl Fn(Footprint) -> bool,
    goal_area: Rect,
) -> CostMap {
    search_to(width, height, extent, cost, (goal, goal_area), None)
}

/// [`distances_to`], searched toward `start` (A*) and stopped once every
/// anchor of a cheapest route from `start` is settled: enough to follow any
/// of those routes, whose costs only fall. Any other anchor holds its cost,
/// a bound above it, or none, so a step off those routes never descends.
/// When `start` cannot reach a goal, the whole map is searched, as by
/// [`distances_to`].
pub fn distances_from(
    width: u8,
    height: u8,
    extent: Extent,
    cost: impl IntoCostGrid,
    goal: impl Fn(Footprint) -> bool,
    goal_area: Rect,
    start: Cell,
) -> CostMap {
    search_to(width, height, extent, cost, (goal, goal_area), Some(start))
}

fn search_to(
    width: u8,
    height: u8,
    extent: Extent,
    cost: impl IntoCostGrid,
    (goal, goal_area): (impl Fn(Footprint) -> bool, Rect),
    start: Option<Cell>,
) -> CostMap {
    let anchors = Anchors {
        extent,
        width,
        height,
    };
    let costs = cost.into_cost_grid(extent);
    let start = start.and_then(|cell| anchors.index(cell));
    let toward = Toward::new(&costs, anchors, start);
    let mut map = CostMap::new(anchors, true);
    let mut heap = BinaryHeap::with_capacity(anchors.len());
    for (index, anchor) in anchors.touching(goal_area) {
        if goal(anchors.footprint(anchor)) {
            map.costs[index] = 0;
            heap.push(Reverse((toward.bound(index), index)));
        }
    }
    // Anchors leave the heap by their cost plus `toward`'s bound, lowest
    // first: once the start has, those still to pop at its cost are the
    // rest of its cheapest routes.
    let mut enough = u32::MAX;
    while let Some(Reverse((bound, index))) = heap.pop() {
        let done = map.costs[index];
        if bound > done.saturating_add(toward.bound(index)) {
            continue;
        }
        if bound > enough {
            break;
        }
        if Some(index) == start {
            enough = done;
        }
        let here = anchors.at(index);
        for (before, dc, dr) in anchors.around_index(index) {
            // Priced as the step from the neighbour back into this anchor.
            let Some(step) = costs.step_into(here, anchors.size(), -dc, -dr) else {
                continue;
            };
            let total = done.saturating_add(step);
            if total < map.costs[before] {
                map.costs[before] = total;
                map.links[before] = link(index);
                heap.push(Reverse((
                    total.saturating_add(toward.bound(before)),
                    before,
                )));
            }
        }
    }
    map
}

/// The cheapest cost from `from` to every anchor it can reach for at most
/// `budget` (POSITION-4's MOV): Dijkstra from its anchor. Where it may stop
/// is the caller's question. Same memory and time as [`distances_to`];
/// empty when `from` does not fit the map.
pub fn reachable(from: Footprint, extent: Extent, budget: u32, cost: impl IntoCostGrid) -> CostMap {
    let anchors = Anchors {
        extent,
        width: from.width,
        height: from.height,
    };
    let mut map = CostMap::new(anchors, false);
    let Some(start) = anchors.index(from.anchor) else {
        return map;
    };
    let costs = cost.into_cost_grid(extent);
    let mut heap = BinaryHeap::with_capacity(anchors.len());
    map.costs[start] = 0;
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((done, index))) = heap.pop() {
        if done > map.costs[index] {
            continue;
        }
        for (after, dc, dr) in anchors.around_index(index) {
            let Some(step) = costs.step_into(anchors.at(after), anchors.size(), dc, dr) else {
                continue;
            };
            let total = done.saturating_add(step);
            if total <= budget && total < map.costs[after] {
                map.costs[after] = total;
                map.links[after] = link(index);
                heap.push(Reverse((total, after)));
            }
        }
    }
    map
}

/// Whether any route leads `from` to an anchor where `goal` holds, whatever
/// it costs (CORNERED-2's escape route): a breadth-first search that stops
/// at the first goal. True at once when `from` already stands on a goal.
pub fn route_exists(
    from: Footprint,
    extent: Extent,
    cost: impl IntoCostGrid,
    goal: impl Fn(Footprint) -> bool,
) -> bool {
    if goal(from) {
        return true;
    }
    let anchors = Anchors {
        extent,
        width: from.width,
        height: from.height,
    };
    let Some(start) = anchors.index(from.anchor) else {
        return false;
    };
    let costs = cost.into_cost_grid(extent);
    let mut seen = vec![false; anchors.len()];
    let mut queue = VecDeque::with_capacity(anchors.len());
    seen[start] = true;
    queue.push_back(start);
    while let Some(index) = queue.pop_front() {
        for (next, dc, dr) in anchors.around_index(index) {
            if seen[next]
                || costs
                    .step_into(anchors.at(next), anchors.size(), dc, dr)
                    .is_none()
            {
                continue;
            }
            if goal(anchors.footprint(anchors.cell(next))) {
                return true;
            }
            seen[next] = true;
            queue.push_back(next);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::footprint::adjacent;
    use crate::footprint::tests::{footprint, fp};
    use crate::testing::{c, labels};
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn costs(grid: &'static [&'static str]) -> impl Fn(Cell) -> Option<u32> {
        // `.` open, `d` difficult, `v` very difficult, `#` blocking.
        move |cell: Cell| {
            let row = grid.get(usize::from(cell.row).checked_sub(1)?)?;
            match row
                .as_bytes()
                .get(usize::from(cell.column).checked_sub(1)?)?
            {
                b'.' => Some(1),
                b'd' => Some(2),
                b'v' => Some(4),
                _ => None,
            }
        }
    }

    #[test]
    fn w20_difficult_and_very_difficult_ground() {
        let map = Extent {
            columns: 20,
            rows: 20,
        };
        let farthest = |budget, cost: u32| {
            let reached = reachable(fp("0101", 1, 1), map, budget, |_| Some(cost));
            reached
                .reached()
                .map(|(anchor, _)| square::moves(c("0101"), anchor))
                .max()
        };
        assert_eq!(farthest(10, 2), Some(5));
        assert_eq!(farthest(7, 2), Some(3));
        assert_eq!(farthest(10, 4), Some(2));
        assert_eq!(farthest(10, 1), Some(10));
        let path = ["0102", "0103", "0104", "0105", "0106"].map(c);
        assert_eq!(path_cost(fp("0101", 1, 1), &path, |_| Some(2)), Ok(10));
    }

    #[test]
    fn a_step_pays_for_the_worst_square_it_enters() {
        let grid = costs(&[
            ".....", //
            "..d..", //
            "...v.", //
            ".....", //
            "....#",
        ]);
        let unit = fp("0101", 2, 2);
        // East: enters 0301 (open) and 0302 (difficult).
        assert_eq!(step_cost(unit, c("0201"), &grid), Ok(2));
        // South-east: enters 0302, 0303 and 0203.
        assert_eq!(step_cost(unit, c("0202"), &grid), Ok(2));
        // Back to where it was costs only what it enters there.
        assert_eq!(step_cost(fp("0202", 2, 2), c("0101"), &grid), Ok(1));
        assert_eq!(step_cost(fp("0202", 2, 2), c("0303"), &grid), Ok(4));
        assert_eq!(
            step_cost(fp("0303", 2, 2), c("0404"), &grid),
            Err(StepError::Impassable(c("0505")))
        );
        assert_eq!(step_cost(unit, c("0100"), &grid), Err(StepError::OffGrid));
        assert_eq!(
            step_cost(unit, c("0301"), &grid),
            Err(StepError::NotAKingsMove {
                from: c("0101"),
                to: c("0301")
            })
        );
    }

    #[test]
    fn paths_say_which_step_failed() {
        let grid = costs(&[
            ".....", //
            ".....", //
            "..#..", //
            ".....",
        ]);
        let unit = fp("0101", 1, 1);
        let path = |labels: &[&str]| labels.iter().map(|label| c(label)).collect::<Vec<_>>();
        assert_eq!(
            path_cost(unit, &path(&["0101", "0202", "0203"]), &grid),
            Ok(2)
        );
        assert_eq!(path_cost(unit, &path(&["0202", "0203"]), &grid), Ok(2));
        assert_eq!(path_cost(unit, &[], &grid), Ok(0));
        assert_eq!(
            path_cost(unit, &path(&["0101", "0202", "0204"]), &grid),
            Err(PathError {
                index: 2,
                reason: StepError::NotAKingsMove {
                    from: c("0202"),
                    to: c("0204")
                }
            })
        );
        let error = path_cost(unit, &path(&["0202", "0303"]), &grid).unwrap_err();
        assert_eq!(error.index, 1);
        assert_eq!(error.reason, StepError::Impassable(c("0303")));
        assert_eq!(error.to_string(), "step 2: 0303 cannot be entered");
        // A 2×2 stepping south-east to 0202 would enter 0303.
        assert_eq!(
            path_cost(fp("0101", 2, 2), &path(&["0202"]), &grid),
            Err(PathError {
                index: 0,
                reason: StepError::Impassable(c("0303"))
            })
        );
        // Repeating the anchor later is no step.
        assert!(path_cost(unit, &path(&["0101", "0101"]), &grid).is_err());
    }

    #[test]
    fn remaining_costs_price_each_step_in_its_own_direction() {
        // Stepping into the difficult square costs 2, out of it 1.
        let grid = costs(&["..d.."]);
        let map = Extent {
            columns: 5,
            rows: 1,
        };
        let square = |cell: Cell| Footprint::new(cell, 1, 1).rect();
        let to_the_end = distances_to(
            1,
            1,
            map,
            &grid,
            |at| at.anchor == c("0501"),
            square(c("0501")),
        );
        let remaining: Vec<_> = to_the_end.reached().map(|(_, cost)| cost).collect();
        assert_eq!(remaining, [5, 4, 2, 1, 0]);
        let to_the_start = distances_to(
            1,
            1,
            map,
            &grid,
            |at| at.anchor == c("0101"),
            square(c("0101")),
        );
        let remaining: Vec<_> = to_the_start.reached().map(|(_, cost)| cost).collect();
        assert_eq!(remaining, [0, 1, 2, 4, 5]);
        assert!(to_the_end.descends(c("0201"), c("0301"), 2));
        assert!(!to_the_end.descends(c("0201"), c("0301"), 1));
        assert_eq!(
            labels(to_the_end.route(c("0101")).unwrap()),
            ["0201", "0301", "0401", "0501"]
        );
        assert_eq!(to_the_end.route(c("0501")), Some(vec![]));
    }

    #[test]
    fn routes_to_an_edge_cross_only_what_may_be_entered() {
        let grid = costs(&[
            "......", //
            "######", //
            "......", //
            ".#####", //
            "......",
        ]);
        let map = Extent {
            columns: 6,
            rows: 5,
        };
        let north_edge = |at: Footprint| at.rect().top == 1;
        assert!(!route_exists(fp("0103", 1, 1), map, &grid, north_edge));
        assert!(route_exists(fp("0605", 1, 1), map, &grid, |at| at.anchor == c("0603")));
        // A 2×1 does not fit through the one-square gap.
        assert!(!route_exists(fp("0505", 2, 1), map, &grid, |at| at
            .rect()
            .top
            == 3));
        assert!(route_exists(fp("0505", 2, 1), map, &grid, |at| at
            .rect()
            .top
            == 5));
        let costs = distances_to(1, 1, map, &grid, |at| at.anchor.row == 3, Rect::ANYWHERE);
        assert_eq!(costs.get(c("0605")), Some(6));
        assert_eq!(costs.get(c("0101")), None);
        assert_eq!(costs.get(c("0201")), None);
        let reached = reachable(fp("0605", 1, 1), map, 3, &grid);
        assert_eq!(reached.get(c("0305")), Some(3));
        assert_eq!(reached.get(c("0205")), None);
        assert_eq!(
            labels(reached.route(c("0305")).unwrap()),
            ["0505", "0405", "0305"]
        );
    }

    #[test]
    fn away_steps_raise_the_gap_by_one() {
        let threat = fp("0605", 1, 1);
        let away: Vec<_> = away_steps(fp("0505", 1, 1), threat).collect();
        assert_eq!(labels(away), ["0406", "0405", "0404"]);
        let threat = fp("0505", 3, 3);
        let away: Vec<_> = away_steps(fp("0802", 2, 2), threat).collect();
        assert_eq!(labels(away), ["0801", "0901", "0701"]);
        assert_eq!(away_steps(fp("0101", 1, 1), fp("0202", 1, 1)).count(), 0);
    }

    /// A small map's costs: 1, 2, 4 or impassable, row by row.
    fn terrain(columns: u8, rows: u8) -> impl Strategy<Value = Vec<Option<u32>>> {
        let square = prop_oneof![
            3 => Just(Some(1)),
            2 => Just(Some(2)),
            1 => Just(Some(4)),
            2 => Just(None),
        ];
        proptest::collection::vec(square, usize::from(columns) * usize::from(rows))
    }

    fn lookup(extent: Extent, costs: &[Option<u32>]) -> impl Fn(Cell) -> Option<u32> + '_ {
        move |cell| {
            extent
                .contains(cell)
                .then(|| {
                    costs[usize::from(cell.row - 1) * usize::from(extent.columns)
                        + usize::from(cell.column - 1)]
                })
                .flatten()
        }
    }

    // Property tests.

    proptest! {
        /// A search toward a start settles every anchor of a cheapest route
        /// from it with the whole search's costs; any other anchor holds its
        /// cost, a bound above it, or none; and from an anchor of those
        /// routes a step descends in the one map exactly when it does in the
        /// other. With no route, the whole map is searched.
        #[test]
        fn a_search_from_a_start_agrees_on_its_routes(
            costs in terrain(8, 6),
            start in (1u8..=8, 1u8..=6),
            goal in (1u8..=8, 1u8..=6),
            size in 1u8..=2,
        ) {
            let extent = Extent { columns: 8, rows: 6 };
            let grid = lookup(extent, &costs);
            let start = Cell { column: start.0, row: start.1 };
            let goal = Cell { column: goal.0, row: goal.1 };
            let at_goal = |at: Footprint| at.contains(goal);
            let area = Footprint::new(goal, 1, 1).rect();
            let whole = distances_to(size, size, extent, &grid, at_goal, Rect::ANYWHERE);
            let part = distances_from(size, size, extent, &grid, at_goal, area, start);
            let every = crate::range(Cell { column: 1, row: 1 }, Cell { column: 8, row: 6 });
            let Some(limit) = whole.get(start) else {
                for anchor in every {
                    prop_assert_eq!(part.get(anchor), whole.get(anchor), "{:?}", anchor);
                }
                return Ok(());
            };
            let from = reachable(Footprint::new(start, size, size), extent, u32::MAX, &grid);
            for anchor in every {
                let (cost, held) = (whole.get(anchor), part.get(anchor));
                let on_route = from
                    .get(anchor)
                    .zip(cost)
                    .is_some_and(|(there, rest)| there.saturating_add(rest) == limit);
                if !on_route {
                    prop_assert!(held.is_none_or(|bound| cost.is_some_and(|c| bound >= c)));
                    continue;
                }
                prop_assert_eq!(held, cost, "{:?}", anchor);
                let here = Footprint::new(anchor, size, size);
                for next in square::neighbours(anchor, Adjacency::Diagonal) {
                    if let Ok(step) = step_cost(here, next, &grid) {
                        prop_assert_eq!(
                            part.descends(anchor, next, step),
                            whole.descends(anchor, next, step),
                            "{:?} to {:?}", anchor, next
                        );
                    }
                }
            }
        }

        /// A grid made from a map's costs as they are kept is the one its
        /// closure gives, square for square; a blocked square cannot be
        /// entered; a grid made for another map is read again for the one
        /// searched; and a search over either finds the same costs.
        #[test]
        fn a_grid_from_the_squares_is_the_grid_from_the_closure(
            (columns, rows, grid) in (1u8..=9, 1u8..=9)
                .prop_flat_map(|(c, r)| (Just(c), Just(r), terrain(c, r))),
            (column, row) in (1u8..=10, 1u8..=10),
        ) {
            let extent = Extent { columns, rows };
            let from_squares = CostGrid::from_squares(extent, grid.iter().copied());
            prop_assert_eq!(&from_squares, &CostGrid::from_fn(extent, lookup(extent, &grid)));
            let cell = Cell { column, row };
            prop_assert_eq!(from_squares.cost(cell), lookup(extent, &grid)(cell));
            let mut blocked = from_squares.clone();
            blocked.block(cell);
            prop_assert_eq!(blocked.cost(cell), None);
            let smaller = Extent { columns: columns.div_ceil(2), rows };
            prop_assert_eq!(
                from_squares.clone().into_cost_grid(smaller),
                CostGrid::from_fn(smaller, lookup(extent, &grid))
            );
            let start = Footprint::new(Cell { column: 1, row: 1 }, 1, 1);
            let by_closure = reachable(start, extent, 12, lookup(extent, &grid));
            let by_grid = reachable(start, extent, 12, &from_squares);
            for cell in crate::range(Cell { column: 1, row: 1 }, Cell { column: columns, row: rows }) {
                prop_assert_eq!(by_grid.get(cell), by_closure.get(cell));
            }
        }

        /// Every search walks the anchors by index: the anchors are those
        /// where the footprint fits, and each anchor's neighbours and the
        /// price of stepping to them are those of the cells and footprints,
        /// for every anchor, size and direction.
        #[test]
        fn stepping_by_index_agrees_with_stepping_by_cell(
            (columns, rows, grid) in (1u8..=9, 1u8..=9)
                .prop_flat_map(|(c, r)| (Just(c), Just(r), terrain(c, r))),
            width in 0u8..=4,
            height in 0u8..=4,
            (left, top, across, down) in (-3i32..=11, -3i32..=11, 0i32..=4, 0i32..=4),
        ) {
            let extent = Extent { columns, rows };
            let anchors = Anchors { extent, width, height };
            let costs = CostGrid::from_fn(extent, lookup(extent, &grid));
            let fitting: Vec<(usize, Cell)> = (0..anchors.len())
                .map(|index| (index, anchors.cell(index)))
                .filter(|&(_, anchor)| anchors.footprint(anchor).fits(extent))
                .collect();
            prop_assert_eq!(anchors.touching(Rect::ANYWHERE).collect::<Vec<_>>(), fitting.clone());
            // A goal area's anchors: those whose footprint covers one of its squares.
            let area = Rect { left, right: left + across, top, bottom: top + down };
            let covering: Vec<(usize, Cell)> = (fitting.iter().copied())
                .filter(|&(_, anchor)| anchors.footprint(anchor).cells().any(|cell| {
                    area.contains(i32::from(cell.column), i32::from(cell.row))
                }))
                .collect();
            prop_assert_eq!(anchors.touching(area).collect::<Vec<_>>(), covering);
            for (index, anchor) in fitting {
                let by_cell: Vec<(usize, Option<u32>)> = anchors
                    .around(anchor)
                    .map(|(next, cell)| (next, costs.step(anchors.footprint(anchor), cell)))
                    .collect();
                let by_index: Vec<(usize, Option<u32>)> = anchors
                    .around_index(index)
                    .map(|(next, dc, dr)| {
                        (next, costs.step_into(anchors.at(next), anchors.size(), dc, dr))
                    })
                    .collect();
                prop_assert_eq!(by_index, by_cell, "anchor {:?}", anchor);
            }
        }

        #[test]
        fn step_costs_are_the_worst_newly_entered_square(
            from in footprint(6, 3),
            direction in 0usize..8,
            costs in terrain(9, 9),
        ) {
            let extent = Extent { columns: 9, rows: 9 };
            let cost = lookup(extent, &costs);
            let Some(to) = square::neighbours(from.anchor, Adjacency::Diagonal).nth(direction) else {
                return Ok(());
            };
            let entered: Vec<Cell> = from.moved_to(to).cells().filter(|&s| !from.contains(s)).collect();
            let expected = entered
                .iter()
                .map(|&s| cost(s))
                .collect::<Option<Vec<u32>>>()
                .map(|costs| costs.into_iter().max().unwrap_or(0));
            prop_assert_eq!(step_cost(from, to, &cost).ok(), expected);
        }

        #[test]
        fn remaining_costs_agree_with_relaxation_and_routes_follow_them(
            (columns, rows) in (3u8..=7, 3u8..=7),
            costs in terrain(7, 7),
            (width, height) in (1u8..=3, 1u8..=3),
            goal_row in 1u8..=7,
            near in footprint(7, 2),
        ) {
            let extent = Extent { columns, rows };
            let cost = lookup(Extent { columns: 7, rows: 7 }, &costs);
            let cost = |cell: Cell| if extent.contains(cell) { cost(cell) } else { None };
            // Two kinds of goal: a footprint square on a row, or adjacent to
            // another footprint without overlapping it.
            let on_row = |at: Footprint| at.cells().any(|s| s.row == goal_row);
            let beside = |at: Footprint| adjacent(at, near);
            // Each goal is asked only of the footprints that cover a square
            // of its area; the definition below asks every anchor.
            let row = Rect { top: i32::from(goal_row), bottom: i32::from(goal_row), ..Rect::ANYWHERE };
            for use_row in [true, false] {
                let goal = |at: Footprint| if use_row { on_row(at) } else { beside(at) };
                let area = if use_row { row } else { near.rect().grown(1) };
                let map = distances_to(width, height, extent, cost, goal, area);
                // Bellman-Ford over forward steps, the definition itself.
                let anchors: Vec<Cell> = crate::range(Cell { column: 1, row: 1 }, Cell { column: columns, row: rows })
                    .filter(|&a| Footprint::new(a, width, height).fits(extent))
                    .collect();
                let mut best: Vec<Option<u32>> = anchors
                    .iter()
                    .map(|&a| goal(Footprint::new(a, width, height)).then_some(0))
                    .collect();
                loop {
                    let mut changed = false;
                    for (i, &a) in anchors.iter().enumerate() {
                        for (j, &b) in anchors.iter().enumerate() {
                            let (Some(after), Ok(step)) = (best[j], step_cost(Footprint::new(a, width, height), b, cost)) else {
                                continue;
                            };
                            if best[i].is_none_or(|now| after + step < now) {
                                best[i] = Some(after + step);
                                changed = true;
                            }
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                for (i, &a) in anchors.iter().enumerate() {
                    prop_assert_eq!(map.get(a), best[i], "{}", a);
                    let Some(remaining) = best[i] else { continue };
                    let route = map.route(a).unwrap();
                    let start = Footprint::new(a, width, height);
                    prop_assert_eq!(path_cost(start, &route, cost), Ok(remaining));
                    let end = route.last().map_or(start, |&last| start.moved_to(last));
                    prop_assert!(goal(end));
                    let mut at = start;
                    for &next in &route {
                        let step = step_cost(at, next, cost).unwrap();
                        prop_assert!(map.descends(at.anchor, next, step));
                        at = at.moved_to(next);
                    }
                }
                for &a in &anchors {
                    let from = Footprint::new(a, width, height);
                    prop_assert_eq!(route_exists(from, extent, cost, goal), map.get(a).is_some());
                }
            }
        }

        #[test]
        fn reachable_agrees_with_a_search_over_anchor_and_spent(
            costs in terrain(6, 6),
            (width, height) in (1u8..=3, 1u8..=3),
            start in (1u8..=4, 1u8..=4),
            budget in 0u32..=12,
        ) {
            let extent = Extent { columns: 6, rows: 6 };
            let cost = lookup(extent, &costs);
            let from = Footprint::new(Cell { column: start.0, row: start.1 }, width, height);
            let map = reachable(from, extent, budget, &cost);
            if !from.fits(extent) {
                prop_assert_eq!(map.reached().count(), 0);
                return Ok(());
            }
            // reach[spent] holds the anchors some path reaches spending exactly that.
            let mut reach = vec![HashSet::new(); budget as usize + 1];
            reach[0].insert(from.anchor);
            for spent in 0..=budget as usize {
                let here: Vec<Cell> = reach[spent].iter().copied().collect();
                for anchor in here {
                    for next in square::neighbours(anchor, Adjacency::Diagonal) {
                        let at = Footprint::new(anchor, width, height);
                        if !at.moved_to(next).fits(extent) {
                            continue;
                        }
                        if let Ok(step) = step_cost(at, next, &cost) {
                            let total = spent + step as usize;
                            if total <= budget as usize {
                                reach[total].insert(next);
                            }
                        }
                    }
                }
            }
            let mut cheapest = std::collections::HashMap::new();
            for (spent, anchors) in reach.iter().enumerate().rev() {
                for &anchor in anchors {
                    cheapest.insert(anchor, spent as u32);
                }
            }
            let found: std::collections::HashMap<Cell, u32> = map.reached().collect();
            prop_assert_eq!(&found, &cheapest);
            for (&anchor, &spent) in &found {
                let route = map.route(anchor).unwrap();
                prop_assert_eq!(path_cost(from, &route, &cost), Ok(spent));
                prop_assert_eq!(route.last().copied().unwrap_or(from.anchor), anchor);
            }
        }

        #[test]
        fn away_steps_are_exactly_the_neighbours_one_farther(mover in footprint(12, 3), threat in footprint(12, 3)) {
            let now = gap(mover, threat);
            let away: HashSet<Cell> = away_steps(mover, threat).collect();
            for next in square::neighbours(mover.anchor, Adjacency::Diagonal) {
                let then = gap(mover.moved_to(next), threat);
                prop_assert!(then + 1 >= now && then <= now + 1);
                prop_assert_eq!(away.contains(&next), then == now + 1);
            }
        }
    }
}
