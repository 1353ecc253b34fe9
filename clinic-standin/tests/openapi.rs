//! docs/openapi.json describes exactly the routes the stand-in serves.

// Test-support helpers below fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;

use clinic_standin::{API_PREFIX, ErrorCode, ROUTES};
use common::*;
use reqwest::Method;
use serde_json::Value;

const SPEC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/openapi.json");

fn spec() -> Value {
    let text = std::fs::read_to_string(SPEC).unwrap_or_else(|e| panic!("{SPEC}: {e}"));
    serde_json::from_str(&text).expect("openapi.json is JSON")
}

/// `(METHOD, path)` for every operation in the spec.
fn operations(spec: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            if [
                "get", "put", "post", "delete", "options", "head", "patch", "trace",
            ]
            .contains(&method.as_str())
            {
                ops.insert((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    ops
}

#[test]
fn spec_is_openapi_3_1_under_the_api_prefix() {
    let spec = spec();
    assert!(spec["openapi"].as_str().unwrap().starts_with("3.1"));
    assert_eq!(spec["servers"][0]["url"], API_PREFIX);
}

#[test]
fn route_table_equals_the_spec() {
    let spec = spec();
    let routes: BTreeSet<(String, String)> = ROUTES
        .iter()
        .map(|(m, p)| ((*m).to_owned(), (*p).to_owned()))
        .collect();
    assert_eq!(routes.len(), ROUTES.len(), "no duplicate routes");
    assert_eq!(operations(&spec), routes);
}

#[test]
fn error_schema_lists_every_error_code() {
    let spec = spec();
    let documented: BTreeSet<&str> =
        spec["components"]["schemas"]["Error"]["properties"]["errorCode"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
    let produced: BTreeSet<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(documented, produced);
    let required: Vec<&str> = spec["components"]["schemas"]["Error"]["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(required, ["errorCode", "message", "requestId"]);
}

#[tokio::test]
async fn every_spec_operation_is_served_and_security_matches() {
    let spec = spec();
    let api = Api::start().await;
    for (method, path) in operations(&spec) {
        let concrete = path.replace("{id}", "1");
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let operation = &spec["paths"][&path][method.as_str().to_ascii_lowercase()];
        let secured = operation.get("security").is_some();

        // without a token: a secured route answers 401, a public one does not
        let anonymous = api.call(method.clone(), &concrete, None, None).await;
        assert_ne!(anonymous.status, 405, "{method} {path}");
        assert_ne!(
            anonymous.body["errorCode"], "NOT_FOUND",
            "{method} {path} is not served"
        );
        if secured {
            anonymous.assert_error(401, "AUTH_REQUIRED");
        } else {
            assert_ne!(anonymous.status, 401, "{method} {path} is public");
        }

        // with a token: still a served route, and the status is one the spec documents
        let doctor_route = ["confirm", "reject", "escalate", "/protocols"]
            .iter()
            .any(|part| path.contains(part))
            || path.ends_with("/doctor");
        let token = if doctor_route {
            DOCTOR_TOKEN
        } else {
            PATIENT_TOKEN
        };
        let resp = api.call(method.clone(), &concrete, Some(token), None).await;
        assert_ne!(resp.status, 405, "{method} {path}");
        assert_ne!(
            resp.body["errorCode"], "NOT_FOUND",
            "{method} {path} is not served"
        );
        let documented = operation["responses"].get(resp.status.to_string());
        assert!(
            documented.is_some(),
            "{method} {path} answered undocumented {}: {}",
            resp.status,
            resp.body
        );
    }
    api.shutdown().await;
}

/// The members a schema requires, and (when it lists them) the members it allows.
fn schema_members(spec: &Value, name: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let schema = &spec["components"]["schemas"][name];
    let required = schema["required"]
        .as_array()
        .unwrap_or_else(|| panic!("{name}.required"))
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    let properties = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    (required, properties)
}

#[track_caller]
fn assert_shape(spec: &Value, name: &str, body: &Value) {
    let (required, properties) = schema_members(spec, name);
    let actual: BTreeSet<String> = body
        .as_object()
        .unwrap_or_else(|| panic!("{name}: not an object: {body}"))
        .keys()
        .cloned()
        .collect();
    assert_eq!(actual, required, "{name}: {body}");
    assert_eq!(actual, properties, "{name}: {body}");
}

#[tokio::test]
async fn the_added_routes_answer_the_schemas_the_spec_gives() {
    let spec = spec();
    let api = Api::start().await;
    let appointment = api.get("/appointments/1", Some(PATIENT_TOKEN)).await;
    assert_shape(&spec, "Appointment", &appointment.body);
    let mine = api.get("/appointments/my", Some(PATIENT_TOKEN)).await;
    assert_shape(&spec, "PatientAppointmentItem", &mine.body["data"][0]);
    let theirs = api.get("/appointments/doctor", Some(DOCTOR_TOKEN)).await;
    assert_shape(&spec, "DoctorAppointmentItem", &theirs.body["data"][0]);

    let slot = api.standin.available_slot_ids(1)[0];
    let moved = api
        .patch_json(
            "/appointments/1/reschedule",
            PATIENT_TOKEN,
            serde_json::json!({ "slotId": slot }),
        )
        .await;
    assert_eq!(moved.status, 200);
    assert_shape(&spec, "Appointment", &moved.body);
    let intake = api
        .post_json(
            "/appointments/1/intake",
            PATIENT_TOKEN,
            serde_json::json!({ "symptoms": "cough", "durationDays": 2, "severity": 5 }),
        )
        .await;
    assert_eq!(intake.status, 201);
    assert_shape(&spec, "Intake", &intake.body);
    let triage: BTreeSet<&str> = spec["components"]["schemas"]["Triage"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(triage.contains(intake.body["triage"].as_str().unwrap()));
    let escalated = api
        .patch_json(
            "/appointments/1/escalate",
            DOCTOR_TOKEN,
            serde_json::json!({ "note": "n" }),
        )
        .await;
    assert_eq!(escalated.status, 200);
    assert_shape(&spec, "Appointment", &escalated.body);
    let protocols = api
        .get("/protocols?q=the&limit=20", Some(DOCTOR_TOKEN))
        .await;
    for p in protocols.body.as_array().unwrap() {
        assert_shape(&spec, "Protocol", p);
    }
    // request schemas give the contract's bounds
    let s = &spec["components"]["schemas"];
    assert_eq!(s["RejectRequest"]["properties"]["reason"]["maxLength"], 200);
    assert_eq!(s["EscalateRequest"]["properties"]["note"]["maxLength"], 500);
    assert_eq!(
        s["IntakeRequest"]["properties"]["symptoms"]["maxLength"],
        1000
    );
    assert_eq!(
        s["IntakeRequest"]["properties"]["durationDays"]["maximum"],
        3650
    );
    assert_eq!(s["IntakeRequest"]["properties"]["severity"]["maximum"], 10);
    api.shutdown().await;
}
