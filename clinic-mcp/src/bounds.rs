//! Every bound of a tool's arguments is stated once, in `#[schemars(range(..))]` or
//! `#[schemars(length(..))]` on the field: the input schema an agent reads carries it, and this
//! module enforces exactly that schema before a handler runs, so the schema and the check cannot
//! drift. (The parameter's description states it in words too; a test in `tools` checks each
//! description names its schema's numbers.)
//!
//! On top of the schema: every integer is at most `i64::MAX`, the clinic API's ids being signed
//! 64-bit numbers.

use crate::error::ToolError;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// A JSON object (tool arguments, schemas).
type JsonObject = serde_json::Map<String, Value>;

/// A tool's input schema, as `ToolDef::input_schema` builds it.
pub type SchemaFn = fn() -> JsonObject;

/// The bounds of one parameter, read from its schema.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bound {
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
}

/// The bounds of every parameter of an input schema that has any.
pub fn of_schema(schema: &JsonObject) -> Vec<(String, Bound)> {
    let Some(Value::Object(properties)) = schema.get("properties") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, p) in properties {
        let bound = Bound {
            minimum: p.get("minimum").and_then(Value::as_f64),
            maximum: p.get("maximum").and_then(Value::as_f64),
            min_length: p.get("minLength").and_then(Value::as_u64),
            max_length: p.get("maxLength").and_then(Value::as_u64),
        };
        if bound != Bound::default() {
            out.push((name.clone(), bound));
        }
    }
    out
}

/// The bounds of a tool's input schema, built once per tool and process (a schema is generated
/// by schemars, which costs more than a call's own work).
fn of_tool(tool: &'static str, input_schema: SchemaFn) -> Arc<Vec<(String, Bound)>> {
    type Held = Mutex<BTreeMap<(&'static str, usize), Arc<Vec<(String, Bound)>>>>;
    static HELD: OnceLock<Held> = OnceLock::new();
    let key = (tool, input_schema as usize);
    let held = HELD.get_or_init(Held::default);
    if let Some(b) = held
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return b.clone();
    }
    let bounds = Arc::new(of_schema(&input_schema()));
    held.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key, bounds.clone());
    bounds
}

/// Refuse arguments outside the bounds the input schema of `tool` states, naming the parameter.
/// A value of the wrong type is left to deserialisation, which names it too.
pub fn check(
    tool: &'static str,
    input_schema: SchemaFn,
    args: &JsonObject,
) -> Result<(), ToolError> {
    for (name, value) in args {
        if value.as_u64().is_some_and(|n| n > i64::MAX as u64) {
            {
                return Err(ToolError::field(
                    name,
                    format!("must be at most {}, got {value}", i64::MAX),
                ));
            }
        }
    }
    for (name, bound) in of_tool(tool, input_schema).iter() {
        match args.get(name) {
            Some(value @ Value::Number(n)) => {
                let Some(x) = n.as_f64() else { continue };
                let low = bound.minimum.is_some_and(|m| x < m);
                let high = bound.maximum.is_some_and(|m| x > m);
                if low || high {
                    return Err(ToolError::field(name, range_text(bound, value)));
                }
            }
            Some(Value::String(s)) => {
                let chars = s.chars().count() as u64;
                let short = bound.min_length.is_some_and(|m| chars < m);
                let long = bound.max_length.is_some_and(|m| chars > m);
                if short || long {
                    return Err(ToolError::field(name, length_text(bound, chars)));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e16 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn range_text(b: &Bound, value: &Value) -> String {
    // A hostile number is shown short: the answer passes the output screen.
    let got = crate::screen::truncate(&value.to_string(), 24);
    match (b.minimum, b.maximum) {
        (Some(lo), Some(hi)) => format!(
            "must be between {} and {}, got {got}",
            number(lo),
            number(hi)
        ),
        (Some(lo), None) => format!("must be at least {}, got {got}", number(lo)),
        (None, Some(hi)) => format!("must be at most {}, got {got}", number(hi)),
        (None, None) => format!("is out of range, got {got}"),
    }
}

fn length_text(b: &Bound, chars: u64) -> String {
    match (b.min_length, b.max_length) {
        (Some(lo), Some(hi)) => format!("must be {lo} to {hi} characters, got {chars}"),
        (Some(lo), None) => format!("must be at least {lo} characters, got {chars}"),
        (None, Some(hi)) => format!("must be at most {hi} characters, got {chars}"),
        (None, None) => format!("has a length out of range, got {chars}"),
    }
}
