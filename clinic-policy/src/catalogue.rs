//! Whole-catalogue screening of a `tools/list` result (feature `json`).
//!
//! Every string and every object key of every tool is screened, recursively, with the [`Field`] its position
//! implies. Paths are JSON pointers relative to the tool (RFC 6901: `/inputSchema/properties/slot_id/description`);
//! a finding about an object key carries the pointer to that member and the key as its text.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::names::ToolNames;
use crate::screen::{screen, steer};
use crate::types::{Field, Rule, Violation};

/// One hit in a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The tool's name, or `#<index>` when it has none.
    pub tool: String,
    /// JSON pointer inside the tool, e.g. `/inputSchema/properties/slot_id/description` (`""` for the tool itself).
    pub path: String,
    pub field: Field,
    /// The screened text (a string value, an object key, or for structural findings the offending JSON).
    pub text: String,
    pub violation: Violation,
}

/// Accepts a tools/list result `{"tools":[...]}`, a JSON-RPC response with `result.tools`, or a bare array.
pub fn tools_from_json(v: &Value) -> Result<Vec<Value>, String> {
    let arr = match v {
        Value::Array(a) => a,
        Value::Object(o) => match (o.get("tools"), o.get("result").and_then(|r| r.get("tools"))) {
            (Some(Value::Array(a)), _) | (None, Some(Value::Array(a))) => a,
            (Some(other), _) | (None, Some(other)) => {
                return Err(format!("\"tools\" is a JSON {}, not an array", kind(other)));
            }
            (None, None) => {
                return Err(match o.get("error") {
                    Some(e) => format!("JSON-RPC error response: {e}"),
                    None => "expected {\"tools\": [...]}, {\"result\": {\"tools\": [...]}} or an array of tools".to_owned(),
                });
            }
        },
        other => {
            return Err(format!(
                "expected an object or an array of tools, got a JSON {}",
                kind(other)
            ));
        }
    };
    Ok(arr.clone())
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn escape(seg: &str) -> String {
    seg.replace('~', "~0").replace('/', "~1")
}

/// Where a JSON value sits, which decides the field of its strings and the meaning of its keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Tool,
    Annotations,
    /// A JSON Schema object.
    Schema,
    /// `properties`: keys are parameter names, values schemas.
    Props,
    /// `$defs`, `definitions`, `patternProperties`, `dependentSchemas`: keys are other strings, values schemas.
    Defs,
    /// `anyOf`, `oneOf`, `allOf`, `prefixItems`: arrays of schemas.
    SchemaList,
    /// Anything else: enum values, defaults, examples, `_meta`, ...
    Data,
    /// The value of a schema's `$schema` keyword: a json-schema.org meta-schema URL is allowed there.
    MetaSchema,
}

/// How a catalogue is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Anyone's catalogue: attack families and hygiene, each finding with its class.
    Plain,
    /// Our own (or anyone's who opts in with `check --strict`): the controlled language too.
    Strict,
}

/// Directive families the joined pass reports: claims about other instructions and other tools,
/// which no honest tool needs to spread over its fields.
const JOINED_DIRECTIVES: &[&str] = &[
    "earlier instructions said to lapse",
    "other tools discredited",
];

struct Walker<'a> {
    mode: Mode,
    /// The tool changes something (`readOnlyHint: false`).
    mutates: bool,
    tool: String,
    own: &'a str,
    /// Every tool's name (this one's too: the rules skip their own) and the known names.
    names: &'a ToolNames<'a>,
    /// Another tool is known.
    siblings: bool,
    /// This tool's own property names and enum values, sorted: names a description may use
    /// besides `names`.
    local: Vec<&'a str>,
    out: Vec<Finding>,
}

impl Walker<'_> {
    /// Screen one string of the tool at `path`: an object key (`key`, at the path of its member)
    /// or a string value.
    fn text(&mut self, path: &str, field: Field, text: &str, schema_url: bool, key: bool) {
        let structural = structural(path, field, key);
        let mut found = screen(field, text, self.own, self.names, schema_url);
        let known =
            |name: &str| self.names.contains(name) || self.local.binary_search(&name).is_ok();
        steer(field, text, self.own, &known, self.siblings, &mut found);
        if path.starts_with("/inputSchema")
            && matches!(
                field,
                Field::ParamDescription | Field::Other | Field::Title | Field::ParamName
            )
            && !structural
            && let Some(v) =
                crate::meaning::data_beyond_the_tool(text, self.own, field == Field::ParamName)
        {
            found.push(v);
        }
        if self.mode == Mode::Strict && !structural {
            let mut strict = Vec::new();
            let tool = crate::grammar::Tool {
                name: self.own,
                mutates: self.mutates,
                input: !path.starts_with("/outputSchema"),
                refusals: &[],
                lost: &[],
            };
            crate::controlled::check(field, text, tool, &mut strict);
            found.extend(strict);
        }
        for violation in found {
            self.out.push(Finding {
                tool: self.tool.clone(),
                path: path.to_owned(),
                field,
                text: text.to_owned(),
                violation,
            });
        }
    }

    fn structural(&mut self, path: &str, field: Field, text: String, rule: Rule, detail: String) {
        let range = 0..text.len();
        self.out.push(Finding {
            tool: self.tool.clone(),
            path: path.to_owned(),
            field,
            text,
            violation: Violation {
                rule,
                range,
                detail,
            },
        });
    }

    fn value(&mut self, v: &Value, path: &str, ctx: Ctx, field: Field) {
        match v {
            Value::String(s) => {
                self.text(path, field, s, ctx == Ctx::MetaSchema, false);
            }
            Value::Array(a) => {
                let elem_ctx = match ctx {
                    Ctx::SchemaList | Ctx::Schema => Ctx::Schema,
                    _ => Ctx::Data,
                };
                for (i, x) in a.iter().enumerate() {
                    self.value(x, &format!("{path}/{i}"), elem_ctx, Field::Other);
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    let p = format!("{path}/{}", escape(k));
                    let (key_field, child_ctx, child_field) = self.member(ctx, k, x);
                    self.text(&p, key_field, k, false, true);
                    if matches!(
                        child_field,
                        Field::ToolDescription | Field::ParamDescription
                    ) && !x.is_string()
                    {
                        let what = format!("description is a JSON {}, not a string", kind(x));
                        self.structural(&p, child_field, x.to_string(), Rule::HiddenPayload, what);
                    }
                    self.value(x, &p, child_ctx, child_field);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }

    /// Annotations that contradict the name or description: a tool that cancels, deletes or
    /// removes declared read-only or not destructive, or one that changes things declared read-only.
    fn annotations(&mut self, o: &serde_json::Map<String, Value>) {
        let name = o.get("name").and_then(Value::as_str).unwrap_or("");
        let desc = o.get("description").and_then(Value::as_str).unwrap_or("");
        let ann = o.get("annotations");
        let hint = |k: &str| ann.and_then(|a| a.get(k)).and_then(Value::as_bool);
        // anyone's catalogue: the name alone decides (descriptions mention what other tools change)
        let effect = if self.mode == Mode::Strict {
            crate::controlled::effect_of(name, desc)
        } else {
            crate::controlled::effect_in(name, None)
        };
        let read_only = hint("readOnlyHint");
        let destructive = hint("destructiveHint");
        let (path, detail) = match effect {
            crate::controlled::Effect::Destroys(verb) if read_only == Some(true) => (
                "/annotations/readOnlyHint",
                format!("a tool that says it will {verb} declares readOnlyHint: true"),
            ),
            crate::controlled::Effect::Destroys(verb) if destructive == Some(false) => (
                "/annotations/destructiveHint",
                format!("a tool that says it will {verb} declares destructiveHint: false"),
            ),
            crate::controlled::Effect::Destroys(verb)
            | crate::controlled::Effect::Changes(verb)
                if crate::meaning::claims_read_only(desc) =>
            {
                (
                    "/description",
                    format!(
                        "the name says the tool will {verb}, the description says it changes nothing"
                    ),
                )
            }
            crate::controlled::Effect::Changes(verb) if read_only == Some(true) => (
                "/annotations/readOnlyHint",
                format!("a tool that says it will {verb} declares readOnlyHint: true"),
            ),
            _ => {
                if self.mode == Mode::Strict {
                    let destroys = matches!(effect, crate::controlled::Effect::Destroys(_));
                    for v in crate::controlled::check_effects(
                        name,
                        desc,
                        read_only == Some(false),
                        destructive == Some(true) || !destroys,
                    ) {
                        self.structural(
                            "/annotations",
                            Field::Other,
                            String::new(),
                            Rule::Effects,
                            v.detail,
                        );
                    }
                }
                return;
            }
        };
        self.structural(path, Field::Other, String::new(), Rule::Effects, detail);
    }

    /// One instruction split across fields: the tool's strings joined in schema order, read as
    /// one text. Reported only when no single field already carried an injection-class finding.
    fn joined(&mut self, t: &Value) {
        if self.out.iter().any(|f| f.violation.is_injection()) {
            return;
        }
        let mut parts: Vec<&str> = Vec::new();
        collect_strings(t, &mut parts);
        // the tool's own name is no piece of an instruction: read beside the text, it would be
        // "another tool" named in it
        if let Some(own) = t.get("name").and_then(Value::as_str) {
            parts.retain(|p| *p != own);
        }
        let mut bounds = Vec::new();
        let mut joined = String::new();
        for p in &parts {
            if !joined.is_empty() {
                joined.push(' ');
            }
            bounds.push(joined.len());
            joined.push_str(p);
        }
        // one text with no sentence breaks: the pieces of one instruction may sit in any field,
        // and the schema's key order is not the author's
        let text: String = joined
            .chars()
            .map(|c| {
                if matches!(c, '.' | ';' | ':' | '!' | '?' | '\n' | '\r' | '(' | ')') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let mut hits = Vec::new();
        let words = crate::skeleton::words(&text);
        crate::meaning::check(&text, Field::ToolDescription, &words, &mut hits);
        // only what no single field says: a hit that spans a boundary between two fields, of a
        // family that a field has no business carrying in pieces
        let crosses = |v: &Violation| bounds.iter().any(|&b| v.range.start < b && b < v.range.end);
        if let Some(v) = hits.into_iter().find(|v| {
            v.is_injection()
                && (!matches!(v.rule, Rule::Directive | Rule::HiddenPayload)
                    || JOINED_DIRECTIVES.iter().any(|d| v.detail.starts_with(d)))
                && crosses(v)
        }) {
            let detail = format!("across fields: {}", v.detail);
            self.structural("", Field::Other, text.clone(), v.rule, detail);
        }
    }

    /// For member `k` of an object in context `ctx`: (field of the key, context and field of the value).
    fn member(&self, ctx: Ctx, k: &str, x: &Value) -> (Field, Ctx, Field) {
        match ctx {
            Ctx::Tool => match k {
                "name" => (Field::Other, Ctx::Data, Field::ToolName),
                "title" => (Field::Other, Ctx::Data, Field::Title),
                "description" => (Field::Other, Ctx::Data, Field::ToolDescription),
                "inputSchema" | "outputSchema" => (Field::Other, Ctx::Schema, Field::Other),
                "annotations" => (Field::Other, Ctx::Annotations, Field::Other),
                _ => (Field::Other, Ctx::Data, Field::Other),
            },
            Ctx::Annotations => match k {
                "title" => (Field::Other, Ctx::Data, Field::Title),
                _ => (Field::Other, Ctx::Data, Field::Other),
            },
            Ctx::Schema => match k {
                "description" => (Field::Other, Ctx::Data, Field::ParamDescription),
                "title" => (Field::Other, Ctx::Data, Field::Title),
                "properties" => (Field::Other, Ctx::Props, Field::Other),
                "$defs" | "definitions" | "patternProperties" | "dependentSchemas" => {
                    (Field::Other, Ctx::Defs, Field::Other)
                }
                "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                    (Field::Other, Ctx::SchemaList, Field::Other)
                }
                "items"
                | "additionalProperties"
                | "additionalItems"
                | "unevaluatedProperties"
                | "unevaluatedItems"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contains"
                | "propertyNames" => {
                    let c = if x.is_array() {
                        Ctx::SchemaList
                    } else {
                        Ctx::Schema
                    };
                    (Field::Other, c, Field::Other)
                }
                "$schema" => (Field::Other, Ctx::MetaSchema, Field::Other),
                _ => (Field::Other, Ctx::Data, Field::Other),
            },
            Ctx::Props => (Field::ParamName, Ctx::Schema, Field::Other),
            Ctx::Defs => (Field::Other, Ctx::Schema, Field::Other),
            Ctx::SchemaList | Ctx::Data | Ctx::MetaSchema => {
                (Field::Other, Ctx::Data, Field::Other)
            }
        }
    }
}

/// Screen every tool of a catalogue. Cross-tool references use the exact names of all tools in `tools`.
///
/// Besides text hits: a tool that is not an object, has no (string) `name` or a non-string `description` is
/// a finding (`name` resp. `hidden_payload`), and so is every tool whose name another tool already uses.
pub fn check_catalogue(tools: &[Value]) -> Vec<Finding> {
    check_catalogue_mode(tools, &[], Mode::Plain)
}

/// [`check_catalogue`], with cross-tool references also checked against `known_names`: the names of
/// tools that exist but are not in `tools` (a server lists only a session's subset, yet a listed
/// description must not point at an unlisted tool either).
pub fn check_catalogue_with(tools: &[Value], known_names: &[&str]) -> Vec<Finding> {
    check_catalogue_mode(tools, known_names, Mode::Plain)
}

/// [`check_catalogue_with`] in a chosen [`Mode`]. In strict mode every text is also held to the
/// controlled language, and a tool's effects must match its annotations (`readOnlyHint: false` for
/// a tool that says it changes something, `destructiveHint: true` for one that destroys).
pub fn check_catalogue_mode(tools: &[Value], known_names: &[&str], mode: Mode) -> Vec<Finding> {
    let names: Vec<Option<&str>> = tools
        .iter()
        .map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    // every name once, sorted: a tool's own name is skipped where it is read, so one list serves all
    let mut all: Vec<&str> = names
        .iter()
        .flatten()
        .copied()
        .chain(known_names.iter().copied())
        .collect();
    all.sort_unstable();
    all.dedup();
    let all = ToolNames::new(&all);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, t) in tools.iter().enumerate() {
        let own = names[i].unwrap_or("");
        let label = if own.is_empty() {
            format!("#{i}")
        } else {
            own.to_owned()
        };
        let mutates = t
            .get("annotations")
            .and_then(|a| a.get("readOnlyHint"))
            .and_then(Value::as_bool)
            == Some(false);
        let mut local = Vec::new();
        local_names(t, false, &mut local);
        local.sort_unstable();
        local.dedup();
        let mut w = Walker {
            mode,
            mutates,
            tool: label,
            own,
            names: &all,
            siblings: all.any_other_than(own),
            local,
            out: Vec::new(),
        };
        match t {
            Value::Object(o) => {
                match o.get("name") {
                    None => w.structural(
                        "",
                        Field::ToolName,
                        String::new(),
                        Rule::Name,
                        "tool has no name".to_owned(),
                    ),
                    Some(Value::String(n)) => {
                        if let Some(&first) = seen.get(n.as_str()) {
                            w.structural(
                                "/name",
                                Field::ToolName,
                                n.clone(),
                                Rule::Name,
                                format!("duplicate tool name (also tool #{first})"),
                            );
                        } else {
                            seen.insert(n.as_str(), i);
                        }
                    }
                    Some(other) => w.structural(
                        "/name",
                        Field::ToolName,
                        other.to_string(),
                        Rule::Name,
                        format!("name is a JSON {}, not a string", kind(other)),
                    ),
                }
                w.value(t, "", Ctx::Tool, Field::Other);
                w.annotations(o);
                w.joined(t);
            }
            other => w.structural(
                "",
                Field::Other,
                other.to_string(),
                Rule::Name,
                format!("tool is a JSON {}, not an object", kind(other)),
            ),
        }
        out.extend(w.out);
    }
    out
}

/// A protocol or JSON Schema word rather than text of the author's: an object key that is not a
/// property name (`inputSchema`, `readOnlyHint`, `additionalProperties`), or the value of `type`,
/// `format`, `$schema`, `$ref` or an entry of `required` (a property name, judged where it is
/// defined). The controlled language does not apply to these; every other rule still does. The
/// value of `default`, `const`, `enum` or `examples` is the author's text, never structural.
fn structural(path: &str, field: Field, key: bool) -> bool {
    let mut segs = path.rsplit('/');
    let last = segs.next().unwrap_or("");
    let parent = segs.next().unwrap_or("");
    match field {
        Field::Other if key => SCHEMA_KEYS.contains(&last) && parent != "properties",
        Field::Other => {
            matches!(last, "type" | "format" | "$schema" | "$ref")
                || parent == "required"
                || parent == "type"
        }
        _ => false,
    }
}

/// Keys of the protocol and of JSON Schema.
const SCHEMA_KEYS: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
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
    "enum",
    "const",
    "default",
    "examples",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "$schema",
    "$ref",
    "$defs",
    "nullable",
    "uniqueItems",
    "pattern",
    "multipleOf",
    "_meta",
    "icons",
];

/// Every string and key of a tool's JSON, in document order (descriptions, names, enum values...).
fn collect_strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                if !matches!(
                    k.as_str(),
                    "type" | "required" | "$schema" | "format" | "additionalProperties"
                ) {
                    if !matches!(
                        k.as_str(),
                        "description"
                            | "title"
                            | "name"
                            | "properties"
                            | "inputSchema"
                            | "outputSchema"
                            | "items"
                            | "annotations"
                            | "enum"
                            | "default"
                            | "examples"
                    ) {
                        out.push(k);
                    }
                    collect_strings(x, out);
                }
            }
        }
        _ => {}
    }
}

/// Property names and string enum / const values anywhere in a tool.
fn local_names<'a>(v: &'a Value, in_props: bool, out: &mut Vec<&'a str>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                if in_props {
                    out.push(k);
                }
                if matches!(k.as_str(), "enum" | "const" | "examples" | "default") {
                    let mut vals = Vec::new();
                    collect_strings(x, &mut vals);
                    out.extend(vals);
                }
                local_names(x, k == "properties" && !in_props, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| local_names(x, false, out)),
        _ => {}
    }
}
