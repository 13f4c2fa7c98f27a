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
