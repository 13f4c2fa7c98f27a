//! Draws a [`Scene`] as SVG in the manner of a magazine's battle
//! illustrations: a framed board with its terrain, counters with NATO-like
//! symbols, arrows for what just happened, a caption and a legend.
//!
//! This module owns the document: its size, the shared patterns and shapes
//! (`<defs>`), the palette, and the order things are drawn in: paper, title,
//! board and terrain ([`map`]), marks that sit under counters (bursts),
//! counters ([`counters`]), the other marks ([`marks`]), caption ([`text`]),
//! legend ([`legend`]). Elements are built with the `svg` crate, which
//! escapes text and attribute values; [`text::clean`] removes what XML cannot
//! hold at all. Numbers are rounded to a tenth of a pixel, so output is
//! byte-stable.

mod counters;
mod legend;
mod map;
mod marks;
mod text;

use std::sync::OnceLock;

use senlac_board::kurbo::Point;
use senlac_board::scene::{Ink, Scene};
use svg::node::element::Element;
use svg::node::{Blob, Node, Value};

use crate::layout::{self, Layout, push_px};

pub use text::{clean, escape};

/// The side of a grid counter's square, in pixels.
pub const COUNTER: f64 = 46.0;
const HALF: f64 = COUNTER / 2.0;

const SANS: &str = "DejaVu Sans,Helvetica,Arial,sans-serif";
const SERIF: &str = "Georgia,DejaVu Serif,Times New Roman,serif";
const INK: &str = "#2a241c";
const NEUTRAL: &str = "#3b3b3b";
const BLOOD: &str = "#c8211b";
/// The colour of open ground.
pub const OPEN_GROUND: &str = "#eef0d8";

/// A side's colours: the counter and its outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub fill: &'static str,
    pub dark: &'static str,
}

const PALETTE_COUNT: usize = 4;
const PALETTES: [Palette; PALETTE_COUNT] = [
    // Red-brown.
    Palette {
        fill: "#9c3b22",
        dark: "#5a200f",
    },
    // Blue.
    Palette {
        fill: "#2c5b98",
        dark: "#142f55",
    },
    // Green.
    Palette {
        fill: "#3e7a38",
        dark: "#1f431c",
    },
    // Purple.
    Palette {
        fill: "#6b4292",
        dark: "#3a2052",
    },
];

/// The colours of side `side` (0-based); they repeat after four sides.
pub fn palette(side: usize) -> Palette {
    PALETTES[side % PALETTES.len()]
}

/// The colour of a mark's ink: a side's `fill` (or its `dark` outline colour).
fn ink_colour(ink: Ink, dark: bool) -> &'static str {
    match ink {
        Ink::Side(side) if dark => palette(side).dark,
        Ink::Side(side) => palette(side).fill,
        Ink::Neutral => NEUTRAL,
        Ink::Danger => BLOOD,
    }
}

/// An element being built: a thin layer over the `svg` crate's [`Element`]
/// that rounds numbers and cleans text.
pub(crate) struct Tag(Element);

impl Tag {
    pub(crate) fn new(name: &str) -> Tag {
        Tag(Element::new(name))
    }

    /// Sets an attribute; the `svg` crate escapes the value.
    pub(crate) fn set(mut self, name: &str, value: impl Into<Value>) -> Tag {
        self.0.assign(name, value);
        self
    }

    /// Sets an attribute to a number rounded to a tenth.
    pub(crate) fn num(self, name: &str, value: f64) -> Tag {
        let mut s = String::with_capacity(8);
        push_px(&mut s, value);
        self.set(name, s)
    }

    /// Sets `x` and `y`.
    pub(crate) fn at(self, p: Point) -> Tag {
        self.num("x", p.x).num("y", p.y)
    }

    /// Sets `transform` to move the origin to `p`.
    pub(crate) fn translate(self, p: Point) -> Tag {
        let mut s = String::from("translate(");
        push_px(&mut s, p.x);
        s.push(' ');
        push_px(&mut s, p.y);
        s.push(')');
        self.set("transform", s)
    }

    /// Adds a child.
    pub(crate) fn add(mut self, child: impl Into<Box<dyn Node>>) -> Tag {
        self.0.append(child);
        self
    }

    /// Adds a child in place.
    pub(crate) fn push(&mut self, child: impl Into<Box<dyn Node>>) {
        self.0.append(child);
    }

    /// Adds text from a scene, cleaned; the `svg` crate escapes it.
    pub(crate) fn text(self, s: &str) -> Tag {
        self.add(svg::node::Text::new(clean(s)))
    }

    /// Adds markup this crate wrote itself (fixed shapes), as it is.
    pub(crate) fn raw(self, markup: &'static str) -> Tag {
        self.add(Blob::new(markup))
    }
}

impl From<Tag> for Box<dyn Node> {
    fn from(tag: Tag) -> Box<dyn Node> {
        Box::new(tag.0)
    }
}

/// Path data built from points: `M x,y L x,y … Z`.
#[derive(Default)]
pub(crate) struct PathData(String);

impl PathData {
    pub(crate) fn new() -> PathData {
        PathData(String::with_capacity(64))
    }

    fn point(&mut self, command: char, p: Point) -> &mut PathData {
        self.0.push(command);
        push_px(&mut self.0, p.x);
        self.0.push(',');
        push_px(&mut self.0, p.y);
        self
    }

    pub(crate) fn move_to(&mut self, p: Point) -> &mut PathData {
        self.point('M', p)
    }

    pub(crate) fn line_to(&mut self, p: Point) -> &mut PathData {
        self.point('L', p)
    }

    /// A quadratic curve through control point `c` to `p`.
    pub(crate) fn quad_to(&mut self, c: Point, p: Point) -> &mut PathData {
        self.point('Q', c);
        self.0.push(' ');
        push_px(&mut self.0, p.x);
        self.0.push(',');
        push_px(&mut self.0, p.y);
        self
    }

    /// A circular arc of radius `r` to `p`, clockwise on screen.
    pub(crate) fn arc_to(&mut self, r: f64, large: bool, p: Point) -> &mut PathData {
        self.0.push('A');
        push_px(&mut self.0, r);
        self.0.push(',');
        push_px(&mut self.0, r);
        self.0.push_str(if large { " 0 1 1 " } else { " 0 0 1 " });
        push_px(&mut self.0, p.x);
        self.0.push(',');
        push_px(&mut self.0, p.y);
        self
    }

    /// An open line through `points`.
    pub(crate) fn polyline(&mut self, points: &[Point]) -> &mut PathData {
        for (i, &p) in points.iter().enumerate() {
            if i == 0 {
                self.move_to(p);
            } else {
                self.line_to(p);
            }
        }
        self
    }

    /// A closed shape through `points`.
    pub(crate) fn polygon(&mut self, points: &[Point]) -> &mut PathData {
        if !points.is_empty() {
            self.polyline(points).close();
        }
        self
    }

    pub(crate) fn close(&mut self) -> &mut PathData {
        self.0.push('Z');
        self
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A `<path>` drawing this data.
    pub(crate) fn path(&self) -> Tag {
        Tag::new("path").set("d", self.0.as_str())
    }
}

/// Patterns for terrain and the shapes marks reuse, built once.
fn defs() -> &'static str {
    static DEFS: OnceLock<String> = OnceLock::new();
    DEFS.get_or_init(|| {
        let pattern = |id: &str, w: f64, h: f64, ground: &str| {
            Tag::new("pattern")
                .set("id", id)
                .num("width", w)
                .num("height", h)
                .set("patternUnits", "userSpaceOnUse")
                .add(
                    Tag::new("rect")
                        .num("width", w)
                        .num("height", h)
                        .set("fill", ground),
                )
        };
        let stroke = |d: &str, colour: &str, width: &str| {
            Tag::new("path")
                .set("d", d)
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", width)
        };
        let circle = |cx: &str, cy: &str, r: &str, fill: &str| {
            Tag::new("circle")
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r)
                .set("fill", fill)
        };
        let defs = Tag::new("defs")
            // Woods: two small trees a tile on pale green.
            .add(
                pattern("forest", 18.0, 18.0, "#c6dcaa")
                    .add(stroke("M5,7.5v4M13,16v-4", "#6d4c2c", "1.3"))
                    .add(
                        circle("5", "5", "3.4", "#5a8c41")
                            .set("stroke", "#3b6429")
                            .set("stroke-width", ".7"),
                    )
                    .add(
                        circle("13", "9.5", "3.4", "#4f8239")
                            .set("stroke", "#3b6429")
                            .set("stroke-width", ".7"),
                    ),
            )
            // Water: blue with pale ripples.
            .add(pattern("water", 24.0, 9.0, "#93c3e3").add(stroke(
                "M0,4.5q3,-3 6,0t6,0t6,0t6,0",
                "#e3f1fa",
                "1.1",
            )))
            // Hill: tan with fine hachures.
            .add(pattern("hill", 7.0, 7.0, "#e4cd98").add(stroke(
                "M-1,8L8,-1M-1,1L1,-1M6,8L8,6",
                "#d1b577",
                "1",
            )))
            // Impassable ground: grey, cross-hatched.
            .add(pattern("rock", 8.0, 8.0, "#aaa596").add(stroke(
                "M0,8L8,0M0,0L8,8",
                "#7c776a",
                ".8",
            )))
            // Rough ground: scattered stones on dun.
            .add(
                pattern("rough", 14.0, 14.0, "#ddd3b3")
                    .add(circle("3", "4", "1.6", "#9d9276"))
                    .add(circle("10", "6", "1.2", "#9d9276"))
                    .add(circle("6", "11", "1.4", "#9d9276")),
            )
            // Marsh: reed tufts over pale blue-green.
            .add(pattern("marsh", 16.0, 12.0, "#cfe3d6").add(stroke(
                "M2,9h6M5,9v-4M3,9l-1,-3M7,9l1,-3M10,4h5M12.5,4v-3",
                "#4f7f6a",
                ".9",
            )))
            // Town: house blocks on grey.
            .add(
                pattern("town", 16.0, 16.0, "#d8d2c4").add(
                    Tag::new("path")
                        .set("d", "M2,2h6v5h-6zM10,9h5v5h-5zM3,10h4v4h-4z")
                        .set("fill", "#a0563e")
                        .set("stroke", "#5a3020")
                        .set("stroke-width", ".6"),
                ),
            )
            // Fields: furrows on pale gold.
            .add(pattern("field", 10.0, 10.0, "#efe2a6").add(stroke(
                "M0,2.5H10M0,7.5H10",
                "#d6c27a",
                "1",
            )))
            // A rout: a red burst, drawn under the counter.
            .add(
                Tag::new("polygon")
                    .set("id", "burst")
                    .set(
                        "points",
                        "0,-39 7.2,-27 19.5,-33.8 19.8,-19.8 33.8,-19.5 27,-7.2 39,0 27,7.2 \
                         33.8,19.5 19.8,19.8 19.5,33.8 7.2,27 0,39 -7.2,27 -19.5,33.8 \
                         -19.8,19.8 -33.8,19.5 -27,7.2 -39,0 -27,-7.2 -33.8,-19.5 -19.8,-19.8 \
                         -19.5,-33.8 -7.2,-27",
                    )
                    .set("fill", "#f08a4b")
                    .set("fill-opacity", ".9")
                    .set("stroke", BLOOD)
                    .set("stroke-width", "1.5")
                    .set("stroke-linejoin", "round"),
            )
            // A slaughter: a skull over crossed bones.
            .add(
                Tag::new("g")
                    .set("id", "skull")
                    .add(stroke("M-8,-6L8,8M8,-6L-8,8", INK, "4.2").set("stroke-linecap", "round"))
                    .add(
                        stroke("M-8,-6L8,8M8,-6L-8,8", "#f4efe2", "2.2")
                            .set("stroke-linecap", "round"),
                    )
                    .add(
                        Tag::new("path")
                            .set("d", "M-6,-1a6,6 0 1 1 12,0v2.5h-2v3h-8v-3h-2z")
                            .set("fill", "#f4efe2")
                            .set("stroke", INK)
                            .set("stroke-width", "1.1")
                            .set("stroke-linejoin", "round"),
                    )
                    .add(circle("-2.4", "-1", "1.6", INK))
                    .add(circle("2.4", "-1", "1.6", INK)),
            );
        Box::<dyn Node>::from(defs).to_string()
    })
}

/// Draws `scene` as a standalone SVG document.
pub fn scene_svg(scene: &Scene) -> String {
    let layout = Layout::new(scene);
    let size = |tag: Tag| {
        let mut view = String::from("0 0 ");
        push_px(&mut view, layout.width);
        view.push(' ');
        push_px(&mut view, layout.height);
        tag.num("width", layout.width)
            .num("height", layout.height)
            .set("viewBox", view)
    };
    let mut doc = size(
        Tag::new("svg")
            .set("xmlns", "http://www.w3.org/2000/svg")
            .set("xmlns:xlink", "http://www.w3.org/1999/xlink"),
    )
    .add(Tag::new("title").text(&scene.title))
    .add(Tag::new("desc").text(&scene.caption))
    .add(Blob::new(defs()))
    .add(Blob::new(counters::defs(scene)))
    .add(
        Tag::new("rect")
            .num("width", layout.width)
            .num("height", layout.height)
            .set("fill", "#f8f4ea"),
    );
    if let Some(title) = text::block(&layout.title, layout::TITLE_SIZE, "font-weight", "bold") {
        doc.push(title);
    }
    map::draw(&mut doc, scene, &layout);
    marks::draw_under(&mut doc, scene, &layout);
    counters::draw(&mut doc, scene, &layout);
    marks::draw_over(&mut doc, scene, &layout);
    if let Some(caption) = text::block(
        &layout.caption,
        layout::CAPTION_SIZE,
        "font-style",
        "italic",
    ) {
        doc.push(caption);
    }
    legend::draw(&mut doc, scene, &layout);
    let mut out = Box::<dyn Node>::from(doc).to_string();
    out.push('\n');
    out
}
