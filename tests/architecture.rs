//! Architecture invariants that can be checked by reading the code: printers
//! and the renderer see only the system contract, never a system's module.

use std::path::{Path, PathBuf};

mod common;
use common::root;

/// The engine's rule-system modules: every folder under crates/engine/src
/// whose mod.rs implements `System`.
fn system_modules() -> Vec<String> {
    let engine = root().join("crates/engine/src");
    let mut modules: Vec<String> = std::fs::read_dir(&engine)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            std::fs::read_to_string(entry.path().join("mod.rs"))
                .is_ok_and(|text| text.contains("impl System for"))
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    modules.sort();
    modules
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_systems_are_found() {
    // The check below is only as good as this list.
    assert_eq!(
        system_modules(),
        [
            "example",
            "feudal_ohw",
            "hastings_1066",
            "mass_combat",
            "tdgs"
        ]
    );
}

#[test]
fn printers_and_the_renderer_name_no_system() {
    let modules = system_modules();
    let mut files = Vec::new();
    for dir in [
        "crates/cli/src",
        "crates/lsp/src",
        "crates/render/src",
        "crates/board/src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 10, "too few files found: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for module in &modules {
            for needle in [format!("senlac_engine::{module}"), format!("{module}::")] {
                if text.contains(&needle) {
                    found.push(format!("{} names `{needle}`", file.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn printers_name_no_rules_tag_but_the_default() {
    // What a system offers (its overlays, its codes) reaches the CLI through
    // the registry; the one tag the CLI spells is gen's default rules, which
    // its help's examples use too.
    const DEFAULT: &str = "mass-combat/a";
    let mut files = Vec::new();
    for dir in [
        "crates/cli/src",
        "crates/lsp/src",
        "crates/render/src",
        "crates/board/src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for system in senlac_engine::SYSTEMS {
            let tag = system.tag();
            if tag != DEFAULT && text.contains(tag) {
                found.push(format!("{} names `{tag}`", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The code map is complete: every source file of every crate is named in
/// ARCHITECTURE.md (a `mod.rs`, `lib.rs` or `main.rs` by its folder or crate).
#[test]
fn the_code_map_names_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        rust_files(&krate.unwrap().path().join("src"), &mut files);
    }
    let unnamed: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let name = file.file_name()?.to_str()?;
            if matches!(name, "lib.rs" | "main.rs" | "mod.rs") {
                return None;
            }
            let folder = file.parent()?.file_name()?.to_str()?;
            let stem = name.trim_end_matches(".rs");
            let named = map.contains(&format!("`{name}`"))
                || map.contains(&format!("{folder}/{name}"))
                || map.contains(&format!("`{folder}/{stem}"))
                || map.contains(&format!("{name}`"));
            (!named).then(|| {
                file.strip_prefix(&root)
                    .unwrap_or(file)
                    .display()
                    .to_string()
            })
        })
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md's code map does not name: {unnamed:?}"
    );
}

#[test]
fn no_system_has_a_fold_of_its_own() {
    // One fold (crates/engine/src/fold.rs) applies events: a system's play,
    // its trials and its tests all emit through it, so none of them checks
    // a rule against a stand-in that applies events another way.
    let mut files = Vec::new();
    for module in system_modules() {
        rust_files(&root().join("crates/engine/src").join(module), &mut files);
    }
    rust_files(&root().join("crates/engine/tests"), &mut files);
    assert!(files.len() > 40, "too few files found: {files:?}");
    let found: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            text.contains("fn emit(") || text.contains("Deref<Target = State>")
        })
        .map(|file| file.display().to_string())
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn systems_are_crate_private_but_for_the_engines_tests() {
    // rustc reports dead code only in what the crate does not export: a
    // system is public only with the engine's `test-support` feature, which
    // only tests turn on (a dev-dependency), never a default or a dependency.
    let lib = std::fs::read_to_string(root().join("crates/engine/src/lib.rs")).unwrap();
    for module in system_modules() {
        let public = format!("#[cfg(feature = \"test-support\")]\npub mod {module};");
        let private = format!("#[cfg(not(feature = \"test-support\"))]\npub(crate) mod {module};");
        assert!(
            lib.contains(&public) && lib.contains(&private),
            "lib.rs declares `{module}` public only with test-support:\n{public}\n{private}"
        );
        assert_eq!(lib.matches(&format!("pub mod {module};")).count(), 1);
    }
    let mut manifests = vec![root().join("Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    let mut found = Vec::new();
    for manifest in &manifests {
        let text = std::fs::read_to_string(manifest).unwrap();
        let mut section = "";
        for line in text.lines() {
            if line.starts_with('[') {
                section = line;
            }
            let defines = section == "[features]" && line.starts_with("test-support =");
            if line.contains("test-support") && section != "[dev-dependencies]" && !defines {
                found.push(format!("{}: {section} {line}", manifest.display()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The CLI prints through `print`, `eprint` and `errln!`, which end the run
/// quietly when the reader closes the pipe; std's printing macros panic then.
/// The language server prints nothing: its standard output is the protocol.
#[test]
fn the_cli_prints_only_through_its_pipe_aware_writers() {
    let mut files = Vec::new();
    rust_files(&root().join("crates/cli/src"), &mut files);
    rust_files(&root().join("crates/lsp/src"), &mut files);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for needle in ["println!(", "print!(", "dbg!("] {
                if code.contains(needle) {
                    found.push(format!("{}:{}: {needle}", file.display(), number + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
