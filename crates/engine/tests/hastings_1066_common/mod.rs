//! What the Hastings: 1066 play tests share: the spec's example setup
//! (tests/data/hastings-1066-setup.sbn), pieces placed and orders held as a
//! case needs before its movetext, and one check comparing every finding by
//! its code and the exact text under its span.

// Each test file uses the part it needs.
#![allow(dead_code)]

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::state::{Formation, Held, LeaderStanding, Standing};
use senlac_engine::hastings_1066::tables::{Order, Side};
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
use senlac_notation::lower::steps;
use senlac_notation::parse;

pub const SETUP: &str = include_str!("../data/hastings-1066-setup.sbn");

pub fn cell(label: &str) -> Cell {
    Cell::parse(label).unwrap()
}

/// What a case sets before its movetext: orders held, pieces moved (id,
/// hex, facing), standings.
#[derive(Default)]
pub struct Before<'a> {
    pub orders: &'a [(Formation, Order)],
    pub moves: &'a [(&'a str, &'a str, Option<u8>)],
    pub standings: &'a [(&'a str, Standing)],
    pub leaders: &'a [(&'a str, LeaderStanding)],
    /// Units on their reduced side (9.2.4).
    pub reduced: &'a [&'a str],
}

/// The one check: `movetext` after the setup and `before` gives exactly
/// `expected` (code, text under the span); the fold, for assertions.
#[track_caller]
pub fn check(
    before: &Before<'_>,
    movetext: &str,
    expected: &[(&str, &str)],
) -> Sandbox<Hastings1066> {
    let (fold, _) = check_found(before, movetext, expected);
    fold
}

/// [`check`], with the findings, for a case that reads their messages.
#[track_caller]
pub fn check_found(
    before: &Before<'_>,
    movetext: &str,
    expected: &[(&str, &str)],
) -> (Sandbox<Hastings1066>, Vec<Violation>) {
    let text = format!("{SETUP}\n{movetext}");
    let archive = parse(&text);
    assert!(archive.all_errors().next().is_none());
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    assert!(out.is_empty(), "setup: {out:?}");
    let piece = |fold: &Sandbox<Hastings1066>, id: &str| {
        Side::ALL
            .into_iter()
            .find_map(|side| fold.roster.piece(side, id))
            .unwrap_or_else(|| panic!("no piece {id}"))
    };
    for &(formation, order) in before.orders {
        fold.emit(Event::OrderHeld {
            formation,
            // Set before `1. Normans`, which counts every order down a turn.
            held: Held { order, turns: 2 },
        });
    }
    for &(id, at, facing) in before.moves {
        let p = piece(&fold, id);
        fold.emit(Event::Moved {
            piece: p,
            from: None,
            path: senlac_engine::reuse::Path::from_slice(&[cell(at)]),
            facing: facing.and_then(Vertex::new),
        });
    }
    for &(id, standing) in before.standings {
        let p = piece(&fold, id);
        fold.emit(Event::Standing { piece: p, standing });
    }
    for &(id, standing) in before.leaders {
        let p = piece(&fold, id);
        fold.emit(Event::LeaderStanding { piece: p, standing });
    }
    for &id in before.reduced {
        let p = piece(&fold, id);
        fold.emit(Event::Stepped { piece: p });
    }
    fold.play(&HASTINGS_1066, steps(battle), &mut out);
    fold.settle(&mut out);
    let found: Vec<(&str, &str)> = out
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect();
    assert_eq!(found, expected, "\n{movetext}\n{out:#?}");
    (fold, out)
}

pub fn standing(fold: &Sandbox<Hastings1066>, id: &str) -> Standing {
    let p = Side::ALL
        .into_iter()
        .find_map(|side| fold.roster.piece(side, id))
        .unwrap();
    fold.pieces[p].standing
}

/// Every Norman piece set down where the example setup has it, but for
/// the replacements given.
pub fn normans_place(changes: &[(&str, &str)]) -> String {
    let mut line = "    Normans place WG@1316^5 WIL@1316 NK1@1314^5 ODO@1314 NF1@1213^5 NB1@1214^5 NB2@1215^5 BK1@1221^5 BK2@1222^5 BF1@1120^5 ALN@1120 BF2@1121^5 BB1@1119^5 FK1@1309^5 FF1@1209^5 EUS@1209 FB1@1210^5\n".to_string();
    for (from, to) in changes {
        assert!(line.contains(from), "{from}");
        line = line.replace(from, to);
    }
    line
}

/// Every Saxon piece on Senlac Hill, the four Great Fyrd along row 01.
pub fn saxons_place(changes: &[(&str, &str)]) -> String {
    let mut line = "    Saxons place HC1@0713^2 HC2@0714^2 HC3@0715^2 SB1@0614^2 HAR@0514 T1@0710^2 LEO@0710 F4@0711^2 J1@0712^2 F1@0719^2 F2@0721^2 GYR@0721 F3@0618^2 GF1@0301^2 GF2@0401^2 GF3@0501^2 GF4@0601^2\n".to_string();
    for (from, to) in changes {
        assert!(line.contains(from), "{from}");
        line = line.replace(from, to);
    }
    line
}
