//! Facing on a hex map: a unit that points at a vertex of its hex, the arcs
//! that facing splits the world into, and steps measured against a rear.
//!
//! A [`Vertex`] is numbered 1..6 clockwise from the upper-right one, so
//! vertex 1 lies between the N and NE sides (the [`Direction`]s of
//! [`crate::hex`]). A unit facing a vertex has two frontal sides (those
//! meeting at the vertex), two flank sides (beside them) and two rear sides
//! (across from the frontal ones): [`Vertex::frontal`], [`Vertex::flank`],
//! [`Vertex::rear`], [`arc_of_side`]. Its zone of control is the hexes
//! beyond its frontal sides ([`frontal_neighbours`]).
//!
//! At any range, [`aspect`] says in which arc another hex's centre lies.
//! Arcs are measured from the facing vertex's direction: within 60° is the
//! front, 60° to 120° a flank, beyond 120° the rear. The boundaries are
//! exactly the rays from the centre through the other vertices, and a ray
//! through a vertex is where two cube coordinates are equal, so the test is
//! a comparison of integers: no angle is ever computed and no boundary case
//! depends on rounding. A hex exactly on a boundary is reported as such
//! ([`Aspect::FrontFlank`], [`Aspect::FlankRear`]) and the caller resolves
//! it toward the side its rule favours.
//!
//! [`classify_step`] sorts a one-hex step as rearward, forward or lateral
//! against a pair of rear directions (a side's rear edge, a routed unit's
//! way home).
//!
//! It knows no rules. (It was written for the rulings HS-R2, HS-R3, HS-R14,
//! HS-R19 and HS-R24; those ids are cited where they explain a choice.)

use std::cmp::Ordering;
use std::fmt;

use crate::hex::{self, Cube, Direction};
use crate::{Cell, Parity};

/// The direction `steps` sides clockwise from `direction`.
const fn turn(direction: Direction, steps: usize) -> Direction {
    Direction::ALL[(direction as usize + steps) % 6]
}

/// A vertex of a hex, 1..=6 clockwise from the upper-right one (between the
/// N and NE sides); the way a unit that faces a vertex points.
///
/// A number rather than a compass name, because that is how a log writes a
/// facing (`^3`, `facing=3`) and how a map's print shows it; which world
/// direction it is depends on how the map is turned (HS-R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(u8);

impl Vertex {
    /// All six, clockwise from vertex 1.
    pub const ALL: [Vertex; 6] = [
        Vertex(1),
        Vertex(2),
        Vertex(3),
        Vertex(4),
        Vertex(5),
        Vertex(6),
    ];

    /// Vertex `number`, or `None` outside 1..=6.
    pub const fn new(number: u8) -> Option<Vertex> {
        if number >= 1 && number <= 6 {
            Some(Vertex(number))
        } else {
            None
        }
    }

    /// Its number, 1..=6.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// `3` is vertex 3; anything but one digit 1..6 is `None`.
    pub fn parse(text: &str) -> Option<Vertex> {
        match text.as_bytes() {
            [digit @ b'1'..=b'6'] => Vertex::new(*digit - b'0'),
            _ => None,
        }
    }

    /// Zero-based position clockwise from vertex 1.
    const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Position on the twelve-point compass of sides and vertices clockwise
    /// from N (N is 0, vertex 1 is 1, NE is 2, …).
    const fn point(self) -> u8 {
        2 * self.0 - 1
    }

    /// The two sides that meet at the vertex, anticlockwise one first:
    /// the frontal sides of a unit facing it (6.1.2, table 3.17).
    pub const fn frontal(self) -> [Direction; 2] {
        let first = Direction::ALL[self.index()];
        [first, turn(first, 1)]
    }

    /// The sides beside the frontal ones, the one beside the anticlockwise
    /// frontal side first (table 3.17's order: vertex 1 has NW, SE).
    pub const fn flank(self) -> [Direction; 2] {
        let [left, right] = self.frontal();
        [turn(left, 5), turn(right, 1)]
    }

    /// The sides across from the frontal ones, in the same order (vertex 1
    /// has S, SW).
    pub const fn rear(self) -> [Direction; 2] {
        let [left, right] = self.frontal();
        [left.opposite(), right.opposite()]
    }

    /// The vertex across the hex: where a unit that turns about faces.
    pub const fn opposite(self) -> Vertex {
        Vertex((self.0 + 2) % 6 + 1)
    }

    /// The vertex where two sides meet, or `None` unless they are
    /// neighbours; with it a rule can name a facing by the sides it should
    /// present (a routed unit faces the vertex between its rear sides).
    pub fn between(a: Direction, b: Direction) -> Option<Vertex> {
        Vertex::ALL.into_iter().find(|vertex| {
            let [left, right] = vertex.frontal();
            (a, b) == (left, right) || (a, b) == (right, left)
        })
    }

    /// Degrees clockwise from the print's north, for drawing a counter
    /// turned toward the vertex ([`crate::scene`]'s facing): 30 for vertex
    /// 1, then 60 more for each vertex.
    pub const fn degrees(self) -> u16 {
        60 * self.0 as u16 - 30
    }
}

impl fmt::Display for Vertex {
    /// As written in the notation: the digit alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which part of a faced unit's surroundings something lies in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arc {
    /// Through the frontal sides: where the unit fights and shoots.
    Front,
    /// Through the flank sides.
    Flank,
    /// Through the rear sides.
    Rear,
}

/// Which arc a side of a hex belongs to for a unit facing `facing`: the
/// side an attacker comes through, or the side a unit acts through.
pub const fn arc_of_side(facing: Vertex, side: Direction) -> Arc {
    match half_turns(facing.point(), 2 * side as u8) {
        0..=1 => Arc::Front,
        2..=3 => Arc::Flank,
        _ => Arc::Rear,
    }
}

/// The hexes beyond the frontal sides of a unit at `cell` facing `facing`
/// (those with a label): the hexes it controls, and the only ones it may
/// attack (5.7, 6.2.2).
pub fn frontal_neighbours(
    cell: Cell,
    facing: Vertex,
    parity: Parity,
) -> impl Iterator<Item = Cell> {
    facing
        .frontal()
        .into_iter()
        .filter_map(move |side| hex::neighbour(cell, side, parity))
}

/// Where another hex lies for a faced unit, at any range: in one arc, or
/// exactly on the boundary between two.
///
/// A boundary is the ray from the unit's centre through a vertex next to or
/// across from the facing vertex. Rules differ on who gets the benefit of
/// the doubt there, so the caller resolves it: [`Aspect::toward_front`] or
/// [`Aspect::toward_rear`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Aspect {
    /// Strictly within 60° of the facing vertex's direction.
    Front,
    /// Exactly 60° from it: on the ray through a vertex next to the facing
    /// vertex.
    FrontFlank,
    /// Strictly between 60° and 120°.
    Flank,
    /// Exactly 120°: on the ray through a vertex next to the opposite one.
    FlankRear,
    /// Beyond 120°, the ray through the opposite vertex included.
    Rear,
}

impl Aspect {
    /// The arc, unless it lies on a boundary.
    pub const fn exact(self) -> Option<Arc> {
        match self {
            Aspect::Front => Some(Arc::Front),
            Aspect::Flank => Some(Arc::Flank),
            Aspect::Rear => Some(Arc::Rear),
            Aspect::FrontFlank | Aspect::FlankRear => None,
        }
    }

    /// The arc, a boundary counting as the more frontal of its two: for a
    /// rule where the boundary favours the unit being looked at (which side
    /// of a target a shot hits when ties go to the defender, HS-R14 b).
    pub const fn toward_front(self) -> Arc {
        match self {
            Aspect::Front | Aspect::FrontFlank => Arc::Front,
            Aspect::Flank | Aspect::FlankRear => Arc::Flank,
            Aspect::Rear => Arc::Rear,
        }
    }

    /// The arc, a boundary counting as the more rearward of its two: for a
    /// rule that needs a hex strictly inside an arc (a target strictly
    /// within the frontal arc of the unit shooting, HS-R14 a).
    pub const fn toward_rear(self) -> Arc {
        match self {
            Aspect::Front => Arc::Front,
            Aspect::FrontFlank | Aspect::Flank => Arc::Flank,
            Aspect::FlankRear | Aspect::Rear => Arc::Rear,
        }
    }
}

/// How many twelfths of a turn (30° each) separate two points of the
/// twelve-point compass, the short way round: 0..=6.
const fn half_turns(a: u8, b: u8) -> u8 {
    let apart = (a + 12 - b) % 12;
    if apart > 6 { 12 - apart } else { apart }
}

/// The twelve-point compass as cube steps, clockwise from N: each side's
/// direction, then the vertex after it (the sum of the two sides meeting
/// there).
const COMPASS: [Cube; 12] = {
    let mut points = [Cube::new(0, 0); 12];
    let mut i = 0;
    while i < 6 {
        let side = Direction::ALL[i].offset();
        let next = turn(Direction::ALL[i], 1).offset();
        points[2 * i] = side;
        points[2 * i + 1] = Cube::new(side.q + next.q, side.r + next.r);
        i += 1;
    }
    points
};

/// How a cube step's coordinates compare pairwise: `q` with `r`, `r` with
/// `s`, `s` with `q`.
fn order(step: Cube) -> [Ordering; 3] {
    [
        step.q.cmp(&step.r),
        step.r.cmp(&step.s),
        step.s.cmp(&step.q),
    ]
}

/// Where a nonzero cube step points on the twelve-point compass: the side
/// whose sextant it lies strictly inside (between the rays through the two
/// vertices of that side), or the vertex whose ray it lies on.
///
/// The rays through the vertices are the steps with two equal coordinates,
/// and the sextants between them are the six strict orders of `q`, `r`,
/// `s`; so a step points where the compass point with the same pairwise
/// order does. `None` for the zero step.
fn compass_point(step: Cube) -> Option<u8> {
    let wanted = order(step);
    (0u8..12).find(|&point| order(COMPASS[usize::from(point)]) == wanted)
}

/// Where `to` lies for a unit at `from` facing `facing`, measured from
/// centre to centre (HS-R14); `None` when they are the same hex.
///
/// Exact: see the module's notes. Next door, the answer is always
/// [`arc_of_side`] of the side between them; boundaries begin at range 2
/// (the hexes straight out from a vertex).
pub fn aspect(from: Cell, facing: Vertex, to: Cell, parity: Parity) -> Option<Aspect> {
    let (a, b) = (hex::to_cube(from, parity), hex::to_cube(to, parity));
    let point = compass_point(Cube::new(b.q - a.q, b.r - a.r))?;
    Some(match half_turns(facing.point(), point) {
        0..=1 => Aspect::Front,
        2 => Aspect::FrontFlank,
        3 => Aspect::Flank,
        4 => Aspect::FlankRear,
        _ => Aspect::Rear,
    })
}

/// A one-hex step measured against a rear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StepKind {
    /// Through one of the rear directions.
    Rear,
    /// Against one of them: straight back toward the enemy.
    Forward,
    /// Neither: along the line.
    Lateral,
}

impl StepKind {
    /// The kind of a step in `direction` for a side whose rear lies toward
    /// `rear`. A direction in `rear` is rearward even if the pair is odd
    /// enough to hold its opposite too; the pair is meant to be the two
    /// sides of one vertex (HS-R2: NW and SW, or NE and SE).
    pub fn of(direction: Direction, rear: [Direction; 2]) -> StepKind {
        if rear.contains(&direction) {
            StepKind::Rear
        } else if rear.contains(&direction.opposite()) {
            StepKind::Forward
        } else {
            StepKind::Lateral
        }
    }
}

/// The kind of the step from `from` to the adjacent `to` for a side whose
/// rear lies toward `rear` (rout and withdrawal paths, steps allowed only
/// rearward or forward: HS-R19, HS-R24); `None` unless they are adjacent.
pub fn classify_step(
    from: Cell,
    to: Cell,
    rear: [Direction; 2],
    parity: Parity,
) -> Option<StepKind> {
    hex::direction_to(from, to, parity).map(|direction| StepKind::of(direction, rear))
}

/// The neighbours of `cell` (with a label) that a step of `kind` reaches,
/// in the order N, NE, SE, S, SW, NW: the candidates a path that must go
/// rearward, or failing that laterally, chooses among.
pub fn steps_of_kind(
    cell: Cell,
    rear: [Direction; 2],
    kind: StepKind,
    parity: Parity,
) -> impl Iterator<Item = Cell> {
    Direction::ALL
        .into_iter()
        .filter(move |&direction| StepKind::of(direction, rear) == kind)
        .filter_map(move |direction| hex::neighbour(cell, direction, parity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{c, labels};
    use proptest::prelude::*;

    use Direction::{N, NE, NW, S, SE, SW};

    fn v(number: u8) -> Vertex {
        Vertex::new(number).unwrap()
    }

    const EVEN: Parity = Parity::Even;

    #[test]
    fn vertices_are_numbered_one_to_six() {
        assert_eq!(Vertex::ALL.map(Vertex::number), [1, 2, 3, 4, 5, 6]);
        assert_eq!(Vertex::new(0), None);
        assert_eq!(Vertex::new(7), None);
        for vertex in Vertex::ALL {
            let text = vertex.to_string();
            assert_eq!(Vertex::parse(&text), Some(vertex));
            assert_eq!(vertex.opposite().opposite(), vertex);
            assert_ne!(vertex.opposite(), vertex);
            assert_eq!(
                vertex.opposite().degrees() % 360,
                (vertex.degrees() + 180) % 360
            );
        }
        for text in ["0", "7", "", "12", "+1", " 1", "a"] {
            assert_eq!(Vertex::parse(text), None, "{text:?}");
        }
        assert_eq!(v(1).opposite(), v(4));
        assert_eq!(v(5).opposite(), v(2));
        assert_eq!(
            Vertex::ALL.map(Vertex::degrees),
            [30, 90, 150, 210, 270, 330]
        );
    }

    #[test]
    fn table_3_17_sides_of_every_facing() {
        // facing, frontal, flank, rear: table 3.17 as printed.
        let table = [
            (1, [N, NE], [NW, SE], [S, SW]),
            (2, [NE, SE], [N, S], [SW, NW]),
            (3, [SE, S], [NE, SW], [NW, N]),
            (4, [S, SW], [SE, NW], [N, NE]),
            (5, [SW, NW], [S, N], [NE, SE]),
            (6, [NW, N], [SW, NE], [SE, S]),
        ];
        for (number, frontal, flank, rear) in table {
            let facing = v(number);
            assert_eq!(facing.frontal(), frontal, "facing {number}");
            assert_eq!(facing.flank(), flank, "facing {number}");
            assert_eq!(facing.rear(), rear, "facing {number}");
            for (sides, arc) in [
                (frontal, Arc::Front),
                (flank, Arc::Flank),
                (rear, Arc::Rear),
            ] {
                for side in sides {
                    assert_eq!(
                        arc_of_side(facing, side),
                        arc,
                        "facing {number} side {side:?}"
                    );
                }
            }
            // Six sides, each in exactly one arc.
            let mut all: Vec<Direction> = [frontal, flank, rear].concat();
            all.sort();
            assert_eq!(all, Direction::ALL);
            assert_eq!(Vertex::between(frontal[0], frontal[1]), Some(facing));
            assert_eq!(Vertex::between(frontal[1], frontal[0]), Some(facing));
        }
        // A routed unit faces the vertex between its rear sides (HS-R3).
        assert_eq!(Vertex::between(NW, SW), Some(v(5)));
        assert_eq!(Vertex::between(NE, SE), Some(v(2)));
        assert_eq!(Vertex::between(N, S), None);
        assert_eq!(Vertex::between(N, N), None);
        assert_eq!(Vertex::between(N, SE), None);
    }

    #[test]
    fn zone_of_control_lies_beyond_the_frontal_sides() {
        // With parity even 0604 touches 0603 (N), 0704 (NE), 0705 (SE),
        // 0605 (S), 0505 (SW) and 0504 (NW).
        let at = c("0604");
        let around = hex::neighbours(at, EVEN).collect::<Vec<_>>();
        assert_eq!(
            labels(around),
            ["0603", "0704", "0705", "0605", "0505", "0504"]
        );
        let zones = [
            (1, ["0603", "0704"]),
            (2, ["0704", "0705"]),
            (3, ["0705", "0605"]),
            (4, ["0605", "0505"]),
            (5, ["0505", "0504"]),
            (6, ["0504", "0603"]),
        ];
        for (number, want) in zones {
            assert_eq!(
                labels(frontal_neighbours(at, v(number), EVEN)),
                want,
                "facing {number}"
            );
        }
        // Under odd parity column 06 is not shifted.
        assert_eq!(
            labels(frontal_neighbours(at, v(2), Parity::Odd)),
            ["0703", "0704"]
        );
        // Neighbours without a label are left out.
        assert_eq!(labels(frontal_neighbours(c("0101"), v(6), EVEN)), [""; 0]);
        assert_eq!(labels(frontal_neighbours(c("0101"), v(1), EVEN)), [""; 0]);
        assert_eq!(labels(frontal_neighbours(c("0101"), v(2), EVEN)), ["0201"]);
    }

    #[test]
    fn next_door_the_aspect_is_the_side_s_arc() {
        let at = c("0604");
        for facing in Vertex::ALL {
            for side in Direction::ALL {
                let other = hex::neighbour(at, side, EVEN).unwrap();
                let want = arc_of_side(facing, side);
                let got = aspect(at, facing, other, EVEN).unwrap();
                assert_eq!(got.exact(), Some(want), "facing {facing} {side:?}");
            }
        }
        assert_eq!(aspect(at, v(1), at, EVEN), None);
    }

    #[test]
    fn aspects_at_range_two_with_their_boundaries() {
        // The ring of twelve around 0604 (parity even), clockwise from two
        // hexes north: side directions and vertex rays alternate.
        let ring = [
            "0602", "0703", "0803", "0804", "0805", "0706", "0606", "0506", "0405", "0404", "0403",
            "0503",
        ];
        let at = c("0604");
        for label in ring {
            assert_eq!(hex::distance(at, c(label), EVEN), 2, "{label}");
        }
        use Aspect::{Flank, FlankRear, Front, FrontFlank, Rear};
        let facing_1 = [
            Front, Front, Front, FrontFlank, Flank, FlankRear, Rear, Rear, Rear, FlankRear, Flank,
            FrontFlank,
        ];
        for (label, want) in ring.iter().zip(facing_1) {
            assert_eq!(aspect(at, v(1), c(label), EVEN), Some(want), "{label}");
        }
        // Facing 2 (print right): 0804 straight ahead on the same row, 0706
        // and 0703 on the front/flank boundary, 0503 and 0506 on the
        // flank/rear one, 0404 straight behind.
        let facing_2 = [
            Flank, FrontFlank, Front, Front, Front, FrontFlank, Flank, FlankRear, Rear, Rear, Rear,
            FlankRear,
        ];
        for (label, want) in ring.iter().zip(facing_2) {
            assert_eq!(aspect(at, v(2), c(label), EVEN), Some(want), "{label}");
        }
        // Every facing: the ring turns with it, two points per vertex.
        for facing in Vertex::ALL {
            for (i, label) in ring.iter().enumerate() {
                let turned = (i + 12 - 2 * facing.index()) % 12;
                assert_eq!(
                    aspect(at, facing, c(label), EVEN),
                    Some(facing_1[turned]),
                    "facing {facing} {label}"
                );
            }
        }
    }

    #[test]
    fn boundaries_resolve_the_way_the_caller_asks() {
        use Aspect::{Flank, FlankRear, Front, FrontFlank, Rear};
        let all = [Front, FrontFlank, Flank, FlankRear, Rear];
        assert_eq!(
            all.map(Aspect::exact),
            [
                Some(Arc::Front),
                None,
                Some(Arc::Flank),
                None,
                Some(Arc::Rear)
            ]
        );
        assert_eq!(
            all.map(Aspect::toward_front),
            [Arc::Front, Arc::Front, Arc::Flank, Arc::Flank, Arc::Rear]
        );
        assert_eq!(
            all.map(Aspect::toward_rear),
            [Arc::Front, Arc::Flank, Arc::Flank, Arc::Rear, Arc::Rear]
        );
        // A shooter at 0604 facing 1 does not have 0804 strictly within its
        // front; a target at 0604 facing 1 shot from 0804 is hit in front.
        let seen = aspect(c("0604"), v(1), c("0804"), EVEN).unwrap();
        assert_eq!(seen.toward_rear(), Arc::Flank);
        assert_eq!(seen.toward_front(), Arc::Front);
    }

    #[test]
    fn aspects_farther_out() {
        let at = c("0604");
        // Three columns east, half a hex lower: just south of the ray
        // through vertex 2, so inside vertex 1's front and vertex 3's, on
        // neither boundary.
        let other = c("0905");
        assert_eq!(aspect(at, v(1), other, EVEN), Some(Aspect::Flank));
        assert_eq!(aspect(at, v(2), other, EVEN), Some(Aspect::Front));
        assert_eq!(aspect(at, v(3), other, EVEN), Some(Aspect::Front));
        assert_eq!(aspect(at, v(4), other, EVEN), Some(Aspect::Flank));
        assert_eq!(aspect(at, v(5), other, EVEN), Some(Aspect::Rear));
        // Far along the row: exactly on vertex 2's ray, whatever the range.
        for column in [8, 10, 12, 20, 40] {
            let other = Cell { column, row: 4 };
            assert_eq!(aspect(at, v(2), other, EVEN), Some(Aspect::Front));
            assert_eq!(aspect(at, v(1), other, EVEN), Some(Aspect::FrontFlank));
            assert_eq!(aspect(at, v(4), other, EVEN), Some(Aspect::FlankRear));
            assert_eq!(aspect(at, v(5), other, EVEN), Some(Aspect::Rear));
        }
        // Straight down the column: the direction of a side, never on a
        // boundary.
        for row in [5, 9, 30] {
            let other = Cell { column: 6, row };
            assert_eq!(aspect(at, v(3), other, EVEN), Some(Aspect::Front));
            assert_eq!(aspect(at, v(2), other, EVEN), Some(Aspect::Flank));
            assert_eq!(aspect(at, v(6), other, EVEN), Some(Aspect::Rear));
        }
    }

    #[test]
    fn steps_against_a_rear() {
        let at = c("0604");
        let west = [NW, SW];
        let kind = |to| classify_step(at, c(to), west, EVEN);
        assert_eq!(kind("0504"), Some(StepKind::Rear));
        assert_eq!(kind("0505"), Some(StepKind::Rear));
        assert_eq!(kind("0704"), Some(StepKind::Forward));
        assert_eq!(kind("0705"), Some(StepKind::Forward));
        assert_eq!(kind("0603"), Some(StepKind::Lateral));
        assert_eq!(kind("0605"), Some(StepKind::Lateral));
        assert_eq!(kind("0604"), None);
        assert_eq!(kind("0606"), None);
        let east = [NE, SE];
        assert_eq!(
            classify_step(at, c("0704"), east, EVEN),
            Some(StepKind::Rear)
        );
        assert_eq!(
            classify_step(at, c("0505"), east, EVEN),
            Some(StepKind::Forward)
        );
        assert_eq!(
            classify_step(at, c("0603"), east, EVEN),
            Some(StepKind::Lateral)
        );
        let of = |kind| labels(steps_of_kind(at, west, kind, EVEN));
        assert_eq!(of(StepKind::Rear), ["0505", "0504"]);
        assert_eq!(of(StepKind::Forward), ["0704", "0705"]);
        assert_eq!(of(StepKind::Lateral), ["0603", "0605"]);
        // At the edge of the labels, only what exists.
        assert_eq!(
            labels(steps_of_kind(c("0101"), west, StepKind::Rear, EVEN)),
            [""; 0]
        );
        // The rear wins in an odd pair holding a direction and its opposite.
        assert_eq!(StepKind::of(N, [N, S]), StepKind::Rear);
        assert_eq!(StepKind::of(S, [N, S]), StepKind::Rear);
        assert_eq!(StepKind::of(NE, [N, S]), StepKind::Lateral);
    }

    fn parity() -> impl Strategy<Value = Parity> {
        prop_oneof![Just(Parity::Odd), Just(Parity::Even)]
    }

    fn cell() -> impl Strategy<Value = Cell> {
        (1..=99u8, 1..=99u8).prop_map(|(column, row)| Cell { column, row })
    }

    fn vertex() -> impl Strategy<Value = Vertex> {
        (1..=6u8).prop_map(v)
    }

    /// The aspect measured with angles in floating point, `None` within a
    /// hair of a boundary.
    fn measured(from: Cell, facing: Vertex, to: Cell, parity: Parity) -> Option<Aspect> {
        let (a, b) = (hex::to_cube(from, parity), hex::to_cube(to, parity));
        let (dq, dr) = (f64::from(b.q - a.q), f64::from(b.r - a.r));
        // Flat-top centres: x east, y south.
        let (x, y) = (1.5 * dq, 3f64.sqrt() * (dr + dq / 2.0));
        let bearing = x.atan2(-y).to_degrees();
        let off = (bearing - f64::from(facing.degrees())).rem_euclid(360.0);
        let off = off.min(360.0 - off);
        let near = |edge: f64| (off - edge).abs() < 1e-6;
        if near(60.0) || near(120.0) {
            return None;
        }
        Some(if off < 60.0 {
            Aspect::Front
        } else if off < 120.0 {
            Aspect::Flank
        } else {
            Aspect::Rear
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        fn aspects_agree_with_measured_angles(
            a in cell(), b in cell(), facing in vertex(), parity in parity()
        ) {
            let exact = aspect(a, facing, b, parity);
            prop_assert_eq!(exact.is_none(), a == b);
            if let Some(exact) = exact {
                match measured(a, facing, b, parity) {
                    Some(arc) => prop_assert_eq!(exact, arc),
                    None => prop_assert!(exact.exact().is_none(), "{:?}", exact),
                }
            }
        }

        #[test]
        fn neighbours_get_the_arc_of_their_side(a in cell(), facing in vertex(), parity in parity()) {
            for side in Direction::ALL {
                if let Some(b) = hex::neighbour(a, side, parity) {
                    prop_assert_eq!(
                        aspect(a, facing, b, parity).and_then(Aspect::exact),
                        Some(arc_of_side(facing, side))
                    );
                    let kind = classify_step(a, b, facing.rear(), parity);
                    let want = match arc_of_side(facing, side) {
                        Arc::Front => StepKind::Forward,
                        Arc::Flank => StepKind::Lateral,
                        Arc::Rear => StepKind::Rear,
                    };
                    prop_assert_eq!(kind, Some(want));
                }
            }
        }

        #[test]
        fn turning_about_swaps_front_and_rear(a in cell(), b in cell(), facing in vertex(), parity in parity()) {
            let flip = |aspect: Aspect| match aspect {
                Aspect::Front => Aspect::Rear,
                Aspect::FrontFlank => Aspect::FlankRear,
                Aspect::Flank => Aspect::Flank,
                Aspect::FlankRear => Aspect::FrontFlank,
                Aspect::Rear => Aspect::Front,
            };
            let here = aspect(a, facing, b, parity);
            let turned = aspect(a, facing.opposite(), b, parity);
            // Only the ray through the facing vertex itself is Front both
            // ways round (it is Rear seen from the opposite vertex).
            if here != Some(Aspect::Front) || turned != Some(Aspect::Rear) {
                prop_assert_eq!(here.map(flip), turned);
            }
        }
    }
}
