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
    // The API's Idempotent-Replayed header, at the result's top level.
    assert_eq!(first["replayed"], false);
    assert_eq!(second["replayed"], true);
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
    // The booking profile's 9 tools but cancel_appointment: this client declared no
    // `elicitation`, so it cannot ask its user to confirm a destructive call.
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), 8);
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

#[tokio::test]
async fn a_reschedule_moves_the_appointment_in_one_step_and_a_retry_is_replayed() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let from = open_slot(&api, 5);
    let booked = call_ok(
        &c,
        "book_appointment",
        json!({"slot_id": from, "idempotency_key": "move-book-0001"}),
    )
    .await;
    let id = booked["appointment_id"].as_u64().unwrap();
    let to = open_slot(&api, 6);
    let args = json!({"appointment_id": id, "slot_id": to, "idempotency_key": "move-0001"});
    let before = api.appointments_count();
    let moved = call_ok(&c, "reschedule_appointment", args.clone()).await;
    // The same appointment, on the new slot and the new slot's doctor, pending again.
    assert_eq!(moved["appointment_id"], id);
    assert_eq!(moved["slot_id"], to);
    assert_eq!(moved["doctor"]["id"], 6);
    assert_eq!(moved["status"], "pending");
    assert_eq!(moved["replayed"], false);
    assert!(moved["start"]["local"].is_string(), "{moved}");
    // The old slot is open again, the new one taken, no appointment added.
    assert!(api.available_slot_ids(5).contains(&from));
    assert!(!api.available_slot_ids(6).contains(&to));
    assert_eq!(api.appointments_count(), before);
    // A retry with the same key changes nothing and says so.
    let again = call_ok(&c, "reschedule_appointment", args).await;
    assert_eq!(again["replayed"], true);
    assert_eq!(again["slot_id"], to);
    let read = call_ok(&c, "get_appointment", json!({"appointment_id": id})).await;
    assert_eq!(read["slot_id"], to);
    assert_eq!(read["status"], "pending");
}

#[tokio::test]
async fn a_reschedule_that_cannot_be_made_changes_nothing() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let held = open_slot(&api, 7);
    let booked = call_ok(
        &c,
        "book_appointment",
        json!({"slot_id": held, "idempotency_key": "stay-book-0001"}),
    )
    .await;
    let id = booked["appointment_id"].as_u64().unwrap();
    // Slot 2 is taken in the seed data.
    let (code, _) = call_err(
        &c,
        "reschedule_appointment",
        json!({"appointment_id": id, "slot_id": 2, "idempotency_key": "stay-0001"}),
    )
    .await;
    assert_eq!(code, "SLOT_TAKEN");
    // A key used for one move cannot be reused for another.
    let first = open_slot(&api, 8);
    call_ok(
        &c,
        "reschedule_appointment",
        json!({"appointment_id": id, "slot_id": first, "idempotency_key": "stay-0002"}),
    )
    .await;
    let second = open_slot(&api, 8);
    let (code, _) = call_err(
        &c,
        "reschedule_appointment",
        json!({"appointment_id": id, "slot_id": second, "idempotency_key": "stay-0002"}),
    )
    .await;
    assert_eq!(code, "IDEMPOTENCY_KEY_CONFLICT");
    assert_eq!(api.appointment(id).unwrap()["slotId"], first);
    // A cancelled appointment cannot be moved.
    call_ok(&c, "cancel_appointment", json!({"appointment_id": id})).await;
    let (code, _) = call_err(
        &c,
        "reschedule_appointment",
        json!({"appointment_id": id, "slot_id": second, "idempotency_key": "stay-0003"}),
    )
    .await;
    assert_eq!(code, "INVALID_TRANSITION");
    assert!(api.available_slot_ids(8).contains(&second));
}

#[tokio::test]
async fn upcoming_lists_only_appointments_ahead_that_are_still_open() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let mut ids = Vec::new();
    for (n, doctor) in [3u64, 4, 5].into_iter().enumerate() {
        let booked = call_ok(
            &c,
            "book_appointment",
            json!({"slot_id": open_slot(&api, doctor), "idempotency_key": format!("upcoming-{n:04}")}),
        )
        .await;
        ids.push(booked["appointment_id"].as_u64().unwrap());
    }
    call_ok(&c, "cancel_appointment", json!({"appointment_id": ids[1]})).await;
    let all = call_ok(&c, "list_my_appointments", json!({"limit": 100})).await;
    let ahead = call_ok(
        &c,
        "list_my_appointments",
        json!({"limit": 100, "upcoming": true}),
    )
    .await;
    let listed = |v: &serde_json::Value| -> Vec<u64> {
        v["appointments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["appointment_id"].as_u64().unwrap())
            .collect()
    };
    assert!(listed(&all).contains(&ids[1]));
    assert!(!listed(&ahead).contains(&ids[1]));
    assert!(listed(&ahead).contains(&ids[0]) && listed(&ahead).contains(&ids[2]));
    let now = jiff::Timestamp::now();
    for a in ahead["appointments"].as_array().unwrap() {
        assert!(
            a["status"] != "cancelled" && a["status"] != "rejected",
            "{a}"
        );
        let start: jiff::Timestamp = a["start"]["utc"].as_str().unwrap().parse().unwrap();
        assert!(start > now, "{a}");
    }
    // The totals are those of the filtered list, and its pages cut it.
    assert_eq!(ahead["total"], listed(&ahead).len());
    let page = call_ok(
        &c,
        "list_my_appointments",
        json!({"limit": 1, "page": 2, "upcoming": true}),
    )
    .await;
    assert_eq!(page["total"], ahead["total"]);
    assert_eq!(listed(&page), vec![listed(&ahead)[1]]);
}

#[tokio::test]
async fn a_doctor_confirms_and_rejects_and_the_patient_reads_the_reason() {
    let api = standin().await;
    let doctor = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    // Seeded: appointment 2 is pending with doctor 1.
    let confirmed = call_ok(&doctor, "confirm_appointment", json!({"appointment_id": 2})).await;
    assert_eq!(confirmed["status"], "confirmed");
    let (code, _) = call_err(&doctor, "confirm_appointment", json!({"appointment_id": 2})).await;
    assert_eq!(code, "INVALID_TRANSITION");

    let patient = booking_client(&api, PATIENT_TOKEN).await;
    let slot = open_slot(&api, 1);
    let booked = call_ok(
        &patient,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "to-reject-0001"}),
    )
    .await;
    let id = booked["appointment_id"].as_u64().unwrap();
    let reason = "The clinic is closed that morning; please pick another day.";
    let rejected = call_ok(
        &doctor,
        "reject_appointment",
        json!({"appointment_id": id, "reason": reason}),
    )
    .await;
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["rejection_reason"], reason);
    let read = call_ok(&patient, "get_appointment", json!({"appointment_id": id})).await;
    assert_eq!(read["status"], "rejected");
    assert_eq!(read["rejection_reason"], reason);
    // The slot is open again.
    assert!(api.available_slot_ids(1).contains(&slot));
    // A reason over 200 characters is refused before any request.
    api.clear_requests();
    let (code, message) = call_err(
        &doctor,
        "reject_appointment",
        json!({"appointment_id": 1, "reason": "x".repeat(201)}),
    )
    .await;
    assert_eq!(code, "INVALID_ARGUMENTS");
    assert!(message.starts_with("reason:"), "{message}");
    assert!(api.requests().is_empty());
}
