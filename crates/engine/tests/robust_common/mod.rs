//! What the robustness proptests share (tdgs_robust.rs,
//! hastings_1066_robust.rs): the check every log must pass (`replays`),
//! the changes made to a log's lines (`Mutation`, `mutate`, with the
//! helpers `bump` and `replace_word`) and the case counts
//! (`PROPTEST_CASES` overrides them). Each system's vocabulary, its
//! generators and any changes of its own (Hastings's hex shifts and
//! extremes, through `Mutation::Own`) stay in its own file.

use std::convert::Infallible;
use std::ops::Range;

use proptest::prelude::*;
use proptest::sample::Index;
use senlac_engine::{Config, Point, check};
use senlac_notation::parse;

/// `default` cases, or as many as `PROPTEST_CASES` says.
pub fn cases(default: u32) -> ProptestConfig {
    ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default),
    )
}

/// A system's own change to one line of a log.
pub trait Own {
    /// `line` changed.
    fn apply(&self, line: &str) -> String;
}

/// None: a system without changes of its own (TDGS).
impl Own for Infallible {
    fn apply(&self, _: &str) -> String {
        match *self {}
    }
}

/// One change to a log, line by line; `O` is the system's own kind.
#[derive(Clone, Debug)]
pub enum Mutation<O = Infallible> {
    Delete(Index),
    Duplicate(Index),
    Swap(Index, Index),
    /// Moves a line elsewhere.
    Move(Index, Index),
    /// Adds `by` to one of the line's numbers, keeping its width.
    Bump(Index, Index, i64),
    /// Replaces one of the line's words with one of the vocabulary's.
    Word(Index, Index, &'static str),
    /// The system's own change to a line (never made with `Infallible`:
    /// hence the allow, for tdgs_robust.rs, which makes none).
    #[allow(dead_code)]
    Own(Index, O),
}

/// The runs of ASCII digits in `line`.
pub fn digit_runs(line: &str) -> Vec<Range<usize>> {
    let bytes = line.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            runs.push(start..i);
        } else {
            i += 1;
        }
    }
    runs
}

/// Adds `by` to the `at`th run of digits in `line` (none if it has none),
/// at least 0, zero-padded to its old width.
pub fn bump(line: &str, at: Index, by: i64) -> String {
    let runs = digit_runs(line);
    if runs.is_empty() {
        return line.to_string();
    }
    let run = runs[at.index(runs.len())].clone();
    let old: i64 = line[run.clone()].parse().unwrap_or(0);
    let new = old.saturating_add(by).max(0);
    let width = run.len();
    format!("{}{new:0width$}{}", &line[..run.start], &line[run.end..])
}

/// Replaces the `at`th space-separated word of `line` with `word`, keeping
/// its indentation. Comments (`{…}`, `; …`) and strings stay whole.
pub fn replace_word(line: &str, at: Index, word: &str) -> String {
    let indent = line.len() - line.trim_start().len();
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return line.to_string();
    }
    let at = at.index(words.len());
    if words[at].starts_with(['{', '}', '"', '[', ']', ';']) || words[at].ends_with(['}', '"', ']'])
    {
        return line.to_string();
    }
    words[at] = word;
    format!("{}{}", &line[..indent], words.join(" "))
}

/// `text` with `mutations` applied to the lines after its tags, one after
/// the other (the tags are left alone: a log without them is no battle).
pub fn mutate<O: Own>(text: &str, mutations: &[Mutation<O>]) -> String {
    let (tags, body) = text.split_once("\n\n").unwrap_or(("", text));
    let mut lines: Vec<String> = body.lines().map(str::to_string).collect();
    for mutation in mutations {
        if lines.is_empty() {
            break;
        }
        let n = lines.len();
        match mutation {
            Mutation::Delete(i) => {
                lines.remove(i.index(n));
            }
            Mutation::Duplicate(i) => {
                let i = i.index(n);
                lines.insert(i, lines[i].clone());
            }
            Mutation::Swap(a, b) => lines.swap(a.index(n), b.index(n)),
            Mutation::Move(a, b) => {
                let line = lines.remove(a.index(n));
                lines.insert(b.index(n), line);
            }
            Mutation::Bump(i, at, by) => {
                let i = i.index(n);
                lines[i] = bump(&lines[i], *at, *by);
            }
            Mutation::Word(i, at, word) => {
                let i = i.index(n);
                lines[i] = replace_word(&lines[i], *at, word);
            }
            Mutation::Own(i, own) => {
                let i = i.index(n);
                lines[i] = own.apply(&lines[i]);
            }
        }
    }
    format!("{tags}\n\n{}\n", lines.join("\n"))
}

/// Replays every battle of `text` whose syntax is sound, with and without a
/// timeline: every finding's span lies inside the text, on char
/// boundaries, and names a registered-looking code. Of a battle under
/// `rules`, draws everything a printer would: each state's view, clock,
/// picture (marking the events since the state before), moments and
/// export, every label and figure, the last picture. (The check of both
/// systems: TDGS's copy drew no picture per state and did not ask for char
/// boundaries; Hastings's did.)
pub fn replays(text: &str, rules: &str) -> Result<(), TestCaseError> {
    let archive = parse(text);
    for battle in &archive.battles {
        // Only logs the notation accepts reach the rules.
        if !battle.errors.is_empty() {
            continue;
        }
        for timeline in [false, true] {
            let game = check(
                battle,
                Config {
                    timeline,
                    ..Config::default()
                },
            );
            let game = match game {
                Ok(game) => game,
                // A mutation may rename the rules: only the notation is
                // checked then.
                Err(violation) => {
                    prop_assert_eq!(violation.code, "engine::unknown-rules");
                    continue;
                }
            };
            for violation in game.violations() {
                let (start, end) = (violation.span.start as usize, violation.span.end as usize);
                prop_assert!(start <= end, "{violation:?}");
                prop_assert!(end <= text.len(), "{violation:?}");
                prop_assert!(
                    text.is_char_boundary(start) && text.is_char_boundary(end),
                    "{violation:?}"
                );
                prop_assert!(violation.code.contains("::"), "{violation:?}");
            }
            if !timeline || game.tag() != rules {
                continue;
            }
            prop_assert!(!game.is_empty());
            for index in 0..game.len() {
                let _ = game.view(index);
                let _ = game.clock(index);
                let _ = game.scene(index, index.saturating_sub(1));
                let _ = game.moments(index);
                let _ = game.wire(index);
            }
            for (point, _) in game.labels() {
                prop_assert!(game.view_at(point).is_some());
            }
            for figure in 0..game.figures().len() {
                prop_assert!(game.figure_scene(figure).is_some());
            }
            let end = game.index(&Point::End);
            prop_assert!(end.is_some());
            if let Some(end) = end {
                let _ = game.scene(end, 0);
            }
        }
    }
    Ok(())
}
