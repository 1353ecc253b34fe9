//! ASI03 Identity and privilege, across tenants: clinics cannot see each other through the MCP
//! path, and the agent gets no existence oracle. The API answers 403 `FORBIDDEN` for an
//! appointment of another clinic (or another patient) and 404 for an id that does not exist
//! (the stand-in's own tests hold it to that); the agent sees one answer for both.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{Profile, SessionRole};
use clinic_standin::{DOCTOR3_TOKEN, DOCTOR4_TOKEN};
use common::*;
use serde_json::json;

/// Appointment 1 is doctor 1's, in clinic 1 (patient 1, confirmed).
const CLINIC_1_APPOINTMENT: u64 = 1;
const MISSING: u64 = 999_999;

#[tokio::test]
async fn escalating_another_clinic_s_appointment_answers_exactly_like_a_missing_id() {
    let api = standin().await;
    let before = api.appointment(CLINIC_1_APPOINTMENT).unwrap();
    // Doctor 3 is of clinic 2; doctor 4 is of clinic 1 but not the appointment's doctor.
    for token in [DOCTOR3_TOKEN, DOCTOR4_TOKEN] {
        let c = client_for(&api, Profile::Full, SessionRole::Doctor, Some(token)).await;
        api.clear_requests();
        let foreign = call_err(
            &c,
            "escalate_to_oncall",
            json!({"appointment_id": CLINIC_1_APPOINTMENT, "note": "chest pain at rest"}),
        )
        .await;
        // The request reached the API, which refused it (403): the refusal is what is hidden.
        assert!(
            api.requests()
                .iter()
                .any(|r| r.method == "PATCH" && r.path.ends_with("/appointments/1/escalate")),
            "{:?}",
            api.requests()
        );
        let missing = call_err(
            &c,
            "escalate_to_oncall",
            json!({"appointment_id": MISSING, "note": "chest pain at rest"}),
        )
        .await;
        assert_eq!(foreign, missing, "a 403 and a 404 must look the same");
        assert_eq!(foreign.0, "APPOINTMENT_NOT_FOUND");
    }
    assert_eq!(
        api.appointment(CLINIC_1_APPOINTMENT).unwrap(),
        before,
        "the appointment changed"
    );
}

#[tokio::test]
async fn an_intake_on_another_patient_s_appointment_answers_exactly_like_a_missing_id() {
    let api = standin().await;
    let p2 = booking_client(&api, PATIENT2_TOKEN).await;
    let args = |id: u64| json!({"appointment_id": id, "symptoms": "cough", "duration_days": 3, "severity": 2});
    let foreign = call_err(&p2, "record_intake", args(CLINIC_1_APPOINTMENT)).await;
    let missing = call_err(&p2, "record_intake", args(MISSING)).await;
    assert_eq!(foreign, missing);
    assert_eq!(foreign.0, "APPOINTMENT_NOT_FOUND");
    // Patient 1, the owner, can still record it: nothing was recorded by patient 2.
    let p1 = booking_client(&api, PATIENT_TOKEN).await;
    let intake = call_ok(&p1, "record_intake", args(CLINIC_1_APPOINTMENT)).await;
    assert_eq!(intake["appointment_id"], CLINIC_1_APPOINTMENT);
}

/// Protocols 5–8 are clinic 1's, 9–11 clinic 2's, 12–14 clinic 3's, 1–4 shared.
#[tokio::test]
async fn a_doctor_never_sees_another_clinic_s_protocols() {
    let api = standin().await;
    let clinic_of = |id: u64| match id {
        1..=4 => None,
        5..=8 => Some(1),
        9..=11 => Some(2),
        _ => Some(3),
    };
    for (token, own) in [(DOCTOR3_TOKEN, 2), (DOCTOR4_TOKEN, 1), (DOCTOR_TOKEN, 1)] {
        let c = client_for(&api, Profile::Full, SessionRole::Doctor, Some(token)).await;
        let mut seen = Vec::new();
        for query in [
            "chest pain",
            "console",
            "fever",
            "allergy",
            "hypertension",
            "skin",
        ] {
            let r = call_ok(&c, "search_protocols", json!({"query": query, "limit": 20})).await;
            for p in r["protocols"].as_array().unwrap() {
                let id = p["protocol_id"].as_u64().unwrap();
                let clinic = clinic_of(id);
                assert!(
                    clinic.is_none() || clinic == Some(own),
                    "clinic {own}'s doctor saw protocol {id} of clinic {clinic:?}"
                );
                assert_eq!(p["shared"], clinic.is_none());
                seen.push(id);
            }
        }
        // The searches found the doctor's own clinic's protocols, so the filter is not vacuous.
        assert!(
            seen.iter().any(|id| clinic_of(*id) == Some(own)),
            "{seen:?}"
        );
    }
    // Clinic 2's doctor cannot reach clinic 1's protocol holding a doctor's token at all.
    let c = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR3_TOKEN),
    )
    .await;
    let r = call_ok(&c, "search_protocols", json!({"query": "console"})).await;
    assert_eq!(r["protocols"], json!([]), "{r}");
}
