//! Shutdown: stdin EOF or SIGTERM lets an in-flight call finish, then the binary exits 0. The wait
//! is bounded by the HTTP timeout (plus one second): no call can outlive it. A slow hostile
//! upstream keeps the call in flight.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod reliability_common;

use common::StdioServer;
use reliability_common::{Fault, Hostile};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const GUARD: Duration = Duration::from_secs(60);

/// Wait for the exit that `after` caused; it must be status 0.
fn assert_exits_0(s: &mut StdioServer, after: &str) {
    let status = s.exit_after(after);
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

/// Start the binary against a slow upstream and leave one `tools/call` in flight (the upstream
/// has the request and is sitting on it).
async fn in_flight(delay: Duration, timeout_ms: &str) -> (Hostile, StdioServer) {
    let up = Hostile::spawn(Fault::Slow {
        delay,
        body: "[]".to_owned(),
    })
    .await;
    let mut s = StdioServer::spawn(
        &[
            "serve",
            "--base-url",
            &up.base_url(),
            "--timeout-ms",
            timeout_ms,
        ],
        // The shutdown's log line tells a test when the signal has landed.
        &[("RUST_LOG", "clinic_mcp::cli=info")],
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

/// The next answer, which must be to the in-flight call (id 7).
fn in_flight_answer(s: &mut StdioServer) -> Value {
    let v = s.recv();
    assert_eq!(v["id"], 7, "the in-flight call was dropped: {v}");
    v
}

fn assert_answered(s: &mut StdioServer) {
    let v = in_flight_answer(s);
    assert_eq!(
        v["result"]["structuredContent"],
        json!({"specialties": []}),
        "{v}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stdin_eof_lets_the_in_flight_call_finish_then_exits_0() {
    // Longer than rmcp's own 5 s drain after EOF: the server's drain is what waits.
    let (_up, mut s) = in_flight(Duration::from_millis(6000), "30000").await;
    s.close_stdin();
    assert_answered(&mut s);
    assert_exits_0(&mut s, "EOF");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_the_in_flight_call_finish_then_exits_0() {
    // Longer than rmcp's own 2 s drain after cancellation: the server's drain is what waits.
    let (_up, mut s) = in_flight(Duration::from_millis(3000), "30000").await;
    s.signal("TERM");
    assert_answered(&mut s);
    // stdin is still open: the exit must not wait for the client to close it.
    assert_exits_0(&mut s, "SIGTERM");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_when_idle_exits_0() {
    let mut s = StdioServer::spawn(&["serve", "--demo"], &[]);
    s.initialize();
    assert_eq!(s.request(1, "ping", json!({}))["result"], json!({}));
    s.signal("TERM");
    assert_exits_0(&mut s, "SIGTERM");
}

/// The bound: a call that would outlive the HTTP timeout is answered `UPSTREAM_TIMEOUT` when the
/// timeout fires, and the process exits 0 right after; a shutdown never waits on an upstream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_upstream_holds_the_exit_no_longer_than_the_timeout() {
    let (_up, mut s) = in_flight(Duration::from_secs(40), "2000").await;
    let start = Instant::now();
    s.signal("TERM");
    let v = in_flight_answer(&mut s);
    assert_eq!(
        v["result"]["structuredContent"]["code"], "UPSTREAM_TIMEOUT",
        "{v}"
    );
    let status = s.exit_after("SIGTERM");
    eprintln!(
        "exit {:?} after SIGTERM with a 40 s upstream and a 2 s timeout",
        start.elapsed()
    );
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

/// A call that arrives while the server drains is refused with a tool error, not dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_during_the_drain_is_refused_not_dropped() {
    let (_up, mut s) = in_flight(Duration::from_millis(1500), "30000").await;
    s.signal("TERM");
    // Wait until the signal has landed (the drain starts as that line is written), so the
    // next call arrives during the drain, and only one answer is right.
    let start = Instant::now();
    while !s.stderr().contains("termination signal") {
        assert!(
            start.elapsed() < GUARD,
            "SIGTERM never landed: {}",
            s.stderr()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    s.send(&json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
                   "params": {"name": "list_specialties", "arguments": {}}}));
    let mut answered = std::collections::BTreeMap::new();
    while answered.len() < 2 {
        let v = s.recv();
        answered.insert(v["id"].as_u64().unwrap(), v);
    }
    assert_eq!(
        answered[&7]["result"]["structuredContent"],
        json!({"specialties": []})
    );
    let late = &answered[&8]["result"];
    assert_eq!(late["isError"], true, "{late}");
    assert_eq!(late["structuredContent"]["code"], "SHUTTING_DOWN", "{late}");
    assert_exits_0(&mut s, "SIGTERM");
}

/// SIGTERM while the user is being asked to confirm a cancellation: the question is dropped at
/// once (the client is sent `notifications/cancelled` for it, so its form closes), the call
/// answers `CONFIRMATION_DECLINED`, nothing is sent to the API, and the binary exits 0 without
/// waiting out the two-minute confirmation timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_with_a_question_open_drops_it_and_sends_nothing() {
    let api = common::standin().await;
    let id = common::booked_by_patient(&api, "shutdown").await;
    let mut s = StdioServer::spawn(
        &[
            "serve",
            "--profile",
            "booking",
            "--base-url",
            &api.base_url(),
        ],
        &[("SUT_ACCESS_TOKEN", common::PATIENT_TOKEN)],
    );
    s.request(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {"form": {}}},
               "clientInfo": {"name": "clinic-mcp-tests", "version": "0"}}),
    );
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    api.clear_requests();
    s.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "cancel_appointment", "arguments": {"appointment_id": id}}}));
    let asked = s.recv();
    assert_eq!(asked["method"], "elicitation/create", "{asked}");
    assert!(
        asked["params"]["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Cancel appointment {id}?")),
        "{asked}"
    );
    // Not answered: the user is still looking at the form.
    s.signal("TERM");
    let lines = s.until_id(&json!(7));
    let answer = lines.last().unwrap();
    assert_eq!(
        answer["result"]["structuredContent"]["code"], "CONFIRMATION_DECLINED",
        "{answer}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l["method"] == "notifications/cancelled"
                && l["params"]["requestId"] == asked["id"]),
        "the open question was not cancelled at the client: {lines:?}"
    );
    assert_exits_0(&mut s, "SIGTERM");
    let changes: Vec<_> = api
        .requests()
        .into_iter()
        .filter(|r| r.method != "GET")
        .collect();
    assert!(changes.is_empty(), "{changes:?}");
    assert_eq!(common::appointment_status(&api, id), "pending");
}
