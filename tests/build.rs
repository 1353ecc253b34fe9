//! Whether the suite that drives the official Python MCP SDK (`tests/asi09_python_client.rs`) is
//! run or reported ignored: the cfg `clinic_python_sdk` is set under `CI` (where `.ci/run`
//! installs the SDK first, so a missing one fails there) and where `tests/python/install.sh` has
//! installed it (its stamp in `target/python-venv`). Elsewhere the suite is `#[ignore]`d with the
//! reason, rather than passing without having run.
//!
//! Cargo reruns this when `CI` changes, when the stamp changes (a reinstall, or the venv removed),
//! or when the requirements or the script change; not when the venv first appears, as a path
//! that does not exist yet would rerun it, and rebuild every suite, on every build. After
//! installing by hand, `touch tests/build.rs`.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(clinic_python_sdk)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-changed=python/requirements.txt");
    println!("cargo::rerun-if-changed=python/install.sh");
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default();
    let stamp = Path::new(&manifest).join("../target/python-venv/.requirements.sha256");
    let installed = stamp.is_file();
    if installed {
        println!("cargo::rerun-if-changed={}", stamp.display());
    }
    if installed || std::env::var_os("CI").is_some() {
        println!("cargo::rustc-cfg=clinic_python_sdk");
    }
}
