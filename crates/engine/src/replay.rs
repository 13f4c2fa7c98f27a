//! The fold: a rule system plays a battle's steps into a timeline of states,
//! and a replay that can resume from an edit.

use std::cell::Cell;
use std::sync::Arc;

use senlac_notation::lower::{AnnotationKind, Step, steps_from};
use senlac_notation::{Battle, ItemKind, Span};

use crate::doubt::Doubt;
use crate::fold::{Ahead, Fold, doubt_at_setup, step_span};
use crate::system::Ruleset;
use crate::timeline::{Figure, Mark, Point, StepSource, Timeline};
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
    /// Keep what a replay needs to resume after an edit
    /// ([`Replay::resume`]): the state and all that goes with it at up to
    /// [`MAX_RESUME_POINTS`] actions of the main line.
    pub resumable: bool,
    /// Lines before the battle's text in its file: the timeline counts
    /// each step's line as the file does.
    pub lines_before: u32,
}

impl Config {
    /// A replay that keeps its timeline, as show, diff and render need.
    pub const TIMELINE: Config = Config {
        timeline: true,
        every_state: false,
        resumable: false,
        lines_before: 0,
    };

    /// A replay that keeps its timeline and can resume after an edit, as
    /// an editor needs.
    pub const RESUMABLE: Config = Config {
        timeline: true,
        every_state: false,
        resumable: true,
        lines_before: 0,
    };
}

impl<R: Ruleset> Replay<R> {
    /// State `index` of the timeline (setup is 0, the end the last).
    pub fn state(&self, index: usize) -> Option<R::State> {
        self.timeline.state(index, R::apply)
    }

    /// The state at a point of the timeline, on the main line or in a
    /// variation.
    pub fn at(&self, point: &Point) -> Option<R::State> {
        self.timeline
            .state_at(self.timeline.locate(point)?, R::apply)
    }
}

/// A finished replay.
pub struct Replay<R: Ruleset> {
    pub violations: Vec<Violation>,
    pub timeline: Timeline<R::State, R::Event>,
    /// The state at the end.
    pub state: R::State,
    /// What a resumed replay starts from (with [`Config::resumable`]).
    resume: Option<Resume<R>>,
    config: Config,
    /// Where a resumed replay went on playing (a byte offset of the text);
    /// `None` for a replay from the setup.
    pub resumed_from: Option<u32>,
}

/// The most points a resumable replay can resume from; past it, every
/// other one is dropped, as the timeline thins its checkpoints.
pub const MAX_RESUME_POINTS: usize = 256;

/// What a resumable replay keeps to go on from an edit.
struct Resume<R: Ruleset> {
    /// The findings as play made them, before the doubts that hid some
    /// were counted on the errors that caused them.
    findings: Vec<Violation>,
    /// How many of them are the setup's.
    setup_findings: usize,
    points: Vec<Arc<ResumePoint<R>>>,
}

/// Everything the replay needs to go on from just after one main-line
/// action, with what the timeline and the findings held then.
struct ResumePoint<R: Ruleset> {
    carry: Carry<R>,
    /// Where play goes on: the end of the action.
    offset: u32,
    /// How far the steps played so far read the text, their look-ahead
    /// included.
    read_to: u32,
    /// The end of the line that holds `read_to` (its newline): an item ends
    /// with its line, so an edit after it changes nothing played so far,
    /// while one on that line may (text added after an action joins it).
    settled: u32,
    findings: usize,
    mark: Mark,
}

/// Where the replay is, for labelling points.
#[derive(Clone, Default)]
struct Cursor {
    turn: Option<u32>,
    side: String,
    phase: Option<String>,
}

/// Where the line of play being replayed records its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recording {
    Main,
    Branch(usize),
    /// A variation the timeline does not keep (none is kept without a
    /// timeline, nor past [`crate::timeline::MAX_BRANCHES`]).
    Nowhere,
}

/// The outer line, kept while a variation is replayed: the state to resume
/// with, its `before_last`, and its pending events.
#[derive(Clone)]
struct Outer<R: Ruleset> {
    state: R::State,
    before_last: Option<(R::State, usize)>,
    pending: Vec<R::Event>,
    doubt: Doubt,
    recording: Recording,
    recorded: usize,
}

/// Counts lines forward through a battle's text: a replay asks for the line
/// of each step, in order.
#[derive(Clone, Copy, Debug, Default)]
struct Lines {
    /// The line of the text's first byte, as its file counts it.
    first: u32,
    offset: u32,
    /// The line at `offset`.
    line: u32,
}

impl Lines {
    fn new(lines_before: u32) -> Self {
        let first = lines_before.saturating_add(1);
        Lines {
            first,
            offset: 0,
            line: first,
        }
    }

    /// The line of byte `offset` of `source`.
    fn at(&mut self, source: &str, offset: u32) -> u32 {
        if offset < self.offset {
            *self = Lines::new(self.first - 1);
        }
        let to = offset.min(u32::try_from(source.len()).unwrap_or(u32::MAX));
        let newlines = source
            .as_bytes()
            .get(self.offset as usize..to as usize)
            .map_or(0, |b| b.iter().filter(|&&byte| byte == b'\n').count());
        self.line = self
            .line
            .saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX));
        self.offset = to;
        self.line
    }
}

/// Everything a replay carries from one step to the next: what a resume
/// point copies.
#[derive(Clone)]
struct Carry<R: Ruleset> {
    state: R::State,
    /// The events since the last recorded state; inside a variation, the
    /// variation's own, dropped when it ends.
    pending: Vec<R::Event>,
    doubt: Doubt,
    cursor: Cursor,
    depth: u32,
    /// The state before the last action of this line of play, and the index
    /// of the state its line recorded before it, for a variation that
    /// replaces that action.
    before_last: Option<(R::State, usize)>,
    outer: Vec<Outer<R>>,
    recording: Recording,
    /// How many of `pending` a variation's line has recorded already.
    recorded: usize,
    lines: Lines,
}

/// Variations nested deeper than this are kept but not replayed: each level
/// holds a copy of the state, and hostile input may nest 100,000 deep.
pub const MAX_REPLAYED_DEPTH: u32 = 64;

/// Replays `battle` under `rules`.
///
/// A variation is an alternative to the action just before it, as in chess
/// notation: it is replayed from the state before that action, its violations
/// are reported, and then the main line goes on as if it had not been played
/// (docs/rules/mass-combat.md, ruling MC-R1). The main line is the
/// timeline's; each variation is a branch of the line it stands in, with
/// states of its own ([`crate::timeline::Branch`]).
pub fn replay<R: Ruleset>(rules: &R, battle: &Battle<'_>, config: Config) -> Replay<R> {
    let mut out = Vec::new();
    let deployments = rules.setup(battle, &mut out).in_order();
    let mut timeline = if config.every_state {
        Timeline::keeping_every_state()
    } else {
        Timeline::default()
    };
    let mut lines = Lines::new(config.lines_before);
    let start = battle.span.start;
    // Lines are counted only for a timeline: counting them costs a pass
    // over the text before the battle.
    let setup_source = StepSource {
        span: Span { start, end: start },
        line: if config.timeline {
            lines.at(battle.source, start)
        } else {
            0
        },
    };
    let mut state = deployments.field;
    if config.timeline {
        timeline.setup.record(&state, &[], setup_source);
    }
    for (span, event) in &deployments.placements {
        R::apply(&mut state, event);
        if config.timeline {
            let source = StepSource {
                span: *span,
                line: lines.at(battle.source, span.start),
            };
            timeline
                .setup
                .record(&state, std::slice::from_ref(event), source);
        }
    }
    for event in &deployments.settled {
        R::apply(&mut state, event);
    }
    if config.timeline && !deployments.settled.is_empty() {
        // What the setup settles once every unit stands is a step of its
        // own, where the last placement ends.
        let end = deployments.placements.last().map_or(start, |(s, _)| s.end);
        let source = StepSource {
            span: Span { start: end, end },
            line: lines.at(battle.source, end),
        };
        timeline.setup.record(&state, &deployments.settled, source);
    }
    let doubt = doubt_at_setup(rules, &state);
    if config.timeline {
        timeline.record(&state, &[], setup_source);
        timeline.labels.push((Point::Setup, 0));
    }
    let carry = Carry {
        state,
        pending: Vec::new(),
        doubt,
        cursor: Cursor::default(),
        depth: 0,
        before_last: None,
        outer: Vec::new(),
        recording: if config.timeline {
            Recording::Main
        } else {
            Recording::Nowhere
        },
        recorded: 0,
        lines,
    };
    let resume = config.resumable.then(|| Resume {
        findings: Vec::new(),
        setup_findings: 0,
        points: Vec::new(),
    });
    Run {
        rules,
        battle,
        config,
        setup_findings: out.len(),
        timeline,
        out,
        resume,
    }
    .play(carry, 0, 0)
}

impl<R: Ruleset> Replay<R> {
    /// Replays `battle`, an edit of the battle this replay was made from
    /// whose text before byte `edit` is unchanged, from the last point this
    /// replay can resume from that nothing at or after `edit` decided.
    /// Without [`Config::resumable`], or for an edit in the setup, it
    /// replays the whole battle. The result equals a full replay of
    /// `battle`, and can itself resume.
    pub fn resume(self, rules: &R, battle: &Battle<'_>, edit: u32) -> Replay<R> {
        let config = self.config;
        let Some(mut resume) = self.resume else {
            return replay(rules, battle, config);
        };
        let Some(at) = resume.points.iter().rposition(|p| p.settled < edit) else {
            return replay(rules, battle, config);
        };
        resume.points.truncate(at + 1);
        let point = Arc::clone(&resume.points[at]);
        let mut timeline = self.timeline;
        timeline.cut(point.mark);
        let mut out = std::mem::take(&mut resume.findings);
        out.truncate(point.findings);
        Run {
            rules,
            battle,
            config,
            setup_findings: resume.setup_findings,
            timeline,
            out,
            resume: Some(resume),
        }
        .play(point.carry.clone(), point.offset, point.read_to)
    }

    /// What this replay kept.
    pub fn config(&self) -> Config {
        self.config
    }

    /// How many points this replay can resume from.
    pub fn resume_points(&self) -> usize {
        self.resume.as_ref().map_or(0, |r| r.points.len())
    }
}

/// Counts the findings after the setup finding that left nothing to check
/// the battle against (`Ruleset::blocks_play`) on it, instead of reporting
/// them.
fn blocked_play<R: Ruleset>(rules: &R, setup_findings: usize, out: &mut Vec<Violation>) {
    let setup = setup_findings.min(out.len());
    let Some(blocker) = out[..setup].iter().position(|v| rules.blocks_play(v.code)) else {
        return;
    };
    // What the setup found after it read the positions against no map or
    // half the armies, and all of play.
    let hidden = out.len() - blocker - 1;
    if hidden == 0 {
        return;
    }
    out.truncate(blocker + 1);
    let note = format!(
        "note: the battle was not checked further without it: {hidden} later finding{} not reported",
        if hidden == 1 { "" } else { "s" }
    );
    let finding = &mut out[blocker];
    finding.help = Some(match finding.help.take() {
        Some(help) => format!("{help}\n{note}").into_boxed_str(),
        None => note.into_boxed_str(),
    });
}

/// One replay under way: what stays put while the steps are played.
struct Run<'r, 'b, 's, R: Ruleset> {
    rules: &'r R,
    battle: &'b Battle<'s>,
    config: Config,
    /// How many of the findings are the setup's (they come first).
    setup_findings: usize,
    timeline: Timeline<R::State, R::Event>,
    out: Vec<Violation>,
    resume: Option<Resume<R>>,
}

impl<R: Ruleset> Run<'_, '_, '_, R> {
    /// Plays the steps that start at or after `from`, carrying `carry`,
    /// then finishes the battle.
    fn play(mut self, mut carry: Carry<R>, from: u32, read_to: u32) -> Replay<R> {
        let (rules, battle, config) = (self.rules, self.battle, self.config);
        // Only a battle with variations pays for keeping the state before each action.
        let has_variations = battle
            .items
            .iter()
            .any(|i| i.kind == ItemKind::VariationOpen);
        let far = Cell::new(read_to);
        let mut steps = steps_from(battle, from);
        while let Some(step) = steps.next() {
            far.set(far.get().max(step_span(&step).end));
            // An action's or a label's system may read the steps after it in
            // its line of play: a clone of the steps reads them, only when
            // asked.
            let next = Ahead {
                steps: &steps,
                far: &far,
            };
            let c = &mut carry;
            match step {
                Step::VariationStart(open) => {
                    c.depth += 1;
                    if c.depth <= MAX_REPLAYED_DEPTH {
                        let (start, from) = match &c.before_last {
                            Some((state, index)) => (state.clone(), *index),
                            None => (c.state.clone(), self.recorded_last(c.recording)),
                        };
                        let outer = std::mem::replace(&mut c.state, start);
                        let branch = match (c.recording, config.timeline) {
                            (Recording::Nowhere, _) | (_, false) => None,
                            (parent, true) => {
                                let parent = match parent {
                                    Recording::Branch(b) => Some(b),
                                    _ => None,
                                };
                                let source = StepSource {
                                    span: open,
                                    line: c.lines.at(battle.source, open.start),
                                };
                                let span = Span {
                                    start: open.start,
                                    end: battle.span.end,
                                };
                                self.timeline
                                    .open_branch(parent, from, span, &c.state, source)
                            }
                        };
                        c.outer.push(Outer {
                            state: outer,
                            before_last: c.before_last.take(),
                            pending: std::mem::take(&mut c.pending),
                            // A variation starts from the outer line's doubts; its own end with it.
                            doubt: c.doubt.clone(),
                            recording: c.recording,
                            recorded: c.recorded,
                        });
                        c.recording = branch.map_or(Recording::Nowhere, Recording::Branch);
                        c.recorded = 0;
                    }
                }
                Step::VariationEnd(close) => {
                    if c.depth <= MAX_REPLAYED_DEPTH
                        && let Some(outer) = c.outer.pop()
                    {
                        rules.end_variation(
                            &mut Fold::new(&mut c.state, &mut c.pending, &mut c.doubt),
                            close,
                            &mut self.out,
                        );
                        if let Recording::Branch(b) = c.recording
                            && let Some(branch) = self.timeline.branches.get_mut(b)
                        {
                            branch.span.end = close.end;
                        }
                        c.state = outer.state;
                        // The variation replaced the action before it: a
                        // second variation replaces the same one.
                        c.before_last = outer.before_last;
                        c.pending = outer.pending;
                        c.recording = outer.recording;
                        c.recorded = outer.recorded;
                        let ended = std::mem::replace(&mut c.doubt, outer.doubt);
                        c.doubt.merge_hidden(&ended);
                    }
                    c.depth = c.depth.saturating_sub(1);
                }
                _ if c.depth > MAX_REPLAYED_DEPTH => {}
                // Inside a variation: played, checked and kept as a branch.
                Step::Turn { .. } | Step::Phase { .. } if c.depth > 0 => rules.play(
                    &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt).ahead(&next),
                    &step,
                    &mut self.out,
                ),
                Step::Action(action) if c.depth > 0 => {
                    if has_variations {
                        c.before_last = Some((c.state.clone(), self.recorded_last(c.recording)));
                    }
                    rules.play(
                        &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt)
                            .ahead(&next),
                        &step,
                        &mut self.out,
                    );
                    if let Recording::Branch(b) = c.recording
                        && let Some(track) = self.timeline.track_mut(Some(b))
                    {
                        let source = StepSource {
                            span: action.span,
                            line: c.lines.at(battle.source, action.span.start),
                        };
                        track.record(&c.state, &c.pending[c.recorded..], source);
                        c.recorded = c.pending.len();
                    }
                }
                Step::Annotation(_) if c.depth > 0 => {}
                // Labels cost strings; a replay without a timeline skips them.
                Step::Turn { number, side, .. } if config.timeline => {
                    self.close_side_turn(&mut c.cursor, Some(number));
                    c.cursor.turn = Some(number);
                    c.cursor.side = side.to_string();
                    rules.play(
                        &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt)
                            .ahead(&next),
                        &step,
                        &mut self.out,
                    );
                }
                Step::Phase { name, .. } if config.timeline => {
                    self.close_phase(&mut c.cursor);
                    c.cursor.phase = Some(name.to_string());
                    rules.play(
                        &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt)
                            .ahead(&next),
                        &step,
                        &mut self.out,
                    );
                }
                Step::Turn { .. } | Step::Phase { .. } => rules.play(
                    &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt).ahead(&next),
                    &step,
                    &mut self.out,
                ),
                Step::Action(action) => {
                    if has_variations {
                        c.before_last =
                            Some((c.state.clone(), self.timeline.len().saturating_sub(1)));
                    }
                    rules.play(
                        &mut Fold::<R>::new(&mut c.state, &mut c.pending, &mut c.doubt)
                            .ahead(&next),
                        &step,
                        &mut self.out,
                    );
                    if config.timeline {
                        let source = StepSource {
                            span: action.span,
                            line: c.lines.at(battle.source, action.span.start),
                        };
                        self.timeline.record(&c.state, &c.pending, source);
                    }
                    c.pending.clear();
                    if let Some(resume) = &mut self.resume {
                        let read_to = far.get();
                        let settled = battle
                            .source
                            .get(read_to as usize..)
                            .and_then(|rest| rest.find('\n'))
                            .map_or(battle.span.end, |n| read_to.saturating_add(n as u32));
                        let point = ResumePoint {
                            carry: c.clone(),
                            offset: action.span.end,
                            read_to,
                            settled,
                            findings: self.out.len(),
                            mark: self.timeline.mark(),
                        };
                        resume.points.push(Arc::new(point));
                        if resume.points.len() > MAX_RESUME_POINTS {
                            let mut k = 0;
                            resume.points.retain(|_| {
                                k += 1;
                                k % 2 == 0
                            });
                        }
                    }
                }
                Step::Annotation(annotation) => {
                    if let (AnnotationKind::Figure { name, .. }, true) =
                        (annotation.kind, config.timeline)
                    {
                        self.timeline.figures.push(Figure {
                            name: name.to_string(),
                            caption: annotation.caption().unwrap_or_default().into_owned(),
                            state: self.timeline.len().saturating_sub(1),
                            offset: annotation.span.start,
                        });
                    }
                }
            }
        }
        // The end is a step of its own: what finishing does leads to the end state.
        let c = &mut carry;
        rules.finish(
            &mut Fold::new(&mut c.state, &mut c.pending, &mut c.doubt),
            battle,
            &mut self.out,
        );
        crate::tags::check_result(battle, rules.outcome(&c.state).as_ref(), &mut self.out);
        if config.timeline {
            self.close_side_turn(&mut c.cursor, None);
            let end = battle.span.end;
            let source = StepSource {
                span: Span { start: end, end },
                line: c.lines.at(battle.source, end),
            };
            self.timeline.record(&c.state, &c.pending, source);
            let last = self.timeline.len().saturating_sub(1);
            self.timeline.labels.push((Point::End, last));
        }
        if let Some(resume) = &mut self.resume {
            resume.findings.clone_from(&self.out);
            resume.setup_findings = self.setup_findings;
        }
        let mut out = self.out;
        blocked_play(rules, self.setup_findings, &mut out);
        carry.doubt.annotate(&mut out);
        Doubt::once_each(&mut out);
        Replay {
            violations: out,
            timeline: self.timeline,
            state: carry.state,
            resume: self.resume,
            config,
            resumed_from: (from > 0).then_some(from),
        }
    }

    /// The index of the state `recording`'s line recorded last.
    fn recorded_last(&self, recording: Recording) -> usize {
        let track = match recording {
            Recording::Main => self.timeline.track(None),
            Recording::Branch(b) => self.timeline.track(Some(b)),
            Recording::Nowhere => None,
        };
        track.map_or(0, |t| t.len().saturating_sub(1))
    }

    fn label(&mut self, point: Point) {
        let index = self.timeline.len().saturating_sub(1);
        self.timeline.labels.push((point, index));
    }

    fn close_phase(&mut self, cursor: &mut Cursor) {
        if let (Some(turn), Some(phase)) = (cursor.turn, cursor.phase.take()) {
            self.label(Point::Phase(turn, cursor.side.clone(), phase));
        }
    }

    /// Labels the end of the current side's turn, and of the turn when the
    /// next turn number differs.
    fn close_side_turn(&mut self, cursor: &mut Cursor, next_turn: Option<u32>) {
        self.close_phase(cursor);
        if let Some(turn) = cursor.turn {
            self.label(Point::SideTurn(turn, cursor.side.clone()));
            if next_turn != Some(turn) {
                self.label(Point::Turn(turn));
            }
        }
    }
}
