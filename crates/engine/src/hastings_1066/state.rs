//! The position of a Hastings: 1066 battle: the fixed roster and map (the
//! printed counters and the map sheet, as the log declares them: HS-R4,
//! HS-R5), shared behind an `Arc`, and what changes per piece.

use std::collections::HashMap;

use foldhash::fast::FixedState;
use std::sync::Arc;

use senlac_board::facing::Vertex;
use senlac_board::{Cell, Extent, Parity};

use arrayvec::ArrayVec;
use senlac_notation::Span;
use senlac_notation::value::UnitRef;
use smol_str::SmolStr;

use super::tables::{Arm, Attack, Class, Grade, Hexside, Order, Side, Terrain, Weapon};
use crate::ids::IdMap;

/// A Norman nationality (4.1.4), which a Norman unit and leader belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nation {
    Norman,
    Breton,
    Flemish,
}

impl Nation {
    pub const ALL: [Nation; 3] = [Nation::Norman, Nation::Breton, Nation::Flemish];

    /// Its word in a log (`nation=breton`).
    pub const fn word(self) -> &'static str {
        match self {
            Nation::Norman => "norman",
            Nation::Breton => "breton",
            Nation::Flemish => "flemish",
        }
    }

    pub fn parse(word: &str) -> Option<Nation> {
        Nation::ALL.into_iter().find(|n| n.word() == word)
    }
}

/// A Saxon wing (4.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    Left,
    Center,
    Right,
}

impl Wing {
    pub const ALL: [Wing; 3] = [Wing::Left, Wing::Center, Wing::Right];

    /// Its word in a log (`wing=center`).
    pub const fn word(self) -> &'static str {
        match self {
            Wing::Left => "left",
            Wing::Center => "center",
            Wing::Right => "right",
        }
    }

    pub fn parse(word: &str) -> Option<Wing> {
        Wing::ALL.into_iter().find(|w| w.word() == word)
    }
}

/// Which part of its army a piece belongs to: a Norman nationality or a
/// Saxon wing (4.1). Unassigned Saxon reinforcements have neither
/// (4.3.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Nation(Nation),
    Wing(Wing),
}

/// A combat unit's printed factors (HS-R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Factors {
    pub grade: Grade,
    pub melee: i32,
    pub defense: i32,
    /// The shield-wall defence, for non-bow foot.
    pub wall: Option<i32>,
    pub missile: Option<Weapon>,
}

/// A leader's printed ratings (10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// Command radius, the counter's left number.
    pub command: u32,
    /// Rally range, the right number: 0 rallies only his own hex.
    pub rally: u32,
}

impl Ratings {
    /// The ratings in force: each one less once the leader has taken a
    /// Wounded-1 (the Leader Casualty Table's footnote 1, HS-R31).
    pub fn in_force(self, wounded_once: bool) -> Ratings {
        let loss = u32::from(wounded_once);
        Ratings {
            command: self.command.saturating_sub(loss),
            rally: self.rally.saturating_sub(loss),
        }
    }
}

/// What a piece is: a combat unit with its factors, or a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Unit(Factors),
    Leader(Ratings),
}

/// What the log declares of a piece; never changes.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceInfo {
    pub side: Side,
    pub id: SmolStr,
    pub name: SmolStr,
    /// `None` for a leader.
    pub class: Option<Class>,
    pub piece: Piece,
    pub part: Option<Part>,
    /// The Period 1 turn a Great Fyrd reinforcement arrives (11.4.1).
    pub arrives: Option<u32>,
    /// One of the fyrd placed on Senlac Hill at the reform (11.4.2).
    pub reserve: bool,
}

impl PieceInfo {
    pub fn is_leader(&self) -> bool {
        matches!(self.piece, Piece::Leader(_))
    }

    pub fn factors(&self) -> Option<&Factors> {
        match &self.piece {
            Piece::Unit(factors) => Some(factors),
            Piece::Leader(_) => None,
        }
    }
}

/// One hex of the map sheet (HS-R5): its elevation in feet, its one base
/// terrain, and the road and Senlac Hill flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ground {
    pub elevation: i32,
    /// Clear, woods or marsh (the road is a flag: it changes nothing but
    /// who holds it, 5.3.7).
    pub terrain: Terrain,
    pub road: bool,
    pub senlac_hill: bool,
    /// A ridge or a stream runs along one of its hexsides: for a step
    /// between two cells without, [`Roster::hexside`] looks no further.
    pub edged: bool,
}

impl Default for Ground {
    fn default() -> Ground {
        Ground {
            elevation: 0,
            terrain: Terrain::Clear,
            road: false,
            senlac_hill: false,
            edged: false,
        }
    }
}

/// The optional rules a log plays by (`option …`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// 4.3.8.3: housecarls treat Attack & Pursue as Optional.
    pub housecarl_restraint: bool,
    /// 11.3: set up as at the reform.
    pub variable_deployment: bool,
    /// 7.4.2: missile supply counted per unit.
    pub missile_supply_per_unit: bool,
    /// A reduced scenario: the order of battle's counts are not checked.
    pub partial: bool,
}

/// The battle's fixed part: the map and every piece, as declared.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    /// The two armies' names in the log, by [`Side`] (Normans, Saxons).
    pub sides: Vec<SmolStr>,
    pub extent: Extent,
    pub parity: Parity,
    /// Per map cell, row by row.
    pub ground: Vec<Ground>,
    /// Ridge and stream hexsides, each with its lower cell first.
    pub hexsides: HashMap<(Cell, Cell), Hexside, FixedState>,
    pub pieces: Vec<PieceInfo>,
    /// The leaders among [`Roster::pieces`], in roster order: what is asked
    /// of each leader after every line reads these, not every piece.
    pub leaders: Vec<usize>,
    /// The combat units among [`Roster::pieces`], by [`Side`], in roster
    /// order: where zones, bindings, the nearest enemy and a friend in a
    /// hex are looked for.
    pub units: [Vec<usize>; 2],
    pub options: Options,
    /// `(piece, finding)`: pieces whose line or placement was refused, so
    /// what follows from it is not checked again (one mistake, one error).
    pub doubted: Vec<(usize, usize)>,
    /// Each piece by id, for each side (ids are unique across both
    /// armies or side-qualified, HS-R41): found without allocating.
    pub ids: IdMap<[Option<usize>; 2]>,
}

impl Default for Roster {
    fn default() -> Roster {
        Roster::new()
    }
}

impl Roster {
    /// No map and no pieces yet.
    pub fn new() -> Roster {
        Roster {
            sides: Side::ALL.iter().map(|s| SmolStr::new(s.word())).collect(),
            extent: Extent {
                columns: 0,
                rows: 0,
            },
            parity: Parity::Even,
            ground: Vec::new(),
            hexsides: HashMap::default(),
            pieces: Vec::new(),
            leaders: Vec::new(),
            units: [Vec::new(), Vec::new()],
            options: Options::default(),
            doubted: Vec::new(),
            ids: IdMap::default(),
        }
    }

    /// The cell's index in [`Roster::ground`], if it is on the map.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.extent.contains(cell).then(|| {
            usize::from(cell.row - 1) * usize::from(self.extent.columns)
                + usize::from(cell.column - 1)
        })
    }

    /// The cell at an index of [`Roster::ground`] (the inverse of
    /// [`Roster::index`]).
    pub fn cell_at(&self, index: usize) -> Cell {
        let columns = usize::from(self.extent.columns.max(1));
        // The map's extent is at most 99 by 99 (CCRR labels).
        Cell {
            column: u8::try_from(index % columns + 1).unwrap_or(u8::MAX),
            row: u8::try_from(index / columns + 1).unwrap_or(u8::MAX),
        }
    }

    /// The ground of a cell on the map.
    pub fn ground_at(&self, cell: Cell) -> Option<&Ground> {
        self.index(cell).and_then(|i| self.ground.get(i))
    }

    /// The kind of the hexside between two neighbours, if it is a ridge or
    /// a stream.
    pub fn hexside(&self, a: Cell, b: Cell) -> Option<Hexside> {
        // Asked of every step a search takes: most hexsides are plain.
        let edged = |cell: Cell| self.ground_at(cell).is_none_or(|g| g.edged);
        if !edged(a) || !edged(b) {
            return None;
        }
        self.hexsides.get(&hexside_key(a, b)).copied()
    }

    /// The piece a side's id names.
    pub fn piece(&self, side: Side, id: &str) -> Option<usize> {
        self.ids.get(id)?[side as usize]
    }

    /// The pieces a reference names: `Side.ID`, or an id of either army
    /// (unique across both, HS-R41); none when it names no piece. At most
    /// one per army, held inline, found with one lookup: this is asked of
    /// every word of every line.
    pub fn pieces_named(&self, reference: &UnitRef<'_>) -> ArrayVec<usize, 2> {
        match reference.side.and_then(Side::parse) {
            Some(side) => self.piece(side, reference.id).into_iter().collect(),
            None => self.ids.get(reference.id).map_or(ArrayVec::new(), |sides| {
                sides.iter().flatten().copied().collect()
            }),
        }
    }

    /// Names `piece` as `side`'s `id`.
    pub fn name_piece(&mut self, side: Side, id: &str, piece: usize) {
        self.ids.first_or_insert(id, [None; 2])[side as usize] = Some(piece);
    }

    pub fn is_doubted(&self, piece: usize) -> bool {
        self.doubted.iter().any(|&(p, _)| p == piece)
    }
}

/// A combat unit's standing (9.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Standing {
    #[default]
    Good,
    Disrupted,
    Routed,
    Eliminated,
}

/// A leader's standing (10.4, HS-R31).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeaderStanding {
    #[default]
    Effective,
    /// Footnote 2: ineffective until the end of the period.
    Wounded,
    /// Footnote 3: ineffective until the end of the next Battle Turn.
    Shaken,
    Killed,
    Captured,
}

/// A part of an army that takes one order (4.1, 4.2.4): a Saxon wing, or
/// the foot or the knights section of a Norman nationality. William's
/// Guard is in none while William lives, and in the Norman knights from
/// the Order Phase after his fall (4.3.8.1, HS-R46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Formation {
    Wing(Wing),
    Section(Nation, Arm),
}

/// The order a formation holds, and for how many more Battle Turns,
/// this one included (4.2.6: a two-turn order skips the next roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub order: Order,
    pub turns: u32,
}

/// What a piece has done in the open player phase (reset when a phase
/// opens): each at most once (5.1.3, 7.1.3, 8.1.4, 9.5.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PhaseFlags {
    pub rallied: bool,
    pub fired: bool,
    pub moved: bool,
    pub reacted: bool,
    pub fought: bool,
    /// Attacked in melee as a defender (8.1.4).
    pub attacked: bool,
    // fire
    /// Fired at in this phase's fire segment (7.1.3, HS-R14 d): the targets
    /// of one segment are all of one side, so a phase flag is a segment's.
    pub fired_at: bool,
    /// Its missile supply count already rose in this phase (7.4.2: a wing
    /// or section fires in a segment once, however many lines it writes).
    pub supply_counted: bool,
    // movement
    /// Entered the map as a reinforcement in this movement segment: the
    /// next one to enter has already spent a movement point (11.4.1).
    pub entered: bool,
    /// Made a qualifying charge this phase (4.3.7): +1 in its melee.
    pub charged: bool,
    /// ... and each of its last two steps was downhill (HS-R25): +2.
    pub charged_downhill: bool,
}

/// A consequence owed (spec 1.4): written as its own line right after the
/// line that caused it, before anything voluntary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A morale check (9.6), read for knights as 9.6.2 reads it when
    /// `rout_is_disruption`, ignoring D when `disruption_ignored` (9.6.4).
    Morale {
        piece: usize,
        rout_is_disruption: bool,
        disruption_ignored: bool,
        /// The units in Charge or Attack & Pursue order whose melee called
        /// for it: they pursue if it routs the unit (9.4.2).
        by: [Option<usize>; 3],
        cause: Span,
    },
    /// A routed unit's three-hex retreat (9.2.3); `pursuers`: the units in
    /// Charge or Attack & Pursue order that routed it in melee, who follow
    /// once it has retreated (9.4.2).
    Rout {
        piece: usize,
        pursuers: [Option<usize>; 3],
        cause: Span,
    },
    /// A pursuit of `target`, which has retreated (9.4.4).
    Pursue {
        piece: usize,
        target: usize,
        cause: Span,
    },
    /// A friend blocking a rout, to be displaced (9.3.3, HS-R20): the last
    /// hex of the rout written, or the hex the link written at `cause`
    /// pushed into.
    Displace { piece: usize, cause: Span },
    /// A lone leader's escape from the enemy units `from` (HS-R34).
    Escape {
        leader: usize,
        from: [Option<usize>; 3],
        cause: Span,
    },
    // fire
    /// A roll on the Leader Casualty Table (10.4.1, 7.1.7): a leader in a
    /// hex whose combat unit took a "1", or a lone leader who took one
    /// (HS-R35), on the table's `attack` column.
    Casualty {
        leader: usize,
        attack: Attack,
        cause: Span,
    },
}

/// A rout waiting on the displacements it needs (9.3.3, 9.3.4, HS-R20):
/// nothing moves until the chain ends in an empty hex; if a link fails,
/// nothing moves at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub router: usize,
    /// The hexes the rout enters; the last holds the first unit displaced.
    pub path: Vec<Cell>,
    pub facing: Option<Vertex>,
    pub pursuers: [Option<usize>; 3],
    /// The rout line.
    pub cause: Span,
    /// The displacements written so far, in the order written.
    pub links: Vec<Link>,
    /// A link was refused: the router took the blocked treatment, and the
    /// lines that went on with the chain are passed over (one mistake, one
    /// error) while the unit in `next` is the one they name.
    pub refused: bool,
    /// The hex the last link pushed into, whose unit comes next.
    pub next: Option<Cell>,
}

/// One displacement of a chain: a unit pushed one hex, and its new facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub piece: usize,
    pub from: Cell,
    pub to: Cell,
    pub facing: Option<Vertex>,
}

/// What changes of a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceState {
    /// `None` while off the map: a reinforcement not yet arrived, a reserve
    /// fyrd before the reform, an eliminated unit.
    pub at: Option<Cell>,
    /// Where an eliminated unit last stood: the pictures mark its end there.
    pub fell_at: Option<Cell>,
    pub facing: Option<Vertex>,
    /// The back of the counter (9.2.4).
    pub reduced: bool,
    pub standing: Standing,
    pub leader: LeaderStanding,
    /// Footnote 1: radii reduced by 1 for the rest of the game.
    pub wounded_once: bool,
    pub phase: PhaseFlags,
    // fire
    /// The fire segments counted against its missile supply this period
    /// (7.4, HS-R36): each segment in which a unit of its wing or section
    /// fired (only its own fire under `option missile-supply-per-unit`).
    pub supply_used: u32,
    /// A shaken leader is ineffective through this Battle Turn (HS-R33).
    pub shaken_until: u32,
    // movement
    /// The wing a Saxon reinforcement joined when it came within a leader's
    /// command radius or next to an enemy (4.3.8.2, HS-R37); `None` before.
    pub assigned: Option<Wing>,
    /// The fire segments of Period 1 its group left unused, carried into
    /// Period 2 (7.4.3, HS-R36).
    pub supply_carried: u32,
    /// Lifted off the map at its side's reform, to be placed (11.5).
    pub awaiting: bool,
}

/// A segment of a Battle Turn (3.2, HS-R41): the Order Phase at the head of
/// the Norman block, a player phase's six segments, the Turn Record Phase at
/// the end of the Saxon block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    Orders,
    Rally,
    Fire,
    Movement,
    Reaction,
    DefensiveFire,
    Melee,
    Record,
}

impl Segment {
    /// In the order they come.
    pub const ALL: [Segment; 8] = [
        Segment::Orders,
        Segment::Rally,
        Segment::Fire,
        Segment::Movement,
        Segment::Reaction,
        Segment::DefensiveFire,
        Segment::Melee,
        Segment::Record,
    ];

    /// Its phase label in a log (`defensive-fire:`).
    pub const fn label(self) -> &'static str {
        match self {
            Segment::Orders => "orders",
            Segment::Rally => "rally",
            Segment::Fire => "fire",
            Segment::Movement => "movement",
            Segment::Reaction => "reaction",
            Segment::DefensiveFire => "defensive-fire",
            Segment::Melee => "melee",
            Segment::Record => "record",
        }
    }

    pub fn parse(label: &str) -> Option<Segment> {
        Segment::ALL.into_iter().find(|s| s.label() == label)
    }

    /// Which side acts in it, given the phasing side: both in the Order
    /// Phase and the Turn Record Phase, the other side in reaction and
    /// defensive fire, the phasing side otherwise.
    pub const fn actor(self, phasing: Side) -> Option<Side> {
        match self {
            Segment::Orders | Segment::Record => None,
            Segment::Reaction | Segment::DefensiveFire => Some(phasing.other()),
            _ => Some(phasing),
        }
    }
}

/// How a period was extended (3.3.1): by its condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extension {
    /// More than half the Norman combat units on Senlac Hill: 2 turns.
    Half,
    /// More than three quarters: 3 turns.
    ThreeQuarters,
    /// Every Saxon unit in good order encircled: until it is broken.
    Encircled,
}

impl Extension {
    pub const ALL: [Extension; 3] = [
        Extension::Half,
        Extension::ThreeQuarters,
        Extension::Encircled,
    ];

    /// Its word in `Normans extend …`.
    pub const fn word(self) -> &'static str {
        match self {
            Extension::Half => "half",
            Extension::ThreeQuarters => "three-quarters",
            Extension::Encircled => "encircled",
        }
    }

    pub fn parse(word: &str) -> Option<Extension> {
        Extension::ALL.into_iter().find(|e| e.word() == word)
    }

    /// The turns it adds; `None` while the encirclement holds.
    pub const fn turns(self) -> Option<u32> {
        match self {
            Extension::Half => Some(2),
            Extension::ThreeQuarters => Some(3),
            Extension::Encircled => None,
        }
    }
}

/// Why the battle is over (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The Normans control every road hex on Senlac Hill (12.1.1).
    Road,
    /// Every housecarl unit is eliminated (12.1.2).
    Housecarls,
    /// Period 2 ended without a Norman victory (12.1.3).
    Time,
}

/// How the battle was decided: by whom, how well, and why (12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// Strategic, or tactical when the Normans won while losing more
    /// casualty points (12.1.1); meaningless for a draw.
    pub strategic: bool,
    pub decision: Decision,
    /// The Battle Turn it was decided in.
    pub turn: u32,
}

impl Verdict {
    /// The level a `win` line claims: `strategic`, `tactical` or `draw`.
    pub const fn level(self) -> &'static str {
        match (self.winner, self.strategic) {
            (None, _) => "draw",
            (Some(_), true) => "strategic",
            (Some(_), false) => "tactical",
        }
    }
}

/// The position at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub roster: Arc<Roster>,
    /// Per piece, in roster order.
    pub pieces: Vec<PieceState>,
    /// The Battle Turn, numbered on through the game (HS-R41); 0 in setup.
    pub turn: u32,
    /// The side whose player phase is open; `None` in setup.
    pub phasing: Option<Side>,
    /// The segment open in it, once a label has opened one.
    pub segment: Option<Segment>,
    /// Each formation's order this turn (4.2.3).
    pub orders: Vec<(Formation, Held)>,
    /// Consequences still to be written (spec 1.4).
    pub owed: Vec<Owed>,
    /// `(phasing unit, enemy)`: the mutual zones of control standing when
    /// the melee segment opened; the enemy must be attacked (8.1.2, HS-R9).
    pub bound: Vec<(usize, usize)>,
    /// A rout waiting on its displacements (HS-R20).
    pub displacing: Option<Chain>,
    /// William has fallen and an Order Phase has come since: his Guard is
    /// in the Norman knights section (4.3.8.1, HS-R46).
    pub guard_joined: bool,
    // orders
    /// The wing each Saxon unit joined in an Order Phase, over its `wing=`
    /// (4.1.2, HS-R29).
    pub joined: Vec<(usize, Wing)>,
    /// The order a wing's housecarls took instead of its Attack & Pursue
    /// (4.3.8.3, `option housecarl-restraint`), for as long as the wing
    /// holds it.
    pub housecarls: Vec<(Wing, Held)>,
    /// The formations whose two-turn order runs on into this Battle Turn:
    /// they roll nothing and keep their members (4.2.6, HS-R30).
    pub carried: Vec<Formation>,
    /// The wings and nationalities this Order Phase wrote a strategy for,
    /// each with its line (4.2.1).
    pub strategies: Vec<(Part, Span)>,
    /// Each wing's and nationality's Strategy Effects rating, the sum of
    /// its `effect=` claims (4.2.3, HS-R51).
    pub effects: Vec<(Part, i32)>,
    /// The formations that rerolled in this Order Phase (3.3.2, HS-R54).
    pub rerolled: Vec<Formation>,
    // periods and victory
    /// The Assault Period, 1 or 2 (3.0).
    pub period: u32,
    /// Its first Battle Turn (turns run on through the game, HS-R41).
    pub period_start: u32,
    /// The extension the Normans took at its eighth turn (3.3.1).
    pub extension: Option<Extension>,
    /// The road hexes on Senlac Hill and the side that last entered each
    /// (12.1.1, HS-R43): the Saxons' at setup.
    pub road: Vec<(Cell, Side)>,
    /// Set when the battle is decided (12.1): nothing is played after.
    pub verdict: Option<Verdict>,
    /// Play written after the verdict was reported (once).
    pub played_on: bool,
    // the reform
    /// The sides that wrote `reform` at this period's end (11.5.1).
    pub reforms: Vec<Side>,
    /// The units eliminated at the end of Period 1, each with whether it
    /// was for want of a trace (11.5.2, 11.5.3).
    pub reform_losses: Vec<(usize, bool)>,
    /// Each change this phase made to a piece's hex, standing or facing:
    /// the piece and how it stood just before. Kept by `event::apply` and
    /// emptied when a phase starts (no line starts one), so that what a
    /// line changed is read from its own entries rather than by comparing
    /// every piece with a copy taken before it.
    pub replaced: Replaced,
    /// Each side's zones of control, worked out when first asked after a
    /// piece last changed its hex, standing or facing: most lines move one
    /// side's units through the other's unchanged zones.
    pub zones: Zones,
    /// How many pieces stand in each hex of the map: kept by
    /// [`State::place`], so that a question about an empty hex (most of
    /// those a move or a retreat asks) is answered without a pass over the
    /// pieces.
    pub occupied: Occupancy,
}

/// [`State::replaced`]. Only the line being played reads it, from a mark
/// it takes as it starts, so a copy of the state starts without it and it
/// takes no part in comparing states: a copy made for each state recorded
/// or shown would otherwise copy every change of the phase so far, which
/// made a printer's walk over a long phase quadratic.
#[derive(Debug, Default)]
pub struct Replaced(Vec<(usize, Placed)>);

impl std::ops::Deref for Replaced {
    type Target = Vec<(usize, Placed)>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Replaced {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Clone for Replaced {
    fn clone(&self) -> Replaced {
        Replaced::default()
    }
}

impl PartialEq for Replaced {
    fn eq(&self, _: &Replaced) -> bool {
        true
    }
}

/// [`State::occupied`]: pieces per hex, in [`Roster::index`] order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Occupancy(Vec<u8>);

impl Occupancy {
    /// The count for `pieces` as they stand on `roster`'s map.
    pub fn of(roster: &Roster, pieces: &[PieceState]) -> Occupancy {
        let hexes = usize::from(roster.extent.columns) * usize::from(roster.extent.rows);
        let mut occupied = Occupancy(vec![0; hexes]);
        for piece in pieces {
            occupied.add(roster, piece.at, 1);
        }
        occupied
    }

    fn add(&mut self, roster: &Roster, at: Option<Cell>, change: i8) {
        if let Some(count) = at
            .and_then(|cell| roster.index(cell))
            .and_then(|i| self.0.get_mut(i))
        {
            *count = count.saturating_add_signed(change);
        }
    }
}

/// [`State::zones`]: derived from the pieces, so a state's copy starts
/// without them and two states compare equal whatever each has worked out.
#[derive(Default)]
pub struct Zones([std::sync::OnceLock<super::ground::Zone>; 2]);

impl Zones {
    /// `side`'s zones, worked out by `compute` unless known.
    pub fn get_or(
        &self,
        side: Side,
        compute: impl FnOnce() -> super::ground::Zone,
    ) -> &super::ground::Zone {
        self.0[side as usize].get_or_init(compute)
    }

    /// Forgets `side`'s zones: one of its pieces changed.
    pub fn forget(&mut self, side: Side) {
        self.0[side as usize] = std::sync::OnceLock::new();
    }
}

impl Clone for Zones {
    fn clone(&self) -> Zones {
        Zones::default()
    }
}

impl PartialEq for Zones {
    fn eq(&self, _: &Zones) -> bool {
        true
    }
}

impl std::fmt::Debug for Zones {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Zones")
    }
}

/// The key of the hexside between `a` and `b` in [`Roster::hexsides`]:
/// the lower cell first, whichever side names it.
pub fn hexside_key(a: Cell, b: Cell) -> (Cell, Cell) {
    if (a.column, a.row) <= (b.column, b.row) {
        (a, b)
    } else {
        (b, a)
    }
}

/// A piece's hex, standing and facing: what adjacency and zones of control
/// (5.7) read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub at: Option<Cell>,
    pub standing: Standing,
    pub facing: Option<Vertex>,
}

impl Placed {
    pub fn of(piece: &PieceState) -> Placed {
        Placed {
            at: piece.at,
            standing: piece.standing,
            facing: piece.facing,
        }
    }

    /// Whether `piece` still stands as this says, field by field rather
    /// than through `Option`s of the whole.
    pub fn same_as(&self, piece: &PieceState) -> bool {
        let key =
            |at: Option<Cell>| at.map_or(u32::MAX, |c| u32::from(c.column) << 8 | u32::from(c.row));
        key(self.at) == key(piece.at)
            && self.standing == piece.standing
            && self.facing == piece.facing
    }
}

/// A piece's name for messages, formatted when displayed.
#[derive(Clone, Copy, Debug)]
pub struct PieceName<'a>(Option<&'a PieceInfo>);

impl std::fmt::Display for PieceName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(p) => write!(f, "{} {}", p.side.word(), p.id),
            None => Ok(()),
        }
    }
}

impl State {
    pub fn info(&self, piece: usize) -> Option<&PieceInfo> {
        self.roster.pieces.get(piece)
    }

    /// "Side ID", for messages.
    pub fn name(&self, piece: usize) -> String {
        self.named(piece).to_string()
    }

    /// "Side ID", written only when a message is: checks on the happy path
    /// hold it without formatting it.
    pub fn named(&self, piece: usize) -> PieceName<'_> {
        PieceName(self.info(piece))
    }

    /// The formation a piece takes its order with: a Saxon unit's wing (the
    /// one it last joined, 4.1.2), a Norman unit's nationality and arm;
    /// none for leaders (4.2.5), the Guard until the Order Phase after
    /// William's fall (HS-R46) and a reinforcement not yet assigned
    /// (4.3.8.2).
    pub fn formation_of(&self, piece: usize) -> Option<Formation> {
        let info = self.info(piece)?;
        let class = info.class?;
        if let Some(&(_, wing)) = self.joined.iter().find(|&&(p, _)| p == piece) {
            return Some(Formation::Wing(wing));
        }
        match self.part_of(piece)? {
            Part::Wing(wing) => Some(Formation::Wing(wing)),
            Part::Nation(_) if class == Class::Guard && !self.guard_joined => None,
            Part::Nation(nation) => Some(Formation::Section(nation, class.kind().arm())),
        }
    }

    /// The order a combat unit acts under this turn: its formation's, as
    /// its class adopts it (bowmen keep Fire in Place under Shield Wall,
    /// 4.3.1; housecarls keep the choice they made against Attack &
    /// Pursue, 4.3.8.3); Advance to Combat for a Saxon reinforcement not yet
    /// assigned (4.3.8.2); none for the Guard while William lives or a
    /// formation that has no order yet.
    pub fn order_for(&self, piece: usize) -> Option<Order> {
        let info = self.info(piece)?;
        let class = info.class?;
        if info.side == Side::Saxons && self.part_of(piece).is_none() {
            return Some(Order::AdvanceToCombat);
        }
        let formation = self.formation_of(piece)?;
        if let (Class::Housecarls, Formation::Wing(wing)) = (class, formation)
            && let Some(&(_, held)) = self.housecarls.iter().find(|(w, _)| *w == wing)
        {
            return Some(held.order);
        }
        let held = self.order_of(formation)?;
        Some(held.order.adopted_by(class))
    }

    /// The part of its army a piece belongs to: as declared, or the wing a
    /// reinforcement joined (4.3.8.2).
    pub fn part_of(&self, piece: usize) -> Option<Part> {
        let info = self.info(piece)?;
        info.part.or_else(|| {
            self.pieces
                .get(piece)
                .and_then(|p| p.assigned)
                .map(Part::Wing)
        })
    }

    /// The order a formation holds this turn.
    pub fn order_of(&self, formation: Formation) -> Option<Held> {
        self.orders
            .iter()
            .find(|(f, _)| *f == formation)
            .map(|&(_, held)| held)
    }

    /// The Battle Turn within the period: 1 for its first.
    pub fn turn_in_period(&self) -> u32 {
        self.turn
            .checked_sub(self.period_start)
            .map_or(0, |n| n.saturating_add(1))
    }

    /// Whether no piece stands in `cell`, as far as the count tells: a hex
    /// off the map is not told (`false`), and is searched for as before.
    pub fn vacant(&self, cell: Cell) -> bool {
        self.vacant_but(cell, None)
    }

    /// [`State::vacant`], `piece` left out: whether no other piece stands
    /// in `cell` (a leader in his own hex asks whether he is alone).
    pub fn vacant_but(&self, cell: Cell, piece: Option<usize>) -> bool {
        let own = piece
            .and_then(|p| self.pieces.get(p))
            .is_some_and(|p| p.at == Some(cell));
        self.roster
            .index(cell)
            .and_then(|i| self.occupied.0.get(i))
            .is_some_and(|&count| count <= u8::from(own))
    }

    /// Puts `piece` in `to` (off the map with `None`), keeping the count
    /// of pieces per hex: the one way a piece's hex changes in play.
    pub fn place(&mut self, piece: usize, to: Option<Cell>) {
        let Some(p) = self.pieces.get_mut(piece) else {
            return;
        };
        let from = std::mem::replace(&mut p.at, to);
        if from != to {
            self.occupied.add(&self.roster, from, -1);
            self.occupied.add(&self.roster, to, 1);
        }
    }

    /// The combat unit standing in a hex, if any (5.6.1: one at most).
    pub fn unit_at(&self, cell: Cell) -> Option<usize> {
        if self.vacant(cell) {
            return None;
        }
        (0..self.pieces.len()).find(|&p| {
            self.pieces[p].at == Some(cell) && self.info(p).is_some_and(|i| !i.is_leader())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senlac_board::hex;

    /// The count of pieces per hex a state keeps is the count of its
    /// pieces, after every step of the sample and of generated battles
    /// (moves and eliminations among them; the reform, which none of them
    /// reaches, is checked in tests/hastings_1066_reform.rs), and an empty
    /// hex is told from one where a piece stands.
    #[test]
    fn the_pieces_counted_in_each_hex_are_the_pieces_there() {
        let (mut positions, mut vacated) = (0, 0);
        for text in crate::hastings_1066::play::sample_and_generated(3, 9) {
            crate::hastings_1066::play::each_state(&text, |state| {
                positions += 1;
                assert_eq!(
                    state.occupied,
                    Occupancy::of(&state.roster, &state.pieces),
                    "after {positions} positions"
                );
                for cell in state.roster.extent.cells() {
                    let there = |but: Option<usize>| {
                        (0..state.pieces.len())
                            .any(|p| Some(p) != but && state.pieces[p].at == Some(cell))
                    };
                    assert_eq!(state.vacant(cell), !there(None), "{cell}");
                    for piece in
                        (0..state.pieces.len()).filter(|&p| state.pieces[p].at == Some(cell))
                    {
                        assert_eq!(
                            state.vacant_but(cell, Some(piece)),
                            !there(Some(piece)),
                            "{cell}"
                        );
                    }
                }
                vacated += state.pieces.iter().filter(|p| p.fell_at.is_some()).count();
            });
        }
        // Pieces left the map, not only moved on it.
        assert!(vacated > 100, "{vacated} in {positions} positions");
    }

    /// [`Roster::hexside`] passes over a step between plain cells without a
    /// lookup: for every pair of neighbours on the sample's map and on
    /// generated ones, it finds what the table of hexsides holds.
    #[test]
    fn a_plain_step_has_no_hexside() {
        let texts = super::super::play::sample_and_generated(4, 3);
        let mut found = 0;
        for text in &texts {
            let archive = senlac_notation::parse(text);
            let roster = super::super::setup::setup(&archive.battles[0], &mut Vec::new())
                .field
                .roster;
            for a in roster.extent.cells() {
                for b in hex::neighbours(a, roster.parity) {
                    let listed = roster.hexsides.get(&hexside_key(a, b)).copied();
                    assert_eq!(roster.hexside(a, b), listed, "{a} {b}");
                    found += usize::from(listed.is_some());
                }
            }
        }
        assert!(found > 40, "{found} hexsides");
    }
}
