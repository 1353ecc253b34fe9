//! A minimal MCP client over stdio: raw JSON-RPC lines on the child's stdin and stdout, exactly
//! what an MCP host writes and reads. A reader thread timestamps every answer the moment its line
//! is read, so queueing in the benchmark never inflates a measurement.

use crate::{BenchError, Result};
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The protocol revision offered in `initialize`: one both the Rust (rmcp) and the TypeScript
/// SDK speak.
pub const PROTOCOL_VERSION: &str = "2025-06-18";

/// How to start a server.
#[derive(Debug, Clone)]
pub struct Spec {
    pub program: String,
    pub args: Vec<String>,
    /// Extra environment (the rest is inherited).
    pub env: Vec<(String, String)>,
    /// Let the server's stderr through (default: discarded).
    pub show_stderr: bool,
}

/// How a JSON-RPC answer came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A `result` (for `tools/call`: not `isError`).
    Ok,
    /// A `tools/call` result with `isError: true`.
    ToolError,
    /// A JSON-RPC `error`.
    RpcError,
}

/// One answer, stamped when its line was read.
#[derive(Debug, Clone, Copy)]
pub struct Reply {
    pub id: u64,
    pub at: Instant,
    pub outcome: Outcome,
    /// The length of `result.tools`, when present (a `tools/list` answer).
    pub tools: Option<usize>,
}

/// Only what the benchmark looks at; everything else in the line is skipped without allocating.
#[derive(Deserialize)]
struct Message {
    id: Option<u64>,
    result: Option<ResultHead>,
    error: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct ResultHead {
    #[serde(rename = "isError")]
    is_error: Option<bool>,
    tools: Option<Vec<IgnoredAny>>,
}

/// Classify one stdout line; `Ok(None)` for a notification or a server→client request.
pub fn parse_line(line: &str, at: Instant) -> Result<Option<Reply>> {
    let message: Message = serde_json::from_str(line).map_err(|e| {
        let head: String = line.chars().take(200).collect();
        BenchError::new(format!(
            "server wrote a line that is not JSON-RPC ({e}): {head}"
        ))
    })?;
    let Some(id) = message.id else {
        return Ok(None);
    };
    let (outcome, tools) = match (message.result, message.error) {
        (_, Some(_)) => (Outcome::RpcError, None),
        (Some(r), None) => (
            if r.is_error == Some(true) {
                Outcome::ToolError
            } else {
                Outcome::Ok
            },
            r.tools.map(|t| t.len()),
        ),
        (None, None) => (Outcome::RpcError, None),
    };
    Ok(Some(Reply {
        id,
        at,
        outcome,
        tools,
    }))
}

/// The `tools/call` request line for `tool` with no arguments (newline included).
pub fn call_line(id: u64, tool: &str) -> String {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"tools/call\",\"params\":{{\"name\":{},\"arguments\":{{}}}}}}\n",
        serde_json::Value::from(tool)
    )
}

/// A running server and the client end of its stdio.
#[derive(Debug)]
pub struct Server {
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    replies: Receiver<Result<Reply>>,
    reader: Option<JoinHandle<()>>,
    next_id: u64,
    /// The instant just before the process was spawned.
    pub spawned_at: Instant,
}

/// What the handshake saw.
#[derive(Debug, Clone, Copy)]
pub struct Handshake {
    /// Spawn → `initialize` answer.
    pub initialize: Duration,
    /// Spawn → first `tools/list` answer.
    pub tools_list: Duration,
    pub tools: usize,
}

fn read_loop(stdout: std::process::ChildStdout, tx: &Sender<Result<Reply>>) {
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut line = String::with_capacity(1 << 12);
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => return,
            Ok(_) => {
                let at = Instant::now();
                let text = line.trim_end();
                if text.is_empty() {
                    continue;
                }
                match parse_line(text, at) {
                    Ok(None) => {}
                    Ok(Some(reply)) => {
                        if tx.send(Ok(reply)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
            Err(e) => {
                let _ = tx.send(Err(e.into()));
                return;
            }
        }
    }
}

impl Server {
    /// Spawn the server with piped stdio.
    pub fn spawn(spec: &Spec) -> Result<Self> {
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .envs(spec.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if spec.show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        let spawned_at = Instant::now();
        let mut child = command
            .spawn()
            .map_err(|e| BenchError::new(format!("cannot start {}: {e}", spec.program)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(BenchError::new("child stdio was not piped"));
        };
        let (tx, replies) = channel();
        let reader = std::thread::Builder::new()
            .name("mcp-reader".into())
            .spawn(move || read_loop(stdout, &tx))?;
        Ok(Self {
            child,
            stdin: Some(BufWriter::with_capacity(1 << 16, stdin)),
            replies,
            reader: Some(reader),
            next_id: 0,
            spawned_at,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A fresh JSON-RPC id.
    pub fn next_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Queue raw bytes (one or more lines) without flushing.
    pub fn write(&mut self, line: &str) -> Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| BenchError::new("stdin already closed"))?;
        stdin.write_all(line.as_bytes())?;
        Ok(())
    }

    pub fn flush(&mut self) -> Result<()> {
        if let Some(stdin) = self.stdin.as_mut() {
            stdin.flush()?;
        }
        Ok(())
    }

    /// Send a request (flushed); returns its id.
    pub fn request(&mut self, method: &str, params: &serde_json::Value) -> Result<u64> {
        let id = self.next_id();
        let line =
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.write(&format!("{line}\n"))?;
        self.flush()?;
        Ok(id)
    }

    /// The next answer, or an error on timeout, exit or garbage.
    pub fn recv(&mut self, timeout: Duration) -> Result<Reply> {
        match self.replies.recv_timeout(timeout) {
            Ok(reply) => reply,
            Err(RecvTimeoutError::Timeout) => Err(BenchError::new(format!(
                "no answer from the server within {timeout:?}"
            ))),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(BenchError::new(format!(
                    "the server closed its stdout (exit status: {})",
                    status.map_or_else(|| "still running".to_owned(), |s| s.to_string())
                )))
            }
        }
    }

    /// An answer already read, if any (never blocks).
    pub fn try_recv(&mut self) -> Option<Result<Reply>> {
        self.replies.try_recv().ok()
    }

    /// Wait for the answer to `id`, skipping none: anything else is an error.
    pub fn expect(&mut self, id: u64, timeout: Duration) -> Result<Reply> {
        let reply = self.recv(timeout)?;
        if reply.id != id {
            return Err(BenchError::new(format!(
                "expected the answer to id {id}, got id {}",
                reply.id
            )));
        }
        if reply.outcome != Outcome::Ok {
            return Err(BenchError::new(format!(
                "request {id} failed: {:?}",
                reply.outcome
            )));
        }
        Ok(reply)
    }

    /// `initialize`, wait for its answer, `notifications/initialized`, `tools/list` and wait for
    /// its answer: what an MCP host does on connecting.
    pub fn handshake(&mut self, timeout: Duration) -> Result<Handshake> {
        let id = self.request(
            "initialize",
            &serde_json::json!({
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "clinic-bench", "version": env!("CARGO_PKG_VERSION")}
            }),
        )?;
        let init = self.expect(id, timeout)?;
        self.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")?;
        let id = self.request("tools/list", &serde_json::json!({}))?;
        let list = self.expect(id, timeout)?;
        Ok(Handshake {
            initialize: init.at.saturating_duration_since(self.spawned_at),
            tools_list: list.at.saturating_duration_since(self.spawned_at),
            tools: list.tools.unwrap_or(0),
        })
    }

    /// Close stdin (the MCP way to end a stdio session) and reap the process; kill it if it is
    /// still running after `grace`.
    pub fn close(mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Drop kills and reaps whatever is left.
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_answers() {
        let now = Instant::now();
        let ok = parse_line(
            r#"{"jsonrpc":"2.0","id":7,"result":{"content":[],"structuredContent":{"count":0}}}"#,
            now,
        )
        .unwrap()
        .unwrap();
        assert_eq!((ok.id, ok.outcome, ok.tools), (7, Outcome::Ok, None));
        let tool_err = parse_line(
            r#"{"jsonrpc":"2.0","id":8,"result":{"content":[],"isError":true}}"#,
            now,
        )
        .unwrap()
        .unwrap();
        assert_eq!(tool_err.outcome, Outcome::ToolError);
        let rpc_err = parse_line(
            r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Tool x not found"}}"#,
            now,
        )
        .unwrap()
        .unwrap();
        assert_eq!(rpc_err.outcome, Outcome::RpcError);
        let list = parse_line(
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"},{"name":"b"}]}}"#,
            now,
        )
        .unwrap()
        .unwrap();
        assert_eq!(list.tools, Some(2));
        assert!(
            parse_line(r#"{"jsonrpc":"2.0","method":"notifications/x"}"#, now)
                .unwrap()
                .is_none()
        );
        assert!(parse_line("not json", now).is_err());
    }

    #[test]
    fn call_line_is_one_json_line() {
        let line = call_line(42, "list_doctors");
        assert!(line.ends_with('\n') && line.matches('\n').count() == 1);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["id"], 42);
        assert_eq!(v["method"], "tools/call");
        assert_eq!(v["params"]["name"], "list_doctors");
    }
}
