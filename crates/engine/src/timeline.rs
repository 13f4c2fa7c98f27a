//! The timeline: the states a replay passed through, addressed as points.

use std::fmt;
use std::str::FromStr;

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
        let mut parts = text.splitn(3, '.');
        let turn = parts.next().and_then(|t| t.parse().ok()).ok_or_else(|| {
            format!("`{text}` is not a point: use setup, T, T.SIDE, T.SIDE.PHASE, fig:NAME or end")
        })?;
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
    let turn_start = labels
        .iter()
        .filter(|(point, i)| {
            let start = if whole_turn {
                matches!(point, Point::Setup | Point::Turn(_))
            } else {
                matches!(point, Point::Setup | Point::SideTurn(..))
            };
            start && *i < index
        })
        .map(|(_, i)| i + 1)
        .max()
        .unwrap_or(0);
    let after_previous = previous.map_or(0, |prev| prev + 1);
    turn_start.max(after_previous).min(index)
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

/// A unit a `deploy` line puts on the field, and where its placement stands
/// in the battle's text (a byte offset), so a figure marked before it can
/// leave it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deployment {
    pub side: String,
    pub id: String,
    pub offset: u32,
}

/// The states of a replay and the events between them. States are recorded
/// after setup, after every action of the main line, and at the end; labels
/// and figures point at them. The events that led to state `i` are
/// [`Timeline::events`]`(i)`, so every state is its predecessor folded with them.
///
/// Memory grows with the battle's length, not its length times its units:
/// the timeline keeps every event but only some states, checkpoints at most
/// [`MAX_CHECKPOINTS`] of them, evenly spaced, and [`Timeline::state`]
/// folds the events from the checkpoint before.
#[derive(Clone, Debug)]
pub struct Timeline<S, E> {
    /// The state at index `k * every` is `checkpoints[k]`.
    checkpoints: Vec<S>,
    every: usize,
    /// How many states were recorded.
    len: usize,
    /// Keep every state, never thinning the checkpoints (for checks that
    /// compare each state with its rebuild).
    keep_all: bool,
    events: Vec<E>,
    /// `ends[i]`: where the events that led to state `i` end in `events`.
    ends: Vec<usize>,
    pub labels: Vec<(Point, usize)>,
    pub figures: Vec<Figure>,
    /// Every unit the setup deploys, in no particular order.
    pub deployments: Vec<Deployment>,
}

/// The most checkpoints a timeline keeps; past it, every other one is dropped
/// and the spacing doubles. A state is then at most `len / 128` folds away.
pub const MAX_CHECKPOINTS: usize = 256;

impl<S, E> Default for Timeline<S, E> {
    fn default() -> Self {
        Timeline {
            checkpoints: Vec::new(),
            every: 1,
            len: 0,
            keep_all: false,
            events: Vec::new(),
            ends: Vec::new(),
            labels: Vec::new(),
            figures: Vec::new(),
            deployments: Vec::new(),
        }
    }
}

impl<S: Clone, E: Clone> Timeline<S, E> {
    /// A timeline that keeps every state it records.
    pub fn keeping_every_state() -> Self {
        Timeline {
            keep_all: true,
            ..Timeline::default()
        }
    }

    /// The states kept, with their indices: every state of a timeline made
    /// with [`Timeline::keeping_every_state`].
    pub fn kept(&self) -> impl Iterator<Item = (usize, &S)> {
        self.checkpoints
            .iter()
            .enumerate()
            .map(|(k, state)| (k * self.every, state))
    }

    /// Records a state and the events that led to it; the state is kept only
    /// at a checkpoint.
    pub fn record(&mut self, state: &S, events: &[E]) {
        if self.len.is_multiple_of(self.every) {
            self.checkpoints.push(state.clone());
            if self.checkpoints.len() > MAX_CHECKPOINTS && !self.keep_all {
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

impl<S, E> Timeline<S, E> {
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

    /// The state a point names: for a turn, side or phase, the last one recorded.
    pub fn index(&self, point: &Point) -> Option<usize> {
        if let Point::Figure(name) = point {
            return self
                .figures
                .iter()
                .find(|f| &f.name == name)
                .map(|f| f.state);
        }
        self.labels
            .iter()
            .rev()
            .find(|(p, _)| p == point)
            .map(|(_, i)| *i)
    }

    /// How many states were recorded.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
