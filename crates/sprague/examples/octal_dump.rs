//! Prints `G(0..=N)` of a take-and-break game, one value a line.
//!
//! `cargo run --release -p sprague --example octal_dump -- 0.007 1000 [plain|sparse]`

use std::io::Write;

use sprague::{GrundySequence, Method, OctalCode, TakeBreak};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(args.first().map_or("0.77", String::as_str))?;
    let n: usize = args.get(1).map_or(Ok(100), |s| s.parse())?;
    let method = match args.get(2).map(String::as_str) {
        Some("plain") => Method::Plain,
        _ => Method::SparseSpace,
    };
    let mut g = GrundySequence::new(TakeBreak::from_code(&code), method);
    g.extend_to(n)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for v in g.to_vec() {
        writeln!(out, "{v}")?;
    }
    Ok(())
}
