//! A minimal MCP client over a child process's stdio: newline-delimited JSON-RPC 2.0.
//!
//! Deliberately not rmcp's client: an audit must see every member a server sends (an unknown
//! member of a tool is where a payload can hide, and rmcp's typed model drops it), and the raw
//! bytes of each answer (the byte-identity test). One request at a time; a reader thread per
//! pipe; the server's own requests (`ping`, `roots/list`, sampling…) are answered, not obeyed.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How much of the server's stderr is kept for the error message.
const STDERR_TAIL_BYTES: usize = 4096;
/// A line longer than this is refused (a server that never sends a newline cannot exhaust memory).
const MAX_LINE_BYTES: usize = 64 * 1024 * 1024;

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

enum Line {
    Text(String),
    Eof,
    Failed(String),
}

/// A running MCP server spoken to over stdio.
#[derive(Debug)]
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<LineMsg>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    next_id: i64,
    timeout: Duration,
    /// Notifications the server sent (method names), e.g. `notifications/tools/list_changed`.
    pub notifications: Vec<String>,
    /// Requests the server made of us (method names); each got an answer, none was obeyed.
    pub server_requests: Vec<String>,
}

#[derive(Debug)]
struct LineMsg(Result<Option<String>, String>);

impl From<Line> for LineMsg {
    fn from(l: Line) -> Self {
        LineMsg(match l {
            Line::Text(t) => Ok(Some(t)),
            Line::Eof => Ok(None),
            Line::Failed(e) => Err(e),
        })
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
        let stdin = child.stdin.take();
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
        let (tx, rx) = channel::<LineMsg>();
        if let Some(out) = child.stdout.take() {
            thread::spawn(move || {
                let mut reader = BufReader::new(out);
                loop {
                    let mut line = Vec::new();
                    let read = (&mut reader)
                        .take(MAX_LINE_BYTES as u64 + 1)
                        .read_until(b'\n', &mut line);
                    let msg = match read {
                        Ok(0) => Line::Eof,
                        Ok(_) if line.len() > MAX_LINE_BYTES => {
                            Line::Failed(format!("a line over {MAX_LINE_BYTES} bytes on stdout"))
                        }
                        Ok(_) => match String::from_utf8(line) {
                            Ok(s) => Line::Text(s),
                            Err(_) => {
                                Line::Failed("stdout carried bytes that are not UTF-8".to_owned())
                            }
                        },
                        Err(e) => Line::Failed(format!("reading stdout: {e}")),
                    };
                    let stop = !matches!(msg, Line::Text(_));
                    if tx.send(msg.into()).is_err() || stop {
                        break;
                    }
                }
            });
        }
        Ok(Server {
            child,
            stdin,
            lines: rx,
            stderr: stderr_buf,
            next_id: 1,
            timeout,
            notifications: Vec::new(),
            server_requests: Vec::new(),
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

    fn write(&mut self, msg: &Value) -> Result<(), ServerError> {
        let mut line = msg.to_string();
        line.push('\n');
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("stdin closed")),
        };
        written.map_err(|e| self.fail(format!("cannot write to the server's stdin: {e}")))
    }

    /// Send a notification (no answer expected).
    pub fn notify(&mut self, method: &str, params: &Value) -> Result<(), ServerError> {
        self.write(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
    }

    /// Send a request and wait for its answer, answering the server's own requests meanwhile.
    pub fn request(&mut self, method: &str, params: &Value) -> Result<Answer, ServerError> {
        let id = self.next_id;
        self.next_id += 1;
        self.write(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(LineMsg(Ok(Some(line)))) => line,
                Ok(LineMsg(Ok(None))) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.fail(format!(
                        "the server closed its stdout before answering `{method}`"
                    )));
                }
                Ok(LineMsg(Err(e))) => {
                    return Err(self.fail(format!("while waiting for `{method}`: {e}")));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!(
                        "no answer to `{method}` within {} s",
                        self.timeout.as_secs_f64()
                    )));
                }
            };
            let trimmed = line.trim_end_matches(['\n', '\r']);
            if trimmed.trim().is_empty() {
                continue;
            }
            let msg: Value = serde_json::from_str(trimmed).map_err(|e| {
                let shown: String = trimmed.chars().take(200).collect();
                self.fail(format!(
                    "the server wrote a line on stdout that is not JSON-RPC ({e}): {shown:?}"
                ))
            })?;
            if let Some(m) = msg.get("method").and_then(Value::as_str) {
                let m = m.to_owned();
                match msg.get("id") {
                    Some(req_id) => {
                        let req_id = req_id.clone();
                        self.server_requests.push(m.clone());
                        let answer = if m == "ping" {
                            json!({"jsonrpc": "2.0", "id": req_id, "result": {}})
                        } else {
                            json!({"jsonrpc": "2.0", "id": req_id, "error": {
                                "code": METHOD_NOT_FOUND,
                                "message": format!("clinic-audit does not answer {m}")}})
                        };
                        self.write(&answer)?;
                    }
                    None => self.notifications.push(m),
                }
                continue;
            }
            if msg.get("id") != Some(&json!(id)) {
                // an answer to nothing we asked: ignored, as a client does
                continue;
            }
            if let Some(result) = msg.get("result") {
                return Ok(Answer {
                    outcome: Ok(result.clone()),
                    raw: trimmed.to_owned(),
                });
            }
            if let Some(err) = msg.get("error") {
                return Ok(Answer {
                    outcome: Err(RpcError {
                        code: err.get("code").and_then(Value::as_i64).unwrap_or(0),
                        message: err
                            .get("message")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_owned(),
                    }),
                    raw: trimmed.to_owned(),
                });
            }
            return Err(self.fail(format!(
                "the answer to `{method}` has neither `result` nor `error`"
            )));
        }
    }

    /// Close stdin and give the server a moment to exit; then end it.
    pub fn shutdown(mut self) {
        self.close();
    }

    fn close(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(2);
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
        if self.stdin.is_some() {
            self.close();
        }
    }
}
