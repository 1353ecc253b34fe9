//! The confirmation of destructive calls over HTTP (issue 29): `serve --http` processes sharing
//! a key file, behind a round-robin forwarder of this file's own, with the stand-in
//! authorization server and the stand-in API in audience mode. A 2026-07-28 cancel asked by one
//! replica is confirmed on the other; the sealed `requestState` is refused when tampered with,
//! expired, sealed by a key no longer held, or retried for other arguments, another caller or a
//! question that changed; a replay changes nothing more; the previous key is accepted while it
//! is configured. Older clients are not offered the destructive tools over HTTP.
// Test support: panicking is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use base64::Engine as _;
use clinic_standin::Standin;
use clinic_standin::auth::{
    AuthConfig, AuthServer, ClientCredential, ConfidentialClient, RunningAuthServer, Secret,
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod common;

const CLIENT_ID: &str = "clinic-mcp-confirm";
const CLIENT_SECRET: &str = "confirm-test-client-secret";
const OLD_KEY: [u8; 32] = [0x11; 32];
const NEW_KEY: [u8; 32] = [0x22; 32];

/// The stand-in authorization server and API, the resource URI every replica serves (the
/// forwarder's), and a directory for the key and secret files.
struct World {
    auth: RunningAuthServer,
    standin: Standin,
    resource: String,
    forwarder: std::net::TcpListener,
    dir: PathBuf,
    http: reqwest::Client,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl World {
    async fn new(name: &str) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let auth = AuthServer::start(clinic_standin::LOCALHOST_EPHEMERAL, AuthConfig::default())
            .await
            .unwrap();
        let standin = clinic_standin::spawn(
            clinic_standin::LOCALHOST_EPHEMERAL,
            clinic_standin::Config {
                token_audience: Some(clinic_standin::TokenAudience {
                    authorization_server: auth.server(),
                    audience: None,
                }),
                ..clinic_standin::Config::default()
            },
        )
        .await
        .unwrap();
        let forwarder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let resource = format!("http://{}/mcp", forwarder.local_addr().unwrap());
        auth.server()
            .register_confidential_client(ConfidentialClient {
                client_id: CLIENT_ID.to_owned(),
                credential: ClientCredential::ClientSecret(Secret::new(CLIENT_SECRET)),
                resource: resource.clone(),
                exchange_audiences: vec![standin.base_url()],
            })
            .unwrap();
        let dir = std::env::temp_dir().join(format!(
            "clinic-mcp-http-confirm-{name}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("secret"), CLIENT_SECRET).unwrap();
        Self {
            auth,
            standin,
            resource,
            forwarder,
            dir,
            // A connection per request, so that the forwarder picks a replica per request.
            http: reqwest::Client::builder()
                .pool_max_idle_per_host(0)
                .build()
                .unwrap(),
        }
    }

    /// A key file holding `keys` (the first seals), or none.
    fn key_file(&self, name: &str, keys: &[[u8; 32]]) -> PathBuf {
        let path = self.dir.join(name);
        let text: Vec<String> = keys
            .iter()
            .map(|k| base64::engine::general_purpose::STANDARD.encode(k))
            .collect();
        std::fs::write(&path, text.join("\n")).unwrap();
        path
    }

    /// `serve --http` on a port of its own, serving this world's resource URI, with the key
    /// file `keys` (none: no key) and `extra` flags; once ready.
    async fn replica(&self, keys: Option<&PathBuf>, extra: &[&str]) -> Replica {
        let addr = format!("127.0.0.1:{}", free_port());
        let mut command = std::process::Command::new(common::binary());
        command
            .args(["serve", "--http", &addr, "--profile", "booking"])
            .args(["--resource-url", &self.resource])
            .args(["--issuer", self.auth.server().issuer()])
            .args(["--client-id", CLIENT_ID, "--client-secret-file"])
            .arg(self.dir.join("secret"))
            .args(["--base-url", &self.standin.base_url()])
            .args(extra)
            .env_remove("MCP_SESSION_ROLE")
            .env_remove("SUT_ACCESS_TOKEN")
            .env_remove("CLINIC_HTTP_ADDR")
            .env_remove("CLINIC_CONFIRMATION_KEY_FILE")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        if let Some(keys) = keys {
            command.arg("--confirmation-key-file").arg(keys);
        }
        let mut child = command.spawn().unwrap();
        for _ in 0..100 {
            let ready = self
                .http
                .get(format!("http://{addr}/readyz"))
                .send()
                .await
                .is_ok_and(|r| r.status() == StatusCode::OK);
            if ready {
                return Replica { addr, child };
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        panic!(
            "the replica never became ready: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// The forwarder in front of `replicas`: each connection goes to the next replica in turn,
    /// and its index is logged.
    fn forward(&self, replicas: &[&Replica]) -> Arc<Mutex<Vec<usize>>> {
        let listener = tokio::net::TcpListener::from_std({
            let l = self.forwarder.try_clone().unwrap();
            l.set_nonblocking(true).unwrap();
            l
        })
        .unwrap();
        let backends: Vec<String> = replicas.iter().map(|r| r.addr.clone()).collect();
        let log = Arc::new(Mutex::new(Vec::new()));
        let logged = log.clone();
        let next = AtomicUsize::new(0);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let i = next.fetch_add(1, Ordering::SeqCst) % backends.len();
                logged.lock().unwrap().push(i);
                let backend = backends[i].clone();
                tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(backend).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        log
    }

    /// An access token of demo user `sub` for this server.
    fn token(&self, sub: &str) -> String {
        self.auth
            .server()
            .mint_access_token(
                sub,
                "clinic.booking",
                &self.resource,
                Duration::from_secs(600),
            )
            .unwrap()
            .expose()
            .to_owned()
    }

    /// A JSON-RPC request to `base` (a replica, or the forwarder: `None`); its answer.
    async fn rpc(&self, base: Option<&Replica>, token: &str, body: &Value) -> Value {
        let url = base.map_or_else(
            || self.resource.clone(),
            |r| format!("http://{}/mcp", r.addr),
        );
        let mut request = self
            .http
            .post(url)
            .header("accept", "application/json, text/event-stream")
            .header("host", self.resource_authority())
            .bearer_auth(token)
            .json(body);
        // a 2026-07-28 request names its version, method and tool in headers too (SEP-2243)
        if let Some(version) = body
            .pointer("/params/_meta/io.modelcontextprotocol~1protocolVersion")
            .and_then(Value::as_str)
        {
            request = request
                .header("mcp-protocol-version", version)
                .header("mcp-method", body["method"].as_str().unwrap());
            if let Some(name) = body.pointer("/params/name").and_then(Value::as_str) {
                request = request.header("mcp-name", name);
            }
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}: {text}");
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("{body}: {text}"))
    }

    fn resource_authority(&self) -> String {
        self.forwarder.local_addr().unwrap().to_string()
    }

    /// An appointment patient-1 booked (through `replica`, an older client's plain call).
    async fn booked(&self, replica: &Replica) -> u64 {
        let slot = common::open_slot(&self.standin, 1);
        let key = format!("http-confirm-{slot}-{}", std::process::id());
        let answer = self
            .rpc(
                Some(replica),
                &self.token("patient-1"),
                &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
                    "name": "book_appointment",
                    "arguments": {"slot_id": slot, "idempotency_key": key}}}),
            )
            .await;
        answer["result"]["structuredContent"]["appointment_id"]
            .as_u64()
            .unwrap_or_else(|| panic!("{answer}"))
    }

    fn status(&self, id: u64) -> String {
        common::appointment_status(&self.standin, id)
    }

    /// The cancellations that reached the API.
    fn cancels(&self, id: u64) -> usize {
        let path = format!("/api/v1/appointments/{id}/cancel");
        self.standin
            .requests()
            .iter()
            .filter(|r| r.method == "PATCH" && r.path == path)
            .count()
    }
}

impl Drop for World {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

struct Replica {
    addr: String,
    child: std::process::Child,
}

impl Replica {
    /// Stop it; what it wrote on stderr.
    fn stderr(mut self) -> String {
        let _ = self.child.kill();
        let mut text = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut err, &mut text);
        }
        text
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `_meta` of a 2026-07-28 request from a client that declares elicitation.
fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "http-confirm-test", "version": "1"},
    })
}

/// A 2026-07-28 `tools/call` of `cancel_appointment` for `id`; with `state` and `answer`, the
/// retry carrying them.
fn cancel(id: u64, retry: Option<(&str, Value)>) -> Value {
    let mut params = json!({
        "name": "cancel_appointment",
        "arguments": {"appointment_id": id},
        "_meta": meta_2026(),
    });
    if let Some((state, answer)) = retry {
        params["requestState"] = json!(state);
        params["inputResponses"] = json!({"confirm": answer});
    }
    json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": params})
}

fn yes() -> Value {
    json!({"action": "accept", "content": {"confirm": true}})
}

/// The `requestState` of an `input_required` answer, after checking it asks about `id`.
fn asked(answer: &Value, id: u64) -> String {
    let result = &answer["result"];
    assert_eq!(result["resultType"], "input_required", "{answer}");
    let message = result["inputRequests"]["confirm"]["params"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(
        message.starts_with(&format!("Cancel appointment {id}?")),
        "{message}"
    );
    result["requestState"].as_str().unwrap().to_owned()
}

/// The error code of a tool's answer.
fn code(answer: &Value) -> &str {
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    answer["result"]["structuredContent"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"))
}

#[tokio::test]
async fn a_cancel_asked_by_one_replica_is_confirmed_by_the_other() {
    let w = World::new("across").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let b = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let log = w.forward(&[&a, &b]);
    let token = w.token("patient-1");
    let first = w.rpc(None, &token, &cancel(id, None)).await;
    let state = asked(&first, id);
    assert_eq!(w.cancels(id), 0, "nothing is sent before the answer");
    let done = w
        .rpc(None, &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(
        *log.lock().unwrap(),
        vec![0, 1],
        "asked by a, answered on b"
    );
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(done["result"]["structuredContent"]["status"], "cancelled");
    assert_eq!(w.status(id), "cancelled");
    assert_eq!(w.cancels(id), 1);
    // The state carries no token, in any part.
    for secret in [token.as_str(), CLIENT_SECRET] {
        for part in secret.split('.').filter(|p| p.len() > 8) {
            assert!(!state.contains(part));
        }
    }
}

/// A replayed state and answer, once the change is made: the appointment is no longer what the
/// question showed (its status), so the replay is asked again, and nothing more is sent.
#[tokio::test]
async fn a_replayed_state_changes_nothing_more() {
    let w = World::new("replay").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let b = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    let retry = cancel(id, Some((&state, yes())));
    let done = w.rpc(Some(&b), &token, &retry).await;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    for replica in [&a, &b] {
        let replayed = w.rpc(Some(replica), &token, &retry).await;
        let again = asked(&replayed, id);
        assert_ne!(again, state);
    }
    assert_eq!(w.cancels(id), 1, "{:?}", w.standin.requests());
    assert_eq!(w.status(id), "cancelled");
}

#[tokio::test]
async fn a_tampered_state_is_declined() {
    let w = World::new("tampered").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    // one character of the sealed part changed
    let mut tampered = state.clone().into_bytes();
    let last = tampered.len() - 5;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    for forged in [tampered.as_str(), "s1.AAAA", "f".repeat(32).as_str()] {
        let answer = w
            .rpc(Some(&a), &token, &cancel(id, Some((forged, yes()))))
            .await;
        assert_eq!(code(&answer), "CONFIRMATION_DECLINED", "{forged}");
    }
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

#[tokio::test]
async fn an_expired_state_is_declined() {
    let w = World::new("expired").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w
        .replica(Some(&keys), &["--confirmation-timeout-ms", "300"])
        .await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&answer), "CONFIRMATION_DECLINED");
    assert!(
        answer["result"]["structuredContent"]["message"]
            .as_str()
            .unwrap()
            .contains("in time"),
        "{answer}"
    );
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// Rotation: a state sealed with the old key is accepted by a replica holding the new key and
/// the old one, and refused by one holding only the new key.
#[tokio::test]
async fn the_previous_key_is_accepted_while_configured_and_refused_once_removed() {
    let w = World::new("rotation").await;
    let old = w.key_file("old", &[OLD_KEY]);
    let rolling = w.key_file("rolling", &[NEW_KEY, OLD_KEY]);
    let new = w.key_file("new", &[NEW_KEY]);
    let sealing_old = w.replica(Some(&old), &[]).await;
    let both = w.replica(Some(&rolling), &[]).await;
    let new_only = w.replica(Some(&new), &[]).await;
    let token = w.token("patient-1");

    let id = w.booked(&sealing_old).await;
    let state = asked(
        &w.rpc(Some(&sealing_old), &token, &cancel(id, None)).await,
        id,
    );
    let refused = w
        .rpc(Some(&new_only), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&refused), "CONFIRMATION_DECLINED");
    assert_eq!(w.cancels(id), 0);
    let done = w
        .rpc(Some(&both), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(w.status(id), "cancelled");
    assert_eq!(w.cancels(id), 1);
}

/// A state sealed under a key this replica never held (another deployment's) is declined.
#[tokio::test]
async fn a_state_sealed_with_another_key_is_declined() {
    let w = World::new("wrong-key").await;
    let ours = w.key_file("ours", &[OLD_KEY]);
    let theirs = w.key_file("theirs", &[NEW_KEY]);
    let a = w.replica(Some(&ours), &[]).await;
    let other = w.replica(Some(&theirs), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&other), &token, &cancel(id, None)).await, id);
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&answer), "CONFIRMATION_DECLINED");
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// A yes given for one appointment is no yes for another: the retry naming other arguments is
/// asked about its own.
#[tokio::test]
async fn a_state_retried_with_other_arguments_is_asked_again() {
    let w = World::new("other-args").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let first = w.booked(&a).await;
    let second = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(first, None)).await, first);
    let answer = w
        .rpc(Some(&a), &token, &cancel(second, Some((&state, yes()))))
        .await;
    asked(&answer, second);
    assert_eq!(w.cancels(first) + w.cancels(second), 0);
    assert_eq!(w.status(second), "pending");
}

/// Another caller retrying with a state and a yes it was handed changes nothing: its own call
/// on that appointment reaches nothing (not its appointment), and the state is bound to the
/// caller that was asked (`sub`), not to whoever holds it.
#[tokio::test]
async fn a_state_retried_by_another_caller_changes_nothing() {
    let w = World::new("other-caller").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let state = asked(
        &w.rpc(Some(&a), &w.token("patient-1"), &cancel(id, None))
            .await,
        id,
    );
    let answer = w
        .rpc(
            Some(&a),
            &w.token("patient-2"),
            &cancel(id, Some((&state, yes()))),
        )
        .await;
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    assert_ne!(answer["result"]["resultType"], "input_required");
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// The appointment moved between the question and the answer: the yes was to another
/// question, which is asked again, and nothing is sent.
#[tokio::test]
async fn a_state_whose_question_changed_is_asked_again() {
    let w = World::new("other-question").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let first = w.rpc(Some(&a), &token, &cancel(id, None)).await;
    let state = asked(&first, id);
    let slot = common::open_slot(&w.standin, 2);
    let moved = w
        .rpc(
            Some(&a),
            &token,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
                "name": "reschedule_appointment",
                "arguments": {"appointment_id": id, "slot_id": slot,
                    "idempotency_key": format!("http-confirm-move-{id}")}}}),
        )
        .await;
    assert_eq!(moved["result"]["isError"], json!(false), "{moved}");
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    let again = asked(&answer, id);
    assert_ne!(
        answer["result"]["inputRequests"]["confirm"]["params"]["message"],
        first["result"]["inputRequests"]["confirm"]["params"]["message"]
    );
    assert_ne!(again, state);
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// Who is offered `cancel_appointment`: a 2026-07-28 client declaring elicitation, on a server
/// with a key. An older client (no per-request `_meta`: it would answer in a POST of its own),
/// a client that does not declare elicitation, and any client of a server without a key are
/// not, and calling it answers as an unknown name.
#[tokio::test]
async fn only_clients_that_can_answer_are_offered_the_destructive_tools() {
    let w = World::new("offered").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let keyed = w.replica(Some(&keys), &[]).await;
    let keyless = w.replica(None, &[]).await;
    let token = w.token("patient-1");
    let list = |meta: Option<Value>| {
        let mut params = json!({});
        if let Some(meta) = meta {
            params["_meta"] = meta;
        }
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": params})
    };
    let offered = |answer: &Value| {
        answer["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"))
            .iter()
            .any(|t| t["name"] == "cancel_appointment")
    };
    let mut no_elicitation = meta_2026();
    no_elicitation["io.modelcontextprotocol/clientCapabilities"] = json!({});
    assert!(offered(
        &w.rpc(Some(&keyed), &token, &list(Some(meta_2026()))).await
    ));
    assert!(!offered(&w.rpc(Some(&keyed), &token, &list(None)).await));
    assert!(!offered(
        &w.rpc(Some(&keyed), &token, &list(Some(no_elicitation)))
            .await
    ));
    assert!(!offered(
        &w.rpc(Some(&keyless), &token, &list(Some(meta_2026())))
            .await
    ));
    let id = w.booked(&keyed).await;
    let legacy = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "cancel_appointment", "arguments": {"appointment_id": id}}});
    for (replica, call) in [(&keyed, &legacy), (&keyless, &cancel(id, None))] {
        let answer = w.rpc(Some(replica), &token, call).await;
        assert_eq!(
            answer["error"]["message"], "Tool cancel_appointment not found",
            "{answer}"
        );
    }
    assert_eq!(w.status(id), "pending");
    // the operator is told why at start-up
    let said = keyless.stderr();
    assert!(
        said.contains("no --confirmation-key-file (CLINIC_CONFIRMATION_KEY_FILE): the destructive tools are not offered over HTTP"),
        "{said}"
    );
    assert!(!keyed.stderr().contains("--confirmation-key-file"));
}
