//! Drawing scenes: the SVG is valid and stable, text is escaped, every
//! layout draws, and the PNG puts counters where the layout says.

use senlac_board::Parity;
use senlac_board::kurbo::Point;
use senlac_board::scene::{
    Bar, Board, Glyph, Ink, LegendEntry, Look, Mark, MarkShape, Overlay, Place, Sample, Scene,
    Shape, Standing, Symbol, Terrain, Weight,
};
use senlac_render::layout::{Layout, Surface};
use senlac_render::png::{frame_pixmap, frame_png, parse};
use senlac_render::svg::{
    BLOOD, LEGEND_WIDTH, OPEN_GROUND, PIP_STRIP, escape, film, palette, scene_svg,
    scene_svg_prefixed,
};

mod support;
use support::{
    ATTACK, CHARGE, MOVE, SUPPORT, VOLLEY, at, cell, cells, counter, hastings, link, mark,
    mass_combat_legend, path, spot, square_scene, table_scene,
};

/// A 6×5 hex map with terrain of several looks, every symbol, weight and
/// standing, and every kind of mark a hex map can show.
fn sample() -> Scene {
    let mut counters = vec![
        counter(
            0,
            "IX",
            "Harold's Housecurl",
            Symbol::Infantry,
            Weight::Heavy,
            "A",
            7,
            1,
            303,
        ),
        counter(
            0,
            "IV",
            "Fyrd",
            Symbol::Infantry,
            Weight::Light,
            "B",
            6,
            0,
            403,
        ),
        counter(
            0,
            "II",
            "Fyrd skirmishers",
            Symbol::Infantry,
            Weight::Skirmish,
            "D",
            1,
            0,
            202,
        ),
        counter(
            1,
            "VI",
            "French Knights",
            Symbol::Cavalry,
            Weight::Heavy,
            "B",
            6,
            2,
            304,
        ),
        counter(
            1,
            "VII",
            "Breton horse",
            Symbol::Cavalry,
            Weight::Light,
            "B",
            5,
            0,
            404,
        ),
        counter(
            1,
            "I",
            "Longbow Men",
            Symbol::Archers,
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
            Symbol::Infantry,
            Weight::Heavy,
            "B",
            6,
            3,
            504,
        ),
    ];
    counters[0].facing = Some(180.0);
    counters[1].standing = Standing::Falling;
    counters[3].facing = Some(0.0);
    counters[4].standing = Standing::Pursuing;
    counters[5].facing = Some(300.0);
    Scene {
        title: "The Battle of Hastings, 1066".into(),
        caption: "Turn 4 \u{b7} Normans \u{b7} Combat: the French Knights charge Harold's \
                  Housecurl while the archers volley the wavering Fyrd."
            .into(),
        sides: vec!["Anglo-Saxons".into(), "Franco-Normans".into()],
        board: Board::Hex {
            columns: 6,
            rows: 5,
            parity: Parity::Odd,
        },
        terrain: vec![
            cells("forest", Look::Woods, [101, 102, 201]),
            cells("hill", Look::Hill, [302, 303, 402, 403, 502]),
            cells("stream", Look::Water, [602, 603, 604, 605]),
            cells("cliff", Look::Impassable, [601, 501]),
            Terrain {
                kind: "crest".into(),
                look: Look::Crest,
                shape: Shape::Edges {
                    edges: [(303, 304), (303, 404), (403, 404), (403, 503), (502, 503)]
                        .iter()
                        .map(|&(a, b)| (cell(a), cell(b)))
                        .collect(),
                },
            },
        ],
        counters,
        marks: vec![
            mark(path(&[305, 405, 504], MOVE), 1),
            mark(path(&[104, 204, 304], CHARGE), 1),
            mark(link(505, 403, VOLLEY), 1),
            mark(link(304, 303, ATTACK), 1),
            mark(link(504, 404, SUPPORT), 1),
            mark(spot(403, Glyph::Burst), 0),
            mark(spot(202, Glyph::Skull), 0),
        ],
        overlays: vec![],
        legend: mass_combat_legend(),
    }
}

#[test]
fn sample_is_valid_svg() {
    let svg = scene_svg(&sample());
    assert!(svg.starts_with("<svg "));
    let tree = parse(&svg).expect("usvg parses the frame");
    let layout = Layout::new(&sample());
    assert_eq!(tree.size().width(), layout.width as f32);
    assert_eq!(tree.size().height(), layout.height as f32);
}

#[test]
fn sample_snapshot() {
    let svg = scene_svg(&sample());
    assert_eq!(svg, scene_svg(&sample()), "drawing is byte-stable");
    insta::assert_snapshot!("sample", svg);
}

#[test]
fn table_snapshot() {
    let svg = scene_svg(&table_scene());
    assert_eq!(svg, scene_svg(&table_scene()), "drawing is byte-stable");
    parse(&svg).expect("valid");
    // Both bases are turned to their facings, and the arc and the wood drawn.
    assert!(svg.contains("rotate(30)") && svg.contains("rotate(225)"));
    assert!(svg.contains("url(#forest)"));
    insta::assert_snapshot!("table", svg);
}

#[test]
fn square_snapshot() {
    let svg = scene_svg(&square_scene());
    assert_eq!(svg, scene_svg(&square_scene()), "drawing is byte-stable");
    parse(&svg).expect("valid");
    for label in ["0101", "0604"] {
        assert!(
            svg.contains(&format!(">{label}</text>")),
            "{label} labelled"
        );
    }
    insta::assert_snapshot!("square", svg);
}

#[test]
fn every_layout_renders_to_png() {
    for scene in [sample(), hastings(), table_scene(), square_scene()] {
        let png = frame_png(&scene_svg(&scene)).expect("renders");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    }
}

/// The ids a drawing defines, and the ids it refers to (`href="#id"`,
/// `url(#id)`), read from its markup.
fn ids_and_references(svg: &str) -> (Vec<String>, Vec<String>) {
    let after = |marker: &str, end: char| -> Vec<String> {
        svg.match_indices(marker)
            .map(|(at, _)| {
                let rest = &svg[at + marker.len()..];
                rest[..rest.find(end).unwrap()].to_string()
            })
            .collect()
    };
    let mut references = after("href=\"#", '"');
    references.extend(after("\"url(#", ')'));
    (after(" id=\"", '"'), references)
}

#[test]
fn a_prefixed_drawing_owns_its_ids_and_looks_the_same() {
    let mut scene = sample();
    // Text that looks like the markup rewritten is escaped, so left alone.
    scene.caption = "id=\"forest\" href=\"#burst\" \"url(#hill)".into();
    let plain = scene_svg(&scene);
    let prefixed = scene_svg_prefixed(&scene, "f3-");
    let (ids, references) = ids_and_references(&prefixed);
    assert!(
        ids.len() > 10 && references.len() > 10,
        "{ids:?} {references:?}"
    );
    for id in &ids {
        assert!(id.starts_with("f3-"), "{id}");
    }
    for reference in &references {
        assert!(ids.contains(reference), "#{reference} is not defined");
    }
    let (plain_ids, _) = ids_and_references(&plain);
    assert_eq!(ids.len(), plain_ids.len());
    assert!(prefixed.contains("id=&quot;forest&quot; href=&quot;#burst&quot; &quot;url(#hill)"));
    // Every pattern and shape still resolves: the pixels are the same.
    let a = frame_pixmap(&plain).expect("renders");
    let b = frame_pixmap(&prefixed).expect("renders");
    assert!(a.data() == b.data(), "the prefixed drawing differs");
    // A prefix cannot break out of its attribute; none at all changes nothing.
    assert!(!scene_svg_prefixed(&scene, "x\"><script>").contains("<script>"));
    assert_eq!(scene_svg_prefixed(&scene, ""), plain);
}

#[test]
fn the_legend_is_the_scenes_own() {
    let mut scene = sample();
    scene.legend.truncate(2);
    scene.legend[1].label = "Horse & hound".into();
    let svg = scene_svg(&scene);
    assert!(svg.contains(">Infantry</text>"));
    assert!(svg.contains(">Horse &amp; hound</text>"));
    assert!(!svg.contains(">Slaughter</text>"), "nothing hard-coded");
    assert_eq!(Layout::new(&scene).key.map(|k| k.entries.len()), Some(2));
}

#[test]
fn the_legend_explains_only_what_is_drawn() {
    let mut scene = sample();
    let label = |svg: &str, text: &str| svg.contains(&format!(">{text}</text>"));
    let svg = scene_svg(&scene);
    for shown in ["Infantry", "Damage", "Move", "Charge", "Rout"] {
        assert!(label(&svg, shown), "{shown} is drawn, so explained");
    }
    // No marks and no damage: no line, glyph or pip entries; the counters' stay.
    scene.marks.clear();
    for counter in &mut scene.counters {
        counter.face.pips = 0;
    }
    let svg = scene_svg(&scene);
    assert!(label(&svg, "Infantry") && label(&svg, "Heavy"));
    for gone in ["Damage", "Move", "Charge", "Attack", "Rout"] {
        assert!(!label(&svg, gone), "{gone} is not drawn, so not explained");
    }
}

#[test]
fn text_from_the_scene_is_escaped() {
    let mut scene = sample();
    scene.title = "Fish & <Chips>".into();
    scene.caption = "Turn 1 <script>alert(\"x\")</script> & 'y'".into();
    scene.sides[1] = "The \"Bastard's\" <men>".into();
    scene.counters[0].name = "<script>\"O'Neil\" & co</script>".into();
    scene.counters[0].id = "<b>".into();
    scene.counters[0].face.corners[0] = Some("\"A\" & <B>".into());
    scene.marks[0].label = Some("<i>6 & 4</i>".into());
    scene.legend[0].label = "<Foot> & \"friends\"".into();
    let svg = scene_svg(&scene);

    for raw in [
        "<script",
        "</script",
        "<b>",
        "<Chips>",
        "<men>",
        "& co",
        "Fish & ",
        "<B>",
        "<i>",
        "<Foot>",
        "\"x\"",
        "'y'",
        "O'Neil",
        "\"A\"",
        "\"friends\"",
    ] {
        assert!(!svg.contains(raw), "{raw:?} appears unescaped");
    }
    for escaped in [
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;",
        "Fish &amp; &lt;Chips&gt;",
        "The &quot;Bastard&apos;s&quot; &lt;men&gt;",
        "&quot;A&quot; &amp; &lt;B&gt;",
        "&lt;i&gt;6 &amp; 4&lt;/i&gt;",
        "&lt;Foot&gt; &amp; &quot;friends&quot;",
    ] {
        assert!(svg.contains(escaped), "{escaped:?} missing");
    }
    // The unit's name is its tooltip.
    assert!(svg.contains(
        "<title>&lt;b&gt; &lt;script&gt;&quot;O&apos;Neil&quot; &amp; co&lt;/script&gt;"
    ));
    // Every ampersand starts an entity.
    for (i, _) in svg.match_indices('&') {
        let entity = &svg.as_bytes()[i..svg.len().min(i + 6)];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| entity.starts_with(e.as_bytes())),
            "bare & at {i}: {entity:?}"
        );
    }
    // usvg reads the text back as it was given.
    let tree = parse(&svg).expect("still valid");
    let mut texts = Vec::new();
    collect_text(tree.root(), &mut texts);
    assert!(texts.iter().any(|t| t == "Fish & <Chips>"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t == "The \"Bastard's\" <men>"),
        "{texts:?}"
    );
}

fn collect_text(group: &resvg::usvg::Group, out: &mut Vec<String>) {
    for node in group.children() {
        match node {
            resvg::usvg::Node::Group(g) => collect_text(g, out),
            resvg::usvg::Node::Text(t) => {
                out.push(t.chunks().iter().map(|c| c.text()).collect());
            }
            _ => {}
        }
    }
}

#[test]
fn escape_handles_every_special_and_control_characters() {
    assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
    assert_eq!(escape("plain"), "plain");
    // Controls and bidirectional overrides shown, as every printer shows them.
    assert_eq!(escape("bell\u{7}tab\t"), "bell\\u{7}tab\t");
    assert_eq!(
        escape("\u{1b}]0;PWNED\u{7} \u{9b}2J \u{202e}x \u{FFFF}"),
        "\\u{1b}]0;PWNED\\u{7} \\u{9b}2J \\u{202e}x \u{FFFD}"
    );
    let mut scene = sample();
    scene.caption = "null\0 and \u{1b}[31m and \u{FFFF}".into();
    scene.counters[2].name = "\u{8}".into();
    parse(&scene_svg(&scene)).expect("control characters do not break the XML");
}

#[test]
fn odd_inputs_still_draw() {
    let mut scene = sample();
    scene.title.clear();
    scene.caption.clear();
    scene.sides.clear();
    scene.counters[0].side = 9;
    scene.counters[0].facing = Some(f64::NAN);
    scene.counters[1].facing = Some(-725.0);
    scene.counters[2].face.pips = 200;
    scene.counters[2].face.bar = Some(Bar {
        fill: f64::INFINITY,
        ticks: vec![f64::NAN, 2.0],
    });
    scene.counters[3].at = at(9999);
    scene.counters[4].at = Place::Point(Point::new(3.0, 3.0));
    scene.terrain.push(Terrain {
        kind: "crest".into(),
        look: Look::Crest,
        shape: Shape::Edges {
            edges: vec![(cell(101), cell(505))],
        },
    });
    scene.terrain.push(cells("hill", Look::Hill, [4242]));
    scene.marks.push(mark(path(&[101], MOVE), 0));
    scene.marks.push(mark(path(&[], CHARGE), 0));
    scene.marks.push(mark(link(202, 202, ATTACK), 0));
    scene.marks.push(mark(
        MarkShape::Arc {
            at: Point::new(1.0, 1.0),
            facing: 0.0,
            spread: 90.0,
            radius: 5.0,
        },
        0,
    ));
    scene.marks.push(Mark {
        shape: MarkShape::Area {
            places: vec![at(101), at(102)],
        },
        ink: Ink::Neutral,
        label: Some("zone".into()),
    });
    parse(&scene_svg(&scene)).expect("valid");

    let mut table = table_scene();
    table.board = Board::Table {
        width: f64::NAN,
        depth: -4.0,
    };
    table.counters[0].footprint = None;
    table.counters[1].at = at(101);
    let mut huge = table.counters[0].clone();
    huge.at = Place::Point(Point::new(10.0, 10.0));
    huge.footprint = Some(senlac_board::scene::Footprint {
        width: f64::INFINITY,
        depth: f64::NAN,
    });
    table.counters.push(huge);
    table.marks.push(mark(
        MarkShape::Arc {
            at: Point::new(1.0, 1.0),
            facing: 10.0,
            spread: 400.0,
            radius: f64::INFINITY,
        },
        0,
    ));
    parse(&scene_svg(&table)).expect("a broken table still draws");

    let empty = Scene {
        title: String::new(),
        caption: String::new(),
        sides: vec![],
        board: Board::Hex {
            columns: 0,
            rows: 0,
            parity: Parity::Even,
        },
        terrain: vec![],
        counters: vec![],
        marks: vec![],
        overlays: vec![],
        legend: vec![],
    };
    parse(&scene_svg(&empty)).expect("an empty map draws");
}

fn lone(side: usize, label: u16) -> Scene {
    Scene {
        title: "One counter".into(),
        caption: String::new(),
        sides: vec!["Saxons".into(), "Normans".into()],
        board: Board::Hex {
            columns: 5,
            rows: 4,
            parity: Parity::Odd,
        },
        terrain: vec![],
        counters: vec![counter(
            side,
            "IX",
            "Housecurl",
            Symbol::Infantry,
            Weight::Heavy,
            "A",
            7,
            2,
            label,
        )],
        marks: vec![],
        overlays: vec![],
        legend: vec![],
    }
}

fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).expect("hex colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn pixel_at(pixmap: &resvg::tiny_skia::Pixmap, p: Point) -> [u8; 3] {
    let px = pixmap
        .pixel(p.x.round() as u32, p.y.round() as u32)
        .expect("inside the image")
        .demultiply();
    [px.red(), px.green(), px.blue()]
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 12)
}

#[test]
fn counters_are_drawn_in_their_side_colour_where_the_layout_says() {
    for (side, label, empty) in [(0, 202, 504), (1, 403, 101)] {
        let scene = lone(side, label);
        let layout = Layout::new(&scene);
        let pixmap = frame_pixmap(&scene_svg(&scene)).expect("renders");
        assert_eq!(pixmap.width() as f64, layout.width);
        let Surface::Hex { grid, .. } = layout.surface else {
            panic!("a hex map")
        };

        let colour = hex(palette(scene.colour(side)).fill);
        let got = pixel_at(&pixmap, grid.centre(cell(label)));
        assert!(close(got, colour), "side {side}: {got:?} vs {colour:?}");

        let got = pixel_at(&pixmap, grid.centre(cell(empty)));
        assert!(!close(got, colour), "empty hex has {got:?}");
        assert!(
            close(got, hex(OPEN_GROUND)),
            "empty hex is open ground: {got:?}"
        );
    }
    assert!(!close(hex(palette(0).fill), hex(palette(1).fill)));
}

#[test]
fn a_base_on_a_table_is_drawn_where_its_centre_is() {
    let scene = table_scene();
    let layout = Layout::new(&scene);
    let Surface::Table(table) = layout.surface else {
        panic!("a table")
    };
    let pixmap = frame_pixmap(&scene_svg(&scene)).expect("renders");
    // Inside the knights' base, off its face: their colour.
    let Place::Point(centre) = scene.counters[1].at else {
        panic!("a point")
    };
    let base = senlac_board::table::Base {
        centre,
        width: 4.0,
        depth: 3.0,
        facing: 225.0,
    };
    let inside = table.to_px(base.point(-1.8, -1.3));
    assert!(close(pixel_at(&pixmap, inside), hex(palette(1).fill)));
    // Outside it, off every terrain: open ground.
    let outside = table.to_px(Point::new(44.0, 8.0));
    assert!(close(pixel_at(&pixmap, outside), hex(OPEN_GROUND)));
}

/// The centre of `label`'s cell and the height of a hex, in pixels.
fn hex_centre(layout: &Layout, label: u16) -> (Point, f64) {
    let Surface::Hex { grid, .. } = &layout.surface else {
        panic!("a hex map")
    };
    (grid.centre(cell(label)), grid.height)
}

/// How many pixels in the box from `min` to `max` satisfy `test`.
fn count(
    pixmap: &resvg::tiny_skia::Pixmap,
    min: Point,
    max: Point,
    test: impl Fn([u8; 3]) -> bool,
) -> usize {
    let mut n = 0;
    for y in min.y.round() as u32..=max.y.round() as u32 {
        for x in min.x.round() as u32..=max.x.round() as u32 {
            if test(pixel_at(pixmap, Point::new(f64::from(x), f64::from(y)))) {
                n += 1;
            }
        }
    }
    n
}

/// White pixels where a grid counter's id is written (centred, below the symbol).
fn id_pixels(pixmap: &resvg::tiny_skia::Pixmap, c: Point) -> usize {
    count(
        pixmap,
        Point::new(c.x - 10.0, c.y + 4.0),
        Point::new(c.x + 10.0, c.y + 13.0),
        |p| close(p, [255, 255, 255]),
    )
}

#[test]
fn a_units_id_stays_legible_after_it_routs_or_is_slaughtered() {
    for (side, glyph) in [(0, Glyph::Burst), (1, Glyph::Skull)] {
        let mut scene = lone(side, 303);
        let layout = Layout::new(&scene);
        let (c, _) = hex_centre(&layout, 303);
        let standing = frame_pixmap(&scene_svg(&scene)).expect("renders");
        let before = id_pixels(&standing, c);
        assert!(
            before >= 8,
            "side {side}: the id of a standing unit: {before}"
        );

        scene.counters[0].standing = Standing::Falling;
        scene.marks = vec![mark(spot(303, glyph), side)];
        let fallen = frame_pixmap(&scene_svg(&scene)).expect("renders");
        let after = id_pixels(&fallen, c);
        assert!(
            after * 2 >= before,
            "side {side}, {glyph:?}: {after} white pixels of the id left of {before}"
        );
        // The glyph is drawn, beside the counter: its colours right of it.
        let ground = hex(OPEN_GROUND);
        let right = count(
            &fallen,
            Point::new(c.x + 24.0, c.y - 22.0),
            Point::new(c.x + 48.0, c.y),
            |p| {
                p.iter()
                    .zip(ground)
                    .map(|(&x, y)| u32::from(x.abs_diff(y)))
                    .sum::<u32>()
                    > 150
            },
        );
        assert!(
            right >= 40,
            "side {side}: {glyph:?} beside the counter: {right}"
        );
    }
}

#[test]
fn damage_pips_read_on_every_side_colour() {
    for side in 0..4 {
        let mut scene = lone(side, 303);
        scene.counters[0].face.pips = 2;
        let layout = Layout::new(&scene);
        let (c, _) = hex_centre(&layout, 303);
        let pixmap = frame_pixmap(&scene_svg(&scene)).expect("renders");
        // Two pips on a strip near the bottom edge, below the id.
        let (min, max) = (
            Point::new(c.x - 11.0, c.y + 14.0),
            Point::new(c.x + 11.0, c.y + 21.0),
        );
        let pips = count(&pixmap, min, max, |p| close(p, hex(BLOOD)));
        assert!(pips >= 8, "side {side}: {pips} pip pixels");
        let strip_pixels = count(&pixmap, min, max, |p| close(p, hex(PIP_STRIP)));
        assert!(
            strip_pixels >= 8,
            "side {side}: {strip_pixels} strip pixels"
        );
        let (pip, strip) = (hex(BLOOD), hex(PIP_STRIP));
        // Pips and strip stand out from the counter: far from its colour.
        let fill = hex(palette(side).fill);
        let distance = |a: [u8; 3], b: [u8; 3]| -> u32 {
            a.iter()
                .zip(b)
                .map(|(&x, y)| u32::from(x.abs_diff(y)))
                .sum()
        };
        assert!(
            distance(strip, fill) > 200,
            "side {side}: strip on {fill:?}"
        );
        assert!(distance(pip, hex(PIP_STRIP)) > 200, "side {side}");

        scene.counters[0].face.pips = 0;
        let unharmed = frame_pixmap(&scene_svg(&scene)).expect("renders");
        let none = count(&unharmed, min, max, |p| close(p, hex(BLOOD)));
        assert_eq!(none, 0, "side {side}: no damage, no pip");
    }
}

#[test]
fn a_hex_label_is_never_under_a_counter() {
    let mut scene = lone(0, 303);
    // Three counters on one hex fan out upwards, as far as a label.
    for id in ["X", "XI"] {
        let mut more = scene.counters[0].clone();
        more.id = id.into();
        scene.counters.push(more);
    }
    let layout = Layout::new(&scene);
    let svg = scene_svg(&scene);
    let pixmap = frame_pixmap(&svg).expect("renders");
    let label_box = |label: u16| {
        let (c, height) = hex_centre(&layout, label);
        let baseline = c.y - height / 2.0 + 9.5;
        (
            Point::new(c.x - 11.0, baseline - 7.0),
            Point::new(c.x + 11.0, baseline + 1.0),
        )
    };
    // Grey-brown label ink: dark, and far from every side's colour.
    let dark = |p: [u8; 3]| {
        let (lo, hi) = (p.iter().min().unwrap_or(&0), p.iter().max().unwrap_or(&0));
        *hi < 0xb0 && hi - lo < 32
    };
    // An empty hex shows its label: dark digits on open ground.
    let (min, max) = label_box(503);
    assert!(svg.contains(">0503<"));
    assert!(
        count(&pixmap, min, max, dark) >= 10,
        "0503's label is drawn"
    );
    // The occupied one shows none, not a label half under a counter.
    assert!(
        !svg.contains(">0303<"),
        "0303's label would be under its counters"
    );
    let (min, max) = label_box(303);
    let label_ink = count(&pixmap, min, max, dark);
    assert_eq!(label_ink, 0, "no label ink about the counters at 0303");
}

#[test]
fn a_combat_result_links_the_two_with_their_totals_and_marks_the_loser() {
    let mut scene = lone(0, 303);
    let mut enemy = scene.counters[0].clone();
    enemy.side = 1;
    enemy.id = "V".into();
    enemy.at = at(304);
    scene.counters.push(enemy);
    let result = senlac_board::scene::Stroke {
        dash: senlac_board::scene::Dash::Dotted,
        weight: 2.0,
        head: senlac_board::scene::Head::Arrow,
        curved: false,
    };
    scene.marks = vec![
        Mark {
            label: Some("6 vs 4".into()),
            ..mark(link(303, 304, result), 0)
        },
        Mark {
            ink: Ink::Danger,
            ..mark(spot(304, Glyph::Beaten), 1)
        },
    ];
    let svg = scene_svg(&scene);
    assert!(svg.contains(">6 vs 4</text>"), "the totals are written");
    let layout = Layout::new(&scene);
    let pixmap = frame_pixmap(&svg).expect("renders");
    let (loser, _) = hex_centre(&layout, 304);
    let red = count(
        &pixmap,
        Point::new(loser.x + 25.0, loser.y - 22.0),
        Point::new(loser.x + 48.0, loser.y),
        |p| close(p, hex(BLOOD)),
    );
    assert!(red >= 10, "the loser is marked beside its counter: {red}");
    // Both ids still read.
    for label in [303, 304] {
        let (c, _) = hex_centre(&layout, label);
        assert!(id_pixels(&pixmap, c) >= 8, "{label}'s id");
    }
}

#[test]
fn an_impact_link_ends_in_a_burst_at_its_target() {
    let mut scene = lone(1, 303);
    let mut target = scene.counters[0].clone();
    target.side = 0;
    target.at = at(304);
    scene.counters.push(target);
    let home = senlac_board::scene::Stroke {
        head: senlac_board::scene::Head::Impact,
        ..CHARGE
    };
    scene.marks = vec![mark(link(303, 304, home), 1)];
    let svg = scene_svg(&scene);
    assert_eq!(svg.matches("xlink:href=\"#burst\"").count(), 1, "{svg}");
    let layout = Layout::new(&scene);
    let pixmap = frame_pixmap(&svg).expect("renders");
    // 0304 is below 0303: the burst sits at the target's top edge.
    let (t, _) = hex_centre(&layout, 304);
    let burst = count(
        &pixmap,
        Point::new(t.x - 12.0, t.y - 40.0),
        Point::new(t.x + 12.0, t.y - 20.0),
        |[r, g, b]| r > 200 && (100..190).contains(&g) && b < 130,
    );
    assert!(burst >= 20, "an impact burst at the target: {burst}");
}

#[test]
fn a_glyph_goes_on_the_side_away_from_the_line_that_reaches_its_counter() {
    let mut scene = lone(0, 303);
    let mut winner = scene.counters[0].clone();
    winner.side = 1;
    winner.at = at(503);
    scene.counters.push(winner);
    let loser_mark = Mark {
        ink: Ink::Danger,
        ..mark(spot(303, Glyph::Beaten), 0)
    };
    let layout = Layout::new(&scene);
    let (c, _) = hex_centre(&layout, 303);
    let red = |scene: &Scene, dx: f64| {
        let pixmap = frame_pixmap(&scene_svg(scene)).expect("renders");
        let x = c.x + dx;
        count(
            &pixmap,
            Point::new(x - 12.0, c.y - 22.0),
            Point::new(x + 12.0, c.y),
            |p| close(p, hex(BLOOD)),
        )
    };
    // Alone: right of the counter.
    scene.marks = vec![loser_mark.clone()];
    assert!(red(&scene, 35.0) >= 10);
    assert_eq!(red(&scene, -35.0), 0);
    // A link from the right (the winner at 0503): the glyph goes left.
    scene.marks = vec![mark(link(503, 303, ATTACK), 1), loser_mark];
    assert!(red(&scene, -35.0) >= 10, "left of the counter");
    assert_eq!(
        red(&scene, 35.0),
        0,
        "nothing right of it, where the link comes in"
    );
    // A labelled link from the left outweighs a plain one from the right.
    let mut third = scene.counters[1].clone();
    third.at = at(103);
    scene.counters.push(third);
    scene.marks.insert(
        0,
        Mark {
            label: Some("6 vs 4".into()),
            ..mark(link(103, 303, ATTACK), 1)
        },
    );
    assert!(red(&scene, 35.0) >= 10, "right, away from the label");
    assert_eq!(red(&scene, -35.0), 0);
}

#[test]
fn a_unit_of_several_squares_stands_in_the_middle_of_its_base() {
    // Pikes 2×2 on 0202-0303 (its middle square 0202), a route that brought
    // it there from 0203, and an attack on it from the horse at 0502.
    let mut scene = square_scene();
    scene.counters.truncate(1);
    scene.counters[0].footprint = Some(senlac_board::scene::Footprint {
        width: 2.0,
        depth: 2.0,
    });
    let mut horse = scene.counters[0].clone();
    horse.side = 1;
    horse.id = "H".into();
    horse.footprint = None;
    horse.at = at(502);
    scene.counters.push(horse);
    scene.marks = vec![
        mark(path(&[203, 202], MOVE), 0),
        Mark {
            label: Some("14+3=17 hit 9".into()),
            ..mark(link(502, 202, ATTACK), 1)
        },
    ];
    let layout = Layout::new(&scene);
    let Surface::Square { grid, .. } = layout.surface else {
        panic!("squares")
    };
    let placed = layout.counters(&scene);
    let pikes = &placed[0];
    let base = pikes.base.expect("a base");
    let (nw, se) = (grid.corners(cell(202))[0], grid.corners(cell(303))[2]);
    assert_eq!((base.x, base.y), (nw.x, nw.y));
    assert_eq!((base.x + base.width, base.y + base.height), (se.x, se.y));
    // The counter and whatever meets it: the middle of the base.
    let middle = nw.midpoint(se);
    assert_eq!(pikes.anchor, middle);
    assert_eq!(pikes.centre, middle);
    assert_eq!(layout.anchor(&scene, at(202)), Some(middle));
    assert_eq!(placed[1].base, None, "one square, no base");

    let svg = scene_svg(&scene);
    let pixmap = frame_pixmap(&svg).expect("renders");
    let red = hex(palette(scene.colour(0)).fill);
    // The counter at the base's middle, the base's edge in the side's colour
    // down its west side, and no counter on the middle square's centre.
    assert!(close(pixel_at(&pixmap, middle), red));
    let edge = Point::new(base.x + 3.0, middle.y + 20.0);
    assert!(close(pixel_at(&pixmap, edge), red), "the base's edge");
    let square = grid.centre(cell(202));
    assert!(!close(pixel_at(&pixmap, square), red));
    // The attack's label lies off both counters.
    let labels = senlac_render::svg::label_boxes(&scene, &layout);
    assert_eq!(labels.len(), 1);
    for p in &placed {
        assert_eq!(labels[0].rect.overlap(&p.face), 0.0, "{}", p.counter.id);
    }
    // The route moved with the counter: from the middle of 0203's base.
    let start = Point::new(middle.x, middle.y + grid.size);
    assert!(
        svg.contains(&format!("cx=\"{}\" cy=\"{}\"", start.x, start.y)),
        "the route starts at {start:?}"
    );
}

/// The `width` attribute of an SVG document's root.
fn root_width(svg: &str) -> f64 {
    let start = svg.find("<svg").expect("an svg root");
    let attr = &svg[start..][svg[start..].find(" width=\"").expect("a width") + 8..];
    attr[..attr.find('"').expect("a closing quote")]
        .parse()
        .expect("a number")
}

#[test]
fn the_replays_legend_column_is_as_wide_as_its_longest_label() {
    let mut scene = sample();
    let short = film([scene.clone()]).legend;
    assert_eq!(root_width(&short), LEGEND_WIDTH);
    // A label of 60 characters at 11 px is wider than the 230 px column:
    // the column grows rather than cut it off at the edge.
    let long = "A counter: morale top left, shield wall top right, and more";
    scene.legend[0].label = long.into();
    let wide = film([scene]).legend;
    assert!(wide.contains(&format!(">{long}</text>")));
    assert!(root_width(&wide) > LEGEND_WIDTH, "{}", root_width(&wide));
}

/// `lone`'s map with a zone for each side offered as overlay `zoc`: side
/// 0's over 0302 (its counter's hex) and 0303, side 1's over 0303 and 0304.
fn zoned(shown: bool) -> Scene {
    let mut scene = lone(0, 302);
    let area = |side: usize, labels: &[u16]| Mark {
        shape: MarkShape::Area {
            places: labels.iter().map(|&l| at(l)).collect(),
        },
        ink: Ink::Side(side),
        label: None,
    };
    scene.overlays = vec![Overlay {
        name: "zoc",
        marks: vec![area(0, &[302, 303]), area(1, &[303, 304])],
        shown,
    }];
    scene.legend = vec![LegendEntry {
        label: "Saxons' zones of control".into(),
        sample: Sample::Overlay {
            name: "zoc",
            ink: Ink::Side(0),
        },
    }];
    scene
}

/// How many of the pixels within a third of a hex of `label`'s centre are
/// not open ground.
fn tinted(pixmap: &resvg::tiny_skia::Pixmap, layout: &Layout, label: u16) -> usize {
    let (c, h) = hex_centre(layout, label);
    let r = h / 3.0;
    count(
        pixmap,
        Point::new(c.x - r, c.y - r),
        Point::new(c.x + r, c.y + r),
        |p| !close(p, hex(OPEN_GROUND)),
    )
}

#[test]
fn an_overlay_is_drawn_only_when_shown_under_the_counters() {
    let hidden = zoned(false);
    let svg = scene_svg(&hidden);
    assert!(
        !svg.contains("overlay-zoc") && !svg.contains("zone-0"),
        "{svg}"
    );
    assert!(!svg.contains("zones of control"), "no legend entry: {svg}");
    let layout = Layout::new(&hidden);
    let pixmap = frame_pixmap(&svg).expect("renders");
    assert_eq!(tinted(&pixmap, &layout, 303), 0);

    let shown = zoned(true);
    let svg = scene_svg(&shown);
    assert!(svg.contains("<g class=\"overlay-zoc\">"), "{svg}");
    assert!(svg.contains("id=\"zone-0\"") && svg.contains("id=\"zone-1\""));
    assert!(svg.contains("Saxons&apos; zones of control"), "{svg}");
    let layout = Layout::new(&shown);
    let pixmap = frame_pixmap(&svg).expect("renders");
    // The zones' hexes are hatched; another is not.
    for label in [303, 304] {
        assert!(tinted(&pixmap, &layout, label) > 20, "{label}");
    }
    assert_eq!(tinted(&pixmap, &layout, 504), 0);
    // The counter in a zone is drawn over it, in its colour.
    let (centre, _) = hex_centre(&layout, 302);
    let got = pixel_at(&pixmap, centre);
    assert!(close(got, hex(palette(shown.colour(0)).fill)), "{got:?}");
}

#[test]
fn a_film_draws_every_overlay_for_the_page_to_toggle() {
    let film = senlac_render::svg::film([zoned(false), zoned(false)]);
    // Two frames of two zones each, each zone a piece defined once.
    assert_eq!(
        film.board
            .matches("<use class=\"overlay-zoc\" data-href=")
            .count(),
        4,
        "{}",
        film.board
    );
    assert_eq!(film.board.matches("fill=\"url(#zone-").count(), 2);
    assert!(
        film.board.contains("<pattern id=\"zone-0\"")
            && film.board.contains("<pattern id=\"zone-1\"")
    );
    assert!(
        film.legend.contains("<g class=\"overlay-zoc\">"),
        "{}",
        film.legend
    );
}

/// A film's limit counts the bytes its pieces and references take as they
/// are written, exactly: one byte under them stops it at the last frame,
/// and none under makes the film.
#[test]
fn a_film_stops_at_its_limit_counted_in_the_bytes_it_writes() {
    use senlac_render::svg::{TooLarge, film_within};
    let mut moved = sample();
    moved.counters[0].at = at(404);
    let scenes = vec![zoned(false), sample(), moved, sample()];
    let board = film(scenes.clone()).board;
    // The pieces, in the board's definitions, and the reel of frames.
    let pieces_from = board.find("<g id=\"piece-0\">").unwrap();
    let pieces_to = pieces_from + board[pieces_from..].find("</defs>").unwrap();
    let reel_from = board.find("<g id=\"frame-0\"").unwrap();
    let reel_to = board.rfind("</g>\n").unwrap() + "</g>\n".len();
    let written = (pieces_to - pieces_from) + (reel_to - reel_from);
    assert!(written > 1000, "{written}");
    assert_eq!(
        film_within(scenes.clone(), written - 1).err(),
        Some(TooLarge {
            frames: 4,
            bytes: written
        })
    );
    assert_eq!(film_within(scenes.clone(), written).unwrap().board, board);
    // A small limit stops at the first frame, holding no more.
    assert_eq!(film_within(scenes, 10).err().map(|t| t.frames), Some(1));
}

/// A table's linear terrain: a ford and a bridge drawn over the river they
/// cross whatever the scene's order, a wall and a ditch over the ground;
/// the rulers count up from the near (bottom) edge, as the notation
/// measures; a base carries its marker chit upright.
#[test]
fn table_lines_cross_their_river_and_rulers_count_from_the_near_edge() {
    use senlac_board::scene::{Ink, Marker};
    let p = Point::new;
    let line = |kind: &str, look, points: Vec<Point>, width| Terrain {
        kind: kind.into(),
        look,
        shape: Shape::Line { points, width },
    };
    let mut table = table_scene();
    table.terrain = vec![
        line("ford", Look::Ford, vec![p(24.0, 6.0), p(24.0, 10.0)], 2.0),
        line(
            "bridge",
            Look::Bridge,
            vec![p(40.0, 6.0), p(40.0, 10.0)],
            1.5,
        ),
        line("river", Look::Water, vec![p(0.0, 8.0), p(48.0, 8.0)], 2.0),
        line("wall", Look::Wall, vec![p(4.0, 20.0), p(12.0, 22.0)], 0.5),
        line(
            "ditch",
            Look::Ditch,
            vec![p(30.0, 30.0), p(44.0, 30.0)],
            1.0,
        ),
    ];
    table.counters[0].face.marker = Some(Marker {
        text: "ATTACKED".into(),
        ink: Ink::Danger,
    });
    table.legend = vec![
        LegendEntry {
            label: "Ford".into(),
            sample: Sample::Terrain { look: Look::Ford },
        },
        LegendEntry {
            label: "Wall".into(),
            sample: Sample::Terrain { look: Look::Wall },
        },
    ];
    let svg = scene_svg(&table);
    parse(&svg).expect("valid");
    // 18 pixels an inch from (48, 83): the river at 8" down, the ford
    // across it at 24" along.
    let river = svg.find(r#"d="M48,227L912,227""#).expect("the river");
    let ford = svg.find(r#"d="M480,191L480,263""#).expect("the ford");
    let bridge = svg.find(r#"d="M768,191L768,263""#).expect("the bridge");
    assert!(river < ford && river < bridge, "crossings over the river");
    // The ford's sand, between its banks' edges, flat-ended.
    assert!(svg.contains(
        r##"d="M480,191L480,263" fill="none" stroke="#d9cfa4" stroke-width="36" stroke-linecap="butt""##
    ));
    // Wall stones, dashed; the ditch's cut, unbroken.
    assert!(svg.contains(r##"stroke="#8d887c" stroke-width="8" stroke-linecap="butt" stroke-linejoin="round" stroke-dasharray="5 1.5""##), "{svg}");
    assert!(
        svg.contains(r##"d="M588,623L840,623" fill="none" stroke="#6e5532" stroke-width="7.2""##)
    );
    // 6" up from the near edge is 30" down: 83 + 30 × 18.
    assert!(svg.contains(r#"<text x="44" y="626" text-anchor="end">6″</text>"#));
    assert!(svg.contains(r#"<text x="44" y="194" text-anchor="end">30″</text>"#));
    assert!(svg.contains(">ATTACKED</text>"));
    if let Some(dir) = std::env::var_os("SENLAC_TABLE_PICTURE") {
        let png = frame_png(&svg).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("table-lines.png"), png).unwrap();
    }
}
