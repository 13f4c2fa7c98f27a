//! Finding the battle logs a command was given.

use std::path::{Path, PathBuf};

/// The files to work on: each file named, and every `*.sbn` below each
/// directory named, sorted so output order is stable.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            let before = files.len();
            walk(path, &mut files).map_err(|e| format!("{}: {e}", path.display()))?;
            if files.len() == before {
                return Err(format!(
                    "{}: no .sbn files in this directory",
                    path.display()
                ));
            }
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, files)?;
        } else if path.extension().is_some_and(|ext| ext == "sbn") {
            files.push(path);
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
