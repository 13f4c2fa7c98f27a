//! Combat: declarations, defense, and resolution (mass-combat §Turn Order 3-5).

use senlac_notation::lower::Action;
use senlac_notation::value;
use senlac_notation::{AtomKind, Span};

use super::Fold;
use super::codes;
use super::event::Event;
use super::lookup::{active, resolve, target};
use super::pay::pay;
use super::rules;
use super::state::{Attack, Owed, State, Status};
use super::tables::{Edition, HILL_CREST_BONUS, Phase, SuperClass, Verb, cost, scores};
use crate::doubt::Subject;
use crate::violation::Violation;

/// The attacks still to resolve this turn, as help for a finding that
/// names one that is not.
fn declared_attacks(fold: &Fold<'_>) -> String {
    let open: Vec<String> = fold
        .attacks
        .iter()
        .filter(|a| !a.resolved && !a.negated)
        .map(|a| {
            format!(
                "{} on {}",
                fold.info(a.attacker).id,
                fold.info(a.defender).id
            )
        })
        .collect();
    if open.is_empty() {
        "no attack is declared and unresolved this turn: declare it in the combat phase, `ATTACKER attack DEFENDER`".to_string()
    } else {
        format!(
            "the attacks declared this turn and not yet resolved: {}",
            open.join(", ")
        )
    }
}

/// `ATTACKER attack DEFENDER > DEFENDER defend|feint`.
pub fn attack(fold: &mut Fold<'_>, unit: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if !can_fight(fold, unit, "attack", action.span, out) {
        return;
    }
    let Some(defender) = target(fold, unit, action, out) else {
        return;
    };
    if !adjacent(fold, unit, defender) {
        let apart = match (fold.units[unit].hex, fold.units[defender].hex) {
            (Some(a), Some(b)) => format!(
                "{} is at {a} and {} at {b}, {} hexes apart; ",
                fold.info(unit).id,
                fold.info(defender).id,
                fold.roster.distance(a, b)
            ),
            _ => String::new(),
        };
        let next: Vec<&str> = fold
            .adjacent_enemies(unit)
            .map(|e| fold.info(e).id.as_str())
            .collect();
        let help = if next.is_empty() {
            format!(
                "{apart}a unit attacks an enemy next to it: move next to it in the movement phase first"
            )
        } else {
            format!("{apart}the enemies next to it are {}", next.join(", "))
        };
        out.push(
            Violation::of(
                &codes::NOT_ADJACENT,
                action.span,
                format!(
                    "{} is not next to {}, so it cannot attack it",
                    fold.name(unit),
                    fold.name(defender)
                ),
                rules::DECLARATIONS,
            )
            .help(help),
        );
        return;
    }
    // A charge commits the cavalry to attack the unit it charged.
    if let Some(&(_, charged, _)) = fold.charges.iter().find(|c| c.0 == unit && c.1 != defender) {
        out.push(
            Violation::of(
                &codes::CHARGE_NOT_FOLLOWED,
                action.span,
                format!(
                    "{} charged {} and must attack it, not {}",
                    fold.name(unit),
                    fold.name(charged),
                    fold.name(defender)
                ),
                rules::MOVEMENT,
            )
            .label("its charge commits it to another target"),
        );
        return;
    }
    let edition = fold.roster.edition;
    pay(
        fold,
        unit,
        cost(edition, Verb::Attack, Phase::CombatDeclarations),
        "an attack",
        action.span,
        out,
    );
    // A unit that could not pay routed instead (MC-R3): no attack.
    if fold.units[unit].status != Status::Active {
        return;
    }
    fold.emit(Event::AttackDeclared {
        attacker: unit,
        defender,
        span: action.span,
    });
    fold.emit(Event::ReactionOwed {
        owed: Owed {
            units: [Some(defender), None, None, None],
            choices: &[Verb::Defend, Verb::Feint],
            span: action.span,
            vacated: None,
        },
    });
}

/// `SUPPORTER support-attack DEFENDER` and `SUPPORTER support-defense DEFENDER`.
pub fn support(
    fold: &mut Fold<'_>,
    unit: usize,
    verb: Verb,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if !can_fight(fold, unit, verb.word(), action.span, out) {
        return;
    }
    let Some(atom) = action.args().iter().find(|a| a.kind == AtomKind::Word) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            action.span,
            format!("{} names no unit to support", fold.name(unit)),
            rules::COMBAT,
        ));
        return;
    };
    let side = fold.info(unit).side;
    let enemy = fold.roster.enemy_of(side);
    let attacking = verb == Verb::SupportAttack;
    // The unit named is the defender in both cases: the enemy attacked, or the ally defending.
    let Some(defender) = resolve(
        fold,
        value::UnitRef::parse(atom.text),
        if attacking { enemy } else { side },
    ) else {
        out.push(super::setup::unknown_unit(
            &fold.roster,
            atom.text,
            Some(if attacking { enemy } else { side }),
            atom.span,
        ));
        return;
    };
    if !active(fold, defender, atom.span, out) {
        return;
    }
    let attackers: Vec<usize> = fold
        .attacks
        .iter()
        .filter(|a| a.defender == defender)
        .map(|a| a.attacker)
        .collect();
    if attackers.is_empty() {
        out.push(
            Violation::of(
                &codes::NO_SUCH_ATTACK,
                atom.span,
                format!(
                    "nobody attacks {}, so there is nothing to support",
                    fold.name(defender)
                ),
                rules::COMBAT,
            )
            .help(declared_attacks(fold)),
        );
        return;
    }
    let eligible = match (fold.roster.edition, attacking) {
        // a: adjacent to the enemy under attack.
        (Edition::A, true) => adjacent(fold, unit, defender),
        // b: adjacent to both an attacking ally and the target.
        (Edition::B, true) => {
            adjacent(fold, unit, defender) && attackers.iter().any(|&a| adjacent(fold, unit, a))
        }
        // a: adjacent to an attacking enemy unit.
        (Edition::A, false) => attackers.iter().any(|&a| adjacent(fold, unit, a)),
        // b: adjacent to both the defending ally and any enemy.
        (Edition::B, false) => adjacent(fold, unit, defender) && fold.has_adjacent_enemy(unit),
    };
    if !eligible {
        let need = match (fold.roster.edition, attacking) {
            (Edition::A, true) => format!("next to {}", fold.name(defender)),
            (Edition::B, true) => format!(
                "next to both {} and one of its attackers",
                fold.name(defender)
            ),
            (Edition::A, false) => {
                format!("next to one of the units attacking {}", fold.name(defender))
            }
            (Edition::B, false) => format!("next to both {} and an enemy", fold.name(defender)),
        };
        out.push(
            Violation::of(
                &codes::CANNOT_SUPPORT,
                action.span,
                format!("{} is not {need}, so it cannot support", fold.name(unit)),
                rules::DECLARATIONS,
            )
            .label("not adjacent"),
        );
        return;
    }
    fold.emit(Event::Supported {
        supporter: unit,
        defender,
        attack: attacking,
    });
}

fn can_fight(state: &State, unit: usize, what: &str, span: Span, out: &mut Vec<Violation>) -> bool {
    if state.info(unit).class.super_class() == SuperClass::Archers {
        out.push(Violation::of(
            &codes::ARCHERS_DO_NOT_FIGHT,
            span,
            format!(
                "{} is {}; archers do not {what}",
                state.name(unit),
                state.info(unit).class.name()
            ),
            rules::ARCHERS,
        ));
        return false;
    }
    if state.defending.contains(&unit) {
        out.push(Violation::of(
            &codes::DEFENDING,
            span,
            format!(
                "{} defends this turn and cannot act in defense declarations",
                state.name(unit)
            ),
            rules::DECLARATIONS,
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
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> bool {
    let span = action.span;
    let Some(acting) = fold.acting else {
        return false;
    };
    let Some(attacker) = action
        .actors()
        .next()
        .and_then(|a| resolve(fold, a, acting))
    else {
        out.push(super::setup::unknown_unit(
            &fold.roster,
            action.actor().text,
            Some(acting),
            action.actor().span,
        ));
        return false;
    };
    let enemy = fold.roster.enemy_of(fold.info(attacker).side);
    let Some(defender) = action
        .args()
        .iter()
        .find(|a| a.kind == AtomKind::Word)
        .and_then(|a| resolve(fold, value::UnitRef::parse(a.text), enemy))
    else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            format!(
                "{} resolves an attack on no known unit",
                fold.name(attacker)
            ),
            rules::COMBAT,
        ));
        return false;
    };
    // A unit never deployed had no attack to resolve (MC-R24): reported once,
    // at its first mention, and not again as a missing attack.
    for unit in [attacker, defender] {
        if fold.units[unit].status == Status::Reserve {
            active(fold, unit, span, out);
            return false;
        }
    }
    let Some(index) = fold
        .attacks
        .iter()
        .position(|a| a.attacker == attacker && a.defender == defender && !a.resolved)
    else {
        out.push(
            Violation::of(
                &codes::NO_SUCH_ATTACK,
                span,
                format!(
                    "{} declared no attack on {} this turn",
                    fold.name(attacker),
                    fold.name(defender)
                ),
                rules::COMBAT,
            )
            .help(declared_attacks(fold)),
        );
        return false;
    };
    fold.emit(Event::AttackSettled { attacker, defender });
    // "If a defending unit is routed, ignore all remaining attacks involving that unit."
    let why = if fold.attacks[index].negated {
        Some(format!("{} feinted", fold.name(defender)))
    } else if fold.units[defender].status != Status::Active {
        Some(format!(
            "{} is {}",
            fold.name(defender),
            fold.units[defender].status.word()
        ))
    } else if fold.units[attacker].status != Status::Active {
        Some(format!(
            "{} is {}",
            fold.name(attacker),
            fold.units[attacker].status.word()
        ))
    } else {
        None
    };
    if let Some(why) = why {
        out.push(
            Violation::of(
                &codes::ATTACK_IGNORED,
                span,
                format!("{}'s attack on {} is ignored: {why}", fold.name(attacker), fold.name(defender)),
                rules::COMBAT,
            )
            .help("leave this line out: the rules ignore an attack once either unit has left or the defender feinted"),
        );
        return false;
    }
    let attack = fold.attacks[index];
    let (attack_total, defense_total) = totals(fold, &attack);
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
                Violation::of(
                    &codes::WRONG_OUTCOME,
                    atom.span,
                    format!(
                        "the log claims {key} {}, but {} totals {actual}",
                        claimed.text,
                        if key == "attack" {
                            fold.name(attacker)
                        } else {
                            fold.name(defender)
                        }
                    ),
                    rules::TOTALS,
                )
                .label(format!("{key} is {actual}"))
                .help(format!(
                    "attack {attack_total} against defense {defense_total}"
                )),
            );
        }
    }
    fold.emit(Event::ReactionOwed {
        owed: Owed {
            units: [Some(loser), None, None, None],
            choices: &[Verb::LoseAttack, Verb::Rout],
            span,
            vacated: None,
        },
    });
    fold.emit(Event::CombatBegun {
        attacker,
        defender,
        charge: attack.charge,
    });
    fold.emit(Event::Resolved {
        attacker,
        defender,
        attack: attack_total,
        defense: defense_total,
        loser,
    });
    !wrong_loser(
        fold,
        action,
        (attacker, defender, loser),
        (attack_total, defense_total),
        out,
    )
}

/// A resolve line whose first reaction makes the winner lose: reported with
/// the totals (and, on a tie, the ruling that decides it, MC-R13), then
/// repaired as if the loser had answered with the verb written, so the
/// replay goes on from the rules' outcome. Returns whether it was wrong.
fn wrong_loser(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    (attacker, defender, loser): (usize, usize, usize),
    (attack, defense): (u32, u32),
    out: &mut Vec<Violation>,
) -> bool {
    let Some(first) = action.reactions().next() else {
        return false;
    };
    let Some(verb) =
        Verb::parse(first.verb.text).filter(|v| matches!(v, Verb::LoseAttack | Verb::Rout))
    else {
        return false;
    };
    let winner = if loser == defender {
        attacker
    } else {
        defender
    };
    let Some(reference) = value::unit_refs(&first.reactor).next() else {
        return false;
    };
    // A bare id is the loser's when the loser has it (the loser owes the
    // reaction, as play reads reactors); else whichever unit of the pair has it.
    let named = match reference.side {
        Some(_) => resolve(fold, reference, fold.info(winner).side),
        None if fold.info(loser).id == reference.id => Some(loser),
        None => (fold.info(winner).id == reference.id).then_some(winner),
    };
    if named != Some(winner) {
        return false;
    }
    let (why, rule) = if attack == defense {
        (
            format!(
                "attack {attack} against defense {defense} is a tie, and a tie is the attacker's loss"
            ),
            rules::TIE,
        )
    } else {
        (
            format!("attack {attack} against defense {defense}: the higher total wins"),
            rules::RESOLVE,
        )
    };
    let id = match reference.side {
        Some(_) => format!(
            "{}.{}",
            fold.roster.sides[fold.info(loser).side],
            fold.info(loser).id
        ),
        None => fold.info(loser).id.to_string(),
    };
    out.push(
        Violation::of(
            &codes::WRONG_LOSER,
            first.reactor.span,
            format!(
                "{why}: {} loses, not {}",
                fold.name(loser),
                fold.name(winner)
            ),
            rule,
        )
        .label(format!("{} wins", fold.name(winner)))
        .help(format!(
            "the loser takes 'Lose Attack' (or routs): `> {id} {}`",
            first.verb.text
        ))
        .fix(senlac_notation::Fix::new(
            first.reactor.span,
            id.clone(),
            format!("make {id} the loser"),
        )),
    );
    super::play::react(fold, loser, verb, first.args, first.verb.span, out);
    true
}

/// After a loser's reaction: a defender that routed from losing makes its
/// attacker owe a slaughter or an escape.
pub fn after_loss(fold: &mut Fold<'_>, loser: usize, span: Span) {
    let Some((attacker, defender, _)) = fold.combat else {
        return;
    };
    if loser == defender && fold.units[defender].status == Status::Routed {
        fold.emit(Event::ReactionOwed {
            owed: Owed {
                units: [Some(attacker), None, None, None],
                choices: &[Verb::Slaughter, Verb::AllowEscape],
                span,
                vacated: None,
            },
        });
        fold.emit(Event::SlaughterPending { unit: defender });
    }
}

/// The attacker slaughters the routed survivors, and leaves the field with them.
pub fn slaughter(fold: &mut Fold<'_>, attacker: usize) {
    if let Some(victim) = fold.slaughter {
        fold.emit(Event::Slaughtered {
            unit: victim,
            by: attacker,
        });
    }
    fold.emit(Event::Pursuing { unit: attacker });
}

/// What a side's combat leaves unfinished at the end of its turn.
pub fn end_of_turn(fold: &mut Fold<'_>, out: &mut Vec<Violation>) {
    for i in 0..fold.attacks.len() {
        let attack = fold.attacks[i];
        let gone = fold.units[attack.defender].status != Status::Active
            || fold.units[attack.attacker].status != Status::Active;
        if !attack.resolved && !attack.negated && !gone {
            let before = out.len();
            out.push(
                Violation::of(
                    &codes::UNRESOLVED_ATTACK,
                    attack.span,
                    format!(
                        "{}'s attack on {} is never resolved",
                        fold.name(attack.attacker),
                        fold.name(attack.defender)
                    ),
                    rules::COMBAT,
                )
                .label("declared here")
                .help(format!(
                    "resolve it in the resolve phase: `{} resolve {} > LOSER lose`",
                    fold.info(attack.attacker).id,
                    fold.info(attack.defender).id
                )),
            );
            let subjects = [
                Subject::Unit(attack.attacker),
                Subject::Unit(attack.defender),
            ];
            fold.doubt().weigh(&subjects, out, before);
        }
    }
    for i in 0..fold.charges.len() {
        let (cavalry, target, span) = fold.charges[i];
        if fold.units[cavalry].status == Status::Active
            && fold.units[target].status == Status::Active
        {
            let before = out.len();
            out.push(Violation::of(
                &codes::CHARGE_NOT_FOLLOWED,
                span,
                format!(
                    "{} charged {} but did not attack it",
                    fold.name(cavalry),
                    fold.name(target)
                ),
                rules::MOVEMENT,
            ));
            fold.doubt().weigh(
                &[Subject::Unit(cavalry), Subject::Unit(target)],
                out,
                before,
            );
        }
    }
    let unfinished = !fold.attacks.is_empty()
        || !fold.charges.is_empty()
        || !fold.attack_supports.is_empty()
        || !fold.defense_supports.is_empty()
        || !fold.defending.is_empty()
        || fold.combat.is_some()
        || fold.slaughter.is_some();
    // Cleared in place, the vectors keep their capacity turn to turn.
    if unfinished {
        fold.emit(Event::CombatCleared);
    }
}
