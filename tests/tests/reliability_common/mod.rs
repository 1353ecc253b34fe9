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

impl Fault {
    /// A status line and an optional body, no extra headers.
    pub fn status(status: u16, body: Option<String>) -> Self {
        Self::Status {
            status,
            headers: vec![],
            body,
        }
    }
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
