//! Every loopy form `analyze` prints reads back as the same value: the
//! value, the onside and offside where they are stoppers, the stops, the
//! degree and variety, the position and every listed move's position.
//! Canonical forms are unique (Siegel, *Combinatorial Game Theory*, VI.3
//! for stoppers), so a text that reads back to a value printed as the same
//! text is that value. Over random loopy inputs and CGSuite's test cases.

use proptest::prelude::*;
use sprague::{Budget, Play, Position, analyze};

use super::loopy_cases::{FILES, cases, expand};

fn budget() -> Budget {
    Budget::DEFAULT
}

/// The value `analyze` prints for a position, if it computes one.
fn value_of(p: &Position) -> Option<String> {
    analyze(p, Play::Normal, true, &budget())
        .ok()?
        .value_notation()
}

/// The value of `text` read as a position.
fn read_back(text: &str) -> Option<String> {
    value_of(&Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// Checks that every form printed for `input` reads back; `false` where
/// `input` is not a position with a computed value (nothing to check).
fn reads_back(input: &str) -> bool {
    let Ok(p) = Position::parse(input) else {
        return false;
    };
    let Ok(analysis) = analyze(&p, Play::Normal, true, &budget()) else {
        return false;
    };
    let Some(value) = analysis.value_notation() else {
        return false;
    };
    // The value, and the position as written out.
    let position = p.to_string();
    assert_eq!(
        read_back(&value).as_deref(),
        Some(&*value),
        "{input}: value"
    );
    assert_eq!(
        read_back(&position).as_deref(),
        Some(&*value),
        "{input}: position {position}"
    );
    // Each listed move's position is the position the move leads to.
    for m in analysis.winning_moves.iter().chain(&analysis.drawing_moves) {
        let to = m.to.to_string();
        assert_eq!(read_back(&to), value_of(&m.to), "{input}: move to {to}");
    }
    if let Some(figures) = analysis.loopy_figures() {
        let texts = [
            ("left stop", &figures.left_stop),
            ("right stop", &figures.right_stop),
            ("degree", &figures.degree),
            ("variety", &figures.variety),
            ("onside", &figures.onside),
            ("offside", &figures.offside),
        ];
        for (name, text) in texts {
            // A side that is not a stopper (Bach's Carousel) is printed as
            // its graph, which read back is a game whose value is a sided
            // value, not that side.
            if let Ok(text) = text
                && !is_general_side(text)
            {
                assert_eq!(
                    read_back(text).as_deref(),
                    Some(text.as_str()),
                    "{input}: {name}"
                );
            }
        }
    }
    true
}

/// Whether a printed side is a graph that is not a stopper: its value
/// read back is a sided value.
fn is_general_side(text: &str) -> bool {
    read_back(text).is_some_and(|v| v.contains(" & ") || v == "dud")
}

#[test]
fn cgsuite_rows_read_back() {
    let mut checked = 0;
    for file in FILES {
        for case in cases(file) {
            if reads_back(&expand(&case["x"])) {
                checked += 1;
            }
        }
    }
    // Every case of both files has a value.
    assert_eq!(checked, 18);
}

/// A loopy form as text: numbers, nimbers, ups, the loopy words, `pass`,
/// labelled forms that move back to their label, sided options.
fn loopy_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0"),
        Just("1"),
        Just("-1"),
        Just("*"),
        Just("1/2"),
        Just("^"),
        Just("pass"),
        Just("pass"),
        Just("on"),
        Just("off"),
        Just("over"),
        Just("under"),
        Just("upon"),
        Just("a"),
    ]
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 12, 3, |inner| {
        let side = || proptest::collection::vec(inner.clone(), 0..3);
        (side(), side(), 0u8..4).prop_map(|(l, r, kind)| {
            let form = format!("{{{}|{}}}", l.join(","), r.join(","));
            match kind {
                0 => format!("a{form}"),
                1 if !l.is_empty() && !r.is_empty() => {
                    // A sided option: the first Left option with the first
                    // Right one as its offside.
                    format!("{{{} & {}|{}}}", l[0], r[0], r.join(","))
                }
                _ => form,
            }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn printed_loopy_forms_read_back(g in loopy_text(), h in loopy_text(), sum in any::<bool>()) {
        let input = if sum { format!("{g} + {h}") } else { g };
        prop_assume!(reads_back(&input));
    }
}
