//! Lays out the release binary's code: the functions that start the server and serve a call
//! (`hot-functions.txt`, written by `bench/hot-functions.py`) are placed side by side at the
//! start of `.text`, so the pages the kernel maps in for them are not mostly other code (its
//! fault-around maps 64 KiB around every page touched). Resident memory after the first
//! `tools/list`: 9.3 → 6.5 MiB (docs/PERFORMANCE.md, round 5).
//!
//! Only where the linker is known to be rust-lld, which reads `--symbol-ordering-file` (rustc's
//! default for x86_64-unknown-linux-gnu), and only for release builds (the names in the file are
//! those of a release build; another build's do not match and nothing moves). A name that no longer
//! exists is skipped without a warning, so a stale file costs layout, never the build.
//! `CLINIC_MCP_LINK_ORDER=off` leaves the layout to the linker (for another linker, say).

use std::env;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=hot-functions.txt");
    println!("cargo::rerun-if-env-changed=CLINIC_MCP_LINK_ORDER");
    let wanted = !env::var("CLINIC_MCP_LINK_ORDER").is_ok_and(|v| v == "off");
    let target = env::var("TARGET").unwrap_or_default();
    let release = env::var("PROFILE").is_ok_and(|p| p == "release");
    if !(wanted && release && target == "x86_64-unknown-linux-gnu") {
        return;
    }
    let Ok(dir) = env::var("CARGO_MANIFEST_DIR") else {
        return;
    };
    let file = Path::new(&dir).join("hot-functions.txt");
    let path = file.display().to_string();
    // One linker argument each, through `-Xlinker`: a path may hold a comma, which `-Wl,` splits.
    if file.is_file() && !path.contains('\n') {
        for arg in [
            "-Xlinker",
            "--no-warn-symbol-ordering",
            "-Xlinker",
            &format!("--symbol-ordering-file={path}"),
        ] {
            println!("cargo::rustc-link-arg-bin=clinic-mcp={arg}");
        }
    }
}
