//! `serve --http ADDR --demo --demo-without-auth`: the demo patient served to every request
//! without OAuth, for the conformance suite and quick trials. The demo's own authorization server
//! (in process) issues the demo patient's token; every request to `/mcp` is served with it, in
//! place of any `Authorization` header the request carries (dropped, never read). Past that
//! point nothing changes: the token is validated like any other, the clinic API gets a token
//! exchanged for it, and nothing a client sent goes upstream. `cli` refuses the mode outside
//! `--demo` and on any non-loopback address.

use crate::caller::AccessToken;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

/// Makes the token every request to `/mcp` is served with (`None`: none, and the request is
/// answered 401 as without a token). `Debug` shows nothing of it.
#[derive(Clone)]
pub struct StandInBearer(pub Arc<dyn Fn() -> Option<AccessToken> + Send + Sync>);

impl std::fmt::Debug for StandInBearer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StandInBearer([redacted])")
    }
}

/// Drop the request's `Authorization` header and put the stand-in bearer's token in its place.
pub(super) async fn replace_bearer(
    State(bearer): State<StandInBearer>,
    mut request: Request,
    next: Next,
) -> Response {
    let headers = request.headers_mut();
    headers.remove(header::AUTHORIZATION);
    if let Some(token) = (bearer.0)()
        && let Ok(mut value) = HeaderValue::from_str(&format!("Bearer {}", token.expose()))
    {
        value.set_sensitive(true);
        headers.insert(header::AUTHORIZATION, value);
    }
    next.run(request).await
}
