//! Counters: a side-coloured square on a grid, or the unit's base rotated to
//! its facing on a table, with its face (symbol, corner texts, id, damage
//! pips, strength bar) and how it stands (falling, pursuing, shaken).

use senlac_board::kurbo::Point;
use std::sync::OnceLock;

use senlac_board::scene::{Counter, Ink, Sample, Scene, Standing, Symbol, Weight};

use super::{
    BLOOD, COUNTER, HALF, PALETTE_COUNT, PathData, SANS, Tag, palette, side_palette, slot_colour,
    slotted,
};
use crate::layout::{Layout, Rect, push_px};
use crate::placement::{Body, CORNER_FONT, SMALL_COUNTER, Sizing, bold_text_width};

/// A red cross over a falling counter.
pub(super) const FALLING: &str = concat!(
    "<path d=\"M-16,-16L16,16M16,-16L-16,16\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-opacity=\".8\"/>",
    "<path d=\"M-16,-16L16,16M16,-16L-16,16\" stroke=\"#c8211b\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
);

/// A double chevron over a pursuing counter.
pub(super) const PURSUING: &str = concat!(
    "<path d=\"M-10,4L0,-6L10,4M-10,14L0,4L10,14\" fill=\"none\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
    "<path d=\"M-10,4L0,-6L10,4M-10,14L0,4L10,14\" fill=\"none\" stroke=\"#2a241c\" stroke-width=\"3.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
);

/// A shaken counter's mark: a yellow disc with an exclamation, drawn on the
/// counter's top-right corner, clear of its id.
///
/// On a square counter it sits at [`SHAKEN_CORNER`], astride the corner and
/// clear of the corner's words.
pub(super) const SHAKEN: &str = concat!(
    "<circle r=\"9\" fill=\"#f2c230\" stroke=\"#2a241c\" stroke-width=\"1.5\"/>",
    "<path d=\"M0,-5V1.5M0,4.2V4.4\" stroke=\"#2a241c\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
);

/// Where a square counter's shaken disc is centred.
pub(super) const SHAKEN_CORNER: Point = Point::new(26.0, -26.0);

/// The overlay drawn over a counter standing so, if any.
pub(super) fn standing_mark(standing: Standing) -> Option<&'static str> {
    match standing {
        Standing::Active => None,
        Standing::Falling => Some(FALLING),
        Standing::Pursuing => Some(PURSUING),
        Standing::Shaken => Some(SHAKEN),
    }
}

/// Counters in the scene's order, except that those leaving the field go
/// first (under the others); several in one place fan out a little. The
/// bases of units larger than a square go under every counter.
pub(super) fn draw(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    let placed = layout.counters(scene);
    for p in &placed {
        if let Some(base) = p.base {
            doc.push(draw_grid_base(scene, p.counter, base));
        }
    }
    for p in &placed {
        doc.push(match p.body {
            Body::Base { width, depth } => draw_base(scene, p.counter, p.centre, width, depth),
            Body::Square if p.counter.small => {
                draw_small_counter(scene, p.counter, p.centre, p.sizing)
            }
            Body::Square => draw_square_counter(scene, p.counter, p.centre, p.sizing),
        });
    }
}

/// The base of a unit covering several squares: the squares outlined as
/// one body in its side's colour, lightly tinted, inset a little so
/// neighbouring bases stay apart; faded as its counter is.
fn draw_grid_base(scene: &Scene, counter: &Counter, base: Rect) -> Tag {
    let pal = side_palette(scene, counter.side);
    let inset = base.grown(-3.0);
    let mut rect = Tag::new("rect")
        .num("x", inset.x)
        .num("y", inset.y)
        .num("width", inset.width)
        .num("height", inset.height)
        .set("rx", "6")
        .set("fill", pal.fill)
        .set("fill-opacity", ".13")
        .set("stroke", pal.fill)
        .set("stroke-width", "2.5");
    if counter.standing != Standing::Active {
        rect = rect
            .set("stroke-opacity", ".45")
            .set("stroke-dasharray", "6 4");
    }
    rect
}

/// Rotation in degrees, or `None` without a usable facing.
fn facing(counter: &Counter) -> Option<f64> {
    counter
        .facing
        .filter(|f| f.is_finite())
        .map(|f| f.rem_euclid(360.0))
}

/// A 46-pixel square counter (on a grid, or on a table without a base) with
/// a facing triangle outside it, drawn as `sizing` says.
fn draw_square_counter(scene: &Scene, counter: &Counter, at: Point, sizing: Sizing) -> Tag {
    let mut body = Tag::new("g").add(Tag::new("use").set("xlink:href", body_ref(scene, counter)));
    if counter.face.flipped {
        body.push(flipped_band(HALF));
    }
    let id = face(&mut body, scene, counter, HALF, HALF, sizing);
    if let Some(arrow) = facing_arrow(scene, counter, "M-5.5,-26L0,-33L5.5,-26z") {
        body.push(arrow);
    }
    if let Some(chit) = marker_chit(scene, counter, HALF, sizing.font) {
        body.push(chit);
    }
    finish(
        scene,
        counter,
        at,
        body,
        id,
        1.0,
        SHAKEN_CORNER,
        sizing.scale,
    )
}

/// The triangle outside a counter pointing where it faces (`d` drawn
/// pointing north), if it has a facing.
fn facing_arrow(scene: &Scene, counter: &Counter, d: &'static str) -> Option<Tag> {
    let deg = facing(counter)?;
    Some(
        Tag::new("path")
            .set("transform", rotate(deg))
            .set("d", d)
            .set("fill", side_palette(scene, counter.side).dark)
            .set("stroke", "#fff")
            .set("stroke-width", ".8")
            .set("stroke-linejoin", "round"),
    )
}

/// The side of a small counter ([`SMALL_COUNTER`]) over the full size's.
const SMALL_SCALE: f64 = SMALL_COUNTER / COUNTER;

/// A small counter: the side's body shrunk, its id and its factors, and
/// how it stands; its facing triangle, marker and back as a full one's;
/// drawn as `sizing` says, its words at least its font.
fn draw_small_counter(scene: &Scene, counter: &Counter, at: Point, sizing: Sizing) -> Tag {
    let half = SMALL_COUNTER / 2.0;
    let mut body = Tag::new("g").add(
        Tag::new("use")
            .set("xlink:href", body_ref(scene, counter))
            .set("transform", scale(SMALL_SCALE)),
    );
    if counter.face.flipped {
        body.push(flipped_band(half));
    }
    let text = |y: f64, size: f64, text: &str| {
        Tag::new("text")
            .set("x", "0")
            .num("y", y)
            .set("font-family", SANS)
            .set("font-weight", "bold")
            .num("font-size", size)
            .set("fill", "#fff")
            .set("text-anchor", "middle")
            .text(text)
    };
    // Larger words than designed stand higher: their tops move up.
    let factors_font = sizing.font.max(8.5);
    let id_font = sizing.font.max(10.0);
    if let Some(factors) = counter.face.factors.as_deref().filter(|f| !f.is_empty()) {
        body.push(text(half - 4.0, factors_font, factors));
    }
    if let Some(arrow) = facing_arrow(scene, counter, "M-4,-17L0,-22L4,-17z") {
        body.push(arrow);
    }
    if let Some(chit) = marker_chit(scene, counter, half, sizing.font) {
        body.push(chit);
    }
    let y = if counter.face.factors.is_some() {
        1.5 - CAP * (factors_font - 8.5)
    } else {
        4.0 + CAP * (id_font - 10.0) / 2.0
    };
    let id = text(y, id_font, &counter.id);
    finish(
        scene,
        counter,
        at,
        body,
        id,
        SMALL_SCALE,
        Point::new(SHAKEN_CORNER.x * SMALL_SCALE, SHAKEN_CORNER.y * SMALL_SCALE),
        sizing.scale,
    )
}

/// The height of a capital or a digit in DejaVu Sans Bold, in ems.
const CAP: f64 = 0.73;

/// The pale band along the top of a counter `2 × half` wide that shows its
/// back.
fn flipped_band(half: f64) -> Tag {
    Tag::new("path")
        .set("d", {
            let mut d = PathData::new();
            d.polygon(&[
                Point::new(-half + 1.0, -half + 1.0),
                Point::new(half - 1.0, -half + 1.0),
                Point::new(half - 1.0, -half + 5.5),
                Point::new(-half + 1.0, -half + 5.5),
            ]);
            d.into_string()
        })
        .set("fill", FLIPPED_BAND)
}

/// The colour of the band across a counter showing its back.
pub(super) const FLIPPED_BAND: &str = "#f6f0e0";

/// A marker chit laid across the top of a counter `2 × half` wide, on the
/// corner its facing triangle leaves free: its word on the ink's colour, at
/// `font` (8 at the counter's own size).
fn marker_chit(scene: &Scene, counter: &Counter, half: f64, font: f64) -> Option<Tag> {
    let marker = counter
        .face
        .marker
        .as_ref()
        .filter(|m| !m.text.is_empty())?;
    // A facing into the north-east would run under a chit on the right.
    let left = facing(counter).is_some_and(|f| f < 90.0);
    let (width, height) = (bold_text_width(&marker.text, font) + 7.0, font + 4.0);
    let x = if left {
        -half - 4.0
    } else {
        half + 4.0 - width
    };
    Some(marker_tag(
        &marker.text,
        slotted(scene, marker.ink),
        Point::new(x, -half - 7.0 - (height - 12.0)),
        width,
        height,
    ))
}

/// A chit `width` × `height` with its top-left at `at`, `text` on it (its
/// font 4 under the height), on the colour of `ink` ([`slotted`]).
pub(super) fn marker_tag(text: &str, ink: Ink, at: Point, width: f64, height: f64) -> Tag {
    Tag::new("g")
        .add(
            Tag::new("rect")
                .num("x", at.x)
                .num("y", at.y)
                .num("width", width)
                .num("height", height)
                .set("rx", "1.5")
                .set("fill", slot_colour(ink, false))
                .set("stroke", "#fff")
                .set("stroke-width", "1.2"),
        )
        .add(
            Tag::new("text")
                .num("x", at.x + width / 2.0)
                .num("y", at.y + height - 3.0)
                .set("font-family", SANS)
                .set("font-weight", "bold")
                .num("font-size", height - 4.0)
                .set("fill", "#fff")
                .set("text-anchor", "middle")
                .text(text),
        )
}

/// A unit's base on a table: its rectangle, `width` pixels of front and
/// `depth` deep, turned to its facing, the front edge drawn bold.
fn draw_base(scene: &Scene, counter: &Counter, at: Point, width: f64, depth: f64) -> Tag {
    let pal = side_palette(scene, counter.side);
    let (w, d) = (width / 2.0, depth / 2.0);
    let rect = |dx: f64, fill: &'static str| {
        Tag::new("rect")
            .num("x", -w + dx)
            .num("y", -d + dx)
            .num("width", width)
            .num("height", depth)
            .set("rx", "2")
            .set("fill", fill)
    };
    let mut front = PathData::new();
    front.move_to(Point::new(-w, -d)).line_to(Point::new(w, -d));
    // The face is drawn at counter size where the base is deep enough, and
    // shrunk where it is not; its corners reach the base's corners.
    let shrink = (depth / COUNTER).min(width / COUNTER).min(1.0);
    let facing = facing(counter);
    // A base facing down the table would show its words upside down: turn
    // the face round (the bold front edge still shows which way it faces).
    let upturned = facing.is_some_and(|deg| deg > 90.0 && deg < 270.0);
    let mut transform = scale(shrink);
    if upturned {
        transform.insert_str(0, "rotate(180) ");
    }
    let mut inner = Tag::new("g").set("transform", transform.clone());
    let id = face(
        &mut inner,
        scene,
        counter,
        w / shrink,
        d / shrink,
        Sizing::OWN,
    );
    // The id is drawn after the body (and any standing mark), turned as the face is.
    if let Some(deg) = facing {
        transform.insert(0, ' ');
        transform.insert_str(0, &rotate(deg));
    }
    let mut id = Tag::new("g").set("transform", transform).add(id);
    // A marker chit stands upright over the base's top-right corner, as a
    // chit laid on the table beside it, clear of its turned face.
    if let Some(marker) = counter.face.marker.as_ref().filter(|m| !m.text.is_empty()) {
        let turn = facing.unwrap_or(0.0).to_radians();
        let (sin, cos) = (turn.sin().abs(), turn.cos().abs());
        let (half_w, half_h) = (cos * w + sin * d, sin * w + cos * d);
        let (width, height) = (
            bold_text_width(&marker.text, CORNER_FONT) + 7.0,
            CORNER_FONT + 4.0,
        );
        id = Tag::new("g").add(id).add(marker_tag(
            &marker.text,
            slotted(scene, marker.ink),
            Point::new(half_w - width, -half_h - height - 1.5),
            width,
            height,
        ));
    }
    let mut body = Tag::new("g")
        .add(rect(1.5, "#000").set("fill-opacity", ".28"))
        .add(
            rect(0.0, pal.fill)
                .set("stroke", pal.dark)
                .set("stroke-width", "1.2"),
        )
        .add(
            front
                .path()
                .set("stroke", "#fff")
                .set("stroke-width", "2.5")
                .set("stroke-linecap", "round"),
        )
        .add(inner);
    if let Some(deg) = facing {
        body = body.set("transform", rotate(deg));
    }
    finish(
        scene,
        counter,
        at,
        body,
        id,
        (depth / COUNTER).min(1.0),
        Point::new(w - 3.0, 3.0 - d),
        1.0,
    )
}

/// `scale(s)`, to a hundredth.
pub(super) fn scale(s: f64) -> String {
    format!("scale({:.2})", if s.is_finite() { s } else { 1.0 })
}

/// `rotate(deg)`.
fn rotate(deg: f64) -> String {
    let mut s = String::from("rotate(");
    push_px(&mut s, deg);
    s.push(')');
    s
}

/// Wraps a counter's body: its tooltip, fading and standing mark (scaled by
/// `mark_scale`; a shaken mark on the `corner`), then its `id` over them all,
/// never faded, so who fell can always be read; all `enlarged` so many
/// times, moved to `at`.
#[allow(clippy::too_many_arguments)]
fn finish(
    scene: &Scene,
    counter: &Counter,
    at: Point,
    body: Tag,
    id: Tag,
    mark_scale: f64,
    corner: Point,
    enlarged: f64,
) -> Tag {
    let mut group = Tag::new("g")
        .translate(at)
        .add(Tag::new("title").text(&tooltip(scene, counter)));
    // Enlarged, all but the tooltip in a scaled group.
    let mut scaled = Tag::new("g").set("transform", scale(enlarged));
    let inner = if enlarged == 1.0 {
        &mut group
    } else {
        &mut scaled
    };
    inner.push(if counter.standing == Standing::Active {
        body
    } else {
        body.set("opacity", ".45")
    });
    if let Some(mark) = standing_mark(counter.standing) {
        let mut g = Tag::new("g");
        if mark_scale < 1.0 {
            g = g.set("transform", scale(mark_scale));
        }
        g = g.raw(mark);
        if counter.standing == Standing::Shaken {
            g = Tag::new("g").translate(corner).add(g);
        }
        inner.push(g);
    }
    inner.push(id);
    if enlarged != 1.0 {
        group.push(scaled);
    }
    group
}

/// Who the counter is: "IX Housecurl — Saxons, heavy infantry, falling".
fn tooltip(scene: &Scene, counter: &Counter) -> String {
    let mut s = counter.id.clone();
    if !counter.name.is_empty() {
        s.push(' ');
        s.push_str(&counter.name);
    }
    s.push_str(" \u{2014} ");
    if let Some(side) = scene.sides.get(counter.side) {
        s.push_str(side);
        s.push_str(", ");
    }
    s.push_str(match counter.face.weight {
        Weight::Light => "light ",
        Weight::Heavy => "heavy ",
        Weight::Skirmish => "skirmish ",
        Weight::None => "",
    });
    s.push_str(match counter.face.symbol {
        Symbol::Infantry => "infantry",
        Symbol::Cavalry => "cavalry",
        Symbol::Archers => "archers",
        Symbol::Leader => "leader",
        Symbol::Plain => "unit",
    });
    s.push_str(match counter.standing {
        Standing::Active => "",
        Standing::Falling => ", falling",
        Standing::Pursuing => ", pursuing",
        Standing::Shaken => ", shaken",
    });
    s
}

/// What a counter shows, inside a rectangle `2 × half_w` wide and `2 ×
/// half_d` deep centred on the origin: the symbol at the top, corner texts
/// (left out of a compact face), damage pips on a light strip or a bar
/// along the bottom, between the bottom corners' words. Returns the id,
/// big, below the symbol, for the caller to draw last (over any standing
/// mark). A grid counter's halves are 23. Words are at least `sizing`'s
/// font, larger ones standing higher.
fn face(
    body: &mut Tag,
    scene: &Scene,
    counter: &Counter,
    half_w: f64,
    half_d: f64,
    sizing: Sizing,
) -> Tag {
    let face = &counter.face;
    let font = sizing.font;
    body.push(symbol_use(
        face.symbol,
        face.weight,
        Point::new(-11.0, 5.0 - half_d),
    ));
    let mut words = Tag::new("g")
        .set("font-family", SANS)
        .set("font-weight", "bold")
        .set("fill", "#fff")
        .set("text-anchor", "middle");
    let grown = font - CORNER_FONT;
    // A face wider than a counter (a base on a table) sets its corner
    // words from its edges, so a long word stays on it; a counter's are
    // centred a little in.
    let wide = half_w > HALF + 1.0;
    let (x, top, bottom) = (
        if wide {
            half_w - 4.0
        } else {
            half_w - 6.0 - grown / 2.0
        },
        11.0 - half_d + CAP * grown,
        half_d - 3.0,
    );
    let corner_at = [
        Point::new(-x, top),
        Point::new(x, top),
        Point::new(-x, bottom),
        Point::new(x, bottom),
    ];
    // Each corner's words, on a face that shows them.
    let corners: Vec<Option<&str>> = face
        .corners
        .iter()
        .map(|t| t.as_deref().filter(|t| !t.is_empty() && !sizing.compact))
        .collect();
    for (i, (text, at)) in corners.iter().zip(corner_at).enumerate() {
        if let Some(text) = text {
            let mut word = Tag::new("text").at(at).num("font-size", font);
            if wide {
                word = word.set("text-anchor", if i % 2 == 0 { "start" } else { "end" });
            }
            words.push(word.text(text));
        }
    }
    body.push(words);
    let pips = face.pips.min(7);
    if pips > 0 {
        body.push(pip_strip(
            pips,
            if face.bar.is_some() {
                half_d - 9.0
            } else {
                half_d
            },
        ));
    }
    if let Some(bar) = &face.bar {
        let width = (half_w * 1.4).min(half_w * 2.0 - 20.0).max(10.0);
        // Between the bottom corners' words, a pixel and a half clear.
        let clear = |text: Option<&str>| {
            let reach = if wide { 1.0 } else { 0.5 };
            text.map_or(-width / 2.0, |t| {
                -x + bold_text_width(t, font) * reach + 1.5
            })
        };
        let left = (-width / 2.0).max(clear(corners[2]));
        let right = (width / 2.0).min(-clear(corners[3]));
        let (left, width) = if right - left >= 8.0 {
            (left, right - left)
        } else {
            (-width / 2.0, width)
        };
        let fill = if bar.fill.is_finite() {
            bar.fill.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let mut g = Tag::new("g").add(
            Tag::new("rect")
                .num("x", left)
                .num("y", half_d - 8.0)
                .num("width", width)
                .set("height", "4")
                .set("fill", "#fff")
                .set("stroke", "#1b1b1b")
                .set("stroke-width", ".6"),
        );
        g.push(
            Tag::new("rect")
                .num("x", left)
                .num("y", half_d - 8.0)
                .num("width", width * fill)
                .set("height", "4")
                .set("fill", if fill > 0.5 { "#3e7a38" } else { BLOOD }),
        );
        let mut ticks = PathData::new();
        for &t in bar.ticks.iter().filter(|t| t.is_finite()) {
            let x = left + width * t.clamp(0.0, 1.0);
            ticks
                .move_to(Point::new(x, half_d - 9.0))
                .line_to(Point::new(x, half_d - 3.0));
        }
        if !ticks.is_empty() {
            g.push(
                ticks
                    .path()
                    .set("stroke", "#1b1b1b")
                    .set("stroke-width", ".8"),
            );
        }
        body.push(g);
    }
    // Printed factors along the foot, the id above them.
    let factors_font = font.max(9.5);
    let id_y = match face.factors.as_deref().filter(|f| !f.is_empty()) {
        Some(factors) => {
            body.push(
                Tag::new("text")
                    .set("x", "0")
                    .num("y", half_d - 3.5)
                    .set("font-family", SANS)
                    .set("font-weight", "bold")
                    .num("font-size", factors_font)
                    .set("fill", "#fff")
                    .set("text-anchor", "middle")
                    .text(factors),
            );
            half_d - 15.0 - CAP * (factors_font - 9.5)
        }
        None => half_d - 10.0,
    };
    // A compact face's id is the larger for what it leaves out, as wide as
    // the face holds and as tall as the room under the symbol.
    let id_font = if sizing.compact {
        let wide = (2.0 * half_w - 6.0) / bold_text_width(&counter.id, 1.0).max(0.1);
        let tall = (id_y + half_d - 19.0) / CAP;
        (font * 1.2).min(wide).min(tall).max(font)
    } else {
        11.0
    };
    let mut id = Tag::new("text")
        .set("x", "0")
        .num("y", id_y)
        .set("font-family", SANS)
        .set("font-weight", "bold")
        // Tenths up: never under the font as written.
        .num("font-size", (id_font * 10.0).ceil() / 10.0)
        .set("fill", "#fff")
        .set("text-anchor", "middle");
    if counter.standing != Standing::Active {
        // Over a faded body and its mark: a dark halo keeps it legible.
        id = id
            .set("stroke", side_palette(scene, counter.side).dark)
            .set("stroke-width", "3")
            .set("stroke-linejoin", "round")
            .set("paint-order", "stroke");
    }
    id.text(&counter.id)
}

/// `pips` damage pips on a light strip whose bottom is `bottom`: red pips
/// ringed dark on cream, which read on every side's colour and in grey.
pub(super) fn pip_strip(pips: u8, bottom: f64) -> Tag {
    let gap = if pips > 5 { 5.6 } else { 7.0 };
    let width = gap * f64::from(pips) + 3.0;
    let cy = bottom - 5.5;
    let mut g = Tag::new("g").add(
        Tag::new("rect")
            .num("x", -width / 2.0)
            .num("y", bottom - 9.0)
            .num("width", width)
            .set("height", "7")
            .set("rx", "3.5")
            .set("fill", PIP_STRIP)
            .set("stroke", "#1b1b1b")
            .set("stroke-width", ".7"),
    );
    let mut dots = Tag::new("g")
        .set("fill", BLOOD)
        .set("stroke", "#2a0503")
        .set("stroke-width", ".8");
    let first = -gap / 2.0 * f64::from(pips - 1);
    for i in 0..pips {
        dots.push(
            Tag::new("circle")
                .num("cx", first + gap * f64::from(i))
                .num("cy", cy)
                .set("r", "2.4"),
        );
    }
    g.push(dots);
    g
}

/// The light strip damage pips sit on.
pub const PIP_STRIP: &str = "#f6f0e0";

/// The four sides' counter bodies (shadow and square) and the twenty
/// symbols, each drawn once per process and referenced with `<use>`.
fn shared_shapes() -> &'static (Vec<String>, Vec<String>) {
    static SHAPES: OnceLock<(Vec<String>, Vec<String>)> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let bodies = (0..PALETTE_COUNT)
            .map(|slot| {
                let pal = palette(slot);
                let square = |xy: &'static str| {
                    Tag::new("rect")
                        .set("x", xy)
                        .set("y", xy)
                        .set("width", "46")
                        .set("height", "46")
                        .set("rx", "4")
                };
                let body = Tag::new("g")
                    .set("id", slot_body_ref(slot)[1..].to_owned())
                    .add(square("-21").set("fill", "#000").set("fill-opacity", ".28"))
                    .add(
                        square("-23")
                            .set("fill", pal.fill)
                            .set("stroke", pal.dark)
                            .set("stroke-width", "1.2"),
                    );
                body.to_string()
            })
            .collect();
        let symbols = SYMBOLS
            .iter()
            .flat_map(|&s| WEIGHTS.iter().map(move |&w| (s, w)))
            .map(|(s, w)| {
                let tag = symbol(s, w).set("id", symbol_ref(s, w)[1..].to_owned());
                tag.to_string()
            })
            .collect();
        (bodies, symbols)
    })
}

const SYMBOLS: [Symbol; 5] = [
    Symbol::Infantry,
    Symbol::Cavalry,
    Symbol::Archers,
    Symbol::Leader,
    Symbol::Plain,
];
const WEIGHTS: [Weight; 4] = [Weight::Light, Weight::Heavy, Weight::Skirmish, Weight::None];

fn symbol_index(symbol: Symbol, weight: Weight) -> usize {
    let s = SYMBOLS.iter().position(|&x| x == symbol).unwrap_or(0);
    let w = WEIGHTS.iter().position(|&x| x == weight).unwrap_or(0);
    s * WEIGHTS.len() + w
}

/// `#counter-N`: the counter body of colour slot N, `counter`'s side's.
fn body_ref(scene: &Scene, counter: &Counter) -> String {
    slot_body_ref(scene.colour(counter.side))
}

/// `#counter-N` for colour slot N.
fn slot_body_ref(slot: usize) -> String {
    format!("#counter-{}", slot % PALETTE_COUNT)
}

/// `#symbol-infantry-heavy` and so on.
fn symbol_ref(symbol: Symbol, weight: Weight) -> String {
    let s = match symbol {
        Symbol::Infantry => "infantry",
        Symbol::Cavalry => "cavalry",
        Symbol::Archers => "archers",
        Symbol::Leader => "leader",
        Symbol::Plain => "plain",
    };
    let w = match weight {
        Weight::Light => "light",
        Weight::Heavy => "heavy",
        Weight::Skirmish => "skirmish",
        Weight::None => "none",
    };
    format!("#symbol-{s}-{w}")
}

/// A symbol box with its top-left at `at`.
pub(super) fn symbol_use(symbol: Symbol, weight: Weight, at: Point) -> Tag {
    Tag::new("use")
        .set("xlink:href", symbol_ref(symbol, weight))
        .at(at)
}

/// The definitions of the counter bodies and symbols `scene` shows (its
/// counters and its legend), in a fixed order.
pub(super) fn defs(scene: &Scene) -> String {
    let (bodies, symbols) = shared_shapes();
    let mut body_used = [false; PALETTE_COUNT];
    let mut symbol_used = [false; SYMBOLS.len() * WEIGHTS.len()];
    for counter in &scene.counters {
        body_used[scene.colour(counter.side) % PALETTE_COUNT] = true;
        symbol_used[symbol_index(counter.face.symbol, counter.face.weight)] = true;
    }
    for entry in &scene.legend {
        if let Sample::Counter { symbol, weight } = entry.sample {
            symbol_used[symbol_index(symbol, weight)] = true;
        }
    }
    let mut out = String::from("<defs>");
    for (def, _) in bodies.iter().zip(body_used).filter(|(_, used)| *used) {
        out.push_str(def);
    }
    for (def, _) in symbols.iter().zip(symbol_used).filter(|(_, used)| *used) {
        out.push_str(def);
    }
    out.push_str("</defs>");
    out
}

/// A NATO-like symbol box 22 × 13 with its top-left at the origin: infantry
/// an X, cavalry a diagonal, archers a bow, a leader a flag, plain nothing;
/// heavy a double outline, skirmish a dashed one. Plain with no weight is no
/// box at all: the counter shows its id alone.
fn symbol(symbol: Symbol, weight: Weight) -> Tag {
    if (symbol, weight) == (Symbol::Plain, Weight::None) {
        return Tag::new("g");
    }
    let mut frame = Tag::new("rect")
        .set("width", "22")
        .set("height", "13")
        .set("fill", "#f6f0e0")
        .set("stroke", "#1b1b1b")
        .set("stroke-width", "1.2");
    if weight == Weight::Skirmish {
        frame = frame.set("stroke-dasharray", "2.6 1.6");
    }
    let mut g = Tag::new("g").add(frame);
    if weight == Weight::Heavy {
        g.push(
            Tag::new("rect")
                .set("x", "2")
                .set("y", "2")
                .set("width", "18")
                .set("height", "9")
                .set("fill", "none")
                .set("stroke", "#1b1b1b")
                .set("stroke-width", ".8"),
        );
    }
    let line = |d: &'static str| {
        Tag::new("path")
            .set("d", d)
            .set("stroke", "#1b1b1b")
            .set("stroke-width", "1.1")
    };
    match symbol {
        Symbol::Infantry => g.push(line("M0,0L22,13M0,13L22,0")),
        Symbol::Cavalry => g.push(line("M0,13L22,0")),
        Symbol::Archers => {
            // A bow drawn upwards: the stave, the string, an arrow on it.
            g.push(line("M4,10Q11,-1.5 18,10M4,10H18M11,11.5V3").set("fill", "none"));
            g.push(
                Tag::new("path")
                    .set("d", "M11,1.2L8.8,4.4H13.2z")
                    .set("fill", "#1b1b1b"),
            );
        }
        Symbol::Leader => {
            // A pennant on a staff.
            g.push(line("M7,11.5V1.5").set("fill", "none"));
            g.push(
                Tag::new("path")
                    .set("d", "M7,1.5L16,4L7,6.5z")
                    .set("fill", "#1b1b1b"),
            );
        }
        Symbol::Plain => {}
    }
    g
}
