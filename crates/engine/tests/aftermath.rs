//! The whole Hastings sample against the Aftermath of mass-combat-a.md's
//! example: every unit's fate and casualties, the totals, and the figures.

use senlac_engine::mass_combat::tables::casualties;
use senlac_engine::mass_combat::{self, MassCombat, State, Status};
use senlac_engine::{Config, Point, check};
use senlac_notation::parse;

fn sample() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap()
}

/// The sample replayed with its timeline, and the state at its end.
fn replayed() -> (senlac_engine::Replay<MassCombat>, State) {
    let text = sample();
    let archive = parse(&text);
    assert!(
        !archive.has_errors(),
        "syntax: {:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    let Some(replay) = mass_combat::replay(&archive.battles[0], Config::TIMELINE) else {
        panic!("the sample is a Mass Combat battle")
    };
    let end = replay.at(&Point::End).expect("a state at the end");
    (replay, end)
}

/// (side, id, status, damage, casualties) as the Aftermath tells each fate.
/// Casualties are the document's; damage and status are what the fate says
/// ("routed after suffering 3 damage", "chased down and slaughtered ...").
const AFTERMATH: [(&str, &str, Status, u8, u32); 16] = [
    // Harold's army: "The King and 2200 of his 9000 men died".
    ("Saxons", "I", Status::Routed, 0, 0), // deserted and survived unharmed
    ("Saxons", "II", Status::Routed, 0, 0), // deserted and survived unharmed
    ("Saxons", "III", Status::Routed, 0, 0), // deserted and survived unharmed
    ("Saxons", "IV", Status::Routed, 1, 100), // routed after taking 1 damage
    ("Saxons", "V", Status::Slaughtered, 0, 1000), // routed and slaughtered by pursuing cavalry
    ("Saxons", "VI", Status::Routed, 1, 100), // routed by a cavalry charge after taking 1 damage
    ("Saxons", "VII", Status::Routed, 0, 0), // routed by poor morale after fyrd V routed; unharmed
    ("Saxons", "VIII", Status::Routed, 0, 0), // routed by a cavalry charge; unharmed
    ("Saxons", "IX", Status::Slaughtered, 0, 1000), // routed and slaughtered by pursuing cavalry
    // William's army: "1700 of the 7000 Franco-Norman troops ... died".
    ("Normans", "I", Status::Active, 0, 0),      // unharmed
    ("Normans", "II", Status::Active, 0, 0),     // unharmed
    ("Normans", "III", Status::Routed, 4, 1000), // killed to a man
    ("Normans", "IV", Status::Active, 0, 0),     // unharmed
    ("Normans", "V", Status::Routed, 3, 600),    // routed after suffering 3 damage
    ("Normans", "VI", Status::Pursuing, 1, 100), // suffered 1 damage; slaughtered fleeing fyrd
    ("Normans", "VII", Status::Pursuing, 0, 0),  // unharmed; slaughtered Harold Godwinson
];

/// Casualties of one unit in `state`: its size less the survivors of its
/// damage, or all of it if slaughtered.
fn casualties_of(state: &State, unit: usize) -> u32 {
    let info = &state.roster.units[unit];
    let now = &state.units[unit];
    casualties(info.size, now.damage, now.status == Status::Slaughtered)
}

#[test]
fn lint_finds_no_violations() {
    let (replay, _) = replayed();
    assert_eq!(replay.violations, vec![]);
    // Lint replays without a timeline; it must agree.
    let text = sample();
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::default()).unwrap();
    assert_eq!(game.violations(), &[]);
}

#[test]
fn every_unit_ends_as_the_aftermath_says() {
    let (replay, end) = replayed();
    assert_eq!(end.units.len(), AFTERMATH.len());
    for (unit, (info, now)) in end.roster.units.iter().zip(&end.units).enumerate() {
        let side = end.roster.sides[info.side].as_str();
        let expected = AFTERMATH
            .iter()
            .find(|row| row.0 == side && row.1 == info.id)
            .unwrap_or_else(|| panic!("{side} {} is not in the Aftermath", info.id));
        assert_eq!(info.size, 1000, "{side} {}: units of 1000 men", info.id);
        assert_eq!(
            (
                side,
                info.id.as_str(),
                now.status,
                now.damage,
                casualties_of(&end, unit)
            ),
            *expected,
            "{side} {}",
            info.id
        );
    }
    // The end state is the replay's final state.
    assert_eq!(replay.state.units, end.units);
}

#[test]
fn totals_are_1700_and_2200() {
    let (_, end) = replayed();
    let total = |side: &str| -> u32 {
        (0..end.units.len())
            .filter(|&u| end.roster.sides[end.roster.units[u].side] == side)
            .map(|u| casualties_of(&end, u))
            .sum()
    };
    assert_eq!(total("Normans"), 1700);
    assert_eq!(total("Saxons"), 2200);
    let typed = |side: &str| -> u32 {
        AFTERMATH
            .iter()
            .filter(|row| row.0 == side)
            .map(|row| row.4)
            .sum()
    };
    assert_eq!((typed("Normans"), typed("Saxons")), (1700, 2200));
}

#[test]
fn the_normans_win() {
    let text = sample();
    let archive = parse(&text);
    assert_eq!(archive.battles[0].tag("Result").as_deref(), Some("Normans"));
    let (_, end) = replayed();
    let saxons = end.roster.side_index("Saxons").unwrap();
    assert_eq!(
        end.active_of(saxons).count(),
        0,
        "no Saxon is left on the field"
    );
}

#[test]
fn figures_in_the_documents_order() {
    let (replay, _) = replayed();
    // mass-combat-a.md, the example's figures in order: name (the .svg) and caption.
    let expected = [
        ("battlegrid", "The Hill"),
        ("haroldsArrives", "Anglo Saxon Deployment"),
        ("williamArrives", "Franco Norman Deployment"),
        ("fyrdOneTwoDesert", "Early Desertions"),
        ("fyrdThreeDesert", "More Desertions"),
        ("williamsLineAdvances", "William Advances"),
        ("cavalryDisengage", "French Cavalry Disengages"),
        ("housecurlsRoute", "Housecurls Route"),
        ("fyrdAdvances", "Fyrd Advances on Harold's Right"),
        ("secondCavalryCharge", "Second Cavalry Charge"),
        ("haroldsLeftRoutes", "Harold's Left Routes"),
        ("fyrdAdvancesOnTheLeft", "Fyrd Advances on Harold's Left"),
        ("bretonsRoute", "Bretons Route"),
        ("frenchRoute", "French Route"),
        ("haroldsFyrdLeftRoute", "Harold's Left Fyrd Routed"),
        ("justHaroldNow", "Harold's Left Slaughtered"),
        ("finalCharge", "Final Charge"),
    ];
    let got: Vec<(&str, &str)> = replay
        .timeline
        .figures
        .iter()
        .map(|f| (f.name.as_str(), f.caption.as_str()))
        .collect();
    assert_eq!(got, expected);
    // Each figure marks a later (or the same) moment than the one before.
    let states: Vec<usize> = replay.timeline.figures.iter().map(|f| f.state).collect();
    assert!(states.windows(2).all(|w| w[0] <= w[1]), "{states:?}");
}

#[test]
fn figures_show_their_moments() {
    let (replay, _) = replayed();
    let at = |name: &str| -> State {
        replay
            .at(&Point::Figure(name.to_string()))
            .unwrap_or_else(|| panic!("no figure {name}"))
    };
    let status = |state: &State, side: &str, id: &str| -> Status {
        let side = state.roster.side_index(side).unwrap();
        state.units[state.roster.unit_index(side, id).unwrap()].status
    };
    let early = &at("fyrdOneTwoDesert");
    assert_eq!(status(early, "Saxons", "I"), Status::Routed);
    assert_eq!(status(early, "Saxons", "II"), Status::Routed);
    assert_eq!(status(early, "Saxons", "III"), Status::Active);
    assert_eq!(
        status(&at("fyrdThreeDesert"), "Saxons", "III"),
        Status::Routed
    );
    assert_eq!(
        status(&at("housecurlsRoute"), "Saxons", "VI"),
        Status::Routed
    );
    assert_eq!(
        status(&at("haroldsLeftRoutes"), "Saxons", "VIII"),
        Status::Routed
    );
    assert_eq!(
        status(&at("bretonsRoute"), "Normans", "III"),
        Status::Routed
    );
    assert_eq!(status(&at("frenchRoute"), "Normans", "V"), Status::Routed);
    assert_eq!(
        status(&at("haroldsFyrdLeftRoute"), "Saxons", "V"),
        Status::Routed
    );
    // After the slaughter of fyrd V, Harold's own housecurls stand alone.
    let alone = &at("justHaroldNow");
    let saxons = alone.roster.side_index("Saxons").unwrap();
    let left: Vec<&str> = alone
        .active_of(saxons)
        .map(|u| alone.roster.units[u].id.as_str())
        .collect();
    assert_eq!(left, ["IX"]);
    assert_eq!(status(alone, "Saxons", "V"), Status::Slaughtered);
    assert_eq!(status(alone, "Normans", "VI"), Status::Pursuing);
}
