//! Feudal's events as exported (docs/schema/feudal-ohw.events.schema.json):
//! units and sides by name, positions in the notation's frame, stable
//! across changes to [`super::event::Event`].

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::state::State;

/// An event as exported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    /// Not yet exported in its own shape.
    Other { what: String },
}

/// An event as exported; `state` is the one it led to.
pub fn wire(_state: &State, event: &Event) -> Wire {
    Wire::Other {
        what: format!("{event:?}"),
    }
}

/// An exported event read back.
pub fn unwire(_state: &State, _wire: &Wire) -> Option<Event> {
    None
}
