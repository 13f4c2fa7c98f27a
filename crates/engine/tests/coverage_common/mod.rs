//! What the rule-by-rule coverage tables share (tdgs_coverage.rs,
//! hastings_1066_coverage.rs): a system's TSV of one row per rule of its
//! spec, naming the tests that hold the rule's legal case and its illegal
//! cases and the codes those expect; the checks that hold the rows to the
//! tests they name and to the codes registered; and the markdown page
//! written from the rows (`SENLAC_BLESS=1` rewrites it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What differs between one system's table and another's.
pub struct System {
    /// The test file that checks the table, for the rewrite's command.
    pub test: &'static str,
    /// The TSV and the page written from it, from the repository's root.
    pub data: &'static str,
    pub doc: &'static str,
    /// The spec's sections in order, each with its heading and the ids of
    /// its rules in order.
    pub sections: Vec<(String, Vec<String>)>,
    /// Every code a row may expect.
    pub registered: BTreeSet<&'static str>,
    /// The system's own codes: each is expected by some row.
    pub own: Vec<&'static str>,
    /// The codes that answer a spec code: an illegal case must expect one
    /// of them; `None` when its check is not built yet (the row's note
    /// then says "in progress").
    pub answers: fn(&str) -> Option<Vec<String>>,
    /// The registry prefix, `tdgs::`; with `short_quotes`, a test may write
    /// a code without it (`"rout-path"`) as well as whole.
    pub prefix: &'static str,
    pub short_quotes: bool,
    /// What a note saying "in progress" must also say: where.
    pub in_progress: &'static str,
    /// The head of the page's tables' first column: `rule`, `case`.
    pub column: &'static str,
}

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One rule's row.
pub struct Row {
    pub id: String,
    /// The spec's codes without the prefix; empty for none; `via LOG-2`.
    pub spec: Vec<String>,
    pub legal: Vec<String>,
    pub illegal: Vec<String>,
    pub codes: Vec<String>,
    pub note: String,
}

/// The words of a cell; `-` is none.
fn words(cell: &str) -> Vec<String> {
    if cell == "-" {
        return Vec::new();
    }
    cell.split_whitespace().map(str::to_string).collect()
}

pub fn rows(system: &System) -> Vec<Row> {
    let data = system.data;
    let text = std::fs::read_to_string(root().join(data)).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next(),
        Some("id\tspec\tlegal\tillegal\tcodes\tnote"),
        "{data}: the header"
    );
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), 6, "{data}: six cells in {line:?}");
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
pub fn sources() -> BTreeMap<String, String> {
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
pub fn body<'a>(sources: &'a BTreeMap<String, String>, name: &str) -> Option<&'a str> {
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

/// One row per rule, in the spec's order; an id given twice only where the
/// spec lists it in two sections.
pub fn check_one_row_per_rule(system: &System) {
    let expected: Vec<&String> = system.sections.iter().flat_map(|(_, ids)| ids).collect();
    for (section, ids) in &system.sections {
        let mut seen = BTreeSet::new();
        let twice: Vec<&String> = ids.iter().filter(|id| !seen.insert(*id)).collect();
        assert!(
            twice.is_empty(),
            "rules given twice in {section}: {twice:?}"
        );
    }
    let rows = rows(system);
    let ids: Vec<&String> = rows.iter().map(|r| &r.id).collect();
    let missing: Vec<&&String> = expected.iter().filter(|id| !ids.contains(id)).collect();
    assert!(missing.is_empty(), "rules without a row: {missing:?}");
    let unknown: Vec<&&String> = ids.iter().filter(|id| !expected.contains(id)).collect();
    assert!(unknown.is_empty(), "rows of no rule: {unknown:?}");
    assert_eq!(ids, expected, "one row per rule, in the spec's order");
}

pub fn check_every_test_named_exists(system: &System) {
    let sources = sources();
    let mut missing = Vec::new();
    for row in rows(system) {
        for name in row.legal.iter().chain(&row.illegal) {
            if body(&sources, name).is_none() {
                missing.push(format!("{}: {name}", row.id));
            }
        }
    }
    assert!(missing.is_empty(), "no such #[test]: {missing:#?}");
}

pub fn check_every_row_has_its_cases_or_says_why_not(system: &System) {
    let sources = sources();
    for row in rows(system) {
        let id = &row.id;
        if row.legal.is_empty() || row.illegal.is_empty() {
            assert!(!row.note.is_empty(), "{id}: say why a case is missing");
        }
        assert_eq!(
            row.illegal.is_empty(),
            row.codes.is_empty(),
            "{id}: illegal tests and the codes they expect go together"
        );
        // A rule with a code of its own has an illegal case for each, or
        // says its check is still being built.
        for code in &row.spec {
            match (system.answers)(code) {
                Some(wanted) => assert!(
                    wanted.iter().any(|w| row.codes.contains(w)),
                    "{id}: no illegal case expects {wanted:?}"
                ),
                None => assert!(
                    row.note.contains("in progress"),
                    "{id}: {code} is not built; say it is in progress"
                ),
            }
        }
        // Each code expected is registered, and expected by a test named.
        for code in &row.codes {
            assert!(
                system.registered.contains(code.as_str()),
                "{id}: {code} is no code"
            );
            let mut quoted = vec![format!("\"{code}\"")];
            if system.short_quotes
                && let Some(short) = code.strip_prefix(system.prefix)
            {
                quoted.push(format!("\"{short}\""));
            }
            assert!(
                row.illegal
                    .iter()
                    .filter_map(|t| body(&sources, t))
                    .any(|b| quoted.iter().any(|q| b.contains(q.as_str()))),
                "{id}: none of {:?} expects {code}",
                row.illegal
            );
        }
        // What is still being built is said where.
        if row.note.contains("in progress") {
            assert!(row.note.contains(system.in_progress), "{id}");
        }
    }
}

pub fn check_every_code_serves_a_rule(system: &System) {
    let expected: BTreeSet<String> = rows(system).into_iter().flat_map(|r| r.codes).collect();
    let orphans: Vec<&&str> = system
        .own
        .iter()
        .filter(|c| !expected.contains(**c))
        .collect();
    assert!(orphans.is_empty(), "codes no row expects: {orphans:?}");
}

/// The ids of the rows that are each kind of case, for the page's summary.
pub struct Tally<'a> {
    pub rows: usize,
    /// Rules with a code of their own, and those of them with a legal and
    /// an illegal case.
    pub own: Vec<&'a str>,
    pub own_covered: Vec<&'a str>,
    /// Rules without a code with both cases (the illegal one under another
    /// rule's code), a legal case only, or no case.
    pub through: Vec<&'a str>,
    pub legal_only: Vec<&'a str>,
    pub neither: Vec<&'a str>,
    /// Rules whose note says "in progress" or "engine bug".
    pub in_progress: Vec<&'a str>,
    pub bugs: Vec<&'a str>,
}

pub fn tally(rows: &[Row]) -> Tally<'_> {
    let ids = |keep: &dyn Fn(&Row) -> bool| -> Vec<&str> {
        rows.iter()
            .filter(|r| keep(r))
            .map(|r| r.id.as_str())
            .collect()
    };
    Tally {
        rows: rows.len(),
        own: ids(&|r| !r.spec.is_empty()),
        own_covered: ids(&|r| !r.spec.is_empty() && !r.legal.is_empty() && !r.illegal.is_empty()),
        through: ids(&|r| r.spec.is_empty() && !r.legal.is_empty() && !r.illegal.is_empty()),
        legal_only: ids(&|r| !r.legal.is_empty() && r.illegal.is_empty()),
        neither: ids(&|r| r.legal.is_empty()),
        in_progress: ids(&|r| r.note.contains("in progress")),
        bugs: ids(&|r| r.note.contains("engine bug")),
    }
}

/// The summary's last paragraphs, each said only when there is something
/// to list: the rules still being built (`building`: "in progress", and
/// where) and the cases the engine gets wrong, their ids joined by
/// `separator`.
pub fn unfinished(t: &Tally, building: &str, separator: &str) -> String {
    let mut out = String::new();
    if !t.in_progress.is_empty() {
        out.push_str(&format!(
            "\nStill being built ({building}): parts of {}.\n",
            t.in_progress.join(separator)
        ));
    }
    if !t.bugs.is_empty() {
        out.push_str(&format!(
            "\nCases the engine gets wrong, left without a test until it is fixed:\n\
             parts of {}.\n",
            t.bugs.join(separator)
        ));
    }
    out
}

/// The page: `head` (title, introduction and summary, each paragraph
/// ending in a newline), then one table a section.
pub fn page(system: &System, rows: &[Row], head: &str) -> String {
    let mut out = head.to_string();
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
    let mut rows = rows.iter();
    for (section, ids) in &system.sections {
        out.push_str(&format!(
            "\n## {section}\n\n| {} | spec code | legal case | illegal case | codes expected | note |\n| --- | --- | --- | --- | --- | --- |\n",
            system.column
        ));
        // check_one_row_per_rule holds the rows to the sections' order.
        for row in rows.by_ref().take(ids.len()) {
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

/// The page written is `expected`, or, with SENLAC_BLESS set, becomes it.
pub fn check_doc(system: &System, expected: &str) {
    let (doc, test) = (system.doc, system.test);
    let path = root().join(doc);
    if std::env::var_os("SENLAC_BLESS").is_some() {
        std::fs::write(&path, expected).unwrap();
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
        "{doc} is out of date{first}: run `SENLAC_BLESS=1 cargo test -p senlac-engine --test {test}`"
    );
}
