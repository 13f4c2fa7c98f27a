//! `senlac render` end to end: the Hastings figures, PNGs, and names that
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
    let out = senlac(
        &["render", "samples/hastings.sbn", "--at", "figures"],
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
        routs.matches("d=\"M-7,-4L0,4L7,-4\"").count(),
        2 + 2,
        "the loser's chevron (and the legend's)"
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
