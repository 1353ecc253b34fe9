//! End to end, the clinical tools through a real MCP client against the stand-in: a patient's
//! intake and its triage, protocol search and its ranking, escalation to the on-call doctor.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{Profile, SessionRole};
use clinic_standin::{DOCTOR2_TOKEN, DOCTOR4_TOKEN, PATIENT3_TOKEN};
use common::*;
use serde_json::json;

#[tokio::test]
async fn a_patient_records_one_intake_per_appointment_and_the_api_sets_its_triage() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let slots = api.available_slot_ids(1);
    for (n, (severity, triage)) in [
        (8, "urgent"),
        (5, "elevated"),
        (4, "routine"),
        (10, "urgent"),
        (0, "routine"),
    ]
    .into_iter()
    .enumerate()
    {
        let booked = call_ok(
            &c,
            "book_appointment",
            json!({"slot_id": slots[n], "idempotency_key": format!("intake-key-{n:04}")}),
        )
        .await;
        let id = booked["appointment_id"].as_u64().unwrap();
        let args = json!({
            "appointment_id": id,
            "symptoms": "Chest tightness when climbing stairs",
            "duration_days": 3,
            "severity": severity,
        });
        let intake = call_ok(&c, "record_intake", args.clone()).await;
        assert_eq!(intake["appointment_id"], id);
        assert_eq!(intake["severity"], severity);
        assert_eq!(intake["duration_days"], 3);
        assert_eq!(intake["symptoms"], "Chest tightness when climbing stairs");
        assert_eq!(intake["triage"], triage, "severity {severity}: {intake}");
        assert!(intake["recorded"]["utc"].as_str().unwrap().ends_with('Z'));
        // One intake per appointment.
        let (code, message) = call_err(&c, "record_intake", args).await;
        assert_eq!(code, "INTAKE_EXISTS", "{message}");
    }
}

#[tokio::test]
async fn intake_bounds_are_refused_before_any_request() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    api.clear_requests();
    let base = json!({"appointment_id": 1, "symptoms": "cough", "duration_days": 1, "severity": 1});
    for (field, value) in [
        ("severity", json!(11)),
        ("severity", json!(-1)),
        ("duration_days", json!(3651)),
        ("symptoms", json!("")),
        ("symptoms", json!("   ")),
        ("symptoms", json!("x".repeat(1001))),
        ("appointment_id", json!(0)),
    ] {
        let mut args = base.clone();
        args[field] = value;
        let (code, message) = call_err(&c, "record_intake", args).await;
        assert_eq!(code, "INVALID_ARGUMENTS", "{field}: {message}");
        assert!(names_field(&message, field), "{field}: {message}");
    }
    assert!(api.requests().is_empty(), "{:?}", api.requests());
    // At the bounds, it is recorded.
    let mut args = base.clone();
    args["symptoms"] = json!("x".repeat(1000));
    args["duration_days"] = json!(3650);
    args["severity"] = json!(10);
    call_ok(&c, "record_intake", args).await;
}

#[tokio::test]
async fn an_intake_for_a_cancelled_appointment_is_an_invalid_transition() {
    let api = standin().await;
    // Appointment 4 is patient 3's, cancelled.
    let c = booking_client(&api, PATIENT3_TOKEN).await;
    let (code, _) = call_err(
        &c,
        "record_intake",
        json!({"appointment_id": 4, "symptoms": "rash", "duration_days": 2, "severity": 3}),
    )
    .await;
    assert_eq!(code, "INVALID_TRANSITION");
}

#[tokio::test]
async fn protocols_come_ranked_with_title_matches_first_and_within_the_limit() {
    let api = standin().await;
    let c = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR4_TOKEN),
    )
    .await;
    let r = call_ok(
        &c,
        "search_protocols",
        json!({"query": "chest pain", "limit": 20}),
    )
    .await;
    let found = r["protocols"].as_array().unwrap();
    assert!(!found.is_empty());
    // Clinic 1's chest pain protocol matches in its title: it ranks above body-only matches.
    assert_eq!(found[0]["protocol_id"], 5, "{r}");
    let title_matches = |p: &serde_json::Value| {
        p["title"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("chest")
    };
    let first_body_only = found.iter().position(|p| !title_matches(p));
    if let Some(k) = first_body_only {
        assert!(found[k..].iter().all(|p| !title_matches(p)), "{r}");
    }
    for p in found {
        let reviewed = p["reviewed"].as_str().unwrap();
        assert_eq!(reviewed.len(), 10, "{reviewed}");
        assert!(!p["excerpt"].as_str().unwrap().is_empty());
    }
    let r = call_ok(
        &c,
        "search_protocols",
        json!({"query": "chest pain", "limit": 1}),
    )
    .await;
    assert_eq!(r["protocols"].as_array().unwrap().len(), 1);
    let r = call_ok(&c, "search_protocols", json!({"query": "chest pain"})).await;
    assert!(r["protocols"].as_array().unwrap().len() <= 5);
}

#[tokio::test]
async fn a_query_travels_as_one_encoded_parameter_and_is_bounded() {
    let api = standin().await;
    let c = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR4_TOKEN),
    )
    .await;
    api.clear_requests();
    call_ok(
        &c,
        "search_protocols",
        json!({"query": " chest & limit=20#x ", "limit": 2}),
    )
    .await;
    let sent: Vec<_> = api
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/protocols"))
        .collect();
    assert_eq!(sent.len(), 1);
    assert_eq!(
        sent[0].query.as_deref(),
        Some("q=chest%20%26%20limit%3D20%23x&limit=2")
    );
    api.clear_requests();
    for query in [json!("a"), json!("  a  "), json!("x".repeat(201))] {
        let (code, message) = call_err(&c, "search_protocols", json!({"query": query})).await;
        assert_eq!(code, "INVALID_ARGUMENTS", "{message}");
        assert!(names_field(&message, "query"), "{message}");
    }
    for limit in [0, 21] {
        let (code, _) = call_err(
            &c,
            "search_protocols",
            json!({"query": "fever", "limit": limit}),
        )
        .await;
        assert_eq!(code, "INVALID_ARGUMENTS");
    }
    assert!(api.requests().is_empty(), "{:?}", api.requests());
}

#[tokio::test]
async fn a_doctor_escalates_to_the_clinic_s_on_call_doctor() {
    let api = standin().await;
    // Appointment 2: patient 2 with doctor 1 (clinic 1, on call: doctor 4), pending.
    let d1 = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    let r = call_ok(
        &d1,
        "escalate_to_oncall",
        json!({"appointment_id": 2, "note": "Worsening chest pain reported by phone"}),
    )
    .await;
    assert_eq!(r["priority"], "urgent", "{r}");
    assert_eq!(r["appointment"]["appointment_id"], 2);
    assert_eq!(r["appointment"]["doctor"]["id"], 4, "{r}");
    assert_eq!(r["appointment"]["status"], "pending");
    assert_eq!(
        r["appointment"]["start"]["time_zone"], "America/New_York",
        "{r}"
    );
    let upstream = api.appointment(2).unwrap();
    assert_eq!(upstream["priority"], "urgent");
    // The on-call doctor now has it; the escalating doctor no longer does.
    let d4 = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR4_TOKEN),
    )
    .await;
    let schedule = call_ok(&d4, "list_doctor_schedule", json!({"limit": 100})).await;
    assert!(
        schedule["appointments"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["appointment_id"] == 2),
        "{schedule}"
    );
    let (code, _) = call_err(
        &d1,
        "escalate_to_oncall",
        json!({"appointment_id": 2, "note": "again"}),
    )
    .await;
    assert_eq!(code, "APPOINTMENT_NOT_FOUND");
}

#[tokio::test]
async fn nobody_on_call_answers_no_oncall_doctor_and_changes_nothing() {
    let api = standin().await;
    // Appointment 3: doctor 2's, clinic 3, which has nobody on call.
    let before = api.appointment(3).unwrap();
    let d2 = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR2_TOKEN),
    )
    .await;
    let (code, message) = call_err(
        &d2,
        "escalate_to_oncall",
        json!({"appointment_id": 3, "note": "Rash spreading fast"}),
    )
    .await;
    assert_eq!(code, "NO_ONCALL_DOCTOR", "{message}");
    assert!(message.contains("nothing was changed"), "{message}");
    assert_eq!(api.appointment(3).unwrap(), before);
    // A note out of bounds is refused before any request.
    api.clear_requests();
    for note in [json!(""), json!(" "), json!("n".repeat(501))] {
        let (code, _) = call_err(
            &d2,
            "escalate_to_oncall",
            json!({"appointment_id": 3, "note": note}),
        )
        .await;
        assert_eq!(code, "INVALID_ARGUMENTS");
    }
    assert!(api.requests().is_empty());
}
