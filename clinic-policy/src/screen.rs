//! The orchestration: which rules run over one text, in which order, and how their hits are
//! merged. The top of the rule modules: it imports them all and none imports it (the catalogue
//! walk sits above it).

use crate::names::ToolNames;
use crate::types::{Field, Rule, Violation};
use crate::{charset, controlled, grammar, meaning, payload, phrases, rules, skeleton};

/// Screen one text. `own_name` is the tool the text belongs to; `other_tools` the names of every other tool known.
///
/// Runs the rules that apply to `field` ([`Field::applies`]) and returns the hits sorted by range start, then rule.
/// Every range lies inside `text` on char boundaries. Never panics in a release build; a debug
/// build panics on a rule that reports a range that does not (see `screen`).
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
    let names = ToolNames::new(other_tools);
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
        refusals: &[],
        lost: &[],
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

/// Every rule of anyone's catalogue over one text, merged: hits sorted by range start, rule and
/// range end, one per rule and range, and none inside a range its rule already reported.
pub(crate) fn screen(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &ToolNames,
    schema_url: bool,
) -> Vec<Violation> {
    let mut out = rule_hits(field, text, own_name, other_tools, schema_url);
    // a sibling of the same server named as the next step is the server's own workflow
    out.retain(|v| !names_a_sibling(text, v, other_tools));
    // A rule's range is inside the text on char boundaries: a debug build stops at one that is
    // not (the rule is wrong); a release build drops the hit rather than hand out a bad range.
    out.retain(|v| {
        let valid = range_is_valid(text, &v.range);
        debug_assert!(valid, "a rule reported a bad range: {v:?} in {text:?}");
        valid
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

/// Is `v` a tool named as another's next step ([`crate::context`]) whose tool is a sibling in
/// `names`? Its range ends at the tool's name.
fn names_a_sibling(text: &str, v: &Violation, names: &ToolNames) -> bool {
    let about_another = v.detail.starts_with(crate::context::CARRIED)
        || v.detail.starts_with(crate::context::CHAINED);
    let name = text.get(v.range.clone()).and_then(|s| {
        s.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
    });
    about_another && name.is_some_and(|n| names.contains(n))
}

/// Is `range` inside `text`, on char boundaries?
pub(crate) fn range_is_valid(text: &str, range: &std::ops::Range<usize>) -> bool {
    range.start <= range.end
        && range.end <= text.len()
        && text.is_char_boundary(range.start)
        && text.is_char_boundary(range.end)
}

/// The hits of every rule of [`screen`] as the rules report them: unsorted, unmerged, and with
/// their ranges unchecked (the tests check them here, where a bad one is not yet filtered out).
pub(crate) fn rule_hits(
    field: Field,
    text: &str,
    own_name: &str,
    other_tools: &ToolNames,
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
    out
}
