//! The confirmation of destructive calls over HTTP (issue 29): `serve --http` processes sharing
//! a key file, behind a round-robin forwarder (`http_replicas`), with the stand-in
//! authorization server and the stand-in API in audience mode. A 2026-07-28 cancel asked by one
//! replica is confirmed on the other; the sealed `requestState` is refused when tampered with,
//! expired, sealed by a key no longer held, or retried for other arguments, another caller or a
//! question that changed; a replay changes nothing more; the previous key is accepted while it
//! is configured. Older clients outside a session are not offered the destructive tools over
//! HTTP (in a session they are: http_sessions.rs).
// Test support: panicking is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use http_replicas::{CLIENT_SECRET, World};
use serde_json::{Value, json};
use std::time::Duration;

mod common;
mod http_replicas;

const OLD_KEY: [u8; 32] = [0x11; 32];
const NEW_KEY: [u8; 32] = [0x22; 32];

/// The `_meta` of a 2026-07-28 request from a client that declares elicitation.
fn meta_2026() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        "io.modelcontextprotocol/clientInfo": {"name": "http-confirm-test", "version": "1"},
    })
}

/// A 2026-07-28 `tools/call` of `cancel_appointment` for `id`; with `state` and `answer`, the
/// retry carrying them.
fn cancel(id: u64, retry: Option<(&str, Value)>) -> Value {
    let mut params = json!({
        "name": "cancel_appointment",
        "arguments": {"appointment_id": id},
        "_meta": meta_2026(),
    });
    if let Some((state, answer)) = retry {
        params["requestState"] = json!(state);
        params["inputResponses"] = json!({"confirm": answer});
    }
    json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": params})
}

fn yes() -> Value {
    json!({"action": "accept", "content": {"confirm": true}})
}

/// The `requestState` of an `input_required` answer, after checking it asks about `id`.
fn asked(answer: &Value, id: u64) -> String {
    let result = &answer["result"];
    assert_eq!(result["resultType"], "input_required", "{answer}");
    let message = result["inputRequests"]["confirm"]["params"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(
        message.starts_with(&format!("Cancel appointment {id}?")),
        "{message}"
    );
    result["requestState"].as_str().unwrap().to_owned()
}

/// The error code of a tool's answer.
fn code(answer: &Value) -> &str {
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    answer["result"]["structuredContent"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"))
}

#[tokio::test]
async fn a_cancel_asked_by_one_replica_is_confirmed_by_the_other() {
    let w = World::new("across").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let b = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let log = w.forward(&[&a, &b]);
    let token = w.token("patient-1");
    let first = w.rpc(None, &token, &cancel(id, None)).await;
    let state = asked(&first, id);
    assert_eq!(w.cancels(id), 0, "nothing is sent before the answer");
    let done = w
        .rpc(None, &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(
        *log.lock().unwrap(),
        vec![0, 1],
        "asked by a, answered on b"
    );
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(done["result"]["structuredContent"]["status"], "cancelled");
    assert_eq!(w.status(id), "cancelled");
    assert_eq!(w.cancels(id), 1);
    // The state carries no token, in any part.
    for secret in [token.as_str(), CLIENT_SECRET] {
        for part in secret.split('.').filter(|p| p.len() > 8) {
            assert!(!state.contains(part));
        }
    }
}

/// A replayed state and answer, once the change is made: the appointment is no longer what the
/// question showed (its status), so the replay is asked again, and nothing more is sent.
#[tokio::test]
async fn a_replayed_state_changes_nothing_more() {
    let w = World::new("replay").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let b = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    let retry = cancel(id, Some((&state, yes())));
    let done = w.rpc(Some(&b), &token, &retry).await;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    for replica in [&a, &b] {
        let replayed = w.rpc(Some(replica), &token, &retry).await;
        let again = asked(&replayed, id);
        assert_ne!(again, state);
    }
    assert_eq!(w.cancels(id), 1, "{:?}", w.standin.requests());
    assert_eq!(w.status(id), "cancelled");
}

#[tokio::test]
async fn a_tampered_state_is_declined() {
    let w = World::new("tampered").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    // one character of the sealed part changed
    let mut tampered = state.clone().into_bytes();
    let last = tampered.len() - 5;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    for forged in [tampered.as_str(), "s1.AAAA", "f".repeat(32).as_str()] {
        let answer = w
            .rpc(Some(&a), &token, &cancel(id, Some((forged, yes()))))
            .await;
        assert_eq!(code(&answer), "CONFIRMATION_DECLINED", "{forged}");
    }
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

#[tokio::test]
async fn an_expired_state_is_declined() {
    let w = World::new("expired").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w
        .replica(Some(&keys), &["--confirmation-timeout-ms", "300"])
        .await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(id, None)).await, id);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&answer), "CONFIRMATION_DECLINED");
    assert!(
        answer["result"]["structuredContent"]["message"]
            .as_str()
            .unwrap()
            .contains("in time"),
        "{answer}"
    );
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// Rotation: a state sealed with the old key is accepted by a replica holding the new key and
/// the old one, and refused by one holding only the new key.
#[tokio::test]
async fn the_previous_key_is_accepted_while_configured_and_refused_once_removed() {
    let w = World::new("rotation").await;
    let old = w.key_file("old", &[OLD_KEY]);
    let rolling = w.key_file("rolling", &[NEW_KEY, OLD_KEY]);
    let new = w.key_file("new", &[NEW_KEY]);
    let sealing_old = w.replica(Some(&old), &[]).await;
    let both = w.replica(Some(&rolling), &[]).await;
    let new_only = w.replica(Some(&new), &[]).await;
    let token = w.token("patient-1");

    let id = w.booked(&sealing_old).await;
    let state = asked(
        &w.rpc(Some(&sealing_old), &token, &cancel(id, None)).await,
        id,
    );
    let refused = w
        .rpc(Some(&new_only), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&refused), "CONFIRMATION_DECLINED");
    assert_eq!(w.cancels(id), 0);
    let done = w
        .rpc(Some(&both), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(w.status(id), "cancelled");
    assert_eq!(w.cancels(id), 1);
}

/// A state sealed under a key this replica never held (another deployment's) is declined.
#[tokio::test]
async fn a_state_sealed_with_another_key_is_declined() {
    let w = World::new("wrong-key").await;
    let ours = w.key_file("ours", &[OLD_KEY]);
    let theirs = w.key_file("theirs", &[NEW_KEY]);
    let a = w.replica(Some(&ours), &[]).await;
    let other = w.replica(Some(&theirs), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&other), &token, &cancel(id, None)).await, id);
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    assert_eq!(code(&answer), "CONFIRMATION_DECLINED");
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// A yes given for one appointment is no yes for another: the retry naming other arguments is
/// asked about its own.
#[tokio::test]
async fn a_state_retried_with_other_arguments_is_asked_again() {
    let w = World::new("other-args").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let first = w.booked(&a).await;
    let second = w.booked(&a).await;
    let token = w.token("patient-1");
    let state = asked(&w.rpc(Some(&a), &token, &cancel(first, None)).await, first);
    let answer = w
        .rpc(Some(&a), &token, &cancel(second, Some((&state, yes()))))
        .await;
    asked(&answer, second);
    assert_eq!(w.cancels(first) + w.cancels(second), 0);
    assert_eq!(w.status(second), "pending");
}

/// Another caller retrying with a state and a yes it was handed changes nothing: its own call
/// on that appointment reaches nothing (not its appointment), and the state is bound to the
/// caller that was asked (`sub`), not to whoever holds it.
#[tokio::test]
async fn a_state_retried_by_another_caller_changes_nothing() {
    let w = World::new("other-caller").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let state = asked(
        &w.rpc(Some(&a), &w.token("patient-1"), &cancel(id, None))
            .await,
        id,
    );
    let answer = w
        .rpc(
            Some(&a),
            &w.token("patient-2"),
            &cancel(id, Some((&state, yes()))),
        )
        .await;
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    assert_ne!(answer["result"]["resultType"], "input_required");
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// The appointment moved between the question and the answer: the yes was to another
/// question, which is asked again, and nothing is sent.
#[tokio::test]
async fn a_state_whose_question_changed_is_asked_again() {
    let w = World::new("other-question").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let token = w.token("patient-1");
    let first = w.rpc(Some(&a), &token, &cancel(id, None)).await;
    let state = asked(&first, id);
    let slot = common::open_slot(&w.standin, 2);
    let moved = w
        .rpc(
            Some(&a),
            &token,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
                "name": "reschedule_appointment",
                "arguments": {"appointment_id": id, "slot_id": slot,
                    "idempotency_key": format!("http-confirm-move-{id}")}}}),
        )
        .await;
    assert_eq!(moved["result"]["isError"], json!(false), "{moved}");
    let answer = w
        .rpc(Some(&a), &token, &cancel(id, Some((&state, yes()))))
        .await;
    let again = asked(&answer, id);
    assert_ne!(
        answer["result"]["inputRequests"]["confirm"]["params"]["message"],
        first["result"]["inputRequests"]["confirm"]["params"]["message"]
    );
    assert_ne!(again, state);
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
}

/// Who is offered `cancel_appointment`: a 2026-07-28 client declaring elicitation, on a server
/// with a key. An older client outside a session (no per-request `_meta` and no
/// `Mcp-Session-Id`: it would answer in a POST of its own, which nothing routes to the asker), a
/// client that does not declare elicitation, and any client of a server without a key are not,
/// and calling it answers as an unknown name.
#[tokio::test]
async fn only_clients_that_can_answer_are_offered_the_destructive_tools() {
    let w = World::new("offered").await;
    let keys = w.key_file("keys", &[OLD_KEY]);
    let keyed = w.replica(Some(&keys), &[]).await;
    let keyless = w.replica(None, &[]).await;
    let token = w.token("patient-1");
    let list = |meta: Option<Value>| {
        let mut params = json!({});
        if let Some(meta) = meta {
            params["_meta"] = meta;
        }
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": params})
    };
    let offered = |answer: &Value| {
        answer["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"))
            .iter()
            .any(|t| t["name"] == "cancel_appointment")
    };
    let mut no_elicitation = meta_2026();
    no_elicitation["io.modelcontextprotocol/clientCapabilities"] = json!({});
    assert!(offered(
        &w.rpc(Some(&keyed), &token, &list(Some(meta_2026()))).await
    ));
    assert!(!offered(&w.rpc(Some(&keyed), &token, &list(None)).await));
    assert!(!offered(
        &w.rpc(Some(&keyed), &token, &list(Some(no_elicitation)))
            .await
    ));
    assert!(!offered(
        &w.rpc(Some(&keyless), &token, &list(Some(meta_2026())))
            .await
    ));
    let id = w.booked(&keyed).await;
    let legacy = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "cancel_appointment", "arguments": {"appointment_id": id}}});
    for (replica, call) in [(&keyed, &legacy), (&keyless, &cancel(id, None))] {
        let answer = w.rpc(Some(replica), &token, call).await;
        assert_eq!(
            answer["error"]["message"], "Tool cancel_appointment not found",
            "{answer}"
        );
    }
    assert_eq!(w.status(id), "pending");
    // the operator is told why at start-up
    let said = keyless.stderr();
    assert!(
        said.contains("no --confirmation-key-file (CLINIC_CONFIRMATION_KEY_FILE): the destructive tools are not offered over HTTP"),
        "{said}"
    );
    assert!(!keyed.stderr().contains("--confirmation-key-file"));
}
