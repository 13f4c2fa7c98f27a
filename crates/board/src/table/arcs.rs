//! A base's front, flank and rear arcs: the regions beyond each edge, bounded
//! by lines at 45° from the corners (Feudal 0.7: "measured from Unit corners,
//! 45° arcs off the sides"). Each arc is three half-planes, so a point is
//! tested in constant time and a shape is clipped against an arc exactly.
//!
//! Arcs are closed and widened by [`TOL`]: a point within TOL of a boundary
//! ray lies in both arcs, and [`Base::arc_of`] then gives front before flank
//! before rear (the benefit of the doubt to the target, FO-R4). Points inside
//! the base are in no arc.

use kurbo::{Point, Vec2};

use super::convex::clip_half_plane;
use super::{Aspect, Base, Convex, TOL};

impl Base {
    /// The three half-planes `n·p <= c` (n a unit vector) whose intersection
    /// is the arc beyond `arc`, in table coordinates.
    pub fn arc_half_planes(&self, arc: Aspect) -> [(Vec2, f64); 3] {
        let (a, b) = (self.width / 2.0, self.depth / 2.0);
        // In the base's own frame, x to the right and y forward.
        let local: [(f64, f64, f64); 3] = match arc {
            Aspect::Front => [(0.0, -1.0, -b), (1.0, -1.0, a - b), (-1.0, -1.0, a - b)],
            Aspect::Rear => [(0.0, 1.0, -b), (1.0, 1.0, a - b), (-1.0, 1.0, a - b)],
            Aspect::Right => [(-1.0, 0.0, -a), (-1.0, 1.0, b - a), (-1.0, -1.0, b - a)],
            Aspect::Left => [(1.0, 0.0, -a), (1.0, 1.0, b - a), (1.0, -1.0, b - a)],
        };
        let forward = self.forward();
        let right = Vec2::new(-forward.y, forward.x);
        local.map(|(x, y, c)| {
            let n = right * x + forward * y;
            let len = n.hypot();
            (n / len, c / len + (n / len).dot(self.centre.to_vec2()))
        })
    }

    /// Whether `p` lies in the arc beyond `arc` (closed, widened by [`TOL`]).
    pub fn in_arc(&self, arc: Aspect, p: Point) -> bool {
        self.arc_half_planes(arc)
            .iter()
            .all(|&(n, c)| n.dot(p.to_vec2()) <= c + TOL)
    }

    /// The arc `p` lies in: front before flank before rear where arcs meet
    /// (FO-R4); `None` inside the base.
    pub fn arc_of(&self, p: Point) -> Option<Aspect> {
        if self.distance_to(p) == 0.0 && !on_outline(self, p) {
            return None;
        }
        [Aspect::Front, Aspect::Right, Aspect::Left, Aspect::Rear]
            .into_iter()
            .find(|&arc| self.in_arc(arc, p))
    }

    /// The arc of `self` that `other` stands in, judged by `other`'s front
    /// centre point (0.7: "A Unit's Front center point shows if it is in …
    /// a Unit's Front, Flank or Rear Arc").
    pub fn arc_of_base(&self, other: &Base) -> Option<Aspect> {
        self.arc_of(other.front_centre())
    }

    /// The part of `shape` that lies in the arc beyond `arc` (widened by TOL).
    pub fn clip_to_arc(&self, arc: Aspect, shape: &Convex) -> Convex {
        let mut points: super::convex::Points = shape.points().iter().copied().collect();
        for (n, c) in self.arc_half_planes(arc) {
            points = clip_half_plane(&points, n, c + TOL);
        }
        Convex::hull(points)
    }

    /// Whether any of `shape` lies in the arc beyond `arc`.
    pub fn arc_meets(&self, arc: Aspect, shape: &Convex) -> bool {
        !self.clip_to_arc(arc, shape).points().is_empty()
    }
}

/// Whether `p` is on the base's outline (to a millionth of an inch); such a
/// point is outside the open base, so it has an arc.
fn on_outline(base: &Base, p: Point) -> bool {
    Aspect::ALL
        .iter()
        .any(|&aspect| base.edge(aspect).distance_to(p) <= 1e-6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arcs_are_bounded_by_45_degree_rays_from_the_corners() {
        // 5" by 2.5" facing 30°: the arcs turn with it.
        let b = Base {
            centre: Point::new(10.0, 10.0),
            width: 5.0,
            depth: 2.5,
            facing: 30.0,
        };
        let at = |x: f64, y: f64| b.arc_of(b.point(x, y));
        assert_eq!(at(0.0, 5.0), Some(Aspect::Front));
        assert_eq!(at(0.0, -5.0), Some(Aspect::Rear));
        assert_eq!(at(4.0, 0.0), Some(Aspect::Right));
        assert_eq!(at(-4.0, 0.0), Some(Aspect::Left));
        // On the ray from the front right corner (2.5, 1.25): front wins.
        assert_eq!(at(4.0, 2.75), Some(Aspect::Front));
        // A twentieth of an inch to the flank side of it: right.
        assert_eq!(at(4.05, 2.7), Some(Aspect::Right));
        // A point ahead of the front edge line but past the ray is on the flank,
        // though the centre-diagonal reading would call it front.
        assert_eq!(at(4.0, 2.2), Some(Aspect::Right));
        assert_eq!(b.aspect_of(b.point(4.0, 2.2)), Aspect::Front);
        // Behind the rear left corner, off its ray toward the rear.
        assert_eq!(at(-3.0, -3.0), Some(Aspect::Rear));
        // Inside: none; on the front edge: front.
        assert_eq!(at(1.0, 0.5), None);
        assert_eq!(at(1.0, 1.25), Some(Aspect::Front));
    }

    #[test]
    fn a_shape_is_clipped_to_an_arc() {
        let b = Base {
            centre: Point::ORIGIN,
            width: 5.0,
            depth: 2.5,
            facing: 0.0,
        };
        // Facing north (-y): a square to the east straddling the front-right ray.
        let square = Convex::hull([
            Point::new(3.0, -3.0),
            Point::new(5.0, -3.0),
            Point::new(5.0, -1.0),
            Point::new(3.0, -1.0),
        ]);
        assert!(b.arc_meets(Aspect::Right, &square));
        assert!(b.arc_meets(Aspect::Front, &square));
        assert!(!b.arc_meets(Aspect::Left, &square));
        assert!(!b.arc_meets(Aspect::Rear, &square));
        // In local terms the square spans x 3..5, y 1..3; the right arc holds
        // the part with y <= x - 1.25: 1.71875 + 1.5 square inches, plus the
        // strip TOL wide that both arcs share.
        let right = b.clip_to_arc(Aspect::Right, &square).area();
        let front = b.clip_to_arc(Aspect::Front, &square).area();
        assert!((right + front - 4.0).abs() < 0.1, "{right} + {front}");
        assert!(right > 3.21875 && right < 3.21875 + 0.03, "{right}");
    }
}
