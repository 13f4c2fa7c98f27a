//! From a battle's tags and setup lines to Mass Combat's checked starting state.

use std::sync::Arc;

use senlac_notation::lower::{Area, Directive, Map, directives};
use senlac_notation::value::{self, Cell, Placement};
use senlac_notation::{AtomKind, Battle, Span};

use super::codes;
use super::rules;
use super::state::{Roster, State, Status, UnitInfo, UnitState};
use super::tables::{Class, Edition, Grade, base_command_points, max_command_points};
use crate::violation::Violation;
use senlac_board::hex;

/// Terrain kinds a unit cannot enter (ruling MC-R4).
pub const IMPASSABLE: [&str; 3] = ["forest", "stream", "impassable"];

/// Men in a unit when the roster does not say (ruling MC-R5).
pub const DEFAULT_SIZE: u32 = 1000;

pub fn setup(edition: Edition, battle: &Battle<'_>, out: &mut Vec<Violation>) -> State {
    let mut roster = Roster::empty(edition);
    let sides_tag = battle.tag("Sides").unwrap_or_default();
    roster.sides = sides_tag.split_whitespace().map(str::to_string).collect();
    let battle_start = Span {
        start: battle.span.start,
        end: battle.span.start,
    };
    if roster.sides.len() != 2 {
        out.push(
            Violation::of(
                &codes::SIDES,
                battle_start,
                format!(
                    "Mass Combat is fought by two sides; the Sides tag names {}",
                    roster.sides.len()
                ),
                rules::TURN_ORDER,
            )
            .help("name both sides in the tag, e.g. [Sides \"Saxons Normans\"]"),
        );
    }
    let mut units: Vec<UnitState> = Vec::new();
    let mut army: Option<usize> = None;
    let mut leadership: [Option<(u32, Span)>; 2] = [None, None];
    let mut bonus_given = [false; 2];
    let mut first_deploy: Option<usize> = None;
    let mut deployed_sides: Vec<usize> = Vec::new();
    for (item, directive) in directives(battle) {
        let span = item.span;
        let side = |name: &str, out: &mut Vec<Violation>| {
            let found = roster_side(&roster.sides, name);
            if found.is_none() {
                out.push(unknown_side(name, span, &roster.sides));
            }
            found
        };
        match directive {
            Directive::Map(map) => {
                if !matches!(map, Map::Hex { .. }) {
                    out.push(
                        Violation::of(
                            &codes::WRONG_MAP,
                            span,
                            "Mass Combat is played on a hex map",
                            rules::SETUP,
                        )
                        .help("write `map hex COLUMNSxROWS parity odd`"),
                    );
                }
                roster.set_map(map);
            }
            Directive::Terrain { kind, area, .. } => {
                let Area::Cells(cells) = area else {
                    out.push(Violation::of(
                        &codes::WRONG_MAP,
                        span,
                        "Mass Combat lays terrain on hexes, not shapes on a table",
                        rules::SETUP,
                    ));
                    continue;
                };
                for atom in cells {
                    let listed: Vec<Cell> = value::cells(atom).collect();
                    let area: Vec<Cell> = match listed[..] {
                        [a, b] => hex::range(a, b).collect(),
                        _ => listed,
                    };
                    roster
                        .terrain
                        .extend(area.iter().map(|&cell| (kind.to_string(), cell)));
                    if IMPASSABLE.contains(&kind) {
                        roster.impassable.extend(area);
                    } else if kind == "hill" {
                        roster.hill.extend(area);
                    }
                }
            }
            Directive::Hexside { kind, sides } => {
                for atom in sides {
                    let Some((a, b)) = value::hexside(atom) else {
                        continue;
                    };
                    if !hex::adjacent(a, b, roster.parity) {
                        out.push(Violation::of(
                            &codes::NOT_A_HEXSIDE,
                            atom.span,
                            format!("{a} and {b} are not neighbours, so they share no hexside"),
                            rules::SETUP,
                        ));
                    } else if kind == "crest" {
                        roster.crest.push(if a <= b { (a, b) } else { (b, a) });
                    }
                }
            }
            Directive::Army { side: name, .. } => army = side(name, out),
            Directive::Unit {
                id,
                name,
                class,
                grade,
                pairs,
            } => {
                let Some(side) = army else { continue };
                let class_found = Class::parse(class);
                let grade_found = grade.and_then(Grade::parse);
                if class_found.is_none() {
                    out.push(
                        Violation::of(
                            &codes::UNKNOWN_CLASS,
                            span,
                            format!("unit {id} has the unknown class `{class}`"),
                            rules::UNITS,
                        )
                        .help(format!(
                            "the classes are {}",
                            Class::ALL
                                .iter()
                                .map(|c| c.word())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
                if grade_found.is_none() {
                    out.push(
                        Violation::of(
                            &codes::UNKNOWN_GRADE,
                            span,
                            match grade {
                                Some(grade) => format!("unit {id} has the unknown grade `{grade}`"),
                                None => format!("unit {id} has no grade"),
                            },
                            rules::UNITS,
                        )
                        .help("the grades are A, B, C, D and E"),
                    );
                }
                if roster.units.iter().any(|u| u.side == side && u.id == id) {
                    out.push(
                        Violation::of(
                            &codes::DUPLICATE_UNIT,
                            span,
                            format!("{} already has a unit {id}", roster.sides[side]),
                            rules::UNITS,
                        )
                        .help("give each unit of an army its own id"),
                    );
                }
                let size = pairs
                    .iter()
                    .filter_map(value::pair)
                    .find(|(key, _)| *key == "size")
                    .and_then(|(_, v)| value::integer(&v))
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(DEFAULT_SIZE);
                let grade = grade_found.unwrap_or(Grade::E);
                roster.units.push(UnitInfo {
                    side,
                    id: id.to_string(),
                    name: name.into_owned(),
                    class: class_found.unwrap_or(Class::LightInfantry),
                    grade,
                    size,
                });
                units.push(UnitState {
                    command_points: base_command_points(grade),
                    damage: 0,
                    hex: None,
                    status: Status::Reserve,
                    acted: false,
                    cause: None,
                    slaughter: None,
                });
            }
            Directive::Roll {
                side: name,
                what: "leadership",
                value: roll,
            } => {
                let Some(side) = side(name, out) else {
                    continue;
                };
                let total = match roll.kind {
                    AtomKind::Dice => value::Dice::parse(&roll).map(|d| d.total()),
                    _ => value::integer(&roll).and_then(|n| u32::try_from(n).ok()),
                };
                if let (Some(total), Some(slot)) = (total, leadership.get_mut(side)) {
                    *slot = Some((total, roll.span));
                }
            }
            Directive::Roll { .. } => {}
            Directive::Bonus { side: name, points } => {
                let Some(side) = side(name, out) else {
                    continue;
                };
                if let Some(given) = bonus_given.get_mut(side) {
                    *given = true;
                }
                let mut sum = 0u32;
                for atom in points {
                    let Some((id, amount)) = value::pair(atom) else {
                        continue;
                    };
                    let Some(unit) = roster
                        .units
                        .iter()
                        .position(|u| u.side == side && u.id == id)
                    else {
                        out.push(unknown_unit(id, &roster.sides[side], atom.span));
                        continue;
                    };
                    let points = value::integer(&amount).unwrap_or(0);
                    if points < 0 {
                        out.push(Violation::of(
                            &codes::NEGATIVE_BONUS,
                            atom.span,
                            format!("{name} {id} is given {points} bonus points; a bonus cannot take points away"),
                            rules::LEADERSHIP,
                        ));
                    }
                    let amount = points.clamp(0, 255) as u8;
                    sum += u32::from(amount);
                    let grade = roster.units[unit].grade;
                    let total = units[unit].command_points.saturating_add(amount);
                    if total > max_command_points(grade) {
                        out.push(
                            Violation::of(
                                &codes::BONUS_ABOVE_MAXIMUM,
                                atom.span,
                                format!(
                                    "{name} {id} would have {total} command points; grade {} allows at most {}",
                                    grade.letter(),
                                    max_command_points(grade)
                                ),
                                rules::UNIT_QUALITY,
                            )
                            .label(format!("{} + {amount} > {}", units[unit].command_points, max_command_points(grade)))
                            .help(format!("give {id} at most {} bonus points", max_command_points(grade).saturating_sub(units[unit].command_points))),
                        );
                    }
                    units[unit].command_points = total.min(max_command_points(grade));
                }
                match leadership.get(side).copied().flatten() {
                    Some((roll, _)) if roll != sum => out.push(
                        Violation::of(
                            &codes::BONUS_SUM,
                            span,
                            format!("{name}'s bonus points sum to {sum}, but the leadership roll was {roll}"),
                            rules::LEADERSHIP,
                        )
                        .label(format!("{sum} points"))
                        .help(format!("hand out exactly {roll} points")),
                    ),
                    Some(_) => {}
                    None => out.push(Violation::of(
                        &codes::BONUS_WITHOUT_ROLL,
                        span,
                        format!("{name} hands out bonus points without a leadership roll"),
                        rules::LEADERSHIP,
                    )
                    .help(format!("record the roll first: `roll {name} leadership N`"))),
                }
            }
            Directive::Deploy {
                side: name,
                placements,
            } => {
                let Some(side) = side(name, out) else {
                    continue;
                };
                if !deployed_sides.contains(&side) {
                    if let Some(first) = first_deploy
                        && deployed_sides.is_empty()
                        && first != side
                    {
                        out.push(Violation::of(
                            &codes::DEPLOYMENT_ORDER,
                            span,
                            format!(
                                "{name} deploys before {}, who chose to deploy first",
                                roster.sides[first]
                            ),
                            rules::LEADERSHIP,
                        ));
                    }
                    deployed_sides.push(side);
                }
                for atom in placements {
                    let Some(placement) = Placement::parse(atom) else {
                        continue;
                    };
                    deploy(&roster, &mut units, side, placement, atom.span, out);
                }
            }
            Directive::First { side: name, what } => {
                let Some(side) = side(name, out) else {
                    continue;
                };
                match what {
                    "deploy" => first_deploy = Some(side),
                    "turn" => roster.first_turn = Some(side),
                    _ => out.push(Violation::of(
                        &codes::UNKNOWN_CHOICE,
                        span,
                        format!("`first {name} {what}`: the leadership winner chooses `deploy` or `turn`"),
                        rules::LEADERSHIP,
                    )),
                }
            }
            Directive::Option { .. } => {}
            Directive::Other { keyword, .. } => out.push(
                Violation::of(
                    &codes::UNKNOWN_DIRECTIVE,
                    Span::new(span.start as usize, span.start as usize + keyword.len()),
                    format!("`{keyword}` is not a setup line of Mass Combat"),
                    rules::SETUP,
                )
                .help("Mass Combat's setup lines are map, terrain, hexside, army, unit, roll, bonus, deploy, first and option"),
            ),
        }
    }
    for (side, roll) in leadership.iter().enumerate() {
        if let Some((points, span)) = roll
            && *points > 0
            && !bonus_given[side]
        {
            out.push(
                Violation::of(
                    &codes::BONUS_MISSING,
                    *span,
                    format!("{}'s leadership roll of {points} gives bonus points, but no `bonus` line hands them out", roster.sides[side]),
                    rules::LEADERSHIP,
                )
                .help(format!("add `bonus {} ID=POINTS...` summing to {points}", roster.sides[side])),
            );
        }
    }
    if let [Some((a, _)), Some((b, span))] = leadership
        && a == b
    {
        out.push(
            Violation::of(
                &codes::TIED_LEADERSHIP,
                span,
                format!("both leaders rolled {a}; a tie decides nothing"),
                rules::LEADERSHIP,
            )
            .help("the leaders roll again: record the rolls that decided it"),
        );
    }
    let moved = vec![false; units.len()];
    State {
        roster: Arc::new(roster),
        moved,
        first_side: None,
        attacks: Vec::new(),
        attack_supports: Vec::new(),
        defense_supports: Vec::new(),
        defending: Vec::new(),
        charges: Vec::new(),
        combat: None,
        slaughter: None,
        units,
        turn: 0,
        acting: None,
        phase: None,
        owed: Vec::new(),
        side_turns: 0,
    }
}

fn deploy(
    roster: &Roster,
    units: &mut [UnitState],
    side: usize,
    placement: Placement<'_>,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let Some(unit) = roster.unit_index(side, placement.unit) else {
        out.push(unknown_unit(placement.unit, &roster.sides[side], span));
        return;
    };
    let senlac_notation::value::Location::Cell(cell) = placement.at else {
        out.push(Violation::of(
            &codes::WRONG_MAP,
            span,
            "Mass Combat places units on hexes",
            rules::SETUP,
        ));
        return;
    };
    let name = format!("{} {}", roster.sides[side], placement.unit);
    let problem = if units[unit].status != Status::Reserve {
        Some((
            &codes::ALREADY_DEPLOYED,
            format!("{name} is already deployed"),
        ))
    } else if !roster.on_map(cell) {
        Some((
            &codes::OFF_MAP,
            format!("{cell} is off the {}x{} map", roster.columns, roster.rows),
        ))
    } else if roster.impassable.contains(&cell) {
        Some((
            &codes::IMPASSABLE,
            format!("{name} cannot stand on impassable {cell}"),
        ))
    } else if units
        .iter()
        .any(|u| u.status == Status::Active && u.hex == Some(cell))
    {
        Some((&codes::OCCUPIED, format!("{cell} already holds a unit")))
    } else {
        None
    };
    match problem {
        Some((code, message)) => out.push(Violation::of(code, span, message, rules::SETUP)),
        None => {
            units[unit].hex = Some(cell);
            units[unit].status = Status::Active;
        }
    }
}

fn roster_side(sides: &[String], name: &str) -> Option<usize> {
    sides.iter().position(|s| s == name)
}

pub fn unknown_side(name: &str, span: Span, sides: &[String]) -> Violation {
    Violation::of(
        &codes::UNKNOWN_SIDE,
        span,
        format!("`{name}` is not a side of this battle"),
        rules::TURN_ORDER,
    )
    .help(format!("the Sides tag names: {}", sides.join(", ")))
}

pub fn unknown_unit(id: &str, side: &str, span: Span) -> Violation {
    Violation::of(
        &codes::UNKNOWN_UNIT,
        span,
        format!("{side} has no unit {id}"),
        rules::UNITS,
    )
    .help("units are declared with `unit ID \"Name\" CLASS GRADE` under their army")
}
