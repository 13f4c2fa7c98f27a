//! `senlac fmt`: rewrites battle logs in the canonical layout.

use std::path::PathBuf;

use crate::diagnostics::{Format, Located};
use crate::problem::Problem;
use crate::{Exit, files};

pub fn run(paths: &[PathBuf], check: bool) -> Exit {
    let files = match files::collect(paths) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {message}");
            return Exit::Usage;
        }
    };
    let mut exit = Exit::Success;
    for path in &files {
        exit = exit.max(format_file(path, check));
    }
    exit
}

fn format_file(path: &PathBuf, check: bool) -> Exit {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Exit::Usage;
        }
    };
    let (text, utf8_errors) = senlac_notation::decode(&bytes);
    let archive = senlac_notation::parse(&text);
    let mut errors: Vec<Problem> = utf8_errors
        .iter()
        .chain(archive.all_errors())
        .map(Problem::from)
        .collect();
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.span.start);
        let mut out = String::new();
        let located = Located {
            name: &name,
            text: &text,
            offset: 0,
            line: 0,
        };
        located.print(&errors, Format::Human, 0, &mut out);
        eprint!("{out}");
        eprintln!("{name}: not formatted: fix the errors above first");
        return Exit::Failure;
    }
    let formatted = senlac_notation::format(&archive);
    if formatted.as_bytes() == bytes.as_slice() {
        return Exit::Success;
    }
    if check {
        println!("would reformat {name}");
        return Exit::Failure;
    }
    match files::write_atomic(path, formatted.as_bytes()) {
        Ok(()) => {
            println!("formatted {name}");
            Exit::Success
        }
        Err(e) => {
            eprintln!("error: {name}: cannot write: {e}");
            Exit::Usage
        }
    }
}
