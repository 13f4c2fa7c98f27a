//! Every diagnostic code Hastings: 1066 reports, with its severity and what
//! it means: one registry, so docs, `senlac rules` and tests read the same
//! list. The codes are the spec's (its section 2, 154 codes); each is an
//! error but for five warnings, where the log may mean what it says (a unit
//! outside its wing leader's radius, a hex without an elevation, a facing
//! given to a leader, sections placed apart at the reform, a counter the
//! errata corrects).

use crate::code::CodeInfo;

// General.
pub const WRONG_DICE: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-dice",
    "the game uses six-sided dice: one die for fire, melee, morale, rally and the shaken re-roll; two dice for orders and leader casualties",
);
pub const MISSING_ROLL: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-roll",
    "a roll the rules require is present; no roll where none is made (automatic rally, automatic loss at <= -7, two-turn orders)",
);
pub const UNEXPECTED_ROLL: CodeInfo = CodeInfo::error(
    "hastings-1066::unexpected-roll",
    "a roll the rules require is present; no roll where none is made (automatic rally, automatic loss at <= -7, two-turn orders)",
);
pub const UNKNOWN_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-unit",
    "ids name declared units or leaders; an unqualified id is unique across both armies, otherwise qualify it as Side.ID",
);
pub const AMBIGUOUS_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::ambiguous-unit",
    "ids name declared units or leaders; an unqualified id is unique across both armies, otherwise qualify it as Side.ID",
);
pub const UNKNOWN_VERB: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-verb",
    "verbs come from the ruleset and each is legal only in its segment (section 1.3, section 5.1)",
);
pub const WRONG_SEGMENT: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-segment",
    "verbs come from the ruleset and each is legal only in its segment (section 1.3, section 5.1)",
);
pub const WRONG_SIDE: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-side",
    "a unit acts only for the side whose segment it is (P, or N in reaction and defensive fire; both in orders:)",
);
pub const CLAIM_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::claim-mismatch",
    "claims are checked; an unreadable claim is an error, never ignored",
);
pub const UNKNOWN_CLAIM: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-claim",
    "claims are checked; an unreadable claim is an error, never ignored",
);
pub const OWED_ACTION_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::owed-action-missing",
    "owed consequences are written at once (section 1.4)",
);
pub const ACTION_NOT_OWED: CodeInfo = CodeInfo::error(
    "hastings-1066::action-not-owed",
    "owed consequences are written at once (section 1.4)",
);
pub const OFF_MAP: CodeInfo = CodeInfo::error(
    "hastings-1066::off-map",
    "cells exist on the declared map and paths are contiguous",
);
pub const PATH_NOT_CONTIGUOUS: CodeInfo = CodeInfo::error(
    "hastings-1066::path-not-contiguous",
    "cells exist on the declared map and paths are contiguous",
);

// Game parts, sequence, periods (2.x, 3.x).
pub const MAP_PARITY: CodeInfo = CodeInfo::error(
    "hastings-1066::map-parity",
    "the battlefield is a hex grid numbered CCRR",
);
pub const UNKNOWN_CLASS: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-class",
    "the pieces are combat units, leaders and markers; markers are state, not pieces",
);
pub const MISSING_FACTOR: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-factor",
    "a combat unit has printed factors: melee, defence, shield wall (non-bow foot), morale letter, missile capability letter",
);
pub const UNKNOWN_MORALE: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-morale",
    "a combat unit has printed factors: melee, defence, shield wall (non-bow foot), morale letter, missile capability letter",
);
pub const BAD_FACTOR: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-factor",
    "a combat unit has printed factors: melee, defence, shield wall (non-bow foot), morale letter, missile capability letter",
);
pub const TURN_OUT_OF_SEQUENCE: CodeInfo = CodeInfo::error(
    "hastings-1066::turn-out-of-sequence",
    "there are two Assault Periods of 8 Battle Turns each",
);
pub const PERIOD_OVERRUN: CodeInfo = CodeInfo::error(
    "hastings-1066::period-overrun",
    "there are two Assault Periods of 8 Battle Turns each",
);
pub const GAME_OVER: CodeInfo = CodeInfo::error(
    "hastings-1066::game-over",
    "after Period 1: extension check, else reform; the game ends after Period 2 unless the Normans won earlier",
);
pub const SEGMENT_OUT_OF_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::segment-out-of-order",
    "a Battle Turn is: Order Phase, Norman Player Phase, Saxon Player Phase, Turn Record Phase",
);
pub const UNKNOWN_PHASE: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-phase",
    "a player phase has six segments in fixed order: rally, missile, movement, enemy reaction, enemy missile, melee",
);
pub const WITHDRAW_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::withdraw-missing",
    "routed units that fail to rally withdraw two hexes to the rear immediately in the rally segment",
);
pub const REACTED_UNIT_FIRED: CodeInfo = CodeInfo::error(
    "hastings-1066::reacted-unit-fired",
    "in the non-phasing missile segment only bowmen may fire after reacting",
);
pub const MANDATORY_ATTACK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::mandatory-attack-missing",
    "in the melee segment the phasing player attacks every enemy unit that exerts a ZOC on his units (as reconciled by HS-R9)",
);
pub const EXTENSION_NOT_EARNED: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-not-earned",
    "if more than 50% of the Norman combat units are on Senlac Hill at the end of the period's eighth turn, the period gets 2 more turns",
);
pub const EXTENSION_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-missing",
    "if more than 50% of the Norman combat units are on Senlac Hill at the end of the period's eighth turn, the period gets 2 more turns",
);
pub const ENCIRCLEMENT_BROKEN: CodeInfo = CodeInfo::error(
    "hastings-1066::encirclement-broken",
    "if every undisrupted, unrouted Saxon unit is encircled by Norman units, Norman ZOC or the map edge, the period goes on until the Normans win or the encirclement is broken",
);
pub const EXTENSION_CONFLICT: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-conflict",
    "only one condition applies; the Normans choose between them",
);
pub const REROLL_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::reroll-not-allowed",
    "in an extended period the Normans may reroll any Shield Wall (foot) or Hold (knights) order, and may then roll that section separately",
);

// Strategy and battle orders (4.x).
pub const UNKNOWN_WING: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-wing",
    "the Saxon army starts with three wings, left, centre and right, each under a leader (by position Leofwine left/east at 0710, Harold centre at 0514, Gyrth right/west at 0721; the log names them)",
);
pub const UNASSIGNED_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::unassigned-unit",
    "the Saxon army starts with three wings, left, centre and right, each under a leader (by position Leofwine left/east at 0710, Harold centre at 0514, Gyrth right/west at 0721; the log names them)",
);
pub const JOIN_OUTSIDE_ORDERS: CodeInfo = CodeInfo::error(
    "hastings-1066::join-outside-orders",
    "wings are redefined at the start of every Battle Turn",
);
pub const WING_TOO_SMALL: CodeInfo = CodeInfo::error(
    "hastings-1066::wing-too-small",
    "no Saxon leader may control less than 1/5 of the Saxon units available (three leaders)",
);
pub const WING_OUTSIDE_COMMAND: CodeInfo = CodeInfo::warning(
    "hastings-1066::wing-outside-command",
    "a leader controls units within his command radius",
);
pub const WING_COUNT: CodeInfo = CodeInfo::error(
    "hastings-1066::wing-count",
    "a dead leader's wing stays as it was until the next Order Phase; with no leaders there is one wing",
);
pub const UNKNOWN_NATION: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-nation",
    "the Normans have six sections, foot/bowmen and knights of each of the Norman, Breton and Franco-Flemish nationalities; William's Guard belongs to none while William lives",
);
pub const MISSING_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-strategy",
    "four strategies: defensive, cautious, moderate, aggressive; one per Saxon wing and one per Norman nationality each turn",
);
pub const UNKNOWN_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-strategy",
    "four strategies: defensive, cautious, moderate, aggressive; one per Saxon wing and one per Norman nationality each turn",
);
pub const DUPLICATE_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::duplicate-strategy",
    "four strategies: defensive, cautious, moderate, aggressive; one per Saxon wing and one per Norman nationality each turn",
);
pub const ORDER_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::order-missing",
    "2d6 per wing or nationality against its strategy on the Order Table gives the order for all its units; the Strategy Effects rating is adjusted",
);
pub const ORDER_NOT_FOR_UNIT_TYPE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-not-for-unit-type",
    "2d6 per wing or nationality against its strategy on the Order Table gives the order for all its units; the Strategy Effects rating is adjusted",
);
pub const LEADER_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-order",
    "leaders never adopt an order",
);
pub const ORDER_STILL_IN_FORCE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-still-in-force",
    "two-turn orders skip the next turn's roll; the marker moves from box 2 to box 1",
);
pub const OPTIONAL_CHOICE_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::optional-choice-missing",
    "an \"Optional\" result lets the player choose the order for that wing or section for the turn",
);
pub const SHIELD_WALL_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::shield-wall-move",
    "shield Wall: MA 0, but a unit may step one hex to the rear (not into an enemy ZOC)",
);
pub const REACTION_INELIGIBLE: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-ineligible",
    "shield Wall units cannot react",
);
pub const IN_PLACE_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::in-place-move",
    "melee/Fire in Place: normal strengths; MA 0, but a unit may advance or retreat one hex, not into an enemy ZOC",
);
pub const MUST_CLOSE_WITH_ENEMY: CodeInfo = CodeInfo::error(
    "hastings-1066::must-close-with-enemy",
    "a&P units not adjacent to an enemy must end as close to the nearest enemy as they can; units in an enemy ZOC may move only if they end adjacent to an enemy; bowmen never enter an enemy ZOC",
);
pub const PURSUIT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-missing",
    "a&P units that rout an enemy in melee must pursue",
);
pub const BAD_DURATION: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-duration",
    "a&P lasts the number of turns on the Order Table",
);
pub const MOVEMENT_ALLOWANCE_EXCEEDED: CodeInfo = CodeInfo::error(
    "hastings-1066::movement-allowance-exceeded",
    "charge: MA 6 for every knight of the section; all of them must close with the enemy as under A&P, charging or not",
);
pub const CHARGE_NO_CONTACT: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-no-contact",
    "a qualifying charge ends in contact with an enemy unit, crosses no ridge or stream hexside, enters no marsh or woods hex, and its last two hexes entered are not uphill",
);
pub const CHARGE_CROSSES_HEXSIDE: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-crosses-hexside",
    "a qualifying charge ends in contact with an enemy unit, crosses no ridge or stream hexside, enters no marsh or woods hex, and its last two hexes entered are not uphill",
);
pub const CHARGE_BAD_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-bad-terrain",
    "a qualifying charge ends in contact with an enemy unit, crosses no ridge or stream hexside, enters no marsh or woods hex, and its last two hexes entered are not uphill",
);
pub const CHARGE_UPHILL: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-uphill",
    "a qualifying charge ends in contact with an enemy unit, crosses no ridge or stream hexside, enters no marsh or woods hex, and its last two hexes entered are not uphill",
);
pub const DIFF_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::diff-mismatch",
    "a qualifying charge adds +1 to the knight's melee strength, +2 if the charge was downhill",
);
pub const MORALE_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::morale-check-missing",
    "after the melee, every knight in Charge order that took part checks morale (rout read as disruption)",
);
pub const GUARD_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::guard-order",
    "william's Guard ignores orders while William lives: it moves freely and may charge whenever the conditions are met; after William's death it joins the Norman knights section",
);
pub const REINFORCEMENT_WING: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-wing",
    "saxon reinforcements hold Advance to Combat until they come within a leader's command radius or next to an enemy; then they join the nearest wing",
);
pub const HOUSECARL_CHOICE_LATE: CodeInfo = CodeInfo::error(
    "hastings-1066::housecarl-choice-late",
    "optional rule: housecarls treat A&P as Optional; the alternative must be chosen before the roll",
);

// Movement (5.x).
pub const PATH_START: CodeInfo = CodeInfo::error(
    "hastings-1066::path-start",
    "in his movement segment the phasing player moves any, all or none of his units, one at a time, along contiguous paths, paying the cost of each hex entered and hexside crossed",
);
pub const MOVED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-twice",
    "a unit moves at most once per movement segment",
);
pub const STACKING: CodeInfo = CodeInfo::error(
    "hastings-1066::stacking",
    "units may move through friendly units, but no combat unit may end its move in a hex with another combat unit",
);
pub const ENTERS_ENEMY_HEX: CodeInfo = CodeInfo::error(
    "hastings-1066::enters-enemy-hex",
    "units may never enter an enemy-occupied hex (a hex holding an enemy combat unit or leader)",
);
pub const MISSING_ELEVATION: CodeInfo = CodeInfo::warning(
    "hastings-1066::missing-elevation",
    "hex colour gives elevation; a hex has the elevation of the highest level in it; slopes separate elevations",
);
pub const RIDGE_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::ridge-check-missing",
    "a knight about to cross a ridge hexside (any movement, any direction) checks morale in the hex before the ridge, rout read as disruption; a disrupted knight stops there; otherwise it goes on",
);
pub const MOVED_AFTER_DISRUPTION: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-after-disruption",
    "a knight about to cross a ridge hexside (any movement, any direction) checks morale in the hex before the ridge, rout read as disruption; a disrupted knight stops there; otherwise it goes on",
);
pub const MARSH_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::marsh-check-missing",
    "a knight entering a marsh hex checks morale, rout read as disruption (and stops if disrupted)",
);
pub const REACTION_TOO_FAR: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-too-far",
    "a reacting unit may move one hex away from an enemy combat unit; no MP, terrain ignored",
);
pub const REACTION_NOT_AWAY: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-not-away",
    "a reacting unit may move one hex away from an enemy combat unit; no MP, terrain ignored",
);
pub const REACTION_INTO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-into-zoc",
    "a reacting unit may not enter an enemy ZOC",
);
pub const REACTION_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-check-missing",
    "every unit that reacts checks morale afterwards (knights: ridge check too, HS-R48)",
);
pub const KNIGHT_CHECK_INTO_OCCUPIED: CodeInfo = CodeInfo::error(
    "hastings-1066::knight-check-into-occupied",
    "a knight may not move into an occupied hex if that move causes a morale check (marsh, ridge)",
);
pub const MOVED_AFTER_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-after-zoc",
    "a unit entering an enemy ZOC hex must stop",
);
pub const ZOC_OCCUPIED_BY_FRIEND: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-occupied-by-friend",
    "a combat unit may not enter an enemy ZOC hex occupied by a friendly combat unit",
);
pub const ZOC_TO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-to-zoc",
    "a unit that starts in an enemy ZOC may leave it, but may not step directly from one enemy-controlled hex into another (by any enemy unit, the same one included); it may enter a ZOC later in the move",
);
pub const BOWMEN_ENTER_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::bowmen-enter-zoc",
    "bowmen never enter an enemy ZOC voluntarily",
);
pub const BOWMEN_STAYED_IN_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::bowmen-stayed-in-zoc",
    "bowmen in an enemy ZOC at the start of their movement segment must leave it if they can",
);

// Facing (6.x).
pub const MISSING_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-facing",
    "combat units face a vertex; leaders ignore facing",
);
pub const BAD_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-facing",
    "combat units face a vertex; leaders ignore facing",
);
pub const LEADER_FACING: CodeInfo = CodeInfo::warning(
    "hastings-1066::leader-facing",
    "combat units face a vertex; leaders ignore facing",
);
pub const FACING_CHANGE_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::facing-change-not-allowed",
    "a unit eligible to move that does not move may still change facing (its own movement segment only)",
);
pub const FIRE_NOT_FRONTAL: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-not-frontal",
    "missile units fire only through their frontal hexsides",
);
pub const MELEE_NOT_IN_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::melee-not-in-zoc",
    "units melee only enemies beyond their frontal hexsides (in their ZOC)",
);
pub const ODDS_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::odds-mismatch",
    "attacking through a flank or rear hexside: fire +1 (flank or rear); melee +1 flank, +2 rear; added to each attacking unit's strength",
);

// Missile fire (7.x).
pub const FIRE_RESULT_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-result-mismatch",
    "each firing unit's fire strength comes from the Missile Fire Matrix by weapon and range; strengths firing at one target are summed and set against the target's defence (order-dependent, terrain-adjusted); the odds are rounded in the defender's favour; one die on the CRT; results apply at once",
);
pub const NOT_A_MISSILE_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::not-a-missile-unit",
    "only units with a missile letter fire",
);
pub const OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "hastings-1066::out-of-range",
    "range counts hexes to the target, excluding the firer's hex and including the target's; each weapon has a maximum range",
);
pub const FIRED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::fired-twice",
    "units may combine on one target; a unit may not split its fire",
);
pub const TARGET_FIRED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::target-fired-twice",
    "units may combine on one target; a unit may not split its fire",
);
pub const LEADER_CASUALTY_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-casualty-missing",
    "a \"1\" on a unit stacked with a leader calls for a leader casualty roll (Fire column)",
);
pub const ZOC_FIRE_TARGET: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-fire-target",
    "a missile unit in an enemy ZOC may fire only at an enemy unit exerting that ZOC, or not at all",
);
pub const FIRE_BLOCKED_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-blocked-terrain",
    "fire may go into woods but not through woods",
);
pub const FIRE_BLOCKED_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-blocked-unit",
    "fire may not pass through combat units of either side unless it is high-trajectory fire",
);
pub const HIGH_TRAJECTORY_NOT_BOW: CodeInfo = CodeInfo::error(
    "hastings-1066::high-trajectory-not-bow",
    "only bowmen may use high-trajectory fire",
);
pub const HIGH_TRAJECTORY_TOO_EARLY: CodeInfo = CodeInfo::error(
    "hastings-1066::high-trajectory-too-early",
    "saxon bowmen may use it any time; Norman bowmen only in Period 2",
);
pub const MISSILE_SUPPLY_EXHAUSTED: CodeInfo = CodeInfo::error(
    "hastings-1066::missile-supply-exhausted",
    "norman bowmen and Saxon javelin/spear units fire only in a limited number of segments per period",
);

// Melee (8.x).
pub const MELEE_RESULT_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::melee-result-mismatch",
    "in the melee segment the phasing player attacks; differential = attack total minus defence total (with order, terrain and leaders); one die on the Melee Results Table; results at once, then retreats",
);
pub const ATTACK_RESTRICTED: CodeInfo = CodeInfo::error(
    "hastings-1066::attack-restricted",
    "a unit with two enemy units in its ZOC, only one of which exerts a ZOC on it, may attack only that one",
);
pub const ATTACK_BY_DISRUPTED: CodeInfo = CodeInfo::error(
    "hastings-1066::attack-by-disrupted",
    "disrupted and routed units never attack, even when 8.1.2 would require it; they still defend",
);
pub const UNIT_IN_TWO_MELEES: CodeInfo = CodeInfo::error(
    "hastings-1066::unit-in-two-melees",
    "a unit takes part in at most one melee per segment, and an enemy unit is attacked at most once per segment",
);
pub const ATTACKED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::attacked-twice",
    "a unit takes part in at most one melee per segment, and an enemy unit is attacked at most once per segment",
);
pub const TOO_MANY_DEFENDERS: CodeInfo = CodeInfo::error(
    "hastings-1066::too-many-defenders",
    "one unit may attack two enemy units, one through each frontal hexside; their defences are added",
);
pub const STEP_LOSS_UNASSIGNED: CodeInfo = CodeInfo::error(
    "hastings-1066::step-loss-unassigned",
    "with several attackers, M and D hit them all, but a \"1\" reduces only one of them (the attacker's choice)",
);

// Melee results, retreats, pursuit, rally, morale (9.x).
pub const DISRUPTED_CANNOT_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::disrupted-cannot-move",
    "disrupted units cannot move, except a step out of an enemy ZOC in their own reaction segment if their order allows movement (then they check morale)",
);
pub const FIRE_BY_DISRUPTED: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-by-disrupted",
    "disrupted units have no ZOC and cannot fire or attack; they defend normally with their current order; a further D has no effect",
);
pub const ROUT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-missing",
    "r: the unit retreats 3 hexes at once (Saxons north, Normans south) and is marked routed",
);
pub const ROUT_LENGTH: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-length",
    "r: the unit retreats 3 hexes at once (Saxons north, Normans south) and is marked routed",
);
pub const ROUT_PATH: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-path",
    "retreat follows the path of least resistance; a unit that cannot retreat because of enemy units or ZOC is reduced and disrupted instead",
);
pub const ROUT_BLOCKED_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-blocked-mismatch",
    "retreat follows the path of least resistance; a unit that cannot retreat because of enemy units or ZOC is reduced and disrupted instead",
);
pub const ROUT_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-facing",
    "routed units move toward, and face, their own rear edge when possible",
);
pub const ROUTED_THROUGH_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::routed-through-check-missing",
    "a friendly unit that a router moves through checks morale at once",
);
pub const ROUTED_CANNOT_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::routed-cannot-move",
    "a routed unit that fails to rally moves two hexes to the rear, stopping on entering an enemy ZOC; routed units do not move in the movement segment",
);
pub const ROUT_STOPS_IN_FRIEND: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-stops-in-friend",
    "routers may pass through, but not stop in, friendly-occupied hexes; each unit passed through checks morale",
);
pub const DISPLACEMENT_ILLEGAL: CodeInfo = CodeInfo::error(
    "hastings-1066::displacement-illegal",
    "a router blocked by friends may displace the blocking unit one hex in any direction (not into an enemy ZOC or hex); the displaced unit is disrupted",
);
pub const PURSUIT_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-not-allowed",
    "a victor may enter the hex the enemy left only when it pursues",
);
pub const PURSUIT_PATH: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-path",
    "after the router's 3-hex retreat the pursuer must follow it, stopping when adjacent to it or on entering an enemy ZOC; no MP are spent",
);
pub const RALLY_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-mismatch",
    "disrupted unit: one die, success on the Rally Table's range, -1 if an effective friendly leader has it in rally range; one try per segment",
);
pub const RALLY_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-twice",
    "disrupted unit: one die, success on the Rally Table's range, -1 if an effective friendly leader has it in rally range; one try per segment",
);
pub const RALLY_NOT_IN_RANGE: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-not-in-range",
    "a routed unit in the rally range of an effective friendly leader rallies automatically; otherwise it withdraws two hexes",
);
pub const MORALE_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::morale-mismatch",
    "morale check: one die on the Morale Table by morale letter",
);
pub const ADJACENT_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::adjacent-check-missing",
    "units adjacent to a friend that enemy units in Charge or A&P order routed in melee check morale: D ignored, R applies (knights: HS-R22)",
);

// Leaders (10.x).
pub const LEADER_RATING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-rating",
    "rally range (right number); 0 = own hex only",
);
pub const LEADER_NATIONALITY: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-nationality",
    "norman subordinates affect only units of their own nationality; William affects all",
);
pub const LEADER_MOVE_EXCEEDED: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-move-exceeded",
    "leaders move 6 MP in any movement segment whatever the orders, and ignore facing",
);
pub const LEADER_INTO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-into-zoc",
    "a leader may enter an enemy ZOC only into a hex holding a friendly combat unit",
);
pub const LEADER_ESCAPE_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-escape-missing",
    "a leader left in an enemy ZOC when his unit is eliminated moves at once 3 hexes away from the enemy, avoiding enemy ZOC (friendly units cancel it) and enemy hexes; with no path he is captured",
);
pub const LEADER_ESCAPE_ILLEGAL: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-escape-illegal",
    "a leader left in an enemy ZOC when his unit is eliminated moves at once 3 hexes away from the enemy, avoiding enemy ZOC (friendly units cancel it) and enemy hexes; with no path he is captured",
);
pub const LEADER_CASUALTY_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-casualty-mismatch",
    "leaders in a hex whose combat unit takes a \"1\" (missile or melee) roll 2d6 on the Leader Casualty Table at once",
);
pub const INEFFECTIVE_LEADER_USED: CodeInfo = CodeInfo::error(
    "hastings-1066::ineffective-leader-used",
    "ineffective leaders (back side) move 2 MP, cannot rally or add to combat",
);
pub const COMMANDER_FALL_CHECKS_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::commander-fall-checks-missing",
    "if William or Harold is wounded or killed, every friendly unit within his command radius checks morale at once",
);

// Deployment, reinforcements, reforming (11.x).
pub const LEADER_SETUP_STACK: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-setup-stack",
    "alan sets up with a Breton unit, Odo with a Norman unit, Eustace with a Franco-Flemish unit, William with his Guard",
);
pub const SETUP_HEX_VOID: CodeInfo = CodeInfo::error(
    "hastings-1066::setup-hex-void",
    "hex 1307 is not a setup hex (extra FF hex)",
);
pub const ORDER_OF_BATTLE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-of-battle",
    "the Saxons set aside five 4-4/2-6 thegns, draw 27 fyrd at random, and use those 32 plus the housecarls and bowmen",
);
pub const SETUP_HEX: CodeInfo = CodeInfo::error(
    "hastings-1066::setup-hex",
    "harold sets up in 0514, Leofwine in 0710, Gyrth in 0721; units face any way",
);
pub const REFORM_TOO_CLOSE: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-too-close",
    "variable deployment (option): set up as in 11.5; the Normans need only be at least 4 hexes south of the hill",
);
pub const REFORM_NOT_ON_HILL: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-not-on-hill",
    "variable deployment (option): set up as in 11.5; the Normans need only be at least 4 hexes south of the hill",
);
pub const REINFORCEMENT_SCHEDULE: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-schedule",
    "in Period 1 twelve Great Fyrd arrive: 2 per turn in turns 1-4, 1 per turn in turns 5-8",
);
pub const REINFORCEMENT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-missing",
    "in Period 1 twelve Great Fyrd arrive: 2 per turn in turns 1-4, 1 per turn in turns 5-8",
);
pub const REINFORCEMENT_EARLY: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-early",
    "in Period 1 twelve Great Fyrd arrive: 2 per turn in turns 1-4, 1 per turn in turns 5-8",
);
pub const REINFORCEMENT_ENTRY: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-entry",
    "they enter at 0116 paying that hex's cost; the second of two has already spent 1 MP",
);
pub const REFORM_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-missing",
    "without a Norman victory at the end of Period 1, combat stops, routed and disrupted units are checked, and the armies are removed and reformed, Normans first",
);
pub const REFORM_OUT_OF_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-out-of-order",
    "without a Norman victory at the end of Period 1, combat stops, routed and disrupted units are checked, and the armies are removed and reformed, Normans first",
);
pub const REFORM_TRACE: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-trace",
    "units that cannot trace a path free of enemy units and enemy ZOC (friendly units cancel ZOC) to their reforming area, or to a friend who can, are eliminated; doubtful cases favour the unit",
);
pub const REFORM_FLANK: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-flank",
    "the Normans reform at least 4 hexes south of Senlac Hill, between rows xx06 and xx26",
);
pub const REFORM_INTERMIXED: CodeInfo = CodeInfo::warning(
    "hastings-1066::reform-intermixed",
    "the Normans may rearrange their sections but may not intermix nationalities or types",
);

// Victory and casualty points (12.x).
pub const VICTORY_MISSED: CodeInfo = CodeInfo::error(
    "hastings-1066::victory-missed",
    "the Normans win strategically as soon as they control every road hex on Senlac Hill from 0811 to 0116; control = the last side to occupy or pass through the hex",
);
pub const VICTORY_CLAIM_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::victory-claim-mismatch",
    "the Normans win strategically as soon as they control every road hex on Senlac Hill from 0811 to 0116; control = the last side to occupy or pass through the hex",
);
pub const RESULT_TAG_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::result-tag-mismatch",
    "otherwise the Saxons win strategically at the end of Period 2",
);
pub const CASUALTY_POINTS_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::casualty-points-mismatch",
    "each eliminated unit or leader costs its own side casualty points: A 15, B 7, C 3, D 2, E 1; William 50, Harold 25, Odo 10, other leaders 5",
);

// Errata (13.x).
pub const ERRATA_COUNTER: CodeInfo = CodeInfo::warning(
    "hastings-1066::errata-counter",
    "two Norman foot counters printed D on the front (and two on the back) should be C",
);

// Setup: what the spec's inventory takes for granted.
pub const SIDES: CodeInfo = CodeInfo::error(
    "hastings-1066::sides",
    "the battle is fought by two armies, `Normans` and `Saxons`, each with its `army` line",
);
pub const UNKNOWN_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-terrain",
    "a terrain line is `elevation=N`, `woods`, `marsh`, `road` or `senlac-hill`; a hexside `ridge` (or `slope`) or `stream`",
);
pub const UNKNOWN_KEY: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-key",
    "a unit or leader line gives only the keys Hastings: 1066 reads",
);
pub const UNKNOWN_OPTION: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-option",
    "an option is housecarl-restraint, variable-deployment, missile-supply-per-unit or partial",
);
pub const COMMANDER_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::commander-missing",
    "the leader an `army` line names (William, Harold) is one of its army's leaders",
);

/// Every code, grouped as above.
pub const ALL: &[CodeInfo] = &[
    // General
    WRONG_DICE,
    MISSING_ROLL,
    UNEXPECTED_ROLL,
    UNKNOWN_UNIT,
    AMBIGUOUS_UNIT,
    UNKNOWN_VERB,
    WRONG_SEGMENT,
    WRONG_SIDE,
    CLAIM_MISMATCH,
    UNKNOWN_CLAIM,
    OWED_ACTION_MISSING,
    ACTION_NOT_OWED,
    OFF_MAP,
    PATH_NOT_CONTIGUOUS,
    // Game parts, sequence, periods (2.x, 3.x)
    MAP_PARITY,
    UNKNOWN_CLASS,
    MISSING_FACTOR,
    UNKNOWN_MORALE,
    BAD_FACTOR,
    TURN_OUT_OF_SEQUENCE,
    PERIOD_OVERRUN,
    GAME_OVER,
    SEGMENT_OUT_OF_ORDER,
    UNKNOWN_PHASE,
    WITHDRAW_MISSING,
    REACTED_UNIT_FIRED,
    MANDATORY_ATTACK_MISSING,
    EXTENSION_NOT_EARNED,
    EXTENSION_MISSING,
    ENCIRCLEMENT_BROKEN,
    EXTENSION_CONFLICT,
    REROLL_NOT_ALLOWED,
    // Strategy and battle orders (4.x)
    UNKNOWN_WING,
    UNASSIGNED_UNIT,
    JOIN_OUTSIDE_ORDERS,
    WING_TOO_SMALL,
    WING_OUTSIDE_COMMAND,
    WING_COUNT,
    UNKNOWN_NATION,
    MISSING_STRATEGY,
    UNKNOWN_STRATEGY,
    DUPLICATE_STRATEGY,
    ORDER_MISSING,
    ORDER_NOT_FOR_UNIT_TYPE,
    LEADER_ORDER,
    ORDER_STILL_IN_FORCE,
    OPTIONAL_CHOICE_MISSING,
    SHIELD_WALL_MOVE,
    REACTION_INELIGIBLE,
    IN_PLACE_MOVE,
    MUST_CLOSE_WITH_ENEMY,
    PURSUIT_MISSING,
    BAD_DURATION,
    MOVEMENT_ALLOWANCE_EXCEEDED,
    CHARGE_NO_CONTACT,
    CHARGE_CROSSES_HEXSIDE,
    CHARGE_BAD_TERRAIN,
    CHARGE_UPHILL,
    DIFF_MISMATCH,
    MORALE_CHECK_MISSING,
    GUARD_ORDER,
    REINFORCEMENT_WING,
    HOUSECARL_CHOICE_LATE,
    // Movement (5.x)
    PATH_START,
    MOVED_TWICE,
    STACKING,
    ENTERS_ENEMY_HEX,
    MISSING_ELEVATION,
    RIDGE_CHECK_MISSING,
    MOVED_AFTER_DISRUPTION,
    MARSH_CHECK_MISSING,
    REACTION_TOO_FAR,
    REACTION_NOT_AWAY,
    REACTION_INTO_ZOC,
    REACTION_CHECK_MISSING,
    KNIGHT_CHECK_INTO_OCCUPIED,
    MOVED_AFTER_ZOC,
    ZOC_OCCUPIED_BY_FRIEND,
    ZOC_TO_ZOC,
    BOWMEN_ENTER_ZOC,
    BOWMEN_STAYED_IN_ZOC,
    // Facing (6.x)
    MISSING_FACING,
    BAD_FACING,
    LEADER_FACING,
    FACING_CHANGE_NOT_ALLOWED,
    FIRE_NOT_FRONTAL,
    MELEE_NOT_IN_ZOC,
    ODDS_MISMATCH,
    // Missile fire (7.x)
    FIRE_RESULT_MISMATCH,
    NOT_A_MISSILE_UNIT,
    OUT_OF_RANGE,
    FIRED_TWICE,
    TARGET_FIRED_TWICE,
    LEADER_CASUALTY_MISSING,
    ZOC_FIRE_TARGET,
    FIRE_BLOCKED_TERRAIN,
    FIRE_BLOCKED_UNIT,
    HIGH_TRAJECTORY_NOT_BOW,
    HIGH_TRAJECTORY_TOO_EARLY,
    MISSILE_SUPPLY_EXHAUSTED,
    // Melee (8.x)
    MELEE_RESULT_MISMATCH,
    ATTACK_RESTRICTED,
    ATTACK_BY_DISRUPTED,
    UNIT_IN_TWO_MELEES,
    ATTACKED_TWICE,
    TOO_MANY_DEFENDERS,
    STEP_LOSS_UNASSIGNED,
    // Melee results, retreats, pursuit, rally, morale (9.x)
    DISRUPTED_CANNOT_MOVE,
    FIRE_BY_DISRUPTED,
    ROUT_MISSING,
    ROUT_LENGTH,
    ROUT_PATH,
    ROUT_BLOCKED_MISMATCH,
    ROUT_FACING,
    ROUTED_THROUGH_CHECK_MISSING,
    ROUTED_CANNOT_MOVE,
    ROUT_STOPS_IN_FRIEND,
    DISPLACEMENT_ILLEGAL,
    PURSUIT_NOT_ALLOWED,
    PURSUIT_PATH,
    RALLY_MISMATCH,
    RALLY_TWICE,
    RALLY_NOT_IN_RANGE,
    MORALE_MISMATCH,
    ADJACENT_CHECK_MISSING,
    // Leaders (10.x)
    LEADER_RATING,
    LEADER_NATIONALITY,
    LEADER_MOVE_EXCEEDED,
    LEADER_INTO_ZOC,
    LEADER_ESCAPE_MISSING,
    LEADER_ESCAPE_ILLEGAL,
    LEADER_CASUALTY_MISMATCH,
    INEFFECTIVE_LEADER_USED,
    COMMANDER_FALL_CHECKS_MISSING,
    // Deployment, reinforcements, reforming (11.x)
    LEADER_SETUP_STACK,
    SETUP_HEX_VOID,
    ORDER_OF_BATTLE,
    SETUP_HEX,
    REFORM_TOO_CLOSE,
    REFORM_NOT_ON_HILL,
    REINFORCEMENT_SCHEDULE,
    REINFORCEMENT_MISSING,
    REINFORCEMENT_EARLY,
    REINFORCEMENT_ENTRY,
    REFORM_MISSING,
    REFORM_OUT_OF_ORDER,
    REFORM_TRACE,
    REFORM_FLANK,
    REFORM_INTERMIXED,
    // Victory and casualty points (12.x)
    VICTORY_MISSED,
    VICTORY_CLAIM_MISMATCH,
    RESULT_TAG_MISMATCH,
    CASUALTY_POINTS_MISMATCH,
    // Errata (13.x)
    ERRATA_COUNTER,
    // Setup: what the spec's inventory takes for granted
    SIDES,
    UNKNOWN_TERRAIN,
    UNKNOWN_KEY,
    UNKNOWN_OPTION,
    COMMANDER_MISSING,
];
