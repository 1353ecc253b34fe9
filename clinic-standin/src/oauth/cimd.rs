//! Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document, recommended by
//! the MCP authorization spec 2026-07-28): the `client_id` is an `https` URL whose document
//! names the client's redirect URIs. Contract: one GET, no redirects followed, at most
//! [`MAX_DOCUMENT_BYTES`] within [`FETCH_TIMEOUT`]; the document's `client_id` must equal the
//! URL exactly; only public clients (`token_endpoint_auth_method` `none`) are accepted.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use http_body_util::{BodyExt as _, Empty, Limited};
use serde_json::Value;

use super::wire::is_loopback_http;
use crate::auth::store::PublicClient;

/// The largest document read (the draft suggests 5 KB).
const MAX_DOCUMENT_BYTES: usize = 5 * 1024;
/// Connect + response + body.
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// Whether `client_id` may be fetched: `https` (or, with `allow_http_loopback`, `http` on
/// loopback), a path other than `/`, no credentials, no fragment, and already in normal form
/// (so no dot segments: the URL fetched is the URL named).
fn fetchable(client_id: &str, allow_http_loopback: bool) -> Result<url::Url, &'static str> {
    let url = url::Url::parse(client_id).map_err(|_| "client_id is not a URL")?;
    let scheme_ok = url.scheme() == "https" || (allow_http_loopback && is_loopback_http(client_id));
    if !scheme_ok {
        return Err(if url.scheme() == "http" {
            "client metadata documents must be https (http on loopback only in test/demo mode)"
        } else {
            "client metadata documents must be https"
        });
    }
    if url.path() == "/"
        || url.fragment().is_some()
        || !url.username().is_empty()
        || url.password().is_some()
        || url.as_str() != client_id
    {
        return Err("client_id is not a valid client metadata document URL");
    }
    Ok(url)
}

type Client = hyper_util::client::legacy::Client<
    hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>,
    Empty<Bytes>,
>;

fn client(https: bool) -> Result<Client, &'static str> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|_| "TLS configuration failed")?;
    let tls = if https {
        use rustls_platform_verifier::BuilderVerifierExt as _;
        tls.with_platform_verifier()
            .map_err(|_| "TLS configuration failed")?
    } else {
        tls.with_root_certificates(rustls::RootCertStore::empty())
    }
    .with_no_client_auth();
    let mut tcp = hyper_util::client::legacy::connect::HttpConnector::new();
    tcp.enforce_http(false);
    tcp.set_connect_timeout(Some(FETCH_TIMEOUT));
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_tls_config(tls)
        .https_or_http()
        .enable_http1()
        .wrap_connector(tcp);
    Ok(
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build(connector),
    )
}

/// Fetches and checks the document named by `client_id`; the error is the description the
/// `/authorize` answer gives.
pub(super) async fn fetch(
    client_id: &str,
    allow_http_loopback: bool,
) -> Result<PublicClient, &'static str> {
    let url = fetchable(client_id, allow_http_loopback)?;
    let uri: axum::http::Uri = url
        .as_str()
        .parse()
        .map_err(|_| "client_id is not a valid URI")?;
    let request = axum::http::Request::get(uri)
        .header("accept", "application/json")
        .body(Empty::<Bytes>::new())
        .map_err(|_| "client_id is not a valid URI")?;
    let client = client(url.scheme() == "https")?;
    let fetched = tokio::time::timeout(FETCH_TIMEOUT, async {
        let response = client
            .request(request)
            .await
            .map_err(|_| "client metadata document could not be fetched")?;
        if response.status() != axum::http::StatusCode::OK {
            return Err("client metadata document: not 200");
        }
        Limited::new(response.into_body(), MAX_DOCUMENT_BYTES)
            .collect()
            .await
            .map(|body| body.to_bytes())
            .map_err(|_| "client metadata document: unreadable or too large")
    })
    .await
    .map_err(|_| "client metadata document: timed out")??;
    let Ok(Value::Object(document)) = serde_json::from_slice::<Value>(&fetched) else {
        return Err("client metadata document: not a JSON object");
    };
    if document.get("client_id").and_then(Value::as_str) != Some(client_id) {
        return Err("client metadata document: client_id differs from its URL");
    }
    let method = document
        .get("token_endpoint_auth_method")
        .and_then(Value::as_str)
        .unwrap_or("none");
    if method != "none" {
        return Err("client metadata document: only public clients (none) are supported");
    }
    let redirect_uris: Option<Vec<String>> = document
        .get("redirect_uris")
        .and_then(Value::as_array)
        .filter(|uris| !uris.is_empty())
        .and_then(|uris| uris.iter().map(|u| u.as_str().map(str::to_owned)).collect());
    let redirect_uris = redirect_uris
        .filter(|uris| {
            uris.iter().all(|u| {
                is_loopback_http(u)
                    || url::Url::parse(u)
                        .is_ok_and(|u| u.scheme() == "https" && u.fragment().is_none())
            })
        })
        .ok_or("client metadata document: redirect_uris must be https or loopback URLs")?;
    tracing::info!(client_id, "client metadata document accepted");
    Ok(PublicClient {
        redirect_uris,
        secret_sha256: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_documents_unless_the_loopback_flag_is_on() {
        assert!(fetchable("https://app.example/client.json", false).is_ok());
        assert!(fetchable("http://127.0.0.1:9/client.json", false).is_err());
        assert!(fetchable("http://127.0.0.1:9/client.json", true).is_ok());
        assert!(
            fetchable("http://example.com/client.json", true).is_err(),
            "http off loopback"
        );
        assert!(fetchable("https://app.example/", false).is_err(), "no path");
        assert!(
            fetchable("https://app.example/a/../client.json", false).is_err(),
            "dot segments"
        );
        assert!(
            fetchable("https://u:p@app.example/c.json", false).is_err(),
            "credentials"
        );
        assert!(
            fetchable("https://app.example/c.json#x", false).is_err(),
            "fragment"
        );
    }
}
