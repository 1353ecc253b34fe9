//! ASI06 Memory and context poisoning, through the protocol library: people write protocols, and
//! the stand-in's library holds three hostile ones (an instruction to the model, ANSI escapes and
//! invisible characters, a doctor's token pasted in). Through the MCP path each arrives
//! neutralised by the output screen, and the result says text was taken out (`removed_text`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::screen::WITHHELD;
use clinic_mcp::{Profile, SessionRole};
use clinic_standin::{ANSI_PROTOCOL_ID, DOCTOR4_TOKEN, INJECTION_PROTOCOL_ID, TOKEN_PROTOCOL_ID};
use common::*;
use serde_json::{Value, json};

/// Search as doctor 4 (clinic 1, which holds the ANSI and token protocols; the injection is
/// shared) and return the result and the index of protocol `id` in it.
async fn search(query: &str, id: u64) -> (Value, usize, String) {
    let api = standin().await;
    let c = client_for(
        &api,
        Profile::Full,
        SessionRole::Doctor,
        Some(DOCTOR4_TOKEN),
    )
    .await;
    let r = call_ok(&c, "search_protocols", json!({"query": query, "limit": 20})).await;
    let i = r["protocols"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p["protocol_id"] == id)
        .unwrap_or_else(|| panic!("protocol {id} not found by {query:?}: {r}"));
    let text = serde_json::to_string(&r).unwrap();
    (r, i, text)
}

fn assert_listed(r: &Value, pointer: &str) {
    let listed: Vec<&str> = r["removed_text"]
        .as_array()
        .unwrap_or_else(|| panic!("no removed_text in {r}"))
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(listed.contains(&pointer), "{pointer} not in {listed:?}");
}

#[tokio::test]
async fn a_protocol_carrying_an_instruction_is_withheld_and_said_to_be() {
    let (r, i, text) = search("anticoagulation", INJECTION_PROTOCOL_ID).await;
    assert_eq!(r["protocols"][i]["excerpt"], WITHHELD);
    assert_listed(&r, &format!("/protocols/{i}/excerpt"));
    for bad in [
        "ignore all previous",
        "system prompt",
        "maintenance mode",
        "cancel_appointment",
        "Do not mention",
    ] {
        assert!(!text.contains(bad), "{bad:?} reached the agent: {text}");
    }
    // The title was clean and stays.
    assert_eq!(
        r["protocols"][i]["title"],
        "Anticoagulation bridging before elective procedures"
    );
}

#[tokio::test]
async fn ansi_escapes_and_invisible_characters_are_removed_and_said_to_be() {
    let (r, i, text) = search("fever", ANSI_PROTOCOL_ID).await;
    let excerpt = r["protocols"][i]["excerpt"].as_str().unwrap();
    assert!(!excerpt.chars().any(char::is_control), "{excerpt:?}");
    for c in excerpt.chars() {
        assert!(
            !clinic_mcp::screen::is_invisible(c),
            "invisible {c:?} in {excerpt:?}"
        );
    }
    assert!(!excerpt.contains("[31"), "{excerpt:?}");
    assert!(
        !text.contains("example.invalid"),
        "the OSC 8 link target: {text}"
    );
    assert!(
        excerpt.starts_with("Children under 3 months"),
        "{excerpt:?}"
    );
    assert!(excerpt.contains("refer immediately"), "{excerpt:?}");
    assert!(
        excerpt.contains("hydration"),
        "zero-width space removed: {excerpt:?}"
    );
    assert_listed(&r, &format!("/protocols/{i}/excerpt"));
}

#[tokio::test]
async fn a_pasted_token_is_redacted_and_said_to_be() {
    let (r, i, text) = search("console", TOKEN_PROTOCOL_ID).await;
    assert!(
        !text.contains(DOCTOR_TOKEN),
        "doctor 1's token reached the agent"
    );
    assert!(
        !text.contains(DOCTOR4_TOKEN),
        "the session's token reached the agent"
    );
    assert!(
        !text.contains("eyJhbGci"),
        "a JWT reached the agent: {text}"
    );
    let excerpt = r["protocols"][i]["excerpt"].as_str().unwrap();
    assert!(excerpt.contains("[redacted]"), "{excerpt:?}");
    assert_listed(&r, &format!("/protocols/{i}/excerpt"));
}

#[tokio::test]
async fn clean_protocols_arrive_whole_and_unflagged() {
    let (r, i, _) = search("hygiene", 2).await;
    assert_eq!(r.get("removed_text"), None, "{r}");
    assert_eq!(
        r["protocols"][i]["title"],
        "Hand hygiene and standard precautions"
    );
    assert!(
        r["protocols"][i]["excerpt"]
            .as_str()
            .unwrap()
            .starts_with("Clean hands before and after every patient contact"),
        "{r}"
    );
}
