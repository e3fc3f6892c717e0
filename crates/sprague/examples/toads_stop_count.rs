//! CGSuite's recipe "Toads and Frogs Exhaustive Search": the largest stop
//! count of a Toads and Frogs row of `N` cells (11 by default) over every
//! row, and the rows that reach it.
//!
//! `cargo run --release -p sprague --example toads_stop_count -- [N]`
//!
//! CGSuite's tutorial (`help/docs/tutorials/cgscript-recipes/
//! toads-and-frogs-search.cgsh`) finds 32 over the 3^11 rows of 11 cells,
//! reached by a single mirror-image pair. All rows share one solver, so a
//! row's followers valued for one row are not valued again: the whole
//! search takes about half a minute here (docs/examples/toads-and-frogs.md).

use std::time::Instant;

use sprague::{Budget, CanonicalSolver, Position, stop_count};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cells: u32 = match std::env::args().nth(1) {
        Some(n) => n.parse()?,
        None => 11,
    };
    if !(1..=13).contains(&cells) {
        return Err(format!("a row of 1 to 13 cells, not {cells}").into());
    }
    let started = Instant::now();
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut most = None;
    let mut rows = Vec::new();
    for code in 0..3u32.pow(cells) {
        let mut c = code;
        let row: String = (0..cells)
            .map(|_| {
                let cell = ['.', 'T', 'F'][(c % 3) as usize];
                c /= 3;
                cell
            })
            .collect();
        let position = Position::parse(&format!("toads(\"{row}\")"))?;
        let g = solver.sum(position.components())?;
        let count = stop_count(&mut solver.arena, g)?;
        if most.as_ref().is_none_or(|m| count > *m) {
            most = Some(count);
            rows.clear();
            rows.push(row);
        } else if most.as_ref() == Some(&count) {
            rows.push(row);
        }
    }
    rows.sort();
    let most = most.expect("at least one row");
    println!(
        "largest stop count over the {} rows of {cells} cells: {most}",
        3u32.pow(cells)
    );
    for row in &rows {
        println!("  toads(\"{row}\")");
    }
    eprintln!("({:.1} s)", started.elapsed().as_secs_f64());
    Ok(())
}
