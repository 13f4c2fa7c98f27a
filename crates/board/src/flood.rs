//! Flood fills on a hex map: how far, in steps, every hex lies from a set
//! of starting hexes when only some hexes may be entered.
//!
//! One breadth-first search serves several questions a rule system asks:
//! the region that can be reached from some hexes ([`region`], for "is this
//! pocket closed", HS-R27), and the number of steps to each hex
//! ([`distances`], for "the nearest hex reachable" and for paths that must
//! keep getting closer to something). Every step costs one; what may be
//! entered is the caller's closure. Movement that pays terrain costs is a
//! different search.
//!
//! Only hexes on the map's [`Extent`] are ever reached or shown to the
//! caller's closure.

use std::collections::VecDeque;

use crate::{Cell, Extent, Parity, hex};

/// Steps from the nearest start to every hex of a map, from [`distances`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    extent: Extent,
    /// Per hex, column by column; `u32::MAX` where not reached.
    steps: Vec<u32>,
}

impl Distances {
    fn index(&self, cell: Cell) -> Option<usize> {
        self.extent.contains(cell).then(|| {
            usize::from(cell.column - 1) * usize::from(self.extent.rows) + usize::from(cell.row - 1)
        })
    }

    fn cell(&self, index: usize) -> Cell {
        let rows = usize::from(self.extent.rows);
        Cell {
            column: u8::try_from(index / rows + 1).unwrap_or(u8::MAX),
            row: u8::try_from(index % rows + 1).unwrap_or(u8::MAX),
        }
    }

    /// The map the search covered.
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// Steps from the nearest start to `cell`, or `None` where it was not
    /// reached (or is off the map).
    pub fn get(&self, cell: Cell) -> Option<u32> {
        let steps = self.steps[self.index(cell)?];
        (steps != u32::MAX).then_some(steps)
    }

    /// Whether `cell` was reached.
    pub fn contains(&self, cell: Cell) -> bool {
        self.get(cell).is_some()
    }

    /// Every hex reached, with its steps, in label order (column by column,
    /// like [`crate::range`]).
    pub fn reached(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.steps
            .iter()
            .enumerate()
            .filter(|&(_, &steps)| steps != u32::MAX)
            .map(|(index, &steps)| (self.cell(index), steps))
    }
}

/// The fewest steps from any of `starts` to every hex of the map, stepping
/// only into hexes where `enter` holds.
///
/// The starts themselves are at 0 whether or not `enter` holds for them
/// (a unit stands where it stands); starts off the map are ignored. `enter`
/// is asked once at most per hex, and never about a start or a hex off the
/// map. Time and memory are linear in the map's hexes.
pub fn distances(
    starts: impl IntoIterator<Item = Cell>,
    extent: Extent,
    parity: Parity,
    enter: impl Fn(Cell) -> bool,
) -> Distances {
    let size = usize::from(extent.columns) * usize::from(extent.rows);
    let mut map = Distances {
        extent,
        steps: vec![u32::MAX; size],
    };
    let mut queue = VecDeque::new();
    for start in starts {
        if let Some(index) = map.index(start)
            && map.steps[index] == u32::MAX
        {
            map.steps[index] = 0;
            queue.push_back(start);
        }
    }
    // Hexes already asked about and refused.
    let mut refused = vec![false; size];
    while let Some(here) = queue.pop_front() {
        let next = map.get(here).unwrap_or(u32::MAX).saturating_add(1);
        for cell in hex::neighbours(here, parity) {
            let Some(index) = map.index(cell) else {
                continue;
            };
            if map.steps[index] != u32::MAX || refused[index] {
                continue;
            }
            if enter(cell) {
                map.steps[index] = next;
                queue.push_back(cell);
            } else {
                refused[index] = true;
            }
        }
    }
    map
}

/// The hexes connected to any of `starts` through hexes where `enter`
/// holds, the starts included, in label order: a flood fill (HS-R27's
/// pocket grows from the defenders' hexes through free ground).
pub fn region(
    starts: impl IntoIterator<Item = Cell>,
    extent: Extent,
    parity: Parity,
    enter: impl Fn(Cell) -> bool,
) -> Vec<Cell> {
    distances(starts, extent, parity, enter)
        .reached()
        .map(|(cell, _)| cell)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{c, labels};
    use proptest::prelude::*;
    use std::cell::Cell as Counter;

    const EVEN: Parity = Parity::Even;

    const MAP: Extent = Extent {
        columns: 8,
        rows: 6,
    };

    #[test]
    fn open_ground_distances_are_hex_distances() {
        let map = distances([c("0403")], MAP, EVEN, |_| true);
        assert_eq!(map.extent(), MAP);
        assert_eq!(map.reached().count(), 48);
        for (cell, steps) in map.reached() {
            assert_eq!(steps, hex::distance(c("0403"), cell, EVEN), "{cell}");
        }
        assert_eq!(map.get(c("0403")), Some(0));
        assert_eq!(map.get(c("0807")), None);
        assert_eq!(map.get(c("0900")), None);
        // Several starts: the nearest counts.
        let map = distances([c("0101"), c("0806")], MAP, EVEN, |_| true);
        assert_eq!(map.get(c("0102")), Some(1));
        assert_eq!(map.get(c("0805")), Some(1));
        assert_eq!(map.get(c("0101")), Some(0));
    }

    #[test]
    fn walls_make_detours() {
        // A wall down column 04 with a gap at 0406.
        let wall = |cell: Cell| cell.column == 4 && cell.row != 6;
        let map = distances([c("0302")], MAP, EVEN, |cell| !wall(cell));
        assert_eq!(hex::distance(c("0302"), c("0502"), EVEN), 2);
        // Down column 03 to 0306 (4 steps), through the gap at 0406 (5),
        // then up column 05: 0506 (6) ... 0502 (10).
        assert_eq!(map.get(c("0306")), Some(4));
        assert_eq!(map.get(c("0406")), Some(5));
        assert_eq!(map.get(c("0506")), Some(6));
        assert_eq!(map.get(c("0502")), Some(10));
        assert_eq!(map.get(c("0403")), None);
        // Starts count even where entering is refused.
        let map = distances([c("0403")], MAP, EVEN, |cell| !wall(cell));
        assert_eq!(map.get(c("0403")), Some(0));
        assert_eq!(map.get(c("0303")), Some(1));
    }

    #[test]
    fn regions_stop_at_what_may_not_be_entered() {
        // A ring around 0604 (parity even): its six neighbours are closed,
        // so its pocket is itself alone.
        let ring: Vec<Cell> = hex::neighbours(c("0604"), EVEN).collect();
        let open = |cell: Cell| !ring.contains(&cell);
        assert_eq!(labels(region([c("0604")], MAP, EVEN, open)), ["0604"]);
        // Opening one side lets the fill out to the whole rest of the map.
        let gap = |cell: Cell| cell == c("0705") || open(cell);
        let outside = region([c("0604")], MAP, EVEN, gap);
        assert_eq!(outside.len(), 48 - 5);
        assert!(outside.contains(&c("0101")));
        // Two starts, one pocket each, in label order.
        let two = region([c("0604"), c("0101")], MAP, EVEN, |cell| {
            open(cell) && cell.column <= 2
        });
        assert_eq!(
            labels(two),
            [
                "0101", "0102", "0103", "0104", "0105", "0106", "0201", "0202", "0203", "0204",
                "0205", "0206", "0604"
            ]
        );
        // Starts off the map are ignored.
        assert!(region([c("0907")], MAP, EVEN, |_| true).is_empty());
    }

    #[test]
    fn each_hex_is_asked_about_once() {
        let asked = Counter::new(0);
        let map = distances([c("0403"), c("0404")], MAP, EVEN, |cell| {
            asked.set(asked.get() + 1);
            cell.row != 1
        });
        // Every hex but the two starts, once each.
        assert_eq!(asked.get(), 46);
        // Row 01 refused, the rest reached.
        assert_eq!(map.reached().count(), 48 - 8);
    }

    proptest! {
        #[test]
        fn steps_climb_by_one(
            open in proptest::collection::vec(any::<bool>(), 48),
            start in (1..=8u8, 1..=6u8),
            odd in any::<bool>(),
        ) {
            let parity = if odd { Parity::Odd } else { Parity::Even };
            let enter = |cell: Cell| {
                open[usize::from(cell.column - 1) * 6 + usize::from(cell.row - 1)]
            };
            let start = Cell { column: start.0, row: start.1 };
            let map = distances([start], MAP, parity, enter);
            for (cell, steps) in map.reached() {
                prop_assert!(steps >= hex::distance(start, cell, parity));
                prop_assert!(cell == start || enter(cell));
                if cell != start {
                    // Some neighbour is one step nearer.
                    prop_assert!(hex::neighbours(cell, parity).any(|n| map.get(n) == Some(steps - 1)));
                }
                // No reached neighbour more than one step farther, and no
                // open neighbour left out.
                for n in hex::neighbours(cell, parity).filter(|&n| MAP.contains(n)) {
                    match map.get(n) {
                        Some(other) => prop_assert!(other <= steps + 1),
                        None => prop_assert!(!enter(n)),
                    }
                }
            }
        }
    }
}
