//! "Refused": the server's or the clinic API's answer to a call that fails with an error code,
//! and nothing else ("A second intake is refused with `INTAKE_EXISTS`"). The word is approved
//! for that sense only: said of a request with its code in the sentence, as the participle after
//! "is", "are" or "be". A status is `rejected` (the contract has no `refused` status: "Cancel sets
//! the status to refused", "a refused appointment"), a person's refusal is a decision the tools
//! do not record ("Appointments the doctor refused"), and "refused" with no code ("A confirmed
//! appointment is refused") is an answer no error reading can weigh.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The words before "refused" that make it the passive of a call's answer.
const PASSIVE: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "being", "gets", "get",
];

/// Words that may stand between the copula and "refused" ("is then refused", "is always
/// refused"). A denied refusal ("is not refused with `SLOT_TAKEN`") is not among them: it says a
/// call succeeds where its code answers, which no error reading weighs.
const BETWEEN: &[&str] = &["then", "also", "always", "still", "again", "first"];

/// "Refused" said without an error code of its sentence (`coded`: the clause, or the one before
/// it in its sentence, names a code of an answer that makes no change, or an HTTP status), or
/// not as the passive of a call's answer.
pub(super) fn refused_without_its_code(clause: &[&Tok], coded: bool, out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, &["refused"]) {
            continue;
        }
        let passive = clause[..k]
            .iter()
            .rev()
            .find(|x| !is_word(x, BETWEEN))
            .is_some_and(|x| is_word(x, PASSIVE));
        if coded && passive {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "\"refused\" said other than as the answer to a call that fails with its error code (\"is refused with `INTAKE_EXISTS`\"): a status is `rejected`, a person's refusal no tool records, and a refusal without its code no reader can weigh".to_owned(),
        );
        return;
    }
}
