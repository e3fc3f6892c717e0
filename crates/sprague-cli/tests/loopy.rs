//! Loopy partizan values written in CGSuite's loopy notation: the value and
//! outcome `analyze` gives, in text and JSON, and a bad term's error.
//!
//! Expected values: `on`, `off` and `over` by their definitions (Siegel,
//! *Combinatorial Game Theory*, VI.1: `on = {pass|}`, `over = {0|pass}`);
//! `on + off = dud` as CGSuite evaluates it (`on & off`, a draw whoever
//! starts).

use super::{json, sprague_fails, sprague_ok};

#[test]
fn on_is_won_by_left() {
    let out = sprague_ok(&["analyze", "--", "on"]);
    assert_eq!(
        out,
        "L-position: Left wins whoever starts (value on)\n\
         remoteness 1: the game lasts 1 more move with best play\n\
         stops on and on\n\
         degree on, variety on\n\
         winning move for Left (moving first): move to {pass|}  ->  {pass|}\n\
         no winning move for Right (moving first)\n"
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
    let out = sprague_ok(&["analyze", "--", "on + off"]);
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
    let err = sprague_fails(&["analyze", "--", "{0|a}"]);
    assert_eq!(
        err,
        "error: bad position: unexpected `}`, expected `(` and the arguments at byte 4\n  \
         {0|a}\n      ^\n"
    );
    let err = sprague_fails(&["analyze", "--", "b{0|a}"]);
    assert!(err.contains("no node is labelled `a`"), "{err}");
    // A sided value needs its offside at most its onside, as in CGSuite.
    let err = sprague_fails(&["analyze", "--", "1 + (0 & on)"]);
    assert_eq!(
        err,
        "error: bad position: bad game value: the offside of a sided value must be at most its \
         onside at byte 4\n  1 + (0 & on)\n      ^^^^^^^^\n"
    );
}

#[test]
fn a_sided_value_is_valued_and_has_no_moves() {
    // on & 0: the onside on is won by Left whoever starts, the offside 0
    // by the second player, so Left wins when Right starts and Left
    // moving first draws (Siegel, VI.4; CGSuite's `PHat`).
    let out = sprague_ok(&["analyze", "--", "on & 0"]);
    assert_eq!(
        out,
        "PHat-position: Left wins when Right starts; Left moving first draws (value on & 0)\n\
         onside on, offside 0\n\
         left stop, right stop, degree, variety, birthday: undefined: the value is not a \
         stopper (CGSuite gives it for a stopper only; see its onside and offside)\n\
         no moves listed: a sided value is a value, not a game with moves\n"
    );
    // over = {0|pass}, and a sum with 1 adds 1 to both sides.
    let v = json(&["analyze", "--json", "--", "({0|pass} & 0) + 1"]);
    assert_eq!(v["value"], "1over & 1");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    // on & off is dud, a draw whoever starts.
    let v = json(&["analyze", "--json", "--", "on & off"]);
    assert_eq!(v["value"], "dud");
    assert_eq!(v["outcome"], "D");
    for args in [
        &["analyze", "--moves", "--", "on & 0"][..],
        &["play", "--", "(on & 0) + 1"][..],
    ] {
        let err = sprague_fails(args);
        assert!(
            err.ends_with(
                "error: `on & 0` is a sided value, not a game: it has no moves to list or play\n"
            ),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_value_beyond_the_limit_is_reported_not_computed() {
    // Backsliding Toads TT....FF: a component of 70 positions, more than
    // the limit.
    let out = sprague_ok(&["analyze", "--", "backsliding_toads(\"TT....FF\")"]);
    let line = out.lines().nth(1).unwrap_or_default();
    assert!(
        line.starts_with(
            "value not computed: the graph has 70 positions in one strongly connected \
             component, more than "
        ),
        "{out}"
    );
    let v = json(&["analyze", "--json", "--", "backsliding_toads(\"TT....FF\")"]);
    assert_eq!(v["value"], serde_json::Value::Null);
}

#[test]
fn bachs_carousel_has_sides_that_are_not_stoppers() {
    // CGSuite's SidedValueTestCase (commit e909ab8b) prints this value.
    let out = sprague_ok(&["analyze", "--", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"]);
    assert!(
        out.starts_with(
            "N-position: the player to move wins (value a{1|1, {1*|a||*}||0} & \
             a{0, {1|||1*|a||*}|0})"
        ),
        "{out}"
    );
}

#[test]
fn the_fox_and_geese_start_is_valued() {
    // 10 597 positions in components of at most 12: CGSuite's value
    // (tests/data/loopy/rulesets.txt names the source).
    let out = sprague_ok(&["analyze", "--", "foxgeese(\"4,2 4,4 4,6 4,8\", \"1,1\")"]);
    assert!(out.contains("{4*|7/2}"), "{out}");
}
