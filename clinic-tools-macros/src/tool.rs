//! `#[clinic_tool]`: parse the function and its attribute, validate, expand.

use crate::attr::{self, ToolAttr};
use crate::ctxt::Ctxt;
use crate::docs;
use crate::expand::{self, ToolItem};
use clinic_policy::{Field, check_effects, check_strict};
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

pub fn expand(args: TokenStream, input: &TokenStream) -> TokenStream {
    let func: syn::ItemFn = match syn::parse2(input.clone()) {
        Ok(f) => f,
        Err(e) => {
            let err = syn::Error::new(
                e.span(),
                "#[clinic_tool] goes on an `async fn name(ctx: &ToolContext, args: Args) -> Result<Output, ToolError>`",
            )
            .to_compile_error();
            return quote! { #err #input };
        }
    };
    let mut cx = Ctxt::default();
    let attr = attr::parse(&mut cx, args);
    check_attr(&mut cx, &attr);

    let name = func.sig.ident.to_string();
    let mutates = attr.mutates.is_some();
    for v in check_strict(Field::ToolName, &name, &name, &[], mutates) {
        cx.error_spanned(&func.sig.ident, docs::format_violation("tool name", &v));
    }
    if let Some(title) = &attr.title {
        for v in check_strict(Field::Title, &title.value, &name, &[], mutates) {
            cx.error_at(title.span, docs::format_violation("tool title", &v));
        }
    }

    let doc = docs::collect(&mut cx, &func.attrs, func.sig.ident.span());
    if doc.text.is_empty() && !doc.rejected {
        cx.error_spanned(
            &func.sig.ident,
            "a tool needs a description: write one or two `///` sentences saying what it does and what it returns",
        );
    } else {
        let found = check_strict(Field::ToolDescription, &doc.text, &name, &[], mutates);
        docs::report(&mut cx, &doc, "tool description", &found);
        // what the name and description say the tool does must match its flags, so the hints
        // derived from the flags cannot lie
        for v in check_effects(&name, &doc.text, mutates, attr.destructive.is_some()) {
            cx.error_spanned(&func.sig.ident, docs::format_violation("tool", &v));
        }
    }

    let sig = check_signature(&mut cx, &func);
    match (cx.is_empty(), sig) {
        (true, Some((args_ty, output_ty))) => expand::tool(&ToolItem {
            func: &func,
            attr,
            description: doc.text,
            args_ty,
            output_ty,
        }),
        _ => {
            // One mistake, one message: still emit the function as written.
            let errors = cx.into_compile_errors();
            quote! { #errors #func }
        }
    }
}

fn check_attr(cx: &mut Ctxt, attr: &ToolAttr) {
    if !attr.profile_given {
        cx.error_at(
            proc_macro2::Span::call_site(),
            "missing `profile`: add `profile = \"readonly\"`, `\"booking\"` or `\"full\"`",
        );
    }
    if let (Some(d), None) = (attr.destructive, attr.mutates) {
        cx.error_at(
            d,
            "`destructive` requires `mutates`: a tool that changes nothing cannot destroy anything",
        );
    }
}

/// `async fn name(ctx: &ToolContext, args: Args) -> Result<Output, ToolError>`.
fn check_signature<'a>(
    cx: &mut Ctxt,
    func: &'a syn::ItemFn,
) -> Option<(&'a syn::Type, &'a syn::Type)> {
    let sig = &func.sig;
    if sig.asyncness.is_none() {
        cx.error_spanned(
            sig.fn_token,
            "a tool handler must be an `async fn`: it calls the clinic API",
        );
    }
    if !sig.generics.params.is_empty() {
        cx.error_spanned(&sig.generics, "a tool handler cannot be generic");
    }
    let inputs: Vec<_> = sig.inputs.iter().collect();
    let args_ty = match inputs.as_slice() {
        [syn::FnArg::Typed(_ctx), syn::FnArg::Typed(args)] => Some(&*args.ty),
        _ => {
            cx.error_spanned(
                &sig.inputs,
                "a tool handler takes exactly two parameters: `ctx: &ToolContext, args: Args`",
            );
            None
        }
    };
    let output_ty = match &sig.output {
        syn::ReturnType::Type(_, ty) => result_ok_type(ty),
        syn::ReturnType::Default => None,
    };
    if output_ty.is_none() {
        cx.error_at(
            sig.output.span(),
            "a tool handler returns `Result<Output, ToolError>` where `Output` serialises to a JSON object",
        );
    }
    Some((args_ty?, output_ty?))
}

fn result_ok_type(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != "Result" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
        return None;
    };
    match a.args.first()? {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}
