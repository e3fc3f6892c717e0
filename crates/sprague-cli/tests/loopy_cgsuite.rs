//! CGSuite's tests of stoppers and sided values (`CanonicalStopperTestCase`,
//! `SidedValueTestCase`; the data files under
//! `crates/sprague/tests/data/loopy/` name their source) reproduced field by
//! field through `analyze --json`: the value, the outcome and the `cgt`
//! object's stops, onside, offside, degree and variety. A result CGSuite
//! gives as an error (`!!...`) is `null` in the JSON, with CGSuite's reason
//! in the text output. The fields `analyze` does not report (CGSuite's
//! `Class` and `FollowerCount`) are checked by the library's test of the
//! same files.

use serde_json::Value;

use super::loopy_cases::{EXPECTED_FAILURES, FILES, agrees, cases, expand, ours};
use super::{json, sprague_ok};

/// CGSuite's field and the `analyze --json` path that gives it.
const FIELDS: &[(&str, &[&str])] = &[
    ("xOut", &["value"]),
    ("outcomeClass", &["outcome"]),
    ("leftStop", &["cgt", "left_stop"]),
    ("rightStop", &["cgt", "right_stop"]),
    ("onside", &["cgt", "onside"]),
    ("offside", &["cgt", "offside"]),
    ("degree", &["cgt", "degree"]),
    ("variety", &["cgt", "variety"]),
];

/// The text output's name of a `cgt` field, as it says why it is left out.
fn text_name(field: &str) -> &str {
    match field {
        "leftStop" => "left stop",
        "rightStop" => "right stop",
        other => other,
    }
}

/// What `analyze` gives for CGSuite's `field`: the JSON's text, or for a
/// `null`, `!!` and the text output's line that says why.
fn answer(json: &Value, text: &str, field: &str, path: &[&str]) -> Option<String> {
    let mut v = json;
    for key in path {
        v = &v[*key];
    }
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Null => text
            .lines()
            .find(|line| {
                line.split(": ")
                    .next()
                    .is_some_and(|names| names.split(", ").any(|n| n == text_name(field)))
            })
            .map(|line| format!("!!{line}")),
        _ => None,
    }
}

/// CGSuite's `SidedValue` (sides that are not stoppers) has no `Onside`
/// or `Offside` member; `analyze` gives each side as CGSuite prints it in
/// the value (`onside & offside`).
fn side_of_a_sided_value(case: &std::collections::BTreeMap<String, String>, field: &str) -> bool {
    case.get("class").is_some_and(|c| c == "SidedValue")
        && (field == "onside" || field == "offside")
}

#[test]
fn cgsuite_loopy_cases_through_analyze_json() {
    let mut failures = Vec::new();
    let mut agreed = 0;
    for file in FILES {
        for case in cases(file) {
            let x = expand(&case["x"]);
            let v = json(&["analyze", "--json", "--", &x]);
            let text = sprague_ok(&["analyze", "--", &x]);
            for &(field, path) in FIELDS {
                // CGSuite's test of a stopper asks its onside and offside
                // to be the stopper itself (`CanonicalStopperTestCase`'s
                // `Onside` and `Offside` rows are `xOut`).
                let expected = match case.get(field) {
                    Some(e) => e.clone(),
                    None if matches!(field, "onside" | "offside") && file == FILES[0] => {
                        case["xOut"].clone()
                    }
                    None => continue,
                };
                let got = answer(&v, &text, field, path).unwrap_or_default();
                let ok = if side_of_a_sided_value(&case, field) {
                    let sides: Vec<String> = case["xOut"].split(" & ").map(ours).collect();
                    got == sides[usize::from(field == "offside")]
                } else {
                    agrees(&expected, &got)
                };
                let listed = EXPECTED_FAILURES
                    .iter()
                    .any(|&(ex, f, _)| ex == case["x"] && f == field);
                match (ok, listed) {
                    (true, false) => agreed += 1,
                    (false, true) => {}
                    (true, true) => failures.push(format!(
                        "{} {field}: passes now; remove it from EXPECTED_FAILURES",
                        case["x"]
                    )),
                    (false, false) => failures.push(format!(
                        "{} {field}: CGSuite {expected:?}, analyze {got:?}",
                        case["x"]
                    )),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{agreed} results agree with CGSuite through analyze --json");
    // Every case's value and outcome at least.
    assert!(agreed >= 2 * 18, "{agreed}");
}

/// CGSuite's `EvalTest` rows of loopy values (`cgsuite_eval.txt`) and
/// issue #35's sided option: the value `analyze --json` prints.
#[test]
fn cgsuite_loopy_values_through_analyze_json() {
    let mut failures = Vec::new();
    let all = cases("cgsuite_eval.txt");
    for case in &all {
        let v = json(&["analyze", "--json", "--", &case["x"]]);
        let got = v["value"].as_str().unwrap_or_default();
        if !agrees(&case["xOut"], got) {
            failures.push(format!(
                "{}: CGSuite {}, analyze {got}",
                case["x"], case["xOut"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(all.len(), 30);
}

/// The functions of loopy values, against CGSuite's tests of stoppers and
/// sided values: `(over).Degree` is `over`, `(+-{5|pass}).Variety` is
/// `+-{10over|over}`, `(dud).Onside` is `on` and its `Offside` `off`
/// (`CanonicalStopperTestCase`, `SidedValueTestCase`); `degree(G)` is
/// `upsum(G, -G)` by CGSuite's definition (`CanonicalStopper.scala`).
#[test]
fn upsum_downsum_sides_degree_and_variety() {
    for (x, value) in [
        ("degree(over)", "over"),
        ("upsum(over, -over)", "over"),
        ("downsum(over, -over)", "under"),
        ("variety(+-{5|pass})", "±{10over|over}"),
        ("degree({pass|3/2})", "over"),
        ("onside(dud)", "on"),
        ("offside(dud)", "off"),
        ("onside(1 & 0) + offside(1 & 0)", "1"),
        ("onside({0|{dud|},*})", "^"),
        ("offside({0|{dud|},*})", "v*"),
        ("1 : off", "over"),
        ("over - over", "over & under"),
        ("-(1 & 0)", "0 & -1"),
    ] {
        let v = json(&["analyze", "--json", "--", x]);
        assert_eq!(v["value"], value, "{x}");
    }
    for (x, why) in [
        (
            "upsum(dud, on)",
            "`upsum` is of stoppers, and an argument is a sided value",
        ),
        (
            "onside(a{0,{1|1,{*,{1+*|1+*,a}|*}}|0})",
            "the onside of that value is not a stopper",
        ),
        ("degree(on, off)", "`degree` takes 1 argument, not 2"),
        (
            "variety({0|||0||0|off})",
            "variety degree must be an idempotent",
        ),
    ] {
        let err = super::sprague_fails(&["analyze", "--", x]);
        assert!(err.contains(why), "{x}: {err}");
    }
}

/// `compare` of loopy games by CGSuite's order of sided values: `over > 0`
/// (its stops are `over`), `over = over` though `over - over` is the draw
/// `over & under`, `dud` confused with 0 (its onside `on` is above 0, its
/// offside `off` below).
#[test]
fn compare_answers_loopy_games() {
    for (g, h, relation, difference) in [
        ("over", "0", ">", "L"),
        ("over", "over", "=", "D"),
        ("on", "over", ">", "L"),
        ("dud", "0", "||", "D"),
        ("{0|pass}", "1 : off", "=", "D"),
    ] {
        let v = json(&["compare", "--json", "--", g, h]);
        assert_eq!(v["relation"], relation, "{g} {h}");
        assert_eq!(v["difference"], difference, "{g} {h}");
    }
    let err = super::sprague_fails(&["compare", "--", "backsliding_toads(\"TT....FF\")", "0"]);
    assert!(
        err.contains("the first game is not compared, its loopy value is not computed"),
        "{err}"
    );
}
