//! Sealed `requestState` for the 2026-07-28 confirmation over HTTP: the question's binding and
//! deadline travel in the state itself, encrypted and authenticated (ChaCha20-Poly1305), so the
//! retry may reach any replica that holds the key. Nothing is kept between the two requests.
//!
//! A state is `s1.` and the base64url (no padding) of: the key id (8 bytes), a random nonce (12),
//! then the sealed deadline (milliseconds since the epoch, 8, big-endian) and binding (32,
//! [`crate::confirm::Binding`]: a digest, never a token or an argument), with the tag (16). The
//! key id and the format label are authenticated as associated data.
//!
//! Keys come from a file (one base64 key of 32 bytes a line; `#` comments and blank lines
//! ignored): the first seals and opens, a second (the previous key, during a rotation) only
//! opens. A state sealed by any other key, altered, or past its deadline opens nothing.
//!
//! A state is not used up: any replica accepts it until its deadline. Why a replay changes
//! nothing is docs/DEPLOY.md's "Confirmation across replicas".
//!
//! The same keys seal the session ids of older clients ([`super::sessions`]): `m1.` and the
//! base64url of the key id, a random nonce and the sealed text, under a key derived from each
//! (HKDF-SHA256) with a label of its own, so that neither kind opens as the other.

use crate::confirm::{Binding, Refusal, States};
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::hkdf;
use ring::rand::{SecureRandom, SystemRandom};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The prefix of a sealed state: its format's version.
const PREFIX: &str = "s1.";
/// Authenticated with every state, with its key id.
const LABEL: &[u8] = b"clinic-mcp requestState s1";
const KEY_ID_LEN: usize = 8;
const KEY_LEN: usize = 32;
const PLAIN_LEN: usize = 8 + 32;
const TAG_LEN: usize = 16;
const SEALED_LEN: usize = KEY_ID_LEN + NONCE_LEN + PLAIN_LEN + TAG_LEN;
/// The HKDF info of the key that seals session ids, and their associated data's label.
const SESSION_INFO: &[u8] = b"clinic-mcp session id s1";
/// The prefix of a sealed session id.
const SESSION_PREFIX: &str = "m1.";

/// One key and its id (derived from it, so a file holds keys only).
struct Key {
    id: [u8; KEY_ID_LEN],
    aead: LessSafeKey,
    /// Seals session ids ([`super::sessions`]): a key of its own, derived from the same key by
    /// HKDF-SHA256, so that no sealed text of one kind is ever opened as the other.
    sessions: LessSafeKey,
}

impl Key {
    fn new(bytes: &[u8; KEY_LEN]) -> Option<Self> {
        let mut context = ring::digest::Context::new(&ring::digest::SHA256);
        context.update(b"clinic-mcp confirmation key id\n");
        context.update(bytes);
        let mut id = [0; KEY_ID_LEN];
        id.copy_from_slice(&context.finish().as_ref()[..KEY_ID_LEN]);
        let aead = LessSafeKey::new(UnboundKey::new(&CHACHA20_POLY1305, bytes).ok()?);
        let prk = hkdf::Salt::new(hkdf::HKDF_SHA256, b"clinic-mcp").extract(bytes);
        let derived = prk.expand(&[SESSION_INFO], &CHACHA20_POLY1305).ok()?;
        let sessions = LessSafeKey::new(UnboundKey::from(derived));
        Some(Self { id, aead, sessions })
    }
}

/// The keys that seal and open confirmation states, and how long a state is good for.
pub struct SealingKeys {
    /// Seals; opens.
    current: Key,
    /// Opens only: the key being rolled out of use.
    previous: Option<Key>,
    /// How long the human has to answer (the confirmation timeout).
    ttl: Duration,
    rng: SystemRandom,
}

/// Neither key is shown.
impl std::fmt::Debug for SealingKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SealingKeys")
            .field("current", &hex(&self.current.id))
            .field("previous", &self.previous.as_ref().map(|k| hex(&k.id)))
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl SealingKeys {
    /// `current` seals; `previous`, if given, still opens. States are good for `ttl`.
    pub fn new(current: [u8; KEY_LEN], previous: Option<[u8; KEY_LEN]>, ttl: Duration) -> Self {
        // A 32-byte key is always a ChaCha20-Poly1305 key.
        #[allow(clippy::expect_used)]
        let key = |bytes: &[u8; KEY_LEN]| Key::new(bytes).expect("a 32-byte key");
        Self {
            current: key(&current),
            previous: previous.as_ref().map(key),
            ttl,
            rng: SystemRandom::new(),
        }
    }

    /// The keys of the file at `path`: one or two lines of base64, 32 bytes each, the current key
    /// first. The error names the file and the line, never what it holds.
    pub fn from_file(path: &Path, ttl: Duration) -> Result<Self, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("--confirmation-key-file {shown}: {e}"))?;
        let mut keys = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let key: [u8; KEY_LEN] = STANDARD
                .decode(line)
                .ok()
                .and_then(|bytes| bytes.try_into().ok())
                .ok_or_else(|| {
                    format!(
                        "--confirmation-key-file {shown}: line {} is not 32 bytes in base64 (make one with `openssl rand -base64 32`)",
                        n + 1
                    )
                })?;
            keys.push(key);
        }
        match keys.as_slice() {
            [current] => Ok(Self::new(*current, None, ttl)),
            [current, previous] => Ok(Self::new(*current, Some(*previous), ttl)),
            [] => Err(format!(
                "--confirmation-key-file {shown} holds no key (one line of `openssl rand -base64 32`)"
            )),
            _ => Err(format!(
                "--confirmation-key-file {shown} holds more than two keys: the current one, then at most the previous one"
            )),
        }
    }

    fn key(&self, id: &[u8]) -> Option<&Key> {
        std::iter::once(&self.current)
            .chain(self.previous.as_ref())
            .find(|k| k.id == id)
    }

    fn aad(id: &[u8; KEY_ID_LEN]) -> [u8; LABEL.len() + KEY_ID_LEN] {
        let mut aad = [0; LABEL.len() + KEY_ID_LEN];
        aad[..LABEL.len()].copy_from_slice(LABEL);
        aad[LABEL.len()..].copy_from_slice(id);
        aad
    }

    /// A state for `binding`, good until `deadline_ms`.
    fn seal_until(&self, binding: Binding, deadline_ms: u64) -> Option<String> {
        let key = &self.current;
        let mut nonce = [0; NONCE_LEN];
        self.rng.fill(&mut nonce).ok()?;
        let mut sealed = Vec::with_capacity(SEALED_LEN);
        sealed.extend_from_slice(&key.id);
        sealed.extend_from_slice(&nonce);
        let mut body = Vec::with_capacity(PLAIN_LEN + TAG_LEN);
        body.extend_from_slice(&deadline_ms.to_be_bytes());
        body.extend_from_slice(&binding);
        key.aead
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(Self::aad(&key.id)),
                &mut body,
            )
            .ok()?;
        sealed.extend_from_slice(&body);
        Some(format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(sealed)))
    }

    /// The deadline and binding `state` seals, if one of the keys sealed it unaltered.
    fn open_state(&self, state: &str) -> Option<(u64, Binding)> {
        let bytes = URL_SAFE_NO_PAD.decode(state.strip_prefix(PREFIX)?).ok()?;
        if bytes.len() != SEALED_LEN {
            return None;
        }
        let (id, rest) = bytes.split_at(KEY_ID_LEN);
        let (nonce, body) = rest.split_at(NONCE_LEN);
        let key = self.key(id)?;
        let id: [u8; KEY_ID_LEN] = id.try_into().ok()?;
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut body = body.to_vec();
        let plain = key
            .aead
            .open_in_place(nonce, Aad::from(Self::aad(&id)), &mut body)
            .ok()?;
        let (deadline, binding) = plain.split_at(8);
        Some((
            u64::from_be_bytes(deadline.try_into().ok()?),
            binding.try_into().ok()?,
        ))
    }
}

impl SealingKeys {
    fn session_aad(id: &[u8; KEY_ID_LEN]) -> [u8; SESSION_INFO.len() + KEY_ID_LEN] {
        let mut aad = [0; SESSION_INFO.len() + KEY_ID_LEN];
        aad[..SESSION_INFO.len()].copy_from_slice(SESSION_INFO);
        aad[SESSION_INFO.len()..].copy_from_slice(id);
        aad
    }

    /// `plain` sealed as a session id (`m1.` and base64url: visible ASCII only), under the
    /// current key's session key; `None` if the system's random source failed.
    pub fn seal_session_id(&self, plain: &[u8]) -> Option<String> {
        let key = &self.current;
        let mut nonce = [0; NONCE_LEN];
        self.rng.fill(&mut nonce).ok()?;
        let mut body = plain.to_vec();
        key.sessions
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(Self::session_aad(&key.id)),
                &mut body,
            )
            .ok()?;
        let mut sealed = Vec::with_capacity(KEY_ID_LEN + NONCE_LEN + body.len());
        sealed.extend_from_slice(&key.id);
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(&body);
        Some(format!(
            "{SESSION_PREFIX}{}",
            URL_SAFE_NO_PAD.encode(sealed)
        ))
    }

    /// What the session id `id` seals, if one of the keys sealed it unaltered.
    pub fn open_session_id(&self, id: &str) -> Option<Vec<u8>> {
        let bytes = URL_SAFE_NO_PAD
            .decode(id.strip_prefix(SESSION_PREFIX)?)
            .ok()?;
        if bytes.len() < KEY_ID_LEN + NONCE_LEN + TAG_LEN {
            return None;
        }
        let (key_id, rest) = bytes.split_at(KEY_ID_LEN);
        let (nonce, body) = rest.split_at(NONCE_LEN);
        let key = self.key(key_id)?;
        let key_id: [u8; KEY_ID_LEN] = key_id.try_into().ok()?;
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut body = body.to_vec();
        let plain = key
            .sessions
            .open_in_place(nonce, Aad::from(Self::session_aad(&key_id)), &mut body)
            .ok()?;
        Some(plain.to_vec())
    }
}

impl States for SealingKeys {
    fn open(&self, binding: Binding) -> String {
        let ttl = u64::try_from(self.ttl.as_millis()).unwrap_or(u64::MAX);
        // The system's random source failing leaves a state no key opens: the retry is declined.
        self.seal_until(binding, now_ms().saturating_add(ttl))
            .unwrap_or_default()
    }

    fn take(&self, state: &str) -> Result<Binding, Refusal> {
        let (deadline, binding) = self.open_state(state).ok_or(Refusal::UnknownState)?;
        if now_ms() >= deadline {
            return Err(Refusal::TimedOut);
        }
        Ok(binding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: [u8; 32] = [1; 32];
    const B: [u8; 32] = [2; 32];

    fn keys(current: [u8; 32], previous: Option<[u8; 32]>) -> SealingKeys {
        SealingKeys::new(current, previous, Duration::from_secs(60))
    }

    #[test]
    fn a_state_opens_to_its_binding_under_the_current_or_the_previous_key() {
        let old = keys(A, None);
        let state = old.open([7; 32]);
        assert!(state.starts_with(PREFIX), "{state}");
        assert_eq!(old.take(&state), Ok([7; 32]));
        // not used up: any replica with the key judges it
        assert_eq!(old.take(&state), Ok([7; 32]));
        // rotation: B is current, A still opens
        let rolling = keys(B, Some(A));
        assert_eq!(rolling.take(&state), Ok([7; 32]));
        // A retired
        assert_eq!(keys(B, None).take(&state), Err(Refusal::UnknownState));
        // what the new set seals, the old set cannot open
        assert_eq!(old.take(&rolling.open([7; 32])), Err(Refusal::UnknownState));
    }

    /// The sealed state carries the binding of the call that was asked: a yes retried by another
    /// caller, or for other arguments, is no yes; that caller is asked about its own call.
    #[tokio::test]
    async fn a_state_is_no_answer_for_another_call() {
        use crate::confirm::{Answer, Ask, Question, Retry};
        let k = keys(A, None);
        let q = Question {
            message: "Cancel appointment 7?".into(),
        };
        let retry = |call: &str, state: Option<String>| Retry {
            states: &k,
            call: call.to_owned(),
            request_state: state,
            input_responses: Some(
                [(
                    crate::confirm::INPUT_KEY.to_owned(),
                    serde_json::json!({"action": "accept", "content": {"confirm": true}}),
                )]
                .into_iter()
                .collect(),
            ),
            raised: std::sync::Mutex::new(None),
        };
        let call = "sub:patient-1\nPatient\ncancel_appointment\n{\"appointment_id\":7}";
        let first = retry(call, None);
        assert_eq!(first.ask(&q).await, Answer::InputRequired);
        let state = first.take_raised().unwrap().request_state.unwrap();
        for other in [
            "sub:patient-2\nPatient\ncancel_appointment\n{\"appointment_id\":7}",
            "sub:patient-1\nPatient\ncancel_appointment\n{\"appointment_id\":8}",
        ] {
            let again = retry(other, Some(state.clone()));
            assert_eq!(again.ask(&q).await, Answer::InputRequired, "{other}");
        }
        assert_eq!(retry(call, Some(state)).ask(&q).await, Answer::Confirmed);
    }

    #[test]
    fn an_altered_state_opens_nothing() {
        let k = keys(A, None);
        let state = k.open([7; 32]);
        let bytes = URL_SAFE_NO_PAD.decode(&state[PREFIX.len()..]).unwrap();
        for i in 0..bytes.len() {
            let mut altered = bytes.clone();
            altered[i] ^= 1;
            let altered = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(altered));
            assert_eq!(k.take(&altered), Err(Refusal::UnknownState), "byte {i}");
        }
        for junk in ["", "s1.", "s1.AAAA", "f".repeat(32).as_str(), &state[1..]] {
            assert_eq!(k.take(junk), Err(Refusal::UnknownState), "{junk:?}");
        }
    }

    /// A session id opens under the current or the previous key, unaltered, and never as a
    /// confirmation state (nor a state as a session id): each kind has a key of its own.
    #[test]
    fn a_session_id_opens_only_as_a_session_id() {
        let old = keys(A, None);
        let id = old.seal_session_id(b"hello").unwrap();
        assert!(id.starts_with(SESSION_PREFIX), "{id}");
        assert!(id.bytes().all(|b| (0x21..=0x7e).contains(&b)), "{id}");
        assert_eq!(old.open_session_id(&id).as_deref(), Some(&b"hello"[..]));
        assert_eq!(
            keys(B, Some(A)).open_session_id(&id).as_deref(),
            Some(&b"hello"[..])
        );
        assert_eq!(keys(B, None).open_session_id(&id), None);
        let bytes = URL_SAFE_NO_PAD.decode(&id[SESSION_PREFIX.len()..]).unwrap();
        for i in 0..bytes.len() {
            let mut altered = bytes.clone();
            altered[i] ^= 1;
            let altered = format!("{SESSION_PREFIX}{}", URL_SAFE_NO_PAD.encode(altered));
            assert_eq!(old.open_session_id(&altered), None, "byte {i}");
        }
        // the same bytes under the other kind's prefix open nothing
        let as_state = format!("{PREFIX}{}", &id[SESSION_PREFIX.len()..]);
        assert_eq!(old.take(&as_state), Err(Refusal::UnknownState));
        let state = old.open([7; 32]);
        let as_id = format!("{SESSION_PREFIX}{}", &state[PREFIX.len()..]);
        assert_eq!(old.open_session_id(&as_id), None);
    }

    #[test]
    fn a_state_past_its_deadline_is_refused() {
        let k = keys(A, None);
        let state = k.seal_until([7; 32], now_ms() - 1).unwrap();
        assert_eq!(k.take(&state), Err(Refusal::TimedOut));
    }

    #[test]
    fn the_key_file_holds_one_or_two_keys_and_errors_never_show_them() {
        let dir = std::env::temp_dir().join(format!("clinic-mcp-sealed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("keys");
        let ttl = Duration::from_secs(1);
        let a = STANDARD.encode(A);
        let b = STANDARD.encode(B);
        std::fs::write(&file, format!("# current\n{b}\n\n# previous\n{a}\n")).unwrap();
        let both = SealingKeys::from_file(&file, ttl).unwrap();
        assert!(both.take(&keys(A, None).open([3; 32])).is_ok());
        assert!(keys(B, None).take(&both.open([3; 32])).is_ok());
        for (text, says) in [
            (String::new(), "holds no key"),
            (format!("{a}\n{b}\n{a}\n"), "more than two keys"),
            (format!("{a}\nnot-base64-{a}\n"), "line 2 is not 32 bytes"),
            (STANDARD.encode([1; 16]), "line 1 is not 32 bytes"),
        ] {
            std::fs::write(&file, &text).unwrap();
            let e = SealingKeys::from_file(&file, ttl).unwrap_err();
            assert!(e.contains(says), "{e}");
            assert!(!e.contains(&a) && !e.contains(&b), "{e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!format!("{both:?}").contains(&a));
    }
}
