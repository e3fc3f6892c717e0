//! Arbitrary text never panics the parser, and every error points inside
//! the input.

use proptest::prelude::*;
use sprague::{Budget, Play, Position, analyze};

const VALID: &[&str] = &[
    "nim(3, 6, 9)",
    "subtraction[2,5](2, 4, 7)",
    "subtraction[1..3](10)",
    "takeaway[2,5](17) + takeaway[1,3](4)",
    "kayles(10) + *3",
    "octal[0.137](20)",
    "graph[\"games/words.txt\"](0)",
    "hackenbush(\"LRRL\")",
    "nim(2^10)",
];

fn check(text: &str) -> Result<(), TestCaseError> {
    match Position::parse(text) {
        Ok(p) => {
            // Whatever parses can be analysed without a panic (an error is
            // fine: the budget here is small).
            let _ = analyze(&p, Play::Normal, true, &Budget::positions(2000));
            let _ = analyze(&p, Play::Misere, false, &Budget::positions(2000));
        }
        Err(e) => {
            prop_assert!(e.span.start <= e.span.end, "{:?}", e);
            prop_assert!(e.span.end <= text.len(), "{:?} beyond {:?}", e, text);
            prop_assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

/// A valid position with a few random edits: characters inserted, removed
/// or replaced.
fn mutated() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        0u8..3,
        prop::char::range(' ', '~'),
    );
    (
        prop::sample::select(VALID),
        proptest::collection::vec(edit, 1..4),
    )
        .prop_map(|(base, edits)| {
            let mut chars: Vec<char> = base.chars().collect();
            for (at, kind, c) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_never_panics(text in ".{0,40}") {
        check(&text)?;
    }

    #[test]
    fn grammar_shaped_text_never_panics(text in "[a-z0-9\\[\\]().,+*\"^= é-]{0,30}") {
        check(&text)?;
    }

    #[test]
    fn mutated_positions_never_panic(text in mutated()) {
        check(&text)?;
    }
}

/// Misère values with a character of several bytes where a digit or a
/// bracket goes: the error's span once cut `é` in two (found by the
/// grammar-shaped property test above).
#[test]
fn misere_values_with_wide_characters_are_refused_on_character_boundaries() {
    for text in [
        "*[é]",
        "*[[é]]",
        "*[2é]",
        "*[é",
        "*[2#é]",
        "*[(é)2]",
        "*[2]+*[é]",
        "é*[2]",
    ] {
        check(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(Position::parse(text).is_err(), "{text}");
    }
}
