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

/// Officers (0.6) beyond the OEIS terms, against what Grossman's computation
/// of its values (140 trillion heaps, no period found) established, as reported in
/// a public write-up that cites it: the second player wins only from heaps
/// 0, 1, 4, 12, 20, 30, 46, 72, 98, 124, 150, 176, 314 and 408; a value is
/// rare when its bits other than bits 0 and 4 are of even parity, and
/// exactly 1584 heaps have a rare value, the last `G(20627) = 277`; every
/// value is below 512.
#[test]
fn officers_agrees_with_grossman() {
    let family = family(&parse_ruleset("officers").unwrap()).unwrap();
    let values: Vec<u64> = family
        .grundy_values(0, (1 << 17) - 1, &Budget::DEFAULT)
        .unwrap()
        .into_iter()
        .map(|v| v.0)
        .collect();
    let zeros: Vec<usize> = (0..values.len()).filter(|&n| values[n] == 0).collect();
    assert_eq!(
        zeros,
        [0, 1, 4, 12, 20, 30, 46, 72, 98, 124, 150, 176, 314, 408]
    );
    let rare: Vec<usize> = (0..values.len())
        .filter(|&n| (values[n] & !0b1_0001).count_ones() % 2 == 0)
        .collect();
    assert_eq!(rare.len(), 1584);
    assert_eq!(rare.last().map(|&n| (n, values[n])), Some((20627, 277)));
    assert!(values.iter().all(|&v| v < 512));
}

/// What Czajka and Beling's table gives for a game's heaps `0..=to`: the
/// first heap with the largest value and that value, how many heaps have a
/// rare value (popcount of `value & mask` even) and the last of them.
fn czajka_beling_row(ruleset: &str, to: u64, mask: u64) -> (usize, u64, usize, Option<usize>) {
    let family = family(&parse_ruleset(ruleset).unwrap()).unwrap();
    let values: Vec<u64> = family
        .grundy_values(0, to, &Budget::positions(to + 1))
        .unwrap()
        .into_iter()
        .map(|v| v.0)
        .collect();
    let max = *values.iter().max().unwrap();
    let at = values.iter().position(|&v| v == max).unwrap();
    let rare: Vec<usize> = (0..values.len())
        .filter(|&n| (values[n] & mask).count_ones() % 2 == 0)
        .collect();
    (at, max, rare.len(), rare.last().copied())
}

/// The unsolved games of Tomasz Czajka's and Piotr Beling's table
/// ("Solving octal games", UnsolvedGames.md of the repository
/// beling/tczajka-octal-games on GitHub), for the heaps `0..=2^k`.
#[test]
fn unsolved_games_agree_with_czajka_and_beling() {
    // (ruleset, k, largest at, largest, mask, rare heaps, last rare)
    let rows = [
        ("officers", 21, 1_274_955, 319, 0x1ee, 1584, 20_627),
        ("grundy", 21, 763_622, 231, 0xfe, 1274, 82_860),
        ("octal[0.04]", 17, 109_363, 1024, 0x7b8, 18_860, 131_003),
        ("octal[0.06]", 17, 127_083, 1045, 0x5a0, 52_923, 131_070),
    ];
    for (ruleset, k, largest_at, largest, mask, n_rare, last_rare) in rows {
        assert_eq!(
            czajka_beling_row(ruleset, 1 << k, mask),
            (largest_at, largest, n_rare, Some(last_rare)),
            "{ruleset}"
        );
    }
}

/// Treblecross (0.007) against the same published table. Czajka and Beling
/// list 0.007 under 0.04 in their game lookup (GameLookup.md of the same
/// repository): removing three cells and leaving heaps `a, b >= 0` is
/// removing two and leaving the non-empty heaps `a + 1, b + 1`, so the
/// Treblecross value of `n` is the 0.04 value of `n + 1`. Their 0.04 row for
/// the heaps `0..=2^17` (largest 1024 first at 109 363; mask 0x7b8; 18 860
/// rare heaps, heap 0 among them; the last 131 003) therefore says, for the
/// Treblecross heaps `0..2^17`: largest 1024 first at 109 362, 18 859 rare
/// heaps, the last 131 002. Computed here as 0.007 itself, not through 0.04.
#[test]
fn treblecross_agrees_with_czajka_and_beling_through_0_04() {
    assert_eq!(
        czajka_beling_row("octal[0.007]", (1 << 17) - 1, 0x7b8),
        (109_362, 1024, 18_859, Some(131_002))
    );
}

/// The record runs' summaries of Officers (`data/records/officers-N.txt`,
/// each the output of a documented run of `table officers --to N --summary`,
/// kept because no test can compute that far: 620 000 000 heaps, and 2^32)
/// against Grossman's figures (see `officers_agrees_with_grossman`): the rare
/// heaps are the 1584 found below 2^17 (1583 listed from heap 1 on; heap 0
/// is rare too), none later, under Czajka and Beling's mask 0x1ee, and every
/// value is below 512. The rare heaps each lists are those the engine
/// computes today.
#[test]
fn the_officers_record_runs_agree_with_grossman() {
    let family = family(&parse_ruleset("officers").unwrap()).unwrap();
    let values = family.grundy_values(0, 1 << 17, &Budget::DEFAULT).unwrap();
    let computed: Vec<String> = (1..values.len())
        .filter(|&n| (values[n].0 & 0x1ee).count_ones() % 2 == 0)
        .map(|n| format!("G({n}) = {}", values[n].0))
        .collect();
    assert_eq!(computed.len() + 1, 1584);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    for to in ["620000000", "4294967296"] {
        let text = fs::read_to_string(dir.join(format!("officers-{to}.txt"))).unwrap();
        let line = |start: &str| {
            text.lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("officers-{to}.txt: no line `{start}`"))
        };
        assert_eq!(
            text.lines().find(|l| !l.starts_with('#')),
            Some(format!("officers: summary of G(0..={to})").as_str())
        );
        let largest: u64 = line(&format!("largest value in G(0..={to}): "))
            .split(": ")
            .nth(1)
            .and_then(|r| r.split(',').next())
            .and_then(|v| v.parse().ok())
            .unwrap();
        assert!(largest < 512, "{to}: {largest}");
        let rare = line(&format!("rare values in G(0..={to}) "));
        assert!(rare.contains("under the mask 494,"), "{rare}");
        let (count, listed) = rare
            .split_once("): ")
            .and_then(|(_, r)| r.split_once(" heaps: "))
            .unwrap();
        assert_eq!(count, "1583", "{to}");
        let listed: Vec<&str> = listed
            .split(", ")
            .take_while(|s| s.starts_with("G("))
            .collect();
        assert_eq!(listed.len(), 100, "{to}");
        assert_eq!(listed, computed[..100], "{to}");
    }
}
