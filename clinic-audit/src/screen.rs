//! Every string of a snapshot through the description policy, in its two classes.

use clinic_policy::{Field, Mode, Violation};
use serde_json::{Value, json};

use crate::collect::Snapshot;

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Server,
    Tool,
    Prompt,
    Resource,
    ResourceTemplate,
}

impl Kind {
    pub fn id(self) -> &'static str {
        match self {
            Kind::Server => "server",
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
            Kind::Resource => "resource",
            Kind::ResourceTemplate => "resourceTemplate",
        }
    }
    pub fn parse(s: &str) -> Option<Kind> {
        [
            Kind::Server,
            Kind::Tool,
            Kind::Prompt,
            Kind::Resource,
            Kind::ResourceTemplate,
        ]
        .into_iter()
        .find(|k| k.id() == s)
    }
}

/// One policy finding, located by a JSON pointer inside the item it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub kind: Kind,
    /// The tool's or prompt's name, the resource's URI, `initialize` for the server.
    pub name: String,
    /// RFC 6901 pointer inside the item (`""` for a finding across the whole item).
    pub path: String,
    pub violation: Violation,
    /// The reason given in the ignore file, when the finding was accepted there.
    pub ignored: Option<String>,
}

impl Finding {
    pub fn rule(&self) -> &'static str {
        self.violation.rule.id()
    }
    pub fn class(&self) -> &'static str {
        self.violation.class()
    }
    pub fn is_injection(&self) -> bool {
        self.violation.is_injection()
    }
    /// `tool fetch` / `resource file:///a` / `server initialize`.
    pub fn item(&self) -> String {
        format!("{} {}", self.kind.id(), self.name)
    }
    pub fn to_json(&self) -> Value {
        let mut v = json!({
            "kind": self.kind.id(),
            "name": self.name,
            "path": self.path,
            "rule": self.rule(),
            "class": self.class(),
            "message": self.violation.rule.message(),
            "detail": self.violation.detail,
            "fix": self.violation.rule.fix(),
            "range": [self.violation.range.start, self.violation.range.end],
        });
        if let (Some(reason), Some(o)) = (&self.ignored, v.as_object_mut()) {
            o.insert("ignored".to_owned(), json!(reason));
        }
        v
    }
}

fn escape(seg: &str) -> String {
    seg.replace('~', "~0").replace('/', "~1")
}

fn item_name(v: &Value, key: &str, index: usize) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .map_or_else(|| format!("#{index}"), str::to_owned)
}

struct Ctx<'a> {
    mode: Mode,
    kind: Kind,
    name: String,
    known: &'a [&'a str],
    out: &'a mut Vec<Finding>,
}

impl Ctx<'_> {
    fn text(&mut self, path: &str, field: Field, text: &str) {
        let found = match self.mode {
            Mode::Plain => clinic_policy::check_text(field, text, &self.name, self.known),
            Mode::Strict => clinic_policy::check_strict(field, text, &self.name, self.known, false),
        };
        // a URI is a link by design, a MIME type a protocol value: only injection counts there
        let is_uri = ["/uri", "/uriTemplate", "/websiteUrl", "/mimeType"]
            .iter()
            .any(|end| path.ends_with(end));
        for violation in found {
            if is_uri && !violation.is_injection() {
                continue;
            }
            self.out.push(Finding {
                kind: self.kind,
                name: self.name.clone(),
                path: path.to_owned(),
                violation,
                ignored: None,
            });
        }
    }

    /// Every string and object key under `v`; `field` picks the rules for the member's position.
    fn walk(&mut self, path: &str, key: Option<&str>, parent: Option<&str>, v: &Value) {
        match v {
            Value::String(s) => {
                let field = match (key, parent) {
                    (Some("description"), Some("arguments")) => Field::ParamDescription,
                    (Some("name"), Some("arguments")) => Field::ParamName,
                    (Some("description"), _) => Field::ToolDescription,
                    (Some("title"), _) => Field::Title,
                    (Some("name"), None) if self.kind == Kind::Prompt => Field::ToolName,
                    _ => Field::Other,
                };
                self.text(path, field, s);
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    self.walk(&format!("{path}/{i}"), None, key.or(parent), x);
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    let p = format!("{path}/{}", escape(k));
                    if !KNOWN_KEYS.contains(&k.as_str()) {
                        self.text(&p, Field::Other, k);
                    }
                    let parent = if key.is_none() { parent } else { None };
                    self.walk(&p, Some(k), parent, x);
                }
            }
            _ => {}
        }
    }
}

/// Member names of the protocol's own objects: not screened as text (they are not the server's words).
const KNOWN_KEYS: &[&str] = &[
    "name",
    "title",
    "description",
    "arguments",
    "required",
    "uri",
    "uriTemplate",
    "mimeType",
    "size",
    "annotations",
    "audience",
    "priority",
    "lastModified",
    "icons",
    "src",
    "sizes",
    "theme",
    "_meta",
    "version",
    "websiteUrl",
];

/// Screen a snapshot. Tools go through `clinic_policy::check_catalogue_mode` (every string and
/// key of every schema, fields joined, annotations against names); prompts, resources, templates,
/// `serverInfo` and `instructions` through `check_text` (plain) or `check_strict` (strict).
pub fn screen(snap: &Snapshot, mode: Mode) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in clinic_policy::check_catalogue_mode(&snap.tools, &[], mode) {
        out.push(Finding {
            kind: Kind::Tool,
            name: f.tool,
            path: f.path,
            violation: f.violation,
            ignored: None,
        });
    }
    let mut known: Vec<&str> = snap
        .tools
        .iter()
        .chain(&snap.prompts)
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    known.sort_unstable();
    known.dedup();
    {
        let mut ctx = Ctx {
            mode,
            kind: Kind::Server,
            name: "initialize".to_owned(),
            known: &known,
            out: &mut out,
        };
        if !snap.server_info.is_null() {
            ctx.walk("/serverInfo", Some("serverInfo"), None, &snap.server_info);
        }
        if let Some(i) = &snap.instructions {
            ctx.text("/instructions", Field::ToolDescription, i);
        }
    }
    let lists = [
        (Kind::Prompt, &snap.prompts, "name"),
        (Kind::Resource, &snap.resources, "uri"),
        (
            Kind::ResourceTemplate,
            &snap.resource_templates,
            "uriTemplate",
        ),
    ];
    for (kind, items, id) in lists {
        for (i, item) in items.iter().enumerate() {
            let mut ctx = Ctx {
                mode,
                kind,
                name: item_name(item, id, i),
                known: &known,
                out: &mut out,
            };
            ctx.walk("", None, None, item);
        }
    }
    out
}

/// Does anything fail the run? Injection findings, or any finding with `strict`; ignored ones never.
pub fn fails(findings: &[Finding], strict: bool) -> bool {
    findings
        .iter()
        .any(|f| f.ignored.is_none() && (strict || f.is_injection()))
}
