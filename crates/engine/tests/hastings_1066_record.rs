//! Hastings: 1066's Turn Record Phase (3.3, 12.2; HS-R27, HS-R28, HS-R44):
//! casualty points and the extension of an Assault Period.

mod hastings_1066_common;

use hastings_1066_common::{Before, check};
use senlac_engine::hastings_1066::record::{encircled, on_the_hill, points_lost};
use senlac_engine::hastings_1066::state::Standing;
use senlac_engine::hastings_1066::tables::Side;

const RECORD: &str = "1. Normans\n1. Saxons\n  record:\n";

#[test]
fn casualty_points_count_what_each_side_lost() {
    // HC1 (A, 15) and F1 (D, 2) eliminated: the Saxons have lost 17.
    let lost = Before {
        standings: &[("HC1", Standing::Eliminated), ("F1", Standing::Eliminated)],
        ..Before::default()
    };
    let fold = check(
        &lost,
        &format!("{RECORD}    Saxons tally => points=17\n    Normans tally => points=0\n"),
        &[],
    );
    assert_eq!(points_lost(&fold, Side::Saxons), 17);
    check(
        &lost,
        &format!("{RECORD}    Saxons tally => points=15\n"),
        &[("hastings-1066::casualty-points-mismatch", "points=15")],
    );
}

#[test]
fn an_extension_is_claimed_by_a_condition_that_holds() {
    // In the example setup no Norman stands on Senlac Hill: 0 of 13.
    let fold = check(&Before::default(), RECORD, &[]);
    assert_eq!(on_the_hill(&fold), (0, 13));
    assert!(!encircled(&fold));
    check(
        &Before::default(),
        &format!("{RECORD}    Normans extend half\n"),
        &[("hastings-1066::extension-not-earned", "half")],
    );
    // Seven of the thirteen on the hill is more than half, not three
    // quarters (HS-R28).
    let climbed = Before {
        moves: &[
            ("NK1", "0601", Some(5)),
            ("NF1", "0602", Some(5)),
            ("NB1", "0603", Some(5)),
            ("NB2", "0604", Some(5)),
            ("BK1", "0605", Some(5)),
            ("BK2", "0606", Some(5)),
            ("BF1", "0607", Some(5)),
        ],
        ..Before::default()
    };
    let fold = check(&climbed, &format!("{RECORD}    Normans extend half\n"), &[]);
    assert_eq!(on_the_hill(&fold), (7, 13));
    check(
        &climbed,
        &format!("{RECORD}    Normans extend three-quarters\n"),
        &[("hastings-1066::extension-not-earned", "three-quarters")],
    );
}
