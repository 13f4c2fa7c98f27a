//! Helpers shared by the end-to-end tests of the binary.

#![allow(dead_code)]

pub mod mutants;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root, where the samples are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `senlac` from the repository root, its output piped and fitted to
/// no width (`COLUMNS` unset).
pub fn senlac_in_root(args: &[&str]) -> Output {
    senlac_in_root_with(args, &[])
}

/// [`senlac_in_root`] with `env` set.
pub fn senlac_in_root_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .current_dir(root())
        .env_remove("COLUMNS")
        .envs(env.iter().copied())
        .output()
        .expect("the senlac binary runs")
}

/// Standard output of a run that must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let output = senlac_in_root(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "senlac {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The 17 figures of mass-combat-a.md's example, in order.
pub const HASTINGS_FIGURES: [&str; 17] = [
    "battlegrid",
    "haroldsArrives",
    "williamArrives",
    "fyrdOneTwoDesert",
    "fyrdThreeDesert",
    "williamsLineAdvances",
    "cavalryDisengage",
    "housecurlsRoute",
    "fyrdAdvances",
    "secondCavalryCharge",
    "haroldsLeftRoutes",
    "fyrdAdvancesOnTheLeft",
    "bretonsRoute",
    "frenchRoute",
    "haroldsFyrdLeftRoute",
    "justHaroldNow",
    "finalCharge",
];

/// The counts of `senlac lint`'s closing line on standard error, `3 files,
/// 4 battles, 12 actions: 2 errors, 0 warnings (… MiB/s)`: files, battles,
/// actions, errors, warnings.
pub fn lint_counts(stderr: &str) -> [usize; 5] {
    let line = stderr
        .lines()
        .find(|l| l.ends_with(" MiB/s)"))
        .unwrap_or_else(|| panic!("no closing line in {stderr}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter(|w| !w.is_empty() && !w.contains('.'))
        .map(|w| w.parse().unwrap())
        .collect();
    numbers[..5].try_into().unwrap()
}
