//! Computes the Grundy sequence of a take-and-break game until its period is
//! proved (or a heap limit is reached), and reports the time taken.
//!
//! `cargo run --release -p sprague --example octal_period -- 0.1777 [MAX] [plain|sparse]`

use std::time::Instant;

use sprague::{GrundySequence, Method, OctalCode, TakeBreak, find_period};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.77", String::as_str))?;
    let max: usize = match args.get(1) {
        Some(s) => s.parse()?,
        None => 1 << 32,
    };
    let method = match args.get(2).map(String::as_str) {
        Some("plain") => Method::Plain,
        _ => Method::SparseSpace,
    };
    let start = Instant::now();
    let mut g = GrundySequence::new(TakeBreak::from_code(&code), method);
    let found = find_period(&mut g, max)?;
    let seconds = start.elapsed().as_secs_f64();
    let largest = g.largest();
    println!(
        "code {code} heaps {} seconds {seconds:.3} rate {:.0}/s rare {} mask {:?} largest {largest} work {:?} period {found:?}",
        g.len(),
        g.len() as f64 / seconds,
        g.n_rare(),
        g.classification(),
        g.work(),
    );
    Ok(())
}
