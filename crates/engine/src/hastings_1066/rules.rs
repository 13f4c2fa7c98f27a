//! Where each check comes from: a case of the rule document
//! (`hastings-1066-st 5.7.2 (…)`, cases written in the long form the
//! document heads them with, never its short cross-reference form), a ruling
//! in docs/rules/hastings-1066-st.md (`HS-Rn`), or both. Where the document
//! cites a wrong case, these name the case meant (HS-R40). Diagnostics cite
//! these.

// The map, the pieces, the log.

pub const MAP: &str = "hastings-1066-st 2.1 (the game map); docs/rules/hastings-1066-st.md HS-R1 (the grid: parity even), HS-R2 (north is column 01)";
pub const TERRAIN: &str = "hastings-1066-st 5.3.1, 5.3.2 (terrain and elevation), 5.5 (Terrain Effects Chart); docs/rules/hastings-1066-st.md HS-R5 (declaring terrain; a slope is a ridge), HS-R6 (Senlac Hill)";
pub const PIECES: &str = "hastings-1066-st 2.2 (the playing pieces), 4.1.4 (sections), 4.1.1 (wings); docs/rules/hastings-1066-st.md HS-R4 (counter values as pairs), HS-R64 (a slip read as meant)";
/// A piece's class, nationality or wing: the pieces as the rules print
/// them, with no ruling on the values (HS-R4 decides the factors).
pub const PARTS: &str = "hastings-1066-st 2.2 (the playing pieces), 4.1.4 (sections), 4.1.1 (wings); docs/rules/hastings-1066-st.md HS-R64 (a slip read as meant)";
pub const DICE: &str =
    "hastings-1066-st 2.6 (two six-sided dice); docs/rules/hastings-1066-st.md HS-R42";
pub const LOG: &str = "docs/rules/hastings-1066-st.md HS-R41 (how a battle turn is written; ids unique or side-qualified)";

// Sequence.

pub const PERIODS: &str = "hastings-1066-st 3.0 (sequence of play), 3.1 (the Assault Period); docs/rules/hastings-1066-st.md HS-R41 (turns numbered on through the game), HS-R62 (the end of a period and of the battle)";
/// How turn lines follow one another: the end of a period or of the
/// battle is PERIODS'.
pub const TURN_SEQUENCE: &str = "hastings-1066-st 3.0 (sequence of play); docs/rules/hastings-1066-st.md HS-R41 (turns numbered on through the game)";
pub const BATTLE_TURN: &str = "hastings-1066-st 3.2 (the Battle Turn: Order, Norman and Saxon Player, Turn Record Phases; six segments); docs/rules/hastings-1066-st.md HS-R41, HS-R64 (a slip read as meant)";
pub const CONSEQUENCES: &str = "hastings-1066-st 3.2 (casualties immediately, then retreats), 8.3.1 (results taken immediately); docs/rules/hastings-1066-st.md HS-R17 (the order of a melee's consequences)";
pub const EXTENSION: &str = "hastings-1066-st 3.3.1 (the extended Assault Period); docs/rules/hastings-1066-st.md HS-R26 (Period 2 too), HS-R28 (the 50% and 75% count)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ENCIRCLEMENT: &str =
    "hastings-1066-st 3.3.1 (entirely surrounded); docs/rules/hastings-1066-st.md HS-R27";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REROLL: &str =
    "hastings-1066-st 3.3.2 (rerolls in an extended period); docs/rules/hastings-1066-st.md HS-R54";

// Orders.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const WINGS: &str = "hastings-1066-st 4.1.1, 4.1.2, 4.1.3 (Saxon wings), 4.1.6 (wings clearly defined), 11.5.7 (fewer wings at the reform); docs/rules/hastings-1066-st.md HS-R29";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const SECTIONS: &str = "hastings-1066-st 4.1.4 (the six Norman sections), 4.2.4 (one roll per nationality, read for foot and knights); docs/rules/hastings-1066-st.md HS-R38 (nationality declared)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const STRATEGY: &str =
    "hastings-1066-st 4.2.1 (four strategies), 4.2.2 (chosen hidden, revealed together)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ORDER_ROLL: &str = "hastings-1066-st 4.2.3 (the order roll), 4.2.4 (per wing, per nationality), 4.2.5 (leaders hold no order), 4.1.5";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const STRATEGY_EFFECTS: &str = "hastings-1066-st 4.2.3 (Norman strategy effects added up), 4.4.8 (ratings back to 0 for Period 2); docs/rules/hastings-1066-st.md HS-R51";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TWO_TURN_ORDERS: &str =
    "hastings-1066-st 4.2.6 (orders that last two turns); docs/rules/hastings-1066-st.md HS-R30";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const OPTIONAL: &str =
    "hastings-1066-st 4.2.7 (an Optional result); docs/rules/hastings-1066-st.md HS-R47";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ORDER_TYPES: &str = "hastings-1066-st 4.3 (battle orders: foot 4.3.1 to 4.3.4, knights 4.3.5 to 4.3.7), 4.3.1 (bowmen never in Shield Wall)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const SHIELD_WALL: &str = "hastings-1066-st 4.3.1 (Shield Wall), 4.3.5 (Hold), 9.2.3.2 (each side's rear); docs/rules/hastings-1066-st.md HS-R8 (the shield-wall figure is a defence), HS-R24 (one hex to the rear), HS-R40 (4.3.1's \"9.23\" means 9.2.3.2)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const IN_PLACE: &str = "hastings-1066-st 4.3.2 (Melee/Fire in Place); docs/rules/hastings-1066-st.md HS-R24 (one hex forward or back)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ADVANCE: &str =
    "hastings-1066-st 4.3.3 (Advance to Combat), 4.3.6 (Advance: the same for knights)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ATTACK_PURSUE: &str = "hastings-1066-st 4.3.4 (Attack & Pursue); docs/rules/hastings-1066-st.md HS-R53 (as close as possible)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const CHARGE: &str = "hastings-1066-st 4.3.7 (Charge: conditions, bonus, effects), 5.3.3 (uphill); docs/rules/hastings-1066-st.md HS-R25, HS-R7 (uphill and downhill steps), HS-R53 (closing with the enemy)";
pub const GUARD: &str =
    "hastings-1066-st 4.3.8.1 (William's Guard), 4.1.4; docs/rules/hastings-1066-st.md HS-R46";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const HOUSECARL_RESTRAINT: &str =
    "hastings-1066-st 4.3.8.3 (Harold's housecarls, optional rule)";

// Movement.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const MOVEMENT: &str = "hastings-1066-st 5.0 (movement), 5.1.1, 5.1.3, 5.1.4 (how to move), 5.2.2 to 5.2.4 (restrictions on movement)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ALLOWANCES: &str = "hastings-1066-st 5.1.2 (movement allowances), 5.1.5 (the MP for each hex), 5.2.5, 10.2.1 (leaders 6), 10.4.3 (ineffective leaders 2); docs/rules/hastings-1066-st.md HS-R24 (allowances by order), HS-R31 (leaders pay knights' costs)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TERRAIN_COSTS: &str = "hastings-1066-st 5.3.1 (movement costs), 5.3.7 (the road), 5.5 (Terrain Effects Chart); docs/rules/hastings-1066-st.md HS-R5";
pub const STACKING: &str =
    "hastings-1066-st 5.2.1 (through friends, never into enemies), 5.6.1, 5.6.2 (stacking)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const UPHILL: &str =
    "hastings-1066-st 5.3.3 (uphill), 5.3.4 (downhill); docs/rules/hastings-1066-st.md HS-R7";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const KNIGHT_CHECKS: &str = "hastings-1066-st 5.3.5 (knights at a ridge), 5.3.6 (knights in marsh), 9.6.2 (knights' checks); docs/rules/hastings-1066-st.md HS-R57 (a disrupted knight stops), HS-R48 (every move that can be stopped), HS-R60 (no check downhill)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const KNIGHTS_INTO_OCCUPIED: &str =
    "hastings-1066-st 5.6.3 (knights and occupied hexes); docs/rules/hastings-1066-st.md HS-R48";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REACTION: &str = "hastings-1066-st 5.4.1, 5.4.2, 5.4.3 (reaction: one hex away, no enemy ZOC), 5.4.6 (no fire after reacting but bowmen); docs/rules/hastings-1066-st.md HS-R23 (away from the enemy)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REACTION_ELIGIBILITY: &str = "hastings-1066-st 5.4.4 (who may react), 10.1.3; docs/rules/hastings-1066-st.md HS-R24 (Hold is Shield Wall), HS-R55 (disrupted units), HS-R46 (the Guard)";

// Zones of control.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ZOC: &str = "hastings-1066-st 5.7 (zones of control through the frontal hexsides), 5.7.1 (stop on entering), 5.7.4 to 5.7.6";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEAVING_ZOC: &str = "hastings-1066-st 5.7.2 (leaving an enemy ZOC)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const BOWMEN_ZOC: &str = "hastings-1066-st 5.7.3 (bowmen and enemy ZOC), 7.5.1 (the matrix's note); docs/rules/hastings-1066-st.md HS-R53 (bowmen in Attack & Pursue)";
pub const ZOC_IN_COMBAT: &str = "hastings-1066-st 5.7.7 (ZOC in combat), 6.2.2, 8.1.1 (melee only into the ZOC); docs/rules/hastings-1066-st.md HS-R40 (5.7.7's \"6.24\" means 6.2.2)";

// Facing.

pub const FACING: &str = "hastings-1066-st 6.0 (facing), 6.1.1 (faced after moving), 6.1.2 (a vertex: two frontal, two flank, two rear hexsides); docs/rules/hastings-1066-st.md HS-R3";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TURNING: &str = "hastings-1066-st 6.1.1 (a unit that does not move may turn), 6.1.3 (orders never affect facing); docs/rules/hastings-1066-st.md HS-R24";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEADERS_IGNORE_FACING: &str =
    "hastings-1066-st 6.0 (leaders and facing), 10.2.1 (leaders ignore facing)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FLANK_AND_REAR: &str = "hastings-1066-st 6.2.3 (flank and rear bonuses), 6.2.4 (defence unchanged); docs/rules/hastings-1066-st.md HS-R14 (fire), HS-R18 (melee)";

// Missile fire.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FIRE: &str = "hastings-1066-st 7.0 (missile fire: strengths, odds rounded for the defender), 7.1.1 to 7.1.5, 7.5.1 (Missile Fire Matrix); docs/rules/hastings-1066-st.md HS-R16 (odds in whole numbers)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FIRE_ARC: &str = "hastings-1066-st 6.2.1, 7.2.2 (fire through the frontal hexsides); docs/rules/hastings-1066-st.md HS-R14 (arc, side hit, one fire per target)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FIRE_RESULTS: &str = "hastings-1066-st 7.1.6 (missile results), 7.2.7 (the odds capped), 7.5.2 (Missile Combat Results Table); docs/rules/hastings-1066-st.md HS-R52 (on disrupted and routed units)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FIRE_FROM_ZOC: &str =
    "hastings-1066-st 7.2.1 (fire in the missile segments), 7.2.3 (firing from an enemy ZOC)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LINE_OF_FIRE: &str = "hastings-1066-st 7.2.4 (woods and higher ground), 7.2.5 (combat units), 7.3.4; docs/rules/hastings-1066-st.md HS-R15";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const HIGH_TRAJECTORY: &str = "hastings-1066-st 7.3.1 to 7.3.4 (high trajectory fire); docs/rules/hastings-1066-st.md HS-R16 (the shift after the cap)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const MISSILE_SUPPLY: &str = "hastings-1066-st 7.4.1 to 7.4.4 (missile supply), 7.4.5 (Missile Supply Table); docs/rules/hastings-1066-st.md HS-R36";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const FIRE_AT_LEADERS: &str = "hastings-1066-st 7.1.7 (a lone leader's defence of 1), 7.2.6 (leaders and fire); docs/rules/hastings-1066-st.md HS-R35";

// Melee.

pub const MELEE: &str = "hastings-1066-st 8.0 (melee: the differential), 8.3.1, 8.3.2 (resolution), 9.1 (Melee Results Table); docs/rules/hastings-1066-st.md HS-R12 (die 4 at -3), HS-R13 (-7 or worse)";
/// What a claimed differential adds up.
pub const DIFFERENTIAL: &str =
    "hastings-1066-st 8.0 (melee: the differential), 8.3.2 (above +6 counts as +6)";
pub const MANDATORY_ATTACKS: &str = "hastings-1066-st 8.1.2 (which attacks must be made), 6.2.2, 3.2 (the melee segment), 4.3.1; docs/rules/hastings-1066-st.md HS-R9";
pub const WHO_MELEES: &str = "hastings-1066-st 8.1.1, 8.1.3 (disrupted and routed units never attack), 8.1.4 (one melee each a segment), 8.2.4";
pub const MULTI_UNIT_MELEE: &str = "hastings-1066-st 8.2.1 to 8.2.5 (multiple-unit and multi-hex combat), 9.2.4 (which attacker is reduced); docs/rules/hastings-1066-st.md HS-R18";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const TERRAIN_IN_COMBAT: &str = "hastings-1066-st 8.4 (terrain in melee), 5.5 (Terrain Effects Chart); docs/rules/hastings-1066-st.md HS-R49 (woods and marsh), HS-R50 (ridges)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEADER_BONUS: &str =
    "hastings-1066-st 8.5, 10.3.1 (leaders in melee); docs/rules/hastings-1066-st.md HS-R32";

// Results.

pub const RESULTS: &str = "hastings-1066-st 9.2 (melee results: M, D, R, 1), 9.2.1, 9.2.4 (reduced); docs/rules/hastings-1066-st.md HS-R58 (1M), HS-R65 (a refused result: the log's next line says which is played)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const D_BECOMES_R: &str = "hastings-1066-st 9.2.2.6 (D routs against Charge or Attack & Pursue), 4.3.4, 4.3.7; docs/rules/hastings-1066-st.md HS-R10 (D*), HS-R40 (4.3.7's \"9.1\" means 9.2.2.6)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const DISRUPTED: &str = "hastings-1066-st 9.2.2 (disrupted units: no move, no ZOC, no fire or attack); docs/rules/hastings-1066-st.md HS-R55 (the step out of an enemy ZOC)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ROUTED: &str = "hastings-1066-st 9.2.3.5 (routed units: no ZOC, no fire or attack, normal defence), 9.2.3.6, 9.2.3.7";

// Rout and pursuit.

pub const ROUT: &str = "hastings-1066-st 9.2.3 (routed: three hexes at once), 9.2.3.1, 9.3.1 (the path of least resistance), 9.2.3.2 (toward and facing the rear), 9.2.3.4; docs/rules/hastings-1066-st.md HS-R19, HS-R2 (each side's rear), HS-R3 (routed facings)";
/// A rout's path: [`ROUT`] and how a refused or blocked path is read.
pub const ROUT_PATH: &str = "hastings-1066-st 9.2.3 (routed: three hexes at once), 9.2.3.1, 9.3.1 (the path of least resistance), 9.2.3.2 (toward and facing the rear), 9.2.3.4; docs/rules/hastings-1066-st.md HS-R19, HS-R2 (each side's rear), HS-R66 (a refused path played as the rules give it), HS-R67 (a rout that cannot move)";
pub const ROUT_BLOCKED: &str = "hastings-1066-st 9.2.3.1 (reduced and disrupted instead), 9.2.4 (a reduced unit reduced again is eliminated), 9.3.4; docs/rules/hastings-1066-st.md HS-R19, HS-R59, HS-R67 (a rout that cannot move)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ROUTED_THROUGH: &str =
    "hastings-1066-st 9.2.3.3, 9.3.2 (friends routed through check morale; no stopping on them)";
pub const DISPLACEMENT: &str =
    "hastings-1066-st 9.3.3, 9.3.4 (displacement); docs/rules/hastings-1066-st.md HS-R20";
pub const WITHDRAWAL: &str = "hastings-1066-st 9.2.3.6 (routed units withdraw two hexes), 9.5.3, 3.2 (the rally segment); docs/rules/hastings-1066-st.md HS-R19";
pub const PURSUIT: &str = "hastings-1066-st 9.4.1, 9.4.2, 9.4.3 (who pursues), 9.4.6, 4.3.4, 4.3.7";
pub const PURSUIT_PATH: &str =
    "hastings-1066-st 9.4.4, 9.4.5 (the pursuer's path); docs/rules/hastings-1066-st.md HS-R21";

// Rally and morale.

pub const RALLY: &str = "hastings-1066-st 9.5.1, 9.5.2 (rallying a disrupted unit), 9.5.4 (Rally Check Table), 10.3.2 (a leader in range)";
pub const AUTOMATIC_RALLY: &str =
    "hastings-1066-st 9.5.3 (routed units rallied without a roll), 10.3.3, 10.1.2";
pub const MORALE: &str = "hastings-1066-st 9.6.1 (morale checks), 9.6.5, 9.6.6 (Morale Check Table); docs/rules/hastings-1066-st.md HS-R11 (column E), HS-R40 (9.6.1's \"Morale Table (9.7)\" means 9.6.6), HS-R65 (a refused result: the lines after it say which is played)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const KNIGHT_MORALE: &str = "hastings-1066-st 9.6.2 (knights' checks: a rout read as a disruption), 4.3.7 (after a melee in Charge order); docs/rules/hastings-1066-st.md HS-R25";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REACTION_CHECK: &str =
    "hastings-1066-st 5.4.5, 9.6.3 (units check morale after reacting)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ADJACENT_CHECKS: &str = "hastings-1066-st 9.6.4 (units next to a friend routed in melee); docs/rules/hastings-1066-st.md HS-R22 (knights)";

// Leaders.

pub const LEADER_RATINGS: &str = "hastings-1066-st 10.1.1 (command radius), 10.1.2 (rally range), 10.3.3 (William 2, Leofwine 0); docs/rules/hastings-1066-st.md HS-R61 (which leader is whom)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEADER_NATIONALITY: &str = "hastings-1066-st 10.1.3 (subordinates affect only their own nationality); docs/rules/hastings-1066-st.md HS-R38";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEADER_MOVEMENT: &str = "hastings-1066-st 10.2.1 (leaders move 6 whatever the orders), 10.4.3; docs/rules/hastings-1066-st.md HS-R31";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const LEADERS_AND_ZOC: &str = "hastings-1066-st 10.2.2 (into an enemy ZOC only with a friend), 5.7.1; docs/rules/hastings-1066-st.md HS-R35";
pub const LEADER_ESCAPE: &str = "hastings-1066-st 10.2.2, 10.2.3 (a leader's escape, or capture); docs/rules/hastings-1066-st.md HS-R34";
pub const LEADER_CASUALTIES: &str = "hastings-1066-st 7.1.7, 10.4.1 (leader casualties), 10.4.2, 10.4.4, 10.5 (Leader Casualty Table); docs/rules/hastings-1066-st.md HS-R31 (leader status), HS-R33 (shaken), HS-R42 (the second die), HS-R40 (7.1.7's \"10.55\" means 10.5)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const INEFFECTIVE_LEADERS: &str =
    "hastings-1066-st 10.4.3 (ineffective leaders); docs/rules/hastings-1066-st.md HS-R31";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const COMMANDER_FALLS: &str = "hastings-1066-st 10.4.5 (William or Harold wounded or killed), 10.1.1; docs/rules/hastings-1066-st.md HS-R31 (captured too)";

// Deployment and reform.

pub const NORMAN_SETUP: &str = "hastings-1066-st 11.1 (Norman deployment), 13.2 (hex 1307); docs/rules/hastings-1066-st.md HS-R38 (setup codes, Odo)";
pub const SAXON_SETUP: &str = "hastings-1066-st 11.2 (Saxon deployment)";
pub const VARIABLE_DEPLOYMENT: &str = "hastings-1066-st 11.3 (variable deployment, optional), 11.5.4 to 11.5.6; docs/rules/hastings-1066-st.md HS-R56, HS-R40 (11.3's \"case 11.5\" means 11.5.4 to 11.5.6)";
pub const REFORM: &str = "hastings-1066-st 3.2 (Turn Record Phase), 11.5.1, 11.5.2 (reforming armies), 7.4.3, 4.4.8; docs/rules/hastings-1066-st.md HS-R63 (how the reform is written), HS-R30, HS-R33 (what the reform ends), HS-R44 (eliminated at the reform)";
pub const REFORM_TRACE: &str =
    "hastings-1066-st 11.5.3 (tracing to the reform area); docs/rules/hastings-1066-st.md HS-R39";
pub const NORMAN_REFORM: &str = "hastings-1066-st 11.5.4 (four hexes south, rows xx06 to xx26), 11.5.5 (no intermixing); docs/rules/hastings-1066-st.md HS-R39";
pub const SAXON_REFORM: &str = "hastings-1066-st 11.5.6 (on Senlac Hill), 11.4.2 (the last twelve fyrd), 11.5.7; docs/rules/hastings-1066-st.md HS-R6";

// Reinforcements.

#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REINFORCEMENTS: &str = "hastings-1066-st 11.4.1 (Period 1 reinforcements: the schedule, entry at 0116); docs/rules/hastings-1066-st.md HS-R37";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const REINFORCEMENT_ORDER: &str = "hastings-1066-st 4.3.8.2 (reinforcements in Advance to Combat), 11.4.1; docs/rules/hastings-1066-st.md HS-R37, HS-R40 (4.3.8.2's \"12.3\" means 11.4.1)";

// Victory.

pub const ROAD_VICTORY: &str = "hastings-1066-st 12.1.1 (the road hexes on Senlac Hill), 5.3.7; docs/rules/hastings-1066-st.md HS-R43 (road control)";
pub const HOUSECARL_VICTORY: &str = "hastings-1066-st 12.1.2 (every housecarl eliminated)";
pub const SAXON_VICTORY: &str = "hastings-1066-st 12.1.3 (the end of Period 2), 3.1; docs/rules/hastings-1066-st.md HS-R26, HS-R45 (the Result tag)";
pub const CASUALTY_POINTS: &str =
    "hastings-1066-st 12.2 (casualty points); docs/rules/hastings-1066-st.md HS-R44";

// Errata.

pub const ERRATA_COUNTERS: &str = "hastings-1066-st 13.1 (counters: Norman foot C, housecarls 7-5/3-A-8); docs/rules/hastings-1066-st.md HS-R4";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ERRATA_MAP: &str =
    "hastings-1066-st 13.2 (map and charts: hex 1307, the Norman Order Table)";
#[allow(dead_code, reason = "a ruling no diagnostic cites yet")]
pub const ERRATA_RULES: &str = "hastings-1066-st 13.3 (rule changes worked into the text), 4.3.7; docs/rules/hastings-1066-st.md HS-R25";

// Who is whom.

pub const ARMIES: &str =
    "hastings-1066-st 3.2 (the Norman and the Saxon player phases), 4.1 (wings and nationalities)";
pub const OPTIONS: &str = "hastings-1066-st 4.3.8.3, 7.4.2, 11.3 (the optional rules)";
pub const ORDER_OF_BATTLE: &str = "hastings-1066-st 11.2 (five thegns and 27 fyrd), 11.4.1 (twelve Great Fyrd, 2-2-2-2-1-1-1-1), 11.4.2 (twelve more at the reform)";
