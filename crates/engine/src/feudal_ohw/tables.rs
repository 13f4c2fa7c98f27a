//! The data of the Feudal rules as const data: the unit classes (move
//! class and allowances, turns, missiles, modifiers, armour, ground), the
//! terrain kinds and the cover they give, removal and missile limits, the
//! diced-movement allowances and the force matrix with its regional
//! variations.
//!
//! Source: shared/rules/feudal-ohw.md, cited by its own numbers (`2.1`,
//! `3.2a`) and the spec's prefixes for the optional rules (`AT.2`, `FX.4`);
//! the rulings (`FO-Rn`) are docs/rules/feudal-ohw.md. Distances come from
//! the base size, never from the inches the source prints for a 5" base
//! (FO-R3): a test checks that a 5x2.5" base gives the printed 5", 7.5",
//! 10" and 15".

/// Tolerance for lengths, in inches (FO-R2).
pub const TOL: f64 = 0.01;

/// The base of every unit in a battle (0.5, 0.6, FO-R3): width BW and
/// depth BD, in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Base {
    /// BW.
    pub width: f64,
    /// BD, half of BW.
    pub depth: f64,
}

impl Base {
    /// The author's own basing, 5" by 2.5" (0.5), used when no `option base`
    /// is written.
    pub const DEFAULT: Base = Base {
        width: 5.0,
        depth: 2.5,
    };
    /// A base's width may run from 4" to 6" (0.5).
    pub const WIDTHS: (f64, f64) = (4.0, 6.0);

    /// A measure in this base's units.
    pub fn length(self, measure: Measure) -> f64 {
        match measure {
            Measure::Bd => self.depth,
            Measure::Bw => self.width,
        }
    }
}

/// The two units every distance is written in (0.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Base depth.
    Bd,
    /// Base width.
    Bw,
}

/// When a class may turn in its move (2.4a–c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// Once, at the start (2.4a).
    Start,
    /// Once, at the start or the end (2.4b).
    StartOrEnd,
    /// Twice: at the start and at the end (2.4c).
    StartAndEnd,
}

/// What a class shoots (0.8, 0.9, 1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missile {
    /// Bows, slings and crossbows: 2 BW, in phase 1.
    Bows,
    /// Javelins, spears, axes and rocks: 1 BW, in phase 2.
    Javelins,
}

impl Missile {
    /// The range in base widths (1.1a).
    pub const fn widths(self) -> f64 {
        match self {
            Missile::Bows => 2.0,
            Missile::Javelins => 1.0,
        }
    }

    /// The range with diced movement, in inches (DM.2).
    pub const fn diced_range(self) -> f64 {
        match self {
            Missile::Bows => 12.0,
            Missile::Javelins => 6.0,
        }
    }

    /// The phase it is shot in: bows in phase 1, javelins in phase 2 (1.1).
    pub const fn phase(self) -> u8 {
        match self {
            Missile::Bows => 1,
            Missile::Javelins => 2,
        }
    }
}

/// Which hits a class's armour halves (1.2c, 3.2c, FX.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Armour {
    /// No armour.
    None,
    /// Serjeants: shooting and melee hits.
    Always,
    /// Scots schiltrons: melee hits only.
    MeleeOnly,
}

/// One unit class: the word of a unit line's CLASS slot and its data
/// (spec 2.0's class table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassInfo {
    /// The class word.
    pub word: &'static str,
    /// The rule that defines it.
    pub source: &'static str,
    /// The move class of 2.1 (1 slowest, 3 fastest), which 2.5 compares.
    pub move_class: u8,
    /// The normal move.
    pub moves: Measure,
    /// The fast bonus.
    pub fast: Measure,
    /// When it may turn.
    pub turns: Turns,
    /// What it shoots, if anything.
    pub missile: Option<Missile>,
    /// The step-a modifier of its shooting (1.2a).
    pub shoot: i8,
    /// The step-a modifier of its melee (3.2a).
    pub melee: i8,
    /// What its armour halves.
    pub armour: Armour,
    /// Whether it may enter woods (0.10b).
    pub woods: bool,
    /// Whether it may enter marsh (0.10b).
    pub marsh: bool,
    /// The option a battle needs to field it, if any.
    pub needs: Option<&'static str>,
}

/// The unit classes, the five feudal types (0.4) and the alternative
/// troop types (AT, FX.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Knights or milites (0.4a).
    Knights,
    /// Serjeants (0.4b).
    Serjeants,
    /// Freemen (0.4c).
    Freemen,
    /// Bowmen (0.4d).
    Bowmen,
    /// Brigans (0.4e).
    Brigans,
    /// Brigans with bows or crossbows (AT.1).
    BowBrigans,
    /// Mounted brigans (AT.2).
    MountedBrigans,
    /// Cavalry (AT.3).
    Cavalry,
    /// Scots serjeants fighting as schiltrons (FX.6).
    Schiltron,
}

impl Class {
    /// Every class, in the order of spec 2.0.
    pub const ALL: [Class; 9] = [
        Class::Knights,
        Class::Serjeants,
        Class::Freemen,
        Class::Bowmen,
        Class::Brigans,
        Class::BowBrigans,
        Class::MountedBrigans,
        Class::Cavalry,
        Class::Schiltron,
    ];

    /// The class a unit line's word names.
    pub fn parse(word: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.info().word == word)
    }

    /// The class word.
    pub const fn word(self) -> &'static str {
        self.info().word
    }

    /// The class's data.
    pub const fn info(self) -> &'static ClassInfo {
        &CLASSES[self as usize]
    }

    /// The move allowance in inches (2.1, 2.9): the normal move, plus the
    /// fast bonus when `fast`, plus a BD on a road (FO-R17).
    pub fn allowance(self, base: Base, fast: bool, road: bool) -> f64 {
        let info = self.info();
        let mut inches = base.length(info.moves);
        if fast {
            inches += base.length(info.fast);
        }
        if road {
            inches += base.depth;
        }
        inches
    }

    /// The move allowance with diced movement (DM.1): 3", 6" or 9" by move
    /// class, plus the fast roll (less 1 when Tired, never below 0: TU),
    /// plus 3" on a road.
    pub fn diced_allowance(self, fast_roll: Option<u8>, tired: bool, road: bool) -> f64 {
        let mut inches = DICED_MOVES[usize::from(self.info().move_class - 1)];
        if let Some(roll) = fast_roll {
            inches += f64::from(roll.saturating_sub(u8::from(tired)));
        }
        if road {
            inches += DICED_ROAD;
        }
        inches
    }

    /// Its shooting range in inches, if it shoots (1.1a): with a Bow
    /// Marshal one BW more (PER.BM); with diced movement 12" or 6" (DM.2).
    pub fn range(self, base: Base, bow_marshal: bool, diced: bool) -> Option<f64> {
        let missile = self.info().missile?;
        let marshal = if bow_marshal { base.width } else { 0.0 };
        Some(if diced {
            missile.diced_range() + marshal
        } else {
            missile.widths() * base.width + marshal
        })
    }
}

/// Spec 2.0's class table, in the order of [`Class::ALL`].
pub const CLASSES: [ClassInfo; 9] = [
    ClassInfo {
        word: "knights",
        source: "0.4a",
        move_class: 3,
        moves: Measure::Bw,
        fast: Measure::Bw,
        turns: Turns::StartOrEnd,
        missile: None,
        shoot: 0,
        melee: 2,
        armour: Armour::None,
        woods: false,
        marsh: false,
        needs: None,
    },
    ClassInfo {
        word: "serjeants",
        source: "0.4b",
        move_class: 1,
        moves: Measure::Bd,
        fast: Measure::Bd,
        turns: Turns::Start,
        missile: None,
        shoot: 0,
        melee: 0,
        armour: Armour::Always,
        woods: false,
        marsh: false,
        needs: None,
    },
    ClassInfo {
        word: "freemen",
        source: "0.4c",
        move_class: 1,
        moves: Measure::Bd,
        fast: Measure::Bd,
        turns: Turns::Start,
        missile: None,
        shoot: 0,
        melee: 0,
        armour: Armour::None,
        woods: false,
        marsh: false,
        needs: None,
    },
    ClassInfo {
        word: "bowmen",
        source: "0.4d",
        move_class: 1,
        moves: Measure::Bd,
        fast: Measure::Bd,
        turns: Turns::Start,
        missile: Some(Missile::Bows),
        shoot: 0,
        melee: -2,
        armour: Armour::None,
        woods: false,
        marsh: false,
        needs: None,
    },
    ClassInfo {
        word: "brigans",
        source: "0.4e",
        move_class: 2,
        moves: Measure::Bw,
        fast: Measure::Bd,
        turns: Turns::StartAndEnd,
        missile: Some(Missile::Javelins),
        shoot: -2,
        melee: -2,
        armour: Armour::None,
        woods: true,
        marsh: true,
        needs: None,
    },
    ClassInfo {
        word: "bow-brigans",
        source: "AT.1",
        move_class: 2,
        moves: Measure::Bw,
        fast: Measure::Bd,
        turns: Turns::StartAndEnd,
        missile: Some(Missile::Bows),
        shoot: -2,
        melee: -2,
        armour: Armour::None,
        woods: true,
        marsh: true,
        needs: Some("alternative-troops"),
    },
    ClassInfo {
        word: "mounted-brigans",
        source: "AT.2",
        move_class: 2,
        moves: Measure::Bw,
        fast: Measure::Bw,
        turns: Turns::StartAndEnd,
        missile: Some(Missile::Javelins),
        shoot: -2,
        melee: -2,
        armour: Armour::None,
        woods: false,
        marsh: true,
        needs: Some("alternative-troops"),
    },
    ClassInfo {
        word: "cavalry",
        source: "AT.3",
        move_class: 3,
        moves: Measure::Bw,
        fast: Measure::Bw,
        turns: Turns::StartOrEnd,
        missile: Some(Missile::Javelins),
        shoot: -2,
        melee: 0,
        armour: Armour::None,
        woods: false,
        marsh: false,
        needs: Some("alternative-troops"),
    },
    ClassInfo {
        word: "schiltron",
        source: "FX.6",
        move_class: 1,
        moves: Measure::Bd,
        fast: Measure::Bd,
        turns: Turns::Start,
        missile: None,
        shoot: 0,
        melee: 0,
        armour: Armour::MeleeOnly,
        woods: false,
        marsh: false,
        // Or an army with `force=scots-common` (FX.6).
        needs: Some("alternative-troops"),
    },
];

/// Diced movement's normal moves by move class 1, 2, 3, in inches (DM.1).
pub const DICED_MOVES: [f64; 3] = [3.0, 6.0, 9.0];
/// Diced movement's road bonus, in inches (DM.1).
pub const DICED_ROAD: f64 = 3.0;

/// Hits at which a unit is removed (1.5, 3.4, AD.2): normal, determined,
/// unenthusiastic.
pub const REMOVED_AT: [u8; 3] = [15, 18, 12];
/// The same under the six-hit variant, which removes at more than 6, 7
/// and 5 hits (6H.5, 6H.6).
pub const SIX_HIT_REMOVED_AT: [u8; 3] = [7, 8, 6];
/// A unit with more hits than this is Tired (TU; 6H: 4, by 6H.6's 2/6 =
/// 5/15 scale, FO-R36).
pub const TIRED_ABOVE: [u8; 2] = [10, 4];
/// The rally floor: a unit with this many hits never rallies below it
/// (4.1c; 6H.4 as FO-R50 reads it).
pub const RALLY_FLOOR: [u8; 2] = [5, 2];
/// Shots before a unit is out of missiles (1.4); 4 when well supplied or
/// with extra missiles (MS.2, AD.4).
pub const SHOTS: u8 = 3;
/// The well-supplied and extra-missiles limit (MS.2, AD.4).
pub const SHOTS_WELL_SUPPLIED: u8 = 4;
/// How far beyond its allowance an impetuous unit may charge, in inches
/// (IC.1).
pub const IMPETUOUS_REACH: f64 = 3.0;
/// How far a personality may move to a new unit, in inches (PER.0).
pub const PERSONALITY_TRANSFER: f64 = 6.0;
/// One personality per this many units (PER.0).
pub const UNITS_PER_PERSONALITY: usize = 3;

/// The terrain kinds (0.10) and what each does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainInfo {
    /// The word after `terrain`.
    pub word: &'static str,
    /// The rule that defines it.
    pub source: &'static str,
    /// Area (true) or linear terrain.
    pub area: bool,
    /// Who may enter it.
    pub entry: Entry,
    /// Whether it blocks sight (0.11e).
    pub blocks_sight: bool,
    /// When it halves shooting hits (1.2b, FO-R10).
    pub shooting_cover: Cover,
    /// When it halves melee hits (3.2b, FO-R10).
    pub melee_cover: Cover,
}

/// Who may enter a terrain piece (0.10b, 0.10d; FO-R17 lifts the bans for
/// road moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Anyone.
    Open,
    /// Only classes whose [`ClassInfo::woods`] says so.
    Woods,
    /// Only classes whose [`ClassInfo::marsh`] says so.
    Marsh,
    /// No one (a river, outside its fords and bridges).
    Impassable,
}

/// When a piece gives the target cover (FO-R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Never.
    None,
    /// The target is within it.
    Within,
    /// The target is within it and the attacker is not ("uphill", 0.10a).
    Uphill,
    /// The target lines it and it lies between the two.
    Lining,
    /// The target is within it, in the player turn it was charged (3.2b.i).
    WithinWhenCharged,
    /// The target lines the river bank against an attacker on the crossing.
    Crossing,
}

/// The terrain kinds of spec 2.0, with FO-R10's cover.
pub const TERRAIN: [TerrainInfo; 12] = [
    terrain(
        "hill",
        "0.10a",
        true,
        Entry::Open,
        true,
        Cover::None,
        Cover::Uphill,
    ),
    terrain(
        "woods",
        "0.10b",
        true,
        Entry::Woods,
        true,
        Cover::Within,
        Cover::WithinWhenCharged,
    ),
    terrain(
        "marsh",
        "0.10b",
        true,
        Entry::Marsh,
        false,
        Cover::None,
        Cover::WithinWhenCharged,
    ),
    terrain(
        "camp",
        "0.10c",
        true,
        Entry::Open,
        true,
        Cover::Within,
        Cover::Within,
    ),
    terrain(
        "village",
        "0.10c",
        true,
        Entry::Open,
        true,
        Cover::Within,
        Cover::Within,
    ),
    terrain(
        "lake",
        "0.10d",
        true,
        Entry::Impassable,
        false,
        Cover::None,
        Cover::None,
    ),
    terrain(
        "river",
        "0.10d",
        false,
        Entry::Impassable,
        false,
        Cover::None,
        Cover::None,
    ),
    terrain(
        "cliff",
        "0.10d",
        false,
        Entry::Impassable,
        false,
        Cover::None,
        Cover::None,
    ),
    terrain(
        "wall",
        "0.10e",
        false,
        Entry::Open,
        false,
        Cover::Lining,
        Cover::Lining,
    ),
    terrain(
        "ditch",
        "0.10e",
        false,
        Entry::Open,
        false,
        Cover::None,
        Cover::Lining,
    ),
    terrain(
        "ford",
        "0.10e",
        false,
        Entry::Open,
        false,
        Cover::None,
        Cover::Crossing,
    ),
    terrain(
        "road",
        "0.10f",
        false,
        Entry::Open,
        false,
        Cover::None,
        Cover::None,
    ),
];

#[allow(clippy::too_many_arguments, reason = "one row of a table")]
const fn terrain(
    word: &'static str,
    source: &'static str,
    area: bool,
    entry: Entry,
    blocks_sight: bool,
    shooting_cover: Cover,
    melee_cover: Cover,
) -> TerrainInfo {
    TerrainInfo {
        word,
        source,
        area,
        entry,
        blocks_sight,
        shooting_cover,
        melee_cover,
    }
}

impl TerrainInfo {
    /// Whether a target that stands to this piece as its cover asks
    /// (within it, lining it, uphill; the geometry's question) halves the
    /// hits of a shot or a melee attack; woods and marsh halve melee hits
    /// only in the player turn the target was charged (3.2b.i, FO-R10).
    pub fn covers(&self, melee: bool, charged_this_turn: bool) -> bool {
        match if melee {
            self.melee_cover
        } else {
            self.shooting_cover
        } {
            Cover::None => false,
            Cover::WithinWhenCharged => charged_this_turn,
            _ => true,
        }
    }
}

/// The terrain kind a word names; `bridge` is a `ford` for every rule.
pub fn terrain_kind(word: &str) -> Option<&'static TerrainInfo> {
    let word = if word == "bridge" { "ford" } else { word };
    TERRAIN.iter().find(|t| t.word == word)
}

/// The force matrix (FX.1): for each d6 row, the numbers of core, type 1,
/// type 2 and type 3 units.
pub const FORCE_MATRIX: [[u8; 4]; 6] = [
    [1, 1, 2, 2],
    [3, 1, 1, 1],
    [3, 2, 1, 0],
    [4, 1, 0, 1],
    [4, 1, 1, 0],
    [4, 2, 0, 0],
];

/// A regional variation (FX.4): the class of the core and of types 1–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The word of the army pair `force=`.
    pub word: &'static str,
    /// Core, type 1, type 2, type 3.
    pub columns: [Class; 4],
}

/// The variations: the default `feudal` first (FX.4; FO-R51 reads Norse
/// Irish "T4" as type 3).
pub const VARIATIONS: [Variation; 9] = [
    variation(
        "feudal",
        [
            Class::Knights,
            Class::Bowmen,
            Class::Brigans,
            Class::Freemen,
        ],
    ),
    variation(
        "anglo-irish",
        [
            Class::Brigans,
            Class::Bowmen,
            Class::Knights,
            Class::Freemen,
        ],
    ),
    variation(
        "norse-irish",
        [
            Class::Brigans,
            Class::Serjeants,
            Class::Freemen,
            Class::Cavalry,
        ],
    ),
    variation(
        "scots-common",
        [
            Class::Schiltron,
            Class::Brigans,
            Class::Bowmen,
            Class::Knights,
        ],
    ),
    variation(
        "scots-isles",
        [
            Class::Serjeants,
            Class::Brigans,
            Class::Freemen,
            Class::Bowmen,
        ],
    ),
    variation(
        "early-feudal",
        [
            Class::Knights,
            Class::Freemen,
            Class::Bowmen,
            Class::Brigans,
        ],
    ),
    variation(
        "bretons",
        [
            Class::Cavalry,
            Class::Brigans,
            Class::Bowmen,
            Class::Knights,
        ],
    ),
    variation(
        "north-welsh",
        [
            Class::Freemen,
            Class::Knights,
            Class::Brigans,
            Class::Bowmen,
        ],
    ),
    variation(
        "south-welsh",
        [
            Class::Bowmen,
            Class::Knights,
            Class::Brigans,
            Class::Freemen,
        ],
    ),
];

const fn variation(word: &'static str, columns: [Class; 4]) -> Variation {
    Variation { word, columns }
}

/// The numbers of units a force-matrix roll gives each column (FX.1).
pub fn force_row(roll: u8) -> Option<[u8; 4]> {
    FORCE_MATRIX.get(usize::from(roll).checked_sub(1)?).copied()
}
