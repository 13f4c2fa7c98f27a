//! `senlac lint` on the warnings of the tags and the roster (issue 10): a
//! Result the replay contradicts, a Date that is no date, a Sides tag that
//! names a side twice and a declared figure the tables do not give are
//! warnings: the run passes, and fails with `--deny-warnings`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn lint(text: &str, extra: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.sbn");
    std::fs::write(&path, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .arg("lint")
        .args(extra)
        .arg(&path)
        .output()
        .expect("the senlac binary runs")
}

fn hastings() -> String {
    std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap()
}

/// Each JSON line's code, severity and first label's line.
fn findings(output: &Output) -> Vec<(String, String, u64)> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            (
                v["code"].as_str().unwrap().to_string(),
                v["severity"].as_str().unwrap().to_string(),
                v["labels"][0]["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn tag_and_roster_warnings_pass_unless_warnings_are_denied() {
    let text = hastings()
        .replacen("[Result \"Normans\"]", "[Result \"Saxons\"]", 1)
        .replacen("[Date \"1066-10-14\"]", "[Date \"yesterday\"]", 1)
        .replacen(
            "unit V \"French Contingent\" heavy-infantry B size=1000",
            "unit V \"French Contingent\" heavy-infantry B size=1000 support=1",
            1,
        );
    let out = lint(&text, &["--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let warning = |code: &str, line| (code.to_string(), "warning".to_string(), line);
    assert_eq!(
        findings(&out),
        [
            warning("setup::bad-date", 5),
            warning("setup::wrong-result", 8),
            warning("mass-combat::declared-figure", 33),
        ]
    );
    let denied = lint(&text, &["--deny-warnings", "--format", "short"]);
    assert_eq!(denied.status.code(), Some(1));
    let short = String::from_utf8_lossy(&denied.stdout);
    assert!(
        short.contains(":8:9: warning[setup::wrong-result]: the Result says `Saxons`, but the replay ends with `Normans`"),
        "{short}"
    );
    assert!(
        short.contains("warning[mass-combat::declared-figure]: unit V declares support=1; the table gives heavy infantry grade B support 2"),
        "{short}"
    );
    // The sample as it is: clean.
    let clean = lint(&hastings(), &["--deny-warnings"]);
    assert_eq!(clean.status.code(), Some(0));
}

#[test]
fn a_sides_tag_naming_a_side_twice_is_reported_at_the_second_name() {
    let text = hastings().replacen("[Sides \"Saxons Normans\"]", "[Sides \"Saxons Saxons\"]", 1);
    let out = lint(&text, &["--format", "short"]);
    let short = String::from_utf8_lossy(&out.stdout);
    // Column 16 is the second `Saxons`.
    assert!(
        short.contains(":7:16: warning[setup::sides-tag]: the Sides tag names Saxons twice"),
        "{short}"
    );
}

/// A finding that points back at an earlier line shows both: the second
/// `map` line is labelled, and so is the first, in text and in JSON.
#[test]
fn a_second_map_points_back_at_the_first_in_text_and_json() {
    let text = hastings().replace(
        "map hex 10x10 parity odd\n",
        "map hex 10x10 parity odd\nmap hex 12x12 parity odd\n",
    );
    let json = lint(&text, &["--format", "json"]);
    let line = String::from_utf8_lossy(&json.stdout);
    let value: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(value["code"], "setup::second-map");
    let labels = value["labels"].as_array().unwrap();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert_eq!(
        (labels[0]["line"].as_u64(), labels[1]["line"].as_u64()),
        (Some(12), Some(11))
    );
    assert_eq!(
        labels[1]["label"],
        "the battlefield is this first `map` line"
    );
    let human = lint(&text, &[]);
    let shown = String::from_utf8_lossy(&human.stderr).to_string()
        + &String::from_utf8_lossy(&human.stdout);
    assert!(
        shown.contains("the battlefield is this first `map` line"),
        "{shown}"
    );
}
