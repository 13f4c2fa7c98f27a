//! senlac's board: where things are, and what a picture of them shows.
//!
//! Geometry for the three kinds of battlefield (hex grids in [`hex`], with
//! units facing a vertex in [`facing`] and step-counting searches in
//! [`flood`]; square grids in [`square`], with units covering several
//! squares in [`footprint`]; open tables measured in inches in [`table`]) and
//! the [`scene`] model a frame is drawn from. This crate knows no rules and
//! does no I/O: a rule system asks it for distances and neighbours, and
//! describes its state to the renderer as a scene.

mod cell;
pub mod facing;
pub mod flood;
pub mod footprint;
pub mod hex;
pub mod scene;
pub mod square;
pub mod table;
#[cfg(test)]
mod testing;

pub use cell::{Cell, Extent, Parity, range};
pub use kurbo;
