//! Every row of the contract's error table, produced over real HTTP.

mod common;

use std::time::Duration;

use clinic_standin::{Config, RateLimit};
use common::*;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn validation_error_400() {
    let api = Api::start().await;

    // malformed ids
    api.get("/doctors/abc", None)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.get("/doctors/-1", None)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.get("/doctors/1.5/slots", None)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.get("/doctors/99999999999999999999999", None)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.get("/appointments/abc", Some(PATIENT_TOKEN))
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.patch("/appointments/x/cancel", PATIENT_TOKEN)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.patch("/appointments/0/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(400, "VALIDATION_ERROR");

    // slotId
    for body in [
        json!({}),
        json!({"slotId": 0}),
        json!({"slotId": -3}),
        json!({"slotId": "5"}),
        json!({"slotId": 1.5}),
        json!({"slotId": null}),
        json!([1]),
        json!(7),
    ] {
        let resp = api
            .call(
                Method::POST,
                "/appointments",
                Some(PATIENT_TOKEN),
                Some(body.clone()),
            )
            .await;
        let message = resp.assert_error(400, "VALIDATION_ERROR");
        assert_eq!(message, "slotId must be a positive integer", "body {body}");
    }

    // malformed JSON: a JSON error body, not axum's plain-text rejection
    let malformed = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "application/json")
        .body("{\"slotId\": ");
    send(malformed).await.assert_error(400, "VALIDATION_ERROR");
    let empty = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "application/json");
    send(empty).await.assert_error(400, "VALIDATION_ERROR");
    let not_json_type = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "text/plain")
        .body("{\"slotId\": 5}");
    send(not_json_type)
        .await
        .assert_error(400, "VALIDATION_ERROR");

    // Idempotency-Key length: 8..=128
    let slot = api.slot_ids(3).await[0];
    for key in ["short77".to_owned(), "k".repeat(129)] {
        api.book_with_key(PATIENT_TOKEN, &key, json!({"slotId": slot}))
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }

    // pagination
    for query in [
        "limit=0",
        "limit=101",
        "limit=abc",
        "limit=",
        "page=0",
        "page=-1",
        "page=two",
    ] {
        api.get(&format!("/appointments/my?{query}"), Some(PATIENT_TOKEN))
            .await
            .assert_error(400, "VALIDATION_ERROR");
        api.get(&format!("/appointments/doctor?{query}"), Some(DOCTOR_TOKEN))
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }

    // none of that booked anything
    assert_eq!(api.standin.appointments_count(), 4);
    assert_eq!(api.standin.slot_available(slot), Some(true));
    api.shutdown().await;
}

#[tokio::test]
async fn auth_required_401() {
    let api = Api::start().await;
    let protected = [
        (Method::POST, "/appointments"),
        (Method::GET, "/appointments/my"),
        (Method::GET, "/appointments/doctor"),
        (Method::GET, "/appointments/1"),
        (Method::PATCH, "/appointments/1/cancel"),
        (Method::PATCH, "/appointments/2/confirm"),
        (Method::PATCH, "/appointments/2/reject"),
    ];
    for (method, path) in &protected {
        // no header
        let resp = api
            .call(method.clone(), path, None, Some(json!({"slotId": 1})))
            .await;
        let message = resp.assert_error(401, "AUTH_REQUIRED");
        assert_eq!(message, "Authentication required");
        // not `Bearer `
        for value in [
            format!("Basic {PATIENT_TOKEN}"),
            format!("bearer {PATIENT_TOKEN}"),
            PATIENT_TOKEN.to_owned(),
            "Bearer".to_owned(),
        ] {
            let request = api
                .client
                .request(method.clone(), format!("{}{path}", api.base))
                .header("authorization", value.as_str())
                .json(&json!({"slotId": 1}));
            send(request).await.assert_error(401, "AUTH_REQUIRED");
        }
    }
    assert_eq!(api.standin.appointments_count(), 4);
    assert_eq!(api.standin.appointment(1).unwrap()["status"], "confirmed");
    api.shutdown().await;
}

#[tokio::test]
async fn auth_invalid_401() {
    let api = Api::start().await;
    let tampered = format!("{}x", &PATIENT_TOKEN[..PATIENT_TOKEN.len() - 1]);
    for token in [
        "nope",
        "a.b.c",
        EXPIRED_PATIENT_TOKEN,
        tampered.as_str(),
        " padded",
    ] {
        let resp = api.get("/appointments/my", Some(token)).await;
        let message = resp.assert_error(401, "AUTH_INVALID");
        assert_eq!(message, "Invalid or expired token");
        api.book(token, 1).await.assert_error(401, "AUTH_INVALID");
    }
    assert_eq!(api.standin.appointments_count(), 4);
    api.shutdown().await;
}

#[tokio::test]
async fn forbidden_403() {
    let api = Api::start().await;
    let before = api.standin.appointment(2).unwrap();

    // wrong role
    api.book(DOCTOR_TOKEN, api.slot_ids(3).await[0])
        .await
        .assert_error(403, "FORBIDDEN");
    api.get("/appointments/doctor", Some(PATIENT_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    api.get("/appointments/my", Some(DOCTOR_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/confirm", PATIENT2_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/reject", PATIENT2_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/cancel", DOCTOR_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");

    // not the owner: appointment 2 is patient 2's with doctor 1
    api.get("/appointments/2", Some(PATIENT_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    api.get("/appointments/2", Some(DOCTOR2_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/cancel", PATIENT3_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/confirm", DOCTOR2_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");
    api.patch("/appointments/2/reject", DOCTOR2_TOKEN)
        .await
        .assert_error(403, "FORBIDDEN");

    assert_eq!(
        api.standin.appointment(2).unwrap(),
        before,
        "nothing changed"
    );
    assert_eq!(api.standin.appointments_count(), 4);
    api.shutdown().await;
}

#[tokio::test]
async fn not_found_404_each_code() {
    let api = Api::start().await;
    api.get("/doctors/10", None)
        .await
        .assert_error(404, "DOCTOR_NOT_FOUND");
    api.get("/doctors/999/slots", None)
        .await
        .assert_error(404, "DOCTOR_NOT_FOUND");
    api.book(PATIENT_TOKEN, 999_999)
        .await
        .assert_error(404, "SLOT_NOT_FOUND");
    api.get("/appointments/999", Some(PATIENT_TOKEN))
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.patch("/appointments/999/cancel", PATIENT_TOKEN)
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.patch("/appointments/999/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.patch("/appointments/999/reject", DOCTOR_TOKEN)
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    assert_eq!(api.standin.appointments_count(), 4);
    api.shutdown().await;
}

#[tokio::test]
async fn unknown_routes_404_not_found_with_error_body() {
    let api = Api::start().await;
    api.get("/specialties", None)
        .await
        .assert_error(404, "NOT_FOUND");
    api.get("/doctors/1/slots/extra", None)
        .await
        .assert_error(404, "NOT_FOUND");
    api.get("/doctors/", None)
        .await
        .assert_error(404, "NOT_FOUND");
    api.call(Method::DELETE, "/doctors/1", None, None)
        .await
        .assert_error(404, "NOT_FOUND");
    api.call(Method::POST, "/doctors", None, None)
        .await
        .assert_error(404, "NOT_FOUND");
    api.call(
        Method::GET,
        "/appointments/1/cancel",
        Some(PATIENT_TOKEN),
        None,
    )
    .await
    .assert_error(404, "NOT_FOUND");
    let outside = send(
        api.client
            .get(format!("http://{}/doctors", api.standin.addr())),
    )
    .await;
    outside.assert_error(404, "NOT_FOUND");
    api.shutdown().await;
}

#[tokio::test]
async fn slot_taken_409() {
    let api = Api::start().await;
    // appointment 1 (confirmed) holds its slot
    let held = api.standin.appointment(1).unwrap()["slotId"]
        .as_u64()
        .unwrap();
    assert_eq!(api.standin.slot_available(held), Some(false));
    api.book(PATIENT2_TOKEN, held)
        .await
        .assert_error(409, "SLOT_TAKEN");
    // and a slot just booked by someone else
    let slot = api.slot_ids(4).await[0];
    assert_eq!(api.book(PATIENT_TOKEN, slot).await.status, 201);
    api.book(PATIENT2_TOKEN, slot)
        .await
        .assert_error(409, "SLOT_TAKEN");
    api.book(PATIENT_TOKEN, slot)
        .await
        .assert_error(409, "SLOT_TAKEN");
    assert_eq!(api.standin.appointments_count(), 5);
    api.shutdown().await;
}

#[tokio::test]
async fn invalid_transition_422() {
    let api = Api::start().await;
    // appointment 4 is already cancelled
    api.patch("/appointments/4/cancel", PATIENT3_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    // appointment 1 is confirmed: cannot be confirmed or rejected again
    api.patch("/appointments/1/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/1/reject", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    // confirmed -> cancelled is fine, then nothing more
    assert_eq!(
        api.patch("/appointments/1/cancel", PATIENT_TOKEN)
            .await
            .body["status"],
        "cancelled"
    );
    api.patch("/appointments/1/cancel", PATIENT_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/1/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    // rejected is final
    assert_eq!(
        api.patch("/appointments/2/reject", DOCTOR_TOKEN).await.body["status"],
        "rejected"
    );
    api.patch("/appointments/2/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/2/cancel", PATIENT2_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    assert_eq!(api.standin.appointment(2).unwrap()["status"], "rejected");
    api.shutdown().await;
}

#[tokio::test]
async fn idempotency_key_conflict_422() {
    let api = Api::start().await;
    let slots = api.slot_ids(5).await;
    let first = api
        .book_with_key(PATIENT_TOKEN, "key-conflict-1", json!({"slotId": slots[0]}))
        .await;
    assert_eq!(first.status, 201);
    let resp = api
        .book_with_key(PATIENT_TOKEN, "key-conflict-1", json!({"slotId": slots[1]}))
        .await;
    resp.assert_error(422, "IDEMPOTENCY_KEY_CONFLICT");
    assert_eq!(api.standin.slot_available(slots[1]), Some(true));
    assert_eq!(api.standin.appointments_count(), 5);
    api.shutdown().await;
}

#[tokio::test]
async fn rate_limited_429_with_retry_after() {
    let config = Config {
        rate_limit: Some(RateLimit {
            max_bookings: 2,
            window: Duration::from_secs(60),
        }),
        ..Config::default()
    };
    let api = Api::start_with(config).await;
    let slots = api.slot_ids(6).await;
    assert_eq!(api.book(PATIENT_TOKEN, slots[0]).await.status, 201);
    assert_eq!(api.book(PATIENT_TOKEN, slots[1]).await.status, 201);
    let resp = api.book(PATIENT_TOKEN, slots[2]).await;
    resp.assert_error(429, "RATE_LIMITED");
    let retry: u64 = resp
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    assert_eq!(
        api.standin.slot_available(slots[2]),
        Some(true),
        "nothing booked"
    );
    // per patient: another patient is not limited
    assert_eq!(api.book(PATIENT2_TOKEN, slots[2]).await.status, 201);
    api.shutdown().await;
}

#[tokio::test]
async fn rate_limit_window_slides() {
    let config = Config {
        rate_limit: Some(RateLimit {
            max_bookings: 1,
            window: Duration::from_millis(1500),
        }),
        ..Config::default()
    };
    let api = Api::start_with(config).await;
    let slots = api.slot_ids(7).await;
    assert_eq!(api.book(PATIENT3_TOKEN, slots[0]).await.status, 201);
    let limited = api.book(PATIENT3_TOKEN, slots[1]).await;
    limited.assert_error(429, "RATE_LIMITED");
    assert_eq!(
        limited.header("retry-after"),
        Some("2"),
        "rounded up to whole seconds"
    );
    tokio::time::sleep(Duration::from_millis(1600)).await;
    assert_eq!(api.book(PATIENT3_TOKEN, slots[1]).await.status, 201);
    api.shutdown().await;
}

#[tokio::test]
async fn default_config_has_no_rate_limit() {
    let api = Api::start().await;
    for slot in api.slot_ids(8).await.into_iter().take(25) {
        assert_eq!(api.book(PATIENT_TOKEN, slot).await.status, 201);
    }
    api.shutdown().await;
}
