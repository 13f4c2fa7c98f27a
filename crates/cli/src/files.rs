//! Finding the battle logs a command was given.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// The files to work on: each file named, and every `*.sbn` below each
/// directory named, sorted so output order is stable. Links are followed, but
/// a link back up the tree is not walked again, and a file reached twice (by
/// a link, or named twice) is worked on once.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
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

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, flushed, then renamed over the original.
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    match std::fs::metadata(path) {
        Ok(meta) => temp.as_file().set_permissions(meta.permissions())?,
        // A new file gets the usual rw-r--r--, not the temporary file's rw-------.
        #[cfg(unix)]
        Err(_) => {
            use std::os::unix::fs::PermissionsExt;
            temp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
        #[cfg(not(unix))]
        Err(_) => {}
    }
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
