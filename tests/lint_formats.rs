//! `senlac lint`'s formats for CI (issue 40): SARIF (validated against the
//! SARIF 2.1.0 schema in tests/data), GitHub workflow commands, JUnit XML,
//! and `--statistics`; snapshots of each on the error fixtures, positions
//! counted in characters, and the GitHub Actions recipe of docs/ci.md run
//! on an error fixture.

mod common;
use common::{lint_counts, root, senlac_in_root};

use std::process::Output;

/// Every fixture with findings: the notation's errors, and rule violations
/// citing their ruling (tests/data/example).
const FIXTURES: [&str; 2] = ["tests/data/errors/", "tests/data/example/"];

fn lint(format: &str, extra: &[&str]) -> Output {
    let mut args = vec!["lint", "--format", format];
    args.extend_from_slice(extra);
    args.extend_from_slice(&FIXTURES);
    senlac_in_root(&args)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Errors and warnings `senlac lint --format short` counts on the fixtures.
fn counted() -> [usize; 5] {
    let short = lint("short", &[]);
    lint_counts(&text(&short.stderr))
}

fn sarif_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/data/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

fn assert_valid_sarif(sarif: &serde_json::Value) {
    let validator = sarif_validator();
    let errors: Vec<String> = validator
        .iter_errors(sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "invalid SARIF: {errors:#?}");
}

#[test]
fn sarif_is_valid_and_has_a_result_per_finding() {
    let out = lint("sarif", &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let sarif: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON document");
    assert_valid_sarif(&sarif);
    let run = &sarif["runs"][0];
    let results = run["results"].as_array().unwrap();
    let [_, _, _, errors, warnings] = counted();
    assert_eq!(results.len(), errors + warnings);
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    // A rule the rules found cites its ruling's document.
    let occupied = rules
        .iter()
        .find(|r| r["id"] == "example::occupied")
        .expect("the example's rule violation");
    assert!(
        occupied["helpUri"]
            .as_str()
            .unwrap()
            .ends_with("/docs/rules/example-duel.md"),
        "{occupied}"
    );
    assert_eq!(
        occupied["properties"]["document"],
        "docs/rules/example-duel.md"
    );
    let missing = rules
        .iter()
        .find(|r| r["id"] == "notation::missing-tag")
        .unwrap();
    assert_eq!(missing["properties"]["document"], "docs/notation.md");
    insta::assert_snapshot!("sarif_errors", stdout);
}

#[test]
fn sarif_that_breaks_the_schema_is_caught() {
    // The validator is not a formality: a result without its message fails.
    let out = lint("sarif", &[]);
    let mut sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let result = &mut sarif["runs"][0]["results"][0];
    result.as_object_mut().unwrap().remove("message");
    assert!(!sarif_validator().is_valid(&sarif));
    sarif["runs"][0]["results"][0]["message"] = serde_json::json!({"text": "x"});
    sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        serde_json::json!(0);
    assert!(!sarif_validator().is_valid(&sarif), "line 0 is not a line");
}

#[test]
fn sarif_of_a_clean_run_is_an_empty_run() {
    let out = senlac_in_root(&["lint", "--format", "sarif", "samples/"]);
    assert_eq!(out.status.code(), Some(0));
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_valid_sarif(&sarif);
    assert_eq!(sarif["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        sarif["runs"][0]["tool"]["driver"]["rules"],
        serde_json::json!([])
    );
}

#[test]
fn github_annotations_one_per_finding() {
    let out = lint("github", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let [_, _, _, errors, warnings] = counted();
    assert_eq!(stdout.lines().count(), errors + warnings);
    let command = regex::Regex::new(
        r"^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^,:]+::[^\r\n]+$",
    )
    .unwrap();
    for line in stdout.lines() {
        assert!(command.is_match(line), "not a workflow command: {line}");
    }
    insta::assert_snapshot!("github_errors", stdout);
}

#[test]
fn junit_has_a_case_per_battle_and_a_failure_per_failing_battle() {
    let out = lint("junit", &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let xml = roxmltree::Document::parse(&stdout).expect("well-formed XML");
    let [files, battles, _, errors, _] = counted();
    let suites: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), files);
    let cases: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    // A file with no battle is one case of its own.
    let empty = cases
        .iter()
        .filter(|c| c.attribute("battle") == Some("0"))
        .count();
    assert_eq!(cases.len(), battles + empty);
    let listed: usize = xml
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .map(|f| f.text().unwrap_or("").lines().count())
        .sum();
    assert_eq!(listed, errors, "every error listed in a failure");
    // The clean duel passes.
    let duel = suites
        .iter()
        .find(|s| s.attribute("name") == Some("tests/data/example/duel.sbn"))
        .unwrap();
    assert_eq!(duel.attribute("failures"), Some("0"));
    insta::assert_snapshot!("junit_errors", stdout);
}

#[test]
fn junit_escapes_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.sbn");
    std::fs::write(
        &path,
        "[Battle \"<b>&\\\"x\\\"</b>\u{1b}[31m\"] [Site \"S\"] [Date \"1066\"] [Rules \"mass-combat/a\"] [Sides \"A B\"] [Result \"*\"]\n1. A\n  I hold }\n",
    )
    .unwrap();
    let out = senlac_in_root(&["lint", "--format", "junit", path.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    let xml = roxmltree::Document::parse(&stdout).expect("well-formed XML");
    let case = xml
        .descendants()
        .find(|n| n.has_tag_name("testcase"))
        .unwrap();
    assert_eq!(
        case.attribute("name"),
        Some("battle 1: <b>&\"x\"</b>\\u{1b}[31m")
    );
    assert!(!stdout.contains('\u{1b}'));
}

#[test]
fn columns_count_characters_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("æthelred.sbn");
    let line = "  Æthelred hold }";
    std::fs::write(
        &path,
        format!(
            "[Battle \"B\"] [Site \"S\"] [Date \"1066\"] [Rules \"mass-combat/a\"] [Sides \"A B\"] [Result \"*\"]\n1. A\n{line}\n"
        ),
    )
    .unwrap();
    let column = line.chars().position(|c| c == '}').unwrap() + 1;
    assert_ne!(
        column,
        line.find('}').unwrap() + 1,
        "the line has multi-byte text"
    );
    let file = path.to_str().unwrap();
    let github = text(&senlac_in_root(&["lint", "--format", "github", file]).stdout);
    assert!(
        github.contains(&format!(
            ",line=3,col={column},endLine=3,endColumn={},",
            column + 1
        )),
        "{github}"
    );
    let sarif: serde_json::Value =
        serde_json::from_slice(&senlac_in_root(&["lint", "--format", "sarif", file]).stdout)
            .unwrap();
    assert_valid_sarif(&sarif);
    let location = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(location["region"]["startLine"], 3);
    assert_eq!(location["region"]["startColumn"], column);
    // An absolute path is a file URI, its non-ASCII name percent-encoded.
    let uri = location["artifactLocation"]["uri"].as_str().unwrap();
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/%C3%A6thelred.sbn"),
        "{uri}"
    );
    let short = text(&senlac_in_root(&["lint", "--format", "short", file]).stdout);
    assert!(short.contains(&format!(":3:{column}: error[notation::stray-close-brace]")));
}

#[test]
fn statistics_count_each_code_most_frequent_first() {
    let out = lint("json", &["--statistics"]);
    assert_eq!(out.status.code(), Some(1));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let [_, _, _, errors, warnings] = counted();
    let total: u64 = rows.iter().map(|r| r["count"].as_u64().unwrap()).sum();
    assert_eq!(total as usize, errors + warnings);
    let counts: Vec<u64> = rows.iter().map(|r| r["count"].as_u64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let occupied = rows
        .iter()
        .find(|r| r["code"] == "example::occupied")
        .unwrap();
    assert_eq!(occupied["severity"], "error");
    assert_eq!(occupied["count"], 1);
    assert!(!occupied["summary"].as_str().unwrap().is_empty());
    let table = lint("human", &["--statistics"]);
    assert_eq!(table.status.code(), Some(1));
    insta::assert_snapshot!("statistics_errors", text(&table.stdout));
}

#[test]
fn the_ci_recipe_annotates_an_error_fixture() {
    // The recipe's lint step, as docs/ci.md writes it, run on a fixture in
    // place of the logs.
    let doc = std::fs::read_to_string(root().join("docs/ci.md")).unwrap();
    let step = doc
        .lines()
        .find_map(|l| l.trim().strip_prefix("run: senlac lint --format github "))
        .expect("docs/ci.md has the lint step");
    assert_eq!(step, "logs/");
    assert!(doc.contains("cargo install --locked"));
    let out = senlac_in_root(&[
        "lint",
        "--format",
        "github",
        "tests/data/errors/missing-verb.sbn",
        "tests/data/example/occupied.sbn",
    ]);
    assert_eq!(out.status.code(), Some(1), "the step fails on errors");
    let stdout = text(&out.stdout);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("::error file=tests/data/errors/missing-verb.sbn,line="),
        "{first}"
    );
    assert!(
        first.contains(",title=notation%3A%3Amissing-verb::"),
        "{first}"
    );
    assert!(stdout.contains(
        "::error file=tests/data/example/occupied.sbn,line=18,col=11,endLine=18,endColumn=15,title=example%3A%3Aoccupied::0101 is held by Red I%0Ahelp: rule: docs/rules/example-duel.md ED-1\n"
    ));
    // The closing count goes to standard error, not among the commands.
    assert!(text(&out.stderr).contains("2 files, 2 battles"));
}
