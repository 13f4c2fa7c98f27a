//! `senlac report`: the after-action report. It owns what a report says (the
//! header and result, the armies with their leaders, the timeline of key
//! moments with the log's figures in their places, each unit's fate and
//! casualties with totals per side) and its three printings: Markdown, whose
//! figures are links to the SVGs `senlac render` writes (and `--figures`
//! writes them too); JSON with typed fields; and one self-contained HTML page
//! with the figures drawn inline and styles for print.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Component, Path};

use maud::{Markup, PreEscaped, html};
use senlac_engine::view::{BattleView, Clock, Value};
use senlac_engine::{Game, Point};
use senlac_notation::Battle;
use senlac_notation::lower::{Directive, directives};
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::safe_text::LogText;
use crate::{Exit, files, load, render};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    Md,
    Json,
    Html,
}

/// Where the Markdown links its figures when `--figures` names no directory:
/// where `senlac render FILE -o figures` writes them.
const FIGURES: &str = "figures";

/// Everything a report says, built once and printed three ways.
#[derive(Serialize)]
struct Report {
    /// Headings of the army tables: unit, name, then the system's roster columns.
    #[serde(skip)]
    roster_headings: Vec<&'static str>,
    /// What the casualties count: `Casualties` (men) or `Casualty points`.
    #[serde(skip)]
    casualties_heading: &'static str,
    battle: String,
    site: String,
    date: String,
    rules: String,
    result: String,
    armies: Vec<Army>,
    timeline: Vec<Moment>,
    /// The log's figure marks, in order.
    figures: Vec<FigureMark>,
    sides: Vec<SideTotal>,
    units: Vec<Fate>,
}

#[derive(Serialize)]
struct Army {
    side: String,
    /// The side's colour slot (`senlac_board::scene::colour_slot`).
    #[serde(skip)]
    index: Option<usize>,
    name: String,
    leader: Option<String>,
    /// Units as they stood after setup.
    units: Vec<RosterUnit>,
}

/// A unit of an army list: id, name, the system's roster columns by key
/// (numbers as numbers), and its men where the system counts them.
struct RosterUnit {
    id: String,
    name: String,
    values: Vec<(&'static str, Value)>,
    men: Option<u32>,
}

impl Serialize for RosterUnit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("name", &self.name)?;
        for (key, value) in &self.values {
            map.serialize_entry(key, value)?;
        }
        if let Some(men) = self.men {
            map.serialize_entry("men", &men)?;
        }
        map.end()
    }
}

/// Where in the battle something happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct When {
    /// Among the setup lines, before the first turn.
    setup: bool,
    /// 0 during setup.
    turn: u32,
    side: Option<String>,
    phase: Option<&'static str>,
}

impl When {
    fn of(clock: Clock) -> When {
        When {
            setup: clock.turn == 0,
            turn: clock.turn,
            side: clock.side,
            phase: clock.phase,
        }
    }

    /// "Setup", "Turn 2, Saxons", or "Turn 2" where no side is acting.
    fn label(&self) -> String {
        match (&self.side, self.setup) {
            (_, true) => "Setup".to_string(),
            (Some(side), false) => format!("Turn {}, {side}", self.turn),
            (None, false) => format!("Turn {}", self.turn),
        }
    }

    /// Whether two moments fall in the same side's turn (or both in the setup).
    fn same_turn(&self, other: &When) -> bool {
        (self.setup, self.turn, &self.side) == (other.setup, other.turn, &other.side)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    /// A key moment, in the system's words.
    Moment,
    /// A figure mark.
    Figure,
}

#[derive(Serialize)]
struct Moment {
    #[serde(flatten)]
    when: When,
    kind: Kind,
    /// What happened, or the figure's caption.
    text: String,
    /// The figure marked here: an index into `figures`.
    #[serde(skip_serializing_if = "Option::is_none")]
    figure: Option<usize>,
}

#[derive(Serialize)]
struct FigureMark {
    /// Index into `Game::figures`, to draw it by.
    #[serde(skip)]
    index: usize,
    name: String,
    caption: String,
    #[serde(flatten)]
    when: When,
}

impl FigureMark {
    /// "Setup: The Hill", "Turn 2, Saxons: Early Desertions".
    fn title(&self) -> String {
        format!("{}: {}", self.when.label(), self.caption)
    }
}

#[derive(Serialize)]
struct SideTotal {
    side: String,
    units: usize,
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
    men: Option<u32>,
    casualties: u32,
}

pub fn run(path: &Path, battle: usize, format: ReportFormat, figures: Option<&Path>) -> Exit {
    load::with_battle(path, battle, |source, parsed, game| {
        let (Some(setup), Some(end)) = (game.index(&Point::Setup), game.index(&Point::End)) else {
            return Exit::Failure;
        };
        let report = build(parsed, game, &game.view(setup), &game.view(end));
        if let Some(dir) = figures {
            let exit = write_figures(game, &report.battle, dir);
            if exit != Exit::Success {
                return exit;
            }
        }
        let text = match format {
            ReportFormat::Md => markdown(&report, figures.unwrap_or(Path::new(FIGURES))),
            ReportFormat::Json => serde_json::to_string_pretty(&report).unwrap_or_default() + "\n",
            ReportFormat::Html => return write_html(&report, game, &source.name),
        };
        crate::print(&text);
        Exit::Success
    })
}

/// The largest HTML report written, in bytes, as for the replay page: a
/// page past it is refused before a byte is written.
pub const REPORT_LIMIT: u64 = 64_000_000;

/// The HTML report to standard output, each figure drawn and written in
/// turn, never all held; refused past [`REPORT_LIMIT`], counted in a first
/// pass that writes nothing (standard output cannot be taken back).
fn write_html(report: &Report, game: &dyn Game, name: &str) -> Exit {
    // Drawn as `senlac render` draws them, but for the title and caption,
    // which the page gives once; each figure's ids get a prefix of their
    // own, as one page holds them all.
    let draw = |i: usize, out: &mut dyn Write| {
        let mut planned = render::figure_frame(game, report.figures[i].index);
        planned.caption.clear();
        let scene = render::scene(game, "", &planned);
        let svg = senlac_render::svg::scene_svg_prefixed(&scene, &format!("fig{i}-"));
        out.write_all(svg.as_bytes())
    };
    let page = |out: &mut dyn Write| html(report, &draw, out);
    if !crate::export::within(REPORT_LIMIT, &page) {
        errln!(
            "error: {name}: the report passes {} MB; senlac writes HTML reports up to {} MB\n  help: ask for `--format md --figures DIR` (each figure a file of its own), or mark fewer figures",
            REPORT_LIMIT / 1_000_000,
            REPORT_LIMIT / 1_000_000,
        );
        return Exit::Failure;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match page(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Exit::Success,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => crate::closed(),
        Err(e) => {
            errln!("error: standard output: {e}");
            Exit::Usage
        }
    }
}

/// Writes each figure as `DIR/NAME.svg`, as `senlac render -o DIR` does
/// (the first figure of a name; a name that could leave DIR is refused).
fn write_figures(game: &dyn Game, title: &str, dir: &Path) -> Exit {
    if let Err(e) = std::fs::create_dir_all(dir) {
        errln!("error: {}: {e}", dir.display());
        return Exit::Usage;
    }
    let mut written = 0;
    let mut names = std::collections::HashSet::new();
    for i in 0..game.figures().len() {
        // Drawn and written one at a time; the first figure of a name only.
        if !names.insert(game.figures()[i].name.as_str()) {
            continue;
        }
        let planned = render::figure_frame(game, i);
        let Some(target) = render::inside(dir, &planned.name, "svg") else {
            errln!(
                "error: `{}` cannot name a file in {}",
                crate::safe_text::terminal(&planned.name),
                dir.display()
            );
            return Exit::Failure;
        };
        let svg = senlac_render::svg::scene_svg_cropped(&render::scene(game, title, &planned));
        if let Err(e) = files::write_output(&target, svg.as_bytes()) {
            errln!("error: {}: {e}", target.display());
            return Exit::Usage;
        }
        written += 1;
    }
    errln!(
        "wrote {written} figure{} to {}",
        if written == 1 { "" } else { "s" },
        dir.display()
    );
    Exit::Success
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
                index: (setup.sides.iter().position(|s| s == side))
                    .map(|i| senlac_board::scene::colour_slot(&setup.sides, i)),
                name: name.into_owned(),
                leader: leader.map(|l| l.into_owned()),
                units: setup
                    .units
                    .iter()
                    .filter(|u| setup.side_of(u) == side)
                    .map(|u| RosterUnit {
                        id: u.id.clone(),
                        name: u.name.clone(),
                        values: roster
                            .iter()
                            .map(|&i| (setup.columns[i].key, u.values[i].clone()))
                            .collect(),
                        men: u.men,
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
                units: units.clone().count(),
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
            men: u.men,
            casualties: u.casualties,
        })
        .collect();
    let mut roster_headings = vec!["Unit", "Name"];
    roster_headings.extend(roster.iter().map(|&i| setup.columns[i].heading));
    let (timeline, figures) = timeline(game);
    Report {
        roster_headings,
        casualties_heading: end.casualties_heading,
        battle: tag("Battle"),
        site: tag("Site"),
        date: tag("Date"),
        rules: tag("Rules"),
        result,
        armies,
        timeline,
        figures,
        sides,
        units,
    }
}

/// The system's key moments and the figure marks, in order, and the figures:
/// gathered in one walk of the states ([`Game::chronicle`]).
fn timeline(game: &dyn Game) -> (Vec<Moment>, Vec<FigureMark>) {
    let mut moments = Vec::new();
    let mut figures = Vec::new();
    // The figures by the state they mark, in one pass: not a scan of every
    // figure for every state.
    let mut by_state: Vec<usize> = (0..game.figures().len()).collect();
    by_state.sort_by_key(|&i| game.figures()[i].state);
    let mut next_figure = 0;
    game.chronicle(&mut |index, texts, clock| {
        let first = next_figure;
        while by_state
            .get(next_figure)
            .is_some_and(|&i| game.figures()[i].state == index)
        {
            next_figure += 1;
        }
        if texts.is_empty() && first == next_figure {
            return;
        }
        let when = When::of(clock());
        for text in texts {
            moments.push(Moment {
                when: when.clone(),
                kind: Kind::Moment,
                text,
                figure: None,
            });
        }
        for &mark in &by_state[first..next_figure] {
            let figure = &game.figures()[mark];
            moments.push(Moment {
                when: when.clone(),
                kind: Kind::Figure,
                text: figure.caption.clone(),
                figure: Some(figures.len()),
            });
            figures.push(FigureMark {
                index: mark,
                name: figure.name.clone(),
                caption: figure.caption.clone(),
                when: when.clone(),
            });
        }
    });
    (moments, figures)
}

/// The timeline cut into the setup and each side's turn, in order.
fn turns(report: &Report) -> Vec<&[Moment]> {
    report
        .timeline
        .chunk_by(|a, b| a.when.same_turn(&b.when))
        .collect()
}

/// The army's size, "9 units, 9,000 men".
fn strength(army: &Army) -> String {
    let units = army.units.len();
    let mut text = format!("{units} unit{}", if units == 1 { "" } else { "s" });
    if army.units.iter().any(|u| u.men.is_some()) {
        let men: u32 = army.units.iter().filter_map(|u| u.men).sum();
        let _ = write!(text, ", {} men", thousands(men));
    }
    text
}

/// Whether any side counts men, so the tables have a Men column.
fn counts_men(report: &Report) -> bool {
    report.sides.iter().any(|s| s.men.is_some())
}

/// Site, date and rules, those the log gives.
fn facts(report: &Report) -> Vec<(&'static str, &str)> {
    [
        ("Site", report.site.as_str()),
        ("Date", report.date.as_str()),
        ("Rules", report.rules.as_str()),
        ("Result", report.result.as_str()),
    ]
    .into_iter()
    .filter(|(_, value)| !value.is_empty())
    .collect()
}

fn markdown(report: &Report, figures_dir: &Path) -> String {
    let mut out = format!("# {}\n\n", md(&report.battle));
    let line: Vec<String> = facts(report)
        .iter()
        .filter(|(name, _)| *name != "Result")
        .map(|(_, value)| md(value))
        .collect();
    if !line.is_empty() {
        let _ = writeln!(out, "{}\n", line.join(" · "));
    }
    let _ = writeln!(out, "**Result:** {}\n\n## The armies", md(&report.result));
    let men = counts_men(report);
    for army in &report.armies {
        let leader = army
            .leader
            .as_deref()
            .map(|l| format!(", led by {}", md(l)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "\n### {}: {}{leader}\n\n{}.\n",
            md(&army.side),
            md(&army.name),
            strength(army)
        );
        let mut headings = report.roster_headings.clone();
        if men {
            headings.push("Men");
        }
        let _ = writeln!(out, "| {} |", headings.join(" | "));
        let _ = writeln!(out, "|{}", " --- |".repeat(headings.len()));
        for unit in &army.units {
            let mut cells = vec![md(&unit.id), md(&unit.name)];
            cells.extend(unit.values.iter().map(|(_, v)| md(&v.plain())));
            if men {
                cells.push(unit.men.map(thousands).unwrap_or_default());
            }
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
    }
    out.push_str("\n## Timeline\n");
    let mut linked = std::collections::HashSet::new();
    for turn in turns(report) {
        let _ = writeln!(out, "\n### {}\n", md(&turn[0].when.label()));
        let mut listing = false;
        for moment in turn {
            let Some(figure) = moment.figure.map(|i| &report.figures[i]) else {
                let _ = writeln!(out, "- {}", md(&moment.text));
                listing = true;
                continue;
            };
            if listing {
                out.push('\n');
                listing = false;
            }
            // The first figure of a name is the one `senlac render` writes.
            let first = !linked.contains(figure.name.as_str());
            if let Some(file) = render::inside(Path::new(""), &figure.name, "svg").filter(|_| first)
            {
                linked.insert(figure.name.as_str());
                let _ = writeln!(
                    out,
                    "![{}]({})\n",
                    md(&figure.caption),
                    link(figures_dir, &file.to_string_lossy())
                );
            }
            let _ = writeln!(out, "*{}*\n", md(&figure.title()));
        }
        if out.ends_with("\n\n") {
            out.pop();
        }
    }
    out.push_str("\n## Aftermath\n\n");
    let _ = writeln!(
        out,
        "| Side | Units |{} {} |\n| --- | --- |{} --- |",
        if men { " Men |" } else { "" },
        report.casualties_heading,
        if men { " --- |" } else { "" }
    );
    for side in &report.sides {
        let men = match (men, side.men) {
            (false, _) => String::new(),
            (true, Some(count)) => format!(" {} |", thousands(count)),
            (true, None) => " |".to_string(),
        };
        let _ = writeln!(
            out,
            "| {} | {} |{men} {} |",
            md(&side.side),
            side.units,
            thousands(side.casualties)
        );
    }
    for side in &report.sides {
        let _ = writeln!(out, "\n### {}\n", md(&side_heading(side)));
        let _ = writeln!(
            out,
            "| Unit Identifier | Unit Name | Fate | {} |\n| --- | --- | --- | --- |",
            report.casualties_heading
        );
        for unit in report.units.iter().filter(|u| u.side == side.side) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                md(&unit.id),
                md(&unit.name),
                md(&unit.fate),
                thousands(unit.casualties)
            );
        }
    }
    out
}

/// A Markdown link to `file` in `dir`: `/` between the parts whatever the
/// platform, and every byte but letters, digits and `-._~` percent-encoded,
/// so a space or a parenthesis in the directory cannot end the link.
fn link(dir: &Path, file: &str) -> String {
    let encode = |part: &std::ffi::OsStr| {
        let mut out = String::new();
        for b in part.to_string_lossy().bytes() {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                out.push(char::from(b));
            } else {
                let _ = write!(out, "%{b:02X}");
            }
        }
        out
    };
    let mut out = String::new();
    for part in dir.components() {
        match part {
            Component::Prefix(prefix) => {
                out.push_str(&encode(prefix.as_os_str()));
                continue;
            }
            Component::RootDir => {
                out.push('/');
                continue;
            }
            Component::CurDir => out.push('.'),
            Component::ParentDir => out.push_str(".."),
            Component::Normal(name) => out.push_str(&encode(name)),
        }
        out.push('/');
    }
    out.push_str(&encode(file.as_ref()));
    out
}

/// Text from a log, safe in Markdown: it cannot open a table cell, a link,
/// an image, inline HTML, an entity, emphasis or code, and stays on its line.
/// Control characters and bidirectional overrides are written as `\u{…}`.
pub(crate) fn md(text: &str) -> String {
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

/// The page's styles: a printed page on screen, and on paper no background
/// inks, figures and table rows kept whole, headings kept with what follows.
const STYLE: &str = "\
:root{--ink:#2a241c;--muted:#6b6152;--rule:#d8cfba;--paper:#fbf8f1;--side:#8a7f69}
*{box-sizing:border-box}
body{margin:0;background:#ebe4d4;color:var(--ink);font:17px/1.5 Georgia,'DejaVu Serif','Times New Roman',serif}
main{max-width:58rem;margin:2rem auto;padding:2.5rem 3rem 2rem;background:var(--paper);box-shadow:0 1px 5px rgba(0,0,0,.18)}
header{border-bottom:3px double var(--ink);margin-bottom:1.5rem}
.kicker,dt,table,.strength,footer{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif}
.kicker{margin:0;font-size:.75rem;letter-spacing:.14em;text-transform:uppercase;color:var(--muted)}
h1{font-size:2.6rem;line-height:1.1;margin:.3rem 0 .8rem}
h2{font-size:1.6rem;margin:2.4rem 0 .8rem;padding-bottom:.2rem;border-bottom:1px solid var(--rule)}
h3{font-size:1.15rem;margin:1.4rem 0 .4rem}
dl{display:flex;flex-wrap:wrap;gap:.3rem 2.2rem;margin:0 0 1rem}
dt{font-size:.7rem;letter-spacing:.1em;text-transform:uppercase;color:var(--muted)}
dd{margin:0;font-weight:bold}
.army{border-left:6px solid var(--side);padding-left:1rem;margin:1.4rem 0 2rem}
.army h3{margin:0}
.leader{margin:.1rem 0 0}
.strength{margin:.1rem 0 .4rem;font-size:.85rem;color:var(--muted)}
table{border-collapse:collapse;width:100%;margin:.4rem 0 1.4rem;font-size:.85rem;line-height:1.35}
th,td{padding:.3rem .6rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--rule)}
th{border-bottom:2px solid var(--ink);font-weight:600}
td:first-child,th:first-child{white-space:nowrap}
.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tbody tr:nth-child(even){background:#f3eee1}
.turn{border-left:3px solid var(--side);padding:0 0 .2rem 1rem;margin:1.2rem 0}
.turn h3{margin:0 0 .3rem;font-size:1.05rem}
.turn ul{margin:.2rem 0 .6rem;padding-left:1.2rem}
figure{margin:.8rem 0 1.2rem}
figure svg{display:block;width:100%;max-width:40rem;height:auto;max-height:90vh;margin:0 auto}
figcaption{margin-top:.35rem;font-style:italic;color:var(--muted);text-align:center}
.side{display:inline-block;width:.7em;height:.7em;margin-right:.4em;border-radius:2px;background:var(--side)}
footer{margin-top:2.5rem;padding-top:.6rem;border-top:1px solid var(--rule);font-size:.75rem;color:var(--muted)}
@media print{
@page{margin:16mm 14mm}
body{background:none;color:#000;font-size:10.5pt}
main{max-width:none;margin:0;padding:0;background:none;box-shadow:none}
tbody tr:nth-child(even){background:none}
.side{border:.35em solid var(--side);background:none}
h2,h3{break-after:avoid}
figure,tr,.army h3,.leader{break-inside:avoid}
figure svg{max-height:9.5cm}
figure svg>rect[fill='#f8f4ea']{fill:none}
thead{display:table-header-group}
th,td{border-bottom-color:#999}
table{font-size:9pt}
}";

/// Where a turn's piece holds a figure, drawn by `draw` and written between
/// the piece's parts: a comment no text can make, as a log's `<` is escaped.
const FIGURE: &str = "<!--figure-->";

/// Writes the page to `w` in pieces, each written as it is made: the head
/// and the armies, each turn of the timeline (each figure drawn by `draw`
/// where the page reaches it) and the aftermath, so the page is never held
/// whole. The elements that hold several pieces are opened and closed by
/// constants.
fn html(
    report: &Report,
    draw: &dyn Fn(usize, &mut dyn Write) -> std::io::Result<()>,
    w: &mut dyn Write,
) -> std::io::Result<()> {
    let men = counts_men(report);
    let head = html! {
        (PreEscaped("<!doctype html>\n<html lang=\"en\">"))
        head {
            meta charset="utf-8";
            "\n"
            meta name="viewport" content="width=device-width, initial-scale=1";
            "\n"
            title {
                @if !report.battle.is_empty() {
                    (LogText(&report.battle)) ": "
                }
                "After-action report"
            }
            "\n"
            style { "\n" (PreEscaped(STYLE)) "\n" }
        }
        (PreEscaped("<body><main>\n"))
        header {
            p class="kicker" { "After-action report" }
            "\n"
            h1 { (LogText(&report.battle)) }
            "\n"
            dl {
                @for (name, value) in facts(report) {
                    div { dt { (name) } dd { (LogText(value)) } }
                }
            }
        }
        "\n"
        section {
            h2 { "The armies" }
            "\n"
            @for army in &report.armies {
                (army_html(report, army, men))
                "\n"
            }
        }
        "\n"
        (PreEscaped("<section>"))
        h2 { "Timeline" }
        "\n"
    };
    w.write_all(head.into_string().as_bytes())?;
    for turn in turns(report) {
        let piece = turn_html(report, turn).into_string();
        let figures = turn.iter().filter_map(|m| m.figure);
        let mut parts = piece.split(FIGURE);
        w.write_all(parts.next().unwrap_or_default().as_bytes())?;
        for (i, part) in figures.zip(parts) {
            draw(i, w)?;
            w.write_all(part.as_bytes())?;
        }
    }
    let tail = html! {
        (PreEscaped("</section>\n"))
        section {
            h2 { "Aftermath" }
            "\n"
            table {
                thead {
                    tr {
                        th { "Side" }
                        th class="n" { "Units" }
                        @if men { th class="n" { "Men" } }
                        th class="n" { (report.casualties_heading) }
                    }
                }
                tbody {
                    "\n"
                    @for side in &report.sides {
                        tr {
                            td { span class="side" style=[side_colour(report, &side.side)] {} (LogText(&side.side)) }
                            td class="n" { (side.units) }
                            @if men { td class="n" { (side.men.map(thousands).unwrap_or_default()) } }
                            td class="n" { (thousands(side.casualties)) }
                        }
                        "\n"
                    }
                }
            }
            "\n"
            @for side in &report.sides {
                h3 { (LogText(&side_heading(side))) }
                "\n"
                table {
                    thead {
                        tr {
                            th { "Unit Identifier" }
                            th { "Unit Name" }
                            th { "Fate" }
                            th class="n" { (report.casualties_heading) }
                        }
                    }
                    tbody {
                        "\n"
                        @for unit in report.units.iter().filter(|u| u.side == side.side) {
                            tr {
                                td { (LogText(&unit.id)) }
                                td { (LogText(&unit.name)) }
                                td { (LogText(&unit.fate)) }
                                td class="n" { (thousands(unit.casualties)) }
                            }
                            "\n"
                        }
                    }
                }
                "\n"
            }
        }
        "\n"
        footer { "Written by senlac from the battle log." }
        "\n"
        (PreEscaped("</main></body></html>\n"))
    };
    w.write_all(tail.into_string().as_bytes())
}

/// An army's heading, leader, strength and roster as it stood after setup.
fn army_html(report: &Report, army: &Army, men: bool) -> Markup {
    // A column is set right when the army's first unit has a number there.
    let numeric = |column: usize| {
        army.units
            .first()
            .and_then(|u| column.checked_sub(2).and_then(|i| u.values.get(i)))
            .is_some_and(|(_, v)| matches!(v, Value::Number(_)))
    };
    html! {
        div class="army" style=[colour(army.index)] {
            h3 { (LogText(&army.side)) ": " (LogText(&army.name)) }
            @if let Some(leader) = &army.leader {
                p class="leader" { "Led by " strong { (LogText(leader)) } }
            }
            p class="strength" { (strength(army)) }
            "\n"
            table {
                thead {
                    tr {
                        @for (i, heading) in report.roster_headings.iter().enumerate() {
                            th class=[num(numeric(i))] { (heading) }
                        }
                        @if men { th class="n" { "Men" } }
                    }
                }
                tbody {
                    @for unit in &army.units {
                        tr {
                            td { (LogText(&unit.id)) }
                            td { (LogText(&unit.name)) }
                            @for (_, value) in &unit.values {
                                td class=[num(matches!(value, Value::Number(_)))] { (LogText(&value.plain())) }
                            }
                            @if men { td class="n" { (unit.men.map(thousands).unwrap_or_default()) } }
                        }
                        "\n"
                    }
                }
            }
        }
    }
}

/// A turn of the timeline: what happened, in lists, and each figure marked
/// in it, its drawing left to the writer at [`FIGURE`].
fn turn_html(report: &Report, turn: &[Moment]) -> Markup {
    let when = &turn[0].when;
    let side = when.side.as_deref().filter(|_| !when.setup);
    html! {
        section class="turn" style=[side.and_then(|s| side_colour(report, s))] {
            h3 {
                @if side.is_some() { span class="side" {} }
                (LogText(&when.label()))
            }
            "\n"
            @for run in turn.chunk_by(|a, b| a.figure.is_none() && b.figure.is_none()) {
                @if let Some(i) = run[0].figure {
                    figure { "\n" (PreEscaped(FIGURE)) figcaption { (LogText(&report.figures[i].title())) } }
                } @else {
                    ul {
                        "\n"
                        @for moment in run {
                            li { (LogText(&moment.text)) }
                            "\n"
                        }
                    }
                }
                "\n"
            }
        }
        "\n"
    }
}

/// A side's colour, as a style, by its index among the battle's sides.
fn colour(index: Option<usize>) -> Option<String> {
    index.map(|i| format!("--side:{}", senlac_render::svg::palette(i).fill))
}

/// The colour of the side called `side`, if it has an army.
fn side_colour(report: &Report, side: &str) -> Option<String> {
    let army = report.armies.iter().find(|a| a.side == side)?;
    colour(army.index)
}

/// The class of a numeric cell: set right, in figures of one width.
fn num(numeric: bool) -> Option<&'static str> {
    numeric.then_some("n")
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;

    /// A writer whose bytes the test can read while the page is written.
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The report of the Hastings sample (17 figures), given to `each`.
    fn with_sample(each: impl FnOnce(&Report)) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/hastings.sbn");
        let text = std::fs::read_to_string(path).expect("the sample");
        let archive = senlac_notation::parse(&text);
        let battle = &archive.battles[0];
        let game = senlac_engine::check(battle, senlac_engine::Config::TIMELINE).expect("replayed");
        let (setup, end) = (game.index(&Point::Setup), game.index(&Point::End));
        let (setup, end) = (
            game.view(setup.expect("setup")),
            game.view(end.expect("end")),
        );
        each(&build(battle, &*game, &setup, &end));
    }

    #[test]
    fn the_html_report_writes_each_figure_out_before_drawing_the_next() {
        with_sample(|report| {
            assert!(report.figures.len() > 10, "{}", report.figures.len());
            let written = Rc::new(RefCell::new(Vec::new()));
            let drawn = RefCell::new(0);
            let draw = |i: usize, out: &mut dyn Write| {
                // Everything before this figure is out, the last figure too.
                let so_far = String::from_utf8(written.borrow().clone()).expect("UTF-8");
                assert!(so_far.ends_with("<figure>\n"), "figure {i}");
                if i > 0 {
                    assert!(so_far.contains(&format!("<svg id=\"{}\"/>", i - 1)));
                }
                *drawn.borrow_mut() += 1;
                write!(out, "<svg id=\"{i}\"/>")
            };
            html(report, &draw, &mut Shared(written.clone())).expect("written");
            assert_eq!(*drawn.borrow(), report.figures.len());
            let page = String::from_utf8(written.borrow().clone()).expect("UTF-8");
            assert!(page.ends_with("</html>\n"), "{}", &page[page.len() - 40..]);
        });
    }

    #[test]
    fn the_html_report_is_refused_past_its_limit_counted_in_its_real_bytes() {
        with_sample(|report| {
            let draw = |i: usize, out: &mut dyn Write| write!(out, "<svg id=\"{i}\"/>");
            let page = |out: &mut dyn Write| html(report, &draw, out);
            let mut bytes = Vec::new();
            page(&mut bytes).expect("written");
            let size = bytes.len() as u64;
            assert!(crate::export::within(size, &page));
            assert!(!crate::export::within(size - 1, &page));
        });
    }
}
