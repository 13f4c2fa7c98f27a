//! The rulings senlac makes where the Mass Combat text is silent
//! (docs/rules/mass-combat.md), each shown on the Hastings sample: a legal
//! case, and an illegal one whose diagnostic cites the ruling.

use senlac_engine::mass_combat::{self, Status};
use senlac_engine::{Config, Point, check};
use senlac_notation::parse;

fn sample() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap()
}

/// (code, covered text, message, rule) of each finding.
fn findings(text: &str) -> Vec<(&'static str, String, String, &'static str)> {
    let archive = parse(text);
    assert!(!archive.has_errors());
    let game = check(&archive.battles[0], Config::default()).unwrap();
    game.violations()
        .iter()
        .map(|v| {
            (
                v.code,
                text[v.span.range()].to_string(),
                v.message.clone(),
                v.rule,
            )
        })
        .collect()
}

const TIE: &str = "VI resolve VI > VI lose => attack=6 defense=6";

#[test]
fn a_tie_is_the_attackers_loss_mc_r13() {
    // Turn 3: the Norman knights VI charge uphill against housecurls VI,
    // 6 against 6 (assault 4 + crest 2): the attacker loses.
    let text = sample();
    assert!(text.contains(TIE));
    assert_eq!(findings(&text), vec![]);
    // Naming the defender as the loser of the tie.
    let wrong = text.replacen(
        TIE,
        "VI resolve VI > Saxons.VI lose => attack=6 defense=6",
        1,
    );
    let found = findings(&wrong);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (code, covered, message, rule) = &found[0];
    assert_eq!(
        (*code, covered.as_str()),
        ("mass-combat::wrong-loser", "Saxons.VI")
    );
    assert_eq!(
        message,
        "attack 6 against defense 6 is a tie, and a tie is the attacker's loss: Normans VI loses, not Saxons VI"
    );
    assert!(rule.contains("MC-R13"), "{rule}");
    // The replay goes on as the rules have it: the rest of the battle is
    // clean (above), and Normans VI took the loss, not Saxons VI.
    let archive = parse(&wrong);
    let replay = mass_combat::replay(&archive.battles[0], Config::TIMELINE).unwrap();
    let after = replay.at(&Point::SideTurn(3, "Normans".into())).unwrap();
    let damage = |side: usize, id: &str| {
        let unit = after.roster.unit_index(side, id).unwrap();
        after.units[unit].damage
    };
    let clean = parse(&text);
    let right = mass_combat::replay(&clean.battles[0], Config::TIMELINE).unwrap();
    let expected = right.at(&Point::SideTurn(3, "Normans".into())).unwrap();
    assert_eq!(after.units, expected.units);
    // Normans VI's first damage is this loss; Saxons VI's one is an arrow's.
    assert_eq!((damage(1, "VI"), damage(0, "VI")), (1, 1));
}

#[test]
fn a_winner_named_as_loser_cites_the_totals() {
    let text = sample();
    let line = "V resolve VII > V lose => attack=4 defense=6";
    assert!(text.contains(line));
    let found = findings(&text.replacen(line, "V resolve VII > VII lose => attack=4 defense=6", 1));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0, found[0].1.as_str(), found[0].2.as_str()),
        (
            "mass-combat::wrong-loser",
            "VII",
            "attack 4 against defense 6: the higher total wins: Normans V loses, not Saxons VII"
        )
    );
    assert!(!found[0].3.contains("MC-R13"), "{}", found[0].3);
}

#[test]
fn four_damage_kills_a_unit_to_a_man_mc_r23() {
    // The Bretons (Normans III) break at their fourth damage: 1000 lost.
    let text = sample();
    let archive = parse(&text);
    let replay = mass_combat::replay(&archive.battles[0], Config::TIMELINE).unwrap();
    let end = replay.at(&Point::End).unwrap();
    let bretons = end.roster.unit_index(1, "III").unwrap();
    assert_eq!(end.units[bretons].damage, 4);
    assert_eq!(end.units[bretons].status, Status::Routed);
    assert_eq!(mass_combat::tables::casualties(1000, 4, false), 1000);
    assert_eq!(mass_combat::tables::casualties(1000, 3, false), 600);
    let game = check(&archive.battles[0], Config::TIMELINE).unwrap();
    let view = game.view(game.index(&Point::End).unwrap());
    let unit = view
        .units
        .iter()
        .find(|u| u.side == 1 && u.id == "III")
        .unwrap();
    assert_eq!(
        (unit.casualties, unit.fate.as_str()),
        (1000, "Killed to a man")
    );
}

#[test]
fn a_battle_is_decided_when_one_side_is_broken_mc_r22() {
    let text = sample();
    let archive = parse(&text);
    let replay = mass_combat::replay(&archive.battles[0], Config::default()).unwrap();
    let outcome = mass_combat::decided(&replay.state).unwrap();
    assert_eq!(outcome.winner.as_deref(), Some("Normans"));
    // After turn one nobody is broken.
    let replay = mass_combat::replay(&archive.battles[0], Config::TIMELINE).unwrap();
    let turn_one = replay.at(&Point::Turn(1)).unwrap();
    assert_eq!(mass_combat::decided(&turn_one), None);
}

/// The `MC-R<n>` ids in a text.
fn ruling_ids(text: &str) -> std::collections::BTreeSet<u32> {
    text.match_indices("MC-R")
        .filter_map(|(at, m)| {
            let digits: String = text[at + m.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn every_ruling_is_written_and_used() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let doc = std::fs::read_to_string(format!("{root}/docs/rules/mass-combat.md")).unwrap();
    let written: std::collections::BTreeSet<u32> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| MC-R"))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .collect();
    // Numbered 1 to n, each once.
    assert_eq!(written, (1..=written.len() as u32).collect());
    assert!(written.len() >= 24, "{written:?}");
    let mut source = String::new();
    for dir in ["src", "src/mass_combat"] {
        for entry in std::fs::read_dir(format!("{root}/crates/engine/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                source.push_str(&std::fs::read_to_string(path).unwrap());
            }
        }
    }
    let cited = ruling_ids(&source);
    // Every ruling the engine cites is written down, and every ruling is
    // applied somewhere in the engine.
    assert_eq!(
        cited.difference(&written).collect::<Vec<_>>(),
        Vec::<&u32>::new(),
        "cited but not written"
    );
    assert_eq!(
        written.difference(&cited).collect::<Vec<_>>(),
        Vec::<&u32>::new(),
        "written but never cited by the engine"
    );
}

#[test]
fn a_doubled_bonus_line_is_one_error_mc_r2() {
    // Harold's line written twice would push IV, VI, VII, VIII and IX past
    // their maximums; the copy is not given again, so only the sum is wrong.
    let line = "bonus Saxons IV=3 V=2 VI=3 VII=3 VIII=4 IX=3\n";
    let text = sample().replacen(line, &format!("{line}{line}"), 1);
    let found = findings(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0, found[0].1.as_str(), found[0].2.as_str()),
        (
            "mass-combat::bonus-sum",
            line.trim_end(),
            "Saxons' bonus points sum to 36 over its 2 `bonus` lines, but the leadership roll was 18"
        )
    );
    assert!(found[0].3.contains("MC-R2"));
    // The span is the second line.
    let second = text.find(line).unwrap() + line.len();
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::default()).unwrap();
    assert_eq!(game.violations()[0].span.start as usize, second);
}

#[test]
fn a_unit_that_left_the_field_owes_nothing_mc_r14() {
    // Turn 8: the Norman foot IV routs too, so its lower-grade allies owe
    // a morale check; the knights VI owe one, but slaughter the fyrd and
    // leave the field with them. Nobody can ask them for the check.
    let text = sample();
    let end = text.find("9. Saxons").unwrap();
    let cut = text[..end].replacen(
        "    Saxons.VII rout\n    VI slaughter",
        "    IV rout\n    Saxons.VII rout\n    VI slaughter\n    I rout\n    II morale\n    VII morale\n",
        1,
    );
    assert!(cut.contains("    IV rout\n"));
    assert_eq!(findings(&cut), vec![]);
    // Leaving out an answer owed by a unit still on the field is reported.
    let missing = cut.replacen("    VII morale\n", "", 1);
    let found: Vec<_> = findings(&missing).into_iter().map(|f| (f.0, f.2)).collect();
    assert_eq!(
        found,
        vec![(
            "mass-combat::missing-reaction",
            "Normans VII owes a reaction to this action: morale or rout".to_string()
        )]
    );
}
