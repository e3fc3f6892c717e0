//! The misère side's independent references, shared by the library's
//! tests (`tests/misere.rs`) and the command line's
//! (`crates/sprague-cli/tests/misere_genus.rs`): a plain misère search of
//! whole sums, written from the definition and sharing nothing with the
//! engine's misère code, and readers of CGSuite's genus symbols.

// Each test crate that includes this file uses a part of it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::Arc;

use sprague::{Budget, Component, Key, Kind};

/// Splits CGSuite's list of genera at the commas outside parentheses.
pub fn split_genera(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        out.last_mut().unwrap().push(c);
    }
    out
}

/// The misère Grundy value of a sum by the definition: 1 at the end, else
/// the mex of the options' values, searching the whole sum.
pub fn brute_misere_grundy(
    components: &[Arc<dyn Component>],
    memo: &mut HashMap<Vec<Key>, u32>,
) -> u32 {
    let mut key: Vec<Key> = components.iter().map(|c| c.key()).collect();
    key.sort();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    let mut any = false;
    for i in 0..components.len() {
        let Kind::Impartial(g) = components[i].kind() else {
            panic!("impartial only")
        };
        for m in g.moves(&Budget::DEFAULT).unwrap() {
            any = true;
            let mut next: Vec<Arc<dyn Component>> = components
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, c)| Arc::clone(c))
                .collect();
            next.extend(m.to.iter().cloned());
            let v = brute_misere_grundy(&next, memo) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
    }
    let value = if any {
        seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
    } else {
        1
    };
    memo.insert(key, value);
    value
}

/// The exponents a genus symbol shows, `4^146` -> [1, 4, 6],
/// `6^(1,9,10,8)` -> [1, 9, 10, 8], `3` -> [].
pub fn shown_exponents(genus: &str) -> Vec<u32> {
    let Some((_, exponents)) = genus.split_once('^') else {
        return Vec::new();
    };
    match exponents.strip_prefix('(') {
        Some(list) => list
            .trim_end_matches(')')
            .split(',')
            .map(|e| e.parse().unwrap())
            .collect(),
        None => exponents.chars().map(|c| c.to_digit(10).unwrap()).collect(),
    }
}

/// The rows of a data file of `tests/data/misere/` (the library's), without
/// blank lines and `#` comments.
pub fn data(name: &str) -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../sprague/tests/data/misere/");
    std::fs::read_to_string(format!("{dir}{name}"))
        .expect("data file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}
