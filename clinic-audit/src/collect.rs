//! What a server shows an agent: `initialize`'s answer and every list it declares.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::client::{METHOD_NOT_FOUND, Server, ServerError};

/// The protocol version asked for (the newest that still has `initialize`).
pub const PROTOCOL_VERSION: &str = "2025-11-25";
/// A list of more pages than this is refused (a server can page forever).
const MAX_PAGES: usize = 1000;

/// Everything an agent would read from the server, as the server sent it.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub protocol_version: String,
    pub server_info: Value,
    pub capabilities: Value,
    pub instructions: Option<String>,
    pub tools: Vec<Value>,
    pub prompts: Vec<Value>,
    pub resources: Vec<Value>,
    pub resource_templates: Vec<Value>,
    /// What was not read and why (`-32601` answers), and what the server asked of us.
    pub notes: Vec<String>,
}

/// Who we say we are in `initialize`.
#[derive(Debug, Clone)]
pub struct ClientInfo {
    pub name: String,
    pub version: String,
}

impl Default for ClientInfo {
    fn default() -> Self {
        ClientInfo {
            name: "clinic-audit".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

/// `initialize` then `notifications/initialized`; returns `initialize`'s result.
pub fn initialize(server: &mut Server, client: &ClientInfo) -> Result<Value, ServerError> {
    let answer = server.request(
        "initialize",
        &json!({
            "protocolVersion": PROTOCOL_VERSION,
            // Declared so that a server which offers some tools only to a client that can ask
            // its user (clinic-mcp's destructive ones, say) shows the auditor all of them. Only
            // lists are read, so no question is ever answered.
            "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": client.name, "version": client.version},
        }),
    )?;
    let result = match answer.outcome {
        Ok(r) if r.is_object() => r,
        Ok(other) => {
            return Err(server.fail(format!("`initialize` answered a non-object: {other}")));
        }
        Err(e) => {
            return Err(server.fail(format!("`initialize` failed: {} {}", e.code, e.message)));
        }
    };
    server.notify("notifications/initialized", &json!({}))?;
    Ok(result)
}

/// Every page of a `*/list` method; `Ok(None)` when the server answers `-32601`.
pub fn list_all(
    server: &mut Server,
    method: &str,
    key: &str,
) -> Result<Option<Vec<Value>>, ServerError> {
    let mut items = Vec::new();
    let mut cursor: Option<Value> = None;
    let mut seen = BTreeSet::new();
    for _ in 0..MAX_PAGES {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let answer = server.request(method, &params)?;
        let result = match answer.outcome {
            Ok(r) => r,
            Err(e) if e.code == METHOD_NOT_FOUND && cursor.is_none() => return Ok(None),
            Err(e) => {
                return Err(server.fail(format!("`{method}` failed: {} {}", e.code, e.message)));
            }
        };
        match result.get(key) {
            Some(Value::Array(page)) => items.extend(page.iter().cloned()),
            Some(other) => {
                return Err(server.fail(format!("`{method}`: `{key}` is not an array: {other}")));
            }
            None => return Err(server.fail(format!("`{method}` answered no `{key}`"))),
        }
        match result.get("nextCursor") {
            None | Some(Value::Null) => return Ok(Some(items)),
            Some(next) => {
                if !seen.insert(next.to_string()) {
                    return Err(server.fail(format!("`{method}` repeated the cursor {next}")));
                }
                cursor = Some(next.clone());
            }
        }
    }
    Err(server.fail(format!("`{method}` has more than {MAX_PAGES} pages")))
}

/// Initialize the server and read everything it shows: tools always, prompts and resources
/// when declared. The server is left running (the caller shuts it down).
pub fn snapshot(server: &mut Server, client: &ClientInfo) -> Result<Snapshot, ServerError> {
    let init = initialize(server, client)?;
    let mut snap = Snapshot {
        protocol_version: init
            .get("protocolVersion")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned(),
        server_info: init.get("serverInfo").cloned().unwrap_or(Value::Null),
        capabilities: init.get("capabilities").cloned().unwrap_or(Value::Null),
        instructions: init
            .get("instructions")
            .and_then(Value::as_str)
            .map(str::to_owned),
        ..Snapshot::default()
    };
    let declared = |cap: &str| snap.capabilities.get(cap).is_some_and(|c| !c.is_null());
    let (tools, prompts, resources) = (
        declared("tools"),
        declared("prompts"),
        declared("resources"),
    );
    if !tools {
        snap.notes.push(
            "the server declares no `tools` capability; tools/list asked all the same".to_owned(),
        );
    }
    match list_all(server, "tools/list", "tools")? {
        Some(t) => snap.tools = t,
        None => snap.notes.push("tools/list: -32601 (no tools)".to_owned()),
    }
    if prompts {
        match list_all(server, "prompts/list", "prompts")? {
            Some(p) => snap.prompts = p,
            None => snap
                .notes
                .push("prompts/list: -32601 although `prompts` is declared".to_owned()),
        }
    }
    if resources {
        match list_all(server, "resources/list", "resources")? {
            Some(r) => snap.resources = r,
            None => snap
                .notes
                .push("resources/list: -32601 although `resources` is declared".to_owned()),
        }
        match list_all(server, "resources/templates/list", "resourceTemplates")? {
            Some(r) => snap.resource_templates = r,
            None => snap
                .notes
                .push("resources/templates/list: -32601".to_owned()),
        }
    }
    for m in &server.server_requests {
        snap.notes.push(format!(
            "the server asked `{m}` of the client (answered, not obeyed)"
        ));
    }
    Ok(snap)
}
