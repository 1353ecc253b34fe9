//! Who is calling: a role and a token. Separate from the [`Session`](crate::session::Session),
//! which is configuration: a `Caller` reaches every tool call, and whatever is learned about a
//! caller (the doctor behind a token) is kept under [`Caller::fingerprint`], so one process can
//! serve many callers. The stdio transport serves one, configured at start-up.

use crate::error::{ErrorCode, ToolError, UnknownValue};
use std::fmt;
use std::str::FromStr;

/// The role a tool demands from the API. A tool without one is public: no token is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    Patient,
    Doctor,
}

impl Role {
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::Patient => "patient",
            Role::Doctor => "doctor",
        }
    }
}

/// The role the session's caller holds: `patient`, `doctor`, or `none` (public tools only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SessionRole {
    Patient,
    Doctor,
    None,
}

impl SessionRole {
    pub const ALL: [SessionRole; 3] =
        [SessionRole::Patient, SessionRole::Doctor, SessionRole::None];

    pub const fn as_str(self) -> &'static str {
        match self {
            SessionRole::Patient => "patient",
            SessionRole::Doctor => "doctor",
            SessionRole::None => "none",
        }
    }

    /// Whether this session holds `role`.
    pub fn holds(self, role: Role) -> bool {
        matches!(
            (self, role),
            (SessionRole::Patient, Role::Patient) | (SessionRole::Doctor, Role::Doctor)
        )
    }
}

impl fmt::Display for SessionRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SessionRole {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SessionRole::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| UnknownValue {
                what: "role",
                given: s.to_owned(),
                expected: "patient, doctor, none",
            })
    }
}

/// The caller's access token. Never printed: `Debug` and `Display` redact it.
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken(String);

impl AccessToken {
    /// `None` for an empty or all-whitespace value: an empty variable is no token.
    pub fn new(raw: impl Into<String>) -> Option<Self> {
        let raw = raw.into();
        (!raw.trim().is_empty()).then_some(Self(raw))
    }

    /// Whether the token can travel in an `Authorization` header: visible ASCII (a JWT always is).
    pub fn is_sendable(&self) -> bool {
        self.0.bytes().all(|b| b.is_ascii_graphic())
    }

    /// The token as it will be forwarded, byte for byte. Only the API client calls this.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// Replace every occurrence of the token in `text` (defence against an upstream echoing it back).
    pub fn scrub(&self, text: &str) -> String {
        if text.contains(self.0.as_str()) {
            text.replace(self.0.as_str(), "[redacted]")
        } else {
            text.to_owned()
        }
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccessToken([redacted])")
    }
}

impl fmt::Display for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// The caller of one tool call: the role it holds and its own token (forwarded verbatim, never
/// printed: `Debug` redacts it).
#[derive(Clone, PartialEq, Eq)]
pub struct Caller {
    pub role: SessionRole,
    pub token: Option<AccessToken>,
}

impl Caller {
    pub fn new(role: SessionRole, token: Option<AccessToken>) -> Self {
        Self { role, token }
    }

    /// A short, stable fingerprint of the caller's token (`sha256:` and the first 16 hex digits
    /// of its SHA-256), or `none`: what caches are keyed by and what an audit line records. The
    /// token cannot be read back from it.
    pub fn fingerprint(&self) -> String {
        match &self.token {
            None => "none".to_owned(),
            Some(t) => {
                let digest = ring::digest::digest(&ring::digest::SHA256, t.expose().as_bytes());
                let mut out = String::from("sha256:");
                for b in &digest.as_ref()[..8] {
                    out.push_str(&format!("{b:02x}"));
                }
                out
            }
        }
    }
}

impl fmt::Debug for Caller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Caller")
            .field("role", &self.role)
            .field("token", &self.token)
            .finish()
    }
}

/// Proof that the caller holds the role a tool demands and has a token. Only this crate makes
/// one, in [`ToolDef::invoke`](crate::tool::ToolDef::invoke), and only the API client reads the
/// token out of it; a public tool never has one, so it cannot send an `Authorization` header.
#[derive(Debug, Clone, Copy)]
pub struct Credential<'a> {
    token: &'a AccessToken,
}

impl<'a> Credential<'a> {
    pub(crate) fn for_caller(caller: &'a Caller, role: Role) -> Result<Self, ToolError> {
        if !caller.role.holds(role) {
            return Err(ToolError::new(
                ErrorCode::RoleNotPermitted,
                format!(
                    "This tool needs a {} session, and this session's role is {}. Nothing was sent.",
                    role.as_str(),
                    caller.role
                ),
            ));
        }
        let token = caller.token.as_ref().ok_or_else(|| {
            ToolError::new(
                ErrorCode::MissingToken,
                "No access token is configured: set SUT_ACCESS_TOKEN to the caller's token and restart the server. Nothing was sent.",
            )
        })?;
        Ok(Self { token })
    }

    pub(crate) fn token(&self) -> &'a AccessToken {
        self.token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_names_the_token_without_carrying_it() {
        let c = Caller::new(SessionRole::Patient, AccessToken::new("secret-canary-123"));
        let fp = c.fingerprint();
        assert!(fp.starts_with("sha256:") && fp.len() == 7 + 16, "{fp}");
        assert!(!fp.contains("canary") && !format!("{c:?}").contains("canary"));
        assert_eq!(fp, c.fingerprint());
        let other = Caller::new(SessionRole::Patient, AccessToken::new("secret-canary-124"));
        assert_ne!(fp, other.fingerprint());
        assert_eq!(Caller::new(SessionRole::None, None).fingerprint(), "none");
    }

    /// `Debug` shows who calls, and of the token only that there is one: the exact text, so an
    /// impl that printed nothing (or the token) fails.
    #[test]
    fn a_caller_s_debug_shows_its_role_and_a_redacted_token() {
        let c = Caller::new(SessionRole::Doctor, AccessToken::new("secret-canary-123"));
        assert_eq!(
            format!("{c:?}"),
            "Caller { role: Doctor, token: Some(AccessToken([redacted])) }"
        );
        assert_eq!(
            format!("{:?}", Caller::new(SessionRole::None, None)),
            "Caller { role: None, token: None }"
        );
        let t = AccessToken::new("secret-canary-123").unwrap();
        assert_eq!(format!("{t:?}"), "AccessToken([redacted])");
        assert_eq!(format!("{t}"), "[redacted]");
    }

    #[test]
    fn a_credential_needs_the_declared_role_then_a_token() {
        let caller =
            |role, token: Option<&str>| Caller::new(role, token.and_then(AccessToken::new));
        let err = Credential::for_caller(&caller(SessionRole::Patient, Some("t")), Role::Doctor)
            .unwrap_err();
        assert_eq!(err.code, "ROLE_NOT_PERMITTED");
        let err = Credential::for_caller(&caller(SessionRole::None, Some("t")), Role::Patient)
            .unwrap_err();
        assert_eq!(err.code, "ROLE_NOT_PERMITTED");
        let err =
            Credential::for_caller(&caller(SessionRole::Patient, None), Role::Patient).unwrap_err();
        assert_eq!(err.code, "MISSING_TOKEN");
        assert!(err.message.contains("SUT_ACCESS_TOKEN"));
        let c = caller(SessionRole::Doctor, Some("doctor-token"));
        let ok = Credential::for_caller(&c, Role::Doctor).unwrap();
        assert_eq!(ok.token().expose(), "doctor-token");
    }
}
