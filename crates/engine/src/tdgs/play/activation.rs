//! Rounds and activations: the turn line and its round (TURN-1, -7), a
//! label opening an activation in REF order (TURN-2, -3, -5), the one
//! Action and one Step it spends (ACTIONS-1), and what an activation that
//! closes without its Action owed.

use senlac_notation::{Fix, Span, did_you_mean};

use crate::tdgs::codes;
use crate::tdgs::duty::{self, Duty};
use crate::tdgs::event::Event;
use crate::tdgs::rules;
use crate::tdgs::state::{Owed, State, Status};
use crate::tdgs::tables::Order;
use crate::violation::Violation;

use super::owed::{missing_checks, on_hazard};
use super::{cells, named, removed};
use crate::tdgs::Fold;

/// Closes the open activation: one that took no Action owes what the
/// unit's status or order obliges (ROUT-1, CORNERED-1, ORDERS-4, -7, -8);
/// a commander's Action spent on command excuses its order (ACTIONS-4).
pub(super) fn close(fold: &mut Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    let Some(open) = fold.activation else {
        return;
    };
    if !open.action_used
        && !open.refused
        && let Some(owed) = duty::unmet(fold, open.entity, open.start_gap)
    {
        out.push(unmet_duty(fold, open.entity, owed, span, None));
    }
    fold.emit(Event::ActivationClosed);
}

/// The finding for a duty left unmet: in an activation that ended at
/// `span`, or in one the round `left_out` never opened (TURN-7).
fn unmet_duty(
    state: &State,
    unit: usize,
    owed: Duty,
    span: Span,
    left_out: Option<u32>,
) -> Violation {
    let mut found = unmet_duty_in(state, unit, owed, span, left_out);
    if left_out.is_some() {
        found.rule = rules::LEFT_OUT;
    }
    found
}

fn unmet_duty_in(
    state: &State,
    unit: usize,
    owed: Duty,
    span: Span,
    left_out: Option<u32>,
) -> Violation {
    let name = state.name(unit);
    let id = state.info(unit).map_or("", |i| i.id.as_str());
    let did = match left_out {
        Some(round) => format!("{name} had no activation in round {round}"),
        None => format!("{name} ends its activation without its Action"),
    };
    let order = |what: String, help: String| {
        Violation::of(
            &codes::ORDER_NOT_FOLLOWED,
            span,
            format!("{did}: {what}"),
            rules::ATTACK_ORDER,
        )
        .help(help)
    };
    match owed {
        Duty::Flee => Violation::of(
            &codes::ROUTED_MUST_FLEE,
            span,
            format!("{did}: it is routed and has a way out, so its activation is its flight"),
            rules::ROUTED,
        )
        .help(format!("write `{id}:` and `{id} flee PATH` toward safety")),
        Duty::Cornered => Violation::of(
            &codes::CORNERED_CHECK_MISSING,
            span,
            format!("{did}: it is routed with no way out, so it owes its cornered check"),
            rules::CORNERED,
        )
        .help(format!("write `{id}:` and `{id} cornered d20:N`")),
        Duty::Engage { enemy } => order(
            format!(
                "{} is within its reach, and under {} a unit engages a nearest enemy when it can",
                state.name(enemy),
                order_name(state, unit)
            ),
            format!(
                "write `{id} attack {} d20:N` in its activation",
                state.info(enemy).map_or("", |i| i.id.as_str())
            ),
        ),
        Duty::Shoot { enemy } => order(
            format!(
                "{} is in its weapon's range and sight, and under Attack a unit attacks a nearest enemy when it can",
                state.name(enemy)
            ),
            format!(
                "write `{id} shoot {} d20:N` in its activation",
                state.info(enemy).map_or("", |i| i.id.as_str())
            ),
        ),
        Duty::Advance {
            path,
            gap,
            from_gap,
        } => order(
            format!(
                "it stands {from_gap} squares from its nearest enemy, and a move to {} would have ended {gap} away; under {} a unit closes with the enemy when it can",
                path.last().map_or(String::new(), ToString::to_string),
                order_name(state, unit)
            ),
            format!(
                "write `{id} {} {}` in its activation",
                if state.entities[unit].order == Some(Order::Charge) {
                    "charge ENEMY"
                } else {
                    "move"
                },
                cells(&path)
            ),
        ),
        Duty::Retreat { path } => Violation::of(
            &codes::ORDER_NOT_FOLLOWED,
            span,
            format!(
                "{did}: under Retreat a unit moves away from the nearest enemies when it can, and {} lies farther from all of them",
                path.last().map_or(String::new(), ToString::to_string)
            ),
            rules::RETREAT,
        )
        .help(format!("write `{id} retreat {}` in its activation", cells(&path))),
    }
}

/// The name of `unit`'s order, for messages.
pub(super) fn order_name(state: &State, unit: usize) -> &'static str {
    match state.entities.get(unit).and_then(|e| e.order) {
        Some(Order::Charge) => "Charge",
        _ => "Attack",
    }
}

/// Every activation the round now ending left out, when the unit owed one
/// (TURN-7): a routed unit's flight or cornered check, or its order's
/// obligation. A delayed entity that never came back left its out too.
fn left_out(fold: &Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    let round = fold.round;
    if round == 0 {
        return;
    }
    for unit in 0..fold.entities.len() {
        let flags = fold.entities[unit].round;
        if flags.spent() || flags.rallied {
            continue;
        }
        if let Some(owed) = duty::unmet(fold, unit, None) {
            out.push(unmet_duty(fold, unit, owed, span, Some(round)));
        }
    }
}

/// `N. SIDE` (TURN-1): round N is the current round or the next one.
pub(super) fn turn(
    fold: &mut Fold<'_>,
    number: u32,
    side: &str,
    span: Span,
    out: &mut Vec<Violation>,
) {
    missing_checks(fold, out);
    close(fold, span, out);
    let round = fold.round;
    if number != round && number != round + 1 {
        out.push(Violation::of(
            &codes::TURN_NUMBER,
            span,
            format!(
                "round {number} follows round {round}: a turn line names the current round or the next ({} or {})",
                round.max(1),
                round + 1
            ),
            rules::ROUNDS,
        ));
    }
    if number > round {
        left_out(fold, span, out);
        fold.emit(Event::RoundStarted(round + 1));
    }
    match fold.roster.side_index(side) {
        Some(side) => fold.emit(Event::SideTurn { side }),
        None => {
            let names = fold.roster.sides.iter().map(smol_str::SmolStr::as_str);
            let mut found = Violation::of(
                &codes::WRONG_SIDE,
                span,
                format!("no army is named {side}"),
                rules::ACTIVATIONS,
            );
            // A misspelt side is read as the side meant.
            if let Some(meant) = did_you_mean(side, names).map(str::to_owned) {
                let at = span.start as usize + span.len() - side.len();
                found = found.fix(Fix::new(
                    Span::new(at, at + side.len()),
                    meant.clone(),
                    format!("write `{meant}`"),
                ));
                if let Some(index) = fold.roster.side_index(&meant) {
                    fold.emit(Event::SideTurn { side: index });
                }
            }
            out.push(found);
        }
    }
}

/// Where an entity stands in the round's order: higher REF first, then
/// higher LUK (TURN-3, TDGS-R7).
fn speed(state: &State, entity: usize) -> (i32, i32) {
    state
        .info(entity)
        .map_or((i32::MIN, i32::MIN), |i| (i.stats.ref_, i.stats.luk))
}

/// `ID:` opens ID's activation (TURN-2, -3, -5).
pub(super) fn label(fold: &mut Fold<'_>, name: &str, span: Span, out: &mut Vec<Violation>) {
    missing_checks(fold, out);
    // The open activation's own label written again: it stays open.
    let open = fold.activation.map(|a| a.entity);
    if let Some(open) = open
        && fold.on_board(open)
        && named(fold, name, fold.turn_side, span, &mut Vec::new()) == Some(open)
    {
        out.push(Violation::of(
            &codes::ACTED_TWICE,
            span,
            format!("{}'s activation is open already", fold.name(open)),
            rules::ACTIVATIONS,
        ));
        return;
    }
    close(fold, span, out);
    let Some(entity) = named(fold, name, fold.turn_side, span, out) else {
        return;
    };
    if fold
        .turn_side
        .is_some_and(|side| fold.info(entity).is_some_and(|i| i.side != side))
    {
        // Its side's turn line is missing: read as if it stood there, so
        // the activation's lines are not found wrong again.
        let side = fold.info(entity).map_or(0, |i| i.side);
        let side_name = fold.roster.sides.get(side).map_or("", |s| s.as_str());
        // An entity that has had its activation this round opens the next
        // round: the missing line is that round's (TURN-1).
        let flags = fold.entities[entity].round;
        let next_round = fold.round > 0 && flags.spent();
        let number = if next_round {
            fold.round + 1
        } else {
            fold.round.max(1)
        };
        let header = format!("{number}. {side_name}");
        out.push(
            Violation::of(
                &codes::WRONG_SIDE,
                span,
                format!(
                    "{} is not of the side whose turn line stands above it: its turn line `{header}` is missing",
                    fold.name(entity)
                ),
                rules::ACTIVATIONS,
            )
            .help(format!("write `{header}` on the line above `{name}:`")),
        );
        if next_round {
            left_out(fold, span, out);
            fold.emit(Event::RoundStarted(number));
        }
        fold.emit(Event::SideTurn { side });
    }
    // Removed, unconscious and incapacitated entities have no activation
    // (TURN-5).
    if !fold.on_board(entity)
        || !matches!(
            fold.entities[entity].status,
            Status::Active | Status::Routed
        )
    {
        out.push(removed(fold, entity, span));
        // Its lines are read in an activation already refused, so they
        // are not found outside one as well.
        fold.emit(Event::ActivationOpened { entity });
        fold.emit(Event::Refused);
        return;
    }
    let flags = fold.entities[entity].round;
    if flags.rallied {
        out.push(Violation::of(
            &codes::RALLIED_ACTS_THIS_ROUND,
            span,
            format!(
                "{} was rallied this round and has no activation until round {}",
                fold.name(entity),
                fold.round + 1
            ),
            rules::RALLY,
        ));
        // Its lines are read in an activation already refused, so they are
        // not found outside one as well (and no label is offered again).
        fold.emit(Event::ActivationOpened { entity });
        fold.emit(Event::Refused);
        return;
    }
    if flags.spent() {
        out.push(Violation::of(
            &codes::ACTED_TWICE,
            span,
            format!(
                "{} has had its activation in round {}",
                fold.name(entity),
                fold.round
            ),
            rules::ACTIVATIONS,
        ));
        // Its lines are still read, in an activation of their own.
        fold.emit(Event::ActivationOpened { entity });
        fold.emit(Event::Refused);
        return;
    }
    // An entity off the board had no activation to order by (TURN-5): its
    // refused label does not count in the REF order.
    if !flags.delayed
        && let Some(previous) = fold.last_opened
        && previous != entity
        && fold.on_board(previous)
    {
        order_after(fold, previous, entity, span, out);
    }
    fold.emit(Event::ActivationOpened { entity });
    if let Some(anchor) = fold.entities[entity].anchor
        && on_hazard(fold, entity, anchor)
    {
        fold.emit(Event::Owe(Owed::Hazard {
            entity,
            cause: span,
        }));
    }
}

/// Checks that `entity` may act after `previous` (TURN-3): not faster, and
/// among equals in the order the log first chose.
fn order_after(
    fold: &mut Fold<'_>,
    previous: usize,
    entity: usize,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let (before, now) = (speed(fold, previous), speed(fold, entity));
    if now > before {
        out.push(
            Violation::of(
                &codes::OUT_OF_REF_ORDER,
                span,
                format!(
                    "{} (REF {}, LUK {}) acts after {} (REF {}, LUK {}): higher REF acts first, then higher LUK",
                    fold.name(entity),
                    now.0,
                    now.1,
                    fold.name(previous),
                    before.0,
                    before.1
                ),
                rules::TURN_ORDER,
            )
            .help(format!(
                "write {}'s activation before {}'s",
                fold.name(entity),
                fold.name(previous)
            )),
        );
        return;
    }
    if now < before {
        return;
    }
    let place = |state: &State, e| state.tie_order.iter().position(|&t| t == e);
    match (place(fold, previous), place(fold, entity)) {
        (Some(a), Some(b)) if b < a => out.push(Violation::of(
            &codes::TIE_ORDER_CHANGED,
            span,
            format!(
                "{} acted before {} when they first met, and equals keep that order for the battle",
                fold.name(entity),
                fold.name(previous)
            ),
            rules::TURN_ORDER,
        )),
        (Some(_), Some(_)) => {}
        _ => {
            fold.emit(Event::TieOrdered { entity: previous });
            fold.emit(Event::TieOrdered { entity });
        }
    }
}

/// After a line by `actor` with no label of its own: when `actor` has not
/// acted this round, the label was most likely left out, so its activation
/// is opened here and the line is played in it (one mistake, one error).
/// Whether it was.
pub(super) fn label_left_out(fold: &mut Fold<'_>, actor: usize, at: Span) -> bool {
    let flags = fold.entities[actor].round;
    if flags.spent() {
        return false;
    }
    close(fold, at, &mut Vec::new());
    fold.emit(Event::ActivationOpened { entity: actor });
    fold.emit(Event::Refused);
    true
}

/// Spends the activation's Action (`action`) or Step; a second is refused
/// (ACTIONS-1).
pub(super) fn spend(
    fold: &mut Fold<'_>,
    action: bool,
    span: Span,
    out: &mut Vec<Violation>,
) -> bool {
    let Some(open) = fold.activation else {
        return false;
    };
    let (used, code, what) = if action {
        (open.action_used, &codes::SECOND_ACTION, "Action")
    } else {
        (open.step_used, &codes::SECOND_STEP, "Step")
    };
    if used {
        out.push(Violation::of(
            code,
            span,
            format!(
                "{} has taken its {what} in this activation: one Action, one Step and free actions",
                fold.name(open.entity)
            ),
            rules::ACTIONS,
        ));
        return false;
    }
    fold.emit(Event::Spent {
        action,
        step: !action,
    });
    true
}
