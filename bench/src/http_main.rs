//! `bench-http`: see `clinic_bench::http_load` and docs/PERFORMANCE.md.

// A command-line benchmark: printing its table to stdout is its job.
#![allow(clippy::print_stdout)]

use base64::Engine as _;
use clap::Parser;
use clinic_bench::http_load::{
    CLIENT_THREAD, Endpoint, Phase, PhaseReport, load_average, run_phase, wait_ready,
};
use clinic_bench::procfs::{self, Memory};
use clinic_bench::report::{Goal, Machine};
use clinic_bench::run::UPSTREAM_THREAD;
use clinic_bench::{BenchError, Result, command};
use clinic_standin::auth::{
    AuthConfig, AuthServer, ClientCredential, ClientKey, ConfidentialClient, MintRequest, Role,
};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Benchmark MCP servers over Streamable HTTP: N concurrent keep-alive clients calling a tool
/// through `clinic-mcp serve --http` (OAuth resource server, tokens of the in-process stand-in
/// authorization server) and, beside it, another stateless HTTP server on the same in-process
/// stand-in API: closed-loop throughput, latency at one fixed rate against the bare upstream,
/// CPU per call, memory at rest and under load.
#[derive(Debug, Clone, Parser)]
#[command(name = "bench-http", version)]
struct Cli {
    /// The clinic-mcp binary; the bench runs it as `serve --http 127.0.0.1:PORT` with
    /// `--issuer`, `--client-id`, `--client-key-file` and `--base-url` of its own
    /// [default: target/release/clinic-mcp]
    #[arg(long)]
    server: Option<PathBuf>,
    /// Another MCP Streamable HTTP server to run under the same load, as a command line (no
    /// shell); it gets PORT (to listen on 127.0.0.1 and serve /mcp) and SUT_BASE_URL, e.g. the
    /// line `bash bench/node-stack/setup.sh --http` prints.
    #[arg(long)]
    compare: Option<String>,
    /// The proxied tool to call, with no arguments; both servers must implement it.
    #[arg(long, default_value = "list_doctors")]
    tool: String,
    /// Concurrent clients, each on its own keep-alive connection with one call in flight.
    #[arg(long, default_value_t = 200)]
    clients: usize,
    /// Seconds of closed-loop load before measuring (connection pools, allocator, JIT).
    #[arg(long, default_value_t = 5)]
    warmup_secs: u64,
    /// Seconds of the measured closed-loop phase.
    #[arg(long, default_value_t = 15)]
    secs: u64,
    /// Calls per second of the paced phase, over all clients; default: half the lowest
    /// closed-loop throughput of the servers measured, so every server keeps up with it.
    #[arg(long)]
    rate: Option<f64>,
    /// Seconds of the paced phase.
    #[arg(long, default_value_t = 15)]
    paced_secs: u64,
    /// Worker threads of the in-process stand-in API and authorization server.
    #[arg(long, default_value_t = 1)]
    upstream_workers: usize,
    /// Worker threads of the load generator.
    #[arg(long, default_value_t = 1)]
    client_workers: usize,
    /// Seconds a server has to answer its first `tools/list`.
    #[arg(long, default_value_t = 30)]
    timeout_secs: u64,
    /// Let the servers' stderr through (default: to a file, shown if one fails to start).
    #[arg(long)]
    show_stderr: bool,
    /// Also write the full results as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench-http: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A port on 127.0.0.1 free a moment ago (the server binds it itself).
fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// A running server: killed when dropped.
struct Running {
    name: String,
    command: String,
    child: Child,
    endpoint: Endpoint,
    /// Client i's bearer token (none for a server without auth).
    bearers: Vec<Option<Arc<str>>>,
    log: PathBuf,
}

impl Running {
    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn(mut command: Command, log: &Path, show_stderr: bool) -> Result<Child> {
    command.stdin(Stdio::null()).stdout(Stdio::null());
    if show_stderr {
        command.stderr(Stdio::inherit());
    } else {
        command.stderr(std::fs::File::create(log)?);
    }
    command.spawn().map_err(|e| {
        BenchError::new(format!(
            "cannot start {}: {e}",
            command.get_program().to_string_lossy()
        ))
    })
}

/// Everything measured of one server.
#[derive(Debug, Clone, Serialize)]
struct ServerHttp {
    name: String,
    command: String,
    /// Spawn → first `tools/list` answered 200 (polling every 20 ms).
    spawn_to_ready_ms: f64,
    /// One second after that first answer, no load.
    at_rest: Memory,
    closed: PhaseReport,
    paced: PhaseReport,
    /// Two seconds after the load ended.
    after_load: Memory,
}

#[derive(Debug, Clone, Serialize)]
struct HttpReport {
    machine: Machine,
    load_average_before: String,
    load_average_after: String,
    tool: String,
    clients: usize,
    closed_secs: u64,
    paced_rate: f64,
    paced_secs: u64,
    upstream_workers: usize,
    client_workers: usize,
    servers: Vec<ServerHttp>,
    goals: Vec<Goal>,
}

#[allow(clippy::too_many_lines)] // one run, in the order it happens
fn run(cli: &Cli) -> Result<()> {
    let timeout = Duration::from_secs(cli.timeout_secs.max(1));
    let load_before = load_average();
    eprintln!("bench-http: load average {load_before}");
    let upstream_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cli.upstream_workers.max(1))
        .thread_name(UPSTREAM_THREAD)
        .enable_all()
        .build()?;
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cli.client_workers.max(1))
        .thread_name(CLIENT_THREAD)
        .enable_all()
        .build()?;
    let (standin, auth) = upstream_rt.block_on(async {
        let auth =
            AuthServer::start(clinic_standin::LOCALHOST_EPHEMERAL, AuthConfig::default()).await;
        let standin = clinic_standin::spawn(
            clinic_standin::LOCALHOST_EPHEMERAL,
            clinic_standin::Config::default(),
        )
        .await;
        (standin, auth)
    });
    let standin = standin?;
    let auth = auth.map_err(|e| BenchError::new(format!("authorization server: {e}")))?;
    let base_url = standin.base_url();
    let bare = Endpoint::parse(&format!("{base_url}/doctors"))?;
    eprintln!(
        "bench-http: stand-in API at {base_url}, authorization server {}",
        auth.issuer()
    );
    let clear = || standin.clear_requests();
    let dir = std::env::temp_dir().join(format!("clinic-bench-http-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;

    let mut servers: Vec<Running> = Vec::new();
    // Ours: an OAuth resource server of the stand-in authorization server, exchanging at it
    // with private_key_jwt; one token (its own `sub`) per client.
    {
        let port = free_port()?;
        let resource = format!("http://127.0.0.1:{port}/mcp");
        let key = ClientKey::generate().map_err(|e| BenchError::new(e.to_string()))?;
        auth.server()
            .register_confidential_client(ConfidentialClient {
                client_id: "clinic-mcp-bench".to_owned(),
                credential: ClientCredential::PrivateKeyJwt(key.public_jwk()),
                resource: resource.clone(),
                exchange_audiences: vec![base_url.clone()],
            })
            .map_err(|e| BenchError::new(e.to_string()))?;
        let key_file = dir.join("client-key.pem");
        std::fs::write(
            &key_file,
            format!(
                "-----BEGIN PRIVATE KEY-----\n{}\n-----END PRIVATE KEY-----\n",
                base64::engine::general_purpose::STANDARD.encode(key.pkcs8_der())
            ),
        )?;
        let mut bearers = Vec::with_capacity(cli.clients);
        for i in 0..cli.clients.max(1) {
            let token = auth
                .server()
                .mint(&MintRequest {
                    sub: format!("bench-patient-{i}"),
                    role: Role::Patient,
                    scope: "clinic.readonly".to_owned(),
                    audience: resource.clone(),
                    client_id: "bench".to_owned(),
                    issued_at: None,
                    ttl: Duration::from_secs(4 * 60 * 60),
                })
                .map_err(|e| BenchError::new(e.to_string()))?;
            bearers.push(Some(Arc::<str>::from(token.expose())));
        }
        let program = cli.server.clone().unwrap_or_else(|| {
            let local = PathBuf::from("target/release/clinic-mcp");
            if local.exists() {
                local
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/clinic-mcp")
            }
        });
        let addr = format!("127.0.0.1:{port}");
        let mut command = Command::new(&program);
        command
            .args(["serve", "--http", &addr, "--profile", "readonly"])
            .args(["--issuer", auth.issuer(), "--client-id", "clinic-mcp-bench"])
            .arg("--client-key-file")
            .arg(&key_file)
            .args(["--base-url", &base_url])
            // a bench client is a caller making calls back to back: the per-caller rate limit
            // would answer it 429 on a faster machine, and the measure is of the calls
            .args(["--max-rate-per-caller", "10000"]);
        for name in [
            "SUT_ACCESS_TOKEN",
            "SUT_BASE_URL",
            "MCP_PROFILE",
            "MCP_SESSION_ROLE",
            "CLINIC_HTTP_ADDR",
            "CLINIC_RESOURCE_URL",
            "CLINIC_OAUTH_ISSUER",
            "CLINIC_MAX_REQUESTS_PER_CALLER",
            "CLINIC_MAX_RATE_PER_CALLER",
            "RUST_LOG",
        ] {
            command.env_remove(name);
        }
        let line = format!(
            "{} serve --http {addr} --profile readonly --issuer {} --client-id clinic-mcp-bench --client-key-file {} --base-url {base_url} --max-rate-per-caller 10000",
            program.display(),
            auth.issuer(),
            key_file.display()
        );
        let log = dir.join("ours.log");
        let child = spawn(command, &log, cli.show_stderr)?;
        servers.push(Running {
            name: "ours".to_owned(),
            command: line,
            child,
            endpoint: Endpoint::parse(&resource)?,
            bearers,
            log,
        });
    }
    if let Some(line) = &cli.compare {
        let mut words = command::split(line)?.into_iter();
        let program = words
            .next()
            .ok_or_else(|| BenchError::new("empty --compare"))?;
        let port = free_port()?;
        let mut command = Command::new(&program);
        command
            .args(words)
            .env("PORT", port.to_string())
            .env("SUT_BASE_URL", &base_url)
            .env("SUT_ACCESS_TOKEN", clinic_standin::PATIENT_TOKEN)
            .env("MCP_PROFILE", "readonly");
        let log = dir.join("compare.log");
        let child = spawn(command, &log, cli.show_stderr)?;
        servers.push(Running {
            name: "compare".to_owned(),
            command: line.clone(),
            child,
            endpoint: Endpoint::parse(&format!("http://127.0.0.1:{port}/mcp"))?,
            bearers: Vec::new(),
            log,
        });
    }

    // Started one at a time, each measured at rest.
    let mut ready = Vec::new();
    for server in &mut servers {
        let spawned = Instant::now();
        let bearer = server.bearers.first().cloned().flatten();
        let child = &mut server.child;
        let waited = wait_ready(
            &client_rt,
            &server.endpoint,
            bearer.as_deref(),
            spawned,
            timeout,
            &mut || matches!(child.try_wait(), Ok(None)),
        );
        let took = match waited {
            Ok(took) => took,
            Err(e) => {
                let log = std::fs::read_to_string(&server.log).unwrap_or_default();
                return Err(BenchError::new(format!("{}: {e}\n{log}", server.command)));
            }
        };
        std::thread::sleep(Duration::from_secs(1));
        let at_rest = procfs::memory(server.pid())?;
        eprintln!(
            "bench-http: {} ready in {:.0} ms, {:.1} MiB at rest",
            server.name,
            took.as_secs_f64() * 1e3,
            at_rest.rss_kib as f64 / 1024.0
        );
        ready.push((took, at_rest));
    }

    let closed = |server: &Running, secs: u64| {
        eprintln!(
            "bench-http: {}: {} clients, closed loop, {secs} s",
            server.name, cli.clients
        );
        run_phase(
            &client_rt,
            server.pid(),
            &server.endpoint,
            &server.bearers,
            &Phase {
                clients: cli.clients.max(1),
                duration: Duration::from_secs(secs.max(1)),
                rate: None,
                bare: None,
                tool: cli.tool.clone(),
            },
            &clear,
        )
    };
    let mut closed_reports = Vec::new();
    for server in &servers {
        if cli.warmup_secs > 0 {
            closed(server, cli.warmup_secs)?;
        }
        let report = closed(server, cli.secs)?;
        if report.errors.total() > 0 {
            return Err(BenchError::new(format!(
                "{}: {} of {} calls failed ({:?})",
                server.command,
                report.errors.total(),
                report.calls,
                report.errors
            )));
        }
        closed_reports.push(report);
    }
    let rate = cli.rate.unwrap_or_else(|| {
        let lowest = closed_reports
            .iter()
            .map(|r| r.calls_per_s)
            .fold(f64::INFINITY, f64::min);
        (lowest / 2.0).floor().max(1.0)
    });
    let mut paced_reports = Vec::new();
    for server in &servers {
        eprintln!(
            "bench-http: {}: {} clients, {rate} calls/s, each after a bare upstream GET, {} s",
            server.name, cli.clients, cli.paced_secs
        );
        paced_reports.push(run_phase(
            &client_rt,
            server.pid(),
            &server.endpoint,
            &server.bearers,
            &Phase {
                clients: cli.clients.max(1),
                duration: Duration::from_secs(cli.paced_secs.max(1)),
                rate: Some(rate),
                bare: Some(bare.clone()),
                tool: cli.tool.clone(),
            },
            &clear,
        )?);
    }
    std::thread::sleep(Duration::from_secs(2));
    let mut reports = Vec::new();
    for (((server, (took, at_rest)), closed), paced) in servers
        .iter()
        .zip(ready)
        .zip(closed_reports)
        .zip(paced_reports)
    {
        reports.push(ServerHttp {
            name: server.name.clone(),
            command: server.command.clone(),
            spawn_to_ready_ms: took.as_secs_f64() * 1e3,
            at_rest,
            closed,
            paced,
            after_load: procfs::memory(server.pid())?,
        });
    }
    drop(servers);
    let report = HttpReport {
        machine: Machine::probe(),
        load_average_before: load_before,
        load_average_after: load_average(),
        tool: cli.tool.clone(),
        clients: cli.clients.max(1),
        closed_secs: cli.secs,
        paced_rate: rate,
        paced_secs: cli.paced_secs,
        upstream_workers: cli.upstream_workers.max(1),
        client_workers: cli.client_workers.max(1),
        goals: goals(&reports),
        servers: reports,
    };
    println!("{}", table(&report));
    if let Some(path) = &cli.json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .map_err(|e| BenchError::new(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("bench-http: wrote {}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
    upstream_rt.block_on(async {
        standin.shutdown().await;
        auth.shutdown().await;
    });
    Ok(())
}

/// p99 of the calls minus p99 of the bare round trips interleaved with them (and the same for
/// the medians): what the server adds at the paced rate.
fn added(phase: &PhaseReport) -> (f64, f64) {
    phase.bare.map_or((f64::NAN, f64::NAN), |bare| {
        (
            phase.latency.median_us - bare.median_us,
            phase.latency.p99_us - bare.p99_us,
        )
    })
}

/// `theirs / ours` (lower is better).
fn ratio(ours: f64, theirs: f64) -> f64 {
    theirs / ours.max(f64::MIN_POSITIVE)
}

fn goals(servers: &[ServerHttp]) -> Vec<Goal> {
    let (Some(ours), Some(other)) = (servers.first(), servers.get(1)) else {
        return Vec::new();
    };
    let cpu = |p: &PhaseReport, q: &PhaseReport, what: &str| {
        let r = ratio(p.server_cpu_per_call_us, q.server_cpu_per_call_us);
        Goal {
            goal: format!("server CPU per call ({what}) at least 10x lower"),
            measured: format!(
                "{r:.1}x ({:.0} vs {:.0} us)",
                p.server_cpu_per_call_us, q.server_cpu_per_call_us
            ),
            met: Some(r >= 10.0),
        }
    };
    let (_, ours_p99) = added(&ours.paced);
    let (_, other_p99) = added(&other.paced);
    let p99 = ratio(ours_p99, other_p99);
    let peak = |s: &ServerHttp| s.closed.rss_peak_kib.max(s.paced.rss_peak_kib);
    let memory = ratio(peak(ours) as f64, peak(other) as f64);
    vec![
        cpu(&ours.closed, &other.closed, "closed loop"),
        cpu(&ours.paced, &other.paced, "paced"),
        Goal {
            goal: format!(
                "p99 added latency at {:.0} calls/s at least 5x lower",
                ours.paced.rate.unwrap_or_default()
            ),
            measured: format!("{p99:.1}x ({ours_p99:.0} vs {other_p99:.0} us)"),
            met: Some(p99 >= 5.0 || (ours_p99 <= 0.0 && other_p99 > 0.0)),
        },
        Goal {
            goal: "peak RSS under load at least 8x lower".to_owned(),
            measured: format!(
                "{memory:.1}x ({:.1} vs {:.1} MiB)",
                peak(ours) as f64 / 1024.0,
                peak(other) as f64 / 1024.0
            ),
            met: Some(memory >= 8.0),
        },
    ]
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

#[allow(clippy::too_many_lines)] // one row per figure
fn table(r: &HttpReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "bench-http: {} clients (one keep-alive connection each, one call in flight), tool {}; \
         {} CPUs ({}), Linux {}; load average {} before, {} after; upstream {} worker(s), \
         load generator {} worker(s)",
        r.clients,
        r.tool,
        r.machine.nproc,
        r.machine.cpu_model,
        r.machine.kernel,
        r.load_average_before,
        r.load_average_after,
        r.upstream_workers,
        r.client_workers
    );
    for s in &r.servers {
        let _ = writeln!(out, "  {}: {}", s.name, s.command);
    }
    let mut header = String::from("| metric |");
    let mut rule = String::from("|---|");
    for s in &r.servers {
        let _ = write!(header, " {} |", s.name);
        rule.push_str("---:|");
    }
    if r.servers.len() == 2 {
        header.push_str(" advantage |");
        rule.push_str("---:|");
    }
    let _ = writeln!(out, "\n{header}\n{rule}");
    let row = |out: &mut String,
               name: &str,
               f: &dyn Fn(&ServerHttp) -> f64,
               fmt: &dyn Fn(f64) -> String,
               lower_is_better: Option<bool>| {
        let mut line = format!("| {name} |");
        let values: Vec<f64> = r.servers.iter().map(f).collect();
        for v in &values {
            let _ = write!(line, " {} |", fmt(*v));
        }
        if let (Some(lower), [ours, other]) = (lower_is_better, values.as_slice()) {
            let x = if lower { other / ours } else { ours / other };
            let _ = write!(line, " {x:.1}x |");
        } else if r.servers.len() == 2 {
            line.push_str(" |");
        }
        let _ = writeln!(out, "{line}");
    };
    let int = |v: f64| format!("{v:.0}");
    let one = |v: f64| format!("{v:.1}");
    let two = |v: f64| format!("{v:.2}");
    let mb = |v: f64| mib(v as u64);
    row(
        &mut out,
        "spawn -> first tools/list (ms)",
        &|s| s.spawn_to_ready_ms,
        &one,
        Some(true),
    );
    row(
        &mut out,
        "RSS at rest (MiB)",
        &|s| s.at_rest.rss_kib as f64,
        &mb,
        Some(true),
    );
    let _ = writeln!(out, "| **closed loop, {} s** | | | |", r.closed_secs);
    row(
        &mut out,
        "calls/s",
        &|s| s.closed.calls_per_s,
        &int,
        Some(false),
    );
    row(
        &mut out,
        "latency p50 (us)",
        &|s| s.closed.latency.median_us,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "latency p99 (us)",
        &|s| s.closed.latency.p99_us,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "server CPU (cores)",
        &|s| s.closed.server_cpu_cores,
        &two,
        None,
    );
    row(
        &mut out,
        "server waiting for a CPU (cores)",
        &|s| s.closed.server_run_queue_wait_cores,
        &two,
        None,
    );
    row(
        &mut out,
        "server CPU per call (us)",
        &|s| s.closed.server_cpu_per_call_us,
        &one,
        Some(true),
    );
    row(
        &mut out,
        "  of which kernel (us)",
        &|s| s.closed.server_kernel_cpu_per_call_us,
        &one,
        Some(true),
    );
    row(
        &mut out,
        "upstream CPU (cores)",
        &|s| s.closed.upstream_cpu_cores,
        &two,
        None,
    );
    row(
        &mut out,
        "load generator CPU (cores)",
        &|s| s.closed.client_cpu_cores,
        &two,
        None,
    );
    row(
        &mut out,
        "peak RSS under load (MiB)",
        &|s| s.closed.rss_peak_kib as f64,
        &mb,
        Some(true),
    );
    let _ = writeln!(
        out,
        "| **paced, {:.0} calls/s, {} s, each call after a bare upstream GET** | | | |",
        r.paced_rate, r.paced_secs
    );
    row(&mut out, "calls/s", &|s| s.paced.calls_per_s, &int, None);
    row(
        &mut out,
        "late ticks",
        &|s| s.paced.late_ticks as f64,
        &int,
        None,
    );
    row(
        &mut out,
        "latency p50 (us)",
        &|s| s.paced.latency.median_us,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "latency p99 (us)",
        &|s| s.paced.latency.p99_us,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "bare upstream p50 (us)",
        &|s| s.paced.bare.map_or(f64::NAN, |b| b.median_us),
        &int,
        None,
    );
    row(
        &mut out,
        "bare upstream p99 (us)",
        &|s| s.paced.bare.map_or(f64::NAN, |b| b.p99_us),
        &int,
        None,
    );
    row(
        &mut out,
        "added latency p50 (us)",
        &|s| added(&s.paced).0,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "added latency p99 (us)",
        &|s| added(&s.paced).1,
        &int,
        Some(true),
    );
    row(
        &mut out,
        "server CPU per call (us)",
        &|s| s.paced.server_cpu_per_call_us,
        &one,
        Some(true),
    );
    row(
        &mut out,
        "  of which kernel (us)",
        &|s| s.paced.server_kernel_cpu_per_call_us,
        &one,
        Some(true),
    );
    row(
        &mut out,
        "peak RSS under load (MiB)",
        &|s| s.paced.rss_peak_kib as f64,
        &mb,
        Some(true),
    );
    let _ = writeln!(out, "| **after** | | | |");
    row(
        &mut out,
        "RSS 2 s after the load (MiB)",
        &|s| s.after_load.rss_kib as f64,
        &mb,
        Some(true),
    );
    row(
        &mut out,
        "VmHWM (MiB)",
        &|s| s.after_load.hwm_kib as f64,
        &mb,
        Some(true),
    );
    row(
        &mut out,
        "reconnects",
        &|s| (s.closed.reconnects + s.paced.reconnects) as f64,
        &int,
        None,
    );
    if !r.goals.is_empty() {
        let _ = writeln!(out, "\n| goal | measured | met |\n|---|---|---|");
        for g in &r.goals {
            let met = match g.met {
                Some(true) => "yes",
                Some(false) => "NO",
                None => "-",
            };
            let _ = writeln!(out, "| {} | {} | {met} |", g.goal, g.measured);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }
}
