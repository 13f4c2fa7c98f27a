//! The geometry of the Feudal spec's worked example (its 5.3: a wood, a hill,
//! a road and three units a side on a 36" table), step by step. Positions are
//! written as the notation writes them and turned into this module's frame
//! with [`from_near_edge`] and [`facing_from_counter_clockwise`].

use kurbo::Point;

use super::*;

const DEPTH: f64 = 36.0;
const BD: f64 = 2.5;

fn at(x: f64, y: f64) -> Point {
    from_near_edge(x, y, DEPTH)
}

fn unit(x: f64, y: f64, theta: f64) -> Base {
    Base {
        centre: at(x, y),
        width: 5.0,
        depth: BD,
        facing: facing_from_counter_clockwise(theta),
    }
}

fn woods() -> Piece {
    Piece::polygon(&[
        at(26.0, 13.0),
        at(35.0, 13.0),
        at(35.0, 23.0),
        at(26.0, 23.0),
    ])
}

fn hill() -> Piece {
    Piece::circle(at(9.0, 26.0), 5.0)
}

fn road() -> Piece {
    Piece::band(&[at(12.0, 0.0), at(12.0, 36.0)], 1.0)
}

fn near(a: f64, b: f64, within: f64) -> bool {
    (a - b).abs() <= within
}

#[test]
fn setup_footprints_within_and_touching() {
    let x = unit(9.0, 23.0, 270.0);
    let share = hill().area_of(&x.footprint()) / 12.5;
    assert!(share > 0.999, "X is all within the hill: {share}");
    assert!(hill().holds(&x));
    let w = unit(30.0, 15.5, 270.0);
    assert!(woods().holds(&w));
    let s = unit(10.0, 6.0, 90.0);
    assert!(road().parts().iter().any(|p| p.meets(&s.footprint())));
    // S moves 5" straight on touching the road all the way: a road move.
    let forward = Move {
        distance: 5.0,
        ..Move::default()
    };
    assert!(on_road_throughout(&s, &forward, &road()));
    assert!(forward.end(&s).centre.distance(at(10.0, 11.0)) < 1e-9);
}

#[test]
fn turn_1_bowmen_see_the_spearmen_front_at_8_5() {
    let b = unit(16.0, 7.0, 90.0);
    let f = unit(18.0, 18.0, 270.0);
    assert!(b.front_centre().distance(at(16.0, 8.25)) < 1e-9);
    let units = [
        unit(22.0, 6.0, 90.0),
        unit(10.0, 6.0, 90.0),
        unit(30.0, 15.5, 270.0),
        unit(9.0, 23.0, 270.0),
    ];
    let (w, h) = (woods(), hill());
    let screens = [
        Screen {
            piece: &w,
            hill: false,
        },
        Screen {
            piece: &h,
            hill: true,
        },
    ];
    let around = Surroundings {
        units: &units,
        target_friends: &units[2..],
        screens: &screens,
        bd: BD,
    };
    let sight = line_of_sight(&b, &f, &around, SightFor::ShotOrCharge).unwrap();
    assert_eq!(sight.side, Aspect::Front);
    assert!(near(sight.range, 8.5, 1e-9), "{}", sight.range);
}

#[test]
fn turn_1_archers_on_the_hill_shoot_the_serjeants_at_9_5() {
    let x = unit(9.0, 23.0, 270.0);
    let s = unit(10.0, 11.0, 90.0);
    let units = [
        unit(22.0, 11.0, 90.0),
        unit(16.0, 7.0, 90.0),
        unit(30.0, 15.5, 270.0),
        unit(18.0, 18.0, 270.0),
    ];
    let (w, h) = (woods(), hill());
    let screens = [
        Screen {
            piece: &w,
            hill: false,
        },
        Screen {
            piece: &h,
            hill: true,
        },
    ];
    let around = Surroundings {
        units: &units,
        target_friends: &units[..2],
        screens: &screens,
        bd: BD,
    };
    let sight = line_of_sight(&x, &s, &around, SightFor::ShotOrCharge).unwrap();
    assert_eq!(sight.side, Aspect::Front);
    assert!(near(sight.range, 9.5, 1e-9), "{}", sight.range);
    // The sight runs 0.75" to 0.79" inside the hill: within a BD.
    for q in [sight.stretch.start, sight.stretch.end] {
        let inside = h.chord(Segment::new(x.front_centre(), q));
        assert!((0.74..0.80).contains(&inside), "{inside}");
    }
}

#[test]
fn turn_1_brigans_turn_move_and_throw_at_3_58() {
    // W turns right 90° (−90 as written), moves 2.75".
    let w = unit(30.0, 15.5, 270.0);
    let mv = Move {
        start_turn: 90.0,
        distance: 2.75,
        end_turn: 0.0,
    };
    let moved = mv.end(&w);
    assert_eq!(moved.facing, facing_from_counter_clockwise(180.0));
    assert!(moved.centre.distance(at(27.25, 15.5)) < 1e-9);
    assert!(woods().holds(&mv.poses(&w)[1]), "still in the woods");
    let k = unit(22.0, 11.0, 90.0);
    assert!(moved.front_centre().distance(at(26.0, 15.5)) < 1e-9);
    let units = [
        unit(10.0, 11.0, 90.0),
        unit(16.0, 7.0, 90.0),
        unit(18.0, 18.0, 270.0),
        unit(9.0, 23.0, 270.0),
    ];
    let (wd, h) = (woods(), hill());
    let screens = [
        Screen {
            piece: &wd,
            hill: false,
        },
        Screen {
            piece: &h,
            hill: true,
        },
    ];
    let around = Surroundings {
        units: &units,
        target_friends: &units[..2],
        screens: &screens,
        bd: BD,
    };
    let sight = line_of_sight(&moved, &k, &around, SightFor::ShotOrCharge).unwrap();
    assert_eq!(sight.side, Aspect::Front);
    assert!(near(sight.range, 3.58, 0.005), "{}", sight.range);
    // The stretch is x 22 to 24.5 along K's front (y = 12.25).
    let xs = [sight.stretch.start.x, sight.stretch.end.x];
    assert!(near(xs[0].min(xs[1]), 22.0, 0.01) && near(xs[0].max(xs[1]), 24.5, 1e-9));
    assert!(near(sight.stretch.start.y, at(0.0, 12.25).y, 1e-9));
}

/// The table after 2.A's moves, as the knights charge: the Welsh, the other
/// Angevins, the woods the knights may not enter, and the table edges.
fn knights_charge_obstacles() -> Vec<Convex> {
    let mut others = vec![
        unit(27.25, 15.5, 180.0).footprint(),
        unit(9.0, 23.0, 270.0).footprint(),
    ];
    others.extend(woods().parts().iter().cloned());
    others.extend(edges(36.0, 36.0));
    others
}

#[test]
fn turn_2_knights_charge_the_spearmen_turning_20_degrees() {
    let k = unit(22.0, 11.0, 90.0);
    let f = unit(18.0, 18.0, 270.0);
    assert_eq!(side_struck(&k, &f), Some(Aspect::Front));
    // E1: sight to F's front from K's front centre, range 4.74.
    let units = [
        unit(16.0, 7.0, 90.0),
        unit(10.0, 11.0, 90.0),
        unit(27.25, 15.5, 180.0),
        unit(9.0, 23.0, 270.0),
    ];
    let (w, h) = (woods(), hill());
    let screens = [
        Screen {
            piece: &w,
            hill: false,
        },
        Screen {
            piece: &h,
            hill: true,
        },
    ];
    let around = Surroundings {
        units: &units,
        target_friends: &units[2..],
        screens: &screens,
        bd: BD,
    };
    let sight = line_of_sight(&k, &f, &around, SightFor::ShotOrCharge).unwrap();
    assert!(near(sight.range, 4.74, 0.005), "{}", sight.range);
    // A start turn of 20° to the left (−20 here), then 4.666" to first touch.
    let others = knights_charge_obstacles();
    let touch = charge_path(&k, -20.0, &f, Aspect::Front, &others, 5.0).unwrap();
    assert!(near(touch.distance, 4.666, 0.001), "{}", touch.distance);
    // F's front right corner, (20.5, 16.75), is what K's front edge meets.
    let corner = at(20.5, 16.75);
    assert!(touch.at.edge(Aspect::Front).distance_to(corner) <= TOL);
    // Conformed at no cost: facing 90° (north here), at (18, 15.5).
    let placed = conform(&touch.at, &f, Aspect::Front, &others, BD).unwrap();
    assert_eq!(placed.offset, 0.0);
    assert!(placed.base.centre.distance(at(18.0, 15.5)) < 1e-9);
    assert_eq!(placed.base.facing, 0.0);
    let contact = placed.base.contact(&f, BD).unwrap();
    assert_eq!(
        (contact.mine, contact.theirs),
        (Aspect::Front, Aspect::Front)
    );
}

#[test]
fn turn_2_archers_see_the_knights_left_flank_at_8_20() {
    let x = unit(9.0, 23.0, 270.0);
    let k = unit(18.0, 15.5, 90.0);
    assert_eq!(k.arc_of_base(&x), Some(Aspect::Left));
    let units = [
        unit(18.0, 18.0, 270.0),
        unit(27.25, 15.5, 180.0),
        unit(16.0, 7.0, 90.0),
        unit(10.0, 11.0, 90.0),
    ];
    let (w, h) = (woods(), hill());
    let screens = [
        Screen {
            piece: &w,
            hill: false,
        },
        Screen {
            piece: &h,
            hill: true,
        },
    ];
    assert!(!flank_protected(
        &k,
        Aspect::Left,
        &units[2..],
        &screens,
        BD
    ));
    let around = Surroundings {
        units: &units,
        target_friends: &units[2..],
        screens: &screens,
        bd: BD,
    };
    let sight = line_of_sight(&x, &k, &around, SightFor::ShotOrCharge).unwrap();
    assert_eq!(sight.side, Aspect::Left);
    // √(6.5² + 5²) = 8.2006: the spec rounds it to 8.20.
    assert!(near(sight.range, 67.25f64.sqrt(), 1e-9), "{sight:?}");
    assert!(near(sight.stretch.length(), BD, 1e-9));
}

#[test]
fn turn_2_brigans_charge_the_knights_flank_5_5_straight_on() {
    let w = unit(27.25, 15.5, 180.0);
    let k = unit(18.0, 15.5, 90.0);
    assert_eq!(side_struck(&w, &k), Some(Aspect::Right));
    let angevins = [
        unit(16.0, 7.0, 90.0).footprint(),
        unit(10.0, 11.0, 90.0).footprint(),
    ];
    let mut others = angevins.to_vec();
    others.extend(edges(36.0, 36.0));
    // 5.5" is more than a BW: a fast charge (BW + BD for brigans).
    let touch = charge_path(&w, 0.0, &k, Aspect::Right, &others, 7.5).unwrap();
    assert!(near(touch.distance, 5.5, 1e-9), "{}", touch.distance);
    assert!(matches!(
        charge_path(&w, 0.0, &k, Aspect::Right, &others, 5.0),
        Err(ChargeFault::TooFar { .. })
    ));
    // F, a friend, is touched at the same time: not an obstacle, and the
    // conformed brigans only touch it.
    let f = unit(18.0, 18.0, 270.0);
    let mut blockers = others.clone();
    blockers.push(f.footprint());
    let placed = conform(&touch.at, &k, Aspect::Right, &blockers, BD).unwrap();
    assert_eq!(placed.offset, 0.0);
    assert!(placed.base.centre.distance(at(21.75, 15.5)) < 1e-9);
    assert_eq!(placed.base.facing, facing_from_counter_clockwise(180.0));
    let contact = placed.base.contact(&k, BD).unwrap();
    assert_eq!(
        (contact.mine, contact.theirs),
        (Aspect::Front, Aspect::Right)
    );
    assert!(!placed.base.overlaps(&f));
}
