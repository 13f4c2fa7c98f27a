//! Hex-map geometry: flat-top hexes in columns, labelled CCRR.
//!
//! A map cell is a [`Cell`] (column then row, both 1-based; rows grow
//! southwards). Every other column sits half a hex lower than its
//! neighbours; [`Parity`] says which: with [`Parity::Odd`] columns 1, 3, 5…
//! are shifted down, with [`Parity::Even`] columns 2, 4, 6… are.
//!
//! Arithmetic happens in cube coordinates ([`Cube`]), where distances and
//! lines are simple. `q` is the column itself; `r` grows southwards within a
//! column and `s = -q - r`.
//!
//! Three kinds of line: [`line()`] is a path of adjacent cells from one cell
//! to another, for moving; [`between`] is the usual nudged hex walk, one hex
//! (or one pair of hexes along a side) for each step strictly between two
//! cells; [`straightedge`] is a sight line laid with a ruler, every hex whose
//! interior the segment between the two centres passes through and every
//! hexside it runs along, for seeing and shooting.
//!
//! Functions here know only the label range 1..=99; callers filter by the
//! map's size with [`crate::Extent::contains`].

use std::fmt;

pub use crate::cell::range;
use crate::{Cell, Parity};

/// The largest column or row a CCRR label can hold.
const MAX_LABEL: i32 = 99;

/// A hex in cube coordinates; a valid cube has `q + r + s == 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub q: i32,
    pub r: i32,
    pub s: i32,
}

impl Cube {
    /// The cube at `q`, `r` (with `s = -q - r`).
    pub const fn new(q: i32, r: i32) -> Cube {
        Cube { q, r, s: -q - r }
    }

    /// Steps between two cubes.
    pub fn distance(a: Cube, b: Cube) -> u32 {
        (a.q.abs_diff(b.q) + a.r.abs_diff(b.r) + a.s.abs_diff(b.s)) / 2
    }

    /// The cube one step away in `direction`.
    pub const fn step(self, direction: Direction) -> Cube {
        let d = direction.offset();
        Cube {
            q: self.q + d.q,
            r: self.r + d.r,
            s: self.s + d.s,
        }
    }
}

/// The six directions from a hex to its neighbours, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Direction {
    /// All six, in the order [`neighbours`] yields them.
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::NE,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::NW,
    ];

    /// The cube step for this direction.
    pub const fn offset(self) -> Cube {
        match self {
            Direction::N => Cube::new(0, -1),
            Direction::NE => Cube::new(1, -1),
            Direction::SE => Cube::new(1, 0),
            Direction::S => Cube::new(0, 1),
            Direction::SW => Cube::new(-1, 1),
            Direction::NW => Cube::new(-1, 0),
        }
    }

    /// The direction pointing back.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::NE => Direction::SW,
            Direction::SE => Direction::NW,
            Direction::S => Direction::N,
            Direction::SW => Direction::NE,
            Direction::NW => Direction::SE,
        }
    }
}

/// How far `r` is from the row in `column`: `row = r + lift(column)`.
fn lift(column: i32, parity: Parity) -> i32 {
    match parity {
        Parity::Odd => column.div_euclid(2),
        Parity::Even => (column - 1).div_euclid(2),
    }
}

/// The column and row of a cube, unchecked.
fn offset(cube: Cube, parity: Parity) -> (i32, i32) {
    (cube.q, cube.r + lift(cube.q, parity))
}

/// A cell's cube coordinates.
pub fn to_cube(cell: Cell, parity: Parity) -> Cube {
    let q = i32::from(cell.column);
    Cube::new(q, i32::from(cell.row) - lift(q, parity))
}

/// The cell at a cube, or `None` if the cube is invalid or its column or row
/// falls outside 1..=99.
pub fn to_cell(cube: Cube, parity: Parity) -> Option<Cell> {
    if cube.q + cube.r + cube.s != 0 {
        return None;
    }
    let (column, row) = offset(cube, parity);
    let label = |n: i32| {
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_LABEL).contains(&i32::from(*n)))
    };
    Some(Cell {
        column: label(column)?,
        row: label(row)?,
    })
}

/// Steps between two cells.
pub fn distance(a: Cell, b: Cell, parity: Parity) -> u32 {
    Cube::distance(to_cube(a, parity), to_cube(b, parity))
}

/// The cell one step away in `direction`, if it has a label in 1..=99.
///
/// The cube step, worked out in offset coordinates: rules ask for
/// neighbours in every search, and the cube round trip per neighbour was
/// their cost. A test holds it to the cube step for every `u8` label.
#[inline]
pub fn neighbour(cell: Cell, direction: Direction, parity: Parity) -> Option<Cell> {
    let (column, row) = (i32::from(cell.column), i32::from(cell.row));
    // Whether the next column sits half a hex lower than this one: its
    // neighbours' rows then start one further down.
    let lower = i32::from(match parity {
        Parity::Odd => column % 2 == 1,
        Parity::Even => column % 2 == 0,
    });
    let (columns, rows) = match direction {
        Direction::N => (0, -1),
        Direction::NE => (1, lower - 1),
        Direction::SE => (1, lower),
        Direction::S => (0, 1),
        Direction::SW => (-1, lower),
        Direction::NW => (-1, lower - 1),
    };
    let label = |n: i32| {
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_LABEL).contains(&i32::from(*n)))
    };
    Some(Cell {
        column: label(column + columns)?,
        row: label(row + rows)?,
    })
}

/// A cell's neighbours in the order N, NE, SE, S, SW, NW, leaving out those
/// without a label in 1..=99.
pub fn neighbours(cell: Cell, parity: Parity) -> impl Iterator<Item = Cell> {
    Direction::ALL
        .into_iter()
        .filter_map(move |direction| neighbour(cell, direction, parity))
}

/// The direction from `a` to `b`, if they are adjacent.
pub fn direction_to(a: Cell, b: Cell, parity: Parity) -> Option<Direction> {
    let (a, b) = (to_cube(a, parity), to_cube(b, parity));
    let step = Cube::new(b.q - a.q, b.r - a.r);
    Direction::ALL
        .into_iter()
        .find(|direction| direction.offset() == step)
}

/// Whether two cells share a hexside.
#[inline]
pub fn adjacent(a: Cell, b: Cell, parity: Parity) -> bool {
    // Most pairs a rule asks about are ruled out before any cube is worked out.
    within_one(a, b) && distance(a, b, parity) == 1
}

/// Whether two cells are at most one column and one row apart, as every
/// pair of neighbours is, whatever the parity: a cheap test before hex
/// geometry, for scans over every piece.
#[inline]
pub fn within_one(a: Cell, b: Cell) -> bool {
    a.column.abs_diff(b.column) <= 1 && a.row.abs_diff(b.row) <= 1
}

/// Whether every consecutive pair of `cells` is adjacent (true for fewer
/// than two cells).
pub fn is_contiguous_path(cells: &[Cell], parity: Parity) -> bool {
    cells
        .windows(2)
        .all(|pair| adjacent(pair[0], pair[1], parity))
}

/// The cube nearest a fractional cube position.
fn round(q: f64, r: f64, s: f64) -> Cube {
    let (rq, rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    // Rounded values are small integers, so the casts are exact.
    let (rq, rr, rs) = (rq as i32, rr as i32, rs as i32);
    if dq > dr && dq > ds {
        Cube::new(-rr - rs, rr)
    } else if dr > ds {
        Cube::new(rq, -rq - rs)
    } else {
        Cube::new(rq, rr)
    }
}

/// The cells on the straight line from `a` to `b`, both included:
/// `distance(a, b) + 1` cells, each adjacent to the next.
///
/// Each cell is the one nearest a point spaced evenly along the line
/// between the centres, nudged by a tiny offset so that points exactly on a
/// hexside fall consistently to one side. Where that side would step out of
/// the rows and columns spanned by `a` and `b` (a line running exactly along
/// a map edge), the point falls to the other side, so every cell lies in
/// [`range(a, b)`](range).
pub fn line(a: Cell, b: Cell, parity: Parity) -> impl Iterator<Item = Cell> {
    const NUDGE: (f64, f64, f64) = (1e-6, 2e-6, -3e-6);
    let (from, to) = (to_cube(a, parity), to_cube(b, parity));
    let steps = Cube::distance(from, to);
    let columns = a.column.min(b.column)..=a.column.max(b.column);
    let rows = a.row.min(b.row)..=a.row.max(b.row);
    let inside = move |cube: Cube| {
        let (column, row) = offset(cube, parity);
        let fits = |range: &std::ops::RangeInclusive<u8>, n: i32| {
            u8::try_from(n).is_ok_and(|n| range.contains(&n))
        };
        fits(&columns, column) && fits(&rows, row)
    };
    (0..=steps).map(move |i| {
        if i == 0 {
            return a;
        }
        if i == steps {
            return b;
        }
        let t = f64::from(i) / f64::from(steps);
        let lerp = |x: i32, y: i32| f64::from(x) + f64::from(y - x) * t;
        let (q, r, s) = (lerp(from.q, to.q), lerp(from.r, to.r), lerp(from.s, to.s));
        let near = round(q + NUDGE.0, r + NUDGE.1, s + NUDGE.2);
        let cube = if inside(near) {
            near
        } else {
            round(q - NUDGE.0, r - NUDGE.1, s - NUDGE.2)
        };
        let (column, row) = offset(cube, parity);
        // Inside the span of `a` and `b` (see above), so within u8.
        Cell {
            column: u8::try_from(column).unwrap_or(a.column),
            row: u8::try_from(row).unwrap_or(a.row),
        }
    })
}

/// One step of a sight line between two hexes: the hex the line is in at
/// that step, or the two hexes whose common side the line is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Between {
    /// Both nudged lines are in this hex.
    Hex(Cell),
    /// The line is on the side between these two hexes, lower label first;
    /// one of them may lie beyond the edge of the labels (row 0 or 100).
    Side(Cell, Cell),
}

impl Between {
    /// Whether the step stops the line, given what stops it in one hex: a
    /// hex when it blocks, a side only when both its hexes do (a line along
    /// a hexside between blocking and clear ground passes).
    pub fn blocked(self, blocks: impl Fn(Cell) -> bool) -> bool {
        match self {
            Between::Hex(cell) => blocks(cell),
            Between::Side(a, b) => blocks(a) && blocks(b),
        }
    }
}

/// The cell at a cube whose column has a label but whose row may be 0 or
/// 100: the far side of a [`Between::Side`] at the edge of the labels.
fn edge_cell(cube: Cube, parity: Parity) -> Cell {
    let (column, row) = offset(cube, parity);
    let byte = |n: i32| u8::try_from(n.clamp(0, i32::from(u8::MAX))).unwrap_or(u8::MAX);
    Cell {
        column: byte(column),
        row: byte(row),
    }
}

/// The steps of the sight line from the centre of `a` to the centre of
/// `b`, ends excluded: `distance(a, b) - 1` of them, in order from `a`
/// (none for the same or adjacent cells).
///
/// This is the usual hex line walked twice, nudged a hair to either side
/// (HS-R15): step `i` looks at the point `i / distance` of the way along.
/// Where both nudges land in one hex the step is [`Between::Hex`]; where
/// they land in two, the point lies on the side between them and the step
/// is [`Between::Side`], and the caller decides whether a side blocks
/// ([`Between::blocked`], [`clear`]).
///
/// Exact, with no nudge at all: of the point's three cube coordinates the
/// one that changes fastest along the line is a whole number at every step,
/// so the point lies on a line of centres, where each hex spans exactly
/// half a step either side of its centre. Rounding the other coordinate
/// picks the hex, and a coordinate exactly halfway means the side (the
/// point can never be a corner, where three hexes meet). The steps from `b`
/// are these reversed.
///
/// Two things this walk is not a straightedge in: a `Side` step also
/// arises where the line crosses a side at its midpoint without running
/// along it (0604 to 1005 with parity even crosses the side 0804/0805); and
/// the line may clip a corner of a hex no step names (from range 7, as 0604
/// to 1307 with parity even). [`straightedge`] is exact in both.
pub fn between(a: Cell, b: Cell, parity: Parity) -> impl Iterator<Item = Between> {
    let (from, to) = (to_cube(a, parity), to_cube(b, parity));
    let start = [from.q, from.r, from.s];
    let delta = [to.q - from.q, to.r - from.r, to.s - from.s];
    // At most 98 columns plus 98 rows apart.
    let steps = i32::try_from(Cube::distance(from, to)).unwrap_or(i32::MAX);
    // The fastest coordinate moves one whole unit a step; the next one
    // round is rounded.
    let fast = (0..3).find(|&j| delta[j].abs() == steps).unwrap_or(0);
    let (slow, last) = ((fast + 1) % 3, (fast + 2) % 3);
    (1..steps).map(move |i| {
        let fast_value = start[fast] + i * delta[fast].signum();
        let cube = |slow_value: i32| {
            let mut at = [0; 3];
            at[fast] = fast_value;
            at[slow] = slow_value;
            at[last] = -fast_value - slow_value;
            Cube::new(at[0], at[1])
        };
        // The slow coordinate is `scaled / steps`; it sits exactly halfway
        // between two whole numbers when `2 * scaled - steps` is a multiple
        // of `2 * steps`.
        let scaled = steps * start[slow] + i * delta[slow];
        let below = 2 * scaled - steps;
        if below.rem_euclid(2 * steps) == 0 {
            let low = below.div_euclid(2 * steps);
            let (x, y) = (
                edge_cell(cube(low), parity),
                edge_cell(cube(low + 1), parity),
            );
            Between::Side(x.min(y), x.max(y))
        } else {
            Between::Hex(edge_cell(
                cube((2 * scaled + steps).div_euclid(2 * steps)),
                parity,
            ))
        }
    })
}

/// Whether nothing between `a` and `b` blocks the line from centre to
/// centre: no [`between`] step is [`Between::blocked`]. The end hexes are
/// not asked about. `blocks` may be asked about a hex off the map, or with
/// row 0 or 100, when the line runs along the map's edge.
pub fn clear(a: Cell, b: Cell, parity: Parity, blocks: impl Fn(Cell) -> bool) -> bool {
    between(a, b, parity).all(|step| !step.blocked(&blocks))
}

/// A fraction `numerator / denominator` with a positive denominator.
type Fraction = (i64, i64);

/// Whether `x < y`.
fn before(x: Fraction, y: Fraction) -> bool {
    x.0 * y.1 < y.0 * x.1
}

/// Where the segment `from + t * delta` (for `t` in 0..1) lies inside the
/// hex centred on `hex`: the open interval of `t`, or `None` if the segment
/// never enters its interior. Exact: a hex is the points whose cube
/// coordinates differ from its centre's pairwise by less than 1, so each
/// pair of coordinates gives an open interval of `t`, with integer ends
/// over an integer denominator.
fn inside(from: Cube, delta: Cube, hex: Cube) -> Option<(Fraction, Fraction)> {
    let d = [delta.q, delta.r, delta.s].map(i64::from);
    let at = [hex.q - from.q, hex.r - from.r, hex.s - from.s].map(i64::from);
    let (mut low, mut high): (Fraction, Fraction) = ((0, 1), (1, 1));
    for (x, y) in [(0, 1), (1, 2), (2, 0)] {
        // |t * slope - offset| < 1
        let (slope, offset) = (d[x] - d[y], at[x] - at[y]);
        if slope == 0 {
            if offset != 0 {
                return None;
            }
            continue;
        }
        let (lo, hi) = if slope > 0 {
            ((offset - 1, slope), (offset + 1, slope))
        } else {
            ((-1 - offset, -slope), (1 - offset, -slope))
        };
        if before(low, lo) {
            low = lo;
        }
        if before(hi, high) {
            high = hi;
        }
    }
    before(low, high).then_some((low, high))
}

/// What a straightedge from the centre of `a` to the centre of `b` passes,
/// ends excluded, in order from `a`: each hex whose interior it passes
/// through ([`Between::Hex`]), and each hexside it runs exactly along
/// ([`Between::Side`]). A hex it only touches at a vertex is not named.
///
/// This is the straightedge of the rule books ("use a straightedge from
/// the center of the firing unit's hex to the center of the target unit's
/// hex"), which [`between`]'s nudged walk is not: from a hex, a line that
/// crosses a side at its midpoint passes through both hexes there (0604 to
/// 1005 with parity even enters 0804 and 0805), and a long line clips hexes
/// the walk never names (0604 to 1307 clips 0905 and 1006).
///
/// A line runs along hexsides only in the six directions through a
/// vertex (two cube coordinates of the step equal); it then goes centre,
/// vertex, side, vertex, centre, and its steps are exactly [`between`]'s.
/// Every other line crosses sides and never runs along one: it leaves each
/// hex where it enters the next, so the hexes it enters are found one from
/// the other, exactly, on integers (`Crossing`).
pub fn straightedge(a: Cell, b: Cell, parity: Parity) -> impl Iterator<Item = Between> {
    let (from, to) = (to_cube(a, parity), to_cube(b, parity));
    let delta = Cube::new(to.q - from.q, to.r - from.r);
    let along_sides = delta.q == delta.r || delta.r == delta.s || delta.s == delta.q;
    let walk = along_sides.then(|| between(a, b, parity));
    let crossing = (!along_sides).then(|| Crossing {
        from,
        delta,
        to,
        at: from,
        // The line starts at the centre and leaves the first hex when it
        // enters the next.
        leaves: inside(from, delta, from).map_or((1, 1), |(_, high)| high),
        parity,
    });
    walk.into_iter()
        .flatten()
        .chain(crossing.into_iter().flatten())
}

/// The hexes a straightedge that runs along no side passes through, ends
/// excluded: from each hex, the neighbour whose stretch of the line starts
/// where this hex's ends. Where the line leaves through a vertex it enters
/// one of the two neighbours that meet there (going between them would be
/// running along their side); interiors are disjoint, so only one starts
/// at that moment.
struct Crossing {
    from: Cube,
    delta: Cube,
    to: Cube,
    /// The hex the line is in, and when it leaves it.
    at: Cube,
    leaves: Fraction,
    parity: Parity,
}

impl Iterator for Crossing {
    type Item = Between;

    fn next(&mut self) -> Option<Between> {
        let same = |x: Fraction, y: Fraction| x.0 * y.1 == y.0 * x.1;
        let (next, leaves) = Direction::ALL.into_iter().find_map(|direction| {
            let next = self.at.step(direction);
            let (enters, leaves) = inside(self.from, self.delta, next)?;
            same(enters, self.leaves).then_some((next, leaves))
        })?;
        if next == self.to {
            return None;
        }
        (self.at, self.leaves) = (next, leaves);
        Some(Between::Hex(edge_cell(next, self.parity)))
    }
}

/// Whether nothing the [`straightedge`] from `a` to `b` passes blocks it:
/// no hex it passes through blocks, and no hexside it runs along has a
/// blocking hex on both hands. The end hexes are not asked about.
pub fn straightedge_clear(a: Cell, b: Cell, parity: Parity, blocks: impl Fn(Cell) -> bool) -> bool {
    straightedge(a, b, parity).all(|step| !step.blocked(&blocks))
}

/// The edge between two adjacent cells, the same whichever side names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexside(Cell, Cell);

impl Hexside {
    /// The hexside between `a` and `b`, or `None` unless they are adjacent.
    pub fn new(a: Cell, b: Cell, parity: Parity) -> Option<Hexside> {
        adjacent(a, b, parity).then(|| Hexside(a.min(b), a.max(b)))
    }

    /// The two cells, lower label first.
    pub fn cells(self) -> (Cell, Cell) {
        (self.0, self.1)
    }
}

impl fmt::Display for Hexside {
    /// As written in the notation: `0404/0405`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Extent;
    use crate::testing::c;
    use proptest::prelude::*;

    #[test]
    fn a_neighbour_is_the_cube_step() {
        for parity in [Parity::Odd, Parity::Even] {
            for column in 0..=u8::MAX {
                for row in 0..=u8::MAX {
                    let cell = Cell { column, row };
                    for direction in Direction::ALL {
                        assert_eq!(
                            neighbour(cell, direction, parity),
                            to_cell(to_cube(cell, parity).step(direction), parity),
                            "{cell:?} {direction:?} {parity:?}"
                        );
                    }
                }
            }
        }
    }

    fn cells(labels: &[&str]) -> Vec<Cell> {
        labels.iter().map(|label| c(label)).collect()
    }

    fn around(label: &str, parity: Parity) -> Vec<Cell> {
        neighbours(c(label), parity).collect()
    }

    fn path(a: &str, b: &str, parity: Parity) -> Vec<Cell> {
        line(c(a), c(b), parity).collect()
    }

    #[test]
    fn neighbours_odd() {
        // Odd columns sit lower, so their east and west neighbours share the
        // row or the row below.
        let odd = Parity::Odd;
        let want = ["0503", "0604", "0605", "0505", "0405", "0404"];
        assert_eq!(around("0504", odd), cells(&want));
        let want = ["0403", "0503", "0504", "0405", "0304", "0303"];
        assert_eq!(around("0404", odd), cells(&want));
    }

    #[test]
    fn neighbours_even() {
        // Even columns sit lower: 0404 is shifted, 0504 is not.
        let even = Parity::Even;
        let want = ["0403", "0504", "0505", "0405", "0305", "0304"];
        assert_eq!(around("0404", even), cells(&want));
        let want = ["0503", "0603", "0604", "0505", "0404", "0403"];
        assert_eq!(around("0504", even), cells(&want));
    }

    #[test]
    fn neighbours_at_the_label_edge() {
        assert_eq!(
            around("0101", Parity::Odd),
            cells(&["0201", "0202", "0102"])
        );
        assert_eq!(around("0101", Parity::Even), cells(&["0201", "0102"]));
        // 0299 under Odd is unshifted: its SE and SW neighbours keep row 99.
        assert_eq!(
            around("0299", Parity::Odd),
            cells(&["0298", "0398", "0399", "0199", "0198"])
        );
        // 9999 under Odd is shifted: its SW neighbour would be row 100.
        assert_eq!(around("9999", Parity::Odd), cells(&["9998", "9899"]));
    }

    #[test]
    fn distances() {
        let odd = Parity::Odd;
        assert_eq!(distance(c("0408"), c("0404"), odd), 4);
        assert_eq!(distance(c("0608"), c("0704"), odd), 4);
        assert_eq!(distance(c("0508"), c("0404"), odd), 5);
        let even = Parity::Even;
        assert_eq!(distance(c("0408"), c("0404"), even), 4);
        // 0608 is shifted under Even: NE to 0708, then four north.
        assert_eq!(distance(c("0608"), c("0704"), even), 5);
        // 0508 is not: NW to 0407, then three north.
        assert_eq!(distance(c("0508"), c("0404"), even), 4);
        // Along a row the zigzag costs nothing extra.
        assert_eq!(distance(c("0101"), c("0901"), odd), 8);
        assert_eq!(distance(c("0101"), c("0101"), even), 0);
    }

    #[test]
    fn cubes() {
        assert_eq!(to_cube(c("0504"), Parity::Odd), Cube::new(5, 2));
        assert_eq!(to_cube(c("0504"), Parity::Even), Cube::new(5, 2));
        assert_eq!(to_cube(c("0404"), Parity::Odd), Cube::new(4, 2));
        assert_eq!(to_cube(c("0404"), Parity::Even), Cube::new(4, 3));
        assert_eq!(to_cell(Cube::new(4, 2), Parity::Odd), Some(c("0404")));
        assert_eq!(to_cell(Cube::new(0, 1), Parity::Odd), None);
        assert_eq!(to_cell(Cube::new(5, -2), Parity::Odd), None);
        assert_eq!(to_cell(Cube::new(99, 51), Parity::Odd), None);
        assert_eq!(to_cell(Cube::new(99, 50), Parity::Odd), Some(c("9999")));
        assert_eq!(to_cell(Cube { q: 4, r: 2, s: 0 }, Parity::Odd), None);
    }

    #[test]
    fn directions() {
        let odd = Parity::Odd;
        assert_eq!(direction_to(c("0504"), c("0605"), odd), Some(Direction::SE));
        assert_eq!(direction_to(c("0605"), c("0504"), odd), Some(Direction::NW));
        assert_eq!(direction_to(c("0504"), c("0606"), odd), None);
        assert_eq!(direction_to(c("0504"), c("0504"), odd), None);
        let even = Parity::Even;
        assert_eq!(
            direction_to(c("0504"), c("0603"), even),
            Some(Direction::NE)
        );
        assert_eq!(
            direction_to(c("0404"), c("0305"), even),
            Some(Direction::SW)
        );
        assert!(adjacent(c("0404"), c("0503"), odd));
        assert!(!adjacent(c("0404"), c("0503"), even));
        for direction in Direction::ALL {
            assert_eq!(direction.opposite().opposite(), direction);
            assert_ne!(direction.opposite(), direction);
        }
    }

    #[test]
    fn lines() {
        let odd = Parity::Odd;
        assert_eq!(
            path("0101", "0104", odd),
            cells(&["0101", "0102", "0103", "0104"])
        );
        assert_eq!(
            path("0404", "0703", odd),
            cells(&["0404", "0503", "0604", "0703"])
        );
        assert_eq!(path("0707", "0707", odd), cells(&["0707"]));
        // Exactly along a hexside: the line keeps to the endpoints' row,
        // whichever way that is, so it never leaves the labels at the edge.
        assert_eq!(path("0199", "0399", odd), cells(&["0199", "0299", "0399"]));
        assert_eq!(path("0201", "0401", odd), cells(&["0201", "0301", "0401"]));
        let even = Parity::Even;
        // 0404 is shifted under Even, 0703 is not: exactly three steps NE.
        assert_eq!(
            path("0404", "0703", even),
            cells(&["0404", "0504", "0603", "0703"])
        );
        assert_eq!(path("0299", "0499", even), cells(&["0299", "0399", "0499"]));
        assert_eq!(path("0101", "0301", even), cells(&["0101", "0201", "0301"]));
    }

    #[test]
    fn paths() {
        let odd = Parity::Odd;
        assert!(is_contiguous_path(&[], odd));
        assert!(is_contiguous_path(&cells(&["0504"]), odd));
        assert!(is_contiguous_path(&cells(&["0504", "0605", "0606"]), odd));
        assert!(!is_contiguous_path(&cells(&["0504", "0606"]), odd));
        assert!(!is_contiguous_path(&cells(&["0504", "0504"]), odd));
        assert!(!is_contiguous_path(&cells(&["0404", "0505"]), odd));
        assert!(is_contiguous_path(&cells(&["0404", "0505"]), Parity::Even));
    }

    fn walk(a: &str, b: &str, parity: Parity) -> Vec<String> {
        between(c(a), c(b), parity)
            .map(|step| match step {
                Between::Hex(cell) => cell.to_string(),
                Between::Side(x, y) => format!("{x}/{y}"),
            })
            .collect()
    }

    #[test]
    fn sight_lines_through_centres() {
        let even = Parity::Even;
        // 7.2.4's example: with parity even 0708 to 0909 runs through the
        // centre of 0808 (HS-R1); with parity odd, through 0809.
        assert_eq!(walk("0708", "0909", even), ["0808"]);
        assert_eq!(walk("0909", "0708", even), ["0808"]);
        assert_eq!(walk("0708", "0909", Parity::Odd), ["0809"]);
        // Down a column, centre after centre.
        assert_eq!(walk("0604", "0608", even), ["0605", "0606", "0607"]);
        // Neither a hex nor a side between neighbours or a hex and itself.
        assert_eq!(walk("0604", "0605", even), [""; 0]);
        assert_eq!(walk("0604", "0604", even), [""; 0]);
        // Off every axis: one hex a step.
        assert_eq!(walk("0604", "0707", even), ["0605", "0706"]);
    }

    #[test]
    fn sight_lines_along_hexsides() {
        let even = Parity::Even;
        // Along a print row between columns shifted alike, the line runs
        // along the sides between the hexes of the columns in between, and
        // through the centres of those shifted alike.
        assert_eq!(walk("0604", "0804", even), ["0704/0705"]);
        assert_eq!(
            walk("0604", "1004", even),
            ["0704/0705", "0804", "0904/0905"]
        );
        assert_eq!(
            walk("1004", "0604", even),
            ["0904/0905", "0804", "0704/0705"]
        );
        // The other vertex rays from 0604: between the two neighbours
        // whose sides meet at that vertex.
        assert_eq!(walk("0604", "0703", even), ["0603/0704"]);
        assert_eq!(walk("0604", "0706", even), ["0605/0705"]);
        assert_eq!(walk("0604", "0506", even), ["0505/0605"]);
        assert_eq!(walk("0604", "0404", even), ["0504/0505"]);
        assert_eq!(walk("0604", "0503", even), ["0504/0603"]);
        // Along the edge of the labels the far hex has row 0 or 100.
        assert_eq!(walk("0101", "0301", even), ["0200/0201"]);
        assert_eq!(walk("0199", "0399", even), ["0298/0299"]);
        assert_eq!(walk("0199", "0399", Parity::Odd), ["0299/02100"]);
    }

    #[test]
    fn what_the_nudged_walk_is_not() {
        let even = Parity::Even;
        // Crossing the side 0804/0805 at its midpoint, not along it: the
        // walk still names the pair.
        assert_eq!(walk("0604", "1005", even), ["0705", "0804/0805", "0905"]);
        let crossed = |cell| crosses(c("0604"), c("1005"), c(cell), even);
        assert!(crossed("0804") && crossed("0805"));
        // The straightedge from 0604 to 1307 clips corners of 0905 and
        // 1006, which no step names.
        let steps = walk("0604", "1307", even);
        assert_eq!(steps, ["0705", "0805", "0906", "1005", "1106", "1206"]);
        let clipped: Vec<String> = range(c("0603"), c("1308"))
            .filter(|&cell| crosses(c("0604"), c("1307"), cell, even))
            .filter(|&cell| cell != c("0604") && cell != c("1307"))
            .filter(|cell| !steps.contains(&cell.to_string()))
            .map(|cell| cell.to_string())
            .collect();
        assert_eq!(clipped, ["0905", "1006"]);
        // Along a side, the straightedge enters neither hex.
        assert!(!crosses(c("0604"), c("0804"), c("0704"), even));
        assert!(!crosses(c("0604"), c("0804"), c("0705"), even));
    }

    /// Whether the straightedge from the centre of `a` to the centre of `b`
    /// passes through the interior of `cell`: exact, in cube coordinates,
    /// where a hex is the points whose coordinates differ from its centre's
    /// pairwise by less than 1.
    fn crosses(a: Cell, b: Cell, cell: Cell, parity: Parity) -> bool {
        let (a, b, h) = (
            to_cube(a, parity),
            to_cube(b, parity),
            to_cube(cell, parity),
        );
        let d = [b.q - a.q, b.r - a.r, b.s - a.s];
        let at = [h.q - a.q, h.r - a.r, h.s - a.s];
        // The open interval of t where the point is inside, as fractions
        // (numerator, denominator > 0), starting from (0, 1).
        let (mut low, mut high) = ((0i64, 1i64), (1i64, 1i64));
        let less = |(a, b): (i64, i64), (c, d): (i64, i64)| a * d < c * b;
        for (x, y) in [(0, 1), (1, 2), (2, 0)] {
            // |t * slope - offset| < 1
            let slope = i64::from(d[x] - d[y]);
            let offset = i64::from(at[x] - at[y]);
            if slope == 0 {
                if offset.abs() >= 1 {
                    return false;
                }
                continue;
            }
            let (mut lo, mut hi) = ((offset - 1, slope), (offset + 1, slope));
            if slope < 0 {
                (lo, hi) = ((offset + 1, slope), (offset - 1, slope));
                lo = (-lo.0, -lo.1);
                hi = (-hi.0, -hi.1);
            }
            if less(low, lo) {
                low = lo;
            }
            if less(hi, high) {
                high = hi;
            }
        }
        less(low, high)
    }

    #[test]
    fn blocking_hexes_and_sides() {
        let even = Parity::Even;
        // 7.2.4: higher ground in 0808 blocks 0708 to 0909.
        let hill = |cell: Cell| cell == c("0808");
        assert!(!clear(c("0708"), c("0909"), even, hill));
        assert!(clear(c("0708"), c("0909"), Parity::Odd, hill));
        // Along a hexside, one blocking hex is not enough; two are.
        let woods = [c("0704"), c("0904"), c("0905")];
        let blocks = |cell: Cell| woods.contains(&cell);
        assert!(!Between::Side(c("0704"), c("0705")).blocked(blocks));
        assert!(Between::Side(c("0904"), c("0905")).blocked(blocks));
        assert!(Between::Hex(c("0704")).blocked(blocks));
        assert!(clear(c("0604"), c("0804"), even, blocks));
        assert!(!clear(c("0604"), c("1004"), even, blocks));
        // The ends are not asked about.
        assert!(clear(c("0704"), c("0904"), even, blocks));
        // Off the labels nothing blocks unless the caller says so.
        assert!(clear(c("0101"), c("0301"), even, |cell| cell == c("0201")));
        assert!(!clear(c("0101"), c("0301"), even, |cell| cell.row <= 1));
    }

    fn edge(a: &str, b: &str, parity: Parity) -> Vec<String> {
        straightedge(c(a), c(b), parity)
            .map(|step| match step {
                Between::Hex(cell) => cell.to_string(),
                Between::Side(x, y) => format!("{x}/{y}"),
            })
            .collect()
    }

    #[test]
    fn the_straightedge_through_centres_and_along_sides() {
        let even = Parity::Even;
        // 7.2.4's example: 0708 to 0909 passes through 0808 (HS-R1), and
        // higher ground there blocks it.
        assert_eq!(edge("0708", "0909", even), ["0808"]);
        assert_eq!(edge("0909", "0708", even), ["0808"]);
        let hill = |cell: Cell| cell == c("0808");
        assert!(!straightedge_clear(c("0708"), c("0909"), even, hill));
        assert!(straightedge_clear(c("0708"), c("0909"), Parity::Odd, hill));
        // Through a vertex direction the line runs along sides, as the walk.
        assert_eq!(edge("0604", "0804", even), ["0704/0705"]);
        assert_eq!(
            edge("0604", "1004", even),
            ["0704/0705", "0804", "0904/0905"]
        );
        assert_eq!(edge("1019", "0819", even), ["0919/0920"]);
        // Along a side, one blocking hex lets the line pass; two stop it.
        let one = |cell: Cell| cell == c("0704");
        assert!(straightedge_clear(c("0604"), c("0804"), even, one));
        let two = |cell: Cell| cell == c("0704") || cell == c("0705");
        assert!(!straightedge_clear(c("0604"), c("0804"), even, two));
        // Neighbours and a hex and itself: nothing between.
        assert_eq!(edge("0604", "0605", even), [""; 0]);
        assert_eq!(edge("0604", "0604", even), [""; 0]);
    }

    #[test]
    fn the_straightedge_is_not_the_nudged_walk() {
        let even = Parity::Even;
        // Across the side 0804/0805 at its midpoint the walk names the
        // pair as a side; the straightedge passes through both hexes, so
        // either one blocks.
        assert_eq!(walk("0604", "1005", even), ["0705", "0804/0805", "0905"]);
        assert_eq!(edge("0604", "1005", even), ["0705", "0804", "0805", "0905"]);
        let woods = |cell: Cell| cell == c("0804");
        assert!(clear(c("0604"), c("1005"), even, woods));
        assert!(!straightedge_clear(c("0604"), c("1005"), even, woods));
        // From range 7 the straightedge clips 0905 and 1006, which the walk
        // never names.
        assert_eq!(
            walk("0604", "1307", even),
            ["0705", "0805", "0906", "1005", "1106", "1206"]
        );
        assert_eq!(
            edge("0604", "1307", even),
            [
                "0705", "0805", "0905", "0906", "1005", "1006", "1106", "1206"
            ]
        );
        let clipped = |cell: Cell| cell == c("0905") || cell == c("1006");
        assert!(clear(c("0604"), c("1307"), even, clipped));
        assert!(!straightedge_clear(c("0604"), c("1307"), even, |cell| {
            cell == c("1006")
        }));
        // Through the vertex where 0704, 0803 and 0804 meet, a third of the
        // way to 1103: the line enters 0704 and 0803 and only touches 0804.
        assert_eq!(edge("0604", "1103", even), ["0704", "0803", "0904", "1003"]);
        assert!(straightedge_clear(c("0604"), c("1103"), even, |cell| {
            cell == c("0804")
        }));
    }

    #[test]
    fn up_to_range_three_the_straightedge_is_the_walk() {
        // Every line of range 2 or 3, from a hex of each kind of column;
        // range 4 is the first where they part (0604 to 1005).
        for parity in [Parity::Odd, Parity::Even] {
            for from in [c("2020"), c("2120")] {
                let centre = to_cube(from, parity);
                for (dq, dr) in (-3..=3).flat_map(|dq| (-3..=3).map(move |dr| (dq, dr))) {
                    let to = to_cell(Cube::new(centre.q + dq, centre.r + dr), parity).unwrap();
                    if distance(from, to, parity) < 2 || distance(from, to, parity) > 3 {
                        continue;
                    }
                    let walked: Vec<Between> = between(from, to, parity).collect();
                    let ruled: Vec<Between> = straightedge(from, to, parity).collect();
                    assert_eq!(walked, ruled, "{from} to {to}");
                }
            }
        }
        assert_ne!(
            walk("0604", "1005", Parity::Even),
            edge("0604", "1005", Parity::Even)
        );
    }

    #[test]
    fn hexsides() {
        let odd = Parity::Odd;
        let side = Hexside::new(c("0405"), c("0404"), odd).unwrap();
        assert_eq!(Some(side), Hexside::new(c("0404"), c("0405"), odd));
        assert_eq!(side.cells(), (c("0404"), c("0405")));
        assert_eq!(side.to_string(), "0404/0405");
        assert_eq!(Hexside::new(c("0404"), c("0404"), odd), None);
        assert_eq!(Hexside::new(c("0404"), c("0406"), odd), None);
        assert_eq!(Hexside::new(c("0404"), c("0505"), odd), None);
        assert!(Hexside::new(c("0404"), c("0505"), Parity::Even).is_some());
    }

    #[test]
    fn rects_and_ranges() {
        let map = Extent {
            columns: 22,
            rows: 15,
        };
        assert!(map.contains(c("0101")));
        assert!(map.contains(c("2215")));
        assert!(!map.contains(c("2315")));
        assert!(!map.contains(c("2216")));
        assert!(!map.contains(Cell { column: 0, row: 1 }));
        assert!(!map.contains(Cell { column: 1, row: 0 }));

        let forest: Vec<Cell> = range(c("0101"), c("0210")).collect();
        assert_eq!(forest.len(), 20);
        assert_eq!(forest[..3], cells(&["0101", "0102", "0103"]));
        assert_eq!(forest[9..12], cells(&["0110", "0201", "0202"]));
        assert_eq!(forest[19], c("0210"));
        // Corners in any order give the same rectangle.
        assert!(range(c("0210"), c("0101")).eq(forest.iter().copied()));
        assert!(range(c("0110"), c("0201")).eq(forest.iter().copied()));
        assert!(range(c("0505"), c("0505")).eq([c("0505")]));
    }

    fn parity() -> impl Strategy<Value = Parity> {
        prop_oneof![Just(Parity::Odd), Just(Parity::Even)]
    }

    fn cell() -> impl Strategy<Value = Cell> {
        (1..=99u8, 1..=99u8).prop_map(|(column, row)| Cell { column, row })
    }

    fn interior() -> impl Strategy<Value = Cell> {
        (2..=98u8, 2..=98u8).prop_map(|(column, row)| Cell { column, row })
    }

    /// Two cells no more than a few steps apart, so adjacency is often hit.
    fn near() -> impl Strategy<Value = (Cell, Cell)> {
        (cell(), -2..=2i32, -2..=2i32).prop_map(|(a, dc, dr)| {
            let shift = |n: u8, d: i32| (i32::from(n) + d).clamp(1, 99) as u8;
            (
                a,
                Cell {
                    column: shift(a.column, dc),
                    row: shift(a.row, dr),
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn cube_round_trip(a in cell(), parity in parity()) {
            let cube = to_cube(a, parity);
            prop_assert_eq!(cube.q + cube.r + cube.s, 0);
            prop_assert_eq!(to_cell(cube, parity), Some(a));
        }

        #[test]
        fn distance_is_a_metric(a in cell(), b in cell(), x in cell(), parity in parity()) {
            let d = |a, b| distance(a, b, parity);
            prop_assert_eq!(d(a, b), d(b, a));
            prop_assert_eq!(d(a, b) == 0, a == b);
            prop_assert!(d(a, b) <= d(a, x) + d(x, b));
            // At least the column gap, at most columns plus rows.
            let columns = u32::from(a.column.abs_diff(b.column));
            let rows = u32::from(a.row.abs_diff(b.row));
            prop_assert!(columns <= d(a, b) && d(a, b) <= columns + rows);
        }

        #[test]
        fn neighbours_are_one_step(a in cell(), parity in parity()) {
            let all: Vec<Cell> = neighbours(a, parity).collect();
            prop_assert!(all.len() <= 6);
            for (i, &n) in all.iter().enumerate() {
                prop_assert_eq!(distance(a, n, parity), 1);
                prop_assert!(adjacent(n, a, parity));
                prop_assert!(!all[..i].contains(&n));
                let back = direction_to(n, a, parity).unwrap();
                prop_assert_eq!(direction_to(a, n, parity), Some(back.opposite()));
            }
        }

        #[test]
        fn interior_cells_have_six(a in interior(), parity in parity()) {
            let all: Vec<Cell> = neighbours(a, parity).collect();
            prop_assert_eq!(all.len(), 6);
            for (direction, n) in Direction::ALL.into_iter().zip(all) {
                prop_assert_eq!(direction_to(a, n, parity), Some(direction));
                prop_assert_eq!(neighbour(a, direction, parity), Some(n));
            }
        }

        #[test]
        fn adjacency_is_symmetric((a, b) in near(), parity in parity()) {
            prop_assert_eq!(adjacent(a, b, parity), adjacent(b, a, parity));
            prop_assert_eq!(adjacent(a, b, parity), direction_to(a, b, parity).is_some());
            prop_assert_eq!(
                adjacent(a, b, parity),
                neighbours(a, parity).any(|n| n == b)
            );
        }

        #[test]
        fn lines_are_paths(a in cell(), b in cell(), parity in parity()) {
            let cells: Vec<Cell> = line(a, b, parity).collect();
            prop_assert_eq!(cells.len() as u32, distance(a, b, parity) + 1);
            prop_assert_eq!(cells.first(), Some(&a));
            prop_assert_eq!(cells.last(), Some(&b));
            prop_assert!(is_contiguous_path(&cells, parity));
            for cell in &cells {
                prop_assert!(range(a, b).any(|r| r == *cell), "{} outside {}-{}", cell, a, b);
            }
            let mut back: Vec<Cell> = line(b, a, parity).collect();
            back.reverse();
            prop_assert_eq!(back, cells);
        }

        #[test]
        fn lines_along_a_row(a in cell(), column in 1..=99u8, parity in parity()) {
            // Same-row lines between columns of one parity run exactly along
            // hexsides; along rows 1 and 99 only one side has labels.
            let b = Cell { column, row: a.row };
            let cells: Vec<Cell> = line(a, b, parity).collect();
            prop_assert_eq!(cells.len() as u32, distance(a, b, parity) + 1);
            prop_assert!(is_contiguous_path(&cells, parity));
            for cell in &cells {
                prop_assert!(cell.row == a.row || a.column.abs_diff(column) % 2 == 1);
                prop_assert!(range(a, b).any(|r| r == *cell), "{} outside {}-{}", cell, a, b);
            }
        }

        #[test]
        fn lines_near_the_edge((a, b) in near(), parity in parity()) {
            let cells: Vec<Cell> = line(a, b, parity).collect();
            prop_assert_eq!(cells.len() as u32, distance(a, b, parity) + 1);
            prop_assert!(is_contiguous_path(&cells, parity));
        }

        #[test]
        fn sight_lines_are_the_nudged_walk(a in cell(), b in cell(), parity in parity()) {
            let steps: Vec<Between> = between(a, b, parity).collect();
            let n = distance(a, b, parity);
            prop_assert_eq!(steps.len() as u32, n.saturating_sub(1));
            let mut back: Vec<Between> = between(b, a, parity).collect();
            back.reverse();
            prop_assert_eq!(&back, &steps);
            // Against the nudged walk in floating point, both ways.
            let (from, to) = (to_cube(a, parity), to_cube(b, parity));
            for (i, step) in (1..n).zip(&steps) {
                let t = f64::from(i) / f64::from(n);
                let lerp = |x: i32, y: i32| f64::from(x) + f64::from(y - x) * t;
                let (q, r, s) = (lerp(from.q, to.q), lerp(from.r, to.r), lerp(from.s, to.s));
                let plus = round(q + 1e-6, r + 2e-6, s - 3e-6);
                let minus = round(q - 1e-6, r - 2e-6, s + 3e-6);
                let cell = |cube: Cube| {
                    let (column, row) = offset(cube, parity);
                    Cell { column: column as u8, row: row as u8 }
                };
                let want = if plus == minus {
                    Between::Hex(cell(plus))
                } else {
                    let (x, y) = (cell(plus), cell(minus));
                    Between::Side(x.min(y), x.max(y))
                };
                prop_assert_eq!(*step, want, "step {} of {}-{}", i, a, b);
            }
            for step in steps {
                match step {
                    Between::Hex(cell) => {
                        prop_assert!(crosses(a, b, cell, parity));
                        prop_assert!(range(a, b).any(|r| r == cell), "{} outside {}-{}", cell, a, b);
                    }
                    Between::Side(x, y) => {
                        prop_assert!(x < y);
                        // Along the side or across its midpoint.
                        prop_assert_eq!(crosses(a, b, x, parity), crosses(a, b, y, parity));
                        prop_assert_eq!(distance(x, y, parity), 1);
                        prop_assert!((1..=99).contains(&x.column) && (1..=99).contains(&y.column));
                        prop_assert!(x.row <= 100 && y.row <= 100);
                    }
                }
            }
        }

        #[test]
        fn the_straightedge_names_every_hex_it_enters(
            a in interior(),
            (dq, dr) in (-12..=12i32, -12..=12i32),
            parity in parity(),
        ) {
            let b = to_cell(
                Cube::new(to_cube(a, parity).q + dq, to_cube(a, parity).r + dr),
                parity,
            );
            prop_assume!(b.is_some());
            let b = b.unwrap();
            let steps: Vec<Between> = straightedge(a, b, parity).collect();
            let mut back: Vec<Between> = straightedge(b, a, parity).collect();
            back.reverse();
            prop_assert_eq!(&back, &steps);
            let named: Vec<Cell> = steps
                .iter()
                .filter_map(|step| match step {
                    Between::Hex(cell) => Some(*cell),
                    Between::Side(..) => None,
                })
                .collect();
            // Exactly the hexes whose interior the segment passes through,
            // ends excepted, in the labels' reach around the two ends.
            let corner = |column: u8, row: u8, d: i32| Cell {
                column: (i32::from(column) + d).clamp(1, 99) as u8,
                row: (i32::from(row) + d).clamp(1, 99) as u8,
            };
            let area = range(
                corner(a.column.min(b.column), a.row.min(b.row), -2),
                corner(a.column.max(b.column), a.row.max(b.row), 2),
            );
            let mut want: Vec<Cell> = area
                .filter(|&cell| cell != a && cell != b && crosses(a, b, cell, parity))
                .collect();
            let mut got = named.clone();
            got.sort();
            want.sort();
            prop_assert_eq!(got, want);
            // A side only on a line through vertices, and then as the walk.
            let d = Cube::new(dq, dr);
            let along = d.q == d.r || d.r == d.s || d.s == d.q;
            if along {
                prop_assert_eq!(&steps, &between(a, b, parity).collect::<Vec<_>>());
            } else {
                prop_assert_eq!(named.len(), steps.len());
            }
        }

        #[test]
        fn hexsides_are_symmetric((a, b) in near(), parity in parity()) {
            let side = Hexside::new(a, b, parity);
            prop_assert_eq!(side, Hexside::new(b, a, parity));
            prop_assert_eq!(side.is_some(), adjacent(a, b, parity));
            if let Some(side) = side {
                let (x, y) = side.cells();
                prop_assert!(x < y && (x, y) == (a.min(b), a.max(b)));
            }
        }

        #[test]
        fn ranges_are_rectangles(a in cell(), b in cell(), map in (1..=99u8, 1..=99u8)) {
            let all: Vec<Cell> = range(a, b).collect();
            let width = usize::from(a.column.abs_diff(b.column)) + 1;
            let height = usize::from(a.row.abs_diff(b.row)) + 1;
            prop_assert_eq!(all.len(), width * height);
            prop_assert!(all.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(all.contains(&a) && all.contains(&b));
            let rect = Extent { columns: map.0, rows: map.1 };
            prop_assert_eq!(
                rect.contains(a),
                range(Cell { column: 1, row: 1 }, Cell { column: map.0, row: map.1 })
                    .any(|c| c == a)
            );
        }
    }
}
