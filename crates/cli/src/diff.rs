//! `senlac diff`: what changed between two points.

use std::path::Path;

use crate::{Exit, OutputFormat};

pub fn run(
    _path: &Path,
    _battle: usize,
    _turn: Option<u32>,
    _from: Option<&str>,
    _to: Option<&str>,
    _format: OutputFormat,
) -> Exit {
    eprintln!("error: diff is being written");
    Exit::Usage
}
