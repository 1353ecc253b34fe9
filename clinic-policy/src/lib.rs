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
#![forbid(unsafe_code)]

use std::fmt;
use std::ops::Range;

/// A rule of the policy. Ids, messages and fix hints are data, so every front end prints the same words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    Charset,
    Length,
    Directive,
    Exfiltration,
    HiddenPayload,
    CrossTool,
    Name,
    Concealment,
    DataFlow,
    Effects,
    Vocabulary,
    Subject,
    Obligation,
    Grammar,
}

impl Rule {
    pub const ALL: [Rule; 14] = [
        Rule::Charset,
        Rule::Length,
        Rule::Directive,
        Rule::Exfiltration,
        Rule::HiddenPayload,
        Rule::CrossTool,
        Rule::Name,
        Rule::Concealment,
        Rule::DataFlow,
        Rule::Effects,
        Rule::Vocabulary,
        Rule::Subject,
        Rule::Obligation,
        Rule::Grammar,
    ];
    /// Stable id, e.g. "charset", "cross_tool".
    pub const fn id(self) -> &'static str {
        match self {
            Rule::Charset => "charset",
            Rule::Length => "length",
            Rule::Directive => "directive",
            Rule::Exfiltration => "exfiltration",
            Rule::HiddenPayload => "hidden_payload",
            Rule::CrossTool => "cross_tool",
            Rule::Name => "name",
            Rule::Concealment => "concealment",
            Rule::DataFlow => "data_flow",
            Rule::Effects => "effects",
            Rule::Vocabulary => "vocabulary",
            Rule::Subject => "subject",
            Rule::Obligation => "obligation",
            Rule::Grammar => "grammar",
        }
    }
    /// What the rule requires.
    pub const fn message(self) -> &'static str {
        match self {
            Rule::Charset => {
                "text must be printable ASCII (0x20-0x7E) only; invisible, control, bidi and tag characters can hide instructions"
            }
            Rule::Length => {
                "text is longer than its field allows (tool description 300, parameter description 200, title 64, other strings 200 characters)"
            }
            Rule::Directive => {
                "text addresses the model instead of describing the tool (override, precedence, trigger, concealment, role or template markup)"
            }
            Rule::Exfiltration => {
                "text asks for credentials, local files or the conversation, or for data to be smuggled into an argument"
            }
            Rule::HiddenPayload => {
                "text carries content a reviewer does not read as prose (data-carrying or script URLs, encoded blobs, white-space padding)"
            }
            Rule::CrossTool => "a tool description names or directs the model to another tool",
            Rule::Name => "a tool or parameter name must match ^[a-z][a-z0-9_]{0,63}$",
            Rule::Concealment => {
                "text is about hiding, withholding or not telling something to the user, the patient or a human"
            }
            Rule::DataFlow => {
                "text names a transfer of data (to a third party, or any transfer in a tool or field that only reads)"
            }
            Rule::Effects => {
                "what the name or description says the tool changes disagrees with its declared effects (mutates, destructive, readOnlyHint, destructiveHint)"
            }
            Rule::Vocabulary => {
                "a word is outside the controlled language's approved vocabulary (clinic-policy/src/vocabulary.txt)"
            }
            Rule::Subject => {
                "text addresses or mentions its reader (second person, an assistant, model or agent, the conversation, prompt, instructions, history or memory) instead of the tool"
            }
            Rule::Obligation => {
                "a duty (must, should, always, never, required, rule, policy...) is put on a person or a program; only an argument or a value may be the subject of one"
            }
            Rule::Grammar => {
                "text is not in a sentence shape of the controlled language (a tool description opens with the tool's own action)"
            }
        }
    }
    /// What to do about it.
    pub const fn fix(self) -> &'static str {
        match self {
            Rule::Charset => {
                "use plain ASCII: straight quotes, '-' for dashes, '...' for ellipses, spaces and line breaks only; remove invisible characters"
            }
            Rule::Length => {
                "shorten the text to say what the tool does and returns; move background material to documentation"
            }
            Rule::Directive => {
                "describe what the tool does and returns in plain ASCII prose; do not address the model, give it orders or use markup"
            }
            Rule::Exfiltration => {
                "ask only for the domain values the tool needs; never for credentials, files, prompts or conversation content"
            }
            Rule::HiddenPayload => {
                "remove the URL, encoded data or padding; state plainly whatever the text needs to say"
            }
            Rule::CrossTool => {
                "describe this tool only; say where a value comes from in the parameter's description instead"
            }
            Rule::Name => {
                "use a lower-case snake_case name of at most 64 characters that names a domain concept, not a credential or an instruction"
            }
            Rule::Concealment => {
                "say what the tool does and who sees the result (\"shown to the patient\"); never ask for anything to be kept from a person"
            }
            Rule::DataFlow => {
                "name only the change the tool makes at the clinic API; a tool that reads names no transfer, and no destination but the clinic"
            }
            Rule::Effects => {
                "declare `mutates` for a tool that changes anything and `destructive` for one that cancels, rejects, deletes or removes; or reword the name and description"
            }
            Rule::Vocabulary => {
                "use an approved word (see the list), write numbers as digits and names of this catalogue as snake_case; or add the word to clinic-policy/src/vocabulary.txt in a reviewed one-line change"
            }
            Rule::Subject => {
                "describe the tool and its arguments in the third person; do not address the reader or mention an assistant, the conversation or instructions"
            }
            Rule::Obligation => {
                "state a bound as a property of the value (\"must be between 1 and 100\", \"either this or doctor_id, not both\"), never as a duty of a person or a program"
            }
            Rule::Grammar => {
                "open the description with the verb of the tool's name (\"Find ...\" for find_available_slots); see docs/POLICY.md, \"How to say it\""
            }
        }
    }
    /// Does a hit of this rule indicate an injection attempt (as opposed to hygiene)? `charset` depends on
    /// the character; see [`Violation::is_injection`].
    pub const fn is_injection_class(self) -> bool {
        matches!(
            self,
            Rule::Directive
                | Rule::Exfiltration
                | Rule::HiddenPayload
                | Rule::Concealment
                | Rule::DataFlow
                | Rule::Effects
        )
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Which field a text comes from: decides which rules apply and with which bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    ToolDescription,
    ParamDescription,
    ToolName,
    ParamName,
    Title,
    /// Any other string or key of a tool's JSON (enum values, defaults, examples, `$comment`, keys).
    Other,
}

impl Field {
    /// Maximum length in characters checked by the `length` rule (`None` for names: the `name` rule bounds them).
    pub const fn max_len(self) -> Option<usize> {
        match self {
            Field::ToolDescription => Some(300),
            Field::ParamDescription | Field::Other => Some(200),
            Field::Title => Some(64),
            Field::ToolName | Field::ParamName => None,
        }
    }
    /// Does `rule` apply to this field?
    pub const fn applies(self, rule: Rule) -> bool {
        match rule {
            Rule::Charset
            | Rule::Directive
            | Rule::Exfiltration
            | Rule::HiddenPayload
            | Rule::Concealment
            | Rule::DataFlow => true,
            // the controlled language's own rules run only in strict mode; effects on whole tools
            Rule::Vocabulary | Rule::Subject | Rule::Obligation | Rule::Effects | Rule::Grammar => {
                true
            }
            Rule::Length => self.max_len().is_some(),
            Rule::CrossTool => matches!(self, Field::ToolDescription),
            Rule::Name => matches!(self, Field::ToolName | Field::ParamName),
        }
    }
    pub const fn is_name(self) -> bool {
        matches!(self, Field::ToolName | Field::ParamName)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: Rule,
    /// Byte range inside the checked text (always `start <= end <= text.len()`, on char boundaries).
    pub range: Range<usize>,
    /// What exactly was found, e.g. "U+200B ZERO WIDTH SPACE" or "phrase \"ignore previous\"".
    pub detail: String,
}

impl Violation {
    /// Injection class (smuggling, directives, exfiltration, hidden payloads) rather than hygiene (length,
    /// naming, typographic punctuation, other tools named). A `charset` hit is injection class when its
    /// character hides or reorders text ([`is_smuggling_char`]), e.g. zero-width, bidi, tag or control
    /// characters, but not for U+2019 or a line feed.
    pub fn is_injection(&self) -> bool {
        match self.rule {
            Rule::Charset => {
                if self.detail.starts_with("hidden tag text") {
                    return true;
                }
                // one emoji presentation selector is layout; a run of them can encode data
                if self.detail.starts_with("U+FE0E") || self.detail.starts_with("U+FE0F") {
                    return self.detail.contains(" x");
                }
                self.detail
                    .strip_prefix("U+")
                    .and_then(|r| r.split(' ').next())
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32)
                    .is_some_and(is_smuggling_char)
            }
            // A plain link breaks the rule but carries nothing by itself.
            Rule::HiddenPayload if self.detail.starts_with(payload::PLAIN_URL) => false,
            // White space before or after all the text hides nothing (a run inside it can push
            // what follows out of view, and stays injection class): hygiene.
            Rule::HiddenPayload
                if self.detail.starts_with("leading white space")
                    || self.detail.starts_with("trailing white space") =>
            {
                false
            }
            // A parameter named for a credential (`api_key`) takes the user's own key; key
            // material, contents and the conversation stay injection class.
            Rule::Exfiltration if self.detail.starts_with("credential name phrase") => false,
            r => r.is_injection_class(),
        }
    }
}

impl Violation {
    /// `"injection"` or `"hygiene"`: the class `check` reports (see [`Violation::is_injection`]).
    pub fn class(&self) -> &'static str {
        if self.is_injection() {
            "injection"
        } else {
            "hygiene"
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {}: {} (fix: {})",
            self.rule.id(),
            self.rule.message(),
            self.detail,
            self.rule.fix()
        )
    }
}

/// Screen one text. `own_name` is the tool the text belongs to; `other_tools` the names of every other tool known.
///
/// Runs the rules that apply to `field` ([`Field::applies`]) and returns the hits sorted by range start, then rule.
/// Never panics; every range lies inside `text` on char boundaries.
pub fn check_text(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &[&str],
) -> Vec<Violation> {
    screen_and_steer(field, text, own_name, other_tools)
}

/// Every rule of anyone's catalogue over one text: [`screen`] and the steering check.
fn screen_and_steer(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &[&str],
) -> Vec<Violation> {
    let names = names::ToolNames::new(other_tools);
    let mut out = screen(field, text, own_name, &names, false);
    steer(
        field,
        text,
        own_name,
        &|name| names.contains(name),
        !other_tools.is_empty(),
        &mut out,
    );
    out
}

/// Steering to a tool `known` does not accept (see `meaning::steering`), in prose fields.
pub(crate) fn steer(
    field: Field,
    text: &str,
    own: &str,
    known: &dyn Fn(&str) -> bool,
    siblings: bool,
    out: &mut Vec<Violation>,
) {
    if matches!(
        field,
        Field::ToolDescription | Field::ParamDescription | Field::Title
    ) {
        let before = out.len();
        meaning::steering(text, own, known, siblings, out);
        if out.len() > before {
            out.sort_by(|a, b| {
                (a.range.start, a.rule, a.range.end).cmp(&(b.range.start, b.rule, b.range.end))
            });
        }
    }
}

/// Screen one text of *our own* catalogue: every rule of [`check_text`] plus the controlled language
/// (`vocabulary`, `subject`, `obligation`, `concealment`, `data_flow`, `grammar`). `own_name` is the
/// tool the text belongs to (`""` when unknown, as in the derives: the grammar then allows no
/// verb of effect); `mutates`: that tool changes something at the clinic API. A
/// [`Field::ParamDescription`] is read as a parameter's (what the tool takes); see
/// [`check_strict_output`] for an output field's.
pub fn check_strict(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &[&str],
    mutates: bool,
) -> Vec<Violation> {
    strict_in(field, text, own_name, other_tools, mutates, true)
}

/// [`check_strict`] for the description of an output field or type (what the tool returns): the
/// parameter's data table does not apply, every other rule does.
pub fn check_strict_output(
    field: Field,
    text: &str,
    own_name: &str,
    mutates: bool,
) -> Vec<Violation> {
    strict_in(field, text, own_name, &[], mutates, false)
}

fn strict_in(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &[&str],
    mutates: bool,
    input: bool,
) -> Vec<Violation> {
    let mut out = screen_and_steer(field, text, own_name, other_tools);
    let mut strict = Vec::new();
    let tool = grammar::Tool {
        name: own_name,
        mutates,
        input,
    };
    controlled::check(field, text, tool, &mut strict);
    out.extend(strict);
    out.sort_by(|a, b| {
        (a.range.start, a.rule, a.range.end).cmp(&(b.range.start, b.rule, b.range.end))
    });
    out.dedup_by(|b, a| a.rule == b.rule && a.range == b.range);
    out
}

/// The one rule that joins `///` lines into a description, used by the macros for what they screen
/// and matching what schemars writes into a schema: one leading space of each line dropped, lines
/// joined with `\n`, the whole trimmed. (schemars turns a first line starting with `#` into a
/// `title`; the macros refuse such a line.)
pub fn join_doc_lines<S: AsRef<str>>(lines: &[S]) -> String {
    let joined: Vec<&str> = lines
        .iter()
        .map(|l| {
            let l = l.as_ref();
            l.strip_prefix(' ').unwrap_or(l)
        })
        .collect();
    joined.join("\n").trim().to_owned()
}

pub(crate) fn screen(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &names::ToolNames,
    schema_url: bool,
) -> Vec<Violation> {
    let mut out = Vec::new();
    out.extend(charset::check(text));
    // a line break in a description is how a multi-line `///` is joined (schemars and the macros
    // alike): layout, not hiding; names, titles and other strings stay on one line
    if matches!(field, Field::ToolDescription | Field::ParamDescription) {
        out.retain(|v| !(v.rule == Rule::Charset && v.detail.starts_with("U+000A")));
    }
    if let Some(max) = field.max_len() {
        rules::length(text, max, &mut out);
    }
    // computed once per text and shared by every rule that reads them
    let words = skeleton::words(text);
    let low = text.to_ascii_lowercase();
    phrases::directive(text, &low, &words, &mut out);
    phrases::exfiltration(text, &low, &words, &mut out);
    let prose = !matches!(field, Field::Other);
    payload::check(text, &low, &words, prose, schema_url, &mut out);
    meaning::check(text, field, &words, &mut out);
    if field.is_name() {
        rules::name(text, &mut out);
        if field == Field::ParamName {
            phrases::name_content(&words, &mut out);
        }
    }
    if field == Field::ToolDescription {
        rules::cross_tool(text, own_name, other_tools, &mut out);
        phrases::call_other_tool(&words, &mut out);
    }
    out.retain(|v| {
        v.range.start <= v.range.end
            && v.range.end <= text.len()
            && text.is_char_boundary(v.range.start)
            && text.is_char_boundary(v.range.end)
    });
    out.sort_by(|a, b| {
        (a.range.start, a.rule, a.range.end).cmp(&(b.range.start, b.rule, b.range.end))
    });
    out.dedup_by(|b, a| a.rule == b.rule && a.range == b.range);
    // a name-only credential hit inside a range already reported for the same rule adds nothing
    let mut kept: Vec<Violation> = Vec::with_capacity(out.len());
    for v in out {
        let covered = kept.iter().any(|k| {
            k.rule == v.rule
                && k.rule != Rule::Charset
                && k.range.start <= v.range.start
                && v.range.end <= k.range.end
        });
        if !covered {
            kept.push(v);
        }
    }
    kept
}

/// Const check used by the explicit catalogue: does `text` name `tool` as a whole word (ASCII case-insensitive)?
///
/// A separator (`_`, `-`, space) in `tool` matches any one of `_`, `-`, space in `text`, so `book-appointment`
/// and `book appointment` both name `book_appointment`. Whole word: the neighbours of the match are not
/// `[A-Za-z0-9_]`. An empty `tool` is never mentioned.
pub const fn mentions_tool(text: &str, tool: &str) -> bool {
    find_tool(text.as_bytes(), tool.as_bytes(), 0).is_some()
}

pub(crate) const fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

const fn is_sep(b: u8) -> bool {
    b == b'_' || b == b'-' || b == b' '
}

/// Byte offset of the first whole-word mention of `tool` in `text` at or after `from`.
pub(crate) const fn find_tool(text: &[u8], tool: &[u8], from: usize) -> Option<usize> {
    let n = text.len();
    let m = tool.len();
    if m == 0 || m > n {
        return None;
    }
    let mut i = from;
    while i + m <= n {
        if tool_at(text, tool, i) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Is there a whole-word mention of `tool` (non-empty) in `text` at byte `i` (`i + tool.len() <= text.len()`)?
pub(crate) const fn tool_at(text: &[u8], tool: &[u8], i: usize) -> bool {
    let n = text.len();
    let m = tool.len();
    if i > 0 && is_word(text[i - 1]) {
        return false;
    }
    let mut k = 0;
    while k < m {
        let a = text[i + k];
        let b = tool[k];
        let same = a.eq_ignore_ascii_case(&b) || (is_sep(a) && is_sep(b));
        if !same {
            return false;
        }
        k += 1;
    }
    i + m == n || !is_word(text[i + m])
}

pub use charset::{char_name, is_smuggling_char};
pub use controlled::{Effect, VOCABULARY, check_effects, effect_of, is_approved};
pub use skeleton::normalize;

mod charset;
mod controlled;
mod grammar;
mod lexicon;
pub(crate) mod meaning;
mod names;
mod pattern;
mod payload;
mod phrases;
mod rules;
mod scan;
mod skeleton;
mod wordhash;

#[cfg(feature = "json")]
mod catalogue;
#[cfg(feature = "json")]
pub use catalogue::{
    Finding, Mode, check_catalogue, check_catalogue_mode, check_catalogue_with, tools_from_json,
};

#[cfg(test)]
mod tests;
