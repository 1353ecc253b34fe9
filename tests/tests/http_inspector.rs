//! `serve --http` through MCP Inspector's CLI (npm `@modelcontextprotocol/inspector`, pinned with
//! Node 22 in tests/inspector/package-lock.json): over Streamable HTTP with a bearer token the
//! stand-in authorization server minted for this server's resource, it lists the tools and calls
//! one; the call goes through the token exchange, and neither the Inspector's output nor the
//! clinic API shows the token.
//!
//! tests/inspector/run.sh (a `.ci/run` step) installs the Inspector with `npm ci` and runs this
//! suite with `--ignored`, naming the Node and the CLI in `CLINIC_INSPECTOR_NODE` and
//! `CLINIC_INSPECTOR_CLI`; run that way a missing install fails it. `cargo test` alone reports it
//! ignored, with that reason.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod http_stack;

use http_stack::{Stack, hex};
use serde_json::{Value, json};
use std::time::Duration;

const READONLY_TOOLS: [&str; 5] = [
    "find_available_slots",
    "get_appointment",
    "list_doctors",
    "list_my_appointments",
    "list_specialties",
];

/// What one run of the Inspector's CLI printed: exit code, stdout, stderr.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// The Inspector's CLI against `url` with `token` as the bearer, `method` and `extra` arguments;
/// its state (catalog, client config, HOME) in `dir`. The token is on its command line: the
/// CLI takes headers there only (a test's token, on loopback, for ten minutes).
fn inspector(dir: &std::path::Path, url: &str, token: &str, method: &str, extra: &[&str]) -> Run {
    let var = |name: &str| {
        std::env::var_os(name).unwrap_or_else(|| {
            panic!("{name} is not set: run this suite with `bash tests/inspector/run.sh`, which installs the Inspector and sets it")
        })
    };
    let out = std::process::Command::new(var("CLINIC_INSPECTOR_NODE"))
        .arg(var("CLINIC_INSPECTOR_CLI"))
        .args(["--cli", url, "--transport", "http", "--method", method])
        .arg("--header")
        .arg(format!("Authorization: Bearer {token}"))
        .args(["--format", "json", "--stored-auth-only"])
        .arg("--client-config")
        .arg(dir.join("client.json"))
        .args(extra)
        .env("HOME", dir)
        .env("MCP_CATALOG_PATH", dir.join("catalog.json"))
        .env_remove("MCP_CLIENT_CONFIG_PATH")
        .env_remove("MCP_OAUTH_CALLBACK_URL")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

impl Run {
    /// Its stdout as JSON, after checking that nothing it printed shows `token` (nor any part of
    /// it); a failure message never quotes the token.
    fn json(&self, token: &str, what: &str) -> Value {
        for part in std::iter::once(token).chain(token.split('.').filter(|p| p.len() > 16)) {
            assert!(
                !self.stdout.contains(part) && !self.stderr.contains(part),
                "{what}: the Inspector printed the token (or a part of it)"
            );
        }
        assert_eq!(
            self.code,
            Some(0),
            "{what}: {}\n{}",
            self.stdout,
            self.stderr
        );
        serde_json::from_str(self.stdout.trim()).unwrap_or_else(|e| {
            panic!(
                "{what}: not one JSON object ({e}): {}\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "run by `bash tests/inspector/run.sh` (a .ci/run step), which installs the pinned MCP Inspector and Node 22 with npm ci first"]
async fn the_inspector_cli_lists_and_calls_over_http_with_a_bearer_token() {
    let stack = Stack::start("inspector", false).await;
    let token = stack
        .auth
        .mint_access_token(
            "patient-1",
            "clinic.readonly",
            &stack.resource,
            Duration::from_secs(600),
        )
        .unwrap();
    let token = token.expose().to_owned();
    let (dir, url) = (stack.dir().to_path_buf(), stack.resource.clone());

    let started = std::time::Instant::now();
    let (d, u, t) = (dir.clone(), url.clone(), token.clone());
    let listed = tokio::task::spawn_blocking(move || inspector(&d, &u, &t, "tools/list", &[]))
        .await
        .unwrap();
    // `--format json`: one object, the method's result under "result".
    let listed = listed.json(&token, "tools/list");
    let mut names: Vec<&str> = listed["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| {
            panic!(
                "no tools: {}",
                listed.to_string().chars().take(400).collect::<String>()
            )
        })
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(names, READONLY_TOOLS);

    let (d, u, t) = (dir.clone(), url.clone(), token.clone());
    let called = tokio::task::spawn_blocking(move || {
        inspector(
            &d,
            &u,
            &t,
            "tools/call",
            &["--tool-name", "list_my_appointments"],
        )
    })
    .await
    .unwrap();
    let called = &called.json(&token, "tools/call")["result"];
    eprintln!("the Inspector's two runs took {:?}", started.elapsed());
    assert_eq!(called["isError"], json!(false), "{called}");
    assert!(
        called["structuredContent"]["appointments"].is_array(),
        "{called}"
    );

    // The call reached the API with a token exchanged for it, never with the Inspector's.
    let requests = stack.api.requests();
    assert!(requests.iter().any(|r| r.has_authorization()));
    let sent = ring::digest::digest(&ring::digest::SHA256, format!("Bearer {token}").as_bytes());
    for r in &requests {
        if let Some(hash) = r.authorization_sha256 {
            assert_ne!(
                hex(&hash),
                hex(sent.as_ref()),
                "the Inspector's token reached the API"
            );
        }
    }
    let (code, log) = stack.stop().await;
    assert_eq!(code, Some(0), "{log}");
    assert!(!log.contains(&token), "the token in the server's log");
}
