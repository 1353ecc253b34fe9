//! Hostile arguments: wrong types, huge strings, zero/negative/huge ids, ids with unicode, path
//! traversal, extra fields, deep nesting. All refused with `INVALID_ARGUMENTS` and a message that
//! names the field, before any request is built (the stand-in saw nothing). Then a property test
//! over arbitrary argument maps for every tool of the catalogue.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;
mod reliability_common;

use clinic_mcp::{AccessToken, ApiClient, CATALOGUE, Profile, Session, SessionRole};
use common::*;
use proptest::prelude::*;
use reliability_common::{Fault, Hostile};
use serde_json::{Map, Value, json};

fn nested(depth: usize) -> Value {
    let mut v = json!(1);
    for _ in 0..depth {
        v = json!({"x": v});
    }
    v
}

/// `(tool, arguments, the field the message must name)`.
fn hostile_cases() -> Vec<(&'static str, Value, &'static str)> {
    let huge = "9".repeat(100_000);
    let mut cases = Vec::new();
    for bad in [
        json!(0),
        json!(-1),
        json!(-9_223_372_036_854_775_808_i64),
        json!(u64::MAX),
        json!(9_223_372_036_854_775_808_u64),
        json!(1.5),
        json!(1e300),
        json!("1"),
        json!("١٢"),
        json!("１２"),
        json!("../1"),
        json!("%2e%2e/1"),
        json!("/1"),
        json!("1/../../admin"),
        json!(huge),
        json!(true),
        json!(null),
        json!([1]),
        json!({"id": 1}),
        nested(100),
    ] {
        cases.push((
            "book_appointment",
            json!({"slot_id": bad.clone(), "idempotency_key": "hostile-key-1"}),
            "slot_id",
        ));
        cases.push((
            "cancel_appointment",
            json!({"appointment_id": bad.clone()}),
            "appointment_id",
        ));
        // `null` is no doctor_id at all: a search of every doctor, not a refusal.
        if !bad.is_null() {
            cases.push((
                "find_available_slots",
                json!({"doctor_id": bad.clone()}),
                "doctor_id",
            ));
        }
        cases.push((
            "get_appointment",
            json!({"appointment_id": bad.clone()}),
            "appointment_id",
        ));
        cases.push((
            "reschedule_appointment",
            json!({"appointment_id": 1, "slot_id": bad, "idempotency_key": "hostile-key-1"}),
            "slot_id",
        ));
    }
    for key in [
        "short",
        "../../../etc/passwd",
        "%2e%2e%2fadmin",
        "key/with/slashes",
        "ключ-12345678",
        "key with spaces",
        "key\u{0}nul-byte",
        "key\r\nX-Injected: 1",
        "𝔨𝔢𝔶-12345678",
        &"k".repeat(129),
        &"k".repeat(1_000_000),
    ] {
        cases.push((
            "book_appointment",
            json!({"slot_id": 3, "idempotency_key": key}),
            "idempotency_key",
        ));
    }
    for key in [
        json!(12_345_678),
        json!(null),
        json!(["abcdefgh"]),
        nested(50),
    ] {
        cases.push((
            "book_appointment",
            json!({"slot_id": 3, "idempotency_key": key}),
            "idempotency_key",
        ));
    }
    for spec in [
        json!(""),
        json!("x".repeat(65)),
        json!("x".repeat(1_000_000)),
        json!("Cardio\u{200B}logy"),
        json!("Cardiología"),
        json!("Cardio\nlogy"),
        json!(42),
        json!(["Cardiology"]),
    ] {
        cases.push((
            "list_doctors",
            json!({"specialty": spec.clone()}),
            "specialty",
        ));
        cases.push((
            "find_available_slots",
            json!({"specialty": spec}),
            "specialty",
        ));
    }
    for (field, bad) in [
        ("from", json!("2026-13-45")),
        ("from", json!("9999-12-30")),
        ("from", json!("9999-12-31T23:59:59Z")),
        ("from", json!("1900-01-01")),
        ("from", json!("../../")),
        ("from", json!(1_700_000_000)),
        ("from", json!("9".repeat(100_000))),
        ("to", json!("yesterday")),
        ("to", json!("2020-01-01")),
        ("to", json!("2099-01-01")),
        ("limit", json!(0)),
        ("limit", json!(101)),
        ("limit", json!(-5)),
        ("limit", json!(4_294_967_296_u64)),
    ] {
        let mut args = json!({"doctor_id": 1, "from": "2030-01-01"});
        args[field] = bad;
        cases.push(("find_available_slots", args, field));
    }
    cases.push((
        "find_available_slots",
        json!({"doctor_id": 1, "specialty": "Cardiology"}),
        "specialty",
    ));
    for (field, bad) in [
        ("page", json!(0)),
        ("page", json!(10_001)),
        ("page", json!(-1)),
        ("page", json!("1")),
        ("limit", json!(0)),
        ("limit", json!(101)),
        ("limit", json!(1e3)),
    ] {
        cases.push(("list_my_appointments", json!({ field: bad }), field));
    }
    for bad in [json!("true"), json!(1), json!([true])] {
        cases.push(("list_my_appointments", json!({"upcoming": bad}), "upcoming"));
    }
    for key in ["short", "key with spaces", &"k".repeat(129)] {
        cases.push((
            "reschedule_appointment",
            json!({"appointment_id": 1, "slot_id": 3, "idempotency_key": key}),
            "idempotency_key",
        ));
    }
    // Extra fields, including ones that look like they could steer the request.
    for (tool, args, field) in [
        (
            "book_appointment",
            json!({"slot_id": 3, "idempotency_key": "hostile-key-1", "patient_id": 2}),
            "patient_id",
        ),
        (
            "book_appointment",
            json!({"slot_id": 3, "idempotency_key": "hostile-key-1", "__proto__": {}}),
            "__proto__",
        ),
        (
            "cancel_appointment",
            json!({"appointment_id": 1, "path": "../2"}),
            "path",
        ),
        ("list_specialties", json!({"specialty": "x"}), "specialty"),
        ("list_doctors", json!({"doctor": nested(100)}), "doctor"),
        ("list_my_appointments", json!({"patient": "2"}), "patient"),
    ] {
        cases.push((tool, args, field));
    }
    cases.push((
        "book_appointment",
        json!({"idempotency_key": "hostile-key-1"}),
        "slot_id",
    ));
    cases.push(("cancel_appointment", json!({}), "appointment_id"));
    cases
}

#[tokio::test]
async fn hostile_arguments_are_refused_before_any_request_with_the_field_named() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    let cases = hostile_cases();
    let before = api.appointments_count();
    for (tool, args, field) in &cases {
        let (code, message) = call_err(&c, tool, args.clone()).await;
        let shown: String = args.to_string().chars().take(120).collect();
        assert_eq!(code, "INVALID_ARGUMENTS", "{tool} {shown}: {message}");
        // The field leads the message (`field: what is wrong`), not merely appears in it.
        assert!(
            common::names_field(&message, field),
            "{tool} {shown}: the message does not name {field}: {message}"
        );
    }
    assert!(
        api.requests().is_empty(),
        "requests were sent: {:?}",
        api.requests()
    );
    assert_eq!(api.appointments_count(), before);
    // The figure the README and docs/RELIABILITY.md give: a case dropped or added shows here.
    assert_eq!(
        cases.len(),
        166,
        "the documented number of hostile argument sets"
    );
    // And the same client still works.
    call_ok(&c, "list_specialties", json!({})).await;
}

/// A refusal must not echo a hostile value back in full (it lands in the model's context).
#[tokio::test]
async fn a_refusal_does_not_echo_a_huge_value_back() {
    let api = standin().await;
    let c = booking_client(&api, PATIENT_TOKEN).await;
    for (tool, args, _) in hostile_cases() {
        let (_, message) = call_err(&c, tool, args).await;
        assert!(
            message.len() <= 1024,
            "{tool}: a {} byte message",
            message.len()
        );
    }
}

/// A specialty is matched locally, never put in a path: a traversal-looking one is only an
/// unknown specialty, and the one request made is the fixed `GET /doctors`.
#[tokio::test]
async fn a_traversal_looking_specialty_never_reaches_a_path() {
    let api = standin().await;
    let c = client_for(&api, Profile::Readonly, SessionRole::None, None).await;
    for spec in ["../../appointments/my", "%2e%2e%2f", "/doctors/1"] {
        let (code, _) = call_err(&c, "list_doctors", json!({"specialty": spec})).await;
        assert_eq!(code, "UNKNOWN_SPECIALTY");
    }
    assert!(
        api.requests()
            .iter()
            .all(|r| r.method == "GET" && r.path == "/api/v1/doctors" && r.query.is_none())
    );
}

// ---------------------------------------------------------------- property test

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..20).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".*".prop_map(Value::from),
        "[a-zA-Z0-9._:-]{6,130}".prop_map(Value::from),
        prop_oneof![
            Just("../"),
            Just("%2e%2e"),
            Just("/"),
            Just("Cardiology"),
            Just("2030-01-01"),
            Just("2030-01-02T09:00:00Z"),
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(".{0,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn arb_args() -> impl Strategy<Value = Map<String, Value>> {
    let key = prop_oneof![
        4 => prop_oneof![
            Just("slot_id"), Just("idempotency_key"), Just("appointment_id"), Just("doctor_id"),
            Just("specialty"), Just("from"), Just("to"), Just("limit"), Just("page"),
            Just("symptoms"), Just("duration_days"), Just("severity"), Just("query"), Just("note"),
        ]
        .prop_map(str::to_owned),
        1 => ".{0,12}",
    ];
    prop::collection::btree_map(key, arb_value(), 0..5).prop_map(|m| m.into_iter().collect())
}

/// Any argument map, every tool: no panic; the answer is `INVALID_ARGUMENTS` (and then no request
/// reached the upstream), or an upstream error (the upstream answers every request 503).
#[test]
fn any_argument_map_is_refused_or_reaches_only_a_failing_upstream() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let up = rt.block_on(Hostile::spawn(Fault::Status {
        status: 503,
        headers: vec![],
        body: None,
    }));
    let session = Session::new(
        Profile::Full,
        SessionRole::Patient,
        &up.base_url(),
        AccessToken::new("proptest-token"),
    )
    .expect("session");
    let api = ApiClient::new(&session).expect("client");
    let directory = clinic_mcp::Directory::default();
    let mut config = ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(512),
    );
    config.failure_persistence = None;
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let tally = std::cell::RefCell::new(std::collections::BTreeMap::<String, usize>::new());
    runner
        .run(&(0..CATALOGUE.len(), arb_args()), |(i, args)| {
            let def = &CATALOGUE[i];
            let before = up.requests().len();
            let result =
                rt.block_on(def.invoke(&session, &session.caller, &api, &directory, args.clone()));
            let sent = up.requests().len() - before;
            let code = match &result {
                Ok(v) => return Err(TestCaseError::fail(format!("{} succeeded: {v}", def.name))),
                Err(e) => e.code.to_string(),
            };
            match code.as_str() {
                "INVALID_ARGUMENTS" => prop_assert_eq!(sent, 0, "{} {:?}", def.name, args),
                "UPSTREAM_UNAVAILABLE" => prop_assert!(sent >= 1),
                "ROLE_NOT_PERMITTED" => {
                    // The session is a patient's: only the doctor's tools refuse it.
                    prop_assert_eq!(def.role, Some(clinic_mcp::Role::Doctor), "{}", def.name);
                    prop_assert_eq!(sent, 0);
                }
                other => return Err(TestCaseError::fail(format!("{}: code {other}", def.name))),
            }
            *tally
                .borrow_mut()
                .entry(format!("{} {code}", def.name))
                .or_default() += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{:#?}", tally.borrow());
}

fn panicking<'a>(
    _: &'a clinic_mcp::ToolContext<'a>,
    _: clinic_mcp::tool::JsonObject,
) -> clinic_mcp::tool::BoxFuture<'a> {
    Box::pin(async { panic!("a bug in a handler") })
}

/// The texts the hand-made tool below declares screened (as the macros would).
fn panicky_screened(out: &mut Vec<(&'static str, &'static str)>) {
    use clinic_mcp::{ToolArgs, ToolOutput};
    out.push(("name", "list_notes"));
    out.push((
        "description",
        "List the clinic's notes. Returns each note's title.",
    ));
    <clinic_mcp::catalogue::NoArgs as ToolArgs>::screened(out);
    <clinic_mcp::catalogue::Specialties as ToolOutput>::screened(out);
}

/// A handler with a bug, built by hand (no shipped handler is known to panic).
static PANICKY: &[clinic_mcp::ToolDef] = &[clinic_mcp::ToolDef {
    screened: panicky_screened,
    ..common::hand_made_tool(
        "list_notes",
        "List the clinic's notes. Returns each note's title.",
        panicking,
    )
}];

/// A panicking handler costs its own call, answered as a tool error, and nothing else: the
/// request is not left unanswered and the session keeps serving.
#[tokio::test]
async fn a_panicking_handler_is_answered_and_the_session_keeps_serving() {
    let session = clinic_mcp::Session::new(
        Profile::Readonly,
        SessionRole::None,
        "http://127.0.0.1:9/api/v1",
        None,
    )
    .unwrap();
    let server = clinic_mcp::ClinicServer::with_catalogue(session, PANICKY).unwrap();
    let c = clinic_mcp::local::connect(server).await.unwrap();
    for _ in 0..3 {
        // Without containment the request is never answered: guard against a hang.
        let (code, message) = tokio::time::timeout(
            std::time::Duration::from_secs(60),
            call_err(&c, "list_notes", json!({})),
        )
        .await
        .expect("a panicking handler left the call unanswered");
        assert_eq!(code, "INTERNAL_ERROR");
        assert!(!message.contains("a bug in a handler"), "{message}");
    }
    assert_eq!(c.list_all_tools().await.unwrap().len(), 1);
}

/// A date-time without `Z` or an offset names no instant (14:00 where?). It was read as midnight
/// UTC of its date, the time of day dropped; it is refused, naming the forms accepted, before any
/// request. The forms accepted: an RFC 3339 instant with `Z` or an offset, or a plain date
/// (midnight UTC). `from` and `to` of `find_available_slots` are the only tool arguments that
/// read a date or a time.
#[tokio::test]
async fn a_time_without_an_offset_is_refused_naming_the_accepted_forms() {
    let api = standin().await;
    let c = client_for(&api, Profile::Readonly, SessionRole::None, None).await;
    for field in ["from", "to"] {
        for local in [
            "2026-12-01T14:00:00",
            "2026-12-01T14:00",
            "2026-12-01T14:00:00.250",
            "2026-12-01 14:00:00",
            "2026-12-01T00:00:00",
            "2026-12-01T14:00:00[Europe/Berlin]",
            "20261201T140000",
        ] {
            let mut args = json!({"doctor_id": 1, "from": "2026-12-01T09:00:00Z", "to": "2026-12-03T00:00:00Z"});
            args[field] = json!(local);
            let (code, message) = call_err(&c, "find_available_slots", args).await;
            assert_eq!(code, "INVALID_ARGUMENTS", "{field} {local}: {message}");
            assert!(
                common::names_field(&message, field),
                "{field} {local}: {message}"
            );
            for form in [
                "RFC 3339",
                "Z",
                "offset",
                "2026-12-01T09:00:00Z",
                "2026-12-01 ",
            ] {
                assert!(
                    message.contains(form),
                    "{field} {local}: the message does not name {form:?}: {message}"
                );
            }
        }
    }
    assert!(
        api.requests().is_empty(),
        "requests were sent: {:?}",
        api.requests()
    );
    // What is accepted: the same instant written with Z or an offset, and a plain date.
    for (from, utc) in [
        ("2026-12-01T14:00:00Z", "2026-12-01T14:00:00Z"),
        ("2026-12-01T15:30:00+01:30", "2026-12-01T14:00:00Z"),
        ("2026-12-01T09:00:00-05:00", "2026-12-01T14:00:00Z"),
        ("2026-12-01", "2026-12-01T00:00:00Z"),
    ] {
        let out = call_ok(
            &c,
            "find_available_slots",
            json!({"doctor_id": 1, "from": from}),
        )
        .await;
        assert_eq!(out["from"], utc, "{from}: {out}");
        let to = call_ok(
            &c,
            "find_available_slots",
            json!({"doctor_id": 1, "from": "2026-11-30T00:00:00Z", "to": from}),
        )
        .await;
        assert_eq!(to["to"], utc, "{from}: {to}");
    }
}
