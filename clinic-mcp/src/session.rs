//! The session: everything an agent can reach is decided once, at start-up, from this
//! configuration (and the caller's role).

use crate::caller::Caller;
pub use crate::caller::{AccessToken, Role, SessionRole};
pub use crate::error::UnknownValue;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// What a session may do. Profiles nest: `readonly` ⊂ `booking` ⊂ `full`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Profile {
    Readonly,
    Booking,
    Full,
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::Readonly, Profile::Booking, Profile::Full];

    pub const fn as_str(self) -> &'static str {
        match self {
            Profile::Readonly => "readonly",
            Profile::Booking => "booking",
            Profile::Full => "full",
        }
    }

    /// Whether a session with this profile may see a tool declared for `tool_profile`.
    pub fn includes(self, tool_profile: Profile) -> bool {
        tool_profile <= self
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Profile {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| UnknownValue {
                what: "profile",
                given: s.to_owned(),
                expected: "readonly, booking, full",
            })
    }
}

/// HTTP limits for calls to the clinic API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpLimits {
    /// Whole-request timeout (connect, send, read the body).
    pub timeout: Duration,
    /// Largest response body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Most requests to the clinic API one tool call may make ([`DEFAULT_MAX_REQUESTS_PER_CALL`]).
    pub max_requests_per_call: usize,
    /// Most requests to the clinic API in flight at once, all calls together
    /// (`--max-concurrent-requests`, [`DEFAULT_MAX_CONCURRENT_REQUESTS`]).
    pub max_concurrent_requests: usize,
    /// Longest a request waits for its turn when that many are in flight; then `UPSTREAM_BUSY`
    /// (`--queue-timeout-ms`, [`DEFAULT_QUEUE_TIMEOUT`]).
    pub queue_timeout: Duration,
}

/// Requests in flight to the clinic API at once by default: four slot searches at full fan-out,
/// or sixteen calls of one request, without opening more connections than a clinic API of a
/// single process expects from one client.
pub const DEFAULT_MAX_CONCURRENT_REQUESTS: usize = 16;

/// How long a request waits for its turn by default: long enough to ride out a burst of calls of
/// a few hundred milliseconds each, short enough that a model is told of a saturated API well
/// before its call's deadline (three request timeouts, 30 s).
pub const DEFAULT_QUEUE_TIMEOUT: Duration = Duration::from_secs(5);

/// Requests one tool call may make by default: a slot search is one request for the doctor list
/// and one per doctor searched, so it covers 63 doctors.
pub const DEFAULT_MAX_REQUESTS_PER_CALL: usize = 64;

/// A whole tool call's deadline, in request timeouts: the longest sequence a tool makes is three
/// requests (a doctor's schedule, the appointment that names the doctor, the clinics' zones).
pub const CALL_DEADLINE_IN_TIMEOUTS: u32 = 3;

impl HttpLimits {
    /// The deadline of one whole tool call, whatever requests it makes: every request's timeout is
    /// cut to what is left of it, so no call (and so no shutdown drain) outlives it.
    pub fn call_deadline(&self) -> Duration {
        self.timeout.saturating_mul(CALL_DEADLINE_IN_TIMEOUTS)
    }
}

impl Default for HttpLimits {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(10),
            max_body_bytes: 1024 * 1024,
            max_requests_per_call: DEFAULT_MAX_REQUESTS_PER_CALL,
            max_concurrent_requests: DEFAULT_MAX_CONCURRENT_REQUESTS,
            queue_timeout: DEFAULT_QUEUE_TIMEOUT,
        }
    }
}

/// One session's configuration: the profile, where the API lives, the HTTP limits, and the caller
/// the process was configured for (`MCP_SESSION_ROLE`, `SUT_ACCESS_TOKEN`), which the stdio
/// transport serves. Below the server, nothing reads that caller from here: each call is handed
/// its own [`Caller`].
#[derive(Debug, Clone)]
pub struct Session {
    pub profile: Profile,
    /// Base URL of the clinic API without a trailing slash, e.g. `http://127.0.0.1:3000/api/v1`.
    pub base_url: String,
    pub limits: HttpLimits,
    /// The caller configured at start-up.
    pub caller: Caller,
    /// Where mutating calls are recorded, one JSON line each (`--audit-log`,
    /// `CLINIC_AUDIT_LOG`); `None`: nothing is written.
    pub audit_log: Option<std::path::PathBuf>,
    /// How destructive calls are confirmed by a human.
    pub confirmation: ConfirmationSettings,
}

/// How destructive calls are confirmed (see `crate::confirm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfirmationSettings {
    /// How long the human has to answer (`--confirmation-timeout-ms`).
    pub timeout: Duration,
    /// `--allow-unconfirmed-destructive-calls`: a client that cannot ask its human (no
    /// `elicitation` capability) is given the destructive tools anyway, and they run unconfirmed.
    /// Off by default: such a client never sees them.
    pub allow_unconfirmed_destructive_calls: bool,
}

impl Default for ConfirmationSettings {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(120),
            allow_unconfirmed_destructive_calls: false,
        }
    }
}

/// A base URL that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid base URL {given:?}: {reason}")]
pub struct BadBaseUrl {
    pub given: String,
    pub reason: &'static str,
}

impl Session {
    pub fn new(
        profile: Profile,
        role: SessionRole,
        base_url: &str,
        token: Option<AccessToken>,
    ) -> Result<Self, BadBaseUrl> {
        Ok(Self {
            profile,
            base_url: normalize_base_url(base_url)?,
            limits: HttpLimits::default(),
            caller: Caller::new(role, token),
            audit_log: None,
            confirmation: ConfirmationSettings::default(),
        })
    }
}

/// Check a base URL is `http(s)://host[:port][/path]` with nothing after the path, and drop any trailing `/`.
/// The URL an error carries has been through [`redact_url`].
pub fn normalize_base_url(raw: &str) -> Result<String, BadBaseUrl> {
    let bad = |reason| BadBaseUrl {
        given: redact_url(raw),
        reason,
    };
    let url = url::Url::parse(raw).map_err(|_| bad("not an absolute URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad("the scheme must be http or https"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad("it has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad(
            "credentials do not belong in the URL; use SUT_ACCESS_TOKEN",
        ));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(bad("it must not have a query or fragment"));
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// What replaces a secret in a URL that is shown (in an error, a log line, a banner).
const REDACTED: &str = "[redacted]";

/// `raw` as it may be shown to a person or written to a log: the userinfo (`user:password@`) and
/// every query and fragment value replaced by `[redacted]`, keys kept. Works on text, not on a
/// parsed URL, so a URL too malformed to parse is redacted too. Every URL the process shows goes
/// through this one function.
pub fn redact_url(raw: &str) -> String {
    let (scheme, rest) = match raw.find("://") {
        Some(i) => raw.split_at(i + 3),
        None => ("", raw),
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let mut out = String::with_capacity(raw.len());
    out.push_str(scheme);
    match authority.rfind('@') {
        Some(at) => {
            out.push_str(REDACTED);
            out.push_str(&authority[at..]);
        }
        None => out.push_str(authority),
    }
    let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
    let (path, mut after) = tail.split_at(path_end);
    // A path cannot hold userinfo, but a malformed URL's "path" may: `bad host/x@y` is not parsed.
    match path.rfind('@') {
        Some(at) => {
            out.push_str(REDACTED);
            out.push_str(&path[at..]);
        }
        None => out.push_str(path),
    }
    // `after` is empty or starts with `?` or `#`: each pair keeps its key, loses its value.
    while let Some(delimiter) = after.chars().next() {
        out.push(delimiter);
        after = &after[1..];
        // A query ends at the fragment; a fragment runs to the end.
        let end = match delimiter {
            '?' => after.find('#').unwrap_or(after.len()),
            _ => after.len(),
        };
        let (part, next) = after.split_at(end);
        let pairs: Vec<String> = part
            .split(['&', ';'])
            .map(|pair| match pair.split_once('=') {
                Some((key, "")) => format!("{key}="),
                Some((key, _)) => format!("{key}={REDACTED}"),
                None if pair.is_empty() => String::new(),
                // A bare value may be the secret itself (`?S3cret`).
                None => REDACTED.to_owned(),
            })
            .collect();
        out.push_str(&pairs.join("&"));
        after = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_redacted_for_display() {
        for (raw, shown) in [
            (
                "http://127.0.0.1:3000/api/v1",
                "http://127.0.0.1:3000/api/v1",
            ),
            (
                "http://user:S3cret@host/api/v1",
                "http://[redacted]@host/api/v1",
            ),
            ("https://tok@host:8443", "https://[redacted]@host:8443"),
            (
                "http://host/api?access_token=S3cret&page=2",
                "http://host/api?access_token=[redacted]&page=[redacted]",
            ),
            ("http://host/api?S3cret", "http://host/api?[redacted]"),
            ("http://host/api?k=", "http://host/api?k="),
            (
                "http://host/a#access_token=S3cret",
                "http://host/a#access_token=[redacted]",
            ),
            (
                "http://h/?a=S3cret#b=S3cret",
                "http://h/?a=[redacted]#b=[redacted]",
            ),
            ("http://u:S3cret@bad host/x", "http://[redacted]@bad host/x"),
            ("u:S3cret@host/x", "[redacted]@host/x"),
            ("http://h/p@S3cret:x@y", "http://h[redacted]@y"),
            ("not a url", "not a url"),
            ("", ""),
        ] {
            assert_eq!(redact_url(raw), shown, "{raw}");
        }
    }

    #[test]
    fn a_bad_base_url_s_error_carries_no_secret() {
        for raw in [
            "http://user:S3cret@host/api/v1",
            "http://host/api/v1?access_token=S3cret",
            "ftp://user:S3cret@host/",
        ] {
            let e = normalize_base_url(raw).unwrap_err();
            assert!(!format!("{e} {e:?}").contains("S3cret"), "{e}");
        }
    }

    #[test]
    fn profiles_nest() {
        assert!(Profile::Full.includes(Profile::Booking));
        assert!(Profile::Booking.includes(Profile::Readonly));
        assert!(!Profile::Readonly.includes(Profile::Booking));
        assert!(!Profile::Booking.includes(Profile::Full));
    }

    #[test]
    fn unknown_profiles_are_refused_never_defaulted() {
        for bad in ["admin", "Readonly", "", " readonly", "FULL"] {
            assert!(bad.parse::<Profile>().is_err(), "{bad:?} accepted");
        }
        assert_eq!("booking".parse::<Profile>(), Ok(Profile::Booking));
    }

    #[test]
    fn token_debug_is_redacted() {
        let t = AccessToken::new("secret-canary-123").unwrap();
        assert!(!format!("{t:?}").contains("canary"));
        assert!(!format!("{t}").contains("canary"));
        let s = Session::new(
            Profile::Full,
            SessionRole::Patient,
            "http://127.0.0.1:1/api",
            Some(t),
        )
        .unwrap();
        assert!(!format!("{s:?}").contains("canary"));
        assert!(AccessToken::new("  ").is_none());
    }

    #[test]
    fn base_urls_are_checked() {
        assert_eq!(
            normalize_base_url("http://127.0.0.1:3000/api/v1/").unwrap(),
            "http://127.0.0.1:3000/api/v1"
        );
        for bad in [
            "",
            "127.0.0.1:3000",
            "ftp://x/y",
            "http://u:p@h/",
            "http://h/?q=1",
        ] {
            assert!(normalize_base_url(bad).is_err(), "{bad:?} accepted");
        }
    }
}
