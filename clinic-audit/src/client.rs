//! A minimal MCP client over a child process's stdio: newline-delimited JSON-RPC 2.0.
//!
//! Deliberately not rmcp's client: an audit must see every member a server sends (an unknown
//! member of a tool is where a payload can hide, and rmcp's typed model drops it), and the raw
//! bytes of each answer (the byte-identity test). One request at a time; the server's own
//! requests (`ping`, `roots/list`, sampling…) are answered, not obeyed.
//!
//! The server is not trusted to behave, so nothing it does can block the audit or grow its
//! memory without bound (see [`crate::limits`]): a reader thread per pipe, stdout through a
//! bounded queue and a byte budget; a writer thread owns stdin, and a write that would wait (the
//! server stopped reading) fails instead; every wait has a deadline that a flood cannot push back.

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::limits::{
    CLOSING_PING, EXIT_WAIT, JSON_VALUES, METHOD_NAME_CHARS, METHOD_NAMES, READ_AHEAD_LINES,
    REQUEST_ID_BYTES, SERVER_MESSAGES, STDERR_TAIL_BYTES, STDOUT_BYTES, WRITE_QUEUE,
};

/// The server could not be started or spoken to (exit code 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerError {
    pub message: String,
    /// The last lines of what the server wrote on stderr.
    pub stderr_tail: String,
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if self.stderr_tail.trim().is_empty() {
            f.write_str("\n(the server wrote nothing on stderr)")
        } else {
            write!(
                f,
                "\nlast lines of the server's stderr:\n{}",
                self.stderr_tail.trim_end()
            )
        }
    }
}

impl std::error::Error for ServerError {}

/// A JSON-RPC error answer.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
}

/// `-32601 Method not found`: for an optional list, not an error of the audit.
pub const METHOD_NOT_FOUND: i64 = -32601;

/// One answer: its result or its error, and the exact line it came in.
#[derive(Debug, Clone)]
pub struct Answer {
    pub outcome: Result<Value, RpcError>,
    pub raw: String,
}

/// Why no answer came.
enum Wait {
    Timeout,
    /// The server closed its stdout.
    Closed,
    Failed(ServerError),
}

#[derive(Debug)]
enum Line {
    Text(String),
    Eof,
    Failed(String),
}

/// The notifications that say a list changed, always tallied by name (see [`tally`]).
pub const LIST_CHANGED: [&str; 3] = [
    "notifications/tools/list_changed",
    "notifications/prompts/list_changed",
    "notifications/resources/list_changed",
];

/// A running MCP server spoken to over stdio.
#[derive(Debug)]
pub struct Server {
    child: Child,
    /// To the writer thread, which owns the child's stdin; `None` once closed.
    writer: Option<SyncSender<Vec<u8>>>,
    /// Why the writer thread stopped, when a write failed.
    write_error: Arc<Mutex<Option<String>>>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    next_id: i64,
    timeout: Duration,
    /// Lines so far that were not the answer awaited (bounded by `SERVER_MESSAGES`).
    unasked: usize,
    /// JSON values in the answers returned so far (bounded by `JSON_VALUES`).
    values: usize,
    closed: bool,
    /// Notifications the server sent, by method name, e.g. `notifications/tools/list_changed`.
    pub notifications: BTreeMap<String, usize>,
    /// Requests the server made of us, by method name; answered (but for `unanswerable`), never
    /// obeyed.
    pub server_requests: BTreeMap<String, usize>,
    /// Requests of the server's left unanswered: their id was not a number or a short string.
    pub unanswerable: usize,
}

/// Count one message under its method name: at most `METHOD_NAMES` names (cut to
/// `METHOD_NAME_CHARS`), the rest under `(other)`; the list-changed names are always kept.
fn tally(map: &mut BTreeMap<String, usize>, method: &str) {
    let name: String = method.chars().take(METHOD_NAME_CHARS).collect();
    let key =
        if map.contains_key(&name) || map.len() < METHOD_NAMES || LIST_CHANGED.contains(&method) {
            name
        } else {
            "(other)".to_owned()
        };
    *map.entry(key).or_insert(0) += 1;
}

/// Every value in `v`, itself included.
fn count_values(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count_values).sum(),
        Value::Object(o) => o.values().map(count_values).sum(),
        _ => 0,
    }
}

impl Server {
    /// Start `cmd[0]` with the rest as arguments; `timeout` bounds every answer.
    pub fn spawn(cmd: &[String], timeout: Duration) -> Result<Server, ServerError> {
        let Some((program, args)) = cmd.split_first() else {
            return Err(ServerError {
                message: "no server command given".to_owned(),
                stderr_tail: String::new(),
            });
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| ServerError {
                message: format!("cannot start `{program}`: {e}"),
                stderr_tail: String::new(),
            })?;
        let stderr_buf = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(mut err) = child.stderr.take() {
            let buf = Arc::clone(&stderr_buf);
            thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n) = err.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut b) = buf.lock() {
                        b.extend(&chunk[..n]);
                        let excess = b.len().saturating_sub(STDERR_TAIL_BYTES);
                        b.drain(..excess);
                    }
                }
            });
        }
        // stdin: only the writer thread ever waits on the pipe; it stops at the first failed
        // write (and says why), and closing its queue closes stdin once the queue is written
        let (writer, queue) = sync_channel::<Vec<u8>>(WRITE_QUEUE);
        let write_error = Arc::new(Mutex::new(None));
        if let Some(mut stdin) = child.stdin.take() {
            let error = Arc::clone(&write_error);
            thread::spawn(move || {
                for line in queue {
                    if let Err(e) = stdin.write_all(&line).and_then(|()| stdin.flush()) {
                        if let Ok(mut slot) = error.lock() {
                            *slot = Some(e.to_string());
                        }
                        break;
                    }
                }
            });
        }
        // stdout: at most READ_AHEAD_LINES lines wait (then the reader, and the server's writes,
        // wait too), and at most STDOUT_BYTES are read in all
        let (tx, rx) = sync_channel::<Line>(READ_AHEAD_LINES);
        if let Some(out) = child.stdout.take() {
            thread::spawn(move || {
                let mut reader = BufReader::new(out);
                let mut left = STDOUT_BYTES;
                loop {
                    let mut line = Vec::new();
                    let read = (&mut reader).take(left + 1).read_until(b'\n', &mut line);
                    let msg = match read {
                        Ok(0) => Line::Eof,
                        Ok(n) if n as u64 > left => Line::Failed(format!(
                            "the server wrote more than {STDOUT_BYTES} bytes on stdout \
                             (clinic-audit's limit)"
                        )),
                        Ok(n) => {
                            left -= n as u64;
                            match String::from_utf8(line) {
                                Ok(s) => Line::Text(s),
                                Err(_) => Line::Failed(
                                    "stdout carried bytes that are not UTF-8".to_owned(),
                                ),
                            }
                        }
                        Err(e) => Line::Failed(format!("reading stdout: {e}")),
                    };
                    let stop = !matches!(msg, Line::Text(_));
                    // an error: the audit stopped listening (see `close`)
                    if tx.send(msg).is_err() || stop {
                        break;
                    }
                }
            });
        }
        Ok(Server {
            child,
            writer: Some(writer),
            write_error,
            lines: rx,
            stderr: stderr_buf,
            next_id: 1,
            timeout,
            unasked: 0,
            values: 0,
            closed: false,
            notifications: BTreeMap::new(),
            server_requests: BTreeMap::new(),
            unanswerable: 0,
        })
    }

    /// The last lines the server wrote on stderr (up to 4 KiB, cut at a line start when it can).
    pub fn stderr_tail(&self) -> String {
        // give the reader thread a moment to drain what a dying process wrote
        thread::sleep(Duration::from_millis(50));
        let bytes: Vec<u8> = self
            .stderr
            .lock()
            .map(|b| b.iter().copied().collect())
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if bytes.len() >= STDERR_TAIL_BYTES
            && let Some(i) = text.find('\n')
        {
            return text[i + 1..].to_owned();
        }
        text
    }

    /// A failure to speak to the server, with the tail of its stderr (and its exit status if it died).
    pub fn fail(&mut self, message: impl Into<String>) -> ServerError {
        let mut message = message.into();
        if let Ok(Some(status)) = self.child.try_wait() {
            message.push_str(&format!(" (the server exited: {status})"));
        }
        ServerError {
            message,
            stderr_tail: self.stderr_tail(),
        }
    }

    /// Queue one message for the server's stdin. Never waits: a full queue means the server
    /// stopped reading while we still have to write (its own requests' answers, say).
    fn write(&mut self, msg: &Value) -> Result<(), ServerError> {
        let mut line = msg.to_string().into_bytes();
        line.push(b'\n');
        let sent = match &self.writer {
            Some(w) => w.try_send(line),
            None => Err(TrySendError::Disconnected(line)),
        };
        match sent {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err(self.fail(format!(
                "the server does not read its stdin: {WRITE_QUEUE} messages wait behind a full \
                 pipe (clinic-audit's limit)"
            ))),
            Err(TrySendError::Disconnected(_)) => {
                let why = self
                    .write_error
                    .lock()
                    .ok()
                    .and_then(|e| e.clone())
                    .unwrap_or_else(|| "stdin closed".to_owned());
                Err(self.fail(format!("cannot write to the server's stdin: {why}")))
            }
        }
    }

    /// Send a notification (no answer expected).
    pub fn notify(&mut self, method: &str, params: &Value) -> Result<(), ServerError> {
        self.write(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    /// Send a request and wait for its answer (at most `--timeout`), answering the server's own
    /// requests meanwhile.
    pub fn request(&mut self, method: &str, params: &Value) -> Result<Answer, ServerError> {
        self.request_within(method, params, self.timeout)
    }

    /// [`Server::request`], waiting at most `timeout` for the answer.
    pub fn request_within(
        &mut self,
        method: &str,
        params: &Value,
        timeout: Duration,
    ) -> Result<Answer, ServerError> {
        match self.ask(method, params, timeout) {
            Ok(answer) => Ok(answer),
            Err(Wait::Failed(e)) => Err(e),
            Err(Wait::Closed) => Err(self.fail(format!(
                "the server closed its stdout before answering `{method}`"
            ))),
            Err(Wait::Timeout) => Err(self.fail(format!(
                "no answer to `{method}` within {} s",
                timeout.as_secs_f64()
            ))),
        }
    }

    /// A `ping` after the last list, waited for at most `CLOSING_PING` (or `--timeout` if
    /// shorter): a server answers in order, so whatever it sent after its last answer (a
    /// `list_changed` notification, say) has been read when this returns `Ok(true)`. `Ok(false)`:
    /// no answer in time, or the server closed its stdout (nothing to hold against it). A flood,
    /// a line that is not JSON-RPC or a limit passed is an error as anywhere else.
    pub fn closing_ping(&mut self) -> Result<bool, ServerError> {
        match self.ask("ping", &json!({}), self.timeout.min(CLOSING_PING)) {
            Ok(_) => Ok(true),
            Err(Wait::Failed(e)) => Err(e),
            Err(Wait::Closed | Wait::Timeout) => Ok(false),
        }
    }

    fn ask(&mut self, method: &str, params: &Value, timeout: Duration) -> Result<Answer, Wait> {
        let id = self.next_id;
        self.next_id += 1;
        self.write(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .map_err(Wait::Failed)?;
        let deadline = Instant::now() + timeout;
        loop {
            // checked before every line, not only when none is waiting: a flood never runs dry
            let left = deadline.saturating_duration_since(Instant::now());
            let received = if left.is_zero() {
                Err(RecvTimeoutError::Timeout)
            } else {
                self.lines.recv_timeout(left)
            };
            let line = match received {
                Ok(Line::Text(line)) => line,
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
                Ok(Line::Failed(e)) => {
                    return Err(Wait::Failed(
                        self.fail(format!("while waiting for `{method}`: {e}")),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(Wait::Timeout),
            };
            if let Some(answer) = self.take(&line, id, method).map_err(Wait::Failed)? {
                return Ok(answer);
            }
            self.unasked += 1;
            if self.unasked > SERVER_MESSAGES {
                return Err(Wait::Failed(self.fail(format!(
                    "the server sent more than {SERVER_MESSAGES} messages besides the answers \
                     (clinic-audit's limit), the last while waiting for `{method}`"
                ))));
            }
        }
    }

    /// One line from the server: the answer to request `id`, or `None` for anything else
    /// (which is answered, tallied or ignored here).
    fn take(&mut self, line: &str, id: i64, method: &str) -> Result<Option<Answer>, ServerError> {
        let trimmed = line.trim_end_matches(['\n', '\r']);
        if trimmed.trim().is_empty() {
            return Ok(None);
        }
        let msg: Value = serde_json::from_str(trimmed).map_err(|e| {
            let shown: String = trimmed.chars().take(200).collect();
            self.fail(format!(
                "the server wrote a line on stdout that is not JSON-RPC ({e}): {shown:?}"
            ))
        })?;
        if let Some(m) = msg.get("method").and_then(Value::as_str) {
            match msg.get("id") {
                Some(req_id) => {
                    tally(&mut self.server_requests, m);
                    // the id is echoed back: only one of bounded size
                    let usable = match req_id {
                        Value::Number(_) => true,
                        Value::String(s) => s.len() <= REQUEST_ID_BYTES,
                        _ => false,
                    };
                    if !usable {
                        self.unanswerable += 1;
                        return Ok(None);
                    }
                    let answer = if m == "ping" {
                        json!({"jsonrpc": "2.0", "id": req_id, "result": {}})
                    } else {
                        json!({"jsonrpc": "2.0", "id": req_id, "error": {
                            "code": METHOD_NOT_FOUND,
                            "message": "clinic-audit answers only ping"}})
                    };
                    self.write(&answer)?;
                }
                None => tally(&mut self.notifications, m),
            }
            return Ok(None);
        }
        if msg.get("id") != Some(&json!(id)) {
            // an answer to nothing we asked: ignored, as a client does
            return Ok(None);
        }
        let outcome = if let Some(result) = msg.get("result") {
            Ok(result.clone())
        } else if let Some(err) = msg.get("error") {
            Err(RpcError {
                code: err.get("code").and_then(Value::as_i64).unwrap_or(0),
                message: err
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned(),
            })
        } else {
            return Err(self.fail(format!(
                "the answer to `{method}` has neither `result` nor `error`"
            )));
        };
        self.values += count_values(&msg);
        if self.values > JSON_VALUES {
            return Err(self.fail(format!(
                "the answers hold more than {JSON_VALUES} JSON values (clinic-audit's limit), \
                 the last `{method}`"
            )));
        }
        Ok(Some(Answer {
            outcome,
            raw: trimmed.to_owned(),
        }))
    }

    /// Close stdin and give the server a moment to exit; then end it.
    pub fn shutdown(mut self) {
        self.close();
    }

    fn close(&mut self) {
        if self.closed {
            return;
        }
        self.closed = true;
        // the writer thread writes what is queued, then drops stdin: the server sees its end
        drop(self.writer.take());
        // nothing more is read: the reader thread ends at its next line, and a server still
        // writing meets a closed pipe instead of filling our memory
        drop(std::mem::replace(&mut self.lines, sync_channel(0).1));
        let deadline = Instant::now() + EXIT_WAIT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.close();
    }
}
