//! The vocabulary of failure: every code a tool error can carry ([`ErrorCode`]), the tool error
//! itself, and why the server did not start. At the bottom of the crate: it imports no module of
//! it.

use clinic_policy::Finding;
use serde::Serialize;
use std::fmt;

macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, upstream = $up:literal; )*) => {
        /// Every `code` a tool error can carry. The API's own codes are passed through only when
        /// they are one of these with `upstream` set ([`ErrorCode::from_upstream`]); the README's
        /// list is checked against [`ErrorCode::ALL`] by a test.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            /// The code as it is sent: `SLOT_TAKEN`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $text,)*
                }
            }

            /// Whether the clinic API's contract (docs/openapi.json) defines this `errorCode`, so
            /// an answer carrying it is passed through.
            pub const fn is_upstream(self) -> bool {
                match self {
                    $(ErrorCode::$variant => $up,)*
                }
            }
        }
    };
}

error_codes! {
    // ---- the clinic API's codes, passed through
    /// A malformed id or body, as the API judged it.
    ValidationError = "VALIDATION_ERROR", upstream = true;
    AuthRequired = "AUTH_REQUIRED", upstream = true;
    AuthInvalid = "AUTH_INVALID", upstream = true;
    Forbidden = "FORBIDDEN", upstream = true;
    NotFound = "NOT_FOUND", upstream = true;
    /// Also ours: a slot search for a doctor id the doctor list lacks.
    DoctorNotFound = "DOCTOR_NOT_FOUND", upstream = true;
    SlotNotFound = "SLOT_NOT_FOUND", upstream = true;
    AppointmentNotFound = "APPOINTMENT_NOT_FOUND", upstream = true;
    SlotTaken = "SLOT_TAKEN", upstream = true;
    InvalidTransition = "INVALID_TRANSITION", upstream = true;
    IdempotencyKeyConflict = "IDEMPOTENCY_KEY_CONFLICT", upstream = true;
    /// An appointment has one intake: a second answers this.
    IntakeExists = "INTAKE_EXISTS", upstream = true;
    /// The appointment's clinic has nobody on call to escalate to.
    NoOncallDoctor = "NO_ONCALL_DOCTOR", upstream = true;
    /// Also ours, for a bare 429.
    RateLimited = "RATE_LIMITED", upstream = true;
    // ---- ours
    InvalidArguments = "INVALID_ARGUMENTS", upstream = false;
    MissingToken = "MISSING_TOKEN", upstream = false;
    InvalidTokenFormat = "INVALID_TOKEN_FORMAT", upstream = false;
    RoleNotPermitted = "ROLE_NOT_PERMITTED", upstream = false;
    UnknownSpecialty = "UNKNOWN_SPECIALTY", upstream = false;
    SearchTooBroad = "SEARCH_TOO_BROAD", upstream = false;
    UpstreamUnavailable = "UPSTREAM_UNAVAILABLE", upstream = false;
    UpstreamTimeout = "UPSTREAM_TIMEOUT", upstream = false;
    UpstreamInvalidResponse = "UPSTREAM_INVALID_RESPONSE", upstream = false;
    UpstreamRedirect = "UPSTREAM_REDIRECT", upstream = false;
    UpstreamError = "UPSTREAM_ERROR", upstream = false;
    /// Every turn to send a request to the API was taken for the whole queue timeout
    /// (`--max-concurrent-requests`, `--queue-timeout-ms`): nothing was sent.
    UpstreamBusy = "UPSTREAM_BUSY", upstream = false;
    ShuttingDown = "SHUTTING_DOWN", upstream = false;
    Cancelled = "CANCELLED", upstream = false;
    /// A destructive call the human did not confirm (declined, dismissed, answered false or
    /// nothing in time): nothing was sent.
    ConfirmationDeclined = "CONFIRMATION_DECLINED", upstream = false;
    /// The audit log could not be written: a change refused before anything was sent, or one
    /// made whose outcome the trail misses (the message says which).
    AuditUnavailable = "AUDIT_UNAVAILABLE", upstream = false;
    InternalError = "INTERNAL_ERROR", upstream = false;
}

impl ErrorCode {
    /// The code an `errorCode` from the clinic API becomes when it is one of the contract's;
    /// `None` for anything else (prose, one of our own codes, the caller's token echoed back).
    pub fn from_upstream(code: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|c| c.is_upstream() && c.as_str() == code)
    }

    /// The code spelled `text`, upstream or ours.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.as_str() == text)
    }

    /// Whether a mutation that answered this may still have been made upstream: no answer, or
    /// none that could be read.
    pub const fn outcome_unknown(self) -> bool {
        matches!(
            self,
            ErrorCode::UpstreamTimeout
                | ErrorCode::UpstreamUnavailable
                | ErrorCode::UpstreamError
                | ErrorCode::UpstreamInvalidResponse
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for ErrorCode {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for ErrorCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// For tools written outside this crate (test doubles, the ui cases), which name their codes as
/// text: a spelling that is not one of [`ErrorCode::ALL`] becomes `INTERNAL_ERROR`, so no code
/// outside the list ever reaches a client. The shipped tools use the variants.
impl From<&str> for ErrorCode {
    fn from(text: &str) -> Self {
        Self::parse(text).unwrap_or(ErrorCode::InternalError)
    }
}

/// A tool-level failure: an `isError: true` result carrying a stable `code` and a `message` that
/// tells a model what to do next. Never carries the token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
}

impl ToolError {
    pub fn new(code: impl Into<ErrorCode>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
        }
    }

    pub fn invalid_arguments(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArguments, message)
    }

    /// `field: message` with the code `INVALID_ARGUMENTS`.
    pub fn field(field: &str, message: impl fmt::Display) -> Self {
        Self::invalid_arguments(format!("{field}: {message}"))
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"code": self.code.as_str(), "message": self.message})
    }
}

/// A catalogue that failed the start-up policy check.
#[derive(Debug, thiserror::Error)]
#[error("{}", format_findings(.0))]
pub struct PolicyViolations(pub Vec<Finding>);

/// One line per finding: tool, field path, rule id, message.
pub fn format_findings(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| {
            format!(
                "tool {:?} field {}: [{}] ({}) {}: {}",
                f.tool,
                f.path,
                f.violation.rule.id(),
                f.violation.class(),
                f.violation.rule.message(),
                f.violation.detail
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// An unknown profile or role. Exact, case-sensitive: `Readonly` and the empty string are refused,
/// and nothing ever falls back to a default.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {given:?}: expected one of {expected}")]
pub struct UnknownValue {
    pub what: &'static str,
    pub given: String,
    pub expected: &'static str,
}

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("the tool catalogue violates the description policy; refusing to start:\n{0}")]
    Policy(PolicyViolations),
    #[error("SUT_BASE_URL cannot be parsed: {0}")]
    BaseUrl(String),
    #[error("cannot build the HTTP client: {0}")]
    Http(String),
    #[error("cannot open the audit log: {0}")]
    Audit(String),
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;
    use std::collections::BTreeSet;

    /// The policy knows every code of ours, and which of them may leave a change made: a text
    /// that says a code changes nothing passes the strict screen exactly when it is true (a code
    /// the booking never answers is refused as well).
    #[test]
    fn the_policy_reads_each_code_as_the_server_answers_it() {
        for &code in ErrorCode::ALL {
            let text = format!(
                "Book an open slot for the authenticated patient. On `{code}`, nothing changes."
            );
            let found = clinic_policy::check_strict(
                clinic_policy::Field::ToolDescription,
                &text,
                "book_appointment",
                &[],
                true,
            );
            // (a fault of ours, or a call the client cancelled, may come after the change too)
            let may_be_made = code.outcome_unknown()
                || matches!(
                    code,
                    ErrorCode::InternalError | ErrorCode::AuditUnavailable | ErrorCode::Cancelled
                );
            let answered = clinic_policy::served::tools_answering(code.as_str())
                .is_none_or(|tools| tools.contains(&"book_appointment"));
            assert_eq!(
                found.is_empty(),
                answered && !may_be_made,
                "{code}: {found:?}"
            );
        }
    }

    #[test]
    fn codes_are_unique_and_screaming_snake_case() {
        let texts: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(texts.len(), ErrorCode::ALL.len());
        for t in texts {
            assert!(
                t.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'),
                "{t}"
            );
            assert_eq!(ErrorCode::parse(t).map(ErrorCode::as_str), Some(t));
        }
        assert_eq!(ErrorCode::from_upstream("MISSING_TOKEN"), None);
        assert_eq!(
            ErrorCode::from_upstream("SLOT_TAKEN"),
            Some(ErrorCode::SlotTaken)
        );
        assert_eq!(ErrorCode::from("NO_SUCH_CODE"), ErrorCode::InternalError);
    }

    /// The README's list of codes (the paragraph under the tools table) is exactly
    /// [`ErrorCode::ALL`], and the codes it says are the API's are exactly the upstream ones.
    #[test]
    fn the_readme_lists_every_code_and_no_other() {
        let readme = include_str!("../../README.md");
        let start = readme
            .find("Tool failures\nare")
            .or_else(|| readme.find("Tool failures are"))
            .expect("the README's paragraph on tool failures");
        let paragraph = &readme[start..];
        let paragraph = &paragraph[..paragraph.find("\n\n").unwrap_or(paragraph.len())];
        let codes = |text: &str| -> BTreeSet<String> {
            text.split('`')
                .skip(1)
                .step_by(2)
                .filter(|t| t.len() > 3 && t.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'))
                .map(str::to_owned)
                .collect()
        };
        let all: BTreeSet<String> = ErrorCode::ALL
            .iter()
            .map(|c| c.as_str().to_owned())
            .collect();
        assert_eq!(codes(paragraph), all, "README.md's list of codes");
        let (theirs, _) = paragraph
            .split_once("or ours:")
            .expect("the README separates the API's codes from ours with `or ours:`");
        let theirs = &theirs[..theirs.find("any other code").unwrap_or(theirs.len())];
        let upstream: BTreeSet<String> = ErrorCode::ALL
            .iter()
            .filter(|c| c.is_upstream())
            .map(|c| c.as_str().to_owned())
            .collect();
        assert_eq!(
            codes(theirs),
            upstream,
            "README.md's list of the API's codes"
        );
    }
}
