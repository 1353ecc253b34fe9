//! `GET /authorize`: authorization code + PKCE (`S256`) with automatic consent of a demo user.

use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::wire::{OAuthError, Params, no_store, oauth_error, valid_resource};
use crate::auth::store::{CodeGrant, Grant, PublicClient};
use crate::auth::{AuthServer, SCOPES, demo_role, demo_user, now_seconds, scope_rank};
use crate::jwt;

/// How long an authorization code lives.
const CODE_TTL_SECONDS: i64 = 60;

pub(super) async fn authorize(
    State(server): State<AuthServer>,
    RawQuery(query): RawQuery,
) -> Response {
    let params = match Params::parse(query.unwrap_or_default().as_bytes()) {
        Ok(params) => params,
        Err(error) => return error.into_response(),
    };
    // Until the client and its redirect URI are known, errors are answered here, never
    // redirected (RFC 6749 §4.1.2.1): an unchecked redirect URI is an open redirector.
    let Some(client_id) = params.get("client_id") else {
        return oauth_error("invalid_request", "client_id is required").into_response();
    };
    let client = match server.public_client(client_id).await {
        Ok(client) => client,
        Err(error) => return error.into_response(),
    };
    let redirect_uri = match params.get("redirect_uri") {
        Some(uri) if client.redirect_uris.iter().any(|r| r == uri) => uri.to_owned(),
        None if client.redirect_uris.len() == 1 => client.redirect_uris[0].clone(),
        _ => {
            return oauth_error(
                "invalid_request",
                "redirect_uri is not registered for this client",
            )
            .into_response();
        }
    };
    let state = params.get("state");
    let answer = |pairs: &[(&str, &str)]| -> Response {
        let Ok(mut url) = url::Url::parse(&redirect_uri) else {
            return oauth_error("invalid_request", "redirect_uri").into_response();
        };
        {
            let mut query = url.query_pairs_mut();
            for (k, v) in pairs {
                query.append_pair(k, v);
            }
            if let Some(state) = state {
                query.append_pair("state", state);
            }
            query.append_pair("iss", server.issuer());
        }
        let mut response = StatusCode::FOUND.into_response();
        if let Ok(location) = HeaderValue::from_str(url.as_str()) {
            response.headers_mut().insert(header::LOCATION, location);
        }
        no_store(&mut response);
        response
    };
    match server.consent(&params, client_id, &redirect_uri) {
        Ok(code) => answer(&[("code", code.as_str())]),
        Err(error) => {
            tracing::info!(
                error = error.error,
                description = error.description,
                "authorization refused"
            );
            answer(&[
                ("error", error.error),
                ("error_description", error.description),
            ])
        }
    }
}

impl AuthServer {
    /// A client that may use `/authorize`: registered at `/register`, or a metadata document.
    async fn public_client(&self, client_id: &str) -> Result<PublicClient, OAuthError> {
        if let Some(client) = self.store().public_clients.get(client_id) {
            return Ok(client.clone());
        }
        if client_id.starts_with("https://") || client_id.starts_with("http://") {
            return super::cimd::fetch(
                client_id,
                self.inner.config.allow_http_loopback_client_metadata,
            )
            .await
            .map_err(|description| oauth_error("invalid_client", description));
        }
        Err(oauth_error("invalid_client", "unknown client_id"))
    }

    /// Automatic consent of a demo user: checks the request, stores a code, returns it.
    fn consent(
        &self,
        params: &Params,
        client_id: &str,
        redirect_uri: &str,
    ) -> Result<String, OAuthError> {
        if params.get("response_type") != Some("code") {
            return Err(oauth_error(
                "unsupported_response_type",
                "response_type must be code",
            ));
        }
        if params.get("code_challenge_method") != Some("S256") {
            return Err(oauth_error(
                "invalid_request",
                "code_challenge_method must be S256",
            ));
        }
        let challenge = params
            .get("code_challenge")
            .filter(|c| c.len() == 43 && jwt::b64url_decode(c).is_some())
            .ok_or_else(|| {
                oauth_error(
                    "invalid_request",
                    "code_challenge must be S256 (43 base64url characters)",
                )
            })?;
        let scope = params.get("scope").unwrap_or(SCOPES[0]);
        if scope_rank(scope).is_none() {
            return Err(oauth_error("invalid_scope", "unknown scope"));
        }
        let resource = params
            .get("resource")
            .filter(|r| valid_resource(r))
            .ok_or_else(|| {
                oauth_error(
                    "invalid_target",
                    "resource (RFC 8707) is required: an absolute URL",
                )
            })?;
        let sub = params
            .get("login_hint")
            .filter(|hint| demo_user(hint).is_some())
            .unwrap_or(&self.inner.config.consent_subject);
        let user = demo_user(sub)
            .ok_or_else(|| oauth_error("access_denied", "no demo user to consent"))?;
        let code = self
            .random()
            .map_err(|_| oauth_error("server_error", "randomness failed"))?;
        let now = now_seconds();
        let grant = CodeGrant {
            grant: Grant {
                client_id: client_id.to_owned(),
                sub: sub.to_owned(),
                role: demo_role(user),
                scope: scope.to_owned(),
                resource: resource.to_owned(),
                expires: now + CODE_TTL_SECONDS,
            },
            redirect_uri: redirect_uri.to_owned(),
            challenge: challenge.to_owned(),
        };
        self.store().add_code(&code, grant, now);
        tracing::info!(sub, client_id, scope, resource, "demo user consented");
        Ok(code)
    }
}
