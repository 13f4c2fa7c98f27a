//! TDGS Mass Combat's play: rounds and activations in REF order (TURN), the
//! action economy (ACTIONS), and every line an activation writes (movement,
//! attacks with the d20, orders and command, morale, flight, cornered
//! checks, rally, hazards, opportunity and free attacks), each checked and
//! turned into [`Event`]s; after each line, the triggers it fired are owed.
//!
//! Here are the entry points ([`play`], [`finish`]) and the reading of a line: its entity
//! named, the slip that makes it unreadable read as meant (`slips`), and
//! the line handed to the module of its subject: `activation` (rounds,
//! labels, the Action and the Step), `movement`, `combat` (attacks and
//! damage, rolled by `dice`), `command` (commanders' lines), `claims` (what
//! `=>` says) and `owed` (the owed lines, and what each line makes owed).

use smallvec::SmallVec;

use senlac_board::Cell;
use senlac_notation::lower::{Action, Step};
use senlac_notation::value::UnitRef;
use senlac_notation::{Atom, Fix, Span, did_you_mean};

use super::Fold;
use super::catalog;
use super::codes;
use super::event::Event;
use super::rules;
use super::state::{AttackKind, EntityState, State, Status};
use crate::doubt::Subject;
use crate::reuse::{Buffer, Lent};
use crate::violation::Violation;

mod activation;
mod claims;
mod combat;
mod command;
mod dice;
mod movement;
mod owed;
mod slips;

use activation::{close, label, label_left_out, turn};
use claims::claims;
use combat::{attack, cast, charge, opportunity};
#[cfg(feature = "test-support")]
pub use combat::{attack_strength, defence};
pub(super) use combat::{cover_of, in_sight};
use command::{claim, order, rally, release};
use movement::{flee, moved_nearer, retreat, step, travel};
use owed::{missing_checks, owed_line, settle};
use slips::{as_written, meant};

/// What must hold when a line of play ends (the movetext or a variation):
/// no morale check left owed (MORALE-5).
pub fn finish(fold: &mut Fold<'_>, end: Span, out: &mut Vec<Violation>) {
    missing_checks(fold, out);
    close(fold, end, out);
}

/// Checks one step of the movetext and emits what it does.
pub fn play(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    match step {
        Step::Turn { number, side, span } => turn(fold, *number, side, *span, out),
        Step::Phase { name, span } => {
            let before = out.len();
            label(fold, name, *span, out);
            hide_doubted(fold, &[*name], out, before);
        }
        Step::Action(action) => line(fold, action, out),
        _ => {}
    }
}

/// A path as written: anchors joined by `-`.
pub(super) fn cells(path: &[Cell]) -> String {
    path.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

fn removed(state: &State, entity: usize, span: Span) -> Violation {
    let status = state
        .entities
        .get(entity)
        .map_or(Status::Active, |e| e.status);
    let why = if status.removed() || status.lost() {
        status.word()
    } else {
        "not deployed"
    };
    Violation::of(
        &codes::REMOVED_ENTITY_ACTS,
        span,
        format!("{} is {why} and takes no part", state.name(entity)),
        rules::REMOVED,
    )
}

/// The entity a word names (LOG-1): `Side.ID`, or an id looked up on
/// `prefer` first, then on every side.
fn named(
    state: &State,
    word: &str,
    prefer: Option<usize>,
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let reference = UnitRef::parse(word);
    let roster = &state.roster;
    if let Some(side) = reference.side {
        let found = roster
            .side_index(side)
            .and_then(|s| roster.entity(s, reference.id));
        if found.is_none() {
            out.push(Violation::of(
                &codes::UNKNOWN_ENTITY,
                span,
                format!("{side} has no entity {}", reference.id),
                rules::REFERENCES,
            ));
        }
        return found;
    }
    if let Some(found) = prefer.and_then(|s| roster.entity(s, reference.id)) {
        return Some(found);
    }
    let all: SmallVec<[usize; 4]> = (0..roster.sides.len())
        .filter_map(|s| roster.entity(s, reference.id))
        .collect();
    match all.as_slice() {
        [one] => Some(*one),
        [] => {
            out.push(Violation::of(
                &codes::UNKNOWN_ENTITY,
                span,
                format!("no entity is named {}", reference.id),
                rules::REFERENCES,
            ));
            None
        }
        _ => {
            out.push(
                Violation::of(
                    &codes::AMBIGUOUS_ID,
                    span,
                    format!("{} names an entity on more than one side", reference.id),
                    rules::REFERENCES,
                )
                .help(format!("write SIDE.{}", reference.id)),
            );
            None
        }
    }
}

/// One line of an activation.
fn line(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let before = out.len();
    match meant(fold, action, out) {
        Some((atoms, actor)) => written_line(
            fold,
            &Action {
                span: action.span,
                atoms: &atoms,
            },
            actor,
            out,
        ),
        None => written_line(fold, action, None, out),
    }
    if out.len() > before && fold.activation.is_some() {
        fold.emit(Event::Refused);
    }
    // Most lines find nothing: the names are gathered only when one does.
    if out.len() > before {
        let words: SmallVec<[&str; 8]> = action
            .atoms
            .iter()
            .filter(|a| a.kind.is_actor())
            .flat_map(|a| a.text.split('+'))
            .collect();
        hide_doubted(fold, &words, out, before);
    }
}

/// Hides the findings since `before` when one of the entities `words`
/// name is one the setup doubted (never deployed, a stat it could not
/// read), or one doubted since for a line it shared with such an entity:
/// they would only echo its error, which counts them.
fn hide_doubted(fold: &mut Fold<'_>, words: &[&str], out: &mut Vec<Violation>, before: usize) {
    if out.len() <= before {
        return;
    }
    let roster = &fold.roster;
    let subjects: SmallVec<[Subject; 8]> = words
        .iter()
        .flat_map(|word| {
            let reference = UnitRef::parse(word);
            (0..roster.sides.len())
                .filter(move |&s| {
                    reference
                        .side
                        .is_none_or(|side| roster.side_index(side) == Some(s))
                })
                .filter_map(move |s| roster.entity(s, reference.id))
        })
        .map(Subject::Unit)
        .collect();
    let Some(by) = fold.doubt().doubted_by(&subjects) else {
        return;
    };
    fold.doubt().weigh(&subjects, out, before);
    // What the line did to the others it names is in doubt too (a charge
    // by an entity never deployed, the damage it claims): their findings
    // would echo the same error.
    for subject in subjects {
        fold.doubt().suspect(subject, by);
    }
}

thread_local! {
    /// The entities as a line found them, for [`settle`] to compare the
    /// line's end with: only the entities change.
    static BEFORE: Buffer<EntityState> = const { std::cell::Cell::new(Vec::new()) };
}

/// One line of the movetext, checked and played; by `known` when the line
/// left its entity out.
fn written_line(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    known: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let mut before = Lent::new(&BEFORE);
    before.extend_from_slice(&fold.entities);
    let actor_atom = action.actor();
    let verb = action.verb();
    let first = fold.events().len();
    if let Some(written) = catalog::line(verb.text) {
        check_arguments(written, action.args(), out);
    }
    if OWED_VERBS.contains(&verb.text) {
        owed_line(fold, action, known, out);
        settle(fold, &before, first, action.span);
        return;
    }
    missing_checks(fold, out);
    let prefer = fold
        .activation
        .and_then(|a| fold.info(a.entity).map(|i| i.side));
    let Some(actor) = known.or_else(|| named(fold, actor_atom.text, prefer, actor_atom.span, out))
    else {
        // An entity the log never set up (its unit line lost): what its
        // line claims of the others is taken as written, so their HP and
        // status go on as the log has them and the loss is one error.
        slips::claimed_as_written(fold, action);
        settle(fold, &before, first, action.span);
        return;
    };
    if !fold.on_board(actor) {
        // Its label was refused already: one mistake, one error.
        let refused_label = fold
            .activation
            .is_some_and(|open| open.entity == actor && open.refused);
        if !refused_label {
            out.push(removed(fold, actor, actor_atom.span));
        }
        return;
    }
    match fold.activation {
        None => {
            out.push(
                Violation::of(
                    &codes::MISSING_ACTIVATION,
                    action.span,
                    format!(
                        "{} acts outside any activation: open one with its label `{}:`",
                        fold.name(actor),
                        actor_atom.text
                    ),
                    rules::ACTIVATIONS,
                )
                .fix(Fix::new(
                    Span::new(action.span.start as usize, action.span.start as usize),
                    format!("{}:\n    ", actor_atom.text),
                    format!("open {}'s activation", actor_atom.text),
                )),
            );
            if !label_left_out(fold, actor, span_line(action)) {
                return;
            }
        }
        Some(open) if open.entity != actor => {
            // Not yet activated this round: its own label was most likely
            // left out, and the message says so.
            let round = fold.entities[actor].round;
            let why = if round.spent() {
                format!(": {} has activated this round", actor_atom.text)
            } else {
                format!(
                    ": its own label `{}:` is missing before this line",
                    actor_atom.text
                )
            };
            out.push(Violation::of(
                &codes::NOT_YOUR_TURN,
                actor_atom.span,
                format!(
                    "{} acts in {}'s activation{why}",
                    fold.name(actor),
                    fold.name(open.entity)
                ),
                rules::ACTIVATIONS,
            ));
            fold.emit(Event::Refused);
            if !label_left_out(fold, actor, span_line(action)) {
                return;
            }
        }
        Some(_) => {}
    }
    let refused = out.len();
    ordinary_line(fold, actor, action, out);
    if out.len() > refused {
        as_written(fold, actor, action);
    }
    settle(fold, &before, first, action.span);
    owed_reactions(fold, &mut before, action, out);
}

/// Owed lines written as reactions of the line that caused them
/// (`… > C morale half d20:6`, LOG-3): the same to the engine as lines of
/// their own after it.
fn owed_reactions(
    fold: &mut Fold<'_>,
    before: &mut Vec<EntityState>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    for reaction in action.reactions() {
        if !OWED_VERBS.contains(&reaction.verb.text) {
            continue;
        }
        let end = reaction
            .args
            .last()
            .map_or(reaction.verb.span.end, |a| a.span.end);
        let mut atoms = Vec::with_capacity(reaction.args.len() + 2);
        atoms.extend([reaction.reactor, reaction.verb]);
        atoms.extend_from_slice(reaction.args);
        let owed = Action {
            span: Span::new(reaction.reactor.span.start as usize, end as usize),
            atoms: &atoms,
        };
        before.clear();
        before.extend_from_slice(&fold.entities);
        let first = fold.events().len();
        owed_line(fold, &owed, None, out);
        settle(fold, before, first, owed.span);
    }
}

/// Where a line starts, for findings about what should stand before it.
fn span_line(action: &Action<'_, '_>) -> Span {
    Span::new(action.span.start as usize, action.span.start as usize)
}

/// Reports the first argument a line does not take (TDGS-R52); the rest of
/// it is played as written.
fn check_arguments(line: &catalog::Line, args: &[Atom<'_>], out: &mut Vec<Violation>) {
    let Some(extra) = catalog::extra_argument(line, args) else {
        return;
    };
    let verb = line.verb.trim_start_matches("> ");
    let mut found = Violation::of(
        &codes::EXTRA_ARGUMENT,
        extra.span,
        format!(
            "`{verb}` takes {}; `{}` is one argument too many",
            catalog::takes(line),
            extra.text
        ),
        rules::ARGUMENTS,
    )
    .label("not an argument of this line");
    // A misspelt key (`damge=31`) is most likely one the line takes.
    let key = extra.text.split_once('=').map(|(k, _)| k);
    let keys = line.takes.iter().filter_map(|a| match a {
        catalog::Arg::Key(k) | catalog::Arg::Keys(k) => Some(*k),
        _ => None,
    });
    found = match key.and_then(|k| did_you_mean(k, keys).map(|meant| (k, meant))) {
        Some((k, meant)) => found.fix(Fix::new(
            Span::new(
                extra.span.start as usize,
                extra.span.start as usize + k.len(),
            ),
            meant,
            format!("write `{meant}=`"),
        )),
        None => found.help(format!(
            "remove `{}`, or put a note in a comment `{{ ... }}`",
            extra.text
        )),
    };
    out.push(found);
}

/// The lines an entity writes because something made them owed, inside
/// whatever activation is open (MORALE-5, CORNERED-1, COMMAND-11).
const OWED_VERBS: [&str; 4] = ["morale", "cornered", "free-attack", "hazard"];

/// A line of the open entity's own.
fn ordinary_line(
    fold: &mut Fold<'_>,
    actor: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let verb = action.verb();
    let args = action.args();
    let routed = fold.entities[actor].status == Status::Routed;
    // A routed commander's command lines get their own finding (COMMAND-12).
    let commanding = matches!(verb.text, "order" | "claim" | "release" | "rally");
    if routed && verb.text != "flee" && !commanding {
        out.push(Violation::of(
            &codes::ROUTED_CANNOT_ACT,
            verb.span,
            format!(
                "{} is routed: its activation is its flight",
                fold.name(actor)
            ),
            rules::ROUTED,
        ));
        return;
    }
    let before = out.len();
    let start = fold.footprint(actor);
    // Only a move asks how near it began (ORDERS-4).
    let start_gap = (verb.text == "move")
        .then(|| fold.nearest_enemy_gap(actor))
        .flatten();
    let mut hit = None;
    let claimed = action.outcome().unwrap_or_default();
    match verb.text {
        "step" => step(fold, actor, args, action.span, out),
        "move" => travel(fold, actor, args, action.span, out),
        "flee" => flee(fold, actor, args, action.span, out),
        "retreat" => retreat(fold, actor, args, action.span, out),
        "attack" => {
            hit = attack(
                fold,
                actor,
                AttackKind::Melee,
                args,
                claimed,
                action.span,
                out,
            )
        }
        "shoot" => {
            hit = attack(
                fold,
                actor,
                AttackKind::Shot,
                args,
                claimed,
                action.span,
                out,
            )
        }
        "cast" => hit = cast(fold, actor, args, claimed, action.span, out),
        "charge" => hit = charge(fold, actor, args, action.span, out),
        "order" => order(fold, actor, args, action.span, out),
        "claim" => claim(fold, actor, args, action.span, out),
        "release" => release(fold, actor, args, action.span, out),
        "rally" => hit = rally(fold, actor, args, action.span, out),
        "delay" => {
            fold.emit(Event::Delayed { entity: actor });
        }
        _ => out.push(Violation::of(
            &codes::UNKNOWN_VERB,
            verb.span,
            format!("`{}` is not an action of TDGS Mass Combat", verb.text),
            rules::ACTIONS,
        )),
    }
    if out.len() == before {
        let moving = matches!(verb.text, "move" | "charge" | "flee");
        let mut struck: Vec<&str> = Vec::new();
        for reaction in action.reactions() {
            if OWED_VERBS.contains(&reaction.verb.text) {
                continue;
            }
            // One opportunity attack per enemy per line (POSITION-5).
            if struck.contains(&reaction.reactor.text) {
                out.push(Violation::of(
                    &codes::OPPORTUNITY_NOT_ALLOWED,
                    reaction.reactor.span,
                    format!(
                        "{} has struck once in this line: one opportunity attack per enemy per line",
                        reaction.reactor.text
                    ),
                    rules::OPPORTUNITY,
                ));
                break;
            }
            struck.push(reaction.reactor.text);
            // An opportunity attack that destroyed the mover ended its line
            // (POSITION-5): nothing more happens to it.
            if !fold.on_board(actor) {
                out.push(Violation::of(
                    &codes::MOVED_AFTER_DESTROYED,
                    reaction.reactor.span,
                    format!(
                        "{} was destroyed by an opportunity attack: its line ends there",
                        fold.name(actor)
                    ),
                    rules::OPPORTUNITY,
                ));
                break;
            }
            opportunity(fold, actor, start, moving, &reaction, out);
        }
    }
    // A line already wrong has its claims unread: one mistake, one error.
    if out.len() == before {
        claims(fold, actor, action, hit, out);
        // The move was made as written; whether its order allowed it is
        // the last question.
        if verb.text == "move" && fold.on_board(actor) {
            moved_nearer(fold, actor, start_gap, args, action.span, out);
        }
    }
}
