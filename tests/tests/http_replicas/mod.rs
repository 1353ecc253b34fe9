//! Replicas of `serve --http` for the suites that run several (http_confirm.rs,
//! http_sessions.rs): the stand-in authorization server and the stand-in API in audience mode, in
//! this process; `clinic-mcp serve --http` processes with a `booking` ceiling, each on a port of its
//! own and all serving one resource URI, the address of a forwarder of this module's in front of
//! them (round robin per connection, or a hash of `Mcp-Session-Id` as a load balancer's affinity).
// Test support: panicking is how a test fails; each suite uses its part.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, dead_code)]

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
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

pub const CLIENT_ID: &str = "clinic-mcp-confirm";
pub const CLIENT_SECRET: &str = "confirm-test-client-secret";

/// How the forwarder picks a replica.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Balance {
    /// Each connection to the next replica in turn: no affinity.
    RoundRobin,
    /// By a hash of the request's `Mcp-Session-Id` (of the empty string when it has none), as
    /// ingress-nginx's `upstream-hash-by: "$http_mcp_session_id"`: the affinity of a session.
    SessionHash,
}

/// The hash the forwarder balances sessions by (FNV-1a).
pub fn session_hash(id: &str) -> usize {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    usize::try_from(hash % 1_000_003).unwrap_or(0)
}

/// The stand-in authorization server and API, the resource URI every replica serves (the
/// forwarder's), and a directory for the key and secret files.
pub struct World {
    pub auth: RunningAuthServer,
    pub standin: Standin,
    pub resource: String,
    forwarder: std::net::TcpListener,
    pub dir: PathBuf,
    pub http: reqwest::Client,
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl World {
    pub async fn new(name: &str) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let auth = AuthServer::start(clinic_standin::LOCALHOST_EPHEMERAL, AuthConfig::default())
            .await
            .unwrap();
        let standin = clinic_standin::spawn(
            clinic_standin::LOCALHOST_EPHEMERAL,
            clinic_standin::Config::checking_tokens_of(auth.server()),
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
        let dir =
            std::env::temp_dir().join(format!("clinic-mcp-replicas-{name}-{}", std::process::id()));
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
    pub fn key_file(&self, name: &str, keys: &[[u8; 32]]) -> PathBuf {
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
    pub async fn replica(&self, keys: Option<&PathBuf>, extra: &[&str]) -> Replica {
        self.replica_logging(keys, extra, None).await
    }

    /// [`World::replica`], its log filtered by `rust_log` (`RUST_LOG`) when given.
    pub async fn replica_logging(
        &self,
        keys: Option<&PathBuf>,
        extra: &[&str],
        rust_log: Option<&str>,
    ) -> Replica {
        // The port is picked free and then bound by the child: another process may take it in
        // between. Only that is retried, on a new port.
        let mut tries = 0;
        loop {
            match self.replica_at(free_port(), keys, extra, rust_log).await {
                Ok(replica) => return replica,
                Err(log) if log.contains("Address already in use") && tries < 3 => tries += 1,
                Err(log) => panic!("the replica never became ready: {log}"),
            }
        }
    }

    /// [`World::replica_logging`] on `port`, once ready; else its log.
    async fn replica_at(
        &self,
        port: u16,
        keys: Option<&PathBuf>,
        extra: &[&str],
        rust_log: Option<&str>,
    ) -> Result<Replica, String> {
        let addr = format!("127.0.0.1:{port}");
        // The log goes to a file: a pipe nobody reads while the replica runs could fill and
        // stall it.
        let log = self
            .dir
            .join(format!("replica-{}.log", addr.replace(':', "-")));
        let mut command = std::process::Command::new(crate::common::binary());
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
            .env_remove("CLINIC_NO_SESSIONS")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap());
        if let Some(filter) = rust_log {
            command.env("RUST_LOG", filter);
        }
        if let Some(keys) = keys {
            command.arg("--confirmation-key-file").arg(keys);
        }
        let mut child = command.spawn().unwrap();
        for _ in 0..100 {
            let ready = self
                .http
                .get(format!("http://{addr}/readyz"))
                .timeout(Duration::from_secs(2))
                .send()
                .await
                .is_ok_and(|r| r.status() == StatusCode::OK);
            if ready {
                return Ok(Replica { addr, child, log });
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        Err(std::fs::read_to_string(&log).unwrap_or_default())
    }

    /// The forwarder in front of `replicas`: each connection goes to the next replica in turn,
    /// and its index is logged.
    pub fn forward(&self, replicas: &[&Replica]) -> Arc<Mutex<Vec<usize>>> {
        self.forward_by(replicas, Balance::RoundRobin)
    }

    /// The forwarder in front of `replicas`, choosing each connection's replica by `balance`;
    /// each choice is logged, in the order the connections' requests arrived.
    pub fn forward_by(&self, replicas: &[&Replica], balance: Balance) -> Arc<Mutex<Vec<usize>>> {
        let listener = tokio::net::TcpListener::from_std({
            let l = self.forwarder.try_clone().unwrap();
            l.set_nonblocking(true).unwrap();
            l
        })
        .unwrap();
        let backends: Arc<Vec<String>> =
            Arc::new(replicas.iter().map(|r| r.addr.clone()).collect());
        let log = Arc::new(Mutex::new(Vec::new()));
        let logged = log.clone();
        let next = AtomicUsize::new(0);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if balance == Balance::RoundRobin {
                    let i = next.fetch_add(1, Ordering::SeqCst) % backends.len();
                    logged.lock().unwrap().push(i);
                    let backend = backends[i].clone();
                    tokio::spawn(async move {
                        if let Ok(mut outbound) = tokio::net::TcpStream::connect(backend).await {
                            let _ =
                                tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        }
                    });
                    continue;
                }
                let backends = backends.clone();
                let logged = logged.clone();
                tokio::spawn(async move {
                    // The request's head, then its replica by the hash of its session id.
                    let mut head = Vec::new();
                    let mut buf = [0u8; 4096];
                    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                        match inbound.read(&mut buf).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => head.extend_from_slice(&buf[..n]),
                        }
                    }
                    let text = String::from_utf8_lossy(&head).into_owned();
                    let session = text
                        .split("\r\n\r\n")
                        .next()
                        .unwrap_or_default()
                        .lines()
                        .filter_map(|l| l.split_once(':'))
                        .find(|(name, _)| name.trim().eq_ignore_ascii_case("mcp-session-id"))
                        .map(|(_, value)| value.trim().to_owned())
                        .unwrap_or_default();
                    let i = session_hash(&session) % backends.len();
                    logged.lock().unwrap().push(i);
                    if let Ok(mut outbound) =
                        tokio::net::TcpStream::connect(backends[i].clone()).await
                        && outbound.write_all(&head).await.is_ok()
                    {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        log
    }

    /// An access token of demo user `sub` for this server.
    pub fn token(&self, sub: &str) -> String {
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
    pub async fn rpc(&self, base: Option<&Replica>, token: &str, body: &Value) -> Value {
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

    pub fn resource_authority(&self) -> String {
        self.forwarder.local_addr().unwrap().to_string()
    }

    /// An appointment patient-1 booked (through `replica`, an older client's plain call).
    pub async fn booked(&self, replica: &Replica) -> u64 {
        let slot = crate::common::open_slot(&self.standin, 1);
        let key = format!("replicas-{slot}-{}", std::process::id());
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

    pub fn status(&self, id: u64) -> String {
        crate::common::appointment_status(&self.standin, id)
    }

    /// The cancellations that reached the API.
    pub fn cancels(&self, id: u64) -> usize {
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

pub struct Replica {
    pub addr: String,
    child: std::process::Child,
    log: PathBuf,
}

impl Replica {
    /// Stop it; what it wrote on stderr.
    pub fn stderr(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
