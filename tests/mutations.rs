//! One mistake gives one error: every single-token mutation of the samples
//! (the token deleted, written twice, or replaced by a near neighbour) is
//! linted, and the number of diagnostics each gets is counted. The 95th
//! percentile must stay at 3 or fewer.
//!
//! The distribution is printed; rerun it with
//! `cargo test --release --test mutations -- --nocapture`.

use std::collections::BTreeMap;
use std::path::Path;

use senlac_notation::{AtomKind, ItemKind, parse};

/// Every diagnostic `senlac lint` gives the text, as (code, line) pairs.
fn diagnostics(text: &str) -> Vec<&'static str> {
    let archive = parse(text);
    let mut out: Vec<&'static str> = archive.errors.iter().map(|e| e.code.as_str()).collect();
    for battle in &archive.battles {
        let syntax: Vec<&'static str> = battle
            .errors
            .iter()
            .chain(&senlac_notation::lower::check(battle))
            .map(|e| e.code.as_str())
            .collect();
        if !syntax.is_empty() {
            out.extend(syntax);
            continue;
        }
        match senlac_engine::check(battle, senlac_engine::Config::default()) {
            Ok(game) => out.extend(game.violations().iter().map(|v| v.code)),
            Err(v) => out.push(v.code),
        }
    }
    out
}

/// A near neighbour of a token: a cell one row on, a number one more, a
/// word with two letters swapped (a typo), a roll one pip more.
fn neighbour(kind: AtomKind, text: &str) -> Option<String> {
    let bump_last_digit = |t: &str| {
        let at = t.rfind(|c: char| c.is_ascii_digit())?;
        let digit = t.as_bytes()[at] - b'0';
        let next = if digit == 9 { 8 } else { digit + 1 };
        Some(format!("{}{}{}", &t[..at], next, &t[at + 1..]))
    };
    match kind {
        AtomKind::Cell
        | AtomKind::CellChain
        | AtomKind::Number
        | AtomKind::Dice
        | AtomKind::TurnNumber
        | AtomKind::Pair
        | AtomKind::Placement => bump_last_digit(text),
        AtomKind::Word | AtomKind::PhaseLabel | AtomKind::Group => {
            let chars: Vec<char> = text.chars().collect();
            // Swap two neighbouring letters in the middle, as a slip of the hand.
            let at = (1..chars.len().saturating_sub(1)).find(|&i| {
                chars[i] != chars[i + 1] && chars[i].is_alphabetic() && chars[i + 1].is_alphabetic()
            })?;
            let mut swapped = chars.clone();
            swapped.swap(at, at + 1);
            Some(swapped.into_iter().collect())
        }
        _ => None,
    }
}

/// Every mutant of `text`: (what was done, the mutated text).
fn mutants(text: &str) -> Vec<(String, String)> {
    let archive = parse(text);
    let mut out = Vec::new();
    for battle in &archive.battles {
        for (item, atoms) in battle.iter() {
            if !matches!(
                item.kind,
                ItemKind::Action | ItemKind::Directive | ItemKind::Turn | ItemKind::Phase
            ) {
                continue;
            }
            for atom in atoms {
                let range = atom.span.range();
                let (before, after) = (&text[..range.start], &text[range.end..]);
                out.push((
                    format!("delete `{}`", atom.text),
                    format!("{before}{after}"),
                ));
                out.push((
                    format!("duplicate `{}`", atom.text),
                    format!("{before}{} {}{after}", atom.text, atom.text),
                ));
                if let Some(near) = neighbour(atom.kind, atom.text) {
                    out.push((
                        format!("`{}` → `{near}`", atom.text),
                        format!("{before}{near}{after}"),
                    ));
                }
            }
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
