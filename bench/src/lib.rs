//! `clinic-bench`: drives MCP stdio servers exactly as a client would (raw JSON-RPC lines on
//! stdin/stdout) and measures cold start, per-call latency, pipelined throughput, resident memory
//! and CPU share, against an in-process stand-in clinic API. The `bench` binary is the CLI;
//! `bench-http` loads servers over Streamable HTTP with many concurrent clients (`http_load`);
//! this library holds the parts worth testing on their own.

pub mod awake;
pub mod cli;
pub mod client;
pub mod command;
pub mod http_load;
pub mod precomputed;
pub mod procfs;
pub mod report;
pub mod run;
pub mod stats;

use std::fmt;

/// Any failure of a benchmark run, as one line for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchError(pub String);

impl BenchError {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BenchError {}

impl From<std::io::Error> for BenchError {
    fn from(e: std::io::Error) -> Self {
        Self(format!("I/O error: {e}"))
    }
}

impl From<serde_json::Error> for BenchError {
    fn from(e: serde_json::Error) -> Self {
        Self(format!("JSON error: {e}"))
    }
}

pub type Result<T, E = BenchError> = std::result::Result<T, E>;
