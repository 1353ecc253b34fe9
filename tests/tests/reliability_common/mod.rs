//! A hostile clinic API for the reliability suites: a raw `tokio::net::TcpListener` on loopback
//! that answers each request according to a switchable [`Fault`], and records every request head
//! it read (so a test can count retries or look for a leaked token).
// Test support: panicking is how a test fails.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::needless_pass_by_value
)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the hostile upstream does with the next request.
#[derive(Debug, Clone)]
pub enum Fault {
    /// `200 []`: a healthy (if empty) clinic.
    Healthy,
    /// Accept, read the request, never answer (the socket stays open).
    Hang,
    /// Accept and never even read the request.
    AcceptThenHang,
    /// A status line, extra headers and an optional body.
    Status {
        status: u16,
        headers: Vec<(String, String)>,
        body: Option<String>,
    },
    /// Answer with `body` after `delay` (a slow but healthy clinic).
    Slow { delay: Duration, body: String },
    /// `200` with a chunked body that never ends.
    Endless,
    /// `200` with `Content-Length: 4096`, then one byte every `every`, forever.
    Drip { every: Duration },
    /// `200` with `Content-Length: 1000`, ten bytes, then the connection closes.
    Truncated,
    /// `200` whose error body echoes the request's `Authorization` header back.
    EchoAuthorization { status: u16 },
}

/// A running hostile upstream.
#[derive(Debug)]
pub struct Hostile {
    addr: std::net::SocketAddr,
    fault: Arc<Mutex<Fault>>,
    requests: Arc<Mutex<Vec<String>>>,
    accepted: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Hostile {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Hostile {
    pub async fn spawn(fault: Fault) -> Self {
        Self::bind(std::net::SocketAddr::from(([127, 0, 0, 1], 0)), fault).await
    }

    pub async fn bind(addr: std::net::SocketAddr, fault: Fault) -> Self {
        let listener = TcpListener::bind(addr).await.expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let fault = Arc::new(Mutex::new(fault));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let accepted = Arc::new(AtomicUsize::new(0));
        let (f, r, a) = (fault.clone(), requests.clone(), accepted.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                a.fetch_add(1, Ordering::SeqCst);
                let (f, r) = (f.clone(), r.clone());
                tokio::spawn(async move {
                    let _ = serve_one(stream, f, r).await;
                });
            }
        });
        Self {
            addr,
            fault,
            requests,
            accepted,
            task,
        }
    }

    /// `http://IP:PORT/api/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}/api/v1", self.addr)
    }

    pub fn addr(&self) -> std::net::SocketAddr {
        self.addr
    }

    pub fn set(&self, fault: Fault) {
        *self.fault.lock().unwrap() = fault;
    }

    /// Every request head read so far (request line and headers).
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }

    /// Connections accepted so far (a hanging peer may never send a full request).
    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

/// A loopback port with nothing listening on it (bound, then released).
pub fn closed_port() -> std::net::SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr")
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        302 => "Found",
        307 => "Temporary Redirect",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Whatever",
    }
}

async fn read_head(stream: &mut TcpStream) -> std::io::Result<Option<String>> {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1024];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).into_owned();
            let len = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            let mut have = buf.len() - (end + 4);
            while have < len {
                let n = stream.read(&mut byte).await?;
                if n == 0 {
                    break;
                }
                have += n;
            }
            return Ok(Some(head));
        }
        let n = stream.read(&mut byte).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&byte[..n]);
        if buf.len() > 1 << 20 {
            return Ok(None);
        }
    }
}

async fn respond(
    stream: &mut TcpStream,
    status: u16,
    headers: &[(String, String)],
    body: &str,
) -> std::io::Result<()> {
    let mut out = format!(
        "HTTP/1.1 {status} {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        reason(status),
        body.len()
    );
    if !headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
    {
        out.push_str("Content-Type: application/json\r\n");
    }
    for (k, v) in headers {
        out.push_str(&format!("{k}: {v}\r\n"));
    }
    out.push_str("\r\n");
    out.push_str(body);
    stream.write_all(out.as_bytes()).await?;
    stream.flush().await
}

async fn serve_one(
    mut stream: TcpStream,
    fault: Arc<Mutex<Fault>>,
    requests: Arc<Mutex<Vec<String>>>,
) -> std::io::Result<()> {
    let current = fault.lock().unwrap().clone();
    if let Fault::AcceptThenHang = current {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        return Ok(());
    }
    let Some(head) = read_head(&mut stream).await? else {
        return Ok(());
    };
    requests.lock().unwrap().push(head.clone());
    // The fault in force when the request arrived (a test may switch it meanwhile).
    let current = fault.lock().unwrap().clone();
    match current {
        Fault::Healthy => respond(&mut stream, 200, &[], "[]").await,
        Fault::Hang | Fault::AcceptThenHang => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok(())
        }
        Fault::Status {
            status,
            headers,
            body,
        } => respond(&mut stream, status, &headers, body.as_deref().unwrap_or("")).await,
        Fault::Slow { delay, body } => {
            tokio::time::sleep(delay).await;
            respond(&mut stream, 200, &[], &body).await
        }
        Fault::Endless => {
            stream
                .write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n",
                )
                .await?;
            let chunk = format!("{:x}\r\n{}\r\n", 8192, "0,".repeat(4096));
            loop {
                stream.write_all(chunk.as_bytes()).await?;
            }
        }
        Fault::Drip { every } => {
            stream
                .write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n[",
                )
                .await?;
            loop {
                tokio::time::sleep(every).await;
                stream.write_all(b" ").await?;
                stream.flush().await?;
            }
        }
        Fault::Truncated => {
            stream
                .write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[{\"id\": 1,",
                )
                .await?;
            stream.flush().await?;
            Ok(())
        }
        Fault::EchoAuthorization { status } => {
            let auth = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("authorization")
                        .then(|| v.trim().to_owned())
                })
                .unwrap_or_default();
            let body = serde_json::json!({
                "errorCode": "AUTH_INVALID",
                "message": format!("token {auth} refused; raw {}", auth.trim_start_matches("Bearer ")),
            })
            .to_string();
            respond(
                &mut stream,
                status,
                &[("X-Echo".to_owned(), auth.clone())],
                &body,
            )
            .await
        }
    }
}

/// The real binary over stdio, byte-level: raw writes (invalid UTF-8, partial lines), every stdout
/// line checked to be JSON-RPC 2.0, the child's pid for signals and memory readings.
#[derive(Debug)]
pub struct Proc {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<Vec<u8>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    pub pid: u32,
}

/// How long to wait for any one answer before calling it a hang.
pub const ANSWER_GUARD: Duration = Duration::from_secs(60);

impl Proc {
    /// Spawn `clinic-mcp` with `args` and exactly the given environment (plus PATH).
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Self {
        use std::io::{BufRead, Read};
        use std::process::{Command, Stdio};
        let mut cmd = Command::new(crate::common::binary());
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
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut pipe = child.stderr.take().expect("stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
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

    pub fn send(&mut self, message: &serde_json::Value) {
        self.line(&message.to_string());
    }

    /// The next stdout line, which must be one JSON-RPC 2.0 message; `None` after `timeout` or EOF.
    pub fn next(&mut self, timeout: Duration) -> Option<serde_json::Value> {
        let raw = self.lines.recv_timeout(timeout).ok()?;
        Some(Self::check(&raw))
    }

    fn check(raw: &[u8]) -> serde_json::Value {
        let text = std::str::from_utf8(raw)
            .unwrap_or_else(|_| panic!("stdout carried non-UTF-8 bytes: {raw:?}"));
        let v: serde_json::Value = serde_json::from_str(text.trim_end())
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

    /// Every line up to and including the answer to `id` (panics on a hang).
    pub fn until_id(&mut self, id: &serde_json::Value) -> Vec<serde_json::Value> {
        let mut seen = Vec::new();
        loop {
            let Some(v) = self.next(ANSWER_GUARD) else {
                panic!(
                    "no answer to id {id} within {ANSWER_GUARD:?}; got {seen:?}; stderr: {}",
                    self.stderr()
                );
            };
            let done = v.get("id") == Some(id) && v.get("method").is_none();
            seen.push(v);
            if done {
                return seen;
            }
        }
    }

    pub fn request(
        &mut self,
        id: u64,
        method: &str,
        params: serde_json::Value,
    ) -> serde_json::Value {
        self.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        let mut seen = self.until_id(&serde_json::json!(id));
        seen.pop().expect("the answer")
    }

    pub fn initialize(&mut self) -> serde_json::Value {
        let init = self.request(
            0,
            "initialize",
            serde_json::json!({"protocolVersion": "2025-06-18", "capabilities": {},
                               "clientInfo": {"name": "reliability", "version": "0"}}),
        );
        self.send(&serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        init
    }

    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Wait for the exit, at most `guard`; `None` if it is still running.
    pub fn wait(&mut self, guard: Duration) -> Option<std::process::ExitStatus> {
        let start = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if start.elapsed() > guard {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Every remaining stdout line (after the exit), each checked to be JSON-RPC.
    pub fn drain(&mut self) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        while let Ok(raw) = self.lines.recv_timeout(Duration::from_secs(5)) {
            out.push(Self::check(&raw));
        }
        out
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

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
