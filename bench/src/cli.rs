//! The command line of `bench`.

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

/// Benchmark an MCP stdio server (and optionally another one beside it) against the in-process
/// stand-in clinic API: cold start, per-call latency, pipelined throughput, memory, CPU share.
#[derive(Debug, Clone, Parser)]
#[command(name = "bench", version)]
pub struct Cli {
    /// The server under test, as a command line (no shell; quotes allowed)
    /// [default: target/release/clinic-mcp serve]
    #[arg(long)]
    pub server: Option<String>,
    /// Another MCP stdio server to run under the identical load in the same run, e.g.
    /// 'node target/node-stack/server.js'; ratios are printed against it.
    #[arg(long)]
    pub compare: Option<String>,
    /// The proxied tool to call, with no arguments; both servers must implement it.
    #[arg(long, default_value = "list_doctors")]
    pub tool: String,
    /// Fresh processes for the cold-start measurement.
    #[arg(long, default_value_t = 10)]
    pub cold_starts: usize,
    /// Sequential calls to warm up (connection pool, allocator, JIT) before measuring.
    #[arg(long, default_value_t = 1_000)]
    pub warmup: usize,
    /// Sequential calls measured, one in flight.
    #[arg(long, default_value_t = 5_000)]
    pub calls: usize,
    /// Calls in the pipelined (sustained) run; memory is sampled every tenth of it.
    #[arg(long, default_value_t = 100_000)]
    pub pipelined: usize,
    /// Requests in flight on the one stdio stream during the pipelined run.
    #[arg(long, default_value_t = 32)]
    pub window: usize,
    /// Calls in the bare-upstream throughput measurement.
    #[arg(long, default_value_t = 20_000)]
    pub upstream_calls: usize,
    /// The upstream: `standin`, the stand-in clinic API (routing, state, request log), or
    /// `precomputed`, one response per route built from the stand-in's answer before the run and
    /// no request log, so that on 2 cores the server's own ceiling shows (list_doctors and
    /// list_specialties only).
    #[arg(long, value_enum, default_value_t = Upstream::Standin)]
    pub upstream: Upstream,
    /// Worker threads of the in-process stand-in API (the upstream).
    #[arg(long, default_value_t = 1)]
    pub upstream_workers: usize,
    /// MCP_PROFILE given to the servers.
    #[arg(long, default_value = "readonly")]
    pub profile: String,
    /// Seconds to wait for any one answer before giving up.
    #[arg(long, default_value_t = 30)]
    pub timeout_secs: u64,
    /// Let the servers' stderr through (default: discarded).
    #[arg(long)]
    pub show_stderr: bool,
    /// Also write the full results as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// Which upstream the servers proxy to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Upstream {
    Standin,
    Precomputed,
}

impl Cli {
    /// The server command, defaulting to the release binary of this workspace.
    pub fn server_command(&self) -> String {
        if let Some(s) = &self.server {
            return s.clone();
        }
        let local = "target/release/clinic-mcp";
        if std::path::Path::new(local).exists() {
            return format!("{local} serve");
        }
        format!(
            "{}/../target/release/clinic-mcp serve",
            env!("CARGO_MANIFEST_DIR")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::{CommandFactory, Parser};

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_and_overrides() {
        let cli = Cli::try_parse_from(["bench"]).unwrap();
        assert_eq!(
            (cli.window, cli.pipelined, cli.cold_starts),
            (32, 100_000, 10)
        );
        assert_eq!(cli.tool, "list_doctors");
        assert!(cli.server_command().ends_with("clinic-mcp serve"));
        let cli = Cli::try_parse_from([
            "bench",
            "--compare",
            "node target/node-stack/server.js",
            "--window",
            "8",
            "--json",
            "out.json",
            "--server",
            "./x serve",
        ])
        .unwrap();
        assert_eq!(
            cli.compare.as_deref(),
            Some("node target/node-stack/server.js")
        );
        assert_eq!(cli.window, 8);
        assert_eq!(cli.server_command(), "./x serve");
        assert!(Cli::try_parse_from(["bench", "--window", "many"]).is_err());
    }
}
