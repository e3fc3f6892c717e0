//! `sprague play` driven through stdin: the engine's move from every drawn
//! vertex of a game graph keeps the draw, from every P-position of a
//! searched game it holds out longest, and `hint`, `value`, `history` and
//! `undo` answer.

use std::io::Write;
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Runs `sprague play ARGS` with `script` on stdin; its stdout.
fn play(args: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .arg("play")
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The game may end before the script does (the engine wins, or `quit`
    // comes first): a pipe closed by a finished player is no failure.
    let _ = child.stdin.take().unwrap().write_all(script.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The position the engine's first move leads to, from the line
/// `I <move>  ->  <position>   (<why>)`.
fn engine_target(transcript: &str) -> String {
    let line = transcript
        .lines()
        .find(|l| l.starts_with("I "))
        .unwrap_or_else(|| panic!("no engine move in {transcript}"));
    let after = line.split("  ->  ").nth(1).unwrap();
    after.split("   (").next().unwrap().to_string()
}

/// Checks that from every drawn vertex of `file` the engine moves to a drawn
/// vertex (the outcomes from `sprague graph FILE --json`, by retrograde
/// analysis).
fn engine_keeps_draws(file: &str) -> usize {
    let graph = json(&["graph", file, "--json"]);
    let vertices = graph["vertices"].as_array().unwrap();
    let outcome_of = |name: &str| -> String {
        vertices
            .iter()
            .find(|v| {
                v["name"]
                    .as_str()
                    .map_or(v["vertex"].to_string(), str::to_string)
                    == name
            })
            .map(|v| v["outcome"].as_str().unwrap().to_string())
            .unwrap()
    };
    let mut drawn = 0;
    for v in vertices.iter().filter(|v| v["outcome"] == "D") {
        let name = v["name"]
            .as_str()
            .map_or(v["vertex"].to_string(), |n| format!("\"{n}\""));
        let position = format!("graph[\"{file}\"]({name})");
        let transcript = play(&["--computer-first", &position], "quit\n");
        let target = engine_target(&transcript);
        let vertex = target
            .rsplit_once('(')
            .unwrap()
            .1
            .trim_end_matches(')')
            .trim_matches('"')
            .to_string();
        assert_eq!(
            outcome_of(&vertex),
            "D",
            "{position} -> {target}\n{transcript}"
        );
        assert!(transcript.contains("keeps the draw"), "{transcript}");
        drawn += 1;
    }
    drawn
}

#[test]
fn from_every_drawn_word_the_engine_keeps_the_draw() {
    // games/words.txt: five of its seven words are drawn (tactic among
    // them, whose only other move, to ticket, loses).
    assert_eq!(engine_keeps_draws("games/words.txt"), 5);
}

#[test]
fn from_every_drawn_vertex_of_random_loopy_graphs_the_engine_keeps_the_draw() {
    let dir = std::env::temp_dir().join(format!("sprague-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = StdRng::seed_from_u64(20261125);
    let mut drawn = 0;
    for g in 0..12 {
        let n = rng.random_range(4..=9);
        let mut edges = Vec::new();
        for x in 0..n {
            for y in 0..n {
                if x != y && rng.random_bool(0.25) {
                    edges.push((x, y));
                }
            }
        }
        let mut text = format!("{n} {}\n", edges.len());
        for (x, y) in &edges {
            text.push_str(&format!("{x} {y}\n"));
        }
        let path = dir.join(format!("g{g}.txt"));
        std::fs::write(&path, text).unwrap();
        drawn += engine_keeps_draws(path.to_str().unwrap());
    }
    // The seed gives graphs with draws to check (the count is whatever the
    // random graphs hold; what matters is that there are some).
    assert!(drawn >= 10, "only {drawn} drawn vertices");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn from_every_p_position_of_a_searched_game_the_engine_holds_out_longest() {
    // Misère sums of subtraction and Kayles heaps are solved by search (no
    // sum theory): from each P-position the engine's move must lead to an
    // option of the greatest remoteness among all options.
    let mut checked = 0;
    for a in 0..=6 {
        for b in 0..=4 {
            let position = format!("subtraction[1,3]({a}) + kayles({b})");
            let analysis = json(&["analyze", &position, "--misere", "--moves", "--json"]);
            if analysis["outcome"] != "P" {
                continue;
            }
            let moves = analysis["moves"].as_array().unwrap();
            if moves.is_empty() {
                continue;
            }
            let longest = moves
                .iter()
                .map(|m| m["remoteness"].as_u64().unwrap())
                .max()
                .unwrap();
            let transcript = play(&["--computer-first", "--misere", &position], "quit\n");
            let target = engine_target(&transcript);
            let chosen = moves.iter().find(|m| m["to"] == target.as_str()).unwrap();
            assert_eq!(
                chosen["remoteness"].as_u64().unwrap(),
                longest,
                "{position}"
            );
            assert!(transcript.contains("holds out longest"), "{transcript}");
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} P-positions");
}

#[test]
fn hint_value_history_and_undo() {
    // Nim(2, 3): the one winning move takes 1 from the 3 (Bouton).
    let transcript = play(
        &["nim(2, 3)"],
        "hint\nvalue\n1\nhistory\nundo\nhistory\nquit\n",
    );
    assert!(
        transcript.contains("hint: take 1 from the heap of 3  ->  nim(2, 2) (it wins)"),
        "{transcript}"
    );
    assert!(transcript.contains("N-position: the player to move wins (Grundy value 1)"));
    // The human's move and the engine's answer, each with what it left.
    assert!(
        transcript
            .contains("1. you: take 1 from the heap of 2  ->  nim(1, 3)   (leaves N, value *2)"),
        "{transcript}"
    );
    assert!(transcript.contains("2. me: "), "{transcript}");
    assert!(transcript.contains("taken back."), "{transcript}");
    assert!(transcript.contains("no moves yet"), "{transcript}");
    // After the undo the start position is listed again.
    assert_eq!(
        transcript.matches("position: nim(2, 3)").count(),
        2,
        "{transcript}"
    );
}

#[test]
fn help_says_what_may_be_typed_on_one_line() {
    let transcript = play(&["nim(2, 3)"], "help\nquit\n");
    let commands = "Type a move's number, the position after your move, `moves`, `hint`, `value`, `history`, `undo`, `draw`, `help` or `quit`.";
    // Once at the start, once for `help`, and no complaint about the word.
    assert_eq!(transcript.matches(commands).count(), 2, "{transcript}");
    assert!(
        transcript.contains(&format!("your move> {commands}\n")),
        "{transcript}"
    );
    assert!(!transcript.to_lowercase().contains("error"), "{transcript}");
}

#[test]
fn moves_are_listed_with_what_they_do_and_plain_on_a_pipe() {
    let transcript = play(&["nim(2, 3)"], "quit\n");
    assert!(
        transcript.contains(
            "3. take 1 from the heap of 3  ->  nim(2, 2)   wins (leaves P, remoteness 4, value 0)"
        ),
        "{transcript}"
    );
    assert!(
        transcript.contains(
            "2. take 2 from the heap of 2  ->  nim(3)   loses (leaves N, remoteness 1, value *3)"
        ),
        "{transcript}"
    );
    assert!(!transcript.contains('\x1b'), "no colour on a pipe");
}

/// Writes `text` to a fresh file under the system's temporary directory and
/// returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sprague-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn loopy_partizan_play_announces_repetitions_and_agrees_draws() {
    // Backsliding Toads and Frogs: the human (Left) steps forward, then
    // back, and the engine's frog steps back too: the start comes back.
    // The engine cannot force a win there, so a draw is agreed.
    let out = play(&["backsliding_toads(\"T..F\")"], "draw\n1\n1\ndraw\n");
    assert!(
        out.contains("a draw can be agreed once a position has repeated; play on."),
        "{out}"
    );
    assert!(
        out.contains(
            "position repeated: backsliding_toads(\"T..F\"), you to move, as at the start."
        ),
        "{out}"
    );
    assert!(out.contains("I cannot force a win: type `draw`"), "{out}");
    assert!(out.ends_with("Agreed: the game is drawn.\n"), "{out}");
}

#[test]
fn a_draw_is_refused_where_the_engine_can_win() {
    // s and t form a cycle (a draw); Left's other move from s, to u, loses:
    // Right answers to w, where Left's only move lets Right finish.
    let file = temp_file(
        "cycle.txt",
        "s t L\nt s R\ns u L\nu w R\nw x L\nx y R\nstart s\n",
    );
    let position = format!("graph[\"{file}\"]()");
    let out = play(&[&position], "1\n2\ndraw\nquit\n");
    assert!(out.contains("position repeated:"), "{out}");
    assert!(
        out.contains("No: I can force a win from here. Play on."),
        "{out}"
    );
    assert!(out.ends_with("Game abandoned.\n"), "{out}");
}

#[test]
fn a_loopy_game_stops_as_a_draw_at_the_move_limit() {
    // dud = {pass | pass}: both sides pass for ever.
    let file = temp_file("dud.txt", "a a L\na a R\nstart a\n");
    let position = format!("graph[\"{file}\"]()");
    let out = play(&[&position], &"1\n".repeat(150));
    assert!(
        out.ends_with("200 moves played: the game stops as a draw.\n"),
        "{}",
        &out[out.len().saturating_sub(500)..]
    );
    assert!(out.contains("neither of us can force a win: this move keeps the draw"));
}

#[test]
fn loopy_partizan_analyses_from_the_command_line() {
    let v = json(&["analyze", "--json", "backsliding_toads(\"TTT..FFF\")"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["first_player_wins"], serde_json::Value::Null);
    assert_eq!(
        v["drawing_moves"][0]["to"],
        "backsliding_toads(\"TT.T.FFF\")"
    );
    let v = json(&[
        "analyze",
        "--json",
        "foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")",
    ]);
    assert_eq!(v["outcome"], "L");
    let v = json(&["analyze", "--json", "--moves", "backsliding_toads(\"T.F\")"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["remoteness"], 4);
    assert_eq!(v["moves"][0]["side"], "L");
    // A bad side letter is one line naming the line of the file, exit 2.
    let file = temp_file("bad-side.txt", "2 1\n0 1 X\n");
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["analyze", &format!("graph[\"{file}\"](0)")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 2: a move's side is `L` or `R`, not `X`"),
        "{err}"
    );
}
