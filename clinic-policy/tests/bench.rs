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

/// A catalogue of `n` distinct tools, each naming another in its description and taking one
/// parameter: what a large server's `tools/list` looks like to the screen.
fn synthetic(n: usize) -> Vec<Value> {
    const VERBS: [&str; 8] = [
        "list", "get", "find", "book", "cancel", "update", "search", "export",
    ];
    const NOUNS: [&str; 7] = [
        "doctors",
        "slots",
        "appointments",
        "invoices",
        "rooms",
        "referrals",
        "prescriptions",
    ];
    let name = |i: usize| format!("{}_{}_{i}", VERBS[i % 8], NOUNS[(i / 8) % 7]);
    (0..n)
        .map(|i| {
            serde_json::json!({
                "name": name(i),
                "description": format!(
                    "{} {} of clinic {i}, at most 50 per page. The clinic id comes from {}.",
                    VERBS[i % 8], NOUNS[(i / 8) % 7], name((i * 7 + 3) % n)
                ),
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "clinic_id": {
                            "type": "string",
                            "description": format!("Clinic id {i}, as returned by {}.", name((i + 1) % n))
                        }
                    },
                    "required": ["clinic_id"]
                },
                "annotations": {"readOnlyHint": i % 8 < 3}
            })
        })
        .collect()
}

/// Screening time against catalogue size: it should grow linearly. Sizes default to 1,000,
/// 10,000 and 100,000 tools; `BENCH_SIZES=1000,10000` picks others.
#[test]
#[ignore = "timing harness; run with --ignored --nocapture"]
fn bench_check_catalogue_scaling() {
    let sizes: Vec<usize> = std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000, 100_000]);
    // builds the lazily initialised tables, so the first size does not pay for them
    check_catalogue(&synthetic(10));
    for n in sizes {
        let tools = synthetic(n);
        let cpu = thread_cpu_ns();
        let t = Instant::now();
        let found = check_catalogue(&tools).len();
        let el = t.elapsed().as_secs_f64();
        let cpu = match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => format!(
                ", CPU {:.3} s ({:.1} us/tool)",
                (b - a) as f64 / 1e9,
                (b - a) as f64 / 1e3 / n as f64
            ),
            _ => String::new(),
        };
        eprintln!(
            "{n} tools: {:.3} s ({:.1} us/tool){cpu} [{found} findings]",
            el,
            el * 1e6 / n as f64
        );
    }
}

/// CPU time this thread has run, in nanoseconds (Linux's schedstat), where available: on a
/// shared machine the wall time also counts time spent waiting for a core.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Long upstream text, as the output screen reads it (`Field::Other`, no catalogue): 200
/// distinct protocol-like bodies of ~3 KB, each read once per run (texts over 2 KB are not kept
/// by the policy, so every run reads them all again).
#[test]
#[ignore = "timing harness; run with --ignored --nocapture"]
fn bench_check_text_long_upstream() {
    const SENTENCES: &[&str] = &[
        "Assess the airway, breathing and circulation of the patient on arrival.",
        "Record the blood pressure and the heart rate every fifteen minutes.",
        "If the oxygen saturation falls below 92 percent, give oxygen by mask.",
        "The nurse on call reviews the chart before the doctor sees the patient.",
        "Children under 12 get half the adult dose, by weight.",
        "Do not give aspirin to patients with a known allergy to it.",
        "The protocol was reviewed by the clinical board in March.",
        "Ask the patient about current medications and recent travel.",
        "Refer to cardiology when the ECG shows new changes.",
        "Document the time of every dose in the medication chart.",
        "Patients may leave after two normal readings one hour apart.",
        "Call the family only with the patient's agreement.",
    ];
    let texts: Vec<String> = (0..200)
        .map(|k| {
            let mut s = format!("Protocol {k}. ");
            let mut i = k;
            while s.len() < 3000 {
                s.push_str(SENTENCES[i % SENTENCES.len()]);
                s.push(' ');
                i = i * 7 + 3;
            }
            s
        })
        .collect();
    time("check_text, 200 texts of ~3 KB", 5, || {
        texts
            .iter()
            .map(|t| clinic_policy::check_text(clinic_policy::Field::Other, t, "", &[]).len())
            .sum()
    });
}
