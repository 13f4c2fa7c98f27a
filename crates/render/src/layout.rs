//! Where things go, in pixels: flat-top hex geometry for a [`Map`] and the
//! canvas around it (title above, caption and legend below).
//!
//! Nothing here draws. Geometry uses only additions, multiplications and
//! square roots, which IEEE 754 rounds exactly on every platform, and every
//! number leaves through [`Px`] rounded to a tenth of a pixel, so the same
//! frame gives the same bytes everywhere.

use std::fmt;

use crate::model::{Cell, Frame, Map, Parity};

/// √3, the height of a flat-top hex whose corners are 1 from its centre.
const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The distance from a hex's centre to its corners, in pixels.
pub const HEX_SIZE: f64 = 48.0;
/// White space around everything.
pub const MARGIN: f64 = 24.0;
/// The narrowest canvas: wide enough for the legend's fixed rows.
pub const MIN_WIDTH: f64 = 720.0;
/// Padding between the map's hexes and the frame drawn around them.
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
/// The width of a legend swatch and the gap after it.
pub const SWATCH: f64 = 16.0;
const SWATCH_GAP: f64 = 6.0;
const LEGEND_ITEM_GAP: f64 = 22.0;

/// A point on the canvas, y growing downwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        let (dx, dy) = (other.x - self.x, other.y - self.y);
        (dx * dx + dy * dy).sqrt()
    }

    /// The point `by` pixels from `self` towards `other` (or past it).
    pub fn towards(self, other: Point, by: f64) -> Point {
        let d = self.distance(other);
        if d == 0.0 {
            return self;
        }
        let t = by / d;
        Point::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }

    /// Halfway to `other`.
    pub fn midpoint(self, other: Point) -> Point {
        Point::new((self.x + other.x) / 2.0, (self.y + other.y) / 2.0)
    }

    /// Whether the two points are the same to a hundredth of a pixel.
    pub fn near(self, other: Point) -> bool {
        (self.x - other.x).abs() < 0.01 && (self.y - other.y).abs() < 0.01
    }
}

/// `x,y`, each rounded to a tenth of a pixel.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", Px(self.x), Px(self.y))
    }
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
/// through the formatting machinery (this is the renderer's hot loop).
pub fn push_px(out: &mut String, v: f64) {
    if !v.is_finite() {
        out.push('0');
        return;
    }
    // Saturating cast: absurd coordinates stay finite numbers.
    let tenths = (v * 10.0).round() as i64;
    if tenths < 0 {
        out.push('-');
    }
    let tenths = tenths.unsigned_abs();
    push_u64(out, tenths / 10);
    let frac = tenths % 10;
    if frac != 0 {
        out.push('.');
        out.push(char::from(b'0' + frac as u8));
    }
}

/// Appends a whole number.
pub fn push_u64(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
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
    pub fn shifted(&self, column: i32) -> bool {
        let odd = column.rem_euclid(2) == 1;
        match self.parity {
            Parity::Odd => odd,
            Parity::Even => !odd,
        }
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
        self.centre_at(i32::from(cell.column), i32::from(cell.row))
    }

    fn centre_at(&self, column: i32, row: i32) -> Point {
        let x = self.origin.x + self.size + f64::from(column - 1) * 1.5 * self.size;
        let drop = if self.shifted(column) {
            self.height / 2.0
        } else {
            0.0
        };
        let y = self.origin.y + self.height / 2.0 + f64::from(row - 1) * self.height + drop;
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

    /// The hexside two cells share, as its two ends, or `None` when the cells
    /// are not neighbours.
    pub fn shared_edge(&self, a: Cell, b: Cell) -> Option<(Point, Point)> {
        let (ca, cb) = (self.corners(a), self.corners(b));
        let mut ends = ca.iter().filter(|p| cb.iter().any(|q| p.near(*q)));
        let first = *ends.next()?;
        let second = *ends.next()?;
        Some((first, second))
    }

    /// The six neighbours of `cell` clockwise from north (N, NE, SE, S, SW,
    /// NW); `None` where the label would leave 1..=255.
    pub fn neighbours(&self, cell: Cell) -> [Option<Cell>; 6] {
        let (c, r) = (i32::from(cell.column), i32::from(cell.row));
        // Rows of the neighbours in the columns either side: the upper and
        // the lower one.
        let (upper, lower) = if self.shifted(c) {
            (r, r + 1)
        } else {
            (r - 1, r)
        };
        let at = |column: i32, row: i32| {
            let column = u8::try_from(column).ok().filter(|&v| v >= 1)?;
            let row = u8::try_from(row).ok().filter(|&v| v >= 1)?;
            Some(Cell { column, row })
        };
        [
            at(c, r - 1),
            at(c + 1, upper),
            at(c + 1, lower),
            at(c, r + 1),
            at(c - 1, lower),
            at(c - 1, upper),
        ]
    }
}

/// Whether `cell` lies on `map`.
pub fn on_map(map: &Map, cell: Cell) -> bool {
    (1..=map.columns).contains(&cell.column) && (1..=map.rows).contains(&cell.row)
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

/// Everything's place on the canvas for one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub grid: HexGrid,
    /// The box around the hexes, padding included: where the map's frame goes.
    pub map: Rect,
    /// The title's lines, left-aligned.
    pub title: Vec<Line>,
    /// The caption's lines, left-aligned below the map.
    pub caption: Vec<Line>,
    /// The thin rule above the legend.
    pub rule_y: f64,
    /// Where each side's swatch goes (its top-left), in [`Frame::sides`] order.
    pub sides: Vec<Point>,
    /// The vertical middle of the legend's row of unit symbols.
    pub symbols_row: f64,
    /// The vertical middle of the legend's row of marks.
    pub marks_row: f64,
    /// The left edge of the text column.
    pub left: f64,
}

impl Layout {
    /// Lays out `frame` with hexes of [`HEX_SIZE`].
    pub fn new(frame: &Frame) -> Layout {
        Layout::with_hex_size(frame, HEX_SIZE)
    }

    /// Lays out `frame` with hexes `size` pixels from centre to corner.
    pub fn with_hex_size(frame: &Frame, size: f64) -> Layout {
        let map = &frame.map;
        let probe = HexGrid::new(size, map.parity, Point::new(0.0, 0.0));
        let map_w = probe.width_of(map.columns);
        let map_h = probe.height_of(map.columns, map.rows);
        let width = (map_w + 2.0 * (MAP_PADDING + MARGIN)).max(MIN_WIDTH).ceil();
        let left = MARGIN;
        let text_w = width - 2.0 * MARGIN;

        let mut y = MARGIN;
        let title = lines(&frame.title, TITLE_SIZE, TITLE_LINE, left, &mut y, text_w);
        if !title.is_empty() {
            y += 8.0;
        }

        let map_box = Rect {
            x: ((width - map_w) / 2.0 - MAP_PADDING).floor(),
            y,
            width: map_w + 2.0 * MAP_PADDING,
            height: map_h + 2.0 * MAP_PADDING,
        };
        let grid = HexGrid::new(
            size,
            map.parity,
            Point::new(map_box.x + MAP_PADDING, map_box.y + MAP_PADDING),
        );
        y += map_box.height + 12.0;

        let caption = lines(
            &frame.caption,
            CAPTION_SIZE,
            CAPTION_LINE,
            left,
            &mut y,
            text_w,
        );
        if !caption.is_empty() {
            y += 6.0;
        }
        let rule_y = y;
        y += 10.0;

        // Side swatches flow left to right, wrapping to more rows.
        let mut sides = Vec::with_capacity(frame.sides.len().max(2));
        let mut x = left;
        for name in side_names(frame) {
            // Names are bold: wider than the estimate for regular text.
            let w = SWATCH + SWATCH_GAP + text_width(&name, LEGEND_SIZE) * 1.18 + LEGEND_ITEM_GAP;
            if x > left && x + w > width - MARGIN {
                x = left;
                y += LEGEND_ROW;
            }
            sides.push(Point::new(x, y + (LEGEND_ROW - SWATCH) / 2.0));
            x += w;
        }
        y += LEGEND_ROW;
        let symbols_row = y + LEGEND_ROW / 2.0;
        y += LEGEND_ROW + 4.0;
        let marks_row = y + LEGEND_ROW / 2.0;
        y += LEGEND_ROW;

        Layout {
            width,
            height: (y + MARGIN).ceil(),
            grid,
            map: map_box,
            title,
            caption,
            rule_y,
            sides,
            symbols_row,
            marks_row,
            left,
        }
    }
}

/// The sides' names as the legend shows them: at least two, unnamed ones
/// called "Side N".
pub fn side_names(frame: &Frame) -> Vec<String> {
    let n = frame.sides.len().max(2);
    (0..n)
        .map(|i| match frame.sides.get(i) {
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
        assert_eq!(Point::new(1.25, 2.0).to_string(), "1.3,2");
    }

    #[test]
    fn odd_parity_lowers_odd_columns() {
        let g = HexGrid::new(10.0, Parity::Odd, Point::new(0.0, 0.0));
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
        let even = HexGrid::new(10.0, Parity::Even, Point::new(0.0, 0.0));
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
    fn neighbours_share_an_edge_and_others_do_not() {
        for parity in [Parity::Odd, Parity::Even] {
            let g = HexGrid::new(30.0, parity, Point::new(0.0, 0.0));
            for column in 2..=5 {
                let here = cell(column, 3);
                for n in g.neighbours(here).into_iter().flatten() {
                    let (a, b) = g.shared_edge(here, n).expect("neighbours share an edge");
                    assert!((a.distance(b) - 30.0).abs() < 1e-9);
                    let d = g.centre(here).distance(g.centre(n));
                    assert!((d - g.height).abs() < 1e-9);
                }
                assert_eq!(g.shared_edge(here, cell(column, 5)), None);
                assert_eq!(g.shared_edge(here, here).map(|_| ()), Some(()));
            }
        }
    }

    #[test]
    fn canvas_fits_the_map_and_the_text() {
        let frame = Frame {
            title: "A title".into(),
            caption: "word ".repeat(80),
            sides: vec!["Saxons".into(), "Normans".into()],
            map: Map {
                columns: 10,
                rows: 10,
                parity: Parity::Odd,
                terrain: vec![],
                crest: vec![],
            },
            counters: vec![],
            marks: vec![],
        };
        let l = Layout::new(&frame);
        assert!(l.caption.len() > 1);
        assert!(l.map.x >= MARGIN && l.map.x + l.map.width <= l.width - MARGIN);
        let last = l.grid.corners(cell(10, 10))[1];
        assert!(last.y <= l.map.y + l.map.height);
        assert!(l.caption[0].at.y > l.map.y + l.map.height);
        assert!(l.marks_row < l.height);
        assert_eq!(l.sides.len(), 2);
    }

    #[test]
    fn wrap_keeps_words_whole() {
        assert_eq!(wrap("", 10.0, 100.0), Vec::<String>::new());
        let lines = wrap("aaa bbb ccc ddd", 10.0, 44.0);
        assert_eq!(lines, ["aaa bbb", "ccc ddd"]);
    }
}
