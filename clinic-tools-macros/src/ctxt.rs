//! Error accumulation: every error of an item is reported in one build.

use proc_macro2::TokenStream;
use std::fmt::Display;

#[derive(Default)]
pub struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    pub fn error_spanned<T: quote::ToTokens, M: Display>(&mut self, tokens: T, msg: M) {
        self.errors.push(syn::Error::new_spanned(tokens, msg));
    }

    pub fn error_at<M: Display>(&mut self, span: proc_macro2::Span, msg: M) {
        self.errors.push(syn::Error::new(span, msg));
    }

    pub fn push(&mut self, err: syn::Error) {
        self.errors.push(err);
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// All errors as `compile_error!` invocations.
    pub fn into_compile_errors(self) -> TokenStream {
        self.errors
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }
}
