//! `senlac`: the command line for battle logs. Only this crate prints, reads
//! files or writes them.

mod files;
mod fmt;
mod lint;
mod problem;
mod report;
mod stream;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit codes scripts can rely on. Ordered: the worst outcome wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// 0: clean.
    Success = 0,
    /// 1: the logs have errors, or would be reformatted.
    Failure = 1,
    /// 2: bad usage, or a file could not be read or written.
    Usage = 2,
}

/// Whether to colour diagnostics: only on a terminal, and never with NO_COLOR.
pub fn color_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

#[derive(Parser)]
#[command(
    name = "senlac",
    version,
    about = "Record, check and illustrate tabletop battles",
    after_help = "Examples:\n  senlac lint samples/\n  senlac fmt --check samples/hastings.sbn"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check battle logs and report every error.
    #[command(
        after_help = "Examples:\n  senlac lint samples/\n  senlac lint --format short battles.sbn\n  senlac lint --format json . > diagnostics.jsonl\n\nExit status: 0 clean, 1 errors found, 2 usage or I/O error."
    )]
    Lint {
        /// Files, or directories searched for *.sbn.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: report::Format,
        /// Check the notation only, not the rules.
        #[arg(long)]
        syntax_only: bool,
    },
    /// Rewrite battle logs in the canonical layout, keeping every comment.
    #[command(
        after_help = "Examples:\n  senlac fmt samples/\n  senlac fmt --check samples/hastings.sbn\n\nExit status: 0 formatted (or already canonical), 1 would change or has errors, 2 usage or I/O error."
    )]
    Fmt {
        /// Report files that would change, and change nothing.
        #[arg(long)]
        check: bool,
        /// Files, or directories searched for *.sbn.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                Exit::Usage
            } else {
                Exit::Success
            };
            let _ = e.print();
            return ExitCode::from(code as u8);
        }
    };
    let exit = match cli.command {
        Command::Lint {
            paths,
            format,
            syntax_only,
        } => lint::run(&paths, format, !syntax_only),
        Command::Fmt { check, paths } => fmt::run(&paths, check),
    };
    ExitCode::from(exit as u8)
}
