//! Finding the battle logs a command was given.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// The files to work on: each file named (`-`, standard input, at most
/// once), and every `*.sbn` below each directory named, sorted so output order is stable. Links are followed, but
/// a link back up the tree is not walked again, and a file reached twice (by
/// a link, or named twice) is worked on once.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
        if is_stdin(path) {
            if !files.iter().any(|f: &PathBuf| is_stdin(f)) {
                files.push(path.clone());
            }
            continue;
        }
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            let before = files.len();
            walk(path, &mut files, &mut seen).map_err(|e| format!("{}: {e}", path.display()))?;
            if files.len() == before {
                return Err(format!(
                    "{}: no .sbn files in this directory",
                    path.display()
                ));
            }
        } else if seen.insert(identity(path)) {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// A file's name in diagnostics and tables: `<stdin>` for standard input.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        crate::fmt::STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    }
}

/// Whether a path given on the command line means standard input: `-`.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// What the file at `path` is when it is not a regular file (a link is
/// followed): a FIFO or a device can be read only once, as a stream, and
/// must not be replaced by a regular file. `None` for a regular file, or
/// one that cannot be looked at (opening it will say why).
pub fn not_regular(path: &Path) -> Option<&'static str> {
    let kind = std::fs::metadata(path).ok()?.file_type();
    if kind.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some(if kind.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    })
}

/// What makes two paths the same file: the canonical path where there is one.
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, seen: &mut HashSet<PathBuf>) -> std::io::Result<()> {
    for entry in WalkDir::new(dir).follow_links(true).sort_by_file_name() {
        let entry = match entry {
            Ok(entry) => entry,
            // A link to a directory above it: everything below was walked.
            Err(e) if e.loop_ancestor().is_some() => continue,
            Err(e) => return Err(e.into()),
        };
        let path = entry.path();
        if entry.file_type().is_file()
            && path.extension().is_some_and(|ext| ext == "sbn")
            && seen.insert(identity(path))
        {
            files.push(entry.into_path());
        }
    }
    Ok(())
}

/// Writes `contents` to `path` atomically: see [`Replacement`].
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut replacement = Replacement::new(path)?;
    replacement.file().write_all(contents)?;
    replacement.commit()
}

/// Writes `contents` as one of senlac's outputs at `path`: see
/// [`Replacement::output`].
pub fn write_output(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut replacement = Replacement::output(path)?;
    replacement.file().write_all(contents)?;
    replacement.commit()
}

/// A file being replaced atomically: written to a temporary file in the same
/// directory, flushed, then renamed over the original, so a reader never
/// sees half of it and a full disk leaves the original whole.
///
/// What the file was stays as it was: through a symbolic link the file it
/// names is replaced and the link kept; mode bits and owner are kept. A
/// file that cannot be replaced so is left untouched, with an error that
/// says why: one that is read-only, one with other hard links (a rename
/// would split them), or one owned by another user when the owner cannot
/// be kept.
///
/// An output senlac makes (a frame, a page, a figure: [`Replacement::output`])
/// is made anew instead: whatever stands at its name, a link included, is
/// replaced by the rename, never written through, so a link planted in an
/// output directory cannot make senlac write outside it.
pub struct Replacement {
    target: PathBuf,
    existing: Option<std::fs::Metadata>,
    temp: tempfile::NamedTempFile,
}

impl Replacement {
    /// A new file at `path`, in place of whatever is there: a symbolic or a
    /// hard link is replaced, not followed, and the file made has the usual
    /// rw-r--r--.
    pub fn output(path: &Path) -> std::io::Result<Replacement> {
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Ok(Replacement {
            target: path.to_path_buf(),
            existing: None,
            temp: temporary(dir)?,
        })
    }

    pub fn new(path: &Path) -> std::io::Result<Replacement> {
        use std::io::{Error, ErrorKind};
        let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        let target = if is_link {
            std::fs::canonicalize(path)?
        } else {
            path.to_path_buf()
        };
        let existing = std::fs::metadata(&target).ok();
        if let Some(meta) = &existing {
            if meta.permissions().readonly() {
                return Err(Error::new(
                    ErrorKind::PermissionDenied,
                    "it is read-only, so it was left as it is (make it writable to change it)",
                ));
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                if meta.nlink() > 1 {
                    return Err(Error::other(format!(
                        "it has {} hard links, and replacing it would split them, so it was left as it is",
                        meta.nlink()
                    )));
                }
            }
        }
        let dir = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let temp = temporary(dir)?;
        Ok(Replacement {
            target,
            existing,
            temp,
        })
    }

    /// Where the new contents are written.
    pub fn file(&mut self) -> &mut std::fs::File {
        self.temp.as_file_mut()
    }

    /// Puts the new contents in place of the old.
    pub fn commit(self) -> std::io::Result<()> {
        let temp = self.temp;
        temp.as_file().sync_all()?;
        match &self.existing {
            Some(meta) => {
                temp.as_file().set_permissions(meta.permissions())?;
                #[cfg(unix)]
                keep_owner(temp.path(), meta)?;
            }
            // A new file gets the usual rw-r--r--, not the temporary file's rw-------.
            #[cfg(unix)]
            None => {
                use std::os::unix::fs::PermissionsExt;
                temp.as_file()
                    .set_permissions(std::fs::Permissions::from_mode(0o644))?;
            }
            #[cfg(not(unix))]
            None => {}
        }
        let path = temp.path().to_path_buf();
        temp.persist(&self.target).map_err(|e| e.error)?;
        open_temporaries().retain(|open| *open != path);
        Ok(())
    }
}

/// The temporary files made and not yet renamed, for [`remove_temporaries`].
/// Few are open at once (one per file being written), so a list will do.
fn open_temporaries() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    static OPEN: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    OPEN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn temporary(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let temp = tempfile::NamedTempFile::new_in(dir)?;
    open_temporaries().push(temp.path().to_path_buf());
    Ok(temp)
}

/// Removes every temporary file still open: the run is ending at once
/// (`crate::closed`), and their destructors will not run.
pub fn remove_temporaries() {
    for path in open_temporaries().drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// Gives the replacement the original's owner and group; refuses when that
/// cannot be done (another user's file, written by someone who is not root).
#[cfg(unix)]
fn keep_owner(temp: &Path, original: &std::fs::Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let made = std::fs::metadata(temp)?;
    if (made.uid(), made.gid()) == (original.uid(), original.gid()) {
        return Ok(());
    }
    std::os::unix::fs::chown(temp, Some(original.uid()), Some(original.gid())).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!(
                "it belongs to user {} and group {}, which the replacement cannot keep ({e}), so it was left as it is",
                original.uid(),
                original.gid()
            ),
        )
    })
}
