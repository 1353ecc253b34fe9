//! Sessions (`Mcp-Session-Id`) for clients of protocols before 2026-07-28, which answer the
//! server's `elicitation/create` in a POST of their own. rmcp serves them on its own session path
//! (`legacy_session_mode`, its `LocalSessionManager` in this process); requests of 2026-07-28
//! stay stateless (rmcp routes them so), and so does any request that names no session and is not
//! an `initialize`.
//!
//! The id is sealed with the confirmation keys ([`super::sealed`], a key of its own derived from
//! each) and carries what a replica needs to take the session up: its owner (a digest of the
//! caller's `sub`, else of its token's fingerprint: never a token), its deadline, and the client's
//! `initialize` (protocol version, the capabilities this server reads, name and version). So any
//! replica holding the keys restores a session it never saw (rmcp's `SessionStore` restore,
//! [`SealedStore`]), and a load balancer's hash of the `Mcp-Session-Id` header sends every request
//! of a session after its `initialize` to one replica. What only one replica holds is a question
//! open there: its answer must reach it, or the question ends unanswered (declined).
//!
//! A session belongs to the caller that opened it: a request naming a session must carry a valid
//! token of the same caller, or the session is unknown to it (404, as rmcp answers an unknown
//! session). The role and profile are always those of the request's own token.
//!
//! Bounded in each replica: [`SESSIONS_PER_CALLER`] and [`SESSIONS_HELD`] in memory (past either,
//! the least recently used is closed there; its id still restores on its next request, only a
//! question open in it is lost), idle ones closed after [`idle`], and no id accepted past
//! [`SESSION_LIFETIME`].

use super::sealed::SealingKeys;
use rmcp::model::{ClientJsonRpcMessage, InitializeRequestParams, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    RestoreOutcome, ServerSseMessage, SessionId, SessionManager, SessionState, SessionStore,
    SessionStoreError,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Most sessions of one caller held in a replica's memory.
pub const SESSIONS_PER_CALLER: usize = 8;
/// Most sessions held in a replica's memory.
pub const SESSIONS_HELD: usize = 4096;
/// A session with no request for this long is closed in the replica holding it (longer, when
/// the confirmation timeout is: a session waiting for its user's answer is not idle).
pub const SESSION_IDLE: Duration = Duration::from_secs(10 * 60);
/// No session id is accepted past this after its `initialize`: the client starts a new session.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);
/// Most bytes of the `initialize` a session id carries; a larger one gets no session.
const INIT_MAX_BYTES: usize = 2048;
/// Most characters of the client's name and version kept.
const CLIENT_TEXT_MAX: usize = 64;
/// The capability extension this server reads (MCP Apps).
const UI_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// How long a session is kept with no request, for confirmations of `confirmation_timeout`.
pub fn idle(confirmation_timeout: Duration) -> Duration {
    SESSION_IDLE.max(confirmation_timeout + Duration::from_secs(60))
}

tokio::task_local! {
    /// The sealed id of the session an `initialize` opens, set around rmcp's handling of that
    /// request ([`Route::New`]): rmcp asks the session manager for a new session with no
    /// argument.
    pub static NEW_SESSION: SessionId;
}

/// Where a request to `/mcp` goes.
#[derive(Debug, Clone)]
pub enum Route {
    /// rmcp's stateless service: no session named, and no `initialize`.
    Stateless,
    /// A session of this request's caller.
    Session,
    /// An `initialize`: the session it opens, with this id.
    New(SessionId),
    /// A session that is not this caller's, past its deadline, or no id of ours: 404.
    Unknown,
}

/// A session's owner: a digest of its caller key ([`super::auth::Principal::caller_key`]).
type Owner = [u8; 32];

fn owner(caller_key: &str) -> Owner {
    let mut context = ring::digest::Context::new(&ring::digest::SHA256);
    context.update(b"clinic-mcp session owner\n");
    context.update(caller_key.as_bytes());
    let mut out = [0; 32];
    out.copy_from_slice(context.finish().as_ref());
    out
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// What a session id seals.
struct Opened {
    owner: Owner,
    deadline_ms: u64,
    init: InitializeRequestParams,
}

/// Seal `init` for `owner`, good until `deadline_ms`: the deadline (8 bytes, big-endian), the
/// owner (32), then the `initialize` as JSON.
fn seal(keys: &SealingKeys, owner: &Owner, deadline_ms: u64, init: &[u8]) -> Option<SessionId> {
    let mut plain = Vec::with_capacity(40 + init.len());
    plain.extend_from_slice(&deadline_ms.to_be_bytes());
    plain.extend_from_slice(owner);
    plain.extend_from_slice(init);
    keys.seal_session_id(&plain).map(Into::into)
}

fn open(keys: &SealingKeys, id: &str) -> Option<Opened> {
    let plain = keys.open_session_id(id)?;
    if plain.len() < 40 {
        return None;
    }
    let (deadline, rest) = plain.split_at(8);
    let (owner, init) = rest.split_at(32);
    Some(Opened {
        deadline_ms: u64::from_be_bytes(deadline.try_into().ok()?),
        owner: owner.try_into().ok()?,
        init: serde_json::from_slice(init).ok()?,
    })
}

/// The `initialize` of `body` as a session id keeps it: the protocol version, of the
/// capabilities only those this server reads (`elicitation`, the MCP Apps extension), the
/// client's name and version (cut to [`CLIENT_TEXT_MAX`] characters). `None` when `body` is no
/// `initialize` request, or one rmcp would not read.
fn initialize_of(body: &[u8]) -> Option<Vec<u8>> {
    let request: Value = serde_json::from_slice(body).ok()?;
    if request.get("method")?.as_str()? != "initialize" || request.get("id").is_none() {
        return None;
    }
    let params = request.get("params")?;
    let mut capabilities = serde_json::Map::new();
    if let Some(elicitation) = params.pointer("/capabilities/elicitation") {
        capabilities.insert("elicitation".to_owned(), elicitation.clone());
    }
    if let Some(ui) = params
        .pointer("/capabilities/extensions")
        .and_then(|e| e.get(UI_EXTENSION))
    {
        capabilities.insert(
            "extensions".to_owned(),
            serde_json::json!({ UI_EXTENSION: ui }),
        );
    }
    let text = |pointer: &str| -> String {
        params
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .chars()
            .take(CLIENT_TEXT_MAX)
            .collect()
    };
    let kept = serde_json::json!({
        "protocolVersion": params.get("protocolVersion")?,
        "capabilities": capabilities,
        "clientInfo": {"name": text("/clientInfo/name"), "version": text("/clientInfo/version")},
    });
    // as rmcp will read it
    serde_json::from_value::<InitializeRequestParams>(kept.clone()).ok()?;
    let bytes = serde_json::to_vec(&kept).ok()?;
    (bytes.len() <= INIT_MAX_BYTES).then_some(bytes)
}

/// Where the request of `caller_key` with `headers` and `body` goes, with `keys` the sealing
/// keys.
pub fn route(
    keys: &SealingKeys,
    caller_key: &str,
    headers: &axum::http::HeaderMap,
    body: &[u8],
) -> Route {
    let caller = owner(caller_key);
    if let Some(value) = headers.get(rmcp::transport::common::http_header::HEADER_SESSION_ID) {
        let opened = value.to_str().ok().and_then(|id| open(keys, id));
        return match opened {
            Some(s) if s.owner == caller && now_ms() < s.deadline_ms => Route::Session,
            _ => Route::Unknown,
        };
    }
    let Some(init) = initialize_of(body) else {
        return Route::Stateless;
    };
    let lifetime = u64::try_from(SESSION_LIFETIME.as_millis()).unwrap_or(u64::MAX);
    match seal(keys, &caller, now_ms().saturating_add(lifetime), &init) {
        Some(id) => Route::New(id),
        // The system's random source failed: served as without sessions.
        None => Route::Stateless,
    }
}

/// rmcp's restore of a session a replica does not hold: the `initialize` its id seals, while the
/// id opens and is before its deadline. Nothing is stored: the id is the whole state.
#[derive(Debug)]
pub struct SealedStore(pub Arc<SealingKeys>);

type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, SessionStoreError>> + Send + 'a>>;

impl SessionStore for SealedStore {
    fn load<'life0, 'life1, 'async_trait>(
        &'life0 self,
        session_id: &'life1 str,
    ) -> StoreFuture<'async_trait, Option<SessionState>>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait,
    {
        let state = open(&self.0, session_id)
            .filter(|s| now_ms() < s.deadline_ms)
            .map(|s| SessionState::new(s.init));
        Box::pin(std::future::ready(Ok(state)))
    }

    fn store<'life0, 'life1, 'life2, 'async_trait>(
        &'life0 self,
        _session_id: &'life1 str,
        _state: &'life2 SessionState,
    ) -> StoreFuture<'async_trait, ()>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        'life2: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(std::future::ready(Ok(())))
    }

    fn delete<'life0, 'life1, 'async_trait>(
        &'life0 self,
        _session_id: &'life1 str,
    ) -> StoreFuture<'async_trait, ()>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(std::future::ready(Ok(())))
    }
}

/// Why a session could not be made or taken up.
#[derive(Debug, thiserror::Error)]
pub enum SessionsError {
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
    #[error("a new session has no sealed id")]
    NoId,
    #[error("the session id does not open")]
    NotOurs,
    #[error("the session is already held")]
    Held,
}

/// One session held in memory.
#[derive(Debug)]
struct Held {
    owner: Owner,
    used: Instant,
}

/// rmcp's `LocalSessionManager`, with sealed ids ([`NEW_SESSION`]) and the bounds of a replica.
#[derive(Debug)]
pub struct Sessions {
    keys: Arc<SealingKeys>,
    inner: LocalSessionManager,
    held: Mutex<BTreeMap<SessionId, Held>>,
    per_caller: usize,
    most: usize,
}

impl Sessions {
    /// Sessions sealed with `keys`, closed after `idle` with no request.
    pub fn new(keys: Arc<SealingKeys>, idle: Duration) -> Self {
        Self::bounded(keys, idle, SESSIONS_PER_CALLER, SESSIONS_HELD)
    }

    fn bounded(keys: Arc<SealingKeys>, idle: Duration, per_caller: usize, most: usize) -> Self {
        let mut inner = LocalSessionManager::default();
        inner.session_config.keep_alive = Some(idle);
        Self {
            keys,
            inner,
            held: Mutex::new(BTreeMap::new()),
            per_caller,
            most,
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, BTreeMap<SessionId, Held>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn touch(&self, id: &SessionId) {
        if let Some(h) = self.held().get_mut(id) {
            h.used = Instant::now();
        }
    }

    /// Sessions held in this replica's memory.
    pub fn count(&self) -> usize {
        self.held().len()
    }

    /// Hold session `id` in memory (a new one, or one restored from its id), closing the least
    /// recently used to stay within the bounds: its owner's first, then any. `None`: it is held
    /// already.
    async fn take_up(
        &self,
        id: SessionId,
    ) -> Result<Option<<LocalSessionManager as SessionManager>::Transport>, SessionsError> {
        let owner = open(&self.keys, &id).ok_or(SessionsError::NotOurs)?.owner;
        let evicted = {
            let mut held = self.held();
            let mut evicted = Vec::new();
            let oldest = |held: &BTreeMap<SessionId, Held>, of: Option<&Owner>| {
                held.iter()
                    .filter(|(_, h)| of.is_none_or(|o| &h.owner == o))
                    .min_by_key(|(_, h)| h.used)
                    .map(|(k, _)| k.clone())
            };
            while held.values().filter(|h| h.owner == owner).count() >= self.per_caller {
                let Some(k) = oldest(&held, Some(&owner)) else {
                    break;
                };
                held.remove(&k);
                evicted.push(k);
            }
            while held.len() >= self.most {
                let Some(k) = oldest(&held, None) else {
                    break;
                };
                held.remove(&k);
                evicted.push(k);
            }
            held.insert(
                id.clone(),
                Held {
                    owner,
                    used: Instant::now(),
                },
            );
            evicted
        };
        for k in evicted {
            tracing::info!("a session was closed in this replica: the bound of sessions held");
            let _ = self.inner.close_session(&k).await;
        }
        match self.inner.restore_session(id).await? {
            RestoreOutcome::Restored(transport) => Ok(Some(transport)),
            _ => Ok(None),
        }
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let id = NEW_SESSION
            .try_with(Clone::clone)
            .map_err(|_| SessionsError::NoId)?;
        let transport = self.take_up(id.clone()).await?.ok_or(SessionsError::Held)?;
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        self.held().remove(id);
        Ok(self.inner.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error>
    {
        self.touch(id);
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.touch(id);
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error>
    {
        self.touch(id);
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl futures::Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error>
    {
        self.touch(id);
        Ok(self.inner.resume(id, last_event_id).await?)
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        Ok(match self.take_up(id).await? {
            Some(transport) => RestoreOutcome::Restored(transport),
            None => RestoreOutcome::AlreadyPresent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Arc<SealingKeys> {
        Arc::new(SealingKeys::new([5; 32], None, Duration::from_secs(60)))
    }

    fn init(capabilities: &Value) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": capabilities,
                "clientInfo": {"name": "test", "version": "1"}}
        }))
        .unwrap_or_default()
    }

    fn with_id(id: &str) -> axum::http::HeaderMap {
        let mut headers = axum::http::HeaderMap::new();
        if let Ok(value) = id.parse() {
            headers.insert("mcp-session-id", value);
        }
        headers
    }

    /// An `initialize` opens a session whose id only its caller can name; any other caller, an
    /// altered id or one past its deadline is answered as an unknown session. The id holds no
    /// caller key and no token, in any part.
    #[test]
    fn a_session_id_is_its_caller_s_only() -> Result<(), String> {
        let k = keys();
        let empty = axum::http::HeaderMap::new();
        let body = init(&serde_json::json!({"elicitation": {"form": {}}, "sampling": {}}));
        let Route::New(id) = route(&k, "sub:patient-1", &empty, &body) else {
            return Err("an initialize opens a session".into());
        };
        assert!(!id.contains("patient"), "{id}");
        let opened = open(&k, &id).ok_or("opens")?;
        assert_eq!(
            serde_json::to_value(&opened.init.capabilities).map_err(|e| e.to_string())?,
            serde_json::json!({"elicitation": {"form": {}}}),
            "only the capabilities read here are kept"
        );
        assert!(matches!(
            route(&k, "sub:patient-1", &with_id(&id), b"{}"),
            Route::Session
        ));
        assert!(matches!(
            route(&k, "sub:patient-2", &with_id(&id), b"{}"),
            Route::Unknown
        ));
        // one character changed in the middle, where all six bits of a base64 character count
        // (the last one may carry unused bits, and may already be the one written)
        let mut chars: Vec<char> = id.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        let altered: String = chars.into_iter().collect();
        for other in [altered.as_str(), "0123", "m1."] {
            assert!(matches!(
                route(&k, "sub:patient-1", &with_id(other), b"{}"),
                Route::Unknown
            ));
        }
        let past = seal(&k, &owner("sub:patient-1"), now_ms() - 1, b"{}").ok_or("sealed")?;
        assert!(matches!(
            route(&k, "sub:patient-1", &with_id(&past), b"{}"),
            Route::Unknown
        ));
        // a session of another deployment's keys
        let theirs = SealingKeys::new([6; 32], None, Duration::from_secs(60));
        let Route::New(foreign) = route(&theirs, "sub:patient-1", &empty, &body) else {
            return Err("opens".into());
        };
        assert!(matches!(
            route(&k, "sub:patient-1", &with_id(&foreign), b"{}"),
            Route::Unknown
        ));
        Ok(())
    }

    #[test]
    fn only_an_initialize_without_a_session_id_opens_one() {
        let k = keys();
        let empty = axum::http::HeaderMap::new();
        for body in [
            &br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#[..],
            br#"{"jsonrpc":"2.0","method":"initialize","params":{}}"#,
            b"not json",
        ] {
            assert!(matches!(route(&k, "sub:a", &empty, body), Route::Stateless));
        }
        // what the id does not carry cannot make it too large
        let big = init(&serde_json::json!({"experimental": {"x": "y".repeat(4000)}}));
        assert!(matches!(route(&k, "sub:a", &empty, &big), Route::New(_)));
    }

    /// Past the bound of a caller's sessions its least recently used one is closed, never
    /// another caller's; past the bound of all, the least recently used of any.
    #[tokio::test]
    async fn the_sessions_held_are_bounded_per_caller_and_in_all() -> Result<(), String> {
        let k = keys();
        let sessions = Sessions::bounded(k.clone(), Duration::from_secs(60), 2, 3);
        let new = |caller: &str| match route(
            &k,
            caller,
            &axum::http::HeaderMap::new(),
            &init(&serde_json::json!({})),
        ) {
            Route::New(id) => Ok(id),
            _ => Err("an initialize opens a session".to_owned()),
        };
        let mut ids = Vec::new();
        for caller in ["sub:a", "sub:a", "sub:b"] {
            let id = new(caller)?;
            let taken = sessions
                .take_up(id.clone())
                .await
                .map_err(|e| e.to_string())?;
            assert!(taken.is_some());
            ids.push(id);
        }
        let a3 = new("sub:a")?;
        let _ = sessions
            .take_up(a3.clone())
            .await
            .map_err(|e| e.to_string())?;
        let held = |id: &SessionId| sessions.held().contains_key(id);
        assert!(!held(&ids[0]) && held(&ids[1]) && held(&ids[2]) && held(&a3));
        let c = new("sub:c")?;
        let _ = sessions
            .take_up(c.clone())
            .await
            .map_err(|e| e.to_string())?;
        assert_eq!(sessions.count(), 3);
        assert!(!held(&ids[1]), "the least recently used of any");
        assert!(held(&c));
        Ok(())
    }
}
