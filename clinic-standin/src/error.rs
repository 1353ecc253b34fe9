//! The one error body: `{"errorCode", "message", "requestId"}`.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

tokio::task_local! {
    /// The id of the request being served; set by the logging middleware.
    pub(crate) static REQUEST_ID: String;
}

/// Every `errorCode` the stand-in can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ErrorCode {
    /// 400: malformed id, query or body.
    ValidationError,
    /// 401: no `Authorization` header, or not `Bearer `.
    AuthRequired,
    /// 401: unknown, malformed or expired token.
    AuthInvalid,
    /// 403: wrong role, or not the owner.
    Forbidden,
    /// 404: no such route (method + path). Not in the contract's table.
    NotFound,
    /// 404: unknown doctor id.
    DoctorNotFound,
    /// 404: unknown slot id.
    SlotNotFound,
    /// 404: unknown appointment id.
    AppointmentNotFound,
    /// 404: the appointment has no intake.
    IntakeNotFound,
    /// 409: the slot was booked by someone else.
    SlotTaken,
    /// 409: the appointment already has its one intake.
    IntakeExists,
    /// 409: the clinic has nobody on call to escalate to.
    NoOncallDoctor,
    /// 422: the status change is not allowed.
    InvalidTransition,
    /// 422: an `Idempotency-Key` reused with a different body.
    IdempotencyKeyConflict,
    /// 429: booking rate limit; the response carries `Retry-After`.
    RateLimited,
}

impl ErrorCode {
    /// All codes, in declaration order.
    pub const ALL: &[ErrorCode] = &[
        ErrorCode::ValidationError,
        ErrorCode::AuthRequired,
        ErrorCode::AuthInvalid,
        ErrorCode::Forbidden,
        ErrorCode::NotFound,
        ErrorCode::DoctorNotFound,
        ErrorCode::SlotNotFound,
        ErrorCode::AppointmentNotFound,
        ErrorCode::IntakeNotFound,
        ErrorCode::SlotTaken,
        ErrorCode::IntakeExists,
        ErrorCode::NoOncallDoctor,
        ErrorCode::InvalidTransition,
        ErrorCode::IdempotencyKeyConflict,
        ErrorCode::RateLimited,
    ];

    /// The wire spelling, e.g. `"SLOT_TAKEN"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::ValidationError => "VALIDATION_ERROR",
            ErrorCode::AuthRequired => "AUTH_REQUIRED",
            ErrorCode::AuthInvalid => "AUTH_INVALID",
            ErrorCode::Forbidden => "FORBIDDEN",
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::DoctorNotFound => "DOCTOR_NOT_FOUND",
            ErrorCode::SlotNotFound => "SLOT_NOT_FOUND",
            ErrorCode::AppointmentNotFound => "APPOINTMENT_NOT_FOUND",
            ErrorCode::IntakeNotFound => "INTAKE_NOT_FOUND",
            ErrorCode::SlotTaken => "SLOT_TAKEN",
            ErrorCode::IntakeExists => "INTAKE_EXISTS",
            ErrorCode::NoOncallDoctor => "NO_ONCALL_DOCTOR",
            ErrorCode::InvalidTransition => "INVALID_TRANSITION",
            ErrorCode::IdempotencyKeyConflict => "IDEMPOTENCY_KEY_CONFLICT",
            ErrorCode::RateLimited => "RATE_LIMITED",
        }
    }

    /// The HTTP status that goes with the code.
    pub fn status(self) -> u16 {
        match self {
            ErrorCode::ValidationError => 400,
            ErrorCode::AuthRequired | ErrorCode::AuthInvalid => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound
            | ErrorCode::DoctorNotFound
            | ErrorCode::SlotNotFound
            | ErrorCode::AppointmentNotFound
            | ErrorCode::IntakeNotFound => 404,
            ErrorCode::SlotTaken | ErrorCode::IntakeExists | ErrorCode::NoOncallDoctor => 409,
            ErrorCode::InvalidTransition | ErrorCode::IdempotencyKeyConflict => 422,
            ErrorCode::RateLimited => 429,
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error answer; rendered with the current request id.
#[derive(Debug, thiserror::Error)]
#[error("{code}: {message}")]
pub(crate) struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    pub(crate) fn validation(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::ValidationError, message)
    }

    pub(crate) fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::Forbidden, message)
    }

    pub(crate) fn rate_limited(retry_after_secs: u64) -> ApiError {
        ApiError {
            code: ErrorCode::RateLimited,
            message: format!("Too many booking attempts; retry in {retry_after_secs} s"),
            retry_after: Some(retry_after_secs),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let request_id = REQUEST_ID
            .try_with(Clone::clone)
            .unwrap_or_else(|_| "req-unknown".to_owned());
        let status =
            StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = json!({
            "errorCode": self.code.as_str(),
            "message": self.message,
            "requestId": request_id,
        });
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
