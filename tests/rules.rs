//! `senlac rules`: the rule systems, and one system's actions and reactions
//! as the engine's tables price them.

use senlac_engine::mass_combat::tables::Verb;

mod common;
use common::{senlac_in_root as senlac, stdout_of as stdout};

/// The table rows (their first lines), as cells: name, verb, cost, who,
/// needs, forces. Cells are separated by two or more spaces.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|line| line.starts_with("    ") && !line.starts_with("     "))
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|cells| cells[0] != "Name")
        .collect()
}

/// The first row named `name`.
fn row<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    rows(text)
        .into_iter()
        .find(|cells| cells[0] == name)
        .unwrap_or_else(|| panic!("no row {name:?} in:\n{text}"))
}

#[test]
fn lists_the_rule_systems() {
    let text = stdout(&["rules"]);
    let lines: Vec<&str> = text.lines().collect();
    let listed = senlac_engine::system::listed_tags();
    assert_eq!(lines.len(), listed.len(), "{text}");
    for (line, tag) in lines.iter().zip(listed) {
        assert!(line.starts_with(tag), "{line}");
        assert!(line.len() > tag.len() + 10, "no description: {line}");
    }
    let described = |tag: &str, words: &str| {
        text.lines().any(|l| {
            l.split_once(' ')
                .is_some_and(|(t, rest)| t == tag && rest.trim_start().starts_with(words))
        })
    };
    assert!(
        described("mass-combat/a", "Mass Combat, edition a"),
        "{text}"
    );
    assert!(
        described("mass-combat/b", "Mass Combat, edition b"),
        "{text}"
    );
    assert!(described("tdgs/mass-combat", "TDGS Mass Combat"), "{text}");
}

#[test]
fn the_editions_price_attack_and_lose_attack_differently() {
    let a = stdout(&["rules", "mass-combat/a"]);
    let b = stdout(&["rules", "mass-combat/b"]);
    assert_eq!(row(&a, "Attack")[1..3], ["attack", "0c"]);
    assert_eq!(row(&a, "Lose Attack")[1..3], ["lose", "1c 1dmg"]);
    assert_eq!(row(&b, "Attack")[1..3], ["attack", "1c"]);
    assert_eq!(row(&b, "Lose Attack")[1..3], ["lose", "2c 1dmg"]);
}

#[test]
fn volley_shows_its_range_and_cost() {
    let a = stdout(&["rules", "mass-combat/a"]);
    let volley = row(&a, "Volley");
    assert_eq!(volley[1..4], ["volley", "1c", "archers"]);
    assert_eq!(volley[4], "an active enemy in range (4 hexes)");
    assert_eq!(volley[5], "the target:");
    assert!(a.contains("endure or damage"), "{a}");
}

#[test]
fn every_verb_appears_in_edition_a() {
    let a = stdout(&["rules", "mass-combat/a"]);
    let verbs: Vec<&str> = rows(&a).iter().map(|cells| cells[1]).collect();
    for verb in Verb::ALL {
        assert!(
            verbs.contains(&verb.word()),
            "`{}` is missing from:\n{a}",
            verb.word()
        );
    }
    assert!(verbs.contains(&"resolve"), "{a}");
}

#[test]
fn each_phase_comes_in_order_then_the_rulings() {
    let a = stdout(&["rules", "mass-combat/a"]);
    let headings = [
        "1. Missile volleys",
        "2. Movement",
        "3. Combat Declarations",
        "4. Defense Declarations",
        "5. Resolve Combat",
        "At any time",
        "Rulings: docs/rules/mass-combat.md",
    ];
    let at: Vec<usize> = headings
        .iter()
        .map(|h| a.find(h).unwrap_or_else(|| panic!("no {h:?} in:\n{a}")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{a}");
    // Hold costs 1c only in Movement, and the resolve phase has no actions.
    let holds: Vec<&str> = rows(&a)
        .into_iter()
        .filter(|cells| cells[1] == "hold")
        .map(|cells| cells[2])
        .collect();
    assert_eq!(holds, ["0c", "1c", "0c", "0c"]);
}

#[test]
fn an_unknown_ruleset_is_a_usage_error() {
    let output = senlac(&["rules", "mass-combat/z"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("mass-combat/z"), "{stderr}");
    assert!(stderr.contains("mass-combat/a, mass-combat/b"), "{stderr}");
}

/// A system's overlays close its description, before its rulings: what
/// `senlac render --overlay NAME` may ask for. A system with none has no
/// such section.
#[test]
fn a_systems_overlays_are_listed_before_its_rulings() {
    let text = stdout(&["rules", "hastings-1066/st"]);
    let section = text
        .split("\nOverlays (senlac render --overlay NAME)\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no overlays in:\n{text}"));
    assert!(
        section.starts_with("  zoc  each side's zones of control"),
        "{section}"
    );
    assert!(section.contains("\nRulings: docs/rules/hastings-1066-st.md"));
    assert!(!stdout(&["rules", "mass-combat/a"]).contains("Overlays"));
}

/// `senlac rules feudal/ohw`: the classes with their numbers (spec 2.0),
/// the options and the lines of play, as the catalog prints them.
#[test]
fn feudal_prints_its_classes_options_and_lines() {
    let text = stdout(&["rules", "feudal/ohw"]);
    // Each row's first lines: the class, its move class, turns, missiles,
    // shooting modifier, armour and ground.
    assert_eq!(
        row(&text, "knights (0.4a)")[1..],
        [
            "class 3",
            "once, at the start or the end",
            "none",
            "shooting +0",
            "none",
            "open ground only"
        ]
    );
    assert_eq!(
        row(&text, "bowmen (0.4d)")[3],
        "bows (shoot phase), 2 BW (10\")"
    );
    assert_eq!(
        row(&text, "impetuous-charges")[1..],
        ["advantages", "feudal-ohw §IC.2"]
    );
    assert_eq!(
        row(&text, "charge")[1..3],
        [
            "move:",
            "U charge T [ANGLE] [fast] [offset=DIST] [edge=left|right] [ROLL]"
        ]
    );
    assert!(
        text.ends_with("Rulings: docs/rules/feudal-ohw.md\n"),
        "{text}"
    );
}
