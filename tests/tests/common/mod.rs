//! Shared set-up for the end-to-end suites: a stand-in API on an ephemeral loopback port, a
//! session pointed at it, and a real rmcp client connected to the server.
// Test support: panicking is how a test fails.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::needless_pass_by_value
)]

use clinic_mcp::local::{LocalClient, connect};
use clinic_mcp::{AccessToken, ClinicServer, Profile, Session, SessionRole};
use clinic_standin::{Config, Standin};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::Value;

#[allow(unused_imports)]
pub use clinic_standin::{DOCTOR_TOKEN, PATIENT_TOKEN, PATIENT2_TOKEN};

pub async fn standin() -> Standin {
    clinic_standin::spawn(clinic_standin::LOCALHOST_EPHEMERAL, Config::default())
        .await
        .expect("stand-in API starts on loopback")
}

pub fn session(
    standin: &Standin,
    profile: Profile,
    role: SessionRole,
    token: Option<&str>,
) -> Session {
    Session::new(
        profile,
        role,
        &standin.base_url(),
        token.and_then(AccessToken::new),
    )
    .expect("valid session")
}

/// A real MCP client connected to a server for this session.
pub async fn client(session: Session) -> LocalClient {
    let server = ClinicServer::new(session).expect("shipped catalogue passes the policy");
    connect(server).await.expect("MCP initialise")
}

pub async fn client_for(
    standin: &Standin,
    profile: Profile,
    role: SessionRole,
    token: Option<&str>,
) -> LocalClient {
    client(session(standin, profile, role, token)).await
}

pub async fn tool_names(client: &LocalClient) -> Vec<String> {
    let mut names: Vec<String> = client
        .list_all_tools()
        .await
        .expect("tools/list")
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    names.sort();
    names
}

/// `tools/call`; panics on a protocol error.
pub async fn call(client: &LocalClient, name: &str, args: Value) -> CallToolResult {
    let Value::Object(map) = args else {
        panic!("arguments must be an object")
    };
    client
        .call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(map))
        .await
        .unwrap_or_else(|e| panic!("tools/call {name} failed at protocol level: {e}"))
}

/// The structured content of a successful call.
pub async fn call_ok(client: &LocalClient, name: &str, args: Value) -> Value {
    let r = call(client, name, args).await;
    assert_ne!(
        r.is_error,
        Some(true),
        "{name} failed: {:?}",
        r.structured_content
    );
    let structured = r.structured_content.clone().expect("structuredContent");
    // The same JSON travels as text content for clients that only read text.
    let text = r.content[0].as_text().expect("text content").text.clone();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), structured);
    structured
}

/// The `{code, message}` of a tool error.
pub async fn call_err(client: &LocalClient, name: &str, args: Value) -> (String, String) {
    let r = call(client, name, args).await;
    assert_eq!(
        r.is_error,
        Some(true),
        "{name} unexpectedly succeeded: {:?}",
        r.structured_content
    );
    let v = r.structured_content.expect("structured error");
    (
        v["code"].as_str().expect("code").to_owned(),
        v["message"].as_str().expect("message").to_owned(),
    )
}

/// The first open slot of a doctor, straight from the stand-in's state.
pub fn open_slot(standin: &Standin, doctor_id: u64) -> u64 {
    *standin
        .available_slot_ids(doctor_id)
        .first()
        .expect("the doctor has open slots")
}

/// Path of the `clinic-mcp` binary, rebuilt once per test process so a suite never drives a stale
/// binary (cargo builds a package's binary only for that package's own tests).
pub fn binary() -> std::path::PathBuf {
    static BUILT: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().expect("test executable path");
            let dir = exe
                .parent()
                .and_then(|p| p.parent())
                .expect("target profile dir");
            let bin = dir.join(format!("clinic-mcp{}", std::env::consts::EXE_SUFFIX));
            if let Ok(cargo) = std::env::var("CARGO") {
                let mut cmd = std::process::Command::new(cargo);
                cmd.args([
                    "build",
                    "--quiet",
                    "-p",
                    "clinic-mcp",
                    "--bin",
                    "clinic-mcp",
                ]);
                if dir.file_name().is_some_and(|n| n == "release") {
                    cmd.arg("--release");
                }
                let status = cmd.status().expect("run cargo build");
                assert!(status.success(), "cargo build -p clinic-mcp failed");
            }
            assert!(
                bin.exists(),
                "{} is missing: run `cargo build -p clinic-mcp`",
                bin.display()
            );
            bin
        })
        .clone()
}

/// The real binary, spoken to over stdio one JSON line at a time, as an MCP client would.
pub struct StdioServer {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

impl StdioServer {
    /// Spawn `clinic-mcp` with `args` and exactly the given environment (plus PATH).
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Self {
        use std::io::{BufRead, Read};
        use std::process::{Command, Stdio};
        let mut cmd = Command::new(binary());
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn clinic-mcp");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().expect("stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = String::new();
            let _ = err_pipe.read_to_string(&mut buf);
            sink.lock().unwrap().push_str(&buf);
        });
        let stdin = child.stdin.take();
        Self {
            child,
            stdin,
            lines,
            stderr,
        }
    }

    pub fn send(&mut self, message: &Value) {
        self.send_raw(&message.to_string());
    }

    pub fn send_raw(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line.as_bytes()).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    }

    /// The next stdout line; every one must be a JSON-RPC 2.0 message.
    pub fn recv(&mut self) -> String {
        let line = self
            .lines
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no answer on stdout; stderr: {}", self.stderr()));
        let v: Value = serde_json::from_str(&line)
            .unwrap_or_else(|_| panic!("stdout carried a non-JSON line: {line:?}"));
        assert_eq!(
            v["jsonrpc"], "2.0",
            "stdout carried a non-JSON-RPC message: {line}"
        );
        line
    }

    /// `initialize` + `notifications/initialized`.
    pub fn initialize(&mut self) -> Value {
        self.send(&serde_json::json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "stdio-test", "version": "0"}}
        }));
        let init: Value = serde_json::from_str(&self.recv()).unwrap();
        self.send(&serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        init
    }

    /// One request, its raw answer line.
    pub fn request(&mut self, id: u64, method: &str, params: Value) -> String {
        self.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        self.recv()
    }

    /// Close stdin and wait for the exit status; returns (status, stderr).
    pub fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait");
        // Drain what is left on stdout: it too must be JSON-RPC only.
        while let Ok(line) = self.lines.recv_timeout(std::time::Duration::from_secs(5)) {
            let v: Value = serde_json::from_str(&line).expect("stdout is JSON only");
            assert_eq!(v["jsonrpc"], "2.0");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        (status, self.stderr())
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
