//! Input at the edges: the largest numbers the language accepts in every
//! ruleset, files that are not files or never end, errors in huge inputs.
//! Whatever comes in, the answer is an answer (exit 0) or one clear error
//! (exit 2), never a panic (exit 101) or a hang.

use std::path::PathBuf;
use std::process::Command;

use super::{sprague, sprague_fails, sprague_ok};

const MAX: &str = "18446744073709551615";

/// Runs `sprague` in the repository's root, where the examples' graph files
/// (`games/dag.txt`) are found.
fn sprague_at_root(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().expect("exited normally"),
    )
}

/// Asserts that `sprague analyze position` answered or refused clearly: exit
/// 0, or exit 2 with one error line (and the input and caret lines of a
/// parse error), never a panic.
fn answers_or_refuses(position: &str) {
    let (out, err, code) = sprague_at_root(&[
        "analyze",
        position,
        "--budget",
        "200000",
        "--time-limit",
        "5",
    ]);
    assert!(!err.contains("panicked"), "{position}: {err}");
    match code {
        0 => assert!(!out.is_empty(), "{position}: no answer"),
        2 => {
            // A long period search says what it does before it ends.
            let lines: Vec<&str> = err
                .lines()
                .filter(|l| !l.starts_with("analyze: a heap beyond the budget"))
                .collect();
            assert!(
                lines[0].starts_with("error: ") && (lines.len() == 1 || lines.len() == 3),
                "{position}: {err}"
            );
        }
        _ => panic!("{position}: exit status {code}: {err}"),
    }
}

/// The example of every ruleset, as `sprague games` prints it.
fn examples() -> Vec<String> {
    let out = sprague_ok(&["games"]);
    let examples: Vec<String> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("example:  sprague analyze "))
        .map(|e| e.trim_matches(|c| c == '\'' || c == '"').to_string())
        .collect();
    assert!(examples.len() > 30, "{out}");
    examples
}

/// `text` with its `i`-th integer (or all of them, for `None`) replaced by
/// `by`; integers inside quotes (board strings, graph file names) too, which
/// is fine: they then test those parsers.
fn replace_integers(text: &str, which: Option<usize>, by: &str) -> String {
    let mut out = String::new();
    let mut index = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            // A decimal point makes an octal code (`0.137`): keep codes.
            let is_code = chars.peek() == Some(&'.') && out.ends_with('[') || out.ends_with('.');
            if !is_code && which.is_none_or(|w| w == index) {
                out.push_str(by);
            } else {
                out.push_str(&digits);
            }
            index += 1;
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_ruleset_takes_the_largest_numbers_without_a_panic() {
    for example in examples() {
        let integers = replace_integers(&example, None, "#").matches('#').count();
        for by in [MAX, "2^63", "2^32", "10^9"] {
            answers_or_refuses(&replace_integers(&example, None, by));
            for i in 0..integers {
                answers_or_refuses(&replace_integers(&example, Some(i), by));
            }
        }
    }
}

#[test]
fn huge_parameters_sums_and_exponents_without_a_panic() {
    let many_max = vec![MAX; 1000].join(", ");
    let cases = [
        format!("subtraction[{MAX}]({MAX})"),
        format!("subtraction[1..{MAX}]({MAX}, 3)"),
        format!("subtraction[{MAX}..{MAX}](5)"),
        format!("takeaway[1,{MAX}]({MAX})"),
        format!("takeaway[{MAX},{MAX}]({MAX})"),
        format!("bash[{MAX}]({MAX}, {MAX})"),
        format!("nim({many_max})"),
        format!("kayles({many_max})"),
        format!("bash[3]({many_max})"),
        format!("staircase({many_max})"),
        format!("leftward({many_max})"),
        format!("sequential({many_max})"),
        format!("moore[{MAX}]({many_max})"),
        format!("nosum[{MAX}]({MAX}, {MAX})"),
        format!("circle[{MAX},{MAX}]({MAX}, {MAX})"),
        format!("unfair[{MAX},{MAX}]({MAX})"),
        format!("cut({MAX}, {MAX})"),
        format!("fibonacci({MAX}, {MAX})"),
        format!("georgia(1, {MAX})"),
        format!("treblecross({MAX})"),
        format!("octal[0.{}](5)", "7".repeat(200)),
        format!("octal[4.{}]({MAX})", "f".repeat(40)),
        "nim(10^19)".to_string(),
        "nim(10^20)".to_string(),
        "nim(0^0)".to_string(),
        "nim(2^64)".to_string(),
        "nim(1^99999999999999999999)".to_string(),
        "*18446744073709551615 + *18446744073709551615".to_string(),
    ];
    for position in &cases {
        answers_or_refuses(position);
    }
}

#[test]
fn wythoff_at_u64_max_is_won_by_emptying_both_heaps() {
    // Issue 15: this panicked (index out of bounds). Equal heaps a > 0 are
    // never a P-position (the only one with difference 0 is (0, 0)), and
    // taking everything from both heaps reaches (0, 0).
    let v: serde_json::Value = serde_json::from_str(
        &sprague(&[
            "analyze",
            &format!("wythoff({MAX}, {MAX})"),
            "--all",
            "--json",
        ])
        .0,
    )
    .expect("an answer in JSON");
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().any(
            |m| m["description"] == format!("take {MAX} from both heaps")
                && m["to"] == "wythoff(0, 0)"
        ),
        "{v}"
    );
}

/// A temporary path for this test process.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sprague-cli-{}-{name}", std::process::id()))
}

/// Asserts a one-line error, exit 2, saying `what`, from both the `graph`
/// command and a `graph[...]` position.
fn graph_file_refused(path: &str, what: &str) {
    let (out, err, code) = sprague(&["graph", path]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains(what), "{err}");
    let (out, err, code) = sprague(&["analyze", &format!("graph[\"{path}\"](0)")]);
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(err.starts_with("error: ") && err.contains(what), "{err}");
    // The message, then the position and the caret under the file name.
    assert_eq!(err.lines().count(), 3, "{err}");
}

#[test]
fn graph_files_must_be_regular_files() {
    // Issue 15: /dev/zero was read for ever.
    graph_file_refused("/dev/zero", "not a regular file (a device)");
    graph_file_refused("/tmp", "not a regular file (a directory)");
    let err = sprague_fails(&["analyze", "wordchain[\"/dev/zero\"](\"a\")"]);
    assert!(err.contains("not a regular file (a device)"), "{err}");
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let path = temp_path("fifo");
    let _ = std::fs::remove_file(&path);
    let made = Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    graph_file_refused(path.to_str().unwrap(), "not a regular file (a FIFO)");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_graph_file_over_the_size_limit_is_refused() {
    // A sparse file one byte over the limit: no disk space, and refused
    // from its size before anything is read.
    let path = temp_path("huge.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(sprague::graph::MAX_FILE_BYTES + 1).unwrap();
    graph_file_refused(
        path.to_str().unwrap(),
        &format!(
            "larger than the limit of {} bytes",
            sprague::graph::MAX_FILE_BYTES
        ),
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_over_long_line_is_refused_with_its_number() {
    let path = temp_path("long-line.txt");
    let long = "7".repeat(sprague::graph::MAX_LINE_BYTES + 1);
    std::fs::write(&path, format!("a b\n{long}\n")).unwrap();
    graph_file_refused(
        path.to_str().unwrap(),
        &format!(
            "line 2: longer than the limit of {} bytes",
            sprague::graph::MAX_LINE_BYTES
        ),
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_error_in_a_huge_input_shows_a_window_around_the_caret() {
    // Issue 15: 100 KB of `(` was echoed on the caret line.
    let position = format!("nim(3) + {}", "(".repeat(100_000));
    let err = sprague_fails(&["analyze", &position]);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(err.len() < 400, "{} bytes of error", err.len());
    // Parentheses group a sum of games, so the parser stops where they
    // nest too deep, inside the run: the line is a window of `(` around
    // the caret, with an ellipsis on each side.
    assert!(lines[0].contains("too large (the limit is 200)"), "{err}");
    assert!(
        lines[1].starts_with("  …(") && lines[1].ends_with("(…"),
        "{err}"
    );
    let caret = lines[2].find('^').unwrap();
    assert_eq!(lines[1][caret..].chars().next(), Some('('));
}

/// Runs `sprague args` with a watchdog: the child is killed after
/// `seconds`, so that a command that never ends fails the test instead of
/// hanging it. Returns what it printed, its exit status (`None` if killed)
/// and how long it ran.
pub(crate) fn sprague_within(
    args: &[&str],
    seconds: u64,
) -> (String, String, Option<i32>, std::time::Duration) {
    use std::io::Read;
    let begun = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read the output on threads (a command that writes forever would
    // fill a pipe nobody reads), keeping at most 1 MB of it.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 1 << 16];
        while let Ok(k) = stdout.read(&mut buf) {
            if k == 0 {
                break;
            }
            if kept.len() < 1 << 20 {
                kept.extend_from_slice(&buf[..k]);
            }
        }
        kept
    });
    let err = std::thread::spawn(move || {
        let mut kept = String::new();
        let _ = stderr.read_to_string(&mut kept);
        kept
    });
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if begun.elapsed() > std::time::Duration::from_secs(seconds) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let took = begun.elapsed();
    (
        String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
        err.join().unwrap(),
        code,
        took,
    )
}

#[test]
fn a_table_that_ends_at_u64_max_prints_its_rows_and_stops() {
    // Issue 28: the row labels wrapped past 2^64 - 1 and empty rows were
    // printed for ever (2.2 GB in 20 s); the JSON said `"to": 0`.
    let from = "18446744073709551610";
    for ruleset in [
        "nim",
        "subtraction[1..3]",
        "takeaway[1,3]",
        "bash[3]",
        "subtraction[2,5]",
    ] {
        let (out, err, code, _) =
            sprague_within(&["table", ruleset, "--from", from, "--to", MAX], 20);
        assert_eq!(code, Some(0), "{ruleset}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        // The title, then the row of 18446744073709551610..=...619, of
        // which the first six heaps exist.
        assert_eq!(lines.len(), 2, "{ruleset}: {out}");
        assert_eq!(lines[0], format!("{ruleset}: G({from}..={MAX})"));
        let row: Vec<&str> = lines[1].split_whitespace().collect();
        assert_eq!(row.len(), 7, "{ruleset}: {out}");
        assert_eq!(row[0], format!("{from}:"));

        let (out, err, code, _) = sprague_within(
            &["table", ruleset, "--from", from, "--to", MAX, "--json"],
            20,
        );
        assert_eq!(code, Some(0), "{ruleset}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["to"].as_u64(), Some(u64::MAX), "{ruleset}: {out}");
        assert_eq!(json["values"].as_array().unwrap().len(), 6);
    }
    // Nim's values are the heaps themselves: the last row is G(n) = n.
    let (out, _, _, _) = sprague_within(&["table", "nim", "--from", from, "--to", MAX], 20);
    assert!(
        out.lines().nth(1).unwrap().trim_end().ends_with(MAX),
        "{out}"
    );
    // The one heap 2^64 - 1 alone.
    let (out, _, code, _) =
        sprague_within(&["table", "nim", "--from", MAX, "--to", MAX, "--csv"], 20);
    assert_eq!(
        (out.as_str(), code),
        (format!("n,value\n{MAX},{MAX}\n").as_str(), Some(0))
    );
}

#[test]
fn the_time_limit_stops_a_long_table_of_a_periodic_family() {
    // Issue 28: `--time-limit 5` was ignored by this summary (killed at
    // 60 s): subtraction values are computed one by one from the period,
    // and the clock was read only by searches.
    for ruleset in ["subtraction[2,5]", "takeaway[1,3]", "nim"] {
        let (_, err, code, took) = sprague_within(
            &[
                "table",
                ruleset,
                "--to",
                "10^12",
                "--summary",
                "--time-limit",
                "1",
            ],
            30,
        );
        assert_eq!(code, Some(2), "{ruleset}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("time limit"),
            "{ruleset}: {err}"
        );
        assert!(took.as_secs_f64() < 5.0, "{ruleset}: {took:?}");
    }
}

#[test]
fn max_is_checked_and_honoured_by_every_family() {
    // Issue 28: `--max 0` was accepted; for nim and subtraction games
    // `--max` was ignored.
    let err = sprague_fails(&["table", "kayles", "--period", "--max", "0"]);
    assert!(err.contains("at least heaps 0 and 1"), "{err}");
    // subtraction[1,3]'s period 2 is proved by G(0..=4): not within
    // --max 2, which is said as for a take-and-break game.
    let out = sprague_ok(&["table", "subtraction[1,3]", "--period", "--max", "2"]);
    assert!(out.ends_with("no period certified up to heap 2\n"), "{out}");
    let out = sprague_ok(&["table", "subtraction[1,3]", "--period", "--max", "4"]);
    assert!(
        out.ends_with("period 2, preperiod 0, certified by G(0..=4)\n"),
        "{out}"
    );
    // Nim's closed form needs no value: any --max certifies it.
    let out = sprague_ok(&["table", "nim", "--period", "--max", "1"]);
    assert!(out.contains("certified by a closed form"), "{out}");
}

#[test]
fn resume_from_a_fifo_is_refused_without_waiting_for_a_writer() {
    // Issue 28: `--resume FIFO` blocked for ever in open().
    let path = temp_path("resume-fifo");
    let _ = std::fs::remove_file(&path);
    let made = Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (out, err, code, _) = sprague_within(
        &[
            "table",
            "officers",
            "--to",
            "10",
            "--resume",
            path.to_str().unwrap(),
        ],
        20,
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(err.ends_with("not a regular file\n"), "{err}");
}

#[test]
fn a_graph_header_larger_than_its_file_and_nul_bytes_are_refused_quickly() {
    // Issue 28: 12 bytes claiming 2^28 vertices took 33 s and 5.2 GB; a
    // file of NUL bytes was read as one vertex named by NULs.
    let path = temp_path("huge-header.txt");
    std::fs::write(&path, "268435456 0\n").unwrap();
    let (out, err, code, took) =
        sprague_within(&["graph", path.to_str().unwrap(), "--summary"], 20);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    assert!(
        err.contains("the header declares 268435456 vertices"),
        "{err}"
    );
    assert!(took.as_secs_f64() < 2.0, "{took:?}");
    std::fs::write(&path, [0u8; 4096]).unwrap();
    graph_file_refused(path.to_str().unwrap(), "the control byte 0x00");
    std::fs::remove_file(&path).unwrap();
}
