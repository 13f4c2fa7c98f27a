//! senlac's renderer: draws any [`Scene`](senlac_board::scene::Scene) a rule
//! system describes, on a hex grid, a square grid or an open table.
//!
//! Layout (where a hex, a counter or an arrow goes) is kept apart from drawing
//! (what a counter looks like). Every text from a scene is escaped. The crate
//! does no file I/O: it returns strings and bytes, or streams an animation
//! into a writer it is given, and the CLI writes them.

pub mod animation;
pub mod crop;
pub mod layout;
pub mod paint;
pub mod placement;
pub mod png;
pub mod svg;
