//! Loopy terms in the position language as `analyze` answers them: a sided
//! value `G & H` written as a term, valued rather than searched, checked
//! against the retrograde search of a game with that value; and the value
//! of a loopy partizan position, given by `analyze` within
//! `MAX_VALUE_VERTICES` and reported beyond it, never by `analyze_for`.

use sprague::{
    Budget, Kind, MAX_VALUE_VERTICES, Outcome, Play, Position, Side, Value, analyze, analyze_for,
    loopy_partizan_value,
};

fn parse(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn outcome(text: &str) -> Outcome {
    analyze(&parse(text), Play::Normal, false, &Budget::DEFAULT)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .outcome
}

/// Games whose value is not a stopper, each explored by the retrograde
/// search when analysed (`dud` = `on & off`: Siegel, *Combinatorial Game
/// Theory*, VI.4, and CGSuite's `dud`).
const GAMES: [&str; 6] = [
    "dud",
    "{0|pass} + {pass|0}",
    "{1|pass} + {pass|0}",
    "{0|pass} + {pass|-1}",
    "a{0|{a|-1}}",
    "{pass, 0|pass}",
];

/// Short and loopy games added to each.
const ADDED: [&str; 15] = [
    "0", "1", "-1", "*", "^", "v", "±1", "1/2", "-1/2", "{1|-1}", "{2|0}", "over", "under", "on",
    "off",
];

#[test]
fn a_sided_value_is_analysed_as_a_game_of_that_value() {
    for game in GAMES {
        let value = loopy_partizan_value(&parse(game), &Budget::DEFAULT)
            .unwrap()
            .and_then(|v| v.notation())
            .unwrap_or_else(|| panic!("{game} has a value"));
        assert!(value.contains('&') || value == "dud", "{game}: {value}");
        let sided = if value == "dud" {
            "on & off".to_string()
        } else {
            value.clone()
        };
        // The term alone, then in sums: the outcome from the sides agrees
        // with the retrograde search of the game, whose graph the sum
        // holds.
        assert_eq!(outcome(&format!("({sided})")), outcome(game), "{game}");
        for x in ADDED {
            let term = format!("({sided}) + {x}");
            let whole = format!("{game} + {x}");
            assert_eq!(outcome(&term), outcome(&whole), "{term} against {whole}");
            let by_sides = loopy_partizan_value(&parse(&term), &Budget::DEFAULT).unwrap();
            let by_graph = loopy_partizan_value(&parse(&whole), &Budget::DEFAULT).unwrap();
            if let (Some(Value::Canonical(a, _)), Some(Value::Canonical(b, _))) =
                (&by_sides, &by_graph)
            {
                assert_eq!(a, b, "{term} against {whole}");
            }
        }
    }
}

#[test]
fn a_sided_value_has_no_moves() {
    let p = parse("(on & 0) + 1");
    assert_eq!(p.to_string(), "on & 0 + 1");
    assert_eq!(parse(&p.to_string()).to_string(), "on & 0 + 1");
    let a = analyze_for(&p, Play::Normal, Side::Right, true, &Budget::DEFAULT).unwrap();
    // on & 1: both sides are won by Left (Siegel VI.4: on >= 1 > 0).
    assert_eq!(a.outcome, Outcome::L);
    assert_eq!(a.value_text().as_deref(), Some("on & 1"));
    assert!(a.winning_moves.is_empty() && a.drawing_moves.is_empty());
    let sided = &p.components()[0];
    let Kind::LoopyPartizan(g) = sided.kind() else {
        panic!("a loopy partizan term");
    };
    assert!(g.sides().is_some());
    let e = sided.moves_of(Side::Left, &Budget::DEFAULT).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`on & 0` is a sided value, not a game: it has no moves to list or play"
    );
    let e = sprague::reply(&p, Play::Normal, Side::Left, &Budget::DEFAULT).unwrap_err();
    assert!(e.to_string().contains("no moves"), "{e}");
}

#[test]
fn a_sided_value_needs_its_offside_at_most_its_onside() {
    for (text, span) in [("0 & on", 0..6), ("1 + (off & 0)", 4..13)] {
        let e = Position::parse(text).unwrap_err();
        assert_eq!(e.span, span, "{text}");
        assert!(
            e.to_string()
                .contains("the offside of a sided value must be at most its onside"),
            "{e}"
        );
    }
    // Equal sides are the stopper, a game with moves.
    let p = parse("over & {0|pass}");
    assert_eq!(p.to_string(), "{0|pass}");
    let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    assert_eq!(a.value_text().as_deref(), Some("over"));
    assert_eq!(a.winning_moves.len(), 1);
}

#[test]
fn the_value_is_computed_for_analyze_only() {
    let small = parse("backsliding_toads(\"TT..F\")");
    let a = analyze(&small, Play::Normal, false, &Budget::DEFAULT).unwrap();
    // Left's toads are ahead: she wins whoever starts, and the sum is on
    // (the value the theory gives; the outcome is the retrograde search's).
    assert_eq!(a.outcome, Outcome::L);
    assert!(a.value_text().is_some());
    let a = analyze_for(&small, Play::Normal, Side::Left, false, &Budget::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::L);
    assert!(a.value.is_none(), "{:?}", a.value);

    // A graph larger than the limit: the value is reported as not computed.
    // `TT....FF`: 420 positions, one component of 70.
    let large = parse("backsliding_toads(\"TT....FF\")");
    let a = analyze(&large, Play::Normal, false, &Budget::DEFAULT).unwrap();
    let why = a.value_not_computed().expect("not computed");
    const { assert!(70 > MAX_VALUE_VERTICES) };
    assert_eq!(
        why,
        format!(
            "the graph has 70 positions in one strongly connected component, more than \
             {MAX_VALUE_VERTICES}"
        )
    );
    assert_eq!(a.value_notation(), None);
}

#[test]
fn text_the_loopy_reader_cannot_resolve_is_the_short_readers() {
    // `a` names no labelled form: the loopy reader answers "not mine", and
    // the short reader's error is given, also when a loopy term follows.
    for text in ["{0|a}", "{0|a} + on"] {
        let e = Position::parse(text).unwrap_err();
        assert_eq!(e.span, 4..5, "{text}: {e}");
        assert!(e.to_string().contains("expected `(`"), "{text}: {e}");
    }
    // A labelled form is loopy: the loopy reader's error.
    let e = Position::parse("b{0|a} + 1").unwrap_err();
    assert!(e.to_string().contains("no node is labelled `a`"), "{e}");
    // Short games and rulesets beside loopy terms read as before.
    assert_eq!(parse("vv + on").to_string(), "vv + {pass|}");
    assert_eq!(
        parse("kayles(3) + over").to_string(),
        "kayles(3) + {0|pass}"
    );
}
