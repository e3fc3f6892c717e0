//! Numbers past the `i64` range, where CGSuite answers: long Hackenbush
//! strings valued against Berlekamp's binary rule, large values written in
//! positions, sums crossing `2^63`, and CGSuite's own test of a large
//! integer.

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use sprague::{Budget, CanonicalSolver, Outcome, Play, Position, Thermography, analyze};

/// The value of a Blue-Red Hackenbush string by Berlekamp's rule, written
/// independently of the library's (which sums `±1/2^k`): the first run of
/// `n` edges of one colour is the integer part `n - 1`; after the first
/// change of colour each further edge is a binary digit, `1` for the
/// colour of the first run and `0` for the other, and a final `1` is
/// appended; a string starting with Right's edges is the negative of its
/// colour swap (E. R. Berlekamp, *The Hackenbush number system for
/// compression of numerical data*, 1974; Winning Ways, ch. 2,
/// "Berlekamp's rule").
fn berlekamp(edges: &[bool]) -> BigRational {
    let Some(&first) = edges.first() else {
        return BigRational::from_integer(0.into());
    };
    let run = edges.iter().take_while(|&&e| e == first).count();
    let magnitude = if run == edges.len() {
        BigRational::from_integer(run.into())
    } else {
        let mut digits: String = edges[run + 1..]
            .iter()
            .map(|&e| if e == first { '1' } else { '0' })
            .collect();
        digits.push('1');
        let fraction = BigRational::new(
            BigInt::parse_bytes(digits.as_bytes(), 2).unwrap(),
            BigInt::from(1) << digits.len(),
        );
        BigRational::from_integer((run - 1).into()) + fraction
    };
    if first { magnitude } else { -magnitude }
}

/// The value of a position, printed.
fn value(text: &str) -> String {
    let p = Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    solver.arena.display(g).unwrap()
}

/// A rational as CGSuite prints a number: `n` or `n/d` in lowest terms.
fn cgsuite_text(x: &BigRational) -> String {
    if x.is_integer() {
        x.numer().to_string()
    } else {
        format!("{}/{}", x.numer(), x.denom())
    }
}

fn letters(edges: &[bool]) -> String {
    edges.iter().map(|&e| if e { 'L' } else { 'R' }).collect()
}

#[test]
fn berlekamp_rule_on_its_textbook_strings() {
    // Winning Ways, ch. 2: LR = 1/2, LRR = 1/4, LLR = 3/2, LRL = 3/4,
    // RL = -1/2: the rule as written above, checked by hand.
    for (s, n, d) in [
        ("LR", 1, 2),
        ("LRR", 1, 4),
        ("LLR", 3, 2),
        ("LRL", 3, 4),
        ("RL", -1, 2),
    ] {
        let edges: Vec<bool> = s.chars().map(|c| c == 'L').collect();
        assert_eq!(
            berlekamp(&edges),
            BigRational::new(n.into(), d.into()),
            "{s}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn long_hackenbush_strings_follow_berlekamps_rule(
        edges in prop::collection::vec(any::<bool>(), 64..=200)
    ) {
        let text = format!("hackenbush(\"{}\")", letters(&edges));
        prop_assert_eq!(value(&text), cgsuite_text(&berlekamp(&edges)), "{}", text);
    }
}

#[test]
fn a_hundred_edge_string_is_exact() {
    // L followed by 99 R's: 1 - 1/2 - ... - 1/2^99 = 1/2^99.
    let text = format!("hackenbush(\"L{}\")", "R".repeat(99));
    assert_eq!(value(&text), "1/633825300114114700748351602688");
    let mut edges = vec![true];
    edges.extend([false; 99]);
    assert_eq!(
        berlekamp(&edges),
        BigRational::new(1.into(), BigInt::from(1) << 99)
    );
    // Two of them less one of twice its value: 0.
    let twice = format!("hackenbush(\"L{}\")", "R".repeat(98));
    assert_eq!(value(&format!("{text} + {text} + -{}", value(&twice))), "0");
}

#[test]
fn values_past_i64_in_positions() {
    // 2^70 = 1180591620717411303424.
    let two_70 = "1180591620717411303424";
    assert_eq!(value(two_70), two_70);
    assert_eq!(value(&format!("{two_70} + -{two_70}")), "0");
    assert_eq!(value(&format!("{two_70} + 1/2 + -{two_70}")), "1/2");
    // 2^70 + 2^70 = 2^71 and 1/2^70 + 1/2^70 = 1/2^69.
    assert_eq!(
        value(&format!("{two_70} + {two_70}")),
        "2361183241434822606848"
    );
    assert_eq!(
        value(&format!("1/{two_70} + 1/{two_70}")),
        "1/590295810358705651712"
    );
    // Ten copies of i64::MAX = 92233720368547758070.
    let ten = ["9223372036854775807"; 10].join(" + ");
    assert_eq!(value(&ten), "92233720368547758070");
    // Large numbers inside forms: {2^70 | -2^70} is the switch ±2^70;
    // with 1 added, its stops move by 1.
    assert_eq!(
        value(&format!("{{{two_70}|-{two_70}}}")),
        format!("±{two_70}")
    );
    let p = Position::parse(&format!("±{two_70} + 1")).unwrap();
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    let (ls, rs) = solver.arena.stops(g).unwrap();
    assert_eq!(ls.to_string(), "1180591620717411303425");
    assert_eq!(rs.to_string(), "-1180591620717411303423");
    let t = Thermography::new()
        .thermograph(&mut solver.arena, g)
        .unwrap();
    assert_eq!(t.mean.to_string(), "1");
    assert_eq!(t.temperature.to_string(), two_70);
    // Its birthday, 2^70 + 2, is past a u64: an error, not a wrap-around.
    assert!(solver.arena.birthday(g).is_err());
    // And the whole analysis: Left wins 2^70 whoever starts.
    let p = Position::parse(two_70).unwrap();
    let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::L);
    assert_eq!(a.value_notation().as_deref(), Some(two_70));
}

#[test]
fn cgsuites_large_integer() {
    // CGSuite's lib/core/src/test/scala/org/cgsuite/lang/
    // CanonicalShortGameTestCase.scala: -1823437481924 prints as itself,
    // is born on day 1823437481924, has no Left option and the Right
    // option -1823437481923, both stops and the mean are itself, and its
    // temperature is -1.
    let text = "-1823437481924";
    assert_eq!(value(text), text);
    let p = Position::parse(text).unwrap();
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    assert!(solver.arena.left_options(g).unwrap().is_empty());
    let right = solver.arena.right_options(g).unwrap();
    assert_eq!(right.len(), 1);
    assert_eq!(solver.arena.display(right[0]).unwrap(), "-1823437481923");
    let f = Thermography::new().figures(&mut solver.arena, g).unwrap();
    assert_eq!(f.birthday, 1_823_437_481_924);
    for x in [&f.left_stop, &f.right_stop, &f.mean] {
        assert_eq!(x.to_string(), text);
    }
    assert_eq!(f.temperature.to_string(), "-1");
    let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::R);
    let figures = a.figures().unwrap();
    assert_eq!(
        (figures.left_stop, figures.mean, figures.birthday),
        (f.left_stop, f.mean, f.birthday)
    );
    // A number is its own reduced canonical form.
    assert_eq!(figures.reduced.as_deref(), Some(text));
}

/// Numbers of up to 400 bits over denominators up to `2^150`, as text.
fn big_number() -> impl Strategy<Value = (BigInt, u32)> {
    (
        prop::collection::vec(any::<u64>(), 0..7),
        any::<bool>(),
        0u32..150,
    )
        .prop_map(|(words, negative, k)| {
            let mut n = BigInt::from(0);
            for w in words {
                n = (n << 64u32) + w;
            }
            (if negative { -n } else { n }, k)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn big_numbers_print_and_read_back_as_themselves(
        (n, k) in big_number(), star in 0u64..3, ups in -2i64..=2
    ) {
        let x = BigRational::new(n, BigInt::from(1) << k);
        let number = cgsuite_text(&x);
        // The number alone prints as num-rational writes it in lowest terms.
        prop_assert_eq!(value(&number), number.clone());
        // With ups and a nimber added, the printed value reads back as
        // itself and its number part is the number's text.
        let mut text = number.clone();
        if ups != 0 {
            text += &format!(" + {}", if ups > 0 { "^" } else { "v" }).repeat(ups.unsigned_abs() as usize);
        }
        if star > 0 {
            text += &format!(" + *{star} + ^ + v");
        }
        let printed = value(&text);
        prop_assert_eq!(value(&printed), printed.clone());
        // `- ` with a space negates the whole value (`-2^` is -2 + ^).
        let minus = format!("{text} + - {printed}");
        prop_assert_eq!(value(&minus), "0", "{}", minus);
    }
}
