//! Property tests that span the table's subjects: distances, contact, arcs
//! and sight are symmetric where they should be, and unchanged when the whole
//! table is moved or turned.

use kurbo::{Point, Vec2};
use proptest::prelude::*;

use super::*;

/// A Feudal base: 4" to 6" wide, half as deep, anywhere, any facing.
pub(super) fn base() -> impl Strategy<Value = Base> {
    (-30.0..30.0f64, -30.0..30.0f64, 4.0..6.0f64, 0.0..360.0f64).prop_map(
        |(x, y, width, facing)| Base {
            centre: Point::new(x, y),
            width,
            depth: width / 2.0,
            facing,
        },
    )
}

/// A rigid motion of the whole table: turn by `degrees` clockwise about the
/// origin, then move by `shift`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Motion {
    pub degrees: f64,
    pub shift: Vec2,
}

impl Motion {
    pub fn point(self, p: Point) -> Point {
        let (sin, cos) = self.degrees.to_radians().sin_cos();
        Point::new(p.x * cos - p.y * sin, p.x * sin + p.y * cos) + self.shift
    }

    pub fn base(self, b: &Base) -> Base {
        Base {
            centre: self.point(b.centre),
            facing: normalise(b.facing + self.degrees),
            ..*b
        }
    }
}

pub(super) fn motion() -> impl Strategy<Value = Motion> {
    (0.0..360.0f64, -40.0..40.0f64, -40.0..40.0f64).prop_map(|(degrees, x, y)| Motion {
        degrees,
        shift: Vec2::new(x, y),
    })
}

/// The distance from `p` to the nearest of the four 45° rays from the corners.
fn distance_to_arc_rays(b: &Base, p: Point) -> f64 {
    let far = 1000.0;
    let (w, d) = (b.width / 2.0, b.depth / 2.0);
    [(-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
        .into_iter()
        .map(|(sx, sy)| {
            let corner = b.point(sx * w, sy * d);
            let tip = b.point(sx * (w + far), sy * (d + far));
            Segment::new(corner, tip).distance_to(p)
        })
        .fold(f64::INFINITY, f64::min)
}

proptest! {
    #[test]
    fn distance_and_contact_are_symmetric(a in base(), b in base()) {
        prop_assert_eq!(a.distance(&b), b.distance(&a));
        prop_assert_eq!(a.overlaps(&b), b.overlaps(&a));
        let (ab, ba) = (a.contact(&b, a.depth), b.contact(&a, a.depth));
        prop_assert_eq!(ab.is_some(), ba.is_some());
        if let (Some(ab), Some(ba)) = (ab, ba) {
            prop_assert_eq!((ab.mine, ab.theirs), (ba.theirs, ba.mine));
            prop_assert!((ab.length - ba.length).abs() < 1e-9);
        }
    }

    #[test]
    fn bases_set_edge_to_edge_are_in_contact_both_ways(a in base(), side in 0..4usize, theirs in 0..4usize, slide in -1.0..1.0f64, gap in -0.009..0.009f64) {
        // Put b's `theirs` edge against a's `side` edge, slid along it by up to
        // the most that keeps a BD of contact, and check contact both ways.
        let (mine, theirs) = (Aspect::ALL[side], Aspect::ALL[theirs]);
        let mine_len = a.edge(mine).length();
        let b0 = Base { centre: Point::ORIGIN, ..a };
        let their_len = b0.edge(theirs).length();
        let most = (mine_len + their_len) / 2.0 - a.depth;
        let facing = normalise(a.facing + mine.turn_from_front() + 180.0 - theirs.turn_from_front());
        let b1 = Base { facing, ..b0 };
        let half_across = b1.centre.distance(b1.edge(theirs).midpoint());
        let along = (a.edge(mine).end - a.edge(mine).start).normalize();
        let centre = a.edge(mine).midpoint()
            + a.normal(mine) * (half_across + gap)
            + along * (slide * most);
        let b = Base { centre, ..b1 };
        let contact = a.contact(&b, a.depth).expect("in contact");
        prop_assert_eq!((contact.mine, contact.theirs), (mine, theirs));
        let expected = mine_len.min(their_len).min((mine_len + their_len) / 2.0 - (slide * most).abs());
        prop_assert!((contact.length - expected).abs() < 1e-6, "{} vs {}", contact.length, expected);
        prop_assert!(b.contact(&a, a.depth).is_some());
        prop_assert!(a.distance(&b) <= gap.max(0.0) + 1e-9);
        prop_assert!(!a.overlaps(&b));
    }

    #[test]
    fn geometry_is_unchanged_by_moving_the_whole_table(a in base(), b in base(), p in (-40.0..40.0f64, -40.0..40.0f64), m in motion()) {
        let (ma, mb) = (m.base(&a), m.base(&b));
        prop_assert!((a.distance(&b) - ma.distance(&mb)).abs() < 1e-9);
        prop_assert_eq!(a.overlaps(&b), ma.overlaps(&mb));
        let depth = a.footprint().depth(&b.footprint());
        prop_assert!((depth - ma.footprint().depth(&mb.footprint())).abs() < 1e-9);
        let p = Point::new(p.0, p.1);
        // Away from the arcs' widened boundaries the answer cannot flip on rounding.
        let margin = (distance_to_arc_rays(&a, p) - TOL).abs();
        if margin > 1e-6 {
            prop_assert_eq!(a.arc_of(p), ma.arc_of(m.point(p)));
        }
        let c = (a.contact(&b, a.depth), ma.contact(&mb, a.depth));
        prop_assert_eq!(c.0.map(|c| (c.mine, c.theirs)), c.1.map(|c| (c.mine, c.theirs)));
    }

    #[test]
    fn the_arcs_cover_the_plane_and_meet_only_on_their_rays(a in base(), p in (-40.0..40.0f64, -40.0..40.0f64)) {
        let p = Point::new(p.0, p.1);
        let holding: Vec<Aspect> = Aspect::ALL.into_iter().filter(|&arc| a.in_arc(arc, p)).collect();
        if a.distance_to(p) > 0.0 {
            prop_assert!(!holding.is_empty(), "{p:?} is in no arc");
            prop_assert_eq!(a.arc_of(p), Some(holding[0]).filter(|_| holding.len() == 1).or(a.arc_of(p)));
        } else {
            prop_assert_eq!(a.arc_of(p), None);
        }
        prop_assert!(holding.len() <= 2);
        if holding.len() == 2 {
            prop_assert!(distance_to_arc_rays(&a, p) <= TOL + 1e-9, "{holding:?} at {p:?}");
            // Front wins over flank, flank over rear.
            let first = a.arc_of(p).unwrap();
            prop_assert!(first == Aspect::Front || !holding.contains(&Aspect::Front));
            prop_assert!(first != Aspect::Rear);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sight_is_unchanged_by_moving_the_whole_table(a in base(), t in base(), others in proptest::collection::vec(base(), 0..3), m in motion()) {
        prop_assume!(!a.overlaps(&t) && others.iter().all(|o| !o.overlaps(&a) && !o.overlaps(&t)));
        let woods = Piece::circle(Point::new(5.0, -5.0), 4.0);
        let moved_woods = Piece::from_parts(woods.parts().iter().map(|p| Convex::hull(p.points().iter().map(|&q| m.point(q)))).collect());
        let screens = [Screen { piece: &woods, hill: false }];
        let moved_screens = [Screen { piece: &moved_woods, hill: false }];
        let moved_others: Vec<Base> = others.iter().map(|o| m.base(o)).collect();
        let here = Surroundings { units: &others, target_friends: &others, screens: &screens, bd: a.depth };
        let there = Surroundings { units: &moved_others, target_friends: &moved_others, screens: &moved_screens, bd: a.depth };
        for purpose in [SightFor::Seeing, SightFor::ShotOrCharge] {
            let (s, ms) = (line_of_sight(&a, &t, &here, purpose), line_of_sight(&m.base(&a), &m.base(&t), &there, purpose));
            match (s, ms) {
                (Ok(s), Ok(ms)) => {
                    prop_assert_eq!(s.side, ms.side);
                    prop_assert!((s.range - ms.range).abs() < 1e-6, "{} vs {}", s.range, ms.range);
                    prop_assert!(m.point(s.stretch.start).distance(ms.stretch.start) < 1e-6);
                }
                (s, ms) => prop_assert_eq!(s.err(), ms.err()),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_clear_path_overlaps_nothing_on_the_way(a in base(), o in base(), turn in -180.0..180.0f64, distance in 0.0..12.0f64) {
        let mv = Move { start_turn: turn, distance, end_turn: 0.0 };
        let obstacle = o.footprint();
        prop_assume!(!a.overlaps(&o));
        let turned = mv.poses(&a)[1];
        let excused = turned.footprint().overlaps(&obstacle);
        if check_path(&a, &mv, std::slice::from_ref(&obstacle), &[]).is_ok() {
            prop_assert!(!mv.end(&a).footprint().overlaps(&obstacle));
            if !excused {
                for i in 0..=40 {
                    let along = turned.advanced(distance * f64::from(i) / 40.0);
                    prop_assert!(!along.footprint().overlaps(&obstacle), "at {i}/40");
                }
            }
        } else {
            // Refused: some sampled pose does overlap, or the end does.
            let hits = (0..=400).any(|i| {
                turned.advanced(distance * f64::from(i) / 400.0).footprint().depth(&obstacle) > TOL * 0.5
            });
            prop_assert!(hits);
        }
    }

    #[test]
    fn a_charge_stops_at_its_first_touch(a in base(), t in base(), turn in -180.0..180.0f64) {
        prop_assume!(a.distance(&t) > 0.1);
        let side = Aspect::Front;
        match charge_path(&a, turn, &t, side, &[], 100.0) {
            Ok(touch) => {
                prop_assert!(touch.at.distance(&t) <= TOL);
                let before = a.turned(turn).advanced(touch.distance - 0.02);
                prop_assert!(before.distance(&t) > 0.0);
            }
            Err(ChargeFault::Misses) => {
                let turned = a.turned(turn);
                for i in 0..=200 {
                    prop_assert!(turned.advanced(f64::from(i) * 0.5).distance(&t) > 0.0);
                }
            }
            Err(_) => {
                // It touches, but not front to front: the touch is still a touch.
                let turned = a.turned(turn);
                let (lo, _) = turned.footprint().meets_along(turned.forward(), &t.footprint(), 0.0).unwrap();
                prop_assert!(turned.advanced(lo).distance(&t) <= TOL);
            }
        }
    }

    #[test]
    fn a_conformed_charger_is_edge_to_edge_for_a_bd(a in base(), t in base(), side in 0..4usize, o in base()) {
        let side = Aspect::ALL[side];
        let bd = t.depth;
        let placed = conform(&a, &t, side, &[], bd).expect("room on open ground");
        prop_assert!(placed.offset.abs() < 1e-9);
        let contact = placed.base.contact(&t, bd).expect("in contact");
        prop_assert_eq!((contact.mine, contact.theirs), (Aspect::Front, side));
        prop_assert!(!placed.base.overlaps(&t));
        prop_assume!(!o.overlaps(&t));
        if let Some(slid) = conform(&a, &t, side, &[o.footprint()], bd) {
            prop_assert!(!slid.base.overlaps(&o));
            let contact = slid.base.contact(&t, bd).expect("still in contact");
            prop_assert!(contact.length >= bd - TOL);
            prop_assert!(slid.offset.abs() >= placed.offset.abs());
        }
    }

    #[test]
    fn charges_are_unchanged_by_moving_the_whole_table(a in base(), t in base(), turn in -90.0..90.0f64, m in motion()) {
        prop_assume!(a.distance(&t) > 0.1);
        let here = charge_path(&a, turn, &t, Aspect::Front, &[], 100.0);
        let there = charge_path(&m.base(&a), turn, &m.base(&t), Aspect::Front, &[], 100.0);
        match (here, there) {
            (Ok(h), Ok(t)) => prop_assert!((h.distance - t.distance).abs() < 1e-6),
            (h, t) => prop_assert_eq!(h.err().map(|e| std::mem::discriminant(&e)), t.err().map(|e| std::mem::discriminant(&e))),
        }
        prop_assert_eq!(flank_reach(&a, &t, a.depth), flank_reach(&m.base(&a), &m.base(&t), a.depth));
    }

    #[test]
    fn a_base_outline_is_the_hull_of_its_corners(a in base()) {
        prop_assert_eq!(a.footprint(), Convex::hull(a.corners()));
    }
}

/// The charge search as first written: every start turn tried in full by
/// [`charge_path_among`], the oracle the quick search must agree with.
fn search_in_full(
    a: &Base,
    t: &Base,
    side: Aspect,
    others: &[Convex],
    friends: &[Convex],
    most: f64,
) -> Result<Touch, ChargeFault> {
    let steps = (180.0 / ATOL).round() as usize;
    let mut closest: Option<ChargeFault> = None;
    for i in 0..=steps {
        let size = i as f64 * ATOL;
        let mut best: Option<Touch> = None;
        for turn in if i == 0 { vec![0.0] } else { vec![size, -size] } {
            match charge_path_among(a, turn, t, side, others, friends, most) {
                Ok(touch) if best.is_none_or(|b| touch.distance < b.distance) => best = Some(touch),
                Ok(_) | Err(ChargeFault::Misses) => {}
                Err(fault @ ChargeFault::TooFar { .. }) => {
                    if !matches!(closest, Some(ChargeFault::TooFar { .. })) {
                        closest = Some(fault);
                    }
                }
                Err(fault) => {
                    closest.get_or_insert(fault);
                }
            }
        }
        if let Some(touch) = best {
            return Ok(touch);
        }
    }
    Err(closest.unwrap_or(ChargeFault::Misses))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_charge_search_finds_what_trying_every_turn_in_full_finds(
        a in base(),
        bearing in -120.0..120.0f64,
        reach in 4.0..14.0f64,
        facing in 0.0..360.0f64,
        others in proptest::collection::vec(base(), 0..4),
        friends in proptest::collection::vec(base(), 0..3),
    ) {
        let t = Base {
            centre: a.centre + heading(a.facing + bearing) * reach,
            facing,
            ..a
        };
        prop_assume!(!a.overlaps(&t));
        let clear = |o: &&Base| !o.overlaps(&a) && !o.overlaps(&t);
        let others: Vec<Convex> = others.iter().filter(clear).map(Base::footprint).collect();
        let friends: Vec<Convex> = friends.iter().filter(clear).map(Base::footprint).collect();
        let side = side_struck(&a, &t).unwrap_or(Aspect::Front);
        prop_assert_eq!(
            search_charge_among(&a, &t, side, &others, &friends, 12.0),
            search_in_full(&a, &t, side, &others, &friends, 12.0)
        );
    }
}
