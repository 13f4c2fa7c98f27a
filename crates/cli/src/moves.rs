//! `senlac moves`: the actions the rules accept next at a point, as the
//! system lists them (owed answers first), each line as a log would write it.

use std::path::Path;

use senlac_engine::LegalAction;
use senlac_engine::view::Clock;

use crate::{Exit, OutputFormat, load, safe_text};

pub fn run(path: &Path, battle: usize, at: &str, format: OutputFormat) -> Exit {
    let point = match crate::point::parse(at) {
        Ok(point) => point,
        Err(exit) => return exit,
    };
    load::with_battle(path, battle, |source, parsed, game| {
        let Some(at) = game.locate(&point) else {
            errln!(
                "error: {}: {}",
                source.name,
                crate::point::unreached(game, &point)
            );
            return Exit::Usage;
        };
        // A point in a variation lists what may follow it there.
        let branch = at.branch.and_then(|b| game.branch(b));
        let line = branch.as_deref().unwrap_or(game);
        let index = at.index;
        let Some(legal) = line.legal(index) else {
            errln!(
                "error: {}: the rules of this battle ({}) do not list their actions, so senlac cannot say what may come next",
                source.name,
                safe_text::terminal(game.tag())
            );
            return Exit::Usage;
        };
        match format {
            OutputFormat::Json => {
                crate::print(&(serde_json::to_string_pretty(&legal).unwrap_or_default() + "\n"));
            }
            OutputFormat::Text => {
                let title = parsed.tag("Battle").unwrap_or_default();
                let head = format!("{title} at {point}: {}\n", clock_text(&line.clock(index)));
                crate::print(&safe_text::terminal(&(head + &text(&legal))));
            }
        }
        Exit::Success
    })
}

/// `turn 3, Normans, volley`; `setup` before the first turn.
fn clock_text(clock: &Clock) -> String {
    let mut parts = Vec::new();
    if clock.turn > 0 {
        parts.push(format!("turn {}", clock.turn));
    }
    parts.extend(clock.side.clone());
    parts.extend(clock.phase.map(str::to_string));
    if parts.is_empty() {
        "setup".to_string()
    } else {
        parts.join(", ")
    }
}

/// The listing: owed answers, then each place a line may stand (now, or
/// after a phase label or a turn line), each grouped by unit, each line
/// with its cost.
pub fn text(legal: &[LegalAction]) -> String {
    if legal.is_empty() {
        return "\nNo action can be taken here.\n".to_string();
    }
    let mut sections: Vec<(String, Vec<&LegalAction>)> = Vec::new();
    for action in legal {
        let heading = if action.owed {
            "Owed".to_string()
        } else if action.opens.is_empty() {
            "Now".to_string()
        } else {
            let opens: Vec<String> = action.opens.iter().map(|o| format!("`{o}`")).collect();
            format!("After {}", opens.join(" "))
        };
        match sections.iter_mut().find(|(h, _)| *h == heading) {
            Some((_, actions)) => actions.push(action),
            None => sections.push((heading, vec![action])),
        }
    }
    // Owed answers come first whatever order the system gave.
    sections.sort_by_key(|(heading, _)| heading != "Owed");
    let width = legal
        .iter()
        .map(|a| a.line.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (heading, actions) in sections {
        out.push_str(&format!("\n{heading}\n"));
        let mut units: Vec<(String, Vec<&LegalAction>)> = Vec::new();
        for action in actions {
            let unit = format!("{} {}", action.side, action.units.join("+"));
            match units.iter_mut().find(|(u, _)| *u == unit) {
                Some((_, lines)) => lines.push(action),
                None => units.push((unit, vec![action])),
            }
        }
        for (unit, lines) in units {
            out.push_str(&format!("  {unit}\n"));
            for action in lines {
                let mut notes: Vec<String> = action.cost.iter().cloned().collect();
                notes.extend(action.limits.clone());
                if action.rolls.len() > 1 {
                    notes.push(format!("rolls {}", action.rolls.join(" ")));
                }
                let line = format!("    {:<width$}  {}", action.line, notes.join("  "));
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
    }
    out
}
