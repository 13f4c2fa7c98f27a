//! End-to-end tests of the `senlac` binary: golden outputs over tests/data,
//! the samples, exit codes and hostile input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn senlac(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the senlac binary runs")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs a command from the repository root, so paths in output are relative.
fn senlac_in_root(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the senlac binary runs")
}

/// The lint summary line ends with a speed that changes run to run.
fn without_speed(stderr: &str) -> String {
    stderr
        .lines()
        .map(|line| match line.find(" (") {
            Some(at) if line.ends_with(" MiB/s)") => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn samples_are_clean_and_canonical() {
    let lint = senlac_in_root(&["lint", "samples/"]);
    assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stderr));
    let check = senlac_in_root(&["fmt", "--check", "samples/"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

#[test]
fn format_golden() {
    insta::glob!("data/format/*.sbn", |path| {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("battle.sbn");
        std::fs::copy(path, &copy).unwrap();
        let copy_arg = copy.to_str().unwrap();
        let check = senlac(&["fmt", "--check", copy_arg]);
        assert_eq!(
            check.status.code(),
            Some(1),
            "a golden input is not canonical yet"
        );
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            std::fs::read(path).unwrap(),
            "--check wrote"
        );
        let run = senlac(&["fmt", copy_arg]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let formatted = std::fs::read_to_string(&copy).unwrap();
        insta::assert_snapshot!(formatted);
        let again = senlac(&["fmt", "--check", copy_arg]);
        assert_eq!(again.status.code(), Some(0), "fmt is not idempotent");
        let lint = senlac(&["lint", "--syntax-only", copy_arg]);
        assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stderr));
    });
}

#[test]
fn error_golden() {
    insta::glob!("data/errors/*.sbn", |path| {
        let relative = path.strip_prefix(root().canonicalize().unwrap()).unwrap();
        let relative = relative.to_str().unwrap();
        let human = senlac_in_root(&["lint", relative]);
        let short = senlac_in_root(&["lint", "--format", "short", relative]);
        assert_eq!(human.status.code(), Some(1));
        assert_eq!(short.status.code(), Some(1));
        // The file's name says which code it must produce.
        let code = path.file_stem().unwrap().to_str().unwrap();
        if code != "many-errors-one-report" {
            assert!(
                text(&short.stdout).contains(&format!("error[notation::{code}]")),
                "{code} not reported:\n{}",
                text(&short.stdout)
            );
        }
        insta::assert_snapshot!(format!(
            "{}\n---- short ----\n{}",
            without_speed(&text(&human.stderr)),
            text(&short.stdout)
        ));
    });
}

#[test]
fn json_diagnostics_carry_positions() {
    let out = senlac_in_root(&[
        "lint",
        "--format",
        "json",
        "tests/data/errors/missing-verb.sbn",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let first = &lines[0];
    assert_eq!(first["code"], "notation::missing-verb");
    assert_eq!(first["battle"], 1);
    assert_eq!(first["labels"][0]["line"], 4);
    assert_eq!(first["labels"][0]["column"], 5);
    let source =
        std::fs::read_to_string(root().join("tests/data/errors/missing-verb.sbn")).unwrap();
    let (start, end) = (
        first["labels"][0]["start"].as_u64().unwrap() as usize,
        first["labels"][0]["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(&source[start..end], "I");
    assert_eq!(lines[1]["labels"][0]["line"], 5);
}

/// Writes `bytes` to a temporary .sbn file and lints and formats it.
fn hostile(bytes: &[u8], code: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.sbn");
    std::fs::write(&path, bytes).unwrap();
    let path = path.to_str().unwrap();
    let lint = senlac(&["lint", "--format", "short", path]);
    assert_eq!(lint.status.code(), Some(1), "{}", text(&lint.stderr));
    assert!(
        text(&lint.stdout).contains(code),
        "expected {code}, got:\n{}",
        text(&lint.stdout)
    );
    let fmt = senlac(&["fmt", path]);
    assert_eq!(fmt.status.code(), Some(1), "{}", text(&fmt.stderr));
    assert_eq!(
        std::fs::read(path).unwrap(),
        bytes,
        "fmt changed a file with errors"
    );
}

const HEADER: &str = "[Battle \"B\"] [Site \"S\"] [Date \"D\"] [Rules \"mass-combat/a\"] [Sides \"A B\"] [Result \"*\"]\n";

#[test]
fn hostile_empty_file() {
    hostile(b"", "notation::empty-archive");
    hostile(b" \n\t\n", "notation::empty-archive");
}

#[test]
fn hostile_binary_data() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    hostile(&bytes, "notation::invalid-utf8");
}

#[test]
fn hostile_invalid_utf8() {
    let mut bytes = HEADER.as_bytes().to_vec();
    bytes.extend_from_slice(b"1. A\n  I hold \xc3\x28 { caf\xe9 }\n");
    hostile(&bytes, "notation::invalid-utf8");
}

#[test]
fn hostile_unterminated_comment_and_string() {
    hostile(
        format!("{HEADER}1. A\n  I hold {{ and then").as_bytes(),
        "notation::unclosed-comment",
    );
    hostile(
        format!("{HEADER}army A \"Harold\n").as_bytes(),
        "notation::unclosed-string",
    );
}

#[test]
fn hostile_deep_variations() {
    let depth = 100_000;
    let mut src = format!("{HEADER}1. A\n  I hold\n");
    src.push_str(&"( I wait ".repeat(depth));
    hostile(src.as_bytes(), "notation::unclosed-variation");
    // Balanced, the same depth formats without overflowing the stack.
    src.push_str(&")".repeat(depth));
    src.push('\n');
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep.sbn");
    std::fs::write(&path, &src).unwrap();
    let fmt = senlac(&["fmt", path.to_str().unwrap()]);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
    let check = senlac(&["fmt", "--check", path.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn hostile_megabyte_line() {
    let long = "x".repeat(1 << 20);
    hostile(
        format!("{HEADER}1. A\n  I hold {long}\"").as_bytes(),
        "notation::unclosed-string",
    );
    let garbage = "#".repeat(1 << 20);
    hostile(
        format!("{HEADER}1. A\n  I {garbage}\n").as_bytes(),
        "notation::invalid-token",
    );
}

#[test]
fn exit_codes_for_usage_and_io() {
    let missing = senlac(&["lint", "no/such/file.sbn"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no/such/file.sbn"));
    let empty_dir = tempfile::tempdir().unwrap();
    let none = senlac(&["lint", empty_dir.path().to_str().unwrap()]);
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("no .sbn files"));
    let usage = senlac(&["lint"]);
    assert_eq!(usage.status.code(), Some(2));
    let help = senlac(&["fmt", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("Examples:"));
}

/// A reader that closes the pipe (`senlac lint FILE 2>&1 | head`) ends the
/// run quietly, as ripgrep does: exit 0 and no panic (which exits 101 with
/// "failed printing to stderr"), on standard error and standard output,
/// for every command that prints.
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    use std::process::Stdio;
    let errors = "tests/data/errors/many-errors-one-report.sbn";
    let runs: [(&[&str], bool); 10] = [
        (&["lint", errors], false),
        (&["lint", "--format", "json", errors], true),
        (&["fmt", "--check", errors], false),
        (&["show", "samples/hastings.sbn"], true),
        (&["diff", "samples/hastings.sbn"], true),
        (&["report", "samples/hastings.sbn"], true),
        (&["export", "samples/hastings.sbn"], true),
        (&["rules", "hastings-1066/st"], true),
        (&["completions", "bash"], true),
        (&["man"], true),
    ];
    for (args, on_stdout) in runs {
        // The closed end is the one the command prints to, closed before
        // the command starts (so it cannot write first and win a race);
        // the other is read, to see that nothing was said of it.
        let (reader, closed) = std::io::pipe().unwrap();
        drop(reader);
        let mut command = Command::new(env!("CARGO_BIN_EXE_senlac"));
        command.args(args).current_dir(root());
        if on_stdout {
            command.stdout(closed).stderr(Stdio::piped());
        } else {
            command.stdout(Stdio::null()).stderr(closed);
        }
        let mut child = command.spawn().unwrap();
        let mut said = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            std::io::Read::read_to_string(&mut stderr, &mut said).unwrap();
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "senlac {args:?}: {said}");
        assert_eq!(said, "", "senlac {args:?}");
    }
}

#[test]
fn one_bad_file_does_not_stop_the_others() {
    let out = senlac_in_root(&[
        "lint",
        "--format",
        "short",
        "tests/data/errors/missing-side.sbn",
        "samples/hastings.sbn",
        "tests/data/errors/missing-verb.sbn",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let missing_side = stdout.find("missing-side.sbn").unwrap();
    let missing_verb = stdout.find("missing-verb.sbn").unwrap();
    assert!(missing_side < missing_verb, "output must keep input order");
    assert!(text(&out.stderr).contains("3 files, 3 battles"));
}

#[test]
fn streams_a_many_battle_archive() {
    // More than one read chunk (1 MiB), so battles straddle chunk boundaries.
    let sample = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let copies = (3 << 20) / sample.len() + 1;
    let mut archive = String::new();
    for i in 0..copies {
        if i > 0 {
            archive.push('\n');
        }
        archive.push_str(&sample);
    }
    archive.push_str("\n[Battle \"Last\"]\n1. A\n  I\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("archive.sbn");
    std::fs::write(&path, &archive).unwrap();
    let out = senlac(&["lint", "--format", "short", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{} battles", copies + 1)),
        "{stderr}"
    );
    // The errors of the last battle point at its real lines.
    let lines = archive.lines().count();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!(":{}:3: error[notation::missing-verb]", lines)),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(":{}:1: error[notation::missing-tag]", lines - 2)),
        "{stdout}"
    );
}

#[test]
fn generated_battles_are_legal_canonical_and_repeatable() {
    let dir = tempfile::tempdir().unwrap();
    for edition in ["mass-combat/a", "mass-combat/b", "tdgs/mass-combat"] {
        let path = dir.path().join("gen.sbn");
        let path_arg = path.to_str().unwrap();
        let run = senlac(&[
            "gen",
            "--rules",
            edition,
            "--battles",
            "25",
            "--seed",
            "7",
            "-o",
            path_arg,
        ]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let lint = senlac(&["lint", "--format", "short", path_arg]);
        assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stdout));
        assert!(text(&lint.stderr).contains("25 battles"));
        let check = senlac(&["fmt", "--check", path_arg]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "generated text is not canonical"
        );
        let first = std::fs::read(&path).unwrap();
        let again = senlac(&["gen", "--rules", edition, "--battles", "25", "--seed", "7"]);
        assert_eq!(
            again.stdout, first,
            "the same seed must give the same battles"
        );
        let other = senlac(&["gen", "--rules", edition, "--battles", "25", "--seed", "8"]);
        assert_ne!(other.stdout, first);
    }
    let unknown = senlac(&["gen", "--rules", "chess/fide"]);
    assert_eq!(unknown.status.code(), Some(2));
}

/// What a variation leaves unfinished is found where the variation ends, its
/// closing bracket: it was reported at 1:1, the file's first line.
#[test]
fn a_finding_at_the_end_of_a_variation_points_at_its_bracket() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("variation.sbn");
    let sample = std::fs::read_to_string(root().join("samples/harrow-ford.sbn")).unwrap();
    let charge = "    R4 charge A 0904-0905 d20:11 damage=22 => A hp=108\n";
    assert!(sample.contains(charge));
    // Under Charge, R4 steps instead of engaging A, and the variation ends.
    let varied = sample.replacen(charge, &format!("{charge}    ( R4 step 0905 )\n"), 1);
    std::fs::write(&path, varied).unwrap();
    let out = senlac(&["lint", "--format", "short", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!(
            "{}:38:20: error[tdgs::order-not-followed]: Raiders R4 ends its activation without its Action: \
             Crown A is within its reach, and under Charge a unit engages a nearest enemy when it can\n",
            path.display()
        )
    );
}

#[test]
fn rule_violations_are_reported_with_their_rule() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("overspent.sbn");
    let sample = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    // Turn two for the Saxons: fyrd I has no command points left to hold.
    let end_of_turn_one = sample.find("\n2. Saxons").unwrap_or(sample.len());
    let log = format!(
        "{}\n2. Saxons\n  movement:\n    I hold\n    II rout\n    III+IV+V+VI+VII+VIII+IX hold\n",
        sample[..end_of_turn_one].trim_end()
    );
    std::fs::write(&path, &log).unwrap();
    let short = senlac(&["lint", "--format", "short", path.to_str().unwrap()]);
    assert_eq!(short.status.code(), Some(1));
    let stdout = text(&short.stdout);
    assert!(
        stdout.contains("error[mass-combat::insufficient-command-points]: Saxons I has 0 command points but holding costs 1"),
        "{stdout}"
    );
    let json = senlac(&["lint", "--format", "json", path.to_str().unwrap()]);
    let value: serde_json::Value =
        serde_json::from_str(text(&json.stdout).lines().next().unwrap()).unwrap();
    let start = value["labels"][0]["start"].as_u64().unwrap() as usize;
    let end = value["labels"][0]["end"].as_u64().unwrap() as usize;
    assert_eq!(&log[start..end], "I hold");
    assert!(
        value["help"]
            .as_str()
            .unwrap()
            .contains("rule: mass-combat")
    );
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let out = senlac_in_root(args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn show_turn_one_matches_the_document() {
    let view = json_of(&[
        "show",
        "samples/hastings.sbn",
        "--at",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(view["battle"], "Hastings");
    assert_eq!(view["at"], "1");
    // mass-combat-a.md: "The state of units at the end of turn one is".
    let expected = [0, 0, 1, 5, 5, 3, 4, 6, 6, 3, 3, 5, 5, 5, 5, 5];
    let units = view["units"].as_array().unwrap();
    let got: Vec<i64> = units
        .iter()
        .map(|u| u["command_points"].as_i64().unwrap())
        .collect();
    assert_eq!(got, expected);
    assert!(
        units
            .iter()
            .all(|u| u["damage"] == 0 && u["status"] == "active")
    );
    let table = senlac_in_root(&["show", "samples/hastings.sbn", "--at", "1"]);
    insta::assert_snapshot!("show_turn_one", text(&table.stdout));
}

#[test]
fn report_reproduces_the_aftermath() {
    let report = json_of(&["report", "samples/hastings.sbn", "--format", "json"]);
    let sides: Vec<(String, i64)> = report["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["side"].as_str().unwrap().to_string(),
                s["casualties"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        sides,
        [("Normans".to_string(), 1700), ("Saxons".to_string(), 2200)]
    );
    // mass-combat-a.md, Aftermath: casualties unit by unit, winner first.
    let casualties: Vec<i64> = report["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["casualties"].as_i64().unwrap())
        .collect();
    assert_eq!(
        casualties,
        [
            0, 0, 1000, 0, 600, 100, 0, 0, 0, 0, 100, 1000, 100, 0, 0, 1000
        ]
    );
    assert_eq!(report["units"][2]["fate"], "Killed to a man");
    assert_eq!(report["units"][7]["fate"], "Deserted and survived unharmed");
    let markdown = senlac_in_root(&["report", "samples/hastings.sbn"]);
    insta::assert_snapshot!("report_hastings", text(&markdown.stdout));
}

/// The figure marks of samples/hastings.sbn, name and caption, in order.
fn hastings_figures() -> Vec<(String, String)> {
    let log = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    log.match_indices("[%fig ")
        .map(|(at, _)| {
            let mark = &log[at + 6..];
            let mark = &mark[..mark.find(']').unwrap()];
            let (name, caption) = mark.split_once(' ').unwrap();
            (name.to_string(), caption.trim_matches('"').to_string())
        })
        .collect()
}

#[test]
fn json_report_has_typed_fields_leaders_and_figures() {
    let report = json_of(&["report", "samples/hastings.sbn", "--format", "json"]);
    for side in report["sides"].as_array().unwrap() {
        assert!(side["casualties"].is_u64(), "{side}");
        assert!(side["men"].is_u64(), "{side}");
        assert!(side["units"].is_u64(), "{side}");
    }
    for unit in report["units"].as_array().unwrap() {
        assert!(
            unit["casualties"].is_u64() && unit["men"].is_u64(),
            "{unit}"
        );
    }
    assert_eq!(report["sides"][1]["men"], 9000);
    // The army lists: leaders, and the roster's numbers as numbers.
    let armies = report["armies"].as_array().unwrap();
    let leaders: Vec<&str> = armies
        .iter()
        .map(|a| a["leader"].as_str().unwrap())
        .collect();
    assert_eq!(leaders, ["Harold Godwinson", "William of Normandy"]);
    let harold = &armies[0]["units"][8];
    assert_eq!(harold["id"], "IX");
    assert_eq!(harold["name"], "Harold's Housecurl");
    assert_eq!(harold["grade"], "A");
    assert_eq!(harold["command_points"], 7);
    assert_eq!(harold["men"], 1000);
    // The figures, in the log's order, each where the battle stood.
    let figures = report["figures"].as_array().unwrap();
    let names: Vec<(String, String)> = figures
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["caption"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(names, hastings_figures());
    assert_eq!(figures[0]["setup"], true);
    assert_eq!(figures[0]["turn"], 0);
    assert_eq!(figures[0]["side"], serde_json::Value::Null);
    let early = &figures[3];
    assert_eq!(early["name"], "fyrdOneTwoDesert");
    assert_eq!(
        (early["setup"].as_bool(), early["turn"].as_u64()),
        (Some(false), Some(2))
    );
    assert_eq!(early["side"], "Saxons");
    assert_eq!(early["phase"], "movement");
    let turns: Vec<u64> = figures
        .iter()
        .map(|f| f["turn"].as_u64().unwrap())
        .collect();
    assert!(turns.is_sorted(), "{turns:?}");
    assert_eq!(turns.last(), Some(&9), "finalCharge is in turn 9");
    // The timeline points at each figure once, in order, among the moments.
    let timeline = report["timeline"].as_array().unwrap();
    let marked: Vec<u64> = timeline
        .iter()
        .filter(|m| m["kind"] == "figure")
        .map(|m| m["figure"].as_u64().unwrap())
        .collect();
    assert_eq!(marked, (0..figures.len() as u64).collect::<Vec<_>>());
    let routs = timeline
        .iter()
        .position(|m| m["kind"] == "moment" && m["text"] == "Saxons I routs")
        .unwrap();
    assert_eq!(timeline[routs]["turn"], 2);
    assert_eq!(
        timeline[routs + 2]["figure"],
        3,
        "Early Desertions follows the routs"
    );
}

#[test]
fn html_report_draws_each_figure_in_its_place() {
    let out = senlac_in_root(&["report", "samples/hastings.sbn", "--format", "html"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = text(&out.stdout);
    // Each figure inline, in the log's order, its caption under it, and
    // where the battle stood when it was marked.
    let figures = hastings_figures();
    let mut at = 0;
    for (i, (_, caption)) in figures.iter().enumerate() {
        let svg = at
            + html[at..]
                .find("<figure>\n<svg ")
                .unwrap_or_else(|| panic!("no figure {i}"));
        let end = svg + html[svg..].find("</figure>").unwrap();
        let figure = &html[svg..end];
        assert!(figure.contains("</svg>\n<figcaption>"), "{figure}");
        // An apostrophe stays one: text needs only `& < > "` escaped.
        assert!(
            figure.ends_with(&format!(": {caption}</figcaption>")),
            "figure {i}: {}",
            &figure[figure.len().saturating_sub(200)..]
        );
        at = end;
    }
    // One drawing a figure (a cropped one holds its window and locator).
    assert_eq!(html.matches("<figure>\n<svg ").count(), figures.len());
    assert!(html.contains("<figcaption>Setup: The Hill</figcaption>"));
    assert!(html.contains("<figcaption>Turn 2, Saxons: Early Desertions</figcaption>"));
    assert!(!html.contains("Turn 0"), "a setup figure is the setup's");
    assert!(!html.contains(", :"), "no empty side");
    // A figure follows what led to it, in its side's turn.
    let turn = html.find("Turn 2, Saxons</h3>").unwrap();
    let routs = html.find("<li>Saxons I routs</li>").unwrap();
    let figure = html.find("Turn 2, Saxons: Early Desertions").unwrap();
    assert!(turn < routs && routs < figure);
    // Leaders, print styles, nothing to run and nothing fetched.
    for leader in ["Harold Godwinson", "William of Normandy"] {
        assert!(
            html.contains(&format!("Led by <strong>{leader}</strong>")),
            "{leader}"
        );
    }
    let print = html.find("@media print{").expect("print styles");
    assert!(html[print..].contains("break-inside:avoid"));
    assert!(!html.contains("<script") && !html.contains("javascript:"));
    // The SVG namespaces name, and fetch nothing.
    let fetched = html.replace("\"http://www.w3.org/", "");
    assert!(!fetched.contains("http:") && !fetched.contains("https:"));
    assert!(!html.contains(" src=") && !html.contains("<link"));
    // Every id once in the page: each figure paints its own patterns.
    let ids = regex::Regex::new(r#"\sid="([^"]*)""#).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for id in ids.captures_iter(&html) {
        assert!(seen.insert(id[1].to_string()), "id {} twice", &id[1]);
        count += 1;
    }
    assert!(count > figures.len() * 10, "{count} ids");
    let references = regex::Regex::new(r##"(?:href="#|url\(#)([^")]*)"##).unwrap();
    for reference in references.captures_iter(&html) {
        assert!(
            seen.contains(&reference[1]),
            "#{} is not in the page",
            &reference[1]
        );
    }
    for i in [0, figures.len() - 1] {
        assert!(
            html.contains(&format!("fill=\"url(#fig{i}-forest)\"")),
            "figure {i}'s woods"
        );
    }
}

#[test]
fn markdown_report_links_the_figures_it_writes() {
    let dir = tempfile::tempdir().unwrap();
    let log = root().join("samples/hastings.sbn");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_senlac"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    // A directory whose name would end a Markdown link if written as it is.
    let out = run(&["report", log.to_str().unwrap(), "--figures", "my (figures)"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    let links: Vec<(String, String)> = md
        .lines()
        .filter_map(|line| {
            let alt = line.strip_prefix("![")?;
            let (alt, target) = alt.split_once("](")?;
            Some((alt.to_string(), target.strip_suffix(')')?.to_string()))
        })
        .collect();
    let figures = hastings_figures();
    assert_eq!(links.len(), figures.len(), "{md}");
    let rendered = tempfile::tempdir().unwrap();
    let render = senlac(&[
        "render",
        log.to_str().unwrap(),
        "-o",
        rendered.path().to_str().unwrap(),
    ]);
    assert_eq!(render.status.code(), Some(0), "{}", text(&render.stderr));
    for ((alt, target), (name, caption)) in links.iter().zip(&figures) {
        assert_eq!(alt.replace('\\', ""), *caption);
        assert_eq!(*target, format!("my%20%28figures%29/{name}.svg"));
        let file = dir.path().join("my (figures)").join(format!("{name}.svg"));
        let svg = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{target}: {e}"));
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        roxmltree::Document::parse(&svg).expect("the figure is XML");
        // The very file `senlac render` writes.
        let drawn = std::fs::read_to_string(rendered.path().join(format!("{name}.svg"))).unwrap();
        assert!(svg == drawn, "{name}.svg differs from senlac render's");
    }
    assert!(md.contains("\n*Setup: The Hill*\n"), "{md}");
    // Without --figures the links name render's default directory, and nothing is written.
    let plain = run(&["report", log.to_str().unwrap()]);
    assert!(text(&plain.stdout).contains("![The Hill](figures/battlegrid.svg)"));
    assert!(!dir.path().join("figures").exists());
}

/// A value that empties (a routed unit's order, the foes of a unit that has
/// fought no one yet) reads `-` in the text, never a blank after the arrow.
#[test]
fn diff_shows_an_empty_value_as_a_dash() {
    let one = senlac_in_root(&["diff", "samples/harrow-ford.sbn", "--turn", "1"]);
    let out = text(&one.stdout);
    assert!(out.contains("Crown C     order attack → -\n"), "{out}");
    assert!(out.contains("Crown A     fought - → R1, R4\n"), "{out}");
    assert!(!out.contains("→ \n") && !out.contains("  → "), "{out}");
}

#[test]
fn diff_shows_what_each_turn_changed() {
    let one = senlac_in_root(&["diff", "samples/hastings.sbn", "--turn", "1"]);
    insta::assert_snapshot!("diff_turn_one", text(&one.stdout));
    let all = json_of(&["diff", "samples/hastings.sbn", "--format", "json"]);
    assert_eq!(all.as_array().unwrap().len(), 9, "one block per turn");
    let span = json_of(&[
        "diff",
        "samples/hastings.sbn",
        "--from",
        "7",
        "--to",
        "fig:bretonsRoute",
        "--format",
        "json",
    ]);
    let changes = span[0]["changes"].as_array().unwrap();
    assert!(changes.iter().any(|c| c["side"] == "Normans"
        && c["id"] == "III"
        && c["field"] == "status"
        && c["to"] == "routed"));
    // The fyrd falls later in the turn than the Bretons.
    assert!(
        !changes
            .iter()
            .any(|c| c["side"] == "Saxons" && c["id"] == "V" && c["field"] == "status")
    );
    let eighth = json_of(&[
        "diff",
        "samples/hastings.sbn",
        "--turn",
        "8",
        "--format",
        "json",
    ]);
    let changes = eighth[0]["changes"].as_array().unwrap();
    assert!(changes.iter().any(|c| c["side"] == "Saxons"
        && c["id"] == "V"
        && c["field"] == "status"
        && c["to"] == "slaughtered"));
}

#[test]
fn views_refuse_bad_points_and_battles() {
    for args in [
        &["show", "samples/hastings.sbn", "--at", "nonsense"][..],
        &["show", "samples/hastings.sbn", "--at", "99"],
        &["show", "samples/hastings.sbn", "--battle", "2"],
        &["diff", "samples/hastings.sbn", "--from", "fig:nowhere"],
        &["report", "no/such/file.sbn"],
    ] {
        let out = senlac_in_root(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// Text from a log reaches the HTML report and the replay page escaped
/// wherever it stands: markup, `&` and quotes as entities (an apostrophe
/// needs none), a right-to-left override as a visible `\u{202e}`.
#[test]
fn html_report_and_replay_page_escape_the_log() {
    let hostile = "<script>alert(1)</script> & \"so\" 'so' \u{202e}";
    let escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;so&quot; 'so' \\u{202e}";
    let quoted = hostile.replace('"', "\\\"");
    // Each place: the sample's text it replaces, what is written there, and
    // what must stand in the report and in the page. The report shows no
    // comments; a figure's caption is its figcaption there, and in the page
    // its step's heading.
    let places = [
        (
            "[Battle \"Fulford\"]",
            format!("[Battle \"{quoted}\"]"),
            vec![
                format!("<title>{escaped}: After-action report</title>"),
                format!("<h1>{escaped}</h1>"),
            ],
            vec![
                format!("<title>{escaped}</title>"),
                format!("<h1>{escaped}</h1>"),
            ],
        ),
        (
            "\"Huscarls\"",
            format!("\"Huscarls {quoted}\""),
            vec![format!("<td>Huscarls {escaped}</td>")],
            vec![],
        ),
        (
            "\"Harald Hardrada\"",
            format!("\"Harald {quoted}\""),
            vec![format!("Led by <strong>Harald {escaped}</strong>")],
            vec![],
        ),
        (
            "I advance 0506-0505",
            format!("I advance 0506-0505 {{ {hostile} [%fig x \"{quoted}\"] }}"),
            vec![format!(
                "</svg>\n<figcaption>Turn 1, Norse: {escaped}</figcaption>"
            )],
            vec![
                format!("<blockquote>{escaped}</blockquote>"),
                format!("<h2>Turn 1 · Norse · Movement · {escaped}</h2>"),
            ],
        ),
    ];
    let mut log = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    for (sample, written, _, _) in &places {
        assert!(log.contains(sample), "{sample}");
        log = log.replacen(sample, written, 1);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.sbn");
    std::fs::write(&path, log).unwrap();
    let path = path.to_str().unwrap();
    let out = senlac(&["report", path, "--format", "html"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let pages = dir.path().join("out");
    let render = senlac(&["render", path, "--html", "-o", pages.to_str().unwrap()]);
    assert_eq!(render.status.code(), Some(0), "{}", text(&render.stderr));
    let page = std::fs::read_to_string(pages.join("replay.html")).unwrap();
    for (sample, _, in_report, in_page) in &places {
        for expected in in_report {
            assert!(report.contains(expected), "{sample}: {expected}\n{report}");
        }
        for expected in in_page {
            assert!(page.contains(expected), "{sample}: {expected}");
        }
    }
    // Nothing from the log runs or reorders a line: the page's one script
    // is its own, the report has none.
    assert_eq!(report.matches("<figure>\n<svg ").count(), 1);
    assert!(!report.contains("<script"), "{report}");
    assert_eq!(page.matches("<script").count(), 1);
    assert!(!report.contains('\u{202e}') && !page.contains('\u{202e}'));
}

#[test]
fn lint_and_gen_snapshots() {
    let lint = senlac_in_root(&["lint", "--format", "short", "samples/"]);
    assert_eq!(lint.status.code(), Some(0));
    insta::assert_snapshot!(
        "lint_samples",
        format!(
            "{}{}",
            text(&lint.stdout),
            without_speed(&text(&lint.stderr))
        )
    );
    let json = senlac_in_root(&["lint", "--format", "json", "samples/"]);
    assert_eq!(json.status.code(), Some(0));
    assert_eq!(text(&json.stdout), "", "a clean run prints no diagnostics");
    let generated = senlac(&["gen", "--battles", "1", "--seed", "1066"]);
    insta::assert_snapshot!("gen_seed_1066", text(&generated.stdout));
}

#[test]
fn unknown_rules_are_a_warning_that_can_fail_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chess.sbn");
    let hastings = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    std::fs::write(&path, hastings.replace("mass-combat/a", "chess/fide")).unwrap();
    let path = path.to_str().unwrap();

    let output = senlac_in_root(&["lint", "--format", "short", path]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let short = text(&output.stdout);
    assert_eq!(short.lines().count(), 1, "{short}");
    assert!(
        short
            .contains(":6:1: warning[engine::unknown-rules]: senlac has no rules for `chess/fide`"),
        "{short}"
    );
    assert!(
        text(&output.stderr).contains(": 0 errors, 1 warning ("),
        "{}",
        text(&output.stderr)
    );

    let denied = senlac_in_root(&["lint", "--deny-warnings", path]);
    assert_eq!(denied.status.code(), Some(1));
    // The notation is still checked: a syntax error is reported as well.
    std::fs::write(
        path,
        hastings
            .replace("mass-combat/a", "chess/fide")
            .replace("    I+II rout", "    I+II rout }"),
    )
    .unwrap();
    let broken = senlac_in_root(&["lint", "--format", "short", path]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(
        text(&broken.stdout).contains("error[notation::stray-close-brace]"),
        "{}",
        text(&broken.stdout)
    );
}

/// A directory that links to itself is walked once, and each file in it is
/// linted once, however many links lead to it.
#[cfg(unix)]
#[test]
fn directory_links_back_up_the_tree_are_not_walked_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        root().join("samples/fulford.sbn"),
        dir.path().join("fulford.sbn"),
    )
    .unwrap();
    std::os::unix::fs::symlink(".", dir.path().join("a")).unwrap();
    std::os::unix::fs::symlink(".", dir.path().join("b")).unwrap();
    std::os::unix::fs::symlink("fulford.sbn", dir.path().join("again.sbn")).unwrap();
    let output = senlac_in_root(&["lint", dir.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("1 file, 1 battle, 10 actions: 0 errors"),
        "{}",
        text(&output.stderr)
    );
}

/// A turn number near the top of its range costs one block in a diff, not one
/// per number up to it (it once tried to allocate 481 GB).
#[test]
fn diff_lists_only_the_turns_played() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jump.sbn");
    let fulford = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    std::fs::write(&path, format!("{}4294967295. Norse\n", fulford.trim_end())).unwrap();
    let output = senlac_in_root(&["diff", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let blocks: Vec<String> = text(&output.stdout)
        .lines()
        .filter(|line| line.contains(" → ") && !line.starts_with(' '))
        .map(str::to_string)
        .collect();
    assert_eq!(blocks, ["setup → 1", "1 → 4294967295"]);
}

/// Text from a log reaches no terminal raw: an escape sequence in a tag and a
/// right-to-left override in a name are shown escaped by lint, show and diff,
/// and the Markdown report can be neither broken nor made to run HTML.
#[test]
fn log_text_reaches_no_terminal_or_markdown_raw() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.sbn");
    let fulford = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let hostile = fulford
        .replace(
            "[Site \"Gate Fulford, York\"]",
            "[Site \"\u{1b}]0;PWNED\u{7}\u{1b}[2J\"]",
        )
        .replace(
            "\"Huscarls\"",
            "\"Hus\u{202e}lrac | <img src=x onerror=alert(1)> [x](javascript:alert(1))\"",
        )
        .replace("I advance 0506-0505", "I advance 0506-0505 { \u{1b}[31m }");
    assert_ne!(hostile, fulford);
    std::fs::write(&path, &hostile).unwrap();
    let path = path.to_str().unwrap();
    let raw = |bytes: &[u8]| {
        let text = text(bytes);
        text.contains('\u{1b}') || text.contains('\u{7}') || text.contains('\u{202e}')
    };

    // A misspelt verb makes lint draw the line with the escape on it.
    let broken = hostile.replace("I advance 0506-0505", "I advnce 0506-0505");
    let broken_path = dir.path().join("broken.sbn");
    std::fs::write(&broken_path, broken).unwrap();
    for format in ["human", "short"] {
        let lint = senlac_in_root(&["lint", "--format", format, broken_path.to_str().unwrap()]);
        assert_eq!(lint.status.code(), Some(1));
        assert!(
            !raw(&lint.stderr) && !raw(&lint.stdout),
            "{}{}",
            text(&lint.stdout),
            text(&lint.stderr)
        );
    }
    let show = senlac_in_root(&["show", path, "--at", "setup"]);
    assert_eq!(show.status.code(), Some(0), "{}", text(&show.stderr));
    assert!(!raw(&show.stdout), "{}", text(&show.stdout));
    assert!(
        text(&show.stdout).contains("Hus\\u{202e}lrac"),
        "{}",
        text(&show.stdout)
    );

    let report = senlac_in_root(&["report", path]);
    let md = text(&report.stdout);
    assert!(!raw(&report.stdout), "{md}");
    assert!(md.contains("\\u{1b}\\]0;PWNED\\u{7}\\u{1b}\\[2J"), "{md}");
    assert!(
        md.contains("| I | Hus\\u{202e}lrac \\| \\<img src=x onerror=alert(1)\\> \\[x\\](javascript:alert(1)) | heavy-infantry |"),
        "{md}"
    );
    // Every `<` escaped: no inline HTML.
    assert!(!md.replace("\\<", "").contains('<'), "{md}");

    // The HTML report, the replay page and the frames show them escaped
    // too: the Battle tag is the page's title and heading.
    let titled = hostile.replace(
        "[Battle \"Fulford\"]",
        "[Battle \"Fulford\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{9b}\"]",
    );
    std::fs::write(path, &titled).unwrap();
    let lint = senlac_in_root(&["lint", path]);
    assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stderr));
    let raw = |text: &str| {
        text.contains('\u{1b}')
            || text.contains('\u{7}')
            || text.contains('\u{9b}')
            || text.contains('\u{202e}')
    };
    let escaped_title = "Fulford\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J\\u{9b}";
    let report = senlac_in_root(&["report", path, "--format", "html"]);
    let html = text(&report.stdout);
    assert!(!raw(&html), "{html}");
    assert!(
        html.contains(&format!(
            "<title>{escaped_title}: After-action report</title>"
        )),
        "{html}"
    );
    assert!(
        html.contains(&format!("<h1>{escaped_title}</h1>")),
        "{html}"
    );
    assert!(html.contains("Hus\\u{202e}lrac"), "{html}");
    let out = dir.path().join("out");
    let render = senlac_in_root(&[
        "render",
        path,
        "--html",
        "--at",
        "end",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(render.status.code(), Some(0), "{}", text(&render.stderr));
    for name in ["replay.html", "end.svg"] {
        let written = std::fs::read_to_string(out.join(name)).unwrap();
        assert!(!raw(&written), "{name}");
        assert!(written.contains(escaped_title), "{name}");
    }
}

/// A messy but valid copy of the Fulford sample, in a fresh directory.
#[cfg(unix)]
fn messy_fulford() -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fulford.sbn");
    let fulford = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let messy = fulford.replace("\n  movement:", "\n movement:");
    assert_ne!(messy, fulford);
    std::fs::write(&path, &messy).unwrap();
    (dir, path, fulford)
}

/// fmt keeps what it does not own: through a link it formats the file the
/// link names and keeps the link; it keeps mode and owner; and it leaves a
/// read-only file, or one with other hard links, untouched, saying why.
#[cfg(unix)]
#[test]
fn fmt_keeps_links_permissions_and_owners() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    let (dir, path, canonical) = messy_fulford();
    let link = dir.path().join("link.sbn");
    std::os::unix::fs::symlink("fulford.sbn", &link).unwrap();
    let out = senlac_in_root(&["fmt", link.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), canonical);

    let (_dir, path, _) = messy_fulford();
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = senlac_in_root(&["fmt", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("read-only"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);

    let (dir, path, _) = messy_fulford();
    let twin = dir.path().join("twin.sbn");
    std::fs::hard_link(&path, &twin).unwrap();
    let out = senlac_in_root(&["fmt", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("2 hard links"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&path).unwrap(), std::fs::read(&twin).unwrap());
    assert_eq!(std::fs::metadata(&path).unwrap().nlink(), 2);

    let (_dir, path, canonical) = messy_fulford();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    // Only root may give a file away; CI runs as root, so there the owner is
    // someone else's and must survive the rewrite.
    let given = std::os::unix::fs::chown(&path, Some(4321), Some(4321)).is_ok();
    let owner = std::fs::metadata(&path).unwrap().uid();
    let out = senlac_in_root(&["fmt", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!(meta.mode() & 0o777, 0o640);
    assert_eq!(meta.uid(), owner);
    if given {
        assert_eq!((meta.uid(), meta.gid()), (4321, 4321));
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), canonical);
}

/// The least wall time of three runs of `senlac lint --format FORMAT` on
/// `text`, which has errors.
fn lint_seconds(text: &str, format: &str) -> f64 {
    seconds(text, &["lint", "--format", format])
}

/// The least wall time of three runs of `senlac ARGS FILE` on `text`, which
/// has errors.
fn seconds(text: &str, args: &[&str]) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sbn");
    std::fs::write(&path, text).unwrap();
    let mut args = args.to_vec();
    args.push(path.to_str().unwrap());
    (0..3)
        .map(|_| {
            let started = std::time::Instant::now();
            let output = senlac_in_root(&args);
            assert_eq!(output.status.code(), Some(1));
            started.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Diagnostics cost time in proportion to their number: four times the
/// errors, on one long line or in four times the battles, take well under
/// sixteen times as long (what counting each position from the line's start,
/// or each battle's newlines from its chunk's start, once cost).
#[test]
fn diagnostics_grow_linearly() {
    const HEAD: &str = "[Battle \"B\"] [Site \"S\"] [Date \"1066\"] [Rules \"mass-combat/a\"] [Sides \"A B\"] [Result \"*\"]\n";
    let one_line = |n: usize| format!("{HEAD}1. A\n  I hold {}\n", ") ".repeat(n));
    let battles = |n: usize| format!("{HEAD}1. A\n  I hold )\n\n").repeat(n);
    for (what, text, format) in [
        (
            "tokens on one line",
            &one_line as &dyn Fn(usize) -> String,
            "short",
        ),
        ("tokens on one line", &one_line, "json"),
        ("battles", &battles, "short"),
    ] {
        let small = lint_seconds(&text(10_000), format);
        let large = lint_seconds(&text(40_000), format);
        assert!(
            large < 8.0 * small,
            "{what} ({format}): 10,000 took {small:.3}s, 40,000 took {large:.3}s"
        );
    }
    // fmt places each battle's errors in the file the same way.
    let small = seconds(&battles(2_500), &["fmt", "--check"]);
    let large = seconds(&battles(10_000), &["fmt", "--check"]);
    assert!(
        large < 8.0 * small,
        "fmt --check: 2,500 battles took {small:.3}s, 10,000 took {large:.3}s"
    );
}

/// A diagnostic quotes at most a bounded excerpt of a huge atom: a 5 MB verb
/// gives lines of a few hundred characters, not a 5 MB message.
#[test]
fn diagnostics_quote_a_bounded_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("atom.sbn");
    let fulford = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let huge = format!("I {} 0506-0505", "x".repeat(5_000_000));
    std::fs::write(&path, fulford.replace("I advance 0506-0505", &huge)).unwrap();
    for format in ["short", "json", "human"] {
        let output = senlac_in_root(&["lint", "--format", format, path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(1));
        let printed = output.stdout.len() + output.stderr.len();
        assert!(printed < 8_000, "{format}: {printed} bytes printed");
        let all = text(&output.stdout) + &text(&output.stderr);
        assert!(all.contains("more bytes)"), "{all}");
        // Fulford is edition b, and the help (in JSON; a line too long to draw
        // is printed short, without it) says so.
        assert!(
            format != "json" || all.contains("`senlac rules mass-combat/b` lists the actions"),
            "{all}"
        );
    }
}

/// The commands that show one battle read the file battle by battle up to
/// it: what comes after (here, bytes that are not text at all) is never read
/// into memory, and positions stay the file's.
#[test]
fn one_battle_is_read_without_the_rest_of_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.sbn");
    let fulford = std::fs::read(root().join("samples/fulford.sbn")).unwrap();
    let mut bytes = fulford.clone();
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(&fulford);
    bytes.extend_from_slice(b"\n[Battle \"junk\"]\n");
    bytes.extend(std::iter::repeat_n(0xffu8, 3 << 20));
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    let first = senlac_in_root(&["show", path, "--battle", "2", "--at", "end"]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let alone = senlac_in_root(&["show", "samples/fulford.sbn", "--at", "end"]);
    assert_eq!(text(&first.stdout), text(&alone.stdout));
    let export = senlac_in_root(&["export", path, "--battle", "2"]);
    let export: serde_json::Value = serde_json::from_slice(&export.stdout).unwrap();
    let step = &export["steps"][0];
    let start = step["span"]["start"].as_u64().unwrap() as usize;
    let end = step["span"]["end"].as_u64().unwrap() as usize;
    assert_eq!(
        &bytes[start..end],
        step["text"].as_str().unwrap().as_bytes()
    );
    let line = 1 + bytes[..start].iter().filter(|&&b| b == b'\n').count();
    assert_eq!(step["line"], line);
    let third = senlac_in_root(&["show", path, "--battle", "3"]);
    assert_eq!(third.status.code(), Some(1));
    assert!(
        text(&third.stderr).contains("invalid-utf8"),
        "{}",
        text(&third.stderr)
    );
}

/// fmt reads an archive battle by battle across its read chunks (1 MiB):
/// a canonical archive of several chunks is left alone, and a messy one comes
/// out byte for byte as the canonical.
#[test]
fn fmt_streams_archives_larger_than_a_chunk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sbn");
    let path = path.to_str().unwrap();
    let gen_output = senlac_in_root(&["gen", "--battles", "500", "--seed", "3", "-o", path]);
    assert_eq!(gen_output.status.code(), Some(0));
    let canonical = std::fs::read(path).unwrap();
    assert!(canonical.len() > 2 << 20, "{} bytes", canonical.len());
    let check = senlac_in_root(&["fmt", "--check", path]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));

    let messy = text(&canonical).replace("\n  movement:", "\n movement:");
    std::fs::write(path, &messy).unwrap();
    let check = senlac_in_root(&["fmt", "--check", path]);
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(
        std::fs::read(path).unwrap(),
        messy.as_bytes(),
        "--check writes nothing"
    );
    let fmt = senlac_in_root(&["fmt", path]);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
    assert!(
        std::fs::read(path).unwrap() == canonical,
        "formatted back to canonical"
    );
}

/// A battle of many units costs time in proportion to its units and actions:
/// four times both take well under sixteen times as long (setup once compared
/// every unit with every other, and each action looked its units up by a pass
/// over all of them).
#[test]
fn lint_grows_linearly_with_units() {
    let battle = |units: usize| {
        let mut text = String::from(
            "[Battle \"Big\"]\n[Site \"S\"]\n[Date \"1066\"]\n[Rules \"mass-combat/a\"]\n[Sides \"A B\"]\n[Result \"*\"]\n\nmap hex 99x99 parity odd\n",
        );
        for (side, first_row) in [("A", 1), ("B", 60)] {
            text.push_str(&format!("army {side} \"{side}\"\n"));
            for i in 0..units {
                text.push_str(&format!("  unit U{i} \"U\" light-infantry A\n"));
            }
            text.push_str(&format!("deploy {side}"));
            for i in 0..units {
                text.push_str(&format!(" U{i}@{:02}{:02}", 1 + i % 99, first_row + i / 99));
            }
            text.push('\n');
        }
        text.push_str("first A turn\n\n");
        for side in ["A", "B"] {
            text.push_str(&format!("1. {side}\n  movement:\n"));
            for i in 0..units {
                text.push_str(&format!("    U{i} hold\n"));
            }
        }
        // One mistake, so lint has something to say.
        text.push_str("    U0 advnce 0101\n");
        text
    };
    let small = lint_seconds(&battle(500), "short");
    let large = lint_seconds(&battle(2000), "short");
    assert!(
        large < 8.0 * small,
        "500 units took {small:.3}s, 2,000 took {large:.3}s"
    );
}

/// A figure among the setup lines shows the setup as it stands at the mark:
/// in `show` and `diff` as in its picture.
#[test]
fn show_and_diff_at_a_setup_figure_see_only_what_is_deployed() {
    let shown = json_of(&[
        "show",
        "samples/hastings.sbn",
        "--at",
        "fig:haroldsArrives",
        "--format",
        "json",
    ]);
    let units = shown["units"].as_array().unwrap();
    let status = |side: &str| -> Vec<&str> {
        units
            .iter()
            .filter(|u| u["side"] == side)
            .map(|u| u["status"].as_str().unwrap())
            .collect()
    };
    assert_eq!(status("Saxons"), vec!["active"; 9]);
    assert_eq!(status("Normans"), vec!["not deployed"; 7]);

    let between = [
        "diff",
        "samples/hastings.sbn",
        "--from",
        "fig:haroldsArrives",
        "--to",
        "fig:williamArrives",
    ];
    let diff = json_of(&[&between[..], &["--format", "json"]].concat());
    let changes = diff[0]["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 14, "each Norman deploys: status and place");
    assert!(changes.iter().all(|c| c["side"] == "Normans"));
    assert_eq!(
        (&changes[1]["field"], &changes[1]["to"]),
        (&"at".into(), &"0408".into())
    );
    let text = text(&senlac_in_root(&between).stdout);
    assert!(text.contains("Normans I    deploys - → 0408"), "{text}");
}

/// A reader that stops early (`senlac diff … | head`) closes the pipe: each
/// command stops quietly, never with a panic.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    let commands: [&[&str]; 9] = [
        &["diff", "samples/hastings.sbn"],
        &["show", "samples/hastings.sbn", "--at", "end"],
        &["report", "samples/hastings.sbn"],
        &["lint", "samples/hastings.sbn", "--format", "json"],
        &["lint", "tests/data/errors/", "--format", "sarif"],
        &["lint", "tests/data/errors/", "--format", "junit"],
        &["lint", "tests/data/errors/", "--statistics"],
        &["summary", "samples/"],
        &["rules", "mass-combat/a"],
    ];
    for args in commands {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_senlac"))
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The read end closes before the command has anything to write.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {stderr}");
    }
}
