//! `#[clinic_tool]`, `#[derive(ToolArgs)]` and `#[derive(ToolOutput)]`.
//!
//! Each macro is three steps — parse, validate, expand — kept in modules named for their stage.
//! Validation runs the description policy (`clinic-policy`) at compile time, so a poisoned
//! description is a compile error whose span is the offending `///` line. On error the original
//! item is still emitted, so one mistake gives one message.

mod args;
mod attr;
mod ctxt;
mod docs;
mod expand;
mod output;
mod screen;
mod symbol;
mod tool;

use proc_macro::TokenStream;

/// Declare a tool of the catalogue. See the `clinic-mcp` crate documentation for the grammar.
#[proc_macro_attribute]
pub fn clinic_tool(args: TokenStream, input: TokenStream) -> TokenStream {
    tool::expand(args.into(), &input.into()).into()
}

/// Screen the parameter descriptions of a tool's arguments type (the doc comments of its fields).
#[proc_macro_derive(ToolArgs)]
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    args::expand(input.into()).into()
}

/// Screen the output descriptions of a tool (the doc comments of its output type and fields).
#[proc_macro_derive(ToolOutput)]
pub fn derive_tool_output(input: TokenStream) -> TokenStream {
    output::expand(input.into()).into()
}
