//! The audit trail (`--audit-log`, `CLINIC_AUDIT_LOG`): every call of a mutating tool, through a
//! real MCP client, appends one JSON line that is on disk when the answer arrives. It names the
//! caller by a fingerprint of its token, never the token, and carries no free text from the
//! arguments (no reason, no idempotency key).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{Caller, Profile, SessionRole};
use common::*;
use serde_json::{Value, json};

fn lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

fn temp_log(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("clinic-audit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("audit.jsonl");
    let _ = std::fs::remove_file(&path);
    path
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
    // On disk as soon as the answer is: one line, the booking's.
    let after_book = lines(&path);
    assert_eq!(after_book.len(), 1);
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
    let all = lines(&path);
    assert_eq!(all.len(), 4);
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
async fn a_partial_line_left_by_a_crash_is_cut_off_when_the_log_is_opened() {
    let api = standin().await;
    let path = temp_log("partial");
    std::fs::write(&path, "{\"tool\":\"book_appointment\"}\n{\"tool\":\"cance").unwrap();
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
        json!({"slot_id": open_slot(&api, 2), "idempotency_key": "audit-partial-1"}),
    )
    .await;
    let all = lines(&path);
    assert_eq!(
        all.len(),
        2,
        "the partial line is gone and every line parses"
    );
    assert_eq!(all[1]["tool"], "book_appointment");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
