//! The `clinic-mcp` binary: see `clinic_mcp::cli`.

use clap::Parser;
use clinic_mcp::cli::{Cli, run};
use std::process::ExitCode;

/// mimalloc instead of glibc malloc: a tool call allocates and frees a few hundred small blocks
/// (JSON trees, strings, buffers), and glibc's `malloc`/`free`/`malloc_consolidate` were about a
/// fifth of a call's instructions (see docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    // A stdio server serves one client whose calls wait on the network, not on the CPU: one
    // thread runs them all, with no hand-offs between workers (measured: about a fifth less CPU
    // per call than two workers; see docs/PERFORMANCE.md).
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("clinic-mcp: error: cannot start the async runtime: {e}");
            return ExitCode::from(clinic_mcp::cli::exit::RUNTIME);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("clinic-mcp: error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// Logs go to stderr (stdout carries protocol messages only), filtered by `RUST_LOG`
/// (`target=level` directives; default `warn`, `rmcp=error`).
fn init_logging() {
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::prelude::*;
    let filter: Targets = std::env::var("RUST_LOG")
        .ok()
        .and_then(|s| s.parse().ok())
        // rmcp logs every JSON-RPC error answer (an unknown tool, say) at WARN: expected traffic.
        .unwrap_or_else(|| {
            Targets::new()
                .with_default(tracing::Level::WARN)
                .with_target("rmcp", tracing::Level::ERROR)
        });
    tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false),
        )
        .with(filter)
        .init();
}
