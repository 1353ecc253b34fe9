//! SHA-256, the stand-in's one digest: the request log's credential digests, stored codes and
//! refresh tokens, PKCE and JWK thumbprints.

pub(crate) fn sha256(bytes: &[u8]) -> [u8; 32] {
    let digest = ring::digest::digest(&ring::digest::SHA256, bytes);
    let mut out = [0u8; 32];
    out.copy_from_slice(digest.as_ref());
    out
}
