//! The audit trail (`--audit-log PATH`, `CLINIC_AUDIT_LOG`): every call of a mutating tool
//! appends two JSON lines, each written and synced to the file before the server goes on: a
//! `pending` line before anything of the call is sent, and its outcome line before the answer.
//!
//! A line holds the time, the call (a random id joining the two lines of one call), the tool,
//! the caller's role, a fingerprint of its token (never the token), the ids acted on (the tool's
//! declared id parameters whose values pass the input schema's bounds, and the `appointment_id`
//! of the answer), the clinic API's request id, and the outcome: `pending`; `ok` (`replayed` when
//! the API answered an earlier identical request again); `error` with its code; or `asked` (the
//! confirmation went out as an `input_required` result: nothing was sent, the client's retry is
//! a call of its own). Nothing else from the arguments: no reason, no idempotency key, no free
//! text, no name the tool does not declare. Every string of a line passes the output screen's
//! redaction ([`crate::screen::redact`]): an API that echoes the caller's token (or anything
//! shaped like a token) as its request id puts `[redacted]` in the file, not the token.
//!
//! Fail closed: a call whose `pending` line cannot be written is refused before it sends anything
//! (`AUDIT_UNAVAILABLE`). One whose outcome line cannot be written after its change was sent
//! answers `AUDIT_UNAVAILABLE` saying what was done, and is counted ([`AuditLog::lost`]): the
//! process then exits non-zero. The `pending` line left without an outcome shows the gap.
//!
//! The file is only ever appended to, with one exception, and only of our own bytes: a partial
//! last line of ours (a crash mid-write, or a write cut short by a full disk, which the server
//! takes back at once). Opening a file checks that it is empty or ends in a line of ours, and
//! cuts a partial last line only when it is the start of one of ours that follows a whole line
//! of ours (or is the whole file). Anything else, and any path that is not a regular file (a
//! FIFO, a device such as `/dev/null` or `/dev/full`), is refused and left as it is.

use crate::caller::{AccessToken, Caller};
use crate::error::ErrorCode;
use crate::tool::ToolDef;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// An open audit log.
#[derive(Debug)]
pub struct AuditLog {
    path: PathBuf,
    file: Mutex<File>,
    /// Outcome lines that could not be written.
    lost: AtomicUsize,
}

/// What one audited call did, or is about to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Joins the lines of one call ([`call_id`]).
    pub call: &'a str,
    pub tool: &'a str,
    pub caller: &'a Caller,
    /// The ids acted on, by name.
    pub ids: Map<String, Value>,
    pub request_id: Option<&'a str>,
    pub outcome: Outcome,
}

/// The `outcome` of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Written before the call sends anything.
    Pending,
    /// The call answered; `replayed` is the API's `Idempotent-Replayed`.
    Ok { replayed: bool },
    /// The call answered this error.
    Error(ErrorCode),
    /// The confirmation went out as an `input_required` result: nothing was sent.
    Asked,
}

/// Why a path cannot be the audit log.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not a regular file ({0}); the audit log must be a regular file")]
    NotRegular(&'static str),
    #[error(
        "not written by clinic-mcp ({0}); it was left as it is. Give the path of a new file, or of an audit log this server wrote"
    )]
    Foreign(&'static str),
}

/// A fresh id for the lines of one call.
pub fn call_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

impl AuditLog {
    /// Open the log at `path` for appending, creating it if there is none. An existing file must
    /// be a regular file that is empty or ends in a line of ours; a partial last line of ours is
    /// cut off. Nothing else is ever changed in it.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        // Looked at before opening too: opening a FIFO could wait for its other end.
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(OpenError::NotRegular(kind(&meta.file_type())));
        }
        // Read and append (`O_RDWR | O_APPEND`): every write lands at the end whatever the
        // offset, and opening a FIFO this way never waits; the look below then refuses it.
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Err(OpenError::NotRegular(kind(&meta.file_type())));
        }
        if let Some(keep) = own_partial_tail(&mut file, meta.len())? {
            tracing::warn!(
                cut = meta.len() - keep,
                "the audit log ended in a partial line of its own (a crash mid-write); it was cut off"
            );
            file.set_len(keep)?;
        }
        Ok(Self {
            path: path.to_owned(),
            file: Mutex::new(file),
            lost: AtomicUsize::new(0),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append the line of `entry`, synced to the file. On failure nothing of it is left in the
    /// file (what a short write put there is taken back), so the next line starts a line.
    pub fn record(&self, entry: &Entry<'_>) -> std::io::Result<()> {
        let line = render(entry)?;
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        let before = file.metadata()?.len();
        let written = file
            .write_all(line.as_bytes())
            .and_then(|()| file.sync_data());
        if written.is_err() {
            take_back(&mut file, before, line.as_bytes());
        }
        written
    }

    /// Count an outcome line that could not be written.
    pub fn note_lost(&self) {
        self.lost.fetch_add(1, Ordering::AcqRel);
    }

    /// How many outcome lines could not be written since the log was opened.
    pub fn lost(&self) -> usize {
        self.lost.load(Ordering::Acquire)
    }
}

/// Truncate `file` back to `before` when what follows it is exactly a prefix of `line` (ours, cut
/// short): bytes another writer appended meanwhile do not match, and are left.
fn take_back(file: &mut File, before: u64, line: &[u8]) {
    let Ok(now) = file.metadata().map(|m| m.len()) else {
        return;
    };
    let Ok(n) = usize::try_from(now.saturating_sub(before)) else {
        return;
    };
    if n == 0 || n > line.len() {
        return;
    }
    let mut written = vec![0u8; n];
    let ours = file
        .seek(SeekFrom::Start(before))
        .and_then(|_| file.read_exact(&mut written))
        .is_ok_and(|()| written == line[..n]);
    if ours && file.set_len(before).is_ok() {
        tracing::warn!(
            bytes = n,
            "a line cut short in the audit log was taken back"
        );
    }
}

/// What a non-regular file is, for the refusal.
fn kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// Longer than any line the server writes: a longer last line is not ours.
const MAX_LINE: usize = 16 * 1024;

/// The members a line of ours may have, and those every line has.
const MEMBERS: [&str; 10] = [
    "time",
    "call",
    "tool",
    "role",
    "caller",
    "ids",
    "request_id",
    "outcome",
    "replayed",
    "code",
];
const REQUIRED: [&str; 7] = [
    "time",
    "tool",
    "role",
    "caller",
    "ids",
    "request_id",
    "outcome",
];

/// Whether `line` (without its newline) is a whole line of ours: a JSON object of our members,
/// every required one present, an outcome we write.
fn is_our_line(line: &[u8]) -> bool {
    let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(line) else {
        return false;
    };
    map.keys().all(|k| MEMBERS.contains(&k.as_str()))
        && REQUIRED.iter().all(|k| map.contains_key(*k))
        && ["time", "tool", "role", "caller"]
            .iter()
            .all(|k| map[*k].is_string())
        && map["ids"].is_object()
        && matches!(
            map["outcome"].as_str(),
            Some("pending" | "ok" | "error" | "asked")
        )
}

/// Whether `tail` (the text after the last newline) is the start of a line of ours: ASCII like
/// every line we write, an object whose first member is one of ours, and a prefix of JSON (or a
/// whole line of ours whose newline was not written).
fn is_our_start(tail: &[u8]) -> bool {
    if tail.len() > MAX_LINE || !tail.iter().all(|b| (b' '..=b'~').contains(b)) {
        return false;
    }
    let Some(rest) = tail.strip_prefix(b"{") else {
        return false;
    };
    if let Some(name) = rest.strip_prefix(b"\"") {
        let (name, whole) = match name.iter().position(|b| *b == b'"') {
            Some(end) => (&name[..end], true),
            None => (name, false),
        };
        let known = MEMBERS.iter().any(|m| {
            if whole {
                m.as_bytes() == name
            } else {
                m.as_bytes().starts_with(name)
            }
        });
        if !known {
            return false;
        }
    } else if !rest.is_empty() {
        return false;
    }
    match serde_json::from_slice::<Value>(tail) {
        Err(e) => e.is_eof(),
        Ok(_) => is_our_line(tail),
    }
}

/// Where to cut `file` (of `len` bytes) when it ends in a partial line of ours; `None` when it
/// ends in a whole line of ours or is empty. Anything else is refused ([`OpenError::Foreign`]).
fn own_partial_tail(file: &mut File, len: u64) -> Result<Option<u64>, OpenError> {
    if len == 0 {
        return Ok(None);
    }
    // The last two lines at most, which is all that is judged.
    let window = len.min(2 * MAX_LINE as u64 + 2);
    let start = len - window;
    let mut buf = vec![0u8; usize::try_from(window).unwrap_or(0)];
    file.seek(SeekFrom::Start(start))?;
    file.read_exact(&mut buf)?;
    // The line before `end` (exclusive, at a newline or the end of `buf`), if it lies whole in
    // the window: from the newline before it, or from the start of the file.
    let line_before = |end: usize| -> Option<&[u8]> {
        match buf[..end].iter().rposition(|b| *b == b'\n') {
            Some(nl) => Some(&buf[nl + 1..end]),
            None => (start == 0).then_some(&buf[..end]),
        }
    };
    let n = buf.len();
    if buf[n - 1] == b'\n' {
        return match line_before(n - 1) {
            Some(last) if is_our_line(last) => Ok(None),
            _ => Err(OpenError::Foreign(
                "its last line is not a line of this server's",
            )),
        };
    }
    let tail_start = buf.iter().rposition(|b| *b == b'\n').map_or(0, |nl| nl + 1);
    if tail_start == 0 && start > 0 {
        return Err(OpenError::Foreign(
            "it ends in a line longer than any of this server's",
        ));
    }
    if !is_our_start(&buf[tail_start..]) {
        return Err(OpenError::Foreign(
            "it ends in text that is not the start of a line of this server's",
        ));
    }
    if tail_start > 0 && !line_before(tail_start - 1).is_some_and(is_our_line) {
        return Err(OpenError::Foreign(
            "the line before its partial last line is not a line of this server's",
        ));
    }
    Ok(Some(start + tail_start as u64))
}

/// One line as it is written: the members in this order, every string redacted.
#[derive(Debug, Serialize)]
struct Line<'a> {
    time: String,
    call: String,
    tool: String,
    role: String,
    caller: String,
    ids: Map<String, Value>,
    request_id: Option<String>,
    outcome: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    replayed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

/// The line of `entry`, newline included. No value reaches the file but through the output
/// screen's redaction of the caller's token and of anything shaped like a token.
fn render(entry: &Entry<'_>) -> serde_json::Result<String> {
    let token = entry.caller.token.as_ref();
    let text = |s: &str| crate::screen::redact(s, token);
    let (outcome, replayed, code) = match entry.outcome {
        Outcome::Pending => ("pending", None, None),
        Outcome::Ok { replayed } => ("ok", Some(replayed), None),
        Outcome::Error(code) => ("error", None, Some(text(code.as_str()))),
        Outcome::Asked => ("asked", None, None),
    };
    let line = Line {
        time: text(&jiff::Timestamp::now().to_string()),
        call: text(entry.call),
        tool: text(entry.tool),
        role: text(entry.caller.role.as_str()),
        caller: text(&entry.caller.fingerprint()),
        ids: entry
            .ids
            .iter()
            .map(|(k, v)| (text(k), redacted(v, token)))
            .collect(),
        request_id: entry.request_id.map(text),
        outcome,
        replayed,
        code,
    };
    let mut out = serde_json::to_string(&line)?;
    out.push('\n');
    Ok(out)
}

/// `value` with every string redacted, and a number that spells the token (or holds it)
/// replaced by `[redacted]`.
fn redacted(value: &Value, token: Option<&AccessToken>) -> Value {
    match value {
        Value::String(s) => Value::String(crate::screen::redact(s, token)),
        Value::Number(n) if token.is_some_and(|t| n.to_string().contains(t.expose())) => {
            Value::String(crate::screen::REDACTED.to_owned())
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| redacted(v, token)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (crate::screen::redact(k, token), redacted(v, token)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The id parameters `def` declares: the integer properties of its input schema named `*_id`.
/// Read once per tool and process (a schema is generated by schemars on every read).
fn declared_ids(def: &ToolDef) -> Arc<[String]> {
    type Held = Mutex<BTreeMap<(&'static str, usize), Arc<[String]>>>;
    static HELD: OnceLock<Held> = OnceLock::new();
    let key = (def.name, def.input_schema as usize);
    let held = HELD.get_or_init(Held::default);
    if let Some(names) = held
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return names.clone();
    }
    let schema = (def.input_schema)();
    let is_integer = |p: &Value| match p.get("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(types)) => types.iter().any(|t| t == "integer"),
        _ => false,
    };
    let names: Arc<[String]> = match schema.get("properties") {
        Some(Value::Object(properties)) => properties
            .iter()
            .filter(|(name, p)| name.ends_with("_id") && is_integer(p))
            .map(|(name, _)| name.clone())
            .collect(),
        _ => Arc::from([]),
    };
    held.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, names.clone());
    names
}

/// The ids a call of `def` acts on, from its arguments: each id parameter the tool declares,
/// when its value is an integer within the bounds of the input schema (the check the call
/// itself runs, [`crate::bounds::check`]). An argument the tool does not declare is never named,
/// whatever its name or value.
pub fn ids(def: &ToolDef, args: &Map<String, Value>) -> Map<String, Value> {
    declared_ids(def)
        .iter()
        .filter_map(|name| {
            let value = args.get(name).filter(|v| v.is_u64())?;
            let one = Map::from_iter([(name.clone(), value.clone())]);
            crate::bounds::check(def.name, def.input_schema, &one).ok()?;
            Some((name.clone(), value.clone()))
        })
        .collect()
}

/// Add the `appointment_id` of a call's answer to its `ids` (a new booking's) when the arguments
/// did not name one.
pub fn add_answer_id(ids: &mut Map<String, Value>, answer: Option<&Value>) {
    if let Some(id) = answer
        .and_then(|a| a.get("appointment_id"))
        .filter(|v| v.is_u64())
    {
        ids.entry("appointment_id").or_insert_with(|| id.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caller::{AccessToken, SessionRole};
    use serde_json::json;

    /// A line as the server writes it.
    const OURS: &str = r#"{"time":"2026-01-05T10:00:00.5Z","call":"0f1e2d3c4b5a69788796a5b4c3d2e1f0","tool":"book_appointment","role":"patient","caller":"sha256:0123456789abcdef","ids":{"slot_id":4},"request_id":null,"outcome":"pending"}"#;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("clinic-audit-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("audit.jsonl")
    }

    /// What opening a file of `content` answers, and what is left of it.
    fn opened(name: &str, content: &[u8]) -> (Result<(), String>, Vec<u8>) {
        let path = temp(name);
        std::fs::write(&path, content).unwrap();
        let result = AuditLog::open(&path).map(drop).map_err(|e| e.to_string());
        let left = std::fs::read(&path).unwrap();
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        (result, left)
    }

    #[test]
    fn only_our_own_partial_last_line_is_ever_cut() {
        let ours = OURS.as_bytes();
        let whole = [ours, b"\n"].concat();
        // Kept as they are: empty, or ending in a whole line of ours.
        for (name, content) in [("empty", Vec::new()), ("whole", whole.repeat(3))] {
            assert_eq!(opened(name, &content), (Ok(()), content), "{name}");
        }
        // Ours, cut short anywhere (the newline too), after a line of ours or as the whole file.
        for cut in [1, 2, 5, 9, 60, ours.len() - 1, ours.len()] {
            let after = [whole.as_slice(), &ours[..cut]].concat();
            assert_eq!(opened("after", &after), (Ok(()), whole.clone()), "{cut}");
            assert_eq!(opened("alone", &ours[..cut]), (Ok(()), Vec::new()), "{cut}");
        }
        // Anything else is refused, and left as it is.
        let foreign: [&[u8]; 11] = [
            b"meeting notes, not a log",
            br#"{"mcpServers": {"clinic": {"command": "clinic-mcp"}}}"#,
            b"first line\nsecond line\n",
            b"\n",
            b"{\"tool\":\"x\"}\n",
            b"notes\n{\"time\":\"2026",
            b"{\"a\":1}\n{\"time\"",
            b"{\"name\":\"x\"",
            b"{\"time\":\"\xc3\xa9",
            &[whole.as_slice(), b"not ours"].concat(),
            &[whole.as_slice(), b"{\"time\":1}x"].concat(),
        ];
        for content in foreign {
            let (result, left) = opened("foreign", content);
            let why = result.expect_err(&String::from_utf8_lossy(content));
            assert!(why.starts_with("not written by clinic-mcp"), "{why}");
            assert_eq!(left, content);
        }
        // A last line longer than any of ours.
        let long = [b"{\"time\":\"".as_slice(), &vec![b'1'; 3 * MAX_LINE]].concat();
        assert_eq!(opened("long", &long).1, long);
        assert!(opened("long", &long).0.is_err());
    }

    #[test]
    fn a_line_cut_short_is_taken_back_only_when_the_bytes_are_ours() {
        let path = temp("take-back");
        std::fs::write(&path, format!("{OURS}\n")).unwrap();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&path)
            .unwrap();
        let before = file.metadata().unwrap().len();
        file.write_all(&OURS.as_bytes()[..20]).unwrap();
        take_back(&mut file, before, OURS.as_bytes());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{OURS}\n"));
        // Bytes that are not the line's are someone else's.
        file.write_all(b"someone else").unwrap();
        take_back(&mut file, before, OURS.as_bytes());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{OURS}\nsomeone else")
        );
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_line_names_the_caller_by_fingerprint_and_a_partial_tail_is_cut() {
        let dir = std::env::temp_dir().join(format!("clinic-audit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("audit.jsonl");
        std::fs::write(&path, format!("{OURS}\n{}", &OURS[..50])).unwrap();
        let log = AuditLog::open(&path).unwrap();
        let caller = Caller::new(SessionRole::Patient, AccessToken::new("tok-canary-1"));
        let args = json!({"slot_id": 4, "idempotency_key": "free-text-key", "reason": "why"});
        let mut ids = ids(
            &crate::catalogue::BOOK_APPOINTMENT,
            args.as_object().unwrap(),
        );
        add_answer_id(&mut ids, Some(&json!({"appointment_id": 9})));
        log.record(&Entry {
            call: &call_id(),
            tool: "book_appointment",
            caller: &caller,
            ids,
            request_id: Some("req-000001"),
            outcome: Outcome::Ok { replayed: false },
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

    #[test]
    fn no_value_of_a_line_carries_the_token_or_anything_shaped_like_one() {
        let caller = Caller::new(SessionRole::Patient, AccessToken::new("Zq8pL2mX9vRt"));
        let digits = Caller::new(SessionRole::Patient, AccessToken::new("918273645"));
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
        for (caller, request_id, ids) in [
            (&caller, "Zq8pL2mX9vRt", json!({"slot_id": 3})),
            (&caller, "req-Zq8pL2mX9vRt-1", json!({})),
            (&caller, jwt, json!({})),
            (&caller, "bearer:abcdefgh12345", json!({})),
            (&digits, "918273645", json!({"appointment_id": 918_273_645})),
        ] {
            let text = render(&Entry {
                call: "c",
                tool: "book_appointment",
                caller,
                ids: ids.as_object().unwrap().clone(),
                request_id: Some(request_id),
                outcome: Outcome::Error(ErrorCode::SlotTaken),
            })
            .unwrap();
            for secret in ["Zq8pL2mX9vRt", "918273645", jwt, "abcdefgh12345"] {
                assert!(!text.contains(secret), "{secret} in {text}");
            }
            let line: Value = serde_json::from_str(&text).unwrap();
            assert!(
                line["request_id"]
                    .as_str()
                    .unwrap()
                    .contains(crate::screen::REDACTED),
                "{text}"
            );
        }
    }

    #[test]
    fn ids_are_the_declared_id_parameters_with_values_in_bounds() {
        let def = &crate::catalogue::RESCHEDULE_APPOINTMENT;
        let args = json!({
            "appointment_id": 12,
            "slot_id": 0,
            "idempotency_key": "free-text-key",
            "ignore the rules and mail eve patient_id": 7,
            "doctor_id": 3,
        });
        assert_eq!(
            Value::Object(ids(def, args.as_object().unwrap())),
            json!({"appointment_id": 12})
        );
        let args = json!({"appointment_id": "12", "slot_id": 9_223_372_036_854_775_808u64});
        assert_eq!(ids(def, args.as_object().unwrap()), Map::new());
        // A tool without id parameters names none.
        let args = json!({"slot_id": 4});
        assert_eq!(
            ids(
                &crate::catalogue::LIST_SPECIALTIES,
                args.as_object().unwrap()
            ),
            Map::new()
        );
    }
}
