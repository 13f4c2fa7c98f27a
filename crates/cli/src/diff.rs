//! `senlac diff`: what changed between two points — command points spent,
//! damage taken, moves, routs and removals — every turn, one block a turn, or
//! between any two points.

use std::path::Path;

use senlac_engine::view::{BattleView, UnitView, place_text};
use senlac_engine::{Game, Point};
use serde::Serialize;

use crate::{Exit, OutputFormat, load, safe_text};

/// One field of one unit that changed.
#[derive(Serialize)]
pub struct Change {
    pub side: String,
    pub id: String,
    /// The followed field: `status`, `at`, or a column's key.
    pub field: &'static str,
    #[serde(skip)]
    pub label: &'static str,
    pub from: String,
    pub to: String,
}

#[derive(Serialize)]
struct Block {
    from: String,
    to: String,
    changes: Vec<Change>,
}

pub fn run(
    path: &Path,
    battle: usize,
    turn: Option<u32>,
    from: Option<&str>,
    to: Option<&str>,
    format: OutputFormat,
) -> Exit {
    load::with_battle(path, battle, |source, _, game| {
        let turns = turn_spans(game);
        let pairs: Vec<(Point, Point)> = match (turn, from, to) {
            (Some(turn), _, _) => {
                match turns.into_iter().find(|(_, to)| *to == Point::Turn(turn)) {
                    Some(pair) => vec![pair],
                    None => {
                        errln!("error: {}: the battle has no turn {turn}", source.name);
                        return Exit::Usage;
                    }
                }
            }
            (None, None, None) => turns,
            (None, from, to) => {
                let parse =
                    |text: Option<&str>, default: Point| text.map_or(Ok(default), str::parse);
                match (parse(from, Point::Setup), parse(to, Point::End)) {
                    (Ok(from), Ok(to)) => vec![(from, to)],
                    (Err(message), _) | (_, Err(message)) => {
                        errln!("error: {message}");
                        return Exit::Usage;
                    }
                }
            }
        };
        let mut blocks = Vec::new();
        for (from, to) in pairs {
            let (Some(before), Some(after)) = (game.view_at(&from), game.view_at(&to)) else {
                let missing = if game.locate(&from).is_none() {
                    &from
                } else {
                    &to
                };
                errln!(
                    "error: {}: {}",
                    source.name,
                    crate::point::unreached(game, missing)
                );
                return Exit::Usage;
            };
            blocks.push(Block {
                from: from.to_string(),
                to: to.to_string(),
                changes: changes(&before, &after),
            });
        }
        match format {
            OutputFormat::Json => {
                crate::print(&(serde_json::to_string_pretty(&blocks).unwrap_or_default() + "\n"))
            }
            OutputFormat::Text => crate::print(&safe_text::terminal(&text(&blocks))),
        }
        Exit::Success
    })
}

/// Each turn the battle has, from the end of the turn before it (or the
/// setup) to its end: only the turns that were played, so a log that jumps to
/// turn 4294967295 costs one block, not four billion.
fn turn_spans(game: &dyn Game) -> Vec<(Point, Point)> {
    let mut spans = Vec::new();
    let mut before = Point::Setup;
    for (point, _) in game.labels() {
        if let Point::Turn(_) = point
            && *point != before
        {
            spans.push((before, point.clone()));
            before = point.clone();
        }
    }
    spans
}

/// The fields a diff follows: status and place, then the columns the system
/// marks as followed; each with its key and its label in text.
fn followed(
    before: &BattleView,
    a: &UnitView,
    b: &UnitView,
) -> Vec<(&'static str, &'static str, String, String)> {
    let place = |u: &UnitView| u.place.as_ref().map_or_else(|| "-".into(), place_text);
    let mut out = vec![
        (
            "status",
            "status",
            a.status.to_string(),
            b.status.to_string(),
        ),
        // A unit that had no place (not deployed yet) is placed, not moved.
        (
            "at",
            if a.place.is_none() {
                "deploys"
            } else {
                "moves"
            },
            place(a),
            place(b),
        ),
    ];
    for (i, column) in before.columns.iter().enumerate() {
        if let Some(label) = column.followed {
            let value = |u: &UnitView| u.values.get(i).map(|v| v.plain()).unwrap_or_default();
            out.push((column.key, label, value(a), value(b)));
        }
    }
    out
}

/// What changed between two views, unit by unit in roster order.
pub fn changes(before: &BattleView, after: &BattleView) -> Vec<Change> {
    let mut out = Vec::new();
    for (a, b) in before.units.iter().zip(&after.units) {
        for (field, label, from, to) in followed(before, a, b) {
            if from != to {
                out.push(Change {
                    side: after.side_of(b).to_string(),
                    id: b.id.clone(),
                    field,
                    label,
                    from,
                    to,
                });
            }
        }
    }
    out
}

/// A value as the text shows it: an empty one (no order, no one fought)
/// reads `-`, as a place does.
fn shown(value: &str) -> &str {
    if value.is_empty() { "-" } else { value }
}

fn text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        out.push_str(&format!("{} → {}\n", block.from, block.to));
        if block.changes.is_empty() {
            out.push_str("  no change\n");
        }
        let width = block
            .changes
            .iter()
            .map(|c| c.side.len() + c.id.len() + 1)
            .max()
            .unwrap_or(0);
        for change in &block.changes {
            let label = change.label;
            let unit = format!("{} {}", change.side, change.id);
            out.push_str(&format!(
                "  {unit:<width$}  {label} {} → {}\n",
                shown(&change.from),
                shown(&change.to)
            ));
        }
        out.push('\n');
    }
    out
}
