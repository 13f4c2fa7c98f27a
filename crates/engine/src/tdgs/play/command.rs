//! Commanders' lines: `order`, `claim`, `release` and `rally`, in command
//! range (COMMAND-2, -6, -9, -10, -12, ORDERS-1, -2, RALLY-1..4).

use senlac_notation::{Atom, Span};

use crate::tdgs::codes;
use crate::tdgs::event::{CheckKind, Event, Roll};
use crate::tdgs::rules;
use crate::tdgs::state::{Link, Status};
use crate::tdgs::tables::{self, Order};
use crate::violation::Violation;

use super::activation::spend;
use super::dice::die;
use super::named;
use crate::tdgs::Fold;

/// The commander of a command line (COMMAND-2, -12): it has the role and is
/// not routed.
fn commander(fold: &Fold<'_>, actor: usize, span: Span, out: &mut Vec<Violation>) -> bool {
    if !fold.info(actor).is_some_and(|i| i.commander) {
        out.push(
            Violation::of(
                &codes::NOT_A_COMMANDER,
                span,
                format!("{} is not a commander: only `role=commander` entities order, claim, release and rally", fold.name(actor)),
                rules::COMMANDERS,
            ),
        );
        return false;
    }
    if fold.entities[actor].status == Status::Routed {
        out.push(Violation::of(
            &codes::ROUTED_COMMANDER,
            span,
            format!(
                "{} is routed and commands nobody until it is active again",
                fold.name(actor)
            ),
            rules::ROUTED_COMMANDER,
        ));
        return false;
    }
    true
}

/// The friendly unit a command line names first.
fn friend(
    fold: &Fold<'_>,
    actor: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<(usize, Span)> {
    let Some(atom) = args.first().filter(|a| a.kind.is_actor()) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            "a command line names its unit first: `Y order B hold`",
            rules::COMMANDERS,
        ));
        return None;
    };
    let side = fold.info(actor).map(|i| i.side);
    let unit = named(fold, atom.text, side, atom.span, out)?;
    if fold.enemies(actor, unit) || !fold.is_unit(unit) || !fold.on_board(unit) || unit == actor {
        out.push(Violation::of(
            &codes::BAD_TARGET,
            atom.span,
            format!("{} is not a friendly unit on the board", fold.name(unit)),
            rules::TARGETS,
        ));
        return None;
    }
    Some((unit, atom.span))
}

/// The finding of `code` when `unit` is beyond `commander`'s CHA in
/// squares (COMMAND-6); `None` within it.
fn out_of_range(
    fold: &Fold<'_>,
    code: &'static crate::code::CodeInfo,
    commander: usize,
    unit: usize,
    span: Span,
) -> Option<Violation> {
    let range = fold
        .info(commander)
        .map_or(0, |i| tables::command_range(i.stats.cha));
    let gap = fold.distance(commander, unit).unwrap_or(u32::MAX);
    (gap > range).then(|| {
        Violation::of(
            code,
            span,
            format!(
                "{} is {gap} squares from {}, whose command range is CHA {range} squares",
                fold.name(unit),
                fold.name(commander)
            ),
            rules::COMMAND_RANGE,
        )
    })
}

/// `Y order U ORDER` (ORDERS-1, -2): a new order is the Action of U's own
/// commander, in range; it waits for U's next activation. The current
/// order again is the free standing order.
pub(super) fn order(
    fold: &mut Fold<'_>,
    actor: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    if !commander(fold, actor, span, out) {
        return;
    }
    let Some((unit, unit_span)) = friend(fold, actor, args, span, out) else {
        return;
    };
    let Some(word) = args.get(1) else {
        out.push(Violation::of(
            &codes::UNKNOWN_ORDER,
            span,
            "name the order: attack, hold, take-cover, charge or retreat",
            rules::ORDER_TYPES,
        ));
        return;
    };
    let Some(new) = Order::parse(word.text) else {
        out.push(Violation::of(
            &codes::UNKNOWN_ORDER,
            word.span,
            format!(
                "`{}` is not an order: attack, hold, take-cover, charge or retreat",
                word.text
            ),
            rules::ORDER_TYPES,
        ));
        return;
    };
    let now = fold.entities[unit];
    if now.status == Status::Routed {
        out.push(Violation::of(
            &codes::ORDER_TO_ROUTED,
            unit_span,
            format!("{} is routed and takes no order", fold.name(unit)),
            rules::ISSUING_ORDERS,
        ));
        return;
    }
    match now.commander {
        None => {
            out.push(Violation::of(
                &codes::ORDER_TO_UNCONTROLLED,
                unit_span,
                format!(
                    "{} is uncontrolled: a commander must claim it before ordering it",
                    fold.name(unit)
                ),
                rules::CLAIMING,
            ));
            return;
        }
        Some(link) if link.commander != actor => {
            out.push(Violation::of(
                &codes::NOT_COMMANDED_BY,
                unit_span,
                format!(
                    "{} is under {}, not {}",
                    fold.name(unit),
                    fold.name(link.commander),
                    fold.name(actor)
                ),
                rules::ISSUING_ORDERS,
            ));
            return;
        }
        Some(_) => {}
    }
    if let Some(finding) = out_of_range(fold, &codes::OUT_OF_COMMAND_RANGE, actor, unit, unit_span)
    {
        out.push(finding);
        return;
    }
    // The current order again, nothing pending: the free standing order.
    if now.order == Some(new) && now.pending_order.is_none() {
        return;
    }
    if spend(fold, true, span, out) {
        fold.emit(Event::Ordered {
            unit,
            order: new,
            pending: true,
        });
    }
}

/// `K claim U direct|extended` (COMMAND-9): an uncontrolled friendly unit in
/// range into a free slot; the Action.
pub(super) fn claim(
    fold: &mut Fold<'_>,
    actor: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    if !commander(fold, actor, span, out) {
        return;
    }
    let Some((unit, unit_span)) = friend(fold, actor, args, span, out) else {
        return;
    };
    let Some(slot) = args.get(1).and_then(|w| tables::Command::parse(w.text)) else {
        out.push(Violation::of(
            &codes::UNKNOWN_SLOT,
            args.get(1).map_or(span, |a| a.span),
            "a claim names the slot: `direct` or `extended`",
            rules::CLAIMING,
        ));
        return;
    };
    if let Some(link) = fold.entities[unit].commander {
        out.push(Violation::of(
            &codes::CLAIM_NOT_UNCONTROLLED,
            unit_span,
            format!(
                "{} is under {}: only uncontrolled units are claimed",
                fold.name(unit),
                fold.name(link.commander)
            ),
            rules::CLAIMING,
        ));
        return;
    }
    if let Some(finding) = out_of_range(fold, &codes::OUT_OF_COMMAND_RANGE, actor, unit, unit_span)
    {
        out.push(finding);
        return;
    }
    let cha = fold.info(actor).map_or(0, |i| i.stats.cha);
    // A removed unit leaves its slot free; a routed one keeps it (ROUT-9).
    let held = fold
        .commanded(actor, slot)
        .filter(|&u| fold.on_board(u))
        .count();
    if held as u32 >= slot.slots(cha) {
        out.push(Violation::of(
            &codes::NO_FREE_SLOT,
            args[1].span,
            format!(
                "{} holds {held} {} unit(s) of {} (CHA {cha})",
                fold.name(actor),
                slot.word(),
                slot.slots(cha)
            ),
            rules::CLAIMING,
        ));
        return;
    }
    if spend(fold, true, span, out) {
        fold.emit(Event::Commanded {
            unit,
            link: Some(Link {
                commander: actor,
                slot,
            }),
        });
    }
}

/// `S release U` (COMMAND-10): free; U becomes uncontrolled.
pub(super) fn release(
    fold: &mut Fold<'_>,
    actor: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    if !commander(fold, actor, span, out) {
        return;
    }
    let Some((unit, unit_span)) = friend(fold, actor, args, span, out) else {
        return;
    };
    if fold.entities[unit].commander.map(|l| l.commander) != Some(actor) {
        out.push(Violation::of(
            &codes::NOT_COMMANDED_BY,
            unit_span,
            format!("{} is not under {}", fold.name(unit), fold.name(actor)),
            rules::CLAIMING,
        ));
        return;
    }
    fold.emit(Event::Commanded { unit, link: None });
}

/// `Y rally U d20:N` (RALLY-1..4): any friendly commander, a routed unit in
/// range, once a round; d20 + (CHA − the threat that routed it) ≥ 11.
pub(super) fn rally(
    fold: &mut Fold<'_>,
    actor: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    if !commander(fold, actor, span, out) {
        return None;
    }
    let (unit, unit_span) = friend(fold, actor, args, span, out)?;
    let now = fold.entities[unit];
    let Some(rout) = now.rout.filter(|_| now.status == Status::Routed) else {
        out.push(Violation::of(
            &codes::RALLY_NOT_ROUTED,
            unit_span,
            format!("{} is {}, not routed", fold.name(unit), now.status.word()),
            rules::RALLY,
        ));
        return None;
    };
    if now.round.rally_attempted {
        out.push(Violation::of(
            &codes::RALLY_TWICE,
            unit_span,
            format!(
                "a rally of {} was tried this round: try again next round",
                fold.name(unit)
            ),
            rules::RALLY,
        ));
        return None;
    }
    if let Some(finding) = out_of_range(fold, &codes::RALLY_OUT_OF_RANGE, actor, unit, unit_span) {
        out.push(finding);
        return None;
    }
    let (face, die_span) = die(args, span, out)?;
    let (cha, luk) = fold
        .info(actor)
        .map_or((0, 0), |i| (i.stats.cha, i.stats.luk));
    let Ok(resolution) = tables::success(face, tables::rally_delta(cha, rout.threat), luk, None)
    else {
        out.push(Violation::of(
            &codes::BAD_ROLL,
            die_span,
            "this d20 cannot be resolved",
            rules::RESOLUTION,
        ));
        return None;
    };
    if !spend(fold, true, span, out) {
        return None;
    }
    fold.emit(Event::RallyTried { unit });
    fold.emit(Event::Checked {
        entity: actor,
        kind: CheckKind::Rally { unit },
        roll: Roll {
            die: face,
            total: resolution.total,
            success: resolution.success,
        },
    });
    if resolution.success {
        fold.emit(Event::Recovered {
            unit,
            rallied: true,
        });
    }
    Some(resolution.success)
}
