//! An appointment said to end by itself after a time: "A pending appointment expires after a
//! day", "A pending booking lapses after 48 hours", "An unconfirmed appointment is cancelled
//! after a day". The clinic API changes an appointment's status only by an act (a confirm, a
//! reject, a cancel); a pending appointment waits for its doctor however long it takes, and no
//! status has an end of its own.

use super::effects::in_condition;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that end an appointment by themselves ("expires"), or a status it is said to get
/// after "is", "gets" or "becomes" ("is cancelled").
const LAPSES: &[&str] = &["expires", "expire", "expired", "lapses", "lapse", "lapsed"];
const ENDED: &[&str] = &[
    "cancelled",
    "canceled",
    "rejected",
    "confirmed",
    "released",
    "freed",
    "dropped",
    "deleted",
    "removed",
    "closed",
    "voided",
    "void",
    "expired",
    "lapsed",
    "withdrawn",
    "discarded",
];

/// An amount of time at `toks`' start, "a day" and "an hour" included.
fn a_time(toks: &[&Tok]) -> bool {
    amount_of_time(toks)
        || toks.first().is_some_and(|x| is_word(x, &["a", "an"]))
            && toks.get(1).is_some_and(|u| is_word(u, TIME_UNITS))
}

/// An appointment or a booking (not its id or its key) said to expire, lapse or get a status
/// after a time or at a time of the clock, with no act of anyone: no status of the clinic API
/// ends by itself. A key's window is the contract's own ("with the same key within 24 hours").
pub(super) fn appointment_lapses(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    if clause.iter().any(|t| {
        is_word(
            t,
            &[
                "key",
                "keys",
                "idempotency",
                "retry",
                "replay",
                "token",
                "tokens",
            ],
        )
    }) {
        return;
    }
    let appointment = |i: usize| {
        is_word(
            clause[i],
            &[
                "appointment",
                "appointments",
                "booking",
                "bookings",
                "reservation",
                "reservations",
            ],
        ) && clause
            .get(i + 1)
            .is_none_or(|x| !is_word(x, &["id", "ids", "key", "keys"]))
    };
    // (the subject's head, not a word of a phrase in it: "an entry with no booking expires" is
    // of the entry)
    let Some(a) = (0..n).find(|&i| appointment(i)) else {
        return;
    };
    let start = (0..a)
        .rev()
        .find(|&j| clause[j].kind == Kind::Comma)
        .map_or(0, |j| j + 1);
    if clause[start..a].iter().any(|x| {
        is_word(
            x,
            &[
                "with", "without", "of", "for", "no", "to", "in", "on", "at", "by", "from",
            ],
        )
    }) {
        return;
    }
    // the verb after it: "expires", or "is" / "gets" / "becomes" + a status it ends in
    let Some(k) = (a + 1..n).find(|&i| {
        is_word(clause[i], LAPSES)
            || is_word(clause[i], ENDED)
                && is_word(
                    clause[i - 1],
                    &[
                        "is",
                        "are",
                        "gets",
                        "get",
                        "becomes",
                        "become",
                        "automatically",
                    ],
                )
            || is_word(clause[i], &["times"]) && is_word_at(clause, i + 1, &["out"])
    }) else {
        return;
    };
    // (a modal or a denial says what may or may not be done, not what happens: "can be
    // cancelled up to …", "does not expire")
    if clause[a + 1..k].iter().any(|x| {
        is_word(
            x,
            &[
                "can", "cannot", "may", "must", "might", "could", "not", "never", "no",
            ],
        )
    }) {
        return;
    }
    // (how long: "after a day", "within 48 hours", "after 2 days without an answer"; or up to a
    // time of the clock: "at midnight", "at the end of the day")
    let timed = (0..n).any(|i| {
        a_time(&clause[i..])
            && i >= 1
            && is_word(
                clause[i - 1],
                &["after", "within", "in", "past", "for", "than", "once"],
            )
            || is_word(clause[i], &["until", "at", "by"])
                && clause[i + 1..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["midnight", "noon", "end", "evening", "morning"]))
    });
    if timed && !in_condition(clause, a) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "an appointment said to end by itself after a time: the clinic API changes a status only by an act (confirm, reject, cancel), and a pending appointment waits for its doctor however long it takes".to_owned(),
        );
    }
}
