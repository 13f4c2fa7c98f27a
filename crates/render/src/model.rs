//! What a frame shows, in plain data: the map, the counters, and what just
//! happened. The CLI builds frames from the engine's timeline; this crate only
//! draws them, so it knows no rules.

use serde::Serialize;

/// A cell of a grid map, CCRR: column then row, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
}

impl Cell {
    /// `0514`.
    pub fn label(self) -> String {
        format!("{:02}{:02}", self.column, self.row)
    }
}

/// Which columns of a hex map sit half a hex lower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Parity {
    /// Columns 1, 3, 5… are shifted down.
    Odd,
    /// Columns 2, 4, 6… are shifted down.
    Even,
}

/// Terrain a hex can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Terrain {
    Forest,
    Stream,
    Hill,
    /// Any other impassable ground.
    Impassable,
}

/// The battlefield.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Map {
    pub columns: u8,
    pub rows: u8,
    pub parity: Parity,
    pub terrain: Vec<(Cell, Terrain)>,
    /// Hexsides of the hill's crest.
    pub crest: Vec<(Cell, Cell)>,
}

/// The broad kind of a unit, for its symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Arm {
    Infantry,
    Cavalry,
    Archers,
}

/// Light, heavy or skirmish: drawn differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Weight {
    Light,
    Heavy,
    Skirmish,
    /// Horse archers and foot archers need no weight mark.
    None,
}

/// How a counter stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Standing {
    Active,
    /// Routed or slaughtered in this very step: drawn faded and marked.
    Falling,
    /// Left the field in this step chasing the survivors it slaughtered.
    Pursuing,
}

/// One unit's counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counter {
    /// Index into [`Frame::sides`]: decides the colour.
    pub side: usize,
    pub id: String,
    pub name: String,
    pub arm: Arm,
    pub weight: Weight,
    pub grade: String,
    pub command_points: u8,
    /// Damage points, drawn as pips.
    pub damage: u8,
    pub at: Cell,
    /// Facing in degrees clockwise from north, in rulesets that have it.
    pub facing: Option<f32>,
    pub standing: Standing,
}

/// What happened in the step, drawn over the map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Mark {
    /// A move along its hex path (first cell is where it started).
    Move { path: Vec<Cell> },
    /// A charge: a bold arrow.
    Charge { path: Vec<Cell> },
    /// A volley: a dashed arc.
    Volley { from: Cell, to: Cell },
    /// An attack: an arrow to the defender.
    Attack { from: Cell, to: Cell },
    /// A supporter's thin link to the unit it supports.
    Support { from: Cell, to: Cell },
    /// A unit routed here.
    Rout { at: Cell },
    /// Survivors slaughtered here.
    Slaughter { at: Cell },
}

/// One picture.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// The battle's title.
    pub title: String,
    /// The figure caption, or "Turn 3 · Normans · Movement".
    pub caption: String,
    pub sides: Vec<String>,
    pub map: Map,
    pub counters: Vec<Counter>,
    pub marks: Vec<Mark>,
}
