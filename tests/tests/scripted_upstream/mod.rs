//! A scripted clinic API for the suites that need answers by route: a raw
//! `tokio::net::TcpListener` on an ephemeral loopback port that hands every request (method, path,
//! head, body) to a closure and sends back what it returns, optionally after a delay. Every request
//! is recorded, so a test can count them or look for a retried mutation.
// Test support: panicking is how a test fails.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::needless_pass_by_value
)]

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One request as the upstream read it.
#[derive(Debug, Clone)]
pub struct Req {
    pub method: String,
    /// Path and query, e.g. `/api/v1/doctors/3/slots`.
    pub path: String,
    /// The request line and headers.
    pub head: String,
    pub body: String,
}

impl Req {
    /// The value of header `name` (case-insensitive), if sent.
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_owned())
        })
    }

    /// The path without the `/api/v1` prefix and the query.
    pub fn route(&self) -> &str {
        let p = self.path.strip_prefix("/api/v1").unwrap_or(&self.path);
        p.split('?').next().unwrap_or(p)
    }
}

/// What to answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: Arc<str>,
    /// Wait this long before answering.
    pub delay: Duration,
    /// Accept and never answer.
    pub hang: bool,
}

impl Reply {
    pub fn json(status: u16, body: impl Into<Arc<str>>) -> Self {
        Self {
            status,
            body: body.into(),
            delay: Duration::ZERO,
            hang: false,
        }
    }

    pub fn ok(body: impl Into<Arc<str>>) -> Self {
        Self::json(200, body)
    }

    pub fn hang() -> Self {
        Self {
            hang: true,
            ..Self::json(200, "")
        }
    }

    pub fn after(mut self, delay: Duration) -> Self {
        self.delay = delay;
        self
    }
}

type Script = dyn Fn(&Req) -> Reply + Send + Sync;

/// A running scripted upstream; stopped when dropped.
pub struct Scripted {
    addr: std::net::SocketAddr,
    requests: Arc<Mutex<Vec<Req>>>,
    task: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for Scripted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scripted")
            .field("addr", &self.addr)
            .finish_non_exhaustive()
    }
}

impl Drop for Scripted {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Scripted {
    /// Listen on `127.0.0.1:0` and answer every request with `script`.
    pub async fn spawn(script: impl Fn(&Req) -> Reply + Send + Sync + 'static) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let requests = Arc::new(Mutex::new(Vec::new()));
        let script: Arc<Script> = Arc::new(script);
        let r = requests.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let (r, script) = (r.clone(), script.clone());
                tokio::spawn(async move {
                    let _ = serve(stream, r, script).await;
                });
            }
        });
        Self {
            addr,
            requests,
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

    /// Every request read so far.
    pub fn requests(&self) -> Vec<Req> {
        self.requests.lock().unwrap().clone()
    }

    /// How many requests were read so far.
    pub fn count(&self) -> usize {
        self.requests.lock().unwrap().len()
    }
}

async fn serve(
    mut stream: TcpStream,
    requests: Arc<Mutex<Vec<Req>>>,
    script: Arc<Script>,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let end = loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 || buf.len() > 1 << 20 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    let len = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    let mut body = buf[end + 4..].to_vec();
    while body.len() < len {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    let mut line = head.lines().next().unwrap_or("").split(' ');
    let req = Req {
        method: line.next().unwrap_or("").to_owned(),
        path: line.next().unwrap_or("").to_owned(),
        head: head.clone(),
        body: String::from_utf8_lossy(&body).into_owned(),
    };
    requests.lock().unwrap().push(req.clone());
    let reply = script(&req);
    if reply.hang {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        return Ok(());
    }
    if !reply.delay.is_zero() {
        tokio::time::sleep(reply.delay).await;
    }
    let out = format!(
        "HTTP/1.1 {} Whatever\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.body.len()
    );
    stream.write_all(out.as_bytes()).await?;
    stream.write_all(reply.body.as_bytes()).await?;
    stream.flush().await
}

/// A doctor of the upstream's `GET /doctors`, in the API's shape.
pub fn doctor(id: u64, name: &str, specialty: &str, clinic: &str) -> serde_json::Value {
    serde_json::json!({
        "id": id,
        "name": name,
        "specialty": specialty,
        "clinic": {"id": 1, "name": clinic, "address": "1 Main St", "timeZone": "Europe/Berlin"}
    })
}

/// An open slot of doctor `doctor` starting at `start` (RFC 3339), thirty minutes long.
pub fn slot(id: u64, doctor: u64, start: &str) -> serde_json::Value {
    // A fixed half hour after start: the tests pick starts on the hour.
    let end = start.replace(":00:00Z", ":30:00Z");
    serde_json::json!({
        "id": id,
        "doctorId": doctor,
        "startTime": start,
        "endTime": end,
        "isAvailable": true
    })
}

/// A doctor of the upstream's `GET /doctors` whose clinic has the address `address`.
pub fn doctor_at(
    id: u64,
    name: &str,
    specialty: &str,
    clinic: &str,
    address: &str,
) -> serde_json::Value {
    let mut doctor = doctor(id, name, specialty, clinic);
    doctor["clinic"]["address"] = serde_json::Value::from(address);
    doctor
}
