//! `senlac rules`: the rule systems, and each one's actions from the engine's tables.
//!
//! Nothing here is written by hand: costs come from `tables::cost`, and
//! phases, classes, preconditions and forced reactions from the engine's
//! `catalog`, which is tested against the cost tables. The listing cannot
//! drift from what `senlac lint` enforces.

use std::io::Write;

use senlac_engine::RULES;
use senlac_engine::mass_combat::catalog::{self, Act, CATALOG, Entry, Side, When};
use senlac_engine::mass_combat::tables::{Edition, Phase, cost};

use crate::Exit;

pub fn run(ruleset: Option<&str>) -> Exit {
    let text = match ruleset {
        None => list(),
        Some(tag) => match catalog::edition(tag) {
            Some(edition) => describe(edition),
            None => {
                eprintln!(
                    "error: senlac has no rules for `{tag}`; it knows {}",
                    RULES.join(", ")
                );
                return Exit::Usage;
            }
        },
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Exit::Success,
        Err(_) => Exit::Usage,
    }
}

/// One line per rule system: its Rules tag and what it is.
fn list() -> String {
    let width = RULES.iter().map(|tag| tag.len()).max().unwrap_or(0);
    let mut out = String::new();
    for tag in RULES {
        match catalog::edition(tag) {
            Some(edition) => {
                out.push_str(&format!("{tag:<width$}  {}\n", catalog::summary(edition)));
            }
            None => out.push_str(&format!("{tag}\n")),
        }
    }
    out
}

const HEADINGS: [&str; 6] = ["Name", "Verb", "Cost", "Who", "Needs", "Forces"];

/// A row: one cell per heading, each cell one or more lines.
type Row = [Vec<String>; 6];

/// One table: a title line and its rows.
struct Table {
    title: String,
    rows: Vec<Row>,
}

fn row(edition: Edition, entry: &Entry, phase: Phase) -> Row {
    let cost = match entry.act {
        Act::Verb(verb) => cost(edition, verb, phase).to_string(),
        Act::Resolve => "-".to_string(),
    };
    let needs: Vec<String> = entry
        .needs
        .iter()
        .filter(|n| n.applies_in(phase))
        .map(|n| n.describe(edition))
        .collect();
    // Who owes it on one line, the choices that answer it below.
    let mut forces: Vec<String> = Vec::new();
    for forced in entry.forces {
        forces.extend(wrap(&format!("{}:", forced.owed_by), FORCES_WIDTH));
        let choices: Vec<&str> = forced.choices.iter().map(|v| v.word()).collect();
        forces.push(format!("  {}", choices.join(" or ")));
    }
    let cell = |items: Vec<String>, width: usize| -> Vec<String> {
        if items.is_empty() {
            return vec!["-".to_string()];
        }
        items.iter().flat_map(|item| wrap(item, width)).collect()
    };
    [
        vec![entry.act.name().to_string()],
        vec![entry.act.word().to_string()],
        vec![cost],
        cell(vec![entry.who.describe()], WHO_WIDTH),
        cell(needs, NEEDS_WIDTH),
        if forces.is_empty() {
            vec!["-".to_string()]
        } else {
            forces
        },
    ]
}

/// Widths the free-text columns wrap at, to keep a table within a wide terminal.
const WHO_WIDTH: usize = 28;
const NEEDS_WIDTH: usize = 36;
const FORCES_WIDTH: usize = 40;

/// `text` broken at spaces into lines of at most `width` characters (a longer
/// word keeps its own line); lines after the first are indented two spaces, so
/// one item's continuation is told from the next item.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let indent = if lines.is_empty() { 0 } else { 2 };
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| if i == 0 { l } else { format!("  {l}") })
        .collect()
}

/// The tables of one edition: each phase's actions and reactions, then the
/// reactions taken at any time.
fn tables(edition: Edition) -> Vec<(String, Vec<Table>)> {
    let mut sections = Vec::new();
    for (number, phase) in Phase::ALL.into_iter().enumerate() {
        let side = match catalog::acting_side(phase) {
            Side::InTurn => "the side in turn",
            Side::OffTurn => "the other side",
        };
        let title = format!(
            "{}. {} (`{}:`): actions by {side}",
            number + 1,
            phase.name(),
            phase.word()
        );
        let in_phase = |reaction: bool| -> Vec<Row> {
            CATALOG
                .iter()
                .filter(|e| e.act.is_reaction() == reaction && e.when.includes(phase))
                .map(|e| row(edition, e, phase))
                .collect()
        };
        let mut parts = vec![Table {
            title: "Actions".to_string(),
            rows: in_phase(false),
        }];
        let reactions = in_phase(true);
        if !reactions.is_empty() {
            parts.push(Table {
                title: "Reactions".to_string(),
                rows: reactions,
            });
        }
        sections.push((title, parts));
    }
    // Taken at any time: their cost is the same in every phase.
    let any_time: Vec<Row> = CATALOG
        .iter()
        .filter(|e| e.when == When::AnyTime)
        .map(|e| row(edition, e, Phase::ResolveCombat))
        .collect();
    sections.push((
        "At any time (rout reactions)".to_string(),
        vec![Table {
            title: "Reactions".to_string(),
            rows: any_time,
        }],
    ));
    sections
}

fn describe(edition: Edition) -> String {
    let sections = tables(edition);
    // One set of column widths for every table, so they line up.
    let mut widths = HEADINGS.map(str::len);
    for (_, parts) in &sections {
        for table in parts {
            for row in &table.rows {
                for (width, cell) in widths.iter_mut().zip(row) {
                    for text in cell {
                        *width = (*width).max(text.chars().count());
                    }
                }
            }
        }
    }
    // A row is as tall as its tallest cell; shorter cells are left blank below.
    let lines = |row: &[Vec<String>]| -> String {
        let height = row.iter().map(Vec::len).max().unwrap_or(1);
        let mut text = String::new();
        for i in 0..height {
            let mut line = String::from("    ");
            for (cell, width) in row.iter().zip(widths) {
                let part = cell.get(i).map_or("", String::as_str);
                line.push_str(&format!("{part:<width$}  "));
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    };
    let headings = HEADINGS.map(|h| vec![h.to_string()]);

    let mut out = format!(
        "{} ({})\n",
        catalog::summary(edition),
        catalog::tag(edition)
    );
    for (title, parts) in &sections {
        out.push_str(&format!("\n{title}\n"));
        for table in parts {
            out.push_str(&format!("  {}\n", table.title));
            out.push_str(&lines(&headings));
            for row in &table.rows {
                out.push_str(&lines(row));
            }
        }
    }
    out.push_str("\nAlways\n");
    for rule in catalog::general_rules() {
        out.push_str(&format!("  - {rule}\n"));
    }
    out.push_str(&format!("\nRulings: {}\n", catalog::RULINGS));
    out
}
