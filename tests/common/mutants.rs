//! The mutants of a battle log that tests/mutations.rs counts diagnostics
//! on and tests/citations.rs reads the diagnostics of: every single-token
//! mutation (the token deleted, written twice, or replaced by a near
//! neighbour), and every line deleted, written twice, or swapped with the
//! next action line.

use senlac_notation::{AtomKind, ItemKind, parse};

/// A near neighbour of a token: a cell one row on, a number one more, a
/// word with two letters swapped (a typo), a roll one pip more.
pub fn neighbour(kind: AtomKind, text: &str) -> Option<String> {
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
pub fn mutants(text: &str) -> Vec<(String, String)> {
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

/// Every line-level mutant of `text`: each line deleted, each written
/// twice, and each pair of adjacent action lines swapped, as (kind, what,
/// mutated text). Lines of the tag section and blank lines are left alone.
pub fn line_mutants(text: &str) -> Vec<(&'static str, String, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let is_action =
        |line: &str| line.starts_with("    ") && !line.trim_start().starts_with(['{', ';']);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('[') || trimmed.starts_with(';') {
            continue;
        }
        let with = |replacement: &str| {
            let mut mutant = String::with_capacity(text.len() + line.len());
            for (j, l) in lines.iter().enumerate() {
                mutant.push_str(if i == j { replacement } else { l });
            }
            mutant
        };
        out.push((
            "delete",
            format!("delete line {}: {trimmed}", i + 1),
            with(""),
        ));
        out.push((
            "duplicate",
            format!("duplicate line {}: {trimmed}", i + 1),
            with(&format!("{line}{line}")),
        ));
        if let Some(next) = lines.get(i + 1)
            && is_action(line)
            && is_action(next)
        {
            let mut mutant = String::with_capacity(text.len());
            for (j, l) in lines.iter().enumerate() {
                mutant.push_str(match j {
                    j if j == i => next,
                    j if j == i + 1 => line,
                    _ => l,
                });
            }
            out.push((
                "swap",
                format!("swap lines {} and {}", i + 1, i + 2),
                mutant,
            ));
        }
    }
    out
}
