//! Every diagnostic code of the engine is registered with its severity,
//! documented in docs/codes.md, and produced by at least one test.

use std::path::{Path, PathBuf};

use senlac_engine::{CodeInfo, SYSTEMS};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every registry: the engine's own, the shared setup checks, each system's.
fn registries() -> Vec<(&'static str, &'static [CodeInfo])> {
    let mut out: Vec<(&'static str, &'static [CodeInfo])> = vec![
        ("engine", senlac_engine::code::engine::ALL),
        ("setup", senlac_engine::setup::codes::ALL),
    ];
    for system in SYSTEMS {
        // Editions of one system share a registry: list it once.
        if !out
            .iter()
            .any(|(_, codes)| std::ptr::eq(*codes, system.codes()))
        {
            out.push((system.tag(), system.codes()));
        }
    }
    out
}

/// docs/codes.md as the registries say it should read.
fn expected_doc() -> String {
    let mut out = String::from(
        "# Diagnostic codes of the rules engine\n\n\
         Every finding of `senlac lint` beyond the notation's own (docs/notation.md)\n\
         has one of these stable codes. Errors fail a run; warnings fail it only with\n\
         `--deny-warnings`; advice never does. This file is checked against the\n\
         registries by crates/engine/tests/codes.rs.\n",
    );
    for (name, codes) in registries() {
        out.push_str(&format!(
            "\n## {name}\n\n| code | severity | meaning |\n| --- | --- | --- |\n"
        ));
        for code in codes {
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                code.code,
                code.severity.word(),
                code.summary
            ));
        }
    }
    out
}

#[test]
fn codes_are_unique_and_named_by_their_registry() {
    let mut seen = std::collections::HashSet::new();
    for (_, codes) in registries() {
        for code in codes {
            assert!(seen.insert(code.code), "{} is registered twice", code.code);
            assert!(
                code.code.split_once("::").is_some_and(|(system, what)| {
                    !system.is_empty()
                        && what
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                }),
                "{} is not `system::kebab-case`",
                code.code
            );
            assert!(!code.summary.is_empty(), "{} has no summary", code.code);
        }
    }
    assert!(seen.len() > 10, "too few codes: {seen:?}");
}

#[test]
fn every_code_is_documented() {
    let path = root().join("docs/codes.md");
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    let expected = expected_doc();
    if std::env::var_os("SENLAC_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    assert_eq!(
        written, expected,
        "docs/codes.md is out of date: run `SENLAC_BLESS=1 cargo test -p senlac-engine --test codes`"
    );
}

fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            text_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "sbn" || e == "snap")
        {
            out.push(path);
        }
    }
}

#[test]
fn every_code_is_produced_by_a_test() {
    // The tests that expect codes: the end-to-end tests and their data, each
    // crate's tests, and the unit tests inside the engine's sources.
    let mut files = Vec::new();
    for dir in ["tests", "crates/engine/tests", "crates/engine/src"] {
        text_files(&root().join(dir), &mut files);
    }
    let this = Path::new(file!()).file_name().unwrap();
    let corpus: String = files
        .iter()
        .filter(|f| f.file_name() != Some(this))
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).ok()?;
            // In sources only the test modules count, not the registries.
            if f.starts_with(root().join("crates/engine/src")) {
                text.find("#[cfg(test)]").map(|at| text[at..].to_string())
            } else {
                Some(text)
            }
        })
        .collect();
    let untested: Vec<&str> = registries()
        .iter()
        .flat_map(|(_, codes)| codes.iter())
        .map(|c| c.code)
        .filter(|code| {
            // A system's check helper may expect a finding by its short name,
            // `("odds-mismatch", "defense=4")`, within the system's tests.
            let short = code.split_once("::").map_or(*code, |(_, s)| s);
            !corpus.contains(code) && !corpus.contains(&format!("(\"{short}\","))
        })
        .collect();
    assert!(
        untested.is_empty(),
        "no test expects these codes: {untested:?}"
    );
}
