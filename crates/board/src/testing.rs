//! What the board's unit tests share: cells from their labels and back.

use crate::Cell;

/// The cell a CCRR label names.
pub fn c(label: &str) -> Cell {
    Cell::parse(label).unwrap()
}

/// Cells as their labels, to compare with a written list.
pub fn labels(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|cell| cell.to_string()).collect()
}
