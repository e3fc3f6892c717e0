//! The proof of a period of an octal game, written as a file that a
//! checker sharing no code with the engine verifies
//! (`scripts/check-certificate.py`; the format is in `docs/certificates.md`):
//! `sprague table CODE --period --certificate FILE` and the surveys'
//! `certificates` directory write it.
//!
//! The file is a gzip stream of one JSON header line, the claim, then the
//! values `G(0..bound)` it rests on, as little-endian `u16`. The claim is
//! the game's code, its least preperiod `n0` and least period `p`, and
//! `bound`, the number of values the periodicity theorem reads (Guy and
//! Smith 1956; *Winning Ways*, ch. 4; see `sprague::certification_bound`).
//! This module only writes what the period search proved: it never
//! computes, extends or "repairs" a claim, so that a checker accepting the
//! file vouches for the engine's own answer.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::durable::{temporary_path, write_atomically};
use crate::{Budget, HeapFamily, Periodicity, TakeBreak};
use sprague_core::error::SolveError;

/// Why no certificate was written.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// The claim cannot be certified (not an octal game, no proved plain
    /// period): the user's request, not a fault.
    #[error("{0}")]
    Refused(String),
    /// The file could not be written; nothing was left half-written.
    #[error("cannot write certificate {path}: {source}")]
    Io {
        /// The certificate's path.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A value does not fit the format's 16 bits.
    #[error("G = {0} does not fit the certificate's 16-bit values")]
    ValueTooLarge(u64),
    /// Reading the values failed (budget, time).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The name in the header that says what the file is.
pub const FORMAT: &str = "sprague-period-certificate";

/// The version of the format: a checker refuses versions it does not know.
pub const VERSION: u32 = 1;

/// Heaps read from the family in one call while writing the values, so
/// that a long certificate needs no more memory than its `u16` values.
const CHUNK: u64 = 1 << 20;

/// What a certificate claims: `G(n + period) = G(n)` for every
/// `n ≥ preperiod`, both least, proved by the values `G(0..bound)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The ruleset as the user wrote it (`kayles`, `octal[0.77]`).
    pub ruleset: String,
    /// The octal code, normalised (`0.77`).
    pub code: String,
    /// The least preperiod `n0`.
    pub preperiod: u64,
    /// The least period `p`.
    pub period: u64,
    /// The number of values the periodicity theorem reads, `G(0..bound)`.
    pub bound: u64,
}

/// The header line: the claim, and how the values that follow it are
/// encoded.
#[derive(Debug, Serialize)]
struct Header<'a> {
    format: &'static str,
    version: u32,
    #[serde(flatten)]
    claim: &'a Claim,
    /// How many values follow: `bound`.
    values: u64,
    encoding: &'static str,
}

/// The octal code of `rules`, `d0.d1...dt`: digit `dk` adds 1 if a heap of
/// exactly `k` may be removed, 2 if `k` may be taken leaving one heap, 4
/// leaving two (*Winning Ways*, ch. 4). `None` for rules no octal code
/// writes (three heaps left, or Grundy's game's unequal split).
pub fn octal_code(rules: &TakeBreak) -> Option<String> {
    if rules.unequal || !rules.leave_three.is_empty() {
        return None;
    }
    let t = rules.last_digit_index().max(1);
    let digit = |k: usize| {
        u8::from(rules.take_all.contains(&k))
            + 2 * u8::from(rules.leave_one.contains(&k))
            + 4 * u8::from(rules.leave_two.contains(&k))
    };
    let after: String = (1..=t).map(|k| char::from(b'0' + digit(k))).collect();
    Some(format!("{}.{after}", digit(0)))
}

/// The claim to write for `family`, whose period search found
/// `periodicity`; refused (a user error, exit 2) unless the family is an
/// octal game and the periodicity theorem proved its period.
pub fn claim(
    family: &dyn HeapFamily,
    periodicity: Option<Periodicity>,
) -> Result<Claim, CertificateError> {
    let ruleset = family.ruleset();
    let Some(rules) = family.take_break() else {
        return Err(CertificateError::Refused(format!(
            "no certificate for `{ruleset}`: certificates prove periods of octal games (octal[0.137], kayles, ...) by the periodicity theorem"
        )));
    };
    let Some(code) = octal_code(&rules) else {
        return Err(CertificateError::Refused(format!(
            "no certificate for `{ruleset}`: the checker reads octal codes (digits 0 to 7, splits into equal or unequal heaps), and this game has none"
        )));
    };
    match periodicity {
        // The format and its checker state the theorem for plain periods.
        Some(p) if p.saltus != 0 => Err(CertificateError::Refused(format!(
            "no certificate for `{ruleset}`: its period is arithmetic (saltus {}), and certificates prove plain periods only",
            p.saltus
        ))),
        Some(p) if p.certified && p.certified_at > 0 => Ok(Claim {
            ruleset,
            code,
            preperiod: p.preperiod,
            period: p.period,
            bound: p.certified_at,
        }),
        Some(p) => Err(CertificateError::Refused(format!(
            "no certificate written: the period of `{ruleset}` is not certified (the {} values computed repeat with period {} from heap {}; a larger --max may prove it)",
            p.certified_at, p.period, p.preperiod
        ))),
        None => Err(CertificateError::Refused(format!(
            "no certificate written: no period of `{ruleset}` was found (a larger --max may find one)"
        ))),
    }
}

/// Writes the certificate of `claim` to `path`: the values are read from
/// `family`, which holds them (the period search computed them).
pub fn write(
    path: &Path,
    claim: &Claim,
    family: &dyn HeapFamily,
    budget: &Budget,
) -> Result<(), CertificateError> {
    let mut values = Vec::with_capacity(usize::try_from(claim.bound).unwrap_or(0));
    let mut first = 0;
    while first < claim.bound {
        let last = first.saturating_add(CHUNK - 1).min(claim.bound - 1);
        for g in family.grundy_values(first, last, budget)? {
            let value = u16::try_from(g.0).map_err(|_| CertificateError::ValueTooLarge(g.0))?;
            values.push(value);
        }
        first = last + 1;
    }
    write_values(path, claim, &values)
}

/// Writes the certificate of `claim` with `values` (`G(0..bound)`).
pub fn write_values(path: &Path, claim: &Claim, values: &[u16]) -> Result<(), CertificateError> {
    let header = Header {
        format: FORMAT,
        version: VERSION,
        claim,
        values: values.len() as u64,
        encoding: "u16le",
    };
    let mut line = serde_json::to_vec(&header).map_err(|e| CertificateError::Io {
        path: path.to_path_buf(),
        source: e.into(),
    })?;
    line.push(b'\n');
    write_atomically(path, &temporary_path(path), |out| {
        let mut gzip = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        gzip.write_all(&line)?;
        let mut bytes = Vec::with_capacity(2 * CHUNK as usize);
        for chunk in values.chunks(CHUNK as usize) {
            bytes.clear();
            bytes.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
            gzip.write_all(&bytes)?;
        }
        gzip.finish()?;
        Ok(())
    })
    .map_err(|source| CertificateError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    use sprague_game::syntax::parse_ruleset;

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sprague-certificate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Reads a certificate back as the format says, independently of the
    /// writer: gunzip, one JSON line, then little-endian `u16`s.
    fn read(path: &Path) -> (serde_json::Value, Vec<u16>) {
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
            .read_to_end(&mut bytes)
            .unwrap();
        let newline = bytes.iter().position(|&b| b == b'\n').unwrap();
        let header = serde_json::from_slice(&bytes[..newline]).unwrap();
        let rest = &bytes[newline + 1..];
        assert_eq!(rest.len() % 2, 0);
        let values = rest
            .chunks(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        (header, values)
    }

    fn family(text: &str) -> std::sync::Arc<dyn HeapFamily> {
        sprague_rulesets::family(&parse_ruleset(text).unwrap()).unwrap()
    }

    /// Kayles by its definition (*Winning Ways*, ch. 4): take one or two
    /// adjacent pins, leaving zero, one or two rows.
    fn kayles_by_definition(n_values: usize) -> Vec<u16> {
        let mut g: Vec<u16> = Vec::with_capacity(n_values);
        for n in 0..n_values {
            let mut seen = vec![false; n + 2];
            for k in 1..=2.min(n) {
                let rest = n - k;
                for a in 0..=rest / 2 {
                    seen[usize::from(g[a] ^ g[rest - a])] = true;
                }
            }
            g.push(seen.iter().position(|&s| !s).unwrap() as u16);
        }
        g
    }

    #[test]
    fn the_header_and_values_round_trip() {
        let dir = scratch("round-trip");
        let path = dir.join("kayles.cert");
        let kayles = family("kayles");
        let found = kayles
            .periodicity_within(1 << 16, &Budget::default())
            .unwrap();
        let claim = claim(kayles.as_ref(), found).unwrap();
        write(&path, &claim, kayles.as_ref(), &Budget::default()).unwrap();
        let (header, values) = read(&path);
        // Kayles: period 12 from heap 71 (OEIS A002186), and the theorem
        // reads heaps up to 2·71 + 2·12 + 2 - 1 = 167.
        assert_eq!(
            header,
            serde_json::json!({
                "format": "sprague-period-certificate", "version": 1,
                "ruleset": "kayles", "code": "0.77",
                "preperiod": 71, "period": 12, "bound": 168,
                "values": 168, "encoding": "u16le",
            })
        );
        assert_eq!(values, kayles_by_definition(168));
        // Only the certificate is left: no temporary file beside it.
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn octal_codes_are_written_back_as_read() {
        for text in ["0.07", "0.137", "4.07", "0.51", "0.376", "0.4"] {
            let rules = TakeBreak::from_code(&crate::OctalCode::parse(text).unwrap());
            assert_eq!(octal_code(&rules).as_deref(), Some(text));
        }
        let hexadecimal = TakeBreak::from_code(&crate::OctalCode::parse("0.8").unwrap());
        assert_eq!(octal_code(&hexadecimal), None);
        assert_eq!(octal_code(&TakeBreak::grundys_game()), None);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("atomic");
        let path = dir.join("old.cert");
        std::fs::write(&path, b"the previous certificate").unwrap();
        // The write fails half-way, after some bytes went out.
        let failed = write_atomically(&path, &temporary_path(&path), |out| {
            out.write_all(&[0u8; 100_000])?;
            Err(std::io::Error::other("the disk is full"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "the disk is full");
        assert_eq!(std::fs::read(&path).unwrap(), b"the previous certificate");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("old.cert")]);
        // Into a directory that does not exist: an error, and nothing made.
        let nowhere = dir.join("missing").join("x.cert");
        let claim = Claim {
            ruleset: "kayles".into(),
            code: "0.77".into(),
            preperiod: 0,
            period: 1,
            bound: 1,
        };
        assert!(matches!(
            write_values(&nowhere, &claim, &[0]),
            Err(CertificateError::Io { .. })
        ));
        assert!(!dir.join("missing").exists());
    }

    #[test]
    fn an_uncertified_period_is_refused() {
        let budget = Budget::default();
        // 0.6 is not known to be periodic: nothing is proved in 1000 heaps.
        let open = family("octal[0.6]");
        let found = open.periodicity_within(1000, &budget).unwrap();
        assert!(found.is_none_or(|p| !p.certified));
        assert!(matches!(
            claim(open.as_ref(), found),
            Err(CertificateError::Refused(_))
        ));
        // A certified period of a family that is not an octal game.
        let subtraction = family("subtraction[1,2]");
        let found = subtraction.periodicity(&budget).unwrap();
        assert!(found.is_some_and(|p| p.certified));
        assert!(matches!(
            claim(subtraction.as_ref(), found),
            Err(CertificateError::Refused(_))
        ));
        // Grundy's game has no octal code, and no theorem proves its period.
        let grundy = family("grundy");
        assert!(matches!(
            claim(grundy.as_ref(), None),
            Err(CertificateError::Refused(_))
        ));
    }
}
