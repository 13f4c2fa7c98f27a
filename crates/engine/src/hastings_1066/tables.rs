//! The tables of Hastings: 1066 as const data: movement allowances, the
//! Terrain Effects Chart, flank and rear bonuses, the Missile Fire Matrix
//! and its results table, odds to column, missile supply, the Melee
//! Results Table, the Morale and Rally tables, leader casualties, casualty
//! points, the reinforcement schedule and what each order allows. Each is
//! checked cell by cell against the document by crates/engine/tests/hastings_1066_tables.rs.
