//! `table --disk DIR`: values past memory in a memory-mapped file, forced
//! at small sizes by a tiny `--memory`: the same table as in memory, a
//! killed run resumed from its checkpoint, clear errors for a directory
//! that cannot hold the file, and runs past 2^32 heaps not refused for
//! their size.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{scratch, spawn_in, sprague_in};

/// The files left in `dir`.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Officers to 2^21 in 5 MiB: 4 MiB for the period detector, and the first
/// and the last 2^18 heaps in memory, so that most of the 2^21 values are
/// read and written through the file only.
const ON_DISK: [&str; 9] = [
    "table",
    "officers",
    "--to",
    "2^21",
    "--summary",
    "--disk",
    ".",
    "--memory",
    "5M",
];

#[test]
fn values_on_disk_give_the_table_of_values_in_memory() {
    let dir = scratch("disk-same");
    let (memory, err, code) = sprague_in(&dir, &ON_DISK[..5]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("file"), "{err}");
    let (disk, err, code) = sprague_in(&dir, &ON_DISK);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("go to a file in .") && err.contains("the first and the last 262143 heaps"),
        "{err}"
    );
    // The summary holds the CRC-32 of every value.
    assert!(memory.contains("CRC-32"), "{memory}");
    assert_eq!(disk, memory);
    assert_eq!(
        files(&dir),
        Vec::<String>::new(),
        "the values file is removed"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_on_disk_killed_and_resumed_saves_the_uninterrupted_checkpoint() {
    let dir = scratch("disk-kill");
    let checkpointed = |file: &'static str| {
        [
            &ON_DISK[..],
            &["--checkpoint-every", "0", "--checkpoint", file],
        ]
        .concat()
    };
    // Uninterrupted, in memory.
    let (whole, err, code) = sprague_in(
        &dir,
        &[&ON_DISK[..5], &["--checkpoint", "whole.ckpt"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    // On disk, killed (SIGKILL) once its first checkpoint (2^20 heaps) is
    // saved, with half the run still to go.
    let mut child = spawn_in(&dir, &checkpointed("run.ckpt"));
    let start = Instant::now();
    while !dir.join("run.ckpt").exists() {
        assert!(start.elapsed() < Duration::from_secs(600));
        assert!(child.try_wait().unwrap().is_none(), "ended before its kill");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(child.try_wait().unwrap().is_none(), "ended before its kill");
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::metadata(dir.join("run.ckpt")).unwrap().len();
    let total = std::fs::metadata(dir.join("whole.ckpt")).unwrap().len();
    assert!(
        saved < total,
        "killed before the end: {saved} of {total} bytes"
    );
    // The killed run's values file is scratch, never resumed from; the
    // resumed run removes it (its process is gone) and its own.
    let (resumed, err, code) = sprague_in(
        &dir,
        &[&checkpointed("run.ckpt")[..], &["--resume", "run.ckpt"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(resumed, whole);
    assert!(
        std::fs::read(dir.join("run.ckpt")).unwrap()
            == std::fs::read(dir.join("whole.ckpt")).unwrap(),
        "the final checkpoints differ"
    );
    assert_eq!(files(&dir), ["run.ckpt", "whole.ckpt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_that_cannot_hold_the_values_is_a_clear_error() {
    let dir = scratch("disk-errors");
    std::fs::write(dir.join("plain"), "a file, not a directory").unwrap();
    // Not a directory.
    // Officers to `to` with its values in `values_dir`: refused, and no
    // table printed; the error.
    let refused = |to: &str, values_dir: &str| {
        let (out, err, code) = sprague_in(
            &dir,
            &[
                "table",
                "officers",
                "--to",
                to,
                "--summary",
                "--disk",
                values_dir,
                "--memory",
                "5M",
                "--checkpoint",
                "o.ckpt",
            ],
        );
        assert_eq!((out.as_str(), code), ("", 2), "{err}");
        err
    };
    let err = refused("2^21", "plain/sub");
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("error: cannot keep the values on disk: plain/sub/officers.")
            && last.contains("Not a directory"),
        "{err}"
    );
    // A disk without room: 2^45 heaps are 64 TiB. Refused before anything
    // is reserved, and nothing is left behind, no checkpoint either.
    let err = refused("2^45", ".");
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("error: cannot keep the values on disk: ./officers.")
            && last.contains("free on its disk"),
        "{err}"
    );
    assert_eq!(files(&dir), ["plain"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_past_two_to_the_32_is_not_refused_for_its_size() {
    // 2^33 heaps of Officers: 16 GiB of values and 1 GiB for the detector,
    // which fit in 18 GiB; the run starts (and stops at its time limit).
    let dir = scratch("disk-size");
    let (_, err, code) = sprague_in(
        &dir,
        &[
            "table",
            "officers",
            "--to",
            "8589934592",
            "--summary",
            "--memory",
            "18G",
            "--time-limit",
            "0.5",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("time limit"), "{err}");
    // In 16 GiB it is refused, with the way out.
    let (_, err, code) = sprague_in(
        &dir,
        &[
            "table",
            "officers",
            "--to",
            "2^33",
            "--summary",
            "--memory",
            "16G",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("needs about 17.0 GiB") && err.contains("--disk DIR"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
