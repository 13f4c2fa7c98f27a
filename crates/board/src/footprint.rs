//! Footprints on a square grid: units that cover a rectangle of W×H squares,
//! and the geometry a rule system asks of them.
//!
//! A [`Footprint`] is the rectangle from its anchor (lowest column, lowest
//! row). This module owns what follows from that shape: the Chebyshev [`gap`]
//! between two footprints and [`adjacent`]; which [`Side`]s of a footprint
//! others touch ([`touched_sides`], [`surrounded`]) and whether two of them
//! stand on opposite sides of it ([`opposite`]); line of sight from square
//! centres to square centres ([`line()`], [`clear`], [`sight`]); and movement
//! of a whole footprint by king's moves of its anchor ([`step_cost`],
//! [`path_cost`], [`distances_to`], [`reachable`], [`route_exists`],
//! [`away_steps`]).
//!
//! It knows no rules. What a square costs to enter, whether it can be entered
//! at all, what blocks sight and where a route may end are the caller's
//! closures (a search's costs may also come as a [`CostGrid`]). (It was
//! written for TDGS Mass Combat's POSITION-1..9, ROUT-3, ROUT-4 and
//! CORNERED-2; those ids are cited where they explain a choice.)
//!
//! Squares exist only with labels 1..=99: a footprint square outside that
//! range is left out of [`Footprint::cells`], cannot be entered
//! ([`StepError::OffGrid`]) and is never shown to a caller's closure.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;

use crate::square::{self, Adjacency};
use crate::{Cell, Extent};

/// The largest column or row a CCRR label can hold.
const MAX_LABEL: i32 = 99;

/// The labelled square at `(column, row)`, if it has a label.
fn label(column: i32, row: i32) -> Option<Cell> {
    let labelled = |n: i32| (1..=MAX_LABEL).contains(&n);
    if labelled(column) && labelled(row) {
        Some(Cell {
            column: u8::try_from(column).ok()?,
            row: u8::try_from(row).ok()?,
        })
    } else {
        None
    }
}

/// A unit's squares: `width` columns and `height` rows from `anchor`, the
/// square with the lowest column and the lowest row (the north-west corner).
///
/// Footprints never turn (TDGS-R45): a 3×2 stays 3 wide. A width or height
/// of 0 counts as 1, so every footprint covers at least its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Footprint {
    /// The north-west square.
    pub anchor: Cell,
    /// Columns covered, eastwards from the anchor.
    pub width: u8,
    /// Rows covered, southwards from the anchor.
    pub height: u8,
}

/// A footprint's bounds in signed coordinates, so that "one beyond the edge"
/// never underflows: its first and last columns and rows.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    pub left: i32,
    pub right: i32,
    pub top: i32,
    pub bottom: i32,
}

impl Rect {
    /// Every square: a search's goals may lie anywhere.
    pub const ANYWHERE: Rect = Rect {
        left: i32::MIN / 4,
        right: i32::MAX / 4,
        top: i32::MIN / 4,
        bottom: i32::MAX / 4,
    };

    /// These bounds, `by` squares wider each way.
    pub fn grown(self, by: i32) -> Rect {
        Rect {
            left: self.left - by,
            right: self.right + by,
            top: self.top - by,
            bottom: self.bottom + by,
        }
    }

    /// [`gap`] between the footprints with these bounds: for a caller that
    /// measures one footprint against many, each worked out once.
    pub fn gap(self, other: Rect) -> u32 {
        span_gap(self.left, self.right, other.left, other.right).max(span_gap(
            self.top,
            self.bottom,
            other.top,
            other.bottom,
        ))
    }

    /// Whether the two share a square: four comparisons, for a caller that
    /// asks "within `n`" of many as `a.grown(n).meets(b)` (the same as
    /// `a.gap(b) <= n`).
    pub fn meets(self, other: Rect) -> bool {
        self.columns_meet(other) && self.rows_meet(other)
    }

    fn contains(self, column: i32, row: i32) -> bool {
        (self.left..=self.right).contains(&column) && (self.top..=self.bottom).contains(&row)
    }

    fn columns_meet(self, other: Rect) -> bool {
        self.left <= other.right && other.left <= self.right
    }

    fn rows_meet(self, other: Rect) -> bool {
        self.top <= other.bottom && other.top <= self.bottom
    }

    /// The part with labels, if any.
    fn labelled(self) -> Option<Rect> {
        let clipped = Rect {
            left: self.left.max(1),
            right: self.right.min(MAX_LABEL),
            top: self.top.max(1),
            bottom: self.bottom.min(MAX_LABEL),
        };
        (clipped.left <= clipped.right && clipped.top <= clipped.bottom).then_some(clipped)
    }

    fn area(self) -> usize {
        let side = |lo: i32, hi: i32| usize::try_from(hi - lo + 1).unwrap_or(0);
        side(self.left, self.right) * side(self.top, self.bottom)
    }
}

impl Footprint {
    /// The footprint of `width` × `height` squares anchored at `anchor`.
    pub const fn new(anchor: Cell, width: u8, height: u8) -> Footprint {
        Footprint {
            anchor,
            width,
            height,
        }
    }

    /// A footprint of one square.
    pub const fn single(cell: Cell) -> Footprint {
        Footprint::new(cell, 1, 1)
    }

    /// Its bounds.
    pub fn rect(self) -> Rect {
        let left = i32::from(self.anchor.column);
        let top = i32::from(self.anchor.row);
        Rect {
            left,
            right: left + i32::from(self.width.max(1)) - 1,
            top,
            bottom: top + i32::from(self.height.max(1)) - 1,
        }
    }

    /// Its labelled squares, column by column (like [`crate::range`]).
    pub fn cells(self) -> Cells {
        let rect = self.rect();
        Cells {
            column: rect.left,
            row: rect.top,
            rect,
        }
    }

    /// Whether `cell` is one of its squares.
    pub fn contains(self, cell: Cell) -> bool {
        self.rect()
            .contains(i32::from(cell.column), i32::from(cell.row))
    }

    /// The same shape anchored at `anchor`.
    pub const fn moved_to(self, anchor: Cell) -> Footprint {
        Footprint { anchor, ..self }
    }

    /// Whether every square lies on a map of this extent.
    pub fn fits(self, extent: Extent) -> bool {
        let r = self.rect();
        r.left >= 1
            && r.top >= 1
            && r.right <= i32::from(extent.columns)
            && r.bottom <= i32::from(extent.rows)
    }

    /// Whether the two share a square.
    pub fn overlaps(self, other: Footprint) -> bool {
        self.rect().meets(other.rect())
    }
}

/// A footprint's labelled squares, column by column ([`Footprint::cells`]):
/// a walk over its bounds, where a flattened iterator of columns cost more
/// than the squares it gave on every line that asks.
#[derive(Clone, Debug)]
pub struct Cells {
    column: i32,
    row: i32,
    rect: Rect,
}

impl Iterator for Cells {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        while self.column <= self.rect.right {
            if self.row > self.rect.bottom {
                self.column += 1;
                self.row = self.rect.top;
                continue;
            }
            let row = self.row;
            self.row += 1;
            if let Some(cell) = label(self.column, row) {
                return Some(cell);
            }
        }
        None
    }
}

/// The gap between two spans `a_lo..=a_hi` and `b_lo..=b_hi`: how many
/// steps from the nearer end of one to the other; 0 when they overlap.
fn span_gap(a_lo: i32, a_hi: i32, b_lo: i32, b_hi: i32) -> u32 {
    if a_hi < b_lo {
        b_lo.abs_diff(a_hi)
    } else if b_hi < a_lo {
        a_lo.abs_diff(b_hi)
    } else {
        0
    }
}

/// The distance between two footprints in king's moves (POSITION-2): the
/// larger of the gaps between their column spans and their row spans, so
/// the Chebyshev distance between their nearest squares; 0 when they
/// overlap.
pub fn gap(a: Footprint, b: Footprint) -> u32 {
    a.rect().gap(b.rect())
}

/// Whether two footprints touch without overlapping: at gap 1, by an edge or
/// only a corner (POSITION-3).
pub fn adjacent(a: Footprint, b: Footprint) -> bool {
    gap(a, b) == 1
}

/// One of the four sides of a footprint. North is row 01's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Towards row 01.
    North,
    /// Towards the last column.
    East,
    /// Towards the last row.
    South,
    /// Towards column 01.
    West,
}

impl Side {
    /// The four sides, clockwise from north.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The side across the footprint.
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of [`Side`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sides(u8);

impl Sides {
    /// No side.
    pub const NONE: Sides = Sides(0);

    /// Whether `side` is in the set.
    pub const fn contains(self, side: Side) -> bool {
        self.0 & side.bit() != 0
    }

    /// The set with `side` added.
    pub const fn with(self, side: Side) -> Sides {
        Sides(self.0 | side.bit())
    }

    /// How many sides are in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The sides in the set, clockwise from north.
    pub fn iter(self) -> impl Iterator<Item = Side> {
        Side::ALL
            .into_iter()
            .filter(move |&side| self.contains(side))
    }
}

impl std::ops::BitOr for Sides {
    type Output = Sides;

    fn bitor(self, other: Sides) -> Sides {
        Sides(self.0 | other.0)
    }
}

/// The eight parts of the ring around a target, clockwise from north, as
/// bits: a side part is every square across that side (edge-adjacent to one
/// of the side's squares), a corner part the one square touching only the
/// target's corner square.
const N: u8 = 1;
const NE: u8 = 1 << 1;
const E: u8 = 1 << 2;
const SE: u8 = 1 << 3;
const S: u8 = 1 << 4;
const SW: u8 = 1 << 5;
const W: u8 = 1 << 6;
const NW: u8 = 1 << 7;

/// Which parts of the ring around `target` hold a square of `other`.
fn ring_parts(target: Footprint, other: Footprint) -> u8 {
    let (t, o) = (target.rect(), other.rect());
    let has_row = |row: i32| (o.top..=o.bottom).contains(&row);
    let has_column = |column: i32| (o.left..=o.right).contains(&column);
    let parts = [
        (N, has_row(t.top - 1) && t.columns_meet(o)),
        (NE, o.contains(t.right + 1, t.top - 1)),
        (E, has_column(t.right + 1) && t.rows_meet(o)),
        (SE, o.contains(t.right + 1, t.bottom + 1)),
        (S, has_row(t.bottom + 1) && t.columns_meet(o)),
        (SW, o.contains(t.left - 1, t.bottom + 1)),
        (W, has_column(t.left - 1) && t.rows_meet(o)),
        (NW, o.contains(t.left - 1, t.top - 1)),
    ];
    parts
        .into_iter()
        .filter(|&(_, holds)| holds)
        .fold(0, |bits, (bit, _)| bits | bit)
}

/// [`ring_parts`]'s four side parts alone (N, E, S, W): all the surrounded
/// test reads, asked of every pinning entity near every unit after every
/// line.
fn side_parts(target: Footprint, other: Footprint) -> u8 {
    let (t, o) = (target.rect(), other.rect());
    let mut parts = 0;
    if t.columns_meet(o) {
        let has_row = |row: i32| (o.top..=o.bottom).contains(&row);
        parts |= if has_row(t.top - 1) { N } else { 0 };
        parts |= if has_row(t.bottom + 1) { S } else { 0 };
    }
    if t.rows_meet(o) {
        let has_column = |column: i32| (o.left..=o.right).contains(&column);
        parts |= if has_column(t.right + 1) { E } else { 0 };
        parts |= if has_column(t.left - 1) { W } else { 0 };
    }
    parts
}

/// The sides of `target` touched by any of `others` (POSITION-7): a side is
/// touched when a square of another footprint lies directly across it,
/// edge-adjacent to one of that side's squares. Touching only a corner
/// touches no side. Pass one footprint as `[other]`.
pub fn touched_sides(target: Footprint, others: impl IntoIterator<Item = Footprint>) -> Sides {
    const SIDE_PARTS: [(u8, Side); 4] = [
        (N, Side::North),
        (E, Side::East),
        (S, Side::South),
        (W, Side::West),
    ];
    others.into_iter().fold(Sides::NONE, |sides, other| {
        let parts = side_parts(target, other);
        SIDE_PARTS
            .into_iter()
            .filter(|&(bit, _)| parts & bit != 0)
            .fold(sides, |sides, (_, side)| sides.with(side))
    })
}

/// Whether `enemies` touch at least three of the four sides of `target`
/// (POSITION-7's "surrounded"; the caller leaves out enemies that pin no
/// one, such as routed ones).
pub fn surrounded(target: Footprint, enemies: impl IntoIterator<Item = Footprint>) -> bool {
    touched_sides(target, enemies).count() >= 3
}

/// Whether `a` and `b` are both adjacent to `target` on opposite sides of it
/// (POSITION-8's flanking, "a straight line through the target").
///
/// The definition: split the ring of squares around `target` into eight
/// parts, the four sides (the squares directly across a side, as in
/// [`touched_sides`]) and the four corner squares (each touching only a
/// corner square of the target). `a` and `b` are opposite when both are at
/// gap 1 and `a` holds a square in one part while `b` holds one in the part
/// across: north and south, east and west, north-east and south-west,
/// north-west and south-east. A footprint that runs along a side past the
/// corner holds both that side and the corner square.
///
/// Why this reading: for a 1×1 target it is exactly the four straight lines
/// through the target's square, the classic flank. For a larger target every
/// such pair is joined by a segment between square centres that crosses the
/// target's interior (across a side, the centres lie beyond opposite edges
/// within the target's span; across corners, the diagonal runs through it),
/// while the mixed pairs a 1×1 target would call an L (north with
/// south-east) stay excluded, for every size alike. "Some segment crosses
/// the target" alone would not do: for a 1×1 target it admits north with
/// south-east.
pub fn opposite(target: Footprint, a: Footprint, b: Footprint) -> bool {
    if !adjacent(target, a) || !adjacent(target, b) {
        return false;
    }
    let (a, b) = (ring_parts(target, a), ring_parts(target, b));
    a & b.rotate_left(4) != 0
}

/// The squares whose interiors the segment from the centre of `a` to the
/// centre of `b` crosses, in order from `a` to `b`, both included.
///
/// Exact: the segment crosses column lines and row lines at parameters
/// `(2i + 1) / 2dx` and `(2j + 1) / 2dy`, compared by cross-multiplying;
/// where both coincide it passes through a grid corner and steps
/// diagonally, so the two squares that only meet it at that corner are not
/// listed. A segment between centres never runs along a grid line.
pub fn line(a: Cell, b: Cell) -> impl Iterator<Item = Cell> {
    let (x0, y0) = (i32::from(a.column), i32::from(a.row));
    let (dx, dy) = (i32::from(b.column) - x0, i32::from(b.row) - y0);
    let (nx, ny) = (i64::from(dx.unsigned_abs()), i64::from(dy.unsigned_abs()));
    let (sx, sy) = (dx.signum(), dy.signum());
    let (mut ix, mut iy) = (0i64, 0i64);
    let (mut x, mut y) = (x0, y0);
    let mut first = true;
    std::iter::from_fn(move || {
        if first {
            first = false;
        } else if ix < nx || iy < ny {
            let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
            if decision <= 0 {
                ix += 1;
                x += sx;
            }
            if decision >= 0 {
                iy += 1;
                y += sy;
            }
        } else {
            return None;
        }
        // Between a and b, so within u8.
        Some(Cell {
            column: u8::try_from(x).unwrap_or(a.column),
            row: u8::try_from(y).unwrap_or(a.row),
        })
    })
}

/// Whether the segment from the centre of `a` to the centre of `b` crosses
/// the interior of no square that `blocks`; touching a blocking square's
/// edge or corner does not block. The end squares count like any other:
/// a caller that lets entities see out of their own squares says so in
/// `blocks`.
pub fn clear(a: Cell, b: Cell, blocks: impl Fn(Cell) -> bool) -> bool {
    line(a, b).all(|cell| !blocks(cell))
}

/// Whether some square of `from` sees some square of `to` (POSITION-9): see
/// [`sight_line`].
pub fn sight(from: Footprint, to: Footprint, blocks: impl Fn(Cell) -> bool) -> bool {
    sight_line(from, to, blocks).is_some()
}

/// A square of `from` and a square of `to` whose centres are joined by a
/// [`clear`] segment, if any: the witness for [`sight`], for a picture to
/// draw. Whether there is one does not depend on the order of the two
/// footprints (the pair found may).
///
/// Cost. Trying every pair of squares would be O(|from|·|to|·length), about
/// 10⁹ steps for two halves of a 99×99 map, and no smaller set of squares
/// suffices in general: a gap in a wall can line up with an inner square's
/// centre and no other (see the tests). Instead, for each unblocked square
/// `p` of the smaller footprint, nearest to the other first, one sweep
/// outwards from `p`, quadrant by quadrant, keeps the union of the open
/// angular shadows of the blocking squares passed so far (exact fractions of
/// small integers) and tests each target square as its depth is reached.
/// A sweep visits each square of the bounding box of both footprints at
/// most twice (quadrants share their diagonals) and pays, per blocking
/// square, a binary search and an insertion into the sorted list of
/// separate shadows. So the whole is O(min(|from|, |to|) · A) such visits
/// for a bounding box of `A` squares (A ≤ 9801 on a 99×99 map), with exits
/// at the first square seen and wherever the rest of a quadrant's targets
/// are all in one shadow; two 40×99 units behind a solid wall take about
/// 0.06 s in a release build. `blocks` is called at most once per square of
/// the bounding box.
pub fn sight_line(
    from: Footprint,
    to: Footprint,
    blocks: impl Fn(Cell) -> bool,
) -> Option<(Cell, Cell)> {
    let (f, t) = (from.rect().labelled()?, to.rect().labelled()?);
    let bounds = Rect {
        left: f.left.min(t.left),
        right: f.right.max(t.right),
        top: f.top.min(t.top),
        bottom: f.bottom.max(t.bottom),
    };
    let mut memo = Memo {
        bounds,
        state: vec![Known::Unknown; bounds.area()],
        blocks,
    };
    // Sweep from the smaller footprint; the segments are the same either way.
    let swapped = f.area() > t.area();
    let (sources, targets) = if swapped { (t, f) } else { (f, t) };
    let mut order: Vec<(i32, i32)> = (sources.left..=sources.right)
        .flat_map(|x| (sources.top..=sources.bottom).map(move |y| (x, y)))
        .collect();
    let gap_to_targets = |&(x, y): &(i32, i32)| {
        span_gap(x, x, targets.left, targets.right).max(span_gap(y, y, targets.top, targets.bottom))
    };
    order.sort_by_key(gap_to_targets);
    let mut shadows = Vec::new();
    for p in order {
        if memo.blocked(p) {
            continue;
        }
        if let Some(q) = sweep(p, targets, &mut memo, &mut shadows) {
            let (p, q) = (label(p.0, p.1)?, label(q.0, q.1)?);
            return Some(if swapped { (q, p) } else { (p, q) });
        }
    }
    None
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Unknown,
    Clear,
    Blocked,
}

/// `blocks`, asked at most once per square of `bounds`.
struct Memo<F> {
    bounds: Rect,
    state: Vec<Known>,
    blocks: F,
}

impl<F: Fn(Cell) -> bool> Memo<F> {
    /// Whether the square at `(column, row)`, inside `bounds`, blocks.
    fn blocked(&mut self, (column, row): (i32, i32)) -> bool {
        let b = self.bounds;
        let width = usize::try_from(b.right - b.left + 1).unwrap_or(0);
        let index = usize::try_from(row - b.top).unwrap_or(0) * width
            + usize::try_from(column - b.left).unwrap_or(0);
        match self.state[index] {
            Known::Clear => false,
            Known::Blocked => true,
            Known::Unknown => {
                let blocked = label(column, row).is_none_or(|cell| (self.blocks)(cell));
                self.state[index] = if blocked {
                    Known::Blocked
                } else {
                    Known::Clear
                };
                blocked
            }
        }
    }
}

/// A slope `num / den` with `den > 0`, compared exactly.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i32,
    den: i32,
}

impl Ord for Slope {
    fn cmp(&self, other: &Slope) -> Ordering {
        (i64::from(self.num) * i64::from(other.den))
            .cmp(&(i64::from(other.num) * i64::from(self.den)))
    }
}

impl PartialOrd for Slope {
    fn partial_cmp(&self, other: &Slope) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Slope {
    fn eq(&self, other: &Slope) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Slope {}

/// One quadrant of a sweep: depth `u ≥ 1` runs along `+x`, `-x`, `+y` or
/// `-y` from the source, `v` across it; the quadrant holds the squares with
/// `|v| ≤ u`, where the slope `v / u` lies in `[-1, 1]`.
#[derive(Clone, Copy)]
struct Quadrant {
    /// Depth runs along rows (`y`) instead of columns.
    vertical: bool,
    /// Depth grows towards lower coordinates.
    backwards: bool,
}

const QUADRANTS: [Quadrant; 4] = [
    Quadrant {
        vertical: false,
        backwards: false,
    },
    Quadrant {
        vertical: false,
        backwards: true,
    },
    Quadrant {
        vertical: true,
        backwards: false,
    },
    Quadrant {
        vertical: true,
        backwards: true,
    },
];

impl Quadrant {
    /// The square at depth `u`, offset `v`, from `p`.
    fn square(self, p: (i32, i32), u: i32, v: i32) -> (i32, i32) {
        let u = if self.backwards { -u } else { u };
        if self.vertical {
            (p.0 + v, p.1 + u)
        } else {
            (p.0 + u, p.1 + v)
        }
    }

    /// A rectangle's span along the depth axis, as depths from `p`
    /// (nearest, farthest), and its span across, as offsets from `p`.
    fn spans(self, p: (i32, i32), r: Rect) -> ((i32, i32), (i32, i32)) {
        let (along, across, (pa, pc)) = if self.vertical {
            ((r.top, r.bottom), (r.left, r.right), (p.1, p.0))
        } else {
            ((r.left, r.right), (r.top, r.bottom), (p.0, p.1))
        };
        let depth = if self.backwards {
            (pa - along.1, pa - along.0)
        } else {
            (along.0 - pa, along.1 - pa)
        };
        (depth, (across.0 - pc, across.1 - pc))
    }
}

/// The open range of slopes `v' / u'` of the lines from the source's
/// centre that cross the interior of the square at depth `u ≥ 1`, offset
/// `v`: in half-square units the square spans `2u ± 1` by `2v ± 1`, and the
/// extreme lines pass its far or near corners depending on the sign of `v`.
fn shadow(u: i32, v: i32) -> (Slope, Slope) {
    let near = 2 * u - 1;
    let far = 2 * u + 1;
    let low = Slope {
        num: 2 * v - 1,
        den: if v >= 1 { far } else { near },
    };
    let high = Slope {
        num: 2 * v + 1,
        den: if v >= 0 { near } else { far },
    };
    (low, high)
}

/// Whether `slope` lies strictly inside one of the disjoint open intervals
/// in `shadows` (sorted; neighbours may share an end, which stays lit).
fn in_shadow(shadows: &[(Slope, Slope)], slope: Slope) -> bool {
    let after = shadows.partition_point(|&(low, _)| low < slope);
    after > 0 && slope < shadows[after - 1].1
}

/// Adds the open interval `(low, high)` to `shadows`, merging the intervals
/// it overlaps (sharing only an end is not overlapping: a line through a
/// corner where two blocking squares meet stays lit).
fn cast(shadows: &mut Vec<(Slope, Slope)>, (low, high): (Slope, Slope)) {
    let first = shadows.partition_point(|&(_, h)| h <= low);
    let end = shadows.partition_point(|&(l, _)| l < high);
    if first == end {
        shadows.insert(first, (low, high));
    } else {
        let merged = (low.min(shadows[first].0), high.max(shadows[end - 1].1));
        shadows.splice(first..end, [merged]);
    }
}

/// Whether every slope to a target square still ahead lies in one shadow:
/// offsets `across` at depths `depths`, with slopes within `[-1, 1]`. The
/// extreme slopes are at the corners of that block of squares.
fn dark(shadows: &[(Slope, Slope)], across: (i32, i32), depths: (i32, i32)) -> bool {
    let (low, high) = (across.0.max(-depths.1), across.1.min(depths.1));
    if low > high || depths.0 > depths.1 {
        return true;
    }
    let lowest = Slope {
        num: low,
        den: if low >= 0 { depths.1 } else { depths.0 },
    };
    let highest = Slope {
        num: high,
        den: if high >= 0 { depths.0 } else { depths.1 },
    };
    // Offsets beyond the diagonal at the nearest depth hold no target, so
    // clipping to the quadrant only widens the range checked.
    let lowest = lowest.max(Slope { num: -1, den: 1 });
    let highest = highest.min(Slope { num: 1, den: 1 });
    let after = shadows.partition_point(|&(l, _)| l < lowest);
    after > 0 && highest < shadows[after - 1].1
}

/// A square of `targets` that the source square `p` (not blocking) sees.
///
/// Why this is exact: within a quadrant the slope is at most 1 either way,
/// so over the half square after `p`'s centre and the half square before a
/// target's centre the segment moves at most half a square across; it
/// crosses no square at depth 0 but `p` and none at the target's depth but
/// the target (at slope exactly 1 it only meets corners). Squares at depths
/// in between lie wholly within the segment's reach, so the segment crosses
/// one exactly when its slope is inside that square's shadow. Hence a target
/// is tested before the squares of its own depth cast their shadows. Squares
/// with `|v| > u` shadow only slopes beyond ±1, and squares outside the
/// bounding box of both footprints none that a segment between them can
/// have, so neither is looked at.
fn sweep<F: Fn(Cell) -> bool>(
    p: (i32, i32),
    targets: Rect,
    memo: &mut Memo<F>,
    shadows: &mut Vec<(Slope, Slope)>,
) -> Option<(i32, i32)> {
    if targets.contains(p.0, p.1) {
        return Some(p);
    }
    for quadrant in QUADRANTS {
        let ((near, far), (across_low, across_high)) = quadrant.spans(p, targets);
        if far < 1 {
            continue;
        }
        let (_, (box_low, box_high)) = quadrant.spans(p, memo.bounds);
        shadows.clear();
        for u in 1..=far {
            if u >= near {
                for v in across_low.max(-u)..=across_high.min(u) {
                    let q = quadrant.square(p, u, v);
                    if !in_shadow(shadows, Slope { num: v, den: u }) && !memo.blocked(q) {
                        return Some(q);
                    }
                }
            }
            if u == far {
                break;
            }
            for v in box_low.max(-u)..=box_high.min(u) {
                if memo.blocked(quadrant.square(p, u, v)) {
                    cast(shadows, shadow(u, v));
                }
            }
            if dark(shadows, (across_low, across_high), (near.max(u + 1), far)) {
                break;
            }
        }
    }
    None
}

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
    use crate::testing::{c, labels};
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn fp(label: &str, width: u8, height: u8) -> Footprint {
        Footprint::new(c(label), width, height)
    }

    #[test]
    fn a_footprint_is_the_rectangle_from_its_anchor() {
        let unit = fp("0907", 3, 2);
        assert_eq!(
            labels(unit.cells()),
            ["0907", "0908", "1007", "1008", "1107", "1108"]
        );
        assert!(unit.contains(c("1108")));
        assert!(!unit.contains(c("1109")));
        assert!(!unit.contains(c("0807")));
        assert_eq!(unit.moved_to(c("0101")).cells().count(), 6);
        let map = Extent {
            columns: 11,
            rows: 8,
        };
        assert!(unit.fits(map));
        assert!(!unit.moved_to(c("0908")).fits(map));
        assert!(!unit.moved_to(c("0007")).fits(map));
        assert!(unit.overlaps(fp("1108", 2, 2)));
        assert!(!unit.overlaps(fp("1208", 2, 2)));
        // A zero size counts as one square; squares past 99 have no label.
        assert_eq!(labels(fp("0505", 0, 0).cells()), ["0505"]);
        assert_eq!(labels(fp("9999", 2, 2).cells()), ["9999"]);
    }

    #[test]
    fn w21_distances_between_footprints() {
        assert_eq!(gap(fp("1011", 1, 1), fp("0907", 3, 3)), 2);
        assert_eq!(gap(fp("1207", 2, 2), fp("1205", 2, 2)), 1);
        assert_eq!(gap(fp("0907", 3, 3), fp("1205", 2, 2)), 1);
        assert!(adjacent(fp("0907", 3, 3), fp("1205", 2, 2)));
        assert!(!adjacent(fp("1011", 1, 1), fp("0907", 3, 3)));
        assert_eq!(gap(fp("0907", 3, 3), fp("1008", 1, 1)), 0);
        assert!(!adjacent(fp("0907", 3, 3), fp("1008", 1, 1)));
    }

    #[test]
    fn w22_sides_touched_and_surrounded() {
        let target = fp("1207", 2, 2);
        let north = fp("1205", 2, 2);
        let east = fp("1406", 2, 2);
        let sides = touched_sides(target, [north, east]);
        assert_eq!(sides.iter().collect::<Vec<_>>(), [Side::North, Side::East]);
        assert!(!surrounded(target, [north, east]));
        let south = fp("1209", 2, 2);
        assert_eq!(touched_sides(target, [north, east, south]).count(), 3);
        assert!(surrounded(target, [north, east, south]));
    }

    #[test]
    fn w23_corner_contact_is_adjacent_but_touches_no_side() {
        let (a, b) = (fp("1205", 2, 2), fp("0907", 3, 3));
        assert!(adjacent(a, b));
        assert_eq!(touched_sides(b, [a]), Sides::NONE);
        assert_eq!(touched_sides(a, [b]), Sides::NONE);
    }

    /// The surrounded test's side parts are the ring's four sides, for
    /// every placing of a footprint of up to 3 × 3 around another.
    #[test]
    fn side_parts_are_the_rings_sides() {
        for (tw, th, ow, oh) in (1..=3).flat_map(|tw| {
            (1..=3).flat_map(move |th| {
                (1..=3).flat_map(move |ow| (1..=3).map(move |oh| (tw, th, ow, oh)))
            })
        }) {
            let target = Footprint::new(Cell { column: 6, row: 6 }, tw, th);
            for column in 1..=11 {
                for row in 1..=11 {
                    let other = Footprint::new(Cell { column, row }, ow, oh);
                    let sides = ring_parts(target, other) & (N | E | S | W);
                    assert_eq!(side_parts(target, other), sides, "{target:?} {other:?}");
                }
            }
        }
    }

    #[test]
    fn opposite_sides_of_one_square_are_the_four_lines_through_it() {
        let target = fp("0505", 1, 1);
        let at = |label| fp(label, 1, 1);
        for (a, b) in [
            ("0504", "0506"),
            ("0405", "0605"),
            ("0604", "0406"),
            ("0404", "0606"),
        ] {
            assert!(opposite(target, at(a), at(b)), "{a} {b}");
            assert!(opposite(target, at(b), at(a)), "{b} {a}");
        }
        for (a, b) in [
            ("0504", "0606"),
            ("0504", "0605"),
            ("0404", "0604"),
            ("0504", "0507"),
        ] {
            assert!(!opposite(target, at(a), at(b)), "{a} {b}");
        }
    }

    #[test]
    fn opposite_sides_of_a_larger_footprint() {
        let target = fp("0505", 3, 2);
        // Across north and south, in different columns.
        assert!(opposite(target, fp("0504", 1, 1), fp("0707", 1, 1)));
        // Across east and west, in different rows.
        assert!(opposite(target, fp("0805", 2, 1), fp("0306", 2, 2)));
        // Diagonally opposite corner squares.
        assert!(opposite(target, fp("0804", 1, 1), fp("0407", 1, 1)));
        // A unit along the north side past the corner holds the corner too.
        assert!(opposite(target, fp("0603", 3, 2), fp("0407", 1, 1)));
        // North with a south-east corner square, two on the same side, a
        // unit not adjacent, and an overlapping one: no flank.
        assert!(!opposite(target, fp("0504", 1, 1), fp("0807", 1, 1)));
        assert!(!opposite(target, fp("0504", 1, 1), fp("0704", 1, 1)));
        assert!(!opposite(target, fp("0503", 1, 1), fp("0507", 1, 1)));
        assert!(!opposite(target, fp("0505", 1, 1), fp("0507", 1, 1)));
    }

    #[test]
    fn lines_list_the_squares_whose_interiors_they_cross() {
        assert_eq!(labels(line(c("0101"), c("0101"))), ["0101"]);
        assert_eq!(labels(line(c("0101"), c("0301"))), ["0101", "0201", "0301"]);
        // Through the corners at 1½ and 2½: the squares beside them are
        // only touched.
        assert_eq!(labels(line(c("0101"), c("0303"))), ["0101", "0202", "0303"]);
        assert_eq!(
            labels(line(c("0101"), c("0302"))),
            ["0101", "0201", "0202", "0302"]
        );
        assert_eq!(
            labels(line(c("0302"), c("0101"))),
            ["0302", "0202", "0201", "0101"]
        );
    }

    #[test]
    fn grazing_a_corner_does_not_block_crossing_the_interior_does() {
        let walls = [c("0201"), c("0102")];
        let blocks = |cell: Cell| walls.contains(&cell);
        assert!(clear(c("0101"), c("0303"), blocks));
        assert!(clear(c("0101"), c("0202"), blocks));
        assert!(!clear(c("0101"), c("0301"), blocks));
        assert!(!clear(c("0101"), c("0302"), blocks));
        assert!(!clear(c("0101"), c("0303"), |cell| cell == c("0202")));
        // The end squares count like any other.
        assert!(!clear(c("0101"), c("0303"), |cell| cell == c("0303")));
        let single = |label| fp(label, 1, 1);
        assert!(sight(single("0101"), single("0303"), blocks));
        assert!(!sight(single("0101"), single("0301"), blocks));
    }

    #[test]
    fn a_gap_in_a_wall_can_line_up_with_an_inner_square_only() {
        // A wall down column 8 (rows 1-4) and column 7 (rows 5-12), open only
        // at the corner point between 0804 and 0705. The line from 0303 to
        // 1507 has slope 1/3 and passes exactly through it; no other square
        // of the 3×3 at 0202 lines up with that corner and 1507.
        let blocks =
            |cell: Cell| (cell.column == 8 && cell.row <= 4) || (cell.column == 7 && cell.row >= 5);
        let (unit, target) = (fp("0202", 3, 3), fp("1507", 1, 1));
        assert_eq!(
            sight_line(unit, target, blocks),
            Some((c("0303"), c("1507")))
        );
        assert_eq!(
            sight_line(target, unit, blocks),
            Some((c("1507"), c("0303")))
        );
        let seeing: Vec<Cell> = unit
            .cells()
            .filter(|&p| clear(p, c("1507"), blocks))
            .collect();
        assert_eq!(seeing, [c("0303")]);
        assert!(!sight(target, fp("0202", 3, 3), |cell| blocks(cell)
            || cell == c("0303")));
    }

    #[test]
    fn no_sight_through_a_full_wall_between_large_units() {
        let blocks = |cell: Cell| cell.column == 50;
        let (west, east) = (fp("0101", 40, 99), fp("6001", 40, 99));
        assert!(!sight(west, east, blocks));
        // One open square in the wall: some segment passes through it.
        let gap = |cell: Cell| blocks(cell) && cell.row != 50;
        let (p, q) = sight_line(west, east, gap).unwrap();
        assert!(west.contains(p) && east.contains(q) && clear(p, q, gap));
        assert!(line(p, q).any(|cell| cell == c("5050")));
    }

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

    // Property tests.

    fn footprint(max_anchor: u8, max_size: u8) -> impl Strategy<Value = Footprint> {
        (1..=max_anchor, 1..=max_anchor, 1..=max_size, 1..=max_size).prop_map(
            |(column, row, width, height)| Footprint::new(Cell { column, row }, width, height),
        )
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

    /// Whether the segment between the centres of `a` and `b` meets the open
    /// square `cell`: Liang-Barsky in doubled coordinates, exact fractions.
    fn meets(a: Cell, b: Cell, cell: Cell) -> bool {
        // An open parameter interval (low, high) as fractions n/d, d > 0.
        let axis = |from: u8, to: u8, at: u8| -> Option<((i64, i64), (i64, i64))> {
            let (p, d) = (2 * i64::from(from), 2 * i64::from(to) - 2 * i64::from(from));
            let (lo, hi) = (2 * i64::from(at) - 1, 2 * i64::from(at) + 1);
            match d.cmp(&0) {
                Ordering::Equal => (lo < p && p < hi).then_some(((-1, 1), (2, 1))),
                Ordering::Greater => Some(((lo - p, d), (hi - p, d))),
                Ordering::Less => Some(((p - hi, -d), (p - lo, -d))),
            }
        };
        let less = |(a, b): (i64, i64), (c, d): (i64, i64)| a * d < c * b;
        let (Some((xl, xh)), Some((yl, yh))) = (
            axis(a.column, b.column, cell.column),
            axis(a.row, b.row, cell.row),
        ) else {
            return false;
        };
        let low = if less(xl, yl) { yl } else { xl };
        let high = if less(xh, yh) { xh } else { yh };
        less(low, high) && less(low, (1, 1)) && less((0, 1), high)
    }

    fn brute_sight(from: Footprint, to: Footprint, blocks: impl Fn(Cell) -> bool) -> bool {
        from.cells()
            .any(|p| to.cells().any(|q| clear(p, q, &blocks)))
    }

    proptest! {
        /// A footprint's squares are those of its bounds that are labelled,
        /// column by column, near the edges of the labels as well.
        #[test]
        fn a_footprints_cells_are_its_labelled_bounds(
            column in prop_oneof![1u8..=4, 95u8..=99, 250u8..=255],
            row in prop_oneof![1u8..=4, 95u8..=99, 250u8..=255],
            width in 0u8..=4,
            height in 0u8..=4,
        ) {
            let at = Footprint::new(Cell { column, row }, width, height);
            let r = at.rect();
            let expected: Vec<Cell> = (r.left..=r.right)
                .flat_map(|column| (r.top..=r.bottom).filter_map(move |row| label(column, row)))
                .collect();
            prop_assert_eq!(at.cells().collect::<Vec<_>>(), expected);
        }

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

        #[test]
        fn gap_is_symmetric_and_zero_only_on_overlap(a in footprint(20, 6), b in footprint(20, 6)) {
            prop_assert_eq!(gap(a, b), gap(b, a));
            prop_assert_eq!(gap(a, b) == 0, a.overlaps(b));
            prop_assert_eq!(adjacent(a, b), adjacent(b, a));
            let nearest = a.cells().flat_map(|p| b.cells().map(move |q| square::moves(p, q))).min();
            prop_assert_eq!(Some(gap(a, b)), nearest);
        }

        #[test]
        fn sides_are_touched_across_an_edge(target in footprint(8, 4), other in footprint(8, 4)) {
            let sides = touched_sides(target, [other]);
            for side in Side::ALL {
                let (dc, dr): (i16, i16) = match side {
                    Side::North => (0, -1),
                    Side::East => (1, 0),
                    Side::South => (0, 1),
                    Side::West => (-1, 0),
                };
                // Some square of the target has a square of `other` just
                // beyond it in that direction, outside the target.
                let touched = target.cells().any(|p| {
                    let q = (i16::from(p.column) + dc, i16::from(p.row) + dr);
                    let inside = |f: Footprint| f.rect().contains(q.0.into(), q.1.into());
                    !inside(target) && inside(other)
                });
                prop_assert_eq!(sides.contains(side), touched, "{:?}", side);
            }
            if !target.overlaps(other) {
                prop_assert!(sides.count() <= 1);
            }
        }

        #[test]
        fn opposite_is_symmetric_and_needs_adjacency(t in footprint(8, 3), a in footprint(8, 3), b in footprint(8, 3)) {
            prop_assert_eq!(opposite(t, a, b), opposite(t, b, a));
            if opposite(t, a, b) {
                prop_assert!(adjacent(t, a) && adjacent(t, b));
                // Some segment between their squares crosses the target.
                let crosses = a.cells().any(|p| b.cells().any(|q| line(p, q).any(|s| t.contains(s))));
                prop_assert!(crosses);
            }
        }

        #[test]
        fn lines_are_exact_and_symmetric(a in (1u8..=15, 1u8..=15), b in (1u8..=15, 1u8..=15)) {
            let (a, b) = (Cell { column: a.0, row: a.1 }, Cell { column: b.0, row: b.1 });
            let walked: Vec<Cell> = line(a, b).collect();
            let expected: HashSet<Cell> = crate::range(a, b).filter(|&s| meets(a, b, s)).collect();
            prop_assert_eq!(walked.iter().copied().collect::<HashSet<_>>(), expected);
            prop_assert_eq!(walked.first(), Some(&a));
            prop_assert_eq!(walked.last(), Some(&b));
            for pair in walked.windows(2) {
                prop_assert_eq!(square::moves(pair[0], pair[1]), 1);
            }
            let mut back: Vec<Cell> = line(b, a).collect();
            back.reverse();
            prop_assert_eq!(walked, back);
        }

        #[test]
        fn sight_agrees_with_every_segment_and_is_symmetric(
            from in footprint(10, 4),
            to in footprint(10, 4),
            walls in proptest::collection::hash_set((1u8..=13, 1u8..=13), 0..120),
        ) {
            let blocks = |cell: Cell| walls.contains(&(cell.column, cell.row));
            let seen = sight_line(from, to, blocks);
            prop_assert_eq!(seen.is_some(), brute_sight(from, to, blocks));
            prop_assert_eq!(seen.is_some(), sight(to, from, blocks));
            if let Some((p, q)) = seen {
                prop_assert!(from.contains(p) && to.contains(q));
                prop_assert!(clear(p, q, blocks));
            }
        }

        #[test]
        fn sight_between_larger_footprints_agrees_with_every_segment(
            from in footprint(12, 6),
            to in footprint(12, 6),
            walls in proptest::collection::hash_set((1u8..=17, 1u8..=17), 0..200),
        ) {
            let blocks = |cell: Cell| walls.contains(&(cell.column, cell.row));
            prop_assert_eq!(sight(from, to, blocks), brute_sight(from, to, blocks));
        }

        /// Two bounds meet when one grown by `n` squares is within `n` of
        /// the other, as their gap measures it.
        #[test]
        fn bounds_grown_by_n_meet_those_within_n(
            (a_left, a_top, a_width, a_height) in (-5i32..=20, -5i32..=20, 0i32..=4, 0i32..=4),
            (b_left, b_top, b_width, b_height) in (-5i32..=20, -5i32..=20, 0i32..=4, 0i32..=4),
            n in 0i32..=3,
        ) {
            let a = Rect { left: a_left, right: a_left + a_width, top: a_top, bottom: a_top + a_height };
            let b = Rect { left: b_left, right: b_left + b_width, top: b_top, bottom: b_top + b_height };
            prop_assert_eq!(a.grown(n).meets(b), a.gap(b) <= n as u32);
            prop_assert_eq!(a.meets(b), b.meets(a));
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
        fn adjacent_squares_always_see_each_other(
            a in (2u8..=12, 2u8..=12),
            direction in 0usize..8,
            walls in proptest::collection::hash_set((1u8..=13, 1u8..=13), 0..100),
        ) {
            let a = Cell { column: a.0, row: a.1 };
            let b = square::neighbours(a, Adjacency::Diagonal).nth(direction).unwrap();
            let blocks = |cell: Cell| cell != a && cell != b && walls.contains(&(cell.column, cell.row));
            prop_assert!(clear(a, b, blocks));
            prop_assert!(sight(Footprint::single(a), Footprint::single(b), blocks));
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
