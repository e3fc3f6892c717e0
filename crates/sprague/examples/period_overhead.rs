//! The cost of looking for the period while computing values: `find_period`
//! to heap N of a game with no period there, against `extend_to(N)` alone,
//! alternated in one process, best of several rounds each, in CPU time
//! (`/proc/self/schedstat` on Linux, wall time elsewhere) so that the load
//! of a shared machine counts for little.
//!
//! `cargo run --release -p sprague --example period_overhead -- 0.1777 67108864 [ROUNDS]`

use std::time::Instant;

use sprague::{GrundySequence, Method, OctalCode, TakeBreak, find_period};

/// CPU time of this process so far, in seconds.
fn cpu_seconds(start: Instant) -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |ns| ns as f64 * 1e-9)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.1777", String::as_str))?;
    let n: usize = match args.get(1) {
        Some(s) => s.parse()?,
        None => 1 << 24,
    };
    let rounds: usize = match args.get(2) {
        Some(s) => s.parse()?,
        None => 3,
    };
    let rules = TakeBreak::from_code(&code);
    let origin = Instant::now();
    let (mut plain, mut search) = (f64::MAX, f64::MAX);
    let mut found = None;
    for _ in 0..rounds {
        let t = cpu_seconds(origin);
        let mut g = GrundySequence::new(rules.clone(), Method::SparseSpace);
        g.extend_to(n)?;
        plain = plain.min(cpu_seconds(origin) - t);
        let t = cpu_seconds(origin);
        let mut g = GrundySequence::new(rules.clone(), Method::SparseSpace);
        found = find_period(&mut g, n)?;
        search = search.min(cpu_seconds(origin) - t);
    }
    println!(
        "code {code} N {n}: extend_to {plain:.3} s, find_period {search:.3} s, overhead {:+.1}% (best of {rounds}; period {found:?})",
        100.0 * (search / plain - 1.0)
    );
    Ok(())
}
