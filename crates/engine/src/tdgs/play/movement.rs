//! Movement: `step`, `move`, `retreat` and `flee`, the paths they write
//! (POSITION-4, ACTIONS-2, -3), what an order forbids or obliges of them
//! (ORDERS-4, -5, -6, -8) and a routed unit's flight (ROUT-1..7).

use senlac_board::Cell;
use senlac_board::footprint::{self, Footprint, PathError, StepError};
use senlac_notation::value;
use senlac_notation::{Atom, AtomKind, Span};

use crate::reuse::Path;
use crate::tdgs::codes;
use crate::tdgs::event::Event;
use crate::tdgs::morale::{self, movement_cost};
use crate::tdgs::rules;
use crate::tdgs::state::{State, Status};
use crate::tdgs::tables::Order;
use crate::violation::Violation;

use super::activation::{order_name, spend};
use crate::tdgs::Fold;

/// Under Attack or Charge, a move ends nearer a nearest enemy than it
/// began, `gap` away (ORDERS-4).
pub(super) fn moved_nearer(
    fold: &Fold<'_>,
    unit: usize,
    gap: Option<u32>,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    let entity = fold.entities[unit];
    let bound = entity.status == Status::Active
        && fold.is_unit(unit)
        && matches!(entity.order, Some(Order::Attack | Order::Charge));
    let (Some(before), Some(after)) = (gap, fold.nearest_enemy_gap(unit)) else {
        return;
    };
    if bound && after >= before {
        let path = args
            .iter()
            .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain));
        out.push(
            Violation::of(
                &codes::ORDER_NOT_FOLLOWED,
                path.map_or(span, |a| a.span),
                format!(
                    "the move ends {after} squares from {}'s nearest enemy, no nearer than the {before} it began: under {} a move closes with the enemy",
                    fold.name(unit),
                    order_name(fold, unit)
                ),
                rules::ATTACK_ORDER,
            )
            .label(format!("ends {after} away, from {before}")),
        );
    }
}

/// Who stands where `mover` would end with its footprint at `to`
/// (POSITION-4: a path never ends on another entity).
fn may_stop(state: &State, mover: usize, to: Footprint) -> Option<usize> {
    (0..state.entities.len()).find(|&e| {
        e != mover && state.on_board(e) && state.footprint(e).is_some_and(|f| f.overlaps(to))
    })
}

/// Movement its order forbids (ORDERS-5, -6).
fn order_forbids(
    fold: &Fold<'_>,
    mover: usize,
    stepping: bool,
) -> Option<(&'static crate::code::CodeInfo, &'static str)> {
    match fold.entities[mover].order {
        Some(Order::Hold) => Some((&codes::HOLD_MOVED, rules::HOLD)),
        Some(Order::TakeCover) if !stepping => Some((&codes::COVER_MOVED, rules::TAKE_COVER)),
        _ => None,
    }
}

/// `X step CELL`: one square, the Step (ACTIONS-2).
pub(super) fn step(
    fold: &mut Fold<'_>,
    mover: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    let Some(to) = args
        .iter()
        .find(|a| a.kind == AtomKind::Cell)
        .and_then(|a| value::cells(a).next())
    else {
        out.push(Violation::of(
            &codes::MISSING_PATH,
            span,
            "a step names the one cell its anchor moves to: `A step 0907`",
            rules::ACTIONS,
        ));
        return;
    };
    if let Some((code, rule)) = order_forbids(fold, mover, true) {
        out.push(Violation::of(
            code,
            span,
            format!("{} is under Hold and does not move", fold.name(mover)),
            rule,
        ));
        return;
    }
    let Some(from) = fold.footprint(mover) else {
        return;
    };
    let target = from.moved_to(to);
    // A Step ignores terrain cost, not blocking terrain (ACTIONS-2).
    let stepped = {
        let cost = movement_cost(fold, mover);
        footprint::step_cost(from, to, |cell: Cell| cost(cell).map(|_| 1))
    };
    if let Err(e) = stepped {
        out.push(step_error(fold, mover, &e, args[0].span));
        return;
    }
    if let Some(other) = may_stop(fold, mover, target) {
        out.push(Violation::of(
            &codes::ENDS_ON_ENTITY,
            args[0].span,
            format!("{} would end on {}", fold.name(mover), fold.name(other)),
            rules::PATHS,
        ));
        return;
    }
    if spend(fold, false, span, out) {
        fold.emit(Event::Moved {
            entity: mover,
            from: from.anchor,
            path: Path::from_slice(&[to]),
        });
    }
}

fn step_error(state: &State, mover: usize, error: &StepError, span: Span) -> Violation {
    match error {
        StepError::NotAKingsMove { from, to } => Violation::of(
            &codes::PATH_NOT_CONTIGUOUS,
            span,
            format!(
                "{} cannot go from {} to {} in one step: each step is to a neighbouring square",
                state.name(mover),
                from,
                to
            ),
            rules::PATHS,
        ),
        StepError::OffGrid => Violation::of(
            &codes::PATH_BLOCKED,
            span,
            format!("{} would leave the map", state.name(mover)),
            rules::PATHS,
        ),
        StepError::Impassable(cell) => Violation::of(
            &codes::PATH_BLOCKED,
            span,
            format!(
                "{} cannot enter {}: blocking ground or an enemy stands there",
                state.name(mover),
                cell
            ),
            rules::PATHS,
        ),
    }
}

/// `X move PATH`: the Action, a path costing at most MOV (ACTIONS-3,
/// POSITION-4).
pub(super) fn travel(
    fold: &mut Fold<'_>,
    mover: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    let Some(atom) = args
        .first()
        .filter(|a| matches!(a.kind, AtomKind::CellChain | AtomKind::Cell))
    else {
        out.push(Violation::of(
            &codes::MISSING_PATH,
            span,
            "a move names the anchor cells it enters: `C move 1414-1413-1412`",
            rules::PATHS,
        ));
        return;
    };
    if let Some((code, rule)) = order_forbids(fold, mover, false) {
        out.push(Violation::of(
            code,
            span,
            format!("{}'s order lets it move only by its Step", fold.name(mover)),
            rule,
        ));
        return;
    }
    let Some((from, entered)) = checked_path(fold, mover, atom, out) else {
        return;
    };
    if spend(fold, true, span, out) {
        fold.emit(Event::Moved {
            entity: mover,
            from: from.anchor,
            path: entered,
        });
    }
}

/// A path written for `mover` (POSITION-4): each step next to the last,
/// none into blocking ground or an enemy, costing at most MOV, ending where
/// it may stand. Its start and the anchors it enters.
pub(super) fn checked_path(
    fold: &Fold<'_>,
    mover: usize,
    atom: &Atom<'_>,
    out: &mut Vec<Violation>,
) -> Option<(Footprint, Path)> {
    let path: Path = value::cells(atom).collect();
    let from = fold.footprint(mover)?;
    let mov = fold.info(mover).map_or(0, |i| i.stats.mov);
    let cost = match footprint::path_cost(from, &path, movement_cost(fold, mover)) {
        Ok(cost) => cost,
        Err(PathError {
            index: 0,
            reason: StepError::NotAKingsMove { .. },
        }) => {
            out.push(Violation::of(
                &codes::PATH_START,
                atom.span,
                format!(
                    "a path starts next to {}'s anchor {} (or at it)",
                    fold.name(mover),
                    from.anchor
                ),
                rules::PATHS,
            ));
            return None;
        }
        Err(PathError { index, reason }) => {
            out.push(step_error(
                fold,
                mover,
                &reason,
                value::step_span(atom, index),
            ));
            return None;
        }
    };
    if i64::from(cost) > i64::from(mov) {
        out.push(Violation::of(
            &codes::PATH_TOO_LONG,
            atom.span,
            format!(
                "the path costs {cost} and {} has MOV {mov}: open ground costs 1 a square, difficult 2, very difficult 4",
                fold.name(mover)
            ),
            rules::PATHS,
        ));
        return None;
    }
    let &end = path.last()?;
    if let Some(other) = may_stop(fold, mover, from.moved_to(end)) {
        out.push(Violation::of(
            &codes::ENDS_ON_ENTITY,
            atom.span,
            format!("{} would end on {}", fold.name(mover), fold.name(other)),
            rules::PATHS,
        ));
        return None;
    }
    let entered = path.into_iter().filter(|&c| c != from.anchor).collect();
    Some((from, entered))
}

/// `U flee PATH` (ROUT-1..7): a routed unit's whole activation, full MOV
/// along a cheapest route to safety; on its friendly edge it has fled.
pub(super) fn flee(
    fold: &mut Fold<'_>,
    unit: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    use crate::tdgs::morale::FleeError;
    if fold.entities[unit].status != Status::Routed {
        out.push(Violation::of(
            &codes::UNKNOWN_VERB,
            span,
            format!("{} is not routed: only routed units flee", fold.name(unit)),
            rules::ROUTED,
        ));
        return;
    }
    let Some(atom) = args
        .first()
        .filter(|a| matches!(a.kind, AtomKind::CellChain | AtomKind::Cell))
    else {
        out.push(Violation::of(
            &codes::MISSING_PATH,
            span,
            "a flight names the anchor cells it enters",
            rules::ROUTED,
        ));
        return;
    };
    let path: Path = value::cells(atom).collect();
    let flight = match morale::check_flight(fold, unit, &path) {
        Ok(flight) => flight,
        Err(error) => {
            // A wrong step is named by its two cells and labelled on them.
            let wrong_step = |index: usize| {
                let from = index
                    .checked_sub(1)
                    .and_then(|i| path.get(i).copied())
                    .or_else(|| fold.footprint(unit).map(|f| f.anchor));
                let from = from.map_or("its anchor".to_string(), |cell| cell.to_string());
                let to = path.get(index).map_or("?".to_string(), ToString::to_string);
                (value::step_span(atom, index), from, to)
            };
            let (code, label, message) = match error {
                // Whether it has a way out is the cornered ruling's question.
                FleeError::NoEscapeRoute => {
                    out.push(Violation::of(
                        &codes::CORNERED_CHECK_MISSING,
                        atom.span,
                        format!(
                            "{} has no escape route: it makes its cornered check instead",
                            fold.name(unit)
                        ),
                        rules::CORNERED,
                    ));
                    return;
                }
                FleeError::Path(e) => {
                    out.push(step_error(
                        fold,
                        unit,
                        &e.reason,
                        value::step_span(atom, e.index),
                    ));
                    return;
                }
                FleeError::TooLong { cost, mov, .. } => (
                    &codes::PATH_TOO_LONG,
                    atom.span,
                    format!(
                        "the flight costs {cost} and {} has MOV {mov}",
                        fold.name(unit)
                    ),
                ),
                FleeError::EndsOnEntity { anchor } => (
                    &codes::ENDS_ON_ENTITY,
                    atom.span,
                    format!(
                        "{} would end its flight on another entity at {anchor}",
                        fold.name(unit)
                    ),
                ),
                FleeError::NotTowardSafety {
                    index,
                    remaining_before,
                    remaining_after,
                    step,
                } => {
                    let (label, from, to) = wrong_step(index);
                    (
                        &codes::FLEE_NOT_TOWARD_SAFETY,
                        label,
                        format!(
                            "the step from {from} to {to} does not keep to a cheapest route to safety: {} still to go from {from}, {} from {to}, for a step costing {step}",
                            remaining_before.map_or("no route".to_string(), |n| n.to_string()),
                            remaining_after.map_or("no route".to_string(), |n| n.to_string()),
                        ),
                    )
                }
                FleeError::NotAway {
                    index,
                    distance_before,
                    distance_after,
                } => {
                    let (label, from, to) = wrong_step(index);
                    (
                        &codes::FLEE_NOT_TOWARD_SAFETY,
                        label,
                        format!(
                            "the step from {from} to {to} goes from {distance_before} to {distance_after} squares from the threat: each step of a flight away raises it by 1"
                        ),
                    )
                }
                FleeError::TooShort {
                    mov_left,
                    next_step,
                    ..
                } => (
                    &codes::FLEE_TOO_SHORT,
                    atom.span,
                    format!(
                        "{} stops with {mov_left} MOV left and the next step costs {next_step}: a flight goes full MOV",
                        fold.name(unit)
                    ),
                ),
                FleeError::NotDeployed => return,
            };
            out.push(Violation::of(code, label, message, rules::ROUTED));
            return;
        }
    };
    if !spend(fold, true, span, out) {
        return;
    }
    let Some(from) = fold.footprint(unit) else {
        return;
    };
    let entered: Path = path.into_iter().filter(|&c| c != from.anchor).collect();
    fold.emit(Event::Moved {
        entity: unit,
        from: from.anchor,
        path: entered,
    });
    if flight.fled {
        fold.emit(Event::Status {
            entity: unit,
            status: Status::Fled,
        });
    }
}

/// `U retreat PATH` (ORDERS-8): under Retreat, the Action; not while
/// surrounded; it ends farther from every enemy that was nearest when it
/// began, and provokes no opportunity attack.
pub(super) fn retreat(
    fold: &mut Fold<'_>,
    unit: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    if fold.entities[unit].order != Some(Order::Retreat) {
        out.push(Violation::of(
            &codes::UNKNOWN_VERB,
            span,
            format!(
                "`retreat` carries out a Retreat order, and {} is not under one",
                fold.name(unit)
            ),
            rules::RETREAT,
        ));
        return;
    }
    if morale::is_surrounded(fold, unit) {
        out.push(Violation::of(
            &codes::RETREAT_WHILE_SURROUNDED,
            span,
            format!(
                "{} is surrounded (enemies on three sides) and cannot retreat",
                fold.name(unit)
            ),
            rules::RETREAT,
        ));
        return;
    }
    let Some(from) = fold.footprint(unit) else {
        return;
    };
    let nearest = fold.nearest_enemy_gap(unit);
    let nearest_enemies: Vec<usize> = (0..fold.entities.len())
        .filter(|&e| fold.enemies(unit, e) && fold.on_board(e) && fold.distance(unit, e) == nearest)
        .collect();
    travel(fold, unit, args, span, out);
    let Some(to) = fold.footprint(unit).filter(|&to| to != from) else {
        return;
    };
    let closer = nearest_enemies.iter().find(|&&e| {
        fold.footprint(e)
            .is_some_and(|them| footprint::gap(to, them) <= footprint::gap(from, them))
    });
    if let Some(&enemy) = closer {
        out.push(Violation::of(
            &codes::RETREAT_NOT_AWAY,
            args.first().map_or(span, |a| a.span),
            format!(
                "the retreat ends no farther from {}, one of the nearest enemies when it began",
                fold.name(enemy)
            ),
            rules::RETREAT,
        ));
    }
}
