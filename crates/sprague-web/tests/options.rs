//! `/api/options`: one node of the game tree, its options marked sensible
//! and reversible, within the limits of every other request.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use sprague_web::{Limits, router, router_with};

use super::{error_text, get, get_bad_request, get_expecting, get_ok, spanned};

/// The options of `body` for `side` (`"L"`, `"R"`, or `null`).
fn of_side<'a>(body: &'a Value, side: &Value) -> Vec<&'a Value> {
    body["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| &o["side"] == side)
        .collect()
}

/// CGSuite's tutorial "Games and Rulesets"
/// (`lib/core/src/main/resources/org/cgsuite/help/docs/tutorials/getting-started/games-and-rulesets.cgsh`):
/// `Clobber("xoxo|ox..")` has one sensible Left option of its six.
#[tokio::test]
async fn the_tutorials_clobber_position_has_one_sensible_left_option() {
    let body = get_ok(
        router(),
        "/api/options",
        &[("position", "clobber(\"xoxo|ox..\")")],
    )
    .await;
    assert_eq!(body["position"], "clobber(\"xoxo|ox..\")");
    assert_eq!(body["marked"], true);
    let left = of_side(&body, &json!("L"));
    assert_eq!(left.len(), 6);
    let sensible: Vec<&str> = left
        .iter()
        .filter(|o| o["sensible"] == true)
        .map(|o| o["to"].as_str().unwrap())
        .collect();
    assert_eq!(sensible, ["clobber(\"xx.o|ox..\")"]);
    for o in left.iter().filter(|o| o["sensible"] == false) {
        assert_eq!(o["reversible"], true, "{o}");
        assert_eq!(o["reverses_through"], "0", "{o}");
    }
    assert_eq!(of_side(&body, &json!("R")).len(), 6);
    // Each option's value and outcome are those /api/analyze gives the
    // position after it.
    for o in body["options"].as_array().unwrap() {
        let a = get_ok(
            router(),
            "/api/analyze",
            &[("position", o["to"].as_str().unwrap())],
        )
        .await;
        assert_eq!(o["value"], a["value"], "{o}");
        assert_eq!(o["outcome"], a["outcome"], "{o}");
        assert!(
            o["description"].as_str().unwrap().contains("clobbers"),
            "{o}"
        );
    }
}

/// An impartial position: its moves, with no side; `nim(3) + nim(1)` is
/// `*2`, so (Bouton) a move to `*0` or `*1` is sensible and one to `*3`
/// reverses through `*2`.
#[tokio::test]
async fn an_impartial_positions_moves_are_marked_by_their_nimbers() {
    let body = get_ok(router(), "/api/options", &[("position", "nim(3, 1)")]).await;
    let all = of_side(&body, &Value::Null);
    assert_eq!(all.len(), 4);
    for o in all {
        let small = o["value"] == "0" || o["value"] == "*";
        assert_eq!(o["sensible"], small, "{o}");
        assert_eq!(o["reversible"], !small, "{o}");
        if !small {
            assert_eq!(o["value"], "*3");
            assert_eq!(o["reverses_through"], "*2");
        }
    }
}

/// Under misère play the options are valued as analyze values them, and
/// not marked: sensible options are of the normal-play canonical form.
#[tokio::test]
async fn misere_options_are_valued_but_not_marked() {
    let q = [("position", "kayles(4)"), ("misere", "true")];
    let body = get_ok(router(), "/api/options", &q).await;
    assert_eq!(body["marked"], false);
    let options = body["options"].as_array().unwrap();
    assert!(!options.is_empty());
    for o in options {
        assert_eq!(o["sensible"], Value::Null);
        assert_eq!(o["reversible"], Value::Null);
        let to = o["to"].as_str().unwrap();
        let a = get_ok(
            router(),
            "/api/analyze",
            &[("position", to), ("misere", "true")],
        )
        .await;
        assert_eq!(o["outcome"], a["outcome"], "{o}");
    }
}

#[tokio::test]
async fn bad_input_is_a_one_line_4xx() {
    let text = "clobber(\"xo\") + nosuch(4)";
    let body = get_bad_request(router(), "/api/options", &[("position", text)]).await;
    assert_eq!(spanned(text, &body), "nosuch");
    assert!(error_text(&body).starts_with("bad position: "));
    for query in [
        vec![],
        vec![("position", "nim(3)"), ("misere", "maybe")],
        vec![("position", "graph[\"/dev/zero\"](0)")],
    ] {
        let body = get_bad_request(router(), "/api/options", &query).await;
        assert!(!error_text(&body).contains('\n'), "{body}");
    }
    let long = "nim(1) + ".repeat(1000) + "nim(1)";
    let body = get_bad_request(router(), "/api/options", &[("position", &long)]).await;
    assert!(error_text(&body).contains("too long"), "{body}");
}

/// More options than a node of the tree shows, a budget too small, a
/// search past the time limit: each a 422 that says so, in time.
#[tokio::test]
async fn the_limits_are_honoured() {
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router(),
        "/api/options",
        &[("position", "nim(5000)")],
    )
    .await;
    assert!(
        error_text(&body).contains("more than 1000 options"),
        "{body}"
    );

    let small = Limits {
        budget: 2_000,
        ..Limits::DEFAULT
    };
    let body = get_expecting(
        StatusCode::UNPROCESSABLE_ENTITY,
        router_with(small),
        "/api/options",
        &[(
            "position",
            "domineering(\"......|......|......|......|......\")",
        )],
    )
    .await;
    assert!(error_text(&body).contains("budget"), "{body}");

    let quick = Limits {
        budget: 50_000_000,
        timeout: Duration::from_millis(300),
        ..Limits::DEFAULT
    };
    let started = Instant::now();
    let (status, body) = get(
        router_with(quick),
        "/api/options",
        &[
            ("position", "treblecross(40, 41, 42, 43)"),
            ("misere", "true"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let error = error_text(&body);
    assert!(
        error.contains("longer than") || error.contains("time limit"),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}
