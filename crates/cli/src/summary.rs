//! `senlac summary`: the table of a season, one row per battle across files
//! and directories: who fought whom, under which rules, the result the log
//! claims and the one the replay decides, and how clean the log is; then the
//! totals and, per side, the results the rules decided.
//!
//! Battles are read as lint reads them ([`crate::stream`]): a chunk at a
//! time, checked in parallel, files in parallel; a row keeps only the
//! battle's tags and counts, never its text. Rows are in file order (as
//! [`crate::files::collect`] sorts them), then battle order.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use senlac_engine::Severity;
use senlac_notation::{Battle, ItemKind, Parser};
use serde::Serialize;

use crate::stream::for_each_text_chunk;
use crate::{Exit, files, safe_text, text_table};

/// How `senlac summary` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SummaryFormat {
    /// A plain-text table, then the totals and the sides.
    Table,
    /// One CSV record per battle, with a header.
    Csv,
    /// `{battles, totals, sides}`, typed rows.
    Json,
    /// Markdown tables: the battles with a totals row, then the sides.
    Md,
}

/// One battle of the season.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Row {
    pub file: String,
    /// Its place in the file, from 1; 0 for a file with no battle.
    pub battle: usize,
    /// The Battle tag.
    pub name: Option<String>,
    pub date: Option<String>,
    pub rules: Option<String>,
    /// The Sides tag's names, in its order.
    pub sides: Vec<String>,
    /// The Result tag, as the log claims it.
    pub result: Option<String>,
    /// The result the replay decides (a side, or `draw`), where the rules
    /// decide one; `None` when they do not, or the battle was not replayed
    /// (a syntax error, unknown rules).
    pub decided: Option<String>,
    /// The last turn number of the main line.
    pub turns: u32,
    pub actions: usize,
    pub errors: usize,
    /// Warnings and advice, as lint counts them.
    pub warnings: usize,
}

/// The season's sums.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub battles: usize,
    /// Battles with no error and no warning.
    pub clean: usize,
    /// Battles whose result the replay decides.
    pub decided: usize,
    pub turns: u64,
    pub actions: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// One side's record over the battles its name is in the Sides tag of.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Side {
    pub side: String,
    pub battles: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Battles whose result the replay does not decide.
    pub undecided: usize,
}

/// What `--format json` prints.
#[derive(Serialize)]
struct Season<'a> {
    battles: &'a [Row],
    totals: &'a Totals,
    sides: &'a [Side],
}

pub fn run(paths: &[PathBuf], format: SummaryFormat) -> Exit {
    let files = match files::collect(paths) {
        Ok(files) => files,
        Err(message) => {
            errln!("error: {message}");
            return Exit::Usage;
        }
    };
    let read: Vec<Result<Vec<Row>, String>> = files.par_iter().map(|f| rows_of(f)).collect();
    let mut rows = Vec::new();
    let mut failed = false;
    for result in read {
        match result {
            Ok(found) => rows.extend(found),
            Err(message) => {
                errln!("error: {message}");
                failed = true;
            }
        }
    }
    let totals = totals(&rows, files.len());
    let sides = sides(&rows);
    crate::print(&match format {
        SummaryFormat::Table => table(&rows, &totals, &sides),
        SummaryFormat::Csv => csv(&rows),
        SummaryFormat::Md => markdown(&rows, &totals, &sides),
        SummaryFormat::Json => {
            let season = Season {
                battles: &rows,
                totals: &totals,
                sides: &sides,
            };
            let mut text = serde_json::to_string_pretty(&season).unwrap_or_default();
            text.push('\n');
            text
        }
    });
    if failed {
        Exit::Usage
    } else if totals.errors > 0 {
        Exit::Failure
    } else {
        Exit::Success
    }
}

/// The rows of one file; a file with no battle is one row holding lint's
/// `notation::empty-archive` error, so the totals count what lint counts.
fn rows_of(path: &Path) -> Result<Vec<Row>, String> {
    let name = files::display_name(path);
    let reader: Box<dyn std::io::Read + Send> = if files::is_stdin(path) {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?)
    };
    let mut rows: Vec<Row> = Vec::new();
    for_each_text_chunk(reader, |chunk| {
        let found: Vec<Row> = (0..chunk.starts.len())
            .into_par_iter()
            .map_init(
                || (Parser::new(chunk.text), Battle::empty(chunk.text)),
                |(parser, battle), index| {
                    let utf8 = chunk.parse(index, parser, battle);
                    row_of(battle, utf8)
                },
            )
            .collect();
        rows.extend(found);
        std::ops::ControlFlow::Continue(())
    })
    .map_err(|e| format!("{name}: {e}"))?;
    for (index, row) in rows.iter_mut().enumerate() {
        row.file.clone_from(&name);
        row.battle = index + 1;
    }
    if rows.is_empty() {
        rows.push(Row {
            file: name,
            errors: 1,
            ..Row::default()
        });
    }
    Ok(rows)
}

/// A battle's row, but for its file and place.
fn row_of(battle: &Battle<'_>, utf8: &[senlac_notation::SyntaxError]) -> Row {
    let (problems, decided) = crate::lint::check_battle(battle, utf8, true, true);
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let tag = |name: &str| battle.tag(name).map(|value| value.into_owned());
    Row {
        file: String::new(),
        battle: 0,
        name: tag("Battle"),
        date: tag("Date"),
        rules: tag("Rules"),
        sides: battle
            .tag("Sides")
            .map(|s| s.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default(),
        result: tag("Result"),
        decided: decided.map(|o| o.word().to_string()),
        turns: last_turn(battle),
        actions: battle
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Action)
            .count(),
        errors,
        warnings: problems.len() - errors,
    }
}

/// The highest turn number on the main line (turns in variations are
/// what might have happened).
fn last_turn(battle: &Battle<'_>) -> u32 {
    let mut depth = 0usize;
    let mut last = 0;
    for item in &battle.items {
        match item.kind {
            ItemKind::VariationOpen => depth += 1,
            ItemKind::VariationClose => depth = depth.saturating_sub(1),
            ItemKind::Turn if depth == 0 => {
                let number = battle
                    .atoms_of(item)
                    .first()
                    .and_then(|atom| atom.text.trim_end_matches('.').parse::<u32>().ok());
                last = last.max(number.unwrap_or(0));
            }
            _ => {}
        }
    }
    last
}

fn totals(rows: &[Row], files: usize) -> Totals {
    let mut totals = Totals {
        files,
        ..Totals::default()
    };
    for row in rows {
        totals.battles += usize::from(row.battle > 0);
        totals.clean += usize::from(row.battle > 0 && row.errors == 0 && row.warnings == 0);
        totals.decided += usize::from(row.decided.is_some());
        totals.turns += u64::from(row.turns);
        totals.actions += row.actions;
        totals.errors += row.errors;
        totals.warnings += row.warnings;
    }
    totals
}

/// Each side's record, by name; a side named twice in one Sides tag
/// counts once for that battle.
fn sides(rows: &[Row]) -> Vec<Side> {
    let mut sides: BTreeMap<&str, Side> = BTreeMap::new();
    for row in rows {
        let mut named: Vec<&str> = row.sides.iter().map(String::as_str).collect();
        named.sort_unstable();
        named.dedup();
        for name in named {
            let side = sides.entry(name).or_insert_with(|| Side {
                side: name.to_string(),
                ..Side::default()
            });
            side.battles += 1;
            match row.decided.as_deref() {
                None => side.undecided += 1,
                Some("draw") => side.draws += 1,
                Some(winner) if winner == name => side.wins += 1,
                Some(_) => side.losses += 1,
            }
        }
    }
    sides.into_values().collect()
}

const HEADINGS: [&str; 12] = [
    "file", "battle", "Battle", "Date", "Rules", "Sides", "Result", "decided", "turns", "actions",
    "errors", "warnings",
];

const SIDE_HEADINGS: [&str; 6] = ["side", "battles", "wins", "losses", "draws", "undecided"];

/// A row's cells, each through `text` (the escaping of the output).
fn cells(row: &Row, text: &dyn Fn(&str) -> String) -> Vec<String> {
    let tag = |value: &Option<String>| value.as_deref().map(text).unwrap_or_default();
    vec![
        text(&row.file),
        row.battle.to_string(),
        tag(&row.name),
        tag(&row.date),
        tag(&row.rules),
        text(&row.sides.join(" ")),
        tag(&row.result),
        tag(&row.decided),
        row.turns.to_string(),
        row.actions.to_string(),
        row.errors.to_string(),
        row.warnings.to_string(),
    ]
}

fn totals_cells(totals: &Totals) -> Vec<String> {
    vec![
        format!("total: {} files", totals.files),
        totals.battles.to_string(),
        format!("{} clean", totals.clean),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        format!("{} decided", totals.decided),
        totals.turns.to_string(),
        totals.actions.to_string(),
        totals.errors.to_string(),
        totals.warnings.to_string(),
    ]
}

fn side_cells(side: &Side, text: &dyn Fn(&str) -> String) -> Vec<String> {
    vec![
        text(&side.side),
        side.battles.to_string(),
        side.wins.to_string(),
        side.losses.to_string(),
        side.draws.to_string(),
        side.undecided.to_string(),
    ]
}

fn strings(headings: &[&str]) -> Vec<String> {
    headings.iter().map(|h| h.to_string()).collect()
}

/// The table for a terminal: log text escaped, columns fitted.
fn table(rows: &[Row], totals: &Totals, sides: &[Side]) -> String {
    let text = |s: &str| safe_text::terminal(s).into_owned();
    let fit = text_table::width();
    let mut body: Vec<Vec<String>> = rows.iter().map(|row| cells(row, &text)).collect();
    body.push(totals_cells(totals));
    let mut out = text_table::layout(&strings(&HEADINGS), &body, 0, fit, &[]);
    if !sides.is_empty() {
        let body: Vec<Vec<String>> = sides.iter().map(|s| side_cells(s, &text)).collect();
        out.push('\n');
        out.push_str(&text_table::layout(
            &strings(&SIDE_HEADINGS),
            &body,
            0,
            fit,
            &[],
        ));
    }
    out
}

/// One CSV record per battle, quoted by the `csv` crate; the Sides as one
/// field, the names space-separated as the tag writes them. No totals: a
/// CSV is for a program, which sums what it needs.
fn csv(rows: &[Row]) -> String {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let plain = |s: &str| s.to_string();
    let mut written = writer.write_record(HEADINGS);
    for row in rows {
        written = written.and_then(|()| writer.write_record(cells(row, &plain)));
    }
    match written.map_err(|e| e.to_string()).and_then(|()| {
        writer
            .into_inner()
            .map_err(|e| e.to_string())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
    }) {
        Ok(text) => text,
        Err(e) => {
            errln!("error: CSV: {e}");
            String::new()
        }
    }
}

/// Markdown tables, log text escaped as the report escapes it.
fn markdown(rows: &[Row], totals: &Totals, sides: &[Side]) -> String {
    let text = |s: &str| crate::report::md(s);
    let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
    let rule = |n: usize| format!("|{}\n", " --- |".repeat(n));
    let mut out = line(&strings(&HEADINGS));
    out.push_str(&rule(HEADINGS.len()));
    for row in rows {
        out.push_str(&line(&cells(row, &text)));
    }
    let bold: Vec<String> = totals_cells(totals)
        .into_iter()
        .map(|c| if c.is_empty() { c } else { format!("**{c}**") })
        .collect();
    out.push_str(&line(&bold));
    if !sides.is_empty() {
        out.push('\n');
        out.push_str(&line(&strings(&SIDE_HEADINGS)));
        out.push_str(&rule(SIDE_HEADINGS.len()));
        for side in sides {
            out.push_str(&line(&side_cells(side, &text)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(sides: &[&str], decided: Option<&str>) -> Row {
        Row {
            battle: 1,
            sides: sides.iter().map(|s| s.to_string()).collect(),
            decided: decided.map(str::to_string),
            ..Row::default()
        }
    }

    #[test]
    fn sides_count_wins_losses_draws_and_undecided() {
        let rows = [
            row(&["Normans", "Saxons"], Some("Normans")),
            row(&["Normans", "Saxons"], Some("draw")),
            row(&["Saxons", "Norse"], None),
            row(&["Saxons", "Saxons"], Some("Saxons")),
        ];
        let got = sides(&rows);
        let record = |name: &str| {
            let s = got.iter().find(|s| s.side == name).unwrap();
            (s.battles, s.wins, s.losses, s.draws, s.undecided)
        };
        assert_eq!(record("Normans"), (2, 1, 0, 1, 0));
        assert_eq!(record("Saxons"), (4, 1, 1, 1, 1));
        assert_eq!(record("Norse"), (1, 0, 0, 0, 1));
    }

    #[test]
    fn the_last_turn_is_the_main_lines() {
        let text = "[Battle \"b\"]\n\n1. A\n  I hold\n2. B\n  II hold\n  ( 7. B\n  II hold )\n";
        let archive = senlac_notation::parse(text);
        assert_eq!(last_turn(&archive.battles[0]), 2);
    }
}
