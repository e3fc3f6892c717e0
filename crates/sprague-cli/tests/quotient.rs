//! `sprague quotient`: the JSON shape of the spec, the text, and bad input.

use super::{json, sprague, sprague_ok};

#[test]
fn quotient_json_has_the_spec_fields() {
    let v = json(&["quotient", "octal[0.75]", "--json"]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut spec = [
        "ruleset",
        "heaps",
        "order",
        "tame",
        "generators",
        "relations",
        "elements",
        "product",
        "p_portion",
        "heap_elements",
        "stable",
        "stable_from",
    ];
    spec.sort_unstable();
    assert_eq!(keys, spec);
    assert_eq!(v["ruleset"], "octal[0.75]");
    // R_8 (Plambeck and Siegel), proved for every heap size.
    assert_eq!(v["order"], 8);
    assert_eq!(v["tame"], false);
    assert_eq!(v["stable"], true);
    assert_eq!(v["elements"][0], "1");
    let heaps = v["heaps"].as_u64().unwrap();
    assert!(v["stable_from"].as_u64().unwrap() <= heaps);
    assert_eq!(
        v["heap_elements"].as_array().unwrap().len() as u64,
        heaps + 1
    );
    assert_eq!(v["product"].as_array().unwrap().len(), 8);
    // Heap 1 alone is lost (its only move leaves nothing), heap 0 won.
    let p: Vec<u64> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert!(p.contains(&v["heap_elements"][1].as_u64().unwrap()));
    assert!(!p.contains(&0));
}

#[test]
fn quotient_with_heaps_stops_there() {
    let v = json(&["quotient", "dawson", "--heaps", "10", "--json"]);
    assert_eq!(v["ruleset"], "dawson");
    assert_eq!(v["heaps"], 10);
    assert_eq!(v["stable"], false);
    assert_eq!(v["stable_from"], serde_json::Value::Null);
    assert_eq!(v["order"].as_u64().unwrap() % 2, 0);
}

#[test]
fn quotient_text_shows_a_tame_game() {
    let out = sprague_ok(&["quotient", "octal[0.33]", "--heaps", "6"]);
    insta::assert_snapshot!(out, @r"
    misère quotient of octal[0.33], heaps 0..=6
    order 6, P-portion of 2, tame
    generators: a = heap 1, b = heap 2
    relations: a^2 = 1, b^3 = b
    elements: 1 a b ab b^2 ab^2
    P-portion: a b^2
    pretending function (heap n: element):
          0+  1 a b 1 a b 1
    multiplication table:
           |    1    a    b   ab  b^2 ab^2
         1 |    1    a    b   ab  b^2 ab^2
         a |    a    1   ab    b ab^2  b^2
         b |    b   ab  b^2 ab^2    b   ab
        ab |   ab    b ab^2  b^2   ab    b
       b^2 |  b^2 ab^2    b   ab  b^2 ab^2
      ab^2 | ab^2  b^2   ab    b ab^2  b^2
    not proved stable: the quotient is for heaps 0..=6 only
    ");
}

#[test]
fn a_quotient_stopped_by_the_budget_says_how_far_it_got() {
    // Officers' quotient has 304 elements through heap 16 (MisereSolver
    // agrees, BENCHMARKS "MisereSolver as a peer"); heap 17 needs far more
    // than a budget of a million positions.
    let (out, err, code) = sprague(&[
        "quotient", "officers", "--heaps", "20", "--budget", "1000000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: position budget exceeded"), "{err}");
    let reached = err
        .split("heaps 0..=")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no heap reached in {err}"));
    assert!(reached < 20, "{err}");
    assert!(err.contains(&format!("--heaps {reached}`")), "{err}");
    // What it names can be had.
    let v = json(&[
        "quotient",
        "officers",
        "--heaps",
        &reached.to_string(),
        "--json",
        "--budget",
        "1000000",
    ]);
    assert_eq!(v["heaps"], reached);
    assert!(err.contains(&format!("({} elements)", v["order"])), "{err}");
}

#[test]
fn quotient_rejects_bad_rulesets_with_exit_2() {
    for (args, message) in [
        (&["quotient", "nosuch"][..], "unknown ruleset `nosuch`"),
        (&["quotient", "nim"][..], "takes a take-and-break game"),
        (
            &["quotient", "kayles", "--heaps", "99999999999"][..],
            "up to heap",
        ),
    ] {
        let (out, err, code) = sprague(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.starts_with("error: ") && err.contains(message), "{err}");
        assert!(!err.contains("panicked"));
        assert_eq!(err.lines().filter(|l| l.starts_with("error")).count(), 1);
    }
    let (out, _, code) = sprague(&["quotient", "nim", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["error"].as_str().unwrap().contains("take-and-break"));
}
