//! `senlac rules feudal/ohw` (catalog.rs): the classes with the numbers of
//! spec 2.0, the terrain kinds, the 22 options with their needs and the
//! three pairs FO-R39 refuses, and the lines of spec 5.2.

use senlac_engine::catalog::{Catalog, Table};
use senlac_engine::feudal_ohw::catalog::VERBS;
use senlac_engine::system;

fn catalog() -> Catalog {
    system("feudal/ohw").unwrap().catalog()
}

fn table<'c>(catalog: &'c Catalog, starts: &str) -> &'c Table {
    (catalog.sections.iter())
        .flat_map(|s| &s.tables)
        .find(|t| t.title.starts_with(starts))
        .unwrap_or_else(|| panic!("no table {starts}"))
}

/// A row's first line in each cell, by its first cell.
fn row(table: &Table, first: &str) -> Vec<String> {
    let row = (table.rows.iter())
        .find(|r| r[0][0] == first)
        .unwrap_or_else(|| panic!("no row {first} in {}", table.title));
    row.iter()
        .map(|cell| cell.first().cloned().unwrap_or_default())
        .collect()
}

/// A row's cells, every line, by its first cell.
fn cells<'t>(table: &'t Table, first: &str) -> &'t [Vec<String>] {
    (table.rows.iter())
        .find(|r| r[0][0] == first)
        .unwrap_or_else(|| panic!("no row {first} in {}", table.title))
}

#[test]
fn the_nine_classes_with_their_numbers() {
    let catalog = catalog();
    let classes = table(&catalog, "Unit classes");
    assert_eq!(classes.rows.len(), 9);
    assert_eq!(
        cells(classes, "knights (0.4a)"),
        [
            vec!["knights (0.4a)"],
            vec!["class 3", "1 BW (5\")", "fast +1 BW (5\")"],
            vec!["once, at the start or the end"],
            vec!["none"],
            vec!["shooting +0", "melee +2"],
            vec!["none"],
            vec!["open ground only"],
        ]
    );
    let bowmen = cells(classes, "bowmen (0.4d)");
    assert_eq!(bowmen[1], ["class 1", "1 BD (2.5\")", "fast +1 BD (2.5\")"]);
    assert_eq!(bowmen[3], ["bows (shoot phase), 2 BW (10\")"]);
    assert_eq!(bowmen[4], ["shooting +0", "melee -2"]);
    let brigans = cells(classes, "brigans (0.4e)");
    assert_eq!(brigans[1], ["class 2", "1 BW (5\")", "fast +1 BD (2.5\")"]);
    assert_eq!(brigans[2], ["at the start and at the end"]);
    assert_eq!(brigans[3], ["javelins (move phase), 1 BW (5\")"]);
    assert_eq!(brigans[4], ["shooting -2", "melee -2"]);
    assert_eq!(brigans[6], ["may enter woods and marsh"]);
    assert_eq!(
        cells(classes, "serjeants (0.4b)")[5],
        ["halves shooting and melee hits"]
    );
    assert_eq!(cells(classes, "schiltron (FX.6)")[5], ["halves melee hits"]);
    assert_eq!(
        cells(classes, "mounted-brigans (AT.2)")[6],
        ["may enter marsh", "needs option alternative-troops"]
    );
    assert_eq!(
        cells(classes, "cavalry (AT.3)")[1],
        ["class 3", "1 BW (5\")", "fast +1 BW (5\")"]
    );
}

#[test]
fn the_terrain_kinds_and_their_cover() {
    let catalog = catalog();
    let terrain = table(&catalog, "Terrain");
    assert_eq!(terrain.rows.len(), 12);
    let woods = row(terrain, "woods (0.10b)");
    assert_eq!(
        woods[1..],
        [
            "area",
            "classes that may enter woods",
            "yes",
            "halves hits on a unit within it",
            "halves hits on a unit within it, the turn it was charged"
        ]
    );
    assert_eq!(row(terrain, "river (0.10d)")[2], "no one");
    assert_eq!(
        row(terrain, "wall (0.10e)")[4],
        "halves hits on a unit lining it, across it"
    );
}

#[test]
fn the_options_with_their_needs_and_the_pairs_refused() {
    let catalog = catalog();
    let options = table(&catalog, "Options (spec 2.7");
    assert_eq!(options.rows.len(), 22);
    let personality = options
        .rows
        .iter()
        .find(|r| r[0][0] == "force-morale-personality")
        .unwrap();
    assert_eq!(personality[2], ["force-morale", "personalities"]);
    assert_eq!(row(options, "initiative")[1], "1, 2 or 3 (2 when left out)");
    let pairs = table(&catalog, "Options that cannot be combined");
    let pairs: Vec<(String, String)> = (pairs.rows.iter())
        .map(|r| (r[0][0].clone(), r[1][0].clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("six-hit".into(), "dice-rally".into()),
            ("six-hit".into(), "impetuous-charges".into()),
            ("missiles-natural-5".into(), "well-supplied".into()),
        ]
    );
}

#[test]
fn every_line_of_spec_5_2() {
    let catalog = catalog();
    let lines = table(&catalog, "What a log writes");
    let verbs: Vec<&str> = lines.rows.iter().map(|r| r[0][0].as_str()).collect();
    assert_eq!(
        verbs,
        [
            "shoot",
            "move",
            "turn",
            "charge",
            "retreat",
            "face",
            "join",
            "melee",
            "rally",
            "morale",
            "initiative",
            "zed",
            "pursue"
        ]
    );
    assert_eq!(VERBS.len(), verbs.len());
    // Javelins are shot in the move phase (1.1), bows in the shoot phase.
    assert_eq!(lines.rows[0][1], ["shoot:", "move:"]);
    assert_eq!(row(lines, "morale")[1], "where it is owed");
    assert_eq!(row(lines, "zed")[1], "any phase");
    assert!(
        catalog
            .always
            .iter()
            .any(|a| a.starts_with("A unit is removed at 15 hits")),
        "{:?}",
        catalog.always
    );
}
