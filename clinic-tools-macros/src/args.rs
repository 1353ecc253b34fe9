//! `#[derive(ToolArgs)]`: the parameter descriptions of a tool are the doc comments of its
//! arguments type's fields; they travel to the model inside the tool definition, so they are
//! screened at compile time with the parameter rules (which, unlike a tool description, may name
//! another tool: there it says where a value comes from). Unknown fields must be refused, every
//! parameter needs a description, and a parameter's type is a plain value (`ArgValue`).

use crate::screen::{Kind, derive};
use proc_macro2::TokenStream;

const ARGS: Kind = Kind {
    trait_name: "ToolArgs",
    field_bound: "ArgValue",
    assert_fn: "plain_parameter",
    what: "tool arguments",
    field_noun: "parameter",
    type_doc_label: "arguments description",
    not_struct: "ToolArgs goes on a struct with named fields: each field is one parameter",
    not_named: "ToolArgs needs named fields: a parameter's name is its field's name",
    unit_allowed: true,
    require_field_docs: true,
    require_deny_unknown: true,
    serde_allowed: &["deny_unknown_fields"],
    serde_allowed_text: "only `deny_unknown_fields` is allowed",
    flatten_fix: "the flattened type's field descriptions would reach the model unscreened; list the parameters as fields here",
    rename_why: "a parameter's name is its field's name, so the compile-time screen sees what the model sees",
};

pub fn expand(input: TokenStream) -> TokenStream {
    derive(input, &ARGS)
}
