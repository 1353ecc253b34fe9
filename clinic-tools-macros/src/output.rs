//! `#[derive(ToolOutput)]`: the doc comments of a tool's output type and of its fields become the
//! descriptions of the tool's `outputSchema`, which travels to the model with the tool
//! definition; they are screened at compile time with the same rules as parameter descriptions
//! (the start-up screen applies those rules to every schema description too). Every field's type
//! must be `ToolOutput` itself, so a nested type cannot bring unscreened descriptions along.

use crate::screen::{Kind, derive};
use proc_macro2::TokenStream;

const OUTPUT: Kind = Kind {
    trait_name: "ToolOutput",
    field_bound: "ToolOutput",
    assert_fn: "screened_output",
    what: "tool output",
    field_noun: "output field",
    type_doc_label: "output description",
    not_struct: "ToolOutput goes on a struct with named fields: a tool's structured output is a JSON object",
    not_named: "ToolOutput needs named fields: each one is a property of the structured output",
    unit_allowed: false,
    require_field_docs: false,
    require_deny_unknown: false,
    serde_allowed: &["skip", "skip_serializing_if"],
    serde_allowed_text: "only `skip` and `skip_serializing_if` are allowed",
    flatten_fix: "list the properties as fields here, so their descriptions are screened where they are written",
    rename_why: "a property's name is its field's name, so the compile-time screen sees what the model sees",
};

pub fn expand(input: TokenStream) -> TokenStream {
    derive(input, &OUTPUT)
}
