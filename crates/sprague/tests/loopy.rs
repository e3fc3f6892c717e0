//! Loopy partizan values against CGSuite's own tests (data files under
//! `tests/data/loopy/`, each naming its source) and against a retrograde
//! search written here, sharing no code with the library's.

use std::collections::BTreeMap;

use sprague::{Budget, LoopyArena, LoopyGame, SidedValue, parse_loopy};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/loopy/");

fn budget() -> Budget {
    Budget::positions(1 << 24)
}

/// The cases of a data file: each a map from field to CGSuite's result.
fn cases(name: &str) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(format!("{DATA}{name}")).expect("data file");
    let mut out = Vec::new();
    let mut case = BTreeMap::new();
    for line in text.lines().chain(std::iter::once("")) {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !case.is_empty() {
                out.push(std::mem::take(&mut case));
            }
            continue;
        }
        let (field, value) = line.split_once(' ').expect("a field and its value");
        case.insert(field.to_string(), value.to_string());
    }
    out
}

/// CGSuite's text as this library writes it: `, ` between options, `±`
/// for `+-`.
fn ours(cgsuite: &str) -> String {
    cgsuite.replace("+-", "±").replace(',', ", ")
}

/// CGSuite's `begin NAME := EXPR; BODY end` as one expression: `NAME`
/// replaced by `(EXPR)` in `BODY`.
fn expand(x: &str) -> String {
    let Some(inner) = x
        .strip_prefix("begin ")
        .and_then(|s| s.strip_suffix(" end"))
    else {
        return x.to_string();
    };
    let (binding, body) = inner.split_once(';').expect("one binding");
    let (name, expr) = binding.split_once(":=").expect("NAME := EXPR");
    body.trim()
        .replace(name.trim(), &format!("({})", expr.trim()))
}

/// The cases CGSuite answers that this library does not yet, with why.
/// Each is checked to fail still (so it leaves this list when it starts
/// passing).
const EXPECTED_FAILURES: &[(&str, &str, &str)] = &[
    (CAROUSEL, "xOut", CAROUSEL_WHY),
    (CAROUSEL, "class", CAROUSEL_WHY),
    (CAROUSEL, "onside", CAROUSEL_WHY),
    (CAROUSEL, "offside", CAROUSEL_WHY),
    (
        "begin uponth := {0||0|0,pass}; {0|uponth||-uponth} end",
        "variety",
        "the value agrees, but CGSuite orders two loopy options by their hash codes \
         (`^[on]*,^<on>`); this library by a colour refinement of the graph (`^<on>, ^[on]*`)",
    ),
];

/// Bach's Carousel (CGSuite's `SidedValueTestCase`).
const CAROUSEL: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

const CAROUSEL_WHY: &str = "Bach's Carousel is not stopper-sided: CGSuite prints its simplified \
    non-stopper sides (found by its unravelling), which this library does not compute; it \
    answers that the sides are not reduced to stoppers";

/// What a field of a case gives here, or the error's text after `!!`.
fn answer(
    arena: &mut LoopyArena,
    x: &str,
    value: &Result<SidedValue, String>,
    field: &str,
) -> String {
    if field == "outcomeClass" {
        // The retrograde labelling of the game as written.
        let syntax = parse_loopy(x).unwrap();
        let game = arena.game_of(&syntax.onside).unwrap();
        return game.outcome().to_string();
    }
    let value = match value {
        Ok(v) => v.clone(),
        Err(e) => return format!("!!{e}"),
    };
    let as_text = |r: Result<String, sprague::SolveError>| r.unwrap_or_else(|e| format!("!!{e}"));
    let stopper = value.as_stopper().cloned();
    match field {
        "xOut" => as_text(arena.display(&value)),
        "class" => {
            let class = match &stopper {
                Some(s) if arena.as_pseudonumber(s).unwrap().is_some() => "Pseudonumber",
                Some(_) => "CanonicalStopper",
                None => "StopperSidedValue",
            };
            class.to_string()
        }
        "onside" => as_text(arena.display_stopper(value.onside())),
        "offside" => as_text(arena.display_stopper(value.offside())),
        "leftStop" | "rightStop" | "degree" | "variety" | "followerCount" => {
            let Some(s) = stopper else {
                return "!!not a stopper".to_string();
            };
            match field {
                "leftStop" => arena
                    .left_stop(&s)
                    .map_or_else(|e| format!("!!{e}"), |p| p.to_string()),
                "rightStop" => arena
                    .right_stop(&s)
                    .map_or_else(|e| format!("!!{e}"), |p| p.to_string()),
                "followerCount" => s.follower_count().to_string(),
                "degree" => {
                    let d = arena.degree(&s);
                    as_text(d.and_then(|d| arena.display_stopper(&d)))
                }
                _ => {
                    let v = arena.variety(&s);
                    as_text(v.and_then(|v| arena.display_stopper(&v)))
                }
            }
        }
        _ => panic!("unknown field {field}"),
    }
}

/// Whether CGSuite's result and ours agree: the same text, or both errors
/// saying the same (CGSuite's sentence, lower case, without its period).
fn agrees(cgsuite: &str, got: &str) -> bool {
    match cgsuite.strip_prefix("!!") {
        Some(message) => {
            let message = message.trim_end_matches('.').to_lowercase();
            got.strip_prefix("!!")
                .is_some_and(|g| g.to_lowercase().contains(&message))
        }
        None => ours(cgsuite) == got,
    }
}

fn run(file: &str) -> (usize, usize) {
    let mut arena = LoopyArena::new(budget());
    let (mut passed, mut expected_failures) = (0, 0);
    let mut failures = Vec::new();
    for case in cases(file) {
        let x = expand(&case["x"]);
        let value = parse_loopy(&x)
            .map_err(|e| e.to_string())
            .and_then(|syntax| arena.evaluate(&syntax).map_err(|e| e.to_string()));
        for (field, expected) in &case {
            if field == "x" {
                continue;
            }
            let got = answer(&mut arena, &x, &value, field);
            let ok = agrees(expected, &got);
            let listed = EXPECTED_FAILURES
                .iter()
                .any(|&(ex, f, _)| ex == case["x"] && f == field);
            match (ok, listed) {
                (true, false) => passed += 1,
                (false, true) => expected_failures += 1,
                (true, true) => failures.push(format!(
                    "{} {field}: passes now; remove it from EXPECTED_FAILURES",
                    case["x"]
                )),
                (false, false) => failures.push(format!(
                    "{} {field}: CGSuite {expected:?}, here {got:?}",
                    case["x"]
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{file}: {passed} results agree with CGSuite, {expected_failures} expected to fail");
    (passed, expected_failures)
}

#[test]
fn cgsuite_canonical_stopper_cases() {
    let (passed, _) = run("cgsuite_stoppers.txt");
    assert!(passed > 0);
}

#[test]
fn cgsuite_sided_value_cases() {
    let (passed, _) = run("cgsuite_sided.txt");
    assert!(passed > 0);
}

#[test]
fn every_expected_failure_names_a_case() {
    let all: Vec<String> = ["cgsuite_stoppers.txt", "cgsuite_sided.txt"]
        .iter()
        .flat_map(|f| cases(f))
        .map(|c| c["x"].clone())
        .collect();
    for (x, _, reason) in EXPECTED_FAILURES {
        assert!(all.iter().any(|a| a == x), "{x}: no such case");
        assert!(!reason.is_empty());
    }
}

/// A game from option lists, started at 0.
fn game(left: &[&[u32]], right: &[&[u32]]) -> LoopyGame {
    LoopyGame::new(
        left.iter().map(|l| l.to_vec()).collect(),
        right.iter().map(|r| r.to_vec()).collect(),
        0,
    )
}

#[test]
fn textbook_values_print_as_cgsuite() {
    let mut arena = LoopyArena::new(budget());
    for (text, shown) in [
        ("on", "on"),
        ("{pass|}", "on"),
        ("a{0|a}", "over"),
        ("{pass|pass}", "dud"),
        ("upon", "^[on]"),
        ("{pass|*}", "^[on]"),
        ("{0, pass|0}", "^[on]*"),
        ("{5|pass}", "5over"),
        ("1 & over", "1 & over"),
        ("on + {0|pass}", "on"),
        ("over + under", "over & under"),
        ("2 & +-1", "2 & ±1"),
    ] {
        let syntax = parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let value = arena.evaluate(&syntax);
        let got = value
            .and_then(|v| arena.display(&v))
            .unwrap_or_else(|e| format!("!!{e}"));
        assert_eq!(got, shown, "{text}");
    }
    // on = {pass |} as a graph.
    let on = arena.value(&game(&[&[0]], &[&[]])).unwrap();
    assert_eq!(arena.display(&on).unwrap(), "on");
}
