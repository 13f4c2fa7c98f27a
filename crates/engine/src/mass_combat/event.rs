//! Mass Combat's typed events: what each checked action did to the state.
//!
//! Play records them in [`super::State::events`] for the step that caused them,
//! so the timeline keeps, beside every state, the events that led to it: the
//! material of diffs, reports and the arrows of a rendered frame.

use serde::Serialize;

/// A change to the battle. Units are indices into the roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// Command points paid.
    Spent {
        unit: usize,
        command_points: u8,
    },
    Damaged {
        unit: usize,
        damage: u8,
    },
    /// Moved from one hex to another (labels CCRR as numbers), through `path`.
    Moved {
        unit: usize,
        from: u16,
        to: u16,
        charge: bool,
        path: Path,
    },
    Volley {
        archer: usize,
        target: usize,
    },
    AttackDeclared {
        attacker: usize,
        defender: usize,
    },
    Supported {
        supporter: usize,
        defender: usize,
        attack: bool,
    },
    Resolved {
        attacker: usize,
        defender: usize,
        attack: u32,
        defense: u32,
        loser: usize,
    },
    Routed {
        unit: usize,
    },
    Slaughtered {
        unit: usize,
        by: usize,
    },
}

/// A cell as its CCRR number, for compact serialised events.
pub fn label(cell: senlac_notation::value::Cell) -> u16 {
    u16::from(cell.column) * 100 + u16::from(cell.row)
}

/// The hexes a move passed through, start and end included, without allocating:
/// the longest move (a charge) enters six hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Path {
    cells: [u16; 7],
    len: u8,
}

impl Path {
    /// Adds a hex; a path longer than seven keeps its first seven.
    pub fn push(&mut self, cell: u16) {
        if usize::from(self.len) < self.cells.len() {
            self.cells[usize::from(self.len)] = cell;
            self.len += 1;
        }
    }

    pub fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells())
    }
}

/// TEMPORARY wire form until the wire types are written.
pub type Wire = serde_json::Value;

/// TEMPORARY: an event as exported.
pub fn wire(_state: &super::State, event: &Event) -> Wire {
    serde_json::to_value(event).unwrap_or_default()
}

/// TEMPORARY: not read back yet.
pub fn unwire(_state: &super::State, _wire: &Wire) -> Option<Event> {
    None
}

/// TEMPORARY: play still changes the state itself.
pub fn apply(_state: &mut super::State, _event: &Event) {}
