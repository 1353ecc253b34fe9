//! What `#[derive(ToolArgs)]` and `#[derive(ToolOutput)]` share: a type whose schema reaches the
//! model (as a tool's `inputSchema` or `outputSchema`) is screened the same way whichever side it
//! is on — its doc comment and its fields' names and doc comments with the parameter rules, its
//! serde and schemars attributes limited to those that cannot change what schemars writes, and each
//! field's type bounded so no other type's schema comes along unscreened. A [`Kind`] holds what
//! differs: the traits and the wording.

use crate::ctxt::Ctxt;
use crate::docs;
use clinic_policy::{Field, Violation, check_strict, check_strict_output};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// One derive: which traits it implements and requires, and how it words its errors.
pub struct Kind {
    /// The trait the derive implements (`::clinic_mcp::<name>`).
    pub trait_name: &'static str,
    /// The trait every field's type must implement.
    pub field_bound: &'static str,
    /// The name of the generated function whose bound checks each field's type (it shows in the
    /// compiler's "required by a bound in" note).
    pub assert_fn: &'static str,
    /// "tool arguments", "tool output": what the attribute errors say the type is.
    pub what: &'static str,
    /// "parameter", "output field": what a field is called in errors.
    pub field_noun: &'static str,
    /// The label of the type's own doc comment in errors.
    pub type_doc_label: &'static str,
    pub not_struct: &'static str,
    pub not_named: &'static str,
    /// A unit struct (no fields at all) is accepted.
    pub unit_allowed: bool,
    /// Every field needs a doc comment.
    pub require_field_docs: bool,
    /// The type must carry `#[serde(deny_unknown_fields)]`.
    pub require_deny_unknown: bool,
    /// The only serde keys allowed, and the sentence that says so.
    pub serde_allowed: &'static [&'static str],
    pub serde_allowed_text: &'static str,
    /// What to do instead of `#[serde(flatten)]`.
    pub flatten_fix: &'static str,
    /// Why renames are refused.
    pub rename_why: &'static str,
}

pub fn derive(input: TokenStream, kind: &Kind) -> TokenStream {
    let item: syn::DeriveInput = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    let mut cx = Ctxt::default();
    let mut screened = Vec::new();
    let field_types = validate(&mut cx, &item, kind, &mut screened);
    let ident = &item.ident;
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    let errors = cx.into_compile_errors();
    let trait_ident = format_ident!("{}", kind.trait_name);
    let bound = format_ident!("{}", kind.field_bound);
    let assert_fn = format_ident!("{}", kind.assert_fn);
    // Each field's type is checked too; the error points at the field's type.
    let checks = field_types.iter().map(|ty| {
        quote_spanned! {ty.span()=>
            #assert_fn::<#ty>();
        }
    });
    let entries = screened.iter().map(|(k, v)| quote!(out.push((#k, #v));));
    // what nested types screened comes along (an output's fields are outputs themselves)
    let nested = if kind.field_bound == kind.trait_name {
        let tys = field_types.iter();
        quote!(#( <#tys as ::clinic_mcp::#bound>::screened(out); )*)
    } else {
        quote!()
    };
    // The impl is emitted even on error so the tool using this type reports nothing more.
    quote! {
        #errors
        impl #impl_generics ::clinic_mcp::#trait_ident for #ident #ty_generics #where_clause {
            fn screened(out: &mut ::std::vec::Vec<(&'static str, &'static str)>) {
                #(#entries)*
                #nested
            }
        }
        const _: fn() = || {
            fn #assert_fn<T: ?::core::marker::Sized + ::clinic_mcp::#bound>() {}
            #(#checks)*
        };
    }
}

/// Screen the type and its fields; returns the field types to bound. `screened` receives every
/// text judged, as (field name or `""` for the type, text).
fn validate<'a>(
    cx: &mut Ctxt,
    item: &'a syn::DeriveInput,
    kind: &Kind,
    screened: &mut Vec<(String, String)>,
) -> Vec<&'a syn::Type> {
    // A type parameter (or lifetime, or const) lets a use site choose what the fields are: the
    // bound checked here would then name the parameter, not the type whose schema is served
    // (`struct A<String: ...>` makes `String` a parameter). Only concrete types are screened.
    if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
        cx.error_spanned(
            &item.generics,
            format!(
                "{} cannot be generic: a type parameter lets a use site substitute a type whose schema was never screened; name concrete types",
                kind.what
            ),
        );
        return Vec::new();
    }
    let syn::Data::Struct(data) = &item.data else {
        cx.error_spanned(&item.ident, kind.not_struct);
        return Vec::new();
    };
    let (_, deny_unknown) = check_serde_attrs(cx, &item.attrs, kind);
    if kind.require_deny_unknown && !deny_unknown {
        cx.error_at(
            proc_macro2::Span::call_site(),
            format!(
                "{} must refuse unknown fields: add `#[serde(deny_unknown_fields)]`",
                kind.what
            ),
        );
    }
    check_foreign_descriptions(cx, &item.attrs, kind.what);

    // The type's own doc comment becomes the schema's description: same channel, same rules.
    let doc = docs::collect(cx, &item.attrs, item.ident.span());
    let found = describe(kind, &doc.text);
    docs::report(cx, &doc, kind.type_doc_label, &found);
    if !doc.text.is_empty() {
        screened.push((String::new(), doc.text.clone()));
    }

    let syn::Fields::Named(fields) = &data.fields else {
        if !(kind.unit_allowed && matches!(data.fields, syn::Fields::Unit)) {
            cx.error_spanned(&item.ident, kind.not_named);
        }
        return Vec::new();
    };
    let noun = kind.field_noun;
    let mut types = Vec::new();
    for field in &fields.named {
        let Some(ident) = &field.ident else { continue };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        screened.push((name.to_owned(), name.to_owned()));
        for v in check_strict(Field::ParamName, name, "", &[], false) {
            cx.error_spanned(ident, docs::format_violation(&format!("{noun} name"), &v));
        }
        let (refused, _) = check_serde_attrs(cx, &field.attrs, kind);
        if !refused {
            // A field already refused for its serde attributes gets no second error for its type.
            types.push(&field.ty);
        }
        check_foreign_descriptions(cx, &field.attrs, kind.what);
        let doc = docs::collect(cx, &field.attrs, ident.span());
        if kind.require_field_docs && doc.text.is_empty() && !doc.rejected {
            cx.error_spanned(
                ident,
                format!(
                    "{noun} `{name}` needs a description: a `///` line with its format and bounds"
                ),
            );
            continue;
        }
        let found = describe(kind, &doc.text);
        docs::report(cx, &doc, &format!("description of {noun} `{name}`"), &found);
        if !doc.text.is_empty() {
            screened.push((name.to_owned(), doc.text.clone()));
        }
    }
    types
}

/// A name in the schema must be its field's name (`rename`/`alias` would show the model a name
/// the screen never saw), and the schema must be the type's own: `flatten`, `from`, `into`,
/// `with`, `default = ...` and the like make schemars describe another type or embed a value the
/// screen never saw. Only `kind.serde_allowed` passes. Returns (any refused, `deny_unknown_fields`
/// present).
fn check_serde_attrs(cx: &mut Ctxt, attrs: &[syn::Attribute], kind: &Kind) -> (bool, bool) {
    let what = kind.what;
    let mut deny_unknown = false;
    let mut refused = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map_or_else(|| "?".to_owned(), ToString::to_string);
            if kind.serde_allowed.contains(&key.as_str()) {
                deny_unknown |= key == "deny_unknown_fields";
            } else if key == "flatten" {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    format!("`#[serde(flatten)]` is not allowed on {what}: {}", kind.flatten_fix),
                );
            } else if matches!(key.as_str(), "rename" | "rename_all" | "alias") {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    format!("serde renames are not allowed on {what}: {}", kind.rename_why),
                );
            } else {
                refused = true;
                cx.error_spanned(
                    &meta.path,
                    format!("`#[serde({key})]` is not allowed on {what}: it can make schemars describe another type or embed a value the compile-time screen never sees; {}", kind.serde_allowed_text),
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
    (refused, deny_unknown)
}

/// `#[schemars(...)]` may state bounds (`range`, `length`) and nothing else: `description`, `title`,
/// `example`, `extend(...)` would place text in the schema that the doc-comment screen never saw.
fn check_foreign_descriptions(cx: &mut Ctxt, attrs: &[syn::Attribute], what: &str) {
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
                    let e: syn::Expr = inner.value()?.parse()?;
                    if !is_int_literal(&e) {
                        return Err(syn::Error::new(
                            e.span(),
                            format!("a bound in `#[schemars(range/length)]` on {what} must be an integer literal: any other expression (a string, a constant, an object) lands in the schema unscreened"),
                        ));
                    }
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

/// `42` or `-42`, an integer literal without a suffix that changes nothing in the schema.
fn is_int_literal(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(_),
            ..
        }) => true,
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
            matches!(
                &*u.expr,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(_),
                    ..
                })
            )
        }
        syn::Expr::Group(g) => is_int_literal(&g.expr),
        _ => false,
    }
}

/// The strict screen of a description on either side: a parameter's is held to the data a tool
/// may take as well, an output's is not (it says what the tool returns). Neither knows its tool
/// here, so the grammar allows no verb of effect; the start-up screen reads each with its tool.
fn describe(kind: &Kind, text: &str) -> Vec<Violation> {
    if kind.field_bound == kind.trait_name {
        check_strict_output(Field::ParamDescription, text, "", false)
    } else {
        check_strict(Field::ParamDescription, text, "", &[], false)
    }
}
