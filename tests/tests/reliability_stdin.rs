//! Hostile stdin, fed to the real binary: malformed lines, a 10 MB line, wrong JSON-RPC types,
//! unknown methods, requests before `initialize`, a flood of notifications, EOF in the middle of a
//! message. The server answers or ignores, never crashes, writes nothing but JSON-RPC to stdout,
//! and keeps serving valid requests on the same stream.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod reliability_common;

use common::StdioServer;
use serde_json::{Value, json};
use std::time::Duration;

const DEMO: &[&str] = &["serve", "--demo", "--profile", "booking"];

fn demo() -> StdioServer {
    StdioServer::spawn(DEMO, &[])
}

/// [`demo`], past the handshake.
fn initialized() -> StdioServer {
    let mut s = demo();
    s.initialize();
    s
}

/// Send `line`, then a ping with `id`; returns what came back before the pong (the pong excluded)
/// and asserts the pong is a proper empty result.
fn poke(s: &mut StdioServer, line: &[u8], id: u64) -> Vec<Value> {
    let mut bytes = line.to_vec();
    bytes.push(b'\n');
    s.write(&bytes).expect("write");
    s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
    let mut seen = s.until_id(&json!(id));
    let pong = seen.pop().expect("pong");
    assert_eq!(pong["result"], json!({}), "{pong}");
    seen
}

fn no_panic(stderr: &str) {
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
}

/// EOF on stdin: the server exits 0, without a panic; what it still wrote to stdout.
fn exits_cleanly(s: StdioServer) -> Vec<Value> {
    let exit = s.finish();
    exit.assert_success();
    no_panic(&exit.stderr);
    exit.leftover
}

#[test]
fn malformed_lines_are_ignored_and_the_stream_keeps_serving() {
    let mut s = initialized();
    let garbage: &[&[u8]] = &[
        b"{",
        b"not json at all",
        b"}{",
        b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"",
        b"\xff\xfe\xfd",
        b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}}",
        b"\x00\x01\x02",
        b"",
        b"   \t ",
        b"[",
        b"\"\\ud800\"",
        b"nan",
    ];
    let mut answered = 0;
    for (k, line) in garbage.iter().enumerate() {
        let extra = poke(&mut s, line, 1000 + k as u64);
        // Unparsable input has no id to answer: it is ignored (rmcp, like the other SDKs).
        assert!(
            extra.is_empty(),
            "{:?} -> {extra:?}",
            String::from_utf8_lossy(line)
        );
        answered += extra.len();
    }
    eprintln!("{} malformed lines, {answered} answers", garbage.len());
    let tools = s.request(9, "tools/list", json!({}));
    assert!(tools["result"]["tools"].as_array().unwrap().len() >= 5);
    exits_cleanly(s);
}

#[test]
fn wrong_json_rpc_types_are_answered_or_ignored() {
    let mut s = initialized();
    // (line, what must come back before the pong)
    let cases: &[(&str, &str)] = &[
        ("[]", "invalid-request"),
        ("[1, 2]", "invalid-request"),
        (
            r#"[{"jsonrpc": "2.0", "id": 77, "method": "ping"}]"#,
            "invalid-request",
        ),
        ("42", "invalid-request"),
        ("\"ping\"", "invalid-request"),
        ("null", "invalid-request"),
        ("true", "invalid-request"),
        ("{}", "invalid-request"),
        (
            r#"{"jsonrpc": "1.0", "id": 1, "method": "ping"}"#,
            "invalid-request",
        ),
        (r#"{"id": 1, "method": "ping"}"#, "invalid-request"),
        (
            r#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": true, "method": "ping"}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": 42}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "list_doctors"}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 42}}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_doctors", "arguments": [1, 2]}}"#,
            "invalid-request",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_doctors", "arguments": "x"}}"#,
            "invalid-request",
        ),
        // A response to a request the server never sent, and an error likewise: ignored.
        (r#"{"jsonrpc": "2.0", "id": 4242, "result": {}}"#, "nothing"),
        (
            r#"{"jsonrpc": "2.0", "id": 4243, "error": {"code": -1, "message": "x"}}"#,
            "nothing",
        ),
        // Unknown notifications: ignored.
        (
            r#"{"jsonrpc": "2.0", "method": "notifications/whatever"}"#,
            "nothing",
        ),
        (
            r#"{"jsonrpc": "2.0", "method": "no/such/notification"}"#,
            "nothing",
        ),
    ];
    let mut table = Vec::new();
    for (k, (line, want)) in cases.iter().enumerate() {
        // A unique id per case: answers to requests are asynchronous and may follow the pong.
        let own_id = 5000 + k as u64;
        let line = &line.replace(r#""id": 1,"#, &format!(r#""id": {own_id},"#));
        let mut extra = poke(&mut s, line.as_bytes(), 2000 + k as u64);
        if extra.is_empty() && *want != "nothing" && line.contains(&own_id.to_string()) {
            extra.extend(s.next(Duration::from_secs(10)));
        }
        let got = match extra.as_slice() {
            [] => "nothing".to_owned(),
            // JSON-RPC 2.0: `"id": null` when the request's id could not be read.
            [e] if e["error"]["code"] == -32600 && e.get("id") == Some(&Value::Null) => {
                "invalid-request".to_owned()
            }
            [e] if e["error"]["code"].is_i64() && e.get("result").is_none() => {
                format!("error {} (id {})", e["error"]["code"], e["id"])
            }
            other => panic!("{line} -> {other:?}"),
        };
        table.push(format!("{line} -> {got}"));
        if *want == "nothing" {
            assert_eq!(got, "nothing", "{line}");
        } else {
            // An error answer (never a result) — or, for unparsable shapes, silence.
            assert_ne!(got, "nothing", "{line}");
        }
    }
    eprintln!("{}", table.join("\n"));
    // Unknown methods with an id: -32601, the id echoed.
    for (id, method) in [(3001, "no/such"), (3002, "tools/explode"), (3003, "")] {
        let v = s.request(id, method, json!({}));
        assert_eq!(v["id"], id);
        // Method not found, exactly: -32602 (invalid params) would mean the method was matched.
        assert_eq!(v["error"]["code"], -32601, "{method}: {v}");
    }
    // String ids are fine too.
    s.send(&json!({"jsonrpc": "2.0", "id": "ünïcødé-☃", "method": "ping"}));
    let v = s.until_id(&json!("ünïcødé-☃")).pop().unwrap();
    assert_eq!(v["result"], json!({}));
    let v = s.request(
        3100,
        "tools/call",
        json!({"name": "list_specialties", "arguments": {}}),
    );
    assert!(
        v["result"]["structuredContent"]["specialties"].is_array(),
        "{v}"
    );
    exits_cleanly(s);
}

#[test]
fn a_ten_megabyte_line_is_handled_and_a_twenty_megabyte_one_dropped() {
    let mut s = initialized();
    let ten_mb = "A".repeat(10 * 1024 * 1024);
    // A valid call carrying 10 MB: the tool answers INVALID_ARGUMENTS naming the field.
    let v = s.request(
        1,
        "tools/call",
        json!({"name": "list_doctors", "arguments": {"specialty": ten_mb}}),
    );
    assert_eq!(v["result"]["isError"], true);
    assert_eq!(
        v["result"]["structuredContent"]["code"],
        "INVALID_ARGUMENTS"
    );
    assert!(
        v["result"]["structuredContent"]["message"]
            .as_str()
            .unwrap()
            .starts_with("specialty:")
    );
    assert!(
        v.to_string().len() < 4096,
        "the 10 MB value is not echoed back"
    );
    // 10 MB of garbage: ignored.
    assert!(poke(&mut s, ten_mb.as_bytes(), 2).is_empty());
    // Past rmcp's 16 MiB line cap: dropped (and logged), the stream goes on.
    let twenty = format!(
        r#"{{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": "{}"}}}}}}"#,
        "B".repeat(20 * 1024 * 1024)
    );
    let extra = poke(&mut s, twenty.as_bytes(), 4);
    assert!(extra.is_empty(), "{extra:?}");
    let v = s.request(
        5,
        "tools/call",
        json!({"name": "list_doctors", "arguments": {"specialty": "Cardiology"}}),
    );
    assert!(v["result"]["structuredContent"]["count"].as_u64().unwrap() > 0);
    exits_cleanly(s);
}

#[test]
fn deeply_nested_arguments_do_not_crash_the_server() {
    let mut s = initialized();
    // Within serde_json's recursion limit (128): a field-level refusal.
    let mut nested = json!(1);
    for _ in 0..100 {
        nested = json!([nested]);
    }
    let v = s.request(
        1,
        "tools/call",
        json!({"name": "list_doctors", "arguments": {"specialty": nested}}),
    );
    assert_eq!(
        v["result"]["structuredContent"]["code"],
        "INVALID_ARGUMENTS"
    );
    // Far past it (100 000 levels): the line is unparsable, so it is ignored; no stack overflow.
    let deep = format!(
        r#"{{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": {}1{}}}}}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let extra = poke(&mut s, deep.as_bytes(), 3);
    eprintln!("100000-deep arguments -> {extra:?}");
    let v = s.request(4, "tools/list", json!({}));
    assert!(v["result"]["tools"].is_array());
    exits_cleanly(s);
}

#[test]
fn requests_before_initialize_are_refused_and_the_handshake_still_works() {
    let mut s = demo();
    // A request before `initialize`: answered with an error, not served.
    let v = s.request(1, "tools/list", json!({}));
    assert!(v.get("error").is_some(), "{v}");
    let v = s.request(
        2,
        "tools/call",
        json!({"name": "list_specialties", "arguments": {}}),
    );
    assert!(v.get("error").is_some(), "{v}");
    // Ping is allowed before initialize (MCP lifecycle).
    assert_eq!(s.request(3, "ping", json!({}))["result"], json!({}));
    // Garbage before initialize: ignored.
    s.line("{ nope");
    s.initialize();
    let v = s.request(4, "tools/list", json!({}));
    assert!(v["result"]["tools"].is_array());
    exits_cleanly(s);
}

/// A notification before `initialize` (here the client's own `initialized`, sent too early).
#[test]
fn a_notification_before_initialize_does_not_kill_the_server() {
    let mut s = demo();
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    s.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}));
    let answer = s.next(Duration::from_secs(30));
    let status = s.wait(Duration::from_millis(500));
    assert!(
        answer.is_some() && status.is_none(),
        "the server stopped on an early notification: answer {answer:?}, status {status:?}, stderr: {}",
        s.stderr()
    );
    s.initialize();
    assert!(s.request(2, "tools/list", json!({}))["result"]["tools"].is_array());
}

/// A response or an error before `initialize` (a confused client answering a request nobody
/// sent): ignored like a notification, never the end of the session.
#[test]
fn a_response_or_error_before_initialize_does_not_kill_the_server() {
    let mut s = demo();
    s.send(&json!({"jsonrpc": "2.0", "id": 41, "result": {}}));
    s.send(&json!({"jsonrpc": "2.0", "id": 42, "error": {"code": -32000, "message": "nope"}}));
    s.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}));
    let answer = s.next(Duration::from_secs(30));
    let status = s.wait(Duration::from_millis(500));
    assert!(
        answer
            .as_ref()
            .is_some_and(|a| a["id"] == 1 && a["result"] == json!({}))
            && status.is_none(),
        "the server stopped on an early response: answer {answer:?}, status {status:?}, stderr: {}",
        s.stderr()
    );
    s.initialize();
    assert!(s.request(2, "tools/list", json!({}))["result"]["tools"].is_array());
    exits_cleanly(s);
}

/// The lifecycle without `initialize` (protocol 2026-07-28: every request carries its version
/// and the client's capabilities) delivers notifications: a `notifications/cancelled` stops a
/// read-only call waiting on a hung upstream. rmcp sends no answer for a cancelled request, so
/// what shows is that the call no longer holds the server: at end of input it exits at once
/// instead of draining the call until the upstream timeout (two minutes here).
#[test]
fn a_cancellation_is_delivered_in_the_lifecycle_without_initialize() {
    use reliability_common::{Fault, Hostile};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let hung = runtime.block_on(Hostile::spawn(Fault::Hang));
    let base_url = hung.base_url();
    let mut s = StdioServer::spawn(
        &["serve"],
        &[
            ("SUT_BASE_URL", base_url.as_str()),
            ("SUT_TIMEOUT_MS", "120000"),
        ],
    );
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    s.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "list_doctors", "arguments": {}, "_meta": meta}}));
    let waiting = std::time::Instant::now();
    while hung.accepted() == 0 {
        assert!(
            waiting.elapsed() < Duration::from_secs(30),
            "the call never reached the upstream; stderr: {}",
            s.stderr()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    s.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                   "params": {"requestId": 7, "reason": "the user gave up"}}),
    );
    // The session goes on, and the cancelled call is not answered.
    s.send(&json!({"jsonrpc": "2.0", "id": 8, "method": "ping",
                   "params": {"_meta": meta}}));
    let pong = s.next(Duration::from_secs(30)).expect("a pong");
    assert_eq!(pong["id"], 8, "{pong}");
    let ended = std::time::Instant::now();
    s.close_stdin();
    let status = s.wait(Duration::from_secs(15));
    assert!(
        status.is_some_and(|st| st.success()),
        "the cancelled call still held the server {:?} after end of input: the cancellation was not delivered (status {status:?}); stderr: {}",
        ended.elapsed(),
        s.stderr()
    );
    let leftover = exits_cleanly(s);
    assert!(
        leftover.iter().all(|m| m["id"] != 7),
        "a cancelled call was answered: {leftover:?}"
    );
    drop(hung);
}

#[test]
fn a_flood_of_notifications_is_absorbed() {
    let mut s = initialized();
    let n = 20_000;
    let mut batch = String::new();
    for k in 0..n {
        let line = match k % 4 {
            0 => json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                        "params": {"requestId": k, "reason": "flood"}}),
            1 => json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            2 => json!({"jsonrpc": "2.0", "method": "notifications/progress",
                        "params": {"progressToken": k, "progress": 1}}),
            _ => json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}),
        };
        batch.push_str(&line.to_string());
        batch.push('\n');
    }
    let rss_before = s.rss_kib();
    s.write(batch.as_bytes()).expect("write the flood");
    let extra = poke(&mut s, b"", 1);
    assert!(extra.is_empty(), "notifications were answered: {extra:?}");
    let v = s.request(
        2,
        "tools/call",
        json!({"name": "list_specialties", "arguments": {}}),
    );
    assert!(v["result"]["structuredContent"]["specialties"].is_array());
    eprintln!(
        "{n} notifications: RSS before {rss_before:?} KiB, after {:?} KiB",
        s.rss_kib()
    );
    exits_cleanly(s);
}

#[test]
fn eof_in_the_middle_of_a_message_exits_cleanly() {
    let mut s = initialized();
    assert_eq!(s.request(1, "ping", json!({}))["result"], json!({}));
    s.write(br#"{"jsonrpc": "2.0", "id": 2, "method": "tools/ca"#)
        .expect("write");
    let leftover = exits_cleanly(s);
    assert!(leftover.is_empty(), "the half message was answered");
}

#[test]
fn eof_in_the_middle_of_the_handshake_exits_without_a_panic() {
    let mut s = demo();
    s.write(br#"{"jsonrpc": "2.0", "id": 0, "method": "initi"#)
        .expect("write");
    let exit = s.finish();
    eprintln!("EOF during the handshake: {:?}", exit.status);
    assert!(exit.leftover.is_empty());
    no_panic(&exit.stderr);
}
