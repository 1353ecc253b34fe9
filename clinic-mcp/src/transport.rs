//! The stdio transport: newline-delimited JSON-RPC, read and written here rather than by rmcp's
//! `AsyncRwTransport`, for six reasons.
//!
//! 1. Notifications, responses and errors that arrive before a lifecycle has started are dropped
//!    instead of ending the session, and at end of input the calls still in flight are allowed
//!    to finish (bounded) before the session ends.
//!
//!    JSON-RPC says a notification gets no answer, and MCP says a client should send nothing but
//!    pings before `initialize`. rmcp 3.11 treats any notification, response or error in that
//!    window (an early `notifications/initialized`, say) as a failed handshake and ends the
//!    connection; a client's mistake must not kill the server, so they are dropped, and logged.
//!
//!    rmcp starts a lifecycle on either of two messages: an `initialize` request, or (protocol
//!    2026-07-28, which has no `initialize`) the first request other than `ping` and `discover`
//!    that carries complete inline metadata in a version the server supports. The filter
//!    recognises both by the same test rmcp applies, and stops filtering from then on, so
//!    notifications (a `notifications/cancelled` above all) reach the server in either lifecycle.
//!
//! 2. A `tools/call` frame is read straight into rmcp's own `JsonRpcRequest<CallToolRequest>`.
//!    rmcp reads every frame by trying the variants of `ClientRequest` in turn, building and
//!    dropping about 13 serde errors before it reaches `tools/call`. Every other frame, and any
//!    `tools/call` frame the direct read refuses, goes through rmcp's own codec
//!    (`JsonRpcMessageCodec`), so what is accepted, ignored or answered `Invalid request` is
//!    rmcp's decision, unchanged.
//!
//! 3. A tool result whose only content is structured (what the server's handler returns: see
//!    `server::structured`) is written with its text block made from the same bytes: the
//!    structured content is serialised once, and the text block is those bytes escaped as a JSON
//!    string. rmcp would serialise the value, and the text the handler had made by serialising
//!    it too, so the value was written out twice and the text escaped fragment by fragment. Every
//!    other message is written by serde_json exactly as rmcp's codec writes it.
//!
//! 4. A plain `tools/call` (its parameters a tool's name and arguments, nothing else: no `_meta`)
//!    of a tool that asks nobody (not destructive), in a session that began with an `initialize`
//!    answered with a protocol before 2026-07-28, is run by the transport itself, in a task of
//!    its own, and its answer written as rmcp would write it. For
//!    such a call rmcp's serve loop does nothing but bookkeeping: a task for the request and
//!    another for the response, two cancellation tokens, a map entry, a request context and
//!    messages moved between them, a large share of a proxied call's own work (measured in
//!    docs/PERFORMANCE.md). What rmcp does that such a call can see is done here the
//!    same way: a `notifications/cancelled` for it cancels it (a read stops, a change runs to
//!    its end) and no answer is written for it; its result is shaped for a peer before
//!    2026-07-28 as rmcp shapes it (`strip_result_type_for_legacy_peer`,
//!    `strip_non_object_output_for_legacy_peer`); its handler counts in the server's shutdown
//!    drain; and `close` waits (bounded) for the answers still owed. Every other request goes to
//!    rmcp: a destructive tool (it may ask the client through rmcp's peer), a frame with
//!    metadata, a progress token, a retry's state or any other member in its parameters
//!    (`PlainCall` refuses it), a session of protocol 2026-07-28, anything before the
//!    `initialize` answer; and so does every notification, the cancellations included.
//!
//!    The HTTP transport answers a stateless plain call the same way, with the same code
//!    (`PlainCall`, `ClinicServer::call_unattended_reporting`, `plain_answer`): `http::server`
//!    says which requests it takes.
//!
//! 5. One lifecycle a connection, decided by its first `initialize`. An `initialize` after the
//!    lifecycle has started is answered `-32600 Invalid request` under its id and never reaches
//!    rmcp, which would take it: rmcp 3.11 stores a later `initialize`'s parameters as the
//!    client's (the protocol version asked for, unnegotiated, and the capabilities), so a client
//!    could renegotiate the protocol mid-session, and be offered the destructive tools by
//!    declaring `elicitation` again, although the server declares `tools.listChanged: false`.
//!    MCP's lifecycle has one initialization phase. A session of protocol 2026-07-28, begun
//!    without one, refuses an `initialize` too.
//!
//!    In a session an `initialize` began, the members of a request's `_meta` by which protocol
//!    2026-07-28 carries the client's context in every request (`io.modelcontextprotocol/`
//!    `protocolVersion`, `clientCapabilities`, `clientInfo`) are removed before rmcp reads the
//!    request: they mean nothing before 2026-07-28, and rmcp lets them override the session's
//!    (a 2026-07-28 version there made a destructive call answer with an `input_required` result,
//!    which a 2025-06-18 client cannot read, and a `ping` answer `Method not found`; declared
//!    capabilities changed what `tools/list` lists). The version negotiated and the capabilities
//!    declared at `initialize` decide, for the whole session. A session of protocol 2026-07-28
//!    keeps them: there they are the context.
//!
//! 6. Every request is answered, one the server cannot read too, and nothing shaped like a
//!    response is: JSON-RPC 2.0 answers every request (a client left without an answer waits
//!    forever), and never answers a response, so two peers cannot answer each other's errors
//!    forever (the echo storm for which rmcp, like the other SDKs, ignores what it cannot parse:
//!    rust-sdk issue 938). Each answer is written before the next line is read. rmcp's codec
//!    decides what is a message; for a line it refuses:
//!
//!    - Not JSON (RFC 8259: one value, in UTF-8): `-32700 Parse error`, with serde_json's reason
//!      (a position, never the input), under `"id": null`, as JSON-RPC 2.0 (section 5.1) asks
//!      when the id could not be read: an id picked out of broken JSON may be wrong. (rmcp: no
//!      answer.) A line with no JSON text at all, empty or blank, is no message: no answer.
//!    - JSON that is not a message (`"jsonrpc": "1.0"`, a batch, `{}`): `-32600 Invalid request`,
//!      as rmcp answers, but under the request's own id when the frame is shaped like a request
//!      (a `method`, no `result` or `error`) with one `id`, a string or an integer; under `"id":
//!      null` otherwise (rmcp: never an id, and no `id` member at all). rmcp reads an integer id
//!      as an `i64`, so ids are strings, or integers from -2^63 to 2^63 - 1; an integer id past
//!      that is refused so, under the id as sent, digit for digit, and the message names the
//!      range and says a string id has none.
//!    - JSON that serde_json does not read: nested deeper than its limit (127 arrays and
//!      objects), a number past `f64`: `-32700`, with serde_json's reason, under the request's
//!      id read as above. (rmcp: no answer.) `Parse error` rather than `Invalid request`, as the
//!      frame may be a valid request that this server could not parse (section 5.1: "an error
//!      occurred on the server while parsing the JSON text"). The id is read by `Envelope`,
//!      which looks at the top-level members only, counting nesting without recursing into it.
//!    - A line over the bound ([`MAX_LINE_BYTES`], 16 MiB, rmcp's): skipped unread to its end,
//!      then `-32700` naming the bound, under the request's id when the line's first 16 MiB show
//!      it (every client writes `jsonrpc`, `id` and `method` before `params`), else under `"id":
//!      null`. (rmcp: no answer.)
//!    - Shaped like a response (a `result` or an `error`, no `method`): whichever of these, no
//!      answer (rmcp answered some `Invalid request`).
//!
//!    A notification that cannot be read is answered under `"id": null`: whether it is one
//!    (which gets no answer) cannot be told from a frame that could not be read, and an answer
//!    under a null id is matched to no request.
//!
//! The line reading is rmcp's (bounded lines, a carriage return before the newline, empty lines
//! skipped, an incomplete last line dropped).

use crate::server::ClinicServer;
use rmcp::model::{
    CallToolRequest, CallToolResult, ClientNotification, ClientRequest, ErrorCode, ErrorData,
    GetMeta, JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, NumberOrString,
    ProtocolVersion, RequestId, ServerResult,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::{JsonRpcMessageCodec, JsonRpcMessageCodecError};
use rmcp::{RoleServer, ServerHandler};
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio_util::codec::Decoder;
use tokio_util::sync::CancellationToken;

/// The longest frame read, as rmcp's (`DEFAULT_MAX_LINE_LENGTH`): a longer one is skipped.
pub const MAX_LINE_BYTES: usize = rmcp::transport::async_rw::DEFAULT_MAX_LINE_LENGTH;

/// The server's side of a newline-delimited JSON-RPC stream (see the module's documentation).
pub struct ServerTransport<R, W> {
    read: BufReader<R>,
    /// The line being read: a read cancelled half-way leaves its bytes here for the next one.
    line: Vec<u8>,
    /// Dropping the rest of an oversized line.
    discarding: bool,
    max_line_bytes: usize,
    /// A frame was JSON but not a message: `Invalid request` is owed before the next read, and
    /// how much of it is written (`receive` can be dropped half-way: what is written stays
    /// written, and the rest is written when it is called again).
    owed: Option<(Vec<u8>, usize)>,
    write: Arc<tokio::sync::Mutex<Option<W>>>,
    /// An `initialize` request, or a request that starts the lifecycle without one, was received.
    lifecycle_started: bool,
    /// The lifecycle started with an `initialize` request.
    initialized_by_request: bool,
    /// The calls this transport runs itself may start: rmcp has answered the `initialize` that
    /// started the lifecycle with a protocol before 2026-07-28 (module documentation, 4).
    direct_ready: bool,
    /// Whether it runs any itself (`false`: every request to rmcp; for tests that compare).
    direct_allowed: bool,
    direct: Arc<Direct>,
    server: ClinicServer,
    /// At end of input, the server's calls in flight are answered (at most this long) before the
    /// session ends; `None` for a connection that does not own the server (the in-process client
    /// of the tests, one of many connections to one server).
    drain_at_end: Option<Duration>,
}

impl<R, W> std::fmt::Debug for ServerTransport<R, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerTransport")
            .field("lifecycle_started", &self.lifecycle_started)
            .field("direct_ready", &self.direct_ready)
            .field("drain_at_end", &self.drain_at_end)
            .finish_non_exhaustive()
    }
}

impl<R: AsyncRead, W> ServerTransport<R, W> {
    pub fn new(read: R, write: W, server: ClinicServer) -> Self {
        Self {
            read: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            max_line_bytes: MAX_LINE_BYTES,
            owed: None,
            write: Arc::new(tokio::sync::Mutex::new(Some(write))),
            lifecycle_started: false,
            initialized_by_request: false,
            direct_ready: false,
            direct_allowed: true,
            direct: Arc::default(),
            server,
            drain_at_end: None,
        }
    }

    /// Every request goes to rmcp, none is run by the transport itself (for tests that compare
    /// the two ways).
    #[must_use]
    pub fn all_through_rmcp(mut self) -> Self {
        self.direct_allowed = false;
        self
    }

    /// A handle on how many `tools/call` requests this transport has answered itself.
    pub fn answered_directly(&self) -> AnsweredDirectly {
        AnsweredDirectly(Arc::clone(&self.direct))
    }

    /// At end of input, let the server's calls in flight answer (at most `bound`) before the
    /// session ends, and refuse new ones: the server ends with this connection.
    #[must_use]
    pub fn draining_at_end(mut self, bound: Duration) -> Self {
        self.drain_at_end = Some(bound);
        self
    }

    /// A bound on one frame other than [`MAX_LINE_BYTES`] (for tests).
    #[must_use]
    pub fn with_max_line_bytes(mut self, max: usize) -> Self {
        self.max_line_bytes = max;
        self
    }
}

/// What one read of a line ended with.
enum LineRead {
    Line,
    /// A line over the bound, skipped; the answer owed for it, if any (see [`oversized`]).
    Oversized(Option<Vec<u8>>),
    Eof,
    Io(std::io::Error),
}

impl<R: AsyncRead + Unpin, W> ServerTransport<R, W> {
    /// Borrows only the server (`&self` across the wait would need a `Sync` reader).
    fn drain(&self) -> impl Future<Output = ()> + Send + use<R, W> {
        let (server, bound) = (self.server.clone(), self.drain_at_end);
        async move {
            if let Some(bound) = bound {
                server.drain(bound).await;
            }
        }
    }

    /// Read one `\n`-terminated line into `self.line`, never letting it grow past the bound (the
    /// rest of a longer line is dropped). Cancellation-safe: nothing is consumed from the reader
    /// without being appended, with no await in between.
    async fn read_line(&mut self) -> LineRead {
        loop {
            let available = match self.read.fill_buf().await {
                Ok(available) => available,
                Err(e) => return LineRead::Io(e),
            };
            if available.is_empty() {
                return LineRead::Eof;
            }
            let newline = memchr::memchr(b'\n', available);
            let take = newline.map_or(available.len(), |i| i + 1);
            let ended = newline.is_some();
            let outcome = if self.discarding {
                self.discarding = !ended;
                None
            } else if self.line.len().saturating_add(take) > self.max_line_bytes {
                // The line's first `max_line_bytes` are read for its id; the rest is dropped.
                let room = self.max_line_bytes.saturating_sub(self.line.len());
                self.line.extend_from_slice(&available[..room.min(take)]);
                let answer = oversized(&self.line, self.max_line_bytes);
                self.line.clear();
                self.discarding = !ended;
                Some(LineRead::Oversized(answer))
            } else {
                self.line.extend_from_slice(&available[..take]);
                ended.then_some(LineRead::Line)
            };
            self.read.consume(take);
            if let Some(outcome) = outcome {
                return outcome;
            }
        }
    }
}

impl<R, W> Transport<RoleServer> for ServerTransport<R, W>
where
    R: AsyncRead + Send + Unpin,
    W: AsyncWrite + Send + Unpin + 'static,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let JsonRpcMessage::Response(JsonRpcResponse {
            result: ServerResult::InitializeResult(init),
            ..
        }) = &item
            && self.initialized_by_request
            && !self.direct_ready
        {
            // rmcp's own test of a peer before 2026-07-28 (`handle_request`).
            self.direct_ready = self.direct_allowed
                && init.protocol_version.as_str() < ProtocolVersion::V_2026_07_28.as_str();
        }
        let frame = encode(&item);
        drop(item);
        let write = self.write.clone();
        async move { write_frame(&write, &frame?).await }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if let Some((frame, written)) = &mut self.owed {
                let mut write = self.write.lock().await;
                let write = write.as_mut()?;
                // `write` is cancellation-safe (nothing is written by a dropped call): a frame is
                // never written twice, nor cut short.
                while *written < frame.len() {
                    match write.write(&frame[*written..]).await {
                        Ok(0) | Err(_) => return None,
                        Ok(n) => *written += n,
                    }
                }
                write.flush().await.ok()?;
                self.owed = None;
            }
            match self.read_line().await {
                LineRead::Line => {}
                LineRead::Oversized(answer) => {
                    tracing::error!(
                        max_line_length = self.max_line_bytes,
                        "Incoming message exceeded the maximum line length, discarding it"
                    );
                    self.owed = answer.map(|frame| (frame, 0));
                    continue;
                }
                LineRead::Eof => {
                    // End of input: answer what is in flight before the session ends. An
                    // incomplete last line (no newline) is not a message.
                    self.drain().await;
                    return None;
                }
                LineRead::Io(e) => {
                    tracing::error!("Error reading from stream: {e}");
                    self.drain().await;
                    return None;
                }
            }
            if self.direct_ready
                && let Some(call) = plain_call(frame_of(&self.line))
                && let Some(def) = self.server.unattended(&call.params.name)
            {
                self.line.clear();
                self.spawn_direct(call.id, def, call.params.arguments.unwrap_or_default());
                continue;
            }
            let parsed = decode(&self.line);
            self.line.clear();
            let mut message = match parsed {
                Decoded::Message(message) => message,
                Decoded::Skip => continue,
                Decoded::Answer(frame) => {
                    self.owed = Some((frame, 0));
                    continue;
                }
            };
            if self.lifecycle_started
                && let JsonRpcMessage::Request(request) = &mut message
            {
                if let ClientRequest::InitializeRequest(_) = request.request {
                    // One lifecycle a connection (module documentation, 5).
                    tracing::warn!(id = %request.id, "refused an initialize: the session is already initialized");
                    self.owed = Some((already_initialized(&request.id), 0));
                    continue;
                }
                if self.initialized_by_request {
                    without_inline_context(&mut request.request);
                }
            }
            if !self.lifecycle_started {
                match &message {
                    JsonRpcMessage::Notification(_) => {
                        tracing::debug!("dropped a notification sent before initialize");
                        continue;
                    }
                    JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_) => {
                        tracing::debug!("dropped a response or error sent before initialize");
                        continue;
                    }
                    JsonRpcMessage::Request(r) => {
                        self.lifecycle_started = starts_lifecycle(&self.server, &r.request);
                        self.initialized_by_request = self.lifecycle_started
                            && matches!(r.request, ClientRequest::InitializeRequest(_));
                    }
                }
            }
            self.note_cancellation(&message);
            return Some(message);
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        // The answers of the calls run here, as rmcp lets its handlers' answers out before it
        // closes (bounded the same way).
        self.direct.settle(SETTLE_AT_CLOSE).await;
        drop(self.write.lock().await.take());
        Ok(())
    }
}

/// How long `close` waits for the answers of calls the transport runs itself (rmcp's own bound
/// for its handlers' answers at end of input).
const SETTLE_AT_CLOSE: Duration = Duration::from_secs(5);

impl<R, W> ServerTransport<R, W>
where
    W: AsyncWrite + Send + Unpin + 'static,
{
    /// A `notifications/cancelled` naming a call this transport runs cancels it (the notification
    /// goes on to rmcp too, which knows no such request and drops it).
    fn note_cancellation(&self, message: &RxJsonRpcMessage<RoleServer>) {
        if let JsonRpcMessage::Notification(JsonRpcNotification {
            notification: ClientNotification::CancelledNotification(cancelled),
            ..
        }) = message
            && let Some(id) = &cancelled.params.request_id
        {
            self.direct.cancel(id);
        }
    }

    /// Run the call `id` of `def` with `args` in a task of its own, which writes its answer.
    fn spawn_direct(
        &self,
        id: RequestId,
        def: &'static crate::tool::ToolDef,
        args: serde_json::Map<String, serde_json::Value>,
    ) {
        tracing::debug!(%id, tool = def.name, "tools/call run by the transport");
        let token = CancellationToken::new();
        let key = Key::of(&id);
        self.direct.start(key.clone(), token.clone());
        let (server, direct, write) = (
            self.server.clone(),
            Arc::clone(&self.direct),
            Arc::clone(&self.write),
        );
        tokio::spawn(async move {
            let response = server.call_unattended(def, args, token.cancelled()).await;
            if direct.is_live(&key) {
                let written = match plain_answer(id, response) {
                    Ok(mut frame) => {
                        frame.push(b'\n');
                        write_frame(&write, &frame).await
                    }
                    Err(e) => Err(e),
                };
                match written {
                    Ok(()) => {
                        direct.answered.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(error) => tracing::error!(%error, "fail to response message"),
                }
            } else {
                tracing::debug!(%id, "dropping response for cancelled request");
            }
            direct.finish(&key);
        });
    }
}

/// A request id, ordered (rmcp's has no order).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(i64),
    String(Arc<str>),
}

impl Key {
    fn of(id: &RequestId) -> Self {
        match id {
            NumberOrString::Number(n) => Self::Number(*n),
            NumberOrString::String(s) => Self::String(Arc::clone(s)),
        }
    }
}

/// The `tools/call` requests a transport runs itself that have not ended.
#[derive(Debug, Default)]
struct Direct {
    /// Each call's cancellation, by its request id. A call cancelled by the client leaves it at
    /// once (its answer is not written); any other when its answer is written.
    calls: std::sync::Mutex<BTreeMap<Key, CancellationToken>>,
    /// Woken when the last one leaves.
    idle: tokio::sync::Notify,
    /// How many were answered.
    answered: AtomicUsize,
    /// How many times `close` stopped waiting for them at its bound.
    given_up: AtomicUsize,
}

impl Direct {
    fn calls(&self) -> std::sync::MutexGuard<'_, BTreeMap<Key, CancellationToken>> {
        // Nothing panics while holding it; a poisoned map is still a map.
        self.calls
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn start(&self, key: Key, token: CancellationToken) {
        // A second request with the id of one in flight takes its place, as in rmcp's map: the
        // first to end answers, the other is not answered.
        self.calls().insert(key, token);
    }

    fn is_live(&self, key: &Key) -> bool {
        self.calls().contains_key(key)
    }

    /// The call of `id` was cancelled by the client: it stops (a read), and is not answered.
    fn cancel(&self, id: &RequestId) {
        if let Some(token) = self.take(&Key::of(id)) {
            tracing::info!(%id, "cancelled");
            token.cancel();
        }
    }

    /// The call `key` ended (its answer written, or not to be).
    fn finish(&self, key: &Key) {
        self.take(key);
    }

    /// `key`'s call off the list; `close` is woken when it was the last.
    fn take(&self, key: &Key) -> Option<CancellationToken> {
        let mut calls = self.calls();
        let token = calls.remove(key);
        let last = token.is_some() && calls.is_empty();
        drop(calls);
        if last {
            self.idle.notify_waiters();
        }
        token
    }

    /// Until no call is in flight, at most `bound`; then those left are cancelled.
    async fn settle(&self, bound: Duration) {
        let wait = async {
            loop {
                // Registered before the check, so a call ending in between still wakes us.
                let idle = self.idle.notified();
                if self.calls().is_empty() {
                    return;
                }
                idle.await;
            }
        };
        if tokio::time::timeout(bound, wait).await.is_err() {
            self.given_up.fetch_add(1, Ordering::Relaxed);
            let left = std::mem::take(&mut *self.calls());
            tracing::warn!(
                calls = left.len(),
                "closing: calls still in flight after {bound:?}; abandoning them"
            );
            for token in left.values() {
                token.cancel();
            }
        }
    }
}

/// How many `tools/call` requests a transport has answered itself (see
/// [`ServerTransport::answered_directly`]).
#[derive(Debug, Clone)]
pub struct AnsweredDirectly(Arc<Direct>);

impl AnsweredDirectly {
    pub fn count(&self) -> usize {
        self.0.answered.load(Ordering::Relaxed)
    }

    /// How many times `close` gave up waiting for answers still owed (at its 5 s bound).
    pub fn given_up_at_close(&self) -> usize {
        self.0.given_up.load(Ordering::Relaxed)
    }
}

/// A JSON-RPC error answer (with its newline) under `id`, the JSON text of a request's id as it
/// will be written (`None`: `null`, the id JSON-RPC 2.0 gives an answer to a request whose id
/// could not be read).
fn error_frame(id: Option<&str>, code: ErrorCode, message: String) -> Vec<u8> {
    let error = ErrorData::new(code, message, None);
    let mut frame = Vec::with_capacity(128);
    frame.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    frame.extend_from_slice(id.unwrap_or("null").as_bytes());
    frame.extend_from_slice(b",\"error\":");
    // A code, a string and no data: it serialises.
    frame.extend_from_slice(&serde_json::to_vec(&error).unwrap_or_default());
    frame.extend_from_slice(b"}\n");
    frame
}

/// The answer to an `initialize` in a session that has begun (module documentation, 5).
fn already_initialized(id: &RequestId) -> Vec<u8> {
    let id = serde_json::to_string(id).unwrap_or_else(|_| "null".to_owned());
    error_frame(
        Some(&id),
        ErrorCode::INVALID_REQUEST,
        "Invalid request: this session is already initialized, and a second initialize changes nothing (the protocol version and the client's capabilities are those of the first)".to_owned(),
    )
}

/// The members of a request's `_meta` by which protocol 2026-07-28 carries, in each request, what
/// an `initialize` carries once (its version, the client's capabilities and identity).
const INLINE_CONTEXT: [&str; 3] = [
    "io.modelcontextprotocol/protocolVersion",
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/clientInfo",
];

/// `request` without the [`INLINE_CONTEXT`] members of its metadata, in a session an
/// `initialize` began (module documentation, 5).
fn without_inline_context(request: &mut ClientRequest) {
    // Looked at first: `get_meta_mut` inserts an empty map into a request that has none.
    let meta = request.get_meta();
    if !INLINE_CONTEXT.iter().any(|key| meta.contains_key(*key)) {
        return;
    }
    let meta: &mut rmcp::model::JsonObject = request.get_meta_mut();
    for key in INLINE_CONTEXT {
        if meta.remove(key).is_some() {
            tracing::debug!(
                key,
                "ignored a request's metadata: the session's initialize decides"
            );
        }
    }
}

async fn write_frame<W: AsyncWrite + Unpin>(
    write: &tokio::sync::Mutex<Option<W>>,
    frame: &[u8],
) -> std::io::Result<()> {
    let mut write = write.lock().await;
    let Some(write) = write.as_mut() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "Transport is closed",
        ));
    };
    write.write_all(frame).await?;
    write.flush().await
}

/// What one line held.
#[derive(Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per frame and moved straight on: boxing would add an allocation"
)]
enum Decoded {
    Message(RxJsonRpcMessage<RoleServer>),
    /// Nothing to act on: a line with no JSON text, a notification rmcp ignores, or a frame shaped
    /// like a response that could not be read.
    Skip,
    /// Not a message: this error answer is owed (module documentation, 6).
    Answer(Vec<u8>),
}

/// One line (with its newline) as a message: a `tools/call` read directly, anything else (and a
/// `tools/call` the direct read refuses) by rmcp's codec.
fn decode(line: &[u8]) -> Decoded {
    let frame = frame_of(line);
    if frame.iter().all(|b| JSON_WHITESPACE.contains(b)) {
        return Decoded::Skip;
    }
    if let Some(call) = tool_call(frame) {
        return Decoded::Message(call);
    }
    // The line as read (rmcp's codec takes off the newline and a carriage return itself).
    let mut buffer = tokio_util::bytes::BytesMut::from(line);
    if !line.ends_with(b"\n") {
        buffer.extend_from_slice(b"\n");
    }
    match JsonRpcMessageCodec::<RxJsonRpcMessage<RoleServer>>::default().decode(&mut buffer) {
        Ok(Some(message)) => Decoded::Message(message),
        Ok(None) => Decoded::Skip,
        Err(JsonRpcMessageCodecError::Serde(e)) => refused(frame, &e),
        Err(e) => {
            tracing::debug!("Ignoring an incoming message: {e}");
            Decoded::Skip
        }
    }
}

/// A line without its newline (and a carriage return before it).
fn frame_of(line: &[u8]) -> &[u8] {
    let frame = line.strip_suffix(b"\n").unwrap_or(line);
    frame.strip_suffix(b"\r").unwrap_or(frame)
}

/// The bytes JSON counts as whitespace (RFC 8259, section 2).
const JSON_WHITESPACE: [u8; 4] = [b' ', b'\t', b'\n', b'\r'];

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What is owed for a frame rmcp's codec refused with `error` (module documentation, 6).
fn refused(frame: &[u8], error: &serde_json::Error) -> Decoded {
    use serde_json::error::Category;
    let frame = frame.strip_prefix(BYTE_ORDER_MARK).unwrap_or(frame);
    let (code, message) = match error.classify() {
        // JSON, but not a message.
        Category::Data | Category::Io => (ErrorCode::INVALID_REQUEST, None),
        // JSON that serde_json does not read: nested deeper than its limit, a number past f64.
        Category::Syntax | Category::Eof if is_json(frame) => (
            ErrorCode::PARSE_ERROR,
            Some(format!("Parse error: {error}")),
        ),
        // Not JSON: nothing in it can be trusted to be an id.
        Category::Syntax | Category::Eof => {
            tracing::debug!("Unparsable incoming message: {error}");
            return Decoded::Answer(error_frame(
                None,
                ErrorCode::PARSE_ERROR,
                format!("Parse error: {error}"),
            ));
        }
    };
    tracing::debug!("Protocol error on incoming message: {error}");
    let envelope = Envelope::of(frame);
    if envelope.is_response() {
        return Decoded::Skip;
    }
    let id = envelope.request_id(frame);
    let message = match (&message, &id) {
        (Some(message), _) => message.clone(),
        (None, Some(id)) if !id.starts_with('"') && id.parse::<i64>().is_err() => format!(
            "Invalid request: an integer id must be within {}..={} (a string id has no such bound)",
            i64::MIN,
            i64::MAX
        ),
        (None, _) => "Invalid request".to_owned(),
    };
    Decoded::Answer(error_frame(id.as_deref(), code, message))
}

/// Whether `frame` is one JSON text (RFC 8259: UTF-8), read without serde_json's nesting limit.
fn is_json(frame: &[u8]) -> bool {
    // `IgnoredAny` is read by serde_json's `ignore_value`, which keeps its own stack: no limit,
    // and no recursion.
    std::str::from_utf8(frame)
        .is_ok_and(|text| serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok())
}

/// The answer owed for a line longer than `bound`, skipped unread, of which `start` is the first
/// `bound` bytes: `-32700` under the request's id when `start` shows it, or `None` when `start` is
/// a response's (module documentation, 6).
fn oversized(start: &[u8], bound: usize) -> Option<Vec<u8>> {
    let start = start.strip_prefix(BYTE_ORDER_MARK).unwrap_or(start);
    let envelope = Envelope::of(start);
    if envelope.is_response() {
        return None;
    }
    Some(error_frame(
        envelope.request_id(start).as_deref(),
        ErrorCode::PARSE_ERROR,
        format!(
            "Parse error: the message is longer than {bound} bytes, the most this server reads; it was skipped unread"
        ),
    ))
}

/// The members at the top level of a frame that say what it is, read without building anything
/// and without recursion, so also from a frame serde_json refuses (nested too deep) and from the
/// start of a line cut at the line bound (a member cut off is not seen). A frame is read as far
/// as it is well formed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Envelope {
    /// The last `id` member's value, as written (its byte range in the frame).
    id: Option<std::ops::Range<usize>>,
    /// How many `id` members there were.
    ids: usize,
    method: bool,
    /// A `result` or an `error` member.
    outcome: bool,
}

impl Envelope {
    fn of(frame: &[u8]) -> Self {
        let mut envelope = Self::default();
        let mut at = skip_whitespace(frame, 0);
        if frame.get(at) != Some(&b'{') {
            return envelope;
        }
        at += 1;
        loop {
            at = skip_whitespace(frame, at);
            if frame.get(at) != Some(&b'"') {
                return envelope;
            }
            let Some(end) = string_end(frame, at) else {
                return envelope;
            };
            let key = member_name(&frame[at..end]);
            at = skip_whitespace(frame, end);
            if frame.get(at) != Some(&b':') {
                return envelope;
            }
            at = skip_whitespace(frame, at + 1);
            match key.as_deref() {
                Some("id") => envelope.ids += 1,
                Some("method") => envelope.method = true,
                Some("result" | "error") => envelope.outcome = true,
                _ => {}
            }
            let Some(end) = value_end(frame, at) else {
                return envelope;
            };
            if key.as_deref() == Some("id") {
                envelope.id = Some(at..end);
            }
            at = skip_whitespace(frame, end);
            if frame.get(at) != Some(&b',') {
                return envelope;
            }
            at += 1;
        }
    }

    /// Shaped like a response (a `result` or an `error`, no `method`): never answered.
    fn is_response(&self) -> bool {
        self.outcome && !self.method
    }

    /// The id to answer under, as JSON text: that of a frame shaped like a request (a `method`,
    /// no `result` or `error`) with one `id`, a string or an integer (of any size, written as
    /// sent); `None` for any other.
    fn request_id(&self, frame: &[u8]) -> Option<String> {
        if !self.method || self.outcome || self.ids != 1 {
            return None;
        }
        let raw = frame.get(self.id.clone()?)?;
        if raw.first() == Some(&b'"') {
            // Written again by serde_json: the same string, and valid JSON even when read from
            // the unchecked start of an oversized line.
            let id: String = serde_json::from_slice(raw).ok()?;
            return serde_json::to_string(&id).ok();
        }
        let digits = raw.strip_prefix(b"-").unwrap_or(raw);
        let integer = match digits {
            [b'0'] => true,
            [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
            _ => false,
        };
        // ASCII digits: UTF-8.
        integer.then(|| String::from_utf8_lossy(raw).into_owned())
    }
}

/// The name of a member whose key, a JSON string as written, is `raw`.
fn member_name(raw: &[u8]) -> Option<std::borrow::Cow<'_, str>> {
    let inner = raw.get(1..raw.len().checked_sub(1)?)?;
    if inner.contains(&b'\\') {
        serde_json::from_slice::<String>(raw)
            .ok()
            .map(std::borrow::Cow::Owned)
    } else {
        std::str::from_utf8(inner)
            .ok()
            .map(std::borrow::Cow::Borrowed)
    }
}

fn skip_whitespace(frame: &[u8], at: usize) -> usize {
    frame
        .get(at..)
        .and_then(|rest| rest.iter().position(|b| !JSON_WHITESPACE.contains(b)))
        .map_or(frame.len(), |n| at + n)
}

/// Past the end of the string that opens at `at` (a `"`), or `None` if it is not closed.
fn string_end(frame: &[u8], at: usize) -> Option<usize> {
    let mut at = at + 1;
    loop {
        at += memchr::memchr2(b'"', b'\\', frame.get(at..)?)?;
        if frame[at] == b'"' {
            return Some(at + 1);
        }
        // An escape: the byte after the backslash is not the string's end.
        at += 2;
    }
}

/// Past the end of the value that starts at `at`, or `None` if it is cut off or malformed.
/// Nesting is counted, not recursed into.
fn value_end(frame: &[u8], mut at: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        at = skip_whitespace(frame, at);
        match *frame.get(at)? {
            b'"' => at = string_end(frame, at)?,
            b'{' | b'[' => {
                depth += 1;
                at += 1;
                continue;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                at += 1;
            }
            b',' | b':' if depth > 0 => {
                at += 1;
                continue;
            }
            _ => {
                // A number, `true`, `false` or `null`: to the next delimiter, which a whole frame
                // always has after it (a value running to the end was cut off).
                let length = frame[at..].iter().position(|b| {
                    JSON_WHITESPACE.contains(b)
                        || matches!(b, b',' | b':' | b'{' | b'}' | b'[' | b']' | b'"')
                })?;
                if length == 0 {
                    return None;
                }
                at += length;
            }
        }
        if depth == 0 {
            return Some(at);
        }
    }
}

/// A `tools/call` request read straight into rmcp's own types, or `None` to leave the frame to
/// rmcp's codec. rmcp refuses a request that also has a `result` or `error` member; a frame
/// naming either anywhere is left to it, so this way accepts nothing rmcp's would not.
fn tool_call(frame: &[u8]) -> Option<RxJsonRpcMessage<RoleServer>> {
    let call: JsonRpcRequest<CallToolRequest> = crate::json::from_bytes(call_frame(frame)?).ok()?;
    Some(JsonRpcMessage::Request(JsonRpcRequest {
        jsonrpc: call.jsonrpc,
        id: call.id,
        request: ClientRequest::CallToolRequest(call.request),
    }))
}

/// A `tools/call` with nothing but a tool's name and its arguments in its parameters: no
/// metadata, no retry's state or answers, no member rmcp would ignore. Read by serde's derive
/// straight from the frame, where rmcp's reader first buffers the members of a request (it
/// flattens the method and parameters into it, and takes `_meta` out of them), which saves that
/// buffering on every call (docs/PERFORMANCE.md). Its members are read with rmcp's own types,
/// and a frame it reads is one rmcp's codec reads as the same call
/// (`a_plain_call_is_the_call_rmcp_reads`, for any frame).
#[derive(Debug, serde::Deserialize)]
pub(crate) struct PlainCall {
    #[allow(dead_code, reason = "read to be checked, as rmcp checks it")]
    jsonrpc: rmcp::model::JsonRpcVersion2_0,
    pub(crate) id: RequestId,
    #[allow(dead_code, reason = "read to be checked, as rmcp checks it")]
    method: rmcp::model::CallToolRequestMethod,
    pub(crate) params: PlainParams,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlainParams {
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) arguments: Option<rmcp::model::JsonObject>,
}

/// `frame` as a [`PlainCall`], or `None` to read it the other ways.
fn plain_call(frame: &[u8]) -> Option<PlainCall> {
    crate::json::from_bytes(call_frame(frame)?).ok()
}

/// An HTTP request's `body` as a [`PlainCall`], or `None`. rmcp's HTTP server reads a body with
/// `serde_json::from_slice`, which refuses a byte order mark (its stdio codec strips one), so a
/// body starting with one is left to rmcp too.
#[cfg(feature = "http")]
pub(crate) fn plain_call_in_body(body: &[u8]) -> Option<PlainCall> {
    if body.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    plain_call(body)
}

/// `frame` (without a byte order mark) if it names `tools/call` and neither `result` nor `error`.
fn call_frame(frame: &[u8]) -> Option<&[u8]> {
    use memchr::memmem::Finder;
    use std::sync::LazyLock;
    // Built once: a searcher's set-up costs more than searching a frame.
    static NEEDLES: LazyLock<[Finder<'static>; 3]> = LazyLock::new(|| {
        [
            Finder::new(b"\"tools/call\""),
            Finder::new(b"\"result\""),
            Finder::new(b"\"error\""),
        ]
    });
    let [call, result, error] = &*NEEDLES;
    let frame = frame.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(frame);
    let named = call.find(frame).is_some();
    (named && result.find(frame).is_none() && error.find(frame).is_none()).then_some(frame)
}

/// The answer to the plain call `id` whose handler answered `response`, shaped for a peer of a
/// protocol before 2026-07-28 as rmcp's handler shapes it (`strip_result_type_for_legacy_peer`,
/// `strip_non_object_output_for_legacy_peer`) and written as rmcp writes it ([`encode`]), without
/// the newline. Shared by the stdio transport's direct calls and the HTTP transport's.
pub(crate) fn plain_answer(
    id: RequestId,
    response: rmcp::model::CallToolResponse,
) -> std::io::Result<Vec<u8>> {
    let mut result = ServerResult::from(response);
    result.strip_result_type_for_legacy_peer();
    result.strip_non_object_output_for_legacy_peer();
    message_bytes(&TxJsonRpcMessage::<RoleServer>::response(result, id))
}

/// One message as a frame (with its newline).
fn encode(item: &TxJsonRpcMessage<RoleServer>) -> std::io::Result<Vec<u8>> {
    let mut frame = message_bytes(item)?;
    frame.push(b'\n');
    Ok(frame)
}

/// One message's JSON, as rmcp writes it: a structured answer held by the server
/// (`server::answered`) serialised once, with its text block made of the same bytes.
fn message_bytes(item: &TxJsonRpcMessage<RoleServer>) -> std::io::Result<Vec<u8>> {
    // The server's answers hold their JSON (`server::answered`): written as it is. Every other
    // message, as rmcp writes it.
    let held = match item {
        JsonRpcMessage::Response(JsonRpcResponse {
            id,
            result: ServerResult::CallToolResult(result),
            ..
        }) if result.content.is_empty() => result
            .structured_content
            .as_ref()
            .and_then(crate::server::held_json)
            .map(|(json, text)| (id, result, json, text)),
        _ => None,
    };
    let mut frame;
    match held {
        Some((id, result, json, text)) => {
            frame = Vec::with_capacity(json.len() + text.len() + 128);
            tool_result(&mut frame, id, result, json, text)?;
        }
        None => {
            frame = Vec::with_capacity(512);
            serde_json::to_writer(&mut frame, item)?;
        }
    }
    Ok(frame)
}

/// A response carrying `result`, whose only content is structured, `json`: written as that
/// content, and as a text block whose string is `text` (`json` escaped, as `crate::output` writes
/// it); the members and their order are those rmcp writes for the same result with the text block
/// in it.
fn tool_result(
    frame: &mut Vec<u8>,
    id: &RequestId,
    result: &CallToolResult,
    json: &str,
    text: &str,
) -> serde_json::Result<()> {
    frame.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    serde_json::to_writer(&mut *frame, id)?;
    frame.extend_from_slice(b",\"result\":{");
    if let Some(result_type) = &result.result_type {
        frame.extend_from_slice(b"\"resultType\":");
        serde_json::to_writer(&mut *frame, result_type)?;
        frame.push(b',');
    }
    frame.extend_from_slice(b"\"content\":[{\"type\":\"text\",\"text\":\"");
    frame.extend_from_slice(text.as_bytes());
    frame.extend_from_slice(b"\"}],\"structuredContent\":");
    frame.extend_from_slice(json.as_bytes());
    if let Some(is_error) = result.is_error {
        frame.extend_from_slice(if is_error {
            b",\"isError\":true"
        } else {
            b",\"isError\":false"
        });
    }
    if let Some(meta) = &result.meta {
        frame.extend_from_slice(b",\"_meta\":");
        serde_json::to_writer(&mut *frame, meta)?;
    }
    frame.extend_from_slice(b"}}");
    Ok(())
}

/// Whether rmcp 3.11 starts a lifecycle on `request` (its own test, in `serve_server`): an
/// `initialize`, or a request other than `ping` and `discover` whose inline metadata is complete
/// and names a protocol version `server` supports. Anything else leaves rmcp waiting.
fn starts_lifecycle(server: &ClinicServer, request: &ClientRequest) -> bool {
    match request {
        ClientRequest::InitializeRequest(_) => true,
        ClientRequest::PingRequest(_) | ClientRequest::DiscoverRequest(_) => false,
        other => {
            let meta = other.get_meta();
            meta.missing_required_keys(&ProtocolVersion::V_2026_07_28)
                .is_empty()
                && meta
                    .protocol_version()
                    .is_some_and(|v| server.supported_protocol_versions().contains(&v))
        }
    }
}

/// stdin/stdout as the transport of `server`.
///
/// When both are pipes (as when an MCP client spawns the server) they are read and written through
/// tokio's non-blocking pipe types, on the runtime's own thread; otherwise (a terminal, a file)
/// through `tokio::io::stdin`/`stdout`, which hand every read and write to a blocking thread.
pub fn stdio(server: ClinicServer, drain_bound: Duration) -> impl Transport<RoleServer> {
    let (read, write) = pipes().unwrap_or_else(|| {
        let (stdin, stdout) = rmcp::transport::stdio();
        (Box::new(stdin) as Reader, Box::new(stdout) as Writer)
    });
    ServerTransport::new(read, write, server).draining_at_end(drain_bound)
}

type Reader = Box<dyn tokio::io::AsyncRead + Send + Unpin>;
type Writer = Box<dyn tokio::io::AsyncWrite + Send + Unpin>;

#[cfg(unix)]
fn pipes() -> Option<(Reader, Writer)> {
    use std::os::fd::AsFd;
    use tokio::net::unix::pipe;
    let dup =
        |fd: std::os::fd::BorrowedFd<'_>| fd.try_clone_to_owned().ok().map(std::fs::File::from);
    let read = pipe::Receiver::from_file(dup(std::io::stdin().as_fd())?).ok()?;
    let write = pipe::Sender::from_file(dup(std::io::stdout().as_fd())?).ok()?;
    tracing::debug!("stdin and stdout are pipes: serving them without blocking threads");
    Some((Box::new(read), Box::new(write)))
}

#[cfg(not(unix))]
fn pipes() -> Option<(Reader, Writer)> {
    None
}

/// Keeps one timer pending at all times, due no later than any request's timeout set after it,
/// so that setting a request's timeout never wakes tokio's timer driver.
///
/// tokio wakes its driver (a `write` to the runtime's eventfd) whenever a timer is set earlier
/// than the earliest one it planned to wake for, and after a park with no timer pending that is
/// any timer: each call made one at a time paid that system call, to wake a thread that was
/// already awake (over HTTP twice: the request's deadline and its upstream request's timeout).
/// With this timer pending (it fires every `period`, the request timeout), a timeout of at least
/// `period` is due at least as late as it, and the driver takes it in at its next park. A request
/// whose timeout was cut to what is left of its call's deadline still wakes the driver, as
/// before: this is a saving, never a condition of any timeout firing. `period` is at least 1 ms
/// (`--timeout-ms` refuses 0).
pub(crate) async fn keep_a_timer_pending(period: Duration) {
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn rmcp_decode(frame: &[u8]) -> Option<RxJsonRpcMessage<RoleServer>> {
        let mut buffer = tokio_util::bytes::BytesMut::from(frame);
        buffer.extend_from_slice(b"\n");
        JsonRpcMessageCodec::<RxJsonRpcMessage<RoleServer>>::default()
            .decode(&mut buffer)
            .ok()
            .flatten()
    }

    /// A message as rmcp writes it back (its metadata included, from the request's extensions).
    fn written(message: &RxJsonRpcMessage<RoleServer>) -> Value {
        serde_json::to_value(message).unwrap_or_default()
    }

    #[test]
    fn a_tool_call_read_directly_is_what_rmcp_reads() {
        let frames = [
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":"a-7","method":"tools/call","params":{"name":"book","arguments":{"slot":"2026-12-01T09:00:00Z","n":1.5,"x":[1,{"y":null}]}}}"#,
            r#"{"method":"tools/call","params":{"_meta":{"progressToken":3,"io.modelcontextprotocol/protocolVersion":"2026-07-28"},"name":"x"},"id":1,"jsonrpc":"2.0","extra":true}"#,
            r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"cancel_appointment","arguments":{"id":1},"requestState":"s","inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}}}}"#,
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}",
        ];
        for frame in frames {
            let direct = tool_call(frame.as_bytes());
            let Some(direct) = direct else {
                panic!("not read directly: {frame}");
            };
            let Some(rmcp) = rmcp_decode(frame.as_bytes()) else {
                panic!("rmcp does not read: {frame}");
            };
            assert_eq!(written(&direct), written(&rmcp), "{frame}");
            let JsonRpcMessage::Request(JsonRpcRequest {
                request: ClientRequest::CallToolRequest(call),
                ..
            }) = &rmcp
            else {
                panic!("rmcp read another message: {frame}");
            };
            let _ = call;
        }
    }

    /// JSON members a `tools/call` frame's parameters may hold, well formed or not.
    fn param_member() -> impl Strategy<Value = String> {
        let name = "[a-z_\\\\\"\u{e9}]{0,6}".prop_map(|n| format!("\"name\":{}", json!(n)));
        prop_oneof![
            4 => name,
            1 => Just(r#""name":7"#.to_owned()),
            3 => Just(r#""arguments":{}"#.to_owned()),
            2 => Just(r#""arguments":{"specialty":"Cardiology","n":[1,2.5,null],"n":-0}"#.to_owned()),
            1 => Just(r#""arguments":null"#.to_owned()),
            1 => Just(r#""arguments":[]"#.to_owned()),
            1 => Just(r#""_meta":{"progressToken":1}"#.to_owned()),
            1 => Just(r#""_meta":null"#.to_owned()),
            1 => Just(r#""inputResponses":{}"#.to_owned()),
            1 => Just(r#""requestState":"s""#.to_owned()),
            1 => Just(r#""other":true"#.to_owned()),
        ]
    }

    /// JSON members of a request frame, with parameters made of `param_member`s.
    fn frame_member() -> impl Strategy<Value = String> {
        let params = prop::collection::vec(param_member(), 0..5)
            .prop_map(|members| format!("\"params\":{{{}}}", members.join(",")));
        prop_oneof![
            4 => Just(r#""jsonrpc":"2.0""#.to_owned()),
            1 => Just(r#""jsonrpc":"1.0""#.to_owned()),
            3 => (0i64..1000).prop_map(|id| format!("\"id\":{id}")),
            1 => "[a-z\\\\\"]{0,4}".prop_map(|id| format!("\"id\":{}", json!(id))),
            1 => Just(r#""id":null"#.to_owned()),
            1 => Just(r#""id":1.5"#.to_owned()),
            4 => Just(r#""method":"tools/call""#.to_owned()),
            1 => Just(r#""method":"tools/list""#.to_owned()),
            4 => params,
            1 => Just(r#""params":null"#.to_owned()),
            1 => Just(r#""_meta":{"progressToken":1}"#.to_owned()),
            1 => Just(r#""extra":[1]"#.to_owned()),
        ]
    }

    proptest! {
        /// What the transport reads as a plain call (to run it itself) is what rmcp's codec reads:
        /// a `tools/call` of that id, name and arguments, with no metadata, retry's state or
        /// answers.
        #[test]
        fn a_plain_call_is_the_call_rmcp_reads(
            members in prop::collection::vec(frame_member(), 3..7),
        ) {
            let frame = format!("{{{}}}", members.join(","));
            if let Some(plain) = plain_call(frame.as_bytes()) {
                let rmcp = rmcp_decode(frame.as_bytes());
                let Some(JsonRpcMessage::Request(JsonRpcRequest {
                    id,
                    request: ClientRequest::CallToolRequest(call),
                    ..
                })) = rmcp
                else {
                    panic!("rmcp does not read a tools/call from {frame}: {rmcp:?}");
                };
                prop_assert_eq!(id, plain.id, "{}", frame);
                prop_assert_eq!(call.params.name.as_ref(), plain.params.name.as_str());
                prop_assert_eq!(call.params.arguments, plain.params.arguments);
                prop_assert!(call.params.meta.is_none() && call.extensions.is_empty());
                prop_assert!(call.params.input_responses.is_none());
                prop_assert!(call.params.request_state.is_none());
            }
        }
    }

    #[test]
    fn plain_calls_are_read_and_any_other_frame_is_not() {
        for frame in [
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
            r#"{"method":"tools/call","params":{"name":"x"},"id":"a","jsonrpc":"2.0","extra":1}"#,
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":null}}",
        ] {
            assert!(plain_call(frame.as_bytes()).is_some(), "{frame}");
        }
        for frame in [
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","_meta":{}}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","requestState":"s"}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","inputResponses":{}}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","other":1}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"},"result":{}}"#,
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":7,"id":8,"method":"tools/call","params":{"name":"x"}}"#,
        ] {
            assert!(plain_call(frame.as_bytes()).is_none(), "{frame}");
        }
    }

    #[test]
    fn frames_rmcp_would_refuse_or_read_otherwise_are_left_to_it() {
        for frame in [
            // a result member: rmcp refuses the frame as a request
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"error":{}}"#,
            // no id: a notification
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}"#,
            // params without a name
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"name":"tools/call"}}"#,
        ] {
            assert!(tool_call(frame.as_bytes()).is_none(), "{frame}");
        }
    }

    /// The answer owed for `line`, parsed (`None`: nothing is owed).
    fn answer(line: &[u8]) -> Option<Value> {
        match decode(line) {
            Decoded::Answer(frame) => {
                assert_eq!(frame.last(), Some(&b'\n'));
                let answer: Value = serde_json::from_slice(&frame)
                    .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&frame)));
                assert_eq!(answer["jsonrpc"], json!("2.0"));
                assert!(answer.get("result").is_none());
                Some(answer)
            }
            Decoded::Skip => None,
            Decoded::Message(m) => panic!("{}: read as {m:?}", String::from_utf8_lossy(line)),
        }
    }

    #[test]
    fn decode_keeps_rmcp_s_messages_and_answers_every_other_request() {
        for empty in [&b"\n"[..], b"\r\n", b"  \t \n", b""] {
            assert!(matches!(decode(empty), Decoded::Skip));
        }
        // Not JSON: `Parse error` under a null id, whatever it looks like.
        for line in [
            &b"{not json\n"[..],
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"\n",
            b"\xff\n",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} x\n",
        ] {
            let answer = answer(line);
            let answer = answer.unwrap_or_else(|| panic!("{line:?}"));
            assert_eq!(answer["error"]["code"], json!(-32700), "{answer}");
            assert_eq!(answer.get("id"), Some(&Value::Null), "{answer}");
        }
        // JSON, not a message: `Invalid request`, under the id of a frame shaped like a request.
        for (line, id) in [
            (&b"{\"hello\":1}\n"[..], Value::Null),
            (b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"},\"result\":{}}\n", Value::Null),
            (b"{\"jsonrpc\":\"1.0\",\"id\":\"a\\u0062\",\"method\":\"ping\"}\n", json!("ab")),
            (b"\xEF\xBB\xBF{\"jsonrpc\":\"1.0\",\"\\u0069d\":-7,\"method\":\"ping\"}\n", json!(-7)),
        ] {
            let answer = answer(line).unwrap_or_else(|| panic!("{line:?}"));
            assert_eq!(answer["error"]["code"], json!(-32600), "{answer}");
            assert_eq!(answer["error"]["message"], json!("Invalid request"));
            assert_eq!(answer.get("id"), Some(&id), "{answer}");
        }
        // An integer id out of rmcp's range: under the id as sent, the range named.
        let Decoded::Answer(frame) =
            decode(b"{\"jsonrpc\":\"2.0\",\"id\":-99999999999999999999,\"method\":\"ping\"}\n")
        else {
            panic!("no answer");
        };
        let frame = String::from_utf8_lossy(&frame);
        assert!(
            frame.starts_with(r#"{"jsonrpc":"2.0","id":-99999999999999999999,"error":{"code":-32600,"message":"Invalid request: an integer id must be within -9223372036854775808..=9223372036854775807"#),
            "{frame}"
        );
        // Shaped like a response: never answered. (rmcp reads an error under a null id as an
        // error, which it drops.)
        for line in [
            &b"{\"jsonrpc\":\"2.0\",\"result\":{}}\n"[..],
            b"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"result\":{}}\n",
            b"{\"jsonrpc\":\"2.0\",\"id\":{},\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}\n",
        ] {
            assert_eq!(answer(line), None, "{line:?}");
        }
        assert!(matches!(
            decode(b"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}\n"),
            Decoded::Message(JsonRpcMessage::Error(_))
        ));
        // a notification of another protocol: rmcp reads it (as a custom notification)
        assert!(matches!(
            decode(b"{\"jsonrpc\":\"2.0\",\"method\":\"$/lsp\"}\n"),
            Decoded::Message(JsonRpcMessage::Notification(_))
        ));
        let ping = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n";
        let Decoded::Message(message) = decode(ping) else {
            panic!("a ping is a message");
        };
        assert!(matches!(message, JsonRpcMessage::Request(_)));
    }

    /// A frame nested past serde_json's limit is JSON all the same: `Parse error`, under the id of
    /// a request, which is read without the limit.
    #[test]
    fn a_frame_nested_too_deep_is_answered_under_its_id() {
        let deep = |depth: usize| format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        // serde_json's limit: 127 levels are read, 128 are not (here the frame and its params
        // are two of them).
        let at = |depth: usize| {
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"x":{}}}}}{}"#,
                deep(depth),
                "\n"
            )
        };
        assert!(matches!(decode(at(125).as_bytes()), Decoded::Message(_)));
        assert!(matches!(decode(at(126).as_bytes()), Decoded::Answer(_)));
        for (frame, id) in [
            (
                format!(
                    r#"{{"jsonrpc":"2.0","id":"d","method":"ping","params":{{"x":{}}}}}"#,
                    deep(130)
                ),
                Some(json!("d")),
            ),
            (
                format!(
                    r#"{{"jsonrpc":"2.0","method":"ping","params":{{"x":{}}},"id":3}}"#,
                    deep(100_000)
                ),
                Some(json!(3)),
            ),
            (
                format!(r#"{{"jsonrpc":"2.0","id":{},"method":"ping"}}"#, deep(200)),
                Some(Value::Null),
            ),
            (deep(200), Some(Value::Null)),
            // a number past f64: JSON, which serde_json does not read either
            (
                r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"n":1e400}}}"#.to_owned(),
                Some(json!(7)),
            ),
            (
                format!(r#"{{"jsonrpc":"2.0","id":1,"error":{}}}"#, deep(200)),
                None,
            ),
        ] {
            let answer = answer(format!("{frame}\n").as_bytes());
            assert_eq!(answer.as_ref().map(|a| a["id"].clone()), id, "{answer:?}");
            if let Some(answer) = answer {
                assert_eq!(answer["error"]["code"], json!(-32700), "{answer}");
                let message = answer["error"]["message"].as_str().unwrap_or_default();
                assert!(
                    message.starts_with("Parse error: recursion limit exceeded")
                        || message.starts_with("Parse error: number out of range"),
                    "{message}"
                );
            }
        }
    }

    #[test]
    fn an_oversized_line_is_answered_under_the_id_its_start_shows() {
        let answer = |start: &str| {
            oversized(start.as_bytes(), 99).map(|frame| {
                serde_json::from_slice::<Value>(&frame)
                    .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&frame)))
            })
        };
        for (start, id) in [
            (
                r#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"x","arguments":{"a":"bbbb"#,
                Some(json!(12)),
            ),
            (
                r#"{"id":"s\"1","method":"x","params":[1,2,{"#,
                Some(json!("s\"1")),
            ),
            (r#"{"jsonrpc":"2.0","id":12"#, Some(Value::Null)),
            (
                r#"{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"a":"b"#,
                Some(Value::Null),
            ),
            (r#"{"jsonrpc":"2.0","id":"unclosed "#, Some(Value::Null)),
            (r#"{"method":"x","id":"\ud800"}"#, Some(Value::Null)),
            (r#"{"method":"x","id":"ok\u0000"}"#, Some(json!("ok\u{0}"))),
            ("garbage", Some(Value::Null)),
            (r#"{"jsonrpc":"2.0","id":5,"result":{"content":"#, None),
            (r#"{"jsonrpc":"2.0","error":"#, None),
        ] {
            let got = answer(start);
            assert_eq!(
                got.as_ref().map(|a| a["id"].clone()),
                id,
                "{start}: {got:?}"
            );
            if let Some(got) = got {
                assert_eq!(got["error"]["code"], json!(-32700));
                assert!(
                    got["error"]["message"]
                        .as_str()
                        .unwrap_or_default()
                        .contains("longer than 99 bytes")
                );
            }
        }
        // A string id cut short is not an id; an integer id cut short is not seen as one either.
        let cut = r#"{"method":"x","id":12345"#;
        assert_eq!(answer(cut).map(|a| a["id"].clone()), Some(Value::Null));
        let whole = r#"{"method":"x","id":12345,"#;
        assert_eq!(answer(whole).map(|a| a["id"].clone()), Some(json!(12345)));
    }

    proptest! {
        /// On a whole frame, what the envelope reads is what serde_json reads.
        #[test]
        fn the_envelope_of_a_frame_is_what_serde_json_reads(
            members in prop::collection::vec(
                (
                    prop_oneof![
                        Just("id".to_owned()), Just("method".to_owned()), Just("result".to_owned()),
                        Just("error".to_owned()), Just("jsonrpc".to_owned()), Just("params".to_owned()),
                        "[a-z\"\\\\]{0,3}",
                    ],
                    crate::output::tests::any_json(any::<String>().boxed()),
                ),
                0..6,
            ),
            spaced in any::<bool>(),
        ) {
            let pad = if spaced { " \t\r\n" } else { "" };
            let body: Vec<String> = members
                .iter()
                .map(|(k, v)| format!("{pad}{}{pad}:{pad}{}{pad}", json!(k), v))
                .collect();
            let frame = format!("{pad}{{{}}}{pad}", body.join(","));
            let envelope = Envelope::of(frame.as_bytes());
            let keys = |name: &str| members.iter().filter(|(k, _)| k == name).count();
            prop_assert_eq!(envelope.ids, keys("id"), "{}", frame);
            prop_assert_eq!(envelope.method, keys("method") > 0);
            prop_assert_eq!(envelope.outcome, keys("result") + keys("error") > 0);
            let last_id = members.iter().rev().find(|(k, _)| k == "id").map(|(_, v)| v);
            let read = envelope.id.clone().map(|r| serde_json::from_str::<Value>(&frame[r]).ok());
            prop_assert_eq!(read, last_id.map(|v| Some(v.clone())));
            // Every start of it reads without a panic, and sees no member the whole does not.
            for cut in (0..frame.len()).filter(|&c| frame.is_char_boundary(c)).step_by(7) {
                let part = Envelope::of(&frame.as_bytes()[..cut]);
                prop_assert!(part.ids <= envelope.ids);
                prop_assert!(!part.method || envelope.method);
                prop_assert!(!part.outcome || envelope.outcome);
            }
        }
    }

    fn response(result: CallToolResult) -> TxJsonRpcMessage<RoleServer> {
        JsonRpcMessage::Response(JsonRpcResponse {
            jsonrpc: rmcp::model::JsonRpcVersion2_0,
            id: RequestId::Number(42),
            result: ServerResult::CallToolResult(result),
        })
    }

    /// What rmcp's codec writes for `message`.
    fn rmcp_writes(message: &TxJsonRpcMessage<RoleServer>) -> Vec<u8> {
        let mut frame = serde_json::to_vec(message).unwrap_or_default();
        frame.push(b'\n');
        frame
    }

    #[test]
    fn a_structured_result_is_written_as_rmcp_writes_it_with_its_text_block() {
        let value = json!({
            "count": 2,
            "doctors": [{"name": "Dr. \"Quote\" Ünïcode \\ \u{7}\n", "id": 7, "tags": [null, true, 1.5]}],
            "empty": {}, "list": []
        });
        for is_error in [false, true] {
            let mut result = crate::server::structured(&value, is_error);
            for (result_type, meta) in [(true, false), (false, false), (true, true)] {
                if !result_type {
                    result.result_type = None;
                }
                if meta {
                    let mut m = rmcp::model::MetaObject::default();
                    m.insert("k".into(), json!("v"));
                    result.meta = Some(m);
                }
                let ours = encode(&response(result.clone())).unwrap_or_default();
                let complete = response(crate::server::with_text_block(result.clone()));
                assert_eq!(
                    String::from_utf8_lossy(&ours),
                    String::from_utf8_lossy(&rmcp_writes(&complete))
                );
            }
        }
    }

    #[test]
    fn other_messages_are_written_as_rmcp_writes_them() {
        let with_text = response(CallToolResult::success(vec![
            rmcp::model::ContentBlock::text("plain"),
        ]));
        let error = TxJsonRpcMessage::<RoleServer>::error(
            ErrorData::invalid_params("Tool x not found", None),
            Some(RequestId::Number(3)),
        );
        // content and structured content both given: written as given, not rebuilt
        let mut both = CallToolResult::success(vec![rmcp::model::ContentBlock::text("plain")]);
        both.structured_content = Some(json!({"a": 1}));
        // neither: an empty result
        let neither = CallToolResult::success(Vec::new());
        // structured content that is not an answer the server holds: written as given
        let mut not_held = CallToolResult::success(Vec::new());
        not_held.structured_content = Some(json!({"a": 1}));
        for message in [
            with_text,
            error,
            response(both),
            response(neither),
            response(not_held),
        ] {
            assert_eq!(encode(&message).unwrap_or_default(), rmcp_writes(&message));
        }
    }

    proptest! {
        #[test]
        fn any_answer_is_written_as_rmcp_writes_it_with_its_text_block(
            value in crate::output::tests::any_json(
                prop_oneof![
                    any::<String>(),
                    "[\"\\\\\u{0}-\u{1f}\u{7f}\u{2028}a-z]{0,12}",
                ]
                .boxed()
            ),
            is_error in any::<bool>(),
        ) {
            let result = crate::server::structured(&value, is_error);
            let ours = encode(&response(result.clone())).unwrap_or_default();
            let complete = response(crate::server::with_text_block(result));
            let theirs = rmcp_writes(&complete);
            prop_assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
        }

        #[test]
        fn any_structured_value_is_written_as_rmcp_writes_it(
            names in proptest::collection::vec(any::<String>(), 0..6),
            numbers in proptest::collection::vec(any::<i64>(), 0..6),
        ) {
            let value = json!({"names": names, "numbers": numbers, "nested": {"names": names}});
            let result = crate::server::structured(&value, false);
            let ours = encode(&response(result.clone())).unwrap_or_default();
            let complete = response(crate::server::with_text_block(result));
            prop_assert_eq!(ours, rmcp_writes(&complete));
        }
    }

    /// A reader that hands out `chunks` one at a time, then end of input.
    fn chunks(chunks: &[&[u8]]) -> impl AsyncRead + Unpin + use<> {
        let mut builder = tokio_test_reader();
        for chunk in chunks {
            builder.read(chunk);
        }
        builder.build()
    }

    fn tokio_test_reader() -> ChunkReaderBuilder {
        ChunkReaderBuilder(Vec::new())
    }

    struct ChunkReaderBuilder(Vec<Vec<u8>>);

    impl ChunkReaderBuilder {
        fn read(&mut self, chunk: &[u8]) {
            self.0.push(chunk.to_vec());
        }
        fn build(self) -> ChunkReader {
            ChunkReader(self.0.into_iter().collect())
        }
    }

    struct ChunkReader(std::collections::VecDeque<Vec<u8>>);

    impl AsyncRead for ChunkReader {
        fn poll_read(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
            buf: &mut tokio::io::ReadBuf<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            if let Some(chunk) = self.0.pop_front() {
                let n = chunk.len().min(buf.remaining());
                buf.put_slice(&chunk[..n]);
                if n < chunk.len() {
                    self.0.push_front(chunk[n..].to_vec());
                }
            }
            std::task::Poll::Ready(Ok(()))
        }
    }

    fn server() -> ClinicServer {
        use crate::session::{Profile, Session, SessionRole};
        let session = Session::new(
            Profile::Readonly,
            SessionRole::None,
            "http://127.0.0.1:9",
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        ClinicServer::new(session).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The ids (or methods, for notifications) of every message `transport` hands rmcp, to the
    /// end of its input.
    async fn received<R: AsyncRead + Send + Unpin, W: AsyncWrite + Send + Unpin + 'static>(
        transport: &mut ServerTransport<R, W>,
    ) -> Vec<Value> {
        let mut seen = Vec::new();
        while let Some(message) = transport.receive().await {
            let m = written(&message);
            seen.push(m.get("id").cloned().unwrap_or_else(|| m["method"].clone()));
        }
        seen
    }

    fn ping(id: u64, width: usize) -> Vec<u8> {
        let mut line = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#).into_bytes();
        line.resize(width.saturating_sub(1).max(line.len()), b' ');
        line.push(b'\n');
        line
    }

    #[tokio::test]
    async fn a_line_of_the_bound_is_read_and_one_byte_more_is_dropped_whole() {
        let fits = ping(1, 64);
        let over = ping(2, 65);
        assert_eq!((fits.len(), over.len()), (64, 65));
        let read = chunks(&[
            &fits,
            // one byte over, in two reads: the bound is crossed by the read that ends the line
            &over[..40],
            &over[40..],
            // the line after it is read
            &ping(4, 0),
            // over the bound in a read without a newline: the rest of that line, a whole message
            // on its own, is dropped with it
            &[b'x'; 70],
            &ping(9, 0),
            &ping(3, 0),
        ]);
        let mut transport =
            ServerTransport::new(read, tokio::io::sink(), server()).with_max_line_bytes(64);
        assert_eq!(
            received(&mut transport).await,
            [json!(1), json!(4), json!(3)]
        );
    }

    #[tokio::test]
    async fn before_a_lifecycle_starts_only_requests_pass() {
        let lines: Vec<&[u8]> = vec![
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            br#"{"jsonrpc":"2.0","id":70,"result":{}}"#,
            // ping starts no lifecycle: the notification after it is still dropped
            br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
            // metadata naming a version the server does not support starts nothing
            br#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1999-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
            // a supported version without the client's capabilities starts nothing either
            br#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
            br#"{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ];
        let input: Vec<u8> = lines.iter().flat_map(|l| [*l, b"\n"].concat()).collect();
        let mut transport = ServerTransport::new(chunks(&[&input]), tokio::io::sink(), server());
        assert_eq!(
            received(&mut transport).await,
            [
                json!(1),
                json!(2),
                json!(3),
                json!(4),
                json!("notifications/initialized")
            ]
        );
        // The lifecycle of protocol 2026-07-28 starts on complete metadata of a supported version.
        let input = br#"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}
"#;
        let mut transport = ServerTransport::new(chunks(&[input]), tokio::io::sink(), server());
        assert_eq!(
            received(&mut transport).await,
            [json!(5), json!("notifications/cancelled")]
        );
    }

    #[tokio::test]
    async fn what_is_sent_is_written_and_nothing_after_close() {
        let (ours, mut theirs) = tokio::io::duplex(1 << 16);
        let (_, write) = tokio::io::split(ours);
        let mut transport = ServerTransport::new(chunks(&[]), write, server());
        let message = response(crate::server::structured(&json!({"count": 1}), false));
        let frame = encode(&message).unwrap_or_default();
        transport
            .send(message.clone())
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let mut got = vec![0; frame.len()];
        tokio::io::AsyncReadExt::read_exact(&mut theirs, &mut got)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got, frame);
        transport.close().await.unwrap_or_else(|e| panic!("{e}"));
        let after = transport.send(message).await;
        assert_eq!(
            after.map_err(|e| e.kind()),
            Err(std::io::ErrorKind::NotConnected)
        );
    }

    /// A writer that takes at most 7 bytes a call and is not ready every other call.
    #[derive(Clone, Default)]
    struct Trickle {
        written: Arc<std::sync::Mutex<Vec<u8>>>,
        ready: Arc<std::sync::atomic::AtomicBool>,
    }

    impl AsyncWrite for Trickle {
        fn poll_write(
            self: std::pin::Pin<&mut Self>,
            cx: &mut std::task::Context<'_>,
            buf: &[u8],
        ) -> std::task::Poll<std::io::Result<usize>> {
            use std::sync::atomic::Ordering;
            if !self.ready.fetch_xor(true, Ordering::Relaxed) {
                cx.waker().wake_by_ref();
                return std::task::Poll::Pending;
            }
            let n = buf.len().min(7);
            self.written
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .extend_from_slice(&buf[..n]);
            std::task::Poll::Ready(Ok(n))
        }

        fn poll_flush(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            std::task::Poll::Ready(Ok(()))
        }

        fn poll_shutdown(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            std::task::Poll::Ready(Ok(()))
        }
    }

    /// rmcp polls `receive` in a `select!` and drops it whenever something else is ready: an
    /// `Invalid request` answer cut off half-way is finished, not written again.
    #[tokio::test]
    async fn an_answer_owed_is_written_once_whatever_the_cancellations() {
        let input = [&b"{\"hello\":1}\n"[..], &ping(8, 0)].concat();
        let writer = Trickle::default();
        let mut transport = ServerTransport::new(chunks(&[&input]), writer.clone(), server());
        let mut dropped = 0;
        let message = loop {
            // A transport that starts the frame over on every cancellation never finishes it.
            assert!(dropped < 1000, "the answer owed is never finished");
            tokio::select! {
                biased;
                m = transport.receive() => break m,
                () = tokio::task::yield_now() => dropped += 1,
            }
        };
        assert!(
            dropped > 0,
            "receive was never cut off: the test tests nothing"
        );
        assert_eq!(
            written(&message.unwrap_or_else(|| panic!("the ping")))["id"],
            json!(8)
        );
        let out = writer
            .written
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        let Decoded::Answer(owed) = decode(b"{\"hello\":1}\n") else {
            panic!("no answer owed");
        };
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&owed)
        );
    }

    #[test]
    fn the_debug_form_names_the_transport_and_nothing_it_carries() {
        let mut transport = ServerTransport::new(chunks(&[]), tokio::io::sink(), server());
        // a line half read, and an answer owed: neither is shown
        transport
            .line
            .extend_from_slice(b"{\"params\":{\"token\":\"secret\"");
        transport.owed = Some((b"owed answer".to_vec(), 0));
        let shown = format!("{transport:?}");
        assert_eq!(
            shown,
            "ServerTransport { lifecycle_started: false, direct_ready: false, drain_at_end: None, .. }"
        );
    }

    #[tokio::test]
    async fn lines_are_read_whole_across_reads_and_an_oversized_one_is_skipped() {
        let server = server();
        let read = chunks(&[
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"me",
            b"thod\":\"ping\"}\n",
            &[b'x'; 40],
            &[b'y'; 40],
            b"\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n",
            b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
        ]);
        let mut transport = ServerTransport::new(read, tokio::io::sink(), server)
            .draining_at_end(Duration::from_millis(10))
            .with_max_line_bytes(64);
        let ids: Vec<Value> = [transport.receive().await, transport.receive().await]
            .into_iter()
            .map(|m| written(&m.unwrap_or_else(|| panic!("a message"))))
            .map(|m| m["id"].clone())
            .collect();
        assert_eq!(ids, [json!(1), json!(2)]);
        // The last line has no newline: not a message.
        assert!(transport.receive().await.is_none());
    }

    /// A readonly server of no role whose API is at `base_url`.
    fn server_at(base_url: &str) -> ClinicServer {
        use crate::session::{Profile, Session, SessionRole};
        let session = Session::new(Profile::Readonly, SessionRole::None, base_url, None)
            .unwrap_or_else(|e| panic!("{e}"));
        ClinicServer::new(session).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A clinic API on loopback that answers every request with `body` after `delay`, or never
    /// (`None`: the connection is held open, unanswered).
    async fn api(answer: Option<(Duration, &'static str)>) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let address = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                tokio::spawn(async move {
                    use tokio::io::AsyncReadExt;
                    let mut request = vec![0; 4096];
                    // One answer per request (each a small GET, read whole), for as long as
                    // the client keeps the connection.
                    while let Ok(1..) = socket.read(&mut request).await {
                        let Some((delay, body)) = answer else {
                            // Held until the client lets go.
                            let _ = socket.read(&mut request).await;
                            return;
                        };
                        tokio::time::sleep(delay).await;
                        let response = format!(
                            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                            body.len()
                        );
                        if socket.write_all(response.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        format!("http://{address}/api/v1")
    }

    const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    const LIST_DOCTORS: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#;

    /// One session of `server` served by rmcp over a `ServerTransport` (every request to rmcp
    /// when `through_rmcp`): each frame of `frames` written in turn, and after each request its
    /// answer read, except after a request whose id is in `unanswered`; at the end, input ends and
    /// the rest of the output is read to its end. The answers in the order written, and how many
    /// calls the transport answered itself.
    async fn session(
        server: ClinicServer,
        frames: &[&str],
        unanswered: &[Value],
        through_rmcp: bool,
    ) -> (Vec<Value>, usize) {
        session_then(server, frames, unanswered, through_rmcp, async {}).await
    }

    /// [`session`], awaiting `before_end` after the last frame, before input ends.
    async fn session_then(
        server: ClinicServer,
        frames: &[&str],
        unanswered: &[Value],
        through_rmcp: bool,
        before_end: impl Future<Output = ()>,
    ) -> (Vec<Value>, usize) {
        use tokio::io::AsyncBufReadExt;
        let (client, ours) = tokio::io::duplex(1 << 16);
        let (read, write) = tokio::io::split(ours);
        let mut transport = ServerTransport::new(read, write, server.clone());
        if through_rmcp {
            transport = transport.all_through_rmcp();
        }
        let answered = transport.answered_directly();
        tokio::spawn(async move {
            use rmcp::ServiceExt;
            if let Ok(running) = crate::server::Served(server).serve(transport).await {
                let _ = running.waiting().await;
            }
        });
        let (from_server, mut to_server) = tokio::io::split(client);
        let mut lines = BufReader::new(from_server).lines();
        let mut answers = Vec::new();
        let within = Duration::from_secs(20);
        for frame in frames {
            to_server
                .write_all(format!("{frame}\n").as_bytes())
                .await
                .unwrap_or_else(|e| panic!("{e}"));
            let sent: Value = serde_json::from_str(frame).unwrap_or_default();
            let Some(id) = sent.get("id") else { continue };
            if unanswered.contains(id) {
                continue;
            }
            let line = tokio::time::timeout(within, lines.next_line())
                .await
                .unwrap_or_else(|_| panic!("no answer to {frame}"))
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("the output ended before the answer to {frame}"));
            answers.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}")));
        }
        tokio::time::timeout(within, before_end)
            .await
            .unwrap_or_else(|_| panic!("what was awaited before the end did not come"));
        // End of input (the server's end reads it; dropping this half would not end the stream).
        to_server.shutdown().await.unwrap_or_else(|e| panic!("{e}"));
        while let Some(line) = tokio::time::timeout(within, lines.next_line())
            .await
            .unwrap_or_else(|_| panic!("the output does not end"))
            .unwrap_or_else(|e| panic!("{e}"))
        {
            answers.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}")));
        }
        // Every answer owed was written before `close` let go of the output, none given up on.
        assert_eq!(answered.given_up_at_close(), 0);
        (answers, answered.count())
    }

    /// At its bound `close` stops waiting: the calls left are cancelled, forgotten, and counted
    /// as given up; a call that ends in time is waited for.
    #[tokio::test]
    async fn close_waits_for_calls_until_its_bound() {
        let direct = Arc::new(Direct::default());
        let counted = AnsweredDirectly(Arc::clone(&direct));
        let (late, on_time) = (CancellationToken::new(), CancellationToken::new());
        direct.start(Key::Number(1), late.clone());
        direct.settle(Duration::from_millis(20)).await;
        assert!(late.is_cancelled());
        assert!(direct.calls().is_empty());
        assert_eq!(counted.given_up_at_close(), 1);
        direct.start(Key::String("two".into()), on_time.clone());
        let ends = {
            let direct = Arc::clone(&direct);
            async move {
                tokio::task::yield_now().await;
                direct.finish(&Key::String("two".into()));
            }
        };
        tokio::join!(direct.settle(Duration::from_secs(60)), ends);
        assert!(!on_time.is_cancelled());
        assert_eq!(counted.given_up_at_close(), 1);
    }

    /// Calls run by the transport start only once rmcp has answered the `initialize` that began
    /// the lifecycle with a protocol before 2026-07-28 (rmcp's own test of a legacy peer).
    #[tokio::test]
    async fn direct_calls_wait_for_an_initialize_answered_before_2026_07_28() {
        for (version, ready) in [
            (ProtocolVersion::V_2025_06_18, true),
            (ProtocolVersion::V_2026_07_28, false),
        ] {
            let input = format!("{INITIALIZE}\n");
            let mut transport =
                ServerTransport::new(chunks(&[input.as_bytes()]), tokio::io::sink(), server());
            assert!(transport.receive().await.is_some());
            assert!(!transport.direct_ready);
            let mut answer = crate::server::server_info();
            answer.protocol_version = version.clone();
            let message = TxJsonRpcMessage::<RoleServer>::response(
                ServerResult::InitializeResult(answer),
                RequestId::Number(0),
            );
            transport
                .send(message)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(transport.direct_ready, ready, "{version}");
        }
    }

    #[tokio::test]
    async fn calls_the_transport_runs_itself_are_answered_as_rmcp_answers_them() {
        let base_url = api(Some((Duration::ZERO, r#"[{"id":1,"name":"Dr. A","specialty":"Cardiology","clinic":{"id":2,"name":"C","address":"1 Street","timeZone":"Europe/Berlin"}}]"#))).await;
        let frames = [
            INITIALIZE,
            INITIALIZED,
            // run by the transport: plain calls of tools that ask nobody
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":"two","method":"tools/call","params":{"name":"list_doctors","arguments":{"specialty":"cardiology"}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_specialties"}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_doctors","arguments":{"specialty":7}}}"#,
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_doctors","arguments":{"specialty":"Ophthalmology"}}}"#,
            // left to rmcp: a name this caller cannot reach, metadata, a retry's state
            r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"cancel_appointment","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_doctors","arguments":{},"_meta":{"progressToken":1}}}"#,
            r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"list_doctors","requestState":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#,
        ];
        let direct = session(server_at(&base_url), &frames, &[], false).await;
        let rmcp = session(server_at(&base_url), &frames, &[], true).await;
        assert_eq!(direct.0.len(), 10, "{:#?}", direct.0);
        assert_eq!(direct.0, rmcp.0);
        assert_eq!((direct.1, rmcp.1), (5, 0));
        // The calls reached the API and came back as they should.
        let content = |i: usize| direct.0[i]["result"]["structuredContent"].clone();
        assert_eq!(content(1)["count"], json!(1), "{:#?}", direct.0);
        assert_eq!(content(2)["count"], json!(1), "{:#?}", direct.0);
        assert_eq!(content(3)["specialties"][0]["name"], json!("Cardiology"));
        assert_eq!(direct.0[4]["result"]["isError"], json!(true));
        assert_eq!(
            content(5)["code"],
            json!("UNKNOWN_SPECIALTY"),
            "{:#?}",
            direct.0[5]
        );
        // Nothing runs before the `initialize` is answered, nor in a session of 2026-07-28.
        let early = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
            INITIALIZE,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
        ];
        // A destructive tool is rmcp's: for a client that cannot ask its human it is not found,
        // or, with --allow-unconfirmed-destructive-calls, runs unconfirmed.
        let patient = |unconfirmed: bool| {
            use crate::caller::AccessToken;
            use crate::session::{Profile, Session, SessionRole};
            let mut session = Session::new(
                Profile::Booking,
                SessionRole::Patient,
                &base_url,
                AccessToken::new("t0ken"),
            )
            .unwrap_or_else(|e| panic!("{e}"));
            session.confirmation.allow_unconfirmed_destructive_calls = unconfirmed;
            ClinicServer::new(session).unwrap_or_else(|e| panic!("{e}"))
        };
        let frames = [
            INITIALIZE,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"cancel_appointment","arguments":{"appointment_id":1}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_doctors","inputResponses":{}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_specialties","arguments":{}}}"#,
        ];
        for unconfirmed in [false, true] {
            let direct = session(patient(unconfirmed), &frames, &[], false).await;
            let rmcp = session(patient(unconfirmed), &frames, &[], true).await;
            assert_eq!(direct.0, rmcp.0);
            assert_eq!((direct.1, rmcp.1), (1, 0));
        }
        let (answers, direct) = session(server_at(&base_url), &early, &[], false).await;
        assert_eq!((answers.len(), direct), (3, 1), "{answers:#?}");
        let inline = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            LIST_DOCTORS,
            // an `initialize` later in that session changes nothing
            INITIALIZE,
            LIST_DOCTORS,
        ];
        let (answers, direct) = session(server_at(&base_url), &inline, &[], false).await;
        assert_eq!((answers.len(), direct), (4, 0), "{answers:#?}");
        assert!(answers[1].get("error").is_some(), "{answers:#?}");
        assert_eq!(answers[2]["error"]["code"], json!(-32600), "{answers:#?}");
        assert_eq!(answers[3], answers[1], "{answers:#?}");
        // An `initialize` asking for 2026-07-28 is answered with an earlier version: the same
        // answers either way.
        let asking = INITIALIZE.replace("2025-06-18", "2026-07-28");
        let frames = [asking.as_str(), LIST_DOCTORS];
        let direct = session(server_at(&base_url), &frames, &[], false).await;
        let rmcp = session(server_at(&base_url), &frames, &[], true).await;
        assert_eq!(direct.0, rmcp.0);
    }

    /// A second `initialize` is refused before rmcp sees it, and in a session an `initialize`
    /// began, a request's 2026-07-28 metadata changes nothing: the tools listed are the first
    /// `initialize`'s (which declared no elicitation: no destructive tool), and a ping is a ping.
    #[tokio::test]
    async fn the_first_initialize_decides_the_session() {
        let patient = || {
            use crate::caller::AccessToken;
            use crate::session::{Profile, Session, SessionRole};
            let session = Session::new(
                Profile::Booking,
                SessionRole::Patient,
                "http://127.0.0.1:9",
                AccessToken::new("t0ken"),
            )
            .unwrap_or_else(|e| panic!("{e}"));
            ClinicServer::new(session).unwrap_or_else(|e| panic!("{e}"))
        };
        let again = INITIALIZE.replace(r#""id":0"#, r#""id":"again""#).replace(
            r#""capabilities":{}"#,
            r#""capabilities":{"elicitation":{}}"#,
        );
        let frames = [
            INITIALIZE,
            INITIALIZED,
            again.as_str(),
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}},"io.modelcontextprotocol/clientInfo":{"name":"x","version":"1"}}}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}"#,
        ];
        for through_rmcp in [false, true] {
            let (answers, _) = session(patient(), &frames, &[], through_rmcp).await;
            assert_eq!(answers.len(), 6, "{answers:#?}");
            assert_eq!(answers[1]["id"], json!("again"), "{answers:#?}");
            assert_eq!(answers[1]["error"]["code"], json!(-32600), "{answers:#?}");
            let tools = &answers[2]["result"]["tools"];
            let names: Vec<&str> = tools
                .as_array()
                .unwrap_or_else(|| panic!("{answers:#?}"))
                .iter()
                .filter_map(|t| t["name"].as_str())
                .collect();
            assert!(names.contains(&"book_appointment"), "{names:?}");
            assert!(!names.contains(&"cancel_appointment"), "{names:?}");
            assert_eq!(answers[3]["result"]["tools"], *tools, "{answers:#?}");
            assert_eq!(answers[4]["result"], json!({}), "{answers:#?}");
            assert_eq!(answers[5]["result"]["tools"], *tools, "{answers:#?}");
        }
    }

    #[tokio::test]
    async fn a_call_the_client_cancels_is_not_answered_either_way() {
        let base_url = api(None).await;
        let frames = [
            INITIALIZE,
            INITIALIZED,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        ];
        for through_rmcp in [false, true] {
            // The read stops at the cancellation, not at the end of input.
            let server = server_at(&base_url);
            let stopped = {
                let server = server.clone();
                async move {
                    while server.calls_in_flight() > 0 {
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                }
            };
            let (answers, _) =
                session_then(server, &frames, &[json!(1)], through_rmcp, stopped).await;
            let ids: Vec<&Value> = answers.iter().map(|a| &a["id"]).collect();
            assert_eq!(ids, [&json!(0), &json!(2)], "{answers:#?}");
        }
    }

    #[tokio::test]
    async fn a_call_in_flight_when_input_ends_is_answered_either_way() {
        let base_url = api(Some((Duration::from_millis(300), "[]"))).await;
        let frames = [
            INITIALIZE,
            INITIALIZED,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_doctors","arguments":{}}}"#,
        ];
        for through_rmcp in [false, true] {
            let (answers, direct) =
                session(server_at(&base_url), &frames, &[json!(1)], through_rmcp).await;
            assert_eq!(answers.len(), 2, "{answers:#?}");
            assert_eq!(answers[1]["id"], json!(1));
            assert_eq!(answers[1]["result"]["structuredContent"]["count"], json!(0));
            assert_eq!(direct, usize::from(!through_rmcp));
        }
    }
}
