//! What a server shows an agent: `initialize`'s answer and every list it declares.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::client::{METHOD_NOT_FOUND, Server, ServerError};
use crate::limits::{LIST_ITEMS, LIST_PAGES, STRING_BYTES, VIEW_BYTES};

/// The protocol version asked for (the newest that still has `initialize`).
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// MCP Apps (SEP-1865): the extension's id, a key of `capabilities.extensions`.
pub const APPS_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// MCP Apps: the MIME type of a view, which a client that renders them lists in the extension's
/// `mimeTypes`.
pub const APPS_MIME: &str = "text/html;profile=mcp-app";

/// The scheme of an MCP Apps view's URI: a resource listed with it is read, and its text pinned.
pub const VIEW_SCHEME: &str = "ui://";

/// The settings declared for an extension named without any (`--client-extension ID`): for MCP
/// Apps, the view's MIME type (without it a server does not offer its views); `{}` otherwise.
pub fn default_extension_settings(id: &str) -> Value {
    if id == APPS_EXTENSION {
        json!({ "mimeTypes": [APPS_MIME] })
    } else {
        json!({})
    }
}

/// A list that may change after the audit, so that what was screened and pinned need not be
/// what an agent is shown later: it fails the run as drift from a pin does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriftRisk {
    /// `tools`, `prompts` or `resources`.
    pub list: &'static str,
    /// `capabilities.<list>.listChanged` is declared: anything but absent, `null` or `false`.
    pub declared: bool,
    /// `notifications/<list>/list_changed` received during the audit.
    pub announced: usize,
}

impl DriftRisk {
    /// `the tools list may change after this audit: the server declares …; it sent …`.
    pub fn line(&self) -> String {
        let mut why = Vec::new();
        if self.declared {
            why.push(format!(
                "the server declares `capabilities.{}.listChanged`",
                self.list
            ));
        }
        if self.announced > 0 {
            why.push(format!(
                "it sent `notifications/{}/list_changed` {} during the audit",
                self.list,
                times(self.announced)
            ));
        }
        format!(
            "the {} list may change after this audit: {}",
            self.list,
            why.join("; ")
        )
    }
}

fn times(n: usize) -> String {
    if n == 1 {
        "once".to_owned()
    } else {
        format!("{n} times")
    }
}

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
    /// Each listed `ui://` resource (an MCP Apps view) as `resources/read` answered it:
    /// `{"uri": <the URI listed and read>, "contents": [...as sent]}`.
    pub resource_contents: Vec<Value>,
    /// What was not read and why (`-32601` answers), and what the server asked of us.
    pub notes: Vec<String>,
    /// Lists declared or announced to change (see [`DriftRisk`]).
    pub drift_risks: Vec<DriftRisk>,
}

/// Who we say we are in `initialize`.
#[derive(Debug, Clone)]
pub struct ClientInfo {
    pub name: String,
    pub version: String,
    /// `capabilities.extensions` to declare, by id (none by default): a server may show an
    /// extension's client more (MCP Apps: its views, see [`APPS_EXTENSION`]).
    pub extensions: serde_json::Map<String, Value>,
}

impl Default for ClientInfo {
    fn default() -> Self {
        ClientInfo {
            name: "clinic-audit".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extensions: serde_json::Map::new(),
        }
    }
}

/// `initialize` then `notifications/initialized`; returns `initialize`'s result.
pub fn initialize(server: &mut Server, client: &ClientInfo) -> Result<Value, ServerError> {
    // Declared so that a server which offers some tools only to a client that can ask its user
    // (clinic-mcp's destructive ones, say) shows the auditor all of them. Only lists are read,
    // so no question is ever answered.
    let mut capabilities = json!({"elicitation": {"form": {}}});
    if !client.extensions.is_empty() {
        capabilities["extensions"] = Value::Object(client.extensions.clone());
    }
    let answer = server.request(
        "initialize",
        &json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": capabilities,
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
    for _ in 0..LIST_PAGES {
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
            Some(Value::Array(page)) => {
                if items.len() + page.len() > LIST_ITEMS {
                    return Err(server.fail(format!(
                        "`{method}` lists more than {LIST_ITEMS} {key} (clinic-audit's limit)"
                    )));
                }
                items.extend(page.iter().cloned());
            }
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
    Err(server.fail(format!(
        "`{method}` has more than {LIST_PAGES} pages (clinic-audit's limit)"
    )))
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
        read_views(server, &mut snap)?;
    }
    // the closing ping: what the server sent right after its last answer is read too
    if !server.closing_ping()? {
        snap.notes.push(
            "the server did not answer the closing `ping`: notifications sent after its last \
             answer may be missed"
                .to_owned(),
        );
    }
    for (m, n) in &server.server_requests {
        snap.notes.push(format!(
            "the server asked `{m}` of the client ({}; answered, not obeyed)",
            times(*n)
        ));
    }
    if server.unanswerable > 0 {
        snap.notes.push(format!(
            "{} of the server's requests had an id that is not a number or a string of at most \
             {} bytes (not answered)",
            server.unanswerable,
            crate::limits::REQUEST_ID_BYTES
        ));
    }
    for (m, n) in &server.notifications {
        snap.notes
            .push(format!("the server sent `{m}` ({})", times(*n)));
    }
    for list in ["tools", "prompts", "resources"] {
        let declared = snap
            .capabilities
            .get(list)
            .and_then(|c| c.get("listChanged"))
            .is_some_and(|v| !matches!(v, Value::Null | Value::Bool(false)));
        let announced = server
            .notifications
            .get(&format!("notifications/{list}/list_changed"))
            .copied()
            .unwrap_or(0);
        if declared || announced > 0 {
            snap.drift_risks.push(DriftRisk {
                list,
                declared,
                announced,
            });
        }
    }
    if let Some(at) = overlong(&snap) {
        return Err(server.fail(format!(
            "{at}: over {STRING_BYTES} bytes (clinic-audit's limit; not screened)"
        )));
    }
    Ok(snap)
}

/// `resources/read` of each listed `ui://` resource (an MCP Apps view: a page shown to a person,
/// whose every byte the pin holds), once per URI, in the order listed. An error answer is a note
/// (and, against a pin that holds the view, drift); a text over `VIEW_BYTES` stops the audit.
fn read_views(server: &mut Server, snap: &mut Snapshot) -> Result<(), ServerError> {
    let mut seen = BTreeSet::new();
    let uris: Vec<String> = snap
        .resources
        .iter()
        .filter_map(|r| r.get("uri").and_then(Value::as_str))
        .filter(|u| u.starts_with(VIEW_SCHEME) && seen.insert(*u))
        .map(str::to_owned)
        .collect();
    for uri in uris {
        let answer = server.request("resources/read", &json!({ "uri": uri }))?;
        let contents = match answer.outcome {
            Ok(r) => match r.get("contents") {
                Some(Value::Array(c)) => c.clone(),
                _ => {
                    return Err(server.fail(format!("`resources/read` {uri}: no `contents` array")));
                }
            },
            Err(e) => {
                snap.notes.push(format!(
                    "resources/read {uri}: {} {} (the view was not read)",
                    e.code, e.message
                ));
                continue;
            }
        };
        for c in &contents {
            for key in ["text", "blob"] {
                if let Some(t) = c.get(key).and_then(Value::as_str)
                    && t.len() > VIEW_BYTES
                {
                    return Err(server.fail(format!(
                        "`resources/read` {uri}: a `{key}` of {} bytes, over {VIEW_BYTES} \
                         (clinic-audit's limit)",
                        t.len()
                    )));
                }
            }
            if let Some(t) = c.get("text").and_then(Value::as_str)
                && let Some(long) = crate::view::visible_text(t)
                    .into_iter()
                    .find(|w| w.len() > STRING_BYTES)
            {
                return Err(server.fail(format!(
                    "`resources/read` {uri}: a run of visible text of {} bytes, over \
                     {STRING_BYTES} (clinic-audit's limit; not screened)",
                    long.len()
                )));
            }
        }
        snap.resource_contents
            .push(json!({ "uri": uri, "contents": contents }));
    }
    Ok(())
}

/// The first string or object key longer than `STRING_BYTES` in what is screened, as
/// `tool \`name\` /pointer: a string of N bytes`.
fn overlong(snap: &Snapshot) -> Option<String> {
    fn find(v: &Value, path: &mut String) -> Option<String> {
        let found = |path: &str, what: &str, len: usize| {
            Some(format!(
                "{path}: {what} of {len} bytes",
                path = if path.is_empty() {
                    "(whole value)"
                } else {
                    path
                }
            ))
        };
        match v {
            Value::String(s) if s.len() > STRING_BYTES => found(path, "a string", s.len()),
            Value::Array(a) => a.iter().enumerate().find_map(|(i, x)| {
                let len = path.len();
                path.push_str(&format!("/{i}"));
                let r = find(x, path);
                path.truncate(len);
                r
            }),
            Value::Object(o) => o.iter().find_map(|(k, x)| {
                let len = path.len();
                path.push('/');
                path.push_str(&k.replace('~', "~0").replace('/', "~1"));
                let r = if k.len() > STRING_BYTES {
                    found(path, "a key", k.len())
                } else {
                    find(x, path)
                };
                path.truncate(len);
                r
            }),
            _ => None,
        }
    }
    let mut path = String::new();
    if let Some(i) = &snap.instructions
        && i.len() > STRING_BYTES
    {
        return Some(format!("`instructions`: a string of {} bytes", i.len()));
    }
    if let Some(at) = find(&snap.server_info, &mut path) {
        return Some(format!("`serverInfo` {at}"));
    }
    let lists = [
        ("tool", &snap.tools),
        ("prompt", &snap.prompts),
        ("resource", &snap.resources),
        ("resource template", &snap.resource_templates),
    ];
    for (what, items) in lists {
        for (i, item) in items.iter().enumerate() {
            path.clear();
            if let Some(at) = find(item, &mut path) {
                let name = ["name", "uri", "uriTemplate"]
                    .iter()
                    .find_map(|k| item.get(*k).and_then(Value::as_str))
                    .map_or_else(|| format!("#{i}"), |n| n.chars().take(80).collect());
                return Some(format!("{what} `{name}` {at}"));
            }
        }
    }
    None
}
