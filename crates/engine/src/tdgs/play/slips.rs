//! Slips of the pen: the line its writer meant when it is unreadable as
//! written, and a refused line played as written (its move made, its
//! claims taken as facts), so one mistake gives one error.

use senlac_notation::lower::Action;
use senlac_notation::value;
use senlac_notation::{Atom, AtomKind, Fix, Span, did_you_mean};

use crate::reuse::Path;
use crate::tdgs::catalog;
use crate::tdgs::codes;
use crate::tdgs::event::Event;
use crate::tdgs::morale;
use crate::tdgs::rules;
use crate::tdgs::state::{OtherHp, Owed, Rout, Status};
use crate::tdgs::tables;
use crate::violation::Violation;

use super::named;
use crate::tdgs::Fold;

/// Whether `word` is a verb of the ruleset's lines.
fn is_verb(word: &str) -> bool {
    catalog::LINES.iter().any(|l| l.verb == word)
}

/// The line its writer meant, when a slip of the pen makes it unreadable
/// as written: the entity written twice (`A A step 0907`), the entity left
/// out (`morale half d20:6`, the one who owes it or whose activation is
/// open), a misspelt verb (`setp`). Reports the slip, once, and gives the
/// atoms meant, with the entity when the line left it out; `None` when the
/// line reads as written (allocates only for a slip).
pub(super) fn meant<'s>(
    fold: &Fold<'_>,
    action: &Action<'_, 's>,
    out: &mut Vec<Violation>,
) -> Option<(Vec<Atom<'s>>, Option<usize>)> {
    let atoms = action.atoms;
    let (actor, verb) = (action.actor(), action.verb());
    if is_verb(verb.text) {
        return None;
    }
    // The entity written twice.
    if verb.text == actor.text && atoms.get(2).is_some_and(|a| is_verb(a.text)) {
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                verb.span,
                format!("`{}` is written twice", actor.text),
                rules::ACTIONS,
            )
            .fix(Fix::new(
                Span::new(actor.span.end as usize, verb.span.end as usize),
                "",
                format!("remove the second `{}`", actor.text),
            )),
        );
        return Some((atoms[1..].to_vec(), None));
    }
    // The entity left out: the line starts with its verb.
    if is_verb(actor.text) && named(fold, actor.text, None, actor.span, &mut Vec::new()).is_none() {
        let who = implied_actor(fold, actor.text)?;
        let id = fold.info(who).map(|i| i.id.as_str())?;
        out.push(
            Violation::of(
                &codes::UNKNOWN_ENTITY,
                actor.span,
                format!(
                    "the line starts with its verb: `{}` is not an entity",
                    actor.text
                ),
                rules::REFERENCES,
            )
            .fix(Fix::new(
                Span::new(actor.span.start as usize, actor.span.start as usize),
                format!("{id} "),
                format!("name {} first", fold.name(who)),
            )),
        );
        // The verb stands in the entity's place too; the entity is `who`.
        let mut written = Vec::with_capacity(atoms.len() + 1);
        written.push(actor);
        written.extend_from_slice(atoms);
        return Some((written, Some(who)));
    }
    // `morale` left out: the unit owes a check and names its triggers.
    let owner = named(fold, actor.text, None, actor.span, &mut Vec::new());
    let owes_check = owner.is_some_and(|unit| {
        fold.owed
            .iter()
            .any(|o| matches!(o, Owed::Morale(c) if c.unit == unit))
    });
    if owes_check
        && verb
            .text
            .split('+')
            .all(|w| tables::Trigger::parse(w).is_some())
    {
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                verb.span,
                format!(
                    "`{}` is a trigger: the line is a morale check, `{} morale {}`",
                    verb.text, actor.text, verb.text
                ),
                rules::ACTIONS,
            )
            .fix(Fix::new(
                Span::new(verb.span.start as usize, verb.span.start as usize),
                "morale ",
                "insert `morale`",
            )),
        );
        let mut written = Vec::with_capacity(atoms.len() + 1);
        written.push(actor);
        written.push(Atom {
            kind: AtomKind::Word,
            text: "morale",
            span: Span::new(verb.span.start as usize, verb.span.start as usize),
        });
        written.extend_from_slice(&atoms[1..]);
        return Some((written, None));
    }
    // A misspelt verb.
    let verbs = catalog::LINES
        .iter()
        .map(|l| l.verb)
        .filter(|v| !v.starts_with('>'));
    let spelt = did_you_mean(verb.text, verbs)?;
    out.push(
        Violation::of(
            &codes::UNKNOWN_VERB,
            verb.span,
            format!("`{}` is not an action of TDGS Mass Combat", verb.text),
            rules::ACTIONS,
        )
        .fix(Fix::new(verb.span, spelt, format!("write `{spelt}`"))),
    );
    let mut written = atoms.to_vec();
    written[1] = Atom {
        text: spelt,
        ..verb
    };
    Some((written, None))
}

/// Who a line without its entity is by: for an owed line, the one that
/// owes it (the first due); otherwise the open activation's entity.
fn implied_actor(fold: &Fold<'_>, verb: &str) -> Option<usize> {
    let owed = fold.owed.iter().find_map(|o| match (verb, o) {
        ("morale", Owed::Morale(check)) => Some(check.unit),
        ("cornered", Owed::Cornered { unit, .. }) => Some(*unit),
        ("hazard", Owed::Hazard { entity, .. }) => Some(*entity),
        ("free-attack", Owed::FreeAttack { attacker, .. }) => Some(*attacker),
        _ => None,
    });
    match verb {
        "morale" | "cornered" | "hazard" | "free-attack" => owed,
        _ => fold.activation.map(|a| a.entity),
    }
}

/// A refused line, played as written where it says what happened: the
/// mover stands at its path's last square, and the line's claims of HP and
/// status stand. So the lines after it meet the position their writer
/// meant, and one mistake gives one error, not one per line after it.
pub(super) fn as_written(fold: &mut Fold<'_>, actor: usize, action: &Action<'_, '_>) {
    let moving = matches!(
        action.verb().text,
        "step" | "move" | "flee" | "retreat" | "charge"
    );
    let last = action
        .args()
        .iter()
        .filter(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
        .find_map(|a| value::cells(a).last());
    if moving
        && let (Some(to), Some(from)) = (last, fold.entities[actor].anchor)
        && to != from
        && fold.on_board(actor)
        && morale::may_stop(fold, actor, to)
    {
        fold.emit(Event::Moved {
            entity: actor,
            from,
            path: Path::from_slice(&[to]),
        });
    }
    claimed_as_written(fold, action);
}

/// The claims of a refused line taken as facts: `X hp=N` and `X STATUS`.
pub(super) fn claimed_as_written(fold: &mut Fold<'_>, action: &Action<'_, '_>) {
    let Some(claimed) = action.outcome() else {
        return;
    };
    let mut subject: Option<usize> = None;
    for atom in claimed {
        match atom.kind {
            AtomKind::Pair => {
                let Some(entity) = subject else { continue };
                let hp = value::pair(atom)
                    .filter(|(key, _)| *key == "hp")
                    .and_then(|(_, v)| value::integer(&v))
                    .and_then(|n| i32::try_from(n).ok());
                let max = fold.info(entity).map_or(0, |i| i.max_hp);
                if let Some(hp) = hp.filter(|hp| (0..=max).contains(hp)) {
                    // The HP worked out from the damage written stays the
                    // other account (TDGS-R54).
                    let e = &fold.entities[entity];
                    let worked_out = e.hp_worked_out();
                    if hp != e.hp {
                        fold.emit(Event::HpClaimed {
                            entity,
                            hp,
                            other: (worked_out != hp).then_some(OtherHp {
                                hp: worked_out,
                                worked_out: true,
                            }),
                        });
                    }
                }
            }
            AtomKind::Word => match Status::parse(atom.text) {
                Some(status) => {
                    if let Some(entity) = subject
                        && fold.entities[entity].status != status
                    {
                        claimed_status(fold, entity, status);
                    }
                }
                None => subject = named(fold, atom.text, None, atom.span, &mut Vec::new()),
            },
            _ => {}
        }
    }
}

/// `entity` is `status` because a refused line says so.
pub(super) fn claimed_status(fold: &mut Fold<'_>, entity: usize, status: Status) {
    match status {
        Status::Routed => {
            let owed = fold.owed.iter().find_map(|o| match o {
                Owed::Morale(check) if check.unit == entity => Some(*check),
                _ => None,
            });
            let rout = Rout {
                // Not owed a check: a break of unknown cause, at the
                // commonest threat (a cascade's 10).
                threat: owed.map_or(tables::Trigger::Cascade.threat(0), |c| c.threat),
                threat_entity: owed.and_then(|c| c.threat_entity),
                triggers: owed.map_or_else(Default::default, |c| c.triggers),
            };
            fold.emit(Event::Routed { unit: entity, rout });
        }
        Status::Active => fold.emit(Event::Recovered {
            unit: entity,
            rallied: false,
        }),
        _ => fold.emit(Event::Status { entity, status }),
    }
}
