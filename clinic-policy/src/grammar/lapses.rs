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
/// Statuses and levels a text may say lapse: an appointment's, and the triage level's.
const STATUS_WORDS: &[&str] = &[
    "pending",
    "unconfirmed",
    "confirmed",
    "unanswered",
    "urgent",
    "elevated",
    "routine",
    "normal",
];
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
    // (a status before the noun: "a pending one", "a pending appointment")
    let of_a_status = |i: usize| i >= 1 && is_word(clause[i - 1], STATUS_WORDS);
    let appointment = |i: usize| {
        (is_word(
            clause[i],
            &[
                "appointment",
                "appointments",
                "booking",
                "bookings",
                "reservation",
                "reservations",
            ],
        ) || is_word(clause[i], &["one", "ones"]) && of_a_status(i))
            && clause
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
    // (a time before the visit: "1 day before its start")
    let before_the_visit = (0..n).any(|i| {
        a_time(&clause[i..])
            && clause[i + 2..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["before", "ahead"]))
    });
    // the verb after it: "expires", or "is" / "gets" / "becomes" / "ends as" + a status it ends
    // in, "is given up"; or "ends" of an appointment of a status, by itself or before the visit
    // (an appointment's own end is its end time: "The appointment ends at its end time")
    let Some(k) = (a + 1..n).find(|&i| {
        is_word(clause[i], LAPSES)
            || is_word(clause[i], ENDED)
                && (is_word(
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
                ) || is_word(clause[i - 1], &["as", "up"])
                    && is_word(clause[i - 2], &["ends", "end"]))
            || is_word(clause[i], &["given"])
                && is_word_at(clause, i + 1, &["up"])
                && is_word(clause[i - 1], &["is", "are", "gets", "get"])
            || is_word(clause[i], &["ends", "end"])
                && !is_word_at(clause, i + 1, &["as", "up"])
                && (of_a_status(a)
                    || before_the_visit
                    || is_word_at(clause, i + 1, &["by"]) && is_word_at(clause, i + 2, &["itself"]))
            || is_word(clause[i], &["times"]) && is_word_at(clause, i + 1, &["out"])
    }) else {
        return;
    };
    // (a modal or a denial says what may or may not be done, not what happens: "can be
    // cancelled up to …", "does not expire"; "with no intake" qualifies the noun)
    if (a + 1..k).any(|i| {
        is_word(
            clause[i],
            &[
                "can", "cannot", "may", "must", "might", "could", "not", "never",
            ],
        ) || is_word(clause[i], &["no"]) && !is_word(clause[i - 1], &["with"])
    }) {
        return;
    }
    // (how long: "after a day", "within 48 hours", "after 2 days without an answer"; or up to a
    // time of the clock: "at midnight", "at the end of the day")
    let timed = before_the_visit
        || (0..n).any(|i| {
            a_time(&clause[i..])
                && i >= 1
                && is_word(
                    clause[i - 1],
                    &["after", "within", "in", "past", "for", "than", "once"],
                )
                || is_word(clause[i], &["until", "at", "by"])
                    && clause[i + 1..].iter().take(3).enumerate().any(|(j, x)| {
                        is_word(x, &["midnight", "noon", "evening", "morning"])
                            // ("at the end of the day"; not "at that time end as …")
                            || is_word(x, &["end"]) && is_word_at(clause, i + 2 + j, &["of"])
                    })
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

/// A status or a triage level said to hold for a time and then to change, or to change after a
/// time, with no appointment named ("pending for at most 2 days, then cancelled", "pending 1 day
/// at most, then given up", "routine after 7 days"): a status changes only by an act, and the
/// triage level is set once, at the intake.
pub(super) fn status_lapses(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    // ("no more than 3 days" is a length)
    let denied = (0..n).any(|i| {
        is_word(clause[i], NEGATIONS)
            || is_word(clause[i], &["until", "till", "unless"])
            || is_word(clause[i], &["no"]) && !is_word_at(clause, i + 1, &["more", "longer"])
    });
    if denied {
        return;
    }
    let Some(s) = (0..n).find(|&i| {
        is_word(clause[i], STATUS_WORDS)
            && clause
                .get(i + 1)
                .is_none_or(|x| !is_word(x, &["appointment", "appointments", "one", "ones"]))
    }) else {
        return;
    };
    // (how long it holds, right after the status: "for at most 2 days", "3 days at most",
    // "after 7 days")
    let Some(t) = (s + 1..n.min(s + 6)).find(|&i| a_time(&clause[i..])) else {
        return;
    };
    let lead = &clause[s + 1..t];
    let held = lead.iter().all(|x| {
        is_word(
            x,
            &[
                "for", "at", "most", "up", "to", "no", "more", "longer", "than", "still",
            ],
        )
    });
    let after = lead.len() == 1 && is_word(lead[0], &["after", "within", "in", "past"]);
    if !held && !after {
        return;
    }
    // (and what it turns into: "then cancelled", "then given up", "then `routine`")
    let then = clause[t + 2..].iter().enumerate().find_map(|(i, x)| {
        is_word(x, &["then"]).then(|| {
            clause[t + 3 + i..]
                .iter()
                .take(3)
                .find(|y| is_word(y, ENDED) || is_word(y, STATUS_WORDS) || is_word(y, &["given"]))
        })?
    });
    let hit = if after {
        Some(clause[s])
    } else {
        then.copied()
    };
    if let Some(x) = hit {
        push(
            out,
            Rule::Directive,
            x,
            "a status or a triage level said to change by itself after a time: the clinic API changes a status only by an act (confirm, reject, cancel), and the triage level is set once, at the intake".to_owned(),
        );
    }
}

/// What a text may say lapses: a key's window (the contract's 24 hours), a sign-in token, a
/// cache of the server's.
const LAPSING: &[&str] = &[
    "key",
    "keys",
    "idempotency",
    "token",
    "tokens",
    "cache",
    "cached",
    "session",
    "sessions",
    "link",
    "links",
];

/// Anything said to expire, lapse, run out or time out, or to hold only for a time, after or
/// within an amount of time ("it expires after 48 hours", "the urgency lapses in 2 days", "the
/// result runs out after a week", "valid for 24 hours"), its subject a pronoun or any noun: no
/// appointment, status, priority, slot or intake of the clinic API ends by itself, and a key's
/// window or a token's life is the one thing that lapses (named in the text, the lapse is its).
/// A denial ("it does not expire") and a condition are no claim of a lapse.
pub(super) fn lapse_after_a_time(clause: &[&Tok], toks: &[Tok], out: &mut Vec<Violation>) {
    if toks.iter().any(|t| is_word(t, LAPSING)) {
        return;
    }
    let n = clause.len();
    let hit = (0..n).find(|&k| {
        let t = clause[k];
        let lapse = is_word(t, LAPSES)
            || is_word(t, &["runs", "run", "times", "time"]) && is_word_at(clause, k + 1, &["out"])
            || is_word(t, &["valid", "good"]) && is_word_at(clause, k + 1, &["for", "only"]);
        if !lapse {
            return false;
        }
        // (a time right after, through "after", "within", "in", "for", "past", "once", "only
        // for", "up to"): "after 48 hours", "in a day", "for 2 days"
        (k + 1..(k + 6).min(n)).any(|i| {
            a_time(&clause[i..])
                && clause[k + 1..i].iter().all(|x| {
                    is_word(
                        x,
                        &[
                            "out", "after", "within", "in", "for", "past", "once", "only", "up",
                            "to", "at", "most", "about", "some", "than", "more", "less", "by",
                        ],
                    )
                })
        }) || clause[k + 1..].iter().take(2).enumerate().any(|(j, x)| {
            // ("at midnight", "by the end of the day")
            is_word(x, &["at", "by", "on"])
                && clause[k + 2 + j..]
                    .iter()
                    .take(3)
                    .enumerate()
                    .any(|(i, y)| {
                        is_word(y, &["midnight", "noon", "evening", "morning"])
                            || is_word(y, &["end"]) && is_word_at(clause, k + 3 + j + i, &["of"])
                    })
        })
    });
    let Some(k) = hit else { return };
    // (a denial or a condition says no lapse happens: "it does not expire", "if it expires"; a
    // value may have a life of its own: "Each cursor …", "the code expires …"; an id names a
    // slot, an appointment or an intake, which the clinic API reads by id at any time, so "its
    // id expires after 24 hours" is the thing's lapse)
    if clause[..k].iter().any(|x| {
        is_word(x, NEGATIONS)
            || is_word(x, &["no", "if", "unless", "when", "cursor", "cursors"])
            || is_word(x, VALUE_HEADS) && !is_word(x, &["id", "ids"])
    }) {
        return;
    }
    push(
        out,
        Rule::Directive,
        clause[k],
        "a thing of the clinic said to lapse after a time: no appointment, status, priority, slot or intake ends by itself; only a key's window and a sign-in token lapse".to_owned(),
    );
}

/// An idempotency key said to lapse after another time than the contract's window ("the key
/// expires after 1 hour", "valid for 7 days"): the same key with the same body answers the first
/// result within 24 hours. Told a shorter window, the agent makes a new key for a retry and books
/// twice; told a longer one, it reuses a key after the window and books again.
pub(super) fn key_window_misstated(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    if !clause
        .iter()
        .any(|t| is_word(t, &["key", "keys", "idempotency"]))
    {
        return;
    }
    let lapse = |k: usize| {
        is_word(clause[k], LAPSES)
            || is_word(clause[k], &["lasts", "last"])
            || is_word(clause[k], &["runs", "run"]) && is_word_at(clause, k + 1, &["out"])
            || is_word(clause[k], &["valid", "good"]) && is_word_at(clause, k + 1, &["for"])
    };
    // the amount after the lapse word: digits or a number word, then its unit
    let amount = |i: usize| -> Option<(u32, &str)> {
        let x = clause.get(i)?;
        let unit = clause.get(i + 1)?;
        if !is_word(unit, TIME_UNITS) {
            return None;
        }
        // ("a second request" is an ordinal, not a time)
        let v = if is_word(x, &["a", "an", "one"]) {
            if is_word(unit, &["second"]) {
                return None;
            }
            1
        } else {
            x.text.parse().ok()?
        };
        Some((v, unit.text.as_str()))
    };
    // (or a time the key is said to be new, free or usable again after: "after 1 hour the key
    // is new again")
    // (said of the key itself: "the key is new again", not "retry again in 5 seconds")
    let renewed = (0..n).any(|j| {
        is_word(
            clause[j],
            &[
                "new", "fresh", "free", "reset", "again", "reusable", "unused", "usable",
            ],
        ) && clause[j.saturating_sub(3)..j]
            .iter()
            .any(|x| is_word(x, &["key", "keys"]))
    });
    for k in
        (0..n).filter(|&k| lapse(k) || renewed && is_word(clause[k], &["after", "in", "within"]))
    {
        let Some((v, unit)) = (k + 1..(k + 5).min(n)).find_map(amount) else {
            continue;
        };
        let hours = match unit.to_ascii_lowercase().trim_end_matches('s') {
            "hour" => Some(v),
            "day" => v.checked_mul(24),
            _ => None,
        };
        if hours != Some(24) {
            push(
                out,
                Rule::Directive,
                clause[k],
                "an idempotency key said to lapse after another time than the contract's: the same key with the same body answers the first result within 24 hours".to_owned(),
            );
            return;
        }
    }
}
