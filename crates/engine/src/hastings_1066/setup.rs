//! From a battle's tags and setup lines to Hastings: 1066's checked starting
//! state: the two armies (2.2, 4.1), every piece's printed factors or
//! ratings (HS-R4), the map sheet the log declares (elevations, woods,
//! marsh, road, Senlac Hill, ridge and stream hexsides: HS-R5), the optional
//! rules, and the deployment with each combat unit's facing (6.1, 11.1,
//! 11.2, 13.2).
//!
//! The generic setup (`crate::setup`) reads the sides, piece lines, map,
//! terrain, hexsides and placements, and reports what every system shares (a
//! side the Sides tag does not name, two pieces of a side with one id, a
//! cell off the map, two pieces placed on one cell, a piece deployed twice, a
//! key given twice). Those are not reported again here.
//!
//! One mistake gives one error: a piece whose line is wrong is doubted
//! ([`Roster::doubted`]), and what would follow from it is not checked.

use smol_str::SmolStr;
use std::sync::Arc;

use senlac_board::facing::Vertex;
use senlac_board::scene::{Board, Shape};
use senlac_board::{Cell, Parity};
use senlac_notation::lower::Directive;
use senlac_notation::value::{self, Location};
use senlac_notation::{Atom, Battle, Fix, Span, did_you_mean};

use super::codes;
use super::event::Event;
use super::rules;
use super::state::{
    Factors, Ground, Nation, Occupancy, Options, Part, Piece, PieceInfo, PieceState, Ratings,
    Roster, State, Wing, hexside_key,
};
use super::tables::{Class, Grade, Hexside, RIDGE_ALIAS, Side, Terrain, Weapon};
use crate::code::CodeInfo;
use crate::fold::Deployments;
use crate::setup::{Deployed, Setup, Unit};
use crate::violation::Violation;

/// The keys a combat unit's line may give.
const UNIT_KEYS: [&str; 8] = [
    "melee", "defense", "wall", "missile", "nation", "wing", "arrives", "reserve",
];

/// The keys a leader's line may give.
const LEADER_KEYS: [&str; 4] = ["command", "rally", "nation", "wing"];

/// The one extra key either may give: a unit on its reduced side.
const REDUCED_KEY: &str = "reduced";

/// The largest factor or rating a line may give: no counter prints more
/// than one digit, and the sums of melee, fire and command stay far from
/// an overflow.
const MAX_FACTOR: i64 = 99;

/// The optional rules.
pub const OPTIONS: [&str; 4] = [
    "housecarl-restraint",
    "variable-deployment",
    "missile-supply-per-unit",
    "partial",
];

/// The leaders' class word (HS-R61: a leader has no morale grade).
const LEADER_CLASS: &str = "leader";

/// Where the Saxon leaders stand at the start (11.2), by the first word of
/// their names (HS-R61).
const SAXON_LEADER_HEXES: [(&str, u8, u8); 3] =
    [("Harold", 5, 14), ("Leofwine", 7, 10), ("Gyrth", 7, 21)];

/// The setup hex the errata voids (13.2).
const VOID_SETUP_HEX: Cell = Cell { column: 13, row: 7 };

/// The order of battle without `option partial` (11.2, 11.4.1): five
/// thegns and 27 fyrd at the start, twelve Great Fyrd arriving in Period 1,
/// twelve more at the reform.
const THEGNS: usize = 5;
const STARTING_FYRD: usize = 27;
const ARRIVING_FYRD: usize = 12;
pub const RESERVE_FYRD: usize = 12;

/// Reads and checks a battle's setup for Hastings: 1066; every finding goes
/// to `out`.
/// The checked starting position: the field and each piece's deployment as
/// an event.
pub fn setup(battle: &Battle<'_>, out: &mut Vec<Violation>) -> Deployments<State, Event> {
    let before = out.len();
    // Leaders stack with units (5.6.1): stacking is checked here.
    let generic = Setup::build_with(battle, true, out);
    let mut roster = Roster::new();
    let sides = sides(&generic, out);
    read_map(&generic, &mut roster, before, out);
    lay_terrain(battle, &generic, &mut roster, out);
    declare(&generic, &sides, &mut roster, out);
    commanders(&generic, &sides, &roster, out);
    roster.options = options(&generic, out);
    let (pieces, placed_at) = deploy(&generic, &mut roster, out);
    undeployed(&generic, &pieces, &mut roster, out);
    order_of_battle(battle, &roster, out);
    // Every road hex on Senlac Hill is the Saxons' when the battle opens
    // (HS-R43).
    let road = roster
        .ground
        .iter()
        .enumerate()
        .filter(|(_, g)| g.road && g.senlac_hill)
        .filter_map(|(i, _)| {
            let columns = usize::from(roster.extent.columns.max(1));
            let column = u8::try_from(i % columns + 1).ok()?;
            let row = u8::try_from(i / columns + 1).ok()?;
            Some((Cell { column, row }, Side::Saxons))
        })
        .collect();
    let placed: Vec<(usize, Span)> = if roster.options.variable_deployment {
        deployment_spans(&generic, &roster)
    } else {
        Vec::new()
    };
    roster.leaders = (0..roster.pieces.len())
        .filter(|&p| roster.pieces[p].is_leader())
        .collect();
    roster.units = Side::ALL.map(|side| {
        (0..roster.pieces.len())
            .filter(|&p| roster.pieces[p].side == side && !roster.pieces[p].is_leader())
            .collect()
    });
    let occupied = Occupancy::of(&roster, &pieces);
    let state = State {
        roster: Arc::new(roster),
        pieces,
        turn: 0,
        phasing: None,
        segment: None,
        orders: Vec::new(),
        owed: Vec::new(),
        bound: Vec::new(),
        displacing: None,
        guard_joined: false,
        // orders
        joined: Vec::new(),
        housecarls: Vec::new(),
        carried: Vec::new(),
        strategies: Vec::new(),
        effects: Vec::new(),
        rerolled: Vec::new(),
        period: 1,
        period_start: 1,
        extension: None,
        road,
        verdict: None,
        played_on: false,
        reforms: Vec::new(),
        reform_losses: Vec::new(),
        replaced: super::state::Replaced::default(),
        zones: Default::default(),
        occupied,
    };
    if !placed.is_empty() {
        super::reform::deployment(&state, &placed, out);
    }
    // The checks above read the deployed state; play starts from the
    // field with each placement folded in.
    let placements = placed_at
        .into_iter()
        .filter_map(|(span, piece)| {
            let p = state.pieces.get(piece)?;
            let at = p.at?;
            let facing = p.facing;
            Some((span, Event::Deployed { piece, at, facing }))
        })
        .collect();
    let mut field = state;
    field.pieces.fill(PieceState::default());
    field.occupied = Occupancy::of(&field.roster, &field.pieces);
    field.zones = Default::default();
    Deployments {
        field,
        placements,
        settled: Vec::new(),
    }
}

/// Each deployed piece with the span of its placement, for the variable
/// deployment's checks.
fn deployment_spans(generic: &Setup<'_, '_>, roster: &Roster) -> Vec<(usize, Span)> {
    generic
        .units
        .iter()
        .filter_map(|unit| {
            let side = generic
                .sides
                .get(unit.side)
                .and_then(|army| Side::parse(army.name))?;
            let index = roster.piece(side, unit.id)?;
            let deployed = unit.deployed.as_ref()?;
            (!roster.is_doubted(index)).then_some((index, deployed.span))
        })
        .collect()
}

/// Each army's [`Side`], by the generic setup's side index.
fn sides(generic: &Setup<'_, '_>, out: &mut Vec<Violation>) -> Vec<Option<Side>> {
    let sides: Vec<Option<Side>> = generic
        .sides
        .iter()
        .map(|army| Side::parse(army.name))
        .collect();
    for (army, side) in generic.sides.iter().zip(&sides) {
        if side.is_none() {
            let mut finding = Violation::of(
                &codes::SIDES,
                army.span,
                format!(
                    "Hastings: 1066 is fought by the Normans and the Saxons, not {}",
                    army.name
                ),
                rules::ARMIES,
            );
            if let Some(meant) = did_you_mean(army.name, Side::ALL.map(Side::word)) {
                finding = finding.help(format!("name the army `{meant}`"));
            }
            out.push(finding);
        }
    }
    for side in Side::ALL {
        if !sides.contains(&Some(side)) && !generic.sides.is_empty() {
            let at = generic.sides.first().map_or(Span::default(), |a| a.span);
            out.push(
                Violation::of(
                    &codes::SIDES,
                    at,
                    format!("the {} have no `army` line", side.word()),
                    rules::ARMIES,
                )
                .help(format!("open the army with `army {} \"…\"`", side.word())),
            );
        }
    }
    sides
}

/// The map: hexes in columns, even parity (HS-R1).
fn read_map(generic: &Setup<'_, '_>, roster: &mut Roster, before: usize, out: &mut Vec<Violation>) {
    let Some(board) = generic.board else {
        return;
    };
    match board {
        Board::Hex {
            columns,
            rows,
            parity,
        } => {
            roster.extent = senlac_board::Extent { columns, rows };
            roster.parity = parity;
            roster.ground = vec![Ground::default(); usize::from(columns) * usize::from(rows)];
            if parity != Parity::Even {
                // Hexsides drawn for even parity are not neighbours under
                // odd: the parity is the one mistake.
                let mut index = 0;
                out.retain(|v| {
                    index += 1;
                    index <= before || v.code != crate::setup::codes::NOT_A_HEXSIDE.code
                });
                out.push(
                    Violation::of(
                        &codes::MAP_PARITY,
                        generic.map_span().unwrap_or_default(),
                        "the map sheet's even columns stand half a hex lower: the line from 0708 to 0909 runs through 0808 only so",
                        rules::MAP,
                    )
                    .help("write `parity even`"),
                );
            }
        }
        _ => out.push(
            Violation::of(
                &codes::MAP_PARITY,
                generic.map_span().unwrap_or_default(),
                "Hastings: 1066 is played on a hex grid: `map hex WxH parity even`",
                rules::MAP,
            )
            .help("write `map hex 16x22 parity even`, with the map's size"),
        ),
    }
}

/// Elevations, woods and marsh, road and Senlac Hill, ridges and streams
/// (HS-R5): a later line wins for the same hex.
fn lay_terrain(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    if roster.ground.is_empty() {
        return;
    }
    let mut elevations = 0;
    for piece in &generic.terrain {
        let cells: Vec<Cell> = match &piece.shape {
            Shape::Cells { cells } => cells.clone(),
            Shape::Edges { edges } => {
                let Some(kind) = Hexside::parse(piece.kind)
                    .or_else(|| (piece.kind == RIDGE_ALIAS).then_some(Hexside::Ridge))
                else {
                    unknown_terrain(piece.kind, piece.span, out);
                    continue;
                };
                for &(a, b) in edges {
                    roster.hexsides.insert(hexside_key(a, b), kind);
                    for cell in [a, b] {
                        if let Some(i) = roster.index(cell) {
                            roster.ground[i].edged = true;
                        }
                    }
                }
                continue;
            }
            _ => continue,
        };
        let kind = piece.kind;
        let elevation = (kind == "elevation")
            .then(|| piece.value.as_ref().and_then(value::integer))
            .flatten();
        if kind == "elevation" {
            let Some(feet) = elevation.and_then(|n| i32::try_from(n).ok()) else {
                out.push(Violation::of(
                    &codes::UNKNOWN_TERRAIN,
                    piece.span,
                    "an elevation is a whole number of feet: `terrain elevation=275 0301-0622`",
                    rules::TERRAIN,
                ));
                continue;
            };
            elevations += 1;
            for cell in cells {
                if let Some(i) = roster.index(cell) {
                    roster.ground[i].elevation = feet;
                }
            }
            continue;
        }
        let apply: fn(&mut Ground) = match Terrain::parse(kind) {
            Some(Terrain::Woods) => |g| g.terrain = Terrain::Woods,
            Some(Terrain::Marsh) => |g| g.terrain = Terrain::Marsh,
            Some(Terrain::Clear) => |g| g.terrain = Terrain::Clear,
            Some(Terrain::Road) => |g| g.road = true,
            None if kind == "senlac-hill" => |g| g.senlac_hill = true,
            None => {
                unknown_terrain(kind, piece.span, out);
                continue;
            }
        };
        for cell in cells {
            if let Some(i) = roster.index(cell) {
                apply(&mut roster.ground[i]);
            }
        }
    }
    if elevations == 0 {
        let at = battle
            .head()
            .find(|(item, _)| item.kind == senlac_notation::ItemKind::Directive)
            .map_or(Span::default(), |(item, _)| item.span);
        out.push(
            Violation::of(
                &codes::MISSING_ELEVATION,
                generic.map_span().unwrap_or(at),
                "no hex has an elevation, so the battlefield is flat: nothing is uphill and no height blocks fire",
                rules::TERRAIN,
            )
            .help("declare the heights: `terrain elevation=275 0301-0622`"),
        );
    }
}

/// The words a `terrain` or `hexside` line of the Hastings map reads.
pub(crate) const TERRAIN_WORDS: [&str; 8] = [
    "elevation",
    "woods",
    "marsh",
    "road",
    "senlac-hill",
    "ridge",
    "slope",
    "stream",
];

fn unknown_terrain(kind: &str, span: Span, out: &mut Vec<Violation>) {
    let words = TERRAIN_WORDS;
    let mut finding = Violation::of(
        &codes::UNKNOWN_TERRAIN,
        span,
        format!("`{kind}` is no terrain of the Hastings map"),
        rules::TERRAIN,
    );
    if let Some(meant) = did_you_mean(kind, words) {
        finding = finding.help(format!("write `{meant}`"));
    }
    out.push(finding);
}

/// The value of `key=` on a line, if given.
fn pair<'s>(pairs: &[Atom<'s>], key: &str) -> Option<(Atom<'s>, Span)> {
    pairs
        .iter()
        .find_map(|atom| Some((value::value_of(atom, key)?, atom.span)))
}

/// A whole number a key gives, checked; `Err` once reported.
fn number(
    unit: &Unit<'_, '_>,
    key: &str,
    low: i64,
    out: &mut Vec<Violation>,
) -> Result<Option<i32>, ()> {
    let Some((v, span)) = pair(unit.pairs, key) else {
        return Ok(None);
    };
    match value::integer(&v)
        .filter(|n| (low..=MAX_FACTOR).contains(n))
        .and_then(|n| i32::try_from(n).ok())
    {
        Some(n) => Ok(Some(n)),
        None => {
            out.push(Violation::of(
                &codes::BAD_FACTOR,
                span,
                format!(
                    "`{key}=` is a whole number from {low} to {MAX_FACTOR}, not `{}`",
                    v.text
                ),
                rules::PIECES,
            ));
            Err(())
        }
    }
}

/// Every piece line: its class, factors or ratings, and its part of the
/// army (HS-R4, 4.1).
fn declare(
    generic: &Setup<'_, '_>,
    sides: &[Option<Side>],
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    // The part of each side's last line, for a line that leaves its own
    // out.
    let mut last_part: [Option<Part>; 2] = [None; 2];
    for unit in &generic.units {
        let Some(side) = sides.get(unit.side).copied().flatten() else {
            continue;
        };
        let before = out.len();
        // A class word misspelt from `leader`, or a line with a leader's
        // ratings, is a leader's (reported below as an unknown class).
        let misspelt_leader = Class::parse(unit.class).is_none()
            && unit.class != LEADER_CLASS
            && (did_you_mean(unit.class, [LEADER_CLASS]).is_some()
                || pair(unit.pairs, "command").is_some());
        let leader = unit.class == LEADER_CLASS || misspelt_leader;
        if misspelt_leader {
            out.push(
                Violation::of(
                    &codes::UNKNOWN_CLASS,
                    unit_class_span(unit),
                    format!(
                        "the {} field no `{}`: a leader's line says `leader`",
                        side.word(),
                        unit.class
                    ),
                    rules::PARTS,
                )
                .fix(Fix::new(
                    unit_class_span(unit),
                    LEADER_CLASS,
                    "write `leader`",
                )),
            );
        }
        let class = if leader {
            None
        } else {
            match Class::parse(unit.class).filter(|c| c.fielded_by(side)) {
                Some(class) => Some(class),
                None => {
                    let words: Vec<&str> = Class::ALL
                        .iter()
                        .filter(|c| c.fielded_by(side))
                        .map(|c| c.word())
                        .chain([LEADER_CLASS])
                        .collect();
                    let message = if Grade::parse(unit.class).is_some() {
                        format!(
                            "`{}` is a morale letter: the class comes before it, one of {}",
                            unit.class,
                            words.join(", ")
                        )
                    } else {
                        format!(
                            "the {} field no `{}`: {}",
                            side.word(),
                            unit.class,
                            words.join(", ")
                        )
                    };
                    let mut finding = Violation::of(
                        &codes::UNKNOWN_CLASS,
                        unit_class_span(unit),
                        message,
                        rules::PARTS,
                    );
                    if let Some(meant) = did_you_mean(unit.class, words.iter().copied()) {
                        finding = finding.help(format!("write `{meant}`"));
                    }
                    out.push(finding);
                    // Read as meant, so the piece plays as a combat unit
                    // (doubted) and one mistake gives one error.
                    Some(meant_class(unit, side))
                }
            }
        };
        unknown_keys(unit, leader, out);
        let part = part_of(unit, side, class, last_part[side as usize], out);
        if part.is_some() {
            last_part[side as usize] = part;
        }
        let piece = if leader {
            ratings(unit, side, out).map(Piece::Leader)
        } else {
            // A counter with a factor missing or wrong plays as a stand-in
            // with the factors that read (doubted, so nothing about it is
            // judged again).
            class.map(|class| {
                Piece::Unit(factors(unit, class, out).unwrap_or_else(|| stand_in(unit, class)))
            })
        };
        let index = roster.pieces.len();
        let Some(piece) = piece else {
            // Not a piece the rules can play: doubted, kept out of the map.
            roster.pieces.push(PieceInfo {
                side,
                id: SmolStr::new(unit.id),
                name: SmolStr::new(&unit.name),
                class,
                piece: Piece::Leader(Ratings {
                    command: 0,
                    rally: 0,
                }),
                part,
                arrives: None,
                reserve: false,
            });
            roster.doubted.push((index, before));
            roster.name_piece(side, unit.id, index);
            continue;
        };
        let arrives = pair(unit.pairs, "arrives")
            .and_then(|(v, _)| value::integer(&v))
            .and_then(|n| u32::try_from(n).ok());
        let reserve = pair(unit.pairs, "reserve").is_some_and(|(v, _)| v.text == "yes");
        roster.pieces.push(PieceInfo {
            side,
            id: SmolStr::new(unit.id),
            name: SmolStr::new(&unit.name),
            class,
            piece,
            part,
            arrives,
            reserve,
        });
        if out.len() > before {
            roster.doubted.push((index, before));
        }
        roster.name_piece(side, unit.id, index);
    }
}

/// The class a unit line whose class word is wrong or missing most likely
/// means: the word it nearly spells, a class its name says ("Breton
/// foot"), its missile weapon's, else its side's commonest foot.
fn meant_class(unit: &Unit<'_, '_>, side: Side) -> Class {
    let fielded = || Class::ALL.into_iter().filter(move |c| c.fielded_by(side));
    if let Some(class) = did_you_mean(unit.class, fielded().map(Class::word)).and_then(Class::parse)
    {
        return class;
    }
    let name = unit.name.to_ascii_lowercase();
    if let Some(class) = fielded().find(|c| {
        let word = c.word();
        name.split_whitespace()
            .any(|w| w == word || w.trim_end_matches('s') == word.trim_end_matches('s'))
    }) {
        return class;
    }
    let missile = pair(unit.pairs, "missile").map(|(v, _)| v.text);
    match (side, missile) {
        (_, Some("bow")) => Class::Bowmen,
        (Side::Saxons, Some("sling")) => Class::Slingers,
        (Side::Normans, _) => Class::Foot,
        (Side::Saxons, _) => Class::Fyrd,
    }
}

/// A counter whose printed factors do not all read: those that do, and
/// the lowest the game prints for the rest. The piece is doubted.
fn stand_in(unit: &Unit<'_, '_>, class: Class) -> Factors {
    let read = |key: &str| {
        pair(unit.pairs, key)
            .and_then(|(v, _)| value::integer(&v))
            .filter(|n| (0..=MAX_FACTOR).contains(n))
            .and_then(|n| i32::try_from(n).ok())
    };
    // With the class word gone, the morale letter may stand in its place.
    let grade = unit
        .grade
        .and_then(Grade::parse)
        .or_else(|| Grade::parse(unit.class))
        .unwrap_or(Grade::C);
    let missile = pair(unit.pairs, "missile").and_then(|(v, _)| Weapon::parse(v.text));
    let wants_wall = class.kind() == super::tables::Kind::Foot && missile != Some(Weapon::Bow);
    Factors {
        grade,
        melee: read("melee").unwrap_or(1),
        defense: read("defense").unwrap_or(1),
        wall: read("wall").or(wants_wall.then_some(1)),
        missile,
    }
}

/// Where a unit line's class word stands (the line's third atom).
fn unit_class_span(unit: &Unit<'_, '_>) -> Span {
    unit.class_span()
}

/// Keys the line gives that no piece of its kind reads.
fn unknown_keys(unit: &Unit<'_, '_>, leader: bool, out: &mut Vec<Violation>) {
    // Read from the tables, not gathered in a list: asked of every piece.
    let (keys, extra): (&[&str], Option<&str>) = if leader {
        (&LEADER_KEYS, None)
    } else {
        (&UNIT_KEYS, Some(REDUCED_KEY))
    };
    let known = || keys.iter().copied().chain(extra);
    for atom in unit.pairs {
        let Some((key, _)) = value::pair(atom) else {
            continue;
        };
        if known().any(|k| k == key) {
            continue;
        }
        let known: Vec<&str> = known().collect();
        let mut finding = Violation::of(
            &codes::UNKNOWN_KEY,
            atom.span,
            format!(
                "a {} line gives {}; `{key}=` means nothing here",
                if leader { "leader" } else { "unit" },
                known.join(", ")
            ),
            rules::PIECES,
        );
        if let Some(meant) = did_you_mean(key, known.iter().copied()) {
            let at = atom.span.start as usize;
            finding = finding.fix(Fix::new(
                Span::new(at, at + key.len()),
                meant,
                format!("write `{meant}=`"),
            ));
        }
        out.push(finding);
    }
}

/// A combat unit's factors (HS-R4, 13.1): melee and defence always, the
/// shield-wall defence for non-bow foot, the missile weapon for missile
/// units, and the morale letter as the grade.
fn factors(unit: &Unit<'_, '_>, class: Class, out: &mut Vec<Violation>) -> Option<Factors> {
    let grade = match unit.grade.map(Grade::parse) {
        Some(Some(grade)) => Some(grade),
        // The class word left out: the letter stands in its place, and the
        // class's finding says so.
        None if Grade::parse(unit.class).is_some() => Grade::parse(unit.class),
        found => {
            out.push(Violation::of(
                &codes::UNKNOWN_MORALE,
                unit.grade_span(),
                match found {
                    None => "a combat unit's morale letter follows its class: `fyrd D`".to_string(),
                    Some(_) => format!(
                        "`{}` is no morale letter: A to E (Latin letters)",
                        unit.grade.unwrap_or_default()
                    ),
                },
                rules::PIECES,
            ));
            None
        }
    };
    let melee = number(unit, "melee", 0, out).ok()?;
    let defense = number(unit, "defense", 0, out).ok()?;
    let wall = number(unit, "wall", 0, out).ok()?;
    let missile = match pair(unit.pairs, "missile") {
        None => None,
        Some((v, span)) => match Weapon::parse(v.text) {
            Some(w) => Some(w),
            None => {
                out.push(Violation::of(
                    &codes::BAD_FACTOR,
                    span,
                    format!("`{}` is no missile weapon: bow, javelin or sling", v.text),
                    rules::PIECES,
                ));
                return None;
            }
        },
    };
    let mut missing = Vec::new();
    if melee.is_none() {
        missing.push("melee=");
    }
    if defense.is_none() {
        missing.push("defense=");
    }
    // Non-bow foot carry a shield-wall figure (4.3.1); knights do not.
    let wants_wall = class.kind() == super::tables::Kind::Foot && missile != Some(Weapon::Bow);
    if wants_wall && wall.is_none() {
        missing.push("wall=");
    }
    if matches!(class, Class::Bowmen | Class::Slingers) && missile.is_none() {
        missing.push("missile=");
    }
    if !missing.is_empty() {
        out.push(
            Violation::of(
                &codes::MISSING_FACTOR,
                unit.span,
                format!(
                    "a {} counter prints {}: the log states them",
                    class.word(),
                    missing.join(", ")
                ),
                rules::PIECES,
            )
            .help("the factor string 7-5/3-A-8 reads melee=7 defense=5 (move 3) A wall=8"),
        );
        return None;
    }
    let factors = Factors {
        grade: grade?,
        melee: melee?,
        defense: defense?,
        wall,
        missile,
    };
    errata(unit, class, &factors, out);
    Some(factors)
}

/// The counters the errata corrects (13.1).
fn errata(unit: &Unit<'_, '_>, class: Class, factors: &Factors, out: &mut Vec<Violation>) {
    let housecarl = (Grade::A, 7, 5, Some(8));
    if class == Class::Housecarls
        && (factors.grade, factors.melee, factors.defense, factors.wall) != housecarl
    {
        // An error: the errata fixes this counter's values (13.1); the
        // Norman foot below are only possibly misprinted, a warning.
        out.push(
            Violation::of(
                &codes::BAD_FACTOR,
                unit.span,
                format!(
                    "every housecarl is 7-5/3-A-8: melee 7, defence 5, morale A, shield wall 8; this one is {}-{} {} wall {}",
                    factors.melee,
                    factors.defense,
                    factors.grade.letter(),
                    factors.wall.map_or("none".into(), |w| w.to_string())
                ),
                rules::ERRATA_COUNTERS,
            )
            .help("write `housecarls A melee=7 defense=5 wall=8`"),
        );
    }
    // The misprints are red counters: Norman-nationality foot (13.1, HS-R4).
    let norman_nation = pair(unit.pairs, "nation").is_some_and(|(v, _)| v.text == "norman");
    if class == Class::Foot && factors.grade == Grade::D && norman_nation {
        out.push(
            Violation::of(
                &codes::ERRATA_COUNTER,
                unit.grade_span(),
                "four Norman foot counters were printed D where they should read C: check that this one is a D",
                rules::ERRATA_COUNTERS,
            )
            .help("write `C` if this is one of the misprinted counters"),
        );
    }
}

/// The rally ranges the document prints (10.3.3), by side and the word a
/// leader is known by (HS-R61): the counters are missing, but these two
/// are stated.
const PRINTED_RALLY: [(Side, &str, u32); 2] =
    [(Side::Normans, "William", 2), (Side::Saxons, "Leofwine", 0)];

/// A leader's ratings (10.1): command radius and rally range, the range
/// checked where 10.3.3 prints it; the printed value is the one played.
fn ratings(unit: &Unit<'_, '_>, side: Side, out: &mut Vec<Violation>) -> Option<Ratings> {
    let command = number(unit, "command", 0, out).ok()?;
    let rally = number(unit, "rally", 0, out).ok()?;
    match (command, rally) {
        (Some(command), Some(rally)) => {
            let mut rally = rally.unsigned_abs();
            let known = first_word(&unit.name);
            if let Some(&(_, _, printed)) = PRINTED_RALLY
                .iter()
                .find(|&&(s, name, _)| s == side && name == known)
                && printed != rally
                && let Some((_, span)) = pair(unit.pairs, "rally")
            {
                out.push(
                    Violation::of(
                        &codes::LEADER_RATING,
                        span,
                        format!(
                            "10.3.3: {known}'s rally range is {printed}, not {rally}{}",
                            if printed == 0 {
                                ": he rallies only the units he is stacked with".to_string()
                            } else {
                                format!(": he rallies routed units up to {printed} hexes away")
                            }
                        ),
                        rules::LEADER_RATINGS,
                    )
                    .fix(Fix::new(
                        span,
                        format!("rally={printed}"),
                        format!("write `rally={printed}`"),
                    )),
                );
                rally = printed;
            }
            Some(Ratings {
                command: command.unsigned_abs(),
                rally,
            })
        }
        _ => {
            out.push(Violation::of(
                &codes::MISSING_FACTOR,
                unit.span,
                "a leader's counter prints his command radius and rally range: `command=N rally=N`",
                rules::LEADER_RATINGS,
            ));
            None
        }
    }
}

/// The part of its army a piece belongs to (4.1): a Norman's nationality,
/// a Saxon's wing (none for a reinforcement or a reserve fyrd, which join
/// one later).
/// Each Saxon wing's leader by his first name (4.1.1, 11.2): Leofwine the
/// left at 0710, Harold the centre at 0514, Gyrth the right at 0721.
const SAXON_LEADER_WINGS: [(&str, Wing); 3] = [
    ("Leofwine", Wing::Left),
    ("Harold", Wing::Center),
    ("Gyrth", Wing::Right),
];

/// The part of its army a piece belongs to. One that is missing or
/// misspelt is reported and read as meant, so the piece plays where it
/// was written (one mistake, one error): the word it nearly spells, the
/// nationality its name says, else the part of the line before it.
fn part_of(
    unit: &Unit<'_, '_>,
    side: Side,
    class: Option<Class>,
    before: Option<Part>,
    out: &mut Vec<Violation>,
) -> Option<Part> {
    let named = || {
        let name = unit.name.to_ascii_lowercase();
        Nation::ALL
            .into_iter()
            .find(|n| {
                name.split(|c: char| !c.is_ascii_alphabetic())
                    .any(|w| w == n.word() || (w == "flemish" && *n == Nation::Flemish))
            })
            .map(Part::Nation)
            .filter(|_| side == Side::Normans)
            .or_else(|| {
                // The Saxon wings' leaders, by position (4.1.1, 11.2).
                SAXON_LEADER_WINGS
                    .iter()
                    .find(|(who, _)| side == Side::Saxons && *who == first_word(&unit.name))
                    .map(|&(_, wing)| Part::Wing(wing))
            })
    };
    let (key, words): (&str, Vec<&str>) = match side {
        Side::Normans => ("nation", Nation::ALL.iter().map(|n| n.word()).collect()),
        Side::Saxons => ("wing", Wing::ALL.iter().map(|w| w.word()).collect()),
    };
    let code: &'static CodeInfo = match side {
        Side::Normans => &codes::UNKNOWN_NATION,
        Side::Saxons => &codes::UNKNOWN_WING,
    };
    let Some((v, span)) = pair(unit.pairs, key) else {
        let joins_later = pair(unit.pairs, "arrives").is_some()
            || pair(unit.pairs, "reserve").is_some()
            || (side == Side::Normans && class == Some(Class::Guard));
        // Leaders too: a Norman leader commands his nationality (10.1.3), a
        // Saxon one his wing (4.1.1).
        if !joins_later {
            out.push(Violation::of(
                if side == Side::Saxons {
                    &codes::UNASSIGNED_UNIT
                } else {
                    code
                },
                unit.span,
                format!(
                    "every {} piece belongs to a {}: `{key}=` {}",
                    side.word(),
                    if side == Side::Normans {
                        "nationality"
                    } else {
                        "wing"
                    },
                    words.join(", ")
                ),
                rules::PARTS,
            ));
            return named().or(before);
        }
        return None;
    };
    let part = match side {
        Side::Normans => Nation::parse(v.text).map(Part::Nation),
        Side::Saxons => Wing::parse(v.text).map(Part::Wing),
    };
    if part.is_none() {
        let mut finding = Violation::of(
            code,
            span,
            format!("`{}` is not one of {}", v.text, words.join(", ")),
            rules::PARTS,
        );
        let meant = did_you_mean(v.text, words.iter().copied());
        if let Some(meant) = meant {
            finding = finding.help(format!("write `{key}={meant}`"));
        }
        out.push(finding);
        let read = meant.and_then(|m| match side {
            Side::Normans => Nation::parse(m).map(Part::Nation),
            Side::Saxons => Wing::parse(m).map(Part::Wing),
        });
        return read.or_else(named).or(before);
    }
    part
}

/// The army line's leader is one of its leaders (HS-R61).
fn commanders(
    generic: &Setup<'_, '_>,
    sides: &[Option<Side>],
    roster: &Roster,
    out: &mut Vec<Violation>,
) {
    for (army, side) in generic.sides.iter().zip(sides) {
        let (Some(side), Some(name)) = (side, army.leader.as_deref()) else {
            continue;
        };
        let found = roster
            .pieces
            .iter()
            .any(|p| p.side == *side && p.is_leader() && first_word(&p.name) == first_word(name));
        if !found {
            out.push(
                Violation::of(
                    &codes::COMMANDER_MISSING,
                    army.span,
                    format!(
                        "the {} are led by \"{name}\", but none of their leaders is named so",
                        side.word()
                    ),
                    rules::LEADER_RATINGS,
                )
                .help(format!(
                    "declare him: `unit ID \"{name}\" leader command=N rally=N`"
                )),
            );
        }
    }
}

/// The word a leader is known by (HS-R61): "Harold" of "Harold Godwinson".
pub fn first_word(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or_default()
}

/// The optional rules the log plays by.
fn options(generic: &Setup<'_, '_>, out: &mut Vec<Violation>) -> Options {
    let mut options = Options::default();
    for line in &generic.rest {
        let Directive::Option { name, .. } = line.directive else {
            continue;
        };
        match name {
            "housecarl-restraint" => options.housecarl_restraint = true,
            "variable-deployment" => options.variable_deployment = true,
            "missile-supply-per-unit" => options.missile_supply_per_unit = true,
            "partial" => options.partial = true,
            _ => {
                let mut finding = Violation::of(
                    &codes::UNKNOWN_OPTION,
                    line.span,
                    format!("`{name}` is no optional rule of Hastings: 1066"),
                    rules::OPTIONS,
                );
                if let Some(meant) = did_you_mean(name, OPTIONS) {
                    finding = finding.help(format!("write `option {meant}`"));
                }
                out.push(finding);
            }
        }
    }
    options
}

/// Each piece's place and facing at the start (6.1, 11.1, 11.2, 13.2),
/// and the span of each placement with its piece.
fn deploy(
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) -> (Vec<PieceState>, Vec<(Span, usize)>) {
    let mut states = vec![PieceState::default(); roster.pieces.len()];
    let mut placed = Vec::new();
    for unit in &generic.units {
        let Some(index) = generic
            .sides
            .get(unit.side)
            .and_then(|army| Side::parse(army.name))
            .and_then(|side| roster.piece(side, unit.id))
        else {
            continue;
        };
        let Some(Deployed {
            at: Location::Cell(cell),
            facing,
            span,
        }) = unit.deployed
        else {
            continue;
        };
        let info = &roster.pieces[index];
        states[index].at = Some(cell);
        placed.push((span, index));
        // A piece whose line was refused plays as read (its facing taken
        // as written), but its facing and stack follow the mistake, so
        // they are not judged.
        if roster.is_doubted(index) {
            if !info.is_leader() {
                states[index].facing = facing.and_then(Vertex::parse);
            }
            continue;
        }
        let leader = info.is_leader();
        match (facing, leader) {
            (Some(_), true) => out.push(Violation::of(
                &codes::LEADER_FACING,
                span,
                format!(
                    "{} is a leader, and leaders ignore facing (10.2.1)",
                    info.id
                ),
                rules::FACING,
            )),
            (None, false) => out.push(
                Violation::of(
                    &codes::MISSING_FACING,
                    span,
                    format!("{} faces a vertex of its hex: write it after `^`", info.id),
                    rules::FACING,
                )
                .help(format!(
                    "write `{}@{cell}^5` (north) or `^2` (south)",
                    info.id
                )),
            ),
            (Some(word), false) => match Vertex::parse(word) {
                Some(vertex) => states[index].facing = Some(vertex),
                None => out.push(Violation::of(
                    &codes::BAD_FACING,
                    span,
                    format!("`^{word}` is no vertex: 1 to 6, clockwise from the upper right"),
                    rules::FACING,
                )),
            },
            (None, true) => {}
        }
        if info.side == Side::Normans
            && cell == VOID_SETUP_HEX
            && !roster.options.variable_deployment
        {
            out.push(Violation::of(
                &codes::SETUP_HEX_VOID,
                span,
                "hex 1307 is the extra Franco-Flemish setup hex the errata voids",
                rules::NORMAN_SETUP,
            ));
        }
        if leader && !roster.options.variable_deployment {
            let first = first_word(&info.name);
            if let Some(&(who, column, row)) =
                SAXON_LEADER_HEXES.iter().find(|(who, ..)| *who == first)
            {
                let hex = Cell { column, row };
                if info.side == Side::Saxons && cell != hex {
                    out.push(
                        Violation::of(
                            &codes::SETUP_HEX,
                            span,
                            format!("{who} sets up in {hex}, not {cell}"),
                            rules::SAXON_SETUP,
                        )
                        .help("or play `option variable-deployment` (11.3)"),
                    );
                }
            }
        }
    }
    // Variable deployment sets 11.1 aside, leaders' stacks included (11.3).
    if !roster.options.variable_deployment {
        leaders_stacked(roster, &states, generic, out);
    }
    (states, placed)
}

/// Norman leaders set up with a unit of their own nationality, William
/// with his Guard (11.1, HS-R38).
fn leaders_stacked(
    roster: &Roster,
    states: &[PieceState],
    generic: &Setup<'_, '_>,
    out: &mut Vec<Violation>,
) {
    for (index, info) in roster.pieces.iter().enumerate() {
        if info.side != Side::Normans || !info.is_leader() || roster.is_doubted(index) {
            continue;
        }
        let Some(cell) = states[index].at else {
            continue;
        };
        let stacked: Vec<&PieceInfo> = (0..roster.pieces.len())
            .filter(|&p| p != index && states[p].at == Some(cell))
            .map(|p| &roster.pieces[p])
            .filter(|p| !p.is_leader())
            .collect();
        let commander = generic
            .sides
            .iter()
            .find(|a| a.name == Side::Normans.word())
            .and_then(|a| a.leader.as_deref())
            == Some(info.name.as_str());
        let fits = |p: &&PieceInfo| {
            if commander {
                p.class == Some(Class::Guard)
            } else {
                p.part.is_some() && p.part == info.part
            }
        };
        // A refused piece in the hex may be the one he stands with.
        let doubted_here =
            (0..roster.pieces.len()).any(|p| states[p].at == Some(cell) && roster.is_doubted(p));
        if !doubted_here && !stacked.iter().any(fits) {
            let span = generic
                .units
                .iter()
                .find(|u| u.id == info.id)
                .and_then(|u| u.deployed.map(|d| d.span))
                .unwrap_or_default();
            out.push(Violation::of(
                &codes::LEADER_SETUP_STACK,
                span,
                if commander {
                    format!("{} sets up with his Guard", info.name)
                } else {
                    format!(
                        "{} sets up stacked with a unit of his nationality",
                        info.name
                    )
                },
                rules::NORMAN_SETUP,
            ));
        }
    }
}

/// Pieces no `deploy` line places, though they neither arrive later nor
/// wait in reserve: one finding per side, at the first one's `unit` line,
/// naming them all (a lost `deploy` line leaves several), and each is
/// doubted, so its moves do not each report it missing.
fn undeployed(
    generic: &Setup<'_, '_>,
    pieces: &[PieceState],
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    for side in [Side::Normans, Side::Saxons] {
        let missing: Vec<(usize, Span)> = generic
            .units
            .iter()
            .filter_map(|unit| {
                let index = roster.piece(side, unit.id)?;
                let info = &roster.pieces[index];
                let off = pieces.get(index)?.at.is_none()
                    && info.side == side
                    && info.arrives.is_none()
                    && !info.reserve
                    && !roster.is_doubted(index);
                off.then_some((index, unit.span))
            })
            .collect();
        let Some(&(_, span)) = missing.first() else {
            continue;
        };
        let ids: Vec<&str> = missing
            .iter()
            .map(|&(p, _)| roster.pieces[p].id.as_str())
            .collect();
        let at = out.len();
        out.push(
            Violation::of(
                &codes::NOT_DEPLOYED,
                span,
                format!(
                    "{} {} of the {} never deployed: no `deploy {}` line places {}",
                    ids.len(),
                    if ids.len() == 1 { "piece" } else { "pieces" },
                    side.word(),
                    side.word(),
                    ids.join(", ")
                ),
                if side == Side::Normans {
                    rules::NORMAN_SETUP
                } else {
                    rules::SAXON_SETUP
                },
            )
            .label("never deployed")
            .help(format!(
                "place them on a `deploy {} ID@CCRR^F …` line (leaders without `^F`)",
                side.word()
            )),
        );
        for (index, _) in missing {
            roster.doubted.push((index, at));
        }
    }
}

/// The Saxon order of battle, unless `option partial` (11.2, 11.4.1).
fn order_of_battle(battle: &Battle<'_>, roster: &Roster, out: &mut Vec<Violation>) {
    if roster.options.partial || roster.pieces.is_empty() {
        return;
    }
    let saxons = roster.pieces.iter().filter(|p| p.side == Side::Saxons);
    let count = |f: &dyn Fn(&PieceInfo) -> bool| saxons.clone().filter(|p| f(p)).count();
    let thegns = count(&|p| p.class == Some(Class::Thegns));
    let starting = count(&|p| p.class == Some(Class::Fyrd) && p.arrives.is_none() && !p.reserve);
    let arriving = count(&|p| p.class == Some(Class::Fyrd) && p.arrives.is_some());
    let reserve = count(&|p| p.class == Some(Class::Fyrd) && p.reserve);
    let mut wrong = Vec::new();
    for (what, have, want) in [
        ("thegns", thegns, THEGNS),
        ("fyrd at the start", starting, STARTING_FYRD),
        ("Great Fyrd arriving in Period 1", arriving, ARRIVING_FYRD),
        ("fyrd in reserve for the reform", reserve, RESERVE_FYRD),
    ] {
        if have != want {
            wrong.push(format!("{what}: {have} (the rules give {want})"));
        }
    }
    let mut schedule = [0usize; 8];
    for p in saxons.clone() {
        if let Some(turn) = p.arrives.filter(|t| (1..=8).contains(t)) {
            schedule[turn as usize - 1] += 1;
        }
    }
    if arriving == ARRIVING_FYRD && schedule != super::tables::REINFORCEMENTS.map(|n| n as usize) {
        out.push(
            Violation::of(
                &codes::REINFORCEMENT_SCHEDULE,
                tag_span(battle),
                format!(
                    "the Great Fyrd arrive {:?} in turns 1 to 8; the rules give two a turn in turns 1 to 4 and one a turn in 5 to 8",
                    schedule
                ),
                rules::ORDER_OF_BATTLE,
            ),
        );
    }
    if !wrong.is_empty() {
        out.push(
            Violation::of(
                &codes::ORDER_OF_BATTLE,
                tag_span(battle),
                format!("the Saxon order of battle has {}", wrong.join("; ")),
                rules::ORDER_OF_BATTLE,
            )
            .help("declare the whole order of battle, or play a reduced scenario with `option partial`"),
        );
    }
}

/// The Rules tag's span, where findings about the battle as a whole stand.
fn tag_span(battle: &Battle<'_>) -> Span {
    crate::system::tag_span(battle, "Rules")
}
