//! Hostile stdin, fed to the real binary: malformed lines, a 10 MB line, wrong JSON-RPC types,
//! ids out of range, JSON nested too deep, a second `initialize`, unknown methods, requests before
//! `initialize`, a flood of notifications, EOF in the middle of a message. Every request is
//! answered (with its id when it can be read) and nothing shaped like a response or a
//! notification is; the server never crashes, writes nothing but JSON-RPC to stdout, and keeps
//! serving valid requests on the same stream. The reasons for each answer are in the module
//! documentation of `clinic_mcp::transport` and in docs/RELIABILITY.md.
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

/// The one answer to a line the server could not read as JSON: `-32700 Parse error` under
/// `"id": null` (JSON-RPC 2.0, section 5.1), and nothing else.
fn assert_parse_error(line: &[u8], extra: &[Value]) {
    let shown = String::from_utf8_lossy(&line[..line.len().min(80)]).into_owned();
    let [answer] = extra else {
        panic!("{shown:?}: not one answer: {extra:?}");
    };
    assert_eq!(answer["error"]["code"], -32700, "{shown:?}: {answer}");
    assert_eq!(answer.get("id"), Some(&Value::Null), "{shown:?}: {answer}");
    assert!(answer.get("result").is_none(), "{shown:?}: {answer}");
}

#[test]
fn malformed_lines_are_answered_parse_error_and_the_stream_keeps_serving() {
    let mut s = initialized();
    let garbage: &[&[u8]] = &[
        b"{",
        b"not json at all",
        b"}{",
        b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"",
        b"\xff\xfe\xfd",
        b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}}",
        b"\x00\x01\x02",
        b"[",
        b"\"\\ud800\"",
        b"nan",
    ];
    for (k, line) in garbage.iter().enumerate() {
        // Not JSON: no id can be read from it, so the answer is `-32700` under `"id": null`.
        let extra = poke(&mut s, line, 1000 + k as u64);
        assert_parse_error(line, &extra);
    }
    // A line with no JSON text in it at all, empty or blank, is not a message: no answer.
    for (k, line) in [&b""[..], b"   \t ", b"\r"].iter().enumerate() {
        let extra = poke(&mut s, line, 1100 + k as u64);
        assert!(extra.is_empty(), "{line:?} -> {extra:?}");
    }
    eprintln!("{} malformed lines, each answered -32700", garbage.len());
    let tools = s.request(9, "tools/list", json!({}));
    assert!(tools["result"]["tools"].as_array().unwrap().len() >= 5);
    exits_cleanly(s);
}

#[test]
fn wrong_json_rpc_types_are_answered_or_ignored() {
    let mut s = initialized();
    // (line, what must come back before the pong): "null", `-32600` under `"id": null`; "echo",
    // an error under the line's own id; "nothing".
    let cases: &[(&str, &str)] = &[
        ("[]", "null"),
        ("[1, 2]", "null"),
        // MCP has no batches (removed in 2025-06-18): a batch is not a message.
        (
            r#"[{"jsonrpc": "2.0", "id": 77, "method": "ping"}]"#,
            "null",
        ),
        ("42", "null"),
        ("\"ping\"", "null"),
        ("null", "null"),
        ("true", "null"),
        ("{}", "null"),
        // A request that is not a valid one, but whose id can be read: answered under that id,
        // so the client that waits for it gets it.
        (r#"{"jsonrpc": "1.0", "id": 1, "method": "ping"}"#, "echo"),
        (
            r#"{"jsonrpc": "1.0", "id": "ünï-1", "method": "ping"}"#,
            "echo",
        ),
        (r#"{"id": 1, "method": "ping"}"#, "echo"),
        (r#"{"jsonrpc": "2.0", "id": 1, "method": 42}"#, "echo"),
        // An id that is not a string or an integer, or two of them: no id to answer under.
        (
            r#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}"#,
            "null",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": true, "method": "ping"}"#,
            "null",
        ),
        (r#"{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}"#, "null"),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "ping"}"#,
            "null",
        ),
        // Both a request and a response: which id namespace it belongs to is unknown.
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "ping", "result": {}}"#,
            "null",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": "list_doctors"}"#,
            "echo",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 42}}"#,
            "echo",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_doctors", "arguments": [1, 2]}}"#,
            "echo",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_doctors", "arguments": "x"}}"#,
            "echo",
        ),
        // A response to a request the server never sent, and an error likewise: ignored.
        (r#"{"jsonrpc": "2.0", "id": 4242, "result": {}}"#, "nothing"),
        (
            r#"{"jsonrpc": "2.0", "id": 4243, "error": {"code": -1, "message": "x"}}"#,
            "nothing",
        ),
        // A response is never answered, even one that is not a valid response: the server's own
        // refusals read back (a client echoing them, or a second server on the other end) draw
        // nothing, so two peers can never answer each other's errors forever.
        (
            r#"{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}"#,
            "nothing",
        ),
        (
            r#"{"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "Invalid request"}}"#,
            "nothing",
        ),
        (
            r#"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid request"}}"#,
            "nothing",
        ),
        (r#"{"jsonrpc": "2.0", "result": {}}"#, "nothing"),
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
        let sent_id = serde_json::from_str::<Value>(line)
            .ok()
            .and_then(|v| v.get("id").cloned());
        let mut extra = poke(&mut s, line.as_bytes(), 2000 + k as u64);
        if extra.is_empty() && *want == "echo" {
            extra.extend(s.next(Duration::from_secs(10)));
        }
        let got = match extra.as_slice() {
            [] => "nothing".to_owned(),
            // JSON-RPC 2.0: `"id": null` when the request's id could not be read.
            [e] if e["error"]["code"] == -32600 && e.get("id") == Some(&Value::Null) => {
                "null".to_owned()
            }
            [e] if e["error"]["code"].is_i64()
                && e.get("result").is_none()
                && e.get("id") == sent_id.as_ref() =>
            {
                "echo".to_owned()
            }
            other => panic!("{line} -> {other:?}"),
        };
        table.push(format!("{line} -> {got}"));
        assert_eq!(got, *want, "{line}");
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

/// The one answer to a frame the server would not read (too long, too deep): `-32700` under
/// `id` (`Value::Null` when no id could be read), its message naming the limit.
fn assert_refused_under(extra: &[Value], id: &Value, limit: &str) {
    let [answer] = extra else {
        panic!("not one answer: {extra:?}");
    };
    assert_eq!(answer["error"]["code"], -32700, "{answer}");
    assert_eq!(answer.get("id"), Some(id), "{answer}");
    assert!(answer.get("result").is_none(), "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains(limit), "{answer}");
}

#[test]
fn a_ten_megabyte_line_is_handled_and_a_twenty_megabyte_one_refused_under_its_id() {
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
    // 10 MB of garbage: not JSON.
    assert_parse_error(ten_mb.as_bytes(), &poke(&mut s, ten_mb.as_bytes(), 2));
    // Past the 16 MiB line cap: skipped unread, and answered, under the request's id when it
    // comes before the cap (as every client writes it: `jsonrpc`, `id`, `method`, `params`), so
    // the client waiting for it hears why; the stream goes on at the next line.
    let big = "B".repeat(17 * 1024 * 1024);
    let over = format!(
        r#"{{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": "{big}"}}}}}}"#
    );
    let extra = poke(&mut s, over.as_bytes(), 4);
    assert_refused_under(&extra, &json!(3), "16777216 bytes");
    let over = format!(
        r#"{{"id": "three", "jsonrpc": "2.0", "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": "{big}"}}}}}}"#
    );
    let extra = poke(&mut s, over.as_bytes(), 5);
    assert_refused_under(&extra, &json!("three"), "16777216 bytes");
    // An id after the cap cannot be read: `"id": null`.
    let over = format!(
        r#"{{"jsonrpc": "2.0", "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": "{big}"}}}}, "id": 6}}"#
    );
    let extra = poke(&mut s, over.as_bytes(), 7);
    assert_refused_under(&extra, &Value::Null, "16777216 bytes");
    // Garbage past the cap: the same answer, under `"id": null`.
    let extra = poke(&mut s, big.as_bytes(), 8);
    assert_refused_under(&extra, &Value::Null, "16777216 bytes");
    // A response past the cap (a client's answer to the server's question) is not answered.
    let over = format!(r#"{{"jsonrpc": "2.0", "id": 0, "result": {{"x": "{big}"}}}}"#);
    assert!(poke(&mut s, over.as_bytes(), 9).is_empty());
    let v = s.request(
        10,
        "tools/call",
        json!({"name": "list_doctors", "arguments": {"specialty": "Cardiology"}}),
    );
    assert!(v["result"]["structuredContent"]["count"].as_u64().unwrap() > 0);
    exits_cleanly(s);
}

/// `[` `depth` times, `1`, `]` `depth` times.
fn nested_arrays(depth: usize) -> String {
    format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
}

#[test]
fn deeply_nested_arguments_do_not_crash_the_server_and_are_answered() {
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
    // Past it (200, 100 000 levels): valid JSON the server does not read, answered `-32700`
    // under the request's id, which is read without the limit; no stack overflow.
    for (depth, id) in [(200, json!(2)), (100_000, json!("deep-2"))] {
        let deep = format!(
            r#"{{"jsonrpc": "2.0", "id": {id}, "method": "tools/call", "params": {{"name": "list_doctors", "arguments": {{"specialty": {}}}}}}}"#,
            nested_arrays(depth)
        );
        let extra = poke(&mut s, deep.as_bytes(), 3);
        assert_refused_under(&extra, &id, "recursion limit");
    }
    // No id to read: `"id": null`. Nested arrays alone, an id itself too deep, a notification
    // (its method may be one the server would have ignored, but it cannot tell), and a frame
    // that is both a request and a response.
    for deep in [
        nested_arrays(200),
        format!(
            r#"{{"jsonrpc": "2.0", "id": {}, "method": "ping"}}"#,
            nested_arrays(200)
        ),
        format!(
            r#"{{"jsonrpc": "2.0", "method": "notifications/progress", "params": {{"progressToken": {}}}}}"#,
            nested_arrays(200)
        ),
        format!(
            r#"{{"jsonrpc": "2.0", "id": 4, "method": "ping", "result": {}}}"#,
            nested_arrays(200)
        ),
    ] {
        let extra = poke(&mut s, deep.as_bytes(), 5);
        assert_refused_under(&extra, &Value::Null, "recursion limit");
    }
    // A response too deep to read (a client's answer to the server's question) is not answered.
    let deep = format!(
        r#"{{"jsonrpc": "2.0", "id": 0, "result": {}}}"#,
        nested_arrays(200)
    );
    assert!(poke(&mut s, deep.as_bytes(), 6).is_empty());
    let v = s.request(7, "tools/list", json!({}));
    assert!(v["result"]["tools"].is_array());
    exits_cleanly(s);
}

/// The real binary (`DEMO`), fed `input` whole, then end of input: every stdout line as written
/// (an id past what serde_json's `Value` holds exactly is compared as text), and stderr.
fn raw_session(input: Vec<u8>) -> (Vec<String>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::binary())
        .args(DEMO)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn clinic-mcp");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let Ok(out) = rx.recv_timeout(common::ANSWER_GUARD) else {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        panic!("the server did not exit within {:?}", common::ANSWER_GUARD);
    };
    let out = out.expect("wait for clinic-mcp");
    writer.join().unwrap().expect("write stdin");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    no_panic(&stderr);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 on stdout");
    let lines: Vec<String> = stdout.lines().map(str::to_owned).collect();
    for line in &lines {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(v["jsonrpc"], "2.0", "{line}");
    }
    (lines, stderr)
}

/// rmcp reads an integer id as an `i64`. An integer id outside that range is refused
/// (`-32600`), under the id as it was sent, digit for digit, so the client can match it; the
/// message names the range and says a string id has none. Ids at the range's ends are served.
#[test]
fn integer_ids_outside_i64_are_refused_under_the_id_as_sent() {
    let initialize = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let served = ["9223372036854775807", "-9223372036854775808", "1", "-1"];
    let refused = [
        "9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "123456789012345678901234567890123456789",
    ];
    let mut input = format!("{initialize}\n");
    for id in served.iter().chain(&refused) {
        input.push_str(&format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#));
        input.push('\n');
    }
    // A call too: refused the same way, whichever path reads it.
    input.push_str(r#"{"jsonrpc":"2.0","id":9223372036854775809,"method":"tools/call","params":{"name":"list_specialties","arguments":{}}}"#);
    input.push('\n');
    let (lines, _) = raw_session(input.into_bytes());
    let answer_to = |id: &str| -> &String {
        let member = format!(r#""id":{id},"#);
        let found: Vec<&String> = lines.iter().filter(|l| l.contains(&member)).collect();
        assert_eq!(found.len(), 1, "id {id}: {lines:#?}");
        found[0]
    };
    for id in served {
        let v: Value = serde_json::from_str(answer_to(id)).unwrap();
        assert_eq!(v["result"], json!({}), "{v}");
    }
    for id in refused.iter().chain(&["9223372036854775809"]) {
        let line = answer_to(id);
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["error"]["code"], -32600, "{line}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("-9223372036854775808") && message.contains("9223372036854775807"),
            "{line}"
        );
        assert!(message.contains("string"), "{line}");
    }
    assert_eq!(
        lines.len(),
        1 + served.len() + refused.len() + 1,
        "{lines:#?}"
    );
}

/// A second `initialize` in a session is refused (`-32600`, under its id) and changes nothing:
/// the protocol stays the one negotiated, and the tools listed stay those of the first
/// (the server declares `tools.listChanged: false`): a client that declared no elicitation
/// cannot be offered the destructive tools by declaring it again.
#[test]
fn a_second_initialize_is_refused_and_changes_nothing() {
    let mut s = demo();
    let first = s.initialize();
    assert_eq!(first["result"]["protocolVersion"], "2025-06-18", "{first}");
    assert_eq!(
        first["result"]["capabilities"]["tools"]["listChanged"], false,
        "{first}"
    );
    let names = |s: &mut StdioServer, id: u64| -> Vec<String> {
        let v = s.request(id, "tools/list", json!({}));
        v["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{v}"))
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let before = names(&mut s, 1);
    assert!(
        !before.iter().any(|n| n == "cancel_appointment"),
        "{before:?}"
    );
    for (id, version) in [(2, "2025-11-25"), (3, "2025-06-18"), (4, "2026-07-28")] {
        let again = s.request(
            id,
            "initialize",
            json!({"protocolVersion": version, "capabilities": {"elicitation": {"form": {}}},
                   "clientInfo": {"name": "someone-else", "version": "9"}}),
        );
        assert_eq!(again["error"]["code"], -32600, "{again}");
        assert!(again.get("result").is_none(), "{again}");
        assert!(
            again["error"]["message"]
                .as_str()
                .unwrap()
                .contains("initialize"),
            "{again}"
        );
    }
    assert_eq!(names(&mut s, 5), before);
    let v = s.request(
        6,
        "tools/call",
        json!({"name": "cancel_appointment", "arguments": {"appointment_id": 1}}),
    );
    assert!(
        v.get("error").is_some() && v.to_string().contains("not found"),
        "{v}"
    );
    exits_cleanly(s);
}

/// In a session whose `initialize` negotiated 2025-06-18, a request carrying the metadata of
/// protocol 2026-07-28 (its version, and capabilities) is still a request of that session: the
/// negotiated version decides. A destructive call asks by `elicitation/create`, never by an
/// `input_required` result (2026-07-28 only), and a ping is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_negotiated_version_decides_not_a_request_s_metadata() {
    let api = common::standin().await;
    let id = common::booked_by_patient(&api, "negotiated").await;
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
    let init = s.request(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {"form": {}}},
               "clientInfo": {"name": "clinic-mcp-tests", "version": "0"}}),
    );
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18", "{init}");
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "clinic-mcp-tests", "version": "0"},
    });
    s.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "cancel_appointment", "arguments": {"appointment_id": id},
                              "_meta": meta}}));
    let asked = s.recv();
    assert_eq!(asked["method"], "elicitation/create", "{asked}");
    s.send(&json!({"jsonrpc": "2.0", "id": asked["id"], "result": {"action": "decline"}}));
    let answer = s.until_id(&json!(7)).pop().unwrap();
    assert_eq!(
        answer["result"]["structuredContent"]["code"], "CONFIRMATION_DECLINED",
        "{answer}"
    );
    assert!(answer["result"].get("resultType").is_none(), "{answer}");
    assert_eq!(common::appointment_status(&api, id), "pending");
    // A ping is a ping of this session (2026-07-28 has none).
    let pong = s.request(8, "ping", json!({"_meta": meta}));
    assert_eq!(pong["result"], json!({}), "{pong}");
    // The list is the session's, whatever a request's metadata declares.
    let plain = s.request(9, "tools/list", json!({}));
    let declared = s.request(
        10,
        "tools/list",
        json!({"_meta": {"io.modelcontextprotocol/clientCapabilities": {}}}),
    );
    assert_eq!(declared["result"], plain["result"], "{declared}");
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
    // Garbage before initialize: answered `-32700`, and the handshake still works.
    s.line("{ nope");
    let refused = s.recv();
    assert_eq!(refused["error"]["code"], -32700, "{refused}");
    assert_eq!(refused.get("id"), Some(&Value::Null), "{refused}");
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

/// Most the server's resident memory may grow over a flood of 20,000 notifications (about 2 MB
/// of input): room for buffers read ahead and the allocator's slack, and less than keeping what
/// the notifications were parsed into (several hundred bytes each, so 10 MB or more).
const FLOOD_GROWTH_LIMIT_KIB: u64 = 4 * 1024;

#[test]
fn a_flood_of_notifications_is_absorbed() {
    let mut s = initialized();
    // The first call's allocations (the HTTP client, the screen's memo) come before the reading.
    let warm = s.request(
        1,
        "tools/call",
        json!({"name": "list_specialties", "arguments": {}}),
    );
    assert!(warm["result"]["structuredContent"]["specialties"].is_array());
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
    let rss = |s: &StdioServer| {
        s.rss_kib()
            .expect("the server's resident memory is read from /proc: the bound needs a reading")
    };
    let before = rss(&s);
    s.write(batch.as_bytes()).expect("write the flood");
    let extra = poke(&mut s, b"", 2);
    assert!(extra.is_empty(), "notifications were answered: {extra:?}");
    let v = s.request(
        3,
        "tools/call",
        json!({"name": "list_specialties", "arguments": {}}),
    );
    assert!(v["result"]["structuredContent"]["specialties"].is_array());
    let after = rss(&s);
    eprintln!(
        "{n} notifications ({} bytes): RSS before {before} KiB, after {after} KiB",
        batch.len()
    );
    assert!(
        after <= before + FLOOD_GROWTH_LIMIT_KIB,
        "the flood of {n} notifications grew the server's memory from {before} KiB to {after} KiB (limit +{FLOOD_GROWTH_LIMIT_KIB} KiB)"
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
