//! The audit trail (`--audit-log`, `CLINIC_AUDIT_LOG`): every call of a mutating tool, through a
//! real MCP client, appends its lines, on disk when the answer arrives. They name the caller by
//! a fingerprint of its token, never the token, and carry no free text from the arguments (no
//! reason, no idempotency key, no argument name the tool does not declare) and no token the API
//! echoes back. The file is never cut but for a partial last line of our own, and a change whose
//! line cannot be written is not made.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{AccessToken, Caller, ClinicServer, Profile, Session, SessionRole};
use common::*;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;

/// Every line of the log, parsed.
fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

/// The lines that end a call (not the `pending` line written before it runs).
fn outcomes(path: &Path) -> Vec<Value> {
    lines(path)
        .into_iter()
        .filter(|l| l["outcome"] != "pending")
        .collect()
}

/// Every call's lines come in pairs: a `pending` line, then one outcome line of the same call
/// and tool, with the same ids from the arguments. The outcome lines, in order.
fn paired(path: &Path) -> Vec<Value> {
    let all = lines(path);
    let mut open: Vec<&Value> = Vec::new();
    let mut done = Vec::new();
    for line in &all {
        let call = line["call"].as_str().expect("a call id");
        if line["outcome"] == "pending" {
            assert!(line["request_id"].is_null(), "{line}");
            assert!(
                open.iter().all(|p| p["call"] != call),
                "{call} pending twice"
            );
            open.push(line);
            continue;
        }
        let at = open
            .iter()
            .position(|p| p["call"] == call)
            .unwrap_or_else(|| panic!("an outcome without its pending line: {line}"));
        let pending = open.remove(at);
        assert_eq!(pending["tool"], line["tool"]);
        for (name, id) in pending["ids"].as_object().unwrap() {
            assert_eq!(&line["ids"][name], id, "{line}");
        }
        done.push(line.clone());
    }
    assert!(open.is_empty(), "calls without an outcome: {open:?}");
    done
}

fn temp_log(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("clinic-audit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("audit.jsonl");
    let _ = std::fs::remove_file(&path);
    path
}

/// A line as the server writes it.
const OURS: &str = r#"{"time":"2026-01-05T10:00:00.5Z","call":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","tool":"book_appointment","role":"patient","caller":"sha256:0123456789abcdef","ids":{"slot_id":4,"appointment_id":9},"request_id":"req-000001","outcome":"ok","replayed":false}"#;

/// A short opaque token, made only of the characters a request id may have.
const SHORT_TOKEN: &str = "Zq8pL2mX9vRt";

/// What the fake API answers for a booking.
const BOOKED: &str = r#"{"id":41,"status":"pending","slotId":7,"doctorId":1,"startTime":"2030-01-07T09:00:00Z","endTime":"2030-01-07T09:30:00Z"}"#;

/// What the fake API answers for the doctor list.
const DOCTORS: &str = r#"[{"id":1,"name":"Dr. Ada Example","specialty":"Cardiology","clinic":{"id":1,"name":"Main","address":"1 Main St","timeZone":"Europe/Berlin"}}]"#;

/// The status, the `X-Request-Id` to send (if any) and the JSON body of an answer.
type Answer = (u16, Option<String>, String);

/// A clinic API on a loopback port, for answers the stand-in never gives: each request's method,
/// path and `Authorization` value go to the script, which answers.
struct FakeApi {
    addr: std::net::SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeApi {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeApi {
    async fn spawn(script: impl Fn(&str, &str, &str) -> Answer + Send + Sync + 'static) -> Self {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let script = Arc::new(script);
        let task = tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let script = script.clone();
                tokio::spawn(async move {
                    let mut buf = Vec::new();
                    let mut chunk = [0u8; 4096];
                    let end = loop {
                        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                            break i;
                        }
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    };
                    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
                    let header = |name: &str| {
                        head.lines().find_map(|l| {
                            let (k, v) = l.split_once(':')?;
                            k.trim()
                                .eq_ignore_ascii_case(name)
                                .then(|| v.trim().to_owned())
                        })
                    };
                    let len: usize = header("content-length")
                        .and_then(|v| v.parse().ok())
                        .unwrap_or(0);
                    while buf.len() < end + 4 + len {
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => break,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    }
                    let mut first = head.lines().next().unwrap_or("").split(' ');
                    let (method, path) = (first.next().unwrap_or(""), first.next().unwrap_or(""));
                    let auth = header("authorization").unwrap_or_default();
                    let (status, request_id, body) = script(method, path, &auth);
                    let request_id = request_id
                        .map(|id| format!("X-Request-Id: {id}\r\n"))
                        .unwrap_or_default();
                    let out = format!(
                        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\n{request_id}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = stream.write_all(out.as_bytes()).await;
                });
            }
        });
        Self { addr, task }
    }

    fn base_url(&self) -> String {
        format!("http://{}/api/v1", self.addr)
    }
}

/// A patient's booking session against `base_url` with `token`, recording to `log`.
fn booking_session(base_url: &str, token: &str, log: &Path) -> Session {
    let mut s = Session::new(
        Profile::Booking,
        SessionRole::Patient,
        base_url,
        AccessToken::new(token),
    )
    .unwrap();
    s.audit_log = Some(log.to_owned());
    s
}

#[tokio::test]
async fn every_mutating_call_appends_one_line_before_its_answer_and_reads_append_none() {
    let api = standin().await;
    let path = temp_log("calls");
    let mut patient_session = session(
        &api,
        Profile::Booking,
        SessionRole::Patient,
        Some(PATIENT_TOKEN),
    );
    patient_session.audit_log = Some(path.clone());
    let patient = client(patient_session).await;
    let mut doctor_session = session(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN));
    doctor_session.audit_log = Some(path.clone());
    let doctor = client(doctor_session).await;

    call_ok(&patient, "list_my_appointments", json!({})).await;
    assert!(lines(&path).is_empty(), "a read is not recorded");

    let slot = open_slot(&api, 1);
    let booked = call_ok(
        &patient,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "audit-key-secret-1"}),
    )
    .await;
    let id = booked["appointment_id"].as_u64().unwrap();
    // On disk as soon as the answer is: the booking's pending line, then its outcome.
    let after_book = paired(&path);
    assert_eq!(after_book.len(), 1);
    assert_eq!(lines(&path)[0]["ids"], json!({"slot_id": slot}));
    let line = &after_book[0];
    assert_eq!(line["tool"], "book_appointment");
    assert_eq!(line["role"], "patient");
    assert_eq!(line["outcome"], "ok");
    assert_eq!(line["replayed"], false);
    assert_eq!(line["ids"], json!({"slot_id": slot, "appointment_id": id}));
    let fingerprint = Caller::new(
        SessionRole::Patient,
        clinic_mcp::AccessToken::new(PATIENT_TOKEN),
    )
    .fingerprint();
    assert_eq!(line["caller"], fingerprint);
    // The request id is the stand-in's for the booking request.
    let request_id = line["request_id"].as_str().expect("a request id");
    assert!(request_id.starts_with("req-"), "{request_id}");
    assert!(line["time"].as_str().unwrap().ends_with('Z'));

    // A replay, a refusal and the doctor's rejection with a reason.
    call_ok(
        &patient,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "audit-key-secret-1"}),
    )
    .await;
    let (code, _) = call_err(
        &patient,
        "book_appointment",
        json!({"slot_id": 2, "idempotency_key": "audit-key-secret-2"}),
    )
    .await;
    assert_eq!(code, "SLOT_TAKEN");
    call_ok(
        &doctor,
        "reject_appointment",
        json!({"appointment_id": id, "reason": "A reason with free text in it."}),
    )
    .await;
    let all = paired(&path);
    assert_eq!(all.len(), 4);
    assert_eq!(lines(&path).len(), 8);
    assert_eq!(all[1]["replayed"], true);
    assert_eq!(
        (&all[2]["outcome"], &all[2]["code"]),
        (&json!("error"), &json!("SLOT_TAKEN"))
    );
    assert_eq!(all[3]["tool"], "reject_appointment");
    assert_eq!(all[3]["role"], "doctor");
    assert_eq!(all[3]["ids"], json!({"appointment_id": id}));
    assert_ne!(all[3]["caller"], fingerprint);

    let text = std::fs::read_to_string(&path).unwrap();
    for secret in [PATIENT_TOKEN, DOCTOR_TOKEN, "audit-key-secret", "free text"] {
        assert!(!text.contains(secret), "{secret:?} is in the audit log");
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test]
async fn a_question_sent_as_input_required_closes_its_call_and_the_retry_is_one_of_its_own() {
    use clinic_mcp::local::{Reply, User, connect_stateless};
    let api = standin().await;
    let id = booked_by_patient(&api, "audit-asked").await;
    let path = temp_log("asked");
    let mut s = session(
        &api,
        Profile::Booking,
        SessionRole::Patient,
        Some(PATIENT_TOKEN),
    );
    s.audit_log = Some(path.clone());
    // Protocol 2026-07-28: the question is a result, and rmcp's client retries with the answer.
    let client = connect_stateless(ClinicServer::new(s).unwrap(), User::answering(Reply::Yes))
        .await
        .unwrap();
    let done = call_ok(&client, "cancel_appointment", json!({"appointment_id": id})).await;
    assert_eq!(done["status"], "cancelled");
    let all = paired(&path);
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0]["outcome"], "asked");
    assert_eq!(all[1]["outcome"], "ok");
    assert_ne!(all[0]["call"], all[1]["call"]);
    for line in &all {
        assert_eq!(line["ids"], json!({"appointment_id": id}));
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test]
async fn a_token_the_api_sends_back_as_its_request_id_never_reaches_the_log() {
    // The first booking's answer echoes the caller's token as its request id, the second's
    // carries a JWT-shaped one (someone's token, not this caller's).
    const JWT_SHAPED: &str = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
    let echoes = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = echoes.clone();
    let api = FakeApi::spawn(move |method, path, auth| {
        if method == "POST" && path.ends_with("/appointments") {
            let n = seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let id = if n == 0 {
                auth.strip_prefix("Bearer ").unwrap_or(auth).to_owned()
            } else {
                JWT_SHAPED.to_owned()
            };
            (201, Some(id), BOOKED.to_owned())
        } else if path.ends_with("/doctors") {
            (200, None, DOCTORS.to_owned())
        } else {
            (404, None, "{}".to_owned())
        }
    })
    .await;
    let path = temp_log("echo");
    let c = client(booking_session(&api.base_url(), SHORT_TOKEN, &path)).await;
    for key in ["audit-echo-0001", "audit-echo-0002"] {
        call_ok(
            &c,
            "book_appointment",
            json!({"slot_id": 7, "idempotency_key": key}),
        )
        .await;
    }
    assert_eq!(echoes.load(std::sync::atomic::Ordering::SeqCst), 2);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        !text.contains(SHORT_TOKEN),
        "the caller's token is in the audit log: {text}"
    );
    assert!(
        !text.contains(JWT_SHAPED),
        "a JWT is in the audit log: {text}"
    );
    let done = paired(&path);
    assert_eq!(done.len(), 2, "{text}");
    for line in &done {
        assert_eq!(line["request_id"], "[redacted]", "{text}");
        assert_eq!(line["ids"], json!({"slot_id": 7, "appointment_id": 41}));
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test]
async fn only_the_tool_s_declared_id_parameters_with_valid_values_are_logged() {
    let api = standin().await;
    let path = temp_log("names");
    let mut s = session(
        &api,
        Profile::Booking,
        SessionRole::Patient,
        Some(PATIENT_TOKEN),
    );
    s.audit_log = Some(path.clone());
    let c = client(s).await;
    let slot = open_slot(&api, 1);
    // An argument the tool does not declare, whose name is free text shaped like an id.
    let (code, _) = call_err(
        &c,
        "book_appointment",
        json!({
            "slot_id": slot,
            "idempotency_key": "audit-names-0001",
            "mail the chart to eve at example dot org patient_id": 7
        }),
    )
    .await;
    assert_eq!(code, "INVALID_ARGUMENTS");
    // A declared id outside its bounds.
    let (code, _) = call_err(
        &c,
        "book_appointment",
        json!({"slot_id": 0, "idempotency_key": "audit-names-0002"}),
    )
    .await;
    assert_eq!(code, "INVALID_ARGUMENTS");
    let done = paired(&path);
    assert_eq!(done.len(), 2);
    assert_eq!(done[0]["code"], "INVALID_ARGUMENTS");
    assert_eq!(done[0]["ids"], json!({"slot_id": slot}));
    assert_eq!(done[1]["ids"], json!({}));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("eve at example"), "{text}");
    assert!(!text.contains("patient_id"), "{text}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test]
async fn our_own_partial_last_line_is_cut_off_when_the_log_is_opened() {
    let api = standin().await;
    // After a whole line of ours, and as the whole file (the first line ever written, cut).
    for (name, content, kept) in [
        (
            "after-ours",
            format!("{OURS}\n{}", &OURS[..60]),
            vec![serde_json::from_str::<Value>(OURS).unwrap()],
        ),
        ("all-ours", OURS[..25].to_owned(), vec![]),
    ] {
        let path = temp_log(name);
        std::fs::write(&path, &content).unwrap();
        let mut s = session(
            &api,
            Profile::Booking,
            SessionRole::Patient,
            Some(PATIENT_TOKEN),
        );
        s.audit_log = Some(path.clone());
        let c = client(s).await;
        call_ok(
            &c,
            "book_appointment",
            json!({"slot_id": open_slot(&api, 2), "idempotency_key": format!("audit-partial-{name}")}),
        )
        .await;
        let all = lines(&path);
        assert_eq!(all[..kept.len()], kept[..], "{name}");
        let done = outcomes(&path);
        assert_eq!(done.len(), kept.len() + 1, "{name}: every line parses");
        assert_eq!(done[kept.len()]["tool"], "book_appointment");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

#[tokio::test]
async fn a_file_the_server_did_not_write_is_left_as_it_is_and_the_server_does_not_start() {
    let api = standin().await;
    for (name, content) in [
        ("text", "meeting notes, not a log".to_owned()),
        (
            "config",
            r#"{"mcpServers": {"clinic": {"command": "clinic-mcp"}}}"#.to_owned(),
        ),
        ("lines", "first line\nsecond line\n".to_owned()),
        ("ours-then-not", format!("{OURS}\nnot ours")),
        ("not-then-a-prefix", "notes\n{\"time\":\"2026".to_owned()),
        (
            "json-then-ours-prefix",
            format!("{{\"a\":1}}\n{}", &OURS[..30]),
        ),
    ] {
        let path = temp_log(&format!("foreign-{name}"));
        std::fs::write(&path, &content).unwrap();
        let mut s = session(
            &api,
            Profile::Booking,
            SessionRole::Patient,
            Some(PATIENT_TOKEN),
        );
        s.audit_log = Some(path.clone());
        let refused = ClinicServer::new(s).expect_err(name);
        let why = refused.to_string();
        assert!(why.contains("audit log"), "{name}: {why}");
        assert!(why.contains("not written by clinic-mcp"), "{name}: {why}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            content,
            "{name} was changed"
        );
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

#[test]
fn the_binary_refuses_a_foreign_log_with_exit_2_and_leaves_it_as_it_is() {
    let path = temp_log("foreign-binary");
    std::fs::write(&path, "meeting notes, not a log").unwrap();
    let out = std::process::Command::new(binary())
        .args(["serve", "--demo", "--audit-log"])
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not written by clinic-mcp"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "meeting notes, not a log"
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test]
async fn a_fifo_or_a_device_is_refused_at_start() {
    let api = standin().await;
    let dir = temp_log("fifo");
    let fifo = dir.with_file_name("audit.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for path in [
        fifo.as_path(),
        Path::new("/dev/full"),
        Path::new("/dev/null"),
    ] {
        let mut s = session(
            &api,
            Profile::Booking,
            SessionRole::Patient,
            Some(PATIENT_TOKEN),
        );
        s.audit_log = Some(path.to_owned());
        let refused = ClinicServer::new(s).expect_err(&path.display().to_string());
        assert!(
            refused.to_string().contains("not a regular file"),
            "{}: {refused}",
            path.display()
        );
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// How many bytes a file may grow to under `ulimit -f blocks` (the block is 512 bytes in some
/// shells, 1024 in others).
fn limit_bytes(blocks: u32) -> u64 {
    let probe = temp_log("limit-probe");
    std::process::Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f \"$1\" && head -c 100000 /dev/zero 2>/dev/null > \"$2\"",
            "sh",
            &blocks.to_string(),
        ])
        .arg(&probe)
        .status()
        .unwrap();
    let len = std::fs::metadata(&probe).unwrap().len();
    let _ = std::fs::remove_dir_all(probe.parent().unwrap());
    assert!(len > 0 && len < 100_000, "ulimit -f {blocks}: {len} bytes");
    len
}

/// `clinic-mcp serve` as a booking patient under a file size limit (`ulimit -f`, SIGXFSZ
/// ignored): a write past the limit fails (EFBIG) as a write to a full disk does (ENOSPC), and a
/// write across it is cut short, as one to a disk filling up is.
struct Limited {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Limited {
    fn spawn(blocks: u32, base_url: &str, token: &str, log: &Path) -> Self {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new("sh")
            .args([
                "-c",
                "trap '' XFSZ; ulimit -f \"$1\" || exit 99; shift; exec \"$@\"",
                "sh",
                &blocks.to_string(),
            ])
            .arg(binary())
            .args(["serve", "--profile", "booking", "--role", "patient"])
            .arg("--audit-log")
            .arg(log)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("SUT_BASE_URL", base_url)
            .env("SUT_ACCESS_TOKEN", token)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Self {
            stdin: child.stdin.take(),
            child,
            lines,
        };
        server.request(
            0,
            "initialize",
            &json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "audit-trail", "version": "0"}}),
        );
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, message: &Value) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    }

    fn request(&mut self, id: u64, method: &str, params: &Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = self
                .lines
                .recv_timeout(ANSWER_GUARD)
                .unwrap_or_else(|_| panic!("no answer to {method} within {ANSWER_GUARD:?}"));
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id && v.get("method").is_none() {
                return v;
            }
        }
    }

    /// Close stdin; the exit status and stderr.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        (
            out.status,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// `OURS` padded with spaces before its closing brace to `len` bytes, newline included.
fn ours_padded(len: u64) -> String {
    let len = usize::try_from(len).unwrap();
    let body = &OURS[..OURS.len() - 1];
    assert!(len > OURS.len() + 1);
    format!("{body}{}}}\n", " ".repeat(len - OURS.len() - 1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_whose_audit_line_cannot_be_written_is_refused_before_it_is_sent() {
    let api = standin().await;
    let path = temp_log("full");
    // Ten bytes short of the limit, ending in a line of ours: no line fits whole any more.
    let limit = limit_bytes(2);
    let before = ours_padded(limit - 10);
    std::fs::write(&path, &before).unwrap();
    let slot = open_slot(&api, 1);
    let mut server = Limited::spawn(2, &api.base_url(), PATIENT_TOKEN, &path);
    let sent_before = api.request_count();
    let answer = server.request(
        1,
        "tools/call",
        &json!({"name": "book_appointment",
               "arguments": {"slot_id": slot, "idempotency_key": "audit-full-0001"}}),
    );
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    assert_eq!(result["structuredContent"]["code"], "AUDIT_UNAVAILABLE");
    assert_eq!(api.request_count(), sent_before, "a request was sent");
    assert_eq!(api.slot_available(slot), Some(true));
    let (status, stderr) = server.finish();
    // Nothing changed, so the trail is whole: the refusal is not a failure of the process.
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("audit log"), "{stderr}");
    // The part of the line that was written is taken back.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_whose_outcome_cannot_be_written_says_so_and_the_exit_is_not_zero() {
    let path = temp_log("lost");
    let log = path.clone();
    let api = FakeApi::spawn(move |method, route, _| {
        if method == "POST" && route.ends_with("/appointments") {
            // The disk fills up while the change is made.
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
            f.write_all(&[b'\n'; 8192]).unwrap();
            (201, Some("req-lost-1".to_owned()), BOOKED.to_owned())
        } else if route.ends_with("/doctors") {
            (200, None, DOCTORS.to_owned())
        } else {
            (404, None, "{}".to_owned())
        }
    })
    .await;
    let mut server = Limited::spawn(2, &api.base_url(), SHORT_TOKEN, &path);
    let answer = server.request(
        1,
        "tools/call",
        &json!({"name": "book_appointment",
               "arguments": {"slot_id": 7, "idempotency_key": "audit-lost-0001"}}),
    );
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    assert_eq!(result["structuredContent"]["code"], "AUDIT_UNAVAILABLE");
    let message = result["structuredContent"]["message"].as_str().unwrap();
    assert!(message.contains("was made"), "{message}");
    assert!(message.contains("41"), "{message}");
    let (status, stderr) = server.finish();
    assert_eq!(status.code(), Some(4), "{stderr}");
    assert!(stderr.contains("audit log"), "{stderr}");
    assert!(!stderr.contains(SHORT_TOKEN), "{stderr}");
    // The line written before the change is there: the trail shows a change whose outcome is
    // unrecorded.
    let text = std::fs::read_to_string(&path).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["outcome"], "pending");
    assert_eq!(first["tool"], "book_appointment");
    assert_eq!(first["ids"], json!({"slot_id": 7}));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
