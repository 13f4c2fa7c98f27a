//! From a battle's setup lines to Feudal's starting position: the two
//! armies and their units (classes of 0.4 and AT, roles of FX), the table
//! and its terrain as footprints, the options, and each unit's base where
//! its `deploy` line puts it (spec 2.8, SU.1–SU.4), with the force matrix
//! checked when the battle plays by it (FX.1–FX.4).
//!
//! The generic setup (`crate::setup`) reads the sides, unit lines, map,
//! terrain and placements, and reports what every system shares (a unit id
//! given twice, a unit deployed twice, a point off the map, a cell on a
//! table); those are not reported again here. What is new is what only
//! geometry tells: a base wholly on the table, two bases overlapping,
//! ground a unit may not stand on.
//!
//! Positions are written in the notation's frame (FO-R1: inches from the
//! near edge, facings counter-clockwise from +x) and converted once, here,
//! into `senlac_board::table`'s (y growing south, facings clockwise from
//! north).

use std::sync::Arc;

use senlac_board::scene::Board;
use senlac_board::table::{self, Base, Piece, TOL};
use senlac_notation::lower::{self, Area, Directive};
use senlac_notation::value::{self, Location, Placement};
use senlac_notation::{Atom, Battle, ItemKind, Span, did_you_mean};

use super::codes;
use super::event::Event;
use super::hits::{Die, Rolled};
use super::options::{self, Opt, Options};
use super::rules;
use super::state::{Outline, Roster, State, Terrain, UnitInfo};
use super::tables::{Class, TERRAIN, VARIATIONS, Variation, force_row, terrain_kind};
use crate::fold::Deployments;
use crate::setup::Setup;
use crate::violation::Violation;

/// The grade words of a unit line (0.4, TR, FO-R34).
const GRADES: [&str; 3] = ["average", "trained", "personality"];

/// The roles of the force matrix, each with the class it belongs to (FX.2,
/// FX.3).
const ROLES: [(&str, Class); 4] = [
    ("dismounted", Class::Serjeants),
    ("crossbows", Class::Bowmen),
    ("mounted-serjeants", Class::Knights),
    ("levy", Class::Freemen),
];

/// Reads and checks a battle's setup; every finding goes to `out`. The
/// starting position, every unit deployed.
#[cfg(any(test, feature = "test-support"))]
pub fn setup(battle: &Battle<'_>, out: &mut Vec<Violation>) -> State {
    deployments(battle, out).fold(super::event::apply)
}

/// Reads and checks a battle's setup; every finding goes to `out`. The
/// field, and each unit's deployment as an event with its placement's span.
pub fn deployments(battle: &Battle<'_>, out: &mut Vec<Violation>) -> Deployments<State, Event> {
    let before = out.len();
    let generic = Setup::build(battle, out);
    let (options, found) = options::read(&options::lines(battle));
    out.extend(found);
    sides(battle, &generic, out);
    let table = table(battle, &generic, before, out);
    let terrain = table.map_or_else(Vec::new, |(width, depth)| {
        lay_terrain(battle, width, depth, out)
    });
    let armies = armies(battle);
    let units = declare(&generic, &options, &armies, out);
    let mut roster = Roster {
        sides: generic.sides.iter().map(|s| s.name.to_string()).collect(),
        units,
        table: table.unwrap_or_default(),
        terrain,
        options,
        first: first(battle, &generic, &options, out),
        doubted: Vec::new(),
    };
    let placed = match table {
        Some(_) => deploy(battle, &generic, &mut roster, out),
        None => vec![None; roster.units.len()],
    };
    if options.has(Opt::ForceMatrix) {
        force_matrix(&generic, &roster, &armies, out);
    }
    Deployments {
        field: State::field(Arc::new(roster)),
        placements: (placed.into_iter().enumerate())
            .filter_map(|(unit, placed)| {
                let (span, base) = placed?;
                Some((span, Event::Deployed { unit, base }))
            })
            .collect(),
        settled: Vec::new(),
    }
}

/// SU.1: two sides, each with its army.
fn sides(battle: &Battle<'_>, generic: &Setup<'_, '_>, out: &mut Vec<Violation>) {
    let count = generic.sides.len();
    if count != 2 {
        let names: Vec<&str> = generic.sides.iter().map(|s| s.name).collect();
        out.push(
            Violation::of(
                &codes::SIDES,
                crate::system::tag_span(battle, "Sides"),
                format!(
                    "a Feudal battle is fought by two sides, and this one has {count} army line{}{}",
                    if count == 1 { "" } else { "s" },
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", names.join(", "))
                    }
                ),
                rules::SIDES,
            )
            .help("open each of the two sides with `army SIDE \"Name\"`"),
        );
    }
}

/// SU.5: one `first SIDE turn` line, naming player A.
fn first(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    options: &Options,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let written = lower::directives(battle).any(|(_, d)| matches!(d, Directive::First { .. }));
    if !written {
        out.push(
            Violation::of(
                &codes::TURN_ORDER,
                crate::system::tag_span(battle, "Rules"),
                "no `first SIDE turn` line says which side plays first",
                rules::FIRST,
            )
            .help("name the scenario's attacker: `first Angevins turn`"),
        );
        return None;
    }
    let mut found = None;
    // A line naming no side is the shared setup's finding, and not kept.
    for line in &generic.rest {
        let Directive::First { side, what } = line.directive else {
            continue;
        };
        if what != "turn" {
            out.push(
                Violation::of(
                    &codes::TURN_ORDER,
                    line.atoms[2].span,
                    format!("`first {side} {what}`: the line names who plays the first turn"),
                    rules::FIRST,
                )
                .help(format!("write `first {side} turn`")),
            );
            continue;
        }
        if found.is_some() {
            out.push(Violation::of(
                &codes::TURN_ORDER,
                line.span,
                "a second `first` line: one side plays first",
                rules::FIRST,
            ));
            continue;
        }
        found = generic.side_meant(side);
    }
    if let Some(first) = found {
        initiative(generic, options, first, out);
    }
    found
}

/// IN.1: with no clear attacker both sides roll a Dx in the setup
/// (`roll SIDE initiative d6:N`), and the higher plays first; a tie is
/// rolled again, so two equal rolls are no roll-off.
fn initiative(generic: &Setup<'_, '_>, options: &Options, first: usize, out: &mut Vec<Violation>) {
    let mut rolls: Vec<(usize, u8, Span)> = Vec::new();
    let mut refused = false;
    for line in &generic.rest {
        let Directive::Roll {
            side,
            what: "initiative",
            value,
        } = line.directive
        else {
            continue;
        };
        let Some(side) = generic.side_meant(side) else {
            continue;
        };
        let Some(rolled) = Rolled::read(value.text) else {
            out.push(Violation::of(
                &codes::WRONG_DIE,
                value.span,
                format!("`{}` is no roll of the game's die", value.text),
                rules::DICE,
            ));
            refused = true;
            continue;
        };
        match options.die.check(&rolled, 1) {
            Ok(faces) => rolls.push((side, faces[0], value.span)),
            Err(fault) => {
                out.push(fault.at(value.span));
                refused = true;
            }
        }
    }
    // A refused roll is reported; the roll-off is not judged on the other.
    if refused {
        return;
    }
    let [(a, ra, _), (b, rb, at)] = rolls[..] else {
        if let [(side, _, at)] = rolls[..] {
            out.push(Violation::of(
                &codes::MISSING_ROLL,
                at,
                format!(
                    "only {} rolls for the initiative: a roll-off is one roll for each side",
                    generic.sides[side].name
                ),
                rules::FIRST,
            ));
        }
        return;
    };
    let winner = match ra.cmp(&rb) {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => {
            out.push(Violation::of(
                &codes::INITIATIVE_WINNER,
                at,
                format!("the roll-off is a tie, {ra} and {rb}: a tie is rolled again, and only the last rolls are written"),
                rules::FIRST,
            ));
            return;
        }
    };
    if a != b && winner != first {
        out.push(Violation::of(
            &codes::INITIATIVE_WINNER,
            at,
            format!(
                "{} rolled {} and {} {}: {} plays first, not {}",
                generic.sides[a].name,
                ra,
                generic.sides[b].name,
                rb,
                generic.sides[winner].name,
                generic.sides[first].name
            ),
            rules::FIRST,
        ));
    }
}

/// SU.2: the table's width and depth, or `None` (reported) for any other
/// board. Without a map line the generic setup has said so already when
/// something needed it.
fn table(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    before: usize,
    out: &mut Vec<Violation>,
) -> Option<(f64, f64)> {
    let (span, what) = match generic.board {
        Some(Board::Table { width, depth }) => return Some((width, depth)),
        Some(Board::Hex { .. }) => (generic.map_span(), "a hex map"),
        Some(Board::Square { .. }) => (generic.map_span(), "a square grid"),
        None => {
            let said = out[before..]
                .iter()
                .any(|v| v.code == crate::setup::codes::MISSING_MAP.code);
            if said {
                return None;
            }
            (None, "no map")
        }
    };
    out.push(
        Violation::of(
            &codes::WRONG_MAP,
            span.unwrap_or_else(|| crate::system::tag_span(battle, "Rules")),
            format!("Feudal is fought on an open table in inches, not on {what}"),
            rules::MAP,
        )
        .help("write the table as `map table 36x36in`"),
    );
    None
}

/// The terrain lines of a table (0.10): each kind known, each polygon
/// simple; the footprints in the table's frame.
fn lay_terrain(
    battle: &Battle<'_>,
    width: f64,
    depth: f64,
    out: &mut Vec<Violation>,
) -> Vec<Terrain> {
    let mut laid = Vec::new();
    for (item, atoms) in battle.head() {
        if item.kind != ItemKind::Directive {
            continue;
        }
        let Ok(Directive::Terrain { kind, area, .. }) = lower::directive(item, atoms) else {
            continue;
        };
        // Cells on a table are the generic setup's `wrong-board`.
        if matches!(area, Area::Cells(_)) {
            continue;
        }
        let Some(info) = terrain_kind(kind) else {
            let mut finding = Violation::of(
                &codes::UNKNOWN_TERRAIN,
                atoms[1].span,
                format!("`{kind}` is no terrain of Feudal"),
                rules::TERRAIN,
            );
            let words = TERRAIN.iter().map(|t| t.word).chain(["bridge"]);
            if let Some(meant) = did_you_mean(kind, words) {
                finding = finding.help(format!("did you mean `{meant}`?"));
            }
            out.push(finding);
            continue;
        };
        let convert = |p: &value::Point| table::from_near_edge(p.x, p.y, depth);
        let (piece, outline) = match area {
            Area::Polygon(points) => {
                let points: Vec<_> = points.iter().map(convert).collect();
                if !table::is_simple_polygon(&points) {
                    let first = atoms.get(3).map_or(item.span, |a| a.span);
                    let last = atoms.last().map_or(item.span, |a| a.span);
                    out.push(
                        Violation::of(
                            &codes::TERRAIN_SHAPE,
                            Span::new(first.start as usize, last.end as usize),
                            format!(
                                "the {kind}'s outline of {} points crosses or folds back on itself, or has no area",
                                points.len()
                            ),
                            rules::TERRAIN,
                        )
                        .help("list the corners once each, in order round the outline"),
                    );
                    continue;
                }
                (Piece::polygon(&points), Outline::Polygon(points))
            }
            Area::Circle { centre, radius } => {
                let centre = convert(&centre);
                (
                    Piece::circle(centre, radius),
                    Outline::Circle { centre, radius },
                )
            }
            Area::Line { points, width } => {
                let points: Vec<_> = points.iter().map(convert).collect();
                (Piece::band(&points, width), Outline::Line { points, width })
            }
            Area::Cells(_) => continue,
        };
        laid.push(Terrain {
            word: kind.to_string(),
            kind: info,
            // What lies beyond the board edge is not on the table.
            piece: piece.clipped_to_table(width, depth),
            outline,
            span: item.span,
        });
    }
    laid
}

/// An army line: its side atom and its `force=` pair, if any.
struct Army<'s> {
    side: Atom<'s>,
    force: Option<Atom<'s>>,
}

fn armies<'s>(battle: &Battle<'s>) -> Vec<Army<'s>> {
    let mut armies = Vec::new();
    for (item, atoms) in battle.head() {
        if item.kind != ItemKind::Directive {
            continue;
        }
        if let Ok(Directive::Army { pairs, .. }) = lower::directive(item, atoms) {
            armies.push(Army {
                side: atoms[1],
                force: pairs
                    .iter()
                    .find(|p| value::key(p) == Some("force"))
                    .copied(),
            });
        }
    }
    armies
}

/// The variation an army plays (FX.4), `feudal` when it names none; `None`
/// for a word that names none (reported by the force matrix).
fn variation(armies: &[Army<'_>], side: &str) -> Option<&'static Variation> {
    let army = armies.iter().find(|a| a.side.text == side);
    match army.and_then(|a| a.force) {
        None => Some(&VARIATIONS[0]),
        Some(pair) => {
            let word = value::pair(&pair).map(|(_, v)| v.text)?;
            VARIATIONS.iter().find(|v| v.word == word)
        }
    }
}

/// Whether an army's variation fields a class without its option: a
/// column's class, or a substitute its notes allow (FX.4, FX.6).
fn fielded_by(variation: Option<&Variation>, class: Class) -> bool {
    let Some(variation) = variation else {
        return false;
    };
    variation.columns.contains(&class)
        || (class == Class::Cavalry && matches!(variation.word, "north-welsh" | "south-welsh"))
}

/// The unit lines (0.4, AT, FX, FO-R34): class, grade and role known and
/// allowed by the options.
fn declare(
    generic: &Setup<'_, '_>,
    options: &Options,
    armies: &[Army<'_>],
    out: &mut Vec<Violation>,
) -> Vec<UnitInfo> {
    let mut units = Vec::with_capacity(generic.units.len());
    for unit in &generic.units {
        let side_name = generic.sides[unit.side].name;
        let personality = unit.grade == Some("personality");
        let mut info = UnitInfo {
            side: unit.side,
            id: unit.id.to_string(),
            name: unit.name.to_string(),
            class: None,
            role: None,
            adv: None,
            dis: None,
            melee_extra: 0,
            shoot_extra: 0,
            personality,
            host: None,
            banner: false,
            trained: unit.grade == Some("trained"),
            kind: personality.then(|| unit.class.to_string()),
            span: unit.span,
        };
        if personality {
            // Judged once every unit is declared: `with=` may name a later one.
            units.push(info);
            continue;
        }
        info.class = Class::parse(unit.class);
        let Some(class) = info.class else {
            let mut finding = Violation::of(
                &codes::UNKNOWN_CLASS,
                unit.class_span(),
                format!("`{}` is no unit class of Feudal", unit.class),
                rules::CLASS,
            );
            if let Some(meant) = did_you_mean(unit.class, Class::ALL.iter().map(|c| c.word())) {
                finding = finding.help(format!("did you mean `{meant}`?"));
            }
            out.push(finding);
            units.push(info);
            continue;
        };
        // An army whose force names no variation is reported by the force
        // matrix; what it would field is not judged again.
        let force = armies
            .iter()
            .find(|a| a.side.text == side_name)
            .and_then(|a| a.force);
        let variation = variation(armies, side_name);
        if let Some(option) = class.info().needs
            && !options.has(Opt::AlternativeTroops)
            && (force.is_none() || variation.is_some())
            && !fielded_by(variation, class)
        {
            out.push(
                Violation::of(
                    &codes::OPTION_NEEDS,
                    unit.class_span(),
                    format!(
                        "{side_name} {} is {}, which a battle fields with `option {option}` or a force that names them",
                        unit.id,
                        class.word()
                    ),
                    rules::ALTERNATIVE,
                )
                .help(format!("add `option {option}`")),
            );
        }
        match unit.grade {
            None | Some("average") => {}
            Some("trained") if options.has(Opt::TrainedUnits) => {}
            Some("trained") => out.push(
                Violation::of(
                    &codes::OPTION_NEEDS,
                    unit.grade_span(),
                    format!(
                        "{side_name} {} is trained, a grade of `option trained-units`",
                        unit.id
                    ),
                    rules::GRADE,
                )
                .help("add `option trained-units`"),
            ),
            Some(grade) => {
                let mut finding = Violation::of(
                    &codes::UNKNOWN_GRADE,
                    unit.grade_span(),
                    format!(
                        "`{grade}` is no grade of Feudal: `average`, `trained` or `personality`"
                    ),
                    rules::CLASS,
                );
                if let Some(meant) = did_you_mean(grade, GRADES) {
                    finding = finding.help(format!("did you mean `{meant}`?"));
                }
                out.push(finding);
            }
        }
        if let Some(pair) = unit.pairs.iter().find(|p| value::key(p) == Some("role")) {
            let word = value::pair(pair).map_or("", |(_, v)| v.text);
            info.role = Some(word.to_string());
            match ROLES.iter().find(|(r, _)| *r == word) {
                None => out.push(
                    Violation::of(
                        &codes::FORCE_MATRIX,
                        pair.span,
                        format!("`{word}` is no role of the force matrix: `dismounted`, `crossbows`, `mounted-serjeants` or `levy`"),
                        rules::ROLES,
                    ),
                ),
                Some((_, owner)) if *owner != class => out.push(Violation::of(
                    &codes::FORCE_MATRIX,
                    pair.span,
                    format!(
                        "`role={word}` is a role of {}, and {side_name} {} is {}",
                        owner.word(),
                        unit.id,
                        class.word()
                    ),
                    rules::ROLES,
                )),
                Some(_) if !options.has(Opt::ForceMatrix) => out.push(
                    Violation::of(
                        &codes::OPTION_NEEDS,
                        pair.span,
                        format!("`role={word}` is a role of the force matrix, which this battle does not play by"),
                        rules::ROLES,
                    )
                    .help("add `option force-matrix`"),
                ),
                Some(_) => {}
            }
        }
        advantages(unit, class, options, &mut info, out);
        units.push(info);
    }
    army_advantages(generic, &units, out);
    personalities(generic, options, &mut units, out);
    units
}

/// The advantages (AD.2–AD.5, IC.2), with what each adds to melee and
/// shooting, and the option each needs besides `advantages`.
const ADVANTAGES: [(&str, i8, i8, Option<Opt>); 6] = [
    ("determined", 0, 0, None),
    ("melee-plus", 1, 0, None),
    ("shoot-plus", 0, 1, None),
    ("extra-missiles", 0, 0, None),
    ("woods", 0, 0, None),
    ("impetuous", 0, 0, Some(Opt::ImpetuousCharges)),
];

/// The disadvantages (AD.2–AD.5).
const DISADVANTAGES: [(&str, i8, i8, Option<Opt>); 5] = [
    ("unenthusiastic", 0, 0, None),
    ("melee-minus", -1, 0, None),
    ("shoot-minus", 0, -1, None),
    ("three-shots", 0, 0, Some(Opt::MissilesNatural5)),
    ("runs-out-5-6", 0, 0, Some(Opt::MissilesNatural5)),
];

/// A unit's `adv=` and `dis=` (AD.1–AD.5, IC.2, FO-R39): known, with the
/// options they need, and its permanent modifiers within −2 to +2.
fn advantages(
    unit: &crate::setup::Unit<'_, '_>,
    class: Class,
    options: &Options,
    info: &mut UnitInfo,
    out: &mut Vec<Violation>,
) {
    let name = info.id.clone();
    // The roles' modifiers (FX.3): crossbows shoot Dx+1, mounted serjeants
    // and levy melee one less than their class.
    match info.role.as_deref() {
        Some("crossbows") if class == Class::Bowmen => info.shoot_extra += 1,
        Some("mounted-serjeants") if class == Class::Knights => info.melee_extra -= 1,
        Some("levy") if class == Class::Freemen => info.melee_extra -= 1,
        _ => {}
    }
    for (key, table) in [("adv", &ADVANTAGES[..]), ("dis", &DISADVANTAGES[..])] {
        // A key written twice is the shared setup's `repeated-pair`.
        let Some(pair) = unit.pairs.iter().find(|p| value::key(p) == Some(key)) else {
            continue;
        };
        let word = value::pair(pair).map_or("", |(_, v)| v.text);
        // Taken even when unknown: the army's count is not judged twice.
        if key == "adv" {
            info.adv = Some(word.to_string());
        } else {
            info.dis = Some(word.to_string());
        }
        let Some(&(_, melee, shoot, needs)) = table.iter().find(|(w, ..)| *w == word) else {
            let words: Vec<&str> = table.iter().map(|(w, ..)| *w).collect();
            out.push(Violation::of(
                &codes::ADVANTAGE_LIMIT,
                pair.span,
                format!("`{key}={word}` is none of Feudal's: {}", words.join(", ")),
                rules::ADVANTAGES,
            ));
            continue;
        };
        info.melee_extra += melee;
        info.shoot_extra += shoot;
        let wanted = [Some(Opt::Advantages), needs];
        for opt in wanted.into_iter().flatten() {
            if !options.has(opt) {
                out.push(
                    Violation::of(
                        &codes::OPTION_NEEDS,
                        pair.span,
                        format!("`{key}={word}` needs `option {}`", opt.info().word),
                        rules::ADVANTAGES,
                    )
                    .help(format!("add `option {}`", opt.info().word)),
                );
            }
        }
        if word == "extra-missiles" && options.has(Opt::MissilesNatural5) {
            out.push(Violation::of(
                &codes::INCOMPATIBLE_OPTIONS,
                pair.span,
                "extra missiles raise the shot limit that `option missiles-natural-5` removes (AD.4, FO-R38)",
                rules::INCOMPATIBLE,
            ));
        }
        if word == "woods" && !matches!(class, Class::Freemen | Class::Bowmen) {
            out.push(Violation::of(
                &codes::ADVANTAGE_LIMIT,
                pair.span,
                format!(
                    "{name} is {}: only freemen and bowmen take `adv=woods`",
                    class.word()
                ),
                rules::ADVANTAGES,
            ));
        }
    }
    let melee = class.info().melee + info.melee_extra;
    let shoot = class.info().shoot + info.shoot_extra;
    let capped = |m: i8| !(-2..=2).contains(&m);
    let shoots = class.info().missile.is_some();
    if capped(melee) || (shoots && capped(shoot)) {
        // At what took it past the cap: an advantage above, a
        // disadvantage below, else the role.
        let key = if melee > 2 || shoot > 2 { "adv" } else { "dis" };
        let at = [key, "role"]
            .iter()
            .find_map(|k| unit.pairs.iter().find(|p| value::key(p) == Some(k)))
            .map_or(unit.span, |p| p.span);
        out.push(Violation::of(
            &codes::MODIFIER_CAP,
            at,
            format!(
                "{name} ({}) would melee at {melee:+} and shoot at {shoot:+}: no unit is better than +2 or worse than −2",
                class.word()
            ),
            rules::MODIFIER_CAP,
        ));
    }
}

/// FO-R35: at most one advantage and one disadvantage per army, both or
/// neither.
fn army_advantages(generic: &Setup<'_, '_>, units: &[UnitInfo], out: &mut Vec<Violation>) {
    let pair_of = |index: usize, key: &str| {
        generic.units[index]
            .pairs
            .iter()
            .find(|p| value::key(p) == Some(key))
            .map_or(units[index].span, |p| p.span)
    };
    for (side, army) in generic.sides.iter().enumerate() {
        let of = |adv: bool| -> Vec<usize> {
            (0..units.len())
                .filter(|&u| {
                    units[u].side == side
                        && if adv {
                            units[u].adv.is_some()
                        } else {
                            units[u].dis.is_some()
                        }
                })
                .collect()
        };
        let (advs, dises) = (of(true), of(false));
        let at = if advs.len() > 1 {
            Some(pair_of(advs[1], "adv"))
        } else if dises.len() > 1 {
            Some(pair_of(dises[1], "dis"))
        } else if advs.len() != dises.len() {
            advs.first()
                .map(|&u| pair_of(u, "adv"))
                .or_else(|| dises.first().map(|&u| pair_of(u, "dis")))
        } else {
            None
        };
        if let Some(at) = at {
            out.push(Violation::of(
                &codes::ADVANTAGE_LIMIT,
                at,
                format!(
                    "{} takes {} advantage{} and {} disadvantage{}: an army takes one of each, or none",
                    army.name,
                    advs.len(),
                    if advs.len() == 1 { "" } else { "s" },
                    dises.len(),
                    if dises.len() == 1 { "" } else { "s" }
                ),
                rules::ADVANTAGE_LIMIT,
            ));
        }
    }
}

/// The personalities' kinds (PER).
const PERSONALITIES: [&str; 7] = [
    "knight-errant",
    "constable",
    "horse-marshal",
    "bow-marshal",
    "brabanter",
    "priest",
    "strategos",
];

/// The personality lines (PER.0, FO-R34): a known kind, with its option,
/// on a unit of its own side that suits it, within one per three units
/// (a banner counting as one more).
fn personalities(
    generic: &Setup<'_, '_>,
    options: &Options,
    units: &mut [UnitInfo],
    out: &mut Vec<Violation>,
) {
    let pair = |index: usize, key: &str| {
        generic.units[index]
            .pairs
            .iter()
            .find(|p| value::key(p) == Some(key))
            .copied()
    };
    for index in 0..units.len() {
        if !units[index].personality {
            continue;
        }
        let unit = &generic.units[index];
        let side = unit.side;
        let name = format!("{} {}", generic.sides[side].name, unit.id);
        if !options.has(Opt::Personalities) {
            out.push(
                Violation::of(
                    &codes::OPTION_NEEDS,
                    unit.grade_span(),
                    format!("{name} is a personality, and this battle does not play by them"),
                    rules::PERSONALITY,
                )
                .help("add `option personalities`"),
            );
        }
        let kind = unit.class;
        if !PERSONALITIES.contains(&kind) {
            let mut finding = Violation::of(
                &codes::UNKNOWN_PERSONALITY,
                unit.class_span(),
                format!("`{kind}` is no personality of Feudal"),
                rules::PERSONALITY,
            );
            if let Some(meant) = did_you_mean(kind, PERSONALITIES) {
                finding = finding.help(format!("did you mean `{meant}`?"));
            }
            out.push(finding);
        } else if kind == "priest" && options.has(Opt::SixHit) {
            out.push(Violation::of(
                &codes::INCOMPATIBLE_OPTIONS,
                unit.class_span(),
                format!("{name} is a priest, whose Dx rally has no six-hit scale (PER.PR, 6H.6)"),
                rules::INCOMPATIBLE,
            ));
        }
        if PERSONALITIES.contains(&kind) {
            units[index].kind = Some(kind.to_string());
        }
        let banner = pair(index, "banner");
        units[index].banner = banner.is_some_and(|b| b.text == "banner=yes");
        let Some(with) = pair(index, "with") else {
            out.push(
                Violation::of(
                    &codes::UNKNOWN_UNIT,
                    unit.span,
                    format!("{name} names no unit it starts with"),
                    rules::PERSONALITY,
                )
                .help("name its unit: `with=K1`"),
            );
            continue;
        };
        let id = value::pair(&with).map_or("", |(_, v)| v.text);
        let host = units
            .iter()
            .position(|u| u.side == side && u.id == id && !u.personality);
        let Some(host) = host else {
            out.push(Violation::of(
                &codes::UNKNOWN_UNIT,
                with.span,
                format!(
                    "{} has no unit {id} for {name} to start with",
                    generic.sides[side].name
                ),
                rules::PERSONALITY,
            ));
            continue;
        };
        units[index].host = Some(host);
        let class = units[host].class;
        let suits = match kind {
            "horse-marshal" => matches!(class, Some(Class::Knights | Class::Cavalry)),
            "bow-marshal" => matches!(class, Some(Class::Bowmen | Class::BowBrigans)),
            _ => true,
        };
        // A host of unknown class is reported already.
        if class.is_some() && !suits {
            out.push(Violation::of(
                &codes::PERSONALITY_HOST,
                with.span,
                format!(
                    "{name} is a {kind}, and {id} is {}: a horse marshal leads knights or cavalry, a bow marshal bowmen or bow-brigans",
                    class.map_or("?", Class::word)
                ),
                rules::PERSONALITY_HOST,
            ));
        }
        if let Some(banner) = banner
            && units[index].banner
            && class.is_some()
            && !matches!(class, Some(Class::Knights | Class::Serjeants))
        {
            out.push(Violation::of(
                &codes::BANNER_HOST,
                banner.span,
                format!(
                    "{name}'s banner stays with knights or serjeants, and {id} is {}",
                    class.map_or("?", Class::word)
                ),
                rules::BANNER,
            ));
        }
    }
    for (side, army) in generic.sides.iter().enumerate() {
        let fielded = units
            .iter()
            .filter(|u| u.side == side && !u.personality)
            .count();
        let allowed = fielded / super::tables::UNITS_PER_PERSONALITY;
        let mut taken = 0;
        for (index, unit) in units.iter().enumerate() {
            if unit.side != side || !unit.personality {
                continue;
            }
            taken += 1 + usize::from(unit.banner);
            if taken > allowed {
                out.push(Violation::of(
                    &codes::PERSONALITY_LIMIT,
                    generic.units[index].atoms.get(1).map_or(unit.span, |a| a.span),
                    format!(
                        "{} has {fielded} units, so {allowed} personalit{} at most (one for every three, a banner counting as one more), and {} makes {taken}",
                        army.name,
                        if allowed == 1 { "y" } else { "ies" },
                        unit.id
                    ),
                    rules::PERSONALITY,
                ));
                break;
            }
        }
    }
}

/// The side and unit each placement of the `deploy` lines names, whether
/// or not the generic setup kept it: a unit written there is not missing.
fn placed_ids<'s>(battle: &Battle<'s>) -> Vec<(&'s str, &'s str)> {
    lower::directives(battle)
        .filter_map(|(_, d)| match d {
            Directive::Deploy { side, placements } => Some((side, placements)),
            _ => None,
        })
        .flat_map(|(side, placements)| {
            placements
                .iter()
                .filter_map(move |a| Placement::parse(a).map(|p| (side, p.unit)))
        })
        .collect()
}

/// A facing as written after `^` (FO-R1): degrees, `90deg` or `90`.
fn angle(text: &str) -> Option<f64> {
    let number: f64 = text.strip_suffix("deg").unwrap_or(text).parse().ok()?;
    number.is_finite().then_some(number)
}

/// SU.4: each unit deployed once, with a facing, wholly on the table,
/// overlapping no other base and standing on no ground it may not enter.
fn deploy(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) -> Vec<Option<(Span, Base)>> {
    let (width, depth) = roster.table;
    let size = roster.options.base;
    let mut bases: Vec<Option<Base>> = vec![None; roster.units.len()];
    let mut spans: Vec<Option<Span>> = vec![None; roster.units.len()];
    // Placed bases with their spans, in the order of the text.
    let mut placed: Vec<(usize, Span)> = Vec::new();
    let mut order: Vec<usize> = (0..generic.units.len()).collect();
    order.sort_by_key(|&u| generic.units[u].deployed.map_or(u32::MAX, |d| d.span.start));
    let written = placed_ids(battle);
    for index in order {
        let unit = &generic.units[index];
        let info = &roster.units[index];
        let name = format!("{} {}", roster.sides[info.side], info.id);
        if info.personality {
            continue;
        }
        let Some(class) = info.class else {
            continue;
        };
        let Some(deployed) = unit.deployed else {
            let side = roster.sides[info.side].as_str();
            if written.contains(&(side, unit.id)) {
                continue;
            }
            // A side none of whose units is placed lost its deploy line:
            // one finding for the side, at its first unit, which doubts
            // them all.
            let undeployed =
                |u: &&UnitInfo| u.side == info.side && !u.personality && u.class.is_some();
            let whole_side = (generic.units.iter().zip(&roster.units))
                .filter(|(_, u)| undeployed(u))
                .all(|(g, _)| g.deployed.is_none());
            if whole_side {
                if let Some(&(_, by)) =
                    (roster.doubted.iter()).find(|&&(u, _)| roster.units[u].side == info.side)
                {
                    roster.doubted.push((index, by));
                    continue;
                }
                let ids: Vec<&str> = (roster.units.iter())
                    .filter(undeployed)
                    .map(|u| u.id.as_str())
                    .collect();
                roster.doubted.push((index, out.len()));
                out.push(
                    Violation::of(
                        &codes::NOT_DEPLOYED,
                        unit.atoms.get(1).map_or(unit.span, |a| a.span),
                        format!(
                            "the {side} are never deployed: no `deploy {side}` line places {}",
                            ids.join(", ")
                        ),
                        rules::DEPLOY,
                    )
                    .label(format!("{} units unplaced", ids.len()))
                    .help(format!(
                        "place each with its centre and facing: `deploy {side} {}@18x6in^90deg …`",
                        unit.id
                    )),
                );
                continue;
            }
            roster.doubted.push((index, out.len()));
            out.push(
                Violation::of(
                    &codes::NOT_DEPLOYED,
                    unit.atoms.get(1).map_or(unit.span, |a| a.span),
                    format!("{name} is never deployed: no `deploy {side}` line places it"),
                    rules::DEPLOY,
                )
                .help(format!(
                    "place it with its centre and facing: `deploy {side} {}@18x6in^90deg`",
                    unit.id
                )),
            );
            continue;
        };
        let Location::Point(at) = deployed.at else {
            continue;
        };
        let span = deployed.span;
        let Some(theta) = deployed.facing.and_then(angle) else {
            let message = match deployed.facing {
                None => format!("{name} is deployed without a facing"),
                Some(text) => format!("{name}'s facing `^{text}` is no angle"),
            };
            out.push(
                Violation::of(&codes::MISSING_FACING, span, message, rules::DEPLOY).help(format!(
                    "write the facing in degrees counter-clockwise from the near edge's line, 90 away from it: `{}@{}x{}in^90deg`",
                    info.id, at.x, at.y
                )),
            );
            continue;
        };
        let base = Base {
            centre: table::from_near_edge(at.x, at.y, depth),
            width: size.width,
            depth: size.depth,
            facing: table::facing_from_counter_clockwise(theta),
        };
        let beyond = base
            .corners()
            .iter()
            .map(|c| (-c.x).max(c.x - width).max(-c.y).max(c.y - depth))
            .fold(f64::NEG_INFINITY, f64::max);
        if beyond > TOL {
            out.push(Violation::of(
                &codes::OFF_TABLE,
                span,
                format!(
                    "{name}'s base ({}\"×{}\") reaches {beyond:.2}\" beyond the edge of the {width}\"×{depth}\" table",
                    size.width, size.depth
                ),
                rules::OFF_TABLE,
            ));
            continue;
        }
        let footprint = base.footprint();
        for &(other, other_span) in &placed {
            let Some(theirs) = bases[other] else {
                continue;
            };
            let overlap = footprint.depth(&theirs.footprint());
            if overlap > TOL {
                let o = &roster.units[other];
                out.push(
                    Violation::of(
                        &codes::OVERLAP,
                        span,
                        format!(
                            "{} and {} overlap by {overlap:.2}\" (bases {}\"×{}\")",
                            info.id, o.id, size.width, size.depth
                        ),
                        rules::OVERLAP,
                    )
                    .related(other_span, format!("{} {}", roster.sides[o.side], o.id)),
                );
            }
        }
        // Freemen and bowmen with `adv=woods` enter woods (AD.5).
        let woods = info.adv.as_deref() == Some("woods")
            && roster.options.has(Opt::Advantages)
            && matches!(class, Class::Freemen | Class::Bowmen);
        if let Some(finding) = ground(&base, class, woods, &name, span, roster) {
            out.push(finding);
        }
        bases[index] = Some(base);
        spans[index] = Some(span);
        placed.push((index, span));
    }
    bases
        .into_iter()
        .zip(spans)
        .map(|(base, span)| Some((span?, base?)))
        .collect()
}

/// Ground a deployed base may not stand on (0.10b, 0.10d): woods or marsh
/// its class may not enter, a lake, a cliff, a river outside its fords and
/// bridges. The first such piece, if any.
fn ground(
    base: &Base,
    class: Class,
    woods: bool,
    name: &str,
    span: Span,
    roster: &Roster,
) -> Option<Violation> {
    use super::tables::Entry;
    let footprint = base.footprint();
    let info = class.info();
    for piece in &roster.terrain {
        let depth = piece
            .piece
            .parts()
            .iter()
            .map(|p| p.depth(&footprint))
            .fold(f64::NEG_INFINITY, f64::max);
        if depth <= TOL {
            continue;
        }
        let barred = match piece.kind.entry {
            Entry::Open => false,
            Entry::Woods => !info.woods && !woods,
            Entry::Marsh => !info.marsh,
            Entry::Impassable if piece.kind.word == "river" => {
                outside_crossings(base, &piece.piece, roster) > TOL * base.depth
            }
            Entry::Impassable => true,
        };
        if !barred {
            continue;
        }
        let (code, rule) = if piece.kind.entry == Entry::Impassable {
            (&codes::IMPASSABLE, rules::IMPASSABLE)
        } else {
            (&codes::PROHIBITED_TERRAIN, rules::PROHIBITED)
        };
        return Some(
            Violation::of(
                code,
                span,
                format!(
                    "{name} ({}) stands {depth:.2}\" into the {}",
                    class.word(),
                    piece.word
                ),
                rule,
            )
            .related(piece.span, format!("the {}", piece.word)),
        );
    }
    None
}

/// The area of a base over a river that no ford or bridge covers.
fn outside_crossings(base: &Base, river: &Piece, roster: &Roster) -> f64 {
    let footprint = base.footprint();
    let crossings: Vec<&Piece> = roster
        .terrain
        .iter()
        .filter(|t| t.kind.word == "ford")
        .map(|t| &t.piece)
        .collect();
    river
        .parts()
        .iter()
        .map(|part| {
            let wet = footprint.clip(part);
            let dry: f64 = crossings.iter().map(|c| c.area_of(&wet)).sum();
            (wet.area() - dry).max(0.0)
        })
        .sum()
}

/// The force matrix (FX.1–FX.4): each side's `roll SIDE force d6:N`, and
/// its units filling the row's columns, with the substitutions its
/// variation allows; the crossbows' balance (FX.3).
fn force_matrix(
    generic: &Setup<'_, '_>,
    roster: &Roster,
    armies: &[Army<'_>],
    out: &mut Vec<Violation>,
) {
    for (side, name) in roster.sides.iter().enumerate() {
        let Some(army) = armies.iter().find(|a| a.side.text == name) else {
            continue;
        };
        let Some(variation) = variation(armies, name) else {
            let pair = army.force.expect("only a written force names no variation");
            let word = value::pair(&pair).map_or("", |(_, v)| v.text);
            let mut finding = Violation::of(
                &codes::FORCE_MATRIX,
                pair.span,
                format!("`{word}` is no force of the matrix's variations"),
                rules::FORCE,
            );
            if let Some(meant) = did_you_mean(word, VARIATIONS.iter().map(|v| v.word)) {
                finding = finding.help(format!("did you mean `force={meant}`?"));
            }
            out.push(finding);
            continue;
        };
        let roll = generic.rest.iter().find_map(|line| match line.directive {
            Directive::Roll {
                side: s,
                what: "force",
                value,
            } if s == name => Some(value),
            _ => None,
        });
        let Some(roll) = roll else {
            out.push(
                Violation::of(
                    &codes::MISSING_ROLL,
                    army.side.span,
                    format!("{name} plays by the force matrix, and no `roll {name} force d6:N` says which row"),
                    rules::FORCE,
                )
                .help(format!("write the roll: `roll {name} force d6:4`")),
            );
            continue;
        };
        // The matrix's roll is a d6 whatever the game die (FO-R33).
        let face = match Rolled::read(roll.text).map(|r| Die::D6.check(&r, 1).map(|f| f[0])) {
            Some(Ok(face)) => face,
            Some(Err(fault)) => {
                out.push(fault.at(roll.span));
                continue;
            }
            None => {
                out.push(Violation::of(
                    &codes::FORCE_MATRIX,
                    roll.span,
                    format!(
                        "`{}` is no roll of the matrix's d6: `d6:1` to `d6:6`",
                        roll.text
                    ),
                    rules::FORCE,
                ));
                continue;
            }
        };
        let Some(row) = force_row(face) else {
            continue;
        };
        let fielded: Vec<&UnitInfo> = roster
            .units
            .iter()
            .filter(|u| u.side == side && !u.personality)
            .collect();
        // A unit whose class is unknown is reported already: nothing to count.
        if fielded.iter().any(|u| u.class.is_none()) {
            continue;
        }
        let choices: Vec<Vec<usize>> = fielded.iter().map(|u| columns_for(u, variation)).collect();
        if !fills(&choices, row) {
            let columns = ["core", "type 1", "type 2", "type 3"];
            let wanted: Vec<String> = (0..4)
                .map(|c| format!("{} {} {}", columns[c], row[c], variation.columns[c].word()))
                .collect();
            let mut classes: Vec<(String, usize)> = Vec::new();
            for u in &fielded {
                let mut word = u.class.map_or("?", Class::word).to_string();
                if let Some(role) = &u.role {
                    word = format!("{word} ({role})");
                }
                match classes.iter_mut().find(|(w, _)| *w == word) {
                    Some((_, n)) => *n += 1,
                    None => classes.push((word, 1)),
                }
            }
            let has: Vec<String> = classes.iter().map(|(w, n)| format!("{n} {w}")).collect();
            out.push(Violation::of(
                &codes::FORCE_MATRIX,
                roll.span,
                format!(
                    "{name} rolled {} on the {} matrix: {}; the army has {} unit{}: {}",
                    face,
                    variation.word,
                    wanted.join(", "),
                    fielded.len(),
                    if fielded.len() == 1 { "" } else { "s" },
                    if has.is_empty() {
                        "none".to_string()
                    } else {
                        has.join(", ")
                    }
                ),
                rules::FORCE,
            ));
        }
        crossbows(generic, roster, side, out);
    }
}

/// The columns of the variation a unit may fill: its class's, and the
/// substitutes the notes allow (FX.2 wherever knights appear, FO-R51; the
/// regional notes of FX.4).
fn columns_for(unit: &UnitInfo, variation: &Variation) -> Vec<usize> {
    let Some(class) = unit.class else {
        return Vec::new();
    };
    let dismounted = class == Class::Serjeants && unit.role.as_deref() == Some("dismounted");
    let word = variation.word;
    (0..4)
        .filter(|&c| {
            let column = variation.columns[c];
            column == class
                || (column == Class::Knights && dismounted)
                || (column == Class::Knights
                    && class == Class::Cavalry
                    && matches!(word, "north-welsh" | "south-welsh"))
                || (word == "scots-isles"
                    && class == Class::Brigans
                    && matches!(column, Class::Bowmen | Class::Freemen))
                || (word == "north-welsh"
                    && column == Class::Freemen
                    && matches!(class, Class::Brigans | Class::Serjeants))
        })
        .collect()
}

/// Whether the units can fill the row exactly, each in one of its columns
/// (a small search: an army has about six units).
fn fills(choices: &[Vec<usize>], row: [u8; 4]) -> bool {
    fn go(choices: &[Vec<usize>], left: &mut [u8; 4]) -> bool {
        let Some((first, rest)) = choices.split_first() else {
            return left.iter().all(|&n| n == 0);
        };
        first.iter().any(|&c| {
            if left[c] == 0 {
                return false;
            }
            left[c] -= 1;
            let ok = go(rest, left);
            left[c] += 1;
            ok
        })
    }
    let mut left = row;
    go(choices, &mut left)
}

/// FX.3: at most one crossbows unit, balanced by exactly one mounted
/// serjeants or levy unit, and neither balance without it.
fn crossbows(generic: &Setup<'_, '_>, roster: &Roster, side: usize, out: &mut Vec<Violation>) {
    let role_pair = |index: usize| {
        generic.units[index]
            .pairs
            .iter()
            .find(|p| value::key(p) == Some("role"))
            .map_or(roster.units[index].span, |p| p.span)
    };
    let with = |roles: &[&str]| -> Vec<usize> {
        (0..roster.units.len())
            .filter(|&u| {
                let unit = &roster.units[u];
                // A role on another class is reported already (`declare`).
                let own = |r: &str| ROLES.iter().any(|&(w, c)| w == r && unit.class == Some(c));
                unit.side == side
                    && unit
                        .role
                        .as_deref()
                        .is_some_and(|r| roles.contains(&r) && own(r))
            })
            .collect()
    };
    let crossbows = with(&["crossbows"]);
    let balance = with(&["mounted-serjeants", "levy"]);
    let name = &roster.sides[side];
    if let Some(&second) = crossbows.get(1) {
        out.push(Violation::of(
            &codes::FORCE_MATRIX,
            role_pair(second),
            format!(
                "{name} has {} crossbows units; the matrix allows one",
                crossbows.len()
            ),
            rules::CROSSBOWS,
        ));
    }
    let wanted = usize::from(!crossbows.is_empty());
    if balance.len() != wanted {
        let at = balance
            .get(wanted)
            .or(crossbows.first())
            .copied()
            .map_or(roster.units[0].span, role_pair);
        out.push(Violation::of(
            &codes::FORCE_MATRIX,
            at,
            format!(
                "{name} has {} crossbows unit{} and {} balancing unit{} (mounted serjeants or levy): each crossbows unit is balanced by exactly one",
                crossbows.len(),
                if crossbows.len() == 1 { "" } else { "s" },
                balance.len(),
                if balance.len() == 1 { "" } else { "s" }
            ),
            rules::CROSSBOWS,
        ));
    }
}
