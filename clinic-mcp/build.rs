//! Lays out the release binary's code: the functions that start the server and serve a call
//! (`hot-functions.txt`, written by `bench/hot-functions.py`) are placed side by side at the
//! start of `.text`, so the pages the kernel maps in for them are not mostly other code (its
//! fault-around maps 64 KiB around every page touched); the saving in resident memory is
//! measured in docs/PERFORMANCE.md.
//!
//! Only where the linker is known to be rust-lld, which reads `--symbol-ordering-file`: rustc's
//! own default for x86_64-unknown-linux-gnu, with no linker chosen by the build (`RUSTC_LINKER`,
//! or a linker flag in the rustflags) and rust-lld present in the toolchain. Another linker (GNU
//! ld has no such option) gets nothing. Only for release builds: the names in the file are those
//! of a release build; another build's do not match and nothing moves. A name that no longer
//! exists is skipped without a warning, so a stale file costs layout, never the build; the link
//! also writes its map (`release-link.map` in `OUT_DIR`), in which .ci/run checks that the names
//! are still there (`bench/hot-functions.py --check-map`).
//! `CLINIC_MCP_LINK_ORDER=off` leaves the layout to the linker in any case.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "x86_64-unknown-linux-gnu";

fn main() {
    println!("cargo::rerun-if-changed=hot-functions.txt");
    println!("cargo::rerun-if-env-changed=CLINIC_MCP_LINK_ORDER");
    let wanted = !env::var("CLINIC_MCP_LINK_ORDER").is_ok_and(|v| v == "off");
    let release = env::var("PROFILE").is_ok_and(|p| p == "release");
    if !(wanted && release && env::var("TARGET").is_ok_and(|t| t == TARGET) && rust_lld_links()) {
        return;
    }
    let (Ok(dir), Ok(out_dir)) = (env::var("CARGO_MANIFEST_DIR"), env::var("OUT_DIR")) else {
        return;
    };
    // The linker reads a copy in this build's own output directory: the argument is kept with
    // the build script's output, and a target directory shared by two checkouts would otherwise
    // keep pointing at the other checkout's file (cargo sees this one unchanged and does not run
    // the script again), which fails the link once that checkout is gone.
    let file = Path::new(&out_dir).join("hot-functions.txt");
    if std::fs::copy(Path::new(&dir).join("hot-functions.txt"), &file).is_err() {
        return;
    }
    // One linker argument each, through `-Xlinker`: a path may hold a comma, which `-Wl,` splits.
    let map = Path::new(&out_dir).join("release-link.map");
    let (Some(path), Some(map)) = (
        file.to_str().filter(|p| !p.contains('\n')),
        map.to_str().filter(|p| !p.contains('\n')),
    ) else {
        return;
    };
    for arg in [
        "-Xlinker",
        "--no-warn-symbol-ordering",
        "-Xlinker",
        &format!("--symbol-ordering-file={path}"),
        "-Xlinker",
        &format!("-Map={map}"),
    ] {
        println!("cargo::rustc-link-arg-bin=clinic-mcp={arg}");
    }
}

/// Whether rustc links this build with its own rust-lld: no linker set for the target, no
/// linker flag among the rustflags, and rust-lld where rustc looks for it.
fn rust_lld_links() -> bool {
    if env::var_os("RUSTC_LINKER").is_some() {
        return false;
    }
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if ["linker", "fuse-ld", "link-self-contained"]
        .iter()
        .any(|f| flags.contains(f))
    {
        return false;
    }
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let Some(sysroot) = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
    else {
        return false;
    };
    PathBuf::from(sysroot.trim())
        .join(format!("lib/rustlib/{TARGET}/bin/gcc-ld/ld.lld"))
        .is_file()
}
