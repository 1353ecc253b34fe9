//! A state of an answer said to hold at a later act: "each slot is still open at the time of the
//! booking", "its status is still the same at the time of the visit", "the slot stays open until
//! the patient books it". A read is as of its call: another patient may take a slot before the
//! booking (`SLOT_TAKEN`), and an appointment may be rejected, cancelled, moved or escalated
//! before the visit. Hedged ("may be taken by the time of the booking") or said of the tool's
//! own act ("the slot is taken at the time of the booking", of book_appointment) it passes.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Later acts and times the reader comes to after the call.
const LATER: &[&str] = &[
    "booking",
    "bookings",
    "book",
    "books",
    "booked",
    "visit",
    "visits",
    "arrival",
    "arrives",
    "later",
    "future",
    "tomorrow",
    "move",
    "confirmation",
    "reschedule",
    "checkin",
    "start",
    "starts",
    "appointment",
];

/// Words that say a state is kept on ("still", "stays", "the same", "unchanged", "guaranteed").
const KEPT_ON: &[&str] = &[
    "still",
    "valid",
    "continues",
    "continue",
    "intact",
    "unaltered",
    "stays",
    "stay",
    "remains",
    "remain",
    "same",
    "unchanged",
    "guaranteed",
    "sure",
    "certain",
    "kept",
    "keeps",
    "holds",
    "hold",
    "persists",
    "lasts",
];

/// Words that hedge a later state ("may be taken", "can change", "unless …").
const HEDGES: &[&str] = &[
    "may", "might", "can", "could", "unless", "if", "not", "no", "never", "cannot", "perhaps",
    "possibly", "nobody",
];

/// A state of the answer said to hold at a later act: a word that keeps the state on, or "at
/// the time of" / "by the time", with a later act after an anchor ("at the time of the booking",
/// "until the visit", "when the patient books it", "through the visit").
pub(super) fn held_later(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let n = clause.len();
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    // (a hedge after the later act hedges nothing before it: "stays the same until the visit,
    // not the oncall doctor"; "unless" and "if" hedge wherever they stand)
    let last_later = (0..n)
        .rev()
        .find(|&j| is_word(clause[j], LATER))
        .unwrap_or(n);
    if clause
        .iter()
        .enumerate()
        .any(|(j, t)| is_word(t, HEDGES) && (j < last_later || is_word(t, &["unless", "if"])))
    {
        return;
    }
    // the tool's own act at that time is its own ("taken at the time of the booking")
    let own = |t: &Tok| {
        effects.iter().any(|e| {
            t.text.starts_with(e)
                || *e == "book" && t.text.starts_with("book")
                || *e == "reschedule" && is_word(t, &["move", "reschedule"])
        })
    };
    // a later act, not the tool's own; "later" after "or" ("at this time or later") bounds a
    // window and names no act
    let later = |j: usize| {
        is_word(clause[j], LATER)
            && !own(clause[j])
            && !(is_word(clause[j], &["later"]) && j > 0 && w(j - 1, &["or"]))
    };
    // "at the time of", "by the time": a time named by a later act
    let at_the_time = (0..n).find(|&k| {
        w(k, &["at", "by"])
            && w(k + 1, &["the"])
            && w(k + 2, &["time", "moment", "day", "hour"])
            && (k + 3..n).take(5).any(later)
    });
    // a state kept on to a later act: "still open when the patient books it", "stays the same
    // until the visit", "remains open through the booking"; here "or later" counts, since a
    // state kept "at this time or later" is kept for all time after the call
    let kept_on = || {
        // "holds slots": "holds" before a noun says what a result contains and keeps no state
        // on; "the same doctor … at the visit" does, read with its anchor and later act like
        // any other ("the same key within 24 hours" names no later act)
        let names_a_thing = |k: usize| {
            clause.get(k + 1).is_some_and(|x| {
                x.kind == Kind::Word
                    && !is_word(x, PREPOSITIONS)
                    && !is_word(x, &["until", "till", "when"])
            })
        };
        let kept = (0..n).find(|&k| {
            is_word(clause[k], KEPT_ON)
                && !(is_word(clause[k], &["holds", "hold"]) && names_a_thing(k))
                && !(is_word(clause[k], &["same"])
                    && is_word_at(clause, k + 1, &["key", "keys", "idempotency"]))
        })?;
        // any anchor after it, each read with the words after it ("on the appointment" places
        // a value; "as before" compares, it anchors no act)
        // (a phrase of a later time, in any words: "up to", "all the way to", "right to",
        // "as long as", "as far as", "into", "ahead of", "prior to", "whenever"; "after" and
        // "past" say what holds from then on, not up to it)
        let anchors = [
            "at",
            "until",
            "till",
            "til",
            "when",
            "whenever",
            "by",
            "through",
            "throughout",
            "during",
            "on",
            "upon",
            "before",
            "up",
            "into",
            "ahead",
            "prior",
            "onto",
        ];
        let extent = |j: usize| {
            w(j, &anchors) && !(w(j, &["before"]) && w(j - 1, &["as", "than"]))
                // "to" after a word of reach: "all the way to", "right to", "close to"
                || w(j, &["to"]) && j >= 1 && w(j - 1, &["way", "right", "on", "close", "near", "prior", "up", "through", "straight", "forward"])
                // "as long as", "so long as", "as far as"
                || w(j, &["as"]) && j >= 2 && w(j - 1, &["long", "far"]) && w(j - 2, &["as", "so"])
                // a span's whole: "for the whole week of the visit", "over the full run of
                // the booking", "for all of the visit"
                || w(j, &["for", "over", "across", "along"])
                    && (j + 1..n).take(2).any(|i| {
                        is_word(
                            clause[i],
                            &["whole", "entire", "full", "rest", "length", "duration", "course", "all", "span"],
                        )
                    })
        };
        // (an amount after it bounds a span, it names no later act: "up to 24 hours later")
        let amount = |j: usize| {
            (j + 1..n).take(2).any(|i| {
                clause[i].kind == Kind::Ident && clause[i].text.bytes().all(|b| b.is_ascii_digit())
                    || is_word(clause[i], crate::lang::predicates::NUMBER_WORDS)
            })
        };
        (kept + 1..n)
            .filter(|&j| extent(j) && !amount(j))
            .any(|anchor| {
                let place = w(anchor, &["on", "upon"]);
                (anchor + 1..n).take(7).any(|j| {
                    (later(j)
                        && !(place && is_word(clause[j], &["appointment", "start", "starts"])))
                        || is_word(clause[j], &["later"])
                })
            })
            .then_some(kept)
    };
    if let Some(k) = at_the_time.or_else(kept_on) {
        push(
            out,
            Rule::Directive,
            clause[k],
            format!(
                "\"{}\": a state of the answer said to hold at a later act; a read is as of its call, and a slot or an appointment may change before the booking or the visit",
                clause[k].text
            ),
        );
    }
}

/// A state said to be final ("its status is final", "each status is final", "the doctor is
/// final"): a pending or confirmed appointment can still be confirmed, rejected, cancelled,
/// moved or escalated, and only a cancelled or a rejected one stays as it is. Said of those (or
/// of the result of a cancellation or a rejection), or hedged, it passes.
pub(super) fn said_final(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if effects.iter().any(|e| matches!(*e, "cancel" | "reject")) {
        return;
    }
    let terminal = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "cancelled",
                "rejected",
                "cancellation",
                "rejection",
                "cancelling",
            ],
        )
    });
    if terminal || clause.iter().any(|t| is_word(t, HEDGES)) {
        return;
    }
    // (of what can change: a status, an appointment, its doctor, times, slot or priority)
    let changing = [
        "status",
        "statuses",
        "appointment",
        "appointments",
        "booking",
        "bookings",
        "doctor",
        "time",
        "times",
        "slot",
        "slots",
        "priority",
        "it",
        "each",
        "one",
        "ones",
        "they",
    ];
    // (the subject within three words before the verb: "the status given is final", "its
    // status here is final")
    // ("final", or "the last status of it", "the last one of the booking")
    let last = |k: usize| {
        is_word(clause[k], &["last"])
            && clause[k + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["status", "one", "state"]))
    };
    let copula = [
        "is", "are", "stays", "stay", "remains", "remain", "becomes", "become",
    ];
    let hit = (2..clause.len()).find(|&k| {
        let k0 = if is_word(clause[k - 1], &["the"]) && k >= 3 {
            k - 1
        } else {
            k
        };
        (is_word(clause[k], &["final"]) || last(k))
            && is_word(clause[k0 - 1], &copula)
            && clause[(k0 - 1).saturating_sub(3)..k0 - 1]
                .iter()
                .any(|x| is_word(x, &changing))
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a state of the answer said to be final: a pending or confirmed appointment may still be confirmed, rejected, cancelled, moved or escalated".to_owned(),
        );
    }
}

/// States of an appointment or its slot that the contract lets change: confirmed, booked,
/// held, reserved, valid, secured, guaranteed, in place, yours.
const HELD_STATES: &[&str] = &[
    "confirmed",
    "booked",
    "held",
    "reserved",
    "valid",
    "secured",
    "secure",
    "guaranteed",
    "yours",
    "theirs",
    "fixed",
    "locked",
    "frozen",
    "final",
    "permanent",
    "scheduled",
    "assigned",
    "blocked",
    "saved",
    "kept",
    "taken",
];

/// Verbs that keep a state on: "stays", "remains", "keeps", "continues", "is held".
const STAYS: &[&str] = &[
    "stays",
    "stay",
    "stayed",
    "remains",
    "remain",
    "remained",
    "keeps",
    "keep",
    "continues",
    "continue",
    "persists",
    "lasts",
];

/// Words that say a state is fixed for good: final, fixed, locked, frozen, permanent, settled.
const FOR_GOOD: &[&str] = &[
    "final",
    "fixed",
    "locked",
    "frozen",
    "permanent",
    "definitive",
    "settled",
    "binding",
    "irrevocable",
    "irreversible",
    "unchangeable",
    "immutable",
    "guaranteed",
];

/// A state of an appointment or its slot said kept, fixed or held for a span, read over the
/// clause: "Once confirmed, the appointment stays confirmed", "a confirmed one stays confirmed
/// through the whole month", "its time is now final", "its slot is held for the patient
/// through the whole week", "the booking is locked in for the rest of the month". The contract
/// lets the patient cancel or move a confirmed appointment (a move makes it pending again) and
/// the doctor reject a pending one; a state kept is a promise the server cannot keep. Hedged
/// ("stays confirmed unless the patient cancels it", "until the patient moves it"), denied, or
/// said of a cancelled or rejected one, or of the tool's own cancellation or rejection, it
/// passes; "the status stays as it was" (of an escalation) keeps no state named here.
pub(super) fn state_kept(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let n = clause.len();
    if clause.iter().any(|t| {
        is_word(t, HEDGES)
            || is_word(
                t,
                &[
                    "until",
                    "till",
                    "cancelled",
                    "rejected",
                    "cancellation",
                    "rejection",
                    "key",
                    "keys",
                    "idempotency",
                ],
            )
    }) || effects.iter().any(|e| matches!(*e, "cancel" | "reject"))
    {
        return;
    }
    // (of an appointment, its slot, time or status)
    let record = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "appointment",
                "appointments",
                "booking",
                "bookings",
                "slot",
                "slots",
                "time",
                "times",
                "status",
                "statuses",
                "one",
                "ones",
                "it",
                "they",
                "visit",
                "visits",
                "reservation",
                "doctor",
                "date",
                "start",
                "place",
            ],
        )
    });
    if !record {
        return;
    }
    // a span: "through the whole month", "for the rest of the week", "throughout the week",
    // "for a month", "all week", "for good"
    let span = (0..n).any(|j| {
        let anchor = is_word(
            clause[j],
            &[
                "through",
                "throughout",
                "for",
                "over",
                "during",
                "across",
                "all",
            ],
        );
        anchor
            && (j + 1..n).take(4).any(|i| {
                is_word(
                    clause[i],
                    &[
                        "whole",
                        "entire",
                        "rest",
                        "remainder",
                        "full",
                        "good",
                        "ever",
                        "life",
                        "duration",
                        "length",
                    ],
                ) || is_word(clause[i], TIME_UNITS)
                    && i > 0
                    && is_word(clause[i - 1], &["the", "that", "this", "its"])
            })
    });
    let hit = (0..n).find(|&k| {
        let t = clause[k];
        // "stays confirmed", "remains booked", "keeps its slot", "stays the patient's"
        let stays = is_word(t, STAYS)
            && (k + 1..n).take(3).any(|i| {
                is_word(clause[i], HELD_STATES) || is_word(clause[i], &["place", "force", "effect"])
            });
        // "is now final", "its time is fixed", "is locked in"
        let good = is_word(t, FOR_GOOD)
            && clause[..k].iter().rev().take(3).any(|x| {
                is_word(
                    x,
                    &[
                        "is",
                        "are",
                        "becomes",
                        "become",
                        "stays",
                        "remains",
                        "be",
                        "now",
                        "then",
                        "henceforth",
                    ],
                )
            })
            && !is_word_at(
                clause,
                k + 1,
                &["at", "by", "per", "to", "length", "size", "width"],
            );
        // "is held for the patient through the whole week", "stays confirmed for the rest"
        let held = span
            && (is_word(t, STAYS)
                || is_word(t, HELD_STATES)
                    && clause[..k].iter().rev().take(2).any(|x| {
                        is_word(
                            x,
                            &["is", "are", "be", "been", "stays", "remains", "kept", "now"],
                        )
                    }));
        stays || good || held
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            format!(
                "\"{}\": a state of an appointment or its slot said kept, fixed or held for a span; the patient can still cancel or move a confirmed appointment (a move makes it pending) and the doctor reject a pending one",
                clause[k].text
            ),
        );
    }
}
