//! Who is on call, and what an error's text is for. The contract has one oncall doctor per
//! clinic (but one clinic), who gets an escalated appointment, and `NO_ONCALL_DOCTOR` when the
//! clinic has nobody on call; it says nothing of when a doctor is on call, of who is, or of an
//! order by it (the doctors are listed by id). An error's body is a code and a message for the
//! caller; the message names no slot and is no text for a person (this server's own messages
//! add only the seconds to wait, find_available_slots after a taken slot, and how to learn a
//! lost answer's outcome).

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The length of an on-call mark at `k` ("oncall", "on call", "on duty", "on standby", "on
/// shift"), or `None`. ("on call of a tool" is a call of the tool.)
fn oncall_mark(clause: &[&Tok], k: usize) -> Option<usize> {
    let t = clause[k];
    if is_word(t, &["oncall"]) {
        return Some(1);
    }
    if is_word(t, &["on"])
        && is_word_at(clause, k + 1, &["call", "duty", "standby", "shift", "rota"])
        && !clause
            .get(k + 2)
            .is_some_and(|x| is_word(x, &["of", "to"]) || x.kind == Kind::Ident)
    {
        return Some(2);
    }
    None
}

/// Words of a time of day, week or year, or of a duty's turns.
const DUTY_TIMES: &[&str] = &[
    "night",
    "nights",
    "nighttime",
    "overnight",
    "tonight",
    "day",
    "days",
    "daytime",
    "daily",
    "today",
    "tomorrow",
    "morning",
    "mornings",
    "afternoon",
    "afternoons",
    "evening",
    "evenings",
    "weekend",
    "weekends",
    "weekday",
    "weekdays",
    "week",
    "weeks",
    "weekly",
    "month",
    "months",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "mondays",
    "tuesdays",
    "wednesdays",
    "thursdays",
    "fridays",
    "saturdays",
    "sundays",
    "holiday",
    "holidays",
    "hour",
    "hours",
    "hourly",
    "rota",
    "roster",
    "rotation",
    "rotates",
    "turn",
    "turns",
    "season",
    "clock",
    "midnight",
    "noon",
    "am",
    "pm",
];

/// Words that rank or place one thing before others.
const RANKS: &[&str] = &[
    "first",
    "last",
    "top",
    "bottom",
    "head",
    "front",
    "ahead",
    "earlier",
    "higher",
    "lower",
    "above",
    "below",
    "precede",
    "precedes",
    "preceded",
    "rank",
    "ranks",
    "ranked",
    "ranking",
    "prioritised",
    "prioritized",
    "favoured",
    "favored",
    "preferred",
];

/// Words that sort a list, read with "by" ("sorted by whether the doctor is on call").
const SORTS: &[&str] = &[
    "sorted", "sort", "sorts", "ordered", "order", "orders", "grouped", "group", "listed",
];

/// Words that open a condition: a text may say what holds when nobody is on call.
const CONDITIONS: &[&str] = &[
    "when", "whenever", "if", "unless", "where", "while", "once", "until", "case", "with",
    "without", "as", "because", "since",
];

/// A doctor's on-call duty said of a time, of who holds it, or as an order of a list ("Nobody
/// is on call at night", "Doctors on call are first in the list", "the oncall doctor is on call
/// from 8 to 18", "Dr Lee is on call"): the contract has one oncall doctor per clinic (none in
/// one clinic), who gets an escalated appointment, and says nothing of when, of who, or of an
/// order by it; the doctors are listed by id. A condition ("`NO_ONCALL_DOCTOR` when the clinic
/// has nobody on call") and the escalation's doctor ("the oncall doctor of the clinic gets the
/// escalated appointment") pass.
pub(crate) fn oncall_duty_claimed(clause: &[&Tok], out: &mut Vec<Violation>) {
    for k in 0..clause.len() {
        let Some(len) = oncall_mark(clause, k) else {
            continue;
        };
        let t = clause[k];
        // a time of the duty: a word of a time, or a number after a word of a time ("at 8",
        // "from 8 to 18")
        // (in the mark's own phrase: "now with the oncall doctor, on the same day" is the
        // visit's time)
        let phrase = |j: usize| {
            let (a, b) = if j < k { (j, k) } else { (k, j) };
            let broken = clause[a..b].iter().any(|y| y.kind == Kind::Comma);
            let same = j > 0 && is_word(clause[j - 1], &["same"]);
            !broken && !same
        };
        let timed = clause.iter().enumerate().any(|(j, x)| {
            is_word(x, DUTY_TIMES) && phrase(j)
                || x.kind == Kind::Ident
                    && x.text.starts_with(|c: char| c.is_ascii_digit())
                    && phrase(j)
                    && j > 0
                    && is_word(
                        clause[j - 1],
                        &[
                            "at", "from", "until", "till", "between", "after", "before", "past",
                            "by", "to",
                        ],
                    )
                    && clause[..j].iter().any(|y| {
                        is_word(
                            y,
                            &["at", "from", "until", "till", "between", "after", "before"],
                        )
                    })
        });
        // an order of a list by the duty: a rank word, "before the others", "sorted by …"
        let ranked = clause.iter().enumerate().any(|(j, x)| {
            is_word(x, RANKS)
                || is_word(x, &["before", "after", "ahead", "above", "below"])
                    && clause.get(j + 1).is_some_and(|y| {
                        is_word(
                            y,
                            &[
                                "the", "other", "others", "all", "every", "everyone", "them",
                                "those", "any", "rest",
                            ],
                        ) && !clause
                            .get(j + 2)
                            .is_some_and(|z| is_word(z, &["escalation", "escalations", "call"]))
                    })
                || is_word(x, SORTS)
                    && is_word_at(clause, j + 1, &["by", "on"])
                    && !is_word_at(clause, j + 2, &["id", "ids", "name", "names"])
                    && (j + 2 <= k && k <= j + 8)
        });
        // who holds the duty: "X is on call", "has nobody on call", "nobody on call", outside a
        // condition
        let held = len == 2 || !clause.get(k + 1).is_some_and(|x| is_word(x, DOCTOR_NAMES));
        let said_of = k > 0
            && is_word(
                clause[k - 1],
                &[
                    "is",
                    "are",
                    "was",
                    "were",
                    "be",
                    "being",
                    "been",
                    "stays",
                    "remains",
                    "nobody",
                    "noone",
                    "someone",
                    "somebody",
                    "everyone",
                    "everybody",
                    "anyone",
                    "anybody",
                    "always",
                    "never",
                    "also",
                    "only",
                ],
            )
            || k > 1 && is_word(clause[k - 2], &["has", "have", "keeps", "keep"]);
        // (a code's gloss too, "On `NO_ONCALL_DOCTOR`, nobody is on call": the grammar reads a
        // code as the word "code")
        let conditioned = clause[..k]
            .iter()
            .any(|x| is_word(x, CONDITIONS) || is_word(x, &["code", "error"]))
            || clause
                .iter()
                .any(|x| x.kind == Kind::Ident && x.text.contains("oncall"));
        let who = held && said_of && !conditioned;
        let denied = clause[..k]
            .iter()
            .rev()
            .take(4)
            .any(|x| is_word(x, &["not", "never", "no"]))
            && !who;
        if (timed || ranked || who) && !denied {
            let what = if ranked {
                "an order of the list by who is on call"
            } else if timed {
                "a time of the on-call duty"
            } else {
                "who is on call"
            };
            push(
                out,
                Rule::Directive,
                t,
                format!(
                    "{what}: the contract has one oncall doctor per clinic (none in one), who gets an escalated appointment, and says nothing of when or of who is on call; the doctors are listed by id"
                ),
            );
            return;
        }
    }
}

/// Nouns of an error's text.
const ERROR_TEXTS: &[&str] = &[
    "message",
    "messages",
    "text",
    "texts",
    "detail",
    "details",
    "body",
    "reason",
    "reasons",
    "description",
    "explanation",
    "wording",
    "content",
    "string",
    "hint",
    "hints",
];

const ERRORS: &[&str] = &["error", "errors", "errorcode", "failure", "failures"];

/// Where an error's text is named in `clause` ("the message of the error", "the error
/// message", "the error's text", "the error body", or "message" alone, the error body's own
/// word), and whether by a text noun (not "the error" alone).
fn error_text_at(clause: &[&Tok]) -> Option<(usize, bool)> {
    for (k, t) in clause.iter().enumerate() {
        // ("the message": the error body's own word; "a message for the patient" may be a
        // person's written text)
        if is_word(t, &["message", "messages"])
            && (k > 0 && is_word(clause[k - 1], &["the", "its", "this", "each", "every"])
                || clause.iter().any(|x| is_word(x, ERRORS)))
        {
            return Some((k, true));
        }
        if is_word(t, ERROR_TEXTS) {
            let after_error = k > 0 && is_word(clause[k - 1], ERRORS)
                || k > 1 && is_word(clause[k - 1], &["body"]) && is_word(clause[k - 2], ERRORS);
            let of_error = is_word_at(clause, k + 1, &["of"])
                && clause[k + 2..]
                    .iter()
                    .take(3)
                    .take_while(|x| x.kind == Kind::Word)
                    .any(|x| is_word(x, ERRORS));
            if after_error || of_error {
                return Some((k, true));
            }
        }
    }
    clause
        .iter()
        .position(|t| is_word(t, ERRORS))
        .map(|k| (k, false))
}

/// Words of an act for the reader to take, as what a text holds.
const NEXT_ACTS: &[&str] = &[
    "next",
    "instead",
    "afterwards",
    "another",
    "alternative",
    "alternatives",
    "step",
    "steps",
    "instruction",
    "instructions",
    "action",
    "actions",
    "advice",
    "suggestion",
    "suggestions",
    "guidance",
    "remedy",
    "fix",
    "recommendation",
    "recommendations",
    "directions",
    "command",
    "commands",
];

/// Verbs of handing a text to someone.
const RELAYS: &[&str] = &[
    "show",
    "shows",
    "shown",
    "showing",
    "display",
    "displays",
    "displayed",
    "pass",
    "passes",
    "passed",
    "relay",
    "relays",
    "relayed",
    "read",
    "reads",
    "tell",
    "tells",
    "told",
    "give",
    "gives",
    "given",
    "forward",
    "forwards",
    "forwarded",
    "repeat",
    "repeats",
    "repeated",
    "quote",
    "quoted",
    "present",
    "presented",
    "send",
    "sent",
    "say",
    "said",
    "hand",
    "handed",
    "meant",
    "written",
    "addressed",
    "explain",
    "explained",
    "copy",
    "copied",
];

/// People a text can be handed to (not the caller, whose answer the error is).
const HANDED_TO: &[&str] = &[
    "patient",
    "patients",
    "person",
    "persons",
    "people",
    "user",
    "users",
    "human",
    "humans",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "doctor",
    "doctors",
    "staff",
    "enduser",
];

/// An error's message (its text, body, detail or reason) said to hold an act for the reader, a
/// slot to book, an instruction, or to be handed to a person as it is ("The message of the error
/// names the slot to book next", "the error's text tells which slot to take", "The message of the
/// error is the answer to show the patient as it is", "the error message, shown to the patient"):
/// an error body is a code and a message for the caller; a text that makes it an order or a
/// text for a person relays upstream words the screen does not vouch for. A message that names
/// its case, and what this server's own messages add (the seconds to wait, find_available_slots
/// after a taken slot, how to learn a lost answer's outcome), pass.
pub(crate) fn error_text_ordered(clause: &[&Tok], out: &mut Vec<Violation>) {
    let Some((h, text_noun)) = error_text_at(clause) else {
        return;
    };
    let rest = &clause[h + 1..];
    // (a denial before the act denies it: "the message names no slot to book"; one after it
    // leaves it said: "names the slot to book, not the code")
    let denied_before = |j: usize| {
        rest[..j]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    // (this server's own messages say how many seconds to wait on `RATE_LIMITED`, to call again
    // with the same idempotency key to learn a lost answer's outcome, and, on `SLOT_TAKEN`, that
    // find_available_slots finds another slot: those steps, and only they, are no act the
    // message holds; an order beside them is still read)
    let own_step = |j: usize| {
        let infinitive =
            |verbs: &[&str]| is_word(rest[j], &["to"]) && is_word_at(rest, j + 1, verbs);
        // (waiting or retrying with no object of its own: "the seconds to wait before booking
        // again", not "the slot to retry with")
        let bare = rest.get(j + 2).is_none_or(|x| {
            x.kind != Kind::Word
                || is_word(
                    x,
                    &["before", "after", "again", "later", "once", "and", "then"],
                )
        });
        infinitive(&["wait", "retry"]) && bare
            || infinitive(&["learn"])
                && rest[(j + 2).min(rest.len())..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["outcome", "whether", "result"]))
            || infinitive(&["call"])
                && is_word_at(rest, j + 2, &["again"])
                && rest
                    .iter()
                    .any(|x| is_word(x, &["idempotency", "key", "outcome"]))
            || is_word(rest[j], &["another", "alternative"])
                && rest[j.saturating_sub(3)..j]
                    .iter()
                    .any(|x| x.kind == Kind::Ident && x.text == "find_available_slots")
    };
    let mut hit = rest.iter().enumerate().find_map(|(j, x)| {
        if own_step(j) || denied_before(j) {
            return None;
        }
        // an act: a word of one, an infinitive ("the slot to book", "what to tell"), or which
        // slot, time, doctor or tool
        // ("another patient" is no act: "another" or "alternative" of a slot, a time, a doctor,
        // a tool or a step)
        let other_of = |v: &Tok| {
            is_word(
                v,
                &[
                    "slot",
                    "slots",
                    "time",
                    "times",
                    "doctor",
                    "doctors",
                    "tool",
                    "tools",
                    "act",
                    "acts",
                    "step",
                    "steps",
                    "one",
                    "appointment",
                    "visit",
                    "call",
                    "open",
                    "free",
                ],
            )
        };
        let act = is_word(x, NEXT_ACTS)
            && (!is_word(x, &["another", "alternative"])
                || rest.get(j + 1).is_some_and(|v| other_of(v)))
            || is_word(x, &["to"])
                && rest.get(j + 1).is_some_and(|v| {
                    v.kind == Kind::Word
                        && !is_word(v, DETERMINERS)
                        && !is_word(v, PREPOSITIONS)
                        && verb(&v.text).is_some_and(|(_, _, f)| f == Form::Base)
                })
            || is_word(x, &["which", "what"])
                && rest.get(j + 1).is_some_and(|v| {
                    is_word(
                        v,
                        &[
                            "slot", "slots", "time", "times", "doctor", "doctors", "tool", "tools",
                            "act", "acts", "step", "one",
                        ],
                    )
                });
        // handed as it is ("as is", "as it is", "verbatim", "word for word")
        let as_is = is_word(x, &["as"])
            && (is_word_at(rest, j + 1, &["is"])
                || is_word_at(rest, j + 1, &["it"])
                    && is_word_at(rest, j + 2, &["is", "stands", "comes"]))
            || is_word(
                x,
                &[
                    "verbatim",
                    "unchanged",
                    "unedited",
                    "untouched",
                    "unaltered",
                    "asis",
                    "directly",
                    "literally",
                ],
            )
            || is_word(x, &["word"]) && is_word_at(rest, j + 1, &["for"]);
        // handed to a person: "shown to the patient", "for the patient", "show the patient",
        // "what the patient reads"
        let person = is_word(x, HANDED_TO) && {
            let before: Vec<&&Tok> = rest[..j]
                .iter()
                .rev()
                .skip_while(|y| is_word(y, DETERMINERS))
                .take(2)
                .collect();
            let handed = before.first().is_some_and(|y| is_word(y, RELAYS))
                || before.first().is_some_and(|y| is_word(y, &["to"]))
                    && before.get(1).is_some_and(|y| is_word(y, RELAYS))
                || text_noun
                    && before.first().is_some_and(|y| is_word(y, &["to", "for"]))
                    && !rest
                        .get(j + 1)
                        .is_some_and(|y| is_word(y, &["id", "ids", "of"]));
            let reads = text_noun
                && rest.get(j + 1).is_some_and(|y| {
                    is_word(
                        y,
                        &[
                            "reads", "read", "sees", "see", "hears", "hear", "gets", "receives",
                        ],
                    )
                });
            handed || reads
        };
        (act || as_is || person).then_some(*x)
    });
    // "the error" alone: an act or "as is", not a person it is for ("`FORBIDDEN` for a patient
    // other than the owner")
    if !text_noun
        && hit.is_some_and(|x| is_word(x, HANDED_TO))
        && !rest.iter().any(|y| is_word(y, RELAYS))
    {
        hit = None;
    }
    if let Some(x) = hit {
        push(
            out,
            Rule::Directive,
            x,
            "an error's message said to hold an act, a slot to book or an instruction, or to be handed to a person as it is: the error body is a code and a message for the caller, and carries no order and no text for a person".to_owned(),
        );
    }
}
