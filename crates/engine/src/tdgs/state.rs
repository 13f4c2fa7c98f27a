//! TDGS Mass Combat's position (spec 1.1): the roster that never changes,
//! shared behind an `Arc`, and the state that does, a few plain fields per
//! entity plus the battle's clock and what is owed, so a state is cheap to
//! clone.

use std::fmt;
use std::sync::Arc;

use senlac_board::footprint::{self, Footprint};
use senlac_board::{Cell, Extent};
use senlac_notation::Span;
use smol_str::SmolStr;

use super::tables::{
    self, Command, Cover, Echelon, LUK_MAX, LUK_MIN, Order, STAT_MAX, STAT_MIN, Terrain, Trigger,
    Weapon,
};
use crate::ids::IdMap;

// ------------------------------------------------------------------ roster

/// What an entity is: units take orders and check morale, heroes do
/// neither (TDGS-R38).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Unit,
    Hero,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Unit, Kind::Hero];

    /// Its word in `kind=`.
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Unit => "unit",
            Kind::Hero => "hero",
        }
    }

    pub fn parse(word: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.word() == word)
    }
}

/// One of the nine stats (core D2), as a key of an entity line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stat {
    Str,
    Dex,
    Ref,
    Con,
    Mov,
    Int,
    Wis,
    Cha,
    Luk,
}

/// The lowest CON: HP is CON × 5, and an entity starts with at least 1
/// (SETUP-4).
const CON_MIN: i32 = 1;

impl Stat {
    /// In the order an entity line writes them.
    pub const ALL: [Stat; 9] = [
        Stat::Str,
        Stat::Dex,
        Stat::Ref,
        Stat::Con,
        Stat::Mov,
        Stat::Int,
        Stat::Wis,
        Stat::Cha,
        Stat::Luk,
    ];

    /// Its key: `str`.
    pub const fn key(self) -> &'static str {
        match self {
            Stat::Str => "str",
            Stat::Dex => "dex",
            Stat::Ref => "ref",
            Stat::Con => "con",
            Stat::Mov => "mov",
            Stat::Int => "int",
            Stat::Wis => "wis",
            Stat::Cha => "cha",
            Stat::Luk => "luk",
        }
    }

    /// Its name in the documents: `STR`.
    pub const fn name(self) -> &'static str {
        match self {
            Stat::Str => "STR",
            Stat::Dex => "DEX",
            Stat::Ref => "REF",
            Stat::Con => "CON",
            Stat::Mov => "MOV",
            Stat::Int => "INT",
            Stat::Wis => "WIS",
            Stat::Cha => "CHA",
            Stat::Luk => "LUK",
        }
    }

    pub fn parse(key: &str) -> Option<Stat> {
        Stat::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The lowest and highest value it may take (SETUP-4).
    pub const fn range(self) -> (i32, i32) {
        match self {
            Stat::Luk => (LUK_MIN, LUK_MAX),
            Stat::Con => (CON_MIN, STAT_MAX),
            _ => (STAT_MIN, STAT_MAX),
        }
    }
}

/// The nine stats as stated: everything already applied (TDGS-R44).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    pub str: i32,
    pub dex: i32,
    pub ref_: i32,
    pub con: i32,
    pub mov: i32,
    pub int: i32,
    pub wis: i32,
    pub cha: i32,
    pub luk: i32,
}

impl Stats {
    pub const fn get(&self, stat: Stat) -> i32 {
        match stat {
            Stat::Str => self.str,
            Stat::Dex => self.dex,
            Stat::Ref => self.ref_,
            Stat::Con => self.con,
            Stat::Mov => self.mov,
            Stat::Int => self.int,
            Stat::Wis => self.wis,
            Stat::Cha => self.cha,
            Stat::Luk => self.luk,
        }
    }

    pub fn set(&mut self, stat: Stat, value: i32) {
        let slot = match stat {
            Stat::Str => &mut self.str,
            Stat::Dex => &mut self.dex,
            Stat::Ref => &mut self.ref_,
            Stat::Con => &mut self.con,
            Stat::Mov => &mut self.mov,
            Stat::Int => &mut self.int,
            Stat::Wis => &mut self.wis,
            Stat::Cha => &mut self.cha,
            Stat::Luk => &mut self.luk,
        };
        *slot = value;
    }
}

/// The traits the rules give an effect (TDGS-R44, `tables::TRAITS`);
/// content traits are only words in [`EntityInfo::traits`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KnownTraits {
    pub terrifying: bool,
    pub unbreakable: bool,
    pub hold_the_line: bool,
    pub disciplined_fire: bool,
}

impl KnownTraits {
    /// Notes `word` if the rules know it.
    pub fn note(&mut self, word: &str) {
        match tables::trait_effect(word) {
            Some(tables::TraitEffect::Terrifying) => self.terrifying = true,
            Some(tables::TraitEffect::MoraleReroll) => self.unbreakable = true,
            Some(tables::TraitEffect::HoldRef(_)) => self.hold_the_line = true,
            Some(tables::TraitEffect::IgnoresPartialCover) => self.disciplined_fire = true,
            None => {}
        }
    }
}

/// An entity as its `unit` line declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityInfo {
    /// Index into [`Roster::sides`].
    pub side: usize,
    pub id: SmolStr,
    pub name: SmolStr,
    pub kind: Kind,
    /// The unit line's CLASS word (`infantry-squad`, `human`).
    pub race: SmolStr,
    /// The unit line's GRADE word (`veteran`, `knight`), if written.
    pub class: Option<SmolStr>,
    pub stats: Stats,
    /// Footprint width and height in squares (`size=WxH`, 1x1 by default).
    pub width: u8,
    pub height: u8,
    pub weapon: Weapon,
    /// Every trait word, as written (`traits=terrifying+fearless`).
    pub traits: Vec<SmolStr>,
    pub known_traits: KnownTraits,
    /// `role=commander`.
    pub commander: bool,
    /// `men=`, for the report's casualties (TDGS-R48).
    pub men: Option<u32>,
    /// `echelon=`, shown only (TDGS-R48).
    pub echelon: Option<Echelon>,
    /// CON × 5 (UNITS-2).
    pub max_hp: i32,
}

/// An army's friendly board edge (`edge=`), where its routers flee (ROUT-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    /// Its word in `edge=` (and a facing's after `^`): `n`.
    pub const fn word(self) -> &'static str {
        match self {
            Edge::North => "n",
            Edge::East => "e",
            Edge::South => "s",
            Edge::West => "w",
        }
    }

    /// The compass word a writer may put for it: `north`.
    pub const fn compass(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }

    pub fn parse(word: &str) -> Option<Edge> {
        Edge::ALL.into_iter().find(|e| e.word() == word)
    }

    /// The edge across the map.
    pub const fn opposite(self) -> Edge {
        match self {
            Edge::North => Edge::South,
            Edge::East => Edge::West,
            Edge::South => Edge::North,
            Edge::West => Edge::East,
        }
    }

    /// The squares of this edge of the map: a footprint that covers one
    /// has [`Edge::reached`] it.
    pub fn squares(self, extent: Extent) -> footprint::Rect {
        let (columns, rows) = (i32::from(extent.columns), i32::from(extent.rows));
        let whole = footprint::Rect {
            left: 1,
            right: columns,
            top: 1,
            bottom: rows,
        };
        match self {
            Edge::North => footprint::Rect { bottom: 1, ..whole },
            Edge::East => footprint::Rect {
                left: columns,
                ..whole
            },
            Edge::South => footprint::Rect { top: rows, ..whole },
            Edge::West => footprint::Rect { right: 1, ..whole },
        }
    }

    /// Whether any square of `footprint` lies on this edge of the map
    /// (TDGS-R34). Row 01 is the north edge, column 01 the west.
    pub fn reached(self, footprint: Footprint, extent: Extent) -> bool {
        // As `footprint.cells().any(..)` would find, by the bounds of its
        // labelled part: searches ask this of every anchor of the map.
        let span = |from: u8, size: u8| {
            let from = i32::from(from);
            (from.max(1), (from + i32::from(size.max(1)) - 1).min(99))
        };
        let (left, right) = span(footprint.anchor.column, footprint.width);
        let (top, bottom) = span(footprint.anchor.row, footprint.height);
        if left > right || top > bottom {
            return false;
        }
        let (columns, rows) = (i32::from(extent.columns), i32::from(extent.rows));
        match self {
            Edge::North => top == 1,
            Edge::East => (left..=right).contains(&columns),
            Edge::South => (top..=bottom).contains(&rows),
            Edge::West => left == 1,
        }
    }
}

/// The terrain of one square: the set of kinds laid on it, since a square
/// may be both difficult and cover. Empty is open ground.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ground(u16);

// One bit per kind.
const _: () = assert!(Terrain::ALL.len() <= 16);

impl Ground {
    pub const OPEN: Ground = Ground(0);

    /// With `kind` laid on it too (open adds nothing).
    pub const fn with(self, kind: Terrain) -> Ground {
        match kind {
            Terrain::Open => self,
            _ => Ground(self.0 | 1 << kind as u16),
        }
    }

    /// Whether it has `kind`; open means no other kind.
    pub const fn has(self, kind: Terrain) -> bool {
        match kind {
            Terrain::Open => self.0 == 0,
            _ => self.0 & (1 << kind as u16) != 0,
        }
    }

    /// The kinds laid on it, in table order; none for open ground.
    fn kinds(self) -> impl Iterator<Item = Terrain> {
        Terrain::ALL
            .into_iter()
            .filter(move |&k| k != Terrain::Open && self.has(k))
    }

    /// MOV to enter it: the dearest of its kinds, 1 on open ground; `None`
    /// when a kind blocks passage (TDGS-R9).
    pub fn step_cost(self) -> Option<u32> {
        // Most squares, and every search asks every square.
        if self == Ground::OPEN {
            return Some(1);
        }
        self.kinds()
            .try_fold(1, |cost, kind| kind.row().step_cost.map(|c| cost.max(c)))
    }

    /// Whether it blocks line of sight (POSITION-9).
    pub fn blocks_sight(self) -> bool {
        self.kinds().any(|k| k.row().blocks_sight)
    }

    /// The best cover its kinds give; a target's cover is the weakest of
    /// its squares' (`tables::weakest_cover`).
    pub fn cover(self) -> Cover {
        self.kinds()
            .map(|k| k.row().cover)
            .max()
            .unwrap_or(Cover::None)
    }

    /// Whether entering it or starting an activation on it owes a hazard
    /// (POSITION-11).
    pub fn hazardous(self) -> bool {
        self.kinds().any(|k| k.row().hazardous)
    }
}

/// What does not change during a battle: sides, their edges, the entities,
/// the map and its terrain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Roster {
    pub sides: Vec<SmolStr>,
    /// Per side, its army's friendly edge (`edge=`), if it names one.
    pub edges: Vec<Option<Edge>>,
    pub entities: Vec<EntityInfo>,
    /// The square map's extent; 0 × 0 when the map is missing or not square.
    pub columns: u8,
    pub rows: u8,
    /// Each square's terrain, row by row from 0101: see [`Roster::ground_at`].
    pub ground: Vec<Ground>,
    /// Whether any square of [`Roster::ground`] is hazardous: most maps
    /// have none, and every activation's opening asks (POSITION-11).
    pub hazards: bool,
    /// Per side, each entity's index by id: lines name entities by id, and
    /// a lookup must not pass over every entity.
    pub ids: Vec<IdMap<usize>>,
    /// Entities a setup finding leaves in doubt (a broken entity line, a
    /// placement that failed), each with the finding's index: their
    /// findings in play are not reported again (crate::doubt).
    pub doubted: Vec<(usize, usize)>,
}

impl Roster {
    pub fn extent(&self) -> Extent {
        Extent {
            columns: self.columns,
            rows: self.rows,
        }
    }

    pub fn on_map(&self, cell: Cell) -> bool {
        self.extent().contains(cell)
    }

    /// Where `cell` is in [`Roster::ground`].
    pub fn square_index(&self, cell: Cell) -> Option<usize> {
        self.on_map(cell).then(|| {
            usize::from(cell.row - 1) * usize::from(self.columns) + usize::from(cell.column - 1)
        })
    }

    /// The terrain of a square; `None` off the map.
    pub fn ground_at(&self, cell: Cell) -> Option<Ground> {
        self.ground.get(self.square_index(cell)?).copied()
    }

    pub fn side_index(&self, name: &str) -> Option<usize> {
        self.sides.iter().position(|s| s == name)
    }

    /// The entity `id` of `side`.
    pub fn entity(&self, side: usize, id: &str) -> Option<usize> {
        self.ids.get(side)?.get(id).copied()
    }

    /// Indexes the entities by side and id, once they are all declared.
    pub fn index_ids(&mut self) {
        self.ids = vec![IdMap::default(); self.sides.len()];
        for (index, entity) in self.entities.iter().enumerate() {
            if let Some(ids) = self.ids.get_mut(entity.side) {
                ids.first_or_insert(&entity.id, index);
            }
        }
    }

    /// `Crown A`: an entity's name in messages.
    pub fn name(&self, entity: usize) -> String {
        self.named(entity).to_string()
    }

    /// [`Roster::name`], written only when a message is: setup names every
    /// entity it checks, and most checks pass.
    pub fn named(&self, entity: usize) -> Named<'_> {
        Named {
            roster: self,
            entity,
        }
    }

    pub fn is_doubted(&self, entity: usize) -> bool {
        self.doubted.iter().any(|&(e, _)| e == entity)
    }
}

/// An entity's name as [`Roster::name`] writes it, formatted on demand.
#[derive(Clone, Copy)]
pub struct Named<'a> {
    roster: &'a Roster,
    entity: usize,
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.roster.entities.get(self.entity) {
            Some(info) => {
                let side = self
                    .roster
                    .sides
                    .get(info.side)
                    .map_or("?", SmolStr::as_str);
                write!(f, "{side} {}", info.id)
            }
            None => write!(f, "entity {}", self.entity),
        }
    }
}

// ------------------------------------------------------------------- state

/// What has become of an entity (spec 1.4). Units are active, routed,
/// destroyed, fled or surrendered; heroes active, unconscious,
/// incapacitated or dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Active,
    Routed,
    Destroyed,
    Fled,
    Surrendered,
    Unconscious,
    Incapacitated,
    Dead,
}

impl Status {
    pub const ALL: [Status; 8] = [
        Status::Active,
        Status::Routed,
        Status::Destroyed,
        Status::Fled,
        Status::Surrendered,
        Status::Unconscious,
        Status::Incapacitated,
        Status::Dead,
    ];

    /// Its word in a claim (`=> R3 surrendered`).
    pub const fn word(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Routed => "routed",
            Status::Destroyed => "destroyed",
            Status::Fled => "fled",
            Status::Surrendered => "surrendered",
            Status::Unconscious => "unconscious",
            Status::Incapacitated => "incapacitated",
            Status::Dead => "dead",
        }
    }

    pub fn parse(word: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.word() == word)
    }

    /// Off the board for good: destroyed, dead, fled or surrendered.
    pub const fn removed(self) -> bool {
        matches!(
            self,
            Status::Destroyed | Status::Dead | Status::Fled | Status::Surrendered
        )
    }

    /// A commander in this state is lost (COMMAND-7, TDGS-R12): anything
    /// but active or routed.
    pub const fn lost(self) -> bool {
        !matches!(self, Status::Active | Status::Routed)
    }
}

/// A unit's place under a commander.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    pub commander: usize,
    pub slot: Command,
}

/// A set of morale triggers: the ones a pending check merges (MORALE-7),
/// the ones that routed a unit, or the once-per-battle ones spent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Triggers(u8);

const _: () = assert!(Trigger::ALL.len() <= 8);

impl Triggers {
    pub const NONE: Triggers = Triggers(0);

    pub const fn with(self, trigger: Trigger) -> Triggers {
        Triggers(self.0 | 1 << trigger as u8)
    }

    pub const fn contains(self, trigger: Trigger) -> bool {
        self.0 & (1 << trigger as u8) != 0
    }

    pub const fn union(self, other: Triggers) -> Triggers {
        Triggers(self.0 | other.0)
    }

    #[cfg(feature = "test-support")]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// In table order.
    pub fn iter(self) -> impl Iterator<Item = Trigger> {
        Trigger::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// As a `morale` line writes them: `half+quarter`.
    pub fn words(self) -> String {
        self.iter().map(Trigger::word).collect::<Vec<_>>().join("+")
    }

    /// Whether `text` is [`Triggers::words`], told without building them.
    pub fn written_as(self, text: &str) -> bool {
        if text.is_empty() {
            return self.iter().next().is_none();
        }
        text.split('+').eq(self.iter().map(Trigger::word))
    }
}

/// Why a unit routed (MORALE-4): what its rally, cornered check and flight
/// read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rout {
    /// The threat value of the check it failed.
    pub threat: i32,
    /// The entity it flees from when it has no edge or commander to run to
    /// (TDGS-R33); `None` when none could be named.
    pub threat_entity: Option<usize>,
    pub triggers: Triggers,
}

/// Flags that last one round (spec 1.2, ROUND-START clears them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoundFlags {
    /// Has had its activation.
    pub activated: bool,
    /// Ended an activation with `delay`, and may open one more (TURN-9).
    pub delayed: bool,
    /// Was rallied, so has no activation left (RALLY-3).
    pub rallied: bool,
    /// A rally was tried on it (RALLY-4: one a round).
    pub rally_attempted: bool,
}

impl RoundFlags {
    /// Whether its activation this round is spent: had, and not delayed
    /// to come back (TURN-9).
    pub fn spent(self) -> bool {
        self.activated && !self.delayed
    }
}

/// The changing part of an entity (spec 1.1). `Copy`: the sets that may
/// grow (commanders lost, terrors met) are kept per battle in [`State`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EntityState {
    /// The footprint's anchor; `None` while not deployed.
    pub anchor: Option<Cell>,
    pub hp: i32,
    /// The other account of its HP while a wrong `hp=` claim disputes it
    /// (TDGS-R54); `None` when undisputed.
    pub hp_other: Option<OtherHp>,
    pub status: Status,
    /// Units only: the order in force, and a new one waiting for the unit's
    /// next activation (ORDERS-2). Heroes have `None`.
    pub order: Option<Order>,
    pub pending_order: Option<Order>,
    /// Its commander, or `None` while uncontrolled.
    pub commander: Option<Link>,
    /// The once-per-battle triggers spent: half, quarter, surrounded.
    pub spent: Triggers,
    /// Set while routed.
    pub rout: Option<Rout>,
    /// Passed a cornered check and still has no escape route (CORNERED-4).
    pub last_stand: bool,
    /// Charge modifiers in force until its next activation starts (ORDERS-7).
    pub charging: bool,
    pub round: RoundFlags,
}

/// The account of an entity's HP the replay does not follow while a wrong
/// `hp=` claim disputes it (TDGS-R54).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OtherHp {
    pub hp: i32,
    /// Whether it is the HP worked out from the damage written; else it is
    /// the wrong claim's, less the damage since.
    pub worked_out: bool,
}

impl EntityState {
    /// Its HP as the damage written works them out: the account followed,
    /// unless a dispute (TDGS-R54) keeps that one as the other.
    pub fn hp_worked_out(&self) -> i32 {
        match self.hp_other {
            Some(other) if other.worked_out => other.hp,
            _ => self.hp,
        }
    }

    /// Its HP as the last `hp=` claim left them, less the damage since.
    pub fn hp_claimed(&self) -> i32 {
        match self.hp_other {
            Some(other) if !other.worked_out => other.hp,
            _ => self.hp,
        }
    }
}

/// The open activation and what it has spent (ACTIONS-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Activation {
    pub entity: usize,
    pub action_used: bool,
    pub step_used: bool,
    /// The gap to the entity's nearest enemy when it opened (ORDERS-4:
    /// did it get nearer?); `None` for a hero, which takes no orders.
    pub start_gap: Option<u32>,
    /// A line of it was refused.
    pub refused: bool,
}

/// The kind of an attack, which an exposed commander's free attack repeats
/// (COMMAND-11, TDGS-R27): its kind and the stat it rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackKind {
    /// `attack`, `charge`, opportunity: STR.
    Melee,
    /// `shoot`: DEX.
    Shot,
    /// `cast … arcane`: INT.
    Arcane,
    /// `cast … divine`: WIS.
    Divine,
}

/// A morale check owed (MORALE-5): all the triggers that fired for the unit
/// before it rolled, merged (MORALE-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoraleCheck {
    pub unit: usize,
    pub triggers: Triggers,
    /// The highest threat among them.
    pub threat: i32,
    /// The entity to flee from if it breaks (TDGS-R33).
    pub threat_entity: Option<usize>,
    /// The line that made it owed, for a check left out.
    pub cause: Span,
}

/// Something the log must write before the open activation goes on (spec
/// 1.2, RESOLVE-OWED).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owed {
    Morale(MoraleCheck),
    /// The destroyer of a commander's direct unit may attack the commander
    /// once, now (COMMAND-11); declining is allowed.
    FreeAttack {
        attacker: usize,
        commander: usize,
        kind: AttackKind,
        cause: Span,
    },
    /// A routed unit with no escape route checks before anything else in
    /// its activation (CORNERED-1).
    Cornered {
        unit: usize,
        cause: Span,
    },
    /// An entity entered a hazardous square, or starts its activation on
    /// one: the log states the damage (POSITION-11).
    Hazard {
        entity: usize,
        cause: Span,
    },
}

/// The position at one moment of a TDGS battle.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub roster: Arc<Roster>,
    /// Per entity, in roster order.
    pub entities: Vec<EntityState>,
    /// 0 during setup, then 1, 2, 3 …
    pub round: u32,
    pub activation: Option<Activation>,
    /// Entities tied on REF and LUK, in the order the log first gave them,
    /// kept for the battle (TURN-3, TDGS-R7).
    pub tie_order: Vec<usize>,
    /// The side the last turn line names: labels open its entities.
    pub turn_side: Option<usize>,
    /// The entity whose activation opened last this round, for the REF order.
    pub last_opened: Option<usize>,
    pub owed: Vec<Owed>,
    /// Units that have spent their Unbreakable reroll (once a battle).
    pub rerolls_used: Vec<usize>,
    /// `(unit, commander)`: the units that have had their commander-lost
    /// trigger for that commander (once per lost commander).
    pub commander_losses_checked: Vec<(usize, usize)>,
    /// `(unit, terrifying entity)`: first engagements already checked (once
    /// per Terrifying entity).
    pub terrors_met: Vec<(usize, usize)>,
    /// `(attacker, target)` of every attack rolled, once each: whom each
    /// entity fought, for the report's XP note (REPORT-2).
    pub fought: Vec<(usize, usize)>,
}

impl State {
    pub fn info(&self, entity: usize) -> Option<&EntityInfo> {
        self.roster.entities.get(entity)
    }

    /// `Crown A`.
    pub fn name(&self, entity: usize) -> String {
        self.roster.name(entity)
    }

    pub fn is_unit(&self, entity: usize) -> bool {
        self.info(entity).is_some_and(|i| i.kind == Kind::Unit)
    }

    pub fn is_hero(&self, entity: usize) -> bool {
        self.info(entity).is_some_and(|i| i.kind == Kind::Hero)
    }

    /// Deployed and not removed.
    pub fn on_board(&self, entity: usize) -> bool {
        self.entities
            .get(entity)
            .is_some_and(|e| e.anchor.is_some() && !e.status.removed())
    }

    /// The squares it covers, while deployed.
    pub fn footprint(&self, entity: usize) -> Option<Footprint> {
        let info = self.info(entity)?;
        let anchor = self.entities.get(entity)?.anchor?;
        Some(Footprint::new(anchor, info.width, info.height))
    }

    /// Whether the two are of different sides (TDGS-R46).
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        match (self.info(a), self.info(b)) {
            (Some(a), Some(b)) => a.side != b.side,
            _ => false,
        }
    }

    /// The gap between two deployed entities' footprints (POSITION-2).
    pub fn distance(&self, a: usize, b: usize) -> Option<u32> {
        Some(footprint::gap(self.footprint(a)?, self.footprint(b)?))
    }

    /// The gap to `entity`'s nearest enemies on the board.
    pub fn nearest_enemy_gap(&self, entity: usize) -> Option<u32> {
        // Asked for most lines: its own bounds and side are looked up once,
        // and each entity's info and state read side by side.
        let me = self.footprint(entity)?.rect();
        let side = self.info(entity)?.side;
        (self.roster.entities.iter().zip(&self.entities))
            .filter(|(info, e)| info.side != side && !e.status.removed())
            .filter_map(|(info, e)| {
                Some(me.gap(Footprint::new(e.anchor?, info.width, info.height).rect()))
            })
            .min()
    }

    /// The commander's CHA bonus `unit` gets now (MORALE-2, TDGS-R24): the
    /// full bonus under direct command, half of it rounded down under
    /// extended, and only while the unit is within the commander's range;
    /// 0 when uncontrolled, or when the commander is routed or lost.
    pub fn bonus_for(&self, unit: usize) -> i32 {
        let Some(link) = self.entities.get(unit).and_then(|e| e.commander) else {
            return 0;
        };
        let (Some(commander), Some(info)) =
            (self.entities.get(link.commander), self.info(link.commander))
        else {
            return 0;
        };
        if commander.status != Status::Active {
            return 0;
        }
        let cha = info.stats.cha;
        match self.distance(unit, link.commander) {
            Some(gap) if gap <= tables::command_range(cha) => link.slot.bonus(cha),
            _ => 0,
        }
    }

    /// The units a commander holds in a slot, in roster order.
    pub fn commanded(&self, commander: usize, slot: Command) -> impl Iterator<Item = usize> + '_ {
        self.entities
            .iter()
            .enumerate()
            .filter(move |(_, e)| {
                e.commander
                    .is_some_and(|l| l.commander == commander && l.slot == slot)
            })
            .map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A morale line's triggers are read as written, for every set of them:
    /// the words in table order, and nothing else.
    #[test]
    fn triggers_are_written_as_their_words() {
        for bits in 0..1u8 << Trigger::ALL.len() {
            let triggers = (Trigger::ALL.into_iter().enumerate())
                .filter(|(i, _)| bits & 1 << i != 0)
                .fold(Triggers::NONE, |set, (_, t)| set.with(t));
            let words = triggers.words();
            assert!(triggers.written_as(&words), "{words}");
            for wrong in [
                format!("{words}+"),
                format!("+{words}"),
                words.replace('+', " "),
            ] {
                assert_eq!(triggers.written_as(&wrong), wrong == words, "{wrong:?}");
            }
            let reversed: Vec<&str> = words.split('+').rev().collect();
            let reversed = reversed.join("+");
            assert_eq!(
                triggers.written_as(&reversed),
                reversed == words,
                "{reversed}"
            );
        }
        assert!(!Triggers::NONE.with(Trigger::Half).written_as(""));
        assert!(!Triggers::NONE.written_as("half"));
    }

    #[test]
    fn an_edge_is_reached_as_the_footprints_squares_say() {
        let by_squares = |edge: Edge, footprint: Footprint, extent: Extent| {
            footprint.cells().any(|cell| match edge {
                Edge::North => cell.row == 1,
                Edge::East => cell.column == extent.columns,
                Edge::South => cell.row == extent.rows,
                Edge::West => cell.column == 1,
            })
        };
        let extents = [(1, 1), (12, 10), (40, 30), (99, 99), (120, 140), (0, 0)];
        for (columns, rows) in extents {
            let extent = Extent { columns, rows };
            for column in (0..=101u8).chain([150, 255]) {
                for row in (0..=101u8).chain([150, 255]) {
                    for (width, height) in [(0, 0), (1, 1), (2, 1), (1, 3), (4, 2), (3, 3)] {
                        let footprint = Footprint::new(Cell { column, row }, width, height);
                        for edge in Edge::ALL {
                            assert_eq!(
                                edge.reached(footprint, extent),
                                by_squares(edge, footprint, extent),
                                "{edge:?} {footprint:?} {extent:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
