//! Rulesets given by a rule (`heap_rule`, `coordinate_rule`, `gen_mem`) on
//! the command line: their tables, and bad rules as one-line errors with
//! exit status 2.

use super::{json, sprague, sprague_fails, sprague_ok};

#[test]
fn the_table_of_a_heap_rule_is_the_table_of_the_game_it_writes() {
    let squares = json(&[
        "table",
        "heap_rule[n - a*a for a in 1..n if a*a <= n]",
        "--to",
        "50",
        "--json",
    ]);
    let subtraction = json(&[
        "table",
        "subtraction[1,4,9,16,25,36,49]",
        "--to",
        "50",
        "--json",
    ]);
    assert_eq!(squares["values"], subtraction["values"]);
    assert_eq!(
        squares["ruleset"],
        "heap_rule[n - a*a for a in 1..n if a*a <= n]"
    );
    let kayles = json(&[
        "table",
        "heap_rule[(a, n - t - a) for t in 1..min(2, n) for a in 0..(n - t) / 2]",
        "--to",
        "80",
        "--json",
    ]);
    assert_eq!(
        kayles["values"],
        json(&["table", "kayles", "--to", "80", "--json"])["values"]
    );
}

#[test]
fn the_grid_of_a_gen_mem_is_cgsuites_table() {
    // CGSuite's GameHeapTest.scala (commit e909ab8b):
    // GenMem((memory, j) -> j != memory).NimValueTable(10, 10).
    let expected = serde_json::json!([
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2],
        [3, 2, 3, 3, 0, 3, 3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3],
        [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        [4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4],
        [5, 4, 5, 3, 5, 5, 5, 5, 5, 5, 5],
        [5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 5],
        [6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6]
    ]);
    let t = json(&["table", "gen_mem[a != k]", "--to", "10x10", "--json"]);
    assert_eq!(t["values"], expected);
}

#[test]
fn analyze_plays_a_rule_and_prints_it_back() {
    let out = sprague_ok(&["analyze", "gen_mem[a <= 2*k](10, 3)", "--all"]);
    // Fibonacci Nim with the cap 6: the same moves as `fibonacci(10, 6)`.
    let fibonacci = sprague_ok(&["analyze", "fibonacci(10, 6)", "--all"]);
    let moves = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("winning move"))
            .map(|l| l.split("  ->  ").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(moves(&out), moves(&fibonacci));
    assert!(out.contains("->  gen_mem[a <= 2*k](8, 2)"), "{out}");
}

/// The lines of the error of `analyze POSITION`, which must exit 2.
fn error_lines(position: &str) -> Vec<String> {
    sprague_fails(&["analyze", position])
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_mistake_in_the_text_of_a_rule_is_shown_at_its_place() {
    let lines = error_lines("heap_rule[n - a for a in 1..n if a ! 2](5)");
    assert_eq!(
        lines[0],
        "error: bad position: bad parameters: expected an operator, `for`, `if`, `,` or the end \
         in the rule, found `!` at byte 35"
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[2].find('^'), lines[1].find('!'), "{lines:?}");
    let (out, _, code) = sprague(&["analyze", "--json", "gen_mem[a = k](10)"]);
    assert_eq!(code, 2);
    let e: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(e["span"], serde_json::json!([10, 11]));
}

#[test]
fn nesting_past_the_limit_is_refused() {
    let deep = format!("heap_rule[{}n{} - 1](3)", "(".repeat(65), ")".repeat(65));
    let lines = error_lines(&deep);
    assert!(
        lines[0].starts_with(
            "error: bad position: bad parameters: the rule nests deeper than 64 levels"
        ),
        "{lines:?}"
    );
}

#[test]
fn an_overflow_and_a_range_too_large_are_one_line_naming_the_expression() {
    assert_eq!(
        error_lines("heap_rule[n - 1 if n * 100000000000000000000 * 100000000000000000000 > 0](3)"),
        [
            "error: heap_rule: `n * 100000000000000000000 * 100000000000000000000` overflows \
          (rules compute with integers below 2^127) at n = 3"
        ]
    );
    assert_eq!(
        error_lines("coordinate_rule[(r - 1, c) for a in 0..r * 1000000000](2, 2)"),
        [
            "error: coordinate_rule: `0..r * 1000000000` ranges over 2000000001 values, more than \
          16777216 at r = 2, c = 2"
        ]
    );
    assert_eq!(
        error_lines("gen_mem[a % (k - 1) == 0](5, 1)"),
        ["error: gen_mem: `a % (k - 1)` divides by zero at k = 1, a = 1"]
    );
}
