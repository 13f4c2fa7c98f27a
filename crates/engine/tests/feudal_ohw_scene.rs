//! The pictures of a Feudal battle (scene.rs), on the spec's worked example
//! (5.3) played by hand-built events: its terrain as drawn shapes, each
//! unit's base, and the marks of each player turn (moves, the charges to
//! the edge they strike, shots and melee with their hits, the removal).
//! With `SENLAC_FEUDAL_PICTURES=DIR` set, each turn's picture is also
//! written there as SVG and PNG, to look at.

use senlac_board::kurbo::Point;
use senlac_board::scene::{
    Counter, Glyph, Head, Ink, Look, Mark, MarkShape, Place, Scene, Shape, Standing, Symbol, Weight,
};
use senlac_board::table::{self, Aspect};
use senlac_engine::feudal_ohw::scene::{ATTACKED, scene};
use senlac_engine::feudal_ohw::worked;

/// A point of the notation's frame (from the near edge) on the 36" table.
fn near(x: f64, y: f64) -> Point {
    table::from_near_edge(x, y, 36.0)
}

fn close(a: Point, b: Point) -> bool {
    a.distance(b) < 1e-9
}

fn counter<'s>(scene: &'s Scene, id: &str) -> &'s Counter {
    scene.counters.iter().find(|c| c.id == id).unwrap()
}

fn point(place: &Place) -> Point {
    match place {
        Place::Point(p) => *p,
        Place::Cell(c) => panic!("a cell {c} on a table"),
    }
}

/// The marks of a shape, as (from, to, label) for links.
fn links(scene: &Scene, head: Head) -> Vec<(Point, Point, Option<String>)> {
    (scene.marks.iter())
        .filter_map(|m| match &m.shape {
            MarkShape::Link { from, to, stroke } if stroke.head == head => {
                Some((point(from), point(to), m.label.clone()))
            }
            _ => None,
        })
        .collect()
}

fn paths(scene: &Scene) -> Vec<&Mark> {
    (scene.marks.iter())
        .filter(|m| matches!(m.shape, MarkShape::Path { .. }))
        .collect()
}

fn path_points(mark: &Mark) -> Vec<Point> {
    match &mark.shape {
        MarkShape::Path { places, .. } => places.iter().map(point).collect(),
        _ => panic!("not a path"),
    }
}

/// Each player turn's picture, written out when asked for.
fn pictures() -> Vec<Scene> {
    let states = worked::states();
    let names = ["1-angevins", "1-welsh", "2-angevins", "2-welsh"];
    let mut out = Vec::new();
    for ((state, events), name) in states.iter().zip(names) {
        let mut picture = scene(state, events);
        picture.title = "Skirmish below the Black Mountains (worked example)".into();
        picture.caption = format!("Turn {name}");
        // Every picture draws, whatever it holds.
        let svg = senlac_render::svg::scene_svg(&picture);
        assert!(svg.contains("<svg"), "{name}");
        if let Some(dir) = std::env::var_os("SENLAC_FEUDAL_PICTURES") {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join(format!("{name}.svg")), &svg).unwrap();
            let png = senlac_render::png::frame_png(&svg).unwrap();
            std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
        }
        out.push(picture);
    }
    out
}

#[test]
fn the_terrain_is_drawn_as_written() {
    let picture = scene(&worked::setup(), &[]);
    assert_eq!(picture.terrain.len(), 3);
    let woods = &picture.terrain[0];
    assert_eq!((woods.kind.as_str(), woods.look), ("woods", Look::Woods));
    let Shape::Polygon { points } = &woods.shape else {
        panic!("{woods:?}")
    };
    assert_eq!(points.len(), 4);
    assert!(close(points[0], near(26.0, 13.0)));
    let hill = &picture.terrain[1];
    assert_eq!(hill.look, Look::Hill);
    assert_eq!(
        hill.shape,
        Shape::Circle {
            centre: near(9.0, 26.0),
            radius: 5.0
        }
    );
    let road = &picture.terrain[2];
    assert_eq!(road.look, Look::Road);
    assert_eq!(
        road.shape,
        Shape::Line {
            points: vec![near(12.0, 0.0), near(12.0, 36.0)],
            width: 1.0
        }
    );
    // The setup has no marks; each unit is its 5x2.5" base.
    assert!(picture.marks.is_empty());
    let k = counter(&picture, "K");
    assert_eq!(point(&k.at), near(22.0, 6.0));
    assert_eq!(k.facing, Some(0.0));
    assert_eq!(
        (k.face.symbol, k.face.weight),
        (Symbol::Cavalry, Weight::Heavy)
    );
    let x = counter(&picture, "X");
    assert_eq!(x.facing, Some(180.0));
    assert_eq!(x.face.symbol, Symbol::Archers);
    assert_eq!(x.face.corners[1].as_deref(), Some("0/3 shots"));
}

#[test]
fn a_shot_is_a_curved_line_labelled_with_its_hits() {
    let pictures = pictures();
    // 1.Angevins: B shoots F for 4 hits, from B's front centre.
    let shots = links(&pictures[0], Head::Arrow);
    assert_eq!(shots.len(), 1);
    let (from, to, label) = &shots[0];
    assert!(close(*from, near(16.0, 8.25)), "{from:?}");
    // It lands on F's front, nearest B.
    assert!(close(*to, near(16.0, 16.75)), "{to:?}");
    assert_eq!(label.as_deref(), Some("4 hits"));
    // F carries the attacked marker and 4 of its 15 hits.
    let f = counter(&pictures[0], "F");
    assert_eq!(f.face.marker.as_ref().unwrap().text, ATTACKED);
    assert_eq!(f.face.corners[0].as_deref(), Some("4 hits"));
    let bar = f.face.bar.as_ref().unwrap();
    assert!((bar.fill - 11.0 / 15.0).abs() < 1e-12, "{}", bar.fill);
    // K's and S's 5" moves, each labelled with its length.
    let moves: Vec<(Vec<Point>, Option<String>)> = paths(&pictures[0])
        .iter()
        .map(|m| (path_points(m), m.label.clone()))
        .collect();
    assert_eq!(moves.len(), 2);
    assert!(close(moves[0].0[0], near(22.0, 6.0)));
    assert!(close(moves[0].0[1], near(22.0, 11.0)));
    assert_eq!(moves[0].1.as_deref(), Some("5\u{2033}"));
    // 1.Welsh: W shoots K after its move, from where the move left it.
    let shots = links(&pictures[1], Head::Arrow);
    let (from, _, label) = &shots[1];
    assert!(close(*from, near(26.0, 15.5)), "{from:?}");
    assert_eq!(label.as_deref(), Some("4 hits"));
    // W turned right (its -90deg) in the woods, then moved 2.75".
    let w = paths(&pictures[1])[0];
    assert_eq!(w.label.as_deref(), Some("right 90\u{b0}, 2.75\u{2033}"));
    // F rallied: its marker is off.
    assert!(counter(&pictures[1], "F").face.marker.is_none());
}

#[test]
fn a_charge_ends_on_the_edge_it_strikes() {
    let pictures = pictures();
    let charge = paths(&pictures[2])
        .into_iter()
        .find(|m| m.label.as_deref().is_some_and(|l| l.starts_with("charge")))
        .unwrap();
    assert_eq!(charge.label.as_deref(), Some("charge, front"));
    assert_eq!(charge.ink, Ink::Side(0));
    let points = path_points(charge);
    // From K's front at 22x12.25in, turned 20deg, to F's front edge.
    assert!(close(points[0], near(22.0, 12.25)));
    assert_eq!(points.len(), 3);
    let f = worked::pose(18.0, 18.0, 270.0);
    let end = *points.last().unwrap();
    assert!(f.edge(Aspect::Front).distance_to(end) < 1e-9, "{end:?}");
    assert!(close(end, near(18.0, 16.75)), "{end:?}");
    // K's melee against F: an impact of 5 hits.
    let melee = links(&pictures[2], Head::Impact);
    assert_eq!(melee.len(), 1);
    assert_eq!(melee[0].2.as_deref(), Some("5 hits"));
    // 2.Welsh: W's fast charge strikes K's right flank.
    let charge = paths(&pictures[3])
        .into_iter()
        .find(|m| m.label.as_deref().is_some_and(|l| l.starts_with("charge")))
        .unwrap();
    assert_eq!(charge.label.as_deref(), Some("charge, right flank"));
    let k = worked::pose(18.0, 15.5, 90.0);
    let end = *path_points(charge).last().unwrap();
    assert!(k.edge(Aspect::Right).distance_to(end) < 1e-9, "{end:?}");
}

#[test]
fn a_removed_unit_falls_where_it_stood() {
    let pictures = pictures();
    let last = &pictures[3];
    let k = counter(last, "K");
    assert_eq!(k.standing, Standing::Falling);
    assert_eq!(point(&k.at), near(18.0, 15.5));
    assert_eq!(k.face.corners[0].as_deref(), Some("17 hits"));
    assert_eq!(k.face.bar.as_ref().unwrap().fill, 0.0);
    let removed: Vec<Point> = (last.marks.iter())
        .filter_map(|m| match m.shape {
            MarkShape::Spot {
                at,
                glyph: Glyph::Skull,
            } => Some(point(&at)),
            _ => None,
        })
        .collect();
    assert_eq!(removed, [near(18.0, 15.5)]);
    // F's and W's attacks: 4 and 6 hits.
    let labels: Vec<String> = links(last, Head::Impact)
        .into_iter()
        .filter_map(|l| l.2)
        .collect();
    assert_eq!(labels, ["4 hits", "6 hits"]);
    // The next picture has no K at all.
    let state = &worked::states()[3].0;
    assert!(scene(state, &[]).counters.iter().all(|c| c.id != "K"));
}

#[test]
fn the_legend_names_what_the_battle_has() {
    let picture = &pictures()[3];
    let labels: Vec<&str> = picture.legend.iter().map(|e| e.label.as_str()).collect();
    for label in [
        "Woods",
        "Hill",
        "Road",
        "knights",
        "bowmen",
        "serjeants",
        "brigans",
        "freemen",
        "Hits it can still take before removal at 15",
        "Charge to the edge it strikes",
        "Shot: hits",
        "Removed",
    ] {
        assert!(labels.contains(&label), "{label}: {labels:?}");
    }
    // No class the battle has not.
    assert!(!labels.contains(&"cavalry"), "{labels:?}");
    // Every sample of this picture is explained, and the charge's stroke is
    // one the legend shows.
    assert!(
        picture
            .legend
            .iter()
            .filter(|e| e.label.starts_with("Charge"))
            .all(|e| picture.shows(&e.sample))
    );
}

/// With personalities, tired units and a retreat: the worked example's
/// setup with Raymond le Gros riding with K, and what its turn 1 did not
/// have.
#[test]
fn a_personality_stands_beside_its_unit_and_a_retreat_is_dashed() {
    use senlac_board::scene::{Dash, Sample};
    use senlac_engine::feudal_ohw::event::{Event, Motion, apply};
    use senlac_engine::feudal_ohw::setup::setup;
    let text = worked::TEXT
        .replace(
            "option force-morale",
            "option force-morale\noption personalities\noption tired-units",
        )
        .replace(
            "  unit S \"Serjeants\" serjeants average\n",
            "  unit S \"Serjeants\" serjeants average\n  unit RG \"Raymond le Gros\" knight-errant personality with=K\n",
        );
    let archive = senlac_notation::parse(&text);
    let mut out = Vec::new();
    let mut state = setup(&archive.battles[0], &mut out);
    assert!(out.is_empty(), "{out:?}");
    // RG stands after S in the roster: the Welsh are one further on.
    let (f, w) = (
        state.roster.unit(1, "F").unwrap(),
        state.roster.unit(1, "W").unwrap(),
    );
    let events = [
        Event::Moved {
            unit: f,
            from: worked::pose(18.0, 18.0, 270.0),
            path: Vec::new(),
            to: worked::pose(18.0, 20.5, 270.0),
            motion: Motion::Retreat,
        },
        Event::Hit {
            unit: f,
            took: 11,
            hits: 11,
            cause: senlac_engine::feudal_ohw::event::Cause::Impetuous,
        },
        Event::Tired { unit: f },
        Event::FrontMarked {
            unit: w,
            front: Some(Aspect::Left),
        },
    ];
    for event in &events {
        apply(&mut state, event);
    }
    let mut picture = scene(&state, &events);
    picture.title = "Personalities, a retreat, a tired unit".into();
    let rg = counter(&picture, "RG");
    assert!(rg.small);
    assert_eq!(rg.at, counter(&picture, "K").at);
    assert_eq!(rg.face.symbol, Symbol::Leader);
    let retreat = paths(&picture)[0];
    let MarkShape::Path { stroke, .. } = &retreat.shape else {
        unreachable!()
    };
    assert_eq!(stroke.dash, Dash::Dashed);
    assert_eq!(retreat.label.as_deref(), Some("2.5\u{2033}"));
    let f = counter(&picture, "F");
    assert_eq!(f.face.corners[2].as_deref(), Some("tired"));
    // The tired mark on the bar: more than 10 of 15 hits (TU).
    assert_eq!(f.face.bar.as_ref().unwrap().ticks, [1.0 - 10.0 / 15.0]);
    assert_eq!(
        counter(&picture, "W").face.corners[3].as_deref(),
        Some("left front")
    );
    assert!(
        picture
            .legend
            .iter()
            .any(|e| e.sample == Sample::Small && picture.shows(&e.sample))
    );
    let svg = senlac_render::svg::scene_svg(&picture);
    if let Some(dir) = std::env::var_os("SENLAC_FEUDAL_PICTURES") {
        let png = senlac_render::png::frame_png(&svg).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("personalities.png"), png).unwrap();
    }
}

/// The `ranges` overlay: each unit with shots left, its front arc within
/// its range of its front centre (0.7, 1.1a): bowmen 2 BW, 10"; brigans'
/// javelins 1 BW, 5"; none for a unit without missiles.
#[test]
fn the_ranges_overlay_is_the_front_arc_within_range() {
    use senlac_engine::feudal_ohw::scene::{RANGES, reach};
    let state = worked::setup();
    let picture = scene(&state, &[]);
    assert_eq!(picture.overlays.len(), 1);
    let overlay = &picture.overlays[0];
    assert_eq!((overlay.name, overlay.shown), (RANGES, false));
    // B, W and X shoot; K, S and F do not.
    assert_eq!(overlay.marks.len(), 3);
    let b = worked::pose(16.0, 7.0, 90.0);
    let area = reach(&b, 10.0);
    let front = b.front_centre();
    for p in &area {
        assert!(p.distance(front) <= 10.0 + 1e-9, "{p:?}");
        let local = b.local(*p);
        // In the front arc (0.7): |u| − a ≤ v − b, v ≥ b.
        assert!(local.x.abs() - 2.5 <= local.y - 1.25 + 1e-9, "{p:?}");
    }
    // Straight ahead, 10" from B's front at 16x8.25in; the rays out of the
    // front corners meet the circle 5.71" along and out.
    assert!(area.iter().any(|p| close(*p, near(16.0, 18.25))));
    let s = ((200.0_f64 - 6.25).sqrt() - 2.5) / 2.0;
    assert!((s - 5.7097).abs() < 1e-4, "{s}");
    assert!(close(area[1], near(16.0 - 2.5 - s, 8.25 + s)));
    // Its shots spent, a unit has no range left to draw.
    let spent = &worked::states()[3].0;
    let mut spent = spent.clone();
    spent.units[worked::X].out_of_missiles = true;
    assert_eq!(scene(&spent, &[]).overlays[0].marks.len(), 2);
    if let Some(dir) = std::env::var_os("SENLAC_FEUDAL_PICTURES") {
        let mut shown = picture.clone();
        shown.show_overlays(&[RANGES]);
        let svg = senlac_render::svg::scene_svg(&shown);
        let png = senlac_render::png::frame_png(&svg).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("ranges.png"), png).unwrap();
    }
}
