//! The checkpoint format of a take-and-break sequence (version 2): the
//! values computed so far, with what is needed to refuse anything else.
//!
//! A checkpoint is resumed by a later run, maybe on another day, after a
//! crash, a full disk or a copy between machines. A resumed run must be the
//! uninterrupted run or an error, so a checkpoint says what it is, how long
//! it is, which table it belongs to, and carries checksums of all of it:
//!
//! ```text
//! sprague octal checkpoint 2\n                         the magic and the version
//! length 00000000000000001234 header-crc32 89abcdef\n  the whole file's length, and
//!                                                      the CRC-32 of the bytes before
//!                                                      " header-crc32"
//! ruleset officers\n                                   the table's name, for messages
//! rules take-all= leave-one= leave-two=0 ... \n        the rules: the identity compared
//! heaps 0..=400\n                                      the values held
//! width 2\n                                            bytes per value (1 or 2, little endian)
//! \n
//! <values>
//! <CRC-32 of every byte before it, 4 bytes little endian>
//! ```
//!
//! The header's own checksum lets a reader tell a short file (truncated: an
//! interrupted copy) from a changed length field (damaged), and read the
//! length before reading the rest, so that a foreign or damaged file is
//! never read beyond its first line. CRC-32 (the checksum of gzip, PNG and
//! Ethernet) detects every change of up to 32 consecutive bits, so every
//! single changed byte, with certainty, and other damage with probability
//! 1 - 2^-32; it is a check against accidents, not against forgery.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

use super::TakeBreak;
use super::cell::Cell;
use super::store::{self, DiskPlan};

/// What every checkpoint begins with, before its version number.
const MAGIC: &[u8] = b"sprague octal checkpoint ";

/// The version this code writes and reads.
pub const CHECKPOINT_VERSION: u64 = 2;

/// The length field: twenty digits hold any `u64`.
const LENGTH_DIGITS: usize = 20;

/// The bytes of the checksum at the end.
const TRAILER: usize = 4;

/// Why a first line that begins as a checkpoint's is not one.
const FIRST_LINE: &str = "its first line is not `sprague octal checkpoint N`";

/// Why bytes could not be resumed as a checkpoint. Each kind says what the
/// user can do: a foreign file was named by mistake, another version needs
/// another `sprague`, a truncated or damaged one must be computed again, and
/// one of another table belongs to another command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// The bytes do not begin as a checkpoint does.
    #[error("not a sprague checkpoint (it does not begin with `sprague octal checkpoint`)")]
    Foreign,
    /// A checkpoint of another version of the format.
    #[error("{}", version_message(*found))]
    Version {
        /// The version the file says it has.
        found: u64,
    },
    /// The bytes end before the checkpoint does: an interrupted copy or
    /// write.
    #[error("the checkpoint is truncated: {}", truncated_message(*length, *expected))]
    Truncated {
        /// The number of bytes there are.
        length: u64,
        /// The number of bytes the header says there are, if the header is
        /// whole.
        expected: Option<u64>,
    },
    /// A checksum does not match, or what the checksum covers does not
    /// read: bytes were changed after the checkpoint was written.
    #[error("the checkpoint is damaged: {reason}")]
    Damaged {
        /// What does not match, in words, lower case.
        reason: String,
    },
    /// A whole checkpoint, but of other rules.
    #[error("the checkpoint belongs to another table: it holds `{made_for}`, not `{expected}`")]
    OtherTable {
        /// The ruleset the checkpoint was made for.
        made_for: String,
        /// The ruleset of this run.
        expected: String,
    },
    /// The family computes its values too quickly to need checkpoints.
    #[error("`{ruleset}` has no checkpoints (its values are quick to compute)")]
    NoCheckpoints {
        /// The ruleset.
        ruleset: String,
    },
    /// The bytes could not be read: the reader failed (the disk's error),
    /// or the values of a whole checkpoint do not fit in memory.
    #[error("{message}")]
    Unreadable {
        /// What failed: the reader's error kind, or
        /// [`std::io::ErrorKind::OutOfMemory`].
        kind: io::ErrorKind,
        /// The reader's error, or what did not fit, in words.
        message: String,
    },
}

fn version_message(found: u64) -> String {
    if found < CHECKPOINT_VERSION {
        format!(
            "the checkpoint is of an older format (version {found}) that this sprague no longer reads: compute the table again"
        )
    } else {
        format!(
            "the checkpoint is of a newer format (version {found}) than this sprague reads (version {CHECKPOINT_VERSION}): resume it with the sprague that wrote it"
        )
    }
}

fn truncated_message(length: u64, expected: Option<u64>) -> String {
    match expected {
        Some(expected) => format!("{length} of its {expected} bytes"),
        None => format!("{length} bytes, shorter than its header"),
    }
}

fn damaged(reason: impl Into<String>) -> CheckpointError {
    CheckpointError::Damaged {
        reason: reason.into(),
    }
}

/// The values a checkpoint holds, as stored: one byte per heap while every
/// value fits, two bytes after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointValues {
    /// One byte per heap.
    Bytes(Vec<u8>),
    /// Two bytes per heap.
    Words(Vec<u16>),
}

impl CheckpointValues {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            CheckpointValues::Bytes(v) => v.len(),
            CheckpointValues::Words(v) => v.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A checkpoint read and checked by [`read_checkpoint`]: its checksums
/// match and its header agrees with its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The ruleset as the run that wrote it named it (`officers`).
    pub ruleset: String,
    /// The rules, in the form [`rules_identity`] gives.
    pub rules: String,
    /// `G(0..len)`.
    pub values: CheckpointValues,
}

/// The rules of a take-and-break game as one line, the identity a
/// checkpoint is compared by: `kayles` and `octal[0.77]` are one game and
/// share checkpoints, `officers` and `kayles` are not.
pub fn rules_identity(rules: &TakeBreak) -> String {
    let list = |l: &[usize]| l.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    format!(
        "take-all={} leave-one={} leave-two={} leave-three={} unequal={}",
        list(&rules.take_all),
        list(&rules.leave_one),
        list(&rules.leave_two),
        list(&rules.leave_three),
        rules.unequal
    )
}

/// The bytes converted, checksummed and written, or read, at a time: a
/// checkpoint goes through a buffer this size, never through a copy of its
/// values.
const CHUNK: usize = 1 << 16;

/// Writes the checkpoint of `values` for `rules`, named `ruleset` in
/// messages, to `out`: the header, then the values converted to little
/// endian a [`CHUNK`] at a time, then the CRC-32 of all of it, computed as
/// the bytes go out. Memory beyond the values is one chunk, whatever their
/// number.
#[cfg(test)]
pub(crate) fn write_checkpoint(
    out: impl Write,
    ruleset: &str,
    rules: &TakeBreak,
    values: CheckpointSlice<'_>,
) -> io::Result<()> {
    write_checkpoint_reading(out, ruleset, rules, values, |_| {})
}

/// [`write_checkpoint`], calling `read(n)` once the first `n` values are
/// written (after each chunk): values on disk give back their pages.
pub(crate) fn write_checkpoint_reading(
    mut out: impl Write,
    ruleset: &str,
    rules: &TakeBreak,
    values: CheckpointSlice<'_>,
    mut read: impl FnMut(usize),
) -> io::Result<()> {
    let (count, width) = match values {
        CheckpointSlice::Bytes(v) => (v.len(), 1),
        CheckpointSlice::Words(v) => (v.len(), 2),
    };
    let header = header(ruleset, rules, count, width);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header);
    out.write_all(&header)?;
    match values {
        CheckpointSlice::Bytes(v) => {
            for (i, chunk) in v.chunks(CHUNK).enumerate() {
                crc.update(chunk);
                out.write_all(chunk)?;
                read(i * CHUNK + chunk.len());
            }
        }
        CheckpointSlice::Words(v) => {
            let mut bytes = Vec::with_capacity(CHUNK);
            for (i, chunk) in v.chunks(CHUNK / 2).enumerate() {
                bytes.clear();
                bytes.extend(chunk.iter().flat_map(|w| w.to_le_bytes()));
                crc.update(&bytes);
                out.write_all(&bytes)?;
                read(i * (CHUNK / 2) + chunk.len());
            }
        }
    }
    out.write_all(&crc.finalize().to_le_bytes())
}

/// The bytes of a checkpoint before its values: the first two lines (the
/// magic and version, the length of the whole file of `count` values of
/// `width` bytes and the header checksum), the body's lines and the blank
/// line.
fn header(ruleset: &str, rules: &TakeBreak, count: usize, width: usize) -> Vec<u8> {
    // A newline in the name would end its line early; rulesets are written
    // without one, and this keeps the format whole if one ever is.
    let ruleset = ruleset.replace(['\n', '\r'], " ");
    let mut body = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(body, "ruleset {ruleset}");
    let _ = writeln!(body, "rules {}", rules_identity(rules));
    match count.checked_sub(1) {
        Some(last) => {
            let _ = writeln!(body, "heaps 0..={last}");
        }
        None => body.push_str("heaps none\n"),
    }
    let _ = writeln!(body, "width {width}\n");
    let magic = format!(
        "{}{CHECKPOINT_VERSION}\n",
        std::str::from_utf8(MAGIC).unwrap_or("")
    );
    let frame_len = frame_length(magic.len());
    // The values are in memory, so their bytes count at most `isize::MAX`.
    let length = frame_len + body.len() + count * width + TRAILER;
    let mut out = Vec::with_capacity(frame_len + body.len());
    out.extend_from_slice(magic.as_bytes());
    out.extend_from_slice(format!("length {length:0LENGTH_DIGITS$}").as_bytes());
    let header_crc = crc32fast::hash(&out);
    out.extend_from_slice(format!(" header-crc32 {header_crc:08x}\n").as_bytes());
    debug_assert_eq!(out.len(), frame_len);
    out.extend_from_slice(body.as_bytes());
    out
}

/// The values to write, borrowed from the engine.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CheckpointSlice<'a> {
    Bytes(&'a [u8]),
    Words(&'a [u16]),
}

/// The length of the first two lines, given that of the first.
fn frame_length(magic_line: usize) -> usize {
    magic_line + "length ".len() + LENGTH_DIGITS + " header-crc32 ".len() + 8 + 1
}

/// The most bytes [`checkpoint_length`] needs to see: the first two lines
/// of any checkpoint of this version.
pub const CHECKPOINT_FRAME_MAX: usize = 128;

/// The length in bytes that a checkpoint's header declares, read from its
/// first bytes (at least the first two lines, [`CHECKPOINT_FRAME_MAX`]
/// bytes are always enough), so that a reader can check what it is given
/// before reading the rest.
///
/// # Errors
///
/// [`CheckpointError::Foreign`], [`CheckpointError::Version`],
/// [`CheckpointError::Truncated`] (the bytes end within the two lines) or
/// [`CheckpointError::Damaged`] (the header's checksum does not match).
pub fn checkpoint_length(prefix: &[u8]) -> Result<u64, CheckpointError> {
    let truncated = || CheckpointError::Truncated {
        length: prefix.len() as u64,
        expected: None,
    };
    if prefix.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(prefix) {
            truncated()
        } else {
            CheckpointError::Foreign
        });
    }
    let Some(rest) = prefix.strip_prefix(MAGIC) else {
        return Err(CheckpointError::Foreign);
    };
    // The version: digits up to the end of the line.
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == rest.len() {
        return Err(truncated());
    }
    if rest[digits] != b'\n' || digits == 0 || digits > 19 {
        return Err(damaged(FIRST_LINE));
    }
    let version: u64 = std::str::from_utf8(&rest[..digits])
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| damaged("its version does not read"))?;
    if version != CHECKPOINT_VERSION {
        return Err(CheckpointError::Version { found: version });
    }
    let magic_line = MAGIC.len() + digits + 1;
    let frame_len = frame_length(magic_line);
    let Some(frame) = prefix.get(..frame_len) else {
        return Err(truncated());
    };
    let crc_at = magic_line + "length ".len() + LENGTH_DIGITS;
    let (covered, tail) = frame.split_at(crc_at);
    let expected_crc = tail
        .strip_prefix(b" header-crc32 ")
        .and_then(|t| t.strip_suffix(b"\n"))
        .and_then(|hex| std::str::from_utf8(hex).ok())
        .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or_else(|| damaged("its header checksum does not read"))?;
    if crc32fast::hash(covered) != expected_crc {
        return Err(damaged("the checksum of its header does not match"));
    }
    // The checksum matched, so what it covers is as written.
    covered[magic_line..]
        .strip_prefix(b"length ")
        .and_then(|d| std::str::from_utf8(d).ok())
        .and_then(|d| d.parse::<u64>().ok())
        .filter(|&length| length >= (frame_len + TRAILER) as u64)
        .ok_or_else(|| damaged("its length does not read"))
}

/// Reads and checks a checkpoint held in memory: [`read_checkpoint_from`]
/// on its bytes.
///
/// # Examples
///
/// ```
/// use sprague_impartial::{CheckpointError, GrundySequence, Method, OctalCode, TakeBreak, read_checkpoint};
/// let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
/// let mut g = GrundySequence::new(kayles, Method::SparseSpace);
/// g.extend_to(100).unwrap();
/// let mut bytes = g.to_checkpoint("kayles");
/// assert_eq!(read_checkpoint(&bytes).unwrap().values.len(), 101);
/// bytes[100] ^= 1;
/// assert!(matches!(read_checkpoint(&bytes), Err(CheckpointError::Damaged { .. })));
/// ```
///
/// # Errors
///
/// Each kind of [`CheckpointError`] but [`CheckpointError::OtherTable`],
/// [`CheckpointError::NoCheckpoints`] and [`CheckpointError::Unreadable`].
pub fn read_checkpoint(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
    read_checkpoint_from(bytes)
}

/// Reads and checks a checkpoint from `input` (a file): its magic and
/// version, its length, both checksums, and that its header agrees with its
/// values. Which table it belongs to is the caller's to compare
/// ([`Checkpoint::rules`]).
///
/// The values go straight from `input` into the vector returned, 64 KiB
/// at a time, the checksum computed as they arrive: the memory a
/// checkpoint needs is its values once. The vector is sized from the
/// length in the header, whose checksum is checked first, and at most one
/// byte beyond that length is read (to tell a longer file from a whole
/// one). What any bytes are refused as is what the whole file says, as if
/// it had been read at once: a file cut short is truncated even where what
/// it holds is damaged too, and a damaged one is damaged even where its
/// header no longer reads.
///
/// # Errors
///
/// Each kind of [`CheckpointError`] but [`CheckpointError::OtherTable`] and
/// [`CheckpointError::NoCheckpoints`]; [`CheckpointError::Unreadable`]
/// when `input` fails, or the values its header declares do not fit in
/// memory.
pub fn read_checkpoint_from(input: impl Read) -> Result<Checkpoint, CheckpointError> {
    let read = read_checkpoint_into(input, None)?;
    Ok(Checkpoint {
        ruleset: read.ruleset,
        rules: read.rules,
        values: match read.values {
            StoredValues::Bytes(v) => CheckpointValues::Bytes(v.into_vec()),
            StoredValues::Words(v) => CheckpointValues::Words(v.into_vec()),
        },
    })
}

/// The values of a checkpoint read into the engine's own storage.
pub(crate) enum StoredValues {
    Bytes(store::Values<u8>),
    Words(store::Values<u16>),
}

/// A checkpoint read by [`read_checkpoint_into`].
pub(crate) struct StoredCheckpoint {
    pub ruleset: String,
    pub rules: String,
    pub values: StoredValues,
}

/// [`read_checkpoint_from`], into a vector, or with `disk` = `(plan, name,
/// capacity)` straight into a values file (see `store`) with room for
/// `capacity` values: a checkpoint larger than memory resumes without
/// passing through it.
pub(crate) fn read_checkpoint_into(
    input: impl Read,
    disk: Option<(&DiskPlan, &str, usize)>,
) -> Result<StoredCheckpoint, CheckpointError> {
    let mut input = Input::new(input);
    let (frame, length) = read_frame(&mut input)?;
    let truncated = |have: u64| CheckpointError::Truncated {
        length: have,
        expected: Some(length),
    };
    // Nothing past the byte that tells a longer file from a whole one.
    input.limit_to(length.saturating_add(1));
    let mut crc = crc32fast::Hasher::new();
    crc.update(&frame);
    // The header's checksum matched, so `length` is as written and covers
    // the frame and the trailer.
    let content = length - TRAILER as u64;
    // The body's lines, up to the byte after the fourth (which must end
    // the blank line), or all that is left of the contents.
    let mut body = Vec::new();
    let mut newlines = 0;
    while input.consumed < content && newlines < 5 {
        let Some(b) = input.byte()? else {
            return Err(truncated(input.consumed));
        };
        body.push(b);
        newlines += usize::from(b == b'\n' || newlines == 4);
    }
    crc.update(&body);
    // What the body says is only known to be what was written once the
    // checksum at the end matches; until then it sizes the values, and
    // any error it gives waits for the checksum (a damaged body is
    // reported as damaged, as the whole file would be).
    let layout = parse_body(&body, content - input.consumed);
    let mut values = match &layout {
        Ok(layout) => Some(Values::reserve(layout, disk)),
        Err(_) => None,
    };
    let mut odd_byte = None;
    while input.consumed < content {
        let left = usize::try_from(content - input.consumed).unwrap_or(usize::MAX);
        let chunk = input.next(left)?;
        if chunk.is_empty() {
            return Err(truncated(input.consumed));
        }
        crc.update(chunk);
        if let Some(values) = &mut values {
            values.push(chunk, &mut odd_byte);
        }
    }
    let mut trailer = [0; TRAILER];
    let mut have = 0;
    while have < TRAILER {
        let chunk = input.next(TRAILER - have)?;
        if chunk.is_empty() {
            return Err(truncated(input.consumed));
        }
        trailer[have..have + chunk.len()].copy_from_slice(chunk);
        have += chunk.len();
    }
    if input.byte()?.is_some() {
        return Err(damaged(format!(
            "it is longer than the {length} bytes its header says"
        )));
    }
    if crc.finalize() != u32::from_le_bytes(trailer) {
        return Err(damaged("the checksum of its contents does not match"));
    }
    // From here the bytes are as written; an error of the body means a
    // writer that is not this one.
    let layout = layout?;
    let values = match values {
        Some(Values::Bytes(Ok(v))) => StoredValues::Bytes(v),
        Some(Values::Words(Ok(v))) => StoredValues::Words(v),
        Some(Values::Bytes(Err(e)) | Values::Words(Err(e))) => {
            return Err(CheckpointError::Unreadable {
                kind: e.kind(),
                message: e.to_string(),
            });
        }
        None => {
            return Err(CheckpointError::Unreadable {
                kind: io::ErrorKind::OutOfMemory,
                message: format!("its {} values do not fit in memory", layout.count),
            });
        }
    };
    // G(0) = 0 in every game: a heap of nothing has no move.
    let first = match &values {
        StoredValues::Bytes(v) => v.first().map(|&g| u16::from(g)),
        StoredValues::Words(v) => v.first().copied(),
    };
    if first.is_some_and(|g| g != 0) {
        return Err(damaged("it says G(0) is not 0"));
    }
    Ok(StoredCheckpoint {
        ruleset: layout.ruleset,
        rules: layout.rules,
        values,
    })
}

/// Reads the first two lines of a checkpoint: its bytes and the length
/// they declare, or the error [`checkpoint_length`] finds in the whole
/// input. It reads no further than that error is certain: the magic, the
/// version's digits up to the byte after them, then the rest of the two
/// lines.
fn read_frame<R: Read>(input: &mut Input<R>) -> Result<(Vec<u8>, u64), CheckpointError> {
    let mut frame = Vec::with_capacity(CHECKPOINT_FRAME_MAX);
    input.read_to(&mut frame, MAGIC.len())?;
    if frame.starts_with(MAGIC) {
        while let Some(b) = input.byte()? {
            frame.push(b);
            if b == b'\n' {
                let frame_len = frame_length(frame.len());
                input.read_to(&mut frame, frame_len)?;
                break;
            } else if !b.is_ascii_digit() {
                break;
            } else if frame.len() - MAGIC.len() > 19 {
                // Too many digits for a version: the first line is not one
                // whatever follows, unless nothing but digits does.
                return loop {
                    match input.byte()? {
                        Some(b) if b.is_ascii_digit() => {}
                        Some(_) => break Err(damaged(FIRST_LINE)),
                        None => {
                            break Err(CheckpointError::Truncated {
                                length: input.consumed,
                                expected: None,
                            });
                        }
                    }
                };
            }
        }
    }
    let length = checkpoint_length(&frame)?;
    Ok((frame, length))
}

/// What the body of a checkpoint says: whose it is and how its values are
/// stored.
#[derive(Debug)]
struct Layout {
    ruleset: String,
    rules: String,
    count: usize,
    /// Two bytes per value (else one).
    words: bool,
}

/// Reads the body: the lines `ruleset`, `rules`, `heaps` and `width`, each
/// with its key and a space, a blank line, and `data_len` bytes of values
/// after it that hold the heaps at the width. `body` is the bytes up to the
/// byte after the fourth line, or every byte of the contents if there are
/// fewer lines.
fn parse_body(body: &[u8], data_len: u64) -> Result<Layout, CheckpointError> {
    let mut rest = body;
    let mut line = |key: &str| -> Result<String, CheckpointError> {
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| damaged(format!("no `{key}` line")))?;
        let text = std::str::from_utf8(&rest[..end])
            .ok()
            .and_then(|l| l.strip_prefix(key))
            .and_then(|l| l.strip_prefix(' '))
            .ok_or_else(|| damaged(format!("no `{key}` line")))?
            .to_string();
        rest = &rest[end + 1..];
        Ok(text)
    };
    let ruleset = line("ruleset")?;
    let rules = line("rules")?;
    let heaps = line("heaps")?;
    let width = line("width")?;
    if rest != b"\n" {
        return Err(damaged("no blank line after the header"));
    }
    let count: usize = match heaps.as_str() {
        "none" => 0,
        range => range
            .strip_prefix("0..=")
            .and_then(|last| last.parse::<usize>().ok())
            .and_then(|last| last.checked_add(1))
            .ok_or_else(|| damaged(format!("the heaps `{heaps}` do not read")))?,
    };
    let bytes_per_value = match width.as_str() {
        "1" => Some(1),
        "2" => Some(2),
        _ => None,
    };
    match bytes_per_value {
        Some(w) if count.checked_mul(w).and_then(|n| u64::try_from(n).ok()) == Some(data_len) => {
            Ok(Layout {
                ruleset,
                rules,
                count,
                words: w == 2,
            })
        }
        _ => Err(damaged(format!(
            "{data_len} bytes of values do not hold heaps {heaps} of width {width}"
        ))),
    }
}

/// The values as they arrive, in a vector or a file of their number (an
/// error if that many do not fit in memory or on disk: they are still read,
/// for the checksum).
enum Values {
    Bytes(io::Result<store::Values<u8>>),
    Words(io::Result<store::Values<u16>>),
}

impl Values {
    /// Room for the values `layout` declares, reserved once: the vector
    /// never grows (growing would hold the old and new buffers at once).
    fn reserve(layout: &Layout, disk: Option<(&DiskPlan, &str, usize)>) -> Values {
        fn room<T: Cell>(
            count: usize,
            disk: Option<(&DiskPlan, &str, usize)>,
        ) -> io::Result<store::Values<T>> {
            if let Some((plan, name, capacity)) = disk {
                return store::Values::on_disk(plan, name, count.max(capacity));
            }
            let mut v = Vec::new();
            v.try_reserve_exact(count).map_err(|_| {
                io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    format!("its {count} values do not fit in memory"),
                )
            })?;
            Ok(store::Values::from_vec(v))
        }
        if layout.words {
            Values::Words(room(layout.count, disk))
        } else {
            Values::Bytes(room(layout.count, disk))
        }
    }

    /// Appends the values in `bytes`. A word may be split between two
    /// chunks: its first byte waits in `odd_byte`.
    fn push(&mut self, mut bytes: &[u8], odd_byte: &mut Option<u8>) {
        match self {
            Values::Bytes(Ok(v)) => {
                for &b in bytes {
                    v.push(b);
                }
            }
            Values::Words(Ok(v)) => {
                if let Some(low) = odd_byte.take() {
                    if let Some((&high, rest)) = bytes.split_first() {
                        v.push(u16::from_le_bytes([low, high]));
                        bytes = rest;
                    } else {
                        *odd_byte = Some(low);
                    }
                }
                let pairs = bytes.chunks_exact(2);
                if let [last] = pairs.remainder() {
                    *odd_byte = Some(*last);
                }
                for c in pairs {
                    v.push(u16::from_le_bytes([c[0], c[1]]));
                }
            }
            Values::Bytes(Err(_)) | Values::Words(Err(_)) => {}
        }
    }
}

/// A reader's bytes, counted: at first exactly as many as are asked for
/// (the first two lines of a checkpoint), then, once its length is known,
/// a [`CHUNK`] at a time up to that length.
struct Input<R> {
    inner: R,
    buffer: Vec<u8>,
    /// `buffer[start..end]` is read and not yet handed out.
    start: usize,
    end: usize,
    /// The bytes handed out.
    consumed: u64,
    /// Whether to ask `inner` for only the bytes asked for, not a chunk.
    exact: bool,
    /// The most bytes still to be asked of `inner`.
    unread: u64,
}

impl<R: Read> Input<R> {
    fn new(inner: R) -> Input<R> {
        Input {
            inner,
            buffer: vec![0; CHUNK],
            start: 0,
            end: 0,
            consumed: 0,
            exact: true,
            unread: u64::MAX,
        }
    }

    /// Reads a chunk at a time from now on, and no further than `length`
    /// bytes from the start.
    fn limit_to(&mut self, length: u64) {
        let asked = self.consumed + (self.end - self.start) as u64;
        self.unread = length.saturating_sub(asked);
        self.exact = false;
    }

    /// Up to `max` (at least 1) of the next bytes: none at the end of the
    /// input, and otherwise at least one.
    fn next(&mut self, max: usize) -> Result<&[u8], CheckpointError> {
        if self.start == self.end {
            let room = if self.exact { max.min(CHUNK) } else { CHUNK };
            let want = usize::try_from(self.unread).map_or(room, |u| u.min(room));
            let n = loop {
                match self.inner.read(&mut self.buffer[..want]) {
                    Ok(n) => break n.min(want),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        return Err(CheckpointError::Unreadable {
                            kind: e.kind(),
                            message: e.to_string(),
                        });
                    }
                }
            };
            self.start = 0;
            self.end = n;
            self.unread -= n as u64;
        }
        let n = max.min(self.end - self.start);
        let from = self.start;
        self.start += n;
        self.consumed += n as u64;
        Ok(&self.buffer[from..from + n])
    }

    /// The next byte, `None` at the end of the input.
    fn byte(&mut self) -> Result<Option<u8>, CheckpointError> {
        Ok(self.next(1)?.first().copied())
    }

    /// Appends bytes to `out` until it holds `len`, or the input ends.
    fn read_to(&mut self, out: &mut Vec<u8>, len: usize) -> Result<(), CheckpointError> {
        while out.len() < len {
            let chunk = self.next(len - out.len())?;
            if chunk.is_empty() {
                break;
            }
            out.extend_from_slice(chunk);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{GrundySequence, Method, OctalCode};

    fn code(text: &str) -> TakeBreak {
        TakeBreak::from_code(&OctalCode::parse(text).unwrap())
    }

    fn kayles() -> TakeBreak {
        code("0.77")
    }

    /// A checkpoint written by the release build of `a6432e6`, the last
    /// that built checkpoints in memory: Officers to heap 10 400, two bytes
    /// a value (`tests/data/checkpoints/README.md`).
    const OFFICERS_BEFORE_STREAMING: &[u8] =
        include_bytes!("../../tests/data/checkpoints/officers-10400.ckpt");

    /// The writer of `a6432e6`, which built the whole file in memory: the
    /// reference that the streaming writer must equal byte for byte.
    fn whole_file_checkpoint(
        ruleset: &str,
        rules: &TakeBreak,
        values: CheckpointSlice<'_>,
    ) -> Vec<u8> {
        let (count, width) = match values {
            CheckpointSlice::Bytes(v) => (v.len(), 1),
            CheckpointSlice::Words(v) => (v.len(), 2),
        };
        let ruleset = ruleset.replace(['\n', '\r'], " ");
        let mut body = String::new();
        let _ = writeln!(body, "ruleset {ruleset}");
        let _ = writeln!(body, "rules {}", rules_identity(rules));
        match count.checked_sub(1) {
            Some(last) => {
                let _ = writeln!(body, "heaps 0..={last}");
            }
            None => body.push_str("heaps none\n"),
        }
        let _ = writeln!(body, "width {width}\n");
        let magic = format!(
            "{}{CHECKPOINT_VERSION}\n",
            std::str::from_utf8(MAGIC).unwrap_or("")
        );
        let frame_len = frame_length(magic.len());
        let length = frame_len + body.len() + count * width + TRAILER;
        let mut out = Vec::with_capacity(length);
        out.extend_from_slice(magic.as_bytes());
        out.extend_from_slice(format!("length {length:0LENGTH_DIGITS$}").as_bytes());
        let header_crc = crc32fast::hash(&out);
        out.extend_from_slice(format!(" header-crc32 {header_crc:08x}\n").as_bytes());
        out.extend_from_slice(body.as_bytes());
        match values {
            CheckpointSlice::Bytes(v) => out.extend_from_slice(v),
            CheckpointSlice::Words(v) => {
                for w in v {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            }
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// The reader of `a6432e6`, which checked a whole file held in memory:
    /// the reference that the streaming reader must agree with, refusal
    /// for refusal and message for message.
    fn whole_file_read(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        let length = checkpoint_length(bytes)?;
        let have = bytes.len() as u64;
        if have < length {
            return Err(CheckpointError::Truncated {
                length: have,
                expected: Some(length),
            });
        }
        if have > length {
            return Err(damaged(format!(
                "it is longer than the {length} bytes its header says"
            )));
        }
        let (content, trailer) = bytes.split_at(bytes.len() - TRAILER);
        let mut crc = [0; TRAILER];
        crc.copy_from_slice(trailer);
        if crc32fast::hash(content) != u32::from_le_bytes(crc) {
            return Err(damaged("the checksum of its contents does not match"));
        }
        let version_end = content
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| damaged("no header"))?;
        let frame_len = frame_length(version_end + 1);
        let mut rest = &content[frame_len..];
        let mut line = |key: &str| -> Result<String, CheckpointError> {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .ok_or_else(|| damaged(format!("no `{key}` line")))?;
            let text = std::str::from_utf8(&rest[..end])
                .ok()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|l| l.strip_prefix(' '))
                .ok_or_else(|| damaged(format!("no `{key}` line")))?
                .to_string();
            rest = &rest[end + 1..];
            Ok(text)
        };
        let ruleset = line("ruleset")?;
        let rules = line("rules")?;
        let heaps = line("heaps")?;
        let width = line("width")?;
        if rest.first() != Some(&b'\n') {
            return Err(damaged("no blank line after the header"));
        }
        let data = &rest[1..];
        let count: usize = match heaps.as_str() {
            "none" => 0,
            range => range
                .strip_prefix("0..=")
                .and_then(|last| last.parse::<usize>().ok())
                .and_then(|last| last.checked_add(1))
                .ok_or_else(|| damaged(format!("the heaps `{heaps}` do not read")))?,
        };
        let values = match width.as_str() {
            "1" if data.len() == count => CheckpointValues::Bytes(data.to_vec()),
            "2" if Some(data.len()) == count.checked_mul(2) => CheckpointValues::Words(
                data.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            ),
            _ => {
                return Err(damaged(format!(
                    "{} bytes of values do not hold heaps {heaps} of width {width}",
                    data.len()
                )));
            }
        };
        let first = match &values {
            CheckpointValues::Bytes(v) => v.first().map(|&g| u16::from(g)),
            CheckpointValues::Words(v) => v.first().copied(),
        };
        if first.is_some_and(|g| g != 0) {
            return Err(damaged("it says G(0) is not 0"));
        }
        Ok(Checkpoint {
            ruleset,
            rules,
            values,
        })
    }

    /// A reader that hands out at most `piece` bytes a call, and fails
    /// every other call with `Interrupted` (which a reader retries), as a
    /// pipe or a slow disk may; it counts the bytes it handed out.
    struct Pieces<'a> {
        bytes: &'a [u8],
        piece: usize,
        interrupt: bool,
        handed_out: usize,
    }

    impl<'a> Pieces<'a> {
        fn new(bytes: &'a [u8], piece: usize) -> Pieces<'a> {
            Pieces {
                bytes,
                piece,
                interrupt: false,
                handed_out: 0,
            }
        }
    }

    impl Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.piece.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            self.handed_out += n;
            Ok(n)
        }
    }

    /// Reads `bytes` as a checkpoint in pieces of `pieces` bytes, and all
    /// at once, checks that each way answers what the whole-file reader
    /// answers, and returns that.
    fn read_in_pieces(bytes: &[u8], pieces: &[usize]) -> Result<Checkpoint, CheckpointError> {
        let expected = whole_file_read(bytes);
        for &piece in pieces {
            assert_eq!(
                read_checkpoint_from(Pieces::new(bytes, piece)),
                expected,
                "read {piece} bytes at a time"
            );
        }
        assert_eq!(read_checkpoint(bytes), expected, "read at once");
        expected
    }

    /// Reads `bytes` one byte, seven bytes at a time and at once.
    fn read_every_way(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        read_in_pieces(bytes, &[1, 7])
    }

    /// The values of `g` as the writer takes them.
    fn slice(g: &GrundySequence) -> CheckpointSlice<'_> {
        match &g.storage {
            super::super::Storage::Bytes(e) => CheckpointSlice::Bytes(&e.values),
            super::super::Storage::Words(e) => CheckpointSlice::Words(&e.values),
        }
    }

    /// Officers up to its first value above 255, stored in two bytes.
    fn officers_in_words() -> GrundySequence {
        let mut o = GrundySequence::new(code("0.6"), Method::SparseSpace);
        let mut n = 256;
        while o.is_bytes() {
            n += 256;
            o.extend_to(n).unwrap();
        }
        o
    }

    /// Checkpoints small enough to be read every way with every byte
    /// changed and at every length: Kayles to heap 40 (one byte a value),
    /// Officers to heap 100 with two bytes a value (written directly: the
    /// sequence widens only past heap 10 000), and one of no values.
    fn small_checkpoints() -> Vec<Vec<u8>> {
        let mut k = GrundySequence::new(kayles(), Method::SparseSpace);
        k.extend_to(40).unwrap();
        let mut o = GrundySequence::new(code("0.6"), Method::SparseSpace);
        o.extend_to(100).unwrap();
        let words: Vec<u16> = o.to_vec().iter().map(|&g| g as u16).collect();
        let mut officers = Vec::new();
        write_checkpoint(
            &mut officers,
            "officers",
            &code("0.6"),
            CheckpointSlice::Words(&words),
        )
        .unwrap();
        let mut empty = Vec::new();
        write_checkpoint(&mut empty, "kayles", &kayles(), CheckpointSlice::Bytes(&[])).unwrap();
        vec![k.to_checkpoint("kayles"), officers, empty]
    }

    #[test]
    fn a_checkpoint_reads_back_as_written() {
        let mut g = GrundySequence::new(kayles(), Method::SparseSpace);
        g.extend_to(40).unwrap();
        let read = read_every_way(&g.to_checkpoint("kayles")).unwrap();
        assert_eq!(read.ruleset, "kayles");
        assert_eq!(
            read.rules,
            "take-all=1,2 leave-one=1,2 leave-two=1,2 leave-three= unequal=false"
        );
        // G(0..=12) of Kayles from OEIS A002186.
        let CheckpointValues::Bytes(values) = read.values else {
            panic!("kayles' values fit in bytes");
        };
        assert_eq!(values[..13], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    }

    #[test]
    fn the_streaming_writer_writes_what_the_whole_file_writer_wrote() {
        // Both widths, with one chunk of values and with several (64 KiB:
        // 65 536 values of one byte, 32 768 of two) ending anywhere in the
        // last, and a sequence of G(0) alone.
        let officers = officers_in_words();
        let mut long_officers = GrundySequence::new(code("0.6"), Method::SparseSpace);
        long_officers.extend_to(70_001).unwrap();
        let mut sequences = vec![("officers", officers), ("officers", long_officers)];
        for (name, text, to) in [
            ("kayles", "0.77", 0),
            ("kayles", "0.77", 40),
            ("dawson", "0.07", 65_535),
            ("dawson", "0.07", 65_536),
            ("octal[0.1777]", "0.1777", 200_003),
        ] {
            let mut g = GrundySequence::new(code(text), Method::SparseSpace);
            g.extend_to(to).unwrap();
            sequences.push((name, g));
        }
        for (name, g) in &sequences {
            let streamed = g.to_checkpoint(name);
            assert_eq!(
                streamed,
                whole_file_checkpoint(name, g.rules(), slice(g)),
                "{name} to {}",
                g.len()
            );
            // The bytes are the same whatever the writer takes at a time.
            let mut pieces = io::BufWriter::with_capacity(7, Vec::new());
            g.write_checkpoint(name, &mut pieces).unwrap();
            assert_eq!(pieces.into_inner().unwrap(), streamed);
            assert_eq!(
                read_in_pieces(&streamed, &[4099]).unwrap().values.len(),
                g.len()
            );
        }
        assert!(!sequences[1].1.is_bytes() && sequences[1].1.len() > CHUNK);
    }

    #[test]
    fn a_checkpoint_written_before_streaming_resumes_and_is_written_again_byte_for_byte() {
        let read = read_in_pieces(OFFICERS_BEFORE_STREAMING, &[7, 4096]).unwrap();
        let CheckpointValues::Words(values) = &read.values else {
            panic!("the file holds two bytes a value");
        };
        assert_eq!(values.len(), 10_401);
        assert_eq!(values.iter().position(|&g| g > 255), Some(10_344));
        let resumed = GrundySequence::from_checkpoint(
            code("0.6"),
            Method::SparseSpace,
            "officers",
            Pieces::new(OFFICERS_BEFORE_STREAMING, 7),
        )
        .unwrap();
        assert_eq!(resumed.to_checkpoint("officers"), OFFICERS_BEFORE_STREAMING);
        let mut fresh = GrundySequence::new(code("0.6"), Method::SparseSpace);
        fresh.extend_to(10_400).unwrap();
        assert_eq!(resumed.to_vec(), fresh.to_vec());
    }

    #[test]
    fn a_failed_write_is_the_writers_error() {
        /// Takes `room` bytes, then fails as a full disk does.
        struct Full {
            room: usize,
        }
        impl Write for Full {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                if self.room == 0 {
                    return Err(io::ErrorKind::StorageFull.into());
                }
                let n = buf.len().min(self.room);
                self.room -= n;
                Ok(n)
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let g = officers_in_words();
        let length = g.to_checkpoint("officers").len();
        // In the header, among the values, in the checksum.
        for room in [0, 50, 200, 9000, length - 2] {
            let err = g.write_checkpoint("officers", Full { room }).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::StorageFull, "room for {room}");
        }
        assert!(
            g.write_checkpoint("officers", Full { room: length })
                .is_ok()
        );
    }

    #[test]
    fn every_changed_byte_is_refused() {
        let officers = officers_in_words().to_checkpoint("officers");
        for (bytes, pieces) in small_checkpoints()
            .into_iter()
            .map(|b| (b, &[1, 7][..]))
            .chain([(officers, &[][..])])
        {
            for at in 0..bytes.len() {
                for flip in [0x01, 0xFF, 0x80] {
                    let mut changed = bytes.clone();
                    changed[at] ^= flip;
                    let err =
                        read_in_pieces(&changed, pieces).expect_err("a changed byte is refused");
                    // Which error depends on where: the magic makes it
                    // foreign, the version digit another version (the
                    // digit still reads as one), anything else damaged.
                    let expected = if at < MAGIC.len() {
                        matches!(err, CheckpointError::Foreign)
                    } else if at == MAGIC.len() && changed[at].is_ascii_digit() {
                        matches!(err, CheckpointError::Version { .. })
                    } else {
                        matches!(err, CheckpointError::Damaged { .. })
                    };
                    assert!(expected, "byte {at} ^ {flip:#x}: {err}");
                }
            }
        }
    }

    #[test]
    fn every_truncation_is_refused_as_truncated() {
        let officers = officers_in_words().to_checkpoint("officers");
        for (bytes, pieces) in small_checkpoints()
            .into_iter()
            .map(|b| (b, &[1, 7][..]))
            .chain([(officers, &[7][..])])
        {
            for len in 0..bytes.len() {
                let err = read_in_pieces(&bytes[..len], pieces).expect_err("a prefix is refused");
                assert!(
                    matches!(err, CheckpointError::Truncated { length, .. } if length == len as u64),
                    "cut at {len}: {err}"
                );
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(matches!(
                read_in_pieces(&longer, pieces),
                Err(CheckpointError::Damaged { .. })
            ));
        }
    }

    #[test]
    fn no_more_is_read_than_the_header_says_and_one_byte() {
        for bytes in small_checkpoints() {
            let mut longer = bytes.clone();
            longer.extend_from_slice(&[0; 100_000]);
            for piece in [1, 7, CHUNK] {
                let mut input = Pieces::new(&longer, piece);
                let err = read_checkpoint_from(&mut input).unwrap_err();
                assert_eq!(
                    err.to_string(),
                    format!(
                        "the checkpoint is damaged: it is longer than the {} bytes its header says",
                        bytes.len()
                    )
                );
                assert_eq!(input.handed_out, bytes.len() + 1);
            }
        }
        // A foreign file: its first 25 bytes.
        let mut input = Pieces::new(&[b'x'; 10_000], CHUNK);
        assert_eq!(
            read_checkpoint_from(&mut input),
            Err(CheckpointError::Foreign)
        );
        assert_eq!(input.handed_out, MAGIC.len());
    }

    #[test]
    fn a_failing_reader_is_unreadable() {
        /// Hands out `good`, then fails.
        struct Failing<'a> {
            good: &'a [u8],
        }
        impl Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.good.is_empty() {
                    return Err(io::Error::other("the disk is on fire"));
                }
                let n = buf.len().min(self.good.len());
                buf[..n].copy_from_slice(&self.good[..n]);
                self.good = &self.good[n..];
                Ok(n)
            }
        }
        let bytes = officers_in_words().to_checkpoint("officers");
        for cut in [0, 10, 200, bytes.len() / 2, bytes.len()] {
            assert_eq!(
                read_checkpoint_from(Failing {
                    good: &bytes[..cut]
                }),
                Err(CheckpointError::Unreadable {
                    kind: io::ErrorKind::Other,
                    message: "the disk is on fire".to_string()
                }),
                "failing after {cut} bytes"
            );
        }
    }

    #[test]
    fn a_header_that_declares_more_than_memory_is_read_as_truncated() {
        // A frame with a matching checksum that declares 2^62 bytes, and a
        // body that agrees: the reader cannot make room for the values, and
        // the file ends long before its length.
        let magic = format!("sprague octal checkpoint {CHECKPOINT_VERSION}\n");
        let length: u64 = 1 << 62;
        let mut bytes = format!("{magic}length {length:020}").into_bytes();
        let header_crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(format!(" header-crc32 {header_crc:08x}\n").as_bytes());
        let body = "ruleset r\nrules x\nheaps 0..=LAST\nwidth 2\n\n";
        let data = length - (bytes.len() + body.len() - 4 + TRAILER) as u64;
        let last = data / 2 - 1;
        bytes.extend_from_slice(body.replace("LAST", &last.to_string()).as_bytes());
        bytes.extend_from_slice(&[0; 1000]);
        assert_eq!(
            read_every_way(&bytes),
            Err(CheckpointError::Truncated {
                length: bytes.len() as u64,
                expected: Some(length)
            })
        );
    }

    #[test]
    fn foreign_files_and_other_versions_say_so() {
        for foreign in [
            &b"PNG"[..],
            b"\x89PNG\r\n\x1a\n",
            b"hello world, a long text file\n",
        ] {
            assert_eq!(read_every_way(foreign), Err(CheckpointError::Foreign));
        }
        // Version 1, as the previous format began.
        let old = b"sprague octal checkpoint 1\n\x08\0\0\0\0\0\0\0";
        assert_eq!(
            read_every_way(old),
            Err(CheckpointError::Version { found: 1 })
        );
        assert!(
            CheckpointError::Version { found: 1 }
                .to_string()
                .contains("older")
        );
        let new = b"sprague octal checkpoint 3\nlength ...";
        assert_eq!(
            read_every_way(new),
            Err(CheckpointError::Version { found: 3 })
        );
        assert!(
            CheckpointError::Version { found: 3 }
                .to_string()
                .contains("newer")
        );
        // Too many digits for a version: damaged if the line goes on,
        // truncated if the file ends in them.
        let long = format!("sprague octal checkpoint {}\n", "1".repeat(300));
        assert!(matches!(
            read_every_way(long.as_bytes()),
            Err(CheckpointError::Damaged { .. })
        ));
        assert_eq!(
            read_every_way(&long.as_bytes()[..long.len() - 1]),
            Err(CheckpointError::Truncated {
                length: long.len() as u64 - 1,
                expected: None
            })
        );
    }

    /// A file in the frame of a checkpoint, with checksums that match,
    /// around any `body`: what only a writer other than this one makes.
    fn signed(body: &[u8]) -> Vec<u8> {
        let magic = format!("sprague octal checkpoint {CHECKPOINT_VERSION}\n");
        let length = frame_length(magic.len()) + body.len() + TRAILER;
        let mut out = format!("{magic}length {length:020}").into_bytes();
        let header_crc = crc32fast::hash(&out);
        out.extend_from_slice(format!(" header-crc32 {header_crc:08x}\n").as_bytes());
        out.extend_from_slice(body);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_are_read_as_the_whole_file_reader_read_them(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
            piece in 1usize..40,
        ) {
            let _ = checkpoint_length(&bytes);
            read_in_pieces(&bytes, &[piece]).ok();
        }

        #[test]
        fn a_changed_checkpoint_is_read_as_the_whole_file_reader_read_it(
            which in 0usize..3,
            changes in proptest::collection::vec((0usize..2000, proptest::prelude::any::<u8>()), 0..4),
            cut in proptest::option::of(0usize..2000),
            tail in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..3),
            piece in 1usize..40,
        ) {
            let mut bytes = small_checkpoints().swap_remove(which);
            for (at, flip) in changes {
                let at = at % bytes.len();
                bytes[at] ^= flip;
            }
            if let Some(cut) = cut {
                bytes.truncate(cut);
            }
            bytes.extend_from_slice(&tail);
            read_in_pieces(&bytes, &[piece]).ok();
        }

        #[test]
        fn a_signed_body_that_does_not_read_is_damaged(
            heaps in "(none|0\\.\\.=[0-9]{1,20}|[a-z0-9.=]{0,8})",
            width in "[0-9]{0,2}",
            values in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            blank in proptest::prelude::any::<bool>(),
            piece in 1usize..40,
        ) {
            let mut body = format!("ruleset r\nrules x\nheaps {heaps}\nwidth {width}\n").into_bytes();
            if blank {
                body.push(b'\n');
            }
            body.extend_from_slice(&values);
            match read_in_pieces(&signed(&body), &[piece]) {
                Ok(read) => proptest::prop_assert_eq!(read.values.len() * width.parse::<usize>().unwrap(), values.len()),
                Err(e) => proptest::prop_assert!(matches!(e, CheckpointError::Damaged { .. }), "{}", e),
            }
        }
    }

    #[test]
    fn counts_past_two_to_the_32_are_written_and_read_whole() {
        // A header for 2^33 + 1 two-byte values (a run past 2^33 heaps,
        // without its 16 GiB of values): its length and heap count do not
        // wrap at 2^32.
        let count = (1usize << 33) + 1;
        let head = header("officers", &code("0.6"), count, 2);
        let frame = frame_length(head.iter().position(|&b| b == b'\n').unwrap() + 1);
        let body = &head[frame..];
        let length = checkpoint_length(&head).unwrap();
        assert_eq!(length, (head.len() + 2 * count + TRAILER) as u64);
        assert!(length > 1 << 34);
        let layout = parse_body(body, 2 * count as u64).unwrap();
        assert_eq!((layout.count, layout.words), (count, true));
        // One value more or less is damaged, not wrapped into a count.
        assert!(parse_body(body, 2 * count as u64 - 2).is_err());
        assert!(parse_body(body, 2 * count as u64 + 2).is_err());
    }

    #[test]
    fn the_length_is_read_from_the_first_line_alone() {
        for bytes in small_checkpoints() {
            let prefix = &bytes[..CHECKPOINT_FRAME_MAX.min(bytes.len())];
            assert_eq!(checkpoint_length(prefix), Ok(bytes.len() as u64));
        }
    }
}
