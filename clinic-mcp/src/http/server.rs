//! The HTTP server: axum with rmcp's Streamable HTTP service at `/mcp`, stateless (any replica
//! answers any request), except for the sessions of clients of older protocols when the operator
//! gave the confirmation keys ([`super::sessions`]: any replica holding them takes a session up
//! from its id; only a question open in one must be answered there). Around it, in this order:
//! `Host` and `Origin` validation (DNS rebinding), a deadline on every request, the bearer token,
//! a bound on the body, the caller's rate, the scope the token grants, the session a request
//! names, the caller's requests in progress. `/healthz` and `/readyz` answer without a token (and
//! without the `Host` check, so a probe by pod IP works); the protected-resource metadata needs no
//! token.
//!
//! Past every guard, a stateless `POST` whose body is a plain `tools/call` of a tool that asks
//! nobody, in a request rmcp's stateless service would take as it stands ([`answered_directly`]),
//! is answered by the stdio transport's own code (`transport`, point 4) instead of rmcp's
//! per-request service (a service, three channels and a task per request, and the answer turned
//! into a `serde_json::Value` and back), with the answer rmcp would give: the same status,
//! `Content-Type` and JSON, the structured content's members in the tool's own order (as over
//! stdio) where rmcp's `Value` sorts them (`tests/tests/http_auth.rs` compares them); every other
//! request is rmcp's.

use super::args::HttpArgs;
use super::auth::{Principal, Validator};
use super::exchange::{ClientAuth, Exchanger};
use super::handler::PerToken;
use super::metadata::{self, scope_for};
use super::rate::{RateLimit, Rates, retry_after_secs};
use super::sealed::SealingKeys;
use super::sessions::{self, Route, SealedStore, Sessions};
use crate::server::ClinicServer;
use crate::session::{Profile, Session};
use crate::tool::ToolDef;
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// The largest request body read: a JSON-RPC request of this server's tools is a few hundred
/// bytes.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;

/// The path MCP is served at.
pub const MCP_PATH: &str = "/mcp";

/// Most requests of one caller in progress at once, by default.
pub const DEFAULT_MAX_REQUESTS_PER_CALLER: usize = 8;

/// Most requests of one caller per second (and its burst), by default: far above a person's
/// agent (a call per model turn, seconds apart; parallel calls in small batches), and a small
/// share of a replica and of the clinic API for one runaway caller (docs/DEPLOY.md).
pub const DEFAULT_MAX_RATE_PER_CALLER: u32 = 20;

/// How long keys unknown to the JWKS wait before it is read again.
pub const JWKS_MIN_REFRESH: Duration = Duration::from_secs(30);
/// The issuer's keys are read again at least this often: a key withdrawn at the issuer stops
/// verifying tokens within it.
pub const JWKS_MAX_AGE: Duration = Duration::from_secs(300);

/// Everything `serve --http` needs, checked.
#[derive(Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The canonical resource URI: the `aud` tokens must carry.
    pub resource: url::Url,
    pub issuer: url::Url,
    /// The issuer exactly as configured: what `iss` and the metadata's `issuer` must be.
    pub issuer_text: String,
    /// `Host` values accepted (`host:port`, lowercase).
    pub allowed_hosts: Vec<String>,
    /// `Origin` values accepted (serialised origins), when a request carries one.
    pub allowed_origins: Vec<String>,
    pub client_id: String,
    pub client_auth: ClientAuth,
    pub max_body_bytes: usize,
    /// Every request is answered within this, or with 504.
    pub deadline: Duration,
    pub jwks_min_refresh: Duration,
    /// The issuer's keys are read again at least this often ([`JWKS_MAX_AGE`]).
    pub jwks_max_age: Duration,
    /// Most requests of one caller in progress at once.
    pub max_requests_per_caller: usize,
    /// Most requests of one caller per period, in bursts of up to as many.
    pub rate_per_caller: RateLimit,
    /// The keys that seal the confirmation state of destructive calls; `None`: those tools are
    /// not offered (unless the operator gave up the confirmation).
    pub confirmation_keys: Option<Arc<SealingKeys>>,
    /// Whether clients of protocols before 2026-07-28 get sessions: unless the operator turned
    /// them off, whenever there are confirmation keys (which seal the session ids).
    pub sessions: bool,
    /// Whether a stateless plain `tools/call` of a tool that asks nobody is answered by this
    /// server's own code rather than rmcp's per-request service ([`answered_directly`]); the
    /// answer is the same either way. `false` sends every request through rmcp (tests compare).
    pub direct_calls: bool,
}

/// Why `serve --http` did not run.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// Bad configuration (exit 2).
    #[error("{0}")]
    Usage(String),
    /// The catalogue or the API client refused to start (as over stdio).
    #[error(transparent)]
    Start(#[from] crate::error::StartError),
    /// Listening or serving failed (exit 4).
    #[error("{0}")]
    Runtime(String),
}

/// The variable `name` if set and not empty.
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn is_loopback_host(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// `host[:port]` as a client sends it in `Host` for `url` (the port only when not the default).
fn authority(url: &url::Url) -> Option<String> {
    let host = match url.host()? {
        url::Host::Ipv6(ip) => format!("[{ip}]"),
        other => other.to_string().to_ascii_lowercase(),
    };
    Some(match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    })
}

/// An origin as browsers send it, or `None` for anything that is not one.
fn origin_of(text: &str) -> Option<String> {
    let url = url::Url::parse(text.trim()).ok()?;
    let origin = url.origin();
    origin
        .is_tuple()
        .then(|| origin.ascii_serialization().to_ascii_lowercase())
}

/// `origin` with its port written out (rmcp reads an origin without one as "any port").
fn with_port(origin: &str) -> Option<String> {
    let url = url::Url::parse(origin).ok()?;
    Some(format!(
        "{}://{}:{}",
        url.scheme(),
        url.host_str()?,
        url.port_or_known_default()?
    ))
}

impl Config {
    /// The configuration `args` and the environment give, for `session` (its limits give the
    /// deadline). Refused, never defaulted: an issuer, a client id and one client credential are
    /// required; a non-loopback address needs an `https` resource URI.
    pub fn from_args(args: &HttpArgs, addr: &str, session: &Session) -> Result<Self, HttpError> {
        Self::with_credential(args, addr, session, None)
    }

    /// [`Config::from_args`], with `credential` as the client credential when it is given (the
    /// demo's, made in process): then no credential file may be named.
    pub fn with_credential(
        args: &HttpArgs,
        addr: &str,
        session: &Session,
        credential: Option<ClientAuth>,
    ) -> Result<Self, HttpError> {
        let usage = |m: String| HttpError::Usage(m);
        let addr: SocketAddr = addr.parse().map_err(|_| {
            usage(format!(
                "--http {addr:?} is not an address with a port, e.g. 127.0.0.1:8080"
            ))
        })?;
        let resource_text = args
            .resource_url
            .clone()
            .or_else(|| env("CLINIC_RESOURCE_URL"));
        let resource = match resource_text {
            Some(text) => url::Url::parse(&text)
                .map_err(|e| usage(format!("--resource-url {text:?}: {e}")))?,
            None if addr.ip().is_loopback() => url::Url::parse(&format!("http://{addr}{MCP_PATH}"))
                .map_err(|e| usage(format!("--http {addr}: {e}")))?,
            None => {
                return Err(usage(format!(
                    "--http {addr} is not a loopback address: give --resource-url, the https URL clients reach this server at"
                )));
            }
        };
        if resource.query().is_some() || resource.fragment().is_some() {
            return Err(usage(
                "--resource-url must have no query and no fragment (RFC 8707)".to_owned(),
            ));
        }
        if resource.scheme() != "https"
            && !(resource.scheme() == "http" && is_loopback_host(&resource))
        {
            return Err(usage(
                "--resource-url must be https (http only for a loopback host)".to_owned(),
            ));
        }
        let issuer_text = args
            .issuer
            .clone()
            .or_else(|| env("CLINIC_OAUTH_ISSUER"))
            .ok_or_else(|| {
                usage(
                    "--http needs --issuer (CLINIC_OAUTH_ISSUER): the authorization server whose tokens are accepted".to_owned(),
                )
            })?;
        let issuer = url::Url::parse(&issuer_text)
            .map_err(|e| usage(format!("--issuer {issuer_text:?}: {e}")))?;
        if issuer.scheme() != "https" && !(issuer.scheme() == "http" && is_loopback_host(&issuer)) {
            return Err(usage(
                "--issuer must be https (http only for a loopback host)".to_owned(),
            ));
        }
        let client_id = args
            .client_id
            .clone()
            .or_else(|| env("CLINIC_OAUTH_CLIENT_ID"))
            .ok_or_else(|| {
                usage(
                    "--http needs --client-id (CLINIC_OAUTH_CLIENT_ID) for the token exchange"
                        .to_owned(),
                )
            })?;
        let key_file = args
            .client_key_file
            .clone()
            .or_else(|| env("CLINIC_OAUTH_CLIENT_KEY_FILE").map(Into::into));
        let secret_file = args
            .client_secret_file
            .clone()
            .or_else(|| env("CLINIC_OAUTH_CLIENT_SECRET_FILE").map(Into::into));
        let client_auth = match (credential, key_file, secret_file) {
            (Some(given), None, None) => given,
            (Some(_), _, _) => {
                return Err(usage(
                    "--demo holds its own client credential: remove --client-key-file and --client-secret-file".to_owned(),
                ));
            }
            (None, Some(key), None) => ClientAuth::from_key_file(&key).map_err(usage)?,
            (None, None, Some(secret)) => ClientAuth::from_secret_file(&secret).map_err(usage)?,
            (None, Some(_), Some(_)) => {
                return Err(usage(
                    "give one of --client-key-file and --client-secret-file, not both".to_owned(),
                ));
            }
            (None, None, None) => {
                return Err(usage(
                    "--http needs --client-key-file (private_key_jwt) or --client-secret-file for the token exchange".to_owned(),
                ));
            }
        };
        let mut allowed_hosts: Vec<String> = authority(&resource).into_iter().collect();
        if addr.ip().is_loopback() {
            let port = addr.port();
            allowed_hosts.extend([
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ]);
        }
        let mut given: Vec<String> = args.allowed_origins.clone();
        if given.is_empty()
            && let Some(list) = env("CLINIC_ALLOWED_ORIGINS")
        {
            given = list.split(',').map(|s| s.trim().to_owned()).collect();
        }
        let mut allowed_origins = Vec::new();
        for text in given.iter().filter(|s| !s.is_empty()) {
            allowed_origins.push(
                origin_of(text)
                    .ok_or_else(|| usage(format!("--allowed-origin {text:?} is not an origin")))?,
            );
        }
        if allowed_origins.is_empty() {
            allowed_origins.extend(origin_of(resource.as_str()));
        }
        let max_requests_per_caller = match args.max_requests_per_caller {
            Some(n) => n,
            None => match env("CLINIC_MAX_REQUESTS_PER_CALLER") {
                Some(v) => v.trim().parse().map_err(|_| {
                    usage(format!(
                        "CLINIC_MAX_REQUESTS_PER_CALLER must be a whole number, got {v:?}"
                    ))
                })?,
                None => DEFAULT_MAX_REQUESTS_PER_CALLER,
            },
        };
        if !(1..=10_000).contains(&max_requests_per_caller) {
            return Err(usage(format!(
                "--max-requests-per-caller must be 1 to 10000, got {max_requests_per_caller}"
            )));
        }
        let max_rate_per_caller = match args.max_rate_per_caller {
            Some(n) => n,
            None => match env("CLINIC_MAX_RATE_PER_CALLER") {
                Some(v) => v.trim().parse().map_err(|_| {
                    usage(format!(
                        "CLINIC_MAX_RATE_PER_CALLER must be a whole number, got {v:?}"
                    ))
                })?,
                None => DEFAULT_MAX_RATE_PER_CALLER,
            },
        };
        if !(1..=10_000).contains(&max_rate_per_caller) {
            return Err(usage(format!(
                "--max-rate-per-caller must be 1 to 10000 (requests per second), got {max_rate_per_caller}"
            )));
        }
        let confirmation_keys = match args
            .confirmation_key_file
            .clone()
            .or_else(|| env("CLINIC_CONFIRMATION_KEY_FILE").map(Into::into))
        {
            Some(path) => Some(Arc::new(
                SealingKeys::from_file(&path, session.confirmation.timeout).map_err(usage)?,
            )),
            None => None,
        };
        let no_sessions = match (args.no_sessions, env("CLINIC_NO_SESSIONS")) {
            (true, _) => true,
            (false, None) => false,
            (false, Some(v)) => match v.trim().to_ascii_lowercase().as_str() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" => false,
                _ => {
                    return Err(usage(format!(
                        "CLINIC_NO_SESSIONS must be true or false, got {v:?}"
                    )));
                }
            },
        };
        let sessions = !no_sessions && confirmation_keys.is_some();
        Ok(Config {
            addr,
            resource,
            issuer,
            issuer_text,
            allowed_hosts,
            allowed_origins,
            client_id,
            client_auth,
            max_body_bytes: MAX_REQUEST_BYTES,
            deadline: session.limits.call_deadline() + Duration::from_secs(5),
            jwks_min_refresh: JWKS_MIN_REFRESH,
            jwks_max_age: JWKS_MAX_AGE,
            max_requests_per_caller,
            rate_per_caller: RateLimit::per_second(max_rate_per_caller),
            confirmation_keys,
            sessions,
            direct_calls: true,
        })
    }
}

/// How many requests each caller has in progress, bounded per caller. A caller is counted out
/// when its [`Slot`] drops (the answer was made, or the request was abandoned).
#[derive(Debug, Default)]
struct InProgress {
    callers: std::sync::Mutex<std::collections::BTreeMap<String, usize>>,
}

/// One request of `caller` in progress.
struct Slot<'a> {
    counts: &'a InProgress,
    caller: String,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        let mut callers = self.counts.lock();
        if let Some(n) = callers.get_mut(&self.caller) {
            *n -= 1;
            if *n == 0 {
                callers.remove(&self.caller);
            }
        }
    }
}

impl InProgress {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::BTreeMap<String, usize>> {
        self.callers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A slot for `caller`, unless it has `limit` in progress already.
    fn enter(&self, caller: String, limit: usize) -> Option<Slot<'_>> {
        let mut callers = self.lock();
        let n = callers.entry(caller.clone()).or_insert(0);
        if *n >= limit {
            return None;
        }
        *n += 1;
        Some(Slot {
            counts: self,
            caller,
        })
    }
}

/// What every route shares.
#[derive(Debug)]
struct App {
    ceiling: Profile,
    resource: String,
    issuer: String,
    metadata_url: String,
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    max_body_bytes: usize,
    deadline: Duration,
    validator: Arc<Validator>,
    handler: PerToken,
    draining: AtomicBool,
    max_requests_per_caller: usize,
    in_progress: InProgress,
    rates: Rates,
    /// The keys that seal session ids, when clients of older protocols get sessions.
    sessions: Option<Arc<SealingKeys>>,
    direct_calls: bool,
    /// How many calls were answered directly ([`Running::calls_answered_directly`]).
    answered_directly: std::sync::atomic::AtomicUsize,
}

impl App {
    /// 401 with the challenge: where the metadata is, and the scope that opens the catalogue (the
    /// narrowest: a wider one is asked for when a tool needs it, by 403). Always answered before
    /// the body is read, so it closes its connection ([`unread`]).
    fn unauthorized(&self, error: Option<&str>) -> Response {
        let challenge =
            metadata::challenge(&self.metadata_url, scope_for(Profile::Readonly), error);
        let mut response = (
            StatusCode::UNAUTHORIZED,
            axum::Json(serde_json::json!({"error": error.unwrap_or("invalid_request")})),
        )
            .into_response();
        if let Ok(value) = HeaderValue::from_str(&challenge) {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, value);
        }
        unread(response)
    }

    /// 403 `insufficient_scope`, naming the scope `scope` the request needs (RFC 6750 §3.1).
    fn insufficient_scope(&self, scope: &str) -> Response {
        let challenge = metadata::challenge(&self.metadata_url, scope, Some("insufficient_scope"));
        let mut response = (
            StatusCode::FORBIDDEN,
            axum::Json(serde_json::json!({"error": "insufficient_scope", "scope": scope})),
        )
            .into_response();
        if let Ok(value) = HeaderValue::from_str(&challenge) {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, value);
        }
        response
    }

    /// The scope a `tools/call` in `body` needs beyond what `principal` holds: the call names a
    /// tool the operator's ceiling and the token's role reach, but its scopes do not. A tool
    /// outside the ceiling or the role is left to the handler, which answers it as not found.
    fn scope_needed(&self, principal: &Principal, body: &[u8]) -> Option<&'static str> {
        let value: serde_json::Value = serde_json::from_slice(body).ok()?;
        let messages = match value {
            serde_json::Value::Array(items) => items,
            one => vec![one],
        };
        messages.iter().find_map(|m| {
            if m.get("method").and_then(serde_json::Value::as_str) != Some("tools/call") {
                return None;
            }
            self.scope_to_call(principal, m.pointer("/params/name")?.as_str()?)
        })
    }

    /// The scope a `tools/call` of `name` needs beyond what `principal` holds
    /// ([`Self::scope_needed`] for one call whose tool's name is read already).
    fn scope_to_call(&self, principal: &Principal, name: &str) -> Option<&'static str> {
        let wide = Principal {
            profile: Some(self.ceiling),
            ..principal.clone()
        };
        // A destructive tool counts as reachable when this server can confirm it at all: whether
        // this client can answer is the handler's to decide, after the scope.
        let can_confirm = self.handler.confirms_at_all();
        let def = self.handler.reachable(&wide, name, can_confirm)?;
        if self
            .handler
            .reachable(principal, name, can_confirm)
            .is_some()
        {
            return None;
        }
        Some(scope_for(def.profile))
    }
}

/// `Host` and `Origin` against the allowed lists (DNS rebinding: a page on another origin, or a
/// name rebound to this address, is refused before anything else runs). The probes are exempt.
async fn guard_origin(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(request).await;
    }
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_ascii_lowercase);
    if !host.is_some_and(|h| app.allowed_hosts.contains(&h)) {
        tracing::warn!(path, "refused: Host not allowed (DNS rebinding?)");
        return unread((StatusCode::FORBIDDEN, "Forbidden: Host not allowed").into_response());
    }
    if let Some(origin) = request.headers().get(header::ORIGIN) {
        let allowed = origin
            .to_str()
            .ok()
            .and_then(origin_of)
            .is_some_and(|o| app.allowed_origins.contains(&o));
        if !allowed {
            tracing::warn!(path, "refused: Origin not allowed");
            return unread(
                (StatusCode::FORBIDDEN, "Forbidden: Origin not allowed").into_response(),
            );
        }
    }
    next.run(request).await
}

/// Every request is answered within the deadline (a tool call's own deadline plus a margin), and
/// logged: method, path, status, time. No header, no body, no token.
async fn deadline(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let started = std::time::Instant::now();
    let response = match tokio::time::timeout(app.deadline, next.run(request)).await {
        Ok(response) => response,
        // (the deadline can fall before the body was read: validating the token can wait on a
        // JWKS fetch)
        Err(_) => unread(
            (
                StatusCode::GATEWAY_TIMEOUT,
                "the request ran past its deadline",
            )
                .into_response(),
        ),
    };
    tracing::info!(
        target: "clinic_mcp::access",
        %method,
        path,
        status = response.status().as_u16(),
        ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        "request"
    );
    response
}

/// `response`, answered before the request's body was read, with `Connection: close` (RFC 9112
/// §9.6). Without it hyper keeps the connection only if the body happened to be buffered already,
/// and otherwise closes it after a response that promised keep-alive: a client that reuses it
/// then sees the server disconnect without an answer.
fn unread(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The bearer token: validated, its principal attached to the request for the handler; then the
/// scope a `tools/call` needs. The body is read here, bounded, once.
async fn authorize(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let raw = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let Some(raw) = raw else {
        return app.unauthorized(None);
    };
    let principal = match app.validator.validate(raw, app.ceiling).await {
        Ok(p) => p,
        Err(why) => {
            tracing::info!(reason = %why, "refused a bearer token");
            return app.unauthorized(Some("invalid_token"));
        }
    };
    if principal.profile.is_none() {
        return unread(app.insufficient_scope(scope_for(Profile::Readonly)));
    }
    let (mut parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, app.max_body_bytes).await else {
        return unread(
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                "the request body is too large",
            )
                .into_response(),
        );
    };
    // The bounds per caller: by `sub`, else by the token's fingerprint. The rate first, once the
    // token is valid (an unauthenticated flood is answered 401 and counts for no caller) and the
    // body read (the refusal names the request's id).
    let caller = principal.caller_key();
    if let Err(wait) = app.rates.check(&caller, std::time::Instant::now()) {
        let secs = retry_after_secs(wait);
        tracing::info!(
            retry_after_s = secs,
            "refused a request: its caller is over its rate limit"
        );
        let limit = app.rates.limit();
        return too_many(
            &bytes,
            &format!("This caller is over its rate limit of {limit}. Retry in {secs} s."),
            secs,
        );
    }
    // A plain `tools/call` is read once, typed; any other body as a `Value`, for its scope.
    let plain = crate::transport::plain_call_in_body(&bytes);
    let scope = match &plain {
        Some(call) => app.scope_to_call(&principal, &call.params.name),
        None => app.scope_needed(&principal, &bytes),
    };
    if let Some(scope) = scope {
        return app.insufficient_scope(scope);
    }
    // The session the request names must be this caller's; an `initialize` opens one.
    let route = match &app.sessions {
        Some(keys) => sessions::route(keys, &caller, &parts.headers, &bytes),
        None => Route::Stateless,
    };
    if let Route::Unknown = route {
        return (StatusCode::NOT_FOUND, "Not Found: Session not found").into_response();
    }
    let Some(_slot) = app.in_progress.enter(caller, app.max_requests_per_caller) else {
        tracing::info!("refused a request: its caller has too many in progress");
        let limit = app.max_requests_per_caller;
        return too_many(
            &bytes,
            &format!(
                "This caller already has {limit} requests in progress, the most allowed. Retry once one has answered."
            ),
            1,
        );
    };
    if app.direct_calls
        && let Route::Stateless = route
        && let Some(call) = plain
        && answered_directly(&parts)
        && let Some(def) = app.handler.direct_tool(&principal, &call.params.name)
    {
        // Every guard above has held; the slot is held until the answer is made.
        drop((parts, bytes));
        app.answered_directly.fetch_add(1, Ordering::Relaxed);
        let args = call.params.arguments.unwrap_or_default();
        return match app
            .handler
            .call_directly(&principal, def, call.id, args)
            .await
        {
            Ok(answer) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                answer,
            )
                .into_response(),
            Err(e) => {
                tracing::error!(error = %e, "a tools/call answer could not be written");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the answer could not be written",
                )
                    .into_response()
            }
        };
    }
    // From here on the token lives in the principal only (redacted in `Debug`): rmcp hands the
    // request's parts to the handler and may log them.
    parts.headers.remove(header::AUTHORIZATION);
    parts.extensions.insert(principal);
    parts.extensions.insert(route);
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Whether a request whose body is a plain `tools/call` is one rmcp's stateless service would
/// take as it stands and answer with the handler's answer in a JSON body, so this server may
/// answer it itself ([`Config::direct_calls`]): a `POST` naming no session; `Accept` naming both
/// `application/json` and `text/event-stream` with no parameters (a quality value is rmcp's to
/// weigh); `Content-Type` `application/json` (rmcp's own test); no `Origin` (rmcp validates it
/// its own way); and an `MCP-Protocol-Version` before 2026-07-28 that rmcp knows, or none
/// (rmcp's default, 2025-03-26). A version from 2026-07-28 on needs `_meta` and the standard
/// headers checked, which a plain call does not carry: rmcp answers it. Anything else goes to
/// rmcp, which answers, refuses or serves it as it always did. `Host` was checked by
/// [`guard_origin`] against the list rmcp is given.
fn answered_directly(parts: &http::request::Parts) -> bool {
    use rmcp::model::ProtocolVersion;
    use rmcp::transport::common::http_header::{HEADER_MCP_PROTOCOL_VERSION, HEADER_SESSION_ID};
    let headers = &parts.headers;
    if parts.method != http::Method::POST
        || headers.contains_key(HEADER_SESSION_ID)
        || headers.contains_key(header::ORIGIN)
    {
        return false;
    }
    let (mut json, mut sse) = (false, false);
    for value in headers.get_all(header::ACCEPT) {
        let Ok(value) = value.to_str() else {
            return false;
        };
        for range in value.split(',').map(str::trim) {
            if range.contains([';', '"']) {
                return false;
            }
            json |= range.eq_ignore_ascii_case("application/json");
            sse |= range.eq_ignore_ascii_case("text/event-stream");
        }
    }
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let essence = v.split_once(';').map_or(v, |(essence, _)| essence);
            essence.trim().eq_ignore_ascii_case("application/json")
        });
    let mut versions = headers.get_all(HEADER_MCP_PROTOCOL_VERSION).iter();
    let version_ok = match (versions.next(), versions.next()) {
        (None, _) => true,
        (Some(v), None) => v.to_str().is_ok_and(|v| {
            v < ProtocolVersion::V_2026_07_28.as_str()
                && ProtocolVersion::KNOWN_VERSIONS
                    .iter()
                    .any(|k| k.as_str() == v)
        }),
        (Some(_), Some(_)) => false,
    };
    json && sse && json_body && version_ok
}

/// rmcp's services at `/mcp`: the stateless one, and the one with sessions, when they are on.
struct Mcp {
    stateless: StreamableHttpService<PerToken, NeverSessionManager>,
    sessions: Option<StreamableHttpService<PerToken, Sessions>>,
}

/// A request to `/mcp`, to the service its [`Route`] names (set by [`authorize`]).
async fn serve_mcp(State(mcp): State<Arc<Mcp>>, request: Request) -> Response {
    let route = request.extensions().get::<Route>().cloned();
    let response = match (route, &mcp.sessions) {
        (Some(Route::Session), Some(service)) => service.handle(request).await,
        (Some(Route::New(id)), Some(service)) => {
            sessions::NEW_SESSION
                .scope(id, service.handle(request))
                .await
        }
        _ => mcp.stateless.handle(request).await,
    };
    response.map(Body::new)
}

/// 429 with a JSON-RPC error (`-32000`, `message`) for the request in `body` (its `id`, if it has
/// one), and `Retry-After: retry_after` (seconds).
fn too_many(body: &[u8], message: &str, retry_after: u64) -> Response {
    let id = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("id").cloned())
        .unwrap_or(serde_json::Value::Null);
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(serde_json::json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {
                "code": -32000,
                "message": message,
            },
        })),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
    response
}

async fn healthz() -> &'static str {
    "ok"
}

/// Ready when the issuer's keys are read and the server is not shutting down.
async fn readyz(State(app): State<Arc<App>>) -> Response {
    if app.draining.load(Ordering::Acquire) {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down").into_response();
    }
    if !app.validator.ready().await && app.validator.load().await.is_err() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the issuer's keys are not read yet",
        )
            .into_response();
    }
    "ready".into_response()
}

async fn resource_metadata(State(app): State<Arc<App>>) -> Response {
    axum::Json(metadata::resource_metadata(
        &app.resource,
        &app.issuer,
        app.ceiling,
    ))
    .into_response()
}

/// A running HTTP server.
#[derive(Debug)]
pub struct Running {
    addr: SocketAddr,
    app: Arc<App>,
    stop: CancellationToken,
    mcp: CancellationToken,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    server: ClinicServer,
    exchange: Arc<Exchanger>,
    _timer: TimerKept,
}

/// The task of [`crate::transport::keep_a_timer_pending`] for this server, ended with it.
#[derive(Debug)]
struct TimerKept(tokio::task::AbortHandle);

impl Drop for TimerKept {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Running {
    /// The address it listens on (the port the system chose for `:0`).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many `tools/call` requests this server answered itself rather than through rmcp's
    /// per-request service ([`Config::direct_calls`]).
    pub fn calls_answered_directly(&self) -> usize {
        self.app.answered_directly.load(Ordering::Relaxed)
    }

    /// How many callers' exchanged tokens are kept.
    pub fn exchanged_tokens_kept(&self) -> usize {
        self.exchange.cached()
    }

    /// Stop: `/readyz` answers 503, no connection is accepted, calls in flight finish within
    /// their deadline (new ones answer `SHUTTING_DOWN`), then the rest is cut off.
    pub async fn shutdown(self) -> ClinicServer {
        self.app.draining.store(true, Ordering::Release);
        let bound = self.app.deadline;
        self.stop.cancel();
        let drain = self.server.drain(bound);
        let serve = tokio::time::timeout(bound, self.task);
        let (_, served) = tokio::join!(drain, serve);
        match served {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => tracing::warn!(error = %e, "the HTTP server stopped with an error"),
            Ok(Err(e)) => tracing::warn!(error = %e, "the HTTP server task failed"),
            Err(_) => tracing::warn!("connections still open after {bound:?}; cut off"),
        }
        self.mcp.cancel();
        self.server
    }
}

/// Listen on `config.addr` and serve `server` (built for the operator's ceiling; its caller is
/// never used) until [`Running::shutdown`].
pub async fn start(
    config: Config,
    server: ClinicServer,
    catalogue: &'static [ToolDef],
) -> Result<Running, HttpError> {
    start_with(config, server, catalogue, None).await
}

/// [`start`]; with `bearer` (`--demo-without-auth`), every request to `/mcp` is served with the
/// token it makes, in place of any the request carries ([`super::demo`]).
pub async fn start_with(
    config: Config,
    server: ClinicServer,
    catalogue: &'static [ToolDef],
    bearer: Option<super::demo::StandInBearer>,
) -> Result<Running, HttpError> {
    let session = server.session();
    let http = crate::api::build_http(&config.issuer, session.limits.timeout)
        .map_err(|e| HttpError::Runtime(format!("the HTTP client for the issuer: {e}")))?;
    let validator = Arc::new(Validator::new(
        config.issuer.clone(),
        config.issuer_text.clone(),
        config.resource.as_str().to_owned(),
        http.clone(),
        session.limits.timeout,
        config.jwks_min_refresh,
    ));
    // The token endpoint may be on another host than the API; one client with the platform's
    // roots when the issuer is https.
    let exchange = Arc::new(Exchanger::new(
        config.client_id.clone(),
        config.client_auth,
        session.base_url.clone(),
        http,
        session.limits.timeout,
    ));
    if let Err(e) = validator.load().await {
        // Served anyway: `/readyz` says not ready, and the keys are read again on demand.
        tracing::warn!(cause = %e, "the issuer's keys could not be read at start-up");
    }
    validator.keep_fresh(config.jwks_max_age);
    let offers_destructive = catalogue
        .iter()
        .any(|d| d.destructive && session.profile.includes(d.profile));
    if offers_destructive
        && config.confirmation_keys.is_none()
        && !session.confirmation.allow_unconfirmed_destructive_calls
    {
        tracing::warn!(
            "no --confirmation-key-file (CLINIC_CONFIRMATION_KEY_FILE): the destructive tools are not offered over HTTP"
        );
    }
    let session_keys = config.confirmation_keys.clone().filter(|_| config.sessions);
    let handler = PerToken {
        server: server.clone(),
        catalogue,
        exchange: exchange.clone(),
        validator: validator.clone(),
        sealing: config.confirmation_keys.clone(),
        sessions: session_keys.is_some(),
    };
    let app = Arc::new(App {
        ceiling: session.profile,
        resource: config.resource.as_str().to_owned(),
        issuer: config.issuer_text.clone(),
        metadata_url: metadata::resource_metadata_url(&config.resource),
        allowed_hosts: config.allowed_hosts.clone(),
        allowed_origins: config.allowed_origins.clone(),
        max_body_bytes: config.max_body_bytes,
        deadline: config.deadline,
        validator,
        handler: handler.clone(),
        draining: AtomicBool::new(false),
        max_requests_per_caller: config.max_requests_per_caller,
        in_progress: InProgress::default(),
        rates: Rates::new(config.rate_per_caller),
        sessions: session_keys.clone(),
        direct_calls: config.direct_calls,
        answered_directly: std::sync::atomic::AtomicUsize::new(0),
    });
    let mcp_cancel = CancellationToken::new();
    let rmcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_cancellation_token(mcp_cancel.clone())
        .with_max_request_body_bytes(config.max_body_bytes)
        // the same lists as `guard_origin`, which has already applied them
        .with_allowed_hosts(config.allowed_hosts.clone())
        .with_allowed_origins(config.allowed_origins.iter().filter_map(|o| with_port(o)))
        .enforce_origin_validation();
    let sessions = session_keys.map(|keys| {
        let mut config = rmcp_config
            .clone()
            .with_legacy_session_mode(true)
            // a session's answer streams while its user is asked: a proxy sees it alive
            .with_sse_keep_alive(Some(Duration::from_secs(15)));
        config.session_store = Some(Arc::new(SealedStore(keys.clone())));
        let idle = sessions::idle(session.confirmation.timeout);
        let handler = handler.clone();
        StreamableHttpService::new(
            move || Ok(handler.clone()),
            Arc::new(Sessions::new(keys, idle)),
            config,
        )
    });
    let stateless = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(NeverSessionManager::default()),
        rmcp_config,
    );
    let mcp = Arc::new(Mcp {
        stateless,
        sessions,
    });
    let mut protected = Router::new()
        .route(MCP_PATH, any(serve_mcp).with_state(mcp))
        .route_layer(middleware::from_fn_with_state(app.clone(), authorize));
    if let Some(bearer) = bearer {
        // runs before `authorize`, which validates the token as any other
        protected = protected.route_layer(middleware::from_fn_with_state(
            bearer,
            super::demo::replace_bearer,
        ));
    }
    let router = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route(metadata::RESOURCE_METADATA_PATH, get(resource_metadata))
        .route(
            &format!("{}{MCP_PATH}", metadata::RESOURCE_METADATA_PATH),
            get(resource_metadata),
        )
        .merge(protected)
        .layer(middleware::from_fn_with_state(app.clone(), deadline))
        .layer(middleware::from_fn_with_state(app.clone(), guard_origin))
        .with_state(app.clone());
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| HttpError::Runtime(format!("cannot listen on {}: {e}", config.addr)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| HttpError::Runtime(e.to_string()))?;
    let stop = CancellationToken::new();
    let stopped = stop.clone();
    // A request sets two timers, its deadline and its upstream request's timeout (at least the
    // request timeout each, unless cut to what is left of the call's deadline): with a timer
    // due sooner always pending, neither wakes the runtime's driver with a system call.
    let timer = TimerKept(
        tokio::spawn(crate::transport::keep_a_timer_pending(
            session.limits.timeout,
        ))
        .abort_handle(),
    );
    let task = tokio::spawn(async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async move { stopped.cancelled().await })
            .await
    });
    Ok(Running {
        addr,
        app,
        stop,
        mcp: mcp_cancel,
        task,
        server,
        exchange,
        _timer: timer,
    })
}

/// `serve --http`: check the configuration, build the server for the operator's ceiling with no
/// caller of its own, serve until `shutdown` resolves, then stop gracefully. Returns the server
/// (for its audit state).
pub async fn run(
    args: &HttpArgs,
    addr: &str,
    mut session: Session,
    catalogue: &'static [ToolDef],
    shutdown: impl Future<Output = ()>,
) -> Result<ClinicServer, HttpError> {
    let config = Config::from_args(args, addr, &session)?;
    // Each request's caller comes from its token; the process holds none.
    session.caller = crate::caller::Caller::new(crate::caller::SessionRole::None, None);
    let server = ClinicServer::with_catalogue(session, catalogue)?;
    let resource = config.resource.to_string();
    let running = start(config, server, catalogue).await?;
    eprintln!(
        "clinic-mcp: serving MCP over HTTP on {} (resource {resource})",
        running.addr()
    );
    shutdown.await;
    tracing::info!("termination signal: letting calls in flight finish");
    Ok(running.shutdown().await)
}

#[cfg(test)]
mod tests {
    use super::InProgress;

    #[test]
    fn a_caller_at_its_bound_is_refused_until_one_of_its_requests_ends() {
        let counts = InProgress::default();
        let first = counts.enter("a".to_owned(), 2);
        let second = counts.enter("a".to_owned(), 2);
        assert!(first.is_some() && second.is_some());
        assert!(counts.enter("a".to_owned(), 2).is_none());
        // another caller is not held back
        assert!(counts.enter("b".to_owned(), 2).is_some());
        drop(first);
        assert!(counts.enter("a".to_owned(), 2).is_some());
        drop(second);
        assert!(counts.lock().is_empty(), "no caller is kept once idle");
    }
}
