//! The error codes of the clinic API's contract and of this server.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use super::acts::statuses_an_act_takes;

/// The error codes of the clinic API, as its contract lists them, and of this server's own
/// answers (a refused argument, a declined confirmation, an unknown specialty, a busy upstream).
const API_ERRORS: &[&str] = &[
    "not_found",
    "invalid_arguments",
    "confirmation_declined",
    "unknown_specialty",
    "search_too_broad",
    "upstream_busy",
    "upstream_unavailable",
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
];

/// An error the API does not give, or gives for a status the act takes ("Outside the opening
/// hours, the answer is the error `CLINIC_CLOSED`"; "Cancel … For a confirmed appointment, the
/// answer is the error 422 `INVALID_TRANSITION`"): the agent tells a patient that an act the
/// clinic would make cannot be made.
pub(crate) fn made_up_error(text: &str, tool: &str, out: &mut Vec<Violation>) {
    let toks = tokens(text);
    let effects = own_effects(tool);
    let takes = statuses_an_act_takes(&effects);
    for (k, t) in toks.iter().enumerate() {
        // a code in a code span, named as an error ("the error 409 `X`", "gives the error `X`")
        let code = t.kind == Kind::Ident
            && text[..t.start].ends_with('`')
            && t.text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
            && toks[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, &["error", "errors"]));
        if !code {
            continue;
        }
        let start = toks[..k]
            .iter()
            .rposition(|x| x.kind == Kind::Stop)
            .map_or(0, |s| s + 1);
        let sentence = &toks[start..k];
        // (the contract has no route for a waiting list: its codes are not known here)
        let known_route = !tool.split('_').any(|p| p == "waiting");
        let why = if known_route && !API_ERRORS.contains(&t.text.as_str()) {
            "an error the clinic API does not give: a text names only the errors of its contract"
        } else if t.text == "invalid_transition"
            && sentence.iter().any(|x| is_word(x, takes))
            && !sentence.iter().any(|x| is_word(x, &["not", "no"]))
        {
            "an error said for a status the act takes: it is open for each of them"
        } else {
            continue;
        };
        push(out, Rule::Directive, t, why.to_owned());
        return;
    }
}
