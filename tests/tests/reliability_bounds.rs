//! Bounded work and answered calls, against scripted upstreams on ephemeral loopback ports:
//! - one slot search makes a bounded number of upstream requests whatever the upstream lists, and
//!   holds only what it can return (peak memory of the real binary);
//! - a whole call has one deadline, not one per request;
//! - a call in flight at SIGTERM is answered before the exit, even one made of several requests;
//! - a booking whose answer is lost (timeout, or a 5xx after the commit) is made once: the server
//!   never retries a mutation itself, says to retry with the same idempotency key, and that retry
//!   books nothing new.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod scripted_upstream;

use clinic_mcp::{AccessToken, Profile, Session, SessionRole};
use scripted_upstream::{Reply, Scripted, doctor, slot};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const TOKEN: &str = "patient-token-bounds-1";

fn session(up: &Scripted, profile: Profile, timeout: Option<Duration>) -> Session {
    let mut s = Session::new(
        profile,
        SessionRole::Patient,
        &up.base_url(),
        AccessToken::new(TOKEN),
    )
    .unwrap();
    if let Some(t) = timeout {
        s.limits.timeout = t;
    }
    s
}

fn doctors(n: u64) -> String {
    Value::Array(
        (1..=n)
            .map(|i| doctor(i, &format!("Dr. {i}"), "Cardiology", "North Clinic"))
            .collect(),
    )
    .to_string()
}

fn slot_id_of(route: &str) -> Option<u64> {
    route
        .strip_prefix("/doctors/")?
        .strip_suffix("/slots")?
        .parse()
        .ok()
}

// ------------------------------------------------------------------ item 1: bounded search

#[tokio::test]
async fn a_search_over_a_thousand_doctors_is_refused_within_the_request_cap() {
    let list = doctors(1000);
    let up = Scripted::spawn(move |req| match slot_id_of(req.route()) {
        Some(id) => Reply::ok(json!([slot(id, id, "2030-01-07T09:00:00Z")]).to_string()),
        None => Reply::ok(list.as_str()),
    })
    .await;
    let c = common::client(session(&up, Profile::Readonly, None)).await;
    let (code, message) = common::call_err(
        &c,
        "find_available_slots",
        json!({"specialty": "Cardiology", "from": "2030-01-07", "to": "2030-01-08"}),
    )
    .await;
    assert_eq!(code, "SEARCH_TOO_BROAD", "{message}");
    for hint in ["doctor_id", "specialty", "window"] {
        assert!(message.contains(hint), "{message}");
    }
    let made = up.count();
    assert!(
        (1..=64).contains(&made),
        "{made} upstream requests for one call"
    );
    // One doctor of the same list is still searchable.
    let r = common::call_ok(
        &c,
        "find_available_slots",
        json!({"doctor_id": 7, "from": "2030-01-07", "to": "2030-01-08"}),
    )
    .await;
    assert_eq!(r["slots"][0]["slot_id"], 7);
}

/// Peak resident memory (VmHWM) of a process, in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .expect("this test reads /proc/<pid>/status (Linux)");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/<pid>/status")
}

/// 48 doctors, each answering with just under 1 MiB of open slots (about 9,000 each, all in the
/// window): the search returns the 20 earliest and its memory holds those, not all 430,000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_holds_only_what_it_returns() {
    const DOCTORS: u64 = 48;
    let list = doctors(DOCTORS);
    let bodies: Arc<Mutex<BTreeMap<u64, Arc<str>>>> = Arc::default();
    let listed = Arc::new(Mutex::new(0usize));
    let (b, n) = (bodies.clone(), listed.clone());
    let up = Scripted::spawn(move |req| match slot_id_of(req.route()) {
        Some(id) => {
            let body = b
                .lock()
                .unwrap()
                .entry(id)
                .or_insert_with(|| {
                    let mut slots = Vec::new();
                    let mut len = 2;
                    let mut i = 0u64;
                    while len < 1_000_000 {
                        let day = 1 + (i % 28);
                        let s = slot(
                            id * 1_000_000 + i,
                            id,
                            &format!("2030-02-{day:02}T{:02}:00:00Z", 8 + (i % 10)),
                        );
                        len += s.to_string().len() + 1;
                        slots.push(s);
                        i += 1;
                    }
                    *n.lock().unwrap() += slots.len();
                    Value::Array(slots).to_string().into()
                })
                .clone();
            Reply::ok(body)
        }
        None => Reply::ok(list.as_str()),
    })
    .await;
    let mut s = common::StdioServer::spawn(&["serve", "--base-url", &up.base_url()], &[]);
    s.initialize();
    let v = s.request(
        1,
        "tools/call",
        json!({"name": "find_available_slots", "arguments":
               {"specialty": "Cardiology", "from": "2030-02-01", "to": "2030-03-01"}}),
    );
    let r = &v["result"]["structuredContent"];
    assert_eq!(r["slots"].as_array().map(Vec::len), Some(20), "{v}");
    let listed = *listed.lock().unwrap();
    assert!(listed as u64 > 8000 * DOCTORS, "{listed} slots listed");
    assert_eq!(r["total_found"], listed, "{r}");
    assert_eq!(r["slots"][0]["start"]["utc"], "2030-02-01T08:00:00Z");
    let peak = peak_kib(s.pid);
    eprintln!("peak resident memory {peak} KiB for {listed} slots listed");
    assert!(peak < 100 * 1024, "peak resident memory {peak} KiB");
    s.finish().assert_success();
}

// ------------------------------------------------------------------ one deadline per call

/// Every request answers within its own timeout, but together they outlast the call's deadline
/// (three request timeouts): the call is answered `UPSTREAM_TIMEOUT` at the deadline.
#[tokio::test]
async fn a_call_has_one_deadline_not_one_per_request() {
    let list = doctors(32);
    let up = Scripted::spawn(move |req| match slot_id_of(req.route()) {
        Some(id) => Reply::ok(json!([slot(id, id, "2030-01-07T09:00:00Z")]).to_string())
            .after(Duration::from_millis(600)),
        None => Reply::ok(list.as_str()),
    })
    .await;
    let c = common::client(session(
        &up,
        Profile::Readonly,
        Some(Duration::from_millis(1000)),
    ))
    .await;
    let (code, message) = common::call_err(
        &c,
        "find_available_slots",
        json!({"specialty": "Cardiology", "from": "2030-01-07", "to": "2030-01-08"}),
    )
    .await;
    assert_eq!(code, "UPSTREAM_TIMEOUT", "{message}");
    assert!(message.contains("whole call"), "{message}");
    assert!(up.count() < 33, "{} requests", up.count());
}

// ------------------------------------------------------------------ item 2: shutdown

/// `book_appointment` is two requests in sequence (the booking, then the doctors' zones), each
/// taking 4.5 s of the 5 s timeout: SIGTERM while the booking is upstream still gets its answer
/// (the old drain, one timeout plus a second, gave up on it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_a_booking_still_answers_it() {
    let list = doctors(3);
    let up = Scripted::spawn(move |req| {
        let delay = Duration::from_millis(4500);
        match (req.method.as_str(), req.route()) {
            ("POST", "/appointments") => Reply::json(
                201,
                json!({"id": 501, "status": "pending", "slotId": 12, "doctorId": 2,
                       "startTime": "2030-01-07T09:00:00Z", "endTime": "2030-01-07T09:30:00Z"})
                .to_string(),
            ),
            _ => Reply::ok(list.as_str()),
        }
        .after(delay)
    })
    .await;
    let mut s = common::StdioServer::spawn(
        &[
            "serve",
            "--profile",
            "booking",
            "--base-url",
            &up.base_url(),
            "--timeout-ms",
            "5000",
        ],
        &[("SUT_ACCESS_TOKEN", TOKEN)],
    );
    s.initialize();
    s.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "book_appointment",
                              "arguments": {"slot_id": 12, "idempotency_key": "shutdown-0001"}}}));
    let start = std::time::Instant::now();
    while up.count() == 0 {
        assert!(start.elapsed() < common::ANSWER_GUARD, "no booking arrived");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    s.signal("TERM");
    let v = s.recv();
    assert_eq!(v["id"], 7, "{v}");
    let r = &v["result"]["structuredContent"];
    assert_eq!(r["appointment_id"], 501, "{v}");
    assert_eq!(r["start"]["time_zone"], "Europe/Berlin", "{v}");
    let status = s.exit_after("SIGTERM");
    assert!(status.success(), "{status:?}: {}", s.stderr());
}

// ------------------------------------------------------------------ lost answers of a booking

/// An upstream that commits a booking on the first sight of an idempotency key and answers a
/// key's repeats with the same appointment; `lose` decides how the *first* answer is lost.
struct Bookings {
    up: Scripted,
    commits: Arc<Mutex<BTreeMap<String, u64>>>,
}

async fn bookings(lose: Reply) -> Bookings {
    let commits: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    let c = commits.clone();
    let list = doctors(3);
    let up = Scripted::spawn(move |req| match (req.method.as_str(), req.route()) {
        ("POST", "/appointments") => {
            let key = req.header("idempotency-key").unwrap_or_default();
            let mut commits = c.lock().unwrap();
            let first = !commits.contains_key(&key);
            let next = 900 + commits.len() as u64;
            let id = *commits.entry(key).or_insert(next);
            let body = json!({"id": id, "status": "pending", "slotId": 12, "doctorId": 2,
                              "startTime": "2030-01-07T09:00:00Z", "endTime": "2030-01-07T09:30:00Z"})
            .to_string();
            if first {
                lose.clone()
            } else {
                Reply::json(201, body)
            }
        }
        ("PATCH", _) => Reply::json(502, "bad gateway"),
        // The read a cancellation makes before it asks the user.
        ("GET", route) if route.starts_with("/appointments/") => Reply::ok(
            json!({"id": 900, "status": "pending", "slotId": 12, "doctorId": 2,
                   "startTime": "2030-01-07T09:00:00Z", "endTime": "2030-01-07T09:30:00Z"})
            .to_string(),
        ),
        _ => Reply::ok(list.as_str()),
    })
    .await;
    Bookings { up, commits }
}

async fn booking_lost_then_retried(lose: Reply, expected: &str) {
    let b = bookings(lose).await;
    let c = common::client(session(
        &b.up,
        Profile::Booking,
        Some(Duration::from_millis(500)),
    ))
    .await;
    let args = json!({"slot_id": 12, "idempotency_key": "lost-answer-0001"});
    let (code, message) = common::call_err(&c, "book_appointment", args.clone()).await;
    assert_eq!(code, expected, "{message}");
    assert!(
        message.contains("same idempotency_key"),
        "the answer must say how to learn the outcome: {message}"
    );
    let posts = |up: &Scripted| up.requests().iter().filter(|r| r.method == "POST").count();
    assert_eq!(posts(&b.up), 1, "the server retried a booking by itself");
    // The model retries with the same key: the booking made the first time is the answer.
    let r = common::call_ok(&c, "book_appointment", args).await;
    assert_eq!(r["appointment_id"], 900, "{r}");
    assert_eq!(posts(&b.up), 2);
    assert_eq!(b.commits.lock().unwrap().len(), 1, "booked twice");
}

#[tokio::test]
async fn a_booking_committed_then_answered_503_is_retried_once_by_the_caller() {
    booking_lost_then_retried(Reply::json(503, "down"), "UPSTREAM_UNAVAILABLE").await;
}

#[tokio::test]
async fn a_booking_committed_then_timed_out_is_retried_once_by_the_caller() {
    booking_lost_then_retried(Reply::hang(), "UPSTREAM_TIMEOUT").await;
}

#[tokio::test]
async fn a_cancellation_answered_502_is_not_retried() {
    let b = bookings(Reply::json(503, "down")).await;
    let c = common::client(session(&b.up, Profile::Booking, None)).await;
    let (code, message) =
        common::call_err(&c, "cancel_appointment", json!({"appointment_id": 900})).await;
    assert_eq!(code, "UPSTREAM_UNAVAILABLE", "{message}");
    let patches =
        b.up.requests()
            .iter()
            .filter(|r| r.method == "PATCH")
            .count();
    assert_eq!(patches, 1, "the server retried a cancellation by itself");
}

/// The booking was made and answered; only the time-zone look-up after it failed. The booking is
/// still answered (without local times), not turned into an error the model would retry.
#[tokio::test]
async fn a_booking_made_is_answered_even_when_the_zone_lookup_fails() {
    let up = Scripted::spawn(|req| match (req.method.as_str(), req.route()) {
        ("POST", "/appointments") => Reply::json(
            201,
            json!({"id": 77, "status": "pending", "slotId": 12, "doctorId": 2,
                   "startTime": "2030-01-07T09:00:00Z", "endTime": "2030-01-07T09:30:00Z"})
            .to_string(),
        ),
        _ => Reply::json(500, "oops"),
    })
    .await;
    let c = common::client(session(&up, Profile::Booking, None)).await;
    let r = common::call_ok(
        &c,
        "book_appointment",
        json!({"slot_id": 12, "idempotency_key": "zone-lookup-fails-1"}),
    )
    .await;
    assert_eq!(r["appointment_id"], 77, "{r}");
    assert_eq!(r["start"]["utc"], "2030-01-07T09:00:00Z", "{r}");
    assert_eq!(r["start"].get("local"), None, "{r}");
}
