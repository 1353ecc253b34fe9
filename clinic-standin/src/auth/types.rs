//! The authorization server's public types: configuration, clients, claims, errors.

use std::time::Duration;

use serde_json::Value;

use crate::jwt::JwtError;

/// Clock leeway when checking `exp`/`nbf`.
pub const LEEWAY_SECONDS: i64 = 5;

/// The role claim (`clinic_role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A patient.
    Patient,
    /// A doctor.
    Doctor,
    /// An administrator. No demo user has this role and the clinic API maps no `sub` to it:
    /// it exists for tokens minted by tests ([`crate::auth::AuthServer::mint`]).
    Admin,
}

impl Role {
    /// `"patient"`, `"doctor"` or `"admin"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Patient => "patient",
            Role::Doctor => "doctor",
            Role::Admin => "admin",
        }
    }

    pub(super) fn parse(s: &str) -> Option<Role> {
        match s {
            "patient" => Some(Role::Patient),
            "doctor" => Some(Role::Doctor),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// A credential (an access token, a client secret): `Debug` shows `Secret([redacted])`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub(super) String);

impl Secret {
    /// Wraps a credential.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }
    /// The credential itself; keep it out of logs.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

/// What the authorization server can fail with, outside HTTP answers. Never carries a token.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// The system random generator or key generation failed.
    #[error("key generation or randomness failed")]
    Crypto,
    /// A configuration or argument was refused; the text says which.
    #[error("invalid: {0}")]
    Invalid(&'static str),
    /// `sub` names no demo user (use [`crate::auth::AuthServer::mint`] to choose the role yourself).
    #[error("no demo user has this sub")]
    UnknownSubject,
    /// Binding or serving failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// How the authorization server behaves. `AuthConfig::default()`: issuer from the bound
/// address, 10-minute access tokens, 1-day refresh tokens, patient 1 consents, no http
/// client metadata documents.
#[derive(Debug, Clone)]
pub struct AuthConfig {
    /// The issuer URL (`http(s)://host[:port][/path]`, no trailing `/`, no query). `None`:
    /// `http://{bound address}` at [`crate::auth::AuthServer::start`]; required by [`crate::auth::AuthServer::new`].
    pub issuer: Option<String>,
    /// Lifetime of the access tokens it issues (an exchanged token never outlives its subject
    /// token).
    pub access_token_ttl: Duration,
    /// Lifetime of a refresh token (each use rotates it, with a fresh lifetime).
    pub refresh_token_ttl: Duration,
    /// The demo user `/authorize` signs in when the request has no `login_hint` naming one.
    pub consent_subject: String,
    /// TEST/DEMO ONLY: accept client ID metadata documents at `http://127.0.0.1[:port]/…`
    /// (and `http://localhost…`). Off, only `https` documents are accepted, as the spec requires.
    pub allow_http_loopback_client_metadata: bool,
}

impl Default for AuthConfig {
    fn default() -> AuthConfig {
        AuthConfig {
            issuer: None,
            access_token_ttl: Duration::from_secs(600),
            refresh_token_ttl: Duration::from_secs(24 * 60 * 60),
            consent_subject: "patient-1".to_owned(),
            allow_http_loopback_client_metadata: false,
        }
    }
}

/// How a confidential client (the MCP server) authenticates at the token endpoint.
#[derive(Debug, Clone)]
pub enum ClientCredential {
    /// `private_key_jwt` (RFC 7523): assertions signed by this public JWK (EC P-256 → `ES256`,
    /// RSA → `RS256`; a JWK with a private part is refused).
    PrivateKeyJwt(Value),
    /// `client_secret_post` or `client_secret_basic`.
    ClientSecret(Secret),
}

/// A confidential client allowed to use token exchange (RFC 8693).
#[derive(Debug, Clone)]
pub struct ConfidentialClient {
    /// Its `client_id`.
    pub client_id: String,
    /// How it authenticates.
    pub credential: ClientCredential,
    /// The resource it serves (the MCP server's canonical URI): it may exchange only subject
    /// tokens whose `aud` is this.
    pub resource: String,
    /// The audiences (`resource`/`audience` of the exchange) it may ask for: the clinic API's
    /// URL.
    pub exchange_audiences: Vec<String>,
}

/// Everything an access token says; see [`crate::auth::AuthServer::mint`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MintRequest {
    /// `sub`.
    pub sub: String,
    /// `clinic_role`.
    pub role: Role,
    /// `scope`, space-separated (not checked against [`super::SCOPES`]: a test may want a
    /// bad one).
    pub scope: String,
    /// `aud`.
    pub audience: String,
    /// `client_id`.
    pub client_id: String,
    /// `iat` and `nbf`; `None`: now.
    pub issued_at: Option<jiff::Timestamp>,
    /// `exp - iat`.
    pub ttl: Duration,
}

/// The claims of an access token this server issued, as [`crate::auth::AuthServer::verify_access_token`]
/// checked them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessClaims {
    /// `sub`.
    pub sub: String,
    /// `aud`.
    pub audience: String,
    /// `scope`.
    pub scope: String,
    /// `clinic_role`.
    pub role: Role,
    /// `client_id`.
    pub client_id: String,
    /// `exp`, seconds since the epoch.
    pub exp: i64,
    /// `jti`.
    pub jti: String,
}

/// Why [`crate::auth::AuthServer::verify_access_token`] refused a token. Carries no part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenRefused {
    /// Malformed, unknown key, bad signature.
    #[error("not a token signed by this authorization server: {0}")]
    Signature(JwtError),
    /// `iss` is not this server, or a claim is missing or of the wrong type.
    #[error("wrong issuer or missing claims")]
    Claims,
    /// `exp` passed or `nbf` not reached (with [`super::LEEWAY_SECONDS`]).
    #[error("expired or not yet valid")]
    Expired,
    /// `aud` is not the audience expected.
    #[error("issued for another audience")]
    Audience,
}
