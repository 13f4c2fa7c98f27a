//! Frames shared by the tests and the benchmark.

#![allow(dead_code)]

use senlac_render::model::{
    Arm, Cell, Counter, Frame, Map, Mark, Parity, Standing, Terrain, Weight,
};

pub fn cell(label: u16) -> Cell {
    Cell {
        column: (label / 100) as u8,
        row: (label % 100) as u8,
    }
}

#[allow(clippy::too_many_arguments)]
pub fn counter(
    side: usize,
    id: &str,
    name: &str,
    arm: Arm,
    weight: Weight,
    grade: &str,
    command_points: u8,
    damage: u8,
    at: u16,
) -> Counter {
    Counter {
        side,
        id: id.into(),
        name: name.into(),
        arm,
        weight,
        grade: grade.into(),
        command_points,
        damage,
        at: cell(at),
        facing: None,
        standing: Standing::Active,
    }
}

/// Hastings at the end of a turn: a 10×10 map, 16 counters, 6 marks (the
/// benchmark draws the same frame).
pub fn hastings() -> Frame {
    use Terrain::*;
    let mut terrain = Vec::new();
    for row in 1..=10 {
        terrain.push((cell(100 + row), Forest));
        if row <= 7 {
            terrain.push((cell(200 + row), Forest));
        }
        terrain.push((cell(1000 + row), Stream));
    }
    for column in 3..=8u16 {
        for row in 2..=5u16 {
            terrain.push((cell(column * 100 + row), Hill));
        }
    }
    // The crest along the hill's southern edge, hexside by hexside.
    let mut crest = Vec::new();
    for column in 3..=8u16 {
        crest.push((cell(column * 100 + 5), cell(column * 100 + 6)));
        if column < 8 {
            // Odd columns hang lower: their SE/NE neighbour is the crest link.
            let next = (column + 1) * 100;
            if column % 2 == 1 {
                crest.push((cell(column * 100 + 5), cell(next + 6)));
            } else {
                crest.push((cell(column * 100 + 5), cell(next + 5)));
            }
        }
    }
    let saxon = |id: &str, name: &str, weight, grade: &str, cp, at| Counter {
        facing: Some(180.0),
        ..counter(0, id, name, Arm::Infantry, weight, grade, cp, 0, at)
    };
    let norman = |id: &str, name: &str, arm, grade: &str, cp, at| Counter {
        facing: Some(0.0),
        ..counter(1, id, name, arm, Weight::Heavy, grade, cp, 0, at)
    };
    let mut counters = vec![
        saxon("I", "Fyrd", Weight::Light, "D", 0, 403),
        saxon("II", "Fyrd", Weight::Light, "D", 0, 503),
        saxon("III", "Fyrd", Weight::Light, "C", 1, 603),
        saxon("IV", "Fyrd", Weight::Light, "B", 5, 703),
        saxon("V", "Fyrd", Weight::Light, "A", 5, 304),
        saxon("VI", "Housecurl", Weight::Heavy, "C", 3, 405),
        saxon("VII", "Housecurl", Weight::Heavy, "B", 4, 505),
        saxon("VIII", "Housecurl", Weight::Heavy, "B", 6, 605),
        saxon("IX", "Harolds's Housecurl", Weight::Heavy, "A", 6, 705),
        norman("I", "Longbow Men", Arm::Archers, "C", 3, 409),
        norman("II", "Longbow Men", Arm::Archers, "B", 3, 609),
        norman(
            "III",
            "Alan the Red's Breton Contingent",
            Arm::Infantry,
            "B",
            5,
            407,
        ),
        norman(
            "IV",
            "Williams's Norman Contingent",
            Arm::Infantry,
            "A",
            5,
            507,
        ),
        norman("V", "French Contingent", Arm::Infantry, "B", 5, 607),
        norman("VI", "French Knights", Arm::Cavalry, "B", 5, 306),
        norman("VII", "French Knights", Arm::Cavalry, "B", 5, 807),
    ];
    counters[9].weight = Weight::None;
    counters[10].weight = Weight::None;
    counters[5].damage = 1;
    counters[0].standing = Standing::Falling;
    Frame {
        title: "Hastings, 14 October 1066".into(),
        caption: "Turn 1 \u{b7} Franco-Normans \u{b7} Volleys: the longbow men loose on the \
                  Housecurls VI and VII; the French Knights close on the left."
            .into(),
        sides: vec![
            "Harold Godwinson's Anglo-Saxon Army".into(),
            "William Duke of Normandy's Franco-Norman Army".into(),
        ],
        map: Map {
            columns: 10,
            rows: 10,
            parity: Parity::Odd,
            terrain: terrain.into_iter().collect(),
            crest,
        },
        counters,
        marks: vec![
            Mark::Volley {
                from: cell(409),
                to: cell(405),
            },
            Mark::Volley {
                from: cell(609),
                to: cell(505),
            },
            Mark::Move {
                path: vec![cell(309), cell(308), cell(307), cell(306)],
            },
            Mark::Charge {
                path: vec![cell(809), cell(808), cell(807)],
            },
            Mark::Support {
                from: cell(507),
                to: cell(407),
            },
            Mark::Rout { at: cell(403) },
        ],
    }
}
