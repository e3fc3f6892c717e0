//! `sprague table NAME --to AxB` for games of two interacting numbers: the
//! grid, CSV, JSON, summary, heat map and errors. Wythoff's values are OEIS
//! A317205 / A004481 (Wythoff's Grundy array; the library's
//! `tests/data/wythoff_grundy.txt` holds more of it); its P-positions are
//! the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907).

use super::{json, sprague, sprague_fails, sprague_ok};

#[test]
fn grid_text_has_row_and_column_headers() {
    let out = sprague_ok(&["table", "wythoff", "--to", "5x5"]);
    // A317205 rows 0 to 5, mirrored (G(a, b) = G(b, a)).
    insta::assert_snapshot!(out, @r"
    wythoff: G(a, b) for a = 0..=5 (rows) and b = 0..=5 (columns)
    a\b 0 1 2 3 4 5
      0 0 1 2 3 4 5
      1 1 2 0 4 5 3
      2 2 0 1 5 3 4
      3 3 4 5 6 2 0
      4 4 5 3 2 7 6
      5 5 3 4 0 6 8
    ");
    // A corner elsewhere: rows 3..=5, columns 4..=5.
    let out = sprague_ok(&["table", "wythoff", "--from", "3x4", "--to", "5x5"]);
    insta::assert_snapshot!(out, @r"
    wythoff: G(a, b) for a = 3..=5 (rows) and b = 4..=5 (columns)
    a\b 4 5
      3 2 0
      4 7 6
      5 6 8
    ");
}

#[test]
fn grid_csv_is_long_form_and_json_is_rows_of_values() {
    let out = sprague_ok(&["table", "wythoff", "--to", "2x3", "--csv"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 3 * 4);
    assert_eq!(lines[0], "a,b,value");
    assert_eq!(&lines[1..5], ["0,0,0", "0,1,1", "0,2,2", "0,3,3"]);
    assert_eq!(lines[7], "1,2,0");
    let j = json(&["table", "wythoff", "--to", "2x3", "--json"]);
    assert_eq!(
        j,
        serde_json::json!({
            "ruleset": "wythoff", "from": [0, 0], "to": [2, 3], "rows": 3, "cols": 4,
            "values": [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
        })
    );
    // A partizan game: canonical forms as text, with each cell's outcome
    // class. A 1 × n bar is cut by Right alone, n - 1 times: -(n - 1).
    let j = json(&["table", "cut", "--to", "2x3", "--json"]);
    assert_eq!(j["from"], serde_json::json!([1, 1]));
    assert_eq!(j["values"][0], serde_json::json!(["0", "-1", "-2"]));
    assert_eq!(j["outcomes"][0], serde_json::json!(["P", "R", "R"]));
    // Without --to: a, b = 0..=20.
    let j = json(&["table", "wythoff", "--json"]);
    assert_eq!((&j["rows"], &j["cols"]), (&21.into(), &21.into()));
}

#[test]
fn every_cell_is_what_analyze_says() {
    for (name, to) in [("wythoff", "4x5"), ("euclid", "4x4"), ("maundy", "3x4")] {
        let t = json(&["table", name, "--to", to, "--json"]);
        let from = [
            t["from"][0].as_u64().unwrap(),
            t["from"][1].as_u64().unwrap(),
        ];
        let to = [t["to"][0].as_u64().unwrap(), t["to"][1].as_u64().unwrap()];
        for a in from[0]..=to[0] {
            for b in from[1]..=to[1] {
                let position = format!("{name}({a}, {b})");
                let analysis = json(&["analyze", &position, "--json"]);
                let (i, j) = ((a - from[0]) as usize, (b - from[1]) as usize);
                let cell = &t["values"][i][j];
                match cell.as_u64() {
                    Some(g) => assert_eq!(analysis["grundy"], g, "{position}"),
                    None => {
                        assert_eq!(&analysis["value"], cell, "{position}");
                        assert_eq!(analysis["outcome"], t["outcomes"][i][j], "{position}");
                    }
                }
            }
        }
    }
}

#[test]
fn summary_counts_values_and_lists_the_p_positions() {
    let out = sprague_ok(&["table", "wythoff", "--to", "5x5", "--summary"]);
    // Counted by hand from A317205's rows 0 to 5.
    insta::assert_snapshot!(out, @r"
    wythoff: G(a, b): summary of a = 0..=5, b = 0..=5 (36 cells)
    values (9 distinct, value: cells): 0: 5, 1: 3, 2: 5, 3: 6, 4: 6, 5: 6, 6: 3, 7: 1, 8: 1
    outcome classes: N 31, P 5
    P-positions, the player to move loses (5): (0, 0), (1, 2), (2, 1), (3, 5), (5, 3)
    ");
    // Every P-position up to 100 × 100 is a Beatty pair (⌊kφ⌋, ⌊kφ²⌋) or
    // its mirror image, and every such pair is one.
    let j = json(&["table", "wythoff", "--to", "100x100", "--summary", "--json"]);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut beatty = Vec::new();
    for k in 0..100u64 {
        let (a, b) = (
            (k as f64 * phi).floor() as u64,
            (k as f64 * phi * phi).floor() as u64,
        );
        if b <= 100 {
            beatty.push(serde_json::json!([a, b]));
            if k > 0 {
                beatty.push(serde_json::json!([b, a]));
            }
        }
    }
    beatty.sort_by_key(|p| (p[0].as_u64(), p[1].as_u64()));
    assert_eq!(j["counts"][0]["value"], 0);
    assert_eq!(j["counts"][0]["count"], beatty.len());
    assert_eq!(j["outcomes"]["P"], beatty.len());
    assert_eq!(j["p_positions"], serde_json::Value::Array(beatty));
}

#[test]
fn heat_maps_are_svg_and_png_of_the_grid_size() {
    let dir = std::env::temp_dir().join(format!("sprague-heat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("w.svg");
    let (out, err, code) = sprague(&[
        "table",
        "wythoff",
        "--to",
        "20x20",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.starts_with("heat map of 441 cells written to "),
        "{err}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    // 21 × 21 cells of 24 pixels, margins of 60 and 20 beside them, 56
    // above, and below 12, three legend lines of 18 and 8.
    let (w, h) = (60 + 21 * 24 + 20, 56 + 21 * 24 + 12 + 3 * 18 + 8);
    assert!(
        text.starts_with(&format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}""#
        )),
        "{text}"
    );
    assert!(text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches(r#"class="cell""#).count(), 441);
    // The 17 P-positions with both heaps at most 20 are red, and the
    // legend's swatch.
    assert_eq!(
        text.matches(r##"fill="#b3261e""##).count(),
        17 + 1,
        "{text}"
    );
    assert!(text.contains("<title>(3, 5): 0</title>"), "{text}");
    assert!(text.contains("G = 0: the player to move loses"));
    let png = dir.join("w.png");
    sprague_ok(&[
        "table",
        "euclid",
        "--to",
        "30x30",
        "--plot",
        png.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // IHDR: width and height, big-endian, at bytes 16..24. 31 × 31 cells
    // (0..=30 each way) of 720 / 31 = 23 pixels; four legend lines (the
    // outcome classes).
    let be = |k: usize| u32::from_be_bytes(bytes[k..k + 4].try_into().unwrap());
    assert_eq!(
        (be(16), be(20)),
        (60 + 31 * 23 + 20, 56 + 31 * 23 + 12 + 4 * 18 + 8)
    );
    // A heat map has a pixel a cell at least: past a million cells it is
    // refused, as is an SVG of more than 250 000 elements.
    let err = sprague_fails(&[
        "table",
        "wythoff",
        "--to",
        "600x600",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(err.contains("at most 250000 cells"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sizes_of_the_wrong_kind_and_huge_tables_are_refused() {
    for (args, says) in [
        (
            &["table", "nim", "--to", "3x3"][..],
            "`nim` is not a game of two interacting numbers",
        ),
        (
            &["table", "wythoff", "--to", "20"],
            "`wythoff` is a game of two numbers: give --from and --to as AxB",
        ),
        (
            &["table", "wythoff", "--to", "5x5", "--period"],
            "--period is for tables of one heap",
        ),
        (
            &["table", "wythoff", "--from", "6x0", "--to", "5x5"],
            "--from 6x0 is past --to 5x5",
        ),
        (
            &["table", "cut", "--from", "0x0", "--to", "3x3"],
            "cut(0, 0) is not a position",
        ),
        (
            &["table", "wythoff", "--to", "4999x4999"],
            "a table of 5000x5000 cells (25000000) is more than the budget of 10000000 positions",
        ),
        // Reported as 2^128 - 1 cells: the count saturated.
        (
            &[
                "table",
                "wythoff",
                "--to",
                "18446744073709551615x18446744073709551615",
            ],
            "a table of 18446744073709551616x18446744073709551616 cells (2^128) is more than the budget",
        ),
    ] {
        let (out, err, code) = sprague(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_heat_map_too_large_to_draw_is_refused_before_the_table_is_computed() {
    // A 3000x3000 --plot was refused after 4 s of work. `cut(0, 0)` is no
    // position, an error met only when the table is computed: the heat
    // map's error shows it never was.
    for (to, file, says) in [
        (
            "2999x2999",
            "never.png",
            "a heat map draws at most 1000000 cells (1000x1000), not 3000x3000",
        ),
        (
            "599x599",
            "never.svg",
            "an SVG heat map draws at most 250000 cells (500x500), not 600x600",
        ),
    ] {
        let err = sprague_fails(&[
            "table",
            "cut",
            "--from",
            "0x0",
            "--to",
            to,
            "--budget",
            "100000000",
            "--plot",
            file,
        ]);
        assert!(err.contains(says), "{err}");
    }
    let err = sprague_fails(&["table", "cut", "--from", "0x0", "--plot", "never.txt"]);
    assert!(
        err.contains("--plot needs a file ending in .svg or .png, not never.txt"),
        "{err}"
    );
    assert!(!std::path::Path::new("never.png").exists());
}
