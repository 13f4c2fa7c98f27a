//! TDGS Mass Combat as printers and pictures see it: the Harrow Ford setup
//! (spec sections 5.3 and 6) as a typed view, and as a scene before and
//! after a few events applied by hand; the scene also drawn, as SVG and PNG.

use senlac_board::Cell;
use senlac_board::scene::{Glyph, MarkShape, Place, Sample, Scene, Standing, Symbol};
use senlac_engine::tdgs::event::{self, CheckKind, Event, Roll};
use senlac_engine::tdgs::scene::{HP_TICKS, scene};
use senlac_engine::tdgs::setup::setup;
use senlac_engine::tdgs::state::{AttackKind, Rout, State, Status, Triggers};
use senlac_engine::tdgs::tables::Trigger;
use senlac_engine::tdgs::view::{COLUMNS, clock, view};
use senlac_engine::view::Value;

const HARROW_FORD: &str = include_str!("../../../samples/harrow-ford.sbn");

/// The spec's roster: each entity's id and maximum HP (CON × 5).
const HP: [(&str, i64); 14] = [
    ("Y", 60),
    ("S", 55),
    ("A", 130),
    ("B", 70),
    ("C", 55),
    ("D", 65),
    ("E", 75),
    ("F", 70),
    ("G", 40),
    ("K", 60),
    ("R1", 90),
    ("R2", 75),
    ("R3", 50),
    ("R4", 70),
];

fn harrow_ford() -> State {
    let archive = senlac_notation::parse(HARROW_FORD);
    let mut out = Vec::new();
    let state = setup(&archive.battles[0], &mut out).fold(senlac_engine::tdgs::event::apply);
    assert!(out.is_empty(), "{out:?}");
    state
}

fn index(state: &State, id: &str) -> usize {
    state
        .roster
        .entities
        .iter()
        .position(|e| e.id == id)
        .unwrap_or_else(|| panic!("no entity {id}"))
}

fn column(key: &str) -> usize {
    COLUMNS
        .iter()
        .position(|c| c.key == key)
        .unwrap_or_else(|| panic!("no column {key}"))
}

fn cell(number: u16) -> Cell {
    Cell::from_number(number)
}

#[test]
fn the_view_lists_every_entity_with_its_hp_and_columns() {
    let state = harrow_ford();
    let view = view(&state);
    assert_eq!(view.sides, ["Crown", "Raiders"]);
    assert_eq!(view.place_heading, "Square");
    let keys: Vec<&str> = view.columns.iter().map(|c| c.key).collect();
    for key in [
        "kind",
        "race",
        "class",
        "str",
        "dex",
        "ref",
        "con",
        "mov",
        "cha",
        "luk",
        "hp",
        "max_hp",
        "order",
        "commander",
        "size",
    ] {
        assert!(keys.contains(&key), "{key} missing from {keys:?}");
    }
    assert_eq!(view.units.len(), 14);
    let got: Vec<(&str, &Value, &Value)> = view
        .units
        .iter()
        .map(|u| {
            (
                u.id.as_str(),
                &u.values[column("hp")],
                &u.values[column("max_hp")],
            )
        })
        .collect();
    let want: Vec<(&str, Value, Value)> = HP
        .iter()
        .map(|&(id, hp)| (id, Value::Number(hp), Value::Number(hp)))
        .collect();
    let want: Vec<(&str, &Value, &Value)> = want.iter().map(|(i, h, m)| (*i, h, m)).collect();
    assert_eq!(got, want);
    for unit in &view.units {
        assert_eq!(unit.values.len(), COLUMNS.len(), "{}", unit.id);
        assert_eq!(unit.status, "active", "{}", unit.id);
        assert_eq!(unit.casualties, 0, "{}", unit.id);
        // At setup nobody has fought: commanders are marked (REPORT-2).
        let commander = matches!(unit.id.as_str(), "Y" | "S" | "G" | "K");
        let fate = if commander {
            "On the field, unharmed; no XP (commanding only)"
        } else {
            "On the field, unharmed"
        };
        assert_eq!(unit.fate, fate, "{}", unit.id);
    }
    let a = &view.units[index(&state, "A")];
    assert_eq!(a.place, Some(Place::Cell(cell(908))));
    assert_eq!(a.values[column("size")], Value::Text("3x3".into()));
    assert_eq!(a.values[column("str")], Value::Number(28));
    assert_eq!(a.values[column("order")], Value::Text("attack".into()));
    assert_eq!(
        a.values[column("commander")],
        Value::Text("Y direct".into())
    );
    let d = &view.units[index(&state, "D")];
    assert_eq!(d.values[column("order")], Value::Text("hold".into()));
    let y = &view.units[index(&state, "Y")];
    assert_eq!(y.values[column("kind")], Value::Text("hero".into()));
    assert_eq!(y.values[column("role")], Value::Text("commander".into()));
    assert_eq!(y.values[column("commander")], Value::None);
    let clock = clock(&state);
    assert_eq!(clock.turn, 0);
    assert_eq!(clock.side, None);
}

#[test]
fn the_setup_scene_has_every_counter_with_a_full_bar() {
    let state = harrow_ford();
    let scene = scene(&state, &[]);
    assert_eq!(
        scene.board,
        senlac_board::scene::Board::Square {
            columns: 20,
            rows: 16
        }
    );
    assert!(scene.title.is_empty() && scene.caption.is_empty());
    assert_eq!(scene.counters.len(), 14);
    for counter in &scene.counters {
        let bar = counter.face.bar.as_ref().expect("an HP bar");
        assert_eq!(bar.fill, 1.0, "{}", counter.id);
        assert_eq!(bar.ticks, HP_TICKS.to_vec());
        assert_eq!(bar.ticks, [0.5, 0.25]);
        assert_eq!(counter.standing, Standing::Active, "{}", counter.id);
    }
    let a = scene.counters.iter().find(|c| c.id == "A").expect("A");
    let footprint = a.footprint.expect("A's footprint");
    assert_eq!((footprint.width, footprint.depth), (3.0, 3.0));
    // The middle square of 0908's 3×3.
    assert_eq!(a.at, Place::Cell(cell(1009)));
    let leaders: Vec<&str> = scene
        .counters
        .iter()
        .filter(|c| c.face.symbol == Symbol::Leader)
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(leaders, ["Y", "S", "G", "K"]);
    let r4 = scene.counters.iter().find(|c| c.id == "R4").expect("R4");
    assert_eq!(r4.face.symbol, Symbol::Cavalry);
    let d = scene.counters.iter().find(|c| c.id == "D").expect("D");
    assert_eq!(d.face.symbol, Symbol::Archers);
    // The Harrow and the ford.
    let kinds: Vec<&str> = scene.terrain.iter().map(|t| t.kind.as_str()).collect();
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    // Nothing happened: no marks (the footprints are the counters' bases).
    assert!(scene.marks.is_empty(), "{:?}", scene.marks);
    let legend: Vec<&str> = scene
        .legend
        .iter()
        .filter(|e| scene.shows(&e.sample))
        .map(|e| e.label.as_str())
        .collect();
    assert!(legend.contains(&"Commander"), "{legend:?}");
    assert!(!legend.contains(&"Move"), "{legend:?}");
    // Every word and the bar on a counter is explained.
    let said = legend.join(" | ");
    for word in [
        "STR", "REF", "order", "HP", "Attack", "Hold", "Charge", "HP bar",
    ] {
        assert!(said.contains(word), "{word}: {said}");
    }
    let shown = |sample: Sample| {
        scene
            .legend
            .iter()
            .any(|e| e.sample == sample && scene.shows(&e.sample))
    };
    assert!(shown(Sample::Corners) && shown(Sample::Bar));
}

/// A few of Harrow Ford's first moments, by hand.
fn first_moments(state: &State) -> Vec<Event> {
    let [a, b, c, d, e, r1, r2, s] =
        ["A", "B", "C", "D", "E", "R1", "R2", "S"].map(|id| index(state, id));
    let roll = |die, total, success| Roll {
        die,
        total,
        success,
    };
    let morale = |entity, trigger: Trigger, die, total, success| Event::Checked {
        entity,
        kind: CheckKind::Morale(Triggers::NONE.with(trigger)),
        roll: roll(die, total, success),
    };
    vec![
        Event::Moved {
            entity: b,
            from: cell(1208),
            path: senlac_engine::reuse::Path::from_slice(&[cell(1207)]),
        },
        Event::Moved {
            entity: a,
            from: cell(908),
            path: senlac_engine::reuse::Path::from_slice(&[cell(907), cell(906)]),
        },
        Event::Attacked {
            attacker: b,
            target: r1,
            kind: AttackKind::Melee,
            roll: roll(15, 24, true),
            damage: 51,
        },
        Event::Hp { entity: r1, hp: 39 },
        morale(r1, Trigger::Half, 13, 17, true),
        Event::Attacked {
            attacker: r2,
            target: c,
            kind: AttackKind::Melee,
            roll: roll(8, 21, true),
            damage: 29,
        },
        Event::Hp { entity: c, hp: 26 },
        morale(c, Trigger::Half, 6, 8, false),
        Event::Routed {
            unit: c,
            rout: Rout {
                threat: 10,
                threat_entity: Some(r2),
                triggers: Triggers::NONE.with(Trigger::Half),
            },
        },
        morale(d, Trigger::Cascade, 5, 7, false),
        morale(b, Trigger::Cascade, 12, 14, true),
        morale(e, Trigger::Cascade, 9, 11, true),
        Event::Attacked {
            attacker: d,
            target: r2,
            kind: AttackKind::Shot,
            roll: roll(3, 9, false),
            damage: 0,
        },
        Event::Checked {
            entity: s,
            kind: CheckKind::Rally { unit: d },
            roll: roll(7, 8, false),
        },
    ]
}

fn after_first_moments() -> (State, Vec<Event>) {
    let mut state = harrow_ford();
    let events = first_moments(&state);
    for event in &events {
        event::apply(&mut state, event);
    }
    (state, events)
}

#[test]
fn events_show_on_the_scene() {
    let (state, events) = after_first_moments();
    let scene = scene(&state, &events);
    let counter = |id: &str| scene.counters.iter().find(|c| c.id == id).expect(id);
    let r1 = counter("R1");
    let bar = r1.face.bar.as_ref().expect("R1's bar");
    assert_eq!(bar.fill, 39.0 / 90.0);
    assert_eq!(r1.face.corners[3].as_deref(), Some("39"));
    assert_eq!(counter("C").standing, Standing::Falling);
    assert_eq!(counter("B").standing, Standing::Active);
    // Each path starts where the move began (B's single step is drawn too)
    // and A's ends on its counter, the middle of its footprint.
    let paths: Vec<&Vec<Place>> = scene
        .marks
        .iter()
        .filter_map(|m| match &m.shape {
            MarkShape::Path { places, .. } if m.label.is_none() => Some(places),
            _ => None,
        })
        .collect();
    assert_eq!(
        paths,
        [
            &vec![Place::Cell(cell(1208)), Place::Cell(cell(1207))],
            &vec![
                Place::Cell(cell(1009)),
                Place::Cell(cell(1008)),
                Place::Cell(cell(1007))
            ]
        ]
    );
    assert_eq!(counter("A").at, Place::Cell(cell(1007)));
    let labels: Vec<&str> = scene
        .marks
        .iter()
        .filter_map(|m| m.label.as_deref())
        .collect();
    for label in [
        "15+9=24 hit 51",
        "8+13=21 hit 29",
        "3+6=9 miss",
        "half 17",
        "half 8",
        "cascade 7",
        "cascade 14",
        "rally 8",
        "S command 12",
    ] {
        assert!(labels.contains(&label), "{label} not in {labels:?}");
    }
    let glyphs = |glyph: Glyph| {
        scene
            .marks
            .iter()
            .filter(|m| matches!(m.shape, MarkShape::Spot { glyph: g, .. } if g == glyph))
            .count()
    };
    // Passed: R1, B, E; failed: C, D and the rally of D; C routed.
    assert_eq!(glyphs(Glyph::Ring), 3);
    assert_eq!(glyphs(Glyph::Beaten), 3);
    assert_eq!(glyphs(Glyph::Burst), 1);
    let legend: Vec<&str> = scene
        .legend
        .iter()
        .filter(|e| scene.shows(&e.sample))
        .map(|e| e.label.as_str())
        .collect();
    for label in [
        "Move",
        "Attack, hit",
        "Shot, missed",
        "Rally",
        "Command range",
        "Check passed",
        "Check failed",
        "Routed",
    ] {
        assert!(legend.contains(&label), "{label} not in {legend:?}");
    }
    assert!(!legend.contains(&"Spell, hit"), "{legend:?}");
}

#[test]
fn removed_entities_fall_once_then_leave_the_picture() {
    let (mut state, _) = after_first_moments();
    let r3 = index(&state, "R3");
    let removal = [Event::Status {
        entity: r3,
        status: Status::Surrendered,
    }];
    event::apply(&mut state, &removal[0]);
    let now = scene(&state, &removal);
    let r3_counter = now.counters.iter().find(|c| c.id == "R3").expect("R3");
    assert_eq!(r3_counter.standing, Standing::Falling);
    let later = scene(&state, &[]);
    assert!(later.counters.iter().all(|c| c.id != "R3"));
    let view = view(&state);
    let r3_view = &view.units[r3];
    assert_eq!(r3_view.status, "surrendered");
    assert_eq!(r3_view.fate, "Surrendered");
}

/// Draws the scene, and writes its PNG where `SENLAC_TDGS_PNG` says, to
/// look at.
#[test]
fn the_scene_draws() {
    let (state, events) = after_first_moments();
    let mut scene: Scene = scene(&state, &events);
    scene.title = "Harrow Ford".to_string();
    scene.caption = "Round 1 · the Reavers strike".to_string();
    let svg = senlac_render::svg::scene_svg(&scene);
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    assert!(svg.contains("15+9=24 hit 51"));
    let png = senlac_render::png::frame_png(&svg).expect("a PNG");
    assert!(png.starts_with(b"\x89PNG"));
    if let Ok(path) = std::env::var("SENLAC_TDGS_PNG") {
        std::fs::write(&path, &png).expect("writing the PNG");
    }
}

/// Overlay `command`: each side's squares in a commander's range (CHA in
/// squares, Chebyshev). Ysolde's CHA 30 reaches every square of the 20x16
/// map from 1011, and Gorm's CHA 20 from 1404 too, so theirs are no areas
/// (they would hatch the whole map) and the legend says so. Brann's CHA 12
/// from 1610 reaches columns 4-20, every row: the Crown's area is his
/// 17 x 16 = 272 squares; Kettil's CHA 14 from 1704, columns 3-20: the
/// Raiders' 18 x 16 = 288.
#[test]
fn a_command_range_over_the_whole_map_is_named_not_hatched() {
    let state = harrow_ford();
    let scene = scene(&state, &[]);
    let overlay = scene
        .overlays
        .iter()
        .find(|o| o.name == "command")
        .expect("the command overlay");
    let area = |side: usize| -> Vec<Cell> {
        overlay
            .marks
            .iter()
            .filter(|m| m.ink == senlac_board::scene::Ink::Side(side))
            .flat_map(|m| match &m.shape {
                MarkShape::Area { places } => places.clone(),
                other => panic!("an area, not {other:?}"),
            })
            .map(|place| match place {
                Place::Cell(cell) => cell,
                other => panic!("a square, not {other:?}"),
            })
            .collect()
    };
    let crown = area(0);
    assert_eq!(crown.len(), 17 * 16);
    assert!(crown.iter().all(|c| c.column >= 4), "west of Brann's range");
    assert!(crown.contains(&cell(1610)), "Brann's own square");
    let raiders = area(1);
    assert_eq!(raiders.len(), 18 * 16);
    assert!(
        raiders.iter().all(|c| c.column >= 3),
        "west of Kettil's range"
    );
    let labels: Vec<&str> = scene
        .legend
        .iter()
        .map(|e| e.label.as_str())
        .filter(|l| l.starts_with("In command range"))
        .collect();
    assert_eq!(
        labels,
        [
            "In command range: Crown (the whole map, for Y)",
            "In command range: Raiders (the whole map, for G)"
        ]
    );
}
