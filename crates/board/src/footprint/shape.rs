//! How footprints stand to one another: the Chebyshev [`gap`] and
//! [`adjacent`] (POSITION-2, -3), the [`Side`]s of a footprint others touch
//! ([`touched_sides`], [`surrounded`], POSITION-7) and flanking, two
//! footprints on opposite sides of a third ([`opposite`], POSITION-8).

use super::Footprint;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;
    use crate::footprint::line;
    use crate::footprint::tests::{footprint, fp};
    use crate::square;
    use proptest::prelude::*;

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

    // Property tests.

    proptest! {
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
    }
}
