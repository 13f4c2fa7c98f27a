//! From a battle's tags and setup lines to Mass Combat's checked starting
//! state. The generic setup (`crate::setup`) checks sides, unit ids, the map,
//! terrain ranges and deployments for every system; this adds what is Mass
//! Combat's own: two sides on a hex map, classes and grades, impassable
//! ground, leadership rolls and bonus points, and who deploys first.

use std::sync::Arc;

use senlac_board::scene::{Board, Shape};
use senlac_notation::lower::Directive;
use senlac_notation::value::{self, Location, UnitRef};
use senlac_notation::{AtomKind, Battle, Fix, Span};
use smol_str::SmolStr;

use super::codes;
use super::event::Event;
use super::rules;
use super::state::{Roster, State, Status, UnitInfo, UnitState};
use super::tables::{Class, Edition, Grade, base_command_points, max_command_points, scores};
use crate::fold::Deployments;
use crate::setup::{self as generic, Setup};
use crate::system::tag_span;
use crate::violation::Violation;

/// Terrain kinds a unit cannot enter (ruling MC-R4).
pub const IMPASSABLE: [&str; 3] = ["forest", "stream", "impassable"];

/// Men in a unit when the roster does not say (ruling MC-R5).
pub const DEFAULT_SIZE: u32 = 1000;

/// The checked starting position: the field and each deployment as an event.
pub fn setup(
    edition: Edition,
    battle: &Battle<'_>,
    out: &mut Vec<Violation>,
) -> Deployments<State, Event> {
    let generic = Setup::build(battle, out);
    let mut roster = Roster::empty(edition);
    roster.sides = generic.sides.iter().map(|s| SmolStr::new(s.name)).collect();
    two_sides(battle, out);
    read_board(battle, &generic, &mut roster, out);
    lay_terrain(&generic, &mut roster, out);
    let mut units = declare_units(&generic, &mut roster, out);
    roster.index_ids();
    let placements = deploy(&generic, &roster, out);
    let first_deploy = leadership(&generic, &mut roster, &mut units, out);
    // A side with no `deploy` line is reported as undeployed: the order
    // it deployed in is then not a second finding.
    if let (Some(first), Some(&opened)) = (first_deploy, generic.deploy_order.first())
        && first != opened
        && generic.deploy_order.contains(&first)
    {
        let span = deploy_line(battle, &roster.sides[opened]).unwrap_or(battle.span);
        out.push(Violation::of(
            &codes::DEPLOYMENT_ORDER,
            span,
            format!(
                "{} deploys before {}, who chose to deploy first",
                roster.sides[opened], roster.sides[first]
            ),
            rules::LEADERSHIP,
        ));
    }
    let moved = vec![false; units.len()];
    let mut field = State {
        roster: Arc::new(roster),
        occupancy: Vec::new(),
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
    };
    field.index_occupancy();
    Deployments {
        field,
        placements,
        settled: Vec::new(),
    }
}

/// Mass Combat is fought by two sides, as the Sides tag names them.
fn two_sides(battle: &Battle<'_>, out: &mut Vec<Violation>) {
    let tagged = battle.tag("Sides").unwrap_or_default();
    let count = tagged.split_whitespace().count();
    if count != 2 {
        out.push(
            Violation::of(
                &codes::SIDES,
                tag_span(battle, "Sides"),
                format!("Mass Combat is fought by two sides; the Sides tag names {count}"),
                rules::TURN_ORDER,
            )
            .help("name both sides in the tag, e.g. [Sides \"Saxons Normans\"]"),
        );
    }
}

/// The hex map. Another board is reported once, and its grid still sizes
/// the map, so the deployments on it are not reported again.
fn read_board(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    match generic.board {
        Some(Board::Hex {
            columns,
            rows,
            parity,
        }) => {
            roster.columns = columns;
            roster.rows = rows;
            roster.parity = parity;
        }
        Some(board) => {
            if let Board::Square { columns, rows } = board {
                roster.columns = columns;
                roster.rows = rows;
            }
            let span = senlac_notation::lower::directives(battle)
                .find(|(_, d)| matches!(d, Directive::Map(_)))
                .map_or(battle.span, |(item, _)| item.span);
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
        None => {}
    }
}

/// Forest, stream and impassable hexes, the hill, and the crest's hexsides.
/// The terrain kinds Mass Combat reads (ruling MC-R4): the impassable ones,
/// the hill, and the crest between hexes.
pub(crate) const READ_TERRAIN: [&str; 5] = ["forest", "stream", "impassable", "hill", "crest"];

fn lay_terrain(generic: &Setup<'_, '_>, roster: &mut Roster, out: &mut Vec<Violation>) {
    for terrain in &generic.terrain {
        let kind = terrain.kind;
        if !READ_TERRAIN.contains(&kind) {
            // Open ground by MC-R4; a slip of a kind that blocks would let
            // units walk through it unremarked.
            let help = match senlac_notation::did_you_mean(kind, READ_TERRAIN) {
                Some(meant) => format!("did you mean `{meant}`? Mass Combat reads forest, stream and impassable (impassable), hill, and crest hexsides"),
                None => "Mass Combat reads forest, stream and impassable (impassable), hill, and crest hexsides; any other kind is open ground".to_string(),
            };
            out.push(
                Violation::of(
                    &codes::UNREAD_TERRAIN,
                    terrain.span,
                    format!(
                        "terrain `{kind}` means nothing to Mass Combat: it is drawn as open ground"
                    ),
                    rules::TERRAIN,
                )
                .help(help),
            );
        }
        match &terrain.shape {
            Shape::Cells { cells } => {
                let shared: Arc<str> = Arc::from(kind);
                roster
                    .terrain
                    .extend(cells.iter().map(|&cell| (Arc::clone(&shared), cell)));
                if IMPASSABLE.contains(&kind) {
                    roster.impassable.extend(cells);
                } else if kind == "hill" {
                    roster.hill.extend(cells);
                }
            }
            Shape::Edges { edges } if kind == "crest" => {
                roster.crest.extend(
                    edges
                        .iter()
                        .map(|&(a, b)| if a <= b { (a, b) } else { (b, a) }),
                );
            }
            Shape::Edges { .. } => {}
            // The generic setup reports shapes on a grid; on a table the
            // board itself is wrong, and that is reported once.
            _ => {}
        }
    }
}

/// The units, with their class, grade and size; all in reserve until deployed.
fn declare_units(
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) -> Vec<UnitState> {
    let mut units = Vec::with_capacity(generic.units.len());
    roster.units.reserve_exact(generic.units.len());
    for unit in &generic.units {
        let id = unit.id;
        let class = Class::parse(unit.class);
        let grade = unit.grade.and_then(Grade::parse);
        if class.is_none() || grade.is_none() {
            roster.doubted.push((roster.units.len(), out.len()));
        }
        if class.is_none() {
            out.push(
                Violation::of(
                    &codes::UNKNOWN_CLASS,
                    unit.span,
                    format!("unit {id} has the unknown class `{}`", unit.class),
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
        if grade.is_none() {
            out.push(
                Violation::of(
                    &codes::UNKNOWN_GRADE,
                    unit.span,
                    match unit.grade {
                        Some(grade) => format!("unit {id} has the unknown grade `{grade}`"),
                        None => format!("unit {id} has no grade"),
                    },
                    rules::UNITS,
                )
                .help("the grades are A, B, C, D and E"),
            );
        }
        let size = unit_pairs(unit, class.zip(grade), roster.edition, out);
        let grade = grade.unwrap_or(Grade::E);
        roster.units.push(UnitInfo {
            side: unit.side,
            id: SmolStr::new(id),
            name: SmolStr::new(&unit.name),
            class: class.unwrap_or(Class::LightInfantry),
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
    units
}

/// The figures a unit line may declare besides its size, each fixed by a
/// table of the rules (ruling MC-R8): what senlac checks a declared one against.
pub const FIGURES: [&str; 3] = ["support", "assault", "cp"];

/// Men in a unit: its `size=`, a whole number from 1 (MC-R5), or the
/// default. A declared figure (`support=`, `assault=`, `cp=`) is compared
/// with the tables for the unit's class and grade (MC-R8); any other pair is
/// kept in the log but read by nobody: a warning.
fn unit_pairs(
    unit: &generic::Unit<'_, '_>,
    known: Option<(Class, Grade)>,
    edition: Edition,
    out: &mut Vec<Violation>,
) -> u32 {
    let mut size = DEFAULT_SIZE;
    for atom in unit.pairs {
        let Some((key, value)) = value::pair(atom) else {
            continue;
        };
        if FIGURES.contains(&key) {
            if let Some((class, grade)) = known {
                check_figure(unit, (class, grade, edition), atom, (key, &value), out);
            }
            continue;
        }
        if key != "size" {
            out.push(
                Violation::of(
                    &codes::UNREAD_PAIR,
                    atom.span,
                    format!(
                        "Mass Combat reads only `size=`, `support=`, `assault=` and `cp=` on a unit line; `{key}=` is not checked"
                    ),
                    rules::UNREAD,
                )
                .help("a note for readers belongs in a comment: `{ ... }`"),
            );
            continue;
        }
        match value::integer(&value)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
        {
            Some(men) => size = men,
            None => out.push(
                Violation::of(
                    &codes::BAD_SIZE,
                    value.span,
                    format!(
                        "`size={}` is not a number of men: a unit has from 1 to {} men",
                        value.text,
                        u32::MAX
                    ),
                    rules::SIZE,
                )
                .help(format!(
                    "write the men in the unit, e.g. `size={DEFAULT_SIZE}`"
                )),
            ),
        }
    }
    size
}

/// A declared `support=`, `assault=` or `cp=` against the tables: the
/// Combat Effectiveness Tables for the first two (edition a's for archers in
/// edition b, MC-R10), the Unit Quality Tables' base command points for
/// `cp=` (before the leadership bonus, which `bonus` lines give).
fn check_figure(
    unit: &generic::Unit<'_, '_>,
    (class, grade, edition): (Class, Grade, Edition),
    atom: &senlac_notation::Atom<'_>,
    (key, value): (&str, &senlac_notation::Atom<'_>),
    out: &mut Vec<Violation>,
) {
    let (support, assault) = scores(edition, class, grade, 0)
        .or_else(|| scores(Edition::A, class, grade, 0))
        .unwrap_or((0, 0));
    let (table, what) = match key {
        "support" => (
            support,
            format!(
                "{} grade {} support {support}",
                class.name().to_lowercase(),
                grade.letter()
            ),
        ),
        "assault" => (
            assault,
            format!(
                "{} grade {} assault {assault}",
                class.name().to_lowercase(),
                grade.letter()
            ),
        ),
        _ => {
            let base = base_command_points(grade);
            (
                base,
                format!(
                    "grade {} {base} base command points (the leadership bonus comes from `bonus` lines)",
                    grade.letter()
                ),
            )
        }
    };
    let declared = value::integer(value);
    if declared == Some(i64::from(table)) {
        return;
    }
    let id = unit.id;
    out.push(
        Violation::of(
            &codes::DECLARED_FIGURE,
            atom.span,
            format!(
                "unit {id} declares {key}={}; the table gives {what}",
                value.text
            ),
            rules::FIGURES,
        )
        .label(format!("the table gives {key}={table}"))
        .help(format!(
            "senlac plays the table's {table}: write `{key}={table}`, or leave the figure out"
        ))
        .fix(Fix::new(
            atom.span,
            format!("{key}={table}"),
            format!("write the table's {key}={table}"),
        )),
    );
}

/// Deployed units stand on their hexes, unless the ground is impassable.
/// Each unit's placement on a hex it may stand on, as the event that makes it.
fn deploy(
    generic: &Setup<'_, '_>,
    roster: &Roster,
    out: &mut Vec<Violation>,
) -> Vec<(Span, Event)> {
    let mut placements = Vec::new();
    for (unit, generic_unit) in generic.units.iter().enumerate() {
        let Some(deployed) = generic_unit.deployed else {
            continue;
        };
        let Location::Cell(cell) = deployed.at else {
            continue;
        };
        if roster.impassable.contains(&cell) {
            out.push(Violation::of(
                &codes::IMPASSABLE,
                deployed.span,
                format!("{} cannot stand on impassable {cell}", generic.name(unit)),
                rules::TERRAIN,
            ));
            continue;
        }
        let hex = cell.number();
        placements.push((deployed.span, Event::Deployed { unit, hex }));
    }
    placements
}

/// The leadership rolls, the bonus points they hand out, and the winner's
/// choices; returns the side that chose to deploy first.
fn leadership(
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    units: &mut [UnitState],
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let mut rolls: [Option<(u32, Span)>; 2] = [None, None];
    let mut bonus_given = [false; 2];
    let mut handed = [Handed::default(), Handed::default()];
    let mut first_deploy = None;
    for line in &generic.rest {
        let span = line.span;
        match line.directive {
            Directive::Roll {
                side: name,
                what: "leadership",
                value: roll,
            } => {
                let Some(side) = generic.side_meant(name) else { continue };
                let total = match roll.kind {
                    AtomKind::Dice => value::Dice::parse(&roll).map(|d| d.total()),
                    _ => value::integer(&roll).and_then(|n| u32::try_from(n).ok()),
                };
                if let (Some(total), Some(slot)) = (total, rolls.get_mut(side)) {
                    *slot = Some((total, roll.span));
                }
            }
            Directive::Roll { .. } | Directive::Option { .. } => {}
            Directive::Bonus { side: name, points } => {
                let Some(side) = generic.side_meant(name) else { continue };
                if let Some(given) = bonus_given.get_mut(side) {
                    *given = true;
                }
                let mut sum = 0u32;
                // A line written twice: its points count towards the total
                // (reported once, below), but are not given again, so the
                // units' maximums are not reported for the copy.
                let repeat = handed
                    .get(side)
                    .and_then(|h| h.first)
                    .is_some_and(|(_, first)| same_pairs(first, points));
                for atom in points {
                    let Some((id, amount)) = value::pair(atom) else {
                        continue;
                    };
                    if repeat {
                        sum += value::integer(&amount).unwrap_or(0).clamp(0, 255) as u32;
                        continue;
                    }
                    let Some(unit) = generic.unit(side, id) else {
                        out.push(
                            Violation::of(
                                &generic::codes::UNKNOWN_UNIT,
                                atom.span,
                                format!("{name} has no unit {id}"),
                                rules::LEADERSHIP,
                            )
                            .help("bonus points go to units declared under the side's army"),
                        );
                        // Handed out all the same: the sum is not wrong for it too.
                        sum += value::integer(&amount).unwrap_or(0).clamp(0, 255) as u32;
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
                    // A unit whose grade could not be read has no maximum to pass.
                    let doubted = roster.doubted.iter().any(|&(u, _)| u == unit);
                    if total > max_command_points(grade) && !doubted {
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
                match rolls.get(side).copied().flatten() {
                    Some((roll, _)) => {
                        // A side may split its points over several lines;
                        // their total is checked once, below.
                        let Some(handed) = handed.get_mut(side) else { continue };
                        handed.lines += 1;
                        handed.total += sum;
                        handed.last = span;
                        if handed.total > roll && handed.over.is_none() {
                            handed.over = Some(span);
                        }
                        if handed.first.is_none() {
                            handed.first = Some((span, points));
                        } else if repeat {
                            handed.repeated = Some(span);
                        }
                    }
                    None => out.push(Violation::of(
                        &codes::BONUS_WITHOUT_ROLL,
                        span,
                        format!("{name} hands out bonus points without a leadership roll"),
                        rules::LEADERSHIP,
                    )
                    .help(format!("record the roll first: `roll {name} leadership N`"))),
                }
            }
            Directive::First { side: name, what } => {
                let Some(side) = generic.side_meant(name) else { continue };
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
            Directive::Other { keyword, .. } => out.push(
                Violation::of(
                    &codes::UNKNOWN_DIRECTIVE,
                    Span::new(span.start as usize, span.start as usize + keyword.len()),
                    format!("`{keyword}` is not a setup line of Mass Combat"),
                    rules::SETUP,
                )
                .help("Mass Combat's setup lines are map, terrain, hexside, army, unit, roll, bonus, deploy, first and option"),
            ),
            _ => {}
        }
    }
    for (side, handed) in handed.iter().enumerate() {
        let Some((roll, _)) = rolls[side] else {
            continue;
        };
        if handed.lines == 0 || handed.total == roll {
            continue;
        }
        let name = &roster.sides[side];
        let total = handed.total;
        let lines = match handed.lines {
            1 => "its `bonus` line".to_string(),
            n => format!("its {n} `bonus` lines"),
        };
        // Too many: where the total first passed the roll; too few: the last line.
        let at = handed.over.unwrap_or(handed.last);
        let mut violation = Violation::of(
            &codes::BONUS_SUM,
            at,
            format!(
                "{} bonus points sum to {total} over {lines}, but the leadership roll was {roll}",
                possessive(name)
            ),
            rules::LEADERSHIP,
        )
        .label(if total > roll {
            format!("{total} points > {roll}")
        } else {
            format!("{total} points < {roll}")
        });
        violation = match handed.repeated {
            Some(_) if total > roll => violation.help(format!(
                "this line repeats an earlier `bonus {name}` line, which counts its points twice: remove one"
            )),
            _ if total > roll => violation.help(format!("hand out {} points fewer", total - roll)),
            _ => violation.help(format!("hand out {} points more", roll - total)),
        };
        out.push(violation);
    }
    for (side, roll) in rolls.iter().enumerate() {
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
    if let [Some((a, _)), Some((b, span))] = rolls
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
    first_deploy
}

/// A side's `bonus` lines so far: how many, their total, the line where the
/// total first passed the roll, the last line, and a line repeating the first.
#[derive(Default)]
struct Handed<'b, 's> {
    lines: u32,
    total: u32,
    over: Option<Span>,
    last: Span,
    first: Option<(Span, &'b [senlac_notation::Atom<'s>])>,
    repeated: Option<Span>,
}

/// `Saxons'`, `Red's`.
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// Whether two `bonus` lines hand out the same points to the same units.
fn same_pairs(a: &[senlac_notation::Atom<'_>], b: &[senlac_notation::Atom<'_>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.text == y.text)
}

/// The span of a side's first `deploy` line.
fn deploy_line(battle: &Battle<'_>, side: &str) -> Option<Span> {
    senlac_notation::lower::directives(battle)
        .find(|(_, d)| matches!(d, Directive::Deploy { side: s, .. } if *s == side))
        .map(|(item, _)| item.span)
}

pub fn unknown_side(name: &str, span: Span, sides: &[SmolStr]) -> Violation {
    Violation::of(
        &codes::UNKNOWN_SIDE,
        span,
        format!("`{name}` is not a side of this battle"),
        rules::TURN_ORDER,
    )
    .help(format!("the Sides tag names: {}", sides.join(", ")))
}

/// A unit reference that names no unit (`written`, as `VI` or `Saxons.VI`),
/// looked for on `side` (or on either side): with the id it nearly names, or
/// the side that has it.
pub fn unknown_unit(roster: &Roster, written: &str, side: Option<usize>, span: Span) -> Violation {
    let unit = UnitRef::parse(written);
    let side = unit.side.and_then(|name| roster.side_index(name)).or(side);
    let side_name = side.map_or("either side", |s| roster.sides[s].as_str());
    let ids = |s: usize| {
        let mut ids: Vec<String> = roster.ids[s].ids().collect();
        ids.sort_unstable();
        ids
    };
    let other_side = side.and_then(|s| {
        (0..roster.sides.len()).find(|&o| o != s && roster.unit_index(o, unit.id).is_some())
    });
    let help = match side {
        Some(s) => match (
            senlac_notation::did_you_mean(unit.id, ids(s).iter().map(String::as_str)),
            other_side,
        ) {
            (Some(near), _) => format!(
                "did you mean `{near}`? {side_name}'s units are {}",
                ids(s).join(", ")
            ),
            (None, Some(other)) => format!(
                "{} is a unit of {}: write `{}.{}`",
                unit.id, roster.sides[other], roster.sides[other], unit.id
            ),
            (None, None) => format!("{side_name}'s units are {}", ids(s).join(", ")),
        },
        None => {
            "units are declared with `unit ID \"Name\" CLASS GRADE` under their army".to_string()
        }
    };
    Violation::of(
        &codes::UNKNOWN_UNIT,
        span,
        format!("{side_name} has no unit {}", unit.id),
        rules::UNITS,
    )
    .help(help)
}
