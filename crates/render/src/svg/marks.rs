//! Marks of what just happened: routes and links as arrows (bold, dashed,
//! curved, headless with end dots, an impact burst at a target), glyphs
//! beside a place (right of the counter standing there, or left where more
//! lines come from the right; never over its id; several at one place
//! stacked downwards), outlined areas and fire arcs,
//! each with an optional label: drawn last, over everything, each where
//! [`place_label`] finds room clear of the counters and of the labels
//! before it.

use senlac_board::kurbo::{Point, Vec2};
use senlac_board::scene::{Dash, Glyph, Head, Mark, MarkShape, Place, Scene, Standing, Stroke};
use senlac_board::table::Sector;

use super::counters::SHAKEN_CORNER;
use super::{HALF, PathData, SANS, Tag, ink_colour};
use crate::layout::{Layout, Rect, Surface, towards};
use crate::placement::{
    Anchor, Body, LABEL_SIZE, Obstacles, label_size, place_label, to_square_edge,
};

/// How far off a counter's edge a line stops.
const GAP: f64 = 4.0;
/// How far off it an impact's burst is centred: the burst (12 pixels
/// across its points) just reaches the counter, clear of its corner words.
const IMPACT_GAP: f64 = 9.0;
/// The shortest link drawn with its full gaps.
const MIN_LINE: f64 = 28.0;

/// How an arrow or a line is drawn, in pixels.
pub(super) struct Arrow {
    pub colour: &'static str,
    pub width: f64,
    /// The head's length; no head when `None`, but dots at both ends.
    pub head: Option<f64>,
    pub dash: Option<&'static str>,
    /// A small burst at the tip, at this scale of the burst's 39-pixel radius.
    pub impact: Option<&'static str>,
}

impl Arrow {
    /// The drawing of `stroke`: weight 1 is a thin link, 2 a move, 2.5 an
    /// attack, 3 and more a bold charge. Legend samples are drawn smaller.
    pub(super) fn of(stroke: &Stroke, colour: &'static str, sample: bool) -> Arrow {
        let weight = if stroke.weight.is_finite() {
            stroke.weight.clamp(0.5, 6.0)
        } else {
            2.0
        };
        let mut width = if weight >= 3.0 {
            7.0 + 2.0 * (weight - 3.0)
        } else {
            1.6 * weight
        };
        if sample {
            width = width.min(6.0);
        }
        let head = (7.0 + 1.3 * width).round();
        Arrow {
            colour,
            width,
            head: (stroke.head != Head::None).then_some(if sample { head.min(14.0) } else { head }),
            dash: match stroke.dash {
                Dash::Solid => None,
                Dash::Dashed if sample => Some("5 3"),
                Dash::Dashed => Some("7 4"),
                Dash::Dotted => Some("1.5 4"),
            },
            impact: (stroke.head == Head::Impact).then_some(if sample {
                "scale(.2)"
            } else {
                "scale(.3)"
            }),
        }
    }
}

/// The control point bending a curved line to the left of its flight.
pub(super) fn bend(a: Point, b: Point) -> Point {
    let m = a.midpoint(b);
    let k = 0.3;
    Point::new(m.x + (b.y - a.y) * k, m.y - (b.x - a.x) * k)
}

/// A line along `points` (at least two, distinct ends) with a white halo;
/// `curve` makes it one quadratic curve bending through that control point.
pub(super) fn arrow(points: &[Point], curve: Option<Point>, style: &Arrow) -> Option<Tag> {
    let (&tip, &before) = (points.last()?, points.get(points.len().checked_sub(2)?)?);
    let from = curve.unwrap_or(before);
    if crate::layout::near(from, tip) {
        return None;
    }
    let mut group = Tag::new("g")
        .set("fill", "none")
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    let halo = |d: &PathData, width: f64| {
        d.path()
            .set("stroke", "#fff")
            .set("stroke-opacity", ".85")
            .num("stroke-width", width)
    };
    let body = |end: Point| {
        let mut d = PathData::new();
        match curve {
            Some(c) => {
                d.move_to(points[0]).quad_to(c, end);
            }
            None => {
                d.polyline(&points[..points.len() - 1]).line_to(end);
            }
        }
        d
    };
    let Some(len) = style.head else {
        // No head: a thin link with a dot at each end.
        let d = body(tip);
        group.push(halo(&d, style.width + 2.4));
        group.push(line(&d, style));
        for p in [points[0], tip] {
            group.push(
                Tag::new("circle")
                    .num("cx", p.x)
                    .num("cy", p.y)
                    .set("r", "2.6")
                    .set("fill", style.colour)
                    .set("stroke", "#fff"),
            );
        }
        return Some(group);
    };
    // The head: a triangle whose base the line stops at.
    let half = len * 0.55;
    let base = towards(tip, from, len);
    let d = tip.distance(from);
    let (nx, ny) = ((tip.y - from.y) / d * half, (from.x - tip.x) / d * half);
    let mut head = PathData::new();
    head.polygon(&[
        tip,
        Point::new(base.x + nx, base.y + ny),
        Point::new(base.x - nx, base.y - ny),
    ]);
    let d = body(towards(tip, from, len * 0.8));
    group.push(halo(&d, style.width + 3.0));
    group.push(halo(&head, 3.0));
    group.push(line(&d, style));
    group.push(head.path().set("fill", style.colour));
    if let Some(scale) = style.impact {
        group.push(
            Tag::new("g").translate(tip).add(
                Tag::new("use")
                    .set("xlink:href", "#burst")
                    .set("transform", scale),
            ),
        );
    }
    Some(group)
}

fn line(d: &PathData, style: &Arrow) -> Tag {
    let mut line = d
        .path()
        .set("stroke", style.colour)
        .num("stroke-width", style.width);
    if let Some(dash) = style.dash {
        line = line.set("stroke-dasharray", dash);
        if !dash.starts_with("1.5") {
            line = line.set("stroke-linecap", "butt");
        }
    }
    line
}

/// How far from `place`'s anchor a line leaving it along `direction`
/// stops: off the edge of the counter standing there, if any, by `gap`, so
/// that it starts or ends clear of the counter's corner words. The edge's
/// distance and the gap, apart; 4 pixels of gap where no counter stands.
fn reach(scene: &Scene, layout: &Layout, place: Place, direction: Vec2, gap: f64) -> (f64, f64) {
    let Some(counter) = scene.counters.iter().find(|c| c.at == place) else {
        return (0.0, 4.0);
    };
    match (&layout.surface, counter.footprint) {
        (Surface::Table(table), Some(f)) if place_is_point(place) => {
            (f.width.min(f.depth) * table.scale / 2.0, GAP)
        }
        _ => (
            to_square_edge(HALF * layout.sizing(counter).scale, direction),
            gap,
        ),
    }
}

fn place_is_point(place: Place) -> bool {
    matches!(place, Place::Point(_))
}

/// Whether a mark is drawn under the counters: areas and arcs, which would
/// tint them.
fn lies_under(mark: &Mark) -> bool {
    matches!(mark.shape, MarkShape::Area { .. } | MarkShape::Arc { .. })
}

/// The marks that lie under the counters, in the scene's order.
pub(super) fn draw_under(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    for mark in scene.marks.iter().filter(|m| lies_under(m)) {
        if let Some(Drawn { tag: Some(tag), .. }) = draw_mark(scene, layout, mark, 0) {
            doc.push(tag);
        }
    }
}

/// Every other mark, over the counters, in the scene's order; then every
/// mark's label, over everything, each placed clear of the counters and
/// of the labels before it (see [`label_boxes`]).
pub(super) fn draw_over(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    let drawn = draw_marks(scene, layout);
    let labels = place_labels(scene, layout, &drawn);
    for (mark, drawn) in scene.marks.iter().zip(drawn) {
        if let Some(Drawn { tag: Some(tag), .. }) = drawn.filter(|_| !lies_under(mark)) {
            doc.push(tag);
        }
    }
    for label in &labels {
        let colour = scene
            .marks
            .get(label.mark)
            .map_or(super::NEUTRAL, |m| ink_colour(scene, m.ink, true));
        doc.push(label_tag(label, colour));
    }
}

/// `mark` drawn alone, without its label (an overlay's mark).
pub(super) fn mark_tag(scene: &Scene, layout: &Layout, mark: &Mark) -> Option<Tag> {
    draw_mark(scene, layout, mark, 0)?.tag
}

/// Every mark drawn, in the scene's order (`None` for one that cannot be).
fn draw_marks(scene: &Scene, layout: &Layout) -> Vec<Option<Drawn>> {
    scene
        .marks
        .iter()
        .enumerate()
        .map(|(i, mark)| {
            // The how-manieth glyph at its place: each goes below the one before.
            let nth = match mark.shape {
                MarkShape::Spot { at, .. } => scene.marks[..i]
                    .iter()
                    .filter(|m| matches!(m.shape, MarkShape::Spot { at: a, .. } if a == at))
                    .count(),
                _ => 0,
            };
            draw_mark(scene, layout, mark, nth)
        })
        .collect()
}

/// A mark's label as drawn: the mark's index in the scene, its text and
/// the box of its tag.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelBox {
    pub mark: usize,
    pub text: String,
    pub rect: Rect,
}

/// Where `scene`'s mark labels go, laid out so: in the scene's order, each
/// where its mark would have it (a link's middle, beside a glyph) or, where
/// that would cover a counter or an earlier label, at the nearest spot that
/// covers neither (glyphs and bursts too, if it can), inside the map.
pub fn label_boxes(scene: &Scene, layout: &Layout) -> Vec<LabelBox> {
    place_labels(scene, layout, &draw_marks(scene, layout))
}

fn place_labels(scene: &Scene, layout: &Layout, drawn: &[Option<Drawn>]) -> Vec<LabelBox> {
    let placed = layout.counters(scene);
    let mut obstacles = Obstacles {
        hard: placed.iter().map(|p| p.face.grown(2.0)).collect(),
        soft: drawn
            .iter()
            .flatten()
            .flat_map(|d| d.boxes.iter().copied())
            .collect(),
        frame: Some(layout.map.grown(-3.0)),
    };
    // A shaken counter's disc stands out of its corner.
    obstacles.soft.extend(
        placed
            .iter()
            .filter(|p| p.counter.standing == Standing::Shaken && p.body == Body::Square)
            .map(|p| Rect::centred(p.centre + SHAKEN_CORNER.to_vec2(), 20.0, 20.0)),
    );
    let mut labels = Vec::new();
    for (i, (mark, drawn)) in scene.marks.iter().zip(drawn).enumerate() {
        let (Some(text), Some(anchor)) = (&mark.label, drawn.as_ref().and_then(|d| d.label)) else {
            continue;
        };
        let rect = place_label(anchor, label_size(text), &obstacles);
        obstacles.hard.push(rect.grown(2.0));
        labels.push(LabelBox {
            mark: i,
            text: text.clone(),
            rect,
        });
    }
    labels
}

/// How far right of `place` a glyph goes: clear of the counter standing
/// there, if any.
fn beside(scene: &Scene, layout: &Layout, place: Place) -> Option<f64> {
    let counter = scene.counters.iter().find(|c| c.at == place)?;
    Some(match (&layout.surface, counter.footprint) {
        (Surface::Table(table), Some(f)) if place_is_point(place) => {
            f.width.max(f.depth) * table.scale / 2.0 + 12.0
        }
        _ => HALF * layout.sizing(counter).scale + 12.0,
    })
}

/// Whether a small counter sharing `place` (drawn at `c`) stands west of
/// it, and whether one stands east.
fn small_sides(scene: &Scene, layout: &Layout, place: Place, c: Point) -> (bool, bool) {
    // Placing every counter is dear; most places have no small one.
    if !scene.counters.iter().any(|k| k.at == place && k.small) {
        return (false, false);
    }
    let placed = layout.counters(scene);
    let small = placed
        .iter()
        .filter(|p| p.counter.at == place && p.counter.small);
    let west = small.clone().any(|p| p.centre.x < c.x - 1.0);
    let east = small.clone().any(|p| p.centre.x > c.x + 1.0);
    (west, east)
}

/// The box of every glyph beside a place ([`MarkShape::Spot`]), with its
/// mark's index, as drawn.
pub fn glyph_boxes(scene: &Scene, layout: &Layout) -> Vec<(usize, Rect)> {
    draw_marks(scene, layout)
        .iter()
        .enumerate()
        .filter(|(i, _)| matches!(scene.marks[*i].shape, MarkShape::Spot { .. }))
        .filter_map(|(i, d)| Some((i, *d.as_ref()?.boxes.first()?)))
        .collect()
}

/// Whether the lines reaching `place` (drawn at `c`) weigh more from its
/// right than from its left: a link or a route's last step counts one, two
/// with a label. Glyphs then go on its left, clear of the lines and labels.
fn reached_from_the_right(scene: &Scene, layout: &Layout, place: Place, c: Point) -> bool {
    let (mut left, mut right) = (0, 0);
    for m in &scene.marks {
        let other = match &m.shape {
            MarkShape::Link { from, to, .. } if *from == place => Some(to),
            MarkShape::Link { from, to, .. } if *to == place => Some(from),
            MarkShape::Path { places, .. } if places.last() == Some(&place) => {
                places.iter().rev().find(|&&p| p != place)
            }
            _ => None,
        };
        let Some(o) = other.and_then(|&o| layout.anchor(scene, o)) else {
            continue;
        };
        let weight = 1 + usize::from(m.label.is_some());
        if o.x > c.x + 1.0 {
            right += weight;
        } else if o.x < c.x - 1.0 {
            left += weight;
        }
    }
    right > left
}

/// A mark as drawn: its drawing, where its label would go, and the boxes of
/// what it draws that a label had better not cover (glyphs, bursts, heads).
struct Drawn {
    tag: Option<Tag>,
    label: Option<Anchor>,
    boxes: Vec<Rect>,
}

impl Drawn {
    fn new(tag: Tag, label: Option<Anchor>) -> Drawn {
        Drawn {
            tag: Some(tag),
            label,
            boxes: Vec::new(),
        }
    }
}

/// A mark's drawing and where its label goes; `nth` is how many glyphs were
/// drawn at a spot's place before it.
fn draw_mark(scene: &Scene, layout: &Layout, mark: &Mark, nth: usize) -> Option<Drawn> {
    let surface = &layout.surface;
    match &mark.shape {
        MarkShape::Path { places, stroke } => {
            let mut deduped: Vec<Place> = Vec::with_capacity(places.len());
            for &p in places {
                if deduped.last() != Some(&p) {
                    deduped.push(p);
                }
            }
            let last = *deduped.last()?;
            // A route ends on its counter: a unit's base centres it between
            // squares, and the whole route moves with it. An outline (a
            // closed route) stays on its squares.
            let closed = deduped.len() > 2 && deduped.first() == deduped.last();
            let shift = if closed {
                Vec2::ZERO
            } else {
                layout.anchor(scene, last)? - surface.place(last)?
            };
            let mut points: Vec<Point> = deduped
                .iter()
                .map(|&p| surface.place(p).map(|q| q + shift))
                .collect::<Option<_>>()?;
            let end = *points.last()?;
            let before = *points.get(points.len().checked_sub(2)?)?;
            let back = if scene.counters.iter().any(|c| c.at == last) {
                let (edge, gap) = reach(scene, layout, last, before - end, GAP);
                edge + gap
            } else {
                6.0
            };
            let n = points.len();
            points[n - 1] = towards(end, before, back.min(end.distance(before) * 0.6));
            let colour = ink_colour(scene, mark.ink, false);
            let style = Arrow::of(stroke, colour, false);
            let mut group = Tag::new("g");
            if style.head.is_some() {
                // Where it came from: a small ring.
                group.push(
                    Tag::new("circle")
                        .num("cx", points[0].x)
                        .num("cy", points[0].y)
                        .num("r", if stroke.weight >= 3.0 { 5.0 } else { 4.0 })
                        .set("fill", "#fff")
                        .set("stroke", colour)
                        .set("stroke-width", "2"),
                );
            }
            let curve = stroke.curved.then(|| bend(points[0], end));
            let tip = points[n - 1];
            group.push(arrow(&points, curve.filter(|_| n == 2), &style)?);
            let mut drawn = Drawn::new(group, Some(Anchor::Near(end)));
            drawn.boxes.push(Rect::centred(points[0], 12.0, 12.0));
            if style.head.is_some() {
                drawn.boxes.push(Rect::centred(tip, 14.0, 14.0));
            }
            Some(drawn)
        }
        MarkShape::Link { from, to, stroke } => {
            let (a, b) = (layout.anchor(scene, *from)?, layout.anchor(scene, *to)?);
            let d = a.distance(b);
            if from == to || d == 0.0 {
                return None;
            }
            let gap = if stroke.head == Head::Impact {
                IMPACT_GAP
            } else {
                GAP
            };
            let ((ea, ga), (eb, gb)) = (
                reach(scene, layout, *from, b - a, GAP),
                reach(scene, layout, *to, a - b, gap),
            );
            // Between neighbours the gaps narrow to leave a line that reads.
            let k = if ga + gb > 0.0 {
                ((d - ea - eb - MIN_LINE) / (ga + gb)).clamp(0.0, 1.0)
            } else {
                1.0
            };
            let (pa, pb) = (ea + ga * k, eb + gb * k);
            let shrink = if pa + pb > d * 0.8 {
                d * 0.8 / (pa + pb)
            } else {
                1.0
            };
            let (a, b) = (towards(a, b, pa * shrink), towards(b, a, pb * shrink));
            let style = Arrow::of(stroke, ink_colour(scene, mark.ink, true), false);
            let curve = stroke.curved.then(|| bend(a, b));
            // The middle of the line, or of the curve; the curve's tangent
            // there runs along the chord too.
            let at = curve.map_or(a.midpoint(b), |c| c.midpoint(a.midpoint(b)));
            let half = a.distance(b) / 2.0 - 8.0;
            let room = if curve.is_some() { half * 0.3 } else { half };
            let mut drawn = Drawn::new(
                arrow(&[a, b], curve, &style)?,
                Some(Anchor::Line {
                    at,
                    along: b - a,
                    room,
                }),
            );
            drawn.boxes.push(match style.impact {
                Some(_) => Rect::centred(b, 24.0, 24.0),
                None => Rect::centred(b, 14.0, 14.0),
            });
            Some(drawn)
        }
        MarkShape::Spot { at, glyph } => {
            let c = layout.anchor(scene, *at)?;
            // Right of the counter that stands there, if any, from its top
            // corner down; on the place itself where none does.
            let down = 22.0 * nth as f64;
            let p = match beside(scene, layout, *at) {
                Some(dx) => {
                    // Left where a line reaches the place from the right,
                    // unless a small counter (a leader) stands that side of
                    // the unit and none the other.
                    let mut left = reached_from_the_right(scene, layout, *at, c);
                    let (west, east) = small_sides(scene, layout, *at, c);
                    if (left && west && !east) || (!left && east && !west) {
                        left = !left;
                    }
                    let side = if left { -1.0 } else { 1.0 };
                    Point::new(c.x + side * dx, c.y - 11.0 + down)
                }
                None => Point::new(c.x, c.y + down),
            };
            let away = if p.x < c.x { -1.0 } else { 1.0 };
            let mut drawn = Drawn::new(
                glyph_tag(*glyph, ink_colour(scene, mark.ink, true)).translate(p),
                Some(Anchor::Beside { at: p, away }),
            );
            drawn.boxes.push(Rect::centred(p, 20.0, 20.0));
            Some(drawn)
        }
        MarkShape::Area { places } => {
            let colour = ink_colour(scene, mark.ink, false);
            let mut d = PathData::new();
            let mut points = Vec::new();
            for &place in places {
                match place {
                    Place::Cell(cell) => {
                        d.polygon(&surface.outline(cell));
                    }
                    Place::Point(_) => points.extend(surface.place(place)),
                }
            }
            if points.len() >= 3 {
                d.polygon(&points);
            }
            if d.is_empty() {
                return None;
            }
            let label_at = places.first().and_then(|&p| surface.place(p));
            Some(Drawn::new(
                d.path()
                    .set("fill", colour)
                    .set("fill-opacity", ".12")
                    .set("stroke", colour)
                    .set("stroke-width", "2")
                    .set("stroke-dasharray", "6 3"),
                label_at.map(Anchor::Near),
            ))
        }
        MarkShape::Arc {
            at,
            facing,
            spread,
            radius,
        } => {
            let Surface::Table(table) = surface else {
                return None;
            };
            let finite = [at.x, at.y, *facing, *spread, *radius];
            if !finite.iter().all(|v| v.is_finite()) || *radius <= 0.0 || *spread <= 0.0 {
                return None;
            }
            let colour = ink_colour(scene, mark.ink, false);
            let sector = Sector {
                apex: *at,
                facing: *facing,
                spread: *spread,
                radius: *radius,
            };
            let apex = table.to_px(*at);
            let r = radius * table.scale;
            let mut d = PathData::new();
            if *spread >= 360.0 {
                let top = Point::new(apex.x, apex.y - r);
                let bottom = Point::new(apex.x, apex.y + r);
                d.move_to(top)
                    .arc_to(r, false, bottom)
                    .arc_to(r, false, top)
                    .close();
            } else {
                let (left, right) = sector.ends();
                d.move_to(apex)
                    .line_to(table.to_px(left))
                    .arc_to(r, *spread > 180.0, table.to_px(right))
                    .close();
            }
            let tip = table.to_px(*at + senlac_board::table::heading(*facing) * *radius);
            Some(Drawn::new(
                d.path()
                    .set("fill", colour)
                    .set("fill-opacity", ".1")
                    .set("stroke", colour)
                    .set("stroke-opacity", ".7")
                    .set("stroke-width", "1.5")
                    .set("stroke-dasharray", "5 3"),
                Some(Anchor::Near(tip)),
            ))
        }
    }
}

/// A glyph centred on the origin.
pub(super) fn glyph_tag(glyph: Glyph, colour: &'static str) -> Tag {
    let g = Tag::new("g");
    match glyph {
        Glyph::Burst => g.add(
            Tag::new("use")
                .set("xlink:href", "#burst")
                .set("transform", "scale(.24)"),
        ),
        Glyph::Skull => g.add(Tag::new("use").set("xlink:href", "#skull")),
        Glyph::Beaten => {
            // Two chevrons pointing down: one alone reads as a tick.
            let d = "M-7,-8L0,-1L7,-8M-7,0L0,7L7,0";
            g.add(
                Tag::new("path")
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", "#fff")
                    .set("stroke-width", "7")
                    .set("stroke-linecap", "round")
                    .set("stroke-linejoin", "round"),
            )
            .add(
                Tag::new("path")
                    .set("d", d)
                    .set("fill", "none")
                    .set("stroke", colour)
                    .set("stroke-width", "3.5")
                    .set("stroke-linecap", "round")
                    .set("stroke-linejoin", "round"),
            )
        }
        Glyph::Cross => {
            let d = "M-7,-7L7,7M7,-7L-7,7";
            g.add(
                Tag::new("path")
                    .set("d", d)
                    .set("stroke", "#fff")
                    .set("stroke-width", "6")
                    .set("stroke-linecap", "round"),
            )
            .add(
                Tag::new("path")
                    .set("d", d)
                    .set("stroke", colour)
                    .set("stroke-width", "3")
                    .set("stroke-linecap", "round"),
            )
        }
        Glyph::Ring => g.add(
            Tag::new("circle")
                .set("r", "7")
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", "3"),
        ),
        Glyph::Star => g.add(
            Tag::new("path")
                .set(
                    "d",
                    "M0,-9L2.1,-2.9L8.6,-2.8L3.4,1.1L5.3,7.3L0,3.6L-5.3,7.3L-3.4,1.1L-8.6,-2.8L-2.1,-2.9Z",
                )
                .set("fill", colour)
                .set("stroke", "#fff")
                .set("stroke-width", "1")
                .set("stroke-linejoin", "round"),
        ),
    }
}

/// A mark's label ("7 vs 4"): bold text on a white tag edged in the mark's
/// colour, in its box, over everything, so it reads on any ground.
fn label_tag(label: &LabelBox, colour: &'static str) -> Tag {
    const SIZE: f64 = LABEL_SIZE;
    let r = label.rect;
    let at = r.centre();
    Tag::new("g")
        .add(
            Tag::new("rect")
                .num("x", r.x)
                .num("y", r.y)
                .num("width", r.width)
                .num("height", r.height)
                .set("rx", "3")
                .set("fill", "#fff")
                .set("stroke", colour)
                .set("stroke-width", "1.2"),
        )
        .add(
            Tag::new("text")
                .at(Point::new(at.x, at.y + SIZE * 0.36))
                .set("font-family", SANS)
                .num("font-size", SIZE)
                .set("font-weight", "bold")
                .set("fill", colour)
                .set("text-anchor", "middle")
                .text(&label.text),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stroke_weights_map_onto_the_hastings_arrows() {
        let stroke = |weight, head| Stroke {
            dash: Dash::Solid,
            weight,
            head,
            curved: false,
        };
        let of = |s| {
            let a = Arrow::of(&s, "#000", false);
            (a.width, a.head)
        };
        assert_eq!(of(stroke(2.0, Head::Arrow)), (3.2, Some(11.0)));
        assert_eq!(of(stroke(2.5, Head::Arrow)), (4.0, Some(12.0)));
        assert_eq!(of(stroke(3.0, Head::Arrow)), (7.0, Some(16.0)));
        assert_eq!(of(stroke(1.0, Head::None)), (1.6, None));
    }
}
