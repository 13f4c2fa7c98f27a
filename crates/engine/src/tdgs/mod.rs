//! TDGS Mass Combat (`tdgs-mass-combat.md`, an extension of the Tactical Dice
//! Game System, and the core TDGS documents it defers to): units and heroes
//! are entities with nine stats on a square grid, commanders lend their CHA
//! to morale, orders shape what units do, and every uncertain outcome is one
//! d20 against 11.
//!
//! So far the data layer, `tables` (the formulas and tables of the
//! documents, with the d20 resolution and luck), `codes` (every diagnostic
//! code the system will report) and `rules` (the sections and rulings those
//! diagnostics cite), and the position: `state` (the fixed roster behind an
//! `Arc`, and what changes per entity and per battle) and `setup` (the
//! checked starting state, from the setup lines, on top of the generic
//! setup), `event` (every change to the state, and `apply`, the one way
//! it changes), `morale` (the checks a line makes owed, the cascade and its
//! order, and where a routed unit runs and whether it can), and `play` (the
//! movetext's lines, checked into events). What printers and pictures
//! show: `view` (the columns, each entity's status, fate and casualties,
//! and the clock) and `scene` (the square map, the counters and the marks
//! of what just happened). Rulings live in docs/rules/tdgs-mass-combat.md.

pub mod codes;
pub mod event;
pub mod morale;
pub mod play;
pub mod rules;
pub mod scene;
pub mod setup;
pub mod state;
pub mod tables;
pub mod view;
