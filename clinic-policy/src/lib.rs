//! The tool-description policy: pure, dependency-free rules that screen MCP tool names, titles, descriptions
//! and every other string of a tool definition for prompt injection ("tool poisoning") and for hygiene.
//!
//! Shared by the `#[clinic_tool]` proc-macro (compile-time screening of text) and the server (whole
//! catalogue screening, feature `json`).
//!
//! Rules (stable ids): `charset`, `length`, `directive`, `exfiltration`, `hidden_payload`, `cross_tool`, `name`.
//! Which rules apply depends on the [`Field`]; see [`Field::applies`].
//!
//! Names (`Field::ToolName`, `Field::ParamName`) get the `name` rule (shape `^[a-z][a-z0-9_]{0,63}$`) and the
//! content rules, read with `_` as a space. Content hits in a name are reported under the content rule's own
//! id (`directive`, `exfiltration`, ...), not under `name`, so that injection-class counts stay meaningful.
//! In a *parameter* name a credential or capture noun alone is already an `exfiltration` hit
//! (`ssh_private_key`, `api_key_value`, `password`, `system_prompt`) unless the name is about the credential's
//! metadata (`credential_id`, `secret_type`, `password_policy`); `idempotency_key` is no credential.
//!
//! Precision (tuned on real catalogues, see `tests/corpus.rs`):
//! - phrases are matched on a normalised skeleton ([`normalize`]) that undoes case games, separators between
//!   letters, invisible characters inside words and digit-for-letter spelling, and never across a sentence;
//! - "when the user asks ..." is tool-selection guidance unless its sentence also orders secrecy, copying,
//!   redirection or precedence; credential phrases that are negated ("do not include credentials") or passive
//!   ("settings are read from the .env file") are descriptions, not requests;
//! - markup: role tags (`<IMPORTANT>`, `<system>`, ...), chat-template tokens, comments, hidden-content HTML
//!   and tags with attributes are directives; placeholders (`<owner>/<repo>`) and section tags without a role
//!   name (`<examples>`) are not;
//! - URLs are payloads when they run script or carry data: `javascript:`, `data:`, `file:`/`ftp:`-like schemes,
//!   credentials or a raw IP in the authority, a `{template}` in the query, a markdown image, a send-verb
//!   before it, or over 200 characters. Plain documentation and example links are not;
//! - padding is white space that can push text out of view: 32+ spaces in a row (mid-line or indentation),
//!   4+ line breaks in a row, 12+ characters (or 3+ line breaks) of leading/trailing white space; column
//!   alignment and docstring indentation are not;
//! - encoded blobs: base64 that decodes to text (12+ bytes, all printable), random-looking base64 runs of 32+
//!   characters, hex that decodes to text, hex runs of 128+ digits.
//!
//! Layers, bottom up; a module imports only from layers below its own:
//! 1. `skeleton`, `wordhash`, `scan`: text primitives;
//! 2. `types`: [`Rule`], [`Field`], [`Violation`];
//! 3. `charset`, `names`, `pattern`, `lexicon`: characters, tool names, word patterns, concept classes;
//! 4. `rules`, `payload`, `phrases`: the rules read on the raw text and the skeleton;
//! 5. `controlled`, `grammar`, `literal`: the controlled language (these use each other);
//! 6. `meaning`: the attack families read by meaning;
//! 7. `screen`: which rules run over one text, and the public per-text checks;
//! 8. `catalogue`: a whole `tools/list` (feature `json`).
//!
//! This file only declares the modules and re-exports the public API.
#![forbid(unsafe_code)]

pub use charset::char_name;
pub use controlled::{Effect, check_effects, effect_of};
/// What each of the server's tools answers: the fields of its output schemas.
pub use facts::answers;
pub use names::mentions_tool;
pub use screen::{check_strict, check_strict_output, check_text, join_doc_lines};
pub use skeleton::normalize;
pub use types::{Field, Rule, Violation, is_smuggling_char};
pub use vocabulary::{VOCABULARY, is_approved};

mod scan;
mod skeleton;
mod wordhash;
// the approved word list: read by the rules, the grammar and the readings
mod vocabulary;

mod types;

mod charset;
mod lexicon;
mod names;
mod pattern;

mod payload;
mod phrases;
mod rules;

mod controlled;
mod grammar;
mod lang;
mod literal;
// what the clinic API does, against which a text is read
mod codes;
mod facts;
/// The server's own served values the screen reads a text against.
pub mod served;
// how a value is read: the two sides of an example, a date's form, a clock, a scale
mod scales;

mod acts;
mod context;
mod meaning;
mod reading;

mod screen;

#[cfg(feature = "json")]
mod catalogue;
#[cfg(feature = "json")]
pub use catalogue::{
    Finding, Mode, check_catalogue, check_catalogue_mode, check_catalogue_with, tools_from_json,
};

#[cfg(test)]
mod tests;
