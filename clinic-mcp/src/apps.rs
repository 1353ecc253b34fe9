//! MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`, specification 2026-01-26): the slot
//! picker, a static view compiled into the binary and served as a `ui://` resource, and the
//! `_meta.ui.resourceUri` that points `find_available_slots` at it.
//!
//! Contract: only a client that declares the extension in its capabilities
//! (`capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes` holding [`MIME`]) is told of
//! the view: the tool's `_meta`, the `resources` capability, `resources/list` and `resources/read`.
//! Every other client is served exactly what it was before.
//!
//! The view is shown to a person, not read by a model, so it is not held to the controlled
//! language; its visible words pass plain `check` ([`screen`]), and it is served byte for byte as
//! the file in the repository.

use clinic_policy::Finding;
use rmcp::model::{
    ClientCapabilities, MetaObject, ReadResourceResult, Resource, ResourceContents,
    ResourcesCapability, ServerConfig, Tool,
};
use serde_json::{Value, json};

use crate::tools::slots::FIND_AVAILABLE_SLOTS;

/// The extension's id, the key of `capabilities.extensions`.
pub const EXTENSION_ID: &str = "io.modelcontextprotocol/ui";

/// The MIME type of an MCP Apps view.
pub const MIME: &str = "text/html;profile=mcp-app";

/// The slot picker's resource URI.
pub const SLOT_PICKER_URI: &str = "ui://clinic-mcp/slot-picker";

/// The resource's `name` in `resources/list`.
const SLOT_PICKER_NAME: &str = "slot-picker";

/// The view, as reviewed in the repository (`clinic-mcp/ui/slot-picker.html`).
pub const SLOT_PICKER_HTML: &str = include_str!("../ui/slot-picker.html");

/// The same file as bytes, for start-up's comparison with what `resources/read` serves.
const SLOT_PICKER_BYTES: &[u8] = include_bytes!("../ui/slot-picker.html");

/// The tool whose results the view renders.
fn viewed_tool() -> &'static str {
    FIND_AVAILABLE_SLOTS.name
}

/// Whether the client declared the extension with the view's MIME type (what the ext-apps SDK's
/// `getUiCapability(...)?.mimeTypes?.includes(RESOURCE_MIME_TYPE)` checks).
pub fn client_renders(capabilities: Option<&ClientCapabilities>) -> bool {
    capabilities
        .and_then(|c| c.extensions.as_ref())
        .and_then(|e| e.get(EXTENSION_ID))
        .and_then(|settings| settings.get("mimeTypes"))
        .and_then(Value::as_array)
        .is_some_and(|types| types.iter().any(|t| t.as_str() == Some(MIME)))
}

/// The tool's `_meta`: the one value [`exempt`] lets through the start-up screen.
fn tool_meta() -> Value {
    json!({ "ui": { "resourceUri": SLOT_PICKER_URI } })
}

/// The resource's `_meta`: no network and no outside resource (an empty CSP).
fn resource_meta() -> MetaObject {
    let Value::Object(meta) = json!({
        "ui": { "csp": { "connectDomains": [], "resourceDomains": [] } }
    }) else {
        unreachable!("a JSON object literal")
    };
    MetaObject(meta)
}

/// `tools` as listed to a client that renders MCP Apps: the viewed tool carries
/// `_meta.ui.resourceUri`; every other tool is unchanged.
pub fn with_view(tools: &[Tool]) -> Vec<Tool> {
    tools
        .iter()
        .map(|t| {
            let mut t = t.clone();
            if t.name == viewed_tool()
                && let Value::Object(meta) = tool_meta()
            {
                t.meta = Some(MetaObject(meta));
            }
            t
        })
        .collect()
}

/// For the start-up screen: removes the rendered tool's `_meta` when it is exactly the value
/// [`with_view`] adds to the viewed tool (a closed list of one: a URI of a resource this server
/// serves itself). Any other `_meta` stays, and the screen refuses it as unscreened.
pub fn exempt(tool: &str, rendered: &mut Value) {
    if tool == viewed_tool()
        && let Value::Object(members) = rendered
        && members.get("_meta") == Some(&tool_meta())
    {
        members.remove("_meta");
    }
}

/// `initialize`'s answer to a client that renders MCP Apps: `resources` (a fixed list) and the
/// extension, declared.
pub fn info(mut info: ServerConfig) -> ServerConfig {
    let mut resources = ResourcesCapability::default();
    resources.list_changed = Some(false);
    info.capabilities.resources = Some(resources);
    info.capabilities
        .extensions
        .get_or_insert_with(Default::default)
        .insert(EXTENSION_ID.to_owned(), serde_json::Map::new());
    info
}

/// `resources/list` for a client that renders MCP Apps: the slot picker.
pub fn resources() -> Vec<Resource> {
    vec![
        Resource::new(SLOT_PICKER_URI, SLOT_PICKER_NAME)
            .with_mime_type(MIME)
            .with_meta(resource_meta()),
    ]
}

/// `resources/read` of `uri` for a client that renders MCP Apps; `None` for any other URI.
pub fn read(uri: &str) -> Option<ReadResourceResult> {
    (uri == SLOT_PICKER_URI).then(|| {
        ReadResourceResult::new(vec![
            ResourceContents::text(SLOT_PICKER_HTML, SLOT_PICKER_URI)
                .with_mime_type(MIME)
                .with_meta(resource_meta()),
        ])
    })
}

/// The words the view shows a person: the HTML's text outside `<script>`, `<style>` and comments,
/// and the string values of the script's word lists (`WORDS`, `CODES`, `DAYS`, `MONTHS`), where
/// the view keeps every text it writes itself. Upstream strings are data, not in the file.
pub fn visible_text(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    // the script's word lists
    for start in [
        "const WORDS = {",
        "const CODES = {",
        "const DAYS = [",
        "const MONTHS = [",
    ] {
        let Some(at) = html.find(start) else { continue };
        let body = &html[at + start.len()..];
        let end = body.find(['}', ']']).unwrap_or(body.len());
        let mut rest = &body[..end];
        while let Some(open) = rest.find('"') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('"') else { break };
            out.push(after[..close].to_owned());
            rest = &after[close + 1..];
        }
    }
    // the markup's text
    let mut markup = html.to_owned();
    for (open, close) in [
        ("<script", "</script>"),
        ("<style", "</style>"),
        ("<!--", "-->"),
    ] {
        while let Some(a) = markup.find(open) {
            let b = markup[a..]
                .find(close)
                .map_or(markup.len(), |b| a + b + close.len());
            markup.replace_range(a..b, " ");
        }
    }
    for piece in markup.split('<') {
        let text = piece.split_once('>').map_or(piece, |(_, t)| t).trim();
        if !text.is_empty() {
            out.push(text.to_owned());
        }
    }
    out
}

/// The start-up screen of the view: what `resources/read` serves is byte for byte the file
/// compiled in, and each visible text passes plain `check` (no text aimed at a model).
pub fn screen() -> Vec<Finding> {
    let mut findings = Vec::new();
    let finding = |path: String, text: String, detail: &str, rule| Finding {
        tool: "(slot-picker)".to_owned(),
        path,
        field: clinic_policy::Field::Other,
        violation: clinic_policy::Violation {
            rule,
            range: 0..text.len(),
            detail: detail.to_owned(),
        },
        text,
    };
    let served = read(SLOT_PICKER_URI)
        .and_then(|r| serde_json::to_value(r).ok())
        .and_then(|v| v["contents"][0]["text"].as_str().map(str::to_owned));
    if served.as_deref().map(str::as_bytes) != Some(SLOT_PICKER_BYTES) {
        findings.push(finding(
            SLOT_PICKER_URI.to_owned(),
            String::new(),
            "the served view differs from the file compiled in",
            clinic_policy::Rule::HiddenPayload,
        ));
    }
    for (i, text) in visible_text(SLOT_PICKER_HTML).into_iter().enumerate() {
        for violation in clinic_policy::check_text(clinic_policy::Field::Other, &text, "", &[]) {
            findings.push(Finding {
                tool: "(slot-picker)".to_owned(),
                path: format!("{SLOT_PICKER_URI}#text{i}"),
                field: clinic_policy::Field::Other,
                text: text.clone(),
                violation,
            });
        }
    }
    findings
}
