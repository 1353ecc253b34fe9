//! The `clinic-mcp` binary: see `clinic_mcp::cli`.

use std::process::ExitCode;

/// mimalloc instead of glibc malloc: a tool call allocates and frees a few hundred small blocks
/// (JSON trees, strings, buffers), and glibc's `malloc`/`free`/`malloc_consolidate` were about a
/// fifth of a call's instructions (see docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    clinic_mcp::cli::main_with(clinic_mcp::CATALOGUE)
}
