//! What each Feudal diagnostic cites: the rule of shared/rules/feudal-ohw.md
//! (by the spec's ids: `2.8C`, `FM.2`) and the rulings of
//! docs/rules/feudal-ohw.md.

/// Dice: which die, how many, which faces.
pub const DICE: &str = "feudal-ohw §0.2; docs/rules/feudal-ohw.md FO-R33";
/// The attack dice of the six-hit variant.
pub const SIX_HIT_DICE: &str = "feudal-ohw §6H.2; docs/rules/feudal-ohw.md FO-R36";
/// Savings rolls: one die per hit at risk, the failures rerolled.
pub const SAVES: &str = "feudal-ohw §SR; docs/rules/feudal-ohw.md FO-R37";
/// Force morale with two dice.
pub const MORALE_DICE: &str = "feudal-ohw §FM.2; docs/rules/feudal-ohw.md FO-R52";
/// Option names and values.
pub const OPTIONS: &str = "docs/rules/feudal-ohw.md FO-R53";
/// The base size.
pub const BASE: &str = "feudal-ohw §0.5; docs/rules/feudal-ohw.md FO-R3";
/// Options that cannot be combined.
pub const INCOMPATIBLE: &str = "docs/rules/feudal-ohw.md FO-R39";
/// Rally eligibility.
pub const RALLY: &str = "feudal-ohw §4.1a";
/// A priest's rally is 4.1b's.
pub const PRIEST: &str = "feudal-ohw §PER.PR, §4.1b; docs/rules/feudal-ohw.md FO-R65";
/// The six-hit rally.
pub const SIX_HIT_RALLY: &str = "feudal-ohw §6H.4; docs/rules/feudal-ohw.md FO-R50";
/// The impetuous charge's reach.
pub const IMPETUOUS: &str = "feudal-ohw §IC.1; docs/rules/feudal-ohw.md FO-R2";
/// Two sides.
pub const SIDES: &str = "feudal-ohw §SU.1";
/// A table.
pub const MAP: &str = "feudal-ohw §SU.2";
/// Terrain kinds and shapes.
pub const TERRAIN: &str = "feudal-ohw §0.10; docs/rules/feudal-ohw.md FO-R41";
/// Unit classes and grades.
pub const CLASS: &str = "feudal-ohw §0.4";
/// The trained grade.
pub const GRADE: &str = "feudal-ohw §TR";
/// The roles of the force matrix.
pub const ROLES: &str = "feudal-ohw §FX.2, §FX.3";
/// Deployment: once, with a facing.
pub const DEPLOY: &str = "feudal-ohw §SU.4; docs/rules/feudal-ohw.md FO-R1";
/// A base wholly on the table.
pub const OFF_TABLE: &str = "feudal-ohw §0.10d, §SU.4; docs/rules/feudal-ohw.md FO-R2";
/// Two bases overlapping.
pub const OVERLAP: &str = "feudal-ohw §2.7, §SU.4; docs/rules/feudal-ohw.md FO-R54";
/// Woods and marsh.
pub const PROHIBITED: &str = "feudal-ohw §0.10b, §SU.4; docs/rules/feudal-ohw.md FO-R41";
/// Lakes, cliffs, rivers.
pub const IMPASSABLE: &str = "feudal-ohw §0.10d, §SU.4; docs/rules/feudal-ohw.md FO-R41";
/// The force matrix and its variations.
pub const FORCE: &str = "feudal-ohw §FX.1, §FX.4; docs/rules/feudal-ohw.md FO-R51";
/// Crossbows and their balance.
pub const CROSSBOWS: &str = "feudal-ohw §FX.3; docs/rules/feudal-ohw.md FO-R51";
/// Personalities: their kinds, hosts and number.
pub const PERSONALITY: &str = "feudal-ohw §PER.0; docs/rules/feudal-ohw.md FO-R34";
/// The marshals' hosts.
pub const PERSONALITY_HOST: &str = "feudal-ohw §PER.HM, §PER.BM";
/// The banner's host.
pub const BANNER: &str = "feudal-ohw §PER.BA";
/// Who plays first.
pub const FIRST: &str = "feudal-ohw §SU.5, §IN.1";
/// Advantages and disadvantages: their words and options.
pub const ADVANTAGES: &str = "feudal-ohw §AD.2, §AD.5, §IC.2";
/// One of each per army.
pub const ADVANTAGE_LIMIT: &str = "feudal-ohw §AD.1; docs/rules/feudal-ohw.md FO-R35";
/// The cap on permanent modifiers.
pub const MODIFIER_CAP: &str = "feudal-ohw §AD.1";
/// The alternative troop types: their option, or a force naming them.
pub const ALTERNATIVE: &str = "feudal-ohw §AT, §FX.6; docs/rules/feudal-ohw.md FO-R57";

// play
/// Turn lines, phase labels and who acts: the play sequence.
pub const SEQUENCE: &str = "feudal-ohw §PS; docs/rules/feudal-ohw.md FO-R5";
/// Actions placed in the phase of their verb.
pub const PHASES: &str = "feudal-ohw §PS, §FM.6; docs/rules/feudal-ohw.md FO-R5, FO-R58, FO-R62";
/// Who plays first each turn with initiative.
pub const TURN_ORDER: &str = "feudal-ohw §PS, §IN.3; docs/rules/feudal-ohw.md FO-R32";
/// A player turn's turn line left out, read from the label under it.
pub const TURN_LEFT_OUT: &str = "feudal-ohw §PS; docs/rules/feudal-ohw.md FO-R95";
/// Verbs the movetext knows.
pub const VERBS: &str = "feudal-ohw §PS; docs/rules/feudal-ohw.md FO-R59";
/// A removed unit, or one awaiting removal.
pub const REMOVED: &str = "feudal-ohw §1.5, §3.4; docs/rules/feudal-ohw.md FO-R27, FO-R67";
/// Nothing after a rout.
pub const OVER: &str = "feudal-ohw §FM.1";
/// Force-morale rolls: owed, written next.
pub const MORALE: &str = "feudal-ohw §FM.1; docs/rules/feudal-ohw.md FO-R28";
/// A force-morale roll not written where owed.
pub const MISSING_MORALE: &str = "feudal-ohw §FM.1; docs/rules/feudal-ohw.md FO-R28, FO-R61";
/// The initiative roll-off.
pub const INITIATIVE: &str = "feudal-ohw §IN.2, §IN.3; docs/rules/feudal-ohw.md FO-R32";
/// An initiative roll-off not written where owed.
pub const MISSING_INITIATIVE: &str = "feudal-ohw §IN.2; docs/rules/feudal-ohw.md FO-R32, FO-R61";
/// The Triple-Zed roll-off.
pub const ZED: &str = "feudal-ohw §0.00; docs/rules/feudal-ohw.md FO-R40";
/// Who shoots, and when.
pub const SHOOTING: &str = "feudal-ohw §1.1";
/// A shot's phase.
pub const SHOOT_PHASE: &str = "feudal-ohw §1.1, §2.8S";
/// Not shooting out of contact.
pub const SHOOTER_IN_MELEE: &str = "feudal-ohw §1.1; docs/rules/feudal-ohw.md FO-R49";
/// One shot a player turn.
pub const ONE_SHOT: &str = "feudal-ohw §1.1; docs/rules/feudal-ohw.md FO-R44";
/// The front arc and sight.
pub const SIGHT: &str = "feudal-ohw §0.11; docs/rules/feudal-ohw.md FO-R7";
/// Range.
pub const RANGE: &str = "feudal-ohw §1.1a; docs/rules/feudal-ohw.md FO-R9";
/// Protected flanks.
pub const PROTECTED: &str = "feudal-ohw §0.11g, §1.1d; docs/rules/feudal-ohw.md FO-R8";
/// The missile limit.
pub const MISSILES: &str = "feudal-ohw §1.4; docs/rules/feudal-ohw.md FO-R38";
/// Phase-2 shots within an activation.
pub const SHOT_MID_MOVE: &str = "feudal-ohw §2.8S; docs/rules/feudal-ohw.md FO-R26, FO-R63";
/// One activation a move phase.
pub const ACTIVATION: &str = "feudal-ohw §2.1; docs/rules/feudal-ohw.md FO-R13, FO-R63, FO-R80";
/// Melee: one target touching the front.
pub const MELEE: &str = "feudal-ohw §3.1; docs/rules/feudal-ohw.md FO-R21";
/// Compulsory melee.
pub const COMPULSORY: &str =
    "feudal-ohw §3.2, §3.3; docs/rules/feudal-ohw.md FO-R22, FO-R29, FO-R66, FO-R71";
/// A unit in contact.
pub const ENGAGED: &str = "feudal-ohw §3.2.end; docs/rules/feudal-ohw.md FO-R49, FO-R64";
/// The rally floor.
pub const RALLY_FLOOR: &str = "feudal-ohw §4.1c; docs/rules/feudal-ohw.md FO-R50";
/// Rallies that roll are written.
pub const RALLY_ROLLS: &str =
    "feudal-ohw §4.1, §DR, §6H.4; docs/rules/feudal-ohw.md FO-R30, FO-R65";
/// Claimed hits.
pub const CLAIM_HITS: &str = "feudal-ohw §SU.6; docs/rules/feudal-ohw.md FO-R43, FO-R60";
/// Claimed statuses and winners.
pub const CLAIM_OUTCOME: &str = "feudal-ohw §SU.6; docs/rules/feudal-ohw.md FO-R43, FO-R60";
/// Personalities joining a unit.
pub const JOIN: &str = "feudal-ohw §PER.0, §PER.BA; docs/rules/feudal-ohw.md FO-R68";
/// The Brabanter's reroll.
pub const REROLL: &str = "feudal-ohw §PER.BR; docs/rules/feudal-ohw.md FO-R45";
/// The Strategos.
pub const STRATEGOS: &str = "feudal-ohw §PER.ST, §IN.6; docs/rules/feudal-ohw.md FO-R69";
// movement
/// Bowmen that shot do not move (2.8S).
pub const BOWMEN_SHOT: &str = "feudal-ohw §2.8S, §1.1b; docs/rules/feudal-ohw.md FO-R92";
/// The allowance: the class's move, fast and road bonuses (2.1, 2.9).
pub const ALLOWANCE: &str = "feudal-ohw §2.1, §2.9; docs/rules/feudal-ohw.md FO-R3, FO-R17";
/// Diced movement's allowance (DM.1).
pub const DICED: &str = "feudal-ohw §DM.1; docs/rules/feudal-ohw.md FO-R84";
/// Fast moves keep over a BD from every enemy (2.3).
pub const FAST: &str = "feudal-ohw §2.3; docs/rules/feudal-ohw.md FO-R16";
/// Turns: their slots and size (2.4a–c).
pub const TURNS: &str = "feudal-ohw §2.4, §PER.HM; docs/rules/feudal-ohw.md FO-R13, FO-R81, FO-R94";
/// A turn sweeps freely but must move clear (2.4).
pub const TURN_CLEAR: &str = "feudal-ohw §2.4; docs/rules/feudal-ohw.md FO-R14";
/// Gaps and interpenetration (2.7).
pub const GAPS: &str = "feudal-ohw §2.7; docs/rules/feudal-ohw.md FO-R15";
/// Woods and marsh in a move (0.10b).
pub const PROHIBITED_MOVE: &str =
    "feudal-ohw §0.10b, §2.9; docs/rules/feudal-ohw.md FO-R17, FO-R82";
/// Lakes, cliffs, rivers in a move (0.10d).
pub const IMPASSABLE_MOVE: &str =
    "feudal-ohw §0.10d, §2.9; docs/rules/feudal-ohw.md FO-R17, FO-R82";
/// The board edge in a move (0.10d).
pub const EDGE_MOVE: &str = "feudal-ohw §0.10d; docs/rules/feudal-ohw.md FO-R15";
/// Contact only by charging (2.2).
pub const CONTACT: &str = "feudal-ohw §2.2; docs/rules/feudal-ohw.md FO-R13, FO-R89";
/// A claimed pose or distance (FO-R43).
pub const POSITION: &str = "docs/rules/feudal-ohw.md FO-R2, FO-R43, FO-R83";
/// A claimed contact side or mark (FO-R43).
pub const MOVE_OUTCOME: &str = "docs/rules/feudal-ohw.md FO-R43, FO-R83";
/// Charge eligibility (2.8C, 0.11).
pub const CHARGE_ELIGIBLE: &str = "feudal-ohw §2.8C, §0.11; docs/rules/feudal-ohw.md FO-R7, FO-R18";
/// A charge's path and reach (2.8C.a, 2.1).
pub const CHARGE_PATH: &str = "feudal-ohw §2.8C.a; docs/rules/feudal-ohw.md FO-R19, FO-R85, FO-R93";
/// Conforming: a BD of edge, centred (2.8C).
pub const CONFORM: &str = "feudal-ohw §2.8C; docs/rules/feudal-ohw.md FO-R20";
/// One charger per side (2.8C.b).
pub const SIDE_OCCUPIED: &str = "feudal-ohw §2.8C.b; docs/rules/feudal-ohw.md FO-R90";
/// Brigans charge flanks and rears, and not after shooting (2.8C.c).
pub const BRIGANS_CHARGE: &str = "feudal-ohw §2.8C.c";
/// A phase-2 shooter does not charge (2.8S).
pub const SHOT_THEN_CHARGE: &str =
    "feudal-ohw §2.8S, §2.8C.c; docs/rules/feudal-ohw.md FO-R26, FO-R92";
/// Bowmen charge when out of missiles (2.8C.d).
pub const BOWMEN_CHARGE: &str = "feudal-ohw §2.8C.d";
/// A protected flank is not charged (2.8C.e, 0.11g).
pub const PROTECTED_FLANK: &str = "feudal-ohw §2.8C.e, §0.11g; docs/rules/feudal-ohw.md FO-R8";
/// Side-edge contact (2.8C.f).
pub const SIDE_EDGE: &str = "feudal-ohw §2.8C.f; docs/rules/feudal-ohw.md FO-R86";
/// Retreats (2.5).
pub const RETREAT: &str = "feudal-ohw §2.5; docs/rules/feudal-ohw.md FO-R23, FO-R48, FO-R88";
/// Facing an attacker (2.6).
pub const FACE: &str = "feudal-ohw §2.6; docs/rules/feudal-ohw.md FO-R24, FO-R91";
/// Impetuous charges (IC.1).
pub const IMPETUOUS_CHARGE: &str = "feudal-ohw §IC.1; docs/rules/feudal-ohw.md FO-R2, FO-R87";
