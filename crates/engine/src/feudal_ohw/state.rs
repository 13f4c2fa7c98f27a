//! The position of a Feudal battle: the roster (sides, units, the table,
//! its terrain and the options), fixed once the setup is read and shared
//! behind an `Arc`, and each unit's base on the table.
//!
//! Every place is in `senlac_board::table`'s frame (y growing south,
//! facings clockwise from north); the setup converts the notation's
//! (FO-R1) once, so nothing after it converts again.

use std::sync::Arc;

use senlac_board::kurbo::Point;
use senlac_board::table::{Aspect, Base, Piece};
use senlac_notation::Span;

use super::options::{Hardiness, Options};
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
    /// The grade `trained` (TR): its own rolls are of the average die.
    pub trained: bool,
    /// A personality's kind, its line's class word (`horse-marshal`).
    pub kind: Option<String>,
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
    /// The shape as written, in this frame: what a picture draws.
    pub outline: Outline,
    /// The `terrain` line.
    pub span: Span,
}

/// A terrain piece's shape as its line writes it (the piece's convex parts
/// cut it up): a polygon's corners, a circle, a line's points and width.
#[derive(Clone, Debug, PartialEq)]
pub enum Outline {
    Polygon(Vec<Point>),
    Circle { centre: Point, radius: f64 },
    Line { points: Vec<Point>, width: f64 },
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
    /// The units setup's findings leave in doubt, each with the index of the
    /// finding that doubts it: play hides what would only echo it.
    pub doubted: Vec<(usize, usize)>,
}

impl Roster {
    /// The unit of a side with this id.
    pub fn unit(&self, side: usize, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.side == side && u.id == id)
    }
}

/// The battle at a moment: each unit's base (`None` when not on the table)
/// and what it carries (spec 1.4), and where the sequence of play stands
/// (spec 1.1).
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub roster: Arc<Roster>,
    /// Each unit's base, by index into [`Roster::units`]; a personality's
    /// is always `None`, and a removed unit's too.
    pub bases: Vec<Option<Base>>,
    /// What each unit carries, by the same index.
    pub units: Vec<UnitState>,
    /// The turn (1 from the first turn line; 0 during setup).
    pub turn: u32,
    /// The side whose player turn it is, and whether it is the turn's first
    /// or second player turn.
    pub player: Option<PlayerTurn>,
    /// The phase of the player turn, once one has begun.
    pub phase: Option<Phase>,
    /// The side that holds the initiative (IN.2), once a roll has decided.
    pub initiative: Option<usize>,
    /// Units each side has lost (FM.1).
    pub lost: [u8; 2],
    /// Rolls the log owes, in the order they fell due (FO-R28, FO-R32).
    pub owed: Vec<Owed>,
    /// Per side: the Strategos and the priest used (PER.ST, PER.PR).
    pub strategos_used: [bool; 2],
    pub priest_used: [bool; 2],
    /// A personality's unit now (by index), `None` once it has left the
    /// field; a non-personality's entry is `None`.
    pub hosts: Vec<Option<usize>>,
    /// The battle's end, once a force has routed (FM.1).
    pub ended: Option<Ended>,
}

/// A side's player turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerTurn {
    pub side: usize,
    /// The second player turn of its turn.
    pub second: bool,
}

/// The phases of a player turn (spec 1.1), in their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    Initiative,
    Shoot,
    Move,
    Melee,
    Rally,
    /// After a force rout with `option rout-pursuit attack` (FM.6).
    Pursuit,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 6] = [
        Phase::Initiative,
        Phase::Shoot,
        Phase::Move,
        Phase::Melee,
        Phase::Rally,
        Phase::Pursuit,
    ];

    /// The label that opens it (`shoot:`), without the colon.
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Initiative => "initiative",
            Phase::Shoot => "shoot",
            Phase::Move => "move",
            Phase::Melee => "melee",
            Phase::Rally => "rally",
            Phase::Pursuit => "pursuit",
        }
    }

    /// The phase a label names.
    pub fn parse(label: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.label() == label)
    }
}

/// A roll the log must write next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A force-morale roll of this side, for a unit it lost (FM.1).
    Morale { side: usize },
    /// The initiative roll-off of this turn (IN.1).
    Initiative { turn: u32 },
}

/// How the battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The side whose force routed.
    pub routed: usize,
    pub turn: u32,
}

/// What one unit carries, beyond its base (spec 1.4).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnitState {
    /// The flank that serves as its front after 2.6 or 2.8C.f found no
    /// room to turn (FO-R25): `Aspect::Left` or `Aspect::Right`.
    pub marked_front: Option<Aspect>,
    pub hits: u8,
    /// Hits passed the tired threshold once (TU, FO-R31); never cleared.
    pub tired: bool,
    /// Shots taken (1.4, MS).
    pub shots: u8,
    /// Out of missiles (1.4, MS.1); never cleared.
    pub out_of_missiles: bool,
    /// The attacked marker (1.3, 3.3), cleared at its own side's rally (4.2).
    pub attacked: bool,
    /// The player turn (turn, side) of the charge that last contacted it
    /// (3.2b.i).
    pub charged_in: Option<(u32, usize)>,
    /// What it has done this player turn; reset when the turn closes.
    pub this_turn: Acted,
    /// When it was removed (1.5, 3.4, IC.1).
    pub removed: Option<Removed>,
    /// Where it stood when it was removed: a picture draws it falling there.
    pub last_base: Option<Base>,
}

/// What a unit has done in the current player turn (2.8S, 4.1a, FO-R13,
/// FO-R44).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Acted {
    /// It shot, and in which phase.
    pub shot: Option<Phase>,
    /// It made a movement action (move, turn, charge, retreat, face).
    pub moved: bool,
    /// It charged.
    pub charged: bool,
    /// It attacked in melee.
    pub meleed: bool,
    /// Its phase-2 activation is open (its movement actions so far) or
    /// closed (another unit has since acted).
    pub activation: Activation,
    // play
    /// It rallied (written or derived) in this player turn's rally phase.
    pub rallied: bool,
    /// Its phase-2 shot came after a movement action of its activation,
    /// so no movement may follow it (2.8S, FO-R26).
    pub shot_after_moving: bool,
    // movement
    /// Its activation turned at the start, moved straight, turned at the
    /// end (2.4, FO-R13: the slots the split form fills one line at a time).
    pub start_turned: bool,
    pub straight: bool,
    pub end_turned: bool,
    /// Its activation was a charge, retreat or face, which ends it.
    pub finished: bool,
}

/// A unit's one activation in the move phase (FO-R13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    #[default]
    None,
    Open,
    Closed,
}

/// When a unit left the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removed {
    pub turn: u32,
    pub side: usize,
    pub phase: Option<Phase>,
}

impl State {
    /// The base of a side's unit, by id.
    #[cfg(any(test, feature = "test-support"))]
    pub fn base(&self, side: usize, id: &str) -> Option<Base> {
        self.roster.unit(side, id).and_then(|u| self.bases[u])
    }

    /// The field as the setup leaves it before any unit is deployed.
    pub fn field(roster: Arc<Roster>) -> State {
        let count = roster.units.len();
        State {
            hosts: roster.units.iter().map(|u| u.host).collect(),
            roster,
            bases: vec![None; count],
            units: vec![UnitState::default(); count],
            turn: 0,
            player: None,
            phase: None,
            initiative: None,
            lost: [0; 2],
            owed: Vec::new(),
            strategos_used: [false; 2],
            priest_used: [false; 2],
            ended: None,
        }
    }

    /// Whether a unit stands on the table and may act or be targeted.
    pub fn on_table(&self, unit: usize) -> bool {
        self.bases[unit].is_some() && self.units[unit].removed.is_none()
    }

    /// The hits that remove a unit: 15, or its advantage's or
    /// disadvantage's row (AD.2), or the six-hit scale's (1.5, 3.4, 6H.5).
    pub fn removal_threshold(&self, unit: usize) -> u8 {
        let info = &self.roster.units[unit];
        let hardiness = if info.adv.as_deref() == Some("determined") {
            Hardiness::Determined
        } else if info.dis.as_deref() == Some("unenthusiastic") {
            Hardiness::Unenthusiastic
        } else {
            Hardiness::Normal
        };
        self.roster.options.removed_at(hardiness)
    }

    /// The shots a unit may take before it is out of missiles, if limited
    /// (1.4, MS.2, AD.4, FO-R38).
    pub fn shot_limit(&self, unit: usize) -> Option<u8> {
        let info = &self.roster.units[unit];
        self.roster.options.shot_limit(
            info.adv.as_deref() == Some("extra-missiles"),
            info.dis.as_deref() == Some("three-shots"),
        )
    }

    /// `Angevins K`: a unit as a message names it.
    pub fn name(&self, unit: usize) -> String {
        let u = &self.roster.units[unit];
        format!("{} {}", self.roster.sides[u.side], u.id)
    }
}
