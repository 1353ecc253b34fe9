//! `POST /register`: RFC 7591 dynamic client registration.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::wire::{is_loopback_http, no_store};
use crate::auth::store::PublicClient;
use crate::auth::{AuthServer, now_seconds};

/// RFC 7591 for public clients with loopback redirect URIs. `token_endpoint_auth_method`
/// `none` (the default here), or `client_secret_post`/`client_secret_basic` (the Python SDK's
/// default is the first), for which a
/// secret is issued and then required at the token endpoint.
pub(super) async fn register(State(server): State<AuthServer>, body: Bytes) -> Response {
    let invalid = |error: &'static str, description: &'static str| {
        let mut response = (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": error, "error_description": description})),
        )
            .into_response();
        no_store(&mut response);
        response
    };
    let Ok(Value::Object(metadata)) = serde_json::from_slice::<Value>(&body) else {
        return invalid("invalid_client_metadata", "the body must be a JSON object");
    };
    let redirect_uris: Option<Vec<String>> = metadata
        .get("redirect_uris")
        .and_then(Value::as_array)
        .filter(|uris| !uris.is_empty())
        .and_then(|uris| uris.iter().map(|u| u.as_str().map(str::to_owned)).collect());
    let Some(redirect_uris) = redirect_uris else {
        return invalid(
            "invalid_redirect_uri",
            "redirect_uris must be a non-empty array of strings",
        );
    };
    if !redirect_uris.iter().all(|u| is_loopback_http(u)) {
        return invalid(
            "invalid_redirect_uri",
            "redirect URIs must be loopback http URLs",
        );
    }
    let method = metadata
        .get("token_endpoint_auth_method")
        .and_then(Value::as_str)
        .unwrap_or("none");
    if !matches!(
        method,
        "none" | "client_secret_post" | "client_secret_basic"
    ) {
        return invalid(
            "invalid_client_metadata",
            "token_endpoint_auth_method must be none or client_secret_post",
        );
    }
    let grant_types = metadata
        .get("grant_types")
        .cloned()
        .unwrap_or_else(|| json!(["authorization_code", "refresh_token"]));
    let grants_ok = grant_types.as_array().is_some_and(|g| {
        g.iter()
            .all(|g| matches!(g.as_str(), Some("authorization_code" | "refresh_token")))
    });
    let response_types = metadata
        .get("response_types")
        .cloned()
        .unwrap_or_else(|| json!(["code"]));
    let responses_ok = response_types
        .as_array()
        .is_some_and(|r| r.iter().all(|r| r.as_str() == Some("code")));
    if !grants_ok || !responses_ok {
        return invalid(
            "invalid_client_metadata",
            "only authorization_code/refresh_token and code",
        );
    }
    let (Ok(client_id), Ok(secret)) = (server.random(), server.random()) else {
        return invalid("server_error", "randomness failed");
    };
    let secret = (method != "none").then_some(secret);
    server.store().public_clients.insert(
        client_id.clone(),
        PublicClient {
            redirect_uris: redirect_uris.clone(),
            secret_sha256: secret.as_ref().map(|s| crate::digest::sha256(s.as_bytes())),
        },
    );
    let mut answer = json!({
        "client_id": client_id,
        "client_id_issued_at": now_seconds(),
        "redirect_uris": redirect_uris,
        "token_endpoint_auth_method": method,
        "grant_types": grant_types,
        "response_types": response_types,
    });
    for name in [
        "client_name",
        "scope",
        "client_uri",
        "software_id",
        "software_version",
    ] {
        if let Some(value) = metadata.get(name).filter(|v| v.is_string()) {
            answer[name] = value.clone();
        }
    }
    if let Some(secret) = secret {
        answer["client_secret"] = json!(secret);
        answer["client_secret_expires_at"] = json!(0);
    }
    tracing::info!(client_id, method, "client registered");
    let mut response = (StatusCode::CREATED, Json(answer)).into_response();
    no_store(&mut response);
    response
}
