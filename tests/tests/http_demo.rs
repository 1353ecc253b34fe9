//! `serve --http ADDR --demo` and `--demo-without-auth`, on the real binary: the demo with OAuth
//! answers 401 until a client signs in at its in-process authorization server (code + PKCE,
//! headless), then serves its calls through the token exchange; the demo without OAuth serves
//! `tools/list` and a call with no token, drops a token a client sends, and logs no token. Both are
//! refused on a non-loopback address, and `--demo-without-auth` without `--demo`.
// Test support: panicking is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

mod common;

/// The binary with `args`, with none of the variables that would change what it does.
fn clinic(args: &[&str]) -> Command {
    let mut cmd = Command::new(common::binary());
    cmd.args(args)
        .env_remove("SUT_ACCESS_TOKEN")
        .env_remove("MCP_SESSION_ROLE")
        .env_remove("MCP_PROFILE")
        .env_remove("SUT_BASE_URL")
        .env_remove("CLINIC_HTTP_ADDR")
        .env_remove("CLINIC_OAUTH_ISSUER")
        .env_remove("CLINIC_RESOURCE_URL")
        .stdin(Stdio::null());
    cmd
}

/// Run to its end: exit code and stderr.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let out = clinic(args).output().unwrap();
    assert!(out.stdout.is_empty(), "stdout carries nothing");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_demo_without_auth_is_refused_off_loopback_and_without_the_demo() {
    for addr in ["0.0.0.0:8080", "[::]:8080", "192.0.2.1:8080"] {
        let (code, stderr) = refused(&["serve", "--http", addr, "--demo", "--demo-without-auth"]);
        assert_eq!(code, Some(2), "{addr}: {stderr}");
        assert!(
            stderr.contains("--demo-without-auth") && stderr.contains("not a loopback address"),
            "{addr}: {stderr}"
        );
    }
    let (code, stderr) = refused(&["serve", "--http", "127.0.0.1:0", "--demo-without-auth"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--demo-without-auth needs --demo"),
        "{stderr}"
    );
    // and never outside serve --http: stdio has no such mode to turn on
    let (code, stderr) = refused(&["serve", "--demo", "--demo-without-auth"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("applies to --http only"), "{stderr}");
}

#[test]
fn the_http_demo_is_refused_off_loopback_and_takes_no_issuer_of_the_operator() {
    let (code, stderr) = refused(&["serve", "--http", "0.0.0.0:8080", "--demo"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("not a loopback address"), "{stderr}");
    let (code, stderr) = refused(&[
        "serve",
        "--http",
        "127.0.0.1:0",
        "--demo",
        "--issuer",
        "https://as.example",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--issuer is refused with --demo"),
        "{stderr}"
    );
}

/// A running `serve --http 127.0.0.1:0 --demo …`: its process and the URLs it printed.
struct Demo {
    child: Option<Child>,
    mcp: String,
    issuer: String,
    stderr: std::sync::mpsc::Receiver<String>,
}

impl Demo {
    fn start(extra: &[&str]) -> Self {
        // reqwest is built without a TLS provider of its own
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut args = vec!["serve", "--http", "127.0.0.1:0", "--demo"];
        args.extend_from_slice(extra);
        let mut child = clinic(&args)
            .env("RUST_LOG", "trace")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (lines, stderr) = std::sync::mpsc::channel();
        let pipe = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let (mut mcp, mut issuer) = (None, None);
        let mut seen = String::new();
        while mcp.is_none() || issuer.is_none() {
            let Ok(line) = stderr.recv_timeout(Duration::from_secs(60)) else {
                let _ = child.kill();
                panic!("the demo never said where it serves: {seen}");
            };
            if let Some(url) = line.split("MCP (Streamable HTTP): ").nth(1) {
                mcp = Some(url.trim().to_owned());
            }
            if let Some(rest) = line.split("authorization server:").nth(1) {
                issuer = rest.split_whitespace().next().map(str::to_owned);
            }
            seen.push_str(&line);
            seen.push('\n');
        }
        Demo {
            child: Some(child),
            mcp: mcp.unwrap(),
            issuer: issuer.unwrap(),
            stderr,
        }
    }

    async fn post(&self, token: Option<&str>, body: &Value) -> reqwest::Response {
        let mut request = reqwest::Client::new()
            .post(&self.mcp)
            .header("accept", "application/json, text/event-stream")
            .json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.unwrap()
    }

    async fn rpc(&self, token: Option<&str>, method: &str, params: Value) -> Value {
        let response = self
            .post(
                token,
                &json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}),
            )
            .await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    async fn tool_names(&self, token: Option<&str>) -> Vec<String> {
        let answer = self.rpc(token, "tools/list", json!({})).await;
        answer["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"))
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect()
    }

    /// SIGTERM; the exit code and everything it wrote on stderr.
    fn stop(mut self) -> (Option<i32>, String) {
        let mut child = self.child.take().unwrap();
        let killed = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        let mut stdout = String::new();
        std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut stdout).unwrap();
        assert!(stdout.is_empty(), "stdout carries nothing: {stdout}");
        let mut stderr = String::new();
        while let Ok(line) = self.stderr.recv_timeout(Duration::from_secs(5)) {
            stderr.push_str(&line);
            stderr.push('\n');
        }
        (status.code(), stderr)
    }
}

impl Drop for Demo {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_without_auth_serves_the_demo_patient_with_no_token_and_logs_none() {
    let demo = Demo::start(&["--demo-without-auth", "--profile", "booking"]);
    let names = demo.tool_names(None).await;
    for expected in [
        "find_available_slots",
        "list_my_appointments",
        "book_appointment",
    ] {
        assert!(names.contains(&expected.to_owned()), "{names:?}");
    }
    // the patient's, not a doctor's
    assert!(
        !names.contains(&"list_doctor_schedule".to_owned()),
        "{names:?}"
    );
    let call = json!({"name": "list_my_appointments", "arguments": {}});
    let answer = demo.rpc(None, "tools/call", call.clone()).await;
    assert_eq!(answer["result"]["isError"], json!(false), "{answer}");
    let appointments = &answer["result"]["structuredContent"]["appointments"];
    assert!(
        appointments.as_array().is_some_and(|a| !a.is_empty()),
        "{answer}"
    );
    // A token a client sends is dropped, neither read nor forwarded: the call is the demo
    // patient's all the same (a bad token would otherwise be answered 401).
    let with_token = demo
        .rpc(
            Some("eyJhbGciOiJub25lIn0.e30.not-a-token"),
            "tools/call",
            call,
        )
        .await;
    assert_eq!(
        with_token["result"]["structuredContent"], answer["result"]["structuredContent"],
        "{with_token}"
    );
    let (code, stderr) = demo.stop();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("--demo-without-auth: NO OAUTH"), "{stderr}");
    // At `trace`, no JWT (every token here is one: the minted, the exchanged, the sent one).
    assert!(!stderr.contains("eyJ"), "a token in the log");
}

/// The PKCE pair: a verifier and its S256 challenge.
fn pkce() -> (String, String) {
    let rng = ring::rand::SystemRandom::new();
    let mut bytes = [0u8; 32];
    ring::rand::SecureRandom::fill(&rng, &mut bytes).unwrap();
    let verifier = B64.encode(bytes);
    let challenge = B64.encode(ring::digest::digest(
        &ring::digest::SHA256,
        verifier.as_bytes(),
    ));
    (verifier, challenge)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_demo_with_oauth_signs_in_a_client_at_its_own_authorization_server() {
    let demo = Demo::start(&["--profile", "booking"]);
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    // no token: 401, the challenge naming the metadata, which names the demo's issuer
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let unauthorized = demo.post(None, &list).await;
    assert_eq!(unauthorized.status(), 401);
    let challenge = unauthorized.headers()["www-authenticate"].to_str().unwrap();
    let metadata_url = challenge
        .split("resource_metadata=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_owned();
    let metadata: Value = http
        .get(&metadata_url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(metadata["authorization_servers"], json!([demo.issuer]));
    assert_eq!(metadata["resource"], json!(demo.mcp));
    // dynamic registration, then code + PKCE with the demo's automatic consent
    let redirect = "http://127.0.0.1:9/callback";
    let registered: Value = http
        .post(format!("{}/register", demo.issuer))
        .json(&json!({"redirect_uris": [redirect], "token_endpoint_auth_method": "none"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let client_id = registered["client_id"].as_str().unwrap();
    let (verifier, challenge) = pkce();
    let authorize = reqwest::Url::parse_with_params(
        &format!("{}/authorize", demo.issuer),
        &[
            ("response_type", "code"),
            ("client_id", client_id),
            ("redirect_uri", redirect),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
            ("state", "s1"),
            ("scope", "clinic.booking"),
            ("resource", &demo.mcp),
        ],
    )
    .unwrap();
    let authorized = http.get(authorize).send().await.unwrap();
    assert_eq!(authorized.status(), 302);
    let location = reqwest::Url::parse(authorized.headers()["location"].to_str().unwrap()).unwrap();
    let code = location
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| panic!("{location}"));
    let form = reqwest::Url::parse_with_params(
        "http://form/",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", redirect),
            ("client_id", client_id),
            ("code_verifier", &verifier),
            ("resource", &demo.mcp),
        ],
    )
    .unwrap();
    let issued: Value = http
        .post(format!("{}/token", demo.issuer))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.query().unwrap().to_owned())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = issued["access_token"]
        .as_str()
        .unwrap_or_else(|| panic!("no access token: {issued:?}"));
    // its calls go through: the API (audience mode) takes only a token exchanged for it
    assert!(
        demo.tool_names(Some(token))
            .await
            .contains(&"book_appointment".to_owned())
    );
    let answer = demo
        .rpc(
            Some(token),
            "tools/call",
            json!({"name": "list_my_appointments", "arguments": {}}),
        )
        .await;
    assert_eq!(answer["result"]["isError"], json!(false), "{answer}");
    // its kept-alive connection would hold the shutdown until the drain bound
    drop(http);
    let (code, stderr) = demo.stop();
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("to connect, give an MCP client"),
        "{stderr}"
    );
    assert!(!stderr.contains(token), "the token in the log");
    assert!(!stderr.contains("eyJ"), "a token in the log");
}
