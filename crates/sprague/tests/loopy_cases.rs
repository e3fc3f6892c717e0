//! CGSuite's loopy test cases as data (`data/loopy/`, each file naming
//! its source), read by the library's tests (`loopy.rs`) and the command
//! line's (`sprague-cli/tests/loopy_cgsuite.rs`, which includes this file):
//! the reader, CGSuite's notation as this library writes it, and the
//! cases known to differ.

use std::collections::BTreeMap;

/// The data files, found from either crate's tests.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../sprague/tests/data/loopy/");

/// The data files of CGSuite's loopy test cases.
pub const FILES: [&str; 2] = ["cgsuite_stoppers.txt", "cgsuite_sided.txt"];

/// The cases of a data file: each a map from field to CGSuite's result.
pub fn cases(name: &str) -> Vec<BTreeMap<String, String>> {
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
pub fn ours(cgsuite: &str) -> String {
    cgsuite.replace("+-", "±").replace(',', ", ")
}

/// CGSuite's `begin NAME := EXPR; BODY end` as one expression: `NAME`
/// replaced by `(EXPR)` in `BODY`.
pub fn expand(x: &str) -> String {
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
pub const EXPECTED_FAILURES: &[(&str, &str, &str)] = &[(
    "begin uponth := {0||0|0,pass}; {0|uponth||-uponth} end",
    "variety",
    "the value agrees, but CGSuite orders two loopy options by their hash codes \
         (`^[on]*,^<on>`); this library by a colour refinement of the graph (`^<on>, ^[on]*`)",
)];

/// CGSuite's errors that say what one of this library's says in other
/// words: a `SidedValue` whose sides are not stoppers has no `Onside` or
/// `Offside` member in CGSuite (only a `StopperSidedValue` has), and here
/// the side asked for as a stopper is not one.
pub const SAME_ERRORS: &[(&str, &str)] = &[
    (
        "Not a method or member variable: `Onside` (in object of class `game.SidedValue`)",
        "the onside is not a stopper",
    ),
    (
        "Not a method or member variable: `Offside` (in object of class `game.SidedValue`)",
        "the offside is not a stopper",
    ),
];

/// Whether CGSuite's result and ours agree: the same text, or both errors
/// saying the same (CGSuite's sentence, lower case, without its period, or
/// its equivalent in [`SAME_ERRORS`]).
pub fn agrees(cgsuite: &str, got: &str) -> bool {
    match cgsuite.strip_prefix("!!") {
        Some(message) => {
            let message = SAME_ERRORS
                .iter()
                .find(|&&(theirs, _)| theirs == message)
                .map_or(message, |&(_, ours)| ours);
            let message = message.trim_end_matches('.').to_lowercase();
            got.strip_prefix("!!")
                .is_some_and(|g| g.to_lowercase().contains(&message))
        }
        None => ours(cgsuite) == got,
    }
}
