//! The MCP server: the catalogue filtered once at start-up by profile and role, the policy re-run
//! on the final `tools/list` JSON, and a hand-written rmcp `ServerHandler`.

use crate::api::ApiClient;
use crate::audit::AuditLog;
use crate::caller::{Caller, SessionRole};
use crate::catalogue::CATALOGUE;
use crate::confirm::{self, Answer, Ask, AskFuture, Confirmations, Question, Refusal};
use crate::directory::Directory;
use crate::error::{ErrorCode, ToolError};
pub use crate::error::{PolicyViolations, StartError, format_findings};
use crate::session::{Profile, Session};
use crate::tool::ToolDef;
use clinic_policy::Finding;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The tools a caller of `role` may reach under `profile`.
pub fn tools_for_role(
    profile: Profile,
    role: SessionRole,
    catalogue: &'static [ToolDef],
) -> Vec<&'static ToolDef> {
    catalogue
        .iter()
        .filter(|t| profile.includes(t.profile))
        .filter(|t| t.role.is_none_or(|r| role.holds(r)))
        .collect()
}

/// The `tools/list` entry of a tool, exactly as an agent sees it.
pub fn render(def: &ToolDef) -> Tool {
    let hints = def.hints();
    let mut annotations = ToolAnnotations::new()
        .read_only(hints.read_only)
        .destructive(hints.destructive)
        .idempotent(hints.idempotent)
        .open_world(hints.open_world);
    if let Some(title) = def.title {
        annotations.title = Some(title.to_owned());
    }
    let mut output_schema = (def.output_schema)();
    if let Some(Value::Object(properties)) = output_schema.get_mut("properties") {
        properties.insert(
            crate::screen::WITHHELD_MEMBER.to_owned(),
            serde_json::json!({
                "description": crate::screen::WITHHELD_MEMBER_DESCRIPTION,
                "type": "array",
                "items": {"type": "string"}
            }),
        );
    }
    let mut tool = Tool::new(def.name, def.description, Arc::new((def.input_schema)()))
        .with_raw_output_schema(Arc::new(output_schema))
        .with_annotations(annotations);
    if let Some(title) = def.title {
        tool = tool.with_title(title);
    }
    tool
}

/// The whole-catalogue policy over the rendered JSON of `tools`, in strict mode (the controlled
/// language our own text is written in), with cross-tool references checked against the names of
/// every tool in `catalogue` (all profiles), not only the listed ones. Also refused: any served
/// string or key, at any depth, that is not byte for byte a text the macros screened for that
/// tool, a JSON Schema keyword, or a keyword's own value from a closed list
/// ([`schema_word`]): what a hand-written `JsonSchema`/`ToolArgs`/`ToolOutput` impl, a serde
/// rename or a hand-built `ToolDef` could slip into a `default`, `enum`, `pattern` or `title`.
pub fn screen(tools: &[Tool], catalogue: &[ToolDef]) -> Vec<Finding> {
    let json: Vec<Value> = tools
        .iter()
        .map(|t| {
            let mut value = serde_json::to_value(t).unwrap_or(Value::Null);
            // the MCP Apps `_meta` of the viewed tool, exactly, is the one value let through
            crate::apps::exempt(&t.name, &mut value);
            value
        })
        .collect();
    let all_names: Vec<&str> = catalogue.iter().map(|d| d.name).collect();
    let mut findings =
        clinic_policy::check_catalogue_mode(&json, &all_names, clinic_policy::Mode::Strict);
    for (tool, value) in tools.iter().zip(&json) {
        let Some(def) = catalogue.iter().find(|d| d.name == tool.name) else {
            continue;
        };
        let mut screened = Vec::new();
        (def.screened)(&mut screened);
        // the one member the server adds to every output schema is written here, in the same
        // controlled language, and judged by the strict screen like the rest
        screened.push(("output", crate::screen::WITHHELD_MEMBER));
        screened.push(("output", crate::screen::WITHHELD_MEMBER_DESCRIPTION));
        let texts: std::collections::BTreeSet<&str> = screened.iter().map(|(_, t)| *t).collect();
        let mut served = Vec::new();
        unscreened(value, "", Place::Tool, &texts, &mut served);
        for (path, text) in served {
            findings.push(not_screened(def.name, &path, text));
        }
    }
    findings
}

/// The one judge of anyone's catalogue (plain `check`, as `clinic-mcp check` and clinic-audit
/// run it) over a list exactly as it is served to one caller: the server never serves what its
/// own checker would report. Cross-tool names are those of the list itself, as a checker reading
/// the served list sees them.
pub fn screen_served(tools: &[Tool]) -> Vec<Finding> {
    let json: Vec<Value> = tools
        .iter()
        .map(|t| serde_json::to_value(t).unwrap_or(Value::Null))
        .collect();
    clinic_policy::check_catalogue(&json)
}

/// Where a served JSON value sits: decides which keys are keywords and which values are a
/// keyword's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Tool,
    Annotations,
    Schema,
    /// `properties`: keys are property names (screened by the derives).
    Properties,
    /// A value of the keyword named.
    Keyword(&'static str),
}

/// Keys of a tool object.
const TOOL_KEYS: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
];
/// Keys of `annotations`.
const ANNOTATION_KEYS: &[&str] = &[
    "title",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];
/// JSON Schema keywords a schema of ours may carry; any other key is refused.
const SCHEMA_KEYS: &[&str] = &[
    "$schema",
    "title",
    "description",
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "nullable",
    "anyOf",
    "oneOf",
];
/// Values a keyword may have of its own, without a screen: JSON types and formats.
fn schema_word(keyword: &str, text: &str) -> bool {
    match keyword {
        "type" => matches!(
            text,
            "string" | "integer" | "number" | "boolean" | "object" | "array" | "null"
        ),
        "format" => matches!(
            text,
            "date-time"
                | "date"
                | "time"
                | "uint"
                | "uint8"
                | "uint16"
                | "uint32"
                | "uint64"
                | "int8"
                | "int16"
                | "int32"
                | "int64"
                | "float"
                | "double"
        ),
        "$schema" => text == "https://json-schema.org/draft/2020-12/schema",
        _ => false,
    }
}

/// Every string and key of a rendered tool that is neither a text the macros screened nor a
/// keyword or a keyword's own value, with its JSON pointer.
fn unscreened(
    v: &Value,
    path: &str,
    place: Place,
    texts: &std::collections::BTreeSet<&str>,
    out: &mut Vec<(String, String)>,
) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                let p = format!("{path}/{}", k.replace('~', "~0").replace('/', "~1"));
                let (known, child): (bool, Place) = match place {
                    Place::Tool => (TOOL_KEYS.contains(&k.as_str()), tool_child(k)),
                    Place::Annotations => (
                        ANNOTATION_KEYS.contains(&k.as_str()),
                        Place::Keyword("annotation"),
                    ),
                    Place::Schema => (SCHEMA_KEYS.contains(&k.as_str()), schema_child(k)),
                    Place::Properties => (texts.contains(k.as_str()), Place::Schema),
                    Place::Keyword(_) => (false, place),
                };
                if !known {
                    out.push((p.clone(), k.clone()));
                }
                // `required` names properties of the same schema, screened where they are defined
                if k == "required" && place == Place::Schema {
                    let props = o.get("properties").and_then(Value::as_object);
                    for (i, r) in x.as_array().into_iter().flatten().enumerate() {
                        let named = r
                            .as_str()
                            .is_some_and(|r| props.is_some_and(|ps| ps.contains_key(r)));
                        if !named {
                            out.push((format!("{p}/{i}"), r.to_string()));
                        }
                    }
                    continue;
                }
                unscreened(x, &p, child, texts, out);
            }
        }
        Value::Array(a) => {
            let child = match place {
                Place::Keyword("anyOf" | "oneOf") => Place::Schema,
                other => other,
            };
            for (i, x) in a.iter().enumerate() {
                unscreened(x, &format!("{path}/{i}"), child, texts, out);
            }
        }
        Value::String(s) => {
            let own = match place {
                Place::Keyword(k) => schema_word(k, s),
                _ => false,
            };
            if !own && !texts.contains(s.as_str()) {
                out.push((path.to_owned(), s.clone()));
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

fn tool_child(k: &str) -> Place {
    match k {
        "inputSchema" | "outputSchema" => Place::Schema,
        "annotations" => Place::Annotations,
        _ => Place::Keyword("tool"),
    }
}

fn schema_child(k: &str) -> Place {
    match k {
        "properties" => Place::Properties,
        "items" | "additionalProperties" => Place::Schema,
        "type" => Place::Keyword("type"),
        "format" => Place::Keyword("format"),
        "$schema" => Place::Keyword("$schema"),
        "anyOf" => Place::Keyword("anyOf"),
        "oneOf" => Place::Keyword("oneOf"),
        _ => Place::Keyword("schema"),
    }
}

/// What `initialize` answers: capabilities, `serverInfo` and (none today) `instructions`.
pub fn server_info() -> ServerConfig {
    let mut capabilities = ServerCapabilities::builder().enable_tools().build();
    // The catalogue is fixed for the life of the process: say so, so a client (or an auditor
    // pinning it) knows `tools/list` will not change under it.
    if let Some(tools) = capabilities.tools.as_mut() {
        tools.list_changed = Some(false);
    }
    ServerConfig::new(capabilities)
        .with_server_info(Implementation::new(SERVER_NAME, env!("CARGO_PKG_VERSION")))
}

/// Every string of `initialize`'s answer, at every depth, keys included: `serverInfo` with all its
/// members (a `description`, `icons`, a `websiteUrl`), `instructions`, `_meta`. Nothing here is
/// screened at compile time, so only a closed list is served: protocol keys, the server's name
/// and version, and keyword values (a protocol version). Every other string is refused, and every
/// string, listed or not, also goes through both judges (the strict screen and plain `check`).
pub fn screen_info(info: &ServerConfig) -> Vec<Finding> {
    let json = serde_json::to_value(info).unwrap_or(Value::Null);
    let mut strings = Vec::new();
    info_strings(&json, "", &mut strings);
    let mut out = Vec::new();
    for (path, text, key) in strings {
        let field = match path.as_str() {
            "/instructions" => clinic_policy::Field::ParamDescription,
            p if p.ends_with("/title") && !key => clinic_policy::Field::Title,
            p if p.ends_with("/description") && !key => clinic_policy::Field::ParamDescription,
            _ => clinic_policy::Field::Other,
        };
        let finding = |violation| Finding {
            tool: "(server)".to_owned(),
            path: path.clone(),
            field,
            text: text.clone(),
            violation,
        };
        let allowed = if key {
            INFO_KEYS.contains(&text.as_str())
        } else {
            match path.as_str() {
                "/serverInfo/name" => text == SERVER_NAME,
                "/serverInfo/version" => text == env!("CARGO_PKG_VERSION"),
                "/protocolVersion" => true,
                _ => false,
            }
        };
        if !allowed {
            out.push(finding(clinic_policy::Violation {
                rule: clinic_policy::Rule::HiddenPayload,
                range: 0..text.len(),
                detail: "served in initialize, but not a string of the server's closed list"
                    .to_owned(),
            }));
        }
        // a protocol key of the closed list is a keyword, not text: plain rules only
        let mut found = if key && allowed {
            Vec::new()
        } else {
            clinic_policy::check_strict(field, &text, "", &[], false)
        };
        found.extend(clinic_policy::check_text(field, &text, "", &[]));
        found.sort_by_key(|v| (v.range.start, v.rule));
        found.dedup_by(|b, a| a.rule == b.rule && a.range == b.range);
        // the version's digits and dots are no words; the closed list above already judged it
        if path == "/serverInfo/version" || path == "/protocolVersion" {
            found.retain(|v| v.rule != clinic_policy::Rule::Vocabulary);
        }
        out.extend(found.into_iter().map(finding));
    }
    out
}

/// The server's name in `serverInfo`.
const SERVER_NAME: &str = "clinic-mcp";

/// Keys `initialize`'s answer may have: the protocol's own.
const INFO_KEYS: &[&str] = &[
    "protocolVersion",
    "capabilities",
    "tools",
    "listChanged",
    "serverInfo",
    "name",
    "version",
    // only to a client that renders MCP Apps (`apps::info`)
    "resources",
    "extensions",
    crate::apps::EXTENSION_ID,
];

/// (pointer, text, is a key) for every string and key of `v`.
fn info_strings(v: &Value, path: &str, out: &mut Vec<(String, String, bool)>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                let p = format!("{path}/{}", k.replace('~', "~0").replace('/', "~1"));
                out.push((p.clone(), k.clone(), true));
                info_strings(x, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                info_strings(x, &format!("{path}/{i}"), out);
            }
        }
        Value::String(s) => out.push((path.to_owned(), s.clone(), false)),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// A served string the macros never screened.
fn not_screened(tool: &str, path: &str, text: String) -> Finding {
    let range = 0..text.len();
    Finding {
        tool: tool.to_owned(),
        path: path.to_owned(),
        field: clinic_policy::Field::Other,
        violation: clinic_policy::Violation {
            rule: clinic_policy::Rule::HiddenPayload,
            range,
            detail: "served, but not a text the macros screened at compile time".to_owned(),
        },
        text,
    }
}

/// The server for one session. Its `call_tool` results hold their answer's JSON for this crate's
/// stdio transport to write (`answered`); served over another transport, pass each through
/// [`with_text_block`].
#[derive(Debug, Clone)]
pub struct ClinicServer {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    drain: Drain,
    session: Session,
    api: ApiClient,
    directory: Directory,
    audit: Option<AuditLog>,
    /// What a caller of each role may reach ([`SessionRole::ALL`] order), rendered and screened
    /// once at start-up; `tools/list` answers a clone of one.
    listings: [Listing; 3],
    /// Questions of protocol 2026-07-28 awaiting the client's retry, and the answer timeout.
    confirmations: Confirmations,
}

/// The tools one role may reach.
#[derive(Debug)]
struct Listing {
    /// As listed to a client that can ask its human (declared elicitation, form mode).
    listed: Vec<Tool>,
    /// As listed to one that cannot: no destructive tool.
    listed_without_destructive: Vec<Tool>,
    by_name: BTreeMap<&'static str, &'static ToolDef>,
}

impl ClinicServer {
    /// Build the server for `session` over the shipped catalogue.
    pub fn new(session: Session) -> Result<Self, StartError> {
        Self::with_catalogue(session, CATALOGUE)
    }

    /// Build the server over any catalogue (tests use this to show a poisoned one is refused).
    pub fn with_catalogue(
        session: Session,
        catalogue: &'static [ToolDef],
    ) -> Result<Self, StartError> {
        // Every tool of the profile, whatever role calls, is rendered and screened here.
        let profile_wide: Vec<&'static ToolDef> = catalogue
            .iter()
            .filter(|t| session.profile.includes(t.profile))
            .collect();
        let rendered: Vec<Tool> = profile_wide.iter().map(|d| render(d)).collect();
        let mut findings = screen(&rendered, catalogue);
        findings.extend(screen_info(&server_info()));
        // as served to a client that renders MCP Apps: the viewed tool, `initialize`, the view
        let viewed: Vec<Tool> = crate::apps::with_view(&rendered)
            .into_iter()
            .filter(|t| t.meta.is_some())
            .collect();
        findings.extend(screen(&viewed, catalogue));
        findings.extend(screen_info(&crate::apps::info(server_info())));
        findings.extend(crate::apps::screen());
        if !findings.is_empty() {
            return Err(StartError::Policy(PolicyViolations(findings)));
        }
        let listing = |role: SessionRole| {
            let defs = tools_for_role(session.profile, role, catalogue);
            let reached: Vec<(&&'static ToolDef, &Tool)> = profile_wide
                .iter()
                .zip(&rendered)
                .filter(|(d, _)| defs.iter().any(|x| std::ptr::eq(*x, **d)))
                .collect();
            Listing {
                listed: reached.iter().map(|(_, t)| (*t).clone()).collect(),
                listed_without_destructive: reached
                    .iter()
                    .filter(|(d, _)| !d.destructive)
                    .map(|(_, t)| (*t).clone())
                    .collect(),
                by_name: defs.into_iter().map(|d| (d.name, d)).collect(),
            }
        };
        let listings = SessionRole::ALL.map(listing);
        // one judge: each list as served to a caller passes plain `check` too
        let served: Vec<Finding> = listings
            .iter()
            .flat_map(|l| [&l.listed, &l.listed_without_destructive])
            .flat_map(|list| screen_served(list))
            .collect();
        // A list as served to a client that renders MCP Apps is one of these plus the viewed
        // tool's `_meta` (`apps::with_view`), the one value `screen` exempts: plain `check` reads
        // its `ui://` URI as a URL (hygiene, not injection), and it is the server's own resource.
        if !served.is_empty() {
            return Err(StartError::Policy(PolicyViolations(served)));
        }
        let api = ApiClient::new(&session)?;
        let session_timeout = session.confirmation.timeout;
        let audit = match &session.audit_log {
            None => None,
            Some(path) => Some(
                AuditLog::open(path)
                    .map_err(|e| StartError::Audit(format!("{}: {e}", path.display())))?,
            ),
        };
        Ok(Self {
            inner: Arc::new(Inner {
                drain: Drain::default(),
                session,
                api,
                directory: Directory::default(),
                audit,
                listings,
                confirmations: Confirmations::new(session_timeout),
            }),
        })
    }

    fn listing(&self, role: SessionRole) -> &Listing {
        let i = SessionRole::ALL
            .iter()
            .position(|r| *r == role)
            .unwrap_or(SessionRole::ALL.len() - 1);
        &self.inner.listings[i]
    }

    /// How many outcome lines the audit log could not record since start-up: the trail misses
    /// what those calls did, and the process exits non-zero.
    pub fn audit_lost(&self) -> usize {
        self.inner.audit.as_ref().map_or(0, AuditLog::lost)
    }

    /// Where the audit log is, if there is one.
    pub fn audit_path(&self) -> Option<&std::path::Path> {
        self.inner.audit.as_ref().map(AuditLog::path)
    }

    /// The tools as listed to the configured caller, through a client that can ask its human.
    pub fn listed(&self) -> &[Tool] {
        &self.listing(self.inner.session.caller.role).listed
    }

    /// The tools as listed to a caller of `role`, through a client that can ask its human.
    pub fn listed_for(&self, role: SessionRole) -> &[Tool] {
        &self.listing(role).listed
    }

    /// The tools as listed to the configured caller through a client that can (`can_ask`) or
    /// cannot ask its human: one that cannot gets no destructive tool, unless the operator gave
    /// up the confirmation (`--allow-unconfirmed-destructive-calls`).
    pub fn listed_to(&self, can_ask: bool) -> &[Tool] {
        let listing = self.listing(self.inner.session.caller.role);
        if can_ask
            || self
                .inner
                .session
                .confirmation
                .allow_unconfirmed_destructive_calls
        {
            &listing.listed
        } else {
            &listing.listed_without_destructive
        }
    }

    /// Questions awaiting a 2026-07-28 retry (for tests).
    pub fn open_questions(&self) -> usize {
        self.inner.confirmations.open_questions()
    }

    pub fn session(&self) -> &Session {
        &self.inner.session
    }

    /// Stop taking tool calls and wait until those in flight have answered, at most `bound`.
    /// Each call is itself bounded by its deadline (`HttpLimits::call_deadline`), so that deadline
    /// (plus a margin) is enough.
    pub async fn drain(&self, bound: std::time::Duration) {
        self.inner.drain.drain(bound).await;
    }

    /// Run one tool call of the configured caller to its MCP result, with `ask` as the way to a
    /// human (the `call` command: a terminal, or nobody).
    pub async fn call(
        &self,
        name: &str,
        args: serde_json::Map<String, Value>,
        ask: &dyn Ask,
    ) -> Result<CallToolResult, ErrorData> {
        self.call_as(&self.inner.session.caller, name, args, ask)
            .await
    }

    /// Run one tool call of `caller` to its MCP result: the tools its role may reach, its token;
    /// a destructive tool asks its question through `ask`.
    pub async fn call_as(
        &self,
        caller: &Caller,
        name: &str,
        args: serde_json::Map<String, Value>,
        ask: &dyn Ask,
    ) -> Result<CallToolResult, ErrorData> {
        let def = self.lookup(caller, name, true)?;
        Ok(with_text_block(self.run(caller, def, args, ask).await))
    }

    /// The tool `name` as `caller` may reach it through a client that can (`can_ask`) or cannot
    /// ask its human; otherwise the answer to a name nobody invented.
    fn lookup(
        &self,
        caller: &Caller,
        name: &str,
        can_ask: bool,
    ) -> Result<&'static ToolDef, ErrorData> {
        // Unregistered and never-invented names miss the same lookup and answer the same way; so
        // does a destructive tool for a client that cannot ask its human.
        self.reachable(caller, name, can_ask)
            .ok_or_else(|| ErrorData::invalid_params(format!("Tool {name} not found"), None))
    }

    /// The tool `name` if `caller` reaches it with a client that can (or cannot) ask its human:
    /// [`Self::lookup`] without its error.
    fn reachable(&self, caller: &Caller, name: &str, can_ask: bool) -> Option<&'static ToolDef> {
        let unattended = self
            .inner
            .session
            .confirmation
            .allow_unconfirmed_destructive_calls;
        self.listing(caller.role)
            .by_name
            .get(name)
            .copied()
            .filter(|def| !def.destructive || can_ask || unattended)
    }

    /// The tool `name` of the session's caller if it asks nobody (it is not destructive): a call
    /// of it needs nothing of its request but its arguments and its cancellation, so the stdio
    /// transport may run it itself ([`Self::call_unattended`]). Otherwise `None`: unknown to this
    /// caller, or destructive.
    pub(crate) fn unattended(&self, name: &str) -> Option<&'static ToolDef> {
        self.reachable(&self.inner.session.caller, name, false)
            .filter(|def| !def.destructive)
    }

    /// A `tools/call` of [`Self::unattended`]'s `def` for the session's caller, to its result;
    /// `cancelled` resolves when the client cancels the request. What `call_tool` answers for it.
    pub(crate) async fn call_unattended(
        &self,
        def: &'static ToolDef,
        args: serde_json::Map<String, Value>,
        cancelled: impl Future<Output = ()>,
    ) -> CallToolResponse {
        self.call_unattended_reporting(&self.inner.session.caller, def, args, cancelled, None)
            .await
    }

    /// [`Self::call_unattended`] for `caller` (the HTTP transport's comes from a request's token),
    /// with `progress` as the way to the client's progress display (rmcp's peer, for a request
    /// that carried a progress token). A cancelled read stops, and with it its notifications:
    /// its future is dropped.
    pub(crate) async fn call_unattended_reporting(
        &self,
        caller: &Caller,
        def: &'static ToolDef,
        args: serde_json::Map<String, Value>,
        cancelled: impl Future<Output = ()>,
        progress: Option<&dyn crate::tool::Progress>,
    ) -> CallToolResponse {
        let call = self.run_reporting(caller, def, args, &confirm::Nobody, progress);
        if !def.hints().read_only {
            // A mutation runs to its answer even when the client cancels it: stopping half-way
            // would leave the caller not knowing whether it happened (its idempotency key tells).
            return call.await.into();
        }
        // `notifications/cancelled` for this request: a read stops at once (nothing to undo), so
        // it holds no connection and no place in the shutdown drain. rmcp sends no answer for a
        // cancelled request; the result below is what it drops.
        tokio::select! {
            result = call => result.into(),
            () = cancelled => structured(
                &ToolError::new(
                    ErrorCode::Cancelled,
                    "The client cancelled this call; it stopped before answering. Nothing was changed.",
                )
                .to_json(),
                true,
            )
            .into(),
        }
    }

    /// How many calls are counted in the shutdown drain now (for tests).
    #[cfg(test)]
    pub(crate) fn calls_in_flight(&self) -> usize {
        self.inner
            .drain
            .in_flight
            .load(std::sync::atomic::Ordering::Acquire)
    }

    /// Run `def` for `caller` to its MCP result.
    async fn run(
        &self,
        caller: &Caller,
        def: &'static ToolDef,
        args: serde_json::Map<String, Value>,
        ask: &dyn Ask,
    ) -> CallToolResult {
        self.run_reporting(caller, def, args, ask, None).await
    }

    /// [`Self::run`], its progress sent through `progress` (`None`: no progress is sent).
    async fn run_reporting(
        &self,
        caller: &Caller,
        def: &'static ToolDef,
        args: serde_json::Map<String, Value>,
        ask: &dyn Ask,
        progress: Option<&dyn crate::tool::Progress>,
    ) -> CallToolResult {
        let name = def.name;
        let Some(_in_flight) = self.inner.drain.enter() else {
            return structured(
                &ToolError::new(
                    ErrorCode::ShuttingDown,
                    "The server is shutting down and takes no new calls; nothing was sent. Retry once it is back.",
                )
                .to_json(),
                true,
            );
        };
        // A bug in a handler must cost one call, not the answer: a panic becomes a tool error
        // (rmcp would otherwise leave the request unanswered until the client gives up).
        let inner = &self.inner;
        // A mutating call is audited: its ids (the tool's declared id parameters with valid
        // values, read before the arguments are handed over), and a `pending` line written before
        // anything is sent. A call whose line cannot be written is not made.
        let audited = match inner.audit.as_ref().filter(|_| def.mutates) {
            None => None,
            Some(log) => {
                let call = crate::audit::call_id();
                let ids = crate::audit::ids(def, &args);
                let pending = crate::audit::Entry {
                    call: &call,
                    tool: name,
                    caller,
                    ids: ids.clone(),
                    request_id: None,
                    outcome: crate::audit::Outcome::Pending,
                };
                if let Err(e) = log.record(&pending) {
                    tracing::error!(path = %log.path().display(), error = %e, tool = name, "the audit log could not be written; the call was refused before anything was sent");
                    return structured(
                        &ToolError::new(
                            ErrorCode::AuditUnavailable,
                            "The audit log could not be written, and a change is made only once its audit line is: nothing was sent and nothing changed. Retry once the audit log can be written again.",
                        )
                        .to_json(),
                        true,
                    );
                }
                Some((log, call, ids))
            }
        };
        let invoked = def.invoke_reporting(
            &inner.session,
            caller,
            &inner.api,
            &inner.directory,
            ask,
            progress,
            args,
        );
        let (result, request_id) = match futures::FutureExt::catch_unwind(
            std::panic::AssertUnwindSafe(invoked),
        )
        .await
        {
            Ok(traced) => traced,
            Err(_) => {
                tracing::error!(tool = name, "tool handler panicked");
                (
                    Err(ToolError::new(
                        ErrorCode::InternalError,
                        "The tool failed unexpectedly on this input; nothing else was affected. Try different arguments.",
                    )),
                    None,
                )
            }
        };
        // The outcome line, recorded and synced before the answer is sent. A call whose
        // question went out as an `input_required` result has sent nothing (`asked`): its retry is
        // a call of its own.
        let mut result = result;
        if let Some((log, call, mut ids)) = audited {
            // The output as the API's answer made it (the trail records ids, not text).
            let answer = result.as_ref().ok().and_then(|a| a.to_value().ok());
            crate::audit::add_answer_id(&mut ids, answer.as_ref());
            let outcome = match &result {
                _ if ask.awaits_retry() => crate::audit::Outcome::Asked,
                Ok(_) => crate::audit::Outcome::Ok {
                    replayed: answer
                        .as_ref()
                        .and_then(|v| v.get("replayed"))
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                },
                Err(e) => crate::audit::Outcome::Error(e.code),
            };
            let entry = crate::audit::Entry {
                call: &call,
                tool: name,
                caller,
                ids,
                request_id: request_id.as_deref(),
                outcome,
            };
            if let Err(e) = log.record(&entry) {
                // The change may be made already: it is not undone, but the answer says the
                // trail misses it, and the process exits non-zero.
                log.note_lost();
                tracing::error!(path = %log.path().display(), error = %e, tool = name, "the audit log could not record the outcome of a call that ran; the trail misses it, and the server will exit non-zero");
                if !ask.awaits_retry() {
                    result = Err(outcome_not_recorded(&entry.ids, result));
                }
            }
        }
        // Every string of every result passes the output screen before the model sees it.
        let token = caller.token.as_ref();
        match result {
            // Serialised once, each string screened as it is written.
            Ok(answer) => match answer.screened(token) {
                Ok(screened) => answered(screened, false),
                Err(e) => {
                    tracing::error!(tool = name, error = %e, "the tool's answer could not be written");
                    structured(
                        &ToolError::new(
                            ErrorCode::InternalError,
                            "The tool's answer could not be written. Try different arguments.",
                        )
                        .to_json(),
                        true,
                    )
                }
            },
            // A question that went out as `input_required` is not an error: the call goes on.
            Err(e) if ask.awaits_retry() => {
                tracing::debug!(tool = name, "the confirmation went out as input_required");
                structured(&e.to_json(), true)
            }
            Err(e) => {
                tracing::info!(tool = name, code = %e.code, "tool error");
                let mut value = e.to_json();
                crate::screen::result(&mut value, token);
                structured(&value, true)
            }
        }
    }
}

/// The error a call answers when its outcome line could not be written: what the call did (the
/// ids it acted on, or the error it ended with), and that the audit trail misses it.
fn outcome_not_recorded(
    ids: &serde_json::Map<String, Value>,
    result: Result<crate::output::Output, ToolError>,
) -> ToolError {
    const MISSED: &str = "the audit log could not record this outcome, so the audit trail misses it; the server reports that when it stops.";
    let message = match result {
        Ok(_) => {
            let acted_on: Vec<String> = ids.iter().map(|(k, v)| format!("{k} {v}")).collect();
            format!(
                "The change was made ({}), but {MISSED} Making it again is not needed.",
                acted_on.join(", ")
            )
        }
        Err(e) => format!("The call ended with {}: {} But {MISSED}", e.code, e.message),
    };
    ToolError::new(ErrorCode::AuditUnavailable, message)
}

/// The way to the human of a client on a protocol before 2026-07-28: an `elicitation/create`
/// request, answered within the timeout. Abandoned (and the client told, so its form closes) when
/// the client cancels the tool call or the server starts shutting down: a yes that came after
/// that would start a change the shutdown could cut off.
#[derive(Debug)]
pub(crate) struct ClientAsk {
    /// The request's context: the client to ask, and the cancellation of this tool call.
    context: RequestContext<RoleServer>,
    /// The server asking (its drain, and the answer timeout of its confirmations).
    server: ClinicServer,
}

impl ClientAsk {
    /// The way to the human of the client of `context`, for `server`: the HTTP transport's, for
    /// a client in a session (`http::sessions`).
    #[cfg(feature = "http")]
    pub(crate) fn new(context: RequestContext<RoleServer>, server: ClinicServer) -> Self {
        Self { context, server }
    }
}

impl Ask for ClientAsk {
    fn ask<'a>(&'a self, question: &'a Question) -> AskFuture<'a> {
        Box::pin(async move {
            let drain = &self.server.inner.drain;
            if drain.is_draining() {
                return Answer::NotConfirmed(Refusal::ShuttingDown);
            }
            let peer = &self.context.peer;
            let request = rmcp::model::ServerRequest::ElicitRequest(
                rmcp::model::ElicitRequest::new(confirm::form(question)),
            );
            let mut options = rmcp::service::PeerRequestOptions::default();
            options.timeout = Some(self.server.inner.confirmations.timeout);
            let handle = match peer.send_request_with_option(request, options).await {
                Ok(h) => h,
                Err(e) => {
                    tracing::info!(error = %e, "the confirmation could not be asked");
                    return Answer::NotConfirmed(Refusal::NoAnswer);
                }
            };
            let id = handle.id.clone();
            let abandoned = tokio::select! {
                answered = handle.await_response() => {
                    let answer = match answered {
                        Ok(rmcp::model::ClientResult::ElicitResult(r)) => {
                            confirm::judge(&r.action, r.content.as_ref())
                        }
                        Ok(_) => Answer::NotConfirmed(Refusal::Invalid),
                        Err(rmcp::ServiceError::Timeout { .. }) => {
                            Answer::NotConfirmed(Refusal::TimedOut)
                        }
                        Err(e) => {
                            tracing::info!(error = %e, "the confirmation got no answer");
                            Answer::NotConfirmed(Refusal::NoAnswer)
                        }
                    };
                    // A yes that arrives once shutdown has begun starts nothing.
                    if answer == Answer::Confirmed && drain.is_draining() {
                        return Answer::NotConfirmed(Refusal::ShuttingDown);
                    }
                    return answer;
                }
                () = self.context.ct.cancelled() => (Refusal::CallCancelled, "the tool call was cancelled"),
                () = drain.stopping() => (Refusal::ShuttingDown, "the server is shutting down"),
            };
            // The client is told, so its form closes; a later answer is ignored by rmcp.
            let (why, reason) = abandoned;
            let _ = peer
                .notify_cancelled(rmcp::model::CancelledNotificationParam::new(
                    Some(id),
                    Some(reason.to_owned()),
                ))
                .await;
            Answer::NotConfirmed(why)
        })
    }
}

/// The progress display of a client whose request carried `_meta.progressToken`:
/// `notifications/progress` under that token, through rmcp's peer. A request without one gets
/// none (the MCP specification: progress is sent only for a token the client gave).
#[derive(Debug)]
struct ClientProgress {
    peer: rmcp::Peer<RoleServer>,
    token: rmcp::model::ProgressToken,
}

impl ClientProgress {
    fn of(context: &RequestContext<RoleServer>) -> Option<Self> {
        Some(Self {
            token: context.meta.get_progress_token()?,
            peer: context.peer.clone(),
        })
    }
}

impl crate::tool::Progress for ClientProgress {
    fn notify<'a>(
        &'a self,
        done: u64,
        total: u64,
        message: String,
    ) -> crate::tool::NotifyFuture<'a> {
        Box::pin(async move {
            // Counts of requests: far below 2^53, exact as JSON numbers.
            #[allow(clippy::cast_precision_loss)]
            let param =
                rmcp::model::ProgressNotificationParam::new(self.token.clone(), done as f64)
                    .with_total(total as f64)
                    .with_message(message);
            // Best effort: a client gone away loses its progress, not the call.
            if let Err(e) = self.peer.notify_progress(param).await {
                tracing::debug!(error = %e, "a progress notification could not be sent");
            }
        })
    }
}

/// Whether the client of this request can ask its human: it declared `elicitation` in form mode
/// (or without a mode, which means form), at `initialize` or in this request's metadata.
pub(crate) fn client_can_ask(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|c| c.elicitation)
        .is_some_and(|e| e.form.is_some() || e.url.is_none())
}

/// The members of the structured content that hold an answer's JSON, and that JSON escaped as the
/// text of a JSON string, until the stdio transport writes them (see [`answered`]). No answer has
/// a member of either name: the outputs' members are their Rust fields' names, and a NUL is in
/// none.
const HELD_JSON: &str = "\u{0}clinic-mcp: the answer's JSON";
const HELD_TEXT: &str = "\u{0}clinic-mcp: the answer's JSON, escaped";

/// A tool's answer as an MCP result, from `written`, the answer's compact JSON and its escaped
/// copy as `crate::output` wrote them in one pass: held, as strings, in the structured content's
/// two members [`HELD_JSON`] and [`HELD_TEXT`], with no content block yet. The stdio transport
/// writes the JSON as the structured content itself and the escaped copy as the text block the
/// specification asks for beside it (`transport::encode`), so an answer is serialised once;
/// [`with_text_block`] makes the same result for the in-process callers. (An object, because rmcp
/// turns a structured content that is not one into a text block for a client on a protocol before
/// 2026-07-28.) So `ClinicServer`'s `call_tool` results are for this crate's transports
/// (`transport::ServerTransport`, and `local`, which is served by it): another transport must
/// pass each through [`with_text_block`] first.
pub(crate) fn answered(written: crate::output::Screened, is_error: bool) -> CallToolResult {
    let mut result = if is_error {
        CallToolResult::error(Vec::new())
    } else {
        CallToolResult::success(Vec::new())
    };
    let mut held = serde_json::Map::new();
    held.insert(HELD_JSON.to_owned(), Value::String(written.json));
    held.insert(HELD_TEXT.to_owned(), Value::String(written.text));
    result.structured_content = Some(Value::Object(held));
    result
}

/// The JSON [`answered`] holds in `structured`, and its escaped copy, if it holds them.
pub(crate) fn held_json(structured: &Value) -> Option<(&str, &str)> {
    match structured {
        Value::Object(members) if members.len() == 2 => Some((
            members.get(HELD_JSON)?.as_str()?,
            members.get(HELD_TEXT)?.as_str()?,
        )),
        _ => None,
    }
}

/// [`answered`] for an answer held as a `Value` (errors, which the `Value` screen read, and our
/// own messages).
pub(crate) fn structured(value: &Value, is_error: bool) -> CallToolResult {
    // A `Value` always serialises: its map keys are strings.
    let written = crate::output::unscreened(value).unwrap_or_else(|_| crate::output::Screened {
        json: "{}".to_owned(),
        text: "{}".to_owned(),
        removed: Vec::new(),
    });
    answered(written, is_error)
}

/// `result` as the stdio transport writes it: the structured content an object, and a text block
/// of its JSON, as rmcp's `CallToolResult::structured` (or `structured_error`) builds it.
pub fn with_text_block(mut result: CallToolResult) -> CallToolResult {
    if result.content.is_empty()
        && let Some((json, _)) = result.structured_content.as_ref().and_then(held_json)
    {
        // Our own JSON, written by serde_json: it reads back.
        let value = serde_json::from_str(json).unwrap_or(Value::Null);
        result.content.push(rmcp::model::ContentBlock::text(json));
        result.structured_content = Some(value);
    }
    result
}

impl ServerHandler for ClinicServer {
    fn get_info(&self) -> ServerConfig {
        server_info()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let listed = self.listed_to(client_can_ask(&context));
        Ok(ListToolsResult::with_all_items(
            if crate::apps::client_renders(context.client_capabilities().as_ref()) {
                crate::apps::with_view(listed)
            } else {
                listed.to_vec()
            },
        ))
    }

    /// rmcp's own answer, with `resources` and the MCP Apps extension declared to a client that
    /// declared the extension; any other client gets exactly `get_info`.
    async fn initialize(
        &self,
        request: rmcp::model::InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let info = self.negotiate_initialize(&request)?;
        if crate::apps::client_renders(Some(&request.capabilities)) {
            return Ok(crate::apps::info(info));
        }
        Ok(info)
    }

    /// The slot picker, to a client that renders MCP Apps. To any other the capability is not
    /// declared and the method is unknown, as before MCP Apps: nothing changes for it.
    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourcesResult, ErrorData> {
        if !crate::apps::client_renders(context.client_capabilities().as_ref()) {
            return Err(ErrorData::method_not_found::<
                rmcp::model::ListResourcesRequestMethod,
            >());
        }
        Ok(rmcp::model::ListResourcesResult::with_all_items(
            crate::apps::resources(),
        ))
    }

    /// [`Self::list_resources`]'s one resource, byte for byte the file compiled in.
    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        if !crate::apps::client_renders(context.client_capabilities().as_ref()) {
            return Err(ErrorData::method_not_found::<
                rmcp::model::ReadResourceRequestMethod,
            >());
        }
        crate::apps::read(&request.uri)
            .map(Into::into)
            .ok_or_else(|| ErrorData::resource_not_found("no such resource", None))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let caller = &self.inner.session.caller;
        let can_ask = client_can_ask(&context);
        let def = self.lookup(caller, &request.name, can_ask)?;
        let args = request.arguments.unwrap_or_default();
        if def.destructive {
            // Runs to its answer even when the client cancels it, but a question still open is
            // abandoned (nothing is sent then).
            if !can_ask {
                // Only with --allow-unconfirmed-destructive-calls (`lookup` let it through; checked
                // again here, so that no other route reaches the unattended way).
                let ask: &dyn Ask = if self
                    .inner
                    .session
                    .confirmation
                    .allow_unconfirmed_destructive_calls
                {
                    &confirm::Unattended
                } else {
                    &confirm::Nobody
                };
                return Ok(self.run(caller, def, args, ask).await.into());
            }
            let new_protocol = context
                .protocol_version()
                .is_some_and(|v| v >= rmcp::model::ProtocolVersion::V_2026_07_28);
            if new_protocol {
                let retry = confirm::Retry {
                    states: &self.inner.confirmations,
                    call: format!(
                        "{}\n{}\n{}",
                        caller.fingerprint(),
                        def.name,
                        // The same compact JSON `Value`'s `Display` writes, without copying args.
                        serde_json::to_string(&args).unwrap_or_default()
                    ),
                    request_state: request.request_state,
                    input_responses: request.input_responses.map(|r| r.into_iter().collect()),
                    raised: std::sync::Mutex::new(None),
                };
                let result = self.run(caller, def, args, &retry).await;
                return Ok(match retry.take_raised() {
                    Some(input_required) => input_required.into(),
                    None => result.into(),
                });
            }
            let ask = ClientAsk {
                context,
                server: self.clone(),
            };
            return Ok(self.run(caller, def, args, &ask).await.into());
        }
        let progress = ClientProgress::of(&context);
        Ok(self
            .call_unattended_reporting(
                caller,
                def,
                args,
                context.ct.cancelled(),
                progress.as_ref().map(|p| p as &dyn crate::tool::Progress),
            )
            .await)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.listed().iter().find(|t| t.name == name).cloned()
    }
}

/// What rmcp serves: the `ClinicServer`, with each request's future boxed.
///
/// rmcp handles a request in a task of its own, whose future holds `Service::handle_request`'s by
/// value and is moved several times on the way (into its tracing span, into the task, through the
/// task's stages). For a `ServerHandler` that future is one state machine over every kind of
/// request, 3,328 bytes whatever the request; boxed, what rmcp moves is a pointer. Everything else
/// is the `ServerHandler`'s own, unchanged.
#[derive(Clone, Debug)]
pub struct Served(pub ClinicServer);

impl rmcp::Service<RoleServer> for Served {
    fn handle_request(
        &self,
        request: rmcp::model::ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<rmcp::model::ServerResult, ErrorData>> + Send + '_ {
        Box::pin(rmcp::Service::<RoleServer>::handle_request(
            &self.0, request, context,
        ))
    }

    fn handle_notification(
        &self,
        notification: rmcp::model::ClientNotification,
        context: rmcp::service::NotificationContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        rmcp::Service::<RoleServer>::handle_notification(&self.0, notification, context)
    }

    fn get_info(&self) -> ServerConfig {
        rmcp::Service::<RoleServer>::get_info(&self.0)
    }

    fn supported_protocol_versions(
        &self,
    ) -> std::borrow::Cow<'static, [rmcp::model::ProtocolVersion]> {
        rmcp::Service::<RoleServer>::supported_protocol_versions(&self.0)
    }
}

/// Counts the tool calls in flight so shutdown can let them finish.
#[derive(Debug, Default)]
struct Drain {
    in_flight: std::sync::atomic::AtomicUsize,
    draining: std::sync::atomic::AtomicBool,
    idle: tokio::sync::Notify,
    /// Woken when draining starts: a question still open is abandoned.
    stop: tokio::sync::Notify,
}

/// One call in flight; dropping it (the call answered or was cancelled) counts it out.
struct InFlight<'a>(&'a Drain);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        use std::sync::atomic::Ordering;
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Drain {
    /// Count a call in, unless the server is draining.
    fn enter(&self) -> Option<InFlight<'_>> {
        use std::sync::atomic::Ordering;
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        let guard = InFlight(self);
        (!self.draining.load(Ordering::Acquire)).then_some(guard)
    }

    fn is_draining(&self) -> bool {
        self.draining.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Resolves once draining has started.
    async fn stopping(&self) {
        loop {
            // Registered before the check, so a drain starting in between still wakes us.
            let stop = self.stop.notified();
            if self.is_draining() {
                return;
            }
            stop.await;
        }
    }

    async fn drain(&self, bound: std::time::Duration) {
        use std::sync::atomic::Ordering;
        self.draining.store(true, Ordering::Release);
        self.stop.notify_waiters();
        let wait = async {
            loop {
                // Registered before the check, so a call finishing in between still wakes us.
                let idle = self.idle.notified();
                if self.in_flight.load(Ordering::Acquire) == 0 {
                    return;
                }
                idle.await;
            }
        };
        if tokio::time::timeout(bound, wait).await.is_err() {
            tracing::warn!(
                in_flight = self.in_flight.load(Ordering::Acquire),
                "shutdown: calls still in flight after {bound:?}; abandoning them"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Drain;
    use std::time::Duration;

    #[tokio::test]
    async fn drain_waits_for_calls_in_flight_and_refuses_new_ones() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let drain = Drain::default();
        let finished = AtomicBool::new(false);
        let call = drain.enter().expect("not draining yet");
        let answer_later = async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            finished.store(true, Ordering::Release);
            drop(call);
        };
        let shut_down = async {
            drain.drain(Duration::from_secs(30)).await;
            assert!(
                finished.load(Ordering::Acquire),
                "drain returned before the call finished"
            );
        };
        tokio::join!(shut_down, answer_later);
        assert!(
            drain.enter().is_none(),
            "a draining server takes no new calls"
        );
    }

    /// The answer writer appends `removed_text` to an answer, and `render` adds it to every output
    /// schema: an output with a member of that name of its own would be written with it twice.
    #[test]
    fn no_output_has_a_member_named_like_the_list_of_removed_strings() {
        for def in crate::CATALOGUE {
            let schema = (def.output_schema)();
            let members = schema
                .get("properties")
                .and_then(serde_json::Value::as_object);
            assert!(
                members.is_some_and(|m| !m.contains_key(crate::screen::WITHHELD_MEMBER)),
                "{}: {schema:?}",
                def.name
            );
        }
    }

    #[test]
    fn structured_results_with_their_text_block_match_rmcp_s_own() {
        let value = serde_json::json!({
            "count": 1,
            "doctors": [{"name": "Dr. \"Quote\" Ünïcode", "id": 7, "tags": [null, true, 1.5]}]
        });
        assert_eq!(
            super::with_text_block(super::structured(&value, false)),
            rmcp::model::CallToolResult::structured(value.clone())
        );
        assert_eq!(
            super::with_text_block(super::structured(&value, true)),
            rmcp::model::CallToolResult::structured_error(value)
        );
    }

    #[tokio::test]
    async fn drain_is_bounded() {
        let drain = Drain::default();
        let _stuck = drain.enter();
        // Returns although the call never finishes.
        drain.drain(Duration::from_millis(10)).await;
    }
}
