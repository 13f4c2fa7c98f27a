//! Hastings: 1066 (Strategy & Tactics 110, `hastings-1066-st.md`), as
//! `hastings-1066/st`: a magazine hex-and-counter game of wings and
//! nationalities whose battle orders are rolled each turn, facing to a
//! vertex with zones of control through the frontal hexsides, missile fire
//! and melee on their results tables, disruption, rout, pursuit and rally,
//! leaders and their casualties.
//!
//! Under construction (issue 13): `tables` (the document's tables as const
//! data, each checked cell by cell by a test) and `codes` (every diagnostic
//! code). The system is not registered yet. Rulings live in docs/rules/hastings-1066-st.md.

pub mod catalog;
pub mod codes;
pub mod event;
pub mod ground;
pub mod movement;
pub mod play;
pub mod reaction;
pub mod reinforcement;
pub mod setup;
pub mod state;
pub mod tables;
