//! `senlac lint`: checks battle logs and reports every problem.

use std::path::PathBuf;
use std::time::Instant;

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use senlac_notation::{Battle, ItemKind, Parser, Span, SyntaxError};

use crate::diagnostics::{Format, Located, no_battle};
use crate::problem::Problem;
use crate::stream::{Placer, for_each_text_chunk};
use crate::{Exit, files};

/// What one file's check found.
#[derive(Default)]
struct FileResult {
    output: String,
    battles: usize,
    actions: usize,
    errors: usize,
    warnings: usize,
    bytes: usize,
    io_error: bool,
    /// Problems found with a fix `--fix` would apply.
    fixable: usize,
    /// Fixes `--fix` applied.
    fixed: usize,
}

/// What `senlac lint` was asked to do.
#[derive(Clone, Copy)]
pub struct Options {
    pub format: Format,
    /// Replay under the rules, not only check the notation.
    pub rules: bool,
    pub deny_warnings: bool,
    /// Apply every machine-applicable fix first (`--fix`).
    pub fix: bool,
}

pub fn run(paths: &[PathBuf], options: Options) -> Exit {
    let Options {
        format,
        rules,
        deny_warnings,
        fix,
    } = options;
    let started = Instant::now();
    let files = match files::collect(paths) {
        Ok(files) => files,
        Err(message) => {
            errln!("error: {message}");
            return Exit::Usage;
        }
    };
    if fix && files.iter().any(|f| files::is_stdin(f)) {
        errln!("error: --fix rewrites files, so it cannot take standard input (`-`)");
        return Exit::Usage;
    }
    let progress = progress_bar(&files);
    let results: Vec<FileResult> = files
        .par_iter()
        .map(|path| {
            let fixed = if fix {
                fix_file(path, rules)
            } else {
                Ok(Fixed::default())
            };
            let mut result = lint_file(path, format, rules, &progress);
            match fixed {
                Ok(Fixed { applied, note }) => {
                    result.fixed = applied;
                    if let Some(note) = note {
                        result.output.insert_str(0, &note);
                    }
                }
                Err(message) => {
                    result.io_error = true;
                    result.output.insert_str(0, &format!("error: {message}\n"));
                }
            }
            result
        })
        .collect();
    progress.finish_and_clear();
    let mut total = FileResult::default();
    for result in &results {
        match format {
            Format::Human => crate::eprint(&result.output),
            _ => crate::print(&result.output),
        }
        total.battles += result.battles;
        total.actions += result.actions;
        total.errors += result.errors;
        total.warnings += result.warnings;
        total.bytes += result.bytes;
        total.io_error |= result.io_error;
        total.fixable += result.fixable;
        total.fixed += result.fixed;
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    if format != Format::Json {
        errln!(
            "{} file{}, {} battle{}, {} action{}: {} error{}, {} warning{} ({:.1} MiB/s)",
            files.len(),
            plural(files.len()),
            total.battles,
            plural(total.battles),
            total.actions,
            plural(total.actions),
            total.errors,
            plural(total.errors),
            total.warnings,
            plural(total.warnings),
            total.bytes as f64 / 1_048_576.0 / seconds,
        );
        if fix {
            errln!(
                "{} fix{} applied, {} problem{} left",
                total.fixed,
                if total.fixed == 1 { "" } else { "es" },
                total.errors + total.warnings,
                plural(total.errors + total.warnings),
            );
        }
        if total.fixable > 0 {
            errln!(
                "{} of them can be fixed by `senlac lint --fix`",
                total.fixable
            );
        }
    }
    if total.io_error {
        Exit::Usage
    } else if total.errors > 0 || (deny_warnings && total.warnings > 0) {
        Exit::Failure
    } else {
        Exit::Success
    }
}

const MAX_DRAWN_PER_FILE: usize = 50;

/// Archives smaller than this lint too fast for a progress bar to help.
const PROGRESS_FROM_BYTES: u64 = 32 << 20;

/// A bar on standard error for long runs on a terminal; hidden otherwise
/// (piped, redirected, or small).
fn progress_bar(files: &[PathBuf]) -> ProgressBar {
    let total: u64 = files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    if total < PROGRESS_FROM_BYTES || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Every problem of one battle, in source order: syntax, lowering, then the
/// rules (checked only on a battle whose syntax is sound).
fn problems(
    battle: &senlac_notation::Battle<'_>,
    utf8: &[SyntaxError],
    rules: bool,
) -> Vec<Problem> {
    let mut problems: Vec<Problem> = crate::problem::syntax(utf8, &battle.errors);
    problems.extend(
        senlac_notation::lower::check(battle)
            .iter()
            .map(Problem::from),
    );
    if rules && problems.is_empty() {
        match senlac_engine::check(battle, senlac_engine::Config::default()) {
            Ok(game) => problems.extend(game.violations().iter().map(Problem::from)),
            Err(violation) => problems.push(Problem::from(&violation)),
        }
    }
    problems.sort_by_key(|e| e.span.start);
    problems
}

fn lint_file(path: &PathBuf, format: Format, rules: bool, progress: &ProgressBar) -> FileResult {
    let mut result = FileResult::default();
    let stdin = files::is_stdin(path);
    let name = if stdin {
        crate::fmt::STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    };
    let file: Box<dyn std::io::Read + Send> = if stdin {
        Box::new(std::io::stdin())
    } else {
        match std::fs::File::open(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                result.io_error = true;
                result.output = format!("error: {name}: {e}\n");
                return result;
            }
        }
    };
    let mut index = 0;
    let read = for_each_text_chunk(file, |chunk| {
        // A chunk's battles are parsed and checked in parallel, each worker
        // reusing one tree, and reported in order.
        let checked: Vec<(Span, usize, Vec<Problem>)> = (0..chunk.starts.len())
            .into_par_iter()
            .map_init(
                || (Parser::new(chunk.text), Battle::empty(chunk.text)),
                |(parser, battle), index| {
                    let utf8 = chunk.parse(index, parser, battle);
                    progress.inc(u64::from(battle.span.end - battle.span.start));
                    let actions = battle
                        .items
                        .iter()
                        .filter(|i| i.kind == ItemKind::Action)
                        .count();
                    (battle.span, actions, problems(battle, utf8, rules))
                },
            )
            .collect();
        // Each battle's diagnostics are placed within the battle's own text.
        let mut placer = Placer::new(chunk.origin);
        for (span, actions, errors) in checked {
            index += 1;
            result.battles += 1;
            result.actions += actions;
            // Past a screenful of graphical reports, the rest of the file's
            // errors are listed one per line.
            let format = if format == Format::Human && result.errors >= MAX_DRAWN_PER_FILE {
                Format::Short
            } else {
                format
            };
            let warnings = errors
                .iter()
                .filter(|e| e.severity != senlac_engine::Severity::Error)
                .count();
            result.warnings += warnings;
            result.errors += errors.len() - warnings;
            result.fixable += errors.iter().filter(|e| e.fix.is_some()).count();
            if errors.is_empty() {
                continue;
            }
            let placed = placer.place_span(chunk.text, span);
            let errors: Vec<Problem> = errors
                .into_iter()
                .map(|e| e.counted_from(placed.start))
                .collect();
            let located = Located {
                name: &name,
                text: placed.text,
                offset: placed.origin.offset,
                line: placed.origin.line,
            };
            located.print(&errors, format, index, &mut result.output);
        }
        std::ops::ControlFlow::Continue(())
    });
    match read {
        Ok(bytes) => result.bytes = bytes,
        Err(e) => {
            result.io_error = true;
            result.output.push_str(&format!("error: {name}: {e}\n"));
        }
    }
    if result.battles == 0 && !result.io_error {
        result.errors += 1;
        no_battle(&name, path, format, &mut result.output);
    }
    result
}

/// Fix passes per file: a fix can make another one possible (a syntax fix
/// lets the rules be checked), and overlapping fixes wait for the next pass.
const FIX_PASSES: usize = 10;

/// What `--fix` did to a file.
#[derive(Default)]
struct Fixed {
    applied: usize,
    /// Why it was left alone, printed before its diagnostics.
    note: Option<String>,
}

/// Applies every machine-applicable fix to the file at `path`, pass after
/// pass until none applies, and replaces it atomically if anything changed.
fn fix_file(path: &PathBuf, rules: bool) -> Result<Fixed, String> {
    let name = path.display().to_string();
    // A FIFO or a device gives its bytes once (lint reads them next) and
    // must not become a regular file.
    if let Some(kind) = files::not_regular(path) {
        return Ok(Fixed {
            applied: 0,
            note: Some(format!(
                "note: {name}: not fixed: it is {kind}, and --fix rewrites only regular files\n"
            )),
        });
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
    let Ok(mut text) = String::from_utf8(bytes) else {
        // Fixing would have to write back the replaced bytes: leave it alone.
        return Ok(Fixed {
            applied: 0,
            note: Some(format!(
                "note: {name}: not fixed: it is not UTF-8 text (save it as UTF-8 first)\n"
            )),
        });
    };
    if text.len() >= u32::MAX as usize {
        return Err(format!(
            "{name}: --fix reads a file whole, and this one is 4 GiB or more"
        ));
    }
    let mut applied = 0;
    for _ in 0..FIX_PASSES {
        let fixes = fixes_of(&text, rules);
        let wanted: Vec<&senlac_notation::Fix> = fixes
            .iter()
            .filter(|fix| text.get(fix.span.range()) != Some(&*fix.replacement))
            .collect();
        let (fixed, count) = senlac_notation::fix::apply(&text, &wanted);
        if count == 0 {
            break;
        }
        applied += count;
        text = fixed;
    }
    if applied > 0 {
        files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("{name}: cannot write: {e}"))?;
    }
    Ok(Fixed {
        applied,
        note: None,
    })
}

/// Every fix the problems of `text` carry, with spans into `text`: syntax
/// and lowering first, and the rules' on battles whose syntax is sound.
fn fixes_of(text: &str, rules: bool) -> Vec<senlac_notation::Fix> {
    let archive = senlac_notation::parse(text);
    let mut fixes = Vec::new();
    for battle in &archive.battles {
        let syntax: Vec<SyntaxError> = battle
            .errors
            .iter()
            .cloned()
            .chain(senlac_notation::lower::check(battle))
            .collect();
        fixes.extend(syntax.iter().filter_map(|e| e.fix.as_deref().cloned()));
        if rules
            && syntax.is_empty()
            && let Ok(game) = senlac_engine::check(battle, senlac_engine::Config::default())
        {
            fixes.extend(
                game.violations()
                    .iter()
                    .filter_map(|v| v.fix.as_deref().cloned()),
            );
        }
    }
    fixes
}
