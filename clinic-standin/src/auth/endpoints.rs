//! The authorization server's HTTP endpoints: its routes, metadata and keys; the grants live in
//! `authorize`, `token` and `register`, the wire they share in `oauth`.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde_json::Value;

use super::AuthServer;

pub(super) fn router(server: AuthServer) -> Router {
    let p = server.inner.path.clone();
    Router::new()
        .route(
            &format!("/.well-known/oauth-authorization-server{p}"),
            get(metadata),
        )
        .route(&format!("{p}/jwks"), get(jwks))
        .route(&format!("{p}/authorize"), get(super::authorize::authorize))
        .route(&format!("{p}/token"), post(super::token::token))
        .route(&format!("{p}/register"), post(super::register::register))
        .with_state(server)
}

async fn metadata(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.metadata())
}

async fn jwks(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.jwks())
}
