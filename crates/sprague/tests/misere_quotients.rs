//! Misère quotients against published quotients (`data/misere_quotients.txt`,
//! each line naming its source) and against two theorems every quotient
//! obeys: `|Q|` is even (Plambeck and Siegel, "Misère quotients for
//! impartial games", JCTA 115 (2008)), and a finite quotient whose P-portion
//! has two elements has order `2^n + 2` or `2^n + 4` (Siegel, "The structure
//! and classification of misère quotients", arXiv math/0703070).

use sprague::{Budget, OctalCode, QuotientSolver, SolveError, TakeBreak, misere_quotient};

use crate::data_file::entries;

fn rules(code: &str) -> TakeBreak {
    TakeBreak::from_code(&OctalCode::parse(code).unwrap())
}

#[test]
fn published_quotients_are_reproduced() {
    let text = include_str!("data/misere_quotients.txt");
    let mut checked = 0;
    for (_, line, game, expected) in entries(text) {
        let mut game = game.split_whitespace();
        let code = game.next().unwrap();
        let heaps: u64 = game.next().unwrap().parse().unwrap();
        let (sizes, relations) = match expected.split_once(';') {
            Some((s, r)) => (s, Some(r)),
            None => (expected, None),
        };
        let sizes: Vec<usize> = sizes
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        let q = misere_quotient(&rules(code), heaps, &Budget::DEFAULT).unwrap();
        assert_eq!(
            (q.order(), q.p_portion.len()),
            (sizes[0], sizes[1]),
            "{line}"
        );
        if let Some(relations) = relations {
            let mut want: Vec<&str> = relations.split(',').map(str::trim).collect();
            let mut have: Vec<&str> = q.relations.iter().map(String::as_str).collect();
            want.sort_unstable();
            have.sort_unstable();
            assert_eq!(have, want, "{line}");
        }
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn misere_solver_quotients_are_reproduced() {
    let text = include_str!("data/misere_solver_quotients.txt");
    let mut solver: Option<(String, QuotientSolver)> = None;
    let mut checked = 0;
    for (_, line, game, expected) in entries(text) {
        let (code, heap) = game.split_once(' ').unwrap();
        let heap: u64 = heap.trim().parse().unwrap();
        let sizes: Vec<usize> = expected
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        // One solver a game, taken heap by heap down the file.
        if solver.as_ref().is_none_or(|(c, _)| c != code) {
            solver = Some((code.to_owned(), QuotientSolver::new(rules(code))));
        }
        let (_, s) = solver.as_mut().unwrap();
        s.extend_to(heap, &Budget::DEFAULT).unwrap();
        let q = s.quotient();
        assert_eq!(
            (q.order(), q.p_portion.len()),
            (sizes[0], sizes[1]),
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 15);
}

#[test]
fn every_quotient_obeys_the_order_theorems() {
    let mut checked = 0;
    for code in [
        "0.1", "0.3", "0.31", "0.33", "0.35", "0.4", "0.45", "0.51", "0.52", "0.53", "0.54", "0.6",
        "0.7", "0.71", "0.72", "0.73", "0.75", "0.76", "0.77", "0.07", "0.137", "0.123", "0.15",
        "0.17", "0.007", "0.16", "0.26", "0.34", "0.36", "0.56", "0.57", "4.7",
    ] {
        let budget =
            Budget::positions(2_000_000).with_time_limit(std::time::Duration::from_secs(1));
        let q = match misere_quotient(&rules(code), 16, &budget) {
            Ok(q) => q,
            Err(SolveError::BudgetExceeded { .. } | SolveError::TimeLimit { .. }) => continue,
            Err(e) => panic!("{code}: {e}"),
        };
        let order = q.order();
        assert_eq!(order % 2, 0, "{code}: |Q| = {order}");
        if q.p_portion.len() == 2 {
            let two_powers = (0..20).map(|n| 1usize << n);
            assert!(
                two_powers.clone().any(|m| order == m + 2 || order == m + 4),
                "{code}: |P| = 2 and |Q| = {order}"
            );
        }
        // The product table is a commutative monoid with identity 0.
        for a in 0..order {
            assert_eq!(q.product[0][a], a);
            for b in 0..order {
                assert_eq!(q.product[a][b], q.product[b][a], "{code}");
                for c in 0..order {
                    assert_eq!(
                        q.product[q.product[a][b]][c], q.product[a][q.product[b][c]],
                        "{code}"
                    );
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} quotients within the budget");
}
