//! The HTTP benchmark (`bench-http`): MCP servers over Streamable HTTP under N concurrent
//! clients, each on its own keep-alive HTTP/1.1 connection with one call in flight, against the
//! in-process stand-in API. Two kinds of phase: *closed loop* (every client sends its next call
//! the moment the last one answers: the server's ceiling) and *paced* (a fixed total rate, the
//! same for every server, each call preceded on the same client by one bare `GET` of the
//! upstream, so the two sets of round trips come from the same stretch of time).

use crate::client::{Outcome, call_line, parse_line};
use crate::procfs::{self, Memory};
use crate::run::{Errors, UPSTREAM_THREAD};
use crate::stats::Summary;
use crate::{BenchError, Result};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper::{Method, Request, StatusCode, header};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The thread-name prefix of the load generator's runtime (for its CPU share).
pub const CLIENT_THREAD: &str = "client";

/// The protocol revision the clients announce (`MCP-Protocol-Version`): one both servers speak.
pub const PROTOCOL_VERSION: &str = crate::client::PROTOCOL_VERSION;

/// Where and how one server is called.
#[derive(Debug, Clone)]
pub struct Endpoint {
    pub addr: SocketAddr,
    /// `Host` header: `127.0.0.1:PORT`.
    pub host: String,
    pub path: String,
}

impl Endpoint {
    /// `http://IP:PORT/PATH` (an IP literal: no name is resolved).
    pub fn parse(url: &str) -> Result<Self> {
        let url = url::Url::parse(url).map_err(|e| BenchError::new(format!("{url}: {e}")))?;
        let host = url
            .host_str()
            .ok_or_else(|| BenchError::new(format!("{url}: no host")))?;
        let port = url
            .port_or_known_default()
            .ok_or_else(|| BenchError::new(format!("{url}: no port")))?;
        let ip: std::net::IpAddr = host
            .trim_matches(['[', ']'])
            .parse()
            .map_err(|_| BenchError::new(format!("{url}: the host must be an IP address")))?;
        if !ip.is_loopback() {
            return Err(BenchError::new(format!(
                "{url}: the benchmark sends traffic to loopback only"
            )));
        }
        Ok(Self {
            addr: SocketAddr::new(ip, port),
            host: format!("{host}:{port}"),
            path: url.path().to_owned(),
        })
    }
}

/// One client's connection: opened before a phase starts, not timed.
#[derive(Debug)]
pub struct Conn {
    endpoint: Endpoint,
    sender: SendRequest<Full<Bytes>>,
    /// Connections opened again after the server closed one (idle timeout).
    pub reconnects: usize,
}

async fn open(endpoint: &Endpoint) -> Result<SendRequest<Full<Bytes>>> {
    let stream = tokio::net::TcpStream::connect(endpoint.addr).await?;
    stream.set_nodelay(true)?;
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| BenchError::new(format!("HTTP handshake with {}: {e}", endpoint.host)))?;
    tokio::spawn(async move {
        // Ends when the connection closes; an error then is the server's closing.
        let _ = connection.await;
    });
    Ok(sender)
}

impl Conn {
    pub async fn connect(endpoint: &Endpoint) -> Result<Self> {
        Ok(Self {
            sender: open(endpoint).await?,
            endpoint: endpoint.clone(),
            reconnects: 0,
        })
    }

    /// Send `request`; the status and the whole body. A connection the server has closed is
    /// opened again first.
    async fn send(&mut self, request: Request<Full<Bytes>>) -> Result<(StatusCode, Bytes)> {
        if self.sender.ready().await.is_err() {
            self.sender = open(&self.endpoint).await?;
            self.reconnects += 1;
        }
        let response = self
            .sender
            .send_request(request)
            .await
            .map_err(|e| BenchError::new(format!("{}: {e}", self.endpoint.host)))?;
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|e| BenchError::new(format!("{}: body: {e}", self.endpoint.host)))?
            .to_bytes();
        Ok((status, body))
    }

    /// One MCP request (`body`, a JSON-RPC message) by `POST`, with `bearer` if given.
    pub async fn post_mcp(&mut self, body: String, bearer: Option<&str>) -> Result<Outcome> {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri(self.endpoint.path.as_str())
            .header(header::HOST, self.endpoint.host.as_str())
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header("mcp-protocol-version", PROTOCOL_VERSION);
        if let Some(token) = bearer {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let request = request
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| BenchError::new(e.to_string()))?;
        let (status, body) = self.send(request).await?;
        if status != StatusCode::OK {
            return Ok(Outcome::RpcError);
        }
        mcp_outcome(&body)
    }

    /// One bare `GET` of the endpoint's path.
    pub async fn get(&mut self) -> Result<()> {
        let request = Request::builder()
            .method(Method::GET)
            .uri(self.endpoint.path.as_str())
            .header(header::HOST, self.endpoint.host.as_str())
            .body(Full::new(Bytes::new()))
            .map_err(|e| BenchError::new(e.to_string()))?;
        let (status, body) = self.send(request).await?;
        if status != StatusCode::OK || body.is_empty() {
            return Err(BenchError::new(format!(
                "{}{} answered {status}",
                self.endpoint.host, self.endpoint.path
            )));
        }
        Ok(())
    }
}

/// How a `POST /mcp` answer came back: its JSON-RPC message, read from the body, or from the
/// last `data:` line of an SSE stream.
pub fn mcp_outcome(body: &[u8]) -> Result<Outcome> {
    let text = std::str::from_utf8(body)
        .map_err(|_| BenchError::new("an MCP answer that is not UTF-8"))?;
    let message = if text.trim_start().starts_with('{') {
        text
    } else {
        text.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .rfind(|l| l.starts_with('{'))
            .ok_or_else(|| {
                let head: String = text.chars().take(200).collect();
                BenchError::new(format!("an MCP answer with no JSON-RPC message: {head}"))
            })?
    };
    Ok(parse_line(message, Instant::now())?.map_or(Outcome::RpcError, |r| r.outcome))
}

/// One phase's load.
#[derive(Debug, Clone)]
pub struct Phase {
    pub clients: usize,
    pub duration: Duration,
    /// Calls per second over all clients; `None`: closed loop.
    pub rate: Option<f64>,
    /// The upstream's `GET`, made by each client before each of its calls (paced phases).
    pub bare: Option<Endpoint>,
    pub tool: String,
}

/// What one phase measured of one server.
#[derive(Debug, Clone, Serialize)]
pub struct PhaseReport {
    pub clients: usize,
    /// Asked for; `None`: closed loop.
    pub rate: Option<f64>,
    pub calls: usize,
    pub errors: Errors,
    pub wall_s: f64,
    pub calls_per_s: f64,
    /// Send → whole answer read, per call.
    pub latency: Summary,
    /// The bare upstream round trips interleaved with the calls (paced phases).
    pub bare: Option<Summary>,
    /// Ticks a client reached late (its previous call and bare round trip took longer than its
    /// interval): the server did not keep up with the rate.
    pub late_ticks: usize,
    pub reconnects: usize,
    /// Server CPU (user + system, every thread) over the phase, in cores.
    pub server_cpu_cores: f64,
    pub server_cpu_per_call_us: f64,
    /// The part of it in the kernel on the server's behalf.
    pub server_kernel_cpu_per_call_us: f64,
    /// The time the server's threads were runnable but waited for a CPU, in cores: what a busy
    /// machine took from it (0 on an idle one).
    pub server_run_queue_wait_cores: f64,
    pub upstream_cpu_cores: f64,
    pub client_cpu_cores: f64,
    /// `VmRSS` sampled every `SAMPLE_EVERY` during the phase: the highest, KiB.
    pub rss_peak_kib: u64,
    /// `VmRSS` and `VmHWM` at the end of the phase.
    pub at_end: Memory,
}

/// How often memory is sampled (and the stand-in's request log cleared) during a phase.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(200);

/// What each client task hands back.
#[derive(Default)]
struct ClientResult {
    latencies: Vec<Duration>,
    bare: Vec<Duration>,
    errors: Errors,
    late: usize,
    reconnects: usize,
}

/// One client: its connection(s), then calls until `duration` after the start signal.
async fn client(
    index: usize,
    target: Endpoint,
    bearer: Option<Arc<str>>,
    phase: Arc<Phase>,
    start: Arc<tokio::sync::Barrier>,
) -> Result<ClientResult> {
    let mut conn = Conn::connect(&target).await?;
    let mut bare = match &phase.bare {
        Some(endpoint) => Some(Conn::connect(endpoint).await?),
        None => None,
    };
    let mut out = ClientResult::default();
    start.wait().await;
    let t0 = tokio::time::Instant::now();
    let deadline = t0 + phase.duration;
    // Paced: this client's interval, its first tick spread over one interval by its index.
    let interval = phase
        .rate
        .map(|rate| Duration::from_secs_f64(phase.clients as f64 / rate.max(1e-9)));
    let mut next = interval.map(|i| t0 + i.mul_f64(index as f64 / phase.clients.max(1) as f64));
    let mut id = (index as u64) << 32;
    loop {
        if let (Some(tick), Some(interval)) = (next.as_mut(), interval) {
            if *tick >= deadline {
                break;
            }
            let now = tokio::time::Instant::now();
            if *tick > now {
                tokio::time::sleep_until(*tick).await;
            } else if now - *tick > interval / 2 {
                // Behind: go now, and count it; the rate is not made up later in a burst.
                out.late += 1;
                *tick = now;
            }
            *tick += interval;
        } else if tokio::time::Instant::now() >= deadline {
            break;
        }
        if let Some(bare) = bare.as_mut() {
            let t = Instant::now();
            bare.get().await?;
            out.bare.push(t.elapsed());
        }
        id += 1;
        let line = call_line(id, &phase.tool);
        let t = Instant::now();
        let outcome = conn
            .post_mcp(line.trim_end().to_owned(), bearer.as_deref())
            .await?;
        out.latencies.push(t.elapsed());
        match outcome {
            Outcome::Ok => {}
            Outcome::ToolError => out.errors.tool_errors += 1,
            Outcome::RpcError => out.errors.rpc_errors += 1,
        }
    }
    out.reconnects = conn.reconnects + bare.map_or(0, |b| b.reconnects);
    Ok(out)
}

fn cores(cpu: Duration, wall: Duration) -> f64 {
    cpu.as_secs_f64() / wall.as_secs_f64().max(1e-9)
}

/// Run `phase` against the server `pid` at `target` on `runtime` (the load generator's).
/// `bearers[i]` is client i's token (none when shorter). `every_sample` runs every
/// [`SAMPLE_EVERY`] (the caller clears the stand-in's request log there).
pub fn run_phase(
    runtime: &tokio::runtime::Runtime,
    pid: u32,
    target: &Endpoint,
    bearers: &[Option<Arc<str>>],
    phase: &Phase,
    every_sample: &dyn Fn(),
) -> Result<PhaseReport> {
    let pid_text = pid.to_string();
    let phase_arc = Arc::new(phase.clone());
    let clients = phase.clients.max(1);
    let start = Arc::new(tokio::sync::Barrier::new(clients + 1));
    runtime.block_on(async {
        let mut tasks = Vec::with_capacity(clients);
        for i in 0..clients {
            tasks.push(tokio::spawn(client(
                i,
                target.clone(),
                bearers.get(i).cloned().flatten(),
                Arc::clone(&phase_arc),
                Arc::clone(&start),
            )));
        }
        // Every connection is open before the clock starts.
        start.wait().await;
        let (user0, kernel0) = procfs::cpu_times(&pid_text)?;
        let wait0 = procfs::run_queue_wait(&pid_text)?;
        let upstream0 = procfs::threads_cpu_time("self", UPSTREAM_THREAD)?;
        let client0 = procfs::threads_cpu_time("self", CLIENT_THREAD)?;
        let t0 = Instant::now();
        let mut rss_peak = 0;
        while t0.elapsed() < phase.duration {
            tokio::time::sleep(SAMPLE_EVERY).await;
            rss_peak = rss_peak.max(procfs::memory(pid)?.rss_kib);
            every_sample();
        }
        let mut results = Vec::with_capacity(clients);
        for task in tasks {
            results.push(
                task.await
                    .map_err(|e| BenchError::new(format!("a client task failed: {e}")))??,
            );
        }
        let wall = t0.elapsed();
        let (user, kernel) = procfs::cpu_times(&pid_text)?;
        let wait = procfs::run_queue_wait(&pid_text)?.saturating_sub(wait0);
        let kernel = kernel.saturating_sub(kernel0);
        let server_cpu = user.saturating_sub(user0) + kernel;
        let upstream = procfs::threads_cpu_time("self", UPSTREAM_THREAD)?.saturating_sub(upstream0);
        let client_cpu = procfs::threads_cpu_time("self", CLIENT_THREAD)?.saturating_sub(client0);
        let at_end = procfs::memory(pid)?;
        let mut latencies = Vec::new();
        let mut bare = Vec::new();
        let mut errors = Errors::default();
        let (mut late, mut reconnects) = (0, 0);
        for r in results {
            latencies.extend(r.latencies);
            bare.extend(r.bare);
            errors.tool_errors += r.errors.tool_errors;
            errors.rpc_errors += r.errors.rpc_errors;
            late += r.late;
            reconnects += r.reconnects;
        }
        let calls = latencies.len();
        every_sample();
        Ok(PhaseReport {
            clients,
            rate: phase.rate,
            calls,
            errors,
            wall_s: wall.as_secs_f64(),
            calls_per_s: calls as f64 / wall.as_secs_f64().max(1e-9),
            latency: Summary::of(&latencies)
                .ok_or_else(|| BenchError::new("no call was answered"))?,
            bare: Summary::of(&bare),
            late_ticks: late,
            reconnects,
            server_cpu_cores: cores(server_cpu, wall),
            server_cpu_per_call_us: server_cpu.as_secs_f64() * 1e6 / calls.max(1) as f64,
            server_kernel_cpu_per_call_us: kernel.as_secs_f64() * 1e6 / calls.max(1) as f64,
            server_run_queue_wait_cores: cores(wait, wall),
            upstream_cpu_cores: cores(upstream, wall),
            client_cpu_cores: cores(client_cpu, wall),
            rss_peak_kib: rss_peak.max(at_end.rss_kib),
            at_end,
        })
    })
}

/// `tools/list` on a fresh connection until it answers 200 with a result, or `timeout`: the
/// time from `since` to that answer.
pub fn wait_ready(
    runtime: &tokio::runtime::Runtime,
    target: &Endpoint,
    bearer: Option<&str>,
    since: Instant,
    timeout: Duration,
    alive: &mut dyn FnMut() -> bool,
) -> Result<Duration> {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#;
    runtime.block_on(async {
        loop {
            if let Ok(mut conn) = Conn::connect(target).await
                && let Ok(Outcome::Ok) = conn.post_mcp(body.to_owned(), bearer).await
            {
                return Ok(since.elapsed());
            }
            if !alive() {
                return Err(BenchError::new(format!(
                    "the server at {} exited before answering",
                    target.host
                )));
            }
            if since.elapsed() > timeout {
                return Err(BenchError::new(format!(
                    "the server at {} did not answer tools/list within {timeout:?}",
                    target.host
                )));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
}

/// `/proc/loadavg`'s first three fields.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_are_loopback_ip_literals() {
        let e = Endpoint::parse("http://127.0.0.1:8080/mcp").unwrap();
        assert_eq!(
            (e.addr.port(), e.host.as_str(), e.path.as_str()),
            (8080, "127.0.0.1:8080", "/mcp")
        );
        let e = Endpoint::parse("http://[::1]:9/api/v1/doctors").unwrap();
        assert_eq!(e.path, "/api/v1/doctors");
        assert!(Endpoint::parse("http://192.0.2.1:80/mcp").is_err());
        assert!(Endpoint::parse("http://localhost:80/mcp").is_err());
    }

    #[test]
    fn answers_as_json_or_as_an_sse_stream() {
        let ok = br#"{"jsonrpc":"2.0","id":3,"result":{"content":[]}}"#;
        assert_eq!(mcp_outcome(ok).unwrap(), Outcome::Ok);
        let sse = b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"isError\":true}}\n\n";
        assert_eq!(mcp_outcome(sse).unwrap(), Outcome::ToolError);
        let error = br#"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"x"}}"#;
        assert_eq!(mcp_outcome(error).unwrap(), Outcome::RpcError);
        assert!(mcp_outcome(b"event: message\n\n").is_err());
    }
}
