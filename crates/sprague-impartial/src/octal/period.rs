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
//! **Arithmetic periodicity** (saltus): `G(n + p) = G(n) + s` for all
//! `n ≥ n0`, with `s > 0`, as in Nim and `0.FF` (`G(n) = n`: `n0 = 0`,
//! `p = 1`, `s = 1`). Finite octal games never have it (Horrocks and
//! Nowakowski, *Regularity in the G-sequences of octal games with a pass*,
//! INTEGERS 3 (2003)); hexadecimal games, whose moves may leave three
//! heaps, may: Austin (*Impartial and partisan games*, M.Sc. thesis,
//! Calgary, 1976) and Howse and Nowakowski (*Periodicity and
//! arithmetic-periodicity in hexadecimal games*, Theoretical Computer
//! Science 313 (2004) 463–472) give an arithmetic-periodicity theorem for
//! them. Its device is that an option leaving `v, x, x` is worth `G(v)`: the
//! two equal heaps cancel in the nim-sum. The engine certifies one case of
//! it, stated and proved here in full, and reports every other arithmetic
//! period it sees as observed, not certified:
//!
//! **Theorem** (`G(n) = n`). Let a take-and-break game (equal heaps allowed)
//! have no move that removes no stone (`d0` splits nothing), and let
//! `k_o` and `k_e` be the least odd and the least even `k` after which a
//! move may leave three heaps, `k2o` and `k2e` those after which it may
//! leave two, all four existing. If a move may remove `j` stones and leave
//! one heap for every odd `j ≤ k_o` and every even `2 ≤ j ≤ k_e`, and
//! `G(n) = n` for `n < N1 = max(k2o, k2e) + 2`, then `G(n) = n` for every
//! `n`. *Proof*, by induction on `N ≥ N1`: an option of `N` removes
//! `k ≥ 1` stones and leaves heaps summing to `N - k`, and their nim-sum is
//! at most their sum, so no option is worth `N`. Value 0 is the option
//! `x, x` after `k ∈ {k2o, k2e}` with `N - k` even (`x ≥ 1` as
//! `N ≥ N1`). A value `1 ≤ v < N`, with `j = N - v` and `k ∈ {k_o, k_e}`
//! of the parity of `j`: if `j ≥ k + 2`, the option `v, x, x` with
//! `x = (j - k)/2 ≥ 1`; otherwise `j ≤ k` has the parity of `k`, so a move
//! removes `j` and leaves the heap `v`. So `G(N) = mex{0..N-1} = N`. ∎
//! For `0.FF` (`k_o = k2o = 1`, `k_e = k2e = 2`) it reads `G(0..4)`.
//!
//! Detection: at checkpoints, the least period `p` of the second half of the
//! values computed so far, or of their last [`PERIOD_WINDOW`] if fewer (by
//! the prefix function), then the least `n0` with
//! `G(n + p) = G(n)` from `n0` to the end; where there is none, the least
//! period of the first differences `G(n + 1) - G(n)` of the second half
//! (at most [`ARITHMETIC_WINDOW`] of them), which gives `p` and `s`. The
//! candidate is checked against every later value and dropped at the first
//! mismatch; once the values reach the theorem's bound it is proved. An
//! arithmetic candidate no theorem proves is given up on (reported observed,
//! not certified) once it has held on twice the values the periodicity
//! theorem would read for a plain period of the same length, twice the
//! values it was found on, and at least 1024 values: no plain period can be
//! proved while it holds, and computing on only costs time.

use super::{GrundySequence, PeriodValues, TakeBreak};
use sprague_core::error::SolveError;

/// The most first differences the arithmetic detector reads (the last
/// ones): a sequence with a saltus outgrows the two-byte values the engine
/// stores long before this many heaps unless its period is long, and the
/// bound keeps each look cheap on long runs of unsolved games.
pub const ARITHMETIC_WINDOW: usize = 1 << 20;

/// The most values the plain-period detector reads (the last ones), so
/// that its scratch (four bytes a value read) stays within 1 GiB however
/// long a run goes: periods up to half of it (2^27 = 134 217 728) are found.
/// That is longer than every period in the tests and in the published
/// tables used there, the longest being 0.1777's 60 620 715 (OEIS A071509,
/// from Flammenkamp's tables); and a candidate is still checked on every
/// value from its preperiod on, so the window proves nothing false.
pub const PERIOD_WINDOW: usize = 1 << 28;

/// The most bytes the period detector's scratch holds: four a value of
/// [`PERIOD_WINDOW`].
pub const DETECTOR_BYTES: u64 = 4 * PERIOD_WINDOW as u64;

/// An ultimately (arithmetic-)periodic Grundy sequence:
/// `G(n + period) = G(n) + saltus` for every `n >= preperiod`, with the
/// preperiod and the period as small as possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least `n0` from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// `s` in `G(n + period) = G(n) + s`: 0 for a plain period, positive
    /// for an arithmetic one (Nim: 1).
    pub saltus: u64,
    /// Whether a theorem proves the period holds for every heap size (and
    /// not only as far as values were computed).
    pub certified: bool,
    /// Where the proof was complete: the number `N` of values the proof
    /// reads, `G(0..N)` (`N` excluded); 0 for a closed form, which reads
    /// none. For take-and-break games the least such `N` by the
    /// periodicity theorem, `2·n0 + 2·p + t` for an octal game (see
    /// [`crate::octal::certification_bound`]), 175 for Dawson's Chess; for a
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
/// use sprague_impartial::{certification_bound, OctalCode, TakeBreak};
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

/// The number of values the theorem `G(n) = n` of the module docs reads,
/// `N1 = max(k2o, k2e) + 2`, if the rules meet its conditions; `None`
/// otherwise.
///
/// # Examples
///
/// ```
/// use sprague_impartial::{nim_sequence_bound, OctalCode, TakeBreak};
/// let ff = TakeBreak::from_code(&OctalCode::parse("0.FF").unwrap());
/// assert_eq!(nim_sequence_bound(&ff), Some(4));
/// // 0.F: every three-heap move removes one stone, an odd number.
/// let f = TakeBreak::from_code(&OctalCode::parse("0.F").unwrap());
/// assert_eq!(nim_sequence_bound(&f), None);
/// ```
pub fn nim_sequence_bound(rules: &TakeBreak) -> Option<usize> {
    if rules.unequal || rules.leave_two.contains(&0) || rules.leave_three.contains(&0) {
        return None;
    }
    let least = |list: &[usize], odd: bool| {
        list.iter()
            .copied()
            .filter(|k| k % 2 == usize::from(odd))
            .min()
    };
    let (k_o, k_e) = (
        least(&rules.leave_three, true)?,
        least(&rules.leave_three, false)?,
    );
    let (k2o, k2e) = (
        least(&rules.leave_two, true)?,
        least(&rules.leave_two, false)?,
    );
    let leaves_one = |j: usize| rules.leave_one.contains(&j);
    let odd_ok = (1..=k_o).step_by(2).all(leaves_one);
    let even_ok = (2..=k_e).step_by(2).all(leaves_one);
    (odd_ok && even_ok).then(|| k2o.max(k2e) + 2)
}

/// A candidate regularity: `G(n + p) = G(n) + s` for `n ≥ n0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    n0: usize,
    p: usize,
    s: u32,
}

/// The number of values that prove `candidate`, if a theorem applies: the
/// periodicity theorem for a plain period, the theorem `G(n) = n` for the
/// arithmetic period `n0 = 0, p = 1, s = 1`.
fn proof_bound(rules: &TakeBreak, candidate: Candidate) -> Option<usize> {
    match candidate {
        Candidate { n0, p, s: 0 } => certification_bound(rules, n0, p),
        Candidate { n0: 0, p: 1, s: 1 } => nim_sequence_bound(rules),
        _ => None,
    }
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
        .find(|&d| d == p || seq.last_mismatch(d, 0, n0, n0 + p).is_none())
        .unwrap_or(p)
}

/// The least period of the second half of the known values (of their last
/// [`PERIOD_WINDOW`] if fewer), and the least
/// preperiod that fits all of them; where the second half has no plain
/// period, its least arithmetic one (see the module docs). `None` unless
/// the second half holds at least two periods. Costs `O(len)` time and
/// up to `2·len` bytes of `scratch` (the prefix function of the window),
/// at most [`DETECTOR_BYTES`].
fn detect(seq: &GrundySequence, scratch: &mut Vec<u32>) -> Option<Candidate> {
    let known = seq.len();
    if known < 8 {
        return None;
    }
    let from = known - (known / 2).min(PERIOD_WINDOW);
    if let Some(p) = seq.short_period(from, scratch) {
        let n0 = seq.last_mismatch(p, 0, 0, known - p).map_or(0, |n| n + 1);
        return Some(Candidate { n0, p, s: 0 });
    }
    let from = known - (known / 2).min(ARITHMETIC_WINDOW);
    let (p, s) = seq.difference_period(from)?;
    // A negative difference cannot last (values are never negative), and 0
    // would be a plain period, found above.
    let s = u32::try_from(s).ok().filter(|&s| s > 0)?;
    let n0 = seq.last_mismatch(p, s, 0, known - p).map_or(0, |n| n + 1);
    Some(Candidate { n0, p, s })
}

fn periodicity(seq: &GrundySequence, candidate: Candidate) -> Periodicity {
    let known = seq.len();
    let Candidate { n0, p, s } = candidate;
    match proof_bound(seq.rules(), candidate) {
        Some(needed) if needed <= known => Periodicity {
            preperiod: n0 as u64,
            period: if s == 0 {
                least_divisor_period(seq, n0, p) as u64
            } else {
                p as u64
            },
            saltus: u64::from(s),
            certified: true,
            certified_at: needed as u64,
        },
        _ => Periodicity {
            preperiod: n0 as u64,
            period: p as u64,
            saltus: u64::from(s),
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
/// the second half of the values (or, where there is none, the least
/// arithmetic one), with the least preperiod that fits all of them, proved
/// if the values reach a theorem's bound.
///
/// # Examples
///
/// ```
/// use sprague_impartial::{least_period, GrundySequence, Method, OctalCode, TakeBreak};
/// let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
/// let mut g = GrundySequence::new(kayles, Method::SparseSpace);
/// g.extend_to(400).unwrap();
/// let found = least_period(&g).unwrap();
/// assert_eq!((found.preperiod, found.period, found.certified), (71, 12, true));
/// ```
pub fn least_period(seq: &GrundySequence) -> Option<Periodicity> {
    let candidate = detect(seq, &mut Vec::new())?;
    Some(periodicity(seq, candidate))
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
/// use sprague_impartial::{GrundySequence, Method, OctalCode, PeriodSearch, TakeBreak};
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
    /// With `G(n) = G(n - p) + s` for `n0 + p ≤ n < checked`.
    candidate: Option<Candidate>,
    checked: usize,
    /// The length at which the candidate was found.
    found_at: usize,
    /// The length from which a search without candidate looks again.
    next_detect: usize,
    /// The periodicity, once proved.
    proved: Option<Periodicity>,
    /// Whether the candidate is an arithmetic period that no theorem
    /// proves and that has held long enough to stop looking (see the
    /// module docs).
    unprovable: bool,
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
            .or_else(|| self.candidate.map(|c| periodicity(seq, c)))
    }

    /// Whether the search has stopped on an arithmetic period that no
    /// theorem proves: [`PeriodSearch::periodicity`] is then that period,
    /// observed, not certified, and [`PeriodSearch::run`] computes nothing
    /// more.
    pub fn is_unprovable(&self) -> bool {
        self.unprovable
    }

    /// Takes in the values of `seq` not seen yet.
    fn observe(&mut self, seq: &GrundySequence) {
        if self.proved.is_some() {
            return;
        }
        let known = seq.len();
        if let Some(c) = self.candidate {
            let from = self.checked.max(c.n0 + c.p);
            if seq.first_mismatch_back(c.p, c.s, from, known).is_some() {
                self.candidate = None;
                self.unprovable = false;
            } else {
                self.checked = known;
            }
        }
        if self.candidate.is_none() && known >= self.next_detect {
            self.candidate = detect(seq, &mut self.scratch);
            self.checked = known;
            self.found_at = known;
            self.next_detect = next_step(known);
            if self.candidate.is_some() {
                // A candidate usually holds to the end: free the scratch
                // while the values grow to the theorem's bound.
                self.scratch = Vec::new();
            }
        }
        if let Some(c) = self.candidate {
            let found = periodicity(seq, c);
            if found.certified {
                self.proved = Some(found);
            } else if c.s > 0 && proof_bound(seq.rules(), c).is_none() {
                let plain = certification_bound(seq.rules(), c.n0, c.p).unwrap_or(0);
                self.unprovable = known >= plain.saturating_mul(2).max(2 * self.found_at).max(1024);
            }
        }
    }

    /// Computes values until a period is proved, an arithmetic period no
    /// theorem proves has held long enough (see
    /// [`PeriodSearch::is_unprovable`]), or `G(0..=max)` are known (values
    /// already known beyond `max` are looked at too). Returns as
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
            if self.proved.is_some() || self.unprovable || known > max {
                return Ok(self.periodicity(seq));
            }
            let mut target = next_step(known) - 1;
            if let Some(needed) = self.candidate.and_then(|c| proof_bound(seq.rules(), c)) {
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
/// use sprague_impartial::{find_period, GrundySequence, Method, OctalCode, TakeBreak};
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
    saltus: u64,
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
            saltus: periodicity.saltus,
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

    /// The saltus (0 for a plain period).
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// `G(n)`, for any `n`; `None` only where an arithmetic period makes
    /// it larger than `u64::MAX`.
    pub fn grundy(&self, n: u64) -> Option<u64> {
        if n < self.preperiod + self.period {
            return Some(u64::from(self.values.get(n as usize)));
        }
        let (q, r) = (
            (n - self.preperiod) / self.period,
            (n - self.preperiod) % self.period,
        );
        let base = u64::from(self.values.get((self.preperiod + r) as usize));
        q.checked_mul(self.saltus)?.checked_add(base)
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
            assert_eq!(periodic.grundy(n as u64), g.get(n).map(u64::from));
        }
        // 10^18 ≡ 4 (mod 12), and 71 ≡ 11, so heap 10^18 is in the class
        // of 71 + 5 = 76.
        assert_eq!(
            periodic.grundy(1_000_000_000_000_000_000),
            g.get(76).map(u64::from)
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

    /// `G(0..=n)` by the mex definition over the options the rules list,
    /// each worth the nim-sum of the heaps it leaves: the brute force.
    fn by_definition(rules: &TakeBreak, n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        for h in 0..=n {
            let mut seen = std::collections::HashSet::new();
            rules.for_each_option(h, |_, left| {
                seen.insert(left.iter().fold(0, |acc, &a| acc ^ g[a]));
            });
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    fn rules_of(text: &str) -> TakeBreak {
        TakeBreak::from_code(&OctalCode::parse(text).unwrap())
    }

    #[test]
    fn arithmetic_periods_match_the_definition() {
        // Hexadecimal codes whose values grow by a saltus, and 0.FF, whose
        // values are the heap sizes (SPEC: preperiod 0, period 1, saltus 1).
        for text in [
            "0.FF", "0.8", "0.C", "0.3F", "0.BF", "0.CF", "0.EF", "0.F8", "0.FC", "0.8F", "0.48",
        ] {
            let rules = rules_of(text);
            let mut g = GrundySequence::new(rules.clone(), Method::SparseSpace);
            let f = find_period(&mut g, 3000).unwrap().unwrap();
            let (n0, p, s) = (f.preperiod as usize, f.period as usize, f.saltus);
            assert!(s > 0, "{text}: {f:?}");
            let v = by_definition(&rules, 240);
            for n in n0..=240 - p {
                assert_eq!(v[n + p], v[n] + s, "{text}: G({}) and G({n})", n + p);
            }
            // Least: not from n0 - 1, and no shorter period with any saltus.
            if n0 > 0 {
                assert_ne!(v[n0 - 1 + p], v[n0 - 1] + s, "{text}");
            }
            for d in 1..p {
                let jump = v[n0 + d] as i64 - v[n0] as i64;
                assert!(
                    (n0..=240 - d).any(|n| v[n + d] as i64 - v[n] as i64 != jump),
                    "{text}: period {d}"
                );
            }
            // Only G(n) = n is certified, by the theorem of the module docs.
            assert_eq!(f.certified, text == "0.FF", "{text}");
        }
        let ff = by_definition(&rules_of("0.FF"), 300);
        assert!(ff.iter().enumerate().all(|(n, &v)| v == n as u64));
    }

    #[test]
    fn a_periodic_sequence_with_a_saltus_answers_huge_heaps() {
        let rules = rules_of("0.FF");
        let mut g = GrundySequence::new(rules, Method::SparseSpace);
        let f = find_period(&mut g, 1000).unwrap().unwrap();
        assert_eq!(
            (f.preperiod, f.period, f.saltus, f.certified, f.certified_at),
            (0, 1, 1, true, 4)
        );
        let periodic = PeriodicSequence::new(&g, &f).unwrap();
        assert_eq!(
            periodic.grundy(1_000_000_000_000_000_007),
            Some(1_000_000_000_000_000_007)
        );
        assert_eq!(periodic.grundy(u64::MAX), Some(u64::MAX));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The theorem `G(n) = n` on random hexadecimal codes: wherever its
        /// conditions hold and `G(0..N1)` are the sizes, the definition
        /// gives `G(n) = n` far beyond `N1`.
        #[test]
        fn the_nim_sequence_theorem_holds_where_it_applies(
            digits in prop::collection::vec(
                prop::sample::select(vec![0u8, 2, 3, 6, 7, 10, 11, 12, 13, 14, 15]),
                1..5,
            ),
        ) {
            let mut all = vec![0];
            all.extend(&digits);
            let rules = TakeBreak::from_code(&OctalCode::from_digits(&all).unwrap());
            let Some(n1) = nim_sequence_bound(&rules) else {
                return Ok(());
            };
            let v = by_definition(&rules, 90);
            if (0..n1).all(|n| v[n] == n as u64) {
                for (n, &g) in v.iter().enumerate() {
                    prop_assert_eq!(g, n as u64, "G({})", n);
                }
            }
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
