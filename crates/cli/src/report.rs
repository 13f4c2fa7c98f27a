//! `senlac report`: the after-action report.

use std::path::Path;

use crate::Exit;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    Md,
    Json,
    Html,
}

pub fn run(_path: &Path, _battle: usize, _format: ReportFormat) -> Exit {
    eprintln!("error: report is being written");
    Exit::Usage
}
