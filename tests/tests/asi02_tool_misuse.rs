//! ASI02 Tool misuse: a tool outside the session's profile is never registered, and calling it
//! answers exactly like a name nobody invented.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{Profile, SessionRole};
use common::*;
use serde_json::{Value, json};

const READONLY: [&str; 5] = [
    "find_available_slots",
    "get_appointment",
    "list_doctors",
    "list_my_appointments",
    "list_specialties",
];

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

#[tokio::test]
async fn readonly_lists_exactly_its_five_tools() {
    let api = standin().await;
    let c = patient_client(&api, Profile::Readonly).await;
    assert_eq!(tool_names(&c).await, sorted(&READONLY));
}

#[tokio::test]
async fn booking_adds_exactly_the_patient_s_changes() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let mut want = READONLY.to_vec();
    want.extend([
        "book_appointment",
        "reschedule_appointment",
        "cancel_appointment",
        "record_intake",
    ]);
    assert_eq!(tool_names(&c).await, sorted(&want));
}

#[tokio::test]
async fn full_adds_the_doctor_tools_for_a_doctor_session() {
    let api = standin().await;
    let c = client_for(&api, Profile::Full, SessionRole::Doctor, Some(DOCTOR_TOKEN)).await;
    assert_eq!(
        tool_names(&c).await,
        sorted(&[
            "escalate_to_oncall",
            "confirm_appointment",
            "find_available_slots",
            "list_doctor_schedule",
            "list_doctors",
            "list_specialties",
            "search_protocols",
            "reject_appointment",
        ])
    );
}

#[tokio::test]
async fn profiles_nest_for_every_role() {
    let api = standin().await;
    for role in SessionRole::ALL {
        let mut previous: Vec<String> = Vec::new();
        for profile in Profile::ALL {
            let c = client_for(&api, profile, role, Some(PATIENT_TOKEN)).await;
            let names = tool_names(&c).await;
            for p in &previous {
                assert!(names.contains(p), "{profile}/{role} lost {p}");
            }
            assert!(names.len() >= previous.len());
            previous = names;
        }
    }
}

#[tokio::test]
async fn a_mutating_tool_in_a_readonly_session_is_not_found_and_sends_nothing() {
    let api = standin().await;
    let c = patient_client(&api, Profile::Readonly).await;
    let slot = open_slot(&api, 1);
    for (name, args) in [
        (
            "book_appointment",
            json!({"slot_id": slot, "idempotency_key": "retry-key-0001"}),
        ),
        ("cancel_appointment", json!({"appointment_id": 1})),
        (
            "record_intake",
            json!({"appointment_id": 1, "symptoms": "cough", "duration_days": 1, "severity": 1}),
        ),
        ("list_doctor_schedule", json!({})),
        ("search_protocols", json!({"query": "fever"})),
        (
            "escalate_to_oncall",
            json!({"appointment_id": 1, "note": "urgent"}),
        ),
        (
            "reschedule_appointment",
            json!({"appointment_id": 1, "slot_id": slot, "idempotency_key": "retry-key-0002"}),
        ),
        ("list_doctor_schedule", json!({})),
        ("confirm_appointment", json!({"appointment_id": 2})),
        (
            "reject_appointment",
            json!({"appointment_id": 2, "reason": "a reason"}),
        ),
    ] {
        let Value::Object(map) = args else {
            unreachable!()
        };
        let err = c
            .call_tool(rmcp::model::CallToolRequestParams::new(name).with_arguments(map))
            .await
            .expect_err("an unregistered tool cannot be called");
        let rmcp::ServiceError::McpError(e) = err else {
            panic!("expected a JSON-RPC error, got {err:?}")
        };
        assert_eq!(e.code.0, -32602);
        assert_eq!(e.message, format!("Tool {name} not found"));
        assert!(e.data.is_none());
    }
    assert!(
        api.requests().is_empty(),
        "the stand-in saw {:?}",
        api.requests()
    );
}

/// Over the real binary's stdio: the answer for an unregistered tool and for an invented name are
/// the same bytes once the name and the id are swapped.
#[test]
fn unregistered_and_invented_names_answer_byte_identically() {
    let mut server = StdioServer::spawn(
        &[],
        &[
            ("MCP_PROFILE", "readonly"),
            ("SUT_BASE_URL", "http://127.0.0.1:9/api/v1"),
            ("SUT_ACCESS_TOKEN", PATIENT_TOKEN),
        ],
    );
    server.initialize();
    let args = json!({"slot_id": 1, "idempotency_key": "retry-key-0001"});
    let (real, v) = server.request_line(
        7,
        "tools/call",
        json!({"name": "book_appointment", "arguments": args}),
    );
    let (invented, _) = server.request_line(
        8,
        "tools/call",
        json!({"name": "zz_never_invented", "arguments": args}),
    );
    let normalised = real
        .replace("book_appointment", "zz_never_invented")
        .replace("\"id\":7", "\"id\":8");
    assert_eq!(normalised, invented);
    assert_eq!(v["error"]["code"], -32602);
    assert_eq!(v["error"]["message"], "Tool book_appointment not found");
    server.finish().assert_success();
}

#[test]
fn an_unknown_profile_refuses_to_start() {
    for bad in ["admin", "Readonly", ""] {
        let out = std::process::Command::new(binary())
            .env_clear()
            .env("MCP_PROFILE", bad)
            .env("SUT_BASE_URL", "http://127.0.0.1:9/api/v1")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run clinic-mcp");
        assert!(!out.status.success(), "profile {bad:?} started");
        assert_eq!(out.status.code(), Some(2), "profile {bad:?}");
        assert!(out.stdout.is_empty(), "served something for {bad:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "not one line: {stderr:?}"
        );
        assert!(stderr.contains("readonly, booking, full"), "{stderr}");
    }
}
