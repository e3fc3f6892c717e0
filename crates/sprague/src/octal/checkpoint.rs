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

use super::TakeBreak;

/// What every checkpoint begins with, before its version number.
const MAGIC: &[u8] = b"sprague octal checkpoint ";

/// The version this code writes and reads.
pub const CHECKPOINT_VERSION: u64 = 2;

/// The length field: twenty digits hold any `u64`.
const LENGTH_DIGITS: usize = 20;

/// The bytes of the checksum at the end.
const TRAILER: usize = 4;

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

/// The checkpoint of `values` for `rules`, named `ruleset` in messages.
pub(crate) fn write_checkpoint(
    ruleset: &str,
    rules: &TakeBreak,
    values: CheckpointSlice<'_>,
) -> Vec<u8> {
    let (count, width) = match values {
        CheckpointSlice::Bytes(v) => (v.len(), 1),
        CheckpointSlice::Words(v) => (v.len(), 2),
    };
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
    let length = frame_len + body.len() + count * width + TRAILER;
    let mut out = Vec::with_capacity(length);
    out.extend_from_slice(magic.as_bytes());
    out.extend_from_slice(format!("length {length:0LENGTH_DIGITS$}").as_bytes());
    let header_crc = crc32fast::hash(&out);
    out.extend_from_slice(format!(" header-crc32 {header_crc:08x}\n").as_bytes());
    debug_assert_eq!(out.len(), frame_len);
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
    debug_assert_eq!(out.len(), length);
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
        return Err(damaged(
            "its first line is not `sprague octal checkpoint N`",
        ));
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

/// Reads and checks a checkpoint: its magic and version, its length, both
/// checksums, and that its header agrees with its values. Which table it
/// belongs to is the caller's to compare ([`Checkpoint::rules`]).
///
/// # Examples
///
/// ```
/// use sprague::{CheckpointError, GrundySequence, Method, OctalCode, TakeBreak, read_checkpoint};
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
/// Each kind of [`CheckpointError`] but [`CheckpointError::OtherTable`]
/// and [`CheckpointError::NoCheckpoints`].
pub fn read_checkpoint(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
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
    // From here the bytes are as written; a mismatch below means a writer
    // that is not this one.
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
    let blank = rest.first() == Some(&b'\n');
    if !blank {
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
    // G(0) = 0 in every game: a heap of nothing has no move.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{GrundySequence, Method, OctalCode};

    fn kayles() -> TakeBreak {
        TakeBreak::from_code(&OctalCode::parse("0.77").unwrap())
    }

    /// Small checkpoints of both widths: Kayles to heap 40 (bytes) and
    /// Officers past its first value above 255 (words).
    fn small_checkpoints() -> Vec<Vec<u8>> {
        let mut k = GrundySequence::new(kayles(), Method::SparseSpace);
        k.extend_to(40).unwrap();
        let officers = TakeBreak::from_code(&OctalCode::parse("0.6").unwrap());
        let mut o = GrundySequence::new(officers, Method::SparseSpace);
        let mut n = 256;
        while o.is_bytes() {
            n += 256;
            o.extend_to(n).unwrap();
        }
        vec![k.to_checkpoint("kayles"), o.to_checkpoint("officers")]
    }

    #[test]
    fn a_checkpoint_reads_back_as_written() {
        let mut g = GrundySequence::new(kayles(), Method::SparseSpace);
        g.extend_to(40).unwrap();
        let read = read_checkpoint(&g.to_checkpoint("kayles")).unwrap();
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
    fn every_changed_byte_is_refused() {
        for bytes in small_checkpoints() {
            for at in 0..bytes.len() {
                for flip in [0x01, 0xFF, 0x80] {
                    let mut changed = bytes.clone();
                    changed[at] ^= flip;
                    let err = read_checkpoint(&changed).expect_err("a changed byte is refused");
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
        for bytes in small_checkpoints() {
            for len in 0..bytes.len() {
                let err = read_checkpoint(&bytes[..len]).expect_err("a prefix is refused");
                assert!(
                    matches!(err, CheckpointError::Truncated { length, .. } if length == len as u64),
                    "cut at {len}: {err}"
                );
            }
            let mut longer = bytes.clone();
            longer.push(0);
            assert!(matches!(
                read_checkpoint(&longer),
                Err(CheckpointError::Damaged { .. })
            ));
        }
    }

    #[test]
    fn foreign_files_and_other_versions_say_so() {
        for foreign in [
            &b"PNG"[..],
            b"\x89PNG\r\n\x1a\n",
            b"hello world, a long text file\n",
        ] {
            assert_eq!(read_checkpoint(foreign), Err(CheckpointError::Foreign));
        }
        // Version 1, as the previous format began.
        let old = b"sprague octal checkpoint 1\n\x08\0\0\0\0\0\0\0";
        assert_eq!(
            read_checkpoint(old),
            Err(CheckpointError::Version { found: 1 })
        );
        assert!(
            CheckpointError::Version { found: 1 }
                .to_string()
                .contains("older")
        );
        let new = b"sprague octal checkpoint 3\nlength ...";
        assert_eq!(
            read_checkpoint(new),
            Err(CheckpointError::Version { found: 3 })
        );
        assert!(
            CheckpointError::Version { found: 3 }
                .to_string()
                .contains("newer")
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
        fn any_bytes_are_read_without_a_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let _ = checkpoint_length(&bytes);
            let _ = read_checkpoint(&bytes);
        }

        #[test]
        fn a_signed_body_that_does_not_read_is_damaged(
            heaps in "(none|0\\.\\.=[0-9]{1,20}|[a-z0-9.=]{0,8})",
            width in "[0-9]{0,2}",
            values in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            blank in proptest::prelude::any::<bool>(),
        ) {
            let mut body = format!("ruleset r\nrules x\nheaps {heaps}\nwidth {width}\n").into_bytes();
            if blank {
                body.push(b'\n');
            }
            body.extend_from_slice(&values);
            match read_checkpoint(&signed(&body)) {
                Ok(read) => proptest::prop_assert_eq!(read.values.len() * width.parse::<usize>().unwrap(), values.len()),
                Err(e) => proptest::prop_assert!(matches!(e, CheckpointError::Damaged { .. }), "{}", e),
            }
        }
    }

    #[test]
    fn the_length_is_read_from_the_first_line_alone() {
        for bytes in small_checkpoints() {
            let prefix = &bytes[..CHECKPOINT_FRAME_MAX.min(bytes.len())];
            assert_eq!(checkpoint_length(prefix), Ok(bytes.len() as u64));
        }
    }
}
