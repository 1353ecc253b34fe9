//! The audit trail (`--audit-log PATH`, `CLINIC_AUDIT_LOG`): every call of a mutating tool
//! appends one JSON line, written and flushed to the file before the answer is sent.
//!
//! A line holds the time, the tool, the caller's role, a fingerprint of its token (never the
//! token), the ids acted on (integer arguments named `*_id`, and the `appointment_id` of the
//! answer), the clinic API's request id, and the outcome (`ok`, or `error` with its code;
//! `replayed` when the API answered an earlier identical request again). Nothing else from the
//! arguments: no reason, no idempotency key, no free text.
//!
//! Each line is one `write` of a whole line to a file opened for appending, then synced. A
//! crash in the middle of one (power lost mid-write) can leave a partial last line; opening the
//! file cuts such a tail off, so every line of the file parses.

use crate::caller::Caller;
use crate::error::ErrorCode;
use serde_json::{Map, Value, json};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// An open audit log.
#[derive(Debug)]
pub struct AuditLog {
    path: PathBuf,
    file: Mutex<File>,
}

/// What one audited call did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    pub tool: &'a str,
    pub caller: &'a Caller,
    /// The ids acted on, by name.
    pub ids: Map<String, Value>,
    pub request_id: Option<&'a str>,
    /// `Ok(replayed)` or the error's code.
    pub outcome: Result<bool, ErrorCode>,
}

impl AuditLog {
    /// Open (or create) the log at `path` for appending, cutting off a partial last line.
    pub fn open(path: &Path) -> std::io::Result<Self> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        cut_partial_tail(&mut file)?;
        Ok(Self {
            path: path.to_owned(),
            file: Mutex::new(file),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append the line of `entry` and flush it to the file.
    pub fn record(&self, entry: &Entry<'_>) -> std::io::Result<()> {
        let mut line = serde_json::to_string(&line(entry))?;
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.write_all(line.as_bytes())?;
        file.flush()?;
        file.sync_data()
    }
}

/// The JSON of one line.
pub fn line(entry: &Entry<'_>) -> Value {
    let mut out = json!({
        "time": jiff::Timestamp::now().to_string(),
        "tool": entry.tool,
        "role": entry.caller.role.as_str(),
        "caller": entry.caller.fingerprint(),
        "ids": entry.ids,
        "request_id": entry.request_id,
    });
    if let Value::Object(map) = &mut out {
        match entry.outcome {
            Ok(replayed) => {
                map.insert("outcome".into(), "ok".into());
                map.insert("replayed".into(), replayed.into());
            }
            Err(code) => {
                map.insert("outcome".into(), "error".into());
                map.insert("code".into(), code.as_str().into());
            }
        }
    }
    out
}

/// The ids a call acted on: every integer argument named `*_id`, then the `appointment_id` of
/// its answer when the arguments did not name one (a new booking's).
pub fn ids(args: &Map<String, Value>, answer: Option<&Value>) -> Map<String, Value> {
    let mut out: Map<String, Value> = args
        .iter()
        .filter(|(k, v)| k.ends_with("_id") && v.is_u64())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if let Some(id) = answer
        .and_then(|a| a.get("appointment_id"))
        .filter(|v| v.is_u64())
    {
        out.entry("appointment_id").or_insert_with(|| id.clone());
    }
    out
}

/// Truncate `file` after its last `\n` (or to empty) when it does not end with one.
fn cut_partial_tail(file: &mut File) -> std::io::Result<()> {
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(());
    }
    // Read back from the end in blocks until a newline is found.
    let mut end = len;
    let mut block = vec![0u8; 4096];
    let mut keep = 0;
    let mut first = true;
    while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let n = usize::try_from(end - start).unwrap_or(block.len());
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut block[..n])?;
        if first && block[n - 1] == b'\n' {
            return Ok(());
        }
        first = false;
        if let Some(i) = block[..n].iter().rposition(|b| *b == b'\n') {
            keep = start + i as u64 + 1;
            break;
        }
        end = start;
    }
    tracing::warn!(
        cut = len - keep,
        "the audit log ended in a partial line (a crash mid-write); it was cut off"
    );
    file.set_len(keep)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caller::{AccessToken, SessionRole};

    #[test]
    fn a_line_names_the_caller_by_fingerprint_and_a_partial_tail_is_cut() {
        let dir = std::env::temp_dir().join(format!("clinic-audit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("audit.jsonl");
        std::fs::write(&path, "{\"tool\":\"x\"}\n{\"tool\":\"cut of").unwrap();
        let log = AuditLog::open(&path).unwrap();
        let caller = Caller::new(SessionRole::Patient, AccessToken::new("tok-canary-1"));
        let args = json!({"slot_id": 4, "idempotency_key": "free-text-key", "reason": "why"});
        let args = args.as_object().unwrap();
        log.record(&Entry {
            tool: "book_appointment",
            caller: &caller,
            ids: ids(args, Some(&json!({"appointment_id": 9}))),
            request_id: Some("req-000001"),
            outcome: Ok(false),
        })
        .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("canary") && !text.contains("free-text") && !text.contains("why"));
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["ids"], json!({"slot_id": 4, "appointment_id": 9}));
        assert_eq!(lines[1]["caller"], caller.fingerprint());
        assert_eq!(lines[1]["outcome"], "ok");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
