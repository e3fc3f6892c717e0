//! The stable-Rust fuzz driver: mutates the seed corpus of each target
//! (`fuzz/corpus/<target>/`) with a seeded random generator and runs the
//! target on every mutant for a fixed time, catching panics.
//!
//! ```text
//! cargo run --profile fuzz -p sprague-fuzz -- [TARGET ...]
//! SPRAGUE_FUZZ_SECONDS=30   seconds per target (default 10)
//! SPRAGUE_FUZZ_SEED=N       the generator's seed (default: from the clock)
//! ```
//!
//! Each crashing input is written to `fuzz/crashes/<target>/` (an input
//! that runs longer than `HANG_SECONDS` too, and the run stops), and the
//! exit status is 1 if there was any. The `fuzz` profile keeps overflow checks
//! and debug assertions on, so a silent wrap-around is a crash here.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sprague_fuzz::TARGETS;

/// xorshift64*: small, fast, and reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Tokens worth inserting: the position language's punctuation and the
/// numbers at the edges of the ranges (`u64::MAX`, powers, zero).
const TOKENS: &[&str] = &[
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775808",
    "4294967296",
    "2^63",
    "2^64",
    "10^9",
    "0",
    "1",
    "(",
    ")",
    "[",
    "]",
    ",",
    "+",
    "..",
    "*",
    "\"",
    "\n",
    " ",
    "0.",
    "f",
    "start",
    "é",
    "国",
    // The game algebra's, loopy values' and misère notation's own.
    "{",
    "}",
    "|",
    ":",
    "#",
    "&",
    "-",
    "/",
    "^",
    "v",
    "±",
    "pass",
    "over",
    "on",
    "Tiny(",
    "norton(",
    "*[",
    "4096",
];

/// One random change to `input`, sometimes borrowing from `other`.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, other: &[u8]) {
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(7) {
        0 if !input.is_empty() => {
            let i = rng.below(input.len());
            input[i] ^= 1 << rng.below(8);
        }
        1 if !input.is_empty() => {
            let i = rng.below(input.len());
            input[i] = rng.next() as u8;
        }
        2 if !input.is_empty() => {
            let i = rng.below(input.len());
            let len = 1 + rng.below((input.len() - i).min(8));
            input.drain(i..i + len);
        }
        3 => {
            let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
            let i = at(rng, input.len());
            input.splice(i..i, token.iter().copied());
        }
        4 if !other.is_empty() => {
            // Splice a piece of another corpus entry in.
            let from = rng.below(other.len());
            let len = 1 + rng.below((other.len() - from).min(32));
            let i = at(rng, input.len());
            input.splice(i..i, other[from..from + len].iter().copied());
        }
        5 if !input.is_empty() => {
            // Repeat a piece: long inputs, deep nesting, many heaps.
            let i = rng.below(input.len());
            let len = 1 + rng.below((input.len() - i).min(16));
            let piece = input[i..i + len].to_vec();
            for _ in 0..1 + rng.below(64) {
                input.splice(i..i, piece.iter().copied());
            }
        }
        _ => {
            // Replace a run of digits by a token number.
            let digits: Vec<usize> = (0..input.len())
                .filter(|&i| input[i].is_ascii_digit())
                .collect();
            if let Some(&i) = digits.get(rng.below(digits.len().max(1))) {
                let end = (i..input.len())
                    .find(|&j| !input[j].is_ascii_digit())
                    .unwrap_or(input.len());
                let number = TOKENS[rng.below(7)].as_bytes();
                input.splice(i..end, number.iter().copied());
            }
        }
    }
    // As long as the web explorer accepts (4096 bytes): deep nesting and
    // sums of a thousand heaps, whose search the budget bounds by the
    // components it stores.
    input.truncate(1 << 12);
}

/// The input being run: its target, when it started, and its bytes.
type Current = Arc<Mutex<(&'static str, Instant, Vec<u8>)>>;

/// The longest one input may run: the targets' time limits are a fraction
/// of a second, so an input still running after this hangs.
const HANG_SECONDS: u64 = 20;

/// Watches the input being run; one that hangs is saved as a crash and
/// the run stops (the hanging call cannot be interrupted).
fn watchdog(current: Current) {
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_secs(1));
            let (name, started, input) = current.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if started.elapsed() > Duration::from_secs(HANG_SECONDS) {
                let path = save(name, "hang", &input);
                eprintln!(
                    "{name}: an input ran {HANG_SECONDS} s, saved to {}",
                    path.display()
                );
                std::process::exit(1);
            }
        }
    });
}

/// Saves a crashing input under `fuzz/crashes/<target>/`.
fn save(name: &str, what: &str, input: &[u8]) -> PathBuf {
    let mut hasher = DefaultHasher::new();
    input.hash(&mut hasher);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crashes")
        .join(name);
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{what}-{:016x}", hasher.finish()));
    let _ = std::fs::write(&path, input);
    path
}

fn corpus(dir: &Path) -> Vec<Vec<u8>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    let mut inputs: Vec<Vec<u8>> = entries
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    if inputs.is_empty() {
        inputs.push(Vec::new());
    }
    inputs
}

/// Runs `target` on mutants of its corpus for `seconds`; returns how many
/// inputs were run and the crashing inputs.
fn run(
    name: &'static str,
    target: sprague_fuzz::Target,
    seconds: u64,
    rng: &mut Rng,
    current: &Current,
) -> (u64, Vec<Vec<u8>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pool = corpus(&root.join("corpus").join(name));
    let seeds = pool.len();
    let stop = Instant::now() + Duration::from_secs(seconds);
    let mut runs = 0u64;
    let mut crashes = Vec::new();
    while Instant::now() < stop {
        let mut input = pool[rng.below(pool.len())].clone();
        let other = pool[rng.below(pool.len())].clone();
        for _ in 0..1 + rng.below(4) {
            mutate(rng, &mut input, &other);
        }
        runs += 1;
        *current.lock().unwrap_or_else(|e| e.into_inner()) = (name, Instant::now(), input.clone());
        if catch_unwind(AssertUnwindSafe(|| target(&input))).is_err() {
            let path = save(name, "panic", &input);
            eprintln!("{name}: crash, input saved to {}", path.display());
            crashes.push(input);
            if crashes.len() >= 20 {
                break;
            }
        } else if rng.below(16) == 0 && pool.len() < seeds + 4096 {
            // Keep some mutants to mutate further: without coverage
            // feedback, a random sample of survivors lets changes compound.
            pool.push(input);
        }
    }
    (runs, crashes)
}

/// The seed of `name`'s generator: FNV-1a of the name mixed into `seed`,
/// never 0 (the generator's fixed point).
fn target_seed(seed: u64, name: &str) -> u64 {
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (seed ^ hash).max(1)
}

fn main() -> ExitCode {
    let seconds: u64 = std::env::var("SPRAGUE_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let seed: u64 = std::env::var("SPRAGUE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
        .max(1);
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    for name in &wanted {
        if !TARGETS.iter().any(|(t, _)| t == name) {
            eprintln!("error: no fuzz target `{name}`");
            return ExitCode::from(2);
        }
    }
    // The panics are expected and reported by name; their messages would
    // drown the summary.
    std::panic::set_hook(Box::new(|info| eprintln!("  panic: {info}")));
    println!("seed {seed} (SPRAGUE_FUZZ_SEED={seed} repeats this run), {seconds} s per target");
    let current: Current = Arc::new(Mutex::new(("none", Instant::now(), Vec::new())));
    watchdog(Arc::clone(&current));
    let mut failed = false;
    for &(name, target) in TARGETS {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == name) {
            continue;
        }
        // A generator per target, from the seed and the target's name, so
        // that a target's inputs do not depend on how many the targets
        // before it ran on this machine in their time.
        let mut rng = Rng(target_seed(seed, name));
        let (runs, crashes) = run(name, target, seconds, &mut rng, &current);
        println!("{name}: {runs} inputs, {} crashes", crashes.len());
        failed |= !crashes.is_empty();
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
