//! senlac's renderer: draws battle frames from plain data ([`model`]).
//!
//! Layout (where a hex, a counter or an arrow goes) is kept apart from drawing
//! (what a counter looks like), so squares and table-tops measured in inches can
//! come with their own layouts. Every text from a log is escaped. The crate does
//! no file I/O: it returns strings and bytes, and the CLI writes them.

pub mod layout;
pub mod model;
pub mod png;
pub mod svg;
