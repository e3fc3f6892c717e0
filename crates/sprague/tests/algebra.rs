//! The game algebra of the position language (`G - H`, `n * G`, `G : H`,
//! `norton`, `cool`, `heat`, `conjunctive`, `selective`, `Tiny`, up
//! powers, `conway_product`, `pow`, `pow_to`, `subordinate`, `freeze`):
//! CGSuite's own test cases (`data/partizan/cgsuite-algebra.txt`,
//! `data/partizan/cgsuite-powers.txt`) and the algebra's laws on random
//! games.

use proptest::prelude::*;
use sprague::{Budget, CanonicalSolver, Outcome, Position, Thermography, compare};

use crate::game_values::{canonical, cgsuite_printed, cgsuite_spelling, game, searched_outcome};

/// The canonical value of a position, printed.
fn value(text: &str) -> String {
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = canonical(&mut solver, text);
    solver.arena.display(g).unwrap()
}

#[test]
fn cgsuite_algebra_test_cases() {
    let data = include_str!("data/partizan/cgsuite-algebra.txt");
    let (mut n_cases, mut n_texts) = (0, 0);
    let mut value_only = false;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with("value-only:") {
            value_only = true;
            continue;
        }
        let (input, output) = line
            .split_once(" => ")
            .unwrap_or_else(|| panic!("not INPUT => OUTPUT: {line}"));
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = canonical(&mut solver, input);
        let expected = canonical(&mut solver, &cgsuite_printed(output));
        assert_eq!(
            g,
            expected,
            "{input}: ours {}, CGSuite's {output}",
            solver.arena.display(g).unwrap()
        );
        if !value_only {
            let printed = solver.arena.display(g).unwrap();
            assert_eq!(cgsuite_spelling(&printed), output, "{input} printed");
            n_texts += 1;
        }
        value_only = false;
        n_cases += 1;
    }
    // Every case of the file is checked; none is skipped.
    assert_eq!(n_cases, 51, "cases read");
    assert_eq!(n_texts, 49, "printed forms compared");
}

/// Random games with the algebra's printed forms among the leaves.
fn algebra_game() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0",
        "1",
        "-1",
        "1/2",
        "*",
        "*2",
        "^",
        "v*",
        "±1",
        "Tiny(1)",
        "Miny(1/2)",
        "Tiny({2|1})",
        "^<2>",
        "v<3>*",
        "^[2]",
        "v[3]",
        "2Tiny(2)",
        "-1Miny(1)",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    })
}

/// A number as a Hackenbush stalk, `L` and `R` from the ground up.
fn stalk() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['L', 'R']), 1..7)
        .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_printed_value_reads_back_as_itself(g in algebra_game(), h in game()) {
        for text in [g.clone(), format!("{g} + {h}"), format!("{g} : {h}")] {
            let printed = value(&text);
            prop_assert_eq!(value(&printed), printed.clone(), "{} printed {}", text, printed);
        }
    }

    #[test]
    fn switches_print_as_switches_and_read_back(g in algebra_game(), h in game()) {
        // CGSuite's multiple switch +-{a,b} is {a,b | -a,-b}.
        let multiple = format!("+-{{{g}, {h}}}");
        prop_assert_eq!(
            value(&multiple),
            value(&format!("{{{g}, {h} | -({g}), -({h})}}"))
        );
        for text in [multiple, format!("±({g})"), format!("+-({g} + {h})")] {
            let printed = value(&text);
            prop_assert_eq!(value(&printed), printed.clone(), "{} printed {}", text, printed);
            // A game equal to its negative is a nimber or printed as a
            // switch, as CGSuite prints it.
            prop_assert!(
                printed == "0" || printed.starts_with('*') || printed.starts_with('±'),
                "{} printed {}", text, printed
            );
        }
    }

    #[test]
    fn the_conway_product_with_one_and_zero(g in algebra_game(), h in game()) {
        // G·1 = 1·G = G and G·0 = 0, by induction on G; the product is
        // commutative, its rule being symmetric in G and H.
        let g = value(&g);
        prop_assert_eq!(value(&format!("conway_product({g}, 1)")), g.clone());
        prop_assert_eq!(value(&format!("conway_product(1, {g})")), g.clone());
        prop_assert_eq!(value(&format!("conway_product({g}, 0)")), "0");
        prop_assert_eq!(
            value(&format!("conway_product({g}, {h})")),
            value(&format!("conway_product({h}, {g})"))
        );
        // (-G)·H = -(G·H): the product of the negative against the
        // negative of the printed product.
        let product = value(&format!("conway_product({g}, {h})"));
        prop_assert_eq!(
            value(&format!("conway_product(-({g}), {h})")),
            value(&format!("-({product})"))
        );
    }

    #[test]
    fn a_difference_is_a_sum_with_the_negative(g in game(), h in game()) {
        prop_assert_eq!(value(&format!("{g} - {h}")), value(&format!("{g} + -{h}")));
        prop_assert_eq!(value(&format!("{{{g} - {h} | }}")), value(&format!("{{{g} + -{h} | }}")));
        // Played out: the moves of `- H` are H's moves for the other side.
        prop_assert_eq!(searched_outcome(&format!("{g} - {h}")), searched_outcome(&format!("{g} + -{h}")));
    }

    #[test]
    fn compare_agrees_with_the_outcome_of_the_difference(g in game(), h in game()) {
        let c = compare(
            &Position::parse(&g).unwrap(),
            &Position::parse(&h).unwrap(),
            &Budget::DEFAULT,
        )
        .unwrap();
        // The difference played on the written options, no canonical form.
        prop_assert_eq!(c.difference, searched_outcome(&format!("{g} - {h}")));
        let relation = match c.difference {
            Outcome::P => "=",
            Outcome::L => ">",
            Outcome::R => "<",
            _ => "||",
        };
        prop_assert_eq!(c.relation(), relation);
    }

    #[test]
    fn ordinal_sums_of_numbers_follow_the_sign_expansion(s in stalk(), t in stalk()) {
        // A Hackenbush stalk's value is read off its string (Berlekamp's
        // rule; Winning Ways ch. 2), and the ordinal sum of two stalks is
        // the stalk of the second on top of the first (Conway, On Numbers
        // and Games, ch. 15): the sign expansions concatenate.
        let ordinal = value(&format!("hackenbush(\"{s}\") : hackenbush(\"{t}\")"));
        prop_assert_eq!(ordinal, value(&format!("hackenbush(\"{s}{t}\")")));
    }

    #[test]
    fn cooling_by_the_temperature_leaves_no_hot_part(g in game()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = canonical(&mut solver, &g);
        let f = Thermography::new().figures(&mut solver.arena, id).unwrap();
        if f.temperature >= sprague::Dyadic::ZERO {
            let frozen = value(&format!("cool({g}, {})", f.temperature));
            // A number plus an infinitesimal: equal stops.
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let fid = canonical(&mut solver, &frozen);
            let (ls, rs) = solver.arena.stops(fid).unwrap();
            prop_assert_eq!(&ls, &rs, "{} frozen is {}", g, frozen);
            // Its difference with that number is infinitesimal.
            let d = value(&format!("{frozen} - {ls}"));
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let did = canonical(&mut solver, &d);
            prop_assert!(sprague::is_infinitesimal(&mut solver.arena, did).unwrap(), "{}", d);
        }
    }

    #[test]
    fn norton_multiplication_by_one_is_the_identity(g in game()) {
        // 1 has the one incentive -1, so G.1 = {G^L.1 | G^R.1} = G.
        prop_assert_eq!(value(&format!("norton({g}, 1)")), value(&g));
    }
}

#[test]
fn conjunctive_and_selective_sums_of_nim_heaps() {
    // Winning Ways ch. 9 (normal play): a selective compound is lost by the
    // player to move exactly when every component is; a conjunctive
    // compound exactly when the least remoteness is even (a heap of n > 0
    // has remoteness 1, the empty heap 0).
    for a in 0..4 {
        for b in 0..4 {
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let s = canonical(&mut solver, &format!("selective(*{a}, *{b})"));
            let lost = solver.arena.outcome(s).unwrap() == Outcome::P;
            assert_eq!(lost, a == 0 && b == 0, "selective(*{a}, *{b})");
            let c = canonical(&mut solver, &format!("conjunctive(*{a}, *{b})"));
            let lost = solver.arena.outcome(c).unwrap() == Outcome::P;
            assert_eq!(lost, a == 0 || b == 0, "conjunctive(*{a}, *{b})");
        }
    }
}

#[test]
fn rulesets_are_operands() {
    // Domineering's 2 × 2 board is ±1 and its 1 × 2 strip -1 (Winning Ways
    // ch. 2): the difference of two boards, a board inside braces, copies
    // of a board.
    assert_eq!(
        value("domineering(\"..|..\") - domineering(\"..\")"),
        value("±1 + 1")
    );
    assert_eq!(value("{domineering(\"..\") | 0}"), "-1/2");
    assert_eq!(value("2*domineering(\"..\")"), "-2");
    // -domineering("..") is 1, and 1 : -1 is the stalk LR, 1/2.
    assert_eq!(value("-domineering(\"..\") : -1"), "1/2");
    assert_eq!(value("-nim(3)"), "*3");
}

/// The one-line error `text` is refused with, by the reader or when it is
/// valued.
fn refusal(text: &str) -> String {
    let message = match Position::parse(text) {
        Err(e) => e.to_string(),
        Ok(p) => {
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            match solver.sum(p.components()) {
                Err(e) => e.to_string(),
                Ok(g) => panic!("{text} is {}", solver.arena.display(g).unwrap()),
            }
        }
    };
    assert!(!message.contains('\n'), "{text}: {message}");
    message
}

#[test]
fn cgsuite_powers_and_subordinates() {
    let data = include_str!("data/partizan/cgsuite-powers.txt");
    let (mut n_values, mut n_refused) = (0, 0);
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (input, output) = line
            .split_once(" => ")
            .unwrap_or_else(|| panic!("not INPUT => OUTPUT: {line}"));
        if output.starts_with("!!") {
            refusal(input);
            n_refused += 1;
            continue;
        }
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = canonical(&mut solver, input);
        let expected = canonical(&mut solver, &cgsuite_printed(output));
        let printed = solver.arena.display(g).unwrap();
        assert_eq!(g, expected, "{input}: ours {printed}, CGSuite's {output}");
        assert_eq!(cgsuite_spelling(&printed), output, "{input} printed");
        // The printed form reads back as the same game.
        assert_eq!(value(&printed), printed, "{input} printed {printed}");
        n_values += 1;
    }
    assert_eq!((n_values, n_refused), (15, 2), "cases read");
}

#[test]
fn exponents_out_of_range_are_refused_with_the_range() {
    // CGSuite's "Invalid exponent.": a power's exponent is at least 1, a
    // cumulative power's at least 0 (x - 1 and x are then sign expansions
    // that begin with `+`); ours also bounds how old the exponent is.
    for text in [
        "pow(^, 10^9)",
        "pow_to(^, 10^9)",
        "pow(^, 0)",
        "pow(^, 1/2)",
        "pow_to(^, -1)",
        "pow_to({0|^}, -1/4)",
    ] {
        let message = refusal(text);
        assert!(message.contains("exponent"), "{text}: {message}");
        assert!(message.contains("600"), "{text}: {message}");
    }
    // Games and rationals that are not exponents: a nimber, a hot game, a
    // rational that is not dyadic, and CGSuite's loopy exponents, which
    // are not short games.
    for text in [
        "pow(^, *)",
        "pow_to(^, {3|1})",
        "pow(^, 1/3)",
        "pow(^, on)",
        "pow_to(^, {pass|1})",
    ] {
        refusal(text);
    }
    // The limit itself is taken: 600 is born on day 600, and 0 : H = H
    // (0 has no options), 600 being 1 : 599.
    assert_eq!(value("pow_to(0, 600)"), "599");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn first_powers_and_freezing_twice(g in algebra_game()) {
        let g = value(&g);
        // 1 is 1 : 0, so pow_to(G, 1) = G : 0 = G; pow({0|H}, 1) is
        // {0 | H - pow_to(G, 0)} = {0 | H} = G.
        prop_assert_eq!(value(&format!("pow_to({g}, 1)")), g.clone());
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let base = canonical(&mut solver, &format!("{{0 | {g}}}"));
        let one = sprague::Dyadic::integer(1);
        match sprague::pow(&mut solver.arena, base, &one) {
            Ok(p) => prop_assert_eq!(p, base),
            // {0 | G} may be a number with no Right option, or G may
            // reverse into several: then it is not a base {0|H}.
            Err(_) => {
                let zero = solver.arena.zero();
                let left = solver.arena.left_options(base).unwrap();
                let right = solver.arena.right_options(base).unwrap();
                prop_assert!(left != [zero] || right.len() != 1);
            }
        }
        // A frozen game is a number plus an infinitesimal, whose
        // temperature is at most 0, and cooling by 0 or less leaves a
        // canonical form as it is: freezing twice is freezing once; and
        // -G has G's temperature, so freeze(-G) = -freeze(G).
        let frozen = value(&format!("freeze({g})"));
        prop_assert_eq!(value(&format!("freeze({frozen})")), frozen.clone());
        prop_assert_eq!(value(&format!("freeze(-({g}))")), value(&format!("-({frozen})")));
        prop_assert_eq!(value(&format!("-freeze({g})")), value(&format!("-({frozen})")));
        // The negative of a cumulative power is the negative of its value.
        let power = value(&format!("pow_to({g}, 3/2)"));
        prop_assert_eq!(value(&format!("-pow_to({g}, 3/2)")), value(&format!("-({power})")));
    }

    #[test]
    fn a_number_is_its_own_freeze_and_subordinates_undo_ordinal_sums(s in stalk(), t in stalk()) {
        // A number's temperature is below 0 (CGSuite's Freeze of 5, -1/2
        // and 25/16 is the number).
        let x = value(&format!("hackenbush(\"{s}\")"));
        prop_assert_eq!(value(&format!("freeze({x})")), x.clone());
        // B : H concatenates sign expansions (Conway, On Numbers and
        // Games, ch. 15), and the subordinate of G to B is the H with
        // G = B : H (CGSuite's Subordinate): it takes B's signs off again.
        let h = value(&format!("hackenbush(\"{t}\")"));
        let g = value(&format!("{x} : {h}"));
        prop_assert_eq!(value(&format!("subordinate({g}, {x})")), h);
    }
}

#[test]
fn powers_of_up_are_the_up_powers() {
    // CGSuite's ^.Pow(3) is ^<3> and ^.PowTo(3) is ^[3] (GameTest.scala,
    // lines 237 and 248); by the definitions, for every n.
    for n in 1..=12 {
        assert_eq!(value(&format!("pow(^, {n})")), value(&format!("^<{n}>")));
        assert_eq!(value(&format!("pow_to(^, {n})")), value(&format!("^[{n}]")));
    }
}
