//! What this server's audit log keeps (`clinic-mcp/src/audit.rs`): for each call of a changing
//! tool the time, the tool, the caller's role, a fingerprint of its token, the ids acted on, the
//! API's request id and the outcome. Nothing else from the arguments: no reason, no key, no
//! free text, no name. A text that says a free text or a person's data is kept in the server's
//! log tells a person that what they wrote is on record, and the agent that it can be found there.

use crate::lang::data::data_kind;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::served::{ARGS, Form};

/// What a person writes or the server is given that is no id, besides the tools' arguments
/// ([`an_argument_that_is_no_id`]): the log keeps none of it.
const FREE: &[&str] = &[
    "text",
    "word",
    "message",
    "comment",
    "description",
    "complaint",
    "name",
    "argument",
    "detail",
    "answer",
    // (the parts of `idempotency_key` and `duration_days` that are a person's data on their own;
    // "idempotency" and "day" are not: "logged with its day and time")
    "key",
    "duration",
];

/// Whether `one` (a word, less a plural's "s") is the whole name of an argument of a tool that
/// is no id, a count of the paging or an instant of the search: what a person writes or gives
/// ("reason", "symptoms", "severity", `duration_days`).
fn an_argument_that_is_no_id(one: &str) -> bool {
    ARGS.iter().any(|a| {
        matches!(
            a.form,
            Form::Key | Form::Words | Form::Written | Form::Number
        ) && (a.name == one || a.name.strip_suffix('s') == Some(one))
    })
}

/// A free text or a person's data said to be kept in this server's log ("Reason for the
/// rejection, …, kept in the server's log"; "…, logged with the patient's name"). What is kept is
/// the clause's subject, or the value the text opens with when the keeping is a phrase of its
/// own, and whatever the log is said to keep it "with". A log of the clinic or of the API, and a
/// negated keeping ("not logged by this server"), are not read.
pub(super) fn free_text_logged(toks: &[Tok], out: &mut Vec<Violation>) {
    let free = |t: &Tok| {
        t.kind == Kind::Word && {
            let one = t.text.strip_suffix('s').unwrap_or(&t.text);
            FREE.contains(&one)
                || an_argument_that_is_no_id(one)
                || data_kind(&t.text, false).is_some()
        }
    };
    let first_phrase: Vec<&Tok> = toks
        .iter()
        .take_while(|t| !matches!(t.kind, Kind::Stop | Kind::Comma))
        .collect();
    for clause in toks.split(|t| t.kind == Kind::Stop) {
        // "logged", or a log the value is "in" ("kept in the server's log")
        let Some(l) = (0..clause.len()).find(|&k| {
            is_word(&clause[k], &["logged"])
                || is_word(&clause[k], &["log", "logs"])
                    && clause[..k]
                        .iter()
                        .rev()
                        .take(4)
                        .any(|x| is_word(x, &["in", "to", "into"]))
        }) else {
            continue;
        };
        // (a negation in the keeping's own phrase: "not logged", not "0 (none) to 10, kept …")
        let negated = clause[..l]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, &["not", "no", "never", "nothing", "none", "neither"]));
        let others = clause[l.saturating_sub(3)..l]
            .iter()
            .any(|x| is_word(x, &["clinic", "clinic's", "api", "api's"]));
        if negated || others {
            continue;
        }
        // the subject: the words before the keeping verb, or the text's opening value when the
        // keeping opens a phrase of its own ("…, kept in the server's log")
        let verb = clause[..=l]
            .iter()
            .position(|x| {
                is_word(
                    x,
                    &[
                        "kept", "stored", "written", "recorded", "saved", "logged", "is", "are",
                    ],
                )
            })
            .unwrap_or(l);
        let own: Vec<&Tok> = clause[..verb]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .collect();
        let subject: Vec<&Tok> = if own.is_empty() {
            first_phrase.clone()
        } else {
            clause[..verb].iter().collect()
        };
        let with: Vec<&Tok> = clause[l..]
            .iter()
            .skip_while(|x| !is_word(x, &["with"]))
            .collect();
        if let Some(t) = subject.iter().chain(with.iter()).find(|t| free(t)) {
            push(
                out,
                Rule::Directive,
                t,
                "a free text or a person's data said to be kept in the server's log: the log keeps the ids acted on, the tool, the role and the outcome, no reason, key, name or free text".to_owned(),
            );
            return;
        }
    }
}
