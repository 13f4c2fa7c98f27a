//! `senlac show`: the state at one point, as the system lays its units out.

use std::path::Path;

use senlac_engine::Point;
use senlac_engine::view::{BattleView, place_text};

use crate::{Exit, OutputFormat, load, safe_text};

pub fn run(path: &Path, battle: usize, at: &str, format: OutputFormat) -> Exit {
    let point = match crate::point::parse(at) {
        Ok(point) => point,
        Err(exit) => return exit,
    };
    load::with_battle(path, battle, |source, parsed, game| {
        let Some(view) = game.view_at(&point) else {
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
            OutputFormat::Text => crate::print(&safe_text::terminal(&table(&title, &point, &view))),
        }
        Exit::Success
    })
}

/// A plain-text table per side: id, name, the system's columns, place, status.
pub fn table(title: &str, point: &Point, view: &BattleView) -> String {
    let mut headings = vec!["Unit", "Name"];
    headings.extend(view.columns.iter().map(|c| c.heading));
    headings.extend([view.place_heading, "Status"]);
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
        let widths: Vec<usize> = headings
            .iter()
            .enumerate()
            .map(|(i, heading)| {
                rows.iter()
                    .map(|r| r[i].chars().count())
                    .chain([heading.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect();
            format!("{}\n", padded.join("  ").trim_end())
        };
        out.push_str(&format!("\n{side}\n"));
        out.push_str(&line(headings.clone()));
        for row in &rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
    }
    out
}
