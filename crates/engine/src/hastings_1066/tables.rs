//! The tables of Hastings: 1066 as const data: movement allowances, the
//! Terrain Effects Chart, flank and rear bonuses, the Missile Fire Matrix
//! and its results table, odds to column, missile supply, the Melee
//! Results Table, the Morale and Rally tables, leader casualties, casualty
//! points, the reinforcement schedule, what each order allows and the
//! facing arcs. Each is checked cell by cell against the document by
//! crates/engine/tests/hastings_1066_tables.rs.
//!
//! Source: `hastings-1066-st.md`, cited by its case numbers (`5.1.2`,
//! `9.6.6`); rulings `HS-Rn` are those of the spec, section 4.3.
//! Where the document is garbled the printed table is kept as data beside
//! the table senlac plays: [`DOCUMENT_MELEE_TABLE`] beside [`MELEE_TABLE`]
//! (HS-R12), [`DOCUMENT_MORALE_TABLE`] beside [`MORALE_TABLE`] (HS-R11).
//! The ruled tables are computed from the printed ones at compile time, so
//! they cannot differ anywhere else.
//!
//! The document's Rally and Morale tables head two columns with Cyrillic
//! look-alikes of B, C and E; every grade here is a Latin letter A to E.
//!
//! Dice are `u8` faces; a lookup given a face that is not on the die
//! returns `None`. Strengths and modifiers are `i32`, movement points and
//! counts `u32`. All arithmetic is on integers.

#![warn(missing_docs)]

use std::fmt;

use senlac_board::hex::Direction;

/// Whether `die` is a face of a d6.
const fn is_d6(die: u8) -> bool {
    1 <= die && die <= 6
}

// ------------------------------------------------------------- the pieces

/// The two armies, in the order they play each turn (3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// William's army, "Norman" for all its nationalities (2.2).
    Normans,
    /// Harold's army.
    Saxons,
}

impl Side {
    /// Both sides, Normans first.
    pub const ALL: [Side; 2] = [Side::Normans, Side::Saxons];

    /// The side's name in the `Sides` tag and the logs (`Normans`,
    /// `Saxons`).
    pub const fn word(self) -> &'static str {
        match self {
            Side::Normans => "Normans",
            Side::Saxons => "Saxons",
        }
    }

    /// The side from its word.
    pub fn parse(word: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.word() == word)
    }

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::Normans => Side::Saxons,
            Side::Saxons => Side::Normans,
        }
    }
}

/// A morale grade, printed on every combat unit (9.5.4, 9.6.6, 12.2). Only
/// the Latin letters: the document's Cyrillic look-alikes are not grades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Grade {
    /// The best: rallies on 1-5, never routs on a morale check.
    A,
    /// Second.
    B,
    /// Third.
    C,
    /// Fourth.
    D,
    /// The worst: rallies only on 1.
    E,
}

impl Grade {
    /// The five grades, best first: the columns of the tables.
    pub const ALL: [Grade; 5] = [Grade::A, Grade::B, Grade::C, Grade::D, Grade::E];

    /// The grade's Latin letter.
    pub const fn letter(self) -> &'static str {
        match self {
            Grade::A => "A",
            Grade::B => "B",
            Grade::C => "C",
            Grade::D => "D",
            Grade::E => "E",
        }
    }

    /// The grade from its Latin letter (upper case only; a Cyrillic
    /// look-alike is not a grade).
    pub fn parse(word: &str) -> Option<Grade> {
        Grade::ALL.into_iter().find(|g| g.letter() == word)
    }

    /// 0 for A to 4 for E: the column in the tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a piece moves: the rows of 5.1.2, with ineffective leaders (10.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// "All Others (Foot, Bowmen, etc)": every combat unit but knights.
    Foot,
    /// "Knights (Cavalry)", William's Guard included.
    Knights,
    /// An effective leader (wounded-1 included).
    Leader,
    /// A leader on his ineffective side (wounded-2 or shaken, 10.4.3).
    IneffectiveLeader,
}

impl Kind {
    /// The column of the Terrain Effects Chart this kind reads: foot for
    /// foot, the knight column for knights and for leaders, who are mounted
    /// (HS-R31: "Leaders pay knight movement costs").
    pub const fn arm(self) -> Arm {
        match self {
            Kind::Foot => Arm::Foot,
            Kind::Knights | Kind::Leader | Kind::IneffectiveLeader => Arm::Knight,
        }
    }

    /// Whether the kind is a leader, effective or not.
    pub const fn is_leader(self) -> bool {
        matches!(self, Kind::Leader | Kind::IneffectiveLeader)
    }
}

/// The two columns of the Terrain Effects Chart (5.5): "Foot" and "Knight".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arm {
    /// Foot, bowmen, slingers: every combat unit but knights.
    Foot,
    /// Knights, and leaders when moving (HS-R31).
    Knight,
}

impl Arm {
    /// Both, foot first as the chart prints them.
    pub const ALL: [Arm; 2] = [Arm::Foot, Arm::Knight];
}

/// A combat unit's class word in a `unit` line (spec 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// Norman foot (`foot`).
    Foot,
    /// Bowmen of either side (`bowmen`).
    Bowmen,
    /// Norman knights (`knights`).
    Knights,
    /// William's Guard (`guard`), knights with morale A (4.3.8.1).
    Guard,
    /// Saxon housecarls (`housecarls`).
    Housecarls,
    /// Saxon thegns (`thegns`).
    Thegns,
    /// Saxon fyrd (`fyrd`).
    Fyrd,
    /// Saxon slingers (`slingers`).
    Slingers,
}

impl Class {
    /// Every class, Normans' first.
    pub const ALL: [Class; 8] = [
        Class::Foot,
        Class::Bowmen,
        Class::Knights,
        Class::Guard,
        Class::Housecarls,
        Class::Thegns,
        Class::Fyrd,
        Class::Slingers,
    ];

    /// The class's word.
    pub const fn word(self) -> &'static str {
        match self {
            Class::Foot => "foot",
            Class::Bowmen => "bowmen",
            Class::Knights => "knights",
            Class::Guard => "guard",
            Class::Housecarls => "housecarls",
            Class::Thegns => "thegns",
            Class::Fyrd => "fyrd",
            Class::Slingers => "slingers",
        }
    }

    /// The class from its word.
    pub fn parse(word: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.word() == word)
    }

    /// How it moves: knights for knights and the Guard, foot otherwise.
    pub const fn kind(self) -> Kind {
        match self {
            Class::Knights | Class::Guard => Kind::Knights,
            _ => Kind::Foot,
        }
    }

    /// Whether `side` fields units of this class: bowmen both, the rest one.
    pub const fn fielded_by(self, side: Side) -> bool {
        match self {
            Class::Bowmen => true,
            Class::Foot | Class::Knights | Class::Guard => matches!(side, Side::Normans),
            Class::Housecarls | Class::Thegns | Class::Fyrd | Class::Slingers => {
                matches!(side, Side::Saxons)
            }
        }
    }
}

// ----------------------------------------------------------------- orders

/// A battle order (4.3), by its claim word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// Shield Wall (4.3.1): foot, not bowmen.
    ShieldWall,
    /// Melee/Fire in Place (4.3.2): foot.
    FireInPlace,
    /// Advance to Combat (4.3.3): foot, and Saxon reinforcements (4.3.8.2).
    AdvanceToCombat,
    /// Attack & Pursue (4.3.4): Saxon foot only.
    AttackPursue,
    /// Hold (4.3.5): Norman knights.
    Hold,
    /// Advance (4.3.6): Norman knights.
    Advance,
    /// Charge (4.3.7): Norman knights.
    Charge,
}

/// Who may hold an order (4.3, 4.3.4: "adopted only by foot units",
/// "Saxon foot only", "adopted only by Norman knights").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Holder {
    /// Foot of either side.
    Foot,
    /// Saxon foot only.
    SaxonFoot,
    /// Norman knights (the Guard once William is dead, HS-R46).
    NormanKnights,
}

impl Holder {
    /// The kind of unit that holds it.
    pub const fn kind(self) -> Kind {
        match self {
            Holder::Foot | Holder::SaxonFoot => Kind::Foot,
            Holder::NormanKnights => Kind::Knights,
        }
    }
}

/// The defence strength an order uses (4.3.1, 6.2.4, HS-R8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Defence {
    /// The printed (normal) defence.
    Printed,
    /// The shield-wall strength, against melee and fire; the normal
    /// defence when routed (9.2.3.5).
    Wall,
}

/// The single step an order with a movement allowance of 0 still allows
/// (4.3.1, 4.3.2, 4.3.5), never into an enemy ZOC and whatever the terrain
/// (HS-R24). The directions per side are [`SideRow::rear`] and
/// [`SideRow::forward`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// One hex to the rear (Shield Wall, Hold).
    Rear,
    /// One hex forward or to the rear (Melee/Fire in Place).
    ForwardOrRear,
}

/// A movement allowance: points, and the one step an allowance of 0 may
/// still permit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Movement {
    /// Movement points per movement segment (5.1.2).
    pub points: u32,
    /// The one-hex move allowed besides; `None` when there is none.
    pub step: Option<Step>,
}

impl Movement {
    /// `points` movement points and no extra step.
    pub const fn points(points: u32) -> Movement {
        Movement { points, step: None }
    }

    /// An allowance of 0 with one step.
    pub const fn step(step: Step) -> Movement {
        Movement {
            points: 0,
            step: Some(step),
        }
    }
}

/// What an order allows and demands: one row of spec table 3.15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrderRow {
    /// The order.
    pub order: Order,
    /// Its claim word.
    pub word: &'static str,
    /// Its name in the document.
    pub name: &'static str,
    /// Its case in the document.
    pub case: &'static str,
    /// Who may hold it.
    pub held_by: Holder,
    /// The defence it uses; melee is always the printed strength (HS-R8),
    /// plus [`OrderRow::charge_bonus`].
    pub defence: Defence,
    /// Whether a qualifying charge adds [`CHARGE_BONUS`] (or
    /// [`CHARGE_DOWNHILL_BONUS`]) to melee (4.3.7).
    pub charge_bonus: bool,
    /// Its movement allowance (5.1.2 with 4.3).
    pub movement: Movement,
    /// Whether its units may react (5.4.4; Hold as Shield Wall, HS-R24).
    pub may_react: bool,
    /// Whether its units must attack under 8.1.2 (Shield Wall and Hold are
    /// exempt, 4.3.1).
    pub must_attack: bool,
    /// Whether its units must close with the nearest enemy (4.3.4; the
    /// whole Charge section, charging or not, 4.3.7).
    pub must_close: bool,
    /// Whether D* results its units inflict become R (4.3.4, 4.3.7,
    /// 9.2.2.6; HS-R10).
    pub d_becomes_r: bool,
    /// Whether its undisrupted units must pursue an enemy they rout (9.4.2).
    pub must_pursue: bool,
    /// The most Battle Turns it can last: 2 where the Order Table may give
    /// two (the roll's `turns=` claim, 4.2.6), else 1.
    pub max_turns: u8,
}

/// The seven orders (4.3.1 to 4.3.7), in the document's order.
pub const ORDERS: [OrderRow; 7] = [
    OrderRow {
        order: Order::ShieldWall,
        word: "shield-wall",
        name: "Shield Wall",
        case: "4.3.1",
        held_by: Holder::Foot,
        defence: Defence::Wall,
        charge_bonus: false,
        movement: Movement::step(Step::Rear),
        may_react: false,
        must_attack: false,
        must_close: false,
        d_becomes_r: false,
        must_pursue: false,
        max_turns: 1,
    },
    OrderRow {
        order: Order::FireInPlace,
        word: "fire-in-place",
        name: "Melee/Fire in Place",
        case: "4.3.2",
        held_by: Holder::Foot,
        defence: Defence::Printed,
        charge_bonus: false,
        movement: Movement::step(Step::ForwardOrRear),
        may_react: true,
        must_attack: true,
        must_close: false,
        d_becomes_r: false,
        must_pursue: false,
        max_turns: 1,
    },
    OrderRow {
        order: Order::AdvanceToCombat,
        word: "advance-to-combat",
        name: "Advance to Combat",
        case: "4.3.3",
        held_by: Holder::Foot,
        defence: Defence::Printed,
        charge_bonus: false,
        movement: Movement::points(FOOT_ALLOWANCE),
        may_react: true,
        must_attack: true,
        must_close: false,
        d_becomes_r: false,
        must_pursue: false,
        max_turns: 1,
    },
    OrderRow {
        order: Order::AttackPursue,
        word: "attack-pursue",
        name: "Attack & Pursue",
        case: "4.3.4",
        held_by: Holder::SaxonFoot,
        defence: Defence::Printed,
        charge_bonus: false,
        movement: Movement::points(FOOT_ALLOWANCE),
        may_react: false,
        must_attack: true,
        must_close: true,
        d_becomes_r: true,
        must_pursue: true,
        max_turns: 2,
    },
    OrderRow {
        order: Order::Hold,
        word: "hold",
        name: "Hold",
        case: "4.3.5",
        held_by: Holder::NormanKnights,
        defence: Defence::Printed,
        charge_bonus: false,
        movement: Movement::step(Step::Rear),
        may_react: false,
        must_attack: false,
        must_close: false,
        d_becomes_r: false,
        must_pursue: false,
        max_turns: 1,
    },
    OrderRow {
        order: Order::Advance,
        word: "advance",
        name: "Advance",
        case: "4.3.6",
        held_by: Holder::NormanKnights,
        defence: Defence::Printed,
        charge_bonus: false,
        movement: Movement::points(KNIGHT_ALLOWANCE),
        may_react: true,
        must_attack: true,
        must_close: false,
        d_becomes_r: false,
        must_pursue: false,
        max_turns: 1,
    },
    OrderRow {
        order: Order::Charge,
        word: "charge",
        name: "Charge",
        case: "4.3.7",
        held_by: Holder::NormanKnights,
        defence: Defence::Printed,
        charge_bonus: true,
        movement: Movement::points(CHARGE_ALLOWANCE),
        may_react: false,
        must_attack: true,
        must_close: true,
        d_becomes_r: true,
        must_pursue: true,
        max_turns: 2,
    },
];

impl Order {
    /// The seven orders, in the document's order.
    pub const ALL: [Order; 7] = [
        Order::ShieldWall,
        Order::FireInPlace,
        Order::AdvanceToCombat,
        Order::AttackPursue,
        Order::Hold,
        Order::Advance,
        Order::Charge,
    ];

    /// The order's row of [`ORDERS`].
    pub const fn row(self) -> &'static OrderRow {
        &ORDERS[self as usize]
    }

    /// The claim word (`shield-wall`, …, `charge`).
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The order from its claim word.
    pub fn parse(word: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.word() == word)
    }

    /// Whether a unit of `class` on `side` may hold this order. Bowmen never
    /// hold Shield Wall (4.3.1): see [`Order::adopted_by`].
    pub const fn may_hold(self, side: Side, class: Class) -> bool {
        if !class.fielded_by(side) {
            return false;
        }
        if matches!(self, Order::ShieldWall) && matches!(class, Class::Bowmen) {
            return false;
        }
        match self.row().held_by {
            Holder::Foot => matches!(class.kind(), Kind::Foot),
            Holder::SaxonFoot => matches!(side, Side::Saxons) && matches!(class.kind(), Kind::Foot),
            Holder::NormanKnights => {
                matches!(side, Side::Normans) && matches!(class.kind(), Kind::Knights)
            }
        }
    }

    /// The order a unit of `class` takes when its wing or section is in
    /// this one: bowmen take Melee/Fire in Place for Shield Wall (4.3.1);
    /// everyone else takes the order itself.
    pub const fn adopted_by(self, class: Class) -> Order {
        match (self, class) {
            (Order::ShieldWall, Class::Bowmen) => Order::FireInPlace,
            _ => self,
        }
    }
}

// ------------------------------------------------------- movement (5.1.2)

/// "Knights (Cavalry): 4 MP (normal)" (5.1.2).
pub const KNIGHT_ALLOWANCE: u32 = 4;

/// "6 MP (charging)" (5.1.2): every knight of a section in Charge order
/// (4.3.7, HS-R25).
pub const CHARGE_ALLOWANCE: u32 = 6;

/// "Leader: 6 MP" (5.1.2, 10.2.1).
const LEADER_ALLOWANCE: u32 = 6;

/// "Ineffective leaders move at the rate of two (2) movement points"
/// (10.4.3).
const INEFFECTIVE_LEADER_ALLOWANCE: u32 = 2;

/// "All Others (Foot, Bowmen, etc): 3 MP" (5.1.2).
const FOOT_ALLOWANCE: u32 = 3;

/// MP already spent by the second reinforcement entering in a turn (11.4.1:
/// "the second one to enter has already used a movement point").
pub const SECOND_ARRIVAL_SPENT: u32 = 1;

/// The printed allowance of each kind (5.1.2, 10.4.3), before orders.
pub const ALLOWANCES: [(Kind, u32); 4] = [
    (Kind::Foot, FOOT_ALLOWANCE),
    (Kind::Knights, KNIGHT_ALLOWANCE),
    (Kind::Leader, LEADER_ALLOWANCE),
    (Kind::IneffectiveLeader, INEFFECTIVE_LEADER_ALLOWANCE),
];

/// The printed allowance of `kind`: what a unit with no order moves (the
/// Guard while William lives, HS-R46) and what leaders always move (10.2.1).
pub const fn printed_allowance(kind: Kind) -> u32 {
    ALLOWANCES[kind as usize].1
}

/// The allowance of a piece of `kind` in `order` (spec table 3.1): leaders
/// ignore orders (4.2.5); a unit with no order moves its printed allowance;
/// `None` when the order is not one that kind may hold.
pub const fn movement(kind: Kind, order: Option<Order>) -> Option<Movement> {
    match (kind, order) {
        (Kind::Leader | Kind::IneffectiveLeader, _) | (_, None) => {
            Some(Movement::points(printed_allowance(kind)))
        }
        (_, Some(order)) => {
            let row = order.row();
            if row.held_by.kind() as usize == kind as usize {
                Some(row.movement)
            } else {
                None
            }
        }
    }
}

// ------------------------------------------------ terrain (5.5, HS-R49/50)

/// A hex's terrain on the Terrain Effects Chart (5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Clear: the default of every hex.
    Clear,
    /// Marsh.
    Marsh,
    /// Woods.
    Woods,
    /// Road: "no effect on movement or combat" (5.3.7).
    Road,
}

/// One hex row of the Terrain Effects Chart, with the engine's reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TerrainRow {
    /// The terrain.
    pub terrain: Terrain,
    /// Its word in a `terrain` line.
    pub word: &'static str,
    /// MP for foot to enter.
    pub foot_cost: u32,
    /// MP for knights (and leaders, HS-R31) to enter.
    pub knight_cost: u32,
    /// Whether a knight entering checks morale, rout read as disruption
    /// (the chart's `*`, 5.3.6).
    pub knight_check: bool,
    /// Whether a charge may enter it (4.3.7: not marsh or woods).
    pub charge_may_enter: bool,
    /// What it adds to the defence of a unit in it against melee (HS-R49).
    pub melee_defence: i32,
    /// What it adds to the defence of a unit in it against fire (HS-R49:
    /// "vs Bow" read as against all fire).
    pub fire_defence: i32,
}

/// The hex rows of the Terrain Effects Chart (5.5), in its order.
pub const TERRAIN: [TerrainRow; 4] = [
    TerrainRow {
        terrain: Terrain::Clear,
        word: "clear",
        foot_cost: 1,
        knight_cost: 1,
        knight_check: false,
        charge_may_enter: true,
        melee_defence: 0,
        fire_defence: 0,
    },
    TerrainRow {
        terrain: Terrain::Marsh,
        word: "marsh",
        foot_cost: 2,
        knight_cost: 3,
        knight_check: true,
        charge_may_enter: false,
        melee_defence: -1,
        fire_defence: -1,
    },
    TerrainRow {
        terrain: Terrain::Woods,
        word: "woods",
        foot_cost: 2,
        knight_cost: 3,
        knight_check: false,
        charge_may_enter: false,
        melee_defence: 2,
        fire_defence: 1,
    },
    TerrainRow {
        terrain: Terrain::Road,
        word: "road",
        foot_cost: 1,
        knight_cost: 1,
        knight_check: false,
        charge_may_enter: true,
        melee_defence: 0,
        fire_defence: 0,
    },
];

impl Terrain {
    /// The four kinds, in the chart's order.
    pub const ALL: [Terrain; 4] = [
        Terrain::Clear,
        Terrain::Marsh,
        Terrain::Woods,
        Terrain::Road,
    ];

    /// The kind's row of [`TERRAIN`].
    pub const fn row(self) -> &'static TerrainRow {
        &TERRAIN[self as usize]
    }

    /// Its word in a `terrain` line.
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The kind from its word.
    pub fn parse(word: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.word() == word)
    }

    /// MP for `arm` to enter a hex of this terrain.
    pub const fn cost(self, arm: Arm) -> u32 {
        match arm {
            Arm::Foot => self.row().foot_cost,
            Arm::Knight => self.row().knight_cost,
        }
    }

    /// What it adds to the defence of a unit in it against `attack`.
    pub const fn defence(self, attack: Attack) -> i32 {
        match attack {
            Attack::Fire => self.row().fire_defence,
            Attack::Melee => self.row().melee_defence,
        }
    }
}

/// A hexside feature on the Terrain Effects Chart (5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hexside {
    /// A ridge (the map's slope hexsides, HS-R5).
    Ridge,
    /// A stream.
    Stream,
}

/// One hexside row of the Terrain Effects Chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HexsideRow {
    /// The feature.
    pub hexside: Hexside,
    /// Its word in a `hexside` line.
    pub word: &'static str,
    /// MP added to the cost of the hex entered across it.
    pub extra_cost: u32,
    /// Whether a knight checks morale before crossing it (the chart's `*`,
    /// 5.3.5).
    pub knight_check: bool,
    /// Whether a charge may cross it (4.3.7: no ridge or stream).
    pub charge_may_cross: bool,
}

/// The hexside rows of the chart: Ridge (`None*`) and Stream (`+1 MP`).
pub const HEXSIDES: [HexsideRow; 2] = [
    HexsideRow {
        hexside: Hexside::Ridge,
        word: "ridge",
        extra_cost: 0,
        knight_check: true,
        charge_may_cross: false,
    },
    HexsideRow {
        hexside: Hexside::Stream,
        word: "stream",
        extra_cost: 1,
        knight_check: false,
        charge_may_cross: false,
    },
];

/// The alias of `ridge` in a `hexside` line (HS-R5).
pub const RIDGE_ALIAS: &str = "slope";

impl Hexside {
    /// Both, ridge first.
    pub const ALL: [Hexside; 2] = [Hexside::Ridge, Hexside::Stream];

    /// The feature's row of [`HEXSIDES`].
    pub const fn row(self) -> &'static HexsideRow {
        &HEXSIDES[self as usize]
    }

    /// Its word in a `hexside` line.
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The feature from its word, `slope` accepted for `ridge`.
    pub fn parse(word: &str) -> Option<Hexside> {
        if word == RIDGE_ALIAS {
            return Some(Hexside::Ridge);
        }
        Hexside::ALL.into_iter().find(|h| h.word() == word)
    }
}

/// Which way an attack or a move goes across a ridge, or down a slope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slope {
    /// Into a higher hex.
    Uphill,
    /// Into a lower hex.
    Downhill,
}

/// The ridge rows of the chart as melee modifiers to an attacking unit whose
/// attack crosses a ridge hexside (HS-R50): `(arm, uphill, downhill)`.
/// "Ridge, Uphill: Foot -1 Melee, Knight -2 Melee"; "Ridge, Downhill: Foot
/// +1 Melee, Knight None".
const RIDGE_MELEE: [(Arm, i32, i32); 2] = [(Arm::Foot, -1, 1), (Arm::Knight, -2, 0)];

/// The melee modifier of an `arm` attacker across a ridge going `slope`
/// (HS-R50). Between equal elevations there is none: the caller does not
/// ask.
pub const fn ridge_melee(arm: Arm, slope: Slope) -> i32 {
    let (_, uphill, downhill) = RIDGE_MELEE[arm as usize];
    match slope {
        Slope::Uphill => uphill,
        Slope::Downhill => downhill,
    }
}

/// A qualifying charge's melee bonus (4.3.7: "adds one to its combat
/// strength"; the chart's "Movement Downhill, Knight: +1/+2 Melee").
pub const CHARGE_BONUS: i32 = 1;

/// A qualifying charge's bonus when the charge is downhill (4.3.7: "two if
/// charging downhill"; HS-R25). Foot get nothing for moving downhill.
pub const CHARGE_DOWNHILL_BONUS: i32 = 2;

/// The bonus of a qualifying charge, downhill or not.
pub const fn charge_bonus(downhill: bool) -> i32 {
    if downhill {
        CHARGE_DOWNHILL_BONUS
    } else {
        CHARGE_BONUS
    }
}

// ------------------------------------------------------- flank and rear

/// The two kinds of attack: fire (7.x) and melee (8.x). They are also the
/// two columns of the Leader Casualty Table (10.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Attack {
    /// Missile fire.
    Fire,
    /// Melee.
    Melee,
}

impl Attack {
    /// Both, fire first as 6.2.3 and 10.5 print them.
    #[cfg(feature = "test-support")]
    pub const ALL: [Attack; 2] = [Attack::Fire, Attack::Melee];
}

/// Which hexsides of the defender an attack comes through (6.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Aspect {
    /// Its frontal hexsides.
    Front,
    /// Its flank hexsides.
    Flank,
    /// Its rear hexsides.
    Rear,
}

impl Aspect {
    /// The bonus to each attacking unit's rating (6.2.3): see
    /// [`FLANK_REAR`]. Defence never changes (6.2.4).
    pub const fn bonus(self, attack: Attack) -> i32 {
        let (_, flank, rear) = FLANK_REAR[attack as usize];
        match self {
            Aspect::Front => 0,
            Aspect::Flank => flank,
            Aspect::Rear => rear,
        }
    }
}

/// `(attack, flank, rear)`: "Fire +1 +1; Melee +1 +2" (6.2.3).
const FLANK_REAR: [(Attack, i32, i32); 2] = [(Attack::Fire, 1, 1), (Attack::Melee, 1, 2)];

// ------------------------------------------------------ missile fire (7.x)

/// A missile weapon, the `missile=` of a unit (7.5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weapon {
    /// Bow: the only weapon of high-trajectory fire (7.3.1).
    Bow,
    /// Javelin (the Saxons' "javelin/spear units", 7.4.1).
    Javelin,
    /// Sling.
    Sling,
}

impl Weapon {
    /// The three, in the matrix's order.
    pub const ALL: [Weapon; 3] = [Weapon::Bow, Weapon::Javelin, Weapon::Sling];

    /// The weapon's `missile=` word.
    pub const fn word(self) -> &'static str {
        match self {
            Weapon::Bow => "bow",
            Weapon::Javelin => "javelin",
            Weapon::Sling => "sling",
        }
    }

    /// The weapon from its word.
    pub fn parse(word: &str) -> Option<Weapon> {
        Weapon::ALL.into_iter().find(|w| w.word() == word)
    }

    /// Its longest range in hexes (the matrix's "Max. Range").
    pub const fn max_range(self) -> u32 {
        MISSILE_MATRIX[self as usize].1
    }
}

/// The Missile Fire Matrix (7.5.1): `(weapon, max range, [strength at range
/// 3, 2, 1])`, columns as printed (range 3 first); `None` is the printed
/// `-` (a javelin cannot reach 3 hexes).
const MISSILE_MATRIX: [(Weapon, u32, [Option<i32>; 3]); 3] = [
    (Weapon::Bow, 3, [Some(3), Some(4), Some(5)]),
    (Weapon::Javelin, 2, [None, Some(2), Some(3)]),
    (Weapon::Sling, 3, [Some(1), Some(1), Some(2)]),
];

/// A `weapon`'s fire strength at `range` hexes (7.1.2: the target's hex
/// counted, the firer's not); `None` out of range (0, or beyond the
/// weapon's maximum).
pub const fn fire_strength(weapon: Weapon, range: u32) -> Option<i32> {
    let (_, max, cells) = MISSILE_MATRIX[weapon as usize];
    if range == 0 || range > max || range > 3 {
        return None;
    }
    cells[(3 - range) as usize]
}

/// A column of the Missile Combat Results Table (7.5.2), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Column {
    /// 1-4.
    OneToFour,
    /// 1-3.
    OneToThree,
    /// 1-2.
    OneToTwo,
    /// 1-1.5.
    OneToOneHalf,
    /// 1-1.
    OneToOne,
    /// 1.5-1.
    OneHalfToOne,
    /// 2-1.
    TwoToOne,
    /// 3-1.
    ThreeToOne,
    /// 4-1.
    FourToOne,
    /// 5-1.
    FiveToOne,
}

impl Column {
    /// The ten columns, left to right.
    pub const ALL: [Column; 10] = [
        Column::OneToFour,
        Column::OneToThree,
        Column::OneToTwo,
        Column::OneToOneHalf,
        Column::OneToOne,
        Column::OneHalfToOne,
        Column::TwoToOne,
        Column::ThreeToOne,
        Column::FourToOne,
        Column::FiveToOne,
    ];

    /// `(fire, defence)` of the column's ratio in halves, so 1.5 is an
    /// integer: 1-4 is (2, 8), 1.5-1 is (3, 2).
    const fn halves(self) -> (i64, i64) {
        match self {
            Column::OneToFour => (2, 8),
            Column::OneToThree => (2, 6),
            Column::OneToTwo => (2, 4),
            Column::OneToOneHalf => (2, 3),
            Column::OneToOne => (2, 2),
            Column::OneHalfToOne => (3, 2),
            Column::TwoToOne => (4, 2),
            Column::ThreeToOne => (6, 2),
            Column::FourToOne => (8, 2),
            Column::FiveToOne => (10, 2),
        }
    }

    /// The heading as the table prints it (`1-4`, …, `1.5-1`, `5-1`).
    pub const fn label(self) -> &'static str {
        match self {
            Column::OneToFour => "1-4",
            Column::OneToThree => "1-3",
            Column::OneToTwo => "1-2",
            Column::OneToOneHalf => "1-1.5",
            Column::OneToOne => "1-1",
            Column::OneHalfToOne => "1.5-1",
            Column::TwoToOne => "2-1",
            Column::ThreeToOne => "3-1",
            Column::FourToOne => "4-1",
            Column::FiveToOne => "5-1",
        }
    }

    /// The column from an `odds=` value: as the rule document prints it,
    /// `A-B` (`3-1`, `1-1.5`), or `AxB` or `A:B` (the spec's ratio atom,
    /// E3), which earlier logs write.
    pub fn parse(word: &str) -> Option<Column> {
        let (a, b) = word.split_once([':', 'x', '-'])?;
        Column::ALL
            .into_iter()
            .find(|c| c.label().split_once('-') == Some((a, b)))
    }

    /// 0 for 1-4 to 9 for 5-1.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The column one to the left: high-trajectory fire (7.3.3). `None`
    /// left of 1-4: no effect (HS-R16).
    pub const fn left(self) -> Option<Column> {
        match self.index() {
            0 => None,
            i => Some(Column::ALL[i - 1]),
        }
    }

    /// The result of `die` in this column (7.5.2).
    pub const fn result(self, die: u8) -> Option<FireResult> {
        if !is_d6(die) {
            return None;
        }
        Some(MISSILE_CRT[(die - 1) as usize][self.index()])
    }
}

/// The column of `fire` against `defence` (7.0, 7.2.7; spec 3.6, HS-R16):
/// the best column whose ratio does not exceed fire : defence, rounding in
/// the defender's favour (10 to 3 is 3-1), on integers only. Above 5-1 reads
/// 5-1, and so does any fire against a defence of 0 or less. `None` when
/// there is no fire (`fire` ≤ 0) or the odds are below 1-4 (no effect).
pub const fn column(fire: i32, defence: i32) -> Option<Column> {
    if fire <= 0 {
        return None;
    }
    if defence <= 0 {
        return Some(Column::FiveToOne);
    }
    let (f, d) = (fire as i64, defence as i64);
    let mut i = Column::ALL.len();
    while i > 0 {
        i -= 1;
        let (a, b) = Column::ALL[i].halves();
        // f : d >= a : b
        if f * b >= d * a {
            return Some(Column::ALL[i]);
        }
    }
    None
}

/// The column of fire read with the high-trajectory shift when `high`
/// (7.3.3): [`column()`], then one to the left after the 5-1 clamp (HS-R16).
/// High-trajectory fire at 2-1 reads 1.5-1; at 1-4 it has no effect.
pub const fn fire_column(fire: i32, defence: i32, high: bool) -> Option<Column> {
    match column(fire, defence) {
        Some(c) if high => c.left(),
        c => c,
    }
}

/// A result of the Missile Combat Results Table (7.1.6, 7.5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FireResult {
    /// `-`: no effect.
    NoEffect,
    /// `M`: the target checks morale.
    Morale,
    /// `D`: the target is disrupted (never converted to R, HS-R10).
    Disrupted,
    /// `1`: the target loses a step; leaders in the hex roll on the Fire
    /// column of 10.5.
    Step,
}

impl FireResult {
    /// The four, in order of severity.
    pub const ALL: [FireResult; 4] = [
        FireResult::NoEffect,
        FireResult::Morale,
        FireResult::Disrupted,
        FireResult::Step,
    ];

    /// The result as the table prints it: `-`, `M`, `D`, `1`.
    pub const fn symbol(self) -> &'static str {
        match self {
            FireResult::NoEffect => "-",
            FireResult::Morale => "M",
            FireResult::Disrupted => "D",
            FireResult::Step => "1",
        }
    }

    /// The result from its printed symbol.
    pub fn parse(symbol: &str) -> Option<FireResult> {
        FireResult::ALL.into_iter().find(|r| r.symbol() == symbol)
    }
}

/// The Missile Combat Results Table (7.5.2): rows die 1 to 6, columns 1-4
/// to 5-1 ([`Column::ALL`]). Row 2 prints `_` for two of its `-`.
#[rustfmt::skip]
pub const MISSILE_CRT: [[FireResult; 10]; 6] = {
    use FireResult::{Disrupted as D, Morale as M, NoEffect as N, Step as S};
    [
        // 1-4 1-3 1-2 1-1.5 1-1 1.5-1 2-1 3-1 4-1 5-1
        [N, N, N, N, N, M, M, M, D, D],
        [N, N, N, N, M, M, M, D, D, D],
        [N, N, N, M, M, M, D, D, D, S],
        [N, N, M, M, M, D, D, D, S, S],
        [N, M, M, M, D, D, D, S, S, S],
        [M, M, M, D, D, D, S, S, S, S],
    ]
};

/// The result of fire at `column` with `die` (7.5.2).
#[cfg(feature = "test-support")]
pub const fn fire_result(column: Column, die: u8) -> Option<FireResult> {
    column.result(die)
}

/// The defence of a leader alone in a hex against fire (7.1.7).
pub const LONE_LEADER_DEFENCE: i32 = 1;

// ------------------------------------------------- missile supply (7.4.5)

/// An Assault Period (3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    /// The First Assault Period.
    First,
    /// The Second Assault Period.
    Second,
}

/// The missile units whose supply is limited (7.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Supply {
    /// Norman bowmen.
    NormanBowmen,
    /// Saxon javelin/spear units (the table's "Saxon Jav/S", HS-R36).
    SaxonJavelins,
}

impl Supply {
    /// The limited group of a `weapon` unit of `side`: Norman bows and
    /// Saxon javelins. `None` for units the document does not limit: Saxon
    /// bowmen and slingers (7.4.4); the Normans field no other missiles.
    pub const fn of(side: Side, weapon: Weapon) -> Option<Supply> {
        match (side, weapon) {
            (Side::Normans, Weapon::Bow) => Some(Supply::NormanBowmen),
            (Side::Saxons, Weapon::Javelin) => Some(Supply::SaxonJavelins),
            _ => None,
        }
    }
}

/// The Missile Supply Table (7.4.5): `(group, fire segments in the First
/// period, in the Second)`.
pub const MISSILE_SUPPLY: [(Supply, u32, u32); 2] =
    [(Supply::NormanBowmen, 6, 3), (Supply::SaxonJavelins, 4, 2)];

/// "No unit can ever fire in more than six segments in a given period"
/// (7.4.3).
pub const MAX_FIRE_SEGMENTS: u32 = 6;

/// Fire segments `supply` may fire in during `period`: the table's number,
/// and in the Second period the segments left unused in the First added,
/// at most [`MAX_FIRE_SEGMENTS`] in all (7.4.3, HS-R36). `unused_first` is
/// ignored for the First period.
pub const fn fire_segments(supply: Supply, period: Period, unused_first: u32) -> u32 {
    let (_, first, second) = MISSILE_SUPPLY[supply as usize];
    let allowed = match period {
        Period::First => first,
        Period::Second => second.saturating_add(unused_first),
    };
    if allowed > MAX_FIRE_SEGMENTS {
        MAX_FIRE_SEGMENTS
    } else {
        allowed
    }
}

// ---------------------------------------------------------- melee (9.1)

/// A result on one side of a Melee Results Table cell (9.1, 9.2; HS-R10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeleeResult {
    /// `-`: no effect.
    NoEffect,
    /// `M`: the unit checks morale (every attacker, with several).
    Morale,
    /// `D*`: disrupted, or routed instead when a unit of the other side in
    /// the combat is in Charge or Attack & Pursue order (HS-R10).
    Disrupted,
    /// `1`: one step lost; leaders in the hex roll on the Melee column.
    Step,
    /// `1M`: one step lost, then a morale check if the unit survives.
    StepMorale,
}

impl MeleeResult {
    /// The five, in the legend's order.
    pub const ALL: [MeleeResult; 5] = [
        MeleeResult::NoEffect,
        MeleeResult::Morale,
        MeleeResult::Disrupted,
        MeleeResult::Step,
        MeleeResult::StepMorale,
    ];

    /// The result as the table prints it: `-`, `M`, `D*`, `1`, `1M`.
    pub const fn symbol(self) -> &'static str {
        match self {
            MeleeResult::NoEffect => "-",
            MeleeResult::Morale => "M",
            MeleeResult::Disrupted => "D*",
            MeleeResult::Step => "1",
            MeleeResult::StepMorale => "1M",
        }
    }

    /// The result from its printed symbol.
    pub fn parse(symbol: &str) -> Option<MeleeResult> {
        MeleeResult::ALL.into_iter().find(|r| r.symbol() == symbol)
    }

    /// Whether the unit loses a step (`1`, `1M`).
    #[cfg(feature = "test-support")]
    pub const fn loses_step(self) -> bool {
        matches!(self, MeleeResult::Step | MeleeResult::StepMorale)
    }

    /// Whether the unit checks morale (`M`, `1M`).
    #[cfg(feature = "test-support")]
    pub const fn checks_morale(self) -> bool {
        matches!(self, MeleeResult::Morale | MeleeResult::StepMorale)
    }
}

/// A cell of the Melee Results Table: attacker's result / defender's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The attacker's result (left of the slash).
    pub attacker: MeleeResult,
    /// The defender's result (right of the slash).
    pub defender: MeleeResult,
}

impl Outcome {
    /// `attacker/defender`.
    pub const fn new(attacker: MeleeResult, defender: MeleeResult) -> Outcome {
        Outcome { attacker, defender }
    }

    /// A cell as printed: `M/-`, `D*/1`, `-/1M`.
    pub fn parse(cell: &str) -> Option<Outcome> {
        let (a, d) = cell.split_once('/')?;
        Some(Outcome::new(MeleeResult::parse(a)?, MeleeResult::parse(d)?))
    }

    const fn same(self, other: Outcome) -> bool {
        self.attacker as u8 == other.attacker as u8 && self.defender as u8 == other.defender as u8
    }
}

/// As the table prints it: `M/-`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.attacker.symbol(), self.defender.symbol())
    }
}

/// A column of the Melee Results Table (9.1), by melee differential.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeleeColumn {
    /// −6.
    MinusSix,
    /// −5.
    MinusFive,
    /// −4.
    MinusFour,
    /// −3.
    MinusThree,
    /// −2.
    MinusTwo,
    /// −1.
    MinusOne,
    /// 0.
    Zero,
    /// +1.
    PlusOne,
    /// +2 and +3.
    PlusTwoThree,
    /// +4 and +5.
    PlusFourFive,
    /// +6 and more (8.3.2).
    PlusSix,
}

impl MeleeColumn {
    /// The eleven columns, left to right.
    pub const ALL: [MeleeColumn; 11] = [
        MeleeColumn::MinusSix,
        MeleeColumn::MinusFive,
        MeleeColumn::MinusFour,
        MeleeColumn::MinusThree,
        MeleeColumn::MinusTwo,
        MeleeColumn::MinusOne,
        MeleeColumn::Zero,
        MeleeColumn::PlusOne,
        MeleeColumn::PlusTwoThree,
        MeleeColumn::PlusFourFive,
        MeleeColumn::PlusSix,
    ];

    /// The heading as the table prints it (`-6`, …, `0`, `+1`, `+2/+3`,
    /// `+4/+5`, `+6`).
    #[cfg(feature = "test-support")]
    pub const fn label(self) -> &'static str {
        match self {
            MeleeColumn::MinusSix => "-6",
            MeleeColumn::MinusFive => "-5",
            MeleeColumn::MinusFour => "-4",
            MeleeColumn::MinusThree => "-3",
            MeleeColumn::MinusTwo => "-2",
            MeleeColumn::MinusOne => "-1",
            MeleeColumn::Zero => "0",
            MeleeColumn::PlusOne => "+1",
            MeleeColumn::PlusTwoThree => "+2/+3",
            MeleeColumn::PlusFourFive => "+4/+5",
            MeleeColumn::PlusSix => "+6",
        }
    }

    /// The column from its printed heading.
    #[cfg(feature = "test-support")]
    pub fn parse(label: &str) -> Option<MeleeColumn> {
        MeleeColumn::ALL.into_iter().find(|c| c.label() == label)
    }

    /// 0 for −6 to 10 for +6.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowest differential read on this column.
    const fn lowest(self) -> i32 {
        match self {
            MeleeColumn::PlusTwoThree => 2,
            MeleeColumn::PlusFourFive => 4,
            MeleeColumn::PlusSix => 6,
            _ => self.index() as i32 - 6,
        }
    }

    /// The column of a melee `differential` (attack total minus defence
    /// total): above +6 reads +6 (8.3.2); `None` at −7 or worse, the
    /// automatic [`AUTOMATIC_LOSS`] with no die (HS-R13).
    pub const fn of(differential: i32) -> Option<MeleeColumn> {
        if differential < AUTOMATIC_LOSS_BELOW {
            return None;
        }
        let mut i = MeleeColumn::ALL.len();
        while i > 0 {
            i -= 1;
            if differential >= MeleeColumn::ALL[i].lowest() {
                return Some(MeleeColumn::ALL[i]);
            }
        }
        None
    }

    /// The cell of `die` in this column, as senlac plays it
    /// ([`MELEE_TABLE`]).
    pub const fn outcome(self, die: u8) -> Option<Outcome> {
        if !is_d6(die) {
            return None;
        }
        Some(MELEE_TABLE[(die - 1) as usize][self.index()])
    }

    /// The cell of `die` in this column as the document prints it
    /// ([`DOCUMENT_MELEE_TABLE`]).
    #[cfg(feature = "test-support")]
    pub const fn document_outcome(self, die: u8) -> Option<Outcome> {
        if !is_d6(die) {
            return None;
        }
        Some(DOCUMENT_MELEE_TABLE[(die - 1) as usize][self.index()])
    }
}

/// The lowest differential that has a column: −6 (HS-R13). 8.3.2 says "−6
/// or worse" is the automatic loss, but the table prints a −6 column whose
/// die 6 is `1/D*`; senlac reads the column at −6 and the automatic loss
/// from −7 down.
const AUTOMATIC_LOSS_BELOW: i32 = -6;

/// "An automatic one step loss for the attacker and … no effect on the
/// defender" (8.3.2), at −7 or worse, without a die (HS-R13).
pub const AUTOMATIC_LOSS: Outcome = Outcome::new(MeleeResult::Step, MeleeResult::NoEffect);

/// The outcome of a melee at `differential` with `die`: the automatic loss
/// at −7 or worse (the die is then not read), else the cell of
/// [`MELEE_TABLE`]. `None` when a die is needed and `die` is not a face.
pub const fn melee_outcome(differential: i32, die: u8) -> Option<Outcome> {
    match MeleeColumn::of(differential) {
        None => Some(AUTOMATIC_LOSS),
        Some(column) => column.outcome(die),
    }
}

/// The Melee Results Table as printed (9.1): rows die 1 to 6, columns −6 to
/// +6 ([`MeleeColumn::ALL`]). Die 4, column −3 prints `M/1`; senlac plays
/// `M/-` ([`MELEE_RULINGS`], HS-R12).
#[rustfmt::skip]
pub const DOCUMENT_MELEE_TABLE: [[Outcome; 11]; 6] = {
    use MeleeResult::{Disrupted as D, Morale as M, NoEffect as N, Step as S, StepMorale as SM};
    const fn o(a: MeleeResult, d: MeleeResult) -> Outcome {
        Outcome::new(a, d)
    }
    [
        //  -6       -5       -4       -3       -2       -1       0        +1       +2/+3    +4/+5    +6
        [o(S, N), o(S, N), o(S, N), o(S, N), o(S, N), o(S, D), o(S, D), o(M, N), o(D, N), o(S, S), o(D, S)],
        [o(S, N), o(S, N), o(S, N), o(S, N), o(S, D), o(M, N), o(M, N), o(D, N), o(S, S), o(D, S), o(N, M)],
        [o(S, N), o(S, N), o(S, N), o(S, D), o(M, N), o(D, N), o(S, S), o(D, S), o(N, M), o(N, S), o(N, S)],
        [o(S, N), o(S, N), o(S, D), o(M, S), o(D, N), o(S, S), o(S, S), o(D, S), o(N, M), o(N, S), o(N, S)],
        [o(S, N), o(S, D), o(M, N), o(D, N), o(S, S), o(S, S), o(D, S), o(N, M), o(N, S), o(N, S), o(N, SM)],
        [o(S, D), o(M, N), o(D, N), o(S, S), o(S, S), o(D, S), o(N, M), o(N, S), o(N, S), o(N, SM), o(N, SM)],
    ]
};

/// A cell senlac reads differently from the print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MeleeRuling {
    /// The die (row).
    pub die: u8,
    /// The column.
    pub column: MeleeColumn,
    /// What the document prints.
    pub printed: Outcome,
    /// What senlac plays.
    pub ruled: Outcome,
    /// The ruling.
    pub ruling: &'static str,
}

/// The Melee Results Table's ruled cells: die 4, column −3 prints `M/1`,
/// ruled `M/-` (HS-R12). Every other attacker-`M` cell is `M/-`, and in
/// columns −6 to −1 each cell repeats the one a row up and a column right
/// except where this one is involved.
pub const MELEE_RULINGS: [MeleeRuling; 1] = [MeleeRuling {
    die: 4,
    column: MeleeColumn::MinusThree,
    printed: Outcome::new(MeleeResult::Morale, MeleeResult::Step),
    ruled: Outcome::new(MeleeResult::Morale, MeleeResult::NoEffect),
    ruling: "HS-R12",
}];

/// The Melee Results Table as senlac plays it: [`DOCUMENT_MELEE_TABLE`]
/// with [`MELEE_RULINGS`] applied (each ruling's `printed` is checked
/// against the print when this is built).
pub const MELEE_TABLE: [[Outcome; 11]; 6] = {
    let mut table = DOCUMENT_MELEE_TABLE;
    let mut i = 0;
    while i < MELEE_RULINGS.len() {
        let r = MELEE_RULINGS[i];
        let cell = &mut table[(r.die - 1) as usize][r.column.index()];
        assert!(cell.same(r.printed));
        *cell = r.ruled;
        i += 1;
    }
    table
};

// ----------------------------------------------------------- morale (9.6)

/// A result of the Morale Check Table (9.6.6), and the status word a
/// `morale` claim gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoraleResult {
    /// `-`: no effect (`ok`).
    NoEffect,
    /// `D`: disrupted.
    Disrupted,
    /// `R`: routed.
    Routed,
}

impl MoraleResult {
    /// The three, mildest first.
    pub const ALL: [MoraleResult; 3] = [
        MoraleResult::NoEffect,
        MoraleResult::Disrupted,
        MoraleResult::Routed,
    ];

    /// The result as the table prints it: `-`, `D`, `R`.
    pub const fn symbol(self) -> &'static str {
        match self {
            MoraleResult::NoEffect => "-",
            MoraleResult::Disrupted => "D",
            MoraleResult::Routed => "R",
        }
    }

    /// The status word of a `morale` claim: `ok`, `disrupted`, `routed`.
    pub const fn word(self) -> &'static str {
        match self {
            MoraleResult::NoEffect => "ok",
            MoraleResult::Disrupted => "disrupted",
            MoraleResult::Routed => "routed",
        }
    }

    /// The result from its claim word.
    pub fn parse(word: &str) -> Option<MoraleResult> {
        MoraleResult::ALL.into_iter().find(|r| r.word() == word)
    }

    /// The result of a knight's check under 9.6.2 (marsh, ridge, after a
    /// charge's melee): "any rout results are treated as disruptions".
    pub const fn rout_as_disruption(self) -> MoraleResult {
        match self {
            MoraleResult::Routed => MoraleResult::Disrupted,
            r => r,
        }
    }

    /// The reading of one printed cell: its first character, `_` and `-`
    /// both meaning no effect (HS-R11 reads a garbled cell as its first
    /// token). Panics (at compile time where used) on anything else.
    const fn read(cell: &str) -> MoraleResult {
        match cell.as_bytes()[0] {
            b'-' | b'_' => MoraleResult::NoEffect,
            b'D' => MoraleResult::Disrupted,
            b'R' => MoraleResult::Routed,
            _ => panic!("not a morale result"),
        }
    }
}

/// The Morale Check Table exactly as printed (9.6.6): rows die 1 to 6,
/// columns A to E, the print's `_` kept. Column E is garbled at die 2
/// (`D R R`) and die 5 (`R R`); the heads of columns B and E are Cyrillic
/// in the document.
pub const DOCUMENT_MORALE_TABLE: [[&str; 5]; 6] = [
    ["_", "_", "_", "_", "-"],
    ["_", "_", "_", "D", "D R R"],
    ["_", "_", "_", "D", "R"],
    ["_", "D", "D", "R", "R"],
    ["D", "D", "R", "R", "R R"],
    ["D", "R", "R", "R", "R"],
];

/// The garbled cells of [`DOCUMENT_MORALE_TABLE`] and their reading:
/// `(die, grade, printed, ruled)` (HS-R11).
pub const MORALE_RULINGS: [(u8, Grade, &str, MoraleResult); 2] = [
    (2, Grade::E, "D R R", MoraleResult::Disrupted),
    (5, Grade::E, "R R", MoraleResult::Routed),
];

/// The Morale Check Table as senlac plays it (HS-R11): each printed cell
/// read by its first token, so column E is `-, D, R, R, R, R`. A rout's
/// chance then grows by one face per grade (A none to E four), every grade
/// is at least as bad as the one to its left on every die, and the
/// document's example holds (C: nothing on 1-3, D on 4, R on 5-6, 9.6.1).
pub const MORALE_TABLE: [[MoraleResult; 5]; 6] = {
    let mut table = [[MoraleResult::NoEffect; 5]; 6];
    let mut die = 0;
    while die < 6 {
        let mut grade = 0;
        while grade < 5 {
            table[die][grade] = MoraleResult::read(DOCUMENT_MORALE_TABLE[die][grade]);
            grade += 1;
        }
        die += 1;
    }
    let mut i = 0;
    while i < MORALE_RULINGS.len() {
        let (die, grade, _, ruled) = MORALE_RULINGS[i];
        assert!(table[(die - 1) as usize][grade.index()] as u8 == ruled as u8);
        i += 1;
    }
    table
};

/// The morale check of a `grade` unit rolling `die` (9.6.1, HS-R11).
pub const fn morale(grade: Grade, die: u8) -> Option<MoraleResult> {
    if !is_d6(die) {
        return None;
    }
    Some(MORALE_TABLE[(die - 1) as usize][grade.index()])
}

// ------------------------------------------------------------ rally (9.5)

/// The Rally Table (9.5.4): `(grade, highest die that rallies)`, "A 1-5 …
/// E 1". In the document the B and C of this table are Cyrillic.
pub const RALLY: [(Grade, u8); 5] = [
    (Grade::A, 5),
    (Grade::B, 4),
    (Grade::C, 3),
    (Grade::D, 2),
    (Grade::E, 1),
];

/// What a friendly leader with the unit in rally range does to the die
/// (9.5.2, 10.3.2: "subtract 1 from the die roll").
pub const RALLY_LEADER_MODIFIER: i32 = -1;

/// The highest die on which a disrupted `grade` unit rallies, unmodified.
pub const fn rally_range(grade: Grade) -> u8 {
    RALLY[grade.index()].1
}

/// Whether a disrupted `grade` unit rolling `die` rallies (9.5.2), with one
/// subtracted when an effective friendly leader has it in rally range.
pub const fn rallies(grade: Grade, die: u8, leader_in_range: bool) -> Option<bool> {
    if !is_d6(die) {
        return None;
    }
    let modified = die as i32
        + if leader_in_range {
            RALLY_LEADER_MODIFIER
        } else {
            0
        };
    Some(modified <= rally_range(grade) as i32)
}

// ---------------------------------------------------- leader casualties

/// A result of the Leader Casualty Table (10.5), by its claim word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeaderResult {
    /// "Leader Killed".
    Killed,
    /// "Leader Wounded¹": status kept, command radius and rally range each
    /// reduced by [`WOUNDED_1_RADIUS_LOSS`] for the rest of the game.
    Wounded1,
    /// "Leader Wounded²": ineffective for the rest of the Assault Period.
    Wounded2,
    /// "Leader Shaken³": ineffective for the rest of this Battle Turn and
    /// all the next (HS-R33); if already shaken, [`shaken_again`].
    Shaken,
    /// "Nothing Happens".
    Unharmed,
}

impl LeaderResult {
    /// The five, in the table's order.
    pub const ALL: [LeaderResult; 5] = [
        LeaderResult::Killed,
        LeaderResult::Wounded1,
        LeaderResult::Wounded2,
        LeaderResult::Shaken,
        LeaderResult::Unharmed,
    ];

    /// The claim word: `killed`, `wounded-1`, `wounded-2`, `shaken`,
    /// `unharmed`.
    pub const fn word(self) -> &'static str {
        match self {
            LeaderResult::Killed => "killed",
            LeaderResult::Wounded1 => "wounded-1",
            LeaderResult::Wounded2 => "wounded-2",
            LeaderResult::Shaken => "shaken",
            LeaderResult::Unharmed => "unharmed",
        }
    }

    /// The result from its claim word.
    #[cfg(feature = "test-support")]
    pub fn parse(word: &str) -> Option<LeaderResult> {
        LeaderResult::ALL.into_iter().find(|r| r.word() == word)
    }
}

/// One row of the Leader Casualty Table: the result and the 2d6 totals
/// that give it in the Fire and Melee columns, in the printed order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CasualtyRow {
    /// The result.
    pub result: LeaderResult,
    /// Totals in the Fire column (a missile "1"); empty where it prints `_`.
    pub fire: &'static [u8],
    /// Totals in the Melee column (a melee "1").
    pub melee: &'static [u8],
}

/// The Leader Casualty Table (10.5). Fire "4-10" is written out; Melee's
/// wounded-2 keeps the printed order "11,4,10".
pub const LEADER_CASUALTY: [CasualtyRow; 5] = [
    CasualtyRow {
        result: LeaderResult::Killed,
        fire: &[2, 12],
        melee: &[2, 12],
    },
    CasualtyRow {
        result: LeaderResult::Wounded1,
        fire: &[3, 11],
        melee: &[3],
    },
    CasualtyRow {
        result: LeaderResult::Wounded2,
        fire: &[],
        melee: &[11, 4, 10],
    },
    CasualtyRow {
        result: LeaderResult::Shaken,
        fire: &[],
        melee: &[5, 9],
    },
    CasualtyRow {
        result: LeaderResult::Unharmed,
        fire: &[4, 5, 6, 7, 8, 9, 10],
        melee: &[6, 7, 8],
    },
];

/// The result for a leader rolling `total` on 2d6 in the column of
/// `attack` (10.4.1: the source of the "1"); `None` outside 2..=12.
pub const fn leader_casualty(attack: Attack, total: u8) -> Option<LeaderResult> {
    let mut i = 0;
    while i < LEADER_CASUALTY.len() {
        let row = LEADER_CASUALTY[i];
        let totals = match attack {
            Attack::Fire => row.fire,
            Attack::Melee => row.melee,
        };
        let mut j = 0;
        while j < totals.len() {
            if totals[j] == total {
                return Some(row.result);
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// The highest d6 that kills a leader shaken again (footnote 3: "If already
/// shaken, roll 1d6: 1-3 killed, 4-6 nothing happens").
const SHAKEN_AGAIN_KILLED: u8 = 3;

/// The d6 of an already shaken leader shaken again: killed or unharmed.
pub const fn shaken_again(die: u8) -> Option<LeaderResult> {
    if !is_d6(die) {
        None
    } else if die <= SHAKEN_AGAIN_KILLED {
        Some(LeaderResult::Killed)
    } else {
        Some(LeaderResult::Unharmed)
    }
}

/// What footnote 1 (wounded-1) takes from both the command radius and the
/// rally range, for the rest of the game (never below 0).
#[cfg(feature = "test-support")]
pub const WOUNDED_1_RADIUS_LOSS: u32 = 1;

// --------------------------------------------------- casualty points (12.2)

/// Casualty points of an eliminated unit by morale grade (12.2).
const UNIT_POINTS: [(Grade, u32); 5] = [
    (Grade::A, 15),
    (Grade::B, 7),
    (Grade::C, 3),
    (Grade::D, 2),
    (Grade::E, 1),
];

/// Casualty points of the leaders the table names (12.2).
const LEADER_POINTS: [(&str, u32); 3] = [("William", 50), ("Harold", 25), ("Odo", 10)];

/// Casualty points of any other leader: "Other Leader 5" (12.2).
pub const OTHER_LEADER_POINTS: u32 = 5;

/// Points for an eliminated unit of `grade` (scored against its own side,
/// HS-R44).
pub const fn unit_points(grade: Grade) -> u32 {
    UNIT_POINTS[grade.index()].1
}

/// Points for the leader named `name` killed or captured (HS-R44).
pub fn leader_points(name: &str) -> u32 {
    LEADER_POINTS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(OTHER_LEADER_POINTS, |(_, p)| *p)
}

// ------------------------------------------------- reinforcements (11.4)

/// Great Fyrd arriving in each Battle Turn 1 to 8 of the First Assault
/// Period (11.4.1: two in each of the first four, one in each of the last
/// four).
pub const REINFORCEMENTS: [u32; 8] = [2, 2, 2, 2, 1, 1, 1, 1];

/// Fyrd placed on Senlac Hill between the periods (11.4.2).
#[cfg(feature = "test-support")]
pub const RESERVE_FYRD: u32 = 12;

/// Reinforcements arriving in Battle Turn `turn` of the First Assault
/// Period; 0 for any other turn (extended turns included).
#[cfg(feature = "test-support")]
pub const fn arrivals(turn: u32) -> u32 {
    if turn >= 1 && turn as usize <= REINFORCEMENTS.len() {
        REINFORCEMENTS[(turn - 1) as usize]
    } else {
        0
    }
}

// ------------------------------------------------- facing (HS-R2, HS-R3)

/// One facing (HS-R3): the vertex `1..=6`, clockwise from the printed upper
/// right, and the hexsides in each arc, in print directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FacingRow {
    /// The facing, 1 to 6.
    pub facing: u8,
    /// The two sides meeting at the vertex faced.
    pub frontal: [Direction; 2],
    /// The next side on each side of those.
    pub flank: [Direction; 2],
    /// The remaining two.
    pub rear: [Direction; 2],
}

/// The facing table (spec 3.17): facing 1 points at the N|NE vertex (world
/// south-east), 2 at NE|SE (south), and so on clockwise.
pub const FACINGS: [FacingRow; 6] = {
    use Direction::{N, NE, NW, S, SE, SW};
    [
        FacingRow {
            facing: 1,
            frontal: [N, NE],
            flank: [NW, SE],
            rear: [S, SW],
        },
        FacingRow {
            facing: 2,
            frontal: [NE, SE],
            flank: [N, S],
            rear: [SW, NW],
        },
        FacingRow {
            facing: 3,
            frontal: [SE, S],
            flank: [NE, SW],
            rear: [NW, N],
        },
        FacingRow {
            facing: 4,
            frontal: [S, SW],
            flank: [SE, NW],
            rear: [N, NE],
        },
        FacingRow {
            facing: 5,
            frontal: [SW, NW],
            flank: [S, N],
            rear: [NE, SE],
        },
        FacingRow {
            facing: 6,
            frontal: [NW, N],
            flank: [SW, NE],
            rear: [SE, S],
        },
    ]
};

#[cfg(feature = "test-support")]
const fn holds(pair: [Direction; 2], d: Direction) -> bool {
    pair[0] as u8 == d as u8 || pair[1] as u8 == d as u8
}

/// The row of `facing` (1..=6); `None` for any other number.
#[cfg(feature = "test-support")]
pub const fn facing(facing: u8) -> Option<&'static FacingRow> {
    if facing >= 1 && facing <= 6 {
        Some(&FACINGS[(facing - 1) as usize])
    } else {
        None
    }
}

/// Which arc the hexside of a unit facing `facing_of_unit` in direction `side`
/// belongs to; `None` for a facing outside 1..=6.
#[cfg(feature = "test-support")]
pub const fn aspect(facing_of_unit: u8, side: Direction) -> Option<Aspect> {
    let Some(row) = facing(facing_of_unit) else {
        return None;
    };
    Some(if holds(row.frontal, side) {
        Aspect::Front
    } else if holds(row.flank, side) {
        Aspect::Flank
    } else {
        Aspect::Rear
    })
}

/// Each side's directions (HS-R2): columns run north to south, so a Saxon's
/// rear (north) is print-left and a Norman's print-right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SideRow {
    /// The side.
    pub side: Side,
    /// Steps toward its rear edge: rout, withdrawal, the Shield Wall and
    /// Hold step (HS-R19, HS-R24).
    pub rear: [Direction; 2],
    /// Steps toward the enemy: the forward step of Fire in Place.
    pub forward: [Direction; 2],
    /// Steps along the front (same column).
    pub lateral: [Direction; 2],
    /// The facing of its routed units: exactly its rear (9.2.3.2, HS-R3).
    pub routed_facing: u8,
}

/// The steps of each side (spec 3.17): Saxons rear NW, SW (column − 1);
/// Normans rear NE, SE (column + 1).
pub const SIDES: [SideRow; 2] = {
    use Direction::{N, NE, NW, S, SE, SW};
    [
        SideRow {
            side: Side::Normans,
            rear: [NE, SE],
            forward: [NW, SW],
            lateral: [N, S],
            routed_facing: 2,
        },
        SideRow {
            side: Side::Saxons,
            rear: [NW, SW],
            forward: [NE, SE],
            lateral: [N, S],
            routed_facing: 5,
        },
    ]
};

impl Side {
    /// The side's row of [`SIDES`].
    pub const fn row(self) -> &'static SideRow {
        &SIDES[self as usize]
    }
}

// The lookups index the tables by position; keep every row where its key
// says.
const _: () = {
    let mut i = 0;
    while i < ORDERS.len() {
        assert!(ORDERS[i].order as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < ALLOWANCES.len() {
        assert!(ALLOWANCES[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < TERRAIN.len() {
        assert!(TERRAIN[i].terrain as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < HEXSIDES.len() {
        assert!(HEXSIDES[i].hexside as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < RIDGE_MELEE.len() {
        assert!(RIDGE_MELEE[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < FLANK_REAR.len() {
        assert!(FLANK_REAR[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < MISSILE_MATRIX.len() {
        assert!(MISSILE_MATRIX[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < MISSILE_SUPPLY.len() {
        assert!(MISSILE_SUPPLY[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < RALLY.len() {
        assert!(RALLY[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < UNIT_POINTS.len() {
        assert!(UNIT_POINTS[i].0 as usize == i);
        i += 1;
    }
    let mut i = 0;
    while i < FACINGS.len() {
        assert!(FACINGS[i].facing as usize == i + 1);
        i += 1;
    }
    let mut i = 0;
    while i < SIDES.len() {
        assert!(SIDES[i].side as usize == i);
        i += 1;
    }
};
