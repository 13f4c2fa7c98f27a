//! The tags every system shares, checked as warnings: the Date is a date
//! (docs/notation.md §5.1), the Sides tag names the armies, and the Result
//! names a side and agrees with a battle the rules decide (MC-R22).

use senlac_engine::tags::parse_date;
use senlac_engine::{Config, Severity, check};
use senlac_notation::parse;

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../samples/{name}.sbn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Each finding of the sample with `from` replaced by `to`: code, severity,
/// the text its span covers, and its message.
fn findings(name: &str, from: &str, to: &str) -> Vec<(String, Severity, String, String)> {
    let text = sample(name);
    assert!(text.contains(from), "{from} is not in {name}");
    let text = text.replacen(from, to, 1);
    let archive = parse(&text);
    assert!(!archive.has_errors());
    let game = check(&archive.battles[0], Config::default()).unwrap();
    game.violations()
        .iter()
        .map(|v| {
            (
                v.code.to_string(),
                v.severity,
                text[v.span.range()].to_string(),
                v.message.clone(),
            )
        })
        .collect()
}

/// Code, severity and covered text only.
fn codes(name: &str, from: &str, to: &str) -> Vec<(String, Severity, String)> {
    findings(name, from, to)
        .into_iter()
        .map(|(c, s, t, _)| (c, s, t))
        .collect()
}

fn warning(code: &str, covered: &str) -> (String, Severity, String) {
    (code.to_string(), Severity::Warning, covered.to_string())
}

const RESULT: &str = "[Result \"Normans\"]";

#[test]
fn the_samples_results_agree_with_their_replays() {
    // Hastings ends with every Saxon unit routed or slaughtered.
    assert_eq!(codes("hastings", RESULT, RESULT), vec![]);
    assert_eq!(
        codes("fulford", "[Result \"Norse\"]", "[Result \"Norse\"]"),
        vec![]
    );
    // Unfinished or unknown is never contradicted.
    assert_eq!(codes("hastings", RESULT, "[Result \"*\"]"), vec![]);
}

#[test]
fn a_result_that_contradicts_the_replay_is_a_warning() {
    let found = findings("hastings", RESULT, "[Result \"Saxons\"]");
    assert_eq!(found.len(), 1, "{found:?}");
    let (code, severity, covered, message) = &found[0];
    assert_eq!(
        (code.as_str(), *severity, covered.as_str()),
        ("setup::wrong-result", Severity::Warning, "\"Saxons\"")
    );
    assert!(
        message.starts_with("the Result says `Saxons`, but the replay ends with `Normans`: Saxons has no unit left on the field"),
        "{message}"
    );
    assert_eq!(
        codes("hastings", RESULT, "[Result \"draw\"]"),
        [warning("setup::wrong-result", "\"draw\"")]
    );
    // Fulford stops with Northumbrian II still on the field: undecided, so
    // the recorder's word stands.
    assert_eq!(
        codes(
            "fulford",
            "[Result \"Norse\"]",
            "[Result \"Northumbrians\"]"
        ),
        vec![]
    );
}

#[test]
fn a_result_naming_no_side_is_a_warning() {
    let found = findings("hastings", RESULT, "[Result \"Vikings\"]");
    assert_eq!(
        found,
        [(
            "setup::unknown-result".to_string(),
            Severity::Warning,
            "\"Vikings\"".to_string(),
            "the Result `Vikings` is not a side of this battle: the armies are Saxons and Normans"
                .to_string()
        )]
    );
    // A slip of the pen gets its fix.
    let text = sample("hastings").replacen(RESULT, "[Result \"Normnas\"]", 1);
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::default()).unwrap();
    let unknown = &game.violations()[0];
    assert_eq!(unknown.code, "setup::unknown-result");
    assert_eq!(
        unknown.fix.as_ref().map(|f| f.replacement.as_ref()),
        Some("\"Normans\"")
    );
}

#[test]
fn an_undecided_battle_takes_any_result() {
    // The docs' first turn of Hastings decides nothing: no side is broken.
    let text = sample("hastings");
    let first_turn = &text[..text.find("2. Saxons").unwrap()];
    for result in ["Saxons", "Normans", "draw", "*"] {
        let text = first_turn.replacen(RESULT, &format!("[Result \"{result}\"]"), 1);
        let archive = parse(&text);
        let game = check(&archive.battles[0], Config::default()).unwrap();
        let found: Vec<_> = game.violations().iter().map(|v| v.code).collect();
        assert_eq!(found, Vec::<&str>::new(), "{result}");
    }
}

#[test]
fn dates_in_every_documented_form_pass() {
    for date in [
        "1066-10-14",
        "1066-10",
        "1066",
        "????-??-??",
        "1066-??-??",
        "1066-10-??",
        "1068-02-29",
        "2024-02-29",
        "1066-12-31",
    ] {
        assert_eq!(
            codes(
                "hastings",
                "[Date \"1066-10-14\"]",
                &format!("[Date \"{date}\"]")
            ),
            vec![],
            "{date}"
        );
    }
    assert_eq!(
        parse_date("1066-10-14"),
        Ok([Some(1066), Some(10), Some(14)])
    );
    assert_eq!(parse_date("1066-??"), Ok([Some(1066), None, None]));
}

#[test]
fn a_date_that_is_no_date_is_a_warning() {
    let found = findings("hastings", "[Date \"1066-10-14\"]", "[Date \"yesterday\"]");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1, found[0].2.as_str()),
        ("setup::bad-date", Severity::Warning, "\"yesterday\"")
    );
    assert_eq!(
        found[0].3,
        "the Date `yesterday` is not a date senlac reads: the year `yesterday` is not 4 digits (or `????` when unknown)"
    );
    for (date, why) in [
        ("1066-13-01", "there is no month 13: months run 01 to 12"),
        (
            "1066-02-30",
            "day 30 is not in the month, which has 28 days",
        ),
        (
            "1067-02-29",
            "day 29 is not in the month, which has 28 days",
        ),
        (
            "1066-09-31",
            "day 31 is not in the month, which has 30 days",
        ),
        (
            "1066-10-00",
            "day 00 is not in the month, which has 31 days",
        ),
        (
            "14 October 1066",
            "the year `14 October 1066` is not 4 digits (or `????` when unknown)",
        ),
        (
            "1066/10/14",
            "the year `1066/10/14` is not 4 digits (or `????` when unknown)",
        ),
        ("1066-10-14-12", "a date is YYYY, YYYY-MM or YYYY-MM-DD"),
        (
            "66-10-14",
            "the year `66` is not 4 digits (or `????` when unknown)",
        ),
        (
            "1066-1-14",
            "the month `1` is not 2 digits (or `??` when unknown)",
        ),
        (
            "10?6",
            "the year `10?6` is not 4 digits (or `????` when unknown)",
        ),
        ("", "a date is YYYY, YYYY-MM or YYYY-MM-DD"),
    ] {
        assert_eq!(parse_date(date), Err(why.to_string()), "{date}");
        let found = codes(
            "hastings",
            "[Date \"1066-10-14\"]",
            &format!("[Date \"{date}\"]"),
        );
        assert_eq!(
            found,
            [warning("setup::bad-date", &format!("\"{date}\""))],
            "{date}"
        );
    }
}

#[test]
fn the_sides_tag_names_the_armies_each_once() {
    // Any order is fine.
    assert_eq!(
        codes(
            "hastings",
            "[Sides \"Saxons Normans\"]",
            "[Sides \"Normans Saxons\"]"
        ),
        vec![]
    );
    // A side named twice: the second name is at fault, and the army the
    // tag leaves out is reported where it is opened.
    let found = findings(
        "hastings",
        "[Sides \"Saxons Normans\"]",
        "[Sides \"Saxons Saxons\"]",
    );
    let short: Vec<_> = found
        .iter()
        .map(|(c, s, t, _)| (c.as_str(), *s, t.as_str()))
        .collect();
    assert_eq!(
        short,
        [
            ("setup::unknown-side", Severity::Error, "Normans"),
            ("setup::sides-tag", Severity::Warning, "Saxons"),
        ]
    );
    assert_eq!(
        found[1].3,
        "the Sides tag names Saxons twice: it names 2 sides, 1 of them different"
    );
    // The second `Saxons`, not the first.
    let text =
        sample("hastings").replacen("[Sides \"Saxons Normans\"]", "[Sides \"Saxons Saxons\"]", 1);
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::default()).unwrap();
    let twice = &game.violations()[1];
    let tag = text.find("[Sides \"Saxons Saxons\"]").unwrap();
    assert_eq!(twice.span.start as usize, tag + "[Sides \"Saxons ".len());
    let fix = twice.fix.as_ref().unwrap();
    assert_eq!(
        (fix.span, fix.replacement.as_ref()),
        (twice.span, "Normans")
    );
    // A side no army opens.
    let found = codes(
        "hastings",
        "[Sides \"Saxons Normans\"]",
        "[Sides \"Saxons Normans Vikings\"]",
    );
    assert_eq!(
        found,
        [
            warning("setup::sides-tag", "Vikings"),
            (
                "mass-combat::sides".to_string(),
                Severity::Error,
                "[Sides \"Saxons Normans Vikings\"]".to_string()
            ),
        ]
    );
}
