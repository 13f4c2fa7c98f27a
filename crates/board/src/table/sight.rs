//! Line of sight between two bases (Feudal 0.11, spec 4.6) and protected
//! flanks (0.11g, spec 4.7).
//!
//! Sight runs from the attacker's front centre to a stretch a BD long of the
//! one side of the target whose arc the attacker stands in. Sight lines are
//! sampled every TOL/2 along that side: a sample is clear when its line meets
//! no other unit, stays within the depth terrain allows, crosses no gap of a
//! BD or less between obstructions, and (for shooting and charging) lies in
//! the attacker's front arc. Sight holds when the clear samples run a BD.

use kurbo::Point;

use super::{Aspect, Base, Convex, Piece, Segment, TOL};

/// A sight-blocking area piece (woods, marsh, camp, village, hill).
#[derive(Clone, Copy, Debug)]
pub struct Screen<'a> {
    pub piece: &'a Piece,
    /// A hill: a plateau, so two units within it see each other at any
    /// range, and a unit on it sees over what stands near it.
    pub hill: bool,
}

/// What stands on the table, for sight between two units.
#[derive(Clone, Copy, Debug)]
pub struct Surroundings<'a> {
    /// Every unit on the table except the two, of either side.
    pub units: &'a [Base],
    /// The units of the target's side (they may also be in `units`): only
    /// they can protect its flanks.
    pub target_friends: &'a [Base],
    /// The sight-blocking area pieces. Linear terrain never blocks sight.
    pub screens: &'a [Screen<'a>],
    /// The base depth, in inches.
    pub bd: f64,
}

/// Sight found: the side of the target seen, the stretch of it (a BD long)
/// and the range to that stretch's nearest point (FO-R9).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sight {
    pub side: Aspect,
    pub stretch: Segment,
    pub range: f64,
}

/// Why there is no sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSight {
    /// The attacker's front centre is inside the target's base.
    NoSide,
    /// No stretch a BD long of the side is seen clear.
    Blocked,
    /// The side is a flank, and protected (0.11g).
    ProtectedFlank,
}

/// Whether sight must also lie within the attacker's front arc: for a shot
/// or a charge it must (FO-R7); sight as such (what a unit could see at all)
/// need not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SightFor {
    ShotOrCharge,
    Seeing,
}

/// An obstruction kept after the height rule: a unit or a screen.
struct Kept<'a> {
    parts: Vec<Convex>,
    screen: Option<(&'a Piece, bool, usize)>,
}

/// Line of sight from `attacker` to `target` (spec 4.6, FO-R7).
pub fn line_of_sight(
    attacker: &Base,
    target: &Base,
    around: &Surroundings,
    purpose: SightFor,
) -> Result<Sight, NoSight> {
    let bd = around.bd;
    let eye = attacker.front_centre();
    let side = target.arc_of(eye).ok_or(NoSight::NoSide)?;
    if matches!(side, Aspect::Left | Aspect::Right)
        && flank_protected(target, side, around.target_friends, around.screens, bd)
    {
        return Err(NoSight::ProtectedFlank);
    }
    let face = target.edge(side);
    let face_shape = Convex::hull([face.start, face.end]);

    // The height rule: when one end is on a hill and the other is not, what
    // stands on no hill and nearer the higher end is seen over (0.11e).
    let on_hill = |b: &Base| around.screens.iter().any(|s| s.hill && s.piece.holds(b));
    let higher = match (on_hill(attacker), on_hill(target)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    let seen_over = |parts: &[Convex], on_a_hill: bool| {
        let Some(attacker_higher) = higher else {
            return false;
        };
        if on_a_hill {
            return false;
        }
        let to_eye = parts
            .iter()
            .map(|p| p.distance_to_point(eye))
            .fold(f64::INFINITY, f64::min);
        let to_face = parts
            .iter()
            .map(|p| p.distance(&face_shape))
            .fold(f64::INFINITY, f64::min);
        if attacker_higher {
            to_eye < to_face
        } else {
            to_face < to_eye
        }
    };

    let mut kept: Vec<Kept> = Vec::new();
    for unit in around.units {
        let parts = vec![unit.footprint()];
        if !seen_over(&parts, on_hill(unit)) {
            kept.push(Kept {
                parts,
                screen: None,
            });
        }
    }
    for screen in around.screens {
        let parts = screen.piece.parts().to_vec();
        let area: f64 = parts.iter().map(Convex::area).sum();
        let piece_on_hill = around.screens.iter().any(|s| {
            s.hill && !std::ptr::eq(s.piece, screen.piece) && {
                let inside: f64 = parts.iter().map(|p| s.piece.area_of(p)).sum();
                inside > area / 2.0
            }
        });
        if screen.hill || !seen_over(&parts, piece_on_hill) {
            let ends =
                usize::from(screen.piece.holds(attacker)) + usize::from(screen.piece.holds(target));
            kept.push(Kept {
                parts,
                screen: Some((screen.piece, screen.hill, ends)),
            });
        }
    }

    // Gaps of a BD or less close (0.11d): join such obstructions by the
    // segment of their least distance, which sight may not cross. Pieces
    // either end is within are no gap's side.
    let gap_sides: Vec<&Kept> = kept
        .iter()
        .filter(|k| k.screen.is_none_or(|(_, _, ends)| ends == 0))
        .collect();
    let mut bridges: Vec<Segment> = Vec::new();
    for (i, x) in gap_sides.iter().enumerate() {
        for y in &gap_sides[i + 1..] {
            let mut best = (f64::INFINITY, Point::ORIGIN, Point::ORIGIN);
            for px in &x.parts {
                for py in &y.parts {
                    let d = px.distance(py);
                    if d < best.0 {
                        let (a, b) = px.closest_points(py);
                        best = (d, a, b);
                    }
                }
            }
            if best.0 <= bd + TOL {
                bridges.push(Segment::new(best.1, best.2));
            }
        }
    }

    // Every sight line runs inside the triangle of the eye and the side, so
    // only what comes near that triangle can block one: test the samples
    // against those alone. (Bridges were found among all obstructions first:
    // two far off it may close a gap across it.)
    let triangle = Convex::hull([eye, face.start, face.end]);
    let near = |shape: &Convex| shape.distance(&triangle) <= 1e-6;
    kept.retain(|k| k.parts.iter().any(near));
    bridges.retain(|b| near(&Convex::hull([b.start, b.end])));

    let clear = |q: Point| -> bool {
        if purpose == SightFor::ShotOrCharge && !attacker.in_arc(Aspect::Front, q) {
            return false;
        }
        let line = Segment::new(eye, q);
        for k in &kept {
            match k.screen {
                None => {
                    if k.parts.iter().any(|p| p.clip_segment(line, TOL).is_some()) {
                        return false;
                    }
                }
                Some((piece, hill, ends)) => {
                    let limit = match (ends, hill) {
                        (0, _) => TOL,
                        (2, true) => f64::INFINITY,
                        _ => bd + TOL,
                    };
                    if piece.chord(line) > limit {
                        return false;
                    }
                }
            }
        }
        !bridges.iter().any(|b| crosses(line, *b))
    };

    // Sample the side every TOL/2 and find the runs of clear samples.
    let length = face.length();
    let steps = (length / (TOL / 2.0)).ceil().max(1.0) as usize;
    let at = |i: usize| face.start.lerp(face.end, i as f64 / steps as f64);
    let mut best: Option<Sight> = None;
    let mut run_start: Option<usize> = None;
    for i in 0..=steps + 1 {
        let open = i <= steps && clear(at(i));
        match (open, run_start) {
            (true, None) => run_start = Some(i),
            (false, Some(s)) => {
                run_start = None;
                let run = Segment::new(at(s), at(i - 1));
                if run.length() < bd - TOL {
                    continue;
                }
                // The stretch a BD long within the run that holds the run's
                // point nearest the eye.
                let near = run.nearest(eye);
                let along = (near - run.start).hypot();
                let start = (along - bd / 2.0).clamp(0.0, (run.length() - bd).max(0.0));
                let dir = (run.end - run.start) / run.length();
                let stretch = Segment::new(
                    run.start + dir * start,
                    run.start + dir * (start + bd).min(run.length()),
                );
                let sight = Sight {
                    side,
                    stretch,
                    range: stretch.distance_to(eye),
                };
                if best.is_none_or(|b| sight.range < b.range) {
                    best = Some(sight);
                }
            }
            _ => {}
        }
    }
    best.ok_or(NoSight::Blocked)
}

/// Whether two segments meet (touching counts).
fn crosses(a: Segment, b: Segment) -> bool {
    let side = |s: Segment, p: Point| (s.end - s.start).cross(p - s.start);
    let (d1, d2) = (side(a, b.start), side(a, b.end));
    let (d3, d4) = (side(b, a.start), side(b, a.end));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    const EPS: f64 = 1e-9;
    a.distance_to(b.start) <= EPS
        || a.distance_to(b.end) <= EPS
        || b.distance_to(a.start) <= EPS
        || b.distance_to(a.end) <= EPS
}

/// Whether `target`'s flank on `side` is protected (0.11g, FO-R8): by a
/// friend beside it whose front corners and rear corners are each under a
/// BD from the flank's front and rear corners, or by a sight-blocking piece
/// the target is not within coming within a BD of the flank edge.
pub fn flank_protected(
    target: &Base,
    side: Aspect,
    friends: &[Base],
    screens: &[Screen],
    bd: f64,
) -> bool {
    let [fl, fr, rr, rl] = target.corners();
    let (front, rear, sign) = match side {
        Aspect::Left => (fl, rl, -1.0),
        Aspect::Right => (fr, rr, 1.0),
        Aspect::Front | Aspect::Rear => return false,
    };
    let by_friend = friends.iter().any(|f| {
        if f.centre == target.centre && f.facing == target.facing {
            return false;
        }
        let [ffl, ffr, frr, frl] = f.corners();
        let beside = target.local(f.centre).x * sign > 0.0;
        beside
            && front.distance(ffl).min(front.distance(ffr)) < bd - TOL
            && rear.distance(frr).min(rear.distance(frl)) < bd - TOL
    });
    let flank = Convex::hull([front, rear]);
    by_friend
        || screens
            .iter()
            .any(|s| !s.piece.holds(target) && s.piece.distance(&flank) <= bd + TOL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::test_unit as unit;

    fn around<'a>(
        units: &'a [Base],
        friends: &'a [Base],
        screens: &'a [Screen<'a>],
    ) -> Surroundings<'a> {
        Surroundings {
            units,
            target_friends: friends,
            screens,
            bd: 2.5,
        }
    }

    #[test]
    fn open_ground_sees_the_front_at_the_range_to_its_nearest_point() {
        // Archers at (0, 20) facing north; the target 10" away facing south.
        let archers = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 8.0, 180.0);
        let sight = line_of_sight(
            &archers,
            &target,
            &around(&[], &[], &[]),
            SightFor::ShotOrCharge,
        )
        .unwrap();
        assert_eq!(sight.side, Aspect::Front);
        // Front centre (0, 18.75) to the target's front edge at y = 9.25.
        assert!((sight.range - 9.5).abs() < 1e-9, "{}", sight.range);
        assert!((sight.stretch.length() - 2.5).abs() < 1e-9);
        assert!(sight.stretch.distance_to(Point::new(0.0, 9.25)) < 1e-9);
    }

    #[test]
    fn a_unit_in_between_blocks_and_a_gap_of_a_bd_closes() {
        let archers = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 8.0, 180.0);
        // One 5" unit squarely between: the whole front is hidden, so no
        // BD-long stretch is seen.
        let wall = [unit(0.0, 14.0, 0.0)];
        assert_eq!(
            line_of_sight(
                &archers,
                &target,
                &around(&wall, &[], &[]),
                SightFor::Seeing
            ),
            Err(NoSight::Blocked)
        );
        // Two units with a 2" gap (under a BD) centred on the line: closed.
        let pair = [unit(-3.5, 14.0, 0.0), unit(3.5, 14.0, 0.0)];
        assert_eq!(
            line_of_sight(
                &archers,
                &target,
                &around(&pair, &[], &[]),
                SightFor::Seeing
            ),
            Err(NoSight::Blocked)
        );
        // A 5" gap (over a BD): sight passes through it.
        let wide = [unit(-5.0, 14.0, 0.0), unit(5.0, 14.0, 0.0)];
        assert!(
            line_of_sight(
                &archers,
                &target,
                &around(&wide, &[], &[]),
                SightFor::Seeing
            )
            .is_ok()
        );
    }

    #[test]
    fn woods_can_be_seen_into_a_bd_and_not_through() {
        let archers = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 8.0, 180.0);
        let woods = Piece::polygon(&[
            Point::new(-10.0, 12.0),
            Point::new(10.0, 12.0),
            Point::new(10.0, 15.0),
            Point::new(-10.0, 15.0),
        ]);
        let screens = [Screen {
            piece: &woods,
            hill: false,
        }];
        assert_eq!(
            line_of_sight(
                &archers,
                &target,
                &around(&[], &[], &screens),
                SightFor::Seeing
            ),
            Err(NoSight::Blocked)
        );
        // A target within a wood whose edge is 2" in front of it: sight runs
        // into the wood for 2" + the gap, under a BD.
        let inside = Piece::polygon(&[
            Point::new(-10.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 11.25),
            Point::new(-10.0, 11.25),
        ]);
        let screens = [Screen {
            piece: &inside,
            hill: false,
        }];
        assert!(inside.holds(&target));
        let sight = line_of_sight(
            &archers,
            &target,
            &around(&[], &[], &screens),
            SightFor::Seeing,
        );
        assert!(sight.is_ok(), "{sight:?}");
        // 3" deep of woods in front of it: too deep.
        let deep = Piece::polygon(&[
            Point::new(-10.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 12.26),
            Point::new(-10.0, 12.26),
        ]);
        let screens = [Screen {
            piece: &deep,
            hill: false,
        }];
        assert_eq!(
            line_of_sight(
                &archers,
                &target,
                &around(&[], &[], &screens),
                SightFor::Seeing
            ),
            Err(NoSight::Blocked)
        );
    }

    #[test]
    fn shooting_needs_the_stretch_in_the_front_arc() {
        // The target is off to the right of the archers' front arc.
        let archers = unit(0.0, 20.0, 0.0);
        let target = unit(12.0, 17.0, 270.0);
        assert!(line_of_sight(&archers, &target, &around(&[], &[], &[]), SightFor::Seeing).is_ok());
        assert_eq!(
            line_of_sight(
                &archers,
                &target,
                &around(&[], &[], &[]),
                SightFor::ShotOrCharge
            ),
            Err(NoSight::Blocked)
        );
    }

    #[test]
    fn a_friend_beside_protects_a_flank_and_a_gap_of_a_bd_does_not() {
        let target = unit(0.0, 0.0, 0.0);
        // A friend 2" to the right, squared with it: corners 2" apart, under a BD.
        let friend = unit(7.0, 0.0, 0.0);
        assert!(flank_protected(&target, Aspect::Right, &[friend], &[], 2.5));
        assert!(!flank_protected(&target, Aspect::Left, &[friend], &[], 2.5));
        // Exactly a BD away: not under a BD.
        let far = unit(7.5, 0.0, 0.0);
        assert!(!flank_protected(&target, Aspect::Right, &[far], &[], 2.5));
        // Turned about, its front corners are behind: no protection.
        assert!(!flank_protected(
            &target,
            Aspect::Right,
            &[friend.turned(180.0)],
            &[],
            2.5
        ));
        // Woods a BD from the left flank protects it (inclusive).
        let woods = Piece::polygon(&[
            Point::new(-10.0, -5.0),
            Point::new(-5.0, -5.0),
            Point::new(-5.0, 5.0),
            Point::new(-10.0, 5.0),
        ]);
        let screens = [Screen {
            piece: &woods,
            hill: false,
        }];
        assert!(flank_protected(&target, Aspect::Left, &[], &screens, 2.5));
        // A shooter on that flank is refused with the reason.
        let shooter = unit(-20.0, 0.0, 90.0);
        let gap = [unit(-14.0, 30.0, 0.0)];
        assert_eq!(
            line_of_sight(
                &shooter,
                &target,
                &around(&gap, &[friend], &screens),
                SightFor::Seeing
            ),
            Err(NoSight::ProtectedFlank)
        );
    }
}
