//! Loading one battle of a file and replaying it with its timeline, for the
//! commands that show a battle (show, diff, report, export, render).
//!
//! The file is read battle by battle until the one asked for, like lint
//! reads it, so `show --battle 220000` of a huge archive keeps one battle in
//! memory, not the archive.

use std::ops::ControlFlow;
use std::path::Path;

use senlac_engine::{Config, Game};
use senlac_notation::{Archive, Battle};

use crate::Exit;
use crate::diagnostics::{Format, Located};
use crate::problem::Problem;
use crate::stream::{Origin, Placer, for_each_chunk};

/// One battle's text, and where it stands in its file.
pub struct Source {
    /// The file's name, as given.
    pub name: String,
    /// The battle's own text.
    pub text: String,
    /// Where the text starts in the file: spans into it are shifted by this
    /// wherever a position in the file is printed.
    pub origin: Origin,
}

impl Source {
    /// The text as a [`Located`] piece of its file, for diagnostics and positions.
    pub fn located(&self) -> Located<'_> {
        Located {
            name: &self.name,
            text: &self.text,
            offset: self.origin.offset,
            line: self.origin.line,
        }
    }
}

/// Battle `number` (1-based) of the file at `path`.
pub fn read(path: &Path, number: usize) -> Result<Source, Exit> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| {
        eprintln!("error: {name}: {e}");
        Exit::Usage
    })?;
    let mut count = 0;
    let mut found: Option<(Source, Vec<Problem>)> = None;
    let read = for_each_chunk(file, |chunk, origin| {
        for (battle, utf8) in chunk {
            count += 1;
            if count != number {
                continue;
            }
            let placed = Placer::new(origin).place(battle);
            let utf8 = utf8
                .iter()
                .map(|e| Problem::from(e).counted_from(placed.start))
                .collect();
            let source = Source {
                name: name.clone(),
                text: placed.text.to_string(),
                origin: placed.origin,
            };
            found = Some((source, utf8));
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = read {
        eprintln!("error: {name}: {e}");
        return Err(Exit::Usage);
    }
    let Some((source, utf8)) = found else {
        eprintln!(
            "error: {name}: there is no battle {number}; the file holds {count} battle{}",
            if count == 1 { "" } else { "s" }
        );
        return Err(Exit::Usage);
    };
    if !utf8.is_empty() {
        print_problems(&source, &utf8);
        return Err(Exit::Failure);
    }
    Ok(source)
}

/// The battle of `archive` (parsed from one battle's text), replayed with its
/// timeline. Syntax errors stop here; rule violations are printed as warnings
/// and the replay goes on from the repaired state.
pub fn replay<'a>(
    source: &'a Source,
    archive: &'a Archive<'a>,
) -> Result<(&'a Battle<'a>, Box<dyn Game>), Exit> {
    let Some(battle) = archive.battles.first() else {
        eprintln!("error: {}: the battle has no text", source.name);
        return Err(Exit::Usage);
    };
    let mut problems: Vec<Problem> = battle.errors.iter().map(Problem::from).collect();
    problems.extend(
        senlac_notation::lower::check(battle)
            .iter()
            .map(Problem::from),
    );
    if !problems.is_empty() {
        print_problems(source, &problems);
        return Err(Exit::Failure);
    }
    let game = senlac_engine::check(battle, Config::TIMELINE).map_err(|violation| {
        // Only `lint` can do without the rules: it checks the notation alone.
        let rules = battle.tag("Rules").unwrap_or_default();
        eprintln!(
            "error: {}: senlac has no rules for `{}`, so it cannot replay this battle ({}); `senlac lint` still checks its notation",
            source.name,
            crate::safe_text::terminal(&rules),
            violation.help.as_deref().unwrap_or("")
        );
        Exit::Failure
    })?;
    let violations: Vec<Problem> = game.violations().iter().map(Problem::from).collect();
    if !violations.is_empty() {
        eprintln!(
            "warning: {} breaks the rules; shown as replayed, each violation repaired:",
            source.name
        );
        print_problems(source, &violations);
    }
    Ok((battle, game))
}

/// A point as the commands take it (`--at`); a malformed one is a usage
/// error, told on standard error.
pub fn point(at: &str) -> Result<senlac_engine::Point, Exit> {
    at.parse().map_err(|message| {
        eprintln!("error: {message}");
        Exit::Usage
    })
}

/// Why a point cannot be shown: the battle never reaches it, and the point
/// it does reach that was probably meant (`2.normans` for `2.Normans`,
/// `fig:finalcharge` for `fig:finalCharge`).
pub fn unreached(game: &dyn Game, point: &senlac_engine::Point) -> String {
    let wanted = point.to_string();
    let known: Vec<String> = game
        .labels()
        .iter()
        .map(|(point, _)| point.to_string())
        .chain(game.figures().iter().map(|f| format!("fig:{}", f.name)))
        .collect();
    let found = match point {
        // A figure is named by its mark: suggest among the marks only.
        senlac_engine::Point::Figure(name) => {
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
    let wanted = crate::safe_text::terminal(&wanted);
    match found {
        Some(found) => format!(
            "the battle never reaches `{wanted}`; did you mean `{}`?",
            crate::safe_text::terminal(&found)
        ),
        None => format!("the battle never reaches `{wanted}`"),
    }
}

fn print_problems(source: &Source, problems: &[Problem]) {
    let mut out = String::new();
    source.located().print(problems, Format::Human, 0, &mut out);
    eprint!("{out}");
}

/// Reads battle `number` of `path`, replays it and hands it to `each`; every
/// command that shows a battle starts here. Errors are printed and become the
/// exit code.
pub fn with_battle(
    path: &Path,
    number: usize,
    each: impl FnOnce(&Source, &Battle<'_>, &dyn Game) -> Exit,
) -> Exit {
    let source = match read(path, number) {
        Ok(source) => source,
        Err(exit) => return exit,
    };
    let archive = senlac_notation::parse(&source.text);
    match replay(&source, &archive) {
        Ok((battle, game)) => each(&source, battle, game.as_ref()),
        Err(exit) => exit,
    }
}
