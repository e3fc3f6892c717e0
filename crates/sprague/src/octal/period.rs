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
/// An ultimately periodic Grundy sequence: `G(n + period) = G(n)` for every
/// `n >= preperiod`, with both as small as possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least `n0` from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// Whether a theorem proves the period holds for every heap size (and
    /// not only as far as values were computed).
    pub certified: bool,
    /// Where the proof was complete: the number `N` of values the proof
    /// reads, `G(0..N)` (`N` excluded); 0 for a closed form, which reads
    /// none. For take-and-break games the least such `N` by the
    /// periodicity theorem, `2·n0 + 2·p + t` for an octal game (see
    /// [`crate::certification_bound`]), 175 for Dawson's Chess; for a
    /// subtraction game, the values up to the end of the first repeated
    /// window of `max S` values. When not certified, the number of values
    /// the period was checked against.
    pub certified_at: u64,
}

/// The number of values the periodicity theorem needs to prove period `p`
/// from `n0`: the least `N` such that `G(0..N)` (`N` excluded) prove it,
/// `h·max(n0,1) + h·p + t`; reported as `certified_at`. `None` if the
/// theorem does not apply (Grundy's game).
///
/// The hypothesis compares `G(n)` with `G(n + p)` for
/// `n0 ≤ n < h·n0 + (h-1)·p + t`, so the largest heap it reads is
/// `h·n0 + h·p + t - 1`, and `N` is one more. For Dawson's Chess (0.137:
/// `n0 = 52`, `p = 34`, `t = 3`, `h = 2`) that is 175 values, heaps 0 to
/// 174.
///
/// # Examples
///
/// ```
/// use sprague::{certification_bound, OctalCode, TakeBreak};
/// let chess = TakeBreak::from_code(&OctalCode::parse("0.137").unwrap());
/// assert_eq!(certification_bound(&chess, 52, 34), Some(175));
/// ```
pub fn certification_bound(rules: &TakeBreak, n0: usize, p: usize) -> Option<usize> {
    if rules.unequal {
        return None;
    }
    let h = rules.max_heaps_left();
    let t = rules.last_digit_index();
    let n0 = n0.max(1);
    h.checked_mul(n0)?
        .checked_add(h.checked_mul(p)?)?
        .checked_add(t)
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

/// The least period of the second half of the known values, and the least
/// preperiod that fits all of them; `None` unless the second half holds at
/// least two periods. Costs `O(len)` time and `2·len` bytes of `scratch`
/// (the prefix function of the second half).
fn detect(seq: &GrundySequence, scratch: &mut Vec<u32>) -> Option<(usize, usize)> {
    let known = seq.len();
    if known < 8 {
        return None;
    }
    let from = known / 2;
    let p = seq.short_period(from, scratch)?;
    let n0 = seq.last_mismatch(p, 0, known - p).map_or(0, |n| n + 1);
    Some((n0, p))
}

fn periodicity(seq: &GrundySequence, n0: usize, p: usize) -> Periodicity {
    let known = seq.len();
    match certification_bound(seq.rules(), n0, p) {
        Some(needed) if needed <= known => Periodicity {
            preperiod: n0 as u64,
            period: least_divisor_period(seq, n0, p) as u64,
            certified: true,
            certified_at: needed as u64,
        },
        _ => Periodicity {
            preperiod: n0 as u64,
            period: p as u64,
            certified: false,
            // Not proved: the number of values the period was checked
            // against.
            certified_at: known as u64,
        },
    }
}

/// The next length at which to look again: a fixed fraction further, so
/// that the work of looking (`O(len)` each time) sums to a constant times
/// the final length over a whole run.
fn next_step(known: usize) -> usize {
    known.saturating_add(known / 8).saturating_add(64)
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
    let (n0, p) = detect(seq, &mut Vec::new())?;
    Some(periodicity(seq, n0, p))
}

/// A period search that can be continued: the candidate period of the
/// values seen so far and how far it has been checked, so that searching
/// `G(0..=N)` in many calls of growing `max` costs what one call would.
///
/// The candidate is checked against each new value once; without a
/// candidate, the period is looked for afresh (an `O(len)` pass) only when
/// the values have grown by an eighth since the last look, so over a run to
/// `N` the looking costs `O(N)` in all (about `4.5·N` steps of the prefix
/// function), however the run is cut into calls.
///
/// # Examples
///
/// ```
/// use sprague::{GrundySequence, Method, OctalCode, PeriodSearch, TakeBreak};
/// let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
/// let mut g = GrundySequence::new(kayles, Method::SparseSpace);
/// let mut search = PeriodSearch::new();
/// // Not enough values yet: 168 are needed (2·71 + 2·12 + 2).
/// let early = search.run(&mut g, 100).unwrap();
/// assert!(early.is_none_or(|p| !p.certified));
/// assert_eq!(g.len(), 101);
/// let proved = search.run(&mut g, 1 << 20).unwrap().unwrap();
/// assert_eq!((proved.preperiod, proved.period, proved.certified_at), (71, 12, 168));
/// assert!(g.len() < 1000);
/// ```
#[derive(Clone, Debug, Default)]
pub struct PeriodSearch {
    /// `(n0, p)`, with `G(n) = G(n - p)` for `n0 + p ≤ n < checked`.
    candidate: Option<(usize, usize)>,
    checked: usize,
    /// The length from which a search without candidate looks again.
    next_detect: usize,
    /// The periodicity, once proved.
    proved: Option<Periodicity>,
    /// The prefix function of the last look, kept while there is no
    /// candidate: fresh memory on every look costs a page fault per page.
    scratch: Vec<u32>,
}

impl PeriodSearch {
    /// A search that has seen no value yet.
    pub fn new() -> PeriodSearch {
        PeriodSearch::default()
    }

    /// The proved periodicity if there is one, else the apparent one of the
    /// values seen so far (not certified), else `None`.
    pub fn periodicity(&self, seq: &GrundySequence) -> Option<Periodicity> {
        self.proved
            .or_else(|| self.candidate.map(|(n0, p)| periodicity(seq, n0, p)))
    }

    /// Takes in the values of `seq` not seen yet.
    fn observe(&mut self, seq: &GrundySequence) {
        if self.proved.is_some() {
            return;
        }
        let known = seq.len();
        if let Some((n0, p)) = self.candidate {
            let from = self.checked.max(n0 + p);
            if seq.first_mismatch_back(p, from, known).is_some() {
                self.candidate = None;
            } else {
                self.checked = known;
            }
        }
        if self.candidate.is_none() && known >= self.next_detect {
            self.candidate = detect(seq, &mut self.scratch);
            self.checked = known;
            self.next_detect = next_step(known);
            if self.candidate.is_some() {
                // A candidate usually holds to the end: free the scratch
                // while the values grow to the theorem's bound.
                self.scratch = Vec::new();
            }
        }
        if let Some((n0, p)) = self.candidate {
            let found = periodicity(seq, n0, p);
            if found.certified {
                self.proved = Some(found);
            }
        }
    }

    /// Computes values until a period is proved, or `G(0..=max)` are known
    /// (values already known beyond `max` are looked at too). Returns as
    /// [`PeriodSearch::periodicity`].
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::extend_to`].
    pub fn run(
        &mut self,
        seq: &mut GrundySequence,
        max: usize,
    ) -> Result<Option<Periodicity>, SolveError> {
        loop {
            self.observe(seq);
            let known = seq.len();
            if self.proved.is_some() || known > max {
                return Ok(self.periodicity(seq));
            }
            let mut target = next_step(known) - 1;
            if let Some(needed) = self
                .candidate
                .and_then(|(n0, p)| certification_bound(seq.rules(), n0, p))
            {
                // `needed > known`, or the candidate would be proved.
                target = target.min(needed - 1);
            }
            seq.extend_to(target.min(max))?;
            if seq.len() == known {
                return Ok(self.periodicity(seq));
            }
        }
    }
}

/// Computes values until a period is proved, or `G(0..=max)` are known.
/// Returns the proved periodicity, or the apparent one (not certified) if
/// `max` came first, or `None` if no period showed. A search in one call;
/// [`PeriodSearch`] continues a search across calls.
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
    PeriodSearch::new().run(seq, max)
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
    use proptest::prelude::*;

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
        // The theorem compares G(n) with G(n + 12) for 71 ≤ n < 2·71 + 12 + 2
        // = 156, reading heaps up to 155 + 12 = 167: 168 values.
        assert_eq!(k.certified_at, 168);
        // Dawson's Chess 0.137: period 34, last exception at 51 (A002187).
        let (d, _) = find("0.137", 10_000);
        assert_eq!((d.preperiod, d.period, d.certified), (52, 34, true));
        // t = 3: 52 ≤ n < 2·52 + 34 + 3 = 141, heaps up to 140 + 34 = 174
        // read, so 175 values (SPEC's example).
        assert_eq!(d.certified_at, 175);
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
        // h = 2, t = 2: n < 2·71 + 12 + 2 = 156 compared with n + 12, so
        // heaps 0..=167 are read: 168 values.
        assert_eq!(certification_bound(&kayles, 71, 12), Some(168));
        // The hexadecimal version, h = 3 (0.8: take one stone, leave three
        // heaps; t = 1): n < 3·5 + 2·2 + 1 = 20, read up to 19 + 2 = 21.
        let hex = TakeBreak::from_code(&OctalCode::parse("0.8").unwrap());
        assert_eq!(certification_bound(&hex, 5, 2), Some(22));
        // n0 = 0 counts as 1, so that a replaced heap is never empty.
        assert_eq!(certification_bound(&kayles, 0, 3), Some(2 + 6 + 2));
        assert_eq!(certification_bound(&TakeBreak::grundys_game(), 10, 3), None);
    }

    #[test]
    fn the_proof_needs_exactly_the_bound() {
        // 0.137 is proved by G(0..175) and not by G(0..174).
        let rules = TakeBreak::from_code(&OctalCode::parse("0.137").unwrap());
        let mut g = GrundySequence::new(rules, Method::SparseSpace);
        let mut search = PeriodSearch::new();
        let before = search.run(&mut g, 173).unwrap();
        assert_eq!(g.len(), 174);
        assert!(before.is_none_or(|p| !p.certified), "{before:?}");
        let after = search.run(&mut g, 174).unwrap().unwrap();
        assert_eq!(g.len(), 175);
        assert_eq!(
            (
                after.preperiod,
                after.period,
                after.certified,
                after.certified_at
            ),
            (52, 34, true, 175)
        );
    }

    #[test]
    fn a_search_in_steps_finds_what_one_search_finds() {
        // Steps of every size, with a resumed (longer) sequence in between.
        for text in ["0.77", "0.137", "0.177", "0.007", "4.07", "0.6"] {
            let rules = TakeBreak::from_code(&OctalCode::parse(text).unwrap());
            let mut whole = GrundySequence::new(rules.clone(), Method::SparseSpace);
            let once = find_period(&mut whole, 3000).unwrap();
            let mut g = GrundySequence::new(rules, Method::SparseSpace);
            let mut search = PeriodSearch::new();
            let mut found = None;
            for max in [0, 1, 7, 8, 50, 51, 300, 301, 302, 1000, 2999, 3000] {
                found = search.run(&mut g, max).unwrap();
                if found.is_some_and(|p| p.certified) {
                    break;
                }
            }
            assert_eq!(found, once, "{text}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// On random codes: a certified period holds on four times as many
        /// values as the proof read, its preperiod and period are least,
        /// and `certified_at` is the theorem's count.
        #[test]
        fn certified_periods_hold_far_beyond_the_proof(
            d0 in prop::sample::select(vec![0u8, 4]),
            digits in prop::collection::vec(0u8..8, 1..4),
        ) {
            let mut all = vec![d0];
            all.extend(&digits);
            let rules = TakeBreak::from_code(&OctalCode::from_digits(&all).unwrap());
            let mut g = GrundySequence::new(rules.clone(), Method::SparseSpace);
            let found = find_period(&mut g, 4000).unwrap();
            let Some(f) = found.filter(|f| f.certified) else {
                return Ok(());
            };
            let (n0, p) = (f.preperiod as usize, f.period as usize);
            let h = rules.max_heaps_left();
            let t = rules.last_digit_index();
            prop_assert_eq!(f.certified_at as usize, h * n0.max(1) + h * p + t);
            prop_assert!(g.len() >= f.certified_at as usize);
            let far = 4 * f.certified_at as usize;
            g.extend_to(far).unwrap();
            let v = g.to_vec();
            for n in n0..=far - p {
                prop_assert_eq!(v[n], v[n + p], "G({}) and G({})", n, n + p);
            }
            if n0 > 0 {
                prop_assert_ne!(v[n0 - 1], v[n0 - 1 + p]);
            }
            for d in 1..p {
                prop_assert!((n0..=far - d).any(|n| v[n] != v[n + d]), "period {}", d);
            }
        }
    }
}
