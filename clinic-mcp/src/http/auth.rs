//! Bearer tokens: a JWT is accepted only when it is signed by a key of the issuer's JWKS with an
//! allowed asymmetric algorithm, names the issuer (`iss`) and this resource (`aud`, RFC 8707),
//! and is within its `nbf`/`exp` (with [`LEEWAY`]). What a request may reach comes from its
//! claims only: the profile from `scope` (narrowed by the operator's ceiling) and the role from
//! `clinic_role`.

use super::metadata::{self, AuthorizationServer};
use crate::api::HttpClient;
use crate::caller::{AccessToken, Caller, SessionRole};
use crate::session::Profile;
use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, JwkSet, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Clock skew allowed on `exp` and `nbf`, in seconds.
pub const LEEWAY: u64 = 30;

/// The signature algorithms accepted: asymmetric only. `none` is not an algorithm `jsonwebtoken`
/// reads, and an HMAC (`HS*`) would be keyed by a public key anyone can fetch.
pub const ALGORITHMS: [Algorithm; 3] = [Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA];

/// The longest token read: a JWT of ours is well under 2 KiB.
const MAX_TOKEN_BYTES: usize = 8 * 1024;

/// The claim naming the caller's role at the clinic: `patient` or `doctor`; absent, the caller
/// reaches the public tools only.
pub const ROLE_CLAIM: &str = "clinic_role";

/// Who a validated token speaks for, and what it may reach. Its token is the one the client sent:
/// only the token exchange reads it (`Debug` redacts it).
#[derive(Clone, Debug)]
pub struct Principal {
    pub role: SessionRole,
    /// The token's scopes narrowed by the operator's ceiling; `None`: no scope of this server.
    pub profile: Option<Profile>,
    /// The token as received, for the exchange (never forwarded).
    pub token: AccessToken,
    /// When the token expires (seconds since the epoch).
    pub expires_at: u64,
    /// Who the caller is at the issuer (`sub`), if the token says: what the per-caller limit
    /// counts by (else the token's fingerprint).
    pub subject: Option<String>,
}

impl Principal {
    /// Who the caller is, for the bounds and bindings kept per caller: `sub:` and its `sub` at
    /// the issuer, else its token's fingerprint (never the token).
    pub fn caller_key(&self) -> String {
        self.subject.as_ref().map_or_else(
            || Caller::new(SessionRole::None, Some(self.token.clone())).fingerprint(),
            |sub| format!("sub:{sub}"),
        )
    }
}

/// Why a token was refused. Never carries the token, nor any claim's value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("not a JWT of a size and shape this server reads")]
    Malformed,
    #[error("algorithm not allowed (RS256, ES256, EdDSA only)")]
    Algorithm,
    #[error("no key of the issuer's JWKS has this key id")]
    UnknownKey,
    #[error("the key of this key id does not fit the token's algorithm")]
    KeyMismatch,
    #[error("the issuer's keys could not be read: {0}")]
    Keys(String),
    #[error("bad signature")]
    Signature,
    #[error("expired")]
    Expired,
    #[error("not valid yet")]
    NotYetValid,
    #[error("issued by another issuer")]
    Issuer,
    #[error("issued for another resource")]
    Audience,
    #[error("a required claim is missing or malformed")]
    Claims,
    #[error("the role claim names no role of this server")]
    Role,
}

/// The claims read from a validated token. `iss`, `aud`, `exp` and `nbf` are checked by
/// `jsonwebtoken` itself.
#[derive(Deserialize)]
struct Claims {
    exp: u64,
    #[serde(default)]
    sub: Option<String>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    clinic_role: Option<String>,
}

/// The issuer's keys, fetched from its metadata and kept; fetched again on a key id not among
/// them (a rotation), at most once per `min_refresh`.
pub struct Validator {
    issuer: String,
    issuer_url: url::Url,
    audience: String,
    http: HttpClient,
    timeout: Duration,
    min_refresh: Duration,
    state: tokio::sync::Mutex<Keys>,
    /// The authorization server's metadata once read (also for the token exchange).
    server: Mutex<Option<AuthorizationServer>>,
}

impl fmt::Debug for Validator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Validator")
            .field("issuer", &self.issuer)
            .field("audience", &self.audience)
            .finish_non_exhaustive()
    }
}

#[derive(Default)]
struct Keys {
    set: Option<JwkSet>,
    fetched: Option<Instant>,
}

impl Validator {
    pub fn new(
        issuer: url::Url,
        issuer_text: String,
        audience: String,
        http: HttpClient,
        timeout: Duration,
        min_refresh: Duration,
    ) -> Self {
        Self {
            issuer: issuer_text,
            issuer_url: issuer,
            audience,
            http,
            timeout,
            min_refresh,
            state: tokio::sync::Mutex::new(Keys::default()),
            server: Mutex::new(None),
        }
    }

    /// The authorization server's metadata, read once (again after a failure).
    pub async fn authorization_server(&self) -> Result<AuthorizationServer, String> {
        if let Some(known) = self.lock_server().clone() {
            return Ok(known);
        }
        let found =
            metadata::discover(&self.http, &self.issuer_url, &self.issuer, self.timeout).await?;
        *self.lock_server() = Some(found.clone());
        Ok(found)
    }

    fn lock_server(&self) -> std::sync::MutexGuard<'_, Option<AuthorizationServer>> {
        self.server
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether the issuer's keys have been read (what `/readyz` reports).
    pub async fn ready(&self) -> bool {
        self.state.lock().await.set.is_some()
    }

    /// Read the keys now if they were never read, within the refresh bound (start-up, `/readyz`).
    pub async fn load(&self) -> Result<(), String> {
        let mut keys = self.state.lock().await;
        if keys.set.is_some() {
            return Ok(());
        }
        self.refresh(&mut keys).await
    }

    async fn refresh(&self, keys: &mut Keys) -> Result<(), String> {
        if keys
            .fetched
            .is_some_and(|at| at.elapsed() < self.min_refresh)
        {
            return Err("the keys were read moments ago".to_owned());
        }
        keys.fetched = Some(Instant::now());
        let server = self.authorization_server().await?;
        let doc = metadata::get_json(&self.http, &server.jwks_uri, self.timeout).await?;
        let set: JwkSet = serde_json::from_value(doc)
            .map_err(|e| format!("{} is not a JWK set: {e}", server.jwks_uri))?;
        keys.set = Some(set);
        Ok(())
    }

    /// The decoding key of `kid` for `alg`: from the keys held, else from the JWKS read again
    /// (rate limited), else refused.
    async fn key(&self, kid: &str, alg: Algorithm) -> Result<DecodingKey, Refused> {
        let mut keys = self.state.lock().await;
        let known = keys.set.as_ref().is_some_and(|s| s.find(kid).is_some());
        if !known {
            // A rotation: the issuer may have published a key since. An unknown id read again
            // at most once per `min_refresh`, so junk ids cannot make this server hammer the
            // issuer.
            match self.refresh(&mut keys).await {
                Ok(()) => {}
                Err(e) if keys.set.is_none() => return Err(Refused::Keys(e)),
                Err(_) => {}
            }
        }
        let jwk = keys
            .set
            .as_ref()
            .and_then(|s| s.find(kid))
            .ok_or(Refused::UnknownKey)?;
        fits(jwk, alg)?;
        DecodingKey::from_jwk(jwk).map_err(|_| Refused::KeyMismatch)
    }

    /// Validate `raw`, and what it may reach under `ceiling`.
    pub async fn validate(&self, raw: &str, ceiling: Profile) -> Result<Principal, Refused> {
        if raw.len() > MAX_TOKEN_BYTES || !raw.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Refused::Malformed);
        }
        let header = jsonwebtoken::decode_header(raw).map_err(|e| match e.kind() {
            // `alg: none`, `HS256` under an unexpected name, or any other unknown algorithm
            jsonwebtoken::errors::ErrorKind::Json(_) => Refused::Algorithm,
            _ => Refused::Malformed,
        })?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(Refused::Algorithm);
        }
        let kid = header.kid.as_deref().ok_or(Refused::UnknownKey)?;
        let key = self.key(kid, header.alg).await?;
        let mut validation = Validation::new(header.alg);
        validation.leeway = LEEWAY;
        validation.validate_nbf = true;
        validation.validate_exp = true;
        validation.validate_aud = true;
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.audience]);
        let data = jsonwebtoken::decode::<Claims>(raw, &key, &validation).map_err(|e| {
            use jsonwebtoken::errors::ErrorKind as K;
            match e.kind() {
                K::InvalidSignature => Refused::Signature,
                K::ExpiredSignature => Refused::Expired,
                K::ImmatureSignature => Refused::NotYetValid,
                K::InvalidIssuer => Refused::Issuer,
                K::InvalidAudience => Refused::Audience,
                K::InvalidAlgorithm => Refused::Algorithm,
                _ => Refused::Claims,
            }
        })?;
        let claims = data.claims;
        let role = match claims.clinic_role.as_deref() {
            None => SessionRole::None,
            Some("patient") => SessionRole::Patient,
            Some("doctor") => SessionRole::Doctor,
            Some(_) => return Err(Refused::Role),
        };
        let profile = claims
            .scope
            .as_deref()
            .and_then(metadata::profile_of_scopes)
            .map(|p| p.min(ceiling));
        let token = AccessToken::new(raw).ok_or(Refused::Malformed)?;
        Ok(Principal {
            role,
            profile,
            token,
            expires_at: claims.exp,
            subject: claims.sub,
        })
    }
}

/// Whether `jwk` may verify a token signed with `alg`: its key type is the algorithm's (RSA for
/// RS256, P-256 for ES256, Ed25519 for EdDSA), its own `alg` (if it names one) is the token's,
/// and it is not an encryption key. A symmetric key (`oct`) fits nothing.
fn fits(jwk: &jsonwebtoken::jwk::Jwk, alg: Algorithm) -> Result<(), Refused> {
    if jwk
        .common
        .public_key_use
        .as_ref()
        .is_some_and(|u| *u != PublicKeyUse::Signature)
    {
        return Err(Refused::KeyMismatch);
    }
    if let Some(named) = jwk.common.key_algorithm {
        let same = matches!(
            (named, alg),
            (jsonwebtoken::jwk::KeyAlgorithm::RS256, Algorithm::RS256)
                | (jsonwebtoken::jwk::KeyAlgorithm::ES256, Algorithm::ES256)
                | (jsonwebtoken::jwk::KeyAlgorithm::EdDSA, Algorithm::EdDSA)
        );
        if !same {
            return Err(Refused::KeyMismatch);
        }
    }
    let fits = match (&jwk.algorithm, alg) {
        (AlgorithmParameters::RSA(_), Algorithm::RS256) => true,
        (AlgorithmParameters::EllipticCurve(p), Algorithm::ES256) => p.curve == EllipticCurve::P256,
        (AlgorithmParameters::OctetKeyPair(p), Algorithm::EdDSA) => {
            p.curve == EllipticCurve::Ed25519
        }
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(Refused::KeyMismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwk(json: serde_json::Value) -> jsonwebtoken::jwk::Jwk {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_symmetric_key_in_the_jwks_verifies_nothing() {
        let oct = jwk(serde_json::json!({"kty": "oct", "k": "c2VjcmV0", "kid": "k"}));
        for alg in ALGORITHMS {
            assert_eq!(fits(&oct, alg), Err(Refused::KeyMismatch));
        }
    }

    #[test]
    fn a_key_fits_only_its_own_algorithm() {
        let ec = jwk(serde_json::json!({
            "kty": "EC", "crv": "P-256", "kid": "k",
            "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
            "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
        }));
        assert_eq!(fits(&ec, Algorithm::ES256), Ok(()));
        assert_eq!(fits(&ec, Algorithm::RS256), Err(Refused::KeyMismatch));
        let named_otherwise = jwk(serde_json::json!({
            "kty": "EC", "crv": "P-256", "kid": "k", "alg": "ES384",
            "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
            "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
        }));
        assert_eq!(
            fits(&named_otherwise, Algorithm::ES256),
            Err(Refused::KeyMismatch)
        );
        let encryption = jwk(serde_json::json!({
            "kty": "EC", "crv": "P-256", "kid": "k", "use": "enc",
            "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
            "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
        }));
        assert_eq!(
            fits(&encryption, Algorithm::ES256),
            Err(Refused::KeyMismatch)
        );
    }

    #[test]
    fn no_hmac_and_no_none_algorithm_is_allowed() {
        assert!(
            ALGORITHMS
                .iter()
                .all(|a| !matches!(a, Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512))
        );
    }
}
