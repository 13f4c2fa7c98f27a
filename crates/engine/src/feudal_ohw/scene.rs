//! The picture of a Feudal state: the table in inches, its terrain as
//! drawn shapes with their looks, each unit as its base turned to its
//! facing (its class's symbol, its id, a bar of its hits against the
//! removal threshold, its shots and state in the corners, the attacked
//! marker as a chit, its personalities as small counters beside it), and
//! what the events since the last picture did: moves along their poses,
//! charges to the contact edge, shots and melee attacks with their hits,
//! removals; and a legend of what is drawn.

use senlac_board::kurbo::Point;
use senlac_board::scene::{
    Bar, Board, Counter, Dash, Face, Footprint, Glyph, Head, Ink, LegendEntry, Look, Mark,
    MarkShape, Marker, Overlay, Place, Sample, Scene, Shape, Standing, Stroke, Symbol, Terrain,
    Weight,
};
use senlac_board::table::{Aspect, Base};

use super::event::{Cause, Event, Motion};
use super::options::Opt;
use super::state::{Outline, State};
use super::tables::{Class, TIRED_ABOVE};
use super::view::aspect_word;
use crate::system::OverlayInfo;

/// The shooting ranges, as `senlac render --overlay ranges` asks for them.
pub const RANGES: &str = "ranges";

/// The overlays the scenes carry.
pub const OVERLAYS: &[OverlayInfo] = &[OverlayInfo {
    name: RANGES,
    summary: "each unit with missiles still to shoot: its front arc within its range of its front centre (0.7, 1.1a)",
}];

/// The word the attacked marker's chit prints.
pub const ATTACKED: &str = "ATTACKED";

const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
const RETREAT: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
/// Moved by another's action, or turned to face.
const SHIFT: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 1.5,
    head: Head::Arrow,
    curved: false,
};
const CHARGE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 3.0,
    head: Head::Arrow,
    curved: false,
};
const SHOT: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
const MELEE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.5,
    head: Head::Impact,
    curved: false,
};
const REMOVED: Glyph = Glyph::Skull;
const RALLIED: Glyph = Glyph::Ring;

/// How a terrain word is drawn.
pub fn look(word: &str) -> Look {
    match word {
        "hill" => Look::Hill,
        "woods" => Look::Woods,
        "marsh" => Look::Marsh,
        "camp" | "village" => Look::Town,
        "lake" | "river" => Look::Water,
        "cliff" => Look::Impassable,
        "wall" => Look::Wall,
        "ditch" => Look::Ditch,
        "ford" => Look::Ford,
        "bridge" => Look::Bridge,
        "road" => Look::Road,
        _ => Look::Rough,
    }
}

/// A class's symbol and weight, as a military map draws it.
pub fn symbol(class: Option<Class>) -> (Symbol, Weight) {
    match class {
        Some(Class::Knights) => (Symbol::Cavalry, Weight::Heavy),
        Some(Class::Cavalry) => (Symbol::Cavalry, Weight::Light),
        Some(Class::MountedBrigans) => (Symbol::Cavalry, Weight::Skirmish),
        Some(Class::Serjeants | Class::Schiltron) => (Symbol::Infantry, Weight::Heavy),
        Some(Class::Freemen) => (Symbol::Infantry, Weight::None),
        Some(Class::Brigans) => (Symbol::Infantry, Weight::Skirmish),
        Some(Class::Bowmen) => (Symbol::Archers, Weight::None),
        Some(Class::BowBrigans) => (Symbol::Archers, Weight::Skirmish),
        None => (Symbol::Plain, Weight::None),
    }
}

/// A point as a scene places it.
fn at(p: Point) -> Place {
    Place::Point(p)
}

/// The picture of `state`, marking `events`.
pub fn scene(state: &State, events: &[Event]) -> Scene {
    let roster = &state.roster;
    let (width, depth) = roster.table;
    let falling: Vec<usize> = (events.iter())
        .filter_map(|e| match e {
            Event::Removed { unit } => Some(*unit),
            _ => None,
        })
        .collect();
    let mut counters = Vec::new();
    for (i, u) in roster.units.iter().enumerate() {
        if u.personality {
            continue;
        }
        let falls = falling.contains(&i);
        let base = if falls {
            state.units[i].last_base
        } else {
            state.bases[i]
        };
        let Some(base) = base else { continue };
        counters.push(counter(state, i, base, falls));
        // Its personalities, small beside it.
        for (p, host) in state.hosts.iter().enumerate() {
            if *host == Some(i) {
                let info = &roster.units[p];
                counters.push(Counter {
                    side: info.side,
                    id: info.id.clone(),
                    name: info.name.clone(),
                    at: at(base.centre),
                    facing: None,
                    footprint: None,
                    face: Face {
                        symbol: Symbol::Leader,
                        weight: Weight::None,
                        corners: [None, None, None, None],
                        pips: 0,
                        bar: None,
                        factors: None,
                        flipped: false,
                        marker: None,
                    },
                    standing: if falls {
                        Standing::Falling
                    } else {
                        Standing::Active
                    },
                    small: true,
                });
            }
        }
    }
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.clone(),
        board: Board::Table { width, depth },
        terrain: (roster.terrain.iter())
            .map(|t| Terrain {
                kind: t.word.clone(),
                look: look(&t.word),
                shape: match &t.outline {
                    Outline::Polygon(points) => Shape::Polygon {
                        points: points.clone(),
                    },
                    Outline::Circle { centre, radius } => Shape::Circle {
                        centre: *centre,
                        radius: *radius,
                    },
                    Outline::Line { points, width } => Shape::Line {
                        points: points.clone(),
                        width: *width,
                    },
                },
            })
            .collect(),
        counters,
        marks: marks(state, events),
        overlays: vec![ranges(state)],
        legend: legend(state),
    }
}

/// A unit's base as drawn: its class's symbol, a bar of the hits it can
/// still take, its hits and shots in the top corners, tired and a marked
/// front below, the attacked marker as a chit.
fn counter(state: &State, unit: usize, base: Base, falls: bool) -> Counter {
    let info = &state.roster.units[unit];
    let u = &state.units[unit];
    let (symbol, weight) = symbol(info.class);
    let limit = f64::from(state.removal_threshold(unit).max(1));
    let options = &state.roster.options;
    let ticks = if options.has(Opt::TiredUnits) {
        let tired = TIRED_ABOVE[usize::from(options.has(Opt::SixHit))];
        vec![1.0 - f64::from(tired) / limit]
    } else {
        Vec::new()
    };
    let shots = match info.class.and_then(|c| c.info().missile) {
        None => None,
        Some(_) if u.out_of_missiles => Some("no shots".to_string()),
        Some(_) => Some(match state.shot_limit(unit) {
            Some(limit) => format!("{}/{limit} shots", u.shots),
            None => format!("{} shots", u.shots),
        }),
    };
    let hits = match u.hits {
        0 => None,
        1 => Some("1 hit".to_string()),
        n => Some(format!("{n} hits")),
    };
    Counter {
        side: info.side,
        id: info.id.clone(),
        name: info.name.clone(),
        at: at(base.centre),
        facing: Some(base.facing),
        footprint: Some(Footprint {
            width: base.width,
            depth: base.depth,
        }),
        face: Face {
            symbol,
            weight,
            corners: [
                hits,
                shots,
                u.tired.then(|| "tired".to_string()),
                u.marked_front.map(|a| format!("{} front", aspect_word(a))),
            ],
            pips: 0,
            bar: Some(Bar {
                fill: (1.0 - f64::from(u.hits) / limit).clamp(0.0, 1.0),
                ticks,
            }),
            factors: None,
            flipped: false,
            marker: u.attacked.then(|| Marker {
                text: ATTACKED.to_string(),
                ink: Ink::Danger,
            }),
        },
        standing: if falls {
            Standing::Falling
        } else if state.ended.is_some_and(|e| e.routed == info.side) {
            Standing::Shaken
        } else {
            Standing::Active
        },
        small: false,
    }
}

/// The ground each unit with shots left may shoot at: its front arc (the
/// region beyond its front edge between the 45° rays from its front
/// corners, 0.7) within its range of its front centre (1.1a), as a polygon.
fn ranges(state: &State) -> Overlay {
    let options = &state.roster.options;
    let diced = options.has(Opt::DicedMovement);
    let marks = (state.roster.units.iter().enumerate())
        .filter_map(|(i, u)| {
            let base = state.bases[i]?;
            let range = u.class?.range(options.base, false, diced)?;
            let spent = state.units[i].out_of_missiles
                || state
                    .shot_limit(i)
                    .is_some_and(|l| state.units[i].shots >= l);
            (!spent).then(|| Mark {
                shape: MarkShape::Area {
                    places: reach(&base, range).into_iter().map(at).collect(),
                },
                ink: Ink::Side(u.side),
                label: None,
            })
        })
        .collect();
    Overlay {
        name: RANGES,
        marks,
        shown: false,
    }
}

/// The front arc of `base` within `range` of its front centre: from the
/// front-left corner out along its 45° ray to the circle, round the circle,
/// and back along the front-right ray.
pub fn reach(base: &Base, range: f64) -> Vec<Point> {
    let (a, b) = (base.width / 2.0, base.depth / 2.0);
    // Where the ray from (a, b) along (1, 1) meets the circle of `range`
    // about (0, b): (a + s)² + s² = range².
    let s = ((2.0 * range * range - a * a).max(0.0).sqrt() - a) / 2.0;
    let edge = (a + s).atan2(s);
    let steps = 24;
    let mut points = vec![base.point(-a, b), base.point(-a - s, b + s)];
    for k in 0..=steps {
        let theta = -edge + 2.0 * edge * f64::from(k) / f64::from(steps);
        points.push(base.point(range * theta.sin(), b + range * theta.cos()));
    }
    points.extend([base.point(a + s, b + s), base.point(a, b)]);
    points
}

/// Each unit's base when `events` began: the state's, with the events'
/// moves and removals undone.
fn bases_before(state: &State, events: &[Event]) -> Vec<Option<Base>> {
    let mut bases = state.bases.clone();
    for event in events.iter().rev() {
        match event {
            Event::Moved { unit, from, .. } => bases[*unit] = Some(*from),
            Event::Removed { unit } => bases[*unit] = state.units[*unit].last_base,
            Event::Deployed { unit, .. } => bases[*unit] = None,
            _ => {}
        }
    }
    bases
}

/// The point of `base`'s outline nearest `p`.
fn nearest_on(base: &Base, p: Point) -> Point {
    (Aspect::ALL.into_iter())
        .map(|a| base.edge(a).nearest(p))
        .min_by(|a, b| a.distance(p).total_cmp(&b.distance(p)))
        .unwrap_or(base.centre)
}

/// A move's steps, as its label prints them: each turn (right or left, as
/// the unit sees it) and each straight line, in order: `right 90°, 2.75″`.
fn steps(from: &Base, path: &[Base], to: &Base) -> String {
    let mut words = Vec::new();
    let mut at = from;
    for pose in path.iter().chain([to]) {
        // Clockwise seen from above is to the unit's right.
        let mut turn = senlac_board::table::normalise(pose.facing - at.facing);
        if turn > 180.0 {
            turn -= 360.0;
        }
        if turn.abs() >= 0.05 {
            let way = if turn > 0.0 { "right" } else { "left" };
            words.push(format!("{way} {}\u{b0}", super::view::number(turn.abs())));
        }
        let length = at.centre.distance(pose.centre);
        if length >= 0.005 {
            words.push(inches(length));
        }
        at = pose;
    }
    words.join(", ")
}

/// `5"`: a length as a mark's label prints it.
fn inches(value: f64) -> String {
    format!("{}\u{2033}", super::view::number(value))
}

/// What `events` did, in order, each where it happened.
pub fn marks(state: &State, events: &[Event]) -> Vec<Mark> {
    let side = |unit: usize| Ink::Side(state.roster.units[unit].side);
    let mut bases = bases_before(state, events);
    let mut out = Vec::new();
    // The hits each shot or attack dealt: the Hit that follows it.
    let took = |index: usize, by: usize, target: usize| -> u8 {
        (events[index + 1..].iter())
            .find_map(|e| match *e {
                Event::Hit {
                    unit,
                    took,
                    cause: Cause::Shot { by: b } | Cause::Melee { by: b },
                    ..
                } if unit == target && b == by => Some(took),
                _ => None,
            })
            .unwrap_or(0)
    };
    let hits = |n: u8| match n {
        1 => "1 hit".to_string(),
        n => format!("{n} hits"),
    };
    for (index, event) in events.iter().enumerate() {
        match event {
            Event::Deployed { unit, base } => bases[*unit] = Some(*base),
            Event::Moved {
                unit,
                from,
                path,
                to,
                motion,
            } => {
                let mut places = vec![from.centre];
                for pose in path.iter().chain([to]) {
                    if places.last().is_none_or(|p| p.distance(pose.centre) > 1e-6) {
                        places.push(pose.centre);
                    }
                }
                let length: f64 = places.windows(2).map(|w| w[0].distance(w[1])).sum();
                match *motion {
                    Motion::Charge {
                        target,
                        side: struck,
                    } => {
                        // To the point of the struck edge the charger's
                        // front meets.
                        let edge = bases[target].map_or(to.front_centre(), |t| {
                            t.edge(struck).nearest(to.front_centre())
                        });
                        // Front to front: from its front's centre, through
                        // the poses between, to the edge struck.
                        let mut places = vec![from.front_centre()];
                        for pose in path {
                            if places
                                .last()
                                .is_none_or(|p| p.distance(pose.front_centre()) > 1e-6)
                            {
                                places.push(pose.front_centre());
                            }
                        }
                        places.push(edge);
                        out.push(Mark {
                            shape: MarkShape::Path {
                                places: places.into_iter().map(at).collect(),
                                stroke: CHARGE,
                            },
                            ink: side(*unit),
                            label: Some(format!(
                                "charge, {}",
                                match struck {
                                    Aspect::Front | Aspect::Rear => aspect_word(struck).to_string(),
                                    _ => format!("{} flank", aspect_word(struck)),
                                }
                            )),
                        });
                    }
                    // A turn on the spot leaves no track.
                    _ if length < 0.01 => {}
                    motion => out.push(Mark {
                        shape: MarkShape::Path {
                            places: places.into_iter().map(at).collect(),
                            stroke: match motion {
                                Motion::Move => MOVE,
                                Motion::Retreat => RETREAT,
                                _ => SHIFT,
                            },
                        },
                        ink: side(*unit),
                        label: matches!(motion, Motion::Move | Motion::Retreat)
                            .then(|| steps(from, path, to)),
                    }),
                }
                bases[*unit] = Some(*to);
            }
            Event::Shot { unit, target } | Event::Attacked { unit, target } => {
                let (Some(from), Some(to)) = (bases[*unit], bases[*target]) else {
                    continue;
                };
                let shot = matches!(event, Event::Shot { .. });
                // A volley lands on the side of the target it was shot at;
                // a melee blow is struck into the enemy's body.
                let start = from.front_centre();
                let end = if shot {
                    nearest_on(&to, start)
                } else {
                    to.centre
                };
                out.push(Mark {
                    shape: MarkShape::Link {
                        from: at(start),
                        to: at(end),
                        stroke: if shot { SHOT } else { MELEE },
                    },
                    ink: side(*unit),
                    label: Some(hits(took(index, *unit, *target))),
                });
            }
            Event::Hit {
                unit,
                took,
                cause: Cause::Impetuous,
                ..
            } => {
                if let Some(base) = bases[*unit] {
                    out.push(Mark {
                        shape: MarkShape::Spot {
                            at: at(base.centre),
                            glyph: Glyph::Burst,
                        },
                        ink: Ink::Danger,
                        label: Some(format!("fell short: {}", hits(*took))),
                    });
                }
            }
            Event::Rallied { unit, to, .. } => {
                if let Some(base) = bases[*unit] {
                    out.push(Mark {
                        shape: MarkShape::Spot {
                            at: at(base.centre),
                            glyph: RALLIED,
                        },
                        ink: side(*unit),
                        label: Some(format!("rallied to {}", hits(*to))),
                    });
                }
            }
            Event::Removed { unit } => {
                if let Some(base) = bases[*unit] {
                    out.push(Mark {
                        shape: MarkShape::Spot {
                            at: at(base.centre),
                            glyph: REMOVED,
                        },
                        ink: Ink::Danger,
                        label: None,
                    });
                }
                bases[*unit] = None;
            }
            _ => {}
        }
    }
    out
}

/// What the pictures draw, each entry shown only where the picture has it.
fn legend(state: &State) -> Vec<LegendEntry> {
    let entry = |label: &str, sample: Sample| LegendEntry {
        label: label.to_string(),
        sample,
    };
    let mut out = Vec::new();
    // The terrain, one entry a look, named by the words that draw it.
    let mut looks: Vec<(Look, Vec<&str>)> = Vec::new();
    for t in &state.roster.terrain {
        let l = look(&t.word);
        match looks.iter_mut().find(|(seen, _)| *seen == l) {
            Some((_, words)) if !words.contains(&t.word.as_str()) => words.push(&t.word),
            Some(_) => {}
            None => looks.push((l, vec![&t.word])),
        }
    }
    for (l, words) in looks {
        let mut label = words.join(", ");
        if let Some(first) = label.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        out.push(entry(&label, Sample::Terrain { look: l }));
    }
    // A class's symbol, for the classes in the battle.
    let mut classes: Vec<Class> = Vec::new();
    for class in state.roster.units.iter().filter_map(|u| u.class) {
        if !classes.contains(&class) {
            classes.push(class);
        }
    }
    for class in Class::ALL.into_iter().filter(|c| classes.contains(c)) {
        let (symbol, weight) = symbol(Some(class));
        out.push(entry(class.word(), Sample::Counter { symbol, weight }));
    }
    let limit = state
        .roster
        .options
        .removed_at(super::options::Hardiness::Normal);
    out.extend([
        entry(
            &format!("Hits it can still take before removal at {limit}"),
            Sample::Bar,
        ),
        entry("Hits, shots; tired, marked front", Sample::Corners),
        entry(
            "Attacked marker",
            Sample::Marker {
                text: ATTACKED.into(),
            },
        ),
        entry("Personality with its unit", Sample::Small),
        entry(
            "Removed in this step",
            Sample::Standing {
                standing: Standing::Falling,
            },
        ),
        entry(
            "Force routed",
            Sample::Standing {
                standing: Standing::Shaken,
            },
        ),
        entry("Move: turns and distance", Sample::Line { stroke: MOVE }),
        entry("Retreat", Sample::Line { stroke: RETREAT }),
        entry("Pushed, conformed or faced", Sample::Line { stroke: SHIFT }),
        entry(
            "Charge to the edge it strikes",
            Sample::Line { stroke: CHARGE },
        ),
        entry("Shot: hits", Sample::Line { stroke: SHOT }),
        entry("Melee attack: hits", Sample::Line { stroke: MELEE }),
        entry("Rallied", Sample::Glyph { glyph: RALLIED }),
        entry("Removed", Sample::Glyph { glyph: REMOVED }),
    ]);
    // Shown while the overlay is drawn.
    for (side, name) in state.roster.sides.iter().enumerate() {
        out.push(entry(
            &format!("{name}: front arcs within shooting range"),
            Sample::Overlay {
                name: RANGES,
                ink: Ink::Side(side),
            },
        ));
    }
    out
}
