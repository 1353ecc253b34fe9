//! Whole-catalogue screening of a `tools/list` result (feature `json`).
//!
//! Every string and every object key of every tool is screened, recursively, with the [`Field`] its position
//! implies. Paths are JSON pointers relative to the tool (RFC 6901: `/inputSchema/properties/slot_id/description`);
//! a finding about an object key carries the pointer to that member and the key as its text.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::{Field, Rule, Violation, screen};

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

struct Walker<'a> {
    tool: String,
    own: &'a str,
    others: Vec<&'a str>,
    out: Vec<Finding>,
}

impl Walker<'_> {
    fn text(&mut self, path: &str, field: Field, text: &str, schema_url: bool) {
        for violation in screen(field, text, self.own, &self.others, schema_url) {
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
                self.text(path, field, s, ctx == Ctx::MetaSchema);
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
                    self.text(&p, key_field, k, false);
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
    check_catalogue_with(tools, &[])
}

/// [`check_catalogue`], with cross-tool references also checked against `known_names`: the names of
/// tools that exist but are not in `tools` (a server lists only a session's subset, yet a listed
/// description must not point at an unlisted tool either).
pub fn check_catalogue_with(tools: &[Value], known_names: &[&str]) -> Vec<Finding> {
    let names: Vec<Option<&str>> = tools
        .iter()
        .map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, t) in tools.iter().enumerate() {
        let own = names[i].unwrap_or("");
        let label = if own.is_empty() {
            format!("#{i}")
        } else {
            own.to_owned()
        };
        let mut others: Vec<&str> = names
            .iter()
            .flatten()
            .copied()
            .chain(known_names.iter().copied())
            .filter(|n| *n != own)
            .collect();
        others.sort_unstable();
        others.dedup();
        let mut w = Walker {
            tool: label,
            own,
            others,
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
