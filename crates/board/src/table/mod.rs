//! Open-table geometry in inches: distances, units' rectangular bases with
//! their front, flanks and rear, fire arcs, segments, polygons and circles.
//!
//! Points are [`kurbo::Point`]s in inches; x grows east and y grows south, as
//! on a table seen from above with north at the top. Facings and bearings are
//! degrees clockwise from north, so a unit facing 90 looks east (+x) and one
//! facing 180 looks south (+y).
//!
//! The module is split by subject: [`Base`] and how two bases stand to each
//! other (`base.rs`), the convex shapes every test runs on ([`Convex`]), arcs
//! (`arcs.rs`), terrain footprints (`terrain.rs`), line of sight and protected
//! flanks (`sight.rs`), moves (`moves.rs`), and charges, retreats and facing an
//! attacker (`charge.rs`). Rules that measure by hand (Feudal, 0.2 and 0.6 of
//! its spec) compare lengths with [`TOL`] and angles with [`ATOL`].

use kurbo::{Point, Vec2};

mod arcs;
mod base;
mod charge;
mod convex;
mod moves;
#[cfg(test)]
mod props;
mod sight;
mod terrain;
#[cfg(test)]
mod worked;

/// A 5" × 2.5" base at (`x`, `y`) facing `facing`: the tests' unit.
#[cfg(test)]
fn test_unit(x: f64, y: f64, facing: f64) -> Base {
    Base {
        centre: Point::new(x, y),
        width: 5.0,
        depth: 2.5,
        facing,
    }
}

pub use base::{Aspect, Base, Contact};
pub use charge::{
    ChargeFault, Conformed, Faced, Touch, charge_path, charge_path_across, charge_path_among,
    conform, face_attacker, flank_reach, realign, search_charge, search_charge_among, side_struck,
};
pub use convex::Convex;
pub use moves::{
    Allowance, Move, MoveFault, TURN_STEP, check_path, edges, keeps_away, on_road_throughout,
    swept_translation, swept_turn, turn_poses,
};
pub use sight::{NoSight, Screen, Sight, SightFor, Surroundings, flank_protected, line_of_sight};
pub use terrain::{Piece, is_simple_polygon};

/// The tolerance for lengths, in inches: two lengths that differ by at most
/// this much are equal. Positions in a log are measured by hand and written
/// to a hundredth; f64 arithmetic must not flip a ruling on the last bit.
pub const TOL: f64 = 0.01;

/// The tolerance for angles, in degrees.
pub const ATOL: f64 = 0.05;

/// A point written as Feudal's notation writes it (FO-R1: `x` inches from
/// the left end of the near edge, `y` inches deep) in this module's frame,
/// on a table `depth` inches deep: the near edge is the south edge, so the
/// table reads as a player at the near edge sees it.
pub fn from_near_edge(x: f64, y: f64, depth: f64) -> Point {
    Point::new(x, depth - y)
}

/// A facing written counter-clockwise from +x (FO-R1: 90 faces away from
/// the near edge) as a facing here, clockwise from north. A turn written
/// counter-clockwise (positive to the left) is the negative of a turn here.
pub fn facing_from_counter_clockwise(theta: f64) -> f64 {
    normalise(90.0 - theta)
}

/// The distance between two points, in inches.
pub fn distance(a: Point, b: Point) -> f64 {
    a.distance(b)
}

/// The unit vector pointing along `facing` (degrees clockwise from north).
pub fn heading(facing: f64) -> Vec2 {
    let facing = normalise(facing);
    // Quarter turns exactly, so bases squared to the table have exact corners.
    if facing == 0.0 {
        Vec2::new(0.0, -1.0)
    } else if facing == 90.0 {
        Vec2::new(1.0, 0.0)
    } else if facing == 180.0 {
        Vec2::new(0.0, 1.0)
    } else if facing == 270.0 {
        Vec2::new(-1.0, 0.0)
    } else {
        let (sin, cos) = facing.to_radians().sin_cos();
        Vec2::new(sin, -cos)
    }
}

/// The bearing from `from` to `to` in degrees clockwise from north, in
/// `0.0..360.0`; 0 when the points coincide.
pub fn bearing(from: Point, to: Point) -> f64 {
    let d = to - from;
    if d.x == 0.0 && d.y == 0.0 {
        return 0.0;
    }
    normalise(d.x.atan2(-d.y).to_degrees())
}

/// `degrees` brought into `0.0..360.0`.
pub fn normalise(degrees: f64) -> f64 {
    let d = degrees.rem_euclid(360.0);
    // rem_euclid of a tiny negative number can round up to exactly 360.
    if d >= 360.0 { 0.0 } else { d }
}

/// How far apart two bearings are, the short way round: `0.0..=180.0`.
pub fn turn_between(a: f64, b: f64) -> f64 {
    let d = normalise(a - b);
    d.min(360.0 - d)
}

/// A straight piece of line between two points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    pub start: Point,
    pub end: Point,
}

impl Segment {
    pub const fn new(start: Point, end: Point) -> Segment {
        Segment { start, end }
    }

    /// The length in inches.
    pub fn length(self) -> f64 {
        self.start.distance(self.end)
    }

    /// The point halfway along.
    pub fn midpoint(self) -> Point {
        self.start.midpoint(self.end)
    }

    /// The point of the segment nearest `p`.
    pub fn nearest(self, p: Point) -> Point {
        let d = self.end - self.start;
        let length2 = d.hypot2();
        if length2 == 0.0 {
            return self.start;
        }
        let t = ((p - self.start).dot(d) / length2).clamp(0.0, 1.0);
        self.start + d * t
    }

    /// The distance from `p` to the nearest point of the segment.
    pub fn distance_to(self, p: Point) -> f64 {
        p.distance(self.nearest(p))
    }

    /// Whether `p` lies on the segment (to a millionth of an inch).
    pub fn touches(self, p: Point) -> bool {
        self.distance_to(p) <= 1e-6
    }
}

/// A sector of a circle: a fire arc or a field of view, from `apex` towards
/// `facing`, `spread` degrees wide in all (half each side), `radius` inches long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sector {
    pub apex: Point,
    pub facing: f64,
    pub spread: f64,
    pub radius: f64,
}

impl Sector {
    /// Whether `p` lies within the sector, edges included; the apex itself is inside.
    pub fn contains(&self, p: Point) -> bool {
        let d = self.apex.distance(p);
        if d > self.radius {
            return false;
        }
        d == 0.0
            || self.spread >= 360.0
            || turn_between(bearing(self.apex, p), self.facing) <= self.spread / 2.0
    }

    /// The ends of the sector's arc: left edge first, as seen from the apex.
    pub fn ends(&self) -> (Point, Point) {
        let half = self.spread.min(360.0) / 2.0;
        (
            self.apex + heading(self.facing - half) * self.radius,
            self.apex + heading(self.facing + half) * self.radius,
        )
    }
}

/// A circle on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    pub centre: Point,
    pub radius: f64,
}

impl Circle {
    /// Whether `p` lies inside the circle or on it.
    pub fn contains(&self, p: Point) -> bool {
        self.centre.distance(p) <= self.radius
    }

    /// The distance from `p` to the circle's area: 0 inside.
    pub fn distance_to(&self, p: Point) -> f64 {
        (self.centre.distance(p) - self.radius).max(0.0)
    }
}

/// Whether `p` lies inside the polygon through `points` (closed back to the
/// first) or on its outline. Inside means an odd number of crossings, so a
/// self-crossing outline has holes where it overlaps itself.
pub fn polygon_contains(points: &[Point], p: Point) -> bool {
    let n = points.len();
    if n == 0 {
        return false;
    }
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if Segment::new(a, b).touches(p) {
            return true;
        }
        // The edge straddles the horizontal through p, and crosses it to p's east.
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if x > p.x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The distance from `p` to the nearest point of a line through `points`
/// (a road, a river); infinite for no points.
pub fn polyline_distance(points: &[Point], p: Point) -> f64 {
    match points {
        [] => f64::INFINITY,
        [only] => only.distance(p),
        _ => points
            .windows(2)
            .map(|w| Segment::new(w[0], w[1]).distance_to(p))
            .fold(f64::INFINITY, f64::min),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pt(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn near(a: Point, b: Point) -> bool {
        a.distance(b) < 1e-9
    }

    #[test]
    fn distances_and_bearings() {
        assert_eq!(distance(pt(0.0, 0.0), pt(3.0, 4.0)), 5.0);
        assert_eq!(bearing(pt(0.0, 0.0), pt(0.0, -1.0)), 0.0);
        assert_eq!(bearing(pt(0.0, 0.0), pt(2.0, 0.0)), 90.0);
        assert_eq!(bearing(pt(0.0, 0.0), pt(0.0, 5.0)), 180.0);
        assert_eq!(bearing(pt(0.0, 0.0), pt(-1.0, 0.0)), 270.0);
        assert_eq!(bearing(pt(1.0, 1.0), pt(1.0, 1.0)), 0.0);
        assert_eq!(turn_between(350.0, 10.0), 20.0);
        assert_eq!(turn_between(90.0, 270.0), 180.0);
        assert_eq!(normalise(-90.0), 270.0);
        assert!(near(pt(0.0, 0.0) + heading(90.0), pt(1.0, 0.0)));
        assert!(near(pt(0.0, 0.0) + heading(180.0), pt(0.0, 1.0)));
    }

    #[test]
    fn segments() {
        let s = Segment::new(pt(0.0, 0.0), pt(10.0, 0.0));
        assert_eq!(s.length(), 10.0);
        assert_eq!(s.distance_to(pt(5.0, 3.0)), 3.0);
        assert_eq!(s.distance_to(pt(-3.0, 4.0)), 5.0);
        assert_eq!(s.distance_to(pt(13.0, -4.0)), 5.0);
        assert!(s.touches(pt(7.5, 0.0)));
        let dot = Segment::new(pt(1.0, 1.0), pt(1.0, 1.0));
        assert_eq!(dot.distance_to(pt(4.0, 5.0)), 5.0);
        assert_eq!(
            polyline_distance(&[pt(0.0, 0.0), pt(0.0, 10.0), pt(10.0, 10.0)], pt(5.0, 8.0)),
            2.0
        );
        assert_eq!(polyline_distance(&[], pt(0.0, 0.0)), f64::INFINITY);
    }

    #[test]
    fn a_base_facing_east() {
        // 4" frontage, 2" deep, facing east at (10, 10): the front is the
        // edge at x = 11, running from y = 8 (front left) to y = 12.
        let base = Base {
            centre: pt(10.0, 10.0),
            width: 4.0,
            depth: 2.0,
            facing: 90.0,
        };
        let [fl, fr, rr, rl] = base.corners();
        assert!(near(fl, pt(11.0, 8.0)), "{fl:?}");
        assert!(near(fr, pt(11.0, 12.0)), "{fr:?}");
        assert!(near(rr, pt(9.0, 12.0)), "{rr:?}");
        assert!(near(rl, pt(9.0, 8.0)), "{rl:?}");
        assert!(near(base.edge(Aspect::Front).midpoint(), pt(11.0, 10.0)));
        assert!(near(base.edge(Aspect::Rear).midpoint(), pt(9.0, 10.0)));
        assert!(near(base.edge(Aspect::Right).midpoint(), pt(10.0, 12.0)));
        assert!(near(base.edge(Aspect::Left).midpoint(), pt(10.0, 8.0)));

        assert_eq!(base.aspect_of(pt(20.0, 10.0)), Aspect::Front);
        assert_eq!(base.aspect_of(pt(0.0, 10.0)), Aspect::Rear);
        assert_eq!(base.aspect_of(pt(10.0, 20.0)), Aspect::Right);
        assert_eq!(base.aspect_of(pt(10.0, 0.0)), Aspect::Left);
        // On the diagonal through the front right corner: front wins.
        assert_eq!(base.aspect_of(pt(12.0, 14.0)), Aspect::Front);
        // Just flank-side of it.
        assert_eq!(base.aspect_of(pt(11.9, 14.0)), Aspect::Right);

        assert!(base.contains(pt(10.5, 11.5)));
        assert!(base.contains(fl));
        assert!(!base.contains(pt(11.5, 10.0)));
        assert_eq!(base.distance_to(pt(14.0, 10.0)), 3.0);
        assert_eq!(base.distance_to(pt(14.0, 16.0)), 5.0);
        assert_eq!(base.distance_to(pt(10.0, 10.0)), 0.0);
    }

    #[test]
    fn sectors() {
        // A 90° arc facing north, 12" long.
        let arc = Sector {
            apex: pt(0.0, 0.0),
            facing: 0.0,
            spread: 90.0,
            radius: 12.0,
        };
        assert!(arc.contains(pt(0.0, -12.0)));
        assert!(arc.contains(pt(5.0, -5.0)), "on the edge");
        assert!(!arc.contains(pt(5.1, -5.0)));
        assert!(!arc.contains(pt(0.0, -12.1)));
        assert!(!arc.contains(pt(0.0, 1.0)));
        assert!(arc.contains(pt(0.0, 0.0)));
        let (left, right) = arc.ends();
        assert!(left.x < 0.0 && right.x > 0.0);
        assert!((left.distance(arc.apex) - 12.0).abs() < 1e-9);
        // Across north: facing 350 with 40° spread holds bearing 5.
        let wrap = Sector {
            facing: 350.0,
            spread: 40.0,
            ..arc
        };
        assert!(wrap.contains(pt(1.0, -10.0)));
        let all = Sector {
            spread: 360.0,
            ..arc
        };
        assert!(all.contains(pt(0.0, 5.0)));
    }

    #[test]
    fn polygons_and_circles() {
        // An L-shaped wood.
        let wood = [
            pt(0.0, 0.0),
            pt(6.0, 0.0),
            pt(6.0, 2.0),
            pt(2.0, 2.0),
            pt(2.0, 6.0),
            pt(0.0, 6.0),
        ];
        assert!(polygon_contains(&wood, pt(1.0, 1.0)));
        assert!(polygon_contains(&wood, pt(5.0, 1.0)));
        assert!(polygon_contains(&wood, pt(1.0, 5.0)));
        assert!(!polygon_contains(&wood, pt(4.0, 4.0)), "the notch");
        assert!(polygon_contains(&wood, pt(6.0, 1.0)), "on the outline");
        assert!(polygon_contains(&wood, pt(2.0, 2.0)), "a corner");
        assert!(!polygon_contains(&wood, pt(-1.0, 1.0)));
        assert!(!polygon_contains(&[], pt(0.0, 0.0)));
        let hill = Circle {
            centre: pt(10.0, 10.0),
            radius: 3.0,
        };
        assert!(hill.contains(pt(12.0, 12.0)));
        assert!(hill.contains(pt(13.0, 10.0)));
        assert!(!hill.contains(pt(13.0, 13.0)));
        assert_eq!(hill.distance_to(pt(10.0, 18.0)), 5.0);
    }

    fn point() -> impl Strategy<Value = Point> {
        (-48.0..48.0f64, -48.0..48.0f64).prop_map(|(x, y)| Point::new(x, y))
    }

    fn base() -> impl Strategy<Value = Base> {
        (point(), 0.5..8.0f64, 0.5..4.0f64, 0.0..360.0f64).prop_map(
            |(centre, width, depth, facing)| Base {
                centre,
                width,
                depth,
                facing,
            },
        )
    }

    proptest! {
        #[test]
        fn bases_are_rectangles(base in base()) {
            let [fl, fr, rr, rl] = base.corners();
            prop_assert!((fl.distance(fr) - base.width).abs() < 1e-9);
            prop_assert!((rr.distance(rl) - base.width).abs() < 1e-9);
            prop_assert!((fr.distance(rr) - base.depth).abs() < 1e-9);
            prop_assert!((fl.distance(rr) - base.width.hypot(base.depth)).abs() < 1e-9);
            // The front lies ahead: its midpoint bears the facing.
            let front = base.edge(Aspect::Front).midpoint();
            prop_assert!(turn_between(bearing(base.centre, front), base.facing) < 1e-6);
            for corner in base.corners() {
                prop_assert!(base.contains(corner));
            }
        }

        #[test]
        fn a_base_agrees_with_its_polygon(base in base(), p in point()) {
            let corners = base.corners();
            // Away from the outline both tests agree exactly.
            let edge = (0..4)
                .map(|i| Segment::new(corners[i], corners[(i + 1) % 4]).distance_to(p))
                .fold(f64::INFINITY, f64::min);
            prop_assume!(edge > 1e-6);
            prop_assert_eq!(base.contains(p), polygon_contains(&corners, p));
            prop_assert_eq!(base.contains(p), base.distance_to(p) == 0.0);
        }

        #[test]
        fn each_face_owns_the_points_straight_out_from_it(base in base(), out in 0.01..30.0f64, along in -0.49..0.49f64) {
            for aspect in [Aspect::Front, Aspect::Right, Aspect::Rear, Aspect::Left] {
                let edge = base.edge(aspect);
                let on = edge.start.lerp(edge.end, 0.5 + along);
                let normal = (edge.midpoint() - base.centre).normalize();
                prop_assert_eq!(base.aspect_of(on + normal * out), aspect);
                prop_assert!((base.distance_to(on + normal * out) - out).abs() < 1e-9);
            }
        }

        #[test]
        fn sectors_hold_what_lies_along_their_facing(apex in point(), facing in 0.0..360.0f64, spread in 1.0..359.0f64, radius in 0.5..36.0f64, t in 0.0..1.0f64, off in -0.499..0.499f64) {
            let arc = Sector { apex, facing, spread, radius };
            let inside = apex + heading(facing + off * spread) * (t * radius);
            prop_assert!(arc.contains(inside));
            let beyond = apex + heading(facing) * (radius * 1.001 + 1e-6);
            prop_assert!(!arc.contains(beyond));
            let behind = apex + heading(facing + 180.0) * radius * 0.5;
            prop_assert!(!arc.contains(behind));
        }

        #[test]
        fn segment_distance_is_bounded(a in point(), b in point(), p in point()) {
            let s = Segment::new(a, b);
            let d = s.distance_to(p);
            prop_assert!(d >= 0.0);
            prop_assert!(d <= p.distance(a) + 1e-9 && d <= p.distance(b) + 1e-9);
            prop_assert!(s.touches(s.nearest(p)));
            prop_assert!((d - Segment::new(b, a).distance_to(p)).abs() < 1e-9);
        }
    }
}
