//! What an error code or a status is said to mean. A code's meaning and a status's are the
//! contract's: a gloss ("`SLOT_TAKEN` means the move is done", "422 is the answer for a late
//! fee", "`rejected` is the status of a visit with the oncall doctor") is read against what the
//! code or status stands for, and a gloss with none of its meaning is refused. The agent tells
//! the patient the gloss, not the code.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::TRIAGE_BANDS;
use super::errors::{API_ERRORS, LOST, for_a_status_taken, http_status, made_up_case};

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
        "forbidden" => (
            &[
                "role",
                "roles",
                "owner",
                "owners",
                "own",
                "another",
                "other",
                "else",
                "tenant",
                "different",
                "belongs",
            ],
            false,
        ),
        "not_found" => (&["unknown", "found", "exist", "exists", "such"], true),
        "doctor_not_found" => (&["doctor", "found", "exist", "exists", "such"], true),
        "slot_not_found" => (&["slot", "found", "exist", "exists", "such"], true),
        "appointment_not_found" => (&["appointment", "found", "exist", "exists", "such"], true),
        "intake_not_found" => (&["intake", "form", "found", "exist", "exists"], true),
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
            || x.kind != Kind::Stop && API_ERRORS.contains(&x.text.as_str())
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
    let lost = LOST.contains(&code);
    let as_it_was = words
        .windows(2)
        .any(|w| is_word(w[0], &["as"]) && is_word(w[1], &["it", "before"]));
    // (a lost answer's change is said as what may be: "the booking may be done or not", "unknown
    // whether it is booked"; a "may" of something else, "the API may be down", is none)
    let maybe = lost
        && (words.iter().any(|x| is_word(x, &["unknown", "whether"]))
            || words.iter().any(|x| is_word(x, &["may", "might"]))
                && words
                    .windows(2)
                    .any(|w| is_word(w[0], &["or"]) && is_word(w[1], &["not"])));
    let failed = words
        .iter()
        .any(|x| is_word(x, &["failed", "fails", "failure"]));
    if lost && !maybe && (kept || none_done || as_it_was || failed) {
        return false;
    }
    if short && (kept || none_done) {
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
            && gloss_opens(toks, k, text).is_some()
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
        let Some(from) = gloss_opens(toks, k, text) else {
            continue;
        };
        // (what follows a lost answer is read to its sentence's end: "On `UPSTREAM_TIMEOUT`,
        // the API did not answer; no appointment is booked")
        let gloss = gloss_of(toks, from, text, codes.iter().any(|c| LOST.contains(c)));
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
        if core.is_empty() || !text[..t.start].ends_with('`') {
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
