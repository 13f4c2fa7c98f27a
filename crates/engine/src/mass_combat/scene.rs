//! Mass Combat as a picture: the hex map and its terrain, counters with grade,
//! command points and damage pips, and the marks of what just happened.

use senlac_board::Cell;
use senlac_board::scene::{
    Board, Counter, Dash, Face, Glyph, Head, Ink, LegendEntry, Look, Mark, MarkShape, Place,
    Sample, Scene, Shape, Standing, Stroke, Symbol, Terrain, Weight,
};

use super::event::Event;
use super::setup::IMPASSABLE;
use super::state::{State, Status};
use super::tables::{Class, SuperClass};

const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
const CHARGE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 3.0,
    head: Head::Arrow,
    curved: false,
};
const ATTACK: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.5,
    head: Head::Arrow,
    curved: false,
};
const VOLLEY: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
const SUPPORT: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 1.0,
    head: Head::None,
    curved: false,
};

/// How a terrain word of the setup looks.
fn look(kind: &str) -> Option<Look> {
    Some(match kind {
        "forest" => Look::Woods,
        "stream" => Look::Water,
        "hill" => Look::Hill,
        kind if IMPASSABLE.contains(&kind) => Look::Impassable,
        _ => return None,
    })
}

fn symbol(class: Class) -> (Symbol, Weight) {
    let symbol = match class.super_class() {
        SuperClass::Infantry => Symbol::Infantry,
        SuperClass::Cavalry => Symbol::Cavalry,
        SuperClass::Archers => Symbol::Archers,
    };
    let weight = match class {
        Class::LightInfantry | Class::LightCavalry => Weight::Light,
        Class::HeavyInfantry | Class::HeavyCavalry => Weight::Heavy,
        Class::SkirmishInfantry => Weight::Skirmish,
        _ => Weight::None,
    };
    (symbol, weight)
}

/// The picture of `state`, marking `events`.
pub fn scene(state: &State, events: &[Event]) -> Scene {
    let roster = &state.roster;
    let hex = |unit: usize| state.units.get(unit).and_then(|u| u.hex).map(Place::Cell);
    let side_of = |unit: usize| roster.units.get(unit).map_or(0, |u| u.side);
    let fell = |unit: usize| {
        events.iter().any(|e| {
            matches!(*e, Event::Routed { unit: u, .. } | Event::Slaughtered { unit: u, .. } if u == unit)
        })
    };
    let counters = roster
        .units
        .iter()
        .zip(&state.units)
        .enumerate()
        .filter_map(|(i, (info, unit))| {
            let standing = match unit.status {
                Status::Active => Standing::Active,
                Status::Routed | Status::Slaughtered if fell(i) => Standing::Falling,
                Status::Pursuing
                    if events
                        .iter()
                        .any(|e| matches!(*e, Event::Slaughtered { by, .. } if by == i)) =>
                {
                    Standing::Pursuing
                }
                _ => return None,
            };
            let (symbol, weight) = symbol(info.class);
            Some(Counter {
                side: info.side,
                id: info.id.clone(),
                name: info.name.clone(),
                at: Place::Cell(unit.hex?),
                facing: None,
                footprint: None,
                face: Face {
                    symbol,
                    weight,
                    corners: [
                        Some(info.grade.letter().to_string()),
                        Some(unit.command_points.to_string()),
                        None,
                        None,
                    ],
                    pips: unit.damage,
                    bar: None,
                },
                standing,
            })
        })
        .collect();
    // A resolution draws the attack it settles, unless the frame draws its
    // declaration too: a frame that starts after the declaration still shows
    // what was resolved.
    let declared: std::collections::HashSet<(usize, usize)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::AttackDeclared {
                attacker, defender, ..
            } => Some((attacker, defender)),
            _ => None,
        })
        .collect();
    let marks = events
        .iter()
        .filter_map(|event| {
            let (shape, unit) = match *event {
                Event::Moved {
                    unit,
                    charge,
                    ref path,
                    ..
                } => (
                    MarkShape::Path {
                        places: path
                            .cells()
                            .iter()
                            .map(|&c| Place::Cell(Cell::from_number(c)))
                            .collect(),
                        stroke: if charge { CHARGE } else { MOVE },
                    },
                    unit,
                ),
                Event::Volley { archer, target } => (
                    MarkShape::Link {
                        from: hex(archer)?,
                        to: hex(target)?,
                        stroke: VOLLEY,
                    },
                    archer,
                ),
                Event::AttackDeclared {
                    attacker, defender, ..
                } => (
                    MarkShape::Link {
                        from: hex(attacker)?,
                        to: hex(defender)?,
                        stroke: ATTACK,
                    },
                    attacker,
                ),
                Event::Resolved {
                    attacker, defender, ..
                } if !declared.contains(&(attacker, defender)) => (
                    MarkShape::Link {
                        from: hex(attacker)?,
                        to: hex(defender)?,
                        stroke: ATTACK,
                    },
                    attacker,
                ),
                Event::Supported {
                    supporter,
                    defender,
                    ..
                } => (
                    MarkShape::Link {
                        from: hex(supporter)?,
                        to: hex(defender)?,
                        stroke: SUPPORT,
                    },
                    supporter,
                ),
                Event::Routed { unit, .. } => (
                    MarkShape::Spot {
                        at: hex(unit)?,
                        glyph: Glyph::Burst,
                    },
                    unit,
                ),
                Event::Slaughtered { unit, .. } => (
                    MarkShape::Spot {
                        at: hex(unit)?,
                        glyph: Glyph::Skull,
                    },
                    unit,
                ),
                _ => return None,
            };
            Some(Mark {
                shape,
                ink: Ink::Side(side_of(unit)),
                label: None,
            })
        })
        .collect();
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.clone(),
        board: Board::Hex {
            columns: roster.columns.max(1),
            rows: roster.rows.max(1),
            parity: roster.parity,
        },
        terrain: terrain(state),
        counters,
        marks,
        legend: legend(),
    }
}

/// Terrain by kind, in the order the setup first names each kind.
fn terrain(state: &State) -> Vec<Terrain> {
    let roster = &state.roster;
    let mut out: Vec<Terrain> = Vec::new();
    for (kind, cell) in &roster.terrain {
        let Some(look) = look(kind) else { continue };
        match out.iter_mut().find(|t| &t.kind == kind) {
            Some(Terrain {
                shape: Shape::Cells { cells },
                ..
            }) => cells.push(*cell),
            _ => out.push(Terrain {
                kind: kind.clone(),
                look,
                shape: Shape::Cells { cells: vec![*cell] },
            }),
        }
    }
    if !roster.crest.is_empty() {
        out.push(Terrain {
            kind: "crest".to_string(),
            look: Look::Crest,
            shape: Shape::Edges {
                edges: roster.crest.clone(),
            },
        });
    }
    out
}

fn legend() -> Vec<LegendEntry> {
    let entry = |label: &str, sample: Sample| LegendEntry {
        label: label.to_string(),
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
