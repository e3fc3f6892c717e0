//! The explorer's API and page, driven through the router without sockets,
//! and once through a real server on an ephemeral loopback port.
//!
//! Expected values come from the spec's examples and from the theory
//! (Bouton's theorem for Nim, the Sprague–Grundy values of subtraction
//! games in Winning Ways, ch. 4), never from the code under test.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sprague_web::{Limits, router, router_with};
use tower::ServiceExt;

mod options;
mod target;
use target::target;

/// `GET path?k=v&...`: the status, the content type and the body.
async fn get_raw(app: Router, path: &str, query: &[(&str, &str)]) -> (StatusCode, String, String) {
    let response = app
        .oneshot(
            Request::get(target(path, query))
                .header(header::HOST, "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// `GET` an API path: the status and the JSON body.
async fn get(app: Router, path: &str, query: &[(&str, &str)]) -> (StatusCode, Value) {
    let (status, content_type, body) = get_raw(app, path, query).await;
    assert_eq!(content_type, "application/json", "for {path}: {body}");
    (status, serde_json::from_str(&body).unwrap())
}

/// `GET` an API path that must answer 200 OK: the JSON body.
async fn get_ok(app: Router, path: &str, query: &[(&str, &str)]) -> Value {
    get_expecting(StatusCode::OK, app, path, query).await
}

/// `GET` an API path that must answer 400 Bad Request: the JSON body,
/// which says why.
async fn get_bad_request(app: Router, path: &str, query: &[(&str, &str)]) -> Value {
    get_expecting(StatusCode::BAD_REQUEST, app, path, query).await
}

/// `GET` an API path that must answer `expected`: the JSON body.
async fn get_expecting(
    expected: StatusCode,
    app: Router,
    path: &str,
    query: &[(&str, &str)],
) -> Value {
    let (status, body) = get(app, path, query).await;
    assert_eq!(status, expected, "for {path} {query:?}: {body}");
    body
}

#[tokio::test]
async fn analyze_gives_the_json_of_the_spec() {
    let body = get_ok(
        router(),
        "/api/analyze",
        &[("position", "nim(3,6, 9)"), ("remoteness", "true")],
    )
    .await;
    // The figures of the nimber *12, as CGSuite gives them for a nimber
    // (CanonicalShortGameTestCase.scala's *8: stops 0, temperature 0,
    // atomic weight 0, its incentives the nimbers *(k xor n), k < n).
    let mut body = body;
    let cgt = body.as_object_mut().unwrap().remove("cgt").unwrap();
    assert_eq!(cgt["left_stop"], "0");
    assert_eq!(cgt["right_stop"], "0");
    assert_eq!(cgt["temperature"], "0");
    assert_eq!(cgt["birthday"], 12);
    assert_eq!(cgt["atomic_weight"], "0");
    assert_eq!(cgt["thermograph"], "Thermograph(0,[0],[0,-1],0,[0],[0,1])");
    let mut incentives: Vec<String> = cgt["incentives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    incentives.sort();
    let mut expected: Vec<String> = (0..12u64).map(|k| format!("*{}", k ^ 12)).collect();
    expected.sort();
    assert_eq!(incentives, expected);
    // The example of SPEC.md, field for field, and `drawing_moves`, which
    // `sprague analyze --json` adds (empty unless the position is a draw).
    assert_eq!(
        body,
        json!({
            "position": "nim(3, 6, 9)",
            "play": "normal",
            "outcome": "N",
            "first_player_wins": true,
            "grundy": 12,
            "value": "*12",
            "remoteness": 15,
            "components": [
                {"position": "nim(3)", "grundy": 3, "value": "*3"},
                {"position": "nim(6)", "grundy": 6, "value": "*6"},
                {"position": "nim(9)", "grundy": 9, "value": "*9"}
            ],
            "winning_moves": [
                {"component": 2, "description": "take 4 from the heap of 9", "to": "nim(3, 6, 5)"}
            ],
            "drawing_moves": []
        })
    );
}

#[tokio::test]
async fn remoteness_is_searched_only_when_asked() {
    // Without `remoteness=true` the field is there, null: not computed.
    let body = get_ok(router(), "/api/analyze", &[("position", "nim(1, 2)")]).await;
    assert_eq!(body["remoteness"], Value::Null);
    // Nim(1, 2): the winner takes one from the 2, and three moves are made.
    let (_, body) = get(
        router(),
        "/api/analyze",
        &[("position", "nim(1, 2)"), ("remoteness", "true")],
    )
    .await;
    assert_eq!(body["remoteness"], json!(3));
}

#[tokio::test]
async fn moves_are_coloured_only_when_asked() {
    let (_, body) = get(router(), "/api/analyze", &[("position", "nim(2, 1)")]).await;
    assert!(body.get("moves").is_none(), "{body}");
    // nim(2, 1): to nim(1, 1) wins (a P-position, two moves left); to
    // nim(1) and nim(2) lose (N-positions: the opponent takes the last heap
    // whole, one move; an emptied heap is not kept). Bouton's theorem and counting moves.
    let body = get_ok(
        router(),
        "/api/analyze",
        &[("position", "nim(2, 1)"), ("moves", "true")],
    )
    .await;
    let moves: Vec<(&str, &str, u64)> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap(),
                m["outcome"].as_str().unwrap(),
                m["remoteness"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            ("nim(1, 1)", "P", 2),
            ("nim(1)", "N", 1),
            ("nim(2)", "N", 1)
        ]
    );
}

#[tokio::test]
async fn analyze_all_lists_every_winning_move_in_order() {
    // 3 ^ 5 ^ 7 = 1: by Bouton, each heap h moves to h ^ 1 when that is
    // smaller, and all three are.
    let body = get_ok(
        router(),
        "/api/analyze",
        &[("position", "nim(3, 5, 7)"), ("all", "true")],
    )
    .await;
    let to: Vec<&str> = body["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["nim(2, 5, 7)", "nim(3, 4, 7)", "nim(3, 5, 6)"]);
    assert_eq!(body["grundy"], 1);
}

#[tokio::test]
async fn analyze_misere_and_p_positions() {
    // Misère Nim with heaps of at most 1: the player to move wins exactly
    // when the number of 1-heaps is even (Bouton).
    let body = get_ok(
        router(),
        "/api/analyze",
        &[("position", "nim(1, 1)"), ("misere", "true")],
    )
    .await;
    assert_eq!(body["play"], "misere");
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["grundy"], Value::Null);

    // 1 ^ 2 ^ 3 = 0: a P-position, no winning move.
    let (_, body) = get(router(), "/api/analyze", &[("position", "nim(1, 2, 3)")]).await;
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["first_player_wins"], false);
    assert_eq!(body["grundy"], 0);
    assert_eq!(body["winning_moves"], json!([]));
}

#[tokio::test]
async fn a_bad_position_is_a_400_with_the_span_of_the_offending_text() {
    let text = "nim(3, x, 9)";
    let body = get_bad_request(router(), "/api/analyze", &[("position", text)]).await;
    assert_eq!(body["span"], json!([7, 8]));
    assert_eq!(&text[7..8], "x");
    assert!(error_text(&body).starts_with("bad position: "));

    let text = "nim(3) + nosuch(4)";
    let body = get_bad_request(router(), "/api/moves", &[("position", text)]).await;
    assert_eq!(body["span"], json!([9, 15]));
    assert!(error_text(&body).contains("nosuch"));

    // The input ends too early: an empty span at the end.
    let text = "nim(3,";
    let body = get_bad_request(router(), "/api/reply", &[("position", text)]).await;
    assert_eq!(body["span"], json!([6, 6]));
}

/// The message of an error body.
fn error_text(body: &Value) -> &str {
    body["error"].as_str().unwrap()
}

/// The byte range `span` of an error body, as text of `text`.
fn spanned<'a>(text: &'a str, body: &Value) -> &'a str {
    let span = body["span"].as_array().unwrap();
    let (start, end) = (span[0].as_u64().unwrap(), span[1].as_u64().unwrap());
    &text[start as usize..end as usize]
}

#[tokio::test]
async fn files_outside_the_built_in_examples_are_refused_before_any_is_opened() {
    // /dev/zero never ends: were it opened, the request would never end.
    for (path, text) in [
        ("/api/analyze", "nim(1) + wordchain[\"/dev/zero\"](\"a\")"),
        ("/api/moves", "graph[\"/dev/zero\"](0)"),
        ("/api/reply", "geography[\"/etc/hostname\"]()"),
        ("/api/analyze", "graph[\"games/../games/dag.txt\"](0)"),
    ] {
        let body = get_bad_request(router(), path, &[("position", text)]).await;
        let error = error_text(&body);
        assert!(error.contains("--graphs DIR"), "{body}");
        assert!(spanned(text, &body).starts_with('"'), "{text}");
    }
    let body = get_bad_request(
        router(),
        "/api/graph",
        &[("ruleset", "graph[\"/dev/zero\"]")],
    )
    .await;
    assert!(error_text(&body).contains("--graphs DIR"), "{body}");
    get_bad_request(
        router(),
        "/api/table",
        &[("ruleset", "graph[\"/dev/zero\"]")],
    )
    .await;
}

#[tokio::test]
async fn the_built_in_graph_examples_are_played_without_files() {
    // games/words.txt: ketchup has no answer, so ticket -> ketchup wins
    // (N, remoteness 1) and ketchup is lost (P, remoteness 0); tictac and
    // tactic answer each other for ever (D): from tactic, moving to ticket
    // loses, so the player to move keeps the draw. Read off the file by hand.
    let text = "graph[\"games/words.txt\"](\"tactic\")";
    let body = get_ok(
        router(),
        "/api/analyze",
        &[("position", text), ("moves", "true")],
    )
    .await;
    assert_eq!(body["outcome"], "D");
    let moves: Vec<(String, String, Value)> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["description"].as_str().unwrap().to_string(),
                m["outcome"].as_str().unwrap().to_string(),
                m["remoteness"].clone(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            (
                "move from tactic to ticket".to_string(),
                "N".to_string(),
                json!(1)
            ),
            (
                "move from tactic to tictac".to_string(),
                "D".to_string(),
                json!(null)
            ),
        ]
    );
    let body = get_ok(
        router(),
        "/api/graph",
        &[("ruleset", "graph[\"games/words.txt\"]")],
    )
    .await;
    assert_eq!(body["directed"], true);
    let outcome = |label: &str| {
        body["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["label"] == label)
            .unwrap()["outcome"]
            .clone()
    };
    assert_eq!(
        [
            outcome("ketchup"),
            outcome("ticket"),
            outcome("tictac"),
            outcome("purple")
        ],
        [json!("P"), json!("N"), json!("D"), json!("D")]
    );
    assert_eq!(body["edges"].as_array().unwrap().len(), 8);
    for (ruleset, status) in [
        ("geography[\"games/grid.txt\"]", StatusCode::OK),
        ("wordchain[\"games/wordlist.txt\"]", StatusCode::OK),
        ("nim", StatusCode::BAD_REQUEST),
        ("graph[3]", StatusCode::BAD_REQUEST),
    ] {
        let (got, body) = get(router(), "/api/graph", &[("ruleset", ruleset)]).await;
        assert_eq!(got, status, "{ruleset}: {body}");
    }
}

/// A directory for `--graphs`, with a graph file, a subdirectory, and
/// symbolic links out of it; and a file outside it.
fn graphs_dir() -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("sprague-web-graphs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("dir");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("g.txt"), "a b\nb c\n").unwrap();
    std::fs::write(dir.join("sub/h.txt"), "x y\n").unwrap();
    std::fs::write(root.join("secret.txt"), "s t\n").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("secret.txt"), dir.join("escape.txt")).unwrap();
        std::os::unix::fs::symlink(&root, dir.join("up")).unwrap();
        std::os::unix::fs::symlink(dir.join("g.txt"), dir.join("inside.txt")).unwrap();
    }
    dir
}

#[tokio::test]
async fn graphs_dir_serves_the_files_inside_it_and_nothing_else() {
    let dir = graphs_dir();
    let files = sprague_web::GraphFiles::with_dir(&dir).unwrap();
    let app = || sprague_web::router_with_files(Limits::DEFAULT, files.clone());
    // a -> b -> c: two moves remain from a, so a is a P-position.
    for text in [
        "graph[\"g.txt\"](\"a\")",
        "graph[\"./g.txt\"](\"a\")",
        "graph[\"sub/h.txt\"](\"y\") + graph[\"g.txt\"](\"c\")",
        "graph[\"games/words.txt\"](\"ketchup\")",
        #[cfg(unix)]
        "graph[\"inside.txt\"](\"a\")",
    ] {
        let body = get_ok(app(), "/api/analyze", &[("position", text)]).await;
        assert_eq!(body["outcome"], "P", "{text}");
    }
    let mut refused = vec![
        ("graph[\"../secret.txt\"](0)", "without `..`"),
        ("graph[\"sub/../../secret.txt\"](0)", "without `..`"),
        ("graph[\"/etc/hostname\"](0)", "without `..`"),
        ("graph[\"\"](0)", "without `..`"),
        ("graph[\"missing.txt\"](0)", "no such file"),
        ("graph[\"sub\"](0)", "a directory"),
    ];
    #[cfg(unix)]
    refused.extend([
        ("graph[\"escape.txt\"](0)", "outside the --graphs directory"),
        (
            "graph[\"up/secret.txt\"](0)",
            "outside the --graphs directory",
        ),
    ]);
    for (text, why) in refused {
        let body = get_bad_request(app(), "/api/analyze", &[("position", text)]).await;
        let error = error_text(&body);
        assert!(error.contains(why), "{text}: {error}");
        assert!(!error.contains('\n'), "{error}");
        assert!(spanned(text, &body).starts_with('"'), "{text}");
    }
    // A path of 401 vertices is played, but too large to draw.
    let path: String = (0..400).map(|v| format!("v{v} v{}\n", v + 1)).collect();
    std::fs::write(dir.join("path.txt"), path).unwrap();
    let (status, body) = get(
        app(),
        "/api/analyze",
        &[("position", "graph[\"path.txt\"](\"v0\")")],
    )
    .await;
    // 400 moves remain from v0, an even number: the player to move loses.
    assert_eq!(
        (status, body["outcome"].clone()),
        (StatusCode::OK, json!("P"))
    );
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        app(),
        "/api/graph",
        &[("ruleset", "graph[\"path.txt\"]")],
    )
    .await;
    assert!(error_text(&body).contains("too large to draw"), "{body}");
    assert!(
        sprague_web::GraphFiles::with_dir(&dir.join("g.txt"))
            .unwrap_err()
            .to_string()
            .contains("--graphs")
    );
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

#[tokio::test]
async fn a_bad_query_is_a_400_in_the_same_shape() {
    for query in [
        vec![],
        vec![("position", "nim(3)"), ("misere", "yes")],
        vec![("position", "nim(3)"), ("all", "1")],
    ] {
        let body = get_bad_request(router(), "/api/analyze", &query).await;
        assert!(body["error"].is_string(), "{query:?}");
        assert_eq!(body["span"], Value::Null, "{query:?}");
    }
    let long = format!("nim({})", "1, ".repeat(5000) + "1");
    let body = get_bad_request(router(), "/api/analyze", &[("position", &long)]).await;
    assert!(error_text(&body).contains("too long"));

    let body = get_expecting(StatusCode::NOT_FOUND, router(), "/api/nothing", &[]).await;
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn table_gives_the_json_of_the_spec() {
    // Subtraction game S = {1, 3, 4}: G = 0 1 0 1 2 3 2, repeating with
    // period 7 from the start (Winning Ways, ch. 4).
    let body = get_ok(
        router(),
        "/api/table",
        &[
            ("ruleset", "subtraction[1,3,4]"),
            ("from", "3"),
            ("to", "16"),
            ("period", "true"),
        ],
    )
    .await;
    assert_eq!(body["ruleset"], "subtraction[1,3,4]");
    assert_eq!(body["from"], 3);
    assert_eq!(body["to"], 16);
    let pattern = [0, 1, 0, 1, 2, 3, 2];
    let expected: Vec<u64> = (3..=16).map(|n| pattern[n % 7]).collect();
    assert_eq!(body["values"], json!(expected));
    assert_eq!(body["period"]["preperiod"], 0);
    assert_eq!(body["period"]["period"], 7);
    assert_eq!(body["period"]["certified"], true);

    // Without `to` and `period`: heaps 0 to 100, as on the command line;
    // a Nim heap of n is worth n.
    let body = get_ok(router(), "/api/table", &[("ruleset", "nim")]).await;
    assert_eq!(body["values"], json!((0..=100).collect::<Vec<u64>>()));
    assert_eq!(body["period"], Value::Null);
}

#[tokio::test]
async fn table_of_figures_filters_and_layouts_agree_with_analyze() {
    // Partizan Euclid's atomic weights (docs/examples/partizan-euclid.md),
    // each what /api/analyze gives for the same position.
    let body = get_ok(
        router(),
        "/api/table",
        &[
            ("ruleset", "euclid"),
            ("from", "6x6"),
            ("to", "8x9"),
            ("field", "atomic_weight,outcome"),
        ],
    )
    .await;
    assert_eq!(body["fields"], json!(["atomic_weight", "outcome"]));
    for a in 6..=8u64 {
        for b in 6..=9u64 {
            let position = format!("euclid({a}, {b})");
            let analysis = get_ok(router(), "/api/analyze", &[("position", &position)]).await;
            let (i, j) = ((a - 6) as usize, (b - 6) as usize);
            let cell = |f: &str| body["columns"][f][i][j].clone();
            assert_eq!(
                cell("atomic_weight"),
                analysis["cgt"]["atomic_weight"],
                "{position}"
            );
            assert_eq!(cell("outcome"), analysis["outcome"], "{position}");
        }
    }
    // The filter lists what analyze says is hot.
    let body = get_ok(
        router(),
        "/api/table",
        &[
            ("ruleset", "euclid"),
            ("from", "6x6"),
            ("to", "9x10"),
            ("field", "atomic_weight"),
            ("where", "atomic_weight.temperature > 0"),
        ],
    )
    .await;
    let listed: Vec<String> = body["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("euclid({}, {})", p["a"], p["b"]))
        .collect();
    let mut hot = Vec::new();
    for a in 6..=9u64 {
        for b in 6..=10u64 {
            let position = format!("euclid({a}, {b})");
            let analysis = get_ok(router(), "/api/analyze", &[("position", &position)]).await;
            if let Some(w) = analysis["cgt"]["atomic_weight"].as_str() {
                let of_w = get_ok(router(), "/api/analyze", &[("position", w)]).await;
                let t = of_w["cgt"]["temperature"].as_str().unwrap();
                if !t.starts_with('-') && t != "0" {
                    hot.push(position);
                }
            }
        }
    }
    assert_eq!(listed, hot);
    assert!(!hot.is_empty());
    // A partizan heap game laid out 3 to a row.
    let body = get_ok(
        router(),
        "/api/table",
        &[
            ("ruleset", "subtraction[1,3|2,3]"),
            ("to", "7"),
            ("layout", "3"),
        ],
    )
    .await;
    let rows = body["layout"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let analysis = get_ok(
        router(),
        "/api/analyze",
        &[("position", "subtraction[1,3|2,3](4)")],
    )
    .await;
    assert_eq!(
        (rows[1]["n"].clone(), rows[1]["values"][1].clone()),
        (json!(3), analysis["value"].clone())
    );
    let body = get_bad_request(
        router(),
        "/api/table",
        &[("ruleset", "euclid"), ("where", "outcome > N")],
    )
    .await;
    assert!(
        body["error"].as_str().unwrap().contains("bad where"),
        "{body}"
    );
}

#[tokio::test]
async fn table_refuses_too_many_values_and_bad_rulesets() {
    let started = Instant::now();
    for (from, to) in [("0", "100000"), ("0", "18446744073709551615"), ("5", "3")] {
        let body = get_bad_request(
            router(),
            "/api/table",
            &[
                ("ruleset", "subtraction[1,3,4]"),
                ("from", from),
                ("to", to),
            ],
        )
        .await;
        assert!(body["error"].is_string());
    }
    // Exactly the cap is fine.
    let body = get_ok(
        router(),
        "/api/table",
        &[("ruleset", "nim"), ("from", "1"), ("to", "100000")],
    )
    .await;
    assert_eq!(body["values"].as_array().unwrap().len(), 100_000);
    assert!(started.elapsed() < Duration::from_secs(30));

    let body = get_bad_request(
        router(),
        "/api/table",
        &[("ruleset", "subtraction[1,3,4]"), ("to", "100001")],
    )
    .await;
    assert!(
        error_text(&body).contains("at most 100000 are allowed"),
        "{body}"
    );

    // An unknown ruleset: its name is marked.
    let body = get_bad_request(router(), "/api/table", &[("ruleset", "wythof")]).await;
    assert_eq!(body["span"], json!([0, 6]));
}

/// Wythoff's P-positions ("cold" positions) with both heaps at most `n`:
/// (⌊kφ⌋, ⌊kφ²⌋) and the same swapped (Wythoff, 1907), in floating point,
/// exact for these small k.
fn wythoff_cold_positions(n: u64) -> Vec<[u64; 2]> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut cold = Vec::new();
    for k in 0u64.. {
        let a = (k as f64 * phi).floor() as u64;
        if a > n {
            break;
        }
        let b = (k as f64 * phi * phi).floor() as u64;
        if b <= n {
            cold.push([a, b]);
            if k > 0 {
                cold.push([b, a]);
            }
        }
    }
    cold.sort_unstable();
    cold
}

/// The cells `[a, b]` of a grid's JSON whose value is 0, row by row.
fn zeros(body: &Value) -> Vec<[u64; 2]> {
    let (a0, b0) = (
        body["from"][0].as_u64().unwrap(),
        body["from"][1].as_u64().unwrap(),
    );
    let mut found = Vec::new();
    for (i, row) in body["values"].as_array().unwrap().iter().enumerate() {
        for (j, v) in row.as_array().unwrap().iter().enumerate() {
            if v == 0 {
                found.push([a0 + i as u64, b0 + j as u64]);
            }
        }
    }
    found
}

/// The fields of a JSON object, in `serde_json`'s alphabetical order.
fn field_names(body: &Value) -> Vec<&str> {
    body.as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[tokio::test]
async fn table_of_two_numbers_is_the_grid_of_the_command_line() {
    let body = get_ok(
        router(),
        "/api/table",
        &[("ruleset", "wythoff"), ("to", "20x20")],
    )
    .await;
    // The fields of `sprague table wythoff --to 20x20 --json` (here in
    // the alphabetical order of `serde_json`'s map), and no `outcomes`
    // for an impartial game.
    let keys = field_names(&body);
    assert_eq!(keys, ["cols", "from", "rows", "ruleset", "to", "values"]);
    assert_eq!(body["ruleset"], "wythoff");
    assert_eq!(body["from"], json!([0, 0]));
    assert_eq!(body["to"], json!([20, 20]));
    assert_eq!(
        (body["rows"].clone(), body["cols"].clone()),
        (json!(21), json!(21))
    );
    let values = body["values"].as_array().unwrap();
    assert_eq!(values.len(), 21);
    assert!(values.iter().all(|row| row.as_array().unwrap().len() == 21));
    // The cold positions are the zeros: (0, 0), (1, 2), (3, 5), (4, 7),
    // (6, 10), (8, 13), (9, 15), (11, 18), (12, 20) and their mirrors.
    assert_eq!(zeros(&body), wythoff_cold_positions(20));
    assert!(zeros(&body).contains(&[12, 20]) && zeros(&body).contains(&[13, 8]));
    // A lone heap is Nim's, G(a, 0) = a; rows 1 and 2 of Wythoff's
    // Grundy array begin 1 2 0 4 5 3 and 2 0 1 5 3 4 (OEIS A004481).
    for a in 0..=20u64 {
        assert_eq!(values[a as usize][0], a);
        assert_eq!(values[0][a as usize], a);
    }
    assert_eq!(
        values[1].as_array().unwrap()[..6],
        json!([1, 2, 0, 4, 5, 3]).as_array().unwrap()[..]
    );
    assert_eq!(
        values[2].as_array().unwrap()[..6],
        json!([2, 0, 1, 5, 3, 4]).as_array().unwrap()[..]
    );
    // What the command line prints is the library's `GridTableJson`
    // (crates/sprague-cli/src/table/grid.rs), field for field.
    let table = sprague::grid_table(
        &sprague::syntax::parse_ruleset("wythoff").unwrap(),
        [0, 0],
        [20, 20],
        &sprague::Budget::DEFAULT,
    )
    .unwrap();
    assert_eq!(
        body,
        serde_json::to_value(sprague::json::GridTableJson::from(&table)).unwrap()
    );

    // Without `to`, 20x20 as on the command line; `from=0`, the page's
    // one-heap default, is the corner; a part of the grid keeps its
    // coordinates.
    for query in [
        &[("ruleset", "wythoff")][..],
        &[("ruleset", "wythoff"), ("from", "0"), ("to", "20×20")],
    ] {
        let same = get_ok(router(), "/api/table", query).await;
        assert_eq!(same, body, "{query:?}");
    }
    let part = get_ok(
        router(),
        "/api/table",
        &[("ruleset", "wythoff"), ("from", "3x5"), ("to", "13X8")],
    )
    .await;
    assert_eq!(
        (part["rows"].clone(), part["cols"].clone()),
        (json!(11), json!(4))
    );
    assert_eq!(zeros(&part), [[3, 5], [4, 7], [10, 6], [13, 8]]);
    let inside: Vec<[u64; 2]> = wythoff_cold_positions(13)
        .into_iter()
        .filter(|&[a, b]| (3..=13).contains(&a) && (5..=8).contains(&b))
        .collect();
    assert_eq!(zeros(&part), inside);
}

#[tokio::test]
async fn a_partizan_grid_has_each_cells_outcome() {
    // Cutcake (Winning Ways, "Cutcake"): a 1 × n bar is Right's alone,
    // worth -(n - 1); an n × 1 bar Left's, worth n - 1; a 2 × 2 bar is 0,
    // since whoever cuts first leaves two bars of the other's.
    let body = get_ok(router(), "/api/table", &[("ruleset", "cut"), ("to", "4x4")]).await;
    let keys = field_names(&body);
    assert_eq!(
        keys,
        [
            "cols", "from", "outcomes", "rows", "ruleset", "to", "values"
        ]
    );
    // The bar's sides start at 1.
    assert_eq!(body["from"], json!([1, 1]));
    assert_eq!(body["values"][0], json!(["0", "-1", "-2", "-3"]));
    assert_eq!(body["outcomes"][0], json!(["P", "R", "R", "R"]));
    for n in 1..4 {
        assert_eq!(body["values"][n][0], json!(n.to_string()));
        assert_eq!(body["outcomes"][n][0], "L");
    }
    assert_eq!(body["values"][1][1], "0");
    assert_eq!(body["outcomes"][1][1], "P");
    // Every cell's outcome is that of its value: 0 is P, a positive
    // number L, a negative one R.
    for (row, outcomes) in body["values"]
        .as_array()
        .unwrap()
        .iter()
        .zip(body["outcomes"].as_array().unwrap())
    {
        for (v, o) in row
            .as_array()
            .unwrap()
            .iter()
            .zip(outcomes.as_array().unwrap())
        {
            let v: i64 = v.as_str().unwrap().parse().unwrap();
            let expected = match v.signum() {
                0 => "P",
                1 => "L",
                _ => "R",
            };
            assert_eq!(o, expected, "{v}");
        }
    }
}

#[tokio::test]
async fn a_grid_too_large_or_of_the_wrong_kind_is_refused_before_it_is_computed() {
    let started = Instant::now();
    for (ruleset, from, to, says) in [
        (
            "wythoff",
            "0",
            "400x400",
            "401x401 cells (160801) is more than the 100000 allowed",
        ),
        (
            "wythoff",
            "0",
            "18446744073709551615x18446744073709551615",
            "more than the 100000 allowed",
        ),
        ("wythoff", "5x5", "3x9", "is past `to`"),
        ("wythoff", "0", "20", "give `from` and `to` as AxB"),
        ("wythoff", "2", "20x20", "give `from` and `to` as AxB"),
        ("wythoff", "0", "20x", "not `20x`"),
        ("nim", "0", "3x3", "not a game of two interacting numbers"),
    ] {
        let body = get_bad_request(
            router(),
            "/api/table",
            &[("ruleset", ruleset), ("from", from), ("to", to)],
        )
        .await;
        let message = error_text(&body);
        assert!(message.contains(says), "{ruleset} {from}..{to}: {message}");
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    // A grid has no period.
    let body = get_bad_request(
        router(),
        "/api/table",
        &[("ruleset", "wythoff"), ("to", "5x5"), ("period", "true")],
    )
    .await;
    assert!(error_text(&body).contains("tables of one heap"), "{body}");
    assert!(started.elapsed() < Duration::from_secs(5));

    // Exactly within the cap: 316 × 316 = 99 856 cells.
    let body = get_ok(
        router(),
        "/api/table",
        &[("ruleset", "wythoff"), ("to", "315x315")],
    )
    .await;
    assert_eq!(zeros(&body), wythoff_cold_positions(315));

    // Within the cap but past the position budget: a 422, as for any
    // search.
    let small = Limits {
        budget: 120,
        ..Limits::DEFAULT
    };
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router_with(small),
        "/api/table",
        &[("ruleset", "cut"), ("to", "10x10")],
    )
    .await;
    assert!(error_text(&body).contains("budget"), "{body}");
}

#[tokio::test]
async fn picture_draws_the_cli_s_svg_from_text_alone() {
    // The thermograph of {3|-1} as `/api/analyze` gives it: the SVG is the
    // library's drawing, the one `sprague analyze --plot` writes.
    let analysis = get_ok(router(), "/api/analyze", &[("position", "{3|-1}")]).await;
    let text = analysis["cgt"]["thermograph"].as_str().unwrap().to_string();
    let (status, content_type, body) =
        get_raw(router(), "/api/picture", &[("thermograph", &text)]).await;
    assert_eq!(
        (status, content_type.as_str()),
        (StatusCode::OK, "image/svg+xml")
    );
    assert_eq!(body, sprague::picture::thermograph(&text).unwrap().svg());
    // {3|-1}: mean 1 and temperature 2 (Winning Ways, ch. 6).
    assert!(
        body.contains(r#"class="mast" data-value="1" data-temperature="2""#),
        "{body}"
    );
    let (status, _, body) =
        get_raw(router(), "/api/picture", &[("tree", "{2, {1|0} || -1}")]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.matches(r#"class="left-option""#).count(), 2, "{body}");
    assert_eq!(body.matches(r#"class="right-option""#).count(), 1, "{body}");
    // A number has no options as written; a text that is no thermograph
    // draws nothing; one of the two parameters is needed.
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router(),
        "/api/picture",
        &[("tree", "3/4")],
    )
    .await;
    assert!(error_text(&body).contains("nothing to draw"), "{body}");
    get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router(),
        "/api/picture",
        &[("thermograph", "Thermograph(")],
    )
    .await;
    get_bad_request(router(), "/api/picture", &[]).await;
    get_bad_request(
        router(),
        "/api/picture",
        &[("tree", "{1|0}"), ("thermograph", &text)],
    )
    .await;
    let long = "1".repeat(Limits::default().max_input + 1);
    let body = get_bad_request(router(), "/api/picture", &[("tree", &long)]).await;
    assert!(error_text(&body).contains("too long"), "{body}");
}

#[tokio::test]
async fn games_lists_every_ruleset() {
    let body = get_ok(router(), "/api/games", &[]).await;
    let games = body.as_array().unwrap();
    assert_eq!(games.len(), sprague::rulesets::RULESETS.len());
    let nim = games.iter().find(|g| g["name"] == "nim").unwrap();
    assert_eq!(nim["example"], "nim(3, 6, 9)");
    assert_eq!(nim["heaps_interact"], false);
    assert_eq!(nim["has_table"], true);
    let wythoff = games.iter().find(|g| g["name"] == "wythoff").unwrap();
    assert_eq!(wythoff["heaps_interact"], true);
    assert_eq!(wythoff["has_table"], false);
    assert_eq!(wythoff["reads_files"], false);
    // Wythoff's table is a grid of two numbers, Nim's a sequence.
    assert_eq!(wythoff["grid_table"], true);
    assert_eq!(nim["grid_table"], false);
    // `graph["FILE"]` names a file; `board["MOVES"]` names a move set.
    let graph = games.iter().find(|g| g["name"] == "graph").unwrap();
    assert_eq!(graph["reads_files"], true);
    let board = games.iter().find(|g| g["name"] == "board").unwrap();
    assert_eq!(board["reads_files"], false);
    for g in games {
        for field in ["name", "syntax", "rule", "example"] {
            assert!(!g[field].as_str().unwrap().is_empty(), "{g}");
        }
        // Every example is a position the explorer can analyze: those
        // that name a file name a built-in example.
        let example = g["example"].as_str().unwrap();
        get_ok(router(), "/api/analyze", &[("position", example)]).await;
    }
}

#[tokio::test]
async fn moves_lists_every_move_in_the_spec_order() {
    let body = get_ok(router(), "/api/moves", &[("position", "nim(2, 1)")]).await;
    assert_eq!(
        body,
        json!({
            "position": "nim(2, 1)",
            "moves": [
                {"component": 0, "description": "take 1 from the heap of 2", "to": "nim(1, 1)"},
                {"component": 0, "description": "take 2 from the heap of 2", "to": "nim(1)"},
                {"component": 1, "description": "take 1 from the heap of 1", "to": "nim(2)"}
            ],
            "offset": "0",
            "total": "3",
            "next": null,
            "complete": true
        })
    );

    // Capped: the list holds the first moves, in order, and says it is cut.
    let small = Limits {
        max_moves: 5,
        ..Limits::DEFAULT
    };
    let body = get_ok(
        router_with(small),
        "/api/moves",
        &[("position", "nim(3, 6, 9)")],
    )
    .await;
    let to: Vec<&str> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        to,
        [
            "nim(2, 6, 9)",
            "nim(1, 6, 9)",
            "nim(6, 9)",
            "nim(3, 5, 9)",
            "nim(3, 4, 9)"
        ]
    );
    assert_eq!(body["complete"], false);

    // A long component's list is cut at the limit with its first moves
    // kept (Kayles: take one pin at the end first).
    let body = get_ok(router(), "/api/moves", &[("position", "kayles(100000)")]).await;
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), Limits::DEFAULT.max_moves);
    assert_eq!(moves[0]["to"], "kayles(99999)");
    assert_eq!(body["complete"], false);

    // A heap of 2^60 has 2^60 moves: the first page, and the count.
    let body = get_ok(
        router_with(small),
        "/api/moves",
        &[("position", "nim(1, 1152921504606846976)")],
    )
    .await;
    assert_eq!(body["moves"].as_array().unwrap().len(), 5);
    assert_eq!(body["moves"][0]["to"], "nim(1152921504606846976)");
    assert_eq!(body["moves"][1]["to"], "nim(1, 1152921504606846975)");
    assert_eq!(body["total"], "1152921504606846977");
    assert_eq!(body["next"], "5");
    assert_eq!(body["complete"], false);
}

/// The `to` of each move of a page of `/api/moves`.
fn tos(body: &Value) -> Vec<&str> {
    body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn moves_come_in_pages_with_their_count_even_past_2_to_the_64() {
    // Issue 28: `nim(2^63)` and `nim(2^63) + nim(1)` answered an empty
    // list. A heap of n has n moves (take 1, ..., n), so 2^63 and 2^63 + 1.
    let body = get_ok(router(), "/api/moves", &[("position", "nim(2^63)")]).await;
    assert_eq!(body["total"], "9223372036854775808");
    let page = tos(&body);
    assert_eq!(page.len(), Limits::DEFAULT.max_moves);
    assert_eq!(page[0], "nim(9223372036854775807)");
    assert_eq!(body["next"], "10000");
    assert_eq!(body["complete"], false);

    // The last page of the sum: Nim's last move, then the move of nim(1).
    let body = get_ok(
        router(),
        "/api/moves",
        &[
            ("position", "nim(2^63) + nim(1)"),
            ("offset", "9223372036854775807"),
        ],
    )
    .await;
    assert_eq!(body["total"], "9223372036854775809");
    assert_eq!(tos(&body), ["nim(1)", "nim(9223372036854775808)"]);
    assert_eq!(
        (body["next"].clone(), body["complete"].clone()),
        (Value::Null, json!(true))
    );

    // Pages of a small limit walk the whole list, in order.
    let (_, whole) = get(
        router(),
        "/api/moves",
        &[("position", "nim(3, 2) + kayles(3)")],
    )
    .await;
    let whole = tos(&whole);
    // Nim's five, then Kayles' (at least its two lengths of row).
    assert!(whole.len() > 5 + 2, "{whole:?}");
    let mut walked = Vec::new();
    let mut offset = Some("0".to_string());
    while let Some(o) = offset {
        let (_, body) = get(
            router(),
            "/api/moves",
            &[
                ("position", "nim(3, 2) + kayles(3)"),
                ("offset", &o),
                ("limit", "2"),
            ],
        )
        .await;
        assert_eq!(body["total"], whole.len().to_string());
        assert!(tos(&body).len() <= 2);
        walked.extend(tos(&body).into_iter().map(str::to_string));
        offset = body["next"].as_str().map(str::to_string);
    }
    assert_eq!(walked, whole);

    // Three heaps of 2^64 - 1 have more moves than a u64 counts.
    let (_, body) = get(
        router(),
        "/api/moves",
        &[
            (
                "position",
                "nim(18446744073709551615, 18446744073709551615, 18446744073709551615)",
            ),
            ("limit", "1"),
        ],
    )
    .await;
    assert_eq!(body["total"], "55340232221128654845");

    // A bad offset is the request's fault.
    get_bad_request(
        router(),
        "/api/moves",
        &[("position", "nim(3)"), ("offset", "-1")],
    )
    .await;
}

#[tokio::test]
async fn reply_wins_when_it_can_and_says_why() {
    // 2 ^ 1 = 3: the one winning move takes the heap of 2 to 2 ^ 3 = 1.
    let body = get_ok(router(), "/api/reply", &[("position", "nim(2, 1)")]).await;
    assert_eq!(body["move"]["to"], "nim(1, 1)");
    assert_eq!(body["analysis"]["outcome"], "N");
    let reason = body["reason"].as_str().unwrap();
    assert!(reason.contains("P-position") && reason.contains("Grundy value 3"));

    // From a P-position every move loses; the engine plays its first one.
    let (_, body) = get(router(), "/api/reply", &[("position", "nim(1, 1)")]).await;
    assert_eq!(body["move"]["description"], "take 1 from the heap of 1");
    assert_eq!(body["move"]["to"], "nim(1)");
    assert!(body["reason"].as_str().unwrap().contains("loses"));

    assert_eq!(body["over"], false);

    // No move at all: the game is over.
    let (_, body) = get(router(), "/api/reply", &[("position", "nim(0, 0)")]).await;
    assert_eq!(body["move"], Value::Null);
    assert_eq!(body["over"], false);

    // Treblecross: completing three X in a row wins and ends the game, in
    // a position the language cannot write back (the page needs `over`).
    let body = get_ok(
        router(),
        "/api/reply",
        &[("position", "treblecross(\"XX..\")")],
    )
    .await;
    assert_eq!(body["move"]["to"], "treblecross(\"XXX.\")");
    assert_eq!(body["over"], true);
    get_bad_request(
        router(),
        "/api/analyze",
        &[("position", "treblecross(\"XXX.\")")],
    )
    .await;

    // A king on a board of two cells can only step back and forth: play
    // never ends, a draw, and the one move keeps it. (`board`'s string
    // parameter is a move set, not a file, so the explorer accepts it.)
    let body = get_ok(
        router(),
        "/api/reply",
        &[("position", "board[\"king\"](\"..\", 0, 0)")],
    )
    .await;
    assert_eq!(body["analysis"]["outcome"], "D");
    assert_eq!(body["move"]["to"], "board[\"king\"](\"..\", 0, 1)");
    assert!(body["reason"].as_str().unwrap().contains("draw"));

    // Misère Nim(1, 1): take one heap, leaving the opponent the last stone.
    let (_, body) = get(
        router(),
        "/api/reply",
        &[("position", "nim(1, 1)"), ("misere", "true")],
    )
    .await;
    assert_eq!(body["move"]["to"], "nim(1)");
    assert!(body["reason"].as_str().unwrap().contains("P-position"));
}

#[tokio::test]
async fn partizan_moves_and_replies_take_a_side() {
    // cut(3, 5): Left cuts the side of 3, Right the side of 5.
    let body = get_ok(router(), "/api/moves", &[("position", "cut(3, 5)")]).await;
    assert_eq!(body["moves"].as_array().unwrap().len(), 2);
    assert_eq!(body["moves"][0]["to"], "cut(1, 5) + cut(2, 5)");
    let (_, body) = get(
        router(),
        "/api/moves",
        &[("position", "cut(3, 5)"), ("side", "right")],
    )
    .await;
    assert_eq!(body["moves"].as_array().unwrap().len(), 4);
    assert_eq!(body["moves"][0]["to"], "cut(3, 1) + cut(3, 4)");
    // cut(3, 5) is worth -1: the engine as Right has a winning move, as
    // Left none.
    let (_, body) = get(
        router(),
        "/api/reply",
        &[("position", "cut(3, 5)"), ("side", "right")],
    )
    .await;
    assert!(
        body["reason"]
            .as_str()
            .unwrap()
            .contains("whatever you reply")
    );
    let (_, body) = get(router(), "/api/reply", &[("position", "cut(3, 5)")]).await;
    assert!(body["reason"].as_str().unwrap().contains("loses"));
    // A side that is neither is a bad request.
    get_bad_request(
        router(),
        "/api/moves",
        &[("position", "cut(3, 5)"), ("side", "up")],
    )
    .await;
}

#[tokio::test]
async fn a_search_beyond_the_budget_is_refused_not_hung() {
    // Misère play of a sum of Treblecross strips has no rule and no
    // small misère form (the forms double with each cell), so it is
    // searched as one game: four strips of about 30 cells are far beyond a
    // budget of 10 000 positions.
    let small = Limits {
        budget: 10_000,
        ..Limits::DEFAULT
    };
    let started = Instant::now();
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router_with(small),
        "/api/analyze",
        &[
            ("position", "treblecross(30, 31, 32, 33)"),
            ("misere", "true"),
        ],
    )
    .await;
    assert!(error_text(&body).contains("budget"), "{body}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_request_past_the_time_limit_is_answered_at_the_limit() {
    // Its own runtime, shut down without waiting, so the abandoned search
    // does not hold the test up once the answer is in.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let quick = Limits {
        budget: 50_000_000,
        timeout: Duration::from_millis(200),
        ..Limits::DEFAULT
    };
    let started = Instant::now();
    let (status, body) = runtime.block_on(get(
        router_with(quick),
        "/api/analyze",
        &[
            ("position", "treblecross(40, 41, 42, 43)"),
            ("misere", "true"),
        ],
    ));
    let elapsed = started.elapsed();
    runtime.shutdown_background();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_text(&body).contains("longer than"), "{body}");
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
}

#[test]
fn a_request_that_ran_out_of_time_gives_its_turn_back() {
    // One computation at a time: a search that ran out of time stops with
    // the request (its budget has the same deadline), so the next requests
    // are served, however many searches ran out of time before them.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let one = Limits {
        budget: 50_000_000,
        timeout: Duration::from_millis(300),
        max_concurrent: 1,
        max_abandoned: 1,
        ..Limits::DEFAULT
    };
    let app = router_with(one);
    for heap in [40, 44, 45] {
        let (status, body) = runtime.block_on(get(
            app.clone(),
            "/api/analyze",
            &[
                ("position", &format!("treblecross({heap}, 41, 42, 43)")),
                ("misere", "true"),
            ],
        ));
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let error = error_text(&body);
        assert!(
            error.contains("longer than") || error.contains("time limit reached"),
            "{body}"
        );
        let (status, body) = runtime.block_on(get(
            app.clone(),
            "/api/analyze",
            &[("position", "nim(3, 6, 9)")],
        ));
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    runtime.shutdown_background();
}

#[tokio::test]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let (status, content_type, html) = get_raw(router(), "/", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"));
    assert!(html.contains("<title>sprague explorer</title>"));
    let (status, content_type, js) = get_raw(router(), "/app.js", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/javascript"));
    assert!(js.contains("/api/analyze"));
    let (status, content_type, css) = get_raw(router(), "/style.css", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/css"));
    // Nothing is loaded from elsewhere: the page works offline. (SVG's
    // namespace is a name, never fetched.)
    for text in [&html, &js, &css] {
        let text = text.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(!text.contains("http://") && !text.contains("https://"));
    }
}

/// A raw HTTP/1.1 `GET` over TCP: the status line and the body.
fn fetch(addr: std::net::SocketAddr, target: &str) -> (String, String) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.lines().next().unwrap().to_string();
    // Small answers come in one piece with a Content-Length; larger ones
    // would be chunked, which these are not.
    assert!(!head.to_ascii_lowercase().contains("chunked"), "{head}");
    (status, body.to_string())
}

#[test]
fn the_real_server_answers_on_a_loopback_port() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime.block_on(sprague_web::bind(0)).unwrap();
    let addr = listener.local_addr().unwrap();
    assert!(addr.ip().is_loopback());
    runtime.spawn(sprague_web::serve_on(listener, Limits::DEFAULT));

    let (status, body) = fetch(addr, "/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<title>sprague explorer</title>"));

    let (status, body) = fetch(addr, "/api/analyze?position=nim(3,%206,%209)");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let json: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["winning_moves"][0]["to"], "nim(3, 6, 5)");

    let (status, body) = fetch(addr, "/api/analyze?position=nim(3,%20x)");
    assert_eq!(status, "HTTP/1.1 400 Bad Request");
    let json: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["span"], json!([7, 8]));
    runtime.shutdown_background();
}

#[tokio::test]
async fn requests_for_another_host_name_are_refused() {
    // A page elsewhere that rebinds its name to 127.0.0.1 still sends its
    // own name in `Host`.
    for (host, expected) in [
        ("127.0.0.1:8000", StatusCode::OK),
        ("localhost:8000", StatusCode::OK),
        ("LOCALHOST", StatusCode::OK),
        ("[::1]:8000", StatusCode::OK),
        ("evil.example:8000", StatusCode::FORBIDDEN),
        ("127.0.0.1.evil.example", StatusCode::FORBIDDEN),
    ] {
        let request = Request::get("/api/games")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let response = router().oneshot(request).await.unwrap();
        assert_eq!(response.status(), expected, "{host}");
    }
}

/// A server on a free loopback port with `limits`, on its own runtime
/// (kept alive by the caller).
fn real_server(limits: Limits) -> (tokio::runtime::Runtime, std::net::SocketAddr) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime.block_on(sprague_web::bind(0)).unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(sprague_web::serve_on(listener, limits));
    (runtime, addr)
}

/// Sends `request` as it is on a new connection and reads the answer
/// until the server closes it: the status line.
fn raw_status(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response.lines().next().unwrap_or("").to_string()
}

#[test]
fn host_must_be_one_header_naming_the_loopback_address_and_port_listened_on() {
    // Issue 28: two `Host` headers (local, then foreign), an absolute URI
    // naming another host, and no `Host` at all were answered 200: a page
    // elsewhere could reach the server by DNS rebinding.
    let (runtime, addr) = real_server(Limits::DEFAULT);
    let port = addr.port();
    let get = |target: &str, headers: &str| {
        raw_status(
            addr,
            &format!("GET {target} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"),
        )
    };
    let ok = "HTTP/1.1 200 OK";
    let forbidden = "HTTP/1.1 403 Forbidden";
    assert_eq!(
        get("/api/games", &format!("Host: 127.0.0.1:{port}\r\n")),
        ok
    );
    assert_eq!(
        get("/api/games", &format!("Host: localhost:{port}\r\n")),
        ok
    );
    assert_eq!(get("/api/games", &format!("Host: [::1]:{port}\r\n")), ok);
    for headers in [
        String::new(),
        format!("Host: 127.0.0.1:{port}\r\nHost: evil.com\r\n"),
        format!("Host: 127.0.0.1:{port}\r\nHost: 127.0.0.1:{port}\r\n"),
        "Host: evil.com\r\n".to_string(),
        // Another port of this machine is another origin.
        format!("Host: 127.0.0.1:{}\r\n", port.wrapping_add(1)),
        "Host: localhost\r\n".to_string(),
    ] {
        assert_eq!(get("/api/games", &headers), forbidden, "{headers:?}");
    }
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    assert_eq!(get("http://evil.com/api/games", &host), forbidden);
    assert_eq!(
        get(&format!("http://evil.com:{port}/api/games"), &host),
        forbidden
    );
    assert_eq!(
        get(&format!("https://127.0.0.1:{port}/api/games"), &host),
        forbidden
    );
    assert_eq!(
        get(&format!("http://127.0.0.1:{port}/api/games"), &host),
        ok
    );
    assert_eq!(
        get(&format!("http://localhost:{port}/api/games"), &host),
        ok
    );
    // HTTP/1.0 without a `Host`: refused too.
    assert_eq!(
        raw_status(addr, "GET /api/games HTTP/1.0\r\n\r\n"),
        "HTTP/1.0 403 Forbidden"
    );
    runtime.shutdown_background();
}

#[test]
fn idle_and_half_sent_connections_are_closed_at_the_header_timeout() {
    // Issue 28: idle connections and half-sent headers were never closed
    // (500 held for 28 s).
    let limits = Limits {
        header_timeout: Duration::from_millis(500),
        ..Limits::DEFAULT
    };
    let (runtime, addr) = real_server(limits);
    let closed_after = |send: &[u8]| {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let begun = Instant::now();
        stream.write_all(send).unwrap();
        let mut all = Vec::new();
        // Ends when the server closes the connection (a reset counts).
        let _ = stream.read_to_end(&mut all);
        (begun.elapsed(), String::from_utf8_lossy(&all).into_owned())
    };
    // Nothing sent; half a request's headers.
    for send in [&b""[..], b"GET /api/games HTTP/1.1\r\nHost: 127.0"] {
        let (took, _) = closed_after(send);
        assert!(
            took >= Duration::from_millis(400) && took < Duration::from_secs(5),
            "{took:?}"
        );
    }
    // A kept-alive connection is answered, then closed when idle.
    let request = format!("GET /api/games HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let (took, answer) = closed_after(request.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    // Beyond the connection limit, a new connection is closed at once
    // while the others stay open.
    let few = Limits {
        max_connections: 2,
        ..Limits::DEFAULT
    };
    let (runtime_few, addr) = real_server(few);
    let held: Vec<_> = (0..2)
        .map(|_| std::net::TcpStream::connect(addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut third = std::net::TcpStream::connect(addr).unwrap();
    third
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let begun = Instant::now();
    let mut all = Vec::new();
    let _ = third.read_to_end(&mut all);
    assert!(all.is_empty() && begun.elapsed() < Duration::from_secs(2));
    drop(held);
    runtime_few.shutdown_background();
    runtime.shutdown_background();
}

#[test]
fn serving_on_a_non_loopback_address_is_refused() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let result = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("0.0.0.0:0").await.unwrap();
        sprague_web::serve_on(listener, Limits::DEFAULT).await
    });
    let error = result.unwrap_err().to_string();
    assert!(error.contains("loopback"), "{error}");
}

#[test]
fn cheap_requests_are_answered_while_heavy_ones_hold_every_heavy_turn() {
    // One heavy turn, held 3 s by a search past the budget's reach, and a
    // second heavy search waiting for it: a cheap request is still
    // answered at once, from the quick lane. (With `max_quick: 0` it waits
    // 2.7 s.)
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let limits = Limits {
        budget: 50_000_000,
        timeout: Duration::from_secs(3),
        max_concurrent: 1,
        max_abandoned: 1,
        ..Limits::DEFAULT
    };
    let app = router_with(limits);
    for position in ["treblecross(40, 41, 42, 43)", "treblecross(44, 41, 42, 43)"] {
        let app = app.clone();
        runtime.spawn(async move {
            get(
                app,
                "/api/analyze",
                &[("position", position), ("misere", "true")],
            )
            .await
        });
    }
    // Past the heavy searches' quick time (they leave the quick lane by
    // then, if not sooner by its budget): they hold or wait for the heavy
    // turn now.
    std::thread::sleep(limits.quick_timeout * 3);
    let started = Instant::now();
    let (status, body) = runtime.block_on(get(
        app.clone(),
        "/api/analyze",
        &[("position", "nim(3, 6, 9)")],
    ));
    let elapsed = started.elapsed();
    runtime.shutdown_background();
    assert_eq!(status, StatusCode::OK, "{body}");
    // Bouton: 3 ⊕ 6 ⊕ 9 = 12.
    assert_eq!(body["grundy"], 12);
    assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
}

#[tokio::test]
async fn work_beyond_the_quick_time_is_answered_by_the_heavy_lane() {
    // No quick time at all: every search that reads the clock is run
    // again in the heavy lane, and answers as with the default limits.
    let no_quick = Limits {
        quick_timeout: Duration::ZERO,
        ..Limits::DEFAULT
    };
    let query = [
        ("position", "subtraction[2,5,7](20, 20, 20)"),
        ("misere", "true"),
    ];
    let heavy = get_ok(router_with(no_quick), "/api/analyze", &query).await;
    let quick = get_ok(router(), "/api/analyze", &query).await;
    assert_eq!(heavy, quick);
}

/// The vertex a graph position's single token stands on:
/// `graph["f.txt"]("tactic")` gives `tactic`, `graph["g.txt"](3)` gives `3`.
fn token_vertex(position: &str) -> String {
    let (_, last) = position.rsplit_once('(').unwrap();
    last.trim_end_matches(')').trim_matches('"').to_string()
}

/// Checks that from every drawn vertex of the game graph `file` the
/// engine's move (`/api/reply`) goes to a drawn vertex, the outcomes being
/// those `/api/graph` draws (retrograde analysis); the number checked.
async fn engine_keeps_draws(app: impl Fn() -> Router, file: &str) -> usize {
    let ruleset = format!("graph[\"{file}\"]");
    let graph = get_ok(app(), "/api/graph", &[("ruleset", &ruleset)]).await;
    let vertices = graph["vertices"].as_array().unwrap();
    let outcome_of = |label: &str| {
        vertices
            .iter()
            .find(|v| v["label"] == label)
            .map(|v| v["outcome"].as_str().unwrap().to_string())
            .unwrap_or_else(|| panic!("no vertex {label} in {graph}"))
    };
    let mut drawn = 0;
    for v in vertices.iter().filter(|v| v["outcome"] == "D") {
        let label = v["label"].as_str().unwrap();
        let token = if label.parse::<u64>().is_ok() {
            label.to_string()
        } else {
            format!("\"{label}\"")
        };
        let position = format!("{ruleset}({token})");
        let body = get_ok(app(), "/api/reply", &[("position", &position)]).await;
        let to = body["move"]["to"].as_str().unwrap();
        assert_eq!(outcome_of(&token_vertex(to)), "D", "{position} -> {to}");
        assert!(body["reason"].as_str().unwrap().contains("draw"), "{body}");
        drawn += 1;
    }
    drawn
}

#[tokio::test]
async fn the_engines_move_from_every_drawn_vertex_keeps_the_draw() {
    // The built-in words.txt: five of its seven words are drawn (tactic
    // among them, whose other move, to ticket, loses).
    assert_eq!(engine_keeps_draws(router, "games/words.txt").await, 5);

    // Twelve random loopy graphs (a fixed linear congruential sequence),
    // served from a --graphs directory.
    let dir = std::env::temp_dir().join(format!("sprague-web-loopy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut state = 20_261_125_u64;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    for g in 0..12 {
        let n = 4 + next(6);
        let mut edges = Vec::new();
        for x in 0..n {
            for y in 0..n {
                if x != y && next(4) == 0 {
                    edges.push(format!("{x} {y}"));
                }
            }
        }
        let text = format!("{n} {}\n{}\n", edges.len(), edges.join("\n"));
        std::fs::write(dir.join(format!("g{g}.txt")), text).unwrap();
    }
    let files = sprague_web::GraphFiles::with_dir(&dir).unwrap();
    let app = || sprague_web::router_with_files(Limits::DEFAULT, files.clone());
    let mut drawn = 0;
    for g in 0..12 {
        drawn += engine_keeps_draws(app, &format!("g{g}.txt")).await;
    }
    // What matters is that the graphs hold draws to check.
    assert!(drawn >= 10, "only {drawn} drawn vertices");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn from_every_p_position_of_a_searched_game_the_engine_holds_out_longest() {
    // Misère sums of subtraction and Kayles heaps are solved by search: from
    // each P-position the engine's move must reach an option of the
    // greatest remoteness among all of them (`moves=true`).
    let mut checked = 0;
    for a in 0..=6 {
        for b in 0..=4 {
            let position = format!("subtraction[1,3]({a}) + kayles({b})");
            let query = [
                ("position", position.as_str()),
                ("misere", "true"),
                ("moves", "true"),
            ];
            let analysis = get_ok(router(), "/api/analyze", &query).await;
            let moves = analysis["moves"].as_array().unwrap();
            if analysis["outcome"] != "P" || moves.is_empty() {
                continue;
            }
            let longest = moves
                .iter()
                .map(|m| m["remoteness"].as_u64().unwrap())
                .max()
                .unwrap();
            let (_, reply) = get(router(), "/api/reply", &query[..2]).await;
            let to = reply["move"]["to"].as_str().unwrap();
            let chosen = moves.iter().find(|m| m["to"] == to).unwrap();
            assert_eq!(chosen["remoteness"].as_u64(), Some(longest), "{position}");
            assert!(
                reply["reason"]
                    .as_str()
                    .unwrap()
                    .contains("holds out longest"),
                "{reply}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} P-positions");
}

#[tokio::test]
async fn quotient_answers_the_json_of_the_command() {
    // 0.75's quotient on heaps 0..=20 is Plambeck and Siegel's R8, of order
    // 8 (crates/sprague/tests/data/misere_quotients.txt names the source).
    let body = get_ok(
        router(),
        "/api/quotient",
        &[("ruleset", "octal[0.75]"), ("heaps", "20")],
    )
    .await;
    assert_eq!(body["order"], 8, "{body}");
    assert_eq!(body["tame"], false);
    assert_eq!(body["heap_elements"].as_array().unwrap().len(), 21);
    assert_eq!(body["product"].as_array().unwrap().len(), 8);
    // A game that is not take-and-break, or too many heaps, is the user's
    // mistake.
    get_bad_request(router(), "/api/quotient", &[("ruleset", "wythoff")]).await;
    get_bad_request(
        router(),
        "/api/quotient",
        &[("ruleset", "kayles"), ("heaps", "1000000")],
    )
    .await;
}

#[test]
fn hostile_positions_get_their_error_while_a_light_request_answers_quickly() {
    // Issue 36: a ten-byte `10000over` overflowed a worker's stack and
    // ended the server; `{1000000|pass}` and a huge number before
    // `Tiny(on)` too. Each is now a 400 naming the limit, and light
    // requests beside them are answered in under 100 ms at p99.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = router();
    let hostile = [
        "10000over",
        "1000000over",
        "{1000000|pass}",
        "99999999999999Tiny(on)",
    ];
    let mut floods = Vec::new();
    for _ in 0..4 {
        for position in hostile {
            let app = app.clone();
            floods.push(
                runtime.spawn(
                    async move { get(app, "/api/analyze", &[("position", position)]).await },
                ),
            );
        }
    }
    let mut light = Vec::new();
    for _ in 0..100 {
        let started = Instant::now();
        let (status, body) = runtime.block_on(get(
            app.clone(),
            "/api/analyze",
            &[("position", "nim(3, 6, 9)")],
        ));
        light.push(started.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        // Bouton: 3 ⊕ 6 ⊕ 9 = 12.
        assert_eq!(body["grundy"], 12);
    }
    for flood in floods {
        let (status, body) = runtime.block_on(flood).unwrap();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error_text(&body).contains("too large (the limit is 4096)"),
            "{body}"
        );
    }
    runtime.shutdown_background();
    light.sort();
    let p99 = light[98];
    assert!(p99 < Duration::from_millis(100), "p99 {p99:?}");
}

#[test]
fn misere_notation_is_built_inside_the_lanes_within_the_time_limit() {
    // Issue 36: a 405-byte `*[2###…]` was built on the async runtime,
    // outside the lanes and their time limits: two such requests held a
    // light `nim(3,6,9)` for 107 s. Its forms are now built inside the
    // request's lane: the flood gets the time limit's answer at the
    // request's limit, and light requests beside it answer at once.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let limits = Limits {
        timeout: Duration::from_secs(2),
        ..Limits::DEFAULT
    };
    let app = router_with(limits);
    let hostile = format!("*[2{}]", "#".repeat(401));
    assert_eq!(hostile.len(), 405);
    let started = Instant::now();
    let mut floods = Vec::new();
    for _ in 0..2 {
        let app = app.clone();
        let position = hostile.clone();
        floods.push(runtime.spawn(async move {
            get(app, "/api/analyze", &[("position", position.as_str())]).await
        }));
    }
    let mut light = Vec::new();
    for _ in 0..100 {
        let asked = Instant::now();
        let (status, body) = runtime.block_on(get(
            app.clone(),
            "/api/analyze",
            &[("position", "nim(3, 6, 9)")],
        ));
        light.push(asked.elapsed());
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["grundy"], 12);
    }
    for flood in floods {
        let (status, body) = runtime.block_on(flood).unwrap();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(error_text(&body).contains("took longer than 2 s"), "{body}");
    }
    // The limit, plus the few milliseconds a build takes to read its clock
    // (the old build ran on for a minute).
    let took = started.elapsed();
    assert!(took < Duration::from_secs(6), "the flood took {took:?}");
    runtime.shutdown_background();
    light.sort();
    let p99 = light[98];
    assert!(p99 < Duration::from_millis(100), "p99 {p99:?}");
}

#[tokio::test]
async fn analyze_lists_both_players_winning_moves_with_their_side() {
    // hackenbush("L", "e") = 1 + *: Left's winning move is the green cut
    // (leaving 1, where Right cannot move); Right's one move, the same
    // green cut, leaves 1 and loses. Left's and Right's green cuts read
    // alike and lead to the same position: only `side` tells them apart.
    let body = get_ok(
        router(),
        "/api/analyze",
        &[
            ("position", "hackenbush(\"L\", \"e\")"),
            ("all", "true"),
            ("moves", "true"),
        ],
    )
    .await;
    assert_eq!(
        body["winning_moves"],
        json!([{"side": "L", "component": 1, "description": "cut edge 1 (green)", "to": "hackenbush(\"L\", \"\")"}])
    );
    let green: Vec<(&str, &str)> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["description"] == "cut edge 1 (green)")
        .map(|m| (m["side"].as_str().unwrap(), m["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(green, [("L", "L"), ("R", "L")]);
    // A 3x4 Domineering board is an R-position: no winning move for Left
    // (vertical), and each of Right's nine horizontal placements wins.
    let body = get_ok(
        router(),
        "/api/analyze",
        &[
            ("position", "domineering(\"....|....|....\")"),
            ("all", "true"),
        ],
    )
    .await;
    assert_eq!(body["outcome"], "R");
    let moves = body["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9, "{body}");
    assert!(
        moves
            .iter()
            .all(|m| m["side"] == "R" && m["description"].as_str().unwrap().contains("horizontal")),
        "{body}"
    );
}

/// A loopy partizan position's figures reach the explorer: the stops of
/// a stopper and the sides of a sided value (CGSuite's
/// `CanonicalStopperTestCase`: `{pass|3/2}` is `3/2under`, both stops
/// `3/2under`, degree `over`, variety `under`; `SidedValueTestCase`:
/// `dud`'s onside `on`, offside `off`), and the page shows them.
#[tokio::test]
async fn analyze_gives_a_loopy_values_figures() {
    let body = get_ok(router(), "/api/analyze", &[("position", "{pass|3/2}")]).await;
    assert_eq!(body["value"], "3/2under");
    let cgt = &body["cgt"];
    assert_eq!(cgt["left_stop"], "3/2under");
    assert_eq!(cgt["right_stop"], "3/2under");
    assert_eq!(cgt["degree"], "over");
    assert_eq!(cgt["variety"], "under");
    let body = get_ok(router(), "/api/analyze", &[("position", "dud")]).await;
    assert_eq!(body["cgt"]["onside"], "on");
    assert_eq!(body["cgt"]["offside"], "off");
    assert_eq!(body["cgt"]["left_stop"], Value::Null);
    let (_, _, script) = get_raw(router(), "/app.js", &[]).await;
    assert!(script.contains("function loopyFigures(cgt)"));
}
