//! What the authorization server's endpoints share on the wire: RFC 6749 §5.2 error bodies
//! (`{"error","error_description"}`, whose descriptions name what is wrong, never a value
//! sent), form parameters, `Cache-Control: no-store`, and the checks of a resource indicator and
//! a loopback redirect.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An OAuth error answer.
#[derive(Debug)]
pub(super) struct OAuthError {
    status: StatusCode,
    pub(super) error: &'static str,
    pub(super) description: &'static str,
}

pub(super) fn oauth_error(error: &'static str, description: &'static str) -> OAuthError {
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

pub(super) fn no_store(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
}

/// Form or query parameters; a parameter sent twice is refused (RFC 6749 §3.1, §3.2).
#[derive(Debug)]
pub(super) struct Params(pub(super) Vec<(String, String)>);

impl Params {
    pub(super) fn parse(bytes: &[u8]) -> Result<Params, OAuthError> {
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
    pub(super) fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }

    pub(super) fn require(
        &self,
        name: &str,
        description: &'static str,
    ) -> Result<&str, OAuthError> {
        self.get(name)
            .ok_or_else(|| oauth_error("invalid_request", description))
    }
}

/// An absolute http(s) URL without fragment: a resource indicator (RFC 8707 §2).
pub(super) fn valid_resource(resource: &str) -> bool {
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
