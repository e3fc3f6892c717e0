//! Issue 35's data-driven test of the misère figures as a user reads them:
//! G⁻ and the genus of heaps 0..=20 of five games, and G⁻ of each heap
//! beside up to seven copies of `*2`, from `sprague analyze --misere
//! --json`'s `misere` object, against CGSuite's published tables where
//! `analyze_heaps.txt` names one and against a plain misère search of the
//! whole sum elsewhere (the library's `tests/support/misere_search.rs`,
//! written from the definition).

use std::collections::HashMap;

use sprague::Position;

use super::json;

#[path = "../../sprague/tests/support/misere_search.rs"]
mod misere_search;
use misere_search::{brute_misere_grundy, data as rows, shown_exponents, split_genera};

#[test]
fn analyze_misere_json_matches_published_genera() {
    // CGSuite's rows: game -> (G⁻ of heaps 0..=20, genus of heaps 0..=20).
    let published: HashMap<String, (Vec<u64>, Vec<String>)> = rows("cgsuite_heaps.txt")
        .iter()
        .filter(|line| !line.starts_with("form "))
        .map(|line| {
            let f: Vec<&str> = line.split(" | ").collect();
            let values = f[2].split(',').map(|v| v.parse().unwrap()).collect();
            (f[1].to_string(), (values, split_genera(f[3])))
        })
        .collect();
    let (mut from_tables, mut searched) = (0, 0);
    for line in rows("analyze_heaps.txt") {
        let f: Vec<&str> = line.split(" | ").collect();
        let (heap, source) = (f[0], f[1]);
        let (game, shift) = match source.split_once(" shifted ") {
            Some((game, s)) => (game, s.parse::<usize>().unwrap()),
            None => (source, 0),
        };
        let table = (game != "none").then(|| &published[game]);
        let mut memo = HashMap::new();
        for n in 0..=20 {
            let text = heap.replace("{n}", &n.to_string());
            let row = table.filter(|(values, _)| n + shift < values.len());
            let mut genus = String::new();
            for k in 0..=7 {
                let sum = if k == 0 {
                    text.clone()
                } else {
                    format!("{text} + nim({})", vec!["2"; k].join(", "))
                };
                let v = json(&["analyze", "--misere", "--json", &sum]);
                let m = &v["misere"];
                let got = m["grundy"]
                    .as_u64()
                    .unwrap_or_else(|| panic!("{sum}: no misère Grundy value in {v}"));
                if k == 0 {
                    genus = m["genus"]
                        .as_str()
                        .unwrap_or_else(|| panic!("{sum}: no genus in {v}"))
                        .to_string();
                }
                let shown = shown_exponents(&genus);
                let want = match row {
                    Some((values, genera)) if k == 0 => {
                        assert_eq!(genus, genera[n + shift], "genus of {text}");
                        from_tables += 1;
                        values[n + shift]
                    }
                    Some(_) if k < shown.len() => {
                        from_tables += 1;
                        u64::from(shown[k])
                    }
                    _ => {
                        searched += 1;
                        let p = Position::parse(&sum).unwrap();
                        u64::from(brute_misere_grundy(p.components(), &mut memo))
                    }
                };
                assert_eq!(got, want, "G⁻ of {sum} (genus of {text}: {genus})");
                if k < shown.len() {
                    // The genus' own exponent is the sum's G⁻, as defined.
                    assert_eq!(got, u64::from(shown[k]), "γ{k} of {text}: {genus}");
                }
            }
        }
    }
    assert_eq!(from_tables + searched, 5 * 21 * 8);
    // Four of the five games are read against a published table.
    assert!(from_tables > 4 * 21, "{from_tables} rows from tables");
}
