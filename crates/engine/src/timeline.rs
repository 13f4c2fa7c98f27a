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

/// A figure mark met during the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    pub name: String,
    pub caption: String,
    /// Index into [`Timeline::states`].
    pub state: usize,
}

/// The states of a replay and the events between them. States are recorded
/// after setup, after every action of the main line, and at the end; labels
/// and figures point at them. The events that led to state `i` are
/// [`Timeline::events`]`(i)`, so every state is its predecessor folded with them.
#[derive(Clone, Debug)]
pub struct Timeline<S, E> {
    pub states: Vec<S>,
    events: Vec<E>,
    /// `ends[i]`: where the events that led to state `i` end in `events`.
    ends: Vec<usize>,
    pub labels: Vec<(Point, usize)>,
    pub figures: Vec<Figure>,
}

impl<S, E> Default for Timeline<S, E> {
    fn default() -> Self {
        Timeline {
            states: Vec::new(),
            events: Vec::new(),
            ends: Vec::new(),
            labels: Vec::new(),
            figures: Vec::new(),
        }
    }
}

impl<S, E: Clone> Timeline<S, E> {
    /// Records a state and the events that led to it.
    pub fn record(&mut self, state: S, events: &[E]) {
        self.states.push(state);
        self.events.extend_from_slice(events);
        self.ends.push(self.events.len());
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

    /// The state at a point.
    pub fn at(&self, point: &Point) -> Option<&S> {
        self.states.get(self.index(point)?)
    }
}
