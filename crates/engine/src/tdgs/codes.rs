//! Every diagnostic code TDGS Mass Combat reports, with its severity and what
//! it means: one registry, so docs, `senlac rules` and tests read the same
//! list. Errors unless the rule broken is guidance or a no-op: a recorded
//! facing (advice), narrative luck and directives this system ignores
//! (warnings).

use crate::code::{CodeInfo, Severity};

// Setup: battlefield, roster, deployment.

pub(crate) const MAP_NOT_SQUARE: CodeInfo = CodeInfo::error(
    "tdgs::map-not-square",
    "TDGS is played on a square grid: `map square WxH`, not hexes or an open table",
);
pub(crate) const UNKNOWN_TERRAIN: CodeInfo = CodeInfo::error(
    "tdgs::unknown-terrain",
    "a terrain kind is one of core D14's: difficult, very-difficult, blocking, obscuring, hazardous, cover-partial, cover-half, cover-full",
);
pub(crate) const OFF_MAP: CodeInfo = CodeInfo::error(
    "tdgs::off-map",
    "every square of a footprint, a terrain range or a path lies on the map",
);
pub(crate) const MISSING_ARMY: CodeInfo = CodeInfo::error(
    "tdgs::missing-army",
    "every side of the Sides tag has exactly one army, and there are two sides or more",
);
pub(crate) const MISSING_STAT: CodeInfo = CodeInfo::error(
    "tdgs::missing-stat",
    "an entity states all nine stats: str dex ref con mov int wis cha luk",
);
pub(crate) const STAT_OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "tdgs::stat-out-of-range",
    "a stat is a whole number from 0 to 100 (CON from 1), LUK from -10 to +10",
);
pub(crate) const UNKNOWN_KIND: CodeInfo = CodeInfo::error(
    "tdgs::unknown-kind",
    "an entity's `kind=` is `unit` (the default) or `hero`",
);
pub(crate) const BAD_FOOTPRINT: CodeInfo = CodeInfo::error(
    "tdgs::bad-footprint",
    "a footprint `size=WxH` is 1 to 99 squares each way",
);
pub(crate) const BAD_HP: CodeInfo = CodeInfo::error(
    "tdgs::bad-hp",
    "a starting `hp=` lies between 1 and the entity's maximum, CON × 5",
);
pub(crate) const UNKNOWN_ORDER: CodeInfo = CodeInfo::error(
    "tdgs::unknown-order",
    "an order is attack, hold, take-cover, charge or retreat",
);
pub(crate) const ORDER_FOR_HERO: CodeInfo = CodeInfo::error(
    "tdgs::order-for-hero",
    "heroes take no orders: only units have an `order=` or receive an `order` line",
);
pub(crate) const UNKNOWN_WEAPON: CodeInfo = CodeInfo::error(
    "tdgs::unknown-weapon",
    "a weapon's range type is melee, reach, thrown, ranged or long (core D14)",
);
pub(crate) const NOT_A_COMMANDER: CodeInfo = CodeInfo::error(
    "tdgs::not-a-commander",
    "only an entity with `role=commander` lists direct or extended units, orders, claims, releases or rallies",
);
pub(crate) const BAD_EDGE: CodeInfo = CodeInfo::error(
    "tdgs::bad-edge",
    "an army's friendly board edge `edge=` is n, e, s or w",
);
pub(crate) const NOT_DEPLOYED: CodeInfo = CodeInfo::error(
    "tdgs::not-deployed",
    "every entity is deployed before the first round",
);
pub(crate) const IMPASSABLE: CodeInfo = CodeInfo::error(
    "tdgs::impassable",
    "no square of a footprint stands on blocking terrain",
);
pub(crate) const OVERLAP: CodeInfo =
    CodeInfo::error("tdgs::overlap", "two footprints never share a square");
pub(crate) const UNKNOWN_KEY: CodeInfo = CodeInfo::error(
    "tdgs::unknown-key",
    "a `key=` on an army or entity line is one TDGS defines",
);
pub(crate) const UNUSED_DIRECTIVE: CodeInfo = CodeInfo::warning(
    "tdgs::unused-directive",
    "`hexside`, `roll`, `bonus` and `first` mean nothing in TDGS: the line is not read",
);
pub(crate) const BAD_FACING: CodeInfo =
    CodeInfo::error("tdgs::bad-facing", "a recorded facing is ^n, ^e, ^s or ^w");
pub(crate) const FACING_HAS_NO_EFFECT: CodeInfo = CodeInfo {
    code: "tdgs::facing-has-no-effect",
    severity: Severity::Advice,
    summary: "a facing is recorded, but neither the extension nor core D14 gives it any consequence",
};
pub(crate) const NARRATIVE_LUCK: CodeInfo = CodeInfo::warning(
    "tdgs::narrative-luck",
    "a LUK of 3 or more either way is core D4's narrative territory: check it is not a 0-100 figure",
);

// Command.

pub(crate) const TOO_MANY_DIRECT: CodeInfo = CodeInfo::error(
    "tdgs::too-many-direct",
    "a commander holds at most one unit under direct command",
);
pub(crate) const TOO_MANY_EXTENDED: CodeInfo = CodeInfo::error(
    "tdgs::too-many-extended",
    "a commander holds at most its CHA bonus in units under extended command",
);
pub(crate) const CANNOT_COMMAND: CodeInfo = CodeInfo::error(
    "tdgs::cannot-command",
    "a commander commands units of its own side only, never itself or a hero",
);
pub(crate) const UNIT_ALREADY_COMMANDED: CodeInfo = CodeInfo::error(
    "tdgs::unit-already-commanded",
    "a unit has one commander at a time",
);
pub(crate) const OUT_OF_COMMAND_RANGE: CodeInfo = CodeInfo::error(
    "tdgs::out-of-command-range",
    "an order or a claim reaches a unit within the commander's CHA in squares",
);
pub(crate) const ORDER_TO_UNCONTROLLED: CodeInfo = CodeInfo::error(
    "tdgs::order-to-uncontrolled",
    "an uncontrolled unit keeps its order: it must be claimed before it takes a new one",
);
pub(crate) const CLAIM_NOT_UNCONTROLLED: CodeInfo = CodeInfo::error(
    "tdgs::claim-not-uncontrolled",
    "only an uncontrolled unit can be claimed",
);
pub(crate) const NO_FREE_SLOT: CodeInfo = CodeInfo::error(
    "tdgs::no-free-slot",
    "a claim fills a free slot: the direct one, or one of CHA bonus extended ones",
);
pub(crate) const NOT_COMMANDED_BY: CodeInfo = CodeInfo::error(
    "tdgs::not-commanded-by",
    "a commander orders or releases only the units it commands",
);
pub(crate) const FREE_ATTACK_NOT_OWED: CodeInfo = CodeInfo::error(
    "tdgs::free-attack-not-owed",
    "a free attack on a commander is made only by the entity that just destroyed that commander's direct unit, once",
);
pub(crate) const ROUTED_COMMANDER: CodeInfo = CodeInfo::error(
    "tdgs::routed-commander",
    "a routed commander cannot order, claim, release or rally until it is rallied",
);
pub(crate) const UNKNOWN_SLOT: CodeInfo = CodeInfo::error(
    "tdgs::unknown-slot",
    "a claim names the slot it fills: `direct` or `extended`",
);

// Turns and actions.

pub(crate) const TURN_NUMBER: CodeInfo = CodeInfo::error(
    "tdgs::turn-number",
    "rounds are numbered 1, 2, 3 … without gaps; a turn line is of the current round or the next",
);
pub(crate) const MISSING_ACTIVATION: CodeInfo = CodeInfo::error(
    "tdgs::missing-activation",
    "every line is written in an activation, opened by a label naming the acting entity",
);
pub(crate) const WRONG_SIDE: CodeInfo = CodeInfo::error(
    "tdgs::wrong-side",
    "an activation's label names an entity of the side on the turn line above it",
);
pub(crate) const OUT_OF_REF_ORDER: CodeInfo = CodeInfo::error(
    "tdgs::out-of-ref-order",
    "entities activate by stated REF, highest first, then by higher LUK",
);
pub(crate) const TIE_ORDER_CHANGED: CodeInfo = CodeInfo::error(
    "tdgs::tie-order-changed",
    "entities tied on REF and LUK keep, every round, the order the log first gave them",
);
pub(crate) const ACTED_TWICE: CodeInfo = CodeInfo::error(
    "tdgs::acted-twice",
    "an entity has one activation a round, and one more only after a delay",
);
pub(crate) const REMOVED_ENTITY_ACTS: CodeInfo = CodeInfo::error(
    "tdgs::removed-entity-acts",
    "a destroyed, dead, fled, surrendered, unconscious or incapacitated entity does not act",
);
pub(crate) const NOT_YOUR_TURN: CodeInfo = CodeInfo::error(
    "tdgs::not-your-turn",
    "only the entity whose activation is open acts; others write only owed lines and reactions",
);
pub(crate) const SECOND_ACTION: CodeInfo = CodeInfo::error(
    "tdgs::second-action",
    "an activation has one Action (core D6)",
);
pub(crate) const SECOND_STEP: CodeInfo =
    CodeInfo::error("tdgs::second-step", "an activation has one Step (core D6)");
pub(crate) const UNKNOWN_VERB: CodeInfo = CodeInfo::error(
    "tdgs::unknown-verb",
    "a line's verb is one of TDGS's: move, step, attack, shoot, cast, charge, retreat, order, rally, …",
);
pub(crate) const EXTRA_ARGUMENT: CodeInfo = CodeInfo::error(
    "tdgs::extra-argument",
    "a line writes only the arguments its verb takes (`senlac rules tdgs/mass-combat`, \"Takes\")",
);
pub(crate) const MISSING_TARGET: CodeInfo = CodeInfo::error(
    "tdgs::missing-target",
    "an attack, shot, spell, charge, order, rally, claim or release names the entity it is aimed at",
);

// Movement and position.

pub(crate) const MISSING_PATH: CodeInfo = CodeInfo::error(
    "tdgs::missing-path",
    "a move, charge, retreat or flight lists the anchor cells it enters; a step names its one cell",
);
pub(crate) const PATH_START: CodeInfo = CodeInfo::error(
    "tdgs::path-start",
    "a path starts at the entity's anchor or one square from it",
);
pub(crate) const PATH_NOT_CONTIGUOUS: CodeInfo = CodeInfo::error(
    "tdgs::path-not-contiguous",
    "each cell of a path, and a step's cell, is one square (diagonals included) from the one before",
);
pub(crate) const PATH_TOO_LONG: CodeInfo = CodeInfo::error(
    "tdgs::path-too-long",
    "a path costs at most the entity's MOV: 1 a square, 2 difficult, 4 very difficult",
);
pub(crate) const PATH_BLOCKED: CodeInfo = CodeInfo::error(
    "tdgs::path-blocked",
    "a path never enters blocking terrain or an enemy's square",
);
pub(crate) const ENDS_ON_ENTITY: CodeInfo = CodeInfo::error(
    "tdgs::ends-on-entity",
    "a move may cross friends' squares but never ends overlapping another entity",
);
pub(crate) const OPPORTUNITY_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "tdgs::opportunity-not-allowed",
    "an opportunity attack answers a step of a move, charge or flight that leaves the attacker's reach, once per attacker a line",
);
pub(crate) const POSITION_NOT_EARNED: CodeInfo = CodeInfo::error(
    "tdgs::position-not-earned",
    "`position=` is the bonus the geometry earns: 2 flanking, 4 with 3+ adjacent enemies, 6 with 5+",
);
pub(crate) const NO_LINE_OF_SIGHT: CodeInfo = CodeInfo::error(
    "tdgs::no-line-of-sight",
    "a shot or spell needs a line from square centre to square centre crossing no blocking or obscuring square",
);
pub(crate) const MOVED_AFTER_DESTROYED: CodeInfo = CodeInfo::error(
    "tdgs::moved-after-destroyed",
    "a mover an opportunity attack destroyed goes no further: no reaction follows in its line",
);
pub(crate) const ORDER_NOT_FOLLOWED: CodeInfo = CodeInfo::error(
    "tdgs::order-not-followed",
    "a unit under Attack (or Charge) ends its activation next to an enemy it did not attack",
);
pub(crate) const HAZARD_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::hazard-missing",
    "an entity that enters a hazardous square, or starts its activation on one, owes a `hazard damage=N` line next",
);
pub(crate) const HAZARD_NOT_OWED: CodeInfo = CodeInfo::error(
    "tdgs::hazard-not-owed",
    "a `hazard` line is written only by an entity that owes one",
);
pub(crate) const TARGET_IN_FULL_COVER: CodeInfo = CodeInfo::error(
    "tdgs::target-in-full-cover",
    "a target all of whose squares are full cover cannot be shot",
);

// Orders.

pub(crate) const ORDER_TO_ROUTED: CodeInfo = CodeInfo::error(
    "tdgs::order-to-routed",
    "a routed unit cannot receive orders",
);
pub(crate) const NOT_NEAREST_ENEMY: CodeInfo = CodeInfo::error(
    "tdgs::not-nearest-enemy",
    "a unit under Attack attacks a nearest enemy",
);
pub(crate) const HOLD_MOVED: CodeInfo = CodeInfo::error(
    "tdgs::hold-moved",
    "a unit under Hold neither moves nor steps",
);
pub(crate) const COVER_MOVED: CodeInfo = CodeInfo::error(
    "tdgs::cover-moved",
    "a unit under Take Cover moves only by its Step",
);
pub(crate) const CHARGE_NOT_ORDERED: CodeInfo = CodeInfo::error(
    "tdgs::charge-not-ordered",
    "only a unit under Charge charges",
);
pub(crate) const CHARGE_NOT_TOWARD: CodeInfo = CodeInfo::error(
    "tdgs::charge-not-toward",
    "every square of a charge brings the unit nearer the enemy it charges",
);
pub(crate) const CHARGE_OVERRAN: CodeInfo = CodeInfo::error(
    "tdgs::charge-overran",
    "a charge stops at the first square adjacent to the enemy it charges",
);
pub(crate) const CHARGE_NOT_ADJACENT: CodeInfo = CodeInfo::error(
    "tdgs::charge-not-adjacent",
    "a charge rolls to hit only when it ended adjacent to its enemy",
);
pub(crate) const RETREAT_NOT_AWAY: CodeInfo = CodeInfo::error(
    "tdgs::retreat-not-away",
    "a retreat ends farther from every enemy that was nearest when it began",
);
pub(crate) const RETREAT_WHILE_SURROUNDED: CodeInfo = CodeInfo::error(
    "tdgs::retreat-while-surrounded",
    "a surrounded unit can neither be ordered to retreat nor retreat",
);
pub(crate) const ATTACK_WHILE_RETREATING: CodeInfo = CodeInfo::error(
    "tdgs::attack-while-retreating",
    "a unit that retreats makes no attack in that activation",
);

// Morale.

pub(crate) const MORALE_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::morale-check-missing",
    "a morale check a line causes is written right after it, before anything else happens",
);
pub(crate) const MORALE_CHECK_NOT_OWED: CodeInfo = CodeInfo::error(
    "tdgs::morale-check-not-owed",
    "a morale check is made only by an active unit on the board whose trigger has just fired",
);
pub(crate) const WRONG_TRIGGER: CodeInfo = CodeInfo::error(
    "tdgs::wrong-trigger",
    "a morale check names exactly the triggers that fired for it, joined by `+`",
);
pub(crate) const CASCADE_ORDER: CodeInfo = CodeInfo::error(
    "tdgs::cascade-order",
    "owed morale checks are written lowest CON first",
);

// Rout, cornered, rally.

pub(crate) const ROUTED_MUST_FLEE: CodeInfo = CodeInfo::error(
    "tdgs::routed-must-flee",
    "a routed unit with an escape route spends its activation fleeing",
);
pub(crate) const ROUTED_CANNOT_ACT: CodeInfo = CodeInfo::error(
    "tdgs::routed-cannot-act",
    "a routed unit's activation is its flight or its cornered check, nothing else",
);
pub(crate) const ROUTED_CANNOT_ATTACK: CodeInfo = CodeInfo::error(
    "tdgs::routed-cannot-attack",
    "a routed unit makes no attack, opportunity or free attack included",
);
pub(crate) const FLEE_NOT_TOWARD_SAFETY: CodeInfo = CodeInfo::error(
    "tdgs::flee-not-toward-safety",
    "a flight follows a cheapest route to safety: the friendly edge, else the nearest commander, else away from the threat",
);
pub(crate) const FLEE_TOO_SHORT: CodeInfo = CodeInfo::error(
    "tdgs::flee-too-short",
    "a flight goes on for the unit's full MOV, or until it reaches safety",
);
pub(crate) const CORNERED_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::cornered-check-missing",
    "a routed unit with no escape route makes a cornered check at the start of its activation",
);
pub(crate) const NOT_CORNERED: CodeInfo = CodeInfo::error(
    "tdgs::not-cornered",
    "a cornered check is made only by a routed unit with no escape route",
);
pub(crate) const CORNERED_FATE_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::cornered-fate-missing",
    "a failed cornered check claims the unit's fate: `surrendered` or `destroyed`",
);
pub(crate) const RALLY_NOT_ROUTED: CodeInfo = CodeInfo::error(
    "tdgs::rally-not-routed",
    "only a routed friendly unit can be rallied",
);
pub(crate) const RALLY_OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "tdgs::rally-out-of-range",
    "a rally reaches a unit within the commander's CHA in squares",
);
pub(crate) const RALLIED_ACTS_THIS_ROUND: CodeInfo = CodeInfo::error(
    "tdgs::rallied-acts-this-round",
    "a rallied unit acts next round, not in the round it was rallied",
);
pub(crate) const RALLY_TWICE: CodeInfo = CodeInfo::error(
    "tdgs::rally-twice",
    "a routed unit is the target of one rally attempt a round",
);

// Combat and claims.

pub(crate) const ROLL_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::roll-missing",
    "an attack, shot, spell or check states its d20: `d20:N`",
);
pub(crate) const BAD_ROLL: CodeInfo = CodeInfo::error(
    "tdgs::bad-roll",
    "a roll is one d20 from 1 to 20, and a critical's magnitude one d4 from 1 to 4",
);
pub(crate) const REROLL_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "tdgs::reroll-not-allowed",
    "a reroll is LUK +10's of a natural 1, or an `unbreakable` unit's of a failed morale check once a battle",
);
pub(crate) const CRIT_WITHOUT_NATURAL: CodeInfo = CodeInfo::error(
    "tdgs::crit-without-natural",
    "a critical's magnitude `crit=d4:N` is rolled only on a natural 1 or 20",
);
pub(crate) const NOT_ADJACENT: CodeInfo = CodeInfo::error(
    "tdgs::not-adjacent",
    "a melee attack's target is adjacent, or within Near (4 squares) for a reach weapon",
);
pub(crate) const OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "tdgs::out-of-range",
    "a shot's target lies within its weapon's maximum band: Far (10) for thrown weapons",
);
pub(crate) const CAST_BY_UNIT: CodeInfo =
    CodeInfo::error("tdgs::cast-by-unit", "only heroes cast spells");
pub(crate) const UNKNOWN_SPELL_KIND: CodeInfo = CodeInfo::error(
    "tdgs::unknown-spell-kind",
    "a spell is `arcane` (INT against WIS) or `divine` (WIS against WIS)",
);
pub(crate) const DAMAGE_MISSING: CodeInfo = CodeInfo::error(
    "tdgs::damage-missing",
    "a hit states the damage it does: `damage=N`",
);
pub(crate) const DAMAGE_ON_MISS: CodeInfo =
    CodeInfo::error("tdgs::damage-on-miss", "a miss does no damage");
pub(crate) const BAD_DAMAGE: CodeInfo = CodeInfo::error(
    "tdgs::bad-damage",
    "damage is a whole number of at least 1: every hit that lands deals at least 1 (core D8)",
);
pub(crate) const BAD_MODIFIER: CodeInfo = CodeInfo::error(
    "tdgs::bad-modifier",
    "a stated modifier `mod=` is a signed whole number, such as `mod=+2`",
);
pub(crate) const BAD_TARGET: CodeInfo = CodeInfo::error(
    "tdgs::bad-target",
    "an attack's target is an enemy entity on the board; an order's, claim's or rally's a friendly unit",
);
pub(crate) const WRONG_HP: CodeInfo = CodeInfo::error(
    "tdgs::wrong-hp",
    "a claimed `hp=` is the entity's HP after the line: its maximum is CON × 5, damage takes it down to 0",
);
pub(crate) const AMBIGUOUS_ID: CodeInfo = CodeInfo::error(
    "tdgs::ambiguous-id",
    "an id both sides use, in a place its role does not decide, is written Side.ID",
);
pub(crate) const UNKNOWN_ENTITY: CodeInfo = CodeInfo::error(
    "tdgs::unknown-entity",
    "an id names an entity its side declared",
);
pub(crate) const CLAIM_MISMATCH: CodeInfo = CodeInfo::error(
    "tdgs::claim-mismatch",
    "a claimed outcome (`=> hit`, `pass`, `total=N`, `hp=N`, a status) is what the rules give",
);
pub(crate) const UNKNOWN_CLAIM: CodeInfo = CodeInfo::error(
    "tdgs::unknown-claim",
    "a claim says hit, miss, pass, fail, total=N, or an entity's hp=N or status",
);

/// Every code, grouped as above.
pub const ALL: &[CodeInfo] = &[
    MAP_NOT_SQUARE,
    UNKNOWN_TERRAIN,
    OFF_MAP,
    MISSING_ARMY,
    MISSING_STAT,
    STAT_OUT_OF_RANGE,
    UNKNOWN_KIND,
    BAD_FOOTPRINT,
    BAD_HP,
    UNKNOWN_ORDER,
    ORDER_FOR_HERO,
    UNKNOWN_WEAPON,
    NOT_A_COMMANDER,
    BAD_EDGE,
    NOT_DEPLOYED,
    IMPASSABLE,
    OVERLAP,
    UNKNOWN_KEY,
    UNUSED_DIRECTIVE,
    BAD_FACING,
    FACING_HAS_NO_EFFECT,
    NARRATIVE_LUCK,
    TOO_MANY_DIRECT,
    TOO_MANY_EXTENDED,
    CANNOT_COMMAND,
    UNIT_ALREADY_COMMANDED,
    OUT_OF_COMMAND_RANGE,
    ORDER_TO_UNCONTROLLED,
    CLAIM_NOT_UNCONTROLLED,
    NO_FREE_SLOT,
    NOT_COMMANDED_BY,
    FREE_ATTACK_NOT_OWED,
    ROUTED_COMMANDER,
    UNKNOWN_SLOT,
    TURN_NUMBER,
    MISSING_ACTIVATION,
    WRONG_SIDE,
    OUT_OF_REF_ORDER,
    TIE_ORDER_CHANGED,
    ACTED_TWICE,
    REMOVED_ENTITY_ACTS,
    NOT_YOUR_TURN,
    SECOND_ACTION,
    SECOND_STEP,
    UNKNOWN_VERB,
    EXTRA_ARGUMENT,
    MISSING_TARGET,
    MISSING_PATH,
    PATH_START,
    PATH_NOT_CONTIGUOUS,
    PATH_TOO_LONG,
    PATH_BLOCKED,
    ENDS_ON_ENTITY,
    OPPORTUNITY_NOT_ALLOWED,
    POSITION_NOT_EARNED,
    NO_LINE_OF_SIGHT,
    TARGET_IN_FULL_COVER,
    HAZARD_MISSING,
    ORDER_NOT_FOLLOWED,
    MOVED_AFTER_DESTROYED,
    HAZARD_NOT_OWED,
    ORDER_TO_ROUTED,
    NOT_NEAREST_ENEMY,
    HOLD_MOVED,
    COVER_MOVED,
    CHARGE_NOT_ORDERED,
    CHARGE_NOT_TOWARD,
    CHARGE_OVERRAN,
    CHARGE_NOT_ADJACENT,
    RETREAT_NOT_AWAY,
    RETREAT_WHILE_SURROUNDED,
    ATTACK_WHILE_RETREATING,
    MORALE_CHECK_MISSING,
    MORALE_CHECK_NOT_OWED,
    WRONG_TRIGGER,
    CASCADE_ORDER,
    ROUTED_MUST_FLEE,
    ROUTED_CANNOT_ACT,
    ROUTED_CANNOT_ATTACK,
    FLEE_NOT_TOWARD_SAFETY,
    FLEE_TOO_SHORT,
    CORNERED_CHECK_MISSING,
    NOT_CORNERED,
    CORNERED_FATE_MISSING,
    RALLY_NOT_ROUTED,
    RALLY_OUT_OF_RANGE,
    RALLIED_ACTS_THIS_ROUND,
    RALLY_TWICE,
    ROLL_MISSING,
    BAD_ROLL,
    REROLL_NOT_ALLOWED,
    CRIT_WITHOUT_NATURAL,
    NOT_ADJACENT,
    OUT_OF_RANGE,
    CAST_BY_UNIT,
    UNKNOWN_SPELL_KIND,
    DAMAGE_MISSING,
    DAMAGE_ON_MISS,
    BAD_DAMAGE,
    BAD_MODIFIER,
    BAD_TARGET,
    WRONG_HP,
    AMBIGUOUS_ID,
    UNKNOWN_ENTITY,
    CLAIM_MISMATCH,
    UNKNOWN_CLAIM,
];
