//! The second core for games whose heaps split one total only (Officers,
//! Treblecross): a worker thread enumerates most rare pairs of heaps ahead
//! while the main thread scans the common pairs of the current heap.
//!
//! Why this works: the split total of heap `h` is `m = h - k`, and a pair
//! `(r, m - r)` with both parts below `h - LOOKAHEAD` reads only values
//! known `LOOKAHEAD` heaps earlier. The worker enumerates those pairs (rare
//! `r` with `m - (h - LOOKAHEAD) < r < h - LOOKAHEAD`, the bulk of them)
//! up to `LOOKAHEAD` heaps ahead; the main thread adds the few at the edges
//! (a rare heap among the smallest or the most recent ones) itself. The
//! worker also scans a block of common pairs `(a, m - a)` with `a` from
//! `LOOKAHEAD` on (both parts old enough) and adds their values, and the
//! main thread's scan skips that block. On Officers the rare pairs are 36 %
//! of the one-thread time and the scan 61 %; with the block, two threads
//! take 1.5–1.7 s where one takes 2.3 s (BENCHMARKS.md, "Octal engine on two
//! threads").
//!
//! The worker takes its heaps `GROUP` at a time (see `GROUP`): the pairs of
//! a group with both parts below the group's first heap minus `LOOKAHEAD`
//! are enumerated in one pass over the rare list, into `Columns`, a word a
//! value with a byte a heap, then packed into each heap's slot. The same
//! functions serve the engine's one-thread path, with `known` the group's
//! first split total.
//!
//! The split is balanced as the run goes: the block grows each time the
//! worker has to wait for the main thread and shrinks each time the main
//! thread has to wait for the worker; at 0, the main thread instead takes
//! the pairs of the `share` smallest rare heaps, growing the same way (each
//! slot says which block and which `share` it was computed with).
//!
//! The threads meet rarely: the main thread publishes its values every
//! `BATCH` heaps (and whenever it must wait), the worker its progress
//! after each group, and each reads the other's counter only when its own
//! copy says it must. The main thread waits for a group the worker is
//! computing (up to `MAIN_PATIENCE`); when the worker is behind (off its
//! core on a busy machine), the main thread does not wait for it but does
//! the heaps itself, and the worker skips ahead. A slot is never
//! overwritten before it is read, without a counter for that: the worker
//! starts a group within `LOOKAHEAD` heaps of the values published, which
//! lag the main thread by less than `BATCH`, and the ring of slots has
//! `LOOKAHEAD + BATCH + GROUP` slots and more.
//!
//! The worker reads the main thread's array of values itself (one array,
//! no copy: `store`), up to the count the main thread publishes (every
//! `BATCH` heaps, and whenever it must wait), by a release store that the
//! worker's acquire load pairs with; the array does not move during a run.
//! The main thread only appends, past every value published.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::cell::{Cell, Classifier, bit_words};
use super::store::Reader;

/// The most words of bits a slot holds: values below 65 536.
const SLOT_WORDS: usize = 1024;

/// How many heaps ahead the worker may run: pairs with both parts below
/// `h - LOOKAHEAD` are the worker's.
pub(crate) const LOOKAHEAD: usize = 128;

/// How many consecutive heaps the worker takes at once. For each rare heap
/// `r`, the pairs `(r, m - r)` of a group read `GROUP` consecutive values,
/// and each value is stored to its own heap's table: one store a pair
/// rather than three loads and a store (measured on Treblecross at 2^21:
/// 0.36 ns a pair against 0.65 ns heap by heap; 4 and 16 did as well as 8,
/// 2 and 3 worse).
pub(crate) const GROUP: usize = 8;

/// `seen[v][j]` is 1 if a pair of the `j`-th heap of a group reaches `v`.
pub(crate) type Columns = [[u8; GROUP]; 1 << 16];

/// A cleared table of columns.
pub(crate) fn new_columns() -> Box<Columns> {
    vec![[0; GROUP]; 1 << 16]
        .into_boxed_slice()
        .try_into()
        .expect("2^16 entries")
}

/// The rare heaps (ascending) and their values, for a game whose heaps
/// split the total left after removing `k` stones.
#[derive(Clone, Copy)]
pub(crate) struct RareHeaps<'a> {
    pub heaps: &'a [usize],
    pub values: &'a [u32],
    pub k: usize,
}

/// Where the worker's block of common pairs `(a, m - a)` starts: from here
/// on, both parts are below `known` for every heap of a group.
pub(crate) const SCAN_FROM: usize = LOOKAHEAD + GROUP;

/// How many heaps pass between two updates of a counter.
const BATCH: usize = 16;

/// How many rare heaps move between the threads' shares at a wait.
const SHARE_STEP: usize = 8;

/// How many common pairs move between the threads at a wait.
const BLOCK_STEP: usize = 32;

/// How long the worker spins before it parks, in spin-loop hints.
const WORKER_SPINS: u32 = 1 << 13;

/// How long the main thread waits for the worker before doing a heap
/// itself, in spin-loop hints (each some tens of cycles: about a heap's
/// work on Officers).
const MAIN_SPINS: u32 = 256;

/// How long the main thread waits for a group that the worker is
/// computing (about ten groups' work on Treblecross at 2^26) before it does
/// the heap itself.
const MAIN_PATIENCE: std::time::Duration = std::time::Duration::from_millis(1);

/// Slots in the ring between the threads.
const SLOTS: usize = 2 * LOOKAHEAD;

// A slot must be read before the worker comes round to it again (see the
// module documentation).
const _: () = assert!(SLOTS > LOOKAHEAD + BATCH + GROUP);

/// The values of the worker's rare pairs of one heap.
#[derive(Debug)]
struct Slot {
    /// How many of `words` hold the result.
    len: AtomicUsize,
    /// Value `v` is reached iff bit `v % 64` of word `v / 64` is set.
    words: Vec<AtomicU64>,
    /// How many rare pairs were enumerated (for the work counters).
    pairs: AtomicU64,
    /// The pairs of the `share` smallest rare heaps are not in `words`.
    share: AtomicUsize,
    /// Neither are those with a part at or above `known`.
    known: AtomicUsize,
    /// The common pairs `(a, m - a)` with `LOOKAHEAD ≤ a < scanned` are in
    /// `words` (none if `scanned` is 0).
    scanned: AtomicUsize,
}

impl Slot {
    fn new() -> Slot {
        Slot {
            len: AtomicUsize::new(0),
            words: (0..SLOT_WORDS).map(|_| AtomicU64::new(0)).collect(),
            pairs: AtomicU64::new(0),
            share: AtomicUsize::new(0),
            known: AtomicUsize::new(0),
            scanned: AtomicUsize::new(0),
        }
    }
}

/// What the two threads share. It outlives one run (its slots are kept),
/// but a worker borrows it for one run only, inside a thread scope.
#[derive(Debug)]
pub(crate) struct Shared {
    /// `G(..published)` are written.
    published: AtomicUsize,
    /// The slots of heaps below `done` are written.
    done: AtomicUsize,
    /// How many of the smallest rare heaps the main thread pairs itself.
    share: AtomicUsize,
    /// How many common pairs the worker scans for the main thread, from
    /// `a = LOOKAHEAD` on (used only while `share` is 0).
    block: AtomicUsize,
    /// Whether the worker is parked, waiting for values.
    parked: AtomicBool,
    /// The first heap of the group the worker is computing (`usize::MAX`
    /// while it waits): the main thread waits for a group in progress.
    working: AtomicUsize,
    /// Set by the main thread to end the worker (the end of the run, or an
    /// error), and by the worker if it panics.
    stop: AtomicBool,
    slots: Vec<Slot>,
}

/// The pipeline state kept in an engine between runs: cloning an engine
/// does not clone it (a clone makes new slots when it needs them).
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
    /// The largest value below `first`.
    pub largest: u32,
    pub last: usize,
    /// Stones removed by the one splitting move.
    pub k: usize,
    /// The classification, fixed for the run.
    pub classifier: Classifier,
    /// The rare heaps below `first` and their values.
    pub rare: Vec<usize>,
    pub rare_values: Vec<u32>,
}

/// The worker's wait for the main thread: a short spin (the main thread
/// publishes every `BATCH` heaps), then parked until the main thread
/// unparks it (or a millisecond passes). Parked, not spinning or yielding:
/// on a busy machine a spinning worker takes time from the main thread,
/// which it is waiting for. `None` if `stop` was set instead.
fn wait_for<T>(shared: &Shared, ready: impl Fn() -> Option<T>) -> Option<T> {
    let mut spins = 0u32;
    loop {
        if let Some(x) = ready() {
            return Some(x);
        }
        if shared.stop.load(Ordering::Acquire) {
            return None;
        }
        if spins < WORKER_SPINS {
            spins += 1;
            std::hint::spin_loop();
            continue;
        }
        shared.parked.store(true, Ordering::SeqCst);
        // Checked again after saying so: an unpark between the check above
        // and the flag would otherwise be lost (until the timeout).
        if ready().is_none() && !shared.stop.load(Ordering::SeqCst) {
            std::thread::park_timeout(std::time::Duration::from_millis(1));
        }
        shared.parked.store(false, Ordering::SeqCst);
    }
}

/// The values `64 w .. 64 w + 64` of `seen` as one word of bits a heap
/// (bit `i` of word `j` is `seen[64 w + i][j]`), cleared as they are read.
/// Eight values at a time, byte `j` of `packed` gathers bit `i` from value
/// `i`: the bytes are 0 or 1, so shifting a masked word by `i` moves each
/// heap's byte into its own byte, without carries.
#[inline]
pub(crate) fn take_columns(seen: &mut Columns, w: usize) -> [u64; GROUP] {
    let chunk = &mut seen[w * 64..][..64];
    let mut columns = [0u64; GROUP];
    for (c, eight) in chunk.chunks_exact(8).enumerate() {
        let mut packed = 0u64;
        for (i, heaps) in eight.iter().enumerate() {
            packed |= (u64::from_le_bytes(*heaps) & 0x0101_0101_0101_0101) << i;
        }
        for (j, column) in columns.iter_mut().enumerate() {
            *column |= ((packed >> (8 * j)) & 0xff) << (8 * c);
        }
    }
    chunk.fill([0; GROUP]);
    columns
}

/// What the worker did for one heap.
#[derive(Debug)]
pub(crate) struct Taken {
    /// Rare pairs enumerated.
    pub pairs: u64,
    /// How many of the smallest rare heaps it left to the main thread.
    pub share: usize,
    /// Its pairs have both parts below this heap.
    pub known: usize,
    /// The common pairs `(a, m - a)` with `a` in this range it scanned.
    pub scanned: std::ops::Range<usize>,
}

/// The main thread's side: its copy of the worker's progress.
#[derive(Debug)]
pub(crate) struct Consumer<'a> {
    shared: &'a Shared,
    /// The worker, to unpark.
    worker: std::thread::Thread,
    done: usize,
    /// Whether the worker was found behind at the last heap.
    behind: bool,
    /// The group the main thread last stopped waiting for (the worker is
    /// then off its core): not waited for again.
    given_up: usize,
}

impl Shared {
    fn new() -> Shared {
        Shared {
            published: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            share: AtomicUsize::new(0),
            block: AtomicUsize::new(0),
            parked: AtomicBool::new(false),
            working: AtomicUsize::new(usize::MAX),
            stop: AtomicBool::new(false),
            slots: (0..SLOTS).map(|_| Slot::new()).collect(),
        }
    }

    /// The shared state for a run whose first heap is `first`, with a
    /// block of `block` common pairs for the worker to start with.
    pub fn prepare(cell: &mut PipelineCell, first: usize, block: usize) -> &mut Shared {
        let shared = cell.0.get_or_insert_with(|| Box::new(Shared::new()));
        shared.published.store(first, Ordering::Release);
        shared.done.store(first, Ordering::Release);
        shared.share.store(0, Ordering::Relaxed);
        shared.block.store(block, Ordering::Relaxed);
        shared.stop.store(false, Ordering::Release);
        shared
    }

    /// The main thread's handle for one run with `worker`.
    pub fn consumer(&self, worker: std::thread::Thread) -> Consumer<'_> {
        Consumer {
            shared: self,
            worker,
            done: self.done.load(Ordering::Acquire),
            behind: false,
            given_up: usize::MAX,
        }
    }

    /// Ends the worker's run.
    pub fn finish(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The worker: the rare pairs `(r, m - r)` with both parts below
    /// `h - LOOKAHEAD` of every heap `h` of `job`, up to `LOOKAHEAD` heaps
    /// ahead of the values published, read through `values`.
    pub fn work<V: Cell>(&self, mut job: Job, values: Reader<V>) {
        // If this thread panics, the main thread must not wait for its
        // groups.
        struct StopOnUnwind<'a>(&'a Shared);
        impl Drop for StopOnUnwind<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.stop.store(true, Ordering::Release);
                }
            }
        }
        let _guard = StopOnUnwind(self);
        // `seen[v][j]` is 1 if a pair of the `j`-th heap of the group
        // reaches `v` (bytes, packed into bits below, then cleared). The
        // heaps of a value share a word: one base address for every store,
        // and the footprint of eight heaps' values below 2048 is 16 KB.
        let mut seen = new_columns();
        let mut largest = job.largest;
        let mut classified = job.first;
        let mut published = self.published.load(Ordering::Acquire);
        let mut h = job.first;
        while h <= job.last {
            let now = self.published.load(Ordering::Acquire);
            if now > h {
                // The main thread got ahead and did these heaps itself.
                published = now;
                h = now;
                continue;
            }
            let known = h.saturating_sub(LOOKAHEAD);
            if published < known {
                published = self.published.load(Ordering::Acquire);
            }
            if published < known {
                // Say how far this thread got before waiting: the main
                // thread may be waiting for it.
                self.working.store(usize::MAX, Ordering::Release);
                self.done.store(h, Ordering::Release);
                // The main thread is the slower: leave it fewer rare pairs,
                // or scan more of its common pairs.
                if self
                    .share
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                        s.checked_sub(1).map(|_| s.saturating_sub(SHARE_STEP))
                    })
                    .is_err()
                {
                    let _ = self
                        .block
                        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                            Some((b + BLOCK_STEP).min(1 << 20))
                        });
                }
                let Some(now) = wait_for(self, || {
                    let p = self.published.load(Ordering::Acquire);
                    (p >= known).then_some(p)
                }) else {
                    break;
                };
                published = now;
            }
            // The heaps published since the last heap, classified with the
            // run's fixed classification (as the main thread does).
            // `published` was read by an acquire load.
            let local = values.published(published);
            while classified < published {
                let v = local[classified].to_u32();
                largest = largest.max(v);
                if classified >= 1 && job.classifier.is_rare(classified, v) {
                    job.rare.push(classified);
                    job.rare_values.push(v);
                }
                classified += 1;
            }
            let group = GROUP.min(job.last + 1 - h);
            self.working.store(h, Ordering::Release);
            let share = self.share.load(Ordering::Relaxed);
            let block = self.block.load(Ordering::Relaxed);
            let mut pairs = [0u64; GROUP];
            let scanned = if group == GROUP {
                let rare = RareHeaps {
                    heaps: &job.rare,
                    values: &job.rare_values,
                    k: job.k,
                };
                rare_pairs_of_group(rare, local, h, known, share, block, &mut seen, &mut pairs)
            } else {
                for (j, p) in pairs.iter_mut().enumerate().take(group) {
                    *p = rare_pairs_of_heap(&job, local, h + j, j, known, share, &mut seen);
                }
                0
            };
            // Every pair value is below the next power of two above the
            // largest value below `known`.
            let words = bit_words(largest);
            for w in 0..words {
                for (j, &bits) in take_columns(&mut seen, w).iter().enumerate().take(group) {
                    self.slots[(h + j) % SLOTS].words[w].store(bits, Ordering::Relaxed);
                }
            }
            for (j, &pairs) in pairs.iter().enumerate().take(group) {
                let slot = &self.slots[(h + j) % SLOTS];
                slot.len.store(words, Ordering::Relaxed);
                slot.pairs.store(pairs, Ordering::Relaxed);
                slot.share.store(share, Ordering::Relaxed);
                slot.known.store(known, Ordering::Relaxed);
                slot.scanned.store(scanned, Ordering::Relaxed);
            }
            self.done.store(h + group, Ordering::Release);
            h += group;
        }
        self.working.store(usize::MAX, Ordering::Release);
    }
}

/// The rare pairs `(r, m - r)` of heap `h` (split total `m = h - k`) with
/// both parts below `known`, leaving out the `share` smallest rare heaps,
/// marked in column `j` of `seen`; returns how many.
fn rare_pairs_of_heap<V: Cell>(
    job: &Job,
    local: &[V],
    h: usize,
    j: usize,
    known: usize,
    share: usize,
    seen: &mut Columns,
) -> u64 {
    let m = h - job.k;
    let from = job
        .rare
        .partition_point(|&r| r + known <= m)
        .max(share.min(job.rare.len()));
    let to = job.rare.partition_point(|&r| r < known).max(from);
    for (&r, &gr) in job.rare[from..to].iter().zip(&job.rare_values[from..to]) {
        seen[usize::from((gr ^ local[m - r].to_u32()) as u16)][j] = 1;
    }
    (to - from) as u64
}

/// [`rare_pairs_of_heap`] for the `GROUP` heaps from `h` at once (a game
/// whose parts may be equal), each into its own column, and the common
/// pairs `(a, m - a)` with `SCAN_FROM ≤ a` in a block of up to `block`
/// pairs; returns where the block ends (0 if it is empty).
///
/// `known` must be at most `h - k`, so that both parts of every pair are at
/// least 1. The engine's one-thread path uses it too, with `known = h - k`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn rare_pairs_of_group<V: Cell>(
    rare: RareHeaps<'_>,
    local: &[V],
    h: usize,
    known: usize,
    share: usize,
    block: usize,
    seen: &mut Columns,
    pairs: &mut [u64; GROUP],
) -> usize {
    let m = h - rare.k;
    let (values, rare) = (rare.values, rare.heaps);
    let len = rare.len();
    let to = rare.partition_point(|&r| r < known);
    let start = |j: usize| {
        rare.partition_point(|&r| r + known <= m + j)
            .max(share.min(len))
    };
    // The rare heaps from `common` on pair below `known` for every heap of
    // the group; below it, heap by heap.
    let common = start(GROUP - 1).min(to);
    // Values are below 2^16 (`Cell`), so the casts to `u16` lose nothing
    // and index `seen` without a bounds check.
    for (j, p) in pairs.iter_mut().enumerate() {
        let from = start(j).min(common);
        for (&r, &gr) in rare[from..common].iter().zip(&values[from..common]) {
            seen[usize::from((gr ^ local[m + j - r].to_u32()) as u16)][j] = 1;
        }
        *p = (common - from + to - common) as u64;
    }
    for (&r, &gr) in rare[common..to].iter().zip(&values[common..to]) {
        let high: &[V; GROUP] = local[m - r..][..GROUP].try_into().expect("GROUP values");
        for (j, &v) in high.iter().enumerate() {
            seen[usize::from((gr ^ v.to_u32()) as u16)][j] = 1;
        }
    }
    // Pair `(a, m + j - a)` of heap `h + j`: both parts below `known`.
    let end = (SCAN_FROM + block).min(m / 2 + 1).min(known);
    if end <= SCAN_FROM {
        return 0;
    }
    for a in SCAN_FROM..end {
        let low = local[a].to_u32();
        let high: &[V; GROUP] = local[m - a..][..GROUP].try_into().expect("GROUP values");
        for (j, &v) in high.iter().enumerate() {
            seen[usize::from((low ^ v.to_u32()) as u16)][j] = 1;
        }
    }
    end
}

impl Consumer<'_> {
    /// Says that the main thread has appended `G(n)` to the values, making
    /// them visible to the worker every `BATCH` heaps.
    #[inline]
    pub fn publish(&mut self, n: usize) {
        if (n + 1) % BATCH == 0 {
            self.publish_count(n + 1);
        }
    }

    /// Says that `values[..count]` are written, waking the worker if it
    /// is parked.
    #[inline]
    fn publish_count(&self, count: usize) {
        self.shared.published.store(count, Ordering::SeqCst);
        if self.shared.parked.load(Ordering::SeqCst) {
            self.worker.unpark();
        }
    }

    /// Ends the run: the worker stops (woken if parked).
    pub fn finish(&self) {
        self.shared.finish();
        self.worker.unpark();
    }

    /// The values of the worker's rare pairs of heap `n`, once the worker
    /// has done it: the words of bits go to `bits`; returned are the number
    /// of pairs and how many of the smallest rare heaps the worker left out
    /// (the main thread's share).
    ///
    /// If the worker is behind, the main thread waits a short while (about
    /// a heap's work; and moves work from the worker, up to all `n_rare`
    /// rare pairs, from now on), and then gives up: `None`, and the main thread pairs every
    /// rare heap of `n` itself, and of the next heaps too, without waiting,
    /// until the worker has caught up (the worker skips the heaps done). On
    /// a busy machine the worker may be off its core for milliseconds, and
    /// waiting for it would make two threads slower than one. `patient`
    /// (for tests) waits as long as it takes instead.
    #[inline]
    pub fn take(
        &mut self,
        n: usize,
        bits: &mut Vec<u64>,
        n_rare: usize,
        patient: bool,
    ) -> Option<Taken> {
        if self.done <= n {
            let shared = self.shared;
            // The worker may be waiting for values this thread has not
            // published yet (they go out every `BATCH` heaps).
            self.publish_count(n);
            let mut spins = 0u32;
            let mut since: Option<std::time::Instant> = None;
            loop {
                self.done = shared.done.load(Ordering::Acquire);
                if self.done > n {
                    break;
                }
                if shared.stop.load(Ordering::Acquire) {
                    return None;
                }
                if !patient {
                    // A group in progress that holds `n` is worth waiting
                    // for (up to `MAIN_PATIENCE`: its thread may have lost
                    // its core); a worker elsewhere is not.
                    let working = shared.working.load(Ordering::Acquire);
                    let on_it = working <= n && n - working < GROUP && working != self.given_up;
                    let gave_up = if on_it && spins >= MAIN_SPINS {
                        let waited = since.get_or_insert_with(std::time::Instant::now).elapsed();
                        if waited > MAIN_PATIENCE {
                            self.given_up = working;
                        }
                        waited > MAIN_PATIENCE
                    } else {
                        !on_it && (self.behind || spins >= MAIN_SPINS)
                    };
                    if gave_up {
                        self.behind = true;
                        return None;
                    }
                }
                spins += 1;
                if spins % 1024 == 0 {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
            // Only a real wait says the worker is the slower.
            if spins > 0 && !self.behind && !patient {
                // The worker is the slower: it scans fewer common pairs, or
                // leaves more rare pairs to this thread.
                if shared
                    .block
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| {
                        b.checked_sub(1).map(|_| b.saturating_sub(BLOCK_STEP))
                    })
                    .is_err()
                {
                    let _ = shared
                        .share
                        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| {
                            Some((s + SHARE_STEP).min(n_rare))
                        });
                }
            }
            self.behind = false;
        }
        let slot = &self.shared.slots[n % SLOTS];
        let len = slot.len.load(Ordering::Relaxed);
        bits.clear();
        bits.extend(slot.words[..len].iter().map(|w| w.load(Ordering::Relaxed)));
        let scanned = slot.scanned.load(Ordering::Relaxed);
        Some(Taken {
            pairs: slot.pairs.load(Ordering::Relaxed),
            share: slot.share.load(Ordering::Relaxed),
            known: slot.known.load(Ordering::Relaxed),
            scanned: if scanned > 0 {
                SCAN_FROM..scanned
            } else {
                0..0
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{GROUP, new_columns, take_columns};

    #[test]
    fn columns_of_bytes_pack_into_words_of_bits() {
        // A different pattern in each column of the second word of values,
        // every value and heap tried; the bytes read are cleared.
        let mut seen = new_columns();
        let pattern = |v: usize, j: usize| (v * 7 + j * 13) % 5 < 2 || v == j;
        for v in 0..64 {
            for j in 0..GROUP {
                seen[64 + v][j] = u8::from(pattern(v, j));
            }
        }
        let columns = take_columns(&mut seen, 1);
        for (j, column) in columns.iter().enumerate() {
            for v in 0..64 {
                assert_eq!((column >> v) & 1 == 1, pattern(v, j), "value {v}, heap {j}");
            }
        }
        assert!(seen.iter().all(|heaps| *heaps == [0; GROUP]));
    }
}
