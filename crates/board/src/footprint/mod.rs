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
//!
//! Here are the type and its bounds ([`Footprint`], [`Rect`], [`Cells`]);
//! `shape` has how footprints stand to one another, `sight` line of sight,
//! and `search` a footprint's steps, paths and searches over a map.

use crate::{Cell, Extent};

mod search;
mod shape;
mod sight;

pub use search::{
    CostGrid, CostMap, IntoCostGrid, PathError, StepError, away_steps, distances_from,
    distances_to, path_cost, reachable, route_exists, step_cost,
};
pub use shape::{Side, Sides, adjacent, gap, opposite, surrounded, touched_sides};
pub use sight::{clear, line, sight, sight_line};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{c, labels};
    use proptest::prelude::*;

    pub(super) fn fp(label: &str, width: u8, height: u8) -> Footprint {
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

    pub(super) fn footprint(max_anchor: u8, max_size: u8) -> impl Strategy<Value = Footprint> {
        (1..=max_anchor, 1..=max_anchor, 1..=max_size, 1..=max_size).prop_map(
            |(column, row, width, height)| Footprint::new(Cell { column, row }, width, height),
        )
    }

    // Property tests.

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
    }
}
