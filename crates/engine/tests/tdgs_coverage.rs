//! Every rule of the TDGS Mass Combat spec (section 2: 123 rules) has its
//! row in crates/engine/tests/data/tdgs-coverage.tsv, naming the tests that
//! hold its legal case and its illegal cases and the codes those expect, or
//! saying why a case is missing. This test holds the data to the tests it
//! names, and docs/rules/tdgs-coverage.md to the data
//! (`SENLAC_BLESS=1 cargo test -p senlac-engine --test tdgs_coverage`
//! rewrites it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The spec's sections and how many rules each has (section 2, "Count").
const SECTIONS: [(&str, u32); 17] = [
    ("SETUP", 15),
    ("UNITS", 5),
    ("RESOLVE", 5),
    ("TURN", 9),
    ("ACTIONS", 5),
    ("POSITION", 11),
    ("COMMAND", 13),
    ("ORDERS", 9),
    ("MORALE", 8),
    ("TRIGGERS", 7),
    ("CASCADE", 4),
    ("ROUT", 9),
    ("CORNERED", 5),
    ("RALLY", 5),
    ("COMBAT", 8),
    ("LOG", 3),
    ("REPORT", 2),
];

/// The spec's codes the shared setup reports under a code of its own.
const SERVED_BY_SETUP: [(&str, &str); 4] = [
    ("unknown-side", "setup::unknown-side"),
    ("deployed-twice", "setup::deployed-twice"),
    ("duplicate-id", "setup::duplicate-unit"),
    ("off-map", "setup::off-map"),
];

const DATA: &str = "crates/engine/tests/data/tdgs-coverage.tsv";
const DOC: &str = "docs/rules/tdgs-coverage.md";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One rule's row.
struct Row {
    id: String,
    /// The spec's codes without `tdgs::`; empty for none; `via LOG-2`.
    spec: Vec<String>,
    legal: Vec<String>,
    illegal: Vec<String>,
    codes: Vec<String>,
    note: String,
}

/// The words of a cell; `-` is none.
fn words(cell: &str) -> Vec<String> {
    if cell == "-" {
        return Vec::new();
    }
    cell.split_whitespace().map(str::to_string).collect()
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join(DATA)).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next(),
        Some("id\tspec\tlegal\tillegal\tcodes\tnote"),
        "{DATA}: the header"
    );
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), 6, "{DATA}: six cells in {line:?}");
            let spec = match cells[1] {
                "via LOG-2" => vec!["via LOG-2".to_string()],
                cell => words(cell),
            };
            Row {
                id: cells[0].to_string(),
                spec,
                legal: words(cells[2]),
                illegal: words(cells[3]),
                codes: words(cells[4]),
                note: cells[5].to_string(),
            }
        })
        .collect()
}

/// The test files a row may name: `FILE` is crates/engine/tests/FILE.rs or
/// tests/FILE.rs.
fn sources() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for dir in ["crates/engine/tests", "tests"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    out.insert(stem.clone(), text).is_none(),
                    "two test files named {stem}"
                );
            }
        }
    }
    out
}

/// The source of test `name` (`FILE::FUNCTION`): from its `fn` to the
/// closing brace at the start of a line; `None` unless it is a `#[test]`.
fn body<'a>(sources: &'a BTreeMap<String, String>, name: &str) -> Option<&'a str> {
    let (file, function) = name.split_once("::")?;
    let text = sources.get(file)?;
    let head = format!("\nfn {function}(");
    let mut found = text.match_indices(&head);
    let (at, _) = found.next()?;
    assert!(found.next().is_none(), "{name} is defined twice");
    let attributes = text[..at]
        .lines()
        .rev()
        .take_while(|l| l.starts_with("#[") || l.starts_with("///"))
        .any(|l| l == "#[test]");
    if !attributes {
        return None;
    }
    let start = at + 1;
    let end = text[start..]
        .find("\n}\n")
        .map_or(text.len(), |n| start + n + 3);
    Some(&text[start..end])
}

/// Every code registered: TDGS's own and the shared setup's.
fn registered() -> BTreeSet<&'static str> {
    senlac_engine::tdgs::codes::ALL
        .iter()
        .chain(senlac_engine::setup::codes::ALL)
        .map(|c| c.code)
        .collect()
}

#[test]
fn every_rule_of_the_spec_has_one_row() {
    let expected: Vec<String> = SECTIONS
        .iter()
        .flat_map(|&(section, count)| (1..=count).map(move |n| format!("{section}-{n}")))
        .collect();
    assert_eq!(expected.len(), 123);
    let ids: Vec<String> = rows().into_iter().map(|r| r.id).collect();
    let mut seen = BTreeSet::new();
    let twice: Vec<&String> = ids.iter().filter(|id| !seen.insert(*id)).collect();
    assert!(twice.is_empty(), "rows given twice: {twice:?}");
    let missing: Vec<&String> = expected.iter().filter(|id| !ids.contains(id)).collect();
    assert!(missing.is_empty(), "rules without a row: {missing:?}");
    let unknown: Vec<&String> = ids.iter().filter(|id| !expected.contains(id)).collect();
    assert!(unknown.is_empty(), "rows of no rule: {unknown:?}");
    assert_eq!(ids, expected, "rows in the spec's order");
}

#[test]
fn every_test_named_exists() {
    let sources = sources();
    let mut missing = Vec::new();
    for row in rows() {
        for name in row.legal.iter().chain(&row.illegal) {
            if body(&sources, name).is_none() {
                missing.push(format!("{}: {name}", row.id));
            }
        }
    }
    assert!(missing.is_empty(), "no such #[test]: {missing:#?}");
}

#[test]
fn every_row_has_its_cases_or_says_why_not() {
    let sources = sources();
    let known = registered();
    for row in rows() {
        let id = &row.id;
        if row.legal.is_empty() || row.illegal.is_empty() {
            assert!(!row.note.is_empty(), "{id}: say why a case is missing");
        }
        assert_eq!(
            row.illegal.is_empty(),
            row.codes.is_empty(),
            "{id}: illegal tests and the codes they expect go together"
        );
        // A rule with a code of its own has an illegal case for each.
        for code in &row.spec {
            let wanted: Vec<String> = if code == "via LOG-2" {
                vec!["tdgs::claim-mismatch".to_string()]
            } else {
                let mut any = vec![format!("tdgs::{code}")];
                any.extend(
                    SERVED_BY_SETUP
                        .iter()
                        .filter(|(c, _)| c == code)
                        .map(|(_, s)| s.to_string()),
                );
                any
            };
            assert!(
                wanted.iter().any(|w| row.codes.contains(w)),
                "{id}: no illegal case expects {wanted:?}"
            );
        }
        // Each code expected is registered, and expected by a test named.
        for code in &row.codes {
            assert!(known.contains(code.as_str()), "{id}: {code} is no code");
            let quoted = format!("\"{code}\"");
            assert!(
                row.illegal
                    .iter()
                    .filter_map(|t| body(&sources, t))
                    .any(|b| b.contains(&quoted)),
                "{id}: none of {:?} expects {code}",
                row.illegal
            );
        }
        // What is still being built is said where.
        if row.note.contains("in progress") {
            assert!(row.note.contains("in progress (play.rs)"), "{id}");
        }
    }
}

#[test]
fn every_tdgs_code_serves_a_rule() {
    let expected: BTreeSet<String> = rows().into_iter().flat_map(|r| r.codes).collect();
    let orphans: Vec<&str> = senlac_engine::tdgs::codes::ALL
        .iter()
        .map(|c| c.code)
        .filter(|c| !expected.contains(*c))
        .collect();
    assert!(orphans.is_empty(), "codes no row expects: {orphans:?}");
}

/// Every test of tdgs_rules.rs names its rules in a one-line doc comment,
/// and each of those rows names it.
#[test]
fn the_rule_tests_name_their_rules() {
    let sources = sources();
    let text = &sources["tdgs_rules"];
    let rows = rows();
    let listed: BTreeMap<&str, Vec<&String>> = rows
        .iter()
        .map(|r| (r.id.as_str(), r.legal.iter().chain(&r.illegal).collect()))
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    let mut tests = 0;
    for (n, line) in lines.iter().enumerate() {
        let Some(name) = line
            .strip_prefix("fn ")
            .and_then(|l| l.split('(').next())
            .filter(|_| n >= 2 && lines[n - 1] == "#[test]")
        else {
            continue;
        };
        tests += 1;
        let doc = lines[n - 2];
        assert!(
            doc.starts_with("/// ") && !lines[n - 3].starts_with("///"),
            "{name}: one line of doc comment above #[test]"
        );
        let head = doc.split(':').next().unwrap_or("");
        let ids: Vec<&str> = head
            .trim_start_matches("/// ")
            .split(", ")
            .map(|w| w.split(' ').next().unwrap_or(w))
            .collect();
        let full = format!("tdgs_rules::{name}");
        for id in ids {
            let names = listed
                .get(id)
                .unwrap_or_else(|| panic!("{name}: {id} is no rule"));
            assert!(names.contains(&&full), "{id}'s row does not name {full}");
        }
    }
    assert!(tests >= 40, "{tests} tests in tdgs_rules.rs");
}

/// docs/rules/tdgs-coverage.md as the data says it should read.
fn expected_doc() -> String {
    let rows = rows();
    let ids = |keep: &dyn Fn(&Row) -> bool| -> Vec<&str> {
        rows.iter()
            .filter(|r| keep(r))
            .map(|r| r.id.as_str())
            .collect()
    };
    let own = ids(&|r| !r.spec.is_empty());
    let own_covered = ids(&|r| !r.spec.is_empty() && !r.legal.is_empty() && !r.illegal.is_empty());
    let through = ids(&|r| r.spec.is_empty() && !r.legal.is_empty() && !r.illegal.is_empty());
    let legal_only = ids(&|r| !r.legal.is_empty() && r.illegal.is_empty());
    let neither = ids(&|r| r.legal.is_empty());
    let in_progress = ids(&|r| r.note.contains("in progress"));
    let bugs = ids(&|r| r.note.contains("engine bug"));
    let mut out = String::from(
        "# TDGS Mass Combat: the tests of each rule\n\n\
         Generated from `crates/engine/tests/data/tdgs-coverage.tsv` by\n\
         `crates/engine/tests/tdgs_coverage.rs`, which checks that every test named\n\
         exists and that each illegal case expects the codes listed; do not edit by\n\
         hand (`SENLAC_BLESS=1 cargo test -p senlac-engine --test tdgs_coverage`\n\
         rewrites it).\n\n\
         Every rule of the TDGS Mass Combat spec (section 2), with the tests that\n\
         hold its legal case and its illegal cases, and the codes those illegal\n\
         cases expect, each asserted with the exact text under its span. A rule\n\
         whose spec code is \"—\" has no violation of its own: its legal tests show\n\
         its effect, and where a log can still go wrong through it, its illegal\n\
         tests show that under another rule's code. A test is `FILE::FUNCTION`,\n\
         in `crates/engine/tests/FILE.rs`. The rulings are in\n\
         [tdgs-mass-combat.md](tdgs-mass-combat.md).\n\n",
    );
    out.push_str(&format!(
        "**{} rules.** {} have a code of their own (or are checked through the\n\
         claims, LOG-2): {} of them have a legal and an illegal case. Of the {}\n\
         without a code, {} have an illegal case under another rule's code, {} a\n\
         legal case only ({}), and {} no case at all ({}).\n\n\
         Still being built (in progress in play.rs): parts of {}. Cases the engine\n\
         gets wrong, left without a test until it is fixed: parts of {}.\n",
        rows.len(),
        own.len(),
        own_covered.len(),
        rows.len() - own.len(),
        through.len(),
        legal_only.len(),
        legal_only.join(", "),
        neither.len(),
        neither.join(", "),
        in_progress.join(", "),
        bugs.join(", "),
    ));
    let cell = |names: &[String]| -> String {
        if names.is_empty() {
            "—".to_string()
        } else {
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join("<br>")
        }
    };
    for (section, _) in SECTIONS {
        out.push_str(&format!(
            "\n## {section}\n\n| rule | spec code | legal case | illegal case | codes expected | note |\n| --- | --- | --- | --- | --- | --- |\n"
        ));
        for row in rows
            .iter()
            .filter(|r| r.id.rsplit_once('-').is_some_and(|(s, _)| s == section))
        {
            let spec = match row.spec.as_slice() {
                [] => "—".to_string(),
                [via] if via == "via LOG-2" => "via LOG-2".to_string(),
                codes => codes
                    .iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            out.push_str(&format!(
                "| {} | {spec} | {} | {} | {} | {} |\n",
                row.id,
                cell(&row.legal),
                cell(&row.illegal),
                cell(&row.codes),
                row.note.replace('|', "\\|"),
            ));
        }
    }
    out
}

#[test]
fn the_coverage_doc_is_the_data() {
    let path = root().join(DOC);
    let expected = expected_doc();
    if std::env::var_os("SENLAC_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    let first = written
        .lines()
        .zip(expected.lines())
        .position(|(w, e)| w != e)
        .map_or(String::new(), |n| {
            format!(
                "; line {}: {:?}",
                n + 1,
                expected.lines().nth(n).unwrap_or("")
            )
        });
    assert!(
        written == expected,
        "{DOC} is out of date{first}: run `SENLAC_BLESS=1 cargo test -p senlac-engine --test tdgs_coverage`"
    );
}
