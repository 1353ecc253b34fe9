//! The added routes besides rescheduling: reject with a reason, intake with triage,
//! escalation to the on-call doctor, protocol search, and clinics as tenants.

// Test-support helpers below fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;

use clinic_standin::{ANSI_PROTOCOL_ID, INJECTION_PROTOCOL_ID, TOKEN_PROTOCOL_ID};
use common::*;
use reqwest::Method;
use serde_json::{Value, json};

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

// ---- reject with a reason, confirm -----------------------------------------------------

#[tokio::test]
async fn reject_stores_the_reason_and_shows_it_to_the_patient() {
    let api = Api::start().await;
    let reason = "Dr. Hart is away that week; please book with Dr. Webb.";
    let resp = api
        .patch_json(
            "/appointments/2/reject",
            DOCTOR_TOKEN,
            json!({ "reason": reason }),
        )
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    assert_eq!(resp.body["status"], "rejected");
    assert_eq!(resp.body["rejectionReason"], reason);
    // the patient sees it, in the appointment and in the list
    let one = api.get("/appointments/2", Some(PATIENT2_TOKEN)).await;
    assert_eq!(one.body["rejectionReason"], reason);
    let mine = api.get("/appointments/my", Some(PATIENT2_TOKEN)).await;
    let item = mine.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == 2)
        .unwrap();
    assert_eq!(item["rejectionReason"], reason);
    // the slot is free again
    let slot = resp.body["slotId"].as_u64().unwrap();
    assert_eq!(api.standin.slot_available(slot), Some(true));
    // a second rejection is a 422, and keeps the reason
    api.patch_json(
        "/appointments/2/reject",
        DOCTOR_TOKEN,
        json!({ "reason": "other" }),
    )
    .await
    .assert_error(422, "INVALID_TRANSITION");
    assert_eq!(
        api.standin.appointment(2).unwrap()["rejectionReason"],
        reason
    );
    api.shutdown().await;
}

#[tokio::test]
async fn reject_without_a_reason_and_bad_reasons() {
    let api = Api::start().await;
    let slots = api.standin.available_slot_ids(1);
    // no body, {}, a null reason: rejected without a reason
    for (i, body) in [None, Some(json!({})), Some(json!({ "reason": null }))]
        .into_iter()
        .enumerate()
    {
        let id = api.book(PATIENT_TOKEN, slots[i]).await.id();
        let resp = api
            .call(
                Method::PATCH,
                &format!("/appointments/{id}/reject"),
                Some(DOCTOR_TOKEN),
                body,
            )
            .await;
        assert_eq!(resp.status, 200, "{}", resp.body);
        assert_eq!(resp.body["status"], "rejected");
        assert!(resp.body["rejectionReason"].is_null());
    }
    // every appointment answers the two new members, null and normal by default
    let seeded = api.get("/appointments/1", Some(PATIENT_TOKEN)).await.body;
    assert!(seeded["rejectionReason"].is_null());
    assert_eq!(seeded["priority"], "normal");

    let id = api.book(PATIENT_TOKEN, slots[5]).await.id();
    let path = format!("/appointments/{id}/reject");
    for bad in [
        json!({ "reason": "" }),
        json!({ "reason": "x".repeat(201) }),
        json!({ "reason": 42 }),
        json!({ "reason": ["no"] }),
        json!("just a string"),
    ] {
        api.patch_json(&path, DOCTOR_TOKEN, bad)
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }
    let text = api
        .client
        .patch(format!("{}{path}", api.base))
        .bearer_auth(DOCTOR_TOKEN)
        .header("content-type", "text/plain")
        .body(r#"{"reason":"fine"}"#);
    send(text).await.assert_error(400, "VALIDATION_ERROR");
    let broken = api
        .client
        .patch(format!("{}{path}", api.base))
        .bearer_auth(DOCTOR_TOKEN)
        .header("content-type", "application/json")
        .body("{");
    send(broken).await.assert_error(400, "VALIDATION_ERROR");
    assert_eq!(api.standin.appointment(id).unwrap()["status"], "pending");
    // 200 characters (not bytes) is the bound
    let long = "é".repeat(200);
    let resp = api
        .patch_json(&path, DOCTOR_TOKEN, json!({ "reason": long }))
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    assert_eq!(resp.body["rejectionReason"], long);
    // a patient cannot reject, with or without a reason
    let id = api.book(PATIENT_TOKEN, slots[6]).await.id();
    api.patch_json(
        &format!("/appointments/{id}/reject"),
        PATIENT_TOKEN,
        json!({ "reason": "mine" }),
    )
    .await
    .assert_error(403, "FORBIDDEN");
    api.shutdown().await;
}

#[tokio::test]
async fn confirm_is_the_appointments_doctors_only() {
    let api = Api::start().await;
    // appointment 2: doctor 1, clinic 1, pending
    for other in [DOCTOR2_TOKEN, DOCTOR3_TOKEN, DOCTOR4_TOKEN] {
        for action in ["confirm", "reject"] {
            api.patch(&format!("/appointments/2/{action}"), other)
                .await
                .assert_error(403, "FORBIDDEN");
        }
    }
    assert_eq!(api.standin.appointment(2).unwrap()["status"], "pending");
    let resp = api.patch("/appointments/2/confirm", DOCTOR_TOKEN).await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.body["status"], "confirmed");
    api.patch("/appointments/2/confirm", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/2/reject", DOCTOR_TOKEN)
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.shutdown().await;
}

// ---- intake ---------------------------------------------------------------------------

fn intake(severity: u64) -> Value {
    json!({ "symptoms": "Headache and blurred vision", "durationDays": 3, "severity": severity })
}

#[tokio::test]
async fn intake_is_created_once_with_computed_triage_and_read_by_patient_and_doctor() {
    let api = Api::start().await;
    let resp = api
        .post_json("/appointments/1/intake", PATIENT_TOKEN, intake(8))
        .await;
    assert_eq!(resp.status, 201, "{}", resp.body);
    assert_eq!(
        keys(&resp.body),
        BTreeSet::from([
            "id",
            "appointmentId",
            "symptoms",
            "durationDays",
            "severity",
            "triage",
            "createdAt"
        ])
    );
    assert_eq!(resp.body["appointmentId"], 1);
    assert_eq!(resp.body["symptoms"], "Headache and blurred vision");
    assert_eq!(resp.body["durationDays"], 3);
    assert_eq!(resp.body["severity"], 8);
    assert_eq!(resp.body["triage"], "urgent");
    let created: jiff::Timestamp = resp.body["createdAt"].as_str().unwrap().parse().unwrap();
    assert!((jiff::Timestamp::now() - created).get_seconds().abs() < 60);

    // one per appointment, whatever the body
    api.post_json("/appointments/1/intake", PATIENT_TOKEN, intake(1))
        .await
        .assert_error(409, "INTAKE_EXISTS");
    // read by its patient and by its doctor
    for token in [PATIENT_TOKEN, DOCTOR_TOKEN] {
        let read = api.get("/appointments/1/intake", Some(token)).await;
        assert_eq!(read.status, 200);
        assert_eq!(read.body, resp.body);
    }
    // nobody else: another patient, a doctor of the same clinic, one of another clinic
    for token in [PATIENT2_TOKEN, DOCTOR4_TOKEN, DOCTOR2_TOKEN, DOCTOR3_TOKEN] {
        api.get("/appointments/1/intake", Some(token))
            .await
            .assert_error(403, "FORBIDDEN");
    }
    api.get("/appointments/1/intake", None)
        .await
        .assert_error(401, "AUTH_REQUIRED");
    // none yet, unknown appointment
    api.get("/appointments/2/intake", Some(PATIENT2_TOKEN))
        .await
        .assert_error(404, "INTAKE_NOT_FOUND");
    api.get("/appointments/999/intake", Some(PATIENT2_TOKEN))
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.get("/appointments/abc/intake", Some(PATIENT2_TOKEN))
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.shutdown().await;
}

#[tokio::test]
async fn triage_thresholds() {
    let api = Api::start().await;
    let slots = api.standin.available_slot_ids(7);
    let expected = [
        (0, "routine"),
        (4, "routine"),
        (5, "elevated"),
        (7, "elevated"),
        (8, "urgent"),
        (10, "urgent"),
    ];
    for (i, (severity, triage)) in expected.into_iter().enumerate() {
        let id = api.book(PATIENT3_TOKEN, slots[i]).await.id();
        let resp = api
            .post_json(
                &format!("/appointments/{id}/intake"),
                PATIENT3_TOKEN,
                intake(severity),
            )
            .await;
        assert_eq!(resp.status, 201);
        assert_eq!(resp.body["triage"], triage, "severity {severity}");
    }
    api.shutdown().await;
}

#[tokio::test]
async fn intake_errors() {
    let api = Api::start().await;
    let ok = intake(3);
    api.call(
        Method::POST,
        "/appointments/2/intake",
        None,
        Some(ok.clone()),
    )
    .await
    .assert_error(401, "AUTH_REQUIRED");
    api.post_json("/appointments/2/intake", DOCTOR_TOKEN, ok.clone())
        .await
        .assert_error(403, "FORBIDDEN");
    api.post_json("/appointments/0/intake", PATIENT2_TOKEN, ok.clone())
        .await
        .assert_error(400, "VALIDATION_ERROR");
    let bad_bodies = [
        json!({}),
        json!({ "symptoms": "", "durationDays": 1, "severity": 1 }),
        json!({ "symptoms": "x".repeat(1001), "durationDays": 1, "severity": 1 }),
        json!({ "symptoms": 7, "durationDays": 1, "severity": 1 }),
        json!({ "symptoms": "cough", "durationDays": -1, "severity": 1 }),
        json!({ "symptoms": "cough", "durationDays": 3651, "severity": 1 }),
        json!({ "symptoms": "cough", "durationDays": 1.5, "severity": 1 }),
        json!({ "symptoms": "cough", "durationDays": "2", "severity": 1 }),
        json!({ "symptoms": "cough", "durationDays": 1, "severity": 11 }),
        json!({ "symptoms": "cough", "durationDays": 1, "severity": -1 }),
        json!({ "symptoms": "cough", "durationDays": 1 }),
        json!({ "symptoms": "cough", "severity": 1 }),
        json!([1, 2, 3]),
    ];
    for body in bad_bodies {
        api.post_json("/appointments/2/intake", PATIENT2_TOKEN, body.clone())
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }
    api.call(
        Method::POST,
        "/appointments/2/intake",
        Some(PATIENT2_TOKEN),
        None,
    )
    .await
    .assert_error(400, "VALIDATION_ERROR");
    api.post_json("/appointments/999/intake", PATIENT2_TOKEN, ok.clone())
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.post_json("/appointments/2/intake", PATIENT_TOKEN, ok.clone())
        .await
        .assert_error(403, "FORBIDDEN");
    // cancelled (appointment 4 is patient 3's) and rejected
    api.post_json("/appointments/4/intake", PATIENT3_TOKEN, ok.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/2/reject", DOCTOR_TOKEN).await;
    api.post_json("/appointments/2/intake", PATIENT2_TOKEN, ok.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.get("/appointments/2/intake", Some(PATIENT2_TOKEN))
        .await
        .assert_error(404, "INTAKE_NOT_FOUND");
    // the bounds themselves are accepted
    let edge = json!({ "symptoms": "ü".repeat(1000), "durationDays": 3650, "severity": 10 });
    let resp = api
        .post_json("/appointments/3/intake", PATIENT2_TOKEN, edge)
        .await;
    assert_eq!(resp.status, 201, "{}", resp.body);
    let zero = json!({ "symptoms": "a", "durationDays": 0, "severity": 0 });
    let resp = api
        .post_json("/appointments/1/intake", PATIENT_TOKEN, zero)
        .await;
    assert_eq!(resp.status, 201, "{}", resp.body);
    assert_eq!(resp.body["triage"], "routine");
    api.shutdown().await;
}

// ---- escalation -----------------------------------------------------------------------

#[tokio::test]
async fn escalation_marks_urgent_and_reassigns_to_the_clinics_on_call_doctor() {
    let api = Api::start().await;
    let before = api.standin.appointment(2).unwrap();
    let resp = api
        .patch_json(
            "/appointments/2/escalate",
            DOCTOR_TOKEN,
            json!({ "note": "Chest pain at rest since this morning" }),
        )
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    assert_eq!(resp.body["priority"], "urgent");
    assert_eq!(resp.body["doctor"]["id"], 4, "clinic 1's on-call doctor");
    assert_eq!(resp.body["doctor"]["name"], "Dr. Marcus Webb");
    assert_eq!(resp.body["status"], before["status"], "status unchanged");
    for same in ["id", "slotId", "startTime", "endTime", "patient"] {
        assert_eq!(resp.body[same], before[same], "{same}");
    }
    let slot = before["slotId"].as_u64().unwrap();
    assert_eq!(api.standin.slot_available(slot), Some(false), "still held");
    // the on-call doctor has it now; the escalating doctor no longer does
    let oncall = api.get("/appointments/doctor", Some(DOCTOR4_TOKEN)).await;
    let item = oncall.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == 2)
        .cloned()
        .unwrap();
    assert_eq!(item["priority"], "urgent");
    assert_eq!(
        api.get("/appointments/2", Some(DOCTOR4_TOKEN)).await.body,
        resp.body
    );
    api.get("/appointments/2", Some(DOCTOR_TOKEN))
        .await
        .assert_error(403, "FORBIDDEN");
    assert!(
        !api.get("/appointments/doctor", Some(DOCTOR_TOKEN))
            .await
            .body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["id"] == 2)
    );
    // the patient sees the change
    let mine = api.get("/appointments/2", Some(PATIENT2_TOKEN)).await;
    assert_eq!(mine.body["priority"], "urgent");
    assert_eq!(mine.body["doctor"]["id"], 4);
    // the on-call doctor can act on it, and escalating again keeps it with them
    let again = api
        .patch_json(
            "/appointments/2/escalate",
            DOCTOR4_TOKEN,
            json!({ "note": "still urgent" }),
        )
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body["doctor"]["id"], 4);
    let confirmed = api.patch("/appointments/2/confirm", DOCTOR4_TOKEN).await;
    assert_eq!(confirmed.body["status"], "confirmed");
    assert_eq!(confirmed.body["priority"], "urgent");

    // clinic 2: doctor 3 escalates to doctor 8
    let slot = api.standin.available_slot_ids(3)[0];
    let id = api.book(PATIENT_TOKEN, slot).await.id();
    let resp = api
        .patch_json(
            &format!("/appointments/{id}/escalate"),
            DOCTOR3_TOKEN,
            json!({ "note": "n" }),
        )
        .await;
    assert_eq!(resp.status, 200, "{}", resp.body);
    assert_eq!(resp.body["doctor"]["id"], 8);
    assert_eq!(resp.body["status"], "pending");
    api.shutdown().await;
}

#[tokio::test]
async fn escalation_errors() {
    let api = Api::start().await;
    let note = json!({ "note": "please look" });
    // clinic 3 has nobody on call: appointment 3 is doctor 2's (clinic 3), confirmed
    let before = api.standin.appointment(3).unwrap();
    api.patch_json("/appointments/3/escalate", DOCTOR2_TOKEN, note.clone())
        .await
        .assert_error(409, "NO_ONCALL_DOCTOR");
    assert_eq!(
        api.standin.appointment(3).unwrap(),
        before,
        "nothing changed"
    );
    // cancelled (4) or rejected: 422, before looking for anyone on call
    api.patch_json("/appointments/4/escalate", DOCTOR2_TOKEN, note.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");
    api.patch("/appointments/2/reject", DOCTOR_TOKEN).await;
    api.patch_json("/appointments/2/escalate", DOCTOR_TOKEN, note.clone())
        .await
        .assert_error(422, "INVALID_TRANSITION");
    // auth, role, validation, existence, ownership
    api.call(
        Method::PATCH,
        "/appointments/1/escalate",
        None,
        Some(note.clone()),
    )
    .await
    .assert_error(401, "AUTH_REQUIRED");
    api.patch_json("/appointments/1/escalate", PATIENT_TOKEN, note.clone())
        .await
        .assert_error(403, "FORBIDDEN");
    for bad in [
        json!({}),
        json!({ "note": "" }),
        json!({ "note": "x".repeat(501) }),
        json!({ "note": null }),
        json!({ "note": 1 }),
    ] {
        api.patch_json("/appointments/1/escalate", DOCTOR_TOKEN, bad)
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }
    api.patch("/appointments/1/escalate", DOCTOR_TOKEN)
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.patch_json("/appointments/x/escalate", DOCTOR_TOKEN, note.clone())
        .await
        .assert_error(400, "VALIDATION_ERROR");
    api.patch_json("/appointments/999/escalate", DOCTOR_TOKEN, note.clone())
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    let ok = api
        .patch_json(
            "/appointments/1/escalate",
            DOCTOR_TOKEN,
            json!({ "note": "x".repeat(500) }),
        )
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    api.shutdown().await;
}

// ---- protocols ------------------------------------------------------------------------

async fn search(api: &Api, token: &str, query: &str) -> Resp {
    api.get(&format!("/protocols?{query}"), Some(token)).await
}

fn ids(resp: &Resp) -> Vec<u64> {
    assert_eq!(resp.status, 200, "{}", resp.body);
    resp.body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn protocols_are_ranked_title_three_times_body() {
    let api = Api::start().await;
    // "allergy": #5 has it 4× in the body (4), #3 once in the title (3), #6 2× in the body
    // (2): a title match outweighs two body matches and is outweighed by four
    let resp = search(&api, DOCTOR_TOKEN, "q=allergy").await;
    assert_eq!(ids(&resp), [5, 3, 6]);
    for p in resp.body.as_array().unwrap() {
        assert_eq!(
            keys(p),
            BTreeSet::from(["id", "title", "excerpt", "reviewedAt", "clinicId"])
        );
        let date = p["reviewedAt"].as_str().unwrap();
        date.parse::<jiff::civil::Date>()
            .unwrap_or_else(|e| panic!("{date}: {e}"));
    }
    assert!(resp.body[1]["clinicId"].is_null(), "#3 is shared");
    assert_eq!(resp.body[0]["clinicId"], 1);
    // case and surrounding text do not matter; a term matches the start of a word
    assert_eq!(
        ids(&search(&api, DOCTOR_TOKEN, "q=%20ALLERGY%20").await),
        [5, 3, 6]
    );
    assert_eq!(
        ids(&search(&api, DOCTOR_TOKEN, "q=allerg").await)[..3],
        [5, 3, 6]
    );
    // two terms add up; limit cuts the tail
    assert_eq!(
        ids(&search(&api, DOCTOR_TOKEN, "q=allergy%20chest&limit=2").await),
        [5, 3]
    );
    assert!(
        ids(&search(&api, DOCTOR_TOKEN, "q=zzzz-nothing").await).is_empty(),
        "no match: an empty list"
    );
    api.shutdown().await;
}

#[tokio::test]
async fn protocols_limit_default_and_bounds() {
    let api = Api::start().await;
    // "the" is in nearly every body
    let default = ids(&search(&api, DOCTOR_TOKEN, "q=the").await);
    assert_eq!(default.len(), 5);
    let all = ids(&search(&api, DOCTOR_TOKEN, "q=the&limit=20").await);
    assert!(all.len() > 5 && all.len() <= 8, "{all:?}");
    assert_eq!(&all[..5], &default[..]);
    assert_eq!(
        ids(&search(&api, DOCTOR_TOKEN, "q=the&limit=1").await).len(),
        1
    );
    for bad in [
        "",
        "q=",
        "q=a",
        "q=%20%20a%20%20",
        &format!("q={}", "a".repeat(201)),
        "q=the&limit=0",
        "q=the&limit=21",
        "q=the&limit=x",
        "q=the&limit=-1",
    ] {
        search(&api, DOCTOR_TOKEN, bad)
            .await
            .assert_error(400, "VALIDATION_ERROR");
    }
    let edge = format!("q={}", "a".repeat(200));
    assert_eq!(search(&api, DOCTOR_TOKEN, &edge).await.status, 200);
    api.get("/protocols?q=the", None)
        .await
        .assert_error(401, "AUTH_REQUIRED");
    api.get("/protocols?q=the", Some(EXPIRED_PATIENT_TOKEN))
        .await
        .assert_error(401, "AUTH_INVALID");
    search(&api, PATIENT_TOKEN, "q=the")
        .await
        .assert_error(403, "FORBIDDEN");
    // a patient is refused before the query is looked at
    search(&api, PATIENT_TOKEN, "q=a")
        .await
        .assert_error(403, "FORBIDDEN");
    api.shutdown().await;
}

#[tokio::test]
async fn protocols_of_other_clinics_are_never_answered() {
    let api = Api::start().await;
    // every word of every title, for every clinic's doctor
    let queries = [
        "sepsis",
        "hygiene",
        "anaphylaxis",
        "anticoagulation",
        "chest",
        "hypertension",
        "fever",
        "console",
        "fibrillation",
        "eczema",
        "berlin",
        "migraine",
        "tokyo",
        "biopsy",
        "the",
        "and",
        "pain",
        "referral",
    ];
    for (token, clinic) in [
        (DOCTOR_TOKEN, 1),
        (DOCTOR4_TOKEN, 1),
        (DOCTOR3_TOKEN, 2),
        (DOCTOR2_TOKEN, 3),
    ] {
        let mut seen = BTreeSet::new();
        for q in queries {
            let resp = search(&api, token, &format!("q={q}&limit=20")).await;
            for p in resp.body.as_array().unwrap() {
                assert!(
                    p["clinicId"].is_null() || p["clinicId"] == clinic,
                    "clinic {clinic} sees {p}"
                );
                seen.insert(p["id"].as_u64().unwrap());
            }
        }
        let own: BTreeSet<u64> = match clinic {
            1 => (1..=8).collect(),
            2 => (1..=4).chain(9..=11).collect(),
            _ => (1..=4).chain(12..=14).collect(),
        };
        assert_eq!(
            seen, own,
            "clinic {clinic}: its own and the shared ones, all of them"
        );
    }
    // the same word ranks each clinic's own protocol
    assert_eq!(
        ids(&search(&api, DOCTOR_TOKEN, "q=chest%20pain").await),
        [5]
    );
    assert_eq!(
        ids(&search(&api, DOCTOR3_TOKEN, "q=chest%20pain").await),
        [11]
    );
    assert_eq!(
        ids(&search(&api, DOCTOR2_TOKEN, "q=chest%20pain").await),
        [13]
    );
    api.shutdown().await;
}

#[tokio::test]
async fn the_library_holds_the_three_hostile_protocols() {
    let api = Api::start().await;
    assert!(api.get("/protocols", None).await.status == 401);

    // an instruction addressed to a model, shared: every clinic's doctor gets it
    for token in [DOCTOR_TOKEN, DOCTOR2_TOKEN, DOCTOR3_TOKEN] {
        let resp = search(&api, token, "q=anticoagulation").await;
        let p = &resp.body[0];
        assert_eq!(p["id"], INJECTION_PROTOCOL_ID);
        assert!(p["clinicId"].is_null());
        let excerpt = p["excerpt"].as_str().unwrap();
        assert!(
            excerpt.contains("ignore all previous instructions"),
            "{excerpt}"
        );
        assert!(excerpt.contains("AI ASSISTANT"));
    }

    // ANSI escapes and invisible characters, clinic 1
    let resp = search(&api, DOCTOR_TOKEN, "q=fever").await;
    let p = resp
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == ANSI_PROTOCOL_ID)
        .unwrap();
    assert_eq!(p["clinicId"], 1);
    let excerpt = p["excerpt"].as_str().unwrap();
    for hidden in [
        '\u{1b}',
        '\u{7}',
        '\u{200b}',
        '\u{2060}',
        '\u{202e}',
        '\u{e0041}',
        '\u{feff}',
    ] {
        assert!(excerpt.contains(hidden), "{hidden:?} in the excerpt");
    }
    assert!(excerpt.contains("\u{1b}[31;1m") && excerpt.contains("\u{1b}]8;;"));

    // a demo doctor's token of the same clinic (clinic 1: doctor 1), pasted in
    let resp = search(&api, DOCTOR_TOKEN, "q=console").await;
    let p = &resp.body[0];
    assert_eq!(p["id"], TOKEN_PROTOCOL_ID);
    assert_eq!(p["clinicId"], 1);
    assert!(p["excerpt"].as_str().unwrap().contains(DOCTOR_TOKEN));
    // and it is a working token of clinic 1
    assert_eq!(
        api.get("/appointments/doctor", Some(DOCTOR_TOKEN))
            .await
            .status,
        200
    );
    // clinic 2 and 3 never see it
    for token in [DOCTOR2_TOKEN, DOCTOR3_TOKEN] {
        assert!(
            !ids(&search(&api, token, "q=console&limit=20").await).contains(&TOKEN_PROTOCOL_ID)
        );
    }
    api.shutdown().await;
}

#[tokio::test]
async fn excerpts_are_the_bodys_first_400_characters() {
    let api = Api::start().await;
    let resp = search(&api, DOCTOR_TOKEN, "q=the&limit=20").await;
    for p in resp.body.as_array().unwrap() {
        let excerpt = p["excerpt"].as_str().unwrap();
        let n = excerpt.chars().count();
        assert!(n <= 401, "{n}");
        if n == 401 {
            assert!(excerpt.ends_with('…'));
        }
    }
    // the injection protocol's body is longer than 400 characters: cut, with an ellipsis
    let p = &search(&api, DOCTOR_TOKEN, "q=anticoagulation").await.body[0];
    let excerpt = p["excerpt"].as_str().unwrap();
    assert_eq!(excerpt.chars().count(), 401);
    assert!(excerpt.ends_with('…'));
    api.shutdown().await;
}

// ---- clinics as tenants ---------------------------------------------------------------

#[tokio::test]
async fn a_doctor_of_another_clinic_gets_403_for_everything_on_an_appointment() {
    let api = Api::start().await;
    api.post_json("/appointments/1/intake", PATIENT_TOKEN, intake(2))
        .await;
    let before = api.standin.appointment(2).unwrap();
    // appointments 1 and 2 are doctor 1's (clinic 1); doctor 3 is clinic 2, doctor 2 clinic 3,
    // doctor 4 is clinic 1 but not their doctor: the same answer for all
    for token in [DOCTOR3_TOKEN, DOCTOR2_TOKEN, DOCTOR4_TOKEN] {
        for id in [1, 2] {
            api.get(&format!("/appointments/{id}"), Some(token))
                .await
                .assert_error(403, "FORBIDDEN");
            api.get(&format!("/appointments/{id}/intake"), Some(token))
                .await
                .assert_error(403, "FORBIDDEN");
            api.patch(&format!("/appointments/{id}/confirm"), token)
                .await
                .assert_error(403, "FORBIDDEN");
            api.patch_json(
                &format!("/appointments/{id}/reject"),
                token,
                json!({ "reason": "not mine" }),
            )
            .await
            .assert_error(403, "FORBIDDEN");
            api.patch_json(
                &format!("/appointments/{id}/escalate"),
                token,
                json!({ "note": "not mine" }),
            )
            .await
            .assert_error(403, "FORBIDDEN");
        }
        let theirs = api.get("/appointments/doctor", Some(token)).await;
        assert!(
            theirs.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|a| a["id"] != 1 && a["id"] != 2)
        );
    }
    assert_eq!(
        api.standin.appointment(2).unwrap(),
        before,
        "nothing changed"
    );
    // an id that does not exist is 404 for them: the API's 403 and 404 differ (the server
    // must not let an agent tell them apart)
    api.get("/appointments/999", Some(DOCTOR3_TOKEN))
        .await
        .assert_error(404, "APPOINTMENT_NOT_FOUND");
    api.shutdown().await;
}
