//! What a change leaves. A move takes the new slot's doctor and leaves the appointment
//! `pending`; an escalation hands it to the oncall doctor. A text that says otherwise has the
//! agent tell a patient their confirmed visit stands, with the same doctor.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// What each changing act can change about the appointment, and whether its status is one of
/// them: a move gives the new slot's doctor and `pending` again, an escalation the oncall doctor
/// and the priority `urgent` (its status stays).
fn what_changes(effects: &[&str]) -> Option<(&'static [&'static str], bool)> {
    // (an escalation's effects hold "move" too: it moves the appointment to another doctor)
    if effects.contains(&"escalate") {
        Some((&["doctor", "doctors", "priority"], false))
    } else if effects.iter().any(|e| matches!(*e, "move" | "reschedule")) {
        Some((
            &["doctor", "doctors", "confirmation", "confirmations"],
            true,
        ))
    } else {
        None
    }
}

const STAYS: &[&str] = &["stays", "stay", "remains", "remain", "is", "are"];
const KEEPS: &[&str] = &[
    "keeps", "keep", "retains", "retain", "carries", "carry", "holds",
];

/// A change said to leave what it changes ("The doctor stays the same after the move", "A
/// confirmed appointment moves with its confirmation", "stays confirmed", "the doctor does not
/// change" of an escalation). Passes when denied, when a condition names the slot or the doctor
/// ("when the new slot is the same doctor's"), and when the clause is about a refusal, where
/// nothing changes ("On `SLOT_TAKEN`, the appointment keeps its doctor").
pub(crate) fn change_kept(
    clause: &[&Tok],
    toks: &[Tok],
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let Some((changes, status_changes)) = what_changes(effects) else {
        return;
    };
    if clause.is_empty() {
        return;
    }
    // (the clause's sentence: "On a failure, the status stays the same")
    let sentence = {
        let (from, to) = (clause[0].start, clause[clause.len() - 1].end);
        let first = toks
            .iter()
            .rposition(|x| x.kind == Kind::Stop && x.end <= from)
            .map_or(0, |i| i + 1);
        let last = toks[first..]
            .iter()
            .position(|x| x.kind == Kind::Stop && x.start >= to)
            .map_or(toks.len(), |i| first + i);
        &toks[first..last]
    };
    let refusal = sentence.iter().any(|x| {
        x.kind == Kind::Ident
            || is_word(
                x,
                &[
                    "error", "errors", "fails", "fail", "failed", "failure", "refused", "nothing",
                    "conflict", "taken",
                ],
            )
    });
    let conditioned = clause.windows(2).enumerate().any(|(k, w)| {
        is_word(w[0], &["when", "if", "unless", "only"])
            && clause[k + 1..]
                .iter()
                .any(|x| is_word(x, &["slot", "slots", "doctor", "doctor's"]))
    });
    if refusal || conditioned {
        return;
    }
    let subject =
        |x: &Tok| is_word(x, changes) || status_changes && is_word(x, &["status", "statuses"]);
    let denied = |k: usize| {
        clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "longer"]))
    };
    let at = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    let hit = (0..clause.len()).find(|&k| {
        let before = |n: usize| clause[k.saturating_sub(n)..k].iter().any(|x| subject(x));
        // "<doctor> stays the same", "… remains unchanged", "… is the same after the move"
        let same = at(k, STAYS)
            && (at(k + 1, &["the"]) && at(k + 2, &["same"]) || at(k + 1, &["unchanged"]))
            && before(4);
        // "stays confirmed", "is still confirmed": a moved appointment is pending again
        let confirmed = status_changes
            && (at(k, &["stays", "stay", "remains", "remain"])
                || at(k, &["still"]) && k >= 1 && at(k - 1, &["is", "are"]))
            && at(k + 1, &["confirmed"]);
        // "keeps its doctor", "moves with its confirmation"
        let owned = |j: usize| {
            at(j, &["its", "the", "their", "same", "old"])
                && clause.get(j + 1).is_some_and(|x| subject(x))
                || clause.get(j).is_some_and(|x| subject(x))
        };
        let keeps = at(k, KEEPS) && owned(k + 1);
        let with = at(k, &["moves", "move", "goes", "go"]) && at(k + 1, &["with"]) && owned(k + 2);
        // "<doctor> does not change"
        let unchanged = at(k, &["change", "changes"])
            && k >= 2
            && at(k - 1, NEGATIONS)
            && at(k - 2, &["does", "do"])
            && before(5);
        (same || confirmed || keeps || with || unchanged) && (unchanged || !denied(k))
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a change said to leave what it changes: a move takes the new slot's doctor and leaves the appointment pending, and an escalation hands it to the oncall doctor".to_owned(),
        );
    }
}
