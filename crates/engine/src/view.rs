//! The generic read-only view every printer uses: sides, units, positions,
//! status and each ruleset's own fields, with fates and casualties.

use std::collections::BTreeMap;

use serde::Serialize;

/// A ruleset field's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Number(i64),
    Text(String),
}

/// One unit as any printer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitView {
    pub side: String,
    pub id: String,
    pub name: String,
    /// `active`, `routed`, `slaughtered`, or the ruleset's own.
    pub status: &'static str,
    /// Where it stands, in the map's own labels (CCRR for grids).
    pub hex: Option<String>,
    /// Men lost so far.
    pub casualties: u32,
    /// What became of it, in words, for the after-action report.
    pub fate: String,
    /// The ruleset's columns, in the order it lists them.
    #[serde(flatten)]
    pub fields: BTreeMap<&'static str, Value>,
}

/// The battle at one point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BattleView {
    pub sides: Vec<String>,
    pub turn: u32,
    pub units: Vec<UnitView>,
}

impl BattleView {
    /// Casualties of each side, in side order.
    pub fn casualties_by_side(&self) -> Vec<(String, u32)> {
        self.sides
            .iter()
            .map(|side| {
                (
                    side.clone(),
                    self.units
                        .iter()
                        .filter(|u| &u.side == side)
                        .map(|u| u.casualties)
                        .sum(),
                )
            })
            .collect()
    }
}
