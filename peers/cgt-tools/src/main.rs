//! sprague against cgt-tools (the `cgt` crate, crates.io) on the same
//! partizan positions, in one process, one thread: for each position, the
//! canonical form by both engines, each with fresh caches for every run
//! (a new `CanonicalSolver` for sprague, a new `ParallelTranspositionTable`
//! for cgt-tools, which without its `rayon` feature runs on the calling
//! thread); the values are checked equal by rebuilding cgt-tools' form in
//! sprague's arena, where equal games have equal ids. Prints the median
//! times, their ratio and each engine's peak heap over the run.
//!
//!   peer-cgt-tools [--runs N] [--only SUBSTRING] [--skip-peer SUBSTRING]... [--skip SUBSTRING]... [--peer-only SUBSTRING]... [--peer-timeout SECONDS] [--peer-first] [--analyze]
//!
//! `--skip-peer` times only sprague on the matching positions (for boards
//! cgt-tools does not finish in reasonable time); `--peer-only` runs only
//! cgt-tools, once, for a board too large to run both in turn (the empty
//! 6×6 board). `--peer-timeout` gives cgt-tools at most that long on each
//! position (it runs on a thread of its own while the main thread waits):
//! a run that has not finished by then is reported as a lower bound on its
//! time and on the ratio, and the bench stops there, since the abandoned
//! thread would still be using a core and memory. Each row's process CPU
//! time (from `/proc/self/stat`) is printed too, on a line of its own, for
//! the long runs timed on a shared machine. `--peer-first` starts every
//! round with cgt-tools (by default the first round starts with sprague and
//! the order alternates): with `--runs 1` on the empty 6×6 board, cgt-tools'
//! tables are freed before sprague runs, instead of sprague's 4 GB being
//! held through cgt-tools' hours. cgt-tools has no Clobber:
//! `clobber.rs` gives it one as a `PartizanGame` (moves and decomposition
//! into groups of stones, as its Konane and Domineering do), so the
//! Clobber rows compare the two canonical-form engines on the same rules.
//!
//! `--analyze` times instead, on [`ANALYZE_CASES`], what the command line's
//! `sprague analyze` computes by default (the value, outcome, first winning
//! move, every figure beside the value and the remoteness) beside the
//! canonical form alone and cgt-tools' canonical form, and prints the
//! figures' share of the default analysis: the bench that would have seen
//! a figure costing minutes beside a value of seconds.

mod clobber;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::games::snort::{Snort, VertexColor, VertexKind};
use cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use cgt::total::TotalWrapper;
use sprague::rulesets::ColouringGraph;
use sprague::{Budget, CanonicalArena, CanonicalSolver, Dyadic, GameId, Position};

/// The heap in use and its high-water mark, so that each engine's peak
/// over one run can be read: the mark is reset to the current use before
/// a run and read after it.
struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The system allocator, with a count of the bytes held: the count is the
// only thing added, every call is passed through unchanged.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = CURRENT.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                    + (new_size - layout.size());
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f`, returning its answer, its wall time and the most heap it held
/// at once above what was in use when it started.
fn measured<T>(f: impl FnOnce() -> T) -> (T, Duration, usize) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let out = f();
    let time = start.elapsed();
    (out, time, PEAK.load(Ordering::Relaxed) - base)
}

/// The positions, as (ruleset, board) in sprague's notation, which is also
/// cgt-tools' for Domineering, Clobber and Toads and Frogs; a Snort graph
/// string (CGSuite's, which cgt-tools does not read) is given to cgt-tools
/// as the vertices, tints and edges sprague reads from it.
const CASES: &[(&str, &str)] = &[
    ("domineering", "....|....|....|...."),
    ("domineering", ".....|.....|.....|....."),
    ("domineering", ".....|.....|.....|.....|....."),
    ("domineering", "......|......|......|......|......"),
    ("domineering", "......|......|......|......|......|......"),
    ("domineering", "#...|....|....|...."),
    ("domineering", "....|.#..|..#.|...."),
    ("domineering", ".....|.....|..#..|.....|....."),
    ("domineering", "#....|.....|.....|.....|....#"),
    ("domineering", "......|......|..#...|......|......"),
    ("domineering", "#.....|......|......|......|.....#"),
    ("domineering", "...#..|...#..|...#..|..#...|..#...|..#..."),
    ("domineering", "##..##|#....#|......|......|#....#|##..##"),
    ("domineering", "#.....|......|..##..|..##..|......|.....#"),
    ("clobber", "xoxo|oxox"),
    ("clobber", "xox|oxo|xox"),
    ("clobber", "xoxo|oxox|xoxo"),
    ("clobber", "xoxox|oxoxo|xoxox"),
    ("clobber", "xoxoxoxoxoxo"),
    ("clobber", "xxoo|ooxx|x.ox"),
    ("toads", "TT..FF"),
    ("toads", "TTT..FFF"),
    ("toads", "TTT...FFF"),
    ("toads", "TTTT...FFFF"),
    ("toads", "TTFT.F.TFF"),
    ("toads", "TT.TF.FT.FF"),
    ("snort", ".-.-.-.-.-.-.-.-.-.-.-."),
    ("snort", "L-.-.-.-.-.-.-.-.-.-.-.-R"),
    ("snort", ".:A-.-.-.-.-.-.-.-.-.-.-:A"),
    ("snort", ".(-.(-.;-.;-.);-.(-.;-.;-.);-.(-.;-.;-.))"),
    (
        "snort",
        ":A-:B-:C-:D-:E-:A;:F-:H-:J-:G-:I-:F;:A-:F;:B-:G;:C-:H;:D-:I;:E-:J",
    ),
    (
        "snort",
        ":a-:b-:c-:d;:e-:f-:g-:h;:i-:j-:k-:l;:a-:e-:i;:b-:f-:j;:c-:g-:k;:d-:h-:l",
    ),
    (
        "snort",
        ":A-:B-:C-:D-:E-:A;:F-:H-:J-:G-:I-:F;:A-:F;:B-:G;:C-:H;:D-:I;:E-:J;:A-.",
    ),
    (
        "snort",
        ":a-:b-:c-:d;:e-:f-:g-:h;:i-:j-:k-:l;:m-:n-:o-:p;:a-:e-:i-:m;:b-:f-:j-:n;:c-:g-:k-:o;:d-:h-:l-:p",
    ),
    (
        "snort",
        ":a-:b;:a-:c;:a-:e;:a-:i;:b-:d;:b-:f;:b-:j;:c-:d;:c-:g;:c-:k;:d-:h;:d-:l;:e-:f;:e-:g;:e-:m;:f-:h;:f-:n;:g-:h;:g-:o;:h-:p;:i-:j;:i-:k;:i-:m;:j-:l;:j-:n;:k-:l;:k-:o;:l-:p;:m-:n;:m-:o;:n-:p;:o-:p",
    ),
];

/// The Domineering boards of `--analyze`: the hot boards with holes of the
/// table, whose values are long and whose figures are costly, and the
/// board of issue 40 (six holes), whose incentives took minutes.
const ANALYZE_CASES: &[(&str, &str)] = &[
    ("domineering", "#....|.....|.....|.....|....#"),
    ("domineering", "......|......|..#...|......|......"),
    ("domineering", "#.....|......|......|......|.....#"),
    ("domineering", "##..##|#....#|......|......|#....#|##..##"),
    ("domineering", "#.....|......|..##..|..##..|......|.....#"),
    ("domineering", "#....#|......|..##..|......|......|#....#"),
];

/// What `sprague analyze POSITION` computes by default, with the default
/// budget: the analysis (value, outcome, first winning move, figures) and
/// the remoteness the text output adds.
fn sprague_analysis(position: &Position) -> sprague::Analysis {
    let budget = Budget::DEFAULT;
    let mut analysis = sprague::analyze(position, sprague::Play::Normal, false, &budget)
        .expect("sprague analyzes the position");
    sprague::remoteness_beside(&mut analysis, position, &budget);
    analysis
}

/// Runs `f`, returning its answer and the process CPU time it took (user
/// and system). The analysis rows are timed in CPU rather than wall time:
/// on a shared machine the wall time of a one-thread run is mostly how
/// long it waited for a core, and the figures' share of a small value is
/// then noise.
fn cpu_measured<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = process_cpu();
    let out = f();
    (out, process_cpu().saturating_sub(start))
}

/// `--analyze`: each board's default analysis, canonical form alone and
/// cgt-tools' canonical form, timed in process CPU time, `runs` rounds (one when a run takes over
/// [`LONG_RUN`]), in an order that turns each round; the values checked
/// equal. Returns whether every value agreed.
fn analyze_rows(runs: usize) -> bool {
    println!(
        "| position | value | canonical form | `analyze` (default) | figures' share | cgt-tools | cgt-tools ÷ canonical form | cgt-tools ÷ `analyze` | figures left out |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---|");
    let mut agreed = true;
    let (mut total_analysis, mut total_canonical, mut total_cgt) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for &(ruleset, board) in ANALYZE_CASES {
        let text = format!("{ruleset}(\"{board}\")");
        let position = Position::parse(&text).expect("sprague reads the position");
        let (mut full, mut alone, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
        let (mut analysis, mut last, mut their_value) = (None, None, None);
        for round in 0..runs {
            for engine in (0..3).map(|k| (k + round) % 3) {
                match engine {
                    0 => {
                        let (a, t) = cpu_measured(|| sprague_analysis(&position));
                        full.push(t);
                        analysis = Some(a);
                    }
                    1 => {
                        let (v, t) = cpu_measured(|| sprague_value(&position));
                        alone.push(t);
                        last = Some(v);
                    }
                    _ => {
                        let (v, t) = cpu_measured(|| cgt_value(ruleset, board));
                        theirs.push(t);
                        their_value = Some(v);
                    }
                }
            }
            if full
                .iter()
                .chain(&alone)
                .chain(&theirs)
                .any(|&t| t > LONG_RUN)
            {
                break;
            }
        }
        let (analysis, (mut solver, g)) = (
            analysis.expect("at least one run"),
            last.expect("at least one run"),
        );
        let full_text = solver.arena.display(g).expect("a value to write");
        let id = rebuild(
            &their_value.expect("at least one run"),
            &mut solver.arena,
            &mut HashMap::new(),
        );
        if id != g || analysis.value_text().as_deref() != Some(full_text.as_str()) {
            agreed = false;
            eprintln!("{text}: the values differ");
        }
        let value = if full_text.chars().count() > 30 {
            format!("({} characters)", full_text.chars().count())
        } else {
            format!("`{full_text}`")
        };
        let (a, c, p) = (
            median(full.clone()),
            median(alone.clone()),
            median(theirs.clone()),
        );
        total_analysis += a;
        total_canonical += c;
        total_cgt += p;
        let left_out: Vec<String> = analysis
            .figures_left_out()
            .iter()
            .map(|why| why.split(':').next().unwrap_or("").to_string())
            .collect();
        println!(
            "| `{text}` | {value} | {} | {} ({} runs) | {:.0} % | {} | **{:.1}×** | **{:.1}×** | {} |",
            seconds(c),
            seconds(a),
            full.len(),
            100.0 * (1.0 - c.as_secs_f64() / a.as_secs_f64()).max(0.0),
            seconds(p),
            p.as_secs_f64() / c.as_secs_f64(),
            p.as_secs_f64() / a.as_secs_f64(),
            if left_out.is_empty() {
                "none".to_string()
            } else {
                left_out.join(", ")
            },
        );
    }
    println!(
        "| **the six boards together** | | {} | {} | {:.0} % | {} | **{:.1}×** | **{:.1}×** | |",
        seconds(total_canonical),
        seconds(total_analysis),
        100.0 * (1.0 - total_canonical.as_secs_f64() / total_analysis.as_secs_f64()).max(0.0),
        seconds(total_cgt),
        total_cgt.as_secs_f64() / total_canonical.as_secs_f64(),
        total_cgt.as_secs_f64() / total_analysis.as_secs_f64(),
    );
    agreed
}

/// The canonical form by cgt-tools, with a fresh transposition table.
fn cgt_value(ruleset: &str, board: &str) -> CanonicalForm {
    match ruleset {
        "domineering" => {
            let g: Domineering = board.parse().expect("a Domineering board");
            g.canonical_form(&ParallelTranspositionTable::new())
        }
        "toads" => {
            let g: ToadsAndFrogs = board.parse().expect("a Toads and Frogs row");
            g.canonical_form(&ParallelTranspositionTable::new())
        }
        "clobber" => {
            let g: clobber::Clobber = board.parse().expect("a Clobber board");
            g.canonical_form(&ParallelTranspositionTable::new())
        }
        "snort" => {
            let g = snort(board);
            g.canonical_form(&ParallelTranspositionTable::new())
        }
        _ => unreachable!("only the four games above are listed"),
    }
}

/// cgt-tools' Snort position for a graph string, read by sprague: the
/// same vertices, tints and edges.
fn snort(board: &str) -> Snort<VertexKind, UndirectedGraph<VertexKind>> {
    let position = Position::parse(&format!("snort(\"{board}\")")).expect("a Snort graph");
    let graph = position.components()[0]
        .downcast_ref::<ColouringGraph>()
        .expect("one Snort graph");
    let vertices: Vec<VertexKind> = graph
        .letters()
        .into_iter()
        .map(|c| {
            VertexKind::Single(match c {
                'L' => VertexColor::TintLeft,
                'R' => VertexColor::TintRight,
                _ => VertexColor::Empty,
            })
        })
        .collect();
    let edges: Vec<(VertexIndex, VertexIndex)> = graph
        .edges()
        .into_iter()
        .map(|(a, b)| (VertexIndex { index: a }, VertexIndex { index: b }))
        .collect();
    Snort::new(UndirectedGraph::from_edges(&edges, &vertices))
}

/// The canonical form by sprague, with a fresh solver, and the number of
/// canonical forms its arena ended with.
fn sprague_value(position: &Position) -> (CanonicalSolver, GameId) {
    let mut solver = CanonicalSolver::new(Budget::positions(u64::MAX));
    let g = solver
        .sum(position.components())
        .expect("sprague values the position");
    (solver, g)
}

/// `cgt`'s form rebuilt in `arena` from its options (numbers, ups and
/// nimbers from their parts), so that the two values can be compared as
/// ids: the arena gives equal games equal ids.
fn rebuild(
    g: &CanonicalForm,
    arena: &mut CanonicalArena,
    memo: &mut HashMap<TotalWrapper<CanonicalForm>, GameId>,
) -> GameId {
    let key = TotalWrapper::new(g.clone());
    if let Some(&id) = memo.get(&key) {
        return id;
    }
    let id = if let Some(nus) = g.to_nus() {
        let x = nus.number();
        let number = Dyadic::new(x.numerator().into(), x.denominator_exponent()).unwrap();
        let number = arena.number(number).unwrap();
        let nimber = arena.nimber(nus.nimber().value().into()).unwrap();
        let zero = arena.zero();
        let star = arena.nimber(1).unwrap();
        let up = arena.form(&[zero], &[star]).unwrap();
        let unit = if nus.up_multiple() >= 0 {
            up
        } else {
            arena.neg(up).unwrap()
        };
        let mut total = arena.add(number, nimber).unwrap();
        for _ in 0..nus.up_multiple().unsigned_abs() {
            total = arena.add(total, unit).unwrap();
        }
        total
    } else {
        let left: Vec<GameId> = g.left_moves().map(|o| rebuild(&o, arena, memo)).collect();
        let right: Vec<GameId> = g.right_moves().map(|o| rebuild(&o, arena, memo)).collect();
        arena.form(&left, &right).unwrap()
    };
    memo.insert(key, id);
    id
}

/// The CPU time this process has used so far (user and system), read
/// from `/proc/self/stat` in clock ticks of 1/100 s; zero where there is no
/// such file.
fn process_cpu() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // The command name (field 2) is in parentheses and may hold spaces:
    // fields 14 and 15 (utime, stime) count from after its `)`.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// cgt-tools' value of the position on a thread of its own, waited for at
/// most `limit`: `None` if it has not finished by then (the thread is left
/// running).
fn cgt_value_within(
    ruleset: &'static str,
    board: &'static str,
    limit: Duration,
) -> Option<CanonicalForm> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(cgt_value(ruleset, board));
    });
    receive.recv_timeout(limit).ok()
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// A run longer than this is not repeated: its one time is the figure.
const LONG_RUN: Duration = Duration::from_secs(30);

fn main() {
    let mut runs = 5usize;
    let mut only: Option<String> = None;
    let mut skip_peer: Vec<String> = Vec::new();
    let mut peer_only: Vec<String> = Vec::new();
    let mut skip: Vec<String> = Vec::new();
    let mut peer_timeout: Option<Duration> = None;
    let mut peer_first = false;
    let mut analyze = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).expect("--runs N"),
            "--only" => only = Some(args.next().expect("--only SUBSTRING")),
            "--skip-peer" => skip_peer.push(args.next().expect("--skip-peer SUBSTRING")),
            "--skip" => skip.push(args.next().expect("--skip SUBSTRING")),
            "--peer-only" => peer_only.push(args.next().expect("--peer-only SUBSTRING")),
            "--peer-first" => peer_first = true,
            "--analyze" => analyze = true,
            "--peer-timeout" => {
                peer_timeout = Some(Duration::from_secs(
                    args.next()
                        .and_then(|n| n.parse().ok())
                        .expect("--peer-timeout SECONDS"),
                ));
            }
            _ => {
                eprintln!(
                    "usage: peer-cgt-tools [--runs N] [--only SUBSTRING] [--skip-peer SUBSTRING]... [--skip SUBSTRING]... [--peer-only SUBSTRING]... [--peer-timeout SECONDS] [--peer-first] [--analyze]"
                );
                std::process::exit(2);
            }
        }
    }
    if analyze {
        if !analyze_rows(runs) {
            eprintln!("the engines disagree");
            std::process::exit(1);
        }
        return;
    }
    println!(
        "| position | size | value | sprague | cgt-tools | cgt-tools ÷ sprague | sprague peak heap | cgt-tools peak heap | sprague forms |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    let mut failed = false;
    for &(ruleset, board) in CASES {
        let text = format!("{ruleset}(\"{board}\")");
        if only.as_ref().is_some_and(|o| !text.contains(o.as_str()))
            || skip.iter().any(|s| text.contains(s.as_str()))
        {
            continue;
        }
        let peer = !skip_peer.iter().any(|s| text.contains(s.as_str()));
        if peer_only.iter().any(|s| text.contains(s.as_str())) {
            // One run of cgt-tools alone, for a board too large to run both
            // in turn: the caller times ours separately (or bounds this run
            // with `timeout`, so that an unfinished run is a lower bound).
            eprintln!("{text}: cgt-tools alone, started");
            let (v, t, peak) = measured(|| cgt_value(ruleset, board));
            println!(
                "| `{text}` | cgt-tools alone | {} characters | {} | {} |",
                v.to_string().chars().count(),
                seconds(t),
                megabytes(peak)
            );
            continue;
        }
        let position = Position::parse(&text).expect("sprague reads the position");
        let size = if ruleset == "snort" {
            let n = snort(board).graph.size();
            format!("{n} vertices")
        } else {
            let rows = board.split('|').count();
            let cols = board.split('|').next().map_or(0, str::len);
            format!("{rows}×{cols}")
        };
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut our_peak, mut their_peak) = (0, 0);
        let mut last = None;
        let mut their_value = None;
        let (mut our_cpu, mut their_cpu) = (Vec::new(), Vec::new());
        let mut abandoned = None;
        'rounds: for round in 0..runs {
            // Alternate which engine goes first, so that neither always
            // runs on a warmer or quieter machine.
            let order = if peer_first {
                [1, 0]
            } else {
                [round % 2, 1 - round % 2]
            };
            for engine in order {
                let cpu = process_cpu();
                if engine == 0 {
                    let ((solver, g), t, peak) = measured(|| sprague_value(&position));
                    ours.push(t);
                    our_cpu.push(process_cpu() - cpu);
                    if t > LONG_RUN {
                        eprintln!(
                            "{text}: sprague took {} ({} heap)",
                            seconds(t),
                            megabytes(peak)
                        );
                    }
                    our_peak = our_peak.max(peak);
                    last = Some((solver, g));
                } else if peer {
                    let (v, t, peak) = match peer_timeout {
                        Some(limit) => measured(|| cgt_value_within(ruleset, board, limit)),
                        None => measured(|| Some(cgt_value(ruleset, board))),
                    };
                    their_cpu.push(process_cpu() - cpu);
                    their_peak = their_peak.max(peak);
                    match v {
                        Some(v) => {
                            theirs.push(t);
                            their_value = Some(v);
                        }
                        None => {
                            abandoned = Some(t);
                            break 'rounds;
                        }
                    }
                }
            }
            let slowest = ours
                .iter()
                .chain(&theirs)
                .max()
                .copied()
                .unwrap_or_default();
            if slowest > LONG_RUN {
                break;
            }
        }
        let (mut solver, g) = last.expect("at least one run");
        let full = solver.arena.display(g).expect("a value to write");
        // Hot boards have values of thousands of characters: the table
        // gives their length instead.
        let ours_text = if full.chars().count() > 60 {
            format!("({} characters)", full.chars().count())
        } else {
            format!("`{full}`")
        };
        let forms = solver.arena.len();
        let (their_time, ratio, their_heap) = match (&their_value, abandoned) {
            (_, Some(t)) => (
                format!("> {} (stopped)", seconds(t)),
                format!(
                    "**> {:.1}×**",
                    t.as_secs_f64() / median(ours.clone()).as_secs_f64()
                ),
                format!("> {}", megabytes(their_peak)),
            ),
            (Some(v), None) => {
                let id = rebuild(v, &mut solver.arena, &mut HashMap::new());
                if id != g {
                    failed = true;
                    eprintln!("{text}: sprague says {full}, cgt-tools says {v}");
                }
                let (a, b) = (median(ours.clone()), median(theirs.clone()));
                (
                    format!("{} ({} runs)", seconds(b), theirs.len()),
                    format!("**{:.1}×**", b.as_secs_f64() / a.as_secs_f64()),
                    megabytes(their_peak),
                )
            }
            (None, None) => ("not run".into(), "—".into(), "—".into()),
        };
        println!(
            "| `{text}` | {size} | {ours_text} | {} ({} runs) | {their_time} | {ratio} | {} | {their_heap} | {forms} |",
            seconds(median(ours.clone())),
            ours.len(),
            megabytes(our_peak),
        );
        println!(
            "<!-- {text}: process CPU time, sprague {} (median), cgt-tools {} -->",
            seconds(median(our_cpu)),
            if their_cpu.is_empty() {
                "not run".to_string()
            } else {
                format!(
                    "{}{}",
                    if abandoned.is_some() { "> " } else { "" },
                    seconds(median(their_cpu))
                )
            }
        );
        if abandoned.is_some() {
            eprintln!("cgt-tools did not finish {text} in time: the bench stops here");
            break;
        }
    }
    if failed {
        eprintln!("the engines disagree");
        std::process::exit(1);
    }
}
