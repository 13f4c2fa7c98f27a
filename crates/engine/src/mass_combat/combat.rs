//! Combat: declarations, defense, and resolution (mass-combat §Turn Order 3-5).

use senlac_notation::lower::Action;
use senlac_notation::value;
use senlac_notation::{AtomKind, Span};

use super::event::Event;
use super::play::{active, pay, resolve, target};
use super::rules;
use super::state::{Attack, Owed, State, Status};
use super::tables::{Edition, HILL_CREST_BONUS, Phase, SuperClass, Verb, cost, scores};
use crate::violation::Violation;

/// `ATTACKER attack DEFENDER > DEFENDER defend|feint`.
pub fn attack(state: &mut State, unit: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if !can_fight(state, unit, "attack", action.span, out) {
        return;
    }
    let Some(defender) = target(state, unit, action, out) else {
        return;
    };
    if !adjacent(state, unit, defender) {
        out.push(Violation::new(
            "mass-combat::not-adjacent",
            action.span,
            format!(
                "{} is not next to {}, so it cannot attack it",
                state.name(unit),
                state.name(defender)
            ),
            rules::COMBAT,
        ));
        return;
    }
    // A charge commits the cavalry to attack the unit it charged.
    if let Some(&(_, charged, _)) = state
        .charges
        .iter()
        .find(|c| c.0 == unit && c.1 != defender)
    {
        out.push(
            Violation::new(
                "mass-combat::charge-not-followed",
                action.span,
                format!(
                    "{} charged {} and must attack it, not {}",
                    state.name(unit),
                    state.name(charged),
                    state.name(defender)
                ),
                rules::MOVEMENT,
            )
            .label("its charge commits it to another target"),
        );
        return;
    }
    let edition = state.roster.edition;
    pay(
        state,
        unit,
        cost(edition, Verb::Attack, Phase::CombatDeclarations),
        "an attack",
        action.span,
        out,
    );
    // A unit that could not pay routed instead (MC-R3): no attack.
    if state.units[unit].status != Status::Active {
        return;
    }
    let charge = state
        .charges
        .iter()
        .any(|&(cavalry, target, _)| cavalry == unit && target == defender);
    state.charges.retain(|&(cavalry, _, _)| cavalry != unit);
    state.events.push(Event::AttackDeclared {
        attacker: unit,
        defender,
    });
    state.attacks.push(Attack {
        attacker: unit,
        defender,
        span: action.span,
        resolved: false,
        negated: false,
        charge,
    });
    state.owed.push(Owed {
        units: [Some(defender), None, None, None],
        choices: &[Verb::Defend, Verb::Feint],
        span: action.span,
        vacated: None,
    });
}

/// `SUPPORTER support-attack DEFENDER` and `SUPPORTER support-defense DEFENDER`.
pub fn support(
    state: &mut State,
    unit: usize,
    verb: Verb,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if !can_fight(state, unit, verb.word(), action.span, out) {
        return;
    }
    let Some(atom) = action.args().iter().find(|a| a.kind == AtomKind::Word) else {
        out.push(Violation::new(
            "mass-combat::missing-target",
            action.span,
            format!("{} names no unit to support", state.name(unit)),
            rules::COMBAT,
        ));
        return;
    };
    let side = state.info(unit).side;
    let enemy = state.roster.enemy_of(side);
    let attacking = verb == Verb::SupportAttack;
    // The unit named is the defender in both cases: the enemy attacked, or the ally defending.
    let Some(defender) = resolve(
        state,
        value::UnitRef::parse(atom.text),
        if attacking { enemy } else { side },
    ) else {
        out.push(super::setup::unknown_unit(
            atom.text,
            &state.roster.sides[if attacking { enemy } else { side }],
            atom.span,
        ));
        return;
    };
    if !active(state, defender, atom.span, out) {
        return;
    }
    let attackers: Vec<usize> = state
        .attacks
        .iter()
        .filter(|a| a.defender == defender)
        .map(|a| a.attacker)
        .collect();
    if attackers.is_empty() {
        out.push(Violation::new(
            "mass-combat::no-such-attack",
            atom.span,
            format!(
                "nobody attacks {}, so there is nothing to support",
                state.name(defender)
            ),
            rules::COMBAT,
        ));
        return;
    }
    let eligible = match (state.roster.edition, attacking) {
        // a: adjacent to the enemy under attack.
        (Edition::A, true) => adjacent(state, unit, defender),
        // b: adjacent to both an attacking ally and the target.
        (Edition::B, true) => {
            adjacent(state, unit, defender) && attackers.iter().any(|&a| adjacent(state, unit, a))
        }
        // a: adjacent to an attacking enemy unit.
        (Edition::A, false) => attackers.iter().any(|&a| adjacent(state, unit, a)),
        // b: adjacent to both the defending ally and any enemy.
        (Edition::B, false) => {
            adjacent(state, unit, defender) && state.adjacent_enemies(unit).next().is_some()
        }
    };
    if !eligible {
        let need = match (state.roster.edition, attacking) {
            (Edition::A, true) => format!("next to {}", state.name(defender)),
            (Edition::B, true) => format!(
                "next to both {} and one of its attackers",
                state.name(defender)
            ),
            (Edition::A, false) => format!(
                "next to one of the units attacking {}",
                state.name(defender)
            ),
            (Edition::B, false) => format!("next to both {} and an enemy", state.name(defender)),
        };
        out.push(
            Violation::new(
                "mass-combat::cannot-support",
                action.span,
                format!("{} is not {need}, so it cannot support", state.name(unit)),
                rules::COMBAT,
            )
            .label("not adjacent"),
        );
        return;
    }
    let supports = if attacking {
        &mut state.attack_supports
    } else {
        &mut state.defense_supports
    };
    supports.push((unit, defender));
    state.events.push(Event::Supported {
        supporter: unit,
        defender,
        attack: attacking,
    });
}

fn can_fight(state: &State, unit: usize, what: &str, span: Span, out: &mut Vec<Violation>) -> bool {
    if state.info(unit).class.super_class() == SuperClass::Archers {
        out.push(Violation::new(
            "mass-combat::archers-do-not-fight",
            span,
            format!(
                "{} is {}; archers do not {what}",
                state.name(unit),
                state.info(unit).class.name()
            ),
            rules::COMBAT,
        ));
        return false;
    }
    if state.defending.contains(&unit) {
        out.push(Violation::new(
            "mass-combat::defending",
            span,
            format!(
                "{} defends this turn and cannot act in defense declarations",
                state.name(unit)
            ),
            rules::COMBAT,
        ));
        return false;
    }
    true
}

fn adjacent(state: &State, a: usize, b: usize) -> bool {
    matches!((state.units[a].hex, state.units[b].hex), (Some(x), Some(y)) if state.roster.adjacent(x, y))
}

/// A unit's (support, assault) now, damage counted (MC-R8, MC-R10).
fn unit_scores(state: &State, unit: usize) -> (u32, u32) {
    let info = state.info(unit);
    let found = scores(
        state.roster.edition,
        info.class,
        info.grade,
        state.units[unit].damage,
    )
    .or_else(|| scores(Edition::A, info.class, info.grade, state.units[unit].damage))
    .unwrap_or((0, 0));
    (u32::from(found.0), u32::from(found.1))
}

/// The two totals of an attack: attacker's assault plus its supports, and the
/// defender's assault (with the crest bonus) plus its supports.
pub fn totals(state: &State, attack: &Attack) -> (u32, u32) {
    let supporters = |list: &[(usize, usize)]| -> u32 {
        list.iter()
            .filter(|(s, d)| *d == attack.defender && state.units[*s].status == Status::Active)
            .map(|(s, _)| unit_scores(state, *s).0)
            .sum()
    };
    let attack_total = unit_scores(state, attack.attacker).1 + supporters(&state.attack_supports);
    let mut defense_total =
        unit_scores(state, attack.defender).1 + supporters(&state.defense_supports);
    if on_crest(state, attack.defender) && !on_hill(state, attack.attacker) {
        defense_total += u32::from(HILL_CREST_BONUS);
    }
    (attack_total, defense_total)
}

fn on_hill(state: &State, unit: usize) -> bool {
    state.units[unit]
        .hex
        .is_some_and(|h| state.roster.hill.contains(&h))
}

/// On the hill, with a crest hexside (ruling MC-R4).
fn on_crest(state: &State, unit: usize) -> bool {
    let Some(hex) = state.units[unit].hex else {
        return false;
    };
    on_hill(state, unit)
        && state
            .roster
            .crest
            .iter()
            .any(|(a, b)| *a == hex || *b == hex)
}

/// `ATTACKER resolve DEFENDER > LOSER lose [=> attack=N defense=M]`.
/// Returns whether the attack was found, so its reactions can be checked.
pub fn resolve_attack(
    state: &mut State,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> bool {
    let span = action.span;
    let Some(acting) = state.acting else {
        return false;
    };
    let Some(attacker) = action
        .actors()
        .next()
        .and_then(|a| resolve(state, a, acting))
    else {
        out.push(super::setup::unknown_unit(
            action.actor().text,
            &state.roster.sides[acting],
            action.actor().span,
        ));
        return false;
    };
    let enemy = state.roster.enemy_of(state.info(attacker).side);
    let Some(defender) = action
        .args()
        .iter()
        .find(|a| a.kind == AtomKind::Word)
        .and_then(|a| resolve(state, value::UnitRef::parse(a.text), enemy))
    else {
        out.push(Violation::new(
            "mass-combat::missing-target",
            span,
            format!(
                "{} resolves an attack on no known unit",
                state.name(attacker)
            ),
            rules::COMBAT,
        ));
        return false;
    };
    let Some(index) = state
        .attacks
        .iter()
        .position(|a| a.attacker == attacker && a.defender == defender && !a.resolved)
    else {
        out.push(Violation::new(
            "mass-combat::no-such-attack",
            span,
            format!(
                "{} declared no attack on {} this turn",
                state.name(attacker),
                state.name(defender)
            ),
            rules::COMBAT,
        ));
        return false;
    };
    state.attacks[index].resolved = true;
    // "If a defending unit is routed, ignore all remaining attacks involving that unit."
    let why = if state.attacks[index].negated {
        Some(format!("{} feinted", state.name(defender)))
    } else if state.units[defender].status != Status::Active {
        Some(format!(
            "{} is {}",
            state.name(defender),
            state.units[defender].status.word()
        ))
    } else if state.units[attacker].status != Status::Active {
        Some(format!(
            "{} is {}",
            state.name(attacker),
            state.units[attacker].status.word()
        ))
    } else {
        None
    };
    if let Some(why) = why {
        out.push(
            Violation::new(
                "mass-combat::attack-ignored",
                span,
                format!("{}'s attack on {} is ignored: {why}", state.name(attacker), state.name(defender)),
                rules::COMBAT,
            )
            .help("leave this line out: the rules ignore an attack once either unit has left or the defender feinted"),
        );
        return false;
    }
    let attack = state.attacks[index];
    let (attack_total, defense_total) = totals(state, &attack);
    // A tie is the attacker's loss: it must beat the defence (ruling MC-R13).
    let loser = if attack_total > defense_total {
        defender
    } else {
        attacker
    };
    for atom in action.outcome().unwrap_or(&[]) {
        let Some((key, claimed)) = value::pair(atom) else {
            continue;
        };
        let actual = match key {
            "attack" => attack_total,
            "defense" => defense_total,
            _ => continue,
        };
        if value::integer(&claimed) != Some(i64::from(actual)) {
            out.push(
                Violation::new(
                    "mass-combat::wrong-outcome",
                    atom.span,
                    format!(
                        "the log claims {key} {}, but {} totals {actual}",
                        claimed.text,
                        if key == "attack" {
                            state.name(attacker)
                        } else {
                            state.name(defender)
                        }
                    ),
                    rules::COMBAT,
                )
                .label(format!("{key} is {actual}"))
                .help(format!(
                    "attack {attack_total} against defense {defense_total}"
                )),
            );
        }
    }
    state.owed.push(Owed {
        units: [Some(loser), None, None, None],
        choices: &[Verb::LoseAttack, Verb::Rout],
        span,
        vacated: None,
    });
    state.combat = Some((attacker, defender, attack.charge));
    state.events.push(Event::Resolved {
        attacker,
        defender,
        attack: attack_total,
        defense: defense_total,
        loser,
    });
    true
}

/// After a loser's reaction: a defender that routed from losing makes its
/// attacker owe a slaughter or an escape.
pub fn after_loss(state: &mut State, loser: usize, span: Span) {
    let Some((attacker, defender, _)) = state.combat else {
        return;
    };
    if loser == defender && state.units[defender].status == Status::Routed {
        state.owed.push(Owed {
            units: [Some(attacker), None, None, None],
            choices: &[Verb::Slaughter, Verb::AllowEscape],
            span,
            vacated: None,
        });
        state.slaughter = Some(defender);
    }
}

/// The attacker slaughters the routed survivors, and leaves the field with them.
pub fn slaughter(state: &mut State, attacker: usize) {
    if let Some(victim) = state.slaughter.take() {
        state.units[victim].status = Status::Slaughtered;
        state.units[victim].slaughter = Some(attacker as u16);
        state.units[attacker].slaughter = Some(victim as u16);
        state.events.push(Event::Slaughtered {
            unit: victim,
            by: attacker,
        });
    }
    state.units[attacker].status = Status::Pursuing;
}

/// What a side's combat leaves unfinished at the end of its turn.
pub fn end_of_turn(state: &mut State, out: &mut Vec<Violation>) {
    // Read in place and cleared: the vectors keep their capacity turn to turn.
    for i in 0..state.attacks.len() {
        let attack = state.attacks[i];
        let gone = state.units[attack.defender].status != Status::Active
            || state.units[attack.attacker].status != Status::Active;
        if !attack.resolved && !attack.negated && !gone {
            out.push(
                Violation::new(
                    "mass-combat::unresolved-attack",
                    attack.span,
                    format!(
                        "{}'s attack on {} is never resolved",
                        state.name(attack.attacker),
                        state.name(attack.defender)
                    ),
                    rules::COMBAT,
                )
                .label("declared here")
                .help(format!(
                    "resolve it in the resolve phase: `{} resolve {} > LOSER lose`",
                    state.info(attack.attacker).id,
                    state.info(attack.defender).id
                )),
            );
        }
    }
    state.attacks.clear();
    for i in 0..state.charges.len() {
        let (cavalry, target, span) = state.charges[i];
        if state.units[cavalry].status == Status::Active
            && state.units[target].status == Status::Active
        {
            out.push(Violation::new(
                "mass-combat::charge-not-followed",
                span,
                format!(
                    "{} charged {} but did not attack it",
                    state.name(cavalry),
                    state.name(target)
                ),
                rules::MOVEMENT,
            ));
        }
    }
    state.charges.clear();
    state.attack_supports.clear();
    state.defense_supports.clear();
    state.defending.clear();
    state.combat = None;
    state.slaughter = None;
}
