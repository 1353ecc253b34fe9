//! Accepted findings: `--ignore FILE`.
//!
//! ```json
//! {"ignore": [
//!   {"kind": "tool", "name": "fetch", "path": "/description", "rule": "hidden_payload",
//!    "reason": "the link is the documentation of the fetch tool, reviewed 2026-11-30"}
//! ]}
//! ```
//!
//! `kind` defaults to `tool`; every other member is required, the reason must say something, and
//! an entry that matches no finding of this run (or has a member not listed here) is an error:
//! an ignore list cannot silently outlive what it accepted.

use serde_json::Value;

use crate::screen::{Finding, Kind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub kind: Kind,
    pub name: String,
    pub path: String,
    pub rule: String,
    pub reason: String,
}

impl Entry {
    fn matches(&self, f: &Finding) -> bool {
        f.kind == self.kind && f.name == self.name && f.path == self.path && f.rule() == self.rule
    }
    fn describe(&self) -> String {
        format!(
            "{} `{}` {} rule `{}`",
            self.kind.id(),
            self.name,
            if self.path.is_empty() {
                "(whole item)"
            } else {
                &self.path
            },
            self.rule
        )
    }
}

const MEMBERS: &[&str] = &["kind", "name", "path", "rule", "reason"];

/// Parse an ignore file's text.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let list = v
        .get("ignore")
        .and_then(Value::as_array)
        .ok_or("expected {\"ignore\": [ ... ]}")?;
    let mut out = Vec::new();
    for (i, e) in list.iter().enumerate() {
        let n = i + 1;
        let o = e.as_object().ok_or(format!("entry {n} is not an object"))?;
        if let Some(k) = o.keys().find(|k| !MEMBERS.contains(&k.as_str())) {
            return Err(format!(
                "entry {n}: unknown member `{k}` (known: {})",
                MEMBERS.join(", ")
            ));
        }
        let get = |k: &str| -> Result<String, String> {
            o.get(k)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or(format!("entry {n}: `{k}` is missing or not a string"))
        };
        let kind = match o.get("kind") {
            None => Kind::Tool,
            Some(k) => k.as_str().and_then(Kind::parse).ok_or(format!(
                "entry {n}: unknown kind {k} (tool, prompt, resource, resourceTemplate, server)"
            ))?,
        };
        let reason = get("reason")?;
        if reason.trim().len() < 3 {
            return Err(format!(
                "entry {n}: a reason is required (why the finding is accepted)"
            ));
        }
        out.push(Entry {
            kind,
            name: get("name")?,
            path: get("path")?,
            rule: get("rule")?,
            reason,
        });
    }
    Ok(out)
}

/// Mark the findings each entry accepts; an entry that accepts nothing is an error.
pub fn apply(entries: &[Entry], findings: &mut [Finding]) -> Result<(), String> {
    let mut unknown = Vec::new();
    for e in entries {
        let mut hit = false;
        for f in findings.iter_mut().filter(|f| e.matches(f)) {
            f.ignored = Some(e.reason.clone());
            hit = true;
        }
        if !hit {
            unknown.push(e.describe());
        }
    }
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the ignore file lists findings this server does not have: {}",
            unknown.join("; ")
        ))
    }
}
