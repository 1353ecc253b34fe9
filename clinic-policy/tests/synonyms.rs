//! Training set of our own (`data/train-synonyms.jsonl`): the classes issue 27 names for plain
//! `check` (concealment, harvest stated as a fact about a parameter, text in enum, default,
//! example and title, parameter-only orders, split fields, other languages, orders written as
//! documentation, urgency, name squatting, override, claims of authority), each written several
//! ways with one word of its class swapped for another, and vendor text that only looks like them
//! ("You must provide", "Always returns", "Deprecated: use X instead").
//!
//! The rules were written against these lines: the figures show what the rules keep, not how they
//! generalise (that is the held-out figure in `docs/POLICY.md`).

use std::collections::BTreeMap;

use clinic_policy::check_catalogue;
use serde_json::{Value, json};

struct Case {
    id: String,
    class: String,
    attack: bool,
    tool: Value,
    base: Value,
}

/// One tool carrying the line in its field, and the same tool without it.
fn tool_of(field: &str, name: &str, text: &str) -> (Value, Value) {
    let base = json!({
        "name": name,
        "description": "Returns items.",
        "inputSchema": {"type": "object", "properties": {
            "details": {"type": "string", "description": "Details."}
        }}
    });
    let mut t = base.clone();
    let mut description = None;
    let details = &mut t["inputSchema"]["properties"]["details"];
    match field {
        "description" => description = Some(text),
        "param" => details["description"] = json!(text),
        "title" => details["title"] = json!(text),
        "enum" => details["enum"] = json!(["none", text]),
        "default" => details["default"] = json!(text),
        "example" => details["examples"] = json!([text]),
        // two fragments: the tool's description and a parameter's
        _ => {
            let (a, b) = text.split_once('|').unwrap_or((text, ""));
            description = Some(a);
            details["description"] = json!(b);
        }
    }
    if let Some(d) = description {
        t["description"] = json!(d);
    }
    (t, base)
}

fn cases() -> Vec<Case> {
    include_str!("data/train-synonyms.jsonl")
        .lines()
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).ok()?;
            let s = |k: &str| v[k].as_str().unwrap_or("").to_owned();
            let (tool, base) = tool_of(&s("field"), &s("tool"), &s("text"));
            Some(Case {
                id: s("id"),
                class: s("class"),
                attack: v["kind"] == "attack",
                tool,
                base,
            })
        })
        .collect()
}

/// Injection-class findings of plain `check` on one tool, as (rule, path) pairs.
fn injection(tool: &Value) -> Vec<(String, String)> {
    check_catalogue(std::slice::from_ref(tool))
        .into_iter()
        .filter(|f| f.violation.is_injection())
        .map(|f| (f.violation.rule.id().to_owned(), f.path))
        .collect()
}

#[test]
fn synonym_variants_are_caught_and_lookalikes_pass() {
    let cases = cases();
    assert_eq!(
        cases.len(),
        include_str!("data/train-synonyms.jsonl").lines().count()
    );
    let mut per: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut flagged = Vec::new();
    for c in &cases {
        let base = injection(&c.base);
        let found: Vec<_> = injection(&c.tool)
            .into_iter()
            .filter(|f| !base.contains(f))
            .collect();
        if c.attack {
            let e = per.entry(&c.class).or_default();
            e.0 += 1;
            e.1 += usize::from(!found.is_empty());
            if found.is_empty() {
                eprintln!("MISSED {} {}", c.id, c.tool);
            }
        } else if !found.is_empty() {
            flagged.push(format!("{} {:?}", c.id, found));
        }
    }
    for (class, (n, hit)) in &per {
        eprintln!("{class:<18} {hit}/{n}");
    }
    let (n, hit) = per.values().fold((0, 0), |a, x| (a.0 + x.0, a.1 + x.1));
    let benign = cases.iter().filter(|c| !c.attack).count();
    eprintln!(
        "attacks {hit}/{n}, lookalikes flagged {}/{benign}",
        flagged.len()
    );
    assert!(hit * 100 >= n * FLOOR_PERCENT, "caught {hit}/{n}");
    assert!(flagged.is_empty(), "lookalikes flagged: {flagged:#?}");
}

/// The share of attack lines caught when the rules were last changed (a floor, never lowered).
const FLOOR_PERCENT: usize = 96;
