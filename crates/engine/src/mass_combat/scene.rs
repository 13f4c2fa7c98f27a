//! Mass Combat as a picture: the hex map and its terrain, counters with grade,
//! command points and damage pips, and the marks of what just happened: moves,
//! a charge driven home to its target, attacks, volleys, supports, a
//! combat's result (the two linked with their totals, the loser marked),
//! routs and slaughters.

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
/// A charge driven home: from the charger to its target, ending in an impact.
const CHARGE_HOME: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 3.0,
    head: Head::Impact,
    curved: false,
};
/// A combat resolved: attacker to defender, labelled with the totals.
const RESULT: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 2.0,
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
                // Off after the survivors it slaughtered, from the hex it
                // left: drawn there, as pursuing, to the end of the story.
                Status::Pursuing => Standing::Pursuing,
                _ => return None,
            };
            let (symbol, weight) = symbol(info.class);
            Some(Counter {
                side: info.side,
                id: info.id.to_string(),
                name: info.name.to_string(),
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
                    factors: None,
                    flipped: false,
                    marker: None,
                },
                standing,
                small: false,
            })
        })
        .collect();
    let mut marks = Vec::new();
    for event in events {
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
            // A charge driven home: from the charger to its target, with an impact.
            Event::ChargeCommitted {
                cavalry, target, ..
            } => {
                let (Some(from), Some(to)) = (hex(cavalry), hex(target)) else {
                    continue;
                };
                (
                    MarkShape::Link {
                        from,
                        to,
                        stroke: CHARGE_HOME,
                    },
                    cavalry,
                )
            }
            Event::Volley { archer, target } => {
                let (Some(from), Some(to)) = (hex(archer), hex(target)) else {
                    continue;
                };
                (
                    MarkShape::Link {
                        from,
                        to,
                        stroke: VOLLEY,
                    },
                    archer,
                )
            }
            Event::AttackDeclared {
                attacker, defender, ..
            } => {
                let (Some(from), Some(to)) = (hex(attacker), hex(defender)) else {
                    continue;
                };
                (
                    MarkShape::Link {
                        from,
                        to,
                        stroke: ATTACK,
                    },
                    attacker,
                )
            }
            Event::Supported {
                supporter,
                defender,
                ..
            } => {
                let (Some(from), Some(to)) = (hex(supporter), hex(defender)) else {
                    continue;
                };
                (
                    MarkShape::Link {
                        from,
                        to,
                        stroke: SUPPORT,
                    },
                    supporter,
                )
            }
            // A combat's result: the two linked with their totals, the loser marked.
            Event::Resolved {
                attacker,
                defender,
                attack,
                defense,
                loser,
            } => {
                if let (Some(from), Some(to)) = (hex(attacker), hex(defender)) {
                    marks.push(Mark {
                        shape: MarkShape::Link {
                            from,
                            to,
                            stroke: RESULT,
                        },
                        ink: Ink::Side(side_of(attacker)),
                        label: Some(format!("{attack} vs {defense}")),
                    });
                }
                let Some(at) = hex(loser) else { continue };
                marks.push(Mark {
                    shape: MarkShape::Spot {
                        at,
                        glyph: Glyph::Beaten,
                    },
                    ink: Ink::Danger,
                    label: None,
                });
                continue;
            }
            Event::Routed { unit, .. } => {
                let Some(at) = hex(unit) else { continue };
                (
                    MarkShape::Spot {
                        at,
                        glyph: Glyph::Burst,
                    },
                    unit,
                )
            }
            Event::Slaughtered { unit, .. } => {
                let Some(at) = hex(unit) else { continue };
                (
                    MarkShape::Spot {
                        at,
                        glyph: Glyph::Skull,
                    },
                    unit,
                )
            }
            _ => continue,
        };
        marks.push(Mark {
            shape,
            ink: Ink::Side(side_of(unit)),
            label: None,
        });
    }
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.iter().map(ToString::to_string).collect(),
        board: Board::Hex {
            columns: roster.columns.max(1),
            rows: roster.rows.max(1),
            parity: roster.parity,
        },
        terrain: terrain(state),
        counters,
        marks,
        overlays: Vec::new(),
        legend: legend(),
    }
}

/// Terrain by kind, in the order the setup first names each kind.
fn terrain(state: &State) -> Vec<Terrain> {
    let roster = &state.roster;
    let mut out: Vec<Terrain> = Vec::new();
    for (kind, cell) in &roster.terrain {
        let Some(look) = look(kind) else { continue };
        match out.iter_mut().find(|t| *t.kind == **kind) {
            Some(Terrain {
                shape: Shape::Cells { cells },
                ..
            }) => cells.push(*cell),
            _ => out.push(Terrain {
                kind: kind.to_string(),
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
    let ground = |look| Sample::Terrain { look };
    vec![
        entry("Forest (impassable)", ground(Look::Woods)),
        entry("Stream (impassable)", ground(Look::Water)),
        entry("Impassable", ground(Look::Impassable)),
        entry("Hill", ground(Look::Hill)),
        entry("Hill's edge: +2 defending", ground(Look::Crest)),
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
        entry(
            "Charge home",
            Sample::Line {
                stroke: CHARGE_HOME,
            },
        ),
        entry("Attack", Sample::Line { stroke: ATTACK }),
        entry("Volley", Sample::Line { stroke: VOLLEY }),
        entry("Support", Sample::Line { stroke: SUPPORT }),
        entry("Combat (totals)", Sample::Line { stroke: RESULT }),
        entry(
            "Lost",
            Sample::Glyph {
                glyph: Glyph::Beaten,
            },
        ),
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
