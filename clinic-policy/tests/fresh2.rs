//! The second held-out set (`data/fresh2/`): attacks, tricky benign vendor text and plain clinic
//! descriptions, written by an author who had read none of the rules, briefed with the families
//! and the format only, and committed on its own (see `data/fresh2/README.md`).
//!
//! Measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule fitted to
//! its words. The files' SHA-256 are pinned, and the figures they yield are pinned to the ones
//! `docs/POLICY.md` reports between the `fresh2` markers.

use std::collections::BTreeMap;

use clinic_policy::{Finding, Mode, check_catalogue_mode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const ATTACKS: &str = include_str!("data/fresh2/attacks.jsonl");
const BENIGN: &str = include_str!("data/fresh2/benign.jsonl");

fn sha256(s: &str) -> String {
    Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn the_fresh2_files_are_the_frozen_ones() {
    assert_eq!(
        sha256(ATTACKS),
        "b0f856be1f06d742914767481a0760ba137d4a66b9f3afd33500fc789fe10e2c",
        "data/fresh2/attacks.jsonl changed: the set is frozen"
    );
    assert_eq!(
        sha256(BENIGN),
        "1b4cfffe1ff89b654413c7ddf07c562e263fa545a0296fbd75ff1347b029c69d",
        "data/fresh2/benign.jsonl changed: the set is frozen"
    );
}

struct Case {
    family: String,
    field: String,
    tool: String,
    text: String,
    group: Option<String>,
    variant_of: Option<usize>,
}

/// Every line of a file; an unreadable line is left out, and the count is asserted below.
fn cases(file: &str) -> Vec<Case> {
    file.lines()
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).ok()?;
            let s = |k: &str| v[k].as_str().map(str::to_owned);
            Some(Case {
                family: s("family")?,
                field: s("field")?,
                tool: s("tool")?,
                text: s("text")?,
                group: s("group"),
                variant_of: v["variant_of"].as_u64().map(|n| n as usize),
            })
        })
        .collect()
}

const FIELDS: [&str; 8] = [
    "tool_description",
    "param_description",
    "output_description",
    "title",
    "enum_value",
    "default_value",
    "example_value",
    "param_name",
];

#[test]
fn every_line_is_a_case_of_a_known_field() {
    assert_eq!(cases(ATTACKS).len(), ATTACKS.lines().count());
    assert_eq!(cases(BENIGN).len(), BENIGN.lines().count());
    for c in cases(ATTACKS).iter().chain(&cases(BENIGN)) {
        assert!(FIELDS.contains(&c.field.as_str()), "{}", c.field);
    }
}

/// Puts one text into its field of `tool`. The annotations of the bare tool are neutral (no
/// hints), so a case is judged for its text, not for a contradiction the author never wrote.
fn place(tool: &mut Value, field: &str, text: &str) {
    let prop = |tool: &mut Value, v: Value| {
        tool["inputSchema"]["properties"]["value"] = v;
    };
    match field {
        "tool_description" => tool["description"] = json!(text),
        "title" => tool["title"] = json!(text),
        "param_description" => prop(tool, json!({"type": "string", "description": text})),
        "enum_value" => prop(tool, json!({"type": "string", "enum": [text]})),
        "default_value" => prop(tool, json!({"type": "string", "default": text})),
        "example_value" => prop(tool, json!({"type": "string", "examples": [text]})),
        "param_name" => tool["inputSchema"]["properties"][text] = json!({"type": "string"}),
        "output_description" => {
            tool["outputSchema"] = json!({
                "type": "object",
                "properties": {"value": {"type": "string", "description": text}}
            });
        }
        // every field is one of FIELDS (asserted above)
        _ => {}
    }
}

fn bare(name: &str) -> Value {
    json!({"name": name, "inputSchema": {"type": "object", "properties": {}}})
}

/// Does the screen find something in the tool with the texts that it does not find without them?
/// In plain mode only injection-class findings count (plain `check`'s verdict).
fn flagged(parts: &[&Case], mode: Mode) -> bool {
    let name = &parts[0].tool;
    let without = bare(name);
    let mut with = bare(name);
    for c in parts {
        place(&mut with, &c.field, &c.text);
    }
    let key = |f: &Finding| (f.path.clone(), f.violation.rule);
    let keep = |f: &&Finding| mode == Mode::Strict || f.violation.is_injection();
    let base: Vec<_> = check_catalogue_mode(&[without], &[], mode)
        .iter()
        .filter(keep)
        .map(key)
        .collect();
    check_catalogue_mode(&[with], &[], mode)
        .iter()
        .filter(keep)
        .any(|f| !base.contains(&key(f)))
}

/// The cases of a file as units: a split attack's fragments (one `group`) are one tool.
fn units(all: &[Case]) -> Vec<(usize, Vec<&Case>)> {
    let mut out: Vec<(usize, Vec<&Case>)> = Vec::new();
    let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, c) in all.iter().enumerate() {
        match &c.group {
            Some(g) => match groups.get(g.as_str()) {
                Some(&k) => out[k].1.push(c),
                None => {
                    groups.insert(g, out.len());
                    out.push((i, vec![c]));
                }
            },
            None => out.push((i, vec![c])),
        }
    }
    out
}

fn table(m: &BTreeMap<String, (usize, usize)>) -> String {
    let (h, n) = m.values().fold((0, 0), |(a, b), (h, n)| (a + h, b + n));
    let rows: String = m
        .iter()
        .map(|(f, (h, n))| format!("  {f} {h}/{n}\n"))
        .collect();
    format!("{rows}  all {h}/{n}\n")
}

#[test]
fn the_fresh2_figures_are_the_documented_ones() {
    let attacks = cases(ATTACKS);
    let benign = cases(BENIGN);
    let mut report = String::new();
    for (label, mode) in [
        ("plain (injection class)", Mode::Plain),
        ("strict", Mode::Strict),
    ] {
        let mut caught: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut verdict = vec![false; attacks.len()];
        for (i, parts) in units(&attacks) {
            if parts[0].variant_of.is_some() {
                continue;
            }
            let hit = flagged(&parts, mode);
            verdict[i] = hit;
            let e = caught.entry(parts[0].family.clone()).or_default();
            e.1 += 1;
            e.0 += usize::from(hit);
        }
        // a synonym variant counts where its original is caught: does the swap undo the catch?
        let (mut kept, mut of) = (0, 0);
        for c in &attacks {
            if let Some(o) = c.variant_of
                && verdict.get(o).copied().unwrap_or(false)
            {
                of += 1;
                kept += usize::from(flagged(&[c], mode));
            }
        }
        let mut flagged_benign: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for c in &benign {
            let e = flagged_benign.entry(c.family.clone()).or_default();
            e.1 += 1;
            e.0 += usize::from(flagged(&[c], mode));
        }
        report += &format!(
            "{label}\n attacks caught\n{} synonym variants of caught attacks caught {kept}/{of}\n benign flagged\n{}",
            table(&caught),
            table(&flagged_benign)
        );
    }
    println!("{report}");
    let doc = include_str!("../../docs/POLICY.md");
    let documented = doc
        .split("<!-- fresh2:begin -->\n```text\n")
        .nth(1)
        .and_then(|r| r.split("```\n<!-- fresh2:end -->").next())
        .unwrap_or("");
    assert_eq!(
        documented, report,
        "the fresh2 figures measured differ from the ones docs/POLICY.md reports (between the fresh2 markers)"
    );
}
