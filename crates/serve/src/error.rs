//! Errors as the service answers them: a status and `{"error": {"code", "message"}}`.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An error answered to a request.
#[derive(Debug)]
pub struct ApiError {
    /// The status of the answer.
    pub status: StatusCode,
    /// A stable word for programs (`body_too_large`, `not_found`, ...).
    pub code: &'static str,
    /// What went wrong, for people.
    pub message: String,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// `404 not_found`.
    pub fn not_found(what: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", format!("no such {what}"))
    }

    /// `400 bad_request`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// `500 internal`: the store failed; the details go to the log, not to the client.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        eprintln!("stich serve: error: {what}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server could not complete the request",
        )
    }
}

/// The JSON body of an error.
pub fn error_body(code: &str, message: &str) -> String {
    serde_json::json!({"error": {"code": code, "message": message}}).to_string()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, error_body(self.code, &self.message)).into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}
