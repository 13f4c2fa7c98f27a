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

/// The states of a replay. States are recorded after setup, after every action,
/// and at every boundary; labels point at them.
#[derive(Clone, Debug)]
pub struct Timeline<S> {
    pub states: Vec<S>,
    pub labels: Vec<(Point, usize)>,
    pub figures: Vec<Figure>,
}

impl<S> Default for Timeline<S> {
    fn default() -> Self {
        Timeline {
            states: Vec::new(),
            labels: Vec::new(),
            figures: Vec::new(),
        }
    }
}

impl<S> Timeline<S> {
    /// The state at a point; for a turn, side or phase, the last one recorded.
    pub fn at(&self, point: &Point) -> Option<&S> {
        if let Point::Figure(name) = point {
            let figure = self.figures.iter().find(|f| &f.name == name)?;
            return self.states.get(figure.state);
        }
        let index = self
            .labels
            .iter()
            .rev()
            .find(|(p, _)| p == point)
            .map(|(_, i)| *i)?;
        self.states.get(index)
    }
}
