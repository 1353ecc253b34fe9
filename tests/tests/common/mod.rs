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

/// A booking-profile patient's client, the most common set-up.
/// A client for patient 1 (`PATIENT_TOKEN`) under `profile`.
pub async fn patient_client(standin: &Standin, profile: Profile) -> LocalClient {
    client_for(standin, profile, SessionRole::Patient, Some(PATIENT_TOKEN)).await
}

/// A tool definition built by hand, bypassing the macro (and so the compile-time screen):
/// readonly, public, no arguments, answering with `call`.
pub const fn hand_made_tool(
    name: &'static str,
    description: &'static str,
    call: for<'a> fn(
        &'a clinic_mcp::ToolContext<'a>,
        clinic_mcp::tool::JsonObject,
    ) -> clinic_mcp::tool::BoxFuture<'a>,
) -> clinic_mcp::ToolDef {
    clinic_mcp::ToolDef {
        name,
        title: None,
        description,
        profile: Profile::Readonly,
        role: None,
        mutates: false,
        destructive: false,
        idempotent: false,
        // a hand-made definition declares nothing screened, so the start-up check refuses its
        // served strings; a test that needs one to start declares them (see `screened_as`)
        screened: |_| {},
        input_schema: clinic_mcp::tool::__private::schema_for::<clinic_mcp::catalogue::NoArgs>,
        output_schema: clinic_mcp::tool::__private::schema_for::<clinic_mcp::catalogue::Specialties>,
        call,
    }
}

pub async fn booking_client(standin: &Standin, token: &str) -> LocalClient {
    client_for(standin, Profile::Booking, SessionRole::Patient, Some(token)).await
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

/// Whether a tool error names `field` as the culprit: messages read `field: what is wrong` (or
/// `a, b: ...` when two fields conflict; a nested path like `field.x` counts as `field`).
pub fn names_field(message: &str, field: &str) -> bool {
    message.split_once(':').is_some_and(|(named, _)| {
        named
            .split(", ")
            .any(|f| f == field || f.starts_with(&format!("{field}.")))
    })
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

/// How long to wait for any one answer (or exit) before calling it a hang.
pub const ANSWER_GUARD: std::time::Duration = std::time::Duration::from_secs(60);

/// The real binary over stdio, as an MCP client speaks to it: JSON lines or raw bytes (invalid
/// UTF-8, partial lines) in; every stdout line checked to be one JSON-RPC 2.0 message; the
/// child's pid for signals and memory readings.
#[derive(Debug)]
pub struct StdioServer {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<Vec<u8>>,
    stderr: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    pub pid: u32,
}

/// How the server ended ([`StdioServer::finish`]).
#[derive(Debug)]
pub struct Exit {
    pub status: std::process::ExitStatus,
    /// The stdout lines not read before stdin closed, each checked to be JSON-RPC.
    pub leftover: Vec<Value>,
    pub stderr: String,
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
        let pid = child.id();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = std::io::BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match r.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut pipe = child.stderr.take().expect("stderr");
        let sink = stderr.clone();
        let stderr_reader = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Self {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            stderr_reader: Some(stderr_reader),
            pid,
        }
    }

    /// Raw bytes, no newline added.
    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    /// One line (a newline is added).
    pub fn line(&mut self, text: &str) {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write(&bytes).expect("write to the server's stdin");
    }

    pub fn send(&mut self, message: &Value) {
        self.line(&message.to_string());
    }

    /// The next stdout line, checked, as its raw text (no line end) and parsed; `None` after
    /// `timeout` or EOF.
    fn next_raw(&mut self, timeout: std::time::Duration) -> Option<(String, Value)> {
        let raw = self.lines.recv_timeout(timeout).ok()?;
        let v = Self::check(&raw);
        let text = String::from_utf8(raw).expect("checked UTF-8");
        let text = text.strip_suffix('\n').unwrap_or(&text);
        Some((text.strip_suffix('\r').unwrap_or(text).to_owned(), v))
    }

    /// The next stdout line, which must be one JSON-RPC 2.0 message; `None` after `timeout` or EOF.
    pub fn next(&mut self, timeout: std::time::Duration) -> Option<Value> {
        self.next_raw(timeout).map(|(_, v)| v)
    }

    /// The next stdout line (see [`Self::next`]); panics after [`ANSWER_GUARD`].
    pub fn recv(&mut self) -> Value {
        self.next(ANSWER_GUARD).unwrap_or_else(|| {
            panic!(
                "no line on stdout within {ANSWER_GUARD:?}; stderr: {}",
                self.stderr()
            )
        })
    }

    fn check(raw: &[u8]) -> Value {
        let text = std::str::from_utf8(raw)
            .unwrap_or_else(|_| panic!("stdout carried non-UTF-8 bytes: {raw:?}"));
        let v: Value = serde_json::from_str(text.trim_end())
            .unwrap_or_else(|_| panic!("stdout carried a non-JSON line: {text:?}"));
        assert_eq!(
            v["jsonrpc"], "2.0",
            "stdout carried a non-JSON-RPC line: {text}"
        );
        // rmcp 3.11 answers an Invalid Request with no `id` member at all, where JSON-RPC 2.0
        // asks for `"id": null`: tolerated here for that error only (docs/RELIABILITY.md).
        let idless_invalid_request = v["error"]["code"] == -32600;
        assert!(
            v.get("id").is_some() || v.get("method").is_some() || idless_invalid_request,
            "neither a response nor a request/notification: {text}"
        );
        v
    }

    /// Every line up to and including the answer to `id`, raw and parsed (panics on a hang).
    fn until_id_raw(&mut self, id: &Value) -> Vec<(String, Value)> {
        let mut seen = Vec::new();
        loop {
            let Some((text, v)) = self.next_raw(ANSWER_GUARD) else {
                panic!(
                    "no answer to id {id} within {ANSWER_GUARD:?}; got {seen:?}; stderr: {}",
                    self.stderr()
                );
            };
            let done = v.get("id") == Some(id) && v.get("method").is_none();
            seen.push((text, v));
            if done {
                return seen;
            }
        }
    }

    /// Every line up to and including the answer to `id` (panics on a hang).
    pub fn until_id(&mut self, id: &Value) -> Vec<Value> {
        self.until_id_raw(id).into_iter().map(|(_, v)| v).collect()
    }

    /// One request; its answer.
    pub fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.request_line(id, method, params).1
    }

    /// One request; its answer as the raw stdout line (for byte-level comparisons) and parsed.
    pub fn request_line(&mut self, id: u64, method: &str, params: Value) -> (String, Value) {
        self.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        let mut seen = self.until_id_raw(&serde_json::json!(id));
        seen.pop().expect("the answer")
    }

    /// `initialize` + `notifications/initialized`; the `initialize` answer.
    pub fn initialize(&mut self) -> Value {
        let init = self.request(
            0,
            "initialize",
            serde_json::json!({"protocolVersion": "2025-06-18", "capabilities": {},
                               "clientInfo": {"name": "clinic-mcp-tests", "version": "0"}}),
        );
        self.send(&serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        init
    }

    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Wait for the exit, at most `guard`; `None` if it is still running.
    pub fn wait(&mut self, guard: std::time::Duration) -> Option<std::process::ExitStatus> {
        let start = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if start.elapsed() > guard {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Wait for the exit, at most [`ANSWER_GUARD`]; panics, naming `after`, if it is still running.
    pub fn exit_after(&mut self, after: &str) -> std::process::ExitStatus {
        self.wait(ANSWER_GUARD).unwrap_or_else(|| {
            panic!(
                "still running {ANSWER_GUARD:?} after {after}; stderr: {}",
                self.stderr()
            )
        })
    }

    /// Every remaining stdout line (after the exit), each checked to be JSON-RPC.
    pub fn drain(&mut self) -> Vec<Value> {
        let mut out = Vec::new();
        while let Ok(raw) = self.lines.recv_timeout(std::time::Duration::from_secs(5)) {
            out.push(Self::check(&raw));
        }
        out
    }

    /// Close stdin, wait for the exit (panics on a hang), collect the rest of stdout (checked)
    /// and the whole of stderr.
    pub fn finish(mut self) -> Exit {
        self.close_stdin();
        let status = self.exit_after("stdin closed");
        let leftover = self.drain();
        if let Some(reader) = self.stderr_reader.take() {
            reader.join().expect("stderr reader");
        }
        Exit {
            status,
            leftover,
            stderr: self.stderr(),
        }
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Resident memory of the child, in KiB (Linux).
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    /// Send a signal with the `kill` command (no libc).
    pub fn signal(&self, name: &str) {
        let ok = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.pid.to_string())
            .status()
            .expect("run kill")
            .success();
        assert!(ok, "kill -{name} {} failed", self.pid);
    }
}

impl Exit {
    /// Exit status 0 (the message carries stderr).
    pub fn assert_success(&self) {
        assert!(
            self.status.success(),
            "exit {:?}; stderr: {}",
            self.status,
            self.stderr
        );
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh number for an idempotency key: a slot freed by a cancellation is booked again with a
/// new key (the same key would replay the cancelled booking).
pub fn next_key() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A pending appointment of patient 1 with doctor 1, booked through the server (its key starts
/// with `prefix`).
pub async fn booked_by_patient(standin: &Standin, prefix: &str) -> u64 {
    let booker = patient_client(standin, Profile::Booking).await;
    let slot = open_slot(standin, 1);
    let made = call_ok(
        &booker,
        "book_appointment",
        serde_json::json!({"slot_id": slot, "idempotency_key": format!("{prefix}-{slot}-{}", next_key())}),
    )
    .await;
    made["appointment_id"].as_u64().expect("an appointment id")
}

/// The status of appointment `id`, straight from the stand-in's state.
pub fn appointment_status(standin: &Standin, id: u64) -> String {
    standin.appointment(id).expect("the appointment exists")["status"]
        .as_str()
        .expect("a status")
        .to_owned()
}
