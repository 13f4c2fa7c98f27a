//! Terrain footprints as convex parts: a polygon cut into triangles (ear
//! clipping), a circle flattened finely enough that its error is under a
//! quarter of [`TOL`], and a line with a width as a band of rectangles with
//! round joins. Every test on a piece runs part by part.

use kurbo::{Point, Vec2};

use super::{Aspect, Base, Convex, Segment, TOL};

/// A terrain piece's footprint.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    parts: Vec<Convex>,
    /// The parts may overlap (a band's rectangles and the discs at its
    /// bends): areas and chords count the overlap once.
    overlapping: bool,
}

impl Piece {
    /// A simple polygon through `points` (closed back to the first). A convex
    /// one is one part; any other is cut into disjoint triangles.
    pub fn polygon(points: &[Point]) -> Piece {
        let hull = Convex::hull(points.iter().copied());
        if hull.points().len() == points.len() {
            return Piece {
                parts: vec![hull],
                overlapping: false,
            };
        }
        Piece {
            parts: ear_clip(points),
            overlapping: false,
        }
    }

    /// A circle, as an inscribed regular polygon with enough sides that no
    /// point of the circle is more than TOL/4 outside it.
    pub fn circle(centre: Point, radius: f64) -> Piece {
        Piece {
            parts: vec![Convex::hull(disc(centre, radius))],
            overlapping: false,
        }
    }

    /// A line through `points`, `width` inches wide: a flat-ended rectangle on
    /// each segment and a disc at each bend. The parts overlap at the bends;
    /// areas and chords count the overlap once.
    pub fn band(points: &[Point], width: f64) -> Piece {
        let half = width / 2.0;
        let mut parts = Vec::new();
        for w in points.windows(2) {
            let d = w[1] - w[0];
            let len = d.hypot();
            if len == 0.0 {
                continue;
            }
            let side = Vec2::new(-d.y, d.x) / len * half;
            parts.push(Convex::hull([
                w[0] + side,
                w[1] + side,
                w[1] - side,
                w[0] - side,
            ]));
        }
        for &bend in points.iter().skip(1).take(points.len().saturating_sub(2)) {
            parts.push(Convex::hull(disc(bend, half)));
        }
        Piece {
            parts,
            overlapping: true,
        }
    }

    /// A piece from convex parts given directly, which may overlap.
    pub fn from_parts(parts: Vec<Convex>) -> Piece {
        Piece {
            parts,
            overlapping: true,
        }
    }

    /// The piece cut to a table `width` by `depth` with its corner at the
    /// origin: what lies beyond the board edge is not on the table, and no
    /// area, chord or distance should count it.
    pub fn clipped_to_table(&self, width: f64, depth: f64) -> Piece {
        let table = Convex::hull([
            Point::new(0.0, 0.0),
            Point::new(width, 0.0),
            Point::new(width, depth),
            Point::new(0.0, depth),
        ]);
        Piece {
            parts: (self.parts.iter())
                .map(|p| p.clip(&table))
                .filter(|p| p.area() > 0.0)
                .collect(),
            overlapping: self.overlapping,
        }
    }

    /// The convex parts.
    pub fn parts(&self) -> &[Convex] {
        &self.parts
    }

    /// The area of `shape` inside the piece. Where parts overlap (a band's
    /// bends), inclusion–exclusion to three parts counts it once: at a bend
    /// two rectangles and a disc meet, and no more.
    pub fn area_of(&self, shape: &Convex) -> f64 {
        if !self.overlapping {
            return self.parts.iter().map(|p| shape.clip(p).area()).sum();
        }
        let inside: Vec<Convex> = (self.parts.iter())
            .map(|p| shape.clip(p))
            .filter(|c| c.area() > 0.0)
            .collect();
        let mut area = 0.0;
        for (i, a) in inside.iter().enumerate() {
            area += a.area();
            for (j, b) in inside.iter().enumerate().skip(i + 1) {
                let ab = a.clip(b);
                if ab.area() <= 0.0 {
                    continue;
                }
                area -= ab.area();
                for c in &inside[j + 1..] {
                    area += ab.clip(c).area();
                }
            }
        }
        area
    }

    /// Whether a base is within the piece: more than half its area inside
    /// (FO-R6; 0.6: "more than half a Unit is needed for … terrain advantages").
    pub fn holds(&self, base: &Base) -> bool {
        self.area_of(&base.footprint()) > base.width * base.depth / 2.0
    }

    /// The least distance from `shape` to the piece: 0 when they meet.
    pub fn distance(&self, shape: &Convex) -> f64 {
        self.parts
            .iter()
            .map(|p| p.distance(shape))
            .fold(f64::INFINITY, f64::min)
    }

    /// Whether `shape` interpenetrates the piece by more than [`TOL`].
    pub fn overlaps(&self, shape: &Convex) -> bool {
        self.parts.iter().any(|p| p.overlaps(shape))
    }

    /// The length of `segment` inside the piece, overlaps counted once.
    pub fn chord(&self, segment: Segment) -> f64 {
        if !self.overlapping {
            return self.parts.iter().map(|p| p.chord(segment)).sum();
        }
        let mut spans: Vec<(f64, f64)> = (self.parts.iter())
            .filter_map(|p| p.clip_segment(segment, 0.0))
            .collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (mut total, mut reach) = (0.0, f64::NEG_INFINITY);
        for (lo, hi) in spans {
            let lo = lo.max(reach);
            if hi > lo {
                total += hi - lo;
                reach = hi;
            }
        }
        total * segment.length()
    }

    /// Whether the base's edge on `side` lines the piece: the points of the
    /// edge within [`TOL`] of the footprint run to `least - TOL` or more
    /// (FO-R6: a BD, half a front).
    pub fn lined_by(&self, base: &Base, side: Aspect, least: f64) -> bool {
        let edge = base.edge(side);
        let mut spans: Vec<(f64, f64)> = self
            .parts
            .iter()
            .filter_map(|p| p.clip_segment(edge, -TOL))
            .collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut total = 0.0;
        let mut reach = f64::NEG_INFINITY;
        for (lo, hi) in spans {
            let lo = lo.max(reach);
            if hi > lo {
                total += hi - lo;
                reach = hi;
            }
        }
        total * edge.length() >= least - TOL
    }
}

/// Whether the outline through `points` is a simple polygon a piece can be
/// made of: at least three points, some area, and no edge meeting another
/// except where neighbours share a corner (spec 4.5's `terrain-shape`).
pub fn is_simple_polygon(points: &[Point]) -> bool {
    let n = points.len();
    if n < 3 {
        return false;
    }
    let area: f64 = (0..n)
        .map(|i| points[i].to_vec2().cross(points[(i + 1) % n].to_vec2()))
        .sum();
    if area.abs() < 1e-12 {
        return false;
    }
    let edge = |i: usize| Segment::new(points[i], points[(i + 1) % n]);
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (edge(i), edge(j));
            let neighbours = j == i + 1 || (i == 0 && j == n - 1);
            if neighbours {
                // Sharing one corner is fine; folding back along each other is not.
                let (shared, far_a, far_b) = if j == i + 1 {
                    (a.end, a.start, b.end)
                } else {
                    (a.start, a.end, b.start)
                };
                let (u, v) = (far_a - shared, far_b - shared);
                if u.cross(v).abs() <= 1e-12 && u.dot(v) > 0.0 {
                    return false;
                }
            } else if segments_meet(a, b) {
                return false;
            }
        }
    }
    true
}

/// Whether two segments share a point.
fn segments_meet(a: Segment, b: Segment) -> bool {
    let side = |s: Segment, p: Point| (s.end - s.start).cross(p - s.start);
    let (d1, d2) = (side(a, b.start), side(a, b.end));
    let (d3, d4) = (side(b, a.start), side(b, a.end));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return true;
    }
    [
        a.distance_to(b.start),
        a.distance_to(b.end),
        b.distance_to(a.start),
        b.distance_to(a.end),
    ]
    .into_iter()
    .any(|d| d <= 1e-9)
}

/// The vertices of a regular polygon inscribed in the circle, with
/// `max(32, ceil(π / acos(1 − s/r)))` of them for s = TOL/4 (spec 4.5).
fn disc(centre: Point, radius: f64) -> Vec<Point> {
    let s = TOL / 4.0;
    let n = if radius <= s {
        32
    } else {
        // At most 4096 corners: a circle a log gives miles across (a
        // mistyped radius) must not exhaust memory; within the error bound
        // up to a radius of about 10,000 inches, far beyond any table.
        ((std::f64::consts::PI / (1.0 - s / radius).acos()).ceil() as usize).clamp(32, 4096)
    };
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            centre + Vec2::new(a.cos(), a.sin()) * radius
        })
        .collect()
}

/// Disjoint triangles covering a simple polygon (ear clipping, O(n²)).
fn ear_clip(points: &[Point]) -> Vec<Convex> {
    let mut ring: Vec<Point> = points.to_vec();
    let area: f64 = (0..ring.len())
        .map(|i| {
            ring[i]
                .to_vec2()
                .cross(ring[(i + 1) % ring.len()].to_vec2())
        })
        .sum();
    if area < 0.0 {
        ring.reverse();
    }
    let mut parts = Vec::new();
    while ring.len() > 3 {
        let n = ring.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            (b - a).cross(c - b) > 0.0
                && ring
                    .iter()
                    .all(|&p| p == a || p == b || p == c || !Convex::hull([a, b, c]).contains(p))
        });
        let Some(i) = ear else { break };
        let n = ring.len();
        parts.push(Convex::hull([
            ring[(i + n - 1) % n],
            ring[i],
            ring[(i + 1) % n],
        ]));
        ring.remove(i);
    }
    parts.push(Convex::hull(ring));
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn an_l_shaped_wood_is_cut_into_triangles_of_the_same_area() {
        let wood = Piece::polygon(&[
            pt(0.0, 0.0),
            pt(6.0, 0.0),
            pt(6.0, 2.0),
            pt(2.0, 2.0),
            pt(2.0, 6.0),
            pt(0.0, 6.0),
        ]);
        assert_eq!(wood.parts().len(), 4);
        let area: f64 = wood.parts().iter().map(Convex::area).sum();
        assert!((area - 20.0).abs() < 1e-9);
        // A segment across the notch is inside for 2" then 2".
        let across = Segment::new(pt(1.0, 1.0), pt(1.0, 7.0));
        assert!((wood.chord(across) - 5.0).abs() < 1e-9);
        let notch = Segment::new(pt(3.0, 3.0), pt(5.0, 5.0));
        assert_eq!(wood.chord(notch), 0.0);
    }

    #[test]
    fn only_simple_outlines_make_pieces() {
        let square = [pt(0.0, 0.0), pt(4.0, 0.0), pt(4.0, 4.0), pt(0.0, 4.0)];
        assert!(is_simple_polygon(&square));
        let bow_tie = [pt(0.0, 0.0), pt(4.0, 4.0), pt(4.0, 0.0), pt(0.0, 4.0)];
        assert!(!is_simple_polygon(&bow_tie));
        let flat = [pt(0.0, 0.0), pt(2.0, 0.0), pt(4.0, 0.0)];
        assert!(!is_simple_polygon(&flat));
        let spike = [pt(0.0, 0.0), pt(4.0, 0.0), pt(2.0, 0.0), pt(2.0, 3.0)];
        assert!(!is_simple_polygon(&spike));
        assert!(!is_simple_polygon(&square[..2]));
        // The spec's sample woods.
        let woods = [pt(2.0, 24.0), pt(10.0, 23.0), pt(11.0, 31.0), pt(3.0, 32.0)];
        assert!(is_simple_polygon(&woods));
    }

    #[test]
    fn a_base_within_and_lining_terrain() {
        // The spec's sample: F1 at (18.5, 25.75) facing the near edge, a
        // wall along y = 24 from x 14 to 23, 1" wide. In this module's
        // frame on a 36" table: y = 36 - y.
        let wall = Piece::band(&[pt(14.0, 12.0), pt(23.0, 12.0)], 1.0);
        let f1 = Base {
            centre: pt(18.5, 10.25),
            width: 5.0,
            depth: 2.5,
            facing: 180.0,
        };
        // The front edge (y = 11.5) lies on the wall's far side (11.5 to 12.5).
        assert!(wall.lined_by(&f1, Aspect::Front, 2.5));
        assert!(!wall.lined_by(&f1, Aspect::Rear, 2.5));
        assert!(!wall.holds(&f1));
        // A hill of radius 5 at (28, 27): K1 at (25, 30) facing north is
        // within it (68% by the spec's count).
        let hill = Piece::circle(pt(28.0, 27.0), 5.0);
        let k1 = Base {
            centre: pt(25.0, 30.0),
            width: 5.0,
            depth: 2.5,
            facing: 0.0,
        };
        let share = hill.area_of(&k1.footprint()) / 12.5;
        assert!((share - 0.68).abs() < 0.01, "{share}");
        assert!(hill.holds(&k1));
        // A circle's polygon is never more than TOL/4 inside the circle.
        let sides = hill.parts()[0].points().len();
        let sag = 5.0 * (1.0 - (std::f64::consts::PI / sides as f64).cos());
        assert!(sag <= TOL / 4.0 && sides > 32, "{sides} sides, sag {sag}");
    }

    #[test]
    fn a_band_counts_its_bends_once() {
        // An L-shaped road 2" wide: (0,0) to (10,0) to (10,10). Its area is
        // the two 10x2 rectangles less their 1x1 overlap inside the bend,
        // plus the quarter of the bend's disc (radius 1) outside both.
        let road = Piece::band(&[pt(0.0, 0.0), pt(10.0, 0.0), pt(10.0, 10.0)], 2.0);
        let big = Convex::hull([
            pt(-5.0, -5.0),
            pt(15.0, -5.0),
            pt(15.0, 15.0),
            pt(-5.0, 15.0),
        ]);
        let disc_area = road.parts()[2].area();
        let want = 20.0 + 20.0 - 1.0 + 0.25 * disc_area;
        // (The flattened disc's 45 sides do not split into exact quarters.)
        assert!(
            (road.area_of(&big) - want).abs() < 0.005,
            "{}",
            road.area_of(&big)
        );
        // Summing part by part would count the bend's square twice over.
        let summed: f64 = road.parts().iter().map(|p| big.clip(p).area()).sum();
        assert!(summed - road.area_of(&big) > 1.5);
        // A line along the road's centre to the bend, from 1" before the
        // road: 10.5" inside, the bend's disc and rectangle counted once.
        let along = Segment::new(pt(-1.0, 0.0), pt(10.5, 0.0));
        assert!(
            (road.chord(along) - 10.5).abs() < 1e-9,
            "{}",
            road.chord(along)
        );
    }

    #[test]
    fn a_piece_is_cut_to_the_table() {
        // A wood running 4" past the right edge of a 36" table.
        let wood = Piece::polygon(&[
            pt(30.0, 10.0),
            pt(40.0, 10.0),
            pt(40.0, 16.0),
            pt(30.0, 16.0),
        ]);
        let cut = wood.clipped_to_table(36.0, 36.0);
        let table = Convex::hull([pt(0.0, 0.0), pt(36.0, 0.0), pt(36.0, 36.0), pt(0.0, 36.0)]);
        assert!((cut.area_of(&table) - 36.0).abs() < 1e-9);
        assert!((wood.area_of(&table) - 36.0).abs() < 1e-9);
        let beyond = Convex::hull([
            pt(37.0, 11.0),
            pt(39.0, 11.0),
            pt(39.0, 15.0),
            pt(37.0, 15.0),
        ]);
        assert_eq!(cut.area_of(&beyond), 0.0);
        assert!(wood.area_of(&beyond) > 7.9);
        // Wholly off the table: nothing left.
        let off = Piece::circle(pt(50.0, 50.0), 3.0).clipped_to_table(36.0, 36.0);
        assert!(off.parts().is_empty());
    }
}
