//! Typed errors: what went wrong while reading a position, and why a solver
//! stopped.

use std::fmt;
use std::ops::Range;

/// Why a position (or a ruleset name) could not be read.
///
/// Every parse error carries the byte range of the text it is about, so a
/// command line can draw a caret under it and a web page can underline it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// The byte range of the offending text in the input (may be empty, at
    /// the end of the input, for "unexpected end").
    pub span: Range<usize>,
    /// What the user probably meant, where a likely slip is recognised: a
    /// ruleset name a letter or two away, a name in capitals, a string
    /// without its quotes, heaps in square brackets.
    pub hint: Option<String>,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input ended where more was needed.
    UnexpectedEnd {
        /// What the parser was looking for.
        expected: &'static str,
    },
    /// A character or token that does not fit the grammar here.
    Unexpected {
        /// What was found, as written.
        found: String,
        /// What the parser was looking for.
        expected: &'static str,
    },
    /// An integer larger than the ruleset (or the language) supports.
    NumberTooLarge {
        /// The largest value allowed here.
        max: u64,
    },
    /// A number that sizes what is built from it (the vertices of a loopy
    /// game's graph, a nesting) beyond the limit the reader sets.
    TooLarge {
        /// What is too large, in words, lower case.
        what: String,
        /// The limit.
        max: u64,
    },
    /// A minus sign: sizes and parameters are never negative.
    NegativeNumber,
    /// A string literal without its closing quote.
    UnterminatedString,
    /// No ruleset has this name.
    UnknownRuleset {
        /// The name as written.
        name: String,
    },
    /// A ruleset's parameters (the part in square brackets) are wrong.
    BadParameters {
        /// What is wrong, in words, lower case.
        reason: String,
    },
    /// A ruleset's arguments (the part in parentheses) are wrong.
    BadArguments {
        /// What is wrong, in words, lower case.
        reason: String,
    },
    /// A game value in CGSuite's notation that is well formed but not a
    /// short game this library can hold (`1/3`, a number out of range).
    BadValue {
        /// What is wrong, in words, lower case.
        reason: String,
    },
    /// Building the game the text describes (a misère form's canonical
    /// options) ran out of the caller's budget: its time or its positions.
    /// A caller that retries with more time (the web explorer's lanes)
    /// tells this from a mistake in the text.
    Stopped(SolveError),
}

impl ParseError {
    /// A parse error of `kind` about the bytes `span`.
    pub fn new(kind: ParseErrorKind, span: Range<usize>) -> ParseError {
        ParseError {
            kind,
            span,
            hint: None,
        }
    }

    /// The error with a hint of what the user probably meant (`did you
    /// mean `kayles`?`), shown after the message.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> ParseError {
        self.hint = Some(hint.into());
        self
    }

    /// A [`ParseErrorKind::BadParameters`] error.
    pub fn bad_parameters(reason: impl Into<String>, span: Range<usize>) -> ParseError {
        ParseError::new(
            ParseErrorKind::BadParameters {
                reason: reason.into(),
            },
            span,
        )
    }

    /// A [`ParseErrorKind::BadArguments`] error.
    pub fn bad_arguments(reason: impl Into<String>, span: Range<usize>) -> ParseError {
        ParseError::new(
            ParseErrorKind::BadArguments {
                reason: reason.into(),
            },
            span,
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::UnexpectedEnd { expected } => {
                write!(f, "unexpected end of input, expected {expected}")?
            }
            ParseErrorKind::Unexpected { found, expected } => {
                write!(f, "unexpected `{found}`, expected {expected}")?
            }
            ParseErrorKind::NumberTooLarge { max } => {
                write!(f, "number out of range (the largest allowed here is {max})")?
            }
            ParseErrorKind::TooLarge { what, max } => {
                write!(f, "{what} too large (the limit is {max})")?
            }
            ParseErrorKind::NegativeNumber => write!(f, "negative numbers are not allowed")?,
            ParseErrorKind::UnterminatedString => write!(f, "string has no closing quote")?,
            ParseErrorKind::UnknownRuleset { name } => {
                write!(f, "unknown ruleset `{name}` (`sprague games` lists them)")?
            }
            ParseErrorKind::BadParameters { reason } => write!(f, "bad parameters: {reason}")?,
            ParseErrorKind::BadArguments { reason } => write!(f, "bad arguments: {reason}")?,
            ParseErrorKind::BadValue { reason } => write!(f, "bad game value: {reason}")?,
            ParseErrorKind::Stopped(e) => write!(f, "{e}, while building the game")?,
        }
        write!(f, " at byte {}", self.span.start)?;
        if let Some(hint) = &self.hint {
            write!(f, "; {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Why a solver stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The search needed more positions than the budget allows.
    BudgetExceeded {
        /// The budget, in positions.
        limit: u64,
    },
    /// The time limit ran out before an answer.
    TimeLimit {
        /// The limit, in milliseconds.
        millis: u64,
    },
    /// A position can be reached from itself: the game is loopy, and the
    /// loop-free solver cannot value it.
    Loopy,
    /// The question has no answer by the methods this ruleset has (a value
    /// beyond what is known, a play convention not supported, ...).
    Unsupported {
        /// What is missing, in words, lower case.
        reason: String,
    },
    /// A heap beyond the budget is valued only through its game's period,
    /// and the period search ended without proving one.
    PeriodNotProved {
        /// The heap asked for.
        heap: u64,
        /// The game, as written.
        ruleset: String,
        /// How far the search looked, in words.
        report: String,
        /// The budget of heaps computed one by one.
        budget: u64,
    },
}

impl SolveError {
    /// A [`SolveError::Unsupported`] error.
    pub fn unsupported(reason: impl Into<String>) -> SolveError {
        SolveError::Unsupported {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::BudgetExceeded { limit } => write!(
                f,
                "position budget exceeded: the search needs more than {limit} positions"
            ),
            SolveError::TimeLimit { millis } => write!(
                f,
                "time limit reached: no answer within {}",
                crate::error::seconds(*millis)
            ),
            SolveError::Loopy => write!(
                f,
                "the game is loopy: a position can be reached from itself"
            ),
            SolveError::Unsupported { reason } => f.write_str(reason),
            SolveError::PeriodNotProved {
                heap,
                ruleset,
                report,
                budget,
            } => write!(
                f,
                "heap {heap} of {ruleset} is out of reach: no period is proved ({report}), and computing G({heap}) directly needs more than the budget of {budget} heaps"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A size in bytes, in words, in the largest unit (powers of 1024) of which
/// it holds at least one, so that a small limit does not read as `0.0 GiB`:
/// `512 bytes`, `8.0 MiB`, `3.0 GiB`.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >> (10 * (unit + 2)) > 0 {
        unit += 1;
    }
    let scale = (1u64 << (10 * (unit + 1))) as f64;
    format!("{:.1} {}", bytes as f64 / scale, UNITS[unit])
}

/// A duration in milliseconds, in words: `10 s`, `1.5 s`, `250 ms`.
pub fn seconds(millis: u64) -> String {
    if millis < 1000 {
        format!("{millis} ms")
    } else if millis % 1000 == 0 {
        format!("{} s", millis / 1000)
    } else {
        format!("{:.1} s", millis as f64 / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::bytes_text;

    #[test]
    fn sizes_read_in_the_largest_unit_they_fill() {
        assert_eq!(bytes_text(0), "0 bytes");
        assert_eq!(bytes_text(1023), "1023 bytes");
        assert_eq!(bytes_text(1024), "1.0 KiB");
        // `--memory 8M` read as "0.0 GiB".
        assert_eq!(bytes_text(8 * 1024 * 1024), "8.0 MiB");
        assert_eq!(bytes_text(1536 * 1024 * 1024), "1.5 GiB");
        assert_eq!(bytes_text(5 << 40), "5.0 TiB");
        assert_eq!(bytes_text(1 << 50), "1024.0 TiB");
    }
}
