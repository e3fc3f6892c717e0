//! The calculator of the position language (`13*5`, `2^100`, `13 % 4`,
//! `*(3+2)`, rationals): the worksheet lines of CGSuite's first tutorial
//! page and CGSuite's own arithmetic test cases, each with CGSuite's
//! answer (`data/partizan/cgsuite-worksheet.txt`), and the laws of the
//! arithmetic on random numbers against exact rationals.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use sprague::rulesets::non_dyadic_rational;
use sprague::{Budget, CanonicalSolver, Outcome, Play, Position, analyze};

use crate::game_values::{canonical, cgsuite_printed, cgsuite_spelling, searched_outcome};

/// Our answer to a worksheet line, in CGSuite's spelling: the rational
/// for a number that is not a game, else the canonical value printed.
fn answer(input: &str) -> Result<String, String> {
    if let Some((text, _)) = non_dyadic_rational(input) {
        return Ok(text);
    }
    let position = Position::parse(input).map_err(|e| e.to_string())?;
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver
        .sum(position.components())
        .map_err(|e| e.to_string())?;
    Ok(cgsuite_spelling(&solver.arena.display(g).unwrap()))
}

fn outcome_name(input: &str) -> String {
    if let Some((_, sign)) = non_dyadic_rational(input) {
        return match sign {
            Ordering::Less => "R",
            Ordering::Equal => "P",
            Ordering::Greater => "L",
        }
        .to_string();
    }
    let position = Position::parse(input).unwrap();
    let analysis = analyze(&position, Play::Normal, false, &Budget::DEFAULT).unwrap();
    format!("{:?}", analysis.outcome)
}

#[test]
fn cgsuite_worksheet_lines() {
    let data = include_str!("data/partizan/cgsuite-worksheet.txt");
    let (mut n_answers, mut n_errors, mut n_searched, mut n_outcomes) = (0, 0, 0, 0);
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(input) = line.strip_prefix("search: ") {
            // The value we give, against the search of the written games.
            let ours = answer(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            let difference = format!("{input} - ({})", cgsuite_printed(&ours));
            let expanded = difference.replace("5 * {3||2|0}", &["{3||2|0}"; 5].join(" + "));
            assert_eq!(searched_outcome(&expanded), Outcome::P, "{input} = {ours}");
            n_searched += 1;
            continue;
        }
        if let Some(case) = line.strip_prefix("outcome: ") {
            let (input, theirs) = case.split_once(" => ").unwrap();
            assert_eq!(outcome_name(input), theirs, "outcome of {input}");
            n_outcomes += 1;
            continue;
        }
        let (input, theirs) = line
            .split_once(" => ")
            .unwrap_or_else(|| panic!("not INPUT => OUTPUT: {line}"));
        if theirs == "!!" {
            assert!(answer(input).is_err(), "{input} is refused");
            n_errors += 1;
            continue;
        }
        let ours = answer(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(ours, theirs, "{input}");
        if non_dyadic_rational(theirs).is_none() {
            // CGSuite's answer, read back, is the same game.
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let a = canonical(&mut solver, input);
            let b = canonical(&mut solver, &cgsuite_printed(theirs));
            assert_eq!(a, b, "{input} = {theirs} as games");
        }
        n_answers += 1;
    }
    // Every case of the file is checked.
    assert_eq!(
        (n_answers, n_errors, n_searched, n_outcomes),
        (47, 6, 2, 5),
        "cases read"
    );
}

/// `r` written in the language: `a/b`, in parentheses when negative.
fn written(r: &BigRational) -> String {
    if r.is_integer() {
        format!("({})", r.numer())
    } else {
        format!("({}/{})", r.numer(), r.denom())
    }
}

fn rational() -> impl Strategy<Value = BigRational> {
    (-200i64..200, 1i64..40).prop_map(|(n, d)| BigRational::new(BigInt::from(n), BigInt::from(d)))
}

/// The calculator's number for `text`, as a rational.
fn calculated(text: &str) -> BigRational {
    let printed = match non_dyadic_rational(text) {
        Some((t, _)) => t,
        None => answer(text).unwrap_or_else(|e| panic!("{text}: {e}")),
    };
    let (n, d) = printed.split_once('/').unwrap_or((&printed, "1"));
    BigRational::new(n.parse().unwrap(), d.parse().unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `*`, `/`, `%` and `^` against exact rationals (num-rational), with
    /// CGSuite's remainder `a - b·trunc(a/b)`.
    #[test]
    fn arithmetic_is_exact(a in rational(), b in rational(), e in -5i32..6) {
        let (x, y) = (written(&a), written(&b));
        prop_assert_eq!(calculated(&format!("{x} * {y}")), &a * &b);
        prop_assert_eq!(calculated(&format!("{x} + {y}")), &a + &b);
        prop_assert_eq!(calculated(&format!("{x} - {y}")), &a - &b);
        if b != BigRational::from_integer(0.into()) {
            prop_assert_eq!(calculated(&format!("{x} / {y}")), &a / &b);
            prop_assert_eq!(
                calculated(&format!("{x} % {y}")),
                &a - &b * (&a / &b).trunc()
            );
        }
        if a != BigRational::from_integer(0.into()) || e >= 0 {
            let power = if e >= 0 { a.pow(e) } else { a.recip().pow(-e) };
            prop_assert_eq!(calculated(&format!("{x}^({e})")), power);
        }
    }

    /// `*(n)` is the nim heap `*n`; `n * G` is `n` copies of `G`.
    #[test]
    fn nimbers_and_copies(n in 0u64..64, m in -4i64..5) {
        let a = answer(&format!("*({n}-0)")).unwrap();
        prop_assert_eq!(a, answer(&format!("*{n}")).unwrap());
        let copies = answer(&format!("({m}) * {{1|*}}")).unwrap();
        let g = if m >= 0 { "{1|*}" } else { "{*|-1}" };
        let sum = vec![g; m.unsigned_abs() as usize].join(" + ");
        let by_sum = if sum.is_empty() { "0".to_string() } else { answer(&sum).unwrap() };
        prop_assert_eq!(copies, by_sum);
    }
}

/// Nim multiplication against Conway's rule on small nimbers
/// (*On Numbers and Games*, ch. 6: `a ⊗ b` is the mex of `a'⊗b ⊕ a⊗b' ⊕
/// a'⊗b'` over `a' < a`, `b' < b`).
#[test]
fn nim_products_are_the_mex_rule() {
    const N: usize = 32;
    let mut table = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut seen = [false; 1024];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                    seen[v as usize] = true;
                }
            }
            table[a][b] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    for (a, row) in table.iter().enumerate() {
        for (b, &product) in row.iter().enumerate() {
            let ours = answer(&format!("nim_product({a}, {b})")).unwrap();
            assert_eq!(ours, product.to_string(), "{a} ⊗ {b}");
            let nimber = answer(&format!("nim_product(*{a}, {b})")).unwrap();
            let expected = match product {
                0 => "0".to_string(),
                1 => "*".to_string(),
                v => format!("*{v}"),
            };
            assert_eq!(nimber, expected, "*{a} ⊗ {b}");
        }
        // a^3 by the table.
        let cube = table[row[a] as usize][a];
        assert_eq!(
            answer(&format!("nim_power({a}, 3)")).unwrap(),
            cube.to_string(),
            "{a}^3"
        );
    }
}
