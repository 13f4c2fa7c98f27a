//! `senlac report`: the after-action report — header and result, the armies,
//! a timeline of key events and figure marks, and each unit's fate and
//! casualties with totals per side. Markdown, JSON or a self-contained HTML page.

use std::fmt::Write as _;
use std::path::Path;

use senlac_engine::view::BattleView;
use senlac_engine::{Game, Point};
use senlac_notation::Battle;
use senlac_notation::lower::{Directive, directives};
use serde::Serialize;

use crate::{Exit, load};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    Md,
    Json,
    Html,
}

/// Everything a report says, built once and printed three ways.
#[derive(Serialize)]
struct Report {
    /// Headings of the army tables: unit, name, then the system's roster columns.
    #[serde(skip)]
    roster_headings: Vec<&'static str>,
    battle: String,
    site: String,
    date: String,
    rules: String,
    result: String,
    armies: Vec<Army>,
    timeline: Vec<Moment>,
    sides: Vec<SideTotal>,
    units: Vec<Fate>,
}

#[derive(Serialize)]
struct Army {
    side: String,
    name: String,
    leader: Option<String>,
    /// Units as they stood after setup: id, name, then the roster columns.
    units: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct Moment {
    turn: u32,
    side: String,
    text: String,
}

#[derive(Serialize)]
struct SideTotal {
    side: String,
    /// `None` where the system counts no men.
    men: Option<u32>,
    casualties: u32,
}

#[derive(Serialize)]
struct Fate {
    side: String,
    id: String,
    name: String,
    fate: String,
    casualties: u32,
}

pub fn run(path: &Path, battle: usize, format: ReportFormat) -> Exit {
    load::with_battle(path, battle, |_, parsed, game| {
        let (Some(setup), Some(end)) = (game.index(&Point::Setup), game.index(&Point::End)) else {
            return Exit::Failure;
        };
        let report = build(parsed, game, &game.view(setup), &game.view(end));
        let text = match format {
            ReportFormat::Md => markdown(&report),
            ReportFormat::Json => serde_json::to_string_pretty(&report).unwrap_or_default() + "\n",
            ReportFormat::Html => html(&report),
        };
        crate::print(&text);
        Exit::Success
    })
}

fn build(battle: &Battle<'_>, game: &dyn Game, setup: &BattleView, end: &BattleView) -> Report {
    let tag = |name: &str| battle.tag(name).unwrap_or_default().into_owned();
    let result = tag("Result");
    // The winner's losses first, as the rule document's Aftermath has them.
    let mut order: Vec<usize> = (0..end.sides.len()).collect();
    order.sort_by_key(|&side| end.sides[side] != result);
    let roster: Vec<usize> = (0..setup.columns.len())
        .filter(|&i| setup.columns[i].roster)
        .collect();
    let armies = directives(battle)
        .filter_map(|(_, directive)| match directive {
            Directive::Army {
                side, name, leader, ..
            } => Some(Army {
                side: side.to_string(),
                name: name.into_owned(),
                leader: leader.map(|l| l.into_owned()),
                units: setup
                    .units
                    .iter()
                    .filter(|u| setup.side_of(u) == side)
                    .map(|u| {
                        let mut row = vec![u.id.clone(), u.name.clone()];
                        row.extend(roster.iter().map(|&i| u.values[i].plain()));
                        row
                    })
                    .collect(),
            }),
            _ => None,
        })
        .collect();
    let sides = order
        .iter()
        .map(|&side| {
            let units = end.units.iter().filter(|u| u.side == side);
            SideTotal {
                side: end.sides[side].clone(),
                men: units.clone().map(|u| u.men).sum(),
                casualties: units.map(|u| u.casualties).sum(),
            }
        })
        .collect();
    let units = order
        .iter()
        .flat_map(|&side| end.units.iter().filter(move |u| u.side == side))
        .map(|u| Fate {
            side: end.side_of(u).to_string(),
            id: u.id.clone(),
            name: u.name.clone(),
            fate: u.fate.clone(),
            casualties: u.casualties,
        })
        .collect();
    let mut roster_headings = vec!["Unit", "Name"];
    roster_headings.extend(roster.iter().map(|&i| setup.columns[i].heading));
    Report {
        roster_headings,
        battle: tag("Battle"),
        site: tag("Site"),
        date: tag("Date"),
        rules: tag("Rules"),
        result,
        armies,
        timeline: timeline(game),
        sides,
        units,
    }
}

/// The system's key moments and the figure marks, in order.
fn timeline(game: &dyn Game) -> Vec<Moment> {
    let mut moments = Vec::new();
    for index in 0..game.len() {
        let clock = game.clock(index);
        let side = clock.side.unwrap_or_default();
        for text in game.moments(index) {
            moments.push(Moment {
                turn: clock.turn,
                side: side.clone(),
                text,
            });
        }
        for figure in game.figures().iter().filter(|f| f.state == index) {
            moments.push(Moment {
                turn: clock.turn,
                side: side.clone(),
                text: format!("Figure {}: \"{}\"", figure.name, figure.caption),
            });
        }
    }
    moments
}

fn markdown(report: &Report) -> String {
    let mut out = format!(
        "# {}\n\n{} · {} · {}\n\n**Result:** {}\n\n## The armies\n",
        md(&report.battle),
        md(&report.site),
        md(&report.date),
        md(&report.rules),
        md(&report.result)
    );
    for army in &report.armies {
        let leader = army
            .leader
            .as_deref()
            .map(|l| format!(", led by {}", md(l)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "\n### {}: {}{leader}\n",
            md(&army.side),
            md(&army.name)
        );
        let _ = writeln!(out, "| {} |", report.roster_headings.join(" | "));
        let _ = writeln!(out, "|{}", " --- |".repeat(report.roster_headings.len()));
        for row in &army.units {
            let cells: Vec<String> = row.iter().map(|cell| md(cell)).collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
    }
    out.push_str("\n## Timeline\n\n");
    for moment in &report.timeline {
        let turn = if moment.turn == 0 {
            "Setup".to_string()
        } else {
            format!("Turn {}, {}", moment.turn, md(&moment.side))
        };
        let _ = writeln!(out, "- {turn}: {}", md(&moment.text));
    }
    out.push_str("\n## Aftermath\n");
    for side in &report.sides {
        let _ = writeln!(out, "\n### {}\n", md(&side_heading(side)));
        out.push_str(
            "| Unit Identifier | Unit Name | Fate | Casualties |\n| --- | --- | --- | --- |\n",
        );
        for unit in report.units.iter().filter(|u| u.side == side.side) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                md(&unit.id),
                md(&unit.name),
                md(&unit.fate),
                unit.casualties
            );
        }
    }
    out
}

/// Text from a log, safe in Markdown: it cannot open a table cell, a link,
/// an image, inline HTML, an entity, emphasis or code, and stays on its line.
/// Control characters and bidirectional overrides are written as `\u{…}`.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '&' | '!' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c if crate::safe_text::is_unsafe(c) => out.push_str(&crate::safe_text::escaped(c)),
            c => out.push(c),
        }
    }
    out
}

/// "Saxons: 2,200 of 9,000 fell", or the side alone where men are not counted.
fn side_heading(side: &SideTotal) -> String {
    match side.men {
        Some(men) => format!(
            "{}: {} of {} fell",
            side.side,
            thousands(side.casualties),
            thousands(men)
        ),
        None => side.side.clone(),
    }
}

fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Text from a log, safe inside HTML elements and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn html(report: &Report) -> String {
    let e = escape;
    let mut out = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:Georgia,serif;max-width:52em;margin:2em auto;padding:0 1em}}table{{border-collapse:collapse;margin:.5em 0 1.5em}}td,th{{border:1px solid #aaa;padding:.2em .6em;text-align:left}}th{{background:#eee}}</style></head><body>\n<h1>{}</h1>\n<p>{} · {} · {}</p>\n<p><strong>Result:</strong> {}</p>\n<h2>The armies</h2>\n",
        e(&report.battle),
        e(&report.battle),
        e(&report.site),
        e(&report.date),
        e(&report.rules),
        e(&report.result)
    );
    for army in &report.armies {
        let headings: String = report
            .roster_headings
            .iter()
            .map(|h| format!("<th>{}</th>", e(h)))
            .collect();
        let _ = writeln!(
            out,
            "<h3>{}: {}</h3>\n<table><tr>{headings}</tr>",
            e(&army.side),
            e(&army.name)
        );
        for row in &army.units {
            let cells: String = row.iter().map(|c| format!("<td>{}</td>", e(c))).collect();
            let _ = writeln!(out, "<tr>{cells}</tr>");
        }
        out.push_str("</table>\n");
    }
    out.push_str("<h2>Timeline</h2>\n<ul>\n");
    for moment in &report.timeline {
        let _ = writeln!(
            out,
            "<li>Turn {}, {}: {}</li>",
            moment.turn,
            e(&moment.side),
            e(&moment.text)
        );
    }
    out.push_str("</ul>\n<h2>Aftermath</h2>\n");
    for side in &report.sides {
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<table><tr><th>Unit Identifier</th><th>Unit Name</th><th>Fate</th><th>Casualties</th></tr>",
            e(&side_heading(side)),
        );
        for unit in report.units.iter().filter(|u| u.side == side.side) {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                e(&unit.id),
                e(&unit.name),
                e(&unit.fate),
                unit.casualties
            );
        }
        out.push_str("</table>\n");
    }
    out.push_str("</body></html>\n");
    out
}
