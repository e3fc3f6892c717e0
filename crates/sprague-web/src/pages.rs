//! The page, its script and its style, compiled into the binary so the
//! explorer works without files beside it and without the internet.

use axum::http::header;
use axum::response::{Html, IntoResponse};

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");

/// Everything the page loads comes from this server; nothing else runs.
const CSP: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'";

/// `GET /`: the explorer.
pub(crate) async fn index() -> impl IntoResponse {
    ([(header::CONTENT_SECURITY_POLICY, CSP)], Html(INDEX))
}

/// `GET /app.js`.
pub(crate) async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// `GET /style.css`.
pub(crate) async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}
