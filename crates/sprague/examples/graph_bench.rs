//! Benchmark of the graph solvers on a large random loopy graph, against
//! straightforward baselines measured in the same run. Run by
//! `scripts/bench-graph.sh`, which records each mode in its own process so
//! that the peak memory (VmHWM) belongs to that mode alone.
//!
//! ```text
//! graph_bench MODE N M [FILE]
//!   write      write the random graph to FILE (text format of the SPEC)
//!   read       read FILE with Graph::read
//!   retrograde build the CSR graph and its transpose, retrograde analysis
//!   vecvec     the same analysis on Vec<Vec<u32>> predecessor lists
//!   fixpoint   the naive sweep-until-no-change fixed point
//!   loopy      the generalised Sprague–Grundy values
//! ```
//!
//! The graph: `M` edges `(x, y)` with `y` uniform in `0..N` and `x` uniform
//! among the vertices not divisible by 12 (which are terminal), from a
//! SplitMix64 generator with a fixed seed, so every mode sees the same graph.

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use sprague::Outcome;
use sprague::graph::{Graph, LoopyGrundy, Retrograde, retrograde_fixed_point};

mod common;
use common::SplitMix64;

/// One vertex in this many is terminal.
const TERMINAL_EVERY: u32 = 12;

impl SplitMix64 {
    /// A number below `n`, from the high half of the next output.
    fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
}

fn edges(n: u32, m: u64) -> (Vec<u32>, Vec<u32>) {
    let mut rng = SplitMix64(2026);
    let mut sources = Vec::with_capacity(m as usize);
    let mut targets = Vec::with_capacity(m as usize);
    for _ in 0..m {
        // One vertex in TERMINAL_EVERY is terminal, so that a good part of the graph
        // is decided (with uniform sources almost every vertex is drawn).
        let mut s = rng.below(n);
        if s % TERMINAL_EVERY == 0 {
            s = if s + 1 < n { s + 1 } else { s - 1 };
        }
        sources.push(s);
        targets.push(rng.below(n));
    }
    (sources, targets)
}

/// The processor time (user and system) this process has used, in
/// seconds: on a shared machine it varies much less than the wall clock.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (in parentheses): utime and stime
    // are the 12th and 13th, in clock ticks of 1/100 s.
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(f64::NAN)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// A stopwatch of wall-clock and processor time.
struct Watch(Instant, f64);

impl Watch {
    fn start() -> Watch {
        Watch(Instant::now(), cpu_seconds())
    }

    /// (wall seconds, processor seconds) since the start.
    fn stop(&self) -> (f64, f64) {
        (self.0.elapsed().as_secs_f64(), cpu_seconds() - self.1)
    }
}

/// The peak resident memory of this process, in MiB.
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// A digest of the outcomes and remoteness, to check that the methods
/// agree: counts of N, P, D, the largest remoteness and a checksum.
fn digest(outcomes: impl Iterator<Item = (Outcome, Option<u32>)>) -> [u64; 5] {
    let mut d = [0u64; 5];
    for (i, (o, r)) in outcomes.enumerate() {
        match o {
            Outcome::N => d[0] += 1,
            Outcome::P => d[1] += 1,
            _ => d[2] += 1,
        }
        let r = r.map_or(0, u64::from);
        d[3] = d[3].max(r);
        d[4] = d[4].wrapping_mul(31).wrapping_add(r ^ i as u64);
    }
    d
}

fn report(mode: &str, m: u64, (wall, cpu): (f64, f64), extra: &str) {
    println!(
        "{mode}: {cpu:.2} s processor ({wall:.2} s wall), {:.1} M edges per processor second, peak {:.0} MiB{extra}",
        m as f64 / cpu / 1e6,
        peak_mib()
    );
}

/// A vertex's outcome and remoteness, as the baselines keep them.
type State = (Outcome, Option<u32>);

/// Retrograde analysis on `Vec<Vec<u32>>` predecessor lists and a
/// `VecDeque`: the same algorithm as [`Retrograde`] without the compact
/// arrays.
fn vecvec_retrograde(n: u32, sources: &[u32], targets: &[u32]) -> ((f64, f64), Vec<State>) {
    let watch = Watch::start();
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
    let mut degree = vec![0u32; n as usize];
    for (&s, &t) in sources.iter().zip(targets) {
        predecessors[t as usize].push(s);
        degree[s as usize] += 1;
    }
    let built = watch.stop();
    let mut state: Vec<(Outcome, Option<u32>)> = vec![(Outcome::D, None); n as usize];
    let mut queue = VecDeque::new();
    for v in 0..n as usize {
        if degree[v] == 0 {
            state[v] = (Outcome::P, Some(0));
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        let (o, r) = state[v];
        let r = r.expect("decided") + 1;
        for &p in &predecessors[v] {
            let p = p as usize;
            if state[p].1.is_some() {
                continue;
            }
            if o == Outcome::P {
                state[p] = (Outcome::N, Some(r));
                queue.push_back(p);
            } else {
                degree[p] -= 1;
                if degree[p] == 0 {
                    state[p] = (Outcome::P, Some(r));
                    queue.push_back(p);
                }
            }
        }
    }
    (built, state)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: graph_bench MODE N M [FILE]");
        std::process::exit(2);
    }
    let mode = args[1].as_str();
    let n: u32 = args[2].parse().expect("N is a number");
    let m: u64 = args[3].parse().expect("M is a number");
    let file = args.get(4).cloned().unwrap_or_default();
    match mode {
        "write" => {
            let (sources, targets) = edges(n, m);
            let mut out = std::io::BufWriter::with_capacity(
                1 << 20,
                std::fs::File::create(&file).expect("the file can be created"),
            );
            writeln!(out, "# random graph, SplitMix64 seed 2026\n{n} {m}").unwrap();
            for (s, t) in sources.iter().zip(&targets) {
                writeln!(out, "{s} {t}").unwrap();
            }
            out.flush().unwrap();
        }
        "read" => {
            let watch = Watch::start();
            let file = std::fs::File::open(&file).expect("the file exists");
            let g = Graph::read(file).expect("the file is a graph");
            let seconds = watch.stop();
            assert_eq!((g.n_vertices(), g.n_edges()), (n, m));
            let bytes = std::fs::metadata(&args[4]).map_or(0, |md| md.len());
            report(
                "read",
                m,
                seconds,
                &format!(
                    ", {:.0} MB per processor second",
                    bytes as f64 / seconds.1 / 1e6
                ),
            );
        }
        "retrograde" => {
            let (sources, targets) = edges(n, m);
            let watch = Watch::start();
            let g = Graph::from_edges(n, &sources, &targets);
            drop((sources, targets));
            let reverse = g.transpose();
            let built = watch.stop().1;
            let watch = Watch::start();
            let r = Retrograde::new(&g, &reverse);
            let seconds = watch.stop();
            let d = digest((0..n).map(|v| (r.outcome(v), r.remoteness(v))));
            report(
                "retrograde (CSR)",
                m,
                seconds,
                &format!(", CSR and transpose built in {built:.2} s, digest {d:?}"),
            );
        }
        "vecvec" => {
            let (sources, targets) = edges(n, m);
            let watch = Watch::start();
            let (built, state) = vecvec_retrograde(n, &sources, &targets);
            let (wall, cpu) = watch.stop();
            let seconds = (wall - built.0, cpu - built.1);
            let d = digest(state.into_iter());
            report(
                "retrograde (Vec<Vec<u32>>, VecDeque)",
                m,
                seconds,
                &format!(", lists built in {:.2} s, digest {d:?}", built.1),
            );
        }
        "fixpoint" => {
            let (sources, targets) = edges(n, m);
            let g = Graph::from_edges(n, &sources, &targets);
            drop((sources, targets));
            let watch = Watch::start();
            let state = retrograde_fixed_point(&g);
            let seconds = watch.stop();
            let d = digest(state.into_iter());
            report(
                "fixed point of the definitions",
                m,
                seconds,
                &format!(", digest {d:?}"),
            );
        }
        "loopy" => {
            let (sources, targets) = edges(n, m);
            let g = Graph::from_edges(n, &sources, &targets);
            drop((sources, targets));
            let reverse = g.transpose();
            let watch = Watch::start();
            let values = LoopyGrundy::new(&g, &reverse);
            let seconds = watch.stop();
            let finite = (0..n).filter(|&v| values.finite(v).is_some()).count();
            let largest = (0..n).filter_map(|v| values.finite(v)).max();
            report(
                "loopy Sprague-Grundy values",
                m,
                seconds,
                &format!(", {finite} finite, largest {largest:?}"),
            );
        }
        _ => {
            eprintln!("unknown mode `{mode}`");
            std::process::exit(2);
        }
    }
}
