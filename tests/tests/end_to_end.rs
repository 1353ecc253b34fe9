//! End to end: MCP client → server → HTTP → stand-in API on an ephemeral loopback port.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{Profile, SessionRole};
use common::*;
use serde_json::json;

#[tokio::test]
async fn list_doctors_narrows_by_specialty_and_the_narrowing_is_real() {
    let api = standin().await;
    let c = client_for(&api, Profile::Readonly, SessionRole::None, None).await;
    let all = call_ok(&c, "list_doctors", json!({})).await;
    let cardio = call_ok(&c, "list_doctors", json!({"specialty": "Cardiology"})).await;
    let all = all["doctors"].as_array().unwrap();
    let narrowed = cardio["doctors"].as_array().unwrap();
    assert!(!narrowed.is_empty());
    assert!(narrowed.len() < all.len());
    assert!(narrowed.iter().all(|d| d["specialty"] == "Cardiology"));
    let expected = all
        .iter()
        .filter(|d| d["specialty"] == "Cardiology")
        .count();
    assert_eq!(narrowed.len(), expected, "every cardiologist is listed");
    // The API was asked without the (ignored) query string: the narrowing is ours.
    assert!(api.requests().iter().all(|r| r.query.is_none()));
}

#[tokio::test]
async fn specialties_are_distinct_and_sorted() {
    let api = standin().await;
    let c = client_for(&api, Profile::Readonly, SessionRole::None, None).await;
    let out = call_ok(&c, "list_specialties", json!({})).await;
    let names: Vec<&str> = out["specialties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted);
    assert!(names.len() >= 5);
}

#[tokio::test]
async fn slots_come_in_the_window_with_local_time() {
    let api = standin().await;
    let c = client_for(&api, Profile::Readonly, SessionRole::None, None).await;
    let out = call_ok(
        &c,
        "find_available_slots",
        json!({"specialty": "Cardiology", "limit": 100}),
    )
    .await;
    let slots = out["slots"].as_array().unwrap();
    assert!(!slots.is_empty());
    let from = out["from"].as_str().unwrap().to_owned();
    let to = out["to"].as_str().unwrap().to_owned();
    let mut last = String::new();
    for s in slots {
        let start = s["start"]["utc"].as_str().unwrap();
        assert!(
            start >= from.as_str() && start < to.as_str(),
            "{start} outside [{from}, {to})"
        );
        assert!(start >= last.as_str(), "not ordered");
        last = start.to_owned();
        assert!(s["start"]["time_zone"].is_string());
        assert!(s["start"]["local"].is_string());
        assert_eq!(s["specialty"], "Cardiology");
    }
    // A narrower window really narrows.
    let first = slots[0]["start"]["utc"].as_str().unwrap();
    let narrow = call_ok(
        &c,
        "find_available_slots",
        json!({"specialty": "Cardiology", "from": first, "to": last, "limit": 100}),
    )
    .await;
    let n = narrow["slots"].as_array().unwrap();
    assert!(!n.is_empty() && n.len() < slots.len());
}

#[tokio::test]
async fn a_patients_whole_journey() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let found = call_ok(
        &c,
        "find_available_slots",
        json!({"specialty": "Dermatology", "limit": 1}),
    )
    .await;
    let slot = found["slots"][0]["slot_id"].as_u64().expect("an open slot");

    let booked = call_ok(
        &c,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "journey-0001"}),
    )
    .await;
    assert_eq!(booked["status"], "pending");
    assert_eq!(booked["slot_id"], slot);
    let id = booked["appointment_id"].as_u64().unwrap();

    let mine = call_ok(&c, "list_my_appointments", json!({"limit": 100})).await;
    let listed = mine["appointments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["appointment_id"] == id)
        .expect("listed");
    assert_eq!(listed["status"], "pending");
    assert!(listed["start"]["local"].is_string(), "{listed}");

    let cancelled = call_ok(&c, "cancel_appointment", json!({"appointment_id": id})).await;
    assert_eq!(cancelled["status"], "cancelled");
    let mine = call_ok(&c, "list_my_appointments", json!({"limit": 100})).await;
    let listed = mine["appointments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["appointment_id"] == id)
        .unwrap();
    assert_eq!(listed["status"], "cancelled");

    // The slot is open again.
    let again = call_ok(
        &c,
        "find_available_slots",
        json!({"doctor_id": found["slots"][0]["doctor_id"], "limit": 100}),
    )
    .await;
    assert!(
        again["slots"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["slot_id"] == slot)
    );
}

#[tokio::test]
async fn one_idempotency_key_books_once_and_a_taken_slot_says_slot_taken() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let slot = open_slot(&api, 4);
    let before = api.appointments_count();
    let args = json!({"slot_id": slot, "idempotency_key": "same-key-123"});
    let first = call_ok(&c, "book_appointment", args.clone()).await;
    let second = call_ok(&c, "book_appointment", args).await;
    assert_eq!(first["appointment_id"], second["appointment_id"]);
    assert_eq!(api.appointments_count(), before + 1);

    let other = booking_client(&api, PATIENT2_TOKEN).await;
    let (code, message) = call_err(
        &other,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "other-key-1"}),
    )
    .await;
    assert_eq!(code, "SLOT_TAKEN");
    assert!(!message.is_empty());
}

#[tokio::test]
async fn bad_arguments_are_refused_before_any_request() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    for (tool, args, field) in [
        (
            "book_appointment",
            json!({"slot_id": 0, "idempotency_key": "abcdefgh"}),
            "slot_id",
        ),
        (
            "book_appointment",
            json!({"slot_id": -1, "idempotency_key": "abcdefgh"}),
            "slot_id",
        ),
        (
            "book_appointment",
            json!({"slot_id": "1", "idempotency_key": "abcdefgh"}),
            "slot_id",
        ),
        (
            "book_appointment",
            json!({"slot_id": 1, "idempotency_key": "short"}),
            "idempotency_key",
        ),
        ("book_appointment", json!({"slot_id": 1}), "idempotency_key"),
        (
            "book_appointment",
            json!({"slot_id": 1, "idempotency_key": "abcdefgh", "extra": 1}),
            "extra",
        ),
        (
            "cancel_appointment",
            json!({"appointment_id": "../1"}),
            "appointment_id",
        ),
        ("list_my_appointments", json!({"limit": 101}), "limit"),
        (
            "find_available_slots",
            json!({"doctor_id": 1, "specialty": "Cardiology"}),
            "doctor_id",
        ),
        (
            "find_available_slots",
            json!({"doctor_id": 1, "from": "tomorrow"}),
            "from",
        ),
        (
            "find_available_slots",
            json!({"doctor_id": 1, "from": "9999-12-30"}),
            "from",
        ),
        (
            "find_available_slots",
            json!({"doctor_id": 1, "to": "1900-01-01"}),
            "to",
        ),
    ] {
        let (code, message) = call_err(&c, tool, args.clone()).await;
        assert_eq!(code, "INVALID_ARGUMENTS", "{tool} {args}");
        assert!(names_field(&message, field), "{tool} {args}: {message}");
    }
    assert!(api.requests().is_empty(), "{:?}", api.requests());
}

#[test]
fn the_binary_over_stdio_carries_nothing_but_json_rpc() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let api = rt.block_on(standin());
    let base = api.base_url();
    let mut server = StdioServer::spawn(
        &["serve"],
        &[
            ("MCP_PROFILE", "booking"),
            ("SUT_BASE_URL", base.as_str()),
            ("SUT_ACCESS_TOKEN", PATIENT_TOKEN),
            ("RUST_LOG", "debug"),
        ],
    );
    let init = server.initialize();
    assert_eq!(init["result"]["serverInfo"]["name"], "clinic-mcp");
    let list = server.request(1, "tools/list", json!({}));
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 7);
    let slot = open_slot(&api, 5);
    let booked = server.request(
        2,
        "tools/call",
        json!({"name": "book_appointment", "arguments": {"slot_id": slot, "idempotency_key": "stdio-key-1"}}),
    );
    assert_eq!(
        booked["result"]["structuredContent"]["status"], "pending",
        "{booked}"
    );
    let exit = server.finish();
    exit.assert_success();
    let stderr = exit.stderr;
    // Logs went to stderr, and the token is in none of them.
    assert!(stderr.contains("calling clinic API"), "{stderr}");
    assert!(!stderr.contains(PATIENT_TOKEN));
    drop(rt);
}

#[tokio::test]
async fn a_doctors_schedule_names_patients_in_clinic_local_time() {
    let api = standin().await;
    let c = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    let out = call_ok(&c, "list_doctor_schedule", json!({"limit": 100})).await;
    let appointments = out["appointments"].as_array().unwrap();
    assert!(!appointments.is_empty());
    for a in appointments {
        assert!(a["patient"]["name"].is_string(), "{a}");
        // Doctor 1 practises in New York.
        assert_eq!(a["start"]["time_zone"], "America/New_York", "{a}");
    }
    let methods: Vec<String> = api.requests().into_iter().map(|r| r.method).collect();
    assert!(methods.iter().all(|m| m == "GET"));
}

/// The schedule does not name its doctor; which doctor (and so which clinic's time zone) the
/// token belongs to is read once per process, not on every call.
#[tokio::test]
async fn a_doctors_own_clinic_is_learned_once_not_per_call() {
    let api = standin().await;
    let c = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    for _ in 0..3 {
        let out = call_ok(&c, "list_doctor_schedule", json!({"limit": 100})).await;
        assert_eq!(
            out["appointments"][0]["start"]["time_zone"], "America/New_York",
            "{out}"
        );
    }
    let paths: Vec<String> = api.requests().into_iter().map(|r| r.path).collect();
    let schedule_reads = paths.iter().filter(|p| p.ends_with("/appointments/doctor"));
    assert_eq!(schedule_reads.count(), 3, "{paths:?}");
    let single_reads = paths.iter().filter(|p| {
        p.rsplit('/')
            .next()
            .is_some_and(|id| id.parse::<u64>().is_ok())
            && p.contains("/appointments/")
    });
    assert_eq!(single_reads.count(), 1, "{paths:?}");
}

/// Clinic time zones come from the public doctor list, read once and reused while fresh: the
/// per-call path does not re-read it.
#[tokio::test]
async fn clinic_zones_are_read_once_not_per_call() {
    let api = standin().await;
    let c = patient_client(&api, Profile::Readonly).await;
    for _ in 0..3 {
        let mine = call_ok(&c, "list_my_appointments", json!({})).await;
        assert!(
            mine["appointments"][0]["start"]["local"].is_string(),
            "{mine}"
        );
    }
    let paths: Vec<String> = api.requests().into_iter().map(|r| r.path).collect();
    assert_eq!(
        paths
            .iter()
            .filter(|p| p.ends_with("/appointments/my"))
            .count(),
        3
    );
    assert_eq!(
        paths.iter().filter(|p| p.ends_with("/doctors")).count(),
        1,
        "{paths:?}"
    );
}
