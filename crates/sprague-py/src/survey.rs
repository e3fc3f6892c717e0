//! One game of a survey (`sprague.survey`, written in Python around this):
//! the period search of one octal code on the calling thread, bounded in
//! heaps and time, answered as a small dict of what describes the sequence,
//! so that thousands of games pass through a process pool or a Dask cluster
//! as a few hundred bytes each, never as their values or JSON text.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sprague::Budget;
use sprague::certificate::CertificateError;
use sprague::rulesets::{HeapFamily, PeriodReport, SearchEnd, table_end};
use sprague::syntax::parse_ruleset;

use crate::{Failure, solve_error};

/// The most rare heaps a summary lists, as `table --summary`.
const RARE_LISTED: usize = 100;

/// Heaps summarised a chunk at a time, so that the summary of a long run
/// holds no second copy of its values.
const CHUNK: u64 = 1 << 20;

/// What a summary reads of the values: the largest and where it first
/// occurs, and the CRC-32 of the values written one a line in decimal (as
/// `table --summary`'s `crc32`, `zlib.crc32` in Python).
struct Fingerprint {
    largest: u64,
    largest_at: u64,
    crc: crc32fast::Hasher,
}

impl Fingerprint {
    fn of(
        family: &dyn HeapFamily,
        to: u64,
        budget: &Budget,
    ) -> Result<Fingerprint, sprague::SolveError> {
        use std::fmt::Write as _;
        let mut print = Fingerprint {
            largest: 0,
            largest_at: 0,
            crc: crc32fast::Hasher::new(),
        };
        let mut line = String::new();
        let mut first = 0u64;
        loop {
            let last = first.saturating_add(CHUNK - 1).min(to);
            let values = family.grundy_values(first, last, budget)?;
            line.clear();
            for (n, g) in (first..).zip(&values) {
                if g.0 > print.largest {
                    (print.largest_at, print.largest) = (n, g.0);
                }
                // Writing to a String cannot fail.
                let _ = writeln!(line, "{}", g.0);
            }
            print.crc.update(line.as_bytes());
            if last >= to {
                return Ok(print);
            }
            first = last + 1;
        }
    }
}

/// The digest of the certificate of a proved plain period
/// (docs/certificates.md): the bound `B` (`certified_at`) and the CRC-32 of
/// the values the file holds after its header, `G(0..B)` as little-endian
/// 16-bit integers; `None` when a value does not fit 16 bits (no
/// certificate can hold it).
fn certificate_digest(
    family: &dyn HeapFamily,
    bound: u64,
    budget: &Budget,
) -> Result<Option<(u64, u32)>, sprague::SolveError> {
    let mut crc = crc32fast::Hasher::new();
    let mut bytes = Vec::new();
    let mut first = 0u64;
    while first < bound {
        let last = first.saturating_add(CHUNK - 1).min(bound - 1);
        bytes.clear();
        for g in family.grundy_values(first, last, budget)? {
            let Ok(v) = u16::try_from(g.0) else {
                return Ok(None);
            };
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        crc.update(&bytes);
        first = last + 1;
    }
    Ok(Some((bound, crc.finalize())))
}

/// Why the search ended, in one word a table can show.
fn stopped(report: &PeriodReport) -> &'static str {
    match report.end {
        SearchEnd::Proved => "proved",
        SearchEnd::Unprovable => "unprovable",
        SearchEnd::NoTheorem => "no theorem",
        SearchEnd::Budget { .. } => "max heaps",
        SearchEnd::Time { .. } => "time limit",
        SearchEnd::Memory { .. } => "memory",
        SearchEnd::Stopped => "stopped",
    }
}

/// The period search of the octal game ``code`` (``"0.137"``, ``"4.07"``,
/// ``"0.f"``) on this thread alone, through heap ``max_heaps - 1`` at most
/// and for ``time_limit`` seconds at most (``None``: no limit), and a
/// summary of what it found: a dict with ``code``, ``ruleset``,
/// ``period`` (as in ``table(..., period=True)``, or ``None``),
/// ``stopped`` (``"proved"``, ``"unprovable"``, ``"no theorem"``,
/// ``"max heaps"``, ``"time limit"``, ``"memory"``), ``heaps`` (the values
/// computed, ``G(0..heaps)``), ``from`` and ``to`` (the heaps summarised:
/// as ``table --period --summary`` when the period is certified, else every
/// heap computed), ``largest``, ``largest_at``, ``crc32`` (of the values
/// summarised written one a line), ``rare`` (``mask``, ``domain``,
/// ``count``, the first 100 ``heaps`` as ``[n, G(n)]``), ``certificate``
/// (for a proved plain period, the digest of its certificate,
/// docs/certificates.md: ``bound`` and the ``crc32`` of the values the
/// file holds after its header, and ``file``, the path of the certificate
/// written when ``certificate`` names one; else ``None``) and ``seconds``.
///
/// ``certificate``: a path the certificate of a proved plain period is
/// written to (atomically; `scripts/check-certificate.py` verifies it).
/// Nothing is written when no plain period is proved, or for a
/// hexadecimal code (the format holds octal codes).
///
/// A code that does not parse raises ``ValueError`` with ``span``; a value
/// the engine cannot hold raises ``ValueError``; a certificate that cannot
/// be written raises ``OSError``.
#[pyfunction]
#[pyo3(signature = (code, max_heaps = 1 << 24, time_limit = None, certificate = None))]
pub(crate) fn survey_game(
    py: Python<'_>,
    code: &str,
    max_heaps: u64,
    time_limit: Option<f64>,
    certificate: Option<PathBuf>,
) -> PyResult<Py<PyAny>> {
    if max_heaps == 0 {
        return Err(PyValueError::new_err("max_heaps must be at least 1"));
    }
    let limit = match time_limit {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "time_limit must be a positive number of seconds, not {t}"
            )));
        }
    };
    let ruleset = format!("octal[{code}]");
    let family = py
        .detach(|| -> Result<_, Failure> {
            let syntax = parse_ruleset(&ruleset).map_err(|e| Failure::Parse("bad code", e))?;
            sprague::rulesets::family(&syntax).map_err(|e| Failure::Parse("bad code", e))
        })
        .map_err(|e| e.into_py(py, &ruleset))?;
    let start = Instant::now();
    // One game a core: the survey runs games side by side.
    family.set_parallel(false);
    let searched = Arc::clone(&family);
    let written_to = certificate.clone();
    // On the module's interruptible thread, so that Ctrl-C stops a survey
    // run in this process within milliseconds, not when the game ends.
    let (report, to, print, digest, written) =
        crate::interruptible(py, move |base| -> Result<_, CertificateError> {
            let family = searched;
            let certificate = written_to;
            let mut budget = Budget {
                max_positions: max_heaps,
                ..*base
            }
            .with_memory(crate::memory_limit());
            if let Some(limit) = limit {
                budget = budget.with_time_limit(limit);
            }
            let report = family.search_period(&budget, &mut |_| true)?;
            let proved = report.periodicity.filter(|p| p.certified);
            let to = match proved {
                Some(p) => table_end(0, None, Some(p)),
                None => report.computed.saturating_sub(1),
            };
            // The values summarised are known (or follow from the period):
            // no limit of time or heaps applies to reading them.
            let read = Budget {
                max_positions: budget.max_positions.max(to.saturating_add(1)),
                deadline: None,
                ..budget
            };
            let print = Fingerprint::of(family.as_ref(), to, &read)?;
            let digest = match proved {
                Some(p) if p.saltus == 0 && p.certified_at > 0 => {
                    certificate_digest(family.as_ref(), p.certified_at, &read)?
                }
                _ => None,
            };
            let written = match (&certificate, digest) {
                (Some(path), Some(_)) => {
                    match sprague::certificate::claim(family.as_ref(), proved) {
                        Ok(claim) => {
                            sprague::certificate::write(path, &claim, family.as_ref(), &read)?;
                            Some(path.clone())
                        }
                        // A hexadecimal code: no octal code to write.
                        Err(CertificateError::Refused(_)) => None,
                        Err(e) => return Err(e),
                    }
                }
                _ => None,
            };
            Ok((report, to, print, digest, written))
        })?
        .map_err(|e| match e {
            CertificateError::Solve(e) => solve_error(e),
            CertificateError::Io { .. } => PyOSError::new_err(e.to_string()),
            e => PyValueError::new_err(e.to_string()),
        })?;
    let seconds = start.elapsed().as_secs_f64();
    let answer = PyDict::new(py);
    answer.set_item("code", code)?;
    answer.set_item("ruleset", family.ruleset())?;
    match report.periodicity {
        Some(p) => {
            let period = PyDict::new(py);
            period.set_item("preperiod", p.preperiod)?;
            period.set_item("period", p.period)?;
            period.set_item("certified", p.certified)?;
            period.set_item("certified_at", p.certified_at)?;
            period.set_item("saltus", p.saltus)?;
            answer.set_item("period", period)?;
        }
        None => answer.set_item("period", py.None())?,
    }
    answer.set_item("stopped", stopped(&report))?;
    answer.set_item("heaps", report.computed)?;
    answer.set_item("from", 0u64)?;
    answer.set_item("to", to)?;
    answer.set_item("largest", print.largest)?;
    answer.set_item("largest_at", print.largest_at)?;
    answer.set_item("crc32", print.crc.finalize())?;
    match family.rare_values(usize::MAX) {
        Some(r) => {
            let heaps: Vec<[u64; 2]> = r
                .heaps
                .iter()
                .filter(|&&(n, _)| n <= to)
                .map(|&(n, v)| [n, v])
                .collect();
            let rare = PyDict::new(py);
            rare.set_item("mask", r.mask)?;
            rare.set_item("domain", r.domain)?;
            rare.set_item("count", heaps.len())?;
            let listed = PyList::new(py, heaps.iter().take(RARE_LISTED).map(|h| h.to_vec()))?;
            rare.set_item("heaps", listed)?;
            answer.set_item("rare", rare)?;
        }
        None => answer.set_item("rare", py.None())?,
    }
    match digest {
        Some((bound, crc)) => {
            let digest = PyDict::new(py);
            digest.set_item("bound", bound)?;
            digest.set_item("crc32", crc)?;
            if let Some(path) = written {
                digest.set_item("file", path.to_string_lossy())?;
            }
            answer.set_item("certificate", digest)?;
        }
        None => answer.set_item("certificate", py.None())?,
    }
    answer.set_item("seconds", seconds)?;
    Ok(answer.into_any().unbind())
}
