//! Charges that end in contact (Feudal 2.8C, spec 4.11), retreats, facing an
//! attacker and realigning a marked front (2.5, 2.6, 2.8C.f.mark, spec 4.12).
//!
//! A charge turns, then moves straight until its base first touches
//! something; that first touch must be its front on the struck side of the
//! target. The charger is then set edge to edge with that side, centred as
//! much as the ground allows, at no cost ([`conform`]). First touches and
//! offsets are exact: a translating convex base meets a convex shape over one
//! interval of the distance moved ([`Convex::meets_along`]).

use kurbo::Vec2;

use super::{ATOL, Aspect, Base, Convex, Move, TOL, normalise};

/// The charge's eligibility by 2.8C's second clause (E2): the target within
/// a BD of one of the charger's flank arcs, measured from the flank edge
/// between its two corners. The flank whose arc it is, if any.
pub fn flank_reach(charger: &Base, target: &Base, bd: f64) -> Option<Aspect> {
    let shape = target.footprint();
    [Aspect::Right, Aspect::Left].into_iter().find(|&flank| {
        let edge = charger.edge(flank);
        charger.arc_meets(flank, &shape)
            && shape.distance(&Convex::hull([edge.start, edge.end])) <= bd + TOL
    })
}

/// The side of `target` a charge from `charger`'s present pose strikes: the
/// target's arc that holds the charger's front centre (0.11a, FO-R18).
pub fn side_struck(charger: &Base, target: &Base) -> Option<Aspect> {
    target.arc_of_base(charger)
}

/// A charge's straight move to its first touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// The start turn, degrees clockwise.
    pub turn: f64,
    /// How far the charger moves straight, in inches.
    pub distance: f64,
    /// The charger where it first touches the target.
    pub at: Base,
}

/// Why a charge path fails.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChargeFault {
    /// Moving straight on, the charger never touches the target.
    Misses,
    /// It overlaps or newly touches `obstacle` (an index) before or as it
    /// reaches the target.
    OtherFirst { obstacle: usize },
    /// The first touch is not the charger's front on the struck side.
    WrongEdges,
    /// The first touch is `distance` inches away: beyond the allowance.
    TooFar { distance: f64 },
}

/// The straight move of a charge after a start turn of `turn` degrees, to its
/// first touch on `target` (spec 4.11.2, FO-R19). `others` are what else it
/// may not run into: enemy units, impassable or forbidden terrain, the table
/// [`edges`](super::edges). Friends may be touched but not overlapped; check
/// them with [`check_path`](super::check_path).
pub fn charge_path(
    charger: &Base,
    turn: f64,
    target: &Base,
    side: Aspect,
    others: &[Convex],
    allowance: f64,
) -> Result<Touch, ChargeFault> {
    charge_path_among(charger, turn, target, side, others, &[], allowance)
}

/// [`charge_path`] past `friends` too: they may be touched, at the end or
/// on the way, but not crossed (2.7); one the start turn swept over must be
/// cleared by the first touch (FO-R14). A friend crossed is
/// [`ChargeFault::OtherFirst`] with index `others.len() + i`.
pub fn charge_path_among(
    charger: &Base,
    turn: f64,
    target: &Base,
    side: Aspect,
    others: &[Convex],
    friends: &[Convex],
    allowance: f64,
) -> Result<Touch, ChargeFault> {
    let turned = charger.turned(turn);
    let along = turned.forward();
    let shape = turned.footprint();
    let (lo, hi) = shape
        .meets_along(along, &target.footprint(), 0.0)
        .ok_or(ChargeFault::Misses)?;
    if hi < 0.0 {
        return Err(ChargeFault::Misses);
    }
    let distance = lo.max(0.0);
    let at = turned.advanced(distance);
    let at_shape = at.footprint();
    let path = Path {
        shape: &shape,
        along,
        distance,
        at: &at_shape,
    };
    if let Some(i) = others.iter().position(|other| path.runs_into(other)) {
        return Err(ChargeFault::OtherFirst { obstacle: i });
    }
    if let Some(i) = friends.iter().position(|friend| path.crosses(friend)) {
        return Err(ChargeFault::OtherFirst {
            obstacle: others.len() + i,
        });
    }
    if !front_meets_side(&at, target, side) {
        return Err(ChargeFault::WrongEdges);
    }
    if distance > allowance + TOL {
        return Err(ChargeFault::TooFar { distance });
    }
    Ok(Touch { turn, distance, at })
}

/// [`charge_path`] at a target lining a wall, ditch or ford `width` inches
/// wide on the struck side: the piece counts as part of the target, so the
/// charger's front must first touch its far edge (spec 4.11.2). Leave the
/// piece out of `others`; conform with the same [`Base::grown`] target, and
/// the two are then in contact across it ([`Base::contact_across`]).
pub fn charge_path_across(
    charger: &Base,
    turn: f64,
    target: &Base,
    side: Aspect,
    width: f64,
    others: &[Convex],
    allowance: f64,
) -> Result<Touch, ChargeFault> {
    charge_path(
        charger,
        turn,
        &target.grown(side, width),
        side,
        others,
        allowance,
    )
}

/// Whether every point where the two bases touch lies on `charger`'s front
/// edge and on `target`'s `side` (corners belong to both their edges).
fn front_meets_side(charger: &Base, target: &Base, side: Aspect) -> bool {
    let (a, t) = (charger.footprint(), target.footprint());
    let front = charger.edge(Aspect::Front);
    let struck = target.edge(side);
    let mut touching = false;
    // Corners come front left, front right, rear right, rear left.
    for (i, &v) in charger.corners().iter().enumerate() {
        if t.distance_to_point(v) <= TOL {
            touching = true;
            let on_front = i < 2;
            if !on_front || struck.distance_to(v) > TOL {
                return false;
            }
        }
    }
    for v in target.corners() {
        if a.distance_to_point(v) <= TOL {
            touching = true;
            if struck.distance_to(v) > TOL || front.distance_to(v) > TOL {
                return false;
            }
        }
    }
    touching
}

/// The charge with the least start turn that works (then the shortest), the
/// engine's search when a log gives no turn: turns tried every [`ATOL`]
/// degrees either way up to 180. On failure, the fault of the smallest turn
/// that reached the target at all (preferring a touch too far away), else
/// [`ChargeFault::Misses`].
pub fn search_charge(
    charger: &Base,
    target: &Base,
    side: Aspect,
    others: &[Convex],
    allowance: f64,
) -> Result<Touch, ChargeFault> {
    search_charge_among(charger, target, side, others, &[], allowance)
}

/// [`search_charge`] with friends that may be touched but not crossed
/// ([`charge_path_among`]).
pub fn search_charge_among(
    charger: &Base,
    target: &Base,
    side: Aspect,
    others: &[Convex],
    friends: &[Convex],
    allowance: f64,
) -> Result<Touch, ChargeFault> {
    let quick = QuickPath::new(charger, target, side, others, friends, allowance);
    if let Some(touch) = least_turn(|turn| quick.touch(turn)) {
        return Ok(touch);
    }
    // No turn works: search again, in full, for the fault to report.
    let mut closest: Option<ChargeFault> = None;
    least_turn(|turn| {
        match charge_path_among(charger, turn, target, side, others, friends, allowance) {
            Ok(touch) => return Some(touch),
            Err(fault @ ChargeFault::TooFar { .. }) => {
                if !matches!(closest, Some(ChargeFault::TooFar { .. })) {
                    closest = Some(fault);
                }
            }
            Err(ChargeFault::Misses) => {}
            Err(fault) => {
                closest.get_or_insert(fault);
            }
        }
        None
    });
    Err(closest.unwrap_or(ChargeFault::Misses))
}

/// The first start turn, least first and every [`ATOL`] degrees either way
/// up to 180, at which `touch` gives a charge; of a pair of equal size, the
/// shorter. `touch` is called in that order (the fault search relies on it).
fn least_turn(mut touch: impl FnMut(f64) -> Option<Touch>) -> Option<Touch> {
    let steps = (180.0 / ATOL).round() as usize;
    for i in 0..=steps {
        let size = i as f64 * ATOL;
        let tries = [size, -size];
        let tries = if i == 0 { &tries[..1] } else { &tries[..] };
        let mut best: Option<Touch> = None;
        for &turn in tries {
            if let Some(touch) = touch(turn)
                && best.is_none_or(|b| touch.distance < b.distance)
            {
                best = Some(touch);
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}

/// A charger's straight move after its start turn: its outline at the
/// start, the way it goes, how far, and its outline at the touch.
struct Path<'a> {
    shape: &'a Convex,
    along: Vec2,
    distance: f64,
    at: &'a Convex,
}

impl Path<'_> {
    /// Whether it overlaps `other` on the way, or newly touches it at the
    /// end (one it started against, a base flush with the table edge, it
    /// may charge along).
    fn runs_into(&self, other: &Convex) -> bool {
        let overlapped_on_the_way = (self.shape.meets_along(self.along, other, TOL))
            .is_some_and(|(lo, hi)| lo < self.distance && hi > 0.0);
        overlapped_on_the_way || other.distance(self.at) <= TOL && other.distance(self.shape) > TOL
    }

    /// Whether it crosses `friend`, which it may touch but not pass: one
    /// it starts over must be cleared by the touch (FO-R14).
    fn crosses(&self, friend: &Convex) -> bool {
        self.shape
            .meets_along(self.along, friend, TOL)
            .is_some_and(|(lo, hi)| {
                let crossed = if lo <= 0.0 {
                    hi > self.distance
                } else {
                    lo < self.distance
                };
                crossed && hi > 0.0
            })
    }
}

/// [`charge_path_among`]'s test of one start turn, asking only whether it
/// works, for a search that tries thousands: the target's outline built
/// once, the cheap conditions (the allowance, the edges that touch) first,
/// and an obstacle or friend skipped outright when its bounding circle lies
/// clear of the band the charger sweeps. Every condition is
/// [`charge_path_among`]'s own, so a turn works here exactly when it is `Ok`
/// there, with the same [`Touch`].
struct QuickPath<'a> {
    charger: &'a Base,
    target: &'a Base,
    target_shape: Convex,
    side: Aspect,
    others: &'a [Convex],
    friends: &'a [Convex],
    /// Each obstacle's, then each friend's, bounding circle: centre and radius.
    discs: Vec<(Vec2, f64)>,
    allowance: f64,
}

impl<'a> QuickPath<'a> {
    fn new(
        charger: &'a Base,
        target: &'a Base,
        side: Aspect,
        others: &'a [Convex],
        friends: &'a [Convex],
        allowance: f64,
    ) -> Self {
        let discs = others.iter().chain(friends).map(bounding_disc).collect();
        QuickPath {
            charger,
            target,
            target_shape: target.footprint(),
            side,
            others,
            friends,
            discs,
            allowance,
        }
    }

    fn touch(&self, turn: f64) -> Option<Touch> {
        let turned = self.charger.turned(turn);
        let along = turned.forward();
        let shape = turned.footprint();
        let (lo, hi) = shape.meets_along(along, &self.target_shape, 0.0)?;
        if hi < 0.0 {
            return None;
        }
        let distance = lo.max(0.0);
        if distance > self.allowance + TOL {
            return None;
        }
        let at = turned.advanced(distance);
        if !front_meets_side(&at, self.target, self.side) {
            return None;
        }
        // The charger sweeps a box: half a width either side of its centre
        // line, from its rear at the start to its front at the touch. A
        // shape further off than the tolerance, with a margin for rounding,
        // can neither be crossed nor touched; its bounding circle, then its
        // vertices, tell.
        let across = Vec2::new(-along.y, along.x);
        let margin = TOL + 1e-6;
        let line = turned.centre.to_vec2().dot(across);
        let half = turned.width / 2.0;
        let rear = turned.centre.to_vec2().dot(along) - turned.depth / 2.0;
        let front = rear + turned.depth + distance;
        let clear = |shape: &Convex, (centre, radius): (Vec2, f64)| {
            if (centre.dot(across) - line).abs() - radius > half + margin {
                return true;
            }
            let (lo, hi) = shape.project(across);
            if lo > line + half + margin || hi < line - half - margin {
                return true;
            }
            let (lo, hi) = shape.project(along);
            lo > front + margin || hi < rear - margin
        };
        let at_shape = at.footprint();
        let path = Path {
            shape: &shape,
            along,
            distance,
            at: &at_shape,
        };
        let friend_discs = &self.discs[self.others.len()..];
        let blocked = (self.others.iter().zip(&self.discs))
            .any(|(other, &disc)| !clear(other, disc) && path.runs_into(other))
            || (self.friends.iter().zip(friend_discs))
                .any(|(friend, &disc)| !clear(friend, disc) && path.crosses(friend));
        if blocked {
            return None;
        }
        Some(Touch { turn, distance, at })
    }
}

/// A circle round `shape`: its vertices' mean and the farthest vertex from it.
fn bounding_disc(shape: &Convex) -> (Vec2, f64) {
    let points = shape.points();
    if points.is_empty() {
        return (Vec2::ZERO, f64::NEG_INFINITY);
    }
    let centre = points.iter().map(|p| p.to_vec2()).sum::<Vec2>() / points.len() as f64;
    let radius = points
        .iter()
        .map(|p| (p.to_vec2() - centre).hypot())
        .fold(0.0, f64::max);
    (centre, radius)
}

/// A charger set edge to edge with the struck side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conformed {
    pub base: Base,
    /// How far its centre is slid along the side from the side's midpoint,
    /// positive toward the charger's left.
    pub offset: f64,
}

/// The charger conformed to `target`'s `side` (spec 4.11.3, FO-R20): facing
/// into it, front edge flush, centred on it, or else slid the least distance
/// along it that overlaps nothing in `blockers` (units other than the two,
/// forbidden terrain, the table edges) and keeps a BD of contact. Ties go
/// to the charger's left. `None` when no such place exists. For side-edge
/// contact (2.8C.f), pass the charger with the flank as its front
/// ([`Base::with_front`]).
pub fn conform(
    charger: &Base,
    target: &Base,
    side: Aspect,
    blockers: &[Convex],
    bd: f64,
) -> Option<Conformed> {
    let edge = target.edge(side);
    let facing = normalise(target.facing + side.turn_from_front() + 180.0);
    let centred = Base {
        centre: edge.midpoint() + target.normal(side) * (charger.depth / 2.0),
        facing,
        ..*charger
    };
    let left = super::heading(facing - 90.0);
    let limit = (charger.width + edge.length()) / 2.0 - bd + TOL;
    if limit < 0.0 {
        return None;
    }
    let shape = centred.footprint();
    // Blocked where the overlap reaches TOL; a hair less, so that a place
    // at an interval's end is clear whatever the last bit of rounding does.
    let blocked: Vec<(f64, f64)> = blockers
        .iter()
        .filter_map(|b| shape.meets_along(left, b, TOL - 1e-9))
        .collect();
    let mut candidates = vec![0.0, -limit, limit];
    for &(lo, hi) in &blocked {
        candidates.extend([lo, hi].into_iter().filter(|o| o.abs() <= limit));
    }
    candidates.sort_by(|a, b| a.abs().total_cmp(&b.abs()).then(b.total_cmp(a)));
    let offset = candidates.into_iter().find(|&o| {
        blocked
            .iter()
            .all(|&(lo, hi)| o <= lo + 1e-9 || o >= hi - 1e-9)
    })?;
    Some(Conformed {
        base: Base {
            centre: centred.centre + left * offset,
            ..centred
        },
        offset,
    })
}

impl Move {
    /// A retreat: straight back `distance` inches, keeping the facing (2.5).
    pub fn retreat(distance: f64) -> Move {
        Move {
            start_turn: 0.0,
            distance: -distance,
            end_turn: 0.0,
        }
    }
}

/// What facing an attacker comes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Faced {
    /// The unit turned; the contacting enemies, in the order given, moved to
    /// stay in contact.
    Turned { unit: Base, enemies: Vec<Base> },
    /// No room: nothing moves, and the side touched becomes the unit's front.
    Marked(Aspect),
}

/// Facing an attacker (2.6, spec 4.12, FO-R24): the unit turns about its
/// centre to bring its front to `toward` (the side the attacker touches), and
/// each enemy in contact moves along its own facing to stay flush, then
/// slides along the side if it kept less than a BD of contact. If the unit or
/// a moved enemy would overlap anything in `obstacles` (the table edges
/// included), nothing moves and the side is marked as the front.
pub fn face_attacker(
    unit: &Base,
    toward: Aspect,
    enemies: &[Base],
    obstacles: &[Convex],
    bd: f64,
) -> Faced {
    let turn = toward.turn_from_front();
    let turned = unit.turned(turn);
    let half = |b: &Base, side: Aspect| match side {
        Aspect::Front | Aspect::Rear => b.depth / 2.0,
        Aspect::Left | Aspect::Right => b.width / 2.0,
    };
    let mut moved = Vec::with_capacity(enemies.len());
    for enemy in enemies {
        let Some(contact) = unit.contact(enemy, bd) else {
            moved.push(*enemy);
            continue;
        };
        let old_side = contact.mine;
        let new_side = Aspect::ALL
            .into_iter()
            .find(|s| {
                super::turn_between(s.turn_from_front() + turn, old_side.turn_from_front()) < 1.0
            })
            .unwrap_or(old_side);
        let step = half(unit, old_side) - half(&turned, new_side);
        let mut placed = enemy.advanced(step);
        let edge = turned.edge(new_side);
        let length = edge.length();
        let dir: Vec2 = (edge.end - edge.start) / length;
        let along = (placed.centre - edge.midpoint()).dot(dir);
        let most = (placed.width + length) / 2.0 - bd;
        let clamped = along.clamp(-most.max(0.0), most.max(0.0));
        placed.centre += dir * (clamped - along);
        moved.push(placed);
    }
    let unit_shape = turned.footprint();
    let shapes: Vec<Convex> = moved.iter().map(Base::footprint).collect();
    let crowded = obstacles
        .iter()
        .any(|o| o.overlaps(&unit_shape) || shapes.iter().any(|s| o.overlaps(s)))
        || shapes
            .iter()
            .enumerate()
            .any(|(i, s)| s.overlaps(&unit_shape) || shapes[i + 1..].iter().any(|t| t.overlaps(s)));
    if crowded {
        Faced::Marked(toward)
    } else {
        Faced::Turned {
            unit: turned,
            enemies: moved,
        }
    }
}

/// Realigning a unit with a marked front (2.8C.f.mark, spec 4.12): turned so
/// its own front faces the enemy on the marked side, brought forward flush
/// and centred on the contact as a charge is conformed. `None` when that
/// place overlaps anything in `obstacles`: the mark stays.
pub fn realign(
    unit: &Base,
    marked: Aspect,
    enemy: &Base,
    obstacles: &[Convex],
    bd: f64,
) -> Option<Base> {
    let contact = unit.contact(enemy, bd)?;
    let turned = unit.turned(marked.turn_from_front());
    let placed = conform(&turned, enemy, contact.theirs, obstacles, bd)?;
    Some(placed.base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::test_unit as unit;
    use crate::table::{check_path, edges};
    use kurbo::Point;

    #[test]
    fn a_straight_charge_touches_front_to_front_at_the_gap() {
        let knights = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 10.0, 180.0);
        assert_eq!(side_struck(&knights, &target), Some(Aspect::Front));
        let touch = charge_path(&knights, 0.0, &target, Aspect::Front, &[], 10.0).unwrap();
        assert!((touch.distance - 7.5).abs() < 1e-9);
        assert_eq!(
            knights.contact(&target, 2.5),
            None,
            "not in contact before the charge"
        );
        assert!(touch.at.contact(&target, 2.5).is_some());
        match charge_path(&knights, 0.0, &target, Aspect::Front, &[], 7.0) {
            Err(ChargeFault::TooFar { distance }) => assert!((distance - 7.5).abs() < 1e-9),
            other => panic!("{other:?}"),
        }
        // Another enemy in the way is met first.
        let screen = [unit(1.0, 15.0, 0.0).footprint()];
        assert_eq!(
            charge_path(&knights, 0.0, &target, Aspect::Front, &screen, 10.0),
            Err(ChargeFault::OtherFirst { obstacle: 0 })
        );
        // Turned 90° it never reaches the target.
        assert_eq!(
            charge_path(&knights, 90.0, &target, Aspect::Front, &[], 10.0),
            Err(ChargeFault::Misses)
        );
    }

    #[test]
    fn a_charge_touches_friends_but_does_not_cross_them() {
        let knights = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 10.0, 180.0);
        // A friend whose edge runs along the lane, x 2.5 to 7.5: touched
        // all the way, never crossed.
        let beside = [unit(5.0, 13.0, 0.0).footprint()];
        let touch =
            charge_path_among(&knights, 0.0, &target, Aspect::Front, &[], &beside, 10.0).unwrap();
        assert!((touch.distance - 7.5).abs() < 1e-9);
        // A friend 1" into the lane is crossed: its index follows the others'.
        let across = [unit(4.0, 13.0, 0.0).footprint()];
        assert_eq!(
            charge_path_among(&knights, 0.0, &target, Aspect::Front, &[], &across, 10.0),
            Err(ChargeFault::OtherFirst { obstacle: 0 })
        );
        // The search turns aside from it, where the plain path ignores it.
        assert!(charge_path(&knights, 0.0, &target, Aspect::Front, &[], 10.0).is_ok());
        let around =
            search_charge_among(&knights, &target, Aspect::Front, &[], &across, 10.0).unwrap();
        assert!(around.turn != 0.0, "{around:?}");
        assert!(!around.at.footprint().overlaps(&across[0]));
    }

    #[test]
    fn a_charge_across_a_wall_stops_at_its_far_edge() {
        // The target's front (y = 11.25) lines a 1" wall, y 11.25 to 12.25.
        let knights = unit(0.0, 20.0, 0.0);
        let target = unit(0.0, 10.0, 180.0);
        let touch =
            charge_path_across(&knights, 0.0, &target, Aspect::Front, 1.0, &[], 10.0).unwrap();
        assert!((touch.distance - 6.5).abs() < 1e-9);
        let grown = target.grown(Aspect::Front, 1.0);
        assert!(grown.edge(Aspect::Rear).distance_to(Point::new(0.0, 8.75)) < 1e-9);
        let placed = conform(&touch.at, &grown, Aspect::Front, &[], 2.5).unwrap();
        assert!(placed.base.centre.distance(Point::new(0.0, 13.5)) < 1e-9);
        assert_eq!(placed.base.contact(&target, 2.5), None);
        let across = placed.base.contact_across(&target, 2.5, 1.0).unwrap();
        assert_eq!((across.mine, across.theirs), (Aspect::Front, Aspect::Front));
    }

    #[test]
    fn a_charge_must_touch_with_its_front_on_the_struck_side() {
        // The charger's front centre is in the target's rear arc, so the rear
        // is struck; a path that meets another side is refused.
        let knights = unit(0.0, 20.0, 0.0);
        let ahead = unit(4.9, 14.0, 0.0);
        assert_eq!(side_struck(&knights, &ahead), Some(Aspect::Rear));
        assert!(charge_path(&knights, 0.0, &ahead, Aspect::Rear, &[], 10.0).is_ok());
        assert_eq!(
            charge_path(&knights, 0.0, &ahead, Aspect::Left, &[], 10.0),
            Err(ChargeFault::WrongEdges)
        );
    }

    #[test]
    fn a_flank_charge_turns_then_conforms_centred_or_slid() {
        // A target alongside, 1" off the charger's right flank.
        let charger = unit(0.0, 0.0, 0.0);
        let target = unit(6.0, 0.0, 0.0);
        assert_eq!(flank_reach(&charger, &target, 2.5), Some(Aspect::Right));
        assert_eq!(flank_reach(&charger, &unit(8.6, 0.0, 0.0), 2.5), None);
        let side = side_struck(&charger, &target).unwrap();
        assert_eq!(side, Aspect::Left);
        let touch = search_charge(&charger, &target, side, &[], 5.0).unwrap();
        assert!(touch.turn > 0.0 && touch.turn <= 90.0, "{touch:?}");
        assert!(touch.at.distance(&target) <= TOL);
        // Conformed: facing east, front on x = 3.5, centred on y = 0.
        let placed = conform(&charger, &target, side, &[], 2.5).unwrap();
        assert_eq!(placed.offset, 0.0);
        assert_eq!(placed.base.facing, 90.0);
        assert!(placed.base.centre.distance(Point::new(2.25, 0.0)) < 1e-9);
        let contact = placed.base.contact(&target, 2.5).unwrap();
        assert_eq!(
            (contact.mine, contact.theirs),
            (Aspect::Front, Aspect::Left)
        );
        // A unit reaching 0.5" into that place to the north: slid south by
        // 0.49" (overlap of TOL is allowed), its left being north.
        let crowd = [unit(2.25, -4.5, 90.0).footprint()];
        let slid = conform(&charger, &target, side, &crowd, 2.5).unwrap();
        assert!((slid.offset + 0.49).abs() < 1e-6, "{slid:?}");
        assert!(slid.base.contact(&target, 2.5).is_some());
        // Boxed in on both sides: no room.
        let boxed = [
            unit(2.25, -4.5, 90.0).footprint(),
            unit(2.25, 4.5, 90.0).footprint(),
        ];
        assert_eq!(conform(&charger, &target, side, &boxed, 2.5), None);
    }

    #[test]
    fn a_retreat_goes_straight_back_keeping_its_facing() {
        let serjeants = unit(10.0, 10.0, 0.0);
        let back = Move::retreat(7.5);
        let end = back.end(&serjeants);
        assert_eq!(end.facing, 0.0);
        assert!(end.centre.distance(Point::new(10.0, 17.5)) < 1e-12);
        assert_eq!(back.length(), 7.5);
        // Backing into the near edge of a 36" by 20" table.
        assert!(check_path(&serjeants, &back, &edges(36.0, 20.0), &[]).is_ok());
        assert!(check_path(&serjeants, &back, &edges(36.0, 18.0), &[]).is_err());
    }

    #[test]
    fn facing_an_attacker_on_a_flank_turns_and_draws_it_in() {
        let unit_ = unit(0.0, 0.0, 0.0);
        let attacker = unit(3.75, 0.0, 270.0);
        assert_eq!(
            unit_.contact(&attacker, 2.5).map(|c| c.mine),
            Some(Aspect::Right)
        );
        match face_attacker(&unit_, Aspect::Right, &[attacker], &[], 2.5) {
            Faced::Turned { unit, enemies } => {
                assert_eq!(unit.facing, 90.0);
                assert!(enemies[0].centre.distance(Point::new(2.5, 0.0)) < 1e-9);
                let c = unit.contact(&enemies[0], 2.5).unwrap();
                assert_eq!((c.mine, c.theirs), (Aspect::Front, Aspect::Front));
                assert!((c.length - 5.0).abs() < 1e-9);
            }
            other => panic!("{other:?}"),
        }
        // A friend 1" ahead would be overlapped by the turned base, whose
        // 5" width then runs north and south.
        let friend = [unit(0.0, -3.5, 0.0).footprint()];
        assert!(!friend[0].overlaps(&unit_.footprint()));
        assert_eq!(
            face_attacker(&unit_, Aspect::Right, &[attacker], &friend, 2.5),
            Faced::Marked(Aspect::Right)
        );
        // Realigning later, once there is room: turned and brought flush.
        let realigned = realign(&unit_, Aspect::Right, &attacker, &[], 2.5).unwrap();
        assert_eq!(realigned.facing, 90.0);
        assert!(realigned.centre.distance(Point::new(1.25, 0.0)) < 1e-9);
        // Realigning slides it 0.24" south along the attacker's front, clear
        // of that friend; with a second friend as close to the south, the
        // 4.5" between them is too narrow.
        let slid = realign(&unit_, Aspect::Right, &attacker, &friend, 2.5).unwrap();
        assert!(
            slid.centre.distance(Point::new(1.25, 0.24)) < 1e-9,
            "{slid:?}"
        );
        let pinned = [
            unit(0.0, -3.5, 0.0).footprint(),
            unit(0.0, 3.5, 0.0).footprint(),
        ];
        assert_eq!(
            realign(&unit_, Aspect::Right, &attacker, &pinned, 2.5),
            None
        );
        // An attacker behind: an about-face changes no footprint.
        let behind = unit(0.0, 2.5, 0.0);
        match face_attacker(&unit_, Aspect::Rear, &[behind], &friend, 2.5) {
            Faced::Turned { unit, enemies } => {
                assert_eq!(unit.facing, 180.0);
                assert_eq!(enemies[0], behind);
            }
            other => panic!("{other:?}"),
        }
    }
}
