//! Every diagnostic code Mass Combat reports, with its severity and what it
//! means: one registry, so docs, `senlac rules` and tests read the same list.

use crate::code::CodeInfo;

pub(crate) const SIDES: CodeInfo = CodeInfo::error(
    "mass-combat::sides",
    "Mass Combat is fought by exactly two sides",
);
pub(crate) const WRONG_MAP: CodeInfo = CodeInfo::error(
    "mass-combat::wrong-map",
    "Mass Combat is played on a hex map, and units stand on hexes",
);
pub(crate) const UNKNOWN_CLASS: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-class",
    "a unit's class is one of the rules' unit classes",
);
pub(crate) const EXTRA_ARGUMENT: CodeInfo = CodeInfo::error(
    "mass-combat::extra-argument",
    "an action or reaction is given an argument it does not take",
);
pub(crate) const BAD_SIZE: CodeInfo = CodeInfo::error(
    "mass-combat::bad-size",
    "a unit's `size=` is a whole number of men from 1",
);
pub(crate) const UNREAD_PAIR: CodeInfo = CodeInfo::warning(
    "mass-combat::unread-pair",
    "a unit line gives a `key=` Mass Combat does not read, so nothing checks it",
);
pub(crate) const UNREAD_TERRAIN: CodeInfo = CodeInfo::warning(
    "mass-combat::unread-terrain",
    "a terrain kind Mass Combat gives no meaning: it is drawn, but blocks nothing and gives no bonus",
);
pub(crate) const DECLARED_FIGURE: CodeInfo = CodeInfo::warning(
    "mass-combat::declared-figure",
    "a unit line declares a support, assault or command points figure its class and grade tables do not give",
);
pub(crate) const UNKNOWN_DIRECTIVE: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-directive",
    "a setup line whose keyword is not one of Mass Combat's",
);
pub(crate) const UNKNOWN_GRADE: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-grade",
    "a unit's grade is one of A to E",
);
pub(crate) const UNKNOWN_SIDE: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-side",
    "a side named in the log is one the Sides tag names",
);
pub(crate) const UNKNOWN_UNIT: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-unit",
    "a unit named in the log is one its side declared",
);
pub(crate) const DEPLOYMENT_ORDER: CodeInfo = CodeInfo::error(
    "mass-combat::deployment-order",
    "the side that chose to deploy first deploys first",
);
pub(crate) const NEGATIVE_BONUS: CodeInfo = CodeInfo::error(
    "mass-combat::negative-bonus",
    "leadership bonus points cannot take command points away",
);
pub(crate) const BONUS_ABOVE_MAXIMUM: CodeInfo = CodeInfo::error(
    "mass-combat::bonus-above-maximum",
    "a bonus cannot raise a unit above its grade's maximum command points",
);
pub(crate) const BONUS_SUM: CodeInfo = CodeInfo::error(
    "mass-combat::bonus-sum",
    "the bonus points handed out add up to the leadership roll",
);
pub(crate) const BONUS_WITHOUT_ROLL: CodeInfo = CodeInfo::error(
    "mass-combat::bonus-without-roll",
    "bonus points are handed out only after a leadership roll",
);
pub(crate) const BONUS_MISSING: CodeInfo = CodeInfo::error(
    "mass-combat::bonus-missing",
    "a leadership roll that gives bonus points needs a `bonus` line",
);
pub(crate) const UNKNOWN_CHOICE: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-choice",
    "the leadership winner chooses to deploy or to take the first turn",
);
pub(crate) const TIED_LEADERSHIP: CodeInfo = CodeInfo::error(
    "mass-combat::tied-leadership",
    "a tied leadership roll decides nothing: the leaders roll again",
);
pub(crate) const TURN_ORDER: CodeInfo = CodeInfo::error(
    "mass-combat::turn-order",
    "the sides alternate turns, starting with the side that took the first turn",
);
pub(crate) const TURN_NUMBER: CodeInfo =
    CodeInfo::error("mass-combat::turn-number", "turns are numbered in order");
pub(crate) const UNKNOWN_PHASE: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-phase",
    "a phase is volley, movement, combat, defense or resolve",
);
pub(crate) const PHASE_ORDER: CodeInfo = CodeInfo::error(
    "mass-combat::phase-order",
    "the phases come in order, each at most once a turn",
);
pub(crate) const MISSING_PHASE: CodeInfo = CodeInfo::error(
    "mass-combat::missing-phase",
    "every action is taken inside a phase",
);
pub(crate) const WRONG_PHASE: CodeInfo = CodeInfo::error(
    "mass-combat::wrong-phase",
    "an action is taken only in the phase the rules give it",
);
pub(crate) const UNKNOWN_VERB: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-verb",
    "an action or reaction is one of Mass Combat's verbs",
);
pub(crate) const WRONG_SIDE: CodeInfo = CodeInfo::error(
    "mass-combat::wrong-side",
    "a unit acts only in its own side's turn (or in defense declarations)",
);
pub(crate) const ALREADY_ACTED: CodeInfo =
    CodeInfo::error("mass-combat::already-acted", "a unit acts once a phase");
pub(crate) const UNIT_NOT_ACTIVE: CodeInfo = CodeInfo::error(
    "mass-combat::unit-not-active",
    "a routed, slaughtered or pursuing unit no longer acts",
);
pub(crate) const UNDEPLOYED: CodeInfo = CodeInfo::error(
    "mass-combat::undeployed",
    "a unit no `deploy` line put on the map is in reserve: it neither acts nor is acted on",
);
pub(crate) const MISSING_ACTION: CodeInfo = CodeInfo::error(
    "mass-combat::missing-action",
    "every unit takes a movement action each turn",
);
pub(crate) const MISSING_REACTION: CodeInfo = CodeInfo::error(
    "mass-combat::missing-reaction",
    "a forced reaction is answered before play moves on",
);
pub(crate) const UNPROMPTED_REACTION: CodeInfo = CodeInfo::error(
    "mass-combat::unprompted-reaction",
    "a reaction answers an action that forces it",
);
pub(crate) const INSUFFICIENT_COMMAND_POINTS: CodeInfo = CodeInfo::error(
    "mass-combat::insufficient-command-points",
    "an action costs command points the unit must have",
);
pub(crate) const MISSING_TARGET: CodeInfo = CodeInfo::error(
    "mass-combat::missing-target",
    "an action that needs a target names one",
);
pub(crate) const FRIENDLY_TARGET: CodeInfo = CodeInfo::error(
    "mass-combat::friendly-target",
    "an action targets an enemy unit",
);
pub(crate) const NOT_AN_ARCHER: CodeInfo =
    CodeInfo::error("mass-combat::not-an-archer", "only archers volley");
pub(crate) const OUT_OF_RANGE: CodeInfo = CodeInfo::error(
    "mass-combat::out-of-range",
    "a volley reaches only so many hexes",
);
pub(crate) const HOLD_WHILE_ADJACENT: CodeInfo = CodeInfo::error(
    "mass-combat::hold-while-adjacent",
    "a unit next to an enemy engages instead of holding",
);
pub(crate) const NOT_ADJACENT: CodeInfo = CodeInfo::error(
    "mass-combat::not-adjacent",
    "engaging, attacking and supporting need an adjacent enemy",
);
pub(crate) const CANNOT_WAIT: CodeInfo = CodeInfo::error(
    "mass-combat::cannot-wait",
    "only light cavalry, archers and skirmish infantry take a waiting position",
);
pub(crate) const NOT_CAVALRY: CodeInfo =
    CodeInfo::error("mass-combat::not-cavalry", "only cavalry charges");
pub(crate) const MISSING_PATH: CodeInfo = CodeInfo::error(
    "mass-combat::missing-path",
    "a move names the hexes it passes through",
);
pub(crate) const ENGAGED: CodeInfo = CodeInfo::error(
    "mass-combat::engaged",
    "a unit next to an enemy cannot advance, maneuver or charge: it engages or disengages",
);
pub(crate) const NOT_ENGAGED: CodeInfo = CodeInfo::error(
    "mass-combat::not-engaged",
    "only a unit next to an enemy disengages",
);
pub(crate) const TOO_FAR: CodeInfo = CodeInfo::error(
    "mass-combat::too-far",
    "a move goes no farther than its limit",
);
pub(crate) const BROKEN_PATH: CodeInfo = CodeInfo::error(
    "mass-combat::broken-path",
    "each hex of a path is next to the one before",
);
pub(crate) const OFF_MAP: CodeInfo =
    CodeInfo::error("mass-combat::off-map", "a unit stays on the map");
pub(crate) const IMPASSABLE: CodeInfo = CodeInfo::error(
    "mass-combat::impassable",
    "a unit cannot enter or stand on impassable terrain",
);
pub(crate) const OCCUPIED: CodeInfo = CodeInfo::error(
    "mass-combat::occupied",
    "a unit cannot enter or stand on a hex that holds a unit",
);
pub(crate) const NOT_CLOSER: CodeInfo = CodeInfo::error(
    "mass-combat::not-closer",
    "an advance ends closer to an enemy unit than it started",
);
pub(crate) const STILL_ENGAGED: CodeInfo = CodeInfo::error(
    "mass-combat::still-engaged",
    "a disengage ends next to no enemy",
);
pub(crate) const CHARGE_SHORT: CodeInfo = CodeInfo::error(
    "mass-combat::charge-short",
    "a charge ends next to its target",
);
pub(crate) const CHARGE_NOT_FOLLOWED: CodeInfo = CodeInfo::error(
    "mass-combat::charge-not-followed",
    "a charging unit attacks the unit it charged",
);
pub(crate) const ARCHERS_DO_NOT_FIGHT: CodeInfo = CodeInfo::error(
    "mass-combat::archers-do-not-fight",
    "archers neither attack nor support",
);
pub(crate) const DEFENDING: CodeInfo = CodeInfo::error(
    "mass-combat::defending",
    "a unit that defends this turn takes no defense declaration action",
);
pub(crate) const CANNOT_SUPPORT: CodeInfo = CodeInfo::error(
    "mass-combat::cannot-support",
    "a supporter stands where its edition's rules require",
);
pub(crate) const NO_SUCH_ATTACK: CodeInfo = CodeInfo::error(
    "mass-combat::no-such-attack",
    "a support or resolve names an attack declared this turn",
);
pub(crate) const ATTACK_IGNORED: CodeInfo = CodeInfo::error(
    "mass-combat::attack-ignored",
    "an attack is ignored once either unit has left or the defender feinted",
);
pub(crate) const UNRESOLVED_ATTACK: CodeInfo = CodeInfo::error(
    "mass-combat::unresolved-attack",
    "every declared attack is resolved in the resolve phase",
);
pub(crate) const CANNOT_FEINT: CodeInfo = CodeInfo::error(
    "mass-combat::cannot-feint",
    "only skirmish infantry and horse archers on the map feint",
);
pub(crate) const BAD_FEINT: CodeInfo = CodeInfo::error(
    "mass-combat::bad-feint",
    "a feint pulls back to a free neighbouring hex, farther from the attacker",
);
pub(crate) const WRONG_LOSER: CodeInfo = CodeInfo::error(
    "mass-combat::wrong-loser",
    "the unit that loses a combat is the one with the lower total; on a tie, the attacker",
);
pub(crate) const WRONG_OUTCOME: CodeInfo = CodeInfo::error(
    "mass-combat::wrong-outcome",
    "a claimed outcome is what the rules give",
);
pub(crate) const UNKNOWN_CLAIM: CodeInfo = CodeInfo::error(
    "mass-combat::unknown-claim",
    "a claim says what senlac can check: a unit's status, cp or damage, or a resolve's totals",
);

/// All of them, setup's first, then play's in the order a turn meets them.
pub const ALL: &[CodeInfo] = &[
    SIDES,
    WRONG_MAP,
    UNKNOWN_CLASS,
    EXTRA_ARGUMENT,
    BAD_SIZE,
    UNREAD_PAIR,
    UNREAD_TERRAIN,
    DECLARED_FIGURE,
    UNKNOWN_DIRECTIVE,
    UNKNOWN_GRADE,
    UNKNOWN_SIDE,
    UNKNOWN_UNIT,
    DEPLOYMENT_ORDER,
    NEGATIVE_BONUS,
    BONUS_ABOVE_MAXIMUM,
    BONUS_SUM,
    BONUS_WITHOUT_ROLL,
    BONUS_MISSING,
    UNKNOWN_CHOICE,
    TIED_LEADERSHIP,
    TURN_ORDER,
    TURN_NUMBER,
    UNKNOWN_PHASE,
    PHASE_ORDER,
    MISSING_PHASE,
    WRONG_PHASE,
    UNKNOWN_VERB,
    WRONG_SIDE,
    ALREADY_ACTED,
    UNIT_NOT_ACTIVE,
    UNDEPLOYED,
    MISSING_ACTION,
    MISSING_REACTION,
    UNPROMPTED_REACTION,
    INSUFFICIENT_COMMAND_POINTS,
    MISSING_TARGET,
    FRIENDLY_TARGET,
    NOT_AN_ARCHER,
    OUT_OF_RANGE,
    HOLD_WHILE_ADJACENT,
    NOT_ADJACENT,
    CANNOT_WAIT,
    NOT_CAVALRY,
    MISSING_PATH,
    ENGAGED,
    NOT_ENGAGED,
    TOO_FAR,
    BROKEN_PATH,
    OFF_MAP,
    IMPASSABLE,
    OCCUPIED,
    NOT_CLOSER,
    STILL_ENGAGED,
    CHARGE_SHORT,
    CHARGE_NOT_FOLLOWED,
    ARCHERS_DO_NOT_FIGHT,
    DEFENDING,
    CANNOT_SUPPORT,
    NO_SUCH_ATTACK,
    ATTACK_IGNORED,
    UNRESOLVED_ATTACK,
    CANNOT_FEINT,
    BAD_FEINT,
    WRONG_LOSER,
    WRONG_OUTCOME,
    UNKNOWN_CLAIM,
];

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn codes_are_unique_and_named_for_mass_combat() {
        let mut codes: Vec<&str> = ALL.iter().map(|c| c.code).collect();
        assert!(
            codes.iter().all(|c| c.starts_with("mass-combat::")),
            "{codes:?}"
        );
        codes.sort_unstable();
        let count = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), count, "a code is listed twice");
        assert!(ALL.iter().all(|c| !c.summary.is_empty()));
    }
}
