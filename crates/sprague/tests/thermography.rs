//! Generalised thermographs: CGSuite's and cgt-tools' asserted figures
//! reproduced from their test suites (data files under
//! `tests/data/partizan/`, each naming its source), and the properties the
//! theory proves checked on random games: the walls at `t = 0` are the
//! stops, the walls meet at the temperature and go on as the mast at the
//! mean, `-G` has the mirror image, numbers follow the closed form below,
//! and the uptimals `x + n.^ + *m` have the thermographs CGSuite gives them.

use std::borrow::Borrow;
use std::collections::HashMap;

use proptest::prelude::*;
use sprague::{
    Budget, CanonicalArena, CanonicalSolver, Dyadic, GameId, Thermograph, Thermography, Wall,
};

use crate::game_values::{canonical, cgsuite_printed, cgsuite_spelling, dyadic, game};

/// Records of `field = value` lines separated by blank lines, `#` lines
/// being comments.
fn records(text: &str) -> Vec<HashMap<String, String>> {
    let mut records = Vec::new();
    let mut current = HashMap::new();
    for line in text.lines().chain(std::iter::once("")) {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !current.is_empty() {
                records.push(std::mem::take(&mut current));
            }
            continue;
        }
        let (field, value) = line
            .split_once(" = ")
            .unwrap_or_else(|| panic!("not `field = value`: {line}"));
        current.insert(field.to_string(), value.to_string());
    }
    records
}

#[test]
fn cgsuite_canonical_short_game_test_cases() {
    let data = include_str!("data/partizan/cgsuite-canonical-short-games.txt");
    let records = records(data);
    assert_eq!(records.len(), 25, "CGSuite's file has 25 test cases");
    let mut n_compared = 0;
    for r in &records {
        let x = r.get("written").unwrap_or(&r["x"]);
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = canonical(&mut solver, x);
        // The canonical form: the same game as CGSuite's printed one, and
        // printed the same where our notation can say it.
        let x_out = &r["xOut"];
        assert_eq!(
            canonical(&mut solver, &cgsuite_printed(x_out)),
            g,
            "{x} = {x_out}"
        );
        let printed = solver.arena.display(g).unwrap();
        if !r.contains_key("printGap") {
            assert_eq!(&cgsuite_spelling(&printed), x_out, "{x}");
            n_compared += 1;
        }
        let f = Thermography::new().figures(&mut solver.arena, g).unwrap();
        for (field, ours) in [
            ("leftStop", f.left_stop.to_string()),
            ("rightStop", f.right_stop.to_string()),
            ("mean", f.mean.to_string()),
            ("temperature", f.temperature.to_string()),
            ("thermograph", f.thermograph.to_string()),
            ("birthday", f.birthday.to_string()),
            (
                "stopCount",
                sprague::stop_count(&mut solver.arena, g)
                    .unwrap()
                    .to_string(),
            ),
        ] {
            let theirs = &r[field];
            if !theirs.starts_with("!!") {
                assert_eq!(&ours, theirs, "{field} of {x}");
                n_compared += 1;
            }
        }
        // The companion, a game: equal to CGSuite's, and printed alike.
        let theirs = &r["companion"];
        let ours = sprague::companion(&mut solver.arena, g).unwrap();
        assert_eq!(
            canonical(&mut solver, &cgsuite_printed(theirs)),
            ours,
            "companion of {x}"
        );
        let printed = solver.arena.display(ours).unwrap();
        assert_eq!(&cgsuite_spelling(&printed), theirs, "companion of {x}");
        n_compared += 1;
    }
    assert!(n_compared >= 210, "only {n_compared} figures compared");
}

#[test]
fn cgt_tools_temperatures_and_thermographs() {
    let data = include_str!("data/partizan/cgt-tools-thermographs.txt");
    let records = records(data);
    assert_eq!(records.len(), 6);
    for r in &records {
        let x = &r["x"];
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = canonical(&mut solver, x);
        let t = Thermography::new()
            .thermograph(&mut solver.arena, g)
            .unwrap();
        if let Some(theirs) = r.get("temperature") {
            assert_eq!(&t.temperature.to_string(), theirs, "{x}");
        }
        if let Some(theirs) = r.get("thermograph") {
            let theirs = theirs
                .replace("Trajectory(", "")
                .replace("]),", "],")
                .replace(", ", ",");
            let theirs = theirs.replace("]))", "])");
            assert_eq!(t.to_string(), theirs, "{x}");
        }
    }
}

fn d(n: i128, e: u32) -> Dyadic {
    Dyadic::new(n, e).unwrap()
}

fn minus(x: impl Borrow<Dyadic>) -> Dyadic {
    -x.borrow()
}

fn plus(x: impl Borrow<Dyadic>, y: impl Borrow<Dyadic>) -> Dyadic {
    x.borrow() + y.borrow()
}

/// The temperatures where two walls are compared: `-1`, every critical
/// point of either, the midpoints between them, and two above the last.
fn sample_points(walls: &[&Wall]) -> Vec<Dyadic> {
    let mut ts: Vec<Dyadic> = walls
        .iter()
        .flat_map(|w| w.critical_points())
        .chain([d(-1, 0), Dyadic::ZERO])
        .collect();
    ts.sort();
    ts.dedup();
    let mut more = Vec::new();
    for pair in ts.windows(2) {
        // (a + b) / 2
        let sum = plus(&pair[0], &pair[1]);
        more.push(sum.half().unwrap());
    }
    let last = ts.last().unwrap().clone();
    more.push(plus(&last, d(1, 0)));
    more.push(plus(&last, d(7, 0)));
    ts.extend(more);
    ts.sort();
    ts
}

fn thermograph(arena: &mut CanonicalArena, g: GameId) -> Thermograph {
    Thermography::new().thermograph(arena, g).unwrap()
}

/// The left wall of the number `x` at `t = -s` by the closed form below.
///
/// **Theorem.** Let `x = m/2^k`, `m` odd, `k >= 1`, and write `x^L = x -
/// 2^-k`, `x^R = x + 2^-k` (its options, of smaller denominators). Then
/// both walls of `x` are the mast at `x` for `t >= -2^-k`, and below it
/// `LW(x)(t) = RW(x^L)(t) - t`, `RW(x)(t) = LW(x^R)(t) + t`. *Proof:* the
/// options' temperatures are at most `-2^-(k-1) < -2^-k`, so at `t =
/// -2^-k` their walls are still their masts and the scaffolds `x^L - t`
/// and `x^R + t` cross there at `x`; the scaffolds' difference never
/// increases (left walls have slopes 0 and -1, right walls 0 and +1), so
/// the hill is `[-1, -2^-k]` and the cave above is the mast at `x`.
///
/// Unrolled, with `s = -t`: `LW(x)(-s) = x` while `s <= 2^-k`; else, with
/// `y = x^L` of exponent `j`, `LW(x)(-s) = y + s` while `s <= 2^-j` (for an
/// integer `y`, `j = 0`, always), and otherwise `LW(x)(-s) = LW(y + 2^-j)(-s)`,
/// `y + 2^-j` having a smaller exponent still. The right wall is the
/// mirror image: `RW(x)(t) = -LW(-x)(t)`.
fn left_wall_of_a_number(x: Dyadic, s: Dyadic) -> Dyadic {
    let mut x = x;
    loop {
        let k = x.exponent();
        if k == 0 || s <= d(1, k) {
            return x;
        }
        let y = plus(&x, minus(d(1, k)));
        let j = y.exponent();
        if s <= d(1, j) {
            return plus(y, &s);
        }
        x = plus(y, d(1, j));
    }
}

/// The values of a wall at the temperatures `ts`.
fn wall_values(w: &Wall, ts: &[Dyadic]) -> Vec<Dyadic> {
    ts.iter().map(|t| w.value_at(t.clone()).unwrap()).collect()
}

#[test]
fn the_closed_form_of_a_number_on_a_few_by_hand() {
    // 3/8: LW is 3/8 down to -1/8, then 1/4 - t down to -1/4, 1/2 down to
    // -1/2, and -t below (worked from the recursion by hand).
    for (s, expected) in [
        (d(1, 3), d(3, 3)),
        (d(3, 4), d(7, 4)),
        (d(1, 2), d(1, 1)),
        (d(3, 3), d(1, 1)),
        (d(3, 2), d(3, 2)),
        (d(1, 0), d(1, 0)),
    ] {
        assert_eq!(
            left_wall_of_a_number(d(3, 3), s.clone()),
            expected,
            "at -{s}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn numbers_follow_the_closed_form(m in -4096i128..4096, k in 0u32..11) {
        let x = d(m, k);
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let g = arena.number(x.clone()).unwrap();
        let th = thermograph(&mut arena, g);
        // The closed form's slopes change only at -2^-j.
        let mut ts = sample_points(&[&th.left, &th.right]);
        ts.extend((0..=k + 1).map(|j| minus(d(1, j))));
        ts.sort();
        ts.dedup();
        for t in ts.iter().filter(|&t| *t < Dyadic::ZERO) {
            let s = minus(t);
            prop_assert_eq!(th.left.value_at(t.clone()).unwrap(), left_wall_of_a_number(x.clone(), s.clone()), "LW({}) at {}", x, t);
            prop_assert_eq!(
                th.right.value_at(t.clone()).unwrap(),
                minus(left_wall_of_a_number(minus(&x), s)),
                "RW({}) at {}", x, t
            );
        }
        let temperature = match x.exponent() {
            0 => d(-1, 0),
            e => minus(d(1, e)),
        };
        prop_assert_eq!(th.temperature, temperature);
        prop_assert_eq!(th.mean, x);
    }

    #[test]
    fn walls_meet_at_the_temperature_and_stand_at_the_stops(g in game()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = canonical(&mut solver, &g);
        let th = thermograph(&mut solver.arena, id);
        let (left_stop, right_stop) = solver.arena.stops(id).unwrap();
        // At t = 0 the walls are at the stops (computed by the arena from
        // the options' stops, without thermographs).
        prop_assert_eq!(&th.left.value_at(Dyadic::ZERO).unwrap(), &left_stop, "{}", g);
        prop_assert_eq!(&th.right.value_at(Dyadic::ZERO).unwrap(), &right_stop, "{}", g);
        // The mast: both walls at the mean from the temperature up ...
        let t = th.temperature.clone();
        for u in [t.clone(), plus(&t, d(1, 3)), plus(&t, d(5, 0))] {
            prop_assert_eq!(&th.left.value_at(u.clone()).unwrap(), &th.mean, "{} at {}", g, u);
            prop_assert_eq!(&th.right.value_at(u.clone()).unwrap(), &th.mean, "{} at {}", g, u);
        }
        prop_assert_eq!(&th.left.mast_value(), &th.mean);
        prop_assert_eq!(&th.right.mast_value(), &th.mean);
        // ... and apart everywhere below it: the walls meet there first.
        if t > d(-1, 0) {
            let below = plus(&t, minus(d(1, 20)));
            prop_assert!(th.left.value_at(below.clone()).unwrap() > th.right.value_at(below).unwrap(), "{}", g);
        }
        // The shape: left walls slope 0 or -1, right walls 0 or +1, and the
        // left wall is never right of the right one.
        prop_assert!(th.left.slopes().unwrap().iter().all(|s| [0, -1].contains(s)), "{}: {}", g, th);
        prop_assert!(th.right.slopes().unwrap().iter().all(|s| [0, 1].contains(s)), "{}: {}", g, th);
        for u in sample_points(&[&th.left, &th.right]) {
            prop_assert!(th.left.value_at(u.clone()).unwrap() >= th.right.value_at(u.clone()).unwrap(), "{} at {}", g, u);
        }
        // The temperature of a hot game is positive, of a game with equal
        // stops at most 0.
        prop_assert_eq!(t > Dyadic::ZERO, left_stop > right_stop, "{}: {}", g, th);
    }

    #[test]
    fn the_negative_has_the_mirror_image(g in game()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = canonical(&mut solver, &g);
        let neg = solver.arena.neg(id).unwrap();
        let th = thermograph(&mut solver.arena, id);
        let mirror = thermograph(&mut solver.arena, neg);
        let ts = sample_points(&[&th.left, &th.right, &mirror.left, &mirror.right]);
        let negated = |v: Vec<Dyadic>| v.into_iter().map(minus).collect::<Vec<_>>();
        prop_assert_eq!(wall_values(&mirror.left, &ts), negated(wall_values(&th.right, &ts)), "{}", g);
        prop_assert_eq!(wall_values(&mirror.right, &ts), negated(wall_values(&th.left, &ts)), "{}", g);
        prop_assert_eq!(mirror.left.critical_points(), th.right.critical_points());
        prop_assert_eq!(mirror.temperature, th.temperature);
        prop_assert_eq!(mirror.mean, minus(th.mean));
    }

    #[test]
    fn uptimals_have_the_thermographs_cgsuite_gives_them(
        m in -64i128..64, k in 0u32..5, ups in -5i64..=5, star in 0u64..6,
    ) {
        // CGSuite (lib/core/src/main/scala/org/cgsuite/core/
        // CanonicalShortGameOps.java, `thermograph`) gives x + n.^ + *m the
        // thermograph of x + * when n = 0 < m or (|n|, m) = (1, 1), of x
        // when n = m = 0, and of x + ^ (x + v) for any other n > 0 (n < 0).
        // Ours comes from the options of the canonical form.
        let x = d(m, k);
        let arrows = match ups {
            0 => String::new(),
            n if n > 0 => format!("^{n}"),
            n => format!("v{}", -n),
        };
        let stars = if star == 0 { String::new() } else { format!("*{star}") };
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let text = if arrows.is_empty() && stars.is_empty() {
            format!("{x}")
        } else {
            format!("{x} + {arrows}{stars}")
        };
        let id = canonical(&mut solver, &text);
        let like = match (ups, star) {
            (0, 0) => format!("{x}"),
            (0, _) | (1 | -1, 1) => format!("{x} + {{0|0}}"),
            (n, _) if n > 0 => format!("{x} + {{0|{{0|0}}}}"),
            _ => format!("{x} + {{{{0|0}}|0}}"),
        };
        let like = canonical(&mut solver, &like);
        let th = thermograph(&mut solver.arena, id);
        prop_assert_eq!(&th, &thermograph(&mut solver.arena, like), "{}", text);
    }
}

#[test]
fn textbook_temperatures_and_means() {
    // Winning Ways ch. 6, Siegel II.5, CGSuite's conventions below 0;
    // {1|-1} has temperature 1 (cgt-tools' test `temp_of_one_minus_one_is_one`).
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut th = Thermography::new();
    for (g, ls, rs, mean, temperature) in [
        ("0", "0", "0", "0", "-1"),
        ("3", "3", "3", "3", "-1"),
        ("1/2", "1/2", "1/2", "1/2", "-1/2"),
        ("-3/8", "-3/8", "-3/8", "-3/8", "-1/8"),
        ("*", "0", "0", "0", "0"),
        ("^", "0", "0", "0", "0"),
        ("1/2^*", "1/2", "1/2", "1/2", "0"),
        ("{1|-1}", "1", "-1", "0", "1"),
        ("±3", "3", "-3", "0", "3"),
        ("{2|1}", "2", "1", "3/2", "1/2"),
        ("{3|0}", "3", "0", "3/2", "3/2"),
        // {4 | {2|0}}: the Right option {2|0} has temperature 1 and
        // mean 1, its left wall 2 - t up to 1; the left scaffold 4 - t
        // meets the right scaffold (2, then 1 + t) at t = 3/2.
        ("{4||2|0}", "4", "2", "5/2", "3/2"),
        // {{4|2}|0}: Left's option {4|2} (mean 3, temperature 1):
        // its right wall is 2 + t up to t = 1, then 3; minus t, it
        // meets the right scaffold t at t = 3/2, value 3/2.
        ("{4|2||0}", "2", "0", "3/2", "3/2"),
        ("{1|*}", "1", "0", "1/2", "1/2"),
    ] {
        let id = canonical(&mut solver, g);
        let f = th.figures(&mut solver.arena, id).unwrap();
        assert_eq!(
            (f.left_stop, f.right_stop, f.mean, f.temperature),
            (dyadic(ls), dyadic(rs), dyadic(mean), dyadic(temperature)),
            "{g}"
        );
    }
}

#[test]
fn walls_of_a_switch() {
    // {3|0}: the scaffolds 3 - t and t from t = -1 (where they are 4
    // and -1) meet at t = 3/2.
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut th = Thermography::new();
    let id = canonical(&mut solver, "{3|0}");
    let t = th.thermograph(&mut solver.arena, id).unwrap();
    assert_eq!(t.left.value_at(dyadic("-1")).unwrap(), dyadic("4"));
    assert_eq!(t.left.value_at(Dyadic::ZERO).unwrap(), dyadic("3"));
    assert_eq!(t.left.value_at(dyadic("1")).unwrap(), dyadic("2"));
    assert_eq!(t.right.value_at(dyadic("-1")).unwrap(), dyadic("-1"));
    assert_eq!(t.right.value_at(dyadic("1")).unwrap(), dyadic("1"));
    assert_eq!(t.left.value_at(dyadic("10")).unwrap(), dyadic("3/2"));
    assert_eq!(t.left.critical_points(), [dyadic("3/2")]);
    assert_eq!(t.left.slopes().unwrap(), [0, -1]);
    assert_eq!(t.right.slopes().unwrap(), [0, 1]);
    assert_eq!(
        t.to_string(),
        "Thermograph(3/2,[3/2],[0,-1],3/2,[3/2],[0,1])"
    );
}
