//! The stand-in authorization server (issue 29) over HTTP: metadata, JWKS and rotation, code +
//! PKCE followed headless, registration (RFC 7591 and metadata documents), refresh, token
//! exchange and each of its refusals, and the clinic API's audience mode.
// Test code: failing loudly is the point.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use clinic_standin::auth::{
    ACCESS_TOKEN_TYPE, AuthConfig, AuthServer, ClientCredential, ClientKey, ConfidentialClient,
    JWT_BEARER_ASSERTION, MintRequest, Role, RunningAuthServer, Secret, TOKEN_EXCHANGE_GRANT,
};
use clinic_standin::{Config, LOCALHOST_EPHEMERAL, PATIENT_TOKEN, Standin};
use serde_json::{Value, json};

const MCP: &str = "http://127.0.0.1:9/mcp";
const REDIRECT: &str = "http://127.0.0.1:9/callback";
const VERIFIER: &str = "dBjftJeZ4CVP-mJ92K6mI3d_Tk1Ou8_8YwBd2Bzy8aA-verifier-of-pkce";

fn http() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .build()
        .unwrap()
}

fn form(pairs: &[(&str, &str)]) -> String {
    let mut s = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

fn challenge(verifier: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, verifier.as_bytes());
    b64url(digest.as_ref())
}

fn b64url(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(A[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The claims of a JWT, read without verifying (the test checks what was issued).
fn claims(token: &str) -> Value {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

fn header(token: &str) -> Value {
    let first = token.split('.').next().unwrap();
    claims(&format!("x.{first}.x"))
}

struct Setup {
    auth: RunningAuthServer,
    api: Standin,
    http: reqwest::Client,
}

impl Setup {
    async fn start() -> Setup {
        Setup::start_with(AuthConfig::default()).await
    }

    async fn start_with(config: AuthConfig) -> Setup {
        let auth = AuthServer::start(LOCALHOST_EPHEMERAL, config)
            .await
            .unwrap();
        let api = clinic_standin::spawn(
            LOCALHOST_EPHEMERAL,
            Config::checking_tokens_of(auth.server()),
        )
        .await
        .unwrap();
        Setup {
            auth,
            api,
            http: http(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.auth.issuer())
    }

    async fn register(&self, body: Value) -> (u16, Value) {
        let resp = self
            .http
            .post(self.url("/register"))
            .json(&body)
            .send()
            .await
            .unwrap();
        (resp.status().as_u16(), resp.json().await.unwrap())
    }

    async fn public_client(&self) -> String {
        let (status, body) = self
            .register(json!({"redirect_uris": [REDIRECT], "client_name": "test"}))
            .await;
        assert_eq!(status, 201, "{body}");
        body["client_id"].as_str().unwrap().to_owned()
    }

    /// GET /authorize; the status and the redirect's query pairs.
    async fn authorize(&self, pairs: &[(&str, &str)]) -> (u16, Vec<(String, String)>) {
        let resp = self
            .http
            .get(format!("{}?{}", self.url("/authorize"), form(pairs)))
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        let location = resp
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_owned());
        let pairs = location.map_or_else(Vec::new, |l| {
            let url = url::Url::parse(&l).unwrap();
            assert_eq!(
                format!("{}://{}{}", url.scheme(), url.authority(), url.path()),
                REDIRECT
            );
            url.query_pairs().into_owned().collect()
        });
        (status, pairs)
    }

    /// Follows the flow headless: authorize (302), then the code for tokens.
    async fn code(&self, client_id: &str, scope: &str, login_hint: Option<&str>) -> String {
        let challenge = challenge(VERIFIER);
        let mut pairs = vec![
            ("response_type", "code"),
            ("client_id", client_id),
            ("redirect_uri", REDIRECT),
            ("code_challenge", challenge.as_str()),
            ("code_challenge_method", "S256"),
            ("state", "st-123"),
            ("scope", scope),
            ("resource", MCP),
        ];
        if let Some(hint) = login_hint {
            pairs.push(("login_hint", hint));
        }
        let (status, answer) = self.authorize(&pairs).await;
        assert_eq!(status, 302, "{answer:?}");
        let get = |name: &str| {
            answer
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(get("state").as_deref(), Some("st-123"));
        assert_eq!(get("iss").as_deref(), Some(self.auth.issuer()), "RFC 9207");
        get("code").unwrap_or_else(|| panic!("no code: {answer:?}"))
    }

    async fn token(&self, pairs: &[(&str, &str)]) -> (u16, Value) {
        let resp = self
            .http
            .post(self.url("/token"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form(pairs))
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        if status == 200 {
            assert_eq!(resp.headers()["cache-control"], "no-store");
        }
        (status, resp.json().await.unwrap())
    }

    async fn redeem(&self, client_id: &str, code: &str, verifier: &str) -> (u16, Value) {
        self.token(&[
            ("grant_type", "authorization_code"),
            ("client_id", client_id),
            ("code", code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", verifier),
            ("resource", MCP),
        ])
        .await
    }

    /// A user's access token for the MCP server, through the whole flow.
    async fn user_token(&self, sub: &str, scope: &str) -> String {
        let client = self.public_client().await;
        let code = self.code(&client, scope, Some(sub)).await;
        let (status, body) = self.redeem(&client, &code, VERIFIER).await;
        assert_eq!(status, 200, "{body}");
        body["access_token"].as_str().unwrap().to_owned()
    }

    /// The MCP server as a confidential client (`private_key_jwt`), allowed to exchange for
    /// the API.
    fn mcp_client(&self, key: &ClientKey) {
        self.auth
            .register_confidential_client(ConfidentialClient {
                client_id: "clinic-mcp".into(),
                credential: ClientCredential::PrivateKeyJwt(key.public_jwk()),
                resource: MCP.into(),
                exchange_audiences: vec![self.api.base_url()],
            })
            .unwrap();
    }

    async fn exchange(
        &self,
        assertion: &Secret,
        subject: &str,
        extra: &[(&str, &str)],
    ) -> (u16, Value) {
        let audience = self.api.base_url();
        let mut pairs = vec![
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_assertion_type", JWT_BEARER_ASSERTION),
            ("client_assertion", assertion.expose()),
            ("subject_token", subject),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("resource", audience.as_str()),
        ];
        pairs.extend_from_slice(extra);
        self.token(&pairs).await
    }

    async fn api_get(&self, path: &str, token: &str) -> u16 {
        self.http
            .get(format!("{}{path}", self.api.base_url()))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }
}

#[tokio::test]
async fn metadata_and_jwks_have_the_documented_shape() {
    let s = Setup::start().await;
    let m: Value = s
        .http
        .get(s.url("/.well-known/oauth-authorization-server"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let issuer = s.auth.issuer();
    assert_eq!(m["issuer"], issuer);
    assert_eq!(m["authorization_endpoint"], format!("{issuer}/authorize"));
    assert_eq!(m["token_endpoint"], format!("{issuer}/token"));
    assert_eq!(m["jwks_uri"], format!("{issuer}/jwks"));
    assert_eq!(m["registration_endpoint"], format!("{issuer}/register"));
    assert_eq!(m["code_challenge_methods_supported"], json!(["S256"]));
    assert_eq!(m["client_id_metadata_document_supported"], true);
    assert_eq!(m["authorization_response_iss_parameter_supported"], true);
    for grant in ["authorization_code", "refresh_token", TOKEN_EXCHANGE_GRANT] {
        assert!(
            m["grant_types_supported"]
                .as_array()
                .unwrap()
                .contains(&json!(grant))
        );
    }
    for method in ["none", "private_key_jwt", "client_secret_post"] {
        let methods = m["token_endpoint_auth_methods_supported"]
            .as_array()
            .unwrap();
        assert!(methods.contains(&json!(method)), "{method}");
    }
    assert_eq!(
        m["scopes_supported"],
        json!(["clinic.readonly", "clinic.booking", "clinic.full"])
    );
    let jwks: Value = s
        .http
        .get(s.url("/jwks"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let keys = jwks["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0]["kty"], "EC");
    assert_eq!(keys[0]["alg"], "ES256");
    assert_eq!(keys[0]["kid"], s.auth.current_kid().as_str());
    assert!(keys[0].get("d").is_none(), "no private part in the JWKS");
    // bad configuration is refused, not defaulted
    let with = |issuer: &str, consent: &str, ttl: u64| AuthConfig {
        issuer: Some(issuer.into()),
        consent_subject: consent.into(),
        access_token_ttl: Duration::from_secs(ttl),
        ..AuthConfig::default()
    };
    for (config, case) in [
        (
            with("http://127.0.0.1:9/", "patient-1", 60),
            "trailing slash",
        ),
        (with("ftp://127.0.0.1:9", "patient-1", 60), "scheme"),
        (with("http://127.0.0.1:9?x=1", "patient-1", 60), "query"),
        (with("http://127.0.0.1:9", "patient-99", 60), "no such user"),
        (with("http://127.0.0.1:9", "patient-1", 0), "zero lifetime"),
    ] {
        assert!(AuthServer::new(config).is_err(), "{case}");
    }
    assert!(
        AuthServer::new(AuthConfig::default()).is_err(),
        "new needs an issuer"
    );
    // an issuer with a path: the metadata at the path-suffixed well-known URI
    let pathed = AuthServer::new(with("http://127.0.0.1:9/tenant", "doctor-1", 60)).unwrap();
    assert_eq!(
        pathed.metadata()["token_endpoint"],
        "http://127.0.0.1:9/tenant/token"
    );
    let listener = tokio::net::TcpListener::bind(LOCALHOST_EPHEMERAL)
        .await
        .unwrap();
    let at = listener.local_addr().unwrap();
    let serving = tokio::spawn(async move { axum::serve(listener, pathed.router()).await });
    let well_known = format!("http://{at}/.well-known/oauth-authorization-server/tenant");
    let m: Value = s
        .http
        .get(well_known)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(m["issuer"], "http://127.0.0.1:9/tenant");
    let jwks = s
        .http
        .get(format!("http://{at}/tenant/jwks"))
        .send()
        .await
        .unwrap();
    assert_eq!(jwks.status().as_u16(), 200);
    serving.abort();
}

#[tokio::test]
async fn code_and_pkce_flow_followed_headless_gives_a_token_the_api_accepts() {
    let s = Setup::start().await;
    let client = s.public_client().await;
    let code = s.code(&client, "clinic.booking", None).await;
    let (status, body) = s.redeem(&client, &code, VERIFIER).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["scope"], "clinic.booking");
    assert!(body["refresh_token"].is_string());
    let token = body["access_token"].as_str().unwrap();
    let h = header(token);
    assert_eq!(h["alg"], "ES256");
    assert_eq!(h["typ"], "at+jwt");
    assert_eq!(h["kid"], s.auth.current_kid().as_str());
    let c = claims(token);
    assert_eq!(c["iss"], s.auth.issuer());
    assert_eq!(c["sub"], "patient-1", "the configured consenting user");
    assert_eq!(c["aud"], MCP, "the RFC 8707 resource asked for");
    assert_eq!(c["clinic_role"], "patient");
    assert_eq!(c["client_id"], client.as_str());
    assert_eq!(c["scope"], "clinic.booking");
    assert!(c["jti"].is_string());
    let (iat, nbf, exp) = (
        c["iat"].as_i64().unwrap(),
        c["nbf"].as_i64().unwrap(),
        c["exp"].as_i64().unwrap(),
    );
    assert_eq!(iat, nbf);
    assert_eq!(exp - iat, 600);
    let checked = s.auth.verify_access_token(token, MCP).unwrap();
    assert_eq!(
        (checked.sub.as_str(), checked.role),
        ("patient-1", Role::Patient)
    );
    // A code is used once.
    let (status, body) = s.redeem(&client, &code, VERIFIER).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    // login_hint picks another demo user.
    let doctor = s.user_token("doctor-3", "clinic.readonly").await;
    assert_eq!(claims(&doctor)["clinic_role"], "doctor");
    assert_eq!(claims(&doctor)["sub"], "doctor-3");
}

#[tokio::test]
async fn a_wrong_verifier_is_refused_and_spends_the_code() {
    let s = Setup::start().await;
    let client = s.public_client().await;
    let code = s.code(&client, "clinic.readonly", None).await;
    let wrong = "a-different-verifier-of-the-right-length-0123456789";
    let (status, body) = s.redeem(&client, &code, wrong).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "{body}"
    );
    assert!(
        !body.to_string().contains(&code),
        "the error names no credential"
    );
    let (status, _) = s.redeem(&client, &code, VERIFIER).await;
    assert_eq!(status, 400, "the code was spent by the failed attempt");
    // Another client cannot redeem a code either.
    let other = s.public_client().await;
    let code = s.code(&client, "clinic.readonly", None).await;
    let (status, body) = s.redeem(&other, &code, VERIFIER).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant"))
    );
}

#[tokio::test]
async fn authorize_refuses_plain_pkce_unknown_redirects_and_unknown_clients() {
    let s = Setup::start().await;
    let client = s.public_client().await;
    let base = |method: &'static str| {
        vec![
            ("response_type", "code"),
            ("client_id", client.as_str()),
            ("redirect_uri", REDIRECT),
            (
                "code_challenge",
                "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            ),
            ("code_challenge_method", method),
            ("state", "s"),
            ("resource", MCP),
        ]
    };
    // plain PKCE: an error redirected to the client, with state and iss
    let (status, answer) = s.authorize(&base("plain")).await;
    assert_eq!(status, 302);
    assert!(
        answer.contains(&("error".into(), "invalid_request".into())),
        "{answer:?}"
    );
    assert!(answer.iter().all(|(k, _)| k != "code"));
    // no resource indicator
    let mut no_resource = base("S256");
    no_resource.retain(|(k, _)| *k != "resource");
    let (_, answer) = s.authorize(&no_resource).await;
    assert!(
        answer.contains(&("error".into(), "invalid_target".into())),
        "{answer:?}"
    );
    // an unregistered redirect URI is answered here, never redirected to
    let mut elsewhere = base("S256");
    elsewhere[2] = ("redirect_uri", "http://127.0.0.1:9/elsewhere");
    let resp = s
        .http
        .get(format!("{}?{}", s.url("/authorize"), form(&elsewhere)))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 400);
    assert!(resp.headers().get("location").is_none());
    // an unknown client
    let mut unknown = base("S256");
    unknown[1] = ("client_id", "nobody");
    let resp = s
        .http
        .get(format!("{}?{}", s.url("/authorize"), form(&unknown)))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 401);
}

#[tokio::test]
async fn dynamic_registration_takes_loopback_public_clients_only() {
    let s = Setup::start().await;
    let (status, body) = s
        .register(json!({"redirect_uris": ["http://localhost:3000/cb"], "client_name": "x", "scope": "clinic.readonly"}))
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["token_endpoint_auth_method"], "none");
    assert_eq!(body["redirect_uris"], json!(["http://localhost:3000/cb"]));
    assert_eq!(
        body["grant_types"],
        json!(["authorization_code", "refresh_token"])
    );
    assert!(body.get("client_secret").is_none());
    for bad in [
        json!({"redirect_uris": ["https://evil.example/cb"]}),
        json!({"redirect_uris": []}),
        json!({"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "private_key_jwt"}),
        json!({"redirect_uris": [REDIRECT], "grant_types": ["client_credentials"]}),
        json!(["not an object"]),
    ] {
        let (status, body) = s.register(bad.clone()).await;
        assert_eq!(status, 400, "{bad} -> {body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("invalid_"),
            "{body}"
        );
    }
    // client_secret_post (the Python SDK's default): a secret is issued and then required
    let (status, body) = s
        .register(json!({"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "client_secret_post"}))
        .await;
    assert_eq!(status, 201);
    let (client, secret) = (
        body["client_id"].as_str().unwrap(),
        body["client_secret"].as_str().unwrap(),
    );
    let code = s.code(client, "clinic.readonly", None).await;
    let (status, body) = s.redeem(client, &code, VERIFIER).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("invalid_client"))
    );
    let code = s.code(client, "clinic.readonly", None).await;
    let (status, body) = s
        .token(&[
            ("grant_type", "authorization_code"),
            ("client_id", client),
            ("client_secret", secret),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", VERIFIER),
        ])
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn client_metadata_documents_on_loopback_only_under_the_test_flag() {
    // A client's metadata document, served on loopback.
    let listener = tokio::net::TcpListener::bind(LOCALHOST_EPHEMERAL)
        .await
        .unwrap();
    let doc_url = format!("http://{}/client.json", listener.local_addr().unwrap());
    let document = json!({"client_id": doc_url, "client_name": "cimd", "redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none"});
    let app = axum::Router::new().route(
        "/client.json",
        axum::routing::get(move || {
            let document = document.clone();
            async move { axum::Json(document) }
        }),
    );
    let server = tokio::spawn(async move { axum::serve(listener, app).await });

    let strict = Setup::start().await;
    let resp = strict
        .http
        .get(format!(
            "{}?{}",
            strict.url("/authorize"),
            form(&[("client_id", &doc_url), ("response_type", "code")])
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(
        resp.status().as_u16(),
        401,
        "http documents are refused by default"
    );

    let s = Setup::start_with(AuthConfig {
        allow_http_loopback_client_metadata: true,
        ..AuthConfig::default()
    })
    .await;
    let code = s.code(&doc_url, "clinic.readonly", None).await;
    let (status, body) = s.redeem(&doc_url, &code, VERIFIER).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        claims(body["access_token"].as_str().unwrap())["client_id"],
        doc_url.as_str()
    );
    // a document naming another client_id is refused
    let (status, _) = s
        .authorize(&[
            ("client_id", &format!("{doc_url}?x=1")),
            ("response_type", "code"),
        ])
        .await;
    assert_eq!(status, 401);
    server.abort();
}

#[tokio::test]
async fn refresh_rotates_narrows_and_never_widens() {
    let s = Setup::start().await;
    let client = s.public_client().await;
    let code = s.code(&client, "clinic.booking", Some("patient-2")).await;
    let (_, body) = s.redeem(&client, &code, VERIFIER).await;
    let first = body["refresh_token"].as_str().unwrap().to_owned();
    let refresh = |token: String, scope: Option<&'static str>| {
        let client = client.clone();
        let s = &s;
        async move {
            let mut pairs = vec![
                ("grant_type", "refresh_token"),
                ("client_id", client.as_str()),
                ("refresh_token", token.as_str()),
            ];
            if let Some(scope) = scope {
                pairs.push(("scope", scope));
            }
            s.token(&pairs).await
        }
    };
    let (status, body) = refresh(first.clone(), Some("clinic.readonly")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["scope"], "clinic.readonly");
    let c = claims(body["access_token"].as_str().unwrap());
    assert_eq!(
        (c["sub"].as_str(), c["aud"].as_str()),
        (Some("patient-2"), Some(MCP))
    );
    let second = body["refresh_token"].as_str().unwrap().to_owned();
    assert_ne!(first, second, "rotated");
    let (status, body) = refresh(first, None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant")),
        "a used refresh token"
    );
    // the grant keeps its original breadth: booking again is allowed, full is not
    let (status, body) = refresh(second, Some("clinic.full")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_scope"))
    );
    let code = s.code(&client, "clinic.booking", None).await;
    let (_, body) = s.redeem(&client, &code, VERIFIER).await;
    let (status, body) = refresh(body["refresh_token"].as_str().unwrap().to_owned(), None).await;
    assert_eq!(
        (status, body["scope"].as_str()),
        (200, Some("clinic.booking"))
    );
}

#[tokio::test]
async fn token_exchange_gives_the_api_a_token_of_its_own() {
    let s = Setup::start().await;
    let key = ClientKey::generate().unwrap();
    s.mcp_client(&key);
    let user = s.user_token("doctor-1", "clinic.full").await;
    assert_eq!(
        s.api_get("/appointments/doctor", &user).await,
        401,
        "the MCP server's token is not the API's"
    );
    let assertion = key
        .client_assertion("clinic-mcp", &s.auth.token_endpoint())
        .unwrap();
    let (status, body) = s
        .exchange(&assertion, &user, &[("scope", "clinic.booking")])
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["issued_token_type"], ACCESS_TOKEN_TYPE);
    assert_eq!(body["token_type"], "Bearer");
    assert!(body.get("refresh_token").is_none());
    let token = body["access_token"].as_str().unwrap();
    let (before, after) = (claims(&user), claims(token));
    assert_eq!(after["aud"], s.api.base_url().as_str());
    assert_eq!(after["sub"], before["sub"]);
    assert_eq!(after["clinic_role"], before["clinic_role"]);
    assert_eq!(after["scope"], "clinic.booking");
    assert_eq!(after["client_id"], "clinic-mcp");
    assert_eq!(after["act"], json!({"sub": "clinic-mcp"}));
    assert!(
        after["exp"].as_i64() <= before["exp"].as_i64(),
        "never outlives the subject"
    );
    assert_eq!(s.api_get("/appointments/doctor", token).await, 200);

    // client_secret_post works too, and the scope defaults to the subject's
    s.auth
        .register_confidential_client(ConfidentialClient {
            client_id: "clinic-mcp-secret".into(),
            credential: ClientCredential::ClientSecret(Secret::new("s3cret-value")),
            resource: MCP.into(),
            exchange_audiences: vec![s.api.base_url()],
        })
        .unwrap();
    let audience = s.api.base_url();
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_id", "clinic-mcp-secret"),
            ("client_secret", "s3cret-value"),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("audience", &audience),
        ])
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["scope"], "clinic.full");
    // client_secret_basic, as clinic-mcp's exchange sends a secret (with requested_token_type)
    let basic = |secret: &str| {
        format!(
            "Basic {}",
            b64_standard(format!("clinic-mcp-secret:{secret}").as_bytes())
        )
    };
    let exchange_basic = |authorization: String| {
        let body = form(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("requested_token_type", ACCESS_TOKEN_TYPE),
            ("audience", &audience),
            ("resource", &audience),
        ]);
        let request = s
            .http
            .post(s.url("/token"))
            .header("authorization", authorization)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        async move {
            let resp = request.send().await.unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        }
    };
    let (status, body) = exchange_basic(basic("s3cret-value")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        claims(body["access_token"].as_str().unwrap())["aud"],
        audience.as_str()
    );
    let (status, body) = exchange_basic(basic("wrong")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("invalid_client"))
    );
}

fn b64_standard(bytes: &[u8]) -> String {
    let mut s = b64url(bytes).replace('-', "+").replace('_', "/");
    while !s.len().is_multiple_of(4) {
        s.push('=');
    }
    s
}

#[tokio::test]
async fn token_exchange_refusals() {
    let s = Setup::start().await;
    let key = ClientKey::generate().unwrap();
    s.mcp_client(&key);
    let endpoint = s.auth.token_endpoint();
    let fresh = || key.client_assertion("clinic-mcp", &endpoint).unwrap();
    let user = s.user_token("patient-1", "clinic.booking").await;
    let audience = s.api.base_url();
    let expect = |(status, body): (u16, Value), want: (u16, &str), case: &str| {
        assert_eq!(
            (status, body["error"].as_str().unwrap_or("")),
            want,
            "{case}: {body}"
        );
        assert!(
            !body.to_string().contains(&user),
            "{case}: the error names no token"
        );
    };

    // expired subject token
    let expired = s
        .auth
        .mint(&MintRequest {
            sub: "patient-1".into(),
            role: Role::Patient,
            scope: "clinic.booking".into(),
            audience: MCP.into(),
            client_id: "c".into(),
            issued_at: Some(jiff::Timestamp::now() - jiff::SignedDuration::from_secs(3600)),
            ttl: Duration::from_secs(600),
        })
        .unwrap();
    expect(
        s.exchange(&fresh(), expired.expose(), &[]).await,
        (400, "invalid_grant"),
        "expired",
    );
    // a foreign subject token: another authorization server's, same claims
    let other = AuthServer::new(AuthConfig {
        issuer: Some(s.auth.issuer().to_owned()),
        ..AuthConfig::default()
    })
    .unwrap();
    let foreign = other
        .mint_access_token("patient-1", "clinic.booking", MCP, Duration::from_secs(600))
        .unwrap();
    expect(
        s.exchange(&fresh(), foreign.expose(), &[]).await,
        (400, "invalid_grant"),
        "foreign",
    );
    // a subject token for another resource
    let elsewhere = s
        .auth
        .mint_access_token(
            "patient-1",
            "clinic.booking",
            "http://127.0.0.1:9/other",
            Duration::from_secs(600),
        )
        .unwrap();
    expect(
        s.exchange(&fresh(), elsewhere.expose(), &[]).await,
        (400, "invalid_grant"),
        "other resource",
    );
    // wrong client authentication: a key the client did not register; a wrong secret; none
    let stranger = ClientKey::generate().unwrap();
    let forged = stranger.client_assertion("clinic-mcp", &endpoint).unwrap();
    expect(
        s.exchange(&forged, &user, &[]).await,
        (401, "invalid_client"),
        "another key",
    );
    let wrong_audience = key
        .client_assertion("clinic-mcp", "http://127.0.0.1:9/token")
        .unwrap();
    expect(
        s.exchange(&wrong_audience, &user, &[]).await,
        (401, "invalid_client"),
        "assertion aud",
    );
    let once = fresh();
    assert_eq!(s.exchange(&once, &user, &[]).await.0, 200);
    expect(
        s.exchange(&once, &user, &[]).await,
        (401, "invalid_client"),
        "replayed assertion",
    );
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_id", "clinic-mcp"),
            ("client_secret", "guess"),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("resource", &audience),
        ])
        .await;
    expect(
        (status, body),
        (401, "invalid_client"),
        "a secret for a private_key_jwt client",
    );
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("resource", &audience),
        ])
        .await;
    expect(
        (status, body),
        (401, "invalid_client"),
        "no client authentication",
    );
    // a public client cannot exchange
    let public = s.public_client().await;
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_id", &public),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("resource", &audience),
        ])
        .await;
    expect((status, body), (401, "invalid_client"), "public client");
    // a wider scope; an audience the client may not ask for; a missing token type
    expect(
        s.exchange(&fresh(), &user, &[("scope", "clinic.full")])
            .await,
        (400, "invalid_scope"),
        "wider",
    );
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_assertion_type", JWT_BEARER_ASSERTION),
            ("client_assertion", fresh().expose()),
            ("subject_token", &user),
            ("subject_token_type", ACCESS_TOKEN_TYPE),
            ("resource", "http://127.0.0.1:9/another-api"),
        ])
        .await;
    expect(
        (status, body),
        (400, "invalid_target"),
        "audience not allowed",
    );
    let (status, body) = s
        .token(&[
            ("grant_type", TOKEN_EXCHANGE_GRANT),
            ("client_assertion_type", JWT_BEARER_ASSERTION),
            ("client_assertion", fresh().expose()),
            ("subject_token", &user),
            ("resource", &audience),
        ])
        .await;
    expect(
        (status, body),
        (400, "invalid_request"),
        "no subject_token_type",
    );
}

#[tokio::test]
async fn jwks_carries_both_keys_after_rotation_and_old_tokens_still_verify() {
    let s = Setup::start().await;
    let old_kid = s.auth.current_kid();
    let old = s
        .auth
        .mint_access_token(
            "patient-1",
            "clinic.readonly",
            MCP,
            Duration::from_secs(600),
        )
        .unwrap();
    let new_kid = s.auth.rotate_key().unwrap();
    assert_ne!(old_kid, new_kid);
    let jwks: Value = s
        .http
        .get(s.url("/jwks"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let kids: Vec<&str> = jwks["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kid"].as_str().unwrap())
        .collect();
    assert_eq!(kids, [old_kid.as_str(), new_kid.as_str()]);
    let new = s
        .auth
        .mint_access_token(
            "patient-1",
            "clinic.readonly",
            MCP,
            Duration::from_secs(600),
        )
        .unwrap();
    assert_eq!(header(new.expose())["kid"], new_kid.as_str());
    assert!(s.auth.verify_access_token(old.expose(), MCP).is_ok());
    assert!(s.auth.verify_access_token(new.expose(), MCP).is_ok());
    // retiring the old key: its tokens stop verifying; the signing key cannot be retired
    assert!(s.auth.retire_key(&old_kid));
    assert!(!s.auth.retire_key(&new_kid));
    assert!(s.auth.verify_access_token(old.expose(), MCP).is_err());
}

#[tokio::test]
async fn audience_mode_accepts_only_this_servers_tokens_for_the_api() {
    let s = Setup::start().await;
    let api = s.api.base_url();
    let ttl = Duration::from_secs(600);
    let good = s
        .auth
        .mint_access_token("patient-1", "clinic.readonly", &api, ttl)
        .unwrap();
    assert_eq!(s.api_get("/appointments/my", good.expose()).await, 200);
    let doctor = s
        .auth
        .mint_access_token("doctor-1", "clinic.readonly", &api, ttl)
        .unwrap();
    assert_eq!(
        s.api_get("/appointments/doctor", doctor.expose()).await,
        200
    );
    // another audience (the MCP server's own token), the static demo token, another issuer,
    // a user the API does not know, a role the sub does not have
    let for_mcp = s
        .auth
        .mint_access_token("patient-1", "clinic.readonly", MCP, ttl)
        .unwrap();
    assert_eq!(s.api_get("/appointments/my", for_mcp.expose()).await, 401);
    assert_eq!(s.api_get("/appointments/my", PATIENT_TOKEN).await, 401);
    let other = AuthServer::new(AuthConfig {
        issuer: Some("http://127.0.0.1:9".into()),
        ..AuthConfig::default()
    })
    .unwrap();
    let foreign = other
        .mint_access_token("patient-1", "clinic.readonly", &api, ttl)
        .unwrap();
    assert_eq!(s.api_get("/appointments/my", foreign.expose()).await, 401);
    let mint = |sub: &str, role: Role| {
        s.auth
            .mint(&MintRequest {
                sub: sub.into(),
                role,
                scope: "clinic.full".into(),
                audience: api.clone(),
                client_id: "t".into(),
                issued_at: None,
                ttl,
            })
            .unwrap()
    };
    assert_eq!(
        s.api_get(
            "/appointments/my",
            mint("patient-9", Role::Patient).expose()
        )
        .await,
        401
    );
    assert_eq!(
        s.api_get(
            "/appointments/doctor",
            mint("patient-1", Role::Doctor).expose()
        )
        .await,
        401
    );
    assert_eq!(
        s.api_get("/appointments/my", mint("admin-1", Role::Admin).expose())
            .await,
        401
    );
    // the request log keeps no token in audience mode either
    let last = s.api.requests().pop().unwrap();
    assert_eq!(last.header("authorization"), Some("[redacted]"));
}

#[test]
fn secrets_and_keys_print_redacted() {
    let secret = Secret::new("eyJhbGciOiJFUzI1NiJ9.payload.signature");
    assert_eq!(format!("{secret:?}"), "Secret([redacted])");
    let key = ClientKey::generate().unwrap();
    let shown = format!("{key:?}");
    assert!(shown.starts_with("ClientKey { kid: "), "{shown}");
    assert!(!shown.contains(&b64url(key.pkcs8_der())));
    let again = ClientKey::from_pkcs8_der(key.pkcs8_der()).unwrap();
    assert_eq!(
        again.public_jwk(),
        key.public_jwk(),
        "the same key, the same kid"
    );
    assert!(ClientKey::from_pkcs8_der(b"not a key").is_err());
    assert_eq!(Role::Admin.as_str(), "admin");
    assert_eq!(
        clinic_standin::auth::scope_rank("clinic.readonly clinic.full"),
        Some(2)
    );
    assert_eq!(clinic_standin::auth::scope_rank("clinic.admin"), None);
    assert_eq!(clinic_standin::auth::scope_rank(""), None);
}
