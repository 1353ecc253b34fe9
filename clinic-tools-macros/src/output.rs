//! `#[derive(ToolOutput)]`: the doc comments of a tool's output type and of its fields become the
//! descriptions of the tool's `outputSchema`, which travels to the model with the tool
//! definition; they are screened at compile time with the same rules as parameter descriptions
//! (the start-up screen applies those rules to every schema description too). Every field's type
//! must be `ToolOutput` itself, so a nested type cannot bring unscreened descriptions along.

use crate::args::check_foreign_descriptions;
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
    // Each field's type must be screened too; the error points at the field's type.
    let nested = field_types.iter().map(|ty| {
        quote_spanned! {ty.span()=>
            screened_output::<#ty>();
        }
    });
    // The impl is emitted even on error so the tool using this type reports nothing more.
    quote! {
        #errors
        impl #impl_generics ::clinic_mcp::ToolOutput for #ident #ty_generics #where_clause {}
        const _: fn() = || {
            fn screened_output<T: ?::core::marker::Sized + ::clinic_mcp::ToolOutput>() {}
            #(#nested)*
        };
    }
}

/// Screen the type and its fields; returns the field types to assert `ToolOutput` of.
fn validate<'a>(cx: &mut Ctxt, item: &'a syn::DeriveInput) -> Vec<&'a syn::Type> {
    let syn::Data::Struct(data) = &item.data else {
        cx.error_spanned(
            &item.ident,
            "ToolOutput goes on a struct with named fields: a tool's structured output is a JSON object",
        );
        return Vec::new();
    };
    check_serde_attrs(cx, &item.attrs);
    check_foreign_descriptions(cx, &item.attrs, "tool output");

    let doc = docs::collect(cx, &item.attrs, item.ident.span());
    let found = check_text(Field::ParamDescription, &doc.text, "", &[]);
    docs::report(cx, &doc, "output description", &found);

    let syn::Fields::Named(fields) = &data.fields else {
        cx.error_spanned(
            &item.ident,
            "ToolOutput needs named fields: each one is a property of the structured output",
        );
        return Vec::new();
    };
    let mut types = Vec::new();
    for field in &fields.named {
        let Some(ident) = &field.ident else { continue };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        for v in check_text(Field::ParamName, name, "", &[]) {
            cx.error_spanned(ident, docs::format_violation("output field name", &v));
        }
        let refused = check_serde_attrs(cx, &field.attrs);
        check_foreign_descriptions(cx, &field.attrs, "tool output");
        let doc = docs::collect(cx, &field.attrs, ident.span());
        let found = check_text(Field::ParamDescription, &doc.text, "", &[]);
        docs::report(
            cx,
            &doc,
            &format!("description of output field `{name}`"),
            &found,
        );
        // A field already refused for its serde attributes gets no second error for its type.
        if !refused {
            types.push(&field.ty);
        }
    }
    types
}

/// A property's name must be its field's name, and its schema must be its type's: `rename`/`alias`
/// would show the model a name the screen never saw, and `flatten`, `from`, `into`, `with`,
/// `default = ...` and the like make schemars describe another type or embed a value the screen
/// never saw. Only `skip` and `skip_serializing_if` are allowed. Returns whether any was refused.
fn check_serde_attrs(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> bool {
    let mut refused = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("flatten") {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    "`#[serde(flatten)]` is not allowed on tool output: list the properties as fields here, so their descriptions are screened where they are written",
                );
            } else if meta.path.is_ident("rename")
                || meta.path.is_ident("rename_all")
                || meta.path.is_ident("alias")
            {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    "serde renames are not allowed on tool output: a property's name is its field's name, so the compile-time screen sees what the model sees",
                );
            } else if !(meta.path.is_ident("skip") || meta.path.is_ident("skip_serializing_if")) {
                refused = true;
                let key = meta
                    .path
                    .get_ident()
                    .map_or_else(|| "?".to_owned(), ToString::to_string);
                cx.error_spanned(
                    &meta.path,
                    format!("`#[serde({key})]` is not allowed on tool output: it can make schemars describe another type or embed a value the compile-time screen never sees; only `skip` and `skip_serializing_if` are allowed"),
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
    refused
}
