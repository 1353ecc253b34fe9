//! The stand-in authorization server's HTTP endpoints ([`crate::auth`] holds its keys, clients,
//! grants and tokens): its routes, metadata and keys here; the grants in `authorize`, `token` and
//! `register` (with client ID metadata documents in `cimd`), the wire they share in `wire`.

mod authorize;
mod cimd;
mod register;
mod token;
mod wire;

use std::net::SocketAddr;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde_json::Value;

use crate::auth::{AuthConfig, AuthError, AuthServer, RunningAuthServer};
use crate::serving::Serving;

fn router(server: AuthServer) -> Router {
    let p = server.inner.path.clone();
    Router::new()
        .route(
            &format!("/.well-known/oauth-authorization-server{p}"),
            get(metadata),
        )
        .route(&format!("{p}/jwks"), get(jwks))
        .route(&format!("{p}/authorize"), get(authorize::authorize))
        .route(&format!("{p}/token"), post(token::token))
        .route(&format!("{p}/register"), post(register::register))
        .with_state(server)
}

impl AuthServer {
    /// Binds `addr` (port 0 = ephemeral) and serves in a spawned task. The issuer is
    /// `config.issuer`, or `http://{bound address}`.
    pub async fn start(
        addr: SocketAddr,
        mut config: AuthConfig,
    ) -> Result<RunningAuthServer, AuthError> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        if config.issuer.is_none() {
            config.issuer = Some(format!("http://{addr}"));
        }
        let server = AuthServer::new(config)?;
        let app = server.router();
        let serving = Serving::start(listener, app);
        tracing::info!(%addr, issuer = %server.issuer(), "stand-in authorization server listening");
        Ok(RunningAuthServer {
            server,
            addr,
            serving,
        })
    }

    /// The routes (full paths, metadata included): *merge* them into an app serving the
    /// issuer's origin (`Router::merge`), do not `nest` them.
    pub fn router(&self) -> axum::Router {
        router(self.clone())
    }
}

async fn metadata(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.metadata())
}

async fn jwks(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.jwks())
}
