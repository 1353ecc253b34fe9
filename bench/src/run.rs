//! The measurements: one server at a time, against the same upstream.

use crate::awake::with_cpus_awake;
use crate::client::{Outcome, Server, Spec, call_line};
use crate::procfs::{self, Memory};
use crate::stats::Summary;
use crate::{BenchError, Result};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The thread-name prefix of the stand-in API's runtime (for its CPU share).
pub const UPSTREAM_THREAD: &str = "upstream";

/// What every phase needs to know.
#[derive(Debug, Clone)]
pub struct Load {
    pub tool: String,
    pub cold_starts: usize,
    pub warmup: usize,
    pub calls: usize,
    pub pipelined: usize,
    pub window: usize,
    pub timeout: Duration,
}

/// Answers that were not a successful result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Errors {
    pub tool_errors: usize,
    pub rpc_errors: usize,
}

impl Errors {
    fn count(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Ok => {}
            Outcome::ToolError => self.tool_errors += 1,
            Outcome::RpcError => self.rpc_errors += 1,
        }
    }
    pub fn total(&self) -> usize {
        self.tool_errors + self.rpc_errors
    }
}

/// Cold start over several fresh processes.
#[derive(Debug, Clone, Serialize)]
pub struct ColdStart {
    /// Spawn → `initialize` answer.
    pub initialize: Summary,
    /// Spawn → first `tools/list` answer (after `initialize` and `notifications/initialized`).
    pub tools_list: Summary,
    /// `VmRSS` right after the first `tools/list` answer, median over the processes, KiB.
    pub rss_after_list_kib: u64,
    pub tools_listed: usize,
}

/// The pipelined (sustained) run.
#[derive(Debug, Clone, Serialize)]
pub struct Pipelined {
    pub window: usize,
    pub calls: usize,
    pub wall_s: f64,
    pub calls_per_s: f64,
    /// Per call, send → answer, with `window` in flight.
    pub latency: Summary,
    /// Server CPU (user + system, all threads) over the run, in cores (1.0 = one core busy).
    pub server_cpu_cores: f64,
    /// Server CPU per call, µs.
    pub server_cpu_per_call_us: f64,
    /// The part of it spent in the kernel on the server's behalf (its system calls: the
    /// upstream's TCP, the stdio pipes, epoll), µs.
    pub server_kernel_cpu_per_call_us: f64,
    /// The stand-in API's worker threads over the run, in cores.
    pub upstream_cpu_cores: f64,
    /// The whole bench process (stand-in API + this client) over the run, in cores.
    pub bench_cpu_cores: f64,
    pub errors: Errors,
}

/// Resident memory along the way.
#[derive(Debug, Clone, Serialize)]
pub struct MemoryTrace {
    pub after_first_list: Memory,
    pub after_warmup: Memory,
    /// `(calls done in the pipelined run, memory)` every tenth of it.
    pub during_pipelined: Vec<(usize, Memory)>,
    pub at_end: Memory,
    /// `VmRSS` at the end minus at the first tenth of the pipelined run, KiB.
    pub growth_kib: i64,
}

/// Everything measured for one server.
#[derive(Debug, Clone, Serialize)]
pub struct ServerReport {
    pub command: String,
    pub cold_start: ColdStart,
    /// Proxied call, one in flight.
    pub sequential: Summary,
    pub sequential_errors: Errors,
    /// The bare upstream round trip, one before each of those calls (see [`Sequential::bare`]).
    pub bare_sequential: Summary,
    /// Server CPU (user + system) per sequential proxied call, µs.
    pub sequential_cpu_per_call_us: f64,
    /// The server's `write`-family system calls per sequential proxied call (`syscw` of
    /// `/proc/PID/io`; `None` when unreadable): the request to the API and the answer on stdout
    /// (figures in docs/PERFORMANCE.md).
    pub sequential_writes_per_call: Option<f64>,
    /// The same per call of an unknown tool (ours: 1, the answer).
    pub unknown_tool_writes_per_call: Option<f64>,
    /// An unknown tool, one in flight: the server's own JSON-RPC round trip, no upstream.
    pub unknown_tool: Summary,
    /// The same two, with the CPUs kept out of their idle state (`crate::awake`).
    pub sequential_awake: Summary,
    pub bare_sequential_awake: Summary,
    pub unknown_tool_awake: Summary,
    /// Server CPU per sequential proxied call with the CPUs kept awake, µs.
    pub sequential_awake_cpu_per_call_us: f64,
    pub pipelined: Pipelined,
    pub memory: MemoryTrace,
}

/// The upstream alone, with the server's HTTP client settings.
#[derive(Debug, Clone, Serialize)]
pub struct UpstreamReport {
    pub url: String,
    /// One in flight, keep-alive.
    pub sequential: Summary,
    pub window: usize,
    pub pipelined_calls_per_s: f64,
    pub pipelined_upstream_cpu_cores: f64,
}

fn cores(cpu: Duration, wall: Duration) -> f64 {
    cpu.as_secs_f64() / wall.as_secs_f64().max(1e-9)
}

fn median_u64(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

fn summary(samples: &[Duration], what: &str) -> Result<Summary> {
    Summary::of(samples).ok_or_else(|| BenchError::new(format!("no samples for {what}")))
}

/// Spawn `spec` `n` times, handshake, read memory, close.
pub fn cold_start(spec: &Spec, n: usize, timeout: Duration) -> Result<ColdStart> {
    let mut init = Vec::with_capacity(n);
    let mut list = Vec::with_capacity(n);
    let mut rss = Vec::with_capacity(n);
    let mut tools = 0;
    for _ in 0..n.max(1) {
        let mut server = Server::spawn(spec)?;
        let hs = server.handshake(timeout)?;
        rss.push(procfs::memory(server.pid())?.rss_kib);
        init.push(hs.initialize);
        list.push(hs.tools_list);
        tools = hs.tools;
        server.close(Duration::from_secs(2));
    }
    Ok(ColdStart {
        initialize: summary(&init, "initialize")?,
        tools_list: summary(&list, "tools/list")?,
        rss_after_list_kib: median_u64(rss),
        tools_listed: tools,
    })
}

/// The bare upstream, fetched from this thread: the server's HTTP client settings on a one-thread
/// runtime like the server's (`clinic-mcp/src/main.rs`).
#[derive(Debug)]
pub struct Bare {
    runtime: tokio::runtime::Runtime,
    client: clinic_mcp::api::HttpClient,
    url: String,
}

impl Bare {
    pub fn new(url: &str, timeout: Duration) -> Result<Self> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let client = runtime.block_on(async { http_client(url, timeout) })?;
        Ok(Self {
            runtime,
            client,
            url: url.to_owned(),
        })
    }

    /// One `GET`, timed.
    pub fn round_trip(&self) -> Result<Duration> {
        self.runtime.block_on(async {
            let t = Instant::now();
            fetch(&self.client, &self.url).await?;
            Ok(t.elapsed())
        })
    }
}

/// Round trips of one sequential phase.
#[derive(Debug, Default)]
pub struct Sequential {
    pub server: Vec<Duration>,
    /// A bare upstream round trip before each server call, when asked for: both medians then
    /// come from the same stretch of time, so a change in the machine's state between phases
    /// cannot pass for added latency.
    pub bare: Vec<Duration>,
    pub errors: Errors,
}

/// `n` calls of `tool`, one in flight, each preceded by a bare upstream round trip if `bare`
/// is given; returns each round trip.
pub fn sequential(
    server: &mut Server,
    tool: &str,
    n: usize,
    timeout: Duration,
    bare: Option<&Bare>,
) -> Result<Sequential> {
    let mut out = Sequential {
        server: Vec::with_capacity(n),
        bare: Vec::with_capacity(if bare.is_some() { n } else { 0 }),
        errors: Errors::default(),
    };
    for _ in 0..n {
        if let Some(bare) = bare {
            out.bare.push(bare.round_trip()?);
        }
        let id = server.next_id();
        let line = call_line(id, tool);
        let sent = Instant::now();
        server.write(&line)?;
        server.flush()?;
        let reply = server.recv(timeout)?;
        if reply.id != id {
            return Err(BenchError::new(format!(
                "expected the answer to id {id}, got {}",
                reply.id
            )));
        }
        out.errors.count(reply.outcome);
        out.server.push(reply.at.saturating_duration_since(sent));
    }
    Ok(out)
}

/// `total` calls with `window` in flight on the one stdio stream, matched by id. `checkpoint`
/// runs every tenth of the run with the number of calls answered so far.
pub fn pipelined(
    server: &mut Server,
    load: &Load,
    mut checkpoint: impl FnMut(usize),
) -> Result<Pipelined> {
    let total = load.pipelined.max(1);
    let window = load.window.max(1);
    let pid = server.pid().to_string();
    let base = server.next_id();
    // Reserve the ids base..base+total.
    for _ in 1..total {
        server.next_id();
    }
    let mut sent_at: Vec<Option<Instant>> = vec![None; total];
    let mut latencies = Vec::with_capacity(total);
    let mut errors = Errors::default();
    let (mut sent, mut done) = (0usize, 0usize);
    let step = (total / 10).max(1);
    let mut next_checkpoint = step;

    let (server_user0, server_kernel0) = procfs::cpu_times(&pid)?;
    let bench_cpu0 = procfs::cpu_time("self")?;
    let upstream_cpu0 = procfs::threads_cpu_time("self", UPSTREAM_THREAD)?;
    let t0 = Instant::now();
    let mut line = String::with_capacity(256);
    loop {
        while sent < total && sent - done < window {
            let id = base + sent as u64;
            line.clear();
            line.push_str(&call_line(id, &load.tool));
            if let Some(slot) = sent_at.get_mut(sent) {
                *slot = Some(Instant::now());
            }
            server.write(&line)?;
            sent += 1;
        }
        server.flush()?;
        if done == total {
            break;
        }
        let mut reply = Some(server.recv(load.timeout)?);
        while let Some(r) = reply {
            let idx = r
                .id
                .checked_sub(base)
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < total)
                .ok_or_else(|| BenchError::new(format!("answer with unexpected id {}", r.id)))?;
            let at = sent_at
                .get_mut(idx)
                .and_then(Option::take)
                .ok_or_else(|| BenchError::new(format!("second answer to id {}", r.id)))?;
            latencies.push(r.at.saturating_duration_since(at));
            errors.count(r.outcome);
            done += 1;
            reply = server.try_recv().transpose()?;
        }
        if done >= next_checkpoint {
            checkpoint(done);
            next_checkpoint = (done / step + 1) * step;
        }
    }
    let wall = t0.elapsed();
    let (server_user, server_kernel) = procfs::cpu_times(&pid)?;
    let server_kernel = server_kernel.saturating_sub(server_kernel0);
    let server_cpu = server_user.saturating_sub(server_user0) + server_kernel;
    let bench_cpu = procfs::cpu_time("self")?.saturating_sub(bench_cpu0);
    let upstream_cpu =
        procfs::threads_cpu_time("self", UPSTREAM_THREAD)?.saturating_sub(upstream_cpu0);
    Ok(Pipelined {
        window,
        calls: total,
        wall_s: wall.as_secs_f64(),
        calls_per_s: total as f64 / wall.as_secs_f64().max(1e-9),
        latency: summary(&latencies, "pipelined")?,
        server_cpu_cores: cores(server_cpu, wall),
        server_cpu_per_call_us: server_cpu.as_secs_f64() * 1e6 / total as f64,
        server_kernel_cpu_per_call_us: server_kernel.as_secs_f64() * 1e6 / total as f64,
        upstream_cpu_cores: cores(upstream_cpu, wall),
        bench_cpu_cores: cores(bench_cpu, wall),
        errors,
    })
}

/// The sequential phase of one server: `load.calls` proxied calls, each after a bare round trip,
/// with the server's CPU over them; then calls of an unknown tool.
struct LatencyPhase {
    calls: Sequential,
    cpu_per_call_us: f64,
    /// The server's `write`-family system calls per proxied call, when `/proc/PID/io` is
    /// readable.
    writes_per_call: Option<f64>,
    unknown: Sequential,
    unknown_writes_per_call: Option<f64>,
}

/// The server's `write`s per call over `calls` calls made by `run`.
fn counting_writes<T>(
    pid: &str,
    calls: usize,
    run: impl FnOnce() -> Result<T>,
) -> Result<(T, Option<f64>)> {
    let before = procfs::write_calls(pid);
    let out = run()?;
    let per_call = before
        .zip(procfs::write_calls(pid))
        .map(|(before, after)| after.saturating_sub(before) as f64 / calls.max(1) as f64);
    Ok((out, per_call))
}

fn latency_phase(server: &mut Server, pid: &str, load: &Load, bare: &Bare) -> Result<LatencyPhase> {
    let cpu0 = procfs::cpu_time(pid)?;
    // The bare round trips interleaved with the calls cost the server nothing, neither CPU nor
    // system calls: it idles then.
    let (calls, writes_per_call) = counting_writes(pid, load.calls, || {
        sequential(server, &load.tool, load.calls, load.timeout, Some(bare))
    })?;
    let cpu = procfs::cpu_time(pid)?.saturating_sub(cpu0);
    let unknown_calls = load.calls.clamp(1, 2_000);
    let (unknown, unknown_writes_per_call) = counting_writes(pid, unknown_calls, || {
        sequential(server, "no_such_tool", unknown_calls, load.timeout, None)
    })?;
    Ok(LatencyPhase {
        calls,
        cpu_per_call_us: cpu.as_secs_f64() * 1e6 / load.calls.max(1) as f64,
        writes_per_call,
        unknown,
        unknown_writes_per_call,
    })
}

/// Every phase for one server. `between_phases` runs between phases and at every pipelined
/// checkpoint (the caller uses it to clear the stand-in's request log).
pub fn measure_server(
    command: &str,
    spec: &Spec,
    upstream_url: &str,
    load: &Load,
    between_phases: &dyn Fn(),
) -> Result<ServerReport> {
    eprintln!("bench: {command}: cold start x{}", load.cold_starts);
    let cold = cold_start(spec, load.cold_starts, load.timeout)?;
    between_phases();

    let mut server = Server::spawn(spec)?;
    server.handshake(load.timeout)?;
    let pid = server.pid();
    let after_first_list = procfs::memory(pid)?;

    eprintln!(
        "bench: {command}: warm-up x{}, sequential x{}",
        load.warmup, load.calls
    );
    let bare = Bare::new(upstream_url, load.timeout)?;
    let warm = sequential(
        &mut server,
        &load.tool,
        load.warmup,
        load.timeout,
        Some(&bare),
    )?;
    let warm_errors = warm.errors;
    if warm_errors.total() > 0 {
        return Err(BenchError::new(format!(
            "{command}: {} of {} warm-up calls of {} failed ({warm_errors:?}); is the upstream reachable and the tool right?",
            warm_errors.total(),
            load.warmup,
            load.tool
        )));
    }
    let after_warmup = procfs::memory(pid)?;
    between_phases();
    let pid_text = pid.to_string();
    let idle = latency_phase(&mut server, &pid_text, load, &bare)?;
    between_phases();
    eprintln!("bench: {command}: the same with the CPUs kept awake");
    let awake = with_cpus_awake(|| latency_phase(&mut server, &pid_text, load, &bare))?;
    drop(bare);
    between_phases();

    eprintln!(
        "bench: {command}: pipelined x{} ({} in flight)",
        load.pipelined, load.window
    );
    let mut samples = Vec::new();
    let mut sample_error = None;
    let piped = pipelined(&mut server, load, |done| {
        match procfs::memory(pid) {
            Ok(m) => samples.push((done, m)),
            Err(e) => sample_error = Some(e),
        }
        between_phases();
    })?;
    if let Some(e) = sample_error {
        return Err(e);
    }
    let at_end = procfs::memory(pid)?;
    let first = samples
        .first()
        .map_or(after_warmup.rss_kib, |(_, m)| m.rss_kib);
    server.close(Duration::from_secs(2));
    Ok(ServerReport {
        command: command.to_owned(),
        cold_start: cold,
        sequential: summary(&idle.calls.server, "sequential")?,
        sequential_errors: Errors {
            tool_errors: idle.calls.errors.tool_errors + awake.calls.errors.tool_errors,
            rpc_errors: idle.calls.errors.rpc_errors + awake.calls.errors.rpc_errors,
        },
        bare_sequential: summary(&idle.calls.bare, "bare upstream, interleaved")?,
        sequential_cpu_per_call_us: idle.cpu_per_call_us,
        sequential_writes_per_call: idle.writes_per_call,
        unknown_tool_writes_per_call: idle.unknown_writes_per_call,
        unknown_tool: summary(&idle.unknown.server, "unknown tool")?,
        sequential_awake: summary(&awake.calls.server, "sequential, CPUs awake")?,
        bare_sequential_awake: summary(
            &awake.calls.bare,
            "bare upstream, interleaved, CPUs awake",
        )?,
        unknown_tool_awake: summary(&awake.unknown.server, "unknown tool, CPUs awake")?,
        sequential_awake_cpu_per_call_us: awake.cpu_per_call_us,
        pipelined: piped,
        memory: MemoryTrace {
            after_first_list,
            after_warmup,
            during_pipelined: samples,
            at_end,
            growth_kib: at_end.rss_kib as i64 - first as i64,
        },
    })
}

/// The HTTP client the server builds for `url`'s API: the server's own builder
/// (`clinic_mcp::api::build_http`), so the settings cannot drift apart.
pub fn http_client(url: &str, timeout: Duration) -> Result<clinic_mcp::api::HttpClient> {
    let url = url::Url::parse(url)
        .map_err(|e| BenchError::new(format!("bad upstream URL {url}: {e}")))?;
    clinic_mcp::api::build_http(&url, timeout).map_err(BenchError::new)
}

/// One read, as the server sends it (`clinic_mcp::api::fetch`).
async fn fetch(client: &clinic_mcp::api::HttpClient, url: &str) -> Result<()> {
    let (status, body) = clinic_mcp::api::fetch(client, url)
        .await
        .map_err(|e| BenchError::new(format!("HTTP error: {e}")))?;
    if !(200..300).contains(&status) || body.is_empty() {
        return Err(BenchError::new(format!("{url} answered {status}")));
    }
    Ok(())
}

/// The bare upstream on its own: `warmup` + `calls` sequential GETs ([`Bare`]), then `pipelined`
/// GETs with `window` in flight on two workers (the upstream's ceiling, not the client's). The
/// added latency of a server is judged against the bare round trips interleaved with its own
/// calls instead ([`ServerReport::bare_sequential`]).
pub fn measure_upstream(
    url: &str,
    warmup: usize,
    calls: usize,
    pipelined: usize,
    window: usize,
    timeout: Duration,
) -> Result<UpstreamReport> {
    let bare = Bare::new(url, timeout)?;
    let round_trips = |n: usize| {
        (0..n)
            .map(|_| bare.round_trip())
            .collect::<Result<Vec<_>>>()
    };
    round_trips(warmup)?;
    let samples = round_trips(calls)?;
    drop(bare);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("bare-client")
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let client = http_client(url, timeout)?;
        let next = Arc::new(AtomicUsize::new(0));
        let cpu0 = procfs::threads_cpu_time("self", UPSTREAM_THREAD)?;
        let t0 = Instant::now();
        let mut tasks = Vec::with_capacity(window);
        for _ in 0..window.max(1) {
            let client = client.clone();
            let next = Arc::clone(&next);
            let url = url.to_owned();
            tasks.push(tokio::spawn(async move {
                while next.fetch_add(1, Ordering::Relaxed) < pipelined {
                    fetch(&client, &url).await?;
                }
                Ok::<(), BenchError>(())
            }));
        }
        for task in tasks {
            task.await
                .map_err(|e| BenchError::new(format!("upstream task failed: {e}")))??;
        }
        let wall = t0.elapsed();
        let cpu = procfs::threads_cpu_time("self", UPSTREAM_THREAD)?.saturating_sub(cpu0);
        Ok(UpstreamReport {
            url: url.to_owned(),
            sequential: summary(&samples, "bare upstream")?,
            window,
            pipelined_calls_per_s: pipelined as f64 / wall.as_secs_f64().max(1e-9),
            pipelined_upstream_cpu_cores: cores(cpu, wall),
        })
    })
}
