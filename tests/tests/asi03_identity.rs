//! ASI03 Identity and privilege: the server holds no credential of its own. The caller's token
//! is forwarded byte for byte, never invented, never sent on a public route.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::local::LocalClient;
use clinic_mcp::{ApiClient, Profile, SessionRole};
use common::*;
use serde_json::json;

#[tokio::test]
async fn the_token_reaches_the_api_byte_for_byte() {
    let api = standin().await;
    let c = patient_client(&api, Profile::Readonly).await;
    call_ok(&c, "list_my_appointments", json!({})).await;
    let protected: Vec<_> = api
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/appointments/my"))
        .collect();
    assert_eq!(protected.len(), 1);
    assert!(
        protected[0].authorization_is(&format!("Bearer {PATIENT_TOKEN}")),
        "the Authorization header was not `Bearer <token>` byte for byte"
    );
}

/// A protected tool also makes public look-ups (the clinics' time zones, from `GET /doctors`):
/// those carry no token either, while every protected request carries exactly the caller's.
#[tokio::test]
async fn public_look_ups_inside_protected_tools_send_no_authorization_header() {
    let api = standin().await;
    let patient = patient_client(&api, Profile::Booking).await;
    let doctor = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    let slot = open_slot(&api, 4);
    type Calls = Vec<(&'static str, serde_json::Value)>;
    let runs: [(&LocalClient, &str, Calls); 2] = [
        (
            &patient,
            PATIENT_TOKEN,
            vec![
                ("list_my_appointments", json!({})),
                (
                    "book_appointment",
                    json!({"slot_id": slot, "idempotency_key": "zones-0001"}),
                ),
            ],
        ),
        (
            &doctor,
            DOCTOR_TOKEN,
            vec![("list_doctor_schedule", json!({}))],
        ),
    ];
    for (client, token, calls) in runs {
        api.clear_requests();
        for (tool, args) in calls {
            call_ok(client, tool, args).await;
        }
        let requests = api.requests();
        let (public, protected): (Vec<_>, Vec<_>) = requests
            .iter()
            .partition(|r| r.path.starts_with("/api/v1/doctors"));
        // The zones were read (once per client), and the tools made their own requests.
        assert!(!public.is_empty(), "no public look-up: {requests:?}");
        assert!(!protected.is_empty(), "no protected request: {requests:?}");
        for r in public {
            assert!(
                !r.has_authorization(),
                "the public look-up {} {} carried a token",
                r.method,
                r.path
            );
        }
        for r in protected {
            assert!(
                r.authorization_is(&format!("Bearer {token}")),
                "{} {} did not carry the caller's token",
                r.method,
                r.path
            );
        }
    }
}

#[tokio::test]
async fn without_a_token_nothing_leaves_the_process() {
    let api = standin().await;
    let c = client_for(&api, Profile::Booking, SessionRole::Patient, None).await;
    for (tool, args) in [
        ("list_my_appointments", json!({})),
        (
            "book_appointment",
            json!({"slot_id": open_slot(&api, 1), "idempotency_key": "no-token-001"}),
        ),
        ("cancel_appointment", json!({"appointment_id": 1})),
    ] {
        let (code, message) = call_err(&c, tool, args).await;
        assert_eq!(code, "MISSING_TOKEN", "{tool}");
        assert!(message.contains("SUT_ACCESS_TOKEN"), "{message}");
    }
    assert!(
        api.requests().is_empty(),
        "requests left: {:?}",
        api.requests()
    );
}

#[tokio::test]
async fn public_tools_send_no_authorization_header_even_with_a_token() {
    let api = standin().await;
    let c = patient_client(&api, Profile::Full).await;
    call_ok(&c, "list_specialties", json!({})).await;
    call_ok(&c, "list_doctors", json!({"specialty": "Cardiology"})).await;
    call_ok(
        &c,
        "find_available_slots",
        json!({"specialty": "Cardiology"}),
    )
    .await;
    let requests = api.requests();
    assert!(requests.len() >= 3);
    for r in &requests {
        assert!(
            !r.has_authorization(),
            "{} {} carried a token",
            r.method,
            r.path
        );
    }
}

#[tokio::test]
async fn the_role_shapes_the_catalogue() {
    let api = standin().await;
    let patient = patient_client(&api, Profile::Full).await;
    assert!(
        !tool_names(&patient)
            .await
            .contains(&"list_doctor_schedule".to_owned())
    );
    let none = client_for(&api, Profile::Full, SessionRole::None, Some(PATIENT_TOKEN)).await;
    assert_eq!(
        tool_names(&none).await,
        ["find_available_slots", "list_doctors", "list_specialties"]
    );
    let doctor = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    let names = tool_names(&doctor).await;
    assert!(names.contains(&"list_doctor_schedule".to_owned()));
    assert!(!names.contains(&"book_appointment".to_owned()));
}

/// Below the catalogue, the handler path refuses a role mismatch before any request is built.
#[tokio::test]
async fn the_handler_path_refuses_a_role_mismatch_before_any_request() {
    let api = standin().await;
    let patient = session(
        &api,
        Profile::Full,
        SessionRole::Patient,
        Some(PATIENT_TOKEN),
    );
    let http = ApiClient::new(&patient).unwrap();
    let directory = clinic_mcp::Directory::default();
    let err = clinic_mcp::catalogue::LIST_DOCTOR_SCHEDULE
        .invoke(
            &patient,
            &patient.caller,
            &http,
            &directory,
            serde_json::Map::new(),
        )
        .await
        .expect_err("a patient cannot run the doctor tool");
    assert_eq!(err.code, "ROLE_NOT_PERMITTED");
    let doctor = session(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN));
    let err = clinic_mcp::catalogue::BOOK_APPOINTMENT
        .invoke(
            &doctor,
            &doctor.caller,
            &http,
            &directory,
            json!({"slot_id": 1, "idempotency_key": "abcdefgh"})
                .as_object()
                .unwrap()
                .clone(),
        )
        .await
        .expect_err("a doctor cannot book");
    assert_eq!(err.code, "ROLE_NOT_PERMITTED");
    assert!(api.requests().is_empty());
}

#[tokio::test]
async fn a_patient_cannot_cancel_another_patients_appointment() {
    let api = standin().await;
    // Patient 2 books; patient 1 tries to cancel it.
    let p2 = booking_client(&api, PATIENT2_TOKEN).await;
    let slot = open_slot(&api, 3);
    let booked = call_ok(
        &p2,
        "book_appointment",
        json!({"slot_id": slot, "idempotency_key": "p2-booking-1"}),
    )
    .await;
    let id = booked["appointment_id"].as_u64().unwrap();
    let before = api.appointment(id).unwrap();

    let p1 = booking_client(&api, PATIENT_TOKEN).await;
    let (code, message) = call_err(&p1, "cancel_appointment", json!({"appointment_id": id})).await;
    // another patient's appointment answers exactly like an id that does not exist
    assert_eq!(code, "APPOINTMENT_NOT_FOUND");
    let (missing_code, missing_message) = call_err(
        &p1,
        "cancel_appointment",
        json!({"appointment_id": 999_999}),
    )
    .await;
    assert_eq!(
        (code.as_str(), message.as_str()),
        (missing_code.as_str(), missing_message.as_str())
    );
    assert_eq!(
        api.appointment(id).unwrap(),
        before,
        "the appointment changed"
    );
    assert_eq!(api.slot_available(slot), Some(false));
}

#[tokio::test]
async fn the_token_never_appears_in_results_or_errors() {
    let api = standin().await;
    let canary = "canary.eyJzdWIiOiJ4In0.c2VjcmV0LWNhbmFyeQ";
    let c = client_for(&api, Profile::Full, SessionRole::Patient, Some(canary)).await;
    for (tool, args) in [
        ("list_my_appointments", json!({})),
        (
            "book_appointment",
            json!({"slot_id": 1, "idempotency_key": "canary-0001"}),
        ),
        ("cancel_appointment", json!({"appointment_id": 999999})),
        ("list_doctors", json!({"specialty": "Nope"})),
    ] {
        let r = call(&c, tool, args).await;
        let text = serde_json::to_string(&r).unwrap();
        assert!(!text.contains(canary), "{tool} leaked the token: {text}");
    }
    // The API refused the unknown token: the refusal came back, the token did not.
    let (code, _) = call_err(&c, "list_my_appointments", json!({})).await;
    assert_eq!(code, "AUTH_INVALID");
}

#[tokio::test]
async fn a_patient_cannot_confirm_and_a_doctor_cannot_act_on_another_doctors_appointment() {
    let api = standin().await;
    // The handler path refuses a patient on a doctor's tool before any request.
    let patient = session(
        &api,
        Profile::Full,
        SessionRole::Patient,
        Some(PATIENT_TOKEN),
    );
    let http = ApiClient::new(&patient).unwrap();
    let directory = clinic_mcp::Directory::default();
    for tool in [
        clinic_mcp::catalogue::CONFIRM_APPOINTMENT,
        clinic_mcp::catalogue::REJECT_APPOINTMENT,
    ] {
        let err = tool
            .invoke(
                &patient,
                &patient.caller,
                &http,
                &directory,
                json!({"appointment_id": 2}).as_object().unwrap().clone(),
            )
            .await
            .expect_err("a patient cannot confirm or reject");
        assert_eq!(err.code, "ROLE_NOT_PERMITTED");
    }
    assert!(api.requests().is_empty());
    // Appointment 2 is doctor 1's: doctor 2 can neither confirm nor reject it.
    let other = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(clinic_standin::DOCTOR2_TOKEN),
    )
    .await;
    for (tool, args) in [
        ("confirm_appointment", json!({"appointment_id": 2})),
        (
            "reject_appointment",
            json!({"appointment_id": 2, "reason": "Not mine."}),
        ),
    ] {
        let (code, message) = call_err(&other, tool, args.clone()).await;
        let mut missing = args;
        missing["appointment_id"] = json!(999_999);
        // no existence oracle: the same answer as for an id that does not exist
        assert_eq!(
            (code, message),
            call_err(&other, tool, missing).await,
            "{tool}"
        );
    }
    assert_eq!(api.appointment(2).unwrap()["status"], "pending");
    // And a patient reads only their own appointment (2 is patient 2's).
    let c = patient_client(&api, Profile::Readonly).await;
    let answer = call_err(&c, "get_appointment", json!({"appointment_id": 2})).await;
    assert_eq!(answer.0, "APPOINTMENT_NOT_FOUND");
    assert_eq!(
        answer,
        call_err(&c, "get_appointment", json!({"appointment_id": 999_999})).await
    );
}
