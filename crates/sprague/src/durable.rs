//! Files written so that no reader ever sees one half-written, and a crash,
//! `kill -9` or a power cut at any moment leaves either the previous file
//! or the new one, whole: checkpoints (`table --checkpoint`) and period
//! certificates ([`crate::certificate`]).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// What `metadata` describes when it is not a regular file ("a FIFO", "a
/// symbolic link", ...), for the one-line refusals of every path the
/// program reads a file from or writes one to.
pub fn not_a_regular_file(metadata: &std::fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuses an output `path` that is there and not a regular file: a
/// rename over it would replace a device node, a FIFO or a symbolic link
/// itself (as root, `/dev/null`), and a direct write would block on a
/// FIFO or go to the device. A link is not followed: the file written is
/// the one named. A path that is not there yet is fine.
pub fn check_output_path(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) => match not_a_regular_file(&metadata) {
            None => Ok(()),
            Some(kind) => Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{} is {kind}, not a regular file", path.display()),
            )),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// The temporary file beside `path` that [`write_atomically`] renames over
/// it: in the same directory, because a rename is atomic only within one
/// file system, and named by the process, so that two runs writing the
/// same file do not write into one temporary file.
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// Writes `path` by way of `tmp`, a temporary file in the same directory (a
/// rename is atomic only within one file system): `fill` writes `tmp`
/// through a buffer, `tmp` is flushed to the disk and renamed over `path`,
/// and the directory is flushed so that the rename is durable. On any
/// error (a full disk) `tmp` is removed and `path` is as it was. A `path`
/// that is not a regular file is refused (see [`check_output_path`]),
/// before the write and again before the rename.
pub fn write_atomically(
    path: &Path,
    tmp: &Path,
    fill: impl FnOnce(&mut BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    check_output_path(path)?;
    let attempt = || -> std::io::Result<()> {
        let file = std::fs::File::create(tmp)?;
        let mut out = BufWriter::new(&file);
        fill(&mut out)?;
        out.flush()?;
        drop(out);
        file.sync_all()?;
        drop(file);
        check_output_path(path)?;
        std::fs::rename(tmp, path)?;
        sync_directory(path)
    };
    attempt().inspect_err(|_| {
        // Nothing half-written is left: `path` was never touched.
        let _ = std::fs::remove_file(tmp);
    })
}

/// Flushes the directory holding `path`, which makes a rename into it
/// durable (on Unix; elsewhere a directory cannot be opened, and the
/// rename is left to the system).
fn sync_directory(path: &Path) -> std::io::Result<()> {
    if cfg!(unix) {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("sprague-atomic-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.ckpt");
        let tmp = dir.join("old.ckpt.tmp");
        std::fs::write(&path, b"the previous file").unwrap();
        // The write fails half-way, after more bytes than the buffer holds
        // went out.
        let failed = write_atomically(&path, &tmp, |out| {
            out.write_all(&[0u8; 100_000])?;
            Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "the disk is full",
            ))
        });
        assert_eq!(failed.unwrap_err().to_string(), "the disk is full");
        assert_eq!(std::fs::read(&path).unwrap(), b"the previous file");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("old.ckpt")]);
        // A whole write replaces the file, and leaves no temporary.
        write_atomically(&path, &tmp, |out| out.write_all(b"the new file")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"the new file");
        assert!(!tmp.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
