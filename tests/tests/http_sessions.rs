//! Sessions for clients of protocols before 2026-07-28 over HTTP (issue 29, "Older clients"):
//! `serve --http` replicas sharing a key file (`http_replicas`), a 2025-11-25 client in a session
//! speaking raw HTTP (its answers to `elicitation/create` in POSTs of their own). Behind a
//! forwarder with affinity on `Mcp-Session-Id` a cancel is asked and confirmed and the
//! appointment is cancelled; behind one without affinity the answer reaches the replica that did
//! not ask, and the question ends declined with nothing changed. A session is its caller's only;
//! any replica takes one up from its id; a client that does not declare elicitation is not
//! offered the destructive tools; `--no-sessions` serves older clients without sessions.
//! Protocol 2026-07-28 is http_confirm.rs's, unchanged.

use http_replicas::{Balance, Replica, World, session_hash};
use serde_json::{Value, json};
use std::error::Error;

mod common;
mod http_replicas;

type Outcome = Result<(), Box<dyn Error>>;

const KEY: [u8; 32] = [0x33; 32];
const PROTOCOL: &str = "2025-11-25";

fn fail(what: impl std::fmt::Display) -> Box<dyn Error> {
    what.to_string().into()
}

/// A client of protocol 2025-11-25, over raw HTTP: its token and its session.
struct Older<'w> {
    w: &'w World,
    token: String,
    session: Option<String>,
}

/// The next JSON-RPC message of `response`: its body if it is JSON, else the next event of its
/// server-sent events with data (`buf` holds what was read past it). `None` at its end.
async fn next_message(
    response: &mut reqwest::Response,
    buf: &mut String,
) -> Result<Option<Value>, Box<dyn Error>> {
    let json = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json {
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await? {
            body.extend_from_slice(&chunk);
        }
        return Ok(if body.is_empty() {
            None
        } else {
            Some(serde_json::from_slice(&body)?)
        });
    }
    loop {
        if let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            let data: Vec<&str> = event
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim_start)
                .collect();
            let data = data.join("\n");
            if !data.trim().is_empty() {
                return Ok(Some(serde_json::from_str(&data)?));
            }
            continue;
        }
        match response.chunk().await? {
            Some(chunk) => buf.push_str(&String::from_utf8_lossy(&chunk).replace('\r', "")),
            None => return Ok(None),
        }
    }
}

impl<'w> Older<'w> {
    /// `initialize` (declaring elicitation when `elicitation`) and `notifications/initialized`,
    /// both to `to` (a replica, or the forwarder: `None`).
    async fn start(
        w: &'w World,
        token: String,
        to: Option<&Replica>,
        elicitation: bool,
    ) -> Result<Older<'w>, Box<dyn Error>> {
        let mut client = Older {
            w,
            token,
            session: None,
        };
        let capabilities = if elicitation {
            json!({"elicitation": {"form": {}}})
        } else {
            json!({})
        };
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": PROTOCOL, "capabilities": capabilities,
            "clientInfo": {"name": "http-sessions-test", "version": "1"}}});
        let mut response = client.post(to, &init).await?;
        if response.status() != reqwest::StatusCode::OK {
            return Err(fail(format!("initialize: {}", response.status())));
        }
        client.session = response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let answer = next_message(&mut response, &mut String::new()).await?;
        let version = answer
            .as_ref()
            .and_then(|a| a.pointer("/result/protocolVersion"))
            .cloned();
        if version != Some(json!(PROTOCOL)) {
            return Err(fail(format!("initialize answered {answer:?}")));
        }
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let status = client.post(to, &initialized).await?.status();
        if status != reqwest::StatusCode::ACCEPTED {
            return Err(fail(format!("notifications/initialized: {status}")));
        }
        Ok(client)
    }

    /// `body` POSTed to `to` with this client's token and session.
    async fn post(
        &self,
        to: Option<&Replica>,
        body: &Value,
    ) -> Result<reqwest::Response, Box<dyn Error>> {
        let url = to.map_or_else(
            || self.w.resource.clone(),
            |r| format!("http://{}/mcp", r.addr),
        );
        let mut request = self
            .w
            .http
            .post(url)
            .header("accept", "application/json, text/event-stream")
            .header("host", self.w.resource_authority())
            .bearer_auth(&self.token)
            .json(body);
        if let Some(session) = &self.session {
            request = request
                .header("mcp-session-id", session)
                .header("mcp-protocol-version", PROTOCOL);
        }
        Ok(request.send().await?)
    }

    /// The answer to the request `body`, sent to `to`; every `elicitation/create` on the way is
    /// answered `reply`, in a POST of its own to `reply_to`. The questions asked, and the answer.
    async fn call(
        &self,
        to: Option<&Replica>,
        body: &Value,
        reply: &Value,
        reply_to: Option<&Replica>,
    ) -> Result<(Vec<Value>, Value), Box<dyn Error>> {
        let mut response = self.post(to, body).await?;
        if response.status() != reqwest::StatusCode::OK {
            return Err(fail(format!("{body}: {}", response.status())));
        }
        let mut buf = String::new();
        let mut asked = Vec::new();
        while let Some(message) = next_message(&mut response, &mut buf).await? {
            if message["method"] == "elicitation/create" {
                asked.push(message["params"].clone());
                let answer = json!({"jsonrpc": "2.0", "id": message["id"], "result": reply});
                self.post(reply_to, &answer).await?;
            } else if message["id"] == body["id"] {
                return Ok((asked, message));
            }
        }
        Err(fail(format!("{body}: the stream ended without its answer")))
    }

    /// The answer to `body`, a request that asks nobody.
    async fn request(&self, to: Option<&Replica>, body: &Value) -> Result<Value, Box<dyn Error>> {
        Ok(self.call(to, body, &Value::Null, to).await?.1)
    }

    async fn tools(&self, to: Option<&Replica>) -> Result<Vec<String>, Box<dyn Error>> {
        let answer = self
            .request(
                to,
                &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
            )
            .await?;
        let tools = answer["result"]["tools"]
            .as_array()
            .ok_or_else(|| fail(&answer))?;
        Ok(tools
            .iter()
            .filter_map(|t| t["name"].as_str().map(str::to_owned))
            .collect())
    }
}

fn cancel(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "cancel_appointment", "arguments": {"appointment_id": id}}})
}

fn yes() -> Value {
    json!({"action": "accept", "content": {"confirm": true}})
}

/// The one question asked, about appointment `id`.
fn asked_about(asked: &[Value], id: u64) -> Outcome {
    let [question] = asked else {
        return Err(fail(format!("one question, not {asked:?}")));
    };
    let message = question["message"].as_str().unwrap_or_default();
    if !message.starts_with(&format!("Cancel appointment {id}?")) {
        return Err(fail(message));
    }
    Ok(())
}

/// (a) Affinity on `Mcp-Session-Id`: every request of the session after its `initialize` goes to
/// one replica (a hash of the id, as ingress-nginx's `upstream-hash-by`), so the answer reaches
/// the replica that asked, and the appointment is cancelled. No token is in the session id, nor
/// in either replica's log.
#[tokio::test]
async fn with_affinity_an_older_client_confirms_a_cancel_across_replicas() -> Outcome {
    let w = World::new("sessions-affinity").await;
    let keys = w.key_file("keys", &[KEY]);
    let a = w.replica_logging(Some(&keys), &[], Some("trace")).await;
    let b = w.replica_logging(Some(&keys), &[], Some("trace")).await;
    let id = w.booked(&a).await;
    let log = w.forward_by(&[&a, &b], Balance::SessionHash);
    let token = w.token("patient-1");
    let client = Older::start(&w, token.clone(), None, true).await?;
    let session = client.session.clone().ok_or("a session id")?;
    let tools = client.tools(None).await?;
    if !tools.iter().any(|t| t == "cancel_appointment") {
        return Err(fail(format!("cancel_appointment is offered: {tools:?}")));
    }
    let (asked, done) = client.call(None, &cancel(id), &yes(), None).await?;
    asked_about(&asked, id)?;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(done["result"]["structuredContent"]["status"], "cancelled");
    assert_eq!(w.status(id), "cancelled");
    assert_eq!(w.cancels(id), 1);
    let routed = log.lock().map_err(fail)?.clone();
    let home = session_hash(&session) % 2;
    assert!(routed.len() >= 5, "{routed:?}");
    assert!(
        routed[1..].iter().all(|&i| i == home),
        "every request naming the session went to replica {home}: {routed:?}"
    );
    let logs = [a.stderr(), b.stderr()];
    for part in token.split('.').filter(|p| p.len() > 8) {
        assert!(!session.contains(part));
        for text in &logs {
            assert!(!text.contains(part), "a replica's log holds a token");
        }
    }
    Ok(())
}

/// (b) No affinity (round robin per connection): the call is asked on one replica and the answer
/// reaches the other, which holds no such question. Nothing is sent upstream; the question ends
/// unanswered, as declined.
#[tokio::test]
async fn without_affinity_the_answer_reaching_another_replica_changes_nothing() -> Outcome {
    let w = World::new("sessions-no-affinity").await;
    let keys = w.key_file("keys", &[KEY]);
    let short = ["--confirmation-timeout-ms", "1500"];
    let a = w.replica(Some(&keys), &short).await;
    let b = w.replica(Some(&keys), &short).await;
    let id = w.booked(&a).await;
    let log = w.forward(&[&a, &b]);
    let client = Older::start(&w, w.token("patient-1"), None, true).await?;
    let (asked, done) = client.call(None, &cancel(id), &yes(), None).await?;
    asked_about(&asked, id)?;
    // initialize on a, initialized on b, the call on a, its answer on b
    assert_eq!(*log.lock().map_err(fail)?, vec![0, 1, 0, 1]);
    assert_eq!(done["result"]["isError"], json!(true), "{done}");
    let result = &done["result"]["structuredContent"];
    assert_eq!(result["code"], "CONFIRMATION_DECLINED", "{done}");
    assert!(
        result["message"]
            .as_str()
            .is_some_and(|m| m.contains("in time")),
        "{done}"
    );
    assert_eq!(w.cancels(id), 0);
    assert_eq!(w.status(id), "pending");
    Ok(())
}

/// (c) A session belongs to the caller that opened it: another caller's valid token with its id
/// answers as an unknown session (404, as rmcp answers one), and so does an id nobody issued;
/// without a token, 401. A new token of the same caller (`sub`) is served.
#[tokio::test]
async fn another_caller_s_token_with_a_session_id_is_an_unknown_session() -> Outcome {
    let w = World::new("sessions-owner").await;
    let keys = w.key_file("keys", &[KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let owner = Older::start(&w, w.token("patient-1"), Some(&a), true).await?;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let thief = Older {
        w: &w,
        token: w.token("patient-2"),
        session: owner.session.clone(),
    };
    let forged = Older {
        w: &w,
        token: w.token("patient-1"),
        session: Some("m1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".to_owned()),
    };
    for client in [&thief, &forged] {
        let response = client.post(Some(&a), &list).await?;
        assert_eq!(response.status(), reqwest::StatusCode::NOT_FOUND);
        assert_eq!(response.text().await?, "Not Found: Session not found");
    }
    let delete = w
        .http
        .delete(format!("http://{}/mcp", a.addr))
        .header("host", w.resource_authority())
        .header("mcp-session-id", owner.session.clone().unwrap_or_default())
        .bearer_auth(&thief.token)
        .send()
        .await?;
    assert_eq!(delete.status(), reqwest::StatusCode::NOT_FOUND);
    let anonymous = w
        .http
        .post(format!("http://{}/mcp", a.addr))
        .header("host", w.resource_authority())
        .header("accept", "application/json, text/event-stream")
        .header("mcp-session-id", owner.session.clone().unwrap_or_default())
        .json(&list)
        .send()
        .await?;
    assert_eq!(anonymous.status(), reqwest::StatusCode::UNAUTHORIZED);
    // the owner, with a token issued later, still is served in its session
    let refreshed = Older {
        w: &w,
        token: w.token("patient-1"),
        session: owner.session.clone(),
    };
    assert!(
        refreshed
            .tools(Some(&a))
            .await?
            .contains(&"cancel_appointment".to_owned())
    );
    Ok(())
}

/// (d) A 2025-11-25 client in a session that does not declare elicitation cannot be asked: it is
/// not offered the destructive tools, and calling one answers as an unknown name.
#[tokio::test]
async fn an_older_client_without_elicitation_is_not_offered_the_destructive_tools() -> Outcome {
    let w = World::new("sessions-no-elicitation").await;
    let keys = w.key_file("keys", &[KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let client = Older::start(&w, w.token("patient-1"), Some(&a), false).await?;
    assert!(client.session.is_some());
    let tools = client.tools(Some(&a)).await?;
    assert!(tools.contains(&"book_appointment".to_owned()), "{tools:?}");
    assert!(
        !tools.contains(&"cancel_appointment".to_owned()),
        "{tools:?}"
    );
    let answer = client.request(Some(&a), &cancel(id)).await?;
    assert_eq!(
        answer["error"]["message"], "Tool cancel_appointment not found",
        "{answer}"
    );
    assert_eq!(w.status(id), "pending");
    Ok(())
}

/// Any replica holding the keys takes a session up from its id: opened on one, its catalogue
/// (elicitation declared) and a confirmed cancel are served by the other.
#[tokio::test]
async fn a_session_opened_on_one_replica_is_served_by_another() -> Outcome {
    let w = World::new("sessions-take-up").await;
    let keys = w.key_file("keys", &[KEY]);
    let a = w.replica(Some(&keys), &[]).await;
    let b = w.replica(Some(&keys), &[]).await;
    let id = w.booked(&a).await;
    let client = Older::start(&w, w.token("patient-1"), Some(&a), true).await?;
    assert!(
        client
            .tools(Some(&b))
            .await?
            .contains(&"cancel_appointment".to_owned())
    );
    let (asked, done) = client.call(Some(&b), &cancel(id), &yes(), Some(&b)).await?;
    asked_about(&asked, id)?;
    assert_eq!(done["result"]["isError"], json!(false), "{done}");
    assert_eq!(w.status(id), "cancelled");
    // a replica with other keys knows no such session
    let theirs = w.key_file("theirs", &[[0x44; 32]]);
    let other = w.replica(Some(&theirs), &[]).await;
    let response = client
        .post(
            Some(&other),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        )
        .await?;
    assert_eq!(response.status(), reqwest::StatusCode::NOT_FOUND);
    Ok(())
}

/// `--no-sessions`: an older client gets no session and, not able to answer, no destructive
/// tool, even with the keys and elicitation declared.
#[tokio::test]
async fn with_no_sessions_an_older_client_is_served_statelessly() -> Outcome {
    let w = World::new("sessions-off").await;
    let keys = w.key_file("keys", &[KEY]);
    let a = w.replica(Some(&keys), &["--no-sessions"]).await;
    let client = Older::start(&w, w.token("patient-1"), Some(&a), true).await?;
    assert_eq!(client.session, None);
    let tools = client.tools(Some(&a)).await?;
    assert!(tools.contains(&"book_appointment".to_owned()), "{tools:?}");
    assert!(
        !tools.contains(&"cancel_appointment".to_owned()),
        "{tools:?}"
    );
    Ok(())
}
