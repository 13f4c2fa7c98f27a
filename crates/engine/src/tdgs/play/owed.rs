//! The owed lines and their settling: after each line the free attack
//! and morale checks it made owed (RESOLVE-OWED, COMMAND-11, MORALE-5,
//! -7), checks found missing, and the lines that pay them: `morale`,
//! `cornered`, `free-attack` and `hazard`.

use smallvec::SmallVec;

use senlac_board::Cell;
use senlac_board::footprint::Footprint;
use senlac_notation::lower::Action;
use senlac_notation::{AtomKind, Span};

use crate::doubt::Subject;
use crate::tdgs::codes;
use crate::tdgs::event::{self, CheckKind, Event, Roll};
use crate::tdgs::morale;
use crate::tdgs::rules;
use crate::tdgs::state::{AttackKind, EntityState, MoraleCheck, Owed, Rout, State, Status};
use crate::tdgs::tables;
use crate::violation::Violation;

use super::claims::claims;
use super::combat::{hurt, resolve_attack};
use super::dice::{die, pair_die, pair_number, roll};
use super::named;
use super::slips::{claimed_as_written, claimed_status};
use crate::tdgs::Fold;

/// Every morale check still owed is missing when anything else is written
/// (MORALE-5); each is repaired as passed, so no rout is invented
/// (MORALE-8, TDGS-R20).
pub(super) fn missing_checks(fold: &mut Fold<'_>, out: &mut Vec<Violation>) {
    while let Some((index, owed)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        Owed::Morale(check) => Some((i, *check)),
        _ => None,
    }) {
        let before = out.len();
        out.push(
            Violation::of(
                &codes::MORALE_CHECK_MISSING,
                owed.cause,
                format!(
                    "{} owes a morale check ({}, threat {}) after this line",
                    fold.name(owed.unit),
                    owed.triggers.words(),
                    owed.threat
                ),
                rules::IMMEDIATE,
            )
            .help(format!(
                "write `{} morale {} d20:N` on the next line",
                fold.info(owed.unit).map_or("", |i| i.id.as_str()),
                owed.triggers.words()
            )),
        );
        // A check owed by an entity in doubt echoes the error that doubted it.
        let subject = [Subject::Unit(owed.unit)];
        if fold.doubt().doubted_by(&subject).is_some() {
            fold.doubt().weigh(&subject, out, before);
        }
        fold.emit(Event::Paid(index));
    }
    while let Some((index, entity, cause)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o
    {
        Owed::Hazard { entity, cause } => Some((i, *entity, *cause)),
        _ => None,
    }) {
        out.push(
            Violation::of(
                &codes::HAZARD_MISSING,
                cause,
                format!(
                    "{} is on hazardous ground and owes the damage it takes",
                    fold.name(entity)
                ),
                rules::HAZARD,
            )
            .help(format!(
                "write `{} hazard damage=N` on the next line",
                fold.info(entity).map_or("", |i| i.id.as_str())
            )),
        );
        fold.emit(Event::Paid(index));
    }
    // An exposed commander's free attack not taken is declined.
    while let Some(index) = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::FreeAttack { .. }))
    {
        fold.emit(Event::Paid(index));
    }
}

/// After a whole line (spec 1.2, RESOLVE-OWED): the exposed commander's
/// free attack, then the morale checks the line's effects make owed.
pub(super) fn settle(fold: &mut Fold<'_>, before: &[EntityState], first: usize, cause: Span) {
    let mut engaged: SmallVec<[(usize, usize); 4]> = SmallVec::new();
    // The line's events, read in place: what settle emits goes after them.
    for index in first..fold.events().len() {
        let hazard = match &fold.events()[index] {
            Event::Moved { entity, path, .. } => path
                .iter()
                .any(|&anchor| on_hazard(fold, *entity, anchor))
                .then_some(*entity),
            _ => None,
        };
        if let Some(entity) = hazard {
            fold.emit(Event::Owe(Owed::Hazard { entity, cause }));
        }
        if let Event::Attacked {
            attacker,
            target,
            kind,
            ..
        } = fold.events()[index]
        {
            engaged.push((target, attacker));
            exposed_commander(fold, attacker, target, kind, cause);
        }
    }
    // A lost commander's units are uncontrolled from that moment (COMMAND-7).
    let lost: SmallVec<[usize; 4]> = (0..fold.entities.len())
        .filter(|&c| {
            before.get(c).is_some_and(|e| !e.status.lost()) && fold.entities[c].status.lost()
        })
        .collect();
    let fired = morale::triggers_after(before, fold, &engaged, cause);
    debug_assert_eq!(
        fired,
        morale::triggers_after_weighing_all(before, fold, &engaged, cause),
        "weighing what the line changed missed a trigger"
    );
    if !lost.is_empty() {
        for unit in 0..fold.entities.len() {
            if fold.entities[unit]
                .commander
                .is_some_and(|l| lost.contains(&l.commander))
            {
                fold.emit(Event::Commanded { unit, link: None });
            }
        }
    }
    for (unit, triggers) in &fired.spent_silently {
        fold.emit(Event::TriggersSpent {
            unit: *unit,
            triggers: event::once_per_battle(*triggers),
        });
    }
    for &(unit, commander) in &fired.commander_losses {
        fold.emit(Event::CommanderLossChecked { unit, commander });
    }
    for &(unit, entity) in &fired.terrors {
        fold.emit(Event::TerrorMet { unit, entity });
    }
    for check in fired.checks {
        if disputed(fold, &check) && !next_checks(fold, check.unit) {
            // The log goes on from the account that does not reach it.
            continue;
        }
        fold.emit(Event::TriggersSpent {
            unit: check.unit,
            triggers: event::once_per_battle(check.triggers),
        });
        owe_check(fold, check);
    }
}

/// Whether the two accounts of a disputed HP (TDGS-R54) disagree on each of
/// `check`'s triggers, all of them HP triggers.
fn disputed(state: &State, check: &MoraleCheck) -> bool {
    let e = &state.entities[check.unit];
    let (Some(other), Some(info)) = (e.hp_other, state.info(check.unit)) else {
        return false;
    };
    let max = info.max_hp;
    check
        .triggers
        .iter()
        .all(|trigger| trigger.hp_reached(e.hp, max) != trigger.hp_reached(other.hp, max))
}

/// Whether the line after this step is `unit`'s morale check.
fn next_checks(fold: &Fold<'_>, unit: usize) -> bool {
    fold.next_line().is_some_and(|(actor, verb)| {
        let side = fold.info(unit).map(|i| i.side);
        verb == "morale" && named(fold, actor, side, Span::default(), &mut Vec::new()) == Some(unit)
    })
}

/// Adds a check to the owed set, merged with one already owed by the same
/// unit (MORALE-7, CASCADE-3).
fn owe_check(fold: &mut Fold<'_>, check: MoraleCheck) {
    let existing = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::Morale(c) if c.unit == check.unit));
    match existing {
        Some(index) => {
            let Owed::Morale(old) = fold.owed[index] else {
                return;
            };
            let mut merged = vec![old];
            morale::merge(&mut merged, check);
            fold.emit(Event::Paid(index));
            if let Some(first) = merged.first() {
                fold.emit(Event::Owe(Owed::Morale(*first)));
            }
        }
        None => fold.emit(Event::Owe(Owed::Morale(check))),
    }
}

/// When an attack destroys a commander's direct unit, the attacker may
/// strike the commander once, now (COMMAND-11, TDGS-R27).
fn exposed_commander(
    fold: &mut Fold<'_>,
    attacker: usize,
    target: usize,
    kind: AttackKind,
    cause: Span,
) {
    let destroyed = fold
        .entities
        .get(target)
        .is_some_and(|e| e.status == Status::Destroyed);
    let link = fold.entities.get(target).and_then(|e| e.commander);
    if let (true, Some(link)) = (destroyed, link)
        && link.slot == tables::Command::Direct
        && fold.on_board(link.commander)
    {
        fold.emit(Event::Owe(Owed::FreeAttack {
            attacker,
            commander: link.commander,
            kind,
            cause,
        }));
    }
}

/// The lines written because they are owed: `morale`, `cornered`,
/// `free-attack`.
pub(super) fn owed_line(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    known: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let actor_atom = action.actor();
    let Some(actor) = known.or_else(|| named(fold, actor_atom.text, None, actor_atom.span, out))
    else {
        // An entity the log never set up: its free attack's claims stand
        // as written (see `written_line`).
        super::slips::claimed_as_written(fold, action);
        return;
    };
    let before = out.len();
    let verb = action.verb().text;
    let hit = match verb {
        "morale" => morale_line(fold, actor, action, out),
        "cornered" => cornered_line(fold, actor, action, out),
        "hazard" => hazard_line(fold, actor, action, out),
        _ => free_attack(fold, actor, action, out),
    };
    if out.len() == before {
        claims(fold, actor, action, hit, out);
    } else {
        written_but_refused(fold, actor, action);
    }
}

/// An owed line was written for `actor` but refused: what it owed counts
/// as paid, so the next line does not find it missing as well (one
/// mistake, one error). A morale check claimed failed routs the unit and
/// spreads as a break does; otherwise it passed (MORALE-8).
fn written_but_refused(fold: &mut Fold<'_>, actor: usize, action: &Action<'_, '_>) {
    let verb = action.verb().text;
    let failed = action
        .outcome()
        .is_some_and(|claimed| claimed.iter().any(|a| a.text == "fail"));
    // A failed check routs as written, owed or not: a check not owed is
    // most often one whose cause the log lost, and the break it claims
    // spreads as any break does.
    if verb == "morale" && failed && fold.entities[actor].status == Status::Active {
        let cause = fold
            .owed
            .iter()
            .find_map(|o| match o {
                Owed::Morale(check) if check.unit == actor => Some(check.cause),
                _ => None,
            })
            .unwrap_or(action.span);
        claimed_status(fold, actor, Status::Routed);
        for next in morale::cascade(fold, actor, cause) {
            owe_check(fold, next);
        }
    }
    claimed_as_written(fold, action);
    let index = fold.owed.iter().position(|owed| match (verb, owed) {
        ("morale", Owed::Morale(check)) => check.unit == actor,
        ("cornered", Owed::Cornered { unit, .. }) => *unit == actor,
        ("hazard", Owed::Hazard { entity, .. }) => *entity == actor,
        ("free-attack", Owed::FreeAttack { attacker, .. }) => *attacker == actor,
        _ => false,
    });
    if let Some(index) = index {
        fold.emit(Event::Paid(index));
    }
}

/// `U morale TRIGGERS d20:N` (MORALE-1..7, CASCADE-2): a check owed, with
/// the triggers that fired, lowest CON first; a fail routs and makes the
/// adjacent friends check.
fn morale_line(
    fold: &mut Fold<'_>,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let span = action.span;
    let args = action.args();
    let Some(index) = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::Morale(c) if c.unit == unit))
    else {
        out.push(Violation::of(
            &codes::MORALE_CHECK_NOT_OWED,
            span,
            format!("{} owes no morale check here", fold.name(unit)),
            rules::TRIGGERS,
        ));
        return None;
    };
    let Owed::Morale(owed) = fold.owed[index] else {
        return None;
    };
    let pending: SmallVec<[MoraleCheck; 8]> = fold
        .owed
        .iter()
        .filter_map(|o| match o {
            Owed::Morale(c) => Some(*c),
            _ => None,
        })
        .collect();
    if let Err(first) = morale::may_check_now(fold, &pending, unit) {
        out.push(Violation::of(
            &codes::CASCADE_ORDER,
            action.actor().span,
            format!(
                "{} (CON {}) checks out of turn: {} (CON {}) must check first, as the lowest CON waiting does",
                fold.name(unit),
                fold.info(unit).map_or(0, |i| i.stats.con),
                fold.name(first),
                fold.info(first).map_or(0, |i| i.stats.con)
            ),
            rules::CASCADE,
        ));
    }
    // Out of order or misnamed, the check is still the one owed: its die
    // decides (one mistake, one error).
    let written = args.first().filter(|a| a.kind != AtomKind::Dice);
    if !owed.triggers.written_as(written.map_or("", |a| a.text)) {
        out.push(
            Violation::of(
                &codes::WRONG_TRIGGER,
                written.map_or(span, |a| a.span),
                format!(
                    "{}'s check is for {} (threat {})",
                    fold.name(unit),
                    owed.triggers.words(),
                    owed.threat
                ),
                rules::TRIGGERS,
            )
            .help(format!("write `{}`", owed.triggers.words())),
        );
    }
    let (face, die_span) = die(args, span, out)?;
    let (con, luk) = fold
        .info(unit)
        .map_or((0, 0), |i| (i.stats.con, i.stats.luk));
    let bonus = fold.bonus_for(unit);
    let delta = tables::morale_delta(con, owed.threat, bonus);
    let unbreakable = fold.info(unit).is_some_and(|i| i.known_traits.unbreakable)
        && !fold.rerolls_used.contains(&unit);
    let resolution = match pair_die(args, "reroll") {
        // Unbreakable: one failed morale check a battle rolled again
        // (TDGS-R44), whatever the first die; LUK +10's reroll of a natural 1
        // is luck's own.
        Some((Some(second), _))
            if unbreakable
                && !(face == 1 && luk == tables::LUK_MAX)
                && tables::success(face, delta, luk, None).is_ok_and(|r| !r.success) =>
        {
            fold.emit(Event::RerollUsed { unit });
            roll(second, die_span, delta, luk, &[], out)?
        }
        _ => roll(face, die_span, delta, luk, args, out)?,
    };
    fold.emit(Event::Paid(index));
    fold.emit(Event::Checked {
        entity: unit,
        kind: CheckKind::Morale(owed.triggers),
        roll: Roll {
            die: face,
            total: resolution.total,
            success: resolution.success,
        },
    });
    if !resolution.success {
        fold.emit(Event::Routed {
            unit,
            rout: Rout {
                threat: owed.threat,
                threat_entity: owed.threat_entity,
                triggers: owed.triggers,
            },
        });
        for check in morale::cascade(fold, unit, span) {
            owe_check(fold, check);
        }
    }
    Some(resolution.success)
}

/// `U cornered d20:N` (CORNERED-1..5): a routed unit with no escape route,
/// on its activation; d20 + (CON − the threat that routed it) + its
/// commander's bonus ≥ 11. Pass: last stand; fail: the claim names its fate.
fn cornered_line(
    fold: &mut Fold<'_>,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let span = action.span;
    let now = fold.entities.get(unit).copied()?;
    let rout = now.rout.filter(|_| now.status == Status::Routed);
    let Some(rout) = rout else {
        out.push(Violation::of(
            &codes::NOT_CORNERED,
            span,
            format!("{} is not routed", fold.name(unit)),
            rules::CORNERED,
        ));
        return None;
    };
    if fold.activation.map(|a| a.entity) != Some(unit) {
        out.push(Violation::of(
            &codes::NOT_YOUR_TURN,
            action.actor().span,
            format!(
                "{} makes its cornered check at the start of its own activation, \
                 and its label `{}:` does not open one before this line",
                fold.name(unit),
                action.actor().text
            ),
            rules::CORNERED,
        ));
        return None;
    }
    if morale::escape_route(fold, unit) {
        out.push(Violation::of(
            &codes::NOT_CORNERED,
            span,
            format!("{} has an escape route: it flees", fold.name(unit)),
            rules::CORNERED,
        ));
        return None;
    }
    let (face, die_span) = die(action.args(), span, out)?;
    let (con, luk) = fold
        .info(unit)
        .map_or((0, 0), |i| (i.stats.con, i.stats.luk));
    let bonus = fold.bonus_for(unit);
    let Ok(resolution) = tables::success(
        face,
        tables::morale_delta(con, rout.threat, bonus),
        luk,
        None,
    ) else {
        out.push(Violation::of(
            &codes::BAD_ROLL,
            die_span,
            "this d20 cannot be resolved",
            rules::RESOLUTION,
        ));
        return None;
    };
    fold.emit(Event::Checked {
        entity: unit,
        kind: CheckKind::Cornered,
        roll: Roll {
            die: face,
            total: resolution.total,
            success: resolution.success,
        },
    });
    if resolution.success {
        fold.emit(Event::Recovered {
            unit,
            rallied: false,
        });
        // It acts at once, with the activation's budget untouched (CORNERED-4).
        fold.emit(Event::LastStand { unit, on: true });
        return Some(true);
    }
    let fate = action
        .outcome()
        .into_iter()
        .flatten()
        .find_map(|a| match Status::parse(a.text) {
            Some(s @ (Status::Surrendered | Status::Destroyed)) => Some(s),
            _ => None,
        });
    match fate {
        Some(status) => fold.emit(Event::Status {
            entity: unit,
            status,
        }),
        None => {
            out.push(Violation::of(
                &codes::CORNERED_FATE_MISSING,
                span,
                format!("{} fails its cornered check: say whether it surrendered or was destroyed (`=> {} surrendered`)", fold.name(unit), fold.info(unit).map_or("", |i| i.id.as_str())),
                rules::CORNERED,
            ));
            fold.emit(Event::Status {
                entity: unit,
                status: Status::Surrendered,
            });
        }
    }
    Some(false)
}

/// `B free-attack G d20:N [damage=N]` (COMMAND-11): owed to the destroyer
/// of G's direct unit, at any distance, of the destroying attack's kind.
fn free_attack(
    fold: &mut Fold<'_>,
    attacker: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let args = action.args();
    let span = action.span;
    let target_atom = args.first().filter(|a| a.kind.is_actor());
    let target = target_atom.and_then(|a| named(fold, a.text, None, a.span, &mut Vec::new()));
    let owed = fold.owed.iter().position(|o| {
        matches!(o, Owed::FreeAttack { attacker: a, commander: c, .. } if *a == attacker && Some(*c) == target)
    });
    let Some(index) = owed else {
        out.push(Violation::of(
            &codes::FREE_ATTACK_NOT_OWED,
            span,
            "a free attack is owed only to the entity that just destroyed a commander's direct unit, on that commander",
            rules::EXPOSED_COMMANDER,
        ));
        return None;
    };
    let Owed::FreeAttack {
        commander, kind, ..
    } = fold.owed[index]
    else {
        return None;
    };
    let rolled = die(args, span, out)?;
    fold.emit(Event::Paid(index));
    resolve_attack(fold, attacker, commander, kind, rolled, args, span, 0, out)
}

/// Whether `entity` with its anchor at `anchor` stands on hazardous ground.
pub(super) fn on_hazard(state: &State, entity: usize, anchor: Cell) -> bool {
    state.roster.hazards
        && state.info(entity).is_some_and(|info| {
            Footprint::new(anchor, info.width, info.height)
                .cells()
                .any(|c| state.roster.ground_at(c).is_some_and(|g| g.hazardous()))
        })
}

/// `X hazard damage=N` (POSITION-11): the damage an owed hazard did, as
/// the content says; HP falls as from a hit.
fn hazard_line(
    fold: &mut Fold<'_>,
    entity: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let owed = fold
        .owed
        .iter()
        .position(|o| matches!(o, Owed::Hazard { entity: e, .. } if *e == entity));
    let Some(index) = owed else {
        out.push(Violation::of(
            &codes::HAZARD_NOT_OWED,
            action.span,
            format!("{} owes no hazard here", fold.name(entity)),
            rules::HAZARD,
        ));
        return None;
    };
    let Some((damage, at)) = pair_number(action.args(), "damage") else {
        out.push(Violation::of(
            &codes::DAMAGE_MISSING,
            action.span,
            "a hazard line states the damage: `R3 hazard damage=4`",
            rules::HAZARD,
        ));
        return None;
    };
    let Ok(damage) = i32::try_from(damage)
        .map_err(|_| ())
        .and_then(|d| if d >= 0 { Ok(d) } else { Err(()) })
    else {
        out.push(Violation::of(
            &codes::BAD_DAMAGE,
            at,
            "damage is a whole number from 0",
            rules::HAZARD,
        ));
        return None;
    };
    fold.emit(Event::Paid(index));
    if damage > 0 {
        hurt(fold, entity, damage);
    }
    None
}
