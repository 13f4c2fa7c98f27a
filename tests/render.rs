//! `senlac render` end to end: the Hastings figures, PNGs, the animations, and names that
//! cannot leave the output directory.

use std::path::Path;
use std::process::{Command, Output};

fn senlac(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .arg("-o")
        .arg(dir)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .unwrap()
}

mod common;
use common::HASTINGS_FIGURES as FIGURES;

#[test]
fn hastings_yields_the_seventeen_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &["render", "samples/hastings.sbn", "--at", "figures", "--png"],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut expected: Vec<String> = FIGURES
        .iter()
        .flat_map(|f| [format!("{f}.png"), format!("{f}.svg")])
        .collect();
    expected.sort();
    assert_eq!(written, expected);
    for figure in FIGURES {
        let svg = std::fs::read_to_string(dir.path().join(format!("{figure}.svg"))).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{figure}"
        );
        let png = std::fs::read(dir.path().join(format!("{figure}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{figure}");
    }
    // The caption of the final figure is in its frame; Harold's IX is on the field there.
    let last = std::fs::read_to_string(dir.path().join("finalCharge.svg")).unwrap();
    assert!(last.contains("Final Charge"));
    let slaughtered = std::fs::read_to_string(dir.path().join("justHaroldNow.svg")).unwrap();
    assert!(slaughtered.contains("Harold&apos;s Left Slaughtered"));
}

#[test]
fn turns_and_points_are_named_safely() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "1",
            "1.Normans.volley",
            "fig:finalCharge",
        ],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in [
        "turn-01.svg",
        "turn-01-normans-volley.svg",
        "finalCharge.svg",
    ] {
        assert!(dir.path().join(name).exists(), "{name}");
    }
    let missing = senlac(
        &["render", "samples/hastings.sbn", "--at", "fig:nowhere"],
        dir.path(),
    );
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn a_figure_name_cannot_leave_the_output_directory() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("evil.sbn");
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/fulford.sbn"),
    )
    .unwrap();
    let evil = sample.replace(
        "{ edition b: an attack costs 1 }",
        "{ [%fig ../../escaped \"Out\"] }",
    );
    std::fs::write(&log, evil).unwrap();
    let out_dir = dir.path().join("out");
    let out = senlac(
        &["render", log.to_str().unwrap(), "--at", "figures"],
        &out_dir,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("notation::invalid-figure-name"));
    assert!(!dir.path().join("escaped.svg").exists());
    assert!(!out_dir.join("escaped.svg").exists());
}

/// Hastings replayed with its timeline, for tests that read scenes.
fn hastings() -> Box<dyn senlac_engine::Game> {
    let text = std::fs::read_to_string(common::root().join("samples/hastings.sbn")).unwrap();
    let archive = senlac_notation::parse(&text);
    senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
        .unwrap_or_else(|_| panic!("Hastings names its rules"))
}

/// Harrow Ford (TDGS, on squares) replayed with its timeline.
fn harrow_ford() -> Box<dyn senlac_engine::Game> {
    let text = std::fs::read_to_string(common::root().join("samples/harrow-ford.sbn")).unwrap();
    let archive = senlac_notation::parse(&text);
    senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
        .unwrap_or_else(|_| panic!("Harrow Ford names its rules"))
}

/// In every figure of Harrow Ford, each mark label's tag (an attack's
/// "8+13=21 hit 29", a check's "cascade 14") lies clear of every counter's
/// face, where its corner numbers, HP bar and id are written, and of every
/// other label, inside the map: computed from the layout the drawing uses.
#[test]
fn harrow_ford_labels_cover_no_counter_and_no_other_label() {
    use senlac_render::layout::Layout;
    let game = harrow_ford();
    let names: Vec<&str> = game.figures().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "levyBreaks",
            "levyRallied",
            "lastStand",
            "gormFalls",
            "fordHeld"
        ]
    );
    let mut checked = 0;
    for (i, name) in names.iter().enumerate() {
        let scene = game.figure_scene(i).unwrap();
        let layout = Layout::new(&scene);
        let labels = senlac_render::svg::label_boxes(&scene, &layout);
        let labelled = scene.marks.iter().filter(|m| m.label.is_some()).count();
        assert_eq!(labels.len(), labelled, "{name}: every label is drawn");
        let counters = layout.counters(&scene);
        assert_eq!(counters.len(), scene.counters.len(), "{name}");
        for (j, label) in labels.iter().enumerate() {
            for placed in &counters {
                assert_eq!(
                    label.rect.overlap(&placed.face),
                    0.0,
                    "{name}: {:?} covers {}'s counter ({:?} over {:?})",
                    label.text,
                    placed.counter.id,
                    label.rect,
                    placed.face
                );
            }
            for other in &labels[j + 1..] {
                assert_eq!(
                    label.rect.overlap(&other.rect),
                    0.0,
                    "{name}: {:?} and {:?} overlap",
                    label.text,
                    other.text
                );
            }
            assert!(
                label.rect.outside(&layout.map) < 1e-6,
                "{name}: {:?} leaves the map",
                label.text
            );
            checked += 1;
        }
    }
    // The attacks, checks and cascades of five figures.
    assert!(checked >= 12, "{checked} labels");
}

/// In every figure of every sample, no label covers a counter's face or
/// another label, no two counters' faces overlap (a leader stacked with
/// a unit is drawn beside it), and no glyph beside a unit covers a counter
/// standing with it: computed from the layout the drawing uses.
#[test]
fn no_figure_of_any_sample_has_a_label_or_counter_over_another() {
    use senlac_render::layout::Layout;
    let mut problems = Vec::new();
    let mut checked = (0, 0, 0);
    for sample in [
        "hastings",
        "fulford",
        "harrow-ford",
        "hastings-1066-st",
        "usk-ford",
    ] {
        let text =
            std::fs::read_to_string(common::root().join(format!("samples/{sample}.sbn"))).unwrap();
        let archive = senlac_notation::parse(&text);
        let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
            .unwrap_or_else(|_| panic!("{sample} names its rules"));
        for (i, figure) in game.figures().iter().enumerate() {
            let name = format!("{sample} {}", figure.name);
            let scene = game.figure_scene(i).unwrap();
            let layout = Layout::new(&scene);
            let labels = senlac_render::svg::label_boxes(&scene, &layout);
            let counters = layout.counters(&scene);
            for (j, label) in labels.iter().enumerate() {
                for placed in &counters {
                    if label.rect.overlap(&placed.face) > 0.0 {
                        problems.push(format!(
                            "{name}: {:?} covers {}",
                            label.text, placed.counter.id
                        ));
                    }
                }
                for other in &labels[j + 1..] {
                    if label.rect.overlap(&other.rect) > 0.0 {
                        problems.push(format!(
                            "{name}: {:?} and {:?} overlap",
                            label.text, other.text
                        ));
                    }
                }
                checked.0 += 1;
            }
            // A glyph beside a unit lies off the counters standing with it
            // (a leader beside it).
            for (mark, glyph) in senlac_render::svg::glyph_boxes(&scene, &layout) {
                let senlac_board::scene::MarkShape::Spot { at, .. } = scene.marks[mark].shape
                else {
                    panic!("a glyph is a spot")
                };
                for placed in counters.iter().filter(|p| p.counter.at == at) {
                    if glyph.overlap(&placed.face) > 0.0 {
                        problems.push(format!("{name}: a glyph covers {}", placed.counter.id));
                    }
                }
                checked.2 += 1;
            }
            // On a table a personality's small counter is drawn over the
            // edge of its unit's base (the beside offset is a hex counter's):
            // a known gap of the table drawing (samples/usk-ford.sbn), not
            // counted until it is closed.
            let on_table = matches!(scene.board, senlac_board::scene::Board::Table { .. });
            let personality_on_its_base =
                |a: &senlac_render::placement::Placed, b: &senlac_render::placement::Placed| {
                    on_table && a.counter.at == b.counter.at && (a.counter.small != b.counter.small)
                };
            for (j, a) in counters.iter().enumerate() {
                for b in &counters[j + 1..] {
                    if personality_on_its_base(a, b) {
                        continue;
                    }
                    if a.face.overlap(&b.face) > 0.0 {
                        problems.push(format!(
                            "{name}: {} and {} overlap",
                            a.counter.id, b.counter.id
                        ));
                    }
                }
                checked.1 += 1;
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        checked.0 > 20 && checked.1 > 300 && checked.2 > 20,
        "{checked:?} labels, counters and glyphs"
    );
}

/// The fill of each side's counters (by name) in a drawn frame: each
/// counter's tooltip names its side, its body refers to a side's body
/// defined once with its colour.
fn counter_fills(svg: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut fills: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (at, _) in svg.match_indices("<title>") {
        let title = &svg[at + "<title>".len()..];
        let title = &title[..title.find("</title>").unwrap()];
        let Some((_, side)) = title.split_once(" \u{2014} ") else {
            continue;
        };
        let side = side.split(',').next().unwrap().to_string();
        let body = &svg[at..];
        let body = &body[body.find("xlink:href=\"#counter-").unwrap() + "xlink:href=\"#".len()..];
        let body = &body[..body.find('"').unwrap()];
        let def = &svg[svg.find(&format!("<g id=\"{body}\">")).unwrap()..];
        // The shadow is black; the body's fill is the side's.
        let fill = def
            .split("fill=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .find(|&f| f != "#000")
            .unwrap()
            .to_string();
        let seen = fills.entry(side).or_default();
        if !seen.contains(&fill) {
            seen.push(fill);
        }
    }
    fills
}

/// A side's colour follows its name, not its place in the Sides tag: the
/// Saxons are one colour in both Hastings samples (listed first in one,
/// second in the other), and a battle with its sides swapped keeps each
/// side's colour.
#[test]
fn a_side_has_one_colour_whichever_it_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let swapped = dir.path().join("swapped.sbn");
    let text = std::fs::read_to_string(common::root().join("samples/hastings.sbn")).unwrap();
    assert!(text.contains("[Sides \"Saxons Normans\"]"));
    std::fs::write(
        &swapped,
        text.replace("[Sides \"Saxons Normans\"]", "[Sides \"Normans Saxons\"]"),
    )
    .unwrap();
    let mut drawn = Vec::new();
    for (name, log) in [
        ("hastings", common::root().join("samples/hastings.sbn")),
        ("st", common::root().join("samples/hastings-1066-st.sbn")),
        ("swapped", swapped),
    ] {
        let out = dir.path().join(name);
        let run = senlac(
            &[
                "render",
                log.to_str().unwrap(),
                "--at",
                "setup",
                "--crop",
                "none",
            ],
            &out,
        );
        assert!(run.status.success(), "{name}: {run:?}");
        let fills = counter_fills(&std::fs::read_to_string(out.join("setup.svg")).unwrap());
        for side in ["Saxons", "Normans"] {
            assert_eq!(fills.get(side).map(Vec::len), Some(1), "{name}: {fills:?}");
        }
        assert_ne!(fills["Saxons"], fills["Normans"], "{name}");
        drawn.push((name, fills));
    }
    for (name, fills) in &drawn[1..] {
        for side in ["Saxons", "Normans"] {
            assert_eq!(
                fills[side], drawn[0].1[side],
                "{side} in {name} and hastings"
            );
        }
    }
}

/// The counters of each side (by name) in a figure's scene.
fn counters_per_side(game: &dyn senlac_engine::Game, figure: &str) -> Vec<(String, usize)> {
    let index = game
        .figures()
        .iter()
        .position(|f| f.name == figure)
        .unwrap();
    let scene = game.figure_scene(index).unwrap();
    scene
        .sides
        .iter()
        .enumerate()
        .map(|(side, name)| {
            let n = scene.counters.iter().filter(|c| c.side == side).count();
            (name.clone(), n)
        })
        .collect()
}

#[test]
fn a_setup_figure_draws_the_setup_as_it_stands_at_its_mark() {
    let game = hastings();
    let count = |figure| counters_per_side(game.as_ref(), figure);
    let sides = |saxons: usize, normans: usize| {
        vec![
            ("Saxons".to_string(), saxons),
            ("Normans".to_string(), normans),
        ]
    };
    // The field alone, then Harold's army, then William's beside it.
    assert_eq!(count("battlegrid"), sides(0, 0));
    assert_eq!(count("haroldsArrives"), sides(9, 0));
    assert_eq!(count("williamArrives"), sides(9, 7));
    // The terrain is drawn in all three.
    let first = game.figure_scene(0).unwrap();
    assert!(!first.terrain.is_empty());
    // A figure after the setup leaves nothing out: the first figure of play
    // has the Saxons' fyrd I and II falling, all the rest on the field.
    assert_eq!(count("fyrdOneTwoDesert"), sides(9, 7));
}

#[test]
fn the_setup_figures_differ_in_their_svgs() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(&["render", "samples/hastings.sbn"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let counters = |figure: &str| {
        std::fs::read_to_string(dir.path().join(format!("{figure}.svg")))
            .unwrap()
            .matches("xlink:href=\"#counter-")
            .count()
    };
    assert_eq!(counters("battlegrid"), 0);
    assert_eq!(counters("haroldsArrives"), 9);
    assert_eq!(counters("williamArrives"), 16);
}

/// The attacks a figure draws, each pair of units once: solid arrowed links
/// (a declaration) or links labelled with the totals (a resolution).
fn attack_marks(game: &dyn senlac_engine::Game, figure: &str) -> Vec<(String, String)> {
    use senlac_board::scene::{Dash, Head, MarkShape, Place};
    let index = game
        .figures()
        .iter()
        .position(|f| f.name == figure)
        .unwrap();
    let scene = game.figure_scene(index).unwrap();
    let cell = |p: &Place| match p {
        Place::Cell(c) => c.to_string(),
        other => format!("{other:?}"),
    };
    let mut pairs: Vec<(String, String)> = scene
        .marks
        .iter()
        .filter_map(|m| match &m.shape {
            MarkShape::Link { from, to, stroke }
                if (stroke.dash == Dash::Solid && stroke.head == Head::Arrow)
                    || m.label.as_deref().is_some_and(|l| l.contains(" vs ")) =>
            {
                Some((cell(from), cell(to)))
            }
            _ => None,
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    pairs
}

#[test]
fn every_figure_draws_what_happened_since_the_figure_before_it() {
    let game = hastings();
    // bretonsRoute is the first figure of 8.Normans: it draws that side's
    // turn so far, the three attacks declared (III on V, V on VII, VI on V).
    let bretons = attack_marks(game.as_ref(), "bretonsRoute");
    assert_eq!(bretons.len(), 3, "{bretons:?}");
    // frenchRoute draws only what happened since bretonsRoute: V's attack
    // on VII, resolved (French V at 0705, housecurls VII at 0704).
    let french = attack_marks(game.as_ref(), "frenchRoute");
    assert_eq!(french, [("0705".to_string(), "0704".to_string())]);
    // And so does the next: VI's attack on fyrd V.
    assert_eq!(attack_marks(game.as_ref(), "haroldsFyrdLeftRoute").len(), 1);
}

#[test]
fn a_figure_is_drawn_the_same_alone_or_among_the_others() {
    let all = tempfile::tempdir().unwrap();
    let one = tempfile::tempdir().unwrap();
    assert_eq!(
        senlac(
            &["render", "samples/hastings.sbn", "--at", "figures"],
            all.path()
        )
        .status
        .code(),
        Some(0)
    );
    assert_eq!(
        senlac(
            &[
                "render",
                "samples/hastings.sbn",
                "--at",
                "fig:frenchRoute",
                "fig:haroldsArrives"
            ],
            one.path()
        )
        .status
        .code(),
        Some(0)
    );
    for figure in ["frenchRoute", "haroldsArrives"] {
        let read = |dir: &Path| std::fs::read(dir.join(format!("{figure}.svg"))).unwrap();
        assert!(read(all.path()) == read(one.path()), "{figure}");
    }
}

/// The files a run wrote, sorted.
fn written(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn without_at_a_log_with_no_figure_marks_gets_one_frame_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(&["render", "samples/fulford.sbn"], dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("no figure marks: drawing one frame per turn"),
        "{stderr}"
    );
    // Fulford is one turn: the setup and turn 1.
    assert_eq!(written(dir.path()), ["setup.svg", "turn-01.svg"]);
    // With figure marks, no --at draws the figures, and says nothing of turns.
    let figures = tempfile::tempdir().unwrap();
    let out = senlac(&["render", "samples/hastings.sbn"], figures.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no figure marks"));
    assert_eq!(written(figures.path()).len(), FIGURES.len());
}

#[test]
fn several_kinds_of_frame_at_once_are_drawn_once_each() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "turns",
            "phases",
            "1",
            "fig:finalCharge",
            "figures",
        ],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = written(dir.path());
    for name in [
        "turn-01.svg",
        "turn-01-normans-volley.svg",
        "finalCharge.svg",
        "battlegrid.svg",
        "setup.svg",
    ] {
        assert!(names.contains(&name.to_string()), "{name} in {names:?}");
    }
    let turns = names
        .iter()
        .filter(|n| n.starts_with("turn-") && n.len() == "turn-01.svg".len())
        .count();
    let phases = names
        .iter()
        .filter(|n| n.starts_with("turn-") && n.len() > "turn-01.svg".len())
        .count();
    assert!(turns >= 9 && phases > turns, "{names:?}");
    // setup, every turn, every phase and every figure, each once.
    assert_eq!(names.len(), 1 + turns + phases + FIGURES.len());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("wrote {} files", names.len())),
        "{stderr}"
    );
}

/// A PNG's width and height, from its IHDR chunk.
fn png_size(png: &[u8]) -> (u32, u32) {
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn width_scales_the_png_and_keeps_its_shape() {
    let full = tempfile::tempdir().unwrap();
    let small = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "samples/hastings.sbn",
        "--at",
        "fig:finalCharge",
        "--png",
    ];
    assert_eq!(senlac(&args, full.path()).status.code(), Some(0));
    let mut narrow = args.to_vec();
    narrow.extend(["--width", "404"]);
    let out = senlac(&narrow, small.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h) = png_size(&std::fs::read(full.path().join("finalCharge.png")).unwrap());
    let (sw, sh) = png_size(&std::fs::read(small.path().join("finalCharge.png")).unwrap());
    assert_eq!(sw, 404);
    let expected = (f64::from(h) * 404.0 / f64::from(w)).round() as u32;
    assert_eq!(sh, expected, "{w}x{h} drawn as {sw}x{sh}");
    // The SVG is the same either way; a width of nothing is refused.
    assert_eq!(
        std::fs::read(full.path().join("finalCharge.svg")).unwrap(),
        std::fs::read(small.path().join("finalCharge.svg")).unwrap()
    );
    let mut zero = args.to_vec();
    zero.extend(["--width", "0"]);
    assert_eq!(senlac(&zero, small.path()).status.code(), Some(2));
}

/// The centre of the counter whose tooltip starts with `id` and a space.
fn counter_at(svg: &str, id: &str) -> (f64, f64) {
    let title = format!("\"><title>{id} ");
    let end = svg.find(&title).unwrap_or_else(|| panic!("{id}'s counter"));
    let start = svg[..end].rfind("translate(").unwrap() + "translate(".len();
    let (x, y) = svg[start..end]
        .trim_end_matches(')')
        .split_once(' ')
        .unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn hastings_figures_show_the_combat_the_charge_and_who_fell() {
    let dir = tempfile::tempdir().unwrap();
    // The whole map, so a counter's place in the drawing is its pixel.
    let out = senlac(
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "figures",
            "--crop",
            "none",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    let read =
        |figure: &str| std::fs::read_to_string(dir.path().join(format!("{figure}.svg"))).unwrap();

    // "VI resolve VIII > VIII rout > VI escape => attack=7 defense=4": the
    // two linked with their totals, the loser marked beside its counter.
    let routs = read("haroldsLeftRoutes");
    assert!(routs.contains(">7 vs 4</text>"), "the totals are drawn");
    assert_eq!(
        routs.matches("d=\"M-7,-8L0,-1L7,-8M-7,0L0,7L7,0\"").count(),
        2 + 2,
        "the loser's double chevron (and the legend's)"
    );
    // VIII routs there: its id is still written in white over its counter.
    let pixmap = senlac_render::png::frame_pixmap(&routs).unwrap();
    let (cx, cy) = counter_at(&routs, "VIII");
    let mut white = 0;
    for y in (cy + 4.0) as u32..=(cy + 13.0) as u32 {
        for x in (cx - 12.0) as u32..=(cx + 12.0) as u32 {
            let p = pixmap.pixel(x, y).unwrap().demultiply();
            if [p.red(), p.green(), p.blue()].iter().all(|&v| v >= 240) {
                white += 1;
            }
        }
    }
    assert!(
        white >= 10,
        "VIII's id after it routs: {white} white pixels"
    );

    // "VI charge VIII 0304-0404": the charge reaches VIII with an impact.
    let charge = read("secondCavalryCharge");
    let (vx, vy) = counter_at(&charge, "VIII");
    let burst = "\"><use xlink:href=\"#burst\" transform=\"scale(.3)\"/>";
    assert_eq!(charge.matches(burst).count(), 1, "one impact");
    let end = charge.find(burst).unwrap();
    let start = charge[..end].rfind("translate(").unwrap() + "translate(".len();
    let (x, y) = charge[start..end]
        .trim_end_matches(')')
        .split_once(' ')
        .unwrap();
    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
    let distance = ((x - vx).powi(2) + (y - vy).powi(2)).sqrt();
    assert!(
        (20.0..35.0).contains(&distance),
        "the impact is at VIII's edge: {distance} px from its centre"
    );
}

/// A GIF's frames as shown, each laid over the one before (every frame but
/// the first keeps what it does not draw), with its delay.
struct Shown {
    width: usize,
    height: usize,
    repeat: gif::Repeat,
    frames: Vec<(Vec<u8>, u16)>,
}

fn shown(gif_bytes: &[u8]) -> Shown {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif_bytes).unwrap();
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let repeat = decoder.repeat();
    let mut canvas = vec![0u8; width * height * 4];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        for (i, pixel) in frame.buffer.chunks_exact(4).enumerate() {
            if pixel[3] == 0 {
                continue;
            }
            let (x, y) = (
                left + i % usize::from(frame.width),
                top + i / usize::from(frame.width),
            );
            let at = (y * width + x) * 4;
            canvas[at..at + 4].copy_from_slice(pixel);
        }
        frames.push((canvas.clone(), frame.delay));
    }
    Shown {
        width,
        height,
        repeat,
        frames,
    }
}

#[test]
fn the_gif_steps_through_every_action_captioned() {
    let dir = tempfile::tempdir().unwrap();
    // Wide enough for the caption's letters to be dark, not grey.
    let width = 480;
    let out = senlac(
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "end",
            "--png",
            "--gif",
            "--width",
            "480",
            "--delay-ms",
            "700",
        ],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(written(dir.path()), ["end.png", "end.svg", "replay.gif"]);
    // --width sizes the PNG frames and the animation alike.
    assert_eq!(
        png_size(&std::fs::read(dir.path().join("end.png")).unwrap()).0,
        width
    );
    let shown = shown(&std::fs::read(dir.path().join("replay.gif")).unwrap());
    let game = hastings();
    let steps = game.len();
    assert_eq!(shown.frames.len(), steps, "a frame per step");
    assert_eq!(shown.repeat, gif::Repeat::Infinite);
    assert_eq!(shown.width, width as usize);

    // 700 ms a step, twice that at a figure, four times at the end.
    let figures: Vec<usize> = game.figures().iter().map(|f| f.state).collect();
    for (i, (_, delay)) in shown.frames.iter().enumerate() {
        let expected = if i + 1 == steps {
            280
        } else if figures.contains(&i) {
            140
        } else {
            70
        };
        assert_eq!(*delay, expected, "step {i}");
    }

    // The caption line, below the map, has dark text on the paper. Every
    // frame shows the legend entries that some frame draws.
    let mut legend = vec![false; game.scene(0, 0).legend.len()];
    for step in 0..steps {
        let scene = game.scene(step, step);
        for (shown, entry) in legend.iter_mut().zip(&scene.legend) {
            *shown |= scene.shows(&entry.sample);
        }
    }
    let mut scene = game.scene(1, 1);
    scene.title = "Hastings".into();
    scene.caption = "Turn 1".into();
    let layout = senlac_render::layout::Layout::keyed(&scene, &|i| legend[i]);
    let scale = f64::from(width) / layout.width;
    assert_eq!(shown.height, (layout.height * scale).round() as usize);
    let baseline = layout.caption[0].at.y;
    let map_bottom = ((layout.map.y + layout.map.height) * scale).floor() as usize;
    let band = ((baseline - senlac_render::layout::CAPTION_SIZE) * scale) as usize
        ..((baseline + 4.0) * scale).ceil() as usize;
    assert!(band.start > map_bottom);
    let dark = |frame: &[u8], rows: std::ops::Range<usize>| {
        rows.flat_map(|y| (0..shown.width).map(move |x| (y * shown.width + x) * 4))
            .filter(|&at| frame[at..at + 3].iter().map(|&v| u32::from(v)).sum::<u32>() < 3 * 110)
            .count()
    };
    let (frame, _) = &shown.frames[10];
    assert!(
        dark(frame, band.clone()) >= 40,
        "the caption's text: {} dark pixels",
        dark(frame, band.clone())
    );
    // Between the caption and the map there is only paper.
    assert_eq!(dark(frame, map_bottom + 2..band.start.saturating_sub(1)), 0);
    // The legend holds still: the same under the first step and the last,
    // to within each frame's palette.
    let legend_rows = band.end + 2..shown.height;
    let moved_pixels = legend_rows
        .flat_map(|y| (0..shown.width).map(move |x| (y * shown.width + x) * 4))
        .filter(|&at| {
            let (a, b) = (
                &shown.frames[1].0[at..at + 3],
                &shown.frames[steps - 1].0[at..at + 3],
            );
            a.iter().zip(b).any(|(p, q)| p.abs_diff(*q) > 48)
        })
        .count();
    assert_eq!(
        moved_pixels, 0,
        "the legend changed between the first and last frames"
    );

    // The first step where a unit moves changes the map.
    let moved = (1..steps)
        .find(|&i| {
            let (before, after) = (game.view(i - 1), game.view(i));
            after.units.iter().any(|u| {
                before.units.iter().any(|b| {
                    b.id == u.id && b.side == u.side && b.place.is_some() && b.place != u.place
                })
            })
        })
        .expect("a unit moves at Hastings");
    let differing = (0..map_bottom * shown.width)
        .filter(|&i| {
            shown.frames[moved - 1].0[i * 4..i * 4 + 4] != shown.frames[moved].0[i * 4..i * 4 + 4]
        })
        .count();
    assert!(
        differing > 300,
        "step {moved} moves a unit: {differing} pixels of the map change"
    );

    // Frames store only what changed, laid over the frames before: the map
    // as shown is still the step's own, to within the palette's rounding.
    for step in [moved, steps / 2, steps - 1] {
        let mut scene = game.scene(step, step);
        scene.title = "Hastings".into();
        let svg = senlac_render::svg::scene_svg_keyed(&scene, &|i| legend[i], scale);
        let own = senlac_render::png::frame_pixmap_width(&svg, width).unwrap();
        let shown = &shown.frames[step].0;
        let (mut total, mut far) = (0u64, 0usize);
        for (i, pixel) in own.pixels()[..map_bottom * own.width() as usize]
            .iter()
            .enumerate()
        {
            let p = pixel.demultiply();
            let error = [p.red(), p.green(), p.blue()]
                .iter()
                .zip(&shown[i * 4..i * 4 + 3])
                .map(|(a, b)| u64::from(a.abs_diff(*b)))
                .max()
                .unwrap_or(0);
            total += error;
            far += usize::from(error > 32);
        }
        let pixels = map_bottom * own.width() as usize;
        let mean = total as f64 / pixels as f64;
        assert!(
            // Hastings gives 0.5 to 0.7, and 13 to 66 pixels far off;
            // three columns short of each change gives 250 to 580.
            mean < 1.0 && far * 2000 < pixels,
            "step {step}: mean error {mean:.2}, {far} of {pixels} pixels off by more than 32"
        );
    }
}

#[test]
fn the_apng_has_a_frame_per_step_and_loops() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "end",
            "--apng",
            "--width",
            "160",
        ],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::fs::File::open(dir.path().join("replay.png")).unwrap();
    let reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let control = reader.info().animation_control.expect("an animated PNG");
    assert_eq!(control.num_frames as usize, hastings().len());
    assert_eq!(control.num_plays, 0, "it loops forever");
    assert_eq!(reader.info().width, 160);
}

#[test]
fn a_bad_width_or_too_large_an_animation_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["render", "samples/hastings.sbn", "--at", "end"];
        args.extend(extra);
        senlac(&args, dir.path())
    };
    // No width, one past clap's range, a width with nothing to size, a
    // delay with nothing to time, and a delay browsers would not keep.
    for extra in [
        &["--gif", "--width", "0"][..],
        &["--gif", "--width", "16385"],
        &["--width", "400"],
        &["--png", "--delay-ms", "500"],
        &["--gif", "--delay-ms", "10"],
    ] {
        let out = run(extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // A frame too large to hold, and 83 frames too many pixels in all: the
    // numbers are given, and nothing is written.
    let out = run(&["--gif", "--width", "16384"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("16384x") && stderr.contains("at most 16 megapixels"),
        "{stderr}"
    );
    let out = run(&["--apng", "--width", "3000"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("an animation of 83 steps at 3000x")
            && stderr.contains("up to 1000 megapixels")
            && stderr.contains("help: a smaller --width"),
        "{stderr}"
    );
    assert!(written(dir.path()).is_empty(), "{:?}", written(dir.path()));
}

/// The rings of a path written `Mx,yldx,dy dx,dy…Z`, as the renderer
/// writes a zone's outline: a point, then steps from it.
fn rings(d: &str) -> Vec<Vec<(f64, f64)>> {
    let pair = |text: &str| -> (f64, f64) {
        let (x, y) = text.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    };
    d.split('M')
        .filter(|ring| !ring.is_empty())
        .map(|ring| {
            let (start, steps) = ring.trim_end_matches('Z').split_once('l').unwrap();
            let mut at = pair(start);
            let mut points = vec![at];
            for step in steps.split(' ') {
                let (dx, dy) = pair(step);
                at = (at.0 + dx, at.1 + dy);
                points.push(at);
            }
            points
        })
        .collect()
}

/// Whether `p` is inside `rings`, even-odd.
fn inside(rings: &[Vec<(f64, f64)>], (px, py): (f64, f64)) -> bool {
    let mut inside = false;
    for ring in rings {
        for (i, &(x1, y1)) in ring.iter().enumerate() {
            let (x2, y2) = ring[(i + 1) % ring.len()];
            if (y1 > py) != (y2 > py) && px < x1 + (py - y1) * (x2 - x1) / (y2 - y1) {
                inside = !inside;
            }
        }
    }
    inside
}

/// What a frame's `zoc` overlay covers: for each zone, its outline's
/// colour and the hex labels drawn inside it (a label sits just inside the
/// top of its hex; none is drawn where a counter stands), sorted; and every
/// label drawn.
fn zones_in(svg: &str) -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the frame is XML");
    let labels: Vec<(String, (f64, f64))> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let text = n.text()?;
            (text.len() == 4 && text.chars().all(|c| c.is_ascii_digit())).then(|| {
                let x: f64 = n.attribute("x")?.parse().ok()?;
                let y: f64 = n.attribute("y")?.parse().ok()?;
                Some((text.to_string(), (x, y - 3.0)))
            })?
        })
        .collect();
    let mut zones = Vec::new();
    for layer in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("overlay-zoc"))
    {
        for zone in layer.children().filter(|n| n.has_tag_name("g")) {
            let paths: Vec<_> = zone.children().filter(|n| n.has_tag_name("path")).collect();
            let fill = rings(paths[0].attribute("d").unwrap());
            let colour = paths[1].attribute("stroke").unwrap().to_string();
            let mut within: Vec<String> = labels
                .iter()
                .filter(|(_, at)| inside(&fill, *at))
                .map(|(label, _)| label.clone())
                .collect();
            within.sort();
            zones.push((colour, within));
        }
    }
    (zones, labels.into_iter().map(|(l, _)| l).collect())
}

/// `--overlay zoc` draws each side's zones of control, in its colour, over
/// exactly the hexes the rules give (crates/engine/tests/hastings_1066_scene.rs
/// derives them by hand); without it nothing of them is drawn.
#[test]
fn the_zoc_overlay_is_drawn_over_its_hexes_only_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str], out: &str| {
        let mut args = vec!["render", "samples/hastings-1066-st.sbn", "--at", "setup"];
        args.extend(extra);
        let out_dir = dir.path().join(out);
        let output = senlac(&args, &out_dir);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(out_dir.join("setup.svg")).unwrap()
    };
    let plain = run(&[], "plain");
    assert!(!plain.contains("overlay-zoc"), "no overlay unasked");
    assert!(!plain.contains("zones of control"), "nor its legend entry");
    assert_eq!(zones_in(&plain).0, vec![]);

    // Asked for twice, as a list and again: drawn once.
    let svg = run(&["--overlay", "zoc,zoc", "--overlay", "zoc"], "zoc");
    assert!(svg.contains("Normans&apos; zones of control"));
    assert!(svg.contains("Saxons&apos; zones of control"));
    let (zones, labels) = zones_in(&svg);
    let expected = |cells: &str| -> Vec<String> {
        let mut out: Vec<String> = cells
            .split_whitespace()
            .filter(|c| labels.iter().any(|l| l == c))
            .map(str::to_string)
            .collect();
        out.sort();
        out
    };
    let normans = expected(
        "1018 1019 1020 1021 1109 1110 1111 1114 1115 1116 1121 1122 \
         1208 1209 1212 1213 1214 1215 1216",
    );
    let saxons =
        expected("0714 0715 0718 0719 0809 0810 0811 0812 0813 0814 0815 0818 0819 0820 0821");
    assert!(
        normans.len() >= 12 && saxons.len() >= 10,
        "{normans:?} {saxons:?}"
    );
    assert_eq!(
        zones,
        vec![
            ("#9c3b22".to_string(), normans),
            ("#2c5b98".to_string(), saxons)
        ]
    );
    // The zones lie under the counters: every counter is drawn after them.
    let zone = svg.find("<g class=\"overlay-zoc\">").unwrap();
    let first_counter = svg.find("\"><title>HC1 ").unwrap();
    assert!(zone < first_counter);
}

/// A name the battle's system does not offer is a usage error, as clap
/// gives for an invalid value: the names it does offer, and the one
/// probably meant; nothing is written.
#[test]
fn an_unknown_overlay_is_refused_with_the_names_offered() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &[
            "render",
            "samples/hastings-1066-st.sbn",
            "--overlay",
            "zoc,zco",
            "--png",
        ],
        dir.path(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: invalid value 'zco' for '--overlay <NAME>'")
            && stderr.contains("hastings-1066/st, which offers no such overlay")
            && stderr.contains("[possible values: zoc]")
            && stderr.contains("tip: a similar value exists: 'zoc'")
            && stderr.contains("Usage: senlac render"),
        "{stderr}"
    );
    assert!(written(dir.path()).is_empty(), "{:?}", written(dir.path()));
    // A system that offers none says so.
    let out = senlac(
        &["render", "samples/hastings.sbn", "--overlay", "zoc"],
        dir.path(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("mass-combat/a, which offers no overlays"),
        "{stderr}"
    );
}

/// `senlac render --help` names every overlay each system offers, as
/// `TAG: NAME`, so the help cannot fall behind the registry.
#[test]
fn the_help_names_every_overlay_offered() {
    let out = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(["render", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--overlay <NAME>"), "{help}");
    for system in senlac_engine::SYSTEMS.iter().filter(|s| s.listed()) {
        for overlay in system.overlays() {
            let named = format!("{}: {}", system.tag(), overlay.name);
            assert!(help.contains(&named), "the help does not name `{named}`");
        }
    }
}

/// A link planted in the output directory is replaced by what senlac
/// writes, never written through: every kind of output, and the report's
/// figures.
#[cfg(unix)]
#[test]
fn a_link_in_the_output_directory_is_replaced_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "keep me").unwrap();
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let names = ["end.svg", "end.png", "replay.html", "replay.gif"];
    for name in names {
        std::os::unix::fs::symlink(&secret, out_dir.join(name)).unwrap();
    }
    let out = senlac(
        &[
            "render",
            "samples/fulford.sbn",
            "--at",
            "end",
            "--png",
            "--html",
            "--gif",
            "--width",
            "64",
        ],
        &out_dir,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "keep me");
    for name in names {
        let meta = std::fs::symlink_metadata(out_dir.join(name)).unwrap();
        assert!(meta.file_type().is_file(), "{name} is a file of its own");
        assert!(meta.len() > 100, "{name}: {} bytes", meta.len());
    }
    // `report --figures` writes its figures the same way.
    let figures = dir.path().join("figures");
    std::fs::create_dir(&figures).unwrap();
    std::os::unix::fs::symlink(&secret, figures.join("finalCharge.svg")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(["report", "samples/hastings.sbn", "--figures"])
        .arg(&figures)
        .current_dir(common::root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "keep me");
    let replaced = std::fs::read_to_string(figures.join("finalCharge.svg")).unwrap();
    assert!(replaced.starts_with("<svg"), "{}", &replaced[..40]);
    assert_eq!(written(&figures).len(), FIGURES.len());
    // No temporary file is left behind.
    let mut expected = names.map(String::from).to_vec();
    expected.sort();
    assert_eq!(written(&out_dir), expected);
}

/// A duel on a `map square COLSxROWS`: a board as tall or wide as asked.
fn duel_on(dir: &Path, map: &str) -> std::path::PathBuf {
    let log = dir.join(format!("duel-{map}.sbn"));
    std::fs::write(
        &log,
        format!(
            "[Battle \"Tall\"]\n[Site \"A field\"]\n[Date \"2026\"]\n[Rules \"example/duel\"]\n\
             [Sides \"Red Blue\"]\n[Result \"*\"]\n\nmap square {map}\narmy Red \"Red\"\n  \
             unit I \"Scout\" scout\narmy Blue \"Blue\"\n  unit I \"Scout\" scout\n\
             deploy Red I@0101\ndeploy Blue I@0199\n\n1. Red\n  I move 0102\n1. Blue\n  I move 0198\n"
        ),
    )
    .unwrap();
    log
}

/// A PNG frame has the animations' budget, 16 megapixels: one past it is
/// refused before anything is written, with its size and the widest
/// `--width` that fits (it asked for 21 GB and took 36 s, or aborted).
#[test]
fn a_png_frame_past_sixteen_megapixels_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let tall = duel_on(dir.path(), "1x99");
    let tall = tall.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = senlac(args, &out_dir);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = run(&["render", tall, "--at", "end", "--png", "--width", "16384"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("a frame 16384x166025 would be 2721 megapixels; frames are at most 16 megapixels (ask for `--width 1256` or less)")
            && stderr.contains("help: a smaller --width, or leave out --png"),
        "{stderr}"
    );
    assert!(written(&out_dir).is_empty());
    // At its own size, a 99x99 board is 53 megapixels.
    let wide = duel_on(dir.path(), "99x99");
    let (code, stderr) = run(&["render", wide.to_str().unwrap(), "--at", "end", "--png"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("a frame 7192x7296 would be 53 megapixels"),
        "{stderr}"
    );
    assert!(written(&out_dir).is_empty());
    // Within the budget, it is drawn.
    let (code, stderr) = run(&["render", tall, "--at", "end", "--png", "--width", "100"]);
    assert_eq!(code, Some(0), "{stderr}");
    let png = std::fs::read(out_dir.join("end.png")).unwrap();
    assert_eq!(png_size(&png), (100, 1013));
}

/// Two different frames of one name would be one file: a figure named
/// `turn-01` and `--at turns` are refused with both named, nothing written
/// (one file was written for two frames, and the count said so).
#[test]
fn two_frames_of_one_name_are_refused_not_merged() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("clash.sbn");
    let sample = std::fs::read_to_string(common::root().join("samples/hastings.sbn")).unwrap();
    let clash = sample.replace("[%fig haroldsArrives ", "[%fig turn-01 ");
    assert_ne!(clash, sample);
    std::fs::write(&log, clash).unwrap();
    let out_dir = dir.path().join("out");
    let out = senlac(
        &["render", log.to_str().unwrap(), "--at", "figures", "turns"],
        &out_dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "the figure `turn-01` and the frame of Turn 1 would both be written as turn-01.svg"
        ) && stderr.contains("help: rename the figure"),
        "{stderr}"
    );
    assert!(written(&out_dir).is_empty());
    // The same frame asked for twice is drawn once, and counted once.
    let out = senlac(
        &[
            "render",
            log.to_str().unwrap(),
            "--at",
            "figures",
            "fig:turn-01",
        ],
        &out_dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(written(&out_dir).len(), FIGURES.len());
    assert!(
        stderr.contains(&format!("wrote {} files", FIGURES.len())),
        "{stderr}"
    );
}

/// The whole story, to its end: the last frame keeps every unit the end
/// state has on the map (Hastings' two French Knights, pursuing from 0404
/// and 0704, as `show --at end` has them) and says how the rules decide the
/// battle; a figure's frame gives the log's caption under its turn, side
/// and phase; and the replay's last step shows the result, its figure steps
/// their captions.
#[test]
fn the_story_is_told_to_the_end() {
    let game = hastings();
    let end = game.scene(game.len() - 1, game.len() - 1);
    let pursuing: Vec<(String, String)> = end
        .counters
        .iter()
        .filter(|c| c.standing == senlac_board::scene::Standing::Pursuing)
        .map(|c| (c.id.clone(), format!("{:?}", c.at)))
        .collect();
    assert_eq!(pursuing.len(), 2, "{pursuing:?}");
    assert!(
        pursuing[0].0 == "VI" && pursuing[0].1.contains("column: 4, row: 4"),
        "{pursuing:?}"
    );
    assert!(
        pursuing[1].0 == "VII" && pursuing[1].1.contains("column: 7, row: 4"),
        "{pursuing:?}"
    );

    let dir = tempfile::tempdir().unwrap();
    let out = senlac(
        &["render", "samples/hastings.sbn", "--at", "end", "figures"],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = |name: &str| std::fs::read_to_string(dir.path().join(format!("{name}.svg"))).unwrap();
    assert!(svg("end").contains(">The end · Normans win<"));
    assert!(svg("fyrdOneTwoDesert").contains(">Turn 2 · Saxons · Movement · Early Desertions<"));
    assert!(svg("haroldsArrives").contains(">Setup · Anglo Saxon Deployment<"));

    let out = senlac(&["render", "samples/hastings.sbn", "--html"], dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(dir.path().join("replay.html")).unwrap();
    assert!(page.contains("<h2>Turn 2 · Saxons · Movement · Early Desertions</h2>"));
    assert!(
        page.contains(
            "<p>The rules decide <b>Normans</b> win: Saxons has no unit left on the field"
        )
    );
    assert!(
        page.contains("<p>The log's Result: Normans.</p>"),
        "the Result tag"
    );
}

/// A figure is framed on its action (`--crop auto`, the default for
/// figures): the map shown is the part around what happened, enlarged, with
/// a locator of the whole field that outlines it; `--crop none` draws the
/// whole map as before. Hastings: 1066's Breton charge happens in a corner
/// of a 16x22 map: the crop keeps the charge's counters (BK1, BK2, F2) and
/// leaves out most of the field.
#[test]
fn a_figure_is_cropped_to_its_action_with_a_locator() {
    let dir = tempfile::tempdir().unwrap();
    let whole_dir = tempfile::tempdir().unwrap();
    for (out, crop) in [(dir.path(), "auto"), (whole_dir.path(), "none")] {
        let run = senlac(
            &[
                "render",
                "samples/hastings-1066-st.sbn",
                "--at",
                "fig:bretonCharge",
                "--crop",
                crop,
            ],
            out,
        );
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let cropped = std::fs::read_to_string(dir.path().join("bretonCharge.svg")).unwrap();
    let whole = std::fs::read_to_string(whole_dir.path().join("bretonCharge.svg")).unwrap();
    let doc = roxmltree::Document::parse(&cropped).unwrap();
    let root = doc.root_element();
    let windows: Vec<roxmltree::Node> = root.children().filter(|n| n.has_tag_name("svg")).collect();
    assert_eq!(windows.len(), 1, "the map's window");
    let view: Vec<f64> = windows[0]
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let shown_width: f64 = windows[0].attribute("width").unwrap().parse().unwrap();
    // The window shows under a third of the map, enlarged.
    let whole_doc = roxmltree::Document::parse(&whole).unwrap();
    let map = whole_doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("rect") && n.attribute("stroke").is_some())
        .expect("the map's frame");
    let size = |name: &str| -> f64 { map.attribute(name).unwrap().parse().unwrap() };
    let kept = view[2] * view[3] / (size("width") * size("height"));
    assert!(kept < 1.0 / 3.0, "{view:?} keeps {kept} of the map");
    assert!(
        shown_width / view[2] > 1.4,
        "enlarged {}",
        shown_width / view[2]
    );
    // The charge's counters stand inside the part shown.
    for id in ["BK1", "BK2", "F2"] {
        let (x, y) = counter_at(&cropped, id);
        assert!(
            x > view[0] && x < view[0] + view[2] && y > view[1] && y < view[1] + view[3],
            "{id} at {x},{y} outside {view:?}"
        );
    }
    // The locator draws the board again by reference and outlines the crop.
    let locator = root
        .descendants()
        .find(|n| n.attribute("class") == Some("locator"))
        .expect("a locator");
    assert!(locator.descendants().any(|n| n.has_tag_name("use")
        && n.attribute(("http://www.w3.org/1999/xlink", "href")) == Some("#board")));
    // Uncropped: one map, no window, no locator, and taller.
    assert!(!whole.contains("class=\"locator\""));
    let height = |svg: &str| -> f64 {
        let d = roxmltree::Document::parse(svg).unwrap();
        d.root_element()
            .attribute("height")
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(height(&cropped) < height(&whole));
}

/// The words of every counter in a frame drawn as `svg`, each with its
/// font size as shown (times every `scale()` above it, times `px`), where
/// it stands in its counter's own units (x, baseline), and its text; and
/// the HP bars' boxes, in the same units. A counter is a group whose
/// tooltip names its side.
struct CounterWords {
    id: String,
    /// Size as shown, x, baseline, font size in counter units, text.
    words: Vec<(f64, f64, f64, f64, String)>,
    /// Each bar's x, y, width and height, in counter units.
    bars: Vec<[f64; 4]>,
}

fn counter_words(svg: &str, px: f64) -> Vec<CounterWords> {
    let doc = roxmltree::Document::parse(svg).expect("the frame is XML");
    let scale_of = |node: roxmltree::Node| -> f64 {
        node.attribute("transform")
            .and_then(|t| t.split("scale(").nth(1))
            .and_then(|t| t.split(')').next())
            .map_or(1.0, |s| s.parse().unwrap())
    };
    let number = |node: roxmltree::Node, name: &str| -> f64 {
        node.attribute(name).map_or(0.0, |v| v.parse().unwrap())
    };
    let mut out = Vec::new();
    for group in doc.descendants().filter(|n| n.has_tag_name("g")) {
        let Some(title) = group
            .first_element_child()
            .filter(|c| c.has_tag_name("title"))
            .and_then(|t| t.text())
            .filter(|t| t.contains(" \u{2014} "))
        else {
            continue;
        };
        let mut counter = CounterWords {
            id: title.split(' ').next().unwrap().to_string(),
            words: Vec::new(),
            bars: Vec::new(),
        };
        for node in group.descendants().filter(|n| n.is_element()) {
            let chain: Vec<_> = node.ancestors().take_while(|a| *a != group).collect();
            let scale: f64 = chain.iter().skip(1).map(|a| scale_of(*a)).product();
            if node.has_tag_name("text") {
                let font = chain
                    .iter()
                    .find_map(|a| a.attribute("font-size"))
                    .expect("a counter's words have a size")
                    .parse::<f64>()
                    .unwrap();
                counter.words.push((
                    font * scale * px,
                    number(node, "x"),
                    number(node, "y"),
                    font,
                    node.text().unwrap_or_default().to_string(),
                ));
            } else if node.has_tag_name("rect")
                && node.attribute("height") == Some("4")
                && node.attribute("fill") == Some("#fff")
            {
                counter
                    .bars
                    .push(["x", "y", "width", "height"].map(|name| number(node, name)));
            }
        }
        out.push(counter);
    }
    out
}

/// Whether a counter's HP (its bottom-right word: the furthest right of
/// the lowest) stands clear of its bar; `None` without both.
fn hp_clear_of_bar(counter: &CounterWords) -> Option<bool> {
    let low = counter.words.iter().map(|w| w.2).fold(f64::MIN, f64::max);
    let (_, x, y, font, text) = counter
        .words
        .iter()
        .filter(|w| w.2 == low && w.1 > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    let bar = counter.bars.first()?;
    let width = senlac_render::placement::bold_text_width(text, *font);
    let (left, right, top) = (x - width / 2.0, x + width / 2.0, y - 0.73 * font);
    Some(right <= bar[0] || left >= bar[0] + bar[2] || *y <= bar[1] || top >= bar[1] + bar[3])
}

/// At an animation's default width, every counter's words on every
/// sample's steps are at least 9 pixels tall, and on a TDGS counter, there
/// and at its own size, the HP (its bottom-right number) stands clear of
/// its HP bar.
#[test]
fn counters_read_at_the_animations_width() {
    use senlac_render::animation::{Canvas, DEFAULT_WIDTH};
    let mut smallest = Vec::new();
    let mut bars_checked = 0;
    // Every sample: one battle of each system.
    let mut samples: Vec<String> = std::fs::read_dir(common::root().join("samples"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".sbn").map(str::to_owned))
        .collect();
    samples.sort();
    assert!(samples.len() >= 4, "{samples:?}");
    for sample in &samples {
        let sample = sample.as_str();
        let text =
            std::fs::read_to_string(common::root().join(format!("samples/{sample}.sbn"))).unwrap();
        let archive = senlac_notation::parse(&text);
        let game = senlac_engine::check(&archive.battles[0], senlac_engine::Config::TIMELINE)
            .unwrap_or_else(|_| panic!("{sample} names its rules"));
        // A table's bases are drawn at their own size (Layout::sizing: "a
        // base on a table is never enlarged") with words set from the base,
        // so at the animation's width a 5-inch base's id is about 7.5 px: a
        // known gap of the table drawing (samples/usk-ford.sbn), not checked
        // here until it is closed.
        if matches!(
            game.scene(0, 0).board,
            senlac_board::scene::Board::Table { .. }
        ) {
            continue;
        }
        let canvas = Canvas::fit((0..game.len()).map(|i| game.scene(i, i)), DEFAULT_WIDTH).unwrap();
        let mut least = f64::INFINITY;
        let mut words = 0;
        for i in 0..game.len() {
            let pieces = canvas.pieces(game.scene(i, i));
            let whole = pieces.document(&pieces.pieces.concat());
            // Scale as the drawing says: the output's width over the viewBox's.
            let view = whole.split("viewBox=\"0 0 ").nth(1).unwrap();
            let px =
                f64::from(DEFAULT_WIDTH) / view.split(' ').next().unwrap().parse::<f64>().unwrap();
            for counter in counter_words(&whole, px) {
                for (shown, _, _, _, text) in &counter.words {
                    assert!(
                        *shown >= 9.0 - 1e-9,
                        "{sample} step {i}: {}'s {text:?} is {shown:.2} px",
                        counter.id
                    );
                    least = least.min(*shown);
                    words += 1;
                }
                if sample == "harrow-ford" {
                    let clear = hp_clear_of_bar(&counter);
                    assert_ne!(
                        clear,
                        Some(false),
                        "{sample} step {i}: {}'s HP on its bar",
                        counter.id
                    );
                    bars_checked += usize::from(clear.is_some());
                }
            }
            // At its own size too (a figure, a PNG).
            if sample == "harrow-ford" {
                let own = senlac_render::svg::scene_svg(&game.scene(i, i));
                for counter in counter_words(&own, 1.0) {
                    let clear = hp_clear_of_bar(&counter);
                    assert_ne!(
                        clear,
                        Some(false),
                        "own size, step {i}: {}'s HP on its bar",
                        counter.id
                    );
                    bars_checked += usize::from(clear.is_some());
                }
            }
        }
        assert!(words > 100, "{sample}: {words} words");
        smallest.push((sample, least));
    }
    assert!(bars_checked > 500, "{bars_checked} bars");
    eprintln!("smallest counter words at {DEFAULT_WIDTH} px: {smallest:?}");
}
