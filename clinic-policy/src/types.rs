//! The policy's vocabulary: rules, fields and violations. The bottom of the crate: every other
//! module may use it, and it uses only the skeleton's character classes.

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
                "text is longer than its field allows (tool description 400, parameter description 250, title 64, other strings 200 characters)"
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
                "text is not in a sentence shape of the controlled language (a tool description opens with the tool's own action; each text is whole)"
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
                "open a tool description with the verb of the tool's name (\"Find ...\" for find_available_slots), and make each text whole; see docs/POLICY.md, \"How to say it\""
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
            Field::ToolDescription => Some(400),
            Field::ParamDescription => Some(250),
            Field::Other => Some(200),
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

/// The detail of a tag that only lays out or links visible text (`crate::phrases`): hygiene.
pub(crate) const FORMATTING_TAG: &str = "formatting tag";
/// The detail of markup written inside a Markdown code span: shown as text, it hides nothing.
pub(crate) const QUOTED_MARKUP: &str = "markup quoted in code";

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
            Rule::HiddenPayload if self.detail.starts_with(PLAIN_URL) => false,
            // White space before or after all the text hides nothing (a run inside it can push
            // what follows out of view, and stays injection class): hygiene.
            Rule::HiddenPayload
                if self.detail.starts_with("leading white space")
                    || self.detail.starts_with("trailing white space") =>
            {
                false
            }
            // A tag that lays out or links visible text carries nothing by itself.
            Rule::Directive if self.detail.starts_with(FORMATTING_TAG) => false,
            // Markup inside a code span (`<script>`, `<!-- -->`) is rendered as the text it is.
            Rule::Directive if self.detail.starts_with(QUOTED_MARKUP) => false,
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

/// Detail prefix of a URL that is only a link (no script, data, credentials or destination):
/// written by the `hidden_payload` rule, read by [`Violation::is_injection`].
pub(crate) const PLAIN_URL: &str = "plain URL";

/// Is `c` a character that hides or reorders text rather than merely being non-ASCII?
///
/// Control characters (other than TAB, LF, CR), invisible and format characters (zero-width, soft hyphen,
/// word joiner, fillers), bidi controls, line/paragraph separators, tag characters, variation selectors and
/// private-use code points. A single VARIATION SELECTOR-15/16 (text / emoji presentation, as in `⚠️`) is
/// hygiene; a run of them is smuggling (see `Violation::is_injection`). Typographic punctuation (U+2019, U+2014, ...), non-Latin scripts and the
/// ordinary white space of text (TAB, LF, CR, NBSP) are hygiene, not smuggling.
pub fn is_smuggling_char(c: char) -> bool {
    let u = c as u32;
    (u < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
        || (0x7F..=0x9F).contains(&u)
        || u == 0x2028
        || u == 0x2029
        || (0xFFF9..=0xFFFB).contains(&u)
        || (0xE000..=0xF8FF).contains(&u)
        || u >= 0xF0000
        || (crate::skeleton::is_invisible(c) && !matches!(c, '\u{FE0E}' | '\u{FE0F}'))
}
