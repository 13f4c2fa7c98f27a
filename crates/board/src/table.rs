//! Open-table geometry in inches (filled by the board work).
