//! Game values written in CGSuite's notation, as terms of positions: the
//! laws of the group of short games, checked on random written games
//! against the whole-sum search (which plays the written options and knows
//! nothing of canonical forms), and the printed value read back.

use std::sync::Arc;

use proptest::prelude::*;
use sprague::{
    Budget, CanonicalArena, CanonicalSolver, Component, Dyadic, GameId, Outcome, Play, Position,
    Side, SumSearch,
};

/// Random short games as text: small numbers, nimbers, ups and switches,
/// and forms of those up to three levels deep.
pub(crate) fn game() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "^", "v", "^*", "±1",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    })
}

pub(crate) fn components(text: &str) -> Vec<Arc<dyn Component>> {
    Position::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .components()
        .to_vec()
}

/// The canonical form of a position, in `solver`'s arena.
pub(crate) fn canonical(solver: &mut CanonicalSolver, text: &str) -> GameId {
    solver
        .sum(&components(text))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Our printed text in CGSuite's spelling: no space after commas, `+-` for
/// `±`, and no `+` between a number and the ups or nimber after it
/// (CGSuite prints `3*2` and `2^3` for what we print `3+*2` and `2+^3`).
pub(crate) fn cgsuite_spelling(ours: &str) -> String {
    ours.replace(", ", ",")
        .replace("+*", "*")
        .replace("+^", "^")
        .replace('±', "+-")
}

/// A value CGSuite printed, in our language: a `+` between a number and
/// the nimber or ups after it, where a digit follows (CGSuite's printed
/// `9*2` is 9 + *2, but its reader, and ours, take `9*2` for 18).
pub(crate) fn cgsuite_printed(theirs: &str) -> String {
    let chars: Vec<char> = theirs.chars().collect();
    let mut ours = String::with_capacity(theirs.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let between_digits = i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if matches!(c, '*' | '^') && between_digits {
            ours.push('+');
        }
        ours.push(c);
    }
    ours
}

/// The canonical value of a position, printed.
fn value(text: &str) -> String {
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(&components(text)).unwrap();
    solver.arena.display(g).unwrap()
}

/// The outcome class by playing the written options (no canonical forms).
pub(crate) fn searched_outcome(text: &str) -> Outcome {
    let cs = components(text);
    let mut search = SumSearch::new(Play::Normal, Budget::DEFAULT);
    let left = search.wins(&cs, Side::Left).unwrap();
    let right = search.wins(&cs, Side::Right).unwrap();
    Outcome::from_partizan(left, right)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_printed_value_reads_back_as_itself(g in game()) {
        let printed = value(&g);
        prop_assert_eq!(value(&printed), printed.clone(), "{} printed {}", g, printed);
    }

    #[test]
    fn a_printed_number_plus_ups_plus_a_nimber_reads_back(
        ups in -40i64..=40,
        star in 0u64..20,
        numerator in -40i64..=40,
        exponent in 0u32..4,
    ) {
        // Written as a sum of single arrows, so that reading the printed
        // `^^`, `v17` or `1/2^^*3` is not the path the game was built by.
        let arrow = if ups > 0 { "^" } else { "v" };
        let mut terms = vec![arrow; usize::try_from(ups.unsigned_abs()).unwrap()];
        let star_term = format!("*{star}");
        let number = format!("{numerator}/{}", 1u32 << exponent);
        terms.push(&star_term);
        terms.push(&number);
        let written = terms.join(" + ");
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = canonical(&mut solver, &written);
        let printed = solver.arena.display(g).unwrap();
        prop_assert!(!printed.contains('{'), "{} printed {}", written, printed);
        prop_assert_eq!(canonical(&mut solver, &printed), g, "{} printed {}", written, printed);
    }

    #[test]
    fn a_game_plus_its_negative_is_zero(g in game()) {
        let sum = format!("{g} + -{g}");
        prop_assert_eq!(value(&sum), "0");
        prop_assert_eq!(searched_outcome(&sum), Outcome::P);
    }

    #[test]
    fn sums_commute_and_associate(a in game(), b in game(), c in game()) {
        prop_assert_eq!(value(&format!("{a} + {b}")), value(&format!("{b} + {a}")));
        // Brackets are written as a form's value: (a + b) + c against
        // a + (b + c), each inner sum pasted back as one value.
        let ab = value(&format!("{a} + {b}"));
        let bc = value(&format!("{b} + {c}"));
        prop_assert_eq!(value(&format!("{ab} + {c}")), value(&format!("{a} + {bc}")));
    }

    #[test]
    fn the_canonical_value_has_the_outcome_of_play(g in game()) {
        let printed = value(&g);
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = solver.sum(&components(&g)).unwrap();
        prop_assert_eq!(solver.arena.outcome(id).unwrap(), searched_outcome(&g), "{} = {}", g, printed);
    }

    #[test]
    fn comparisons_agree_with_the_outcomes_of_differences(a in game(), b in game()) {
        // a <= b exactly when b - a >= 0: Left wins b - a moving second.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let ga = solver.sum(&components(&a)).unwrap();
        let gb = solver.sum(&components(&b)).unwrap();
        let le = solver.arena.le(ga, gb).unwrap();
        let difference = searched_outcome(&format!("{b} + -{a}"));
        prop_assert_eq!(le, matches!(difference, Outcome::L | Outcome::P), "{} <= {}: {:?}", a, b, difference);
    }
}

#[test]
fn values_mix_with_rulesets_in_one_sum() {
    // domineering("..|..") is ±1 (a 2x2 board: either player's domino
    // leaves the other none); 1 + -1 cancels.
    assert_eq!(value("domineering(\"..|..\") + ±1"), "0");
    assert_eq!(value("1 + cut(1, 2) + -1"), value("cut(1, 2)"));
    // *n written alone is a Nim heap; with ups it is a value: ^ + * = ^*.
    assert_eq!(value("^ + *"), "^*");
    assert_eq!(value("^ + *3 + *3"), "^");
}

#[test]
fn a_leading_minus_is_a_value() {
    let p = Position::parse("-1/2 + 1/2").unwrap();
    assert_eq!(p.to_string(), "-1/2 + 1/2");
    assert_eq!(value("-1/2 + 1/2"), "0");
}

/// The canonical value of a position and its figures.
fn figures(text: &str) -> (sprague::Figures, sprague::GameId, CanonicalSolver) {
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(&components(text)).unwrap();
    let f = sprague::Thermography::new()
        .figures(&mut solver.arena, g)
        .unwrap();
    (f, g, solver)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn means_add_and_temperatures_do_not_grow_in_sums(g in game(), h in game()) {
        let (fg, _, _) = figures(&g);
        let (fh, _, _) = figures(&h);
        let (fs, _, _) = figures(&format!("{g} + {h}"));
        prop_assert_eq!(fs.mean, fg.mean.checked_add(fh.mean).unwrap(), "{} + {}", g, h);
        prop_assert!(fs.temperature <= fg.temperature.max(fh.temperature), "{} + {}", g, h);
    }

    #[test]
    fn the_stop_count_counts_the_stops_of_the_game_tree(g in game(), h in game()) {
        // CGSuite's StopCount against a plain walk of the whole tree of the
        // canonical form (no memo, nimbers through their options), counting
        // each number reached, where play stops, once per path.
        fn walked(arena: &mut CanonicalArena, g: GameId) -> u64 {
            if arena.as_number(g).is_some() {
                return 1;
            }
            let mut options = arena.left_options(g).unwrap();
            options.extend(arena.right_options(g).unwrap());
            options.into_iter().map(|o| walked(arena, o)).sum()
        }
        let (_, id, mut solver) = figures(&format!("{g} + {h}"));
        let plain = walked(&mut solver.arena, id);
        let counted = sprague::stop_count(&mut solver.arena, id).unwrap();
        prop_assert_eq!(counted, plain.into(), "{} + {}", g, h);
    }

    #[test]
    fn the_stops_of_multiples_stay_within_the_temperature_of_the_mean(g in game()) {
        // The mean value theorem (Winning Ways ch. 6; Siegel II.5): for
        // every n, n * mean(G) - t <= RS(n G) <= LS(n G) <= n * mean(G) + t,
        // t the temperature (0 below zero). The stops come from the
        // canonical sums, not from the thermograph.
        let (f, id, mut solver) = figures(&g);
        let t = f.temperature.max(sprague::Dyadic::ZERO);
        let mut multiple = solver.arena.zero();
        let mut n_mean = sprague::Dyadic::ZERO;
        for n in 1..=6 {
            multiple = solver.arena.add(multiple, id).unwrap();
            n_mean = n_mean.checked_add(&f.mean).unwrap();
            let (ls, rs) = solver.arena.stops(multiple).unwrap();
            let lo = n_mean.checked_add(t.checked_neg().unwrap()).unwrap();
            let hi = n_mean.checked_add(&t).unwrap();
            prop_assert!(lo <= rs && rs <= ls && ls <= hi, "{} times {}: stops {} {}, mean {}, t {}", n, g, ls, rs, f.mean, t);
        }
    }
}

/// A number written as in CGSuite, `5`, `-3/8`: the test data's numbers.
pub(crate) fn dyadic(text: &str) -> Dyadic {
    let (n, e) = match text.split_once('/') {
        Some((n, den)) => {
            let den: u64 = den.parse().unwrap();
            assert!(den.is_power_of_two(), "{text}");
            (n.parse::<i128>().unwrap(), den.trailing_zeros())
        }
        None => (text.parse::<i128>().unwrap(), 0),
    };
    Dyadic::new(n, e).unwrap()
}
