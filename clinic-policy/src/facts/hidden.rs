//! The appointment a caller may not see. The clinic API answers 403 `FORBIDDEN` for an
//! appointment of another patient, doctor or clinic and 404 for an id that does not exist; this
//! server's tools of one appointment answer both alike, `APPOINTMENT_NOT_FOUND` with one message
//! (`clinic-mcp/src/tools/clinical.rs::hide_existence`), so a call reveals nothing of an
//! appointment the caller may not see. A text that gives such a tool `FORBIDDEN` or 403 has the
//! agent tell a person an id is someone else's; one that glosses `APPOINTMENT_NOT_FOUND` as an id
//! that does not exist has it tell a person the appointment is not there.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

use crate::codes::{ANOTHER_OWNER, NO_SUCH, capital_code, http_status, sentence_around};
use crate::served::ARGS;

/// Whether the tool's answer for an appointment the caller may not see is
/// `APPOINTMENT_NOT_FOUND`, as for an unknown id: every tool of one appointment, the tools with an
/// `appointment_id` argument (clinic-mcp calls `hide_existence` in each of them, and only there).
fn hides_existence(tool: &str) -> bool {
    ARGS.iter()
        .any(|a| a.tool == tool && a.name == "appointment_id")
}

/// Words that name the case the server hides besides another owner's ([`ANOTHER_OWNER`]): one
/// not open to this caller ("not open to this caller", "one the caller may not see").
const NOT_SEEN: &[&str] = &["open", "see", "sees", "seen", "caller", "access"];

/// `FORBIDDEN`, 403 or the bare `NOT_FOUND` said of a tool that hides an appointment, or
/// `APPOINTMENT_NOT_FOUND` said only of an id that names no appointment. What the API itself
/// answers may be said beside the code the tool gives ("the API's 403 reaches the agent as `APPOINTMENT_NOT_FOUND`").
pub(super) fn hidden_code_misstated(
    text: &str,
    toks: &[Tok],
    tool: &str,
    out: &mut Vec<Violation>,
) {
    if !hides_existence(tool) {
        return;
    }
    // a code as it is written: in capitals ("`FORBIDDEN`"), not the word "forbidden"; 403 is
    // the status that stands for it
    let code = |t: &Tok, c: &str| capital_code(t, text) && t.text == c;
    // (the bare `NOT_FOUND` is no code of the contract's for an id: an appointment's is
    // `APPOINTMENT_NOT_FOUND`)
    let forbidden = |t: &Tok| {
        code(t, "forbidden")
            || code(t, "not_found")
            || t.kind == Kind::Ident && http_status(&t.text).is_some_and(|c| c == ["forbidden"])
    };
    let mut k = 0;
    while k < toks.len() {
        let (s, e) = sentence_around(toks, k, text);
        k = e + 1;
        let sentence = &toks[s..e];
        let hidden = sentence.iter().find(|t| code(t, "appointment_not_found"));
        let api = sentence.iter().any(|t| is_word(t, &["api"]));
        // (the API's code said to reach the agent as the one the tool gives)
        let passed_on = |f: usize| {
            api && sentence[f + 1..]
                .iter()
                .position(|t| code(t, "appointment_not_found"))
                .is_some_and(|h| {
                    sentence[f + 1..f + 1 + h]
                        .iter()
                        .any(|x| is_word(x, &["as", "becomes", "become", "into"]))
                })
        };
        if let Some(f) = sentence
            .iter()
            .position(forbidden)
            .filter(|&f| !passed_on(f))
        {
            push(
                out,
                Rule::Directive,
                &sentence[f],
                "a code this tool does not give: an appointment the caller may not see answers `APPOINTMENT_NOT_FOUND`, as an unknown id does".to_owned(),
            );
            return;
        }
        let Some(t) = hidden else { continue };
        // "no appointment has this id", "no such appointment", "an unknown id"
        let none = sentence.iter().any(|x| is_word(x, NO_SUCH))
            || sentence
                .windows(2)
                .any(|w| is_word(&w[0], &["no"]) && is_word(&w[1], &["appointment", "such"]));
        let hidden_case = sentence
            .iter()
            .any(|x| is_word(x, ANOTHER_OWNER) || is_word(x, NOT_SEEN));
        if none && !hidden_case {
            push(
                out,
                Rule::Directive,
                t,
                "`APPOINTMENT_NOT_FOUND` said only of an id that names no appointment: this tool gives it as well for an appointment the caller may not see".to_owned(),
            );
            return;
        }
    }
}
