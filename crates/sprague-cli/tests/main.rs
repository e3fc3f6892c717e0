//! The `sprague` binary as a user meets it: output (snapshots, so a change
//! of wording is a reviewed diff), JSON fields, errors and exit statuses.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

mod checkpoints;
mod compare;
mod disk;
mod figure_table;
mod grid_table;
mod hostile;
mod long_values;
mod loopy;
#[path = "../../sprague/tests/loopy_cases.rs"]
mod loopy_cases;
mod loopy_cgsuite;
mod misere_genus;
mod misere_table;
mod pictures;
mod play;
mod quotient;
mod reliability;
mod rules;

/// Runs `sprague` with `args`; returns (stdout, stderr, exit status).
fn sprague(args: &[&str]) -> (String, String, i32) {
    sprague_in(Path::new("."), args)
}

/// Runs `sprague` in `dir` (so that file names in messages are short and
/// the same on every machine); returns (stdout, stderr, exit status).
fn sprague_in(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().expect("exited normally"),
    )
}

/// Starts `sprague` with `args` in `dir`, its output discarded: a run to
/// be killed.
fn spawn_in(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// A fresh directory for one test, `sprague-NAME-PID` in the temporary
/// directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `sprague` with `args`, which must succeed: its stdout.
fn sprague_ok(args: &[&str]) -> String {
    let (out, err, code) = sprague(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Runs `sprague` with `args`, which must fail as the user's mistake
/// (exit status 2): its stderr.
fn sprague_fails(args: &[&str]) -> String {
    let (out, err, code) = sprague(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    err
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = sprague_ok(args);
    serde_json::from_str(&out).expect("valid JSON")
}

#[test]
fn luogu_p1247_first_sample() {
    let out = sprague_ok(&["analyze", "nim(3, 6, 9)"]);
    insta::assert_snapshot!(out, @r"
    N-position: the player to move wins (Grundy value 12)
    remoteness 15: the game lasts 15 more moves with best play
    winning move: take 4 from the heap of 9  ->  nim(3, 6, 5)
    ");
}

#[test]
fn luogu_p1247_second_sample_is_lost() {
    let out = sprague_ok(&["analyze", "nim(15, 22, 19, 10)"]);
    insta::assert_snapshot!(out, @r"
    P-position: the player to move loses (Grundy value 0)
    remoteness 66: the game lasts 66 more moves with best play
    no winning move
    ");
}

#[test]
fn json_has_the_spec_fields() {
    let v = json(&["analyze", "nim(3, 6, 9)", "--json"]);
    assert_eq!(v["position"], "nim(3, 6, 9)");
    assert_eq!(v["play"], "normal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    assert_eq!(v["grundy"], 12);
    assert_eq!(v["value"], "*12");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["component"], 2);
    assert_eq!(moves[0]["description"], "take 4 from the heap of 9");
    assert_eq!(moves[0]["to"], "nim(3, 6, 5)");
}

#[test]
fn acwing_893_sample_is_a_first_player_win() {
    let v = json(&["analyze", "subtraction[2,5](2, 4, 7)", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    // G = 1 ⊕ 0 ⊕ 0 for S = {2, 5} (0 0 1 1 0 2 1 0 ...).
    assert_eq!(v["grundy"], 1);
}

#[test]
fn all_lists_every_winning_move_in_spec_order() {
    let out = sprague_ok(&["analyze", "nim(1, 2, 4, 7)", "--all"]);
    // Nim-sum 1⊕2⊕4⊕7 = 0: lost. With heaps 3, 5, 7 (sum 1), every heap
    // whose lowest bit is set can move.
    insta::assert_snapshot!(out, @r"
    P-position: the player to move loses (Grundy value 0)
    remoteness 14: the game lasts 14 more moves with best play
    no winning move
    ");
    let (out, _, _) = sprague(&["analyze", "nim(3, 5, 7)", "--all"]);
    insta::assert_snapshot!(out, @r"
    N-position: the player to move wins (Grundy value 1)
    remoteness 15: the game lasts 15 more moves with best play
    winning moves (3):
      take 1 from the heap of 3  ->  nim(2, 5, 7)
      take 1 from the heap of 5  ->  nim(3, 4, 7)
      take 1 from the heap of 7  ->  nim(3, 5, 6)
    ");
}

#[test]
fn misere_nim() {
    let out = sprague_ok(&["analyze", "nim(1, 1, 1)", "--misere"]);
    // *1 + *1 = 0 in misère play (Conway, ONAG ch. 12), so three heaps of
    // one are *[1]: genus 1, lost by the player to move.
    insta::assert_snapshot!(out, @r"
    P-position: the player to move loses (misère play)
    misère canonical form *[1], genus 1, misère Grundy value 0
    remoteness 3: the game lasts 3 more moves with best play
    no winning move
    ");
    let v = json(&["analyze", "nim(2, 2, 1)", "--misere", "--json"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "N");
    assert!(v["grundy"].is_null());
    assert_eq!(v["winning_moves"][0]["to"], "nim(2, 2)");
}

/// Issue 35 item 3's reproducers: every impartial heap and sum gets its
/// misère figures, each left out with the reason where it does not fit
/// (`misere_genus::analyze_misere_json_matches_published_genera`
/// checks heaps 0..=20 of five games, and each with up to seven `*2`s).
#[test]
fn misere_figures_of_every_heap_are_in_the_json() {
    // CGSuite's GameHeapTest.scala (tests/data/misere/cgsuite_heaps.txt of
    // the library): Kayles' heap 17 has G⁻ 6 and genus 4^64, as
    // `table kayles --misere` prints it.
    let v = json(&["analyze", "--misere", "--json", "kayles(17)"]);
    let m = &v["misere"];
    assert_eq!(
        (&m["grundy"], &m["genus"]),
        (&serde_json::json!(6), &serde_json::json!("4^64")),
        "{v}"
    );
    let table = json(&["table", "kayles", "--misere", "--to", "17", "--json"]);
    assert_eq!(table["genus"][17], "4^64", "{table}");
    // Its mate would be written in over a mebibyte: null, and the text says
    // why.
    assert!(m["mate"].is_null(), "{m}");
    let text = sprague_ok(&["analyze", "--misere", "kayles(17)"]);
    assert!(text.contains("\nmate: left out"), "{text}");
    // Kayles(10) is tame of genus 2^2 (CGSuite, as above): beside six *2s
    // it plays as seven heaps of 2, so G⁻ is their nim-sum 2 (Bouton's
    // misère rule, a heap above 1 being left).
    let v = json(&[
        "analyze",
        "--misere",
        "--json",
        "kayles(10) + nim(2, 2, 2, 2, 2, 2)",
    ]);
    assert_eq!(v["misere"]["grundy"], 2, "{v}");
    assert_eq!(v["outcome"], "N");
    // The form of Kayles' heap 20 is too long to write within its
    // allowance: null with the reason, the G⁻ and genus still given.
    let v = json(&["analyze", "--misere", "--json", "kayles(20)"]);
    let m = &v["misere"];
    assert_eq!(
        (&m["grundy"], &m["genus"]),
        (&serde_json::json!(0), &serde_json::json!("1^031")),
        "{v}"
    );
    assert!(m["form"].is_null() && v["value"].is_null(), "{v}");
    let text = sprague_ok(&["analyze", "--misere", "kayles(20)"]);
    assert!(
        text.contains("genus 1^031, misère Grundy value 0\n") && text.contains("\nform: left out"),
        "{text}"
    );
}

#[test]
fn misere_canonical_form_and_its_figures() {
    // CGSuite's MisereCanonicalGameTestCase: *[[2],1] is *[2#1], restless,
    // genus 2^1420, misère Grundy value 1, mate *[2#0].
    let v = json(&["analyze", "--misere", "--json", "*[2#1]"]);
    assert_eq!(v["value"], "*[2#1]");
    let m = &v["misere"];
    assert_eq!(m["form"], "*[2#1]");
    assert_eq!(m["grundy"], 1);
    assert_eq!(m["genus"], "2^1420");
    assert_eq!(m["birthday"], 4);
    assert_eq!(m["restless"], true);
    assert_eq!(m["tame"], false);
    assert_eq!(m["restive"], false);
    assert_eq!(m["even"], true);
    assert_eq!(m["mate"], "*[2#0]");
    assert_eq!(v["outcome"], "N");
    // *[2#1] moves to *1 and to *[2#], both misère P-positions (G⁻ = 0).
    let v = json(&["analyze", "--misere", "--json", "--all", "*[2#1]"]);
    let mut to: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    to.sort_unstable();
    assert_eq!(to, ["*[1]", "*[2#]"]);
    let out = sprague_ok(&["analyze", "--misere", "*[2]+*[2]"]);
    assert!(
        out.contains("misère canonical form *[2[2]], genus 0^0"),
        "{out}"
    );
}

#[test]
fn bad_misere_notation_is_one_line_with_a_caret() {
    let err = sprague_fails(&["analyze", "*[2#"]);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].contains("unclosed `[`"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn misere_by_search_for_other_rulesets() {
    // One heap of 5 where a move takes 1 or 2: misère, the player to move
    // wants to leave 1 (then the opponent must take the last stone) or a
    // multiple of 3 plus 1; from 5, taking 1 leaves 4 = 3 + 1.
    let v = json(&["analyze", "subtraction[1,2](5)", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 1 from the heap of 5"
    );
}

#[test]
fn malformed_positions_are_one_clear_line_and_exit_2() {
    let cases: &[(&str, &str)] = &[
        ("nim(3,", "unexpected end of input"),
        ("nim(-1)", "negative numbers are not allowed"),
        ("unknown(3)", "unknown ruleset `unknown`"),
        ("nim(1180591620717411303424)", "number out of range"),
        ("nim(2^70)", "number out of range"),
        ("subtraction[0](3)", "move sizes start at 1"),
        ("takeaway[5,2](3)", "larger than r"),
        ("nim()", "needs at least one heap"),
    ];
    for (position, message) in cases {
        let (out, err, code) = sprague(&["analyze", position]);
        assert_eq!(code, 2, "{position}: {err}");
        assert!(out.is_empty(), "{position}: wrote to stdout");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 3, "{position}: {err}");
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(message),
            "{err}"
        );
        assert!(!err.contains("panicked") && !err.contains("backtrace"));
        assert_eq!(lines[1], format!("  {position}"));
        assert!(lines[2].trim_start().starts_with('^'));
    }
}

#[test]
fn likely_slips_get_a_hint_of_what_was_meant() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "Nim(3)"], "names are lower case: `nim`"),
        (&["analyze", "kayle(10)"], "did you mean `kayles`?"),
        (
            &["analyze", "hackenbush(LRRL)"],
            "a string is written in double quotes: `\"LRRL\"`",
        ),
        (
            &["analyze", "kayles[10]"],
            "`kayles(10)` or `kayles[10](...)`",
        ),
        (
            &["analyze", "dawsons(7)"],
            "did you mean one of `dawson`, `dawsonschess`?",
        ),
        (&["analyze", "treblecros(9)"], "did you mean `treblecross`?"),
        (&["table", "kayle"], "did you mean `kayles`?"),
        (&["table", "Kayles"], "names are lower case: `kayles`"),
    ];
    for (args, hint) in cases {
        let (out, err, code) = sprague(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: wrote to stdout");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error: ") && first.ends_with(hint),
            "{args:?}: {err}"
        );
        assert!(
            err.lines()
                .nth(2)
                .is_some_and(|l| l.trim_start().starts_with('^')),
            "{err}"
        );
    }
    // A name far from every ruleset gets no guess.
    let (_, err, _) = sprague(&["analyze", "zzzzzz(3)"]);
    assert!(!err.contains("did you mean"), "{err}");
}

#[test]
fn the_caret_points_at_the_offending_text() {
    let (_, err, _) = sprague(&["analyze", "nim(3) + unknown(3)"]);
    insta::assert_snapshot!(err, @r"
    error: bad position: unknown ruleset `unknown` (`sprague games` lists them) at byte 9
      nim(3) + unknown(3)
               ^^^^^^^
    ");
}

#[test]
fn budget_exceeded_is_a_user_error_with_a_hint() {
    let err = sprague_fails(&[
        "analyze",
        "subtraction[1,3](30, 31, 32, 33)",
        "--misere",
        "--budget",
        "100",
    ]);
    assert!(
        err.contains("position budget exceeded") && err.contains("--budget"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn a_time_limit_is_a_user_error_with_a_hint() {
    let (out, err, code) = sprague(&[
        "analyze",
        "dawson(40, 41, 42, 43)",
        "--misere",
        "--time-limit",
        "0.2",
        "--budget",
        "1000000000",
    ]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: time limit reached: no answer within 200 ms (raise it with --time-limit SECONDS, or try a smaller position)\n"
    );
    // A Grundy table of a take-and-break game reads the clock too, and
    // prints nothing when it stops.
    let (out, err, code) = sprague(&[
        "table",
        "--time-limit",
        "0.3",
        "octal[0.007]",
        "--to",
        "10000000",
        "--budget",
        "100000000",
        "--csv",
    ]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("error: time limit reached: no answer within 300 ms"),
        "{err}"
    );
    for bad in ["--time-limit=0", "--time-limit=-1", "--time-limit=nan"] {
        let err = sprague_fails(&["analyze", "nim(1)", bad]);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn table_plain_csv_and_json() {
    let out = sprague_ok(&["table", "subtraction[2,5]", "--to", "14"]);
    insta::assert_snapshot!(out, @r"
    subtraction[2,5]: G(0..=14)
     0: 0 0 1 1 0 2 1 0 0 1
    10: 1 0 2 1 0          
    ");
    let (out, _, _) = sprague(&[
        "table",
        "takeaway[2,3]",
        "--from",
        "3",
        "--to",
        "6",
        "--csv",
    ]);
    // ⌊(x mod 5)/2⌋ for x = 3..=6.
    assert_eq!(out, "n,value\n3,1\n4,2\n5,0\n6,0\n");
    let v = json(&["table", "nim", "--to", "3", "--json"]);
    assert_eq!(v["ruleset"], "nim");
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 3]));
    assert!(v["period"].is_null());
}

#[test]
fn table_errors() {
    sprague_fails(&["table", "nim(3)"]);
    sprague_fails(&["table", "nim", "--from", "5", "--to", "2"]);
}

#[test]
fn games_lists_every_ruleset() {
    let out = sprague_ok(&["games"]);
    for name in ["nim", "subtraction", "takeaway"] {
        assert!(out.lines().any(|l| l == name), "{name} missing");
    }
    assert!(out.contains("sprague analyze \"nim(3, 6, 9)\""));
}

/// Runs `sprague` with `args`, typing `input` at its prompts; it must
/// succeed: its stdout.
fn sprague_with_input(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_the_engine_wins_from_a_winning_position() {
    // The engine moves first from nim(3, 6, 9), an N-position, and must win
    // whatever the human does; the human always takes move 1.
    let out = sprague_with_input(
        &["play", "nim(3, 6, 9)", "--computer-first"],
        &"1\n".repeat(30),
    );
    assert!(
        out.contains("I take 4 from the heap of 9  ->  nim(3, 6, 5)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("You cannot move. I win."), "{out}");
}

#[test]
fn play_accepts_a_typed_position_and_hints() {
    // nim(1, 2): the winning move is to nim(1, 1). The human types it.
    let out = sprague_with_input(&["play", "nim(1, 2)"], "hint\nnim(1,1)\n1\n");
    assert!(
        out.contains("hint: take 1 from the heap of 2  ->  nim(1, 1)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("I cannot move. You win!"), "{out}");
}

#[test]
fn play_rejects_illegal_moves_and_ends_on_eof() {
    let out = sprague_with_input(&["play", "nim(2)"], "7\nnim(5)\n");
    assert!(out.contains("there is no move 7: choose 1 to 2"), "{out}");
    assert!(
        out.contains("nim(5) is not one move away from nim(2)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Game abandoned."), "{out}");
}

#[test]
fn play_a_partizan_game_as_left() {
    // cut(3, 5) is worth -1: Right wins whoever starts. The human plays
    // Left (the default), moves first and always takes move 1; the engine
    // plays Right's winning cuts and wins.
    let out = sprague_with_input(&["play", "cut(3, 5)"], &"1\n".repeat(20));
    assert!(
        out.contains("A partizan game: you play Left, I play Right."),
        "{out}"
    );
    // Left's moves cut the side of 3; Right's the side of 5.
    assert!(
        out.contains("1. cut 3x5 into 1x5 and 2x5  ->  cut(1, 5) + cut(2, 5)"),
        "{out}"
    );
    assert!(out.contains("Right to move.\nI cut"), "{out}");
    assert!(out.trim_end().ends_with("You cannot move. I win."), "{out}");
}

#[test]
fn play_a_partizan_game_as_right() {
    // hackenbush("LRRL") + *1 is 3/8*, positive: Left wins whoever starts.
    // The engine plays Left and starts; the human, as Right, loses.
    let out = sprague_with_input(
        &[
            "play",
            "hackenbush(\"LRRL\") + *1",
            "--right",
            "--computer-first",
        ],
        &"1\n".repeat(20),
    );
    assert!(
        out.contains("A partizan game: you play Right, I play Left."),
        "{out}"
    );
    // LRRL is 3/8 (Berlekamp's rule), so with *1 Left wins moving first.
    // Of Left's winning moves the engine takes the one that wins soonest:
    // removing the nimber leaves 3/8, which Right, moving first, loses
    // after one move of each (its two red edges give 1 or 1/2).
    assert!(
        out.contains("I take 1 from the heap of 1  ->  hackenbush(\"LRRL\")   ("),
        "{out}"
    );
    // Right's moves are listed for the human: Right's red edges and the
    // nimber, never Left's blue edges.
    assert!(out.contains("cut the R edge at height 2"), "{out}");
    assert!(!out.contains("1. cut the L edge"), "{out}");
    assert!(out.trim_end().ends_with("You cannot move. I win."), "{out}");
}

#[test]
fn play_keeps_a_draw() {
    // `tactic` is a draw in the word-chain graph (`sprague graph` says D):
    // the engine must move to a drawn word, never to `ticket` (an N word,
    // which would hand the human the win).
    let position = format!("graph[\"{}\"](\"tactic\")", game_file("words.txt"));
    let out = sprague_with_input(&["play", "--computer-first", &position], "quit\n");
    assert!(
        out.contains("I move from tactic to tictac") && out.contains("keeps the draw"),
        "{out}"
    );
}

#[test]
fn play_misere_ends_with_the_stuck_player_winning() {
    // Misère nim(1): the human must take the last stone, then the engine
    // cannot move and wins.
    let out = sprague_with_input(&["play", "nim(1)", "--misere"], "1\n");
    assert!(out.trim_end().ends_with("I cannot move. I win."), "{out}");
}

#[test]
fn table_period_of_a_subtraction_game() {
    // S = {2, 5}: 0 0 1 1 0 2 1, then the same again (each value depends on
    // the five before it, and the window 0 0 1 1 0 of heaps 0..=4 recurs at
    // heaps 7..=11, which proves the period).
    let out = sprague_ok(&["table", "subtraction[2,5]", "--period"]);
    insta::assert_snapshot!(out, @r"
    subtraction[2,5]: G(0..=13)
     0: 0 0 1 1 0 2 1 0 0 1
    10: 1 0 2 1            
    period 7, preperiod 0, certified by G(0..=11)
    ");
    let v = json(&["table", "takeaway[2,3]", "--period", "--json"]);
    assert_eq!(
        v["period"],
        serde_json::json!({"preperiod": 0, "period": 5, "certified": true, "certified_at": 0, "saltus": 0})
    );
    assert_eq!(v["to"], 9);
}

/// A file of the repository's `games/` directory.
fn game_file(name: &str) -> String {
    format!("{}/../../games/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn graph_solves_the_word_chain_of_the_notes() {
    // Seed note 004: purple -> please -> ase...; ketchup cannot be
    // answered, ticket is answered by ketchup, everything else can be
    // drawn out in the tictac -> tactic loop.
    let out = sprague_ok(&["graph", &game_file("words.txt")]);
    // The file's `start purple` is analysed after the table: a draw,
    // kept by moving to please.
    let (table, start) = out.split_once("\n\n").expect("a start section");
    assert!(start.starts_with("start: graph["), "{start}");
    assert!(
        start.contains("(\"purple\")\nD-position: a draw with best play (value ∞{})"),
        "{start}"
    );
    assert!(
        start.contains("drawing move: move from purple to please"),
        "{start}"
    );
    insta::assert_snapshot!(table, @r"
    vertex	outcome	remoteness	value
    purple	D	-	∞{}
    please	D	-	∞{}
    aseptic	D	-	∞{1}
    ticket	N	1	*
    tictac	D	-	∞{}
    ketchup	P	0	0
    tactic	D	-	∞{1}
    ");
    let v = json(&["graph", &game_file("words.txt"), "--json"]);
    let vertices = v["vertices"].as_array().unwrap();
    assert_eq!(vertices.len(), 7);
    assert_eq!(
        vertices[0],
        serde_json::json!({"vertex": 0, "name": "purple", "outcome": "D", "remoteness": null, "grundy": null, "value": "∞{}"})
    );
    assert_eq!(
        vertices[3],
        serde_json::json!({"vertex": 3, "name": "ticket", "outcome": "N", "remoteness": 1, "grundy": 1, "value": "*"})
    );
    // Every vertex has a value, in one notation: where no cycle is reached
    // it is the Grundy value as a nimber, as `analyze` writes the value of
    // the vertex's position, and `grundy` is given beside it.
    for x in vertices {
        assert!(x["value"].is_string(), "{x}");
        if x["grundy"].is_u64() {
            let name = x["name"].as_str().unwrap();
            let position = format!("graph[{:?}]({name:?})", game_file("words.txt"));
            assert_eq!(
                x["value"],
                json(&["analyze", &position, "--json"])["value"],
                "{x}"
            );
        }
    }
}

#[test]
fn graph_summary_counts_outcomes() {
    // The DAG of games/dag.txt: values 1 0 0 1 1 0 1 0 for vertices 0..=7
    // (7 terminal, 6 -> 7, 5 -> 6, ...), so four N and four P; the longest
    // game from 0 is 0 -> 2 -> 3 -> 5 -> 6 -> 7 (or via 1), five moves, and 0
    // is N with remoteness 5 because 0 -> 1 and 0 -> 2 both reach P
    // vertices of remoteness 4.
    let mut v = json(&["graph", &game_file("dag.txt"), "--summary", "--json"]);
    // `start 0 5 7`: tokens worth 1, 0 and 0 (the values above), so *1.
    let start = v
        .as_object_mut()
        .unwrap()
        .remove("start")
        .expect("the start line's analysis");
    assert_eq!(
        (&start["outcome"], &start["grundy"]),
        (&serde_json::json!("N"), &serde_json::json!(1))
    );
    assert_eq!(
        v,
        serde_json::json!({"vertices": 8, "edges": 10, "N": 4, "P": 4, "D": 0, "max_remoteness": 5})
    );
}

#[test]
fn graph_files_with_errors_exit_2_with_the_line() {
    let path = std::env::temp_dir().join(format!("sprague-cli-bad-{}.txt", std::process::id()));
    std::fs::write(&path, "10 2\n0 1\n3 12\n").unwrap();
    let (out, err, code) = sprague(&["graph", path.to_str().unwrap()]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        format!(
            "error: {}: line 3: vertex 12 out of range (n = 10, from the header `n m` on the first line)\n",
            path.display()
        )
    );
    let err = sprague_fails(&["graph", "/nonexistent/graph.txt"]);
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn analyze_sums_of_loopy_tokens() {
    let file = game_file("words.txt");
    // tactic is ∞{1}, ticket is 1: the sum is ∞{0}, won by answering
    // tactic with ticket.
    let v = json(&[
        "analyze",
        &format!("graph[\"{file}\"](\"tactic\", \"ticket\")"),
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["value"], "∞{0}");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "move from tactic to ticket"
    );
    // purple alone is a draw.
    let v = json(&[
        "analyze",
        &format!("graph[\"{file}\"](\"purple\")"),
        "--json",
    ]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["first_player_wins"], serde_json::Value::Null);
    assert_eq!(v["value"], "∞{}");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn analyze_geography_follows_the_matching() {
    // On the 3 x 3 grid every maximum matching covers the four edge-middle
    // vertices (1, 3, 5, 7) and leaves out one of the five others, any of
    // which can be the one: the player to move from a middle wins, from a
    // corner or the centre loses.
    let file = game_file("grid.txt");
    let at = |args: &str| {
        json(&[
            "analyze",
            &format!("geography[\"{file}\"]({args})"),
            "--json",
        ])
    };
    assert_eq!(at("1")["outcome"], "N");
    assert_eq!(at("0")["outcome"], "P");
    assert_eq!(at("4")["outcome"], "P");
}

#[test]
fn roots_answers_codeforces_1498f_for_every_root() {
    // Codeforces 1498F, the sample: answer "1 0 0 1 1".
    let out = sprague_ok(&[
        "roots",
        "tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)",
    ]);
    insta::assert_snapshot!(out, @r"
    root 1: N: the first player wins
    root 2: P: the first player loses
    root 3: P: the first player loses
    root 4: N: the first player wins
    root 5: N: the first player wins
    ");
    let v = json(&[
        "roots",
        "tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)",
        "--json",
    ]);
    let wins: Vec<bool> = v["roots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["first_player_wins"].as_bool().unwrap())
        .collect();
    assert_eq!(wins, [true, false, false, true, true]);
    let err = sprague_fails(&["roots", "nim(3)"]);
    assert!(err.contains("tree_staircase"), "{err}");
}

#[test]
fn wythoff_is_exact_at_the_top_of_the_u64_range() {
    // (F_92, F_93), consecutive Fibonacci numbers, is a P-position. With one
    // more stone in heap 1: take it back; or keep the difference F_91 - 1,
    // whose P-position has smaller heap ⌊(F_91 - 1)φ⌋ = F_92 - 2 (since
    // φF_91 = F_92 + |ψ|^91), by taking 3 from both. Heap 2 cannot move:
    // the partner of F_92 + 1 (Zeckendorf F_92 + F_2) is F_93 + F_3.
    let out = sprague_ok(&[
        "analyze",
        "wythoff(7540113804746346430, 12200160415121876738)",
        "--all",
    ]);
    // The remoteness searches a fixed number of positions beside a value
    // that costs nothing (a heap this size has far more), and says so.
    insta::assert_snapshot!(out, @r"
    N-position: the player to move wins
    remoteness: left out, the search would store more than 100000 positions
    winning moves (2):
      take 1 from heap 1  ->  wythoff(7540113804746346429, 12200160415121876738)
      take 3 from both heaps  ->  wythoff(7540113804746346427, 12200160415121876735)
    ");
    let v = json(&[
        "analyze",
        "wythoff(7540113804746346429, 12200160415121876738)",
        "--json",
    ]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
}

#[test]
fn fibonacci_near_2_pow_63_gives_a_winning_move() {
    // 2^63 + 1 = 1 + (Zeckendorf of 2^63), whose smallest term is above 2.
    let v = json(&["analyze", "fibonacci(9223372036854775809)", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 1 from the heap of 9223372036854775809"
    );
    assert_eq!(
        v["winning_moves"][0]["to"],
        "fibonacci(9223372036854775808, 2)"
    );
}

#[test]
fn issue_3_rulesets_report_bad_parameters_with_exit_status_2() {
    for position in [
        "bash[0](5)",
        "moore[0](1, 2)",
        "nosum[1](4)",
        "circle[5,0](0, 0)",
        "wythoff(1)",
    ] {
        let err = sprague_fails(&["analyze", position]);
        assert!(err.starts_with("error: bad position"), "{position}: {err}");
    }
}

#[test]
fn coalitions_of_three_players_racing_to_20() {
    // Seed note 000: with 3 players adding 1..2, any two cooperating players
    // (more than ⌊3/2⌋) can force the race to 20; no one can alone.
    let out = sprague_ok(&[
        "coalitions",
        "--players",
        "3",
        "--step",
        "1..2",
        "--target",
        "20",
    ]);
    insta::assert_snapshot!(out, @r"
    race to 20: 3 players in turn add 1..2 to a total from 0, player 1 first; whoever brings it to 20 or beyond wins
    coalitions that can force a win for one of their members (4 of 7):
      {1, 2}
      {1, 3}
      {2, 3}
      {1, 2, 3}
    no player can force a win alone
    ");
    let v = json(&[
        "coalitions",
        "--players",
        "3",
        "--step",
        "1..2",
        "--target",
        "2",
        "--json",
    ]);
    // To 2, player 1 adds 2 at once: every coalition with player 1 wins.
    assert_eq!(
        v["winning_coalitions"],
        serde_json::json!([[1], [1, 2], [1, 3], [1, 2, 3]])
    );
}

#[test]
fn coalitions_reject_bad_input_with_exit_2() {
    for args in [
        &[
            "coalitions",
            "--players",
            "3",
            "--step",
            "2..x",
            "--target",
            "20",
        ][..],
        &[
            "coalitions",
            "--players",
            "1",
            "--step",
            "1..2",
            "--target",
            "20",
        ],
        &[
            "coalitions",
            "--players",
            "3",
            "--step",
            "3..2",
            "--target",
            "20",
        ],
    ] {
        let err = sprague_fails(args);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_drawn_word_chain_names_the_move_that_keeps_the_draw() {
    // games/wordlist.txt: purple please aseptic ticket ketchup tictac tactic.
    // Nobody can answer ketchup (P), so ticket is N; from tactic the answers
    // are ticket (the opponent then says ketchup and wins) and tictac, which
    // goes on for ever (tictac -> tactic -> tictac ...): tictac is the one
    // move that keeps the draw.
    let words = game_file("wordlist.txt");
    let at = |word: &str| format!("wordchain[\"{words}\"](\"{word}\")");
    let v = json(&["analyze", &at("tactic"), "--all", "--json"]);
    assert_eq!(v["outcome"], "D");
    assert!(v["first_player_wins"].is_null());
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    let drawing = v["drawing_moves"].as_array().unwrap();
    assert_eq!(drawing.len(), 1);
    assert_eq!(drawing[0]["description"], "move from tactic to tictac");
    // A won position has no drawing moves.
    let v = json(&["analyze", &at("ticket"), "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["drawing_moves"], serde_json::json!([]));
}

#[test]
fn serve_on_a_busy_port_is_a_user_error() {
    // Hold a loopback port, then ask the explorer for the same one.
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let stderr = sprague_fails(&["serve", "--port", &port]);
    assert!(
        stderr.starts_with("error: cannot listen on 127.0.0.1:"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Runs `sprague serve --port 0`, checks the address it prints, and hands
/// `check` a function that GETs a path from it and returns the whole
/// response; the server is stopped whether `check` passes or not.
fn with_explorer(check: impl FnOnce(&dyn Fn(&str) -> String)) {
    use std::io::{BufRead, Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let port = line
            .trim()
            .strip_prefix("sprague explorer on http://127.0.0.1:")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let get = |path: &str| {
            let mut stream = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).unwrap();
            stream
                .set_read_timeout(Some(std::time::Duration::from_secs(20)))
                .unwrap();
            write!(
                stream,
                "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
            )
            .unwrap();
            let mut response = String::new();
            stream.read_to_string(&mut response).unwrap();
            response
        };
        check(&get);
    }));
    child.kill().unwrap();
    child.wait().unwrap();
    result.unwrap();
}

#[test]
fn serve_answers_over_http_and_prints_its_address() {
    with_explorer(|get| {
        let response = get("/api/games");
        assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
        assert!(response.contains("\"name\":\"nim\""), "{response}");
    });
}

#[test]
fn the_explorers_table_is_the_json_of_the_table_command() {
    with_explorer(|get| {
        let served = |query: &str| -> serde_json::Value {
            let response = get(&format!("/api/table?{query}"));
            assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
            let body = &response[response.find("\r\n\r\n").unwrap() + 4..];
            serde_json::from_str(body).unwrap()
        };
        // A grid of an impartial game, of a partizan one (with its
        // outcomes), and a one-heap sequence: each the same JSON value as
        // the command prints.
        for (query, args) in [
            (
                "ruleset=wythoff&to=20x20",
                &["table", "wythoff", "--to", "20x20", "--json"][..],
            ),
            (
                "ruleset=cut&from=2x1&to=6x5",
                &["table", "cut", "--from", "2x1", "--to", "6x5", "--json"][..],
            ),
            (
                "ruleset=subtraction%5B1,3,4%5D&to=30&period=true",
                &[
                    "table",
                    "subtraction[1,3,4]",
                    "--to",
                    "30",
                    "--period",
                    "--json",
                ][..],
            ),
        ] {
            assert_eq!(served(query), json(args), "{query}");
        }
    });
}

#[test]
fn table_resumes_a_checkpoint_to_the_uninterrupted_values() {
    let dir = std::env::temp_dir().join(format!("sprague-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("officers.ckpt");
    let file = file.to_str().unwrap();
    sprague_ok(&["table", "officers", "--to", "400", "--checkpoint", file]);
    let resumed = sprague_ok(&[
        "table", "officers", "--to", "1200", "--json", "--resume", file,
    ]);
    let (whole, _, _) = sprague(&["table", "officers", "--to", "1200", "--json"]);
    assert_eq!(resumed, whole);
    // A checkpoint of another game is refused.
    let err = sprague_fails(&["table", "kayles", "--to", "10", "--resume", file]);
    assert!(err.contains("checkpoint"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_of_an_octal_game_proves_its_period() {
    // Dawson's Chess, 0.137: G(0..=9) from OEIS A002187; period 34 from
    // heap 52 (last exception at 51). The periodicity theorem (t = 3)
    // compares G(n) with G(n + 34) for 52 ≤ n < 2·52 + 34 + 3 = 141, so it
    // reads heaps 0 to 140 + 34 = 174: 175 values, SPEC's `certified_at`.
    let out = sprague_ok(&["table", "octal[0.137]", "--period", "--json", "--to", "9"]);
    insta::assert_snapshot!(out, @r#"
    {
      "ruleset": "octal[0.137]",
      "from": 0,
      "to": 9,
      "values": [
        0,
        1,
        1,
        2,
        0,
        3,
        1,
        1,
        0,
        3
      ],
      "period": {
        "preperiod": 52,
        "period": 34,
        "certified": true,
        "certified_at": 175,
        "saltus": 0
      }
    }
    "#);
    // Without --to: two periods past the preperiod.
    let v = json(&["table", "octal[0.137]", "--period", "--json"]);
    assert_eq!(v["to"], 52 + 2 * 34 - 1);
    assert_eq!(
        v["period"],
        serde_json::json!({"preperiod": 52, "period": 34, "certified": true, "certified_at": 175, "saltus": 0})
    );
}

#[test]
fn table_max_bounds_the_period_search() {
    // The proof of 0.137's period needs heaps 0 to 174 (see above): --max
    // 174 is enough, --max 173 is not, and the table says so plainly (the
    // values up to 173 do repeat with period 34 from heap 52).
    let out = sprague_ok(&[
        "table",
        "octal[0.137]",
        "--period",
        "--to",
        "9",
        "--max",
        "174",
    ]);
    insta::assert_snapshot!(out, @r"
    octal[0.137]: G(0..=9)
    0: 0 1 1 2 0 3 1 1 0 3
    period 34, preperiod 52, certified by G(0..=174)
    ");
    let out = sprague_ok(&[
        "table",
        "octal[0.137]",
        "--period",
        "--to",
        "9",
        "--max",
        "173",
    ]);
    insta::assert_snapshot!(out, @r"
    octal[0.137]: G(0..=9)
    0: 0 1 1 2 0 3 1 1 0 3
    no period certified up to heap 173 (the values so far repeat with period 34 from heap 52)
    ");
    // In JSON, the candidate, not certified, checked against 174 values.
    let v = json(&[
        "table",
        "octal[0.137]",
        "--period",
        "--json",
        "--max",
        "173",
    ]);
    assert_eq!(
        v["period"],
        serde_json::json!({"preperiod": 52, "period": 34, "certified": false, "certified_at": 174, "saltus": 0})
    );
    // Kayles needs 168 values (2·71 + 2·12 + 2); at --max 100 not even a
    // candidate shows (the second half of G(0..=100) is not periodic).
    let out = sprague_ok(&["table", "kayles", "--period", "--summary", "--max", "100"]);
    assert!(
        out.contains("\nno period certified up to heap 100\n"),
        "{out}"
    );
    // --max takes powers like --to, needs --period, and a search that
    // cannot fit in memory is refused before it starts.
    let err = sprague_fails(&["table", "octal[0.007]", "--period", "--max", "2^40"]);
    assert!(
        err.starts_with(
            "error: a period search up to heap 1099511627776 may need 2.0 TiB (2 bytes per heap and up to 1.0 GiB for the period detector)"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // A checkpoint adds nothing per heap: it is written and read a chunk at
    // a time, with no copy of the values.
    let err = sprague_fails(&[
        "table",
        "octal[0.007]",
        "--period",
        "--max",
        "2^40",
        "--checkpoint",
        "never-written.ckpt",
    ]);
    assert!(
        err.starts_with(
            "error: a period search up to heap 1099511627776 may need 2.0 TiB (2 bytes per heap and up to 1.0 GiB for the period detector)"
        ),
        "{err}"
    );
    assert!(!std::path::Path::new("never-written.ckpt").exists());
    let err = sprague_fails(&["table", "kayles", "--max", "100"]);
    assert!(err.contains("--period"), "{err}");
}

#[test]
fn table_summary_names_the_rare_values() {
    // Kayles: period 12 from heap 71 (OEIS A002186); its values 3, 5 and 6
    // have an even number of ones, the rare class of Winning Ways' mask.
    let out = sprague_ok(&["table", "kayles", "--period", "--summary"]);
    let lines: Vec<&str> = out.lines().collect();
    // Every line names the heaps it speaks of: the proof of the period
    // rests on G(0..=167), the summary covers two periods past the
    // preperiod.
    assert_eq!(lines[0], "kayles: summary of G(0..=94)");
    assert_eq!(lines[1], "period 12, preperiod 71, certified by G(0..=167)");
    // One period of A002186, from its data file: G(71..=82).
    assert_eq!(
        lines[2],
        "the period's values, G(71..=82): 7 4 1 2 8 1 4 7 2 1 8 2"
    );
    assert_eq!(lines[3], "largest value in G(0..=94): 8, first at heap 27");
    // The rare line says what rare means, and lists the rare heaps of the
    // range only.
    assert!(lines[4].starts_with("rare values in G(0..=94) (the values are split in two classes by the parity of their 1 bits under the mask 15"), "{out}");
    assert!(lines[4].ends_with("9 heaps: G(3) = 3, G(6) = 3, G(11) = 6, G(18) = 3, G(22) = 6, G(28) = 5, G(34) = 6, G(39) = 3, G(70) = 6"), "{out}");
    // The fingerprint of the values (see
    // `a_summary_fingerprints_its_values_with_a_crc`).
    assert!(
        lines[5].starts_with("CRC-32 of G(0..=94) written one a line in decimal: "),
        "{out}"
    );
    assert_eq!(lines.len(), 6, "{out}");
}

#[test]
fn a_long_rare_list_ends_with_how_many_were_left_out() {
    // Officers: Grossman's count of rare heaps below 100 001 (the `officers`
    // test in the library checks the counts against his figures).
    let out = sprague_ok(&["table", "officers", "--to", "100000", "--summary"]);
    let rare = out.lines().find(|l| l.starts_with("rare values")).unwrap();
    let listed = rare.matches("G(").count() - 1; // the range in the heading
    assert_eq!(listed, 100, "{rare}");
    let total: usize = rare
        .split("): ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        rare.ends_with(&format!(", … ({} more)", total - 100)),
        "{rare}"
    );
    let json = json(&["table", "officers", "--to", "100000", "--summary", "--json"]);
    assert_eq!(json["rare"]["count"], total);
    assert_eq!(json["rare"]["heaps"].as_array().unwrap().len(), 100);
}

#[test]
fn a_summary_fingerprints_its_values_with_a_crc() {
    // The CRC-32 of the summary is that of the values of the CSV written
    // one a line (the checksum of gzip and of Python's `zlib.crc32`), for
    // a range from 0 and one that starts later; the JSON has it as a number.
    for (from, to) in [("0", "5000"), ("1234", "4321")] {
        let csv = sprague_ok(&["table", "officers", "--from", from, "--to", to, "--csv"]);
        let lines: String = csv
            .lines()
            .skip(1)
            .map(|l| format!("{}\n", l.split_once(',').unwrap().1))
            .collect();
        let crc = crc32fast::hash(lines.as_bytes());
        let (out, err, code) =
            sprague(&["table", "officers", "--from", from, "--to", to, "--summary"]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(&format!(
                "\nCRC-32 of G({from}..={to}) written one a line in decimal: {crc:08x}\n"
            )),
            "{out}"
        );
        let json = json(&[
            "table",
            "officers",
            "--from",
            from,
            "--to",
            to,
            "--summary",
            "--json",
        ]);
        assert_eq!(json["crc32"], crc);
    }
    // Kayles to 20, by hand: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1.
    let (out, _, _) = sprague(&["table", "kayles", "--to", "20", "--summary"]);
    let text = "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n4\n1\n2\n7\n1\n4\n3\n2\n1\n";
    assert!(
        out.ends_with(&format!(": {:08x}\n", crc32fast::hash(text.as_bytes()))),
        "{out}"
    );
}

#[test]
fn table_plots_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("sprague-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("k.svg");
    let (_, err, code) = sprague(&[
        "table",
        "kayles",
        "--to",
        "200",
        "--period",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Where it went is said on standard error.
    assert!(
        err.starts_with("plot of 201 values written to ") && err.contains("k.svg ("),
        "{err}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    // One point per heap, the rare ones in violet with their value, the
    // zeros in red (the explorer's "loses"), and a legend that says so.
    assert_eq!(text.matches(r#"<circle class="point"#).count(), 201);
    assert!(text.contains("G(70) = 6 (rare)"), "{text}");
    assert!(
        text.contains(r##"class="point rare" cx="##) && text.contains("#7b3fb5"),
        "{text}"
    );
    assert!(text.contains("G(n) = 0: the player to move loses") && text.contains("a rare value"));
    // Every zero is red: the Bash game's heaps 0, 3, ..., 27 below 30
    // (G(n) = n mod 3), ten points, and the legend's swatch.
    let bash = dir.join("b.svg");
    sprague_ok(&[
        "table",
        "subtraction[1,2]",
        "--to",
        "29",
        "--plot",
        bash.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&bash).unwrap();
    assert_eq!(
        text.matches(r##"<circle class="point" cx"##).count(),
        30,
        "{text}"
    );
    assert_eq!(
        text.matches(r##"fill="#b3261e""##).count(),
        10 + 1,
        "{text}"
    );
    assert!(!text.contains("a rare value"), "{text}");
    // The plot alone: nothing on standard output.
    let (out, _, _) = sprague(&[
        "table",
        "kayles",
        "--to",
        "20",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(out.is_empty(), "{out}");
    let png = dir.join("k.png");
    let (_, err, code) = sprague(&[
        "table",
        "kayles",
        "--to",
        "200",
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Compressed: the raw 960×540 pixels are 1.5 MB.
    assert!(bytes.len() < 64 * 1024, "{} bytes", bytes.len());
    assert!(
        err.contains(&format!("written to {}", png.display())),
        "{err}"
    );
    sprague_fails(&[
        "table",
        "kayles",
        "--plot",
        dir.join("k.txt").to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `sprague` with `args`, sends it SIGINT once the checkpoint `file`
/// is on disk, and checks that it stops with status 1 saying where; returns
/// its standard error.
fn interrupt_at_checkpoint(args: &[&str], file: &str) -> String {
    signal_at_checkpoint(args, file, "-INT")
}

/// As [`interrupt_at_checkpoint`], with the signal `kill` sends (`-TERM`).
fn signal_at_checkpoint(args: &[&str], file: &str, signal: &str) -> String {
    use std::time::{Duration, Instant};
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !std::path::Path::new(file).exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no checkpoint after 60 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("interrupted at heap"), "{err}");
    err
}

#[test]
fn ctrl_c_saves_the_checkpoint_and_resume_continues_from_it() {
    let dir = std::env::temp_dir().join(format!("sprague-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.ckpt");
    let file = file.to_str().unwrap();
    let err = interrupt_at_checkpoint(&long_0_1777(file, &[]), file);
    assert!(err.contains("--resume"), "{err}");
    resumes_as_an_uninterrupted_run(file);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A table far too long to finish (2^28 heaps of 0.1777), checkpointed to
/// `file`, with `extra` flags.
fn long_0_1777<'a>(file: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "table",
        "octal[0.1777]",
        "--to",
        "2^28",
        "--budget",
        "1000000000",
        "--summary",
        "--checkpoint",
        file,
    ];
    args.extend_from_slice(extra);
    args
}

/// The checkpoint `file` of 0.1777 is whole, and continuing from it gives
/// the values of an uninterrupted run.
fn resumes_as_an_uninterrupted_run(file: &str) {
    let resumed = sprague_ok(&[
        "table",
        "octal[0.1777]",
        "--to",
        "3000",
        "--json",
        "--resume",
        file,
    ]);
    let (whole, _, _) = sprague(&["table", "octal[0.1777]", "--to", "3000", "--json"]);
    assert_eq!(resumed, whole);
}

#[test]
fn sigterm_during_a_disk_table_saves_the_checkpoint() {
    // Issue 36: SIGTERM (a `kill`, a batch system's limit) ended a table
    // whose values went to a file with no final checkpoint. It now stops as
    // Ctrl-C does, after the step, with the checkpoint saved.
    let dir = std::env::temp_dir().join(format!("sprague-sigterm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.ckpt");
    let file = file.to_str().unwrap();
    let dir_text = dir.to_str().unwrap();
    let args = long_0_1777(file, &["--disk", dir_text, "--memory", "64M"]);
    let err = signal_at_checkpoint(&args, file, "-TERM");
    assert!(
        err.contains("go to a file in"),
        "the table was not on disk: {err}"
    );
    assert!(err.contains("--resume"), "{err}");
    resumes_as_an_uninterrupted_run(file);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_stops_a_period_search_at_a_checkpoint() {
    let dir = std::env::temp_dir().join(format!("sprague-ctrl-c-period-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("search.ckpt");
    let file = file.to_str().unwrap();
    // A period search far too long to finish: 0.1777 needs 443 139 470
    // values, --max allows 2^28 + 1.
    interrupt_at_checkpoint(
        &[
            "table",
            "octal[0.1777]",
            "--period",
            "--max",
            "2^28",
            "--checkpoint",
            file,
        ],
        file,
    );
    // The search continues from the checkpoint (which holds at least the
    // first step, 2^20 heaps) and answers as an uninterrupted one.
    let args = [
        "table",
        "octal[0.1777]",
        "--to",
        "30",
        "--period",
        "--max",
        "2^20",
    ];
    let resumed = sprague_ok(&[&args[..], &["--resume", file]].concat());
    let (whole, _, _) = sprague(&args);
    assert_eq!(resumed, whole);
    assert!(
        whole.ends_with("\nno period certified up to heap 1048576\n"),
        "{whole}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn heap_sizes_on_the_command_line_may_be_powers() {
    let out = sprague_ok(&["table", "nim", "--from", "2^10", "--to", "2^10", "--csv"]);
    assert_eq!(out, "n,value\n1024,1024\n");
    sprague_fails(&["table", "nim", "--to", "2^70"]);
}

#[test]
fn numbers_past_i64_are_strings_in_json() {
    // -1823437481924 is in CGSuite's CanonicalShortGameTestCase.scala;
    // 1/2^70 added makes a numerator past i64 over 2^70. The value, stops
    // and mean are that number, the temperature -1/2^70 (CGSuite's
    // convention for m/2^k), the birthday floor(|x|) + 1 + 70 =
    // 1823437481923 + 71 (born one day after the integer part, then one
    // day per binary digit).
    let v = json(&[
        "analyze",
        "--json",
        "--",
        "-1823437481924 + 1/1180591620717411303424",
    ]);
    let x = "-2152735012061530537499273279307775/1180591620717411303424";
    assert_eq!(v["value"], x);
    assert_eq!(v["outcome"], "R");
    for field in ["left_stop", "right_stop", "mean"] {
        assert_eq!(v["cgt"][field], x, "{field}");
    }
    assert_eq!(v["cgt"]["temperature"], "-1/1180591620717411303424");
    assert_eq!(v["cgt"]["birthday"], 1_823_437_481_994u64);
    assert_eq!(v["components"][1]["value"], "1/1180591620717411303424");
}

#[test]
fn hackenbush_string_value_and_winning_move() {
    // LRRL = 1 - 1/2 - 1/4 + 1/8 = 3/8 (Berlekamp's rule): positive, so
    // Left wins whoever starts. Cutting the bottom L edge leaves 0, which
    // Right, moving next, loses. The thermograph of 3/8 = {1/4|1/2} by
    // hand: the scaffolds 1/4 - t and 1/2 + t meet at -1/8; below, the
    // left one follows RW(1/4) - t (1/2 down to -1/2, then -t) and the
    // right one LW(1/2) + t (0 below -1/2). A number is its one stop.
    let out = sprague_ok(&["analyze", "hackenbush(\"LRRL\")", "--json"]);
    insta::assert_snapshot!(out, @r#"
    {
      "position": "hackenbush(\"LRRL\")",
      "play": "normal",
      "outcome": "L",
      "first_player_wins": null,
      "grundy": null,
      "value": "3/8",
      "remoteness": 1,
      "components": [
        {
          "position": "hackenbush(\"LRRL\")",
          "value": "3/8"
        }
      ],
      "cgt": {
        "left_stop": "3/8",
        "right_stop": "3/8",
        "mean": "3/8",
        "temperature": "-1/8",
        "birthday": 4,
        "atomic_weight": null,
        "reduced": "3/8",
        "thermograph": "Thermograph(3/8,[-1/8,-1/4,-1/2],[0,-1,0,-1],3/8,[-1/8,-1/2],[0,1,0])",
        "incentives": [
          "-1/8"
        ],
        "stop_count": "1"
      },
      "winning_moves": [
        {
          "side": "L",
          "component": 0,
          "description": "cut the L edge at height 1",
          "to": "hackenbush(\"\")"
        }
      ],
      "drawing_moves": []
    }
    "#);
}

#[test]
fn cutting_game_bar() {
    // 3x5, Left cuts the 3: {1x5 + 2x5 | 3x1 + 3x4, 3x2 + 3x3}
    // = {-4 - 1 | 2 - 1, 0 + 0} = {-5 | 0} = -1: Right wins whoever starts,
    // moving first by the cut to 3x2 + 3x3 = 0 (not to 3x1 + 3x4 = 1).
    let out = sprague_ok(&["analyze", "cut(3, 5)"]);
    insta::assert_snapshot!(out, @r"
    R-position: Right wins whoever starts (value -1)
    remoteness 4: the game lasts 4 more moves with best play
    stops -1 and -1, mean -1, temperature -1, born on day 1, stop count 1
    thermograph Thermograph(-1,[],[0],-1,[],[0]) (--plot FILE.svg|.png draws it)
    no winning move for Left (moving first)
    winning move for Right (moving first): cut 3x5 into 3x2 and 3x3  ->  cut(3, 2) + cut(3, 3)
    ");
    // HDU 3544, third sample: 2x2 + 2x1 = 0 + 1, Alice (Left) wins.
    let v = json(&["analyze", "cut(2, 2) + cut(2, 1)", "--json"]);
    assert_eq!(v["value"], "1");
    assert_eq!(v["outcome"], "L");
}

#[test]
fn hackenbush_plus_a_nimber() {
    // LR + *1 = 1/2*, positive. Left's cut of LR leaves * (first player
    // wins, so Right would): not winning; taking the nim heap leaves 1/2.
    // Its thermograph is that of {1/2|1/2}: the scaffolds RW(1/2) - t
    // (1 below -1/2) and LW(1/2) + t (0 below -1/2) meet at 0.
    let out = sprague_ok(&["analyze", "hackenbush(\"LR\") + *1", "--all"]);
    insta::assert_snapshot!(out, @r#"
    L-position: Left wins whoever starts (value 1/2*)
    remoteness 3: the game lasts 3 more moves with best play
    stops 1/2 and 1/2, mean 1/2, temperature 0, born on day 3, stop count 2
    reduced canonical form 1/2
    thermograph Thermograph(1/2,[0,-1/2],[0,-1,0],1/2,[0,-1/2],[0,1,0]) (--plot FILE.svg|.png draws it)
    winning moves for Left (moving first) (1):
      take 1 from the heap of 1  ->  hackenbush("LR")
    no winning move for Right (moving first)
    "#);
}

#[test]
fn bad_hackenbush_strings() {
    let err = sprague_fails(&["analyze", "hackenbush(\"LXR\")"]);
    insta::assert_snapshot!(err, @r#"
    error: bad position: bad arguments: an edge is l (Left's, blue), r (Right's, red) or e (green), not `X` at byte 13
      hackenbush("LXR")
                   ^
    "#);
    let long = format!("hackenbush(\"{}\")", "L".repeat(10_001));
    let err = sprague_fails(&["analyze", &long]);
    assert!(err.contains("at most 10000 edges"), "{err}");
}

#[test]
fn childish_hackenbush_and_arc_kayles() {
    // CGSuite's GameGraphTest.scala: ChildishHackenbush("l(l;rl)") is 2
    // (Left may cut only the two top blue edges) and
    // PartizanArcKayles("llr") is 1/2.
    let (out, err, code) = sprague(&["analyze", "childish_hackenbush(\"l(l;rl)\")"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out, @r#"
    L-position: Left wins whoever starts (value 2)
    remoteness 1: the game lasts 1 more move with best play
    stops 2 and 2, mean 2, temperature -1, born on day 2, stop count 1
    thermograph Thermograph(2,[],[0],2,[],[0]) (--plot FILE.svg|.png draws it)
    winning move for Left (moving first): cut edge 2 (blue)  ->  childish_hackenbush("lrl")
    no winning move for Right (moving first)
    "#);
    let v = json(&["analyze", "arc_kayles(\"llr\")", "--json"]);
    assert_eq!(v["value"], "1/2");
    // Green edges only: impartial Arc Kayles, a path of eight vertices is
    // Dawson's Kayles' heap of 8, Grundy value 1; taking the second edge
    // leaves a path of five (a lone vertex is dropped), worth 0.
    let out = sprague_ok(&["analyze", "arc_kayles(\"eeeeeee\")"]);
    insta::assert_snapshot!(out, @r#"
    N-position: the player to move wins (Grundy value 1)
    remoteness 3: the game lasts 3 more moves with best play
    winning move: take edge 2 with its ends  ->  arc_kayles("eeee")
    "#);
    let err = sprague_fails(&["analyze", "arc_kayles(\"l(x\")"]);
    assert!(err.contains("an edge is l"), "{err}");
    let (_, err, code) = sprague(&["analyze", "childish_hackenbush(\"lr;lr\")"]);
    assert_eq!(code, 2);
    assert!(err.contains("connected to the ground"), "{err}");
}

#[test]
fn clobber_variants_weighted_arc_kayles_and_decimal_digits() {
    // CGSuite's GameGridTest.scala (commit e909ab8b), "define Clobber
    // properly": each variant's value, compared as games with CGSuite's
    // value read by the value syntax.
    for (position, cgsuite) in [
        ("kings(\"xox|ox.\")", "{^^*|*,v[2]}"),
        ("rooks(\"xox|ox.\")", "{^^*|0,*}"),
        ("queens(\"xox|ox.\")", "^"),
        ("anti_clobber(\"xoxo|oo..\")", "{*|-1}"),
        (
            "gen_clobber[\"diagonal\", 2|1](\"xoxo|oox.|xxx.\")",
            "{0,v*|vv}",
        ),
    ] {
        let v = json(&["analyze", position, "--json"]);
        let expected = json(&["analyze", cgsuite, "--json"]);
        assert_eq!(v["value"], expected["value"], "{position}");
    }
    // Hot Clobber: xx is 1 (Left clobbers her own stone); Knights: x..|..o
    // is * (a knight's jump either way).
    assert_eq!(
        json(&["analyze", "hot_clobber(\"xx\")", "--json"])["value"],
        "1"
    );
    let v = json(&["analyze", "knights(\"x..|..o\")", "--json", "--all"]);
    assert_eq!(v["value"], "*");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "the stone on (0, 0) clobbers (1, 2)"
    );
    assert_eq!(v["winning_moves"][0]["to"], "knights(\"...|..x\")");
    // Parameters that let play go on for ever are the user's to fix.
    let err = sprague_fails(&["analyze", "gen_clobber[0|1](\"x.o\")"]);
    assert!(err.contains("never end"), "{err}");
    // Weighted Arc Kayles: 2-2 is two moves in a row, 0; weights 1 are
    // Arc Kayles (a path of three vertices is *).
    assert_eq!(
        json(&["analyze", "weighted_arc_kayles(\"2-2\")", "--json"])["grundy"],
        0
    );
    assert_eq!(
        json(&["analyze", "weighted_arc_kayles(\"1-1-1\")", "--json"])["grundy"],
        1
    );
    let err = sprague_fails(&["analyze", "weighted_arc_kayles(\"1-x\")"]);
    assert!(err.contains("a vertex is its weight"), "{err}");
    // A take-and-break digit in decimal, &N;, is the digit of value N.
    let decimal = json(&["table", "octal[0.&7;&15;]", "--to", "30", "--json"]);
    let spelled = json(&["table", "octal[0.7f]", "--to", "30", "--json"]);
    assert_eq!(decimal["values"], spelled["values"]);
    let out = sprague_ok(&["games"]);
    for name in [
        "anti_clobber",
        "hot_clobber",
        "kings",
        "knights",
        "rooks",
        "queens",
        "gen_clobber",
        "weighted_arc_kayles",
    ] {
        assert!(out.lines().any(|l| l == name), "{name} missing");
    }
}

#[test]
fn take_and_break_codes_in_cgsuites_full_syntax() {
    // CGSuite's GameHeapTest.scala: 4!.0 is Grundy's game, 0.[3] is Nim.
    let out = sprague_ok(&["table", "octal[4!.0]", "--to", "20"]);
    let (grundy, _, _) = sprague(&["table", "grundy", "--to", "20"]);
    assert_eq!(
        out.replace("octal[4!.0]", "grundy"),
        grundy,
        "Grundy's game by its code"
    );
    let v = json(&["analyze", "octal[0.[3]](5, 7)", "--json"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["position"], "octal[0.[3]](5, 7)");
    // No periodicity theorem covers a repeating code here: no period.
    let v = json(&["table", "octal[0.[3]]", "--to", "30", "--period", "--json"]);
    assert_eq!(v["period"], serde_json::Value::Null);
    let err = sprague_fails(&["analyze", "octal[20.017](5)"]);
    assert!(
        err.contains("only one digit may stand before the point"),
        "{err}"
    );
}

#[test]
fn multiple_switches_read_and_print_as_cgsuite_writes_them() {
    // CGSuite's EvalTest.scala: "+-{1,1+*}" is "+-{1,1*}", the game
    // {1,1* | -1,-1*}; a game equal to its negative prints as a switch.
    let v = json(&["analyze", "+-{1,1+*}", "--json"]);
    assert_eq!(v["value"], "±{1, 1*}");
    let again = json(&["analyze", "{1, 1* | -1, -1*}", "--json"]);
    assert_eq!(again["value"], "±{1, 1*}");
    let v = json(&["analyze", "snort(\".-.-.(-.;-.)\")", "--json"]);
    assert_eq!(v["value"], "±{3|2}");
    let v = json(&["analyze", "{1*|-1*}", "--json"]);
    assert_eq!(v["value"], "±(1*)");
    // CGSuite refuses +-(1,1+*): parentheses hold one game.
    let err = sprague_fails(&["analyze", "+-(1,1)"]);
    assert!(err.contains("expected `)`"), "{err}");
}

#[test]
fn game_values_in_cgsuite_notation_are_terms_of_a_sum() {
    // ^ + * = ^*: a first-player win (Winning Ways, ch. 3: ^* is
    // confused with 0).
    let v = json(&["analyze", "^ + *", "--json"]);
    assert_eq!(v["value"], "^*");
    assert_eq!(v["outcome"], "N");
    // The 2x2 Domineering board is ±1 (either player's domino leaves the
    // other no move), so adding ±1 and 1 leaves 1 + a game equal to 0.
    let v = json(&["analyze", "domineering(\"..|..\") + ±1 + 1", "--json"]);
    assert_eq!(v["value"], "1");
    assert_eq!(v["outcome"], "L");
    // A leading minus goes after `--`; the position prints as written.
    let v = json(&["analyze", "--json", "--", "-1/2"]);
    assert_eq!(v["position"], "-1/2");
    assert_eq!(v["value"], "-1/2");
    assert_eq!(v["outcome"], "R");
    // Each printed value pastes back in as itself.
    let first = json(&["analyze", "{1|*} + ^ + cut(3, 4)", "--json"]);
    let printed = first["value"].as_str().unwrap().to_string();
    let again = json(&["analyze", &printed, "--json"]);
    assert_eq!(again["value"], printed.as_str());
    // A value that is not a short game is a clear error.
    let (out, err, code) = sprague(&["analyze", "nim(3) + 1/3"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    insta::assert_snapshot!(err, @r"
    error: bad position: bad game value: 1/3 is a rational number, not a game: the numbers of short games are dyadic (the denominator 3 is not a power of two) at byte 9
      nim(3) + 1/3
               ^^^
    ");
}

#[test]
fn a_number_that_is_not_a_game_is_answered_as_cgsuite_answers_it() {
    // CGSuite's Rational (GameTest.scala: 6/23 is L, -6/23 is R): the
    // number, its outcome, no moves.
    let (out, err, code) = sprague(&["analyze", "1/7"]);
    assert_eq!((code, err.as_str()), (0, ""));
    insta::assert_snapshot!(out, @"L-position: Left wins whoever starts (value 1/7, a rational number and not a game: the numbers of short games are dyadic, and it has no moves)");
    let v = json(&["analyze", "--json", "--", "-(17/6) % (1/3)"]);
    assert_eq!(v["value"], "-1/6");
    assert_eq!(v["outcome"], "R");
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(0));
    // A dyadic calculation is a game; the rational's moves are refused.
    let v = json(&["analyze", "--json", "13*5 + 2^3 + 1/3 + 1/6"]);
    assert_eq!(v["value"], "147/2");
    let (_, err, code) = sprague(&["analyze", "1/7", "--moves"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("1/7 is a rational number, not a game"),
        "{err}"
    );
}

#[test]
fn with_json_an_error_is_json_on_stdout_and_a_line_on_stderr() {
    let (out, err, code) = sprague(&["analyze", "nim(3, x)", "--json"]);
    assert_eq!(code, 2);
    let error: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("bad position: unexpected `x`"),
        "{out}"
    );
    // The span is the byte range of `x` in the position.
    assert_eq!(error["span"], serde_json::json!([7, 8]));
    assert!(err.starts_with("error: bad position"), "{err}");
    // An error with no place in the text has a null span.
    let (out, _, code) = sprague(&[
        "analyze",
        "subtraction[1,3](30, 31, 32, 33)",
        "--misere",
        "--budget",
        "100",
        "--json",
    ]);
    assert_eq!(code, 2);
    let error: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(error["error"].as_str().unwrap().contains("budget"), "{out}");
    assert!(error["span"].is_null(), "{out}");
    for args in [
        &["table", "nosuchgame", "--json"][..],
        &["graph", "/nonexistent/file.txt", "--json"][..],
    ] {
        let (out, _, code) = sprague(args);
        assert_eq!(code, 2, "{args:?}");
        let error: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(error["error"].is_string(), "{args:?}: {out}");
    }
    // Without --json, stdout stays empty.
    let (out, _, code) = sprague(&["analyze", "nim(3, x)"]);
    assert_eq!((out.as_str(), code), ("", 2));
}

#[test]
fn limits_are_flags_of_the_commands_that_compute() {
    for command in ["analyze", "table", "play", "graph", "roots", "coalitions"] {
        let help = sprague_ok(&[command, "--help"]);
        assert!(
            help.contains("--budget") && help.contains("--time-limit"),
            "{command}: {help}"
        );
    }
    let (help, _, _) = sprague(&["serve", "--help"]);
    assert!(
        help.contains("--budget") && !help.contains("--time-limit"),
        "{help}"
    );
    for command in ["games", "completions", "man"] {
        let (help, _, _) = sprague(&[command, "--help"]);
        assert!(!help.contains("--budget"), "{command}: {help}");
    }
    let err = sprague_fails(&["games", "--budget", "5"]);
    assert!(err.contains("unexpected argument '--budget'"), "{err}");
}

/// The examples under `Examples:` in a subcommand's `--help`, as argument
/// lists (shell quoting of the simple kind the examples use).
fn help_examples(command: &str) -> Vec<Vec<String>> {
    let help = sprague_ok(&[command, "--help"]);
    let examples = help.split_once("Example").expect("examples in --help").1;
    examples
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| l.starts_with("sprague "))
        .map(|line| {
            let mut words = Vec::new();
            let mut word = String::new();
            let mut quote = None;
            let mut chars = line["sprague ".len()..].chars();
            while let Some(c) = chars.next() {
                match (quote, c) {
                    (None, '"' | '\'') => quote = Some(c),
                    (Some(q), c) if c == q => quote = None,
                    (Some('"'), '\\') => word.extend(chars.next()),
                    (None, ' ') => {
                        if !word.is_empty() {
                            words.push(std::mem::take(&mut word));
                        }
                    }
                    _ => word.push(c),
                }
            }
            words.push(word);
            words
        })
        .collect()
}

#[test]
fn every_help_has_examples_and_they_run() {
    for command in [
        "analyze",
        "table",
        "games",
        "play",
        "graph",
        "roots",
        "coalitions",
        "serve",
        "completions",
        "man",
    ] {
        let examples = help_examples(command);
        assert!(!examples.is_empty(), "{command}");
        for words in examples {
            // Examples that redirect, write files or start a server or a
            // game are checked for their syntax by clap only (`--help`
            // after them).
            let runs_alone = !words
                .iter()
                .any(|w| w.starts_with('>') || w == "&&" || w.ends_with(".svg") || w == "--dir")
                && !["play", "serve"].contains(&command);
            let mut args: Vec<&str> = words
                .iter()
                .map(String::as_str)
                .take_while(|w| !w.starts_with('>') && *w != "&&")
                .collect();
            if !runs_alone {
                args.push("--help");
            }
            let cwd = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
            let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
                .args(&args)
                .current_dir(cwd)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn completions_for_each_shell_and_a_man_page() {
    for (shell, marker) in [
        ("bash", "complete -F _sprague"),
        ("zsh", "#compdef sprague"),
        ("fish", "complete -c sprague"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[sprague]"),
    ] {
        let out = sprague_ok(&["completions", shell]);
        assert!(out.contains(marker), "{shell}: {out}");
        // Every subcommand is completed, and the ruleset names where a
        // ruleset or a position goes.
        assert!(out.contains("analyze") && out.contains("table"), "{shell}");
        // (clap's fish, PowerShell and elvish scripts complete the values of
        // options only, not of positional arguments.)
        if shell == "bash" || shell == "zsh" {
            for name in ["kayles", "dawsonschess", "domineering", "treblecross"] {
                assert!(out.contains(name), "{shell}: no {name}");
            }
        }
    }
    // The list is for completion only: any ruleset text is still taken.
    sprague_ok(&["table", "subtraction[1,3]", "--to", "5"]);
    let dir = std::env::temp_dir().join(format!("sprague-man-{}", std::process::id()));
    sprague_ok(&["man", "--dir", dir.to_str().unwrap()]);
    for page in [
        "sprague.1",
        "sprague-analyze.1",
        "sprague-table.1",
        "sprague-play.1",
    ] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap_or_default();
        assert!(
            text.contains(".TH") && text.contains("Examples"),
            "{page}: {text}"
        );
    }
    // The pages that read a position explain the position language.
    let analyze = std::fs::read_to_string(dir.join("sprague-analyze.1")).unwrap();
    assert!(
        analyze.contains("Positions:") && analyze.contains("sprague games"),
        "{analyze}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let err = sprague_fails(&["completions", "tcsh"]);
    assert!(err.contains("tcsh"), "{err}");
    let man = sprague_ok(&["man"]);
    assert!(man.contains(".TH sprague 1"), "{man}");
    assert!(
        man.contains("analyze") && man.contains("completions"),
        "{man}"
    );
}

/// `G(n)` from the period `table --period --json` reports and the values
/// `table` prints for one preperiod and period.
fn by_table(ruleset: &str, n: u64) -> u64 {
    let t = json(&["table", ruleset, "--period", "--json", "--summary"]);
    let p = &t["period"];
    assert_eq!(p["certified"], true, "{t}");
    let (n0, period, saltus) = (
        p["preperiod"].as_u64().unwrap(),
        p["period"].as_u64().unwrap(),
        p["saltus"].as_u64().unwrap(),
    );
    let (q, r) = ((n - n0) / period, (n - n0) % period);
    let heap = (n0 + r).to_string();
    let row = json(&["table", ruleset, "--from", &heap, "--to", &heap, "--json"]);
    row["values"][0].as_u64().unwrap() + q * saltus
}

#[test]
fn analyze_answers_huge_heaps_by_the_period_table_proves() {
    // 0.177: period 20 from heap 497 (OEIS A071435); 0.FF: G(n) = n
    // (SPEC), certified by the theorem in the library's octal/period.rs.
    for ruleset in ["octal[0.177]", "octal[0.FF]", "dawsonschess"] {
        for n in [1_000_000_000u64, 1_000_000_000_000_000_007] {
            let v = json(&["analyze", &format!("{ruleset}({n})"), "--json"]);
            assert_eq!(
                v["grundy"].as_u64().unwrap(),
                by_table(ruleset, n),
                "{ruleset}({n})"
            );
        }
    }
    let v = json(&["table", "octal[0.FF]", "--period", "--json"]);
    assert_eq!(
        v["period"],
        serde_json::json!({"preperiod": 0, "period": 1, "certified": true, "certified_at": 4, "saltus": 1})
    );
    assert_eq!(v["values"], serde_json::json!([0, 1]));
}

#[test]
fn an_arithmetic_period_no_theorem_proves_is_observed_not_certified() {
    // 0.8F: G(n + 7) = G(n) + 4 from heap 7 (checked against the mex
    // definition in the library's tests); no theorem the engine knows
    // applies, so the table says so and analyze refuses a huge heap.
    let out = sprague_ok(&["table", "octal[0.8F]", "--period", "--summary"]);
    assert!(
        out.contains("\nperiod 7, preperiod 7, saltus 4 (G(n + 7) = G(n) + 4), observed on G(0..="),
        "{out}"
    );
    assert!(
        out.contains("not certified: no theorem the engine knows proves this arithmetic period"),
        "{out}"
    );
    let v = json(&["table", "octal[0.8F]", "--period", "--json"]);
    assert_eq!(v["period"]["certified"], false);
    assert_eq!(v["period"]["saltus"], 4);
    let err = sprague_fails(&["analyze", "octal[0.8F](1000000000)"]);
    assert!(
        err.contains("no period is proved (G(n + 7) = G(n) + 4 from heap 7"),
        "{err}"
    );
    // The error is one line. On a loaded machine the period search may
    // outlast the moment `analyze` announces it, a line of its own before.
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| !l.starts_with("analyze: a heap beyond the budget"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
}

#[test]
fn the_period_search_says_which_limit_stopped_it() {
    let err = sprague_fails(&["analyze", "officers(1000000000000)", "--budget", "3000"]);
    assert!(
        err.contains("no period is proved (the search stopped at the budget of 3000 values, G(0..=2999) computed)"),
        "{err}"
    );
    let err = sprague_fails(&["analyze", "officers(1000000000000)", "--time-limit", "0.3"]);
    assert!(
        err.contains("the search stopped at the time limit of 300 ms"),
        "{err}"
    );
    let out = sprague_ok(&[
        "table",
        "officers",
        "--period",
        "--max",
        "5000",
        "--summary",
    ]);
    assert!(
        out.contains("\nno period certified up to heap 5000\n"),
        "{out}"
    );
    // A table too large for memory is refused in one line, before any work.
    let err = sprague_fails(&["table", "officers", "--to", "2^50", "--summary"]);
    assert!(
        err.starts_with("error: the table up to heap 1125899906842624 needs about 2048.0 TiB (2048.0 TiB of values kept), more than the "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A table past the default budget of 10^7 values runs when it fits in
/// memory: 0.1777 has no period before heap 443 139 470, so all 2^24 + 1
/// values are computed (a few seconds in release mode, so only there).
#[cfg(not(debug_assertions))]
#[test]
fn a_table_past_the_default_budget_runs_when_it_fits() {
    let out = sprague_ok(&["table", "octal[0.1777]", "--to", "2^24", "--summary"]);
    assert!(
        out.starts_with("octal[0.1777]: summary of G(0..=16777216)\n"),
        "{out}"
    );
    // An explicit budget still bounds it.
    let (_, err, code) = sprague(&[
        "table",
        "octal[0.1777]",
        "--to",
        "2^24",
        "--summary",
        "--budget",
        "1000000",
    ]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("1000000"), "{err}");
}

#[test]
fn table_certificate_is_written_or_refused_with_exit_2() {
    let dir = std::env::temp_dir().join(format!("sprague-certificate-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dawson.cert");
    let file = file.to_str().unwrap();
    // Dawson's Chess (0.137): period 34 from heap 52, proved by 175 values
    // (SPEC's example); the file is gzip (magic bytes 1f 8b).
    let (_, err, code) = sprague(&["table", "octal[0.137]", "--period", "--certificate", file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("period 34, preperiod 52 (175 values)"),
        "{err}"
    );
    assert_eq!(std::fs::read(file).unwrap()[..2], [0x1f, 0x8b]);
    // No period certified within --max: one line, exit 2, and no file.
    let open = dir.join("open.cert");
    let open = open.to_str().unwrap();
    let err = sprague_fails(&[
        "table",
        "octal[0.6]",
        "--period",
        "--max",
        "500",
        "--certificate",
        open,
    ]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no certificate written"), "{err}");
    assert!(!std::path::Path::new(open).exists());
    // Without --period there is no claim to certify.
    sprague_fails(&["table", "kayles", "--certificate", open]);
    // Only the certificate is in the directory: no temporary file is left.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_built_in_game_files_are_found_from_any_folder() {
    let elsewhere = std::env::temp_dir();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(args)
            .current_dir(&elsewhere)
            .output()
            .expect("the binary runs");
        (String::from_utf8(out.stdout).unwrap(), out.status.code())
    };
    // games/dag.txt: G(7) = 0, G(6) = 1, G(5) = 0, G(3) = G(4) = 1,
    // G(1) = G(2) = 0, so G(0) = mex{G(1), G(2)} = 1.
    let (out, code) = run(&["analyze", "--json", r#"graph["games/dag.txt"](0)"#]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 1);
    let (out, code) = run(&["graph", "games/dag.txt", "--summary", "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["vertices"].as_u64(), v["edges"].as_u64()),
        (Some(8), Some(10))
    );
    // A name that is neither a file nor a built-in example is still an error.
    let (_, code) = run(&["analyze", r#"graph["games/none.txt"](0)"#]);
    assert_eq!(code, Some(2));
}

#[test]
fn a_long_period_search_announces_itself_on_a_pipe() {
    // Officers has no known period: the search runs to the budget. After a
    // second of it, one line says what is computed, how far it may go and
    // how to bound it, though stderr is not a terminal.
    let (out, err, code) = sprague(&["analyze", "officers(10^12)", "--budget", "2000000"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("analyze: a heap beyond the budget is answered by its game's period")
            && lines[0].contains("through at most 2000000 values")
            && lines[0].contains("MiB")
            && lines[0].contains("values/s")
            && lines[0].contains("--time-limit"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("error: heap 1000000000000 of officers is out of reach"),
        "{err}"
    );
    // No progress line on a pipe.
    assert!(!err.contains('\r'), "{err}");
}

#[test]
fn a_default_period_search_stops_at_the_budget_and_says_how_to_go_further() {
    let start = std::time::Instant::now();
    let err = sprague_fails(&["analyze", "officers(10^12)"]);
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.contains("G(0..=9999999) computed")
            && last.ends_with(
                "without --budget the search stops after 10000000 values: `--budget 4294967297` searches as far as `sprague table RULESET --period` does"
            ),
        "{err}"
    );
    assert!(
        err.contains("--budget N searches through N values"),
        "{err}"
    );
    // 10^7 values of Officers take about 17 s of one core here; the bound
    // is loose for a loaded machine, and far below the hours of 2^32.
    assert!(start.elapsed().as_secs() < 300, "{:?}", start.elapsed());
}

#[test]
fn a_long_period_search_shows_progress_on_a_terminal() {
    // A pseudo-terminal from Python's standard library: the progress line
    // with its share of the reach and the time left, redrawn with `\r`.
    let script = r#"
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "analyze", "officers(10^12)", "--budget", "3000000"])
out = b""
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace"))
"#;
    let out = Command::new("python3")
        .args(["-c", script, env!("CARGO_BIN_EXE_sprague")])
        .output()
        .expect("python3 runs (CI installs it)");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(
        screen.contains("analyze: a heap beyond the budget"),
        "{screen}"
    );
    assert!(
        screen.contains("heap values: ")
            && screen.contains("/3000000 (")
            && screen.contains("%), "),
        "{screen}"
    );
    assert!(screen.contains("left"), "{screen}");
    assert!(
        screen.contains("error: heap 1000000000000 of officers is out of reach"),
        "{screen}"
    );
}

#[test]
fn a_long_table_period_search_announces_itself_on_a_pipe() {
    let (out, err, code) = sprague(&[
        "table",
        "officers",
        "--period",
        "--max",
        "3000000",
        "--summary",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("officers"), "{out}");
    let line = err
        .lines()
        .find(|l| l.starts_with("table: searching the period of officers"))
        .unwrap_or_else(|| panic!("no announcement: {err}"));
    assert!(
        line.contains("through heap 3000000 at most")
            && line.contains(" MiB, at most")
            && line.contains("heaps/s")
            && line.contains("--max N or --time-limit SECONDS bounds it"),
        "{line}"
    );
    assert!(!err.contains('\r'), "no progress line on a pipe: {err}");
}

/// The winning moves of `position` from `analyze --all --json`, as (side,
/// description, to), and the same found from `--moves --json` (every move
/// with the outcome after it): a move wins for its mover when the
/// position after it is won by the mover whoever starts (`L` for Left,
/// `R` for Right) or lost by the player then to move (`P`).
fn winning_moves_both_ways(position: &str) -> (Vec<[String; 3]>, Vec<[String; 3]>) {
    let triple = |m: &serde_json::Value| {
        ["side", "description", "to"].map(|k| m[k].as_str().unwrap().to_string())
    };
    let listed = json(&["analyze", position, "--all", "--json"])["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(triple)
        .collect();
    let mut from_moves: Vec<[String; 3]> =
        json(&["analyze", position, "--moves", "--json"])["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| {
                let outcome = m["outcome"].as_str().unwrap();
                outcome == "P" || outcome == m["side"].as_str().unwrap()
            })
            .map(triple)
            .collect();
    // Left's first, then Right's, each in the order of the moves.
    from_moves.sort_by_key(|m| m[0] != "L");
    (listed, from_moves)
}

#[test]
fn both_players_winning_moves_with_their_side() {
    // hackenbush("L", "e") = 1 + *: Left cutting the green edge leaves 1,
    // where Right has no move; cutting the blue one leaves *, which Right
    // takes. Right's only move (the green edge) leaves 1: Left wins.
    let (listed, from_moves) = winning_moves_both_ways("hackenbush(\"L\", \"e\")");
    assert_eq!(
        listed,
        [["L", "cut edge 1 (green)", "hackenbush(\"L\", \"\")"].map(String::from)]
    );
    assert_eq!(listed, from_moves);
    let out = sprague_ok(&["analyze", "hackenbush(\"L\", \"e\")"]);
    assert!(
        out.contains(
            "winning move for Left (moving first): cut edge 1 (green)  ->  hackenbush(\"L\", \"\")\n\
             no winning move for Right (moving first)\n"
        ),
        "{out}"
    );
    // The issue's second Hackenbush position: Right has no winning move,
    // and none of Right's moves is listed as one.
    let (listed, from_moves) =
        winning_moves_both_ways("hackenbush(\"LRRL\", \"l(l;rl)\", \"eee\")");
    assert!(
        !listed.is_empty() && listed.iter().all(|m| m[0] == "L"),
        "{listed:?}"
    );
    assert_eq!(listed, from_moves);
    // A 3x4 Domineering board is an R-position: Left (vertical) has no
    // winning move, and Right (horizontal) wins with each of its 3 x 3
    // placements.
    let board = "domineering(\"....|....|....\")";
    let (listed, from_moves) = winning_moves_both_ways(board);
    assert_eq!(listed.len(), 9, "{listed:?}");
    assert!(listed.iter().all(|m| m[0] == "R"), "{listed:?}");
    assert_eq!(listed, from_moves);
    let out = sprague_ok(&["analyze", board, "--all"]);
    assert!(
        out.contains(
            "no winning move for Left (moving first)\nwinning moves for Right (moving first) (9):\n"
        ),
        "{out}"
    );
    // Without --all, the first of each player's.
    let v = json(&["analyze", board, "--json"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_moves"][0]["side"], "R");
    // An impartial position's moves name no side.
    let v = json(&["analyze", "nim(3, 6, 9)", "--json"]);
    assert!(v["winning_moves"][0].get("side").is_none(), "{v}");
}

#[test]
fn stop_count_as_a_figure_and_as_a_term() {
    // CGSuite's CanonicalShortGameTest.scala (commit e909ab8b): {3||2|1}
    // has stop count 3; CanonicalShortGameTestCase.scala: ^*6 has 1459.
    let v = json(&["analyze", "{3||2|1}", "--json"]);
    assert_eq!(v["cgt"]["stop_count"], "3");
    let v = json(&["analyze", "^*6", "--json"]);
    assert_eq!(v["cgt"]["stop_count"], "1459");
    // The term is that integer, a game like any other: 3 - 1459 < 0.
    let v = json(&[
        "analyze",
        "stop_count({3||2|1}) - stop_count(^*6)",
        "--json",
    ]);
    assert_eq!(v["value"], "-1456");
    assert_eq!(v["outcome"], "R");
}
