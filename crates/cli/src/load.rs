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
        errln!("error: {name}: {e}");
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
        errln!("error: {name}: {e}");
        return Err(Exit::Usage);
    }
    let Some((source, utf8)) = found else {
        errln!(
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
    keep: Config,
) -> Result<(&'a Battle<'a>, Box<dyn Game>), Exit> {
    let Some(battle) = archive.battles.first() else {
        errln!("error: {}: the battle has no text", source.name);
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
    let game = senlac_engine::check(
        battle,
        Config {
            lines_before: u32::try_from(source.origin.line).unwrap_or(u32::MAX),
            ..keep
        },
    ).map_err(|violation| {
        // Only `lint` can do without the rules: it checks the notation alone.
        let rules = battle.tag("Rules").unwrap_or_default();
        errln!(
            "error: {}: senlac has no rules for `{}`, so it cannot replay this battle ({}); `senlac lint` still checks its notation",
            source.name,
            crate::safe_text::terminal(&rules),
            violation.help.as_deref().unwrap_or("")
        );
        Exit::Failure
    })?;
    let violations: Vec<Problem> = game.violations().iter().map(Problem::from).collect();
    if !violations.is_empty() {
        errln!(
            "warning: {} breaks the rules; shown as replayed, each violation repaired:",
            source.name
        );
        print_problems(source, &violations);
    }
    Ok((battle, game))
}

fn print_problems(source: &Source, problems: &[Problem]) {
    let mut out = String::new();
    source.located().print(problems, Format::Human, 0, &mut out);
    crate::eprint(&out);
}

/// Reads battle `number` of `path`, replays it and hands it to `each`; every
/// command that shows a battle starts here. Errors are printed and become the
/// exit code.
pub fn with_battle(
    path: &Path,
    number: usize,
    each: impl FnOnce(&Source, &Battle<'_>, &dyn Game) -> Exit,
) -> Exit {
    with_battle_keeping(path, number, Config::TIMELINE, each)
}

/// [`with_battle`], with the replay keeping what `keep` says: a command
/// that wants only the end state keeps no timeline.
pub fn with_battle_keeping(
    path: &Path,
    number: usize,
    keep: Config,
    each: impl FnOnce(&Source, &Battle<'_>, &dyn Game) -> Exit,
) -> Exit {
    let source = match read(path, number) {
        Ok(source) => source,
        Err(exit) => return exit,
    };
    let archive = senlac_notation::parse(&source.text);
    match replay(&source, &archive, keep) {
        Ok((battle, game)) => each(&source, battle, game.as_ref()),
        Err(exit) => exit,
    }
}
