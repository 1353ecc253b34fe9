//! `PATCH /appointments/:id/reschedule`: the answer, every error, idempotency, and atomicity
//! under real concurrency.

// Test-support helpers below fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::Arc;

use common::*;
use reqwest::Method;
use serde_json::{Value, json};
use tokio::sync::Barrier;

fn path(id: u64) -> String {
    format!("/appointments/{id}/reschedule")
}

/// A slot is unavailable exactly when a pending or confirmed appointment holds it, and no
/// slot is held twice: a move never leaves a slot lost or double-booked.
fn assert_slots_consistent(api: &Api) {
    let mut held = std::collections::BTreeSet::new();
    for id in 1..=u64::try_from(api.standin.appointments_count()).unwrap() {
        let a = api.standin.appointment(id).unwrap();
        if matches!(a["status"].as_str(), Some("pending" | "confirmed")) {
            let slot = a["slotId"].as_u64().unwrap();
            assert!(held.insert(slot), "slot {slot} held twice");
        }
    }
    let mut slot = 1;
    while let Some(available) = api.standin.slot_available(slot) {
        assert_eq!(available, !held.contains(&slot), "slot {slot}");
        slot += 1;
    }
    assert!(slot > 100, "walked every slot");
}

#[tokio::test]
async fn reschedule_moves_the_same_appointment_and_releases_the_old_slot() {
    let api = Api::start().await;
    let old = api.standin.available_slot_ids(1)[0];
    let booked = api.book(PATIENT_TOKEN, old).await;
    assert_eq!(booked.status, 201);
    let id = booked.id();
    let confirmed = api
        .patch(&format!("/appointments/{id}/confirm"), DOCTOR_TOKEN)
        .await;
    assert_eq!(confirmed.body["status"], "confirmed");

    // to another doctor of another clinic
    let new = api.standin.available_slot_ids(3)[2];
    let slot = api
        .get("/doctors/3/slots", None)
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == new)
        .cloned()
        .unwrap();
    let count = api.standin.appointments_count();
    let resp = api
        .patch_json(&path(id), PATIENT_TOKEN, json!({ "slotId": new }))
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    assert_eq!(resp.header("idempotent-replayed"), None);
    assert_eq!(resp.body["id"], id, "the same appointment id");
    assert_eq!(resp.body["slotId"], new);
    assert_eq!(resp.body["startTime"], slot["startTime"]);
    assert_eq!(resp.body["endTime"], slot["endTime"]);
    assert_eq!(resp.body["doctor"]["id"], 3);
    assert_eq!(resp.body["doctor"]["name"], "Dr. Lena Fischer");
    assert_eq!(resp.body["patient"]["id"], 1);
    assert_eq!(
        resp.body["status"], "pending",
        "a moved appointment is pending again"
    );
    assert_eq!(resp.body["priority"], "normal");
    assert_eq!(
        api.standin.appointments_count(),
        count,
        "no second appointment"
    );
    assert_eq!(
        api.standin.slot_available(old),
        Some(true),
        "old slot released"
    );
    assert_eq!(
        api.standin.slot_available(new),
        Some(false),
        "new slot taken"
    );
    assert!(api.slot_ids(1).await.contains(&old));
    assert!(!api.slot_ids(3).await.contains(&new));
    assert_eq!(
        api.get(&format!("/appointments/{id}"), Some(PATIENT_TOKEN))
            .await
            .body,
        resp.body
    );
    // now doctor 3's, not doctor 1's
    let doctor3 = api.get("/appointments/doctor", Some(DOCTOR3_TOKEN)).await;
    assert!(
        doctor3.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["id"] == id)
    );
    api.get(&format!("/appointments/{id}"), Some(DOCTOR_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    // and again, back to doctor 1
    let back = api
        .patch_json(&path(id), PATIENT_TOKEN, json!({ "slotId": old }))
        .await;
    assert_eq!(back.status, 200);
    assert_eq!(back.body["doctor"]["id"], 1);
    assert_eq!(api.standin.slot_available(new), Some(true));
    assert_slots_consistent(&api);
    api.shutdown().await;
}

#[tokio::test]
async fn reschedule_errors_change_nothing() {
    let api = Api::start().await;
    let free = api.standin.available_slot_ids(1)[0];
    let held_by_1 = api.standin.appointment(1).unwrap()["slotId"]
        .as_u64()
        .unwrap();
    let before: Vec<Value> = (1..=4)
        .map(|i| api.standin.appointment(i).unwrap())
        .collect();
    let body = json!({ "slotId": free });

    // 401, 403 role
    api.call(Method::PATCH, &path(2), None, Some(body.clone()))
        .await
        .assert_error(401, "AUTH_REQUIRED");
    api.call(Method::PATCH, &path(2), Some("nope"), Some(body.clone()))
        .await
        .assert_error(401, "AUTH_INVALID");
    api.patch_json(&path(2), DOCTOR_TOKEN, body.clone())
        .await
        .assert_error(403, "FORBIDDEN");
    // 400
    api.patch_json("/appointments/x/reschedule", PATIENT2_TOKEN, body.clone())
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.patch(&path(2), PATIENT2_TOKEN)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    for bad in [
        json!({}),
        json!({ "slotId": 0 }),
        json!({ "slotId": -1 }),
        json!({ "slotId": "3" }),
        json!({ "slotId": 1.5 }),
        json!([1]),
    ] {
        api.patch_json(&path(2), PATIENT2_TOKEN, bad)
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }
    let text = api
        .client
        .patch(format!("{}{}", api.base, path(2)))
        .bearer_auth(PATIENT2_TOKEN)
        .header("content-type", "text/plain")
        .body(body.to_string());
    send(text).await.assert_error(400, "VALIDATION_ERROR");
    let short_key = api
        .client
        .patch(format!("{}{}", api.base, path(2)))
        .bearer_auth(PATIENT2_TOKEN)
        .header("idempotency-key", "short")
        .json(&body);
    send(short_key).await.assert_error(400, "VALIDATION_ERROR");
    // 404 appointment, 403 owner, 404 slot
    api.patch_json(&path(999), PATIENT2_TOKEN, body.clone())
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.patch_json(&path(2), PATIENT_TOKEN, body.clone())
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch_json(&path(2), PATIENT2_TOKEN, json!({ "slotId": 999_999 }))
        .await
        .assert_error(404, "SLOT_NOT_FOUND");
    // 409: held by someone else, or by this very appointment
    api.patch_json(&path(2), PATIENT2_TOKEN, json!({ "slotId": held_by_1 }))
        .await
        .assert_error(409, "SLOT_TAKEN");
    let own = before[1]["slotId"].clone();
    api.patch_json(&path(2), PATIENT2_TOKEN, json!({ "slotId": own }))
        .await
        .assert_error(409, "SLOT_TAKEN");
    // 422: cancelled (appointment 4 is patient 3's)
    api.patch_json(&path(4), PATIENT3_TOKEN, body.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");

    let after: Vec<Value> = (1..=4)
        .map(|i| api.standin.appointment(i).unwrap())
        .collect();
    assert_eq!(after, before, "no error changed an appointment");
    assert_eq!(api.standin.slot_available(free), Some(true));
    assert_eq!(api.standin.appointments_count(), 4);

    // 422: rejected
    api.patch(&path(2).replace("reschedule", "reject"), DOCTOR_TOKEN)
        .await;
    api.patch_json(&path(2), PATIENT2_TOKEN, body.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");
    assert_eq!(api.standin.slot_available(free), Some(true));
    assert_slots_consistent(&api);
    api.shutdown().await;
}

#[tokio::test]
async fn an_appointment_that_has_started_cannot_be_rescheduled() {
    let api = Api::start().await;
    let slots = api.standin.available_slot_ids(1);
    let (first, last) = (slots[0], *slots.last().unwrap());
    let id = api.book(PATIENT_TOKEN, first).await.id();
    let target = slots[1];
    // just before the slot: fine to move it back and forth
    let moved = api
        .patch_json(&path(id), PATIENT_TOKEN, json!({ "slotId": target }))
        .await;
    assert_eq!(moved.status, 200);
    // 15 days later every slot has started
    api.standin
        .advance_clock(jiff::SignedDuration::from_hours(15 * 24));
    let resp = api
        .patch_json(&path(id), PATIENT_TOKEN, json!({ "slotId": last }))
        .await;
    let message = resp.assert_error(422, "INVALID_TRANSITION");
    assert!(message.contains("started"), "{message}");
    assert_eq!(api.standin.appointment(id).unwrap()["slotId"], target);
    assert_eq!(api.standin.slot_available(last), Some(true));
    api.shutdown().await;
}

#[tokio::test]
async fn reschedule_idempotency_replays_with_the_header_and_conflicts_on_another_request() {
    let api = Api::start().await;
    let slots = api.standin.available_slot_ids(4);
    let (a, b, c) = (slots[0], slots[1], slots[2]);
    let id = api.book(PATIENT_TOKEN, a).await.id();
    let other = api.book(PATIENT_TOKEN, slots[3]).await.id();
    let key = "resched-key-0001";

    let first = api
        .reschedule_with_key(PATIENT_TOKEN, id, key, json!({ "slotId": b }))
        .await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("idempotent-replayed"), None);
    assert_eq!(first.body["slotId"], b);

    // the same key and body: the original answer again, nothing moves
    let again = api
        .reschedule_with_key(PATIENT_TOKEN, id, key, json!({ "slotId": b }))
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    assert_eq!(api.standin.slot_available(b), Some(false));

    // even once the appointment has moved on (by a request without the key), the replay is
    // the original answer and moves nothing
    let moved = api
        .patch_json(&path(id), PATIENT_TOKEN, json!({ "slotId": c }))
        .await;
    assert_eq!(moved.status, 200);
    let replay = api
        .reschedule_with_key(PATIENT_TOKEN, id, key, json!({ "slotId": b }))
        .await;
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.body, first.body);
    assert_eq!(api.standin.appointment(id).unwrap()["slotId"], c);
    assert_eq!(api.standin.slot_available(b), Some(true));

    // a different body, another appointment, or the booking route: 422, nothing changes
    let snapshot = api.standin.appointment(id).unwrap();
    api.reschedule_with_key(PATIENT_TOKEN, id, key, json!({ "slotId": a }))
        .await
        .assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");
    api.reschedule_with_key(PATIENT_TOKEN, other, key, json!({ "slotId": b }))
        .await
        .assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");
    api.book_with_key(PATIENT_TOKEN, key, json!({ "slotId": b }))
        .await
        .assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");
    assert_eq!(api.standin.appointment(id).unwrap(), snapshot);
    assert_eq!(api.standin.slot_available(a), Some(true));
    assert_eq!(api.standin.slot_available(b), Some(true));

    // a booking's key cannot be replayed as a reschedule either
    let book_key = "book-key-0000001";
    let booked = api
        .book_with_key(PATIENT_TOKEN, book_key, json!({ "slotId": a }))
        .await;
    assert_eq!(booked.status, 201);
    api.reschedule_with_key(PATIENT_TOKEN, id, book_key, json!({ "slotId": a }))
        .await
        .assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");

    // keys are per patient: patient 2 uses the same key freely
    let theirs = api.book(PATIENT2_TOKEN, slots[5]).await.id();
    let resp = api
        .reschedule_with_key(PATIENT2_TOKEN, theirs, key, json!({ "slotId": slots[6] }))
        .await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("idempotent-replayed"), None);

    // a failed reschedule is not remembered: the same key is retried once the slot frees
    let retry = "retry-key-000001";
    api.reschedule_with_key(PATIENT2_TOKEN, theirs, retry, json!({ "slotId": c }))
        .await
        .assert_error(409, "SLOT_TAKEN");
    assert_eq!(
        api.patch(&format!("/appointments/{id}/cancel"), PATIENT_TOKEN)
            .await
            .status,
        200
    );
    let retried = api
        .reschedule_with_key(PATIENT2_TOKEN, theirs, retry, json!({ "slotId": c }))
        .await;
    assert_eq!(retried.status, 200, "{}", retried.body);
    assert_eq!(retried.header("idempotent-replayed"), None);
    assert_eq!(retried.body["slotId"], c);
    assert_slots_consistent(&api);
    api.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_reschedules_into_one_slot_exactly_one_wins_and_the_loser_keeps_its_slot() {
    let api = Arc::new(Api::start().await);
    let tokens = [PATIENT_TOKEN, PATIENT2_TOKEN, PATIENT3_TOKEN];
    for round in 0..8 {
        let free = api.standin.available_slot_ids(6);
        let target = free[0];
        // each patient holds one appointment (with doctor 9) to move
        let mut mine = Vec::new();
        for token in tokens {
            let slot = api.standin.available_slot_ids(9)[0];
            let resp = api.book(token, slot).await;
            assert_eq!(resp.status, 201, "{}", resp.body);
            mine.push((token, resp.id(), slot));
        }
        let contenders = 3 + 3;
        let barrier = Arc::new(Barrier::new(contenders));
        let mut tasks = Vec::new();
        for &(token, id, _) in &mine {
            let api = Arc::clone(&api);
            let barrier = Arc::clone(&barrier);
            tasks.push(tokio::spawn(async move {
                let client = client();
                barrier.wait().await;
                let request = client
                    .patch(format!("{}/appointments/{id}/reschedule", api.base))
                    .bearer_auth(token)
                    .json(&json!({ "slotId": target }));
                (Some(id), send(request).await)
            }));
        }
        // plain bookings race for the same slot too
        for token in tokens {
            let api = Arc::clone(&api);
            let barrier = Arc::clone(&barrier);
            tasks.push(tokio::spawn(async move {
                let client = client();
                barrier.wait().await;
                let request = client
                    .post(format!("{}/appointments", api.base))
                    .bearer_auth(token)
                    .json(&json!({ "slotId": target }));
                (None, send(request).await)
            }));
        }
        let mut winners = Vec::new();
        for task in tasks {
            let (id, resp) = task.await.unwrap();
            match resp.status {
                200 | 201 => winners.push((id, resp)),
                _ => {
                    resp.assert_error(409, "SLOT_TAKEN");
                }
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: exactly one wins");
        assert_eq!(api.standin.slot_available(target), Some(false));
        for &(_, id, old) in &mine {
            let now = api.standin.appointment(id).unwrap();
            if winners[0].0 == Some(id) {
                assert_eq!(now["slotId"], target);
                assert_eq!(api.standin.slot_available(old), Some(true), "released");
            } else {
                assert_eq!(now["slotId"], old, "the loser did not move");
                assert_eq!(api.standin.slot_available(old), Some(false), "still held");
            }
        }
        assert_slots_consistent(&api);
    }
    Arc::try_unwrap(api).ok().unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_patients_swapping_towards_each_others_freed_slots_never_double_book() {
    // A moves to X while B moves to A's old slot: B wins only if A's move came first.
    let api = Arc::new(Api::start().await);
    for _ in 0..16 {
        let slots = api.standin.available_slot_ids(8);
        let (a_slot, b_slot, x) = (slots[0], slots[1], slots[2]);
        let a = api.book(PATIENT_TOKEN, a_slot).await.id();
        let b = api.book(PATIENT2_TOKEN, b_slot).await.id();
        let barrier = Arc::new(Barrier::new(2));
        let t1 = {
            let (api, barrier) = (Arc::clone(&api), Arc::clone(&barrier));
            tokio::spawn(async move {
                let client = client();
                barrier.wait().await;
                send(
                    client
                        .patch(format!("{}/appointments/{a}/reschedule", api.base))
                        .bearer_auth(PATIENT_TOKEN)
                        .json(&json!({ "slotId": x })),
                )
                .await
            })
        };
        let t2 = {
            let (api, barrier) = (Arc::clone(&api), Arc::clone(&barrier));
            tokio::spawn(async move {
                let client = client();
                barrier.wait().await;
                send(
                    client
                        .patch(format!("{}/appointments/{b}/reschedule", api.base))
                        .bearer_auth(PATIENT2_TOKEN)
                        .json(&json!({ "slotId": a_slot })),
                )
                .await
            })
        };
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        assert_eq!(r1.status, 200, "{}", r1.body);
        if r2.status != 200 {
            r2.assert_error(409, "SLOT_TAKEN");
        }
        assert_slots_consistent(&api);
        // tidy up so the next round starts from free slots
        for (id, token) in [(a, PATIENT_TOKEN), (b, PATIENT2_TOKEN)] {
            api.patch(&format!("/appointments/{id}/cancel"), token)
                .await;
        }
    }
    Arc::try_unwrap(api).ok().unwrap().shutdown().await;
}

#[tokio::test]
async fn booking_replays_carry_the_idempotent_replayed_header() {
    let api = Api::start().await;
    let slot = api.standin.available_slot_ids(5)[0];
    let key = "booking-replay-01";
    let first = api
        .book_with_key(PATIENT3_TOKEN, key, json!({ "slotId": slot }))
        .await;
    assert_eq!(first.status, 201);
    assert_eq!(first.header("idempotent-replayed"), None);
    let again = api
        .book_with_key(PATIENT3_TOKEN, key, json!({ "slotId": slot }))
        .await;
    assert_eq!(again.status, 201);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    api.shutdown().await;
}
