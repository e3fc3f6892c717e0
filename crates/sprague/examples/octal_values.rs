//! Computes `G(0..=N)` of a take-and-break game and reports the time taken.
//!
//! `cargo run --release -p sprague --example octal_values -- 0.6 1048576 [plain|sparse|single]`
//!
//! `single` is the sparse space method on one thread.

use std::time::Instant;

use sprague::{GrundySequence, Method, OctalCode, TakeBreak};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.6", String::as_str))?;
    let n: usize = match args.get(1) {
        Some(s) => s.parse()?,
        None => 1 << 20,
    };
    let method = match args.get(2).map(String::as_str) {
        Some("plain") => Method::Plain,
        _ => Method::SparseSpace,
    };
    let start = Instant::now();
    let mut g = GrundySequence::new(TakeBreak::from_code(&code), method);
    if args.get(2).map(String::as_str) == Some("single") {
        g.set_parallel(false);
    }
    g.extend_to(n)?;
    let seconds = start.elapsed().as_secs_f64();
    let values = g.to_vec();
    let checksum = values
        .iter()
        .fold(0u64, |h, &v| h.wrapping_mul(31).wrapping_add(u64::from(v)));
    println!(
        "code {code} heaps {} seconds {seconds:.3} rate {:.0}/s rare {} mask {:?} largest {} work {:?} checksum {checksum:x}",
        g.len(),
        g.len() as f64 / seconds,
        g.n_rare(),
        g.classification(),
        values.iter().max().unwrap_or(&0),
        g.work(),
    );
    Ok(())
}
