//! The quotient against the definition: a misère search over whole sums.

use std::collections::HashMap;

use super::*;
use crate::octal::OctalCode;

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
        "0.75", "0.77", "0.07", "0.137", "0.123", "0.6", "0.007", "0.51", "0.31", "0.15",
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
