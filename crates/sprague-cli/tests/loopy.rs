//! Loopy partizan values written in CGSuite's loopy notation: the value and
//! outcome `analyze` gives, in text and JSON, and a bad term's error.
//!
//! Expected values: `on`, `off` and `over` by their definitions (Siegel,
//! *Combinatorial Game Theory*, VI.1: `on = {pass|}`, `over = {0|pass}`);
//! `on + off = dud` as CGSuite evaluates it (`on & off`, a draw whoever
//! starts).

use super::{json, sprague};

#[test]
fn on_is_won_by_left() {
    let (out, err, code) = sprague(&["analyze", "--", "on"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "L-position: Left wins whoever starts (value on)\n\
         remoteness 1: the game lasts 1 more move with best play\n\
         winning move: move to {pass|}  ->  {pass|}\n"
    );
    let v = json(&["analyze", "--json", "--", "on"]);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["value"], "on");
    assert_eq!(v["position"], "{pass|}");
}

#[test]
fn over_written_as_a_word_or_with_pass() {
    for written in ["over", "{0|pass}", "a{0|a}"] {
        let v = json(&["analyze", "--json", "--", written]);
        assert_eq!(v["outcome"], "L", "{written}");
        assert_eq!(v["value"], "over", "{written}");
        assert_eq!(v["position"], "{0|pass}", "{written}");
    }
}

#[test]
fn on_plus_off_is_dud_a_draw() {
    let (out, err, code) = sprague(&["analyze", "--", "on + off"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("D-position: a draw with best play (value dud)\n"),
        "{out}"
    );
    let v = json(&["analyze", "--json", "--", "on + off"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["value"], "dud");
    assert_eq!(v["first_player_wins"], serde_json::Value::Null);
    let v = json(&["analyze", "--json", "--", "dud"]);
    assert_eq!(v["value"], "dud");
}

#[test]
fn loopy_terms_in_a_sum() {
    // on + G is on for every stopper G that is not off.
    let v = json(&["analyze", "--json", "--", "on + {0|pass}"]);
    assert_eq!(v["value"], "on");
    assert_eq!(v["outcome"], "L");
}

#[test]
fn bad_loopy_term_is_refused_with_its_span() {
    // A name with no label `a{...}` around it has no loopy mark: the short
    // reader refuses it, with its span.
    let (out, err, code) = sprague(&["analyze", "--", "{0|a}"]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err,
        "error: bad position: unexpected `}`, expected `(` and the arguments at byte 4\n  \
         {0|a}\n      ^\n"
    );
    let (out, err, code) = sprague(&["analyze", "--", "b{0|a}"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("no node is labelled `a`"), "{err}");
    let (_, err, code) = sprague(&["analyze", "--", "1 & over"]);
    assert_eq!(code, 2);
    assert!(err.contains("a sided value `G & H` is a value"), "{err}");
}
