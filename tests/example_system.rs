//! The example system (`example/duel`, crates/engine/src/example) through
//! every command, with no line of the CLI or the renderer written for it: the
//! proof that the system contract is complete. New systems follow its shape.

use serde_json::Value;

mod common;
use common::{root, senlac_in_root as senlac, stdout_of};

const DUEL: &str = "tests/data/example/duel.sbn";

fn stderr_of(args: &[&str]) -> (Option<i32>, String) {
    let output = senlac(args);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn lint_accepts_the_legal_duel() {
    let (code, stderr) = stderr_of(&["lint", DUEL]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("1 battle, 4 actions: 0 errors, 0 warnings"),
        "{stderr}"
    );
}

#[test]
fn lint_rejects_a_move_of_two_squares_at_its_target() {
    let output = senlac(&[
        "lint",
        "--format",
        "short",
        "tests/data/example/too-far.sbn",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    // `  II move 0204` on line 19: the target cell starts at column 11.
    assert_eq!(
        text.trim(),
        "tests/data/example/too-far.sbn:19:11: error[example::not-adjacent]: Red II is at 0201; 0204 is 3 squares away, and a move goes 1"
    );
}

#[test]
fn lint_rejects_a_move_onto_a_unit() {
    let output = senlac(&[
        "lint",
        "--format",
        "short",
        "tests/data/example/occupied.sbn",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        text.trim(),
        "tests/data/example/occupied.sbn:18:11: error[example::occupied]: 0101 is held by Red I"
    );
}

#[test]
fn show_prints_the_systems_columns() {
    let text = stdout_of(&["show", DUEL, "--at", "end"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "A duel at end");
    assert_eq!(lines[2], "Red");
    assert_eq!(lines[3], "Unit  Name    Moves  Square  Status");
    assert_eq!(lines[4], "I     Scout   2      0103    active");
    assert_eq!(lines[5], "II    Lancer  1      0202    active");
    let json: Value =
        serde_json::from_str(&stdout_of(&["show", DUEL, "--at", "1", "--format", "json"])).unwrap();
    assert_eq!(json["units"][2]["at"], "0605");
    assert_eq!(json["units"][2]["moves"], 1);
}

#[test]
fn diff_follows_moves_and_the_declared_columns() {
    let text = stdout_of(&["diff", DUEL, "--turn", "2"]);
    assert_eq!(
        text,
        "1 → 2\n  Red I  moves 0102 → 0103\n  Red I  moves made 1 → 2\n\n"
    );
}

#[test]
fn report_tells_the_key_moments_and_the_figure() {
    let text = stdout_of(&["report", DUEL]);
    for line in [
        "### Red: The Red Company",
        "| Unit | Name |",
        "### Turn 1, Red\n\n- Red I moves to 0102\n",
        "![Red steps forward](figures/advance.svg)\n\n*Turn 1, Red: Red steps forward*\n",
        "### Turn 2, Red\n\n- Red I moves to 0103\n",
        "| Side | Units | Casualties |\n",
        "| I | Scout | Moved 2 times | 0 |",
        "| II | Lancer | Moved once | 0 |",
        "### Blue\n",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

#[test]
fn export_uses_the_envelope_and_the_systems_wire_events() {
    let export: Value = serde_json::from_str(&stdout_of(&["export", DUEL])).unwrap();
    let schema = |path: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
    };
    let check = |schema: &Value, instance: &Value| {
        let validator = jsonschema::draft202012::new(schema).expect("the schema compiles");
        let errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}", errors.join("\n"));
    };
    check(&schema("docs/export.schema.json"), &export);
    assert_eq!(export["version"], 4);
    assert_eq!(export["rules"], "example/duel");
    let events = schema("docs/schema/example.events.schema.json");
    let steps = export["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 4);
    for step in steps {
        for event in step["events"].as_array().unwrap() {
            check(&events, event);
        }
    }
    assert_eq!(
        steps[0]["events"],
        serde_json::json!([
            { "event": "turn-began", "turn": 1, "side": "Red" },
            { "event": "moved", "side": "Red", "unit": "I", "from": "0101", "to": "0102" }
        ])
    );
}

#[test]
fn render_draws_its_frames_on_squares() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let output = senlac(&["render", DUEL, "-o", out, "--at", "figures", "--png"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = std::fs::read_to_string(dir.path().join("advance.svg")).unwrap();
    assert!(svg.contains("Red steps forward"), "{svg}");
    assert!(dir.path().join("advance.png").exists());
}

#[test]
fn rules_describes_it_though_it_is_not_listed() {
    assert!(!stdout_of(&["rules"]).contains("example/duel"));
    let text = stdout_of(&["rules", "example/duel"]);
    assert!(text.contains("move CELL"), "{text}");
    assert!(
        text.contains("Rulings: docs/rules/example-duel.md"),
        "{text}"
    );
}

#[test]
fn gen_writes_duels_that_lint_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("duels.sbn");
    let path = path.to_str().unwrap();
    stdout_of(&[
        "gen",
        "--rules",
        "example/duel",
        "--battles",
        "5",
        "--seed",
        "3",
        "-o",
        path,
    ]);
    let (code, stderr) = stderr_of(&["lint", path]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("5 battles, 10 actions: 0 errors"),
        "{stderr}"
    );
}

#[test]
fn a_setup_figure_leaves_out_the_units_deployed_after_its_mark() {
    // The same rule for every system: here the example's square grid.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(DUEL),
    )
    .unwrap()
    .replace(
        "deploy Red I@0101 II@0201\n",
        "{ [%fig field \"The field\"] }\ndeploy Red I@0101 { [%fig scout \"A scout\"] } \ndeploy Red II@0201\n",
    )
    .replace(
        "deploy Blue I@0606\n",
        "deploy Blue I@0606 { [%fig both \"Both sides\"] }\n",
    );
    let archive = senlac_notation::parse(&text);
    let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
        .unwrap_or_else(|_| panic!("the example system replays it"));
    assert!(game.violations().is_empty(), "{:?}", game.violations());
    let counters = |name: &str| -> Vec<(usize, String)> {
        let figure = game.figures().iter().position(|f| f.name == name).unwrap();
        let mut ids: Vec<(usize, String)> = game
            .figure_scene(figure)
            .unwrap()
            .counters
            .iter()
            .map(|c| (c.side, c.id.clone()))
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(counters("field"), []);
    assert_eq!(counters("scout"), [(0, "I".to_string())]);
    assert_eq!(
        counters("both"),
        [
            (0, "I".to_string()),
            (0, "II".to_string()),
            (1, "I".to_string())
        ]
    );
    // A figure in play shows everyone.
    assert_eq!(counters("advance").len(), 3);
}

#[test]
fn moves_lists_each_step_to_a_free_square() {
    // At the end of turn 1 Blue may step again, or Red's turn 2 begins.
    let json: Value = serde_json::from_str(&stdout_of(&[
        "moves", DUEL, "--at", "1", "--format", "json",
    ]))
    .unwrap();
    let listed: Vec<(String, String, String)> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["opens"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o.as_str().unwrap())
                    .collect(),
                a["side"].as_str().unwrap().to_string(),
                a["line"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected = [
        ("", "Blue", "I move 0604"),
        ("", "Blue", "I move 0606"),
        ("", "Blue", "I move 0505"),
        ("2. Red", "Red", "I move 0101"),
        ("2. Red", "Red", "I move 0103"),
        ("2. Red", "Red", "II move 0201"),
        ("2. Red", "Red", "II move 0302"),
        ("2. Red", "Red", "II move 0203"),
    ];
    assert_eq!(
        listed,
        expected.map(|(o, s, l)| (o.to_string(), s.to_string(), l.to_string()))
    );
    // The duel has no costs: the text lists the lines alone.
    let text = stdout_of(&["moves", DUEL, "--at", "setup"]);
    assert_eq!(
        text,
        "A duel at setup: setup\n\nAfter `1. Red`\n  Red I\n    I move 0102\n  Red II\n    II move 0301\n    II move 0202\n"
    );
}
