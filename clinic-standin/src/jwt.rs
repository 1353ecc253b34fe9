//! JWTs by hand over `ring` (already in the build for rustls) and `base64`: the authorization
//! server's ES256 signing keys, and the verification of client assertions (ES256 or RS256).
//!
//! Why not `jsonwebtoken`: its crypto backends pull in `aws-lc-rs` or the RustCrypto stack
//! (`rsa`, `p256`, …), a second crypto library for one signature algorithm; ring generates P-256
//! keys and signs/verifies ES256 and verifies RS256, which is all the stand-in needs.
//!
//! Verification contract (every function here): the algorithm comes from the *key*, never from
//! the token's header alone (an EC key verifies `ES256` only, an RSA key `RS256` only): no
//! `none`, no HMAC, no algorithm confusion.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use ring::rand::SystemRandom;
use ring::signature::{
    ECDSA_P256_SHA256_FIXED, ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair as _,
    RSA_PKCS1_2048_8192_SHA256, RsaPublicKeyComponents, UnparsedPublicKey,
};
use serde_json::{Map, Value, json};

/// base64url without padding (RFC 7515 §2).
pub(crate) fn b64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes base64url without padding; `None` for any other character, a dangling character
/// or non-zero trailing bits (one encoding per value, so a token cannot be re-spelled).
pub(crate) fn b64url_decode(s: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(s).ok()
}

/// Decodes standard base64 (`+/`, padding optional), as HTTP Basic credentials use it.
pub(crate) fn b64_standard_decode(s: &str) -> Option<Vec<u8>> {
    let unpadded = s.trim_end_matches('=');
    if s.len() - unpadded.len() > 2 {
        return None;
    }
    STANDARD_NO_PAD.decode(unpadded).ok()
}

/// A 256-bit random value, base64url: authorization codes, refresh tokens, `jti`s, client ids.
pub(crate) fn random_token(rng: &SystemRandom) -> Option<String> {
    let bytes: [u8; 32] = ring::rand::generate(rng).ok()?.expose();
    Some(b64url(&bytes))
}

/// Why a JWT was refused. Carries no part of the token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    /// Not three base64url parts with JSON header and payload.
    #[error("malformed token")]
    Malformed,
    /// The header's `alg` is not the one the key verifies, or `kid` names no known key.
    #[error("unexpected algorithm or unknown key")]
    UnknownKey,
    /// The signature does not verify.
    #[error("bad signature")]
    BadSignature,
}

/// The three parts of a compact JWS, decoded: header, claims, and what was signed.
pub(crate) struct Parsed<'a> {
    pub header: Map<String, Value>,
    pub claims: Map<String, Value>,
    pub signing_input: &'a str,
    pub signature: Vec<u8>,
}

pub(crate) fn parse(token: &str) -> Result<Parsed<'_>, JwtError> {
    let mut parts = token.split('.');
    let (Some(h), Some(c), Some(s), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(JwtError::Malformed);
    };
    let object = |part: &str| -> Result<Map<String, Value>, JwtError> {
        let bytes = b64url_decode(part).ok_or(JwtError::Malformed)?;
        match serde_json::from_slice(&bytes) {
            Ok(Value::Object(map)) => Ok(map),
            _ => Err(JwtError::Malformed),
        }
    };
    Ok(Parsed {
        header: object(h)?,
        claims: object(c)?,
        signing_input: &token[..h.len() + 1 + c.len()],
        signature: b64url_decode(s).ok_or(JwtError::Malformed)?,
    })
}

/// One ES256 signing key of the authorization server.
pub(crate) struct SigningKey {
    kid: String,
    pair: EcdsaKeyPair,
    /// `0x04 || x || y`.
    public: Vec<u8>,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKey")
            .field("kid", &self.kid)
            .finish_non_exhaustive()
    }
}

/// The RFC 7638 thumbprint of a P-256 public key (`0x04 || x || y`), base64url: its `kid`.
fn ec_thumbprint(public: &[u8]) -> String {
    let (x, y) = public
        .get(1..)
        .unwrap_or_default()
        .split_at(public.len().saturating_sub(1) / 2);
    // Members in lexicographic order, no whitespace (RFC 7638 §3.2).
    let canonical = format!(
        r#"{{"crv":"P-256","kty":"EC","x":"{}","y":"{}"}}"#,
        b64url(x),
        b64url(y)
    );
    b64url(&crate::digest::sha256(canonical.as_bytes()))
}

/// The public JWK of a P-256 key (`0x04 || x || y`).
pub(crate) fn ec_public_jwk(public: &[u8], kid: &str, with_use: bool) -> Value {
    let (x, y) = public
        .get(1..)
        .unwrap_or_default()
        .split_at(public.len().saturating_sub(1) / 2);
    let mut jwk = json!({"kty": "EC", "crv": "P-256", "x": b64url(x), "y": b64url(y), "kid": kid, "alg": "ES256"});
    if with_use {
        jwk["use"] = json!("sig");
    }
    jwk
}

impl SigningKey {
    /// A new P-256 key; also returns its PKCS#8 document.
    pub(crate) fn generate(rng: &SystemRandom) -> Option<(SigningKey, Vec<u8>)> {
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, rng).ok()?;
        let key = SigningKey::from_pkcs8(pkcs8.as_ref(), rng)?;
        Some((key, pkcs8.as_ref().to_vec()))
    }

    /// A P-256 key from its PKCS#8 DER; `None` for anything else.
    pub(crate) fn from_pkcs8(pkcs8: &[u8], rng: &SystemRandom) -> Option<SigningKey> {
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8, rng).ok()?;
        let public = pair.public_key().as_ref().to_vec();
        let kid = ec_thumbprint(&public);
        Some(SigningKey { kid, pair, public })
    }

    pub(crate) fn kid(&self) -> &str {
        &self.kid
    }

    pub(crate) fn public_jwk(&self) -> Value {
        ec_public_jwk(&self.public, &self.kid, true)
    }

    /// A compact JWS over `claims` with header `{"alg":"ES256","typ":typ,"kid":…}`.
    pub(crate) fn sign(&self, typ: &str, claims: &Value, rng: &SystemRandom) -> Option<String> {
        let header = json!({"alg": "ES256", "typ": typ, "kid": self.kid});
        let mut token = format!(
            "{}.{}",
            b64url(header.to_string().as_bytes()),
            b64url(claims.to_string().as_bytes())
        );
        let signature = self.pair.sign(rng, token.as_bytes()).ok()?;
        token.push('.');
        token.push_str(&b64url(signature.as_ref()));
        Some(token)
    }

    /// Whether `parsed` is signed by this key (`alg` must be ES256).
    pub(crate) fn verifies(&self, parsed: &Parsed<'_>) -> bool {
        parsed.header.get("alg").and_then(Value::as_str) == Some("ES256")
            && UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &self.public)
                .verify(parsed.signing_input.as_bytes(), &parsed.signature)
                .is_ok()
    }
}

/// A client's public key, from its JWK: P-256 (`ES256`) or RSA (`RS256`, 2048–8192 bits).
#[derive(Debug, Clone)]
pub(crate) enum PublicKey {
    Ec(Vec<u8>),
    Rsa { n: Vec<u8>, e: Vec<u8> },
}

impl PublicKey {
    /// Reads a public JWK; `None` for another key type or curve, or a JWK with private parts
    /// (`d`): a registered client key must be public only.
    pub(crate) fn from_jwk(jwk: &Value) -> Option<PublicKey> {
        if jwk.get("d").is_some() {
            return None;
        }
        let field = |name: &str| {
            jwk.get(name)
                .and_then(Value::as_str)
                .and_then(b64url_decode)
        };
        match jwk.get("kty").and_then(Value::as_str)? {
            "EC" if jwk.get("crv").and_then(Value::as_str) == Some("P-256") => {
                let (x, y) = (field("x")?, field("y")?);
                if x.len() != 32 || y.len() != 32 {
                    return None;
                }
                let mut point = Vec::with_capacity(65);
                point.push(4);
                point.extend_from_slice(&x);
                point.extend_from_slice(&y);
                Some(PublicKey::Ec(point))
            }
            "RSA" => Some(PublicKey::Rsa {
                n: field("n")?,
                e: field("e")?,
            }),
            _ => None,
        }
    }

    /// Verifies a client assertion's signature: ES256 for an EC key, RS256 for an RSA key.
    pub(crate) fn verify(&self, parsed: &Parsed<'_>) -> Result<(), JwtError> {
        let alg = parsed.header.get("alg").and_then(Value::as_str);
        let message = parsed.signing_input.as_bytes();
        let ok = match (self, alg) {
            (PublicKey::Ec(point), Some("ES256")) => {
                UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, point)
                    .verify(message, &parsed.signature)
                    .is_ok()
            }
            (PublicKey::Rsa { n, e }, Some("RS256")) => RsaPublicKeyComponents { n, e }
                .verify(&RSA_PKCS1_2048_8192_SHA256, message, &parsed.signature)
                .is_ok(),
            _ => return Err(JwtError::UnknownKey),
        };
        if ok {
            Ok(())
        } else {
            Err(JwtError::BadSignature)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_and_refuses_non_canonical_spellings() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(37)).collect();
            assert_eq!(b64url_decode(&b64url(&bytes)).as_deref(), Some(&bytes[..]));
        }
        assert_eq!(b64url(b"\xfb\xff"), "-_8");
        assert_eq!(b64url_decode("-_9"), None, "non-zero trailing bits");
        assert_eq!(b64url_decode("A"), None);
        assert_eq!(b64url_decode("AA=="), None, "padding");
        assert_eq!(b64url_decode("A+A/"), None, "standard alphabet");
    }
}
