//! Draws a [`Frame`] as SVG in the manner of a magazine's battle
//! illustrations: a framed hex map with its terrain and crest, counters with
//! NATO-like symbols, arrows for what just happened, a caption and a legend.
//!
//! The XML is written by hand, in a fixed order: paper, title, map frame,
//! hexes by terrain, impassable edges, crest, hex labels, marks that sit under
//! counters (routs), counters, marks over counters (arrows, slaughters),
//! caption, legend. Every text from the model goes through [`escape`].
//! Numbers are rounded to a tenth of a pixel, so output is deterministic.

use crate::layout::{self, HexGrid, Layout, Point, on_map, push_px, push_u64};
use crate::model::{Arm, Cell, Counter, Frame, Mark, Standing, Terrain, Weight};

/// The side of a counter's square, in pixels.
pub const COUNTER: f64 = 46.0;
const HALF: f64 = COUNTER / 2.0;
/// How far from a hex centre an arrow stops when a counter stands there.
const REACH: f64 = HALF + 4.0;

const SANS: &str = "DejaVu Sans,Helvetica,Arial,sans-serif";
const SERIF: &str = "Georgia,DejaVu Serif,Times New Roman,serif";
const INK: &str = "#2a241c";
const NEUTRAL: &str = "#3b3b3b";
const BLOOD: &str = "#c8211b";

/// A side's colours: the counter, its outline, a pale tint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub fill: &'static str,
    pub dark: &'static str,
}

const PALETTES: [Palette; 4] = [
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

/// `s` with `& < > " '` as entities and the characters XML 1.0 cannot hold
/// (most controls, U+FFFE, U+FFFF) as U+FFFD, safe in text and in attribute
/// values alike.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s);
    out
}

/// Appends [`escape`]`(s)` to `out`.
pub fn push_escaped(out: &mut String, s: &str) {
    let special = |c: char| {
        matches!(c, '&' | '<' | '>' | '"' | '\'')
            || (c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
            || matches!(c, '\u{FFFE}' | '\u{FFFF}')
    };
    if !s.contains(special) {
        out.push_str(s);
        return;
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if special(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// A string being written, with helpers for numbers and text.
struct W {
    out: String,
}

impl W {
    fn s(&mut self, s: &str) -> &mut Self {
        self.out.push_str(s);
        self
    }

    fn n(&mut self, v: f64) -> &mut Self {
        push_px(&mut self.out, v);
        self
    }

    fn u(&mut self, v: u64) -> &mut Self {
        push_u64(&mut self.out, v);
        self
    }

    /// `x,y`.
    fn p(&mut self, p: Point) -> &mut Self {
        self.n(p.x).s(",").n(p.y)
    }

    /// `x="…" y="…"`.
    fn xy(&mut self, p: Point) -> &mut Self {
        self.s("x=\"").n(p.x).s("\" y=\"").n(p.y).s("\"")
    }

    fn text(&mut self, s: &str) -> &mut Self {
        push_escaped(&mut self.out, s);
        self
    }

    /// `<g transform="translate(x y)"`, unclosed.
    fn translate(&mut self, p: Point) -> &mut Self {
        self.s("<g transform=\"translate(")
            .n(p.x)
            .s(" ")
            .n(p.y)
            .s(")\"")
    }

    /// A path `M p0 L p1 L p2…`.
    fn polyline(&mut self, points: &[Point]) -> &mut Self {
        for (i, p) in points.iter().enumerate() {
            self.s(if i == 0 { "M" } else { "L" }).p(*p);
        }
        self
    }
}

/// Patterns and reusable shapes.
const DEFS: &str = concat!(
    "<defs>",
    // Forest: two small trees a tile on pale green.
    "<pattern id=\"forest\" width=\"18\" height=\"18\" patternUnits=\"userSpaceOnUse\">",
    "<rect width=\"18\" height=\"18\" fill=\"#c6dcaa\"/>",
    "<path d=\"M5,7.5v4M13,16v-4\" stroke=\"#6d4c2c\" stroke-width=\"1.3\"/>",
    "<circle cx=\"5\" cy=\"5\" r=\"3.4\" fill=\"#5a8c41\" stroke=\"#3b6429\" stroke-width=\".7\"/>",
    "<circle cx=\"13\" cy=\"9.5\" r=\"3.4\" fill=\"#4f8239\" stroke=\"#3b6429\" stroke-width=\".7\"/>",
    "</pattern>",
    // Stream: blue water with pale ripples.
    "<pattern id=\"water\" width=\"24\" height=\"9\" patternUnits=\"userSpaceOnUse\">",
    "<rect width=\"24\" height=\"9\" fill=\"#93c3e3\"/>",
    "<path d=\"M0,4.5q3,-3 6,0t6,0t6,0t6,0\" fill=\"none\" stroke=\"#e3f1fa\" stroke-width=\"1.1\"/>",
    "</pattern>",
    // Hill: tan with fine hachures.
    "<pattern id=\"hill\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\">",
    "<rect width=\"7\" height=\"7\" fill=\"#e4cd98\"/>",
    "<path d=\"M-1,8L8,-1M-1,1L1,-1M6,8L8,6\" stroke=\"#d1b577\" stroke-width=\"1\"/>",
    "</pattern>",
    // Impassable ground: grey, cross-hatched.
    "<pattern id=\"rock\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">",
    "<rect width=\"8\" height=\"8\" fill=\"#aaa596\"/>",
    "<path d=\"M0,8L8,0M0,0L8,8\" stroke=\"#7c776a\" stroke-width=\".8\"/>",
    "</pattern>",
    // A rout: a red burst, drawn under the counter.
    "<polygon id=\"burst\" points=\"0,-39 7.2,-27 19.5,-33.8 19.8,-19.8 33.8,-19.5 27,-7.2 39,0 ",
    "27,7.2 33.8,19.5 19.8,19.8 19.5,33.8 7.2,27 0,39 -7.2,27 -19.5,33.8 -19.8,19.8 -33.8,19.5 ",
    "-27,7.2 -39,0 -27,-7.2 -33.8,-19.5 -19.8,-19.8 -19.5,-33.8 -7.2,-27\" ",
    "fill=\"#f08a4b\" fill-opacity=\".9\" stroke=\"#c8211b\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>",
    // A slaughter: a skull over crossed bones.
    "<g id=\"skull\">",
    "<path d=\"M-8,-6L8,8M8,-6L-8,8\" stroke=\"#2a241c\" stroke-width=\"4.2\" stroke-linecap=\"round\"/>",
    "<path d=\"M-8,-6L8,8M8,-6L-8,8\" stroke=\"#f4efe2\" stroke-width=\"2.2\" stroke-linecap=\"round\"/>",
    "<path d=\"M-6,-1a6,6 0 1 1 12,0v2.5h-2v3h-8v-3h-2z\" fill=\"#f4efe2\" stroke=\"#2a241c\" stroke-width=\"1.1\" stroke-linejoin=\"round\"/>",
    "<circle cx=\"-2.4\" cy=\"-1\" r=\"1.6\" fill=\"#2a241c\"/>",
    "<circle cx=\"2.4\" cy=\"-1\" r=\"1.6\" fill=\"#2a241c\"/>",
    "</g>",
    "</defs>"
);

/// Draws `frame` as a standalone SVG document.
pub fn frame_svg(frame: &Frame) -> String {
    let layout = Layout::new(frame);
    let mut w = W {
        out: String::with_capacity(
            24_000 + 64 * usize::from(frame.map.columns) * usize::from(frame.map.rows),
        ),
    };
    let g = &layout.grid;

    w.s("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"")
        .n(layout.width)
        .s("\" height=\"")
        .n(layout.height)
        .s("\" viewBox=\"0 0 ")
        .n(layout.width)
        .s(" ")
        .n(layout.height)
        .s("\">\n<title>")
        .text(&frame.title)
        .s("</title>\n<desc>")
        .text(&frame.caption)
        .s("</desc>\n")
        .s(DEFS)
        .s("\n");

    // Paper and title.
    w.s("<rect width=\"")
        .n(layout.width)
        .s("\" height=\"")
        .n(layout.height)
        .s("\" fill=\"#f8f4ea\"/>\n");
    text_block(
        &mut w,
        &layout.title,
        layout::TITLE_SIZE,
        "font-weight=\"bold\"",
    );

    draw_map(&mut w, frame, &layout);

    // Marks under the counters.
    for mark in &frame.marks {
        if let Mark::Rout { at } = mark {
            w.s("<use xlink:href=\"#burst\" ")
                .xy(g.centre(*at))
                .s("/>\n");
        }
    }

    draw_counters(&mut w, frame, g);

    // Marks over the counters.
    for mark in &frame.marks {
        draw_mark(&mut w, frame, g, mark);
    }

    // Caption.
    text_block(
        &mut w,
        &layout.caption,
        layout::CAPTION_SIZE,
        "font-style=\"italic\"",
    );

    draw_legend(&mut w, frame, &layout);
    w.s("</svg>\n");
    w.out
}

/// Per-cell terrain, last entry winning; `None` is open ground.
fn terrain_grid(frame: &Frame) -> Vec<Option<Terrain>> {
    let map = &frame.map;
    let mut cells = vec![None; usize::from(map.columns) * usize::from(map.rows)];
    for &(cell, terrain) in &map.terrain {
        if on_map(map, cell) {
            cells[index(map.rows, cell)] = Some(terrain);
        }
    }
    cells
}

fn index(rows: u8, cell: Cell) -> usize {
    usize::from(cell.column - 1) * usize::from(rows) + usize::from(cell.row - 1)
}

fn draw_map(w: &mut W, frame: &Frame, layout: &Layout) {
    let map = &frame.map;
    let g = &layout.grid;
    let b = layout.map;
    w.s("<rect x=\"")
        .n(b.x)
        .s("\" y=\"")
        .n(b.y)
        .s("\" width=\"")
        .n(b.width)
        .s("\" height=\"")
        .n(b.height)
        .s("\" fill=\"#ebe6d2\" stroke=\"")
        .s(INK)
        .s("\" stroke-width=\"1.5\"/>\n");

    let terrain = terrain_grid(frame);
    let cells =
        || (1..=map.columns).flat_map(|column| (1..=map.rows).map(move |row| Cell { column, row }));
    let kinds: [(Option<Terrain>, &str); 5] = [
        (None, "#eef0d8"),
        (Some(Terrain::Hill), "url(#hill)"),
        (Some(Terrain::Forest), "url(#forest)"),
        (Some(Terrain::Stream), "url(#water)"),
        (Some(Terrain::Impassable), "url(#rock)"),
    ];
    for (kind, fill) in kinds {
        let mut any = false;
        for cell in cells().filter(|&c| terrain[index(map.rows, c)] == kind) {
            if !any {
                w.s("<g fill=\"")
                    .s(fill)
                    .s("\" stroke=\"#a3a085\" stroke-width=\".8\">");
                any = true;
            }
            w.s("<polygon points=\"");
            for (i, p) in g.corners(cell).into_iter().enumerate() {
                if i > 0 {
                    w.s(" ");
                }
                w.p(p);
            }
            w.s("\"/>");
        }
        if any {
            w.s("</g>\n");
        }
    }

    // Hexsides between impassable ground and the rest, shaded.
    let mut edges = W { out: String::new() };
    for cell in cells().filter(|&c| terrain[index(map.rows, c)] == Some(Terrain::Impassable)) {
        for n in g.neighbours(cell).into_iter().flatten() {
            if on_map(map, n)
                && terrain[index(map.rows, n)] != Some(Terrain::Impassable)
                && let Some((a, b)) = g.shared_edge(cell, n)
            {
                edges.polyline(&[a, b]);
            }
        }
    }
    if !edges.out.is_empty() {
        w.s("<path d=\"").s(&edges.out).s(
            "\" fill=\"none\" stroke=\"#5b5547\" stroke-width=\"3.5\" stroke-linecap=\"round\"/>\n",
        );
    }

    // The crest.
    let mut crest = W { out: String::new() };
    for &(a, b) in &map.crest {
        if let Some((p, q)) = g.shared_edge(a, b) {
            crest.polyline(&[p, q]);
        }
    }
    if !crest.out.is_empty() {
        w.s("<path d=\"")
            .s(&crest.out)
            .s("\" fill=\"none\" stroke=\"#7a4a1d\" stroke-width=\"5.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n");
    }

    // CCRR labels at the top of each hex.
    w.s("<g font-family=\"")
        .s(SANS)
        .s("\" font-size=\"7.5\" fill=\"#625f4a\" stroke=\"#f8f6ea\" stroke-width=\"2\" stroke-opacity=\".8\" paint-order=\"stroke\" text-anchor=\"middle\">");
    let mut label = String::with_capacity(4);
    for cell in cells() {
        let c = g.centre(cell);
        label.clear();
        push_two(&mut label, cell.column);
        push_two(&mut label, cell.row);
        w.s("<text ")
            .xy(Point::new(c.x, c.y - g.height / 2.0 + 9.5))
            .s(">")
            .s(&label)
            .s("</text>");
    }
    w.s("</g>\n");
}

fn push_two(out: &mut String, v: u8) {
    if v < 10 {
        out.push('0');
    }
    push_u64(out, u64::from(v));
}

/// Counters in the model's order, except that falling and pursuing ones go
/// first (under the others); several on one cell fan out a little.
fn draw_counters(w: &mut W, frame: &Frame, g: &HexGrid) {
    let mut order: Vec<&Counter> = frame.counters.iter().collect();
    order.sort_by_key(|c| c.standing == Standing::Active);
    for (i, counter) in order.iter().enumerate() {
        let stacked = order[..i].iter().filter(|c| c.at == counter.at).count() as f64;
        let c = g.centre(counter.at);
        let at = Point::new(c.x + 5.0 * stacked, c.y - 5.0 * stacked);
        draw_counter(w, frame, counter, at);
    }
}

fn arm_name(arm: Arm) -> &'static str {
    match arm {
        Arm::Infantry => "Infantry",
        Arm::Cavalry => "Cavalry",
        Arm::Archers => "Archers",
    }
}

fn draw_counter(w: &mut W, frame: &Frame, counter: &Counter, at: Point) {
    let pal = palette(counter.side);
    let faded = counter.standing != Standing::Active;
    w.translate(at).s(">");

    // Tooltip: who it is.
    w.s("<title>").text(&counter.id);
    if !counter.name.is_empty() {
        w.s(" ").text(&counter.name);
    }
    w.s(" \u{2014} ");
    if let Some(side) = frame.sides.get(counter.side) {
        w.text(side).s(", ");
    }
    let weight = match counter.weight {
        Weight::Light => "light ",
        Weight::Heavy => "heavy ",
        Weight::Skirmish => "skirmish ",
        Weight::None => "",
    };
    w.s(weight).s(&arm_name(counter.arm).to_lowercase());
    if !counter.grade.is_empty() {
        w.s(", grade ").text(&counter.grade);
    }
    w.s(", ")
        .u(counter.command_points.into())
        .s(" CP, ")
        .u(counter.damage.into())
        .s(" damage");
    match counter.standing {
        Standing::Active => {}
        Standing::Falling => {
            w.s(", falling");
        }
        Standing::Pursuing => {
            w.s(", pursuing");
        }
    }
    w.s("</title>");

    if faded {
        w.s("<g opacity=\".45\">");
    }
    // Shadow, body.
    w.s("<rect x=\"-21\" y=\"-21\" width=\"46\" height=\"46\" rx=\"4\" fill=\"#000\" fill-opacity=\".28\"/>")
        .s("<rect x=\"-23\" y=\"-23\" width=\"46\" height=\"46\" rx=\"4\" fill=\"")
        .s(pal.fill)
        .s("\" stroke=\"")
        .s(pal.dark)
        .s("\" stroke-width=\"1.2\"/>");
    // Class symbol.
    w.translate(Point::new(-11.0, -18.0)).s(">");
    symbol(w, Some(counter.arm), counter.weight);
    w.s("</g>");
    // Grade top left, command points top right, id below the symbol.
    w.s("<g font-family=\"")
        .s(SANS)
        .s("\" font-weight=\"bold\" fill=\"#fff\" text-anchor=\"middle\">");
    if !counter.grade.is_empty() {
        w.s("<text x=\"-17\" y=\"-12\" font-size=\"8\">")
            .text(&counter.grade)
            .s("</text>");
    }
    w.s("<text x=\"17\" y=\"-12\" font-size=\"8\">")
        .u(counter.command_points.into())
        .s("</text><text x=\"0\" y=\"13\" font-size=\"11\">")
        .text(&counter.id)
        .s("</text></g>");
    // Damage pips along the bottom.
    let pips = counter.damage.min(7);
    if pips > 0 {
        w.s("<g fill=\"")
            .s(BLOOD)
            .s("\" stroke=\"#5a0c08\" stroke-width=\".7\">");
        let first = -3.0 * f64::from(pips - 1);
        for i in 0..pips {
            w.s("<circle cx=\"")
                .n(first + 6.0 * f64::from(i))
                .s("\" cy=\"18\" r=\"2.6\"/>");
        }
        w.s("</g>");
    }
    // Facing: a small triangle outside the square.
    if let Some(facing) = counter.facing.filter(|f| f.is_finite()) {
        let deg = f64::from(facing).rem_euclid(360.0);
        w.s("<path transform=\"rotate(")
            .n(deg)
            .s(")\" d=\"M-5.5,-26L0,-33L5.5,-26z\" fill=\"")
            .s(pal.dark)
            .s("\" stroke=\"#fff\" stroke-width=\".8\" stroke-linejoin=\"round\"/>");
    }
    if faded {
        w.s("</g>");
    }
    match counter.standing {
        Standing::Active => {}
        Standing::Falling => {
            w.s(FALLING);
        }
        Standing::Pursuing => {
            w.s(PURSUING);
        }
    }
    w.s("</g>\n");
}

/// A red cross over a falling counter.
const FALLING: &str = concat!(
    "<path d=\"M-16,-16L16,16M16,-16L-16,16\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-opacity=\".8\"/>",
    "<path d=\"M-16,-16L16,16M16,-16L-16,16\" stroke=\"#c8211b\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
);

/// A double chevron over a pursuing counter.
const PURSUING: &str = concat!(
    "<path d=\"M-10,4L0,-6L10,4M-10,14L0,4L10,14\" fill=\"none\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
    "<path d=\"M-10,4L0,-6L10,4M-10,14L0,4L10,14\" fill=\"none\" stroke=\"#2a241c\" stroke-width=\"3.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
);

/// A NATO-like symbol box 22 × 13 with its top-left at the origin: infantry
/// an X, cavalry a diagonal, archers a bow; heavy a double outline,
/// skirmish a dashed one.
fn symbol(w: &mut W, arm: Option<Arm>, weight: Weight) {
    w.s(
        "<rect width=\"22\" height=\"13\" fill=\"#f6f0e0\" stroke=\"#1b1b1b\" stroke-width=\"1.2\"",
    );
    if weight == Weight::Skirmish {
        w.s(" stroke-dasharray=\"2.6 1.6\"");
    }
    w.s("/>");
    if weight == Weight::Heavy {
        w.s("<rect x=\"2\" y=\"2\" width=\"18\" height=\"9\" fill=\"none\" stroke=\"#1b1b1b\" stroke-width=\".8\"/>");
    }
    match arm {
        Some(Arm::Infantry) => {
            w.s("<path d=\"M0,0L22,13M0,13L22,0\" stroke=\"#1b1b1b\" stroke-width=\"1.1\"/>");
        }
        Some(Arm::Cavalry) => {
            w.s("<path d=\"M0,13L22,0\" stroke=\"#1b1b1b\" stroke-width=\"1.1\"/>");
        }
        Some(Arm::Archers) => {
            // A bow drawn upwards: the stave, the string, an arrow on it.
            w.s(concat!(
                "<path d=\"M4,10Q11,-1.5 18,10M4,10H18M11,11.5V3\" fill=\"none\" stroke=\"#1b1b1b\" stroke-width=\"1.1\"/>",
                "<path d=\"M11,1.2L8.8,4.4H13.2z\" fill=\"#1b1b1b\"/>"
            ));
        }
        None => {}
    }
}

/// The side colour of whoever stands on `cell`, if anyone.
fn side_at(frame: &Frame, cell: Cell) -> Option<usize> {
    frame
        .counters
        .iter()
        .rev()
        .find(|c| c.at == cell && c.standing != Standing::Pursuing)
        .or_else(|| frame.counters.iter().find(|c| c.at == cell))
        .map(|c| c.side)
}

fn occupied(frame: &Frame, cell: Cell) -> bool {
    frame.counters.iter().any(|c| c.at == cell)
}

/// How to draw an arrow.
struct Arrow<'a> {
    colour: &'a str,
    width: f64,
    head: f64,
    dash: Option<&'a str>,
}

/// An arrow along `points` (at least two, distinct ends) with a white halo;
/// `curve` makes it one quadratic curve bending through that control point.
fn arrow(w: &mut W, points: &[Point], curve: Option<Point>, style: &Arrow<'_>) {
    let (Some(&tip), Some(&before)) = (points.last(), points.get(points.len().wrapping_sub(2)))
    else {
        return;
    };
    let from = curve.unwrap_or(before);
    if from.near(tip) {
        return;
    }
    // The head: a triangle whose base the line stops at.
    let len = style.head;
    let half = style.head * 0.55;
    let base = tip.towards(from, len);
    let d = tip.distance(from);
    let (nx, ny) = ((tip.y - from.y) / d * half, (from.x - tip.x) / d * half);
    let left = Point::new(base.x + nx, base.y + ny);
    let right = Point::new(base.x - nx, base.y - ny);
    let end = tip.towards(from, len * 0.8);

    let mut body = W { out: String::new() };
    match curve {
        Some(c) => {
            body.s("M").p(points[0]).s("Q").p(c).s(" ").p(end);
        }
        None => {
            body.polyline(&points[..points.len() - 1]).s("L").p(end);
        }
    }
    let head = [tip, left, right];

    // Halo.
    w.s("<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"><path d=\"")
        .s(&body.out)
        .s("\" stroke=\"#fff\" stroke-opacity=\".85\" stroke-width=\"")
        .n(style.width + 3.0)
        .s("\"/><path d=\"");
    w.polyline(&head)
        .s("z\" stroke=\"#fff\" stroke-opacity=\".85\" stroke-width=\"3\"/>");
    // Line and head.
    w.s("<path d=\"")
        .s(&body.out)
        .s("\" stroke=\"")
        .s(style.colour)
        .s("\" stroke-width=\"")
        .n(style.width)
        .s("\"");
    if let Some(dash) = style.dash {
        w.s(" stroke-dasharray=\"")
            .s(dash)
            .s("\" stroke-linecap=\"butt\"");
    }
    w.s("/><path d=\"");
    w.polyline(&head)
        .s("z\" fill=\"")
        .s(style.colour)
        .s("\"/></g>\n");
}

/// The centres of `path`, consecutive repeats dropped, the start left where
/// it is and the end pulled back off any counter there.
fn path_points(frame: &Frame, g: &HexGrid, path: &[Cell]) -> Vec<Point> {
    let mut cells: Vec<Cell> = Vec::with_capacity(path.len());
    for &c in path {
        if cells.last() != Some(&c) {
            cells.push(c);
        }
    }
    let mut points: Vec<Point> = cells.iter().map(|&c| g.centre(c)).collect();
    if let [.., before, last] = points[..] {
        let end = *cells.last().expect("two or more cells");
        let back = if occupied(frame, end) { REACH } else { 6.0 };
        let n = points.len();
        points[n - 1] = last.towards(before, back.min(last.distance(before) * 0.6));
    }
    points
}

/// Two hex centres pulled back off the counters on them.
fn link(frame: &Frame, g: &HexGrid, from: Cell, to: Cell) -> Option<(Point, Point)> {
    let (a, b) = (g.centre(from), g.centre(to));
    let d = a.distance(b);
    if from == to || d == 0.0 {
        return None;
    }
    let pull = |cell| if occupied(frame, cell) { REACH } else { 4.0 };
    let (pa, pb) = (pull(from), pull(to));
    let scale = if pa + pb > d * 0.8 {
        d * 0.8 / (pa + pb)
    } else {
        1.0
    };
    Some((a.towards(b, pa * scale), b.towards(a, pb * scale)))
}

fn mark_colour(frame: &Frame, cell: Option<Cell>, dark: bool) -> &'static str {
    match cell.and_then(|c| side_at(frame, c)) {
        Some(side) if dark => palette(side).dark,
        Some(side) => palette(side).fill,
        None => NEUTRAL,
    }
}

fn draw_mark(w: &mut W, frame: &Frame, g: &HexGrid, mark: &Mark) {
    match mark {
        Mark::Move { path } | Mark::Charge { path } => {
            let charge = matches!(mark, Mark::Charge { .. });
            let points = path_points(frame, g, path);
            if points.len() < 2 {
                return;
            }
            let colour = mark_colour(frame, path.last().copied(), false);
            // Where it came from: a small ring.
            w.s("<circle cx=\"")
                .n(points[0].x)
                .s("\" cy=\"")
                .n(points[0].y)
                .s("\" r=\"")
                .n(if charge { 5.0 } else { 4.0 })
                .s("\" fill=\"#fff\" stroke=\"")
                .s(colour)
                .s("\" stroke-width=\"2\"/>\n");
            let style = if charge {
                Arrow {
                    colour,
                    width: 7.0,
                    head: 17.0,
                    dash: None,
                }
            } else {
                Arrow {
                    colour,
                    width: 3.2,
                    head: 11.0,
                    dash: None,
                }
            };
            arrow(w, &points, None, &style);
        }
        Mark::Attack { from, to } => {
            if let Some((a, b)) = link(frame, g, *from, *to) {
                let style = Arrow {
                    colour: mark_colour(frame, Some(*from), true),
                    width: 4.0,
                    head: 12.0,
                    dash: None,
                };
                arrow(w, &[a, b], None, &style);
            }
        }
        Mark::Volley { from, to } => {
            if let Some((a, b)) = link(frame, g, *from, *to) {
                // Bend to the left of the flight.
                let m = a.midpoint(b);
                let k = 0.3;
                let control = Point::new(m.x + (b.y - a.y) * k, m.y - (b.x - a.x) * k);
                let style = Arrow {
                    colour: mark_colour(frame, Some(*from), true),
                    width: 2.4,
                    head: 10.0,
                    dash: Some("7 4"),
                };
                arrow(w, &[a, b], Some(control), &style);
            }
        }
        Mark::Support { from, to } => {
            if let Some((a, b)) = link(frame, g, *from, *to) {
                let colour = mark_colour(frame, Some(*from), true);
                w.s("<g stroke-linecap=\"round\"><path d=\"")
                    .polyline(&[a, b])
                    .s("\" stroke=\"#fff\" stroke-opacity=\".85\" stroke-width=\"4\"/><path d=\"")
                    .polyline(&[a, b])
                    .s("\" stroke=\"")
                    .s(colour)
                    .s("\" stroke-width=\"1.6\"/>");
                for p in [a, b] {
                    w.s("<circle cx=\"")
                        .n(p.x)
                        .s("\" cy=\"")
                        .n(p.y)
                        .s("\" r=\"2.6\" fill=\"")
                        .s(colour)
                        .s("\" stroke=\"#fff\"/>");
                }
                w.s("</g>\n");
            }
        }
        Mark::Rout { .. } => {}
        Mark::Slaughter { at } => {
            let c = g.centre(*at);
            w.s("<use xlink:href=\"#skull\" ")
                .xy(Point::new(c.x, c.y + HALF + 8.0))
                .s("/>\n");
        }
    }
}

fn draw_legend(w: &mut W, frame: &Frame, layout: &Layout) {
    let size = layout::LEGEND_SIZE;
    w.s("<path d=\"M")
        .n(layout.left)
        .s(",")
        .n(layout.rule_y)
        .s("H")
        .n(layout.width - layout.left)
        .s("\" stroke=\"#b9b29b\" stroke-width=\".8\"/>\n");
    w.s("<g font-family=\"")
        .s(SANS)
        .s("\" font-size=\"")
        .n(size)
        .s("\" fill=\"")
        .s(INK)
        .s("\">");
    // Sides.
    for (i, (name, at)) in layout::side_names(frame)
        .iter()
        .zip(&layout.sides)
        .enumerate()
    {
        let pal = palette(i);
        w.s("<rect ")
            .xy(*at)
            .s(" width=\"16\" height=\"16\" rx=\"2.5\" fill=\"")
            .s(pal.fill)
            .s("\" stroke=\"")
            .s(pal.dark)
            .s("\"/><text ")
            .xy(Point::new(at.x + layout::SWATCH + 6.0, at.y + 12.0))
            .s(" font-weight=\"bold\">")
            .text(name)
            .s("</text>");
    }
    w.s("\n");

    // Unit symbols.
    let row = layout.symbols_row;
    let mut x = layout.left;
    let label =
        |w: &mut W, x: &mut f64, sample: f64, text: &str| legend_label(w, x, row, sample, text);
    let symbols: [(Option<Arm>, Weight, &str); 6] = [
        (Some(Arm::Infantry), Weight::None, "Infantry"),
        (Some(Arm::Cavalry), Weight::None, "Cavalry"),
        (Some(Arm::Archers), Weight::None, "Archers"),
        (None, Weight::Heavy, "Heavy"),
        (None, Weight::Light, "Light"),
        (None, Weight::Skirmish, "Skirmish"),
    ];
    for (arm, weight, text) in symbols {
        w.translate(Point::new(x, row - 6.5)).s(">");
        symbol(w, arm, weight);
        w.s("</g>");
        label(w, &mut x, 22.0, text);
    }
    w.s("<circle cx=\"")
        .n(x + 4.0)
        .s("\" cy=\"")
        .n(row)
        .s("\" r=\"2.8\" fill=\"")
        .s(BLOOD)
        .s("\"/>");
    label(w, &mut x, 8.0, "Damage");
    w.translate(Point::new(x + 8.0, row))
        .s("><g transform=\"scale(.45)\">")
        .s(FALLING)
        .s("</g></g>");
    label(w, &mut x, 16.0, "Falling");
    w.s("\n");

    // Marks.
    let row = layout.marks_row;
    let mut x = layout.left;
    let label =
        |w: &mut W, x: &mut f64, sample: f64, text: &str| legend_label(w, x, row, sample, text);
    let line = |x: f64| [Point::new(x, row), Point::new(x + 30.0, row)];
    let samples: [(Arrow<'_>, &str); 3] = [
        (
            Arrow {
                colour: NEUTRAL,
                width: 3.2,
                head: 11.0,
                dash: None,
            },
            "Move",
        ),
        (
            Arrow {
                colour: NEUTRAL,
                width: 6.0,
                head: 14.0,
                dash: None,
            },
            "Charge",
        ),
        (
            Arrow {
                colour: NEUTRAL,
                width: 4.0,
                head: 12.0,
                dash: None,
            },
            "Attack",
        ),
    ];
    for (style, text) in samples {
        arrow(w, &line(x), None, &style);
        label(w, &mut x, 30.0, text);
    }
    let [a, b] = line(x);
    arrow(
        w,
        &[a, b],
        Some(Point::new(x + 15.0, row - 12.0)),
        &Arrow {
            colour: NEUTRAL,
            width: 2.4,
            head: 9.0,
            dash: Some("5 3"),
        },
    );
    label(w, &mut x, 30.0, "Volley");
    w.s("<path d=\"M")
        .n(x)
        .s(",")
        .n(row)
        .s("H")
        .n(x + 30.0)
        .s("\" stroke=\"")
        .s(NEUTRAL)
        .s("\" stroke-width=\"1.6\"/>");
    for px in [x, x + 30.0] {
        w.s("<circle cx=\"")
            .n(px)
            .s("\" cy=\"")
            .n(row)
            .s("\" r=\"2.6\" fill=\"")
            .s(NEUTRAL)
            .s("\"/>");
    }
    label(w, &mut x, 30.0, "Support");
    w.translate(Point::new(x + 9.0, row))
        .s("><use xlink:href=\"#burst\" transform=\"scale(.24)\"/></g>");
    label(w, &mut x, 18.0, "Rout");
    w.translate(Point::new(x + 9.0, row))
        .s("><use xlink:href=\"#skull\" transform=\"scale(.75)\"/></g>");
    label(w, &mut x, 18.0, "Slaughter");
    w.translate(Point::new(x + 8.0, row))
        .s("><g transform=\"scale(.5)\">")
        .s(PURSUING)
        .s("</g></g>");
    label(w, &mut x, 16.0, "Pursuing");
    w.s("</g>\n");
}

/// A legend entry's text after a sample `sample` pixels wide at `x`; moves
/// `x` past both.
fn legend_label(w: &mut W, x: &mut f64, row: f64, sample: f64, text: &str) {
    w.s("<text ")
        .xy(Point::new(*x + sample + 5.0, row + 4.0))
        .s(">")
        .s(text)
        .s("</text>");
    *x += sample + 5.0 + layout::text_width(text, layout::LEGEND_SIZE) * 1.1 + 14.0;
}

/// Lines of text in one serif group: the title, the caption.
fn text_block(w: &mut W, lines: &[layout::Line], size: f64, style: &str) {
    if lines.is_empty() {
        return;
    }
    w.s("<g font-family=\"")
        .s(SERIF)
        .s("\" font-size=\"")
        .n(size)
        .s("\" ")
        .s(style)
        .s(" fill=\"")
        .s(INK)
        .s("\">");
    for line in lines {
        w.s("<text ")
            .xy(line.at)
            .s(">")
            .text(&line.text)
            .s("</text>");
    }
    w.s("</g>\n");
}

/// TEMPORARY until the renderer draws scenes: an empty picture with the caption.
pub fn scene_svg(scene: &senlac_board::scene::Scene) -> String {
    let mut out = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>",
    );
    push_escaped(&mut out, &scene.caption);
    out.push_str("</title></svg>\n");
    out
}
