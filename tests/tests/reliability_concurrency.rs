//! The bound on requests to the clinic API in flight at once (`--max-concurrent-requests`,
//! `--queue-timeout-ms`): however many calls arrive together, at most that many requests (and so
//! connections) are open upstream; a request that finds every turn taken waits in line, first come
//! first served, and past the queue timeout its call answers `UPSTREAM_BUSY` having sent nothing.
//! The clinic API here holds every request it reads for a while and counts how many it holds.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: panicking is failing

mod common;

use clinic_mcp::{AccessToken, Profile, Session, SessionRole};
use common::StdioServer;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A clinic API that answers every request after `hold`, counting what it holds at once.
struct Holding {
    addr: std::net::SocketAddr,
    /// The most connections ever open at once.
    most_open: Arc<AtomicUsize>,
    /// Requests read and not yet answered now, the most at once, and all read.
    held: Arc<AtomicUsize>,
    most_held: Arc<AtomicUsize>,
    read: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Holding {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Increments `now` and raises `most` to it; decrements `now` when dropped.
struct Count(Arc<AtomicUsize>);

impl Count {
    fn up(now: &Arc<AtomicUsize>, most: &AtomicUsize) -> Self {
        let n = now.fetch_add(1, Ordering::SeqCst) + 1;
        most.fetch_max(n, Ordering::SeqCst);
        Self(now.clone())
    }
}

impl Drop for Count {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `n` Cardiology doctors, in the API's shape.
fn doctors(n: u64) -> String {
    let list: Vec<Value> = (1..=n)
        .map(|id| {
            json!({"id": id, "name": format!("Dr. {id}"), "specialty": "Cardiology",
                   "clinic": {"id": 1, "name": "C", "address": "1 St", "timeZone": "Europe/Berlin"}})
        })
        .collect();
    Value::Array(list).to_string()
}

impl Holding {
    /// Every request held `hold` (the doctor list too when `hold_doctors`), then answered: the
    /// doctor list with `doctors` doctors, anything else with `[]`.
    async fn spawn(hold: Duration, hold_doctors: bool, doctors_listed: u64) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let zero = || Arc::new(AtomicUsize::new(0));
        let (open, most_open, held, most_held, read) = (zero(), zero(), zero(), zero(), zero());
        let counters = (
            open,
            most_open.clone(),
            held.clone(),
            most_held.clone(),
            read.clone(),
        );
        let listed: Arc<str> = doctors(doctors_listed).into();
        let task = tokio::spawn(async move {
            loop {
                let Ok((mut stream, _)) = listener.accept().await else {
                    continue;
                };
                let (open, most_open, held, most_held, read) = counters.clone();
                let listed = listed.clone();
                tokio::spawn(async move {
                    let _open = Count::up(&open, &most_open);
                    let mut buf = Vec::new();
                    let mut chunk = [0u8; 4096];
                    // One request a connection (answered with `Connection: close`); a GET has
                    // no body.
                    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    }
                    read.fetch_add(1, Ordering::SeqCst);
                    let head = String::from_utf8_lossy(&buf).into_owned();
                    let path = head.split(' ').nth(1).unwrap_or("").to_owned();
                    let is_doctors = path.ends_with("/doctors");
                    let body: &str = if is_doctors { &listed } else { "[]" };
                    {
                        let _held = Count::up(&held, &most_held);
                        if hold_doctors || !is_doctors {
                            tokio::time::sleep(hold).await;
                        }
                    }
                    let answer = format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = stream.write_all(answer.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        Self {
            addr,
            most_open,
            held,
            most_held,
            read,
            task,
        }
    }

    fn base_url(&self) -> String {
        format!("http://{}/api/v1", self.addr)
    }

    fn most_held(&self) -> usize {
        self.most_held.load(Ordering::SeqCst)
    }

    fn most_open(&self) -> usize {
        self.most_open.load(Ordering::SeqCst)
    }

    fn read(&self) -> usize {
        self.read.load(Ordering::SeqCst)
    }

    fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }
}

fn session(base_url: &str, limit: usize, queue_timeout: Duration) -> Session {
    let mut s = Session::new(
        Profile::Readonly,
        SessionRole::Patient,
        base_url,
        AccessToken::new("concurrency-test-token"),
    )
    .unwrap();
    s.limits.timeout = Duration::from_secs(20);
    s.limits.max_concurrent_requests = limit;
    s.limits.queue_timeout = queue_timeout;
    s
}

/// `(is_error, structured content, when it was answered)`.
async fn call(
    peer: rmcp::service::Peer<rmcp::RoleClient>,
    name: &str,
    args: Value,
) -> (bool, Value, Instant) {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    let r = tokio::time::timeout(
        Duration::from_secs(60),
        peer.call_tool(
            rmcp::model::CallToolRequestParams::new(name.to_owned()).with_arguments(args),
        ),
    )
    .await
    .expect("answered within a minute")
    .expect("answered at the protocol level");
    (
        r.is_error == Some(true),
        r.structured_content.unwrap_or(Value::Null),
        Instant::now(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n_plus_k_calls_hold_at_most_n_requests_upstream_and_the_rest_are_told_it_is_busy() {
    const N: usize = 4;
    const K: usize = 3;
    let hold = Duration::from_millis(2500);
    let queue = Duration::from_millis(400);
    let up = Holding::spawn(hold, true, 2).await;
    let client = common::client(session(&up.base_url(), N, queue)).await;
    let started = Instant::now();
    let calls: Vec<_> = (0..N + K)
        .map(|_| tokio::spawn(call(client.peer().clone(), "list_doctors", json!({}))))
        .collect();
    let mut answers = Vec::new();
    for c in calls {
        answers.push(c.await.unwrap());
    }
    let (busy, served): (Vec<_>, Vec<_>) = answers.iter().partition(|(is_error, _, _)| *is_error);
    assert_eq!(served.len(), N, "{answers:?}");
    assert_eq!(busy.len(), K, "{answers:?}");
    for (_, v, at) in &busy {
        assert_eq!(v["code"], "UPSTREAM_BUSY", "{v}");
        let message = v["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("{N} requests")) && message.contains("400 ms"),
            "{message}"
        );
        assert!(message.contains("not sent"), "{message}");
        // after the queue timeout, long before the held requests were answered
        let waited = at.duration_since(started);
        assert!(waited >= queue, "answered after {waited:?}");
        assert!(waited < hold, "answered after {waited:?}");
    }
    for (_, v, _) in &served {
        assert_eq!(v["count"], 2, "{v}");
    }
    assert_eq!(up.most_held(), N, "requests held upstream at once");
    assert_eq!(up.most_open(), N, "connections open upstream at once");
    assert_eq!(up.read(), N, "a refused request was sent");
    // the turns came back: the next call is served
    let (is_error, v, _) = call(client.peer().clone(), "list_doctors", json!({})).await;
    assert!(!is_error, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_queued_behind_a_wide_search_gets_the_next_turn() {
    // A slot search over 12 doctors makes 12 slot requests, 4 at a time; with 4 turns it holds
    // them all, and refills each one it frees. A call that queued while the search held every
    // turn is served in the next turn that frees up, not after the search.
    const N: usize = 4;
    let hold = Duration::from_millis(600);
    let up = Holding::spawn(hold, false, 12).await;
    let client = common::client(session(&up.base_url(), N, Duration::from_secs(15))).await;
    let search = tokio::spawn(call(
        client.peer().clone(),
        "find_available_slots",
        json!({"specialty": "Cardiology"}),
    ));
    let until = Instant::now() + Duration::from_secs(30);
    while up.held() < N {
        assert!(Instant::now() < until, "the search never held {N} requests");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let queued = Instant::now();
    let (is_error, v, listed_at) = call(client.peer().clone(), "list_doctors", json!({})).await;
    assert!(!is_error, "{v}");
    let (is_error, v, searched_at) = search.await.unwrap();
    assert!(!is_error, "{v}");
    assert!(
        listed_at < searched_at,
        "the queued call was served after the whole search"
    );
    // one turn's wait (a held slot request), not three
    let waited = listed_at.duration_since(queued);
    assert!(waited < hold * 2, "waited {waited:?}");
    assert!(up.most_held() <= N, "{} held at once", up.most_held());
    assert_eq!(up.read(), 1 + 12 + 1);
}

/// Three calls at once through the binary, configured by `args` and `env` to two turns and a
/// 300 ms queue: two served, one `UPSTREAM_BUSY`, at most two requests upstream at once.
fn through_the_binary(args: &[&str], env: &[(&str, &str)]) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let up = rt.block_on(Holding::spawn(Duration::from_millis(2000), true, 1));
    let base = up.base_url();
    let mut all = vec!["serve", "--base-url", &base];
    all.extend_from_slice(args);
    let mut s = StdioServer::spawn(&all, env);
    s.initialize();
    let mut batch = String::new();
    for id in 1..=3 {
        batch.push_str(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                    "params": {"name": "list_doctors", "arguments": {}}})
            .to_string(),
        );
        batch.push('\n');
    }
    s.write(batch.as_bytes()).unwrap();
    let mut codes = Vec::new();
    for _ in 0..3 {
        let v = s.recv();
        let result = &v["result"];
        codes.push(if result["isError"] == true {
            result["structuredContent"]["code"]
                .as_str()
                .unwrap()
                .to_owned()
        } else {
            "ok".to_owned()
        });
    }
    codes.sort();
    assert_eq!(codes, ["UPSTREAM_BUSY", "ok", "ok"], "{}", s.stderr());
    assert_eq!(up.most_held(), 2);
    assert_eq!(up.most_open(), 2);
    assert_eq!(up.read(), 2);
    let exit = s.finish();
    exit.assert_success();
    assert!(
        exit.stderr.contains("UPSTREAM_BUSY"),
        "the operator is told: {}",
        exit.stderr
    );
}

#[test]
fn the_bound_is_set_by_flags() {
    through_the_binary(
        &[
            "--max-concurrent-requests",
            "2",
            "--queue-timeout-ms",
            "300",
        ],
        &[],
    );
}

#[test]
fn the_bound_is_set_by_variables() {
    through_the_binary(
        &[],
        &[
            ("SUT_MAX_CONCURRENT_REQUESTS", "2"),
            ("SUT_QUEUE_TIMEOUT_MS", "300"),
        ],
    );
}

#[test]
fn a_bound_of_zero_or_past_the_most_refuses_to_start() {
    for (args, env, said) in [
        (
            vec!["--max-concurrent-requests", "0"],
            vec![],
            "--max-concurrent-requests must be 1 to 10000, got 0",
        ),
        (
            vec!["--max-concurrent-requests", "10001"],
            vec![],
            "--max-concurrent-requests must be 1 to 10000, got 10001",
        ),
        (
            vec![],
            vec![("SUT_MAX_CONCURRENT_REQUESTS", "many")],
            "SUT_MAX_CONCURRENT_REQUESTS must be a whole number",
        ),
        (
            vec![],
            vec![("SUT_QUEUE_TIMEOUT_MS", "-1")],
            "SUT_QUEUE_TIMEOUT_MS must be a whole number",
        ),
    ] {
        let out = std::process::Command::new(common::binary())
            .arg("serve")
            .args(&args)
            .env_remove("SUT_MAX_CONCURRENT_REQUESTS")
            .env_remove("SUT_QUEUE_TIMEOUT_MS")
            .envs(env.iter().copied())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?} {env:?}: {stderr}");
        assert!(stderr.contains(said), "{stderr}");
    }
}
