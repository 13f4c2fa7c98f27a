//! TDGS Mass Combat's play: rounds and activations in REF order (TURN), the
//! action economy (ACTIONS), and every line an activation writes (movement,
//! attacks with the d20, orders and command, morale, flight, cornered
//! checks, rally, hazards, opportunity and free attacks), each checked and
//! turned into [`Event`]s; after each line, the triggers it fired are owed.

use std::ops::Deref;

use smallvec::SmallVec;

use senlac_board::Cell;
use senlac_board::footprint::{self, Footprint, PathError, StepError};
use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{self, Dice, UnitRef};
use senlac_notation::{Atom, AtomKind, Fix, Span, did_you_mean};

use super::catalog;
use super::codes;
use super::duty::{self, Duty};
use super::event::{CheckKind, Event, Roll};
use super::morale::movement_cost;
use super::rules;
use super::state::{AttackKind, EntityState, Kind, Link, OtherHp, State, Status};
use super::tables::{self, Order};
use crate::reuse::{Buffer, Lent, Path};
use crate::violation::Violation;

/// Where play emits its events: the system's fold, or a test's.
pub trait Emit: Deref<Target = State> {
    /// Applies `event` to the state and records it.
    fn emit(&mut self, event: Event);
    /// The events emitted so far in this step.
    fn emitted(&self) -> &[Event];
    /// The actor and verb of the line after this step in its line of play,
    /// when one follows: what tells which account of a disputed HP the log
    /// goes on from (TDGS-R54).
    fn next_line(&self) -> Option<(&str, &str)>;
}

/// A state and the events applied to it, outside any replay: for the
/// generator's trials and for tests.
pub struct Scratch {
    pub state: State,
    pub events: Vec<Event>,
    /// The actor and verb of the line after the step played, as a replay
    /// reads ahead: a test that plays step by step sets it.
    pub next_line: Option<(String, String)>,
}

impl Scratch {
    pub fn new(state: State) -> Self {
        Scratch {
            state,
            events: Vec::new(),
            next_line: None,
        }
    }
}

impl Deref for Scratch {
    type Target = State;

    fn deref(&self) -> &State {
        &self.state
    }
}

impl Emit for Scratch {
    fn emit(&mut self, event: Event) {
        super::event::apply(&mut self.state, &event);
        self.events.push(event);
    }

    fn emitted(&self) -> &[Event] {
        &self.events
    }

    fn next_line(&self) -> Option<(&str, &str)> {
        self.next_line
            .as_ref()
            .map(|(actor, verb)| (actor.as_str(), verb.as_str()))
    }
}

/// What must hold when a line of play ends (the movetext or a variation):
/// no morale check left owed (MORALE-5).
pub fn finish(fold: &mut impl Emit, end: Span, out: &mut Vec<Violation>) {
    missing_checks(fold, out);
    close(fold, end, out);
}

/// Checks one step of the movetext and emits what it does.
pub fn play(fold: &mut impl Emit, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    match step {
        Step::Turn { number, side, span } => turn(fold, *number, side, *span, out),
        Step::Phase { name, span } => label(fold, name, *span, out),
        Step::Action(action) => line(fold, action, out),
        _ => {}
    }
}

/// Closes the open activation: one that took no Action owes what the
/// unit's status or order obliges (ROUT-1, CORNERED-1, ORDERS-4, -7, -8);
/// a commander's Action spent on command excuses its order (ACTIONS-4).
fn close(fold: &mut impl Emit, span: Span, out: &mut Vec<Violation>) {
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

/// A path as written: anchors joined by `-`.
pub fn cells(path: &[Cell]) -> String {
    path.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The name of `unit`'s order, for messages.
fn order_name(state: &State, unit: usize) -> &'static str {
    match state.entities.get(unit).and_then(|e| e.order) {
        Some(Order::Charge) => "Charge",
        _ => "Attack",
    }
}

/// Every activation the round now ending left out, when the unit owed one
/// (TURN-7): a routed unit's flight or cornered check, or its order's
/// obligation. A delayed entity that never came back left its out too.
fn left_out(fold: &impl Emit, span: Span, out: &mut Vec<Violation>) {
    let round = fold.round;
    if round == 0 {
        return;
    }
    for unit in 0..fold.entities.len() {
        let flags = fold.entities[unit].round;
        if (flags.activated && !flags.delayed) || flags.rallied {
            continue;
        }
        if let Some(owed) = duty::unmet(fold, unit, None) {
            out.push(unmet_duty(fold, unit, owed, span, Some(round)));
        }
    }
}

/// `N. SIDE` (TURN-1): round N is the current round or the next one.
fn turn(fold: &mut impl Emit, number: u32, side: &str, span: Span, out: &mut Vec<Violation>) {
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
            rules::TURN_ORDER,
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
fn label(fold: &mut impl Emit, name: &str, span: Span, out: &mut Vec<Violation>) {
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
        out.push(Violation::of(
            &codes::WRONG_SIDE,
            span,
            format!(
                "{} is not of the side whose turn line stands above it",
                fold.name(entity)
            ),
            rules::ACTIVATIONS,
        ));
        return;
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
        return;
    }
    if flags.activated && !flags.delayed {
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
    if !flags.delayed
        && let Some(previous) = fold.last_opened
        && previous != entity
    {
        order_after(fold, previous, entity, span, out);
    }
    fold.emit(Event::ActivationOpened { entity });
    if let Some(anchor) = fold.entities[entity].anchor
        && on_hazard(fold, entity, anchor)
    {
        fold.emit(Event::Owe(super::state::Owed::Hazard {
            entity,
            cause: span,
        }));
    }
}

/// Checks that `entity` may act after `previous` (TURN-3): not faster, and
/// among equals in the order the log first chose.
fn order_after(
    fold: &mut impl Emit,
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
fn line(fold: &mut impl Emit, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
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
}

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
fn meant<'s>(
    fold: &impl Emit,
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
            .any(|o| matches!(o, super::state::Owed::Morale(c) if c.unit == unit))
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
fn implied_actor(fold: &impl Emit, verb: &str) -> Option<usize> {
    use super::state::Owed;
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

thread_local! {
    /// The entities as a line found them, for [`settle`] to compare the
    /// line's end with: only the entities change.
    static BEFORE: Buffer<EntityState> = const { std::cell::Cell::new(Vec::new()) };
}

/// One line of the movetext, checked and played; by `known` when the line
/// left its entity out.
fn written_line(
    fold: &mut impl Emit,
    action: &Action<'_, '_>,
    known: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let mut before = Lent::new(&BEFORE);
    before.extend_from_slice(&fold.entities);
    let actor_atom = action.actor();
    let verb = action.verb();
    let first = fold.emitted().len();
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
            out.push(Violation::of(
                &codes::NOT_YOUR_TURN,
                actor_atom.span,
                format!(
                    "{} acts in {}'s activation",
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
    fold: &mut impl Emit,
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
        let first = fold.emitted().len();
        owed_line(fold, &owed, None, out);
        settle(fold, before, first, owed.span);
    }
}

/// Where a line starts, for findings about what should stand before it.
fn span_line(action: &Action<'_, '_>) -> Span {
    Span::new(action.span.start as usize, action.span.start as usize)
}

/// After a line by `actor` with no label of its own: when `actor` has not
/// acted this round, the label was most likely left out, so its activation
/// is opened here and the line is played in it (one mistake, one error).
/// Whether it was.
fn label_left_out(fold: &mut impl Emit, actor: usize, at: Span) -> bool {
    let flags = fold.entities[actor].round;
    if flags.activated && !flags.delayed {
        return false;
    }
    close(fold, at, &mut Vec::new());
    fold.emit(Event::ActivationOpened { entity: actor });
    fold.emit(Event::Refused);
    true
}

/// A refused line, played as written where it says what happened: the
/// mover stands at its path's last square, and the line's claims of HP and
/// status stand. So the lines after it meet the position their writer
/// meant, and one mistake gives one error, not one per line after it.
fn as_written(fold: &mut impl Emit, actor: usize, action: &Action<'_, '_>) {
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
        && super::morale::may_stop(fold, actor, to)
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
fn claimed_as_written(fold: &mut impl Emit, action: &Action<'_, '_>) {
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
fn claimed_status(fold: &mut impl Emit, entity: usize, status: Status) {
    match status {
        Status::Routed => {
            let owed = fold.owed.iter().find_map(|o| match o {
                super::state::Owed::Morale(check) if check.unit == entity => Some(*check),
                _ => None,
            });
            let rout = super::state::Rout {
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
    fold: &mut impl Emit,
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
    match verb.text {
        "step" => step(fold, actor, args, action.span, out),
        "move" => travel(fold, actor, args, action.span, out),
        "flee" => flee(fold, actor, args, action.span, out),
        "retreat" => retreat(fold, actor, args, action.span, out),
        "attack" => hit = attack(fold, actor, AttackKind::Melee, args, action.span, out),
        "shoot" => hit = attack(fold, actor, AttackKind::Shot, args, action.span, out),
        "cast" => hit = cast(fold, actor, args, action.span, out),
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

/// Under Attack or Charge, a move ends nearer a nearest enemy than it
/// began, `gap` away (ORDERS-4).
fn moved_nearer(
    fold: &impl Emit,
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

/// Spends the activation's Action (`action`) or Step; a second is refused
/// (ACTIONS-1).
fn spend(fold: &mut impl Emit, action: bool, span: Span, out: &mut Vec<Violation>) -> bool {
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

/// Who stands where `mover` would end with its footprint at `to`
/// (POSITION-4: a path never ends on another entity).
fn may_stop(state: &State, mover: usize, to: Footprint) -> Option<usize> {
    (0..state.entities.len()).find(|&e| {
        e != mover && state.on_board(e) && state.footprint(e).is_some_and(|f| f.overlaps(to))
    })
}

/// Movement its order forbids (ORDERS-5, -6).
fn order_forbids(
    fold: &impl Emit,
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
fn step(
    fold: &mut impl Emit,
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
fn travel(
    fold: &mut impl Emit,
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
fn checked_path(
    fold: &impl Emit,
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

/// The enemy on the board an attack or a charge names (COMBAT-7, LOG-1:
/// an unqualified id is looked up among the actor's enemies first).
fn enemy(state: &State, actor: usize, atom: &Atom<'_>, out: &mut Vec<Violation>) -> Option<usize> {
    let enemy_side = state
        .info(actor)
        .and_then(|i| (0..state.roster.sides.len()).find(|&s| s != i.side));
    let target = named(state, atom.text, enemy_side, atom.span, out)?;
    if !state.enemies(actor, target) || !state.on_board(target) {
        out.push(Violation::of(
            &codes::BAD_TARGET,
            atom.span,
            format!("{} is not an enemy on the board", state.name(target)),
            rules::TARGETS,
        ));
        return None;
    }
    Some(target)
}

/// An entity's STR as it attacks now: +10 % charging or in last stand
/// (ORDERS-7, CORNERED-4, COMBAT-4).
pub fn attack_strength(state: &State, entity: usize) -> i32 {
    let (Some(info), Some(now)) = (state.info(entity), state.entities.get(entity)) else {
        return 0;
    };
    let base = info.stats.str;
    let mut strength = base;
    if now.charging {
        strength += tables::percent(base);
    }
    if now.last_stand {
        strength += tables::percent(base);
    }
    strength
}

/// An entity's REF as it is attacked now (COMBAT-4): +10 % under Hold (2
/// more with Hold the Line), and under Take Cover against a shot; −10 %
/// charging; 0 for an unconscious hero.
pub fn defence(state: &State, entity: usize, kind: AttackKind) -> i32 {
    let (Some(info), Some(now)) = (state.info(entity), state.entities.get(entity)) else {
        return 0;
    };
    if now.status == Status::Unconscious {
        return 0;
    }
    let base = info.stats.ref_;
    let mut reflex = base;
    match now.order {
        // Hold the Line: +2 REF more under Hold (TDGS-R44).
        Some(Order::Hold) => {
            reflex += tables::percent(base)
                + if info.known_traits.hold_the_line {
                    2
                } else {
                    0
                }
        }
        Some(Order::TakeCover) if kind == AttackKind::Shot => reflex += tables::percent(base),
        _ => {}
    }
    if now.charging {
        reflex -= tables::percent(base);
    }
    reflex
}

/// The `key=N` pairs of a line, summed by key.
fn pair_number(args: &[Atom<'_>], key: &str) -> Option<(i64, Span)> {
    args.iter()
        .find_map(|a| value::integer(&value::value_of(a, key)?).map(|n| (n, a.span)))
}

/// The d20 of a line (RESOLVE-1).
fn die(args: &[Atom<'_>], span: Span, out: &mut Vec<Violation>) -> Option<(i32, Span)> {
    // A second die is `tdgs::extra-argument`'s (TDGS-R52); the first is read.
    let Some(atom) = args.iter().find(|a| a.kind == AtomKind::Dice) else {
        out.push(Violation::of(
            &codes::ROLL_MISSING,
            span,
            "the line must record its d20, as `d20:14`",
            rules::RESOLUTION,
        ));
        return None;
    };
    match Dice::parse(atom).map(|d| (d, d.total())) {
        Some((d, total)) if d.count == 1 && d.sides == 20 && (1..=20).contains(&total) => {
            Some((total as i32, atom.span))
        }
        _ => {
            out.push(Violation::of(
                &codes::BAD_ROLL,
                atom.span,
                format!("`{}` is not one d20 showing 1 to 20", atom.text),
                rules::RESOLUTION,
            ));
            None
        }
    }
}

/// `X attack T d20:N [mod=N] [position=N] [damage=N]` and `X shoot T …`
/// (COMBAT-1, -2, -5, -6): whether it hit, once rolled.
fn attack(
    fold: &mut impl Emit,
    attacker: usize,
    kind: AttackKind,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let Some(target_atom) = args.first().filter(|a| a.kind.is_actor()) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            "an attack names its target first: `A attack R1 d20:14 damage=31`",
            rules::MELEE,
        ));
        return None;
    };
    let target = enemy(fold, attacker, target_atom, out)?;
    let gap = fold.distance(attacker, target)?;
    if let Some(finding) = order_allows_attack(fold, attacker, target, gap, target_atom.span) {
        out.push(finding);
        return None;
    }
    let weapon = fold.info(attacker).map(|i| i.weapon);
    let mut penalty = 0;
    match kind {
        AttackKind::Melee => {
            let reach = if weapon == Some(tables::Weapon::Reach) {
                4
            } else {
                1
            };
            if gap > reach {
                out.push(Violation::of(
                    &codes::NOT_ADJACENT,
                    target_atom.span,
                    format!(
                        "{} is {gap} squares from {}: a melee attack reaches {reach}",
                        fold.name(target),
                        fold.name(attacker)
                    ),
                    rules::MELEE,
                ));
                return None;
            }
        }
        AttackKind::Shot => match weapon.and_then(|w| tables::shot_penalty(w, gap)) {
            Some(p) => penalty = p,
            None => {
                out.push(Violation::of(
                    &codes::OUT_OF_RANGE,
                    target_atom.span,
                    format!(
                        "{} is {gap} squares away, beyond {}'s weapon",
                        fold.name(target),
                        fold.name(attacker)
                    ),
                    rules::RANGED,
                ));
                return None;
            }
        },
        AttackKind::Arcane | AttackKind::Divine => {}
    }
    if kind != AttackKind::Melee {
        if !in_sight(fold, attacker, target) {
            out.push(Violation::of(
                &codes::NO_LINE_OF_SIGHT,
                target_atom.span,
                format!(
                    "{} cannot see {}: every line between their squares crosses blocking or obscuring ground",
                    fold.name(attacker),
                    fold.name(target)
                ),
                rules::LINE_OF_SIGHT,
            ));
            return None;
        }
        if kind == AttackKind::Shot && cover_of(fold, attacker, target).is_none() {
            out.push(Violation::of(
                &codes::TARGET_IN_FULL_COVER,
                target_atom.span,
                format!(
                    "every square of {} is in full cover: it cannot be shot",
                    fold.name(target)
                ),
                rules::COVER,
            ));
            return None;
        }
    }
    let (face, die_span) = die(args, span, out)?;
    if !spend(fold, true, span, out) {
        return None;
    }
    resolve_attack(
        fold,
        attacker,
        target,
        kind,
        (face, die_span),
        args,
        span,
        penalty,
        out,
    )
}

/// Rolls an attack already allowed: the d20 against the effective stats,
/// the stated damage, the hit points (COMBAT-1, -2, -4..6).
#[allow(clippy::too_many_arguments)]
fn resolve_attack(
    fold: &mut impl Emit,
    attacker: usize,
    target: usize,
    kind: AttackKind,
    (face, die_span): (i32, Span),
    args: &[Atom<'_>],
    span: Span,
    penalty: i32,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let stats = fold.info(attacker).map(|i| i.stats);
    let stat = match kind {
        AttackKind::Melee => attack_strength(fold, attacker),
        AttackKind::Shot => stats.map_or(0, |s| s.dex),
        AttackKind::Arcane => stats.map_or(0, |s| s.int),
        AttackKind::Divine => stats.map_or(0, |s| s.wis),
    };
    let against = match kind {
        AttackKind::Arcane | AttackKind::Divine => fold.info(target).map_or(0, |i| i.stats.wis),
        AttackKind::Shot => {
            defence(fold, target, kind) + cover_of(fold, attacker, target).unwrap_or(0)
        }
        AttackKind::Melee => defence(fold, target, kind),
    };
    let stated = stated_modifiers(fold, attacker, target, kind, args, out)?;
    let delta = stat - against + stated + penalty;
    let luk = fold.info(attacker).map_or(0, |i| i.stats.luk);
    let resolution = roll(face, die_span, delta, luk, args, out)?;
    // A misspelt `damage=` is `tdgs::extra-argument`'s finding, and its
    // number is read as the damage meant.
    let damage = pair_number(args, "damage").or_else(|| {
        args.iter().find_map(|a| {
            let (k, v) = value::pair(a)?;
            did_you_mean(k, ["damage"])?;
            value::integer(&v).map(|n| (n, a.span))
        })
    });
    let dealt = match (resolution.success, damage) {
        (true, Some((n, _))) if n >= 1 => n as i32,
        (true, Some((_, at))) => {
            out.push(Violation::of(
                &codes::BAD_DAMAGE,
                at,
                "a hit does at least 1 damage",
                rules::DAMAGE,
            ));
            1
        }
        (true, None) => {
            out.push(Violation::of(
                &codes::DAMAGE_MISSING,
                span,
                format!(
                    "d20 {face} + ({} {stat} − {} {against}){} = {} ≥ 11 hits: write the damage, `damage=N`",
                    stat_word(kind),
                    if matches!(kind, AttackKind::Arcane | AttackKind::Divine) { "WIS" } else { "REF" },
                    signed(stated + penalty),
                    resolution.total
                ),
                rules::DAMAGE,
            ));
            0
        }
        (false, Some((_, at))) => {
            out.push(Violation::of(
                &codes::DAMAGE_ON_MISS,
                at,
                format!(
                    "d20 {face} + ({stat} − {against}){} = {} misses{}: a miss does no damage",
                    signed(stated + penalty),
                    resolution.total,
                    if face == 1 { " (a natural 1)" } else { "" }
                ),
                rules::DAMAGE,
            ));
            0
        }
        (false, None) => 0,
    };
    fold.emit(Event::Attacked {
        attacker,
        target,
        kind,
        roll: Roll {
            die: face,
            total: resolution.total,
            success: resolution.success,
        },
        damage: dealt,
    });
    if dealt > 0 {
        hurt(fold, target, dealt);
    }
    Some(resolution.success)
}

fn signed(n: i32) -> String {
    match n {
        0 => String::new(),
        n if n > 0 => format!(" + {n}"),
        n => format!(" − {}", -n),
    }
}

/// `damage` lowers HP, not below 0, and [`fallen`] gives the status they
/// leave.
///
/// While a wrong claim disputes the HP (TDGS-R54), both accounts are
/// lowered, and one that falls to 0 removes the entity only when the
/// other does too: until the log's next claim says which it follows, the
/// replay follows the account that leaves it in play.
fn hurt(fold: &mut impl Emit, entity: usize, damage: i32) {
    let e = fold.entities[entity];
    let hp = (e.hp - damage).max(0);
    match e.hp_other {
        None => fold.emit(Event::Hp { entity, hp }),
        Some(other) => {
            let other = OtherHp {
                hp: (other.hp - damage).max(0),
                ..other
            };
            let (hp, other) = if hp == 0 {
                // The account followed falls, the other stands: follow it.
                let fell = OtherHp {
                    hp: 0,
                    worked_out: !other.worked_out,
                };
                (other.hp, fell)
            } else {
                (hp, other)
            };
            fold.emit(Event::HpClaimed {
                entity,
                hp,
                other: (other.hp != hp).then_some(other),
            });
        }
    }
    fallen(fold, entity);
}

/// The log's claim settles a dispute over `entity`'s HP at `hp`, one of
/// its two accounts (TDGS-R54).
fn settle_hp(fold: &mut impl Emit, entity: usize, hp: i32) {
    fold.emit(Event::HpClaimed {
        entity,
        hp,
        other: None,
    });
    fallen(fold, entity);
}

/// The status HP leave an entity with: a unit at 0 destroyed, a hero dead,
/// a hero at or below 5 % unconscious (COMBAT-6, UNITS-4, -5).
fn fallen(fold: &mut impl Emit, entity: usize) {
    let Some(info) = fold.info(entity) else {
        return;
    };
    let hp = fold.entities[entity].hp;
    let status = match info.kind {
        Kind::Unit if hp == 0 => Some(Status::Destroyed),
        Kind::Hero if hp == 0 => Some(Status::Dead),
        Kind::Hero if tables::knocked_out(hp, info.max_hp) => Some(Status::Unconscious),
        _ => None,
    };
    if let Some(status) = status.filter(|&s| s != fold.entities[entity].status) {
        fold.emit(Event::Status { entity, status });
    }
}

/// The claims after `=>` (LOG-2): `hit`, `miss`, an entity then `hp=N`
/// and/or a status, as things stand after the line.
fn claims(
    fold: &mut impl Emit,
    actor: usize,
    action: &Action<'_, '_>,
    hit: Option<bool>,
    out: &mut Vec<Violation>,
) {
    let Some(claimed) = action.outcome() else {
        return;
    };
    let mut subject: Option<usize> = None;
    for atom in claimed {
        match (atom.kind, atom.text) {
            (AtomKind::Word, "hit" | "miss" | "pass" | "fail") => {
                let said = matches!(atom.text, "hit" | "pass");
                if let Some(actual) = hit
                    && actual != said
                {
                    let word = match (atom.text, actual) {
                        ("hit" | "miss", true) => "hits",
                        ("hit" | "miss", false) => "misses",
                        (_, true) => "passes",
                        (_, false) => "fails",
                    };
                    out.push(mismatch(
                        atom.span,
                        format!("the roll {word}, not {}", atom.text),
                    ));
                }
            }
            (AtomKind::Pair, _) => {
                let Some((key, v)) = value::pair(atom) else {
                    continue;
                };
                // The line's own roll: d20 + the stats' difference +
                // modifiers (LOG-2).
                if key == "total" && subject.is_none() {
                    let total = hit.and_then(|_| rolled_total(fold, actor));
                    match total {
                        Some(total) if value::integer(&v) != Some(i64::from(total)) => {
                            out.push(
                                mismatch(atom.span, format!("the roll's total is {total}"))
                                    .help(format!("write `total={total}`")),
                            );
                        }
                        Some(_) => {}
                        None => out.push(Violation::of(
                            &codes::UNKNOWN_CLAIM,
                            atom.span,
                            "`total=` is claimed of a line that rolls",
                            rules::CLAIMS,
                        )),
                    }
                    continue;
                }
                let Some(entity) = subject else {
                    out.push(Violation::of(
                        &codes::UNKNOWN_CLAIM,
                        atom.span,
                        "name the entity before its `hp=`: `=> R1 hp=59`",
                        rules::CLAIMS,
                    ));
                    continue;
                };
                if key == "hp" {
                    let e = fold.entities[entity];
                    let (actual, other) = (e.hp, e.hp_other);
                    let claims = |hp: i32| value::integer(&v) == Some(i64::from(hp));
                    // While a wrong claim disputes the HP, the next claim may
                    // follow either account; the replay then follows it
                    // (TDGS-R54).
                    if let Some(other) = other
                        && (claims(actual) || claims(other.hp))
                    {
                        settle_hp(fold, entity, if claims(actual) { actual } else { other.hp });
                        continue;
                    }
                    if !claims(actual) {
                        let max = fold.info(entity).map_or(0, |i| i.max_hp);
                        let name = fold.name(entity);
                        let (message, help) = match other {
                            None => (
                                format!("{name} has {actual} HP of {max} after this line"),
                                format!("write `hp={actual}`"),
                            ),
                            Some(_) => {
                                let (claimed, worked_out) = (e.hp_claimed(), e.hp_worked_out());
                                (
                                    format!(
                                        "{name} has {claimed} HP of {max} after this line as its last claim left it, {worked_out} by the damage written"
                                    ),
                                    format!("write `hp={claimed}` or `hp={worked_out}`"),
                                )
                            }
                        };
                        out.push(
                            Violation::of(&codes::WRONG_HP, atom.span, message, rules::HP_CLAIMS)
                                .help(help),
                        );
                    }
                } else {
                    out.push(Violation::of(
                        &codes::UNKNOWN_CLAIM,
                        atom.span,
                        format!("`{key}=` is not a claim TDGS checks: claims say hp=N or a status"),
                        rules::CLAIMS,
                    ));
                }
            }
            (AtomKind::Word, word) => {
                if let Some(status) = Status::parse(word) {
                    let Some(entity) = subject else { continue };
                    let e = fold.entities[entity];
                    // A removal claimed while the HP are disputed follows
                    // the account at 0 (TDGS-R54).
                    if status != e.status
                        && matches!(status, Status::Destroyed | Status::Dead)
                        && e.hp_other.is_some_and(|o| o.hp == 0)
                    {
                        settle_hp(fold, entity, 0);
                    }
                    let actual = fold.entities[entity].status;
                    if actual != status {
                        out.push(mismatch(
                            atom.span,
                            format!(
                                "{} is {} after this line, not {word}",
                                fold.name(entity),
                                actual.word()
                            ),
                        ));
                    }
                } else {
                    let prefer = fold
                        .info(fold.activation.map_or(0, |a| a.entity))
                        .map(|i| i.side);
                    subject = named(
                        fold,
                        word,
                        prefer.and_then(|s| (0..fold.roster.sides.len()).find(|&o| o != s)),
                        atom.span,
                        out,
                    )
                    .or_else(|| named(fold, word, prefer, atom.span, &mut Vec::new()));
                }
            }
            _ => out.push(Violation::of(
                &codes::UNKNOWN_CLAIM,
                atom.span,
                format!("`{}` is not a claim TDGS reads", atom.text),
                rules::CLAIMS,
            )),
        }
    }
}

/// The total of the last roll `roller` made (the line's, when it rolled).
fn rolled_total(fold: &impl Emit, roller: usize) -> Option<i32> {
    fold.emitted().iter().rev().find_map(|e| match e {
        Event::Attacked { attacker, roll, .. } if *attacker == roller => Some(roll.total),
        Event::Checked { entity, roll, .. } if *entity == roller => Some(roll.total),
        _ => None,
    })
}

fn mismatch(span: Span, message: String) -> Violation {
    Violation::of(&codes::CLAIM_MISMATCH, span, message, rules::CLAIMS)
}

/// The commander of a command line (COMMAND-2, -12): it has the role and is
/// not routed.
fn commander(fold: &impl Emit, actor: usize, span: Span, out: &mut Vec<Violation>) -> bool {
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
    fold: &impl Emit,
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

/// Whether `unit` is within `commander`'s CHA in squares (COMMAND-6).
fn in_range(fold: &impl Emit, commander: usize, unit: usize) -> (bool, u32, u32) {
    let range = fold
        .info(commander)
        .map_or(0, |i| tables::command_range(i.stats.cha));
    let gap = fold.distance(commander, unit).unwrap_or(u32::MAX);
    (gap <= range, gap, range)
}

fn out_of_range(
    fold: &impl Emit,
    code: &'static crate::code::CodeInfo,
    commander: usize,
    unit: usize,
    gap: u32,
    range: u32,
    span: Span,
) -> Violation {
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
}

/// `Y order U ORDER` (ORDERS-1, -2): a new order is the Action of U's own
/// commander, in range; it waits for U's next activation. The current
/// order again is the free standing order.
fn order(
    fold: &mut impl Emit,
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
    let (near, gap, range) = in_range(fold, actor, unit);
    if !near {
        out.push(out_of_range(
            fold,
            &codes::OUT_OF_COMMAND_RANGE,
            actor,
            unit,
            gap,
            range,
            unit_span,
        ));
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
fn claim(
    fold: &mut impl Emit,
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
    let (near, gap, range) = in_range(fold, actor, unit);
    if !near {
        out.push(out_of_range(
            fold,
            &codes::OUT_OF_COMMAND_RANGE,
            actor,
            unit,
            gap,
            range,
            unit_span,
        ));
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
fn release(
    fold: &mut impl Emit,
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
fn rally(
    fold: &mut impl Emit,
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
    let (near, gap, range) = in_range(fold, actor, unit);
    if !near {
        out.push(out_of_range(
            fold,
            &codes::RALLY_OUT_OF_RANGE,
            actor,
            unit,
            gap,
            range,
            unit_span,
        ));
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

/// `X charge T PATH [d20:N …]` (ORDERS-7): under Charge, a path toward T
/// that stops at the first square adjacent to it (or where MOV runs out),
/// then the attack if adjacent; +10 % STR and −10 % REF from this line
/// until X's next activation.
fn charge(
    fold: &mut impl Emit,
    mover: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    if fold.entities[mover].order != Some(Order::Charge) {
        out.push(Violation::of(
            &codes::CHARGE_NOT_ORDERED,
            span,
            format!("{} is not under a Charge order", fold.name(mover)),
            rules::CHARGE,
        ));
        return None;
    }
    let Some(target_atom) = args.first().filter(|a| a.kind.is_actor()) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            "a charge names its target, then its path: `R4 charge A 0904-0905 d20:11`",
            rules::CHARGE,
        ));
        return None;
    };
    let target = enemy(fold, mover, target_atom, out)?;
    let path_atom = args
        .get(1)
        .filter(|a| matches!(a.kind, AtomKind::CellChain | AtomKind::Cell));
    let from = fold.footprint(mover)?;
    let aim = fold.footprint(target)?;
    let start_gap = footprint::gap(from, aim);
    if let Some(atom) = path_atom {
        let (_, entered) = checked_path(fold, mover, atom, out)?;
        // Stops at the first adjacency: no anchor before the last touches T.
        if entered
            .iter()
            .rev()
            .skip(1)
            .any(|&c| footprint::adjacent(from.moved_to(c), aim))
        {
            out.push(Violation::of(
                &codes::CHARGE_OVERRAN,
                atom.span,
                format!("{} touches {} before the end of its path: a charge stops at the first adjacent square", fold.name(mover), fold.name(target)),
                rules::CHARGE,
            ));
            return None;
        }
        let end = *entered.last().unwrap_or(&from.anchor);
        if footprint::gap(from.moved_to(end), aim) >= start_gap {
            out.push(Violation::of(
                &codes::CHARGE_NOT_TOWARD,
                atom.span,
                format!(
                    "the charge ends {} squares from {}, no nearer than it began",
                    footprint::gap(from.moved_to(end), aim),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            return None;
        }
        if !spend(fold, true, span, out) {
            return None;
        }
        fold.emit(Event::Moved {
            entity: mover,
            from: from.anchor,
            path: entered,
        });
    } else if !spend(fold, true, span, out) {
        return None;
    }
    fold.emit(Event::Charging { unit: mover });
    let adjacent = fold.distance(mover, target) == Some(1);
    let rolled = args.iter().any(|a| a.kind == AtomKind::Dice);
    match (adjacent, rolled) {
        (true, true) => {
            let rolled = die(args, span, out)?;
            resolve_attack(
                fold,
                mover,
                target,
                AttackKind::Melee,
                rolled,
                args,
                span,
                0,
                out,
            )
        }
        (false, true) => {
            out.push(Violation::of(
                &codes::CHARGE_NOT_ADJACENT,
                span,
                format!(
                    "{} ends its charge out of reach of {}: no attack",
                    fold.name(mover),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            None
        }
        (true, false) => {
            out.push(Violation::of(
                &codes::ROLL_MISSING,
                span,
                format!(
                    "{} reaches {}: record the attack's d20",
                    fold.name(mover),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            None
        }
        (false, false) => None,
    }
}

fn stat_word(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "STR",
        AttackKind::Shot => "DEX",
        AttackKind::Arcane => "INT",
        AttackKind::Divine => "WIS",
    }
}

/// Whether `attacker` sees `target` (POSITION-9): their own squares never
/// block (TDGS-R50), other blocking or obscuring squares do.
pub(super) fn in_sight(state: &State, attacker: usize, target: usize) -> bool {
    let (Some(from), Some(to)) = (state.footprint(attacker), state.footprint(target)) else {
        return false;
    };
    footprint::sight(from, to, |cell| {
        !from.contains(cell)
            && !to.contains(cell)
            && state
                .roster
                .ground_at(cell)
                .is_some_and(|g| g.blocks_sight() || g.step_cost().is_none())
    })
}

/// The REF a shot's target gains from its ground (POSITION-10, TDGS-R14):
/// the weakest cover among its squares; `None` when all are in full cover.
/// Disciplined Fire ignores partial cover (TDGS-R44).
pub(super) fn cover_of(state: &State, attacker: usize, target: usize) -> Option<i32> {
    let to = state.footprint(target)?;
    let weakest = to
        .cells()
        .map(|c| {
            state
                .roster
                .ground_at(c)
                .map_or(tables::Cover::None, |g| g.cover())
        })
        .min()
        .unwrap_or(tables::Cover::None);
    let disciplined = state
        .info(attacker)
        .is_some_and(|i| i.known_traits.disciplined_fire);
    match weakest {
        tables::Cover::Partial if disciplined => Some(0),
        cover => cover.ref_bonus(),
    }
}

/// What the attacker's order says of attacking `target` at `gap` (ORDERS-4,
/// -8): under Attack (and a rallied unit or one in last stand) only a
/// nearest enemy; under Retreat none.
fn order_allows_attack(
    state: &State,
    attacker: usize,
    target: usize,
    gap: u32,
    span: Span,
) -> Option<Violation> {
    let retreating = state.entities.get(attacker)?.order == Some(Order::Retreat);
    // A surrounded unit's Retreat is suspended: it fights as under Attack
    // (ORDERS-8).
    let order = if retreating && super::morale::is_surrounded(state, attacker) {
        Some(Order::Attack)
    } else {
        state.entities.get(attacker)?.order
    };
    match order {
        Some(Order::Retreat) => Some(Violation::of(
            &codes::ATTACK_WHILE_RETREATING,
            span,
            format!(
                "{} is under Retreat and makes no attack",
                state.name(attacker)
            ),
            rules::RETREAT,
        )),
        Some(Order::Attack | Order::Charge) => {
            let nearest = state.nearest_enemy_gap(attacker)?;
            (gap > nearest).then(|| {
                Violation::of(
                    &codes::NOT_NEAREST_ENEMY,
                    span,
                    format!(
                        "{} is {gap} squares away and the nearest enemy {nearest}: under Attack a unit engages a nearest enemy",
                        state.name(target)
                    ),
                    rules::ATTACK_ORDER,
                )
            })
        }
        _ => None,
    }
}

/// `W cast T arcane|divine d20:N damage=N` (COMBAT-3): heroes only.
fn cast(
    fold: &mut impl Emit,
    caster: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    if !fold.is_hero(caster) {
        out.push(Violation::of(
            &codes::CAST_BY_UNIT,
            span,
            format!("{} is a unit: only heroes cast", fold.name(caster)),
            rules::SPELLS,
        ));
        return None;
    }
    let kind = match args.get(1).map(|a| a.text) {
        Some("arcane") => AttackKind::Arcane,
        Some("divine") => AttackKind::Divine,
        _ => {
            out.push(Violation::of(
                &codes::UNKNOWN_SPELL_KIND,
                args.get(1).map_or(span, |a| a.span),
                "a spell is `arcane` (INT) or `divine` (WIS)",
                rules::SPELLS,
            ));
            return None;
        }
    };
    attack(fold, caster, kind, args, span, out)
}

/// `> X opportunity d20:N [damage=N]` in a `move`, `charge` or `flee` line
/// (POSITION-5, TDGS-R10): an enemy the mover was next to when the line
/// began, and is no longer, strikes once; `step`, `retreat` and
/// `disengage` provoke none.
fn opportunity(
    fold: &mut impl Emit,
    mover: usize,
    start: Option<Footprint>,
    moving: bool,
    reaction: &senlac_notation::lower::Reaction<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if reaction.verb.text != "opportunity" {
        out.push(Violation::of(
            &codes::UNKNOWN_VERB,
            reaction.verb.span,
            format!(
                "`{}` is not a reaction of TDGS Mass Combat: `> X opportunity d20:N`",
                reaction.verb.text
            ),
            rules::OPPORTUNITY,
        ));
        return;
    }
    let enemy_side = fold
        .info(mover)
        .and_then(|i| (0..fold.roster.sides.len()).find(|&s| s != i.side));
    let Some(striker) = named(
        fold,
        reaction.reactor.text,
        enemy_side,
        reaction.reactor.span,
        out,
    ) else {
        return;
    };
    let was_next = start
        .zip(fold.footprint(striker))
        .is_some_and(|(from, them)| footprint::adjacent(from, them));
    let left = fold.distance(mover, striker).is_some_and(|gap| gap > 1);
    if fold
        .entities
        .get(striker)
        .is_some_and(|e| e.status == Status::Routed)
    {
        out.push(Violation::of(
            &codes::ROUTED_CANNOT_ATTACK,
            reaction.reactor.span,
            format!("{} is routed and makes no attack", fold.name(striker)),
            rules::ROUTED,
        ));
        return;
    }
    let fit = moving && fold.enemies(mover, striker) && fold.on_board(striker);
    if !(fit && was_next && left) {
        out.push(Violation::of(
            &codes::OPPORTUNITY_NOT_ALLOWED,
            reaction.reactor.span,
            format!(
                "{} may strike {} only when a move, charge or flight takes it out of reach, and only if not routed",
                fold.name(striker),
                fold.name(mover)
            ),
            rules::OPPORTUNITY,
        ));
        return;
    }
    if let Some(written) = catalog::line("> opportunity") {
        check_arguments(written, reaction.args, out);
    }
    let Some(rolled) = die(reaction.args, reaction.verb.span, out) else {
        return;
    };
    resolve_attack(
        fold,
        striker,
        mover,
        AttackKind::Melee,
        rolled,
        reaction.args,
        reaction.verb.span,
        0,
        out,
    );
}

/// Every morale check still owed is missing when anything else is written
/// (MORALE-5); each is repaired as passed, so no rout is invented
/// (MORALE-8, TDGS-R20).
fn missing_checks(fold: &mut impl Emit, out: &mut Vec<Violation>) {
    while let Some((index, owed)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        super::state::Owed::Morale(check) => Some((i, *check)),
        _ => None,
    }) {
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
        fold.emit(Event::Paid(index));
    }
    while let Some((index, entity, cause)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o
    {
        super::state::Owed::Hazard { entity, cause } => Some((i, *entity, *cause)),
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
        .position(|o| matches!(o, super::state::Owed::FreeAttack { .. }))
    {
        fold.emit(Event::Paid(index));
    }
}

/// After a whole line (spec 1.2, RESOLVE-OWED): the exposed commander's
/// free attack, then the morale checks the line's effects make owed.
fn settle(fold: &mut impl Emit, before: &[EntityState], first: usize, cause: Span) {
    let mut engaged: SmallVec<[(usize, usize); 4]> = SmallVec::new();
    // The line's events, read in place: what settle emits goes after them.
    for index in first..fold.emitted().len() {
        let hazard = match &fold.emitted()[index] {
            Event::Moved { entity, path, .. } => path
                .iter()
                .any(|&anchor| on_hazard(fold, *entity, anchor))
                .then_some(*entity),
            _ => None,
        };
        if let Some(entity) = hazard {
            fold.emit(Event::Owe(super::state::Owed::Hazard { entity, cause }));
        }
        if let Event::Attacked {
            attacker,
            target,
            kind,
            ..
        } = fold.emitted()[index]
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
    let fired = super::morale::triggers_after(before, fold, &engaged, cause);
    debug_assert_eq!(
        fired,
        super::morale::triggers_after_weighing_all(before, fold, &engaged, cause),
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
            triggers: super::event::once_per_battle(*triggers),
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
            triggers: super::event::once_per_battle(check.triggers),
        });
        owe_check(fold, check);
    }
}

/// Whether the two accounts of a disputed HP (TDGS-R54) disagree on each of
/// `check`'s triggers, all of them HP triggers.
fn disputed(state: &State, check: &super::state::MoraleCheck) -> bool {
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
fn next_checks(fold: &impl Emit, unit: usize) -> bool {
    fold.next_line().is_some_and(|(actor, verb)| {
        let side = fold.info(unit).map(|i| i.side);
        verb == "morale" && named(fold, actor, side, Span::default(), &mut Vec::new()) == Some(unit)
    })
}

/// Adds a check to the owed set, merged with one already owed by the same
/// unit (MORALE-7, CASCADE-3).
fn owe_check(fold: &mut impl Emit, check: super::state::MoraleCheck) {
    let existing = fold
        .owed
        .iter()
        .position(|o| matches!(o, super::state::Owed::Morale(c) if c.unit == check.unit));
    match existing {
        Some(index) => {
            let super::state::Owed::Morale(old) = fold.owed[index] else {
                return;
            };
            let mut merged = vec![old];
            super::morale::merge(&mut merged, check);
            fold.emit(Event::Paid(index));
            if let Some(first) = merged.first() {
                fold.emit(Event::Owe(super::state::Owed::Morale(*first)));
            }
        }
        None => fold.emit(Event::Owe(super::state::Owed::Morale(check))),
    }
}

/// When an attack destroys a commander's direct unit, the attacker may
/// strike the commander once, now (COMMAND-11, TDGS-R27).
fn exposed_commander(
    fold: &mut impl Emit,
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
        fold.emit(Event::Owe(super::state::Owed::FreeAttack {
            attacker,
            commander: link.commander,
            kind,
            cause,
        }));
    }
}

/// The lines written because they are owed: `morale`, `cornered`,
/// `free-attack`.
fn owed_line(
    fold: &mut impl Emit,
    action: &Action<'_, '_>,
    known: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let actor_atom = action.actor();
    let Some(actor) = known.or_else(|| named(fold, actor_atom.text, None, actor_atom.span, out))
    else {
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
fn written_but_refused(fold: &mut impl Emit, actor: usize, action: &Action<'_, '_>) {
    use super::state::Owed;
    let verb = action.verb().text;
    let failed = action
        .outcome()
        .is_some_and(|claimed| claimed.iter().any(|a| a.text == "fail"));
    if verb == "morale"
        && failed
        && let Some(check) = fold.owed.iter().find_map(|o| match o {
            Owed::Morale(check) if check.unit == actor => Some(*check),
            _ => None,
        })
        && fold.entities[actor].status == Status::Active
    {
        claimed_status(fold, actor, Status::Routed);
        for next in super::morale::cascade(fold, actor, check.cause) {
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
    fold: &mut impl Emit,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let span = action.span;
    let args = action.args();
    let Some(index) = fold
        .owed
        .iter()
        .position(|o| matches!(o, super::state::Owed::Morale(c) if c.unit == unit))
    else {
        out.push(Violation::of(
            &codes::MORALE_CHECK_NOT_OWED,
            span,
            format!("{} owes no morale check here", fold.name(unit)),
            rules::TRIGGERS,
        ));
        return None;
    };
    let super::state::Owed::Morale(owed) = fold.owed[index] else {
        return None;
    };
    let pending: SmallVec<[super::state::MoraleCheck; 8]> = fold
        .owed
        .iter()
        .filter_map(|o| match o {
            super::state::Owed::Morale(c) => Some(*c),
            _ => None,
        })
        .collect();
    if let Err(first) = super::morale::may_check_now(fold, &pending, unit) {
        out.push(Violation::of(
            &codes::CASCADE_ORDER,
            action.actor().span,
            format!(
                "{} (CON {}) checks before {} (CON {}): the weakest check first",
                fold.name(first),
                fold.info(first).map_or(0, |i| i.stats.con),
                fold.name(unit),
                fold.info(unit).map_or(0, |i| i.stats.con)
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
            rout: super::state::Rout {
                threat: owed.threat,
                threat_entity: owed.threat_entity,
                triggers: owed.triggers,
            },
        });
        for check in super::morale::cascade(fold, unit, span) {
            owe_check(fold, check);
        }
    }
    Some(resolution.success)
}

/// `U cornered d20:N` (CORNERED-1..5): a routed unit with no escape route,
/// on its activation; d20 + (CON − the threat that routed it) + its
/// commander's bonus ≥ 11. Pass: last stand; fail: the claim names its fate.
fn cornered_line(
    fold: &mut impl Emit,
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
                "{} makes its cornered check at the start of its own activation",
                fold.name(unit)
            ),
            rules::CORNERED,
        ));
        return None;
    }
    if super::morale::escape_route(fold, unit) {
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
    fold: &mut impl Emit,
    attacker: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let args = action.args();
    let span = action.span;
    let target_atom = args.first().filter(|a| a.kind.is_actor());
    let target = target_atom.and_then(|a| named(fold, a.text, None, a.span, &mut Vec::new()));
    let owed = fold.owed.iter().position(|o| {
        matches!(o, super::state::Owed::FreeAttack { attacker: a, commander: c, .. } if *a == attacker && Some(*c) == target)
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
    let super::state::Owed::FreeAttack {
        commander, kind, ..
    } = fold.owed[index]
    else {
        return None;
    };
    let rolled = die(args, span, out)?;
    fold.emit(Event::Paid(index));
    resolve_attack(fold, attacker, commander, kind, rolled, args, span, 0, out)
}

/// `U flee PATH` (ROUT-1..7): a routed unit's whole activation, full MOV
/// along a cheapest route to safety; on its friendly edge it has fled.
fn flee(
    fold: &mut impl Emit,
    unit: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    use super::morale::FleeError;
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
    let flight = match super::morale::check_flight(fold, unit, &path) {
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
                FleeError::NoEscapeRoute => (
                    &codes::CORNERED_CHECK_MISSING,
                    atom.span,
                    format!(
                        "{} has no escape route: it makes its cornered check instead",
                        fold.name(unit)
                    ),
                ),
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

/// The die of a `key=dN:M` pair (`crit=d4:3`), and where the pair stands.
fn pair_die(args: &[Atom<'_>], key: &str) -> Option<(Option<i32>, Span)> {
    args.iter().find_map(|a| {
        let v = value::value_of(a, key)?;
        Some((Dice::parse(&v).map(|d| d.total() as i32), a.span))
    })
}

/// The d20 resolved with the roller's luck (RESOLVE-2..4): LUK +10's one
/// `reroll=d20:N` of a natural 1, and `crit=d4:N` only on a natural 1 or 20.
fn roll(
    face: i32,
    die_span: Span,
    delta: i32,
    luk: i32,
    args: &[Atom<'_>],
    out: &mut Vec<Violation>,
) -> Option<tables::Resolution> {
    if let Some((_, at)) = pair_die(args, "crit")
        && face != 1
        && face != 20
    {
        out.push(Violation::of(
            &codes::CRIT_WITHOUT_NATURAL,
            at,
            format!("the die shows {face}: a critical needs a natural 1 or 20"),
            rules::CRITICAL,
        ));
        return None;
    }
    let reroll = pair_die(args, "reroll");
    match tables::success(face, delta, luk, reroll.and_then(|(n, _)| n)) {
        Ok(resolution) => Some(resolution),
        Err(tables::RollError::RerollNotAllowed) => {
            out.push(Violation::of(
                &codes::REROLL_NOT_ALLOWED,
                reroll.map_or(die_span, |(_, at)| at),
                format!(
                    "only LUK +10 rerolls, and only a natural 1; the die shows {face} at LUK {luk}"
                ),
                rules::LUCK,
            ));
            None
        }
        Err(_) => {
            out.push(Violation::of(
                &codes::BAD_ROLL,
                die_span,
                "this d20 cannot be resolved",
                rules::RESOLUTION,
            ));
            None
        }
    }
}

/// The stated modifiers of an attack (RESOLVE-5): `mod=N`, summed, and
/// `position=N`, which must be earned (POSITION-8): 2 flanking, 4 with three
/// or more non-routed enemies of the target next to it, 6 with five.
fn stated_modifiers(
    state: &State,
    attacker: usize,
    target: usize,
    kind: AttackKind,
    args: &[Atom<'_>],
    out: &mut Vec<Violation>,
) -> Option<i32> {
    let mut sum = 0;
    for atom in args {
        let Some((key, v)) = ["mod", "position"]
            .into_iter()
            .find_map(|key| Some((key, value::value_of(atom, key)?)))
        else {
            continue;
        };
        let Some(n) = value::integer(&v).and_then(|n| i32::try_from(n).ok()) else {
            out.push(Violation::of(
                &codes::BAD_MODIFIER,
                atom.span,
                format!("`{}` is not a whole number", v.text),
                rules::POSITIONAL,
            ));
            return None;
        };
        if key == "position" {
            let earned = positional(state, attacker, target);
            if kind != AttackKind::Melee || n > earned {
                out.push(Violation::of(
                    &codes::POSITION_NOT_EARNED,
                    atom.span,
                    format!(
                        "{} earns a positional bonus of {earned} here: 2 flanking, 4 with three enemies of {} next to it, 6 with five (melee only)",
                        state.name(attacker),
                        state.name(target)
                    ),
                    rules::POSITIONAL,
                ));
                return None;
            }
        }
        sum += n;
    }
    Some(sum)
}

/// The positional bonus `attacker` earns against `target` (POSITION-8).
fn positional(state: &State, attacker: usize, target: usize) -> i32 {
    let Some(aim) = state.footprint(target) else {
        return 0;
    };
    let around: Vec<Footprint> = (0..state.entities.len())
        .filter(|&e| {
            state.enemies(e, target)
                && state.on_board(e)
                && state.entities[e].status != Status::Routed
        })
        .filter_map(|e| state.footprint(e))
        .filter(|f| footprint::adjacent(*f, aim))
        .collect();
    let flanking = state.footprint(attacker).is_some_and(|me| {
        around
            .iter()
            .any(|&friend| friend != me && footprint::opposite(aim, me, friend))
    });
    tables::positional_bonus(around.len() as u32, flanking)
}

/// `U retreat PATH` (ORDERS-8): under Retreat, the Action; not while
/// surrounded; it ends farther from every enemy that was nearest when it
/// began, and provokes no opportunity attack.
fn retreat(
    fold: &mut impl Emit,
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
    if super::morale::is_surrounded(fold, unit) {
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

/// Whether `entity` with its anchor at `anchor` stands on hazardous ground.
fn on_hazard(state: &State, entity: usize, anchor: Cell) -> bool {
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
    fold: &mut impl Emit,
    entity: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let owed = fold
        .owed
        .iter()
        .position(|o| matches!(o, super::state::Owed::Hazard { entity: e, .. } if *e == entity));
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
