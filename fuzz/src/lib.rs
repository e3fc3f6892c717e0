//! Fuzz targets: one plain function per way input comes into `sprague`,
//! each taking arbitrary bytes and panicking only on a bug. The stable
//! driver (`src/main.rs`, run by `.ci/run`) and the `cargo fuzz` targets
//! (`cargo-fuzz/`, for nightly) call the same functions, and
//! `tests/main.rs` replays the corpus and every crash found so far.
//!
//! A target must be fast (a small budget and time limit) and must decide
//! for itself what a bug is: a panic anywhere, an answer that contradicts
//! itself, or, for the web, a 500.

use std::sync::OnceLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sprague::graph::{Graph, ReadLimits};
use sprague::{Budget, GrundySequence, Method, OctalCode, Play, Position, TakeBreak};
use tower::ServiceExt;

/// A fuzz target: arbitrary bytes in, a panic on a bug.
pub type Target = fn(&[u8]);

/// Every target, by the name of its corpus directory (`corpus/<name>/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("position", position),
    ("graph", graph),
    ("checkpoint", checkpoint),
    ("web", web),
    ("algebra", algebra),
    ("loopy", loopy),
    ("misere", misere),
];

/// The budget of one fuzz input: small, so a run tries many inputs, and with
/// a time limit, so an input that defeats the budget is seen as slow rather
/// than hanging the run.
fn budget() -> Budget {
    Budget::positions(20_000).with_time_limit(Duration::from_millis(200))
}

/// The bytes as a position's text, or `None`: not UTF-8, or naming a
/// ruleset that reads a file (which would let the fuzzer read whatever file
/// it names; files are the graph target's job).
fn position_text(data: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(data).ok()?;
    let reads_a_file = ["graph", "wordchain", "geography"]
        .iter()
        .any(|name| text.contains(name));
    (!reads_a_file).then_some(text)
}

/// A parse error's span lies within the text, on character boundaries (the
/// CLI draws a caret there).
fn assert_span_inside(e: &sprague::ParseError, text: &str) {
    assert!(
        e.span.start <= e.span.end
            && e.span.end <= text.len()
            && text.is_char_boundary(e.span.start)
            && text.is_char_boundary(e.span.end),
        "span {:?} of {text:?}",
        e.span
    );
}

/// The position language: parse, validate, then analyze under both plays
/// with a small budget. Bad input must be a `ParseError` whose span lies
/// within the text on character boundaries (the CLI draws a caret there);
/// a valid position must print as text that parses again.
pub fn position(data: &[u8]) {
    let Some(text) = position_text(data) else {
        return;
    };
    let position = match Position::parse(text) {
        Ok(position) => position,
        Err(e) => {
            assert_span_inside(&e, text);
            return;
        }
    };
    let shown = position.to_string();
    if let Err(e) = Position::parse(&shown) {
        panic!("{text:?} prints as {shown:?}, which does not parse: {e}");
    }
    for play in [Play::Normal, Play::Misere] {
        let _ = sprague::analyze(&position, play, true, &budget());
    }
    let _ = sprague::moves(&position, sprague::Side::Left, 100, &budget());
}

/// The game algebra's notation (ordinal sums, Norton products, cooling and
/// heating, `Tiny`, up powers, multiple switches) under normal play: see
/// `written_value`. Its corpus seeds numbers, nesting and chains.
pub fn algebra(data: &[u8]) {
    written_value(data, Play::Normal);
}

/// Loopy values (`on`, `over`, `5over`, `^[on]`, labelled braces, sided
/// values) under normal play: see `written_value`.
pub fn loopy(data: &[u8]) {
    written_value(data, Play::Normal);
}

/// CGSuite's misère notation (`*[2#1]`, subscripts, `&12;`) under misère
/// play: see `written_value`.
pub fn misere(data: &[u8]) {
    written_value(data, Play::Misere);
}

/// A written value read back: parsed within the budget (its time too: a
/// term that takes long to build stops with the budget's error), printed,
/// analyzed under `play`; then every text the engine printed — the
/// position, its value, the positions its moves lead to — must parse, and
/// the value printed must read back as the same value.
fn written_value(data: &[u8], play: Play) {
    let Some(text) = position_text(data) else {
        return;
    };
    let Some(position) = read_back(text, "the input") else {
        return;
    };
    let shown = position.to_string();
    read_back(&shown, &format!("{text:?} printed as the position"));
    if let Ok(analysis) = sprague::analyze(&position, play, false, &budget())
        && let Some(value) = analysis.value.as_ref().and_then(readable_notation)
        && let Some(again) = read_back(&value, &format!("{text:?}'s value"))
        && let Ok(second) = sprague::analyze(&again, play, false, &budget())
    {
        let second = second.value.as_ref().and_then(readable_notation);
        assert!(
            second.is_none() || second.as_deref() == Some(value.as_str()),
            "{text:?} has value {value:?}, which reads back as {second:?}"
        );
    }
    if let Ok(page) = sprague::moves(&position, sprague::Side::Left, 20, &budget()) {
        for m in &page.moves {
            read_back(&m.to.to_string(), &format!("a move of {text:?} leads to"));
        }
    }
}

/// The notation of a value the position language reads: a nimber, a
/// canonical form, a misère form (not a loopy impartial value `∞{0,2}`,
/// which is a figure, not a game one writes).
fn readable_notation(value: &sprague::Value) -> Option<String> {
    match value {
        sprague::Value::Loopy(_) | sprague::Value::NotComputed(_) => None,
        v => v.notation(),
    }
}

/// `text` parsed within the fuzz budget; `None` when it does not parse
/// for a reason a text may have (the input's mistakes, a limit). A text the
/// engine printed (`what` says which) must parse unless the budget stops
/// it: a syntax error there is a bug.
fn read_back(text: &str, what: &str) -> Option<Position> {
    match Position::parse_within(text, &sprague::graph::FileSystem, &budget()) {
        Ok(position) => Some(position),
        Err(e) => {
            assert_span_inside(&e, text);
            let printed = what != "the input";
            let limit = matches!(
                e.kind,
                sprague::ParseErrorKind::Stopped(_) | sprague::ParseErrorKind::TooLarge { .. }
            );
            assert!(
                !printed || limit,
                "{what} {text:?}, which does not parse: {e}"
            );
            None
        }
    }
}

/// Graph files: any bytes are read into a graph or refused with an error
/// naming a line, under small limits so that the limits themselves are
/// exercised; a graph read is then valued where acyclic.
pub fn graph(data: &[u8]) {
    let limits = ReadLimits {
        max_bytes: 4096,
        max_line_bytes: 256,
    };
    if let Ok(graph) = Graph::read_with_limits(data, limits) {
        let reverse = graph.transpose();
        let _ = sprague::graph::grundy_where_acyclic(&graph, &reverse);
        let retrograde = sprague::graph::Retrograde::new(&graph, &reverse);
        for v in 0..graph.n_vertices() {
            let _ = retrograde.outcome(v);
        }
    }
}

/// Octal checkpoints: arbitrary bytes given to the public reader, for the
/// rules of Kayles. Refusal is fine; a sequence accepted must continue
/// without a panic.
pub fn checkpoint(data: &[u8]) {
    let kayles = TakeBreak::from_code(&OctalCode::parse("0.77").expect("Kayles' code"));
    if let Ok(mut sequence) =
        GrundySequence::from_checkpoint(kayles, Method::SparseSpace, "kayles", data)
    {
        let more = (sequence.len() + 64).min(1 << 16);
        let _ = sequence.extend_to(more);
    }
}

/// The runtime and router the web target sends its requests to: built once,
/// with small limits so that slow requests end quickly.
fn web_service() -> &'static (tokio::runtime::Runtime, axum::Router) {
    static SERVICE: OnceLock<(tokio::runtime::Runtime, axum::Router)> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let limits = sprague_web::Limits {
            budget: 20_000,
            timeout: Duration::from_millis(300),
            max_table: 2_000,
            max_moves: 200,
            ..sprague_web::Limits::DEFAULT
        };
        (runtime, sprague_web::router_with(limits))
    })
}

/// The web API: the first byte picks an endpoint, the rest is the query
/// string (bytes a URI may not hold are percent-encoded). The router is
/// called in-process. Any status but 500 is an answer: 400 and 422 for bad
/// input, 404, and 503 when the small time limit cuts a request.
pub fn web(data: &[u8]) {
    const ENDPOINTS: &[&str] = &["analyze", "moves", "reply", "table", "games"];
    let Some((&first, query)) = data.split_first() else {
        return;
    };
    let endpoint = ENDPOINTS[usize::from(first) % ENDPOINTS.len()];
    let query: String = query
        .iter()
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"=&%-_.~+*,()[]".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    let uri = format!("/api/{endpoint}?{query}");
    let Ok(request) = Request::get(&uri)
        .header(header::HOST, "localhost")
        .body(Body::empty())
    else {
        return;
    };
    let (runtime, router) = web_service();
    let response = runtime
        .block_on(router.clone().oneshot(request))
        .expect("the router is infallible");
    assert_ne!(
        response.status(),
        StatusCode::INTERNAL_SERVER_ERROR,
        "{uri} answered 500"
    );
}
