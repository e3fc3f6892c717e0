//! `analyze` on sums, timed: normal-play impartial sums, misère sums (by
//! Bouton's rule on residues and by the whole-sum search) and partizan sums
//! (canonical values and the outcome search). Prints, per case, the median
//! wall time of one call over `ROUNDS` samples (a fast case repeated so that
//! a sample lasts at least 20 ms) and a checksum of the answers, so that
//! `scripts/analyze-versus.sh` can compare two revisions in one run. It uses
//! only `Position::parse` and `analyze`, which every revision since the
//! first has.
//!
//!     cargo run --release -p sprague --example analyze_timing [ROUNDS]

use std::hash::{Hash, Hasher};
use std::time::Instant;

use sprague::{Budget, Play, Position, analyze};

/// (name, position, play, every winning move).
const CASES: &[(&str, &str, Play, bool)] = &[
    (
        "normal impartial sum",
        "nim(3, 6, 9, 1000) + kayles(40, 33) + subtraction[2,5](100, 71) + dawson(50)",
        Play::Normal,
        true,
    ),
    (
        "normal sum by moves",
        "leftward(3, 0, 2, 1) + treblecross(\"....X......\") + staircase(3, 8, 12) + moore[2](3, 5, 6)",
        Play::Normal,
        true,
    ),
    (
        "misère Bash and Nim rule",
        "subtraction[1..3](10, 11, 12) + bash[4](33) + nim(4, 5, 7)",
        Play::Misere,
        true,
    ),
    (
        "misère sum by search",
        "kayles(7, 6, 5) + nim(3, 2)",
        Play::Misere,
        true,
    ),
    (
        "misère subtraction by search",
        "subtraction[2,5](9, 10, 11, 12)",
        Play::Misere,
        true,
    ),
    (
        "partizan canonical sum",
        "cut(4, 5) + cut(3, 7) + hackenbush(\"LRRLRL\") + cut(6, 6) + *2",
        Play::Normal,
        true,
    ),
    (
        "partizan unfair sum",
        "unfair[3,2](5, 7, 9, 4)",
        Play::Normal,
        true,
    ),
    (
        "partizan mixed sum",
        "unfair[2,3](6, 7) + cut(3, 4) + nim(2)",
        Play::Normal,
        true,
    ),
];

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(5, |s| s.parse().expect("ROUNDS is a number"));
    for &(name, text, play, all) in CASES {
        let position = Position::parse(text).expect("the cases parse");
        // Repeat a fast case so that one sample lasts at least 20 ms.
        let start = Instant::now();
        analyze(&position, play, all, &Budget::DEFAULT).expect("the cases solve");
        let once = start.elapsed().as_secs_f64();
        let repeat = ((0.02 / once.max(1e-9)) as usize).clamp(1, 1_000_000);
        let mut times = Vec::with_capacity(rounds);
        let mut checksum = 0u64;
        for _ in 0..rounds {
            let start = Instant::now();
            let mut a = analyze(&position, play, all, &Budget::DEFAULT).expect("the cases solve");
            for _ in 1..repeat {
                a = analyze(&position, play, all, &Budget::DEFAULT).expect("the cases solve");
            }
            times.push(start.elapsed().as_secs_f64() / repeat as f64);
            let mut h = std::collections::hash_map::DefaultHasher::new();
            format!("{:?}", a.outcome).hash(&mut h);
            for m in &a.winning_moves {
                m.to.to_string().hash(&mut h);
            }
            checksum = h.finish();
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{name}: median {:.9} s over {rounds} runs, checksum {checksum:016x}",
            times[rounds / 2]
        );
    }
}
