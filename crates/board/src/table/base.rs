//! A unit's base: a rectangle with a facing, its corners, edges and front
//! centre, and how two bases stand to each other (distance, overlap, contact).

use kurbo::{Point, Vec2};

use super::{Convex, Segment, heading};

/// One face of a rectangular base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aspect {
    Front,
    /// The right flank, as the unit sees it.
    Right,
    Rear,
    /// The left flank, as the unit sees it.
    Left,
}

/// A unit's base on the table: a rectangle `width` inches along its front
/// and `depth` inches deep, centred on `centre` and facing `facing`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Base {
    pub centre: Point,
    pub width: f64,
    pub depth: f64,
    /// Degrees clockwise from north.
    pub facing: f64,
}

impl Base {
    /// Forward along the facing, and rightwards along the front.
    fn axes(&self) -> (Vec2, Vec2) {
        let forward = heading(self.facing);
        (forward, Vec2::new(-forward.y, forward.x))
    }

    /// `p` in the base's own frame: `x` to the unit's right, `y` forward,
    /// both from the centre.
    pub fn local(&self, p: Point) -> Vec2 {
        let (forward, right) = self.axes();
        let d = p - self.centre;
        Vec2::new(d.dot(right), d.dot(forward))
    }

    /// The point at `x` to the unit's right and `y` forward of its centre.
    pub fn point(&self, x: f64, y: f64) -> Point {
        let (forward, right) = self.axes();
        self.centre + right * x + forward * y
    }

    /// The corners clockwise from the front left: front left, front right,
    /// rear right, rear left.
    pub fn corners(&self) -> [Point; 4] {
        let (w, d) = (self.width / 2.0, self.depth / 2.0);
        [
            self.point(-w, d),
            self.point(w, d),
            self.point(w, -d),
            self.point(-w, -d),
        ]
    }

    /// The edge on `aspect`, running clockwise round the base (the front
    /// from its left end to its right end).
    pub fn edge(&self, aspect: Aspect) -> Segment {
        let [fl, fr, rr, rl] = self.corners();
        match aspect {
            Aspect::Front => Segment::new(fl, fr),
            Aspect::Right => Segment::new(fr, rr),
            Aspect::Rear => Segment::new(rr, rl),
            Aspect::Left => Segment::new(rl, fl),
        }
    }

    /// Whether `p` lies inside the base or on its edge.
    pub fn contains(&self, p: Point) -> bool {
        let l = self.local(p);
        const EPS: f64 = 1e-9;
        l.x.abs() <= self.width / 2.0 + EPS && l.y.abs() <= self.depth / 2.0 + EPS
    }

    /// Which face of the base `p` lies beyond. The lines from the centre
    /// through the four corners split the table into four sectors, one per
    /// edge; a point exactly on such a line counts as front rather than
    /// flank, and as flank rather than rear.
    pub fn aspect_of(&self, p: Point) -> Aspect {
        let l = self.local(p);
        // Compare |y| / (depth/2) with |x| / (width/2) without dividing.
        let along = l.y.abs() * self.width;
        let across = l.x.abs() * self.depth;
        if l.y >= 0.0 && along >= across {
            Aspect::Front
        } else if across >= along {
            if l.x >= 0.0 {
                Aspect::Right
            } else {
                Aspect::Left
            }
        } else {
            Aspect::Rear
        }
    }

    /// The distance from `p` to the base: 0 inside.
    pub fn distance_to(&self, p: Point) -> f64 {
        let l = self.local(p);
        let dx = (l.x.abs() - self.width / 2.0).max(0.0);
        let dy = (l.y.abs() - self.depth / 2.0).max(0.0);
        dx.hypot(dy)
    }
}

/// Two bases touching edge to edge: which edge of each, along how much, and
/// how far apart the edges' lines are (within [`TOL`](super::TOL)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The edge of the base asked about.
    pub mine: Aspect,
    /// The other base's edge.
    pub theirs: Aspect,
    /// How long the two edges run together, in inches.
    pub length: f64,
}

impl Aspect {
    /// The four aspects, clockwise from the front.
    pub const ALL: [Aspect; 4] = [Aspect::Front, Aspect::Right, Aspect::Rear, Aspect::Left];

    /// The face opposite.
    pub fn opposite(self) -> Aspect {
        match self {
            Aspect::Front => Aspect::Rear,
            Aspect::Right => Aspect::Left,
            Aspect::Rear => Aspect::Front,
            Aspect::Left => Aspect::Right,
        }
    }

    /// The turn, in degrees clockwise, that brings the front to face where
    /// this face faced: 0, 90, 180 or -90.
    pub fn turn_from_front(self) -> f64 {
        match self {
            Aspect::Front => 0.0,
            Aspect::Right => 90.0,
            Aspect::Rear => 180.0,
            Aspect::Left => -90.0,
        }
    }
}

impl Base {
    /// The midpoint of the front edge: where sight and charges are traced from.
    pub fn front_centre(&self) -> Point {
        self.point(0.0, self.depth / 2.0)
    }

    /// The unit vector along the facing.
    pub fn forward(&self) -> Vec2 {
        heading(self.facing)
    }

    /// The outward unit normal of the edge on `aspect`.
    pub fn normal(&self, aspect: Aspect) -> Vec2 {
        heading(self.facing + aspect.turn_from_front())
    }

    /// The base as a convex polygon.
    pub fn footprint(&self) -> Convex {
        Convex::quad(self.corners())
    }

    /// The same base moved `distance` inches along its facing (backwards when negative).
    pub fn advanced(&self, distance: f64) -> Base {
        Base {
            centre: self.centre + self.forward() * distance,
            ..*self
        }
    }

    /// The same base turned about its centre, `degrees` clockwise.
    pub fn turned(&self, degrees: f64) -> Base {
        Base {
            facing: super::normalise(self.facing + degrees),
            ..*self
        }
    }

    /// The same footprint with a flank serving as the front (a marked front):
    /// the logical frame turned to face where that flank faces, its front as
    /// long as the old depth and its depth the old width.
    pub fn with_front(&self, side: Aspect) -> Base {
        match side {
            Aspect::Front | Aspect::Rear => Base {
                facing: super::normalise(self.facing + side.turn_from_front()),
                ..*self
            },
            Aspect::Left | Aspect::Right => Base {
                centre: self.centre,
                width: self.depth,
                depth: self.width,
                facing: super::normalise(self.facing + side.turn_from_front()),
            },
        }
    }

    /// The base grown outward by `by` inches on `side`, the opposite side
    /// staying put: a target together with the wall, ditch or ford it lines
    /// on that side, for a charge that meets it across the piece (spec 4.11.2).
    pub fn grown(&self, side: Aspect, by: f64) -> Base {
        let centre = self.centre + self.normal(side) * (by / 2.0);
        match side {
            Aspect::Front | Aspect::Rear => Base {
                centre,
                depth: self.depth + by,
                ..*self
            },
            Aspect::Left | Aspect::Right => Base {
                centre,
                width: self.width + by,
                ..*self
            },
        }
    }

    /// The least distance between the two bases, edge to edge: 0 when they
    /// touch or overlap.
    pub fn distance(&self, other: &Base) -> f64 {
        self.footprint().distance(&other.footprint())
    }

    /// Whether the bases interpenetrate by more than [`TOL`](super::TOL).
    pub fn overlaps(&self, other: &Base) -> bool {
        self.footprint().overlaps(&other.footprint())
    }

    /// The contact between the bases, if they touch edge to edge along at
    /// least `least` inches (a BD): facing edges antiparallel within
    /// [`ATOL`](super::ATOL), their lines at most [`TOL`](super::TOL) apart and
    /// running together for `least - TOL` or more. The longest such pair wins.
    pub fn contact(&self, other: &Base, least: f64) -> Option<Contact> {
        self.contact_across(other, least, 0.0)
    }

    /// [`Base::contact`] across a strip `width` inches wide: the edges' lines
    /// may be up to `width + 2·TOL` apart (units lining a wall, ditch or ford
    /// from either side fight across it, spec 4.4). Whether the strip really
    /// fills the gap is the terrain's question ([`Piece::lined_by`](super::Piece::lined_by)).
    pub fn contact_across(&self, other: &Base, least: f64, width: f64) -> Option<Contact> {
        let gap = if width > 0.0 {
            width + 2.0 * super::TOL
        } else {
            super::TOL
        };
        let mut best: Option<Contact> = None;
        for mine in Aspect::ALL {
            for theirs in Aspect::ALL {
                let Some(length) = edge_contact(
                    self.edge(mine),
                    self.normal(mine),
                    other.edge(theirs),
                    other.normal(theirs),
                    gap,
                ) else {
                    continue;
                };
                if length >= least - super::TOL && best.is_none_or(|b| length > b.length) {
                    best = Some(Contact {
                        mine,
                        theirs,
                        length,
                    });
                }
            }
        }
        best
    }
}

/// How long two edges run together, when their outward normals are opposite
/// (within ATOL) and their lines at most `gap` apart, each outside the other;
/// computed the same way whichever edge comes first, so contact is symmetric.
fn edge_contact(e: Segment, ne: Vec2, g: Segment, ng: Vec2, gap: f64) -> Option<f64> {
    let angle = ne.cross(ng).abs().atan2(-ne.dot(ng)).to_degrees();
    if angle > super::ATOL {
        return None;
    }
    // Signed: each edge must lie on the outer side of the other, less TOL.
    let apart = [
        (g.start - e.start).dot(ne),
        (g.end - e.start).dot(ne),
        (e.start - g.start).dot(ng),
        (e.end - g.start).dot(ng),
    ];
    if apart.iter().any(|&d| d > gap || d < -super::TOL) {
        return None;
    }
    let along = ((e.end - e.start).normalize() - (g.end - g.start).normalize()).normalize();
    let span = |s: Segment| {
        let (a, b) = (s.start.to_vec2().dot(along), s.end.to_vec2().dot(along));
        (a.min(b), a.max(b))
    };
    let ((elo, ehi), (glo, ghi)) = (span(e), span(g));
    Some(ehi.min(ghi) - elo.max(glo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{TOL, facing_from_counter_clockwise, from_near_edge};

    fn base(x: f64, y: f64, facing: f64) -> Base {
        Base {
            centre: Point::new(x, y),
            width: 5.0,
            depth: 2.5,
            facing,
        }
    }

    /// A base placed as Feudal's notation writes it, on a 36" table.
    fn placed(x: f64, y: f64, theta: f64) -> Base {
        Base {
            centre: from_near_edge(x, y, 36.0),
            width: 5.0,
            depth: 2.5,
            facing: facing_from_counter_clockwise(theta),
        }
    }

    #[test]
    fn the_ford_of_the_usk_deploys_clear_with_two_pairs_half_an_inch_apart() {
        // The spec's sample battle, 6.1.
        let units = [
            ("K1", placed(25.0, 6.0, 90.0)),
            ("K2", placed(31.0, 5.0, 90.0)),
            ("K3", placed(7.0, 6.0, 90.0)),
            ("S1", placed(18.5, 6.0, 90.0)),
            ("C1", placed(13.0, 7.0, 90.0)),
            ("R1", placed(2.75, 10.0, 90.0)),
            ("B1", placed(27.0, 26.0, 270.0)),
            ("C2", placed(24.0, 31.0, 270.0)),
            ("W1", placed(7.0, 25.0, 270.0)),
            ("W2", placed(33.0, 30.0, 270.0)),
            ("F1", placed(18.5, 25.75, 270.0)),
            ("F2", placed(18.5, 30.0, 270.0)),
        ];
        let mut nearest = f64::INFINITY;
        let mut pairs = Vec::new();
        for (i, (a, base_a)) in units.iter().enumerate() {
            for corner in base_a.corners() {
                assert!((0.0..=36.0).contains(&corner.x) && (0.0..=36.0).contains(&corner.y));
            }
            for (b, base_b) in &units[i + 1..] {
                assert!(!base_a.overlaps(base_b), "{a} overlaps {b}");
                let d = base_a.distance(base_b);
                if d < nearest - 1e-9 {
                    nearest = d;
                    pairs.clear();
                }
                if (d - nearest).abs() <= 1e-9 {
                    pairs.push(format!("{a}-{b}"));
                }
            }
        }
        assert!((nearest - 0.5).abs() < 1e-12, "{nearest}");
        assert_eq!(pairs, ["S1-C1", "C2-F2"]);
        // Facing 90 in the notation faces away from the near edge: north here.
        assert_eq!(placed(0.0, 0.0, 90.0).facing, 0.0);
        assert_eq!(placed(0.0, 0.0, 270.0).facing, 180.0);
        assert_eq!(
            placed(18.5, 6.0, 90.0).front_centre(),
            Point::new(18.5, 28.75)
        );
    }

    #[test]
    fn contact_needs_a_bd_of_edge_within_tol() {
        let a = base(0.0, 0.0, 0.0);
        // Front to front, squarely.
        let b = base(0.0, -2.5, 180.0);
        let c = a.contact(&b, 2.5).unwrap();
        assert_eq!((c.mine, c.theirs), (Aspect::Front, Aspect::Front));
        assert!((c.length - 5.0).abs() < 1e-12);
        assert_eq!(a.distance(&b), 0.0);
        // Slid half a width: exactly a BD of contact is enough…
        let c = a.contact(&base(2.5, -2.5, 180.0), 2.5).unwrap();
        assert!((c.length - 2.5).abs() < 1e-12);
        // …a tenth less is not.
        assert_eq!(a.contact(&base(2.6, -2.5, 180.0), 2.5), None);
        // A gap of half TOL is contact; twice TOL is not, and is its distance.
        assert!(
            a.contact(&base(0.0, -2.5 - TOL / 2.0, 180.0), 2.5)
                .is_some()
        );
        let apart = base(0.0, -2.5 - 2.0 * TOL, 180.0);
        assert_eq!(a.contact(&apart, 2.5), None);
        assert!((a.distance(&apart) - 0.02).abs() < 1e-12);
        // A front on the right flank: the flank is a BD long, all of it touched.
        let flanker = base(2.5 + 1.25, 0.0, 270.0);
        let c = a.contact(&flanker, 2.5).unwrap();
        assert_eq!((c.mine, c.theirs), (Aspect::Right, Aspect::Front));
        assert!((c.length - 2.5).abs() < 1e-12);
        // Turned by a degree, the edges are not antiparallel: no contact.
        assert_eq!(a.contact(&flanker.turned(1.0), 2.5), None);
        // Across a 1" wall: 1" apart is contact across it, not plain contact.
        let across = base(0.0, -3.5, 180.0);
        assert_eq!(a.contact(&across, 2.5), None);
        let c = a.contact_across(&across, 2.5, 1.0).unwrap();
        assert_eq!((c.mine, c.theirs), (Aspect::Front, Aspect::Front));
        assert_eq!(a.contact_across(&base(0.0, -3.53, 180.0), 2.5, 1.0), None);
        // Overlap beyond TOL is overlap; within it is not.
        assert!(!a.overlaps(&base(0.0, -2.5 + TOL / 2.0, 180.0)));
        assert!(a.overlaps(&base(0.0, -2.5 + 2.0 * TOL, 180.0)));
    }

    #[test]
    fn a_marked_front_keeps_the_footprint() {
        let a = base(10.0, 10.0, 30.0);
        let left = a.with_front(Aspect::Left);
        assert_eq!((left.width, left.depth, left.facing), (2.5, 5.0, 300.0));
        for (p, q) in a.footprint().points().iter().zip(left.footprint().points()) {
            assert!(p.distance(*q) < 1e-9);
        }
        assert!(
            left.front_centre()
                .distance(a.edge(Aspect::Left).midpoint())
                < 1e-9
        );
        let right = a.with_front(Aspect::Right);
        assert!(
            right
                .front_centre()
                .distance(a.edge(Aspect::Right).midpoint())
                < 1e-9
        );
    }
}
