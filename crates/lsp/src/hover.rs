//! Hover: on a unit id, the unit at that line (its figures, status and
//! place) and what the line did to it; on a verb, its catalog entry; on a
//! cell or a table point, what stands there and its terrain; on a setup
//! keyword, how the line is written.

use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};
use senlac_board::scene::{Place, Shape};
use senlac_engine::Game;
use senlac_engine::view::{BattleView, UnitView, place_text};
use senlac_notation::{AtomKind, ItemKind};

use crate::here::{Here, moment};
use crate::names::{Names, Role};
use crate::server::Server;

pub fn hover(server: &mut Server, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    let (here, offset) = Here::at(server, &at.text_document.uri, at.position)?;
    let battle = here.battle()?;
    let (item, atom) = here.atom_at(offset)?;
    let (position, atom) = atom?;
    let names = Names::of(battle);
    let text = if let Some(mention) = names.at(offset) {
        let unit = &names.units[mention.unit];
        let game = here.game();
        match game {
            Some(game) => {
                let line = if mention.role == Role::Declaration {
                    0
                } else {
                    mention.line.start
                };
                unit_text(game, &unit.side, &unit.id, line, mention.role)
            }
            None => format!(
                "**{} {}**\n\nNo state: the battle is not replayed until its syntax is sound.",
                unit.side, unit.id
            ),
        }
    } else if item.kind == ItemKind::Action && is_verb(battle, item, position) {
        let game = here.game()?;
        let phase = game.clock(game.index_at(item.span.start).index).phase;
        verb_text(game.tag(), atom.text, phase)?
    } else if matches!(
        atom.kind,
        AtomKind::Cell | AtomKind::CellChain | AtomKind::Placement | AtomKind::Size
    ) {
        place_hover(
            here.game()?,
            item.span.start,
            atom.text,
            offset - atom.span.start,
        )?
    } else if item.kind == ItemKind::Directive && position == 0 {
        format!(
            "`{}`",
            senlac_notation::lower::usage(atom.text).replace('`', "'")
        )
    } else {
        return None;
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(here.range(atom.span)),
    })
}

/// Whether atom `position` of an action item is a verb: the second atom,
/// or the one after a reactor.
fn is_verb(
    battle: &senlac_notation::Battle<'_>,
    item: &senlac_notation::Item,
    position: usize,
) -> bool {
    let atoms = battle.atoms_of(item);
    position == 1 || (position >= 2 && atoms[position - 2].kind == AtomKind::Reaction)
}

/// A unit at the line starting at `line`, and what the line did to it.
pub fn unit_text(game: &dyn Game, side: &str, id: &str, line: u32, role: Role) -> String {
    let moment = moment(game, line);
    let find = |view: &'_ BattleView| -> Option<UnitView> {
        view.units
            .iter()
            .find(|u| u.id == id && view.side_of(u) == side)
            .cloned()
    };
    let Some(after) = find(&moment.after) else {
        return format!("**{side} {id}**\n\nNot in the battle's view.");
    };
    let mut out = format!("**{side} {id}** {}\n\n", after.name);
    out.push_str(&format!("- status: {}\n", after.status));
    out.push_str(&format!(
        "- {}: {}\n",
        moment.after.place_heading,
        after
            .place
            .as_ref()
            .map_or("off the field".to_string(), place_text)
    ));
    for (column, value) in moment.after.columns.iter().zip(&after.values) {
        let shown = column.text(value);
        if !shown.is_empty() {
            out.push_str(&format!("- {}: {shown}\n", column.heading));
        }
    }
    if role != Role::Declaration
        && let Some(before) = find(&moment.before)
    {
        let changes = changes(&moment.after, &before, &after);
        if !changes.is_empty() {
            out.push_str(&format!("\nThis line: {}\n", changes.join(", ")));
        }
    }
    out
}

/// What changed in a unit between two of its views: `Command points 6→5`.
pub fn changes(view: &BattleView, before: &UnitView, after: &UnitView) -> Vec<String> {
    let mut out = Vec::new();
    if before.status != after.status {
        out.push(format!("{}→{}", before.status, after.status));
    }
    if before.place != after.place {
        let place = |p: &Option<Place>| p.as_ref().map_or("off".to_string(), place_text);
        out.push(format!(
            "{} {}→{}",
            view.place_heading,
            place(&before.place),
            place(&after.place)
        ));
    }
    for ((column, was), now) in view.columns.iter().zip(&before.values).zip(&after.values) {
        if was != now {
            out.push(format!(
                "{} {}→{}",
                column.heading,
                column.text(was),
                column.text(now)
            ));
        }
    }
    out
}

/// A verb's rows in its system's catalog: those of the phase the line
/// stands in, when the catalog has sections by phase.
fn verb_text(tag: &'static str, verb: &str, phase: Option<&str>) -> Option<String> {
    let catalog = senlac_engine::system(tag)?.catalog();
    let label = phase.map(|p| format!("`{p}:`"));
    let in_phase = |title: &str| label.as_deref().is_some_and(|l| title.contains(l));
    let by_phase = catalog.sections.iter().any(|s| in_phase(&s.title));
    let mut out = String::new();
    for section in &catalog.sections {
        // Sections of other phases are left out; those of none are kept.
        if by_phase && !in_phase(&section.title) && section.title.contains(":`") {
            continue;
        }
        for table in &section.tables {
            // The column that names the verb, where there is one.
            let column = table
                .headings
                .iter()
                .position(|h| matches!(*h, "Verb" | "Line"))
                .unwrap_or(0);
            for row in &table.rows {
                let first = row.get(column).and_then(|cell| cell.first());
                let named = first.is_some_and(|c| {
                    c.split(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
                        .any(|w| w == verb)
                });
                if !named {
                    continue;
                }
                out.push_str(&format!(
                    "**{verb}** ({}: {})\n\n",
                    section.title, table.title
                ));
                for (heading, cell) in table.headings.iter().zip(row) {
                    // An indented line goes on the one before; others are items.
                    let mut text = String::new();
                    for line in cell {
                        if !text.is_empty() {
                            text.push_str(if line.starts_with(' ') { " " } else { "; " });
                        }
                        text.push_str(line.trim());
                    }
                    out.push_str(&format!("- {heading}: {text}\n"));
                }
                out.push('\n');
            }
        }
    }
    (!out.is_empty()).then(|| format!("{out}Rulings: {}", catalog.rulings))
}

/// What stands on the cell or point an atom names (the one under the
/// cursor, in a chain), and its terrain, at the line starting at `line`.
fn place_hover(game: &dyn Game, line: u32, text: &str, within: u32) -> Option<String> {
    let piece = piece_at(text, within as usize);
    let place = piece.rsplit('@').next().unwrap_or(piece);
    let place = place.split('^').next().unwrap_or(place);
    let moment = moment(game, line);
    let scene = game.scene(moment.index, moment.index);
    let view = &moment.after;
    let mut out = String::new();
    let mut here: Vec<String> = Vec::new();
    let mut terrain: Vec<String> = Vec::new();
    if let Some(cell) = senlac_board::Cell::parse(place) {
        out.push_str(&format!("**{cell}**\n\n"));
        for unit in &view.units {
            if unit.place == Some(Place::Cell(cell)) {
                here.push(format!(
                    "{} {} ({})",
                    view.side_of(unit),
                    unit.id,
                    unit.status
                ));
            }
        }
        for t in &scene.terrain {
            let on = match &t.shape {
                Shape::Cells { cells } | Shape::Track { cells } => cells.contains(&cell),
                Shape::Edges { edges } => edges.iter().any(|(a, b)| *a == cell || *b == cell),
                _ => false,
            };
            if on {
                terrain.push(t.kind.clone());
            }
        }
    } else if let Some(point) = point(place) {
        out.push_str(&format!("**{place}**\n\n"));
        for counter in &scene.counters {
            if let Place::Point(at) = counter.at
                && at.distance(point) <= NEAR_INCHES
            {
                let side = scene.sides.get(counter.side).map_or("", String::as_str);
                here.push(format!(
                    "{side} {} ({:.1}in away)",
                    counter.id,
                    at.distance(point)
                ));
            }
        }
        for t in &scene.terrain {
            if covers(&t.shape, point) {
                terrain.push(t.kind.clone());
            }
        }
    } else {
        return None;
    }
    out.push_str(&match here.is_empty() {
        true => "Nobody stands here.\n".to_string(),
        false => format!("Here: {}\n", here.join(", ")),
    });
    out.push_str(&match terrain.is_empty() {
        true => "\nTerrain: open ground\n".to_string(),
        false => format!("\nTerrain: {}\n", terrain.join(", ")),
    });
    Some(out)
}

/// Units whose centre is this close to a point stand "there" on a table.
const NEAR_INCHES: f64 = 2.0;

/// The cell of a chain (`0506-0507`) at byte `within`.
fn piece_at(text: &str, within: usize) -> &str {
    let mut start = 0;
    for piece in text.split(['-', '/']) {
        let end = start + piece.len();
        if within <= end {
            return piece;
        }
        start = end + 1;
    }
    text
}

/// A table point, `12x6in` or `12.5x6in`.
fn point(text: &str) -> Option<senlac_board::kurbo::Point> {
    let (x, y) = text.strip_suffix("in")?.split_once('x')?;
    Some(senlac_board::kurbo::Point::new(
        x.parse().ok()?,
        y.parse().ok()?,
    ))
}

fn covers(shape: &Shape, p: senlac_board::kurbo::Point) -> bool {
    use senlac_board::kurbo::Shape as _;
    match shape {
        Shape::Polygon { points } => {
            let mut path = senlac_board::kurbo::BezPath::new();
            for (i, q) in points.iter().enumerate() {
                if i == 0 {
                    path.move_to(*q);
                } else {
                    path.line_to(*q);
                }
            }
            path.close_path();
            path.contains(p)
        }
        Shape::Circle { centre, radius } => centre.distance(p) <= *radius,
        Shape::Line { points, width } => points.windows(2).any(|pair| {
            use senlac_board::kurbo::ParamCurveNearest as _;
            let nearest = senlac_board::kurbo::Line::new(pair[0], pair[1]).nearest(p, 1e-6);
            nearest.distance_sq.sqrt() <= width / 2.0
        }),
        _ => false,
    }
}
