//! The target of a `GET` with a query, written alike by the tests and by
//! the load test (`examples/load.rs`, which includes this file).

/// Percent-encodes a query value, so positions with spaces, brackets and
/// quotes go through the URI parser unchanged.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// `path?k=v&...`, each value percent-encoded; `path` alone when the query
/// is empty.
pub fn target(path: &str, query: &[(&str, &str)]) -> String {
    let query: Vec<String> = query
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", query.join("&"))
    }
}
