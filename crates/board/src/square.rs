//! Square-grid geometry: cells labelled CCRR like hexes, with orthogonal
//! neighbours (sharing a side) and diagonal ones (sharing a corner).
//!
//! Two distances: [`steps`] counts orthogonal steps (Manhattan), [`moves`]
//! counts king's moves, where a diagonal step costs one (Chebyshev). A rule
//! system says which it uses.

use crate::Cell;

/// How cells touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// Sharing a side: four neighbours.
    Orthogonal,
    /// Sharing a side or a corner: eight neighbours.
    Diagonal,
}

fn delta(a: Cell, b: Cell) -> (u32, u32) {
    (
        u32::from(a.column.abs_diff(b.column)),
        u32::from(a.row.abs_diff(b.row)),
    )
}

/// Orthogonal steps from `a` to `b` (Manhattan distance).
pub fn steps(a: Cell, b: Cell) -> u32 {
    let (dc, dr) = delta(a, b);
    dc + dr
}

/// King's moves from `a` to `b` (Chebyshev distance).
pub fn moves(a: Cell, b: Cell) -> u32 {
    let (dc, dr) = delta(a, b);
    dc.max(dr)
}

/// Whether two different cells touch.
pub fn adjacent(a: Cell, b: Cell, adjacency: Adjacency) -> bool {
    match adjacency {
        Adjacency::Orthogonal => steps(a, b) == 1,
        Adjacency::Diagonal => moves(a, b) == 1,
    }
}

/// A king's eight steps (column, row), clockwise from north: the order
/// [`neighbours`] lists them in with [`Adjacency::Diagonal`].
pub const KING_STEPS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The neighbours of a cell with labels in 1..=99, clockwise from north.
pub fn neighbours(cell: Cell, adjacency: Adjacency) -> impl Iterator<Item = Cell> {
    const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    let offsets: &'static [(i8, i8)] = match adjacency {
        Adjacency::Orthogonal => &ORTHOGONAL,
        Adjacency::Diagonal => &KING_STEPS,
    };
    offsets.iter().filter_map(move |&(dc, dr)| {
        let column = cell
            .column
            .checked_add_signed(dc)
            .filter(|c| (1..=99).contains(c))?;
        let row = cell
            .row
            .checked_add_signed(dr)
            .filter(|r| (1..=99).contains(r))?;
        Some(Cell { column, row })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::c;
    use proptest::prelude::*;

    #[test]
    fn distances() {
        assert_eq!(steps(c("0101"), c("0304")), 5);
        assert_eq!(moves(c("0101"), c("0304")), 3);
        assert_eq!(steps(c("0505"), c("0505")), 0);
        assert!(adjacent(c("0505"), c("0506"), Adjacency::Orthogonal));
        assert!(!adjacent(c("0505"), c("0606"), Adjacency::Orthogonal));
        assert!(adjacent(c("0505"), c("0606"), Adjacency::Diagonal));
        assert!(!adjacent(c("0505"), c("0505"), Adjacency::Diagonal));
    }

    #[test]
    fn neighbours_stop_at_the_label_range() {
        let corner: Vec<String> = neighbours(c("0101"), Adjacency::Diagonal)
            .map(|n| n.to_string())
            .collect();
        assert_eq!(corner, ["0201", "0202", "0102"]);
        assert_eq!(neighbours(c("0505"), Adjacency::Orthogonal).count(), 4);
        assert_eq!(neighbours(c("9999"), Adjacency::Diagonal).count(), 3);
    }

    proptest! {
        #[test]
        fn neighbours_are_adjacent_and_one_away(column in 1u8..=99, row in 1u8..=99, diagonal: bool) {
            let cell = Cell { column, row };
            let adjacency = if diagonal { Adjacency::Diagonal } else { Adjacency::Orthogonal };
            for n in neighbours(cell, adjacency) {
                prop_assert!(adjacent(cell, n, adjacency));
                prop_assert_eq!(moves(cell, n), 1);
                prop_assert!(steps(cell, n) <= 2);
            }
        }

        #[test]
        fn distances_are_symmetric_and_ordered(a in (1u8..=99, 1u8..=99), b in (1u8..=99, 1u8..=99)) {
            let (a, b) = (Cell { column: a.0, row: a.1 }, Cell { column: b.0, row: b.1 });
            prop_assert_eq!(steps(a, b), steps(b, a));
            prop_assert!(moves(a, b) <= steps(a, b));
            prop_assert!(steps(a, b) <= 2 * moves(a, b));
        }
    }
}
