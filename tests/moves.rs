//! `senlac moves`: the actions the rules accept next at a point, as text
//! and JSON, in every system, and the usage errors (a point the battle
//! never reaches). Every registered system lists its actions, so the
//! message for one that does not is reached by none.

use serde_json::Value;

mod common;
use common::{senlac_in_root as senlac, stdout_of};

const HASTINGS: &str = "samples/hastings.sbn";

#[test]
fn text_lists_each_place_a_line_may_stand_by_unit_with_costs() {
    // Turn 3, after the Norman attacks are declared: more declarations,
    // the Saxon supports after `defense:`, the resolutions after `resolve:`.
    let text = stdout_of(&["moves", HASTINGS, "--at", "3.Normans.combat"]);
    insta::assert_snapshot!("moves_hastings_3_normans_combat", text);
    let fulford = stdout_of(&["moves", "samples/fulford.sbn", "--at", "1.Norse.combat"]);
    insta::assert_snapshot!("moves_fulford_1_norse_combat", fulford);
}

#[test]
fn tdgs_lists_each_face_of_the_d20_with_the_outcome_it_brings() {
    // Harrow Ford round 3: the Huscarls, turned at bay, fight on; each
    // attack listed as a hit on the faces that hit and a miss on the rest.
    let text = stdout_of(&["moves", "samples/harrow-ford.sbn", "--at", "fig:lastStand"]);
    insta::assert_snapshot!("moves_harrow_ford_last_stand", text);
}

#[test]
fn json_is_an_array_of_actions() {
    let text = stdout_of(&[
        "moves",
        HASTINGS,
        "--at",
        "fig:frenchRoute",
        "--format",
        "json",
    ]);
    insta::assert_snapshot!("moves_hastings_french_route_json", text);
    let json: Value = serde_json::from_str(&text).unwrap();
    let actions = json.as_array().unwrap();
    let resolve = actions
        .iter()
        .find(|a| a["line"] == "VI resolve V => attack=5 defense=3")
        .unwrap();
    assert_eq!(resolve["side"], "Normans");
    assert_eq!(resolve["units"], serde_json::json!(["VI"]));
    assert_eq!(resolve["owed"], false);
    assert_eq!(resolve["cost"], "0c");
    assert_eq!(resolve["opens"], serde_json::json!([]));
}

#[test]
fn the_next_sides_turn_stands_after_its_turn_line() {
    // After the knights slaughter Harold's left, only IX is left to him.
    let json: Value = serde_json::from_str(&stdout_of(&[
        "moves",
        HASTINGS,
        "--at",
        "fig:justHaroldNow",
        "--format",
        "json",
    ]))
    .unwrap();
    let saxon: Vec<(String, String)> = json
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["side"] == "Saxons")
        .map(|a| {
            let opens: Vec<&str> = a["opens"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_str().unwrap())
                .collect();
            (opens.join(" / "), a["line"].as_str().unwrap().to_string())
        })
        .collect();
    let expected = [
        ("9. Saxons / volley:", "IX hold"),
        ("9. Saxons / volley:", "IX rout"),
        ("9. Saxons / movement:", "IX disengage 0503"),
        ("9. Saxons / movement:", "IX disengage 0603"),
        ("9. Saxons / movement:", "IX disengage 0703"),
        ("9. Saxons / movement:", "IX engage"),
        ("9. Saxons / movement:", "IX rout"),
    ];
    assert_eq!(saxon, expected.map(|(o, l)| (o.to_string(), l.to_string())));
}

#[test]
fn a_point_never_reached_is_a_usage_error_with_the_one_meant() {
    let out = senlac(&["moves", HASTINGS, "--at", "3.normans.combat"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "the battle never reaches `3.normans.combat`; did you mean `3.Normans.combat`?"
        ),
        "{stderr}"
    );
    for args in [
        &["moves", HASTINGS, "--at", "nonsense"][..],
        &["moves", HASTINGS],
        &["moves", HASTINGS, "--at", "1", "--battle", "2"],
    ] {
        assert_eq!(senlac(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn hastings_1066_lists_each_roll_with_the_claim_it_brings() {
    // The Saxons' melee in turn 3, after the housecarls strike: F1 and F3
    // bound to the knights beside them, each face with its outcome.
    let text = stdout_of(&[
        "moves",
        "samples/hastings-1066-st.sbn",
        "--at",
        "fig:housecarlsStrike",
    ]);
    insta::assert_snapshot!("moves_hastings_1066_housecarls_strike", text);
}
