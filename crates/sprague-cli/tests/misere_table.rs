//! `sprague table --misere`: text, JSON, CSV, summary and refused
//! combinations. The values are CGSuite's and Winning Ways' (see
//! `crates/sprague/tests/data/misere/cgsuite_heaps.txt`); the library's
//! tests check them against a plain misère search.

use super::{json, sprague, sprague_fails, sprague_ok};

#[test]
fn misere_table_text_shows_values_and_genera() {
    let out = sprague_ok(&["table", "kayles", "--misere", "--to", "11"]);
    // Winning Ways, ch. 13: 0^1 1^0 2^2 3^3 1^1 4^146 3^3 2^2 1^1 4^046 2^2 6^46,
    // written as CGSuite writes them (a nim heap without exponent).
    insta::assert_snapshot!(out, @r"
    kayles: misère G⁻ and genus of heaps 0..=11
     n  G⁻  genus
     0   1  0
     1   0  1
     2   2  2
     3   3  3
     4   0  1
     5   1  4^146
     6   3  3
     7   2  2^2
     8   1  1^1
     9   0  4^046
    10   2  2^2
    11   4  6^46
    ");
}

#[test]
fn misere_table_json_has_values_and_genus() {
    let v = json(&["table", "dawson", "--misere", "--to", "20", "--json"]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["from", "genus", "period", "ruleset", "to", "values"]);
    assert_eq!(v["ruleset"], "dawson");
    assert_eq!((v["from"].as_u64(), v["to"].as_u64()), (Some(0), Some(20)));
    // CGSuite's GameHeapTest (DawsonsKayles MisereNimValue and Genus, 0..20).
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        values,
        [
            1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3
        ]
    );
    assert_eq!(v["genus"][10], "3^1431");
    assert_eq!(v["genus"][12], "2^0520");
    assert_eq!(v["genus"].as_array().unwrap().len(), 21);
    assert!(v["period"].is_null());
}

#[test]
fn misere_table_period_is_observed_never_certified() {
    // Subtraction {1, 2}: G⁻ = 1, 0, 2, 1, 0, 2, ... (heap n moves to
    // n - 1 and n - 2, heap 0 ends play).
    let v = json(&[
        "table",
        "subtraction[1,2]",
        "--misere",
        "--period",
        "--from",
        "2",
        "--to",
        "40",
        "--json",
    ]);
    assert_eq!(v["values"][0], 2);
    assert_eq!(v["period"]["period"], 3);
    assert_eq!(v["period"]["preperiod"], 2);
    assert_eq!(v["period"]["certified"], false);
    let out = sprague_ok(&[
        "table",
        "subtraction[1,2]",
        "--misere",
        "--period",
        "--to",
        "40",
    ]);
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("period 3, preperiod 0, observed on G⁻(0..=40), not certified"),
        "{out}"
    );
}

#[test]
fn misere_table_csv_quotes_genera_with_commas() {
    let out = sprague_ok(&[
        "table",
        "octal[0.3F]",
        "--misere",
        "--from",
        "10",
        "--to",
        "12",
        "--csv",
    ]);
    // CGSuite: TakeAndBreak("0.3F") heaps 10..12, G⁻ 0, 4, 1 and genera
    // 4^0564, 5^4875, 6^(1,9,10,8).
    assert_eq!(
        out,
        "n,value,genus\n10,0,4^0564\n11,4,5^4875\n12,1,\"6^(1,9,10,8)\"\n"
    );
}

#[test]
fn misere_table_summary_lists_the_genera_that_occur() {
    let out = sprague_ok(&["table", "kayles", "--misere", "--to", "9", "--summary"]);
    insta::assert_snapshot!(out, @r"
    kayles: misère summary of G⁻(0..=9)
    largest value in G⁻(0..=9): 3, first at heap 3
    genera that occur (8): 0, 1, 2, 3, 4^146, 2^2, 1^1, 4^046
    ");
    let v = json(&[
        "table",
        "kayles",
        "--misere",
        "--to",
        "9",
        "--summary",
        "--json",
    ]);
    assert_eq!(v["largest"], 3);
    assert_eq!(v["largest_at"], 3);
    assert_eq!(v["genera"].as_array().unwrap().len(), 8);
    assert!(v.get("values").is_none());
}

#[test]
fn misere_table_refuses_what_has_no_misere_meaning() {
    for extra in [
        &["--period", "--certificate", "x.gz"][..],
        &["--checkpoint", "x.ckpt"][..],
        &["--resume", "x.ckpt"][..],
        &["--period", "--max", "100"][..],
    ] {
        let mut args = vec!["table", "kayles", "--misere"];
        args.extend_from_slice(extra);
        let (out, err, code) = sprague(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains("cannot be used with"), "{err}");
        assert!(!err.contains("panicked"));
    }
    let err = sprague_fails(&[
        "table",
        "treblecross",
        "--misere",
        "--to",
        "40",
        "--budget",
        "10000",
    ]);
    assert!(
        err.starts_with("error: position budget exceeded") && err.contains("raise --budget"),
        "{err}"
    );
    // It says how far the table fits.
    assert!(err.contains("were computed: try --to "), "{err}");
    assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1);
}
