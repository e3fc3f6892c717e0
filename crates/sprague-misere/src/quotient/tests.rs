//! The quotient against the definition: a misère search over whole sums.

use std::collections::HashMap;

use super::monoid::Table;
use super::verify::least_failure;
use super::*;
use sprague_impartial::octal::OctalCode;

/// Whether the player to move loses the sum `heaps` (sorted) under misère
/// play, by searching every option.
fn lost(rules: &TakeBreak, heaps: Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&v) = memo.get(&heaps) {
        return v;
    }
    let mut has_move = false;
    let mut wins = false;
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        let mut options = Vec::new();
        rules.for_each_option(heaps[i], |_, left| options.push(left.to_vec()));
        for o in options {
            has_move = true;
            let mut next: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            next.extend(o);
            next.sort_unstable();
            if lost(rules, next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let v = has_move && !wins;
    memo.insert(heaps, v);
    v
}

/// Every sum of up to `k` heaps of at most `max`.
fn sums(k: usize, max: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..k {
        let mut next = Vec::new();
        for s in &layer {
            let from = s.last().copied().unwrap_or(0);
            for h in from..=max {
                let mut t: Vec<usize> = s.clone();
                t.push(h);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

fn check_against_search(code: &str, max: usize, k: usize) -> MisereQuotient {
    let rules = TakeBreak::from_code(&OctalCode::parse(code).unwrap());
    let q = misere_quotient(&rules, max as u64, &Budget::default()).unwrap();
    assert_eq!(q.order() % 2, 0, "{code}: |Q| = {} is odd", q.order());
    let mut memo = HashMap::new();
    for s in sums(k, max) {
        let heaps: Vec<u64> = s.iter().map(|&h| h as u64).collect();
        assert_eq!(
            q.is_p(&heaps),
            Some(lost(&rules, s.clone(), &mut memo)),
            "{code}: sum {s:?}"
        );
    }
    q
}

#[test]
fn quotients_predict_the_search_on_small_sums() {
    for code in [
        "0.75", "0.77", "0.07", "0.137", "0.123", "0.6", "0.007", "0.51", "0.31", "0.15", "0.17",
        "0.34", "0.41", "0.43",
    ] {
        let q = check_against_search(code, 12, 4);
        eprintln!(
            "{code}: |Q| = {} gens {:?} tame {}",
            q.order(),
            q.generator_heaps,
            q.tame
        );
    }
}

/// Whether the candidate `(table, p, phi)` gets the sum `word` (heaps,
/// any order) wrong given its options' predictions, from the definition:
/// every option's element is found by making the move in the sum.
fn fails(
    table: &Table,
    p: &[bool],
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    word: &[usize],
) -> bool {
    let element = |w: &mut dyn Iterator<Item = usize>| w.fold(0, |x, h| table.mul(x, phi[h]));
    let x = element(&mut word.iter().copied());
    let mut any_option = false;
    let mut p_option = false;
    for i in 0..word.len() {
        for o in &options[word[i]] {
            any_option = true;
            let rest = word[..i].iter().chain(&word[i + 1..]).chain(o).copied();
            p_option |= p[element(&mut rest.into_iter()) as usize];
        }
    }
    let lost = any_option && !p_option;
    p[x as usize] != lost && (p[x as usize] || any_option)
}

/// Checks [`least_failure`] against every sum of heaps `1..=max`, each at
/// most `most` times, taken in the colex order (the largest heap's count
/// first): the failure returned fails, and no such sum below it does (all,
/// when none is returned). Returns the failure.
fn check_least_failure(
    table: &Table,
    p: &[bool],
    phi: &[u32],
    options: &[Vec<Vec<usize>>],
    most: u32,
) -> Option<Vec<usize>> {
    let max = phi.len() - 1;
    let mul = |a: u32, b: u32| table.mul(a, b);
    let trans: Vec<Vec<u32>> = (0..=max)
        .map(|h| transitions(&options[h], phi, &mul))
        .collect();
    let found = least_failure(table, p, phi, &trans, &Budget::default()).unwrap();
    if let Some(w) = &found {
        assert!(fails(table, p, phi, options, w), "{w:?} passes");
    }
    let mut limit = vec![0u32; max + 1];
    found.iter().flatten().for_each(|&h| limit[h] += 1);
    let below = |counts: &[u32]| {
        (1..=max)
            .rev()
            .find(|&h| counts[h] != limit[h])
            .is_some_and(|h| counts[h] < limit[h])
    };
    let mut counts = vec![0u32; max + 1];
    loop {
        if found.is_some() && !below(&counts) {
            break;
        }
        let word: Vec<usize> = (1..=max)
            .flat_map(|h| std::iter::repeat_n(h, counts[h] as usize))
            .collect();
        assert!(
            !fails(table, p, phi, options, &word),
            "{word:?} fails below {found:?}"
        );
        // The next sum: a count in mixed radix, heap 1 the lowest digit.
        let Some(h) = (1..=max).find(|&h| counts[h] < most) else {
            break;
        };
        counts[h] += 1;
        counts[1..h].iter_mut().for_each(|c| *c = 0);
    }
    found
}

/// Candidates near a quotient: the quotient itself (no failure), each
/// element's outcome flipped, and the last heap pretending to be each
/// element.
#[test]
fn least_failure_of_altered_quotients() {
    let max = 9;
    let mut failures = 0;
    for code in ["0.07", "0.137", "0.77", "0.6", "0.123"] {
        let rules = TakeBreak::from_code(&OctalCode::parse(code).unwrap());
        let mut solver = QuotientSolver::new(rules);
        solver.extend_to(max as u64, &Budget::default()).unwrap();
        let known = &solver.known;
        let table = &known.table;
        let options = &solver.options;
        assert_eq!(
            check_least_failure(table, &known.p, &known.phi, options, 2),
            None,
            "{code}"
        );
        for x in 0..table.order {
            let mut p = known.p.clone();
            p[x] = !p[x];
            failures +=
                usize::from(check_least_failure(table, &p, &known.phi, options, 2).is_some());
            let mut phi = known.phi.clone();
            phi[max] = x as u32;
            failures +=
                usize::from(check_least_failure(table, &known.p, &phi, options, 2).is_some());
        }
    }
    assert!(failures > 100);
}

/// The solvers of `code` to heap `h` and to heap `h - 1`, and the first
/// trial monoid for heap `h`: the quotient of heaps `0..h` times a cycle
/// for the new heap, unverified.
fn first_trial(code: &str, h: usize) -> (QuotientSolver, QuotientSolver, Trial) {
    let rules = TakeBreak::from_code(&OctalCode::parse(code).unwrap());
    let mut solver = QuotientSolver::new(rules.clone());
    solver.extend_to(h as u64, &Budget::default()).unwrap();
    let mut before = QuotientSolver::new(rules);
    before.extend_to(h as u64 - 1, &Budget::default()).unwrap();
    let freed = [(
        h,
        Cyclic {
            index: 2,
            period: 2,
        },
    )];
    let known = &before.known;
    let t = trial(
        &known.table,
        &known.phi,
        &freed,
        &solver.options,
        h,
        false,
        &Budget::default(),
    )
    .unwrap();
    (solver, before, t)
}

/// The first trial monoids of heaps where a quotient grows (the old
/// quotient times a cycle for the new heap), whose failures, if any, are
/// deeper: 0.07's at heap 10 fails first on the sum 2 + 4 + 4 + 4 + 10
/// (MisereSolver's log says the same).
#[test]
fn least_failure_of_first_trials() {
    let mut deep = 0;
    for (code, h) in [
        ("0.07", 10),
        ("0.137", 9),
        ("0.77", 9),
        ("0.123", 8),
        ("0.6", 7),
        ("0.6", 3),
        ("0.34", 10),
    ] {
        let (solver, _, t) = first_trial(code, h);
        let found = check_least_failure(&t.table, &t.p, &t.phi, &solver.options, 3);
        // MisereSolver's log (MISERE_SOLVER_TRIALS=1
        // peers/misere-solver/run.sh CODE HEAP) names the same sums.
        if code == "0.07" {
            assert_eq!(found, Some(vec![2, 4, 4, 4, 10]));
        }
        if code == "0.34" {
            assert_eq!(found, Some(vec![4, 4, 4, 10]));
        }
        deep += usize::from(found.is_some_and(|w| w.len() >= 3));
    }
    assert!(deep >= 2);
}

/// A first trial (the old quotient times a cycle for the new heap) marks
/// every sum without the new heap as the search finds it: the marking
/// reaches a sum's options before the sum. Where heaps share an element and
/// options' elements, keeping the larger in the marking broke this (0.34 at
/// heap 10 marked heap 4 lost before heap 3 was reached).
#[test]
fn first_trials_are_right_below_the_new_heap() {
    for (code, h) in [
        ("0.34", 10),
        ("0.15", 14),
        ("0.17", 10),
        ("0.41", 11),
        ("0.43", 11),
        ("0.07", 10),
    ] {
        let (solver, before, t) = first_trial(code, h);
        assert!(
            before.known.table.order < solver.known.table.order,
            "{code} grows at {h}"
        );
        let rules = &solver.rules;
        let mut memo = HashMap::new();
        for s in sums(3, h - 1) {
            let x = s.iter().fold(0, |x, &g| t.table.mul(x, t.phi[g]));
            assert_eq!(
                t.p[x as usize],
                lost(rules, s.clone(), &mut memo),
                "{code} at heap {h}: sum {s:?}"
            );
        }
    }
}
