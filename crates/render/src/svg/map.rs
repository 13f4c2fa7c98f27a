//! The board and its terrain: the map's frame, cells filled by their look
//! (one path per look), hexsides and square sides of terrain edges, cell
//! labels; on a table, the cloth, the 6-inch grid and ruler, and terrain as
//! polygons, circles and lines in inches.

use senlac_board::Cell;
use senlac_board::kurbo::Point;
use senlac_board::scene::{Look, Place, Scene, Shape};

use super::{INK, OPEN_GROUND, PathData, SANS, Tag};
use crate::layout::{Layout, Rect, Surface, TableMap, push_px};

/// Inches between the table's grid lines.
const GRID_INCHES: f64 = 6.0;

/// How an area of `look` is filled.
pub(super) fn fill(look: Look) -> &'static str {
    match look {
        Look::Woods => "url(#forest)",
        Look::Water => "url(#water)",
        Look::Hill | Look::Crest => "url(#hill)",
        Look::Impassable => "url(#rock)",
        Look::Rough => "url(#rough)",
        Look::Marsh => "url(#marsh)",
        Look::Town => "url(#town)",
        Look::Field => "url(#field)",
        Look::Road => "#dcc79a",
        Look::Stream => "url(#water)",
        Look::Height(step) => HEIGHT_TINTS[usize::from(step.clamp(1, 6)) - 1],
        Look::Wall => "#8d887c",
        Look::Ditch => "#b49a6c",
        Look::Ford => "#d9cfa4",
        Look::Bridge => "#a07a4c",
    }
}

/// The tints of ground one to six steps above the lowest (higher is the
/// sixth's): light, so counters and marks stay the loudest things on the map.
const HEIGHT_TINTS: [&str; 6] = [
    "#ece7c9", "#e6ddb9", "#e0d3a8", "#d9c897", "#d1bc86", "#c8af76",
];

/// The contour line between ground of different heights.
const CONTOUR: (&str, f64) = ("#a0804f", 1.3);

/// The colour and width of an edge or a line of `look`.
pub(super) fn edge_style(look: Look) -> (&'static str, f64) {
    match look {
        Look::Crest | Look::Hill => ("#7a4a1d", 5.5),
        Look::Water | Look::Marsh => ("#3f86c4", 5.0),
        Look::Impassable => ("#5b5547", 3.5),
        Look::Woods => ("#3b6429", 4.0),
        Look::Road | Look::Field => ("#a8824f", 4.0),
        Look::Town => ("#8a4a34", 4.0),
        Look::Rough => ("#8d8266", 4.0),
        Look::Stream => ("#3f86c4", 4.5),
        Look::Height(_) => CONTOUR,
        Look::Wall => ("#4f4a40", 3.0),
        Look::Ditch => ("#6e5532", 3.0),
        Look::Ford => ("#3f86c4", 3.0),
        Look::Bridge => ("#4a3520", 3.0),
    }
}

/// The order looks are filled in, low ground first; open ground and the
/// heights (lowest first) before all.
const LOOKS: [Look; 15] = [
    Look::Field,
    Look::Hill,
    Look::Crest,
    Look::Rough,
    Look::Road,
    Look::Town,
    Look::Marsh,
    Look::Woods,
    Look::Water,
    Look::Stream,
    Look::Ford,
    Look::Bridge,
    Look::Ditch,
    Look::Wall,
    Look::Impassable,
];

/// The layer a line of `look` is drawn in on a table, lowest first: water,
/// then the crossings over it, then roads, then walls, ditches and cliffs
/// over all, so a ford or a bridge reads across its river.
fn line_layer(look: Look) -> u8 {
    match look {
        Look::Water | Look::Stream | Look::Marsh => 0,
        Look::Ford | Look::Bridge => 1,
        Look::Road | Look::Field => 2,
        _ => 3,
    }
}

/// The map's frame: a rectangle in ink, filled with `fill` (`none` around
/// a crop, which draws the ground itself).
pub(super) fn frame(at: crate::layout::Rect, fill: &'static str) -> Tag {
    Tag::new("rect")
        .num("x", at.x)
        .num("y", at.y)
        .num("width", at.width)
        .num("height", at.height)
        .set("fill", fill)
        .set("stroke", INK)
        .set("stroke-width", "1.5")
}

pub(super) fn draw(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    doc.push(frame(layout.map, "#ebe6d2"));
    match &layout.surface {
        Surface::Table(table) => draw_table(doc, scene, table),
        _ => draw_grid(doc, scene, layout),
    }
}

fn draw_grid(doc: &mut Tag, scene: &Scene, layout: &Layout) {
    let surface = &layout.surface;
    // Each cell's look, the last terrain naming it winning; column by column.
    let cells: Vec<Cell> = surface.cells().collect();
    let rows = cells.iter().map(|c| c.row).max().unwrap_or(0);
    let index =
        |cell: Cell| usize::from(cell.column - 1) * usize::from(rows) + usize::from(cell.row - 1);
    let mut looks: Vec<Option<Look>> = vec![None; cells.len()];
    for terrain in &scene.terrain {
        if let Shape::Cells { cells } = &terrain.shape {
            for &cell in cells.iter().filter(|&&c| surface.on_board(c)) {
                looks[index(cell)] = Some(terrain.look);
            }
        }
    }
    let look_of = |cell: Cell| {
        if surface.on_board(cell) {
            looks[index(cell)]
        } else {
            None
        }
    };
    let outline = CellOutline::new(surface);
    let mut heights: Vec<Look> = scene
        .terrain
        .iter()
        .map(|t| t.look)
        .filter(|l| matches!(l, Look::Height(_)))
        .collect();
    heights.sort_by_key(|l| match l {
        Look::Height(step) => *step,
        _ => 0,
    });
    heights.dedup();
    let kinds = std::iter::once(None)
        .chain(heights.into_iter().map(Some))
        .chain(LOOKS.into_iter().map(Some));
    for kind in kinds {
        let mut d = PathData::new();
        for &cell in cells.iter().filter(|&&c| look_of(c) == kind) {
            outline.add(&mut d, cell);
        }
        if !d.is_empty() {
            doc.push(
                d.into_path()
                    .set("fill", kind.map_or(OPEN_GROUND, fill))
                    .set("stroke", "#a3a085")
                    .set("stroke-width", ".8"),
            );
        }
    }

    // Sides between impassable ground and the rest, shaded.
    let mut d = PathData::new();
    for &cell in cells
        .iter()
        .filter(|&&c| look_of(c) == Some(Look::Impassable))
    {
        for n in surface.neighbours(cell) {
            if surface.on_board(n)
                && look_of(n) != Some(Look::Impassable)
                && let Some((a, b)) = surface.shared_edge(cell, n)
            {
                d.polyline(&[a, b]);
            }
        }
    }
    if !d.is_empty() {
        doc.push(
            d.path()
                .set("fill", "none")
                .set("stroke", "#5b5547")
                .set("stroke-width", "3.5")
                .set("stroke-linecap", "round"),
        );
    }

    draw_contours(doc, scene, surface, &cells, &index);
    draw_tracks(doc, scene, surface);

    // Terrain along sides: crests, rivers, walls.
    for terrain in &scene.terrain {
        if let Shape::Edges { edges } = &terrain.shape {
            let mut d = PathData::new();
            for &(a, b) in edges {
                if let Some((p, q)) = surface.shared_edge(a, b) {
                    d.polyline(&[p, q]);
                }
            }
            if !d.is_empty() {
                let (colour, width) = edge_style(terrain.look);
                doc.push(
                    d.path()
                        .set("fill", "none")
                        .set("stroke", colour)
                        .num("stroke-width", width)
                        .set("stroke-linecap", "round")
                        .set("stroke-linejoin", "round"),
                );
            }
        }
    }

    // CCRR labels at the top of each cell.
    let mut labels = Tag::new("g")
        .set("font-family", SANS)
        .set("font-size", "7.5")
        .set("fill", "#625f4a")
        .set("stroke", "#f8f6ea")
        .set("stroke-width", "2")
        .set("stroke-opacity", ".8")
        .set("paint-order", "stroke")
        .set("text-anchor", "middle");
    // Hundreds of labels of digits alone: written straight into the group,
    // since nothing in them needs escaping and elements cost time. A cell a
    // counter stands on keeps no label, nor one a counter's face would
    // cover or crowd (beside a counter in the middle of a unit's base).
    let occupied: Vec<Cell> = scene
        .counters
        .iter()
        .filter_map(|c| match c.at {
            Place::Cell(cell) => Some(cell),
            Place::Point(_) => None,
        })
        .collect();
    let faces: Vec<Rect> = layout
        .counters(scene)
        .iter()
        .map(|p| p.face.grown(6.0))
        .collect();
    for cell in cells {
        if occupied.contains(&cell) {
            continue;
        }
        let Some(at) = label_at(surface, cell) else {
            continue;
        };
        let label = Rect::centred(Point::new(at.x, at.y - 2.5), 18.0, 9.0);
        if faces.iter().any(|f| f.overlap(&label) > 0.0) {
            continue;
        }
        // Each its own child: an animation draws again only those that
        // change as counters move ([`Tag::loose`]).
        let mut texts = String::with_capacity(40);
        texts.push_str("<text x=\"");
        push_px(&mut texts, at.x);
        texts.push_str("\" y=\"");
        push_px(&mut texts, at.y);
        texts.push_str("\">");
        push_two_digits(&mut texts, cell.column);
        push_two_digits(&mut texts, cell.row);
        texts.push_str("</text>");
        labels.push_raw(texts);
    }
    doc.push(labels.loose());
}

/// A thin line along every side between ground of different heights, so a
/// slope reads even where woods or marsh hide the height's tint.
fn draw_contours(
    doc: &mut Tag,
    scene: &Scene,
    surface: &Surface,
    cells: &[Cell],
    index: &dyn Fn(Cell) -> usize,
) {
    let mut height = vec![0u8; cells.len()];
    let mut any = false;
    for terrain in &scene.terrain {
        if let (Look::Height(step), Shape::Cells { cells }) = (terrain.look, &terrain.shape) {
            for &cell in cells.iter().filter(|&&c| surface.on_board(c)) {
                height[index(cell)] = step;
                any = true;
            }
        }
    }
    if !any {
        return;
    }
    let mut d = PathData::new();
    for &cell in cells {
        for n in surface.neighbours(cell) {
            if surface.on_board(n)
                && height[index(n)] < height[index(cell)]
                && let Some((a, b)) = surface.shared_edge(cell, n)
            {
                d.polyline(&[a, b]);
            }
        }
    }
    if !d.is_empty() {
        let (colour, width) = CONTOUR;
        doc.push(
            d.path()
                .set("fill", "none")
                .set("stroke", colour)
                .num("stroke-width", width)
                .set("stroke-linecap", "round"),
        );
    }
}

/// Roads and tracks through cells: a line from centre to centre of every
/// two neighbouring cells of one, over a darker verge.
fn draw_tracks(doc: &mut Tag, scene: &Scene, surface: &Surface) {
    for terrain in &scene.terrain {
        let Shape::Track { cells } = &terrain.shape else {
            continue;
        };
        let mut d = PathData::new();
        for (i, &a) in cells.iter().enumerate() {
            let near = surface.neighbours(a);
            for &b in cells[i + 1..].iter().filter(|b| near.contains(b)) {
                if let (Some(p), Some(q)) =
                    (surface.place(Place::Cell(a)), surface.place(Place::Cell(b)))
                {
                    d.polyline(&[p, q]);
                }
            }
        }
        if d.is_empty() {
            continue;
        }
        let (verge, _) = edge_style(terrain.look);
        for (colour, width) in [(verge, 6.5), (fill(terrain.look), 3.5)] {
            doc.push(
                d.path()
                    .set("fill", "none")
                    .set("stroke", colour)
                    .num("stroke-width", width)
                    .set("stroke-linecap", "round")
                    .set("stroke-linejoin", "round"),
            );
        }
    }
}

/// Cell outlines for path data: every cell of a grid has the same shape, so
/// each costs one move to its first corner and then the same relative steps
/// (a sixth of the numbers, in the loop that draws every cell).
pub(super) struct CellOutline<'a> {
    surface: &'a Surface,
    steps: String,
}

impl<'a> CellOutline<'a> {
    pub(super) fn new(surface: &'a Surface) -> CellOutline<'a> {
        let mut steps = PathData::new();
        match surface {
            // From the east corner: SE, SW, W, NW, NE.
            Surface::Hex { grid, .. } => {
                let (s, h) = (grid.size, grid.height / 2.0);
                steps.commands("l");
                for (i, p) in [
                    (-s / 2.0, h),
                    (-s, 0.0),
                    (-s / 2.0, -h),
                    (s / 2.0, -h),
                    (s, 0.0),
                ]
                .into_iter()
                .enumerate()
                {
                    if i > 0 {
                        steps.commands(" ");
                    }
                    steps.pair(Point::new(p.0, p.1));
                }
            }
            // From the north-west corner, clockwise.
            Surface::Square { grid, .. } => {
                let s = grid.size;
                steps.commands("l");
                steps.pair(Point::new(s, 0.0)).commands(" ");
                steps.pair(Point::new(0.0, s)).commands(" ");
                steps.pair(Point::new(-s, 0.0));
            }
            Surface::Table(_) => {}
        }
        steps.close();
        CellOutline {
            surface,
            steps: steps.into_string(),
        }
    }

    /// Appends `cell`'s outline.
    pub(super) fn add(&self, d: &mut PathData, cell: Cell) {
        let first = match self.surface {
            Surface::Hex { grid, .. } => grid.corners(cell)[0],
            Surface::Square { grid, .. } => grid.corners(cell)[0],
            Surface::Table(_) => return,
        };
        d.move_to(first).commands(&self.steps);
    }
}

/// Half a CCRR label: `7` as `07`.
fn push_two_digits(out: &mut String, n: u8) {
    out.push(char::from(b'0' + n / 10 % 10));
    out.push(char::from(b'0' + n % 10));
}

/// Where a cell's label goes: centred, just inside its top.
fn label_at(surface: &Surface, cell: Cell) -> Option<Point> {
    let (c, half) = match surface {
        Surface::Hex { grid, .. } => (grid.centre(cell), grid.height / 2.0),
        Surface::Square { grid, .. } => (grid.centre(cell), grid.size / 2.0),
        Surface::Table(_) => return None,
    };
    Some(Point::new(c.x, c.y - half + 9.5))
}

fn draw_table(doc: &mut Tag, scene: &Scene, table: &TableMap) {
    let corner = table.to_px(Point::new(table.width, table.depth));
    doc.push(
        Tag::new("rect")
            .at(table.origin)
            .num("width", corner.x - table.origin.x)
            .num("height", corner.y - table.origin.y)
            .set("fill", OPEN_GROUND)
            .set("stroke", "#a3a085"),
    );

    // Areas first, then lines (roads and rivers) over them.
    for terrain in &scene.terrain {
        let (colour, _) = edge_style(terrain.look);
        let area = match &terrain.shape {
            Shape::Polygon { points } if points.len() >= 3 => {
                let points: Vec<Point> = points.iter().map(|&p| table.to_px(p)).collect();
                let mut d = PathData::new();
                d.polygon(&points);
                d.path()
            }
            Shape::Circle { centre, radius } if radius.is_finite() && *radius > 0.0 => {
                Tag::new("circle")
                    .num("cx", table.to_px(*centre).x)
                    .num("cy", table.to_px(*centre).y)
                    .num("r", radius * table.scale)
            }
            _ => continue,
        };
        doc.push(
            area.set("fill", fill(terrain.look))
                .set("stroke", colour)
                .set("stroke-width", "1.2")
                .set("stroke-linejoin", "round"),
        );
    }
    let mut lines: Vec<_> = (scene.terrain.iter())
        .filter_map(|t| match &t.shape {
            Shape::Line { points, width } if points.len() >= 2 => Some((t.look, points, *width)),
            _ => None,
        })
        .collect();
    lines.sort_by_key(|(look, ..)| line_layer(*look));
    for (look, points, width) in lines {
        let points: Vec<Point> = points.iter().map(|&p| table.to_px(p)).collect();
        let width = if width.is_finite() {
            width.max(0.1)
        } else {
            1.0
        } * table.scale;
        draw_line(doc, look, &points, width);
    }

    draw_ruler(doc, table);
}

/// A line of terrain on a table through `points` (pixels), `width`
/// pixels wide, as its look draws it.
pub(super) fn draw_line(doc: &mut Tag, look: Look, points: &[Point], width: f64) {
    let mut d = PathData::new();
    d.polyline(points);
    // Flat ends, as the footprint's band has (a road ends at the table's
    // edge, a ford at the river's banks); round bends.
    let line = |stroke: &'static str, w: f64| {
        d.path()
            .set("fill", "none")
            .set("stroke", stroke)
            .num("stroke-width", w)
            .set("stroke-linecap", "butt")
            .set("stroke-linejoin", "round")
    };
    let (edge, _) = edge_style(look);
    match look {
        // A road has a darker verge.
        Look::Road => {
            doc.push(line(edge, width + 2.0));
            doc.push(line(fill(Look::Road), width));
        }
        Look::Water => doc.push(line("#6aa6d6", width)),
        // Stones: a dark bed, pale blocks along it.
        Look::Wall => {
            doc.push(line(edge, width.max(3.0) + 1.5));
            doc.push(line(fill(Look::Wall), width.max(3.0) - 1.0).set("stroke-dasharray", "5 1.5"));
        }
        // A dug line: its spoil either side, the cut dark and unbroken
        // in the middle (a bridge's planks are broken across).
        Look::Ditch => {
            doc.push(line(fill(Look::Ditch), width.max(3.0) + 2.0));
            doc.push(line(edge, (width / 2.5).max(1.5)));
        }
        // Shallows over the river: sand with the water's ripples, flat ends
        // so it stops at the banks it is drawn to.
        Look::Ford => {
            doc.push(line(edge, width + 2.0));
            doc.push(line(fill(Look::Ford), width));
            doc.push(line("#6aa6d6", (width / 6.0).max(1.0)).set("stroke-dasharray", "2 4"));
        }
        // Planks across the river between dark rails.
        Look::Bridge => {
            doc.push(line(edge, width + 3.0));
            doc.push(line(fill(Look::Bridge), width).set("stroke-dasharray", "4 1"));
        }
        _ => doc.push(line(edge, width)),
    }
}

/// Grid lines every 6 inches over the table, and their inches along the
/// top and the left, as the notation measures a point on a table: across
/// from the left edge, up from the near (bottom) edge; a tick every inch
/// along both rulers.
fn draw_ruler(doc: &mut Tag, table: &TableMap) {
    let mut d = PathData::new();
    let mut ticks = PathData::new();
    let mut labels = Tag::new("g")
        .set("font-family", SANS)
        .set("font-size", "8")
        .set("fill", "#625f4a");
    let marks = |extent: f64, every: f64| {
        (1..)
            .map(move |i| f64::from(i) * every)
            .take_while(move |&v| v < extent)
    };
    for x in marks(table.width, 1.0) {
        let top = table.to_px(Point::new(x, 0.0));
        ticks.move_to(top).line_to(Point::new(top.x, top.y - 2.5));
    }
    for up in marks(table.depth, 1.0) {
        let left = table.to_px(Point::new(0.0, table.depth - up));
        ticks
            .move_to(left)
            .line_to(Point::new(left.x - 2.5, left.y));
    }
    for x in marks(table.width, GRID_INCHES) {
        let top = table.to_px(Point::new(x, 0.0));
        d.move_to(top)
            .line_to(table.to_px(Point::new(x, table.depth)));
        labels.push(
            Tag::new("text")
                .at(Point::new(top.x, top.y - 5.0))
                .set("text-anchor", "middle")
                .text(&format!("{x}\u{2033}")),
        );
    }
    for up in marks(table.depth, GRID_INCHES) {
        let left = table.to_px(Point::new(0.0, table.depth - up));
        d.move_to(left)
            .line_to(table.to_px(Point::new(table.width, table.depth - up)));
        labels.push(
            Tag::new("text")
                .at(Point::new(left.x - 4.0, left.y + 3.0))
                .set("text-anchor", "end")
                .text(&format!("{up}\u{2033}")),
        );
    }
    if !ticks.is_empty() {
        doc.push(
            ticks
                .path()
                .set("stroke", "#7c776a")
                .set("stroke-width", ".7"),
        );
    }
    if !d.is_empty() {
        doc.push(
            d.path()
                .set("fill", "none")
                .set("stroke", "#7c776a")
                .set("stroke-opacity", ".35")
                .set("stroke-width", ".7")
                .set("stroke-dasharray", "2 3"),
        );
        doc.push(labels);
    }
}
