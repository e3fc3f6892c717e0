//! Grundy sequences of take-and-break games: the plain mex method and the
//! rare/common ("sparse space") method.
//!
//! The plain method computes `G(n)` as the mex of every option: `O(n)` per
//! heap for games that split heaps, `O(N²)` in all.
//!
//! The sparse space method (Berlekamp, *Winning Ways* ch. 4, "Sparse space
//! spells speed"; Gangolli and Plambeck, *A note on periodicity in some
//! octal games*, IJGT 18 (1989); Flammenkamp's octal game pages) classifies
//! each heap `x` by the parity `c(x) = popcount(G(x) & M) ^ (s & x & 1)`
//! for a mask `M` and a domain flag `s`. Heaps whose class is rare are
//! listed. For a split of `m` stones into `a + b`, `c(a) ^ c(b)` decides the
//! masked parity of `G(a) ^ G(b)`: it is `s & m & 1` exactly when `a` and `b`
//! are in the same class. Every pair with a rare heap is enumerated from the
//! rare list, so the values of the other parity are known exactly; a pair of
//! two common heaps can only give a value of the "searched" parity
//! `s & m & 1`, and those values are found by scanning pairs from `a = 1`
//! until every needed value has turned up (usually after a few steps), or
//! the scan is complete. Nothing here assumes the classification is good:
//! with a bad mask the rare list is long or the scans run to the end, which
//! is slow but still exact. The mask is chosen automatically from the values
//! computed so far, and re-chosen as the sequence grows.
//!
//! Games whose heaps split one total only (Officers, Treblecross) take a
//! path of their own (`sparse_mex_one_split`): no split total is shared by
//! two heaps, so nothing is cached, and pair values are stamped into the
//! generation-marked table rather than gathered as bits.

use super::TakeBreak;
use super::cell::{Cell, Classifier, bit_words};
use super::pipeline::{
    Consumer, GROUP, Job, LOOKAHEAD, PipelineCell, RareHeaps, Shared, new_columns,
    rare_pairs_of_group, take_columns,
};
use super::store::Values;

/// Entries of the table of marks: every value of `u16` and `LIMIT`.
const MARKS: usize = 65_537;

/// What is known of the pair values `G(a) ^ G(m - a)` of one split total
/// `m`: every pair with a rare heap, and the pairs with `a ≤ scanned`.
#[derive(Debug, Clone)]
struct SplitCache {
    m: usize,
    scanned: usize,
    bits: Vec<u64>,
}

impl SplitCache {
    const EMPTY: SplitCache = SplitCache {
        m: usize::MAX,
        scanned: 0,
        bits: Vec::new(),
    };
}

/// The block of common pairs the worker scans from the start of a run in
/// the tests' patient mode.
const TEST_BLOCK: usize = 100;

/// How many candidates the scan of one split compares with each block of
/// pair values, rather than stamping every value.
const FEW_CANDIDATES: usize = 8;

/// Keeps the values of `list` whose mark is not `generation`, in order,
/// without a branch per value (which values go is unpredictable).
#[inline]
fn retain_unseen(list: &mut Vec<u32>, marks: &[u32], generation: u32) {
    let mut kept = 0;
    for i in 0..list.len() {
        let v = list[i];
        list[kept] = v;
        kept += usize::from(marks[v as usize] != generation);
    }
    list.truncate(kept);
}

/// The values `G(a) ^ G(m - a)` of a block of at most 64 pairs: `low[i]`
/// is heap `a + i` and `high` runs from heap `m - a - len + 1` up to
/// `m - a`. Pair values are below `LIMIT`, so they fit 16 bits (twice as
/// many to a vector register as 32).
#[inline]
fn pair_values<'b, V: Cell>(low: &[V], high: &[V], block: &'b mut [u16; 64]) -> &'b [u16] {
    match (<&[V; 64]>::try_from(low), <&[V; 64]>::try_from(high)) {
        // A whole block, of a length the compiler knows: vector code with
        // no loop for the remainder.
        (Ok(low), Ok(high)) => {
            for (i, slot) in block.iter_mut().enumerate() {
                *slot = (low[i].to_u32() ^ high[63 - i].to_u32()) as u16;
            }
            &block[..]
        }
        _ => {
            let block = &mut block[..low.len()];
            for (slot, (x, y)) in block.iter_mut().zip(low.iter().zip(high.iter().rev())) {
                *slot = (x.to_u32() ^ y.to_u32()) as u16;
            }
            block
        }
    }
}

/// Bits of values below 256 gathered in registers, not in memory: setting
/// bits of one word in memory again and again waits on each store, which
/// made this the hottest line of the engine. Larger values go straight to
/// memory.
#[derive(Default)]
struct Bits([u64; 4]);

impl Bits {
    #[inline(always)]
    fn insert(&mut self, v: u32, memory: &mut [u64]) {
        let bit = 1u64 << (v & 63);
        let w = v >> 6;
        if w < 4 {
            // Branch-free: a jump on the word index mispredicts.
            for (i, word) in self.0.iter_mut().enumerate() {
                *word |= bit & u64::from(w == i as u32).wrapping_neg();
            }
        } else {
            memory[w as usize] |= bit;
        }
    }

    #[inline(always)]
    fn flush(self, memory: &mut [u64]) {
        for (m, b) in memory.iter_mut().zip(self.0) {
            *m |= b;
        }
    }
}

/// Which method computes new values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The mex of every option, `O(n)` per heap for games that split.
    Plain,
    /// The rare/common method with an automatically chosen mask.
    SparseSpace,
}

/// Why the computation stopped.
#[derive(Debug)]
pub(crate) enum Stop {
    /// A value did not fit the storage type.
    Overflow,
    /// The values on disk could not grow (a full disk).
    Disk(std::io::Error),
}

/// The incremental computation of `G(0), G(1), ...` for one game.
#[derive(Debug, Clone)]
pub(crate) struct Engine<V: Cell> {
    pub rules: TakeBreak,
    pub method: Method,
    pub values: Values<V>,
    /// Rare heaps (sizes at least 1), ascending.
    rare: Vec<usize>,
    classifier: Classifier,
    next_review: usize,
    /// Whether no classification makes heaps rare enough to pay: the
    /// plain method is then used until a review finds one.
    plain_now: bool,
    /// `marks[v] == generation`: value `v` is reachable.
    /// (An array of fixed length: a pair value of two `u16` values indexes
    /// it without a bounds check.)
    marks: Box<[u32; MARKS]>,
    /// The wanted values and the values reachable, as bits.
    want_bits: Vec<u64>,
    reach: Vec<u64>,
    /// What is known of the pairs of recent split totals.
    caches: Vec<SplitCache>,
    cache_words: usize,
    /// For each masked parity, the values below the cache capacity that
    /// have it, as bits; and the mask they were made for.
    parity_bits: [Vec<u64>; 2],
    parity_mask: u32,
    /// The largest value so far.
    largest: u32,
    generation: u32,
    splits: Vec<usize>,
    /// The values marked for the current heap, for the sparse method.
    marked: Vec<u32>,
    /// `G(r)` for the first rare heaps `r` of `rare`, for the single-split
    /// path (brought up to date there, emptied when the list is rebuilt).
    rare_values: Vec<u32>,
    /// The masked parity of every value below `LIMIT + 1` for the mask
    /// `parity_table_mask`, for the single-split path.
    parity_table: Vec<u8>,
    parity_table_mask: Option<u32>,
    /// The masked parity of every value below `LIMIT` as bits, for the
    /// mask `one_split_parity_mask` (the pipelined single-split path).
    one_split_parity: Vec<u64>,
    one_split_parity_mask: Option<u32>,
    /// The rare-pair values of the current heap from the worker.
    worker_bits: Vec<u64>,
    /// Whether a second thread may enumerate rare pairs ahead.
    pub parallel: bool,
    /// What the two threads share (kept between runs: the worker's copy).
    pipeline: PipelineCell,
    /// Heaps computed with the worker thread, and the common pairs it
    /// scanned for them.
    pub pipelined: u64,
    pub worker_scanned: u64,
    /// No pipelined run starts below this heap (set when a run found the
    /// second core busy).
    no_pipeline_before: usize,
    /// Whether the main thread always waits for the worker instead of
    /// doing a heap itself when the worker is behind, and leaves the
    /// worker's block of common pairs alone (for tests: every heap of a run
    /// then goes through the worker, which scans at least `TEST_BLOCK`
    /// common pairs of each).
    patient: bool,
    /// Work done: pairs from the rare list, and pairs scanned.
    pub rare_pairs: u64,
    pub scanned_pairs: u64,
}

impl<V: Cell> Engine<V> {
    pub fn new(rules: TakeBreak, method: Method) -> Engine<V> {
        Engine {
            rules: rules.clone(),
            method,
            values: Values::default(),
            rare: Vec::new(),
            classifier: Classifier::ALL_RARE,
            next_review: 64,
            plain_now: false,
            marks: Box::new([0; MARKS]),
            want_bits: Vec::new(),
            reach: Vec::new(),
            caches: vec![SplitCache::EMPTY; rules.last_digit_index() + 1],
            cache_words: 0,
            parity_bits: [Vec::new(), Vec::new()],
            parity_mask: 0,
            largest: 0,
            generation: 0,
            splits: Vec::new(),
            marked: Vec::new(),
            rare_values: Vec::new(),
            parity_table: Vec::new(),
            parity_table_mask: None,
            one_split_parity: Vec::new(),
            one_split_parity_mask: None,
            worker_bits: Vec::new(),
            parallel: std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2),
            pipeline: PipelineCell::default(),
            pipelined: 0,
            worker_scanned: 0,
            patient: false,
            no_pipeline_before: 0,
            rare_pairs: 0,
            scanned_pairs: 0,
        }
    }

    /// The computation continued from known values `values` (a checkpoint):
    /// the rare list and the mask are rebuilt from them.
    pub fn resume(rules: TakeBreak, method: Method, values: Values<V>) -> Engine<V> {
        let mut engine = Engine::new(rules, method);
        values.scan(|_, chunk| {
            for v in chunk {
                engine.largest = engine.largest.max(v.to_u32());
            }
        });
        engine.values = values;
        let n = engine.values.len();
        // Under the starting classification every heap is rare. The review
        // picks the best classification and lists its rare heaps; the list
        // of every heap (eight bytes a heap, four times the values of a
        // big checkpoint) is built only if the review keeps the start.
        if method == Method::SparseSpace && n >= 64 {
            engine.review_from(n as u64 - 1);
        }
        if engine.classifier == Classifier::ALL_RARE {
            engine.rare = (1..n).collect();
        }
        engine
    }

    /// The same computation with values stored in a wider type (on disk
    /// if they were).
    pub fn widen<W: Cell>(self) -> std::io::Result<Engine<W>> {
        let mut wide = Engine::<W>::new(self.rules, self.method);
        wide.values = self.values.widen()?;
        wide.rare = self.rare;
        wide.classifier = self.classifier;
        wide.next_review = self.next_review;
        wide.plain_now = self.plain_now;
        wide.largest = self.largest;
        wide.parallel = self.parallel;
        Ok(wide)
    }

    /// The rare heaps listed (sizes at least 1, ascending).
    pub fn rare(&self) -> &[usize] {
        &self.rare
    }

    /// The number of rare heaps listed.
    pub fn n_rare(&self) -> usize {
        self.rare.len()
    }

    /// The classification in use: `(mask, domain)`.
    pub fn classification(&self) -> (u32, bool) {
        (self.classifier.mask, self.classifier.domain)
    }

    #[inline]
    fn g(&self, n: usize) -> u32 {
        self.values[n].to_u32()
    }

    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
    }

    #[inline]
    fn mark(&mut self, v: u32) {
        self.marks[v as usize] = self.generation;
        self.marked.push(v);
    }

    /// Computes values until `G(0..=n)` are known.
    pub fn extend_to(&mut self, n: usize) -> Result<(), Stop> {
        self.values
            .try_reserve((n + 1).saturating_sub(self.values.len()))
            .map_err(Stop::Disk)?;
        while self.values.len() <= n {
            match self.one_split_run_end(n) {
                Some(last) if self.parallel && self.values.len() >= self.no_pipeline_before => {
                    self.extend_pipelined(last)?;
                }
                Some(last) => self.extend_grouped(last)?,
                None => self.push_next()?,
            }
        }
        Ok(())
    }

    /// The last heap of a run of heaps taken `GROUP` at a time (on two
    /// threads, or on one), if one pays: a game whose heaps split one total
    /// `n - k` with `1 ≤ k < LOOKAHEAD` (so the rare pairs of heaps ahead
    /// can be enumerated before this one is finished) into parts that may
    /// be equal, on the sparse path, a run of at least `MIN_RUN` heaps, and
    /// no review of the classification due inside it (the worker classifies
    /// new heaps itself, with the run's fixed classification).
    fn one_split_run_end(&self, n: usize) -> Option<usize> {
        // Starting and ending a run costs a thread and a copy of the new
        // values: worth it only for long runs.
        const MIN_RUN: usize = if cfg!(test) { 64 } else { 1 << 12 };
        let len = self.values.len();
        let single = self.rules.leave_two.len() == 1 && self.rules.leave_three.is_empty();
        if self.method != Method::SparseSpace
            || self.plain_now
            || !single
            || self.rules.unequal
            || self.rules.leave_two[0] == 0
            || self.rules.leave_two[0] >= LOOKAHEAD
            || len < MIN_RUN
            || len >= self.next_review
        {
            return None;
        }
        let last = n.min(self.next_review - 1);
        (last + 1 - len >= MIN_RUN).then_some(last)
    }

    /// Computes `G(len..=last)` on this thread, `GROUP` heaps at a time:
    /// the rare pairs of a group with both parts below its first heap's
    /// split total in one pass over the rare list (as the worker of a pipelined run does),
    /// then heap by heap the few others and the scan. The values are the
    /// same as [`Engine::push_next`]'s.
    fn extend_grouped(&mut self, last: usize) -> Result<(), Stop> {
        let k = self.rules.leave_two[0];
        let mut seen = new_columns();
        let mut bits: [Vec<u64>; GROUP] = Default::default();
        while self.values.len() <= last {
            let h = self.values.len();
            let group = GROUP.min(last + 1 - h);
            for &r in &self.rare[self.rare_values.len()..] {
                self.rare_values.push(self.values[r].to_u32());
            }
            let mut pairs = [0u64; GROUP];
            if group == GROUP {
                let rare = RareHeaps {
                    heaps: &self.rare,
                    values: &self.rare_values,
                    k,
                };
                // Both parts below the first heap's split total `h - k`:
                // then both are at least 1 for every heap of the group.
                rare_pairs_of_group(rare, &self.values, h, h - k, 0, 0, &mut seen, &mut pairs);
            }
            // Every pair value is below the next power of two above the
            // largest value so far.
            let words = bit_words(self.largest);
            for b in &mut bits {
                b.clear();
                b.resize(words, 0);
            }
            for w in 0..words {
                for (b, column) in bits.iter_mut().zip(take_columns(&mut seen, w)) {
                    b[w] = column;
                }
            }
            for (j, b) in bits.iter_mut().enumerate().take(group) {
                let n = h + j;
                self.mark_options(n);
                let m = n - k;
                self.rare_pairs += pairs[j];
                // In a short group (the end of the run), every rare pair
                // (`r + 1 ≤ m`).
                let known = if group == GROUP { h - k } else { 1 };
                self.edge_rare_pairs(m, known, 0, b);
                let value = self.one_split_from_bits(m, b, 0..0);
                self.record(n, value)?;
            }
        }
        Ok(())
    }

    /// Computes `G(len..=last)` with a second thread enumerating the rare
    /// pairs one heap ahead (see `pipeline`); the values are the same as
    /// [`Engine::push_next`]'s, heap by heap.
    fn extend_pipelined(&mut self, last: usize) -> Result<(), Stop> {
        let job = Job {
            first: self.values.len(),
            largest: self.largest,
            last,
            k: self.rules.leave_two[0],
            classifier: self.classifier,
            rare: self.rare.clone(),
            rare_values: self.rare.iter().map(|&r| self.g(r)).collect(),
        };
        let mut cell = std::mem::take(&mut self.pipeline);
        let shared = Shared::prepare(
            &mut cell,
            self.values.len(),
            if self.patient { TEST_BLOCK } else { 0 },
        );
        let shared: &Shared = shared;
        // `extend_to` reserved room up to `last`: the array does not move.
        let reader = self.values.share();
        let result = std::thread::scope(|scope| {
            let worker = scope.spawn(move || shared.work(job, reader));
            let mut consumer = shared.consumer(worker.thread().clone());
            let result = self.run_pipelined(&mut consumer, last);
            consumer.finish();
            result
        });
        self.values.unshare();
        self.pipeline = cell;
        result
    }

    /// The main thread's side of a pipelined run. It ends the run early
    /// (and no run starts again for a sixteenth more heaps) when the worker is
    /// found behind for more than a quarter of the heaps of three stretches
    /// in a row: the second core is then busy with other work, and one
    /// thread is faster. (One bad stretch is usually a hiccup of the host,
    /// which the main thread rides out by doing the heaps itself.)
    fn run_pipelined(&mut self, worker: &mut Consumer<'_>, last: usize) -> Result<(), Stop> {
        const STRETCH: usize = 2048;
        const BAD_STRETCHES: usize = 3;
        let k = self.rules.leave_two[0];
        let (mut heaps, mut alone, mut bad) = (0, 0, 0);
        while self.values.len() <= last {
            let n = self.values.len();
            self.mark_options(n);
            let m = n - k;
            let mut bits = std::mem::take(&mut self.worker_bits);
            let value = match worker.take(n, &mut bits, self.rare.len(), self.patient) {
                Some(taken) => {
                    self.rare_pairs += taken.pairs;
                    self.scanned_pairs += taken.scanned.len() as u64;
                    self.worker_scanned += taken.scanned.len() as u64;
                    self.edge_rare_pairs(m, taken.known, taken.share, &mut bits);
                    self.pipelined += 1;
                    self.one_split_from_bits(m, &mut bits, taken.scanned)
                }
                None => {
                    alone += 1;
                    self.sparse_mex_one_split(m)
                }
            };
            self.worker_bits = bits;
            self.record(n, value)?;
            worker.publish(n);
            heaps += 1;
            if heaps == STRETCH {
                bad = if 4 * alone > STRETCH { bad + 1 } else { 0 };
                if bad == BAD_STRETCHES {
                    // Try two threads again a while later: the other work
                    // may be over by then (a sixteenth more heaps, at
                    // least 2^16, so that retrying costs little).
                    let n = self.values.len();
                    self.no_pipeline_before = n.saturating_add((n / 16).max(1 << 16));
                    return Ok(());
                }
                (heaps, alone) = (0, 0);
            }
        }
        Ok(())
    }

    /// The rare pairs of split total `m` that the worker leaves to the main
    /// thread, added to `bits`: those with a part at or above `known`, and
    /// those of the `share` smallest rare heaps. (Only runs of
    /// `one_split_run_end` come here: their parts may be equal.)
    fn edge_rare_pairs(&mut self, m: usize, known: usize, share: usize, bits: &mut Vec<u64>) {
        let words = bit_words(self.largest);
        if bits.len() < words {
            bits.resize(words, 0);
        }
        let low_end = self
            .rare
            .partition_point(|&r| r + known <= m)
            .max(share.min(self.rare.partition_point(|&r| r < m)));
        let high_start = self.rare.partition_point(|&r| r < known).max(low_end);
        let high_end = self.rare.partition_point(|&r| r < m).max(high_start);
        for &r in self.rare[..low_end]
            .iter()
            .chain(&self.rare[high_start..high_end])
        {
            let v = self.g(r) ^ self.g(m - r);
            bits[(v / 64) as usize] |= 1 << (v % 64);
        }
        self.rare_pairs += (low_end + high_end - high_start) as u64;
    }

    /// Starts heap `n`: a new generation of marks, with the options that
    /// leave nothing, one heap or three heaps marked.
    fn mark_options(&mut self, n: usize) {
        self.next_generation();
        self.marked.clear();
        let rules = &self.rules;
        // Options that leave nothing, or one heap.
        let mut reachable_zero = false;
        for &k in &rules.take_all {
            reachable_zero |= n == k;
        }
        if reachable_zero {
            self.mark(0);
        }
        for i in 0..self.rules.leave_one.len() {
            let k = self.rules.leave_one[i];
            if n > k {
                self.mark(self.g(n - k));
            }
        }
        // Options that leave three heaps: no sparse method, every triple.
        for i in 0..self.rules.leave_three.len() {
            let k = self.rules.leave_three[i];
            if n < k + 3 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let v = self.g(a) ^ self.g(b) ^ self.g(m - a - b);
                    self.mark(v);
                }
            }
        }
    }

    /// Appends `G(n) = value`.
    fn record(&mut self, n: usize, value: u32) -> Result<(), Stop> {
        if value >= V::LIMIT {
            return Err(Stop::Overflow);
        }
        self.values.push(V::from_u32(value));
        self.largest = self.largest.max(value);
        if n >= 1 && self.classifier.is_rare(n, value) {
            self.rare.push(n);
        }
        Ok(())
    }

    /// Computes the next value.
    pub fn push_next(&mut self) -> Result<(), Stop> {
        let n = self.values.len();
        if self.method == Method::SparseSpace && n >= self.next_review {
            self.review();
        }
        self.mark_options(n);
        self.splits.clear();
        for &k in &self.rules.leave_two {
            if n >= k + 2 {
                self.splits.push(n - k);
            }
        }
        let unequal = self.rules.unequal;
        let value = if self.method == Method::Plain || self.plain_now || self.splits.is_empty() {
            for i in 0..self.splits.len() {
                let m = self.splits[i];
                for a in 1..=m / 2 {
                    if unequal && 2 * a == m {
                        continue;
                    }
                    let v = self.g(a) ^ self.g(m - a);
                    self.mark(v);
                }
            }
            (0..V::LIMIT)
                .find(|&v| self.marks[v as usize] != self.generation)
                .unwrap_or(V::LIMIT)
        } else if self.splits.len() == 1 && self.rules.leave_three.is_empty() {
            self.sparse_mex_one_split(self.splits[0])
        } else {
            self.sparse_mex()
        };
        self.record(n, value)
    }

    /// The mex of all options by the sparse space method (the options that
    /// do not split into two are already marked); see the module
    /// documentation.
    ///
    /// What is known of the pair values of a split total `m` is kept in a
    /// small ring of caches, one per recent `m`: with several split digits
    /// (0.1777 splits after removing 2, 3 or 4) the same `m` is needed by
    /// several consecutive heaps, and its rare pairs are enumerated and its
    /// scan extended only once.
    fn sparse_mex(&mut self) -> u32 {
        let largest_mark = self.marked.iter().copied().max().unwrap_or(0);
        // Every value of a pair is below the next power of two above the
        // largest value so far.
        let largest = self.largest.max(largest_mark);
        let capacity = (largest + 1).next_power_of_two().max(64);
        let words = (capacity / 64) as usize;
        if words != self.cache_words {
            self.cache_words = words;
            for c in &mut self.caches {
                c.m = usize::MAX;
                c.bits = vec![0; words];
            }
        }
        let ring = self.caches.len();
        let unequal = self.rules.unequal;
        let mut reach = std::mem::take(&mut self.reach);
        reach.clear();
        reach.resize(words, 0);
        for &v in &self.marked {
            reach[(v >> 6) as usize] |= 1 << (v & 63);
        }
        for &m in &self.splits {
            let cache = &mut self.caches[m % ring];
            if cache.m != m {
                cache.m = m;
                cache.scanned = 0;
                cache.bits.iter_mut().for_each(|w| *w = 0);
                // Every pair with a rare heap.
                let values = &self.values[..m];
                let below = self.rare.partition_point(|&r| r < m);
                let rare = &self.rare[..below];
                let mut n_pairs = 0;
                if words == 1 {
                    // Every value is below 64: one register of bits.
                    let mut acc = 0u64;
                    for &r in rare {
                        if unequal && 2 * r == m {
                            continue;
                        }
                        acc |= 1u64 << ((values[r].to_u32() ^ values[m - r].to_u32()) & 63);
                        n_pairs += 1;
                    }
                    cache.bits[0] |= acc;
                } else {
                    let mut bits = Bits::default();
                    for &r in rare {
                        if unequal && 2 * r == m {
                            continue;
                        }
                        bits.insert(values[r].to_u32() ^ values[m - r].to_u32(), &mut cache.bits);
                        n_pairs += 1;
                    }
                    bits.flush(&mut cache.bits);
                }
                self.rare_pairs += n_pairs;
            }
            for (r, c) in reach.iter_mut().zip(&cache.bits) {
                *r |= c;
            }
        }
        // Which parities two common heaps can make for some split.
        let mut searched = [false; 2];
        for &m in &self.splits {
            searched[self.classifier.searched_parity(m) as usize] = true;
        }
        // Values below the first certainly unreachable one that common pairs
        // might still reach, a word of 64 values at a time.
        if self.parity_bits[0].len() != words || self.parity_mask != self.classifier.mask {
            self.parity_mask = self.classifier.mask;
            for parity in 0..2 {
                self.parity_bits[parity] = (0..words)
                    .map(|w| {
                        (0..64u32)
                            .filter(|&b| {
                                let v = w as u32 * 64 + b;
                                ((v & self.classifier.mask).count_ones() & 1) as usize == parity
                            })
                            .fold(0u64, |acc, b| acc | 1 << b)
                    })
                    .collect();
            }
        }
        let mut want = std::mem::take(&mut self.want_bits);
        want.clear();
        want.resize(words, 0);
        let mut first_unreachable = capacity.min(V::LIMIT);
        let mut any_wanted = false;
        for w in 0..words {
            let mut searchable = 0;
            for (bits, &is_searched) in self.parity_bits.iter().zip(&searched) {
                if is_searched {
                    searchable |= bits[w];
                }
            }
            let unreached = !reach[w];
            let certain = unreached & !searchable;
            if certain != 0 {
                let below = (1u64 << certain.trailing_zeros()) - 1;
                want[w] = unreached & searchable & below;
                any_wanted |= want[w] != 0;
                first_unreachable = w as u32 * 64 + certain.trailing_zeros();
                break;
            }
            want[w] = unreached & searchable;
            any_wanted |= want[w] != 0;
        }
        if any_wanted {
            // Scan pairs from the smallest heap up, in blocks of 16 (8 and 32
            // were slower on 0.1777, 4 much slower), each split
            // continuing where its last scan stopped, until every wanted
            // value has been seen or every pair has been tried.
            loop {
                let mut progressed = false;
                for &m in &self.splits {
                    let cache = &mut self.caches[m % ring];
                    let half = m / 2;
                    if cache.scanned >= half {
                        continue;
                    }
                    progressed = true;
                    let from = cache.scanned + 1;
                    let to = (cache.scanned + 16).min(half);
                    let values = &self.values[..m];
                    let last = if unequal && 2 * to == m { to } else { to + 1 };
                    if words == 1 {
                        // Every value is below 64: one register of bits.
                        // `low[i]` is heap `from + i`, `high[i]` heap
                        // `m - from - i`.
                        let low = &values[from..last];
                        let high = &values[m + 1 - last..=m - from];
                        let mut acc = 0u64;
                        for (x, y) in low.iter().zip(high.iter().rev()) {
                            acc |= 1u64 << ((x.to_u32() ^ y.to_u32()) & 63);
                        }
                        cache.bits[0] |= acc;
                    } else {
                        let mut bits = Bits::default();
                        for a in from..last {
                            bits.insert(
                                values[a].to_u32() ^ values[m - a].to_u32(),
                                &mut cache.bits,
                            );
                        }
                        bits.flush(&mut cache.bits);
                    }
                    self.scanned_pairs += (to + 1 - from) as u64;
                    cache.scanned = to;
                    for (r, c) in reach.iter_mut().zip(&cache.bits) {
                        *r |= c;
                    }
                }
                if !progressed || want.iter().zip(&reach).all(|(w, r)| w & !r == 0) {
                    break;
                }
            }
        }
        let result = want
            .iter()
            .zip(&reach)
            .enumerate()
            .find(|(_, (w, r))| *w & !*r != 0)
            .map_or(first_unreachable, |(i, (w, r))| {
                i as u32 * 64 + (w & !r).trailing_zeros()
            });
        self.reach = reach;
        self.want_bits = want;
        result
    }

    /// The mex by the sparse space method for a heap whose options split
    /// one total `m` only (Officers, Treblecross): no split total is shared
    /// by two heaps, so there is nothing to cache, and every reachable value
    /// is stamped straight into `marks` (a store per pair, with no
    /// read-modify-write chain on a word of bits).
    ///
    /// Pairs with a rare heap give every reachable value of the parity that
    /// common pairs cannot make, so after them the least unreached value of
    /// that parity, `bound`, is known exactly; the mex is `bound` unless a
    /// value of the searched parity below `bound` is unreached by every pair.
    /// Those candidates are listed, and pairs of common heaps are scanned
    /// from `a = 1` until each candidate has been seen (the mex is then
    /// `bound`) or every pair has been tried (the mex is then the least
    /// candidate left).
    fn sparse_mex_one_split(&mut self, m: usize) -> u32 {
        let generation = self.generation;
        let unequal = self.rules.unequal;
        let values = &self.values[..m];
        let marks = &mut *self.marks;
        // The values of the rare heaps, in a list of their own so that the
        // loop below reads one heap's value at a random place, not two.
        for &r in &self.rare[self.rare_values.len()..] {
            self.rare_values.push(self.values[r].to_u32());
        }
        let below = self.rare.partition_point(|&r| r < m);
        let mut n_pairs = below as u64;
        for (&r, &gr) in self.rare[..below].iter().zip(&self.rare_values) {
            if unequal && 2 * r == m {
                n_pairs -= 1;
                continue;
            }
            marks[(gr ^ values[m - r].to_u32()) as usize] = generation;
        }
        self.rare_pairs += n_pairs;
        let searched = self.classifier.searched_parity(m) as u8;
        let mask = self.classifier.mask;
        if self.parity_table_mask != Some(mask) {
            self.parity_table_mask = Some(mask);
            self.parity_table = (0..=V::LIMIT)
                .map(|v| ((v & mask).count_ones() & 1) as u8)
                .collect();
        }
        // `marks` has `LIMIT + 1` entries and no pair or option reaches
        // `LIMIT`, so the search stops there at the latest.
        let bound = marks
            .iter()
            .zip(&self.parity_table)
            .position(|(&mark, &parity)| parity != searched && mark != generation)
            .map_or(V::LIMIT, |v| v as u32);
        // The buffer of marked values is free now (they are in `marks`).
        let mut wanted = std::mem::take(&mut self.marked);
        wanted.clear();
        wanted.extend(
            marks[..bound as usize]
                .iter()
                .zip(&self.parity_table)
                .enumerate()
                .filter(|&(_, (&mark, &parity))| parity == searched && mark != generation)
                .map(|(v, _)| v as u32),
        );
        self.scan_one_split(m, bound, wanted, 0..0)
    }

    /// The mex of a single-split heap from the values its rare pairs reach
    /// (`bits`, from the worker thread): the options already marked join
    /// them, and then as in [`Engine::sparse_mex_one_split`], with the bound
    /// and the candidates found a word of 64 values at a time.
    fn one_split_from_bits(
        &mut self,
        m: usize,
        bits: &mut Vec<u64>,
        scanned: std::ops::Range<usize>,
    ) -> u32 {
        for &v in &self.marked {
            let w = (v / 64) as usize;
            if bits.len() <= w {
                bits.resize(w + 1, 0);
            }
            bits[w] |= 1 << (v % 64);
        }
        let mask = self.classifier.mask;
        if self.one_split_parity_mask != Some(mask) {
            self.one_split_parity_mask = Some(mask);
            self.one_split_parity = (0..V::LIMIT / 64)
                .map(|w| {
                    (0..64u32)
                        .filter(|&b| ((w * 64 + b) & mask).count_ones() & 1 == 1)
                        .fold(0u64, |acc, b| acc | 1 << b)
                })
                .collect();
        }
        let searched = self.classifier.searched_parity(m);
        let mut wanted = std::mem::take(&mut self.marked);
        wanted.clear();
        // No pair or option reaches `LIMIT`, so without a bound below it the
        // mex is the least candidate (or `LIMIT`, an overflow).
        let mut bound = V::LIMIT;
        for (w, &odd) in self.one_split_parity.iter().enumerate() {
            let unreached = !bits.get(w).copied().unwrap_or(0);
            let of_searched = if searched == 1 { odd } else { !odd };
            let certain = unreached & !of_searched;
            let mut want = unreached & of_searched;
            if certain != 0 {
                want &= (1u64 << certain.trailing_zeros()) - 1;
                bound = w as u32 * 64 + certain.trailing_zeros();
            }
            while want != 0 {
                wanted.push(w as u32 * 64 + want.trailing_zeros());
                want &= want - 1;
            }
            if certain != 0 {
                break;
            }
        }
        self.scan_one_split(m, bound, wanted, scanned)
    }

    /// The scan of common pairs of the split total `m` for the candidates
    /// `wanted` (ascending, of the searched parity, below `bound`, reached by
    /// no rare pair or other option, nor by the pairs `(a, m - a)` with `a`
    /// in `skip`, which the worker scanned): the mex is `bound` if each is
    /// seen, the least one left otherwise.
    fn scan_one_split(
        &mut self,
        m: usize,
        bound: u32,
        mut wanted: Vec<u32>,
        skip: std::ops::Range<usize>,
    ) -> u32 {
        let generation = self.generation;
        let unequal = self.rules.unequal;
        let values = &self.values[..m];
        let marks = &mut *self.marks;
        if !wanted.is_empty() {
            let half = m / 2;
            let last = if unequal && 2 * half == m {
                half - 1
            } else {
                half
            };
            // Stamp the values of blocks of pairs while many candidates are
            // left; once few are, compare blocks of pair values with each
            // (comparisons without early exits, which the compiler turns
            // into vector code) instead.
            let mut a = 1;
            let mut block = [0u16; 64];
            while a <= last && !wanted.is_empty() {
                let end = if a < skip.start { skip.start - 1 } else { last };
                let to = (a + 63).min(end).min(last);
                // `low[i]` is heap `a + i`, `high[i]` heap `m - a - i`.
                let low = &values[a..=to];
                let high = &values[m - to..=m - a];
                let block = pair_values(low, high, &mut block);
                if wanted.len() > FEW_CANDIDATES {
                    for &v in block {
                        marks[usize::from(v)] = generation;
                    }
                    // Only the emptiness of the list stops the scan, so it is
                    // pruned only when its first candidate has been seen
                    // (or now and then, to notice that few are left).
                    if marks[wanted[0] as usize] == generation || a % 256 == 1 {
                        retain_unseen(&mut wanted, marks, generation);
                    }
                } else {
                    // Candidates are below `bound ≤ LIMIT`, so 16 bits too.
                    wanted.retain(|&w| {
                        let w = w as u16;
                        !block.iter().fold(false, |seen, &v| seen | (v == w))
                    });
                }
                self.scanned_pairs += (to + 1 - a) as u64;
                a = to + 1;
                if a == skip.start {
                    a = skip.end;
                }
            }
        }
        let result = wanted.first().copied().unwrap_or(bound);
        self.marked = wanted;
        result
    }

    /// Re-chooses the classification that makes the fewest heaps rare among
    /// those computed, and rebuilds the rare list if it is better.
    fn review(&mut self) {
        self.review_from(self.rare.len() as u64);
    }

    /// [`Engine::review`], given the number of heaps rare under the
    /// present classification (which a resumed engine has not listed).
    fn review_from(&mut self, n_rare: u64) {
        let n = self.values.len();
        self.next_review = n.saturating_mul(2);
        // Masks reach the highest bit of any value (at most 12 bits, which
        // covers every game whose values stay below 4096). One pass over
        // the values (`G(0) = 0` counts for nothing).
        let mut histogram = vec![[0u64; 2]; 4096];
        self.values.scan(|from, chunk| {
            for (x, v) in (from..).zip(chunk) {
                histogram[(v.to_u32().min(4095)) as usize][x & 1] += u64::from(x > 0);
            }
        });
        let largest = histogram.iter().rposition(|h| h != &[0, 0]).unwrap_or(0) as u32;
        histogram.truncate(largest as usize + 1);
        let max_bits = 32 - largest.leading_zeros();
        let mut best = (n_rare, self.classifier);
        for mask in 0..(1u32 << max_bits) {
            for domain in [false, true] {
                // The mex is usually a common value, and it is found from the
                // rare list only if common values have the parity that common
                // pairs cannot make; that fixes which class is rare (for the
                // domain version, by the parity of the stones removed by a
                // split, Flammenkamp's `n - t`).
                let flip = domain && self.rules.leave_two.first().is_some_and(|k| k & 1 == 1);
                {
                    let c = Classifier { mask, domain, flip };
                    let count: u64 = histogram
                        .iter()
                        .enumerate()
                        .flat_map(|(v, h)| [(v as u32, 0usize, h[0]), (v as u32, 1usize, h[1])])
                        .filter(|&(v, parity, _)| c.is_rare(parity, v))
                        .map(|(_, _, count)| count)
                        .sum();
                    if count < best.0 {
                        best = (count, c);
                    }
                }
            }
        }
        // With more than one heap in eight rare, enumerating rare pairs and
        // scanning costs more than the plain method (measured on 0.007) when
        // several split totals share caches; the single-split path is
        // cheaper per pair, and beats the plain method as long as fewer
        // than half the heaps are rare (0.007 to 2^16: 0.65 s against
        // 1.77 s, with 21 % of the heaps rare).
        let single = self.rules.leave_two.len() == 1 && self.rules.leave_three.is_empty();
        let plain_now = best.0.saturating_mul(if single { 2 } else { 8 }) > n as u64;
        if plain_now != self.plain_now {
            self.plain_now = plain_now;
            for cache in &mut self.caches {
                cache.m = usize::MAX;
            }
        }
        if best.1 != self.classifier {
            self.classifier = best.1;
            let c = self.classifier;
            let mut rare = Vec::new();
            self.values.scan(|from, chunk| {
                for (x, v) in (from..).zip(chunk) {
                    if x > 0 && c.is_rare(x, v.to_u32()) {
                        rare.push(x);
                    }
                }
            });
            self.rare = rare;
            self.rare_values.clear();
            for cache in &mut self.caches {
                cache.m = usize::MAX;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::OctalCode;

    fn values(code: &str, method: Method, parallel: bool, n: usize) -> Vec<u32> {
        let rules = TakeBreak::from_code(&OctalCode::parse(code).unwrap());
        let mut e = Engine::<u16>::new(rules.clone(), method);
        e.parallel = parallel;
        e.extend_to(n).unwrap();
        if parallel {
            // Every heap of the runs through the worker: the same values.
            let mut patient = Engine::<u16>::new(rules, method);
            patient.patient = true;
            patient.extend_to(n).unwrap();
            assert_eq!(patient.values[..], e.values[..], "{code}");
            // The worker takes part in Officers and Treblecross.
            if method == Method::SparseSpace && ["0.6", "0.007"].contains(&code) {
                assert!(patient.pipelined > 0, "{code}");
                assert!(patient.worker_scanned > 0, "{code}");
            }
        }
        if !parallel || method == Method::Plain {
            assert_eq!(e.pipelined, 0, "{code}");
        }
        e.values.iter().map(|&v| u32::from(v)).collect()
    }

    #[test]
    fn two_threads_give_the_values_of_the_plain_method() {
        // Games whose heaps split one total: Officers, Treblecross, and
        // others with a single splitting digit, some also taking or
        // leaving one heap. Runs of 64 heaps and up use the worker here.
        for code in [
            "0.6",
            "0.007",
            "0.04",
            "0.16",
            "0.0352",
            "0.3f",
            "0.104",
            "0.0000000007",
        ] {
            let plain = values(code, Method::Plain, false, 1500);
            assert_eq!(
                values(code, Method::SparseSpace, true, 1500),
                plain,
                "{code}"
            );
            assert_eq!(
                values(code, Method::SparseSpace, false, 1500),
                plain,
                "{code}"
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]
        /// Any code with one splitting digit: the same values on two
        /// threads, and on one taking heaps in groups, as by the plain mex.
        #[test]
        fn two_threads_agree_on_any_single_split_code(
            digits in proptest::collection::vec(0u8..4, 1..7),
            split_at in 0usize..6,
            split_digit in 4u8..8,
        ) {
            let mut digits = digits;
            let at = split_at % digits.len();
            digits[at] = split_digit;
            let code: String = std::iter::once("0.".to_string())
                .chain(digits.iter().map(|d| d.to_string()))
                .collect();
            let plain = values(&code, Method::Plain, false, 700);
            proptest::prop_assert_eq!(&values(&code, Method::SparseSpace, true, 700), &plain);
            proptest::prop_assert_eq!(values(&code, Method::SparseSpace, false, 700), plain);
        }
    }

    #[test]
    fn classes_of_pairs_follow_the_parities() {
        // For any classifier, two heaps of the same class make a value of
        // the searched parity: the fact the sparse method rests on.
        for mask in 0..16 {
            for domain in [false, true] {
                let c = Classifier {
                    mask,
                    domain,
                    flip: false,
                };
                for a in 1..20usize {
                    for b in 1..20usize {
                        for (va, vb) in [(3u32, 5u32), (1, 7), (6, 6), (2, 9)] {
                            if c.class(a, va) == c.class(b, vb) {
                                let parity = ((va ^ vb) & mask).count_ones() & 1;
                                assert_eq!(parity, c.searched_parity(a + b));
                            }
                        }
                    }
                }
            }
        }
    }
}
