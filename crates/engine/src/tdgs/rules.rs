//! Where each check comes from: a section of the extension
//! (`tdgs-mass-combat §Section (Subsection)`), a core TDGS document it
//! defers to (`core D3 (…)`), or a ruling in docs/rules/tdgs-mass-combat.md.
//! Diagnostics cite these.

// Setup.

pub const MAP: &str = "tdgs-mass-combat §Command (Command Range: CHA in squares), §Positioning (Unit Size: grid footprint); core D14 (grid system)";
pub const TERRAIN: &str = "core D14 (terrain types, cover); docs/rules/tdgs-mass-combat.md TDGS-R9 (the kinds and their movement costs)";
pub const SIDES: &str =
    "tdgs-mass-combat §Units; docs/rules/tdgs-mass-combat.md TDGS-R46 (two sides or more)";
pub const STATS: &str = "tdgs-mass-combat §Units (Unit Stats); core D2 (0 to 100), core D4 (LUK -10 to +10); docs/rules/tdgs-mass-combat.md TDGS-R44 (stated stats)";
pub const NARRATIVE_LUCK: &str =
    "core D4 (the luck scale: narrative territory); docs/rules/tdgs-mass-combat.md TDGS-R5";
pub const KIND: &str = "tdgs-mass-combat §Combat (Hero vs Unit, Unit vs Hero); docs/rules/tdgs-mass-combat.md TDGS-R38 (heroes)";
pub const FOOTPRINT: &str = "tdgs-mass-combat §Positioning (Unit Size); docs/rules/tdgs-mass-combat.md TDGS-R45 (anchor, shape)";
pub const HP: &str = "tdgs-mass-combat §Units (Unit HP: HP = CON × 5); docs/rules/tdgs-mass-combat.md TDGS-R47 (units that start damaged)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const SCALE: &str =
    "tdgs-mass-combat §Units (Unit Scale); docs/rules/tdgs-mass-combat.md TDGS-R48";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TRAITS: &str = "tdgs-mass-combat §Morale (Terrifying Trait), §Creating Units (Example: Veteran Class); docs/rules/tdgs-mass-combat.md TDGS-R44";
pub const WEAPONS: &str = "core D14 (weapon range table); docs/rules/tdgs-mass-combat.md TDGS-R13";
pub const KEYS: &str = "docs/rules/tdgs-mass-combat.md TDGS-R44 (what an entity line states), TDGS-R48 (echelon and men)";
pub const DIRECTIVES: &str =
    "core D6 (initiative is not rolled); docs/rules/tdgs-mass-combat.md TDGS-R41";
pub const DEPLOYMENT: &str = "docs/notation.md §5.5 (deployment); core D14 (blocking terrain: cannot pass); docs/rules/tdgs-mass-combat.md TDGS-R45 (the placement is the footprint's anchor), TDGS-R9 (never ending on another's square)";
pub const FACING: &str = "tdgs-mass-combat §Positioning (Unit Facing); core D14 (flanking is positional); docs/rules/tdgs-mass-combat.md TDGS-R16";

// Command.

pub const COMMANDERS: &str = "tdgs-mass-combat §Command (Commanders, Lieutenants); docs/rules/tdgs-mass-combat.md TDGS-R24 (role=commander)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const CHA_BONUS: &str =
    "tdgs-mass-combat §Command (CHA Bonus); docs/rules/tdgs-mass-combat.md TDGS-R2";
pub const DIRECT_COMMAND: &str = "tdgs-mass-combat §Command (Command Structure: Direct Command)";
/// How many units extended command holds: as many as the CHA bonus, so the
/// bonus's ruling decides (CHA 19 gives +1 and one slot, not the table's
/// +2).
pub const EXTENDED_SLOTS: &str = "tdgs-mass-combat §Command (Command Structure: Extended Command: \"additional units equal to CHA bonus\"); docs/rules/tdgs-mass-combat.md TDGS-R2";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const EXTENDED_COMMAND: &str = "tdgs-mass-combat §Command (Command Structure: Extended Command); docs/rules/tdgs-mass-combat.md TDGS-R3";
pub const COMMAND_RANGE: &str = "tdgs-mass-combat §Command (Command Structure: Command Range); docs/rules/tdgs-mass-combat.md TDGS-R24, TDGS-R25";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const COMMANDER_LOST: &str = "tdgs-mass-combat §Command (Chain of Command: Commander Lost, Uncontrolled Units); docs/rules/tdgs-mass-combat.md TDGS-R12, TDGS-R26";
pub const CLAIMING: &str = "tdgs-mass-combat §Command (Chain of Command: Claiming Units); docs/rules/tdgs-mass-combat.md TDGS-R26, TDGS-R51 (a removed unit frees its slot)";
pub const EXPOSED_COMMANDER: &str = "tdgs-mass-combat §Command (Chain of Command: Exposed Commander); docs/rules/tdgs-mass-combat.md TDGS-R27";
pub const ROUTED_COMMANDER: &str =
    "tdgs-mass-combat §Command (Commanders); docs/rules/tdgs-mass-combat.md TDGS-R37";

// Turns and actions.

pub const TURN_ORDER: &str = "tdgs-mass-combat §Combat (Turn Order); core D6 (initiative: REF, LUK, d2); docs/rules/tdgs-mass-combat.md TDGS-R7";
/// How rounds are numbered on the turn lines.
pub const ROUNDS: &str = "tdgs-mass-combat §Combat (Turn Order); docs/rules/tdgs-mass-combat.md TDGS-R41 (a turn line starts or resumes round N)";
pub const ACTIVATIONS: &str =
    "docs/rules/tdgs-mass-combat.md TDGS-R41 (how the REF order is written)";
pub const LEFT_OUT: &str =
    "docs/rules/tdgs-mass-combat.md TDGS-R53 (an activation left out, and what it owed)";
pub const ACTIONS: &str = "core D6 (your turn: one Action, one Step, free actions); docs/rules/tdgs-mass-combat.md TDGS-R6";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const DELAY: &str = "core D6 (delay); docs/rules/tdgs-mass-combat.md TDGS-R6";
pub const REMOVED: &str = "tdgs-mass-combat §Breaking and Routing (0 HP = Destroyed, Reaching Safety); core D8 (knockout, death); docs/rules/tdgs-mass-combat.md TDGS-R12";

// Movement and position.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const DISTANCE: &str =
    "core D14 (adjacency; diagonals cost 1); docs/rules/tdgs-mass-combat.md TDGS-R8";
pub const PATHS: &str = "core D14 (movement, terrain); docs/rules/tdgs-mass-combat.md TDGS-R9 (multi-square movement), TDGS-R42 (paths)";
pub const OPPORTUNITY: &str = "tdgs-mass-combat §Positioning; core D14 (opportunity attacks, reach); docs/rules/tdgs-mass-combat.md TDGS-R10";
pub const POSITIONAL: &str = "tdgs-mass-combat §Positioning; core D14 (flanking, surrounded, overwhelmed); docs/rules/tdgs-mass-combat.md TDGS-R15";
pub const LINE_OF_SIGHT: &str =
    "core D14 (line of sight); docs/rules/tdgs-mass-combat.md TDGS-R50 (own squares never block)";
pub const COVER: &str =
    "tdgs-mass-combat §Positioning; core D14 (cover); docs/rules/tdgs-mass-combat.md TDGS-R14";
pub const HAZARD: &str = "core D14 (hazardous terrain); docs/rules/tdgs-mass-combat.md TDGS-R49";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const SURROUNDED: &str =
    "tdgs-mass-combat §Positioning (Surrounded); docs/rules/tdgs-mass-combat.md TDGS-R17";

// Orders.

pub const ISSUING_ORDERS: &str =
    "tdgs-mass-combat §Orders (Issuing Orders); docs/rules/tdgs-mass-combat.md TDGS-R28";
/// The names of the orders: the section lists them; the rulings on what
/// each obliges (TDGS-R29, TDGS-R30) are cited where it is broken.
pub const ORDER_TYPES: &str =
    "tdgs-mass-combat §Orders (Order Types: Attack, Hold, Take Cover, Charge, Retreat)";
pub const ATTACK_ORDER: &str =
    "tdgs-mass-combat §Orders (Order Types: Attack); docs/rules/tdgs-mass-combat.md TDGS-R29";
pub const HOLD: &str =
    "tdgs-mass-combat §Orders (Order Types: Hold); docs/rules/tdgs-mass-combat.md TDGS-R30";
pub const TAKE_COVER: &str =
    "tdgs-mass-combat §Orders (Order Types: Take Cover); docs/rules/tdgs-mass-combat.md TDGS-R30";
pub const CHARGE: &str = "tdgs-mass-combat §Orders (Order Types: Charge); docs/rules/tdgs-mass-combat.md TDGS-R6 (one Action), TDGS-R30";
pub const RETREAT: &str = "tdgs-mass-combat §Orders (Order Types: Retreat), §Positioning (Surrounded); docs/rules/tdgs-mass-combat.md TDGS-R17, TDGS-R30";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const PERCENT: &str =
    "tdgs-mass-combat §Orders (Percentage Bonuses); docs/rules/tdgs-mass-combat.md TDGS-R31";

// Morale.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const MORALE_CHECK: &str = "tdgs-mass-combat §Morale (Morale Checks); docs/rules/tdgs-mass-combat.md TDGS-R22 (who checks), TDGS-R24 (the bonus in range)";
pub const TRIGGERS: &str =
    "tdgs-mass-combat §Morale (Morale Triggers); docs/rules/tdgs-mass-combat.md TDGS-R18, TDGS-R19";
pub const IMMEDIATE: &str = "tdgs-mass-combat §Command (Chain of Command: \"immediate morale checks\"); docs/rules/tdgs-mass-combat.md TDGS-R20";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TERROR: &str =
    "tdgs-mass-combat §Morale (Terrifying Trait); docs/rules/tdgs-mass-combat.md TDGS-R23";
pub const CASCADE: &str =
    "tdgs-mass-combat §Morale (Morale Cascade); docs/rules/tdgs-mass-combat.md TDGS-R21";

// Rout, cornered, rally.

pub const ROUTED: &str = "tdgs-mass-combat §Breaking and Routing (Routed Units); docs/rules/tdgs-mass-combat.md TDGS-R32, TDGS-R33";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REACHING_SAFETY: &str = "tdgs-mass-combat §Breaking and Routing (Routed Units: Reaching Safety); docs/rules/tdgs-mass-combat.md TDGS-R34";
pub const CORNERED: &str =
    "tdgs-mass-combat §Cornered Units; docs/rules/tdgs-mass-combat.md TDGS-R35";
pub const RALLY: &str = "tdgs-mass-combat §Rally; docs/rules/tdgs-mass-combat.md TDGS-R36";

// Resolution and combat.

pub const RESOLUTION: &str = "core D3 (the core formula: d20 + delta + modifiers >= 11)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const NATURAL: &str = "core D3 (natural 1 and 20); docs/rules/tdgs-mass-combat.md TDGS-R4";
pub const LUCK: &str = "tdgs-mass-combat §Morale (Morale Checks: \"Luck applies per Document 4\"); core D4 (ceiling and floor); docs/rules/tdgs-mass-combat.md TDGS-R5";
pub const CRITICAL: &str = "core D3 (critical outcomes)";
pub const MELEE: &str = "tdgs-mass-combat §Combat (Unit vs Unit); core D3 (melee: STR vs REF), core D14 (adjacency, reach); docs/rules/tdgs-mass-combat.md TDGS-R13";
pub const RANGED: &str = "core D3 (ranged: DEX vs REF), core D14 (weapon range table); docs/rules/tdgs-mass-combat.md TDGS-R13";
pub const SPELLS: &str = "core D3 (arcane: INT vs WIS, divine: WIS vs WIS); docs/rules/tdgs-mass-combat.md TDGS-R13, TDGS-R38";
pub const DAMAGE: &str = "core D8 (every hit deals at least 1); docs/rules/tdgs-mass-combat.md TDGS-R1 (what the log states), TDGS-R11";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const KNOCKOUT: &str =
    "core D8 (knockout at 5 %, death at 0); docs/rules/tdgs-mass-combat.md TDGS-R12";
pub const TARGETS: &str =
    "tdgs-mass-combat §Combat; docs/rules/tdgs-mass-combat.md TDGS-R46 (enemies, ids)";

// The log.

pub const REFERENCES: &str = "docs/rules/tdgs-mass-combat.md TDGS-R46 (which entity an id names)";
pub const ARGUMENTS: &str =
    "tdgs-mass-combat spec 1.3 (what each line costs); docs/rules/tdgs-mass-combat.md TDGS-R52";
pub const CLAIMS: &str = "docs/rules/tdgs-mass-combat.md TDGS-R43 (claimed outcomes)";
pub const HP_CLAIMS: &str = "docs/rules/tdgs-mass-combat.md TDGS-R43 (claimed outcomes), TDGS-R54 (a wrong HP: two accounts, the next line says which)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const RESULT: &str = "docs/rules/tdgs-mass-combat.md TDGS-R39 (victory is not checked)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const XP: &str = "tdgs-mass-combat §XP and Mass Combat; core D12 (XP after the encounter); docs/rules/tdgs-mass-combat.md TDGS-R40";
