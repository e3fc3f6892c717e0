//! Checkpoints as a user meets them: a damaged, truncated, foreign or
//! other table's file is refused with exit status 2 and no table, and a run
//! killed with SIGKILL at random moments, resumed each time, prints what
//! an uninterrupted run prints.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{scratch, spawn_in, sprague_in};

/// The error of `sprague table officers --to 1200 --resume FILE` on a
/// file holding `bytes`, after checking that it fails as a user error
/// (status 2) and prints no table.
fn resume_error(dir: &Path, bytes: &[u8]) -> String {
    std::fs::write(dir.join("bad.ckpt"), bytes).unwrap();
    let (out, err, code) = sprague_in(
        dir,
        &["table", "officers", "--to", "1200", "--resume", "bad.ckpt"],
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "", "no table is printed from a refused checkpoint");
    err
}

#[test]
fn a_damaged_truncated_or_foreign_checkpoint_is_refused_saying_which() {
    let dir = scratch("refused");
    let (_, err, code) = sprague_in(
        &dir,
        &[
            "table",
            "officers",
            "--to",
            "400",
            "--checkpoint",
            "good.ckpt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let good = std::fs::read(dir.join("good.ckpt")).unwrap();

    // One value changed, as the bug report had it: the table printed would
    // have been wrong.
    let mut damaged = good.clone();
    let last_value = damaged.len() - 5;
    damaged[last_value] ^= 0x01;
    insta::assert_snapshot!(resume_error(&dir, &damaged), @"error: cannot resume from bad.ckpt: the checkpoint is damaged: the checksum of its contents does not match");

    // The length in the header changed.
    let mut damaged = good.clone();
    let digit = good.iter().position(|&b| b == b'\n').unwrap() + 10;
    damaged[digit] ^= 0x01;
    insta::assert_snapshot!(resume_error(&dir, &damaged), @"error: cannot resume from bad.ckpt: the checkpoint is damaged: the checksum of its header does not match");

    insta::assert_snapshot!(resume_error(&dir, &good[..good.len() / 2]), @"error: cannot resume from bad.ckpt: the checkpoint is truncated: 294 of its 589 bytes");
    insta::assert_snapshot!(resume_error(&dir, b""), @"error: cannot resume from bad.ckpt: the checkpoint is truncated: 0 bytes, shorter than its header");
    insta::assert_snapshot!(resume_error(&dir, b"n,value\n0,0\n1,0\n"), @"error: cannot resume from bad.ckpt: not a sprague checkpoint (it does not begin with `sprague octal checkpoint`)");
    // The first line of the version-1 format this one replaced.
    insta::assert_snapshot!(resume_error(&dir, b"sprague octal checkpoint 1\n\x03\0\0\0\0\0\0\0"), @"error: cannot resume from bad.ckpt: the checkpoint is of an older format (version 1) that this sprague no longer reads: compute the table again");

    // A whole checkpoint of another table.
    let (_, err, code) = sprague_in(
        &dir,
        &[
            "table",
            "kayles",
            "--to",
            "400",
            "--checkpoint",
            "kayles.ckpt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let kayles = std::fs::read(dir.join("kayles.ckpt")).unwrap();
    insta::assert_snapshot!(resume_error(&dir, &kayles), @"error: cannot resume from bad.ckpt: the checkpoint belongs to another table: it holds `kayles`, not `officers`");

    // A device is not read at all.
    let (out, err, code) = sprague_in(
        &dir,
        &["table", "officers", "--to", "10", "--resume", "/dev/zero"],
    );
    assert_eq!((out.as_str(), code), ("", 2));
    insta::assert_snapshot!(err, @"error: cannot resume from /dev/zero: it is a character device, not a regular file");

    // The good checkpoint still resumes to the uninterrupted table.
    let (resumed, err, code) = sprague_in(
        &dir,
        &["table", "officers", "--to", "1200", "--resume", "good.ckpt"],
    );
    assert_eq!(code, 0, "{err}");
    let (whole, _, _) = sprague_in(&dir, &["table", "officers", "--to", "1200"]);
    assert_eq!(resumed, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The long run of the kill test: 2^24 heaps of 0.1777 (about 4 s in
/// release on a 2-core machine), checkpointed after every 2^20 heaps.
const LONG_RUN: [&str; 9] = [
    "table",
    "octal[0.1777]",
    "--to",
    "2^24",
    "--budget",
    "100000000",
    "--summary",
    "--checkpoint-every",
    "0",
];

#[test]
fn a_run_killed_ten_times_and_resumed_prints_the_uninterrupted_table() {
    let dir = scratch("kill");
    // The seed is new each run, so that runs of the test try different
    // moments; SPRAGUE_KILL_SEED repeats a failed one.
    let seed: u64 = std::env::var("SPRAGUE_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
    let mut rng = StdRng::seed_from_u64(seed);

    let start = Instant::now();
    let (whole, err, code) = sprague_in(
        &dir,
        &[&LONG_RUN[..], &["--checkpoint", "whole.ckpt"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    let uninterrupted = start.elapsed();
    let whole_values = std::fs::read(dir.join("whole.ckpt")).unwrap();

    // Each run is killed after a random time up to an eighth of the
    // uninterrupted run, so that the moments fall anywhere in the run,
    // checkpoint writes included; and at most half the time the values not
    // yet saved would take, so that every run is still running when it is
    // killed, on a machine of any speed. The checkpoint holds a byte per
    // value (all of 0.1777's values up to 2^24 are below 256).
    let total = (1u64 << 24) + 1;
    let mut moments = Vec::new();
    // Ten kills, and more (up to 40) while no checkpoint has been written
    // yet: on a loaded machine every one of ten short runs can die before
    // its first checkpoint, and then there is nothing to resume.
    for kill in 0..40 {
        if kill >= 10 && dir.join("run.ckpt").exists() {
            break;
        }
        // The header and checksum take under 256 bytes.
        let saved = std::fs::metadata(dir.join("run.ckpt"))
            .map_or(0, |m| m.len().saturating_sub(256).min(total));
        let left = uninterrupted.mul_f64((total - saved) as f64 / total as f64);
        let most = (uninterrupted / 8).min(left / 2);
        let mut args = [&LONG_RUN[..], &["--checkpoint", "run.ckpt"]].concat();
        if dir.join("run.ckpt").exists() {
            args.extend(["--resume", "run.ckpt"]);
        }
        let mut child = spawn_in(&dir, &args);
        let moment = rng.random_range(Duration::ZERO..=most);
        moments.push(moment);
        std::thread::sleep(moment);
        assert!(
            child.try_wait().unwrap().is_none(),
            "seed {seed}: run {kill} ended before its kill at {moment:?} (moments {moments:?}, uninterrupted run {uninterrupted:?}, {saved} bytes saved)"
        );
        // SIGKILL: no handler runs, nothing is flushed.
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let (resumed, err, code) = sprague_in(
        &dir,
        &[
            &LONG_RUN[..],
            &["--checkpoint", "run.ckpt", "--resume", "run.ckpt"],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "seed {seed}, moments {moments:?}: {err}");
    assert_eq!(resumed, whole, "seed {seed}, moments {moments:?}");
    // The last checkpoint holds every value, so equal files mean every
    // value of the resumed run equals the uninterrupted one's.
    let resumed_values = std::fs::read(dir.join("run.ckpt")).unwrap();
    assert!(
        resumed_values == whole_values,
        "seed {seed}, moments {moments:?}: the final checkpoints differ"
    );
    assert!(
        !dir.join("run.ckpt.tmp").exists(),
        "seed {seed}: a temporary file was left behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_resumed_past_the_change_of_width_prints_the_uninterrupted_csv() {
    // Officers' values pass 255 at heap 10 344: the checkpoint holds one
    // byte a value, the resumed run stores two.
    let dir = scratch("width");
    let (_, err, code) = sprague_in(
        &dir,
        &[
            "table",
            "officers",
            "--to",
            "2^12",
            "--summary",
            "--checkpoint",
            "o.ckpt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (resumed, err, code) = sprague_in(
        &dir,
        &[
            "table", "officers", "--to", "2^14", "--csv", "--resume", "o.ckpt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (whole, _, _) = sprague_in(&dir, &["table", "officers", "--to", "2^14", "--csv"]);
    // A header line, then one line per heap.
    assert_eq!(resumed.lines().count(), (1 << 14) + 2);
    assert_eq!(resumed, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint that cannot be written (the file size limit stands in for
/// a full disk: the write fails with EFBIG part of the way through) stops
/// the run with status 2 and says why, and leaves the previous checkpoint
/// as it was and no temporary file.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_checkpoint_write_leaves_the_previous_checkpoint_whole() {
    let dir = scratch("efbig");
    let (_, err, code) = sprague_in(
        &dir,
        &["table", "officers", "--to", "400", "--checkpoint", "o.ckpt"],
    );
    assert_eq!(code, 0, "{err}");
    let previous = std::fs::read(dir.join("o.ckpt")).unwrap();
    // A limit of 1 or 2 KiB (sh counts 512 or 1024-byte blocks), above the
    // 589 bytes read and below the 5 KiB written; SIGXFSZ is ignored, so
    // that the write fails instead of the process being killed.
    let out = Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 2; exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_sprague"),
            "table",
            "officers",
            "--to",
            "5000",
            "--summary",
            "--resume",
            "o.ckpt",
            "--checkpoint",
            "o.ckpt",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    insta::assert_snapshot!(err, @"error: cannot write checkpoint o.ckpt: File too large (os error 27)");
    assert_eq!(std::fs::read(dir.join("o.ckpt")).unwrap(), previous);
    assert!(!dir.join("o.ckpt.tmp").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
