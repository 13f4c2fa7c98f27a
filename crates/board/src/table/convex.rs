//! Convex polygons, the one shape every table test runs on: a base, the area a
//! base sweeps moving straight, and each part of a terrain piece are convex,
//! so overlap is a separating-axis test and distance a vertex-to-edge search.

use kurbo::{Point, Vec2};
use smallvec::SmallVec;

use super::{Segment, TOL};

/// A convex outline's vertices: a base has 4 and the area it sweeps
/// moving straight at most 8, so neither allocates; circles spill.
pub(crate) type Points = SmallVec<[Point; 8]>;

/// A convex polygon, its vertices in order round the outline (either way).
/// It may be degenerate: a segment or a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Convex {
    points: Points,
}

impl Convex {
    /// The convex hull of `points` (Andrew's monotone chain); points on an
    /// edge are dropped. Empty input gives an empty shape, which meets nothing.
    pub fn hull(points: impl IntoIterator<Item = Point>) -> Convex {
        let mut pts: SmallVec<[Point; 16]> = points.into_iter().collect();
        pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        pts.dedup();
        if pts.len() < 3 {
            return Convex {
                points: pts.into_iter().collect(),
            };
        }
        let cross = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
        let mut lower: Points = SmallVec::new();
        for &p in &pts {
            while lower.len() >= 2
                && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0
            {
                lower.pop();
            }
            lower.push(p);
        }
        let mut upper: Points = SmallVec::new();
        for &p in pts.iter().rev() {
            while upper.len() >= 2
                && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0
            {
                upper.pop();
            }
            upper.push(p);
        }
        lower.pop();
        upper.pop();
        lower.extend(upper);
        Convex { points: lower }
    }

    /// The outline of a quadrilateral whose corners run round it in order
    /// (either way): exactly what [`Convex::hull`] gives of them, without its
    /// sort, since a base's footprint is built for every candidate a search
    /// tries. Corners that are not strictly convex go to [`Convex::hull`].
    pub fn quad(corners: [Point; 4]) -> Convex {
        let cross = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
        let mut c = corners;
        // The hull runs counter-clockwise in x-right, y-up terms...
        if cross(c[0], c[1], c[2]) < 0.0 {
            c.reverse();
        }
        if !(0..4).all(|i| cross(c[i], c[(i + 1) % 4], c[(i + 2) % 4]) > 0.0) {
            return Convex::hull(corners);
        }
        // ...from its least point by x, then y.
        let least = (0..4)
            .min_by(|&a, &b| c[a].x.total_cmp(&c[b].x).then(c[a].y.total_cmp(&c[b].y)))
            .unwrap_or(0);
        c.rotate_left(least);
        Convex {
            points: c.into_iter().collect(),
        }
    }

    /// The vertices in order round the outline.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The edges in order round the outline; none for a point.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.points.len();
        let count = match n {
            0 | 1 => 0,
            2 => 1,
            _ => n,
        };
        (0..count).map(move |i| Segment::new(self.points[i], self.points[(i + 1) % n]))
    }

    /// The area in square inches.
    pub fn area(&self) -> f64 {
        signed_area(&self.points).abs()
    }

    /// The shape moved by `by`.
    pub fn translate(&self, by: Vec2) -> Convex {
        Convex {
            points: self.points.iter().map(|&p| p + by).collect(),
        }
    }

    /// Whether `p` lies inside or on the outline (to a millionth of an inch).
    pub fn contains(&self, p: Point) -> bool {
        self.distance_to_point(p) <= 1e-6
    }

    /// The distance from `p` to the shape: 0 inside.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        if self.points.len() >= 3 {
            let sign = signed_area(&self.points).signum();
            let inside = self
                .edges()
                .all(|e| sign * (e.end - e.start).cross(p - e.start) >= 0.0);
            if inside {
                return 0.0;
            }
        }
        match self.points.as_slice() {
            [] => f64::INFINITY,
            [only] => only.distance(p),
            _ => self
                .edges()
                .map(|e| e.distance_to(p))
                .fold(f64::INFINITY, f64::min),
        }
    }

    /// The unit normals of the edges: the axes a separating-axis test tries.
    fn axes(&self) -> impl Iterator<Item = Vec2> + '_ {
        self.edges().filter_map(|e| {
            let d = e.end - e.start;
            let len = d.hypot();
            (len > 0.0).then(|| Vec2::new(-d.y, d.x) / len)
        })
    }

    /// The shadow of the shape on `axis`: the least and most of its
    /// vertices' dot products with it.
    pub(crate) fn project(&self, axis: Vec2) -> (f64, f64) {
        self.points
            .iter()
            .map(|p| p.to_vec2().dot(axis))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            })
    }

    /// How deep the two shapes interpenetrate: the least overlap of their
    /// shadows on the axes of both (positive when they overlap, 0 when they
    /// touch, minus the gap along the best separating edge normal when apart).
    /// It is symmetric, and unchanged by moving or turning both together.
    pub fn depth(&self, other: &Convex) -> f64 {
        if self.points.is_empty() || other.points.is_empty() {
            return f64::NEG_INFINITY;
        }
        let mut depth = f64::INFINITY;
        for axis in self.axes().chain(other.axes()).chain(self.gap_axis(other)) {
            let (alo, ahi) = self.project(axis);
            let (blo, bhi) = other.project(axis);
            depth = depth.min(ahi.min(bhi) - alo.max(blo));
        }
        depth
    }

    /// Two degenerate shapes (points or segments) have too few axes of their
    /// own; the line between their closest points separates them.
    fn gap_axis(&self, other: &Convex) -> Option<Vec2> {
        if self.points.len() >= 3 || other.points.len() >= 3 {
            return None;
        }
        let (a, b) = self.closest_points(other);
        let d = b - a;
        let len = d.hypot();
        (len > 0.0).then(|| d / len)
    }

    /// Whether the shapes touch or overlap.
    pub fn meets(&self, other: &Convex) -> bool {
        self.depth(other) >= 0.0
    }

    /// Whether the shapes interpenetrate by more than [`TOL`]: touching, or
    /// overlapping by a measuring error, is not overlap.
    pub fn overlaps(&self, other: &Convex) -> bool {
        self.depth(other) > TOL
    }

    /// The least distance between the shapes: 0 when they touch or overlap.
    pub fn distance(&self, other: &Convex) -> f64 {
        if self.meets(other) {
            return 0.0;
        }
        let (a, b) = self.closest_points(other);
        a.distance(b)
    }

    /// A point of each shape, as close to each other as any such pair (when
    /// the shapes are apart; when they meet, the pair is some touching pair
    /// of vertex and edge, not necessarily a common point).
    pub fn closest_points(&self, other: &Convex) -> (Point, Point) {
        let mut best = (f64::INFINITY, Point::ORIGIN, Point::ORIGIN);
        for &p in &self.points {
            for q in other.nearest_points(p) {
                let d = p.distance(q);
                if d < best.0 {
                    best = (d, p, q);
                }
            }
        }
        for &q in &other.points {
            for p in self.nearest_points(q) {
                let d = p.distance(q);
                if d < best.0 {
                    best = (d, p, q);
                }
            }
        }
        (best.1, best.2)
    }

    /// The nearest point of each edge (or the point itself) to `p`.
    fn nearest_points(&self, p: Point) -> Vec<Point> {
        match self.points.as_slice() {
            [] => Vec::new(),
            [only] => vec![*only],
            _ => self.edges().map(|e| e.nearest(p)).collect(),
        }
    }

    /// The part of `self` inside `other` (Sutherland–Hodgman: `other` is
    /// convex, so clipping by each of its edges' half-planes is exact).
    pub fn clip(&self, other: &Convex) -> Convex {
        if other.points.len() < 3 {
            return Convex {
                points: SmallVec::new(),
            };
        }
        let sign = signed_area(&other.points).signum();
        let mut points = self.points.clone();
        for e in other.edges() {
            let d = e.end - e.start;
            // Keep the side the polygon's interior lies on: n·p <= n·start.
            let normal = Vec2::new(d.y, -d.x) * sign;
            points = clip_half_plane(&points, normal, normal.dot(e.start.to_vec2()));
        }
        Convex { points }
    }

    /// The stretch of `segment` inside the shape shrunk by `inset` on every
    /// side, as fractions `(from, to)` along it; `None` when it misses.
    /// A point-like or two-point shape is treated as having no interior.
    pub fn clip_segment(&self, segment: Segment, inset: f64) -> Option<(f64, f64)> {
        if self.points.len() < 3 {
            return None;
        }
        let sign = signed_area(&self.points).signum();
        let d = segment.end - segment.start;
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for e in self.edges() {
            let ed = e.end - e.start;
            let len = ed.hypot();
            if len == 0.0 {
                continue;
            }
            // Outward unit normal; keep n·(p - start) <= -inset.
            let normal = Vec2::new(ed.y, -ed.x) * sign / len;
            let at_start = normal.dot(segment.start - e.start) + inset;
            let rate = normal.dot(d);
            if rate == 0.0 {
                if at_start > 0.0 {
                    return None;
                }
            } else {
                let t = -at_start / rate;
                if rate > 0.0 {
                    hi = hi.min(t);
                } else {
                    lo = lo.max(t);
                }
            }
            if lo > hi {
                return None;
            }
        }
        Some((lo, hi))
    }

    /// The length of `segment` that lies inside the shape.
    pub fn chord(&self, segment: Segment) -> f64 {
        self.clip_segment(segment, 0.0)
            .map_or(0.0, |(lo, hi)| (hi - lo) * segment.length())
    }

    /// The range of `t` for which `self` moved by `t·along` overlaps `other`
    /// to a depth of at least `margin` (see [`Convex::depth`]); `None` when
    /// it never does. A negative margin asks for "within that gap".
    pub fn meets_along(&self, along: Vec2, other: &Convex, margin: f64) -> Option<(f64, f64)> {
        if self.points.len() < 3 || other.points.len() < 3 {
            return None;
        }
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for axis in self.axes().chain(other.axes()) {
            let (alo, ahi) = self.project(axis);
            let (blo, bhi) = other.project(axis);
            if ahi - alo < margin || bhi - blo < margin {
                return None;
            }
            let rate = along.dot(axis);
            // Both ahi + t·rate - blo >= margin and bhi - alo - t·rate >= margin.
            for (value, slope) in [(ahi - blo - margin, rate), (bhi - alo - margin, -rate)] {
                if slope == 0.0 {
                    if value < 0.0 {
                        return None;
                    }
                } else if slope > 0.0 {
                    lo = lo.max(-value / slope);
                } else {
                    hi = hi.min(-value / slope);
                }
            }
            if lo > hi {
                return None;
            }
        }
        Some((lo, hi))
    }
}

/// Twice-halved shoelace sum: positive when the points run counter-clockwise
/// in x-right, y-up terms.
fn signed_area(points: &[Point]) -> f64 {
    let n = points.len();
    if n < 3 {
        return 0.0;
    }
    (0..n)
        .map(|i| points[i].to_vec2().cross(points[(i + 1) % n].to_vec2()))
        .sum::<f64>()
        / 2.0
}

/// The part of the polygon through `points` where `normal·p <= offset`.
pub(crate) fn clip_half_plane(points: &[Point], normal: Vec2, offset: f64) -> Points {
    let n = points.len();
    let mut out = Points::with_capacity(n + 1);
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let (va, vb) = (
            normal.dot(a.to_vec2()) - offset,
            normal.dot(b.to_vec2()) - offset,
        );
        if va <= 0.0 {
            out.push(a);
        }
        if (va < 0.0 && vb > 0.0) || (va > 0.0 && vb < 0.0) {
            out.push(a.lerp(b, va / (va - vb)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, side: f64) -> Convex {
        Convex::hull([
            Point::new(x, y),
            Point::new(x + side, y),
            Point::new(x + side, y + side),
            Point::new(x, y + side),
        ])
    }

    #[test]
    fn hulls_drop_inner_and_edge_points() {
        let hull = Convex::hull([
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 4.0),
        ]);
        assert_eq!(hull.points().len(), 4);
        assert_eq!(hull.area(), 16.0);
    }

    #[test]
    fn distance_depth_and_clipping_of_squares() {
        let a = square(0.0, 0.0, 2.0);
        let b = square(5.0, 6.0, 2.0);
        assert_eq!(a.distance(&b), 5.0, "corner to corner: 3-4-5");
        assert_eq!(a.depth(&square(2.0, 0.0, 2.0)), 0.0, "touching");
        assert!(!a.overlaps(&square(1.995, 0.0, 2.0)), "within TOL");
        assert!(a.overlaps(&square(1.98, 0.0, 2.0)));
        assert!((a.depth(&square(1.5, 0.5, 2.0)) - 0.5).abs() < 1e-12);
        assert!((a.clip(&square(1.0, 1.0, 2.0)).area() - 1.0).abs() < 1e-12);
        let diagonal = Segment::new(Point::new(-1.0, -1.0), Point::new(3.0, 3.0));
        assert!((a.chord(diagonal) - 8f64.sqrt()).abs() < 1e-12);
        // Moving b by t·(-1, -1): it first touches at t = 4
        // (x needs 3, y needs 4: the later one) and leaves at t = 7.
        let (t0, t1) = b.meets_along(Vec2::new(-1.0, -1.0), &a, 0.0).unwrap();
        assert!(
            (t0 - 4.0).abs() < 1e-12 && (t1 - 7.0).abs() < 1e-12,
            "{t0} {t1}"
        );
    }
}
