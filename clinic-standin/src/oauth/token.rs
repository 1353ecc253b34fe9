//! `POST /token`: the `authorization_code`, `refresh_token` and RFC 8693 token exchange
//! grants, and client authentication.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::wire::{OAuthError, Params, no_store, oauth_error};
use crate::auth::store::{Grant, PublicClient};
use crate::auth::{
    ACCESS_TOKEN_TYPE, AuthServer, ClientCredential, ConfidentialClient, JWT_BEARER_ASSERTION,
    LEEWAY_SECONDS, TOKEN_EXCHANGE_GRANT, now_seconds, scope_rank, secs,
};
use crate::jwt;

/// The longest lifetime a client assertion may claim (RFC 7523 wants them short-lived).
const MAX_ASSERTION_LIFETIME_SECONDS: i64 = 300;

pub(super) async fn token(
    State(server): State<AuthServer>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let result = Params::parse(&body)
        .and_then(|params| with_basic_credentials(params, &headers))
        .and_then(|params| match params.get("grant_type") {
            Some("authorization_code") => server.code_grant(&params),
            Some("refresh_token") => server.refresh_grant(&params),
            Some(TOKEN_EXCHANGE_GRANT) => server.exchange_grant(&params),
            Some(_) => Err(oauth_error(
                "unsupported_grant_type",
                "unsupported grant_type",
            )),
            None => Err(oauth_error("invalid_request", "grant_type is required")),
        });
    match result {
        Ok(body) => {
            let mut response = Json(body).into_response();
            no_store(&mut response);
            response
        }
        Err(error) => error.into_response(),
    }
}

/// `client_secret_basic` (RFC 6749 §2.3.1, what clinic-mcp's exchange sends for a secret): the
/// `Authorization: Basic` pair becomes `client_id` + `client_secret`, checked from then on as
/// `client_secret_post` is. A request using two methods is refused.
fn with_basic_credentials(mut params: Params, headers: &HeaderMap) -> Result<Params, OAuthError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(params);
    };
    let malformed = || oauth_error("invalid_client", "malformed Basic credentials");
    let encoded = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Basic "))
        .ok_or_else(malformed)?;
    let decoded = jwt::b64_standard_decode(encoded.trim()).ok_or_else(malformed)?;
    let decoded = String::from_utf8(decoded).map_err(|_| malformed())?;
    let (id, secret) = decoded.split_once(':').ok_or_else(malformed)?;
    // Each part is form-encoded before the Basic encoding.
    let unform = |part: &str| -> String {
        url::form_urlencoded::parse(format!("x={part}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    let (id, secret) = (unform(id), unform(secret));
    if params.get("client_secret").is_some() || params.get("client_assertion").is_some() {
        return Err(oauth_error(
            "invalid_request",
            "use one client authentication method",
        ));
    }
    if params.get("client_id").is_some_and(|c| c != id) {
        return Err(oauth_error(
            "invalid_client",
            "client_id differs from the Basic credentials",
        ));
    }
    params.0.retain(|(k, _)| k != "client_id");
    params.0.push(("client_id".to_owned(), id));
    params.0.push(("client_secret".to_owned(), secret));
    Ok(params)
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
    /// client, with its secret if it registered with one (post or basic); a metadata-document
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
                    .map(|s| crate::digest::sha256(s.as_bytes()));
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
        let challenge = jwt::b64url(&crate::digest::sha256(verifier.as_bytes()));
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

    /// A confidential client: `private_key_jwt` (RFC 7523) or a secret (post or basic), one only.
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
                        if crate::digest::sha256(expected.expose().as_bytes())
                            == crate::digest::sha256(secret.as_bytes()) =>
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
