//! What the engine prints reads back (issue 36, item 7): for random inputs
//! of the game algebra and of CGSuite's misère notation, the position as
//! printed, its value and the position after each of its moves all parse,
//! and the value read back is the same value. (Loopy values have their own
//! read-back test beside their figures; the `algebra`, `loopy` and
//! `misere` fuzz targets check the same property on mutated text.)

use std::time::Duration;

use proptest::prelude::*;
use sprague::{Budget, Play, Position, Side, Value, analyze, moves};

fn budget() -> Budget {
    Budget::positions(50_000).with_time_limit(Duration::from_secs(2))
}

/// The value's notation where the position language reads it (a loopy
/// impartial value `∞{0,2}` is a figure, not a game one writes).
fn notation(position: &Position, play: Play) -> Option<String> {
    let analysis = analyze(position, play, false, &budget()).ok()?;
    match analysis.value? {
        Value::Loopy(_) | Value::NotComputed(_) => None,
        v => v.notation(),
    }
}

/// Parses `text`, which the engine printed for `what`.
fn reads(text: &str, what: &str) -> Result<Position, TestCaseError> {
    Position::parse(text).map_err(|e| {
        TestCaseError::fail(format!(
            "{what} printed {text:?}, which does not parse: {e}"
        ))
    })
}

/// The property, for a position read from `text` under `play`.
fn reads_back(text: &str, play: Play) -> Result<(), TestCaseError> {
    let Ok(position) = Position::parse(text) else {
        return Ok(());
    };
    let Some(value) = notation(&position, play) else {
        return Ok(());
    };
    let shown = position.to_string();
    let again = reads(&shown, &format!("the position {text:?}"))?;
    if let Some(v) = notation(&again, play) {
        prop_assert_eq!(&v, &value, "{:?} printed as {:?}", text, shown);
    }
    let from_value = reads(&value, &format!("the value of {text:?}"))?;
    if let Some(v) = notation(&from_value, play) {
        prop_assert_eq!(&v, &value, "the value of {:?} read back", text);
    }
    for side in [Side::Left, Side::Right] {
        let Ok(page) = moves(&position, side, 50, &budget()) else {
            continue;
        };
        for m in &page.moves {
            let to = m.to.to_string();
            let read = reads(&to, &format!("a move of {text:?}"))?;
            if let (Some(a), Some(b)) = (notation(&m.to, play), notation(&read, play)) {
                prop_assert_eq!(a, b, "the move of {:?} to {:?}", text, to);
            }
        }
    }
    Ok(())
}

/// Game-algebra expressions: short values combined by braces, sums,
/// negatives, ordinal sums, Norton products by up, cooling, heating,
/// `Tiny`/`Miny`, cumulative powers, freezing and multiple switches, three
/// levels deep.
fn algebra() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0",
        "1",
        "-2",
        "1/2",
        "-3/4",
        "*",
        "*3",
        "^",
        "v*",
        "^^",
        "±1",
        "^<2>",
        "v[3]",
        "Tiny(1)",
        "Miny(1/2)",
        "2Tiny(2)",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} + {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} - {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) : ({b})")),
            inner.clone().prop_map(|a| format!("norton({a}, ^)")),
            (inner.clone(), 0u8..3).prop_map(|(a, t)| format!("cool({a}, {t})")),
            (inner.clone(), 0u8..3).prop_map(|(a, t)| format!("heat({a}, {t})")),
            inner.clone().prop_map(|a| format!("Tiny({a})")),
            inner.clone().prop_map(|a| format!("pow_to({a}, 3/2)")),
            inner.clone().prop_map(|a| format!("freeze({a})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("±{{{a}, {b}}}")),
        ]
    })
}

/// CGSuite's misère notation: nimbers, lists of options (nested), the
/// compact `#` forms and sums inside a list.
fn misere() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0", "1", "2", "3", "2#", "2##", "2#1", "3[2]", "2[#2#]",
    ])
    .prop_map(str::to_string);
    let element = leaf.prop_recursive(3, 10, 3, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|items| format!("[{}]", items.join(",")))
    });
    prop::collection::vec(prop::collection::vec(element, 1..4), 1..3).prop_map(|terms| {
        terms
            .iter()
            .map(|items| format!("*[{}]", items.join(",")))
            .collect::<Vec<_>>()
            .join(" + ")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn the_algebras_printed_texts_read_back(text in algebra()) {
        reads_back(&text, Play::Normal)?;
    }

    #[test]
    fn misere_notations_printed_texts_read_back(text in misere()) {
        reads_back(&text, Play::Misere)?;
        reads_back(&text, Play::Normal)?;
    }
}
