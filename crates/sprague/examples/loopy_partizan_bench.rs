//! How the retrograde search of loopy partizan games costs as the number of
//! positions grows: random partizan game graphs of growing size (the search
//! alone, and beside the naive fixed point of the definitions on the
//! smaller ones), and Backsliding Toads and Frogs rows of growing length
//! (the whole `analyze`: exploring the positions from the moves, then the
//! search). Figures in `BENCHMARKS.md`.
//!
//! ```text
//! cargo run --release -p sprague --example loopy_partizan_bench
//! ```
//!
//! Each figure is the median of 5 runs, by the wall clock.

use std::time::{Duration, Instant};

use sprague::graph::{PartizanGraph, PartizanRetrograde};
use sprague::{Budget, Outcome, Play, Position, Side, analyze_for};

mod common;
use common::SplitMix64;

/// The wall clock: the figures are medians of 5 runs, and a tick of the
/// processor clock (10 ms) is longer than the small searches.
fn cpu_time() -> Instant {
    Instant::now()
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

/// A random partizan game graph: `n` vertices, each non-terminal one (all
/// but one in 12) with `degree` moves for each side to uniform targets.
fn random_game(n: u32, degree: u32, seed: u64) -> PartizanGraph {
    let mut rng = SplitMix64(seed);
    let mut left = Vec::new();
    let mut right = Vec::new();
    for v in 0..n {
        if v % 12 == 0 {
            continue;
        }
        for _ in 0..degree {
            left.push((v, (rng.next() % u64::from(n)) as u32));
            right.push((v, (rng.next() % u64::from(n)) as u32));
        }
    }
    PartizanGraph::from_pairs(n, &left, &right)
}

/// The naive baseline: sweep every (vertex, side to move) applying the
/// definitions until nothing changes. Returns the number of draws, a digest
/// to compare with the search's.
fn fixed_point(game: &PartizanGraph) -> usize {
    let n = game.n_vertices() as usize;
    // (decided, won, remoteness) per state 2v + side.
    let mut state: Vec<Option<(bool, u32)>> = vec![None; 2 * n];
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            for (s, options) in [(0usize, game.left(v)), (1, game.right(v))] {
                let mut win: Option<u32> = None;
                let mut loss = Some(0u32);
                for &w in options {
                    match state[2 * w as usize + 1 - s] {
                        Some((false, r)) => win = Some(win.map_or(r + 1, |b| b.min(r + 1))),
                        Some((true, r)) => loss = loss.map(|l| l.max(r + 1)),
                        None => loss = None,
                    }
                }
                let new = match (win, loss) {
                    (Some(r), _) => Some((true, r)),
                    (None, Some(r)) => Some((false, r)),
                    (None, None) => None,
                };
                if state[2 * v as usize + s] != new {
                    state[2 * v as usize + s] = new;
                    changed = true;
                }
            }
        }
        if !changed {
            return state.iter().filter(|s| s.is_none()).count();
        }
    }
}

fn main() {
    println!("random partizan game graphs, 3 moves a side from 11 vertices in 12");
    println!("| vertices | retrograde search | per vertex | fixed point | ratio | draws |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for &n in &[1_000u32, 10_000, 100_000, 1_000_000] {
        let game = random_game(n, 3, 2026);
        let mut draws = 0;
        let search = median(
            (0..5)
                .map(|_| {
                    let t = cpu_time();
                    let r = PartizanRetrograde::new(&game, &Budget::positions(u64::MAX)).unwrap();
                    let elapsed = t.elapsed();
                    draws = (0..n)
                        .flat_map(|v| [Side::Left, Side::Right].map(|s| r.outcome(v, s)))
                        .filter(|&o| o == Outcome::D)
                        .count();
                    elapsed
                })
                .collect(),
        );
        let (naive, ratio) = if n <= 100_000 {
            let naive = median(
                (0..5)
                    .map(|_| {
                        let t = cpu_time();
                        assert_eq!(fixed_point(&game), draws, "the two agree on the draws");
                        t.elapsed()
                    })
                    .collect(),
            );
            (
                format!("{naive:.2?}"),
                format!(
                    "{:.0}×",
                    naive.as_secs_f64() / search.as_secs_f64().max(1e-9)
                ),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        println!(
            "| {n} | {search:.2?} | {:.0} ns | {naive} | {ratio} | {draws} |",
            search.as_secs_f64() * 1e9 / f64::from(n)
        );
    }

    println!();
    println!("Backsliding Toads and Frogs, `analyze` of T^k . . F^k and T^k . . . F^k");
    println!("| row | positions (from the budget it needs) | outcome | analyze |");
    println!("|---|---:|---|---:|");
    for row in [
        "T..F",
        "TT..FF",
        "TT...FF",
        "TTT..FFF",
        "TTT...FFF",
        "TTTT..FFFF",
        "TTTT...FFFF",
        "TTTTT..FFFFF",
    ] {
        let p = Position::parse(&format!("backsliding_toads(\"{row}\")")).unwrap();
        let mut outcome = Outcome::D;
        let time = median(
            (0..5)
                .map(|_| {
                    let t = cpu_time();
                    outcome = analyze_for(&p, Play::Normal, Side::Left, false, &Budget::DEFAULT)
                        .unwrap()
                        .outcome;
                    t.elapsed()
                })
                .collect(),
        );
        // The positions the search stored: the smallest budget it fits in.
        let (mut lo, mut hi) = (1u64, Budget::DEFAULT.max_positions);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if analyze_for(&p, Play::Normal, Side::Left, false, &Budget::positions(mid)).is_ok() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        println!("| `{row}` | {} | {outcome} | {time:.2?} |", (lo - 1) / 2);
    }
}
