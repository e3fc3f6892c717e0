//! `sprague table RULESET [--from A] [--to N] [--misere] [--period [--max N]] [--json | --csv] [--summary] [--plot FILE] [--checkpoint FILE [--checkpoint-every SECONDS]] [--resume FILE] [--certificate FILE]`: the Grundy
//! values of a one-heap family, for making tables and finding patterns;
//! with `--misere`, the misère Grundy values and each heap's genus.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;
use sprague::json::{PeriodJson, TableJson};
use sprague::rulesets::{PeriodReport, SearchEnd};
use sprague::syntax::parse_ruleset;
use sprague::{Budget, HeapFamily, Periodicity, SolveError};

use crate::failure::Failure;
use sprague::durable::{check_output_path, not_a_regular_file, write_atomically};

mod figures;
mod grid;

#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The family, e.g. `subtraction[2,5]` or `takeaway[1,3]`; or a game of
    /// two interacting numbers, e.g. `wythoff`, `maundy`, `euclid`, `cut`
    /// (a table of every `NAME(a, b)`).
    ruleset: String,
    /// The first heap size (default 0); for a game of two numbers, the
    /// first row and column, AxB (default 0x0, or 1x1 where the numbers
    /// start at 1).
    #[arg(long = "from", value_name = "A|AxB", value_parser = extent, allow_negative_numbers = true)]
    from_extent: Option<Extent>,
    /// The last heap size (default: 100, or two periods past the
    /// preperiod with `--period`); for a game of two numbers, the last row
    /// and column, AxB (default 20x20): `--to 20x20` tabulates NAME(a, b)
    /// for a, b = 0..=20.
    #[arg(long = "to", value_name = "N|AxB", value_parser = extent, allow_negative_numbers = true)]
    to_extent: Option<Extent>,
    /// The first heap, once the table is known to be of one heap.
    #[arg(skip)]
    from: u64,
    /// The last heap, once the table is known to be of one heap.
    #[arg(skip)]
    to: Option<u64>,
    /// Find the period (least preperiod and period) and say whether a
    /// theorem certifies it for every heap size.
    #[arg(long)]
    period: bool,
    /// With --period, for take-and-break games: the last heap the period
    /// search may compute (default 2^32, and the search stops earlier where
    /// memory would run out; with --to, the larger of --to and --budget). A
    /// --max whose storage (2 bytes per heap, and up to 1 GiB for the
    /// period detector) exceeds the memory available is refused, unless
    /// --disk keeps the values on disk.
    #[arg(
        long,
        value_parser = last_heap,
        requires = "period",
        allow_negative_numbers = true
    )]
    max: Option<u64>,
    /// Print what describes the sequence instead of its values: the
    /// period, the largest value and where it first occurs, and for
    /// take-and-break games the rare values.
    #[arg(long, conflicts_with = "csv")]
    summary: bool,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print a header line `n,value`, then one `n,value` line per heap.
    #[arg(long)]
    csv: bool,
    /// Draw a scatter of G(n) against n to FILE (.svg or .png): the zeros
    /// (P-positions) in red, rare values in violet, with --period the
    /// periodic part shaded, and a legend. Only the plot is written unless
    /// --json, --csv or --summary asks for the values too.
    #[arg(long, value_name = "FILE")]
    plot: Option<std::path::PathBuf>,
    /// Save the values computed so far to FILE as the run goes (after the
    /// first 2^20 heaps, then every 30 seconds, on Ctrl-C and at the end),
    /// for `--resume`. The file is checksummed and replaced atomically: a
    /// crash or `kill -9` leaves the previous checkpoint or the new one.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: the least time between two checkpoints, in
    /// seconds (0 saves after every 2^20 heaps). By default 30, or 20 times
    /// as long as the last checkpoint took to write if that is longer, so
    /// that writing them costs at most about 5% of the run. Each checkpoint
    /// writes every value, so a short interval costs time.
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = seconds)]
    checkpoint_every: Option<Duration>,
    /// Continue from a checkpoint FILE written by `--checkpoint` for the
    /// same rules: the values are the same as an uninterrupted run's. A
    /// file that is not a checkpoint, of another version, truncated,
    /// damaged or of another table is refused, saying which.
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
    /// With --period, for octal games: write the proof of the period to
    /// FILE (gzip: the claim as a JSON line, then the values it rests on),
    /// for `scripts/check-certificate.py`, a checker that shares no code
    /// with the engine (docs/certificates.md). Refused when no period is
    /// certified; written atomically.
    #[arg(long, value_name = "FILE", requires = "period")]
    certificate: Option<std::path::PathBuf>,
    /// For take-and-break games: when the values (2 bytes a heap, and up
    /// to 1 GiB for the period detector) would not fit in the memory
    /// available (--memory), keep them in a memory-mapped file in DIR, its
    /// room reserved at the start, with the first and the last values in
    /// memory; the values are the same. The file is removed at the end; a
    /// run resumes from its --checkpoint, not from it.
    #[arg(long, value_name = "DIR")]
    disk: Option<std::path::PathBuf>,
    /// The memory the table may use, in bytes, with an optional K, M or G
    /// (powers of 1024): by default the memory available (`MemAvailable`,
    /// within the cgroup's limit).
    #[arg(long, value_name = "BYTES", value_parser = byte_size)]
    memory: Option<u64>,
    /// Misère play: the misère Grundy values G⁻(n) and each heap's genus
    /// (from the heaps' misère canonical forms, within --budget and
    /// --time-limit). With --period, the period observed in G⁻, which no
    /// theorem certifies.
    #[arg(long, conflicts_with_all = ["certificate", "checkpoint", "resume", "max", "disk"])]
    misere: bool,
    /// Instead of the value, these figures of `analyze --json` for each
    /// position, comma-separated: value, outcome, grundy, left_stop,
    /// right_stop, mean, temperature, birthday, atomic_weight, reduced,
    /// stop_count, thermograph, incentives (with --misere: outcome, grundy,
    /// genus); a figure of a game-valued figure after a dot, as in
    /// atomic_weight.temperature.
    #[arg(long, value_name = "NAME,...", value_delimiter = ',')]
    field: Vec<String>,
    /// List only the positions whose figures satisfy EXPR: comparisons
    /// FIELD OP VALUE (OP one of >, >=, <, <=, ==, !=) joined by `and`,
    /// games and numbers compared as games (`temperature > 0`,
    /// `atomic_weight != 0`, `outcome == N`).
    #[arg(long = "where", value_name = "EXPR")]
    filter: Option<String>,
    /// Lay a sequence out K to a row (each row led by its first n), as
    /// CGSuite's PeriodicTable; `period`: by the period found.
    #[arg(long, value_name = "K|period")]
    layout: Option<String>,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// A number of bytes on the command line (`1048576`, `512M`, `16G`).
fn byte_size(text: &str) -> Result<u64, String> {
    let (digits, shift) = match text.strip_suffix(['K', 'M', 'G']) {
        Some(d) => (
            d,
            10 * (1 + "KMG".find(&text[d.len()..]).unwrap_or(0) as u32),
        ),
        None => (text, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{text}` is not a number of bytes (write 1048576, 512M or 16G)"))
}

/// A time in seconds on the command line (`30`, `0.5`).
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("`{text}` is not a number of seconds (write 30 or 0.5)"))
}

/// Heaps computed in one step of a long run (between two looks at Ctrl-C
/// and two updates of the progress line).
const STEP: u64 = 1 << 20;

/// The least time between two checkpoints unless `--checkpoint-every`
/// says otherwise: each writes every value, so writing after every step
/// would cost time quadratic in the run.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);

/// Unless `--checkpoint-every` is given, the time between two checkpoints
/// is also at least this many times what the last one took to write, so
/// that checkpoints take at most about 1/20 of the run however large the
/// table grows (2^32 heaps of Officers write 8.6 GB: 10 to 15 s here).
const CHECKPOINT_SHARE: u32 = 20;

/// The least time until the next checkpoint, after one that took `took`
/// to write: `every` when the user chose it, else the default, stretched
/// so that writing stays a small share of the run.
fn checkpoint_interval(every: Option<Duration>, took: Duration) -> Duration {
    every.unwrap_or_else(|| CHECKPOINT_EVERY.max(took * CHECKPOINT_SHARE))
}

/// The default last heap of a period search without `--to` (SPEC).
pub(crate) const DEFAULT_MAX: u64 = 1 << 32;

/// The bytes per value of the range printed that this program holds
/// itself (the values as nimbers and as integers) for rows, JSON and plots;
/// a summary and CSV take them a step at a time.
const HELD_BYTES_PER_VALUE: u64 = 16;

/// The budget of the period search: its last heap (`--max`; with `--to`,
/// the larger of `--to` and the budget; otherwise an explicit `--budget`,
/// else 2^32) as a budget of values, and the memory it may fill. An
/// explicit `--max` whose values cannot fit in memory is refused before
/// anything is computed; the default horizon is not, since the search
/// stops by itself (and says so) where memory would run out.
fn search_budget(args: &Args, budget: &Budget) -> Result<Budget, Failure> {
    let limit = budget.memory_bytes.unwrap_or(u64::MAX);
    let explicit = args.limits.explicit_budget();
    let max = match (args.max, args.to) {
        (Some(max), _) => {
            let needed = sprague::sequence_bytes(max.saturating_add(1));
            if needed > limit && args.disk.is_none() {
                let gib = sprague::bytes_text;
                return Err(Failure::user(format!(
                    "a period search up to heap {max} may need {} ({} bytes per heap and up to {} for the period detector), more than the {} of memory available: give a smaller --max, or --disk DIR",
                    gib(needed),
                    sprague::BYTES_PER_HEAP,
                    gib(sprague::DETECTOR_BYTES),
                    gib(limit)
                )));
            }
            max
        }
        (None, Some(to)) => to.max(budget.max_positions.saturating_sub(1)),
        (None, None) => explicit.map_or(DEFAULT_MAX, |b| b.saturating_sub(1)),
    };
    Ok(Budget {
        max_positions: max.saturating_add(1),
        ..*budget
    })
}

/// Refuses, before any work, an output path that is there and is not a
/// regular file (a device node, a FIFO, a symbolic link, a directory):
/// each is written by a rename over it, which would replace it; and a
/// plot that is neither .svg nor .png.
fn check_outputs(args: &Args) -> Result<(), Failure> {
    let outputs = [
        ("--plot", &args.plot),
        ("--checkpoint", &args.checkpoint),
        ("--certificate", &args.certificate),
    ];
    for (flag, path) in outputs {
        if let Some(path) = path {
            check_output_path(path).map_err(|e| Failure::user(format!("{flag}: {e}")))?;
        }
    }
    if let Some(path) = &args.plot {
        crate::plot::format(path)?;
    }
    Ok(())
}

/// Writes the family's checkpoint to `path` atomically, so that a crash,
/// `kill -9` or a power cut at any moment leaves either the previous
/// checkpoint or the new one, whole (see [`write_atomically`]). The values
/// go from the family to the file a chunk at a time, through a buffer: a
/// checkpoint costs no memory beside the values themselves.
fn save_checkpoint(family: &dyn HeapFamily, path: &Path) -> Result<(), Failure> {
    if !family.has_checkpoints() {
        return Err(Failure::user(format!(
            "`{}` has no checkpoints (its values are quick to compute)",
            family.ruleset()
        )));
    }
    // `FILE.tmp` beside `FILE`: one fixed name, so a run killed while
    // writing leaves at most one stale temporary file, which the next
    // checkpoint overwrites.
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    // On an error (a full disk) the temporary file is removed and the
    // checkpoint at `path` is untouched.
    write_atomically(path, &tmp, |out| family.write_checkpoint(out))
        .map_err(|e| Failure::user(format!("cannot write checkpoint {}: {e}", path.display())))
}

/// Reads the checkpoint at `path` and continues `family` from it. Only a
/// regular file is read, and no more of it than its header says it holds,
/// so that naming a device, a pipe or a large foreign file by mistake is a
/// quick, clear error. The values go from the file into the family's own
/// vector a chunk at a time: resuming holds them once.
fn resume_from(family: &dyn HeapFamily, path: &Path, on_disk: bool) -> Result<(), Failure> {
    let refuse = |why: &dyn std::fmt::Display| {
        Failure::user(format!("cannot resume from {}: {why}", path.display()))
    };
    // Checked by path before opening (opening a FIFO waits for a writer,
    // for ever), and again through the handle (the path may have changed).
    let regular = |metadata: std::io::Result<std::fs::Metadata>| {
        let metadata = metadata.map_err(|e| refuse(&e))?;
        match not_a_regular_file(&metadata) {
            None => Ok(()),
            Some(kind) => Err(refuse(&format_args!("it is {kind}, not a regular file"))),
        }
    };
    regular(std::fs::metadata(path))?;
    let file = std::fs::File::open(path).map_err(|e| refuse(&e))?;
    regular(file.metadata())?;
    let mut frame = Vec::new();
    let mut reader = std::io::BufReader::new(file);
    (&mut reader)
        .take(sprague::CHECKPOINT_FRAME_MAX as u64)
        .read_to_end(&mut frame)
        .map_err(|e| refuse(&e))?;
    let length = match sprague::checkpoint_length(&frame) {
        Ok(length) => length,
        // Fewer bytes than a header holds: the file is all there is.
        Err(e) => return Err(refuse(&e)),
    };
    // The header's checksum matched, so `length` is what was written; one
    // byte more is read to tell a longer (damaged) file from a whole one.
    // With --disk the values go to a file, whose room is checked there.
    let limit = crate::limits::memory_limit();
    if length > limit && !on_disk {
        return Err(refuse(&format_args!(
            "it holds {length} bytes, more than this machine's memory"
        )));
    }
    let rest = reader.take((length + 1).saturating_sub(frame.len() as u64));
    let mut input = std::io::Cursor::new(frame).chain(rest);
    family.resume(&mut input).map_err(|e| refuse(&e))
}

#[derive(Debug, Serialize)]
struct SummaryJson {
    ruleset: String,
    from: u64,
    to: u64,
    largest: u64,
    largest_at: u64,
    /// The CRC-32 of the values written one a line in decimal (see
    /// `ValuesCrc`).
    crc32: u32,
    period: Option<PeriodJson>,
    rare: Option<RareJson>,
}

/// The CRC-32 (gzip's, `zlib.crc32` in Python) of values written one a line
/// in decimal, `"0\n1\n1\n2\n..."`: a fingerprint of a summarised range,
/// so that two runs (one interrupted and resumed, one on another machine,
/// or another program's table) can be compared without their values. It
/// depends on the values only, not on how they are stored.
struct ValuesCrc {
    hasher: crc32fast::Hasher,
    line: String,
}

impl ValuesCrc {
    fn new() -> ValuesCrc {
        ValuesCrc {
            hasher: crc32fast::Hasher::new(),
            line: String::new(),
        }
    }

    fn add(&mut self, values: &[u64]) {
        use std::fmt::Write as _;
        self.line.clear();
        for v in values {
            // Writing to a String cannot fail.
            let _ = writeln!(self.line, "{v}");
        }
        self.hasher.update(self.line.as_bytes());
    }

    fn finish(self) -> u32 {
        self.hasher.finalize()
    }
}

#[derive(Debug, Serialize)]
struct RareJson {
    mask: u32,
    domain: bool,
    count: usize,
    heaps: Vec<[u64; 2]>,
}

/// A heap size on the command line: decimal, or a power `a^b` as in
/// positions (`--to 2^20`).
fn heap_size(text: &str) -> Result<u64, String> {
    if text.trim().starts_with('-') {
        return Err(format!(
            "`{text}`: a heap size cannot be negative (give 0 or more)"
        ));
    }
    let number = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{text}` is not a heap size (write 1000000 or 2^20)"))
    };
    match text.split_once('^') {
        None => number(text),
        Some((base, exponent)) => {
            let (base, exponent) = (number(base)?, number(exponent)?);
            u32::try_from(exponent)
                .ok()
                .and_then(|e| base.checked_pow(e))
                .ok_or_else(|| format!("`{text}` is larger than {}", u64::MAX))
        }
    }
}

/// The size given to `--from` or `--to`: one heap, or a cell `AxB` of a
/// game of two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    Heap(u64),
    Grid(u64, u64),
}

/// `--to N` or `--to AxB` (each number as [`heap_size`] reads it).
fn extent(text: &str) -> Result<Extent, String> {
    match text.split_once(['x', 'X', '×']) {
        None => heap_size(text).map(Extent::Heap),
        Some((a, b)) => Ok(Extent::Grid(heap_size(a)?, heap_size(b)?)),
    }
}

/// The last heap of a period search (`--max`): a heap size of at least 1,
/// since a search that may compute only `G(0)` can never see a period.
fn last_heap(text: &str) -> Result<u64, String> {
    match heap_size(text)? {
        0 => Err("a period search needs at least heaps 0 and 1 (give 1 or more)".to_string()),
        max => Ok(max),
    }
}

/// The period of a family that does not search for it step by step (a
/// closed form, or a subtraction game's own search), within `--max`: a
/// period whose proof rests on values past heap `max` is not certified
/// there, and the report says "up to heap `max`" as a take-and-break
/// game's would.
fn period_within_max(
    family: &dyn HeapFamily,
    max: u64,
    budget: &Budget,
) -> Result<(Option<Periodicity>, Option<PeriodReport>), Failure> {
    let values = max.saturating_add(1);
    let within = Budget {
        max_positions: values,
        ..*budget
    };
    let refused = || PeriodReport {
        periodicity: None,
        end: SearchEnd::Budget { values },
        computed: values,
    };
    match family.periodicity(&within) {
        Ok(Some(p)) if p.certified_at <= values => Ok((Some(p), None)),
        Ok(_) | Err(sprague::SolveError::BudgetExceeded { .. }) => Ok((None, Some(refused()))),
        Err(e) => Err(e.into()),
    }
}

/// Makes Ctrl-C (and SIGTERM or SIGHUP: a `kill`, a closed terminal, a
/// batch system's time limit) ask a checkpointed run to stop after its
/// current step, once the checkpoint is written; a second signal ends the
/// program at once (the checkpoint on disk is always whole: it is written
/// to a temporary file and renamed).
fn stop_on_ctrl_c() -> Result<Arc<AtomicBool>, Failure> {
    let flag = Arc::new(AtomicBool::new(false));
    let handler_flag = Arc::clone(&flag);
    ctrlc::set_handler(move || {
        if handler_flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("\nstopping after the current step, once the checkpoint is saved (Ctrl-C again to quit now)");
    })
    .map_err(|e| Failure::Internal(anyhow::anyhow!("cannot catch Ctrl-C: {e}")))?;
    Ok(flag)
}

/// A long run computed in steps: after each, a checkpoint when one is due,
/// a stop on Ctrl-C (once the checkpoint is saved), and on a terminal a
/// progress line with rate and ETA.
struct Steps<'a> {
    family: &'a dyn HeapFamily,
    checkpoint: Option<&'a Path>,
    /// The least time between two checkpoints, if the user chose it.
    every: Option<Duration>,
    interrupted: Option<Arc<AtomicBool>>,
    terminal: bool,
    /// When the last checkpoint was saved, and how long saving it took.
    last_save: Option<(Instant, Duration)>,
    /// Whether a progress line is on the screen, to be ended.
    progress_shown: bool,
}

impl Steps<'_> {
    /// After a step that computed every value up to heap `reached`.
    fn after(&mut self, reached: u64) -> Result<(), Failure> {
        let Some(path) = self.checkpoint else {
            return Ok(());
        };
        let stop = self
            .interrupted
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::SeqCst));
        let due = self
            .last_save
            .is_none_or(|(at, took)| at.elapsed() >= checkpoint_interval(self.every, took));
        if stop || due {
            let begun = Instant::now();
            save_checkpoint(self.family, path)?;
            self.last_save = Some((Instant::now(), begun.elapsed()));
        }
        if stop {
            self.end_progress();
            return Err(Failure::Internal(anyhow::anyhow!(
                "interrupted at heap {reached}: {} holds every value so far; \
                 continue with --resume {}",
                path.display(),
                path.display()
            )));
        }
        Ok(())
    }

    /// Shows `what`: `reached` of `last` heaps, begun at `start`. With
    /// `ends_at_last` the run goes to `last` and the line gives the time
    /// left; a period search usually stops long before its limit, so its
    /// line gives the limit but no time left (a time to the limit would
    /// promise a wait that almost never happens).
    fn progress(
        &mut self,
        what: &str,
        reached: u64,
        last: u64,
        start: Instant,
        ends_at_last: bool,
    ) {
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        let rate = reached as f64 / seconds;
        if ends_at_last {
            let eta = (last - reached) as f64 / rate.max(1.0);
            eprint!(
                "\r{what}: {reached}/{last} heaps ({:.0}%), {rate:.0} heaps/s, {eta:.0} s left   ",
                reached as f64 * 100.0 / last as f64
            );
        } else {
            eprint!(
                "\r{what}: heap {reached} (stops when a period is proved, at heap {last} at most), {rate:.0} heaps/s   "
            );
        }
        self.progress_shown = true;
    }

    fn end_progress(&mut self) {
        if std::mem::take(&mut self.progress_shown) {
            eprintln!();
        }
    }

    /// Saves the last checkpoint.
    fn finish(&mut self) -> Result<(), Failure> {
        self.end_progress();
        match self.checkpoint {
            Some(path) => save_checkpoint(self.family, path),
            None => Ok(()),
        }
    }
}

/// Searches the period of a take-and-break family within `budget` (see
/// [`search_budget`]) by the library's one period search, which continues
/// until a period is proved or a limit is reached; every [`STEP`] heaps it
/// hands back here for a checkpoint, Ctrl-C and the progress line.
fn search_period(steps: &mut Steps, budget: &Budget) -> Result<PeriodReport, Failure> {
    let start = Instant::now();
    let family = steps.family;
    let max = budget.max_positions.saturating_sub(1);
    let mut next_mark = STEP;
    let mut failure = None;
    let mut announced = false;
    let report = family.search_period(budget, &mut |computed| {
        if computed < next_mark {
            return true;
        }
        next_mark = computed.saturating_add(STEP);
        let reached = computed - 1;
        if let Err(e) = steps.after(reached) {
            failure = Some(e);
            return false;
        }
        if !announced && start.elapsed() >= ANNOUNCE_AFTER {
            // Once, on any output: a run that may go on for hours says so.
            announced = true;
            eprintln!(
                "{}",
                announcement(family, reached, max, start.elapsed().as_secs_f64())
            );
        }
        if steps.terminal {
            steps.progress("period search", reached, max, start, false);
        }
        true
    })?;
    steps.end_progress();
    match failure {
        Some(e) => Err(e),
        None => Ok(report),
    }
}

/// With `--disk DIR`: the values of the table (up to `to`, or the period
/// search's last heap) go to a file in `dir` if they would not fit in
/// memory, and the table says so, with what goes where; or says that the
/// file is not needed. A family that keeps no values refuses `--disk`.
fn keep_on_disk(
    family: &dyn HeapFamily,
    dir: &Path,
    to: Option<u64>,
    search: Option<&Budget>,
    budget: &Budget,
) -> Result<(), Failure> {
    if !family.has_checkpoints() {
        // As --checkpoint is: the flag was silently ignored.
        return Err(Failure::user(format!(
            "--disk is for take-and-break games, which keep their values: `{}` keeps none (its values are quick to compute)",
            family.ruleset()
        )));
    }
    let memory = budget.memory_bytes.unwrap_or(u64::MAX);
    let unused = |heaps: &dyn std::fmt::Display| {
        eprintln!(
            "table: --disk {} is not used: the values {heaps} fit in the {} of memory",
            dir.display(),
            sprague::bytes_text(memory)
        );
    };
    let heaps = match (search, to) {
        (Some(search), _) => search.max_positions,
        (None, Some(to)) => to.saturating_add(1),
        (None, None) => {
            unused(&"of the default table");
            return Ok(());
        }
    };
    let used = family.keep_on_disk(dir, memory, heaps)?;
    if used.is_none() {
        unused(&format_args!("through heap {}", heaps - 1));
    }
    if let Some(used) = used {
        let size = sprague::bytes_text;
        eprintln!(
            "table: the values of {} through heap {} do not fit in {} of memory: {} go to a file in {} (room reserved now), {} stay in memory (the first and the last {} heaps, and the period detector)",
            family.ruleset(),
            heaps - 1,
            size(memory),
            size(used.disk_bytes),
            dir.display(),
            size(used.memory_bytes),
            used.plan.window,
        );
    }
    Ok(())
}

/// How long a period search runs before it says what it is doing.
const ANNOUNCE_AFTER: Duration = Duration::from_secs(1);

/// What a period search that has run `seconds` to heap `reached` is: what
/// it computes, how far it may go (heaps, memory, time at its rate so far)
/// and how to bound it.
fn announcement(family: &dyn HeapFamily, reached: u64, max: u64, seconds: f64) -> String {
    let rate = reached as f64 / seconds.max(1e-9);
    let left = max.saturating_sub(reached) as f64 / rate.max(1e-9);
    // In memory (on disk, the part that stays in memory).
    let kept = family.kept_bytes(max.saturating_add(1)).unwrap_or(0);
    let size = sprague::bytes_text(kept);
    let time = if left < 90.0 {
        format!("{left:.0} s")
    } else if left < 5400.0 {
        format!("{:.0} min", left / 60.0)
    } else {
        format!("{:.1} h", left / 3600.0)
    };
    format!(
        "table: searching the period of {}: values heap by heap until a period is proved, through heap {max} at most ({size}, at most {time} at {rate:.0} heaps/s); --max N or --time-limit SECONDS bounds it",
        family.ruleset()
    )
}

/// The line that says what is known of the period: the period found, and
/// when it is not certified, why the search ended, with the numbers.
fn period_line(periodicity: Option<Periodicity>, report: Option<&PeriodReport>) -> String {
    let saltus = |p: &Periodicity| {
        if p.saltus > 0 {
            format!(
                ", saltus {} (G(n + {}) = G(n) + {})",
                p.saltus, p.period, p.saltus
            )
        } else {
            String::new()
        }
    };
    let seen = |p: &Periodicity| {
        format!(
            " (the values so far repeat with period {} from heap {}{})",
            p.period,
            p.preperiod,
            if p.saltus > 0 {
                format!(", saltus {}", p.saltus)
            } else {
                String::new()
            }
        )
    };
    match (periodicity, report) {
        (Some(p), _) if p.certified && p.certified_at == 0 => format!(
            "period {}, preperiod {}{}, certified by a closed form",
            p.period,
            p.preperiod,
            saltus(&p)
        ),
        (Some(p), _) if p.certified => format!(
            "period {}, preperiod {}{}, certified by G(0..={})",
            p.period,
            p.preperiod,
            saltus(&p),
            p.certified_at - 1
        ),
        (Some(p), Some(r)) if r.end == SearchEnd::Unprovable => format!(
            "period {}, preperiod {}{}, observed on G(0..={}), not certified: no theorem the engine knows proves this arithmetic period",
            p.period,
            p.preperiod,
            saltus(&p),
            r.computed.saturating_sub(1)
        ),
        (p, Some(r)) => {
            // At the budget (`--max`), the heap it allows: a search resumed
            // from a longer checkpoint says what an uninterrupted one says.
            let last = match r.end {
                SearchEnd::Budget { values } => values.min(r.computed),
                _ => r.computed,
            }
            .saturating_sub(1);
            let why = match r.end {
                SearchEnd::Budget { .. } => String::new(),
                SearchEnd::Memory { values, bytes } => format!(
                    ": computing further would need more memory than the {} available ({values} heaps fit)",
                    sprague::bytes_text(bytes),
                ),
                _ => format!(": {r}"),
            };
            format!(
                "no period certified up to heap {last}{why}{}",
                p.map(|p| seen(&p)).unwrap_or_default()
            )
        }
        (Some(p), None) => format!(
            "period {}, preperiod {}{}, not certified",
            p.period,
            p.preperiod,
            saltus(&p)
        ),
        (None, None) => "no period found".to_string(),
    }
}

/// The most values of a period, and of rare heaps, a summary lists (the
/// text says `… (k more)` after them, the JSON gives the count).
const SUMMARY_LISTED: usize = 100;

/// `values`, separated by `sep`, the first [`SUMMARY_LISTED`] of `total`,
/// with `… (k more)` after them when some were left out.
fn listed(values: impl Iterator<Item = String>, total: usize, sep: &str) -> String {
    let shown: Vec<String> = values.take(SUMMARY_LISTED).collect();
    let mut text = shown.join(sep);
    if total > shown.len() {
        text.push_str(&format!("{sep}… ({} more)", total - shown.len()));
    }
    text
}

/// The values of one period: what repeats from the preperiod on.
fn period_values_line(
    family: &dyn HeapFamily,
    p: Periodicity,
    budget: &Budget,
) -> Result<String, Failure> {
    let first = p.preperiod;
    let shown = p.period.min(SUMMARY_LISTED as u64);
    let values = family.grundy_values(first, first + shown - 1, budget)?;
    Ok(format!(
        "the period's values, G({first}..={}): {}",
        first + p.period - 1,
        listed(
            values.iter().map(|g| g.0.to_string()),
            usize::try_from(p.period).unwrap_or(usize::MAX),
            " "
        )
    ))
}

/// The rare heaps among `from..=to`, for families computed by
/// Flammenkamp's sparse-space method, with what "rare" means.
fn rare_line(family: &dyn HeapFamily, from: u64, to: u64) -> Option<String> {
    let r = family.rare_values(usize::MAX)?;
    let heaps: Vec<&(u64, u64)> = r
        .heaps
        .iter()
        .filter(|&&(n, _)| (from..=to).contains(&n))
        .collect();
    let rule = format!(
        "the values are split in two classes by the parity of their 1 bits under the mask {}{}, and the rare class is the one few heaps fall in",
        r.mask,
        if r.domain {
            " and of the heap size"
        } else {
            ""
        }
    );
    Some(format!(
        "rare values in G({from}..={to}) ({rule}): {} heaps{}{}",
        heaps.len(),
        if heaps.is_empty() { "" } else { ": " },
        listed(
            heaps.iter().map(|(n, v)| format!("G({n}) = {v}")),
            heaps.len(),
            ", "
        )
    ))
}

/// Calls `f(first heap, values)` on the values of heaps `from..=to`, a
/// step at a time, so that a summary or CSV of a long run needs no memory
/// beyond the family's own.
fn for_each_chunk(
    family: &dyn HeapFamily,
    from: u64,
    to: u64,
    budget: &Budget,
    mut f: impl FnMut(u64, &[u64]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut first = from;
    loop {
        let last = first.saturating_add(STEP - 1).min(to);
        let values: Vec<u64> = family
            .grundy_values(first, last, budget)?
            .into_iter()
            .map(|g| g.0)
            .collect();
        f(first, &values)?;
        if last >= to {
            return Ok(());
        }
        first = last + 1;
    }
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    check_outputs(args)?;
    let syntax = parse_ruleset(&args.ruleset)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    if figures::wanted(args, &syntax) {
        return figures::run(args, &syntax, budget);
    }
    let (from, to) = match grid::plan(args, &syntax)? {
        grid::Plan::Grid => return grid::run(args, &syntax, budget),
        grid::Plan::Heaps { from, to } => (from, to),
    };
    let args = &Args {
        from,
        to,
        ..args.clone()
    };
    let family = sprague::rulesets::family(&syntax)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    let budget = &Budget {
        memory_bytes: args.memory.or(budget.memory_bytes),
        ..*budget
    };
    if args.misere {
        return run_misere(args, family.as_ref(), budget);
    }
    let search = if args.period && family.searches_period() {
        Some(search_budget(args, budget)?)
    } else {
        None
    };
    // Before resuming: values kept on disk are resumed into their file.
    if let Some(dir) = &args.disk {
        keep_on_disk(family.as_ref(), dir, args.to, search.as_ref(), budget)?;
    }
    if let Some(path) = &args.resume {
        resume_from(family.as_ref(), path, args.disk.is_some())?;
    }
    let keeps_values = family.has_checkpoints();
    let mut steps = Steps {
        family: family.as_ref(),
        checkpoint: args.checkpoint.as_deref(),
        every: args.checkpoint_every,
        interrupted: args
            .checkpoint
            .as_ref()
            .map(|_| stop_on_ctrl_c())
            .transpose()?,
        terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        last_save: None,
        progress_shown: false,
    };
    // A table that is asked for up to a heap (`--to`) is checked against
    // memory before anything is computed; one whose end the period decides
    // is checked once the period is known.
    let held = if args.summary || args.csv {
        0
    } else {
        HELD_BYTES_PER_VALUE
    };
    let plan = |to: u64| {
        sprague::rulesets::table_budget(
            family.as_ref(),
            args.from.min(to),
            to,
            held,
            args.limits.explicit_budget(),
            *budget,
        )
        .map_err(|e| {
            let disk = if family.has_checkpoints() && args.disk.is_none() {
                ": --disk DIR keeps the values on disk"
            } else {
                ""
            };
            Failure::user(format!("{e}{disk}"))
        })
    };
    if let Some(to) = args.to {
        plan(to)?;
    }
    let (periodicity, report) = match (&search, args.max) {
        (Some(search), _) => {
            let report = search_period(&mut steps, search)?;
            (report.periodicity, Some(report))
        }
        (None, Some(max)) => period_within_max(family.as_ref(), max, budget)?,
        (None, None) if args.period => (family.periodicity(budget)?, None),
        (None, None) => (None, None),
    };
    if let Some(path) = &args.certificate {
        // Before any output: a refused certificate fails the command.
        let claim = sprague::certificate::claim(family.as_ref(), periodicity)?;
        sprague::certificate::write(path, &claim, family.as_ref(), budget)?;
        // On standard error: standard output may be the table itself.
        eprintln!(
            "certificate of period {}, preperiod {} ({} values) written to {}",
            claim.period,
            claim.preperiod,
            claim.bound,
            path.display()
        );
    }
    let to = sprague::rulesets::table_end(args.from, args.to, periodicity);
    if args.from > to {
        return Err(Failure::user(format!(
            "--from {} is larger than --to {to}",
            args.from
        )));
    }
    let budget = &plan(to)?;
    // A long run of a family that keeps its values is computed in steps
    // (see `Steps`). Beyond the budget a heap can only be answered from a
    // proved period, in one step.
    let show_progress = steps.terminal && to >= STEP && keeps_values;
    if args.checkpoint.is_some() || show_progress {
        let start = Instant::now();
        let last = to.min(budget.max_positions);
        let mut reached = 0u64;
        while reached < last {
            reached = reached.saturating_add(STEP).min(last);
            family.grundy_values(reached, reached, budget)?;
            steps.after(reached)?;
            if show_progress {
                steps.progress("values", reached, last, start, true);
            }
        }
    }
    steps.finish()?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // The plot, the rows and JSON hold every value; a summary and CSV
    // take them a step at a time.
    let all_values = || -> Result<Vec<u64>, Failure> {
        Ok(family
            .grundy_values(args.from, to, budget)?
            .into_iter()
            .map(|g| g.0)
            .collect())
    };
    let values = match &args.plot {
        Some(_) => Some(all_values()?),
        None => None,
    };
    if let (Some(path), Some(values)) = (&args.plot, &values) {
        let rare = family
            .rare_values(usize::MAX)
            .map(|r| {
                r.heaps
                    .iter()
                    .map(|&(n, _)| n)
                    .filter(|&n| n >= args.from && n <= to)
                    .collect()
            })
            .unwrap_or_default();
        crate::plot::Plot {
            title: format!("{}: G(n) for n = {}..{to}", family.ruleset(), args.from),
            from: args.from,
            values,
            rare,
            period: periodicity.map(|p| (p.preperiod, p.period)),
        }
        .write(path)?;
        // On standard error: standard output may be the table itself.
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        eprintln!(
            "plot of {} values written to {} ({bytes} bytes)",
            values.len(),
            path.display()
        );
    }
    if args.summary {
        let (mut largest_at, mut largest) = (args.from, 0);
        let mut crc = ValuesCrc::new();
        for_each_chunk(family.as_ref(), args.from, to, budget, |first, chunk| {
            for (n, &v) in (first..).zip(chunk) {
                if v > largest {
                    (largest_at, largest) = (n, v);
                }
            }
            crc.add(chunk);
            Ok(())
        })?;
        let crc32 = crc.finish();
        let rare = family.rare_values(usize::MAX);
        if args.json {
            let json = SummaryJson {
                ruleset: family.ruleset(),
                from: args.from,
                to,
                largest,
                largest_at,
                crc32,
                period: periodicity.map(PeriodJson::from),
                rare: rare.map(|r| {
                    let heaps: Vec<[u64; 2]> = r
                        .heaps
                        .iter()
                        .filter(|&&(n, _)| (args.from..=to).contains(&n))
                        .map(|&(n, v)| [n, v])
                        .collect();
                    RareJson {
                        mask: r.mask,
                        domain: r.domain,
                        count: heaps.len(),
                        heaps: heaps.into_iter().take(SUMMARY_LISTED).collect(),
                    }
                }),
            };
            serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
            writeln!(out)?;
        } else {
            // Each line names the heaps it speaks of: the period's proof
            // may rest on more values than the range summarised.
            writeln!(
                out,
                "{}: summary of G({}..={to})",
                family.ruleset(),
                args.from
            )?;
            if args.period {
                writeln!(out, "{}", period_line(periodicity, report.as_ref()))?;
                if let Some(p) = periodicity {
                    writeln!(out, "{}", period_values_line(family.as_ref(), p, budget)?)?;
                }
            }
            writeln!(
                out,
                "largest value in G({}..={to}): {largest}, first at heap {largest_at}",
                args.from
            )?;
            if let Some(line) = rare_line(family.as_ref(), args.from, to) {
                writeln!(out, "{line}")?;
            }
            writeln!(
                out,
                "CRC-32 of G({}..={to}) written one a line in decimal: {crc32:08x}",
                args.from
            )?;
        }
        out.flush()?;
        return Ok(());
    }
    if args.csv {
        // The header with the first values, so that a run stopped before
        // any (a time limit) prints nothing.
        let mut header = true;
        for_each_chunk(family.as_ref(), args.from, to, budget, |first, chunk| {
            if std::mem::take(&mut header) {
                writeln!(out, "n,value")?;
            }
            for (n, v) in (first..).zip(chunk) {
                writeln!(out, "{n},{v}")?;
            }
            Ok(())
        })?;
        out.flush()?;
        return Ok(());
    }
    // A plot alone writes only the plot: the values go to standard output
    // when asked for (`--json`, `--csv`, `--summary`).
    if args.plot.is_some() && !args.json {
        out.flush()?;
        return Ok(());
    }
    let values = match values {
        Some(values) => values,
        None => all_values()?,
    };
    if args.json {
        let json = TableJson::new(family.as_ref(), args.from, values, periodicity);
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        write_rows(&mut out, &family.ruleset(), args.from, &values)?;
        if args.period {
            writeln!(out, "{}", period_line(periodicity, report.as_ref()))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// `table --misere`: `G⁻(n)` and the genus of each heap, as rows, JSON,
/// CSV, a summary or a plot; `--period` reports the period observed in
/// `G⁻`, never certified.
fn run_misere(args: &Args, family: &dyn HeapFamily, budget: &Budget) -> Result<(), Failure> {
    let to = sprague::rulesets::table_end(args.from, args.to, None);
    if args.from > to {
        return Err(Failure::user(format!(
            "--from {} is larger than --to {to}",
            args.from
        )));
    }
    let table = match sprague::misere_table_partial(family, args.from, to, budget) {
        (table, None) => table,
        (table, Some(e)) => {
            let hint = match e {
                SolveError::BudgetExceeded { .. } => "raise --budget",
                SolveError::TimeLimit { .. } => "raise --time-limit",
                _ => return Err(e.into()),
            };
            let heap = table.to().wrapping_add(1);
            let fitted = if table.values.is_empty() {
                String::new()
            } else {
                format!(
                    "heaps {}..={} were computed: try --to {}, or ",
                    args.from,
                    table.to(),
                    table.to()
                )
            };
            return Err(Failure::user(format!(
                "{e} at heap {heap} of the misère table of `{}` (the heaps' forms grow with the heap; {fitted}{hint})",
                family.ruleset()
            )));
        }
    };
    let periodicity = if args.period {
        sprague::observed_period(&table.values)
    } else {
        None
    };
    let title = format!("{}: misère", family.ruleset());
    if let Some(path) = &args.plot {
        crate::plot::Plot {
            // ASCII: the PNG's font has no other characters.
            title: format!(
                "{}: misere G-(n) for n = {}..{to}",
                family.ruleset(),
                args.from
            ),
            from: args.from,
            values: &table.values,
            rare: Vec::new(),
            period: periodicity.map(|p| (args.from + p.preperiod, p.period)),
        }
        .write(path)?;
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        eprintln!(
            "plot of {} values written to {} ({bytes} bytes)",
            table.values.len(),
            path.display()
        );
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let period_text = |p: Option<Periodicity>| match p {
        Some(p) => format!(
            "period {}, preperiod {}, observed on G⁻({}..={to}), not certified: no theorem proves a misère sequence periodic",
            p.period,
            args.from + p.preperiod,
            args.from
        ),
        None => format!("no period observed in G⁻({}..={to})", args.from),
    };
    if args.summary {
        let (mut largest_at, mut largest) = (args.from, 0);
        for (n, &v) in (args.from..).zip(&table.values) {
            if v > largest {
                (largest_at, largest) = (n, v);
            }
        }
        let mut genera: Vec<String> = Vec::new();
        for g in &table.genus {
            let g = g.to_string();
            if !genera.contains(&g) {
                genera.push(g);
            }
        }
        if args.json {
            let json = MisereSummaryJson {
                ruleset: family.ruleset(),
                from: args.from,
                to,
                largest,
                largest_at,
                period: periodicity.map(|p| {
                    PeriodJson::from(Periodicity {
                        preperiod: args.from + p.preperiod,
                        ..p
                    })
                }),
                genera,
            };
            serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{title} summary of G⁻({}..={to})", args.from)?;
            if args.period {
                writeln!(out, "{}", period_text(periodicity))?;
            }
            writeln!(
                out,
                "largest value in G⁻({}..={to}): {largest}, first at heap {largest_at}",
                args.from
            )?;
            writeln!(
                out,
                "genera that occur ({}): {}",
                genera.len(),
                listed(genera.iter().cloned(), genera.len(), ", ")
            )?;
        }
    } else if args.csv {
        writeln!(out, "n,value,genus")?;
        for ((n, v), g) in (args.from..).zip(&table.values).zip(&table.genus) {
            let g = g.to_string();
            // A genus with exponents of two digits has commas: quoted.
            if g.contains(',') {
                writeln!(out, "{n},{v},\"{g}\"")?;
            } else {
                writeln!(out, "{n},{v},{g}")?;
            }
        }
    } else if args.json {
        let periodicity = periodicity.map(|p| Periodicity {
            preperiod: args.from + p.preperiod,
            ..p
        });
        let json = sprague::json::MisereTableJson::new(family, &table, periodicity);
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else if args.plot.is_none() {
        writeln!(out, "{title} G⁻ and genus of heaps {}..={to}", args.from)?;
        let label = to.to_string().len().max(1);
        let width = table
            .values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
            .max(2);
        writeln!(out, "{:>label$}  {:>width$}  genus", "n", "G⁻")?;
        for ((n, v), g) in (args.from..).zip(&table.values).zip(&table.genus) {
            writeln!(out, "{n:>label$}  {v:>width$}  {g}")?;
        }
        if args.period {
            writeln!(out, "{}", period_text(periodicity))?;
        }
    }
    out.flush()?;
    Ok(())
}

#[derive(Debug, Serialize)]
struct MisereSummaryJson {
    ruleset: String,
    from: u64,
    to: u64,
    largest: u64,
    largest_at: u64,
    period: Option<PeriodJson>,
    /// The genus symbols that occur, in the order they first occur.
    genera: Vec<String>,
}

/// Rows of ten values, each row led by the heap size of its first value,
/// aligned to a multiple of ten so columns line up with the last digit.
fn write_rows(
    out: &mut impl Write,
    ruleset: &str,
    from: u64,
    values: &[u64],
) -> std::io::Result<()> {
    let Some(last) = (values.len() as u64).checked_sub(1) else {
        return Ok(());
    };
    // Up to 2^64 - 1: every step below is checked, so that a range that
    // ends there prints its rows and stops.
    let to = from + last;
    writeln!(out, "{ruleset}: G({from}..={to})")?;
    let width = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let label = to.to_string().len();
    let mut n = from - from % 10;
    loop {
        write!(out, "{n:>label$}:")?;
        for k in (0..10).map(|i| n.checked_add(i)) {
            match k {
                Some(k) if (from..=to).contains(&k) => {
                    write!(out, " {:>width$}", values[(k - from) as usize])?;
                }
                _ => write!(out, " {:>width$}", "")?,
            }
        }
        writeln!(out)?;
        match n.checked_add(10) {
            Some(next) if next <= to => n = next,
            _ => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_stay_a_small_share_of_a_long_run() {
        let secs = Duration::from_secs;
        // Quick checkpoints: every 30 s.
        assert_eq!(checkpoint_interval(None, Duration::ZERO), secs(30));
        assert_eq!(checkpoint_interval(None, secs(1)), secs(30));
        // A 12 s checkpoint (8.6 GB): 240 s before the next, 1/21 of the time.
        assert_eq!(checkpoint_interval(None, secs(12)), secs(240));
        // The user's interval is kept, however long a checkpoint takes.
        assert_eq!(checkpoint_interval(Some(secs(5)), secs(12)), secs(5));
        assert_eq!(checkpoint_interval(Some(secs(0)), secs(12)), secs(0));
    }
}
