//! `sprague-web`: the web explorer, a small HTTP server on 127.0.0.1 with a
//! JSON API over the `sprague` library and one page that uses it.
//!
//! The page (`/`) lets a person type a position, see who wins and with which
//! moves, walk through a game by clicking moves, play against the engine,
//! and look at the value table of a one-heap family or the grid of a game of
//! two numbers (Wythoff's, Cutcake, ...). Everything it needs is
//! compiled into the binary: no file is read and nothing is fetched from the
//! internet at run time.
//!
//! The API (all `GET`, all answers JSON):
//!
//! | path | answer |
//! |---|---|
//! | `/api/analyze?position=P&misere=B&all=B&remoteness=B&moves=B` | the JSON of `sprague analyze --json` (with `moves`: of `--moves`) |
//! | `/api/compare?left=G&right=H` | the JSON of `sprague compare G H --json` (`=`, `>`, `<` or `\|\|` from the outcome of `G - H`) |
//! | `/api/moves?position=P&side=S` | every move of `P` (Left's or Right's, `S` = `left` by default, in a partizan position; the first [`Limits::max_moves`]) |
//! | `/api/options?position=P&misere=B` | one node of the game tree: every option of `P` (at most 1000 a side) with its outcome, value, and under normal play whether it is sensible and whether it reverses |
//! | `/api/reply?position=P&misere=B&side=S` | the engine's move from `P` (playing side `S`, `left` by default), and why |
//! | `/api/table?ruleset=R&from=A&to=N&period=B` | the JSON of `sprague table --json`; with `to=AxB` (or a game of two numbers), its grid |
//! | `/api/graph?ruleset=R` | the graph of a game on a graph file (`graph["games/words.txt"]`), its vertices' outcomes, for drawing |
//! | `/api/games` | every ruleset, as `sprague games` lists them |
//!
//! Positions may name graph files and word lists: the repository's
//! examples (`games/*.txt`, compiled in), and with
//! [`GraphFiles::with_dir`] the files inside one directory, nothing else.
//!
//! Bad input is answered with status 400 (the request or the position is
//! wrong) or 422 (the position is valid but beyond the limits or methods),
//! and a body `{"error": "...", "span": [start, end] | null}`, where `span`
//! is the byte range of the offending text of a position or ruleset.
//!
//! Every computation runs on a blocking thread, with a position budget and
//! a time limit. It is first tried in a *quick lane* for
//! [`Limits::quick_timeout`]; most requests end there. One that does not is run again in the *heavy lane*, at most
//! [`Limits::max_concurrent`] at once. So a heavy request cannot hang the server, and heavy requests, even
//! as many as the heavy lane holds, cannot starve the cheap ones.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let listener = sprague_web::bind(8000).await?;
//! println!("on http://{}", listener.local_addr()?);
//! sprague_web::serve_on(listener, sprague_web::Limits::default()).await
//! # }
//! ```

#![deny(missing_docs)]

mod api;
mod error;
mod files;
mod pages;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::routing::get;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use error::ApiError;
pub use files::{BUILT_IN, GraphFiles};

/// What one request may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions one search may store.
    pub budget: u64,
    /// How long a request may wait for its turn and compute, together.
    pub timeout: Duration,
    /// How long a computation may take in the quick lane before it is run
    /// again in the heavy lane.
    pub quick_timeout: Duration,
    /// How long a request waits for its turn in the quick lane before it
    /// goes to the heavy lane.
    pub quick_wait: Duration,
    /// The most computations in the quick lane at once.
    pub max_quick: usize,
    /// The most computations running at once in the heavy lane; more wait
    /// their turn.
    pub max_concurrent: usize,
    /// The most computations that ran out of time and still run until
    /// their budget stops them. While there is room here, such a
    /// computation gives its turn back to the requests waiting; beyond it,
    /// it keeps its turn until it stops.
    pub max_abandoned: usize,
    /// The most values one `/api/table` request may ask for: heaps of a
    /// sequence, or cells of a grid.
    pub max_table: u64,
    /// The most moves `/api/moves` lists.
    pub max_moves: usize,
    /// The longest position or ruleset text accepted, in bytes.
    pub max_input: usize,
    /// How long a connection may take to send a request's headers, and
    /// how long it may stay open between requests: a connection that
    /// sends nothing, or half its headers, is closed after this.
    pub header_timeout: Duration,
    /// The most connections open at once; one more is closed as soon as
    /// it is accepted.
    pub max_connections: usize,
}

impl Limits {
    /// The limits of `sprague serve`: a million positions and ten seconds
    /// per request; a quick lane of 250 ms for two computations at once,
    /// waited for up to five seconds (a cheap request takes well under a
    /// millisecond, but a machine busy with heavy searches may stall it for
    /// a tenth of a second, and a queue of 64 clients moves fast), two heavy
    /// computations at once (the explorer is for one person) and two more
    /// that ran out of time and are still finishing; a hundred thousand
    /// table values, ten thousand moves; five seconds to send a request's
    /// headers or between two requests, and 256 connections.
    pub const DEFAULT: Limits = Limits {
        budget: 1_000_000,
        timeout: Duration::from_secs(10),
        quick_timeout: Duration::from_millis(250),
        quick_wait: Duration::from_secs(5),
        max_quick: 2,
        max_concurrent: 2,
        max_abandoned: 2,
        max_table: 100_000,
        max_moves: 10_000,
        max_input: 4096,
        header_timeout: Duration::from_secs(5),
        max_connections: 256,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// What every handler shares: the limits, and the permits that bound how
/// many computations run at once in each lane, and how many run on after
/// their request gave up on them.
#[derive(Clone, Debug)]
struct AppState {
    limits: Limits,
    files: Arc<GraphFiles>,
    quick: Arc<Semaphore>,
    permits: Arc<Semaphore>,
    abandoned: Arc<Semaphore>,
    /// The port the server listens on, which `Host` must name; `None` for
    /// a router called in-process, which any port of a loopback name
    /// reaches.
    port: Option<u16>,
}

/// The explorer's routes with the default [`Limits`]: the page, its script
/// and style, and the JSON API.
pub fn router() -> Router {
    router_with(Limits::DEFAULT)
}

/// The explorer's routes with the given limits.
pub fn router_with(limits: Limits) -> Router {
    router_with_files(limits, GraphFiles::built_in())
}

/// The explorer's routes with the given limits, positions reading their
/// graph files from `files`.
pub fn router_with_files(limits: Limits, files: GraphFiles) -> Router {
    router_on(limits, files, None)
}

/// The routes, answering requests whose `Host` names `port` (any port for
/// `None`).
fn router_on(limits: Limits, files: GraphFiles, port: Option<u16>) -> Router {
    let state = AppState {
        limits,
        files: Arc::new(files),
        quick: Arc::new(Semaphore::new(limits.max_quick)),
        permits: Arc::new(Semaphore::new(limits.max_concurrent.max(1))),
        abandoned: Arc::new(Semaphore::new(limits.max_abandoned)),
        port,
    };
    Router::new()
        .route("/", get(pages::index))
        .route("/app.js", get(pages::script))
        .route("/style.css", get(pages::style))
        .route("/api/analyze", get(api::analyze))
        .route("/api/compare", get(api::compare))
        .route("/api/moves", get(api::moves))
        .route("/api/options", get(api::options))
        .route("/api/reply", get(api::reply))
        .route("/api/table", get(api::table))
        .route("/api/quotient", get(api::quotient))
        .route("/api/graph", get(api::graph))
        .route("/api/games", get(api::games))
        .route("/api/picture", get(api::picture))
        .fallback(api::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            local_host_only,
        ))
        .with_state(state)
}

/// Refuses requests that do not name this server: exactly one `Host`
/// header, naming a loopback name (`localhost`, `127.0.0.1`, `[::1]`) and
/// the port the server listens on, and an absolute-form target
/// (`GET http://host:port/...`) only if it names the same.
///
/// A web page elsewhere can point its own name at 127.0.0.1 (DNS
/// rebinding) and then read this server's answers as same-origin; the
/// `Host` header still carries that name, so such requests are answered
/// 403. A request with no `Host` (HTTP/1.0), two of them (one local, one
/// foreign: which would a proxy have used?), or a target naming another
/// host is refused the same way: a browser always sends one `Host` and an
/// origin-form target.
async fn local_host_only(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    match refusal(&request, state.port) {
        Some(message) => ApiError {
            status: axum::http::StatusCode::FORBIDDEN,
            message,
            span: None,
        }
        .into_response(),
        None => next.run(request).await,
    }
}

/// Why `request` does not name this server listening on `port`, if it
/// does not.
fn refusal(request: &axum::extract::Request, port: Option<u16>) -> Option<String> {
    let hosts: Vec<&axum::http::HeaderValue> = request
        .headers()
        .get_all(axum::http::header::HOST)
        .iter()
        .collect();
    let wanted = match port {
        Some(port) => format!("127.0.0.1:{port}, localhost:{port} or [::1]:{port}"),
        None => "127.0.0.1, localhost or [::1]".to_string(),
    };
    let host = match hosts.as_slice() {
        [] => {
            return Some(format!(
                "a request must name this server in a `Host` header ({wanted})"
            ));
        }
        [host] => String::from_utf8_lossy(host.as_bytes()).into_owned(),
        _ => {
            return Some(format!(
                "a request must have one `Host` header, not {}",
                hosts.len()
            ));
        }
    };
    if !names_this_server(&host, port) {
        return Some(format!(
            "the explorer answers only to {wanted}, not to `{host}`"
        ));
    }
    let uri = request.uri();
    if let Some(authority) = uri.authority()
        && (uri.scheme_str() != Some("http") || !names_this_server(authority.as_str(), port))
    {
        return Some(format!(
            "the explorer answers only to {wanted}, not to a request for `{}`",
            uri.scheme_str()
                .map_or(String::new(), |s| format!("{s}://"))
                + authority.as_str()
        ));
    }
    None
}

/// Whether a `Host` header or a URI's authority names this machine and,
/// when `port` is known, that port (none written means 80, HTTP's).
fn names_this_server(host: &str, port: Option<u16>) -> bool {
    let (name, written) = match host.rsplit_once(':') {
        // `[::1]:8000`, `127.0.0.1:8000`, `localhost:8000`; a bare `::1`
        // is not a valid Host header, so a colon outside brackets always
        // starts a port.
        Some((name, digits)) if !digits.contains(']') => match digits.parse::<u16>() {
            Ok(p) if digits.bytes().all(|b| b.is_ascii_digit()) => (name, Some(p)),
            _ => return false,
        },
        _ => (host, None),
    };
    let local = matches!(
        name.to_ascii_lowercase().as_str(),
        "localhost" | "127.0.0.1" | "[::1]"
    );
    local && port.is_none_or(|port| written.unwrap_or(80) == port)
}

/// Binds `127.0.0.1:port` (port 0 picks a free one). The explorer never
/// listens on any other address: it is for the person at this machine.
///
/// # Errors
///
/// When the port cannot be bound (already in use, not permitted).
pub async fn bind(port: u16) -> anyhow::Result<TcpListener> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))
}

/// Serves the explorer on `listener` until the process ends.
///
/// # Errors
///
/// When `listener` is not bound to a loopback address (the explorer must
/// not be reachable from other machines), or the server fails.
pub async fn serve_on(listener: TcpListener, limits: Limits) -> anyhow::Result<()> {
    serve_with(listener, limits, GraphFiles::built_in()).await
}

/// Serves the explorer on `listener` as [`serve_on`] does, positions
/// reading their graph files from `files`.
///
/// # Errors
///
/// As [`serve_on`].
pub async fn serve_with(
    listener: TcpListener,
    limits: Limits,
    files: GraphFiles,
) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    anyhow::ensure!(
        addr.ip().is_loopback(),
        "the explorer listens on loopback addresses only, not on {addr}"
    );
    let app = router_on(limits, files, Some(addr.port()));
    let connections = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was
            // accepted: the next ones may be fine.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        // Beyond the limit the connection is closed at once (dropped).
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            // hyper starts the header timer whenever it waits for a
            // request's head: on a new connection, on a kept-alive one
            // between requests, and while headers arrive a byte at a time.
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            // A connection that ends in an error (a timeout, a reset) is
            // simply closed.
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// Binds `127.0.0.1:port` and serves the explorer there with the default
/// limits until the process ends.
///
/// # Errors
///
/// As [`bind`] and [`serve_on`].
pub async fn serve(port: u16) -> anyhow::Result<()> {
    serve_on(bind(port).await?, Limits::DEFAULT).await
}

#[cfg(test)]
mod tests {
    use super::names_this_server;

    #[test]
    fn local_host_names_with_and_without_ports() {
        for host in [
            "localhost",
            "127.0.0.1",
            "[::1]",
            "localhost:8000",
            "127.0.0.1:1",
            "[::1]:80",
        ] {
            assert!(names_this_server(host, None), "{host}");
        }
        for host in [
            "localhost.evil.example",
            "evil.example",
            "127.0.0.2",
            "127.0.0.1.nip.io:8000",
            "localhost:80x",
            "localhost:",
            "localhost:+80",
            "localhost:99999",
            "user@localhost:8000",
            "",
        ] {
            assert!(!names_this_server(host, None), "{host}");
        }
    }

    #[test]
    fn the_port_must_be_the_one_listened_on() {
        assert!(names_this_server("127.0.0.1:8000", Some(8000)));
        assert!(names_this_server("[::1]:8000", Some(8000)));
        assert!(!names_this_server("127.0.0.1:8001", Some(8000)));
        // No port is HTTP's 80.
        assert!(!names_this_server("localhost", Some(8000)));
        assert!(names_this_server("localhost", Some(80)));
    }
}
