//! Hastings: 1066 (Strategy & Tactics 110, `hastings-1066-st.md`), as
//! `hastings-1066/st`: a magazine hex-and-counter game of wings and
//! nationalities whose battle orders are rolled each turn, facing to a
//! vertex with zones of control through the frontal hexsides, missile fire
//! and melee on their results tables, disruption, rout, pursuit and rally,
//! leaders and their casualties.
//!
//! Under construction (issue 13). Built so far: `tables` (the document's
//! tables as const data, each checked cell by cell by a test), `codes`
//! (every diagnostic code), `rules` (the cases and rulings a diagnostic
//! cites), `state` (the roster, the map sheet as declared, the pieces),
//! `setup` (the checked starting state), `event` (every change and its
//! `apply`), `catalog` (every line a log writes) and `play` (the sequence of
//! play; what each line does is still to come). The system is not
//! registered yet. Rulings live in docs/rules/hastings-1066-st.md.

pub mod casualty;
pub mod catalog;
pub mod codes;
pub mod escape;
pub mod event;
pub mod fire;
pub mod ground;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod orders;
pub mod play;
pub mod pursue;
pub mod rally;
pub mod reaction;
pub mod record;
pub mod reinforcement;
pub mod rout;
pub mod rules;
pub mod setup;
pub mod state;
pub mod tables;
pub mod view;
