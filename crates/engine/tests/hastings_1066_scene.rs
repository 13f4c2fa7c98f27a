//! The spec's example (section 5.2) as pictures: the scene at setup, after
//! a line of fire, after a melee and at the end of turn 2, each asserted
//! for what a reader of the figure should find on it.

use senlac_board::Cell;
use senlac_board::scene::{
    Counter, Head, Ink, Look, Mark, MarkShape, Place, Sample, Scene, Shape, Standing,
};
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::HASTINGS_1066;
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::scene::scene;
use senlac_engine::hastings_1066::state::State;
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

/// The example played: the state after setup, and after each action line
/// the line, the state and the events that line emitted.
struct Played {
    setup: State,
    lines: Vec<(String, State, Vec<Event>)>,
    end: State,
}

fn played() -> Played {
    let text = format!("{SETUP}\n{TURNS_1_2}");
    let archive = parse(&text);
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    let start = fold.state.clone();
    let mut lines = Vec::new();
    let mut rest = steps(battle);
    while let Some(step) = rest.next() {
        let before = fold.events.len();
        let line = match &step {
            Step::Action(action) => Some(text[action.span.range()].to_string()),
            _ => None,
        };
        fold.step(&HASTINGS_1066, &step, &rest, &mut out);
        if let Some(line) = line {
            lines.push((line, fold.state.clone(), fold.events[before..].to_vec()));
        }
    }
    fold.finish(&HASTINGS_1066, battle, &mut out);
    assert!(out.is_empty(), "{out:#?}");
    Played {
        setup: start,
        lines,
        end: fold.state.clone(),
    }
}

/// The scene just after the line that starts with `start`, marking what it did.
fn after(played: &Played, start: &str) -> Scene {
    let (_, state, events) = played
        .lines
        .iter()
        .find(|(line, _, _)| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start}"));
    scene(state, events)
}

fn cell(label: &str) -> Cell {
    Cell::parse(label).unwrap()
}

fn at(label: &str) -> Place {
    Place::Cell(cell(label))
}

fn counter<'s>(scene: &'s Scene, id: &str) -> &'s Counter {
    scene
        .counters
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

fn labelled<'s>(scene: &'s Scene, label: &str) -> &'s Mark {
    scene
        .marks
        .iter()
        .find(|m| m.label.as_deref() == Some(label))
        .unwrap_or_else(|| {
            let labels: Vec<_> = scene.marks.iter().map(|m| &m.label).collect();
            panic!("no mark {label:?} among {labels:?}")
        })
}

#[test]
fn a_unit_counter_prints_its_factors_as_the_game_does() {
    let played = played();
    let scene = scene(&played.setup, &[]);
    let hc1 = counter(&scene, "HC1");
    assert_eq!(hc1.at, at("0713"));
    // 7-5/3-A-8 (spec 4.1): melee-defence/move along the foot, the morale
    // letter top left, the shield wall top right.
    assert_eq!(hc1.face.factors.as_deref(), Some("7-5/3"));
    assert_eq!(hc1.face.corners[0].as_deref(), Some("A"));
    assert_eq!(hc1.face.corners[1].as_deref(), Some("8"));
    assert!(!hc1.small && !hc1.face.flipped && hc1.face.marker.is_none());
    // Knights move 4 and print no shield wall; bowmen print their bow.
    let nk1 = counter(&scene, "NK1");
    assert_eq!(nk1.face.factors.as_deref(), Some("5-4/4"));
    assert_eq!(nk1.face.corners[1], None);
    let nb1 = counter(&scene, "NB1");
    assert_eq!(nb1.face.factors.as_deref(), Some("2-2/3"));
    assert_eq!(nb1.face.corners[1].as_deref(), Some("B"));
    // Javelin fyrd: the wall top right, the javelin bottom right.
    let j1 = counter(&scene, "J1");
    assert_eq!(j1.face.corners[1].as_deref(), Some("4"));
    assert_eq!(j1.face.corners[3].as_deref(), Some("J"));
    // Reinforcements not yet arrived are not on the map.
    assert!(scene.counters.iter().all(|c| c.id != "GF1"));
}

#[test]
fn the_facing_arrow_points_at_the_vertex_faced() {
    let played = played();
    let scene = scene(&played.setup, &[]);
    // Vertex 2 is the right-hand vertex of a flat-topped hex: due east on
    // the sheet; vertex 5 due west.
    assert_eq!(counter(&scene, "HC1").facing, Some(90.0));
    assert_eq!(counter(&scene, "BF1").facing, Some(270.0));
    // Leaders face nothing.
    assert_eq!(counter(&scene, "HAR").facing, None);
}

#[test]
fn leaders_are_small_counters_stacked_after_their_unit() {
    let played = played();
    let scene = scene(&played.setup, &[]);
    let leo = counter(&scene, "LEO");
    assert!(leo.small);
    // Command radius 3, rally range 0.
    assert_eq!(leo.face.factors.as_deref(), Some("3-0"));
    assert_eq!(leo.at, at("0710"));
    let index = |id: &str| scene.counters.iter().position(|c| c.id == id).unwrap();
    // Thegns share his hex, full size, drawn first so marks meet them.
    let t1 = counter(&scene, "T1");
    assert_eq!(t1.at, leo.at);
    assert!(!t1.small);
    assert!(index("T1") < index("LEO"));
    assert!(scene.counters.iter().filter(|c| c.small).count() == 7);
    assert!(scene.shows(&Sample::Small));
}

#[test]
fn the_sheet_has_heights_woods_the_road_and_its_hexsides() {
    let played = played();
    let scene = scene(&played.setup, &[]);
    let edges = |look: Look| -> Vec<(Cell, Cell)> {
        scene
            .terrain
            .iter()
            .find(|t| t.look == look)
            .map(|t| match &t.shape {
                Shape::Edges { edges } => edges.clone(),
                other => panic!("{look:?} drawn as {other:?}"),
            })
            .unwrap_or_default()
    };
    let pairs = |text: &[(&str, &str)]| -> Vec<(Cell, Cell)> {
        text.iter().map(|&(a, b)| (cell(a), cell(b))).collect()
    };
    assert_eq!(
        edges(Look::Crest),
        pairs(&[
            ("0713", "0813"),
            ("0714", "0813"),
            ("0714", "0814"),
            ("0715", "0814"),
            ("0715", "0815"),
        ])
    );
    assert_eq!(
        edges(Look::Stream),
        pairs(&[
            ("1308", "1408"),
            ("1309", "1408"),
            ("1309", "1409"),
            ("1310", "1409"),
            ("1310", "1410"),
        ])
    );
    let cells = |look: Look| -> Vec<Cell> {
        scene
            .terrain
            .iter()
            .find(|t| t.look == look)
            .map(|t| match &t.shape {
                Shape::Cells { cells } | Shape::Track { cells } => cells.clone(),
                other => panic!("{look:?} drawn as {other:?}"),
            })
            .unwrap_or_default()
    };
    // 175 ft is the lowest ground, untinted; 200, 225, 250, 275 are steps
    // 1 to 4.
    assert!(cells(Look::Height(4)).contains(&cell("0401")));
    assert_eq!(cells(Look::Height(1)), vec![cell("1419")]);
    assert!(cells(Look::Height(3)).contains(&cell("0811")));
    let tinted = (1..=4).any(|step| cells(Look::Height(step)).contains(&cell("0901")));
    assert!(!tinted);
    assert_eq!(cells(Look::Woods).len(), 4);
    assert_eq!(cells(Look::Marsh), vec![cell("1116"), cell("1117")]);
    let road = cells(Look::Road);
    assert_eq!(road.len(), 9);
    assert!(road.contains(&cell("0116")) && road.contains(&cell("0811")));
    // The legend names each height drawn, and nothing that is not.
    assert!(scene.shows(&Sample::Terrain {
        look: Look::Height(4)
    }));
    assert!(!scene.shows(&Sample::Terrain {
        look: Look::Height(5)
    }));
    let heights: Vec<&str> = scene
        .legend
        .iter()
        .filter(|e| {
            matches!(
                e.sample,
                Sample::Terrain {
                    look: Look::Height(_)
                }
            )
        })
        .map(|e| e.label.as_str())
        .collect();
    assert_eq!(
        heights,
        [
            "Ground at 200 ft",
            "Ground at 225 ft",
            "Ground at 250 ft",
            "Ground at 275 ft"
        ]
    );
}

#[test]
fn fire_is_drawn_with_its_odds_die_and_result() {
    let played = played();
    let scene = after(&played, "SB1 fire NB1");
    let fire = labelled(&scene, "1-1, 5: D");
    match fire.shape {
        MarkShape::Link { from, to, stroke } => {
            assert_eq!((from, to), (at("0614"), at("0914")));
            assert!(stroke.curved);
            assert_eq!(stroke.head, Head::Impact);
        }
        ref other => panic!("{other:?}"),
    }
    assert_eq!(fire.ink, Ink::Side(1));
    // The D is on the counter: a disruption chit.
    let nb1 = counter(&scene, "NB1");
    assert_eq!(
        nb1.face.marker.as_ref().map(|m| m.text.as_str()),
        Some("DISR")
    );
    assert!(scene.shows(&Sample::Marker {
        text: "DISR".into()
    }));
    assert!(!scene.shows(&Sample::Marker {
        text: "ROUT".into()
    }));
    // Two bowmen at one target: a link from each, labelled once.
    let scene = after(&played, "NB1+NB2 fire HC2");
    let volleys: Vec<&Mark> = scene
        .marks
        .iter()
        .filter(|m| matches!(m.shape, MarkShape::Link { to, .. } if to == at("0714")))
        .collect();
    assert_eq!(volleys.len(), 2);
    let labels: Vec<_> = volleys.iter().filter_map(|m| m.label.as_deref()).collect();
    assert_eq!(labels, ["1-1, 3: M"]);
}

#[test]
fn melee_is_drawn_where_it_was_fought_with_differential_and_result() {
    let played = played();
    let scene = after(&played, "BF1 melee F2");
    let melee = labelled(&scene, "+1, 2: D*/-");
    match melee.shape {
        MarkShape::Link { from, to, stroke } => {
            assert_eq!((from, to), (at("0820"), at("0721")));
            assert_eq!(stroke.head, Head::Impact);
            assert!(!stroke.curved);
        }
        ref other => panic!("{other:?}"),
    }
    assert_eq!(melee.ink, Ink::Side(0));
    // The D* became a rout: the chit, and a burst beside BF1.
    let bf1 = counter(&scene, "BF1");
    assert_eq!(
        bf1.face.marker.as_ref().map(|m| (m.text.as_str(), m.ink)),
        Some(("ROUT", Ink::Danger))
    );
    assert!(scene.marks.iter().any(|m| matches!(
        m.shape,
        MarkShape::Spot { at: a, glyph: senlac_board::scene::Glyph::Burst } if a == at("0820")
    )));
    // Drawn after the rout and the pursuit, the fight stays where it was
    // fought and the rout leads away from it.
    let turn = played
        .lines
        .iter()
        .skip_while(|(line, _, _)| !line.starts_with("BF1 melee F2"))
        .take_while(|(line, _, _)| !line.starts_with("GYR move"))
        .flat_map(|(_, _, events)| events.iter().cloned())
        .collect::<Vec<_>>();
    let (_, state, _) = played
        .lines
        .iter()
        .find(|(line, _, _)| line.starts_with("F2 pursue 0721-0820"))
        .unwrap();
    let scene = scene_of(state, &turn);
    let melee = labelled(&scene, "+1, 2: D*/-");
    assert!(matches!(
        melee.shape,
        MarkShape::Link { from, to, .. } if (from, to) == (at("0820"), at("0721"))
    ));
    let rout = scene
        .marks
        .iter()
        .find(|m| m.ink == Ink::Danger && matches!(m.shape, MarkShape::Path { .. }))
        .expect("a rout's path");
    match &rout.shape {
        MarkShape::Path { places, stroke } => {
            assert_eq!(
                places,
                &[at("0820"), at("0920"), at("1020"), at("1120")].to_vec()
            );
            assert_ne!(stroke.dash, senlac_board::scene::Dash::Solid);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(counter(&scene, "BF1").at, at("1120"));
    assert_eq!(counter(&scene, "F2").at, at("0820"));
}

/// [`scene`], which the tests' `scene` variables shadow.
fn scene_of(state: &State, events: &[Event]) -> Scene {
    scene(state, events)
}

#[test]
fn reduced_disrupted_and_routed_units_look_it_at_the_end() {
    let played = played();
    let scene = scene(&played.end, &[]);
    let marker = |id: &str| {
        counter(&scene, id)
            .face
            .marker
            .as_ref()
            .map(|m| m.text.clone())
    };
    // F2: reduced and routed; BB1 reduced; F1 disrupted; BF1 rallied.
    assert!(counter(&scene, "F2").face.flipped);
    assert_eq!(marker("F2").as_deref(), Some("ROUT"));
    assert!(counter(&scene, "BB1").face.flipped);
    assert_eq!(marker("BB1"), None);
    assert_eq!(marker("F1").as_deref(), Some("DISR"));
    assert_eq!(marker("BF1"), None);
    assert!(!counter(&scene, "BF1").face.flipped);
    // Gyrth, shaken, shows his ineffective back.
    assert!(counter(&scene, "GYR").face.flipped);
    assert!(!counter(&scene, "HAR").face.flipped);
    assert!(scene.shows(&Sample::Flipped));
    assert!(
        scene
            .counters
            .iter()
            .all(|c| c.standing == Standing::Active)
    );
    // Turn 2's arrivals are on the map.
    assert_eq!(counter(&scene, "GF4").at, at("0115"));
}

#[test]
fn a_unit_eliminated_in_melee_is_marked_where_it_fell() {
    // The sample's turn 3: HC1 in 0713 strikes NF1, already reduced, in
    // 0813 at +4 with a 3: -/1, and NF1's second step eliminates it. The
    // figure still draws the melee into 0813 and marks the end there.
    let text = include_str!("../../../samples/hastings-1066-st.sbn");
    let archive = parse(text);
    let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
        .expect("the sample names its rules");
    let figure = game
        .figures()
        .iter()
        .position(|f| f.name == "housecarlsStrike")
        .expect("the sample marks the housecarls' strike");
    let scene = game.figure_scene(figure).expect("a figure has a scene");
    assert!(scene.counters.iter().all(|c| c.id != "NF1"));
    let melee = labelled(&scene, "+4, 3: -/1");
    assert!(
        matches!(melee.shape, MarkShape::Link { from, to, .. } if from == at("0713") && to == at("0813")),
        "{melee:?}"
    );
    let end = labelled(&scene, "NF1 eliminated");
    assert_eq!(end.ink, Ink::Danger);
    assert!(matches!(end.shape, MarkShape::Spot { at: place, .. } if place == at("0813")));
}

/// The cells of the `zoc` overlay's area in side `side`'s ink, as labels.
fn zone(scene: &Scene, side: usize) -> Vec<String> {
    let overlay = scene
        .overlays
        .iter()
        .find(|o| o.name == "zoc")
        .expect("the zoc overlay");
    let mut cells: Vec<String> = overlay
        .marks
        .iter()
        .filter(|m| m.ink == Ink::Side(side))
        .flat_map(|m| match &m.shape {
            MarkShape::Area { places } => places.clone(),
            other => panic!("{other:?}"),
        })
        .map(|p| match p {
            Place::Cell(c) => c.to_string(),
            other => panic!("{other:?}"),
        })
        .collect();
    cells.sort();
    cells
}

fn labels(cells: &str) -> Vec<String> {
    let mut out: Vec<String> = cells.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// 5.7: a unit in good order controls the two hexes beyond its frontal
/// hexsides; leaders control none. On this map (parity even) the Saxons
/// face vertex 2, so their frontal sides are NE and SE; the Normans face
/// vertex 5, SW and NW. An odd column stands half a hex higher than an
/// even one, so from HC1 in 0713 (odd) NE is 0812 and SE 0813; from SB1
/// in 0614 (even) NE is 0714 and SE 0715, HC2's and HC3's own hexes (a
/// zone is the enemy's concern); from WG in 1316 (odd) NW is 1215 and SW
/// 1216; from NB1 in 1214 (even) NW is 1114 and SW 1115; BK2 in 1222
/// controls 1122 and 1123, which is off the 22-row map.
#[test]
fn the_zoc_overlay_at_setup_holds_the_hexes_beyond_the_frontal_hexsides() {
    let played = played();
    let scene = scene(&played.setup, &[]);
    let overlay = scene.overlays.iter().find(|o| o.name == "zoc").unwrap();
    assert!(!overlay.shown, "offered, not shown, until a printer asks");
    // Normans: WG 1216 1215, NK1 1214 1213, NF1 1213 1212, NB1 1115 1114,
    // NB2 1116 1115, BK1 1122 1121, BK2 1122, BF1 1020 1019, BF2 1021
    // 1020, BB1 1019 1018, FK1 1209 1208, FF1 1110 1109, FB1 1111 1110.
    assert_eq!(
        zone(&scene, 0),
        labels(
            "1018 1019 1020 1021 1109 1110 1111 1114 1115 1116 1121 1122 \
             1208 1209 1212 1213 1214 1215 1216"
        )
    );
    // Saxons: HC1 0812 0813, HC2 0813 0814, HC3 0814 0815, SB1 0714 0715,
    // T1 0809 0810, F4 0810 0811, J1 0811 0812, F1 0818 0819, F2 0820
    // 0821, F3 0718 0719; Harold, Leofwine and Gyrth none.
    assert_eq!(
        zone(&scene, 1),
        labels(
            "0714 0715 0718 0719 0809 0810 0811 0812 0813 0814 0815 \
             0818 0819 0820 0821"
        )
    );
    // The legend explains each side's zone, once it is drawn.
    let entry = Sample::Overlay {
        name: "zoc",
        ink: Ink::Side(1),
    };
    assert!(scene.legend.iter().any(|e| e.sample == entry));
    assert!(!scene.shows(&entry));
    let mut shown = scene.clone();
    shown.show_overlays(&["zoc"]);
    assert!(shown.shows(&entry));
}

/// 9.2.2.2, 9.2.3.5: disrupted and routed units exert no ZOC. At the end
/// of turn 2 the right wing has none: F1 stands disrupted in 0819 (0918 and
/// 0919 beyond its front), F3 disrupted by its melee in 0919 (1018, 1019),
/// F2 routed in 0620. The arrivals have theirs: GF4 in 0115 (odd) 0214
/// 0215, GF2 in 0215 (even) 0315 0316, GF1 in 0316 0415 0416, GF3 in 0317
/// 0416 0417; the centre and left wing are where they stood.
#[test]
fn disrupted_and_routed_units_have_no_zone_in_the_overlay() {
    let played = played();
    let scene = scene(&played.end, &[]);
    assert_eq!(
        zone(&scene, 1),
        labels(
            "0214 0215 0315 0316 0415 0416 0417 \
             0714 0715 0809 0810 0811 0812 0813 0814 0815"
        )
    );
}

#[test]
fn a_figure_marked_before_the_saxons_deploy_draws_none_of_them() {
    // Leaders stack with units (5.6.1): LEO deploys with T1 in 0710 and GYR
    // with F2 in 0721. A figure marked before the Saxons' deploy lines
    // leaves out every Saxon piece, the stacked leaders included.
    let text = include_str!("../../../samples/hastings-1066-st.sbn").replacen(
        "deploy Saxons HC1@0713^2",
        "{ [%fig normansReady \"The Normans Deployed\"] }\ndeploy Saxons HC1@0713^2",
        1,
    );
    let archive = parse(&text);
    let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
        .expect("the sample names its rules");
    let figure = game
        .figures()
        .iter()
        .position(|f| f.name == "normansReady")
        .expect("the mark is read");
    let scene = game.figure_scene(figure).expect("a figure has a scene");
    let ids: Vec<&str> = scene.counters.iter().map(|c| c.id.as_str()).collect();
    for saxon in ["HC1", "HAR", "T1", "LEO", "F2", "GYR"] {
        assert!(!ids.contains(&saxon), "{saxon} in {ids:?}");
    }
    for norman in ["WIL", "NK1", "BK2", "ALN"] {
        assert!(ids.contains(&norman), "{norman} missing from {ids:?}");
    }
}
