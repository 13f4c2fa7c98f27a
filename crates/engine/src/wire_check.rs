//! What every system's wire tests check, written once: each event, exported
//! as JSON, names its variant and reads back as itself; and the system's
//! schema in docs/schema names every event and no other.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The variants of `events`, by the names `variant` gives them, sorted once each.
fn names<E>(events: &[E], variant: fn(&E) -> &'static str) -> Vec<&'static str> {
    let mut names: Vec<&str> = events.iter().map(variant).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// `events` hold `count` variants, and each round-trips through JSON:
/// `wire` (against `state`) names its variant, `unwire` reads it back.
pub fn round_trips<S, E, W>(
    state: &S,
    events: Vec<E>,
    count: usize,
    variant: fn(&E) -> &'static str,
    wire: impl Fn(&S, &E) -> W,
    unwire: impl Fn(&S, &W) -> Option<E>,
) where
    E: PartialEq + std::fmt::Debug,
    W: Serialize + DeserializeOwned,
{
    assert_eq!(
        names(&events, variant).len(),
        count,
        "one event of each variant"
    );
    for event in events {
        let json = serde_json::to_string(&wire(state, &event)).unwrap();
        assert!(
            json.contains(&format!(r#""event":"{}""#, variant(&event))),
            "{json}"
        );
        let read: W = serde_json::from_str(&json).unwrap();
        assert_eq!(unwire(state, &read), Some(event), "{json}");
    }
}

/// `schema` (a docs/schema/*.events.schema.json) describes the variants
/// of `events`, and no other.
pub fn schema_names_every_event<E>(schema: &str, events: &[E], variant: fn(&E) -> &'static str) {
    let schema: serde_json::Value = serde_json::from_str(schema).unwrap();
    let mut described: Vec<&str> = (schema["oneOf"].as_array().unwrap().iter())
        .filter_map(|event| event["properties"]["event"]["const"].as_str())
        .collect();
    described.sort_unstable();
    assert_eq!(described, names(events, variant));
}
