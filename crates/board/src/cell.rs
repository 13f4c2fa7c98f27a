//! Grid cells, labelled CCRR, shared by hex and square maps.

use std::fmt;

use serde::Serialize;

/// A grid cell, labelled CCRR: column then row, both 1-based; rows grow southwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
}

impl Cell {
    /// `0514` is column 5, row 14.
    pub fn parse(text: &str) -> Option<Cell> {
        Cell::parse_bytes(text.as_bytes())
    }

    /// [`Cell::parse`] of a label's bytes.
    pub fn parse_bytes(bytes: &[u8]) -> Option<Cell> {
        if bytes.len() != 4 || !bytes.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let two = |i: usize| (bytes[i] - b'0') * 10 + (bytes[i + 1] - b'0');
        Some(Cell {
            column: two(0),
            row: two(2),
        })
    }

    /// The label as a number: `0514` is 514.
    pub fn number(self) -> u16 {
        u16::from(self.column) * 100 + u16::from(self.row)
    }

    /// The cell a [`Cell::number`] names.
    pub fn from_number(number: u16) -> Cell {
        Cell {
            column: u8::try_from(number / 100).unwrap_or(u8::MAX),
            row: (number % 100) as u8,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.column, self.row)
    }
}

/// Which columns of a hex map sit half a hex lower than their neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Columns 1, 3, 5… are shifted down.
    Odd,
    /// Columns 2, 4, 6… are shifted down.
    Even,
}

/// A grid's extent: columns 1..=columns, rows 1..=rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Extent {
    pub columns: u8,
    pub rows: u8,
}

impl Extent {
    /// Whether the cell lies on the grid.
    pub fn contains(self, cell: Cell) -> bool {
        (1..=self.columns).contains(&cell.column) && (1..=self.rows).contains(&cell.row)
    }

    /// Every cell of the grid, column by column, as [`range`] lists them;
    /// none for an empty grid.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let last = Cell {
            column: self.columns,
            row: self.rows,
        };
        range(Cell { column: 1, row: 1 }, last).filter(move |&cell| self.contains(cell))
    }
}

/// The inclusive rectangle of labels between two corners, column by column
/// (`0101-0210` is 0101, 0102 … 0110, 0201 … 0210), whichever corners are given.
pub fn range(a: Cell, b: Cell) -> impl Iterator<Item = Cell> {
    let rows = a.row.min(b.row)..=a.row.max(b.row);
    (a.column.min(b.column)..=a.column.max(b.column))
        .flat_map(move |column| rows.clone().map(move |row| Cell { column, row }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        let cell = Cell::parse("0514").unwrap();
        assert_eq!((cell.column, cell.row), (5, 14));
        assert_eq!(cell.to_string(), "0514");
        assert_eq!(Cell::from_number(cell.number()), cell);
        assert_eq!(Cell::parse("514"), None);
        assert_eq!(Cell::parse("05a4"), None);
    }

    #[test]
    fn ranges_are_rectangles_whichever_corners() {
        let a = Cell::parse("0102").unwrap();
        let b = Cell::parse("0201").unwrap();
        let cells: Vec<String> = range(a, b).map(|c| c.to_string()).collect();
        assert_eq!(cells, ["0101", "0102", "0201", "0202"]);
    }
}
