//! Issue 36: numbers that size a structure and nesting a user controls,
//! refused where they are read with the limit in the message, never a
//! crash.

use super::{scratch, sprague, sprague_fails, sprague_in, sprague_ok};

/// The command fails with status 2 and one error naming `limit`.
fn refused_with_limit(position: &str, limit: &str) -> String {
    let (_, err, status) = sprague(&["analyze", position]);
    assert_eq!(status, 2, "{position}: {err}");
    assert!(
        err.contains("too large") && err.contains(&format!("the limit is {limit}")),
        "{position}: {err}"
    );
    err
}

#[test]
fn numbers_that_size_a_loopy_graph_are_refused_as_too_large() {
    // Each aborted with a stack overflow (status 134): the integer n is a
    // chain of n followers, built one call deep per follower.
    for position in [
        "1000000over",
        "{1000000|pass}",
        "99999999999Tiny(on)",
        "{-5000|pass}",
        "{*5000|pass}",
        "{^5000|pass}",
    ] {
        let limit = sprague::MAX_LOOPY_NUMBER.to_string();
        refused_with_limit(position, &limit);
    }
    // The caret is under the number.
    let err = refused_with_limit("{1000000|pass}", "4096");
    assert!(
        err.lines().nth(2).unwrap().starts_with("   ^^^^^^^"),
        "{err}"
    );
}

#[test]
fn the_same_numbers_in_short_games_are_read_as_before() {
    // A short game holds a number as a number, whatever its size.
    let out = sprague_ok(&["analyze", "{1000000|}"]);
    assert!(out.contains("value 1000001"), "{out}");
    // Just inside the loopy limit, a loopy value is built: Left's move
    // from `x over` is to `x`.
    let out = sprague_ok(&["analyze", "{4|pass}"]);
    assert!(out.contains("value 4over"), "{out}");
}

/// `depth` braces: `{{...{0|}...|}|}`, the integer `depth`.
fn nested_braces(depth: usize) -> String {
    format!("{}0{}", "{".repeat(depth), "|}".repeat(depth))
}

#[test]
fn braces_nest_to_the_limit_of_200_levels() {
    // Three levels were counted for each brace: the limit said to be 200
    // stopped at 67.
    let out = sprague_ok(&["analyze", &nested_braces(200)]);
    assert!(out.contains("value 200"), "{out}");
    let err = sprague_fails(&["analyze", &nested_braces(201)]);
    assert!(err.contains("the limit is 200"), "{err}");
}

#[test]
fn a_long_ordinal_sum_chain_is_refused_at_the_nesting_limit() {
    // `a : b : c` nests to the left, a level for each `:`.
    let chain = ["1"; 202].join(" : ");
    let err = sprague_fails(&["analyze", &chain]);
    assert!(err.contains("too large (the limit is 200)"), "{err}");
}

#[test]
fn misere_notation_nests_to_its_limit_only() {
    // 20 000 levels took 1.6 GB; 60 000 overflowed the stack (beyond the
    // 128 KiB a command-line argument may have: 40 000 here).
    let deep = |n: usize| format!("{}{}", "*[".repeat(n), "]".repeat(n));
    let out = sprague_ok(&["analyze", &deep(200)]);
    assert!(out.contains("P-position"), "{out}");
    for n in [201, 20_000, 40_000] {
        let err = sprague_fails(&["analyze", &deep(n)]);
        assert!(err.contains("the limit is 200 levels"), "{err}");
    }
    // Lists and groups count as levels too.
    let lists = format!("*[{}0{}]", "[".repeat(300), "]".repeat(300));
    let err = sprague_fails(&["analyze", &lists]);
    assert!(err.contains("the limit is 200 levels"), "{err}");
}

#[test]
fn an_ordinal_sum_chain_is_bounded_by_the_budget() {
    // Twelve terms of `{1|-1} :` (105 bytes) with `--budget 10000`
    // allocated until the allocator failed: each written option of the
    // canonical form, twice as long as the last, was read back from its
    // text, and the reader copied `±{a, b}` into `{a, b | -a, -b}` at every
    // level.
    let chain = ["{1|-1}"; 12].join(" : ");
    let (_, err, status, took) =
        super::reliability::sprague_within(&["analyze", "--budget", "10000", &chain], 30);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("more than 10000 positions"), "{err}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
}

#[test]
fn building_misere_notation_honours_the_time_limit_and_the_budget() {
    // `*[2###…]` of 405 bytes took a minute to build while the position was
    // read, before `--time-limit` or `--budget` applied to anything.
    let hostile = format!("*[2{}]", "#".repeat(401));
    let (_, err, status, took) = super::reliability::sprague_within(
        &["analyze", "--misere", "--time-limit", "1", &hostile],
        60,
    );
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("no answer within 1 s"), "{err}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    let (_, err, status, took) =
        super::reliability::sprague_within(&["analyze", "--budget", "1000", &hostile], 60);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("more than 1000 positions"), "{err}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // Small forms are built as before, within a small budget: `*[2]` is the
    // nimber 2, so `*[2] + *[3]` has Grundy value 2 ⊕ 3 = 1 (Bouton).
    let (out, _, status, _) = super::reliability::sprague_within(
        &[
            "analyze",
            "--budget",
            "1000",
            "--time-limit",
            "1",
            "*[2] + *[3]",
        ],
        60,
    );
    assert_eq!(status, Some(0));
    assert!(out.contains("Grundy value 1"), "{out}");
}

#[test]
fn nested_switches_in_a_loopy_value_are_built_once_not_doubled() {
    // Found by the `loopy` fuzz target: `2 & ±±…±1` (29 signs) built the
    // switches' graph as a tree, twice as large at every sign, and ran for
    // minutes past a 200 ms time limit. A short part is now built in the
    // canonical arena. Its value by hand: ±±1 = {±1 | ±1} = 0 (whoever
    // moves first to ±1 is answered by the other's move to their number),
    // ±0 = {0 | 0} = * and ±* = {* | *} = 0, so from two signs on the value
    // alternates 0, *: 29 signs give *, and the sided value is `2 & *`.
    let signs = "±".repeat(29);
    let (out, err, status, took) = super::reliability::sprague_within(
        &[
            "analyze",
            "--json",
            "--time-limit",
            "1",
            &format!("2 & {signs}1"),
        ],
        60,
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("\"value\": \"2 & *\""), "{out}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // A loopy part cannot be built in the arena: its doubling is counted
    // by the budget and refused with the limit.
    let (_, err, status, took) = super::reliability::sprague_within(
        &[
            "analyze",
            "--time-limit",
            "1",
            &format!("2 & {}over", "±".repeat(40)),
        ],
        60,
    );
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("position budget exceeded"), "{err}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
}

#[test]
fn loopy_values_keep_the_time_limit() {
    // `{*100|pass}` with `--time-limit 2` took 25 s and `^[on]*1000` ran past
    // 30 s: every position's key was its text, written out to 10 000 forms.
    // `+-{2^*645 | pass}` (a fuzz find) ran for minutes whatever the limit:
    // the term was built with no clock, and the canonical arena read the
    // clock only when it stored a form. `{*200|pass}` with a hundred times
    // the default budget takes about 4.5 s here.
    for args in [
        &["+-{2^*645 | pass}"][..],
        &["--budget", "1000000000", "{*200|pass}"][..],
    ] {
        let mut argv = vec!["analyze", "--time-limit", "1"];
        argv.extend_from_slice(args);
        let (_, err, status, took) = super::reliability::sprague_within(&argv, 60);
        assert_eq!(status, Some(2), "{args:?}: {err}");
        assert!(err.contains("no answer within 1 s"), "{args:?}: {err}");
        assert!(
            took < std::time::Duration::from_secs(6),
            "{args:?}: {took:?}"
        );
    }
}

/// A loopy term's short followers are written, and keyed, as short games:
/// `{*100|pass}` moves to `*100`, not to 101 labelled forms (its text and
/// key were quadratic in the nimber, the exploration of its followers
/// cubic: 25 s at `*100`).
#[test]
fn a_loopy_terms_short_followers_are_written_as_short_games() {
    let started = std::time::Instant::now();
    let v = super::json(&["analyze", "--json", "--moves", "--", "{*100|pass}"]);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    let left: Vec<_> = v["moves"]
        .as_array()
        .expect("the moves")
        .iter()
        .filter(|m| m["side"] == "L")
        .collect();
    assert_eq!(left.len(), 1, "{v}");
    assert_eq!(left[0]["to"], "*100", "{v}");
}

/// Inside a loopy value, numbers are read as the calculator reads them
/// elsewhere (`docs/language.md`, "The calculator"): of any size, and with
/// its arithmetic (`13*5` was `13 + *5` here and 65 in a short game).
#[test]
fn the_loopy_reader_reads_numbers_as_the_calculator_does() {
    for (written, value) in [
        ("{13*5|pass}", "65over"),
        ("{13 * 5|pass}", "65over"),
        ("{3*-2|pass}", "-6over"),
        ("{2^3^2|pass}", "512over"),
        ("{-7 % 3|pass}", "-1over"),
        ("{1/2^3|pass}", "1/8over"),
        ("{13*|pass}", "13v[on]"),
    ] {
        let v = super::json(&["analyze", "--json", "--", written]);
        assert_eq!(v["value"], value, "{written}: {v}");
    }
    // The printer writes an ordinal sum's value with numbers like this one
    // (the `algebra` fuzz find); the loopy reader refused past 2^62.
    let x = "45671926166590716193865151022383844364247891967/45671926166590716193865151022383844364247891968";
    let v = super::json(&["analyze", "--json", "--", &format!("{x} & 1/2*")]);
    assert_eq!(v["value"], format!("{x} & 1/2*"), "{v}");
    // A number that sizes the graph is still refused with its limit.
    refused_with_limit("{2^64|pass}", "4096");
}

/// A misère game whose options as written would print nested deeper than
/// the reader's 200 levels (`1###…`, not canonical as written, prints a
/// list a level per `#`) is kept as its canonical form, whose compact text
/// reads back (the `misere` fuzz find).
#[test]
fn a_misere_position_prints_within_the_readers_nesting() {
    let written = format!("*[2{}1{}]", "#".repeat(55), "#".repeat(300));
    let v = super::json(&["analyze", "--misere", "--json", "--", &written]);
    let position = v["position"].as_str().expect("a position");
    let again = super::json(&["analyze", "--misere", "--json", "--", position]);
    assert_eq!(again["position"], position, "{v}");
    assert_eq!(again["outcome"], v["outcome"], "{v}");
    // Short chains keep their moves as written.
    let v = super::json(&["analyze", "--misere", "--json", "--", "*[1###]"]);
    assert_eq!(v["position"], "*[[[[1]]]]", "{v}");
}

#[test]
fn nested_multiple_switches_are_read_in_time_linear_in_their_text() {
    // `±{±{...{0|}...}}`: read twice at every level, and copied for the
    // negatives, they took time and memory exponential in the nesting.
    let depth = 150;
    let position = format!("{}{{0|}}{}", "±{".repeat(depth), "}".repeat(depth));
    let (out, err, status, took) =
        super::reliability::sprague_within(&["analyze", "--json", &position], 30);
    assert_eq!(status, Some(0), "{err}");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // `{0|}` is 1; `±{1}` is `±1`, a first player's win; `±{±1}` is
    // `{±1 | ±1}` (a switch is its own negative), a first player's loss,
    // so 0; `±{0}` is `*`, and `±{*}` is `{* | *}`, 0 again. An even
    // number of levels is 0.
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["outcome"], "P", "{out}");
    assert_eq!(json["value"], "0", "{out}");
}

#[test]
fn output_paths_are_written_as_regular_files_only() {
    // As root, `--checkpoint /dev/null` replaced the device node with a
    // regular file, and FIFOs and symbolic links were replaced too: each
    // output was renamed over whatever its path was.
    let dir = scratch("outputs");
    let status = std::process::Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::write(dir.join("target"), b"kept").unwrap();
    std::os::unix::fs::symlink("target", dir.join("link")).unwrap();
    std::fs::create_dir(dir.join("folder")).unwrap();
    for flag in ["--checkpoint", "--plot", "--certificate"] {
        for (name, kind) in [
            ("fifo", "a FIFO"),
            ("link", "a symbolic link"),
            ("folder", "a directory"),
        ] {
            let mut args = vec!["table", "officers", "--to", "100", flag, name];
            if flag == "--certificate" {
                args.push("--period");
            }
            let (out, err, status) = sprague_in(&dir, &args);
            assert_eq!(status, 2, "{flag} {name}: {err}");
            assert_eq!(out, "", "{flag} {name}: nothing is computed");
            assert_eq!(
                err.trim_end(),
                format!("error: {flag}: {name} is {kind}, not a regular file"),
            );
        }
    }
    // Refused before any work: a table far too large for memory is refused
    // for its path, not for its size.
    let (_, err, status) = sprague_in(
        &dir,
        &["table", "officers", "--to", "2^40", "--checkpoint", "fifo"],
    );
    assert_eq!(status, 2);
    assert!(err.contains("fifo is a FIFO"), "{err}");
    // Each is still what it was.
    let kind = |name: &str| {
        std::fs::symlink_metadata(dir.join(name))
            .unwrap()
            .file_type()
    };
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind("fifo")));
    assert!(kind("link").is_symlink());
    assert!(kind("folder").is_dir());
    assert_eq!(std::fs::read(dir.join("target")).unwrap(), b"kept");
    // `--resume` refuses the same paths in the same words.
    let (_, err, status) = sprague_in(&dir, &["table", "officers", "--resume", "fifo"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("cannot resume from fifo: it is a FIFO, not a regular file"),
        "{err}"
    );
    // A regular file, there or not, is written.
    let (_, err, status) = sprague_in(
        &dir,
        &[
            "table",
            "officers",
            "--to",
            "100",
            "--checkpoint",
            "target",
            "--plot",
            "new.svg",
        ],
    );
    assert_eq!(status, 0, "{err}");
    assert_ne!(std::fs::read(dir.join("target")).unwrap(), b"kept");
    assert!(
        std::fs::read(dir.join("new.svg"))
            .unwrap()
            .starts_with(b"<svg")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_small_memory_limit_is_printed_in_a_unit_that_shows_it() {
    // `--memory 8M` said "0.0 GiB ... more than the 0.0 GiB".
    let err = sprague_fails(&["table", "officers", "--to", "2^20", "--memory", "8M"]);
    assert!(
        err.contains("more than the 8.0 MiB of memory available"),
        "{err}"
    );
    assert!(!err.contains("0.0 GiB"), "{err}");
    let err = sprague_fails(&[
        "table", "officers", "--period", "--max", "2^30", "--memory", "8M",
    ]);
    assert!(
        err.contains("more than the 8.0 MiB of memory available") && err.contains("3.0 GiB"),
        "{err}"
    );
}

#[test]
fn a_time_limit_past_a_billion_seconds_is_too_large() {
    // 1e300 was refused as "not positive".
    for limit in ["1e300", "inf", "1000000001"] {
        let err = sprague_fails(&["analyze", "nim(3)", "--time-limit", limit]);
        assert!(
            err.contains("is too large")
                && err.contains("the limit is 1000000000 seconds")
                && err.len() < 200,
            "{limit}: {err}"
        );
    }
    let out = sprague_ok(&["analyze", "nim(3)", "--time-limit", "1e9"]);
    assert!(out.contains("Grundy value 3"), "{out}");
    for limit in ["0", "-1", "NaN"] {
        let flag = format!("--time-limit={limit}");
        let err = sprague_fails(&["analyze", "nim(3)", &flag]);
        assert!(
            err.contains("needs a positive number of seconds"),
            "{limit}: {err}"
        );
    }
}

#[test]
fn disk_is_refused_or_noted_where_it_does_not_apply() {
    // --disk was silently ignored by families that keep no values, and
    // where the values fit in memory.
    let err = sprague_fails(&["table", "nim", "--to", "10", "--disk", "."]);
    assert!(
        err.contains("--disk is for take-and-break games") && err.contains("`nim` keeps none"),
        "{err}"
    );
    let (out, err, status) = sprague(&["table", "officers", "--to", "10", "--disk", "."]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("officers"), "{out}");
    assert!(
        err.contains("--disk . is not used: the values through heap 10 fit in the"),
        "{err}"
    );
}

/// The algebra fuzz target's hang (seed 20261125): a multiple switch
/// whose braces are read, found not to close, and read again as an operand
/// doubled the work at every level. Forty levels answer at once now, with
/// the place of the mistake.
#[test]
fn nested_multiple_switches_are_read_once() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/regressions/algebra/nested-multiple-switch-hang"
    ))
    .unwrap();
    let started = std::time::Instant::now();
    let (_, err, status) = sprague(&["analyze", "--", &text]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("expected"), "{err}");
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    // Well-formed, the same nesting is read and valued: ±{2, {±(...)|0}}
    // forty deep, whose Left option 2 dominates, is ±2.
    let deep = format!("{}1{}", "+-{2, {".repeat(40), "|0}}".repeat(40));
    let out = sprague_ok(&["analyze", "--", &deep]);
    assert!(out.contains("(value ±2)"), "{out}");
}

/// The loopy fuzz target's find: `1over + 296under` was written as a
/// position with 296 nested braces (the integer as its canonical form),
/// which the reader refuses past 200. A number in a loopy term is written
/// as the number.
#[test]
fn a_loopy_positions_numbers_are_written_as_numbers() {
    let v = super::json(&["analyze", "--json", "--", "1over + 296under"]);
    assert_eq!(v["position"], "{1|pass} + {pass|296}", "{v}");
    let again = super::json(&["analyze", "--json", "--", v["position"].as_str().unwrap()]);
    assert_eq!(again["value"], v["value"]);
}

/// A loopy value's product games, many small ones (the simplification
/// builds one per strongly connected component, each as large as the
/// stoppers stored so far), count against the budget together, and so do
/// the positions a loopy sum explores, each as `EXPLORED_POSITION_WEIGHT`
/// positions (an explored sum holds about 1.5 KB): `over + 10000` went on
/// for minutes, `over + 1000000` grew to 1.5 GB.
#[test]
fn a_loopy_values_work_and_positions_count_against_the_budget() {
    let started = std::time::Instant::now();
    let out = sprague_ok(&["analyze", "over + 10000"]);
    assert!(
        out.contains("value not computed: position budget exceeded"),
        "{out}"
    );
    // The outcome stands: Left wins whoever starts.
    assert!(out.starts_with("L-position"), "{out}");
    let limit = (10_000_000 / sprague::EXPLORED_POSITION_WEIGHT).to_string();
    let (_, err, status) = sprague(&["analyze", "over + 1000000"]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains(&format!("more than {limit} positions")),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 120, "{:?}", started.elapsed());
    // Within the budget the value is found: 100 + over is 100over.
    let out = sprague_ok(&["analyze", "over + 100"]);
    assert!(out.contains("value 100over"), "{out}");
}

/// The sides of a sided value are written out as trees and a switch takes
/// both sides of what it switches, so `±±…±{1&0|-2}` doubled with each
/// `±` (20 of them: over a minute and 1.5 GB): refused past 65 536 forms,
/// with the count and the limit.
#[test]
fn switches_of_a_sided_value_are_refused_past_the_limit_on_their_sides() {
    let position = format!("{}{{1&0|-2}}", "+-".repeat(20));
    let started = std::time::Instant::now();
    let err = sprague_fails(&["analyze", &position]);
    assert!(
        err.contains("more than 65536 (each switch `±` of a sided value doubles them)"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    // Twelve switches are within the limit and valued.
    let v = super::json(&["analyze", "--json", "--", &position[16..]]);
    assert!(v["value"].is_string(), "{v}");
}

/// Up powers are named as far as a game is old, not to `^[12]` only:
/// `^[300]` printed as 288 braces around `^[12]`, which the reader (200
/// levels at most) refused, so its value did not read back.
#[test]
fn up_powers_of_any_order_print_as_themselves_and_read_back() {
    for written in ["^[300]", "^<250>", "v[200]*3", "^<13>*2"] {
        let v = super::json(&["analyze", "--json", "--", written]);
        assert_eq!(v["value"], written, "{v}");
    }
    // CGSuite's chain `{^[20] | *}` is `^[21]`.
    let v = super::json(&["analyze", "--json", "--", "{^[20]|*}"]);
    assert_eq!(v["value"], "^[21]", "{v}");
}
