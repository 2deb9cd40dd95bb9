//! Files that hold secrets (keys, passwords, a log backup): created with mode 0600 from the
//! first byte, so no other user can read them even for a moment, and written whole.
//!
//! Off Unix the mode is not set (the platform's own permissions apply).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

fn options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

/// A new private file at `path`, open for writing; fails with `AlreadyExists` if there is one,
/// so two processes starting at once never both write a secret.
pub fn create_new(path: &Path) -> io::Result<File> {
    options().create_new(true).open(path)
}

/// A private file at `path`, emptied if it exists (a file being rewritten in place, such as a
/// backup taking shape under a temporary name). The mode is set when the file is created; an
/// existing file keeps its own.
pub fn create_or_truncate(path: &Path) -> io::Result<File> {
    options().create(true).truncate(true).open(path)
}

/// Write `bytes` to a new private file at `path` and flush it to disk; fails if it exists.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = create_new(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// `path` with `.tmp-<pid>` appended: where a file is written before it is renamed into place.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{}", std::process::id()));
    path.with_file_name(name)
}

/// Write `bytes` to a private temporary file beside `path` (any stale one from this process is
/// removed first) and return its name, for the caller to rename into place.
pub fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let temp = temp_path(path);
    let _ = std::fs::remove_file(&temp);
    write_new(&temp, bytes)?;
    Ok(temp)
}

/// Replace `path` with `bytes` atomically: a reader sees the old file or the new one, whole.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = write_temp(path, bytes)?;
    std::fs::rename(&temp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).expect("metadata").permissions().mode() & 0o777
    }

    #[test]
    fn a_new_file_is_private_and_never_overwritten() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("key");
        write_new(&path, b"one").expect("write");
        assert_eq!(std::fs::read(&path).expect("read"), b"one");
        #[cfg(unix)]
        assert_eq!(mode(&path), 0o600);
        let again = write_new(&path, b"two").expect_err("exists");
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).expect("read"), b"one", "the first secret is kept");
    }

    #[test]
    fn a_replaced_file_is_private_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("password");
        std::fs::write(&path, b"old, readable by all").expect("write");
        replace(&path, b"new").expect("replace");
        assert_eq!(std::fs::read(&path).expect("read"), b"new");
        #[cfg(unix)]
        assert_eq!(mode(&path), 0o600);
        assert!(!temp_path(&path).exists());
    }

    #[test]
    fn a_truncated_file_is_private_and_empty() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("backup.tmp");
        std::fs::write(&path, b"stale").expect("write");
        let mut f = create_or_truncate(&path).expect("open");
        f.write_all(b"x").expect("write");
        drop(f);
        assert_eq!(std::fs::read(&path).expect("read"), b"x");
    }
}
