//! Playing Mass Combat's movetext: turns, phases, actions and reactions.

use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{self, Cell, UnitRef};
use senlac_notation::{Atom, AtomKind, Span};

use super::event::{Event, Path, label};
use super::rules;
use super::state::{Cause, Owed, State, Status};
use super::tables::{
    ADVANCE_HEXES, CHARGE_HEXES, Class, Cost, DISENGAGE_HEXES, MANEUVER_HEXES, Phase, SuperClass,
    VOLLEY_RANGE, Verb, cost,
};
use crate::violation::Violation;

pub fn play(state: &mut State, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    state.events.clear();
    match *step {
        Step::Turn { number, side, span } => begin_side_turn(state, number, side, span, out),
        Step::Phase { name, span } => begin_phase(state, name, span, out),
        Step::Action(action) => act(state, &action, out),
        _ => {}
    }
}

/// What a side-turn leaves unfinished: reactions still owed, units that never moved.
pub fn end_side_turn(state: &mut State, at: Span, out: &mut Vec<Violation>) {
    flush_owed(state, out);
    super::combat::end_of_turn(state, out);
    let Some(side) = state.acting else { return };
    {
        let missing: Vec<usize> = state.active_of(side).filter(|&u| !state.moved[u]).collect();
        for unit in missing {
            let name = state.name(unit);
            out.push(
                Violation::new(
                    "mass-combat::missing-action",
                    at,
                    format!("{name} took no movement action in turn {}", state.turn),
                    rules::MOVE_ALL,
                )
                .label("the turn ends here")
                .help(format!(
                    "every unit acts in the movement phase: `{} hold` (1 command point) when no enemy is adjacent, `engage` when one is",
                    state.info(unit).id
                )),
            );
        }
    }
}

fn begin_side_turn(
    state: &mut State,
    number: u32,
    side_name: &str,
    span: Span,
    out: &mut Vec<Violation>,
) {
    end_side_turn(state, span, out);
    let Some(side) = state.roster.side_index(side_name) else {
        out.push(super::setup::unknown_side(
            side_name,
            span,
            &state.roster.sides,
        ));
        return;
    };
    let (expected_side, expected_turn) = match state.acting {
        None => (state.roster.first_turn.unwrap_or(side), 1),
        Some(previous) => {
            let next = state.roster.enemy_of(previous);
            let opener = state
                .roster
                .first_turn
                .unwrap_or(state.first_side.unwrap_or(side));
            (
                next,
                if next == opener {
                    state.turn.saturating_add(1)
                } else {
                    state.turn
                },
            )
        }
    };
    if side != expected_side {
        out.push(
            Violation::new(
                "mass-combat::turn-order",
                span,
                format!(
                    "{side_name} acts out of turn: it is {}'s turn",
                    state.roster.sides[expected_side]
                ),
                rules::TURN_ORDER,
            )
            .help("the sides alternate, starting with the side named by `first SIDE turn`"),
        );
    } else if number != expected_turn {
        out.push(
            Violation::new(
                "mass-combat::turn-number",
                span,
                format!("this is turn {expected_turn}, not turn {number}"),
                rules::TURN_ORDER,
            )
            .help(format!("number it `{expected_turn}. {side_name}`")),
        );
    }
    if state.first_side.is_none() {
        state.first_side = Some(side);
    }
    state.acting = Some(side);
    state.turn = number;
    state.phase = None;
    state.side_turns += 1;
    state.moved.iter_mut().for_each(|m| *m = false);
    state.units.iter_mut().for_each(|u| u.acted = false);
}

fn begin_phase(state: &mut State, name: &str, span: Span, out: &mut Vec<Violation>) {
    flush_owed(state, out);
    let Some(phase) = Phase::ALL.iter().copied().find(|p| p.word() == name) else {
        out.push(
            Violation::new(
                "mass-combat::unknown-phase",
                span,
                format!("`{name}` is not a Mass Combat phase"),
                rules::PHASES,
            )
            .help("the phases are volley, movement, combat, defense and resolve, in that order"),
        );
        return;
    };
    if state
        .phase
        .is_some_and(|current| current as u8 >= phase as u8)
    {
        out.push(Violation::new(
            "mass-combat::phase-order",
            span,
            format!(
                "`{name}:` cannot follow `{}:`: the phases go volley, movement, combat, defense, resolve, once each",
                state.phase.map_or("", |p| p.word())
            ),
            rules::PHASES,
        ));
    }
    state.phase = Some(phase);
    state.units.iter_mut().for_each(|u| u.acted = false);
}

/// Reactions still owed when play moves on are missing.
pub fn flush_owed(state: &mut State, out: &mut Vec<Violation>) {
    if state.owed.is_empty() {
        return;
    }
    for owed in std::mem::take(&mut state.owed) {
        let Some(unit) = owed.units.iter().flatten().next().copied() else {
            continue;
        };
        let choices: Vec<&str> = owed.choices.iter().map(|v| v.word()).collect();
        out.push(
            Violation::new(
                "mass-combat::missing-reaction",
                owed.span,
                format!(
                    "{} owes a reaction to this action: {}",
                    state.name(unit),
                    choices.join(" or ")
                ),
                rules::TURN_ORDER,
            )
            .label("this forces a reaction")
            .help(format!(
                "add `> {} {}` to the action",
                state.info(unit).id,
                choices[0]
            )),
        );
    }
}

fn act(state: &mut State, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    act_unchecked(state, action, out);
    super::claims::check(state, action, out);
}

fn act_unchecked(state: &mut State, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let verb_atom = action.verb();
    if verb_atom.text == "resolve" {
        flush_owed(state, out);
        if state.phase != Some(Phase::ResolveCombat) {
            out.push(Violation::new(
                "mass-combat::wrong-phase",
                verb_atom.span,
                "combat is resolved in the resolve phase",
                rules::PHASES,
            ));
            return;
        }
        if super::combat::resolve_attack(state, action, out) {
            let acting = state.acting.unwrap_or(0);
            react_all(state, action, acting, out.len(), out);
        }
        return;
    }
    let Some(verb) = Verb::parse(verb_atom.text) else {
        out.push(
            Violation::new(
                "mass-combat::unknown-verb",
                verb_atom.span,
                format!("`{}` is not a Mass Combat action", verb_atom.text),
                rules::TURN_ORDER,
            )
            .label("unknown verb")
            .help("`senlac rules mass-combat/a` lists the actions"),
        );
        return;
    };
    let reaction_verb = verb.is_reaction() || verb == Verb::Rout;
    if !reaction_verb {
        flush_owed(state, out);
    }
    // Counted after the flush: an earlier action's missing reaction is not this one's fault.
    let before = out.len();
    let Some(phase) = state.phase else {
        out.push(
            Violation::new(
                "mass-combat::missing-phase",
                action.span,
                "action outside any phase",
                rules::PHASES,
            )
            .help("start the phase first, e.g. `movement:`"),
        );
        return;
    };
    let Some(acting) = state.acting else { return };
    let own = if phase == Phase::DefenseDeclarations {
        state.roster.enemy_of(acting)
    } else {
        acting
    };
    for actor in action.actors() {
        let unit = if reaction_verb {
            resolve_reactor(state, actor, own, Some(verb))
        } else {
            resolve(state, actor, own)
        };
        let Some(unit) = unit else {
            let side = actor.side.unwrap_or(&state.roster.sides[own]).to_string();
            out.push(super::setup::unknown_unit(
                actor.id,
                &side,
                action.actor().span,
            ));
            continue;
        };
        if !active(state, unit, action.actor().span, out) {
            continue;
        }
        if reaction_verb {
            react(state, unit, verb, action.args(), action.span, out);
            continue;
        }
        if state.info(unit).side != own {
            out.push(
                Violation::new(
                    "mass-combat::wrong-side",
                    action.actor().span,
                    format!("{} cannot act now: it is {}'s turn", state.name(unit), state.roster.sides[own]),
                    rules::TURN_ORDER,
                )
                .help("a side acts in its own turn (and the other side in the defense phase); `Side.ID` only tells units apart"),
            );
            continue;
        }
        if state.units[unit].acted {
            out.push(Violation::new(
                "mass-combat::already-acted",
                action.span,
                format!(
                    "{} already acted in the {} phase",
                    state.name(unit),
                    phase.word()
                ),
                rules::TURN_ORDER,
            ));
            continue;
        }
        state.units[unit].acted = true;
        perform(state, unit, verb, phase, action, out);
    }
    react_all(state, action, own, before, out);
}

/// The `> UNIT VERB` reactions written in an action.
fn react_all(
    state: &mut State,
    action: &Action<'_, '_>,
    own: usize,
    before: usize,
    out: &mut Vec<Violation>,
) {
    // The reactions of a rejected action answer nothing: they are not checked.
    if out.len() > before {
        return;
    }
    for reaction in action.reactions() {
        let Some(unit) = value::unit_refs(&reaction.reactor)
            .next()
            .and_then(|r| resolve_reactor(state, r, own, Verb::parse(reaction.verb.text)))
        else {
            out.push(super::setup::unknown_unit(
                reaction.reactor.text,
                "either side",
                reaction.reactor.span,
            ));
            continue;
        };
        let Some(verb) = Verb::parse(reaction.verb.text) else {
            out.push(Violation::new(
                "mass-combat::unknown-verb",
                reaction.verb.span,
                format!("`{}` is not a Mass Combat reaction", reaction.verb.text),
                rules::TURN_ORDER,
            ));
            continue;
        };
        if active(state, unit, reaction.reactor.span, out) {
            react(state, unit, verb, reaction.args, reaction.verb.span, out);
        }
    }
}

/// A unit named in an action of `side`'s.
pub(super) fn resolve(state: &State, unit: UnitRef<'_>, side: usize) -> Option<usize> {
    let side = match unit.side {
        Some(name) => state.roster.side_index(name)?,
        None => side,
    };
    state.roster.unit_index(side, unit.id)
}

/// A unit answering a reaction: one that owes it, else `side`'s, else the enemy's.
fn resolve_reactor(
    state: &State,
    unit: UnitRef<'_>,
    side: usize,
    verb: Option<Verb>,
) -> Option<usize> {
    if unit.side.is_some() {
        return resolve(state, unit, side);
    }
    // Prefer a unit that owes this very reaction (any owed reaction may be a rout).
    let owes = |o: &&Owed| verb.is_none_or(|v| v == Verb::Rout || o.choices.contains(&v));
    let owing = |filter: &dyn Fn(&&Owed) -> bool| {
        state
            .owed
            .iter()
            .filter(filter)
            .flat_map(|o| o.units.iter().flatten().copied())
            .find(|&u| state.info(u).id == unit.id)
    };
    owing(&owes)
        .or_else(|| owing(&|_| true))
        .or_else(|| resolve(state, unit, side))
        .or_else(|| resolve(state, unit, state.roster.enemy_of(side)))
}

pub(super) fn active(state: &State, unit: usize, span: Span, out: &mut Vec<Violation>) -> bool {
    let status = state.units[unit].status;
    if status == Status::Active {
        return true;
    }
    out.push(
        Violation::new(
            "mass-combat::unit-not-active",
            span,
            format!("{} cannot act: it is {}", state.name(unit), status.word()),
            rules::ROUT,
        )
        .label(format!("{} is {}", state.info(unit).id, status.word())),
    );
    false
}

/// Spends a cost; a unit that cannot pay routs instead (MC-R3).
pub(super) fn pay(
    state: &mut State,
    unit: usize,
    cost: Cost,
    what: &str,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let have = state.units[unit].command_points;
    if have < cost.command_points {
        out.push(
            Violation::new(
                "mass-combat::insufficient-command-points",
                span,
                format!(
                    "{} has {have} command point{} but {what} costs {}",
                    state.name(unit),
                    if have == 1 { "" } else { "s" },
                    cost.command_points
                ),
                rules::COSTS,
            )
            .label(format!("needs {}, has {have}", cost.command_points))
            .help(format!(
                "a unit that cannot pay routs: write `{} rout`",
                state.info(unit).id
            )),
        );
        rout(state, unit, Cause::Unpaid, span);
        return;
    }
    state.units[unit].command_points = have - cost.command_points;
    if cost.command_points > 0 {
        state.events.push(Event::Spent {
            unit,
            command_points: cost.command_points,
        });
    }
    damage(state, unit, cost.damage, span);
}

fn damage(state: &mut State, unit: usize, amount: u8, span: Span) {
    if amount == 0 {
        return;
    }
    state.events.push(Event::Damaged {
        unit,
        damage: amount,
    });
    let u = &mut state.units[unit];
    u.damage = u.damage.saturating_add(amount);
    if u.damage >= super::tables::ROUT_DAMAGE {
        rout(state, unit, Cause::Damage, span);
    }
}

/// Removes a unit; allies of lower grade owe a morale check.
pub fn rout(state: &mut State, unit: usize, cause: Cause, span: Span) {
    if state.units[unit].status != Status::Active {
        return;
    }
    state.units[unit].status = Status::Routed;
    state.units[unit].cause = Some(cause);
    state.events.push(Event::Routed { unit });
    let (side, grade) = (state.info(unit).side, state.info(unit).grade);
    let checks: Vec<usize> = state
        .active_of(side)
        .filter(|&u| state.info(u).grade.is_lower_than(grade))
        .collect();
    for ally in checks {
        state.owed.push(Owed {
            units: [Some(ally), None, None, None],
            choices: &[Verb::MoraleCheck, Verb::Rout],
            span,
            vacated: None,
        });
    }
}

fn react(
    state: &mut State,
    unit: usize,
    verb: Verb,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    let edition = state.roster.edition;
    let phase = state.phase.unwrap_or(Phase::Volley);
    if verb == Verb::Rout {
        let answering = state.owed.iter().find(|o| o.by(unit)).map(|o| o.choices);
        let cause = match answering {
            Some(choices) if choices.contains(&Verb::EndureCharge) => Cause::Charge,
            Some(choices) if choices.contains(&Verb::MoraleCheck) => Cause::Morale,
            // Broken by the attack that followed a charge: routed by the charge.
            Some(choices)
                if choices.contains(&Verb::LoseAttack)
                    && state.combat.is_some_and(|c| c.2 && c.1 == unit) =>
            {
                Cause::Charge
            }
            Some(choices) if choices.contains(&Verb::LoseAttack) => Cause::Combat,
            _ => Cause::Choice,
        };
        state.owed.retain(|o| !o.by(unit));
        rout(state, unit, cause, span);
        // Only a defender that routs in place of taking its loss can be slaughtered.
        if answering.is_some_and(|choices| choices.contains(&Verb::LoseAttack)) {
            super::combat::after_loss(state, unit, span);
        }
        return;
    }
    let Some(index) = state
        .owed
        .iter()
        .position(|o| o.by(unit) && o.choices.contains(&verb))
    else {
        let owed: Vec<&str> = state
            .owed
            .iter()
            .filter(|o| o.by(unit))
            .flat_map(|o| o.choices.iter().map(|v| v.word()))
            .collect();
        out.push(
            Violation::new(
                "mass-combat::unprompted-reaction",
                span,
                format!(
                    "{} does not owe a `{}` reaction here",
                    state.name(unit),
                    verb.word()
                ),
                rules::TURN_ORDER,
            )
            .help(if owed.is_empty() {
                "reactions answer the action that forces them".to_string()
            } else {
                format!("it owes: {}", owed.join(" or "))
            }),
        );
        return;
    };
    let owed = state.owed.remove(index);
    match verb {
        Verb::Defend => state.defending.push(unit),
        Verb::Feint => match feint(state, unit, args, span) {
            Ok(()) => {}
            Err(violation) => {
                // A feint that cannot be made leaves the unit defending.
                out.push(violation);
                state.defending.push(unit);
                return;
            }
        },
        _ => {}
    }
    if verb == Verb::Pursue
        && let Some(cell) = owed.vacated
        && let Some(from) = state.units[unit].hex
    {
        state.units[unit].hex = Some(cell);
        record_step(state, unit, from, cell);
    }
    pay(
        state,
        unit,
        cost(edition, verb, phase),
        verb.word(),
        span,
        out,
    );
    match verb {
        Verb::LoseAttack => super::combat::after_loss(state, unit, span),
        Verb::Slaughter => super::combat::slaughter(state, unit),
        _ => {}
    }
}

fn perform(
    state: &mut State,
    unit: usize,
    verb: Verb,
    phase: Phase,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let edition = state.roster.edition;
    let class = state.info(unit).class;
    let allowed: &[Phase] = match verb {
        Verb::Volley => &[Phase::Volley],
        // The resolve phase has no actions of its own.
        Verb::Hold => &Phase::ALL[..4],
        Verb::Advance
        | Verb::Disengage
        | Verb::Engage
        | Verb::Wait
        | Verb::Maneuver
        | Verb::Charge => &[Phase::Movement],
        Verb::Attack | Verb::SupportAttack => &[Phase::CombatDeclarations],
        Verb::SupportDefense => &[Phase::DefenseDeclarations],
        _ => &[],
    };
    if !allowed.contains(&phase) {
        out.push(Violation::new(
            "mass-combat::wrong-phase",
            action.verb().span,
            format!(
                "`{}` is not an action of the {} phase",
                verb.word(),
                phase.word()
            ),
            rules::TURN_ORDER,
        ));
        return;
    }
    if phase == Phase::Movement {
        state.moved[unit] = true;
    }
    // Only movement asks whether an enemy is adjacent; the scan is not free.
    let adjacent = phase == Phase::Movement && state.adjacent_enemies(unit).next().is_some();
    let span = action.span;
    let fail = |code: &'static str, message: String, rule: &'static str| {
        Violation::new(code, span, message, rule)
    };
    match verb {
        Verb::Volley => {
            if class.super_class() != SuperClass::Archers {
                out.push(fail(
                    "mass-combat::not-an-archer",
                    format!(
                        "{} is {}, and only archers volley",
                        state.name(unit),
                        class.name()
                    ),
                    rules::VOLLEY,
                ));
                return;
            }
            let Some(target) = target(state, unit, action, out) else {
                return;
            };
            let (Some(from), Some(to)) = (state.units[unit].hex, state.units[target].hex) else {
                return;
            };
            let distance = state.roster.distance(from, to);
            if distance > u32::from(VOLLEY_RANGE) {
                out.push(
                    fail(
                        "mass-combat::out-of-range",
                        format!(
                            "{} is {distance} hexes from {}; a volley reaches {VOLLEY_RANGE}",
                            state.name(unit),
                            state.name(target)
                        ),
                        rules::VOLLEY,
                    )
                    .label(format!("{distance} hexes > {VOLLEY_RANGE}")),
                );
                return;
            }
            pay(
                state,
                unit,
                cost(edition, verb, phase),
                "a volley",
                span,
                out,
            );
            // An archer that could not pay routed instead (MC-R3): no volley.
            if state.units[unit].status != Status::Active {
                return;
            }
            state.events.push(Event::Volley {
                archer: unit,
                target,
            });
            state.owed.push(Owed {
                units: [Some(target), None, None, None],
                choices: &[Verb::EndureMissiles, Verb::TakeDamage],
                span,
                vacated: None,
            });
        }
        Verb::Hold if phase == Phase::Movement && adjacent => out.push(
            fail(
                "mass-combat::hold-while-adjacent",
                format!(
                    "{} is adjacent to an enemy, so it cannot hold",
                    state.name(unit)
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "a unit next to an enemy engages: `{} engage`",
                state.info(unit).id
            )),
        ),
        Verb::Hold => pay(
            state,
            unit,
            cost(edition, verb, phase),
            "holding",
            span,
            out,
        ),
        Verb::Engage if !adjacent => out.push(
            fail(
                "mass-combat::not-adjacent",
                format!(
                    "{} is adjacent to no enemy, so it cannot engage",
                    state.name(unit)
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "`{} hold` costs 1 command point",
                state.info(unit).id
            )),
        ),
        Verb::Engage => {}
        Verb::Wait => {
            let may_wait = matches!(class, Class::LightCavalry | Class::SkirmishInfantry)
                || class.super_class() == SuperClass::Archers;
            if !may_wait {
                out.push(fail(
                    "mass-combat::cannot-wait",
                    format!("{} is {}; only light cavalry, archers and skirmish infantry take a waiting position", state.name(unit), class.name()),
                    rules::MOVEMENT,
                ));
            }
        }
        Verb::Charge if class.super_class() != SuperClass::Cavalry => out.push(fail(
            "mass-combat::not-cavalry",
            format!(
                "{} is {}, and only cavalry charges",
                state.name(unit),
                class.name()
            ),
            rules::MOVEMENT,
        )),
        Verb::Advance | Verb::Maneuver | Verb::Charge | Verb::Disengage => {
            movement(state, unit, verb, adjacent, action, out)
        }
        Verb::Attack => super::combat::attack(state, unit, action, out),
        Verb::SupportAttack | Verb::SupportDefense => {
            super::combat::support(state, unit, verb, action, out)
        }
        _ => {}
    }
}

/// The enemy unit an action targets: its first unit argument.
pub(super) fn target(
    state: &State,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let enemy = state.roster.enemy_of(state.info(unit).side);
    let Some(atom) = action.args().iter().find(|a| a.kind == AtomKind::Word) else {
        out.push(Violation::new(
            "mass-combat::missing-target",
            action.span,
            format!(
                "{} `{}` names no target",
                state.name(unit),
                action.verb().text
            ),
            rules::TURN_ORDER,
        ));
        return None;
    };
    let found = resolve(state, UnitRef::parse(atom.text), enemy);
    match found {
        Some(target) if state.info(target).side == state.info(unit).side => {
            out.push(Violation::new(
                "mass-combat::friendly-target",
                atom.span,
                format!(
                    "{} is on {}'s own side",
                    state.name(target),
                    state.name(unit)
                ),
                rules::TURN_ORDER,
            ));
            None
        }
        Some(target) if active(state, target, atom.span, out) => Some(target),
        Some(_) => None,
        None => {
            out.push(super::setup::unknown_unit(
                atom.text,
                &state.roster.sides[enemy],
                atom.span,
            ));
            None
        }
    }
}

/// Advance, maneuver, charge and disengage: a path of hexes, checked step by step.
fn movement(
    state: &mut State,
    unit: usize,
    verb: Verb,
    adjacent: bool,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let edition = state.roster.edition;
    let span = action.span;
    let Some(start) = state.units[unit].hex else {
        return;
    };
    let Some(path_atom) = action
        .args()
        .iter()
        .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
    else {
        out.push(
            Violation::new(
                "mass-combat::missing-path",
                span,
                format!(
                    "{} `{}` needs the hexes it moves through",
                    state.name(unit),
                    verb.word()
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "e.g. `{} {} 0506-0507`",
                state.info(unit).id,
                verb.word()
            )),
        );
        return;
    };
    // The path may start with the unit's own hex (MC-R12); read twice, not collected.
    let from_start = value::cells(path_atom).next() == Some(start);
    let path = || value::cells(path_atom).skip(usize::from(from_start));
    let steps = path().count();
    let (limit, rule) = match verb {
        Verb::Advance => (ADVANCE_HEXES, rules::MOVEMENT),
        Verb::Maneuver => (MANEUVER_HEXES, rules::MOVEMENT),
        Verb::Charge => (CHARGE_HEXES, rules::MOVEMENT),
        _ => (DISENGAGE_HEXES, rules::MOVEMENT),
    };
    let needs_engaged = verb == Verb::Disengage;
    if adjacent != needs_engaged {
        let message = if needs_engaged {
            format!(
                "{} is adjacent to no enemy, so it has nothing to disengage from",
                state.name(unit)
            )
        } else {
            format!(
                "{} is adjacent to an enemy and cannot {}",
                state.name(unit),
                verb.word()
            )
        };
        out.push(Violation::new("mass-combat::engaged", span, message, rule));
        return;
    }
    if steps > usize::from(limit) || steps == 0 {
        out.push(
            Violation::new(
                "mass-combat::too-far",
                path_atom.span,
                format!(
                    "{} {}s {} hexes; the limit is {limit}",
                    state.name(unit),
                    verb.word(),
                    steps
                ),
                rule,
            )
            .label(format!("{steps} hexes")),
        );
        return;
    }
    let mut at = start;
    for cell in path() {
        let problem = if !state.roster.adjacent(at, cell) {
            Some((
                "mass-combat::broken-path",
                format!("{cell} is not next to {at}"),
            ))
        } else if !state.roster.on_map(cell) {
            Some(("mass-combat::off-map", format!("{cell} is off the map")))
        } else if state.roster.impassable.contains(&cell) {
            Some((
                "mass-combat::impassable",
                format!("{} cannot enter impassable {cell}", state.name(unit)),
            ))
        } else if state.unit_at(cell).is_some() {
            Some(("mass-combat::occupied", format!("{cell} is occupied")))
        } else {
            None
        };
        if let Some((code, message)) = problem {
            out.push(
                Violation::new(code, path_atom.span, message, rules::PATHS)
                    .label(format!("at {cell}")),
            );
            return;
        }
        at = cell;
    }
    let side = state.info(unit).side;
    let before = state.nearest_enemy(side, start);
    // The adjacent enemies with the fewest command points may pursue (MC-R16).
    let mut pursuers = [None; 4];
    if verb == Verb::Disengage {
        let lowest = state
            .adjacent_enemies(unit)
            .map(|e| state.units[e].command_points)
            .min();
        let fewest = state
            .adjacent_enemies(unit)
            .filter(|&e| Some(state.units[e].command_points) == lowest);
        for (slot, enemy) in pursuers.iter_mut().zip(fewest) {
            *slot = Some(enemy);
        }
    }
    state.units[unit].hex = Some(at);
    let mut route = Path::default();
    route.push(label(start));
    for cell in path() {
        route.push(label(cell));
    }
    state.events.push(Event::Moved {
        unit,
        from: label(start),
        to: label(at),
        charge: verb == Verb::Charge,
        path: route,
    });
    match verb {
        Verb::Advance => {
            let after = state.nearest_enemy(side, at);
            if !matches!((before, after), (Some(b), Some(a)) if a < b) {
                out.push(Violation::new(
                    "mass-combat::not-closer",
                    span,
                    format!("{} ends its advance {} hexes from the nearest enemy, not closer than the {} it started", state.name(unit), after.unwrap_or(0), before.unwrap_or(0)),
                    rules::MOVEMENT,
                ));
            }
        }
        Verb::Disengage => {
            if state.adjacent_enemies(unit).next().is_some() {
                out.push(Violation::new(
                    "mass-combat::still-engaged",
                    span,
                    format!("{} ends its disengage next to an enemy", state.name(unit)),
                    rules::MOVEMENT,
                ));
                // A rejected disengage forces no reaction.
                return;
            }
            let units = pursuers;
            state.owed.push(Owed {
                units,
                choices: &[Verb::Pursue, Verb::AllowDisengagement],
                span,
                vacated: Some(start),
            });
        }
        Verb::Charge => {
            let Some(target) = target(state, unit, action, out) else {
                return;
            };
            let next_to = state.units[target]
                .hex
                .is_some_and(|h| state.roster.adjacent(at, h));
            if !next_to {
                out.push(Violation::new(
                    "mass-combat::charge-short",
                    span,
                    format!(
                        "{}'s charge ends at {at}, not next to its target {}",
                        state.name(unit),
                        state.name(target)
                    ),
                    rules::MOVEMENT,
                ));
                // A charge that falls short commits nothing and forces nothing.
                return;
            }
            state.charges.push((unit, target, span));
            if state.info(target).class.super_class() == SuperClass::Infantry {
                state.owed.push(Owed {
                    units: [Some(target), None, None, None],
                    choices: &[Verb::EndureCharge],
                    span,
                    vacated: None,
                });
            }
        }
        _ => {}
    }
    pay(
        state,
        unit,
        cost(edition, verb, Phase::Movement),
        verb.word(),
        span,
        out,
    );
}

impl State {
    /// `Saxons VI`.
    pub fn name(&self, unit: usize) -> String {
        let info = self.info(unit);
        format!("{} {}", self.roster.sides[info.side], info.id)
    }
}

/// The attacked skirmishers or horse archers pull back one hex, away from their
/// attacker, and the attack is negated (mass-combat §Combat Declarations, 'Feint').
fn feint(state: &mut State, unit: usize, args: &[Atom<'_>], span: Span) -> Result<(), Violation> {
    let class = state.info(unit).class;
    if !matches!(class, Class::SkirmishInfantry | Class::HorseArchers) {
        return Err(Violation::new(
            "mass-combat::cannot-feint",
            span,
            format!(
                "{} is {}; only skirmish infantry and horse archers feint",
                state.name(unit),
                class.name()
            ),
            rules::COMBAT,
        ));
    }
    let Some(index) = state
        .attacks
        .iter()
        .rposition(|a| a.defender == unit && !a.resolved)
    else {
        return Err(Violation::new(
            "mass-combat::unprompted-reaction",
            span,
            "no attack to feint from",
            rules::COMBAT,
        ));
    };
    let attacker = state.attacks[index].attacker;
    let (Some(from), Some(enemy)) = (state.units[unit].hex, state.units[attacker].hex) else {
        return Err(Violation::new(
            "mass-combat::cannot-feint",
            span,
            "the units are not on the map",
            rules::COMBAT,
        ));
    };
    let Some(to) = args
        .iter()
        .find(|a| a.kind == AtomKind::Cell)
        .and_then(|a| value::cells(a).next())
    else {
        return Err(Violation::new(
            "mass-combat::missing-path",
            span,
            format!(
                "{}'s feint needs the hex it pulls back to",
                state.name(unit)
            ),
            rules::COMBAT,
        )
        .help(format!("e.g. `> {} feint 0507`", state.info(unit).id)));
    };
    let away = state.roster.distance(to, enemy) > state.roster.distance(from, enemy);
    let open = state.roster.on_map(to)
        && !state.roster.impassable.contains(&to)
        && state.unit_at(to).is_none();
    if !state.roster.adjacent(from, to) || !away || !open {
        return Err(Violation::new(
            "mass-combat::bad-feint",
            span,
            format!(
                "{} cannot pull back to {to}: it must be a free hex next to it, farther from {}",
                state.name(unit),
                state.name(attacker)
            ),
            rules::COMBAT,
        ));
    }
    state.attacks[index].negated = true;
    state.units[unit].hex = Some(to);
    record_step(state, unit, from, to);
    Ok(())
}

/// Records a one-hex move (a pursuit, a feint) as an event.
fn record_step(state: &mut State, unit: usize, from: Cell, to: Cell) {
    let mut path = Path::default();
    path.push(label(from));
    path.push(label(to));
    state.events.push(Event::Moved {
        unit,
        from: label(from),
        to: label(to),
        charge: false,
        path,
    });
}
