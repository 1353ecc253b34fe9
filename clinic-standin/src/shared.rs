//! What the router and the [`crate::Standin`] handle share: the state behind its one lock, the
//! log of the requests that arrived, and the audience mode.

use std::collections::VecDeque;
use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, MutexGuard};

use crate::auth::AuthServer;
use crate::digest::sha256;
use crate::state::State;

/// How many requests the log keeps: the most recent ones, older ones are dropped.
pub const REQUEST_LOG_CAPACITY: usize = 1024;

/// Headers whose values are credentials: recorded as `[redacted]`, with a digest.
pub(crate) const CREDENTIAL_HEADERS: &[&str] = &["authorization", "proxy-authorization"];

/// One request as it arrived at the stand-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRequest {
    /// `GET`, `POST`, …
    pub method: String,
    /// The full path, e.g. `/api/v1/doctors/3`.
    pub path: String,
    /// The raw query string without `?`, if any.
    pub query: Option<String>,
    /// Every header in arrival order, names lowercased, values lossily decoded; a credential
    /// header's value is `[redacted]` (see [`RecordedRequest::authorization_is`]).
    pub headers: Vec<(String, String)>,
    /// SHA-256 of the first `Authorization` value's bytes, if the request had one.
    pub authorization_sha256: Option<[u8; 32]>,
}

impl RecordedRequest {
    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether the request carried an `Authorization` header.
    pub fn has_authorization(&self) -> bool {
        self.authorization_sha256.is_some()
    }

    /// Whether the request's `Authorization` header was exactly `expected`, byte for byte.
    pub fn authorization_is(&self, expected: &str) -> bool {
        self.authorization_sha256 == Some(sha256(expected.as_bytes()))
    }
}

#[derive(Debug)]
pub(crate) struct Shared {
    state: Mutex<State>,
    log: Mutex<VecDeque<RecordedRequest>>,
    pub(crate) request_counter: AtomicU64,
    /// Audience mode: the authorization server and the `aud` required.
    pub(crate) audience: Option<(AuthServer, String)>,
}

impl Shared {
    pub(crate) fn new(state: State, audience: Option<(AuthServer, String)>) -> Shared {
        Shared {
            state: Mutex::new(state),
            log: Mutex::new(VecDeque::with_capacity(REQUEST_LOG_CAPACITY)),
            request_counter: AtomicU64::new(0),
            audience,
        }
    }

    /// The one lock over the state; every operation runs entirely under it.
    pub(crate) fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(crate) fn log(&self) -> MutexGuard<'_, VecDeque<RecordedRequest>> {
        self.log
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
