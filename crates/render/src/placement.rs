//! Where counters and mark labels go, in pixels: each counter's face and,
//! on a square grid, the base of a unit larger than one square; and a small
//! search that puts each mark's label near where it belongs but clear of
//! the counters' words, the glyphs and the labels placed before it.
//!
//! Like the rest of the layout, nothing here draws, and the same scene
//! always gives the same places: candidates are tried in a fixed order and
//! the first of the cheapest wins.

use senlac_board::kurbo::{Point, Vec2};
use senlac_board::scene::{Counter, Place, Scene, Standing};

use crate::layout::{Layout, Rect, Surface};

/// The side of a grid counter's square, in pixels.
pub const COUNTER: f64 = 46.0;
/// Half of it.
pub const HALF: f64 = COUNTER / 2.0;
/// The side of a small counter's square ([`Counter::small`]), in pixels.
pub const SMALL_COUNTER: f64 = 30.0;
/// How far from a full-size counter's centre a small one sharing its place
/// stands, both drawn at their own size: beside it, a pixel apart, a little
/// low, clear of its face and of the neighbouring cells' counters.
const SMALL_BESIDE: Vec2 = Vec2::new(HALF + SMALL_COUNTER / 2.0 + 1.0, 12.0);

/// The smallest a counter's words are drawn in a drawing shown smaller than
/// its own size (an animation's frame), in pixels as shown.
pub const LEGIBLE: f64 = 9.0;
/// The font size of a counter's smallest words (its corners) at its own size.
pub const CORNER_FONT: f64 = 8.0;
/// The largest font a face with every word on it takes: larger corner
/// words would crowd its symbol, so past it the face is [`Sizing::compact`].
const FULL_FACE_FONT: f64 = 9.0;

/// How a counter is drawn at the size its drawing is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizing {
    /// How many times its own size its square is drawn.
    pub scale: f64,
    /// The font of its smallest words, in its own units (before `scale`).
    pub font: f64,
    /// Too small for every word at `font`: it shows its id, its factors
    /// and its damage (bar or pips), and leaves its corner words out.
    pub compact: bool,
}

impl Sizing {
    /// A counter at its own size, every word on it.
    pub const OWN: Sizing = Sizing {
        scale: 1.0,
        font: CORNER_FONT,
        compact: false,
    };
}

/// A mark label's font size, and its tag's padding around the text.
pub const LABEL_SIZE: f64 = 12.0;
const LABEL_PAD: f64 = 4.0;

/// How wide `text` is in a bold sans at `size`: DejaVu Sans Bold's own
/// advances (the widest of the fonts the drawing asks for), so a tag sized
/// by it holds its text whichever of them draws it.
pub fn bold_text_width(text: &str, size: f64) -> f64 {
    /// Advances of ' ' to '~' in thousandths of an em.
    const ADVANCES: [u16; 95] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
        696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
        830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
        774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
        712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
        582, 712, 365, 712, 838,
    ];
    let thousandths: u32 = text
        .chars()
        .map(|c| {
            u32::from(c)
                .checked_sub(32)
                .and_then(|i| ADVANCES.get(i as usize))
                .map_or(1000, |&a| u32::from(a))
        })
        .sum();
    f64::from(thousandths) / 1000.0 * size
}

/// The size of the tag a mark's label is written on.
pub fn label_size(label: &str) -> (f64, f64) {
    (
        bold_text_width(label, LABEL_SIZE) + 2.0 * LABEL_PAD,
        LABEL_SIZE + 5.0,
    )
}

impl Rect {
    /// A `width` × `height` rectangle centred on `c`.
    pub fn centred(c: Point, width: f64, height: f64) -> Rect {
        Rect {
            x: c.x - width / 2.0,
            y: c.y - height / 2.0,
            width,
            height,
        }
    }

    pub fn centre(&self) -> Point {
        Point::new(self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// Grown by `by` on every side.
    pub fn grown(&self, by: f64) -> Rect {
        Rect {
            x: self.x - by,
            y: self.y - by,
            width: self.width + 2.0 * by,
            height: self.height + 2.0 * by,
        }
    }

    /// The area this rectangle shares with `other`.
    pub fn overlap(&self, other: &Rect) -> f64 {
        let w = (self.x + self.width).min(other.x + other.width) - self.x.max(other.x);
        let h = (self.y + self.height).min(other.y + other.height) - self.y.max(other.y);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// The area of this rectangle outside `frame`.
    pub fn outside(&self, frame: &Rect) -> f64 {
        (self.width * self.height - self.overlap(frame)).max(0.0)
    }
}

/// What a counter is drawn as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Body {
    /// A 46-pixel square (on a grid, or on a table without a base).
    Square,
    /// A unit's base on a table, in pixels, turned to its facing.
    Base { width: f64, depth: f64 },
}

/// A counter as the drawing places it.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed<'s> {
    pub counter: &'s Counter,
    /// Where marks meet it: the middle of its base on a grid, else its place.
    pub anchor: Point,
    /// Where its face is drawn: the anchor, fanned out a little when
    /// several counters share the place.
    pub centre: Point,
    pub body: Body,
    /// The box its face and every word on it lie in (on a table, the box
    /// around its turned base).
    pub face: Rect,
    /// How large it is drawn and which words it shows.
    pub sizing: Sizing,
    /// On a square grid, the squares of a footprint larger than one square:
    /// the unit's base, drawn round the counter.
    pub base: Option<Rect>,
}

/// A footprint's size in whole squares, if it is more than one square.
fn squares(counter: &Counter) -> Option<(f64, f64)> {
    let f = counter.footprint?;
    let whole = |v: f64| v.is_finite().then(|| v.round().clamp(1.0, 255.0));
    let (w, d) = (whole(f.width)?, whole(f.depth)?);
    (w > 1.0 || d > 1.0).then_some((w, d))
}

/// Where the counter standing on `cell`'s centre `c` meets marks, and its
/// base: a footprint of `w` × `d` squares whose middle square is the
/// counter's (the west or north of the two middles of an even size).
fn grid_base(c: Point, size: f64, (w, d): (f64, f64)) -> (Point, Rect) {
    let left = c.x - size / 2.0 - ((w - 1.0) / 2.0).floor() * size;
    let top = c.y - size / 2.0 - ((d - 1.0) / 2.0).floor() * size;
    let base = Rect {
        x: left,
        y: top,
        width: w * size,
        height: d * size,
    };
    (base.centre(), base)
}

/// The anchor and base of `counter` at `c`, its place's pixel.
fn anchored(surface: &Surface, counter: &Counter, c: Point) -> (Point, Option<Rect>) {
    match (surface, counter.at, squares(counter)) {
        (Surface::Square { grid, .. }, Place::Cell(_), Some(size)) => {
            let (anchor, base) = grid_base(c, grid.size, size);
            (anchor, Some(base))
        }
        _ => (c, None),
    }
}

impl Layout {
    /// How `counter` is drawn: at its own size in a drawing shown at its
    /// own size or larger ([`Layout::px`] 1 or more); in one shown smaller,
    /// as much larger as its smallest words need to be [`LEGIBLE`] pixels
    /// tall, as far as its room allows (its square less a margin, its base
    /// on a square grid, the square inside its hex; a base on a table is
    /// never enlarged), its words then as large as they must be; past what
    /// a full face holds, [`Sizing::compact`].
    pub fn sizing(&self, counter: &Counter) -> Sizing {
        if self.px >= 1.0 {
            return Sizing::OWN;
        }
        let room = match (&self.surface, squares(counter)) {
            (Surface::Square { grid, .. }, Some((w, d))) if !counter.small => {
                (w.min(d) * grid.size - 14.0) / COUNTER
            }
            (Surface::Square { grid, .. }, _) => (grid.size - 6.0) / COUNTER,
            // The square inside a flat-top hex is 1.27 times its size
            // across; a little less keeps a margin.
            (Surface::Hex { grid, .. }, _) => 1.26 * grid.size / COUNTER,
            (Surface::Table(_), _) => 1.0,
        };
        // Hundredths down, then the font's tenths up: as written, the
        // words are never under LEGIBLE.
        let needed = LEGIBLE / (CORNER_FONT * self.px);
        let scale = (needed.min(room).max(1.0) * 100.0).floor() / 100.0;
        let font = ((LEGIBLE / (scale * self.px)) * 10.0).ceil() / 10.0;
        let font = font.max(CORNER_FONT);
        Sizing {
            scale,
            font,
            compact: font > FULL_FACE_FONT,
        }
    }

    /// The scene's counters as drawn, in drawing order: those leaving the
    /// field first (under the others), each later one at a place already
    /// drawn on fanned out 5 pixels up and right.
    pub fn counters<'s>(&self, scene: &'s Scene) -> Vec<Placed<'s>> {
        let mut order: Vec<&Counter> = scene.counters.iter().collect();
        order.sort_by_key(|c| c.standing == Standing::Active);
        let mut placed: Vec<Placed> = Vec::with_capacity(order.len());
        for (i, counter) in order.iter().enumerate() {
            let Some(c) = self.surface.place(counter.at) else {
                continue;
            };
            let (anchor, base) = anchored(&self.surface, counter, c);
            let sizing = self.sizing(counter);
            let centre = if counter.small {
                let side = SMALL_COUNTER * sizing.scale;
                // A full-size counter elsewhere that a small one beside its
                // own would cover.
                let covers = |centre: Point| {
                    let face = Rect::centred(centre, side, side);
                    order.iter().any(|o| {
                        let other = COUNTER * self.sizing(o).scale;
                        !o.small
                            && o.at != counter.at
                            && self.surface.place(o.at).is_some_and(|p| {
                                face.overlap(&Rect::centred(p, other, other)) > 0.0
                            })
                    })
                };
                let big = order
                    .iter()
                    .find(|o| o.at == counter.at && !o.small)
                    .map_or(1.0, |o| self.sizing(o).scale);
                let beside = Vec2::new(
                    SMALL_BESIDE.x
                        + HALF * (big - 1.0)
                        + SMALL_COUNTER / 2.0 * (sizing.scale - 1.0),
                    SMALL_BESIDE.y * big,
                );
                small_centre(&order, i, anchor, beside, side, covers)
            } else {
                let stacked = order[..i]
                    .iter()
                    .filter(|o| o.at == counter.at && !o.small)
                    .count() as f64;
                Point::new(anchor.x + 5.0 * stacked, anchor.y - 5.0 * stacked)
            };
            let body = match (&self.surface, counter.at, counter.footprint) {
                (Surface::Table(table), Place::Point(_), Some(f))
                    if [f.width, f.depth].iter().all(|v| v.is_finite() && *v > 0.0) =>
                {
                    Body::Base {
                        width: f.width * table.scale,
                        depth: f.depth * table.scale,
                    }
                }
                _ => Body::Square,
            };
            let face = match body {
                Body::Square if counter.small => {
                    let side = SMALL_COUNTER * sizing.scale;
                    Rect::centred(centre, side, side)
                }
                Body::Square => {
                    let side = COUNTER * sizing.scale;
                    Rect::centred(centre, side, side)
                }
                Body::Base { width, depth } => {
                    let turn = counter
                        .facing
                        .filter(|f| f.is_finite())
                        .unwrap_or(0.0)
                        .to_radians();
                    let (sin, cos) = (turn.sin().abs(), turn.cos().abs());
                    Rect::centred(centre, cos * width + sin * depth, sin * width + cos * depth)
                }
            };
            placed.push(Placed {
                counter,
                anchor,
                centre,
                body,
                face,
                sizing,
                base,
            });
        }
        placed
    }

    /// Where a mark meets `place`: the anchor of the first counter (in the
    /// scene's order) standing there, else the place's own pixel.
    pub fn anchor(&self, scene: &Scene, place: Place) -> Option<Point> {
        let c = self.surface.place(place)?;
        Some(match scene.counters.iter().find(|k| k.at == place) {
            Some(counter) => anchored(&self.surface, counter, c).0,
            None => c,
        })
    }
}

/// Where the small counter `order[i]` stands, its place's pixel being
/// `anchor`: alone, or with only small ones, in the middle (fanned out as
/// full-size ones are); beside the full-size counter it shares its place
/// with, on the side its facing arrow does not point to (or the other, when
/// that side would cover a neighbour's counter: `covers`), a second small
/// one on the other side, further ones above them. `beside` is how far
/// from the full-size one's centre, `side` the small one's side.
fn small_centre(
    order: &[&Counter],
    i: usize,
    anchor: Point,
    beside: Vec2,
    side: f64,
    covers: impl Fn(Point) -> bool,
) -> Point {
    let counter = order[i];
    let here = |o: &&&Counter| o.at == counter.at;
    let smaller = order[..i].iter().filter(|o| here(o) && o.small).count();
    let Some(big) = order.iter().filter(here).find(|o| !o.small) else {
        let fanned = 5.0 * smaller as f64;
        return Point::new(anchor.x + fanned, anchor.y - fanned);
    };
    // A facing into the west half points left: the first small one goes right.
    let faces_west = big
        .facing
        .filter(|f| f.is_finite())
        .is_some_and(|f| f.rem_euclid(360.0) > 180.0);
    let first = if faces_west { 1.0 } else { -1.0 };
    let above = (smaller / 2) as f64 * side;
    let at = |side: f64| Point::new(anchor.x + side * beside.x, anchor.y + beside.y - above);
    let first = if covers(at(first)) && !covers(at(-first)) {
        -first
    } else {
        first
    };
    at(if smaller % 2 == 0 { first } else { -first })
}

/// The distance from the centre of a `half` × `half` square to its edge,
/// along `direction`.
pub fn to_square_edge(half: f64, direction: Vec2) -> f64 {
    let len = direction.hypot();
    let most = direction.x.abs().max(direction.y.abs());
    if len == 0.0 || most == 0.0 {
        half
    } else {
        half * len / most
    }
}

/// Where a label would like to go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    /// On a line (a link) at `at`, its middle, the line running along
    /// `along`: on the line first, slid along it up to `room` either way,
    /// then just beside it.
    Line { at: Point, along: Vec2, room: f64 },
    /// Beside a glyph at `at`, on the side `away` from the counter it marks
    /// (1 right, -1 left): on the glyph's row, then below or above it.
    Beside { at: Point, away: f64 },
    /// Centred on a point (a route's end, an area, an arc's tip).
    Near(Point),
}

/// What a label must keep clear of.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obstacles {
    /// Never covered where any other spot will do: the counters' faces and
    /// the labels placed so far.
    pub hard: Vec<Rect>,
    /// Better not covered: glyphs, impact bursts, arrow heads.
    pub soft: Vec<Rect>,
    /// The map's frame: a label stays inside.
    pub frame: Option<Rect>,
}

/// A label's candidate centres, each with what it costs to put it there
/// rather than where it belongs, in the order they are tried.
fn candidates(anchor: Anchor, (w, h): (f64, f64)) -> Vec<(Point, f64)> {
    let mut out = Vec::with_capacity(320);
    let base = match anchor {
        Anchor::Line { at, along, room } => {
            let len = along.hypot();
            let u = if len > 0.0 {
                along / len
            } else {
                Vec2::new(1.0, 0.0)
            };
            // The normal pointing up (or right, on a level line) first.
            let mut n = Vec2::new(u.y, -u.x);
            if n.y > 0.0 || (n.y == 0.0 && n.x < 0.0) {
                n = -n;
            }
            // Just clear of the line: the tag's half extent across it.
            let clear = (n.x.abs() * w + n.y.abs() * h) / 2.0 + 3.0;
            let room = room.max(0.0);
            let mut slides = vec![0.0];
            let mut s = 6.0;
            while s <= room {
                slides.extend([s, -s]);
                s += 6.0;
            }
            for &s in &slides {
                out.push((at + u * s, s.abs() * 0.4));
            }
            for &s in &slides {
                for side in [1.0, -1.0] {
                    out.push((at + u * s + n * (clear * side), 12.0 + s.abs() * 0.4));
                }
            }
            at
        }
        Anchor::Beside { at, away } => {
            let dir = if away < 0.0 { -1.0 } else { 1.0 };
            let row = at.x + dir * (11.0 + w / 2.0);
            let under = at.x + dir * (w / 2.0 - 9.0);
            out.extend([
                (Point::new(row, at.y), 0.0),
                (Point::new(under, at.y + 19.0), 4.0),
                (Point::new(under, at.y - 19.0), 6.0),
                (Point::new(at.x, at.y + 20.0), 8.0),
                (Point::new(at.x - dir * (11.0 + w / 2.0), at.y), 20.0),
            ]);
            at
        }
        Anchor::Near(p) => {
            out.push((p, 0.0));
            p
        }
    };
    // Anywhere about, a little dearer the further it goes.
    for j in -8i32..=8 {
        for i in -6i32..=6 {
            if i == 0 && j == 0 {
                continue;
            }
            let offset = Vec2::new(
                f64::from(i) * (w / 4.0 + 4.0),
                f64::from(j) * (h / 2.0 + 1.0),
            );
            out.push((base + offset, 24.0 + offset.hypot() * 0.5));
        }
    }
    out
}

/// Where a `size` label anchored so goes: the cheapest candidate, covering
/// as little of the obstacles as it can.
pub fn place_label(anchor: Anchor, size: (f64, f64), obstacles: &Obstacles) -> Rect {
    let mut best: Option<(f64, Rect)> = None;
    for (centre, cost) in candidates(anchor, size) {
        let rect = Rect::centred(centre, size.0, size.1);
        let mut hard: f64 = obstacles.hard.iter().map(|o| rect.overlap(o)).sum();
        if let Some(frame) = &obstacles.frame {
            hard += rect.outside(frame);
        }
        let soft: f64 = obstacles.soft.iter().map(|o| rect.overlap(o)).sum();
        let score = if hard > 0.5 { 10_000.0 + hard } else { 0.0 } + soft * 0.5 + cost;
        if best.is_none_or(|(b, _)| score < b) {
            best = Some((score, rect));
        }
    }
    best.map_or_else(|| Rect::centred(Point::ZERO, size.0, size.1), |(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_dejavu_bold() {
        assert_eq!(bold_text_width("0", 1000.0), 696.0);
        assert_eq!(bold_text_width("m", 1.0), 1.042);
        // Anything else counts an em.
        assert_eq!(bold_text_width("é", 12.0), 12.0);
    }

    #[test]
    fn a_label_on_a_clear_line_stays_in_its_middle() {
        let at = Point::new(100.0, 100.0);
        let anchor = Anchor::Line {
            at,
            along: Vec2::new(0.0, 80.0),
            room: 20.0,
        };
        let r = place_label(anchor, (60.0, 17.0), &Obstacles::default());
        assert_eq!(r.centre(), at);
    }

    #[test]
    fn a_label_moves_off_a_counter_and_off_an_earlier_label() {
        let at = Point::new(100.0, 100.0);
        let counter = Rect::centred(Point::new(100.0, 80.0), COUNTER, COUNTER);
        let mut obstacles = Obstacles {
            hard: vec![counter],
            ..Obstacles::default()
        };
        let anchor = Anchor::Line {
            at,
            along: Vec2::new(80.0, 0.0),
            room: 30.0,
        };
        let first = place_label(anchor, (60.0, 17.0), &obstacles);
        assert_eq!(first.overlap(&counter), 0.0);
        obstacles.hard.push(first);
        let second = place_label(anchor, (60.0, 17.0), &obstacles);
        assert_eq!(second.overlap(&counter), 0.0);
        assert_eq!(second.overlap(&first), 0.0);
        // Both stay near.
        assert!(second.centre().distance(at) < 40.0);
    }

    #[test]
    fn a_glyphs_label_goes_on_its_row_away_from_the_counter() {
        let glyph = Point::new(135.0, 89.0);
        let r = place_label(
            Anchor::Beside {
                at: glyph,
                away: 1.0,
            },
            (70.0, 17.0),
            &Obstacles::default(),
        );
        assert_eq!(r.centre().y, glyph.y);
        assert!(r.x > glyph.x);
    }

    #[test]
    fn a_base_of_even_size_centres_its_counter_between_its_middle_squares() {
        let (anchor, base) = grid_base(Point::new(36.0, 36.0), 72.0, (2.0, 3.0));
        assert_eq!(
            base,
            Rect {
                x: 0.0,
                y: -72.0,
                width: 144.0,
                height: 216.0
            }
        );
        assert_eq!(anchor, Point::new(72.0, 36.0));
    }
}
