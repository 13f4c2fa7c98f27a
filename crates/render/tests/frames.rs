//! Drawing frames: the SVG is valid and stable, text is escaped, and the PNG
//! puts counters where the layout says.

use senlac_render::layout::Layout;
use senlac_render::model::{Arm, Counter, Frame, Map, Mark, Parity, Standing, Terrain, Weight};
use senlac_render::png::{frame_pixmap, frame_pixmap_scaled, frame_png, parse};
use senlac_render::svg::{escape, frame_svg, palette};

mod support;
use support::{cell, counter, hastings};

/// A 6×5 map with every terrain, every arm, weight and standing, and every
/// kind of mark.
fn sample() -> Frame {
    use Terrain::*;
    let terrain = [
        (101, Forest),
        (102, Forest),
        (201, Forest),
        (302, Hill),
        (303, Hill),
        (402, Hill),
        (403, Hill),
        (502, Hill),
        (602, Stream),
        (603, Stream),
        (604, Stream),
        (605, Stream),
        (601, Impassable),
        (501, Impassable),
    ];
    let crest = [(303, 304), (303, 404), (403, 404), (403, 503), (502, 503)];
    let mut counters = vec![
        Counter {
            facing: Some(180.0),
            ..counter(
                0,
                "IX",
                "Harold's Housecurl",
                Arm::Infantry,
                Weight::Heavy,
                "A",
                7,
                1,
                303,
            )
        },
        Counter {
            standing: Standing::Falling,
            ..counter(
                0,
                "IV",
                "Fyrd",
                Arm::Infantry,
                Weight::Light,
                "B",
                6,
                0,
                403,
            )
        },
        counter(
            0,
            "II",
            "Fyrd skirmishers",
            Arm::Infantry,
            Weight::Skirmish,
            "D",
            1,
            0,
            202,
        ),
        Counter {
            facing: Some(0.0),
            ..counter(
                1,
                "VI",
                "French Knights",
                Arm::Cavalry,
                Weight::Heavy,
                "B",
                6,
                2,
                304,
            )
        },
        Counter {
            standing: Standing::Pursuing,
            ..counter(
                1,
                "VII",
                "Breton horse",
                Arm::Cavalry,
                Weight::Light,
                "B",
                5,
                0,
                404,
            )
        },
        counter(
            1,
            "I",
            "Longbow Men",
            Arm::Archers,
            Weight::None,
            "C",
            4,
            0,
            505,
        ),
        counter(
            1,
            "III",
            "Alan the Red's Breton Contingent",
            Arm::Infantry,
            Weight::Heavy,
            "B",
            6,
            3,
            504,
        ),
    ];
    counters[5].facing = Some(300.0);
    Frame {
        title: "The Battle of Hastings, 1066".into(),
        caption: "Turn 4 \u{b7} Normans \u{b7} Combat: the French Knights charge Harold's \
                  Housecurl while the archers volley the wavering Fyrd."
            .into(),
        sides: vec!["Anglo-Saxons".into(), "Franco-Normans".into()],
        map: Map {
            columns: 6,
            rows: 5,
            parity: Parity::Odd,
            terrain: terrain.iter().map(|&(c, t)| (cell(c), t)).collect(),
            crest: crest.iter().map(|&(a, b)| (cell(a), cell(b))).collect(),
        },
        counters,
        marks: vec![
            Mark::Move {
                path: vec![cell(305), cell(405), cell(504)],
            },
            Mark::Charge {
                path: vec![cell(104), cell(204), cell(304)],
            },
            Mark::Volley {
                from: cell(505),
                to: cell(403),
            },
            Mark::Attack {
                from: cell(304),
                to: cell(303),
            },
            Mark::Support {
                from: cell(504),
                to: cell(404),
            },
            Mark::Rout { at: cell(403) },
            Mark::Slaughter { at: cell(202) },
        ],
    }
}

#[test]
fn sample_is_valid_svg() {
    let svg = frame_svg(&sample());
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let tree = parse(&svg).expect("usvg parses the frame");
    let layout = Layout::new(&sample());
    assert_eq!(tree.size().width(), layout.width as f32);
    assert_eq!(tree.size().height(), layout.height as f32);
}

#[test]
fn sample_snapshot() {
    let svg = frame_svg(&sample());
    assert_eq!(svg, frame_svg(&sample()), "drawing is deterministic");
    insta::assert_snapshot!("sample", svg);
}

#[test]
fn sample_renders_to_png() {
    let png = frame_png(&frame_svg(&sample())).expect("renders");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    keep("SENLAC_FRAME_PNG", &sample());
}

#[test]
fn hastings_draws() {
    let svg = frame_svg(&hastings());
    parse(&svg).expect("valid");
    keep("SENLAC_HASTINGS_PNG", &hastings());
}

/// `SENLAC_FRAME_PNG=/tmp/frame.png cargo test` keeps a copy to look at
/// (`SENLAC_PNG_SCALE=2` for a closer look).
fn keep(var: &str, frame: &Frame) {
    if let Some(path) = std::env::var_os(var) {
        let scale = std::env::var("SENLAC_PNG_SCALE")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1.0);
        let pixmap = frame_pixmap_scaled(&frame_svg(frame), scale).expect("renders");
        std::fs::write(path, pixmap.encode_png().expect("encodes")).expect("writes the PNG");
    }
}

#[test]
fn text_from_the_model_is_escaped() {
    let mut frame = sample();
    frame.title = "Fish & <Chips>".into();
    frame.caption = "Turn 1 <script>alert(\"x\")</script> & 'y'".into();
    frame.sides[1] = "The \"Bastard's\" <men>".into();
    frame.counters[0].name = "<script>\"O'Neil\" & co</script>".into();
    frame.counters[0].id = "<b>".into();
    frame.counters[0].grade = "\"A\"".into();
    let svg = frame_svg(&frame);

    for raw in [
        "<script", "</script", "\"x\"", "'y'", "O'Neil", "<b>", "<Chips>", "<men>", "& co",
        "Fish & ", "\"A\"",
    ] {
        assert!(!svg.contains(raw), "{raw:?} appears unescaped");
    }
    for escaped in [
        "&lt;script&gt;",
        "&quot;x&quot;",
        "&apos;y&apos;",
        "&quot;O&apos;Neil&quot; &amp; co",
        "&lt;b&gt;",
        "Fish &amp; &lt;Chips&gt;",
        "&quot;Bastard&apos;s&quot; &lt;men&gt;",
        "&quot;A&quot;",
    ] {
        assert!(svg.contains(escaped), "{escaped:?} missing");
    }
    // The unit's name is its tooltip.
    assert!(svg.contains("<title>&lt;b&gt; &lt;script&gt;&quot;O&apos;Neil&quot;"));
    parse(&svg).expect("still valid");
}

#[test]
fn escape_handles_every_special_and_control_characters() {
    assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
    assert_eq!(escape("plain"), "plain");
    assert_eq!(escape("bell\u{7}tab\t"), "bell\u{FFFD}tab\t");
    let mut frame = sample();
    frame.caption = "null\0 and \u{1b}[31m and \u{FFFF}".into();
    parse(&frame_svg(&frame)).expect("control characters do not break the XML");
}

#[test]
fn odd_inputs_still_draw() {
    let mut frame = sample();
    frame.title.clear();
    frame.caption.clear();
    frame.sides.clear();
    frame.counters[0].side = 9;
    frame.counters[0].facing = Some(f32::NAN);
    frame.counters[1].facing = Some(-725.0);
    frame.counters[2].damage = 200;
    frame.counters[3].at = cell(9999);
    frame.map.crest.push((cell(101), cell(505)));
    frame.map.terrain.push((cell(4242), Terrain::Hill));
    frame.marks.push(Mark::Move {
        path: vec![cell(101)],
    });
    frame.marks.push(Mark::Charge { path: vec![] });
    frame.marks.push(Mark::Attack {
        from: cell(202),
        to: cell(202),
    });
    parse(&frame_svg(&frame)).expect("valid");

    let empty = Frame {
        title: String::new(),
        caption: String::new(),
        sides: vec![],
        map: Map {
            columns: 0,
            rows: 0,
            parity: Parity::Even,
            terrain: vec![],
            crest: vec![],
        },
        counters: vec![],
        marks: vec![],
    };
    parse(&frame_svg(&empty)).expect("an empty map draws");
}

fn lone(side: usize, at: u16) -> Frame {
    Frame {
        title: "One counter".into(),
        caption: String::new(),
        sides: vec!["Saxons".into(), "Normans".into()],
        map: Map {
            columns: 5,
            rows: 4,
            parity: Parity::Odd,
            terrain: vec![],
            crest: vec![],
        },
        counters: vec![counter(
            side,
            "IX",
            "Housecurl",
            Arm::Infantry,
            Weight::Heavy,
            "A",
            7,
            2,
            at,
        )],
        marks: vec![],
    }
}

fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).expect("hex colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn pixel_at(pixmap: &resvg::tiny_skia::Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = pixmap
        .pixel(x.round() as u32, y.round() as u32)
        .expect("inside the image")
        .demultiply();
    [p.red(), p.green(), p.blue()]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 12)
}

#[test]
fn counters_are_drawn_in_their_side_colour_where_the_layout_says() {
    for (side, at, empty) in [(0, 202, 504), (1, 403, 101)] {
        let frame = lone(side, at);
        let layout = Layout::new(&frame);
        let pixmap = frame_pixmap(&frame_svg(&frame)).expect("renders");
        assert_eq!(pixmap.width() as f64, layout.width);

        let colour = hex(palette(side).fill);
        let c = layout.grid.centre(cell(at));
        let got = pixel_at(&pixmap, c.x, c.y);
        assert!(close(got, colour), "side {side}: {got:?} vs {colour:?}");

        let far = layout.grid.centre(cell(empty));
        let got = pixel_at(&pixmap, far.x, far.y);
        assert!(!close(got, colour), "empty hex has {got:?}");
        assert!(
            close(got, hex("#eef0d8")),
            "empty hex is open ground: {got:?}"
        );
    }
    assert!(!close(hex(palette(0).fill), hex(palette(1).fill)));
}
