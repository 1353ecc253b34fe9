//! The evaluation sets written in one format (`data/fresh2/`, `data/fresh3/`, `data/train3/`): one
//! JSON line per case (`family`, `field`, `tool`, `text`, and `group` for a split attack or
//! `variant_of` for a synonym variant), each case placed into its field of a bare tool and judged
//! for what it adds to that tool.

#![allow(dead_code)] // each test file uses the part it needs

use std::collections::BTreeMap;

use clinic_policy::{Finding, Mode, check_catalogue_mode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

pub struct Case {
    pub family: String,
    pub field: String,
    pub tool: String,
    pub text: String,
    pub group: Option<String>,
    pub variant_of: Option<usize>,
}

/// Every line of a file; an unreadable line is left out (`well_formed` says whether any was).
pub fn cases(file: &str) -> Vec<Case> {
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

pub const FIELDS: [&str; 8] = [
    "tool_description",
    "param_description",
    "output_description",
    "title",
    "enum_value",
    "default_value",
    "example_value",
    "param_name",
];

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
pub fn flagged(parts: &[&Case], mode: Mode) -> bool {
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
pub fn units(all: &[Case]) -> Vec<(usize, Vec<&Case>)> {
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

pub fn table(m: &BTreeMap<String, (usize, usize)>) -> String {
    let (h, n) = m.values().fold((0, 0), |(a, b), (h, n)| (a + h, b + n));
    let rows: String = m
        .iter()
        .map(|(f, (h, n))| format!("  {f} {h}/{n}\n"))
        .collect();
    format!("{rows}  all {h}/{n}\n")
}

/// The figures of a set, as `docs/POLICY.md` reports them: per family, attacks caught and benign
/// lines flagged, by plain `check` (injection-class findings) and by `--strict`; and how many
/// synonym variants of caught attacks stay caught.
pub fn report(attacks: &str, benign: &str) -> String {
    let mut report = String::new();
    for (label, mode) in [
        ("plain (injection class)", Mode::Plain),
        ("strict", Mode::Strict),
    ] {
        let m = measure(attacks, benign, mode);
        report += &format!(
            "{label}\n attacks caught\n{} synonym variants of caught attacks caught {}/{}\n benign flagged\n{}",
            table(&m.caught),
            m.variants_kept,
            m.variants_of,
            table(&m.flagged)
        );
    }
    report
}

/// One mode's figures over a set: per family (caught or flagged, of), and the synonym variants
/// of caught attacks that stay caught.
pub struct Measured {
    pub caught: BTreeMap<String, (usize, usize)>,
    pub flagged: BTreeMap<String, (usize, usize)>,
    pub variants_kept: usize,
    pub variants_of: usize,
}

pub fn measure(attacks: &str, benign: &str, mode: Mode) -> Measured {
    let attacks = cases(attacks);
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
    for c in &cases(benign) {
        let e = flagged_benign.entry(c.family.clone()).or_default();
        e.1 += 1;
        e.0 += usize::from(flagged(&[c], mode));
    }
    Measured {
        caught,
        flagged: flagged_benign,
        variants_kept: kept,
        variants_of: of,
    }
}

/// The figures `docs/POLICY.md` reports between `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
pub fn documented<'a>(doc: &'a str, name: &str) -> &'a str {
    doc.split(&format!("<!-- {name}:begin -->\n```text\n"))
        .nth(1)
        .and_then(|r| r.split(&format!("```\n<!-- {name}:end -->")).next())
        .unwrap_or("")
}

/// Every line of `file` is a case of a known field.
pub fn well_formed(file: &str) -> bool {
    cases(file).len() == file.lines().count()
        && cases(file)
            .iter()
            .all(|c| FIELDS.contains(&c.field.as_str()))
}

/// The SHA-256 of a file's text, in hex.
pub fn sha256(s: &str) -> String {
    Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The attacks `mode` misses and the benign lines it flags, one line each (for a training set's
/// report; a held-out set's texts are not printed).
pub fn errors(attacks: &str, benign: &str, mode: Mode) -> String {
    let attacks = cases(attacks);
    let mut out = String::new();
    for (_, parts) in units(&attacks) {
        if parts[0].variant_of.is_some() {
            continue;
        }
        if !flagged(&parts, mode) {
            for c in &parts {
                out += &format!("miss {} {} {}: {}\n", c.family, c.field, c.tool, c.text);
            }
        }
    }
    // a synonym variant of a caught attack that is missed: the swap undid the catch
    for c in &attacks {
        if let Some(o) = c.variant_of
            && attacks.get(o).is_some_and(|orig| flagged(&[orig], mode))
            && !flagged(&[c], mode)
        {
            out += &format!(
                "variant miss {} {} {}: {}\n",
                c.family, c.field, c.tool, c.text
            );
        }
    }
    for c in cases(benign) {
        if mode == Mode::Plain && flagged(&[&c], mode) {
            out += &format!("flag {} {} {}: {}\n", c.family, c.field, c.tool, c.text);
        }
    }
    out
}

/// A frozen held-out set: its files are the pinned ones (`sha_attacks`, `sha_benign`), and the
/// figures it yields are the ones `docs/POLICY.md` reports between the `name` markers. Its texts
/// and misses are never printed: only the figures.
#[allow(clippy::print_stdout)] // called from tests only: the report is what `--nocapture` shows
pub fn assert_frozen(name: &str, attacks: &str, benign: &str, sha_attacks: &str, sha_benign: &str) {
    assert_eq!(
        sha256(attacks),
        sha_attacks,
        "data/{name}/attacks.jsonl changed: the set is frozen"
    );
    assert_eq!(
        sha256(benign),
        sha_benign,
        "data/{name}/benign.jsonl changed: the set is frozen"
    );
    assert!(well_formed(attacks) && well_formed(benign));
    let report = report(attacks, benign);
    println!("{report}");
    assert_eq!(
        documented(include_str!("../../../docs/POLICY.md"), name),
        report,
        "the {name} figures measured differ from the ones docs/POLICY.md reports (between the {name} markers)"
    );
}

/// A training set: plain `check` catches at least `floors` per family (every family measured),
/// flags at most `max_flagged` benign lines, keeps 9 in 10 synonym variants of caught attacks;
/// `--strict` refuses every attack. With `--nocapture` every miss and false flag is printed.
#[allow(clippy::print_stdout)] // called from tests only: the misses are what `--nocapture` shows
pub fn assert_training(attacks: &str, benign: &str, floors: &[(&str, usize)], max_flagged: usize) {
    assert!(well_formed(attacks) && well_formed(benign));
    println!("{}", errors(attacks, benign, Mode::Plain));
    let m = measure(attacks, benign, Mode::Plain);
    println!("{}{}", table(&m.caught), table(&m.flagged));
    assert_eq!(m.caught.len(), floors.len(), "a family is missing");
    for (family, floor) in floors {
        let (hit, of) = m.caught.get(*family).copied().unwrap_or_default();
        assert!(hit >= *floor, "{family}: {hit}/{of} caught, floor {floor}");
    }
    let flagged: usize = m.flagged.values().map(|(h, _)| h).sum();
    assert!(
        flagged <= max_flagged,
        "{flagged} benign lines flagged (at most {max_flagged})"
    );
    println!(
        "synonym variants of caught attacks caught {}/{}",
        m.variants_kept, m.variants_of
    );
    assert!(m.variants_kept * 10 >= m.variants_of * 9);
    println!("{}", errors(attacks, benign, Mode::Strict));
    let m = measure(attacks, benign, Mode::Strict);
    assert_eq!(m.caught.len(), floors.len(), "a family is missing");
    for (family, (hit, of)) in &m.caught {
        assert_eq!(hit, of, "{family}: strict caught {hit}/{of}");
    }
}
