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
