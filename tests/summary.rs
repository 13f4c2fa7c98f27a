//! `senlac summary` (issue 40): the season's table on the samples, on a
//! generated archive of every system (its totals agree with `senlac
//! lint`'s counts), in each format, with the log's text quoted or escaped
//! as each format needs.

mod common;
use common::{lint_counts, root, senlac_in_root};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn summary_json(paths: &[&str]) -> (serde_json::Value, Option<i32>) {
    let mut args = vec!["summary", "--format", "json"];
    args.extend_from_slice(paths);
    let out = senlac_in_root(&args);
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stderr)));
    (json, out.status.code())
}

#[test]
fn the_samples_table() {
    let out = senlac_in_root(&["summary", "samples/"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    insta::assert_snapshot!("summary_samples_table", text(&out.stdout));
    let md = senlac_in_root(&["summary", "samples/", "--format", "md"]);
    insta::assert_snapshot!("summary_samples_md", text(&md.stdout));
    let (json, code) = summary_json(&["samples/"]);
    assert_eq!(code, Some(0));
    insta::assert_snapshot!(
        "summary_samples_json",
        serde_json::to_string_pretty(&json).unwrap()
    );
    let hastings = json["battles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["file"] == "samples/hastings.sbn")
        .unwrap();
    assert_eq!(hastings["result"], "Normans");
    assert_eq!(hastings["decided"], "Normans");
    assert_eq!(hastings["rules"], "mass-combat/a");
    let normans = json["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["side"] == "Normans")
        .unwrap();
    assert_eq!(normans["wins"], 1);
}

/// Each system's generated battles in a file of their own.
fn generated_archive(battles: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (i, system) in senlac_engine::SYSTEMS.iter().enumerate() {
        let path = dir
            .path()
            .join(format!("{i}-{}.sbn", system.tag().replace('/', "-")));
        let out = senlac_in_root(&[
            "gen",
            "--rules",
            system.tag(),
            "--battles",
            &battles.to_string(),
            "--seed",
            "40",
            "-o",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    dir
}

#[test]
fn a_generated_archive_of_every_system_agrees_with_lint() {
    // Few: Feudal's generator takes seconds a battle in a debug build.
    let battles = 4;
    let dir = generated_archive(battles);
    // One battle breaks the rules, one the notation.
    let first = dir.path().join("0-mass-combat-a.sbn");
    let original = std::fs::read_to_string(&first).unwrap();
    let broken = original.replacen("[Result \"", "[Result \"Nobody", 1) + "[Battle \"x\"]\n1 A\n";
    std::fs::write(&first, broken).unwrap();
    let path = dir.path().to_str().unwrap();
    let (json, code) = summary_json(&[path]);
    let lint = senlac_in_root(&["lint", path]);
    let [files, lint_battles, actions, errors, warnings] = lint_counts(&text(&lint.stderr));
    assert_eq!(code, lint.status.code(), "summary exits as lint does");
    let totals = &json["totals"];
    assert_eq!(totals["files"], files);
    assert_eq!(totals["battles"], lint_battles);
    assert_eq!(totals["actions"], actions);
    assert_eq!(totals["errors"], errors);
    assert_eq!(totals["warnings"], warnings);
    assert!(
        errors > 0 && warnings > 0,
        "{errors} errors, {warnings} warnings"
    );
    let systems = senlac_engine::SYSTEMS.len();
    assert_eq!(lint_battles, systems * battles as usize + 1);
    let rows = json["battles"].as_array().unwrap();
    assert_eq!(rows.len(), lint_battles);
    // Sorted by file, then battle; each file's battles under its rules.
    let keys: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["battle"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    for system in senlac_engine::SYSTEMS {
        let of_system: Vec<_> = rows.iter().filter(|r| r["rules"] == system.tag()).collect();
        assert!(of_system.len() >= battles as usize, "{}", system.tag());
        assert!(of_system.iter().all(|r| r["turns"].as_u64().unwrap() >= 1));
    }
    // The sums are the rows'.
    let sum = |key: &str| rows.iter().map(|r| r[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(totals["turns"], sum("turns"));
    let decided = rows.iter().filter(|r| !r["decided"].is_null()).count();
    assert_eq!(totals["decided"], decided);
    // Each side's battles are its wins, losses, draws and undecided ones.
    for side in json["sides"].as_array().unwrap() {
        let parts: u64 = ["wins", "losses", "draws", "undecided"]
            .iter()
            .map(|k| side[k].as_u64().unwrap())
            .sum();
        assert_eq!(side["battles"].as_u64().unwrap(), parts, "{side}");
    }
    // CSV: a header and one record per battle.
    let csv = senlac_in_root(&["summary", "--format", "csv", path]);
    let mut reader = csv::Reader::from_reader(csv.stdout.as_slice());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "file", "battle", "Battle", "Date", "Rules", "Sides", "Result", "decided", "turns",
            "actions", "errors", "warnings"
        ]
    );
    assert_eq!(reader.records().count(), lint_battles);
}

#[test]
fn each_format_quotes_or_escapes_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("season.sbn");
    let sample = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let hostile = sample.replacen(
        "[Battle \"Hastings\"]",
        "[Battle \"Hastings | \\\"the, last\\\" <b>\u{1b}[2J\"]",
        1,
    );
    assert_ne!(hostile, sample);
    std::fs::write(&path, &hostile).unwrap();
    let file = path.to_str().unwrap();
    let name = "Hastings | \"the, last\" <b>\u{1b}[2J";
    let csv = senlac_in_root(&["summary", "--format", "csv", file]);
    let mut reader = csv::Reader::from_reader(csv.stdout.as_slice());
    let record = reader.records().next().unwrap().unwrap();
    assert_eq!(&record[2], name, "CSV keeps the name whole, quoted");
    let md = text(&senlac_in_root(&["summary", "--format", "md", file]).stdout);
    assert!(
        md.contains("Hastings \\| \"the, last\" \\<b\\>\\u{1b}\\[2J"),
        "{md}"
    );
    let table = text(&senlac_in_root(&["summary", file]).stdout);
    assert!(!table.contains('\u{1b}'), "{table}");
    assert!(table.contains("<b>\\u{1b}[2J"), "{table}");
    let (json, _) = summary_json(&[file]);
    assert_eq!(json["battles"][0]["name"], name);
}

#[test]
fn exit_codes_follow_lint() {
    let (json, code) = summary_json(&["tests/data/errors/"]);
    assert_eq!(code, Some(1), "a battle with errors");
    assert!(json["totals"]["errors"].as_u64().unwrap() > 0);
    let empty = json["battles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["file"] == "tests/data/errors/empty-archive.sbn")
        .unwrap();
    assert_eq!(empty["battle"], 0);
    assert_eq!(empty["errors"], 1);
    let missing = senlac_in_root(&["summary", "no/such/dir"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no/such/dir"));
}
