//! The command line: `serve` (the default), `tools`, `call`, `check`, `api`.
//!
//! Every session flag is mirrored by an environment variable but one; the token is read from the
//! environment only, because a process's argv is visible to every user of the machine. The one is
//! `--allow-unconfirmed-destructive-calls`: giving up the user's confirmation must be written
//! where the server is started, not inherited from an environment.

use crate::caller::{AccessToken, SessionRole};
use crate::confirm::{Answer, Ask, AskFuture, Question, Refusal};
use crate::error::{StartError, UnknownValue, format_findings};
use crate::server::ClinicServer;
use crate::session::{ConfirmationSettings, Profile, Session};
use crate::tool::ToolDef;
use clap::{Args, Parser, Subcommand, ValueEnum};
use rmcp::ServiceExt;
use serde_json::Value;
use std::io::Read;
#[cfg(feature = "demo")]
use std::net::SocketAddr;
use std::time::Duration;

pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:3000/api/v1";

/// The most `--max-concurrent-requests` accepts.
const MAX_CONCURRENT_REQUESTS: usize = 10_000;

/// Documented exit codes.
pub mod exit {
    /// Success.
    pub const OK: u8 = 0;
    /// `call`: the tool answered an error. `check`: the catalogue has violations.
    pub const TOOL_ERROR: u8 = 1;
    /// Bad usage or configuration: unknown profile or role, malformed base URL, bad JSON
    /// arguments, unknown tool, unreadable input.
    pub const USAGE: u8 = 2;
    /// The server refused to start: its catalogue violates the description policy.
    pub const POLICY: u8 = 3;
    /// Something failed at run time: the demo API or the MCP transport could not start.
    pub const RUNTIME: u8 = 4;
}

#[derive(Debug, Parser)]
#[command(
    name = "clinic-mcp",
    version,
    about = "An MCP server for a clinic booking API: profile-scoped tools, the caller's own token, screened descriptions",
    long_about = None,
    after_help = "Exit codes: 0 ok, 1 tool error or policy findings, 2 usage or configuration error, 3 catalogue refused by the policy, 4 runtime failure."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Session options for the default command (`serve`); given before `serve`, `tools` or
    /// `call` they apply to it as if given after it, and before `check` or `api` they are refused.
    #[command(flatten)]
    pub session: SessionArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve MCP over stdio (what a bare `clinic-mcp` does), or over Streamable HTTP with
    /// `--http ADDR`.
    Serve {
        #[command(flatten)]
        session: SessionArgs,
        #[command(flatten)]
        http: crate::http::HttpArgs,
    },
    /// Print the tools/list an agent would see through a client that can ask its user (declares
    /// elicitation); one that cannot gets the same list without the destructive tools.
    Tools(SessionArgs),
    /// Make one tool call (the same lookup, checks and handler as tools/call) and print the result as JSON.
    Call {
        /// The tool's name.
        tool: String,
        /// The arguments, as one JSON object (default `{}`).
        args: Option<String>,
        #[command(flatten)]
        session: SessionArgs,
    },
    /// Screen a tools/list result (or a bare array of tools) with the description policy.
    Check {
        /// File to read, or `-` for standard input.
        file: String,
        /// Hold the catalogue to the controlled language our own is written in (docs/POLICY.md):
        /// every finding fails, vocabulary and hygiene included. Without it, only findings of the
        /// injection class fail; hygiene findings are reported and exit 0.
        #[arg(long)]
        strict: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Run the stand-in clinic API (synthetic data) on loopback.
    #[cfg(feature = "demo")]
    Api {
        /// Loopback address to bind (127.0.0.1, ::1, ...); any other is refused: the stand-in
        /// publishes its demo tokens.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Port to bind; 0 picks a free one.
        #[arg(long, default_value_t = 3000)]
        port: u16,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct SessionArgs {
    /// Tool profile: readonly, booking or full; anything else (even empty) refuses to start
    /// [env: MCP_PROFILE] [default: readonly]
    #[arg(long)]
    pub profile: Option<String>,
    /// The caller's role: patient, doctor or none (public tools only); anything else refuses to
    /// start [env: MCP_SESSION_ROLE] [default: patient]
    #[arg(long)]
    pub role: Option<String>,
    /// Where the clinic API lives [env: SUT_BASE_URL] [default: http://127.0.0.1:3000/api/v1]
    #[arg(long)]
    pub base_url: Option<String>,
    /// Timeout of each request to the clinic API, in milliseconds [env: SUT_TIMEOUT_MS]
    /// [default: 10000]
    #[arg(long)]
    pub timeout_ms: Option<u64>,
    /// Largest response accepted from the clinic API, in bytes [env: SUT_MAX_BODY_BYTES]
    /// [default: 1048576]
    #[arg(long)]
    pub max_body_bytes: Option<usize>,
    /// Most requests to the clinic API in flight at once, all calls together (1 to 10000); a
    /// request past it waits its turn, first come first served [env: SUT_MAX_CONCURRENT_REQUESTS]
    /// [default: 16]
    #[arg(long)]
    pub max_concurrent_requests: Option<usize>,
    /// Longest a request waits for its turn when that many are in flight, in milliseconds; then
    /// the call answers UPSTREAM_BUSY with that request not sent [env: SUT_QUEUE_TIMEOUT_MS]
    /// [default: 5000]
    #[arg(long)]
    pub queue_timeout_ms: Option<u64>,
    /// Append two JSON lines per call of a mutating tool to this file, one before it sends
    /// anything and one with its outcome (time, tool, role, token fingerprint, ids, the API's
    /// request id, outcome); a change whose line cannot be written is refused
    /// [env: CLINIC_AUDIT_LOG] [default: none]
    #[arg(long)]
    pub audit_log: Option<std::path::PathBuf>,
    /// How long the user has to answer the confirmation of a destructive call (cancel_appointment,
    /// reject_appointment), in milliseconds; no answer in time changes nothing
    /// [env: CLINIC_CONFIRMATION_TIMEOUT_MS] [default: 120000]
    #[arg(long)]
    pub confirmation_timeout_ms: Option<u64>,
    /// Give up the user's confirmation for clients that cannot ask for it (no `elicitation`
    /// capability): they are then offered the destructive tools, which run unconfirmed. Without
    /// it such a client never sees them. Clients that can ask are still asked.
    #[arg(long)]
    pub allow_unconfirmed_destructive_calls: bool,
    /// Start the stand-in API in-process with synthetic demo data and use a demo token
    /// (unless SUT_ACCESS_TOKEN is set). With --http (loopback only), also the stand-in
    /// authorization server, which signs clients in as demo users.
    #[arg(long, hide = !cfg!(feature = "demo"))]
    pub demo: bool,
}

/// A failure with its exit code and one line for a person.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Self {
        Self {
            code: exit::USAGE,
            message: message.into(),
        }
    }
    fn runtime(message: impl Into<String>) -> Self {
        Self {
            code: exit::RUNTIME,
            message: message.into(),
        }
    }
}

impl From<StartError> for Failure {
    fn from(e: StartError) -> Self {
        match e {
            StartError::Policy(_) => Failure {
                code: exit::POLICY,
                message: e.to_string(),
            },
            StartError::BaseUrl(_) => Failure::usage(e.to_string()),
            StartError::Http(_) => Failure::runtime(e.to_string()),
            StartError::Audit(_) => Failure::usage(e.to_string()),
        }
    }
}

/// The stand-in API of demo mode.
#[cfg(feature = "demo")]
pub type Demo = clinic_standin::Standin;

/// Without the `demo` feature there is no stand-in to hold.
#[cfg(not(feature = "demo"))]
#[derive(Debug)]
pub enum Demo {}

/// A session plus, in demo mode, the stand-in API it points at (kept alive with the session).
pub struct Prepared {
    pub session: Session,
    pub demo: Option<Demo>,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("session", &self.session)
            .field("demo", &self.demo.is_some())
            .finish()
    }
}

impl SessionArgs {
    /// Whether any session flag was given on the command line.
    fn any_given(&self) -> bool {
        let Self {
            profile,
            role,
            base_url,
            timeout_ms,
            max_body_bytes,
            max_concurrent_requests,
            queue_timeout_ms,
            audit_log,
            confirmation_timeout_ms,
            allow_unconfirmed_destructive_calls,
            demo,
        } = self;
        audit_log.is_some()
            || max_concurrent_requests.is_some()
            || queue_timeout_ms.is_some()
            || confirmation_timeout_ms.is_some()
            || *allow_unconfirmed_destructive_calls
            || profile.is_some()
            || role.is_some()
            || base_url.is_some()
            || timeout_ms.is_some()
            || max_body_bytes.is_some()
            || *demo
    }

    /// The flags given before the subcommand (`self`) joined with those given after it
    /// (`after`): each may come from either place; given in both with different values, refused.
    fn merged(&self, after: SessionArgs) -> Result<SessionArgs, Failure> {
        fn one<T: PartialEq + std::fmt::Debug>(
            flag: &str,
            before: Option<T>,
            after: Option<T>,
        ) -> Result<Option<T>, Failure> {
            match (before, after) {
                (Some(b), Some(a)) if b != a => Err(Failure::usage(format!(
                    "--{flag} is given before the subcommand ({b:?}) and after it ({a:?}); give it once"
                ))),
                (before, after) => Ok(after.or(before)),
            }
        }
        Ok(SessionArgs {
            profile: one("profile", self.profile.clone(), after.profile)?,
            role: one("role", self.role.clone(), after.role)?,
            base_url: one("base-url", self.base_url.clone(), after.base_url)?,
            timeout_ms: one("timeout-ms", self.timeout_ms, after.timeout_ms)?,
            max_body_bytes: one("max-body-bytes", self.max_body_bytes, after.max_body_bytes)?,
            max_concurrent_requests: one(
                "max-concurrent-requests",
                self.max_concurrent_requests,
                after.max_concurrent_requests,
            )?,
            queue_timeout_ms: one(
                "queue-timeout-ms",
                self.queue_timeout_ms,
                after.queue_timeout_ms,
            )?,
            audit_log: one("audit-log", self.audit_log.clone(), after.audit_log)?,
            confirmation_timeout_ms: one(
                "confirmation-timeout-ms",
                self.confirmation_timeout_ms,
                after.confirmation_timeout_ms,
            )?,
            allow_unconfirmed_destructive_calls: self.allow_unconfirmed_destructive_calls
                || after.allow_unconfirmed_destructive_calls,
            demo: self.demo || after.demo,
        })
    }

    /// Validate the options and build the session; in demo mode, start the stand-in API first.
    pub async fn prepare(&self) -> Result<Prepared, Failure> {
        let profile: Profile = setting(self.profile.as_deref(), "MCP_PROFILE", "readonly")
            .parse()
            .map_err(|e: UnknownValue| Failure::usage(e.to_string()))?;
        let role: SessionRole = setting(self.role.as_deref(), "MCP_SESSION_ROLE", "patient")
            .parse()
            .map_err(|e: UnknownValue| Failure::usage(e.to_string()))?;
        let timeout_ms = number(self.timeout_ms, "SUT_TIMEOUT_MS", 10_000)?;
        let max_body_bytes = number(self.max_body_bytes, "SUT_MAX_BODY_BYTES", 1024 * 1024)?;
        if timeout_ms == 0 {
            return Err(Failure::usage("--timeout-ms must be at least 1"));
        }
        let max_concurrent_requests = number(
            self.max_concurrent_requests,
            "SUT_MAX_CONCURRENT_REQUESTS",
            crate::session::DEFAULT_MAX_CONCURRENT_REQUESTS,
        )?;
        if !(1..=MAX_CONCURRENT_REQUESTS).contains(&max_concurrent_requests) {
            return Err(Failure::usage(format!(
                "--max-concurrent-requests must be 1 to {MAX_CONCURRENT_REQUESTS}, got {max_concurrent_requests}"
            )));
        }
        // 0 is allowed: a request that finds every turn taken is refused at once.
        let queue_timeout_ms = number(
            self.queue_timeout_ms,
            "SUT_QUEUE_TIMEOUT_MS",
            u64::try_from(crate::session::DEFAULT_QUEUE_TIMEOUT.as_millis()).unwrap_or(u64::MAX),
        )?;
        let confirmation_timeout_ms = number(
            self.confirmation_timeout_ms,
            "CLINIC_CONFIRMATION_TIMEOUT_MS",
            120_000,
        )?;
        if confirmation_timeout_ms == 0 {
            return Err(Failure::usage(
                "--confirmation-timeout-ms must be at least 1",
            ));
        }
        let mut token = match std::env::var_os("SUT_ACCESS_TOKEN") {
            None => None,
            // Not UTF-8 is not "absent": calls would then claim no token is configured.
            Some(raw) => Some(raw.into_string().map_err(|_| {
                Failure::usage(
                    "SUT_ACCESS_TOKEN is not valid UTF-8; a token must be visible ASCII (its value is not shown)",
                )
            })?),
        }
        .and_then(AccessToken::new);
        if token.as_ref().is_some_and(|t| !t.is_sendable()) {
            // Said once, at start-up, instead of on every protected call; the value is not echoed.
            return Err(Failure::usage(
                "SUT_ACCESS_TOKEN contains characters that cannot be sent in an HTTP header (control characters, spaces or non-ASCII)",
            ));
        }
        let (base_url, demo) = if self.demo {
            demo(role, &mut token).await?
        } else {
            // Checked and normalised by `Session::new` below.
            (
                setting(self.base_url.as_deref(), "SUT_BASE_URL", DEFAULT_BASE_URL),
                None,
            )
        };
        let mut session = Session::new(profile, role, &base_url, token)
            .map_err(|e| Failure::usage(e.to_string()))?;
        session.limits.timeout = Duration::from_millis(timeout_ms);
        session.limits.max_body_bytes = max_body_bytes;
        session.limits.max_concurrent_requests = max_concurrent_requests;
        session.limits.queue_timeout = Duration::from_millis(queue_timeout_ms);
        session.confirmation = ConfirmationSettings {
            timeout: Duration::from_millis(confirmation_timeout_ms),
            allow_unconfirmed_destructive_calls: self.allow_unconfirmed_destructive_calls,
        };
        session.audit_log = match (&self.audit_log, std::env::var_os("CLINIC_AUDIT_LOG")) {
            (Some(path), _) => Some(path.clone()),
            // Set but empty is refused, not read as "no log": a typo must not turn it off.
            (None, Some(v)) if v.is_empty() => {
                return Err(Failure::usage(
                    "CLINIC_AUDIT_LOG is set but empty; give a file path or unset it",
                ));
            }
            (None, Some(v)) => Some(std::path::PathBuf::from(v)),
            (None, None) => None,
        };
        Ok(Prepared { session, demo })
    }
}

/// Without the `demo` feature, `--demo` is refused: this build carries no stand-in and no demo
/// token.
#[cfg(not(feature = "demo"))]
async fn demo(
    _role: SessionRole,
    _token: &mut Option<AccessToken>,
) -> Result<(String, Option<Demo>), Failure> {
    Err(Failure::usage(
        "--demo: this build has no demo (built without the `demo` feature)",
    ))
}

/// Start the stand-in API on a loopback port; without a token of the caller's, use a demo
/// token of the caller's role.
#[cfg(feature = "demo")]
async fn demo(
    role: SessionRole,
    token: &mut Option<AccessToken>,
) -> Result<(String, Option<Demo>), Failure> {
    {
        {
            let standin = clinic_standin::spawn(
                SocketAddr::from(([127, 0, 0, 1], 0)),
                clinic_standin::Config::default(),
            )
            .await
            .map_err(|e| Failure::runtime(format!("cannot start the demo API: {e}")))?;
            if token.is_none() {
                let wanted = match role {
                    SessionRole::Doctor => "doctor",
                    _ => "patient",
                };
                *token = clinic_standin::DEMO_TOKENS
                    .iter()
                    .find(|t| t.role == wanted)
                    .and_then(|t| AccessToken::new(t.token));
            }
            eprintln!(
                "clinic-mcp: DEMO MODE: synthetic demo data from the in-process stand-in API at {} (not a real clinic)",
                crate::session::redact_url(&standin.base_url())
            );
            Ok((standin.base_url(), Some(standin)))
        }
    }
}

/// The flag if given, else the environment variable if *set* (an empty value is kept, and then
/// refused: a typo must never fall back to a default nobody chose), else the default.
fn setting(flag: Option<&str>, var: &str, default: &str) -> String {
    match (flag, std::env::var_os(var)) {
        (Some(f), _) => f.to_owned(),
        (None, Some(v)) => v.to_string_lossy().into_owned(),
        (None, None) => default.to_owned(),
    }
}

/// A number: the flag if given, else the environment variable if set (and a number), else the
/// default.
fn number<T: std::str::FromStr>(flag: Option<T>, var: &str, default: T) -> Result<T, Failure> {
    match (flag, std::env::var_os(var)) {
        (Some(f), _) => Ok(f),
        (None, Some(v)) => v.to_str().and_then(|v| v.parse().ok()).ok_or_else(|| {
            Failure::usage(format!(
                "{var} must be a whole number, got {:?}",
                v.to_string_lossy()
            ))
        }),
        (None, None) => Ok(default),
    }
}

/// The whole program over `catalogue`: parse the command line, start logging and the runtime,
/// run, print a failure as one line. `main` runs it over [`CATALOGUE`](crate::CATALOGUE); a test
/// binary runs it over a poisoned catalogue to see exit code 3.
pub fn main_with(catalogue: &'static [ToolDef]) -> std::process::ExitCode {
    use std::process::ExitCode;
    let cli = <Cli as clap::Parser>::parse();
    // `call` answers with one line on stderr that carries the failure and its cause: by default
    // it logs errors only, so that line stays the only one (`RUST_LOG` still opens the rest).
    init_logging(matches!(cli.command, Some(Command::Call { .. })));
    // A stdio server serves one client whose calls wait on the network, not on the CPU: one
    // thread runs them all, with no hand-offs between workers (measured: about a fifth less CPU
    // per call than two workers; see docs/PERFORMANCE.md).
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("clinic-mcp: error: cannot start the async runtime: {e}");
            return ExitCode::from(exit::RUNTIME);
        }
    };
    match runtime.block_on(run_with(cli, catalogue)) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("clinic-mcp: error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// Logs go to stderr (stdout carries protocol messages only), filtered by `RUST_LOG`
/// (`target=level` directives; default `warn`, `rmcp=error`; `error` for a `one_line` command).
fn init_logging(one_line: bool) {
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::prelude::*;
    let filter: Targets = std::env::var("RUST_LOG")
        .ok()
        .and_then(|s| s.parse().ok())
        // rmcp logs every JSON-RPC error answer (an unknown tool, say) at WARN: expected traffic.
        .unwrap_or_else(|| {
            Targets::new()
                .with_default(if one_line {
                    tracing::Level::ERROR
                } else {
                    tracing::Level::WARN
                })
                .with_target("rmcp", tracing::Level::ERROR)
        });
    tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false),
        )
        .with(filter)
        .init();
}

/// Run the command line over the shipped catalogue; returns the exit code.
pub async fn run(cli: Cli) -> Result<u8, Failure> {
    run_with(cli, crate::CATALOGUE).await
}

/// Run the command line over `catalogue`; returns the exit code.
pub async fn run_with(cli: Cli, catalogue: &'static [ToolDef]) -> Result<u8, Failure> {
    let root = cli.session;
    let refuse_root = |command: &str| {
        if root.any_given() {
            Err(Failure::usage(format!(
                "session options given before the subcommand do not apply to `{command}`; remove them"
            )))
        } else {
            Ok(())
        }
    };
    match cli.command {
        None => serve_either(&root, &crate::http::HttpArgs::default(), catalogue).await,
        Some(Command::Serve { session, http }) => {
            serve_either(&root.merged(session)?, &http, catalogue).await
        }
        Some(Command::Tools(args)) => tools(&root.merged(args)?, catalogue).await,
        Some(Command::Call {
            tool,
            args,
            session,
        }) => call(&tool, args.as_deref(), &root.merged(session)?, catalogue).await,
        Some(Command::Check {
            file,
            format,
            strict,
        }) => {
            refuse_root("check")?;
            check(&file, format, strict)
        }
        #[cfg(feature = "demo")]
        Some(Command::Api { host, port }) => {
            refuse_root("api")?;
            api(SocketAddr::new(host, port)).await
        }
    }
}

/// `serve`: over HTTP when `--http` (or `CLINIC_HTTP_ADDR`) names an address, else over stdio.
async fn serve_either(
    args: &SessionArgs,
    http: &crate::http::HttpArgs,
    catalogue: &'static [ToolDef],
) -> Result<u8, Failure> {
    if let Some(addr) = http.addr() {
        return serve_http(args, http, &addr, catalogue).await;
    }
    if let Some(flag) = http.stray() {
        return Err(Failure::usage(format!(
            "{flag} applies to --http only; give --http ADDR or remove it"
        )));
    }
    serve(args, catalogue).await
}

/// `serve --http ADDR`: the role and the token are each request's own, so the process takes
/// neither; `--profile` is the operator's ceiling.
async fn serve_http(
    args: &SessionArgs,
    http: &crate::http::HttpArgs,
    addr: &str,
    catalogue: &'static [ToolDef],
) -> Result<u8, Failure> {
    if args.role.is_some() || std::env::var_os("MCP_SESSION_ROLE").is_some() {
        return Err(Failure::usage(
            "--role (MCP_SESSION_ROLE) is refused with --http: each request's role is its token's clinic_role claim",
        ));
    }
    if std::env::var_os("SUT_ACCESS_TOKEN").is_some() {
        return Err(Failure::usage(
            "SUT_ACCESS_TOKEN is refused with --http: the clinic API gets a token exchanged for each caller, never one of the process's",
        ));
    }
    if http.demo_without_auth && !args.demo {
        return Err(Failure::usage(
            "--demo-without-auth needs --demo: it serves the demo patient of the in-process stand-in, and there is no unauthenticated mode against a real API",
        ));
    }
    if args.demo {
        let parsed: std::net::SocketAddr = addr.parse().map_err(|_| {
            Failure::usage(format!(
                "--http {addr:?} is not an address with a port, e.g. 127.0.0.1:8080"
            ))
        })?;
        if !parsed.ip().is_loopback() {
            return Err(Failure::usage(if http.demo_without_auth {
                format!(
                    "--demo-without-auth: {addr} is not a loopback address; it answers every request as the demo patient with no token, so it serves on 127.0.0.1 or ::1 only"
                )
            } else {
                format!(
                    "--demo: {addr} is not a loopback address; its authorization server signs anyone in as a demo user, so it serves on 127.0.0.1 or ::1 only"
                )
            }));
        }
        for (given, flag) in [
            (http.issuer.is_some(), "--issuer"),
            (http.client_id.is_some(), "--client-id"),
            (args.base_url.is_some(), "--base-url"),
        ] {
            if given {
                return Err(Failure::usage(format!(
                    "{flag} is refused with --demo: the demo runs its own authorization server and clinic API in this process"
                )));
            }
        }
        return serve_http_demo(args, http, parsed, catalogue).await;
    }
    let prepared = args.prepare().await?;
    let served = crate::http::run(http, addr, prepared.session, catalogue, shutdown_signal())
        .await
        .map_err(http_failure)?;
    #[cfg(feature = "demo")]
    drop(prepared.demo);
    Ok(audit_exit(&served))
}

/// A build without the demo or without HTTP has no `serve --http --demo`.
#[cfg(not(all(feature = "demo", feature = "http")))]
async fn serve_http_demo(
    _args: &SessionArgs,
    _http: &crate::http::HttpArgs,
    _addr: std::net::SocketAddr,
    _catalogue: &'static [ToolDef],
) -> Result<u8, Failure> {
    Err(Failure::usage(if cfg!(feature = "http") {
        "--demo: this build has no demo (built without the `demo` feature)"
    } else {
        "--http: this build has no HTTP transport (built without the `http` feature)"
    }))
}

/// `serve --http ADDR --demo` (ADDR on loopback, checked): the stand-in authorization server and
/// the stand-in clinic API in this process, on loopback ports, and the server wired to them as to
/// real ones: tokens of that issuer for this resource, the API in audience mode (it accepts only
/// that issuer's tokens issued for it), and a client key made here and registered there for the
/// token exchange. With `--demo-without-auth`, every request is served as the demo patient.
#[cfg(all(feature = "demo", feature = "http"))]
async fn serve_http_demo(
    args: &SessionArgs,
    http: &crate::http::HttpArgs,
    addr: std::net::SocketAddr,
    catalogue: &'static [ToolDef],
) -> Result<u8, Failure> {
    use clinic_standin::auth::{
        AuthConfig, AuthServer, ClientCredential, ClientKey, ConfidentialClient,
    };
    let loopback = SocketAddr::from(([127, 0, 0, 1], 0));
    // The resource URI names the port, and the authorization server binds the client to it: a
    // port the system picks is learned first.
    let addr = if addr.port() == 0 {
        std::net::TcpListener::bind(addr)
            .and_then(|l| l.local_addr())
            .map_err(|e| Failure::runtime(format!("cannot find a free port on {addr}: {e}")))?
    } else {
        addr
    };
    let auth = AuthServer::start(
        loopback,
        AuthConfig {
            // the demo's clients run on this machine, without TLS
            allow_http_loopback_client_metadata: true,
            ..AuthConfig::default()
        },
    )
    .await
    .map_err(|e| Failure::runtime(format!("cannot start the demo authorization server: {e}")))?;
    let standin = clinic_standin::spawn(
        loopback,
        clinic_standin::Config::checking_tokens_of(auth.server()),
    )
    .await
    .map_err(|e| Failure::runtime(format!("cannot start the demo API: {e}")))?;
    let session_args = SessionArgs {
        demo: false,
        base_url: Some(standin.base_url()),
        ..args.clone()
    };
    let mut session = session_args.prepare().await?.session;
    // Each request's caller comes from its token; the process holds none.
    session.caller = crate::caller::Caller::new(SessionRole::None, None);
    let ceiling = session.profile;
    let key = ClientKey::generate()
        .map_err(|e| Failure::runtime(format!("cannot make the demo's client key: {e}")))?;
    let credential = crate::http::exchange::ClientAuth::PrivateKey {
        key: jsonwebtoken::EncodingKey::from_ec_der(key.pkcs8_der()),
        kid: None,
    };
    let client_id = "clinic-mcp-demo";
    let demo_args = crate::http::HttpArgs {
        http: Some(addr.to_string()),
        issuer: Some(auth.issuer().to_owned()),
        client_id: Some(client_id.to_owned()),
        ..http.clone()
    };
    let config = crate::http::Config::with_credential(
        &demo_args,
        &addr.to_string(),
        &session,
        Some(credential),
    )
    .map_err(http_failure)?;
    let resource = config.resource.as_str().to_owned();
    auth.register_confidential_client(ConfidentialClient {
        client_id: client_id.to_owned(),
        credential: ClientCredential::PrivateKeyJwt(key.public_jwk()),
        resource: resource.clone(),
        exchange_audiences: vec![standin.base_url()],
    })
    .map_err(|e| Failure::runtime(format!("cannot register the demo's client: {e}")))?;
    let patient = clinic_standin::DEMO_TOKENS
        .iter()
        .find(|t| t.role == "patient")
        .map(clinic_standin::auth::demo_subject)
        .ok_or_else(|| Failure::runtime("the demo data has no patient"))?;
    let bearer = http
        .demo_without_auth
        .then(|| demo_bearer(auth.server(), patient.clone(), ceiling, resource.clone()));
    let server = ClinicServer::with_catalogue(session, catalogue)?;
    let running = crate::http::start_with(config, server, catalogue, bearer)
        .await
        .map_err(http_failure)?;
    let issuer = auth.issuer().to_owned();
    let resource_url = url::Url::parse(&resource)
        .map_err(|e| Failure::runtime(format!("the resource URL: {e}")))?;
    eprintln!(
        "clinic-mcp: DEMO MODE: synthetic demo data, not a real clinic; the authorization server and the clinic API run in this process, on loopback
  MCP (Streamable HTTP): {resource}
  its resource metadata: {}
  authorization server:  {issuer} (metadata: {})
  clinic API:            {} (accepts only tokens of that server issued for it)",
        crate::http::metadata::resource_metadata_url(&resource_url),
        crate::http::metadata::authorization_server_metadata_url(&auth_url(&issuer)?),
        crate::session::redact_url(&standin.base_url()),
    );
    if http.demo_without_auth {
        eprintln!(
            "clinic-mcp: --demo-without-auth: NO OAUTH. Every request to {resource} is served as the demo patient ({patient}), with its profile up to --profile ({ceiling}); an Authorization header a client sends is dropped, never read. Connect any MCP client to that URL."
        );
    } else {
        eprintln!(
            "clinic-mcp: to connect, give an MCP client that does OAuth (MCP Inspector, the Python SDK's OAuth provider) the URL {resource}: it is answered 401 with a challenge naming the metadata above, registers itself at the authorization server (dynamic client registration, loopback redirect URIs), and is signed in with no prompt as the demo patient ({patient}; authorization requests with login_hint=doctor-1 sign in a doctor). Scopes: clinic.readonly, clinic.booking, clinic.full, up to --profile ({ceiling})."
        );
    }
    shutdown_signal().await;
    tracing::info!("termination signal: letting calls in flight finish");
    let served = running.shutdown().await;
    standin.shutdown().await;
    auth.shutdown().await;
    Ok(audit_exit(&served))
}

#[cfg(all(feature = "demo", feature = "http"))]
fn auth_url(issuer: &str) -> Result<url::Url, Failure> {
    url::Url::parse(issuer).map_err(|e| Failure::runtime(format!("the demo issuer: {e}")))
}

fn http_failure(e: crate::http::HttpError) -> Failure {
    match e {
        crate::http::HttpError::Usage(m) => Failure::usage(m),
        crate::http::HttpError::Start(e) => e.into(),
        crate::http::HttpError::Runtime(m) => Failure::runtime(m),
    }
}

/// `--demo-without-auth`: the demo patient's token for this resource, minted by the demo's
/// authorization server with the scope of the operator's ceiling, made again an hour before it
/// expires (so that the token exchange's cache, keyed by it, is reused meanwhile).
#[cfg(all(feature = "demo", feature = "http"))]
fn demo_bearer(
    auth: clinic_standin::auth::AuthServer,
    subject: String,
    ceiling: Profile,
    resource: String,
) -> crate::http::demo::StandInBearer {
    const LIFE: Duration = Duration::from_secs(4 * 60 * 60);
    const RENEW_BEFORE: Duration = Duration::from_secs(60 * 60);
    let kept: std::sync::Mutex<Option<(AccessToken, std::time::Instant)>> =
        std::sync::Mutex::new(None);
    crate::http::demo::StandInBearer(std::sync::Arc::new(move || {
        let mut kept = kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((token, until)) = kept.as_ref()
            && *until > std::time::Instant::now()
        {
            return Some(token.clone());
        }
        let scope = crate::http::metadata::scope_for(ceiling);
        match auth.mint_access_token(&subject, scope, &resource, LIFE) {
            Ok(secret) => {
                let token = AccessToken::new(secret.expose())?;
                *kept = Some((
                    token.clone(),
                    std::time::Instant::now() + LIFE - RENEW_BEFORE,
                ));
                Some(token)
            }
            Err(e) => {
                tracing::warn!(cause = %e, "the demo authorization server made no token for the demo patient");
                None
            }
        }
    }))
}

async fn serve(args: &SessionArgs, catalogue: &'static [ToolDef]) -> Result<u8, Failure> {
    let prepared = args.prepare().await?;
    // The catalogue is screened here, before a byte of stdin is read.
    let server = ClinicServer::with_catalogue(prepared.session, catalogue)?;
    if server
        .session()
        .confirmation
        .allow_unconfirmed_destructive_calls
    {
        // Said whatever the log level: the operator gave up a protection.
        eprintln!(
            "clinic-mcp: warning: --allow-unconfirmed-destructive-calls: a client that cannot ask its user (no elicitation capability) is offered the destructive tools ({}), and they run with nobody's confirmation",
            destructive_names(&server)
        );
    }
    tracing::info!(
        profile = %server.session().profile,
        role = %server.session().caller.role,
        tools = server.listed().len(),
        "serving MCP on stdio"
    );
    // Calls in flight at shutdown may finish: each is bounded by its own deadline (every request
    // of it, however many, is cut to what is left of it), not by one request's timeout.
    let drain_bound = server.session().limits.call_deadline() + Duration::from_secs(1);
    tokio::spawn(crate::transport::keep_a_timer_pending(
        server.session().limits.timeout,
    ));
    let running = crate::server::Served(server.clone())
        .serve(crate::transport::stdio(server.clone(), drain_bound))
        .await
        .map_err(|e| Failure::runtime(format!("MCP initialisation failed: {e}")))?;
    let token = running.cancellation_token();
    let served = server.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("termination signal: letting calls in flight finish");
        server.drain(drain_bound).await;
        token.cancel();
    });
    let quit = running.waiting().await;
    #[cfg(feature = "demo")]
    drop(prepared.demo);
    let code = audit_exit(&served);
    if matches!(quit, Ok(rmcp::service::QuitReason::Cancelled)) {
        // A signal, not EOF: rmcp has drained the in-flight answers (bounded), but tokio's stdin
        // is a blocking read on a runtime thread that nothing can interrupt, and the runtime
        // would wait for it at shutdown, i.e. until the client closes stdin. Exit here instead.
        use std::io::Write;
        let _ = std::io::stdout().flush();
        tracing::info!("shut down after a termination signal");
        std::process::exit(i32::from(code));
    }
    Ok(code)
}

/// The exit code once the server's calls are over: [`exit::RUNTIME`], said on stderr, when the
/// audit log could not record the outcome of a call (the trail misses it); else [`exit::OK`].
fn audit_exit(server: &ClinicServer) -> u8 {
    let lost = server.audit_lost();
    if lost == 0 {
        return exit::OK;
    }
    eprintln!(
        "clinic-mcp: error: the audit log {} misses the outcome of {lost} call(s): their lines could not be written (each call's pending line is there)",
        server
            .audit_path()
            .map(|p| p.display().to_string())
            .unwrap_or_default()
    );
    exit::RUNTIME
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        if let Ok(mut term) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

fn print_json(value: &impl serde::Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| Failure::runtime(format!("cannot render JSON: {e}")))?;
    out(&text);
    Ok(())
}

/// One line on stdout. A reader that went away (`| head`) ends the output, not the process with
/// a panic: the rest had nowhere to go.
fn out(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

async fn tools(args: &SessionArgs, catalogue: &'static [ToolDef]) -> Result<u8, Failure> {
    let prepared = args.prepare().await?;
    let server = ClinicServer::with_catalogue(prepared.session, catalogue)?;
    // Exactly what `tools/list` answers: the list rendered (and screened) at start-up.
    print_json(&serde_json::json!({ "tools": server.listed() }))?;
    Ok(exit::OK)
}

async fn call(
    tool: &str,
    raw_args: Option<&str>,
    args: &SessionArgs,
    catalogue: &'static [ToolDef],
) -> Result<u8, Failure> {
    let arguments = match raw_args {
        None => serde_json::Map::new(),
        Some(raw) => match serde_json::from_str::<Value>(raw) {
            Ok(Value::Object(map)) => map,
            Ok(_) => {
                return Err(Failure::usage(
                    "the arguments must be one JSON object, e.g. '{\"specialty\": \"Cardiology\"}'",
                ));
            }
            Err(e) => {
                return Err(Failure::usage(format!(
                    "the arguments are not valid JSON: {e}"
                )));
            }
        },
    };
    let prepared = args.prepare().await?;
    let server = ClinicServer::with_catalogue(prepared.session, catalogue)?;
    // The same path as `tools/call`: lookup, role and token checks, handler, result. The user
    // who typed the command confirms a destructive call at this terminal.
    let confirmation = server.session().confirmation;
    let ask = Terminal {
        timeout: confirmation.timeout,
        unattended: confirmation.allow_unconfirmed_destructive_calls,
    };
    let ask: &dyn Ask = &ask;
    let result = match server.call(tool, arguments, ask).await {
        Ok(r) => r,
        Err(e) => return Err(Failure::usage(e.message.to_string())),
    };
    let value = result.structured_content.clone().unwrap_or(Value::Null);
    if result.is_error == Some(true) {
        let code = value.get("code").and_then(Value::as_str).unwrap_or("ERROR");
        let message = value.get("message").and_then(Value::as_str).unwrap_or("");
        return Err(Failure {
            // A change the audit trail misses is a failure of the process, not only of the call.
            code: if server.audit_lost() > 0 {
                exit::RUNTIME
            } else {
                exit::TOOL_ERROR
            },
            message: format!("{tool} failed: {code}: {message}"),
        });
    }
    print_json(&value)?;
    Ok(exit::OK)
}

/// The names of the destructive tools the configured caller may reach, for the start-up warning.
fn destructive_names(server: &ClinicServer) -> String {
    let names: Vec<&str> = server
        .listed()
        .iter()
        .filter(|t| {
            t.annotations
                .as_ref()
                .and_then(|a| a.destructive_hint)
                .unwrap_or(false)
        })
        .map(|t| t.name.as_ref())
        .collect();
    if names.is_empty() {
        "none in this profile".to_owned()
    } else {
        names.join(", ")
    }
}

/// The `call` command's way to the user: the terminal it was typed in. Without one (input from a
/// pipe or a file) nobody can be asked, and the change is not sent, unless the operator gave the
/// confirmation up (`unattended`), which is then said on stderr.
#[derive(Debug)]
struct Terminal {
    timeout: Duration,
    unattended: bool,
}

impl Ask for Terminal {
    fn ask<'a>(&'a self, question: &'a Question) -> AskFuture<'a> {
        Box::pin(async move {
            use std::io::IsTerminal;
            if !std::io::stdin().is_terminal() {
                if self.unattended {
                    eprintln!(
                        "clinic-mcp: warning: --allow-unconfirmed-destructive-calls: no terminal to ask, so this change runs unconfirmed"
                    );
                    return Answer::Confirmed;
                }
                return Answer::NotConfirmed(Refusal::CannotAsk);
            }
            eprintln!("{}\nType yes to confirm: ", question.message);
            // A thread of its own, not the runtime's blocking pool: a read that never returns
            // must not hold the process open after the timeout.
            let (tx, rx) = tokio::sync::oneshot::channel();
            std::thread::spawn(move || {
                let mut line = String::new();
                let _ = tx.send(std::io::stdin().read_line(&mut line).map(|_| line));
            });
            match tokio::time::timeout(self.timeout, rx).await {
                Ok(Ok(Ok(line))) if line.trim().eq_ignore_ascii_case("yes") => Answer::Confirmed,
                Ok(Ok(Ok(_))) => Answer::NotConfirmed(Refusal::Declined),
                Ok(_) => Answer::NotConfirmed(Refusal::NoAnswer),
                Err(_) => Answer::NotConfirmed(Refusal::TimedOut),
            }
        })
    }
}

fn check(file: &str, format: Format, strict: bool) -> Result<u8, Failure> {
    let mut text = String::new();
    let read = if file == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(file).map(|t| text = t)
    };
    read.map_err(|e| Failure::usage(format!("cannot read {file}: {e}")))?;
    let json: Value = serde_json::from_str(&text)
        .map_err(|e| Failure::usage(format!("{file} is not JSON: {e}")))?;
    let tools = clinic_policy::tools_from_json(&json)
        .map_err(|e| Failure::usage(format!("{file}: {e}")))?;
    let mode = if strict {
        clinic_policy::Mode::Strict
    } else {
        clinic_policy::Mode::Plain
    };
    let findings = clinic_policy::check_catalogue_mode(&tools, &[], mode);
    let injections = findings
        .iter()
        .filter(|f| f.violation.is_injection())
        .count();
    match format {
        Format::Json => {
            let out: Vec<Value> = findings
                .iter()
                .map(|f| {
                    serde_json::json!({
                        "tool": f.tool,
                        "path": f.path,
                        "rule": f.violation.rule.id(),
                        "class": f.violation.class(),
                        "message": f.violation.rule.message(),
                        "detail": f.violation.detail,
                        "fix": f.violation.rule.fix(),
                        "range": [f.violation.range.start, f.violation.range.end],
                    })
                })
                .collect();
            print_json(&serde_json::json!({
                "tools": tools.len(),
                "strict": strict,
                "injection": injections,
                "hygiene": findings.len() - injections,
                "violations": out,
            }))?;
        }
        Format::Text => {
            #[allow(clippy::print_stdout)]
            {
                if findings.is_empty() {
                    out(&format!("{} tools checked, no violations", tools.len()));
                } else {
                    out(&format_findings(&findings));
                    out(&format!(
                        "{} tools checked, {} violations ({injections} injection, {} hygiene){}",
                        tools.len(),
                        findings.len(),
                        findings.len() - injections,
                        if strict { ", strict" } else { "" }
                    ));
                }
            }
        }
    }
    let fails = if strict {
        !findings.is_empty()
    } else {
        injections > 0
    };
    Ok(if fails { exit::TOOL_ERROR } else { exit::OK })
}

#[cfg(feature = "demo")]
async fn api(addr: SocketAddr) -> Result<u8, Failure> {
    if !addr.ip().is_loopback() {
        return Err(Failure::usage(format!(
            "--host {}: the stand-in API serves on loopback only (127.0.0.1, ::1): it publishes its demo tokens",
            addr.ip()
        )));
    }
    let standin = clinic_standin::spawn(addr, clinic_standin::Config::default())
        .await
        .map_err(|e| Failure::runtime(format!("cannot bind {addr}: {e}")))?;
    #[allow(clippy::print_stdout)]
    {
        println!(
            "clinic stand-in API (synthetic demo data) listening on {}",
            crate::session::redact_url(&standin.base_url())
        );
        println!("demo tokens (send as 'Authorization: Bearer <token>'):");
        for t in clinic_standin::DEMO_TOKENS {
            println!("  {:<8} {:<20} {}", t.role, t.name, t.token);
        }
    }
    shutdown_signal().await;
    standin.shutdown().await;
    Ok(exit::OK)
}
