//! `senlac fmt`: rewrites battle logs in the canonical layout.
//!
//! A file is read battle by battle, like lint reads it: each battle is
//! formatted as it comes and compared with what the file holds there, and
//! the new text goes to a replacement file, so memory is bounded by the
//! largest battle, not the archive.

use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::diagnostics::{Format, Located, no_battle};
use crate::files::Replacement;
use crate::problem::Problem;
use crate::stream::{Placer, for_each_chunk};
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

/// What formatting a file found.
#[derive(Default)]
struct Formatted {
    battles: usize,
    /// The canonical text differs from the file.
    changed: bool,
    /// Diagnostics of battles with syntax errors, printed.
    errors: String,
}

/// Whether `reader` goes on with exactly `expected`; reads as many bytes.
fn continues_with(reader: &mut impl Read, expected: &[u8], buffer: &mut Vec<u8>) -> bool {
    buffer.clear();
    buffer.resize(expected.len(), 0);
    reader.read_exact(buffer).is_ok() && buffer.as_slice() == expected
}

fn format_file(path: &PathBuf, check: bool) -> Exit {
    let name = path.display().to_string();
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Exit::Usage;
        }
    };
    let mut replacement = if check {
        None
    } else {
        match Replacement::new(path) {
            Ok(replacement) => Some(replacement),
            Err(e) => {
                eprintln!("error: {name}: cannot write: {e}");
                return Exit::Usage;
            }
        }
    };
    // The file read a second time, alongside, to compare the canonical text with.
    let mut original = match std::fs::File::open(path) {
        Ok(file) => std::io::BufReader::new(file),
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Exit::Usage;
        }
    };
    let mut buffer = Vec::new();
    let mut found = Formatted::default();
    let mut canonical = String::new();
    let mut write_error = None;
    let read = for_each_chunk(file, |chunk, origin| {
        let mut placer = Placer::new(origin);
        for (battle, utf8) in chunk {
            let mut errors: Vec<Problem> = utf8
                .iter()
                .chain(&battle.errors)
                .map(Problem::from)
                .collect();
            if !errors.is_empty() {
                errors.sort_by_key(|e| e.span.start);
                let placed = placer.place(battle);
                let errors: Vec<Problem> = errors
                    .into_iter()
                    .map(|e| e.counted_from(placed.start))
                    .collect();
                Located {
                    name: &name,
                    text: placed.text,
                    offset: placed.origin.offset,
                    line: placed.origin.line,
                }
                .print(
                    &errors,
                    Format::Human,
                    found.battles + 1,
                    &mut found.errors,
                );
            }
            canonical.clear();
            if found.battles > 0 {
                canonical.push('\n');
            }
            senlac_notation::format::format_battle(battle, &mut canonical);
            found.battles += 1;
            if !found.changed && !continues_with(&mut original, canonical.as_bytes(), &mut buffer) {
                found.changed = true;
            }
            if let Some(replacement) = &mut replacement
                && let Err(e) = replacement.file().write_all(canonical.as_bytes())
            {
                write_error = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    match read {
        Ok(_) => {}
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Exit::Usage;
        }
    };
    if let Some(e) = write_error {
        eprintln!("error: {name}: cannot write: {e}");
        return Exit::Usage;
    }
    if found.battles == 0 {
        no_battle(&name, path, Format::Human, &mut found.errors);
    }
    if !found.errors.is_empty() {
        eprint!("{}", found.errors);
        eprintln!("{name}: not formatted: fix the errors above first");
        return Exit::Failure;
    }
    // Unchanged: every canonical byte matched, and nothing is left over.
    if !found.changed && matches!(original.read(&mut [0u8; 1]), Ok(0)) {
        return Exit::Success;
    }
    let Some(replacement) = replacement else {
        println!("would reformat {name}");
        return Exit::Failure;
    };
    match replacement.commit() {
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
