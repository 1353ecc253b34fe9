//! The three output formats: text, JSON and SARIF 2.1.0.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::collect::Snapshot;
use crate::pin::{Drift, hash};
use crate::screen::Finding;

/// What one run found, ready to print.
#[derive(Debug)]
pub struct Report<'a> {
    pub snapshot: &'a Snapshot,
    pub findings: &'a [Finding],
    /// `Some` when a pin was verified.
    pub drift: Option<&'a [Drift]>,
    pub strict: bool,
    /// Text: every finding on its own, hygiene and ignored ones too, instead of counts by rule.
    pub verbose: bool,
    /// The artifact the SARIF results point at (the pin file, or the server's command).
    pub artifact: &'a str,
}

fn counts(findings: &[Finding]) -> (usize, usize, usize) {
    let live: Vec<&Finding> = findings.iter().filter(|f| f.ignored.is_none()).collect();
    let inj = live.iter().filter(|f| f.is_injection()).count();
    (inj, live.len() - inj, findings.len() - live.len())
}

fn server_label(s: &Snapshot) -> String {
    let name = s
        .server_info
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("(unnamed)");
    let version = s
        .server_info
        .get("version")
        .and_then(Value::as_str)
        .unwrap_or("?");
    format!("{name} {version}")
}

/// One finding on its own: what, where, which rule, and the fix (or the reason it was accepted).
fn finding_lines(out: &mut String, f: &Finding) {
    let path = if f.path.is_empty() {
        "(whole item)"
    } else {
        &f.path
    };
    let _ = writeln!(
        out,
        "{} [{}] {} {path}: {}: {} -- {}",
        if f.ignored.is_some() {
            "ignored"
        } else {
            "finding"
        },
        f.class(),
        f.item(),
        f.rule(),
        f.violation.rule.message(),
        f.violation.detail
    );
    match &f.ignored {
        Some(reason) => {
            let _ = writeln!(out, "    accepted: {reason}");
        }
        None => {
            let _ = writeln!(out, "    fix: {}", f.violation.rule.fix());
        }
    }
}

/// Where a finding is, short: `tool fetch /description`.
fn place(f: &Finding) -> String {
    if f.path.is_empty() {
        f.item()
    } else {
        format!("{} {}", f.item(), f.path)
    }
}

/// `1 finding`, `2 findings`.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// How many places a rule group names before `and N more`.
const EXAMPLES: usize = 3;

impl Report<'_> {
    /// The text report, what matters first: the header; each injection finding with its fix;
    /// drift risk and drift from the pin; hygiene grouped by rule (count, message, fix once, a
    /// few places; each finding with `verbose`); ignored findings counted (each with `verbose`);
    /// notes; the summary line last (scripts read it with `tail -n 1`).
    pub fn text(&self) -> String {
        let s = self.snapshot;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "server {} (protocol {}): {} tools, {} prompts, {} resources, {} resource templates{}{}",
            server_label(s),
            s.protocol_version,
            s.tools.len(),
            s.prompts.len(),
            s.resources.len(),
            s.resource_templates.len(),
            match s.resource_contents.len() {
                0 => String::new(),
                1 => ", 1 view read".to_owned(),
                n => format!(", {n} views read"),
            },
            if s.instructions.is_some() {
                ", instructions"
            } else {
                ""
            }
        );
        let live = || self.findings.iter().filter(|f| f.ignored.is_none());
        for f in live().filter(|f| f.is_injection()) {
            finding_lines(&mut out, f);
        }
        for r in &s.drift_risks {
            let _ = writeln!(out, "drift risk: {}", r.line());
        }
        if let Some(drift) = self.drift {
            if drift.is_empty() {
                let _ = writeln!(out, "pin: no drift");
            } else {
                let _ = writeln!(out, "pin: {} items drifted from the pin", drift.len());
                for d in drift {
                    let _ = writeln!(out, "  {}", d.line());
                    for line in &d.details {
                        let _ = writeln!(out, "    {line}");
                    }
                }
            }
        }
        let hygiene: Vec<&Finding> = live().filter(|f| !f.is_injection()).collect();
        if self.verbose {
            for f in &hygiene {
                finding_lines(&mut out, f);
            }
        } else if !hygiene.is_empty() {
            let mut by_rule: BTreeMap<&str, Vec<&Finding>> = BTreeMap::new();
            for f in &hygiene {
                by_rule.entry(f.rule()).or_default().push(f);
            }
            let mut groups: Vec<(&str, Vec<&Finding>)> = by_rule.into_iter().collect();
            groups.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
            let _ = writeln!(
                out,
                "hygiene: {} of {}{} (--verbose lists each one):",
                plural(hygiene.len(), "finding"),
                plural(groups.len(), "rule"),
                if self.strict {
                    ", failing with --strict"
                } else {
                    ""
                }
            );
            for (rule, fs) in &groups {
                let r = fs[0].violation.rule;
                let _ = writeln!(out, "  {rule} x{}: {}", fs.len(), r.message());
                let mut places: Vec<String> = fs.iter().take(EXAMPLES).map(|f| place(f)).collect();
                if fs.len() > EXAMPLES {
                    places.push(format!("and {} more", fs.len() - EXAMPLES));
                }
                let _ = writeln!(out, "    in {}", places.join("; "));
                let _ = writeln!(out, "    fix: {}", r.fix());
            }
        }
        let ignored: Vec<&Finding> = self
            .findings
            .iter()
            .filter(|f| f.ignored.is_some())
            .collect();
        if self.verbose {
            for f in &ignored {
                finding_lines(&mut out, f);
            }
        } else if !ignored.is_empty() {
            let _ = writeln!(
                out,
                "ignored: {} accepted by the ignore file (--verbose lists each one)",
                plural(ignored.len(), "finding")
            );
        }
        for n in &s.notes {
            let _ = writeln!(out, "note: {n}");
        }
        let (inj, hyg, ign) = counts(self.findings);
        let _ = writeln!(
            out,
            "{} findings: {inj} injection, {hyg} hygiene, {ign} ignored{}{}",
            inj + hyg,
            if s.drift_risks.is_empty() {
                String::new()
            } else {
                format!("; drift risk in {}", plural(s.drift_risks.len(), "list"))
            },
            if self.strict {
                " (strict: every finding fails)"
            } else {
                ""
            }
        );
        out
    }

    pub fn json(&self) -> Value {
        let s = self.snapshot;
        let (inj, hyg, ign) = counts(self.findings);
        let mut v = json!({
            "server": s.server_info,
            "protocolVersion": s.protocol_version,
            "instructions": s.instructions.is_some(),
            "tools": s.tools.len(),
            "prompts": s.prompts.len(),
            "resources": s.resources.len(),
            "resourceTemplates": s.resource_templates.len(),
            "views": s
                .resource_contents
                .iter()
                .filter_map(|r| r.get("uri").cloned())
                .collect::<Vec<_>>(),
            "notes": s.notes,
            "strict": self.strict,
            "injection": inj,
            "hygiene": hyg,
            "ignored": ign,
            "findings": self.findings.iter().map(Finding::to_json).collect::<Vec<_>>(),
            "driftRisk": s.drift_risks.iter().map(|r| json!({
                "list": r.list,
                "declared": r.declared,
                "announced": r.announced,
                "message": r.line(),
            })).collect::<Vec<_>>(),
        });
        if let (Some(drift), Some(o)) = (self.drift, v.as_object_mut()) {
            o.insert(
                "drift".to_owned(),
                drift
                    .iter()
                    .map(|d| {
                        json!({"section": d.section, "item": d.item, "change": d.change, "details": d.details})
                    })
                    .collect(),
            );
        }
        v
    }

    pub fn sarif(&self) -> Value {
        let mut rules: BTreeMap<&str, Value> = BTreeMap::new();
        for f in self.findings {
            let r = f.violation.rule;
            rules.entry(r.id()).or_insert_with(|| {
                json!({
                    "id": r.id(),
                    "name": r.id(),
                    "shortDescription": {"text": r.message()},
                    "help": {"text": r.fix()},
                    "properties": {"tags": ["security", "mcp"]},
                })
            });
        }
        let drift = self.drift.unwrap_or(&[]);
        if !drift.is_empty() {
            rules.insert(
                "pin-drift",
                json!({
                    "id": "pin-drift",
                    "name": "pin-drift",
                    "shortDescription": {"text": "the server shows something other than what was pinned (a rug pull, or an update to review)"},
                    "help": {"text": "review the change; if it is approved, write the pin again with --pin"},
                    "properties": {"tags": ["security", "mcp"]},
                }),
            );
        }
        let risks = &self.snapshot.drift_risks;
        if !risks.is_empty() {
            rules.insert(
                "list-changed",
                json!({
                    "id": "list-changed",
                    "name": "list-changed",
                    "shortDescription": {"text": "the server may change a list after the audit (it declares listChanged, or sent list_changed): what was screened and pinned need not be what an agent is shown"},
                    "help": {"text": "review why the list changes; an agent should be offered only what was audited"},
                    "properties": {"tags": ["security", "mcp"]},
                }),
            );
        }
        let index: BTreeMap<&str, usize> = rules.keys().enumerate().map(|(i, k)| (*k, i)).collect();
        let location = |fqn: String, name: &str| {
            json!([{
                "physicalLocation": {"artifactLocation": {"uri": self.artifact}},
                "logicalLocations": [{"name": name, "fullyQualifiedName": fqn, "kind": "member"}],
            }])
        };
        let mut results = Vec::new();
        for f in self.findings {
            let level = if f.is_injection() || self.strict {
                "error"
            } else {
                "warning"
            };
            let fqn = format!("{}:{}#{}", f.kind.id(), f.name, f.path);
            let mut r = json!({
                "ruleId": f.rule(),
                "ruleIndex": index.get(f.rule()).copied().unwrap_or(0),
                "level": level,
                "message": {"text": format!("{} {}: {} -- {} (class {})",
                    f.item(), if f.path.is_empty() { "(whole item)" } else { &f.path },
                    f.violation.rule.message(), f.violation.detail, f.class())},
                "locations": location(fqn.clone(), &f.name),
                "partialFingerprints": {"clinicAudit/v1": hash(&json!([fqn, f.rule(), f.violation.detail]))},
                "properties": {
                    "class": f.class(),
                    "kind": f.kind.id(),
                    "item": f.name,
                    "pointer": f.path,
                    "detail": f.violation.detail,
                },
            });
            if let (Some(reason), Some(o)) = (&f.ignored, r.as_object_mut()) {
                o.insert(
                    "suppressions".to_owned(),
                    json!([{"kind": "external", "justification": reason}]),
                );
            }
            results.push(r);
        }
        for d in drift {
            let fqn = format!("{}:{}", d.section, d.item);
            results.push(json!({
                "ruleId": "pin-drift",
                "ruleIndex": index.get("pin-drift").copied().unwrap_or(0),
                "level": "error",
                "message": {"text": format!("{}: {}", d.line(), d.details.join("; "))},
                "locations": location(fqn.clone(), &d.item),
                "partialFingerprints": {"clinicAudit/v1": hash(&json!([fqn, "pin-drift", d.details]))},
                "properties": {"class": "drift", "section": d.section, "change": d.change},
            }));
        }
        for r in risks {
            let fqn = format!("capabilities:{}", r.list);
            results.push(json!({
                "ruleId": "list-changed",
                "ruleIndex": index.get("list-changed").copied().unwrap_or(0),
                "level": "error",
                "message": {"text": r.line()},
                "locations": location(fqn.clone(), r.list),
                "partialFingerprints": {"clinicAudit/v1": hash(&json!([fqn, "list-changed"]))},
                "properties": {"class": "drift", "list": r.list, "declared": r.declared, "announced": r.announced},
            }));
        }
        json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "clinic-audit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://example.invalid/clinic-mcp",
                    "rules": rules.into_values().collect::<Vec<_>>(),
                }},
                "results": results,
                "properties": {
                    "server": self.snapshot.server_info,
                    "strict": self.strict,
                },
            }],
        })
    }
}
