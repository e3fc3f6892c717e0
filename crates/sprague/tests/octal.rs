//! Published Grundy sequences of take-and-break games: the OEIS terms in
//! `data/octal/*.txt` (each file names its source), and the published
//! preperiods and periods, found and proved by the engine.
//!
//! A data file has `#` comment lines naming the source, then
//! `ruleset: NAME`, `offset: N` (the heap of the first value), an optional
//! `period: PREPERIOD PERIOD` (the published period, with the preperiod as
//! one more than the last exceptional heap) and `values: a, b, c, ...`.

use std::fs;
use std::path::Path;

use sprague::Budget;
use sprague::rulesets::family;
use sprague::syntax::parse_ruleset;

struct Published {
    file: String,
    ruleset: String,
    offset: u64,
    period: Option<(u64, u64)>,
    values: Vec<u64>,
}

fn read(path: &Path) -> Published {
    let text = fs::read_to_string(path).unwrap();
    let mut p = Published {
        file: path.display().to_string(),
        ruleset: String::new(),
        offset: 0,
        period: None,
        values: Vec::new(),
    };
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (key, value) = line.split_once(':').expect("key: value");
        let value = value.trim();
        match key {
            "ruleset" => p.ruleset = value.to_string(),
            "offset" => p.offset = value.parse().unwrap(),
            "period" => {
                let (a, b) = value.split_once(' ').unwrap();
                p.period = Some((a.parse().unwrap(), b.parse().unwrap()));
            }
            "values" => {
                p.values = value
                    .split(',')
                    .map(|v| v.trim().parse().unwrap())
                    .collect()
            }
            _ => panic!("{}: unknown key {key}", p.file),
        }
    }
    assert!(!p.ruleset.is_empty() && !p.values.is_empty(), "{}", p.file);
    p
}

fn published() -> Vec<Published> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/octal");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(|f| read(f)).collect()
}

#[test]
fn sequences_agree_with_the_oeis() {
    let all = published();
    assert!(all.len() >= 10);
    for p in &all {
        let family = family(&parse_ruleset(&p.ruleset).unwrap()).unwrap();
        let to = p.offset + p.values.len() as u64 - 1;
        let values: Vec<u64> = family
            .grundy_values(p.offset, to, &Budget::DEFAULT)
            .unwrap()
            .into_iter()
            .map(|v| v.0)
            .collect();
        assert_eq!(values, p.values, "{}", p.file);
    }
}

#[test]
fn published_periods_are_found_and_proved() {
    let mut n_checked = 0;
    for p in published() {
        let Some((preperiod, period)) = p.period else {
            continue;
        };
        let family = family(&parse_ruleset(&p.ruleset).unwrap()).unwrap();
        let found = family
            .periodicity(&Budget::positions(4_000_000))
            .unwrap()
            .unwrap_or_else(|| panic!("{}: no period", p.file));
        assert_eq!(
            (found.preperiod, found.period, found.certified),
            (preperiod, period, true),
            "{}",
            p.file
        );
        n_checked += 1;
    }
    assert!(n_checked >= 8);
}
