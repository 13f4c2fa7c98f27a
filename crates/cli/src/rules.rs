//! `senlac rules`: the rule systems, and one system's catalog of actions and
//! reactions. The catalog is the system's own, built from the data its checks
//! use; this module only lays its tables out.

use senlac_engine::catalog::{Catalog, Table};
use senlac_engine::{OverlayInfo, SYSTEMS, system};

use crate::Exit;

pub fn run(ruleset: Option<&str>) -> Exit {
    let text = match ruleset {
        None => list(),
        Some(tag) => match system::system(tag) {
            Some(system) => describe(&system.catalog(), system.overlays()),
            None => {
                errln!(
                    "error: senlac has no rules for `{tag}`; it knows {}",
                    system::listed_tags().join(", ")
                );
                return Exit::Usage;
            }
        },
    };
    crate::print(&text);
    Exit::Success
}

/// One line per listed rule system: its Rules tag and what it is.
fn list() -> String {
    let listed: Vec<_> = SYSTEMS.iter().filter(|s| s.listed()).collect();
    let width = listed.iter().map(|s| s.tag().len()).max().unwrap_or(0);
    listed
        .iter()
        .map(|s| format!("{:<width$}  {}\n", s.tag(), s.summary()))
        .collect()
}

/// The catalog as text: one set of column widths for every table, so they
/// line up; a row is as tall as its tallest cell. Then the overlays the
/// system offers, if any, and where its rulings are.
fn describe(catalog: &Catalog, overlays: &[OverlayInfo]) -> String {
    let tables = || catalog.sections.iter().flat_map(|s| &s.tables);
    let columns = tables().map(|t| t.headings.len()).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for table in tables() {
        for (width, heading) in widths.iter_mut().zip(&table.headings) {
            *width = (*width).max(heading.chars().count());
        }
        for row in &table.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                for text in cell {
                    *width = (*width).max(text.chars().count());
                }
            }
        }
    }
    let lines = |row: &[Vec<String>]| -> String {
        let height = row.iter().map(Vec::len).max().unwrap_or(1);
        let mut text = String::new();
        for i in 0..height {
            let mut line = String::from("    ");
            for (cell, width) in row.iter().zip(&widths) {
                let part = cell.get(i).map_or("", String::as_str);
                line.push_str(&format!("{part:<width$}  "));
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    };
    let table_text = |table: &Table| -> String {
        let headings: Vec<Vec<String>> =
            table.headings.iter().map(|h| vec![h.to_string()]).collect();
        let mut out = format!("  {}\n", table.title);
        out.push_str(&lines(&headings));
        for row in &table.rows {
            out.push_str(&lines(row));
        }
        out
    };
    let mut out = format!("{}\n", catalog.title);
    for section in &catalog.sections {
        out.push_str(&format!("\n{}\n", section.title));
        for table in &section.tables {
            out.push_str(&table_text(table));
        }
    }
    if !catalog.always.is_empty() {
        out.push_str("\nAlways\n");
        for rule in &catalog.always {
            out.push_str(&format!("  - {rule}\n"));
        }
    }
    if !overlays.is_empty() {
        out.push_str("\nOverlays (senlac render --overlay NAME)\n");
        let width = overlays.iter().map(|o| o.name.len()).max().unwrap_or(0);
        for overlay in overlays {
            out.push_str(&format!(
                "  {:<width$}  {}\n",
                overlay.name, overlay.summary
            ));
        }
    }
    out.push_str(&format!("\nRulings: {}\n", catalog.rulings));
    out
}
