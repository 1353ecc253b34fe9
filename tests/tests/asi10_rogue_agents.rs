//! ASI10 Rogue agents (partly): the behaviour hints a client may gate confirmation on come from
//! the catalogue, and agree with what each tool actually does on the wire.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{CATALOGUE, Profile, SessionRole};
use common::*;
use serde_json::{Value, json};

/// Arguments that make each tool do its job against a fresh stand-in.
#[allow(clippy::expect_used)]
fn valid_args(
    tool: &str,
    api: &clinic_standin::Standin,
    booked: Option<u64>,
    second: u64,
) -> Value {
    match tool {
        "list_doctors" => json!({"specialty": "Cardiology"}),
        "find_available_slots" => json!({"doctor_id": 1}),
        // Doctor 1's slots, so that doctor 1 (DOCTOR_TOKEN) can confirm the booking.
        "book_appointment" => {
            json!({"slot_id": open_slot(api, 1), "idempotency_key": "asi10-booking"})
        }
        // Seeded: appointment 1 is patient 1's (confirmed), appointment 2 doctor 1's (pending).
        "record_intake" => {
            json!({"appointment_id": 1, "symptoms": "cough", "duration_days": 2, "severity": 3})
        }
        "search_protocols" => json!({"query": "fever"}),
        "escalate_to_oncall" => json!({"appointment_id": 2, "note": "worse since the morning"}),
        "reschedule_appointment" => json!({
            "appointment_id": booked.expect("a booking to move"),
            "slot_id": open_slot(api, 1),
            "idempotency_key": "asi10-moving",
        }),
        "get_appointment" | "confirm_appointment" | "cancel_appointment" => {
            json!({"appointment_id": booked.expect("a booking")})
        }
        // A second pending booking with doctor 1 (appointment 2 is escalated away from doctor 1).
        "reject_appointment" => json!({"appointment_id": second, "reason": "The doctor is away."}),
        _ => json!({}),
    }
}

#[tokio::test]
async fn hints_are_derived_and_agree_with_what_each_tool_does() {
    let api = standin().await;
    let patient = patient_client(&api, Profile::Full).await;
    let doctor = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(clinic_standin::DOCTOR_TOKEN),
    )
    .await;
    let mut listed = patient.list_all_tools().await.unwrap();
    listed.extend(doctor.list_all_tools().await.unwrap());
    listed.sort_by(|a, b| a.name.cmp(&b.name));
    listed.dedup_by(|a, b| a.name == b.name);
    assert_eq!(listed.len(), CATALOGUE.len(), "every tool is walked");

    // A pending appointment with doctor 1 for the doctor to reject.
    let second = call_ok(
        &patient,
        "book_appointment",
        json!({"slot_id": open_slot(&api, 1), "idempotency_key": "asi10-second"}),
    )
    .await["appointment_id"]
        .as_u64()
        .unwrap();
    // Book first, then move, read, confirm and cancel that booking.
    let mut booked = None;
    let order = [
        "book_appointment",
        "reschedule_appointment",
        "get_appointment",
        "confirm_appointment",
        "cancel_appointment",
    ];
    let mut tools: Vec<_> = listed.iter().collect();
    tools.sort_by_key(|t| {
        order
            .iter()
            .position(|o| *o == t.name.as_ref())
            .unwrap_or(order.len())
    });

    for tool in tools {
        let def = CATALOGUE.iter().find(|d| d.name == tool.name).unwrap();
        let hints = def.hints();
        let a = tool.annotations.as_ref().expect("annotations");
        // Derived from the declared flags, never hand-written.
        assert_eq!(a.read_only_hint, Some(!def.mutates), "{}", def.name);
        assert_eq!(a.destructive_hint, Some(def.destructive), "{}", def.name);
        assert_eq!(a.idempotent_hint, Some(hints.idempotent), "{}", def.name);
        assert_eq!(a.open_world_hint, Some(false), "{}", def.name);

        let client = if def.role == Some(clinic_mcp::Role::Doctor) {
            &doctor
        } else {
            &patient
        };
        api.clear_requests();
        let out = call_ok(
            client,
            &tool.name,
            valid_args(&tool.name, &api, booked, second),
        )
        .await;
        let methods: Vec<String> = api.requests().into_iter().map(|r| r.method).collect();
        assert!(!methods.is_empty(), "{} sent nothing", def.name);
        if hints.read_only {
            assert!(
                methods.iter().all(|m| m == "GET"),
                "read-only {} sent {methods:?}",
                def.name
            );
        } else {
            assert!(
                methods.iter().any(|m| m != "GET"),
                "mutating {} sent only {methods:?}",
                def.name
            );
        }
        if def.name == "book_appointment" {
            booked = out["appointment_id"].as_u64();
        }
        if hints.destructive {
            // A destructive tool ends an appointment: it is cancelled or rejected, its slot freed.
            let id = out["appointment_id"].as_u64().unwrap();
            let status = api.appointment(id).unwrap()["status"].clone();
            assert!(
                status == "cancelled" || status == "rejected",
                "{} left {status}",
                def.name
            );
        }
    }
    let destructive: Vec<_> = CATALOGUE
        .iter()
        .filter(|d| d.destructive)
        .map(|d| d.name)
        .collect();
    assert_eq!(destructive, ["cancel_appointment", "reject_appointment"]);
}
