//! `serve --http ADDR`: MCP over Streamable HTTP, as an OAuth 2.1 resource server (MCP
//! authorization, RFC 9728, RFC 8707), with no token passthrough (RFC 8693 exchange). One file
//! per concern: the flags (`args`), the server and its guards (`server`), token validation
//! (`auth`), discovery documents (`metadata`), the exchange (`exchange`), the per-token MCP
//! handler (`handler`), the sealed confirmation state (`sealed`), the sessions of clients of
//! older protocols (`sessions`) and the rate limit per caller (`rate`). Without the `http` feature only the flags are compiled, and
//! refused.

pub mod args;
#[cfg(feature = "http")]
pub mod auth;
#[cfg(feature = "http")]
pub mod demo;
#[cfg(feature = "http")]
pub mod exchange;
#[cfg(feature = "http")]
mod handler;
#[cfg(feature = "http")]
pub mod metadata;
#[cfg(feature = "http")]
pub mod rate;
#[cfg(feature = "http")]
pub mod sealed;
#[cfg(feature = "http")]
pub mod server;
#[cfg(feature = "http")]
pub mod sessions;

pub use args::HttpArgs;
#[cfg(feature = "http")]
pub use server::{Config, HttpError, Running, run, start, start_with};

/// Why `serve --http` did not run, in a build without it.
#[cfg(not(feature = "http"))]
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Start(#[from] crate::error::StartError),
    #[error("{0}")]
    Runtime(String),
}

/// A build without the `http` feature serves stdio only.
#[cfg(not(feature = "http"))]
pub async fn run(
    _args: &HttpArgs,
    _addr: &str,
    _session: crate::session::Session,
    _catalogue: &'static [crate::tool::ToolDef],
    _shutdown: impl Future<Output = ()>,
) -> Result<crate::server::ClinicServer, HttpError> {
    Err(HttpError::Usage(
        "--http: this build has no HTTP transport (built without the `http` feature)".to_owned(),
    ))
}
