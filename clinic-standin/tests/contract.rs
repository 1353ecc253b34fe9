//! The inconvenient parts of the contract, response shapes and the data invariants.

// Test-support helpers below fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::{BTreeMap, BTreeSet};

use clinic_standin::{Config, DEMO_TOKENS};
use common::*;
use jiff::{Timestamp, ToSpan, tz::TimeZone};
use serde_json::Value;

#[tokio::test]
async fn doctors_ignores_specialty_and_every_query() {
    let api = Api::start().await;
    let all = api.get("/doctors", None).await;
    assert_eq!(all.status, 200);
    assert_eq!(all.body.as_array().unwrap().len(), 9);
    for query in [
        "?specialty=Cardiology",
        "?specialty=Nope",
        "?page=2&limit=1",
        "?name=Hart",
        "?clinicId=3",
    ] {
        let resp = api.get(&format!("/doctors{query}"), None).await;
        assert_eq!(resp.status, 200);
        assert_eq!(resp.body, all.body, "query {query} must be ignored");
    }
    api.shutdown().await;
}

#[tokio::test]
async fn there_is_no_specialties_route() {
    let api = Api::start().await;
    for path in ["/specialties", "/specialties/1", "/doctors/specialties"] {
        let resp = api.get(path, None).await;
        // /doctors/specialties is a malformed doctor id, not a route
        if path == "/doctors/specialties" {
            resp.assert_error(400, "VALIDATION_ERROR");
        } else {
            resp.assert_error(404, "NOT_FOUND");
        }
    }
    api.shutdown().await;
}

#[tokio::test]
async fn slots_is_available_is_the_integer_1_and_only_available_slots_come_back() {
    let api = Api::start().await;
    let held = api.standin.appointment(1).unwrap()["slotId"]
        .as_u64()
        .unwrap();
    let resp = api.get("/doctors/1/slots", None).await;
    assert_eq!(resp.status, 200);
    let slots = resp.body.as_array().unwrap();
    assert!(!slots.is_empty());
    for slot in slots {
        assert!(
            slot["isAvailable"].is_u64(),
            "isAvailable must be an integer: {slot}"
        );
        assert_eq!(slot["isAvailable"], 1);
        assert!(!slot["isAvailable"].is_boolean());
        assert_eq!(slot["doctorId"], 1);
        let keys: BTreeSet<&str> = slot
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            BTreeSet::from(["id", "doctorId", "startTime", "endTime", "isAvailable"])
        );
    }
    assert!(
        slots.iter().all(|s| s["id"] != held),
        "a booked slot is not listed"
    );
    api.shutdown().await;
}

#[tokio::test]
async fn slots_ignore_any_window() {
    let api = Api::start().await;
    let all = api.get("/doctors/2/slots", None).await.body;
    let first = all[0]["startTime"].as_str().unwrap().to_owned();
    for query in [
        format!("?from={first}&to={first}"),
        "?date=2000-01-01".to_owned(),
        "?startDate=2099-01-01&endDate=2099-01-02".to_owned(),
        "?limit=1".to_owned(),
        "?available=false".to_owned(),
    ] {
        let resp = api.get(&format!("/doctors/2/slots{query}"), None).await;
        assert_eq!(resp.status, 200);
        assert_eq!(resp.body, all, "query {query} must be ignored");
    }
    api.shutdown().await;
}

#[tokio::test]
async fn slots_are_ordered_by_start_time_in_utc_rfc3339() {
    let api = Api::start().await;
    for doctor in 1..=9 {
        let slots = api
            .get(&format!("/doctors/{doctor}/slots"), None)
            .await
            .body;
        let starts: Vec<Timestamp> = slots
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let text = s["startTime"].as_str().unwrap();
                assert!(
                    text.ends_with('Z') && text.len() == 20,
                    "UTC RFC 3339 without fraction: {text}"
                );
                let end: Timestamp = s["endTime"].as_str().unwrap().parse().unwrap();
                let start: Timestamp = text.parse().unwrap();
                assert_eq!(end, start.checked_add(30.minutes()).unwrap());
                start
            })
            .collect();
        assert!(
            starts.windows(2).all(|w| w[0] < w[1]),
            "doctor {doctor} ordered by startTime"
        );
    }
    api.shutdown().await;
}

#[tokio::test]
async fn fixed_clock_gives_the_documented_utc_times_and_is_deterministic() {
    // Tuesday 2026-12-01 00:00Z: New York 09:00 EST = 14:00Z, Tokyo 09:00 JST = 00:00Z
    // (so Tokyo's first slot is 2026-12-01T00:30Z: 09:00 would be exactly `now`).
    let now: Timestamp = "2026-12-01T00:00:00Z".parse().unwrap();
    let config = Config {
        now: Some(now),
        ..Config::default()
    };
    let a = Api::start_with(config.clone()).await;
    let b = Api::start_with(config).await;
    let slots1 = a.get("/doctors/1/slots", None).await.body;
    // doctor 1 (New York): slot 1 is free, seed appointment 1 holds slot 2.
    assert_eq!(slots1[0]["id"], 1);
    assert_eq!(slots1[0]["startTime"], "2026-12-01T14:00:00Z");
    assert_eq!(slots1[0]["endTime"], "2026-12-01T14:30:00Z");
    assert_eq!(slots1[1]["startTime"], "2026-12-01T15:00:00Z");
    let slots2 = a.get("/doctors/2/slots", None).await.body;
    assert_eq!(slots2[0]["startTime"], "2026-12-01T00:30:00Z");
    for doctor in 1..=9 {
        let path = format!("/doctors/{doctor}/slots");
        assert_eq!(a.get(&path, None).await.body, b.get(&path, None).await.body);
    }
    for id in 1..=4 {
        assert_eq!(a.standin.appointment(id), b.standin.appointment(id));
    }
    assert_eq!(
        a.get("/doctors", None).await.body,
        b.get("/doctors", None).await.body
    );
    a.shutdown().await;
    b.shutdown().await;
}

/// `Config::doctor_names` (for the browser tests' hostile names): the name is answered wherever
/// the doctor is, as given, and nothing else changes.
#[tokio::test]
async fn doctor_names_replace_a_doctor_s_name_everywhere_it_is_answered() {
    let hostile = "<img src=x onerror=window.__pwned=1>";
    let api = Api::start_with(Config {
        doctor_names: BTreeMap::from([(1, hostile.to_owned())]),
        ..Config::default()
    })
    .await;
    let plain = Api::start().await;
    let doctors = api.get("/doctors", None).await.body;
    assert_eq!(doctors[0]["name"], hostile);
    let mut expected = plain.get("/doctors", None).await.body;
    expected[0]["name"] = Value::from(hostile);
    assert_eq!(doctors, expected, "only doctor 1's name differs");
    assert_eq!(api.get("/doctors/1", None).await.body["name"], hostile);
    let slot = api.get("/doctors/1/slots", None).await.body[0]["id"]
        .as_u64()
        .unwrap();
    let booked = api.book(PATIENT_TOKEN, slot).await;
    assert_eq!(booked.status, 201);
    assert_eq!(booked.body["doctor"]["name"], hostile);
    let mine = api.get("/appointments/my", Some(PATIENT_TOKEN)).await.body;
    let listed = mine["data"].as_array().unwrap();
    assert!(
        listed
            .iter()
            .all(|a| a["doctor"]["id"] != 1 || a["doctor"]["name"] == hostile)
    );
    api.shutdown().await;
    plain.shutdown().await;
}

#[tokio::test]
async fn data_invariants() {
    let api = Api::start().await;
    let started = Timestamp::now();
    let doctors = api.get("/doctors", None).await.body;
    let doctors = doctors.as_array().unwrap();

    // 9 doctors, ids 1..=9 in order, each with a clinic
    assert_eq!(doctors.len(), 9);
    let ids: Vec<u64> = doctors.iter().map(|d| d["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (1..=9).collect::<Vec<_>>());

    // ≥3 clinics in distinct, real IANA zones
    let mut clinics: BTreeMap<u64, Value> = BTreeMap::new();
    for d in doctors {
        let clinic = &d["clinic"];
        for key in ["id", "name", "address", "timeZone"] {
            assert!(!clinic[key].is_null(), "clinic.{key} in {d}");
        }
        clinics.insert(clinic["id"].as_u64().unwrap(), clinic.clone());
    }
    assert!(clinics.len() >= 3);
    let zones: BTreeSet<&str> = clinics
        .values()
        .map(|c| c["timeZone"].as_str().unwrap())
        .collect();
    assert_eq!(zones.len(), clinics.len(), "distinct zones");
    for zone in &zones {
        TimeZone::get(zone).unwrap_or_else(|e| panic!("{zone} is not an IANA zone: {e}"));
    }

    // 5 specialties, some shared, so a narrowed list is non-empty and strictly smaller
    let mut by_specialty: BTreeMap<&str, usize> = BTreeMap::new();
    for d in doctors {
        *by_specialty
            .entry(d["specialty"].as_str().unwrap())
            .or_default() += 1;
    }
    assert_eq!(by_specialty.len(), 5, "{by_specialty:?}");
    assert!(by_specialty.values().any(|&n| n >= 2));
    assert!(by_specialty.values().all(|&n| n < 9));
    assert_eq!(by_specialty["Cardiology"], 3);

    // slots for every doctor, all in the future and within 14 days, in clinic working hours
    let horizon = started.checked_add((14 * 24).hours()).unwrap();
    for d in doctors {
        let id = d["id"].as_u64().unwrap();
        let zone = TimeZone::get(d["clinic"]["timeZone"].as_str().unwrap()).unwrap();
        let slots = api.get(&format!("/doctors/{id}/slots"), None).await.body;
        let slots = slots.as_array().unwrap();
        assert!(slots.len() >= 20, "doctor {id} has {} slots", slots.len());
        for s in slots {
            let start: Timestamp = s["startTime"].as_str().unwrap().parse().unwrap();
            assert!(
                start > started.checked_sub(5.minutes()).unwrap() && start < horizon,
                "{s}"
            );
            let local = start.to_zoned(zone.clone());
            assert!((9..12).contains(&local.hour()), "doctor {id}: {local}");
            assert!(!matches!(
                local.weekday(),
                jiff::civil::Weekday::Saturday | jiff::civil::Weekday::Sunday
            ));
        }
    }

    // GET /doctors/:id agrees with the list
    for d in doctors {
        let one = api.get(&format!("/doctors/{}", d["id"]), None).await;
        assert_eq!(one.status, 200);
        assert_eq!(&one.body, d);
    }

    // seeded appointments
    assert_eq!(api.standin.appointments_count(), 4);
    let statuses: Vec<Value> = (1..=4)
        .map(|id| api.standin.appointment(id).unwrap()["status"].clone())
        .collect();
    assert_eq!(statuses, ["confirmed", "pending", "confirmed", "cancelled"]);
    api.shutdown().await;
}

fn base64url_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'-' => 62,
            b'_' => 63,
            other => panic!("not base64url: {}", other as char),
        }
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        acc = (acc << 6) | value(c);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn demo_tokens_look_like_jwts_and_are_documented() {
    assert_eq!(
        DEMO_TOKENS.iter().filter(|t| t.role == "patient").count(),
        3
    );
    // doctors 1, 2, 3 and 4: at least one per clinic
    let doctors: Vec<(u64, Option<u64>)> = DEMO_TOKENS
        .iter()
        .filter(|t| t.role == "doctor")
        .map(|t| (t.user_id, t.clinic_id))
        .collect();
    assert_eq!(
        doctors,
        [(1, Some(1)), (2, Some(3)), (3, Some(2)), (4, Some(1))]
    );
    assert!(
        DEMO_TOKENS
            .iter()
            .filter(|t| t.role == "patient")
            .all(|t| t.clinic_id.is_none() && t.clinic_name().is_none())
    );
    assert_eq!(DEMO_TOKENS[3].clinic_name(), Some("Hudson Street Clinic"));
    let distinct: BTreeSet<&str> = DEMO_TOKENS.iter().map(|t| t.token).collect();
    assert_eq!(distinct.len(), DEMO_TOKENS.len());
    for t in DEMO_TOKENS {
        let parts: Vec<&str> = t.token.split('.').collect();
        assert_eq!(parts.len(), 3, "{}", t.token);
        let header: Value = serde_json::from_slice(&base64url_decode(parts[0])).unwrap();
        assert_eq!(header["alg"], "HS256");
        let payload: Value = serde_json::from_slice(&base64url_decode(parts[1])).unwrap();
        assert_eq!(payload["sub"], format!("{}-{}", t.role, t.user_id));
        assert_eq!(payload["role"], t.role);
        assert_eq!(payload["name"], t.name);
        assert_eq!(
            base64url_decode(parts[2]).len(),
            32,
            "an HS256-sized signature"
        );
    }
    assert_eq!(DEMO_TOKENS[0].token, PATIENT_TOKEN);
    assert_eq!(DEMO_TOKENS[1].token, PATIENT2_TOKEN);
    assert_eq!(DEMO_TOKENS[3].token, DOCTOR_TOKEN);
    let expired: Value = serde_json::from_slice(&base64url_decode(
        EXPIRED_PATIENT_TOKEN.split('.').nth(1).unwrap(),
    ))
    .unwrap();
    assert!(expired["exp"].as_i64().unwrap() < Timestamp::now().as_second());
}

#[tokio::test]
async fn doctor_user_tokens_map_to_doctors_1_and_2() {
    let api = Api::start().await;
    for (token, doctor) in [(DOCTOR_TOKEN, 1), (DOCTOR2_TOKEN, 2)] {
        let page = api.get("/appointments/doctor", Some(token)).await.body;
        let data = page["data"].as_array().unwrap();
        assert!(!data.is_empty());
        for item in data {
            let full = api
                .get(&format!("/appointments/{}", item["id"]), Some(token))
                .await;
            assert_eq!(full.status, 200);
            assert_eq!(full.body["doctor"]["id"], doctor);
        }
    }
    api.shutdown().await;
}

#[tokio::test]
async fn pagination_shape_and_bounds() {
    let api = Api::start().await;
    // patient 2 has appointments 2 and 3
    let page = api.get("/appointments/my", Some(PATIENT2_TOKEN)).await.body;
    assert_eq!(page["total"], 2);
    assert_eq!(page["page"], 1);
    assert_eq!(page["limit"], 20);
    assert_eq!(page["totalPages"], 1);
    let ids: Vec<u64> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2, 3], "ordered by id");
    let item = &page["data"][0];
    let keys: BTreeSet<&str> = item
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "id",
            "status",
            "slotId",
            "startTime",
            "endTime",
            "doctor",
            "priority",
            "rejectionReason"
        ])
    );
    let doctor_keys: BTreeSet<&str> = item["doctor"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(doctor_keys, BTreeSet::from(["id", "name", "specialty"]));

    let p1 = api
        .get("/appointments/my?limit=1&page=1", Some(PATIENT2_TOKEN))
        .await
        .body;
    let p2 = api
        .get("/appointments/my?page=2&limit=1", Some(PATIENT2_TOKEN))
        .await
        .body;
    let p3 = api
        .get("/appointments/my?page=3&limit=1", Some(PATIENT2_TOKEN))
        .await
        .body;
    assert_eq!(
        (p1["data"][0]["id"].clone(), p1["totalPages"].clone()),
        (2.into(), 2.into())
    );
    assert_eq!(p2["data"][0]["id"], 3);
    assert_eq!(p3["data"], Value::Array(vec![]));
    assert_eq!(p3["total"], 2);
    assert_eq!(
        api.get("/appointments/my?limit=100", Some(PATIENT2_TOKEN))
            .await
            .body["limit"],
        100
    );

    // the doctor view carries the patient instead of the doctor
    let page = api
        .get("/appointments/doctor", Some(DOCTOR_TOKEN))
        .await
        .body;
    assert_eq!(page["total"], 2);
    for item in page["data"].as_array().unwrap() {
        let keys: BTreeSet<&str> = item
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            BTreeSet::from([
                "id",
                "status",
                "slotId",
                "startTime",
                "endTime",
                "patient",
                "priority",
                "rejectionReason"
            ])
        );
    }
    assert_eq!(
        page["data"][0]["patient"],
        serde_json::json!({"id": 1, "name": "Alice Moreau"})
    );

    // a patient without appointments
    let empty = api.get("/appointments/my", Some(PATIENT3_TOKEN)).await.body;
    assert_eq!(
        empty["total"], 1,
        "patient 3 has the cancelled appointment 4"
    );
    api.shutdown().await;
}

#[tokio::test]
async fn hostile_input_never_panics() {
    let api = Api::start().await;
    let paths = [
        "/doctors/%FF",
        "/doctors/%00/slots",
        "/appointments/%F0%9F%98%80",
        "/doctors/18446744073709551616",
        "/doctors/18446744073709551615",
        "/appointments/my?page=%FF&limit=%",
        "/appointments/my?limit=1e2",
    ];
    for path in paths {
        let resp = api.get(path, Some(PATIENT_TOKEN)).await;
        assert!(
            matches!(resp.status, 400 | 404),
            "{path}: {} {}",
            resp.status,
            resp.body
        );
        assert!(resp.body["errorCode"].is_string(), "{path}: {}", resp.body);
    }
    let huge = format!("{{\"slotId\": {}}}", "9".repeat(10_000));
    let request = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "application/json")
        .body(huge);
    send(request).await.assert_error(400, "VALIDATION_ERROR");
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let request = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "application/json")
        .body(nested);
    send(request).await.assert_error(400, "VALIDATION_ERROR");
    let request = api
        .client
        .post(format!("{}/appointments", api.base))
        .bearer_auth(PATIENT_TOKEN)
        .header("content-type", "application/json")
        .header("idempotency-key", "ключ-ключ-ключ".as_bytes());
    send(request).await.assert_error(400, "VALIDATION_ERROR");
    // the server still answers
    assert_eq!(api.get("/doctors", None).await.status, 200);
    api.shutdown().await;
}
