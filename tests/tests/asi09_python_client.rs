//! ASI09 through an outside client: the official MCP Python SDK (`mcp`, pinned in
//! tests/python/requirements.txt, installed into target/python-venv by tests/python/install.sh,
//! which `.ci/run` runs) drives the real `clinic-mcp` binary over stdio, and answers the
//! confirmation of cancel_appointment through its `elicitation_callback`, over `initialize`
//! (an `elicitation/create` request) and over `server/discover` (protocol 2026-07-28, an
//! `input_required` result and a retry). It runs under `CI` and wherever the SDK has been
//! installed (tests/build.rs sets `clinic_python_sdk`), and there an SDK that cannot be installed
//! fails it; elsewhere it is reported ignored, with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_standin::Standin;
use common::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The venv's python with the pinned SDK, installed by the project's own script.
fn python() -> PathBuf {
    let out = std::process::Command::new("bash")
        .arg(root().join("tests/python/install.sh"))
        .output();
    let problem = match out {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            let line = text.lines().last().unwrap_or_default().trim();
            return PathBuf::from(line);
        }
        Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
        Err(e) => e.to_string(),
    };
    panic!("the Python MCP SDK could not be installed (tests/python/install.sh): {problem}");
}

/// Run the Python client against the binary: `answer` as the user, `extra` flags.
fn run(py: &Path, api: &Standin, id: u64, answer: &str, extra: &[&str]) -> Value {
    let binary = binary();
    let mut cmd = std::process::Command::new(py);
    cmd.arg(root().join("tests/python/confirm_client.py"))
        .args(["--answer", answer, "--tool", "cancel_appointment", "--args"])
        .arg(json!({"appointment_id": id}).to_string())
        .args(extra)
        .arg("--")
        .arg(&binary)
        .args(["serve", "--profile", "booking", "--role", "patient"])
        .env("SUT_BASE_URL", api.base_url())
        .env("SUT_ACCESS_TOKEN", PATIENT_TOKEN)
        .env("CLINIC_CONFIRMATION_TIMEOUT_MS", "1500")
        .env_remove("RUST_LOG");
    let out = cmd.output().expect("run the Python client");
    assert!(
        out.status.success(),
        "the Python client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

async fn booked(api: &Standin) -> u64 {
    booked_by_patient(api, "python").await
}

fn status(api: &Standin, id: u64) -> String {
    appointment_status(api, id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(clinic_python_sdk),
    ignore = "the Python MCP SDK is not installed here and CI is not set: run `bash tests/python/install.sh` (CPython 3.10+ and PyPI), then `touch tests/build.rs`"
)]
async fn the_python_sdk_confirms_declines_and_cannot_reach_what_it_cannot_ask_about() {
    let py = tokio::task::spawn_blocking(python).await.unwrap();
    let api = standin().await;
    for mode in ["legacy", "modern"] {
        for (answer, cancelled) in [
            ("accept", true),
            ("decline", false),
            ("cancel", false),
            ("accept-false", false),
            ("none", false),
        ] {
            if mode == "modern" && answer == "none" {
                // a 2026-07-28 client that never retries simply never comes back: nothing to see
                continue;
            }
            let id = booked(&api).await;
            let (py2, api_url) = (py.clone(), &api);
            let out = run(&py2, api_url, id, answer, &["--mode", mode]);
            let label = format!("{mode} {answer}: {out}");
            let result = &out["result"];
            assert!(
                out["tools"]
                    .as_array()
                    .unwrap()
                    .contains(&json!("cancel_appointment")),
                "{label}"
            );
            let asked = out["elicitations"].as_array().unwrap();
            assert_eq!(asked.len(), 1, "{label}");
            assert!(
                asked[0]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("Cancel appointment {id}?")),
                "{label}"
            );
            assert_eq!(
                asked[0]["requestedSchema"]["properties"]["confirm"]["type"], "boolean",
                "{label}"
            );
            if mode == "modern" {
                assert_eq!(out["protocolVersion"], "2026-07-28", "{label}");
            }
            if cancelled {
                assert_eq!(result["isError"], false, "{label}");
                assert_eq!(
                    result["structuredContent"]["status"], "cancelled",
                    "{label}"
                );
                assert_eq!(status(&api, id), "cancelled", "{label}");
            } else {
                assert_eq!(result["isError"], true, "{label}");
                assert_eq!(
                    result["structuredContent"]["code"], "CONFIRMATION_DECLINED",
                    "{label}"
                );
                assert_eq!(status(&api, id), "pending", "{label}");
            }
        }
    }
    // A client without an elicitation callback declares no capability: the tool is not listed,
    // and calling it answers as for a name nobody invented.
    let id = booked(&api).await;
    let out = run(&py, &api, id, "accept", &["--no-elicitation"]);
    assert!(
        !out["tools"]
            .as_array()
            .unwrap()
            .contains(&json!("cancel_appointment")),
        "{out}"
    );
    assert_eq!(out["error"], "Tool cancel_appointment not found", "{out}");
    assert_eq!(status(&api, id), "pending");
}
