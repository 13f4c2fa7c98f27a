//! `senlac export`: header, setup, events and states as JSON or JSON lines.

use std::path::Path;

use crate::Exit;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    Json,
    Jsonl,
}

pub fn run(_path: &Path, _battle: usize, _format: ExportFormat) -> Exit {
    eprintln!("error: export is being written");
    Exit::Usage
}
