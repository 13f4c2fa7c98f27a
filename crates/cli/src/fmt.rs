//! `senlac fmt`: rewrites battle logs in the canonical layout.
//!
//! A file is read battle by battle, like lint reads it: each battle is
//! formatted as it comes and compared with what the file holds there, and
//! the new text goes to a replacement file, so memory is bounded by the
//! largest battle, not the archive. A byte order mark and the file's line
//! endings are kept. `--check` shows what would change as a unified diff.
//! `-` formats standard input to standard output.

use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use senlac_notation::format::LineEnding;

use crate::diagnostics::{Format, Located, no_battle};
use crate::files::Replacement;
use crate::problem::Problem;
use crate::stream::{Placer, for_each_chunk};
use crate::{Exit, files};

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Files no larger than this get a diff with `--check`; a larger one is
/// only named, so a check keeps its bounded memory.
const LARGEST_DIFF: u64 = 64 << 20;

pub fn run(paths: &[PathBuf], check: bool) -> Exit {
    let files = match files::collect(paths) {
        Ok(files) => files,
        Err(message) => {
            errln!("error: {message}");
            return Exit::Usage;
        }
    };
    let mut exit = Exit::Success;
    for path in &files {
        // A FIFO or a device is read once, as standard input is: formatting
        // a file in place reads it twice and replaces it.
        let done = if files::is_stdin(path) {
            format_once(STDIN_NAME, std::io::stdin().lock(), check)
        } else if files::not_regular(path).is_some() {
            match std::fs::File::open(path) {
                Ok(file) => format_once(&path.display().to_string(), file, check),
                Err(e) => {
                    errln!("error: {}: {e}", path.display());
                    Exit::Usage
                }
            }
        } else {
            format_file(path, check)
        };
        exit = exit.max(done);
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

/// Whether the text starts with a byte order mark, and how its lines end
/// (the rule of [`LineEnding::of`]), read from the start of `reader` with
/// constant memory however long its first line.
fn layout_of(reader: impl Read) -> std::io::Result<(bool, LineEnding)> {
    let mut reader = std::io::BufReader::new(reader);
    let mut head = Vec::with_capacity(3);
    (&mut reader).take(3).read_to_end(&mut head)?;
    let bom = head == b"\xef\xbb\xbf";
    let rest: &[u8] = if bom { &[] } else { &head };
    let mut content = false;
    let mut previous = 0u8;
    for byte in rest.iter().copied().map(Ok).chain(reader.bytes()) {
        let byte = byte?;
        if byte == b'\n' && content {
            let ending = if previous == b'\r' {
                LineEnding::CrLf
            } else {
                LineEnding::Lf
            };
            return Ok((bom, ending));
        }
        content |= !byte.is_ascii_whitespace();
        previous = byte;
    }
    Ok((bom, LineEnding::Lf))
}

/// Formats the archive read from `input` (`original` reads the same bytes
/// again, to compare), writing the canonical text to `out` if given.
fn format_stream(
    name: &str,
    input: impl Read + Send,
    mut original: impl Read + Send,
    layout: (bool, LineEnding),
    mut out: Option<&mut (dyn Write + Send)>,
) -> Result<Formatted, Exit> {
    let (bom, ending) = layout;
    let mut buffer = Vec::new();
    let mut found = Formatted::default();
    let mut canonical = String::new();
    let mut write_error = None;
    if bom {
        canonical.push('\u{feff}');
    }
    let read = for_each_chunk(input, |chunk, origin| {
        let mut placer = Placer::new(origin);
        for (battle, utf8) in chunk {
            let mut errors: Vec<Problem> = crate::problem::syntax(utf8, &battle.errors);
            if !errors.is_empty() {
                errors.sort_by_key(|e| e.span.start);
                let placed = placer.place(battle);
                let errors: Vec<Problem> = errors
                    .into_iter()
                    .map(|e| e.counted_from(placed.start))
                    .collect();
                Located {
                    name,
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
            if found.battles > 0 {
                canonical.push_str(ending.as_str());
            }
            senlac_notation::format::format_battle_with(battle, ending, &mut canonical);
            found.battles += 1;
            if !found.changed && !continues_with(&mut original, canonical.as_bytes(), &mut buffer) {
                found.changed = true;
            }
            if let Some(out) = &mut out
                && let Err(e) = out.write_all(canonical.as_bytes())
            {
                write_error = Some(e);
                return ControlFlow::Break(());
            }
            canonical.clear();
        }
        ControlFlow::Continue(())
    });
    if let Err(e) = read {
        errln!("error: {name}: {e}");
        return Err(Exit::Usage);
    }
    if let Some(e) = write_error {
        errln!("error: {name}: cannot write: {e}");
        return Err(Exit::Usage);
    }
    // Unchanged only if nothing is left over either.
    if !found.changed && !matches!(original.read(&mut [0u8; 1]), Ok(0)) {
        found.changed = true;
    }
    Ok(found)
}

/// Prints the errors that stop a file from being formatted; the exit code.
fn refuse(name: &str, found: &Formatted) -> Exit {
    crate::eprint(&found.errors);
    errln!("{name}: not formatted: fix the errors above first");
    Exit::Failure
}

fn format_file(path: &PathBuf, check: bool) -> Exit {
    let name = path.display().to_string();
    let open = || {
        std::fs::File::open(path).map_err(|e| {
            errln!("error: {name}: {e}");
            Exit::Usage
        })
    };
    let layout = match open().and_then(|file| {
        layout_of(file).map_err(|e| {
            errln!("error: {name}: {e}");
            Exit::Usage
        })
    }) {
        Ok(layout) => layout,
        Err(exit) => return exit,
    };
    let (file, original) = match (open(), open()) {
        (Ok(file), Ok(original)) => (file, std::io::BufReader::new(original)),
        (Err(exit), _) | (_, Err(exit)) => return exit,
    };
    let mut replacement = if check {
        None
    } else {
        match Replacement::new(path) {
            Ok(replacement) => Some(replacement),
            Err(e) => {
                errln!("error: {name}: cannot write: {e}");
                return Exit::Usage;
            }
        }
    };
    let mut found = {
        let out = replacement
            .as_mut()
            .map(|r| r.file() as &mut (dyn Write + Send));
        match format_stream(&name, file, original, layout, out) {
            Ok(found) => found,
            Err(exit) => return exit,
        }
    };
    if found.battles == 0 {
        no_battle(&name, path, Format::Human, &mut found.errors);
    }
    if !found.errors.is_empty() {
        return refuse(&name, &found);
    }
    if !found.changed {
        return Exit::Success;
    }
    let Some(replacement) = replacement else {
        print_diff_of_file(&name, path, layout);
        crate::print(&format!("would reformat {name}\n"));
        return Exit::Failure;
    };
    match replacement.commit() {
        Ok(()) => {
            crate::print(&format!("formatted {name}\n"));
            Exit::Success
        }
        Err(e) => {
            errln!("error: {name}: cannot write: {e}");
            Exit::Usage
        }
    }
}

/// The diff `fmt` would make to the file at `path`, on standard output.
fn print_diff_of_file(name: &str, path: &Path, layout: (bool, LineEnding)) {
    let small = std::fs::metadata(path).is_ok_and(|m| m.len() <= LARGEST_DIFF);
    let bytes = if small {
        std::fs::read(path).ok()
    } else {
        None
    };
    let Some(bytes) = bytes else {
        crate::print(&format!(
            "{name}: too large to show the diff; `senlac fmt` it and compare\n"
        ));
        return;
    };
    let mut formatted = Vec::new();
    if format_stream(name, &bytes[..], &bytes[..], layout, Some(&mut formatted)).is_ok() {
        crate::print(&diff(name, &bytes, &formatted));
    }
}

/// A unified diff from `old` to `new`, both headed with the file's name.
/// Text from the log is shown with its control characters escaped, but for
/// the line ends (`\r\n` stays `\r\n`), so the diff is safe on a terminal.
fn diff(name: &str, old: &[u8], new: &[u8]) -> String {
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    let unified = similar::TextDiff::from_lines(&*old, &*new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .missing_newline_hint(true)
        .to_string();
    let mut out = String::with_capacity(unified.len());
    for line in unified.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        out.push_str(&crate::safe_text::terminal(body));
        out.push_str(&line[body.len()..]);
    }
    out
}

/// `senlac fmt -`, or a FIFO or device: read once, formatted to standard
/// output; with `--check`, the diff instead, and nothing else.
fn format_once(name: &str, mut input: impl Read, check: bool) -> Exit {
    let mut bytes = Vec::new();
    if let Err(e) = input.read_to_end(&mut bytes) {
        errln!("error: {name}: {e}");
        return Exit::Usage;
    }
    let layout = match layout_of(&bytes[..]) {
        Ok(layout) => layout,
        Err(_) => (false, LineEnding::Lf),
    };
    let mut formatted = Vec::new();
    let mut found = match format_stream(name, &bytes[..], &bytes[..], layout, Some(&mut formatted))
    {
        Ok(found) => found,
        Err(exit) => return exit,
    };
    if found.battles == 0 {
        let (text, _) = senlac_notation::decode(&bytes[..bytes.len().min(4096)]);
        crate::diagnostics::no_battle_in(name, &text, Format::Human, &mut found.errors);
    }
    if !found.errors.is_empty() {
        return refuse(name, &found);
    }
    let mut stdout = std::io::stdout().lock();
    let written = if check {
        if !found.changed {
            return Exit::Success;
        }
        stdout
            .write_all(diff(name, &bytes, &formatted).as_bytes())
            .and_then(|()| stdout.flush())
    } else {
        stdout.write_all(&formatted).and_then(|()| stdout.flush())
    };
    match written {
        Ok(()) if check => Exit::Failure,
        Ok(()) => Exit::Success,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            errln!("error: standard output: {e}");
            Exit::Usage
        }
    }
}
