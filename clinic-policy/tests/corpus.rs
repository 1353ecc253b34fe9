//! Precision of the policy on real, benign tool catalogues (`tests/data`, copied from the team's
//! `shared/corpora` so that a fresh clone needs nothing beside it).
//!
//! Injection-class rules (directive, exfiltration, hidden_payload, and charset for smuggling characters)
//! should almost never fire here; hygiene rules (length, name, cross_tool, typographic charset) will.

mod common;

use std::collections::BTreeMap;

use common::{by_server, load};

use clinic_policy::{Finding, Rule, check_catalogue};
use serde_json::Value;

#[derive(Default)]
struct Counts {
    tools: usize,
    /// rule id -> tools flagged (any hit)
    any: BTreeMap<&'static str, usize>,
    /// rule id -> tools flagged by an injection-class hit
    injection: BTreeMap<&'static str, usize>,
    /// tools with at least one injection-class hit
    injection_tools: usize,
    examples: Vec<String>,
}

fn run(file: &str) -> Result<Counts, String> {
    let entries = load(file)?;
    let mut c = Counts::default();
    for (server, tools) in by_server(&entries) {
        let findings = check_catalogue(&tools);
        for (i, t) in tools.iter().enumerate() {
            c.tools += 1;
            let name = t
                .get("name")
                .and_then(Value::as_str)
                .map_or_else(|| format!("#{i}"), str::to_owned);
            let mine: Vec<&Finding> = findings.iter().filter(|f| f.tool == name).collect();
            let mut any = std::collections::BTreeSet::new();
            let mut inj = std::collections::BTreeSet::new();
            for f in &mine {
                any.insert(f.violation.rule.id());
                if f.violation.is_injection() {
                    inj.insert(f.violation.rule.id());
                    let r = f.violation.range.clone();
                    let lo = f.text.floor_char_boundary(r.start.saturating_sub(40));
                    let hi = f.text.ceil_char_boundary((r.end + 40).min(f.text.len()));
                    c.examples.push(format!(
                        "{server}/{name} {} [{}] {} :: {:?}",
                        f.path,
                        f.violation.rule.id(),
                        f.violation.detail,
                        &f.text[lo..hi]
                    ));
                }
            }
            for r in any {
                *c.any.entry(r).or_default() += 1;
            }
            if !inj.is_empty() {
                c.injection_tools += 1;
            }
            for r in inj {
                *c.injection.entry(r).or_default() += 1;
            }
        }
    }
    eprintln!("== {file}: {} tools", c.tools);
    for r in Rule::ALL {
        eprintln!(
            "  {:<15} tools flagged: {:>5}   injection-class: {:>4}",
            r.id(),
            c.any.get(r.id()).copied().unwrap_or(0),
            c.injection.get(r.id()).copied().unwrap_or(0)
        );
    }
    eprintln!(
        "  tools with any injection-class hit: {}",
        c.injection_tools
    );
    for e in &c.examples {
        eprintln!("    {e}");
    }
    Ok(c)
}

#[test]
fn benign_corpus_is_clean_of_injection_hits() {
    let c = run("benign-tools.json").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.tools, 171);
    assert!(
        c.injection_tools == 0,
        "{} benign tools flagged by injection-class rules",
        c.injection_tools
    );
}

/// What remains on the registry (16 tools, 0.32%, at the time of writing; each listed and justified
/// in docs/POLICY.md) is what the rules exist for, in
/// servers that are not malicious but are not written to our standard either:
/// - parameters that make the model carry its own context (`system_prompt`, `conversation_history`)
///   or embed credentials; a parameter merely named for the user's own key (`api_key`, `password`)
///   is hygiene;
/// - descriptions that give the model orders: "Call this first before any other operation", "Must be called
///   before using any other tools", "You MUST always ...";
/// - one literal HTML comment (`<!-- ckb:module ... -->`) and a credential-extraction pentest tool.
///
/// None of these is an exception for a tool; the bound keeps later rule changes honest.
#[test]
fn registry_corpus_injection_rate_under_one_percent() {
    let c = run("registry-tools.json").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.tools, 5056);
    assert!(
        c.injection_tools * 100 < c.tools,
        "{} of {} registry tools flagged by injection-class rules",
        c.injection_tools,
        c.tools
    );
    assert!(
        c.injection_tools * 200 <= c.tools,
        "{} registry tools flagged by injection-class rules: more than 0.5 % (was 16)",
        c.injection_tools
    );
    assert_eq!(
        c.injection.get("hidden_payload"),
        None,
        "no hidden payloads in the registry"
    );
    assert_eq!(
        c.injection.get("charset"),
        None,
        "no smuggling characters in the registry"
    );
}
