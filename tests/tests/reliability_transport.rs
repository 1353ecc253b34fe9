//! Transport failures are logged with their cause (never the token), and the answer says what
//! failed: a TLS failure is not "the API may be down". The real binary's `call` command, against
//! an `https` base URL whose port on 127.0.0.1 speaks plain HTTP, so the TLS handshake fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

const CANARY: &str = "canary-token-transport-5c1d";

fn call(tool: &str, base_url: &str, env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = std::process::Command::new(common::binary());
    cmd.args(["call", tool, "{}", "--base-url", base_url])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("SUT_ACCESS_TOKEN", CANARY);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run clinic-mcp call")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_failure_is_logged_with_its_cause_and_answered_as_one() {
    // Answers whatever arrives (a TLS ClientHello) with plain HTTP, as a port without TLS does.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("https://{}/api/v1", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                continue;
            };
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf).await;
            let _ = stream
                .write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                .await;
        }
    });
    // `call` logs errors only unless RUST_LOG says otherwise (its one line carries the cause);
    // `serve` logs warnings by default.
    for env in [vec![("RUST_LOG", "warn")], vec![("RUST_LOG", "trace")]] {
        let out = call("list_my_appointments", &base, &env);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        // The operator's log names the failure and its cause.
        let logged = stderr
            .lines()
            .find(|l| l.contains("WARN") && l.contains("clinic API"))
            .unwrap_or_else(|| panic!("no warning logged: {stderr}"));
        assert!(
            logged.to_ascii_lowercase().contains("tls")
                || logged.contains("InvalidContentType")
                || logged.contains("corrupt message"),
            "the log does not name the TLS failure: {logged}"
        );
        // The answer names it too, instead of "may be down".
        let answer = stderr
            .lines()
            .find(|l| l.contains("list_my_appointments failed"))
            .unwrap_or_else(|| panic!("no error line: {stderr}"));
        assert!(answer.contains("UPSTREAM_UNAVAILABLE"), "{answer}");
        assert!(answer.contains("TLS"), "{answer}");
        assert!(!answer.contains("may be down"), "{answer}");
        assert!(
            !stderr.contains(CANARY) && !stdout.contains(CANARY),
            "token leaked"
        );
    }
    server.abort();
}

/// A refused connection is logged with its cause too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_connection_is_logged_with_its_cause() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let out = call(
        "list_my_appointments",
        &format!("http://127.0.0.1:{port}/api/v1"),
        &[("RUST_LOG", "warn")],
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let logged = stderr
        .lines()
        .find(|l| l.contains("WARN") && l.contains("clinic API"))
        .unwrap_or_else(|| panic!("no warning logged: {stderr}"));
    assert!(logged.contains("refused"), "{logged}");
    assert!(!stderr.contains(CANARY), "token leaked");
}
