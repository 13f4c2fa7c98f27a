//! The timeline: the states a replay passed through, addressed as points.

use std::fmt;
use std::str::FromStr;

use senlac_notation::Span;

/// A point of a battle, as the CLI addresses it: `setup`, `T`, `T.SIDE`,
/// `T.SIDE.PHASE`, `fig:NAME` or `end`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    Setup,
    /// The end of turn T.
    Turn(u32),
    /// The end of SIDE's part of turn T.
    SideTurn(u32, String),
    /// The end of a phase of SIDE's part of turn T.
    Phase(u32, String, String),
    /// Where a figure mark stands.
    Figure(String),
    End,
    /// The state after the action on line `line` of the text (counted from
    /// 1), or before it; in a variation, that variation's state.
    Line {
        line: u32,
        before: bool,
    },
    /// The state after the main line's `k`th action (counted from 1).
    Action(u32),
}

/// The forms a point takes, for messages.
const FORMS: &str = "setup, T, T.SIDE, T.SIDE.PHASE, fig:NAME, line:N, line:N-, action:N or end";

/// A point written almost as one of its forms (`line42`, `Line:42`,
/// `action 3`, `Setup`): the form probably meant.
fn meant(text: &str) -> Option<String> {
    let lower = text.trim().to_ascii_lowercase();
    if lower != text && (lower == "setup" || lower == "end") {
        return Some(lower);
    }
    let word_end = lower
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(lower.len());
    let (word, rest) = lower.split_at(word_end);
    let kind = match word {
        "line" | "lines" | "ln" | "l" => "line",
        "action" | "actions" | "act" | "a" => "action",
        _ => return None,
    };
    let rest = rest.trim_start_matches([':', '=', ' ', '#', '.']);
    let (digits, before) = match rest.strip_suffix('-') {
        Some(d) if kind == "line" => (d, "-"),
        _ => (rest, ""),
    };
    let n: u32 = digits.parse().ok().filter(|&n| n >= 1)?;
    let canonical = format!("{kind}:{n}{before}");
    (canonical != text).then_some(canonical)
}

fn not_a_point(text: &str) -> String {
    match meant(text) {
        Some(form) => format!("`{text}` is not a point; did you mean `{form}`?"),
        None => format!("`{text}` is not a point: use {FORMS}"),
    }
}

/// `N` of `line:N` or `action:N`: a number from 1.
fn ordinal(text: &str, digits: &str) -> Result<u32, String> {
    match digits.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(not_a_point(text)),
    }
}

impl FromStr for Point {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "setup" {
            return Ok(Point::Setup);
        }
        if text == "end" {
            return Ok(Point::End);
        }
        if let Some(name) = text.strip_prefix("fig:") {
            return Ok(Point::Figure(name.to_string()));
        }
        if let Some(rest) = text.strip_prefix("line:") {
            let (digits, before) = match rest.strip_suffix('-') {
                Some(digits) => (digits, true),
                None => (rest, false),
            };
            let line = ordinal(text, digits)?;
            return Ok(Point::Line { line, before });
        }
        if let Some(digits) = text.strip_prefix("action:") {
            return Ok(Point::Action(ordinal(text, digits)?));
        }
        let mut parts = text.splitn(3, '.');
        let turn = parts
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| not_a_point(text))?;
        Ok(match (parts.next(), parts.next()) {
            (None, _) => Point::Turn(turn),
            (Some(side), None) => Point::SideTurn(turn, side.to_string()),
            (Some(side), Some(phase)) => Point::Phase(turn, side.to_string(), phase.to_string()),
        })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Point::Setup => f.write_str("setup"),
            Point::Turn(t) => write!(f, "{t}"),
            Point::SideTurn(t, side) => write!(f, "{t}.{side}"),
            Point::Phase(t, side, phase) => write!(f, "{t}.{side}.{phase}"),
            Point::Figure(name) => write!(f, "fig:{name}"),
            Point::End => f.write_str("end"),
            Point::Line { line, before } => {
                write!(f, "line:{line}{}", if *before { "-" } else { "" })
            }
            Point::Action(k) => write!(f, "action:{k}"),
        }
    }
}

/// Where a frame showing state `index` starts drawing: the one rule for
/// what every frame draws. A frame draws everything that happened since the
/// previous frame (`previous`, the state it showed), but no further back
/// than the start of the side's turn it shows (of the turn, for a turn's
/// frame, `whole_turn`); a frame at the same state as the one before draws
/// its own step. `labels` are the timeline's.
pub fn frame_start(
    labels: &[(Point, usize)],
    index: usize,
    previous: Option<usize>,
    whole_turn: bool,
) -> usize {
    // Labels stand in the order of their states: the labels before
    // `index` are found by a binary search, and the turn's start among the
    // last of them (a turn's few phases are passed), not in every label.
    debug_assert!(labels.is_sorted_by_key(|(_, i)| *i));
    let before = labels.partition_point(|(_, i)| *i < index);
    let turn_start = labels[..before]
        .iter()
        .rev()
        .find(|(point, _)| {
            if whole_turn {
                matches!(point, Point::Setup | Point::Turn(_))
            } else {
                matches!(point, Point::Setup | Point::SideTurn(..))
            }
        })
        .map_or(0, |(_, i)| i + 1);
    let after_previous = previous.map_or(0, |prev| prev + 1);
    turn_start.max(after_previous).min(index)
}

/// The turn, side and phase each main-line state stands in, as the text's
/// turn lines and phase labels name them, read off the timeline's labels:
/// a side's turn and a phase are labelled where they close, so a state
/// stands in the first of each to close at or after it. Ask in order of
/// state: each label is passed once.
pub struct Standings<'l> {
    labels: &'l [(Point, usize)],
    side_turn: usize,
    phase: usize,
}

/// Where [`Standings`] places a state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing<'l> {
    pub turn: Option<u32>,
    pub side: Option<&'l str>,
    pub phase: Option<&'l str>,
}

impl<'l> Standings<'l> {
    pub fn new(labels: &'l [(Point, usize)]) -> Self {
        Standings {
            labels,
            side_turn: 0,
            phase: 0,
        }
    }

    /// Where state `index` stands; `index` no smaller than the last asked.
    pub fn at(&mut self, index: usize) -> Standing<'l> {
        let labels = self.labels;
        let first_closing = |at: &mut usize, wanted: fn(&Point) -> bool| {
            while labels
                .get(*at)
                .is_some_and(|(point, i)| !wanted(point) || *i < index)
            {
                *at += 1;
            }
            labels.get(*at).map(|(point, _)| point)
        };
        let (turn, side) =
            match first_closing(&mut self.side_turn, |p| matches!(p, Point::SideTurn(..))) {
                Some(Point::SideTurn(turn, side)) => (Some(*turn), Some(side.as_str())),
                _ => (None, None),
            };
        let phase = match first_closing(&mut self.phase, |p| matches!(p, Point::Phase(..))) {
            Some(Point::Phase(t, s, name)) if Some(*t) == turn && Some(s.as_str()) == side => {
                Some(name.as_str())
            }
            _ => None,
        };
        Standing { turn, side, phase }
    }
}

/// A figure mark met during the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    pub name: String,
    pub caption: String,
    /// The index of its state, for [`Timeline::state`].
    pub state: usize,
    /// Where the mark stands in the battle's text (a byte offset): a mark
    /// among the setup lines shows the setup as it stands there.
    pub offset: u32,
}

/// Where a state stands: on the main line (`branch` None) or in variation
/// `branch` (an index into [`Timeline::branches`]), at `index` of that line
/// (a variation's state 0 is the state it starts from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct At {
    pub branch: Option<usize>,
    pub index: usize,
}

impl At {
    /// State `index` of the main line.
    pub fn main(index: usize) -> Self {
        At {
            branch: None,
            index,
        }
    }
}

/// Which step of the text made a state: its span and the line it starts
/// on (counted from 1 in the text the parser was given). The setup's and the
/// end's are empty spans at the battle's start and end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepSource {
    pub span: Span,
    pub line: u32,
}

/// One line of play: its states and the events between them, each state
/// with the step that made it. The main line and every variation is one.
///
/// Memory grows with the line's length, not its length times its units: it
/// keeps every event but only some states, checkpoints at most `most` of
/// them, evenly spaced, and [`Track::state`] folds the events from the
/// checkpoint before.
#[derive(Clone, Debug)]
pub struct Track<S, E> {
    /// The state at index `k * every` is `checkpoints[k]`.
    checkpoints: Vec<S>,
    every: usize,
    /// How many states were recorded.
    len: usize,
    /// How many checkpoints to keep before thinning; `usize::MAX` keeps
    /// every state (for checks that compare each state with its rebuild).
    most: usize,
    events: Vec<E>,
    /// `ends[i]`: where the events that led to state `i` end in `events`.
    ends: Vec<usize>,
    /// `sources[i]`: the step that made state `i`.
    sources: Vec<StepSource>,
}

impl<S, E> Track<S, E> {
    fn with_most(most: usize) -> Self {
        Track {
            checkpoints: Vec::new(),
            every: 1,
            len: 0,
            most,
            events: Vec::new(),
            ends: Vec::new(),
            sources: Vec::new(),
        }
    }

    fn start_of(&self, index: usize) -> usize {
        index
            .checked_sub(1)
            .and_then(|i| self.ends.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The events that led to state `index`.
    pub fn events(&self, index: usize) -> &[E] {
        self.events_between(index, index)
    }

    /// The events that led to states `since..=index`, in order.
    pub fn events_between(&self, since: usize, index: usize) -> &[E] {
        let end = self.ends.get(index).copied().unwrap_or(self.events.len());
        let start = self.start_of(since.min(index)).min(end);
        &self.events[start..end]
    }

    /// Every event, in order.
    pub fn all_events(&self) -> &[E] {
        &self.events
    }

    /// The step that made state `index`.
    pub fn source(&self, index: usize) -> Option<StepSource> {
        self.sources.get(index).copied()
    }

    /// How many states were recorded.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every state from `len` on: a replay resumed from a
    /// checkpoint records them again.
    fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        self.len = len;
        self.checkpoints.truncate(len.div_ceil(self.every));
        self.ends.truncate(len);
        self.sources.truncate(len);
        self.events.truncate(self.ends.last().copied().unwrap_or(0));
    }
}

impl<S: Clone, E: Clone> Track<S, E> {
    /// The states kept, with their indices: every state of a track that
    /// keeps them all.
    pub fn kept(&self) -> impl Iterator<Item = (usize, &S)> {
        self.checkpoints
            .iter()
            .enumerate()
            .map(|(k, state)| (k * self.every, state))
    }

    /// Records a state, the events that led to it and the step that made
    /// it; the state is kept only at a checkpoint.
    pub fn record(&mut self, state: &S, events: &[E], source: StepSource) {
        if self.len.is_multiple_of(self.every) {
            self.checkpoints.push(state.clone());
            if self.checkpoints.len() > self.most {
                let mut k = 0;
                self.checkpoints.retain(|_| {
                    k += 1;
                    k % 2 == 1
                });
                self.every *= 2;
            }
        }
        self.len += 1;
        self.events.extend_from_slice(events);
        self.ends.push(self.events.len());
        self.sources.push(source);
    }

    /// State `index`: the checkpoint before it folded with the events since.
    pub fn state(&self, index: usize, apply: impl Fn(&mut S, &E)) -> Option<S> {
        self.state_from(index, None, apply)
    }

    /// State `index`, folded from `near` (a state the caller has, and its
    /// index) when that is closer than the checkpoint before.
    pub fn state_from(
        &self,
        index: usize,
        near: Option<(usize, &S)>,
        apply: impl Fn(&mut S, &E),
    ) -> Option<S> {
        if index >= self.len {
            return None;
        }
        let checkpoint = index / self.every * self.every;
        let (from, mut state) = match near {
            Some((at, state)) if at <= index && at >= checkpoint => (at, state.clone()),
            _ => (
                checkpoint,
                self.checkpoints.get(index / self.every)?.clone(),
            ),
        };
        if from < index {
            for event in self.events_between(from + 1, index) {
                apply(&mut state, event);
            }
        }
        Some(state)
    }
}

/// A variation kept as a branch of the line it stands in: its own states,
/// from the state before the action it replaces (its state 0) to the state
/// after its last action.
#[derive(Clone, Debug)]
pub struct Branch<S, E> {
    /// The line it branches from: `None` for the main line, else a branch
    /// (an index into [`Timeline::branches`], always an earlier one).
    pub parent: Option<usize>,
    /// The state of the parent line recorded last before the variation:
    /// the one a picture of "before" shows. The variation's own state 0
    /// is that state with the turn and phase steps since folded in.
    pub from: usize,
    /// The variation's brackets, `(` to `)`.
    pub span: Span,
    pub track: Track<S, E>,
}

/// A branch as a printer sees it, without its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchInfo {
    pub parent: Option<usize>,
    pub from: usize,
    pub span: Span,
    /// How many states it recorded: its start and one per action.
    pub len: usize,
}

impl<S, E> Branch<S, E> {
    pub fn info(&self) -> BranchInfo {
        BranchInfo {
            parent: self.parent,
            from: self.from,
            span: self.span,
            len: self.track.len(),
        }
    }
}

/// The most variations a timeline keeps as branches, and the most states
/// each keeps as checkpoints: hostile input may write a hundred thousand.
/// Past them, a variation is still replayed and checked, but not kept.
pub const MAX_BRANCHES: usize = 256;
const BRANCH_CHECKPOINTS: usize = 16;

/// The states of a replay and the events between them, as a tree: the main
/// line, and each variation as a [`Branch`]. The main line records a state
/// after setup, after every action outside variations, and at the end;
/// labels and figures point at its states. The events that led to state `i`
/// are [`Timeline::events`]`(i)`, so every state is its predecessor folded
/// with them.
///
/// Memory grows with the battle's length, not its length times its units:
/// the main line keeps every event but only [`MAX_CHECKPOINTS`] states,
/// and [`Timeline::state`] folds the events from the checkpoint before.
#[derive(Clone, Debug)]
pub struct Timeline<S, E> {
    pub main: Track<S, E>,
    pub branches: Vec<Branch<S, E>>,
    pub labels: Vec<(Point, usize)>,
    pub figures: Vec<Figure>,
    /// The setup as it was deployed: state 0 the field with no unit on it,
    /// each next state the one after a placement (in the text's order),
    /// the last the main line's state 0. A figure marked among the setup
    /// lines shows the state there.
    pub setup: Track<S, E>,
}

/// The most checkpoints a timeline keeps; past it, every other one is dropped
/// and the spacing doubles. A state is then at most `len / 128` folds away.
pub const MAX_CHECKPOINTS: usize = 256;

impl<S, E> Default for Timeline<S, E> {
    fn default() -> Self {
        Timeline {
            main: Track::with_most(MAX_CHECKPOINTS),
            branches: Vec::new(),
            labels: Vec::new(),
            figures: Vec::new(),
            setup: Track::with_most(MAX_CHECKPOINTS),
        }
    }
}

/// How far a timeline had come: what a resumed replay cuts it back to.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mark {
    main: usize,
    branches: usize,
    labels: usize,
    figures: usize,
}

impl<S: Clone, E: Clone> Timeline<S, E> {
    /// A timeline that keeps every state it records.
    pub fn keeping_every_state() -> Self {
        Timeline {
            main: Track::with_most(usize::MAX),
            setup: Track::with_most(usize::MAX),
            ..Timeline::default()
        }
    }

    /// The main line's states kept, with their indices: every state of a
    /// timeline made with [`Timeline::keeping_every_state`].
    pub fn kept(&self) -> impl Iterator<Item = (usize, &S)> {
        self.main.kept()
    }

    /// Records a main-line state and the events that led to it.
    pub fn record(&mut self, state: &S, events: &[E], source: StepSource) {
        self.main.record(state, events, source);
    }

    /// Opens a branch starting at `start`, unless the timeline keeps no
    /// more; its index.
    pub fn open_branch(
        &mut self,
        parent: Option<usize>,
        from: usize,
        span: Span,
        start: &S,
        source: StepSource,
    ) -> Option<usize> {
        if self.branches.len() >= MAX_BRANCHES {
            return None;
        }
        let mut track = Track::with_most(if self.main.most == usize::MAX {
            usize::MAX
        } else {
            BRANCH_CHECKPOINTS
        });
        track.record(start, &[], source);
        self.branches.push(Branch {
            parent,
            from,
            span,
            track,
        });
        Some(self.branches.len() - 1)
    }

    /// Main-line state `index`: the checkpoint before it folded with the
    /// events since.
    pub fn state(&self, index: usize, apply: impl Fn(&mut S, &E)) -> Option<S> {
        self.main.state(index, apply)
    }

    /// Main-line state `index`, folded from `near` when that is closer.
    pub fn state_from(
        &self,
        index: usize,
        near: Option<(usize, &S)>,
        apply: impl Fn(&mut S, &E),
    ) -> Option<S> {
        self.main.state_from(index, near, apply)
    }

    /// The state at `at`, on the main line or a branch.
    pub fn state_at(&self, at: At, apply: impl Fn(&mut S, &E)) -> Option<S> {
        self.track(at.branch)?.state(at.index, apply)
    }
}

impl<S, E> Timeline<S, E> {
    /// The main line (`None`) or a branch.
    pub fn track(&self, branch: Option<usize>) -> Option<&Track<S, E>> {
        match branch {
            None => Some(&self.main),
            Some(b) => self.branches.get(b).map(|b| &b.track),
        }
    }

    pub(crate) fn track_mut(&mut self, branch: Option<usize>) -> Option<&mut Track<S, E>> {
        match branch {
            None => Some(&mut self.main),
            Some(b) => self.branches.get_mut(b).map(|b| &mut b.track),
        }
    }

    /// How far the timeline has come.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            main: self.main.len,
            branches: self.branches.len(),
            labels: self.labels.len(),
            figures: self.figures.len(),
        }
    }

    /// Cuts the timeline back to `mark`.
    pub(crate) fn cut(&mut self, mark: Mark) {
        self.main.truncate(mark.main);
        self.branches.truncate(mark.branches);
        self.labels.truncate(mark.labels);
        self.figures.truncate(mark.figures);
    }

    /// The events that led to main-line state `index`.
    pub fn events(&self, index: usize) -> &[E] {
        self.main.events(index)
    }

    /// The events that led to main-line states `since..=index`, in order.
    pub fn events_between(&self, since: usize, index: usize) -> &[E] {
        self.main.events_between(since, index)
    }

    /// Every main-line event, in order.
    pub fn all_events(&self) -> &[E] {
        self.main.all_events()
    }

    /// The main-line state a point names: for a turn, side or phase, the
    /// last one recorded; `None` for a point in a variation
    /// ([`Timeline::locate`] finds those).
    pub fn index(&self, point: &Point) -> Option<usize> {
        match self.locate(point)? {
            At {
                branch: None,
                index,
            } => Some(index),
            _ => None,
        }
    }

    /// Where a point stands, on the main line or in a variation.
    pub fn locate(&self, point: &Point) -> Option<At> {
        match point {
            Point::Figure(name) => self
                .figures
                .iter()
                .find(|f| &f.name == name)
                .map(|f| At::main(f.state)),
            // Action k is main-line state k; the end is not an action's.
            Point::Action(k) => {
                let k = *k as usize;
                (k >= 1 && k + 1 < self.main.len).then_some(At::main(k))
            }
            Point::Line { line, before } => self.on_line(*line, *before),
            _ => self
                .labels
                .iter()
                .rev()
                .find(|(p, _)| p == point)
                .map(|(_, i)| At::main(*i)),
        }
    }

    /// The state after the last action on `line` (or before the first, with
    /// `before`), on the main line or in the variation it stands in.
    fn on_line(&self, line: u32, before: bool) -> Option<At> {
        let lines = std::iter::once(None).chain((0..self.branches.len()).map(Some));
        for branch in lines {
            let track = self.track(branch)?;
            // A line's actions are recorded one after another; setup and
            // the end are no action's (a branch's state 0 is its start).
            let first = 1;
            let last = match branch {
                None => track.len.saturating_sub(1),
                Some(_) => track.len,
            };
            let on: Vec<usize> = (first..last)
                .filter(|&i| track.sources[i].line == line)
                .collect();
            if let (Some(&a), Some(&b)) = (on.first(), on.last()) {
                let index = if before { a - 1 } else { b };
                return Some(At { branch, index });
            }
        }
        None
    }

    /// The state in force at byte `offset` of the text: the state after
    /// the last action that starts at or before it, in the innermost
    /// variation that holds it, and the setup before the first action.
    pub fn index_at(&self, offset: u32) -> At {
        let innermost = (0..self.branches.len()).rev().find(|&b| {
            let span = self.branches[b].span;
            span.start <= offset && offset < span.end
        });
        let (branch, first, last) = match innermost {
            Some(b) => (Some(b), 1, self.branches[b].track.len),
            None => (None, 1, self.main.len.saturating_sub(1)),
        };
        let Some(track) = self.track(branch) else {
            return At::main(0);
        };
        // Actions are recorded in the order they stand in the text, so a
        // binary search finds the last that starts at or before `offset`.
        let sources = track.sources.get(first..last).unwrap_or(&[]);
        let started = sources.partition_point(|source| source.span.start <= offset);
        let index = match started {
            0 => 0,
            n => first + n - 1,
        };
        At { branch, index }
    }

    /// The state of the setup in force at byte `offset` of the text (an
    /// index into [`Timeline::setup`]): the field with every placement that
    /// starts before it.
    pub fn setup_index_at(&self, offset: u32) -> usize {
        let placements = self.setup.sources.get(1..).unwrap_or(&[]);
        placements.partition_point(|source| source.span.start < offset)
    }

    /// How many states the main line recorded.
    pub fn len(&self) -> usize {
        self.main.len
    }

    pub fn is_empty(&self) -> bool {
        self.main.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(start: u32, end: u32, line: u32) -> StepSource {
        StepSource {
            span: Span { start, end },
            line,
        }
    }

    /// A main line of three actions on lines 2 to 4 (bytes 10, 20, 30),
    /// a variation of two actions (lines 5 and 6) replacing the third, and
    /// inside it a variation of one (line 7) replacing its second. A state
    /// is the sum of the events before it.
    fn tree() -> Timeline<u32, u32> {
        let mut t = Timeline::keeping_every_state();
        let apply = |s: &mut u32, e: &u32| *s += e;
        t.record(&0, &[], source(0, 0, 1));
        for (k, start) in [10u32, 20, 30].into_iter().enumerate() {
            let state = t.state(k, apply).unwrap() + 1;
            t.record(&state, &[1], source(start, start + 5, 2 + k as u32));
        }
        t.record(&3, &[], source(90, 90, 9));
        let outer = t.open_branch(None, 2, Span { start: 36, end: 80 }, &2, source(36, 37, 5));
        let outer = outer.unwrap();
        let track = t.track_mut(Some(outer)).unwrap();
        track.record(&12, &[10], source(40, 45, 5));
        track.record(&22, &[10], source(50, 55, 6));
        let inner = t.open_branch(
            Some(outer),
            1,
            Span { start: 56, end: 70 },
            &12,
            source(56, 57, 7),
        );
        let track = t.track_mut(inner).unwrap();
        track.record(&112, &[100], source(60, 65, 7));
        t
    }

    #[test]
    fn a_state_is_found_by_its_place_in_the_text() {
        let t = tree();
        let at = |branch, index| At { branch, index };
        // Before the first action: the setup; on and after an action: its state.
        assert_eq!(t.index_at(5), at(None, 0));
        assert_eq!(t.index_at(10), at(None, 1));
        assert_eq!(t.index_at(29), at(None, 2));
        // Inside the variation, before its first action: where it starts.
        assert_eq!(t.index_at(38), at(Some(0), 0));
        assert_eq!(t.index_at(52), at(Some(0), 2));
        // Inside the nested one, then back in the outer one after it.
        assert_eq!(t.index_at(61), at(Some(1), 1));
        assert_eq!(t.index_at(75), at(Some(0), 2));
        // After the variations: the main line's last action, not the end.
        assert_eq!(t.index_at(85), at(None, 3));
        assert_eq!(t.state_at(at(Some(1), 1), |s, e| *s += e), Some(112));
    }

    #[test]
    fn points_name_lines_and_actions() {
        let t = tree();
        let line = |line, before| t.locate(&Point::Line { line, before });
        assert_eq!(line(3, false), Some(At::main(2)));
        assert_eq!(line(3, true), Some(At::main(1)));
        assert_eq!(
            line(6, false),
            Some(At {
                branch: Some(0),
                index: 2
            })
        );
        assert_eq!(
            line(7, true),
            Some(At {
                branch: Some(1),
                index: 0
            })
        );
        // The setup's and the end's lines hold no action.
        assert_eq!(line(1, false), None);
        assert_eq!(line(9, false), None);
        assert_eq!(t.locate(&Point::Action(3)), Some(At::main(3)));
        assert_eq!(t.locate(&Point::Action(4)), None, "the end is no action");
        assert_eq!(
            t.index(&Point::Line {
                line: 6,
                before: false
            }),
            None,
            "not the main line"
        );
    }

    #[test]
    fn a_timeline_cut_back_to_a_mark_records_on_from_there() {
        let mut t = tree();
        let mut short = Timeline::keeping_every_state();
        short.record(&0u32, &[], source(0, 0, 1));
        short.record(&1, &[1], source(10, 15, 2));
        let mark = short.mark();
        t.cut(mark);
        assert_eq!(t.len(), 2);
        assert!(t.branches.is_empty());
        assert_eq!(t.all_events(), &[1]);
        t.record(&5, &[4], source(20, 25, 3));
        assert_eq!(t.state(2, |s, e| *s += e), Some(5));
        assert_eq!(t.main.source(2), Some(source(20, 25, 3)));
    }

    #[test]
    fn points_parse_and_print_and_a_slip_is_told_its_form() {
        for text in ["line:12", "line:12-", "action:3"] {
            assert_eq!(text.parse::<Point>().unwrap().to_string(), text);
        }
        let said = |text: &str| text.parse::<Point>().unwrap_err();
        assert_eq!(
            said("line12"),
            "`line12` is not a point; did you mean `line:12`?"
        );
        assert_eq!(
            said("Action:4"),
            "`Action:4` is not a point; did you mean `action:4`?"
        );
        assert_eq!(
            said("ln 7-"),
            "`ln 7-` is not a point; did you mean `line:7-`?"
        );
        assert!(said("action:0").ends_with("line:N, line:N-, action:N or end"));
        assert_eq!(
            said("Setup"),
            "`Setup` is not a point; did you mean `setup`?"
        );
    }

    #[test]
    fn a_frame_starts_after_the_previous_frame_within_the_side_turn() {
        // Setup is state 0; A's part of turn 1 is states 1..=3, B's 4..=6.
        let labels = vec![
            (Point::Setup, 0),
            (Point::SideTurn(1, "A".into()), 3),
            (Point::SideTurn(1, "B".into()), 6),
            (Point::Turn(1), 6),
        ];
        // Alone, a frame draws its side's turn so far.
        assert_eq!(frame_start(&labels, 5, None, false), 4);
        // After a frame in an earlier side's turn: still from the turn's start.
        assert_eq!(frame_start(&labels, 5, Some(2), false), 4);
        // After a frame in the same side's turn: only what came since.
        assert_eq!(frame_start(&labels, 6, Some(4), false), 5);
        // At the same state as the frame before: its own step.
        assert_eq!(frame_start(&labels, 5, Some(5), false), 5);
        // A turn's frame reaches back to the turn's start.
        assert_eq!(frame_start(&labels, 6, None, true), 1);
        assert_eq!(frame_start(&labels, 6, Some(3), true), 4);
        // The setup draws itself.
        assert_eq!(frame_start(&labels, 0, None, false), 0);
    }
}
