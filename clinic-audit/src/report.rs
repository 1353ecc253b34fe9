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

impl Report<'_> {
    pub fn text(&self) -> String {
        let s = self.snapshot;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "server {} (protocol {}): {} tools, {} prompts, {} resources, {} resource templates{}",
            server_label(s),
            s.protocol_version,
            s.tools.len(),
            s.prompts.len(),
            s.resources.len(),
            s.resource_templates.len(),
            if s.instructions.is_some() {
                ", instructions"
            } else {
                ""
            }
        );
        for n in &s.notes {
            let _ = writeln!(out, "note: {n}");
        }
        for f in self.findings {
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
        let (inj, hyg, ign) = counts(self.findings);
        let _ = writeln!(
            out,
            "{} findings: {inj} injection, {hyg} hygiene, {ign} ignored{}",
            inj + hyg,
            if self.strict {
                " (strict: every finding fails)"
            } else {
                ""
            }
        );
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
