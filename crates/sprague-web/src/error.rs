//! Errors as the API answers them: a status and a JSON body
//! `{"error": "...", "span": [start, end] | null}`.

use std::ops::Range;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sprague::{ParseError, SolveError};

/// A request the explorer cannot answer, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for a bad request or position, 422 for a valid position beyond
    /// the limits or methods, 503 when the server is busy.
    pub status: StatusCode,
    /// What is wrong, in words, lower case.
    pub message: String,
    /// The byte range of the offending text of the position or ruleset.
    pub span: Option<Range<usize>>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    span: Option<[usize; 2]>,
}

impl ApiError {
    /// A 400 error without a span.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            span: None,
        }
    }

    /// A 400 error for `error` in a position or ruleset; `context` says
    /// which (`bad position`).
    pub fn parse(context: &str, error: &ParseError) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: format!("{context}: {error}"),
            span: Some(error.span.clone()),
        }
    }

    /// A 422 error: the input is valid but beyond the limits or methods.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            span: None,
        }
    }
}

impl From<SolveError> for ApiError {
    fn from(e: SolveError) -> ApiError {
        match e {
            SolveError::BudgetExceeded { .. } => {
                ApiError::unprocessable(format!("{e} (try a smaller position)"))
            }
            SolveError::TimeLimit { .. } => {
                ApiError::unprocessable(format!("{e} (try a smaller position)"))
            }
            SolveError::Loopy
            | SolveError::Unsupported { .. }
            | SolveError::PeriodNotProved { .. } => ApiError::unprocessable(e.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            span: self.span.map(|s| [s.start, s.end]),
        };
        (self.status, Json(body)).into_response()
    }
}
