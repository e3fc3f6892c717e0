//! The second core for games whose heaps split one total only (Officers,
//! Treblecross): a worker thread enumerates most rare pairs of heaps ahead
//! while the main thread scans the common pairs of the current heap.
//!
//! Why this works: the split total of heap `h` is `m = h - k`, and a pair
//! `(r, m - r)` with both parts below `h - LOOKAHEAD` reads only values
//! known `LOOKAHEAD` heaps earlier. The worker enumerates those pairs (rare
//! `r` with `LOOKAHEAD - k < r < h - LOOKAHEAD`, the bulk of them) up to
//! `LOOKAHEAD` heaps ahead; the main thread adds the few at the edges (a
//! rare heap among the smallest or the most recent ones) itself. The two
//! halves of the sparse space method cost about the same on Officers (rare
//! pairs and the scan are each about 45 % of the time), so two cores
//! nearly halve it; and with the worker many heaps ahead, the threads
//! rarely wait for each other, which matters on a shared machine.
//!
//! The worker sees the values through a mirror of atomics (`AtomicU16`,
//! relaxed loads are plain loads) that the main thread appends to, and
//! hands back, for each heap, the set of values its rare pairs reach as
//! words of bits in one of two slots. Nothing here needs `unsafe`: the
//! values are published with release stores and read after acquire loads,
//! and each slot is reused only after the main thread has said it took it.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};

use super::engine::Classifier;

/// The most words of bits a slot holds: values below 65 536.
const SLOT_WORDS: usize = 1024;

/// How many heaps ahead the worker may run: pairs with both parts below
/// `h - LOOKAHEAD` are the worker's.
pub(crate) const LOOKAHEAD: usize = 128;

/// Slots in the ring between the threads (room for the lookahead and as
/// much again, so that neither thread waits on a short stall of the other).
const SLOTS: usize = 2 * LOOKAHEAD;

/// One heap's rare-pair values (of the worker's pairs), handed from the
/// worker to the main thread.
#[derive(Debug)]
pub(crate) struct Slot {
    /// `h + 1` once heap `h`'s result is in the slot; 0 before any.
    ready: AtomicUsize,
    /// How many of `words` hold the result.
    len: AtomicUsize,
    /// Value `v` is reached iff bit `v % 64` of word `v / 64` is set.
    words: Vec<AtomicU64>,
    /// How many rare pairs were enumerated (for the work counters).
    pairs: AtomicU64,
}

impl Slot {
    fn new() -> Slot {
        Slot {
            ready: AtomicUsize::new(0),
            len: AtomicUsize::new(0),
            words: (0..SLOT_WORDS).map(|_| AtomicU64::new(0)).collect(),
            pairs: AtomicU64::new(0),
        }
    }
}

/// What the two threads share. It outlives one run (the mirror of the
/// values is kept and only extended), but a worker borrows it for one run
/// only, inside a thread scope.
#[derive(Debug)]
pub(crate) struct Shared {
    /// `G(0), G(1), ...` as the main thread computes them.
    values: Vec<AtomicU16>,
    /// `values[..published]` are written.
    published: AtomicUsize,
    /// Heaps below `consumed` have been taken by the main thread, so the
    /// slot of heap `h` is free once `consumed > h - SLOTS`.
    consumed: AtomicUsize,
    /// Set by the main thread to end the worker early (an error, or the
    /// end of the run).
    stop: AtomicBool,
    slots: Vec<Slot>,
}

/// The pipeline state kept in an engine between runs: cloning an engine
/// does not clone it (a clone starts a new mirror when it needs one).
#[derive(Debug, Default)]
pub(crate) struct PipelineCell(pub Option<Box<Shared>>);

impl Clone for PipelineCell {
    fn clone(&self) -> PipelineCell {
        PipelineCell(None)
    }
}

/// What the worker needs to know about a run.
#[derive(Debug)]
pub(crate) struct Job {
    /// The heaps to do, `first..=last`.
    pub first: usize,
    pub last: usize,
    /// Stones removed by the one splitting move.
    pub k: usize,
    /// Whether the two parts must differ (Grundy's game).
    pub unequal: bool,
    /// The classification, fixed for the run.
    pub classifier: Classifier,
    /// The rare heaps below `first` and their values.
    pub rare: Vec<usize>,
    pub rare_values: Vec<u32>,
}

/// Waits until `ready()` holds: spinning briefly (a wait is usually
/// short), then yielding the core, then sleeping (on a busy machine the
/// other thread may need this core to make progress). Returns false if
/// `stop` was set instead.
#[inline]
fn wait_for(stop: &AtomicBool, ready: impl Fn() -> bool) -> bool {
    let mut tries = 0u32;
    while !ready() {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        tries = tries.saturating_add(1);
        if tries < 1 << 10 {
            std::hint::spin_loop();
        } else if tries < (1 << 10) + 64 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(std::time::Duration::from_micros(20));
        }
    }
    true
}

impl Shared {
    fn new() -> Shared {
        Shared {
            values: Vec::new(),
            published: AtomicUsize::new(0),
            consumed: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            slots: (0..SLOTS).map(|_| Slot::new()).collect(),
        }
    }

    /// Makes the mirror hold `values` (already computed) with room for
    /// `capacity` values, before a run; `published` becomes `values.len()`.
    pub fn prepare<'a>(
        cell: &'a mut PipelineCell,
        values: impl ExactSizeIterator<Item = u32>,
        valid: &mut usize,
        capacity: usize,
    ) -> &'a mut Shared {
        let shared = cell.0.get_or_insert_with(|| Box::new(Shared::new()));
        let len = values.len();
        if shared.values.len() < capacity {
            shared.values.resize_with(capacity, || AtomicU16::new(0));
        }
        for (slot, v) in shared.values.iter().zip(values).skip(*valid) {
            slot.store(v as u16, Ordering::Relaxed);
        }
        *valid = len;
        shared.published.store(len, Ordering::Release);
        shared.consumed.store(len, Ordering::Release);
        shared.stop.store(false, Ordering::Release);
        for slot in &shared.slots {
            slot.ready.store(0, Ordering::Release);
        }
        shared
    }

    /// Appends `G(n) = value` (the main thread, in order).
    #[inline]
    pub fn publish(&self, n: usize, value: u32) {
        self.values[n].store(value as u16, Ordering::Relaxed);
        self.published.store(n + 1, Ordering::Release);
    }

    /// Ends the worker's run.
    pub fn finish(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// The values of the worker's rare pairs of heap `n`, waiting for the
    /// worker: the words of bits go to `bits`, and the number of pairs is
    /// returned. `None` if the worker has stopped.
    #[inline]
    pub fn take(&self, n: usize, bits: &mut Vec<u64>) -> Option<u64> {
        let slot = &self.slots[n % SLOTS];
        if !wait_for(&self.stop, || slot.ready.load(Ordering::Acquire) == n + 1) {
            return None;
        }
        let len = slot.len.load(Ordering::Relaxed);
        bits.clear();
        bits.extend(slot.words[..len].iter().map(|w| w.load(Ordering::Relaxed)));
        let pairs = slot.pairs.load(Ordering::Relaxed);
        self.consumed.store(n + 1, Ordering::Release);
        Some(pairs)
    }

    /// The worker: the rare pairs `(r, m - r)` with `LOOKAHEAD - k < r <
    /// h - LOOKAHEAD` of every heap `h` of `job`, up to `LOOKAHEAD` heaps
    /// ahead of the main thread.
    pub fn work(&self, mut job: Job) {
        // If this thread panics, the main thread must not wait for it.
        struct StopOnUnwind<'a>(&'a AtomicBool);
        impl Drop for StopOnUnwind<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.store(true, Ordering::Release);
                }
            }
        }
        let _guard = StopOnUnwind(&self.stop);
        let mut marks = vec![0u32; 1 << 16];
        let mut generation = 0u32;
        let mut classified = job.first;
        let mut largest = job.rare_values.iter().copied().max().unwrap_or(0).max(
            self.values[..job.first]
                .iter()
                .fold(0, |l, v| l.max(u32::from(v.load(Ordering::Relaxed)))),
        );
        for h in job.first..=job.last {
            let m = h - job.k;
            let known = h.saturating_sub(LOOKAHEAD);
            let ready = wait_for(&self.stop, || {
                self.published.load(Ordering::Acquire) >= known
                    && self.consumed.load(Ordering::Acquire) + SLOTS > h
            });
            if !ready {
                return;
            }
            // The heaps published since the last heap, classified with the
            // run's fixed classification (as the main thread does).
            let published = self.published.load(Ordering::Acquire);
            while classified < published {
                let v = u32::from(self.values[classified].load(Ordering::Relaxed));
                largest = largest.max(v);
                if classified >= 1 && job.classifier.is_rare(classified, v) {
                    job.rare.push(classified);
                    job.rare_values.push(v);
                }
                classified += 1;
            }
            generation = generation.wrapping_add(1);
            if generation == 0 {
                marks.iter_mut().for_each(|x| *x = 0);
                generation = 1;
            }
            // Both parts below `known`: `r < known` and `m - r < known`.
            let from = job.rare.partition_point(|&r| r + known <= m);
            let to = job.rare.partition_point(|&r| r < known);
            let mut pairs = 0u64;
            for (&r, &gr) in job.rare[from..to.max(from)]
                .iter()
                .zip(&job.rare_values[from..to.max(from)])
            {
                if job.unequal && 2 * r == m {
                    continue;
                }
                let other = u32::from(self.values[m - r].load(Ordering::Relaxed));
                marks[(gr ^ other) as usize] = generation;
                pairs += 1;
            }
            // Every pair value is below the next power of two above the
            // largest value below `m`.
            let words = ((largest + 1).next_power_of_two().max(64) / 64) as usize;
            let slot = &self.slots[h % SLOTS];
            for (w, chunk) in marks[..words * 64].chunks_exact(64).enumerate() {
                let bits = chunk
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (b, &x)| acc | (u64::from(x == generation) << b));
                slot.words[w].store(bits, Ordering::Relaxed);
            }
            slot.len.store(words, Ordering::Relaxed);
            slot.pairs.store(pairs, Ordering::Relaxed);
            slot.ready.store(h + 1, Ordering::Release);
        }
    }
}
