//! The catalogue: every tool the server can ever offer, in one explicit list. The tools
//! themselves (arguments, outputs, handlers) live in `crate::tools`, one module per domain.
//!
//! A list (not linker-section registration) keeps the catalogue reviewable in one place,
//! deterministic, and impossible for another linked crate to extend (ASI04). `catalogue!` also
//! asserts in const evaluation that no tool description names another tool of the list.

use crate::tool::ToolDef;
pub use crate::tools::NoArgs;
pub use crate::tools::appointments::{
    BOOK_APPOINTMENT, CANCEL_APPOINTMENT, GET_APPOINTMENT, LIST_MY_APPOINTMENTS,
    RESCHEDULE_APPOINTMENT,
};
pub use crate::tools::clinical::{ESCALATE_TO_ONCALL, RECORD_INTAKE, SEARCH_PROTOCOLS};
pub use crate::tools::doctors::{LIST_DOCTORS, LIST_SPECIALTIES, Specialties};
pub use crate::tools::schedule::{CONFIRM_APPOINTMENT, LIST_DOCTOR_SCHEDULE, REJECT_APPOINTMENT};
pub use crate::tools::slots::FIND_AVAILABLE_SLOTS;

/// Build the catalogue slice from tool definitions and assert, at compile time, that no tool's
/// description names another tool of the list (rule `cross_tool`).
#[macro_export]
macro_rules! catalogue {
    ($($tool:path),+ $(,)?) => {{
        const LIST: &[$crate::ToolDef] = &[$($tool),+];
        const _: () = {
            let mut i = 0;
            while i < LIST.len() {
                let mut j = 0;
                while j < LIST.len() {
                    if i != j && $crate::__private::mentions_tool(LIST[i].description, LIST[j].name) {
                        panic!("policy rule `cross_tool`: a tool description names another tool of the catalogue; describe what the tool does and returns without pointing at other tools");
                    }
                    j += 1;
                }
                i += 1;
            }
        };
        LIST
    }};
}

/// Every tool, all profiles and roles. The server registers the subset a session may reach.
pub static CATALOGUE: &[ToolDef] = catalogue![
    LIST_SPECIALTIES,
    LIST_DOCTORS,
    FIND_AVAILABLE_SLOTS,
    LIST_MY_APPOINTMENTS,
    GET_APPOINTMENT,
    BOOK_APPOINTMENT,
    RESCHEDULE_APPOINTMENT,
    CANCEL_APPOINTMENT,
    RECORD_INTAKE,
    LIST_DOCTOR_SCHEDULE,
    CONFIRM_APPOINTMENT,
    REJECT_APPOINTMENT,
    SEARCH_PROTOCOLS,
    ESCALATE_TO_ONCALL,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Each bound is stated once, in `#[schemars(..)]`: the schema carries it and
    /// `crate::bounds` checks exactly that schema; the parameter's description says it in words,
    /// and this test holds the words to the schema's numbers.
    #[test]
    fn every_parameter_description_states_its_schema_s_bounds() {
        for def in CATALOGUE {
            let schema = (def.input_schema)();
            let properties = schema.get("properties").and_then(|p| p.as_object());
            for (name, bound) in crate::bounds::of_schema(&schema) {
                let description = properties
                    .and_then(|p| p.get(&name))
                    .and_then(|p| p.get("description"))
                    .and_then(|d| d.as_str())
                    .unwrap_or_default();
                let says = |n: f64| description.contains(&format!("{}", n as i64));
                let ok = match (bound.minimum, bound.maximum) {
                    (Some(1.0), None) => description.contains("positive integer"),
                    (lo, hi) => lo.is_none_or(says) && hi.is_none_or(says),
                } && bound.min_length.is_none_or(|n| says(n as f64))
                    && bound.max_length.is_none_or(|n| says(n as f64));
                assert!(
                    ok,
                    "{}.{name}: {description:?} does not state {bound:?}",
                    def.name
                );
            }
        }
    }

    /// Every `format` in every schema of every tool, with where it is.
    fn formats(value: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
        match value {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    if k == "format"
                        && let Some(f) = v.as_str()
                    {
                        out.push((path.to_owned(), f.to_owned()));
                    }
                    formats(v, &format!("{path}/{k}"), out);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    formats(v, &format!("{path}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn schemas_carry_only_formats_json_schema_defines() {
        let mut found = Vec::new();
        for def in CATALOGUE {
            for (which, schema) in [
                ("input", (def.input_schema)()),
                ("output", (def.output_schema)()),
            ] {
                formats(
                    &serde_json::Value::Object(schema),
                    &format!("{}:{which}", def.name),
                    &mut found,
                );
            }
        }
        let unknown: Vec<_> = found
            .iter()
            .filter(|(_, f)| !crate::tool::__private::STANDARD_FORMATS.contains(&f.as_str()))
            .collect();
        assert!(
            unknown.is_empty(),
            "formats JSON Schema does not define: {unknown:?}"
        );
    }
}
