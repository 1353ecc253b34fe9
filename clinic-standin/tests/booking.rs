//! Booking: atomicity under real concurrency, idempotency, ownership, cancel/confirm/reject.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use common::*;
use serde_json::json;
use tokio::sync::Barrier;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_bookings_of_one_slot_exactly_one_wins() {
    let api = Arc::new(Api::start().await);
    let slot = api.slot_ids(3).await[0];
    let before = api.standin.appointments_count();
    let barrier = Arc::new(Barrier::new(32));
    let tokens = [PATIENT_TOKEN, PATIENT2_TOKEN, PATIENT3_TOKEN];
    let mut tasks = Vec::new();
    for i in 0..32 {
        let api = Arc::clone(&api);
        let barrier = Arc::clone(&barrier);
        let token = tokens[i % tokens.len()];
        tasks.push(tokio::spawn(async move {
            // a fresh client per task: separate connections, really concurrent
            let client = client();
            barrier.wait().await;
            let request = client
                .post(format!("{}/appointments", api.base))
                .bearer_auth(token)
                .json(&json!({ "slotId": slot }));
            send(request).await
        }));
    }
    let mut created = Vec::new();
    let mut taken = 0;
    for task in tasks {
        let resp = task.await.unwrap();
        match resp.status {
            201 => created.push(resp),
            _ => {
                resp.assert_error(409, "SLOT_TAKEN");
                taken += 1;
            }
        }
    }
    assert_eq!(created.len(), 1, "exactly one 201");
    assert_eq!(taken, 31, "31 × 409 SLOT_TAKEN");
    assert_eq!(api.standin.appointments_count(), before + 1);
    assert_eq!(api.standin.slot_available(slot), Some(false));
    let winner = &created[0].body;
    assert_eq!(winner["status"], "pending");
    assert_eq!(winner["slotId"], slot);
    assert_eq!(
        api.standin.appointment(created[0].id()).as_ref(),
        Some(winner)
    );
    assert!(!api.slot_ids(3).await.contains(&slot));
    Arc::try_unwrap(api).ok().unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_same_key_same_body_books_once() {
    let api = Arc::new(Api::start().await);
    let slot = api.slot_ids(5).await[2];
    let before = api.standin.appointments_count();
    let barrier = Arc::new(Barrier::new(20));
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let api = Arc::clone(&api);
        let barrier = Arc::clone(&barrier);
        tasks.push(tokio::spawn(async move {
            let client = client();
            barrier.wait().await;
            let request = client
                .post(format!("{}/appointments", api.base))
                .bearer_auth(PATIENT_TOKEN)
                .header("Idempotency-Key", "retry-7c1e2a90-same")
                .json(&json!({ "slotId": slot }));
            send(request).await
        }));
    }
    let mut ids = BTreeSet::new();
    let mut bodies = BTreeSet::new();
    let mut replayed = 0;
    for task in tasks {
        let resp = task.await.unwrap();
        assert_eq!(resp.status, 201, "{}", resp.body);
        ids.insert(resp.id());
        bodies.insert(resp.body.to_string());
        if resp.header("idempotent-replayed") == Some("true") {
            replayed += 1;
        }
    }
    assert_eq!(ids.len(), 1, "all got the same appointment: {ids:?}");
    assert_eq!(bodies.len(), 1, "and the same body");
    assert_eq!(replayed, 19, "all but the first are replays");
    assert_eq!(
        api.standin.appointments_count(),
        before + 1,
        "exactly one appointment created"
    );

    // a different body with the same key: 422, nothing booked
    let other = api.slot_ids(5).await[0];
    api.book_with_key(
        PATIENT_TOKEN,
        "retry-7c1e2a90-same",
        json!({ "slotId": other }),
    )
    .await
    .assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");
    assert_eq!(api.standin.slot_available(other), Some(true));
    assert_eq!(api.standin.appointments_count(), before + 1);
    Arc::try_unwrap(api).ok().unwrap().shutdown().await;
}

#[tokio::test]
async fn idempotency_keys_are_scoped_per_patient_and_replay_the_original_response() {
    let api = Api::start().await;
    let slots = api.slot_ids(6).await;
    let key = "shared-key-0001";
    let first = api
        .book_with_key(PATIENT_TOKEN, key, json!({ "slotId": slots[0] }))
        .await;
    assert_eq!(first.status, 201);
    assert_eq!(first.header("idempotent-replayed"), None);
    // another patient, same key: independent, a booking of its own
    let other = api
        .book_with_key(PATIENT2_TOKEN, key, json!({ "slotId": slots[1] }))
        .await;
    assert_eq!(other.status, 201);
    assert_ne!(other.id(), first.id());
    // same key + same body (whitespace and key order do not matter)
    let request = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("Idempotency-Key", key)
        .header("content-type", "application/json")
        .body(format!("{{ \"slotId\" :   {} }}", slots[0]));
    let again = send(request).await;
    assert_eq!(again.status, 201);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    // after cancelling, a replay still answers the original response and books nothing
    let cancelled = api
        .patch(
            &format!("/appointments/{}/cancel", first.id()),
            PATIENT_TOKEN,
        )
        .await;
    assert_eq!(cancelled.body["status"], "cancelled");
    let count = api.standin.appointments_count();
    let replay = api
        .book_with_key(PATIENT_TOKEN, key, json!({ "slotId": slots[0] }))
        .await;
    assert_eq!(replay.body, first.body);
    assert_eq!(api.standin.appointments_count(), count);
    assert_eq!(api.standin.slot_available(slots[0]), Some(true));
    // a failed booking is not remembered: the same key may be retried
    let held = api.standin.appointment(1).unwrap()["slotId"]
        .as_u64()
        .unwrap();
    api.book_with_key(PATIENT3_TOKEN, "failed-key-01", json!({ "slotId": held }))
        .await
        .assert_error(409, "SLOT_TAKEN");
    let retried = api
        .book_with_key(
            PATIENT3_TOKEN,
            "failed-key-01",
            json!({ "slotId": slots[2] }),
        )
        .await;
    assert_eq!(retried.status, 201);
    // 8 and 128 characters are accepted
    for key in ["k".repeat(8), "k".repeat(128)] {
        let slot = api.slot_ids(6).await[0];
        assert_eq!(
            api.book_with_key(PATIENT3_TOKEN, &key, json!({ "slotId": slot }))
                .await
                .status,
            201
        );
    }
    api.shutdown().await;
}

#[tokio::test]
async fn booking_answers_the_appointment_and_shows_up_in_my_appointments() {
    let api = Api::start().await;
    let slot_resp = api.get("/doctors/4/slots", None).await.body;
    let slot = &slot_resp[0];
    let resp = api.book(PATIENT3_TOKEN, slot["id"].as_u64().unwrap()).await;
    assert_eq!(resp.status, 201);
    let appointment = &resp.body;
    assert_eq!(appointment["status"], "pending");
    assert_eq!(appointment["slotId"], slot["id"]);
    assert_eq!(appointment["startTime"], slot["startTime"]);
    assert_eq!(appointment["endTime"], slot["endTime"]);
    assert_eq!(
        appointment["doctor"],
        json!({"id": 4, "name": "Dr. Marcus Webb", "specialty": "Pediatrics"})
    );
    assert_eq!(
        appointment["patient"],
        json!({"id": 3, "name": "Chiara Rossi"})
    );
    assert_eq!(
        api.get(
            &format!("/appointments/{}", resp.id()),
            Some(PATIENT3_TOKEN)
        )
        .await
        .body,
        *appointment
    );

    let mine = api.get("/appointments/my", Some(PATIENT3_TOKEN)).await.body;
    let item = mine["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == resp.id())
        .expect("the booking is listed");
    assert_eq!(item["status"], "pending");
    assert_eq!(item["doctor"]["id"], 4);
    assert_eq!(item["startTime"], slot["startTime"]);
    // and not in anyone else's
    let theirs = api.get("/appointments/my", Some(PATIENT_TOKEN)).await.body;
    assert!(
        theirs["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["id"] != resp.id())
    );
    api.shutdown().await;
}

#[tokio::test]
async fn a_patient_cannot_cancel_or_read_another_patients_appointment() {
    let api = Api::start().await;
    let before = api.standin.appointment(1).unwrap();
    let slot = before["slotId"].as_u64().unwrap();
    assert_eq!(before["patient"]["id"], 1);
    api.patch("/appointments/1/cancel", PATIENT2_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");
    api.get("/appointments/1", Some(PATIENT2_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    assert_eq!(
        api.standin.appointment(1).unwrap(),
        before,
        "state unchanged"
    );
    assert_eq!(
        api.standin.slot_available(slot),
        Some(false),
        "slot still held"
    );
    assert_eq!(
        api.get("/appointments/1", Some(PATIENT_TOKEN)).await.body,
        before
    );
    assert_eq!(
        api.get("/appointments/1", Some(DOCTOR_TOKEN)).await.body,
        before,
        "the appointment's doctor may read it"
    );
    api.shutdown().await;
}

#[tokio::test]
async fn cancel_frees_the_slot() {
    let api = Api::start().await;
    let slot = api.slot_ids(9).await[0];
    let booked = api.book(PATIENT_TOKEN, slot).await;
    assert_eq!(booked.status, 201);
    assert!(!api.slot_ids(9).await.contains(&slot));
    let cancelled = api
        .patch(
            &format!("/appointments/{}/cancel", booked.id()),
            PATIENT_TOKEN,
        )
        .await;
    assert_eq!(cancelled.status, 200);
    assert_eq!(cancelled.body["status"], "cancelled");
    assert_eq!(cancelled.body["id"], booked.id());
    assert_eq!(
        api.slot_ids(9).await[0],
        slot,
        "the slot reappears, in start-time order"
    );
    assert_eq!(api.standin.slot_available(slot), Some(true));
    // and can be booked again, as a new appointment
    let again = api.book(PATIENT2_TOKEN, slot).await;
    assert_eq!(again.status, 201);
    assert_ne!(again.id(), booked.id());
    // the seeded confirmed appointment 3 can be cancelled, freeing its slot
    let slot3 = api.standin.appointment(3).unwrap()["slotId"]
        .as_u64()
        .unwrap();
    assert_eq!(
        api.patch("/appointments/3/cancel", PATIENT2_TOKEN)
            .await
            .body["status"],
        "cancelled"
    );
    assert!(api.slot_ids(2).await.contains(&slot3));
    api.shutdown().await;
}

#[tokio::test]
async fn doctor_confirms_and_rejects_own_appointments() {
    let api = Api::start().await;
    // appointment 2: pending, patient 2, doctor 1
    let confirmed = api.patch("/appointments/2/confirm", DOCTOR_TOKEN).await;
    assert_eq!(confirmed.status, 200);
    assert_eq!(confirmed.body["status"], "confirmed");
    let slot2 = confirmed.body["slotId"].as_u64().unwrap();
    assert_eq!(api.standin.slot_available(slot2), Some(false));
    // a new booking with doctor 1, rejected: the slot is free again
    let slot = api.slot_ids(1).await[0];
    let booked = api.book(PATIENT_TOKEN, slot).await;
    let rejected = api
        .patch(
            &format!("/appointments/{}/reject", booked.id()),
            DOCTOR_TOKEN,
        )
        .await;
    assert_eq!(rejected.body["status"], "rejected");
    assert_eq!(api.standin.slot_available(slot), Some(true));
    // doctor 2 cannot touch doctor 1's appointments
    let other = api.book(PATIENT_TOKEN, slot).await;
    api.patch(
        &format!("/appointments/{}/confirm", other.id()),
        DOCTOR2_TOKEN,
    )
    .await
    .assert_error(403, "FORBIDDEN");
    assert_eq!(
        api.standin.appointment(other.id()).unwrap()["status"],
        "pending"
    );
    // the doctor's list shows the new status
    let page = api
        .get("/appointments/doctor", Some(DOCTOR_TOKEN))
        .await
        .body;
    let statuses: Vec<(u64, String)> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["id"].as_u64().unwrap(),
                a["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [
            (1, "confirmed".to_owned()),
            (2, "confirmed".to_owned()),
            (booked.id(), "rejected".to_owned()),
            (other.id(), "pending".to_owned())
        ]
    );
    api.shutdown().await;
}

#[tokio::test]
async fn shutdown_is_graceful_and_stops_serving() {
    let api = Api::start().await;
    let addr = api.standin.addr();
    assert_eq!(api.get("/doctors", None).await.status, 200);
    let client = api.client.clone();
    api.shutdown().await;
    let after = client
        .get(format!("http://{addr}/api/v1/doctors"))
        .send()
        .await;
    assert!(after.is_err(), "nothing listens after shutdown");
}
