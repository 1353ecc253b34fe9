//! The documents of OAuth discovery: this server's protected-resource metadata (RFC 9728) and the
//! `WWW-Authenticate` challenges that point at it; and the authorization server's metadata
//! (RFC 8414), read for its JWKS and its token endpoint.

use crate::api::HttpClient;
use crate::session::Profile;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use serde_json::Value;
use std::time::Duration;

/// The path of the protected-resource metadata; also served with the MCP path appended
/// (`/.well-known/oauth-protected-resource/mcp`, RFC 9728 §3.1).
pub const RESOURCE_METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// The scope that grants `profile`. Scopes nest like profiles: a token with `clinic.booking`
/// holds `clinic.readonly` too.
pub const fn scope_for(profile: Profile) -> &'static str {
    match profile {
        Profile::Readonly => "clinic.readonly",
        Profile::Booking => "clinic.booking",
        Profile::Full => "clinic.full",
    }
}

/// The widest profile a `scope` claim (space-separated, RFC 8693 §4.2) grants, if any.
pub fn profile_of_scopes(scope: &str) -> Option<Profile> {
    Profile::ALL
        .into_iter()
        .filter(|p| scope.split(' ').any(|s| s == scope_for(*p)))
        .max()
}

/// RFC 9728 metadata of the resource `resource`, protected by tokens of `issuer`, offering the
/// scopes up to `ceiling`. Only URLs and scope names: nothing in it is prose.
pub fn resource_metadata(resource: &str, issuer: &str, ceiling: Profile) -> Value {
    let scopes: Vec<&str> = Profile::ALL
        .into_iter()
        .filter(|p| ceiling.includes(*p))
        .map(scope_for)
        .collect();
    serde_json::json!({
        "resource": resource,
        "authorization_servers": [issuer],
        "scopes_supported": scopes,
        "bearer_methods_supported": ["header"],
    })
}

/// The URL of the resource metadata for `resource` (`https://host/mcp` →
/// `https://host/.well-known/oauth-protected-resource/mcp`).
pub fn resource_metadata_url(resource: &url::Url) -> String {
    let mut origin = resource.origin().ascii_serialization();
    origin.push_str(RESOURCE_METADATA_PATH);
    let path = resource.path().trim_end_matches('/');
    origin.push_str(path);
    origin
}

/// A `WWW-Authenticate: Bearer` value (RFC 6750 §3, RFC 9728 §5.1): where the metadata is, the
/// scope wanted, and the error when a token was given.
pub fn challenge(metadata_url: &str, scope: &str, error: Option<&str>) -> String {
    let mut value = format!("Bearer resource_metadata=\"{metadata_url}\", scope=\"{scope}\"");
    if let Some(error) = error {
        value.push_str(&format!(", error=\"{error}\""));
    }
    value
}

/// What this server needs of the authorization server's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorizationServer {
    pub issuer: String,
    pub jwks_uri: String,
    pub token_endpoint: String,
}

/// The RFC 8414 metadata URL of `issuer`: the well-known path between the host and the issuer's
/// own path (§3.1).
pub fn authorization_server_metadata_url(issuer: &url::Url) -> String {
    let mut out = issuer.origin().ascii_serialization();
    out.push_str("/.well-known/oauth-authorization-server");
    let path = issuer.path().trim_end_matches('/');
    out.push_str(path);
    out
}

/// Read the metadata of `issuer` and check it names that issuer (RFC 8414 §3.3: a document that
/// names another is refused, or its keys could be anyone's).
pub async fn discover(
    http: &HttpClient,
    issuer: &url::Url,
    issuer_text: &str,
    timeout: Duration,
) -> Result<AuthorizationServer, String> {
    let url = authorization_server_metadata_url(issuer);
    let doc = get_json(http, &url, timeout).await?;
    let text = |key: &str| {
        doc.get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| format!("the metadata at {url} has no {key}"))
    };
    let named = text("issuer")?;
    if named != issuer_text {
        return Err(format!(
            "the metadata at {url} names another issuer ({named:?}); refused"
        ));
    }
    Ok(AuthorizationServer {
        issuer: named,
        jwks_uri: text("jwks_uri")?,
        token_endpoint: text("token_endpoint")?,
    })
}

/// The most bytes read from the authorization server in one answer.
const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// `GET url` answered 200 with JSON, within `timeout`.
pub async fn get_json(http: &HttpClient, url: &str, timeout: Duration) -> Result<Value, String> {
    let request = http::Request::get(url)
        .header(http::header::ACCEPT, "application/json")
        .body(Full::new(Bytes::new()))
        .map_err(|e| format!("{url}: {e}"))?;
    let (status, body) = send(http, request, timeout).await?;
    if status != 200 {
        return Err(format!("{url} answered {status}"));
    }
    serde_json::from_slice(&body).map_err(|e| format!("{url} answered no JSON: {e}"))
}

/// Send `request`; its status and its whole body (at most [`MAX_ANSWER_BYTES`]), within
/// `timeout`. Error texts carry the URL and the cause, never a header or a body.
pub async fn send(
    http: &HttpClient,
    request: http::Request<Full<Bytes>>,
    timeout: Duration,
) -> Result<(u16, Bytes), String> {
    let url = request.uri().to_string();
    let exchange = async {
        let response = http
            .request(request)
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        let status = response.status().as_u16();
        let body = Limited::new(response.into_body(), MAX_ANSWER_BYTES)
            .collect()
            .await
            .map_err(|e| format!("{url}: the answer broke off or is too large: {e}"))?;
        Ok((status, body.to_bytes()))
    };
    tokio::time::timeout(timeout, exchange)
        .await
        .map_err(|_| format!("{url}: no answer within {timeout:?}"))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_nest_and_the_widest_one_given_wins() {
        assert_eq!(
            profile_of_scopes("clinic.readonly"),
            Some(Profile::Readonly)
        );
        assert_eq!(
            profile_of_scopes("openid clinic.booking clinic.readonly"),
            Some(Profile::Booking)
        );
        assert_eq!(profile_of_scopes("clinic.full"), Some(Profile::Full));
        assert_eq!(profile_of_scopes("openid clinic.fullx clinic"), None);
        assert_eq!(profile_of_scopes(""), None);
    }

    #[test]
    fn well_known_urls_put_the_suffix_between_host_and_path() {
        let resource = url::Url::parse("https://mcp.clinic.example/mcp").unwrap();
        assert_eq!(
            resource_metadata_url(&resource),
            "https://mcp.clinic.example/.well-known/oauth-protected-resource/mcp"
        );
        let issuer = url::Url::parse("https://auth.example/tenant1").unwrap();
        assert_eq!(
            authorization_server_metadata_url(&issuer),
            "https://auth.example/.well-known/oauth-authorization-server/tenant1"
        );
        let issuer = url::Url::parse("https://auth.example").unwrap();
        assert_eq!(
            authorization_server_metadata_url(&issuer),
            "https://auth.example/.well-known/oauth-authorization-server"
        );
    }

    #[test]
    fn the_metadata_offers_the_scopes_up_to_the_ceiling() {
        let doc = resource_metadata("http://127.0.0.1:8080/mcp", "http://as", Profile::Booking);
        assert_eq!(
            doc["scopes_supported"],
            serde_json::json!(["clinic.readonly", "clinic.booking"])
        );
        assert_eq!(
            doc["authorization_servers"],
            serde_json::json!(["http://as"])
        );
    }
}
