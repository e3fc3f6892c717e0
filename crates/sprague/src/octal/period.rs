//! Periodicity of Grundy sequences: detection and proof.
//!
//! **The periodicity theorem** (Guy and Smith, *The G-values of various
//! games*, Proc. Cambridge Philos. Soc. 52 (1956); Berlekamp, Conway and
//! Guy, *Winning Ways*, ch. 4): for an octal game whose last non-zero digit
//! is `d_t`, if `G(n + p) = G(n)` for all `n` with `n0 ≤ n < 2·n0 + p + t`,
//! then `G(n + p) = G(n)` for all `n ≥ n0`.
//!
//! The proof is short, and it is what is implemented, for games leaving at
//! most `h` heaps (`h = 3` for hexadecimal codes): suppose the equality
//! holds below some `M ≥ h·n0 + (h-1)·p + t`. An option of the heap `M + p`
//! removes `k ≤ t` stones and leaves heaps summing to `M + p - k`; the
//! largest, `b`, has `b - p ≥ (M - (h-1)·p - k)/h ≥ n0` and `b - p < M`, so
//! `G(b) = G(b - p)` and replacing `b` by `b - p` gives an option of `M` of
//! the same value. Conversely the largest heap `b` of an option of `M` has
//! `n0 ≤ b < M`, so it may be replaced by `b + p`. The two heaps have the
//! same set of option values, so `G(M + p) = G(M)`. For the replaced heap
//! never to be empty we use `n0' = max(n0, 1)` in the bound (two more heaps
//! when `n0 = 0`, valid for every code). The argument needs that a split
//! may leave equal heaps, so Grundy's game (unequal heaps) is never
//! certified this way.
//!
//! Detection: at checkpoints, the least period `p` of the second half of the
//! values computed so far (by the prefix function), then the least `n0` with
//! `G(n + p) = G(n)` from `n0` to the end. The candidate is checked against
//! every later value and dropped at the first mismatch; once the values
//! reach the theorem's bound it is proved.

use super::{GrundySequence, PeriodValues, TakeBreak};
use crate::error::SolveError;
pub use crate::rulesets::Periodicity;

/// The largest heap whose value the periodicity theorem needs to prove
/// period `p` from `n0` (`h·max(n0,1) + h·p + t - 1`, reported as
/// `certified_at`), or `None` if the theorem does not apply.
pub fn certification_heap(rules: &TakeBreak, n0: usize, p: usize) -> Option<usize> {
    if rules.unequal {
        return None;
    }
    let h = rules.max_heaps_left();
    let t = rules.last_digit_index();
    let n0 = n0.max(1);
    // The bound on n is h·n0 + (h-1)·p + t (exclusive); the values used go
    // one period further.
    h.checked_mul(n0)?
        .checked_add(h.checked_mul(p)?)?
        .checked_add(t)?
        .checked_sub(1)
}

/// Divides a proved period down to the least one: every period of a purely
/// periodic tail is a multiple of the least, and the least preperiod is the
/// same for all of them.
fn least_divisor_period(seq: &GrundySequence, n0: usize, p: usize) -> usize {
    let mut divisors: Vec<usize> = (1..)
        .take_while(|d| d * d <= p)
        .filter(|d| p % d == 0)
        .flat_map(|d| [d, p / d])
        .collect();
    divisors.sort_unstable();
    divisors
        .into_iter()
        .find(|&d| d == p || seq.last_mismatch(d, n0, n0 + p).is_none())
        .unwrap_or(p)
}

fn detect(seq: &GrundySequence) -> Option<(usize, usize)> {
    let known = seq.len();
    if known < 8 {
        return None;
    }
    let from = known / 2;
    let p = seq.window_period(from);
    if 2 * p > known - from {
        return None;
    }
    let n0 = seq.last_mismatch(p, 0, known - p).map_or(0, |n| n + 1);
    Some((n0, p))
}

fn periodicity(seq: &GrundySequence, n0: usize, p: usize) -> Periodicity {
    let known = seq.len();
    match certification_heap(seq.rules(), n0, p) {
        Some(at) if at < known => Periodicity {
            preperiod: n0 as u64,
            period: least_divisor_period(seq, n0, p) as u64,
            certified: true,
            certified_at: at as u64,
        },
        _ => Periodicity {
            preperiod: n0 as u64,
            period: p as u64,
            certified: false,
            // Not proved: the last heap the period was checked against.
            certified_at: known.saturating_sub(1) as u64,
        },
    }
}

/// The period the values known so far show, if any: the least period of
/// the second half of the values, with the least preperiod that fits all
/// of them, proved if the values reach the theorem's bound.
///
/// # Examples
///
/// ```
/// use sprague::{least_period, GrundySequence, Method, OctalCode, TakeBreak};
/// let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
/// let mut g = GrundySequence::new(kayles, Method::SparseSpace);
/// g.extend_to(400).unwrap();
/// let found = least_period(&g).unwrap();
/// assert_eq!((found.preperiod, found.period, found.certified), (71, 12, true));
/// ```
pub fn least_period(seq: &GrundySequence) -> Option<Periodicity> {
    let (n0, p) = detect(seq)?;
    Some(periodicity(seq, n0, p))
}

/// Computes values until a period is proved, or `G(0..=max)` are known.
/// Returns the proved periodicity, or the apparent one (not certified) if
/// `max` came first, or `None` if no period showed.
///
/// # Errors
///
/// As [`GrundySequence::extend_to`].
///
/// # Examples
///
/// Dawson's Kayles (0.07): period 34, last exceptional value at heap 52
/// (OEIS A002187 lists Dawson's Chess, whose values are those of 0.07
/// shifted by one).
///
/// ```
/// use sprague::{find_period, GrundySequence, Method, OctalCode, TakeBreak};
/// let dawson = TakeBreak::from_code(&OctalCode::parse("0.07").unwrap());
/// let mut g = GrundySequence::new(dawson, Method::SparseSpace);
/// let found = find_period(&mut g, 1 << 20).unwrap().unwrap();
/// assert_eq!((found.preperiod, found.period, found.certified), (53, 34, true));
/// ```
pub fn find_period(
    seq: &mut GrundySequence,
    max: usize,
) -> Result<Option<Periodicity>, SolveError> {
    let mut candidate: Option<(usize, usize)> = None;
    let mut checked = 0;
    loop {
        let known = seq.len();
        if let Some((n0, p)) = candidate {
            let from = checked.max(n0 + p);
            if seq.first_mismatch_back(p, from, known).is_some() {
                candidate = None;
            } else {
                checked = known;
            }
        }
        if candidate.is_none() {
            candidate = detect(seq);
            checked = known;
        }
        if let Some((n0, p)) = candidate {
            let found = periodicity(seq, n0, p);
            if found.certified {
                return Ok(Some(found));
            }
        }
        if known > max {
            return Ok(candidate.map(|(n0, p)| periodicity(seq, n0, p)));
        }
        let mut target = known + known / 8 + 64;
        if let Some(at) = candidate.and_then(|(n0, p)| certification_heap(seq.rules(), n0, p)) {
            target = target.min(at);
        }
        seq.extend_to(target.min(max))?;
        if seq.len() == known {
            return Ok(candidate.map(|(n0, p)| periodicity(seq, n0, p)));
        }
    }
}

/// A Grundy sequence with a proved period: `G(n)` for any heap in `O(1)`.
#[derive(Clone, Debug)]
pub struct PeriodicSequence {
    values: PeriodValues,
    preperiod: u64,
    period: u64,
}

impl PeriodicSequence {
    /// The sequence `seq` with its proved `periodicity`; `None` if the
    /// periodicity is not certified or the values are not all known.
    pub fn new(seq: &GrundySequence, periodicity: &Periodicity) -> Option<PeriodicSequence> {
        if !periodicity.certified {
            return None;
        }
        let end = usize::try_from(periodicity.preperiod + periodicity.period).ok()?;
        if end > seq.len() {
            return None;
        }
        Some(PeriodicSequence {
            values: seq.slice_u16(0, end),
            preperiod: periodicity.preperiod,
            period: periodicity.period,
        })
    }

    /// The preperiod.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The period.
    pub fn period(&self) -> u64 {
        self.period
    }

    /// `G(n)`, for any `n`.
    pub fn grundy(&self, n: u64) -> u32 {
        let i = if n < self.preperiod + self.period {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.values.get(i as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{Method, OctalCode};

    fn find(text: &str, max: usize) -> (Periodicity, GrundySequence) {
        let rules = TakeBreak::from_code(&OctalCode::parse(text).unwrap());
        let mut g = GrundySequence::new(rules, Method::SparseSpace);
        let found = find_period(&mut g, max).unwrap().unwrap();
        (found, g)
    }

    #[test]
    fn published_periods_are_found_and_proved() {
        // Kayles: period 12 from 71 on (OEIS A002186, last exception at 70).
        let (k, _) = find("0.77", 10_000);
        assert_eq!((k.preperiod, k.period, k.certified), (71, 12, true));
        assert_eq!(k.certified_at, 2 * 71 + 2 * 12 + 2 - 1);
        // Dawson's Chess 0.137: period 34, last exception at 51 (A002187).
        let (d, _) = find("0.137", 10_000);
        assert_eq!((d.preperiod, d.period, d.certified), (52, 34, true));
        // 0.177: period 20, last exception at 496 (OEIS A071435, offset 1,
        // so at heap 496).
        let (x, _) = find("0.177", 100_000);
        assert_eq!((x.preperiod, x.period, x.certified), (497, 20, true));
    }

    #[test]
    fn a_periodic_sequence_answers_huge_heaps() {
        let (k, g) = find("0.77", 10_000);
        let periodic = PeriodicSequence::new(&g, &k).unwrap();
        for n in 0..g.len() {
            assert_eq!(periodic.grundy(n as u64), g.get(n).unwrap());
        }
        // 10^18 ≡ 4 (mod 12), and 71 ≡ 11, so heap 10^18 is in the class
        // of 71 + 5 = 76.
        assert_eq!(
            periodic.grundy(1_000_000_000_000_000_000),
            g.get(76).unwrap()
        );
    }

    #[test]
    fn grundys_game_is_never_certified() {
        let mut g = GrundySequence::new(TakeBreak::grundys_game(), Method::SparseSpace);
        let found = find_period(&mut g, 5000).unwrap();
        assert!(found.is_none_or(|f| !f.certified));
    }

    #[test]
    fn the_bound_follows_the_theorem() {
        let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
        // h = 2, t = 2: 2·71 + 2·12 + 2 - 1.
        assert_eq!(certification_heap(&kayles, 71, 12), Some(167));
        let hex = TakeBreak::from_code(&OctalCode::parse("0.8").unwrap());
        assert_eq!(certification_heap(&hex, 5, 2), Some(3 * 5 + 3 * 2 + 1 - 1));
    }
}
