//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial
//! combinatorial games", *Integers* 5 (2005); Plambeck and Siegel, "Misère
//! quotients for impartial games", *JCTA* 115 (2008); Siegel, *Combinatorial
//! Game Theory*, ch. V).
//!
//! The sums of heaps `0..=N` of a take-and-break game form a free
//! commutative monoid; two sums are *indistinguishable* when adding any third
//! sum leaves both lost or both won under misère play. The classes form a
//! finite commutative monoid `Q`, the *misère quotient*; the classes of lost
//! sums form its *P-portion*, and the class of a heap of `n` is the
//! *pretending function*. A sum of heaps is then lost for the player to move
//! exactly when the product of its heaps' elements is in the P-portion.
//!
//! The quotient is computed heap by heap, as Plambeck and Siegel's
//! MisereSolver does (the algorithm read in CGSuite's sources, written
//! afresh). Knowing the quotient of heaps `0..n`, heap `n + 1` is first
//! tried as each element already there (a *conservative extension*); if none
//! fits, a trial monoid is built — the old quotient times a free cyclic
//! monoid for the new heap — its P-portion marked sum by sum and its
//! indistinguishable elements merged. While a trial gets a sum wrong it is
//! *recalibrated* as MisereSolver does: the heaps of that sum are freed,
//! one, then two, ... at a time, as cyclic factors beside the trial itself,
//! until the sum is marked right, and the result is the next trial; each
//! step builds on the last. Only if no freeing marks the sum right are
//! larger trials on the old quotient tried (more heaps freed, longer
//! cycles).
//!
//! Every candidate is *verified*, so no heuristic can make the answer wrong,
//! only slower: a sum's element `x` and the set `S` of its options' elements
//! change, when a heap of `n` is added, to `x·φ(n)` and `S·φ(n) ∪ x·T(n)`
//! (`T(n)` the elements of the heap's options). A candidate is a quotient
//! when the identity is not in its P-portion, no P-position has a P-option
//! (a finite check over its elements and heaps) and every other position
//! with a move has one (a search over the pairs `(x, S)` of the sums, which
//! may skip a pair whose set holds one already met at its element): by
//! induction on the game tree every sum's outcome is then the one its
//! element predicts (`verify.rs`). The search returns the least sum the
//! candidate gets wrong in MisereSolver's order, which is the sum the
//! recalibration then frees heaps of. A candidate that has passed is reduced
//! to the classes sums can tell apart, which is the quotient.

mod monoid;
mod verify;

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_impartial::octal::TakeBreak;

use monoid::{Cyclic, Product, Table, reduce};
use verify::least_failure;

/// The misère quotient of a heap game restricted to heaps `0..=heaps`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    /// `N`: the quotient is of the sums of heaps `0..=N`.
    pub heaps: u64,
    /// The generators' names, `a`, `b`, ..., each the element of the heap
    /// in [`MisereQuotient::generator_heaps`].
    pub generators: Vec<String>,
    /// The heap whose element each generator is: the heaps where the
    /// quotient grew.
    pub generator_heaps: Vec<u64>,
    /// The relations of the presentation, `a^2 = 1`.
    pub relations: Vec<String>,
    /// Each element as its least word in the generators (by degree, then
    /// by the exponents of `a`, `b`, ... from the largest); `elements[0]` is
    /// the identity, `1`.
    pub elements: Vec<String>,
    /// `product[i][j]`: the index of the product of elements `i` and `j`.
    pub product: Vec<Vec<usize>>,
    /// The indices of the elements whose sums the player to move loses.
    pub p_portion: Vec<usize>,
    /// `heap_elements[n]`: the element of a heap of `n` (the pretending
    /// function).
    pub heap_elements: Vec<usize>,
    /// Whether the game is tame: every sum of heaps has the misère outcome
    /// of Nim heaps of its Grundy values (then the quotient is that of
    /// misère Nim on those values: `Z_2` for values 0 and 1, the quotient
    /// `T_2` of order 6 with 2, ...).
    pub tame: bool,
    /// The normal-play Grundy values of heaps `0..=N`.
    pub grundy: Vec<u32>,
    /// The heaps where the quotient grew (MisereSolver's expansion heaps).
    pub expansion_heaps: Vec<u64>,
    /// Where the pretending function is proved periodic, and with it the
    /// quotient proved to hold for every heap size (see
    /// [`QuotientSolver::stability`]).
    pub stability: Option<Stability>,
}

/// A proof that a quotient holds for every heap size: the pretending
/// function repeats with `period` from `preperiod` on, checked far enough
/// that every larger heap acts on sums exactly as a heap `period` smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stability {
    /// `n0`: `φ(n + period) = φ(n)` for every `n >= n0`.
    pub preperiod: u64,
    /// `p`, the least period.
    pub period: u64,
    /// `2·n0 + 2·p + t + 1` (`t` the last digit's index): the heaps
    /// `0..=stable_from` the proof reads.
    pub stable_from: u64,
}

impl MisereQuotient {
    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The element of a sum of heaps; `None` if a heap is beyond
    /// [`MisereQuotient::heaps`].
    pub fn element_of(&self, heaps: &[u64]) -> Option<usize> {
        heaps.iter().try_fold(0usize, |x, &n| {
            let e = *self.heap_elements.get(usize::try_from(n).ok()?)?;
            Some(self.product[x][e])
        })
    }

    /// Whether the player to move loses the sum of heaps under misère
    /// play; `None` if a heap is beyond [`MisereQuotient::heaps`].
    pub fn is_p(&self, heaps: &[u64]) -> Option<bool> {
        let x = self.element_of(heaps)?;
        Some(self.p_portion.binary_search(&x).is_ok())
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p_element(&self, x: usize) -> bool {
        self.p_portion.binary_search(&x).is_ok()
    }
}

/// A quotient known for heaps `0..=phi.len() - 1`, with its P-portion.
struct Known {
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    expansions: Vec<usize>,
}

/// The elements of the options of heap `h` in a monoid.
fn transitions(options: &[Vec<usize>], phi: &[u32], mul: &dyn Fn(u32, u32) -> u32) -> Vec<u32> {
    let mut t: Vec<u32> = options
        .iter()
        .map(|o| o.iter().fold(0, |x, &g| mul(x, phi[g])))
        .collect();
    t.sort_unstable();
    t.dedup();
    t
}

/// Marks the P-portion of a trial monoid of `order` elements: sums are
/// taken with the larger heaps' counts most significant (an option of a sum
/// comes before it), and each element gets the outcome of the first sum
/// found with it, a sum being lost when it has options and none of them is
/// (as far as marked) lost. Counts of a heap stop growing once they reach an
/// element already marked. The marking is only a guess; [`least_failure`]
/// judges it. Returns each element's mark: [`UNMARKED`], [`MARKED_N`] or
/// [`MARKED_P`].
fn mark_p_portion(
    mul: &dyn Fn(u32, u32) -> u32,
    order: usize,
    gens: &[(u32, Vec<u32>)],
    budget: &Budget,
) -> Result<Vec<u8>, SolveError> {
    struct Marking<'a> {
        mul: &'a dyn Fn(u32, u32) -> u32,
        gens: &'a [(u32, Vec<u32>)],
        marks: Vec<u8>,
        count: u64,
        budget: &'a Budget,
    }
    impl Marking<'_> {
        fn mark(&mut self, depth: usize, x: u32, s: &[u32]) -> Result<(), SolveError> {
            if depth == self.gens.len() {
                if self.marks[x as usize] == UNMARKED {
                    let lost =
                        !s.is_empty() && s.iter().all(|&t| self.marks[t as usize] != MARKED_P);
                    self.marks[x as usize] = if lost { MARKED_P } else { MARKED_N };
                    self.count += 1;
                    self.budget.check_positions(self.count)?;
                }
                return Ok(());
            }
            let (g, ref t) = self.gens[depth];
            let mul = self.mul;
            let mut x = x;
            let mut s = s.to_vec();
            loop {
                self.mark(depth + 1, x, &s)?;
                let mut next: Vec<u32> = s
                    .iter()
                    .map(|&y| mul(y, g))
                    .chain(t.iter().map(|&y| mul(x, y)))
                    .collect();
                next.sort_unstable();
                next.dedup();
                x = mul(x, g);
                s = next;
                if self.marks[x as usize] != UNMARKED {
                    return Ok(());
                }
            }
        }
    }
    let mut marking = Marking {
        mul,
        gens,
        marks: vec![UNMARKED; order],
        count: 0,
        budget,
    };
    marking.mark(0, 0, &[])?;
    Ok(marking.marks)
}

/// An element no sum of the marking has reached.
const UNMARKED: u8 = 0;
/// An element marked outside the P-portion.
const MARKED_N: u8 = 1;
/// An element marked in the P-portion.
const MARKED_P: u8 = 2;

/// How many trial monoids one heap may need before the computation gives
/// up on it.
const MAX_TRIALS: usize = 48;

/// How many recalibrations one heap may need before the computation turns
/// to larger trials on the old quotient (MisereSolver sets no bound: 0.007
/// at heap 43 takes 73; the budget bounds them too).
const MAX_RECALIBRATIONS: usize = 1000;

/// The index and period of the powers of `x` in `table`.
fn index_and_period(table: &Table, x: u32) -> (u32, u32) {
    let mut seen: HashMap<u32, u32> = HashMap::new();
    let mut y = 0;
    let mut k = 0;
    loop {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = table.mul(y, x);
        k += 1;
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A trial quotient for heaps `0..=h`: its table, P-portion and pretending
/// function, and the first sum it gets wrong (`None`: it is the quotient).
struct Trial {
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    failure: Option<Vec<usize>>,
}

/// The trial monoid `base × ∏ cyclic`: each heap in `freed` pretends to be
/// the generator of its cyclic factor, every other heap `g < h` to
/// `base_phi[g]` (heap `h` to the identity unless freed); the P-portion is
/// marked sum by sum and the result reduced; with `verified`, verified
/// too (otherwise `failure` is left `None` for the caller to fill).
fn trial(
    base: &Table,
    base_phi: &[u32],
    freed: &[(usize, Cyclic)],
    options: &[Vec<Vec<usize>>],
    h: usize,
    verified: bool,
    budget: &Budget,
) -> Result<Trial, SolveError> {
    let product = Product {
        base,
        cyclic: freed.iter().map(|&(_, c)| c).collect(),
    };
    let order = product.order();
    if order > u64::from(u32::MAX) {
        return Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        });
    }
    budget.check_positions(order)?;
    let phi_m: Vec<u32> = (0..=h)
        .map(|g| match freed.iter().position(|&(f, _)| f == g) {
            Some(i) => product.element(0, Some(i)),
            None if g < base_phi.len() => product.element(base_phi[g], None),
            None => 0,
        })
        .collect();
    let mulm = |a: u32, b: u32| product.mul(a, b);
    let mut seen: HashSet<(u32, Vec<u32>)> = HashSet::new();
    let mut gens: Vec<(u32, Vec<u32>)> = Vec::new();
    // Of heaps with the same element and options' elements only the
    // smallest is kept, so that a sum's options come before it in the
    // marking (an option's heaps are smaller than the heap they replace, and
    // so are their stand-ins). With the largest kept, a sum can be marked
    // while an option's element is still unmarked: in 0.34 at heap 10,
    // heaps 1 and 3 stood in as heap 6, so heap 4 was marked before its
    // option heap 3 and marked lost, and the trial got sums without the new
    // heap wrong, which no recalibration repairs.
    for g in 1..=h {
        if options[g].is_empty() {
            continue;
        }
        let t = transitions(&options[g], &phi_m, &mulm);
        if seen.insert((phi_m[g], t.clone())) {
            gens.push((phi_m[g], t));
        }
    }
    gens.reverse();
    let marks = mark_p_portion(&mulm, order as usize, &gens, budget)?;
    let reduced = reduce(
        &mulm,
        order as usize,
        &|x| marks[x as usize] == MARKED_P,
        &phi_m,
        budget,
    )?;
    let phi_q: Vec<u32> = phi_m.iter().map(|&x| reduced.class[x as usize]).collect();
    let mut found = Trial {
        table: reduced.table,
        p: reduced.p_portion,
        phi: phi_q,
        failure: None,
    };
    if verified {
        found.verify(options, budget)?;
    }
    Ok(found)
}

impl Trial {
    /// Sets `failure` to the first sum the trial gets wrong, if any.
    fn verify(&mut self, options: &[Vec<Vec<usize>>], budget: &Budget) -> Result<(), SolveError> {
        let tq = &self.table;
        let mulq = |a: u32, b: u32| tq.mul(a, b);
        let trans_q: Vec<Vec<u32>> = (0..self.phi.len())
            .map(|g| transitions(&options[g], &self.phi, &mulq))
            .collect();
        self.failure = least_failure(tq, &self.p, &self.phi, &trans_q, budget)?;
        Ok(())
    }
}

/// The subsets of `values` of `size` elements, in lexicographic order.
fn combinations(values: &[usize], size: usize) -> Vec<Vec<usize>> {
    fn go(
        values: &[usize],
        size: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == size {
            out.push(chosen.clone());
            return;
        }
        for i in from..values.len() {
            chosen.push(values[i]);
            go(values, size, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    go(values, size, 0, &mut Vec::new(), &mut out);
    out
}

impl Known {
    fn start() -> Known {
        Known {
            table: Table::trivial(),
            p: vec![false],
            phi: vec![0],
            expansions: Vec::new(),
        }
    }

    /// Adds heap `h = self.phi.len()`, whose options (and those of every
    /// smaller heap) are `options`.
    fn extend(&mut self, options: &[Vec<Vec<usize>>], budget: &Budget) -> Result<(), SolveError> {
        let h = self.phi.len();
        if options[h].is_empty() {
            self.phi.push(0);
            return Ok(());
        }
        budget.check_time()?;
        let table = &self.table;
        let mul = |a: u32, b: u32| table.mul(a, b);
        let mut trans: Vec<Vec<u32>> = (0..h)
            .map(|g| transitions(&options[g], &self.phi, &mul))
            .collect();
        let t_h = transitions(&options[h], &self.phi, &mul);
        let lost = t_h.iter().all(|&t| !self.p[t as usize]);
        trans.push(t_h);
        let mut phi = self.phi.clone();
        phi.push(0);
        // The elements of the latest heaps first: where the pretending
        // function is periodic, the right one is among the last period's.
        let mut candidates: Vec<u32> = Vec::with_capacity(table.order);
        let mut tried = vec![false; table.order];
        for x in self.phi.iter().rev().copied().chain(0..table.order as u32) {
            if !tried[x as usize] {
                tried[x as usize] = true;
                candidates.push(x);
            }
        }
        for x in candidates {
            if self.p[x as usize] != lost {
                continue;
            }
            phi[h] = x;
            if least_failure(table, &self.p, &phi, &trans, budget)?.is_none() {
                self.phi = phi;
                return Ok(());
            }
        }
        // No element fits: a trial monoid with the new heap free.
        let freed = [(
            h,
            Cyclic {
                index: 2,
                period: 2,
            },
        )];
        let first = trial(&self.table, &self.phi, &freed, options, h, true, budget)?;
        if let Some(found) = self.recalibrate(first, options, h, budget)? {
            self.accept(found, h);
            return Ok(());
        }
        // Recalibration found nothing: enlarge trials on the old quotient.
        let mut freed: Vec<(usize, Cyclic)> = freed.to_vec();
        for _ in 0..MAX_TRIALS {
            let candidate = trial(&self.table, &self.phi, &freed, options, h, true, budget)?;
            let Some(word) = candidate.failure.clone() else {
                self.accept(candidate, h);
                return Ok(());
            };
            self.widen(&mut freed, &word, options);
        }
        Err(SolveError::unsupported(format!(
            "no misère quotient found for heap {h} after {MAX_TRIALS} trial monoids"
        )))
    }

    fn accept(&mut self, found: Trial, h: usize) {
        self.table = found.table;
        self.p = found.p;
        self.phi = found.phi;
        self.expansions.push(h);
    }

    /// Plambeck and Siegel's recalibration, as MisereSolver does it: while
    /// the trial fails on a sum, the heaps of that sum are freed — one, then
    /// two, ... at a time — as free cyclic factors beside the *trial*
    /// quotient (not the old one), until the sum's outcome is marked right;
    /// the reduced result is the next trial. A freed heap's cycle has
    /// MisereSolver's lengths: its index is that of the powers of the heap's
    /// element in the trial, or the heap's count in the sum less one if
    /// larger, and its period `2·⌊(index - 4) / 2⌋`, at least 2. With the
    /// least sum the trial gets wrong (as MisereSolver picks it) the trials
    /// are MisereSolver's, and a quotient that must grow a lot (0.07 at heap
    /// 25: from 24 elements to 144) is reached through trials not much
    /// larger than itself (there 24 trials, of at most 304 elements).
    /// `None` when no freeing marks a failing sum right, or after
    /// [`MAX_RECALIBRATIONS`] steps.
    fn recalibrate(
        &self,
        mut current: Trial,
        options: &[Vec<Vec<usize>>],
        h: usize,
        budget: &Budget,
    ) -> Result<Option<Trial>, SolveError> {
        for _ in 0..MAX_RECALIBRATIONS {
            let Some(word) = current.failure.clone() else {
                return Ok(Some(current));
            };
            let element = |t: &Trial| word.iter().fold(0, |x, &g| t.table.mul(x, t.phi[g]));
            let should_be_p = !current.p[element(&current) as usize];
            let mut involved: Vec<usize> = word
                .iter()
                .copied()
                .filter(|&g| !options[g].is_empty())
                .collect();
            involved.sort_unstable();
            involved.dedup();
            let count = |g: usize| word.iter().filter(|&&w| w == g).count() as u32;
            let mut next = None;
            'sizes: for size in 1..=involved.len() {
                for heaps in combinations(&involved, size) {
                    budget.check_time()?;
                    let freed: Vec<(usize, Cyclic)> = heaps
                        .iter()
                        .map(|&g| {
                            let (index, _) = index_and_period(&current.table, current.phi[g]);
                            let index = index.max(count(g).saturating_sub(1));
                            let period = 2 * (index.saturating_sub(4) / 2).max(1);
                            (g, Cyclic { index, period })
                        })
                        .collect();
                    let mut candidate = trial(
                        &current.table,
                        &current.phi,
                        &freed,
                        options,
                        h,
                        false,
                        budget,
                    )?;
                    // Only a candidate that marks the failing sum right is
                    // verified in full.
                    if candidate.p[element(&candidate) as usize] == should_be_p {
                        candidate.verify(options, budget)?;
                        next = Some(candidate);
                        break 'sizes;
                    }
                }
            }
            match next {
                Some(t) => current = t,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Enlarges the trial after it failed on the sum `word`: frees the
    /// largest heap of the sum not yet free, or, when all are, lets their
    /// cyclic factors run longer.
    fn widen(&self, freed: &mut Vec<(usize, Cyclic)>, word: &[usize], options: &[Vec<Vec<usize>>]) {
        let count = |g: usize| word.iter().filter(|&&w| w == g).count() as u32;
        let fresh = word
            .iter()
            .rev()
            .copied()
            .find(|&g| !options[g].is_empty() && freed.iter().all(|&(f, _)| f != g));
        if let Some(g) = fresh {
            let (index, period) = index_and_period(&self.table, self.phi[g]);
            let period = period * 2 / gcd(period, 2);
            freed.push((
                g,
                Cyclic {
                    index: index.max(count(g) + 1).max(2),
                    period,
                },
            ));
            return;
        }
        let mut changed = false;
        for (g, c) in freed.iter_mut() {
            let need = count(*g) + 1;
            if need > c.index {
                c.index = need;
                changed = true;
            }
        }
        if !changed {
            for (g, c) in freed.iter_mut() {
                if count(*g) > 0 {
                    c.index += 2;
                    c.period *= 2;
                }
            }
        }
    }
}

/// The misère quotient of a take-and-break game, computed heap by heap and
/// kept, so that it can be taken further.
#[derive(Debug)]
pub struct QuotientSolver {
    rules: TakeBreak,
    options: Vec<Vec<Vec<usize>>>,
    known: Known,
}

impl std::fmt::Debug for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Known {{ order: {}, heaps: {} }}",
            self.table.order,
            self.phi.len()
        )
    }
}

/// The most heaps a quotient is computed for: far beyond what any budget
/// reaches, and small enough that heap sizes index memory.
pub const MAX_QUOTIENT_HEAPS: u64 = 1 << 20;

impl QuotientSolver {
    /// A solver for the game `rules`, knowing the quotient of heap 0.
    pub fn new(rules: TakeBreak) -> QuotientSolver {
        QuotientSolver {
            options: vec![Vec::new()],
            rules,
            known: Known::start(),
        }
    }

    /// `N`: the quotient is known for heaps `0..=N`.
    pub fn heaps(&self) -> u64 {
        self.known.phi.len() as u64 - 1
    }

    /// The heaps where the quotient grew (MisereSolver's expansion heaps).
    pub fn expansion_heaps(&self) -> Vec<u64> {
        self.known.expansions.iter().map(|&h| h as u64).collect()
    }

    /// Takes the quotient to heaps `0..=n`. What was computed before an
    /// error is kept.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] or [`SolveError::TimeLimit`] if a
    /// heap needs more than `budget`; [`SolveError::Unsupported`] if `n`
    /// exceeds [`MAX_QUOTIENT_HEAPS`] or no trial monoid fits a heap.
    pub fn extend_to(&mut self, n: u64, budget: &Budget) -> Result<(), SolveError> {
        if n > MAX_QUOTIENT_HEAPS {
            return Err(SolveError::unsupported(format!(
                "misère quotients are computed up to heap {MAX_QUOTIENT_HEAPS}"
            )));
        }
        let n = n as usize;
        while self.known.phi.len() <= n {
            let h = self.known.phi.len();
            if self.options.len() <= h {
                let mut options: Vec<Vec<usize>> = Vec::new();
                self.rules
                    .for_each_option(h, |_, left| options.push(left.to_vec()));
                options.sort_unstable();
                options.dedup();
                self.options.push(options);
            }
            self.known.extend(&self.options, budget)?;
        }
        Ok(())
    }

    /// The quotient as far as it is known, with its presentation.
    pub fn quotient(&self) -> MisereQuotient {
        let mut q = present(&self.known, &self.options);
        q.stability = self.stability();
        q
    }

    /// A proof that the quotient known holds for every heap size, if the
    /// heaps computed give one.
    ///
    /// **Theorem.** Let the game leave at most two heaps, its splits be
    /// free (not Grundy's), `t` be the last digit's index, and the
    /// pretending function satisfy `φ(m) = φ(m - p)` for `n0 + p <= m <= M`
    /// with `M >= 2·n0 + 2·p + t + 1`. Then setting `φ(h) = φ(h - p)` for
    /// every `h > M` keeps the quotient and its P-portion.
    ///
    /// *Proof*, by induction on `h > M`. An option of `h` leaving one heap
    /// `c = h - k >= h - t > n0 + p` matches the option `c - p` of `h - p`,
    /// of the same element; a split `(a, b)`, `a <= b`, has
    /// `b >= (h - t) / 2 >= n0 + p`, so `(a, b - p)` is a split of `h - p`
    /// of the same product; and conversely each option of `h - p` shifts up
    /// by `p` (its larger part is at least `(h - p - t) / 2 >= n0`). So heap
    /// `h` has the element and the options' elements of heap `h - p`: it
    /// moves every pair `(x, S)` of the verification as heap `h - p` does,
    /// the pairs reachable are the same, and the check that proved the
    /// quotient for heaps `0..=M` proves it for all. This is the argument of
    /// the octal periodicity theorem (Guy and Smith), with the monoid's
    /// product for the XOR of Grundy values and sets of option elements for
    /// the mex.
    pub fn stability(&self) -> Option<Stability> {
        if !self.rules.leave_three.is_empty() || self.rules.unequal {
            return None;
        }
        let t = self.rules.last_digit_index();
        let phi = &self.known.phi;
        let m = phi.len() - 1;
        (1..=m / 2).find_map(|p| {
            // The least n0 with φ(i) = φ(i - p) for n0 + p <= i <= m.
            let mut i = m;
            while i >= p && phi[i] == phi[i - p] {
                i -= 1;
            }
            let n0 = if i < p { 0 } else { i + 1 - p };
            let need = 2 * n0 + 2 * p + t + 1;
            (need <= m).then_some(Stability {
                preperiod: n0 as u64,
                period: p as u64,
                stable_from: need as u64,
            })
        })
    }

    /// Takes the quotient heap by heap until [`QuotientSolver::stability`]
    /// proves it for every heap size, or up to `max` heaps. Returns whether
    /// it is proved; what was computed before an error is kept.
    ///
    /// # Errors
    ///
    /// As [`QuotientSolver::extend_to`].
    pub fn extend_until_stable(&mut self, max: u64, budget: &Budget) -> Result<bool, SolveError> {
        loop {
            if self.stability().is_some() {
                return Ok(true);
            }
            if self.heaps() >= max {
                return Ok(false);
            }
            self.extend_to(self.heaps() + 1, budget)?;
        }
    }
}

/// The quotient of `rules` restricted to heaps `0..=heaps`.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_impartial::{OctalCode, TakeBreak}; use sprague_misere::misere_quotient;
/// // 0.75 (Plambeck and Siegel's R8): a quotient of order 8.
/// let rules = TakeBreak::from_code(&OctalCode::parse("0.75").unwrap());
/// let q = misere_quotient(&rules, 30, &Budget::default()).unwrap();
/// assert_eq!(q.order(), 8);
/// assert!(!q.tame);
/// ```
///
/// # Errors
///
/// As [`QuotientSolver::extend_to`].
pub fn misere_quotient(
    rules: &TakeBreak,
    heaps: u64,
    budget: &Budget,
) -> Result<MisereQuotient, SolveError> {
    let mut solver = QuotientSolver::new(rules.clone());
    solver.extend_to(heaps, budget)?;
    Ok(solver.quotient())
}

/// A word in the generators, `a^2b`, or `1`.
fn word_name(exponents: &[u32], names: &[String]) -> String {
    let mut s = String::new();
    for (name, &e) in names.iter().zip(exponents) {
        match e {
            0 => {}
            1 => s.push_str(name),
            _ => {
                let _ = write!(s, "{name}^{e}");
            }
        }
    }
    if s.is_empty() { "1".to_owned() } else { s }
}

/// The name of generator `i`: `a`, ..., `z`, then `g27`, ....
fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// The presentation of a known quotient: generators are the heaps whose
/// element no smaller heaps generate; each element is named by its least
/// word (by degree, then lexicographically with `a` most significant and
/// larger exponents first, a monomial order, so the least words are closed
/// under taking factors); the relations equate each minimal word that is not
/// least with the least word of its element, and so imply all others.
fn present(known: &Known, options: &[Vec<Vec<usize>>]) -> MisereQuotient {
    let table = &known.table;
    let n = table.order;
    // Generators: in heap order, each heap whose element is outside the
    // submonoid generated so far.
    let mut generated: HashSet<u32> = HashSet::from([0]);
    let mut gen_heaps: Vec<usize> = Vec::new();
    for (h, &x) in known.phi.iter().enumerate() {
        if generated.contains(&x) {
            continue;
        }
        gen_heaps.push(h);
        let mut frontier: Vec<u32> = generated.iter().copied().collect();
        while let Some(y) = frontier.pop() {
            let z = table.mul(y, x);
            if generated.insert(z) {
                frontier.push(z);
            }
            for &g in &gen_heaps {
                let z = table.mul(y, known.phi[g]);
                if generated.insert(z) {
                    frontier.push(z);
                }
            }
        }
    }
    let names: Vec<String> = (0..gen_heaps.len()).map(generator_name).collect();
    let gen_elem: Vec<u32> = gen_heaps.iter().map(|&h| known.phi[h]).collect();
    // Least words degree by degree.
    let mut least: Vec<Option<Vec<u32>>> = vec![None; n];
    least[0] = Some(vec![0; gen_heaps.len()]);
    let mut normal: Vec<(Vec<u32>, u32)> = vec![(vec![0; gen_heaps.len()], 0)];
    let mut normal_set: HashSet<Vec<u32>> = HashSet::from([vec![0; gen_heaps.len()]]);
    let mut order_found: Vec<u32> = vec![0];
    let mut relations: Vec<String> = Vec::new();
    while !normal.is_empty() {
        let mut candidates: Vec<(Vec<u32>, u32)> = Vec::new();
        let mut cand_set: HashSet<Vec<u32>> = HashSet::new();
        for (w, x) in &normal {
            for (i, &g) in gen_elem.iter().enumerate() {
                let mut v = w.clone();
                v[i] += 1;
                if cand_set.insert(v.clone()) {
                    candidates.push((v, table.mul(*x, g)));
                }
            }
        }
        candidates.sort_by(|a, b| b.0.cmp(&a.0));
        let mut next = Vec::new();
        for (v, x) in candidates {
            if least[x as usize].is_none() {
                least[x as usize] = Some(v.clone());
                order_found.push(x);
                normal_set.insert(v.clone());
                next.push((v, x));
            } else {
                let minimal = (0..v.len()).filter(|&i| v[i] > 0).all(|i| {
                    let mut u = v.clone();
                    u[i] -= 1;
                    normal_set.contains(&u)
                });
                if minimal {
                    let rhs = least[x as usize].as_deref().unwrap_or(&[]);
                    relations.push(format!(
                        "{} = {}",
                        word_name(&v, &names),
                        word_name(rhs, &names)
                    ));
                }
            }
        }
        normal = next;
    }
    // Elements numbered by their least words' order.
    let mut number = vec![0usize; n];
    for (i, &x) in order_found.iter().enumerate() {
        number[x as usize] = i;
    }
    let elements: Vec<String> = order_found
        .iter()
        .map(|&x| word_name(least[x as usize].as_deref().unwrap_or(&[]), &names))
        .collect();
    let product: Vec<Vec<usize>> = order_found
        .iter()
        .map(|&a| {
            order_found
                .iter()
                .map(|&b| number[table.mul(a, b) as usize])
                .collect()
        })
        .collect();
    let mut p_portion: Vec<usize> = (0..n).filter(|&x| known.p[x]).map(|x| number[x]).collect();
    p_portion.sort_unstable();
    let heap_elements: Vec<usize> = known.phi.iter().map(|&x| number[x as usize]).collect();
    let grundy = grundy_values(options, known.phi.len());
    let tame = is_tame(table, &known.p, &known.phi, &grundy);
    MisereQuotient {
        heaps: known.phi.len() as u64 - 1,
        generators: names,
        generator_heaps: gen_heaps.iter().map(|&h| h as u64).collect(),
        relations,
        elements,
        product,
        p_portion,
        heap_elements,
        tame,
        grundy,
        expansion_heaps: known.expansions.iter().map(|&h| h as u64).collect(),
        stability: None,
    }
}

/// Normal-play Grundy values of heaps `0..n` by the mex rule.
fn grundy_values(options: &[Vec<Vec<usize>>], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap_options in &options[..n] {
        let reached: HashSet<u32> = heap_options
            .iter()
            .map(|o| o.iter().fold(0, |x, &k| x ^ g[k]))
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap_or(0));
    }
    g
}

/// Whether every sum has the misère outcome of Nim heaps of its heaps'
/// Grundy values (Bouton's misère rule: lost when some value is at least 2
/// and their XOR is 0, or all are 0 or 1 and their XOR is 1). Each element
/// is given the XOR of its sums' values and whether one is at least 2, by a
/// search from the identity; the game is tame when these are well defined
/// (every product agrees) and the P-portion is where Bouton's rule says.
fn is_tame(table: &Table, p: &[bool], phi: &[u32], grundy: &[u32]) -> bool {
    let mut label: Vec<Option<(u32, bool)>> = vec![None; table.order];
    label[0] = Some((0, false));
    let mut queue = vec![0u32];
    while let Some(x) = queue.pop() {
        let Some((v, big)) = label[x as usize] else {
            continue;
        };
        for (h, &e) in phi.iter().enumerate() {
            let y = table.mul(x, e) as usize;
            let want = (v ^ grundy[h], big || grundy[h] >= 2);
            match label[y] {
                None => {
                    label[y] = Some(want);
                    queue.push(y as u32);
                }
                Some(have) if have != want => return false,
                Some(_) => {}
            }
        }
    }
    label.iter().enumerate().all(|(x, l)| match l {
        Some((v, big)) => p[x] == if *big { *v == 0 } else { *v == 1 },
        None => true,
    })
}

#[cfg(test)]
mod tests;
