//! Shutdown: stdin EOF or SIGTERM lets an in-flight call finish (within rmcp's drain bound), then
//! the binary exits 0. A slow hostile upstream keeps the call in flight.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod reliability_common;

use reliability_common::{Fault, Hostile, Proc};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const GUARD: Duration = Duration::from_secs(60);

/// Start the binary against a slow upstream and leave one `tools/call` in flight (the upstream
/// has the request and is sitting on it).
async fn in_flight(delay: Duration) -> (Hostile, Proc) {
    let up = Hostile::spawn(Fault::Slow {
        delay,
        body: "[]".to_owned(),
    })
    .await;
    let mut s = Proc::spawn(
        &[
            "serve",
            "--base-url",
            &up.base_url(),
            "--timeout-ms",
            "30000",
        ],
        &[],
    );
    s.initialize();
    s.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "list_specialties", "arguments": {}}}));
    let start = Instant::now();
    while up.requests().is_empty() {
        assert!(
            start.elapsed() < GUARD,
            "the call never reached the upstream"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (up, s)
}

fn assert_answered(s: &mut Proc) {
    let v: Value = s
        .next(GUARD)
        .unwrap_or_else(|| panic!("the in-flight call was dropped; stderr: {}", s.stderr()));
    assert_eq!(v["id"], 7, "{v}");
    assert_eq!(
        v["result"]["structuredContent"],
        json!({"specialties": []}),
        "{v}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stdin_eof_lets_the_in_flight_call_finish_then_exits_0() {
    let (_up, mut s) = in_flight(Duration::from_millis(1500)).await;
    s.close_stdin();
    assert_answered(&mut s);
    let status = s.wait(GUARD).expect("exits after EOF");
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_the_in_flight_call_finish_then_exits_0() {
    let (_up, mut s) = in_flight(Duration::from_millis(1000)).await;
    s.signal("TERM");
    assert_answered(&mut s);
    // stdin is still open: the exit must not wait for the client to close it.
    let status = s
        .wait(GUARD)
        .unwrap_or_else(|| panic!("still running after SIGTERM; stderr: {}", s.stderr()));
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_when_idle_exits_0() {
    let mut s = Proc::spawn(&["serve", "--demo"], &[]);
    s.initialize();
    assert_eq!(s.request(1, "ping", json!({}))["result"], json!({}));
    s.signal("TERM");
    let status = s
        .wait(GUARD)
        .unwrap_or_else(|| panic!("still running after SIGTERM; stderr: {}", s.stderr()));
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

/// The bound: a call that outlives rmcp's drain (2 s after SIGTERM, 5 s after EOF) is abandoned
/// and the process still exits 0, promptly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_longer_than_the_drain_bound_does_not_hold_the_exit() {
    let (_up, mut s) = in_flight(Duration::from_secs(40)).await;
    let start = Instant::now();
    s.signal("TERM");
    let status = s
        .wait(GUARD)
        .unwrap_or_else(|| panic!("still running after SIGTERM; stderr: {}", s.stderr()));
    eprintln!(
        "exit {:?} after SIGTERM with a 40 s call in flight",
        start.elapsed()
    );
    assert!(status.success(), "{status:?}: {}", s.stderr());
    assert!(s.drain().is_empty());
}
