//! Every rule of the TDGS Mass Combat spec (section 2: 123 rules) has its
//! row in crates/engine/tests/data/tdgs-coverage.tsv, naming the tests that
//! hold its legal case and its illegal cases and the codes those expect, or
//! saying why a case is missing. This test holds the data to the tests it
//! names, and docs/rules/tdgs-coverage.md to the data
//! (`SENLAC_BLESS=1 cargo test -p senlac-engine --test tdgs_coverage`
//! rewrites it). The checks and the page's tables are coverage_common's,
//! shared with Hastings: 1066's table.

mod coverage_common;

use std::collections::BTreeMap;

use coverage_common::{Row, System, page, rows, sources, tally, unfinished};

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

fn system() -> System {
    System {
        test: "tdgs_coverage",
        data: "crates/engine/tests/data/tdgs-coverage.tsv",
        doc: "docs/rules/tdgs-coverage.md",
        sections: SECTIONS
            .iter()
            .map(|&(section, count)| {
                let ids = (1..=count).map(|n| format!("{section}-{n}")).collect();
                (section.to_string(), ids)
            })
            .collect(),
        // Every code registered: TDGS's own and the shared setup's.
        registered: senlac_engine::tdgs::codes::ALL
            .iter()
            .chain(senlac_engine::setup::codes::ALL)
            .map(|c| c.code)
            .collect(),
        own: senlac_engine::tdgs::codes::ALL
            .iter()
            .map(|c| c.code)
            .collect(),
        answers,
        prefix: "tdgs::",
        short_quotes: false,
        in_progress: "in progress (play.rs)",
        column: "rule",
    }
}

/// The codes that answer a spec code: its own, or the shared setup's, or
/// the claims' for a rule checked through them.
fn answers(code: &str) -> Option<Vec<String>> {
    if code == "via LOG-2" {
        return Some(vec!["tdgs::claim-mismatch".to_string()]);
    }
    let mut any = vec![format!("tdgs::{code}")];
    any.extend(
        SERVED_BY_SETUP
            .iter()
            .filter(|(c, _)| *c == code)
            .map(|(_, s)| s.to_string()),
    );
    Some(any)
}

#[test]
fn every_rule_of_the_spec_has_one_row() {
    let system = system();
    let count: usize = system.sections.iter().map(|(_, ids)| ids.len()).sum();
    assert_eq!(count, 123);
    coverage_common::check_one_row_per_rule(&system);
}

#[test]
fn every_test_named_exists() {
    coverage_common::check_every_test_named_exists(&system());
}

#[test]
fn every_row_has_its_cases_or_says_why_not() {
    coverage_common::check_every_row_has_its_cases_or_says_why_not(&system());
}

#[test]
fn every_tdgs_code_serves_a_rule() {
    coverage_common::check_every_code_serves_a_rule(&system());
}

/// Every test of tdgs_rules.rs names its rules in a one-line doc comment,
/// and each of those rows names it.
#[test]
fn the_rule_tests_name_their_rules() {
    let sources = sources();
    let text = &sources["tdgs_rules"];
    let rows = rows(&system());
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
    let system = system();
    let rows: Vec<Row> = rows(&system);
    let t = tally(&rows);
    let mut head = String::from(
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
    head.push_str(&format!(
        "**{} rules.** {} have a code of their own (or are checked through the\n\
         claims, LOG-2): {} of them have a legal and an illegal case. Of the {}\n\
         without a code, {} have an illegal case under another rule's code, {} a\n\
         legal case only ({}), and {} no case at all ({}).\n",
        t.rows,
        t.own.len(),
        t.own_covered.len(),
        t.rows - t.own.len(),
        t.through.len(),
        t.legal_only.len(),
        t.legal_only.join(", "),
        t.neither.len(),
        t.neither.join(", "),
    ));
    head.push_str(&unfinished(&t, "in progress in play.rs", ", "));
    page(&system, &rows, &head)
}

#[test]
fn the_coverage_doc_is_the_data() {
    coverage_common::check_doc(&system(), &expected_doc());
}
