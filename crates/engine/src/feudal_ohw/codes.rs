//! The diagnostic codes Feudal reports so far, with their severity and
//! what each means: the codes of the spec's Appendix A that the hit
//! arithmetic ([`super::hits`]), the options ([`super::options`]) and the
//! setup ([`super::setup`]) give.
//! The rest of Appendix A waits for the geometry and the play that give
//! them; docs/rules/feudal-ohw.md lists them, so no code is registered
//! before something reports it. Each summary names its rule; what a
//! finding cites is in its `rule` string (`feudal-ohw §0.2; FO-R33`).

use crate::code::CodeInfo;

// Dice (0.2, FO-R33).
pub const WRONG_DIE: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-die",
    "a roll is of the battle's die: `d6:N`, or `d5:N` for the average die (0.2); savings, dice-rally and force-matrix rolls are always d6 (FO-R33)",
);
pub const IMPOSSIBLE_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::impossible-roll",
    "a face is one its die shows: 1 to 6 on the d6, 2 to 5 on the average die (0.2)",
);
pub const DICE_COUNT: CodeInfo = CodeInfo::error(
    "feudal-ohw::dice-count",
    "a roll has as many dice as its rule rolls: one Dx for hits (1.2, 3.2), 1 to 3 attack dice by modifier (6H.2, FO-R36), one save per hit (SR), two for morale (FM.2)",
);

pub const MISSING_SAVE: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-save",
    "with savings rolls, an attack the target would halve writes the target's saves: `> T save 5d6:...` (SR)",
);

// Options (FO-R53; the spec's section 2.7).
pub const UNKNOWN_OPTION: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-option",
    "an `option` line names one of Feudal's optional rules by its word (FO-R53)",
);
pub const OPTION_VALUE: CodeInfo = CodeInfo::error(
    "feudal-ohw::option-value",
    "an option's value is one it takes: `dice d6|d5`, `initiative 1|2|3`, `rout-pursuit attack|eliminate`; the others take none, and an option written twice keeps one value (FO-R53)",
);
pub const OPTION_NEEDS: CodeInfo = CodeInfo::error(
    "feudal-ohw::option-needs",
    "a variant is used with the rule it varies: force-morale's variants with `force-morale`, `initiative-losses` with `initiative`, `impetuous-charges` with `advantages` (IC.2)",
);
pub const INCOMPATIBLE_OPTIONS: CodeInfo = CodeInfo::error(
    "feudal-ohw::incompatible-options",
    "two options that give one rule two meanings are not combined: six-hit with dice-rally or impetuous-charges, missiles-natural-5 with well-supplied, trained-units with the average die (FO-R39)",
);
pub const BASE_WIDTH: CodeInfo = CodeInfo::error(
    "feudal-ohw::base-width",
    "a base is 4 to 6 inches wide (0.5): `option base 5x2.5in`",
);
pub const BASE_RATIO: CodeInfo = CodeInfo::error(
    "feudal-ohw::base-ratio",
    "a base is half as deep as it is wide (0.5, 0.6)",
);

// Rallies and impetuous charges (4.1, IC.1).
pub const CANNOT_RALLY: CodeInfo = CodeInfo::error(
    "feudal-ohw::cannot-rally",
    "only a unit that did not shoot, move or melee this turn rallies (4.1a); a priest's rally and a six-hit rally also need no attacked marker, unless a Banner (4.1b, PER.PR, 6H.4)",
);
pub const IMPETUOUS_TOO_FAR: CodeInfo = CodeInfo::error(
    "feudal-ohw::impetuous-too-far",
    "an impetuous charge goes at most 3 inches beyond the charger's allowance (IC.1)",
);

// Setup (spec 2.8 SU.1–SU.4, 0.4, 0.10, FX).
pub const SIDES: CodeInfo = CodeInfo::error(
    "feudal-ohw::sides",
    "a Feudal battle has two sides, each opened by an `army` line (SU.1)",
);
pub const WRONG_MAP: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-map",
    "Feudal is fought on an open table in inches: `map table 36x36in` (SU.2)",
);
pub const UNKNOWN_TERRAIN: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-terrain",
    "a terrain line names one of Feudal's terrain kinds (0.10)",
);
pub const TERRAIN_SHAPE: CodeInfo = CodeInfo::error(
    "feudal-ohw::terrain-shape",
    "a terrain polygon is simple: its outline neither crosses nor folds back on itself, and it has an area (0.10, FO-R41)",
);
pub const UNKNOWN_CLASS: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-class",
    "a unit line's class is one of Feudal's: knights, serjeants, freemen, bowmen, brigans, or an alternative type (0.4, AT, FX.6)",
);
pub const UNKNOWN_GRADE: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-grade",
    "a unit line's grade is `average`, `trained` (TR) or `personality` (FO-R34)",
);
pub const MISSING_FACING: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-facing",
    "a placement gives the base's facing in degrees after `^` (SU.4, FO-R1)",
);
pub const NOT_DEPLOYED: CodeInfo = CodeInfo::error(
    "feudal-ohw::not-deployed",
    "every unit but a personality is deployed (SU.4)",
);
pub const OFF_TABLE: CodeInfo = CodeInfo::error(
    "feudal-ohw::off-table",
    "a base lies wholly on the table: the board edge is impassable (0.10d, SU.4)",
);
pub const OVERLAP: CodeInfo =
    CodeInfo::error("feudal-ohw::overlap", "two bases never overlap (2.7, SU.4)");
pub const PROHIBITED_TERRAIN: CodeInfo = CodeInfo::error(
    "feudal-ohw::prohibited-terrain",
    "only brigans stand in woods, and brigans and mounted brigans in marsh (0.10b, AT.2)",
);
pub const IMPASSABLE: CodeInfo = CodeInfo::error(
    "feudal-ohw::impassable",
    "no base stands in a lake, on a cliff, or in a river outside its fords and bridges (0.10d)",
);
pub const FORCE_MATRIX: CodeInfo = CodeInfo::error(
    "feudal-ohw::force-matrix",
    "an army playing by the force matrix has the units of its roll's row, in its variation's columns, with the substitutions its notes allow (FX.1–FX.4)",
);
pub const MISSING_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-roll",
    "a roll the rules ask for is written: the force matrix's `roll SIDE force d6:N` (FX.1)",
);
pub const UNKNOWN_PERSONALITY: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-personality",
    "a personality is a knight-errant, constable, horse-marshal, bow-marshal, brabanter, priest or strategos (PER)",
);
pub const UNKNOWN_UNIT: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-unit",
    "a personality's `with=` names a unit of its own side (PER.0, FO-R34)",
);
pub const PERSONALITY_HOST: CodeInfo = CodeInfo::error(
    "feudal-ohw::personality-host",
    "a horse marshal is with knights or cavalry, a bow marshal with bowmen or bow-brigans (PER.HM, PER.BM)",
);
pub const BANNER_HOST: CodeInfo = CodeInfo::error(
    "feudal-ohw::banner-host",
    "a banner stays with one unit of knights or serjeants (PER.BA)",
);
pub const PERSONALITY_LIMIT: CodeInfo = CodeInfo::error(
    "feudal-ohw::personality-limit",
    "an army takes one personality for every three units, a banner counting as one more (PER.0, PER.BA)",
);
pub const TURN_ORDER: CodeInfo = CodeInfo::error(
    "feudal-ohw::turn-order",
    "one `first SIDE turn` line names the side that plays first, the scenario's attacker (SU.5, IN.1)",
);
pub const ADVANTAGE_LIMIT: CodeInfo = CodeInfo::error(
    "feudal-ohw::advantage-limit",
    "an army takes one advantage and one disadvantage, or neither, each one of Feudal's (AD.1, AD.5, FO-R35)",
);
pub const MODIFIER_CAP: CodeInfo = CodeInfo::error(
    "feudal-ohw::modifier-cap",
    "no unit shoots or melees better than +2 or worse than −2 (AD.1)",
);
pub const INITIATIVE_WINNER: CodeInfo = CodeInfo::error(
    "feudal-ohw::initiative-winner",
    "the side that wins an initiative roll-off plays first: the higher roll, a tie rolled again (IN.1, IN.2)",
);

// play: the sequence of play, shooting, melee, rallies, rolls and claims.
pub const TURN_NUMBER: CodeInfo = CodeInfo::error(
    "feudal-ohw::turn-number",
    "turns are numbered from 1, each once, in order; each turn has two player turns (PS, spec 1.1)",
);
pub const PHASE_ORDER: CodeInfo = CodeInfo::error(
    "feudal-ohw::phase-order",
    "a player turn's phases come in order, initiative (when owed), shoot, move, melee, rally, each at most once; a phase may be left out (PS, FO-R5)",
);
pub const UNKNOWN_PHASE: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-phase",
    "a phase label is `initiative:`, `shoot:`, `move:`, `melee:`, `rally:` or `pursuit:` (PS)",
);
pub const WRONG_PHASE: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-phase",
    "an action comes in a phase where its verb is legal: movement, joins and javelins in the move phase, melee in the melee phase, rallies in the rally phase (spec 1.2, FO-R5)",
);
pub const WRONG_SIDE: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-side",
    "only the side whose player turn it is acts, except for morale, initiative and zed rolls (PS, 3.1)",
);
pub const UNKNOWN_VERB: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-verb",
    "an action's verb is one of Feudal's: shoot, move, turn, charge, retreat, face, join, melee, rally, pursue, morale, initiative, zed (spec 5.2)",
);
pub const UNIT_REMOVED: CodeInfo = CodeInfo::error(
    "feudal-ohw::unit-removed",
    "a removed unit neither acts nor is targeted; one awaiting removal may be targeted but not act (1.5, FO-R27)",
);
pub const BATTLE_OVER: CodeInfo = CodeInfo::error(
    "feudal-ohw::battle-over",
    "nothing is played after a force routs: the battle is over (FM.1)",
);
pub const MISSING_MORALE_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-morale-roll",
    "each removal owes its side a force-morale roll, written as the very next action (FM.1, FO-R28)",
);
pub const UNOWED_MORALE_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::unowed-morale-roll",
    "a force-morale roll is written only when a removal owes one (FM.1, FO-R28)",
);
pub const MISSING_INITIATIVE_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-initiative-roll",
    "with option initiative, each turn from the second opens with the roll-off, under `initiative:` (IN.2, FO-R32)",
);
pub const ZED_WINNER: CodeInfo = CodeInfo::error(
    "feudal-ohw::zed-winner",
    "a Triple-Zed roll-off names the side that rolled higher; ties are rolled again (0.00, FO-R40)",
);
pub const CANNOT_SHOOT: CodeInfo = CodeInfo::error(
    "feudal-ohw::cannot-shoot",
    "only bowmen, brigans and the alternative types that carry missiles shoot (1.1, 0.8, 0.9)",
);
pub const SHOOT_WRONG_PHASE: CodeInfo = CodeInfo::error(
    "feudal-ohw::shoot-wrong-phase",
    "bows shoot in the shoot phase and javelins in the move phase (1.1, 2.8S)",
);
pub const SHOOTER_IN_MELEE: CodeInfo = CodeInfo::error(
    "feudal-ohw::shooter-in-melee",
    "a unit in contact with an enemy does not shoot (1.1, FO-R49)",
);
pub const FRIENDLY_TARGET: CodeInfo = CodeInfo::error(
    "feudal-ohw::friendly-target",
    "a shot or a melee attack is at an enemy (1.1, 3.1)",
);
pub const NOT_IN_FRONT_ARC: CodeInfo = CodeInfo::error(
    "feudal-ohw::not-in-front-arc",
    "a shooter's target lies in its front arc (1.1, FO-R7)",
);
pub const OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "feudal-ohw::out-of-range",
    "bows reach 2 BW and javelins 1 BW, measured from the front centre to the nearest point of the stretch seen (1.1a, FO-R9)",
);
pub const NO_LINE_OF_SIGHT: CodeInfo = CodeInfo::error(
    "feudal-ohw::no-line-of-sight",
    "a shot needs line of sight to a BD of the target's side (0.11, FO-R7)",
);
pub const PROTECTED_FLANK: CodeInfo = CodeInfo::error(
    "feudal-ohw::protected-flank",
    "a protected flank is neither shot nor charged (0.11g, 1.1d, 2.8C.e, FO-R8)",
);
pub const OUT_OF_MISSILES: CodeInfo = CodeInfo::error(
    "feudal-ohw::out-of-missiles",
    "a missile unit is out after 3 shots (4 when well supplied), or on a natural 5 with its option (1.4, MS.1)",
);
pub const ALREADY_ACTED: CodeInfo = CodeInfo::error(
    "feudal-ohw::already-acted",
    "a unit shoots once a player turn, makes one activation a move phase and attacks once a melee phase (FO-R44, FO-R13, 3.1)",
);
pub const SHOT_MID_MOVE: CodeInfo = CodeInfo::error(
    "feudal-ohw::shot-mid-move",
    "a phase-2 shot is the first or the last action of its unit's activation, never between its moves (2.8S, FO-R26)",
);
pub const MISSING_MELEE: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-melee",
    "each phasing unit in frontal contact with an enemy attacks once in the melee phase (3.2, FO-R22)",
);
pub const NOT_IN_FRONTAL_CONTACT: CodeInfo = CodeInfo::error(
    "feudal-ohw::not-in-frontal-contact",
    "a melee attack is at an enemy touching the attacker's front (3.1, FO-R21)",
);
pub const ENGAGED: CodeInfo = CodeInfo::error(
    "feudal-ohw::engaged",
    "a unit in contact with an enemy only retreats or faces in the move phase (3.2.end, FO-R49)",
);
pub const RALLY_BELOW_FLOOR: CodeInfo = CodeInfo::error(
    "feudal-ohw::rally-below-floor",
    "a unit with 5 hits or more never rallies below 5 (2 under the six-hit variant) (4.1c, FO-R50)",
);
pub const MISSING_RALLY_ROLL: CodeInfo = CodeInfo::error(
    "feudal-ohw::missing-rally-roll",
    "a rally that rolls (dice rally, six-hit, a priest) is written with its roll (DR, 6H.4, PER.PR, FO-R30)",
);
pub const WRONG_HITS: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-hits",
    "a claimed number of hits is the rules' own: the total after the action (`hits=N`) or what it inflicted (`took=N`) (SU.6, FO-R43)",
);
pub const WRONG_OUTCOME: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-outcome",
    "a claimed status (removed, tired, spent, attacked) or winner is what the rules give (SU.6, FO-R43)",
);
pub const UNKNOWN_CLAIM: CodeInfo = CodeInfo::error(
    "feudal-ohw::unknown-claim",
    "a claim after `=>` is one Feudal reads: `U hits=N`, `U took=N`, `U removed`, `U tired`, `U spent`, `U attacked`, a pose, a side name (FO-R43)",
);
pub const PERSONALITY_TRANSFER: CodeInfo = CodeInfo::error(
    "feudal-ohw::personality-transfer",
    "a personality joins a friend within 6 inches at the start of its move phase, before any movement, and not from a unit in melee; a banner never moves (PER.0, PER.BA)",
);
pub const PRIEST_USED: CodeInfo = CodeInfo::error(
    "feudal-ohw::priest-used",
    "a side's priest inspires one rally, once (PER.PR)",
);
pub const STRATEGOS_USED: CodeInfo = CodeInfo::error(
    "feudal-ohw::strategos-used",
    "a Strategos's +3 seizes initiative once, for the side without it (PER.ST, IN.6)",
);
pub const REROLL_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "feudal-ohw::reroll-not-allowed",
    "only a Brabanter's unit rerolls its hit dice, once a roll (PER.BR, FO-R45)",
);

// movement: moves, turns, charges, retreats and facing.
pub const BOWMEN_MOVED_AFTER_SHOOTING: CodeInfo = CodeInfo::error(
    "feudal-ohw::bowmen-moved-after-shooting",
    "bowmen that shot in phase 1 do not move, not even to turn (2.8S, 1.1b)",
);
pub const TOO_FAR: CodeInfo = CodeInfo::error(
    "feudal-ohw::too-far",
    "a move keeps within its allowance: the class's move, plus its fast bonus when `fast` is written, plus a BD on a road (2.1, 2.9)",
);
pub const FAST_NEAR_ENEMY: CodeInfo = CodeInfo::error(
    "feudal-ohw::fast-near-enemy",
    "a fast move starts and stays more than a BD from every enemy, unless it is a charge or a retreat (2.3, FO-R16)",
);
pub const TURN_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "feudal-ohw::turn-not-allowed",
    "a class turns in the slots it has: serjeants, freemen and bowmen once at the start, knights once at the start or end, brigans at the start and at the end (2.4a–c)",
);
pub const TURN_TOO_LARGE: CodeInfo =
    CodeInfo::error("feudal-ohw::turn-too-large", "a turn is at most 180° (2.4)");
pub const TURN_NOT_CLEAR: CodeInfo = CodeInfo::error(
    "feudal-ohw::turn-not-clear",
    "a turn may sweep over units and terrain, but the unit must move clear of them (2.4, FO-R14)",
);
pub const INTERPENETRATION: CodeInfo = CodeInfo::error(
    "feudal-ohw::interpenetration",
    "no unit moves through another; brigans pass through brigans but end clear of them (2.7)",
);
pub const GAP_TOO_NARROW: CodeInfo = CodeInfo::error(
    "feudal-ohw::gap-too-narrow",
    "a unit fits through a gap a BW wide between units or terrain, no narrower (2.7, FO-R15)",
);
pub const CONTACT_WITHOUT_CHARGE: CodeInfo = CodeInfo::error(
    "feudal-ohw::contact-without-charge",
    "a move that is not a charge does not end touching an enemy: contact is made by charging (2.2, FO-R13)",
);
pub const WRONG_POSITION: CodeInfo = CodeInfo::error(
    "feudal-ohw::wrong-position",
    "a claimed pose (`K@18x15.5in^90deg`) or distance (`dist=4.67in`) is the one the engine computes, within 0.01\" and 0.05° (FO-R2, FO-R43)",
);
pub const CHARGE_NOT_ELIGIBLE: CodeInfo = CodeInfo::error(
    "feudal-ohw::charge-not-eligible",
    "a charge needs, at its start, front-arc sight of the target within a fast move, or the target within a BD of a flank (2.8C, FO-R18)",
);
pub const CHARGE_TOO_FAR: CodeInfo = CodeInfo::error(
    "feudal-ohw::charge-too-far",
    "a charge's straight move to contact keeps within its allowance: the move, plus the fast bonus when `fast` is written, plus a road's BD (2.8C, 2.1, FO-R19)",
);
pub const CHARGE_BLOCKED: CodeInfo = CodeInfo::error(
    "feudal-ohw::charge-blocked",
    "a charge's first touch is its front on the struck side of the target, with nothing else touched or crossed before (2.8C.a, FO-R19)",
);
pub const CONTACT_TOO_SHORT: CodeInfo = CodeInfo::error(
    "feudal-ohw::contact-too-short",
    "a charger ends edge to edge with the struck side along at least a BD, clear of everything else (2.8C, FO-R20)",
);
pub const CONTACT_NOT_CENTRED: CodeInfo = CodeInfo::error(
    "feudal-ohw::contact-not-centred",
    "a charger is centred on the struck side as much as the ground allows: a written `offset=` is that least offset (2.8C, FO-R20)",
);
pub const SIDE_OCCUPIED: CodeInfo = CodeInfo::error(
    "feudal-ohw::side-occupied",
    "one charger contacts each side of a target (2.8C.b)",
);
pub const BRIGANS_CHARGE_FRONT: CodeInfo = CodeInfo::error(
    "feudal-ohw::brigans-charge-front",
    "brigans charge only a flank or a rear (2.8C.c)",
);
pub const BRIGANS_CHARGED_AFTER_SHOOTING: CodeInfo = CodeInfo::error(
    "feudal-ohw::brigans-charged-after-shooting",
    "a unit that shot in its move phase does not charge (2.8S, 2.8C.c, FO-R26)",
);
pub const BOWMEN_CHARGE_WITH_MISSILES: CodeInfo = CodeInfo::error(
    "feudal-ohw::bowmen-charge-with-missiles",
    "bowmen charge only when out of missiles (2.8C.d)",
);
pub const SIDE_EDGE_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "feudal-ohw::side-edge-not-allowed",
    "side-edge contact (`edge=left`) is only for a charger cramped by terrain or the board edge, with no room for its front (2.8C.f)",
);
pub const CANNOT_RETREAT: CodeInfo = CodeInfo::error(
    "feudal-ohw::cannot-retreat",
    "a unit retreats when in front contact with one enemy, of a slower move class, straight back by at most its fast move and out of contact (2.5, FO-R23)",
);
pub const RETREAT_BLOCKED: CodeInfo = CodeInfo::error(
    "feudal-ohw::retreat-blocked",
    "a retreat's straight move back passes through nothing and stays on the table (2.5, 2.7)",
);
pub const CANNOT_FACE: CodeInfo = CodeInfo::error(
    "feudal-ohw::cannot-face",
    "a unit faces an attacker when in melee with no enemy on its front, toward an enemy in contact with it (2.6, FO-R24)",
);

/// Every code above, for the docs and the tests.
pub const ALL: &[CodeInfo] = &[
    WRONG_DIE,
    IMPOSSIBLE_ROLL,
    DICE_COUNT,
    MISSING_SAVE,
    UNKNOWN_OPTION,
    OPTION_VALUE,
    OPTION_NEEDS,
    INCOMPATIBLE_OPTIONS,
    BASE_WIDTH,
    BASE_RATIO,
    CANNOT_RALLY,
    IMPETUOUS_TOO_FAR,
    SIDES,
    WRONG_MAP,
    UNKNOWN_TERRAIN,
    TERRAIN_SHAPE,
    UNKNOWN_CLASS,
    UNKNOWN_GRADE,
    MISSING_FACING,
    NOT_DEPLOYED,
    OFF_TABLE,
    OVERLAP,
    PROHIBITED_TERRAIN,
    IMPASSABLE,
    FORCE_MATRIX,
    MISSING_ROLL,
    UNKNOWN_PERSONALITY,
    UNKNOWN_UNIT,
    PERSONALITY_HOST,
    BANNER_HOST,
    PERSONALITY_LIMIT,
    TURN_ORDER,
    ADVANTAGE_LIMIT,
    MODIFIER_CAP,
    INITIATIVE_WINNER,
    // play
    TURN_NUMBER,
    PHASE_ORDER,
    UNKNOWN_PHASE,
    WRONG_PHASE,
    WRONG_SIDE,
    UNKNOWN_VERB,
    UNIT_REMOVED,
    BATTLE_OVER,
    MISSING_MORALE_ROLL,
    UNOWED_MORALE_ROLL,
    MISSING_INITIATIVE_ROLL,
    ZED_WINNER,
    CANNOT_SHOOT,
    SHOOT_WRONG_PHASE,
    SHOOTER_IN_MELEE,
    FRIENDLY_TARGET,
    NOT_IN_FRONT_ARC,
    OUT_OF_RANGE,
    NO_LINE_OF_SIGHT,
    PROTECTED_FLANK,
    OUT_OF_MISSILES,
    ALREADY_ACTED,
    SHOT_MID_MOVE,
    MISSING_MELEE,
    NOT_IN_FRONTAL_CONTACT,
    ENGAGED,
    RALLY_BELOW_FLOOR,
    MISSING_RALLY_ROLL,
    WRONG_HITS,
    WRONG_OUTCOME,
    UNKNOWN_CLAIM,
    PERSONALITY_TRANSFER,
    PRIEST_USED,
    STRATEGOS_USED,
    REROLL_NOT_ALLOWED,
    // movement
    BOWMEN_MOVED_AFTER_SHOOTING,
    TOO_FAR,
    FAST_NEAR_ENEMY,
    TURN_NOT_ALLOWED,
    TURN_TOO_LARGE,
    TURN_NOT_CLEAR,
    INTERPENETRATION,
    GAP_TOO_NARROW,
    CONTACT_WITHOUT_CHARGE,
    WRONG_POSITION,
    CHARGE_NOT_ELIGIBLE,
    CHARGE_TOO_FAR,
    CHARGE_BLOCKED,
    CONTACT_TOO_SHORT,
    CONTACT_NOT_CENTRED,
    SIDE_OCCUPIED,
    BRIGANS_CHARGE_FRONT,
    BRIGANS_CHARGED_AFTER_SHOOTING,
    BOWMEN_CHARGE_WITH_MISSILES,
    SIDE_EDGE_NOT_ALLOWED,
    CANNOT_RETREAT,
    RETREAT_BLOCKED,
    CANNOT_FACE,
];
