//! Scenes shared by the tests and the benchmark: Hastings on hexes as Mass
//! Combat describes it, a skirmish on a table, a few counters on squares.

#![allow(dead_code)]

use senlac_board::kurbo::Point;
use senlac_board::scene::{
    Board, Counter, Dash, Face, Footprint, Glyph, Head, Ink, LegendEntry, Look, Mark, MarkShape,
    Place, Sample, Scene, Shape, Standing, Stroke, Symbol, Terrain, Weight,
};
use senlac_board::{Cell, Parity};

pub const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
pub const CHARGE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 3.0,
    head: Head::Arrow,
    curved: false,
};
pub const ATTACK: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.5,
    head: Head::Arrow,
    curved: false,
};
pub const VOLLEY: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
pub const SUPPORT: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 1.0,
    head: Head::None,
    curved: false,
};

pub fn cell(label: u16) -> Cell {
    Cell::from_number(label)
}

pub fn at(label: u16) -> Place {
    Place::Cell(cell(label))
}

/// A Mass Combat counter: grade and command points in the top corners.
#[allow(clippy::too_many_arguments)]
pub fn counter(
    side: usize,
    id: &str,
    name: &str,
    symbol: Symbol,
    weight: Weight,
    grade: &str,
    command_points: u8,
    damage: u8,
    label: u16,
) -> Counter {
    Counter {
        side,
        id: id.into(),
        name: name.into(),
        at: at(label),
        facing: None,
        footprint: None,
        face: Face {
            symbol,
            weight,
            corners: [
                Some(grade.into()),
                Some(command_points.to_string()),
                None,
                None,
            ],
            pips: damage,
            bar: None,
            factors: None,
            flipped: false,
            marker: None,
        },
        standing: Standing::Active,
        small: false,
    }
}

pub fn mark(shape: MarkShape, side: usize) -> Mark {
    Mark {
        shape,
        ink: Ink::Side(side),
        label: None,
    }
}

pub fn path(labels: &[u16], stroke: Stroke) -> MarkShape {
    MarkShape::Path {
        places: labels.iter().map(|&l| at(l)).collect(),
        stroke,
    }
}

pub fn link(from: u16, to: u16, stroke: Stroke) -> MarkShape {
    MarkShape::Link {
        from: at(from),
        to: at(to),
        stroke,
    }
}

pub fn spot(label: u16, glyph: Glyph) -> MarkShape {
    MarkShape::Spot {
        at: at(label),
        glyph,
    }
}

pub fn cells(kind: &str, look: Look, labels: impl IntoIterator<Item = u16>) -> Terrain {
    Terrain {
        kind: kind.into(),
        look,
        shape: Shape::Cells {
            cells: labels.into_iter().map(cell).collect(),
        },
    }
}

/// Mass Combat's legend, in its order.
pub fn mass_combat_legend() -> Vec<LegendEntry> {
    let entry = |label: &str, sample: Sample| LegendEntry {
        label: label.into(),
        sample,
    };
    let counter = |symbol, weight| Sample::Counter { symbol, weight };
    vec![
        entry("Infantry", counter(Symbol::Infantry, Weight::None)),
        entry("Cavalry", counter(Symbol::Cavalry, Weight::None)),
        entry("Archers", counter(Symbol::Archers, Weight::None)),
        entry("Heavy", counter(Symbol::Plain, Weight::Heavy)),
        entry("Light", counter(Symbol::Plain, Weight::Light)),
        entry("Skirmish", counter(Symbol::Plain, Weight::Skirmish)),
        entry("Damage", Sample::Pips),
        entry(
            "Falling",
            Sample::Standing {
                standing: Standing::Falling,
            },
        ),
        entry("Move", Sample::Line { stroke: MOVE }),
        entry("Charge", Sample::Line { stroke: CHARGE }),
        entry("Attack", Sample::Line { stroke: ATTACK }),
        entry("Volley", Sample::Line { stroke: VOLLEY }),
        entry("Support", Sample::Line { stroke: SUPPORT }),
        entry(
            "Rout",
            Sample::Glyph {
                glyph: Glyph::Burst,
            },
        ),
        entry(
            "Slaughter",
            Sample::Glyph {
                glyph: Glyph::Skull,
            },
        ),
        entry(
            "Pursuing",
            Sample::Standing {
                standing: Standing::Pursuing,
            },
        ),
    ]
}

/// Hastings at the end of a turn: a 10×10 map, 16 counters, 6 marks (the
/// benchmark draws the same scene).
pub fn hastings() -> Scene {
    let mut forest = Vec::new();
    let mut stream = Vec::new();
    for row in 1..=10 {
        forest.push(100 + row);
        if row <= 7 {
            forest.push(200 + row);
        }
        stream.push(1000 + row);
    }
    let hill = (3..=8u16).flat_map(|column| (2..=5u16).map(move |row| column * 100 + row));
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
    let saxon = |id: &str, name: &str, weight, grade: &str, cp, label| {
        counter(0, id, name, Symbol::Infantry, weight, grade, cp, 0, label)
    };
    let norman = |id: &str, name: &str, symbol, grade: &str, cp, label| {
        counter(1, id, name, symbol, Weight::Heavy, grade, cp, 0, label)
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
        norman("I", "Longbow Men", Symbol::Archers, "C", 3, 409),
        norman("II", "Longbow Men", Symbol::Archers, "B", 3, 609),
        norman(
            "III",
            "Alan the Red's Breton Contingent",
            Symbol::Infantry,
            "B",
            5,
            407,
        ),
        norman(
            "IV",
            "Williams's Norman Contingent",
            Symbol::Infantry,
            "A",
            5,
            507,
        ),
        norman("V", "French Contingent", Symbol::Infantry, "B", 5, 607),
        norman("VI", "French Knights", Symbol::Cavalry, "B", 5, 306),
        norman("VII", "French Knights", Symbol::Cavalry, "B", 5, 807),
    ];
    counters[9].face.weight = Weight::None;
    counters[10].face.weight = Weight::None;
    counters[5].face.pips = 1;
    counters[0].standing = Standing::Falling;
    Scene {
        title: "Hastings, 14 October 1066".into(),
        caption: "Turn 1 \u{b7} Franco-Normans \u{b7} Volleys: the longbow men loose on the \
                  Housecurls VI and VII; the French Knights close on the left."
            .into(),
        sides: vec![
            "Harold Godwinson's Anglo-Saxon Army".into(),
            "William Duke of Normandy's Franco-Norman Army".into(),
        ],
        board: Board::Hex {
            columns: 10,
            rows: 10,
            parity: Parity::Odd,
        },
        terrain: vec![
            cells("forest", Look::Woods, forest),
            cells("stream", Look::Water, stream),
            cells("hill", Look::Hill, hill),
            Terrain {
                kind: "crest".into(),
                look: Look::Crest,
                shape: Shape::Edges { edges: crest },
            },
        ],
        counters,
        marks: vec![
            mark(link(409, 405, VOLLEY), 1),
            mark(link(609, 505, VOLLEY), 1),
            mark(path(&[309, 308, 307, 306], MOVE), 1),
            mark(path(&[809, 808, 807], CHARGE), 1),
            mark(link(507, 407, SUPPORT), 1),
            mark(spot(403, Glyph::Burst), 0),
        ],
        overlays: vec![],
        legend: mass_combat_legend(),
    }
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// A unit on a table: a base of `width` × `depth` inches at `centre`.
pub fn based(
    side: usize,
    id: &str,
    name: &str,
    symbol: Symbol,
    centre: Point,
    (width, depth): (f64, f64),
    facing: f64,
) -> Counter {
    Counter {
        side,
        id: id.into(),
        name: name.into(),
        at: Place::Point(centre),
        facing: Some(facing),
        footprint: Some(Footprint { width, depth }),
        face: Face {
            symbol,
            weight: Weight::None,
            corners: [None, None, None, None],
            pips: 0,
            bar: None,
            factors: None,
            flipped: false,
            marker: None,
        },
        standing: Standing::Active,
        small: false,
    }
}

/// A skirmish on a 48″ × 36″ table: two units facing each other askew, a
/// fire arc, a polygon wood and a road.
pub fn table_scene() -> Scene {
    let mut archers = based(
        0,
        "A1",
        "Bowmen",
        Symbol::Archers,
        p(14.0, 24.0),
        (4.0, 2.0),
        30.0,
    );
    archers.face.corners = [Some("4".into()), None, None, Some("6\u{2033}".into())];
    let mut knights = based(
        1,
        "K2",
        "Knights",
        Symbol::Cavalry,
        p(32.0, 11.0),
        (4.0, 3.0),
        225.0,
    );
    knights.face.weight = Weight::Heavy;
    knights.face.bar = Some(senlac_board::scene::Bar {
        fill: 0.75,
        ticks: vec![0.25, 0.5],
    });
    Scene {
        title: "A table skirmish".into(),
        caption: "Turn 2 \u{b7} The bowmen loose at the knights coming round the wood.".into(),
        sides: vec!["Bowmen".into(), "Knights".into()],
        board: Board::Table {
            width: 48.0,
            depth: 36.0,
        },
        terrain: vec![
            Terrain {
                kind: "wood".into(),
                look: Look::Woods,
                shape: Shape::Polygon {
                    points: vec![
                        p(20.0, 16.0),
                        p(27.0, 14.5),
                        p(30.0, 20.0),
                        p(26.0, 25.0),
                        p(21.0, 23.0),
                    ],
                },
            },
            Terrain {
                kind: "pond".into(),
                look: Look::Water,
                shape: Shape::Circle {
                    centre: p(40.0, 29.0),
                    radius: 3.5,
                },
            },
            Terrain {
                kind: "road".into(),
                look: Look::Road,
                shape: Shape::Line {
                    points: vec![p(0.0, 31.0), p(18.0, 30.0), p(34.0, 20.0), p(48.0, 16.0)],
                    width: 1.5,
                },
            },
        ],
        counters: vec![archers, knights],
        marks: vec![
            Mark {
                shape: MarkShape::Arc {
                    at: p(14.0, 24.0),
                    facing: 30.0,
                    spread: 90.0,
                    radius: 24.0,
                },
                ink: Ink::Side(0),
                label: None,
            },
            Mark {
                shape: MarkShape::Link {
                    from: Place::Point(p(14.0, 24.0)),
                    to: Place::Point(p(32.0, 11.0)),
                    stroke: VOLLEY,
                },
                ink: Ink::Side(0),
                label: Some("4 vs 2".into()),
            },
            Mark {
                shape: MarkShape::Path {
                    places: vec![
                        Place::Point(p(40.0, 4.0)),
                        Place::Point(p(36.0, 7.0)),
                        Place::Point(p(32.0, 11.0)),
                    ],
                    stroke: MOVE,
                },
                ink: Ink::Side(1),
                label: None,
            },
        ],
        overlays: vec![],
        legend: vec![
            LegendEntry {
                label: "Wood".into(),
                sample: Sample::Terrain { look: Look::Woods },
            },
            LegendEntry {
                label: "Road".into(),
                sample: Sample::Terrain { look: Look::Road },
            },
            LegendEntry {
                label: "Move".into(),
                sample: Sample::Line { stroke: MOVE },
            },
            LegendEntry {
                label: "Shot".into(),
                sample: Sample::Line { stroke: VOLLEY },
            },
        ],
    }
}

/// Four counters on a 6 × 4 square grid, one of them moving.
pub fn square_scene() -> Scene {
    let mut counters = vec![
        counter(
            0,
            "1",
            "Pikes",
            Symbol::Infantry,
            Weight::Heavy,
            "",
            0,
            0,
            202,
        ),
        counter(
            0,
            "2",
            "Captain",
            Symbol::Leader,
            Weight::None,
            "",
            0,
            0,
            302,
        ),
        counter(
            1,
            "3",
            "Horse",
            Symbol::Cavalry,
            Weight::Light,
            "",
            0,
            2,
            403,
        ),
        counter(
            1,
            "4",
            "Shot",
            Symbol::Archers,
            Weight::Skirmish,
            "",
            0,
            0,
            504,
        ),
    ];
    for c in &mut counters {
        c.face.corners = [None, None, None, None];
    }
    counters[0].face.corners[0] = Some("5".into());
    counters[2].standing = Standing::Shaken;
    Scene {
        title: "Squares".into(),
        caption: "Turn 3 \u{b7} The horse falls back; the pikes advance.".into(),
        sides: vec!["Red".into(), "Blue".into()],
        board: Board::Square {
            columns: 6,
            rows: 4,
        },
        terrain: vec![
            cells("wood", Look::Woods, [101, 102]),
            cells("town", Look::Town, [601]),
            cells("marsh", Look::Marsh, [303, 304]),
            Terrain {
                kind: "wall".into(),
                look: Look::Impassable,
                shape: Shape::Edges {
                    edges: vec![(cell(401), cell(402)), (cell(501), cell(502))],
                },
            },
        ],
        counters,
        marks: vec![
            mark(path(&[201, 202], MOVE), 0),
            mark(link(302, 403, ATTACK), 0),
            Mark {
                shape: spot(504, Glyph::Star),
                ink: Ink::Danger,
                label: Some("hit".into()),
            },
        ],
        overlays: vec![],
        legend: vec![
            LegendEntry {
                label: "Leader".into(),
                sample: Sample::Counter {
                    symbol: Symbol::Leader,
                    weight: Weight::None,
                },
            },
            LegendEntry {
                label: "Shaken".into(),
                sample: Sample::Standing {
                    standing: Standing::Shaken,
                },
            },
            LegendEntry {
                label: "Move".into(),
                sample: Sample::Line { stroke: MOVE },
            },
            LegendEntry {
                label: "Attack".into(),
                sample: Sample::Line { stroke: ATTACK },
            },
        ],
    }
}
