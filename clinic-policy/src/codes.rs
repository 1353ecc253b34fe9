//! The codes of the clinic API's contract and of this server, which of them may leave a change
//! made, the HTTP status each stands for, and where a text names one as its answer in a
//! condition ("If the answer is `X`, …"). The readings of what a code is said to mean or to be
//! given for (`errors`, `cases`, `glosses`) stand on these.

use crate::lang::words::*;

/// The error codes of the clinic API, as its contract lists them, and of this server's own
/// answers (a refused argument, a declined confirmation, an unknown specialty, a busy upstream).
pub(super) const API_ERRORS: &[&str] = &[
    "not_found",
    "invalid_arguments",
    "confirmation_declined",
    "unknown_specialty",
    "search_too_broad",
    "upstream_busy",
    "upstream_unavailable",
    "upstream_timeout",
    "upstream_error",
    "upstream_invalid_response",
    "upstream_redirect",
    "shutting_down",
    "audit_unavailable",
    "missing_token",
    "invalid_token_format",
    "role_not_permitted",
    "internal_error",
    "validation_error",
    "auth_required",
    "auth_invalid",
    "forbidden",
    "doctor_not_found",
    "slot_not_found",
    "slot_taken",
    "appointment_not_found",
    "invalid_transition",
    "idempotency_key_conflict",
    "rate_limited",
    "intake_exists",
    "intake_not_found",
    "no_oncall_doctor",
    "cancelled",
];

/// The codes after which a change may have been made: no answer from the clinic API, one that
/// could not be read, a fault of this server's, or a call the client cancelled while its request
/// was under way (the server's `ErrorCode::outcome_unknown`, with the internal and audit faults
/// and `CANCELLED`). `cancelled` is also a status: a code is read only in capitals.
pub(super) const LOST: &[&str] = &[
    "upstream_unavailable",
    "upstream_timeout",
    "upstream_error",
    "upstream_invalid_response",
    "internal_error",
    "audit_unavailable",
    "cancelled",
];

/// A code of the contract or of this server (lower case).
pub(crate) fn known_code(code: &str) -> bool {
    API_ERRORS.contains(&code)
}

/// A code of a lost answer, after which the change may be made (lower case).
pub(crate) fn lost_code(code: &str) -> bool {
    LOST.contains(&code)
}

/// A code of an answer in which the API made no change (lower case).
pub(crate) fn refused_code(code: &str) -> bool {
    API_ERRORS.contains(&code) && !LOST.contains(&code)
}

/// The tool is of a route of the contract, whose codes are known here: the contract has no
/// route for a waiting list.
pub(super) fn known_route(tool: &str) -> bool {
    !tool.split('_').any(|p| p == "waiting")
}

/// The codes an HTTP status stands for in the contract.
pub(crate) fn http_status(n: &str) -> Option<&'static [&'static str]> {
    Some(match n {
        "400" => &["validation_error"],
        "401" => &["auth_required", "auth_invalid"],
        "403" => &["forbidden"],
        "404" => &[
            "doctor_not_found",
            "slot_not_found",
            "appointment_not_found",
            "intake_not_found",
        ],
        "409" => &["slot_taken", "intake_exists", "no_oncall_doctor"],
        "422" => &["invalid_transition", "idempotency_key_conflict"],
        "429" => &["rate_limited"],
        _ => return None,
    })
}

/// A code of the contract or of this server, as codes are written: in capitals.
pub(super) fn capital_code(x: &Tok, text: &str) -> bool {
    API_ERRORS.contains(&x.text.as_str())
        && !text[x.start..x.end].bytes().any(|b| b.is_ascii_lowercase())
}

/// The words that say an appointment or an id is another person's, clinic's or role's: the case
/// of 403 `FORBIDDEN` ("of another patient", "someone else's", "the caller's own", "a role that
/// may not").
pub(super) const ANOTHER_OWNER: &[&str] = &[
    "role",
    "roles",
    "owner",
    "owners",
    "own",
    "another",
    "other",
    "others",
    "else",
    "tenant",
    "different",
    "belongs",
];

/// The words that say an id names nothing: the case of a 404 ("an unknown id", "does not
/// exist", "a deleted appointment").
pub(super) const NO_SUCH: &[&str] = &[
    "unknown",
    "exist",
    "exists",
    "existing",
    "nonexistent",
    "missing",
    "deleted",
];

/// The sentence around the token at `k`: from the mark that ends the one before (a `;` or a `:`
/// too) to the mark that ends its own (a `;` too, not a `:`, which opens what it is said of).
pub(super) fn sentence_around(toks: &[Tok], k: usize, text: &str) -> (usize, usize) {
    let s = (0..k)
        .rev()
        .find(|&j| toks[j].kind == Kind::Stop)
        .map_or(0, |j| j + 1);
    let e = (k + 1..toks.len())
        .find(|&j| toks[j].kind == Kind::Stop && &text[toks[j].start..toks[j].end] != ":")
        .unwrap_or(toks.len());
    (s, e)
}

/// The words that open a clause on a condition: "If (the answer is) `X`, …", "When `X` is the
/// answer, …", "In case of `X`, …", "With the error `X`, …", "Should the answer be `X`, …".
pub(super) const CONDITIONS: &[&str] = &[
    "if", "when", "whenever", "once", "on", "upon", "after", "with", "for", "in", "should",
    "given", "where", "unless",
];

/// The words between a condition and its code, or its code and the comma: the answer named.
pub(super) const ANSWER_WORDS: &[&str] = &[
    "the", "a", "an", "answer", "answers", "error", "code", "status", "result", "is", "be", "are",
    "tool", "api", "call", "gives", "returns", "comes", "back", "of", "case", "or", "and",
];

/// Where the gloss of the code at `k` opens when a condition opens its clause ("If the answer
/// is `UPSTREAM_TIMEOUT`, …", "When the answer is `SLOT_TAKEN`, …", "If `X`, …"): after the
/// comma that ends the condition.
pub(super) fn condition_opens(toks: &[Tok], k: usize, text: &str) -> Option<usize> {
    let start = (0..k)
        .rev()
        .find(|&j| matches!(toks[j].kind, Kind::Stop | Kind::Comma))
        .map_or(0, |j| j + 1);
    if k == start || k - start > 6 || !is_word(&toks[start], CONDITIONS) {
        return None;
    }
    let answer = |x: &Tok| {
        is_word(x, ANSWER_WORDS)
            || capital_code(x, text)
            || x.kind == Kind::Ident && http_status(&x.text).is_some()
            || x.kind == Kind::Comma && matches!(&text[x.start..x.end], "(" | ")")
    };
    // (only the answer between them: "If the domain is `MANUAL`, …" names a value, not an answer)
    if !toks[start + 1..k]
        .iter()
        .all(|x| answer(x) && !capital_code(x, text))
    {
        return None;
    }
    let mut j = k + 1;
    while let Some(x) = toks.get(j) {
        if x.kind == Kind::Comma && !matches!(&text[x.start..x.end], "(" | ")") {
            return Some(j + 1);
        }
        if !answer(x) || j - k > 5 {
            return None;
        }
        j += 1;
    }
    None
}

/// The tools of this server that answer each code only some of its routes give (the contract's
/// routes and the server's own checks, `clinic-mcp/src/tools/*.rs`); `None` for a code any tool
/// may answer (a lost answer, a refused argument, a token, the API's own `VALIDATION_ERROR`).
/// No tool reads an intake, so none answers `INTAKE_NOT_FOUND`; a public tool checks no role
/// and takes no token.
pub(super) fn tools_answering(code: &str) -> Option<&'static [&'static str]> {
    const MOVES: &[&str] = &["book_appointment", "reschedule_appointment"];
    const ONE_APPOINTMENT: &[&str] = &[
        "get_appointment",
        "cancel_appointment",
        "reschedule_appointment",
        "record_intake",
        "confirm_appointment",
        "reject_appointment",
        "escalate_to_oncall",
        "list_doctor_schedule",
    ];
    const CHANGES_ONE: &[&str] = &[
        "cancel_appointment",
        "reschedule_appointment",
        "record_intake",
        "confirm_appointment",
        "reject_appointment",
        "escalate_to_oncall",
    ];
    const SIGNED_IN: &[&str] = &[
        "list_my_appointments",
        "get_appointment",
        "book_appointment",
        "reschedule_appointment",
        "cancel_appointment",
        "record_intake",
        "list_doctor_schedule",
        "confirm_appointment",
        "reject_appointment",
        "search_protocols",
        "escalate_to_oncall",
    ];
    Some(match code {
        "slot_taken" | "slot_not_found" | "idempotency_key_conflict" => MOVES,
        "intake_exists" => &["record_intake"],
        "intake_not_found" => &[],
        "no_oncall_doctor" => &["escalate_to_oncall"],
        "unknown_specialty" => &["list_doctors", "find_available_slots"],
        "search_too_broad" | "doctor_not_found" => &["find_available_slots"],
        "appointment_not_found" => ONE_APPOINTMENT,
        "invalid_transition" => CHANGES_ONE,
        "confirmation_declined" => &["cancel_appointment", "reject_appointment"],
        // (a public route checks no role and no owner: only a signed-in tool meets 403)
        "role_not_permitted" | "missing_token" | "invalid_token_format" | "forbidden" => SIGNED_IN,
        _ => return None,
    })
}

/// The words that name the act of a tool, by the first word of its name: its verb and nouns
/// ("book", "booking"), then its participles ("booked"). A sentence that names another tool's
/// act says what that act answers ("a booking may then find it taken, with `SLOT_TAKEN`").
const ACTS: &[(&str, &[&str], &[&str])] = &[
    (
        "book",
        &["book", "books", "booking", "bookings"],
        &["booked"],
    ),
    (
        "reschedule",
        &[
            "reschedule",
            "reschedules",
            "rescheduling",
            "move",
            "moves",
            "moving",
        ],
        &["moved", "rescheduled"],
    ),
    (
        "record",
        &[
            "record",
            "records",
            "recording",
            "submit",
            "submits",
            "submission",
        ],
        &["recorded", "submitted"],
    ),
    (
        "escalate",
        &["escalate", "escalates", "escalation", "escalations"],
        &["escalated"],
    ),
    (
        "cancel",
        &["cancel", "cancels", "cancellation", "cancellations"],
        &["cancelled", "canceled"],
    ),
    (
        "reject",
        &["reject", "rejects", "rejection", "rejections"],
        &["rejected"],
    ),
    (
        "confirm",
        &["confirm", "confirms", "confirmation", "confirmations"],
        &["confirmed"],
    ),
    ("find", &["search", "searches", "searching"], &[]),
    ("get", &["read", "reads", "reading"], &[]),
];

/// The verb and nouns of the act of a tool, by the first word of its name. (A participle is no
/// act: "a slot booked by another patient" is a state.)
pub(super) fn act_words(first: &str) -> &'static [&'static str] {
    ACTS.iter().find(|a| a.0 == first).map_or(&[], |a| a.1)
}

/// The participles of the act of a tool, by the first word of its name ("booked", "moved"):
/// the act done, read as the act only where the sentence says it is done ("when cancelled").
pub(super) fn act_participles(first: &str) -> &'static [&'static str] {
    ACTS.iter().find(|a| a.0 == first).map_or(&[], |a| a.2)
}
