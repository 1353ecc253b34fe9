//! The authorization server's grants and clients, in memory. Codes and refresh tokens are
//! kept by their SHA-256 only (a memory dump shows no usable credential); expired entries are
//! dropped whenever a new one is added, so the maps stay bounded by the live ones.

use std::collections::BTreeMap;

use super::types::{ConfidentialClient, Role};

/// A client registered at `/register` (RFC 7591) or read from its metadata document.
#[derive(Debug, Clone)]
pub(crate) struct PublicClient {
    pub redirect_uris: Vec<String>,
    /// `client_secret_post` clients (the Python SDK's default): the secret's SHA-256.
    pub secret_sha256: Option<[u8; 32]>,
}

/// What a user consented to: carried by a code, then by a refresh token.
#[derive(Debug, Clone)]
pub(crate) struct Grant {
    pub client_id: String,
    pub sub: String,
    pub role: Role,
    pub scope: String,
    pub resource: String,
    /// Seconds since the epoch.
    pub expires: i64,
}

#[derive(Debug, Clone)]
pub(crate) struct CodeGrant {
    pub grant: Grant,
    pub redirect_uri: String,
    /// base64url(SHA-256(code_verifier)).
    pub challenge: String,
}

#[derive(Debug, Default)]
pub(crate) struct Store {
    pub codes: BTreeMap<[u8; 32], CodeGrant>,
    pub refresh: BTreeMap<[u8; 32], Grant>,
    pub public_clients: BTreeMap<String, PublicClient>,
    pub confidential: BTreeMap<String, ConfidentialClient>,
    /// `jti` of client assertions seen, with their `exp`: an assertion is used once.
    pub assertion_jtis: BTreeMap<String, i64>,
}

impl Store {
    pub(crate) fn add_code(&mut self, code: &str, grant: CodeGrant, now: i64) {
        self.codes.retain(|_, c| c.grant.expires > now);
        self.codes
            .insert(crate::digest::sha256(code.as_bytes()), grant);
    }

    /// Takes the code out (single use: a second attempt, right or wrong, finds nothing).
    pub(crate) fn take_code(&mut self, code: &str) -> Option<CodeGrant> {
        self.codes.remove(&crate::digest::sha256(code.as_bytes()))
    }

    pub(crate) fn add_refresh(&mut self, token: &str, grant: Grant, now: i64) {
        self.refresh.retain(|_, g| g.expires > now);
        self.refresh
            .insert(crate::digest::sha256(token.as_bytes()), grant);
    }

    /// Takes the refresh token out (rotation: each is used once).
    pub(crate) fn take_refresh(&mut self, token: &str) -> Option<Grant> {
        self.refresh
            .remove(&crate::digest::sha256(token.as_bytes()))
    }

    /// Records an assertion's `jti`; false if it was seen (a replay).
    pub(crate) fn first_use_of_assertion(&mut self, jti: &str, exp: i64, now: i64) -> bool {
        // Kept while the assertion could still be accepted (its `exp` plus the leeway).
        self.assertion_jtis
            .retain(|_, e| e.saturating_add(super::types::LEEWAY_SECONDS) >= now);
        self.assertion_jtis.insert(jti.to_owned(), exp).is_none()
    }
}
