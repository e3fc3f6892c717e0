//! Take-and-break codes in CGSuite's full syntax (`octal[4!.0]`,
//! `octal[0.[3]]`): CGSuite's own test values
//! (`data/cgsuite-take-and-break.txt`), and each repeating or marked
//! code against the plain code or ruleset it must agree with.

use sprague::rulesets::family;
use sprague::syntax::parse_ruleset;
use sprague::{Budget, Position};

fn values(ruleset: &str, from: u64, to: u64) -> Vec<u64> {
    let f = family(&parse_ruleset(ruleset).unwrap_or_else(|e| panic!("{ruleset}: {e}")))
        .unwrap_or_else(|e| panic!("{ruleset}: {e}"));
    f.grundy_values(from, to, &Budget::DEFAULT)
        .unwrap()
        .into_iter()
        .map(|g| g.0)
        .collect()
}

#[test]
fn cgsuites_take_and_break_values() {
    let data = include_str!("data/cgsuite-take-and-break.txt");
    let mut n_checked = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (code, rest) = line.split_once(" => ").expect("CODE => VALUES ; OPTIONS");
        let (sequence, n_options) = rest.split_once(" ; ").expect("VALUES ; OPTIONS");
        let expected: Vec<u64> = sequence.split(',').map(|v| v.parse().unwrap()).collect();
        let ruleset = format!("octal[{code}]");
        assert_eq!(values(&ruleset, 1, 20), expected, "{code}");
        let heap = Position::parse(&format!("{ruleset}(20)")).unwrap();
        let moves = heap.components()[0].moves(&Budget::DEFAULT).unwrap();
        assert_eq!(moves.len(), n_options.parse::<usize>().unwrap(), "{code}");
        // The heap prints with its code normalised, and reads back.
        let printed = heap.to_string();
        assert_eq!(Position::parse(&printed).unwrap().to_string(), printed);
        n_checked += 1;
    }
    assert_eq!(n_checked, 7, "the data file lost its codes");
}

#[test]
fn repeating_and_marked_codes_agree_with_what_they_stand_for() {
    // A repeated digit stands for as many copies as a heap can use: up to
    // heap 40, `0.[3]` is `0.333…3` (forty 3s), and likewise for the
    // others; `4!.0` is Grundy's game, which our engine computes by its own
    // rules (OEIS A002188), to 300.
    for (repeating, prefix, digits) in [
        ("0.[3]", "0.", "3"),
        ("0.[37]", "0.", "37"),
        ("0.3003330[3]", "0.3003330", "3"),
        ("0.7[03]", "0.7", "03"),
        ("0.[1]", "0.", "1"),
    ] {
        let mut expanded = prefix.to_string();
        while expanded.len() < 44 {
            expanded.push_str(digits);
        }
        assert_eq!(
            values(&format!("octal[{repeating}]"), 0, 40),
            values(&format!("octal[{expanded}]"), 0, 40),
            "{repeating}"
        );
    }
    assert_eq!(values("octal[4!.0]", 0, 300), values("grundy", 0, 300));
    // A code that is plain once normalised is the plain code.
    assert_eq!(
        Position::parse("octal[04.30](5)").unwrap().to_string(),
        "octal[4.3](5)"
    );
    assert_eq!(
        Position::parse("octal[0.77[0]](5)").unwrap().to_string(),
        "octal[0.77](5)"
    );
}

#[test]
fn codes_the_full_syntax_refuses_are_errors_with_spans() {
    // CGSuite's additive digits (moves that add stones) make a loopy game.
    let e = Position::parse("octal[20.017](5)").unwrap_err();
    assert_eq!(e.span, 6..12);
    let e = Position::parse("octal[0.3x!](5)").unwrap_err();
    assert_eq!(e.span, 9..10);
    assert!(Position::parse("octal[0.[3](5)").is_err());
    assert!(Position::parse("octal[0.{2,99}](5)").is_err());
}
