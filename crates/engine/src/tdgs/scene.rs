//! TDGS Mass Combat as a picture: the square map and its terrain, a counter
//! per entity on the board, and the marks of what just happened.
//!
//! A counter stands on the middle square of its footprint (the anchor's
//! side of the middle for an even width or height), so moves, attacks and
//! glyphs meet it there; for a footprint larger than one square,
//! [`Counter::footprint`] carries its width and height in squares, and the
//! renderer draws the squares as the unit's base, the counter in its middle. Its face: the symbol of its race word (a commander's
//! is the leader's, a hero who commands nobody has none, the id alone),
//! STR and REF in the top corners, the order's initial (a pending one after
//! an arrow) and HP in the bottom ones, and an HP bar ticked at the 50 % and
//! 25 % morale thresholds. A routed unit is drawn falling; a unit in a last
//! stand, or a hero down (unconscious, incapacitated), shaken. Removed
//! entities are not drawn, except one removed by these very events, drawn
//! falling so the blow that removed it lands on something.
//!
//! A commander's range (CHA in squares) is drawn only when it mattered in
//! these events, that is for a commander who rallied or gave an order, and
//! never when it covers the whole map, where it would say nothing: a dashed
//! line through the furthest squares in range (ranges are Chebyshev, so
//! those squares make a rectangle).
//!
//! Overlay `command` (drawn when asked for): for each side, every square
//! within the range of one of its active commanders on the board, one area
//! a side in its colour.
//!
//! Marks: a move's path; an attack's link, labelled with die, modifiers and
//! total and whether it hit (an impact head on a hit); a check's glyph beside
//! the unit (a ring for a pass, a downward chevron for a failure), labelled
//! with what was checked and the total, so a cascade reads as checks on the units beside the one
//! that broke; a burst where a unit routed; a skull where one was destroyed
//! or killed, a cross where one fled or surrendered.

use senlac_board::Cell;
use senlac_board::scene::{
    Bar, Board, Counter, Dash, Face, Footprint, Glyph, Head, Ink, LegendEntry, Look, Mark,
    MarkShape, Overlay, Place, Sample, Scene, Shape, Standing, Stroke, Symbol,
    Terrain as SceneTerrain, Weight,
};

use crate::system::OverlayInfo;

use super::event::{CheckKind, Event, Roll};
use super::state::{AttackKind, EntityInfo, State, Status};
use super::tables::{self, Order, Terrain, Weapon};

/// The command ranges, as `senlac render --overlay command` asks for them.
pub const COMMAND: &str = "command";

/// The overlays the scenes carry.
pub const OVERLAYS: &[OverlayInfo] = &[OverlayInfo {
    name: COMMAND,
    summary: "each side's command range: the squares within CHA squares of one of its active commanders",
}];

/// The morale thresholds the HP bar is ticked at (TRIGGERS-1, -2).
pub const HP_TICKS: [f64; 2] = [0.5, 0.25];

const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
const MELEE_HIT: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.5,
    head: Head::Impact,
    curved: false,
};
const MELEE_MISS: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 1.5,
    head: Head::Arrow,
    curved: false,
};
const SHOT_HIT: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 2.0,
    head: Head::Impact,
    curved: true,
};
const SHOT_MISS: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
const SPELL_HIT: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 2.0,
    head: Head::Impact,
    curved: true,
};
const SPELL_MISS: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
/// A commander's rally: from the commander to the routed unit.
const RALLY: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 1.0,
    head: Head::Arrow,
    curved: false,
};

/// A commander's range: through the furthest squares in range.
const RANGE: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.0,
    head: Head::None,
    curved: false,
};

const PASSED: Glyph = Glyph::Ring;
// Not a cross: a falling counter is crossed out.
const FAILED: Glyph = Glyph::Beaten;

/// How a terrain kind looks: every kind its own look, so the legend names
/// each once (the two lesser covers share one).
const fn look(kind: Terrain) -> Option<Look> {
    Some(match kind {
        Terrain::Open => return None,
        Terrain::Blocking => Look::Impassable,
        Terrain::Difficult => Look::Rough,
        Terrain::VeryDifficult => Look::Marsh,
        Terrain::Obscuring => Look::Woods,
        Terrain::Hazardous => Look::Water,
        Terrain::CoverPartial | Terrain::CoverHalf => Look::Field,
        Terrain::CoverFull => Look::Town,
    })
}

/// The symbol of an entity: the leader's for a commander, none for any
/// other hero, else what its race word or weapon says.
fn symbol(info: &EntityInfo) -> (Symbol, Weight) {
    let race = info.race.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| race.contains(w));
    let symbol = if info.commander {
        Symbol::Leader
    } else if info.kind == super::state::Kind::Hero {
        Symbol::Plain
    } else if has(&["cavalry", "rider", "horse", "knight", "mounted"]) {
        Symbol::Cavalry
    } else if has(&["archer", "bow", "missile", "sling", "crossbow"])
        || matches!(info.weapon, Weapon::Ranged | Weapon::Long)
    {
        Symbol::Archers
    } else {
        Symbol::Infantry
    };
    let weight = if has(&["heavy"]) {
        Weight::Heavy
    } else if has(&["light"]) {
        Weight::Light
    } else if has(&["skirmish"]) {
        Weight::Skirmish
    } else {
        Weight::None
    };
    (symbol, weight)
}

/// An order's initial on a counter.
const fn initial(order: Order) -> &'static str {
    match order {
        Order::Attack => "A",
        Order::Hold => "H",
        Order::TakeCover => "T",
        Order::Charge => "C",
        Order::Retreat => "R",
    }
}

/// The middle square of an entity's footprint anchored at `anchor`.
fn middle(info: &EntityInfo, anchor: Cell) -> Cell {
    Cell {
        column: anchor
            .column
            .saturating_add(info.width.saturating_sub(1) / 2),
        row: anchor.row.saturating_add(info.height.saturating_sub(1) / 2),
    }
}

/// `14+11=25`: a d20's die, modifiers and total.
fn roll_text(roll: Roll) -> String {
    let modifier = roll.total - roll.die;
    if modifier == 0 {
        format!("{}={}", roll.die, roll.total)
    } else {
        format!("{}{modifier:+}={}", roll.die, roll.total)
    }
}

/// Whether `entity` left the board in these events.
fn removed_now(events: &[Event], entity: usize) -> bool {
    events.iter().any(
        |e| matches!(*e, Event::Status { entity: x, status } if x == entity && status.removed()),
    )
}

/// The picture of `state`, marking `events` (those that led to it).
pub fn scene(state: &State, events: &[Event]) -> Scene {
    let roster = &state.roster;
    let place = |entity: usize| {
        let info = state.info(entity)?;
        let anchor = state.entities.get(entity)?.anchor?;
        Some(Place::Cell(middle(info, anchor)))
    };
    let side_of = |entity: usize| state.info(entity).map_or(0, |i| i.side);
    let mut counters = Vec::new();
    let mut marks = Vec::new();
    for (index, (info, entity)) in roster.entities.iter().zip(&state.entities).enumerate() {
        let Some(anchor) = entity.anchor else {
            continue;
        };
        let standing = match entity.status {
            Status::Active if entity.last_stand => Standing::Shaken,
            Status::Active => Standing::Active,
            Status::Routed => Standing::Falling,
            Status::Unconscious | Status::Incapacitated => Standing::Shaken,
            _ if removed_now(events, index) => Standing::Falling,
            _ => continue,
        };
        let (symbol, weight) = symbol(info);
        let order = match (entity.order, entity.pending_order) {
            (Some(now), Some(next)) => Some(format!("{}>{}", initial(now), initial(next))),
            (now, next) => now.or(next).map(|o| initial(o).to_string()),
        };
        let max = f64::from(info.max_hp.max(1));
        let multi = info.width > 1 || info.height > 1;
        counters.push(Counter {
            side: info.side,
            id: info.id.to_string(),
            name: info.name.to_string(),
            at: Place::Cell(middle(info, anchor)),
            facing: None,
            // In squares, on a square board: the renderer draws the base
            // round the counter.
            footprint: multi.then(|| Footprint {
                width: f64::from(info.width),
                depth: f64::from(info.height),
            }),
            face: Face {
                symbol,
                weight,
                corners: [
                    Some(info.stats.str.to_string()),
                    Some(info.stats.ref_.to_string()),
                    order,
                    Some(entity.hp.max(0).to_string()),
                ],
                pips: 0,
                bar: Some(Bar {
                    fill: (f64::from(entity.hp) / max).clamp(0.0, 1.0),
                    ticks: HP_TICKS.to_vec(),
                }),
                factors: None,
                flipped: false,
                marker: None,
            },
            standing,
            small: false,
        });
    }
    marks.extend(command_ranges(state, events));
    let spot = |entity: usize, glyph: Glyph, ink: Ink, label: Option<String>| {
        place(entity).map(|at| Mark {
            shape: MarkShape::Spot { at, glyph },
            ink,
            label,
        })
    };
    for event in events {
        match event {
            Event::Moved { entity, from, path } => {
                let Some(info) = state.info(*entity) else {
                    continue;
                };
                let places: Vec<Place> = std::iter::once(from)
                    .chain(path)
                    .map(|&cell| Place::Cell(middle(info, cell)))
                    .collect();
                if places.len() >= 2 {
                    marks.push(Mark {
                        shape: MarkShape::Path {
                            places,
                            stroke: MOVE,
                        },
                        ink: Ink::Side(info.side),
                        label: None,
                    });
                }
            }
            Event::Attacked {
                attacker,
                target,
                kind,
                roll,
                damage,
            } => {
                let (Some(from), Some(to)) = (place(*attacker), place(*target)) else {
                    continue;
                };
                let stroke = match (kind, roll.success) {
                    (AttackKind::Melee, true) => MELEE_HIT,
                    (AttackKind::Melee, false) => MELEE_MISS,
                    (AttackKind::Shot, true) => SHOT_HIT,
                    (AttackKind::Shot, false) => SHOT_MISS,
                    (AttackKind::Arcane | AttackKind::Divine, true) => SPELL_HIT,
                    (AttackKind::Arcane | AttackKind::Divine, false) => SPELL_MISS,
                };
                let outcome = if roll.success {
                    format!("hit {damage}")
                } else {
                    "miss".to_string()
                };
                marks.push(Mark {
                    shape: MarkShape::Link { from, to, stroke },
                    ink: Ink::Side(side_of(*attacker)),
                    label: Some(format!("{} {outcome}", roll_text(*roll))),
                });
            }
            Event::Checked { entity, kind, roll } => {
                let (unit, what) = match kind {
                    CheckKind::Morale(triggers) => (*entity, triggers.words()),
                    CheckKind::Cornered => (*entity, "cornered".to_string()),
                    CheckKind::Rally { unit } => {
                        if let (Some(from), Some(to)) = (place(*entity), place(*unit)) {
                            marks.push(Mark {
                                shape: MarkShape::Link {
                                    from,
                                    to,
                                    stroke: RALLY,
                                },
                                ink: Ink::Side(side_of(*entity)),
                                label: None,
                            });
                        }
                        (*unit, "rally".to_string())
                    }
                };
                let (glyph, ink) = if roll.success {
                    (PASSED, Ink::Side(side_of(unit)))
                } else {
                    (FAILED, Ink::Danger)
                };
                // Short, beside a counter: what was checked and the total.
                let label = format!("{what} {}", roll.total);
                marks.extend(spot(unit, glyph, ink, Some(label)));
            }
            Event::Routed { unit, .. } => {
                marks.extend(spot(*unit, Glyph::Burst, Ink::Danger, None));
            }
            Event::Status { entity, status } => {
                let glyph = match status {
                    Status::Destroyed | Status::Dead => Glyph::Skull,
                    Status::Fled | Status::Surrendered => Glyph::Cross,
                    _ => continue,
                };
                marks.extend(spot(*entity, glyph, Ink::Danger, None));
            }
            _ => {}
        }
    }
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.iter().map(ToString::to_string).collect(),
        board: Board::Square {
            columns: roster.columns.max(1),
            rows: roster.rows.max(1),
        },
        terrain: terrain(state),
        counters,
        marks,
        overlays: vec![command_overlay(state)],
        legend: legend(state),
    }
}

/// The ranges of the commanders who rallied or gave an order in `events`
/// (an order is given in the commander's open activation), as areas of the
/// squares within range; none that covers the whole map.
fn command_ranges(state: &State, events: &[Event]) -> Vec<Mark> {
    // Who gives an order: the activation last opened among the events, else
    // the one open at the end (events of a single activation).
    let mut acting = state.activation.map(|open| open.entity);
    let mut commanders: Vec<usize> = Vec::new();
    for event in events {
        let commander = match *event {
            Event::ActivationOpened { entity } => {
                acting = Some(entity);
                continue;
            }
            Event::Checked {
                entity,
                kind: CheckKind::Rally { .. },
                ..
            } => Some(entity),
            Event::Ordered { .. } => acting,
            _ => None,
        };
        if let Some(c) = commander.filter(|&c| state.info(c).is_some_and(|i| i.commander))
            && !commanders.contains(&c)
        {
            commanders.push(c);
        }
    }
    commanders
        .into_iter()
        .filter_map(|commander| {
            let info = state.info(commander)?;
            let (range, [west, north, east, south]) = reach(state, commander)?;
            let whole = covers_the_map(state, [west, north, east, south]);
            let corner = |column, row| Place::Cell(Cell { column, row });
            (!whole).then(|| Mark {
                shape: MarkShape::Path {
                    places: vec![
                        corner(west, north),
                        corner(east, north),
                        corner(east, south),
                        corner(west, south),
                        corner(west, north),
                    ],
                    stroke: RANGE,
                },
                ink: Ink::Side(info.side),
                label: Some(format!("{} command {range}", info.id)),
            })
        })
        .collect()
}

/// A commander's command range (CHA in squares) and the squares within it
/// on the map: ranges are Chebyshev, so they make a rectangle, given as its
/// west and east columns and north and south rows.
fn reach(state: &State, commander: usize) -> Option<(u32, [u8; 4])> {
    let info = state.info(commander)?;
    let at = state.footprint(commander)?;
    let extent = state.roster.extent();
    let range = tables::command_range(info.stats.cha);
    let span = |low: u8, high: u8, size: u8| {
        let range = u8::try_from(range).unwrap_or(u8::MAX);
        (
            low.saturating_sub(range).max(1),
            high.saturating_add(range).min(size),
        )
    };
    let last = |anchor: u8, size: u8| anchor.saturating_add(size.saturating_sub(1));
    let anchor = at.anchor;
    let (west, east) = span(
        anchor.column,
        last(anchor.column, info.width),
        extent.columns,
    );
    let (north, south) = span(anchor.row, last(anchor.row, info.height), extent.rows);
    Some((range, [west, north, east, south]))
}

/// Overlay [`COMMAND`]: for each side, the squares within the command range
/// of one of its active commanders on the board, as one area in its colour.
/// A range that covers the whole map is no area (it would hatch every
/// square and hide the terrain, saying nothing): the legend names it
/// ([`whole_map_commanders`]).
fn command_overlay(state: &State) -> Overlay {
    let roster = &state.roster;
    let mut marks = Vec::new();
    for side in 0..roster.sides.len() {
        let mut cells: Vec<Cell> = Vec::new();
        for commander in active_commanders(state, side) {
            let Some((_, [west, north, east, south])) = reach(state, commander) else {
                continue;
            };
            if covers_the_map(state, [west, north, east, south]) {
                continue;
            }
            cells.extend(
                (west..=east)
                    .flat_map(|column| (north..=south).map(move |row| Cell { column, row })),
            );
        }
        cells.sort_by_key(|c| (c.column, c.row));
        cells.dedup();
        if !cells.is_empty() {
            marks.push(Mark {
                shape: MarkShape::Area {
                    places: cells.into_iter().map(Place::Cell).collect(),
                },
                ink: Ink::Side(side),
                label: None,
            });
        }
    }
    Overlay {
        name: COMMAND,
        marks,
        shown: false,
    }
}

/// The active commanders of `side` on the board.
fn active_commanders(state: &State, side: usize) -> impl Iterator<Item = usize> + '_ {
    state
        .entities
        .iter()
        .enumerate()
        .filter(move |(commander, entity)| {
            state
                .info(*commander)
                .is_some_and(|info| info.side == side && info.commander)
                && entity.status == Status::Active
        })
        .map(|(commander, _)| commander)
}

/// Whether a range's rectangle (west, north, east, south) is the whole map.
fn covers_the_map(state: &State, [west, north, east, south]: [u8; 4]) -> bool {
    let extent = state.roster.extent();
    west == 1 && north == 1 && east == extent.columns && south == extent.rows
}

/// The ids of `side`'s active commanders whose range covers the whole map.
fn whole_map_commanders(state: &State, side: usize) -> Vec<String> {
    active_commanders(state, side)
        .filter(|&c| reach(state, c).is_some_and(|(_, rect)| covers_the_map(state, rect)))
        .filter_map(|c| state.info(c).map(|info| info.id.to_string()))
        .collect()
}

/// One piece of terrain per kind, its squares in map order; a square of
/// several kinds is in each.
fn terrain(state: &State) -> Vec<SceneTerrain> {
    let roster = &state.roster;
    let extent = roster.extent();
    Terrain::ALL
        .into_iter()
        .filter_map(|kind| {
            let look = look(kind)?;
            let cells: Vec<Cell> = (1..=extent.rows)
                .flat_map(|row| (1..=extent.columns).map(move |column| Cell { column, row }))
                .filter(|&cell| roster.ground_at(cell).is_some_and(|g| g.has(kind)))
                .collect();
            (!cells.is_empty()).then(|| SceneTerrain {
                kind: kind.word().to_string(),
                look,
                shape: Shape::Cells { cells },
            })
        })
        .collect()
}

/// Every entry the picture may need; the renderer keeps those it shows.
fn legend(state: &State) -> Vec<LegendEntry> {
    let sides = &state.roster.sides;
    let entry = |label: &str, sample: Sample| LegendEntry {
        label: label.to_string(),
        sample,
    };
    let counter = |symbol, weight| Sample::Counter { symbol, weight };
    let ground = |look| Sample::Terrain { look };
    let line = |stroke| Sample::Line { stroke };
    let glyph = |glyph| Sample::Glyph { glyph };
    let standing = |standing| Sample::Standing { standing };
    let mut out = vec![
        entry("Blocking: no passage, no sight", ground(Look::Impassable)),
        entry("Difficult: half MOV", ground(Look::Rough)),
        entry("Very difficult: quarter MOV", ground(Look::Marsh)),
        entry("Obscuring: blocks sight", ground(Look::Woods)),
        entry("Hazardous", ground(Look::Water)),
        entry("Partial or half cover", ground(Look::Field)),
        entry("Full cover", ground(Look::Town)),
        entry("Commander", counter(Symbol::Leader, Weight::None)),
        entry("Infantry", counter(Symbol::Infantry, Weight::None)),
        entry("Cavalry", counter(Symbol::Cavalry, Weight::None)),
        entry("Archers", counter(Symbol::Archers, Weight::None)),
        entry("Heavy", counter(Symbol::Plain, Weight::Heavy)),
        entry("Light", counter(Symbol::Plain, Weight::Light)),
        entry("Skirmish", counter(Symbol::Plain, Weight::Skirmish)),
        // What a counter's words and bar say (ext §Orders, Order Types).
        entry("Top: STR, REF; bottom: order, HP", Sample::Corners),
        entry(
            "Orders: Attack, Hold, Take cover, Charge, Retreat",
            Sample::Corners,
        ),
        entry("HP bar, ticked at 50% and 25% (morale)", Sample::Bar),
        entry("Routed, or removed now", standing(Standing::Falling)),
        entry("Last stand, or hero down", standing(Standing::Shaken)),
        entry("Move", line(MOVE)),
        entry("Attack, hit", line(MELEE_HIT)),
        entry("Attack, missed", line(MELEE_MISS)),
        entry("Shot, hit", line(SHOT_HIT)),
        entry("Shot, missed", line(SHOT_MISS)),
        entry("Spell, hit", line(SPELL_HIT)),
        entry("Spell, missed", line(SPELL_MISS)),
        entry("Rally", line(RALLY)),
        entry("Command range", line(RANGE)),
        entry("Check passed", glyph(PASSED)),
        entry("Check failed", glyph(FAILED)),
        entry("Routed", glyph(Glyph::Burst)),
        entry("Destroyed or killed", glyph(Glyph::Skull)),
        entry("Fled or surrendered", glyph(Glyph::Cross)),
    ];
    // Shown while the overlay is drawn.
    out.extend(sides.iter().enumerate().map(|(side, name)| {
        let whole = whole_map_commanders(state, side);
        let label = if whole.is_empty() {
            format!("In command range: {name}")
        } else {
            format!(
                "In command range: {name} (the whole map, for {})",
                whole.join(", ")
            )
        };
        entry(
            &label,
            Sample::Overlay {
                name: COMMAND,
                ink: Ink::Side(side),
            },
        )
    }));
    out
}
