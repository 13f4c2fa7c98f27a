//! Help cites the ruling that decides the case (issue 37): every diagnostic
//! the engine gives on the battles we keep (the samples, every `.sbn` under
//! tests/data and crates/engine/tests/data, and the samples' single-token
//! and line mutants of tests/mutations.rs) is read, and every ruling its
//! rule, message or help cites (`MC-R24`, `TDGS-R2`, `HS-R31`…) must
//!
//! - be a row `| ID | question | ruling | reasons |` of docs/rules/, in the
//!   document the citation names when it names one
//!   (`docs/rules/tdgs-mass-combat.md TDGS-R2`);
//! - when its ruling (the row's third cell) names codes, backticked
//!   `system::code`, name the diagnostic's own: a ruling that names codes
//!   decides those, so a diagnostic of another code that cites it cites the
//!   wrong ruling. A row that names no code is only required to exist, and
//!   the question and reasons cells do not count (they mention codes in
//!   passing, never to decide them).
//!
//! The rulings no diagnostic here cites are printed per system
//! (`cargo test -p senlac --test citations -- --nocapture`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use regex::Regex;
use senlac_engine::{Config, Violation};
use senlac_notation::parse;

mod common;
use common::mutants::{line_mutants, mutants};
use common::root;

/// One ruling row of docs/rules/.
struct Ruling {
    /// The document, `docs/rules/NAME.md`.
    doc: String,
    /// The codes its ruling cell names.
    codes: BTreeSet<String>,
}

/// The cells of a table row, split at its unescaped pipes (GitHub's tables
/// split a cell at a `|` even inside a code span, so the docs write `\|`).
fn cells(row: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                out.last_mut().unwrap().push('|');
                chars.next();
            }
            '|' => out.push(String::new()),
            _ => out.last_mut().unwrap().push(c),
        }
    }
    out.iter().map(|c| c.trim().to_string()).collect()
}

/// The codes each document of rulings may name by their short name: the
/// codes of the systems whose rulings it holds (`rout-missing` in
/// docs/rules/hastings-1066-st.md is `hastings-1066::rout-missing`).
fn short_names() -> BTreeMap<&'static str, BTreeMap<&'static str, &'static str>> {
    let mut out: BTreeMap<&str, BTreeMap<&str, &str>> = BTreeMap::new();
    for system in senlac_engine::SYSTEMS {
        let names = out.entry(system.catalog().rulings).or_default();
        for code in system.codes() {
            let (_, what) = code.code.split_once("::").unwrap();
            names.insert(what, code.code);
        }
    }
    out
}

/// Every ruling of docs/rules/, by id. A ruling names a code by its full
/// name in backticks (`tdgs::claim-mismatch`), or by its short name when
/// the code is of the document's own system (`rout-missing`).
fn rulings() -> BTreeMap<String, Ruling> {
    let id = Regex::new(r"^[A-Z]+-R[0-9]+$").unwrap();
    let code = Regex::new(r"`([a-z0-9-]+(?:::[a-z0-9-]+)?)`").unwrap();
    let registered = registered();
    let short = short_names();
    let none = BTreeMap::new();
    let mut out = BTreeMap::new();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs/rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    for path in docs {
        let doc = format!("docs/rules/{}", path.file_name().unwrap().to_string_lossy());
        let short = short.get(doc.as_str()).unwrap_or(&none);
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Some(row) = line.strip_prefix('|') else {
                continue;
            };
            let cells = cells(row);
            if !id.is_match(&cells[0]) {
                continue;
            }
            // `| ID | question | ruling | reasons |`, and nothing after.
            assert_eq!(cells.len(), 5, "{doc}: a ruling row of 4 cells: {line}");
            let mut codes = BTreeSet::new();
            for c in code.captures_iter(&cells[2]) {
                let name = &c[1];
                if name.contains("::") {
                    assert!(
                        registered.contains(name),
                        "{} ({doc}) names `{name}`, which no registry has",
                        cells[0]
                    );
                    codes.insert(name.to_string());
                } else if let Some(full) = short.get(name) {
                    codes.insert(full.to_string());
                }
            }
            let previous = out.insert(
                cells[0].clone(),
                Ruling {
                    doc: doc.clone(),
                    codes,
                },
            );
            assert!(previous.is_none(), "{} is written twice", cells[0]);
        }
    }
    out
}

/// Every registered code: the engine's, the shared setup's, each system's.
fn registered() -> BTreeSet<&'static str> {
    let mut out: BTreeSet<&'static str> = senlac_engine::code::engine::ALL
        .iter()
        .chain(senlac_engine::setup::codes::ALL)
        .map(|c| c.code)
        .collect();
    for system in senlac_engine::SYSTEMS {
        out.extend(system.codes().iter().map(|c| c.code));
    }
    out
}

/// Every ruling a text cites, with the document named before it in the
/// same text, if any (`docs/rules/X.md A-R1 (…), A-R2` names X for both).
fn citations(text: &str) -> Vec<(String, Option<String>)> {
    static CITE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let cite =
        CITE.get_or_init(|| Regex::new(r"docs/rules/[a-z0-9-]+\.md|\b[A-Z]+-R[0-9]+\b").unwrap());
    let mut doc = None;
    let mut out = Vec::new();
    for m in cite.find_iter(text) {
        if m.as_str().starts_with("docs/") {
            doc = Some(m.as_str().to_string());
        } else {
            out.push((m.as_str().to_string(), doc.clone()));
        }
    }
    out
}

/// The diagnostics `senlac lint` gives a text from the rules (a battle
/// whose syntax is sound is checked, the way the command does).
fn violations(text: &str) -> Vec<Violation> {
    let archive = parse(text);
    let mut out = Vec::new();
    for battle in &archive.battles {
        if !battle.errors.is_empty() || !senlac_notation::lower::check(battle).is_empty() {
            continue;
        }
        match senlac_engine::check(battle, Config::default()) {
            Ok(game) => out.extend(game.violations().iter().cloned()),
            Err(v) => out.push(v),
        }
    }
    out
}

fn sbn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            sbn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sbn") {
            out.push(path);
        }
    }
}

/// Every battle text read: (where it comes from, the text).
fn corpus() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    for dir in ["samples", "tests/data", "crates/engine/tests/data"] {
        sbn_files(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(files.len() > 50, "{files:?}");
    let mut out = Vec::new();
    for path in files {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        // Some of the error cases are not UTF-8 on purpose.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if name.starts_with("samples/") {
            for (what, mutant) in mutants(&text) {
                out.push((format!("{name}, {what}"), mutant));
            }
            for (_, what, mutant) in line_mutants(&text) {
                out.push((format!("{name}, {what}"), mutant));
            }
        }
        out.push((name, text));
    }
    out
}

/// A distinct diagnostic: its code and its three texts.
type Key = (&'static str, &'static str, String, Option<String>);

#[test]
fn every_cited_ruling_exists_and_names_the_code_it_decides() {
    let rulings = rulings();
    assert!(rulings.len() > 100, "{}", rulings.len());
    // Each distinct diagnostic, with the first battle it was found in.
    let found: Vec<(Key, String)> = corpus()
        .into_par_iter()
        .flat_map_iter(|(name, text)| {
            violations(&text).into_iter().map(move |v| {
                (
                    (v.code, v.rule, v.message, v.help.map(String::from)),
                    name.clone(),
                )
            })
        })
        .collect();
    let mut diagnostics: BTreeMap<Key, String> = BTreeMap::new();
    for (key, name) in found {
        diagnostics.entry(key).or_insert(name);
    }
    assert!(diagnostics.len() > 500, "{}", diagnostics.len());

    let mut codes_seen = BTreeSet::new();
    let mut cited = BTreeSet::new();
    // (code, ruling, what is wrong) → (the field, the text, the battle).
    let mut wrong: BTreeMap<(&str, String, String), (&str, String, String)> = BTreeMap::new();
    for ((code, rule, message, help), name) in &diagnostics {
        codes_seen.insert(*code);
        let fields = [
            ("rule", Some(rule.to_string())),
            ("message", Some(message.clone())),
            ("help", help.clone()),
        ];
        for (field, text) in fields {
            let Some(text) = text else { continue };
            for (id, doc) in citations(&text) {
                cited.insert(id.clone());
                let problem = match rulings.get(&id) {
                    None => Some("no such ruling in docs/rules/".to_string()),
                    Some(r) if doc.as_ref().is_some_and(|d| *d != r.doc) => Some(format!(
                        "cited in {} but written in {}",
                        doc.as_ref().unwrap(),
                        r.doc
                    )),
                    Some(r) if !r.codes.is_empty() && !r.codes.contains(*code) => Some(format!(
                        "the ruling decides {}, not this code",
                        r.codes
                            .iter()
                            .map(|c| format!("`{c}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                    Some(_) => None,
                };
                if let Some(problem) = problem {
                    wrong
                        .entry((code, id, problem))
                        .or_insert((field, text.clone(), name.clone()));
                }
            }
        }
    }

    println!(
        "{} distinct diagnostics of {} codes; {} rulings cited",
        diagnostics.len(),
        codes_seen.len(),
        cited.len()
    );
    let mut uncited: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (id, ruling) in &rulings {
        if !cited.contains(id) {
            uncited.entry(&ruling.doc).or_default().push(id);
        }
    }
    for (doc, ids) in &uncited {
        println!("{doc}: cited by no diagnostic here: {}", ids.join(" "));
    }

    let report: Vec<String> = wrong
        .iter()
        .map(|((code, id, problem), (field, text, name))| {
            format!(
                "{code} cites {id} in its {field}: {problem}\n    {text}\n    (found in {name})"
            )
        })
        .collect();
    assert!(
        report.is_empty(),
        "{} wrong citations:\n{}",
        report.len(),
        report.join("\n")
    );
}
