//! `#[derive(ToolArgs)]`: the parameter descriptions of a tool are the doc comments of its
//! arguments type's fields; they travel to the model inside the tool definition, so they are
//! screened at compile time with the parameter rules (which, unlike a tool description, may name
//! another tool: there it says where a value comes from).

use crate::ctxt::Ctxt;
use crate::docs;
use clinic_policy::{Field, check_text};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

pub fn expand(input: TokenStream) -> TokenStream {
    let item: syn::DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let mut cx = Ctxt::default();
    let field_types = validate(&mut cx, &item);
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let errors = cx.into_compile_errors();
    // A parameter's type must not bring a schema of its own (with descriptions) along.
    let plain = field_types.iter().map(|ty| {
        quote_spanned! {ty.span()=>
            plain_parameter::<#ty>();
        }
    });
    // The impl is emitted even on error so the tool using this type reports nothing more.
    quote! {
        #errors
        impl #impl_generics ::clinic_mcp::ToolArgs for #ident #ty_generics #where_clause {}
        const _: fn() = || {
            fn plain_parameter<T: ?::core::marker::Sized + ::clinic_mcp::ArgValue>() {}
            #(#plain)*
        };
    }
}

/// Screen the type and its fields; returns the field types to assert `ArgValue` of.
fn validate<'a>(cx: &mut Ctxt, item: &'a syn::DeriveInput) -> Vec<&'a syn::Type> {
    let syn::Data::Struct(data) = &item.data else {
        cx.error_spanned(
            &item.ident,
            "ToolArgs goes on a struct with named fields: each field is one parameter",
        );
        return Vec::new();
    };
    check_serde_attrs(cx, &item.attrs, true);
    check_foreign_descriptions(cx, &item.attrs, "tool arguments");

    // The type's own doc comment becomes the schema's description: same channel, same rules.
    let doc = docs::collect(cx, &item.attrs, item.ident.span());
    let found = check_text(Field::ParamDescription, &doc.text, "", &[]);
    docs::report(cx, &doc, "arguments description", &found);

    let syn::Fields::Named(fields) = &data.fields else {
        if !matches!(data.fields, syn::Fields::Unit) {
            cx.error_spanned(
                &item.ident,
                "ToolArgs needs named fields: a parameter's name is its field's name",
            );
        }
        return Vec::new();
    };
    let mut types = Vec::new();
    for field in &fields.named {
        let Some(ident) = &field.ident else { continue };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        for v in check_text(Field::ParamName, name, "", &[]) {
            cx.error_spanned(ident, docs::format_violation("parameter name", &v));
        }
        if !check_serde_attrs(cx, &field.attrs, false) {
            // A field already refused for its serde attributes gets no second error for its type.
            types.push(&field.ty);
        }
        check_foreign_descriptions(cx, &field.attrs, "tool arguments");
        let doc = docs::collect(cx, &field.attrs, ident.span());
        if doc.text.is_empty() && !doc.rejected {
            cx.error_spanned(
                ident,
                format!("parameter `{name}` needs a description: a `///` line with its format and bounds"),
            );
            continue;
        }
        let found = check_text(Field::ParamDescription, &doc.text, "", &[]);
        docs::report(
            cx,
            &doc,
            &format!("description of parameter `{name}`"),
            &found,
        );
    }
    types
}

/// Unknown fields must be refused, and a parameter's name must be exactly its field's name:
/// `rename`/`alias` would put an unscreened name in front of the model. No other serde key is
/// allowed: `from`, `with`, `default = ...` and the like make schemars describe another type or
/// embed a value the screen never saw. Returns whether any attribute was refused.
fn check_serde_attrs(cx: &mut Ctxt, attrs: &[syn::Attribute], on_struct: bool) -> bool {
    let mut deny_unknown = false;
    let mut refused = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("deny_unknown_fields") {
                deny_unknown = true;
            } else if meta.path.is_ident("flatten") {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    "`#[serde(flatten)]` is not allowed on tool arguments: the flattened type's field descriptions would reach the model unscreened; list the parameters as fields here",
                );
            } else if meta.path.is_ident("rename")
                || meta.path.is_ident("rename_all")
                || meta.path.is_ident("alias")
            {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    "serde renames are not allowed on tool arguments: a parameter's name is its field's name, so the compile-time screen sees what the model sees",
                );
            } else {
                refused = true;
                let key = meta
                    .path
                    .get_ident()
                    .map_or_else(|| "?".to_owned(), ToString::to_string);
                cx.error_spanned(
                    &meta.path,
                    format!("`#[serde({key})]` is not allowed on tool arguments: it can make schemars describe another type or embed a value the compile-time screen never sees; only `deny_unknown_fields` is allowed"),
                );
            }
            // Consume any value so parsing continues.
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::token::Paren) {
                let _ = meta.parse_nested_meta(|_| Ok(()));
            }
            Ok(())
        });
    }
    if on_struct && !deny_unknown {
        cx.error_at(
            proc_macro2::Span::call_site(),
            "tool arguments must refuse unknown fields: add `#[serde(deny_unknown_fields)]`",
        );
    }
    refused
}

/// `#[schemars(...)]` may state bounds (`range`, `length`) and nothing else: `description`, `title`,
/// `example`, `extend(...)` would place text in the schema that the doc-comment screen never saw.
pub fn check_foreign_descriptions(cx: &mut Ctxt, attrs: &[syn::Attribute], what: &str) {
    // schemars also reads `garde` and `validate` attributes and writes their text (patterns,
    // messages) into the schema.
    for attr in attrs
        .iter()
        .filter(|a| a.path().is_ident("garde") || a.path().is_ident("validate"))
    {
        cx.error_spanned(
            attr,
            format!("`#[garde(...)]`/`#[validate(...)]` are not allowed on {what}: schemars copies their text into the schema unscreened; check bounds in the handler and state them in the `///` description"),
        );
    }
    for attr in attrs.iter().filter(|a| a.path().is_ident("schemars")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("range") || meta.path.is_ident("length") {
                meta.parse_nested_meta(|inner| {
                    let _: syn::Expr = inner.value()?.parse()?;
                    Ok(())
                })
            } else {
                Err(meta.error(format!(
                    "only `range(...)` and `length(...)` are allowed in `#[schemars(...)]` on {what}: other keys can put text in the schema that the compile-time screen never sees; use `///` doc comments"
                )))
            }
        });
        if let Err(e) = parsed {
            cx.push(e);
        }
    }
}
