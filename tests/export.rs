//! `senlac export`: the built binary over the samples, its JSON checked against
//! docs/export.schema.json and its numbers against the parse and the rules.

use senlac_notation::lower::{Step, steps};
use serde_json::{Value, json};

mod common;
use common::{HASTINGS_FIGURES, root, senlac_in_root as senlac, stdout_of};

fn export(path: &str) -> Value {
    serde_json::from_str(&stdout_of(&["export", path, "--format", "json"]))
        .expect("the json export parses")
}

/// `text` written to a temporary log; the directory lives as long as the guard.
fn temp_log(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.sbn");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap().to_string();
    (dir, path)
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("docs/export.schema.json")).unwrap();
    serde_json::from_str(&text).expect("the schema parses")
}

/// Panics with every error if `instance` does not match `schema`.
fn assert_valid(schema: &Value, instance: &Value, what: &str) {
    let validator = jsonschema::draft202012::new(schema).expect("the schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} breaks the schema:\n{}",
        errors.join("\n")
    );
}

/// The schema of a system's events: docs/schema/SYSTEM.events.schema.json,
/// SYSTEM being the Rules tag's system part (`mass-combat/a` → `mass-combat`),
/// or the whole tag with `-` for `/` where no file of the part is
/// (`feudal/ohw` → `feudal-ohw`).
fn events_schema(rules: &str) -> Value {
    let system = rules.split('/').next().unwrap();
    let mut path = root().join(format!("docs/schema/{system}.events.schema.json"));
    if !path.exists() {
        let whole = rules.replace('/', "-");
        path = root().join(format!("docs/schema/{whole}.events.schema.json"));
    }
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("the schema parses")
}

/// The schema of one `jsonl` line: `#/$defs/record`.
fn record_schema() -> Value {
    let schema = schema();
    json!({
        "$schema": schema["$schema"],
        "$defs": schema["$defs"],
        "$ref": "#/$defs/record",
    })
}

/// The main-line actions of a file's first battle, as the parser sees them:
/// (text, start, end).
fn actions(path: &str) -> Vec<(String, u64, u64)> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let archive = senlac_notation::parse(&text);
    let battle = &archive.battles[0];
    let mut depth = 0u32;
    let mut found = Vec::new();
    for step in steps(battle) {
        match step {
            Step::VariationStart(_) => depth += 1,
            Step::VariationEnd(_) => depth -= 1,
            Step::Action(action) if depth == 0 => found.push((
                battle.text(action.span).to_string(),
                u64::from(action.span.start),
                u64::from(action.span.end),
            )),
            _ => {}
        }
    }
    found
}

fn unit<'v>(units: &'v Value, side: &str, id: &str) -> &'v Value {
    units
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["side"] == side && u["id"] == id)
        .unwrap_or_else(|| panic!("no unit {side} {id}"))
}

#[test]
fn the_schema_is_a_valid_2020_12_schema() {
    let schema = schema();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    if let Err(error) = jsonschema::meta::validate(&schema) {
        panic!("docs/export.schema.json is not a valid schema: {error}");
    }
    jsonschema::draft202012::new(&record_schema()).expect("the record schema compiles");
}

#[test]
fn every_action_of_both_samples_is_a_step() {
    let hastings = actions("samples/hastings.sbn");
    let fulford = actions("samples/fulford.sbn");
    // What `senlac lint samples/` counts: 81 + 10.
    assert_eq!((hastings.len(), fulford.len()), (81, 10));
    for (path, actions) in [
        ("samples/hastings.sbn", hastings),
        ("samples/fulford.sbn", fulford),
    ] {
        let export = export(path);
        assert_valid(&schema(), &export, path);
        let steps = export["steps"].as_array().unwrap();
        assert_eq!(steps.len(), actions.len(), "{path}");
        // Each event in the system's own wire format, as its schema says.
        let events = events_schema(export["rules"].as_str().unwrap());
        for step in steps {
            for event in step["events"].as_array().unwrap() {
                assert_valid(&events, event, &format!("an event of {}", step["text"]));
            }
        }
        for (i, (step, (text, start, end))) in steps.iter().zip(&actions).enumerate() {
            assert_eq!(step["index"], i);
            assert_eq!(step["text"], text.as_str());
            assert_eq!(step["span"], json!({ "start": start, "end": end }));
        }
        assert_eq!(export["violations"], json!([]), "{path}");
    }
}

/// Every event of every sample, and of generated battles of every system,
/// matches its system's docs/schema/SYSTEM.events.schema.json, and so does
/// each export's envelope.
#[test]
fn every_event_matches_its_systems_schema() {
    let mut exports = Vec::new();
    for sample in [
        "samples/hastings.sbn",
        "samples/fulford.sbn",
        "samples/harrow-ford.sbn",
        "samples/hastings-1066-st.sbn",
    ] {
        exports.push((sample.to_string(), export(sample)));
    }
    let mut temporary = Vec::new();
    for rules in [
        "mass-combat/a",
        "mass-combat/b",
        "tdgs/mass-combat",
        "hastings-1066/st",
        "example/duel",
    ] {
        let (dir, path) = temp_log(&stdout_of(&[
            "gen",
            "--rules",
            rules,
            "--battles",
            "2",
            "--seed",
            "3",
        ]));
        for battle in ["1", "2"] {
            let out = senlac(&["export", &path, "--battle", battle]);
            let export = serde_json::from_slice(&out.stdout).expect("the json export parses");
            exports.push((format!("{rules} battle {battle}"), export));
        }
        temporary.push(dir);
    }
    let envelope = jsonschema::draft202012::new(&schema()).expect("the schema compiles");
    let mut kinds = std::collections::BTreeMap::<String, std::collections::BTreeSet<String>>::new();
    for (what, export) in &exports {
        let errors: Vec<String> = envelope
            .iter_errors(export)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{what}: {}", errors.join("\n"));
        let rules = export["rules"].as_str().unwrap();
        let events = jsonschema::draft202012::new(&events_schema(rules)).expect("it compiles");
        let seen = kinds
            .entry(rules.split('/').next().unwrap().to_string())
            .or_default();
        let deployments = export["setup"]["deployments"].as_array().unwrap();
        assert!(!deployments.is_empty(), "{what} deploys units");
        for step in deployments
            .iter()
            .chain(export["steps"].as_array().unwrap())
        {
            for event in step["events"].as_array().unwrap() {
                let errors: Vec<String> =
                    events.iter_errors(event).map(|e| e.to_string()).collect();
                assert!(errors.is_empty(), "{what}, {event}: {}", errors.join("\n"));
                seen.insert(event["event"].as_str().unwrap().to_string());
            }
        }
    }
    // Each system's battles show many kinds of event, not a few.
    let counts: Vec<(&str, usize)> = kinds.iter().map(|(k, v)| (k.as_str(), v.len())).collect();
    assert_eq!(counts.len(), 4, "{counts:?}");
    for (system, count) in counts {
        let least = if system == "example" { 2 } else { 15 };
        assert!(count >= least, "{system}: {count} kinds of event");
    }
}

#[test]
fn hastings_header_and_setup() {
    let export = export("samples/hastings.sbn");
    let header = export["header"].as_array().unwrap();
    let names: Vec<&str> = header.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Battle", "Site", "Date", "Rules", "Sides", "Result", "Source"
        ]
    );
    assert_eq!(header[0]["value"], "Hastings");
    assert_eq!(header[3]["value"], "mass-combat/a");

    let setup = &export["setup"];
    assert_eq!(setup["sides"], json!(["Saxons", "Normans"]));
    assert_eq!(
        setup["map"],
        json!({ "kind": "hex", "columns": 10, "rows": 10, "parity": "odd" })
    );
    let units = &setup["units"];
    assert_eq!(units.as_array().unwrap().len(), 16);
    assert_eq!(
        *unit(units, "Saxons", "IX"),
        json!({
            "side": "Saxons", "id": "IX", "name": "Harold's Housecurl",
            "status": "active", "at": "0604",
            "class": "heavy-infantry", "grade": "A", "command_points": 7,
            "damage": 0, "support": 2, "assault": 5,
            "men": 1000, "casualties": 0, "fate": "Unharmed",
        })
    );
    assert_eq!(unit(units, "Normans", "VI")["class"], "heavy-cavalry");
    assert_eq!(unit(units, "Normans", "VI")["at"], "0307");
    assert_eq!(unit(units, "Normans", "I")["class"], "foot-archers");

    // Each placement of the deploy lines, in the text's order, with the
    // event that put the unit on the map: sixteen units, sixteen.
    let text = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let deployments = setup["deployments"].as_array().unwrap();
    assert_eq!(deployments.len(), 16);
    let first = &deployments[0];
    assert_eq!(first["text"], "VI@0404");
    let (start, end) = (
        first["span"]["start"].as_u64().unwrap(),
        first["span"]["end"].as_u64().unwrap(),
    );
    assert_eq!(&text[start as usize..end as usize], "VI@0404");
    let line = text[..start as usize].lines().count();
    assert_eq!(first["line"], json!(line));
    assert_eq!(
        first["events"],
        json!([{ "event": "deployed", "unit": "Saxons VI", "at": "0404" }])
    );
    // Every unit's setup hex is the one its placement deployed it on.
    for placement in deployments {
        let event = &placement["events"][0];
        let (side, id) = event["unit"].as_str().unwrap().split_once(' ').unwrap();
        assert_eq!(unit(units, side, id)["at"], event["at"], "{placement}");
    }
}

#[test]
fn hastings_steps_events_and_states() {
    let export = export("samples/hastings.sbn");
    let units = export["setup"]["units"].as_array().unwrap();
    let steps = export["steps"].as_array().unwrap();

    let first = &steps[0];
    assert_eq!(first["text"], "I+II+III+IV+V+VI+VII+VIII+IX hold");
    assert_eq!(
        (&first["turn"], &first["side"], &first["phase"]),
        (&json!(1), &json!("Saxons"), &json!("movement"))
    );
    // Line 50, after four spaces of indentation.
    assert_eq!((&first["line"], &first["column"]), (&json!(50), &json!(5)));
    let events = first["events"].as_array().unwrap();
    // The step opens the Saxon side-turn and its movement phase.
    assert_eq!(
        events[..2],
        [
            json!({ "event": "side-turn-begun", "turn": 1, "side": "Saxons" }),
            json!({ "event": "phase-begun", "phase": "movement" }),
        ]
    );
    let spent: Vec<&Value> = events.iter().filter(|e| e["event"] == "spent").collect();
    assert_eq!(spent.len(), 9);
    let ids = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    for (event, id) in spent.iter().zip(ids) {
        assert_eq!(event["command_points"], 1);
        assert_eq!(event["unit"], format!("Saxons {id}"));
        assert!(units.iter().any(|u| u["side"] == "Saxons" && u["id"] == id));
    }

    // The Norman volley of turn 1: Saxon VI endures (1 point) and is left with 3.
    let volley: Vec<&Value> = steps
        .iter()
        .filter(|s| s["turn"] == 1 && s["side"] == "Normans" && s["phase"] == "volley")
        .collect();
    assert_eq!(volley.len(), 2);
    assert_eq!(volley[0]["text"], "I volley VI > VI endure");
    assert!(
        volley[0]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "volley")
    );
    let after = &volley[1]["state"];
    assert_eq!(unit(after, "Saxons", "VI")["command_points"], 3);
    assert_eq!(unit(after, "Saxons", "VII")["command_points"], 4);
    // The same state `senlac show` gives for that point.
    let show: Value = serde_json::from_str(&stdout_of(&[
        "show",
        "samples/hastings.sbn",
        "--at",
        "1.Normans.volley",
        "--format",
        "json",
    ]))
    .unwrap();
    for shown in show["units"].as_array().unwrap() {
        let exported = unit(
            after,
            shown["side"].as_str().unwrap(),
            shown["id"].as_str().unwrap(),
        );
        for key in ["status", "at", "command_points", "damage"] {
            assert_eq!(exported[key], shown[key], "{key} of {}", shown["id"]);
        }
    }

    // Fyrd I and II rout in turn 2.
    let rout = &steps[5];
    assert_eq!(rout["text"], "I+II rout");
    assert_eq!(unit(&rout["state"], "Saxons", "I")["status"], "routed");
    assert_eq!(unit(&rout["state"], "Saxons", "II")["status"], "routed");
    assert_eq!(unit(&steps[4]["state"], "Saxons", "I")["status"], "active");

    // Every move is recorded with CCRR labels; VII's advance of turn 3 ends on 0805.
    let advance = steps
        .iter()
        .find(|s| s["text"] == "VII advance 0807-0806-0805")
        .unwrap();
    assert!(advance["events"].as_array().unwrap().contains(&json!({
        "event": "moved", "unit": "Normans VII", "from": "0807", "to": "0805",
        "charge": false, "path": ["0807", "0806", "0805"]
    })));
    assert_eq!(unit(&advance["state"], "Normans", "VII")["at"], "0805");
}

#[test]
fn hastings_figures_in_order() {
    let export = export("samples/hastings.sbn");
    let steps = export["steps"].as_array().unwrap();
    let figures = export["figures"].as_array().unwrap();
    let names: Vec<&str> = figures
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, HASTINGS_FIGURES);
    // The setup's figures come before any step.
    for figure in &figures[..3] {
        assert_eq!(figure["step"], Value::Null);
    }
    assert_eq!(figures[1]["caption"], "Anglo Saxon Deployment");
    let step_of = |i: usize| &steps[figures[i]["step"].as_u64().unwrap() as usize];
    assert_eq!(step_of(3)["text"], "I+II rout");
    assert_eq!(step_of(15)["text"], "VI slaughter");
    let last = &figures[16];
    assert_eq!(last["caption"], "Final Charge");
    assert_eq!(
        step_of(16)["text"],
        "VII charge IX 0805-0704 > IX endure-charge"
    );
}

#[test]
fn fulford_is_edition_b() {
    let export = export("samples/fulford.sbn");
    assert_eq!(
        export["header"][3],
        json!({ "name": "Rules", "value": "mass-combat/b" })
    );
    let units = &export["setup"]["units"];
    assert_eq!(unit(units, "Norse", "I")["men"], 800);
    assert_eq!(unit(units, "Norse", "III")["men"], 400);
    let steps = export["steps"].as_array().unwrap();
    let last = steps.last().unwrap();
    assert_eq!(last["text"], "I resolve II > I rout => attack=0 defense=1");
    assert_eq!(
        (&last["turn"], &last["side"], &last["phase"]),
        (&json!(1), &json!("Northumbrians"), &json!("resolve"))
    );
    assert_eq!(
        unit(&last["state"], "Northumbrians", "I")["status"],
        "routed"
    );
    assert_eq!(export["figures"], json!([]));
}

#[test]
fn jsonl_has_one_record_per_line() {
    let record = record_schema();
    for path in ["samples/hastings.sbn", "samples/fulford.sbn"] {
        let whole = export(path);
        let text = stdout_of(&["export", path, "--format", "jsonl"]);
        let lines: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("each line parses"))
            .collect();
        let steps = whole["steps"].as_array().unwrap();
        let figures = whole["figures"].as_array().unwrap();
        let violations = whole["violations"].as_array().unwrap();
        assert_eq!(
            lines.len(),
            2 + steps.len() + figures.len() + violations.len(),
            "{path}"
        );
        for line in &lines {
            assert_valid(&record, line, path);
        }
        let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
        let mut expected = vec!["header", "setup"];
        expected.extend(std::iter::repeat_n("step", steps.len()));
        expected.extend(std::iter::repeat_n("figure", figures.len()));
        expected.extend(std::iter::repeat_n("violation", violations.len()));
        assert_eq!(kinds, expected, "{path}");
        // The same records as the json document, each with its kind.
        let without_kind = |line: &Value| {
            let mut line = line.clone();
            line.as_object_mut().unwrap().remove("kind");
            line
        };
        assert_eq!(lines[0]["tags"], whole["header"]);
        assert_eq!(without_kind(&lines[1]), whole["setup"]);
        for (line, step) in lines[2..].iter().zip(steps) {
            assert_eq!(&without_kind(line), step);
        }
        for (line, figure) in lines[2 + steps.len()..].iter().zip(figures) {
            assert_eq!(&without_kind(line), figure);
        }
    }
}

#[test]
fn variations_are_not_steps() {
    let original = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let varied = original.replace(
        "    III wait\n",
        "    III wait ( III hold { [%fig ghost \"not played\"] } ( II hold ) II volley I )\n",
    );
    assert_ne!(varied, original);
    let (_dir, path) = temp_log(&varied);
    let export = export(&path);
    assert_valid(&schema(), &export, "the varied battle");
    let plain = self::export("samples/fulford.sbn");
    let (steps, plain_steps) = (
        export["steps"].as_array().unwrap(),
        plain["steps"].as_array().unwrap(),
    );
    assert_eq!(steps.len(), 10);
    let shift = (varied.len() - original.len()) as u64;
    let after = varied.find("( III hold").unwrap() as u64;
    for (step, plain) in steps.iter().zip(plain_steps) {
        // Same action, same events, same state; later spans move by the insertion.
        for key in ["index", "turn", "side", "phase", "text", "state"] {
            assert_eq!(step[key], plain[key], "{key} of {}", plain["text"]);
        }
        // Events carry spans of their own, which move with the insertion too.
        let without_spans = |events: &Value| -> Vec<Value> {
            let mut events = events.as_array().unwrap().clone();
            for event in &mut events {
                event.as_object_mut().unwrap().remove("span");
            }
            events
        };
        assert_eq!(
            without_spans(&step["events"]),
            without_spans(&plain["events"]),
            "events of {}",
            plain["text"]
        );
        let start = plain["span"]["start"].as_u64().unwrap();
        let moved = if start > after { start + shift } else { start };
        assert_eq!(step["span"]["start"], moved);
    }
    assert_eq!(export["figures"], json!([]));
}

#[test]
fn violations_are_exported_with_positions() {
    let original = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let broken = original.replace("    II hold\n", "    II hold\n    II hold\n");
    // A battle that breaks the rules is still exported, as replayed.
    let (_dir, path) = temp_log(&broken);
    let export = export(&path);
    assert_valid(&schema(), &export, "the broken battle");
    let violations = export["violations"].as_array().unwrap();
    assert_eq!(violations.len(), 1);
    let violation = &violations[0];
    assert_eq!(violation["code"], "mass-combat::already-acted");
    let second = broken.rfind("II hold").unwrap() as u64;
    assert_eq!(
        violation["span"],
        json!({ "start": second, "end": second + 7 })
    );
    assert_eq!(
        (&violation["line"], &violation["column"]),
        (&json!(43), &json!(5))
    );
    assert_eq!(export["steps"].as_array().unwrap().len(), 11);
    let jsonl = stdout_of(&["export", &path, "--format", "jsonl"]);
    let last: Value = serde_json::from_str(jsonl.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "violation");
    assert_eq!(last["code"], "mass-combat::already-acted");
}

#[test]
fn missing_files_and_battles_are_usage_errors() {
    let missing = senlac(&["export", "samples/no-such-battle.sbn", "--format", "json"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-battle.sbn"));
    let no_battle = senlac(&["export", "samples/fulford.sbn", "--battle", "2"]);
    assert_eq!(no_battle.status.code(), Some(2));
    assert!(no_battle.stdout.is_empty());
    let bad_format = senlac(&["export", "samples/fulford.sbn", "--format", "xml"]);
    assert_eq!(bad_format.status.code(), Some(2));
}

/// The states are the events: folding the events `senlac export` wrote, read
/// back from its JSON alone, from the setup gives every state the replay
/// recorded, and the units the export shows after each step.
#[test]
fn every_state_rebuilds_from_the_exported_events() {
    use senlac_engine::mass_combat::{self, MassCombat, event::Wire};
    use senlac_engine::{Config, Ruleset};

    let export = export("samples/hastings.sbn");
    let text = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let archive = senlac_notation::parse(&text);
    let replay = mass_combat::replay(
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: true,
            ..Default::default()
        },
    )
    .unwrap();
    let rules = mass_combat::EDITION_A;
    let states: Vec<&mass_combat::State> = replay.timeline.kept().map(|(_, s)| s).collect();
    let mut state = states[0].clone();
    let steps = export["steps"].as_array().unwrap();
    assert_eq!(
        steps.len() + 2,
        states.len(),
        "setup, one per step, the end"
    );
    let mut events = 0;
    for (i, step) in steps.iter().enumerate() {
        for wire in step["events"].as_array().unwrap() {
            let wire: Wire = serde_json::from_value(wire.clone()).unwrap();
            let event = rules
                .unwire(&state, &wire)
                .unwrap_or_else(|| panic!("{wire:?} does not read back"));
            MassCombat::apply(&mut state, &event);
            events += 1;
        }
        assert!(state == *states[i + 1], "state after {}", step["text"]);
    }
    assert!(events > 500, "only {events} events");
}

/// A second `map` line is `setup::second-map`, and the battle is fought on
/// the first: the export gives the map the engine replayed on.
#[test]
fn the_exported_map_is_the_one_the_battle_is_fought_on() {
    let hastings = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let text = hastings.replace(
        "map hex 10x10 parity odd\n",
        "map hex 10x10 parity odd\nmap hex 12x12 parity odd\n",
    );
    let (_dir, path) = temp_log(&text);
    let out = senlac(&["export", &path, "--format", "json"]);
    let exported: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        exported["setup"]["map"],
        json!({"kind": "hex", "columns": 10, "rows": 10, "parity": "odd"})
    );
}

/// `--states` chooses which steps carry the state after them; every step
/// carries its events: `all` every step, `turns` the last of each side's
/// turn (its state the one `all` gives there), `none` no step. Each is
/// valid against the schema.
#[test]
fn states_can_be_every_step_each_sides_turn_or_none() {
    let export_with = |states: &str| -> Value {
        serde_json::from_str(&stdout_of(&[
            "export",
            "samples/hastings.sbn",
            "--states",
            states,
        ]))
        .unwrap()
    };
    let schema = schema();
    let all = export_with("all");
    let turns = export_with("turns");
    let none = export_with("none");
    for (document, what) in [(&all, "all"), (&turns, "turns"), (&none, "none")] {
        assert_valid(&schema, document, what);
    }
    assert_eq!(
        all,
        export(&root().join("samples/hastings.sbn").to_string_lossy())
    );
    let steps = |d: &Value| d["steps"].as_array().unwrap().clone();
    let (all, turns, none) = (steps(&all), steps(&turns), steps(&none));
    assert_eq!(all.len(), 81);
    assert!(all.iter().all(|s| s["state"].is_array()));
    assert!(none.iter().all(|s| s.get("state").is_none()));
    // Events are kept whatever the states.
    for (a, (t, n)) in all.iter().zip(turns.iter().zip(&none)) {
        assert_eq!(a["events"], t["events"]);
        assert_eq!(a["events"], n["events"]);
    }
    // A state on each side's turn's last step, the same as all's there.
    let ends: Vec<usize> = (0..all.len())
        .filter(|&i| {
            i + 1 == all.len()
                || (&all[i + 1]["turn"], &all[i + 1]["side"]) != (&all[i]["turn"], &all[i]["side"])
        })
        .collect();
    let with_state: Vec<usize> = (0..turns.len())
        .filter(|&i| turns[i].get("state").is_some())
        .collect();
    assert_eq!(with_state, ends);
    assert_eq!(ends.len(), 18, "nine turns of two sides");
    for i in ends {
        assert_eq!(turns[i]["state"], all[i]["state"]);
    }
}

/// Feudal's events (feudal/ohw) match docs/schema/feudal-ohw.events.schema.json:
/// every kind, as the engine's wire writes it, and every event of the
/// worked example's export (its deployments, with play's events once it
/// writes them).
#[test]
fn feudal_events_match_their_schema() {
    use senlac_engine::feudal_ohw::{wire, worked};
    let events = jsonschema::draft202012::new(&events_schema("feudal/ohw")).expect("it compiles");
    let state = worked::setup();
    let mut kinds = std::collections::BTreeSet::new();
    for event in worked::every_kind() {
        let json = serde_json::to_value(wire::wire(&state, &event)).unwrap();
        let errors: Vec<String> = events.iter_errors(&json).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{json}: {}", errors.join("\n"));
        kinds.insert(json["event"].as_str().unwrap().to_string());
    }
    assert_eq!(kinds.len(), 18, "{kinds:?}");
    // A computed pose carries its exact table-frame values, as the schema says.
    let computed = worked::every_kind().pop().unwrap();
    let json = serde_json::to_value(wire::wire(&state, &computed)).unwrap();
    assert_eq!(json["to"]["exact"]["y"], 12.768_616_153_960_759, "{json}");
    // A unit named as no battle names it breaks the schema.
    let bad = json!({ "event": "removed", "unit": "K" });
    assert!(!events.is_valid(&bad));
    let export = export("crates/engine/tests/data/feudal-ohw-worked.sbn");
    assert_valid(&schema(), &export, "the worked example's export");
    let k = unit(&export["setup"]["units"], "Angevins", "K");
    assert_eq!(
        (&k["at"], &k["facing"]),
        (&json!("22x6in"), &json!("90deg"))
    );
    let deployments = export["setup"]["deployments"].as_array().unwrap();
    assert_eq!(deployments.len(), 6, "six units deployed");
    let first = &deployments[0]["events"][0];
    assert_eq!(
        *first,
        json!({ "event": "deployed", "unit": "Angevins.K", "pose": { "x": 22.0, "y": 6.0, "facing": 90.0 } })
    );
    for step in deployments
        .iter()
        .chain(export["steps"].as_array().unwrap())
    {
        for event in step["events"].as_array().unwrap() {
            let errors: Vec<String> = events.iter_errors(event).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{event}: {}", errors.join("\n"));
        }
    }
}
