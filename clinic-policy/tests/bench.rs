//! Timing harness and result fingerprint (all `#[ignore]`d; run explicitly):
//!
//! `cargo test -p clinic-policy --features json --release --test bench -- --ignored --nocapture`
//!
//! Nothing here asserts on time. The digest of every finding, which shows a performance change
//! leaves every result unchanged, is asserted in `tests/digest.rs`.

mod common;

use std::time::Instant;

use clinic_policy::check_catalogue;
use common::{by_server, load};
use serde_json::Value;

fn time(label: &str, iters: u32, mut f: impl FnMut() -> usize) {
    let mut sink = f(); // warm-up (builds any lazily initialised tables)
    let t = Instant::now();
    for _ in 0..iters {
        sink = sink.wrapping_add(f());
    }
    let el = t.elapsed();
    eprintln!(
        "{label}: {iters} runs in {:.2} ms ({:.3} ms/run) [sink {sink}]",
        el.as_secs_f64() * 1e3,
        el.as_secs_f64() * 1e3 / f64::from(iters)
    );
}

#[test]
#[ignore = "timing harness; run with --ignored --nocapture"]
fn bench_check_catalogue() {
    let entries = load("benign-tools.json").unwrap_or_else(|e| panic!("{e}"));
    let servers = by_server(&entries);
    let all: Vec<Value> = entries.iter().map(|e| e["tool"].clone()).collect();
    let seven: Vec<Value> = all[..7].to_vec();

    // first call in the process: includes building the phrase tables (what a server's start-up pays)
    let t = Instant::now();
    let n = check_catalogue(&seven).len();
    eprintln!(
        "7-tool catalogue, first call in process: {:.3} ms [{n} findings]",
        t.elapsed().as_secs_f64() * 1e3
    );

    time("benign corpus by server (171 tools) x20", 20, || {
        servers.values().map(|t| check_catalogue(t).len()).sum()
    });
    time("benign corpus as one catalogue (171 tools) x20", 20, || {
        check_catalogue(&all).len()
    });
    time("7-tool catalogue x200", 200, || {
        check_catalogue(&seven).len()
    });
}

