//! The position of a Feudal battle: the roster (sides, units, the table,
//! its terrain and the options), fixed once the setup is read and shared
//! behind an `Arc`, and each unit's base on the table.
//!
//! Every place is in `senlac_board::table`'s frame (y growing south,
//! facings clockwise from north); the setup converts the notation's
//! (FO-R1) once, so nothing after it converts again.

use std::sync::Arc;

use senlac_board::table::{Base, Piece};
use senlac_notation::Span;

use super::options::Options;
use super::tables::{Class, TerrainInfo};

/// A unit as its `unit` line declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitInfo {
    /// Index into [`Roster::sides`].
    pub side: usize,
    pub id: String,
    pub name: String,
    /// `None` when the class word is unknown (reported; the unit is not
    /// placed, so nothing is judged of it twice).
    pub class: Option<Class>,
    /// `role=` (FX.2, FX.3), if any.
    pub role: Option<String>,
    /// `adv=` and `dis=` (AD), if any.
    pub adv: Option<String>,
    pub dis: Option<String>,
    /// The step-a modifiers its role, advantage and disadvantage add to
    /// its class's, melee and shooting (AD.3, FX.3).
    pub melee_extra: i8,
    pub shoot_extra: i8,
    /// A personality (FO-R34): a unit line that is never deployed.
    pub personality: bool,
    /// A personality's unit at the start (`with=`), when it names one.
    pub host: Option<usize>,
    /// A personality's banner (`banner=yes`, PER.BA).
    pub banner: bool,
    /// The `unit` line.
    pub span: Span,
}

/// A terrain piece: its kind and footprint.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrain {
    /// The word written (`bridge` keeps its word; its data is a ford's).
    pub word: String,
    pub kind: &'static TerrainInfo,
    pub piece: Piece,
    /// The `terrain` line.
    pub span: Span,
}

/// What never changes in a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    /// Side names, in the order of their `army` lines.
    pub sides: Vec<String>,
    pub units: Vec<UnitInfo>,
    /// The table's width and depth, in inches.
    pub table: (f64, f64),
    pub terrain: Vec<Terrain>,
    pub options: Options,
    /// The side of `first SIDE turn`, player A (SU.5).
    pub first: Option<usize>,
}

impl Roster {
    /// The unit of a side with this id.
    pub fn unit(&self, side: usize, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.side == side && u.id == id)
    }
}

/// The battle at a moment: each unit's base, `None` when not on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub roster: Arc<Roster>,
    pub bases: Vec<Option<Base>>,
}

impl State {
    /// The base of a side's unit, by id.
    pub fn base(&self, side: usize, id: &str) -> Option<Base> {
        self.roster.unit(side, id).and_then(|u| self.bases[u])
    }
}
