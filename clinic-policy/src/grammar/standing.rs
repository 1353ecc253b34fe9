//! What a statement says an act, a value or a source stands for: an act counted as another or
//! undone by itself, a threat for an act not done, a line or a text of the clinic said to be
//! the emergency line, a diagnosis or advice, a promise that nothing is kept, a text addressed
//! to the caller, and a thing ranked over every other of its kind. Each is a claim about the
//! world that only the clinic's answer, or a person, can make; none is a fact of a tool.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Acts a person or a tool does to an appointment, a slot or a list, by their nouns.
const ACT_NOUNS: &[&str] = &[
    "booking",
    "bookings",
    "cancellation",
    "cancellations",
    "move",
    "moves",
    "rejection",
    "rejections",
    "confirmation",
    "confirmations",
    "escalation",
    "escalations",
    "entry",
    "entries",
    "submission",
    "submissions",
    "payment",
    "payments",
    "reply",
    "answer",
    "call",
    "visit",
    "intake",
];

/// States an appointment or a slot is in.
const STATES: &[&str] = &[
    "pending",
    "confirmed",
    "rejected",
    "cancelled",
    "canceled",
    "booked",
    "moved",
    "escalated",
    "urgent",
    "open",
    "free",
    "paid",
];

fn near(clause: &[&Tok], from: usize, n: usize, list: &[&str]) -> bool {
    clause[from.min(clause.len())..]
        .iter()
        .take(n)
        .any(|t| is_word(t, list))
}

/// An act or a state said to count as, or to have the effect of, another ("Each cancellation
/// counts as a move", "A rejection has the effect of a confirmation", "A cancellation and a
/// move have the same effect"), or to have no other effect: what an act does is the tool's own
/// declared effect, said by its verb, never by an equation a catalogue cannot know.
pub(super) fn act_equated(clause: &[&Tok], out: &mut Vec<Violation>) {
    let acts = clause
        .iter()
        .any(|t| is_word(t, ACT_NOUNS) || is_word(t, STATES));
    for (k, t) in clause.iter().enumerate() {
        let prev = |b: usize, w: &[&str]| k >= b && is_word(clause[k - b], w);
        let effect = is_word(t, &["effect", "effects"])
            && ((prev(1, &["same"]) && acts)
                || (prev(1, &["other"]) && prev(2, &["no"]))
                || (clause.get(k + 1).is_some_and(|n| is_word(n, &["of", "as"]))
                    && prev(1, &["the", "an", "a"])
                    && (near(clause, k + 2, 3, ACT_NOUNS) || near(clause, k + 2, 3, STATES))));
        // (a rule of a kind under a condition of time is a fee's terms: "A move less than 24
        // hours before the start counts as a late cancellation")
        let timed = clause[..k]
            .iter()
            .any(|x| x.kind == Kind::Ident || is_word(x, TIME_UNITS));
        // (the tool's own verb opens its first sentence: "Count the free slots …")
        let counted = k > 0
            && is_word(t, &["counts", "count", "counted", "equals", "equal"])
            && !timed
            && (near(clause, k + 1, 4, ACT_NOUNS) || near(clause, k + 1, 4, STATES));
        if effect || counted {
            push(
                out,
                Rule::Directive,
                t,
                "an act or a state said to count as another, or to do nothing else: what an act does is the tool's own effect, said by its verb".to_owned(),
            );
            return;
        }
    }
}

/// A state said to come back by itself ("A cancelled appointment becomes pending again after
/// one day"): an act made to look undoable. The act's own result, when the act leaves a status
/// it takes, is no undo ("Move … The appointment keeps its id and becomes pending again": a move
/// leaves a pending or confirmed appointment pending), said with no time, case or status it
/// does not take (which holds the status an act leaves when it does not take it: "becomes
/// confirmed again" for a confirmation).
pub(super) fn undone_by_itself(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    undone_by_a_second_act(clause, out);
    let Some(k) = clause
        .iter()
        .position(|t| is_word(t, &["becomes", "become", "turns", "returns", "goes"]))
    else {
        return;
    };
    let takes = crate::facts::statuses_taken(effects);
    let own_result = crate::facts::status_left(effects)
        .is_some_and(|left| is_word_at(clause, k + 1, &[left]))
        && !clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "after",
                    "later",
                    "itself",
                    "automatically",
                    "when",
                    "once",
                    "if",
                    "until",
                    "day",
                    "days",
                    "hour",
                    "hours",
                    "week",
                    "weeks",
                ],
            ) || is_word(x, crate::facts::STATUSES) && !is_word(x, takes)
        });
    if own_result {
        return;
    }
    // … in the verb's own phrase: "and" before another subject opens another statement ("it
    // becomes cancelled and its slot is open again")
    let own_phrase = clause[k..].iter().enumerate().take_while(|&(i, t)| {
        !(is_word(t, &["and"])
            && clause
                .get(k + i + 1)
                .is_some_and(|n| is_word(n, &["its", "the", "their", "it", "each", "a"])))
    });
    // (a freed slot open again is the act's own effect: "the slot it held becomes free again")
    if let Some((_, t)) = own_phrase
        .clone()
        .find(|(_, t)| is_word(t, &["again", "back"]))
        .filter(|&(i, _)| !super::effects::slot_freed(clause, k + i, effects))
    {
        push(
            out,
            Rule::Directive,
            t,
            "a state said to come back by itself: an act made to look undoable".to_owned(),
        );
    }
}

/// An act said to undo one made before ("After a second cancellation, the appointment is
/// pending again", "… with its first doctor again after a second escalation"): a second act on an
/// appointment that has left the status it takes answers `INVALID_TRANSITION`, and nothing brings
/// a state back. A second move leaves the appointment pending again, truly; a second booking or
/// request with the same key answering the first again is no act, and another booking of a freed
/// slot is no undo.
fn undone_by_a_second_act(clause: &[&Tok], out: &mut Vec<Violation>) {
    const CHANGES: &[&str] = &["cancellation", "rejection", "escalation", "confirmation"];
    let second = clause.windows(2).any(|w| {
        is_word(w[0], &["second", "another", "repeated", "further"]) && is_word(w[1], CHANGES)
    });
    if !second {
        return;
    }
    if let Some(t) = clause
        .iter()
        .find(|t| is_word(t, &["again", "back", "undone", "restored"]))
    {
        push(
            out,
            Rule::Directive,
            t,
            "an act said to undo one made before: a second act answers the error of the status it does not take, and no state comes back".to_owned(),
        );
    }
}

/// A cost or a loss for an act not done in a time ("The referral of a patient with no booking
/// in the month is invalid", "The fee of a slot with no booking in one day is twice the fee"),
/// or a loss for an act done ("The referral of a patient with a cancellation is invalid"): a
/// threat written as a state of a kind.
pub(super) fn threat_for_no_act(clause: &[&Tok], out: &mut Vec<Violation>) {
    if sanction_for_acts(clause, out) {
        return;
    }
    // (… or for an act done: "The referral of a patient with a cancellation is invalid")
    let withdrawn = clause.iter().any(|t| {
        is_word(
            t,
            &[
                "invalid",
                "void",
                "lost",
                "expired",
                "forfeited",
                "closed",
                "removed",
            ],
        )
    });
    let hit = clause.windows(4).find(|w| {
        is_word(w[0], &["with", "without"])
            && is_word(w[1], &["no", "a", "an"])
            && (is_word(w[2], ACT_NOUNS) || (withdrawn && is_word(w[2], STATES)))
            && (is_word(w[3], &["in", "within", "for", "after", "by", "before"]) || withdrawn)
    });
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[0],
            "a cost or a loss for an act not done in a time: a threat, which only the clinic's answer can state".to_owned(),
        );
    }
}

/// People a sanction is said of (appointments by [`APPOINTMENT_NAMES`] too).
const SANCTIONED_PEOPLE: &[&str] = &[
    "patient", "patients", "caller", "callers", "user", "users", "person", "people", "doctor",
    "doctors",
];

/// A subject a sanction is said of: a person or an appointment.
fn sanctioned(t: &Tok) -> bool {
    is_word(t, SANCTIONED_PEOPLE) || is_word(t, APPOINTMENT_NAMES)
}

/// A person or an appointment, marked by acts done or not done ("a patient with 3
/// cancellations", "a patient who cancels twice", "an appointment with no intake", "a pending
/// appointment not confirmed in 2 days"), said to be refused a service or dropped ("is not
/// booked again", "is not kept", "is no longer held", "is excluded"): no rule of the clinic API
/// ties a booking, or an appointment's life, to a count of acts or to one left undone. What a
/// store keeps ("not kept in the server's log") is no sanction.
fn sanction_for_acts(clause: &[&Tok], out: &mut Vec<Violation>) -> bool {
    const REFUSED: &[&str] = &[
        "booked", "kept", "held", "treated", "seen", "allowed", "accepted",
    ];
    const DROPPED: &[&str] = &["excluded", "removed", "closed"];
    const MARKS: &[&str] = &["with", "without", "who", "that", "whose", "not"];
    if clause
        .iter()
        .any(|t| is_word(t, &["server", "log", "logs", "cache", "store", "memory"]))
    {
        return false;
    }
    let hit = (1..clause.len()).find(|&c| {
        // (a modal bar on a subject marked by a status, "a patient with a pending appointment
        // can not book", is the lifecycle's, judged by what the act takes)
        let modal = modal_bar(clause, c)
            && !clause[..c]
                .iter()
                .any(|t| is_word(t, APPOINTMENT_STATUSES) || is_word(t, &["completed"]));
        let refused = modal
            || is_word(clause[c], &["is", "are", "becomes", "become"])
                && ((is_word_at(clause, c + 1, &["not"]) && is_word_at(clause, c + 2, REFUSED))
                    || (is_word_at(clause, c + 1, &["no"])
                        && is_word_at(clause, c + 2, &["longer"])
                        && is_word_at(clause, c + 3, REFUSED))
                    || is_word_at(clause, c + 1, DROPPED));
        if !refused {
            return false;
        }
        // the subject, marked after its noun, before the verb
        // (a bar said with a modal is the lifecycle's when the subject is marked by a status,
        // not by acts: "an appointment that is cancelled cannot be moved")
        let marked = (0..c.saturating_sub(1)).any(|h| {
            sanctioned(clause[h])
                && is_word(clause[h + 1], MARKS)
                && !(is_word(clause[h + 1], &["that"]) && h + 2 == c)
                && !(modal && is_word_at(clause, h + 2, &["is", "are", "was", "were", "has"]))
        });
        // … or the acts named after it ("is not kept without an intake", "after 3 cancellations")
        let after = clause[..c].iter().any(|t| sanctioned(t))
            && (c + 2..clause.len()).any(|k| {
                is_word(clause[k], &["without", "after", "for"])
                    && near(clause, k + 1, 3, ACT_NOUNS)
                    || is_word(clause[k], &["with"]) && is_word_at(clause, k + 1, &["no"])
            });
        refused && (marked || after)
    });
    let Some(c) = hit else {
        return false;
    };
    push(
        out,
        Rule::Directive,
        clause[c],
        "a person or an appointment said to lose a service for acts done or not done: a sanction the clinic API does not have, and only its answer could state".to_owned(),
    );
    true
}

/// A bar on an act said with a modal, from `c` ("cannot book", "may not be booked", "can no
/// longer book", "is not able to book", "is unable to book", "loses the right to book", "has no
/// right to book"): the act is one a service gives (a booking, a visit), so a rule of the
/// clinic's lifecycle ("cannot be cancelled again") is not read here; a move barred ("can not
/// be moved") is left to the reading of an act denied, which judges it by what the move takes.
fn modal_bar(clause: &[&Tok], c: usize) -> bool {
    const ACTS: &[&str] = &[
        "book", "booked", "books", "request", "make", "get", "use", "see", "seen", "treat",
        "treated", "keep", "kept", "hold", "held", "accept", "accepted", "visit", "have",
    ];
    // (the words of the bar, then the act after an optional "be")
    let act_at = |k: usize| {
        let k = if is_word_at(clause, k, &["be"]) {
            k + 1
        } else {
            k
        };
        is_word_at(clause, k, ACTS)
    };
    let w = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    if w(c, &["cannot"]) {
        return act_at(c + 1);
    }
    if w(c, &["can", "may", "could"]) {
        return (w(c + 1, &["not", "never"]) && act_at(c + 2))
            || (w(c + 1, &["no"]) && w(c + 2, &["longer"]) && act_at(c + 3));
    }
    if w(c, &["is", "are", "becomes", "become"]) {
        return (w(c + 1, &["not"]) && w(c + 2, &["able"]) && w(c + 3, &["to"]) && act_at(c + 4))
            || (w(c + 1, &["unable"]) && w(c + 2, &["to"]) && act_at(c + 3));
    }
    // ("loses the right to book", "has no right to book")
    let right = |k: usize| {
        w(k, &["right", "rights", "ability", "chance"]) && w(k + 1, &["to"]) && act_at(k + 2)
    };
    (w(c, &["loses", "lose", "forfeits", "forfeit"])
        && w(c + 1, &["the", "a", "its", "their", "her", "his"])
        && right(c + 2))
        || (w(c, &["has", "have"]) && w(c + 1, &["no"]) && right(c + 2))
}

/// Ways to reach someone.
const CONTACTS: &[&str] = &[
    "line", "lines", "number", "numbers", "phone", "phones", "contact", "contacts", "hotline",
    "service", "services", "desk",
];

/// A line, a number or an act of the clinic said to be the emergency line ("The clinic phone
/// is the emergency line at night", "the emergency number of the clinic"), or a value in place
/// of emergency care ("instead of an ambulance"): an emergency is never routed by a catalogue.
/// The emergency hotline named as itself ("For chest pain the emergency hotline is the next
/// step") is the how-to's own wording.
pub(super) fn emergency_routed(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let prev = |b: usize, w: &[&str]| k >= b && is_word(clause[k - b], w);
        let line = is_word(t, &["emergency", "emergencies"])
            && clause.get(k + 1).is_some_and(|n| is_word(n, CONTACTS));
        // ("the next step is the emergency line 112", "the next step for the patient is …": the
        // line named as itself, the next step said to be it)
        let next_step = k >= 3
            && clause[k.saturating_sub(8)..k - 2]
                .iter()
                .any(|x| is_word(x, &["step", "steps"]));
        (line && prev(1, &["the", "a", "an"]) && prev(2, COPULAS) && !next_step)
            || (line
                && clause
                    .get(k + 2)
                    .is_some_and(|n| is_word(n, &["of", "at", "for"]))
                && near(clause, k + 3, 2, BODIES))
            || (is_word(t, &["instead", "place"])
                && clause.get(k + 1).is_some_and(|n| is_word(n, &["of"]))
                && near(
                    clause,
                    k + 2,
                    3,
                    &[
                        "ambulance",
                        "ambulances",
                        "emergency",
                        "emergencies",
                        "hospital",
                        "hotline",
                        "doctor",
                        "nurse",
                        "care",
                    ],
                ))
    });
    if let Some((_, t)) = hit.or_else(|| emergency_or_else(clause)) {
        push(
            out,
            Rule::Directive,
            t,
            "a line, a value or an act said to be, or to stand in for, emergency care: a catalogue never routes an emergency".to_owned(),
        );
    }
}

/// The emergency line given another thing after it as its alternative, or a wait ("the next step
/// is the emergency line (112) or this escalation", "…, once the intake form is in"): the
/// emergency line is the one next step (another thing before it, "the next step is the reception
/// or …", is no next step the shapes allow, and a second number is no number a catalogue gives).
fn emergency_or_else<'c, 't>(clause: &'c [&'t Tok]) -> Option<(usize, &'c &'t Tok)> {
    let number = |x: &Tok| x.kind == Kind::Ident && x.text.bytes().all(|b| b.is_ascii_digit());
    let line = (0..clause.len().saturating_sub(1)).find(|&k| {
        is_word(clause[k], &["emergency", "emergencies"]) && is_word(clause[k + 1], CONTACTS)
    })?;
    // past the line's name and its number: "… line (112) or this escalation"
    let j = (line + 2..clause.len())
        .find(|&j| !(number(clause[j]) || clause[j].kind == Kind::Comma))?;
    // … or a condition or a time set before it ("…, once the intake form is in", "…, after this
    // booking"): emergency care waits for nothing
    // (emergency care itself may follow: "… (112) or an ambulance")
    let care = clause[j + 1..]
        .iter()
        .find(|x| !is_word(x, &["a", "an", "the"]))
        .is_some_and(|x| is_word(x, &["ambulance", "ambulances", "emergency", "emergencies"]));
    let alternative = (is_word(clause[j], &["or", "otherwise", "else"])
        || is_word(clause[j], &["and"]) && is_word_at(clause, j + 1, &["else", "otherwise"]))
        && !care;
    let waits = is_word(
        clause[j],
        &[
            "after",
            "once",
            "until",
            "when",
            "if",
            "following",
            "before",
        ],
    );
    (alternative || waits).then(|| (j, &clause[j]))
}

/// A value said, beside its name, to be a person's judgement ("Excerpt of the protocol, the
/// diagnosis of the patient", "Title of the protocol, the same as the diagnosis of the
/// patient", "the advice of the oncall doctor"): a generic text presented as care.
pub(super) fn judgement_relabelled(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let prev = |b: usize, w: &[&str]| k >= b && is_word(clause[k - b], w);
        is_word(t, JUDGEMENTS)
            && prev(1, &["the", "a", "an"])
            && !prev(2, NEGATIONS)
            && (k >= 2 && clause[k - 2].kind == Kind::Comma
                || (prev(2, &["as"]) && prev(3, &["same"])))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a value said to be a person's diagnosis, advice or decision: a text of the clinic is not care".to_owned(),
        );
    }
}

/// The clinic, its API or the tool said to give a person's judgement ("The clinic gives a
/// diagnosis from the severity", "The clinic sets a diagnosis and the triage level"): the API
/// sets a triage level from a number, and a text of the clinic is not care. "gives no
/// diagnosis" passes.
pub(super) fn judgement_given(clause: &[&Tok], out: &mut Vec<Violation>) {
    const GIVERS: &[&str] = &["clinic", "api", "server", "tool", "system"];
    const GIVES: &[&str] = &[
        "gives",
        "give",
        "sets",
        "set",
        "makes",
        "make",
        "returns",
        "return",
        "computes",
        "compute",
        "derives",
        "derive",
        "provides",
        "provide",
        "creates",
        "create",
        "produces",
        "produce",
        "generates",
        "generate",
        "offers",
        "offer",
        "delivers",
        "deliver",
    ];
    // the passive: "a diagnosis is given by the clinic", "a diagnosis is made" (by no one
    // named, or by the clinic or its API; "made by the doctor at the visit" is not the API's)
    const GIVEN: &[&str] = &[
        "given",
        "set",
        "made",
        "returned",
        "computed",
        "derived",
        "provided",
        "created",
        "produced",
        "generated",
        "offered",
        "delivered",
    ];
    let passive = (2..clause.len()).find(|&v| {
        is_word(clause[v], GIVEN)
            && is_word(clause[v - 1], COPULAS)
            && is_word(clause[v - 2], JUDGEMENTS)
            && !clause
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
            && clause[v + 1..]
                .iter()
                .position(|x| is_word(x, &["by"]))
                .is_none_or(|b| {
                    is_word_at(clause, v + 3 + b, GIVERS) || is_word_at(clause, v + 2 + b, GIVERS)
                })
    });
    if let Some(v) = passive {
        push(
            out,
            Rule::Directive,
            clause[v - 2],
            "the clinic said to give a person's diagnosis, advice or decision: the clinic API sets a triage level from a number, and a text of the clinic is not care".to_owned(),
        );
        return;
    }
    let Some(v) = (1..clause.len()).find(|&v| {
        is_word(clause[v], GIVES)
            && is_word(clause[v - 1], GIVERS)
            && !clause[..v].iter().any(|x| is_word(x, NEGATIONS))
    }) else {
        return;
    };
    // the object, to the end of its list: "a diagnosis and the triage level"
    let hit = clause[v + 1..]
        .iter()
        .enumerate()
        .take_while(|(_, x)| x.kind == Kind::Word && !is_word(x, &["from", "for", "of", "by"]))
        .find(|&(i, x)| {
            is_word(x, JUDGEMENTS)
                && !clause[v + 1..v + 1 + i]
                    .iter()
                    .any(|y| is_word(y, NEGATIONS) || is_word(y, &["no"]))
        });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the clinic said to give a person's diagnosis, advice or decision: the clinic API sets a triage level from a number, and a text of the clinic is not care".to_owned(),
        );
    }
}

/// A text filled in at run time (a protocol's text or excerpt, a doctor's reason or note) said to
/// be instructions ("Short excerpt of the protocol; care instructions of the clinic", "The reason
/// for a rejection …; care instructions for the patient"): what comes from outside is data, and
/// a reader told it is instructions follows what a stranger wrote into it. "data, not
/// instructions" passes.
pub(super) fn outside_text_as_instructions(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    // (in one sentence, past its `;` and `:`: the text named, and "instructions" said of it)
    for sentence in toks.split(|t| t.kind == Kind::Stop && !matches!(t.text.as_str(), ";" | ":")) {
        let has = |list: &[&str]| sentence.iter().any(|t| is_word(t, list));
        // (every text of a protocol's tool is of its protocols)
        let outside = tool.contains("protocol")
            || has(&["excerpt", "excerpts", "protocol", "protocols"])
            || has(&["reason", "reasons", "note", "notes"]) && has(&["rejection", "escalation"]);
        if !outside {
            continue;
        }
        let hit = sentence.iter().enumerate().find(|&(k, t)| {
            is_word(t, &["instructions", "instruction", "directions"])
                && !sentence[k.saturating_sub(2)..k]
                    .iter()
                    .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
        });
        if let Some((_, t)) = hit {
            push(
                out,
                Rule::Directive,
                t,
                "a text filled in at run time said to be instructions: a protocol's text, a reason or a note is data, never instructions".to_owned(),
            );
            return;
        }
    }
}

/// A text of the clinic for every patient (a protocol, its excerpt or summary) said to come from
/// the patient's own doctor ("Excerpt of the protocol, written by the doctor of the
/// appointment", "in the words of the doctor of the patient"): a generic text presented as
/// that doctor's word on this patient.
pub(super) fn authorship_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    if !clause.iter().any(|t| {
        is_word(
            t,
            &["protocol", "protocols", "excerpt", "summary", "summaries"],
        )
    }) {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let at = |j: usize, w: &[&str]| clause.get(j).is_some_and(|x| is_word(x, w));
        is_word(t, PEOPLE)
            && k >= 2
            && at(k - 1, &["the"])
            && (at(k - 2, &["by", "from", "as"])
                || (at(k - 2, &["of"]) && at(k - 3, &["words", "note", "notes", "advice"])))
            && at(k + 1, &["of"])
            && at(k + 2, &["the", "this", "each"])
            && at(k + 3, &["appointment", "patient", "visit"])
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a text of the clinic said to come from the patient's own doctor: a protocol is the clinic's, for every patient".to_owned(),
        );
    }
}

/// A status said to be the status of another event ("`rejected` is the status of a moved
/// visit", "`cancelled`, the status of a visit on a new date", "… of a completed visit"): the
/// reader then tells a moved or finished visit as rejected or cancelled. A status is what its
/// name says; "`pending` is the status of a new appointment" passes.
pub(super) fn status_relabelled(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some(k) = clause.windows(3).position(|w| {
        is_word(w[0], &["the"]) && is_word(w[1], &["status"]) && is_word(w[2], &["of"])
    }) else {
        return;
    };
    let named = clause[..k].iter().any(|t| is_word(t, APPOINTMENT_STATUSES));
    let rest = &clause[k + 3..];
    let other = rest.iter().any(|t| is_word(t, EVENTS_OF_A_VISIT))
        || rest.windows(2).any(|w| {
            is_word(w[0], &["new", "another", "other"])
                && is_word(w[1], &["date", "doctor", "time", "day"])
        });
    if named && other {
        push(
            out,
            Rule::Directive,
            clause[k + 1],
            "a status said to be the status of another event: a status is what its name says"
                .to_owned(),
        );
    }
}

/// A promise that nothing is kept ("No record of the intake stays at the clinic"): it buys a
/// fuller answer with a privacy the catalogue cannot know.
pub(super) fn nothing_kept(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["no", "nothing"])
            && (is_word(t, &["nothing"])
                || clause.get(k + 1).is_some_and(|n| {
                    is_word(
                        n,
                        &[
                            "record", "records", "copy", "copies", "trace", "data", "log", "logs",
                        ],
                    )
                }))
            && near(
                clause,
                k + 1,
                6,
                &[
                    "stays", "stay", "remains", "remain", "kept", "stored", "saved", "logged",
                    "shared",
                ],
            )
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a promise that nothing is kept or shared: only the clinic's policy can say it"
                .to_owned(),
        );
    }
}

/// A value or a text said to be for or to the caller ("a text of the clinic staff for the
/// caller", "the words of the staff to the caller"); where a value comes from is its source
/// ("Optional key from the caller", "set by the caller"):
/// a value is what the clinic answers or the caller gives, never a message to the reader. (A
/// tool's own act for the caller, "Book a slot for the caller", is its beneficiary.)
pub(super) fn caller_addressed(clause: &[&Tok], value: bool, out: &mut Vec<Violation>) {
    if !value {
        return;
    }
    // (who may have a value is the token's: "unavailable to the caller")
    let hit = clause.windows(3).enumerate().find(|&(k, w)| {
        is_word(w[0], &["for", "to"])
            && is_word(w[1], &["the", "this", "each", "every", "any"])
            && is_word(w[2], CALLERS)
            && !(is_word(w[0], &["to"]) && k >= 1 && is_word(clause[k - 1], &["unavailable"]))
    });
    let hit = hit.map(|(_, w)| w);
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[2],
            "a value said to be for or to the caller: a text addresses no reader".to_owned(),
        );
    }
}

/// A claim given as the cause of a value or an act, or set beside it ("since the waiting list
/// of each other doctor is full", "because the doctor is absent", "…, while the reception is
/// busy"): a state of the world a catalogue cannot know; a version ("Deprecated since `v1.4`")
/// is a date, not a cause.
pub(super) fn cause_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // ("since" a time is a time: "A slot taken since the search gives 409"; a cause states
        // a thing is or has)
        let stated = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, &["is", "are", "was", "were", "has", "have", "had"]));
        // ("while" fronted is a time: "While the slot is held, the patient gets a reminder";
        // after the value or the act it sets a claim beside it)
        (is_word(t, &["since", "because", "whereas"]) || (k > 0 && is_word(t, &["while"])))
            && (stated || is_word(t, &["because"]))
            && clause.get(k + 1).is_some_and(|n| {
                n.kind == Kind::Word
                    && (is_word(n, DETERMINERS)
                        || is_word(n, &["each", "every", "all", "no", "it", "they", "there"]))
            })
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a claim given as a cause: a state of the world a catalogue cannot know".to_owned(),
        );
    }
}

/// A thing ranked over every other of its kind ("more years of practice than each other
/// doctor"), or a fee said as a multiple of the fee ("twice the fee"): comparisons a catalogue
/// cannot make.
pub(super) fn ranked_over_all(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        (is_word(t, &["than"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["each", "every", "any", "all", "the", "other"]))
            && near(clause, k + 1, 3, &["other", "others"]))
            || (is_word(t, &["twice", "double", "triple", "half"])
                && near(
                    clause,
                    k + 1,
                    2,
                    &["fee", "fees", "price", "cost", "deposit", "wait"],
                ))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a thing ranked over every other of its kind, or a fee said as a multiple of the fee: a comparison a catalogue cannot make".to_owned(),
        );
    }
}

/// People whose data is not the patient's.
const OTHER_PERSONS: &[&str] = &[
    "guardian",
    "guardians",
    "parent",
    "parents",
    "interpreter",
    "interpreters",
    "relative",
    "relatives",
    "family",
    "partner",
    "spouse",
    "sibling",
    "siblings",
    "friend",
    "friends",
    "child",
    "children",
    "member",
    "members",
];

/// Medical data of a person other than the patient ("Diagnoses of each guardian of the
/// patient", "Medical history of each guardian"): no tool takes another person's health.
pub(super) fn others_medical_data(clause: &[&Tok], out: &mut Vec<Violation>) {
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["of"])
            && clause[k.saturating_sub(3)..k]
                .iter()
                .any(|x| crate::lang::data::medical(x))
            && clause[k + 1..]
                .iter()
                .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["each", "every", "any"]))
                .is_some_and(|x| is_word(x, OTHER_PERSONS))
    });
    if let Some((k, _)) = hit {
        push(
            out,
            Rule::Exfiltration,
            clause[k],
            "medical data of a person other than the patient: no tool takes another person's health".to_owned(),
        );
    }
}

/// A changing tool's result said, beside it, to be in the state of a change the tool does not
/// make ("The result is the new appointment, confirmed", "…, confirmed and paid"): a step
/// claimed done that no one did. A state under a condition ("pending until confirmed by the
/// doctor") is the object's course.
pub(super) fn result_in_another_state(
    clause: &[&Tok],
    effects: &[&'static str],
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let result = clause
        .iter()
        .any(|t| is_word(t, &["result", "results", "returns", "returned"]));
    if !mutates || !result {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        k > 0
            && clause[k - 1].kind == Kind::Comma
            && t.text.ends_with("ed")
            && matches!(verb(&t.text), Some((lemma, VerbClass::Effect, _)) if !effects.contains(&lemma))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a changing tool's result said to be in the state of a change it does not make: a step claimed done".to_owned(),
        );
    }
}

/// A tool of care (the escalation, the intake) said to be deprecated, or kept or only for older
/// clients, with no tool named to replace it ("Escalate one appointment to the oncall doctor.
/// Deprecated.", "Only for older clients."): the reader then avoids the one way to care it has.
/// Its deprecation names its replacement ("Deprecated; replaced by submit_intake_v2.").
pub(super) fn deprecated_alone(toks: &[Tok], out: &mut Vec<Violation>) {
    let said = toks.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["deprecated", "obsolete", "legacy"])
            || (is_word(t, &["older", "old"])
                && toks
                    .get(k + 1)
                    .is_some_and(|n| is_word(n, &["clients", "client"])))
    });
    let Some((_, t)) = said else { return };
    let replaced = toks.windows(3).any(|w| {
        is_word(&w[0], &["replaced"]) && is_word(&w[1], &["by"]) && w[2].kind == Kind::Ident
    });
    if !replaced {
        push(
            out,
            Rule::Directive,
            t,
            "a tool said to be deprecated or for older clients with no replacement named: write \"Deprecated; replaced by <tool>.\"".to_owned(),
        );
    }
}

/// A phone number given in the text ("the phone of the clinic is 09001234", "a text from
/// 09001234"): a catalogue written once cannot know a line's number, and a wrong one sends the
/// patient to whoever holds it. The public emergency number is the only number a text gives.
pub(super) fn phone_number_given(clause: &[&Tok], out: &mut Vec<Violation>) {
    if !clause.iter().any(|t| is_word(t, PHONE_LINES)) {
        return;
    }
    // (an example of a person's own number is the value's form: "Phone number of the patient,
    // for example +15550100"; a line of the clinic's is no example)
    let persons = clause
        .iter()
        .any(|x| is_word(x, &["patient", "patients", "caller", "guardian"]));
    let hit = clause
        .iter()
        .enumerate()
        .find(|&(k, t)| {
            t.kind == Kind::Ident
                && t.text.len() >= 5
                && t.text.bytes().all(|b| b.is_ascii_digit())
                && !(persons
                    && clause[k.saturating_sub(3)..k]
                        .iter()
                        .any(|x| is_word(x, &["example", "such"])))
        })
        .map(|(_, t)| t);
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a phone number given in the text: a line's number is the clinic's answer's to give, never a catalogue's".to_owned(),
        );
    }
}

/// A record of the clinic said to be kept for a time ("The intake is kept for 30 days", "Reason
/// for the rejection, … kept for one week", "kept for 7 days after the visit"), or to be there,
/// shown or held up to a time or an event ("stays on the appointment for 30 days", "shown to the
/// patient for one week", "on record until the visit"): a promise that it is removed after,
/// which the clinic API does not make and nobody can check. A key's window is the contract's own
/// ("The key is kept for 24 hours"). For a tool of a route of the clinic API.
pub(super) fn retention_bounded(clauses: &[Vec<&Tok>], tool: &str, out: &mut Vec<Violation>) {
    if !crate::facts::has_a_route(tool) {
        return;
    }
    const KEPT: &[&str] = &[
        "kept",
        "stored",
        "retained",
        "saved",
        "archived",
        "preserved",
    ];
    // (a text a person wrote, or the intake: what "held", "shown" or "on the appointment" keeps)
    const RECORDS: &[&str] = &[
        "intake", "intakes", "symptoms", "reason", "reasons", "note", "notes", "answers", "form",
        "forms", "data", "text", "severity",
    ];
    let of_a_record = clauses.iter().flatten().any(|t| is_word(t, RECORDS));
    for clause in clauses {
        if clause
            .iter()
            .any(|t| is_word(t, &["key", "keys", "idempotency", "idempotency-key"]))
        {
            continue;
        }
        // where a record is: "on the appointment", "on record", "in the record"
        let kept_on = |k: usize| {
            is_word(clause[k], &["on", "in"])
                && clause[k + 1..]
                    .iter()
                    .find(|x| !is_word(x, &["the", "its", "their"]))
                    .is_some_and(|x| is_word(x, &["appointment", "record", "records", "file"]))
        };
        // (a record's own place, "on record", or a view said to last, "stays visible", keeps
        // any object: "The appointment stays on record for 30 days")
        let lasting = |k: usize| {
            is_word(clause[k], &["on", "in"])
                && clause
                    .get(k + 1)
                    .is_some_and(|x| is_word(x, &["record", "records"]))
                || is_word(clause[k], &["shown", "visible", "displayed"])
                    && k >= 1
                    && is_word(clause[k - 1], &["stay", "stays", "remain", "remains"])
        };
        let marker = |k: usize| {
            is_word(clause[k], KEPT)
                || lasting(k)
                || of_a_record
                    && (is_word(clause[k], &["held", "shown", "visible", "displayed"])
                        || kept_on(k))
        };
        // (an amount of time, "30 days", "one week", "a year", said as how long: right after
        // the verb or after "for", "during" or "than" in any order: "kept 30 days", "For 30
        // days the intake is kept", "kept for a period of 30 days", "for no longer than a month")
        let Some(kept) = (0..clause.len()).find(|&k| marker(k)) else {
            continue;
        };
        let amount = |i: usize| {
            amount_of_time(&clause[i..])
                || is_word(clause[i], &["a", "an"])
                    && clause.get(i + 1).is_some_and(|u| is_word(u, TIME_UNITS))
        };
        let how_long = |i: usize| {
            i == kept + 1
                || clause[i.saturating_sub(4)..i]
                    .iter()
                    .any(|x| is_word(x, &["for", "during", "than"]))
        };
        // (… or up to an event: "until the visit", "till the end of the day")
        let until = |i: usize| {
            i > kept
                && is_word(clause[i], &["until", "till"])
                && clause
                    .get(i + 1)
                    .is_some_and(|x| is_word(x, &["the", "its", "a", "one"]) || amount(i + 1))
        };
        if (0..clause.len()).any(|i| amount(i) && how_long(i) || of_a_record && until(i)) {
            push(
                out,
                Rule::Directive,
                clause[kept],
                "a record said to be kept for a time: a promise that it is removed after, which the clinic API does not make".to_owned(),
            );
            return;
        }
    }
}

/// A promise that the patient's data is removed ("Answers of the intake form, removed at the end
/// of the visit", "in no record of the patient after the visit"): nobody can check it, and the
/// patient shares more for it.
pub(super) fn data_said_removed(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    let persons = all.iter().any(|t| {
        crate::lang::data::medical(t)
            || matches!(
                crate::lang::data::data_kind(&t.text, false),
                Some(
                    crate::lang::data::Data::Medical
                        | crate::lang::data::Data::Personal
                        | crate::lang::data::Data::Age
                )
            )
            || is_word(t, &["answers", "birth", "notes"])
    });
    if !persons {
        return;
    }
    let hit = all.iter().enumerate().find(|&(k, t)| {
        is_word(
            t,
            &[
                "removed",
                "deleted",
                "erased",
                "purged",
                "discarded",
                "destroyed",
                "forgotten",
                "expires",
                "expire",
                "expired",
            ],
        ) || (is_word(t, &["no"])
            && all
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["record", "records", "copy", "trace"])))
            // "out of the record", "none of them stay on the record"
            || (is_word(t, &["record", "records"])
                && k >= 3
                && is_word(all[k - 1], &["the"])
                && (is_word(all[k - 2], &["of"]) && is_word(all[k - 3], &["out"])
                    || is_word(all[k - 2], &["on", "in"])
                        && all[k.saturating_sub(8)..k]
                            .iter()
                            .any(|x| is_word(x, &["none", "nothing", "not", "never", "no"]))))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the patient's data said to be removed: what is kept is the clinic's to say, and a promise of it nobody can check".to_owned(),
        );
    }
}

/// A request with the same key said to make the act again ("with the same key, a second request
/// books the next open slot", "… moves it again"): the same key with the same body answers the
/// first result, and with another body the error `IDEMPOTENCY_KEY_CONFLICT`; it never makes a
/// change of its own. The agent retries and books a slot it was not asked for.
pub(super) fn key_makes_the_act(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let same_key = clause.windows(2).any(|w| {
        is_word(w[0], &["same"])
            && (is_word(w[1], &["key"]) || w[1].kind == Kind::Ident && w[1].text.ends_with("key"))
    });
    if !same_key {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let made = verb(&t.text).is_some_and(|(base, _, form)| {
            effects.contains(&base) && matches!(form, Form::Third | Form::Past)
        });
        if !made {
            return false;
        }
        // a negation before it, or after it ("books no second appointment"); the first request
        // makes it ("the first request with the same key books the slot")
        let denied = k >= 1 && is_word(clause[k - 1], NEGATIONS)
            || is_word_at(clause, k + 1, &["no", "nothing", "none"])
            || clause[..k]
                .iter()
                .any(|x| is_word(x, &["first", "original", "nothing", "no", "none"]));
        !denied
    });
    // (or the change said made twice with it: "with the same key, the slot is taken twice")
    let twice = || {
        clause.iter().enumerate().find(|&(k, t)| {
            is_word(t, &["twice"])
                && !clause[k.saturating_sub(4)..k]
                    .iter()
                    .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "never"]))
        })
    };
    if let Some((_, t)) = hit.or_else(twice) {
        push(
            out,
            Rule::Directive,
            t,
            "a request with the same key said to make the change: the same key answers the first result, or the error for another body".to_owned(),
        );
    }
}

/// A key said to be of one use ("with a key used once", "a key of one use only", "a single-use
/// key", "a key is never reused"): a retry after a lost answer sends the same key again, which
/// answers the first result, so a key said used up sends a retry with a new one, and books or
/// moves twice. A key for one request, refused for another ("never reused for another slot"),
/// and a sentence of the retry with the same key say what the contract says.
/// `first`: the text's first sentence; a text that opens on a key is of it throughout ("A key
/// of 8 to 128 characters (letters, digits and . _ : -), of one use only").
pub(super) fn key_said_single_use(clause: &[&Tok], first: &[&Tok], out: &mut Vec<Violation>) {
    let is_key = |t: &Tok| {
        is_word(t, &["key", "keys"])
            || t.kind == Kind::Ident && t.text.trim_matches('`').ends_with("_key")
    };
    let of_a_key = first.iter().take(4).any(|t| is_key(t));
    let Some(key) = clause
        .iter()
        .position(|t| is_key(t))
        .or(of_a_key.then_some(0))
    else {
        return;
    };
    const RETRY: &[&str] = &[
        "retry", "retries", "retried", "again", "repeat", "repeated", "resent", "resend",
    ];
    if clause.iter().any(|x| is_word(x, RETRY)) && clause.iter().any(|x| is_word(x, &["same"])) {
        return;
    }
    const USE: &[&str] = &[
        "use", "used", "usable", "uses", "valid", "good", "works", "accepted", "sent", "taken",
        "allowed", "counts",
    ];
    const ONE: &[&str] = &["one", "single", "first"];
    const USES: &[&str] = &["use", "uses", "time", "use-only"];
    const REUSE: &[&str] = &["reused", "reuse", "reusable", "twice", "again"];
    const OTHER: &[&str] = &["other", "another", "different", "new", "second"];
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // (said of the key: after it, or just before it, "a single-use key")
        if k + 3 < key {
            return false;
        }
        // (said of the key, not of a subject of its own after it: "with the same key, the
        // slot is taken once" is the contract's one change per key)
        let own_subject = |j: usize| {
            key < j
                && clause[key + 1..j]
                    .iter()
                    .any(|x| is_word(x, &["the", "a", "an", "its", "each", "every", "this"]))
        };
        let once = is_word(t, &["once"])
            && (k.saturating_sub(3)..k).any(|j| {
                (is_word(clause[j], USE) || is_word(clause[j], &["only"])) && !own_subject(j)
            });
        let one_use = is_word(t, ONE) && is_word_at(clause, k + 1, USES)
            || is_word(t, &["single-use", "one-time", "one-use"]);
        // (a second use denied, not a use for another request: "never reused for another slot")
        let no_reuse = is_word(t, REUSE)
            && clause[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "never", "cannot"]))
            && !clause[k + 1..].iter().take(5).any(|x| is_word(x, OTHER));
        once || one_use || no_reuse
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a key said to be of one use: a retry of the same request sends the same key, which answers the first result; a new key books or moves again".to_owned(),
        );
    }
}

/// A changing tool said to be idempotent with no key ("The booking is idempotent", "Each move is
/// idempotent", "Without it, the slot is booked at most once"), with a key reused for another
/// request ("… moved at most once, for another slot too"), or a key said to hold for another time
/// than the contract's 24 hours ("With the same key within 30 days, …"): the reader retries, and
/// books, moves or charges twice. A retry is idempotent with the same key ("A retry with the same
/// key is idempotent"), and another body with that key is an error.
pub(super) fn idempotent_without_a_key(
    clauses: &[Vec<&Tok>],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    // (a confirmation, a rejection or a cancellation is once by its status: a second gives
    // `INVALID_TRANSITION`; a booking and a move are once by their key)
    let by_key = matches!(
        tool.split('_').next(),
        Some("book" | "reschedule" | "move" | "")
    );
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    // (joining a list twice is one entry: a queue is idempotent by what it is)
    let queue = all.iter().any(|t| is_word(t, &["waiting", "list"]));
    let key = |t: &&Tok| {
        is_word(t, &["key", "keys"]) || (t.kind == Kind::Ident && t.text.ends_with("key"))
    };
    if !mutates || queue {
        return;
    }
    let refuse = |t: &Tok, why: &str, out: &mut Vec<Violation>| {
        push(out, Rule::Directive, t, why.to_owned());
    };
    for (c, clause) in clauses.iter().enumerate() {
        // "idempotent", or once at most: "at most once", "only once", "never twice"; or a second
        // request said to give the first answer again ("A second request for the same slot
        // gives the same appointment again")
        let second = clause.windows(2).any(|w| {
            is_word(w[0], &["second", "repeated", "another", "same"])
                && is_word(
                    w[1],
                    &["request", "requests", "booking", "call", "try", "attempt"],
                )
        }) && clause.iter().any(|x| is_word(x, &["again"]));
        let replayed = clause.windows(2).position(|w| {
            is_word(w[0], &["same", "first", "original"])
                && is_word(w[1], &["appointment", "booking", "answer", "result"])
        });
        let once = (0..clause.len())
            .find(|&k| {
                is_word(clause[k], &["idempotent"])
                    || by_key
                        && is_word(clause[k], &["once"])
                        && k >= 1
                        && is_word(clause[k - 1], &["most", "only"])
                        // ("only once the new slot is taken": a condition, not a count)
                        && !is_word_at(clause, k + 1, &["the", "a", "an", "its"])
                    || by_key
                        && is_word(clause[k], &["twice"])
                        && k >= 1
                        && is_word(clause[k - 1], &["never", "not"])
            })
            .or(replayed.filter(|_| by_key && second).map(|k| k + 1));
        // a key that is named, not withdrawn ("with no key", "without a key", "Without it")
        let withdrawn = |k: usize| {
            clause[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, &["no", "without"]))
        };
        let keyed = (0..clause.len()).any(|k| key(&clause[k]) && !withdrawn(k));
        let without = clause.iter().any(|x| is_word(x, &["without"]))
            || (0..clause.len()).any(|k| key(&clause[k]) && withdrawn(k));
        // (the same key with another slot or body is an error, not a second change; said as
        // the error it gives, or its literal code, it is the contract's)
        let said_as_error = |c: &[&Tok]| {
            c.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "error", "errors", "answer", "refused", "code", "conflict", "422",
                    ],
                ) || x.text == "422"
            })
        };
        let another = clause.windows(2).any(|w| {
            is_word(w[0], &["another", "other", "different", "new"])
                && is_word(w[1], &["slot", "slots", "body", "request", "time"])
        }) && !said_as_error(clause)
            // (or in the clause after a colon: "Same key, other slot: 422")
            && !clauses.get(c + 1).is_some_and(|n| said_as_error(n));
        // ("The same key with another slot gives the first appointment again")
        let same_key = clause
            .windows(2)
            .any(|w| is_word(w[0], &["same"]) && key(&w[1]));
        if same_key && another {
            refuse(
                clause[0],
                "a key said to hold for another request: the same key with another slot or body is an error",
                out,
            );
            return;
        }
        if let Some(k) = once {
            if !keyed && (without || !all.iter().any(key)) {
                refuse(
                    clause[k],
                    "a change said to be idempotent with no key: a retry is idempotent with the same key of the request",
                    out,
                );
                return;
            }
            if another {
                refuse(
                    clause[k],
                    "a key said to hold for another request: the same key with another slot or body is an error",
                    out,
                );
                return;
            }
        }
        // a key's time other than the contract's 24 hours (or 1 day)
        if clause.iter().any(key) {
            // (how long it holds: "within", "for", "during", "up to" a time; "a retry after 30
            // seconds" is when, not how long)
            // (a number in digits or words: "two days", "one week", "a month"; or an event
            // that ends it, "up to the visit", "until the start")
            let number = |t: &Tok| {
                t.kind == Kind::Ident
                    || is_word(t, crate::lang::predicates::NUMBER_WORDS)
                    || is_word(t, &["one", "a", "an"])
            };
            let span = clause.windows(3).find(|w| {
                is_word(w[0], &["within", "for", "during", "to", "until", "till"])
                    && (number(w[1])
                        && is_word(w[2], TIME_UNITS)
                        && !matches!(
                            (w[1].text.as_str(), w[2].text.as_str()),
                            ("24", "hours" | "hour" | "h") | ("1" | "one" | "a", "day")
                        )
                        || is_word(w[1], &["the"])
                            && is_word(w[2], &["visit", "appointment", "start", "slot", "end"]))
            });
            if let Some(t) = span.map(|w| w[1]).or_else(|| calendar_span(clause)) {
                refuse(
                    t,
                    "a key said to hold for another time: the same key answers the first request again for 24 hours",
                    out,
                );
                return;
            }
        }
    }
}

/// A key's time said as a span of the calendar longer than a day ("in the same week", "within
/// this month", "for the whole year"): the same key answers the first request again for 24
/// hours from it, so a retry two days later in the same week books or moves again. (A calendar
/// day, or an hour, lies within those 24 hours.)
fn calendar_span<'t>(clause: &[&'t Tok]) -> Option<&'t Tok> {
    const OPENS: &[&str] = &[
        "within",
        "in",
        "for",
        "during",
        "on",
        "to",
        "until",
        "till",
        "over",
        "through",
        "throughout",
    ];
    const MARKS: &[&str] = &[
        "the", "this", "that", "a", "an", "one", "same", "calendar", "current", "whole", "entire",
    ];
    const SPANS: &[&str] = &[
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "fortnight",
    ];
    (0..clause.len()).find_map(|k| {
        if !is_word(clause[k], OPENS) {
            return None;
        }
        let unit = clause[k + 1..]
            .iter()
            .take(3)
            .find(|x| !is_word(x, MARKS))
            .filter(|x| is_word(x, SPANS))?;
        Some(*unit)
    })
}

/// A key said to be made of the request's own values ("a key made of the slot id and the patient
/// id", "with the slot id as the key", "the key is the appointment id", "Key of the request: the
/// appointment id, then the slot id", "… built from the date and the word book"): a key is kept
/// with its first answer for 24 hours, so a second booking of the same slot, a re-booking after
/// a cancellation or a move back, sends the same key and gets the first, maybe cancelled, answer
/// again; nothing is booked or moved. A key is new for each booking or change and the same only
/// for a retry of it, so it is no function of the request. `first`: the text's first sentence;
/// a text that opens on a key is of it throughout.
pub(super) fn key_made_of_values(clause: &[&Tok], first: &[&Tok], out: &mut Vec<Violation>) {
    let is_key = |t: &Tok| {
        is_word(t, &["key", "keys"]) || {
            let s = t.text.trim_matches('`').to_ascii_lowercase();
            s.ends_with("_key") || s.ends_with("-key")
        }
    };
    let of_a_key = first
        .iter()
        .filter(|t| t.kind == Kind::Word || t.kind == Kind::Ident)
        .take(4)
        .any(|t| is_key(t));
    let key = clause.iter().position(|t| is_key(t));
    if key.is_none() && !of_a_key {
        return;
    }
    // a value of the request: an id ("the slot id", "`slot_id`"), or a word, name, date or time
    const VALUES: &[&str] = &[
        "id", "ids", "word", "words", "name", "names", "date", "dates", "time", "times", "number",
        "numbers",
    ];
    const KINDS: &[&str] = &[
        "slot",
        "patient",
        "appointment",
        "doctor",
        "clinic",
        "intake",
        "booking",
        "request",
        "patient's",
        "slot's",
        "appointment's",
    ];
    let value = |t: &Tok| {
        is_word(t, VALUES)
            || t.kind == Kind::Ident && {
                let s = t.text.trim_matches('`').to_ascii_lowercase();
                s.ends_with("_id") || s.ends_with("_ids")
            }
    };
    // a noun phrase of a value at `j`: a determiner, the kind, then the value ("the slot id",
    // "the id of the slot", "the word book"), not "another slot id"
    let value_at = |j: usize| -> Option<usize> {
        let mut i = j;
        if is_word_at(clause, i, &["the", "a", "an", "its", "their"]) {
            i += 1;
        }
        while is_word_at(clause, i, KINDS) {
            i += 1;
        }
        clause.get(i).filter(|t| value(t)).map(|_| i)
    };
    const MADE: &[&str] = &[
        "made",
        "built",
        "formed",
        "composed",
        "derived",
        "consists",
        "consisting",
        "based",
        "computed",
        "generated",
        "taken",
        "hashed",
        "joined",
        "assembled",
    ];
    // (a denial says what the key is not: "not made of the slot id", "do not use the slot id
    // as the key"; a negation of the same clause, a few words before)
    let denied = |k: usize| {
        clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .take(6)
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["never", "nor"]))
    };
    // (a number is the request's only when it is a kind's: "the slot number", not "random
    // numbers")
    let request_value = |j: usize| {
        let x = clause[j];
        value(x)
            && !is_word(x, &["time", "times"])
            && (!is_word(x, &["number", "numbers"]) || j >= 1 && is_word(clause[j - 1], KINDS))
    };
    let hit = (0..clause.len()).find_map(|k| {
        let t = clause[k];
        if denied(k) {
            return None;
        }
        // "made of …", "built from …", "based on …", "a hash of …"
        if is_word(t, MADE) && key.is_none_or(|q| q < k) {
            let from = k + 1;
            if is_word_at(clause, from, &["of", "from", "on", "with", "by"])
                && (from + 1..(from + 9).min(clause.len())).any(request_value)
            {
                return Some(t);
            }
        }
        // "with the slot id as the key", "the appointment id as its key"
        // (one key: "column names as keys" names no request's key)
        if is_word(t, &["as"])
            && (is_word_at(clause, k + 1, &["key"])
                || is_word_at(clause, k + 1, &["the", "a", "its", "their"])
                    && clause
                        .get(k + 2)
                        .is_some_and(|x| is_key(x) && !is_word(x, &["keys"])))
            && clause[k.saturating_sub(6)..k].iter().any(|x| value(x))
        {
            return Some(t);
        }
        // "a key that repeats the slot id", "the key is the same as the appointment id": a key
        // whose value is a value of the request
        if key.is_some_and(|q| q < k) {
            let after = if is_word(t, &["repeats", "copies", "mirrors", "equals", "reuses"]) {
                Some(k + 1)
            } else if is_word(t, &["same", "equal"]) && is_word_at(clause, k + 1, &["as", "to"]) {
                Some(k + 2)
            } else {
                None
            };
            if after.and_then(value_at).is_some() {
                return Some(t);
            }
        }
        // "the key is the appointment id", "the key: the slot id"
        if Some(k) == key
            && is_word_at(clause, k + 1, &["is", "are", "equals"])
            && value_at(k + 2).is_some()
        {
            return Some(t);
        }
        // a phrase of a value that opens a clause or follows a comma of a text on a key: "Key
        // of the request, the slot id and the patient id", "A key …: the appointment id, then
        // the slot id"
        let opens = clause[..k].iter().all(|x| x.kind == Kind::Comma)
            || k >= 1 && clause[k - 1].kind == Kind::Comma && key.is_some_and(|q| q < k);
        // (the phrase ends there, or joins another: not "the slot id must match")
        let ends = |v: usize| {
            clause.get(v + 1).is_none_or(|x| {
                x.kind != Kind::Word
                    || is_word(
                        x,
                        &[
                            "and", "then", "plus", "with", "followed", "joined", "after", "before",
                            "next",
                        ],
                    )
            })
        };
        if opens
            && t.kind != Kind::Comma
            && (of_a_key || key.is_some_and(|q| q < k))
            && let Some(v) = value_at(k).filter(|&v| ends(v))
        {
            return Some(clause[v]);
        }
        None
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a key said to be made of the request's values: the same key is answered with the first result for 24 hours, so a second booking or move of the same slot gets the old answer; a key is new for each booking or change, and the same only for a retry of it".to_owned(),
        );
    }
}

/// A replayed answer said to carry a state newer than the first answer ("returns the appointment,
/// with its status of now when the key was used before", "the status of now, also on an answer
/// made before", "… the answer holds the newest status"): a request with
/// a key used before answers the first response again, as it was then, so a booking cancelled
/// since reads `pending`. A replay said to be the first answer ("… not the current one") passes.
pub(super) fn replay_said_current(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |j: usize, list: &[&str]| clause.get(j).is_some_and(|x| is_word(x, list));
    let replayed = (0..clause.len()).any(|j| {
        w(j, &["used", "made", "sent", "given", "answered"]) && w(j + 1, &["before", "earlier"])
            || w(j, &["earlier", "first", "previous", "original", "replayed"])
                && w(
                    j + 1,
                    &["request", "requests", "call", "answer", "response"],
                )
            || w(j, &["replay", "replays", "replayed"])
                && clause.iter().any(|x| {
                    is_word(x, &["key", "request", "answer", "response", "call"])
                        || x.text.ends_with("_key")
                })
    });
    if !replayed {
        return;
    }
    let hit = (0..clause.len()).find(|&j| {
        let now = w(
            j,
            &[
                "current",
                "latest",
                "newest",
                "newer",
                "updated",
                "fresh",
                "up-to-date",
                "live",
                "today's",
                "present",
            ],
        ) || w(j, &["now"]) && j >= 1 && w(j - 1, &["of", "as", "right"]);
        now && !(j.saturating_sub(3)..j).any(|i| w(i, NEGATIONS) || w(i, &["no", "not", "never"]))
    });
    if let Some(j) = hit {
        push(
            out,
            Rule::Directive,
            clause[j],
            "a replayed answer said to be current: a request with a key used before answers the first response again, as it was then".to_owned(),
        );
    }
}

/// An order in the voice of a norm ("An intake with an urgent triage level is one the doctor
/// escalates", "A second booking is one the patient cancels"): a kind of object defined by what
/// a person does to it tells the reader to do it. A text says what a tool does, and the person
/// decides; what a person did ("one the patient booked") is a fact of the object.
pub(super) fn norm_as_order(clause: &[&Tok], out: &mut Vec<Violation>) {
    let w = |j: usize, list: &[&str]| clause.get(j).is_some_and(|x| is_word(x, list));
    let hit = (1..clause.len()).find_map(|k| {
        if !(w(k, &["is", "are"]) && w(k + 1, &["one", "ones"])) {
            return None;
        }
        let mut j = k + 2;
        if w(j, &["that", "which", "whom"]) {
            j += 1;
        }
        if !w(j, &["the", "a", "an", "its", "their", "each", "any"]) {
            return None;
        }
        j += 1;
        while w(j, &["oncall", "authenticated", "same", "other"]) {
            j += 1;
        }
        let person = clause.get(j).is_some_and(|x| {
            is_word(x, STAFF_MEMBERS)
                || is_word(x, PEOPLE)
                || is_word(x, &["agent", "caller", "assistant", "clinic"])
        });
        if !person {
            return None;
        }
        let v = clause.get(j + 1)?;
        verb(&v.text)
            .is_some_and(|(_, _, f)| matches!(f, Form::Third | Form::Base))
            .then_some(*v)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "an order in the voice of a norm: a kind of object said to be one a person acts on tells the reader to act; a text says what the tool does, and the person decides".to_owned(),
        );
    }
}

/// A call (a use, a run) of a changing tool said to come first, next, again or for each ("a
/// call of `book_appointment` for the first one", "a call of `record_intake` first"): an order
/// in a noun phrase, which the agent follows without the person's choice. A call of a reading
/// tool, or one said with no order word ("a call of `book_appointment` with the same key
/// answers the same appointment"), passes.
pub(super) fn mutating_call_ordered(clause: &[&Tok], out: &mut Vec<Violation>) {
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, &["call", "calls", "use", "uses", "run", "runs"])
            || !clause.get(k + 1).is_some_and(|x| is_word(x, &["of", "to"]))
        {
            continue;
        }
        let Some(name) = clause.get(k + 2) else {
            continue;
        };
        let changing = name.kind == Kind::Ident
            && crate::served::ROUTES
                .iter()
                .any(|(tool, route)| *tool == name.text && !route.starts_with("GET "));
        if !changing {
            continue;
        }
        let rest = &clause[k + 3..];
        let ordered = rest.iter().enumerate().any(|(j, x)| {
            is_word(x, &["first", "next", "then", "again", "now", "afterwards"])
                || is_word(x, &["for"])
                    && rest.get(j + 1).is_some_and(|y| {
                        is_word(y, &["each", "every", "all", "it", "them", "one", "both"])
                            || is_word(y, &["the"])
                                && rest.get(j + 2).is_some_and(|z| {
                                    is_word(z, &["first", "next", "last", "earliest"])
                                })
                    })
        });
        if ordered {
            push(
                out,
                Rule::Directive,
                name,
                "a call of a changing tool said to come first, next or for each: an order in a noun phrase".to_owned(),
            );
            return;
        }
    }
}
