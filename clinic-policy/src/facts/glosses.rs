//! What an error code or a status is said to mean. A code's meaning and a status's are the
//! contract's: a gloss ("`SLOT_TAKEN` means the move is done", "422 is the answer for a late
//! fee", "`rejected` is the status of a visit with the oncall doctor") is read against what the
//! code or status stands for, and a gloss with none of its meaning is refused. The agent tells
//! the patient the gloss, not the code.

use crate::lang::predicates::NUMBER_WORDS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::TRIAGE_BANDS;
use super::cases::joined_codes;
use super::errors::{for_a_status_taken, made_up_case};
use crate::codes::{
    ANOTHER_OWNER, ANSWER_WORDS, API_ERRORS, CONDITIONS, LOST, capital_code, condition_opens,
    http_status, sentence_around,
};

/// The words that say what a code stands for, at least one of which a gloss of it holds, and
/// whether its meaning is an absence ("no oncall doctor", "no intake yet").
fn meaning(code: &str) -> (&'static [&'static str], bool) {
    match code {
        "validation_error" | "invalid_arguments" => (
            &[
                "invalid",
                "malformed",
                "valid",
                "format",
                "range",
                "wrong",
                "positive",
                "integer",
                "number",
                "id",
                "body",
                "argument",
                "arguments",
                "value",
                "values",
                "missing",
                "long",
                "short",
                "empty",
                "outside",
            ],
            false,
        ),
        "auth_required" | "auth_invalid" => (
            &[
                "token",
                "tokens",
                "authorization",
                "header",
                "authentication",
                "expired",
                "invalid",
                "unknown",
                "malformed",
                "signed",
                "sign",
            ],
            false,
        ),
        "forbidden" => (ANOTHER_OWNER, false),
        "not_found" => (&["unknown", "found", "exist", "exists", "such"], true),
        "doctor_not_found" => (&["doctor", "found", "exist", "exists", "such"], true),
        "slot_not_found" => (&["slot", "found", "exist", "exists", "such"], true),
        "appointment_not_found" => (&["appointment", "found", "exist", "exists", "such"], true),
        "intake_not_found" => (
            &[
                "intake", "form", "found", "exist", "exists", "symptoms", "recorded",
            ],
            true,
        ),
        "slot_taken" => (
            &[
                "taken",
                "booked",
                "another",
                "someone",
                "else",
                "unavailable",
                "gone",
            ],
            false,
        ),
        "invalid_transition" => (
            &[
                "status",
                "statuses",
                "cancelled",
                "rejected",
                "confirmed",
                "pending",
                "started",
                "begun",
                "past",
                "transition",
                "over",
            ],
            false,
        ),
        "idempotency_key_conflict" => (&["key", "keys"], false),
        "rate_limited" => (
            &[
                "rate",
                "limit",
                "many",
                "requests",
                "often",
                "fast",
                "seconds",
                "retry",
                "wait",
                "later",
                "retry-after",
            ],
            false,
        ),
        "intake_exists" => (
            &[
                "exists",
                "already",
                "second",
                "another",
                "existing",
                "earlier",
                "before",
                "submitted",
            ],
            false,
        ),
        "no_oncall_doctor" => (&["oncall", "call", "duty"], true),
        "confirmation_declined" => (
            &[
                "declined", "decline", "refused", "refuse", "person", "human", "answer",
            ],
            false,
        ),
        "unknown_specialty" => (&["specialty", "specialties", "unknown"], false),
        "search_too_broad" => (&["broad", "many", "words", "short", "narrow"], false),
        // (and what a lost answer leaves: "the booking may be made or not")
        // (the API, not the clinic: "the clinic has no oncall doctor" is another code's gloss)
        "upstream_busy" | "upstream_unavailable" => (
            &[
                "busy",
                "unavailable",
                "down",
                "api",
                "later",
                "reach",
                "answer",
                "upstream",
                "may",
                "unknown",
                "whether",
            ],
            false,
        ),
        "upstream_timeout" => (
            &[
                "time", "timeout", "slow", "api", "upstream", "answer", "later", "may", "unknown",
                "whether",
            ],
            false,
        ),
        "upstream_error" | "upstream_invalid_response" => (
            &[
                "api",
                "upstream",
                "answer",
                "error",
                "invalid",
                "unreadable",
                "read",
                "response",
                "may",
                "unknown",
                "whether",
            ],
            false,
        ),
        "upstream_redirect" => (
            &["redirect", "redirects", "address", "api", "upstream"],
            false,
        ),
        "shutting_down" => (
            &[
                "server", "shutting", "stops", "stopping", "restart", "restarts", "later",
            ],
            false,
        ),
        "audit_unavailable" => (
            &[
                "audit", "log", "trail", "written", "may", "unknown", "whether",
            ],
            false,
        ),
        "missing_token" | "invalid_token_format" => (
            &[
                "token",
                "tokens",
                "header",
                "authorization",
                "missing",
                "malformed",
                "format",
            ],
            false,
        ),
        "role_not_permitted" => (&["role", "roles", "tool", "tools"], false),
        "internal_error" => (&["internal", "server", "error", "fault"], false),
        // (the client's cancelled call, and what it leaves: "the booking may be made or not")
        "cancelled" => (
            &[
                "cancelled",
                "client",
                "request",
                "may",
                "unknown",
                "whether",
            ],
            false,
        ),
        _ => (&[], false),
    }
}

/// The words that say what a status is: a gloss of it holds one of them.
fn status_meaning(status: &str) -> &'static [&'static str] {
    match status {
        "pending" => &[
            "new",
            "waiting",
            "waits",
            "unconfirmed",
            "yet",
            "until",
            "before",
            "booked",
            "booking",
            "pending",
            "moved",
        ],
        "confirmed" => &["confirmed", "confirmation", "accepted", "accepts"],
        "rejected" => &["rejected", "rejection", "declined", "refused"],
        "cancelled" => &["cancelled", "cancellation", "called"],
        // a triage level is set from the severity, a priority by the escalation
        "urgent" => &["severity", "escalation", "escalated", "emergency", "triage"],
        "elevated" | "routine" => &["severity", "triage"],
        "normal" => &["escalation", "escalated", "default"],
        _ => &[],
    }
}

const GLOSS_VERBS: &[&str] = &[
    "means",
    "mean",
    "meant",
    "signals",
    "signal",
    "indicates",
    "indicate",
    "signifies",
    "denotes",
];

/// Where a gloss of the value at `k` opens: after "means", "stands for", "is (the answer|the
/// status|the error) for/when/of", or the comma of "On `CODE`,"; only when the value is its
/// sentence's subject (nothing but a code span, a number in parentheses or the words "error",
/// "answer", "code" between them).
fn gloss_opens(toks: &[Tok], k: usize, text: &str) -> Option<usize> {
    if k >= 1
        && is_word(&toks[k - 1], &["on", "upon", "after"])
        && toks.get(k + 1).is_some_and(|n| n.kind == Kind::Comma)
        && !text[toks[k + 1].start..].starts_with('(')
    {
        return Some(k + 2);
    }
    // "`SLOT_TAKEN`: the slot was booked by another patient first"
    if text[toks[k].end..].trim_start_matches('`').starts_with(':')
        && toks.get(k + 1).is_some_and(|n| n.kind == Kind::Stop)
    {
        return Some(k + 2);
    }
    let mut j = k + 1;
    while let Some(x) = toks.get(j) {
        let filler = x.kind == Kind::Comma && matches!(&text[x.start..x.end], "(" | ")")
            || x.kind == Kind::Ident && x.text.bytes().all(|b| b.is_ascii_digit())
            || x.kind != Kind::Stop && capital_code(x, text)
            || is_word(x, &["error", "answer", "code", "status"]);
        if !filler || j - k > 4 {
            break;
        }
        j += 1;
    }
    let v = toks.get(j)?;
    if is_word(v, GLOSS_VERBS) {
        return Some(j + 1);
    }
    let next = |d: usize| toks.get(j + d);
    if is_word(v, &["stands", "stand"]) && next(1).is_some_and(|n| is_word(n, &["for"])) {
        return Some(j + 2);
    }
    if is_word(v, &["is", "are"]) {
        // "is also the status of", "is the answer for", "is for", "is when"
        let mut d = 1;
        while next(d).is_some_and(|n| {
            is_word(
                n,
                &[
                    "also", "the", "a", "an", "answer", "error", "status", "code", "only", "just",
                ],
            )
        }) {
            d += 1;
        }
        if next(d).is_some_and(|n| is_word(n, &["for", "when", "of", "if"])) {
            return Some(j + d + 1);
        }
    }
    None
}

/// The clause a code ends on a condition gives its consequence before it ("No appointment is
/// booked if the answer is `UPSTREAM_TIMEOUT`.", "The appointment keeps its slot after
/// `UPSTREAM_ERROR`."): its words from the sentence's start to the condition.
fn gloss_before(toks: &[Tok], k: usize, text: &str) -> Option<(usize, usize)> {
    // (a code, not a bare status: "retry on a 403" names a case)
    if !capital_code(&toks[k], text) {
        return None;
    }
    let mut e = k + 1;
    while toks.get(e).is_some_and(|x| {
        x.kind == Kind::Ident && http_status(&x.text).is_some()
            || x.kind == Kind::Comma && matches!(&text[x.start..x.end], "(" | ")")
    }) {
        e += 1;
    }
    // (a colon after it opens its gloss: "… as on `X`: …")
    if toks
        .get(e)
        .is_some_and(|x| x.kind != Kind::Stop || &text[x.start..x.end] == ":")
    {
        return None;
    }
    let c = (k.saturating_sub(5)..k).rev().find(|&j| {
        is_word(
            &toks[j],
            &[
                "if", "when", "whenever", "once", "on", "upon", "after", "in",
            ],
        )
    })?;
    if !toks[c + 1..k].iter().all(|x| {
        is_word(x, ANSWER_WORDS) || x.kind == Kind::Ident && http_status(&x.text).is_some()
    }) {
        return None;
    }
    let s = (0..c)
        .rev()
        .find(|&j| toks[j].kind == Kind::Stop)
        .map_or(0, |j| j + 1);
    (c > s).then_some((s, c))
}

/// Where a lost answer's gloss from `from` ends: at the next code that opens a clause of its
/// own ("…; on `SLOT_TAKEN`, nothing is booked", "… . Nothing is booked if the answer is
/// `SLOT_TAKEN`."), or at the text's end; a code named in passing ("as on `RATE_LIMITED`", "as
/// with `SLOT_TAKEN`") ends nothing.
fn lost_gloss_end(toks: &[Tok], k: usize, from: usize, text: &str) -> usize {
    let clause_start = |j: usize| {
        (0..j)
            .rev()
            .find(|&i| matches!(toks[i].kind, Kind::Stop | Kind::Comma))
            .map_or(0, |i| i + 1)
    };
    let joined = joined_codes(toks, text, k);
    for j in from.max(k + 1)..toks.len() {
        let x = &toks[j];
        let code = capital_code(x, text)
            || x.kind == Kind::Ident
                && http_status(&x.text).is_some()
                && !text[x.end..].trim_start().starts_with('`');
        // (a code joined to it shares its gloss: "`UPSTREAM_TIMEOUT` and `RATE_LIMITED` mean …")
        if !code || joined.contains(&j) {
            continue;
        }
        let s = clause_start(j);
        if toks[s..j]
            .iter()
            .any(|y| is_word(y, &["as", "like", "same", "just", "similar", "unlike"]))
        {
            continue;
        }
        if gloss_opens(toks, j, text).is_some() || condition_opens(toks, j, text).is_some() {
            return s.max(from);
        }
        if gloss_before(toks, j, text).is_some() {
            let s = (0..j)
                .rev()
                .find(|&i| toks[i].kind == Kind::Stop)
                .map_or(0, |i| i + 1);
            return s.max(from);
        }
    }
    toks.len()
}

/// The words that say a change is left as it was.
const KEPT: &[&str] = &[
    "nothing",
    "unchanged",
    "keeps",
    "keep",
    "kept",
    "stays",
    "stay",
    "still",
    "remains",
    "remain",
    "untouched",
    "intact",
];

/// The objects of the clinic's changes, said to be in a state.
const OBJECTS: &[&str] = &[
    "appointment",
    "appointments",
    "booking",
    "bookings",
    "slot",
    "slots",
    "visit",
    "case",
    "patient",
    "intake",
    "form",
    "fee",
    "priority",
    "status",
    "move",
    "cancellation",
    "escalation",
    "confirmation",
    "rejection",
];

/// The words that say a change is made.
const MADE: &[&str] = &[
    "complete",
    "completed",
    "done",
    "successful",
    "success",
    "booked",
    "cancelled",
    "canceled",
    "confirmed",
    "rejected",
    "submitted",
    "refunded",
    "moved",
    "rescheduled",
    "escalated",
    "saved",
    "recorded",
    "made",
    "released",
    "taken",
    "held",
    "failed",
    "fails",
    "failure",
];

/// The verbs that put an object in a state or in someone's hands.
const STATE_VERBS: &[&str] = &[
    "is", "are", "was", "were", "be", "becomes", "become", "goes", "moves", "lands", "ends",
    "gets", "has", "have", "takes", "loses", "lose", "holds",
];

/// A phrase's words.
fn words_of<'t>(phrase: &[&'t Tok]) -> Vec<&'t Tok> {
    phrase
        .iter()
        .copied()
        .filter(|x| x.kind == Kind::Word)
        .collect()
}

/// The phrase says its object is as it was: a word of keeping, or "is as it was", "stays as
/// submitted", "is as returned by …".
fn kept_said(words: &[&Tok]) -> bool {
    words.iter().any(|x| is_word(x, KEPT))
        || words.windows(2).any(|w| {
            is_word(w[0], &["is", "are", "was", "stays", "remains", "be"]) && is_word(w[1], &["as"])
        })
}

/// A word of keeping that governs its phrase's claim: "stays", "keeps", "nothing", "as it was",
/// and "still" only before the old state ("still pending", "still at its old slot", "still
/// has its slot"), not before a change or another state ("still moves to the next slot", "is
/// still urgent", "still gets the next open slot").
fn kept_governs(words: &[&Tok]) -> bool {
    let others: Vec<&Tok> = words
        .iter()
        .copied()
        .filter(|x| !is_word(x, &["still"]))
        .collect();
    if kept_said(&others) {
        return true;
    }
    words.iter().enumerate().any(|(i, x)| {
        is_word(x, &["still"])
            && words[i + 1..]
                .iter()
                .find(|y| {
                    !is_word(
                        y,
                        &[
                            "is", "are", "was", "has", "have", "at", "in", "on", "with", "the",
                        ],
                    )
                })
                .is_some_and(|y| {
                    is_word(
                        y,
                        &[
                            "old",
                            "same",
                            "its",
                            "their",
                            "pending",
                            "open",
                            "free",
                            "available",
                            "as",
                            "there",
                            "unchanged",
                            "own",
                            "original",
                            "first",
                        ],
                    )
                })
    })
}

/// The phrases of a text, split at each stop and comma.
fn phrases<'a, 't>(read: &'a [&'t Tok]) -> Vec<&'a [&'t Tok]> {
    read.split(|x| matches!(x.kind, Kind::Stop | Kind::Comma))
        .filter(|p| p.iter().any(|x| x.kind == Kind::Word))
        .collect()
}

/// What a phrase says of the state an act leaves: a verb of change ("the old slot is
/// released", "its fee is refunded") or an object put in a state or in someone's hands ("the
/// patient is on the waiting list", "the reception has the case", "the appointment becomes
/// urgent", "the appointment has no slot"); none when it is denied before its verb ("nothing is
/// booked", "no appointment is moved") or after it of another thing ("the patient is on no
/// waiting list").
fn state_said<'t>(words: &[&'t Tok]) -> Option<&'t Tok> {
    let denial = |x: &Tok| is_word(x, &["no", "not", "never", "nothing", "none", "nobody"]);
    for (i, x) in words.iter().enumerate() {
        let effect = verb(&x.text).is_some_and(|(b, c, f)| {
            c == VerbClass::Effect
                && matches!(f, Form::Third | Form::Participle | Form::Past)
                && !matches!(
                    b,
                    "keep" | "wait" | "retry" | "use" | "repeat" | "set" | "take"
                )
        }) || is_word(x, MADE)
            // (the change said to wait for someone or something to come: "the appointment waits
            // for the next oncall doctor"; after a refusal nothing waits, nothing is made)
            || is_word(x, &["waits", "wait", "waiting"])
                && is_word_at(words, i + 1, &["for", "until", "till"]);
        // (not as an adjective: "a cancelled appointment")
        let effect = effect
            && !(i >= 1
                && is_word(
                    words[i - 1],
                    &["a", "an", "the", "its", "or", "and", "already"],
                ));
        let state = is_word(x, STATE_VERBS);
        if !effect && !state {
            continue;
        }
        if words[..i].iter().any(|y| denial(y)) {
            return None;
        }
        let owner = is_word(x, &["has", "have", "gets", "takes", "holds"])
            && words[i + 1..].iter().take(3).any(|y| is_word(y, OBJECTS));
        if !(effect || owner || words[..i].iter().any(|y| is_word(y, OBJECTS))) {
            continue;
        }
        // (what the object had, said gone: "has no slot", "is without a doctor")
        if let Some(a) = words[i + 1..].iter().position(|y| denial(y)) {
            let own = words[i + 2 + a..]
                .iter()
                .take(2)
                .any(|y| is_word(y, &["slot", "doctor", "time", "status", "appointment"]));
            if !own {
                return None;
            }
        }
        return Some(x);
    }
    None
}

/// A change said after a refused answer's gloss, past a `;` or an ", and" ("`SLOT_TAKEN` means
/// another patient booked the slot; the patient is on the waiting list", "On `NO_ONCALL_DOCTOR`,
/// …; the appointment becomes urgent with its own doctor"), or past a `;` after a code named as
/// the answer ("… gives `SLOT_TAKEN`; the appointment is then without a slot"): after an error of
/// the contract nothing changes. Read to the sentence's end or the next code.
fn change_after_refusal<'t>(
    toks: &'t [Tok],
    k: usize,
    opens: Option<usize>,
    text: &str,
) -> Option<&'t Tok> {
    // (a bare status opens no gloss of its own: "for a taken slot, 409; for …, 422")
    if opens.is_none() && !capital_code(&toks[k], text) {
        return None;
    }
    let from = opens.unwrap_or(k + 1);
    let end = (from..toks.len())
        .find(|&j| {
            let x = &toks[j];
            x.kind == Kind::Stop && !matches!(&text[x.start..x.end], ";" | ":")
                || capital_code(x, text)
                || x.kind == Kind::Ident
                    && http_status(&x.text).is_some()
                    && !text[x.end..].trim_start().starts_with('`')
        })
        .unwrap_or(toks.len());
    let read: Vec<&Tok> = toks[from.min(end)..end].iter().collect();
    // (the gloss's own phrase is read by `says`; a phrase past a `;`, or a clause opened by a
    // conjunction after a comma, is a consequence)
    let mut first = opens.is_some();
    let mut after_stop = false;
    let mut found = None;
    let mut start = 0;
    for j in 0..=read.len() {
        let boundary = j == read.len() || matches!(read[j].kind, Kind::Stop | Kind::Comma);
        if !boundary {
            continue;
        }
        let p = &read[start..j];
        let words = words_of(p);
        let opener = words
            .first()
            .is_some_and(|w| is_word(w, &["and", "so", "then", "but", "thus"]));
        let consequence = if opens.is_some() {
            !first && (after_stop || opener)
        } else {
            after_stop
        };
        // (a general statement, "an appointment has one", "a retry with another slot is
        // possible", is of no one object: a rule of what may be or how many there are; an
        // indefinite object said to be in a state, "a slot of the same doctor is booked for the
        // patient", is a change all the same)
        let general = words
            .iter()
            .find(|w| !is_word(w, &["and", "so", "then", "but", "thus"]))
            .is_some_and(|w| is_word(w, &["a", "an", "each", "every", "any"]))
            && (words
                .iter()
                .any(|w| is_word(w, &["possible", "can", "may", "might"]))
                || words.windows(2).any(|w| {
                    is_word(w[0], &["has", "have", "holds", "takes", "gets"])
                        && (is_word(w[1], NUMBER_WORDS)
                            || is_word(w[1], &["one", "only", "at", "no"]))
                }));
        // (each part joined by "and" or "but" on its own: a word of keeping excuses only its own
        // part, "the appointment keeps its doctor and moves to …")
        if consequence && !general && found.is_none() {
            found = words
                .split(|w| is_word(w, &["and", "but", "while"]))
                .filter(|part| !kept_governs(part))
                .find_map(state_said);
        }
        if !words.is_empty() {
            first = false;
        }
        if j < read.len() {
            after_stop = read[j].kind == Kind::Stop || after_stop && opener;
        }
        start = j + 1;
    }
    found
}

/// What a lost answer's gloss says of the change, judged phrase by phrase: a change said made
/// or unmade ("the slot is still open", "no appointment is booked", "the appointment is at the
/// new slot") in a phrase that does not hedge it ("may … or not", "it is unknown whether …", "if
/// not, …"): after a lost answer it may be made or not; and a second request said to make a
/// second change ("a second request records a second intake"): the same key answers the first
/// change again, a second intake answers `INTAKE_EXISTS`, and a taken slot `SLOT_TAKEN`.
pub(super) fn lost_change_said<'t>(read: &[&'t Tok]) -> Option<(&'t Tok, &'static str)> {
    let hedge = |words: &[&Tok]| {
        words.iter().any(|x| {
            is_word(
                x,
                &[
                    "may",
                    "might",
                    "unknown",
                    "whether",
                    "perhaps",
                    "possibly",
                    "maybe",
                    "unclear",
                    "uncertain",
                    "if",
                    "unless",
                ],
            )
        })
    };
    let all = phrases(read);
    for (n, p) in all.iter().enumerate() {
        let words = words_of(p);
        // a second request: what it is said to make, not what the first left
        let repeat = words.windows(2).any(|w| {
            is_word(
                w[0],
                &[
                    "second", "another", "new", "each", "repeated", "next", "later", "same",
                ],
            ) && is_word(
                w[1],
                &[
                    "request", "requests", "call", "calls", "try", "one", "key", "retry",
                ],
            )
        }) || words.iter().any(|x| is_word(x, &["retry", "again"]));
        if repeat {
            if let Some(t) = second_change(&words) {
                return Some((
                    t,
                    "a second request said to make a second change: the same key answers the first change again, a second intake answers `INTAKE_EXISTS`, and a taken slot `SLOT_TAKEN`",
                ));
            }
            // (and what it is said to find of the first: "a second request finds the slot still
            // open" says the first made nothing)
            if let Some(t) = first_left(&words).filter(|_| !hedge(&words)) {
                return Some((
                    t,
                    "a second request said to find the first change unmade: after a lost answer it may be made or not, and a second request with the same key shows which",
                ));
            }
            continue;
        }
        // (a condition before it, in its sentence, on the change itself: "if not, the slot is
        // open", "if the booking is done, …"; a condition on the API, its log or the network,
        // "if the API is down", says nothing of whether the change was made)
        let conditioned = n >= 1
            && {
                let cond = words_of(all[n - 1]);
                cond.first()
                    .is_some_and(|w| is_word(w, &["if", "unless", "when"]))
                    && on_the_change(&cond[1..])
            }
            && !words
                .first()
                .is_some_and(|w| is_word(w, &["and", "but", "so", "then"]));
        if hedge(&words) || conditioned {
            continue;
        }
        // (the call, the request or the answer is what the code is of: "the client cancelled
        // the call", "the request failed")
        let of_the_call = words.iter().any(|x| {
            is_word(
                x,
                &[
                    "call",
                    "calls",
                    "request",
                    "requests",
                    "answer",
                    "connection",
                ],
            )
        }) && !words.iter().any(|x| is_word(x, OBJECTS));
        let none_done = words.windows(2).any(|w| {
            is_word(w[0], &["no", "not", "never", "without"])
                && (is_word(w[1], OBJECTS) || is_word(w[1], MADE))
        }) || words.windows(3).any(|w| {
            // ("the intake is not in", "the booking is not there")
            is_word(w[0], &["is", "was", "are"])
                && is_word(w[1], &["not"])
                && is_word(w[2], &["in", "there", "here", "kept", "stored"])
        }) && words.iter().any(|x| is_word(x, OBJECTS))
            || words.windows(3).any(|w| {
                is_word(w[0], &["not", "no"])
                    && is_word(w[1], &["yet", "be", "been", "a", "the", "one"])
                    && (is_word(w[2], OBJECTS) || is_word(w[2], MADE))
            });
        let open = words.iter().any(|x| is_word(x, &["slot", "slots"]))
            && words
                .iter()
                .any(|x| is_word(x, &["open", "free", "available", "pending"]));
        // (a person said to have the change's object: "the doctor sees the intake", "the oncall
        // doctor has the escalation")
        let person_has = words.iter().enumerate().find_map(|(i, x)| {
            (is_word(x, &["sees", "gets", "has", "reads", "holds"])
                && words[..i].iter().any(|y| is_word(y, PEOPLE))
                && !words[..i]
                    .iter()
                    .any(|y| is_word(y, &["no", "not", "nobody"]))
                && words[i + 1..]
                    .iter()
                    .take(3)
                    .any(|y| is_word(y, OBJECTS) && !is_word(y, &["patient"])))
            .then_some(*x)
        });
        let said = words
            .iter()
            .find(|x| is_word(x, KEPT))
            .copied()
            .or_else(|| none_done.then(|| words[0]))
            .or_else(|| kept_said(&words).then(|| words[0]))
            .or_else(|| open.then(|| words[0]))
            .or(person_has)
            .or_else(|| (!of_the_call).then(|| state_said(&words)).flatten());
        if let Some(t) = said {
            return Some((
                t,
                "a lost answer said to leave the change made or unmade: after it the change may be made or not, and a second request with the same key shows which",
            ));
        }
    }
    None
}

/// A condition's words said of the change itself: a bare "not" or "so", or an object of the
/// change or a word of its being made ("if the booking is done", "unless the slot is taken"),
/// not of the API, its log or the network ("if the API is down").
fn on_the_change(cond: &[&Tok]) -> bool {
    cond.iter()
        .all(|x| is_word(x, &["not", "so", "it", "is", "was", "did", "does"]))
        || cond
            .iter()
            .any(|x| is_word(x, OBJECTS) || is_word(x, MADE) || is_word(x, &["done", "not"]))
}

/// What a second request is said to find of the first change: the object as it was ("the slot
/// still open", "the appointment unchanged"), a word of keeping that is no denial of a second
/// change ("books nothing new" is the same key's answer).
fn first_left<'t>(words: &[&'t Tok]) -> Option<&'t Tok> {
    let open = words
        .iter()
        .any(|x| is_word(x, &["slot", "slots"]))
        .then(|| {
            words
                .iter()
                .find(|x| is_word(x, &["open", "free", "available"]))
                .copied()
        })
        .flatten();
    open.or_else(|| {
        words
            .iter()
            .find(|x| {
                is_word(
                    x,
                    &[
                        "still",
                        "unchanged",
                        "stays",
                        "remains",
                        "untouched",
                        "intact",
                    ],
                )
            })
            .copied()
    })
}

/// A second change said of a second request ("records a second intake", "books another
/// appointment", "moves it again", "cancels it a second time"), not denied ("books nothing
/// new").
fn second_change<'t>(words: &[&'t Tok]) -> Option<&'t Tok> {
    words.iter().enumerate().find_map(|(i, x)| {
        let acts = verb(&x.text).is_some_and(|(b, c, f)| {
            c == VerbClass::Effect
                && matches!(f, Form::Third | Form::Base)
                && !matches!(b, "keep" | "wait" | "retry" | "use" | "repeat")
        }) || is_word(
            x,
            &["gives", "give", "leaves", "returns", "creates", "makes"],
        );
        if !acts {
            return None;
        }
        let rest = &words[i + 1..];
        if rest
            .first()
            .is_some_and(|y| is_word(y, &["nothing", "no", "none", "not"]))
        {
            return None;
        }
        let second = rest.windows(2).any(|w| {
            is_word(
                w[0],
                &[
                    "second",
                    "another",
                    "new",
                    "duplicate",
                    "extra",
                    "further",
                    "more",
                ],
            ) && (is_word(w[1], OBJECTS)
                || is_word(w[1], &["one", "time", "intakes", "note", "form"])
                || rest.iter().skip(2).take(1).any(|y| is_word(y, OBJECTS)))
        }) || rest.iter().any(|y| is_word(y, &["again", "twice"]));
        second.then_some(*x)
    })
}

/// The gloss's words, to its sentence's end (a `;` or a `:` ends it too); or, `whole`, to the
/// next code the text names or its end (what follows a lost answer is read as said of it: "On
/// `UPSTREAM_TIMEOUT`, the API gave no answer in time. No appointment is booked then.").
fn gloss_of<'t>(toks: &'t [Tok], from: usize, text: &str, whole: bool) -> Vec<&'t Tok> {
    let code = |x: &Tok| {
        x.kind == Kind::Ident
            && (API_ERRORS.contains(&x.text.as_str()) || http_status(&x.text).is_some())
            && !text[x.start..x.end].bytes().any(|b| b.is_ascii_lowercase())
    };
    toks[from.min(toks.len())..]
        .iter()
        .take_while(|x| {
            if whole {
                !code(x)
            } else {
                x.kind != Kind::Stop
            }
        })
        .filter(|x| x.kind != Kind::Stop)
        .collect()
}

/// Whether a gloss says what `code` stands for: one of its meaning's words, not denied (a code
/// of an absence holds a negation too, and a refused transition, request or argument may be said
/// by what it lacks); a short "nothing changes" or "no appointment is booked" holds for every
/// code; a case the contract never gives an error for ("…means the patient is under 16") holds
/// for none.
fn says(gloss: &[&Tok], code: &str, takes: &[&str], text: &str) -> bool {
    let words: Vec<&&Tok> = gloss.iter().filter(|x| x.kind == Kind::Word).collect();
    // nothing done is true of every code ("nothing changes", "no appointment is booked", "the
    // appointment keeps its old slot")
    let short = words.len() <= 6;
    let kept = words.iter().any(|x| {
        is_word(
            x,
            &[
                "nothing",
                "unchanged",
                "keeps",
                "keep",
                "stays",
                "stay",
                "still",
            ],
        )
    });
    let none_done = words.windows(2).any(|w| {
        is_word(w[0], &["no", "not"])
            && (is_word(w[1], &["appointment", "change", "booking", "move", "slot"])
                || verb(&w[1].text).is_some_and(|(_, _, f)| f == Form::Participle))
    });
    // (a lost answer leaves it unknown whether the change was made: "`UPSTREAM_UNAVAILABLE`
    // means the clinic API is down, and no appointment is booked" has the agent book again)
    // (what a lost answer's gloss says of the change is read by `lost_change_said`, phrase by
    // phrase; here its hedge is one of its meanings: "the booking may be done or not")
    let lost = LOST.contains(&code);
    let maybe = lost
        && (words.iter().any(|x| is_word(x, &["unknown", "whether"]))
            || words.iter().any(|x| is_word(x, &["may", "might"]))
                && words
                    .windows(2)
                    .any(|w| is_word(w[0], &["or"]) && is_word(w[1], &["not"])));
    // (… or said whole of the object, in any length: "the appointment stays at its old slot",
    // "the appointment keeps its old slot, time and doctor")
    let kept_whole = words
        .iter()
        .position(|x| is_word(x, &["keeps", "stays", "remains"]))
        .is_some_and(|k| {
            k > 0
                && words[..k].iter().all(|x| {
                    is_word(
                        x,
                        &[
                            "the",
                            "its",
                            "appointment",
                            "slot",
                            "booking",
                            "old",
                            "patient's",
                        ],
                    )
                })
                && words[k + 1..].iter().all(|x| {
                    is_word(
                        x,
                        &[
                            "at",
                            "in",
                            "on",
                            "as",
                            "it",
                            "its",
                            "the",
                            "same",
                            "old",
                            "slot",
                            "time",
                            "doctor",
                            "was",
                            "before",
                            "status",
                            "unchanged",
                            "and",
                        ],
                    )
                })
        });
    // (… of the request, not of what came before it: "nothing was recorded yet" denies the
    // earlier intake `INTAKE_EXISTS` stands for)
    let before_it = words
        .iter()
        .any(|x| is_word(x, &["yet", "ever", "previously"]));
    if short && (kept || none_done) && !before_it || kept_whole {
        return true;
    }
    if made_up_case(gloss, code, takes, text, false).is_some() {
        return false;
    }
    // (an error is no act done: "`SLOT_TAKEN` means … the move is done", "… a booking that is
    // done")
    let denied_before = |i: usize| {
        words[i.saturating_sub(3)..i]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    // (one done before, by another or many is the code's own case: "… the intake is done
    // already", "too many bookings were done", "the booking of another patient succeeded first")
    let earlier = words.iter().any(|x| {
        is_word(
            x,
            &[
                "already",
                "before",
                "earlier",
                "another",
                "first",
                "previous",
                "prior",
                "many",
                "different",
            ],
        )
    });
    if !earlier
        && !maybe
        && words.iter().enumerate().any(|(i, x)| {
            is_word(
                x,
                &[
                    "done",
                    "complete",
                    "completed",
                    "succeeded",
                    "successful",
                    "success",
                ],
            ) && !denied_before(i)
        })
    {
        return false;
    }
    // (a slot taken is taken by another: "… taken, by this patient too", "booked for the patient
    // already")
    let others = |x: &Tok| {
        is_word(
            x,
            &["another", "other", "others", "someone", "else", "somebody"],
        )
    };
    // (the patient named as who has it: "by this patient too", "for the patient already", "the
    // patient's own appointment")
    let the_patients = words.windows(3).any(|w| {
        is_word(w[0], &["by", "for", "to", "with"])
            && is_word(w[1], &["this", "same"])
            && is_word(w[2], &["patient", "caller"])
    }) || words.windows(4).any(|w| {
        is_word(w[0], &["taken", "booked", "held", "reserved"])
            && is_word(w[1], &["by", "for"])
            && is_word(w[2], &["the"])
            && is_word(w[3], &["patient", "caller"])
    }) || words
        .windows(2)
        .any(|w| is_word(w[0], &["patient", "caller"]) && is_word(w[1], &["own"]));
    if code == "slot_taken" && the_patients && !words.iter().any(|x| others(x)) {
        return false;
    }
    // (an argument refused is not valid: "the slot id is valid but …")
    // (said of the argument: "the slot id is valid", not "outside its valid range")
    if matches!(code, "validation_error" | "invalid_arguments")
        && words.iter().enumerate().any(|(i, x)| {
            is_word(x, &["valid"])
                && i >= 1
                && is_word(words[i - 1], &["is", "are", "was", "were"])
                && !denied_before(i)
        })
    {
        return false;
    }
    // (a transition refused for a status the act takes: "422 is the answer for a confirmed
    // appointment" on a cancellation)
    if code == "invalid_transition" && for_a_status_taken(gloss, takes) {
        return false;
    }
    // (a second intake: the intake named, and that one is there already)
    if code == "intake_exists"
        && !words
            .iter()
            .any(|x| is_word(x, &["intake", "intakes", "form"]))
    {
        return false;
    }
    // (another's object: "the appointment is not one of the patient's")
    if code == "forbidden"
        && words.iter().any(|x| is_word(x, NEGATIONS))
        && words
            .iter()
            .any(|x| is_word(x, &["patient", "patients", "doctor", "doctors", "caller"]))
    {
        return true;
    }
    let (core, absence) = meaning(code);
    let negation = |x: &Tok| is_word(x, NEGATIONS) || is_word(x, &["no", "nobody", "unknown"]);
    if absence {
        // ("no intake form yet", "the intake is not yet submitted")
        return words.iter().any(|x| is_word(x, core)) && words.iter().any(|x| negation(x));
    }
    // (a transition, a request or an argument refused is said by what it lacks: "the
    // appointment is not pending", "the request has no header")
    let lacks = matches!(
        code,
        "invalid_transition"
            | "auth_required"
            | "auth_invalid"
            | "validation_error"
            | "invalid_arguments"
    );
    let negated = |i: usize| !lacks && words[i.saturating_sub(3)..i].iter().any(|x| negation(x));
    // (another's: a person's or a clinic's, not "another day of the calendar")
    let whose = |i: usize| {
        code != "forbidden"
            || !others(words[i]) && !is_word(words[i], &["different", "belongs"])
            || words[i + 1..].iter().take(3).any(|x| {
                is_word(
                    x,
                    &[
                        "patient", "patients", "doctor", "doctors", "clinic", "clinics", "user",
                        "users", "person", "role", "roles", "owner", "tenant", "caller", "account",
                        "accounts", "else",
                    ],
                )
            })
    };
    words.iter().enumerate().any(|(i, x)| {
        is_word(x, core) && !negated(i) && whose(i)
            // (a slot "no longer open" is a taken slot)
            || code == "slot_taken" && is_word(x, &["open", "available", "free"]) && negated(i)
    })
}

/// An error code or an HTTP status of the contract glossed with none of its meaning
/// ("`SLOT_TAKEN` means the move is done", "The answer 422 means the late fee is due", "On
/// `SLOT_TAKEN`, the old slot is released", "`NO_ONCALL_DOCTOR` means the oncall doctor has the
/// appointment"): a status stands for each code it is given with, and is refused only when the
/// gloss says none of them.
pub(super) fn code_glossed(
    text: &str,
    toks: &[Tok],
    takes: &[&str],
    known_route: bool,
    out: &mut Vec<Violation>,
) {
    for (k, t) in toks.iter().enumerate() {
        let capitals = text[t.start..t.end]
            .bytes()
            .all(|b| !b.is_ascii_lowercase());
        let own = [t.text.as_str()];
        // a code in capitals the contract and this server do not give, glossed ("On
        // `UPSTREAM_STALLED`, …", "`CLINIC_CLOSED` means …"): no gloss of it is true (a tool
        // of no route of the contract, a waiting list, has codes of its own)
        if known_route
            && t.kind == Kind::Ident
            && capitals
            && t.text.contains('_')
            && !API_ERRORS.contains(&t.text.as_str())
            && (gloss_opens(toks, k, text).is_some() || condition_opens(toks, k, text).is_some())
        {
            push(
                out,
                Rule::Directive,
                t,
                "an error the clinic API does not give: a text names only the errors of its contract".to_owned(),
            );
            return;
        }
        let codes: &[&str] = if (t.kind == Kind::Ident || t.kind == Kind::Word)
            && capitals
            && API_ERRORS.contains(&t.text.as_str())
        {
            &own
        } else if t.kind == Kind::Ident
            && !text[t.end..].trim_start().starts_with('`')
            && let Some(codes) = http_status(&t.text)
        {
            codes
        } else {
            continue;
        };
        let opens = gloss_opens(toks, k, text).or_else(|| condition_opens(toks, k, text));
        let before = gloss_before(toks, k, text);
        let lost = codes.iter().any(|c| LOST.contains(c));
        // (a lost code in capitals opens its sentence's reading in any shape: "`X` from the API
        // means …", "With `X` as the answer, …", "`X` and `RATE_LIMITED` mean …")
        if lost && opens.is_none() && before.is_none() && capital_code(t, text) {
            let (s, e) = sentence_around(toks, k, text);
            let end = lost_gloss_end(toks, k, k + 1, text).min(e);
            let read: Vec<&Tok> = toks[s..k]
                .iter()
                .chain(&toks[(k + 1).min(end)..end])
                .collect();
            if let Some((t, why)) = lost_change_said(&read) {
                push(out, Rule::Directive, t, why.to_owned());
                return;
            }
        }
        if lost && (opens.is_some() || before.is_some()) {
            // (what follows a lost answer is read to the next code that opens a clause of its
            // own: "On `UPSTREAM_TIMEOUT`, the API did not answer; as on `RATE_LIMITED`, no
            // appointment is booked"; and what its clause says before it: "No appointment is
            // booked if the answer is `UPSTREAM_TIMEOUT`")
            let after = opens.unwrap_or(k + 1);
            let end = lost_gloss_end(toks, k, after, text);
            let read: Vec<&Tok> = before
                .map_or(&toks[..0], |(s, e)| &toks[s..e])
                .iter()
                .chain(&toks[after.min(end)..end])
                .collect();
            if let Some((t, why)) = lost_change_said(&read) {
                push(out, Rule::Directive, t, why.to_owned());
                return;
            }
        }
        let after = if opens.is_none() && before.is_none() {
            act_after_code(toks, k, text)
        } else {
            None
        };
        if !lost && let Some(t) = change_after_refusal(toks, k, opens, text).or(after) {
            push(
                out,
                Rule::Directive,
                t,
                "a change said to follow a refused answer: after an error of the contract the API changes nothing (\"On `SLOT_TAKEN`, the slot was booked by another patient first; nothing changes\")".to_owned(),
            );
            return;
        }
        let gloss = match (opens, before) {
            (Some(from), _) => gloss_of(toks, from, text, lost),
            (None, Some((s, e))) => toks[s..e].iter().filter(|x| x.kind != Kind::Stop).collect(),
            (None, None) => continue,
        };
        if gloss.is_empty() || codes.iter().any(|c| says(&gloss, c, takes, text)) {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "an error glossed with none of its meaning: a code means what the contract gives it for (\"`SLOT_TAKEN` means the slot was booked by another patient\")".to_owned(),
        );
        return;
    }
}

/// A status of an appointment, a triage level or a priority glossed with none of its meaning
/// ("`cancelled` is also the status of a visit on a later date", "`pending` for a visit that
/// takes place", "`urgent` means the oncall doctor has the case now"): the agent tells the
/// patient the visit stands, or that a doctor has the case.
pub(super) fn status_value_glossed(text: &str, toks: &[Tok], out: &mut Vec<Violation>) {
    for (k, t) in toks.iter().enumerate() {
        let core = status_meaning(&t.text);
        // (`CANCELLED` in capitals is this server's code, not the status)
        if core.is_empty() || !text[..t.start].ends_with('`') || capital_code(t, text) {
            continue;
        }
        // "`pending` for a new appointment": a literal status and "for" glosses it as well, as
        // "is the same as" does
        let same = (k + 1..k + 5).all(|j| toks.get(j).is_some())
            && is_word(&toks[k + 1], &["is", "are"])
            && is_word(&toks[k + 2], &["the"])
            && is_word(&toks[k + 3], &["same"])
            && is_word(&toks[k + 4], &["as"]);
        let level = TRIAGE_BANDS.iter().any(|b| b.0 == t.text);
        // ("`urgent` from 9", "`routine` below 5": a level's band by its bound)
        let bound = level
            && toks
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["from", "at", "above", "over", "below", "under"]))
            && toks.get(k + 2).is_some_and(|n| n.kind == Kind::Ident);
        let from = if bound {
            Some(k + 1)
        } else if toks.get(k + 1).is_some_and(|n| is_word(n, &["for"])) {
            Some(k + 2)
        } else if same {
            Some(k + 5)
        } else {
            gloss_opens(toks, k, text)
        };
        let Some(from) = from else { continue };
        let gloss = gloss_of(toks, from, text, false);
        // (to the next status of a list: "`pending` for a new one, `confirmed` once accepted")
        let gloss: Vec<&Tok> = gloss
            .iter()
            .copied()
            .take_while(|x| status_meaning(&x.text).is_empty() || !text[..x.start].ends_with('`'))
            .collect();
        // (said as itself, not denied: "an appointment not yet confirmed" is pending)
        // (a triage level's severity by its number: "`urgent` for 8 to 10")
        // (and its numbers fit its band: routine 0 to 4, elevated 5 to 7, urgent 8 to 10)
        let graded = level
            && gloss
                .iter()
                .any(|x| x.kind == Kind::Ident && x.text.parse::<u32>().is_ok());
        if graded && !band_fits(&t.text, &gloss) {
            push(
                out,
                Rule::Directive,
                t,
                "a triage level glossed with another band of severity: routine is 0 to 4, elevated 5 to 7, urgent 8 to 10".to_owned(),
            );
            return;
        }
        let said = graded
            || gloss.iter().enumerate().any(|(i, x)| {
                is_word(x, core)
                    && (!matches!(t.text.as_str(), "confirmed" | "rejected" | "cancelled")
                        || !gloss[i.saturating_sub(3)..i]
                            .iter()
                            .any(|n| is_word(n, NEGATIONS) || is_word(n, &["no", "yet"])))
            });
        if gloss.is_empty() || said {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "a status or a level glossed with none of its meaning: a status is said as itself, or as waiting (\"`pending` until the doctor confirms it\")".to_owned(),
        );
        return;
    }
}

/// Whether the numbers of a triage level's gloss fit its band of severity (routine 0 to 4,
/// elevated 5 to 7, urgent 8 to 10): a range is the band or the whole scale ("8 to 10", "0 to
/// 10"), a bound is the band's own ("8 or more", "from 8", "over 7", "under 5", "at most 4"), and
/// a number alone lies in it ("8, 9 or 10", "for example 9").
fn band_fits(level: &str, gloss: &[&Tok]) -> bool {
    let Some(&(_, lo, hi)) = TRIAGE_BANDS.iter().find(|b| b.0 == level) else {
        return true;
    };
    let num = |i: usize| {
        gloss
            .get(i)
            .filter(|x| x.kind == Kind::Ident)
            .and_then(|x| x.text.parse::<u32>().ok())
    };
    let word = |i: usize, list: &[&str]| gloss.get(i).is_some_and(|x| is_word(x, list));
    let before = |i: usize, list: &[&str]| i >= 1 && word(i - 1, list);
    let mut i = 0;
    while i < gloss.len() {
        let Some(n) = num(i) else {
            i += 1;
            continue;
        };
        // (a time or a scale's end is no severity: "seen within 2 hours", "(of 10)")
        if word(i + 1, TIME_UNITS) || before(i, &["of"]) {
            i += 1;
            continue;
        }
        // a range: "8 to 10", "between 8 and 10"
        if (word(i + 1, &["to", "through"]) || word(i + 1, &["and"]) && before(i, &["between"]))
            && let Some(m) = num(i + 2)
        {
            if (n, m) != (lo, hi) && (n, m) != (0, 10) {
                return false;
            }
            i += 3;
            continue;
        }
        let than = |list: &[&str]| i >= 2 && word(i - 1, &["than"]) && word(i - 2, list);
        let fits = if before(i, &["from", "least"])
            || word(i + 1, &["or", "and"]) && word(i + 2, &["more", "above", "higher", "up"])
        {
            n == lo
        } else if before(i, &["over", "above"]) || than(&["more", "greater", "higher"]) {
            n + 1 == lo
        } else if before(i, &["under", "below"]) || than(&["less", "lower", "fewer"]) {
            n == hi + 1
        } else if before(i, &["most"])
            || i >= 2 && word(i - 1, &["to"]) && word(i - 2, &["up"])
            || word(i + 1, &["or"]) && word(i + 2, &["less", "fewer", "lower", "below"])
        {
            n == hi
        } else {
            (lo..=hi).contains(&n)
        };
        if !fits {
            return false;
        }
        i += 1;
    }
    true
}

/// A failure in general said to leave the tool's change made or unmade: an error ("On an error,
/// nothing is booked", "When the tool returns an error, the appointment is not cancelled"), a
/// failed call ("If the call fails, the appointment keeps its old slot") or the API silent, late
/// or down ("With no answer from the API, the slot stays open", "The slot stays open when the
/// connection drops"). Each holds the lost answers (`UPSTREAM_TIMEOUT`), after which the change
/// may be made or not. A text says it of the refused codes by name (the codes' own readings
/// read those), of an error it names the kind of ("On an error of the input, …"), of the act
/// itself ("If the move fails, …": a move that failed changed nothing), or of a person's
/// silence (the consent readings'). The same failure as the subject of what it stands for is
/// read alike ("Any error means nothing was booked", "Every error leaves the slot open", "A
/// failed call means the appointment is unchanged"). For a tool that changes something.
pub(super) fn failure_unmade(text: &str, toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    if own_effects(tool).is_empty() {
        return;
    }
    for k in 0..toks.len() {
        let (s, e) = sentence_around(toks, k, text);
        // the failure: in a condition ("If the call fails, …"), or the subject of what it is said
        // to stand for ("Any error means …"); `at` is where a code or an HTTP status names the
        // failure (its condition, or the sentence of a subject), and `read` what is said of it
        // (a timeout as the noun of a condition ends it with no comma: "On a timeout the
        // appointment is cancelled")
        let noun_condition = is_word(&toks[k], TIMEOUTS)
            && k > s
            && toks[s..k]
                .iter()
                .rev()
                .take(3)
                .any(|x| is_word(x, &["on", "upon", "after", "with", "at", "in", "of"]));
        let to = if noun_condition {
            k + 1
        } else {
            (k + 1..e)
                .find(|&j| matches!(toks[j].kind, Kind::Comma | Kind::Stop))
                .unwrap_or(e)
        };
        let (at, read, why): (&[Tok], Vec<&Tok>, &str) = if let Some((from, silent)) =
            failure_opens(&toks[s..e], k - s, to - s)
        {
            let from = s + from;
            let cond = &toks[from..to];
            // (a new key after a lost answer, fronted or trailing: "after a late answer, a new
            // key", "a new key after a late answer" books a second time, where the same key
            // answers the first request's outcome)
            let clause = (s..from)
                .rev()
                .find(|&j| matches!(toks[j].kind, Kind::Comma | Kind::Stop))
                .map_or(s, |j| j + 1);
            if silent
                && let Some(t) = new_key(&toks[to..e]).or_else(|| new_key(&toks[clause..from]))
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a new key after a lost answer: the change may have been made, and only a request with the same key answers it without making it again".to_owned(),
                );
                return;
            }
            // ("unless the call fails, …" says what follows of the call that did not fail,
            // and a person's answer is no lost one: "with no answer from the patient, …")
            if is_word(&toks[from], &["unless"]) || cond.iter().any(|x| is_word(x, PEOPLE)) {
                continue;
            }
            // (named as the text names the failure: an error, or the API's silence)
            let why = if silent {
                LOST_SAID
            } else {
                "an error in general said to leave the change unmade: the errors hold the lost answers (`UPSTREAM_TIMEOUT`), after which it may be made or not; say it of the refused codes by name"
            };
            (
                cond,
                toks[s..from].iter().chain(&toks[to..e]).collect(),
                why,
            )
        } else if let Some(v) = silent_subject(toks, s, k) {
            // ("A late answer means the slot is still open", "An answer that is late means …")
            (&toks[s..e], toks[v + 1..e].iter().collect(), LOST_SAID)
        } else if let Some(v) = failure_subject(toks, s, k) {
            let read: Vec<&Tok> = toks[v + 1..e].iter().collect();
            // ("leaves the slot open": the object and its state are the claim itself)
            let left = is_word(&toks[v], &["leaves", "leave", "keeps", "keep"])
                && read.iter().any(|x| is_word(x, LEFT_AS_IT_WAS));
            let why = "an error in general said to stand for the change unmade: the errors hold the lost answers (`UPSTREAM_TIMEOUT`), after which it may be made or not; say it of the refused codes by name";
            if left && !names_a_code(&toks[s..e], text) {
                push(out, Rule::Directive, &toks[v], why.to_owned());
                return;
            }
            (&toks[s..e], read, why)
        } else {
            continue;
        };
        if names_a_code(at, text) {
            continue;
        }
        if let Some((t, _)) = lost_change_said(&read) {
            push(out, Rule::Directive, t, why.to_owned());
            return;
        }
    }
}

/// What a lost answer is said to leave, in words: no answer from the API, a late, missing or
/// cut one, a timeout or a dropped connection.
const LOST_SAID: &str = "a lost answer said to leave the change made or unmade: after no answer from the API, a late or cut one, a timeout or a dropped connection (`UPSTREAM_TIMEOUT`), the change may be made or not, and a second request with the same key shows which";

/// The words that say an answer of the API is late, lost, missing or cut ("a late answer", "an
/// answer cut short").
const LATE: &[&str] = &[
    "late",
    "later",
    "lost",
    "missing",
    "slow",
    "delayed",
    "cut",
    "dropped",
    "absent",
    "partial",
    "broken",
    "incomplete",
    "truncated",
];

/// A new key said for a request ("a new key", "another key", "with a different key"); not one
/// said only of another act ("a new key only for another booking", "a new key for a new
/// booking"), where a new key is what the contract asks.
fn new_key(toks: &[Tok]) -> Option<&Tok> {
    const OTHER: &[&str] = &[
        "new",
        "another",
        "different",
        "fresh",
        "second",
        "other",
        "next",
    ];
    const ACTS: &[&str] = &[
        "booking",
        "bookings",
        "change",
        "changes",
        "move",
        "moves",
        "cancellation",
        "slot",
        "appointment",
        "act",
        "acts",
    ];
    let of_another_act = |from: usize| {
        let rest: Vec<&Tok> = toks[from..]
            .iter()
            .take_while(|x| !matches!(x.kind, Kind::Comma | Kind::Stop))
            .take(6)
            .collect();
        rest.iter().enumerate().any(|(j, x)| {
            is_word(x, &["for", "of"])
                && rest[j + 1..]
                    .iter()
                    .find(|y| !is_word(y, &["a", "an", "the", "each", "every"]))
                    .is_some_and(|y| is_word(y, OTHER))
                && rest[j + 1..].iter().take(4).any(|y| is_word(y, ACTS))
        })
    };
    (0..toks.len().saturating_sub(1))
        .find(|&k| {
            is_word(&toks[k], OTHER)
                && (is_word(&toks[k + 1], &["key", "keys"]) || toks[k + 1].text.ends_with("_key"))
                && !of_another_act(k + 2)
        })
        .map(|k| &toks[k])
}

/// A code or an HTTP status of the contract named among `toks`: the failure is then the codes'
/// own, read by their readings.
fn names_a_code(toks: &[Tok], text: &str) -> bool {
    toks.iter()
        .any(|x| capital_code(x, text) || x.kind == Kind::Ident && http_status(&x.text).is_some())
}

/// The states that say what an error leaves or keeps is as it was ("leaves the slot open").
const LEFT_AS_IT_WAS: &[&str] = &[
    "open",
    "free",
    "available",
    "unchanged",
    "intact",
    "untouched",
    "unbooked",
    "pending",
    "as",
];

/// The verb at which an error in general at `k` of the sentence opening at `s` is said to stand
/// for something: "error(s)" or "failure(s)", or a failed call or request, after nothing but a
/// determiner from its clause's start ("Any error", "An error", "Errors"), then "means",
/// "leaves" or "keeps", past an adverb ("An error always means …").
fn failure_subject(toks: &[Tok], s: usize, k: usize) -> Option<usize> {
    let w = |j: usize, list: &[&str]| toks.get(j).is_some_and(|x| is_word(x, list));
    let failed_call = w(k, &["call", "calls", "request", "requests"])
        && k >= 1
        && w(k - 1, &["failed", "unsuccessful"]);
    if !(w(k, &["error", "errors", "failure", "failures"]) || failed_call) {
        return None;
    }
    let head = k - usize::from(failed_call);
    let start = (s..head)
        .rev()
        .find(|&j| toks[j].kind == Kind::Comma)
        .map_or(s, |j| j + 1);
    if !(start..head).all(|j| w(j, &["a", "an", "any", "every", "each", "all", "the"])) {
        return None;
    }
    let mut v = k + 1;
    while w(v, &["always", "then", "still", "simply", "just"]) {
        v += 1;
    }
    w(v, &["means", "mean", "leaves", "leave", "keeps", "keep"]).then_some(v)
}

/// The verb at which an answer of the API said late, lost, missing or cut, at `k` of the sentence
/// opening at `s`, is said to stand for something: "A late answer means …", "An answer that is
/// late means …", "A lost answer of that request leaves …", "No answer means …", "A timeout
/// means …". Its phrase is
/// the subject: nothing but a determiner or a word of lateness before it in its clause, and after
/// it an "of" phrase or a relative clause of its lateness.
fn silent_subject(toks: &[Tok], s: usize, k: usize) -> Option<usize> {
    let w = |j: usize, list: &[&str]| toks.get(j).is_some_and(|x| is_word(x, list));
    let timeout = w(k, TIMEOUTS);
    if !w(k, ANSWERS) && !timeout {
        return None;
    }
    let start = (s..k)
        .rev()
        .find(|&j| matches!(toks[j].kind, Kind::Comma | Kind::Stop))
        .map_or(s, |j| j + 1);
    if !(start..k)
        .all(|j| w(j, &["a", "an", "any", "every", "each", "the", "no", "its"]) || w(j, LATE))
    {
        return None;
    }
    // ("no timeout" is an answer in time)
    if timeout && (start..k).any(|j| w(j, &["no"])) {
        return None;
    }
    let mut late = timeout || (start..k).any(|j| w(j, LATE) || w(j, &["no"]));
    let mut v = k + 1;
    // ("of that request", "of the booking")
    if w(v, &["of", "to", "from"]) {
        v += 1;
        while v < k + 5
            && toks.get(v).is_some_and(|x| x.kind == Kind::Word)
            && !w(v, &["that", "which"])
            && !w(v, &["means", "mean", "leaves", "leave", "keeps", "keep"])
        {
            v += 1;
        }
    }
    // ("that is late", "that never comes", "which arrives too late", "that times out"), or
    // said after it ("an answer cut short")
    if w(v, &["that", "which"]) {
        let end = (v + 1..toks.len().min(v + 6))
            .find(|&j| w(j, &["means", "mean", "leaves", "leave", "keeps", "keep"]))?;
        late |= (v + 1..end)
            .any(|j| w(j, LATE) || w(j, &["never", "not", "times", "timed", "expires", "expired"]));
        v = end;
    }
    while w(v, LATE) || w(v, &["short", "off", "too"]) {
        late = true;
        v += 1;
    }
    while w(v, &["always", "then", "still", "simply", "just"]) {
        v += 1;
    }
    (late && w(v, &["means", "mean", "leaves", "leave", "keeps", "keep"])).then_some(v)
}

/// The condition words that open a clause of their own, and so govern every failure in it ("if
/// the call to the API fails", "when the tool returns an error"); the others govern a failure
/// only as their noun ("on an error", "with no answer from the API", "in case of error").
const CLAUSE_OPENS: &[&str] = &[
    "if", "when", "whenever", "once", "should", "where", "unless", "after",
];

/// Where the condition opens that holds a failure in general at the word at `k` of the sentence
/// `sent`, whose condition ends at `to`: an error, a call or request that fails, or the API
/// silent, late or down ([`api_silent`]), in a clause a condition word opens ([`CONDITIONS`],
/// or "without": "without a response from the API"), or as the noun of one ("on any error",
/// "in case of error", "after a failed call"). An error or a failure whose kind or cause is
/// named in its condition is no failure in general ("On an error of the input, …", "if the
/// request fails on a bad id, …"); a count is none ("if the request fails after 2 attempts").
/// An error or a failure denied is none ("with no error, …"). With it, whether the failure is
/// the API's silence rather than an error or a failed call.
fn failure_opens(sent: &[Tok], k: usize, to: usize) -> Option<(usize, bool)> {
    let clause = (0..k)
        .rev()
        .find(|&j| matches!(sent[j].kind, Kind::Comma | Kind::Stop))
        .map_or(0, |j| j + 1);
    let error = is_word(&sent[k], &["error", "errors"]);
    let failed = is_word(&sent[k], &["fails", "failed", "fail"])
        && sent[clause..to]
            .iter()
            .any(|x| is_word(x, &["call", "calls", "request", "requests", "tool"]));
    if error || failed {
        // (an error or a failure denied is a success: "with no error", "if the request does not
        // fail")
        if sent[clause..k]
            .iter()
            .any(|x| is_word(x, &["no", "not", "without", "never"]))
        {
            return None;
        }
        let kind_named = sent[k + 1..to].iter().any(|x| {
            is_word(
                x,
                &["of", "on", "with", "because", "due", "from", "by", "in"],
            )
        });
        if kind_named {
            return None;
        }
    } else if !api_silent(sent, k) {
        return None;
    }
    let from = (clause..k).find(|&j| {
        (is_word(&sent[j], CONDITIONS) || is_word(&sent[j], &["without"]))
            && (j == clause
                || is_word(&sent[j], CLAUSE_OPENS)
                || sent[j + 1..k].iter().all(|x| {
                    is_word(
                        x,
                        &[
                            "a", "an", "any", "the", "no", "each", "every", "case", "event", "of",
                            "late", "slow", "delayed",
                        ],
                    )
                }))
    })?;
    Some((from, !(error || failed)))
}

/// The API, the server or the link to them said not to answer, to answer late or to fail at
/// the word at `k`: an answer denied ("no answer", "does not answer", "without a response"),
/// late ("answers too late", "the answer comes late", "a lost answer"), a timeout not denied
/// ("on a timeout"), or the link, the API or the request failing ("the connection drops", "the
/// network fails", "the API times out", "the request times out", "the server is down").
fn api_silent(sent: &[Tok], k: usize) -> bool {
    let w = |j: usize, list: &[&str]| sent.get(j).is_some_and(|x| is_word(x, list));
    let answering = w(
        k,
        &[
            "answer",
            "answers",
            "answered",
            "reply",
            "replies",
            "replied",
            "response",
            "responses",
            "respond",
            "responds",
            "responded",
        ],
    );
    let denied = (k.saturating_sub(3)..k)
        .any(|j| w(j, &["no", "not", "without", "never", "none", "nothing"]));
    // ("later" is no lateness of its own: "the answer gives it later")
    let late = (k + 1..k + 4).any(|j| w(j, LATE) && !w(j, &["later"]) || w(j, &["slowly"]))
        || (k.saturating_sub(2)..k).any(|j| w(j, LATE) && !w(j, &["later"]));
    if w(k, TIMEOUTS) {
        return !denied;
    }
    // ("the request times out", "the call timed out")
    let timed_out = w(k, &["request", "requests", "call", "calls"])
        && (k + 1..k + 3).any(|j| w(j, &["times", "timed"]) && w(j + 1, &["out"]));
    // (the link, or the API or its server itself: "the connection drops", "the API times out",
    // "the server is down")
    let link = w(
        k,
        &[
            "connection",
            "connections",
            "network",
            "link",
            "api",
            "server",
            "upstream",
        ],
    ) && (k + 1..k + 4).any(|j| {
        w(
            j,
            &[
                "drops",
                "dropped",
                "drop",
                "breaks",
                "broke",
                "broken",
                "lost",
                "fails",
                "failed",
                "closes",
                "closed",
                "ends",
                "ended",
                "down",
                "cut",
                "unreachable",
                "unavailable",
                "hangs",
                "crashes",
            ],
        ) || w(j, &["times", "timed"]) && w(j + 1, &["out"])
    });
    answering && (denied || late) || link || timed_out
}

/// A change said to follow a refused answer in the predicate after its code, in one sentence:
/// the code in its subject ("A call that is refused with `SLOT_TAKEN` books the next free
/// slot", "A move that fails with `SLOT_TAKEN` releases the old slot") or joined after it ("…
/// gives `SLOT_TAKEN` and moves the patient to the waiting list", "…, and the old slot is
/// released"): after an error of the contract the API makes no change. A phrase that opens a
/// case ("… `SLOT_TAKEN` when the slot was booked by someone else") or stands in parentheses is
/// the code's case, not what follows it; a word of keeping excuses its own part ("… and the
/// appointment keeps its old slot").
fn act_after_code<'t>(toks: &'t [Tok], k: usize, text: &str) -> Option<&'t Tok> {
    if !capital_code(&toks[k], text) || !crate::codes::refused_code(&toks[k].text) {
        return None;
    }
    let end = (k + 1..toks.len())
        .find(|&j| {
            let x = &toks[j];
            x.kind == Kind::Stop
                || capital_code(x, text)
                || x.kind == Kind::Ident
                    && http_status(&x.text).is_some()
                    && !text[x.end..].trim_start().starts_with('`')
        })
        .unwrap_or(toks.len());
    let joins = |x: &Tok| is_word(x, &["and", "so", "then", "thus", "but"]);
    // (a verb that says what a thing does or is: "books", "is", "will"; not a noun's plural
    // after a determiner)
    let finite = |x: &Tok| {
        is_word(x, STATE_VERBS)
            || is_word(x, &["will", "would", "can"])
            || verb(&x.text).is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Past))
    };
    let mut depth = 0usize;
    let mut first = true;
    let mut in_case = false;
    let mut start = k + 1;
    for j in k + 1..=end {
        let boundary = j == end || toks[j].kind == Kind::Comma;
        if !boundary {
            continue;
        }
        let inside = depth > 0;
        if j < end {
            match &text[toks[j].start..toks[j].end] {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        let phrase: Vec<&Tok> = toks[start..j].iter().collect();
        start = j + 1;
        let words = words_of(&phrase);
        if inside || words.is_empty() {
            continue;
        }
        let was_first = first;
        first = false;
        let lead = words.iter().position(|w| !joins(w)).unwrap_or(words.len());
        let Some(opening) = words.get(lead) else {
            continue;
        };
        // (a case goes on, phrase by phrase, until a phrase joins a clause of its own: "… for a
        // cancelled, rejected or started appointment")
        if is_word(opening, super::cases::CASE_OPENERS)
            || is_word(opening, &["means", "mean", "meaning", "stands", "or"])
        {
            in_case = true;
            continue;
        }
        if lead > 0 {
            in_case = false;
        }
        if in_case {
            continue;
        }
        // (right after the code, only a predicate: "… `SLOT_TAKEN` books …", "… `SLOT_TAKEN`
        // and books …"; not a phrase of its case, "… `SLOT_TAKEN` to a booking made …")
        if was_first && lead == 0 && !finite(opening) {
            continue;
        }
        // (each part's claim is its words before a case opens in it: "… and is the answer when
        // the slot is taken")
        if let Some(t) = words
            .split(|w| is_word(w, &["and", "but", "while"]))
            .filter(|part| !kept_governs(part))
            .find_map(|part| {
                let claim: Vec<&Tok> = part
                    .iter()
                    .copied()
                    .take_while(|w| !is_word(w, super::cases::CASE_OPENERS))
                    .collect();
                state_said(&claim)
            })
        {
            return Some(t);
        }
    }
    None
}
