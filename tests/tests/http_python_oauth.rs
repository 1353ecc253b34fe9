//! `serve --http` through a real client's OAuth: the official MCP Python SDK (`mcp`, pinned in
//! tests/python/requirements.txt, installed into target/python-venv by tests/python/install.sh),
//! its Streamable HTTP client with its `OAuthClientProvider`, against the `clinic-mcp` binary,
//! the stand-in authorization server (dynamic client registration on loopback, authorization
//! code + PKCE with automatic consent, token exchange) and the stand-in API in audience mode (it
//! accepts only that server's tokens issued for the API).
//!
//! tests/python/http_oauth_client.py is the client; its headless user follows the authorization
//! URL with a GET and hands the SDK the code of the redirect. What it did comes back as JSON and
//! is asserted here: the flow, the catalogue of a `clinic.readonly` token, a call, a refused call
//! (403 `insufficient_scope` naming `clinic.booking`: the SDK steps up, the user grants readonly
//! only, the call fails), the step-up the user grants and the booking it allows, and what the API
//! saw: never a token the client sent. The server has a confirmation key: a 2026-07-28 session
//! (the SDK's `server/discover`) is offered cancel_appointment and confirms a cancel through the
//! SDK's `elicitation_callback` (an `input_required` result and a retry); so is a 2025-11-25
//! session (`initialize`, with an `Mcp-Session-Id`), asked by `elicitation/create` and answering
//! in a POST of its session. Like asi09_python_client.rs it runs under `CI` and wherever
//! the SDK is installed (tests/build.rs), and is reported ignored elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod http_stack;

use http_stack::{Stack, hex};
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
            return PathBuf::from(text.lines().last().unwrap_or_default().trim());
        }
        Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
        Err(e) => e.to_string(),
    };
    panic!("the Python MCP SDK could not be installed (tests/python/install.sh): {problem}");
}

const READONLY_TOOLS: [&str; 5] = [
    "find_available_slots",
    "get_appointment",
    "list_doctors",
    "list_my_appointments",
    "list_specialties",
];

/// The client's run in `mode` (`legacy`: `initialize`, 2025-11-25; `modern`: `server/discover`,
/// 2026-07-28) against a fresh stack with a confirmation key, and the assertions every mode
/// shares: the OAuth flow, phase 1, the booking of phase 2, and no token upstream. The stack,
/// the report, and the booked appointment.
async fn run_flow(mode: &str) -> (Stack, Value, u64) {
    let py = tokio::task::spawn_blocking(python).await.unwrap();
    let stack = Stack::start(&format!("python-oauth-{mode}"), true).await;
    let (api, port, resource) = (&stack.api, stack.port, stack.resource.clone());
    let slot = common::open_slot(api, 1);
    let idempotency_key = format!("python-oauth-{slot}-{}", common::next_key());

    let script = root().join("tests/python/http_oauth_client.py");
    let args = [
        "--url".to_owned(),
        resource.clone(),
        "--slot".to_owned(),
        slot.to_string(),
        "--key".to_owned(),
        idempotency_key,
        "--mode".to_owned(),
        mode.to_owned(),
    ];
    let started = std::time::Instant::now();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(py)
            .arg(script)
            .args(args)
            .env_remove("RUST_LOG")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the Python client failed: {stderr}\nthe server's log:\n{}",
        stack.log()
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}): {}\n{stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let text = report.to_string();
    eprintln!("the Python SDK's flow ({mode}) took {elapsed:?}");

    // The flow: a 401 challenge, the metadata, a dynamic registration, then the resource.
    let http = report["http"].as_array().unwrap();
    let seen = |method: &str, path: &str, status: u64| {
        http.iter()
            .any(|r| r[0] == json!(method) && r[1] == json!(path) && r[2] == json!(status))
    };
    assert!(seen("POST", "/mcp", 401), "{text}");
    assert!(
        seen("GET", "/.well-known/oauth-protected-resource/mcp", 200),
        "{text}"
    );
    assert!(
        seen("GET", "/.well-known/oauth-authorization-server", 200),
        "{text}"
    );
    assert!(seen("POST", "/register", 201), "{text}");
    assert!(seen("POST", "/token", 200), "{text}");
    let challenge = http
        .iter()
        .find(|r| r[1] == json!("/mcp") && r[2] == json!(401))
        .unwrap();
    assert_eq!(
        challenge[3],
        json!(format!(
            "Bearer resource_metadata=\"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp\", scope=\"clinic.readonly\""
        )),
        "{text}"
    );

    // Three authorizations: readonly (from the challenge), the refused step-up the user narrows
    // to readonly, and the step-up the user grants. Each for this resource, each answered 302
    // with the issuer (RFC 9207).
    let authorizations = report["authorizations"].as_array().unwrap();
    let asked: Vec<(&str, &str)> = authorizations
        .iter()
        .map(|a| (a["asked"].as_str().unwrap(), a["granted"].as_str().unwrap()))
        .collect();
    assert_eq!(
        asked,
        [
            ("clinic.readonly", "clinic.readonly"),
            ("clinic.readonly clinic.booking", "clinic.readonly"),
            (
                "clinic.readonly clinic.booking",
                "clinic.readonly clinic.booking"
            ),
        ],
        "{text}"
    );
    for a in authorizations {
        assert_eq!(a["resource"], json!(resource), "{text}");
        assert_eq!(a["status"], json!(302), "{text}");
        assert_eq!(a["iss"], json!(true), "{text}");
    }

    // Phase 1, clinic.readonly: its catalogue, a call, and a call refused for its scope.
    let phase1 = &report["phase1"];
    assert_eq!(phase1["tools"], json!(READONLY_TOOLS), "{text}");
    assert_eq!(phase1["call"]["isError"], json!(false), "{text}");
    assert!(
        phase1["call"]["structuredContent"]["appointments"].is_array(),
        "{text}"
    );
    assert!(
        phase1["refused"]["error"].is_string(),
        "the call beyond the scope failed: {text}"
    );
    let refusals: Vec<&Value> = http
        .iter()
        .filter(|r| r[1] == json!("/mcp") && r[2] == json!(403))
        .collect();
    assert_eq!(
        refusals.len(),
        3,
        "before and after the narrowed step-up, and before the granted one: {text}"
    );
    for r in &refusals {
        let challenge = r[3].as_str().unwrap();
        assert!(
            challenge.contains("error=\"insufficient_scope\""),
            "{challenge}"
        );
        assert!(
            challenge.contains("scope=\"clinic.booking\""),
            "{challenge}"
        );
    }

    // Phase 2, the step-up granted: the booking is made, and the catalogue grows.
    let phase2 = &report["phase2"];
    assert_eq!(phase2["booked"]["isError"], json!(false), "{text}");
    let appointment = phase2["booked"]["structuredContent"]["appointment_id"]
        .as_u64()
        .unwrap_or_else(|| panic!("{text}"));
    let tools: Vec<&str> = phase2["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(tools.contains(&"book_appointment"), "{text}");
    assert!(tools.contains(&"record_intake"), "{text}");

    // No token the client sent reached the API; the API saw exchanged tokens only (audience
    // mode refuses any other).
    let sent: Vec<&str> = report["sentAuthorizationSha256"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    assert_eq!(sent.len(), 3, "one token per authorization: {text}");
    let requests = api.requests();
    assert!(requests.iter().any(|r| r.has_authorization()));
    for r in &requests {
        if let Some(hash) = r.authorization_sha256 {
            assert!(
                !sent.contains(&hex(&hash).as_str()),
                "a token the client sent reached the API: {} {}",
                r.method,
                r.path
            );
        }
    }

    (stack, report, appointment)
}

async fn stop(stack: Stack) {
    let (code, log) = stack.stop().await;
    assert_eq!(code, Some(0), "{log}");
    assert!(!log.contains("Bearer "), "a bearer token in the log");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(clinic_python_sdk),
    ignore = "the Python MCP SDK is not installed here and CI is not set: run `bash tests/python/install.sh` (CPython 3.10+ and PyPI), then `touch tests/build.rs`"
)]
async fn the_python_sdk_authorizes_with_pkce_steps_up_and_confirms_a_cancel() {
    let (stack, report, appointment) = run_flow("modern").await;
    assert_eq!(report["protocolVersion"], json!("2026-07-28"), "{report}");
    assert_cancel_confirmed(&stack, &report, appointment);
    stop(stack).await;
}

/// The cancel offered after the step-up, asked once about the booking and confirmed: the API
/// shows it cancelled.
fn assert_cancel_confirmed(stack: &Stack, report: &Value, appointment: u64) {
    let text = report.to_string();
    let phase2 = &report["phase2"];
    assert!(
        phase2["tools"]
            .as_array()
            .unwrap()
            .contains(&json!("cancel_appointment")),
        "{text}"
    );
    let cancel = &phase2["cancel"];
    let asked = cancel["elicitations"].as_array().unwrap();
    assert_eq!(asked.len(), 1, "{text}");
    assert!(
        asked[0]["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Cancel appointment {appointment}?")),
        "{text}"
    );
    assert_eq!(cancel["result"]["isError"], json!(false), "{text}");
    assert_eq!(
        common::appointment_status(&stack.api, appointment),
        "cancelled"
    );
}

/// A 2025-11-25 session (`initialize`) is served in a session (`Mcp-Session-Id`): the same flow,
/// the step-up's new token keeping the session (same `sub`), and the cancel asked by
/// `elicitation/create`, answered in a POST of the session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(clinic_python_sdk),
    ignore = "the Python MCP SDK is not installed here and CI is not set: run `bash tests/python/install.sh` (CPython 3.10+ and PyPI), then `touch tests/build.rs`"
)]
async fn an_older_python_sdk_session_steps_up_and_confirms_a_cancel_in_its_session() {
    let (stack, report, appointment) = run_flow("legacy").await;
    assert_eq!(report["protocolVersion"], json!("2025-11-25"), "{report}");
    assert_cancel_confirmed(&stack, &report, appointment);
    stop(stack).await;
}
