//! `sprague table NAME --field ... --where ... --layout ...`: every figure,
//! filter and layout checked against `analyze --json` of the same
//! positions, one process per position (never against the table's own
//! output); Partizan Euclid's case study (CGSuite's tutorial "CGSuite In
//! Action") against an evaluation of Euclid's positions written here from
//! CGSuite's rules.

use serde_json::Value;

use super::{json, sprague_fails, sprague_ok};

/// Every figure of normal play a table gives, by its name in the JSON.
const FIELDS: [&str; 13] = [
    "value",
    "outcome",
    "grundy",
    "left_stop",
    "right_stop",
    "mean",
    "temperature",
    "birthday",
    "atomic_weight",
    "reduced",
    "stop_count",
    "thermograph",
    "incentives",
];

/// The figure `name` in the JSON of `analyze`.
fn analyzed<'a>(analysis: &'a Value, name: &str) -> &'a Value {
    match name {
        "value" | "outcome" | "grundy" => &analysis[name],
        _ => &analysis["cgt"][name],
    }
}

fn analyze(position: &str, misere: bool) -> Value {
    if misere {
        json(&["analyze", position, "--misere", "--json"])
    } else {
        json(&["analyze", position, "--json"])
    }
}

/// The positions of a table's JSON, in order: `NAME(n)` or `NAME(a, b)`.
fn positions(ruleset: &str, from: &[u64], to: &[u64]) -> Vec<String> {
    match from.len() {
        1 => (from[0]..=to[0])
            .map(|n| format!("{ruleset}({n})"))
            .collect(),
        _ => (from[0]..=to[0])
            .flat_map(|a| (from[1]..=to[1]).map(move |b| format!("{ruleset}({a}, {b})")))
            .collect(),
    }
}

/// A column of a table's JSON, a grid's flattened row by row.
fn flat(t: &Value, field: &str) -> Vec<Value> {
    let column = t["columns"][field].as_array().unwrap();
    if t.get("rows").is_some() {
        column
            .iter()
            .flat_map(|row| row.as_array().unwrap().clone())
            .collect()
    } else {
        column.clone()
    }
}

#[test]
fn every_field_is_what_analyze_gives_over_every_kind_of_family() {
    let fields = FIELDS.join(",");
    for (ruleset, from, to) in [
        // A partizan heap game (one coordinate), refused before.
        ("subtraction[1,3|2,3]", "0", "9"),
        // Partizan, two coordinates.
        ("euclid", "1x1", "6x6"),
        // Impartial, one coordinate and two.
        ("kayles", "0", "12"),
        ("wythoff", "0x0", "3x4"),
    ] {
        let t = json(&[
            "table", ruleset, "--from", from, "--to", to, "--field", &fields, "--json",
        ]);
        let coordinates = |v: &Value| -> Vec<u64> {
            match v {
                Value::Array(a) => a.iter().map(|x| x.as_u64().unwrap()).collect(),
                x => vec![x.as_u64().unwrap()],
            }
        };
        let all = positions(ruleset, &coordinates(&t["from"]), &coordinates(&t["to"]));
        assert_eq!(t["fields"], serde_json::json!(FIELDS), "{ruleset}");
        let columns: Vec<Vec<Value>> = FIELDS.iter().map(|f| flat(&t, f)).collect();
        for (i, position) in all.iter().enumerate() {
            let a = analyze(position, false);
            for (f, name) in FIELDS.iter().enumerate() {
                assert_eq!(
                    &columns[f][i],
                    analyzed(&a, name),
                    "{position}: {name} in the table and in analyze"
                );
            }
        }
    }
}

#[test]
fn misere_fields_are_what_analyze_gives() {
    let t = json(&[
        "table",
        "kayles",
        "--misere",
        "--to",
        "10",
        "--field",
        "grundy,genus,outcome",
        "--json",
    ]);
    for n in 0..=10usize {
        let a = analyze(&format!("kayles({n})"), true);
        assert_eq!(
            t["columns"]["grundy"][n], a["misere"]["grundy"],
            "kayles({n})"
        );
        assert_eq!(
            t["columns"]["genus"][n], a["misere"]["genus"],
            "kayles({n})"
        );
        assert_eq!(t["columns"]["outcome"][n], a["outcome"], "kayles({n})");
    }
}

#[test]
fn a_figure_of_a_figure_is_that_figure_of_the_game_analyzed() {
    // atomic_weight.temperature: the atomic weight analyzed as a game.
    let t = json(&[
        "table",
        "euclid",
        "--from",
        "6x6",
        "--to",
        "9x10",
        "--field",
        "atomic_weight,atomic_weight.temperature,atomic_weight.stop_count",
        "--json",
    ]);
    let weights = flat(&t, "atomic_weight");
    let temperatures = flat(&t, "atomic_weight.temperature");
    let counts = flat(&t, "atomic_weight.stop_count");
    for (i, position) in positions("euclid", &[6, 6], &[9, 10]).iter().enumerate() {
        let a = analyze(position, false);
        let w = analyzed(&a, "atomic_weight");
        assert_eq!(&weights[i], w, "{position}");
        match w.as_str() {
            None => assert!(
                temperatures[i].is_null() && counts[i].is_null(),
                "{position}"
            ),
            Some(w) => {
                let of_w = json(&["analyze", "--json", "--", w]);
                assert_eq!(temperatures[i], of_w["cgt"]["temperature"], "{position}");
                assert_eq!(counts[i], of_w["cgt"]["stop_count"], "{position}");
            }
        }
    }
}

/// A dyadic rational in CGSuite's text (`-3/4`) as a float: exact for the
/// small ones of these tests.
fn number(text: &str) -> f64 {
    match text.split_once('/') {
        Some((n, d)) => n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
        None => text.parse().unwrap(),
    }
}

#[test]
fn where_keeps_exactly_the_positions_analyze_says_satisfy_it() {
    type Check = fn(&Value) -> bool;
    let cases: [(&str, &str, &str, &str, Check); 5] = [
        (
            "euclid",
            "1x1",
            "9x9",
            "atomic_weight != 0 and outcome == N",
            |a| a["cgt"]["atomic_weight"].as_str().is_some_and(|w| w != "0") && a["outcome"] == "N",
        ),
        ("subtraction[1,3|2,3]", "0", "14", "temperature > 0", |a| {
            number(a["cgt"]["temperature"].as_str().unwrap()) > 0.0
        }),
        (
            "subtraction[1,3|2,3]",
            "0",
            "14",
            "mean >= 1/2 and birthday < 6",
            |a| {
                number(a["cgt"]["mean"].as_str().unwrap()) >= 0.5
                    && a["cgt"]["birthday"].as_u64().unwrap() < 6
            },
        ),
        ("kayles", "0", "20", "grundy == 0", |a| a["grundy"] == 0),
        ("euclid", "1x1", "7x7", "value < 0", |a| {
            // Negative: Right wins whoever starts.
            a["outcome"] == "R"
        }),
    ];
    for (ruleset, from, to, expr, check) in cases {
        let t = json(&[
            "table", ruleset, "--from", from, "--to", to, "--field", "value", "--where", expr,
            "--json",
        ]);
        let coordinates = |v: &Value| -> Vec<u64> {
            match v {
                Value::Array(a) => a.iter().map(|x| x.as_u64().unwrap()).collect(),
                x => vec![x.as_u64().unwrap()],
            }
        };
        let all = positions(ruleset, &coordinates(&t["from"]), &coordinates(&t["to"]));
        let expected: Vec<&String> = all.iter().filter(|p| check(&analyze(p, false))).collect();
        let listed: Vec<String> = t["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| match p.get("n") {
                Some(n) => format!("{ruleset}({n})"),
                None => format!("{ruleset}({}, {})", p["a"], p["b"]),
            })
            .collect();
        assert_eq!(
            listed.iter().collect::<Vec<_>>(),
            expected,
            "{ruleset} --where {expr}"
        );
        assert_eq!(t["count"], expected.len(), "{expr}");
        assert!(
            !expected.is_empty(),
            "{expr}: a filter that keeps nothing checks little"
        );
    }
}

#[test]
fn a_bad_where_or_field_is_refused_saying_where() {
    let refused: [(&[&str], &str); 10] = [
        (
            &["euclid", "--where", "atomic_weight.temprature > 0"],
            "`atomic_weight.temprature` is not a field",
        ),
        (
            &["euclid", "--where", "outcome > N"],
            "compare it with == or != only",
        ),
        (
            &["euclid", "--where", "temperature > 0 and"],
            "a comparison is missing",
        ),
        (
            &["kayles", "--where", "birthday > x"],
            "birthday is a whole number: `x` is not one",
        ),
        (&["kayles", "--where", "temperature"], "has no comparison"),
        (
            &["euclid", "--field", "value,bogus"],
            "`bogus` is not a field of the table (the fields: value, outcome, grundy,",
        ),
        (
            &["euclid", "--field", "outcome.temperature"],
            "outcome is not a game",
        ),
        (&["kayles", "--layout", "0"], "is not a row length"),
        (
            &["euclid", "--field", "value", "--layout", "5"],
            "a layout lays out a sequence",
        ),
        (
            &["kayles", "--misere", "--field", "temperature"],
            "is not a field of the table (the fields: outcome, grundy, genus",
        ),
    ];
    for (args, expected) in refused {
        let err = sprague_fails(&[&["table"], args].concat());
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    // The carets under what is wrong: the field, then the operator.
    let err = sprague_fails(&["table", "euclid", "--where", "atomic_weight.temprature > 0"]);
    assert!(err.contains("\n  ^^^^^^^^^^^^^^^^^^^^^^^^\n"), "{err}");
    let err = sprague_fails(&["table", "euclid", "--where", "outcome > N"]);
    assert!(err.ends_with("\n          ^\n"), "{err}");
}

#[test]
fn layouts_hold_what_analyze_gives_k_to_a_row() {
    // Text: rows led by their first n, as CGSuite's PeriodicTable.
    let out = sprague_ok(&["table", "kayles", "--to", "25", "--layout", "12"]);
    let grundy = |n: u64| {
        analyze(&format!("kayles({n})"), false)["grundy"]
            .as_u64()
            .unwrap()
    };
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("kayles(n): grundy for n = 0..=25, 12 to a row")
    );
    for (row, line) in lines.enumerate() {
        let mut words = line.split_whitespace();
        let first = (row * 12) as u64;
        assert_eq!(words.next(), Some(format!("{first}:").as_str()));
        let values: Vec<u64> = words.map(|w| w.parse().unwrap()).collect();
        let expected: Vec<u64> = (first..(first + 12).min(26)).map(grundy).collect();
        assert_eq!(values, expected, "row {row}");
    }
    // JSON and CSV of a partizan sequence, 4 to a row.
    // The one table, asked for in each format.
    let table = |format| {
        [
            "table",
            "subtraction[1,3|2,3]",
            "--to",
            "9",
            "--field",
            "temperature",
            "--layout",
            "4",
            format,
        ]
    };
    let t = json(&table("--json"));
    assert_eq!(t["layout"]["k"], 4);
    let rows = t["layout"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let csv = sprague_ok(&table("--csv"));
    let mut csv = csv.lines();
    assert_eq!(csv.next(), Some("n,+0,+1,+2,+3"));
    for (r, row) in rows.iter().enumerate() {
        let n = row["n"].as_u64().unwrap();
        assert_eq!(n, 4 * r as u64);
        let line = csv.next().unwrap();
        let mut cells = line.split(',');
        assert_eq!(cells.next(), Some(n.to_string().as_str()));
        for (i, v) in row["values"].as_array().unwrap().iter().enumerate() {
            let a = analyze(&format!("subtraction[1,3|2,3]({})", n + i as u64), false);
            assert_eq!(v, &a["cgt"]["temperature"]);
            assert_eq!(cells.next(), a["cgt"]["temperature"].as_str());
        }
    }
}

#[test]
fn layout_by_the_period_uses_the_period_found() {
    // octal[0.07] (Dawson's Kayles): period 34 from heap 53, certified.
    let t = json(&["table", "octal[0.07]", "--layout", "period", "--json"]);
    assert_eq!(t["period"]["period"], 34);
    assert_eq!(t["period"]["certified"], true);
    assert_eq!(t["layout"]["k"], 34);
    let rows = t["layout"]["rows"].as_array().unwrap();
    for (r, row) in rows.iter().enumerate().take(2) {
        for (i, v) in row["values"].as_array().unwrap().iter().enumerate() {
            let n = 34 * r + i;
            assert_eq!(
                v,
                &analyze(&format!("octal[0.07]({n})"), false)["grundy"],
                "heap {n}"
            );
        }
    }
}

#[test]
fn a_figures_period_is_seen_not_certified() {
    // Partizan Euclid's row p = 10 (CGSuite's `row.PeriodicTable(10)`):
    // period 10, each place of the period adding its own saltus.
    let t = json(&[
        "table",
        "euclid",
        "--from",
        "10x1",
        "--to",
        "10x100",
        "--field",
        "atomic_weight",
        "--period",
        "--json",
    ]);
    let p = &t["period"];
    assert_eq!(
        (p["period"].as_u64(), p["certified"].as_bool()),
        (Some(10), Some(false))
    );
    let start = p["preperiod"].as_u64().unwrap();
    let saltus: Vec<i64> = p["saltus_by_place"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().parse().unwrap())
        .collect();
    // Checked on analyze's atomic weights, integers from q = 21 on.
    let weight = |q: u64| -> i64 {
        let a = analyze(&format!("euclid(10, {q})"), false);
        a["cgt"]["atomic_weight"].as_str().unwrap().parse().unwrap()
    };
    for q in (start.max(21)..=90).step_by(7) {
        let place = ((q - start) % 10) as usize;
        assert_eq!(weight(q + 10) - weight(q), saltus[place], "q = {q}");
    }
    // Kayles' Grundy values as a field: the period 12 seen from heap 71
    // once the table is long enough (Guy and Smith 1956).
    let t = json(&[
        "table", "kayles", "--to", "200", "--field", "grundy", "--period", "--json",
    ]);
    assert_eq!(
        (
            t["period"]["period"].as_u64(),
            t["period"]["preperiod"].as_u64()
        ),
        (Some(12), Some(71))
    );
}

/// Partizan Euclid from CGSuite's definition (`constants.cgs`): `(p, q)`
/// is over when `q == 0` or `q` divides `p`; otherwise Left moves to
/// `(q, p % q)` and Right to `(q, q - p % q)`. Canonical forms by plain
/// recursion here (the depth is Euclid's number of steps, under 12 for
/// numbers up to 200), in an arena of the engine's.
struct Euclid {
    arena: sprague::CanonicalArena,
    memo: std::collections::HashMap<(u64, u64), sprague::GameId>,
}

impl Euclid {
    fn value(&mut self, p: u64, q: u64) -> sprague::GameId {
        if let Some(&g) = self.memo.get(&(p, q)) {
            return g;
        }
        let g = if q == 0 || p % q == 0 {
            self.arena.zero()
        } else {
            let left = self.value(q, p % q);
            let right = self.value(q, q - p % q);
            self.arena.form(&[left], &[right]).unwrap()
        };
        self.memo.insert((p, q), g);
        g
    }
}

#[test]
fn partizan_euclid_case_study_counts_agree_with_a_plain_evaluation() {
    // CGSuite's own test of `game.heap.PartizanEuclid` (GameHeapTest.scala):
    // [euc((8, n)).CanonicalForm for n from 0 to 8] = [0,0,0,v,0,0,^,^5,0].
    let t = json(&[
        "table", "euclid", "--from", "8x0", "--to", "8x8", "--field", "value", "--json",
    ]);
    assert_eq!(
        t["columns"]["value"],
        serde_json::json!([["0", "0", "0", "v", "0", "0", "^", "^5", "0"]])
    );
    let mut euclid = Euclid {
        arena: sprague::CanonicalArena::new(sprague::Budget::DEFAULT),
        memo: Default::default(),
    };
    let mut thermography = sprague::Thermography::new();
    // The 15 x 15 tables of values and atomic weights.
    let t = json(&[
        "table",
        "euclid",
        "--from",
        "1x1",
        "--to",
        "15x15",
        "--field",
        "value,atomic_weight",
        "--json",
    ]);
    for p in 1..=15u64 {
        for q in 1..=15u64 {
            let g = euclid.value(p, q);
            let value = euclid.arena.display(g).unwrap();
            let cell = |f: &str| t["columns"][f][(p - 1) as usize][(q - 1) as usize].clone();
            assert_eq!(cell("value"), value.as_str(), "({p}, {q})");
            let w = sprague::atomic_weight(&mut euclid.arena, g).unwrap();
            let w = w.map(|w| euclid.arena.display(w).unwrap());
            assert_eq!(cell("atomic_weight").as_str(), w.as_deref(), "({p}, {q})");
        }
    }
    // Every position up to 200 x 200 with a hot atomic weight, and those
    // whose atomic weight has more than two stops (hot, and not).
    let big = |field: &str, expr: &str| {
        let t = json(&[
            "table", "euclid", "--from", "1x1", "--to", "200x200", "--field", field, "--where",
            expr, "--json",
        ]);
        assert_eq!(t["examined"], 40_000);
        t
    };
    let count = |expr: &str| big("atomic_weight", expr)["count"].as_u64().unwrap();
    let (mut hot, mut multistop, mut tiny) = (0u64, 0u64, 0u64);
    for p in 1..=200u64 {
        for q in 1..=200u64 {
            let g = euclid.value(p, q);
            let Some(w) = sprague::atomic_weight(&mut euclid.arena, g).unwrap() else {
                continue;
            };
            let temperature = thermography
                .thermograph(&mut euclid.arena, w)
                .unwrap()
                .temperature;
            let stops = sprague::stop_count(&mut euclid.arena, w).unwrap();
            let many = stops > 2u32.into();
            hot += u64::from(temperature > sprague::Dyadic::ZERO);
            multistop += u64::from(temperature > sprague::Dyadic::ZERO && many);
            tiny += u64::from(temperature == sprague::Dyadic::ZERO && many);
        }
    }
    assert_eq!(count("atomic_weight.temperature > 0"), hot);
    // The counts docs/examples/partizan-euclid.md prints.
    assert_eq!((hot, multistop, tiny), (2882, 27, 32));
    assert_eq!(
        count("atomic_weight.temperature > 0 and atomic_weight.stop_count > 2"),
        multistop
    );
    assert_eq!(
        count("atomic_weight.temperature == 0 and atomic_weight.stop_count > 2"),
        tiny
    );
    // What the tutorial finds: many hot ones, a manageable list with more
    // stops, and infinitesimal parts beyond 0 and *.
    assert!(
        hot > 1000 && multistop > 0 && multistop < 100 && tiny > 0,
        "{hot} {multistop} {tiny}"
    );
    // "All of the first 100 values are simple switches": CGSuite lists
    // `[euc((p,q)) for q from 1 to 200 for p from 1 to 200]`, q outside.
    let t = big("atomic_weight.stop_count", "atomic_weight.temperature > 0");
    let mut listed: Vec<(u64, u64, String)> = t["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let count = p["atomic_weight.stop_count"].as_str().unwrap().to_string();
            (p["b"].as_u64().unwrap(), p["a"].as_u64().unwrap(), count)
        })
        .collect();
    listed.sort();
    assert!(
        listed[..100].iter().all(|(_, _, c)| c == "2"),
        "{:?}",
        &listed[..100]
    );
    // "Indeed, we see 6+Tiny(1), 7+Tiny(2), 8+Tiny(3), 9+Tiny(4)".
    let t = big(
        "atomic_weight",
        "atomic_weight.temperature == 0 and atomic_weight.stop_count > 2",
    );
    let weights: Vec<&str> = t["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["atomic_weight"].as_str().unwrap())
        .collect();
    for w in ["6Tiny(1)", "7Tiny(2)", "8Tiny(3)", "9Tiny(4)"] {
        assert!(weights.contains(&w), "{w} in {weights:?}");
    }
    // "the positions (p, p + 1) seem to have increasingly hot atomic
    // weight": from p = 7 on, each hotter than the last.
    let t = json(&[
        "table",
        "euclid",
        "--from",
        "1x1",
        "--to",
        "15x16",
        "--field",
        "atomic_weight.temperature",
        "--json",
    ]);
    let temperature = |p: usize| {
        number(
            t["columns"]["atomic_weight.temperature"][p - 1][p]
                .as_str()
                .unwrap(),
        )
    };
    for p in 7..15 {
        assert!(
            temperature(p + 1) > temperature(p) && temperature(p) > 0.0,
            "({p}, {})",
            p + 1
        );
    }
}

#[test]
fn a_layout_of_whole_numbers_is_drawn_as_a_heat_map() {
    let dir = super::scratch("layout-plot");
    let png = dir.join("dawson.png");
    let (out, err, code) = super::sprague(&[
        "table",
        "octal[0.07]",
        "--layout",
        "period",
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "a plot alone writes only the plot: {out}");
    // 121 values (two periods past the preperiod 53), three whole rows of 34.
    assert!(err.contains("heat map of 3 rows of 34"), "{err}");
    assert!(
        err.contains("the last 19 values, not a whole row, are left out"),
        "{err}"
    );
    assert_eq!(&std::fs::read(&png).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
    let svg = dir.join("kayles.svg");
    sprague_ok(&[
        "table",
        "kayles",
        "--to",
        "23",
        "--layout",
        "12",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("kayles: grundy laid out 12 to a row"),
        "{text}"
    );
    assert!(text.contains("rows r down, columns c across"));
    let err = sprague_fails(&[
        "table",
        "euclid",
        "--from",
        "10x1",
        "--to",
        "10x30",
        "--field",
        "atomic_weight",
        "--layout",
        "10",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(
        err.contains("--plot draws a layout of whole numbers"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
