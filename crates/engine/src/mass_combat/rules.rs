//! Where each check comes from: a section of the rule documents, or a ruling
//! in docs/rules/mass-combat.md. Diagnostics cite these.

pub const UNITS: &str = "mass-combat §Units";
pub const FIGURES: &str = "mass-combat §Combat Effectiveness Tables, §Unit Quality Tables; docs/rules/mass-combat.md MC-R8 (declared figures), MC-R10 (archers in edition b)";
pub const SIZE: &str = "docs/rules/mass-combat.md MC-R5 (men in a unit)";
pub const UNIT_QUALITY: &str = "mass-combat §Unit Quality Tables (maximum command points)";
pub const SETUP: &str = "mass-combat §Setting Up The Battlefield";
/// Which terrain kinds are read, and which of them no unit may enter.
pub const TERRAIN: &str =
    "mass-combat §Setting Up The Battlefield; docs/rules/mass-combat.md MC-R4 (impassable terrain)";
pub const LEADERSHIP: &str =
    "mass-combat §Turn Order (leadership roll); docs/rules/mass-combat.md MC-R2";
pub const TURN_ORDER: &str = "mass-combat §Turn Order";
pub const PHASES: &str =
    "mass-combat §Turn Order (the five phases, in order); docs/rules/mass-combat.md MC-R6";
pub const VOLLEY: &str = "mass-combat §Turn Order, 1. Missile volleys";
pub const MOVEMENT: &str = "mass-combat §Turn Order, 2. Movement";
pub const ADVANCE: &str =
    "mass-combat §Turn Order, 2. Movement ('Advance'); docs/rules/mass-combat.md MC-R21";
pub const COMBAT: &str =
    "mass-combat §Turn Order, 3-5. Combat; docs/rules/mass-combat.md MC-R9 (how combat is written)";
pub const DECLARATIONS: &str =
    "mass-combat §Turn Order, 3. Combat Declarations, 4. Defense Declarations";
pub const ARCHERS: &str = "mass-combat §Turn Order, 3-4 ('Attack', 'Support': non-archer units); docs/rules/mass-combat.md MC-R20";
pub const FEINT: &str = "mass-combat §Turn Order, 3. Combat Declarations ('Feint'); docs/rules/mass-combat.md MC-R9 (the hex it pulls back to)";
pub const TOTALS: &str = "mass-combat §Turn Order, 5. Resolve Combat; docs/rules/mass-combat.md MC-R15 (supports count in every attack on a defender), MC-R17 (the crest)";
pub const RESOLVE: &str =
    "mass-combat §Turn Order, 5. Resolve Combat (\"the side with the higher total wins\")";
pub const TIE: &str = "mass-combat §Turn Order, 5. Resolve Combat; docs/rules/mass-combat.md MC-R13 (a tie is the attacker's loss)";
pub const ROUT: &str =
    "mass-combat §Rout Reactions; docs/rules/mass-combat.md MC-R14 (pursuing units)";
pub const RESERVE: &str = "mass-combat §Setting Up The Battlefield (deployment); docs/rules/mass-combat.md MC-R24 (undeployed units)";
pub const COSTS: &str = "mass-combat §Turn Order (costs); docs/rules/mass-combat.md MC-R3";
pub const MOVE_ALL: &str = "docs/rules/mass-combat.md MC-R7 (every unit takes a movement action)";
pub const CLAIMS: &str = "docs/rules/mass-combat.md MC-R18 (claimed outcomes)";
pub const PATHS: &str =
    "mass-combat §Turn Order, 2. Movement; docs/rules/mass-combat.md MC-R12 (paths)";
/// A path into a hex no unit may enter: the terrain's ruling too.
pub const PATH_IMPASSABLE: &str = "mass-combat §Turn Order, 2. Movement; docs/rules/mass-combat.md MC-R4 (impassable terrain), MC-R12 (paths)";
pub const REFERENCES: &str =
    "mass-combat §Turn Order; docs/rules/mass-combat.md MC-R11 (which unit an id names)";
pub const HORSE_ARCHERS: &str = "mass-combat §Units (horse archers are archers), §Turn Order 2. Movement ('Charge'); docs/rules/mass-combat.md MC-R19";
pub const UNREAD: &str =
    "mass-combat §Units; docs/rules/mass-combat.md MC-R5 (pairs on a unit line)";
