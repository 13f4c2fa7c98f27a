//! The fold: the one way play changes a state. A system's
//! [`Ruleset::play`] reads the state through a [`Fold`] and changes it only
//! with [`Fold::emit`], which applies the event with [`Ruleset::apply`] and
//! records it. The replay lends a fold for each step; a [`Sandbox`] owns
//! one outside any replay (a system's what-if trials, tests that set a
//! state up by events), so both play through the same code. The setup is
//! a fold too: [`Deployments`], the field and the events that deploy each
//! unit on it.

use std::cell::Cell;

use senlac_notation::lower::Step;
use senlac_notation::{Battle, Span};

use crate::doubt::Doubt;
use crate::system::Ruleset;
use crate::violation::Violation;

/// A setup as events, as [`Ruleset::setup`] gives it: the field (rosters,
/// terrain, every choice made, no unit deployed) and each deployment as an
/// event with the span of the placement that wrote it. The starting
/// position is the field with them folded in, in the order the text
/// writes them ([`Deployments::in_order`]), then what the setup settles
/// once every unit stands.
#[derive(Clone, Debug)]
pub struct Deployments<S, E> {
    pub field: S,
    pub placements: Vec<(Span, E)>,
    /// What holds once every unit stands, folded after the placements: the
    /// once-a-battle triggers already met at deployment (TDGS).
    pub settled: Vec<E>,
}

impl<S, E> Deployments<S, E> {
    /// A setup kept whole: a system with nothing to deploy by event.
    pub fn whole(state: S) -> Self {
        Deployments {
            field: state,
            placements: Vec::new(),
            settled: Vec::new(),
        }
    }

    /// The placements in the order the text writes them.
    pub fn in_order(mut self) -> Self {
        self.placements.sort_by_key(|(span, _)| span.start);
        self
    }

    /// The starting position: the field with every placement folded in,
    /// then what the setup settles.
    pub fn fold(self, apply: impl Fn(&mut S, &E)) -> S {
        let Deployments {
            mut field,
            placements,
            settled,
        } = self.in_order();
        for event in placements.iter().map(|(_, e)| e).chain(&settled) {
            apply(&mut field, event);
        }
        field
    }
}

/// The state during play: read freely, changed only by [`Fold::emit`].
pub struct Fold<'a, R: Ruleset> {
    state: &'a mut R::State,
    events: &'a mut Vec<R::Event>,
    doubt: &'a mut Doubt,
    next: Option<&'a dyn LookAhead<'a>>,
}

/// The steps still to come in a line of play, read without being taken:
/// the replay's own iterator, cloned only when a system asks
/// (`replay::Ahead`, which notes how far it read).
pub trait LookAhead<'a> {
    /// Hands `read` the steps to come, in order, until it returns true or a
    /// variation opens or closes (another line of play).
    fn read_on(&self, read: &mut dyn FnMut(Step<'a, 'a>) -> bool);
}

impl<'a, R: Ruleset> Fold<'a, R> {
    pub fn new(
        state: &'a mut R::State,
        events: &'a mut Vec<R::Event>,
        doubt: &'a mut Doubt,
    ) -> Self {
        Fold {
            state,
            events,
            doubt,
            next: None,
        }
    }

    /// The fold of a step (an action or a label) whose line of play goes on
    /// with `rest`.
    pub fn ahead(mut self, rest: &'a dyn LookAhead<'a>) -> Self {
        self.next = Some(rest);
        self
    }

    /// The step after this one in its line of play, if one follows: what a
    /// system reads to tell which of two readings of a refused line the
    /// log went on from (HS-R65, TDGS-R54). Read on demand: most lines
    /// never ask.
    pub fn next_step(&self) -> Option<Step<'a, 'a>> {
        let mut next = None;
        self.read_on(&mut |step| {
            next = Some(step);
            true
        });
        next
    }

    /// The actor and verb of the action after this one in its line of
    /// play, when an action follows: what tells which account of a
    /// disputed figure the log goes on from (TDGS-R54).
    pub fn next_line(&self) -> Option<(&'a str, &'a str)> {
        match self.next_step()? {
            Step::Action(action) => Some((action.actor().text, action.verb().text)),
            _ => None,
        }
    }

    /// Hands `read` the steps after this one in its line of play, in order,
    /// until it returns true: [`Fold::next_step`] for a system that must
    /// read past the consequences a line owes.
    pub fn read_on(&self, read: &mut dyn FnMut(Step<'a, 'a>) -> bool) {
        if let Some(rest) = self.next {
            rest.read_on(read);
        }
    }

    /// What the checker no longer trusts in this line of play: a system
    /// weighs each check's findings here, so one mistake gives one error.
    pub fn doubt(&mut self) -> &mut Doubt {
        self.doubt
    }

    /// The events emitted so far in this step.
    pub fn events(&self) -> &[R::Event] {
        self.events
    }

    /// Applies an event to the state and records it.
    pub fn emit(&mut self, event: R::Event) {
        R::apply(self.state, &event);
        self.events.push(event);
    }
}

impl<R: Ruleset> std::ops::Deref for Fold<'_, R> {
    type Target = R::State;

    fn deref(&self) -> &R::State {
        self.state
    }
}

/// The steps still to come, lent to a system's look-ahead, noting how far
/// it read: a replay's resume point is sound only past the farthest byte
/// a step's check read.
pub(crate) struct Ahead<'x, I> {
    pub(crate) steps: &'x I,
    pub(crate) far: &'x Cell<u32>,
}

impl<'a, 'b: 'a, 's: 'b, I> LookAhead<'a> for Ahead<'_, I>
where
    I: Iterator<Item = Step<'b, 's>> + Clone,
{
    fn read_on(&self, read: &mut dyn FnMut(Step<'a, 'a>) -> bool) {
        for step in self.steps.clone() {
            self.far.set(self.far.get().max(step_span(&step).end));
            if matches!(step, Step::VariationStart(_) | Step::VariationEnd(_)) || read(step) {
                return;
            }
        }
    }
}

/// Where a step stands in the text.
pub(crate) fn step_span(step: &Step<'_, '_>) -> Span {
    match step {
        Step::Turn { span, .. } | Step::Phase { span, .. } => *span,
        Step::Action(action) => action.span,
        Step::VariationStart(span) | Step::VariationEnd(span) => *span,
        Step::Annotation(annotation) => annotation.span,
    }
}

/// The doubt record a replay starts from: what the setup already doubted.
pub(crate) fn doubt_at_setup<R: Ruleset>(rules: &R, state: &R::State) -> Doubt {
    let mut doubt = Doubt::default();
    for (subject, by) in rules.doubted_at_setup(state) {
        doubt.suspect(subject, by);
    }
    doubt
}

/// A state, its events and its doubt record outside any replay, played
/// through the production [`Fold`]: a system's what-if trials, and tests
/// that set a state up by events and then play a line of play step by
/// step as the replay does (each step reads the ones after it; findings
/// are weighed by the doubt record).
pub struct Sandbox<R: Ruleset> {
    pub state: R::State,
    /// Every event emitted, in order.
    pub events: Vec<R::Event>,
    pub doubt: Doubt,
}

impl<R: Ruleset> Sandbox<R> {
    /// A sandbox at `state`, doubting nothing.
    pub fn new(state: R::State) -> Self {
        Sandbox {
            state,
            events: Vec::new(),
            doubt: Doubt::default(),
        }
    }

    /// The battle's setup, as a replay starts from it (what the setup
    /// doubted included), its findings added to `out`.
    pub fn setup(rules: &R, battle: &Battle<'_>, out: &mut Vec<Violation>) -> Self {
        let state = rules.setup(battle, out).fold(R::apply);
        let doubt = doubt_at_setup(rules, &state);
        Sandbox {
            state,
            events: Vec::new(),
            doubt,
        }
    }

    /// The fold over this sandbox, reading no step ahead.
    pub fn fold(&mut self) -> Fold<'_, R> {
        Fold::new(&mut self.state, &mut self.events, &mut self.doubt)
    }

    /// Applies `event` and records it, as [`Fold::emit`].
    pub fn emit(&mut self, event: R::Event) {
        self.fold().emit(event);
    }

    /// Plays `steps`, one line of play, each reading the ones after it as
    /// the replay lends them.
    pub fn play<'s>(
        &mut self,
        rules: &R,
        steps: impl Iterator<Item = Step<'s, 's>> + Clone,
        out: &mut Vec<Violation>,
    ) {
        let mut steps = steps;
        while let Some(step) = steps.next() {
            self.step(rules, &step, &steps, out);
        }
    }

    /// Plays one step, `rest` being the steps after it in its line of play
    /// (what the system may read ahead): for a caller that acts between
    /// steps.
    pub fn step<'s, I>(
        &mut self,
        rules: &R,
        step: &Step<'_, '_>,
        rest: &I,
        out: &mut Vec<Violation>,
    ) where
        I: Iterator<Item = Step<'s, 's>> + Clone,
    {
        let far = Cell::new(0);
        let rest = Ahead {
            steps: rest,
            far: &far,
        };
        rules.play(
            &mut Fold::<R>::new(&mut self.state, &mut self.events, &mut self.doubt).ahead(&rest),
            step,
            out,
        );
    }

    /// Ends the line of play as the replay ends a battle: what must hold at
    /// its end, then each finding once, with what it hid.
    pub fn finish(&mut self, rules: &R, battle: &Battle<'_>, out: &mut Vec<Violation>) {
        rules.finish(&mut self.fold(), battle, out);
        self.settle(out);
    }

    /// The findings as the replay hands them on: each doubting one says
    /// what it hid, and a finding made twice is kept once.
    pub fn settle(&self, out: &mut Vec<Violation>) {
        self.doubt.annotate(out);
        Doubt::once_each(out);
    }
}

impl<R: Ruleset> std::ops::Deref for Sandbox<R> {
    type Target = R::State;

    fn deref(&self) -> &R::State {
        &self.state
    }
}
