//! Who calls a tool of this server, and with what: each tool serves the one role it declares
//! ([`crate::served::ROLES`]; any other session gets `ROLE_NOT_PERMITTED` and nothing is sent),
//! or anyone when it is public; and every request goes with the caller's own token (forwarded
//! over stdio, exchanged for one of the caller's over HTTP): the server holds no account or
//! token of its own. A text that opens a tool to another role, closes a public tool to one,
//! or says a request goes with another credential, sends the agent to a call that fails or
//! tells the person that someone else acts for them.

use crate::lang::words::*;
use crate::served::role_of;
use crate::types::{Rule, Violation};

/// The words that name a caller's role itself, not one of the roles.
pub(super) const ROLE_WORDS: &[&str] = &["role", "roles", "session", "sessions"];

/// Who calls a tool: the role a tool of this server declares, whatever other callers its API
/// route answers (`get_appointment` is the patient's, though `GET /appointments/:id` answers the
/// doctor too); for a tool name this server does not serve, the callers of its route.
pub(crate) fn callers_of(tool: &str) -> Option<&'static [&'static str]> {
    match role_of(tool) {
        Some(Some("patient")) => Some(&["patient", "patients"]),
        Some(Some(_)) => Some(&["doctor", "doctors"]),
        Some(None) => Some(&[]),
        None => super::callers::callers(tool),
    }
}

/// Whether the tool is for one role only and `role` ("doctor", "patients") is the other: this
/// server checks the caller's role before any request and refuses that caller itself
/// (`ROLE_NOT_PERMITTED`).
pub(crate) fn role_refused(tool: &str, role: &str) -> bool {
    callers_of(tool).is_some_and(|c| c.len() == 2 && !c.contains(&role))
}

/// Whether one caller may call both tools: a public tool is anyone's, else the roles meet.
pub(crate) fn share_a_caller(a: &str, b: &str) -> bool {
    match (callers_of(a), callers_of(b)) {
        (Some(x), Some(y)) => x.is_empty() || y.is_empty() || x.iter().any(|r| y.contains(r)),
        _ => true,
    }
}

/// The role a word names, if it names one.
pub(super) fn role_word(t: &Tok) -> Option<&'static str> {
    if is_word(t, &["patient", "patients"]) {
        Some("patient")
    } else if is_word(t, &["doctor", "doctors"]) {
        Some("doctor")
    } else {
        None
    }
}

/// Words that say a caller is refused: a clause with one names who is kept out. (A code between
/// backticks reads as the word "code".)
fn refusal(clause: &[&Tok]) -> bool {
    clause.iter().any(|x| {
        [
            "role_not_permitted",
            "code",
            "codes",
            "error",
            "errors",
            "403",
            "forbidden",
            "refused",
            "denied",
            "not",
            "no",
            "never",
            "cannot",
        ]
        .iter()
        .any(|w| x.text.trim_matches('`').eq_ignore_ascii_case(w))
    })
}

/// A word said with a possessive ("the patient's safety"): the tokens drop the "'s".
pub(super) fn possessive(t: &Tok, text: &str) -> bool {
    text.get(t.end..)
        .is_some_and(|r| r.starts_with("'s") || r.starts_with("\u{2019}s"))
}

/// The roles a list of callers at `i` names ("doctors and patients", "a doctor or for a patient
/// of the clinic", "its patient or its doctor", "the authenticated patient"), and the index
/// after it; `None` when an item is no bare role ("the patient's safety", "the next patient").
fn roles_at(clause: &[&Tok], mut i: usize, text: &str) -> Option<(Vec<&'static str>, usize)> {
    let mut roles = Vec::new();
    loop {
        while is_word_at(
            clause,
            i,
            &["a", "an", "the", "its", "their", "authenticated", "own"],
        ) {
            i += 1;
        }
        let head = clause.get(i)?;
        let role = role_word(head)?;
        if possessive(head, text) {
            return None;
        }
        roles.push(role);
        i += 1;
        // "of the clinic", "of the appointment"
        if is_word_at(clause, i, &["of"])
            && is_word_at(clause, i + 1, &["the", "a", "its"])
            && is_word_at(
                clause,
                i + 2,
                &["clinic", "appointment", "visit", "booking"],
            )
        {
            i += 3;
        }
        let mut k = i;
        if clause.get(k).is_some_and(|x| x.kind == Kind::Comma)
            && is_word_at(clause, k + 1, &["and", "or"])
        {
            k += 1;
        }
        if !is_word_at(clause, k, &["and", "or"]) {
            return Some((roles, i));
        }
        k += 1;
        if is_word_at(clause, k, &["for", "to", "of"]) {
            k += 1;
        }
        i = k;
    }
}

/// A role the tool does not serve, named as its caller, or a public tool said to be for one role
/// only:
/// - "the authenticated patient or doctor", "of the authenticated patient or of the
///   authenticated doctor": the authenticated caller has the tool's role;
/// - in a tool's description, a scope of callers after a comma or opening a sentence: "…, for
///   doctors and patients", "For a doctor, the appointments of …", "Open to doctors and to
///   patients", "…, for its patient or its doctor", and on a public tool "…, for the
///   authenticated patient only", "For patients only";
/// - on a tool that changes nothing, a role named bare as who gets its answer: "a patient gets
///   the appointments of …", "patients get the shared ones", "when a doctor reads it".
///
/// A clause that names a refusal ("a doctor gets `ROLE_NOT_PERMITTED`") or a negation is not
/// read; nor is a scope whose items are not bare roles ("for the patient's safety").
pub(crate) fn role_misstated(
    clause: &[&Tok],
    text: &str,
    tool: &str,
    description: bool,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let Some(role) = role_of(tool) else {
        return;
    };
    // (a public tool sends no token, so no role check answers it: "For patients; a doctor gets
    // `ROLE_NOT_PERMITTED`", where a code reads as the word "code")
    if role.is_none() {
        let refused = (1..clause.len()).find(|&v| {
            is_word(clause[v], &["gets", "get", "receives"])
                && role_word(clause[v - 1]).is_some()
                && is_word_at(clause, v + 1, &["code", "error", "errors"])
        });
        if let Some(v) = refused {
            push(
                out,
                Rule::Directive,
                clause[v],
                format!(
                    "a role refused on a public tool: {tool} takes no token and checks no role, so no caller is refused for a role"
                ),
            );
            return;
        }
    }
    if refusal(clause) {
        return;
    }
    let other = |r: &&str| role.is_some_and(|own| own != *r);
    // the authenticated caller
    for k in 0..clause.len() {
        if !is_word(clause[k], &["authenticated"]) {
            continue;
        }
        let Some((roles, _)) = roles_at(clause, k, text) else {
            continue;
        };
        if roles.iter().any(other) {
            push(
                out,
                Rule::Directive,
                clause[k],
                format!(
                    "the authenticated caller said to be of a role this tool does not serve: {tool} serves the {} only, and any other session gets `ROLE_NOT_PERMITTED`",
                    role.unwrap_or("caller")
                ),
            );
            return;
        }
    }
    // the objects of another role named beside the caller's own
    if let Some(own) = role
        && let Some(k) = owner_widened(clause, text, own)
    {
        push(
            out,
            Rule::Directive,
            clause[k],
            format!(
                "the appointments or patients of another role named beside the caller's own: {tool} serves the {own} only, on the {own}'s own appointments, and any other session gets `ROLE_NOT_PERMITTED`"
            ),
        );
        return;
    }
    // a scope of callers in the tool's description
    if description {
        for k in 0..clause.len() {
            let opens = is_word(clause[k], &["for"])
                && (k == 0 || clause[k - 1].kind == Kind::Comma)
                || is_word(clause[k], &["to"])
                    && k == 1
                    && is_word(clause[0], &["open", "available"]);
            if !opens {
                continue;
            }
            // (a value's readers, not its callers: "…, with a reason, for the patient", "Record
            // the symptoms …, for the doctor of the appointment"; but the tool's own role or
            // another is a choice of callers: "…, for its patient or its doctor")
            let Some((roles, end)) = roles_at(clause, k + 1, text) else {
                continue;
            };
            let either = role.is_some_and(|own| roles.contains(&own))
                && roles.iter().any(other)
                && clause[k + 1..end].iter().any(|x| is_word(x, &["or"]));
            let a_value = !either
                && clause[..k].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "reason", "reasons", "note", "notes", "symptoms", "intake", "message",
                            "status",
                        ],
                    )
                });
            let only =
                is_word_at(clause, end, &["only"]) || k >= 1 && is_word(clause[k - 1], &["only"]);
            let closed = clause
                .get(end)
                .is_none_or(|x| x.kind == Kind::Comma || is_word(x, &["only", "too", "alike"]));
            if a_value || !closed {
                continue;
            }
            let widened = roles.iter().any(other);
            let narrowed = role.is_none() && only;
            if widened || narrowed {
                push(
                    out,
                    Rule::Directive,
                    clause[k],
                    match role {
                        Some(own) => format!(
                            "a caller of another role named for the tool: {tool} serves the {own} only, and any other session gets `ROLE_NOT_PERMITTED`"
                        ),
                        None => format!(
                            "a public tool said to be for one role only: {tool} takes no token, and anyone calls it"
                        ),
                    },
                );
                return;
            }
        }
    }
    // a role named bare as who gets the answer of a tool that changes nothing
    if mutates || role.is_none() {
        return;
    }
    for v in 1..clause.len() {
        if !is_word(
            clause[v],
            &["gets", "get", "reads", "read", "sees", "see", "receives"],
        ) {
            continue;
        }
        // (another reader of one value, not a caller of the tool: "patients see it too"; but a
        // role that reads it as the call's case is its caller: "when a doctor reads it")
        let head = clause[v - 1];
        let called = (0..v - 1)
            .rev()
            .find(|&i| !is_word(clause[i], DETERMINERS))
            .is_some_and(|i| is_word(clause[i], &["when", "whenever", "if", "once"]));
        if !called && is_word_at(clause, v + 1, &["it", "them", "this", "that"])
            || clause.iter().any(|x| is_word(x, &["too", "also"]))
        {
            continue;
        }
        let Some(r) = role_word(head) else {
            continue;
        };
        // "a patient", "patients" (a caller of that role), not "the patient", "its doctor"
        let bare = head.text.ends_with('s') && (v < 2 || !is_word(clause[v - 2], DETERMINERS))
            || v >= 2 && is_word(clause[v - 2], &["a", "an", "any", "every", "each"]);
        if bare && other(&r) {
            push(
                out,
                Rule::Directive,
                clause[v],
                format!(
                    "a caller of another role said to get the tool's answer: {tool} serves the {} only, and any other session gets `ROLE_NOT_PERMITTED`",
                    role.unwrap_or("caller")
                ),
            );
            return;
        }
    }
}

/// What a caller's role owns as the objects of its acts: its appointments, and a doctor's
/// patients ("the doctor's own", "one of the doctor's patients").
const OWNED: &[&str] = &[
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "patients",
    "own",
];

/// Another role's objects named beside the caller's own ("one of the authenticated patient's
/// appointments, or one of the doctor's own appointments", "the patient's or doctor's own
/// appointments", "for the patient or for one of the doctor's patients"): the index of the other
/// role. A tool acts on its own role's appointments only; the other role's appointments answer
/// `FORBIDDEN`, hidden as not found. Another role's things that are no object of the act ("one
/// of the doctor's open slots") are not read.
fn owner_widened(clause: &[&Tok], text: &str, own: &str) -> Option<usize> {
    (1..clause.len()).find(|&k| {
        role_word(clause[k]).is_some_and(|r| r != own)
            && possessive(clause[k], text)
            && is_word_at(clause, k + 1, OWNED)
            && (0..k)
                .rev()
                .find(|&i| role_word(clause[i]) == Some(own))
                .is_some_and(|i| clause[i + 1..k].iter().any(|x| is_word(x, &["or", "and"])))
    })
}

/// Words that name a credential a request could go with.
const CREDENTIALS: &[&str] = &[
    "account",
    "accounts",
    "token",
    "tokens",
    "credential",
    "credentials",
    "login",
    "password",
    "identity",
    "key",
    "keys",
];

/// Owners of a credential other than the caller: the clinic, the server, a service.
const NOT_THE_CALLER: &[&str] = &[
    "clinic",
    "clinics",
    "server",
    "service",
    "system",
    "admin",
    "administrator",
    "master",
    "technical",
    "shared",
    "api",
    "staff",
    "reception",
];

/// A request said to go with a credential other than the caller's ("with the clinic's own
/// account", "through the account of the clinic", "with a service token", "as read with the
/// server's own account"): the server holds no credential of its own and sends each request
/// with the caller's token. A credential of a person ("a doctor's token", "the token of a
/// doctor of the same clinic"), and one denied ("no account of its own"), are not read.
pub(crate) fn credential_of_another(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, CREDENTIALS) {
            continue;
        }
        // (the idempotency key is the caller's, not a credential)
        if is_word(t, &["key", "keys"])
            && clause[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, &["idempotency", "same", "retry", "new"]))
        {
            continue;
        }
        // the owner: the words just before it ("the clinic's own account", "a service token"),
        // or the first noun after "of" ("the account of the clinic")
        let before: Vec<&Tok> = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
            .take(3)
            .copied()
            .collect();
        let of = if is_word_at(clause, k + 1, &["of"]) {
            clause[k + 2..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["same", "own"]))
                .copied()
        } else {
            None
        };
        let person = |x: &&Tok| {
            is_word(
                x,
                &[
                    "patient", "patients", "doctor", "doctors", "caller", "callers", "user",
                    "users", "person", "session", "human",
                ],
            )
        };
        let another = before.iter().any(|x| is_word(x, NOT_THE_CALLER))
            && !before.iter().any(person)
            || of.is_some_and(|x| is_word(x, NOT_THE_CALLER));
        // (what a request goes with: "with …", "through …", "using …"; not a string "in the
        // format of an API key")
        let goes_with = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .take(5)
            .any(|x| is_word(x, &["with", "through", "using", "via", "under", "by"]));
        if !another || !goes_with {
            continue;
        }
        let denied =
            clause[..k].iter().rev().take(6).any(|x| {
                is_word(x, NEGATIONS) || is_word(x, &["no", "nothing", "instead", "never"])
            });
        if denied {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "a request said to go with a credential other than the caller's: the server holds no account or token of its own, and sends each request with the caller's token".to_owned(),
        );
        return;
    }
}
