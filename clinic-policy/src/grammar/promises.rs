//! What a statement promises or says happened that the clinic's answer alone can say: a value
//! kept from the patient by "neither … nor", an error said to be a success, a page said to be
//! empty, a hold or a time a reading tool cannot give, what an insurer pays, an example that
//! picks, a pick said as what comes next, a cost or a change that follows by itself, and an
//! amount of money.

use super::effects::in_condition;
use crate::lang::predicates::NUMBER_WORDS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Words that say a person sees or gets a value.
const SEEING: &[&str] = &[
    "see", "sees", "seen", "shown", "show", "shows", "get", "gets", "read", "reads", "told",
    "knows", "know",
];

/// A value kept from a person by "neither … nor …" ("Neither the patient nor the guardian sees
/// it", "seen by neither the patient nor a guardian"): negated showing, whatever the verb.
pub(super) fn neither_sees(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause.iter().position(|t| is_word(t, &["neither"])) else {
        return;
    };
    let person = clause[k + 1..]
        .iter()
        .take(4)
        .any(|t| is_word(t, PATIENT_SIDE) || is_word(t, PEOPLE));
    if person && clause.iter().any(|t| is_word(t, SEEING)) {
        push(
            out,
            Rule::Concealment,
            clause[k],
            "\"neither … nor …\" keeps a value from a person; say who sees it, positively"
                .to_owned(),
        );
    }
}

/// Words that say a change was made, or a call succeeded.
const DONE: &[&str] = &[
    "complete",
    "completed",
    "done",
    "successful",
    "success",
    "booked",
    "cancelled",
    "canceled",
    "confirmed",
    "submitted",
    "refunded",
    "paid",
    "moved",
    "rescheduled",
    "escalated",
    "joined",
    "sent",
    "saved",
    "recorded",
    "made",
    "applied",
    "through",
];

/// An error or a failure said to leave the change made ("On 409 the booking is complete", "On
/// `ONCALL_BUSY`, the escalation was made"): the reader reports a success that did not happen.
/// What the error says of another's object passes ("On 409 the slot is already booked by
/// another patient"), as does what is not done, but beside a code of a lost answer (`lost`),
/// after which the change may be made ("On `INTERNAL_ERROR` or 429, nothing is booked"), or
/// beside a timeout. On a tool that changes something (`changes`), what a timeout in words
/// leaves, made or unmade, is a lost answer's, read with the other lost answers in words
/// (`facts::glosses`); on another a timeout is read here as any error is.
pub(super) fn failure_as_success(
    clause: &[&Tok],
    lost: bool,
    changes: bool,
    out: &mut Vec<Violation>,
) {
    let failure = |k: usize| {
        let t = clause[k];
        (t.kind == Kind::Ident
            && t.text.len() == 3
            && (t.text.starts_with('4') || t.text.starts_with('5'))
            && t.text.bytes().all(|b| b.is_ascii_digit()))
            || is_word(t, TIMEOUTS)
            || is_word(t, &["error", "errors", "failure", "failures"])
    };
    // after "on", "after", "with" or "at" (an error's code too: "On `ONCALL_BUSY`, …"), or
    // as what "means" something ("An error means the escalation was made")
    let Some(f) = (0..clause.len()).find(|&k| {
        let after = clause[..k]
            .iter()
            .rev()
            .take(2)
            .any(|x| is_word(x, &["on", "after", "with", "at"]));
        let means = clause
            .get(k + 1)
            .is_some_and(|x| is_word(x, &["means", "meant"]))
            && clause[..k].iter().all(|x| is_word(x, DETERMINERS));
        (failure(k) && (after || means)) || (after && is_word(clause[k], &["code"]))
    }) else {
        return;
    };
    // (a timeout is a lost answer in words, as its code is: "On a timeout, nothing is booked")
    let timeout = is_word(clause[f], TIMEOUTS);
    let lost = lost || timeout;
    // (on a tool that changes something, what a timeout leaves is read in `facts::glosses`)
    let left_to_glosses = timeout && changes;
    let rest = &clause[f + 1..];
    // what the error says of another's object, or of the same object unchanged
    let excused = rest
        .iter()
        .any(|x| is_word(x, &["already", "another", "other", "unchanged", "same"]));
    // a negation before the word in its own phrase says it is not done ("nothing is booked",
    // "the booking is not complete"), as "may" does with "or not" ("may be done or not"); one
    // after it does not ("complete, not pending")
    let either = rest.windows(2).any(|w| {
        is_word(w[0], &["or"])
            && (is_word(w[1], &["not"])
                // ("may or may not be done")
                || is_word(w[1], &["may", "might"]))
    });
    let denied = |j: usize| {
        rest[..j]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| {
                is_word(x, &["not", "no", "never", "nothing", "none", "nobody"])
                    || (either && is_word(x, &["may", "might"]))
            })
    };
    // ("it is unknown whether the move is done", "whether it is booked is unknown": said as
    // what may be)
    let hedged = rest.iter().any(|x| is_word(x, &["whether", "unknown"]));
    // after a lost answer the change may be made: "may have been made" in its own phrase says
    // what the server must tell (after a refusal it is not made, and "may" claims it)
    let maybe = |j: usize| {
        lost && rest[..j]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, &["may", "might"]))
    };
    let made = |j: usize| is_word(rest[j], DONE) && !denied(j) && !hedged && !maybe(j);
    // a person's side of a change said to follow: "the doctor sees the intake", "the oncall
    // doctor has the escalation", "the appointment is in the new slot"
    let follows = |j: usize| {
        is_word(rest[j], &["sees", "has", "gets", "is"])
            && rest
                .get(j + 1)
                .is_some_and(|n| is_word(n, &["the"]) || is_word(n, &["in", "first", "on"]))
            && rest.iter().any(|y| is_word(y, PEOPLE) || is_word(y, MADE))
            && !denied(j)
    };
    // (a done word anywhere is found before a person's side of a change)
    let done = (!excused && !left_to_glosses)
        .then(|| {
            (0..rest.len())
                .find(|&j| made(j))
                .or_else(|| (0..rest.len()).find(|&j| follows(j)))
        })
        .flatten()
        .map(|j| rest[j]);
    if let Some(t) = done {
        push(
            out,
            Rule::Directive,
            t,
            "an error or a failure said to leave the change made: a text says what an error means, never that it is a success".to_owned(),
        );
        return;
    }
    let unmade = (lost && !left_to_glosses)
        .then(|| {
            (0..rest.len()).find(|&j| is_word(rest[j], DONE) && denied(j) && !either && !hedged)
        })
        .flatten();
    if let Some(j) = unmade {
        push(
            out,
            Rule::Directive,
            rest[j],
            "a lost answer said to leave the change unmade: after it the change may be made, and a second request with the same key shows which".to_owned(),
        );
        return;
    }
    // … or to mean more than the call failed: no care, the clinic closed, each entry invalid
    // (of the clinic, a person or every entry: "the input is invalid" and "the waiting list is
    // closed" are what an error means)
    let widely = rest
        .iter()
        .any(|x| is_word(x, &["each", "every", "all", "clinic"]) || is_word(x, PATIENT_SIDE));
    let lost = rest.iter().enumerate().find(|&(j, x)| {
        widely && is_word(x, &["closed", "invalid", "off"])
            || (is_word(x, &["no"])
                // ("no slot is booked" says the change is not made)
                && !rest[j + 1..].iter().take(3).any(|y| is_word(y, DONE))
                && rest.get(j + 1).is_some_and(|y| {
                    is_word(
                        y,
                        &[
                            "doctor",
                            "doctors",
                            "care",
                            "protocol",
                            "protocols",
                            "slot",
                            "slots",
                            "treatment",
                        ],
                    )
                }))
    });
    if let Some((_, t)) = lost {
        push(
            out,
            Rule::Directive,
            t,
            "an error or a failure said to mean more than the call failed: a text says what an error means".to_owned(),
        );
    }
}

/// A time of day or a date that ends a value's use ("valid until noon", "open until midnight"),
/// or what is left of it ("valid for one more hour"): haste by the clock, which the clinic's
/// answer gives when it holds. How long a value lasts is a fact ("Slot ids expire after 10
/// minutes").
pub(super) fn clock_deadline(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 0..clause.len() {
        let w = |j: usize, list: &[&str]| clause.get(j).is_some_and(|t| is_word(t, list));
        let one_more = w(k, &["more"])
            && k >= 1
            && w(k - 1, &["one", "two", "a", "an"])
            && w(k + 1, TIME_UNITS);
        let until_a_time = w(k, &["until", "till"])
            && k >= 1
            && w(
                k - 1,
                &[
                    "valid",
                    "open",
                    "available",
                    "pending",
                    "kept",
                    "held",
                    "free",
                ],
            )
            && (w(k + 1, &["noon", "midnight", "tomorrow", "tonight", "today"])
                || (w(k + 1, &["the"]) && w(k + 2, &["end"])));
        if one_more || until_a_time {
            push(
                out,
                Rule::Directive,
                clause[k],
                "haste by the clock: a value said to end at a time of day, or what is left of it, which the clinic's answer says when it holds".to_owned(),
            );
            return;
        }
    }
}

/// A time promised for a person's act, in the active or the passive ("The oncall doctor sees
/// each escalation within one minute", "The patient gets a slot within one day", "A severity of
/// 10 is read by a doctor within one hour", "an urgent intake is seen within 15 minutes"): a
/// catalogue cannot keep it.
pub(super) fn time_promised(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause.iter().position(|t| is_word(t, &["within"])) else {
        return;
    };
    let amount = amount_of_time(&clause[k + 1..])
        || (is_word_at(clause, k + 1, &["the"]) && is_word_at(clause, k + 2, TIME_UNITS));
    let active = clause[..k].iter().any(|t| {
        is_word(
            t,
            &[
                "sees", "see", "gets", "get", "calls", "answers", "visits", "has", "reads",
            ],
        )
    }) && clause[..k].iter().any(|t| is_word(t, PEOPLE));
    // (the passive: what a person does to the thing, by a person named or to a thing of care,
    // "slots are read within 14 days of from" is a window)
    let by_person = (0..k).any(|j| {
        is_word(clause[j], &["by"]) && clause[j + 1..k].iter().any(|t| is_word(t, PEOPLE))
    });
    let of_care = clause[..k].iter().any(|t| {
        is_word(
            t,
            &[
                "intake",
                "intakes",
                "appointment",
                "appointments",
                "escalation",
                "escalations",
                "severity",
                "symptoms",
                "case",
                "cases",
                "patient",
                "patients",
                "form",
                "note",
            ],
        )
    });
    let passive = (by_person || of_care)
        && clause[..k].iter().any(|t| {
            is_word(
                t,
                &[
                    "seen",
                    "read",
                    "answered",
                    "called",
                    "visited",
                    "reviewed",
                    "examined",
                    "treated",
                    "handled",
                    "contacted",
                    "checked",
                    "assessed",
                    "looked",
                ],
            )
        });
    let act = active || passive;
    if amount && act {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a time promised for a person's act, which a catalogue cannot keep".to_owned(),
        );
    }
}

/// A time promised for the doctor's confirmation or for a visit after an escalation, a priority
/// or a triage level ("`pending` until the doctor confirms it, in at most 24 hours", "`urgent`
/// after the escalation, for a visit within 1 hour", "urgent (8 or more), with a visit on the
/// same day"): the clinic API gives a status, a priority and a triage level, and no time for
/// anyone's act. A patient told so waits for a visit no one set. A search's window passes ("open
/// slots for a visit within 7 days"). On a tool whose own act sets the priority or the triage
/// level, the tool's act is the cause, named or not, of a patient's care ("Escalates the
/// appointment. The patient is seen sooner"; not "the doctor sees the symptoms first").
pub(super) fn care_time_promised(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    const SETS_CARE: &[&str] = &["escalate_appointment", "submit_intake"];
    let at = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    // a bound of time: "within 1 hour", "in at most 24 hours", "at most 2 days after", "by the
    // end of", "the same day"
    let bound = (0..clause.len()).find(|&k| {
        at(k, &["within"])
            && (amount_of_time(&clause[k + 1..])
                || at(k + 1, &["the", "a"]) && at(k + 2, TIME_UNITS))
            || at(k, &["in"])
                && (at(k + 1, &["at"]) && at(k + 2, &["most"]) || at(k + 1, &["under", "less"]))
            || at(k, &["most"]) && amount_of_time(&clause[k + 1..]) && at(k + 3, &["after", "of"])
            || at(k, &["by"]) && at(k + 1, &["the"]) && at(k + 2, &["end"])
            || at(k, &["same"]) && at(k + 1, &["day", "night", "week"]) && !at(k + 2, &["as"])
    });
    let act = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "visit",
                "visits",
                "confirms",
                "confirm",
                "confirmation",
                "sees",
                "seen",
                "call",
            ],
        )
    });
    let of_care = SETS_CARE.contains(&tool)
        && clause.iter().any(|x| is_word(x, &["patient", "patients"]))
        || clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "escalation",
                    "escalated",
                    "oncall",
                    "urgent",
                    "priority",
                    "triage",
                    "pending",
                    "confirms",
                    "confirmation",
                ],
            )
        });
    if let Some(k) = bound.filter(|_| act && of_care) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a time promised for a confirmation or a visit: the clinic API sets a status, a priority or a triage level, and no time for anyone's act".to_owned(),
        );
        return;
    }
    // a turn promised for care, ahead of others ("`urgent` after the escalation, and the patient
    // is seen first", "the oncall doctor sees the patient sooner"): a priority is a value on the
    // appointment, and no one's turn; not denied ("is not seen first")
    let seen = clause.iter().position(|x| {
        is_word(
            x,
            &["sees", "seen", "treated", "treats", "examined", "examines"],
        )
    });
    // (a turn word before its noun is an adjective, no turn: "sees the first line")
    let turn = seen.and_then(|s| {
        let after = &clause[s + 1..];
        after
            .iter()
            .take(4)
            .enumerate()
            .find(|&(i, x)| {
                is_word(
                    x,
                    &[
                        "first", "sooner", "earlier", "faster", "quicker", "ahead", "next",
                    ],
                ) && !(i >= 1
                    && is_word(after[i - 1], DETERMINERS)
                    && after.get(i + 1).is_some_and(|n| n.kind == Kind::Word))
            })
            .map(|(_, x)| x)
    });
    let denied = seen.is_some_and(|s| {
        clause[..s]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "nobody"]))
    });
    if let Some(t) = turn.filter(|_| of_care && !denied) {
        push(
            out,
            Rule::Directive,
            t,
            "a turn promised for care after a priority, an escalation or a triage level: the clinic API sets a value on the appointment, and no one's turn to be seen".to_owned(),
        );
    }
}

/// What the patient's insurer pays, said as a fact ("Fee of the visit, covered by the
/// insurance", "The insurance of the patient covers each fee"): a catalogue cannot know it, and
/// it talks a person into a cost. What insurance covers in general is the clinic's policy
/// ("general practice visits are covered by insurance"); in a condition it is read ("when the
/// insurance covers it").
pub(super) fn coverage_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 0..clause.len() {
        if !is_word(
            clause[k],
            &[
                "covered",
                "covers",
                "cover",
                "refunded",
                "refunds",
                "paid",
                "pays",
                "reimbursed",
            ],
        ) || in_condition(clause, k)
            // (a question: "for a check of what the insurance covers")
            || clause[k.saturating_sub(5)..k]
                .iter()
                .any(|x| is_word(x, &["what", "whether", "how", "which"]))
        {
            continue;
        }
        // the insurer of this patient: "the insurance", "its insurer", "the patient's insurance"
        let insurer = |toks: &[&Tok]| {
            toks.windows(2).any(|w| {
                is_word(w[0], &["the", "its", "their", "patient", "patients"])
                    && is_word(w[1], &["insurance", "insurer"])
            })
        };
        let by = is_word_at(clause, k + 1, &["by"])
            && insurer(&clause[k + 2..(k + 5).min(clause.len())]);
        let subject = insurer(&clause[k.saturating_sub(6)..k])
            && is_word(clause[k], &["covers", "cover", "refunds", "pays"]);
        if by || subject {
            push(
                out,
                Rule::Directive,
                clause[k],
                "what an insurer pays, which a catalogue cannot know".to_owned(),
            );
            return;
        }
    }
}

/// Words of paging.
const PAGING: &[&str] = &["page", "pages", "cursor", "cursors"];

/// A page said to be empty or the same, or one value said to hold for every call ("Each page
/// after the first is empty", "the next page has the same slots", "The first page holds every
/// appointment", "false for each search"): the reader stops paging. The last page, and a
/// condition, are read ("null on the last page", "An empty page means the end of the list").
pub(super) fn pages_emptied(clause: &[&Tok], out: &mut Vec<Violation>) {
    let has = |list: &[&str]| clause.iter().any(|t| is_word(t, list));
    if has(&["last", "means", "when", "if"]) {
        return;
    }
    let paging = has(PAGING);
    let later = has(&["next", "each", "every", "after"]);
    // (the same objects again; "the same size" is a page's form)
    let emptied = has(&["empty", "null"])
        || clause.windows(2).any(|w| {
            is_word(w[0], &["same"])
                && is_word(
                    w[1],
                    &[
                        "slots",
                        "doctors",
                        "appointments",
                        "results",
                        "entries",
                        "items",
                        "protocols",
                        "list",
                    ],
                )
        });
    let first_holds_all = clause.windows(4).any(|w| {
        is_word(w[0], &["first"])
            && is_word(w[1], PAGING)
            && is_word(w[2], &["holds", "has", "gives", "lists"])
            && is_word(w[3], &["each", "every", "all"])
    });
    // one value for every call: "false for each search", "null for each list"
    let constant = clause.windows(3).find(|w| {
        is_word(w[0], &["for"])
            && is_word(w[1], &["each", "every", "any", "all"])
            && is_word(
                w[2],
                &[
                    "search", "searches", "list", "lists", "call", "calls", "request", "page",
                ],
            )
    });
    let valued = has(&["false", "true", "null", "empty", "zero"]);
    let hit = if paging && later && emptied || first_holds_all {
        clause.iter().find(|t| is_word(t, PAGING)).copied()
    } else if valued {
        constant.map(|w| w[0])
    } else {
        None
    };
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a page said to be empty or the same, or a value said to hold for every call: the answer says when a list ends".to_owned(),
        );
    }
}

/// A slot the tool's own change takes (a booking's or a move's: its effects hold "take"), said
/// to be the patient's for a time or up to a clock time ("The slot is held for the patient for
/// 10 minutes", "The booking holds the slot for one hour", "The pending appointment ends after 1
/// day", "stays booked until midnight"): the clinic API gives no such time. A booked slot stays
/// the appointment's until it is cancelled or rejected, and a pending appointment waits for its
/// doctor however long it takes. A key's window is the contract's own ("with the same key within
/// 24 hours").
///
/// The same of any result of the tool's own change: a status it sets, the urgent priority, the
/// oncall doctor, the recorded intake ("it becomes urgent for a day", "now with the oncall doctor
/// for the next 24 hours", "now confirmed for 24 hours", "recorded for the next 30 days"). What
/// an act sets stays until another act changes it; nothing the clinic API sets has an end.
pub(super) fn taken_slot_lasts(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if effects.is_empty() {
        return;
    }
    if clause.iter().any(|t| {
        is_word(
            t,
            &[
                "key",
                "keys",
                "idempotency",
                "idempotency-key",
                "retry",
                "replay",
                "wait",
            ],
        )
    }) {
        return;
    }
    if slot_lasts(clause, effects, out) {
        return;
    }
    if let Some(k) = result_lasts(clause) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "the result of the tool's own change said to last a time: what an act sets (a status, the priority, the oncall doctor, an intake) stays until another act changes it, and the clinic API gives it no end".to_owned(),
        );
    }
}

/// The slot a booking or a move takes said to be the patient's for a time; whether it was.
fn slot_lasts(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) -> bool {
    if !effects.contains(&"take") {
        return false;
    }
    const LASTS: &[&str] = &[
        "held",
        "holds",
        "hold",
        "kept",
        "keeps",
        "reserved",
        "reserves",
        "blocked",
        "locked",
        "stays",
        "stay",
        "remains",
        "remain",
        "lasts",
        "last",
        "expires",
        "expire",
        "ends",
        "lapses",
        "released",
        "freed",
        "pending",
        "booked",
        "taken",
        "cancelled",
    ];
    let Some(k) = clause.iter().position(|t| is_word(t, LASTS)) else {
        return false;
    };
    // (the slot, the appointment, the booking or the visit itself, not its id: "Slot ids expire
    // …" is of the id)
    let change = |i: usize, c: &[&Tok]| {
        is_word(c[i], VISIT_NOUNS)
            && c.get(i + 1)
                .is_none_or(|n| !is_word(n, &["id", "ids", "key", "keys"]))
    };
    let of_the_change = (0..k).any(|i| change(i, clause))
        || (k + 1..clause.len().min(k + 4)).any(|i| change(i, clause));
    // (how long: "for 10 minutes", "after 1 day", "within one hour", "10 minutes long"; or up to
    // a time of the clock: "until midnight", "until the end of the day")
    let timed = (k + 1..clause.len()).any(|i| {
        amount_of_time(&clause[i..])
            && (clause[k + 1..i]
                .iter()
                .any(|x| is_word(x, &["for", "after", "within", "than", "up"]))
                || i == k + 1)
            || is_word(clause[i], &["until", "till"])
                && clause[i + 1..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["midnight", "noon", "end", "evening", "morning"]))
    });
    if of_the_change && timed && !in_condition(clause, k) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "the slot the tool takes said to be the patient's for a time: a booked slot stays the appointment's until it is cancelled or rejected, and the clinic API gives it no end".to_owned(),
        );
        return true;
    }
    false
}

/// Where a result of a change ("urgent", "confirmed", "now", "oncall", "recorded") is followed,
/// in its clause, by a time it is said to last: "for 2 hours", "for the next 24 hours", "for a
/// day", "until the end of the day", "until midnight". A result in a condition ("when it is
/// confirmed for …") is not said to last.
fn result_lasts(clause: &[&Tok]) -> Option<usize> {
    const RESULTS: &[&str] = &[
        "pending",
        "confirmed",
        "rejected",
        "cancelled",
        "canceled",
        "urgent",
        "oncall",
        "on-call",
        "recorded",
        "escalated",
        "moved",
        "moves",
        "booked",
        "now",
    ];
    let n = clause.len();
    // a time at i: "2 hours", "one week", "a day"
    let time_at = |i: usize| {
        amount_of_time(&clause[i..])
            || is_word_at(clause, i, &["a", "an"]) && is_word_at(clause, i + 1, TIME_UNITS)
    };
    let lasting = |i: usize| {
        let mut j = i + 1;
        if is_word(clause[i], &["for"]) {
            // "for the next 24 hours", "for another day", "for the rest of the day"
            let the_next = is_word_at(clause, j, &["the"])
                && is_word_at(clause, j + 1, &["next", "first", "coming", "following"]);
            let one_more = is_word_at(clause, j, &["another", "one", "a"])
                && is_word_at(clause, j + 1, &["more", "further"]);
            if the_next || one_more {
                j += 2;
            } else if is_word_at(clause, j, &["another"]) {
                j += 1;
            }
            time_at(j)
                || is_word_at(clause, i + 1, &["the"]) && is_word_at(clause, i + 2, &["rest"])
        } else {
            is_word(clause[i], &["until", "till", "through"])
                && clause[i + 1..].iter().take(3).any(|x| {
                    is_word(
                        x,
                        &["midnight", "noon", "end", "evening", "morning", "tomorrow"],
                    )
                })
        }
    };
    let r = (0..n).find(|&r| is_word(clause[r], RESULTS) && !in_condition(clause, r))?;
    (r + 1..n).find(|&i| lasting(i)).map(|_| r)
}

/// A hold a reading tool does not make ("Id of the slot, held for the patient for one week",
/// "reserved for the patient by this search", "Each slot of the list stays open for the
/// patient", "the slot is free for this patient for 10 minutes"): the reader waits on a slot no
/// one holds. A changing tool that frees a slot (a cancellation, a rejection, a move's old slot)
/// holds it for no one either ("Its slot stays free for the same patient for one day"): the
/// route releases it to every patient at once.
pub(super) fn hold_claimed(clause: &[&Tok], tool: &str, mutates: bool, out: &mut Vec<Violation>) {
    let first = tool.split('_').next().unwrap_or("");
    let frees = matches!(first, "cancel" | "reject" | "reschedule" | "move");
    if mutates && !frees {
        return;
    }
    let timed = |k: usize| {
        clause[k + 1..]
            .iter()
            .take(8)
            .any(|x| is_word(x, TIME_UNITS) || is_word(x, &["until"]))
    };
    for k in 0..clause.len() {
        let open = is_word(clause[k], &["open", "booked", "free", "available"]);
        let held = is_word(
            clause[k],
            &["held", "kept", "reserved", "saved", "blocked", "locked"],
        ) || (open
            && k >= 1
            && is_word(clause[k - 1], &["stays", "stay", "remains", "remain"]))
            // ("is free for the patient for 10 minutes": a state with a person and a time)
            || (open
                && k >= 1
                && is_word(clause[k - 1], &["is", "are"])
                && timed(k)
                && clause[k + 1..].iter().take(4).any(|x| is_word(x, PATIENT_SIDE)));
        // (for someone, or for a time: "stays open for 10 minutes")
        let for_someone = clause[k + 1..].iter().take(4).any(|x| {
            is_word(x, PATIENT_SIDE)
                || is_word(x, &["search", "visit"])
                || is_word(x, &["after", "until"])
                || is_word(x, TIME_UNITS)
        });
        // (said of a slot, a place or a position: "Kept for older clients" is the tool's)
        let of_a_hold = clause[..k].iter().any(|x| {
            is_word(x, MADE) || is_word(x, &["position", "positions", "id", "ids", "each"])
        });
        // (a changing tool: the slot it frees, held for one person — not "open to other
        // patients", not the new slot a move takes)
        let freed = !mutates
            || clause[..k].iter().any(|x| is_word(x, &["slot", "slots"]))
                && (!matches!(first, "reschedule" | "move")
                    || clause[..k]
                        .iter()
                        .any(|x| is_word(x, &["old", "previous", "former", "first"])))
                && clause[k + 1..].iter().take(4).any(|x| {
                    is_word(x, &["patient", "person", "caller", "user"])
                        || is_word(x, TIME_UNITS)
                        || is_word(x, &["until"])
                })
                && !clause[k + 1..]
                    .iter()
                    .take(4)
                    .any(|x| is_word(x, &["other", "any", "every", "all", "anyone", "everyone"]));
        if held && for_someone && of_a_hold && freed && !in_condition(clause, k) {
            push(
                out,
                Rule::Directive,
                clause[k],
                "a hold the tool does not make: a reading tool holds nothing for anyone, and a freed slot is open to every patient at once".to_owned(),
            );
            return;
        }
    }
}

/// Words that pick one of the objects: an ordinal or a place in a list.
const ORDINALS: &[&str] = &[
    "first", "second", "third", "last", "next", "previous", "current", "upcoming", "latest",
    "earliest",
];

/// Comparisons that pick one object over another ("the older of two", "an earlier one").
const COMPARED: &[&str] = &[
    "older", "newer", "younger", "earlier", "later", "sooner", "higher", "lower", "cheaper",
    "dearer", "closer", "nearer", "farther", "further", "better", "worse", "worst", "bigger",
    "smaller", "larger", "greater", "longer", "shorter", "quicker", "faster", "slower",
];

/// Data an example may name that no tool of this server takes: a person's record beyond an
/// intake's symptoms.
const NOT_TAKEN: &[&str] = &[
    "medication",
    "medications",
    "medicine",
    "medicines",
    "drug",
    "drugs",
    "allergy",
    "allergies",
    "prescription",
    "prescriptions",
    "history",
    "diagnosis",
    "diagnoses",
    "vaccination",
    "vaccinations",
    "employer",
    "occupation",
    "job",
    "family",
    "relatives",
];

/// An example in a text, from its opening words ("for example", "such as", "e.g.") to its
/// bracket's end, or, outside brackets, to the next mark.
fn example_phrase<'a>(clause: &[&'a Tok], k: usize) -> Vec<&'a Tok> {
    let bracketed = clause[..k.saturating_sub(1)]
        .iter()
        .rev()
        .find(|t| t.kind == Kind::Comma && (t.text == "(" || t.text == ")"))
        .is_some_and(|t| t.text == "(");
    clause[k + 1..]
        .iter()
        .take_while(|t| {
            if bracketed {
                !(t.kind == Kind::Comma && t.text == ")")
            } else {
                t.kind != Kind::Comma
            }
        })
        .copied()
        .collect()
}

/// An example that picks one of the objects ("Id of the slot, for example the first one",
/// "for example the next upcoming one"): an example is a value (`J45`, latex), not a choice.
/// An example names one object of the tool's kind; one that quantifies ("for example each one
/// on the schedule", "all pending ones"), picks by a comparison ("the older of two with one
/// doctor", "an earlier one"), reaches another person's records ("of another patient of the
/// same doctor"), or, on a tool of this server that changes a patient's appointment, names data
/// no tool of it takes ("the patient's medications, allergies and insurance") turns a
/// one-object act into a rule or a pick.
pub(super) fn example_picks(clause: &[&Tok], tool: &str, mutates: bool, out: &mut Vec<Violation>) {
    let served = crate::served::role_of(tool);
    for k in 1..clause.len() {
        let opens = opens_example(clause[k - 1], clause[k])
            || (is_word(clause[k - 1], &["e"]) && is_word(clause[k], &["g"]));
        if !opens {
            continue;
        }
        let next: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .filter(|x| !is_word(x, &["the", "a", "an"]))
            .take(2)
            .collect();
        let picked = next.first().is_some_and(|x| {
            (is_word(x, ORDINALS) || is_word(x, PICKS))
                && !next
                    .get(1)
                    .is_some_and(|y| is_word(y, WEEKDAYS_AND_MONTHS) || is_word(y, &["of"]))
        }) || next
            .first()
            .is_some_and(|x| is_word(x, &["id", "slot", "one"]))
            && next
                .get(1)
                .is_some_and(|y| is_word(y, &["of", "after", "before"]) || is_word(y, ORDINALS));
        let phrase = example_phrase(clause, k);
        let at = |j: usize| phrase.get(j).copied();
        // a rule over many: "each one", "every pending one", "all of them", "any with a fever"
        let many = phrase
            .iter()
            .position(|t| is_word(t, &["each", "every", "all", "any", "both", "whichever"]));
        // a comparison ("the older of two", "a later one", "the cheapest"); not a bound of a
        // value ("8 or higher")
        let compared = phrase.iter().enumerate().position(|(j, t)| {
            (is_word(t, COMPARED) || is_word(t, PICKS))
                && !(j > 0 && is_word(phrase[j - 1], &["or", "and"]))
                && !at(j + 1).is_some_and(|y| is_word(y, WEEKDAYS_AND_MONTHS))
        });
        // another person's records ("of another patient", "someone else's", "other patients'")
        let others = phrase.iter().enumerate().position(|(j, t)| {
            (is_word(t, &["another", "other", "different", "second"])
                && at(j + 1).is_some_and(|y| {
                    is_word(y, PATIENT_SIDE)
                        || is_word(y, &["person", "someone"])
                        || (served == Some(Some("doctor")) && is_word(y, DOCTOR_NAMES))
                }))
                || is_word(t, &["someone", "somebody", "anyone", "anybody"])
        });
        // data no tool of this server takes (the clinic's or a doctor's own address is theirs)
        let theirs = phrase
            .iter()
            .any(|t| is_word(t, &["clinic", "clinics", "doctor", "doctors"]));
        let not_taken = (served.is_some() && mutates && !theirs)
            .then(|| {
                phrase.iter().position(|t| {
                    is_word(t, NOT_TAKEN)
                        || (t.kind == Kind::Word
                            && crate::lang::data::data_kind(&t.text, false).is_some_and(|d| {
                                matches!(
                                    d,
                                    crate::lang::data::Data::Personal
                                        | crate::lang::data::Data::Insurance
                                        | crate::lang::data::Data::Age
                                )
                            }))
                })
            })
            .flatten();
        let found = if picked {
            Some(clause[k])
        } else {
            many.or(compared)
                .or(others)
                .or(not_taken)
                .map(|j| phrase[j])
        };
        if let Some(t) = found {
            push(
                out,
                Rule::Directive,
                t,
                "an example that picks one of the objects, or names many, another person's or data the tool does not take: an example is one value of the tool's own kind, not a choice or a rule".to_owned(),
            );
            return;
        }
    }
}

/// A pick of the options said as what comes next ("The first slot is next", "so the earliest
/// slot is the next step"), or a consequence drawn for the reader ("…, so the penalty fee is
/// due", "so the patient gets a visit"): a catalogue says what a value is, not what follows
/// from it for a person. What a value means is read ("1 means the patient is next"), and the
/// patient's own next appointment is a fact of the list ("The earliest upcoming one is next").
pub(super) fn next_picked(clause: &[&Tok], out: &mut Vec<Violation>) {
    if clause.iter().any(|t| is_word(t, &["means", "mean"])) {
        return;
    }
    for v in 1..clause.len() {
        if !is_word(clause[v], &["is", "are"]) {
            continue;
        }
        let next = is_word_at(clause, v + 1, &["next"])
            || (is_word_at(clause, v + 1, &["the"])
                && is_word_at(clause, v + 2, &["next"])
                && is_word_at(clause, v + 3, &["step"]));
        let subject = &clause[..v];
        let start = subject
            .iter()
            .rposition(|x| x.kind != Kind::Word || is_word(x, &["so", "when", "if"]))
            .map_or(0, |p| p + 1);
        let options = &[
            "slot", "slots", "doctor", "doctors", "place", "places", "time", "times",
        ];
        let picked = subject[start..]
            .iter()
            .any(|x| is_word(x, ORDINALS) || is_word(x, PICKS))
            && subject[start..].iter().any(|x| is_word(x, options));
        let so = start > 0 && is_word(subject[start - 1], &["so"]);
        let due = so && is_word_at(clause, v + 1, &["due"]);
        if next && (picked || so) || due {
            push(
                out,
                Rule::Directive,
                clause[v + 1],
                "a pick said as what comes next, or a consequence drawn for the reader: a text says what a value is".to_owned(),
            );
            return;
        }
    }
    // a picked result said to apply to the case ("The first match is the one that applies",
    // "the first one applies to the case"): the order of a search is its relevance, not a choice
    // of care
    const RESULTS: &[&str] = &[
        "match",
        "matches",
        "result",
        "results",
        "hit",
        "hits",
        "protocol",
        "protocols",
        "one",
    ];
    let picked_result = (0..clause.len()).find(|&k| {
        (is_word(clause[k], ORDINALS) || is_word(clause[k], PICKS) || is_word(clause[k], &["top"]))
            && clause[k + 1..].iter().take(2).any(|x| is_word(x, RESULTS))
    });
    if let Some(p) = picked_result
        && let Some(a) = clause[p + 1..]
            .iter()
            .find(|t| is_word(t, &["applies", "apply", "applicable"]))
    {
        push(
            out,
            Rule::Directive,
            a,
            "a pick said to apply to the case: a search's order is its relevance, and the doctor decides the care".to_owned(),
        );
        return;
    }
    // "…, so the patient gets a visit in the next month"
    if let Some(k) = clause.iter().position(|t| is_word(t, &["so"]))
        && k > 0
        && clause[k - 1].kind == Kind::Comma
        && clause[k + 1..]
            .iter()
            .take(4)
            .any(|t| is_word(t, &["gets", "get", "pays", "owes"]))
    {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a consequence drawn for a person: a text says what a value is".to_owned(),
        );
    }
}

/// A change that follows by itself ("The patient is automatically on the waiting list", "The
/// appointment is automatically confirmed", "automatically booked in the first slot"): a second
/// change no call asked for. The tool's own change, what lapses or is paid back ("the entry
/// expires automatically", "a refund … automatically") and what is not done pass.
pub(super) fn automatic_change(clause: &[&Tok], own: Option<&str>, out: &mut Vec<Violation>) {
    const CHANGED: &[&str] = &[
        "on",
        "in",
        "booked",
        "confirmed",
        "cancelled",
        "canceled",
        "moved",
        "rescheduled",
        "joined",
        "added",
        "escalated",
        "submitted",
        "rebooked",
        "reserved",
    ];
    let Some(k) = clause.iter().position(|t| is_word(t, &["automatically"])) else {
        return;
    };
    if clause
        .iter()
        .any(|t| is_word(t, &["not", "no", "nothing", "never", "none"]))
    {
        return;
    }
    let near: Vec<&&Tok> = clause[k.saturating_sub(1)..(k + 2).min(clause.len())]
        .iter()
        .filter(|x| x.kind == Kind::Word && !std::ptr::eq(**x, clause[k]))
        .collect();
    let changed = near.iter().find(|x| {
        is_word(x, CHANGED) && !own.is_some_and(|v| x.text.len() > v.len() && x.text.starts_with(v))
    });
    if changed.is_some() {
        push(
            out,
            Rule::Effects,
            clause[k],
            "a change said to follow by itself is a second change; a tool makes its own change only".to_owned(),
        );
    }
}

/// A cost said to follow when the reader does not act ("Otherwise the fee is 300 euros",
/// "Otherwise a penalty fee of 50 euros is due"): pressure by money.
pub(super) fn cost_otherwise(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause.iter().position(|t| is_word(t, &["otherwise"])) else {
        return;
    };
    if clause[k + 1..]
        .iter()
        .any(|t| is_word(t, MONEY) || is_word(t, CURRENCY))
    {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a cost said to follow unless someone acts: pressure by money".to_owned(),
        );
    }
}

/// An act or a value said to change nothing for a person's care, place or money ("An
/// escalation has no effect on the care of the patient", "The severity has no effect on the
/// triage"): it plays an act or care down, which a catalogue cannot know. What an input does to
/// the answer is documentation ("Time zones have no effect on the answer", "special characters
/// have no effect").
pub(super) fn no_effect(clause: &[&Tok], out: &mut Vec<Violation>) {
    const CARE: &[&str] = &[
        "care",
        "patient",
        "patients",
        "triage",
        "wait",
        "fee",
        "fees",
        "position",
        "health",
        "treatment",
        "visit",
        "priority",
        "doctor",
        "level",
        "escalation",
        "appointment",
    ];
    let hit = clause.windows(3).enumerate().find(|(k, w)| {
        is_word(w[0], &["no"])
            && is_word(w[1], &["effect", "effects", "impact", "influence"])
            && is_word(w[2], &["on"])
            && clause[k + 3..].iter().take(6).any(|x| is_word(x, CARE))
    });
    if let Some((_, w)) = hit {
        push(
            out,
            Rule::Directive,
            w[0],
            "an act or a value said to change nothing for a person's care, place or money, which a catalogue cannot know".to_owned(),
        );
    }
}

/// Units of money, as the word list spells them (and the codes of the common currencies).
const CURRENCY: &[&str] = &[
    "euro", "euros", "eur", "cent", "cents", "usd", "dollar", "dollars", "chf", "gbp",
];

/// Nouns of money a number can be said to be.
const MONEY: &[&str] = &[
    "fee", "fees", "price", "prices", "cost", "costs", "charge", "charges", "deposit", "penalty",
    "refund", "payment",
];

/// An amount of money stated in the text ("The fee of an escalation is 900 euros", "a deposit
/// of EUR 50", "$40", "The fee of an entry is 300"): what a thing costs is a value the clinic's
/// answer carries, which a catalogue written once cannot know. A text names the field and its
/// unit ("Fee of the visit, in cents"); an amount inside an example is the example's ("for
/// example 2500 for 25 EUR", "4500 means EUR 45.00").
pub(super) fn amount_of_money(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    let digits =
        |x: &Tok| x.kind == Kind::Ident && x.text.starts_with(|c: char| c.is_ascii_digit());
    for (k, t) in clause.iter().enumerate() {
        // a number in words runs on, and counts only before its unit ("nine hundred euros")
        let mut end = k;
        if !digits(t) {
            if !is_word(t, NUMBER_WORDS) && !is_word(t, &["one"]) {
                continue;
            }
            while clause
                .get(end + 1)
                .is_some_and(|x| is_word(x, NUMBER_WORDS) || is_word(x, &["and"]))
            {
                end += 1;
            }
            if !is_word_at(clause, end + 1, CURRENCY) {
                continue;
            }
        }
        let unit = is_word_at(clause, end + 1, CURRENCY)
            || (k > 0 && is_word(clause[k - 1], CURRENCY))
            || text[..t.start].trim_end().ends_with('$');
        // "is 900", "of 900", "are 900" after a noun of money, the number ending its phrase
        let said_of_money = k >= 2
            && is_word(clause[k - 1], &["is", "are", "of", "be"])
            && clause[k.saturating_sub(6)..k - 1]
                .iter()
                .any(|x| is_word(x, MONEY))
            && clause
                .get(k + 1)
                .is_none_or(|x| x.kind != Kind::Word || is_word(x, CURRENCY))
            && t.text.bytes().any(|c| c != b'0' && c.is_ascii_digit());
        if !(unit || said_of_money) {
            continue;
        }
        let example = clause[..k]
            .iter()
            .any(|x| is_word(x, &["example", "such"]))
            // an encoding: "4500 means EUR 45.00"
            || (1..k).any(|i| is_word(clause[i], &["means"]) && digits(clause[i - 1]));
        if example {
            continue;
        }
        push(
            out,
            Rule::Directive,
            t,
            "an amount of money is a value the clinic's answer carries: a catalogue names the field and its unit (\"Fee of the visit, in cents\"), never the amount".to_owned(),
        );
        return;
    }
}

/// A retry said to take a new key, or to need none ("Idempotency key of the request, a new value
/// for each retry", "Each retry of the booking is idempotent with no key"): a retry with a new
/// key is a second change. A key is the same on every retry of one request.
pub(super) fn retry_key_changed(clause: &[&Tok], out: &mut Vec<Violation>) {
    retry_key_in(clause, false, out);
}

/// [`retry_key_changed`] in a clause of a text of a key that names no key itself ("Idempotency
/// key of the request; one per attempt, a retried call included"): the key is the text's.
fn retry_key_in(clause: &[&Tok], of_a_key: bool, out: &mut Vec<Violation>) {
    let any = |words: &[&str]| clause.iter().position(|t| is_word(t, words));
    let key = any(&["key", "keys", "idempotency"])
        .or_else(|| {
            clause
                .iter()
                .position(|t| t.kind == Kind::Ident && t.text.trim_matches('`').ends_with("key"))
        })
        .or(of_a_key.then_some(0));
    let idempotent = any(&["idempotent"]);
    // a retry, in any form: "a retry", "a retried call", "the request sent again", "a second
    // attempt", "the next try" ("a unique key per booking attempt": one key for one request,
    // which its retries share)
    let retry = any(&[
        "retry",
        "retries",
        "retried",
        "retrying",
        "repeat",
        "repeats",
        "repeated",
        "repeating",
        "resend",
        "resends",
        "resent",
        "resending",
        "reattempt",
        "again",
    ])
    .or_else(|| {
        clause.windows(2).position(|w| {
            is_word(
                w[0],
                &[
                    "second", "next", "later", "further", "another", "each", "every",
                ],
            ) && is_word(w[1], &["attempt", "attempts", "try", "tries"])
        })
    })
    // (a later call of the same thing is its retry: "a second call for the same slot")
    .or_else(|| {
        let same = clause.iter().any(|t| is_word(t, &["same"]));
        clause.windows(2).position(|w| {
            same && is_word(w[0], &["second", "next", "later", "further", "another"])
                && is_word(
                    w[1],
                    &["call", "calls", "request", "requests", "booking", "send"],
                )
        })
    });
    // the retry said to keep its key: "the same key", "reuse it", "keeps its key" (not "not
    // the same one")
    // ("the same" of the key or its value, not of the request: "each retry of the same
    // request")
    let kept = clause.iter().enumerate().any(|(k, t)| {
        let same_key = is_word(t, &["same", "original"])
            && clause.get(k + 1).is_none_or(|n| {
                n.kind != Kind::Word
                    || is_word(
                        n,
                        &["key", "keys", "value", "values", "one", "idempotency", "string"],
                    )
                    // (said of the key itself: "the same on each retry", "the same for a retry")
                    || is_word(n, PREPOSITIONS)
                    || is_word(n, &["again", "too", "throughout", "always"])
            });
        (same_key
            || is_word(
                t,
                &[
                    "reuse",
                    "reused",
                    "reuses",
                    "reusing",
                    "keep",
                    "kept",
                    "keeps",
                    "unchanged",
                ],
            ))
            && !clause[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    });
    // (a key for each call, request or attempt, said of retries too: "each call, retry or not,
    // with its own key", "one key for each call, a retry too", "one per attempt, a retried call
    // included")
    // (a noun may stand between: "one for each booking call")
    const CALLS: &[&str] = &[
        "call", "calls", "request", "requests", "attempt", "attempts", "try", "tries", "retry",
        "retries", "send", "time", "times",
    ];
    let per_call = (0..clause.len()).find(|&k| {
        is_word(clause[k], &["each", "every", "per"])
            && (is_word_at(clause, k + 1, CALLS)
                || clause.get(k + 1).is_some_and(|x| x.kind == Kind::Word)
                    && is_word_at(clause, k + 2, CALLS))
    });
    // ("a key with each request; reuse it on a retry" keeps one key for a retry)
    if key.is_some()
        && retry.is_some()
        && !kept
        && let Some(k) = per_call
    {
        push(
            out,
            Rule::Effects,
            clause[k],
            "a retry said to take a new key, or to need none: a retry with a new key is a second change; the key is the same on every retry".to_owned(),
        );
        return;
    }
    // a key not the same one, in any words: "a new key", "a key of its own", "its own key", "a
    // distinct key", "any key", "the key changes", "a key made anew"; "not the same key"
    let new = any(&[
        "new",
        "different",
        "fresh",
        "another",
        "random",
        "own",
        "distinct",
        "separate",
        "unique",
        "anew",
        "changes",
        "changed",
        "change",
        "varies",
        "vary",
        "differs",
        "differ",
        "replaced",
        "replaces",
        "renewed",
        "regenerated",
        "rotated",
        "other",
    ])
    .or_else(|| {
        clause.windows(2).position(|w| {
            is_word(w[0], &["any", "each", "every", "whatever"]) && is_word(w[1], &["key", "keys"])
        })
    })
    .or_else(|| {
        clause.windows(2).position(|w| {
            is_word(w[0], NEGATIONS) && is_word(w[1], &["same", "original", "reused"])
        })
    });
    let none = clause.windows(2).position(|w| {
        (is_word(w[0], &["no", "without"]) && is_word(w[1], &["key", "keys", "a"]))
            || (is_word(w[0], &["or"]) && is_word(w[1], &["without"]))
    });
    let denied_new = new.is_some_and(|n| {
        clause[n.saturating_sub(2)..n]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    });
    // a later request, or each request, is a retry of the one before it when it fails: "when
    // the first request fails, the next request takes a new key", "when a request fails, the
    // next one …", "a new one on each booking request"; not one for another object ("a second
    // call for another slot takes a new key")
    const REQUESTS: &[&str] = &["request", "requests", "call", "calls", "send", "sending"];
    let failed = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "fail",
                "fails",
                "failed",
                "failing",
                "failure",
                "failures",
                "error",
                "errors",
                "timeout",
                "timeouts",
                "unanswered",
                "lost",
            ],
        )
    });
    let for_another = clause.windows(2).any(|w| {
        is_word(w[0], &["another", "other", "different"])
            && is_word(
                w[1],
                &[
                    "slot",
                    "slots",
                    "booking",
                    "bookings",
                    "appointment",
                    "appointments",
                    "move",
                    "moves",
                    "change",
                    "changes",
                    "visit",
                    "visits",
                    "doctor",
                    "patient",
                    "time",
                ],
            )
    });
    let later_request = (0..clause.len()).find(|&k| {
        let later = is_word(
            clause[k],
            &[
                "next",
                "later",
                "second",
                "subsequent",
                "following",
                "further",
                "third",
                "repeated",
            ],
        ) || (failed && is_word(clause[k], &["another"]));
        later
            && (is_word_at(clause, k + 1, REQUESTS)
                || (is_word_at(clause, k + 2, REQUESTS)
                    && clause.get(k + 1).is_some_and(|t| t.kind == Kind::Word))
                || (failed && is_word_at(clause, k + 1, &["one", "attempt", "try"])))
    });
    let each_request = (0..clause.len()).find(|&k| {
        is_word(clause[k], &["each", "every", "per", "any"])
            && (is_word_at(clause, k + 1, REQUESTS)
                || (is_word_at(clause, k + 2, REQUESTS)
                    && clause.get(k + 1).is_some_and(|t| t.kind == Kind::Word)))
    });
    let retry = retry.or(later_request.or(each_request).filter(|_| !for_another));
    let at = match (key, idempotent, retry, new, none) {
        (Some(_), _, Some(_), Some(n), _) if !denied_new && (!kept || negated_same(clause)) => {
            Some(n)
        }
        (_, Some(i), _, _, Some(_)) => Some(i),
        _ => None,
    };
    if let Some(k) = at {
        push(
            out,
            Rule::Effects,
            clause[k],
            "a retry said to take a new key, or to need none: a retry with a new key is a second change; the key is the same on every retry".to_owned(),
        );
    }
}

/// "not the same key", "never the original one": sameness denied.
fn negated_same(clause: &[&Tok]) -> bool {
    clause
        .windows(2)
        .any(|w| is_word(w[0], NEGATIONS) && is_word(w[1], &["same", "original", "reused", "one"]))
        || clause.windows(3).any(|w| {
            is_word(w[0], NEGATIONS)
                && is_word(w[1], &["the", "a", "its"])
                && is_word(w[2], &["same", "original"])
        })
}

/// A key's example that differs at each try ("for example the time of the request", "for
/// example the start of the request as 2026-12-01T09:00:00Z"): each retry then sends a new key
/// and makes a second change. Read over the whole text, since a key's form often stands between.
pub(super) fn key_example_varies(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    if !clauses
        .iter()
        .flatten()
        .any(|t| is_word(t, &["key", "keys", "idempotency"]))
    {
        return;
    }
    const VARIES: &[&str] = &[
        "time",
        "times",
        "timestamp",
        "date",
        "clock",
        "now",
        "start",
        "moment",
        "hour",
        "minute",
        "second",
        "counter",
    ];
    // (a clause that names no key, in a text of one, is of that key)
    let names_a_key = |c: &[&Tok]| {
        c.iter().any(|t| {
            is_word(t, &["key", "keys", "idempotency"])
                || t.kind == Kind::Ident && t.text.trim_matches('`').ends_with("key")
        })
    };
    for clause in clauses.iter().filter(|c| !names_a_key(c)) {
        retry_key_in(clause, true, out);
    }
    for clause in clauses {
        let example = clause
            .windows(2)
            .position(|w| is_word(w[0], &["for"]) && is_word(w[1], &["example"]));
        // (a value made from one that differs at each call: "from the time of each call",
        // "based on the clock", "the counter of the request")
        let made_from = (0..clause.len()).find(|&k| {
            is_word(clause[k], VARIES)
                && (clause[k.saturating_sub(3)..k].iter().any(|x| {
                    is_word(
                        x,
                        &[
                            "from",
                            "based",
                            "derived",
                            "made",
                            "built",
                            "generated",
                            "taken",
                        ],
                    )
                }) || is_word_at(clause, k + 1, &["of"])
                    && clause[k + 2..clause.len().min(k + 5)].iter().any(|x| {
                        is_word(
                            x,
                            &[
                                "call", "calls", "request", "requests", "attempt", "attempts",
                                "try", "booking", "send", "sending",
                            ],
                        )
                    }))
        });
        if let Some(t) = example
            .and_then(|e| clause[e..].iter().find(|t| is_word(t, VARIES)))
            .or_else(|| made_from.map(|k| &clause[k]))
        {
            push(
                out,
                Rule::Effects,
                t,
                "a key's example that differs at each try: a retry then sends a new key and makes a second change; one key stands for one change".to_owned(),
            );
            return;
        }
    }
}
