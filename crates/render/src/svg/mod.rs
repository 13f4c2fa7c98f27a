//! Draws a [`Scene`] as SVG in the manner of a magazine's battle
//! illustrations: a framed board with its terrain, counters with NATO-like
//! symbols, arrows for what just happened, a caption and a legend.
//!
//! This module owns the document: its size, the shared patterns and shapes
//! (`<defs>`), the palette, and the order things are drawn in: paper, title,
//! board and terrain (`map`), the overlays shown (`overlay`), marks that
//! sit under counters (areas, arcs),
//! counters (`counters`), the other marks (`marks`), caption (`text`),
//! legend (`legend`). Elements are built as a small tree (`tag`) that
//! escapes every text and attribute value as it writes them ([`escape`]).
//! Numbers are rounded to a tenth of a pixel, so output is byte-stable.

mod counters;
mod film;
mod legend;
mod map;
mod marks;
mod overlay;
mod tag;
mod text;

use std::sync::OnceLock;

use senlac_board::scene::{Ink, Scene};

use crate::layout::{self, Layout, push_px};
use tag::{PathData, Tag};

pub use counters::PIP_STRIP;
pub use film::{Film, LEGEND_WIDTH, TooLarge, film, film_within};
pub use marks::{LabelBox, glyph_boxes, label_boxes};
pub use overlay::class as overlay_class;
pub use text::{escape, is_unsafe, push_visible_escape};

pub use crate::placement::COUNTER;
use crate::placement::HALF;

const SANS: &str = "DejaVu Sans,Helvetica,Arial,sans-serif";
const SERIF: &str = "Georgia,DejaVu Serif,Times New Roman,serif";
const INK: &str = "#2a241c";
const NEUTRAL: &str = "#3b3b3b";
/// The colour of blood: damage pips, a falling cross.
pub const BLOOD: &str = "#c8211b";
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

/// The flat colours marks and counters may bring into a frame that an
/// animation's first frame may lack: every side's, the halos' white, blood,
/// a rout's burst, the neutral ink.
pub const INKS: [&str; 14] = [
    PALETTES[0].fill,
    PALETTES[0].dark,
    PALETTES[1].fill,
    PALETTES[1].dark,
    PALETTES[2].fill,
    PALETTES[2].dark,
    PALETTES[3].fill,
    PALETTES[3].dark,
    "#fff",
    BLOOD,
    "#f08a4b",
    NEUTRAL,
    INK,
    "#1b1b1b",
];

/// `#rgb` or `#rrggbb` as RGB; `None` for any other text.
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    match hex.len() {
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        6 => u32::from_str_radix(hex, 16)
            .ok()
            .map(|v| [(v >> 16) as u8, (v >> 8) as u8, v as u8]),
        _ => None,
    }
}

/// The colours of colour slot `slot` ([`Scene::colour`] of a side); they
/// repeat after four.
pub fn palette(slot: usize) -> Palette {
    PALETTES[slot % PALETTES.len()]
}

/// The colours of side `side` of `scene`.
fn side_palette(scene: &Scene, side: usize) -> Palette {
    palette(scene.colour(side))
}

/// `ink` with a side's index turned into its colour slot.
fn slotted(scene: &Scene, ink: Ink) -> Ink {
    match ink {
        Ink::Side(side) => Ink::Side(scene.colour(side)),
        other => other,
    }
}

/// The colour of a mark's ink in `scene`: a side's `fill` (or its `dark`
/// outline colour).
fn ink_colour(scene: &Scene, ink: Ink, dark: bool) -> &'static str {
    slot_colour(slotted(scene, ink), dark)
}

/// [`ink_colour`] of an ink already [`slotted`].
fn slot_colour(ink: Ink, dark: bool) -> &'static str {
    match ink {
        Ink::Side(slot) if dark => palette(slot).dark,
        Ink::Side(slot) => palette(slot).fill,
        Ink::Neutral => NEUTRAL,
        Ink::Danger => BLOOD,
    }
}

/// Patterns for terrain and the shapes marks reuse, built once.
fn defs() -> &'static str {
    static DEFS: OnceLock<String> = OnceLock::new();
    DEFS.get_or_init(|| {
        let pattern = |id: &'static str, w: f64, h: f64, ground: &'static str| {
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
        let stroke = |d: &'static str, colour: &'static str, width: &'static str| {
            Tag::new("path")
                .set("d", d)
                .set("fill", "none")
                .set("stroke", colour)
                .set("stroke-width", width)
        };
        let circle = |cx: &'static str, cy: &'static str, r: &'static str, fill: &'static str| {
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
        defs.to_string()
    })
}

/// Draws `scene` as a standalone SVG document.
pub fn scene_svg(scene: &Scene) -> String {
    svg_of(scene, Layout::new(scene), None)
}

/// Draws `scene` as [`scene_svg`] does, but framed on its action when that
/// is worth it ([`crate::crop::auto`]): the map shown is the part around
/// what happened, enlarged up to [`MOST_ENLARGED`] times, with a locator of
/// the whole field in its corner. A figure's default.
pub fn scene_svg_cropped(scene: &Scene) -> String {
    let layout = Layout::new(scene);
    let crop = crate::crop::auto(scene, &layout);
    svg_of(scene, layout, crop)
}

/// How much a crop enlarges the map at most.
pub const MOST_ENLARGED: f64 = 2.0;
/// The locator's width, in pixels.
const LOCATOR: f64 = 120.0;

/// Draws `scene` with the legend entries `shown` picks by index (see
/// [`Layout::keyed`]), to be shown at `px` pixels per unit
/// ([`Layout::shown_at`]: its counters drawn for that size).
pub fn scene_svg_keyed(scene: &Scene, shown: &dyn Fn(usize) -> bool, px: f64) -> String {
    svg_of(scene, Layout::keyed(scene, shown).shown_at(px), None)
}

/// Where a crop shows: the map's part `crop`, drawn at `shown` on the page.
struct Cropped {
    crop: layout::Rect,
    shown: layout::Rect,
}

/// A frame cut into the pieces an animation draws one at a time
/// (`Tag::split`): the `<svg>` start tag and the shared definitions every
/// piece is drawn in, each top-level element that draws, in drawing order
/// (the map's cell labels each a piece), and how many of them the board's
/// own are (paper, title, map and terrain: what a battle's frames usually
/// share).
#[derive(Clone, Debug, PartialEq)]
pub struct Pieces {
    pub head: String,
    pub defs: String,
    pub pieces: Vec<String>,
    pub board: usize,
}

impl Pieces {
    /// The document a piece draws in: the start tag, the definitions if
    /// it refers to any, the piece and the end tag.
    pub fn document(&self, piece: &str) -> String {
        let mut out = String::with_capacity(self.head.len() + self.defs.len() + piece.len() + 8);
        out.push_str(&self.head);
        if piece.contains("url(#") || piece.contains("href=\"#") {
            out.push_str(&self.defs);
        }
        out.push_str(piece);
        out.push_str("</svg>");
        out
    }
}

/// [`scene_svg_keyed`]'s drawing cut into [`Pieces`]: the pieces drawn in
/// order over one another make the same picture as the whole document.
pub fn scene_pieces_keyed(scene: &Scene, shown: &dyn Fn(usize) -> bool, px: f64) -> Pieces {
    let (doc, board) = document(scene, Layout::keyed(scene, shown).shown_at(px), None);
    let split = doc.split(board);
    Pieces {
        head: split.head,
        defs: split.defs,
        pieces: split.pieces,
        board: split.board,
    }
}

fn svg_of(scene: &Scene, layout: Layout, crop: Option<layout::Rect>) -> String {
    // Room for a Hastings-sized frame without growing: defs, then about a
    // hundred bytes a cell and a kilobyte a counter.
    let cells = layout.surface.cells().count();
    let mut out = String::with_capacity(8 * 1024 + 128 * cells + 1024 * scene.counters.len());
    document(scene, layout, crop).0.write(&mut out, true);
    out.push('\n');
    out
}

/// The document's element, and how many of its elements draw the board
/// (paper, title, map and terrain) before anything a step changes.
fn document(scene: &Scene, layout: Layout, crop: Option<layout::Rect>) -> (Tag, usize) {
    // A crop keeps the figure's width: the part shown is enlarged to fill
    // the map's width (at most MOST_ENLARGED times, and never taller than
    // the whole map, so a cropped figure is never the larger), and what is
    // under the map moves up by the difference in height.
    let cropped = crop.map(|crop| {
        let scale = (layout.map.width / crop.width)
            .min(layout.map.height / crop.height)
            .min(MOST_ENLARGED);
        let (width, height) = (crop.width * scale, crop.height * scale);
        Cropped {
            crop,
            shown: layout::Rect {
                x: ((layout.width - width) / 2.0).floor(),
                y: layout.map.y,
                width,
                height,
            },
        }
    });
    let shift = cropped
        .as_ref()
        .map_or(0.0, |c| (c.shown.height - layout.map.height).round());
    let height = layout.height + shift;
    let size = |tag: Tag| {
        let mut view = String::from("0 0 ");
        push_px(&mut view, layout.width);
        view.push(' ');
        push_px(&mut view, height);
        tag.num("width", layout.width)
            .num("height", height)
            .set("viewBox", view)
    };
    let mut doc = size(
        Tag::new("svg")
            .set("xmlns", "http://www.w3.org/2000/svg")
            .set("xmlns:xlink", "http://www.w3.org/1999/xlink"),
    )
    .add(Tag::new("title").text(&scene.title))
    .add(Tag::new("desc").text(&scene.caption))
    .raw(defs())
    .raw(counters::defs(scene));
    // The hatches of the overlays shown, if any.
    let hatches = overlay::defs(overlay::inks(
        scene,
        scene.overlays.iter().filter(|o| o.shown),
    ));
    if !hatches.is_empty() {
        doc.push_raw(hatches);
    }
    doc.push(
        Tag::new("rect")
            .num("width", layout.width)
            .num("height", height)
            .set("fill", "#f8f4ea"),
    );
    if let Some(title) = text::block(&layout.title, layout::TITLE_SIZE, "font-weight", "bold") {
        doc.push(title);
    }
    let mut board_elements = 0;
    let mut board = |doc: &mut Tag| {
        map::draw(doc, scene, &layout);
        board_elements = doc.elements();
        overlay::draw(doc, scene, &layout);
        marks::draw_under(doc, scene, &layout);
        counters::draw(doc, scene, &layout);
        marks::draw_over(doc, scene, &layout);
    };
    let mut under = Tag::new("g");
    match &cropped {
        None => board(&mut doc),
        Some(c) => {
            let mut drawn = Tag::new("g").set("id", "board");
            board(&mut drawn);
            doc.push(window(c.shown, c.crop).add(drawn));
            doc.push(map::frame(c.shown, "none"));
            doc.push(locator(&layout, c));
            under = under.set("transform", format!("translate(0 {})", layout::Px(shift)));
        }
    }
    // Uncropped, the caption and legend stand in the document itself, as
    // they always have; under a crop, moved with the map's new height.
    let below = if cropped.is_some() {
        &mut under
    } else {
        &mut doc
    };
    if let Some(caption) = text::block(
        &layout.caption,
        layout::CAPTION_SIZE,
        "font-style",
        "italic",
    ) {
        below.push(caption);
    }
    if let Some(key) = &layout.key {
        legend::draw(below, scene, key);
    }
    if cropped.is_some() {
        doc.push(under);
    }
    (doc, board_elements)
}

/// A nested viewport showing `part` of the drawing at `at`.
fn window(at: layout::Rect, part: layout::Rect) -> Tag {
    Tag::new("svg")
        .num("x", at.x)
        .num("y", at.y)
        .num("width", at.width)
        .num("height", at.height)
        .set(
            "viewBox",
            format!(
                "{} {} {} {}",
                layout::Px(part.x),
                layout::Px(part.y),
                layout::Px(part.width),
                layout::Px(part.height)
            ),
        )
}

/// The whole field, small, in the crop's top-right corner, with the part
/// shown outlined: the board drawn once, reused.
fn locator(layout: &Layout, c: &Cropped) -> Tag {
    let map = layout.map;
    let width = LOCATOR.min(c.shown.width / 3.0);
    let height = width * map.height / map.width;
    let at = layout::Rect {
        x: c.shown.x + c.shown.width - width - 6.0,
        y: c.shown.y + 6.0,
        width,
        height,
    };
    let line = map.width / width;
    Tag::new("g")
        .set("class", "locator")
        .add(
            window(at, map)
                .add(Tag::new("use").set("xlink:href", "#board"))
                .add(
                    Tag::new("rect")
                        .num("x", c.crop.x)
                        .num("y", c.crop.y)
                        .num("width", c.crop.width)
                        .num("height", c.crop.height)
                        .set("fill", "none")
                        .set("stroke", BLOOD)
                        .num("stroke-width", 2.5 * line),
                ),
        )
        .add(map::frame(at, "none").set("stroke-width", "1"))
}

/// Draws `scene` as a figure, [`scene_svg_cropped`], with `prefix` before every id the
/// drawing defines and every reference to one, so several drawings can stand
/// in one HTML page, whose ids are shared, and each still paints its own
/// patterns. The prefix keeps only ASCII letters, digits, `-` and `_`.
pub fn scene_svg_prefixed(scene: &Scene, prefix: &str) -> String {
    let prefix: String = prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .collect();
    let svg = scene_svg_cropped(scene);
    if prefix.is_empty() {
        return svg;
    }
    // Each pattern holds a `"`, which a scene's text never does unescaped,
    // so only markup this crate wrote matches: an `id`, an `href` (or
    // `xlink:href`) to `#id`, a fill of `url(#id)`.
    svg.replace(" id=\"", &format!(" id=\"{prefix}"))
        .replace("href=\"#", &format!("href=\"#{prefix}"))
        .replace("\"url(#", &format!("\"url(#{prefix}"))
}
