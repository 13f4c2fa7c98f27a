//! Overlays: the layers a system offers (zones of control, command ranges),
//! drawn over the terrain and under the counters only when shown.
//!
//! An area is a zone, not a mark of something that happened: its cells are
//! merged into the outline of their union (holes and all), filled with a
//! thin hatch in its ink's colour, each side's hatch at its own angle so
//! two sides' zones over one hex cross-hatch it, and outlined just inside
//! that outline, so two zones that meet along a hexside each keep their
//! own line. The hatch is sparse and pale enough that the terrain under it
//! and the hex numbers read through it. Any other mark of an overlay is
//! drawn as it would be anywhere. Each overlay is one group of class
//! `overlay-NAME`, so a page can hide it.

use std::collections::{HashMap, HashSet};

use senlac_board::kurbo::{Point, Vec2};
use senlac_board::scene::{Ink, MarkShape, Overlay, Place, Scene};

use super::{PathData, Tag, marks, slot_colour, slotted};
use crate::layout::{Layout, Surface, push_px};

/// How far inside a zone's outline its line is drawn, in pixels, for the
/// first ink; each further side's line is [`INSET_STEP`] further in, so two
/// sides' zones over the same hexes keep both lines.
const INSET: f64 = 2.0;
const INSET_STEP: f64 = 3.0;

/// The hatch's spacing, its line's width and opacity, and the tint under it.
const HATCH_GAP: f64 = 7.0;
const HATCH_WIDTH: &str = "1.1";
const HATCH_OPACITY: &str = ".42";
const TINT_OPACITY: &str = ".07";

/// Which way an ink's hatch runs, in degrees: one way for the first colour
/// slot, the other for the second, so where both lie the hex is
/// cross-hatched. Here and below, a side's ink is [`slotted`].
fn hatch_angle(ink: Ink) -> &'static str {
    match ink {
        Ink::Side(side) => ["45", "-45", "0", "90"][side % 4],
        Ink::Neutral => "30",
        Ink::Danger => "-30",
    }
}

/// How far inside its zone's outline an ink's line is drawn.
fn inset_of(ink: Ink) -> f64 {
    let step = match ink {
        Ink::Side(side) => side % 4,
        Ink::Neutral => 0,
        Ink::Danger => 1,
    };
    INSET + INSET_STEP * step as f64
}

/// The id of an ink's hatch pattern.
fn hatch_id(ink: Ink) -> String {
    match ink {
        Ink::Side(side) => format!("zone-{}", side % 4),
        Ink::Neutral => "zone-n".to_string(),
        Ink::Danger => "zone-d".to_string(),
    }
}

/// The class a page hides an overlay by: `overlay-` and its name, with
/// anything but ASCII letters, digits, `-` and `_` left out.
pub fn class(name: &str) -> String {
    let mut out = String::from("overlay-");
    out.extend(
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')),
    );
    out
}

/// The hatch patterns of `inks` ([`slotted`]), each once, as `<defs>`; nothing for none.
pub(super) fn defs(inks: impl IntoIterator<Item = Ink>) -> String {
    let mut seen: Vec<String> = Vec::new();
    let mut defs = Tag::new("defs");
    for ink in inks {
        let id = hatch_id(ink);
        if seen.contains(&id) {
            continue;
        }
        let colour = slot_colour(ink, false);
        let mut line = PathData::new();
        line.move_to(Point::new(0.0, HATCH_GAP / 2.0))
            .line_to(Point::new(HATCH_GAP, HATCH_GAP / 2.0));
        defs.push(
            Tag::new("pattern")
                .set("id", id.clone())
                .num("width", HATCH_GAP)
                .num("height", HATCH_GAP)
                .set("patternUnits", "userSpaceOnUse")
                .set("patternTransform", format!("rotate({})", hatch_angle(ink)))
                .add(
                    Tag::new("rect")
                        .num("width", HATCH_GAP)
                        .num("height", HATCH_GAP)
                        .set("fill", colour)
                        .set("fill-opacity", TINT_OPACITY),
                )
                .add(
                    line.path()
                        .set("stroke", colour)
                        .set("stroke-width", HATCH_WIDTH)
                        .set("stroke-opacity", HATCH_OPACITY),
                ),
        );
        seen.push(id);
    }
    if seen.is_empty() {
        return String::new();
    }
    defs.to_string()
}

/// The inks of the areas of `overlays` of `scene`, [`slotted`].
pub(super) fn inks<'a>(scene: &Scene, overlays: impl IntoIterator<Item = &'a Overlay>) -> Vec<Ink> {
    let mut out: Vec<Ink> = Vec::new();
    for overlay in overlays {
        for mark in &overlay.marks {
            let ink = slotted(scene, mark.ink);
            if matches!(mark.shape, MarkShape::Area { .. }) && !out.contains(&ink) {
                out.push(ink);
            }
        }
    }
    out
}

/// Every shown overlay of `scene`, in its order.
pub(super) fn draw(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    for overlay in scene.overlays.iter().filter(|o| o.shown) {
        if let Some(tag) = layer(scene, overlay, layout) {
            doc.push(tag);
        }
    }
}

/// One overlay as a group of class [`class`], or `None` when it draws
/// nothing here.
pub(super) fn layer(scene: &Scene, overlay: &Overlay, layout: &Layout) -> Option<Tag> {
    let drawn = parts(scene, overlay, layout);
    if drawn.is_empty() {
        return None;
    }
    let mut group = Tag::new("g").set("class", class(overlay.name));
    for tag in drawn {
        group.push(tag);
    }
    Some(group)
}

/// Each mark of an overlay drawn, in order: a film keeps each as a piece
/// of its own, so a side's zone that did not change is not drawn again.
pub(super) fn parts(scene: &Scene, overlay: &Overlay, layout: &Layout) -> Vec<Tag> {
    overlay
        .marks
        .iter()
        .filter_map(|mark| match &mark.shape {
            MarkShape::Area { places } => zone(places, slotted(scene, mark.ink), &layout.surface),
            _ => marks::mark_tag(scene, layout, mark),
        })
        .collect()
}

/// The sample of a zone in the legend: a square of its hatch ([`slotted`]
/// ink), outlined.
pub(super) fn sample(ink: Ink, at: Point, size: f64) -> Tag {
    Tag::new("rect")
        .num("x", at.x + 1.0)
        .num("y", at.y + 1.0)
        .num("width", size - 2.0)
        .num("height", size - 2.0)
        .set("fill", format!("url(#{})", hatch_id(ink)))
        .set("stroke", slot_colour(ink, false))
        .set("stroke-width", "1.6")
}

/// An area of cells (or a polygon of points on a table) as a zone: the
/// hatch over the union, and the line inside its outline.
fn zone(places: &[Place], ink: Ink, surface: &Surface) -> Option<Tag> {
    let mut cells: Vec<Vec<Point>> = Vec::new();
    let mut points: Vec<Point> = Vec::new();
    // A cell named twice is one cell (twice, its sides would cancel).
    let mut seen = HashSet::new();
    for &place in places {
        match place {
            Place::Cell(cell) if surface.on_board(cell) && seen.insert(cell) => {
                cells.push(surface.outline(cell));
            }
            Place::Cell(_) => {}
            Place::Point(_) => points.extend(surface.place(place)),
        }
    }
    if points.len() >= 3 {
        cells.push(points);
    }
    let loops = outline(&cells);
    if loops.is_empty() {
        return None;
    }
    let mut fill = PathData::new();
    let mut line = PathData::new();
    for ring in &loops {
        relative_ring(&mut fill, ring.iter().map(|(p, _)| *p));
        relative_ring(&mut line, inset(ring, inset_of(ink)));
    }
    let colour = slot_colour(ink, false);
    Some(
        Tag::new("g")
            .add(
                fill.into_path()
                    .set("fill", format!("url(#{})", hatch_id(ink)))
                    .set("fill-rule", "evenodd"),
            )
            .add(
                line.into_path()
                    .set("fill", "none")
                    .set("stroke", colour)
                    .set("stroke-width", "2")
                    .set("stroke-opacity", ".9")
                    .set("stroke-linejoin", "round"),
            ),
    )
}

/// A closed ring as `Mx,yldx,dy dx,dy…Z`: its first point, then each step
/// from the point before, both rounded to a tenth as the document's numbers
/// are, so the steps add up to the points exactly and a ring of a zone
/// costs half what its points would.
fn relative_ring(d: &mut PathData, points: impl IntoIterator<Item = Point>) {
    let tenths = |v: f64| (v * 10.0).round() as i64;
    let mut last: Option<(i64, i64)> = None;
    let mut steps = String::new();
    for p in points {
        let at = (tenths(p.x), tenths(p.y));
        match last {
            None => {
                d.move_to(Point::new(at.0 as f64 / 10.0, at.1 as f64 / 10.0));
                steps.push('l');
            }
            Some(before) => {
                if steps.len() > 1 {
                    steps.push(' ');
                }
                push_px(&mut steps, (at.0 - before.0) as f64 / 10.0);
                steps.push(',');
                push_px(&mut steps, (at.1 - before.1) as f64 / 10.0);
            }
        }
        last = Some(at);
    }
    if last.is_some() {
        steps.push('Z');
        d.commands(&steps);
    }
}

/// A vertex's position to a hundredth of a pixel, so the corners two
/// neighbouring cells share are one.
type Key = (i64, i64);

fn key(p: Point) -> Key {
    ((p.x * 100.0).round() as i64, (p.y * 100.0).round() as i64)
}

/// The outline of the union of `polygons` (each a cell's corners, all
/// wound the same way): the sides no two of them share, chained into
/// closed rings, each point with the inward normal of the side leaving it.
/// Straight runs are one side.
fn outline(polygons: &[Vec<Point>]) -> Vec<Vec<(Point, Vec2)>> {
    // Every side, directed as its polygon winds, with the normal into its
    // polygon: on the left of the side where the shoelace area is positive,
    // whichever way the axes point.
    let mut sides: Vec<(Point, Point, Vec2)> = Vec::new();
    for polygon in polygons.iter().filter(|p| p.len() >= 3) {
        let next = |i: usize| polygon[(i + 1) % polygon.len()];
        let area: f64 = (0..polygon.len())
            .map(|i| polygon[i].x * next(i).y - next(i).x * polygon[i].y)
            .sum();
        let inward = if area > 0.0 { 1.0 } else { -1.0 };
        for (i, &a) in polygon.iter().enumerate() {
            let along = next(i) - a;
            if along.hypot() < 1e-9 {
                continue;
            }
            sides.push((
                a,
                next(i),
                Vec2::new(-along.y, along.x) * (inward / along.hypot()),
            ));
        }
    }
    // A side both neighbours have (once each way) is inside the union.
    let directed: HashSet<(Key, Key)> = sides.iter().map(|&(a, b, _)| (key(a), key(b))).collect();
    let outer: Vec<&(Point, Point, Vec2)> = sides
        .iter()
        .filter(|(a, b, _)| !directed.contains(&(key(*b), key(*a))))
        .collect();
    let mut from: HashMap<Key, Vec<usize>> = HashMap::new();
    for (i, (a, _, _)) in outer.iter().enumerate() {
        from.entry(key(*a)).or_default().push(i);
    }
    let mut used = vec![false; outer.len()];
    let mut rings = Vec::new();
    for start in 0..outer.len() {
        if used[start] {
            continue;
        }
        let mut ring: Vec<(Point, Vec2)> = Vec::new();
        let mut at = start;
        loop {
            used[at] = true;
            let (a, b, normal) = *outer[at];
            // A straight run is one side.
            match ring.last() {
                Some(&(_, n)) if (n - normal).hypot() < 1e-6 => {}
                _ => ring.push((a, normal)),
            }
            let Some(&next) = from
                .get(&key(b))
                .and_then(|next| next.iter().find(|&&n| !used[n]))
            else {
                break;
            };
            at = next;
        }
        // The first point may be in the middle of a straight run.
        if ring.len() > 1 && (ring[0].1 - ring[ring.len() - 1].1).hypot() < 1e-6 {
            ring.remove(0);
        }
        if ring.len() >= 3 {
            rings.push(ring);
        }
    }
    rings
}

/// A ring moved `by` pixels inwards: each corner where its two sides,
/// each moved along its normal, meet (a mitre, kept within three times
/// `by` of the corner at a spike).
fn inset(ring: &[(Point, Vec2)], by: f64) -> Vec<Point> {
    (0..ring.len())
        .map(|i| {
            let (p, leaving) = ring[i];
            let (_, arriving) = ring[(i + ring.len() - 1) % ring.len()];
            let sum = arriving + leaving;
            let denominator = 1.0 + arriving.dot(leaving);
            let shift = if denominator < 0.2 {
                leaving * by
            } else {
                sum * (by / denominator)
            };
            p + shift
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64) -> Vec<Point> {
        vec![
            Point::new(x, y),
            Point::new(x + 10.0, y),
            Point::new(x + 10.0, y + 10.0),
            Point::new(x, y + 10.0),
        ]
    }

    #[test]
    fn two_squares_make_one_rectangle_and_its_inset() {
        let rings = outline(&[square(0.0, 0.0), square(10.0, 0.0)]);
        assert_eq!(rings.len(), 1);
        let corners: Vec<Point> = rings[0].iter().map(|(p, _)| *p).collect();
        assert_eq!(corners.len(), 4, "{corners:?}");
        for corner in [(0.0, 0.0), (20.0, 0.0), (20.0, 10.0), (0.0, 10.0)] {
            assert!(
                corners.contains(&Point::new(corner.0, corner.1)),
                "{corners:?}"
            );
        }
        let inner = inset(&rings[0], 1.0);
        for corner in [(1.0, 1.0), (19.0, 1.0), (19.0, 9.0), (1.0, 9.0)] {
            assert!(
                inner
                    .iter()
                    .any(|p| (p.x - corner.0).abs() < 1e-9 && (p.y - corner.1).abs() < 1e-9),
                "{inner:?}"
            );
        }
    }

    #[test]
    fn a_ring_of_squares_has_a_hole() {
        let mut squares = Vec::new();
        for (x, y) in [
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ] {
            squares.push(square(f64::from(x) * 10.0, f64::from(y) * 10.0));
        }
        let rings = outline(&squares);
        assert_eq!(rings.len(), 2, "the outside and the hole");
        assert!(rings.iter().all(|r| r.len() == 4));
    }

    #[test]
    fn a_class_keeps_only_plain_characters() {
        assert_eq!(class("zoc"), "overlay-zoc");
        assert_eq!(class("a\"b <c>"), "overlay-abc");
    }
}
