//! Errors as the user sees them: one line that says what is wrong and
//! where, a caret under the offending text, and the exit status.

use std::io::Write;
use std::process::ExitCode;

use sprague::{ParseError, SolveError};
use unicode_width::UnicodeWidthStr;

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Input the user must fix (exit status 2): a message, and, for errors
    /// in a position or ruleset, the text and the byte range to underline.
    User {
        message: String,
        source_text: Option<(String, std::ops::Range<usize>)>,
    },
    /// Anything else (exit status 1).
    Internal(anyhow::Error),
}

impl Failure {
    /// A user error without text to underline.
    pub fn user(message: impl Into<String>) -> Failure {
        Failure::User {
            message: message.into(),
            source_text: None,
        }
    }

    /// A parse error in `text`, to be shown with a caret.
    pub fn parse(context: &str, text: &str, error: &ParseError) -> Failure {
        // Building the game ran out of the budget: the budget's message and
        // the flag that moves it, not a mistake in the text.
        if let sprague::ParseErrorKind::Stopped(e) = &error.kind {
            return Failure::from(e.clone());
        }
        Failure::User {
            message: format!("{context}: {error}"),
            source_text: Some((text.to_string(), error.span.clone())),
        }
    }

    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::User { .. } => ExitCode::from(2),
            Failure::Internal(_) => ExitCode::from(1),
        }
    }

    /// Whether the error is only that the reader of our output went away
    /// (`sprague table ... | head`), which is no failure at all.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Failure::Internal(e) => e.chain().any(|cause| {
                let io_kind = cause
                    .downcast_ref::<std::io::Error>()
                    .map(std::io::Error::kind)
                    .or_else(|| {
                        cause
                            .downcast_ref::<serde_json::Error>()
                            .and_then(serde_json::Error::io_error_kind)
                    });
                io_kind == Some(std::io::ErrorKind::BrokenPipe)
            }),
            Failure::User { .. } => false,
        }
    }

    /// Writes the error as one JSON object on stdout, for a command run
    /// with `--json`: `{"error": message, "span": [start, end]}`, the span
    /// the byte range of the offending text in the position or ruleset
    /// given (`null` where the error has none).
    pub fn report_json(&self) {
        let (message, span) = match self {
            Failure::User {
                message,
                source_text,
            } => (
                message.clone(),
                source_text.as_ref().map(|(_, span)| [span.start, span.end]),
            ),
            Failure::Internal(e) => (format!("{e:#}"), None),
        };
        let json = serde_json::json!({ "error": message, "span": span });
        // If stdout is gone, the line on stderr still says what happened.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{json}");
    }

    /// Writes the error to stderr.
    pub fn report(&self) {
        let mut err = std::io::stderr().lock();
        // Nothing useful can be done if stderr itself is closed.
        let _ = match self {
            Failure::User {
                message,
                source_text,
            } => {
                let _ = writeln!(err, "error: {message}");
                match source_text {
                    Some((text, span)) => write_caret(&mut err, text, span),
                    None => Ok(()),
                }
            }
            Failure::Internal(e) => writeln!(err, "error: {e:#}"),
        };
    }
}

/// How many characters of the input the caret line shows on each side of
/// the span: enough to recognise the place, short enough that an error in
/// a 100 KB position is still a two-line message.
const CARET_CONTEXT: usize = 36;

/// The most characters of the span itself that are underlined; a longer span
/// is shown by its beginning, which is where the reader starts looking.
const CARET_SPAN_MAX: usize = 40;

/// Marks where the shown window cuts the input.
const ELLIPSIS: &str = "…";

/// Writes a window of `text` on one line, at most [`CARET_CONTEXT`]
/// characters either side of the bytes `span` with `…` where it is cut, and
/// carets under the span (one caret at the end for an empty span). Columns
/// are display widths, not bytes or chars, so the caret lines up under
/// non-ASCII and double-width text too.
fn write_caret(
    out: &mut impl Write,
    text: &str,
    span: &std::ops::Range<usize>,
) -> std::io::Result<()> {
    let clamp = |i: usize| {
        let mut i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (start, end) = (clamp(span.start), clamp(span.end.max(span.start)));
    // Control characters (a newline in a file's text) would break the line
    // or have no width; each is shown as one space.
    let shown = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    };
    let before_chars = text[..start].chars().rev().take(CARET_CONTEXT + 1).count();
    let before_cut = before_chars > CARET_CONTEXT;
    let before_start = text[..start]
        .char_indices()
        .rev()
        .nth(CARET_CONTEXT.min(before_chars).saturating_sub(1))
        .map_or(start, |(i, _)| i);
    let span_end = text[start..end]
        .char_indices()
        .nth(CARET_SPAN_MAX)
        .map_or(end, |(i, _)| start + i);
    let after_end = text[span_end..]
        .char_indices()
        .nth(CARET_CONTEXT)
        .map_or(text.len(), |(i, _)| span_end + i);
    let before = shown(&text[before_start..start]);
    let underlined = shown(&text[start..span_end]);
    let after = shown(&text[span_end..after_end]);
    let lead = if before_cut { ELLIPSIS } else { "" };
    let tail = if after_end < text.len() { ELLIPSIS } else { "" };
    let indent = lead.width() + before.width();
    let carets = underlined.width().max(1);
    writeln!(out, "  {lead}{before}{underlined}{after}{tail}")?;
    writeln!(out, "  {}{}", " ".repeat(indent), "^".repeat(carets))
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Failure {
        match &e {
            SolveError::BudgetExceeded { .. } => Failure::user(format!(
                "{e} (raise the limit with --budget N, or try a smaller position)"
            )),
            SolveError::TimeLimit { .. } => Failure::user(format!(
                "{e} (raise it with --time-limit SECONDS, or try a smaller position)"
            )),
            SolveError::Loopy
            | SolveError::Unsupported { .. }
            | SolveError::PeriodNotProved { .. } => Failure::user(e.to_string()),
        }
    }
}

impl From<sprague::certificate::CertificateError> for Failure {
    fn from(e: sprague::certificate::CertificateError) -> Failure {
        use sprague::certificate::CertificateError;
        match e {
            // A path that cannot be written is the user's to fix.
            CertificateError::Refused(_) | CertificateError::Io { .. } => {
                Failure::user(e.to_string())
            }
            CertificateError::ValueTooLarge(_) => Failure::Internal(e.into()),
            CertificateError::Solve(e) => e.into(),
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Internal(e)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Internal(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_sits_under_the_span() {
        let mut out = Vec::new();
        write_caret(&mut out, "nim(-1)", &(4..6)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "  nim(-1)\n      ^^\n");
    }

    #[test]
    fn caret_at_the_end_for_an_empty_span() {
        let mut out = Vec::new();
        write_caret(&mut out, "nim(3,", &(6..6)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "  nim(3,\n        ^\n");
    }

    #[test]
    fn caret_counts_characters_not_bytes() {
        let mut out = Vec::new();
        write_caret(&mut out, "é(1)", &(2..3)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "  é(1)\n   ^\n");
    }

    #[test]
    fn caret_counts_display_columns_of_wide_characters() {
        // `国` takes two columns on a terminal: the caret under `(` moves
        // two to the right, not one.
        let mut out = Vec::new();
        write_caret(&mut out, "国(1", &(3..4)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "  国(1\n    ^\n");
    }

    #[test]
    fn long_input_is_shown_as_a_window_around_the_caret() {
        // 50 000 `a`, the offending `!`, 50 000 `b`: the line shows the
        // nearest CARET_CONTEXT characters either side, cut with `…`.
        let text = format!("{}!{}", "a".repeat(50_000), "b".repeat(50_000));
        let mut out = Vec::new();
        write_caret(&mut out, &text, &(50_000..50_001)).unwrap();
        let out = String::from_utf8(out).unwrap();
        let (line, carets) = out.trim_end().split_once('\n').unwrap();
        let expected_line = format!(
            "  …{}!{}…",
            "a".repeat(CARET_CONTEXT),
            "b".repeat(CARET_CONTEXT)
        );
        assert_eq!(line, expected_line);
        // Two spaces, the ellipsis, the context: the caret is under `!`.
        assert_eq!(carets, format!("{}^", " ".repeat(2 + 1 + CARET_CONTEXT)));
    }

    #[test]
    fn window_cuts_only_where_the_input_goes_on() {
        let text = format!("{}?", "x".repeat(CARET_CONTEXT));
        let mut out = Vec::new();
        write_caret(&mut out, &text, &(CARET_CONTEXT..CARET_CONTEXT + 1)).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, format!("  {text}\n  {}^\n", " ".repeat(CARET_CONTEXT)));
    }

    #[test]
    fn window_is_cut_on_character_boundaries() {
        // Multi-byte characters on both sides of a span in the middle of a
        // long text: no slicing inside a character, carets aligned.
        let text = format!("{}<>{}", "é".repeat(100), "国".repeat(100));
        let start = "é".len() * 100;
        let mut out = Vec::new();
        write_caret(&mut out, &text, &(start..start + 2)).unwrap();
        let out = String::from_utf8(out).unwrap();
        let (line, carets) = out.trim_end().split_once('\n').unwrap();
        assert_eq!(
            line,
            format!(
                "  …{}<>{}…",
                "é".repeat(CARET_CONTEXT),
                "国".repeat(CARET_CONTEXT)
            )
        );
        assert_eq!(carets, format!("{}^^", " ".repeat(2 + 1 + CARET_CONTEXT)));
    }

    #[test]
    fn a_long_span_is_underlined_by_its_beginning() {
        let text = "y".repeat(1000);
        let mut out = Vec::new();
        write_caret(&mut out, &text, &(0..1000)).unwrap();
        let out = String::from_utf8(out).unwrap();
        let (line, carets) = out.trim_end().split_once('\n').unwrap();
        assert_eq!(line.chars().count(), 2 + CARET_SPAN_MAX + CARET_CONTEXT + 1);
        assert_eq!(carets, format!("  {}", "^".repeat(CARET_SPAN_MAX)));
    }
}
