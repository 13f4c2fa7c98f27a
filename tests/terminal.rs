//! Text fitted to the terminal: with `COLUMNS` set (or on a terminal)
//! `show` and `rules` lay their tables out within the width; piped without
//! it, rows are never broken.

mod common;
use common::{senlac_in_root_with, stdout_of as stdout};

fn fitted(args: &[&str], columns: &str) -> String {
    let output = senlac_in_root_with(args, &[("COLUMNS", columns)]);
    assert_eq!(output.status.code(), Some(0), "senlac {args:?}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// With `COLUMNS` (or on a terminal) the tables fit the width, their
/// cells wrapped; every word is still there, in order.
#[test]
fn the_catalog_fits_the_terminal_width() {
    for tag in senlac_engine::system::listed_tags() {
        let wide = stdout(&["rules", tag]);
        let fitted = fitted(&["rules", tag], "100");
        let longest = wide.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(longest > 100, "{tag}: {longest} columns unfitted");
        for line in fitted.lines() {
            assert!(line.chars().count() <= 100, "{tag}: {line:?}");
        }
        // Cells wrap at spaces; a word wider than its column (a long
        // example) may be cut, so compare the text without spaces.
        let squeeze = |t: &str| t.split_whitespace().collect::<String>().len();
        assert_eq!(squeeze(&fitted), squeeze(&wide), "{tag}: nothing lost");
    }
}

/// A table of many narrow columns (TDGS's nine stats and more) is split
/// into blocks of columns, each repeating the unit's id: every value kept,
/// no line past the width.
#[test]
fn a_wide_unit_table_is_split_into_blocks_that_fit() {
    let args = ["show", "samples/harrow-ford.sbn"];
    let wide = stdout(&args);
    let longest = wide.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest > 200, "{longest} columns unfitted");
    let fitted = fitted(&args, "80");
    for line in fitted.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let words = |t: &str| -> std::collections::BTreeSet<String> {
        t.split_whitespace().map(String::from).collect()
    };
    assert!(
        words(&wide).is_subset(&words(&fitted)),
        "every word is kept"
    );
    // The Crown's 8 units: 8 rows in each block, each opening with its id.
    let blocks = fitted.matches("\nUnit ").count();
    assert!(blocks >= 6, "{blocks} blocks for two sides:\n{fitted}");
    for id in ["Y", "S", "A", "F", "R4"] {
        let rows = fitted
            .lines()
            .filter(|l| l.split_whitespace().next() == Some(id))
            .count();
        assert_eq!(
            rows * 2,
            blocks,
            "{id} opens a row of every block of its side"
        );
    }
}
