//! A confidential client's key pair, for tests and the demo.

use ring::rand::SystemRandom;
use serde_json::{Value, json};

use super::types::{AuthError, Secret};
use crate::jwt;

/// An ES256 key pair for a confidential client's `private_key_jwt`, for tests and the demo.
/// `Debug` shows the `kid` only.
pub struct ClientKey {
    key: jwt::SigningKey,
    pkcs8: Vec<u8>,
    rng: SystemRandom,
}

impl std::fmt::Debug for ClientKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientKey")
            .field("kid", &self.key.kid())
            .finish_non_exhaustive()
    }
}

impl ClientKey {
    /// A fresh P-256 key.
    pub fn generate() -> Result<ClientKey, AuthError> {
        let rng = SystemRandom::new();
        let (key, pkcs8) = jwt::SigningKey::generate(&rng).ok_or(AuthError::Crypto)?;
        Ok(ClientKey { key, pkcs8, rng })
    }

    /// The P-256 key in `pkcs8` (DER, as `openssl genpkey -algorithm EC -pkeyopt
    /// ec_paramgen_curve:P-256 -outform DER` or ring writes it): e.g. the MCP server's configured
    /// client key, to register its public half. [`AuthError::Invalid`] for any other key.
    pub fn from_pkcs8_der(pkcs8: &[u8]) -> Result<ClientKey, AuthError> {
        let rng = SystemRandom::new();
        let key = jwt::SigningKey::from_pkcs8(pkcs8, &rng)
            .ok_or(AuthError::Invalid("not a P-256 private key in PKCS#8 DER"))?;
        Ok(ClientKey {
            key,
            pkcs8: pkcs8.to_vec(),
            rng,
        })
    }

    /// The public JWK to register ([`super::ClientCredential::PrivateKeyJwt`]).
    pub fn public_jwk(&self) -> Value {
        self.key.public_jwk()
    }

    /// The private key as PKCS#8 DER (e.g. for `jsonwebtoken::EncodingKey::from_ec_der`).
    pub fn pkcs8_der(&self) -> &[u8] {
        &self.pkcs8
    }

    /// An RFC 7523 client assertion: `iss` = `sub` = `client_id`, `aud` = `audience` (the
    /// token endpoint URL), a fresh `jti`, `exp` 60 s from now.
    pub fn client_assertion(&self, client_id: &str, audience: &str) -> Result<Secret, AuthError> {
        let now = jiff::Timestamp::now().as_second();
        let jti = jwt::random_token(&self.rng).ok_or(AuthError::Crypto)?;
        let claims = json!({
            "iss": client_id, "sub": client_id, "aud": audience,
            "iat": now, "exp": now + 60, "jti": jti,
        });
        self.key
            .sign("JWT", &claims, &self.rng)
            .map(Secret)
            .ok_or(AuthError::Crypto)
    }
}
