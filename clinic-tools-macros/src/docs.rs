//! Doc comments: join the `///` lines into one text, keep each line's span so a policy violation
//! points at the line it came from, and refuse doc attributes that are not plain string literals.

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::spanned::Spanned;

/// One `///` line that contributed to the joined text.
struct Piece {
    /// Byte range of this line inside the joined text.
    start: usize,
    end: usize,
    span: Span,
}

/// The joined description and where each of its lines came from.
pub struct Doc {
    pub text: String,
    pieces: Vec<Piece>,
    /// Span of the whole set of doc attributes (or of the item when there are none).
    pub span: Span,
    /// A doc attribute was refused (not a plain literal): already reported, so an empty text is
    /// not reported again as a missing description.
    pub rejected: bool,
}

impl Doc {
    /// The span of the `///` line holding byte `offset` of the joined text.
    pub fn span_of(&self, offset: usize) -> Span {
        self.pieces
            .iter()
            .find(|p| offset >= p.start && offset < p.end.max(p.start + 1))
            .or_else(|| self.pieces.last())
            .map_or(self.span, |p| p.span)
    }
}

/// Collect the doc comment of an item, joined by the one rule schemars also applies
/// ([`clinic_policy::join_doc_lines`]): one leading space of each line dropped, lines joined with
/// `\n`, the whole trimmed. So the text screened here is byte for byte the text served. A
/// `#[doc = ...]` whose value is not a string literal (`include_str!`, `concat!`, a macro) is an
/// error: it would be a way around the gate. So is a first line starting with `#`: schemars would
/// make it a `title` the screen never judged as one.
pub fn collect(cx: &mut Ctxt, attrs: &[syn::Attribute], item_span: Span) -> Doc {
    let mut lines: Vec<(String, Span)> = Vec::new();
    let mut first_span: Option<Span> = None;
    let mut rejected = false;
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            rejected = true;
            cx.error_spanned(
                attr,
                "doc attribute must be a plain `///` comment; a tool's description is screened at compile time and must be written out",
            );
            continue;
        };
        let lit = match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            other => {
                rejected = true;
                cx.error_spanned(
                    other,
                    "doc attribute is not a plain string literal (`include_str!`, `concat!` and macros bypass the description policy); write the description as `///` lines",
                );
                continue;
            }
        };
        first_span.get_or_insert(attr.span());
        lines.push((lit, attr.span()));
    }
    let text =
        clinic_policy::join_doc_lines(&lines.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>());
    // where each line landed in the joined text
    let mut pieces = Vec::new();
    let mut from = 0;
    for (line, span) in &lines {
        let l = line.strip_prefix(' ').unwrap_or(line).trim();
        if l.is_empty() {
            continue;
        }
        if let Some(k) = text[from..].find(l) {
            pieces.push(Piece {
                start: from + k,
                end: from + k + l.len(),
                span: *span,
            });
            from += k + l.len();
        }
    }
    if text.starts_with('#') {
        rejected = true;
        cx.error_at(
            pieces.first().map_or(item_span, |p| p.span),
            "a doc comment may not start with a `#` heading: schemars turns it into a schema `title`; write the description as plain sentences",
        );
    }
    Doc {
        text,
        pieces,
        span: first_span.unwrap_or(item_span),
        rejected,
    }
}

/// Report every policy violation of `text` as an error on the line it came from.
pub fn report(cx: &mut Ctxt, doc: &Doc, what: &str, violations: &[clinic_policy::Violation]) {
    for v in violations {
        cx.error_at(doc.span_of(v.range.start), format_violation(what, v));
    }
}

pub fn format_violation(what: &str, v: &clinic_policy::Violation) -> String {
    format!(
        "{what} violates policy rule `{}`: {} -- found {}\n  = help: {}",
        v.rule.id(),
        v.rule.message(),
        v.detail,
        v.rule.fix()
    )
}
