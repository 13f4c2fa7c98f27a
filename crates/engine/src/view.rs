//! The typed view every printer uses: each system declares its columns, and
//! fills one value per column for every unit, with where it stands, its
//! status, its fate and its casualties.

use senlac_board::scene::Place;
use serde::Serialize;
use serde::ser::SerializeMap;

/// How a column's values read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A word or code (`heavy-infantry`, `B`).
    Text,
    /// A count, shown with its unit of measure when it has one.
    Number,
}

/// One column a system shows for each unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Column {
    /// The key in JSON output (`command_points`).
    pub key: &'static str,
    /// The heading in tables, as the rule document writes it.
    pub heading: &'static str,
    /// The unit of measure a number is written with in text (`Damage`, `HP`).
    pub unit: Option<&'static str>,
    pub kind: Kind,
    /// `diff` follows it, under this label.
    pub followed: Option<&'static str>,
    /// The report's army lists show it (what the roster declares).
    pub roster: bool,
}

impl Column {
    /// A roster column: what a unit's line declares, never followed by `diff`.
    pub const fn fixed(key: &'static str, heading: &'static str, kind: Kind) -> Column {
        Column {
            key,
            heading,
            unit: None,
            kind,
            followed: None,
            roster: true,
        }
    }

    /// A text column that changes in play, followed by `diff` under `label`.
    pub const fn changing(key: &'static str, heading: &'static str, label: &'static str) -> Column {
        Column {
            key,
            heading,
            unit: None,
            kind: Kind::Text,
            followed: Some(label),
            roster: false,
        }
    }

    /// A value of this column as text: a number with its unit, a word as is.
    pub fn text(&self, value: &Value) -> String {
        match (value, self.unit) {
            (Value::Number(n), Some(unit)) => format!("{n} {unit}"),
            (Value::Number(n), None) => n.to_string(),
            (Value::Text(t), _) => t.clone(),
            (Value::None, _) => String::new(),
        }
    }
}

/// A column's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Number(i64),
    Text(String),
    None,
}

impl Value {
    /// As text, without a unit.
    pub fn plain(&self) -> String {
        match self {
            Value::Number(n) => n.to_string(),
            Value::Text(t) => t.clone(),
            Value::None => String::new(),
        }
    }
}

/// Where a unit stands, as text: a cell `0514`, or a point `12.5x6in`.
pub fn place_text(place: &Place) -> String {
    match place {
        Place::Cell(cell) => cell.to_string(),
        Place::Point(point) => format!("{}x{}in", inches(point.x), inches(point.y)),
    }
}

fn inches(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    format!("{rounded}")
}

/// One unit as any printer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitView {
    /// Index into [`BattleView::sides`].
    pub side: usize,
    pub id: String,
    pub name: String,
    /// `active`, `routed`, or the system's own word.
    pub status: &'static str,
    pub place: Option<Place>,
    /// One per column of the system, in its order.
    pub values: Vec<Value>,
    /// Men in the unit, where the system counts them.
    pub men: Option<u32>,
    /// Men lost so far, or what the system counts instead
    /// ([`BattleView::casualties_heading`]).
    pub casualties: u32,
    /// What became of it, in words, for the after-action report.
    pub fate: String,
}

/// The battle at one point.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleView {
    pub sides: Vec<String>,
    pub columns: &'static [Column],
    /// The heading of where units stand (`Hex`, `Square`, `Position`).
    pub place_heading: &'static str,
    /// What [`UnitView::casualties`] counts, as a heading: `Casualties`
    /// (men) or `Casualty points`.
    pub casualties_heading: &'static str,
    pub units: Vec<UnitView>,
}

impl BattleView {
    /// A unit's side by name.
    pub fn side_of(&self, unit: &UnitView) -> &str {
        self.sides.get(unit.side).map_or("", String::as_str)
    }

    /// A unit as JSON: side, id, name, status, `at`, then the system's columns by key.
    pub fn unit_json<'v>(&'v self, unit: &'v UnitView) -> UnitJson<'v> {
        UnitJson { view: self, unit }
    }
}

/// See [`BattleView::unit_json`].
pub struct UnitJson<'v> {
    view: &'v BattleView,
    unit: &'v UnitView,
}

impl Serialize for UnitJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let unit = self.unit;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("side", self.view.side_of(unit))?;
        map.serialize_entry("id", &unit.id)?;
        map.serialize_entry("name", &unit.name)?;
        map.serialize_entry("status", unit.status)?;
        map.serialize_entry("at", &unit.place.as_ref().map(place_text))?;
        for (column, value) in self.view.columns.iter().zip(&unit.values) {
            map.serialize_entry(column.key, value)?;
        }
        if let Some(men) = unit.men {
            map.serialize_entry("men", &men)?;
        }
        map.serialize_entry("casualties", &unit.casualties)?;
        map.serialize_entry("fate", &unit.fate)?;
        map.end()
    }
}

/// Where play stands: turn, acting side and phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// 0 during setup.
    pub turn: u32,
    pub side: Option<String>,
    /// The phase's word in the notation (`movement`).
    pub phase: Option<&'static str>,
}
