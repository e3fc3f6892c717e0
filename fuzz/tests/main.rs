//! Replays every fuzz target on its seed corpus and on every input that
//! once crashed it (`fuzz/regressions/<target>/`), so the normal test suite
//! keeps what fuzzing found.

use std::path::Path;

use sprague_fuzz::TARGETS;

fn replay(dir: &str) -> usize {
    let mut count = 0;
    for &(name, target) in TARGETS {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let input = std::fs::read(&path).unwrap();
            eprintln!("{name}: {}", path.display());
            target(&input);
            count += 1;
        }
    }
    count
}

#[test]
fn the_seed_corpus_runs_clean() {
    assert!(replay("corpus") >= TARGETS.len());
}

#[test]
fn every_crash_found_so_far_stays_fixed() {
    assert!(replay("regressions") > 0);
}
