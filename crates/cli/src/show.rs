//! `senlac show`: the state at one point, as the system lays its units out.

use std::path::Path;

use senlac_engine::view::{BattleView, place_text};
use senlac_engine::{Config, Point};

use crate::{Exit, OutputFormat, load, safe_text, text_table};

pub fn run(path: &Path, battle: usize, at: &str, format: OutputFormat) -> Exit {
    let point = match crate::point::parse(at) {
        Ok(point) => point,
        Err(exit) => return exit,
    };
    // The end needs no timeline: the replay keeps its last state alone,
    // in memory that does not grow with the battle's length.
    let keep = if point == Point::End {
        Config::default()
    } else {
        Config::TIMELINE
    };
    load::with_battle_keeping(path, battle, keep, |source, parsed, game| {
        let view = if point == Point::End {
            Some(game.end_view())
        } else {
            game.view_at(&point)
        };
        let Some(view) = view else {
            errln!(
                "error: {}: {}",
                source.name,
                crate::point::unreached(game, &point)
            );
            return Exit::Usage;
        };
        let title = parsed.tag("Battle").unwrap_or_default().into_owned();
        match format {
            OutputFormat::Json => {
                let units: Vec<_> = view.units.iter().map(|u| view.unit_json(u)).collect();
                let value =
                    serde_json::json!({ "battle": title, "at": point.to_string(), "units": units });
                crate::print(&(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"));
            }
            OutputFormat::Text => crate::print(&safe_text::terminal(&table(
                &title,
                &point,
                &view,
                text_table::width(),
            ))),
        }
        Exit::Success
    })
}

/// A plain-text table per side: id, name, the system's columns, place,
/// status; fitted to `fit` columns when given.
pub fn table(title: &str, point: &Point, view: &BattleView, fit: Option<u16>) -> String {
    let mut headings = vec!["Unit", "Name"];
    headings.extend(view.columns.iter().map(|c| c.heading));
    headings.extend([view.place_heading, "Status"]);
    let headings: Vec<String> = headings.into_iter().map(String::from).collect();
    let mut out = format!("{title} at {point}\n");
    for (side_index, side) in view.sides.iter().enumerate() {
        let rows: Vec<Vec<String>> = view
            .units
            .iter()
            .filter(|u| u.side == side_index)
            .map(|u| {
                let mut row = vec![u.id.clone(), u.name.clone()];
                row.extend(
                    view.columns
                        .iter()
                        .zip(&u.values)
                        .map(|(column, value)| column.text(value)),
                );
                row.push(u.place.as_ref().map_or_else(|| "-".into(), place_text));
                row.push(u.status.to_string());
                row
            })
            .collect();
        out.push_str(&format!("\n{side}\n"));
        out.push_str(&text_table::layout(&headings, &rows, 0, fit, &[]));
    }
    out
}
