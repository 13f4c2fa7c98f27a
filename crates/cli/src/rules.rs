//! `senlac rules`: the rule systems, and one system's catalog of actions and
//! reactions. The catalog is the system's own, built from the data its checks
//! use; this module only lays its tables out.

use senlac_engine::catalog::{Catalog, Table};
use senlac_engine::{OverlayInfo, SYSTEMS, system};

use crate::{Exit, text_table};

pub fn run(ruleset: Option<&str>) -> Exit {
    let fit = text_table::width();
    let text = match ruleset {
        None => list(fit),
        Some(tag) => match system::system(tag) {
            Some(system) => describe(&system.catalog(), system.overlays(), fit),
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
fn list(fit: Option<u16>) -> String {
    let rows: Vec<Vec<String>> = SYSTEMS
        .iter()
        .filter(|s| s.listed())
        .map(|s| vec![s.tag().to_string(), s.summary().to_string()])
        .collect();
    text_table::layout(&[], &rows, 0, fit, &[])
}

/// The catalog as text: one set of column widths for every table, so they
/// line up (where the terminal has room); a cell of several lines keeps
/// them. Then the overlays the system offers, if any, and where its
/// rulings are.
fn describe(catalog: &Catalog, overlays: &[OverlayInfo], fit: Option<u16>) -> String {
    let tables = || catalog.sections.iter().flat_map(|s| &s.tables);
    let columns = tables().map(|t| t.headings.len()).max().unwrap_or(0);
    let mut widths = vec![0u16; columns];
    for table in tables() {
        for (width, heading) in widths.iter_mut().zip(&table.headings) {
            *width = (*width).max(text_width(heading));
        }
        for row in &table.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                for text in cell {
                    *width = (*width).max(text_width(text));
                }
            }
        }
    }
    let table_text = |table: &Table| -> String {
        let headings: Vec<String> = table.headings.iter().map(|h| h.to_string()).collect();
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|row| row.iter().map(|cell| cell.join("\n")).collect())
            .collect();
        format!(
            "{}{}",
            line(&table.title, "  ", fit),
            text_table::layout(&headings, &rows, 4, fit, &widths)
        )
    };
    let mut out = line(&catalog.title, "", fit);
    for section in &catalog.sections {
        out.push('\n');
        out.push_str(&line(&section.title, "", fit));
        for table in &section.tables {
            out.push_str(&table_text(table));
        }
    }
    if !catalog.always.is_empty() {
        out.push_str("\nAlways\n");
        for rule in &catalog.always {
            out.push_str(&wrapped(rule, "  - ", "    ", fit));
        }
    }
    if !overlays.is_empty() {
        out.push_str("\nOverlays (senlac render --overlay NAME)\n");
        let rows: Vec<Vec<String>> = overlays
            .iter()
            .map(|o| vec![o.name.to_string(), o.summary.to_string()])
            .collect();
        out.push_str(&text_table::layout(&[], &rows, 2, fit, &[]));
    }
    out.push('\n');
    out.push_str(&line(&format!("Rulings: {}", catalog.rulings), "", fit));
    out
}

/// A line of prose after `indent`, wrapped at `fit` columns under itself.
fn line(text: &str, indent: &str, fit: Option<u16>) -> String {
    wrapped(text, indent, indent, fit)
}

/// `text` wrapped at `fit` columns (textwrap), its first line after
/// `first`, the others after `rest`.
fn wrapped(text: &str, first: &str, rest: &str, fit: Option<u16>) -> String {
    let options = textwrap::Options::new(fit.map_or(usize::MAX, usize::from))
        .initial_indent(first)
        .subsequent_indent(rest);
    let mut text = textwrap::fill(text, options);
    text.push('\n');
    text
}

fn text_width(text: &str) -> u16 {
    u16::try_from(text.chars().count()).unwrap_or(u16::MAX)
}
