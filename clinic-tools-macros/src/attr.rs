//! The `#[clinic_tool(...)]` attribute grammar.
//!
//! `profile = "readonly" | "booking" | "full"` (required), `role = "patient" | "doctor"`
//! (omitted: a public tool, no token sent), flags `mutates`, `destructive` (requires `mutates`),
//! `idempotent`, and an optional `title = "..."`.

use crate::ctxt::Ctxt;
use crate::symbol::{
    DESTRUCTIVE, FLAG_KEYS, IDEMPOTENT, MUTATES, PROFILE, PROFILES, ROLE, ROLES, TITLE, VALUE_KEYS,
};
use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;

/// A value as the user wrote it, with its tokens for error spans.
pub struct Located<T> {
    pub value: T,
    pub span: Span,
}

#[derive(Default)]
pub struct ToolAttr {
    /// Whether a `profile` key was written at all (valid or not): "missing" only when it was not.
    pub profile_given: bool,
    pub profile: Option<Located<String>>,
    pub role: Option<Located<String>>,
    pub mutates: Option<Span>,
    pub destructive: Option<Span>,
    pub idempotent: Option<Span>,
    pub title: Option<Located<String>>,
}

pub fn parse(cx: &mut Ctxt, args: TokenStream) -> ToolAttr {
    let mut out = ToolAttr::default();
    let metas = match Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated.parse2(args) {
        Ok(m) => m,
        Err(e) => {
            cx.push(e);
            return out;
        }
    };
    let mut seen: Vec<String> = Vec::new();
    for meta in metas {
        let key = meta
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        if seen.contains(&key) {
            cx.error_spanned(
                meta.path(),
                format!("duplicate key `{key}`; give each key once"),
            );
            continue;
        }
        seen.push(key.clone());
        match &meta {
            syn::Meta::Path(p) => {
                if FLAG_KEYS.contains(&key.as_str()) {
                    let slot = flag_slot(&mut out, &key);
                    *slot = Some(p.span());
                } else if VALUE_KEYS.contains(&key.as_str()) {
                    cx.error_spanned(p, format!("`{key}` needs a value: write `{key} = \"...\"`"));
                } else {
                    unknown_key(cx, p, &key);
                }
            }
            syn::Meta::NameValue(nv) => {
                if FLAG_KEYS.contains(&key.as_str()) {
                    cx.error_spanned(
                        &meta,
                        format!("`{key}` is a flag and takes no value: write `{key}` alone"),
                    );
                    continue;
                }
                if !VALUE_KEYS.contains(&key.as_str()) {
                    unknown_key(cx, &nv.path, &key);
                    continue;
                }
                let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                else {
                    cx.error_spanned(
                        &nv.value,
                        format!("`{key}` takes a string literal: `{key} = \"...\"`"),
                    );
                    continue;
                };
                let value = Located {
                    value: s.value(),
                    span: s.span(),
                };
                match key.as_str() {
                    PROFILE => {
                        out.profile_given = true;
                        if PROFILES.contains(&value.value.as_str()) {
                            out.profile = Some(value);
                        } else {
                            cx.error_at(
                                value.span,
                                format!(
                                    "unknown profile `{}`; expected one of: {}",
                                    value.value,
                                    quoted(&PROFILES)
                                ),
                            );
                        }
                    }
                    ROLE => {
                        if ROLES.contains(&value.value.as_str()) {
                            out.role = Some(value);
                        } else {
                            cx.error_at(
                                value.span,
                                format!(
                                    "unknown role `{}`; expected one of: {} (omit `role` for a public tool)",
                                    value.value,
                                    quoted(&ROLES)
                                ),
                            );
                        }
                    }
                    _ => out.title = Some(value),
                }
            }
            syn::Meta::List(l) => {
                cx.error_spanned(
                    l,
                    format!("`{key}(...)` is not part of the grammar; expected `key = \"value\"` or a bare flag"),
                );
            }
        }
    }
    out
}

fn flag_slot<'a>(out: &'a mut ToolAttr, key: &str) -> &'a mut Option<Span> {
    match key {
        MUTATES => &mut out.mutates,
        DESTRUCTIVE => &mut out.destructive,
        _ => {
            debug_assert_eq!(key, IDEMPOTENT);
            &mut out.idempotent
        }
    }
}

fn unknown_key(cx: &mut Ctxt, tokens: &syn::Path, key: &str) {
    cx.error_spanned(
        tokens,
        format!(
            "unknown key `{key}`; expected one of: {PROFILE}, {ROLE}, {MUTATES}, {DESTRUCTIVE}, {IDEMPOTENT}, {TITLE}"
        ),
    );
}

fn quoted(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join(", ")
}
