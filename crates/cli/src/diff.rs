//! `senlac diff`: what changed between two points — command points spent,
//! damage taken, moves, routs and removals — every turn, one block a turn, or
//! between any two points.

use std::path::Path;

use senlac_engine::view::{BattleView, Value};
use senlac_engine::{Game, Point};
use serde::Serialize;

use crate::{Exit, OutputFormat, load};

/// One field of one unit that changed.
#[derive(Serialize)]
struct Change {
    side: String,
    id: String,
    field: &'static str,
    from: String,
    to: String,
}

#[derive(Serialize)]
struct Block {
    from: String,
    to: String,
    changes: Vec<Change>,
}

/// The fields a diff follows, with their labels in text output.
const FOLLOWED: [(&str, &str); 4] = [
    ("status", "status"),
    ("hex", "moves"),
    ("command_points", "command points"),
    ("damage", "damage"),
];

pub fn run(
    path: &Path,
    battle: usize,
    turn: Option<u32>,
    from: Option<&str>,
    to: Option<&str>,
    format: OutputFormat,
) -> Exit {
    load::with_battle(path, battle, |source, _, game| {
        let pairs: Vec<(Point, Point)> = match (turn, from, to) {
            (Some(turn), _, _) => vec![turn_span(turn)],
            (None, None, None) => (1..=last_turn(game)).map(turn_span).collect(),
            (None, from, to) => {
                let parse =
                    |text: Option<&str>, default: Point| text.map_or(Ok(default), str::parse);
                match (parse(from, Point::Setup), parse(to, Point::End)) {
                    (Ok(from), Ok(to)) => vec![(from, to)],
                    (Err(message), _) | (_, Err(message)) => {
                        eprintln!("error: {message}");
                        return Exit::Usage;
                    }
                }
            }
        };
        let mut blocks = Vec::new();
        for (from, to) in pairs {
            let (Some(before), Some(after)) = (game.view(&from), game.view(&to)) else {
                eprintln!(
                    "error: {}: the battle never reaches `{from}` or `{to}`",
                    source.name
                );
                return Exit::Usage;
            };
            blocks.push(Block {
                from: from.to_string(),
                to: to.to_string(),
                changes: changes(&before, &after),
            });
        }
        match format {
            OutputFormat::Json => println!(
                "{}",
                serde_json::to_string_pretty(&blocks).unwrap_or_default()
            ),
            OutputFormat::Text => print!("{}", text(&blocks)),
        }
        Exit::Success
    })
}

/// From the end of the turn before (or the setup) to the end of `turn`.
fn turn_span(turn: u32) -> (Point, Point) {
    let from = if turn <= 1 {
        Point::Setup
    } else {
        Point::Turn(turn - 1)
    };
    (from, Point::Turn(turn))
}

fn last_turn(game: &Game) -> u32 {
    match game {
        Game::MassCombat(replay) => replay.state.turn,
    }
}

fn field(unit: &senlac_engine::view::UnitView, name: &str) -> String {
    match name {
        "status" => unit.status.to_string(),
        "hex" => unit.hex.clone().unwrap_or_else(|| "-".into()),
        name => match unit.fields.get(name) {
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::Text(t)) => t.clone(),
            None => String::new(),
        },
    }
}

fn changes(before: &BattleView, after: &BattleView) -> Vec<Change> {
    let mut out = Vec::new();
    for (a, b) in before.units.iter().zip(&after.units) {
        for (name, _) in FOLLOWED {
            let (from, to) = (field(a, name), field(b, name));
            if from != to {
                out.push(Change {
                    side: b.side.clone(),
                    id: b.id.clone(),
                    field: name,
                    from,
                    to,
                });
            }
        }
    }
    out
}

fn text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        out.push_str(&format!("{} → {}\n", block.from, block.to));
        if block.changes.is_empty() {
            out.push_str("  no change\n");
        }
        let width = block
            .changes
            .iter()
            .map(|c| c.side.len() + c.id.len() + 1)
            .max()
            .unwrap_or(0);
        for change in &block.changes {
            let label = FOLLOWED
                .iter()
                .find(|(f, _)| *f == change.field)
                .map_or(change.field, |(_, l)| l);
            let unit = format!("{} {}", change.side, change.id);
            out.push_str(&format!(
                "  {unit:<width$}  {label} {} → {}\n",
                change.from, change.to
            ));
        }
        out.push('\n');
    }
    out
}
