//! Where things go, in pixels: the board's surface (a flat-top hex grid, a
//! square grid or a table measured in inches) and the canvas around it (title
//! above, caption and legend below).
//!
//! Nothing here draws. Geometry uses only additions, multiplications, square
//! roots and the odd sine, and every number leaves through [`Px`] rounded to a
//! tenth of a pixel, so the same scene gives the same bytes everywhere.

use std::fmt;

use senlac_board::kurbo::{Point, Vec2};
use senlac_board::scene::{Board, Head, Place, Sample, Scene};
use senlac_board::{Cell, Extent, Parity, hex};

/// √3, the height of a flat-top hex whose corners are 1 from its centre.
const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The distance from a hex's centre to its corners, in pixels.
pub const HEX_SIZE: f64 = 48.0;
/// The side of a square cell, in pixels: a counter and its cell label fit.
pub const SQUARE_SIZE: f64 = 72.0;
/// The widest a table is drawn, in pixels, and the most pixels an inch gets.
const TABLE_WIDTH: f64 = 880.0;
const MAX_INCH: f64 = 24.0;
/// Room left of and above a table for its inch ruler.
pub const RULER: f64 = 16.0;
/// White space around everything.
pub const MARGIN: f64 = 24.0;
/// The narrowest canvas with a legend: wide enough for a legend row.
pub const MIN_WIDTH: f64 = 720.0;
/// Padding between the board and the frame drawn around it.
pub const MAP_PADDING: f64 = 8.0;

/// The title's font size and line height.
pub const TITLE_SIZE: f64 = 22.0;
const TITLE_LINE: f64 = 27.0;
/// The caption's font size and line height.
pub const CAPTION_SIZE: f64 = 13.0;
const CAPTION_LINE: f64 = 17.0;
/// The legend's font size and row height.
pub const LEGEND_SIZE: f64 = 11.0;
pub const LEGEND_ROW: f64 = 24.0;
/// The width of a side's swatch and the gap after it.
pub const SWATCH: f64 = 16.0;
const SWATCH_GAP: f64 = 6.0;
const LEGEND_ITEM_GAP: f64 = 22.0;

/// The point `by` pixels from `from` towards `to` (or past it).
pub fn towards(from: Point, to: Point, by: f64) -> Point {
    let d = from.distance(to);
    if d == 0.0 {
        return from;
    }
    from + (to - from) * (by / d)
}

/// Whether two points are the same to a hundredth of a pixel.
pub fn near(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 0.01 && (a.y - b.y).abs() < 0.01
}

/// A length or coordinate printed rounded to a tenth, without trailing
/// noise: `12`, `12.5`, `-0.3`, never `-0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Px(pub f64);

impl fmt::Display for Px {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = String::new();
        push_px(&mut buf, self.0);
        f.write_str(&buf)
    }
}

/// Appends `v` rounded to a tenth, as [`Px`] prints it, without going
/// through the formatting machinery (path data is the hot loop).
pub fn push_px(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push('0');
        return;
    }
    // Saturating cast: absurd coordinates stay finite numbers.
    let tenths = (v * 10.0).round() as i64;
    // Written backwards into a buffer: tenth, point, whole part, sign.
    let mut buf = [0u8; 24];
    let mut i = buf.len();
    let mut n = tenths.unsigned_abs();
    let frac = (n % 10) as u8;
    n /= 10;
    if frac != 0 {
        i -= 2;
        buf[i] = b'.';
        buf[i + 1] = b'0' + frac;
    }
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if tenths < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    // Only ASCII was written, so this never falls back.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
}

/// An axis-aligned rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// Flat-top hexes in columns, CCRR from 1, rows growing southwards; every
/// other column half a hex lower as [`Parity`] says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexGrid {
    /// Centre to corner.
    pub size: f64,
    /// Flat side to flat side: √3 × size.
    pub height: f64,
    pub parity: Parity,
    /// The top-left of the box around the whole grid.
    pub origin: Point,
}

impl HexGrid {
    pub fn new(size: f64, parity: Parity, origin: Point) -> HexGrid {
        HexGrid {
            size,
            height: SQRT3 * size,
            parity,
            origin,
        }
    }

    /// Whether `column` sits half a hex lower than its neighbours.
    pub fn shifted(&self, column: u8) -> bool {
        (column % 2 == 1) == (self.parity == Parity::Odd)
    }

    /// The width of `columns` columns, corner to corner.
    pub fn width_of(&self, columns: u8) -> f64 {
        if columns == 0 {
            return 0.0;
        }
        self.size * (1.5 * f64::from(columns) + 0.5)
    }

    /// The height of `columns` × `rows` hexes, including the half hex the
    /// lower columns hang below the others.
    pub fn height_of(&self, columns: u8, rows: u8) -> f64 {
        if columns == 0 || rows == 0 {
            return 0.0;
        }
        let hangs = columns >= 2 || self.shifted(1);
        let extra = if hangs { self.height / 2.0 } else { 0.0 };
        self.height * f64::from(rows) + extra
    }

    /// The centre of `cell`. Cells off the map have centres too.
    pub fn centre(&self, cell: Cell) -> Point {
        let x = self.origin.x + self.size + (f64::from(cell.column) - 1.0) * 1.5 * self.size;
        let drop = if self.shifted(cell.column) {
            self.height / 2.0
        } else {
            0.0
        };
        let y =
            self.origin.y + self.height / 2.0 + (f64::from(cell.row) - 1.0) * self.height + drop;
        Point::new(x, y)
    }

    /// The six corners of `cell` clockwise from the east one: E, SE, SW, W,
    /// NW, NE.
    pub fn corners(&self, cell: Cell) -> [Point; 6] {
        let c = self.centre(cell);
        let (s, h) = (self.size, self.height / 2.0);
        [
            Point::new(c.x + s, c.y),
            Point::new(c.x + s / 2.0, c.y + h),
            Point::new(c.x - s / 2.0, c.y + h),
            Point::new(c.x - s, c.y),
            Point::new(c.x - s / 2.0, c.y - h),
            Point::new(c.x + s / 2.0, c.y - h),
        ]
    }

    /// The hexside two cells share, as its two ends, or `None` when the
    /// cells are not neighbours.
    pub fn shared_edge(&self, a: Cell, b: Cell) -> Option<(Point, Point)> {
        let direction = hex::direction_to(a, b, self.parity)?;
        let i = hex::Direction::ALL.iter().position(|&d| d == direction)?;
        // The side towards direction i (N, NE, …) runs between corners
        // i + 4 and i + 5 of the E, SE, SW, W, NW, NE ring.
        let corners = self.corners(a);
        Some((corners[(i + 4) % 6], corners[(i + 5) % 6]))
    }
}

/// Square cells, CCRR from 1, rows growing southwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SquareGrid {
    pub size: f64,
    /// The top-left corner of cell 0101.
    pub origin: Point,
}

impl SquareGrid {
    pub fn centre(&self, cell: Cell) -> Point {
        Point::new(
            self.origin.x + (f64::from(cell.column) - 0.5) * self.size,
            self.origin.y + (f64::from(cell.row) - 0.5) * self.size,
        )
    }

    /// The corners clockwise from the north-west one.
    pub fn corners(&self, cell: Cell) -> [Point; 4] {
        let c = self.centre(cell);
        let h = self.size / 2.0;
        [
            Point::new(c.x - h, c.y - h),
            Point::new(c.x + h, c.y - h),
            Point::new(c.x + h, c.y + h),
            Point::new(c.x - h, c.y + h),
        ]
    }

    /// The side two orthogonal neighbours share.
    pub fn shared_edge(&self, a: Cell, b: Cell) -> Option<(Point, Point)> {
        if senlac_board::square::steps(a, b) != 1 {
            return None;
        }
        let [nw, ne, se, sw] = self.corners(a);
        Some(match (b.column.cmp(&a.column), b.row.cmp(&a.row)) {
            (std::cmp::Ordering::Greater, _) => (ne, se),
            (std::cmp::Ordering::Less, _) => (sw, nw),
            (_, std::cmp::Ordering::Greater) => (se, sw),
            _ => (nw, ne),
        })
    }
}

/// A table: inches scaled to pixels, north at the top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableMap {
    /// Where the table's north-west corner is drawn.
    pub origin: Point,
    /// Pixels per inch.
    pub scale: f64,
    /// In inches.
    pub width: f64,
    pub depth: f64,
}

impl TableMap {
    /// The pixel a point on the table (in inches) is drawn at.
    pub fn to_px(&self, p: Point) -> Point {
        self.origin + Vec2::new(p.x, p.y) * self.scale
    }
}

/// The board as laid out on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Surface {
    Hex { grid: HexGrid, extent: Extent },
    Square { grid: SquareGrid, extent: Extent },
    Table(TableMap),
}

impl Surface {
    /// The cells of a grid, column by column; none on a table.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let extent = match *self {
            Surface::Hex { extent, .. } | Surface::Square { extent, .. } => extent,
            Surface::Table(_) => Extent {
                columns: 0,
                rows: 0,
            },
        };
        (1..=extent.columns)
            .flat_map(move |column| (1..=extent.rows).map(move |row| Cell { column, row }))
    }

    /// Whether `cell` lies on a grid.
    pub fn on_board(&self, cell: Cell) -> bool {
        match *self {
            Surface::Hex { extent, .. } | Surface::Square { extent, .. } => extent.contains(cell),
            Surface::Table(_) => false,
        }
    }

    /// The pixel a place is drawn at: a cell's centre on a grid, a point on a
    /// table; `None` where the place means nothing on this board.
    pub fn place(&self, place: Place) -> Option<Point> {
        match (self, place) {
            (Surface::Hex { grid, .. }, Place::Cell(cell)) => Some(grid.centre(cell)),
            (Surface::Square { grid, .. }, Place::Cell(cell)) => Some(grid.centre(cell)),
            (Surface::Table(table), Place::Point(p)) => Some(table.to_px(p)),
            _ => None,
        }
    }

    /// The outline of a cell in pixels; empty on a table.
    pub fn outline(&self, cell: Cell) -> Vec<Point> {
        match self {
            Surface::Hex { grid, .. } => grid.corners(cell).to_vec(),
            Surface::Square { grid, .. } => grid.corners(cell).to_vec(),
            Surface::Table(_) => Vec::new(),
        }
    }

    /// The side two neighbouring cells share.
    pub fn shared_edge(&self, a: Cell, b: Cell) -> Option<(Point, Point)> {
        match self {
            Surface::Hex { grid, .. } => grid.shared_edge(a, b),
            Surface::Square { grid, .. } => grid.shared_edge(a, b),
            Surface::Table(_) => None,
        }
    }

    /// Every neighbour of `cell` that shares a side with it.
    pub fn neighbours(&self, cell: Cell) -> Vec<Cell> {
        match self {
            Surface::Hex { grid, .. } => hex::neighbours(cell, grid.parity).collect(),
            Surface::Square { .. } => {
                senlac_board::square::neighbours(cell, senlac_board::square::Adjacency::Orthogonal)
                    .collect()
            }
            Surface::Table(_) => Vec::new(),
        }
    }
}

/// A rough width of `text` at `font_size`, for wrapping and flowing: no
/// font is measured, so the canvas does not depend on installed fonts.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars().count() as f64 * font_size * 0.55
}

/// Splits `text` into lines no wider than `width` (roughly), at spaces; a
/// word longer than a line gets a line of its own.
pub fn wrap(text: &str, font_size: f64, width: f64) -> Vec<String> {
    let max = ((width / (font_size * 0.55)).floor() as usize).max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if len > 0 && len + 1 + n > max {
            lines.push(std::mem::take(&mut line));
            len = 0;
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        line.push_str(word);
        len += n;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A line of text: where its baseline starts and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub at: Point,
    pub text: String,
}

/// How wide a legend entry's sample is drawn.
pub fn sample_width(sample: &Sample) -> f64 {
    match sample {
        Sample::Counter { .. } => 22.0,
        Sample::Pips => 18.0,
        Sample::Bar => 22.0,
        Sample::Corners => 16.0,
        Sample::Standing { .. }
        | Sample::Terrain { .. }
        | Sample::Flipped
        | Sample::Small
        | Sample::Overlay { .. } => 16.0,
        Sample::Marker { text } => crate::placement::bold_text_width(text, 8.0) + 7.0,
        // An impact's burst needs room before the label.
        Sample::Line { stroke } if stroke.head == Head::Impact => 40.0,
        Sample::Line { .. } => 30.0,
        Sample::Glyph { .. } => 18.0,
    }
}

/// Whether a sample shows something that happened (a line, a glyph) rather
/// than something on the board: those start a legend row of their own.
fn is_event(sample: &Sample) -> bool {
    matches!(sample, Sample::Line { .. } | Sample::Glyph { .. })
}

/// The legend entry's text after its sample, and the gap before the next entry.
pub(crate) fn legend_entry_width(sample: &Sample, label: &str) -> f64 {
    sample_width(sample) + 5.0 + text_width(label, LEGEND_SIZE) * 1.1 + 14.0
}

/// Everything's place on the canvas for one scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub surface: Surface,
    /// The box around the board, padding included: where the map's frame goes.
    pub map: Rect,
    /// The title's lines, left-aligned.
    pub title: Vec<Line>,
    /// The caption's lines, left-aligned below the map.
    pub caption: Vec<Line>,
    /// The legend under the caption; `None` for a board alone.
    pub key: Option<Key>,
    /// Pixels per unit of this layout as the drawing is shown: 1 for a
    /// drawing at its own size; less for an animation's frame, whose
    /// counters are then drawn larger where they have room
    /// ([`Layout::sizing`]), so their words stay legible.
    pub px: f64,
}

/// Where a legend's parts go, between a left and a right edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    pub left: f64,
    pub right: f64,
    /// The thin rule above the legend.
    pub rule_y: f64,
    /// Where each side's swatch goes (its top-left), in [`side_names`] order.
    pub sides: Vec<Point>,
    /// The entries of [`Scene::legend`] shown, by index, and where each
    /// sample starts: its left end, at the vertical middle of its row.
    pub entries: Vec<(usize, Point)>,
    /// Just below its last row.
    pub bottom: f64,
}

impl Key {
    /// Lays out `scene`'s sides, then the entries for what it draws (see
    /// [`Scene::shows`]), flowing left to right between `left` and `right`
    /// and wrapping, under a rule at `top`.
    pub fn new(scene: &Scene, left: f64, right: f64, top: f64) -> Key {
        let shows = |i: usize| scene.legend.get(i).is_some_and(|e| scene.shows(&e.sample));
        Key::chosen(scene, shows, left, right, top)
    }

    /// As [`Key::new`], with the entries `shown` picks by index: for a
    /// legend of many scenes, each entry kept if any scene showed it.
    pub fn chosen(
        scene: &Scene,
        shown: impl Fn(usize) -> bool,
        left: f64,
        right: f64,
        top: f64,
    ) -> Key {
        let mut y = top + 10.0;
        // Side swatches flow left to right, wrapping to more rows.
        let mut sides = Vec::with_capacity(scene.sides.len().max(2));
        let mut x = left;
        for name in side_names(scene) {
            // Names are bold: wider than the estimate for regular text.
            let w = SWATCH + SWATCH_GAP + text_width(&name, LEGEND_SIZE) * 1.18 + LEGEND_ITEM_GAP;
            if x > left && x + w > right {
                x = left;
                y += LEGEND_ROW;
            }
            sides.push(Point::new(x, y + (LEGEND_ROW - SWATCH) / 2.0));
            x += w;
        }
        y += LEGEND_ROW;

        // Entries flow the same way; what happened starts a row of its own.
        let mut entries = Vec::with_capacity(scene.legend.len());
        let mut x = left;
        let mut previous_event = None;
        for (i, entry) in scene.legend.iter().enumerate() {
            if !shown(i) {
                continue;
            }
            let w = legend_entry_width(&entry.sample, &entry.label);
            let event = is_event(&entry.sample);
            let overflows = x > left && x + w - 14.0 > right;
            if overflows || (event && previous_event == Some(false)) {
                x = left;
                y += LEGEND_ROW + 4.0;
            }
            entries.push((i, Point::new(x, y + LEGEND_ROW / 2.0)));
            x += w;
            previous_event = Some(event);
        }
        if !entries.is_empty() {
            y += LEGEND_ROW;
        }
        Key {
            left,
            right,
            rule_y: top,
            sides,
            entries,
            bottom: y,
        }
    }
}

impl Layout {
    /// Lays out `scene` with hexes of [`HEX_SIZE`], squares of [`SQUARE_SIZE`].
    pub fn new(scene: &Scene) -> Layout {
        Layout::with_hex_size(scene, HEX_SIZE)
    }

    /// Lays out `scene` with hexes `size` pixels from centre to corner.
    pub fn with_hex_size(scene: &Scene, size: f64) -> Layout {
        let shows = |i: usize| scene.legend.get(i).is_some_and(|e| scene.shows(&e.sample));
        Layout::build(scene, size, Some(&shows))
    }

    /// Lays out `scene` with the legend entries `shown` picks by index,
    /// whatever this scene draws: frames of one animation keep one legend.
    pub fn keyed(scene: &Scene, shown: &dyn Fn(usize) -> bool) -> Layout {
        Layout::build(scene, HEX_SIZE, Some(shown))
    }

    /// This layout for a drawing shown at `px` pixels per unit.
    pub fn shown_at(self, px: f64) -> Layout {
        Layout {
            px: if px.is_finite() && px > 0.0 { px } else { 1.0 },
            ..self
        }
    }

    /// Lays out `scene`'s title, board and caption, with no legend: for a
    /// page that shows the legend beside the board.
    pub fn without_key(scene: &Scene) -> Layout {
        Layout::build(scene, HEX_SIZE, None)
    }

    fn build(scene: &Scene, size: f64, key: Option<&dyn Fn(usize) -> bool>) -> Layout {
        let with_key = key.is_some();
        // The board's size, and where its top-left goes inside its frame.
        let (board_w, board_h, inset) = match scene.board {
            Board::Hex {
                columns,
                rows,
                parity,
            } => {
                let probe = HexGrid::new(size, parity, Point::ZERO);
                (probe.width_of(columns), probe.height_of(columns, rows), 0.0)
            }
            Board::Square { columns, rows } => (
                SQUARE_SIZE * f64::from(columns),
                SQUARE_SIZE * f64::from(rows),
                0.0,
            ),
            Board::Table { width, depth } => {
                let scale = table_scale(width);
                (
                    RULER + clean_inches(width) * scale,
                    RULER + clean_inches(depth) * scale,
                    RULER,
                )
            }
        };
        let width = (board_w + 2.0 * (MAP_PADDING + MARGIN))
            .max(if with_key { MIN_WIDTH } else { 0.0 })
            .ceil();
        let left = MARGIN;
        let text_w = width - 2.0 * MARGIN;

        let mut y = MARGIN;
        let title = lines(&scene.title, TITLE_SIZE, TITLE_LINE, left, &mut y, text_w);
        if !title.is_empty() {
            y += 8.0;
        }

        let map = Rect {
            x: ((width - board_w) / 2.0 - MAP_PADDING).floor(),
            y,
            width: board_w + 2.0 * MAP_PADDING,
            height: board_h + 2.0 * MAP_PADDING,
        };
        let origin = Point::new(map.x + MAP_PADDING + inset, map.y + MAP_PADDING + inset);
        let surface = match scene.board {
            Board::Hex {
                columns,
                rows,
                parity,
            } => Surface::Hex {
                grid: HexGrid::new(size, parity, origin),
                extent: Extent { columns, rows },
            },
            Board::Square { columns, rows } => Surface::Square {
                grid: SquareGrid {
                    size: SQUARE_SIZE,
                    origin,
                },
                extent: Extent { columns, rows },
            },
            Board::Table { width, depth } => Surface::Table(TableMap {
                origin,
                scale: table_scale(width),
                width: clean_inches(width),
                depth: clean_inches(depth),
            }),
        };
        y += map.height + 12.0;

        let caption = lines(
            &scene.caption,
            CAPTION_SIZE,
            CAPTION_LINE,
            left,
            &mut y,
            text_w,
        );
        if !caption.is_empty() {
            y += 6.0;
        }
        let key = key.map(|shown| Key::chosen(scene, shown, left, width - MARGIN, y));
        if let Some(key) = &key {
            y = key.bottom;
        }

        Layout {
            width,
            height: (y + MARGIN).ceil(),
            surface,
            map,
            title,
            caption,
            key,
            px: 1.0,
        }
    }
}

/// A table's size in inches as drawn: at least an inch, at most 10 feet.
fn clean_inches(inches: f64) -> f64 {
    if inches.is_finite() {
        inches.clamp(1.0, 120.0)
    } else {
        1.0
    }
}

/// Pixels per inch for a table `width` inches wide.
fn table_scale(width: f64) -> f64 {
    (TABLE_WIDTH / clean_inches(width)).min(MAX_INCH).floor()
}

/// The sides' names as the legend shows them: at least two, unnamed ones
/// called "Side N".
pub fn side_names(scene: &Scene) -> Vec<String> {
    let n = scene.sides.len().max(2);
    (0..n)
        .map(|i| match scene.sides.get(i) {
            Some(name) if !name.trim().is_empty() => name.clone(),
            _ => format!("Side {}", i + 1),
        })
        .collect()
}

fn lines(text: &str, size: f64, step: f64, left: f64, y: &mut f64, width: f64) -> Vec<Line> {
    wrap(text, size, width)
        .into_iter()
        .map(|text| {
            let at = Point::new(left, *y + size);
            *y += step;
            Line { at, text }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(column: u8, row: u8) -> Cell {
        Cell { column, row }
    }

    fn scene(board: Board) -> Scene {
        Scene {
            title: "A title".into(),
            caption: "word ".repeat(80),
            sides: vec!["Saxons".into(), "Normans".into()],
            board,
            terrain: vec![],
            counters: vec![],
            marks: vec![],
            overlays: vec![],
            legend: vec![],
        }
    }

    #[test]
    fn px_rounds_to_tenths_without_noise() {
        let s = |v: f64| Px(v).to_string();
        assert_eq!(s(12.0), "12");
        assert_eq!(s(12.04), "12");
        assert_eq!(s(12.05), "12.1");
        assert_eq!(s(0.1 + 0.2), "0.3");
        assert_eq!(s(-0.3), "-0.3");
        assert_eq!(s(-0.01), "0");
        assert_eq!(s(-41.57), "-41.6");
        assert_eq!(s(f64::NAN), "0");
    }

    #[test]
    fn odd_parity_lowers_odd_columns() {
        let g = HexGrid::new(10.0, Parity::Odd, Point::ZERO);
        let a = g.centre(cell(1, 1));
        let b = g.centre(cell(2, 1));
        let c = g.centre(cell(3, 1));
        assert_eq!(a.y, c.y);
        assert!(
            (a.y - b.y - g.height / 2.0).abs() < 1e-9,
            "column 1 is lower"
        );
        assert_eq!(b.x - a.x, 15.0);
        // Rows grow southwards.
        assert!(g.centre(cell(1, 2)).y > a.y);
        let even = HexGrid::new(10.0, Parity::Even, Point::ZERO);
        assert!(even.centre(cell(2, 1)).y > even.centre(cell(1, 1)).y);
    }

    #[test]
    fn corners_lie_on_the_circle() {
        let g = HexGrid::new(20.0, Parity::Odd, Point::new(5.0, 7.0));
        let c = g.centre(cell(4, 3));
        for p in g.corners(cell(4, 3)) {
            assert!((c.distance(p) - 20.0).abs() < 1e-9);
        }
    }

    #[test]
    fn neighbours_share_the_edge_between_their_centres() {
        for parity in [Parity::Odd, Parity::Even] {
            let g = HexGrid::new(30.0, parity, Point::ZERO);
            for column in 2..=5 {
                let here = cell(column, 3);
                for n in hex::neighbours(here, parity) {
                    let (a, b) = g.shared_edge(here, n).expect("neighbours share an edge");
                    assert!((a.distance(b) - 30.0).abs() < 1e-9);
                    // The edge's middle is halfway between the centres.
                    let mid = g.centre(here).midpoint(g.centre(n));
                    assert!(near(a.midpoint(b), mid), "{here} {n}");
                    // Both ends are corners of the neighbour too.
                    assert!(g.corners(n).iter().any(|&q| near(q, a)));
                    assert!(g.corners(n).iter().any(|&q| near(q, b)));
                }
                assert_eq!(g.shared_edge(here, cell(column, 5)), None);
                assert_eq!(g.shared_edge(here, here), None);
            }
        }
    }

    #[test]
    fn squares_share_sides_with_orthogonal_neighbours_only() {
        let g = SquareGrid {
            size: 10.0,
            origin: Point::ZERO,
        };
        assert_eq!(g.centre(cell(1, 1)), Point::new(5.0, 5.0));
        let (a, b) = g.shared_edge(cell(2, 2), cell(3, 2)).unwrap();
        assert_eq!((a, b), (Point::new(20.0, 10.0), Point::new(20.0, 20.0)));
        let (a, b) = g.shared_edge(cell(2, 2), cell(2, 1)).unwrap();
        assert_eq!((a, b), (Point::new(10.0, 10.0), Point::new(20.0, 10.0)));
        assert_eq!(g.shared_edge(cell(2, 2), cell(3, 3)), None);
    }

    #[test]
    fn canvas_fits_the_board_and_the_text() {
        let s = scene(Board::Hex {
            columns: 10,
            rows: 10,
            parity: Parity::Odd,
        });
        let l = Layout::new(&s);
        assert!(l.caption.len() > 1);
        assert!(l.map.x >= MARGIN && l.map.x + l.map.width <= l.width - MARGIN);
        let Surface::Hex { grid, .. } = l.surface else {
            panic!("a hex surface")
        };
        let last = grid.corners(cell(10, 10))[1];
        assert!(last.y <= l.map.y + l.map.height);
        assert!(l.caption[0].at.y > l.map.y + l.map.height);
        assert_eq!(l.key.map(|k| k.sides.len()), Some(2));

        let t = Layout::new(&scene(Board::Table {
            width: 48.0,
            depth: 36.0,
        }));
        let Surface::Table(table) = t.surface else {
            panic!("a table")
        };
        assert_eq!(table.scale, 18.0);
        let far = table.to_px(Point::new(48.0, 36.0));
        assert!(far.x <= t.map.x + t.map.width && far.y <= t.map.y + t.map.height);
        assert!(t.width >= far.x + MARGIN);
    }

    #[test]
    fn wrap_keeps_words_whole() {
        assert_eq!(wrap("", 10.0, 100.0), Vec::<String>::new());
        let lines = wrap("aaa bbb ccc ddd", 10.0, 44.0);
        assert_eq!(lines, ["aaa bbb", "ccc ddd"]);
    }
}
