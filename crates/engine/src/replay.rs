//! The fold: a rule system plays a battle's steps into a timeline of states.

use senlac_notation::lower::{AnnotationKind, Step, steps};
use senlac_notation::{Battle, ItemKind};

use crate::doubt::Doubt;
use crate::system::{Fold, Ruleset};
use crate::timeline::{Deployment, Figure, Point, Timeline};
use crate::violation::Violation;

/// What a replay keeps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Keep a timeline of states and events (for show, diff and render);
    /// lint does not.
    pub timeline: bool,
    /// Keep every state of the timeline itself, not only checkpoints
    /// (memory grows with length times units: for tests and small battles).
    pub every_state: bool,
}

impl Config {
    /// A replay that keeps its timeline, as show, diff and render need.
    pub const TIMELINE: Config = Config {
        timeline: true,
        every_state: false,
    };
}

impl<R: Ruleset> Replay<R> {
    /// State `index` of the timeline (setup is 0, the end the last).
    pub fn state(&self, index: usize) -> Option<R::State> {
        self.timeline.state(index, R::apply)
    }

    /// The state at a point of the timeline.
    pub fn at(&self, point: &Point) -> Option<R::State> {
        self.state(self.timeline.index(point)?)
    }
}

/// A finished replay.
pub struct Replay<R: Ruleset> {
    pub violations: Vec<Violation>,
    pub timeline: Timeline<R::State, R::Event>,
    /// The state at the end.
    pub state: R::State,
}

/// Where the replay is, for labelling points.
#[derive(Default)]
struct Cursor {
    turn: Option<u32>,
    side: String,
    phase: Option<String>,
}

/// The outer line, kept while a variation is replayed: the state to resume
/// with, its `before_last`, and its pending events.
struct Outer<R: Ruleset> {
    state: R::State,
    before_last: Option<R::State>,
    pending: Vec<R::Event>,
    doubt: Doubt,
}

/// Variations nested deeper than this are kept but not replayed: each level
/// holds a copy of the state, and hostile input may nest 100,000 deep.
pub const MAX_REPLAYED_DEPTH: u32 = 64;

/// Replays `battle` under `rules`.
///
/// A variation is an alternative to the action just before it, as in chess
/// notation: it is replayed from the state before that action, its violations
/// are reported, and then the main line goes on as if it had not been played
/// (docs/rules/mass-combat.md, ruling MC-R1). Only the main line enters the
/// timeline.
pub fn replay<R: Ruleset>(rules: &R, battle: &Battle<'_>, config: Config) -> Replay<R> {
    let mut out = Vec::new();
    let mut state = rules.setup(battle, &mut out);
    let mut doubt = Doubt::default();
    for (subject, by) in rules.doubted_at_setup(&state) {
        doubt.suspect(subject, by);
    }
    let mut timeline = if config.every_state {
        Timeline::keeping_every_state()
    } else {
        Timeline::default()
    };
    // The events since the last recorded state; inside a variation, the
    // variation's own, dropped when it ends.
    let mut pending: Vec<R::Event> = Vec::new();
    let label = |timeline: &mut Timeline<R::State, R::Event>, point: Point| {
        if config.timeline {
            let index = timeline.len().saturating_sub(1);
            timeline.labels.push((point, index));
        }
    };
    let record = |timeline: &mut Timeline<R::State, R::Event>,
                  state: &R::State,
                  pending: &mut Vec<R::Event>| {
        if config.timeline {
            timeline.record(state, pending);
        }
        pending.clear();
    };
    record(&mut timeline, &state, &mut pending);
    label(&mut timeline, Point::Setup);
    if config.timeline {
        timeline.deployments = deployments(battle);
    }
    let mut cursor = Cursor::default();
    let mut depth = 0u32;
    // Only a battle with variations pays for keeping the state before each action.
    let has_variations = battle
        .items
        .iter()
        .any(|i| i.kind == ItemKind::VariationOpen);
    let mut before_last: Option<R::State> = None;
    let mut resume: Vec<Outer<R>> = Vec::new();
    let mut steps = steps(battle);
    while let Some(step) = steps.next() {
        // An action's system may read the step after it in its line of play:
        // a clone of the steps reads it, only when asked.
        let next = &steps;
        match step {
            Step::VariationStart(_) => {
                depth += 1;
                if depth <= MAX_REPLAYED_DEPTH {
                    let start = before_last.clone().unwrap_or_else(|| state.clone());
                    let outer = std::mem::replace(&mut state, start);
                    resume.push(Outer {
                        state: outer,
                        before_last: before_last.take(),
                        pending: std::mem::take(&mut pending),
                        // A variation starts from the outer line's doubts; its own end with it.
                        doubt: doubt.clone(),
                    });
                }
            }
            Step::VariationEnd(_) => {
                if depth <= MAX_REPLAYED_DEPTH
                    && let Some(outer) = resume.pop()
                {
                    rules.end_variation(
                        &mut Fold::new(&mut state, &mut pending, &mut doubt),
                        &mut out,
                    );
                    state = outer.state;
                    before_last = outer.before_last;
                    pending = outer.pending;
                    let ended = std::mem::replace(&mut doubt, outer.doubt);
                    doubt.merge_hidden(&ended);
                }
                depth = depth.saturating_sub(1);
            }
            _ if depth > MAX_REPLAYED_DEPTH => {}
            // Inside a variation: played and checked, but not on the timeline.
            Step::Turn { .. } | Step::Phase { .. } if depth > 0 => rules.play(
                &mut Fold::new(&mut state, &mut pending, &mut doubt),
                &step,
                &mut out,
            ),
            Step::Action(_) if depth > 0 => {
                if has_variations {
                    before_last = Some(state.clone());
                }
                rules.play(
                    &mut Fold::<R>::new(&mut state, &mut pending, &mut doubt).ahead(next),
                    &step,
                    &mut out,
                );
            }
            Step::Annotation(_) if depth > 0 => {}
            // Labels cost strings; a replay without a timeline skips them.
            Step::Turn { number, side, .. } if config.timeline => {
                close_side_turn(&mut cursor, &mut timeline, &label, Some(number));
                cursor.turn = Some(number);
                cursor.side = side.to_string();
                rules.play(
                    &mut Fold::new(&mut state, &mut pending, &mut doubt),
                    &step,
                    &mut out,
                );
            }
            Step::Phase { name, .. } if config.timeline => {
                close_phase(&mut cursor, &mut timeline, &label);
                cursor.phase = Some(name.to_string());
                rules.play(
                    &mut Fold::new(&mut state, &mut pending, &mut doubt),
                    &step,
                    &mut out,
                );
            }
            Step::Turn { .. } | Step::Phase { .. } => rules.play(
                &mut Fold::new(&mut state, &mut pending, &mut doubt),
                &step,
                &mut out,
            ),
            Step::Action(_) => {
                if has_variations {
                    before_last = Some(state.clone());
                }
                rules.play(
                    &mut Fold::<R>::new(&mut state, &mut pending, &mut doubt).ahead(next),
                    &step,
                    &mut out,
                );
                record(&mut timeline, &state, &mut pending);
            }
            Step::Annotation(annotation) => {
                if let (AnnotationKind::Figure { name, .. }, true) =
                    (annotation.kind, config.timeline)
                {
                    timeline.figures.push(Figure {
                        name: name.to_string(),
                        caption: annotation.caption().unwrap_or_default().into_owned(),
                        state: timeline.len().saturating_sub(1),
                        offset: annotation.span.start,
                    });
                }
            }
        }
    }
    // The end is a step of its own: what finishing does leads to the end state.
    rules.finish(
        &mut Fold::new(&mut state, &mut pending, &mut doubt),
        battle,
        &mut out,
    );
    crate::tags::check_result(battle, rules.outcome(&state).as_ref(), &mut out);
    close_side_turn(&mut cursor, &mut timeline, &label, None);
    record(&mut timeline, &state, &mut pending);
    label(&mut timeline, Point::End);
    doubt.annotate(&mut out);
    Doubt::once_each(&mut out);
    Replay {
        violations: out,
        timeline,
        state,
    }
}

/// Where the generic setup deploys each unit: the units a setup figure
/// leaves out when their placement comes after its mark. Its findings are
/// the system's setup's to report, so they are dropped here.
fn deployments(battle: &Battle<'_>) -> Vec<Deployment> {
    // Where each placement stands is all a figure needs; whether two may
    // share a cell is the system's to judge, so none is left out for it
    // (a leader stacked with a unit is deployed where its line stands).
    let setup = crate::setup::Setup::build_with(battle, true, &mut Vec::new());
    setup
        .units
        .iter()
        .filter_map(|unit| {
            Some(Deployment {
                side: setup.sides.get(unit.side)?.name.to_string(),
                id: unit.id.to_string(),
                offset: unit.deployed?.span.start,
            })
        })
        .collect()
}

fn close_phase<S, E>(
    cursor: &mut Cursor,
    timeline: &mut Timeline<S, E>,
    label: &impl Fn(&mut Timeline<S, E>, Point),
) {
    if let (Some(turn), Some(phase)) = (cursor.turn, cursor.phase.take()) {
        label(timeline, Point::Phase(turn, cursor.side.clone(), phase));
    }
}

/// Labels the end of the current side's turn, and of the turn when the next
/// turn number differs.
fn close_side_turn<S, E>(
    cursor: &mut Cursor,
    timeline: &mut Timeline<S, E>,
    label: &impl Fn(&mut Timeline<S, E>, Point),
    next_turn: Option<u32>,
) {
    close_phase(cursor, timeline, label);
    if let Some(turn) = cursor.turn {
        label(timeline, Point::SideTurn(turn, cursor.side.clone()));
        if next_turn != Some(turn) {
            label(timeline, Point::Turn(turn));
        }
    }
}
