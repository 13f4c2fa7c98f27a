//! `senlac lint`: checks battle logs and reports every problem, line by
//! line as it goes, or once for the whole run (SARIF, JUnit, statistics).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use senlac_notation::{Battle, ItemKind, Parser, Span, SyntaxError};

use crate::diagnostics::{Format, Located, no_battle};
use crate::junit::Case;
use crate::problem::Problem;
use crate::stream::{Placer, for_each_text_chunk};
use crate::{Exit, files};
use senlac_engine::Finding;
use senlac_engine::finding;

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
    /// Each battle's findings, for a whole-run format: every battle for
    /// JUnit, those with findings for SARIF.
    cases: Vec<Case>,
    /// Findings per code, for `--statistics`.
    codes: BTreeMap<String, Count>,
}

/// How often a code was found, for `--statistics`.
#[derive(Clone, Copy, Debug)]
pub struct Count {
    pub severity: senlac_engine::Severity,
    pub found: usize,
    /// How many of them have a fix `--fix` would apply.
    pub fixable: usize,
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
    /// Print how often each code was found instead of the findings.
    pub statistics: bool,
}

pub fn run(paths: &[PathBuf], options: Options) -> Exit {
    let Options {
        format,
        rules,
        deny_warnings,
        fix,
        statistics,
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
            let mut result = lint_file(path, format, rules, statistics, &progress);
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
            // A whole-run format's output holds only notes and I/O errors.
            Format::Human | Format::Sarif | Format::Junit => crate::eprint(&result.output),
            _ if statistics => crate::eprint(&result.output),
            _ => crate::print(&result.output),
        }
        for (code, count) in &result.codes {
            let total = total.codes.entry(code.clone()).or_insert(Count {
                found: 0,
                fixable: 0,
                ..*count
            });
            total.found += count.found;
            total.fixable += count.fixable;
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
    if statistics {
        crate::print(&crate::statistics::render(&total.codes, format));
    } else {
        whole_run(&files, &results, format, deny_warnings);
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

/// Prints the SARIF or JUnit document of the run (nothing for the other
/// formats, printed file by file).
fn whole_run(files: &[PathBuf], results: &[FileResult], format: Format, deny_warnings: bool) {
    let names: Vec<String> = files.iter().map(|path| files::display_name(path)).collect();
    match format {
        Format::Sarif => crate::print(&crate::sarif::document(names.iter().zip(results).flat_map(
            |(name, result)| {
                result.cases.iter().map(move |case| crate::sarif::Battle {
                    file: name,
                    battle: case.battle,
                    findings: &case.findings,
                })
            },
        ))),
        Format::Junit => crate::print(&crate::junit::document(
            names
                .iter()
                .zip(results)
                .map(|(name, result)| crate::junit::File {
                    name,
                    cases: &result.cases,
                }),
            deny_warnings,
        )),
        _ => {}
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
    check_battle(battle, utf8, rules, false).0
}

/// [`problems`], and with `outcome` how the rules decide the battle, when
/// they were replayed and decide it ([`senlac_engine::Game::outcome`]).
pub fn check_battle(
    battle: &senlac_notation::Battle<'_>,
    utf8: &[SyntaxError],
    rules: bool,
    outcome: bool,
) -> (Vec<Problem>, Option<senlac_engine::Outcome>) {
    let syntax = crate::problem::syntax_errors(utf8, &battle.errors).map(Finding::from);
    let replay = || senlac_engine::check(battle, senlac_engine::Config::default());
    let (findings, game) = finding::of_battle(battle, syntax, rules.then_some(replay));
    let decided = game.filter(|_| outcome).and_then(|game| game.outcome());
    (findings.into_iter().map(Problem::from).collect(), decided)
}

fn lint_file(
    path: &PathBuf,
    format: Format,
    rules: bool,
    statistics: bool,
    progress: &ProgressBar,
) -> FileResult {
    let mut result = FileResult::default();
    let stdin = files::is_stdin(path);
    let name = files::display_name(path);
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
        let checked: Vec<Checked> = (0..chunk.starts.len())
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
                    Checked {
                        span: battle.span,
                        actions,
                        // Only JUnit names its cases after the battles.
                        title: (format == Format::Junit)
                            .then(|| battle.tag("Battle").map(|t| t.into_owned()))
                            .flatten(),
                        problems: problems(battle, utf8, rules),
                    }
                },
            )
            .collect();
        // Each battle's diagnostics are placed within the battle's own text.
        let mut placer = Placer::new(chunk.origin);
        for Checked {
            span,
            actions,
            title,
            problems: errors,
        } in checked
        {
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
            if statistics {
                count_codes(&errors, &mut result.codes);
                continue;
            }
            if errors.is_empty() {
                if format == Format::Junit {
                    result.cases.push(Case {
                        battle: index,
                        title,
                        findings: Vec::new(),
                    });
                }
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
            if format.is_document() {
                result.cases.push(Case {
                    battle: index,
                    title,
                    findings: located.findings(&errors),
                });
            } else {
                located.print(&errors, format, index, &mut result.output);
            }
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
        if statistics {
            count_codes(
                &[crate::diagnostics::no_battle_problem()],
                &mut result.codes,
            );
        } else if format.is_document() {
            let head = crate::diagnostics::file_head(path);
            let located = Located {
                name: &name,
                text: &head,
                offset: 0,
                line: 0,
            };
            result.cases.push(Case {
                battle: 0,
                title: None,
                findings: located.findings(&[crate::diagnostics::no_battle_problem()]),
            });
        } else {
            no_battle(&name, path, format, &mut result.output);
        }
    }
    result
}

/// One battle as checked.
struct Checked {
    span: Span,
    actions: usize,
    /// Its Battle tag, when the format names cases after it.
    title: Option<String>,
    problems: Vec<Problem>,
}

/// Adds the problems to the counts per code.
fn count_codes(problems: &[Problem], codes: &mut BTreeMap<String, Count>) {
    for problem in problems {
        let count = codes.entry(problem.code.to_string()).or_insert(Count {
            severity: problem.severity,
            found: 0,
            fixable: 0,
        });
        count.found += 1;
        count.fixable += usize::from(problem.fix.is_some());
    }
}

/// Fix passes per file: a fix can make another one possible (a syntax fix
/// lets the rules be checked), and overlapping fixes wait for the next pass.
const FIX_PASSES: usize = 10;

/// Fixes tried one at a time when a pass's fixes together leave as many
/// problems as before: each is kept only if it alone removes some.
const FIXES_TRIED_ALONE: usize = 64;

/// What `--fix` did to a file.
#[derive(Default)]
struct Fixed {
    applied: usize,
    /// Why it was left alone, or what was left, printed before its
    /// diagnostics.
    note: Option<String>,
}

/// Applies the machine-applicable fixes to the file at `path`, pass after
/// pass, and replaces it atomically when the result has fewer problems.
///
/// Safe by construction: a pass is kept only when it leaves fewer problems
/// than before it (so a fix that does not remove its own finding, or one
/// applied again, stops the passes), and the file is written only when the
/// result has fewer problems than the original.
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
    let Ok(original) = String::from_utf8(bytes) else {
        // Fixing would have to write back the replaced bytes: leave it alone.
        return Ok(Fixed {
            applied: 0,
            note: Some(format!(
                "note: {name}: not fixed: it is not UTF-8 text (save it as UTF-8 first)\n"
            )),
        });
    };
    if original.len() >= u32::MAX as usize {
        return Err(format!(
            "{name}: --fix reads a file whole, and this one is 4 GiB or more"
        ));
    }
    let fixing = fix_battles(&original, |text| assess(text, rules));
    let applied = match fixing.text {
        Some(text) => {
            files::write_atomic(path, text.as_bytes())
                .map_err(|e| format!("{name}: cannot write: {e}"))?;
            fixing.applied
        }
        None => 0,
    };
    let refused = fixing.refused;
    let note = (refused > 0).then(|| {
        format!(
            "note: {name}: {refused} fix{} not applied: {} would not leave fewer problems\n",
            if refused == 1 { "" } else { "es" },
            if refused == 1 { "it" } else { "they" },
        )
    });
    Ok(Fixed { applied, note })
}

/// What the fix passes made of a text.
#[derive(Debug, PartialEq, Eq)]
struct Fixing {
    /// The fixed text, when it has fewer problems than the original.
    text: Option<String>,
    applied: usize,
    /// Fixes offered that would not have left fewer problems.
    refused: usize,
}

/// [`fix_text`] battle by battle: only one battle's tree is held at a time,
/// not the archive's (which cost 8 to 10 times the file), and the fixed
/// text is built only once a battle changes.
fn fix_battles(original: &str, assess: impl Fn(&str) -> Assessment) -> Fixing {
    let starts: Vec<usize> = senlac_notation::split::starts(original, 0).collect();
    let ends = starts.iter().skip(1).copied().chain([original.len()]);
    let mut fixed: Option<String> = None;
    let (mut applied, mut refused) = (0, 0);
    for (start, end) in starts.iter().copied().zip(ends) {
        let battle = &original[start..end];
        let fixing = fix_text(battle, &assess);
        applied += fixing.applied;
        refused += fixing.refused;
        match (fixing.text, &mut fixed) {
            (Some(text), fixed) => fixed
                .get_or_insert_with(|| original[..start].to_string())
                .push_str(&text),
            (None, Some(fixed)) => fixed.push_str(battle),
            (None, None) => {}
        }
    }
    Fixing {
        text: fixed,
        applied,
        refused,
    }
}

/// The fix passes over `original`, each assessed by `assess`: a pass is
/// kept only when it leaves fewer problems than before it; when a pass's
/// fixes together do not, each is tried alone, and the passes stop when
/// none helps.
fn fix_text(original: &str, assess: impl Fn(&str) -> Assessment) -> Fixing {
    let mut text = original.to_string();
    let mut now = assess(&text);
    let before = now.problems;
    let (mut applied, mut refused) = (0, 0);
    for _ in 0..FIX_PASSES {
        let wanted: Vec<&senlac_notation::Fix> = now
            .fixes
            .iter()
            .filter(|fix| text.get(fix.span.range()) != Some(&*fix.replacement))
            .collect();
        if wanted.is_empty() {
            break;
        }
        let (fixed, count) = senlac_notation::fix::apply(&text, &wanted);
        let after = assess(&fixed);
        if count > 0 && after.problems < now.problems {
            applied += count;
            (text, now) = (fixed, after);
            continue;
        }
        // Together they remove nothing: keep the first that alone does.
        let mut kept = None;
        for fix in wanted.into_iter().take(FIXES_TRIED_ALONE) {
            let (fixed, count) = senlac_notation::fix::apply(&text, &[fix]);
            let after = assess(&fixed);
            if count > 0 && after.problems < now.problems {
                kept = Some((fixed, count, after));
                break;
            }
        }
        let Some((fixed, count, after)) = kept else {
            refused = now.fixes.len();
            break;
        };
        applied += count;
        (text, now) = (fixed, after);
    }
    let better = now.problems < before && text != original;
    Fixing {
        text: better.then_some(text),
        applied: if better { applied } else { 0 },
        refused,
    }
}

/// A text's problems, counted, and the fixes they carry.
struct Assessment {
    problems: Problems,
    fixes: Vec<senlac_notation::Fix>,
}

/// Problems, compared syntax first: the rules are checked only on a
/// battle whose syntax is sound, so a syntax fix that lets them be checked
/// leaves fewer problems even when the rules then find some.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Problems {
    syntax: usize,
    rules: usize,
}

/// Every problem of `text` and every fix they carry, with spans into
/// `text`: syntax and lowering first, and the rules' on battles whose
/// syntax is sound.
fn assess(text: &str, rules: bool) -> Assessment {
    let archive = senlac_notation::parse(text);
    let mut fixes = Vec::new();
    let mut problems = Problems::default();
    for battle in &archive.battles {
        let syntax: Vec<SyntaxError> = battle
            .errors
            .iter()
            .cloned()
            .chain(senlac_notation::lower::check(battle))
            .collect();
        problems.syntax += syntax.len();
        fixes.extend(syntax.iter().filter_map(|e| e.fix.as_deref().cloned()));
        if rules
            && syntax.is_empty()
            && let Ok(game) = senlac_engine::check(battle, senlac_engine::Config::default())
        {
            let violations = game.violations();
            problems.rules += violations.len();
            fixes.extend(violations.iter().filter_map(|v| v.fix.as_deref().cloned()));
        }
    }
    Assessment { problems, fixes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senlac_notation::{Fix, Span};

    /// A problem for each `bad` word, each with the fix `make`, made at its
    /// span.
    fn words(make: fn(Span) -> Fix) -> impl Fn(&str) -> Assessment {
        move |text: &str| {
            let fixes: Vec<Fix> = text
                .match_indices("bad")
                .map(|(at, _)| make(Span::new(at, at + 3)))
                .collect();
            Assessment {
                problems: Problems {
                    syntax: 0,
                    rules: fixes.len(),
                },
                fixes,
            }
        }
    }

    #[test]
    fn an_archive_is_fixed_battle_by_battle_and_built_only_once_one_changes() {
        let seen = std::cell::RefCell::new(Vec::new());
        let mend = words(|span| Fix::new(span, "good", "mend"));
        let assess = |text: &str| {
            seen.borrow_mut().push(text.to_string());
            mend(text)
        };
        let one = "[Battle \"A\"]\n\nx\n\n";
        let two = "[Battle \"B\"]\n\nbad x bad\n\n";
        let three = "[Battle \"C\"]\n\nbad\n";
        let fixing = fix_battles(&format!("{one}{two}{three}"), assess);
        assert_eq!(
            fixing,
            Fixing {
                text: Some(format!(
                    "{one}[Battle \"B\"]\n\ngood x good\n\n[Battle \"C\"]\n\ngood\n"
                )),
                applied: 3,
                refused: 0
            }
        );
        // Each assessment saw one battle, never the archive.
        let seen = seen.into_inner();
        assert!(seen.len() >= 3, "{seen:?}");
        assert!(
            seen.iter().all(|t| t.matches("[Battle").count() == 1),
            "{seen:?}"
        );
        // Nothing to fix: no text built.
        let clean = fix_battles(
            &format!("{one}{one}"),
            words(|span| Fix::new(span, "good", "mend")),
        );
        assert_eq!(clean.text, None);
    }

    #[test]
    fn a_fix_that_removes_its_problem_is_applied() {
        let fixing = fix_text("bad x bad\n", words(|span| Fix::new(span, "good", "mend")));
        assert_eq!(
            fixing,
            Fixing {
                text: Some("good x good\n".into()),
                applied: 2,
                refused: 0
            }
        );
    }

    #[test]
    fn a_fix_that_leaves_its_problem_is_refused_and_the_text_kept() {
        // An insertion before the word, as the label a refused activation
        // was offered: applied again each pass, it removed nothing and
        // wrote the same line ten times.
        let fixing = fix_text(
            "bad\n",
            words(|span| {
                Fix::new(
                    Span::new(span.start as usize, span.start as usize),
                    "R1:\n",
                    "open",
                )
            }),
        );
        assert_eq!(
            fixing,
            Fixing {
                text: None,
                applied: 0,
                refused: 1
            }
        );
    }

    #[test]
    fn a_syntax_fix_that_lets_the_rules_find_a_problem_is_kept() {
        // `2 Red` mended to `2. Red`: the rules then read the battle and
        // find one problem; fewer syntax errors is fewer problems.
        let assess = |text: &str| {
            let broken = text.find("2 Red");
            Assessment {
                problems: match broken {
                    Some(_) => Problems {
                        syntax: 1,
                        rules: 0,
                    },
                    None => Problems {
                        syntax: 0,
                        rules: 1,
                    },
                },
                fixes: broken
                    .map(|at| Fix::new(Span::new(at + 1, at + 1), ".", "insert `.`"))
                    .into_iter()
                    .collect(),
            }
        };
        let fixing = fix_text("2 Red\n", assess);
        assert_eq!(fixing.text.as_deref(), Some("2. Red\n"));
        assert_eq!(fixing.applied, 1);
    }

    #[test]
    fn of_fixes_that_fail_together_the_one_that_helps_alone_is_kept() {
        // Two fixes: `bad` mended, and `bad bad` made worse by one that
        // adds a problem. Together they leave as many; alone, the first
        // helps.
        let assess = |text: &str| {
            let mut fixes = Vec::new();
            for (at, _) in text.match_indices("bad") {
                fixes.push(Fix::new(Span::new(at, at + 3), "good", "mend"));
            }
            if let Some(at) = text.find("x") {
                fixes.push(Fix::new(Span::new(at, at + 1), "bad bad", "worse"));
            }
            Assessment {
                problems: Problems {
                    syntax: 0,
                    rules: text.matches("bad").count() + usize::from(text.contains('x')),
                },
                fixes,
            }
        };
        let fixing = fix_text("bad x\n", assess);
        assert_eq!(fixing.text.as_deref(), Some("good x\n"));
        assert_eq!(fixing.applied, 1);
        assert_eq!(fixing.refused, 1);
    }
}
