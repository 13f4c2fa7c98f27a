//! Loading one battle of a file and replaying it with its timeline, for the
//! commands that show a battle (show, diff, report, export).

use std::path::Path;

use senlac_engine::{Config, Game};
use senlac_notation::{Archive, Battle};

use crate::Exit;
use crate::diagnostics::{Format, Located};
use crate::problem::Problem;

/// A file's text.
pub struct Source {
    pub name: String,
    pub text: String,
}

pub fn read(path: &Path) -> Result<Source, Exit> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: {name}: {e}");
        Exit::Usage
    })?;
    let (text, utf8) = senlac_notation::decode(&bytes);
    if let Some(error) = utf8.first() {
        print_problems(&name, &text, &[Problem::from(error)]);
        return Err(Exit::Failure);
    }
    Ok(Source {
        name,
        text: text.into_owned(),
    })
}

/// Battle `number` (1-based) of the archive, replayed with its timeline.
/// Syntax errors stop here; rule violations are printed as warnings and the
/// replay goes on from the repaired state.
pub fn replay<'a>(
    source: &'a Source,
    archive: &'a Archive<'a>,
    number: usize,
) -> Result<(&'a Battle<'a>, Box<dyn Game>), Exit> {
    let count = archive.battles.len();
    let Some(battle) = number.checked_sub(1).and_then(|i| archive.battles.get(i)) else {
        eprintln!(
            "error: {}: there is no battle {number}; the file holds {count} battle{}",
            source.name,
            if count == 1 { "" } else { "s" }
        );
        return Err(Exit::Usage);
    };
    let mut problems: Vec<Problem> = battle.errors.iter().map(Problem::from).collect();
    problems.extend(
        senlac_notation::lower::check(battle)
            .iter()
            .map(Problem::from),
    );
    if !problems.is_empty() {
        print_problems(&source.name, &source.text, &problems);
        return Err(Exit::Failure);
    }
    let game = senlac_engine::check(
        battle,
        Config {
            timeline: true,
            ..Config::default()
        },
    )
    .map_err(|violation| {
        print_problems(&source.name, &source.text, &[Problem::from(&violation)]);
        Exit::Failure
    })?;
    let violations: Vec<Problem> = game.violations().iter().map(Problem::from).collect();
    if !violations.is_empty() {
        eprintln!(
            "warning: {} breaks the rules; shown as replayed, each violation repaired:",
            source.name
        );
        print_problems(&source.name, &source.text, &violations);
    }
    Ok((battle, game))
}

fn print_problems(name: &str, text: &str, problems: &[Problem]) {
    let mut out = String::new();
    Located {
        name,
        text,
        offset: 0,
        line: 0,
    }
    .print(problems, Format::Human, 0, &mut out);
    eprint!("{out}");
}

/// Reads `path`, replays battle `number` and hands it to `each`; every command
/// that shows a battle starts here. Errors are printed and become the exit code.
pub fn with_battle(
    path: &Path,
    number: usize,
    each: impl FnOnce(&Source, &Battle<'_>, &dyn Game) -> Exit,
) -> Exit {
    let source = match read(path) {
        Ok(source) => source,
        Err(exit) => return exit,
    };
    let archive = senlac_notation::parse(&source.text);
    match replay(&source, &archive, number) {
        Ok((battle, game)) => each(&source, battle, game.as_ref()),
        Err(exit) => exit,
    }
}
