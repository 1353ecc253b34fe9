//! A stand-in OAuth 2.1 authorization server, for the tests and `--demo` (issue 29): its
//! keys, clients, grants and tokens. Its HTTP endpoints (the crate's `oauth` module) are
//! served by [`AuthServer::router`] and [`AuthServer::start`].
//!
//! It serves, under its issuer URL (an origin, or an origin and a path `P`):
//!
//! - `GET /.well-known/oauth-authorization-server{P}`: RFC 8414 metadata;
//! - `GET {P}/jwks`: its public signing keys (JWKS), every key still accepted;
//! - `GET {P}/authorize`: authorization code + PKCE (`S256` only), with *automatic consent*:
//!   the user is the `login_hint` if it names a demo user (see [`demo_subject`]), else
//!   [`AuthConfig::consent_subject`]; the answer is `302` to the redirect URI with `code`,
//!   `state` and `iss` (RFC 9207), so a test client follows it headless;
//! - `POST {P}/token`: `authorization_code`, `refresh_token` (rotated on use) and RFC 8693
//!   token exchange (confidential clients only: `private_key_jwt`, `client_secret_post` or
//!   `client_secret_basic`);
//! - `POST {P}/register`: RFC 7591 dynamic registration of *public* clients with loopback
//!   redirect URIs.
//!
//! A `client_id` that is an `https` URL is a client ID metadata document, fetched at
//! `/authorize` (no redirects, 5 KiB, 5 s). `http://127.0.0.1…` documents are accepted only
//! with [`AuthConfig::allow_http_loopback_client_metadata`], a test/demo flag: the tests run on
//! loopback without TLS.
//!
//! Access tokens are ES256 JWTs (`typ: at+jwt`, `kid` = the key's RFC 7638 thumbprint) with
//! `iss`, `sub`, `aud` (the RFC 8707 `resource` asked for), `exp`, `iat`, `nbf`, `scope`,
//! `clinic_role`, `client_id` and `jti`; an exchanged token adds `act: {"sub": client}`.
//! Scopes: [`SCOPES`], each one including the ones before it.
//!
//! No token, code, secret or assertion is ever logged or put in an error; [`Secret`]'s
//! `Debug` is redacted.

mod client_key;
pub(crate) mod store;
mod types;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::Duration;

use ring::rand::SystemRandom;
use serde_json::{Value, json};

use crate::data::{DEMO_TOKENS, DemoToken};
use crate::jwt;
pub use crate::jwt::JwtError;
pub use client_key::ClientKey;
pub use types::{
    AccessClaims, AuthConfig, AuthError, ClientCredential, ConfidentialClient, LEEWAY_SECONDS,
    MintRequest, Role, Secret, TokenRefused,
};

/// The scopes, narrowest first; each includes the ones before it
/// (`clinic.readonly` ⊂ `clinic.booking` ⊂ `clinic.full`).
pub const SCOPES: [&str; 3] = ["clinic.readonly", "clinic.booking", "clinic.full"];
/// RFC 8693's grant type.
pub const TOKEN_EXCHANGE_GRANT: &str = "urn:ietf:params:oauth:grant-type:token-exchange";
/// RFC 8693's token type of an access token (subject and issued token).
pub const ACCESS_TOKEN_TYPE: &str = "urn:ietf:params:oauth:token-type:access_token";
/// RFC 7523's client assertion type (`private_key_jwt`).
pub const JWT_BEARER_ASSERTION: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/// The breadth of a scope string: the widest [`SCOPES`] member it names (0 = readonly), or
/// `None` if it is empty or names anything else.
pub fn scope_rank(scope: &str) -> Option<usize> {
    let mut widest = None;
    for name in scope.split(' ').filter(|s| !s.is_empty()) {
        let rank = SCOPES.iter().position(|s| *s == name)?;
        widest = widest.max(Some(rank));
    }
    widest
}

/// The `sub` of a demo user: `patient-N` or `doctor-N` (N = its patient or doctor id), as in
/// the payloads of the static demo tokens.
pub fn demo_subject(user: &DemoToken) -> String {
    format!("{}-{}", user.role, user.user_id)
}

/// The demo user whose `sub` is `sub`, if any.
pub fn demo_user(sub: &str) -> Option<&'static DemoToken> {
    DEMO_TOKENS.iter().find(|t| demo_subject(t) == sub)
}

pub(crate) fn demo_role(user: &DemoToken) -> Role {
    Role::parse(user.role).unwrap_or(Role::Patient)
}

/// How many signing keys stay in the JWKS: the newest signs, older ones still verify.
pub const KEYS_KEPT: usize = 3;

pub(crate) struct Inner {
    issuer: String,
    /// The issuer's path (`""` for an origin).
    pub(crate) path: String,
    pub(crate) config: AuthConfig,
    /// Oldest first; the last one signs.
    keys: RwLock<Vec<jwt::SigningKey>>,
    store: Mutex<store::Store>,
    rng: SystemRandom,
}

/// The authorization server: cheap to clone (one shared state). See the module docs.
#[derive(Clone)]
pub struct AuthServer {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for AuthServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthServer")
            .field("issuer", &self.inner.issuer)
            .finish_non_exhaustive()
    }
}

pub(crate) fn now_seconds() -> i64 {
    jiff::Timestamp::now().as_second()
}

pub(crate) fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

impl AuthServer {
    /// An authorization server for `config.issuer` (required here) with one fresh signing
    /// key. Refuses an issuer that is not `http(s)` without query, fragment or trailing `/`, a
    /// `consent_subject` that is no demo user's, and a zero token lifetime. Serve it with [`AuthServer::router`], or use [`AuthServer::start`].
    pub fn new(config: AuthConfig) -> Result<AuthServer, AuthError> {
        let issuer = config
            .issuer
            .clone()
            .ok_or(AuthError::Invalid("AuthServer::new needs an issuer"))?;
        let url = url::Url::parse(&issuer).map_err(|_| AuthError::Invalid("issuer URL"))?;
        if !matches!(url.scheme(), "http" | "https")
            || url.query().is_some()
            || url.fragment().is_some()
            || issuer.ends_with('/')
        {
            return Err(AuthError::Invalid(
                "issuer must be http(s), without query, fragment or trailing slash",
            ));
        }
        // Refused, not defaulted: a consenting user who does not exist would only show up at the
        // first /authorize, and a zero lifetime issues tokens that are born expired.
        if demo_user(&config.consent_subject).is_none() {
            return Err(AuthError::Invalid(
                "consent_subject must be a demo user's sub",
            ));
        }
        if config.access_token_ttl.as_secs() == 0 || config.refresh_token_ttl.as_secs() == 0 {
            return Err(AuthError::Invalid(
                "token lifetimes must be at least one second",
            ));
        }
        let path = url.path().trim_end_matches('/').to_owned();
        let rng = SystemRandom::new();
        let (key, _) = jwt::SigningKey::generate(&rng).ok_or(AuthError::Crypto)?;
        Ok(AuthServer {
            inner: Arc::new(Inner {
                issuer,
                path,
                config,
                keys: RwLock::new(vec![key]),
                store: Mutex::new(store::Store::default()),
                rng,
            }),
        })
    }

    /// The issuer URL.
    pub fn issuer(&self) -> &str {
        &self.inner.issuer
    }

    /// `{issuer}/token`.
    pub fn token_endpoint(&self) -> String {
        format!("{}/token", self.inner.issuer)
    }

    /// The RFC 8414 metadata document.
    pub fn metadata(&self) -> Value {
        let issuer = &self.inner.issuer;
        json!({
            "issuer": issuer,
            "authorization_endpoint": format!("{issuer}/authorize"),
            "token_endpoint": format!("{issuer}/token"),
            "jwks_uri": format!("{issuer}/jwks"),
            "registration_endpoint": format!("{issuer}/register"),
            "scopes_supported": SCOPES,
            "response_types_supported": ["code"],
            "response_modes_supported": ["query"],
            "grant_types_supported": ["authorization_code", "refresh_token", TOKEN_EXCHANGE_GRANT],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none", "private_key_jwt", "client_secret_post", "client_secret_basic"],
            "token_endpoint_auth_signing_alg_values_supported": ["ES256", "RS256"],
            "authorization_response_iss_parameter_supported": true,
            "client_id_metadata_document_supported": true,
        })
    }

    /// The JWKS: every key still accepted, oldest first.
    pub fn jwks(&self) -> Value {
        let keys = self.keys();
        json!({"keys": keys.iter().map(jwt::SigningKey::public_jwk).collect::<Vec<_>>()})
    }

    /// The `kid` of the key that signs now.
    pub fn current_kid(&self) -> String {
        self.keys()
            .last()
            .map(|k| k.kid().to_owned())
            .unwrap_or_default()
    }

    /// Key rotation: a new key signs from now on; the previous ones stay in the JWKS (and keep
    /// verifying) until [`KEYS_KEPT`] newer ones exist. Returns the new `kid`.
    pub fn rotate_key(&self) -> Result<String, AuthError> {
        let (key, _) = jwt::SigningKey::generate(&self.inner.rng).ok_or(AuthError::Crypto)?;
        let kid = key.kid().to_owned();
        let mut keys = self
            .inner
            .keys
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        keys.push(key);
        let excess = keys.len().saturating_sub(KEYS_KEPT);
        keys.drain(..excess);
        tracing::info!(kid, "authorization server signing key rotated");
        Ok(kid)
    }

    /// Removes the key `kid` from the JWKS (tokens it signed stop verifying); the signing key
    /// cannot be retired. Whether a key was removed.
    pub fn retire_key(&self, kid: &str) -> bool {
        let mut keys = self
            .inner
            .keys
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        let last = keys.len().saturating_sub(1);
        match keys.iter().position(|k| k.kid() == kid) {
            Some(i) if i != last => {
                keys.remove(i);
                true
            }
            _ => false,
        }
    }

    /// For tests: an access token for demo user `sub` (its role from the demo data), with
    /// `scope`, `aud` = `audience`, `client_id` = `"test-minted"`, valid from now for `ttl`.
    /// [`AuthError::UnknownSubject`] if `sub` is no demo user's.
    pub fn mint_access_token(
        &self,
        sub: &str,
        scope: &str,
        audience: &str,
        ttl: Duration,
    ) -> Result<Secret, AuthError> {
        let user = demo_user(sub).ok_or(AuthError::UnknownSubject)?;
        self.mint(&MintRequest {
            sub: sub.to_owned(),
            role: demo_role(user),
            scope: scope.to_owned(),
            audience: audience.to_owned(),
            client_id: "test-minted".to_owned(),
            issued_at: None,
            ttl,
        })
    }

    /// For tests: an access token with exactly these claims (any sub and role, a past
    /// `issued_at` for an expired token), signed by the current key.
    pub fn mint(&self, request: &MintRequest) -> Result<Secret, AuthError> {
        let iat = request
            .issued_at
            .map_or_else(now_seconds, jiff::Timestamp::as_second);
        self.sign_access_token(
            &request.sub,
            request.role,
            &request.scope,
            &request.audience,
            &request.client_id,
            iat,
            iat.saturating_add(secs(request.ttl)),
            None,
        )
    }

    /// Registers (or replaces) a confidential client for token exchange. Refuses a
    /// `private_key_jwt` credential whose JWK is not a public EC P-256 or RSA key.
    pub fn register_confidential_client(
        &self,
        client: ConfidentialClient,
    ) -> Result<(), AuthError> {
        if let ClientCredential::PrivateKeyJwt(jwk) = &client.credential {
            jwt::PublicKey::from_jwk(jwk).ok_or(AuthError::Invalid(
                "client JWK: a public EC P-256 or RSA key",
            ))?;
        }
        if client.client_id.is_empty() || client.resource.is_empty() {
            return Err(AuthError::Invalid(
                "client_id and resource must not be empty",
            ));
        }
        self.store()
            .confidential
            .insert(client.client_id.clone(), client);
        Ok(())
    }

    /// Checks an access token as a resource server would: signed by one of this server's
    /// keys (`ES256`, the `kid` named), `iss` = this issuer, `exp`/`nbf` within
    /// [`LEEWAY_SECONDS`], and `aud` = `audience`.
    pub fn verify_access_token(
        &self,
        token: &str,
        audience: &str,
    ) -> Result<AccessClaims, TokenRefused> {
        let claims = self.verify_any_audience(token)?;
        if claims.audience != audience {
            return Err(TokenRefused::Audience);
        }
        Ok(claims)
    }

    /// [`AuthServer::verify_access_token`] without the audience check.
    pub(crate) fn verify_any_audience(&self, token: &str) -> Result<AccessClaims, TokenRefused> {
        let parsed = jwt::parse(token).map_err(TokenRefused::Signature)?;
        let kid = parsed.header.get("kid").and_then(Value::as_str);
        let signed = self
            .keys()
            .iter()
            .find(|k| Some(k.kid()) == kid)
            .ok_or(TokenRefused::Signature(JwtError::UnknownKey))?
            .verifies(&parsed);
        if !signed {
            return Err(TokenRefused::Signature(JwtError::BadSignature));
        }
        let c = &parsed.claims;
        let text = |name: &str| c.get(name).and_then(Value::as_str).map(str::to_owned);
        let int = |name: &str| c.get(name).and_then(Value::as_i64);
        if text("iss").as_deref() != Some(self.issuer()) {
            return Err(TokenRefused::Claims);
        }
        let (Some(sub), Some(audience), Some(scope), Some(role), Some(client_id), Some(jti)) = (
            text("sub"),
            text("aud"),
            text("scope"),
            text("clinic_role").as_deref().and_then(Role::parse),
            text("client_id"),
            text("jti"),
        ) else {
            return Err(TokenRefused::Claims);
        };
        let (Some(exp), Some(nbf)) = (int("exp"), int("nbf")) else {
            return Err(TokenRefused::Claims);
        };
        let now = now_seconds();
        if now >= exp.saturating_add(LEEWAY_SECONDS) || now.saturating_add(LEEWAY_SECONDS) < nbf {
            return Err(TokenRefused::Expired);
        }
        Ok(AccessClaims {
            sub,
            audience,
            scope,
            role,
            client_id,
            exp,
            jti,
        })
    }

    pub(crate) fn keys(&self) -> std::sync::RwLockReadGuard<'_, Vec<jwt::SigningKey>> {
        self.inner
            .keys
            .read()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn store(&self) -> MutexGuard<'_, store::Store> {
        self.inner
            .store
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn random(&self) -> Result<String, AuthError> {
        jwt::random_token(&self.inner.rng).ok_or(AuthError::Crypto)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sign_access_token(
        &self,
        sub: &str,
        role: Role,
        scope: &str,
        audience: &str,
        client_id: &str,
        iat: i64,
        exp: i64,
        actor: Option<&str>,
    ) -> Result<Secret, AuthError> {
        let jti = self.random()?;
        let mut claims = json!({
            "iss": self.issuer(),
            "sub": sub,
            "aud": audience,
            "iat": iat,
            "nbf": iat,
            "exp": exp,
            "scope": scope,
            "clinic_role": role.as_str(),
            "client_id": client_id,
            "jti": jti,
        });
        if let Some(actor) = actor {
            claims["act"] = json!({"sub": actor});
        }
        let keys = self.keys();
        let key = keys.last().ok_or(AuthError::Crypto)?;
        let token = key
            .sign("at+jwt", &claims, &self.inner.rng)
            .ok_or(AuthError::Crypto)?;
        tracing::info!(
            sub,
            client_id,
            aud = audience,
            scope,
            jti,
            kid = key.kid(),
            "access token issued"
        );
        Ok(Secret(token))
    }
}

/// A running [`AuthServer`] (it derefs to it). Dropping it stops the server; prefer
/// [`RunningAuthServer::shutdown`], which waits.
#[derive(Debug)]
pub struct RunningAuthServer {
    pub(crate) server: AuthServer,
    pub(crate) addr: SocketAddr,
    pub(crate) serving: crate::serving::Serving,
}

impl std::ops::Deref for RunningAuthServer {
    type Target = AuthServer;
    fn deref(&self) -> &AuthServer {
        &self.server
    }
}

impl RunningAuthServer {
    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A handle to the server, e.g. for [`crate::Config::token_audience`].
    pub fn server(&self) -> AuthServer {
        self.server.clone()
    }

    /// Stops accepting connections and waits for in-flight requests.
    pub async fn shutdown(self) {
        self.serving.stop("authorization server").await;
    }
}
