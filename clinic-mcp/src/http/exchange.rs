//! No token passthrough: the clinic API gets a token issued for it, by RFC 8693 token exchange at
//! the authorization server's token endpoint, on behalf of the caller (the `subject_token` is the
//! token the caller sent, the `audience` and `resource` the API's base URL). Exchanged tokens are
//! kept per caller (the fingerprint of the caller's token) until [`MARGIN`] before they expire.
//!
//! The server authenticates to the token endpoint with the one credential it holds: a private
//! key (`private_key_jwt`, ES256) or a client secret, each read from a file. That credential
//! alone obtains nothing: the exchange needs a caller's valid token.

use super::metadata;
use crate::api::HttpClient;
use crate::caller::{AccessToken, Caller, SessionRole};
use bytes::Bytes;
use http_body_util::Full;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// An exchanged token is used until this long before it expires.
pub const MARGIN: Duration = Duration::from_secs(30);

/// The most callers whose exchanged tokens are kept at once.
const MAX_CACHED: usize = 10_000;

/// How long an exchanged token is kept when its answer says nothing of its life.
const DEFAULT_LIFE: Duration = Duration::from_secs(60);

const TOKEN_EXCHANGE: &str = "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN_TYPE: &str = "urn:ietf:params:oauth:token-type:access_token";
const JWT_BEARER: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/// How this server proves who it is to the token endpoint. Neither is ever printed.
pub enum ClientAuth {
    /// `private_key_jwt`: a short-lived assertion signed with this P-256 key (PKCS#8 DER).
    PrivateKey {
        key: jsonwebtoken::EncodingKey,
        /// The key id the authorization server knows the key by, if any.
        kid: Option<String>,
    },
    /// `client_secret_basic`.
    Secret(String),
}

impl fmt::Debug for ClientAuth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientAuth::PrivateKey { kid, .. } => f
                .debug_struct("PrivateKey")
                .field("key", &"[redacted]")
                .field("kid", kid)
                .finish(),
            ClientAuth::Secret(_) => f.write_str("Secret([redacted])"),
        }
    }
}

impl ClientAuth {
    /// The credential in the file at `path`: a PKCS#8 PEM private key (`key`), or a secret whose
    /// surrounding whitespace is dropped.
    pub fn from_key_file(path: &std::path::Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let der = pem_private_key(&text)
            .ok_or_else(|| format!("{} holds no PKCS#8 PEM private key", path.display()))?;
        // Checked here, so that a bad key stops the start, not every exchange.
        let rng = ring::rand::SystemRandom::new();
        ring::signature::EcdsaKeyPair::from_pkcs8(
            &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
            &der,
            &rng,
        )
        .map_err(|_| format!("{} is not a P-256 private key", path.display()))?;
        Ok(ClientAuth::PrivateKey {
            key: jsonwebtoken::EncodingKey::from_ec_der(&der),
            kid: None,
        })
    }

    pub fn from_secret_file(path: &std::path::Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let secret = text.trim();
        if secret.is_empty() {
            return Err(format!("{} is empty", path.display()));
        }
        Ok(ClientAuth::Secret(secret.to_owned()))
    }
}

/// The DER inside a `-----BEGIN PRIVATE KEY-----` block.
fn pem_private_key(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    let start = text.find("-----BEGIN PRIVATE KEY-----")?;
    let body = &text[start + "-----BEGIN PRIVATE KEY-----".len()..];
    let end = body.find("-----END PRIVATE KEY-----")?;
    let b64: String = body[..end].split_whitespace().collect();
    base64::engine::general_purpose::STANDARD.decode(b64).ok()
}

/// Why no exchanged token: said in logs, never with a token.
#[derive(Debug, thiserror::Error)]
pub enum ExchangeError {
    #[error("the authorization server's metadata: {0}")]
    Metadata(String),
    #[error("the token endpoint: {0}")]
    Request(String),
    #[error("the token endpoint refused the exchange ({status}, {error})")]
    Refused { status: u16, error: String },
    #[error("the token endpoint answered no usable token")]
    Answer,
}

struct Cached {
    token: AccessToken,
    until: Instant,
}

/// The token exchange, and the tokens it obtained, per caller.
pub struct Exchanger {
    client_id: String,
    auth: ClientAuth,
    /// The clinic API's base URL: the audience and resource of every exchanged token.
    audience: String,
    http: HttpClient,
    timeout: Duration,
    cache: Mutex<BTreeMap<String, Cached>>,
}

impl fmt::Debug for Exchanger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exchanger")
            .field("client_id", &self.client_id)
            .field("auth", &self.auth)
            .field("audience", &self.audience)
            .finish_non_exhaustive()
    }
}

impl Exchanger {
    pub fn new(
        client_id: String,
        auth: ClientAuth,
        audience: String,
        http: HttpClient,
        timeout: Duration,
    ) -> Self {
        Self {
            client_id,
            auth,
            audience,
            http,
            timeout,
            cache: Mutex::new(BTreeMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Cached>> {
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many callers' exchanged tokens are kept (for tests).
    pub fn cached(&self) -> usize {
        self.lock().len()
    }

    /// A token for the clinic API on behalf of the caller whose token is `subject` (valid until
    /// `subject_expires_at`, seconds since the epoch): the one kept for that caller, else a new
    /// exchange at `token_endpoint`.
    pub async fn token_for(
        &self,
        subject: &AccessToken,
        subject_expires_at: u64,
        token_endpoint: &str,
    ) -> Result<AccessToken, ExchangeError> {
        let key = Caller::new(SessionRole::None, Some(subject.clone())).fingerprint();
        let now = Instant::now();
        if let Some(kept) = self.lock().get(&key).filter(|c| c.until > now) {
            return Ok(kept.token.clone());
        }
        let (token, life) = self.exchange(subject, token_endpoint).await?;
        // Kept no longer than the exchanged token lives (less the margin), nor than the caller's
        // own token does: a caller whose token expired gets nothing more from the cache.
        let subject_left = Duration::from_secs(subject_expires_at.saturating_sub(unix_now()));
        let keep = life.saturating_sub(MARGIN).min(subject_left);
        if !keep.is_zero() {
            let mut cache = self.lock();
            if cache.len() >= MAX_CACHED {
                cache.retain(|_, c| c.until > now);
                if cache.len() >= MAX_CACHED {
                    cache.clear();
                }
            }
            cache.insert(
                key,
                Cached {
                    token: token.clone(),
                    until: now + keep,
                },
            );
        }
        Ok(token)
    }

    async fn exchange(
        &self,
        subject: &AccessToken,
        token_endpoint: &str,
    ) -> Result<(AccessToken, Duration), ExchangeError> {
        let (body, basic) = self.form(subject, token_endpoint)?;
        let mut request = http::Request::post(token_endpoint)
            .header(
                http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .header(http::header::ACCEPT, "application/json");
        if let Some(basic) = basic {
            request = request.header(http::header::AUTHORIZATION, basic);
        }
        let request = request
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| ExchangeError::Request(e.to_string()))?;
        let (status, body) = metadata::send(&self.http, request, self.timeout)
            .await
            .map_err(ExchangeError::Request)?;
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        if status != 200 {
            // Only the RFC 6749 error code is kept, and only when it is a short plain word: the
            // rest of a refusal may echo what was sent.
            let error = answer
                .get("error")
                .and_then(serde_json::Value::as_str)
                .filter(|e| e.len() <= 64 && e.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
                .unwrap_or("no error code")
                .to_owned();
            return Err(ExchangeError::Refused { status, error });
        }
        let token = answer
            .get("access_token")
            .and_then(serde_json::Value::as_str)
            .and_then(AccessToken::new)
            .filter(AccessToken::is_sendable)
            .ok_or(ExchangeError::Answer)?;
        let token_type_ok = answer
            .get("token_type")
            .and_then(serde_json::Value::as_str)
            .is_some_and(|t| t.eq_ignore_ascii_case("bearer") || t.eq_ignore_ascii_case("n_a"));
        if !token_type_ok {
            return Err(ExchangeError::Answer);
        }
        let life = answer
            .get("expires_in")
            .and_then(serde_json::Value::as_u64)
            .map_or(DEFAULT_LIFE, Duration::from_secs);
        Ok((token, life))
    }

    /// The exchange's form, and the `Authorization` value of `client_secret_basic` when the
    /// server authenticates with a secret.
    fn form(
        &self,
        subject: &AccessToken,
        token_endpoint: &str,
    ) -> Result<(String, Option<String>), ExchangeError> {
        let mut form = url::form_urlencoded::Serializer::new(String::new());
        form.append_pair("grant_type", TOKEN_EXCHANGE)
            .append_pair("subject_token", subject.expose())
            .append_pair("subject_token_type", ACCESS_TOKEN_TYPE)
            .append_pair("requested_token_type", ACCESS_TOKEN_TYPE)
            .append_pair("audience", &self.audience)
            .append_pair("resource", &self.audience);
        let basic = match &self.auth {
            ClientAuth::PrivateKey { key, kid } => {
                let assertion = self
                    .assertion(key, kid.as_deref(), token_endpoint)
                    .map_err(ExchangeError::Request)?;
                form.append_pair("client_id", &self.client_id)
                    .append_pair("client_assertion_type", JWT_BEARER)
                    .append_pair("client_assertion", &assertion);
                None
            }
            ClientAuth::Secret(secret) => {
                use base64::Engine as _;
                // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
                let enc = |s: &str| {
                    url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>()
                };
                let pair = format!("{}:{}", enc(&self.client_id), enc(secret));
                Some(format!(
                    "Basic {}",
                    base64::engine::general_purpose::STANDARD.encode(pair)
                ))
            }
        };
        Ok((form.finish(), basic))
    }

    /// A `private_key_jwt` client assertion (RFC 7523 §3): this client as `iss` and `sub`, the
    /// token endpoint as `aud`, one minute of life and a fresh `jti`.
    fn assertion(
        &self,
        key: &jsonwebtoken::EncodingKey,
        kid: Option<&str>,
        token_endpoint: &str,
    ) -> Result<String, String> {
        let now = unix_now();
        let claims = serde_json::json!({
            "iss": self.client_id,
            "sub": self.client_id,
            "aud": token_endpoint,
            "iat": now,
            "exp": now + 60,
            "jti": uuid::Uuid::new_v4().to_string(),
        });
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
        header.kid = kid.map(str::to_owned);
        jsonwebtoken::encode(&header, &claims, key)
            .map_err(|e| format!("the client assertion: {e}"))
    }
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_credential_is_never_printed() {
        let secret = ClientAuth::Secret("s3cret-canary".to_owned());
        assert_eq!(format!("{secret:?}"), "Secret([redacted])");
        let rng = ring::rand::SystemRandom::new();
        let der = ring::signature::EcdsaKeyPair::generate_pkcs8(
            &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
            &rng,
        )
        .unwrap();
        let key = ClientAuth::PrivateKey {
            key: jsonwebtoken::EncodingKey::from_ec_der(der.as_ref()),
            kid: Some("k1".to_owned()),
        };
        assert_eq!(
            format!("{key:?}"),
            "PrivateKey { key: \"[redacted]\", kid: Some(\"k1\") }"
        );
    }

    #[test]
    fn a_pem_key_file_is_read_and_checked() {
        use base64::Engine as _;
        let rng = ring::rand::SystemRandom::new();
        let der = ring::signature::EcdsaKeyPair::generate_pkcs8(
            &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
            &rng,
        )
        .unwrap();
        let b64 = base64::engine::general_purpose::STANDARD.encode(der.as_ref());
        let pem = format!("-----BEGIN PRIVATE KEY-----\n{b64}\n-----END PRIVATE KEY-----\n");
        assert_eq!(pem_private_key(&pem).as_deref(), Some(der.as_ref()));
        let dir = std::env::temp_dir().join(format!("clinic-mcp-key-{}", std::process::id()));
        std::fs::write(&dir, &pem).unwrap();
        assert!(ClientAuth::from_key_file(&dir).is_ok());
        std::fs::write(
            &dir,
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        )
        .unwrap();
        assert!(ClientAuth::from_key_file(&dir).is_err());
        let _ = std::fs::remove_file(&dir);
    }
}
