//! The authorization server's HTTP endpoints. Errors answer RFC 6749 §5.2 bodies
//! (`{"error","error_description"}`); the descriptions name what is wrong, never a value sent.

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::store::{CodeGrant, Grant, PublicClient};
use super::{
    ACCESS_TOKEN_TYPE, AuthServer, ClientCredential, ConfidentialClient, JWT_BEARER_ASSERTION,
    LEEWAY_SECONDS, SCOPES, TOKEN_EXCHANGE_GRANT, demo_role, demo_user, jwt, now_seconds,
    scope_rank, secs,
};

/// How long an authorization code lives.
const CODE_TTL_SECONDS: i64 = 60;
/// The longest lifetime a client assertion may claim (RFC 7523 wants them short-lived).
const MAX_ASSERTION_LIFETIME_SECONDS: i64 = 300;

pub(super) fn router(server: AuthServer) -> Router {
    let p = server.inner.path.clone();
    Router::new()
        .route(
            &format!("/.well-known/oauth-authorization-server{p}"),
            get(metadata),
        )
        .route(&format!("{p}/jwks"), get(jwks))
        .route(&format!("{p}/authorize"), get(authorize))
        .route(&format!("{p}/token"), post(token))
        .route(&format!("{p}/register"), post(register))
        .with_state(server)
}

/// An OAuth error answer.
#[derive(Debug)]
struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: &'static str,
}

fn oauth_error(error: &'static str, description: &'static str) -> OAuthError {
    let status = if error == "invalid_client" {
        StatusCode::UNAUTHORIZED
    } else {
        StatusCode::BAD_REQUEST
    };
    OAuthError {
        status,
        error,
        description,
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        tracing::info!(
            error = self.error,
            description = self.description,
            "oauth request refused"
        );
        let body = Json(json!({"error": self.error, "error_description": self.description}));
        let mut response = (self.status, body).into_response();
        no_store(&mut response);
        response
    }
}

fn no_store(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
}

/// Form or query parameters; a parameter sent twice is refused (RFC 6749 §3.1, §3.2).
#[derive(Debug)]
struct Params(Vec<(String, String)>);

impl Params {
    fn parse(bytes: &[u8]) -> Result<Params, OAuthError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (k, v) in url::form_urlencoded::parse(bytes) {
            if pairs.iter().any(|(seen, _)| *seen == k) {
                return Err(oauth_error("invalid_request", "a parameter was sent twice"));
            }
            pairs.push((k.into_owned(), v.into_owned()));
        }
        Ok(Params(pairs))
    }

    /// The value of `name`; an empty value counts as absent.
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }

    fn require(&self, name: &str, description: &'static str) -> Result<&str, OAuthError> {
        self.get(name)
            .ok_or_else(|| oauth_error("invalid_request", description))
    }
}

async fn metadata(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.metadata())
}

async fn jwks(State(server): State<AuthServer>) -> Json<Value> {
    Json(server.jwks())
}

/// An absolute http(s) URL without fragment: a resource indicator (RFC 8707 §2).
fn valid_resource(resource: &str) -> bool {
    url::Url::parse(resource)
        .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.fragment().is_none())
}

/// `http://127.0.0.1`, `http://[::1]` or `http://localhost`, any port and path (RFC 8252 §7.3).
pub(super) fn is_loopback_http(uri: &str) -> bool {
    url::Url::parse(uri).is_ok_and(|u| {
        u.scheme() == "http"
            && u.fragment().is_none()
            && u.username().is_empty()
            && u.password().is_none()
            && matches!(u.host_str(), Some("127.0.0.1" | "[::1]" | "localhost"))
    })
}

// ---- /authorize ---------------------------------------------------------------------------

async fn authorize(State(server): State<AuthServer>, RawQuery(query): RawQuery) -> Response {
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

// ---- /token -------------------------------------------------------------------------------

async fn token(State(server): State<AuthServer>, body: Bytes) -> Response {
    let result = match Params::parse(&body) {
        Ok(params) => match params.get("grant_type") {
            Some("authorization_code") => server.code_grant(&params),
            Some("refresh_token") => server.refresh_grant(&params),
            Some(TOKEN_EXCHANGE_GRANT) => server.exchange_grant(&params),
            Some(_) => Err(oauth_error(
                "unsupported_grant_type",
                "unsupported grant_type",
            )),
            None => Err(oauth_error("invalid_request", "grant_type is required")),
        },
        Err(error) => Err(error),
    };
    match result {
        Ok(body) => {
            let mut response = Json(body).into_response();
            no_store(&mut response);
            response
        }
        Err(error) => error.into_response(),
    }
}

/// RFC 7636 §4.1: 43–128 characters of `[A-Za-z0-9-._~]`.
fn valid_verifier(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

impl AuthServer {
    /// The client of an `authorization_code` or `refresh_token` request: a registered public
    /// client, with its secret if it registered as `client_secret_post`; a metadata-document
    /// client (no registration to look up: the code or refresh token names it).
    fn authenticate_public(&self, params: &Params) -> Result<String, OAuthError> {
        let client_id = params.require("client_id", "client_id is required")?;
        if params.get("client_assertion").is_some() {
            return Err(oauth_error(
                "invalid_client",
                "this grant is for public clients",
            ));
        }
        let store = self.store();
        if store.confidential.contains_key(client_id) {
            return Err(oauth_error(
                "invalid_client",
                "this grant is for public clients",
            ));
        }
        match store.public_clients.get(client_id) {
            Some(PublicClient {
                secret_sha256: Some(expected),
                ..
            }) => {
                let sent = params
                    .get("client_secret")
                    .map(|s| crate::sha256(s.as_bytes()));
                if sent.as_ref() != Some(expected) {
                    return Err(oauth_error(
                        "invalid_client",
                        "client authentication failed",
                    ));
                }
            }
            Some(_) => {}
            None if client_id.starts_with("https://") || client_id.starts_with("http://") => {}
            None => return Err(oauth_error("invalid_client", "unknown client_id")),
        }
        Ok(client_id.to_owned())
    }

    fn code_grant(&self, params: &Params) -> Result<Value, OAuthError> {
        let client_id = self.authenticate_public(params)?;
        let code = params.require("code", "code is required")?;
        let verifier = params.require("code_verifier", "code_verifier is required (PKCE)")?;
        let redirect_uri = params.require("redirect_uri", "redirect_uri is required")?;
        let invalid = || {
            oauth_error(
                "invalid_grant",
                "invalid or expired code, or wrong code_verifier",
            )
        };
        let grant = self.store().take_code(code).ok_or_else(invalid)?;
        let challenge = jwt::b64url(&crate::sha256(verifier.as_bytes()));
        if grant.grant.expires <= now_seconds()
            || grant.grant.client_id != client_id
            || grant.redirect_uri != redirect_uri
            || !valid_verifier(verifier)
            || challenge != grant.challenge
        {
            return Err(invalid());
        }
        if params
            .get("resource")
            .is_some_and(|r| r != grant.grant.resource)
        {
            return Err(oauth_error(
                "invalid_target",
                "resource differs from the authorization request",
            ));
        }
        self.issue_with_refresh(grant.grant, None)
    }

    fn refresh_grant(&self, params: &Params) -> Result<Value, OAuthError> {
        let client_id = self.authenticate_public(params)?;
        let refresh = params.require("refresh_token", "refresh_token is required")?;
        let invalid = || oauth_error("invalid_grant", "invalid or expired refresh token");
        let grant = self.store().take_refresh(refresh).ok_or_else(invalid)?;
        if grant.expires <= now_seconds() || grant.client_id != client_id {
            return Err(invalid());
        }
        if params.get("resource").is_some_and(|r| r != grant.resource) {
            return Err(oauth_error(
                "invalid_target",
                "resource differs from the original grant",
            ));
        }
        let narrower = match params.get("scope") {
            Some(scope) => match (scope_rank(scope), scope_rank(&grant.scope)) {
                (Some(asked), Some(granted)) if asked <= granted => Some(scope.to_owned()),
                _ => {
                    return Err(oauth_error(
                        "invalid_scope",
                        "scope wider than the original grant",
                    ));
                }
            },
            None => None,
        };
        self.issue_with_refresh(grant, narrower)
    }

    /// An access token for `grant` (with `scope` narrower than the grant's, if given) and a new
    /// refresh token carrying the whole grant.
    fn issue_with_refresh(
        &self,
        mut grant: Grant,
        scope: Option<String>,
    ) -> Result<Value, OAuthError> {
        let server_error = |_| oauth_error("server_error", "token could not be issued");
        let now = now_seconds();
        let ttl = secs(self.inner.config.access_token_ttl);
        let scope = scope.unwrap_or_else(|| grant.scope.clone());
        let access = self
            .sign_access_token(
                &grant.sub,
                grant.role,
                &scope,
                &grant.resource,
                &grant.client_id,
                now,
                now.saturating_add(ttl),
                None,
            )
            .map_err(server_error)?;
        let refresh = self.random().map_err(server_error)?;
        grant.expires = now.saturating_add(secs(self.inner.config.refresh_token_ttl));
        self.store().add_refresh(&refresh, grant, now);
        Ok(json!({
            "access_token": access.expose(),
            "token_type": "Bearer",
            "expires_in": ttl,
            "scope": scope,
            "refresh_token": refresh,
        }))
    }

    /// A confidential client: `private_key_jwt` (RFC 7523) or `client_secret_post`, not both.
    fn authenticate_confidential(&self, params: &Params) -> Result<ConfidentialClient, OAuthError> {
        let failed = || oauth_error("invalid_client", "client authentication failed");
        match (params.get("client_assertion"), params.get("client_secret")) {
            (Some(_), Some(_)) => Err(oauth_error(
                "invalid_request",
                "use one client authentication method",
            )),
            (Some(assertion), None) => {
                if params.get("client_assertion_type") != Some(JWT_BEARER_ASSERTION) {
                    return Err(oauth_error(
                        "invalid_client",
                        "client_assertion_type must be jwt-bearer",
                    ));
                }
                let parsed = jwt::parse(assertion).map_err(|_| failed())?;
                let claim = |name: &str| parsed.claims.get(name).and_then(Value::as_str);
                let issuer = claim("iss").ok_or_else(failed)?;
                if claim("sub") != Some(issuer)
                    || params.get("client_id").is_some_and(|c| c != issuer)
                {
                    return Err(failed());
                }
                let client = self
                    .store()
                    .confidential
                    .get(issuer)
                    .cloned()
                    .ok_or_else(failed)?;
                let ClientCredential::PrivateKeyJwt(jwk) = &client.credential else {
                    return Err(failed());
                };
                let key = jwt::PublicKey::from_jwk(jwk).ok_or_else(failed)?;
                key.verify(&parsed).map_err(|_| failed())?;
                let token_endpoint = self.token_endpoint();
                let audience_ok = match parsed.claims.get("aud") {
                    Some(Value::String(aud)) => *aud == token_endpoint || aud == self.issuer(),
                    Some(Value::Array(auds)) => auds.iter().any(|a| {
                        a.as_str()
                            .is_some_and(|a| a == token_endpoint || a == self.issuer())
                    }),
                    _ => false,
                };
                let now = now_seconds();
                let exp = parsed
                    .claims
                    .get("exp")
                    .and_then(Value::as_i64)
                    .ok_or_else(failed)?;
                let jti = claim("jti").ok_or_else(failed)?;
                if !audience_ok
                    || now >= exp.saturating_add(LEEWAY_SECONDS)
                    || exp > now.saturating_add(MAX_ASSERTION_LIFETIME_SECONDS)
                    || !self.store().first_use_of_assertion(jti, exp, now)
                {
                    return Err(failed());
                }
                Ok(client)
            }
            (None, Some(secret)) => {
                let client_id = params.require("client_id", "client_id is required")?;
                let client = self
                    .store()
                    .confidential
                    .get(client_id)
                    .cloned()
                    .ok_or_else(failed)?;
                match &client.credential {
                    ClientCredential::ClientSecret(expected)
                        if crate::sha256(expected.expose().as_bytes())
                            == crate::sha256(secret.as_bytes()) =>
                    {
                        Ok(client)
                    }
                    _ => Err(failed()),
                }
            }
            (None, None) => Err(failed()),
        }
    }

    /// RFC 8693: the caller's access token (issued by this server for the client's resource)
    /// becomes a token for one of the client's exchange audiences: same `sub` and role, scope
    /// no wider, expiring no later.
    fn exchange_grant(&self, params: &Params) -> Result<Value, OAuthError> {
        let client = self.authenticate_confidential(params)?;
        if params.get("subject_token_type") != Some(ACCESS_TOKEN_TYPE) {
            return Err(oauth_error(
                "invalid_request",
                "subject_token_type must be an access token",
            ));
        }
        if params.get("actor_token").is_some() {
            return Err(oauth_error(
                "invalid_request",
                "actor_token is not supported",
            ));
        }
        if params
            .get("requested_token_type")
            .is_some_and(|t| t != ACCESS_TOKEN_TYPE)
        {
            return Err(oauth_error(
                "invalid_request",
                "only access tokens can be requested",
            ));
        }
        let subject_token = params.require("subject_token", "subject_token is required")?;
        let subject = self.verify_any_audience(subject_token).map_err(|_| {
            oauth_error(
                "invalid_grant",
                "subject token is invalid, expired or not issued here",
            )
        })?;
        if subject.audience != client.resource {
            return Err(oauth_error(
                "invalid_grant",
                "subject token was not issued for this client's resource",
            ));
        }
        let target = match (params.get("resource"), params.get("audience")) {
            (Some(r), Some(a)) if r != a => {
                return Err(oauth_error(
                    "invalid_target",
                    "resource and audience differ",
                ));
            }
            (Some(t), _) | (None, Some(t)) => t,
            (None, None) => {
                return Err(oauth_error(
                    "invalid_target",
                    "resource or audience is required",
                ));
            }
        };
        if !client.exchange_audiences.iter().any(|a| a == target) {
            return Err(oauth_error(
                "invalid_target",
                "this client may not exchange for that audience",
            ));
        }
        let scope = match params.get("scope") {
            Some(scope) => match (scope_rank(scope), scope_rank(&subject.scope)) {
                (Some(asked), Some(held)) if asked <= held => scope.to_owned(),
                _ => {
                    return Err(oauth_error(
                        "invalid_scope",
                        "scope wider than the subject token's",
                    ));
                }
            },
            None => subject.scope.clone(),
        };
        let now = now_seconds();
        let exp = subject
            .exp
            .min(now.saturating_add(secs(self.inner.config.access_token_ttl)));
        let token = self
            .sign_access_token(
                &subject.sub,
                subject.role,
                &scope,
                target,
                &client.client_id,
                now,
                exp,
                Some(&client.client_id),
            )
            .map_err(|_| oauth_error("server_error", "token could not be issued"))?;
        Ok(json!({
            "access_token": token.expose(),
            "issued_token_type": ACCESS_TOKEN_TYPE,
            "token_type": "Bearer",
            "expires_in": exp.saturating_sub(now).max(0),
            "scope": scope,
        }))
    }
}

// ---- /register ----------------------------------------------------------------------------

/// RFC 7591 for public clients with loopback redirect URIs. `token_endpoint_auth_method`
/// `none` (the default here), or `client_secret_post` (the Python SDK's default), for which a
/// secret is issued and then required at the token endpoint.
async fn register(State(server): State<AuthServer>, body: Bytes) -> Response {
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
    if !matches!(method, "none" | "client_secret_post") {
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
    let secret = (method == "client_secret_post").then_some(secret);
    server.store().public_clients.insert(
        client_id.clone(),
        PublicClient {
            redirect_uris: redirect_uris.clone(),
            secret_sha256: secret.as_ref().map(|s| crate::sha256(s.as_bytes())),
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
