//! `sprague compare G H`: the relation from the outcome of `G - H`, as text
//! and JSON, and a bad operand as one line with its caret and exit 2.

use crate::{json, sprague, sprague_fails, sprague_ok};

#[test]
fn compare_text_is_one_line() {
    // Winning Ways ch. 2: ^ is confused with *, and 1/2 exceeds every
    // infinitesimal.
    let out = sprague_ok(&["compare", "^", "{0|0}"]);
    insta::assert_snapshot!(out, @"^ || {0|0}   (G - H is N: the games are confused)");
    let (out, _, _) = sprague(&["compare", "{0|1}", "^"]);
    insta::assert_snapshot!(out, @"{0|1} > ^   (G - H is L: the first is greater)");
    let (out, _, _) = sprague(&["compare", "--", "-1", "{|0}"]);
    insta::assert_snapshot!(out, @"-1 = {|0}   (G - H is P: the games are equal)");
}

#[test]
fn compare_json_has_the_spec_fields() {
    // Domineering's 2 × 2 board is ±1 (Winning Ways ch. 2); Tiny(1) is
    // positive and less than every positive number (Winning Ways ch. 5).
    let j = json(&["compare", "domineering(\"..|..\")", "+-1", "--json"]);
    assert_eq!(
        j,
        serde_json::json!({"left": "domineering(\"..|..\")", "right": "±1",
                           "relation": "=", "difference": "P"})
    );
    let j = json(&["compare", "Tiny(1)", "1/64", "--json"]);
    assert_eq!(j["relation"], "<");
    assert_eq!(j["difference"], "R");
    let j = json(&["compare", "Tiny(1)", "0", "--json"]);
    assert_eq!(j["relation"], ">");
}

#[test]
fn a_bad_operand_is_exit_2_with_its_span() {
    let err = sprague_fails(&["compare", "{1|*}", "{1|"]);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("error: bad second game:"), "{err}");
    assert_eq!(lines[2].trim_end(), "     ^", "{err}");
    let (out, _, code) = sprague(&["compare", "foo(3)", "0", "--json"]);
    assert_eq!(code, 2);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["span"], serde_json::json!([0, 3]));
}
