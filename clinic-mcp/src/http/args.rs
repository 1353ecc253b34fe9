//! The flags of `serve --http`. Always compiled, so that the command line reads the same in every
//! build; a build without the `http` feature refuses them ([`super::run`]).

use clap::Args;
use std::path::PathBuf;

/// `serve --http ADDR` and the resource server's configuration. Secrets are read from files named
/// here, never from a flag's value or the environment (argv and the environment are visible to
/// other processes of the machine, and inherited by children).
#[derive(Debug, Clone, Default, Args)]
pub struct HttpArgs {
    /// Serve MCP over Streamable HTTP at http://ADDR/mcp instead of stdio, e.g. 127.0.0.1:8080.
    /// Any address is served only as given: a non-loopback one must be named here. Every request
    /// needs an OAuth access token issued by --issuer for --resource-url [env: CLINIC_HTTP_ADDR]
    #[arg(long, value_name = "ADDR")]
    pub http: Option<String>,
    /// This server's canonical resource URI: the `aud` its tokens must carry (RFC 8707) and the
    /// `resource` of its metadata, e.g. https://mcp.clinic.example/mcp; required for a
    /// non-loopback ADDR [env: CLINIC_RESOURCE_URL] [default: http://ADDR/mcp]
    #[arg(long, value_name = "URL")]
    pub resource_url: Option<String>,
    /// The OAuth authorization server whose tokens are accepted (its RFC 8414 metadata gives the
    /// JWKS and the token endpoint) [env: CLINIC_OAUTH_ISSUER]
    #[arg(long, value_name = "URL")]
    pub issuer: Option<String>,
    /// A browser origin allowed to call the server (scheme://host:port); repeatable. A request
    /// with any other `Origin` is refused [env: CLINIC_ALLOWED_ORIGINS, comma-separated]
    /// [default: the origin of --resource-url]
    #[arg(long = "allowed-origin", value_name = "ORIGIN")]
    pub allowed_origins: Vec<String>,
    /// This server's client id at the authorization server, for the token exchange
    /// [env: CLINIC_OAUTH_CLIENT_ID]
    #[arg(long, value_name = "ID")]
    pub client_id: Option<String>,
    /// A PKCS#8 PEM file holding this server's P-256 private key: the token exchange
    /// authenticates with `private_key_jwt` (ES256) [env: CLINIC_OAUTH_CLIENT_KEY_FILE]
    #[arg(long, value_name = "PATH")]
    pub client_key_file: Option<PathBuf>,
    /// A file holding this server's client secret (`client_secret_basic`), when the
    /// authorization server takes no key [env: CLINIC_OAUTH_CLIENT_SECRET_FILE]
    #[arg(long, value_name = "PATH")]
    pub client_secret_file: Option<PathBuf>,
    /// A file of one or two keys (base64, 32 bytes each, one a line: `openssl rand -base64 32`)
    /// that seal the confirmation state of destructive calls, so that any replica holding them
    /// can judge the user's answer. The first seals; a second, the previous key, is still accepted
    /// while a new one rolls out. Without it the destructive tools are not offered over HTTP
    /// [env: CLINIC_CONFIRMATION_KEY_FILE]
    #[arg(long, value_name = "PATH")]
    pub confirmation_key_file: Option<PathBuf>,
    /// Most requests of one caller (the token's `sub`) in progress at once; past it a request is
    /// answered 429 with a JSON-RPC error [env: CLINIC_MAX_REQUESTS_PER_CALLER] [default: 8]
    #[arg(long, value_name = "N")]
    pub max_requests_per_caller: Option<usize>,
    /// Most requests of one caller per second, in bursts of up to as many; past it a request is
    /// answered 429 with a JSON-RPC error and `Retry-After` [env: CLINIC_MAX_RATE_PER_CALLER]
    /// [default: 20]
    #[arg(long, value_name = "N")]
    pub max_rate_per_caller: Option<u32>,
    /// Serve clients of protocols before 2026-07-28 without sessions (`Mcp-Session-Id`), for a
    /// fleet whose load balancer has no affinity on that header: they are then never offered the
    /// destructive tools over HTTP. Sessions need --confirmation-key-file, which seals their ids
    /// [env: CLINIC_NO_SESSIONS=true]
    #[arg(long)]
    pub no_sessions: bool,
    /// With --demo on a loopback ADDR only: serve the demo patient to every request without
    /// OAuth, as the stdio demo does (for the conformance suite and quick trials). A client's
    /// `Authorization` header is dropped, never read nor forwarded
    #[arg(long, hide = !cfg!(feature = "demo"))]
    pub demo_without_auth: bool,
}

impl HttpArgs {
    /// The address to serve over HTTP: the flag, else `CLINIC_HTTP_ADDR` if set and not empty.
    /// `None`: serve stdio.
    pub fn addr(&self) -> Option<String> {
        self.http.clone().or_else(|| {
            std::env::var("CLINIC_HTTP_ADDR")
                .ok()
                .filter(|v| !v.trim().is_empty())
        })
    }

    /// Whether any HTTP-only flag was given without `--http`: refused, so that a typo never
    /// falls back to stdio silently.
    pub fn stray(&self) -> Option<&'static str> {
        let Self {
            http: _,
            resource_url,
            issuer,
            allowed_origins,
            client_id,
            client_key_file,
            client_secret_file,
            confirmation_key_file,
            max_requests_per_caller,
            max_rate_per_caller,
            no_sessions,
            demo_without_auth,
        } = self;
        if resource_url.is_some() {
            Some("--resource-url")
        } else if issuer.is_some() {
            Some("--issuer")
        } else if !allowed_origins.is_empty() {
            Some("--allowed-origin")
        } else if client_id.is_some() {
            Some("--client-id")
        } else if client_key_file.is_some() {
            Some("--client-key-file")
        } else if client_secret_file.is_some() {
            Some("--client-secret-file")
        } else if confirmation_key_file.is_some() {
            Some("--confirmation-key-file")
        } else if max_requests_per_caller.is_some() {
            Some("--max-requests-per-caller")
        } else if max_rate_per_caller.is_some() {
            Some("--max-rate-per-caller")
        } else if *no_sessions {
            Some("--no-sessions")
        } else if *demo_without_auth {
            Some("--demo-without-auth")
        } else {
            None
        }
    }
}
