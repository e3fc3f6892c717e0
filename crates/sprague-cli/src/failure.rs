//! Errors as the user sees them: one line that says what is wrong and
//! where, a caret under the offending text, and the exit status.

use std::io::Write;
use std::process::ExitCode;

use sprague::{ParseError, SolveError};

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

/// Writes `text` on one line and carets under the bytes `span` (one caret
/// at the end for an empty span). Columns count characters, not bytes, so
/// the caret lines up under non-ASCII text too.
fn write_caret(
    out: &mut impl Write,
    text: &str,
    span: &std::ops::Range<usize>,
) -> std::io::Result<()> {
    let text = text.replace(['\n', '\r', '\t'], " ");
    let clamp = |i: usize| {
        let mut i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (start, end) = (clamp(span.start), clamp(span.end));
    let indent = text[..start].chars().count();
    let width = text[start..end].chars().count().max(1);
    writeln!(out, "  {text}")?;
    writeln!(out, "  {}{}", " ".repeat(indent), "^".repeat(width))
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
            SolveError::Loopy | SolveError::Unsupported { .. } => Failure::user(e.to_string()),
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
}
