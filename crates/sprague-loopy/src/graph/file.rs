//! Opening the files a position or a command names (graph files, word
//! lists): regular files only, no larger than [`MAX_FILE_BYTES`], read
//! through a reader that stops at the limit even if the file grows.
//!
//! A path may name anything: `/dev/zero` never ends, a FIFO blocks until
//! someone writes to it, a directory cannot be read. The file is checked
//! before it is opened (opening a FIFO would wait for a writer) and again,
//! through the open handle, after: the path may have changed in between.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

use super::Graph;
use super::read::{
    GameFile, GraphError, GraphErrorKind, MAX_FILE_BYTES, ReadLimits, read_game_file,
};

/// What a file that is not a regular file is, for the error message.
fn kind_of(metadata: &Metadata) -> &'static str {
    let file_type = metadata.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

fn io_error(e: &std::io::Error) -> GraphError {
    GraphError {
        line: 0,
        kind: GraphErrorKind::Io {
            message: e.to_string(),
        },
    }
}

/// Refuses anything but a regular file of at most `max_bytes`.
fn check(metadata: &Metadata, max_bytes: u64) -> Result<(), GraphError> {
    if !metadata.is_file() {
        return Err(GraphError {
            line: 0,
            kind: GraphErrorKind::NotARegularFile {
                what: kind_of(metadata),
            },
        });
    }
    if metadata.len() > max_bytes {
        return Err(GraphError {
            line: 0,
            kind: GraphErrorKind::FileTooLarge { max: max_bytes },
        });
    }
    Ok(())
}

/// Opens `path` for reading if it is a regular file of at most
/// `max_bytes`; the reader returned ends one byte past `max_bytes`, so a
/// reader that counts what it gets can tell that a file grew past the
/// limit while it was read.
///
/// # Errors
///
/// [`GraphErrorKind::NotARegularFile`], [`GraphErrorKind::FileTooLarge`],
/// or [`GraphErrorKind::Io`] if it cannot be opened.
pub fn open_bounded(path: &Path, max_bytes: u64) -> Result<impl Read + use<>, GraphError> {
    check(
        &std::fs::metadata(path).map_err(|e| io_error(&e))?,
        max_bytes,
    )?;
    let file = File::open(path).map_err(|e| io_error(&e))?;
    check(&file.metadata().map_err(|e| io_error(&e))?, max_bytes)?;
    Ok(std::io::BufReader::with_capacity(1 << 16, file).take(max_bytes.saturating_add(1)))
}

/// The text of the file at `path` (a word list), at most
/// [`MAX_FILE_BYTES`].
///
/// # Errors
///
/// As [`open_bounded`], [`GraphErrorKind::FileTooLarge`] if the file grew
/// past the limit while it was read, and [`GraphErrorKind::Io`] for text
/// that is not UTF-8.
pub fn read_text_file(path: &Path) -> Result<String, GraphError> {
    read_text(open_bounded(path, MAX_FILE_BYTES)?)
}

/// All of `reader` as text, refused past [`MAX_FILE_BYTES`].
fn read_text(mut reader: impl Read) -> Result<String, GraphError> {
    let mut text = String::new();
    reader.read_to_string(&mut text).map_err(|e| io_error(&e))?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(GraphError {
            line: 0,
            kind: GraphErrorKind::FileTooLarge {
                max: MAX_FILE_BYTES,
            },
        });
    }
    Ok(text)
}

/// Where the files named in positions are read from.
///
/// The command line reads them from the file system as named
/// ([`FileSystem`]); a server chooses which names may be read, and from
/// where (the web explorer: examples compiled in, or files inside one
/// directory), so that a request cannot make it read any file it names.
pub trait FileSource: Sync {
    /// Opens the file a position calls `name`, to be read up to
    /// `max_bytes`: the reader returned may yield one byte more, so a
    /// reader that counts can tell that the file is over the limit.
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::Refused`] for a name this source does not serve,
    /// and the errors of [`open_bounded`].
    fn open(&self, name: &str, max_bytes: u64) -> Result<Box<dyn Read>, GraphError>;
}

/// The file system: a name is a path, relative to the working directory;
/// regular files only, as [`open_bounded`] opens them.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileSystem;

impl FileSource for FileSystem {
    fn open(&self, name: &str, max_bytes: u64) -> Result<Box<dyn Read>, GraphError> {
        Ok(Box::new(open_bounded(Path::new(name), max_bytes)?))
    }
}

/// The text of the file `name` from `files` (a word list), at most
/// [`MAX_FILE_BYTES`].
///
/// # Errors
///
/// As [`read_text_file`].
pub fn read_text_from(files: &dyn FileSource, name: &str) -> Result<String, GraphError> {
    read_text(files.open(name, MAX_FILE_BYTES)?)
}

/// Reads the graph file `name` from `files`, impartial or partizan, under
/// the default [`ReadLimits`].
pub fn read_game_from(files: &dyn FileSource, name: &str) -> Result<GameFile, GraphError> {
    let limits = ReadLimits::DEFAULT;
    read_game_file(files.open(name, limits.max_bytes)?, limits)
}

impl Graph {
    /// Reads the graph file `name` from `files` under the default
    /// [`ReadLimits`], as [`Graph::read_file`] reads a path.
    ///
    /// # Errors
    ///
    /// As [`FileSource::open`] and [`Graph::read`].
    pub fn read_from(files: &dyn FileSource, name: &str) -> Result<Graph, GraphError> {
        let limits = ReadLimits::DEFAULT;
        Graph::read_with_limits(files.open(name, limits.max_bytes)?, limits)
    }

    /// Reads the graph file at `path` under the default [`ReadLimits`]:
    /// a regular file of at most [`MAX_FILE_BYTES`], lines of at most
    /// [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES).
    ///
    /// # Errors
    ///
    /// As [`open_bounded`] and [`Graph::read`].
    pub fn read_file(path: &Path) -> Result<Graph, GraphError> {
        Graph::read_file_with_limits(path, ReadLimits::DEFAULT)
    }

    /// Reads the graph file at `path` under `limits`.
    ///
    /// # Errors
    ///
    /// As [`Graph::read_file`].
    pub fn read_file_with_limits(path: &Path, limits: ReadLimits) -> Result<Graph, GraphError> {
        Graph::read_with_limits(open_bounded(path, limits.max_bytes)?, limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(path: &str) -> GraphErrorKind {
        Graph::read_file(Path::new(path)).unwrap_err().kind
    }

    #[test]
    fn devices_and_directories_are_refused_before_reading() {
        assert_eq!(
            error("/dev/zero"),
            GraphErrorKind::NotARegularFile { what: "a device" }
        );
        assert_eq!(
            error("/"),
            GraphErrorKind::NotARegularFile {
                what: "a directory"
            }
        );
        assert!(matches!(
            read_text_file(Path::new("/dev/zero")).unwrap_err().kind,
            GraphErrorKind::NotARegularFile { what: "a device" }
        ));
    }

    #[test]
    fn a_missing_file_is_an_io_error() {
        assert!(matches!(
            error("/nonexistent/graph.txt"),
            GraphErrorKind::Io { .. }
        ));
    }

    #[test]
    fn a_file_over_the_limit_is_refused_by_its_size() {
        let path = std::env::temp_dir().join(format!("sprague-file-{}.txt", std::process::id()));
        std::fs::write(&path, "a b\nb c\n").unwrap();
        let limits = ReadLimits {
            max_bytes: 7,
            max_line_bytes: 100,
        };
        assert_eq!(
            Graph::read_file_with_limits(&path, limits)
                .unwrap_err()
                .kind,
            GraphErrorKind::FileTooLarge { max: 7 }
        );
        let limits = ReadLimits {
            max_bytes: 8,
            ..limits
        };
        assert_eq!(
            Graph::read_file_with_limits(&path, limits)
                .unwrap()
                .n_vertices(),
            3
        );
        std::fs::remove_file(&path).unwrap();
    }
}
