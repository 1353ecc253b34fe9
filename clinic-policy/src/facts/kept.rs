//! What this server's audit log keeps (`clinic-mcp/src/audit.rs`): for each call of a changing
//! tool the time, the tool, the caller's role, a fingerprint of its token, the ids acted on, the
//! API's request id and the outcome. Nothing else from the arguments: no reason, no key, no
//! free text, no name. A text that says a free text or a person's data is kept in the server's
//! log tells a person that what they wrote is on record, and the agent that it can be found there.

use crate::lang::data::data_kind;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

use crate::served::{ARGS, Form};

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
            .any(|x| is_word(x, &["clinic", "api"]));
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

/// The places of this server that could hold a value: its log, its audit trail, a cache, its
/// records or its memory.
const STORES: &[&str] = &[
    "log", "logs", "audit", "trail", "cache", "caches", "cached", "records", "record", "history",
    "memory", "database", "storage",
];

/// Verbs of a value kept or held by someone ("kept by the server", "remembered by this server").
const KEEPING: &[&str] = &[
    "kept",
    "stored",
    "saved",
    "cached",
    "remembered",
    "held",
    "retained",
    "archived",
];

/// What the caller gives a tool that this server sends on and keeps nowhere: a free text, or an
/// argument that is no id. (A specialty, a name of the clinic's directory, is left out: the
/// server does cache the public doctor list, `clinic-mcp/src/directory.rs`.)
fn given_by_the_caller(t: &Tok) -> bool {
    if t.kind != Kind::Word {
        return false;
    }
    let one = t.text.strip_suffix('s').unwrap_or(&t.text);
    (FREE.contains(&one) && one != "name")
        || ARGS.iter().any(|a| {
            matches!(
                a.form,
                Form::Key | Form::Words | Form::Written | Form::Number
            ) && !a.any_case
                && a.name
                    .split('_')
                    .any(|p| p.strip_suffix('s').unwrap_or(p) == one)
        })
        || is_word(t, &["severe", "query"])
}

/// A value the caller gives, said to go to or be kept by this server: "…, for the doctor and
/// the server's audit trail", "kept in the server's cache", "kept by the server for the next
/// intake". The server sends what it is given to the clinic API and keeps none of it: its audit
/// trail holds ids, the tool, the role, a token's fingerprint and the outcome, and its caches
/// hold the public doctor list and which doctor a token is. The value is one named before the
/// place in its clause; a place the value is denied ("not in the server's log", "absent from
/// its audit trail") and a store of the clinic or the API are not read.
pub(super) fn kept_by_the_server(toks: &[Tok], out: &mut Vec<Violation>) {
    for clause in toks.split(|t| t.kind == Kind::Stop) {
        for (k, t) in clause.iter().enumerate() {
            let before = &clause[k.saturating_sub(3)..k];
            let after = |list: &[&str]| is_word_at(clause, k + 1, list);
            // "the server's audit trail", "this server's cache", "an audit trail" (the only one
            // is the server's), not "the clinic's records" nor "the audit trail of the clinic"
            let store = is_word(t, STORES)
                && !after(STORES)
                && (before.iter().any(|x| is_word(x, &["server", "server's"]))
                    || is_word(t, &["trail", "log"])
                        && k >= 1
                        && is_word(&clause[k - 1], &["audit"]))
                && !before.iter().any(|x| is_word(x, &["clinic", "api"]))
                && !(after(&["of"])
                    && clause[k + 2..]
                        .iter()
                        .take(3)
                        .any(|x| is_word(x, &["clinic", "api"])));
            // "kept by the server", "held by this server"
            let by_the_server = is_word(t, KEEPING)
                && after(&["by"])
                && clause[k + 2..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["server"]))
                && !clause[k + 2..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["clinic", "api"]));
            if !store && !by_the_server {
                continue;
            }
            // (denied in the place's own phrase: "not logged by this server", "absent from the
            // server's audit trail", "and no free text")
            let phrase: Vec<&Tok> = clause[..k]
                .iter()
                .rev()
                .take_while(|x| x.kind != Kind::Comma)
                .collect();
            let denied = phrase.iter().any(|x| {
                is_word(x, NEGATIONS)
                    || is_word(
                        x,
                        &[
                            "no", "nothing", "absent", "outside", "instead", "except", "than",
                            "neither",
                        ],
                    )
            });
            if denied {
                continue;
            }
            // the value: one named before the place in its clause, or, when the place hangs on
            // no verb of the clause ("…, for the clinic API and the server's audit trail"), the
            // value the text opens with; a text about the store itself ("The server's audit
            // trail keeps the ids") names none
            let no_verb = clause[..k]
                .iter()
                .all(|x| x.kind != Kind::Word || is_word(x, STORES) || verb(&x.text).is_none())
                // (the place the subject of its own verb: "The server's audit trail has the ids")
                && !clause[k + 1..]
                    .iter()
                    .take(2)
                    .any(|x| x.kind == Kind::Word && verb(&x.text).is_some());
            let opening = toks
                .iter()
                .take_while(|t| !matches!(t.kind, Kind::Stop | Kind::Comma));
            let value = clause[..k]
                .iter()
                .find(|x| given_by_the_caller(x))
                .or_else(|| opening.filter(|_| no_verb).find(|x| given_by_the_caller(x)));
            if let Some(v) = value {
                push(
                    out,
                    Rule::Directive,
                    v,
                    "a value the caller gives, said to go to or be kept by this server: the server sends it to the clinic API and keeps none of it; its audit trail holds the ids acted on, the tool, the role, a token's fingerprint and the outcome".to_owned(),
                );
                return;
            }
        }
    }
}
