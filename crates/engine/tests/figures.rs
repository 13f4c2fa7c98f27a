//! A unit line may declare the figures the rules' tables fix for its class
//! and grade (`support=`, `assault=`, `cp=`); senlac compares each with the
//! tables and warns when they differ (ruling MC-R8).

use senlac_engine::{Config, Severity, check};
use senlac_notation::parse;

fn sample() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap()
}

/// mass-combat-a.md's first roster tables (before the leadership bonus),
/// copied as they are printed: (side's army line start, id, command points,
/// support, assault).
const ROSTER: [(&str, &str, u8, u8, u8); 16] = [
    ("Saxons", "I", 1, 1, 0),
    ("Saxons", "II", 1, 1, 0),
    ("Saxons", "III", 2, 1, 1),
    ("Saxons", "IV", 3, 2, 2),
    ("Saxons", "V", 4, 2, 3),
    ("Saxons", "VI", 2, 1, 3),
    ("Saxons", "VII", 3, 2, 4),
    ("Saxons", "VIII", 3, 2, 4),
    ("Saxons", "IX", 4, 2, 5),
    ("Normans", "I", 2, 0, 0),
    ("Normans", "II", 3, 0, 0),
    ("Normans", "III", 3, 2, 4),
    ("Normans", "IV", 4, 2, 5),
    // The French Contingent: heavy infantry B, printed 1 and 3.
    ("Normans", "V", 3, 1, 3),
    ("Normans", "VI", 3, 2, 6),
    ("Normans", "VII", 3, 2, 6),
];

/// The sample with every unit line given its figures from ROSTER.
fn transcribed() -> String {
    let text = sample();
    let mut out = String::new();
    let mut side = "";
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("army ") {
            side = rest.split_whitespace().next().unwrap();
        }
        let Some(rest) = line.strip_prefix("  unit ") else {
            out.push_str(line);
            continue;
        };
        let id = rest.split_whitespace().next().unwrap();
        let (_, _, cp, support, assault) = ROSTER
            .iter()
            .find(|(s, i, ..)| *s == side && *i == id)
            .unwrap();
        out.push_str(line.trim_end());
        out.push_str(&format!(" cp={cp} support={support} assault={assault}\n"));
    }
    out
}

fn findings(text: &str) -> Vec<(&'static str, Severity, String, String)> {
    let archive = parse(text);
    assert!(!archive.has_errors());
    let game = check(&archive.battles[0], Config::default()).unwrap();
    game.violations()
        .iter()
        .map(|v| {
            (
                v.code,
                v.severity,
                text[v.span.range()].to_string(),
                v.message.clone(),
            )
        })
        .collect()
}

#[test]
fn a_faithful_transcription_of_the_roster_warns_of_the_french_contingent() {
    let text = transcribed();
    assert!(text.contains(
        "unit V \"French Contingent\" heavy-infantry B size=1000 cp=3 support=1 assault=3\n"
    ));
    assert_eq!(
        findings(&text),
        [
            (
                "mass-combat::declared-figure",
                Severity::Warning,
                "support=1".to_string(),
                "unit V declares support=1; the table gives heavy infantry grade B support 2"
                    .to_string()
            ),
            (
                "mass-combat::declared-figure",
                Severity::Warning,
                "assault=3".to_string(),
                "unit V declares assault=3; the table gives heavy infantry grade B assault 4"
                    .to_string()
            ),
        ]
    );
    // The fix writes the table's figure.
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::default()).unwrap();
    let fixes: Vec<_> = game
        .violations()
        .iter()
        .map(|v| v.fix.as_ref().unwrap().replacement.to_string())
        .collect();
    assert_eq!(fixes, ["support=2", "assault=4"]);
}

#[test]
fn the_tables_figures_pass() {
    let text = transcribed().replace(
        "size=1000 cp=3 support=1 assault=3",
        "size=1000 cp=3 support=2 assault=4",
    );
    assert_eq!(findings(&text), vec![]);
}

#[test]
fn command_points_are_the_grades_base_before_the_bonus() {
    // Harold's IX is grade A: 4 base command points; 7 is after its bonus of 3.
    let text = sample().replace(
        "unit IX \"Harold's Housecurl\" heavy-infantry A size=1000",
        "unit IX \"Harold's Housecurl\" heavy-infantry A size=1000 cp=7",
    );
    assert_eq!(
        findings(&text),
        [(
            "mass-combat::declared-figure",
            Severity::Warning,
            "cp=7".to_string(),
            "unit IX declares cp=7; the table gives grade A 4 base command points (the leadership bonus comes from `bonus` lines)".to_string()
        )]
    );
    let text = sample().replace(
        "unit IX \"Harold's Housecurl\" heavy-infantry A size=1000",
        "unit IX \"Harold's Housecurl\" heavy-infantry A size=1000 cp=4",
    );
    assert_eq!(findings(&text), vec![]);
}

#[test]
fn a_figure_that_is_no_number_is_reported_with_the_tables_value() {
    let text = sample().replace(
        "unit VI \"French Knights\" heavy-cavalry B size=1000",
        "unit VI \"French Knights\" heavy-cavalry B size=1000 assault=lots",
    );
    assert_eq!(
        findings(&text),
        [(
            "mass-combat::declared-figure",
            Severity::Warning,
            "assault=lots".to_string(),
            "unit VI declares assault=lots; the table gives heavy cavalry grade B assault 6"
                .to_string()
        )]
    );
}

#[test]
fn edition_b_archers_are_checked_against_edition_as_tables() {
    // Edition b prints no archer scores; senlac uses edition a's (MC-R10):
    // horse archers A support 3, assault 0.
    let text = sample().replace("mass-combat/a", "mass-combat/b").replace(
        "unit I \"Longbow Men\" foot-archers C size=1000",
        "unit I \"Longbow Men\" horse-archers A size=1000 support=3 assault=1",
    );
    let found: Vec<_> = findings(&text)
        .into_iter()
        .filter(|f| f.0 == "mass-combat::declared-figure")
        .map(|f| f.3)
        .collect();
    assert_eq!(
        found,
        ["unit I declares assault=1; the table gives horse archers grade A assault 0"]
    );
}
