//! The frozen held-out set (`data/heldout/cases.jsonl`): written by an author who had read none
//! of `clinic-policy/src`, the macros or `docs/POLICY.md`, briefed only with the attack families
//! and the file format, and committed on its own before the rules it measures were written.
//!
//! It is measured, never tuned on: a miss is recorded in `docs/POLICY.md`, not fixed by a rule
//! fitted to its words. The file's SHA-256 is pinned (CI clones shallow, so the test cannot ask
//! git which commit added it), and the figures it yields are pinned to the ones `docs/POLICY.md`
//! reports, so the documented number is the measured one.

use std::collections::BTreeMap;

use clinic_policy::{Finding, Mode, check_catalogue_mode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const CASES: &str = include_str!("data/heldout/cases.jsonl");
const PINNED_SHA256: &str = "d59f2b3445c785a9a47ce3892bf0845c01621c8ed94aac898bd6226767ce7b21";

#[test]
fn the_held_out_file_is_the_frozen_one() {
    let digest = Sha256::digest(CASES.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex, PINNED_SHA256,
        "data/heldout/cases.jsonl changed: the held-out set is frozen; write a new set in its own file instead"
    );
}

struct Case {
    set: String,
    family: String,
    field: String,
    tool: String,
    mutates: bool,
    text: String,
}

/// Every line of the file; an unreadable line is left out, and the count is asserted below.
fn cases() -> Vec<Case> {
    CASES
        .lines()
        .filter_map(|l| {
            let v: Value = serde_json::from_str(l).ok()?;
            let s = |k: &str| v[k].as_str().map(str::to_owned);
            Some(Case {
                set: s("set")?,
                family: s("family")?,
                field: s("field")?,
                tool: s("tool")?,
                mutates: v["mutates"].as_bool()?,
                text: s("text")?,
            })
        })
        .collect()
}

#[test]
fn every_line_is_a_case_of_a_known_field() {
    let cases = cases();
    assert_eq!(cases.len(), CASES.lines().count());
    assert_eq!(cases.len(), 210);
    for c in &cases {
        assert!(FIELDS.contains(&c.field.as_str()), "{}", c.field);
    }
}

const FIELDS: [&str; 5] = [
    "tool_description",
    "title",
    "param_description",
    "param_name",
    "output_description",
];

/// A one-tool catalogue with the case's text in its field, and the same tool without it. The
/// annotations follow the tool's name and `mutates`, so that a case is not "caught" by a
/// contradiction the author never wrote.
fn tools(c: &Case) -> (Value, Value) {
    let destroys = matches!(
        clinic_policy::effect_of(&c.tool, ""),
        clinic_policy::Effect::Destroys(_)
    );
    let annotations = json!({
        "readOnlyHint": !c.mutates,
        "destructiveHint": c.mutates && destroys,
    });
    let mut with = json!({
        "name": c.tool,
        "inputSchema": {"type": "object", "properties": {}},
        "annotations": annotations,
    });
    let without = with.clone();
    match c.field.as_str() {
        "tool_description" => with["description"] = json!(c.text),
        "title" => with["title"] = json!(c.text),
        "param_description" => {
            with["inputSchema"]["properties"]["value"] =
                json!({"type": "string", "description": c.text});
        }
        "param_name" => {
            with["inputSchema"]["properties"][c.text.as_str()] = json!({"type": "string"});
        }
        "output_description" => {
            with["outputSchema"] = json!({
                "type": "object",
                "properties": {"value": {"type": "string", "description": c.text}}
            });
        }
        // every field is one of FIELDS (asserted above)
        _ => {}
    }
    (with, without)
}

/// Does the screen find something in the tool with the case that it does not find without it?
/// In plain mode only injection-class findings count (plain `check`'s verdict); `vocabulary: false`
/// leaves the vocabulary rule out (what the other rules catch on their own).
fn flagged(c: &Case, mode: Mode, vocabulary: bool) -> bool {
    let (with, without) = tools(c);
    let key = |f: &Finding| (f.path.clone(), f.violation.rule);
    let keep = |f: &&Finding| {
        (mode == Mode::Strict || f.violation.is_injection())
            && (vocabulary || f.violation.rule != clinic_policy::Rule::Vocabulary)
    };
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

/// (set, family) -> (flagged, total) under `mode`.
fn measure(mode: Mode, vocabulary: bool) -> BTreeMap<(String, String), (usize, usize)> {
    let mut m: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    for c in cases() {
        let e = m.entry((c.set.clone(), c.family.clone())).or_default();
        e.1 += 1;
        if flagged(&c, mode, vocabulary) {
            e.0 += 1;
        }
    }
    m
}

fn table(m: &BTreeMap<(String, String), (usize, usize)>) -> String {
    m.iter()
        .map(|((s, f), (h, n))| format!("{s}/{f} {h}/{n}\n"))
        .collect()
}

#[test]
fn the_held_out_figures_are_the_documented_ones() {
    let strict = table(&measure(Mode::Strict, true));
    let grammar = table(&measure(Mode::Strict, false));
    let plain = table(&measure(Mode::Plain, true));
    let report = format!(
        "strict\n{strict}strict, rules other than vocabulary\n{grammar}plain (injection class)\n{plain}"
    );
    println!("{report}");
    let doc = include_str!("../../docs/POLICY.md");
    let documented = doc
        .split("<!-- heldout:begin -->\n```text\n")
        .nth(1)
        .and_then(|r| r.split("```\n<!-- heldout:end -->").next())
        .unwrap_or("");
    assert_eq!(
        documented, report,
        "the held-out figures measured differ from the ones docs/POLICY.md reports (between the heldout markers)"
    );
}
