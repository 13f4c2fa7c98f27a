//! Every item of the Hastings: 1066 spec's rule inventory (section 2: the
//! general items G.1 to G.8 and the cases of 2.1 to 2.11) has its row in
//! crates/engine/tests/data/hastings-1066-coverage.tsv, naming the tests
//! that hold its legal case and its illegal cases and the codes those
//! expect, or saying why a case is missing. This test holds the rows to the
//! spec (../shared/specs/hastings-1066-st.md, as CI has it), to the tests
//! they name and to the registry, and docs/rules/hastings-1066-coverage.md
//! to the rows (`SENLAC_BLESS=1 cargo test -p senlac-engine --test
//! hastings_1066_coverage` rewrites it). The machinery is coverage_common's,
//! shared with TDGS's table.

mod coverage_common;

use std::collections::BTreeSet;
use std::path::Path;

use coverage_common::{Row, System, page, rows, tally, unfinished};
use senlac_engine::hastings_1066::codes;

const PREFIX: &str = "hastings-1066::";

/// Spec codes senlac reports under another code (hastings_1066_codes.rs's
/// `NOT_REGISTERED`, the reasons that name a code), with the codes that
/// answer them.
const SERVED_BY: [(&str, &[&str]); 12] = [
    (
        "owed-action-missing",
        &[
            "morale-check-missing",
            "rout-missing",
            "pursuit-missing",
            "leader-casualty-missing",
            "leader-escape-missing",
            "withdraw-missing",
        ],
    ),
    ("routed-through-check-missing", &["morale-check-missing"]),
    ("adjacent-check-missing", &["morale-check-missing"]),
    ("commander-fall-checks-missing", &["morale-check-missing"]),
    ("rout-length", &["rout-path"]),
    ("rout-blocked-mismatch", &["rout-path"]),
    ("rout-stops-in-friend", &["rout-path"]),
    ("leader-nationality", &["diff-mismatch", "rally-mismatch"]),
    (
        "ineffective-leader-used",
        &[
            "diff-mismatch",
            "rally-mismatch",
            "movement-allowance-exceeded",
            // An ineffective leader's own 2 MP.
            "leader-move-exceeded",
        ],
    ),
    ("result-tag-mismatch", &["setup::wrong-result"]),
    ("period-overrun", &["game-over"]),
    ("encirclement-broken", &["reform-missing"]),
];

/// A claim is `claim-mismatch` "unless a more specific code is given"
/// (spec section 2): a result claimed wrong on a fire or melee line is the
/// result's code.
const CLAIMS: [&str; 3] = [
    "claim-mismatch",
    "fire-result-mismatch",
    "melee-result-mismatch",
];

/// Spec codes whose checks are not built yet: their rows say "in progress".
const NOT_BUILT: [&str; 0] = [];

/// The spec, where CI keeps it: `../shared` beside the repository.
fn spec() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/specs/hastings-1066-st.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the spec {} cannot be read ({e}): this test needs \
             shared/specs/hastings-1066-st.md checked out beside the repository \
             (../shared), as CI has it",
            path.display()
        )
    })
}

/// One item of the spec's inventory: its case and its codes.
struct Item {
    case: String,
    codes: Vec<String>,
}

/// Section 2's tables: each section's heading and items, in order.
fn inventory() -> Vec<(String, Vec<Item>)> {
    let spec = spec();
    let start = spec.find("\n## 2. Rule inventory").expect("section 2");
    let end = start + spec[start..].find("\n## 3. ").expect("section 3");
    let mut sections: Vec<(String, Vec<Item>)> = Vec::new();
    // The general items stand before 2.1, under no heading of their own.
    let mut heading = "General items (G.1 to G.8)".to_string();
    let mut items: Vec<Item> = Vec::new();
    for line in spec[start..end].lines() {
        if let Some(title) = line.strip_prefix("### ") {
            sections.push((std::mem::replace(&mut heading, title.to_string()), items));
            items = Vec::new();
            continue;
        }
        let Some(cells) = line.strip_prefix("| ") else {
            continue;
        };
        if cells.starts_with("case |") || cells.starts_with("---") {
            continue;
        }
        let cells: Vec<&str> = cells.split(" | ").collect();
        // `G.1 (2.6)`: the source's number in brackets is not the case.
        let case = cells[0].split(" (").next().unwrap().to_string();
        let code_cell = cells.last().unwrap();
        let mut codes: Vec<String> = Vec::new();
        // "same": the codes of the item above, and any named after it.
        if code_cell.starts_with("same") {
            codes.extend(items.last().expect("an item above").codes.clone());
        }
        codes.extend(code_cell.split('`').skip(1).step_by(2).map(str::to_string));
        items.push(Item { case, codes });
    }
    sections.push((heading, items));
    sections
}

fn system() -> System {
    System {
        test: "hastings_1066_coverage",
        data: "crates/engine/tests/data/hastings-1066-coverage.tsv",
        doc: "docs/rules/hastings-1066-coverage.md",
        sections: inventory()
            .into_iter()
            .map(|(heading, items)| (heading, items.into_iter().map(|i| i.case).collect()))
            .collect(),
        // Hastings's codes and the shared setup's (the Result tag).
        registered: codes::ALL
            .iter()
            .chain(senlac_engine::setup::codes::ALL)
            .map(|c| c.code)
            .collect(),
        own: codes::ALL.iter().map(|c| c.code).collect(),
        answers,
        prefix: PREFIX,
        // The tests of orders and fire write codes without the prefix.
        short_quotes: true,
        in_progress: "in progress",
        column: "case",
    }
}

/// The codes that answer a spec code: its own, or those that serve it;
/// `None` for a check not built yet.
fn answers(code: &str) -> Option<Vec<String>> {
    if NOT_BUILT.contains(&code) {
        return None;
    }
    let whole = |c: &str| {
        if c.contains("::") {
            c.to_string()
        } else {
            format!("{PREFIX}{c}")
        }
    };
    Some(match SERVED_BY.iter().find(|(c, _)| *c == code) {
        Some((_, served)) => served.iter().map(|c| whole(c)).collect(),
        None if code == CLAIMS[0] => CLAIMS.iter().map(|c| whole(c)).collect(),
        None => vec![whole(code)],
    })
}

#[test]
fn the_spec_has_242_items() {
    let inventory = inventory();
    let counts: Vec<usize> = inventory.iter().map(|(_, items)| items.len()).collect();
    // The spec's closing count: 8 general items and 234 case items, in the
    // general items and sections 2.1 to 2.11. 13.2a stands in 2.9 and 2.11.
    assert_eq!(counts, [8, 18, 43, 40, 10, 25, 16, 37, 16, 19, 5, 5]);
    assert_eq!(counts.iter().sum::<usize>(), 8 + 234);
    assert!(spec().contains("8 general items and 234 case items"));
}

#[test]
fn every_item_of_the_spec_has_one_row() {
    coverage_common::check_one_row_per_rule(&system());
}

#[test]
fn the_rows_carry_the_specs_codes() {
    let items: Vec<Item> = inventory()
        .into_iter()
        .flat_map(|(_, items)| items)
        .collect();
    for (row, item) in rows(&system()).iter().zip(&items) {
        assert_eq!(row.spec, item.codes, "{}: the spec's codes", row.id);
    }
}

#[test]
fn each_spec_code_is_registered_served_or_in_progress() {
    let registered: BTreeSet<&str> = codes::ALL.iter().map(|c| &c.code[PREFIX.len()..]).collect();
    for (code, _) in SERVED_BY {
        assert!(!registered.contains(code), "{code} is registered");
    }
    for code in NOT_BUILT {
        assert!(!registered.contains(code), "{code} is built: test it");
    }
    for row in rows(&system()) {
        for code in &row.spec {
            assert!(
                registered.contains(code.as_str())
                    || SERVED_BY.iter().any(|(c, _)| c == code)
                    || NOT_BUILT.contains(&code.as_str()),
                "{}: {code} is neither registered, served nor in progress",
                row.id
            );
        }
    }
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
fn every_hastings_code_serves_an_item() {
    coverage_common::check_every_code_serves_a_rule(&system());
}

/// docs/rules/hastings-1066-coverage.md as the data says it should read.
fn expected_doc() -> String {
    let system = system();
    let rows = rows(&system);
    let t = tally(&rows);
    let mut head = String::from(
        "# Hastings: 1066: the tests of each rule\n\n\
         Generated from `crates/engine/tests/data/hastings-1066-coverage.tsv` by\n\
         `crates/engine/tests/hastings_1066_coverage.rs`, which checks that every\n\
         test named exists and that each illegal case expects the codes listed; do\n\
         not edit by hand (`SENLAC_BLESS=1 cargo test -p senlac-engine --test\n\
         hastings_1066_coverage` rewrites it).\n\n\
         Every item of the Hastings: 1066 spec's rule inventory (section 2: the\n\
         general items, then the cases of 2.1 to 2.11), with the tests that hold\n\
         its legal case and its illegal cases, and the codes those illegal cases\n\
         expect, each asserted with the exact text under its span. A spec code\n\
         senlac reports under another code (one finding for one kind of fault)\n\
         is answered by that code, as the note says. An item whose spec code is\n\
         \"—\" has no violation of its own: its legal tests show its effect, and\n\
         where a log can still go wrong through it, its illegal tests show that\n\
         under another item's code. A test is `FILE::FUNCTION`, in\n\
         `crates/engine/tests/FILE.rs`. The rulings are in\n\
         [hastings-1066-st.md](hastings-1066-st.md).\n\n",
    );
    // The tally's kinds, split by whether the item has a code of its own:
    // an item with a code may still lack a case (its check in progress).
    let ids = |keep: &dyn Fn(&Row) -> bool| -> Vec<&str> {
        rows.iter()
            .filter(|r| keep(r))
            .map(|r| r.id.as_str())
            .collect()
    };
    let own_short = ids(&|r| !r.spec.is_empty() && (r.legal.is_empty() || r.illegal.is_empty()));
    let illegal_only = ids(&|r| r.spec.is_empty() && r.legal.is_empty() && !r.illegal.is_empty());
    let no_code = |v: &[&str], keep: &dyn Fn(&&str) -> bool| -> Vec<String> {
        v.iter()
            .filter(|id| !t.own.contains(id) && keep(id))
            .map(|id| id.to_string())
            .collect()
    };
    let legal_only = no_code(&t.legal_only, &|_| true);
    let neither = no_code(&t.neither, &|id| !illegal_only.contains(id));
    // "3 (a; b; c)", or "0" with no empty brackets.
    let counted = |v: &[String]| match v.len() {
        0 => "0".to_string(),
        n => format!("{n} ({})", v.join("; ")),
    };
    head.push_str(&format!(
        "**{} items.** {} have a code of their own: {} of them have a legal and an\n\
         illegal case, {} not both. Of the {} without a code, {} have an illegal\n\
         case under another item's code, {} a legal case only, {} an illegal case\n\
         only, and {} no case at all.\n",
        t.rows,
        t.own.len(),
        t.own_covered.len(),
        counted(&own_short.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
        t.rows - t.own.len(),
        t.through.len(),
        counted(&legal_only),
        counted(
            &illegal_only
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        ),
        counted(&neither),
    ));
    head.push_str(&unfinished(&t, "in progress", "; "));
    page(&system, &rows, &head)
}

#[test]
fn the_coverage_doc_is_the_data() {
    coverage_common::check_doc(&system(), &expected_doc());
}
