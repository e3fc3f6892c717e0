//! Take-and-break games: octal and hexadecimal codes, Grundy's game, fast
//! Grundy sequences and periodicity proved by the periodicity theorem.
//!
//! A take-and-break game is played on heaps; a move removes some stones
//! from one heap and may split what is left into several heaps, as a code
//! `d0.d1d2...` says (see [`OctalCode`]). Heaps never interact, so a heap
//! of `n` has a value `G(n)` and a position is worth the nim-sum of its
//! heaps. [`TakeBreak`] is the rule in the form the engine uses,
//! [`GrundySequence`] computes `G(0..=N)` (bytes per heap, by the sparse
//! space method, see `engine`), and [`find_period`] detects the least
//! preperiod and period and proves them with the periodicity theorem, after
//! which [`PeriodicSequence`] answers any heap up to `u64::MAX` at once.

mod cell;
mod checkpoint;
mod code;
mod engine;
mod period;
mod pipeline;
mod store;

use checkpoint::CheckpointSlice;
pub use checkpoint::{
    CHECKPOINT_FRAME_MAX, CHECKPOINT_VERSION, Checkpoint, CheckpointError, CheckpointValues,
    checkpoint_length, read_checkpoint, read_checkpoint_from, rules_identity,
};
pub use code::{MAX_CODE_DIGITS, OctalCode};
pub use engine::Method;
pub use period::{
    ARITHMETIC_WINDOW, DETECTOR_BYTES, PERIOD_WINDOW, PeriodSearch, PeriodicSequence, Periodicity,
    certification_bound, find_period, least_period, nim_sequence_bound,
};

use engine::{Engine, Stop};
use sprague_core::error::SolveError;
pub use store::DiskPlan;
use store::Values;

/// The moves of a take-and-break game, listed by how many stones they
/// remove.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `k`: a heap of exactly `k` stones may be removed.
    pub take_all: Vec<usize>,
    /// `k ≥ 1`: `k` stones may be removed from a larger heap, leaving one.
    pub leave_one: Vec<usize>,
    /// `k ≥ 0`: `k` stones may be removed and the rest split in two
    /// non-empty heaps.
    pub leave_two: Vec<usize>,
    /// `k ≥ 0`: `k` stones may be removed and the rest split in three
    /// non-empty heaps.
    pub leave_three: Vec<usize>,
    /// Whether the two heaps of a split must differ (Grundy's game).
    pub unequal: bool,
}

impl TakeBreak {
    /// The rules of a code.
    ///
    /// # Examples
    ///
    /// ```
    /// let dawson = sprague_impartial::TakeBreak::from_code(&sprague_impartial::OctalCode::parse("0.07").unwrap());
    /// assert_eq!(dawson.leave_two, vec![2]);
    /// ```
    pub fn from_code(code: &OctalCode) -> TakeBreak {
        let mut rules = TakeBreak {
            take_all: Vec::new(),
            leave_one: Vec::new(),
            leave_two: Vec::new(),
            leave_three: Vec::new(),
            unequal: false,
        };
        for (k, &d) in code.digits().iter().enumerate() {
            if d & 1 != 0 && k > 0 {
                rules.take_all.push(k);
            }
            if d & 2 != 0 && k > 0 {
                rules.leave_one.push(k);
            }
            if d & 4 != 0 {
                rules.leave_two.push(k);
            }
            if d & 8 != 0 {
                rules.leave_three.push(k);
            }
        }
        rules
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps
    /// (Grundy 1939; OEIS A002188). It is not octal: the code `4.` would
    /// allow equal heaps.
    pub fn grundys_game() -> TakeBreak {
        TakeBreak {
            take_all: Vec::new(),
            leave_one: Vec::new(),
            leave_two: vec![0],
            leave_three: Vec::new(),
            unequal: true,
        }
    }

    /// `t`, the largest number of stones a move removes (the index of the
    /// last non-zero digit).
    pub fn last_digit_index(&self) -> usize {
        [
            &self.take_all,
            &self.leave_one,
            &self.leave_two,
            &self.leave_three,
        ]
        .iter()
        .flat_map(|l| l.iter().copied())
        .max()
        .unwrap_or(0)
    }

    /// The most heaps a move leaves: 1, 2 or 3 (1 also for a game without
    /// moves).
    pub fn max_heaps_left(&self) -> usize {
        if !self.leave_three.is_empty() {
            3
        } else if !self.leave_two.is_empty() {
            2
        } else {
            1
        }
    }

    /// Every option of a heap of `n` as the heaps it leaves, in the order
    /// moves are listed: by stones removed, then by the number of heaps
    /// left, then by the smallest heap left. `emit(k, heaps)`.
    pub fn for_each_option(&self, n: usize, mut emit: impl FnMut(usize, &[usize])) {
        let t = self.last_digit_index();
        for k in 0..=t.min(n) {
            if self.take_all.contains(&k) && n == k {
                emit(k, &[]);
            }
            if self.leave_one.contains(&k) && n > k {
                emit(k, &[n - k]);
            }
            if self.leave_two.contains(&k) && n >= k + 2 {
                let m = n - k;
                for a in 1..=m / 2 {
                    if !(self.unequal && 2 * a == m) {
                        emit(k, &[a, m - a]);
                    }
                }
            }
            if self.leave_three.contains(&k) && n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        emit(k, &[a, b, m - a - b]);
                    }
                }
            }
        }
    }
}

/// The most bytes a Grundy sequence keeps in memory per heap: a value of
/// two bytes (one while every value is below 256), in one array that the
/// engine's second thread reads too. A growing vector may reserve up to
/// twice what it holds, but pages never written cost no memory. The
/// period search adds its detector's scratch: [`sequence_bytes`] counts
/// both. Past memory the values go to disk instead
/// ([`GrundySequence::keep_on_disk`]).
pub const BYTES_PER_HEAP: u64 = 2;

/// The most memory a sequence of `heaps` values and its period search
/// hold: [`BYTES_PER_HEAP`] a heap, and the detector's scratch (two bytes
/// a heap, at most [`DETECTOR_BYTES`]). What callers weigh against the
/// memory they have.
///
/// ```
/// use sprague_impartial::{heaps_within, sequence_bytes};
/// assert_eq!(sequence_bytes(1000), 4000);
/// // 2^32 heaps: 8 GiB of values and 1 GiB of scratch; 2^33 fit in 17.
/// assert_eq!(sequence_bytes(1 << 32), 9 << 30);
/// assert_eq!(sequence_bytes(1 << 33), 17 << 30);
/// assert_eq!(heaps_within(9 << 30), 1 << 32);
/// assert_eq!(heaps_within(4000), 1000);
/// ```
pub fn sequence_bytes(heaps: u64) -> u64 {
    heaps
        .saturating_mul(BYTES_PER_HEAP)
        .saturating_add(heaps.saturating_mul(2).min(DETECTOR_BYTES))
}

/// Where a sequence past memory is kept ([`disk_plan`]): what stays in
/// memory and what goes to disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskUse {
    /// The plan: the directory, the values kept resident.
    pub plan: DiskPlan,
    /// The most bytes held in memory: the resident values and the period
    /// detector's scratch.
    pub memory_bytes: u64,
    /// The bytes of the values file.
    pub disk_bytes: u64,
}

/// How a sequence of `heaps` values is kept within `memory` bytes: `None`
/// if [`sequence_bytes`] fit (in memory, as always), else on disk in `dir`,
/// with the detector's scratch and the first and last values resident, half
/// of the rest of `memory` each (at least 2^16 values each).
///
/// ```
/// use sprague_impartial::disk_plan;
/// assert_eq!(disk_plan("/tmp".as_ref(), 17 << 30, 1 << 33), None);
/// let past = disk_plan("/tmp".as_ref(), 9 << 30, 1 << 33).unwrap();
/// // 8 GiB for values: 4 GiB of start and 4 GiB of window, 2^31 heaps each.
/// assert_eq!((past.plan.start, past.plan.window), (1 << 31, 1 << 31));
/// assert_eq!((past.memory_bytes, past.disk_bytes), (9 << 30, 16 << 30));
/// ```
pub fn disk_plan(dir: &std::path::Path, memory: u64, heaps: u64) -> Option<DiskUse> {
    if sequence_bytes(heaps) <= memory {
        return None;
    }
    let detector = heaps.saturating_mul(2).min(DETECTOR_BYTES);
    let each = (memory.saturating_sub(detector) / 2 / BYTES_PER_HEAP).max(1 << 16);
    let each = usize::try_from(each).unwrap_or(usize::MAX);
    Some(DiskUse {
        plan: DiskPlan {
            dir: dir.to_path_buf(),
            start: each,
            window: each,
        },
        memory_bytes: (2 * each as u64)
            .saturating_mul(BYTES_PER_HEAP)
            .saturating_add(detector),
        disk_bytes: heaps.saturating_mul(BYTES_PER_HEAP),
    })
}

/// The most heaps whose [`sequence_bytes`] fit in `memory` bytes.
pub fn heaps_within(memory: u64) -> u64 {
    (memory - DETECTOR_BYTES.min(memory / 2)) / BYTES_PER_HEAP
}

/// The storage of a sequence: bytes while every value fits, then words.
#[derive(Clone, Debug)]
enum Storage {
    Bytes(Engine<u8>),
    Words(Engine<u16>),
}

/// The Grundy values `G(0), G(1), ...` of a take-and-break game, computed
/// on demand and kept.
///
/// # Examples
///
/// ```
/// use sprague_impartial::{GrundySequence, Method, OctalCode, TakeBreak};
/// let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").unwrap());
/// let mut g = GrundySequence::new(kayles, Method::SparseSpace);
/// g.extend_to(12).unwrap();
/// assert_eq!(g.to_vec(), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
/// ```
#[derive(Clone, Debug)]
pub struct GrundySequence {
    storage: Storage,
}

impl GrundySequence {
    /// An empty sequence for `rules`, to be computed by `method`.
    pub fn new(rules: TakeBreak, method: Method) -> GrundySequence {
        GrundySequence {
            storage: Storage::Bytes(Engine::new(rules, method)),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreak {
        match &self.storage {
            Storage::Bytes(e) => &e.rules,
            Storage::Words(e) => &e.rules,
        }
    }

    /// How many values are known (`G(0..len)`).
    pub fn len(&self) -> usize {
        match &self.storage {
            Storage::Bytes(e) => e.values.len(),
            Storage::Words(e) => e.values.len(),
        }
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if known.
    pub fn get(&self, n: usize) -> Option<u32> {
        match &self.storage {
            Storage::Bytes(e) => e.values.get(n).map(|&v| u32::from(v)),
            Storage::Words(e) => e.values.get(n).map(|&v| u32::from(v)),
        }
    }

    /// The largest known value.
    pub fn largest(&self) -> u32 {
        match &self.storage {
            Storage::Bytes(e) => e.values.iter().copied().max().map_or(0, u32::from),
            Storage::Words(e) => e.values.iter().copied().max().map_or(0, u32::from),
        }
    }

    /// Every known value.
    pub fn to_vec(&self) -> Vec<u32> {
        match &self.storage {
            Storage::Bytes(e) => e.values.iter().map(|&v| u32::from(v)).collect(),
            Storage::Words(e) => e.values.iter().map(|&v| u32::from(v)).collect(),
        }
    }

    /// How many heaps are listed as rare by the sparse space method.
    pub fn n_rare(&self) -> usize {
        match &self.storage {
            Storage::Bytes(e) => e.n_rare(),
            Storage::Words(e) => e.n_rare(),
        }
    }

    /// The heaps the sparse space method lists as rare (sizes at least 1,
    /// ascending): with a good mask, the exceptions that make the sequence
    /// hard, and usually finitely many.
    pub fn rare_heaps(&self) -> Vec<usize> {
        match &self.storage {
            Storage::Bytes(e) => e.rare().to_vec(),
            Storage::Words(e) => e.rare().to_vec(),
        }
    }

    /// The mask and domain flag of the rare/common classification in use.
    pub fn classification(&self) -> (u32, bool) {
        match &self.storage {
            Storage::Bytes(e) => e.classification(),
            Storage::Words(e) => e.classification(),
        }
    }

    /// The work done so far by the sparse space method: rare heaps paired,
    /// and pairs of heaps scanned for wanted values.
    pub fn work(&self) -> (u64, u64) {
        match &self.storage {
            Storage::Bytes(e) => (e.rare_pairs, e.scanned_pairs),
            Storage::Words(e) => (e.rare_pairs, e.scanned_pairs),
        }
    }

    /// Lets the sparse space method use a second thread (the default when
    /// the machine has two cores or more) or not. The values are the same
    /// either way; only games whose heaps split one total (Officers,
    /// Treblecross) use it, on runs of thousands of heaps.
    pub fn set_parallel(&mut self, parallel: bool) {
        match &mut self.storage {
            Storage::Bytes(e) => e.parallel = parallel,
            Storage::Words(e) => e.parallel = parallel,
        }
    }

    /// Whether the values are stored one byte per heap.
    pub fn is_bytes(&self) -> bool {
        matches!(self.storage, Storage::Bytes(_))
    }

    /// Computes values until `G(0..=n)` are known.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] if a value exceeds 65 535 (never
    /// stored wrapped), or the values on disk cannot grow (a full disk).
    pub fn extend_to(&mut self, n: usize) -> Result<(), SolveError> {
        let disk = |e: std::io::Error| {
            SolveError::unsupported(format!("cannot keep the values on disk: {e}"))
        };
        loop {
            match &mut self.storage {
                Storage::Bytes(e) => match e.extend_to(n) {
                    Ok(()) => return Ok(()),
                    Err(Stop::Disk(e)) => return Err(disk(e)),
                    Err(Stop::Overflow) => {
                        let Storage::Bytes(e) = std::mem::replace(
                            &mut self.storage,
                            Storage::Words(Engine::new(TakeBreak::grundys_game(), Method::Plain)),
                        ) else {
                            unreachable!("matched bytes above")
                        };
                        // On an error the sequence is left empty (the
                        // values could not be moved): a caller starts again
                        // from its checkpoint.
                        self.storage = Storage::Words(e.widen().map_err(disk)?);
                    }
                },
                Storage::Words(e) => {
                    return e.extend_to(n).map_err(|stop| match stop {
                        Stop::Overflow => SolveError::unsupported(
                            "a Grundy value above 65535: beyond what the sequence engine stores",
                        ),
                        Stop::Disk(e) => disk(e),
                    });
                }
            }
        }
    }

    /// Moves the values to a memory-mapped file in `plan.dir` (named after
    /// `name`), with room reserved for `capacity` values, keeping resident
    /// only the first `plan.start` and the last `plan.window` (the reads of
    /// the engine fall there; the rest is paged in when read). The values
    /// and everything computed after are the same as in memory. The file is
    /// scratch: removed with the sequence, and read by no other run (a
    /// checkpoint is what resumes a run).
    ///
    /// # Errors
    ///
    /// The system's error, naming the file, when it cannot be made: an
    /// unwritable directory, or a disk without room for `capacity` values.
    pub fn keep_on_disk(
        &mut self,
        plan: &DiskPlan,
        name: &str,
        capacity: usize,
    ) -> std::io::Result<()> {
        fn moved<V: cell::Cell>(
            e: &mut Engine<V>,
            plan: &DiskPlan,
            name: &str,
            capacity: usize,
        ) -> std::io::Result<()> {
            let mut values = Values::on_disk(plan, name, capacity.max(e.values.len()))?;
            for &v in e.values.iter() {
                values.push(v);
            }
            e.values = values;
            Ok(())
        }
        match &mut self.storage {
            Storage::Bytes(e) => moved(e, plan, name, capacity),
            Storage::Words(e) => moved(e, plan, name, capacity),
        }
    }

    /// On disk, gives back the pages of values outside the start and the
    /// window (after a pass that read them); in memory, nothing.
    pub fn release_pages(&self) {
        match &self.storage {
            Storage::Bytes(e) => e.values.release_below(e.values.len()),
            Storage::Words(e) => e.values.release_below(e.values.len()),
        }
    }

    /// The file the values are kept in, if on disk.
    pub fn disk_path(&self) -> Option<&std::path::Path> {
        match &self.storage {
            Storage::Bytes(e) => e.values.disk_path(),
            Storage::Words(e) => e.values.disk_path(),
        }
    }

    /// Writes the known values to `out` as a checkpoint (see
    /// [`read_checkpoint`] for the format), naming `ruleset` for messages:
    /// a chunk at a time, so that writing needs no copy of the values. The
    /// library opens no file; `sprague table --checkpoint` gives a file.
    ///
    /// # Errors
    ///
    /// The error of `out`, as soon as a write fails.
    pub fn write_checkpoint(&self, ruleset: &str, out: impl std::io::Write) -> std::io::Result<()> {
        // Values on disk give back their pages every 2^22 values written.
        let rules = self.rules();
        let every = |done: usize, release: &dyn Fn(usize)| {
            if done % (1 << 22) == 0 {
                release(done);
            }
        };
        match &self.storage {
            Storage::Bytes(e) => checkpoint::write_checkpoint_reading(
                out,
                ruleset,
                rules,
                CheckpointSlice::Bytes(&e.values[..]),
                |done| every(done, &|n| e.values.release_below(n)),
            ),
            Storage::Words(e) => checkpoint::write_checkpoint_reading(
                out,
                ruleset,
                rules,
                CheckpointSlice::Words(&e.values[..]),
                |done| every(done, &|n| e.values.release_below(n)),
            ),
        }
    }

    /// The known values as checkpoint bytes in memory:
    /// [`GrundySequence::write_checkpoint`] to a vector.
    pub fn to_checkpoint(&self, ruleset: &str) -> Vec<u8> {
        let mut bytes = Vec::new();
        // Writing to a vector cannot fail.
        let _ = self.write_checkpoint(ruleset, &mut bytes);
        bytes
    }

    /// A sequence resumed from a checkpoint that
    /// [`GrundySequence::write_checkpoint`] wrote, read from `input` (a file,
    /// or bytes in memory): continuing it gives the same values as an
    /// uninterrupted run. The values are read into the engine's vector
    /// directly ([`read_checkpoint_from`]). `ruleset` names this run's rules
    /// in the message of a checkpoint of other rules.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`] saying whether the bytes are no checkpoint,
    /// one of another version, truncated, damaged, one of other rules, or
    /// could not be read.
    pub fn from_checkpoint(
        rules: TakeBreak,
        method: Method,
        ruleset: &str,
        input: impl std::io::Read,
    ) -> Result<GrundySequence, CheckpointError> {
        GrundySequence::resumed(rules, method, ruleset, input, None)
    }

    /// [`GrundySequence::from_checkpoint`] with the values read straight
    /// into a values file (as [`GrundySequence::keep_on_disk`] keeps them,
    /// named after `name`, with room for `capacity` values), never all in
    /// memory.
    ///
    /// # Errors
    ///
    /// As [`GrundySequence::from_checkpoint`]; an unwritable directory or
    /// a disk without room is [`CheckpointError::Unreadable`].
    pub fn from_checkpoint_on_disk(
        rules: TakeBreak,
        method: Method,
        ruleset: &str,
        input: impl std::io::Read,
        (plan, name, capacity): (&DiskPlan, &str, usize),
    ) -> Result<GrundySequence, CheckpointError> {
        GrundySequence::resumed(rules, method, ruleset, input, Some((plan, name, capacity)))
    }

    fn resumed(
        rules: TakeBreak,
        method: Method,
        ruleset: &str,
        input: impl std::io::Read,
        disk: Option<(&DiskPlan, &str, usize)>,
    ) -> Result<GrundySequence, CheckpointError> {
        let read = checkpoint::read_checkpoint_into(input, disk)?;
        if read.rules != rules_identity(&rules) {
            return Err(CheckpointError::OtherTable {
                made_for: read.ruleset,
                expected: ruleset.to_string(),
            });
        }
        let storage = match read.values {
            checkpoint::StoredValues::Bytes(values) => {
                Storage::Bytes(Engine::resume(rules, method, values))
            }
            checkpoint::StoredValues::Words(values) => {
                Storage::Words(Engine::resume(rules, method, values))
            }
        };
        Ok(GrundySequence { storage })
    }

    /// Compares `G(n) + s` with `G(n + p)` for `n` in `from..to` (all
    /// known), returning the last `n` where they differ (`s = 0`: a plain
    /// period, `s > 0`: an arithmetic one with saltus `s`).
    pub(crate) fn last_mismatch(&self, p: usize, s: u32, from: usize, to: usize) -> Option<usize> {
        fn last<V: Copy + PartialEq + Into<u32>>(
            v: &[V],
            p: usize,
            s: u32,
            from: usize,
            to: usize,
        ) -> Option<usize> {
            if s == 0 {
                // Compared as stored: the common case, and the fast one.
                (from..to).rev().find(|&n| v[n] != v[n + p])
            } else {
                (from..to)
                    .rev()
                    .find(|&n| v[n + p].into() != v[n].into() + s)
            }
        }
        match &self.storage {
            Storage::Bytes(e) => last(&e.values, p, s, from, to),
            Storage::Words(e) => last(&e.values, p, s, from, to),
        }
    }

    /// Compares `G(n)` with `G(n - p) + s` for `n` in `from..to`,
    /// returning the first `n` where they differ.
    pub(crate) fn first_mismatch_back(
        &self,
        p: usize,
        s: u32,
        from: usize,
        to: usize,
    ) -> Option<usize> {
        fn first<V: Copy + PartialEq + Into<u32>>(
            v: &[V],
            p: usize,
            s: u32,
            from: usize,
            to: usize,
        ) -> Option<usize> {
            if s == 0 {
                (from..to).find(|&n| v[n] != v[n - p])
            } else {
                (from..to).find(|&n| v[n].into() != v[n - p].into() + s)
            }
        }
        match &self.storage {
            Storage::Bytes(e) => first(&e.values, p, s, from, to),
            Storage::Words(e) => first(&e.values, p, s, from, to),
        }
    }

    /// The least `p` such that `G(n + p) - G(n)` is the same for every
    /// `n` of `from..len - p`, with that difference, if `2·p` is at most
    /// the number of values: the least period of the first differences
    /// `G(n + 1) - G(n)` (a sequence is arithmetic-periodic exactly when
    /// its differences are periodic), by the prefix function.
    pub(crate) fn difference_period(&self, from: usize) -> Option<(usize, i64)> {
        let len = self.len();
        if len < from + 3 {
            return None;
        }
        let g = |n: usize| i64::from(self.get(n).unwrap_or(0));
        let differences: Vec<i64> = (from..len - 1).map(|n| g(n + 1) - g(n)).collect();
        let p = prefix_period(&differences, &mut Vec::new());
        (p > 0 && 2 * p <= differences.len()).then(|| (p, g(from + p) - g(from)))
    }

    /// The least period `p` of the known values in `from..len`, if `2·p`
    /// is at most their number. `border` is scratch, kept by the caller so
    /// that repeated calls reuse its memory.
    pub(crate) fn short_period(&self, from: usize, border: &mut Vec<u32>) -> Option<usize> {
        let (period, len) = match &self.storage {
            Storage::Bytes(e) => {
                let w = &e.values[from..];
                if let Ok(found) = short_period_by_search(w) {
                    return found;
                }
                (prefix_period(w, border), w.len())
            }
            Storage::Words(e) => (
                prefix_period(&e.values[from..], border),
                e.values.len() - from,
            ),
        };
        // An empty window has no period (`prefix_period` says 0).
        (period > 0 && 2 * period <= len).then_some(period)
    }

    /// The values `G(from..to)`, as stored, for a periodic answer.
    pub(crate) fn slice_u16(&self, from: usize, to: usize) -> PeriodValues {
        match &self.storage {
            Storage::Bytes(e) => PeriodValues::Bytes(e.values[from..to].to_vec()),
            Storage::Words(e) => PeriodValues::Words(e.values[from..to].to_vec()),
        }
    }
}

/// The least period of `w`: its length minus its longest proper border,
/// by the prefix function (Knuth, Morris and Pratt), in `O(len)` steps and
/// four bytes of `border` per value. Borders are `u32`: a window of more
/// than 2^32 values (a run past 2^33 heaps) may miss its period, never
/// report a false one (the caller checks the period on every value).
fn prefix_period<V: PartialEq>(w: &[V], border: &mut Vec<u32>) -> usize {
    border.clear();
    border.resize(w.len(), 0);
    for i in 1..w.len() {
        let mut k = border[i - 1] as usize;
        while k > 0 && w[i] != w[k] {
            k = border[k - 1] as usize;
        }
        if w[i] == w[k] {
            k += 1;
        }
        border[i] = k as u32;
    }
    w.len() - border.last().map_or(0, |&b| b as usize)
}

/// The least period `p` of `w` with `2·p ≤ len`, found by searching the
/// start of `w` in `w` (memchr's `memmem`, a fraction of a nanosecond per
/// value against the prefix function's 5–6 ns on Grundy values): `w` has
/// period `q` exactly when `w[..len - q] = w[q..]`, and then its first
/// `k ≤ len/2` values occur at `q`. So the occurrences `q ≤ len/2` of the
/// first `k` values, in increasing order, are the only candidates, and the
/// first that passes the whole comparison is the least period. `Err` after
/// 64 candidates that fail, where the prefix function's linear bound is the
/// safer way.
fn short_period_by_search(w: &[u8]) -> Result<Option<usize>, ()> {
    /// The length of the searched start: long enough that chance
    /// occurrences are rare, short enough to search fast.
    const NEEDLE: usize = 1024;
    let len = w.len();
    let half = len / 2;
    if half == 0 {
        return Ok(None);
    }
    let k = half.min(NEEDLE);
    let finder = memchr::memmem::Finder::new(&w[..k]);
    let mut start = 1;
    for _ in 0..64 {
        // Occurrences at q ≤ half lie within w[..half + k].
        let Some(i) = finder.find(&w[start..half + k]) else {
            return Ok(None);
        };
        let q = start + i;
        if w[..len - q] == w[q..] {
            return Ok(Some(q));
        }
        start = q + 1;
    }
    Err(())
}

/// Values kept by a [`PeriodicSequence`].
#[derive(Clone, Debug)]
pub(crate) enum PeriodValues {
    Bytes(Vec<u8>),
    Words(Vec<u16>),
}

impl PeriodValues {
    fn get(&self, n: usize) -> u32 {
        match self {
            PeriodValues::Bytes(v) => u32::from(v[n]),
            PeriodValues::Words(v) => u32::from(v[n]),
        }
    }
}

/// `G(n)` of Lasker's Nim (take any number of stones from a heap, or split
/// a heap into two non-empty heaps): `n` for `n ≡ 1, 2 (mod 4)`, `n + 1`
/// for `n ≡ 3`, `n - 1` for `n ≡ 0` (`n > 0`). Berlekamp, Conway and Guy,
/// *Winning Ways*, ch. 4 ("Lasker's Nim"); it follows by induction, since
/// the options of `4k + 3` reach every value below `4k + 3` but never
/// `4k + 3` itself (a split of an odd heap has one odd and one even part,
/// whose values have different residues mod 4 and so cannot xor to
/// `4k + 3`), and symmetrically for `4k + 4`. Checked against the
/// definition in the tests.
pub fn lasker_grundy(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, ImpartialGame};
    use crate::nimber::Nimber;
    use proptest::prelude::*;
    use sprague_core::budget::Budget;

    /// A take-and-break game as a game on sorted lists of heaps, solved by
    /// the generic solver: the brute force for the engines.
    struct Heaps(TakeBreak);

    impl ImpartialGame for Heaps {
        type Position = Vec<usize>;
        fn moves(&self, p: &Vec<usize>, out: &mut Vec<Vec<usize>>) {
            for (i, &h) in p.iter().enumerate() {
                self.0.for_each_option(h, |_, left| {
                    let mut q = p.clone();
                    q.remove(i);
                    q.extend_from_slice(left);
                    q.sort_unstable();
                    out.push(q);
                });
            }
        }
    }

    fn brute(rules: &TakeBreak, n: usize) -> Vec<u32> {
        let mut solver = GrundySolver::new(Heaps(rules.clone()), Budget::DEFAULT);
        (0..=n)
            .map(|h| {
                let position = if h == 0 { vec![] } else { vec![h] };
                solver.grundy(&position).unwrap().0 as u32
            })
            .collect()
    }

    fn both(rules: &TakeBreak, n: usize) -> (Vec<u32>, Vec<u32>) {
        let mut plain = GrundySequence::new(rules.clone(), Method::Plain);
        plain.extend_to(n).unwrap();
        let mut sparse = GrundySequence::new(rules.clone(), Method::SparseSpace);
        sparse.extend_to(n).unwrap();
        (plain.to_vec(), sparse.to_vec())
    }

    fn code(text: &str) -> TakeBreak {
        TakeBreak::from_code(&OctalCode::parse(text).unwrap())
    }

    #[test]
    fn lasker_matches_the_definition() {
        struct Lasker;
        impl ImpartialGame for Lasker {
            type Position = Vec<u64>;
            fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                for (i, &h) in p.iter().enumerate() {
                    let mut rest = p.clone();
                    rest.remove(i);
                    for left in 0..h {
                        let mut q = rest.clone();
                        if left > 0 {
                            q.push(left);
                        }
                        q.sort_unstable();
                        out.push(q);
                    }
                    for a in 1..=h / 2 {
                        let mut q = rest.clone();
                        q.extend([a, h - a]);
                        q.sort_unstable();
                        out.push(q);
                    }
                }
            }
        }
        let mut solver = GrundySolver::new(Lasker, Budget::DEFAULT);
        for n in 0..=24u64 {
            let p = if n == 0 { vec![] } else { vec![n] };
            assert_eq!(
                solver.grundy(&p).unwrap(),
                Nimber(lasker_grundy(n)),
                "heap {n}"
            );
        }
    }

    #[test]
    fn named_codes_match_brute_force() {
        for text in [
            "0.77", "0.07", "0.137", "0.6", "0.15", "0.007", "4.07", "0.f", "0.8", "4.4",
        ] {
            let rules = code(text);
            let expected = brute(&rules, 22);
            let (plain, sparse) = both(&rules, 22);
            assert_eq!(plain, expected, "{text}");
            assert_eq!(sparse, expected, "{text}");
        }
        let grundy = TakeBreak::grundys_game();
        let expected = brute(&grundy, 24);
        let (plain, sparse) = both(&grundy, 24);
        assert_eq!(plain, expected);
        assert_eq!(sparse, expected);
    }

    #[test]
    fn sparse_agrees_with_plain_far_out() {
        // Past the first reviews of the mask, on games with and without a
        // good sparse space.
        for text in [
            "0.77", "0.6", "0.007", "0.1777", "0.4", "0.26", "4.07", "0.35",
        ] {
            let (plain, sparse) = both(&code(text), 3000);
            assert_eq!(plain, sparse, "{text}");
        }
        let (plain, sparse) = both(&TakeBreak::grundys_game(), 3000);
        assert_eq!(plain, sparse);
    }

    #[test]
    fn officers_sparse_agrees_with_plain_past_two_byte_values() {
        // Officers has one split total per heap (the single-split path of
        // the engine) and values above 255 before heap 16 384 (two-byte cells).
        let (plain, sparse) = both(&code("0.6"), 20_000);
        assert!(plain.iter().any(|&v| v > 255));
        assert_eq!(plain, sparse);
    }

    #[test]
    fn resuming_a_checkpoint_gives_the_uninterrupted_values() {
        // Officers passes 255 before 16 384, so both widths are resumed.
        for (text, to, stops) in [
            ("0.6", 16_384, [100, 9000, 16_000]),
            ("0.1777", 6000, [10, 100, 2500]),
            ("0.007", 6000, [10, 100, 2500]),
            ("0.77", 6000, [10, 100, 2500]),
        ] {
            let rules = code(text);
            let mut whole = GrundySequence::new(rules.clone(), Method::SparseSpace);
            whole.extend_to(to).unwrap();
            if text == "0.6" {
                assert!(!whole.is_bytes());
            }
            for stop in stops {
                let mut part = GrundySequence::new(rules.clone(), Method::SparseSpace);
                part.extend_to(stop).unwrap();
                let bytes = part.to_checkpoint(text);
                let mut resumed = GrundySequence::from_checkpoint(
                    rules.clone(),
                    Method::SparseSpace,
                    text,
                    &bytes[..],
                )
                .unwrap();
                assert_eq!(resumed.len(), stop + 1);
                resumed.extend_to(to).unwrap();
                assert_eq!(resumed.to_vec(), whole.to_vec(), "{text} stopped at {stop}");
            }
        }
        // A checkpoint of other rules is refused as such (damaged and
        // truncated ones are tested in `checkpoint`).
        let mut g = GrundySequence::new(code("0.77"), Method::SparseSpace);
        g.extend_to(100).unwrap();
        let bytes = g.to_checkpoint("kayles");
        assert_eq!(
            GrundySequence::from_checkpoint(
                code("0.07"),
                Method::SparseSpace,
                "dawson",
                &bytes[..]
            )
            .unwrap_err(),
            CheckpointError::OtherTable {
                made_for: "kayles".to_string(),
                expected: "dawson".to_string()
            }
        );
        // Kayles and 0.77 are one game, with one sequence.
        assert!(
            GrundySequence::from_checkpoint(
                code("0.77"),
                Method::SparseSpace,
                "octal[0.77]",
                &bytes[..]
            )
            .is_ok()
        );
    }

    #[test]
    fn a_sequence_on_disk_has_the_values_of_one_in_memory() {
        // Officers (two-byte values, widened on disk at heap 2^14 or so),
        // Dawson's Chess (bytes) and Treblecross, each moved to disk from
        // the start and partway, with a window far shorter than the run.
        let dir = std::env::temp_dir().join(format!("sprague-disk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plan = DiskPlan {
            dir: dir.clone(),
            start: 1 << 16,
            window: 1 << 16,
        };
        let to = 1 << 19;
        for text in ["0.6", "0.137", "0.007"] {
            let mut memory = GrundySequence::new(code(text), Method::SparseSpace);
            memory.extend_to(to).unwrap();
            for moved_at in [0, 5000] {
                let mut disk = GrundySequence::new(code(text), Method::SparseSpace);
                if moved_at > 0 {
                    disk.extend_to(moved_at).unwrap();
                }
                disk.keep_on_disk(&plan, text, 1000).unwrap();
                disk.extend_to(to).unwrap();
                let path = disk.disk_path().unwrap().to_path_buf();
                assert!(path.starts_with(&dir));
                assert_eq!(disk.to_vec(), memory.to_vec(), "{text} moved at {moved_at}");
                assert_eq!(disk.is_bytes(), memory.is_bytes(), "{text}");
                // The same checkpoint, whatever the storage.
                assert_eq!(disk.to_checkpoint(text), memory.to_checkpoint(text));
                drop(disk);
                assert!(!path.exists(), "the values file goes with the values");
            }
        }
        std::fs::remove_dir(&dir).unwrap();
    }

    /// The least period with `2·p ≤ len`, by the definition.
    fn short_period_by_definition(w: &[u8]) -> Option<usize> {
        (1..=w.len() / 2).find(|&p| (p..w.len()).all(|i| w[i] == w[i - p]))
    }

    #[test]
    fn searching_the_first_half_finds_the_least_short_period() {
        // Words made periodic from some point, over small alphabets (where
        // near-periods abound), and the cases with many failed occurrences.
        let mut cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![1],
            vec![0, 0],
            vec![0, 1],
            vec![0; 1000],
            [vec![0; 500], vec![1], vec![0; 499]].concat(),
            [vec![0; 300], vec![1], vec![0; 699]].concat(),
            (0..999).map(|i| u8::from(i % 7 == 0)).collect(),
            (0..1000)
                .map(|i| u8::from(i % 7 == 0 || i == 990))
                .collect(),
        ];
        let mut x = 12345u32;
        for len in [3, 10, 64, 200, 1000] {
            for alphabet in [2, 3, 5] {
                for period in [1, 2, 3, 7, 30, 90, 400] {
                    // Periodic throughout, or only from a third of the way.
                    for from in [0, len / 3] {
                        let mut w: Vec<u8> = Vec::new();
                        for i in 0..len {
                            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                            let v = (x >> 16) as u8 % alphabet;
                            w.push(if i >= period && i >= from {
                                w[i - period]
                            } else {
                                v
                            });
                        }
                        cases.push(w);
                    }
                }
            }
        }
        let mut periodic = 0;
        for w in &cases {
            let expected = short_period_by_definition(w);
            periodic += usize::from(expected.is_some());
            if let Ok(found) = short_period_by_search(w) {
                assert_eq!(found, expected, "{w:?}");
            }
            let p = prefix_period(w, &mut Vec::new());
            assert_eq!((p > 0 && 2 * p <= w.len()).then_some(p), expected, "{w:?}");
        }
        assert!(
            periodic > 50,
            "{periodic} of {} cases periodic",
            cases.len()
        );
        // A run of zeros with one 1 in the second half: the start occurs at
        // every q up to the half, and each fails; the search gives up.
        let w = [vec![0; 5000], vec![1], vec![0; 4999]].concat();
        assert_eq!(short_period_by_definition(&w), None);
        assert_eq!(short_period_by_search(&w), Err(()));
        let p = prefix_period(&w, &mut Vec::new());
        assert!(2 * p > w.len());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_codes_match_brute_force(
            d0 in prop::sample::select(vec![0u8, 4]),
            digits in prop::collection::vec(0u8..8, 1..5),
        ) {
            let mut all = vec![d0];
            all.extend(&digits);
            let code = OctalCode::from_digits(&all).unwrap();
            let rules = TakeBreak::from_code(&code);
            let expected = brute(&rules, 18);
            let (plain, sparse) = both(&rules, 18);
            prop_assert_eq!(&plain, &expected);
            prop_assert_eq!(&sparse, &expected);
            let (plain, sparse) = both(&rules, 400);
            prop_assert_eq!(plain, sparse);
        }

        #[test]
        fn random_hexadecimal_codes_match_brute_force(
            digits in prop::collection::vec(0u8..16, 1..4),
        ) {
            let mut all = vec![0];
            all.extend(&digits);
            let rules = TakeBreak::from_code(&OctalCode::from_digits(&all).unwrap());
            let expected = brute(&rules, 14);
            let (plain, sparse) = both(&rules, 14);
            prop_assert_eq!(&plain, &expected);
            prop_assert_eq!(&sparse, &expected);
        }
    }
}
