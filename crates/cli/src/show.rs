//! `senlac show`: the state at one point, as the rule documents lay it out.

use std::path::Path;

use senlac_engine::Point;
use senlac_engine::view::{BattleView, Value};

use crate::{Exit, OutputFormat, load};

pub fn run(path: &Path, battle: usize, at: &str, format: OutputFormat) -> Exit {
    let point: Point = match at.parse() {
        Ok(point) => point,
        Err(message) => {
            eprintln!("error: {message}");
            return Exit::Usage;
        }
    };
    load::with_battle(path, battle, |source, parsed, game| {
        let Some(view) = game.view(&point) else {
            eprintln!("error: {}: the battle never reaches `{point}`", source.name);
            return Exit::Usage;
        };
        let title = parsed.tag("Battle").unwrap_or_default().into_owned();
        match format {
            OutputFormat::Json => {
                let value = serde_json::json!({ "battle": title, "at": point.to_string(), "units": view.units });
                println!(
                    "{}",
                    serde_json::to_string_pretty(&value).unwrap_or_default()
                );
            }
            OutputFormat::Text => print!("{}", table(&title, &point, &view)),
        }
        Exit::Success
    })
}

/// Mass Combat's columns, with the documents' headings.
const COLUMNS: [(&str, &str); 10] = [
    ("id", "Unit"),
    ("name", "Name"),
    ("class", "Class"),
    ("grade", "Grade"),
    ("command_points", "Command Points"),
    ("damage", "Health"),
    ("support", "Support"),
    ("assault", "Assault"),
    ("hex", "Hex"),
    ("status", "Status"),
];

/// A plain-text table per side.
pub fn table(title: &str, point: &Point, view: &BattleView) -> String {
    let mut out = format!("{title} at {point}\n");
    for side in &view.sides {
        let rows: Vec<Vec<String>> = view
            .units
            .iter()
            .filter(|u| &u.side == side)
            .map(|u| {
                COLUMNS
                    .iter()
                    .map(|(key, _)| match *key {
                        "id" => u.id.clone(),
                        "name" => u.name.clone(),
                        "hex" => u.hex.clone().unwrap_or_else(|| "-".into()),
                        "status" => u.status.to_string(),
                        "damage" => match u.fields.get("damage") {
                            Some(Value::Number(n)) => format!("{n} Damage"),
                            _ => String::new(),
                        },
                        key => match u.fields.get(key) {
                            Some(Value::Number(n)) => n.to_string(),
                            Some(Value::Text(t)) => t.clone(),
                            None => String::new(),
                        },
                    })
                    .collect()
            })
            .collect();
        let widths: Vec<usize> = COLUMNS
            .iter()
            .enumerate()
            .map(|(i, (_, heading))| {
                rows.iter()
                    .map(|r| r[i].chars().count())
                    .chain([heading.len()])
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
        out.push_str(&line(COLUMNS.iter().map(|(_, h)| *h).collect()));
        for row in &rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
    }
    out
}
