//! The request log: every request, in arrival order, with its headers.

mod common;

use common::*;
use reqwest::Method;

#[tokio::test]
async fn records_method_path_query_and_headers_in_arrival_order() {
    let api = Api::start().await;
    assert!(api.standin.requests().is_empty(), "no request yet");

    api.get("/doctors?specialty=Cardiology", None).await;
    api.get("/appointments/my?page=1", Some(PATIENT_TOKEN))
        .await;
    api.get("/specialties", None).await; // a 404 is recorded too
    let custom = api
        .client
        .get(format!("{}/doctors/1", api.base))
        .header("X-Trace-Id", "Abc-123");
    send(custom).await;
    api.call(
        Method::PATCH,
        "/appointments/1/cancel",
        Some(PATIENT2_TOKEN),
        None,
    )
    .await;

    let log = api.standin.requests();
    let summary: Vec<(&str, &str, Option<&str>)> = log
        .iter()
        .map(|r| (r.method.as_str(), r.path.as_str(), r.query.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            ("GET", "/api/v1/doctors", Some("specialty=Cardiology")),
            ("GET", "/api/v1/appointments/my", Some("page=1")),
            ("GET", "/api/v1/specialties", None),
            ("GET", "/api/v1/doctors/1", None),
            ("PATCH", "/api/v1/appointments/1/cancel", None),
        ]
    );

    // Authorization absent / present: its value is not kept, only its digest
    assert_eq!(log[0].header("authorization"), None);
    assert!(!log[0].has_authorization());
    assert!(
        log[0]
            .headers
            .iter()
            .all(|(name, _)| name != "authorization")
    );
    let expected = format!("Bearer {PATIENT_TOKEN}");
    assert!(log[1].has_authorization());
    assert!(log[1].authorization_is(&expected));
    assert!(!log[1].authorization_is(&format!("Bearer {PATIENT2_TOKEN}")));
    assert!(!log[1].authorization_is(PATIENT_TOKEN), "the whole value");
    assert_eq!(
        log[1].header("Authorization"),
        Some("[redacted]"),
        "lookup is case-insensitive; the value is a placeholder"
    );
    assert_eq!(log[2].header("authorization"), None);
    let expected2 = format!("Bearer {PATIENT2_TOKEN}");
    assert!(log[4].authorization_is(&expected2));
    let dump = format!("{log:?}");
    assert!(
        !dump.contains(PATIENT_TOKEN) && !dump.contains(PATIENT2_TOKEN),
        "the log keeps a token: {dump}"
    );

    // names lowercased, values verbatim
    assert!(
        log[3]
            .headers
            .contains(&("x-trace-id".to_owned(), "Abc-123".to_owned()))
    );
    for request in &log {
        assert!(
            request
                .headers
                .iter()
                .all(|(name, _)| *name == name.to_ascii_lowercase())
        );
        assert!(request.header("host").is_some());
    }

    api.standin.clear_requests();
    assert!(api.standin.requests().is_empty());
    api.get("/doctors", None).await;
    assert_eq!(api.standin.requests().len(), 1);
    api.shutdown().await;
}

#[tokio::test]
async fn request_ids_are_counter_based() {
    let api = Api::start().await;
    let first = api.get("/doctors/999", None).await;
    first.assert_error(404, "DOCTOR_NOT_FOUND");
    assert_eq!(first.body["requestId"], "req-000001");
    let ok = api.get("/doctors", None).await;
    assert_eq!(ok.header("x-request-id"), Some("req-000002"));
    let second = api.get("/nope", None).await;
    assert_eq!(second.body["requestId"], "req-000003");
    api.shutdown().await;
}

/// The log is a ring of the last `REQUEST_LOG_CAPACITY` requests (a long `--demo` session or
/// `api` run must not grow without bound); the count of every request is kept apart.
#[tokio::test]
async fn the_log_keeps_only_the_most_recent_requests() {
    let api = Api::start().await;
    let extra = 5;
    for k in 0..REQUEST_LOG_CAPACITY + extra {
        api.get(&format!("/doctors/{}", k + 1), None).await;
    }
    let log = api.standin.requests();
    assert_eq!(log.len(), REQUEST_LOG_CAPACITY);
    assert_eq!(log[0].path, format!("/api/v1/doctors/{}", extra + 1));
    assert_eq!(
        log[REQUEST_LOG_CAPACITY - 1].path,
        format!("/api/v1/doctors/{}", REQUEST_LOG_CAPACITY + extra)
    );
    assert_eq!(
        api.standin.request_count(),
        (REQUEST_LOG_CAPACITY + extra) as u64
    );
    api.standin.clear_requests();
    assert!(api.standin.requests().is_empty());
    api.shutdown().await;
}
