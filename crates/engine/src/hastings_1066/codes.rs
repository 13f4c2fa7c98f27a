//! Every diagnostic code Hastings: 1066 reports, with its severity and what
//! it means: one registry, so docs, `senlac rules` and tests read the same
//! list. The codes are the spec's (its section 2, 154 codes) less the 12 it
//! reports under another code or does not check yet (listed with reasons
//! in tests/hastings_1066_codes.rs), with 5 of senlac's own; each is an
//! error but for five warnings, where the log may mean what it says (a unit
//! outside its wing leader's radius, a hex without an elevation, a facing
//! given to a leader, sections placed apart at the reform, a counter the
//! errata corrects). Each summary says, in one line, the rule a finding of
//! that code breaks; what the finding cites is in [`super::rules`].

use crate::code::CodeInfo;

// General.
pub(crate) const WRONG_DICE: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-dice",
    "rolls are of six-sided dice showing 1 to 6: `d6:N` for fire, melee, morale and rally, `2d6:a+b` for orders and leader casualties",
);
pub(crate) const MISSING_ROLL: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-roll",
    "an action the rules settle by dice writes its roll: each fire, melee, morale check, rally try, order roll and leader casualty",
);
pub(crate) const UNEXPECTED_ROLL: CodeInfo = CodeInfo::error(
    "hastings-1066::unexpected-roll",
    "no dice where the rules roll none: a routed unit's automatic rally, a melee at -7 or worse, a wing or section in its order's second turn",
);
pub(crate) const UNKNOWN_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-unit",
    "an id names a unit or leader declared in one of the two armies",
);
pub(crate) const AMBIGUOUS_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::ambiguous-unit",
    "an id declared in both armies is written with its side, `Side.ID`",
);
pub(crate) const UNKNOWN_VERB: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-verb",
    "an action's verb is one the ruleset defines: `strategy`, `move`, `charge`, `react`, `fire`, `melee`, `rout`, `pursue` and the rest",
);
pub(crate) const WRONG_SEGMENT: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-segment",
    "an action comes in the segment that allows it: orders in `orders:`, rallies in `rally:`, moves in `movement:`, reactions in `reaction:`",
);
pub(crate) const WRONG_SIDE: CodeInfo = CodeInfo::error(
    "hastings-1066::wrong-side",
    "only the phasing side acts, but for the other's reactions, defensive fire and owed consequences, and both sides' orders",
);
pub(crate) const CLAIM_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::claim-mismatch",
    "a claimed outcome `=> ...` is the one the engine works out",
);
pub(crate) const UNKNOWN_CLAIM: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-claim",
    "a claim is written in the ruleset's status words and pairs; one senlac cannot read is an error, never passed over",
);
pub(crate) const ACTION_NOT_OWED: CodeInfo = CodeInfo::error(
    "hastings-1066::action-not-owed",
    "a consequence line (rout, withdrawal, pursuit, displacement, escape, forced check, casualty roll) answers something that owes it",
);
pub(crate) const OFF_MAP: CodeInfo = CodeInfo::error(
    "hastings-1066::off-map",
    "every hex named lies on the declared map",
);
pub(crate) const PATH_NOT_CONTIGUOUS: CodeInfo = CodeInfo::error(
    "hastings-1066::path-not-contiguous",
    "each hex of a path neighbours the one before: no hex is skipped",
);

// Game parts, sequence, periods (2.x, 3.x).
pub(crate) const MAP_PARITY: CodeInfo = CodeInfo::error(
    "hastings-1066::map-parity",
    "the map is a grid of hex columns labelled CCRR with the even columns set lower: `map hex WxH parity even`",
);
pub(crate) const UNKNOWN_CLASS: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-class",
    "a unit's class is one its army fields: Norman foot, bowmen, knights, guard; Saxon housecarls, thegns, fyrd, bowmen, slingers; or leader",
);
pub(crate) const MISSING_FACTOR: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-factor",
    "a combat unit states `melee=` and `defense=`, non-bow foot also `wall=`, missile units `missile=`; a leader states `command=` and `rally=`",
);
pub(crate) const UNKNOWN_MORALE: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-morale",
    "a combat unit's grade is its morale letter, a Latin A to E",
);
pub(crate) const BAD_FACTOR: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-factor",
    "a factor or rating is a whole number from 0 to 99, a `missile=` weapon is bow, javelin or sling, and a `move=` agrees with the allowance of the unit's type",
);
pub(crate) const TURN_OUT_OF_SEQUENCE: CodeInfo = CodeInfo::error(
    "hastings-1066::turn-out-of-sequence",
    "turns are numbered on through the game without gap or repeat, each the Normans' phase and then the Saxons'",
);
pub(crate) const GAME_OVER: CodeInfo = CodeInfo::error(
    "hastings-1066::game-over",
    "nothing follows the last Turn Record Phase of Period 2, extended turns included",
);
pub(crate) const SEGMENT_OUT_OF_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::segment-out-of-order",
    "segments come once each in order (rally, fire, movement, reaction, defensive fire, melee), `orders:` opening the turn and `record:` closing it",
);
pub(crate) const UNKNOWN_PHASE: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-phase",
    "a segment label is `orders:`, `rally:`, `fire:`, `movement:`, `reaction:`, `defensive-fire:`, `melee:` or `record:`",
);
pub(crate) const WITHDRAW_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::withdraw-missing",
    "a routed unit that is not rallied withdraws two hexes to its rear in the rally segment",
);
pub(crate) const REACTED_UNIT_FIRED: CodeInfo = CodeInfo::error(
    "hastings-1066::reacted-unit-fired",
    "a unit that reacted fires in the defensive missile segment that follows only if it is bowmen",
);
pub(crate) const MANDATORY_ATTACK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::mandatory-attack-missing",
    "an enemy unit in mutual ZOC with a phasing unit at the start of the melee segment is attacked before it ends, unless the pair was released",
);
pub(crate) const EXTENSION_NOT_EARNED: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-not-earned",
    "an `extend` names a condition that holds: over half or over three quarters of the Normans on Senlac Hill, or the Saxons encircled",
);
pub(crate) const EXTENSION_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-missing",
    "when an extension condition holds at the end of a period's eighth turn, the Normans write their `extend`",
);
pub(crate) const EXTENSION_CONFLICT: CodeInfo = CodeInfo::error(
    "hastings-1066::extension-conflict",
    "a period end takes one `extend` at most: the conditions exclude each other, and the Normans choose",
);
pub(crate) const REROLL_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::reroll-not-allowed",
    "a reroll comes only in an extended turn, once per section or wing: of Shield Wall or Hold for the Normans, Attack & Pursue for the Saxons",
);

// Strategy and battle orders (4.x).
pub(crate) const UNKNOWN_WING: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-wing",
    "a wing named is left, center or right, led by the leader declared with that `wing=` (or `host` once no leader lives)",
);
pub(crate) const UNASSIGNED_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::unassigned-unit",
    "every Saxon combat unit on the map belongs to exactly one wing, reinforcements not yet assigned excepted",
);
pub(crate) const JOIN_OUTSIDE_ORDERS: CodeInfo = CodeInfo::error(
    "hastings-1066::join-outside-orders",
    "wings are redrawn only in the Order Phase: `join` is written in `orders:`",
);
pub(crate) const WING_TOO_SMALL: CodeInfo = CodeInfo::error(
    "hastings-1066::wing-too-small",
    "each Saxon wing holds at least a fifth of the units available while three leaders live, a third with two",
);
pub(crate) const WING_OUTSIDE_COMMAND: CodeInfo = CodeInfo::warning(
    "hastings-1066::wing-outside-command",
    "a Saxon unit is usually in the wing of a leader whose command radius reaches it",
);
pub(crate) const WING_COUNT: CodeInfo = CodeInfo::error(
    "hastings-1066::wing-count",
    "there are never more Saxon wings than living leaders, one when none lives; a fallen leader's wing stands until the next Order Phase",
);
pub(crate) const NOT_DEPLOYED: CodeInfo = CodeInfo::error(
    "hastings-1066::not-deployed",
    "every piece that neither arrives later nor waits in reserve is deployed at the start (11.1, 11.2)",
);
pub(crate) const UNKNOWN_NATION: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-nation",
    "a Norman unit or subordinate is of Norman, Breton or Franco-Flemish nationality: `nation=norman`, `breton` or `flemish`",
);
pub(crate) const MISSING_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-strategy",
    "each Order Phase gives a strategy to every Saxon wing and Norman nationality that must roll for its order",
);
pub(crate) const UNKNOWN_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-strategy",
    "a strategy is defensive, cautious, moderate or aggressive",
);
pub(crate) const DUPLICATE_STRATEGY: CodeInfo = CodeInfo::error(
    "hastings-1066::duplicate-strategy",
    "a wing or nationality picks one strategy a turn",
);
pub(crate) const ORDER_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::order-missing",
    "an order roll's claim names the order of each wing or section it decides, a Norman nationality's foot and knights read apart",
);
pub(crate) const ORDER_NOT_FOR_UNIT_TYPE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-not-for-unit-type",
    "foot hold Shield Wall, Fire in Place, Advance to Combat or (Saxons only) Attack & Pursue; knights Hold, Advance or Charge",
);
pub(crate) const LEADER_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-order",
    "leaders hold no order: no claim gives one to a leader",
);
pub(crate) const ORDER_STILL_IN_FORCE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-still-in-force",
    "a wing or section in the second turn of a two-turn order rolls nothing and keeps its members",
);
pub(crate) const OPTIONAL_CHOICE_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::optional-choice-missing",
    "an Optional result names the order the player chooses, `optional=ORDER`, held for that turn",
);
pub(crate) const SHIELD_WALL_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::shield-wall-move",
    "a unit in Shield Wall or Hold moves at most one hex, to its rear and not into an enemy ZOC",
);
pub(crate) const REACTION_INELIGIBLE: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-ineligible",
    "no unit reacts in Shield Wall, Hold, Attack & Pursue or Charge, when routed, out of command radius, or as Saxon foot in a knight's ZOC",
);
pub(crate) const IN_PLACE_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::in-place-move",
    "a unit in Melee/Fire in Place moves at most one hex, forward or to its rear, not into an enemy ZOC",
);
pub(crate) const MUST_CLOSE_WITH_ENEMY: CodeInfo = CodeInfo::error(
    "hastings-1066::must-close-with-enemy",
    "a unit in Attack & Pursue, and every knight of a Charge section, ends its move as near the nearest enemy as it could reach",
);
pub(crate) const PURSUIT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-missing",
    "an undisrupted unit in Attack & Pursue or Charge order that routs an enemy in melee pursues it",
);
pub(crate) const BAD_DURATION: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-duration",
    "an order's claimed duration is `turns=1` or `turns=2`, and a chosen Optional order lasts one turn",
);
pub(crate) const MOVEMENT_ALLOWANCE_EXCEEDED: CodeInfo = CodeInfo::error(
    "hastings-1066::movement-allowance-exceeded",
    "a move costs at most the unit's allowance: knights 4, 6 in Charge; leaders 6, 2 if ineffective; all others 3",
);
pub(crate) const CHARGE_NO_CONTACT: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-no-contact",
    "a charge ends next to an enemy combat unit",
);
pub(crate) const CHARGE_CROSSES_HEXSIDE: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-crosses-hexside",
    "a charge crosses no ridge or stream hexside",
);
pub(crate) const CHARGE_BAD_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-bad-terrain",
    "a charge enters no marsh or woods hex",
);
pub(crate) const CHARGE_UPHILL: CodeInfo = CodeInfo::error(
    "hastings-1066::charge-uphill",
    "neither of the last two hexes a charge enters is entered uphill",
);
pub(crate) const DIFF_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::diff-mismatch",
    "a claimed `diff=` is attack less defence, with every order, flank and rear, terrain, leader and charge adjustment",
);
pub(crate) const MORALE_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::morale-check-missing",
    "a unit checks morale on an M result, and a knight in Charge order after every melee it takes part in",
);
pub(crate) const GUARD_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::guard-order",
    "the Guard holds no order while William lives, and the Norman knights' order from the Order Phase after his fall",
);
pub(crate) const REINFORCEMENT_WING: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-wing",
    "a reinforcement holds Advance to Combat until within a leader's command radius or next to an enemy, then joins the nearest leader's wing",
);
pub(crate) const HOUSECARL_CHOICE_LATE: CodeInfo = CodeInfo::error(
    "hastings-1066::housecarl-choice-late",
    "under housecarl restraint, the housecarls' choice instead of Attack & Pursue is written before the order dice",
);

// Movement (5.x).
pub(crate) const PATH_START: CodeInfo = CodeInfo::error(
    "hastings-1066::path-start",
    "a path starts at the unit's own hex (a reinforcement's at its entry hex)",
);
pub(crate) const MOVED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-twice",
    "a unit moves once per movement segment",
);
pub(crate) const STACKING: CodeInfo = CodeInfo::error(
    "hastings-1066::stacking",
    "no hex holds two combat units once an action ends; friends pass through each other, and leaders stack freely",
);
pub(crate) const ENTERS_ENEMY_HEX: CodeInfo = CodeInfo::error(
    "hastings-1066::enters-enemy-hex",
    "nothing enters a hex holding an enemy unit or leader",
);
pub(crate) const MISSING_ELEVATION: CodeInfo = CodeInfo::warning(
    "hastings-1066::missing-elevation",
    "the log declares each hex's elevation, `terrain elevation=N`; a hex left out lies at 0",
);
pub(crate) const RIDGE_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::ridge-check-missing",
    "a knight checks morale in the hex before each ridge hexside it crosses, a rout read as a disruption",
);
pub(crate) const MOVED_AFTER_DISRUPTION: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-after-disruption",
    "a knight disrupted by its ridge or marsh check stops where it checked: its path ends there",
);
pub(crate) const MARSH_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::marsh-check-missing",
    "a knight checks morale on entering each marsh hex, a rout read as a disruption",
);
pub(crate) const REACTION_TOO_FAR: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-too-far",
    "a reaction is a single step to a neighbouring hex",
);
pub(crate) const REACTION_NOT_AWAY: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-not-away",
    "a reaction ends farther from the nearest enemy combat unit than it started",
);
pub(crate) const REACTION_INTO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-into-zoc",
    "a reaction never enters an enemy ZOC",
);
pub(crate) const REACTION_CHECK_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reaction-check-missing",
    "a unit that reacts checks morale after the step, its die written on the `react` line",
);
pub(crate) const KNIGHT_CHECK_INTO_OCCUPIED: CodeInfo = CodeInfo::error(
    "hastings-1066::knight-check-into-occupied",
    "a knight never enters a friend-occupied hex that brings a check: a marsh, a hex beyond a ridge, or one it will cross a ridge from",
);
pub(crate) const MOVED_AFTER_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::moved-after-zoc",
    "a unit or leader entering an enemy ZOC hex stops there",
);
pub(crate) const ZOC_OCCUPIED_BY_FRIEND: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-occupied-by-friend",
    "a combat unit never enters an enemy ZOC hex that a friendly combat unit holds",
);
pub(crate) const ZOC_TO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-to-zoc",
    "a unit leaving an enemy ZOC never steps straight into another enemy ZOC hex",
);
pub(crate) const BOWMEN_ENTER_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::bowmen-enter-zoc",
    "bowmen never move into an enemy ZOC of their own will",
);
pub(crate) const BOWMEN_STAYED_IN_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::bowmen-stayed-in-zoc",
    "bowmen that start their movement segment in an enemy ZOC leave it whenever a legal move can",
);

// Facing (6.x).
pub(crate) const MISSING_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::missing-facing",
    "a combat unit is faced from deployment on, and takes a new facing with every move that changes its hex",
);
pub(crate) const BAD_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::bad-facing",
    "a facing is a vertex of the hex, 1 to 6 clockwise from the upper right",
);
pub(crate) const LEADER_FACING: CodeInfo = CodeInfo::warning(
    "hastings-1066::leader-facing",
    "leaders ignore facing: a facing given to a leader means nothing",
);
pub(crate) const FACING_CHANGE_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::facing-change-not-allowed",
    "a unit turns in place only in its own movement segment, and only if it is neither routed nor disrupted",
);
pub(crate) const FIRE_NOT_FRONTAL: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-not-frontal",
    "a missile unit fires only at targets within its frontal arc",
);
pub(crate) const MELEE_NOT_IN_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::melee-not-in-zoc",
    "every attacker has every defender of its melee beyond one of its frontal hexsides",
);
pub(crate) const ODDS_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::odds-mismatch",
    "a claimed fire strength, defence or odds column is what the matrix, flank and rear bonuses, terrain and high trajectory give",
);

// Missile fire (7.x).
pub(crate) const FIRE_RESULT_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-result-mismatch",
    "a fire's claimed result is the Missile Combat Results Table's for its die and odds column",
);
pub(crate) const NOT_A_MISSILE_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::not-a-missile-unit",
    "only units with a `missile=` weapon fire",
);
pub(crate) const OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "hastings-1066::out-of-range",
    "a target lies within the firer's weapon range: 3 hexes for bows and slings, 2 for javelins",
);
pub(crate) const FIRED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::fired-twice",
    "a unit fires once a segment, at a single target",
);
pub(crate) const TARGET_FIRED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::target-fired-twice",
    "a target is fired at in one fire action a segment, combining every unit firing at it",
);
pub(crate) const LEADER_CASUALTY_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-casualty-missing",
    "each leader in a hex whose unit takes a \"1\" rolls at once on the Leader Casualty Table, Fire or Melee column",
);
pub(crate) const ZOC_FIRE_TARGET: CodeInfo = CodeInfo::error(
    "hastings-1066::zoc-fire-target",
    "a missile unit in an enemy ZOC fires, if at all, at a unit exerting that ZOC",
);
pub(crate) const FIRE_BLOCKED_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-blocked-terrain",
    "fire passes through no woods hex and no hex higher than both the firer's and the target's",
);
pub(crate) const FIRE_BLOCKED_UNIT: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-blocked-unit",
    "low-trajectory fire passes through no hex holding a combat unit of either side",
);
pub(crate) const HIGH_TRAJECTORY_NOT_BOW: CodeInfo = CodeInfo::error(
    "hastings-1066::high-trajectory-not-bow",
    "only bowmen fire high trajectory: every unit of a `high` fire has `missile=bow`",
);
pub(crate) const HIGH_TRAJECTORY_TOO_EARLY: CodeInfo = CodeInfo::error(
    "hastings-1066::high-trajectory-too-early",
    "high-trajectory fire is for Saxon bowmen at any time, for Norman bowmen only in Period 2",
);
pub(crate) const MISSILE_SUPPLY_EXHAUSTED: CodeInfo = CodeInfo::error(
    "hastings-1066::missile-supply-exhausted",
    "the Norman bowmen fire in at most 6 segments of Period 1 and 3 of Period 2, the Saxon javelins 4 and 2, unused ones carried over up to 6",
);

// Melee (8.x).
pub(crate) const MELEE_RESULT_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::melee-result-mismatch",
    "a melee's claimed results are the Melee Results Table's for its die and differential, a D* routing against Charge or Attack & Pursue",
);
pub(crate) const ATTACK_RESTRICTED: CodeInfo = CodeInfo::error(
    "hastings-1066::attack-restricted",
    "a unit on which an enemy unit exerts a ZOC attacks only enemy units that do",
);
pub(crate) const ATTACK_BY_DISRUPTED: CodeInfo = CodeInfo::error(
    "hastings-1066::attack-by-disrupted",
    "disrupted and routed units never attack; they only defend",
);
pub(crate) const UNIT_IN_TWO_MELEES: CodeInfo = CodeInfo::error(
    "hastings-1066::unit-in-two-melees",
    "a unit attacks in one melee a segment, with all its strength",
);
pub(crate) const ATTACKED_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::attacked-twice",
    "an enemy unit is attacked in one melee a segment",
);
pub(crate) const TOO_MANY_DEFENDERS: CodeInfo = CodeInfo::error(
    "hastings-1066::too-many-defenders",
    "a melee has at most two defenders, each beyond a different frontal hexside of every attacker",
);
pub(crate) const STEP_LOSS_UNASSIGNED: CodeInfo = CodeInfo::error(
    "hastings-1066::step-loss-unassigned",
    "when a \"1\" strikes one of several attackers or of two defenders, the claim names the unit that loses the step",
);

// Melee results, retreats, pursuit, rally, morale (9.x).
pub(crate) const DISRUPTED_CANNOT_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::disrupted-cannot-move",
    "a disrupted unit does not move, but for one hex out of an enemy ZOC in its reaction segment when its order allows reaction",
);
pub(crate) const FIRE_BY_DISRUPTED: CodeInfo = CodeInfo::error(
    "hastings-1066::fire-by-disrupted",
    "disrupted and routed units never fire",
);
pub(crate) const ROUT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-missing",
    "a routed unit retreats at once: its `rout` line follows the result that routed it",
);
pub(crate) const ROUT_PATH: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-path",
    "a rout takes the path of least resistance: the most steps to the rear, then the fewest friends passed, then the lowest cost",
);
pub(crate) const ROUT_FACING: CodeInfo = CodeInfo::error(
    "hastings-1066::rout-facing",
    "a routed unit faces its rear, Saxons 5 and Normans 2",
);
pub(crate) const ROUTED_CANNOT_MOVE: CodeInfo = CodeInfo::error(
    "hastings-1066::routed-cannot-move",
    "a routed unit moves only by rout and withdrawal, never in the movement segment",
);
pub(crate) const DISPLACEMENT_ILLEGAL: CodeInfo = CodeInfo::error(
    "hastings-1066::displacement-illegal",
    "a router blocked by friends pushes the friend in its last hex one hex, not into an enemy hex or ZOC, and into a friend only if that one is pushed on; one bad link and nothing moves",
);
pub(crate) const PURSUIT_NOT_ALLOWED: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-not-allowed",
    "a victor advances after a routed enemy only by pursuit, undisrupted and in Charge or Attack & Pursue order, after a rout in melee",
);
pub(crate) const PURSUIT_PATH: CodeInfo = CodeInfo::error(
    "hastings-1066::pursuit-path",
    "a pursuer closes on the router's final hex every step and stops next to it, or on entering a new enemy ZOC",
);
pub(crate) const RALLY_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-mismatch",
    "a disrupted unit rallies on the Rally Table's range for its morale, the die less 1 with an effective friendly leader in rally range",
);
pub(crate) const RALLY_TWICE: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-twice",
    "a unit tries to rally once per rally segment",
);
pub(crate) const RALLY_NOT_IN_RANGE: CodeInfo = CodeInfo::error(
    "hastings-1066::rally-not-in-range",
    "a routed unit rallies, with no roll, only in the rally range of an effective friendly leader who may affect it",
);
pub(crate) const MORALE_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::morale-mismatch",
    "a morale check's claimed result is the Morale Check Table's for its die and the unit's morale, a knight's rout read as a disruption",
);

// Leaders (10.x).
pub(crate) const LEADER_RATING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-rating",
    "the ratings the rules print are declared as printed: William's rally range 2, Leofwine's 0",
);
pub(crate) const LEADER_MOVE_EXCEEDED: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-move-exceeded",
    "a leader moves up to 6 MP at knights' costs in his own movement segment, 2 when ineffective, whatever the orders",
);
pub(crate) const LEADER_INTO_ZOC: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-into-zoc",
    "a leader enters an enemy ZOC only into a hex holding a friendly combat unit",
);
pub(crate) const LEADER_ESCAPE_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-escape-missing",
    "a leader left alone in an enemy ZOC, or newly next to an enemy unit while alone, escapes at once or is captured",
);
pub(crate) const LEADER_ESCAPE_ILLEGAL: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-escape-illegal",
    "an escape is at most 3 hexes, ends 3 or more from the enemy that forced it, and enters no enemy hex, nor an enemy ZOC hex without a friendly unit",
);
pub(crate) const LEADER_CASUALTY_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-casualty-mismatch",
    "a casualty roll's claimed result is the Leader Casualty Table's for its column and dice, a second wound killing",
);

// Deployment, reinforcements, reforming (11.x).
pub(crate) const LEADER_SETUP_STACK: CodeInfo = CodeInfo::error(
    "hastings-1066::leader-setup-stack",
    "each Norman subordinate sets up stacked with a unit of his declared nationality, and William with his Guard",
);
pub(crate) const SETUP_HEX_VOID: CodeInfo = CodeInfo::error(
    "hastings-1066::setup-hex-void",
    "no Norman sets up on hex 1307, a spare setup hex",
);
pub(crate) const ORDER_OF_BATTLE: CodeInfo = CodeInfo::error(
    "hastings-1066::order-of-battle",
    "the Saxons set up five thegns and 27 fyrd, with their housecarls and bowmen",
);
pub(crate) const SETUP_HEX: CodeInfo = CodeInfo::error(
    "hastings-1066::setup-hex",
    "the Saxon leaders set up on their hexes: Harold 0514, Leofwine 0710, Gyrth 0721",
);
pub(crate) const REFORM_TOO_CLOSE: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-too-close",
    "the Normans reform, or deploy variably, at least four hexes from Senlac Hill and south of it",
);
pub(crate) const REFORM_NOT_ON_HILL: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-not-on-hill",
    "the Saxons reform, or deploy variably, on Senlac Hill, with the last twelve fyrd",
);
pub(crate) const REINFORCEMENT_SCHEDULE: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-schedule",
    "twelve Great Fyrd arrive in Period 1, two a turn in turns 1 to 4 and one a turn in turns 5 to 8: `arrives=T`",
);
pub(crate) const REINFORCEMENT_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-missing",
    "a reinforcement due enters in the Saxon movement segment of its turn, unless no entry hex is open",
);
pub(crate) const REINFORCEMENT_EARLY: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-early",
    "a reinforcement enters no earlier than its turn",
);
pub(crate) const REINFORCEMENT_ENTRY: CodeInfo = CodeInfo::error(
    "hastings-1066::reinforcement-entry",
    "a reinforcement enters by 0116, or the nearest open north-edge hex when 0116 is blocked, paying for that hex",
);
pub(crate) const REFORM_MISSING: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-missing",
    "when Period 1 ends without a Norman victory, both armies reform before Period 2",
);
pub(crate) const REFORM_OUT_OF_ORDER: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-out-of-order",
    "the Normans reform first, then the Saxons",
);
pub(crate) const REFORM_TRACE: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-trace",
    "a unit that cannot trace a path clear of enemy units and enemy ZOC to its reform area, or to a friend who can, is eliminated",
);
pub(crate) const REFORM_FLANK: CodeInfo = CodeInfo::error(
    "hastings-1066::reform-flank",
    "the Normans reform between rows xx06 and xx26",
);
pub(crate) const REFORM_INTERMIXED: CodeInfo = CodeInfo::warning(
    "hastings-1066::reform-intermixed",
    "each Norman section reforms as one group: no nationalities or types intermixed",
);

// Victory and casualty points (12.x).
pub(crate) const VICTORY_MISSED: CodeInfo = CodeInfo::error(
    "hastings-1066::victory-missed",
    "the game ends at once when the Normans control every Senlac Hill road hex from 0811 to 0116 or have eliminated every housecarl",
);
pub(crate) const VICTORY_CLAIM_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::victory-claim-mismatch",
    "a claimed Norman win is strategic, or tactical by the road and a draw by the housecarls when the Normans have lost more points",
);
pub(crate) const CASUALTY_POINTS_MISMATCH: CodeInfo = CodeInfo::error(
    "hastings-1066::casualty-points-mismatch",
    "a side loses points for its units eliminated, A 15 to E 1, and its leaders killed or captured: William 50, Harold 25, Odo 10, others 5",
);

// Errata (13.x).
pub(crate) const ERRATA_COUNTER: CodeInfo = CodeInfo::warning(
    "hastings-1066::errata-counter",
    "counters as the errata correct them: Norman foot of morale C, not D, and housecarls 7-5/3-A-8",
);

// Setup: what the spec's inventory takes for granted.
pub(crate) const SIDES: CodeInfo = CodeInfo::error(
    "hastings-1066::sides",
    "the battle is fought by two armies, `Normans` and `Saxons`, each with its `army` line",
);
pub(crate) const UNKNOWN_TERRAIN: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-terrain",
    "a terrain line is `elevation=N`, `woods`, `marsh`, `road` or `senlac-hill`; a hexside `ridge` (or `slope`) or `stream`",
);
pub(crate) const UNKNOWN_KEY: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-key",
    "a unit or leader line gives only the keys Hastings: 1066 reads",
);
pub(crate) const UNKNOWN_OPTION: CodeInfo = CodeInfo::error(
    "hastings-1066::unknown-option",
    "an option is housecarl-restraint, variable-deployment, missile-supply-per-unit or partial",
);
pub(crate) const COMMANDER_MISSING: CodeInfo = CodeInfo::error(
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
    GAME_OVER,
    SEGMENT_OUT_OF_ORDER,
    UNKNOWN_PHASE,
    WITHDRAW_MISSING,
    REACTED_UNIT_FIRED,
    MANDATORY_ATTACK_MISSING,
    EXTENSION_NOT_EARNED,
    EXTENSION_MISSING,
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
    ROUT_PATH,
    ROUT_FACING,
    ROUTED_CANNOT_MOVE,
    DISPLACEMENT_ILLEGAL,
    PURSUIT_NOT_ALLOWED,
    PURSUIT_PATH,
    RALLY_MISMATCH,
    RALLY_TWICE,
    RALLY_NOT_IN_RANGE,
    MORALE_MISMATCH,
    // Leaders (10.x)
    LEADER_RATING,
    LEADER_MOVE_EXCEEDED,
    LEADER_INTO_ZOC,
    LEADER_ESCAPE_MISSING,
    LEADER_ESCAPE_ILLEGAL,
    LEADER_CASUALTY_MISMATCH,
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
    CASUALTY_POINTS_MISMATCH,
    // Errata (13.x)
    ERRATA_COUNTER,
    // Setup: what the spec's inventory takes for granted
    SIDES,
    UNKNOWN_TERRAIN,
    UNKNOWN_KEY,
    UNKNOWN_OPTION,
    COMMANDER_MISSING,
    NOT_DEPLOYED,
];
