//! The TDGS Mass Combat rules' formulas and tables, as data.
//!
//! Sources: the extension, `tdgs-mass-combat.md` (cited `ext §Section`), and
//! the core documents it defers to: D2 (stats), D3 (resolution), D4 (luck),
//! D8 (combat: knockout), D14 (movement and positioning), cited `core Dn`.
//! Where a document disagrees with itself, its printed table is kept as data
//! beside the rule senlac plays ([`DOCUMENT_CHA_TABLE`] beside [`cha_bonus`],
//! [`LUCK_FLOOR_TABLE`] beside [`success`]), so a test shows the difference.
//!
//! All arithmetic is on integers. Divisions round down, as the documents'
//! "rounded down" asks; "50 % HP" and the like are compared by
//! cross-multiplying, never through fractions. Stats are `i32` (deltas go
//! negative), distances and counts of squares `u32`.

#![warn(missing_docs)]

/// The fixed threshold of every roll: "d20 + (Your Stat - Their Stat) +
/// Modifiers >= 11 … 11: The fixed threshold. Always." (core D3).
pub const TARGET: i32 = 11;

/// The lowest value of the eight stats other than LUK (core D2: "a shared
/// absolute scale from 0 to 100").
pub const STAT_MIN: i32 = 0;

/// The highest value of the eight stats other than LUK (core D2).
pub const STAT_MAX: i32 = 100;

/// The lowest LUK: "Luck ranges from -10 to +10" (core D4, The Luck Scale).
pub const LUK_MIN: i32 = -10;

/// The highest LUK (core D4, The Luck Scale).
pub const LUK_MAX: i32 = 10;

/// |LUK| from which an entity is in "narrative territory" (core D4: "Entities
/// with |LUK| >= 3 are in narrative territory").
pub const NARRATIVE_LUK: i32 = 3;

const fn at_least(value: i32, floor: i32) -> i32 {
    if value < floor { floor } else { value }
}

// ---------------------------------------------------------------- command

/// A commander's CHA bonus to morale: CHA ÷ 10 rounded down, at least +1
/// (ext §Command, CHA Bonus: "CHA ÷ 10 (minimum +1)"; TDGS-R2). The
/// document's own table disagrees at 27 values: see [`DOCUMENT_CHA_TABLE`].
pub const fn cha_bonus(cha: i32) -> i32 {
    at_least(cha / 10, 1)
}

/// The CHA table printed under the formula (ext §Command, CHA Bonus):
/// `(lowest CHA, highest CHA, bonus)`. It has no row for 41-49 or above 50,
/// and it is one higher than [`cha_bonus`] on 11-19, 21-29 and 31-39: it is
/// CHA ÷ 10 rounded *up*. Kept as printed; senlac plays the formula.
#[cfg(feature = "test-support")]
pub const DOCUMENT_CHA_TABLE: [(i32, i32, i32); 5] = [
    (1, 10, 1),
    (11, 20, 2),
    (21, 30, 3),
    (31, 40, 4),
    (50, 50, 5),
];

/// The bonus [`DOCUMENT_CHA_TABLE`] prints for `cha`, or `None` where it has
/// no row.
#[cfg(feature = "test-support")]
pub const fn document_cha_bonus(cha: i32) -> Option<i32> {
    let mut i = 0;
    while i < DOCUMENT_CHA_TABLE.len() {
        let (low, high, bonus) = DOCUMENT_CHA_TABLE[i];
        if low <= cha && cha <= high {
            return Some(bonus);
        }
        i += 1;
    }
    None
}

/// The bonus of each extended unit: half the CHA bonus, rounded down, with no
/// minimum (ext §Command, Command Structure: "half CHA bonus (rounded
/// down)"; TDGS-R3): +0 under a commander of CHA below 20.
pub const fn extended_bonus(cha: i32) -> i32 {
    cha_bonus(cha) / 2
}

/// Units a commander may hold under direct command (ext §Command, Command
/// Structure: "One unit receives full CHA bonus").
const DIRECT_SLOTS: u32 = 1;

/// Units a commander may hold under extended command: as many as its CHA
/// bonus (ext §Command, Command Structure: "Additional units equal to CHA
/// bonus").
pub const fn extended_slots(cha: i32) -> u32 {
    cha_bonus(cha).unsigned_abs()
}

/// Command range in squares: "CHA in squares" (ext §Command, Command
/// Structure). It bounds the bonus, orders, claims and rallies (TDGS-R24,
/// TDGS-R25).
pub const fn command_range(cha: i32) -> u32 {
    at_least(cha, 0).unsigned_abs()
}

/// How a unit is under its commander (ext §Command, Command Structure).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Direct command: the one unit of the commander's "personal attention".
    Direct,
    /// Extended command: one of up to CHA-bonus further units.
    Extended,
}

impl Command {
    /// Both kinds, direct first.
    pub const ALL: [Command; 2] = [Command::Direct, Command::Extended];

    /// The notation word (`direct`, `extended`), as in `claim U direct`.
    pub const fn word(self) -> &'static str {
        match self {
            Command::Direct => "direct",
            Command::Extended => "extended",
        }
    }

    /// The kind from its notation word.
    pub fn parse(word: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.word() == word)
    }

    /// The morale bonus a unit under this kind of command gets from a
    /// commander of `cha`, when in range: [`cha_bonus`] or
    /// [`extended_bonus`].
    pub const fn bonus(self, cha: i32) -> i32 {
        match self {
            Command::Direct => cha_bonus(cha),
            Command::Extended => extended_bonus(cha),
        }
    }

    /// How many units a commander of `cha` may hold this way.
    pub const fn slots(self, cha: i32) -> u32 {
        match self {
            Command::Direct => DIRECT_SLOTS,
            Command::Extended => extended_slots(cha),
        }
    }
}

// ------------------------------------------------------------ percentages

/// What "+10 %" of a stat adds (and "−10 %" takes away): Stat ÷ 10 rounded
/// down, at least 1 (ext §Orders, Percentage Bonuses: "STR 50 … gains +5",
/// "REF 35 … gains +3 (minimum +1)"). Always of the stated stat (TDGS-R31).
pub const fn percent(stat: i32) -> i32 {
    at_least(stat / 10, 1)
}

/// `stat` changed by `tenths` × 10 %: `+1` is "+10 %", `-1` "−10 %"
/// ([`percent`] of the stated stat each time, never compounded).
#[cfg(feature = "test-support")]
pub const fn with_percent(stat: i32, tenths: i32) -> i32 {
    stat + tenths * percent(stat)
}

/// The last stand's "+10% STR bonus from desperation", in tenths (ext
/// §Cornered Units).
#[cfg(feature = "test-support")]
pub const LAST_STAND_STR_TENTHS: i32 = 1;

// --------------------------------------------------------------------- hp

/// HP per point of CON: "HP = CON × 5" (ext §Units, Unit HP).
pub const HP_PER_CON: i32 = 5;

/// Maximum HP of any entity, unit or hero: CON × 5 (ext §Units, Unit HP:
/// "A unit with CON 50 has 250 HP").
pub const fn max_hp(con: i32) -> i32 {
    con * HP_PER_CON
}

/// Whether `hp` is at or below half of `max`: the "50% HP" trigger's
/// condition (ext §Morale, Morale Triggers; TDGS-R19), `2 × hp ≤ max`.
pub const fn half_reached(hp: i32, max: i32) -> bool {
    2 * hp as i64 <= max as i64
}

/// Whether `hp` is at or below a quarter of `max`: the "25% HP" trigger's
/// condition (TDGS-R19), `4 × hp ≤ max`.
pub const fn quarter_reached(hp: i32, max: i32) -> bool {
    4 * hp as i64 <= max as i64
}

/// Percent of maximum HP at which an entity falls unconscious (core D8,
/// Knockout Threshold).
const KNOCKOUT_PERCENT: i32 = 5;

/// The HP at or below which a hero is knocked out: "5% of their maximum HP
/// (rounded down)" (core D8: 40 → 2, 60 → 3, 100 → 5).
pub const fn knockout_threshold(max: i32) -> i32 {
    (max as i64 * KNOCKOUT_PERCENT as i64 / 100) as i32
}

/// Whether a hero at `hp` of `max` is unconscious: alive (above 0, which is
/// death in core D8) and at or below [`knockout_threshold`]. A hero with
/// fewer than 20 maximum HP has a threshold of 0 and is never knocked out.
/// Units are never knocked out: they are destroyed at 0 (TDGS-R12).
pub const fn knocked_out(hp: i32, max: i32) -> bool {
    hp > 0 && hp <= knockout_threshold(max)
}

// -------------------------------------------------------------- the d20

/// Which rule decided a d20 roll (core D3, D4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A natural 1: "Natural 1 always fails … Regardless of math" (core D3),
    /// whatever the luck, unless LUK +10 rerolled it (core D4).
    NaturalOne,
    /// A natural 20: "Natural 20 always succeeds" (core D3), even at LUK −10
    /// (core D4, The Absolute Rules).
    NaturalTwenty,
    /// Negative luck's ceiling: the total reached 11 but the die was below
    /// the minimum roll that luck allows (core D4, Negative Luck: The
    /// Ceiling).
    LuckCeiling,
    /// Positive luck's floor: the total fell short of 11 but the die was
    /// above the maximum roll that luck lets fail (core D4, Positive Luck:
    /// The Floor).
    LuckFloor,
    /// The total against 11, luck changing nothing (core D3, The Core
    /// Formula).
    Arithmetic,
}

/// A d20 roll resolved: whether it succeeded, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Resolution {
    /// Whether the roll succeeded.
    pub success: bool,
    /// The rule that decided it.
    pub reason: Reason,
    /// The die that decided: the reroll when a natural 1 was rerolled.
    pub die: i32,
    /// That die plus the delta: the number core D3 compares with 11.
    pub total: i32,
    /// Whether LUK +10 rerolled a natural 1 (core D4).
    pub rerolled: bool,
}

/// A roll [`success`] cannot resolve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RollError {
    /// The die (or the reroll) is not a face of a d20.
    NotAFace(i32),
    /// LUK outside −10..=+10 (core D4).
    LuckOutOfRange(i32),
    /// A reroll other than LUK +10's one reroll of a natural 1 (core D4: "LUK
    /// +10 may reroll a natural 1 once").
    RerollNotAllowed,
}

/// The lowest die negative luck lets succeed: 10 − LUK, so 11 at LUK −1 and
/// 20 at LUK −10 (core D4, Negative Luck, "Minimum Roll to Succeed").
/// `None` for LUK 0 or more.
pub const fn luck_ceiling_die(luk: i32) -> Option<i32> {
    if luk < 0 { Some(10 - luk) } else { None }
}

/// The highest die positive luck still lets fail: 11 − LUK, so 10 at LUK +1
/// and 1 at LUK +10 (core D4, Positive Luck, "Maximum Roll to Fail"); any
/// higher die succeeds whatever the total. `None` for LUK 0 or less.
pub const fn luck_floor_die(luk: i32) -> Option<i32> {
    if luk > 0 { Some(11 - luk) } else { None }
}

const fn is_face(die: i32) -> bool {
    1 <= die && die <= 20
}

/// Resolves one d20 roll (core D3, D4): `die` the face rolled, `delta` the
/// stat difference and modifiers (`d20 + delta >= 11`), `luk` the roller's
/// luck, `reroll` the second die of LUK +10's reroll of a natural 1, if
/// taken.
///
/// In order: a natural 1 fails (unless rerolled at LUK +10: the reroll is
/// then resolved by the same rules, and a second 1 fails); a natural 20
/// succeeds; negative luck fails a die below [`luck_ceiling_die`] whatever
/// the total; positive luck passes a die above [`luck_floor_die`] whatever
/// the total; otherwise the total decides. Luck is the reason only where it
/// changed the outcome. The floor follows D4's die column, not its printed
/// percentages (TDGS-R5; see [`LUCK_FLOOR_TABLE`]).
pub const fn success(
    die: i32,
    delta: i32,
    luk: i32,
    reroll: Option<i32>,
) -> Result<Resolution, RollError> {
    if !is_face(die) {
        return Err(RollError::NotAFace(die));
    }
    if luk < LUK_MIN || luk > LUK_MAX {
        return Err(RollError::LuckOutOfRange(luk));
    }
    match reroll {
        None => Ok(resolve_face(die, delta, luk, false)),
        Some(_) if die != 1 || luk != LUK_MAX => Err(RollError::RerollNotAllowed),
        Some(second) if !is_face(second) => Err(RollError::NotAFace(second)),
        Some(second) => Ok(resolve_face(second, delta, luk, true)),
    }
}

const fn resolve_face(die: i32, delta: i32, luk: i32, rerolled: bool) -> Resolution {
    let total = die + delta;
    let arithmetic = total >= TARGET;
    let (success, reason) = if die == 1 {
        (false, Reason::NaturalOne)
    } else if die == 20 {
        (true, Reason::NaturalTwenty)
    } else {
        match (luck_ceiling_die(luk), luck_floor_die(luk)) {
            (Some(lowest), _) if arithmetic && die < lowest => (false, Reason::LuckCeiling),
            (_, Some(highest_fail)) if !arithmetic && die > highest_fail => {
                (true, Reason::LuckFloor)
            }
            _ => (arithmetic, Reason::Arithmetic),
        }
    };
    Resolution {
        success,
        reason,
        die,
        total,
        rerolled,
    }
}

/// The chance that a roll of `delta` at `luk` succeeds, in basis points
/// (1/100 of a percent), counting LUK +10's reroll of a natural 1 as taken:
/// exact, since every outcome is a multiple of 1/400 (core D4, The
/// Mathematics of LUK +10: "99.75%"). `None` for a LUK out of range.
#[cfg(feature = "test-support")]
pub fn success_chance(delta: i32, luk: i32) -> Option<u32> {
    let succeeds = |die, reroll| success(die, delta, luk, reroll).map(|r| u32::from(r.success));
    // Each first die weighs 20 four-hundredths; a rerolled 1 splits its
    // share among the twenty second dice.
    let mut four_hundredths = 0;
    for die in 1..=20 {
        four_hundredths += if die == 1 && luk == LUK_MAX {
            (1..=20)
                .map(|second| succeeds(1, Some(second)))
                .sum::<Result<u32, _>>()
                .ok()?
        } else {
            20 * succeeds(die, None).ok()?
        };
    }
    Some(four_hundredths * 25)
}

/// Core D4's negative-luck table as printed: `(LUK, minimum roll to succeed,
/// maximum success rate in basis points)`. Every row agrees with
/// [`luck_ceiling_die`] and [`success_chance`].
#[cfg(feature = "test-support")]
pub const LUCK_CEILING_TABLE: [(i32, i32, u32); 10] = [
    (-10, 20, 500),
    (-9, 19, 1000),
    (-8, 18, 1500),
    (-7, 17, 2000),
    (-6, 16, 2500),
    (-5, 15, 3000),
    (-4, 14, 3500),
    (-3, 13, 4000),
    (-2, 12, 4500),
    (-1, 11, 5000),
];

/// Core D4's positive-luck table as printed: `(LUK, maximum roll to fail,
/// minimum success rate in basis points)`. The die column is the rule
/// ([`luck_floor_die`]); the rates of +1 to +9 are each 5 points higher than
/// that die allows (+1: dice 11-20 win, 50 %, printed 55 %), the slip of
/// counting the faces from the maximum failing roll up (21 − die) instead of
/// above it (20 − die). The +10 row is right (TDGS-R5).
#[cfg(feature = "test-support")]
pub const LUCK_FLOOR_TABLE: [(i32, i32, u32); 10] = [
    (1, 10, 5500),
    (2, 9, 6000),
    (3, 8, 6500),
    (4, 7, 7000),
    (5, 6, 7500),
    (6, 5, 8000),
    (7, 4, 8500),
    (8, 3, 9000),
    (9, 2, 9500),
    (10, 1, 9975),
];

/// Whether a die may carry a critical magnitude: a natural 1 or 20 (core D3:
/// "Critical outcomes occur only on natural 1 or natural 20").
#[cfg(feature = "test-support")]
pub const fn critical(die: i32) -> bool {
    die == 1 || die == 20
}

/// The delta of a morale check: "d20 + (Unit CON − Threat Value) + Commander
/// CHA Bonus ≥ 11" (ext §Morale); `bonus` is 0 for an uncontrolled unit or
/// one out of range. The cornered check is the same with the threat that
/// routed the unit (ext §Cornered Units).
pub const fn morale_delta(con: i32, threat: i32, bonus: i32) -> i32 {
    con - threat + bonus
}

/// The delta of a rally: "d20 + (Commander CHA − Threat Value that caused
/// rout) ≥ 11" (ext §Rally): the full CHA, not the bonus.
pub const fn rally_delta(commander_cha: i32, rout_threat: i32) -> i32 {
    commander_cha - rout_threat
}

// ---------------------------------------------------------------- morale

/// A morale trigger (ext §Morale, Morale Triggers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// "50% HP".
    Half,
    /// "25% HP".
    Quarter,
    /// "Commander Lost".
    CommanderLost,
    /// "Adjacent Friendly Breaks" (ext §Morale Cascade).
    Cascade,
    /// "Surrounded".
    Surrounded,
    /// "Terrifying Enemy" (ext §Terrifying Trait).
    Terror,
}

/// A trigger's threat value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Threat {
    /// A number fixed by the table.
    Fixed(i32),
    /// "Enemy's full CHA": the Terrifying entity's stated CHA.
    TerrifyingCha,
}

/// How often a trigger fires for one unit ("Each trigger fires once when the
/// condition first occurs", ext §Morale; TDGS-R18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::enum_variant_names, reason = "the table's own words")]
pub enum Fires {
    /// Once in the battle.
    OncePerBattle,
    /// Once for each of its commanders that is lost.
    OncePerLostCommander,
    /// Once for each adjacent friendly unit that breaks.
    OncePerBreak,
    /// Once for each Terrifying entity it first engages.
    OncePerTerrifyingEntity,
}

/// One row of the morale trigger table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TriggerRow {
    /// The trigger.
    pub trigger: Trigger,
    /// Its word in a `morale` line (`half`, `quarter+cascade`, …).
    pub word: &'static str,
    /// Its name in the document's table.
    pub name: &'static str,
    /// Its threat value.
    pub threat: Threat,
    /// How often it fires.
    pub fires: Fires,
}

/// The morale triggers, in the document's order (ext §Morale, Morale
/// Triggers; "Adjacent friendly breaks … Threat Value 10", ext §Morale
/// Cascade; "Surrounded … Threat Value 12", ext §Positioning).
pub const TRIGGERS: [TriggerRow; 6] = [
    TriggerRow {
        trigger: Trigger::Half,
        word: "half",
        name: "50% HP",
        threat: Threat::Fixed(10),
        fires: Fires::OncePerBattle,
    },
    TriggerRow {
        trigger: Trigger::Quarter,
        word: "quarter",
        name: "25% HP",
        threat: Threat::Fixed(14),
        fires: Fires::OncePerBattle,
    },
    TriggerRow {
        trigger: Trigger::CommanderLost,
        word: "commander-lost",
        name: "Commander Lost",
        threat: Threat::Fixed(12),
        fires: Fires::OncePerLostCommander,
    },
    TriggerRow {
        trigger: Trigger::Cascade,
        word: "cascade",
        name: "Adjacent Friendly Breaks",
        threat: Threat::Fixed(10),
        fires: Fires::OncePerBreak,
    },
    TriggerRow {
        trigger: Trigger::Surrounded,
        word: "surrounded",
        name: "Surrounded",
        threat: Threat::Fixed(12),
        fires: Fires::OncePerBattle,
    },
    TriggerRow {
        trigger: Trigger::Terror,
        word: "terror",
        name: "Terrifying Enemy",
        threat: Threat::TerrifyingCha,
        fires: Fires::OncePerTerrifyingEntity,
    },
];

// The lookups index TRIGGERS by position.
const _: () = {
    let mut i = 0;
    while i < TRIGGERS.len() {
        assert!(TRIGGERS[i].trigger as usize == i);
        i += 1;
    }
};

impl Trigger {
    /// The triggers in the document's order.
    pub const ALL: [Trigger; 6] = [
        Trigger::Half,
        Trigger::Quarter,
        Trigger::CommanderLost,
        Trigger::Cascade,
        Trigger::Surrounded,
        Trigger::Terror,
    ];

    /// Whether `hp` of `max` reaches this trigger: the HP triggers' test
    /// (half, quarter); false for the others.
    pub const fn hp_reached(self, hp: i32, max: i32) -> bool {
        match self {
            Trigger::Half => half_reached(hp, max),
            Trigger::Quarter => quarter_reached(hp, max),
            _ => false,
        }
    }

    /// The trigger's row of [`TRIGGERS`].
    pub const fn row(self) -> &'static TriggerRow {
        &TRIGGERS[self as usize]
    }

    /// Its word in a `morale` line.
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The trigger from its word.
    pub fn parse(word: &str) -> Option<Trigger> {
        Trigger::ALL.into_iter().find(|t| t.word() == word)
    }

    /// Its threat value; `terrifying_cha` is read only by [`Trigger::Terror`].
    pub const fn threat(self, terrifying_cha: i32) -> i32 {
        match self.row().threat {
            Threat::Fixed(value) => value,
            Threat::TerrifyingCha => terrifying_cha,
        }
    }
}

/// The HP triggers a change from `before` to `after` HP (of `max`) fires:
/// each one whose condition `after` meets and `before` did not, half first.
/// Whether it was spent already is the caller's to know.
#[cfg(feature = "test-support")]
pub fn hp_triggers_crossed(before: i32, after: i32, max: i32) -> Vec<Trigger> {
    let mut crossed = Vec::new();
    if half_reached(after, max) && !half_reached(before, max) {
        crossed.push(Trigger::Half);
    }
    if quarter_reached(after, max) && !quarter_reached(before, max) {
        crossed.push(Trigger::Quarter);
    }
    crossed
}

/// The threat of one check that merges several triggers: the highest of
/// theirs (TDGS-R19). `None` when there are none.
#[cfg(feature = "test-support")]
pub fn merged_threat(triggers: &[Trigger], terrifying_cha: i32) -> Option<i32> {
    triggers.iter().map(|t| t.threat(terrifying_cha)).max()
}

// ---------------------------------------------------------------- terrain

/// A terrain kind (core D14, Terrain and Movement, Terrain Types, Cover).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// "Normal: Full MOV": the default of every square.
    Open,
    /// "Difficult: Half MOV (round down)", "Movement costs double".
    Difficult,
    /// "Very Difficult: Quarter MOV (round down)".
    VeryDifficult,
    /// "Cannot pass. Blocks line of sight."
    Blocking,
    /// "Blocks line of sight. Does NOT block movement."
    Obscuring,
    /// "Deals damage when you enter or start your turn there."
    Hazardous,
    /// Partial cover: +2 REF against shots.
    CoverPartial,
    /// Half cover: +4 REF against shots.
    CoverHalf,
    /// Full cover: untargetable by shots.
    CoverFull,
}

/// Cover against ranged attacks (core D14, Cover), weakest first: a
/// formation has the cover of its least covered square (TDGS-R14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cover {
    /// No cover.
    None,
    /// "Partial: +2 REF".
    Partial,
    /// "Half: +4 REF".
    Half,
    /// "Full: Untargetable".
    Full,
}

impl Cover {
    /// The REF a shot's target gains; `None` for full cover, which cannot be
    /// shot at all.
    pub const fn ref_bonus(self) -> Option<i32> {
        match self {
            Cover::None => Some(0),
            Cover::Partial => Some(2),
            Cover::Half => Some(4),
            Cover::Full => None,
        }
    }
}

/// One row of the terrain table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TerrainRow {
    /// The kind.
    pub terrain: Terrain,
    /// Its word in a `terrain` line.
    pub word: &'static str,
    /// MOV spent to enter one such square; `None`: it cannot be entered.
    pub step_cost: Option<u32>,
    /// Whether it blocks line of sight.
    pub blocks_sight: bool,
    /// The cover it gives against shots.
    pub cover: Cover,
    /// Whether entering it or starting a turn on it deals damage.
    pub hazardous: bool,
}

/// The terrain kinds of core D14. Difficult and very difficult ground cost 2
/// and 4 per square, which is D14's "half MOV" and "quarter MOV, rounded
/// down" on a path through one kind (TDGS-R9); cover terrain is open to
/// movement (D14 gives it no cost).
pub const TERRAIN: [TerrainRow; 9] = [
    TerrainRow {
        terrain: Terrain::Open,
        word: "open",
        step_cost: Some(1),
        blocks_sight: false,
        cover: Cover::None,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::Difficult,
        word: "difficult",
        step_cost: Some(2),
        blocks_sight: false,
        cover: Cover::None,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::VeryDifficult,
        word: "very-difficult",
        step_cost: Some(4),
        blocks_sight: false,
        cover: Cover::None,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::Blocking,
        word: "blocking",
        step_cost: None,
        blocks_sight: true,
        cover: Cover::None,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::Obscuring,
        word: "obscuring",
        step_cost: Some(1),
        blocks_sight: true,
        cover: Cover::None,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::Hazardous,
        word: "hazardous",
        step_cost: Some(1),
        blocks_sight: false,
        cover: Cover::None,
        hazardous: true,
    },
    TerrainRow {
        terrain: Terrain::CoverPartial,
        word: "cover-partial",
        step_cost: Some(1),
        blocks_sight: false,
        cover: Cover::Partial,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::CoverHalf,
        word: "cover-half",
        step_cost: Some(1),
        blocks_sight: false,
        cover: Cover::Half,
        hazardous: false,
    },
    TerrainRow {
        terrain: Terrain::CoverFull,
        word: "cover-full",
        step_cost: Some(1),
        blocks_sight: false,
        cover: Cover::Full,
        hazardous: false,
    },
];

const _: () = {
    let mut i = 0;
    while i < TERRAIN.len() {
        assert!(TERRAIN[i].terrain as usize == i);
        i += 1;
    }
};

impl Terrain {
    /// Every kind, in table order.
    pub const ALL: [Terrain; 9] = [
        Terrain::Open,
        Terrain::Difficult,
        Terrain::VeryDifficult,
        Terrain::Blocking,
        Terrain::Obscuring,
        Terrain::Hazardous,
        Terrain::CoverPartial,
        Terrain::CoverHalf,
        Terrain::CoverFull,
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

    /// Whether it cannot be entered ("Cannot pass", core D14).
    #[cfg(feature = "test-support")]
    pub const fn blocks_passage(self) -> bool {
        self.row().step_cost.is_none()
    }

    /// How many squares of this kind alone a Move of `mov` crosses: `mov`
    /// over the step cost, rounded down (core D14, "Example (MOV 10)": 10, 5,
    /// 2). 0 for blocking terrain.
    #[cfg(feature = "test-support")]
    pub const fn squares_for(self, mov: u32) -> u32 {
        match self.row().step_cost {
            Some(cost) => mov / cost,
            None => 0,
        }
    }
}

/// The cover of a target standing on `squares`: the weakest cover among them,
/// since a formation is as exposed as its most exposed square (TDGS-R14).
/// [`Cover::None`] for no squares.
#[cfg(feature = "test-support")]
pub fn weakest_cover(squares: impl IntoIterator<Item = Terrain>) -> Cover {
    squares
        .into_iter()
        .map(|t| t.row().cover)
        .min()
        .unwrap_or(Cover::None)
}

// ------------------------------------------------------ ranges and weapons

/// A range band (core D14, Range Bands), nearest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// 0-1 squares: "Touching, melee range".
    Adjacent,
    /// 2-4 squares.
    Near,
    /// 5-10 squares.
    Far,
    /// 11 squares and more.
    Distant,
}

/// The bands with their squares: `(band, nearest, farthest)`, `None` for no
/// limit (core D14, Range Bands).
const BANDS: [(Band, u32, Option<u32>); 4] = [
    (Band::Adjacent, 0, Some(1)),
    (Band::Near, 2, Some(4)),
    (Band::Far, 5, Some(10)),
    (Band::Distant, 11, None),
];

// Bands are indexed by position, and each starts where the one before ends.
const _: () = {
    let mut i = 0;
    while i < BANDS.len() {
        assert!(BANDS[i].0 as usize == i);
        if i > 0 {
            match BANDS[i - 1].2 {
                Some(farthest) => assert!(BANDS[i].1 == farthest + 1),
                None => panic!("only the last band is open-ended"),
            }
        }
        i += 1;
    }
};

impl Band {
    /// The band a distance in squares falls in.
    pub const fn of(distance: u32) -> Band {
        let mut i = 0;
        while i < BANDS.len() {
            match BANDS[i].2 {
                Some(farthest) if distance > farthest => i += 1,
                _ => return BANDS[i].0,
            }
        }
        Band::Distant
    }

    /// Its name in core D14.
    #[cfg(feature = "test-support")]
    pub const fn name(self) -> &'static str {
        match self {
            Band::Adjacent => "Adjacent",
            Band::Near => "Near",
            Band::Far => "Far",
            Band::Distant => "Distant",
        }
    }
}

/// The stat an attack rolls against the target's REF (core D3, Stat
/// Pairings: "Melee strike STR, REF"; "Ranged attack DEX, REF").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttackStat {
    /// Melee: STR.
    Str,
    /// Ranged: DEX.
    Dex,
}

/// A weapon's range type (core D14, Weapon Range Table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weapon {
    /// Swords, axes, fists: Adjacent only.
    Melee,
    /// Spears, polearms, whips: Adjacent and Near.
    Reach,
    /// Thrown weapons.
    Thrown,
    /// Bows and the like.
    Ranged,
    /// "Long Range" weapons.
    Long,
}

/// One row of the weapon range table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WeaponRow {
    /// The range type.
    pub weapon: Weapon,
    /// Its word in `weapon=`.
    pub word: &'static str,
    /// Its name in core D14.
    pub name: &'static str,
    /// "Optimal Band", as D14 prints it: no penalty. Bands nearer than these
    /// are no penalty either (TDGS-R13).
    pub optimal: &'static [Band],
    /// "Extended (-2)": the one band beyond optimal, at
    /// [`EXTENDED_RANGE_PENALTY`].
    pub extended: Option<Band>,
    /// "Maximum": beyond it, "Cannot hit".
    pub maximum: Band,
    /// The stat it attacks with.
    pub stat: AttackStat,
}

/// The to-hit change in a weapon's extended band (core D14: "Extended: -2 to
/// hit").
pub const EXTENDED_RANGE_PENALTY: i32 = -2;

/// The weapon range table of core D14, melee first.
pub const WEAPONS: [WeaponRow; 5] = [
    WeaponRow {
        weapon: Weapon::Melee,
        word: "melee",
        name: "Melee",
        optimal: &[Band::Adjacent],
        extended: None,
        maximum: Band::Adjacent,
        stat: AttackStat::Str,
    },
    WeaponRow {
        weapon: Weapon::Reach,
        word: "reach",
        name: "Reach",
        optimal: &[Band::Adjacent, Band::Near],
        extended: None,
        maximum: Band::Near,
        stat: AttackStat::Str,
    },
    WeaponRow {
        weapon: Weapon::Thrown,
        word: "thrown",
        name: "Thrown",
        optimal: &[Band::Near],
        extended: Some(Band::Far),
        maximum: Band::Far,
        stat: AttackStat::Dex,
    },
    WeaponRow {
        weapon: Weapon::Ranged,
        word: "ranged",
        name: "Ranged",
        optimal: &[Band::Far],
        extended: Some(Band::Distant),
        maximum: Band::Distant,
        stat: AttackStat::Dex,
    },
    WeaponRow {
        weapon: Weapon::Long,
        word: "long",
        name: "Long Range",
        optimal: &[Band::Distant],
        extended: None,
        maximum: Band::Distant,
        stat: AttackStat::Dex,
    },
];

// Every row: extended is the band right after the last optimal one, and the
// maximum is the extended band or, without one, the last optimal band. So
// every band up to the maximum is optimal (or nearer), extended, or nothing.
const _: () = {
    let mut i = 0;
    while i < WEAPONS.len() {
        let row = &WEAPONS[i];
        assert!(row.weapon as usize == i);
        let last = row.optimal[row.optimal.len() - 1] as usize;
        match row.extended {
            Some(band) => {
                assert!(band as usize == last + 1);
                assert!(row.maximum as usize == band as usize);
            }
            None => assert!(row.maximum as usize == last),
        }
        i += 1;
    }
};

impl Weapon {
    /// Every range type, in table order.
    pub const ALL: [Weapon; 5] = [
        Weapon::Melee,
        Weapon::Reach,
        Weapon::Thrown,
        Weapon::Ranged,
        Weapon::Long,
    ];

    /// Its row of [`WEAPONS`].
    pub const fn row(self) -> &'static WeaponRow {
        &WEAPONS[self as usize]
    }

    /// Its word in `weapon=`.
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The range type from its word.
    pub fn parse(word: &str) -> Option<Weapon> {
        Weapon::ALL.into_iter().find(|w| w.word() == word)
    }

    /// The farthest distance it reaches; `None` for no limit.
    #[cfg(feature = "test-support")]
    pub const fn reach(self) -> Option<u32> {
        BANDS[self.row().maximum as usize].2
    }
}

/// The to-hit change of an attack with `weapon` at `distance` squares: 0 in
/// or nearer than its optimal band, [`EXTENDED_RANGE_PENALTY`] in its
/// extended band, `None` beyond its maximum (core D14: "Beyond Maximum:
/// Cannot hit").
pub const fn shot_penalty(weapon: Weapon, distance: u32) -> Option<i32> {
    let row = weapon.row();
    let band = Band::of(distance);
    if band as usize > row.maximum as usize {
        return None;
    }
    match row.extended {
        Some(extended) if extended as usize == band as usize => Some(EXTENDED_RANGE_PENALTY),
        _ => Some(0),
    }
}

// ----------------------------------------------------------------- orders

/// A unit's order (ext §Orders, Order Types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// "Engage nearest enemy. Standard combat." The default.
    Attack,
    /// "+10% REF. No movement. Can attack enemies that enter range."
    Hold,
    /// "+10% REF vs ranged. Limited movement."
    TakeCover,
    /// "+10% STR, −10% REF until start of next turn. Move toward enemy, stop
    /// when adjacent."
    Charge,
    /// "Move away from nearest enemy. No opportunity attacks suffered. Cannot
    /// use if surrounded."
    Retreat,
}

/// Which of the target's rolls an order's REF change applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Against {
    /// Every attack on the unit.
    Everything,
    /// Ranged attacks (`shoot`) only: Take Cover's "vs ranged".
    Shots,
}

/// How a unit under an order may move (TDGS-R29, TDGS-R30).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Movement {
    /// A Move must end nearer a nearest enemy; a Step is free.
    TowardNearestEnemy,
    /// No Move, no Step.
    None,
    /// Its Step only ("Limited movement").
    StepOnly,
    /// The `charge` line's path, stopping at the first square adjacent to
    /// the charged enemy.
    ChargePath,
    /// The `retreat` line's path, ending farther from the nearest enemies.
    AwayFromNearestEnemy,
}

/// One row of the orders table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrderRow {
    /// The order.
    pub order: Order,
    /// Its word in `order=` and `order U WORD`.
    pub word: &'static str,
    /// Its name in the document.
    pub name: &'static str,
    /// STR change in tenths (+1 is "+10%"), see [`with_percent`].
    pub str_tenths: i32,
    /// REF change in tenths.
    pub ref_tenths: i32,
    /// Which attacks the REF change counts against.
    pub ref_against: Against,
    /// How the unit moves.
    pub movement: Movement,
    /// Whether the modifiers last from the order's line until the start of
    /// the unit's next activation (Charge) rather than while the order
    /// stands.
    pub until_next_activation: bool,
}

/// The orders of ext §Orders, in the document's order.
pub const ORDERS: [OrderRow; 5] = [
    OrderRow {
        order: Order::Attack,
        word: "attack",
        name: "Attack",
        str_tenths: 0,
        ref_tenths: 0,
        ref_against: Against::Everything,
        movement: Movement::TowardNearestEnemy,
        until_next_activation: false,
    },
    OrderRow {
        order: Order::Hold,
        word: "hold",
        name: "Hold",
        str_tenths: 0,
        ref_tenths: 1,
        ref_against: Against::Everything,
        movement: Movement::None,
        until_next_activation: false,
    },
    OrderRow {
        order: Order::TakeCover,
        word: "take-cover",
        name: "Take Cover",
        str_tenths: 0,
        ref_tenths: 1,
        ref_against: Against::Shots,
        movement: Movement::StepOnly,
        until_next_activation: false,
    },
    OrderRow {
        order: Order::Charge,
        word: "charge",
        name: "Charge",
        str_tenths: 1,
        ref_tenths: -1,
        ref_against: Against::Everything,
        movement: Movement::ChargePath,
        until_next_activation: true,
    },
    OrderRow {
        order: Order::Retreat,
        word: "retreat",
        name: "Retreat",
        str_tenths: 0,
        ref_tenths: 0,
        ref_against: Against::Everything,
        movement: Movement::AwayFromNearestEnemy,
        until_next_activation: false,
    },
];

const _: () = {
    let mut i = 0;
    while i < ORDERS.len() {
        assert!(ORDERS[i].order as usize == i);
        i += 1;
    }
};

impl Order {
    /// The orders in the document's order; Attack, the default, first.
    pub const ALL: [Order; 5] = [
        Order::Attack,
        Order::Hold,
        Order::TakeCover,
        Order::Charge,
        Order::Retreat,
    ];

    /// Its row of [`ORDERS`].
    pub const fn row(self) -> &'static OrderRow {
        &ORDERS[self as usize]
    }

    /// Its notation word.
    pub const fn word(self) -> &'static str {
        self.row().word
    }

    /// The order from its word.
    pub fn parse(word: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.word() == word)
    }

    /// STR under the order, from the stated STR.
    #[cfg(feature = "test-support")]
    pub const fn strength(self, stated: i32) -> i32 {
        with_percent(stated, self.row().str_tenths)
    }

    /// REF under the order against an attack, from the stated REF; `shot`
    /// tells whether the attack is ranged.
    #[cfg(feature = "test-support")]
    pub const fn reflex(self, stated: i32, shot: bool) -> i32 {
        let row = self.row();
        match row.ref_against {
            Against::Shots if !shot => stated,
            _ => with_percent(stated, row.ref_tenths),
        }
    }
}

// ----------------------------------------------------- positional bonuses

/// One row of core D14's positional table: `(name, adjacent enemies,
/// to-hit bonus)`. Flanked needs its two attackers on opposite sides of the
/// target; the others only count adjacent enemies. One tier applies, the
/// highest earned.
pub const POSITIONAL: [(&str, u32, i32); 3] = [
    ("Flanked", 2, 2),
    ("Surrounded", 3, 4),
    ("Overwhelmed", 5, 6),
];

/// The positional bonus of a melee attack on a target with
/// `adjacent_enemies` enemies next to it; `flanking` when the attacker and a
/// friend stand on opposite sides of it (core D14, Flanking, Surrounded).
pub const fn positional_bonus(adjacent_enemies: u32, flanking: bool) -> i32 {
    let mut bonus = 0;
    let mut i = 0;
    while i < POSITIONAL.len() {
        let (_, needed, tier) = POSITIONAL[i];
        let opposite_sides_needed = i == 0;
        if adjacent_enemies >= needed && (flanking || !opposite_sides_needed) {
            bonus = tier;
        }
        i += 1;
    }
    bonus
}

// ------------------------------------------------------------------ scale

/// A formation size (ext §Units, Unit Scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Echelon {
    /// 5-12 soldiers.
    Squad,
    /// 25-50.
    Platoon,
    /// 100-200.
    Company,
    /// 500-1000.
    Battalion,
    /// 2000-5000.
    Regiment,
}

/// The unit scale table: `(echelon, word, fewest men, most men, lowest
/// typical stat, highest typical stat)` (ext §Units, Unit Scale). Guidance,
/// not a rule (TDGS-R48).
pub const SCALE: [(Echelon, &str, u32, u32, i32, i32); 5] = [
    (Echelon::Squad, "squad", 5, 12, 10, 30),
    (Echelon::Platoon, "platoon", 25, 50, 25, 45),
    (Echelon::Company, "company", 100, 200, 35, 60),
    (Echelon::Battalion, "battalion", 500, 1000, 50, 80),
    (Echelon::Regiment, "regiment", 2000, 5000, 65, 100),
];

const _: () = {
    let mut i = 0;
    while i < SCALE.len() {
        assert!(SCALE[i].0 as usize == i);
        i += 1;
    }
};

impl Echelon {
    /// The echelons, smallest first.
    pub const ALL: [Echelon; 5] = [
        Echelon::Squad,
        Echelon::Platoon,
        Echelon::Company,
        Echelon::Battalion,
        Echelon::Regiment,
    ];

    /// Its word in `echelon=`.
    pub const fn word(self) -> &'static str {
        SCALE[self as usize].1
    }

    /// The echelon from its word.
    pub fn parse(word: &str) -> Option<Echelon> {
        Echelon::ALL.into_iter().find(|e| e.word() == word)
    }

    /// Its typical stat range, lowest and highest.
    #[cfg(feature = "test-support")]
    pub const fn typical_stats(self) -> (i32, i32) {
        (SCALE[self as usize].4, SCALE[self as usize].5)
    }
}

// ----------------------------------------------------------------- traits

/// What a trait the rules define does (TDGS-R44). Content traits are kept as
/// words and mean nothing to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TraitEffect {
    /// Engaging the entity costs a unit a morale check at the entity's CHA.
    Terrifying,
    /// The entity's shots ignore partial cover.
    IgnoresPartialCover,
    /// REF bonus while under Hold.
    HoldRef(i32),
    /// One reroll of a failed morale check per battle.
    MoraleReroll,
}

/// The traits the documents define: `(word, effect)`. `terrifying` is the
/// extension's (§Terrifying Trait); the other three are the abilities of its
/// example Veteran class that are not stat changes (ext §Creating Units:
/// "Disciplined Fire (ranged attacks ignore partial cover)", "Hold the Line
/// (+2 REF when using Hold order)", "Unbreakable (reroll one failed morale
/// check per battle)").
pub const TRAITS: [(&str, TraitEffect); 4] = [
    ("terrifying", TraitEffect::Terrifying),
    ("disciplined-fire", TraitEffect::IgnoresPartialCover),
    ("hold-the-line", TraitEffect::HoldRef(2)),
    ("unbreakable", TraitEffect::MoraleReroll),
];

/// The effect of a trait word, `None` for a content trait.
pub fn trait_effect(word: &str) -> Option<TraitEffect> {
    TRAITS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, effect)| *effect)
}
