//! A unit's move as turn, straight line, turn (Feudal 2.1–2.4, spec 4.8–4.10):
//! its poses, its length (turns are not measured, 2.4), whether it keeps
//! within an allowance the rules give, the area it sweeps, and whether it
//! passes through anything on the way.
//!
//! How far a class moves, and its fast and road bonuses, are the rules'
//! numbers: they come in as an [`Allowance`]. Obstacles come in as convex
//! shapes (units, forbidden terrain parts, and the table's [`edges`]).

use kurbo::Vec2;

use super::{ATOL, Base, Convex, Piece, TOL};

/// The finest step, in degrees, at which a turn's poses are sampled: at a
/// corner 2.8" from the centre the chord error is under 0.0001" (spec 4.9).
pub const TURN_STEP: f64 = 0.5;

/// One activation's movement: a turn about the centre, a straight move along
/// the new facing (backwards when negative: only a retreat does that), and
/// a turn at the end. Turns are degrees clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Move {
    pub start_turn: f64,
    pub distance: f64,
    pub end_turn: f64,
}

impl Move {
    /// The four poses: at the start, after the start turn, after the straight
    /// move, after the end turn.
    pub fn poses(&self, from: &Base) -> [Base; 4] {
        let turned = from.turned(self.start_turn);
        let moved = turned.advanced(self.distance);
        [*from, turned, moved, moved.turned(self.end_turn)]
    }

    /// Where the move ends.
    pub fn end(&self, from: &Base) -> Base {
        self.poses(from)[3]
    }

    /// The distance the move uses: the straight line only, since turns are
    /// "not measured but are movement" (2.4).
    pub fn length(&self) -> f64 {
        self.distance.abs()
    }

    /// Whether the move keeps within `allowance` inches (with [`TOL`]) and
    /// each turn within 180° (with [`ATOL`]).
    pub fn check(&self, allowance: f64) -> Result<(), MoveFault> {
        if self.start_turn.abs() > 180.0 + ATOL || self.end_turn.abs() > 180.0 + ATOL {
            return Err(MoveFault::TurnTooLarge);
        }
        if self.length() > allowance + TOL {
            return Err(MoveFault::TooFar {
                over: self.length() - allowance,
            });
        }
        Ok(())
    }
}

/// How far a unit may move, from the rules' table: the move, the fast bonus
/// and the road bonus, in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allowance {
    pub normal: f64,
    pub fast: f64,
    pub road: f64,
}

impl Allowance {
    /// The total for a move, fast or not, on a road or not (the bonuses add).
    pub fn total(&self, fast: bool, road: bool) -> f64 {
        self.normal + if fast { self.fast } else { 0.0 } + if road { self.road } else { 0.0 }
    }
}

/// What is wrong with a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MoveFault {
    /// A turn of more than 180°.
    TurnTooLarge,
    /// Longer than the allowance, by `over` inches.
    TooFar { over: f64 },
    /// The straight move passes through obstacle `obstacle` (an index).
    Blocked { obstacle: usize },
    /// The straight move passes between obstacles `a` and `b`, which stand
    /// less than a base's width apart (2.7: "a gap of a BW is needed").
    GapTooNarrow { a: usize, b: usize },
    /// The base ends the straight move or the end turn overlapping `obstacle`
    /// (2.4: a turn may sweep over things, but the unit must move clear).
    NotClear { obstacle: usize },
}

/// The area a base sweeps moving straight by `by`: the hull of its start and
/// end footprints, exact for a convex base.
pub fn swept_translation(base: &Base, by: Vec2) -> Convex {
    let corners = base.corners();
    Convex::hull(
        corners
            .iter()
            .copied()
            .chain(corners.iter().map(|&c| c + by)),
    )
}

/// The most samples a turn is cut into: a full turn at [`TURN_STEP`].
const MOST_TURN_STEPS: usize = (360.0 / TURN_STEP) as usize;

/// The poses of a turn of `degrees` about the centre, every [`TURN_STEP`] or
/// finer, both ends included, made one at a time. A turn past a full circle
/// (which no rule allows: it is refused elsewhere) is sampled no finer than
/// a full one, and a turn that is not a number is no turn.
pub fn turn_poses(base: &Base, degrees: f64) -> impl Iterator<Item = Base> + '_ {
    let degrees = if degrees.is_finite() { degrees } else { 0.0 };
    let steps = ((degrees.abs() / TURN_STEP).ceil() as usize).clamp(1, MOST_TURN_STEPS);
    (0..=steps).map(move |i| base.turned(degrees * i as f64 / steps as f64))
}

/// The area a turn sweeps, as hulls of consecutive sampled poses (a little
/// more than the true area near the corners, never less).
pub fn swept_turn(base: &Base, degrees: f64) -> Vec<Convex> {
    let poses: Vec<Base> = turn_poses(base, degrees).collect();
    poses
        .windows(2)
        .map(|w| Convex::hull(w[0].corners().into_iter().chain(w[1].corners())))
        .collect()
}

/// Four slabs, each `1000` inches thick, just outside a table `width` by
/// `depth` with its corner at the origin: a footprint overlapping one is off
/// the table.
pub fn edges(width: f64, depth: f64) -> [Convex; 4] {
    let t = 1000.0;
    let slab = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Convex::hull([
            kurbo::Point::new(x0, y0),
            kurbo::Point::new(x1, y0),
            kurbo::Point::new(x1, y1),
            kurbo::Point::new(x0, y1),
        ])
    };
    [
        slab(-t, -t, 0.0, depth + t),
        slab(width, -t, width + t, depth + t),
        slab(-t, -t, width + t, 0.0),
        slab(-t, depth, width + t, depth + t),
    ]
}

/// Whether the move passes through nothing (spec 4.8 step 3, FO-R14, FO-R15).
/// Whatever the start turn leaves the base overlapping is excused: the
/// straight move may pass out of it, but must end clear of it. Nothing may
/// be overlapped at the end. `pass_through` are shapes the unit may cross
/// but not end on (friendly brigans, for brigans, 2.7).
pub fn check_path(
    from: &Base,
    mv: &Move,
    obstacles: &[Convex],
    pass_through: &[Convex],
) -> Result<(), MoveFault> {
    let [_, turned, moved, end] = mv.poses(from);
    let start = turned.footprint();
    let excused: Vec<bool> = obstacles.iter().map(|o| o.overlaps(&start)).collect();
    let swept = swept_translation(&turned, moved.centre - turned.centre);
    let hit: Vec<usize> = (0..obstacles.len())
        .filter(|&i| !excused[i] && obstacles[i].overlaps(&swept))
        .collect();
    if let Some(&first) = hit.first() {
        // Two obstacles closer together than the base is wide across its
        // path: the move tried a gap too narrow.
        let width = turned.width;
        for (k, &a) in hit.iter().enumerate() {
            for &b in &hit[k + 1..] {
                if obstacles[a].distance(&obstacles[b]) < width - TOL {
                    return Err(MoveFault::GapTooNarrow { a, b });
                }
            }
        }
        return Err(MoveFault::Blocked { obstacle: first });
    }
    for (shape, (i, o)) in [moved.footprint(), end.footprint()]
        .iter()
        .flat_map(|s| std::iter::repeat(s).zip(obstacles.iter().enumerate()))
    {
        if o.overlaps(shape) {
            return Err(MoveFault::NotClear { obstacle: i });
        }
    }
    let end_shape = end.footprint();
    if let Some(i) = pass_through.iter().position(|o| o.overlaps(&end_shape)) {
        return Err(MoveFault::NotClear {
            obstacle: obstacles.len() + i,
        });
    }
    Ok(())
}

/// Whether the whole move stays more than `distance` (+ [`TOL`]) from every
/// one of `enemies` (2.3's fast move, FO-R16: over a BD from all enemies at
/// the start, through both turns and along the straight move). On failure,
/// the index of the first enemy too close.
pub fn keeps_away(from: &Base, mv: &Move, enemies: &[Convex], distance: f64) -> Result<(), usize> {
    let [start, turned, moved, _] = mv.poses(from);
    let straight = swept_translation(&turned, moved.centre - turned.centre);
    let near = |s: &Convex| enemies.iter().position(|e| s.distance(e) <= distance + TOL);
    // The start turn, the straight line and the end turn: of the enemies
    // too close at some moment, the one listed first.
    let shapes = (turn_poses(&start, mv.start_turn).map(|pose| pose.footprint()))
        .chain(std::iter::once(straight))
        .chain(turn_poses(&moved, mv.end_turn).map(|pose| pose.footprint()));
    match shapes.filter_map(|shape| near(&shape)).min() {
        Some(i) => Err(i),
        None => Ok(()),
    }
}

/// Whether the move is a road move: some part of the base touches the road
/// at every pose, turns included (2.9, FO-R17). Along the straight move, the
/// stretches where the base meets each convex part of the road must cover
/// the whole of it, with no gap longer than [`TOL`].
pub fn on_road_throughout(from: &Base, mv: &Move, road: &Piece) -> bool {
    let [start, turned, moved, _] = mv.poses(from);
    let touches = |b: &Base| {
        let f = b.footprint();
        road.parts().iter().any(|p| p.meets(&f))
    };
    if !turn_poses(&start, mv.start_turn).all(|b| touches(&b))
        || !turn_poses(&moved, mv.end_turn).all(|b| touches(&b))
    {
        return false;
    }
    let length = mv.distance.abs();
    if length == 0.0 {
        return true;
    }
    let along = (moved.centre - turned.centre) / length;
    let shape = turned.footprint();
    let mut spans: Vec<(f64, f64)> = road
        .parts()
        .iter()
        .filter_map(|p| shape.meets_along(along, p, 0.0))
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut reach = 0.0;
    for (lo, hi) in spans {
        if lo > reach + TOL {
            break;
        }
        reach = f64::max(reach, hi);
    }
    reach >= length - TOL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::test_unit as unit;
    use kurbo::Point;

    #[test]
    fn a_move_is_measured_along_its_straight_line_only() {
        let knights = unit(10.0, 30.0, 0.0);
        let mv = Move {
            start_turn: 90.0,
            distance: 7.5,
            end_turn: -45.0,
        };
        let [_, turned, moved, end] = mv.poses(&knights);
        assert_eq!(turned.facing, 90.0);
        assert!(moved.centre.distance(Point::new(17.5, 30.0)) < 1e-12);
        assert_eq!(end.facing, 45.0);
        assert_eq!(mv.length(), 7.5);
        // Knights: 10" (a BW); fast + BW; road + BD. The numbers come in.
        let knights_allowance = Allowance {
            normal: 5.0,
            fast: 5.0,
            road: 2.5,
        };
        assert_eq!(knights_allowance.total(true, true), 12.5);
        assert_eq!(
            mv.check(knights_allowance.total(false, false)),
            Err(MoveFault::TooFar { over: 2.5 })
        );
        assert_eq!(mv.check(7.5 - TOL), Ok(()));
        assert!(mv.check(7.5 - 2.0 * TOL).is_err());
        let about = Move {
            start_turn: 180.04,
            ..Move::default()
        };
        assert_eq!(about.check(0.0), Ok(()));
        let too_far_round = Move {
            start_turn: 180.1,
            ..Move::default()
        };
        assert_eq!(too_far_round.check(10.0), Err(MoveFault::TurnTooLarge));
    }

    #[test]
    fn a_straight_move_may_not_pass_through_and_needs_a_bw_gap() {
        let serjeants = unit(10.0, 30.0, 0.0);
        let forward = Move {
            distance: 5.0,
            ..Move::default()
        };
        // A unit 3" ahead, offset 4" sideways: the 5" base sweeps into it.
        let blocker = unit(14.0, 25.0, 0.0).footprint();
        assert_eq!(
            check_path(&serjeants, &forward, std::slice::from_ref(&blocker), &[]),
            Err(MoveFault::Blocked { obstacle: 0 })
        );
        // Two units 4.6" apart, each reaching into the path: a 5" base
        // cannot pass between them.
        let narrow = [
            unit(5.2, 25.0, 0.0).footprint(),
            unit(14.8, 25.0, 0.0).footprint(),
        ];
        assert!((narrow[0].distance(&narrow[1]) - 4.6).abs() < 1e-9);
        assert_eq!(
            check_path(&serjeants, &forward, &narrow, &[]),
            Err(MoveFault::GapTooNarrow { a: 0, b: 1 })
        );
        // Exactly 5" apart: it fits, touching both.
        let wide = [
            unit(5.0, 25.0, 0.0).footprint(),
            unit(15.0, 25.0, 0.0).footprint(),
        ];
        assert_eq!(check_path(&serjeants, &forward, &wide, &[]), Ok(()));
        // The table edge is an obstacle like any other.
        let near_edge = unit(10.0, 3.0, 0.0);
        assert_eq!(
            check_path(&near_edge, &forward, &edges(36.0, 36.0), &[]),
            Err(MoveFault::Blocked { obstacle: 2 })
        );
        // Passing through friendly brigans is fine; ending on them is not.
        let brigans = unit(10.0, 27.5, 0.0).footprint();
        assert_eq!(
            check_path(&serjeants, &forward, &[], std::slice::from_ref(&brigans)),
            Ok(())
        );
        let short = Move {
            distance: 2.0,
            ..Move::default()
        };
        assert_eq!(
            check_path(&serjeants, &short, &[], &[brigans]),
            Err(MoveFault::NotClear { obstacle: 0 })
        );
    }

    #[test]
    fn a_turn_may_sweep_over_things_but_must_move_clear() {
        // Serjeants facing east, 2.5" across x and 5" along y; a unit 0.25"
        // beyond their front edge. Turning north swings their width over it.
        let serjeants = unit(10.0, 30.0, 90.0);
        let tight = unit(14.0, 30.0, 0.0).footprint();
        assert!((tight.distance(&serjeants.footprint()) - 0.25).abs() < 1e-9);
        let turn = Move {
            start_turn: -90.0,
            ..Move::default()
        };
        assert!(turn.end(&serjeants).footprint().overlaps(&tight));
        assert_eq!(
            check_path(&serjeants, &turn, std::slice::from_ref(&tight), &[]),
            Err(MoveFault::NotClear { obstacle: 0 })
        );
        // Moving 3" on after the turn clears it: the overlap was excused.
        let turn_and_go = Move {
            start_turn: -90.0,
            distance: 3.0,
            end_turn: 0.0,
        };
        assert_eq!(
            check_path(&serjeants, &turn_and_go, std::slice::from_ref(&tight), &[]),
            Ok(())
        );
        // Not clearing it by the end of the straight move is not allowed.
        let not_far_enough = Move {
            distance: 2.4,
            ..turn_and_go
        };
        assert_eq!(
            check_path(&serjeants, &not_far_enough, &[tight], &[]),
            Err(MoveFault::NotClear { obstacle: 0 })
        );
        // An about-face leaves the same footprint, so it is always clear.
        let about = Move {
            start_turn: 180.0,
            ..Move::default()
        };
        let touching_front = unit(12.5, 30.0, 270.0).footprint();
        assert_eq!(
            check_path(&serjeants, &about, &[touching_front], &[]),
            Ok(())
        );
    }

    #[test]
    fn fast_moves_keep_over_a_bd_away_and_roads_must_be_touched_throughout() {
        let knights = unit(10.0, 30.0, 0.0);
        let mv = Move {
            distance: 10.0,
            ..Move::default()
        };
        // An enemy whose nearest edge is 2.5" from the path: not over a BD.
        let enemy = unit(17.5, 22.0, 0.0).footprint();
        assert_eq!(keeps_away(&knights, &mv, &[enemy], 2.5), Err(0));
        let farther = unit(17.52, 22.0, 0.0).footprint();
        assert_eq!(
            keeps_away(&knights, &mv, std::slice::from_ref(&farther), 2.5),
            Ok(())
        );
        // An enemy 2.6" off the right flank: standing still is fine, but a
        // quarter turn swings a corner (2.795" from the centre) within a BD.
        let beside = [unit(17.6, 30.0, 0.0).footprint()];
        assert_eq!(keeps_away(&knights, &Move::default(), &beside, 2.5), Ok(()));
        let turning = Move {
            start_turn: 90.0,
            ..Move::default()
        };
        assert_eq!(keeps_away(&knights, &turning, &beside, 2.5), Err(0));
        // A road 1" wide running north at x = 12.5 touches the base throughout.
        let road = Piece::band(&[Point::new(12.5, 40.0), Point::new(12.5, 0.0)], 1.0);
        assert!(on_road_throughout(&knights, &mv, &road));
        // A road that stops 5" short does not.
        let short = Piece::band(&[Point::new(12.5, 40.0), Point::new(12.5, 25.0)], 1.0);
        assert!(!on_road_throughout(&knights, &mv, &short));
        // Two road stretches meeting end to end do.
        let two = Piece::from_parts(vec![
            Piece::band(&[Point::new(12.5, 40.0), Point::new(12.5, 25.0)], 1.0).parts()[0].clone(),
            Piece::band(&[Point::new(12.5, 25.0), Point::new(12.5, 0.0)], 1.0).parts()[0].clone(),
        ]);
        assert!(on_road_throughout(&knights, &mv, &two));
        // A 90° turn away from the road leaves it.
        let off = Move {
            start_turn: -90.0,
            distance: 5.0,
            end_turn: 0.0,
        };
        assert!(!on_road_throughout(&knights, &off, &road));
    }

    #[test]
    fn a_turn_of_any_size_is_sampled_within_a_full_circle() {
        let base = unit(10.0, 10.0, 0.0);
        // 90° at 0.5° a step: 180 steps, both ends included.
        assert_eq!(turn_poses(&base, 90.0).count(), 181);
        // A mistyped turn of 1e300° is cut like a full one, not into 10^302
        // poses (it overflowed a Vec's capacity before).
        assert_eq!(turn_poses(&base, 1e300).count(), MOST_TURN_STEPS + 1);
        // A turn that is not a number is no turn: the start and the end.
        let poses: Vec<Base> = turn_poses(&base, f64::NAN).collect();
        assert_eq!(poses.len(), 2);
        assert_eq!(poses[1].facing, 0.0);
    }
}
