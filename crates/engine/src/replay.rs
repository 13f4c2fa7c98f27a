//! The fold: a rule system plays a battle's steps into a timeline of states.

use senlac_notation::lower::{AnnotationKind, Step, steps};
use senlac_notation::{Battle, ItemKind};

use crate::timeline::{Figure, Point, Timeline};
use crate::violation::Violation;

/// A rule system. Raw steps go in; the system checks them against its rules,
/// applies them to its own typed state, and reports what it rejects.
///
/// After a violation the state is the best repaired one (the action applied as
/// far as it can be), so one pass reports every violation of a battle.
pub trait Ruleset {
    type State: Clone;

    /// The checked starting position, from the battle's tags and setup.
    fn setup(&self, battle: &Battle<'_>, out: &mut Vec<Violation>) -> Self::State;

    /// Plays a turn, phase or action step.
    fn play(&self, state: &mut Self::State, step: &Step<'_, '_>, out: &mut Vec<Violation>);

    /// Checks what a variation leaves unfinished, before the outer line resumes.
    fn end_variation(&self, _state: &mut Self::State, _out: &mut Vec<Violation>) {}

    /// Checks what must hold when the movetext ends.
    fn finish(&self, state: &mut Self::State, battle: &Battle<'_>, out: &mut Vec<Violation>);
}

/// What a replay keeps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Keep a state after every step (for show, diff and render); lint does not.
    pub timeline: bool,
}

/// A finished replay.
#[derive(Clone, Debug)]
pub struct Replay<S> {
    pub violations: Vec<Violation>,
    pub timeline: Timeline<S>,
    /// The state at the end.
    pub state: S,
}

/// Where the replay is, for labelling points.
#[derive(Default)]
struct Cursor {
    turn: Option<u32>,
    side: String,
    phase: Option<String>,
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
pub fn replay<R: Ruleset>(rules: &R, battle: &Battle<'_>, config: Config) -> Replay<R::State> {
    let mut out = Vec::new();
    let mut state = rules.setup(battle, &mut out);
    let mut timeline = Timeline::default();
    let record = |timeline: &mut Timeline<R::State>, state: &R::State| {
        if config.timeline {
            timeline.states.push(state.clone());
        }
    };
    let label = |timeline: &mut Timeline<R::State>, point: Point| {
        if config.timeline {
            let index = timeline.states.len().saturating_sub(1);
            timeline.labels.push((point, index));
        }
    };
    record(&mut timeline, &state);
    label(&mut timeline, Point::Setup);
    let mut cursor = Cursor::default();
    let mut depth = 0u32;
    // Only a battle with variations pays for keeping the state before each action.
    let has_variations = battle
        .items
        .iter()
        .any(|i| i.kind == ItemKind::VariationOpen);
    let mut before_last: Option<R::State> = None;
    // Per open variation: the state to resume the outer line with, and its `before_last`.
    let mut resume: Vec<(R::State, Option<R::State>)> = Vec::new();
    for step in steps(battle) {
        match step {
            Step::VariationStart(_) => {
                depth += 1;
                if depth <= MAX_REPLAYED_DEPTH {
                    let start = before_last.clone().unwrap_or_else(|| state.clone());
                    let outer = std::mem::replace(&mut state, start);
                    resume.push((outer, before_last.take()));
                }
            }
            Step::VariationEnd(_) => {
                if depth <= MAX_REPLAYED_DEPTH
                    && let Some((outer, outer_before)) = resume.pop()
                {
                    rules.end_variation(&mut state, &mut out);
                    state = outer;
                    before_last = outer_before;
                }
                depth = depth.saturating_sub(1);
            }
            _ if depth > MAX_REPLAYED_DEPTH => {}
            // Inside a variation: played and checked, but not on the timeline.
            Step::Turn { .. } | Step::Phase { .. } if depth > 0 => {
                rules.play(&mut state, &step, &mut out)
            }
            Step::Action(_) if depth > 0 => {
                if has_variations {
                    before_last = Some(state.clone());
                }
                rules.play(&mut state, &step, &mut out);
            }
            Step::Annotation(_) if depth > 0 => {}
            // Labels cost strings; a replay without a timeline skips them.
            Step::Turn { number, side, .. } if config.timeline => {
                close_side_turn(&mut cursor, &mut timeline, &label, Some(number));
                cursor.turn = Some(number);
                cursor.side = side.to_string();
                rules.play(&mut state, &step, &mut out);
            }
            Step::Phase { name, .. } if config.timeline => {
                close_phase(&mut cursor, &mut timeline, &label);
                cursor.phase = Some(name.to_string());
                rules.play(&mut state, &step, &mut out);
            }
            Step::Turn { .. } | Step::Phase { .. } => rules.play(&mut state, &step, &mut out),
            Step::Action(_) => {
                if has_variations {
                    before_last = Some(state.clone());
                }
                rules.play(&mut state, &step, &mut out);
                record(&mut timeline, &state);
            }
            Step::Annotation(annotation) => {
                if let (AnnotationKind::Figure { name, .. }, true) =
                    (annotation.kind, config.timeline)
                {
                    timeline.figures.push(Figure {
                        name: name.to_string(),
                        caption: annotation.caption().unwrap_or_default().into_owned(),
                        state: timeline.states.len().saturating_sub(1),
                    });
                }
            }
        }
    }
    rules.finish(&mut state, battle, &mut out);
    close_side_turn(&mut cursor, &mut timeline, &label, None);
    record(&mut timeline, &state);
    label(&mut timeline, Point::End);
    Replay {
        violations: out,
        timeline,
        state,
    }
}

fn close_phase<S>(
    cursor: &mut Cursor,
    timeline: &mut Timeline<S>,
    label: &impl Fn(&mut Timeline<S>, Point),
) {
    if let (Some(turn), Some(phase)) = (cursor.turn, cursor.phase.take()) {
        label(timeline, Point::Phase(turn, cursor.side.clone(), phase));
    }
}

/// Labels the end of the current side's turn, and of the turn when the next
/// turn number differs.
fn close_side_turn<S>(
    cursor: &mut Cursor,
    timeline: &mut Timeline<S>,
    label: &impl Fn(&mut Timeline<S>, Point),
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
