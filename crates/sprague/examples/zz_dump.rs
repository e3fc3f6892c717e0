use sprague::{GrundySequence, Method, OctalCode, TakeBreak};
use std::io::Write;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = OctalCode::parse(&args[0]).unwrap();
    let n: usize = args[1].parse().unwrap();
    let mut g = GrundySequence::new(TakeBreak::from_code(&code), Method::SparseSpace);
    g.extend_to(n).unwrap();
    let mut f = std::fs::File::create(&args[2]).unwrap();
    let bytes: Vec<u8> = g.to_vec().iter().flat_map(|&v| (v as u16).to_le_bytes()).collect();
    f.write_all(&bytes).unwrap();
    eprintln!("rare {} mask {:?}", g.n_rare(), g.classification());
}
