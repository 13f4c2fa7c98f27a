//! One mistake gives one error: every single-token mutation of the samples
//! (the token deleted, written twice, or replaced by a near neighbour) is
//! linted, and the number of diagnostics each gets is counted. The 95th
//! percentile must stay at 3 or fewer.
//!
//! Beside the token mutations, every line is deleted and written twice, and
//! every pair of adjacent action lines swapped: per system, a deleted or
//! duplicated line's diagnostics are counted the same way.
//!
//! The distributions are printed; rerun them with
//! `cargo test --release --test mutations -- --nocapture`; with
//! `SENLAC_MUTATIONS_SHOW=1` every line mutant past 2 diagnostics is listed,
//! and with `SENLAC_MUTATIONS_FIRST=1` the first diagnostic of each deleted
//! turn line, phase label and deploy line.

use std::collections::BTreeMap;
use std::path::Path;

use senlac_notation::parse;

mod common;
use common::mutants::{line_mutants, mutants};

/// The code of every diagnostic `senlac lint` gives the text, in order.
fn diagnostics(text: &str) -> Vec<&'static str> {
    findings(text).into_iter().map(|(code, _)| code).collect()
}

/// Every diagnostic `senlac lint` gives the text, as (code, message) pairs.
fn findings(text: &str) -> Vec<(&'static str, String)> {
    let archive = parse(text);
    let syntax = |e: &senlac_notation::SyntaxError| (e.code.as_str(), e.message.to_string());
    let mut out: Vec<_> = archive.errors.iter().map(syntax).collect();
    for battle in &archive.battles {
        let errors: Vec<_> = battle
            .errors
            .iter()
            .chain(&senlac_notation::lower::check(battle))
            .map(syntax)
            .collect();
        if !errors.is_empty() {
            out.extend(errors);
            continue;
        }
        match senlac_engine::check(battle, senlac_engine::Config::default()) {
            Ok(game) => out.extend(
                game.violations()
                    .iter()
                    .map(|v| (v.code, v.message.clone())),
            ),
            Err(v) => out.push((v.code, v.message)),
        }
    }
    out
}

struct Measure {
    counts: Vec<usize>,
    worst: Vec<(usize, String)>,
}

fn measure(name: &str) -> Measure {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(name)).unwrap();
    assert!(diagnostics(&text).is_empty(), "{name} must lint clean");
    let mut counts = Vec::new();
    let mut worst = Vec::new();
    let verbose = std::env::var_os("SENLAC_MUTATIONS_SHOW").is_some();
    for (what, mutant) in mutants(&text) {
        let found = diagnostics(&mutant);
        let n = found.len();
        if verbose && (n >= 4 || n == 0) {
            println!("MUTANT {n} {what}: {found:?}");
        }
        counts.push(n);
        worst.push((n, what));
    }
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    worst.truncate(12);
    Measure { counts, worst }
}

fn percentile(sorted: &[usize], p: f64) -> usize {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
fn one_mistake_gives_few_diagnostics() {
    let mut all = Vec::new();
    for sample in [
        "samples/hastings.sbn",
        "samples/fulford.sbn",
        "samples/harrow-ford.sbn",
        "samples/hastings-1066-st.sbn",
        "samples/usk-ford.sbn",
    ] {
        let Measure { counts, worst } = measure(sample);
        let mut histogram: BTreeMap<usize, usize> = BTreeMap::new();
        for &n in &counts {
            *histogram.entry(n).or_default() += 1;
        }
        println!(
            "{sample}: {} mutants; diagnostics per mutant: {histogram:?}",
            counts.len()
        );
        for (n, what) in &worst {
            println!("  {n:>3}  {what}");
        }
        all.extend(counts);
    }
    all.sort_unstable();
    let (p50, p90, p95, p99, max) = (
        percentile(&all, 0.5),
        percentile(&all, 0.9),
        percentile(&all, 0.95),
        percentile(&all, 0.99),
        all[all.len() - 1],
    );
    println!(
        "all {} mutants: p50 {p50}, p90 {p90}, p95 {p95}, p99 {p99}, max {max}",
        all.len()
    );
    assert!(
        p95 <= 3,
        "the 95th percentile is {p95} diagnostics per mutation"
    );
}

/// The counts for one kind of line mutant of one sample: sorted counts
/// and the worst few.
struct LineMeasure {
    counts: Vec<usize>,
    worst: Vec<(usize, String, Vec<&'static str>)>,
}

fn measure_lines(name: &str) -> BTreeMap<&'static str, LineMeasure> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(name)).unwrap();
    let mut by_kind: BTreeMap<&'static str, LineMeasure> = BTreeMap::new();
    for (kind, what, mutant) in line_mutants(&text) {
        let found = diagnostics(&mutant);
        let entry = by_kind.entry(kind).or_insert(LineMeasure {
            counts: Vec::new(),
            worst: Vec::new(),
        });
        if kind == "delete" && std::env::var_os("SENLAC_MUTATIONS_FIRST").is_some() {
            let line = what.split_once(": ").map_or("", |w| w.1);
            let header = line
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                || line.ends_with(':')
                || line.starts_with("deploy ");
            if header {
                println!("FIRST {name} {what}: {:?}", findings(&mutant).first());
            }
        }
        entry.counts.push(found.len());
        entry.worst.push((found.len(), what, found));
    }
    for m in by_kind.values_mut() {
        m.counts.sort_unstable();
        m.worst.sort_by_key(|w| std::cmp::Reverse(w.0));
        // With SENLAC_MUTATIONS_SHOW, every mutant past 2 diagnostics.
        let keep = if std::env::var_os("SENLAC_MUTATIONS_SHOW").is_some() {
            m.worst.iter().take_while(|w| w.0 > 2).count().max(5)
        } else {
            5
        };
        m.worst.truncate(keep);
    }
    by_kind
}

#[test]
fn one_missing_or_doubled_line_gives_few_diagnostics() {
    let show = std::env::var_os("SENLAC_MUTATIONS_SHOW").is_some();
    let mut report = Vec::new();
    for (system, sample) in [
        ("mass-combat/a", "samples/hastings.sbn"),
        ("mass-combat/b", "samples/fulford.sbn"),
        ("tdgs", "samples/harrow-ford.sbn"),
        ("hastings-1066", "samples/hastings-1066-st.sbn"),
        ("feudal", "samples/usk-ford.sbn"),
    ] {
        for (kind, m) in measure_lines(sample) {
            let (p95, max) = (percentile(&m.counts, 0.95), m.counts[m.counts.len() - 1]);
            println!(
                "{system} {kind}: {} mutants, p50 {}, p95 {p95}, max {max}",
                m.counts.len(),
                percentile(&m.counts, 0.5)
            );
            for (n, what, found) in &m.worst {
                if show || *n > 5 {
                    println!("  {n:>3}  {what}: {found:?}");
                }
            }
            report.push((system, kind, p95, max));
        }
    }
    // The goal for a deleted or duplicated line is p95 at most 2 and max at
    // most 5 diagnostics (issue 37). Where it is not met yet, the bound is
    // what is reached today, a ratchet: lower it as causes are fixed, never
    // raise it. Swaps are held to today's numbers the same way.
    const GOAL: (usize, usize) = (2, 5);
    let bounds: &[(&str, &str, (usize, usize))] = &[
        ("mass-combat/a", "delete", (4, 7)),
        ("mass-combat/a", "duplicate", GOAL),
        ("mass-combat/a", "swap", GOAL),
        ("mass-combat/b", "delete", GOAL),
        ("mass-combat/b", "duplicate", GOAL),
        ("mass-combat/b", "swap", GOAL),
        ("tdgs", "delete", (4, 9)),
        ("tdgs", "duplicate", (3, 5)),
        ("tdgs", "swap", (6, 6)),
        ("hastings-1066", "delete", (10, 14)),
        ("hastings-1066", "duplicate", (3, 11)),
        ("hastings-1066", "swap", (7, 12)),
        ("feudal", "delete", (5, 10)),
        ("feudal", "duplicate", (5, 11)),
        ("feudal", "swap", GOAL),
    ];
    for (system, kind, p95, max) in report {
        let &(_, _, (p95_bound, max_bound)) = bounds
            .iter()
            .find(|(s, k, _)| *s == system && *k == kind)
            .unwrap_or_else(|| panic!("no bound for {system} {kind}"));
        assert!(
            p95 <= p95_bound && max <= max_bound,
            "{system} {kind}: p95 {p95}, max {max}; the bound is p95 {p95_bound}, max {max_bound}"
        );
    }
}

/// The diagnostics of `sample` with the first line starting with `line`
/// (after its indent) deleted, or written twice.
fn line_mutant(sample: &str, line: &str, twice: bool) -> Vec<&'static str> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(sample)).unwrap();
    let at = text
        .split_inclusive('\n')
        .position(|l| l.trim_start().starts_with(line))
        .unwrap_or_else(|| panic!("{sample} has no line {line:?}"));
    let mutant: String = text
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, l)| match (i == at, twice) {
            (false, _) => l.to_string(),
            (true, false) => String::new(),
            (true, true) => format!("{l}{l}"),
        })
        .collect();
    diagnostics(&mutant)
}

/// The first diagnostic of a deleted turn line, phase label or deploy line
/// names what is missing: the turn line (`2. Crown`, or "the first turn
/// line"), the label (`combat:`), or the side whose units were not placed.
#[test]
fn the_first_diagnostic_of_a_lost_header_names_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut checked = 0;
    for sample in [
        "samples/hastings.sbn",
        "samples/fulford.sbn",
        "samples/harrow-ford.sbn",
        "samples/hastings-1066-st.sbn",
    ] {
        let text = std::fs::read_to_string(root.join(sample)).unwrap();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (at, line) in lines.iter().enumerate() {
            let line = line.trim();
            let turn = line
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
            let label = line.ends_with(':') && !line.contains(' ');
            let deploy = line.strip_prefix("deploy ");
            let names = match (turn, label, deploy) {
                (true, _, _) => vec![format!("`{line}`"), "the first turn line".into()],
                (_, true, _) => vec![format!("`{line}`")],
                (_, _, Some(rest)) => vec![rest.split(' ').next().unwrap_or("").to_string()],
                _ => continue,
            };
            let mutant: String = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at)
                .map(|(_, l)| *l)
                .collect();
            let Some((code, message)) = findings(&mutant).into_iter().next() else {
                // A label over no action (`record:` and a comment) loses
                // nothing when it is deleted.
                let next_action = lines[at + 1..]
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| !l.is_empty() && !l.starts_with(';') && !l.starts_with('{'));
                let empty = next_action.is_none_or(|l| l.ends_with(':') || l.contains(". "));
                assert!(
                    label && empty,
                    "{sample}:{}: `{line}` deleted gives nothing",
                    at + 1
                );
                continue;
            };
            assert!(
                names.iter().any(|name| message.contains(name.as_str())),
                "{sample}:{}: `{line}` deleted: the first diagnostic, {code}: {message}, names none of {names:?}",
                at + 1
            );
            checked += 1;
        }
    }
    // Every turn line, phase label and deploy line of the four samples.
    assert!(checked > 150, "only {checked} header lines checked");
}

/// A missing or doubled line of the kinds a writer drops or pastes twice:
/// one error each, of the code that names the line's mistake.
#[test]
fn a_missing_or_doubled_setup_or_turn_line_is_one_error() {
    for (sample, line, twice, expected) in [
        // A side's whole deploy line: said once for the side. (Without the
        // Raiders, C is never charged: its check is not owed, one echo. Its
        // failure routs it as written, so the cascade it owes D and B is.)
        (
            "samples/harrow-ford.sbn",
            "deploy Raiders",
            false,
            &["tdgs::not-deployed", "tdgs::morale-check-not-owed"][..],
        ),
        (
            "samples/harrow-ford.sbn",
            "deploy Crown",
            false,
            &["tdgs::not-deployed"],
        ),
        // A deploy line pasted twice.
        (
            "samples/hastings.sbn",
            "deploy Saxons",
            true,
            &["setup::deployed-twice"],
        ),
        (
            "samples/harrow-ford.sbn",
            "deploy Crown",
            true,
            &["setup::deployed-twice"],
        ),
        // A turn line written twice, and a group's line written twice.
        (
            "samples/hastings.sbn",
            "1. Saxons",
            true,
            &["mass-combat::turn-order"],
        ),
        (
            "samples/hastings.sbn",
            "I+II+III+IV+V+VI+VII+VIII+IX hold",
            true,
            &["mass-combat::already-acted"],
        ),
        // A multi-line comment whose `{` line is lost: its prose is one
        // comment whose `{` is missing.
        (
            "samples/hastings-1066-st.sbn",
            "{ The first three",
            false,
            &["notation::unopened-comment"],
        ),
        (
            "samples/hastings-1066-st.sbn",
            "{ 4 + Alan 1 = 5",
            false,
            &["notation::unopened-comment"],
        ),
        // A Mass Combat turn line left out: the phase that goes back once
        // the side's every unit has moved begins the other side's turn.
        (
            "samples/hastings.sbn",
            "3. Normans",
            false,
            &["mass-combat::turn-order"],
        ),
        // The first army line left out: its units are one finding.
        (
            "samples/hastings-1066-st.sbn",
            "army Normans",
            false,
            &["notation::malformed-directive"],
        ),
        // A later army line left out: its side's deploy line places the
        // units that begin it, so it is one finding there, and its units
        // are read as that side's.
        (
            "samples/hastings.sbn",
            "army Normans",
            false,
            &["setup::missing-army"],
        ),
        (
            "samples/fulford.sbn",
            "army Northumbrians",
            false,
            &["setup::missing-army"],
        ),
        (
            "samples/hastings-1066-st.sbn",
            "army Saxons",
            false,
            &["setup::missing-army"],
        ),
        // A group's line left out: its units are one missing action.
        (
            "samples/hastings.sbn",
            "I+II+III+IV+V+VI+VII+VIII+IX hold",
            false,
            &["mass-combat::missing-action"],
        ),
        (
            "samples/hastings.sbn",
            "III+IV+V+VI+VII+VIII+IX hold",
            false,
            &["mass-combat::missing-action"],
        ),
        // The first turn line left out: the phase label under it says so,
        // and the movetext is read from there.
        (
            "samples/hastings.sbn",
            "1. Saxons",
            false,
            &["notation::missing-first-turn"],
        ),
        (
            "samples/fulford.sbn",
            "1. Norse",
            false,
            &["notation::missing-first-turn"],
        ),
        (
            "samples/harrow-ford.sbn",
            "1. Crown",
            false,
            &["notation::missing-first-turn"],
        ),
        (
            "samples/hastings-1066-st.sbn",
            "1. Normans",
            false,
            &["notation::missing-first-turn"],
        ),
        // A side's deploy line left out: said first, as the side's units
        // not on the map, not as the order the sides deployed in. (The
        // Normans' moves against the missing Saxons still echo it.)
        (
            "samples/hastings.sbn",
            "deploy Saxons",
            false,
            &[
                "mass-combat::undeployed",
                "mass-combat::occupied",
                "mass-combat::not-adjacent",
                "mass-combat::not-adjacent",
                "mass-combat::not-adjacent",
                "mass-combat::missing-reaction",
                "mass-combat::unit-not-active",
            ][..],
        ),
        // A Hastings: 1066 deploy line left out: its pieces are named
        // first. (What the missing Bretons would have done still echoes.)
        (
            "samples/hastings-1066-st.sbn",
            "deploy Normans BK1",
            false,
            &[
                "hastings-1066::not-deployed",
                "hastings-1066::unknown-nation",
                "hastings-1066::claim-mismatch",
                "hastings-1066::action-not-owed",
                "hastings-1066::action-not-owed",
                "hastings-1066::order-missing",
                "hastings-1066::action-not-owed",
            ][..],
        ),
        // No map: play is not checked against nothing.
        (
            "samples/hastings.sbn",
            "map ",
            false,
            &["setup::missing-map"],
        ),
        (
            "samples/harrow-ford.sbn",
            "map ",
            false,
            &["setup::missing-map"],
        ),
        (
            "samples/hastings-1066-st.sbn",
            "map hex",
            false,
            &["setup::missing-map"],
        ),
    ] {
        let found = line_mutant(sample, line, twice);
        assert_eq!(
            found,
            expected,
            "{sample}: {} {line:?}",
            if twice { "twice" } else { "deleted" }
        );
    }
}
