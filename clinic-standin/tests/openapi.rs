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
