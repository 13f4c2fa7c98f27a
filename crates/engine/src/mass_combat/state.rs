//! Mass Combat's position: the roster that never changes, and the state that does.

use std::sync::Arc;

use smol_str::SmolStr;

use senlac_notation::lower::Parity;
use senlac_notation::value::Cell;

use super::tables::{Class, Edition, Grade, Phase};
use crate::ids::IdMap;
use senlac_board::hex;

/// A unit as the roster declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    pub side: usize,
    pub id: SmolStr,
    pub name: SmolStr,
    pub class: Class,
    pub grade: Grade,
    /// Men in the unit (`size=1000`); the example's units are 1000 each.
    pub size: u32,
}

/// What does not change during a battle: sides, units, map and terrain.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    pub edition: Edition,
    pub sides: Vec<SmolStr>,
    pub units: Vec<UnitInfo>,
    pub columns: u8,
    pub rows: u8,
    pub parity: Parity,
    pub impassable: Vec<Cell>,
    pub hill: Vec<Cell>,
    /// Every terrain cell with its kind as written, for pictures (one
    /// string per terrain line, shared by its cells).
    pub terrain: Vec<(Arc<str>, Cell)>,
    /// Hexsides of the hill's crest, each stored with the lower cell first.
    pub crest: Vec<(Cell, Cell)>,
    /// The side that acts first, from `first SIDE turn`.
    pub first_turn: Option<usize>,
    /// Per side, each unit's index by id: an action names its units by id,
    /// and a lookup must not pass over every unit.
    pub ids: Vec<IdMap<usize>>,
    /// Units a setup finding leaves in doubt (an unknown class or grade),
    /// each with the finding's index: their findings in play are not
    /// reported again (crate::doubt).
    pub doubted: Vec<(usize, usize)>,
}

impl Roster {
    pub fn empty(edition: Edition) -> Self {
        Roster {
            edition,
            sides: Vec::new(),
            units: Vec::new(),
            columns: 0,
            rows: 0,
            parity: Parity::Odd,
            impassable: Vec::new(),
            hill: Vec::new(),
            terrain: Vec::new(),
            crest: Vec::new(),
            first_turn: None,
            ids: Vec::new(),
            doubted: Vec::new(),
        }
    }

    pub fn on_map(&self, cell: Cell) -> bool {
        (1..=self.columns).contains(&cell.column) && (1..=self.rows).contains(&cell.row)
    }

    pub fn side_index(&self, name: &str) -> Option<usize> {
        self.sides.iter().position(|s| s == name)
    }

    /// The unit `id` of `side`.
    pub fn unit_index(&self, side: usize, id: &str) -> Option<usize> {
        self.ids.get(side)?.get(id).copied()
    }

    /// Indexes the units by side and id, once they are all declared.
    pub fn index_ids(&mut self) {
        // Sized up front: growing a table rehashes every id in it.
        let mut counts = vec![0usize; self.sides.len()];
        for unit in &self.units {
            if let Some(count) = counts.get_mut(unit.side) {
                *count += 1;
            }
        }
        self.ids = counts.into_iter().map(IdMap::with_capacity).collect();
        for (index, unit) in self.units.iter().enumerate() {
            if let Some(ids) = self.ids.get_mut(unit.side) {
                ids.first_or_insert(&unit.id, index);
            }
        }
    }

    /// The other side, in a two-sided battle.
    pub fn enemy_of(&self, side: usize) -> usize {
        if side == 0 { 1 } else { 0 }
    }

    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        hex::distance(a, b, self.parity)
    }

    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        hex::adjacent(a, b, self.parity)
    }

    /// The hexes next to `cell` on the map, for help that names them.
    pub fn neighbours_text(&self, cell: Cell) -> String {
        let cells: Vec<String> = hex::neighbours(cell, self.parity)
            .filter(|&c| self.on_map(c))
            .map(|c| c.to_string())
            .collect();
        cells.join(", ")
    }
}

/// What became of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Declared but not yet deployed.
    Reserve,
    Active,
    Routed,
    Slaughtered,
    /// Left the field chasing the survivors it slaughtered.
    Pursuing,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Reserve => "reserve",
            Status::Active => "active",
            Status::Routed => "routed",
            Status::Slaughtered => "slaughtered",
            Status::Pursuing => "pursuing",
        }
    }
}

/// The changing part of a unit: eight bytes, so states are cheap to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitState {
    pub command_points: u8,
    pub damage: u8,
    pub hex: Option<Cell>,
    pub status: Status,
    /// Acted in the current phase.
    pub acted: bool,
    /// Why it left the field, once it has.
    pub cause: Option<Cause>,
    /// For a slaughtered unit, who slaughtered it; for a pursuer, whom it slaughtered.
    pub slaughter: Option<u16>,
}

/// Why a unit routed: what the after-action report tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// Its fourth damage.
    Damage,
    /// It could not pay a cost it owed (MC-R3).
    Unpaid,
    /// It chose to, in place of an action.
    Choice,
    /// In place of enduring a cavalry charge.
    Charge,
    /// In place of a morale check.
    Morale,
    /// In place of taking a lost combat.
    Combat,
}

impl Cause {
    pub const ALL: [Cause; 6] = [
        Cause::Damage,
        Cause::Unpaid,
        Cause::Choice,
        Cause::Charge,
        Cause::Morale,
        Cause::Combat,
    ];

    /// The cause as exported.
    pub fn word(self) -> &'static str {
        match self {
            Cause::Damage => "damage",
            Cause::Unpaid => "unpaid",
            Cause::Choice => "choice",
            Cause::Charge => "charge",
            Cause::Morale => "morale",
            Cause::Combat => "combat",
        }
    }

    pub fn parse(word: &str) -> Option<Cause> {
        Cause::ALL.into_iter().find(|cause| cause.word() == word)
    }
}

/// A reaction some unit owes because of an earlier action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    /// Units any one of which may answer (the lowest-CP enemies for a disengage).
    pub units: [Option<usize>; 4],
    pub choices: &'static [super::tables::Verb],
    /// The action that demands it.
    pub span: senlac_notation::Span,
    /// For pursue: the hex the disengaging unit left.
    pub vacated: Option<Cell>,
}

impl Owed {
    pub fn by(&self, unit: usize) -> bool {
        self.units.contains(&Some(unit))
    }
}

/// An attack declared this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: usize,
    pub defender: usize,
    pub span: senlac_notation::Span,
    pub resolved: bool,
    /// The defender feinted.
    pub negated: bool,
    /// The attacker charged its defender this turn.
    pub charge: bool,
}

/// The position at one moment of a Mass Combat battle.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub roster: Arc<Roster>,
    pub units: Vec<UnitState>,
    /// For each hex of the map, column by column, the active unit on it
    /// plus one (0: none), so finding a unit on a hex or the enemies next
    /// to one costs a lookup, not a pass over every unit.
    pub occupancy: Vec<u32>,
    pub turn: u32,
    /// The side whose turn it is.
    pub acting: Option<usize>,
    pub phase: Option<Phase>,
    pub owed: Vec<Owed>,
    /// Side-turns played, to check the order.
    pub side_turns: u32,
    /// The side that played the first side-turn.
    pub first_side: Option<usize>,
    /// Per unit: took a movement action this side-turn.
    pub moved: Vec<bool>,
    pub attacks: Vec<Attack>,
    /// (supporter, defender) pairs.
    pub attack_supports: Vec<(usize, usize)>,
    pub defense_supports: Vec<(usize, usize)>,
    /// Units that answered an attack with `defend`.
    pub defending: Vec<usize>,
    /// (cavalry, target, charge): charges that commit to an attack.
    pub charges: Vec<(usize, usize, senlac_notation::Span)>,
    /// The attack being resolved, and whether it followed a charge.
    pub combat: Option<(usize, usize, bool)>,
    /// The routed defender an attacker may slaughter.
    pub slaughter: Option<usize>,
}

impl State {
    /// `Saxons VI`.
    pub fn name(&self, unit: usize) -> String {
        let info = self.info(unit);
        format!("{} {}", self.roster.sides[info.side], info.id)
    }

    pub fn info(&self, unit: usize) -> &UnitInfo {
        &self.roster.units[unit]
    }

    /// Active units of `side`.
    pub fn active_of(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        self.roster
            .units
            .iter()
            .enumerate()
            .filter(move |(i, u)| u.side == side && self.units[*i].status == Status::Active)
            .map(|(i, _)| i)
    }

    /// Where a hex's entry is in [`State::occupancy`].
    fn slot(&self, cell: Cell) -> Option<usize> {
        self.roster.on_map(cell).then(|| {
            usize::from(cell.column - 1) * usize::from(self.roster.rows) + usize::from(cell.row - 1)
        })
    }

    /// Fills [`State::occupancy`] from the units, as setup leaves them.
    pub fn index_occupancy(&mut self) {
        let hexes = usize::from(self.roster.columns) * usize::from(self.roster.rows);
        self.occupancy = vec![0; hexes];
        for unit in 0..self.units.len() {
            self.occupy(unit);
        }
    }

    /// Records `unit` on its hex, if it is active and on the map.
    pub fn occupy(&mut self, unit: usize) {
        let u = self.units[unit];
        if u.status != Status::Active {
            return;
        }
        if let Some(slot) = u.hex.and_then(|cell| self.slot(cell))
            && self.occupancy[slot] == 0
        {
            self.occupancy[slot] = u32::try_from(unit + 1).unwrap_or(0);
        }
    }

    /// Takes `unit` off the hex it is recorded on.
    pub fn vacate(&mut self, unit: usize) {
        if let Some(slot) = self.units[unit].hex.and_then(|cell| self.slot(cell))
            && self.occupancy[slot] as usize == unit + 1
        {
            self.occupancy[slot] = 0;
        }
    }

    /// The active unit standing on `cell`.
    pub fn unit_at(&self, cell: Cell) -> Option<usize> {
        let slot = self.slot(cell)?;
        (self.occupancy.get(slot).copied()? as usize).checked_sub(1)
    }

    /// Active enemies adjacent to `unit`, in roster order.
    pub fn adjacent_enemies(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let mut found = [usize::MAX; 6];
        for (slot, direction) in found.iter_mut().zip(hex::Direction::ALL) {
            if let Some(enemy) = self.enemy_toward(unit, direction) {
                *slot = enemy;
            }
        }
        found.sort_unstable();
        found.into_iter().take_while(|&u| u != usize::MAX)
    }

    /// Whether an active enemy is adjacent to `unit`: [`State::adjacent_enemies`]
    /// without putting them in order, asked for most moves. A plain loop
    /// over the six directions, which the compiler unrolls: an iterator
    /// over them cost several times as much.
    pub fn has_adjacent_enemy(&self, unit: usize) -> bool {
        for direction in hex::Direction::ALL {
            if self.enemy_toward(unit, direction).is_some() {
                return true;
            }
        }
        false
    }

    /// The active enemy in the hex next to `unit` toward `direction`.
    /// Always inlined, so that each direction of the loops above is a
    /// constant: left to itself the compiler called it, which cost half
    /// again (1 MB Mass Combat a lint, 148.1M against 145.5M).
    #[inline(always)]
    fn enemy_toward(&self, unit: usize, direction: hex::Direction) -> Option<usize> {
        let at = self.units[unit].hex?;
        let other = self.unit_at(hex::neighbour(at, direction, self.roster.parity)?)?;
        (self.info(other).side != self.info(unit).side).then_some(other)
    }

    /// An active enemy of `side` nearer to `to` than to `from`: the unit an
    /// advance from `from` to `to` comes closer to (ruling MC-R21).
    pub fn closer_enemy(&self, side: usize, from: Cell, to: Cell) -> Option<usize> {
        self.roster
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.side != side && self.units[*i].status == Status::Active)
            .find(|(i, _)| {
                self.units[*i]
                    .hex
                    .is_some_and(|h| self.roster.distance(to, h) < self.roster.distance(from, h))
            })
            .map(|(i, _)| i)
    }

    /// Distance from `cell` to the nearest active enemy of `side`.
    pub fn nearest_enemy(&self, side: usize, cell: Cell) -> Option<u32> {
        self.roster
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.side != side && self.units[*i].status == Status::Active)
            .filter_map(|(i, _)| self.units[i].hex)
            .map(|h| self.roster.distance(cell, h))
            .min()
    }
}
