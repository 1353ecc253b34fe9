//! Bearer tokens: a JWT is accepted only when it is signed by a key of the issuer's JWKS with an
//! allowed asymmetric algorithm, names the issuer (`iss`) and this resource (`aud`, RFC 8707),
//! and is within its `nbf`/`exp` (with [`LEEWAY`]). What a request may reach comes from its
//! claims only: the profile from `scope` (narrowed by the operator's ceiling) and the role from
//! `clinic_role`.
//!
//! A token once validated is kept (by its SHA-256 digest, never the token) until its `exp`, so a
//! caller's later requests skip the signature check: see [`Validator`] for what the cache may
//! and may not change.

use super::metadata::{self, AuthorizationServer};
use crate::api::HttpClient;
use crate::caller::{AccessToken, Caller, SessionRole};
use crate::session::Profile;
use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, JwkSet, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Clock skew allowed on `exp` and `nbf`, in seconds.
pub const LEEWAY: u64 = 30;

/// The signature algorithms accepted: asymmetric only. `none` is not an algorithm `jsonwebtoken`
/// reads, and an HMAC (`HS*`) would be keyed by a public key anyone can fetch.
pub const ALGORITHMS: [Algorithm; 3] = [Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA];

/// The longest token read: a JWT of ours is well under 2 KiB.
const MAX_TOKEN_BYTES: usize = 8 * 1024;

/// The most validated tokens one replica keeps.
const MAX_CACHED: usize = 10_000;

/// A token whose `kid` and `sub` together are longer than this is validated on every request
/// instead of kept: with the digest, the fixed fields and the map's own share, an entry stays
/// under ~500 bytes, so the cache under ~5 MiB whatever the issuer signs (~2 MiB full of typical
/// tokens).
const MAX_CACHED_TEXT: usize = 256;

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
    /// Read as `jsonwebtoken` reads it: a value that is not a whole number of seconds is not
    /// checked (by it nor by [`window`]).
    #[serde(default)]
    nbf: Option<serde_json::Value>,
    #[serde(default)]
    sub: Option<String>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    clinic_role: Option<String>,
}

/// The issuer's keys, fetched from its metadata and kept; fetched again on a key id not among
/// them (a rotation), at most once per `min_refresh`.
///
/// Tokens it accepted are kept in a per-replica cache (at most [`MAX_CACHED`]) keyed by the
/// SHA-256 digest of the token's bytes, with what validation produced from its claims (role,
/// scope-derived profile before the ceiling, `sub`), its `exp`, `nbf` and `kid`. The contract:
/// - a hit is served only within [`window`] at the instant of the request, the rule a fresh
///   validation applies (and the fresh path applies it through the same function, with the same
///   clock), so the cache never accepts a token longer than validating it again would;
/// - everything else a fresh validation checks (signature, `iss`, `aud`, role, algorithm) does
///   not change with time for the same bytes, except the key: when the JWKS is read again, every
///   entry whose `kid` left the set, or now names other key material, is dropped
///   ([`Validator::install`]). Between two reads of the JWKS a removed key keeps verifying
///   uncached tokens as well, because the set held is the old one: the cache adds no window of
///   its own beyond that. The keys are read again when a token names an unknown `kid` (at most
///   once per `min_refresh`) and at least every `max_age` ([`Validator::keep_fresh`]), so a key
///   withdrawn at the issuer stops vouching for tokens, cached or not, within `max_age`;
/// - refused tokens are never kept: a bad token is refused every time, and a flood of them
///   leaves the cache as it was.
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
    cache: Mutex<Cache>,
    /// Seconds since the epoch: `jsonwebtoken`'s own clock, replaced by the tests.
    clock: fn() -> u64,
    /// Signatures checked (tokens validated without the cache).
    signatures: AtomicU64,
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
    /// Bumped by every [`Validator::install`]; a validation keeps its result only if no install
    /// came between reading its key and keeping it.
    generation: u64,
}

/// The SHA-256 digest of a token's bytes: what the cache is keyed by.
type Digest = [u8; 32];

/// What a fresh validation produced for one token, and when it stops being valid.
struct Cached {
    kid: String,
    role: SessionRole,
    /// The token's scopes, before the ceiling (applied on every hit).
    profile: Option<Profile>,
    exp: u64,
    nbf: Option<u64>,
    subject: Option<String>,
    /// Insertion order, for evicting the oldest.
    seq: u64,
}

struct Cache {
    entries: BTreeMap<Digest, Cached>,
    capacity: usize,
    next_seq: u64,
    /// The [`Keys::generation`] the entries were validated under.
    generation: u64,
}

impl Cache {
    fn new(capacity: usize) -> Self {
        Self {
            entries: BTreeMap::new(),
            capacity,
            next_seq: 0,
            generation: 0,
        }
    }

    /// Keep `entry`, within the bound: when full, the expired entries go first; if none had
    /// expired, the oldest eighth by insertion, used or not (so the scan is paid once per
    /// capacity/8 insertions, not on each; an evicted caller pays one signature check again).
    fn insert(&mut self, digest: Digest, mut entry: Cached, now: u64) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() >= self.capacity && !self.entries.contains_key(&digest) {
            self.entries
                .retain(|_, e| window(e.exp, None, now) != Err(Refused::Expired));
            if self.entries.len() >= self.capacity {
                let mut seqs: Vec<u64> = self.entries.values().map(|e| e.seq).collect();
                let drop = (self.capacity / 8).clamp(1, seqs.len());
                let (_, last_dropped, _) = seqs.select_nth_unstable(drop - 1);
                let last_dropped = *last_dropped;
                self.entries.retain(|_, e| e.seq > last_dropped);
            }
        }
        entry.seq = self.next_seq;
        self.next_seq += 1;
        self.entries.insert(digest, entry);
    }
}

/// Whether a token of `exp` and `nbf` may be accepted at `now` (seconds since the epoch), with
/// [`LEEWAY`] either side: `jsonwebtoken`'s rule (refused when `exp < now - leeway` or
/// `nbf > now + leeway`). The one rule for fresh validations and cache hits alike.
fn window(exp: u64, nbf: Option<u64>, now: u64) -> Result<(), Refused> {
    if exp < now.saturating_sub(LEEWAY) {
        return Err(Refused::Expired);
    }
    if nbf.is_some_and(|nbf| nbf > now.saturating_add(LEEWAY)) {
        return Err(Refused::NotYetValid);
    }
    Ok(())
}

fn digest(raw: &str) -> Digest {
    let mut out = [0; 32];
    out.copy_from_slice(ring::digest::digest(&ring::digest::SHA256, raw.as_bytes()).as_ref());
    out
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
            cache: Mutex::new(Cache::new(MAX_CACHED)),
            clock: jsonwebtoken::get_current_timestamp,
            signatures: AtomicU64::new(0),
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

    fn lock_cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
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

    /// Read the issuer's keys again every `max_age` (never more often than `min_refresh`) for as
    /// long as the validator lives, in a task of its own: a key withdrawn at the issuer stops
    /// verifying tokens, and its cached tokens go ([`Self::install`]), within `max_age` and the
    /// read's own time. A failed read keeps the keys held, and is logged.
    pub fn keep_fresh(self: &Arc<Self>, max_age: Duration) {
        let every = max_age.max(self.min_refresh).max(Duration::from_millis(10));
        let validator = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            // the first tick is at once: the keys were read at start-up
            tick.tick().await;
            loop {
                tick.tick().await;
                let Some(validator) = validator.upgrade() else {
                    break;
                };
                let mut keys = validator.state.lock().await;
                if keys.fetched.is_some_and(|at| at.elapsed() < every) {
                    // read on demand since the last tick
                    continue;
                }
                if let Err(e) = validator.refresh(&mut keys).await {
                    tracing::warn!(cause = %e, "the issuer's keys could not be read again; the keys held are kept");
                }
            }
        });
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
        self.install(keys, set);
        Ok(())
    }

    /// Hold `set` as the issuer's keys, and drop every cached token whose `kid` is no longer in
    /// `set` or names other key material there than in the set it was validated under: a
    /// removed key stops vouching for tokens kept under it from this read of the JWKS on.
    fn install(&self, keys: &mut Keys, set: JwkSet) {
        let mut cache = self.lock_cache();
        match &keys.set {
            Some(old) => cache.entries.retain(|_, e| {
                let before = old.find(&e.kid);
                before.is_some() && set.find(&e.kid) == before
            }),
            None => cache.entries.clear(),
        }
        cache.generation += 1;
        keys.generation = cache.generation;
        keys.set = Some(set);
    }

    /// The decoding key of `kid` for `alg`: from the keys held, else from the JWKS read again
    /// (rate limited), else refused; with the keys' generation it was read under.
    async fn key(&self, kid: &str, alg: Algorithm) -> Result<(DecodingKey, u64), Refused> {
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
        let key = DecodingKey::from_jwk(jwk).map_err(|_| Refused::KeyMismatch)?;
        Ok((key, keys.generation))
    }

    /// The cached validation of `raw` (whose digest is `digest`) under `ceiling`, if any:
    /// refused as a fresh validation would refuse it at `now` when it is out of its window
    /// (and then forgotten).
    fn cached(
        &self,
        raw: &str,
        digest: &Digest,
        now: u64,
        ceiling: Profile,
    ) -> Option<Result<Principal, Refused>> {
        let mut cache = self.lock_cache();
        let entry = cache.entries.get(digest)?;
        if let Err(refused) = window(entry.exp, entry.nbf, now) {
            cache.entries.remove(digest);
            return Some(Err(refused));
        }
        Some(
            AccessToken::new(raw)
                .ok_or(Refused::Malformed)
                .map(|token| Principal {
                    role: entry.role,
                    profile: entry.profile.map(|p| p.min(ceiling)),
                    token,
                    expires_at: entry.exp,
                    subject: entry.subject.clone(),
                }),
        )
    }

    /// Validate `raw`, and what it may reach under `ceiling`.
    pub async fn validate(&self, raw: &str, ceiling: Profile) -> Result<Principal, Refused> {
        if raw.len() > MAX_TOKEN_BYTES || !raw.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Refused::Malformed);
        }
        let digest = digest(raw);
        let now = (self.clock)();
        if let Some(hit) = self.cached(raw, &digest, now, ceiling) {
            return hit;
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
        let (key, generation) = self.key(kid, header.alg).await?;
        let mut validation = Validation::new(header.alg);
        validation.leeway = LEEWAY;
        validation.validate_nbf = true;
        validation.validate_exp = true;
        validation.validate_aud = true;
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.audience]);
        self.signatures.fetch_add(1, Ordering::Relaxed);
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
        let nbf = claims.nbf.as_ref().and_then(serde_json::Value::as_u64);
        window(claims.exp, nbf, now)?;
        let role = match claims.clinic_role.as_deref() {
            None => SessionRole::None,
            Some("patient") => SessionRole::Patient,
            Some("doctor") => SessionRole::Doctor,
            Some(_) => return Err(Refused::Role),
        };
        let scoped = claims
            .scope
            .as_deref()
            .and_then(metadata::profile_of_scopes);
        let token = AccessToken::new(raw).ok_or(Refused::Malformed)?;
        let text = kid.len() + claims.sub.as_ref().map_or(0, String::len);
        if text <= MAX_CACHED_TEXT {
            let mut cache = self.lock_cache();
            // A JWKS read since this token's key was: the key may be gone, keep nothing.
            if cache.generation == generation {
                let entry = Cached {
                    kid: kid.to_owned(),
                    role,
                    profile: scoped,
                    exp: claims.exp,
                    nbf,
                    subject: claims.sub.clone(),
                    seq: 0,
                };
                cache.insert(digest, entry, now);
            }
        }
        Ok(Principal {
            role,
            profile: scoped.map(|p| p.min(ceiling)),
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

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// An `exp` far ahead of the real clock, so the fresh validations (whose `jsonwebtoken`
    /// check reads the real clock) pass, and clocks at fixed instants around it.
    const EXP: u64 = 4_000_000_000;
    fn at_the_leeway_s_end() -> u64 {
        EXP + LEEWAY
    }
    fn a_second_past_it() -> u64 {
        EXP + LEEWAY + 1
    }

    const ISSUER: &str = "http://127.0.0.1:9";
    const AUDIENCE: &str = "https://mcp.test/mcp";

    /// An ES256 signing key and its public JWK under `kid`.
    struct EcKey {
        pkcs8: Vec<u8>,
        kid: &'static str,
    }

    impl EcKey {
        fn new(kid: &'static str) -> Result<Self, Box<dyn std::error::Error>> {
            let rng = ring::rand::SystemRandom::new();
            let pkcs8 = ring::signature::EcdsaKeyPair::generate_pkcs8(
                &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
                &rng,
            )
            .map_err(|_| "no key")?;
            Ok(Self {
                pkcs8: pkcs8.as_ref().to_vec(),
                kid,
            })
        }

        fn jwk(&self) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
            use base64::Engine as _;
            let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let rng = ring::rand::SystemRandom::new();
            let pair = ring::signature::EcdsaKeyPair::from_pkcs8(
                &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
                &self.pkcs8,
                &rng,
            )
            .map_err(|_| "bad key")?;
            use ring::signature::KeyPair as _;
            let point = pair.public_key().as_ref();
            Ok(serde_json::json!({
                "kty": "EC", "crv": "P-256", "use": "sig", "alg": "ES256", "kid": self.kid,
                "x": b64.encode(&point[1..33]), "y": b64.encode(&point[33..65]),
            }))
        }

        fn sign(&self, sub: &str) -> Result<String, Box<dyn std::error::Error>> {
            let mut header = jsonwebtoken::Header::new(Algorithm::ES256);
            header.kid = Some(self.kid.to_owned());
            let claims = serde_json::json!({
                "iss": ISSUER, "aud": AUDIENCE, "exp": EXP, "sub": sub,
                "scope": metadata::scope_for(Profile::Booking), "clinic_role": "patient",
            });
            let key = jsonwebtoken::EncodingKey::from_ec_der(&self.pkcs8);
            Ok(jsonwebtoken::encode(&header, &claims, &key)?)
        }
    }

    fn set_of(keys: &[&EcKey]) -> Result<JwkSet, Box<dyn std::error::Error>> {
        let keys = keys
            .iter()
            .map(|k| k.jwk())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(serde_json::from_value(serde_json::json!({ "keys": keys }))?)
    }

    /// A validator holding `keys` as the issuer's JWKS, read just now (so no key id makes it
    /// read them again within the hour: the tests never reach the network).
    async fn validator(keys: &[&EcKey]) -> Result<Validator, Box<dyn std::error::Error>> {
        let issuer = url::Url::parse(ISSUER)?;
        let http = crate::api::build_http(&issuer, Duration::from_secs(1))?;
        let validator = Validator::new(
            issuer,
            ISSUER.to_owned(),
            AUDIENCE.to_owned(),
            http,
            Duration::from_secs(1),
            Duration::from_secs(3600),
        );
        install(&validator, keys).await?;
        Ok(validator)
    }

    async fn install(validator: &Validator, keys: &[&EcKey]) -> TestResult {
        let mut held = validator.state.lock().await;
        held.fetched = Some(Instant::now());
        validator.install(&mut held, set_of(keys)?);
        Ok(())
    }

    fn signatures(validator: &Validator) -> u64 {
        validator.signatures.load(Ordering::Relaxed)
    }

    fn cached(validator: &Validator) -> usize {
        validator.lock_cache().entries.len()
    }

    #[tokio::test]
    async fn a_second_validation_of_a_token_is_served_without_checking_its_signature() -> TestResult
    {
        let key = EcKey::new("a")?;
        let v = validator(&[&key]).await?;
        let token = key.sign("alice")?;
        let first = v.validate(&token, Profile::Full).await?;
        assert_eq!(signatures(&v), 1);
        let second = v.validate(&token, Profile::Full).await?;
        assert_eq!(signatures(&v), 1);
        assert_eq!(
            (second.role, second.profile, second.expires_at),
            (first.role, first.profile, first.expires_at)
        );
        assert_eq!(second.subject.as_deref(), Some("alice"));
        assert_eq!(second.profile, Some(Profile::Booking));
        // The ceiling is applied on every hit, not frozen at the first validation.
        let narrowed = v.validate(&token, Profile::Readonly).await?;
        assert_eq!(narrowed.profile, Some(Profile::Readonly));
        assert_eq!(signatures(&v), 1);
        Ok(())
    }

    #[tokio::test]
    async fn a_cached_token_is_refused_once_a_fresh_validation_would_refuse_it() -> TestResult {
        let key = EcKey::new("a")?;
        let mut v = validator(&[&key]).await?;
        let token = key.sign("alice")?;
        v.validate(&token, Profile::Full).await?;
        v.clock = at_the_leeway_s_end;
        assert!(v.validate(&token, Profile::Full).await.is_ok());
        v.clock = a_second_past_it;
        assert_eq!(
            v.validate(&token, Profile::Full).await.err(),
            Some(Refused::Expired)
        );
        assert_eq!(signatures(&v), 1);
        assert_eq!(cached(&v), 0);
        // Uncached, at that instant, the same refusal (the same rule, the same clock).
        let mut fresh = validator(&[&key]).await?;
        fresh.clock = a_second_past_it;
        assert_eq!(
            fresh.validate(&token, Profile::Full).await.err(),
            Some(Refused::Expired)
        );
        assert_eq!(cached(&fresh), 0);
        Ok(())
    }

    #[tokio::test]
    async fn entries_go_when_their_key_leaves_the_jwks_or_changes() -> TestResult {
        let a = EcKey::new("a")?;
        let b = EcKey::new("b")?;
        let v = validator(&[&a, &b]).await?;
        let (ta, tb) = (a.sign("alice")?, b.sign("bob")?);
        v.validate(&ta, Profile::Full).await?;
        v.validate(&tb, Profile::Full).await?;
        assert_eq!((signatures(&v), cached(&v)), (2, 2));

        install(&v, &[&b]).await?;
        assert_eq!(cached(&v), 1);
        assert_eq!(
            v.validate(&ta, Profile::Full).await.err(),
            Some(Refused::UnknownKey)
        );
        v.validate(&tb, Profile::Full).await?;
        assert_eq!(signatures(&v), 2, "b's token still served from the cache");

        // Other key material published under the same key id: b's tokens no longer verify.
        let b_again = EcKey::new("b")?;
        install(&v, &[&b_again]).await?;
        assert_eq!(cached(&v), 0);
        assert_eq!(
            v.validate(&tb, Profile::Full).await.err(),
            Some(Refused::Signature)
        );
        Ok(())
    }

    #[tokio::test]
    async fn a_token_differing_in_one_byte_is_no_hit_and_refused_tokens_are_not_kept() -> TestResult
    {
        let key = EcKey::new("a")?;
        let v = validator(&[&key]).await?;
        let token = key.sign("alice")?;
        v.validate(&token, Profile::Full).await?;
        // One byte of the payload changed (a character of the `sub`'s base64, in the middle).
        let payload = token.find('.').ok_or("no payload")? + 1;
        let mut bytes = token.clone().into_bytes();
        let i = payload + 40;
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(bytes)?;
        for round in 1..=3 {
            assert!(v.validate(&forged, Profile::Full).await.is_err());
            assert_eq!(signatures(&v), 1 + round, "checked again every time");
            assert_eq!(cached(&v), 1);
        }
        Ok(())
    }

    #[tokio::test]
    async fn the_cache_holds_at_most_its_capacity() -> TestResult {
        let key = EcKey::new("a")?;
        let v = validator(&[&key]).await?;
        v.lock_cache().capacity = 3;
        let mut newest = String::new();
        for n in 0..10 {
            newest = key.sign(&format!("caller-{n}"))?;
            v.validate(&newest, Profile::Full).await?;
            assert!(cached(&v) <= 3);
        }
        // The newest is kept (an ES256 signature is randomised: the token signed last, kept).
        v.validate(&newest, Profile::Full).await?;
        assert_eq!(signatures(&v), 10);
        Ok(())
    }

    fn entry(exp: u64) -> Cached {
        Cached {
            kid: "a".to_owned(),
            role: SessionRole::None,
            profile: None,
            exp,
            nbf: None,
            subject: None,
            seq: 0,
        }
    }

    #[test]
    fn when_full_the_expired_entries_go_first_else_the_oldest() {
        let now = 1_000_000;
        let mut cache = Cache::new(4);
        cache.insert([1; 32], entry(now - LEEWAY - 1), now);
        cache.insert([2; 32], entry(now + 60), now);
        cache.insert([3; 32], entry(now - LEEWAY - 5), now);
        cache.insert([4; 32], entry(now + 60), now);
        cache.insert([5; 32], entry(now + 60), now);
        let held: Vec<u8> = cache.entries.keys().map(|k| k[0]).collect();
        assert_eq!(held, [2, 4, 5]);

        let mut cache = Cache::new(16);
        for n in 0..=16u8 {
            cache.insert([n; 32], entry(now + 60), now);
        }
        assert!(cache.entries.len() <= 16);
        assert!(!cache.entries.contains_key(&[0; 32]), "the oldest went");
        assert!(cache.entries.contains_key(&[16; 32]));
        for n in 17..=200u8 {
            cache.insert([n; 32], entry(now + 60), now);
            assert!(cache.entries.len() <= 16);
        }
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
