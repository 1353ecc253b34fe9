//! The HTTP client for the clinic API: one pooled HTTP/1.1 client per process (hyper-util's, with
//! rustls for an `https` API; connection reuse), a timeout on every request, a cap on response
//! size, no redirects, no proxy, and the caller's token forwarded verbatim — only on requests made
//! with a [`Credential`]. HTTP only: what the answers mean to the clinic (time zones, the doctor
//! behind a token) is kept in `directory`.

use crate::caller::{AccessToken, Credential};
use crate::error::{ErrorCode, StartError, ToolError};
use crate::screen::truncate;
use crate::session::Session;
use bytes::Bytes;
pub use http::Method;
use http::{StatusCode, header};
use http_body_util::{BodyExt, Full};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The clinic API, as seen by the tools.
#[derive(Debug, Clone)]
pub struct ApiClient {
    /// For a plain-`http` API, built by the first request, not at start-up (nothing that can wait
    /// runs before the first `tools/list`: building it touches the TLS stack, which costs start-up
    /// time and resident code pages); see [`ApiClient::new`]. One per process, shared by every
    /// clone.
    http: Arc<OnceLock<Result<HttpClient, String>>>,
    timeout: Duration,
    /// `SUT_BASE_URL`, parsed once: a request only sets the path and query on a copy, so the
    /// scheme and host are never parsed again.
    /// Shared by every copy (a call's copy is made per call).
    base_url: Arc<url::Url>,
    /// `base_url`'s scheme and authority, and its path without a trailing `/` (what a plain
    /// route is appended to), parsed once.
    prefix: Arc<Prefix>,
    /// The headers every request carries, built once ([`common_headers`]).
    headers: Arc<header::HeaderMap>,
    max_body_bytes: usize,
    max_requests_per_call: usize,
    call_deadline: Duration,
    /// The budget of the tool call this copy serves ([`ApiClient::for_call`]); `None` outside a call.
    call: Option<Arc<CallBudget>>,
    /// The bound on requests in flight to the API, shared by every copy: one per process.
    gate: Arc<Gate>,
}

/// At most `limit` requests to the clinic API in flight at once, whoever makes them (so at most
/// that many upstream connections busy, however many calls arrive together). A request waits for
/// its turn at most `queue_timeout` (and never past its call's deadline), then fails with
/// `UPSTREAM_BUSY` having sent nothing. Turns are given in the order they were asked for (tokio's
/// semaphore is first in, first out, and `try_acquire` takes no turn while others wait), so a call
/// that makes many requests, a slot search, queues behind the calls that asked before it and
/// cannot starve them.
#[derive(Debug)]
struct Gate {
    permits: tokio::sync::Semaphore,
    limit: usize,
    queue_timeout: Duration,
}

/// The base URL's parts a plain route's URI is made of.
#[derive(Debug)]
struct Prefix {
    scheme: http::uri::Scheme,
    authority: http::uri::Authority,
    /// Without a trailing `/`.
    path: Box<str>,
}

/// What one tool call may still spend: requests, and time until its deadline; and the request
/// id the clinic API gave the answer to its last mutation (for the audit trail).
#[derive(Debug)]
struct CallBudget {
    /// Restarted once a human has confirmed the call: the wait for their answer is not the API's.
    deadline: std::sync::Mutex<Instant>,
    requests: std::sync::atomic::AtomicUsize,
    last_request_id: std::sync::Mutex<Option<String>>,
    /// A destructive call's budget starts locked: no request other than `GET` leaves until
    /// [`ApiClient::confirmed`] (the human said yes) unlocks it.
    locked: std::sync::atomic::AtomicBool,
}

/// An answer with what its headers said beside the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply<T> {
    pub value: T,
    /// `Idempotent-Replayed: true`: the API answered an earlier request with the same
    /// `Idempotency-Key` again, and changed nothing this time.
    pub replayed: bool,
}

/// The request id an answer names (`X-Request-Id`, or an error body's `requestId`), kept only
/// when it is a short run of `[A-Za-z0-9._:-]`: it is the upstream's text.
fn plain_request_id(raw: &str) -> Option<String> {
    (!raw.is_empty()
        && raw.len() <= 64
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-')))
    .then(|| raw.to_owned())
}

/// A request to send: the path is built by the tools from validated integers only.
#[derive(Debug)]
struct Request<'a> {
    method: Method,
    path: &'a str,
    credential: Option<Credential<'a>>,
    body: Option<Value>,
    idempotency_key: Option<&'a str>,
}

/// The process's HTTP client: hyper-util's pooled HTTP/1.1 client, over TCP or rustls.
pub type HttpClient = hyper_util::client::legacy::Client<
    hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>,
    Full<Bytes>,
>;

/// The `User-Agent` of every request.
const USER_AGENT: &str = concat!("clinic-mcp/", env!("CARGO_PKG_VERSION"));

/// The HTTP client for `base_url`: keep-alive (a 90 s idle pool, TCP keep-alive probes every
/// 15 s), `TCP_NODELAY`, a connect timeout, HTTP/1.1 only; no redirects (hyper follows none) and
/// no proxy (it reads none from the environment: an MCP host passing its environment on must not
/// route the token elsewhere). A request is sent once: a change is never repeated behind the
/// caller's back (the mutations carry their own idempotency keys); hyper-util sends a request
/// again only on a new connection when the pooled one closed before any of it was written. The
/// whole exchange's timeout is the caller's (`send_full`). Public so the benchmark measures the
/// bare upstream with exactly these settings ([`fetch`]).
pub fn build_http(base_url: &url::Url, timeout: Duration) -> Result<HttpClient, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?;
    let tls = if base_url.scheme() == "http" {
        // Plain HTTP, and redirects are refused, so no request can reach an https origin: no
        // need for the system's CA certificates (loading them is about 40% of start-up CPU).
        tls.with_root_certificates(rustls::RootCertStore::empty())
    } else {
        use rustls_platform_verifier::BuilderVerifierExt as _;
        tls.with_platform_verifier().map_err(|e| e.to_string())?
    }
    .with_no_client_auth();
    let mut tcp = hyper_util::client::legacy::connect::HttpConnector::new();
    tcp.enforce_http(false);
    tcp.set_nodelay(true);
    tcp.set_connect_timeout(Some(timeout));
    // TCP keep-alive probes on pooled connections, as reqwest's default had them.
    tcp.set_keepalive(Some(Duration::from_secs(15)));
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .wrap_connector(tcp);
    Ok(
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(90))
            .pool_timer(hyper_util::rt::TokioTimer::new())
            .build(connector),
    )
}

/// The headers every request to the API at `base` carries: `Accept`, `User-Agent`, and the
/// `Host` hyper-util's client would add (the host, and the port unless it is the scheme's
/// default), added here once so that no request formats it again. `None` for a URI with no host.
fn common_headers(base: &http::Uri) -> Option<header::HeaderMap> {
    let host = base.host()?;
    let default_port = match base.scheme_str() {
        Some("https" | "wss") => 443,
        _ => 80,
    };
    let host = match base.port_u16() {
        Some(port) if port != default_port => format!("{host}:{port}"),
        _ => host.to_owned(),
    };
    let mut headers = header::HeaderMap::with_capacity(4);
    headers.insert(
        header::ACCEPT,
        header::HeaderValue::from_static("application/json"),
    );
    headers.insert(
        header::USER_AGENT,
        header::HeaderValue::from_static(USER_AGENT),
    );
    headers.insert(header::HOST, header::HeaderValue::from_str(&host).ok()?);
    Some(headers)
}

/// One `GET` of `url` with `http`, as the server sends its reads, answered with the status and
/// the whole body (for the benchmark's bare round trips).
pub async fn fetch(http: &HttpClient, url: &str) -> Result<(u16, Bytes), String> {
    let request = http::Request::get(url)
        .header(header::ACCEPT, "application/json")
        .header(header::USER_AGENT, USER_AGENT)
        .body(Full::new(Bytes::new()))
        .map_err(|e| e.to_string())?;
    let response = http.request(request).await.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?;
    Ok((status, body.to_bytes()))
}

/// Why an exchange with the API got no complete answer.
#[derive(Debug)]
enum Lost {
    /// The request's timeout passed first.
    Timeout,
    /// The request could not be sent, or no answer's head came (connect, TLS, a closed
    /// connection).
    Request(hyper_util::client::legacy::Error),
    /// The answer's body broke off.
    Body(Box<dyn std::error::Error + Send + Sync>),
}

impl Lost {
    fn is_timeout(&self) -> bool {
        matches!(self, Lost::Timeout)
    }

    fn is_connect(&self) -> bool {
        matches!(self, Lost::Request(e) if e.is_connect())
    }
}

impl ApiClient {
    /// The API as `session` configures it. For a plain-`http` API the HTTP client is built by the
    /// first call (it needs no I/O); for `https` it is built here, because that loads the system's
    /// CA certificates (file I/O that must not stall the first call, and a failure that must stop
    /// the server at start-up rather than fail every call).
    pub fn new(session: &Session) -> Result<Self, StartError> {
        let base_url =
            url::Url::parse(&session.base_url).map_err(|e| StartError::BaseUrl(e.to_string()))?;
        let http = Arc::new(OnceLock::new());
        if base_url.scheme() != "http" {
            let client = build_http(&base_url, session.limits.timeout).map_err(StartError::Http)?;
            let _ = http.set(Ok(client));
        }
        let prefix = format!(
            "{}{}",
            &base_url[..url::Position::BeforePath],
            base_url.path().trim_end_matches('/')
        );
        let no_host = || StartError::BaseUrl("it has no host".to_owned());
        let base = http::Uri::try_from(prefix.as_str())
            .map_err(|e| StartError::BaseUrl(format!("the HTTP client cannot send to it ({e})")))?;
        let headers = common_headers(&base).ok_or_else(no_host)?;
        let http::uri::Parts {
            scheme: Some(scheme),
            authority: Some(authority),
            ..
        } = base.into_parts()
        else {
            return Err(no_host());
        };
        Ok(Self {
            http,
            timeout: session.limits.timeout,
            prefix: Arc::new(Prefix {
                scheme,
                authority,
                path: base_url.path().trim_end_matches('/').into(),
            }),
            headers: Arc::new(headers),
            base_url: Arc::new(base_url),
            max_body_bytes: session.limits.max_body_bytes,
            max_requests_per_call: session.limits.max_requests_per_call,
            call_deadline: session.limits.call_deadline(),
            call: None,
            gate: Arc::new(Gate {
                permits: tokio::sync::Semaphore::new(
                    session
                        .limits
                        .max_concurrent_requests
                        .clamp(1, tokio::sync::Semaphore::MAX_PERMITS),
                ),
                limit: session.limits.max_concurrent_requests,
                queue_timeout: session.limits.queue_timeout,
            }),
        })
    }

    /// A copy for one tool call, sharing the connection pool and caches, with the call's own
    /// budget: at most `max_requests_per_call` requests, all within one deadline.
    pub fn for_call(&self) -> Self {
        self.budgeted(false)
    }

    /// [`for_call`](Self::for_call) for a destructive tool: reads only, until the human's
    /// confirmation unlocks the rest ([`confirmed`](Self::confirmed)). Whatever a destructive
    /// handler does, its change cannot leave before the question was asked and answered yes.
    pub fn for_destructive_call(&self) -> Self {
        self.budgeted(true)
    }

    fn budgeted(&self, locked: bool) -> Self {
        Self {
            call: Some(Arc::new(CallBudget {
                deadline: std::sync::Mutex::new(Instant::now() + self.call_deadline),
                requests: std::sync::atomic::AtomicUsize::new(0),
                last_request_id: std::sync::Mutex::new(None),
                locked: std::sync::atomic::AtomicBool::new(locked),
            })),
            ..self.clone()
        }
    }

    /// The human confirmed this call: its changes may be sent, within a deadline that starts now.
    pub(crate) fn confirmed(&self) {
        if let Some(call) = &self.call {
            *call
                .deadline
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Instant::now() + self.call_deadline;
            call.locked
                .store(false, std::sync::atomic::Ordering::Release);
        }
    }

    /// Whether a request of `method` would be refused: a change of a destructive call not yet
    /// confirmed.
    fn refuses(&self, method: &Method) -> bool {
        *method != Method::GET
            && self
                .call
                .as_ref()
                .is_some_and(|c| c.locked.load(std::sync::atomic::Ordering::Acquire))
    }

    /// The request id of the answer to this call's last mutation (a request other than `GET`),
    /// if it named a plain one.
    pub fn last_request_id(&self) -> Option<String> {
        let call = self.call.as_ref()?;
        call.last_request_id
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn note_request_id(&self, id: Option<String>) {
        if let (Some(call), Some(id)) = (&self.call, id) {
            *call
                .last_request_id
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(id);
        }
    }

    /// Most requests one tool call may make.
    pub fn max_requests_per_call(&self) -> usize {
        self.max_requests_per_call
    }

    /// Count one request against the call's budget.
    fn spend(&self) -> Result<(), ToolError> {
        let Some(call) = &self.call else {
            return Ok(());
        };
        let made = call
            .requests
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if made >= self.max_requests_per_call {
            return Err(ToolError::new(
                ErrorCode::SearchTooBroad,
                format!(
                    "This call needs more than {} requests to the clinic API, the most one call may make; nothing more was sent. Narrow it: give doctor_id, a narrower specialty, or a shorter window.",
                    self.max_requests_per_call
                ),
            ));
        }
        Ok(())
    }

    /// What is left of the call's deadline (`None` outside a call); an error once it has passed.
    fn left(&self) -> Result<Option<Duration>, ToolError> {
        let Some(call) = &self.call else {
            return Ok(None);
        };
        let deadline = *call
            .deadline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(call_deadline_passed(self.call_deadline));
        }
        Ok(Some(left))
    }

    /// The timeout the request may take (the request timeout, or what is left of the call's
    /// deadline if that is less) and whether the deadline is what bounds it.
    fn timeout(&self) -> Result<(Duration, bool), ToolError> {
        Ok(match self.left()? {
            Some(left) if left < self.timeout => (left, true),
            _ => (self.timeout, false),
        })
    }

    /// A turn to send a request ([`Gate`]): at once when fewer than the limit are in flight and
    /// nobody waits, else in line, at most the queue timeout and never past the call's deadline.
    /// The timer is set only when the request has to wait.
    async fn admit(&self) -> Result<tokio::sync::SemaphorePermit<'_>, ToolError> {
        let gate = &*self.gate;
        if let Ok(permit) = gate.permits.try_acquire() {
            return Ok(permit);
        }
        let left = self.left()?;
        let wait = left.map_or(gate.queue_timeout, |l| l.min(gate.queue_timeout));
        match tokio::time::timeout(wait, gate.permits.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            // The semaphore is never closed.
            Ok(Err(_)) => Err(not_built()),
            Err(_) if left.is_some_and(|l| l < gate.queue_timeout) => {
                Err(call_deadline_passed(self.call_deadline))
            }
            Err(_) => {
                tracing::warn!(
                    limit = gate.limit,
                    queue_timeout_ms = gate.queue_timeout.as_millis(),
                    "a request to the clinic API found every slot taken for the whole queue timeout; answered UPSTREAM_BUSY"
                );
                Err(busy(gate.limit, gate.queue_timeout))
            }
        }
    }

    /// The process's one HTTP client, built on the first call.
    fn http(&self) -> Result<&HttpClient, ToolError> {
        self.http
            .get_or_init(|| build_http(&self.base_url, self.timeout))
            .as_ref()
            .map_err(|e| {
                ToolError::new(
                    ErrorCode::InternalError,
                    format!(
                        "The HTTP client could not be built ({e}); nothing was sent. Restart the server."
                    ),
                )
            })
    }

    /// `GET` a public route: no `Authorization` header, whatever the session holds.
    pub async fn get_public<T: DeserializeOwned>(&self, path: &str) -> Result<T, ToolError> {
        self.send(Request {
            method: Method::GET,
            path,
            credential: None,
            body: None,
            idempotency_key: None,
        })
        .await
    }

    /// `GET` a public route and read the answer's body with `parse` (which may keep only part of
    /// it, e.g. deserialise a list element by element and keep the few it needs).
    pub async fn get_public_with<R>(
        &self,
        path: &str,
        parse: impl FnOnce(&[u8]) -> Result<R, serde_json::Error>,
    ) -> Result<R, ToolError> {
        self.send_with(
            Request {
                method: Method::GET,
                path,
                credential: None,
                body: None,
                idempotency_key: None,
            },
            parse,
        )
        .await
    }

    /// `GET` a protected route with the caller's token.
    pub async fn get<T: DeserializeOwned>(
        &self,
        credential: Credential<'_>,
        path: &str,
    ) -> Result<T, ToolError> {
        self.send(Request {
            method: Method::GET,
            path,
            credential: Some(credential),
            body: None,
            idempotency_key: None,
        })
        .await
    }

    /// `POST` a JSON body to a protected route, with an optional `Idempotency-Key`.
    pub async fn post<T: DeserializeOwned>(
        &self,
        credential: Credential<'_>,
        path: &str,
        body: Value,
        idempotency_key: Option<&str>,
    ) -> Result<T, ToolError> {
        self.send(Request {
            method: Method::POST,
            path,
            credential: Some(credential),
            body: Some(body),
            idempotency_key,
        })
        .await
    }

    /// `PATCH` a JSON body to a protected route.
    pub async fn patch_json<T: DeserializeOwned>(
        &self,
        credential: Credential<'_>,
        path: &str,
        body: Value,
    ) -> Result<T, ToolError> {
        self.send(Request {
            method: Method::PATCH,
            path,
            credential: Some(credential),
            body: Some(body),
            idempotency_key: None,
        })
        .await
    }

    /// `PATCH` a protected route without a body.
    pub async fn patch<T: DeserializeOwned>(
        &self,
        credential: Credential<'_>,
        path: &str,
    ) -> Result<T, ToolError> {
        self.send(Request {
            method: Method::PATCH,
            path,
            credential: Some(credential),
            body: None,
            idempotency_key: None,
        })
        .await
    }

    /// A mutation of a protected route (`POST` or `PATCH`, with an optional JSON body and
    /// `Idempotency-Key`), answered with whether the API replayed an earlier answer.
    pub async fn mutate<T: DeserializeOwned>(
        &self,
        credential: Credential<'_>,
        method: Method,
        path: &str,
        body: Option<Value>,
        idempotency_key: Option<&str>,
    ) -> Result<Reply<T>, ToolError> {
        let mut replayed = false;
        let value = self
            .send_full(
                Request {
                    method,
                    path,
                    credential: Some(credential),
                    body,
                    idempotency_key,
                },
                |headers| {
                    replayed = headers
                        .get("idempotent-replayed")
                        .and_then(|v| v.to_str().ok())
                        .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
                },
                crate::json::from_bytes,
            )
            .await?;
        Ok(Reply { value, replayed })
    }

    /// Why a request failed, from the error's sources (the innermost is the most precise: an
    /// I/O error, a TLS alert, a certificate problem), without the URL, and scrubbed of the token.
    fn cause_of(&self, e: &Lost, token: Option<&AccessToken>) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut source: Option<&dyn std::error::Error> = match e {
            Lost::Timeout => None,
            // Its own text only says which step failed ("client error (Connect)").
            Lost::Request(e) => std::error::Error::source(e),
            Lost::Body(e) => Some(&**e),
        };
        while let Some(s) = source {
            let text = s.to_string();
            if !parts.iter().any(|p| p.contains(&text)) {
                parts.push(text);
            }
            source = s.source();
        }
        if parts.is_empty() {
            parts.push(
                if e.is_timeout() {
                    "timed out"
                } else {
                    "unknown"
                }
                .to_owned(),
            );
        }
        let joined = parts
            .join(": ")
            .replace(self.base_url.as_str(), "<SUT_BASE_URL>");
        let scrubbed = match token {
            Some(t) => t.scrub(&joined),
            None => joined,
        };
        truncate(&scrubbed, 300)
    }

    /// The base URL with `path` (`/route[?query]`, built by the tools from validated values)
    /// appended to its path (`url` percent-encodes what a query needs), as the request's URI.
    fn uri(&self, path: &str) -> Result<http::Uri, ToolError> {
        let uri = match plain_route(path) {
            // What `url` would make of it, without parsing the base again (tested below).
            true => {
                let mut joined = String::with_capacity(self.prefix.path.len() + path.len());
                joined.push_str(&self.prefix.path);
                joined.push_str(path);
                let mut parts = http::uri::Parts::default();
                parts.scheme = Some(self.prefix.scheme.clone());
                parts.authority = Some(self.prefix.authority.clone());
                http::uri::PathAndQuery::try_from(joined)
                    .map_err(http::Error::from)
                    .and_then(|p| {
                        parts.path_and_query = Some(p);
                        http::Uri::from_parts(parts).map_err(http::Error::from)
                    })
            }
            false => http::Uri::try_from(self.url(path).as_str()).map_err(http::Error::from),
        };
        uri.map_err(|_| not_built())
    }

    /// The base URL with `path` appended to its path.
    fn url(&self, path: &str) -> url::Url {
        let (route, query) = match path.split_once('?') {
            Some((route, query)) => (route, Some(query)),
            None => (path, None),
        };
        let mut url = (*self.base_url).clone();
        let joined = format!("{}{route}", url.path().trim_end_matches('/'));
        url.set_path(&joined);
        url.set_query(query);
        url
    }

    async fn send<T: DeserializeOwned>(&self, req: Request<'_>) -> Result<T, ToolError> {
        self.send_with(req, crate::json::from_bytes).await
    }

    async fn send_with<R>(
        &self,
        req: Request<'_>,
        parse: impl FnOnce(&[u8]) -> Result<R, serde_json::Error>,
    ) -> Result<R, ToolError> {
        self.send_full(req, |_| {}, parse).await
    }

    /// Send `req`; `headers` sees the answer's headers, `parse` its body on success.
    async fn send_full<R>(
        &self,
        req: Request<'_>,
        headers: impl FnOnce(&header::HeaderMap),
        parse: impl FnOnce(&[u8]) -> Result<R, serde_json::Error>,
    ) -> Result<R, ToolError> {
        if self.refuses(&req.method) {
            return Err(ToolError::new(
                ErrorCode::InternalError,
                "This destructive call has no confirmation from the user, so its change was not sent; nothing changed.",
            ));
        }
        self.spend()?;
        let http = self.http()?;
        let uri = self.uri(req.path)?;
        // Held until the whole answer is read (or the request fails), so the bound counts
        // exchanges in flight, not requests started.
        let turn = self.admit().await?;
        let (timeout, deadline_bounds) = self.timeout()?;
        let method = req.method.clone();
        let path = req.path;
        // A request that got no (complete) answer: the operator's log gets the cause, the model
        // an answer that names the kind of failure.
        let token = req.credential.map(|c| c.token());
        let lost = |e: Lost| {
            let cause = self.cause_of(&e, token);
            tracing::warn!(%method, path, timeout = e.is_timeout(), %cause, "a request to the clinic API failed");
            if deadline_bounds && e.is_timeout() {
                call_deadline_passed(self.call_deadline)
            } else {
                transport_error(&e, &cause)
            }
        };
        let body = match &req.body {
            Some(body) => Full::new(Bytes::from(body.to_string())),
            None => Full::new(Bytes::new()),
        };
        let mut request = http::Request::new(body);
        *request.method_mut() = req.method;
        *request.uri_mut() = uri;
        *request.headers_mut() = (*self.headers).clone();
        let sent = request.headers_mut();
        if let Some(credential) = req.credential {
            let mut value =
                header::HeaderValue::from_str(&format!("Bearer {}", credential.token().expose()))
                    .map_err(|_| {
                        ToolError::new(
                            ErrorCode::InvalidTokenFormat,
                            "SUT_ACCESS_TOKEN contains characters that cannot be sent in an HTTP header. Nothing was sent.",
                        )
                    })?;
            value.set_sensitive(true);
            sent.insert(header::AUTHORIZATION, value);
        }
        if let Some(key) = req.idempotency_key {
            let key = header::HeaderValue::from_str(key).map_err(|_| not_built())?;
            sent.insert(header::HeaderName::from_static("idempotency-key"), key);
        }
        if req.body.is_some() {
            sent.insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static("application/json"),
            );
        }
        tracing::debug!(%method, path = req.path, "calling clinic API");
        // The whole exchange, the body included (at most `max_body_bytes` of it), within the
        // request's timeout.
        let exchange = async {
            let response = http.request(request).await.map_err(Lost::Request)?;
            let (head, incoming) = response.into_parts();
            match http_body_util::Limited::new(incoming, self.max_body_bytes)
                .collect()
                .await
            {
                Ok(body) => Ok((head, Some(body.to_bytes()))),
                Err(e) if e.is::<http_body_util::LengthLimitError>() => Ok((head, None)),
                Err(e) => Err(Lost::Body(e)),
            }
        };
        let (head, body) = match tokio::time::timeout(timeout, exchange).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => return Err(lost(e)),
            Err(_) => return Err(lost(Lost::Timeout)),
        };
        drop(turn);
        let status = head.status;
        headers(&head.headers);
        let mutation = method != Method::GET;
        if mutation {
            self.note_request_id(
                head.headers
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .and_then(plain_request_id),
            );
        }
        // Only whole seconds are kept: a hostile header value must not reach the model as prose.
        let retry_after = head
            .headers
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|secs| secs.min(86_400).to_string());
        let Some(body) = body else {
            return Err(ToolError::new(
                ErrorCode::UpstreamInvalidResponse,
                format!(
                    "The clinic API sent a response larger than {} bytes; it was discarded. Try a narrower request.",
                    self.max_body_bytes
                ),
            ));
        };
        let body = &body[..];
        tracing::debug!(%method, path = req.path, status = status.as_u16(), bytes = body.len(), "clinic API answered");
        if status.is_success() {
            return parse(body).map_err(|_| {
                ToolError::new(
                    ErrorCode::UpstreamInvalidResponse,
                    format!(
                        "The clinic API answered {} with a body that is not the expected JSON. Retrying will not help until the API is fixed.",
                        status.as_u16()
                    ),
                )
            });
        }
        if !mutation {
            return Err(self.upstream_error(status, body, retry_after.as_deref(), token));
        }
        if let Some(id) = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| v.get("requestId")?.as_str().and_then(plain_request_id))
        {
            self.note_request_id(Some(id));
        }
        Err(self.upstream_error(status, body, retry_after.as_deref(), token))
    }

    /// Turn an error answer into a tool error: the API's `errorCode` passed through when it is one
    /// of the API's own ([`ErrorCode::from_upstream`]), its message kept (scrubbed of the token), and a
    /// hint of what to do next.
    fn upstream_error(
        &self,
        status: StatusCode,
        body: &[u8],
        retry_after: Option<&str>,
        token: Option<&AccessToken>,
    ) -> ToolError {
        let parsed: Option<(String, String)> =
            serde_json::from_slice::<Value>(body).ok().and_then(|v| {
                let code = v.get("errorCode")?.as_str()?.to_owned();
                let message = v
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                Some((code, message))
            });
        let scrub = |s: &str| match token {
            Some(t) => t.scrub(s),
            None => s.to_owned(),
        };
        if status.is_redirection() {
            return ToolError::new(
                ErrorCode::UpstreamRedirect,
                format!(
                    "The clinic API answered with a redirect ({}); redirects are not followed so the token cannot travel elsewhere. Check SUT_BASE_URL.",
                    status.as_u16()
                ),
            );
        }
        let parsed: Option<(ErrorCode, String)> = match parsed {
            Some((code, message)) => match ErrorCode::from_upstream(&code) {
                Some(code) => Some((code, message)),
                None => {
                    // An unknown code may be the token echoed back, or prose: the model sees neither.
                    tracing::debug!(
                        status = status.as_u16(),
                        "the clinic API sent an errorCode outside its contract; answered UPSTREAM_ERROR"
                    );
                    None
                }
            },
            None => None,
        };
        // A 429 is a rate limit whatever its body says (or lacks): the wait is what matters.
        let parsed = match parsed {
            None if status == StatusCode::TOO_MANY_REQUESTS => {
                Some((ErrorCode::RateLimited, String::new()))
            }
            other => other,
        };
        let Some((code, message)) = parsed else {
            let code = if status.is_server_error() {
                ErrorCode::UpstreamUnavailable
            } else {
                ErrorCode::UpstreamError
            };
            return ToolError::new(
                code,
                format!(
                    "The clinic API answered {} without a usable error body.{}",
                    status.as_u16(),
                    if status.is_server_error() {
                        " It may be temporarily down; try again shortly."
                    } else {
                        ""
                    }
                ),
            );
        };
        let hint = match code {
            ErrorCode::AuthRequired | ErrorCode::AuthInvalid => {
                " The caller's token was refused: set a valid SUT_ACCESS_TOKEN and restart the server."
                    .to_owned()
            }
            ErrorCode::Forbidden => " This session's caller is not allowed to do that; nothing was changed.".to_owned(),
            ErrorCode::SlotTaken => " Pick another slot with find_available_slots.".to_owned(),
            ErrorCode::RateLimited => format!(
                " Wait {} seconds before booking again.",
                retry_after.unwrap_or("a few")
            ),
            _ => String::new(),
        };
        let mut message = truncate(&scrub(&message), MAX_UPSTREAM_MESSAGE);
        // The message reaches the model's context: an upstream does not get to address the model.
        if clinic_policy::check_text(clinic_policy::Field::Other, &message, "", &[])
            .iter()
            .any(clinic_policy::Violation::is_injection)
        {
            tracing::warn!(code = %code, "withheld an upstream error message that failed the description policy");
            message =
                "The clinic API's message was withheld: it did not pass the description policy."
                    .to_owned();
        }
        if !message.is_empty() && !message.ends_with(['.', '!', '?']) {
            message.push('.');
        }
        ToolError::new(code, format!("{message}{hint}").trim().to_owned())
    }
}

/// Most characters of an upstream error message passed on to the model.
const MAX_UPSTREAM_MESSAGE: usize = 300;

/// Whether `path` is a route (and query) of the characters the tools build them from (letters,
/// digits, `/`, `-`, `_`, and `?`, `=`, `&`), which `url` leaves as they are.
fn plain_route(path: &str) -> bool {
    path.starts_with('/')
        && !path.contains("//")
        && path.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'/' | b'?' | b'=' | b'&' | b'-' | b'_')
        })
}

/// The answer when a request cannot be built (its route is built from validated values, and its
/// headers checked, so this is our bug, not the caller's).
fn not_built() -> ToolError {
    ToolError::new(
        ErrorCode::InternalError,
        "The request to the clinic API could not be built; nothing was sent.",
    )
}

/// The answer when a call's whole deadline passes, whichever request it was making.
fn call_deadline_passed(deadline: Duration) -> ToolError {
    ToolError::new(
        ErrorCode::UpstreamTimeout,
        format!(
            "The whole call did not finish within its deadline of {} ms (three request timeouts); the clinic API may be slow. Try again shortly, or narrow the request.",
            deadline.as_millis()
        ),
    )
}

/// The answer when a request waited its whole queue timeout for a turn ([`Gate`]).
fn busy(limit: usize, queue_timeout: Duration) -> ToolError {
    ToolError::new(
        ErrorCode::UpstreamBusy,
        format!(
            "The server already has {limit} requests to the clinic API in flight, the most it sends at once, and none ended within {} ms; this request was not sent. Try again shortly.",
            queue_timeout.as_millis()
        ),
    )
}

/// Whether a transport failure's cause is the TLS layer's (handshake, certificate, alert).
fn is_tls_failure(cause: &str) -> bool {
    let low = cause.to_ascii_lowercase();
    [
        "certificate",
        "tls",
        "handshake",
        "invalidcontenttype",
        "corrupt message",
        "alert",
    ]
    .iter()
    .any(|w| low.contains(w))
}

fn transport_error(e: &Lost, cause: &str) -> ToolError {
    if is_tls_failure(cause) {
        ToolError::new(
            ErrorCode::UpstreamUnavailable,
            format!(
                "The TLS connection to the clinic API failed ({cause}); nothing was exchanged. Retrying will not help until SUT_BASE_URL or the API's certificate is fixed."
            ),
        )
    } else if e.is_timeout() {
        ToolError::new(
            ErrorCode::UpstreamTimeout,
            "The clinic API did not answer in time. It may be overloaded; try again shortly.",
        )
    } else if e.is_connect() {
        ToolError::new(
            ErrorCode::UpstreamUnavailable,
            format!(
                "The clinic API could not be reached ({cause}). It may be down; try again shortly, or check SUT_BASE_URL."
            ),
        )
    } else {
        ToolError::new(
            ErrorCode::UpstreamUnavailable,
            format!(
                "The connection to the clinic API failed before a complete answer arrived ({cause}); try again shortly."
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    /// A destructive call's client sends no change before the human confirmed: the refusal comes
    /// before any connection (the port below has nothing listening, so a request that left would
    /// answer `UPSTREAM_UNAVAILABLE`). Reads go; after `confirmed`, changes go too.
    #[tokio::test]
    async fn a_destructive_call_sends_no_change_before_confirmation() {
        use crate::caller::{AccessToken, Caller, Credential, Role};
        use crate::error::ErrorCode;
        use crate::session::{Profile, Session, SessionRole};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        drop(listener);
        let session = Session::new(
            Profile::Full,
            SessionRole::Patient,
            &format!("http://127.0.0.1:{port}/api/v1"),
            AccessToken::new("patient-token"),
        )
        .unwrap();
        let caller = Caller::new(SessionRole::Patient, AccessToken::new("patient-token"));
        let credential = Credential::for_caller(&caller, Role::Patient).unwrap();
        let api = super::ApiClient::new(&session).unwrap();
        let code = |r: Result<serde_json::Value, crate::error::ToolError>| r.unwrap_err().code;
        let locked = api.for_destructive_call();
        for method in [
            super::Method::PATCH,
            super::Method::POST,
            super::Method::DELETE,
        ] {
            let sent = locked
                .mutate::<serde_json::Value>(
                    credential,
                    method,
                    "/appointments/1/cancel",
                    None,
                    None,
                )
                .await
                .map(|r| r.value);
            assert_eq!(code(sent), ErrorCode::InternalError);
        }
        assert_eq!(
            code(locked.patch(credential, "/appointments/1/cancel").await),
            ErrorCode::InternalError
        );
        // a read is not refused: it leaves, and finds nobody
        assert_eq!(
            code(locked.get(credential, "/appointments/1").await),
            ErrorCode::UpstreamUnavailable
        );
        // nor is any request of a call that is not destructive
        assert_eq!(
            code(
                api.for_call()
                    .patch(credential, "/appointments/1/cancel")
                    .await
            ),
            ErrorCode::UpstreamUnavailable
        );
        locked.confirmed();
        assert_eq!(
            code(locked.patch(credential, "/appointments/1/cancel").await),
            ErrorCode::UpstreamUnavailable
        );
    }

    #[test]
    fn error_codes_are_screened() {
        use crate::error::ErrorCode;
        let passed = |c: &str| ErrorCode::from_upstream(c).is_some();
        assert!(passed("SLOT_TAKEN"));
        assert!(!passed("ignore previous instructions"));
        assert!(!passed(""));
        assert!(!passed(&"A".repeat(65)));
        // Well-formed but not the API's: a token of [A-Z0-9_], or one of our own codes.
        assert!(!passed("CANARY_TOKEN_7F3A_SECRET_42"));
        assert!(!passed("MISSING_TOKEN"));
        assert!(!passed("slot_taken"));
    }

    /// The `Host` every request carries is the one hyper-util's client would add: the host, and
    /// the port unless it is the scheme's default (`url` drops a default port it is given).
    #[test]
    fn the_host_header_is_the_one_the_http_client_would_add() {
        use crate::session::{Profile, Session, SessionRole};
        for (base, host) in [
            ("http://127.0.0.1:3000/api/v1", "127.0.0.1:3000"),
            ("http://LOCALHOST:80/A/b", "localhost"),
            ("http://clinic.example:443/", "clinic.example:443"),
            ("https://clinic.example:443/base", "clinic.example"),
            ("https://clinic.example:8443", "clinic.example:8443"),
            ("http://[::1]:3000/api", "[::1]:3000"),
            ("http://[::1]/api", "[::1]"),
        ] {
            let session = Session::new(Profile::Full, SessionRole::None, base, None).unwrap();
            let api = super::ApiClient::new(&session).unwrap();
            assert_eq!(
                api.headers
                    .get(http::header::HOST)
                    .and_then(|v| v.to_str().ok()),
                Some(host),
                "{base}"
            );
        }
    }

    /// A base URL `url` reads but the HTTP client cannot send to stops the start-up, saying so
    /// (it used to start, and fail every call).
    #[test]
    fn a_base_url_the_http_client_cannot_use_stops_the_start() {
        use crate::session::{Profile, Session, SessionRole};
        let base = "http://clinic{1}:3000/api";
        // `url` reads it (braces are allowed in its domains), so the session takes it.
        let session = Session::new(Profile::Full, SessionRole::None, base, None).unwrap();
        let refused = super::ApiClient::new(&session)
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.contains("the HTTP client cannot send to it")),
            "{refused:?}"
        );
    }

    /// On the wire: `Host`, `Accept` and `User-Agent` once each; `Authorization` only on a
    /// protected route, once.
    #[tokio::test]
    async fn a_request_carries_each_header_once() {
        use crate::caller::{AccessToken, Caller, Credential, Role};
        use crate::session::{Profile, Session, SessionRole};
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let heads = tokio::spawn(async move {
            let (mut stream, _) = listener.accept().await.unwrap();
            let mut heads = Vec::new();
            let mut read = Vec::new();
            let mut buf = [0u8; 4096];
            while heads.len() < 2 {
                let n = stream.read(&mut buf).await.unwrap();
                assert!(n > 0, "the connection closed early");
                read.extend_from_slice(&buf[..n]);
                if let Some(end) = read.windows(4).position(|w| w == b"\r\n\r\n") {
                    heads.push(String::from_utf8_lossy(&read[..end]).to_lowercase());
                    read.drain(..end + 4);
                    stream
                        .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]")
                        .await
                        .unwrap();
                }
            }
            heads
        });
        let token = AccessToken::new("patient-token-0001");
        let session = Session::new(
            Profile::Full,
            SessionRole::Patient,
            &format!("http://127.0.0.1:{port}/api/v1"),
            token.clone(),
        )
        .unwrap();
        let caller = Caller::new(SessionRole::Patient, token);
        let credential = Credential::for_caller(&caller, Role::Patient).unwrap();
        let api = super::ApiClient::new(&session).unwrap().for_call();
        api.get_public::<serde_json::Value>("/doctors")
            .await
            .unwrap();
        api.get::<serde_json::Value>(credential, "/appointments/my")
            .await
            .unwrap();
        let heads = heads.await.unwrap();
        let count = |head: &str, name: &str| {
            head.lines()
                .filter(|l| l.starts_with(&format!("{name}:")))
                .count()
        };
        for (head, authorized) in heads.iter().zip([false, true]) {
            for name in ["host", "accept", "user-agent"] {
                assert_eq!(count(head, name), 1, "{name} in {head}");
            }
            let host = format!("host: 127.0.0.1:{port}");
            assert!(head.lines().any(|l| l == host), "{head}");
            assert_eq!(
                count(head, "authorization"),
                usize::from(authorized),
                "{head}"
            );
        }
    }

    /// A plain route is appended to the base as it is, and reads exactly as `url` makes it; any
    /// other goes through `url`.
    #[test]
    fn plain_routes_make_the_uri_url_makes() {
        use crate::session::{Profile, Session, SessionRole};
        for base in [
            "http://127.0.0.1:3000/api/v1",
            "http://127.0.0.1:3000/api/v1/",
            "http://127.0.0.1:3000",
            "https://clinic.example:443/base",
            "http://LOCALHOST:80/A/b",
        ] {
            let session = Session::new(Profile::Full, SessionRole::None, base, None).unwrap();
            let api = super::ApiClient::new(&session).unwrap();
            for path in [
                "/doctors",
                "/doctors/3/slots",
                "/appointments/my?page=2&limit=20",
                "/protocols?q=chest%20pain&limit=5",
                "/a?b=c?d",
                "/x/../y",
                "/x/./y",
                "/x//y",
                "/q?a b",
                "/é",
            ] {
                let through_url = http::Uri::try_from(api.url(path).as_str()).ok();
                assert_eq!(api.uri(path).ok(), through_url, "{base} {path}");
                assert!(through_url.is_some(), "{base} {path}");
            }
            assert!(super::plain_route("/appointments/my?page=2&limit=20"));
            for other in ["/x/../y", "/x//y", "/q?a b", "/é", "/p?q=a%20b", "doctors"] {
                assert!(!super::plain_route(other), "{other}");
            }
        }
    }

    #[test]
    fn request_urls_join_the_base_path_route_and_query() {
        use crate::session::{Profile, Session, SessionRole};
        let client = |base: &str| {
            let session = Session::new(Profile::Full, SessionRole::None, base, None).unwrap();
            super::ApiClient::new(&session).unwrap()
        };
        let api = client("http://127.0.0.1:3000/api/v1/");
        assert_eq!(
            api.url("/doctors").as_str(),
            "http://127.0.0.1:3000/api/v1/doctors"
        );
        assert_eq!(
            api.url("/appointments/my?page=2&limit=20").as_str(),
            "http://127.0.0.1:3000/api/v1/appointments/my?page=2&limit=20"
        );
        assert_eq!(
            client("http://127.0.0.1:3000")
                .url("/doctors/3/slots")
                .as_str(),
            "http://127.0.0.1:3000/doctors/3/slots"
        );
    }
}
