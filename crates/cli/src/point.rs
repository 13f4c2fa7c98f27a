//! Points of a battle as the commands take them, and why one cannot be
//! shown, in the file's terms: the replay counts lines as the file does
//! (`Config::lines_before`).

use senlac_engine::{Game, Point};

use crate::Exit;

/// A point as the commands take it (`--at`); a malformed one is a usage
/// error, told on standard error.
pub fn parse(at: &str) -> Result<Point, Exit> {
    at.parse().map_err(|message| {
        errln!("error: {message}");
        Exit::Usage
    })
}

use crate::safe_text::terminal;

/// Why a point (as the user wrote it) cannot be shown: the battle never
/// reaches it, and the point it does reach that was probably meant
/// (`2.normans` for `2.Normans`, `fig:finalcharge` for `fig:finalCharge`),
/// or, for a line or an action, where the battle's actions are.
pub fn unreached(game: &dyn Game, point: &Point) -> String {
    match point {
        Point::Line { line, .. } => return no_action_on(game, *line),
        Point::Action(k) => return past_the_actions(game, *k),
        _ => {}
    }
    let wanted = point.to_string();
    let known: Vec<String> = game
        .labels()
        .iter()
        .map(|(point, _)| point.to_string())
        .chain(game.figures().iter().map(|f| format!("fig:{}", f.name)))
        .collect();
    let found = match point {
        // A figure is named by its mark: suggest among the marks only.
        Point::Figure(name) => {
            senlac_notation::did_you_mean(name, game.figures().iter().map(|f| f.name.as_str()))
                .map(|name| format!("fig:{name}"))
        }
        // A slip in a side or phase name, not another turn: `99` is not `9`.
        _ => {
            let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
            let same_turn = known
                .iter()
                .map(String::as_str)
                .filter(|k| digits(k) == digits(&wanted));
            senlac_notation::did_you_mean(&wanted, same_turn).map(str::to_string)
        }
    };
    let wanted = terminal(&wanted);
    match found {
        Some(found) => format!(
            "the battle never reaches `{wanted}`; did you mean `{}`?",
            terminal(&found)
        ),
        None => format!("the battle never reaches `{wanted}`"),
    }
}

/// The file lines of the main line's actions, in order.
fn action_lines(game: &dyn Game) -> Vec<u32> {
    (1..game.len().saturating_sub(1))
        .filter_map(|i| game.step_source(i))
        .map(|s| s.line)
        .collect()
}

/// Why `line` (of the file) names no action.
fn no_action_on(game: &dyn Game, line: u32) -> String {
    let lines = action_lines(game);
    let line_of = |index: Option<usize>| {
        index
            .and_then(|i| game.step_source(i))
            .map_or(1, |s| s.line)
    };
    let start = line_of(Some(0));
    let end = line_of(game.len().checked_sub(1));
    let (Some(&first), Some(&last)) = (lines.first(), lines.last()) else {
        return format!("line {line} holds no action: the battle has none");
    };
    if line < start {
        return format!("line {line} comes before this battle, which starts on line {start}");
    }
    if line > end {
        return format!(
            "the battle ends on line {end}; its last action is on line {last} (`line:{last}`)"
        );
    }
    if line < first {
        return format!(
            "line {line} is in the setup: use `setup`; the first action is on line {first} (`line:{first}`)"
        );
    }
    let after = lines.partition_point(|&l| l <= line);
    let before = lines[after - 1];
    match lines.get(after) {
        Some(next) => format!(
            "line {line} holds no action; the nearest are on lines {before} and {next} (`line:{before}`, `line:{next}`)"
        ),
        None => {
            format!("line {line} holds no action; the last is on line {before} (`line:{before}`)")
        }
    }
}

/// Why `action:k` names none.
fn past_the_actions(game: &dyn Game, k: u32) -> String {
    let lines = action_lines(game);
    match lines.last() {
        None => format!("the battle has no action, so no `action:{k}`"),
        Some(last) => format!(
            "the battle has {} action{}: the last is `action:{}`, on line {last}",
            lines.len(),
            if lines.len() == 1 { "" } else { "s" },
            lines.len()
        ),
    }
}
