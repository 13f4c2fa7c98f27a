//! What the map and the pieces on it mean to a piece that moves: the cost
//! of a step (5.3.1, 5.5), uphill and downhill (5.3.3, 5.3.4, HS-R7), zones
//! of control (5.7), who stands where, the nearest enemy, a leader's command
//! radius (5.4.4, 10.1.3, HS-R31), and every hex a unit could end a move in
//! (HS-R53, 5.7.3).

use std::collections::VecDeque;
use std::sync::Arc;

use senlac_board::facing::{self, StepKind, Vertex};
use senlac_board::{Cell, hex};

use super::setup::first_word;
use super::state::{LeaderStanding, Part, Piece, Roster, Standing, State};
use super::tables::{
    Arm, Class, Hexside, Kind, Movement, Order, Side, Slope, Step, Terrain, Weapon,
};

/// Hex 1419, the hill 5.3.3 exempts from the approach to higher ground.
const HILL_1419: Cell = Cell {
    column: 14,
    row: 19,
};

/// The top of Senlac Hill (5.3.3: "275 foot elevation"), exempt likewise.
const SENLAC_TOP: i32 = 275;

/// Where Saxon reinforcements arrive (11.4.1).
pub const ENTRY_HEX: Cell = Cell { column: 1, row: 16 };

/// How a piece moves: its side, its kind (5.1.2, 10.4.3) and what 5.7.3
/// and 9.6.2 single out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    pub piece: usize,
    pub side: Side,
    pub kind: Kind,
    /// A `missile=bow` unit: it never enters an enemy ZOC (5.7.3).
    pub bowmen: bool,
}

impl Mover {
    /// The piece as it moves now; `None` for an index that names no piece.
    pub fn of(state: &State, piece: usize) -> Option<Mover> {
        let info = state.info(piece)?;
        let kind = match (&info.piece, info.class) {
            (Piece::Leader(_), _) => match state.pieces[piece].leader {
                LeaderStanding::Wounded | LeaderStanding::Shaken => Kind::IneffectiveLeader,
                _ => Kind::Leader,
            },
            (Piece::Unit(_), Some(class)) => class.kind(),
            (Piece::Unit(_), None) => Kind::Foot,
        };
        let bowmen = info
            .factors()
            .is_some_and(|f| f.missile == Some(Weapon::Bow));
        Some(Mover {
            piece,
            side: info.side,
            kind,
            bowmen,
        })
    }

    pub fn is_leader(self) -> bool {
        self.kind.is_leader()
    }

    /// Knights check at ridges and marshes (5.3.5, 5.3.6); leaders never
    /// do (HS-R31).
    pub fn is_knight(self) -> bool {
        self.kind == Kind::Knights
    }

    /// The Terrain Effects Chart's column: knights and leaders pay the
    /// knight costs (HS-R31).
    pub fn arm(self) -> Arm {
        self.kind.arm()
    }

    /// Its word in a message: "knights", "foot", "a leader".
    pub fn noun(self) -> &'static str {
        match self.kind {
            Kind::Foot => "foot",
            Kind::Knights => "knights",
            Kind::Leader => "a leader",
            Kind::IneffectiveLeader => "an ineffective leader",
        }
    }
}

/// The hexside between two neighbours, if it is a ridge or a stream.
pub fn hexside(state: &State, from: Cell, to: Cell) -> Option<Hexside> {
    state.roster.hexside(from, to)
}

/// The terrain of a hex (clear off the declared ground).
pub fn terrain(state: &State, cell: Cell) -> Terrain {
    state
        .roster
        .ground_at(cell)
        .map_or(Terrain::Clear, |g| g.terrain)
}

pub fn elevation(state: &State, cell: Cell) -> i32 {
    state.roster.ground_at(cell).map_or(0, |g| g.elevation)
}

/// What a step into `to` costs `arm` (5.3.1): the hex, plus a stream
/// crossed; and the same as terms for a message (`1`, `woods 2`,
/// `stream 1`).
pub fn step_cost(state: &State, arm: Arm, from: Cell, to: Cell) -> (u32, Vec<String>) {
    let ground = terrain(state, to);
    let hex = ground.cost(arm);
    let mut terms = vec![match ground {
        Terrain::Clear | Terrain::Road => hex.to_string(),
        other => format!("{} {hex}", other.word()),
    }];
    let mut cost = hex;
    if let Some(side) = hexside(state, from, to) {
        let extra = side.row().extra_cost;
        if extra > 0 {
            cost += extra;
            terms.push(format!("{} {extra}", side.word()));
        }
    }
    (cost, terms)
}

/// [`step_cost`]'s number alone, for searches that need no message.
pub fn step_points(state: &State, arm: Arm, from: Cell, to: Cell) -> u32 {
    let extra = hexside(state, from, to).map_or(0, |side| side.row().extra_cost);
    terrain(state, to).cost(arm) + extra
}

/// [`entry_cost`]'s number alone.
pub fn entry_points(state: &State, arm: Arm, to: Cell) -> u32 {
    terrain(state, to).cost(arm)
}

/// What entering `to` costs on its own, for the first hex of an entry
/// (11.4.1: "pay the cost of the first hex they enter").
pub fn entry_cost(state: &State, arm: Arm, to: Cell) -> (u32, Vec<String>) {
    let ground = terrain(state, to);
    let hex = ground.cost(arm);
    let term = match ground {
        Terrain::Clear | Terrain::Road => hex.to_string(),
        other => format!("{} {hex}", other.word()),
    };
    (hex, vec![term])
}

/// Uphill, downhill or level, for a step between neighbours (HS-R7): a
/// climb or a descent when the elevations differ; on the level, toward or
/// away from higher ground within two hexes of it, that ground being every
/// hex higher than the start but hex 1419 and Senlac's 275-foot top.
///
/// Only higher ground within three hexes of `from` can decide it: a step
/// is toward or away from ground within two hexes of one of its ends, and
/// `to` is next to `from`; so only those hexes are looked at.
pub fn slope(state: &State, from: Cell, to: Cell) -> Option<Slope> {
    let (a, b) = (elevation(state, from), elevation(state, to));
    if b > a {
        return Some(Slope::Uphill);
    }
    if b < a {
        return Some(Slope::Downhill);
    }
    let parity = state.roster.parity;
    let (mut da, mut db) = (u32::MAX, u32::MAX);
    let (columns, rows) = (from.column.saturating_sub(3), from.row.saturating_sub(3));
    for column in columns..=from.column.saturating_add(3) {
        for row in rows..=from.row.saturating_add(3) {
            let c = Cell { column, row };
            if !state.roster.extent.contains(c) || !higher_ground(state, c, a) {
                continue;
            }
            da = da.min(hex::distance(from, c, parity));
            db = db.min(hex::distance(to, c, parity));
        }
    }
    level_slope(da, db)
}

/// Whether `cell` is higher ground to a step at elevation `level` (HS-R7).
fn higher_ground(state: &State, cell: Cell, level: i32) -> bool {
    let e = elevation(state, cell);
    cell != HILL_1419 && e > level && e != SENLAC_TOP
}

/// A level step's slope from its ends' distances to the nearest higher
/// ground (`u32::MAX` for none).
fn level_slope(da: u32, db: u32) -> Option<Slope> {
    if db < da && db <= 2 {
        Some(Slope::Uphill)
    } else if db > da && da <= 2 {
        Some(Slope::Downhill)
    } else {
        None
    }
}

/// Hexes in zones of control, asked of every step of every move: a flag
/// per hex of the map, and the few hexes off it that a frontal hexside on
/// the edge faces.
#[derive(Clone, Debug)]
pub struct Zone {
    roster: Arc<Roster>,
    on_map: Vec<bool>,
    off_map: Vec<Cell>,
}

impl Zone {
    fn new(roster: &Arc<Roster>) -> Zone {
        let cells = usize::from(roster.extent.columns) * usize::from(roster.extent.rows);
        Zone {
            roster: Arc::clone(roster),
            on_map: vec![false; cells],
            off_map: Vec::new(),
        }
    }

    fn insert(&mut self, cell: Cell) {
        match self.roster.index(cell) {
            Some(i) => self.on_map[i] = true,
            None if !self.off_map.contains(&cell) => self.off_map.push(cell),
            None => {}
        }
    }

    pub fn contains(&self, cell: &Cell) -> bool {
        match self.roster.index(*cell) {
            Some(i) => self.on_map[i],
            None => self.off_map.contains(cell),
        }
    }

    /// Whether the two hold the same hexes.
    fn same_cells(&self, other: &Zone) -> bool {
        self.on_map == other.on_map && self.off_map == other.off_map
    }

    /// Whether it holds exactly the hexes `side`'s units cast (what
    /// [`controlled`] gives), told without allocating on a map of up to
    /// 1,024 hexes: the cast hexes are marked in a bit set on the stack.
    fn is_cast_by(&self, state: &State, side: Side) -> bool {
        let mut marked = [0u64; 16];
        if self.on_map.len() > marked.len() * 64 {
            return self.same_cells(&controlled(state, side, false));
        }
        for cell in cast(state, side, false) {
            match self.roster.index(cell) {
                Some(i) => marked[i / 64] |= 1 << (i % 64),
                None if !self.off_map.contains(&cell) => return false,
                None => {}
            }
        }
        let off_map_cast = |held: &Cell| cast(state, side, false).any(|c| c == *held);
        let on_map_cast = |i: usize| marked[i / 64] & (1 << (i % 64)) != 0;
        self.off_map.iter().all(off_map_cast)
            && (self.on_map.iter().enumerate()).all(|(i, in_zone)| *in_zone == on_map_cast(i))
    }

    /// The hexes of the map in the zone, row by row.
    pub fn on_map(&self) -> impl Iterator<Item = Cell> + '_ {
        (self.on_map.iter().enumerate())
            .filter(|(_, in_zone)| **in_zone)
            .map(|(i, _)| self.roster.cell_at(i))
    }
}

/// [`controlled`] by all of `side`'s units, kept in the state until a piece
/// changes ([`super::state::Zones`]). Debug builds check it against the
/// zones worked out afresh.
pub fn zone_of(state: &State, side: Side) -> &Zone {
    let zone = state.zones.get_or(side, || controlled(state, side, false));
    // Checked without allocating, so that a debug replay allocates as a
    // release one does.
    debug_assert!(
        zone.is_cast_by(state, side),
        "{side:?}'s kept zones of control are stale"
    );
    zone
}

/// The hexes `side`'s combat units control (5.7): those beyond the frontal
/// hexsides of every unit on the map that is neither disrupted nor routed.
/// With `knights_only`, only knights' zones (5.4.4.1).
pub fn controlled(state: &State, side: Side, knights_only: bool) -> Zone {
    let mut cells = Zone::new(&state.roster);
    let parity = state.roster.parity;
    // Loops, not [`cast`]'s flattened iterators: the zones are worked out
    // again whenever a side moves.
    for (cell, facing) in casting(state, side, knights_only) {
        for controlled in facing::frontal_neighbours(cell, facing, parity) {
            cells.insert(controlled);
        }
    }
    cells
}

/// The hexes beyond the frontal hexsides of each of `side`'s units that
/// casts a zone, unit by unit: a hex two units control comes twice.
fn cast(state: &State, side: Side, knights_only: bool) -> impl Iterator<Item = Cell> + '_ {
    let parity = state.roster.parity;
    casting(state, side, knights_only)
        .flat_map(move |(cell, facing)| facing::frontal_neighbours(cell, facing, parity))
}

/// Each of `side`'s units that casts a zone (on the map, faced, neither
/// disrupted nor routed; a knight with `knights_only`), with its hex and
/// facing.
fn casting(
    state: &State,
    side: Side,
    knights_only: bool,
) -> impl Iterator<Item = (Cell, Vertex)> + '_ {
    (state.roster.pieces.iter().zip(&state.pieces)).filter_map(move |(info, at)| {
        let (cell, facing, class) = (at.at?, at.facing?, info.class?);
        let casts = info.side == side
            && at.standing == Standing::Good
            && (!knights_only || class.kind() == Kind::Knights);
        casts.then_some((cell, facing))
    })
}

/// The enemy pieces (units or leaders) standing in a hex (5.2.1).
pub fn enemy_in(state: &State, side: Side, cell: Cell) -> Option<usize> {
    if state.vacant(cell) {
        return None;
    }
    (0..state.pieces.len()).find(|&p| {
        state.pieces[p].at == Some(cell) && state.info(p).is_some_and(|i| i.side != side)
    })
}

/// Another friendly combat unit standing in a hex.
pub fn friend_in(state: &State, mover: Mover, cell: Cell) -> Option<usize> {
    friend_of(state, mover.piece, cell)
}

/// A combat unit of `piece`'s side, other than `piece`, standing in `cell`:
/// what a move, a retreat and a leader's escape each ask of a hex.
pub fn friend_of(state: &State, piece: usize, cell: Cell) -> Option<usize> {
    let side = state.info(piece)?.side;
    if state.vacant_but(cell, Some(piece)) {
        return None;
    }
    let friends = &state.roster.units[side as usize];
    friends
        .iter()
        .copied()
        .find(|&p| p != piece && state.pieces.get(p).is_some_and(|f| f.at == Some(cell)))
}

/// The enemy combat units on the map nearest `cell`, and how far they are.
pub fn nearest_enemy(state: &State, side: Side, cell: Cell) -> Option<(u32, usize)> {
    let parity = state.roster.parity;
    // Asked of most moves: the hex's cube is worked out once.
    let from = hex::to_cube(cell, parity);
    enemy_units(state, side)
        .map(|(p, at)| (hex::Cube::distance(from, hex::to_cube(at, parity)), p))
        .min()
}

/// The enemy combat units of `side` on the map, with their hexes, in
/// roster order.
pub(super) fn enemy_units(state: &State, side: Side) -> impl Iterator<Item = (usize, Cell)> + '_ {
    let units = &state.roster.units[side.other() as usize];
    units
        .iter()
        .filter_map(|&p| Some((p, state.pieces.get(p)?.at?)))
}

/// Where the enemy's combat units stand, in cube coordinates: for asking the
/// nearest enemy of many hexes of one state, each in a few subtractions
/// rather than a pass over every piece.
pub struct EnemyHexes {
    cubes: Vec<hex::Cube>,
    parity: senlac_board::Parity,
}

impl EnemyHexes {
    /// The combat units of `side`'s enemy, as [`nearest_enemy`] counts them.
    pub fn of(state: &State, side: Side) -> EnemyHexes {
        let parity = state.roster.parity;
        let cubes = enemy_units(state, side)
            .map(|(_, at)| hex::to_cube(at, parity))
            .collect();
        EnemyHexes { cubes, parity }
    }

    /// Hexes from `cell` to the nearest of them.
    pub fn distance(&self, cell: Cell) -> Option<u32> {
        let from = hex::to_cube(cell, self.parity);
        self.cubes
            .iter()
            .map(|&enemy| hex::Cube::distance(from, enemy))
            .min()
    }
}

/// Whether an enemy combat unit stands next to `cell`.
pub fn next_to_enemy(state: &State, side: Side, cell: Cell) -> bool {
    nearest_enemy(state, side, cell).is_some_and(|(d, _)| d == 1)
}

/// A living leader's command radius (10.1.1), one less after a Wounded-1
/// (footnote 1, HS-R31); an ineffective leader's still counts.
pub fn command_radius(state: &State, leader: usize) -> Option<u32> {
    let info = state.info(leader)?;
    let Piece::Leader(ratings) = info.piece else {
        return None;
    };
    let at = &state.pieces[leader];
    if matches!(at.leader, LeaderStanding::Killed | LeaderStanding::Captured) || at.at.is_none() {
        return None;
    }
    Some(ratings.in_force(at.wounded_once).command)
}

/// The friendly leaders who may command `piece` (10.1.3): every leader of a
/// Saxon unit's side; William for any Norman unit, a subordinate only for
/// his own nationality's units, and for the Guard William or a Norman
/// subordinate (HS-R46).
fn may_command(state: &State, leader: usize, piece: usize) -> bool {
    let (Some(l), Some(u)) = (state.info(leader), state.info(piece)) else {
        return false;
    };
    if !l.is_leader() || l.side != u.side {
        return false;
    }
    match u.side {
        Side::Saxons => true,
        Side::Normans => {
            first_word(&l.name) == "William"
                || match (l.part, u.part, u.class) {
                    (Some(Part::Nation(n)), _, Some(Class::Guard)) => {
                        n == super::state::Nation::Norman
                    }
                    (Some(lp), Some(up), _) => lp == up,
                    _ => false,
                }
        }
    }
}

/// The leader nearest `cell` whose command radius reaches it among those
/// who may command `piece`, if any (5.4.4.3).
pub fn commanded_at(state: &State, piece: usize, cell: Cell) -> Option<usize> {
    let parity = state.roster.parity;
    (0..state.pieces.len())
        .filter(|&l| may_command(state, l, piece))
        .filter_map(|l| {
            let radius = command_radius(state, l)?;
            let d = hex::distance(cell, state.pieces[l].at?, parity);
            (d <= radius).then_some((d, l))
        })
        .min()
        .map(|(_, l)| l)
}

/// Whether `to` is one of the steps a one-hex order allows from `from`
/// (HS-R24): to the side's rear, or (Fire in Place) forward too.
pub fn step_allowed(state: &State, side: Side, step: Step, from: Cell, to: Cell) -> bool {
    let parity = state.roster.parity;
    let Some(kind) = facing::classify_step(from, to, side.row().rear, parity) else {
        return false;
    };
    match step {
        Step::Rear => kind == StepKind::Rear,
        Step::ForwardOrRear => matches!(kind, StepKind::Rear | StepKind::Forward),
    }
}

/// What a knight may not do with friends about (5.6.3, HS-R48): enter a
/// friend's marsh hex, cross a ridge into a friend's hex, or start a ridge
/// crossing from a hex where a friend stands.
pub fn knight_check_blocked(state: &State, mover: Mover, from: Cell, to: Cell) -> Option<Cell> {
    if !mover.is_knight() {
        return None;
    }
    let ridge = hexside(state, from, to) == Some(Hexside::Ridge);
    let marsh = terrain(state, to).row().knight_check;
    if ridge && friend_in(state, mover, from).is_some() {
        return Some(from);
    }
    if (ridge || marsh) && friend_in(state, mover, to).is_some() {
        return Some(to);
    }
    None
}

/// Every hex a unit standing at `start` could end its move in under
/// `movement` (5.1 to 5.7): `start` itself, and each hex reached legally
/// that no other combat unit holds. Knights' checks count as passed
/// (HS-R53).
pub fn reach(state: &State, mover: Mover, start: Cell, movement: Movement) -> Vec<Cell> {
    let roster = &state.roster;
    let parity = roster.parity;
    let cells = usize::from(roster.extent.columns) * usize::from(roster.extent.rows);
    // The board as the search asks it, once per search rather than per
    // step: the other side's ZOC, enemies anywhere, friendly combat units.
    let mut zoc = vec![false; cells];
    let mut enemy = vec![false; cells];
    let mut friend = vec![false; cells];
    let foe = mover.side.other();
    for (piece, at) in state.pieces.iter().enumerate() {
        let (Some(info), Some(cell)) = (state.info(piece), at.at) else {
            continue;
        };
        let Some(i) = roster.index(cell) else {
            continue;
        };
        if info.side != mover.side {
            enemy[i] = true;
        } else if piece != mover.piece && !info.is_leader() {
            friend[i] = true;
        }
        if info.side == foe
            && at.standing == Standing::Good
            && info.class.is_some()
            && let Some(facing) = at.facing
        {
            for c in facing::frontal_neighbours(cell, facing, parity) {
                if let Some(j) = roster.index(c) {
                    zoc[j] = true;
                }
            }
        }
    }
    let index = |cell: Cell| roster.index(cell);
    let flag = |grid: &[bool], cell: Cell| index(cell).is_some_and(|i| grid[i]);
    let start_in_zoc = flag(&zoc, start);
    let mut ends = vec![start];
    let may_end = |cell: Cell| !flag(&friend, cell) && cell != start;
    // knight_check_blocked, on the grid: a knight enters no friend's marsh
    // hex and crosses no ridge into or out of a friend's hex (5.6.3).
    let knight = mover.is_knight();
    let open = |from: Cell, to: Cell| {
        let Some(i) = index(to) else {
            return false;
        };
        if enemy[i] {
            return false;
        }
        if knight {
            let ridge = hexside(state, from, to) == Some(Hexside::Ridge);
            let marsh = terrain(state, to).row().knight_check;
            if (ridge && flag(&friend, from)) || ((ridge || marsh) && friend[i]) {
                return false;
            }
        }
        !(zoc[i] && (mover.bowmen || (from == start && start_in_zoc) || friend[i]))
    };
    if let Some(step) = movement.step {
        ends.extend(hex::neighbours(start, parity).filter(|&to| {
            open(start, to)
                && !flag(&zoc, to)
                && step_allowed(state, mover.side, step, start, to)
                && may_end(to)
        }));
        return ends;
    }
    // The fewest MP spent to reach each hex; a hex in an enemy ZOC ends a
    // move (5.7.1).
    let Some(first) = index(start) else {
        return ends;
    };
    let mut spent = vec![u32::MAX; cells];
    spent[first] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        let Some(here) = index(at) else {
            continue;
        };
        let so_far = spent[here];
        if at != start && zoc[here] {
            continue;
        }
        for to in hex::neighbours(at, parity) {
            if !open(at, to) {
                continue;
            }
            let Some(there) = index(to) else {
                continue;
            };
            let total = so_far + step_points(state, mover.arm(), at, to);
            if total > movement.points || spent[there] <= total {
                continue;
            }
            spent[there] = total;
            queue.push_back(to);
        }
    }
    // Row by row, column by column: the order of `Cell`'s own sort.
    let mut reached: Vec<Cell> = (0..cells)
        .filter(|&i| spent[i] != u32::MAX)
        .map(|i| roster.cell_at(i))
        .filter(|&c| may_end(c))
        .collect();
    reached.sort();
    ends.extend(reached);
    ends
}

/// The allowance of a unit in `order` when the order is known, the most
/// its kind may have when it is not (a formation whose order the log has
/// not given: that is the orders' finding, not the move's).
pub fn allowance(kind: Kind, order: Option<Order>, known: bool) -> Movement {
    if known {
        return super::tables::movement(kind, order)
            .unwrap_or(Movement::points(super::tables::printed_allowance(kind)));
    }
    match kind {
        Kind::Knights => Movement::points(super::tables::CHARGE_ALLOWANCE),
        _ => Movement::points(super::tables::printed_allowance(kind)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The roster's combat units by side give, in every position of the
    /// sample and of generated battles, each enemy combat unit on the map
    /// in roster order: what a pass over every piece finds.
    #[test]
    fn the_enemy_units_are_every_enemy_combat_unit_on_the_map() {
        let mut found = 0;
        for text in crate::hastings_1066::play::sample_and_generated(3, 7) {
            crate::hastings_1066::play::each_state(&text, |state| {
                for side in Side::ALL {
                    let every: Vec<(usize, Cell)> = (0..state.pieces.len())
                        .filter(|&p| {
                            let info = &state.roster.pieces[p];
                            info.side != side && !info.is_leader()
                        })
                        .filter_map(|p| Some((p, state.pieces[p].at?)))
                        .collect();
                    found += every.len();
                    assert_eq!(enemy_units(state, side).collect::<Vec<_>>(), every);
                }
            });
        }
        assert!(found > 1000, "{found}");
    }

    /// The debug check on kept zones tells a zone its side's units cast from
    /// any other: the other side's, in every position of the sample and of
    /// generated battles.
    #[test]
    fn the_check_on_kept_zones_tells_a_stale_zone() {
        let (mut told, mut positions) = (0, 0);
        for text in crate::hastings_1066::play::sample_and_generated(2, 5) {
            crate::hastings_1066::play::each_state(&text, |state| {
                positions += 1;
                for side in Side::ALL {
                    let fresh = controlled(state, side, false);
                    assert!(fresh.is_cast_by(state, side), "{side:?}");
                    let other = controlled(state, side.other(), false);
                    assert_eq!(other.is_cast_by(state, side), other.same_cells(&fresh));
                    told += usize::from(!other.same_cells(&fresh));
                }
            });
        }
        assert!(told * 10 > positions * 9, "{told} of {positions}");
    }

    /// The zones a state keeps are those worked out afresh, for both sides,
    /// after every step of the sample and of generated battles: each piece
    /// that changes forgets its side's zones.
    #[test]
    fn kept_zones_are_the_zones_worked_out_afresh() {
        let mut kept = 0;
        for text in crate::hastings_1066::play::sample_and_generated(3, 9) {
            crate::hastings_1066::play::each_state(&text, |state| {
                for side in Side::ALL {
                    let fresh = controlled(state, side, false);
                    assert!(zone_of(state, side).same_cells(&fresh), "{side:?}");
                    kept += fresh.on_map().count();
                }
            });
        }
        assert!(kept > 10_000, "{kept} hexes");
    }

    /// HS-R7 read over the whole map, as the rule says it: the nearest
    /// higher hex to each end, wherever it is.
    fn slope_over_the_map(state: &State, from: Cell, to: Cell) -> Option<Slope> {
        let (a, b) = (elevation(state, from), elevation(state, to));
        if b != a {
            return Some(if b > a {
                Slope::Uphill
            } else {
                Slope::Downhill
            });
        }
        let higher: Vec<Cell> = (state.roster.extent.cells())
            .filter(|&c| higher_ground(state, c, a))
            .collect();
        let parity = state.roster.parity;
        let near = |cell: Cell| {
            higher
                .iter()
                .map(|&h| hex::distance(cell, h, parity))
                .min()
                .unwrap_or(u32::MAX)
        };
        level_slope(near(from), near(to))
    }

    /// [`slope`] looks only near the step, and answers as the whole map
    /// does: for every step between neighbours on the sample's map and on
    /// generated ones.
    #[test]
    fn a_slope_is_decided_near_the_step() {
        let texts = super::super::play::sample_and_generated(4, 5);
        let mut level = [0; 3];
        for text in &texts {
            let archive = senlac_notation::parse(text);
            let state = super::super::setup::setup(&archive.battles[0], &mut Vec::new()).field;
            for from in state.roster.extent.cells() {
                for to in hex::neighbours(from, state.roster.parity) {
                    let found = slope(&state, from, to);
                    assert_eq!(found, slope_over_the_map(&state, from, to), "{from} {to}");
                    if elevation(&state, from) == elevation(&state, to) {
                        level[found.map_or(0, |s| s as usize + 1)] += 1;
                    }
                }
            }
        }
        // Level steps of every kind were asked about.
        assert!(level.iter().all(|&n| n > 50), "{level:?}");
    }

    /// The zone answers as the set of every frontal neighbour of every
    /// unit in good order does, on the map and in the ring of hexes just
    /// off it, after every step of the sample battle.
    #[test]
    fn zone_holds_every_frontal_neighbour_and_nothing_else() {
        let mut in_zones = 0;
        crate::hastings_1066::play::each_sample_state(|state| {
            let extent = state.roster.extent;
            for side in Side::ALL {
                for knights_only in [false, true] {
                    let zone = controlled(state, side, knights_only);
                    let mut expected = std::collections::HashSet::new();
                    for (piece, at) in state.pieces.iter().enumerate() {
                        let info = &state.roster.pieces[piece];
                        if let (Some(cell), Some(facing), Some(class)) =
                            (at.at, at.facing, info.class)
                            && info.side == side
                            && at.standing == Standing::Good
                            && (!knights_only || class.kind() == Kind::Knights)
                        {
                            expected.extend(facing::frontal_neighbours(
                                cell,
                                facing,
                                state.roster.parity,
                            ));
                        }
                    }
                    for column in 0..=extent.columns + 1 {
                        for row in 0..=extent.rows + 1 {
                            let cell = Cell { column, row };
                            assert_eq!(zone.contains(&cell), expected.contains(&cell), "{cell}");
                        }
                    }
                    let mut listed: Vec<Cell> = zone.on_map().collect();
                    let mut on_map: Vec<Cell> = expected
                        .iter()
                        .copied()
                        .filter(|&c| extent.contains(c))
                        .collect();
                    listed.sort_by_key(|c| (c.column, c.row));
                    on_map.sort_by_key(|c| (c.column, c.row));
                    assert_eq!(listed, on_map);
                    in_zones += on_map.len();
                }
            }
        });
        assert!(in_zones > 1000, "{in_zones}");
    }
}
