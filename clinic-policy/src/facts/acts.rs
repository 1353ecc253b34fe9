//! The clinic API's changing acts: open at every hour, with no form, on the statuses each one
//! takes; the escalation goes to the clinic's oncall doctor now; an act leaves what it sets.

use crate::lang::predicates::NUMBER_WORDS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Times of a day or week that no act of the clinic API waits for ("only on weekdays", "only
/// during the opening hours"): its acts are open at every hour.
pub(crate) const HOURS_OF_A_CLOCK: &[&str] = &[
    "weekday",
    "weekdays",
    "weekend",
    "weekends",
    "night",
    "nights",
    "daytime",
    "morning",
    "mornings",
    "afternoon",
    "afternoons",
    "evening",
    "evenings",
    "office",
    "opening",
    "business",
    "working",
];

/// The statuses of an appointment in the contract; it has no other.
pub(crate) const STATUSES: &[&str] = crate::lang::words::APPOINTMENT_STATUSES;

/// The contract's lifecycle, a row an act (by the verbs of its tool's name): the statuses of
/// the appointment it takes (a booking takes a slot) and the status it leaves (an intake and an
/// escalation keep the status). An appointment in any other status answers
/// `REFUSED_STATUS_CODE`; a second intake answers `SECOND_INTAKE_CODE`.
const LIFECYCLE: &[(&[&str], &[&str], Option<&str>)] = &[
    (&["book"], &[], Some("pending")),
    (
        &["reschedule", "move"],
        &["pending", "confirmed"],
        Some("pending"),
    ),
    (&["cancel"], &["pending", "confirmed"], Some("cancelled")),
    (&["confirm"], &["pending"], Some("confirmed")),
    (&["reject"], &["pending"], Some("rejected")),
    (&["submit", "record"], &["pending", "confirmed"], None),
    (&["escalate"], &["pending", "confirmed"], None),
];

/// The one code of an act on an appointment in a status the act does not take (422).
pub(crate) const REFUSED_STATUS_CODE: &str = "invalid_transition";

/// The one code of a second intake of an appointment (409).
pub(crate) const SECOND_INTAKE_CODE: &str = "intake_exists";

/// The row of the tool's own act: its first effect that the lifecycle names.
fn lifecycle_row(effects: &[&str]) -> Option<(&'static [&'static str], Option<&'static str>)> {
    effects.iter().find_map(|e| {
        LIFECYCLE
            .iter()
            .find(|(verbs, _, _)| verbs.contains(e))
            .map(|&(_, takes, leaves)| (takes, leaves))
    })
}

/// The statuses the act takes ([] for a booking and for a tool that makes no act on an
/// appointment).
pub(crate) fn statuses_taken(effects: &[&str]) -> &'static [&'static str] {
    lifecycle_row(effects).map_or(&[], |(takes, _)| takes)
}

/// The status the act leaves (none for an intake, an escalation or a reading).
pub(crate) fn status_left(effects: &[&str]) -> Option<&'static str> {
    lifecycle_row(effects).and_then(|(_, leaves)| leaves)
}

/// The statuses an act takes when it takes more than a pending appointment (cancel, move,
/// submit an intake, escalate); [] for the confirmation and the rejection, which take a pending
/// one only, and for the booking.
pub(crate) fn statuses_an_act_takes(effects: &[&str]) -> &'static [&'static str] {
    let takes = statuses_taken(effects);
    if takes.len() > 1 { takes } else { &[] }
}

/// An escalation's act sent elsewhere than to the oncall doctor, or later, in its first sentence
/// ("Escalate one appointment to the reception", "… to the next free doctor at the start of the
/// next day"): the clinic API gives an escalated appointment to its oncall doctor, now.
pub(crate) fn escalation_elsewhere(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if !effects.contains(&"escalate") {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let elsewhere = is_word(t, &["to"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["the", "a", "an", "each", "any"]))
            && {
                let phrase: Vec<&&Tok> = clause[k + 2..]
                    .iter()
                    .take_while(|x| {
                        x.kind == Kind::Word
                            && !is_word(x, &["of", "and", "or", "at", "for", "with"])
                    })
                    .collect();
                !phrase.is_empty() && !phrase.iter().any(|x| is_word(x, &["oncall"]))
            };
        let later = is_word(t, &["next", "tomorrow"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["day", "morning", "week"]))
            || is_word(t, &["tomorrow"]);
        elsewhere || later
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "an escalation sent elsewhere than to the oncall doctor, or later: the escalation goes to the oncall doctor of the clinic".to_owned(),
        );
    }
}

/// The escalation narrowed by a case ("Only for confirmed appointments", "only on weekdays",
/// "Only during the opening hours of the clinic", "null for an appointment of a patient with no
/// intake form"): the one way to the oncall doctor is shut when it is needed. Who may call is a
/// role ("Only for doctors"), and who sees a note is its audience ("seen by clinicians only").
pub(crate) fn escalation_narrowed(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if !effects.contains(&"escalate") {
        return;
    }
    let roles = |x: &Tok| is_word(x, CARE_ROLES);
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // (a role after "only for", or an audience before "only": who calls, who sees)
        let role_for = clause.get(k + 1).is_some_and(|n| is_word(n, &["for"]))
            && clause[k + 2..]
                .iter()
                .take_while(|x| is_word(x, DETERMINERS) || roles(x))
                .any(|x| roles(x));
        let audience = k >= 1 && clause[..k].iter().rev().take(3).any(|x| roles(x));
        let only = is_word(t, &["only"])
            && !audience
            && !role_for
            && !open_states_only(&clause[k + 1..])
            // (the cases the escalation is for: "whose symptoms become more severe")
            && !clause[k + 1..]
                .iter()
                .any(|x| is_word(x, &["severe", "worse", "urgent", "worsening"]))
            && clause[k + 1..].iter().take(6).any(|x| {
                is_word(
                    x,
                    CASES_OF_A_VISIT,
                )
            });
        let null_for = is_word(t, &["null", "empty", "invalid"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["for", "when", "outside", "on", "at"]));
        only || null_for
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the escalation narrowed by a case: it is open for every appointment of the clinic, at every hour, and who may call it is a role".to_owned(),
        );
    }
}

/// The statuses an escalation takes: the API answers 422 `INVALID_TRANSITION` for a cancelled
/// or rejected appointment.
const ESCALATED_FROM: &[&str] = &["pending", "confirmed"];

/// "only for pending or confirmed appointments": every status the escalation takes, and no other
/// word of a case.
fn open_states_only(rest: &[&Tok]) -> bool {
    ESCALATED_FROM
        .iter()
        .all(|s| rest.iter().any(|x| is_word(x, &[s])))
        && rest.iter().all(|x| {
            x.kind != Kind::Word
                || is_word(x, ESCALATED_FROM)
                || is_word(
                    x,
                    &["for", "or", "and", "appointments", "appointment", "ones"],
                )
        })
}

/// The changing acts named as nouns, as the subject of "is for".
const ACT_NOUNS: &[&str] = &[
    "booking",
    "bookings",
    "cancellation",
    "cancellations",
    "move",
    "moves",
    "intake",
    "intakes",
    "escalation",
    "escalations",
    "confirmation",
    "confirmations",
    "rejection",
    "rejections",
    "act",
    "tool",
];

/// A changing act narrowed past what the API asks ("Cancel … Only for pending appointments",
/// "Book … Only during the opening hours", "Move … Only for appointments with no intake form"):
/// the agent refuses a patient an act the clinic would make. The API's acts are open at every hour
/// and ask for no form; an act that takes a pending or a confirmed appointment is said with both
/// or with none.
pub(crate) fn act_narrowed(
    clause: &[&Tok],
    text: &str,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if effects.is_empty() {
        return;
    }
    let takes = statuses_an_act_takes(effects);
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // "Unavailable for confirmed appointments": what it leaves out, where "only" says what
        // it keeps
        // ("The escalation is unavailable at night", "Not open for confirmed appointments")
        let unavailable = is_word(t, &["unavailable", "closed"])
            && (k == 0 || is_word(clause[k - 1], &["is", "are", "stays", "becomes"]))
            || (is_word(t, &["open", "possible", "available"])
                && k >= 1
                && is_word(clause[k - 1], &["not"])
                && (k == 1 || is_word(clause[k - 2], &["is", "are"])));
        // "The move is for pending appointments": the act said to be for a case keeps it, as
        // "only" does
        // (not a widening: "… for a confirmed appointment too", "for any hour")
        let is_for = is_word(t, &["for"])
            && k >= 2
            && is_word(clause[k - 1], &["is", "are"])
            && clause[..k - 1].iter().any(|x| is_word(x, ACT_NOUNS))
            && !clause[k + 1..].iter().any(|x| {
                is_word(
                    x,
                    &["too", "also", "any", "every", "each", "all", "well", "both"],
                )
            });
        if !is_word(t, &["only"]) && !unavailable && !is_for {
            return false;
        }
        let phrase: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word || x.kind == Kind::Ident)
            .take(10)
            .collect();
        // (or hours given by their bounds: "for the hours from 8 to 18")
        let clock = phrase
            .iter()
            .any(|x| is_word(x, HOURS_OF_A_CLOCK) || clock_time(x, text))
            || phrase
                .windows(2)
                .any(|w| is_word(w[0], &["hours"]) && is_word(w[1], &["from", "between"]));
        let statuses: Vec<&&&Tok> = phrase
            .iter()
            .filter(|x| is_word(x, APPOINTMENT_STATUSES))
            .collect();
        let some_of_them = !takes.is_empty()
            && !statuses.is_empty()
            && if unavailable {
                statuses.iter().any(|x| takes.contains(&x.text.as_str()))
            } else {
                takes.iter().any(|s| !statuses.iter().any(|x| x.text == *s))
                    && statuses.iter().all(|x| takes.contains(&x.text.as_str()))
            };
        // "Unavailable for patients under 18": an age the act does not ask
        // (at the start only: "Video visits are unavailable for a patient under 18" names who a
        // kind of visit is for)
        let aged = unavailable
            && k == 0
            && phrase
                .windows(2)
                .any(|w| is_word(w[0], &["under", "over"]) && w[1].kind == Kind::Ident);
        // a form asked before the act ("with no intake form", "with an intake")
        let form = phrase.windows(2).any(|w| {
            is_word(w[0], &["with", "without", "no"])
                && is_word(w[1], &["intake", "form", "an", "a"])
        }) && phrase
            .iter()
            .any(|x| is_word(x, &["intake", "form", "questionnaire"]));
        clock || some_of_them || form || aged || window_ahead(&phrase)
    });
    // a time of day or week anywhere in the act's sentence ("Cancel … from 08:00 to 18:00"), or a
    // count of acts ("up to 2 times for each appointment")
    let acts = clause
        .iter()
        .any(|x| verb(&x.text).is_some_and(|(v, _, _)| effects.contains(&v)));
    let hit = hit.or_else(|| {
        clause.iter().enumerate().find(|&(k, t)| {
            acts && (clock_time(t, text)
                || (is_word(t, HOURS_OF_A_CLOCK)
                    && k >= 1
                    && is_word(clause[k - 1], &["on", "at", "during", "in", "outside"]))
                || (is_word(t, &["times"])
                    && k >= 3
                    && clause[k - 1].kind == Kind::Ident
                    && is_word(clause[k - 2], &["to"])
                    && is_word(clause[k - 3], &["up"])))
        })
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a change narrowed past what the clinic asks: its acts are open at every hour, ask for no form, and the statuses an act takes are said all or none".to_owned(),
        );
    }
}

/// Whether a clause names one of the tool's changing acts, by its noun or its verb ("a move",
/// "the cancellation", "to move"); a tool or an act by those words names none.
fn names_an_act(clause: &[&Tok], effects: &[&str]) -> bool {
    clause.iter().any(|x| {
        is_word(x, ACT_NOUNS) && !is_word(x, &["tool", "act"])
            || change_noun(&x.text).is_some_and(|base| effects.contains(&base))
            || verb(&x.text).is_some_and(|(v, _, _)| effects.contains(&v))
    })
}

/// A noun of the tool's own act ("intake" for an intake, "move" or "moves" for a move).
fn own_act_noun(x: &Tok, effects: &[&str]) -> bool {
    change_noun(&x.text).is_some_and(|base| effects.contains(&base))
        || is_word(x, &["intake", "intakes"])
            && effects.iter().any(|e| matches!(*e, "submit" | "record"))
}

/// A case said not to be for the tool itself at `j` ("A confirmed one is not for this tool", "…
/// not for the act"): the tool's act is the act; a caller or a session kept out ("A doctor's
/// session is not for this tool") is the roles' concern, not a case of the act.
fn not_for_the_tool(clause: &[&Tok], j: usize) -> bool {
    let caller = clause
        .iter()
        .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
        .is_some_and(|x| {
            is_word(
                x,
                &[
                    "doctor", "doctors", "patient", "patients", "session", "sessions", "role",
                    "roles", "caller", "callers", "token", "tokens",
                ],
            )
        });
    j >= 3
        && is_word(clause[j], &["tool", "act"])
        && is_word(clause[j - 1], &["this", "the"])
        && is_word(clause[j - 2], &["for"])
        && is_word(clause[j - 3], &["not"])
        && !caller
}

/// A case put out of a changing act ("Confirmed appointments are out of the move", "An
/// appointment with no intake form is out of the escalation", "A slot of another doctor is out
/// of the move"): the agent refuses a patient or a doctor an act the clinic would make. Only the
/// contract's own cases may be put out of an act: a status it does not take, an appointment
/// already started or past, and one of another patient or clinic.
pub(crate) fn act_excluded(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    if effects.is_empty() {
        return;
    }
    let takes = statuses_taken(effects);
    let k = (0..clause.len()).find(|&k| {
        let out_of = is_word(clause[k], &["outside"])
            || is_word(clause[k], &["out"])
                && clause.get(k + 1).is_some_and(|n| is_word(n, &["of"]))
            || is_word(clause[k], &["excluded", "barred"])
                && clause.get(k + 1).is_some_and(|n| is_word(n, &["from"]));
        // ("outside the escalation", "outside of the escalation")
        let j = if is_word(clause[k], &["outside"]) {
            k + 1 + usize::from(clause.get(k + 1).is_some_and(|n| is_word(n, &["of"])))
        } else {
            k + 2
        };
        // (the act, to the phrase's end: "out of the oncall doctor's escalation"; "out of this
        // tool" says what the tool takes, not a case of its act, unless it is a label's value:
        // "Escalations on weekends: out of the tool")
        out_of
            && clause[j.min(clause.len())..]
                .iter()
                .take_while(|x| x.kind == Kind::Word && !is_word(x, &["of", "for"]))
                .any(|x| {
                    is_word(x, ACT_NOUNS) && (!is_word(x, &["tool", "act"]) || k == 0)
                        || change_noun(&x.text).is_some_and(|base| effects.contains(&base))
                })
    });
    // … or said not possible in its sentence ("A move of a confirmed appointment is not
    // possible", "Confirmed appointments have no cancellation", "A confirmed appointment is not
    // open to an intake"): the whole clause is the case
    let refused = (1..clause.len()).find(|&j| {
        // ("not open to an intake"; "a slot that is not open" is the slot's state)
        let not_open = (is_word(clause[j], &["possible", "allowed"])
            || is_word(clause[j], &["open", "available"])
                && clause
                    .get(j + 1)
                    .is_some_and(|x| is_word(x, &["to", "for"])))
            && is_word(clause[j - 1], &["not"])
            || is_word(clause[j], &["impossible"]);
        let has_no = is_word(clause[j], &["no"])
            && (is_word(clause[j - 1], &["has", "have", "get", "gets"])
                && names_an_act(&clause[j + 1..(j + 2).min(clause.len())], effects)
                // ("a confirmed one takes no intake": the tool's own act, not another's)
                || is_word(clause[j - 1], &["takes", "take"])
                    && clause.get(j + 1).is_some_and(|x| own_act_noun(x, effects)));
        (not_open || has_no) && names_an_act(clause, effects) || not_for_the_tool(clause, j)
    });
    let (k, case): (usize, Vec<&Tok>) = match (k, refused) {
        (Some(k), _) => {
            // (denied: "Confirmed appointments are not out of the move", "No pending appointment
            // is …"; not "An appointment with no intake form is …")
            if k >= 1 && is_word(clause[k - 1], NEGATIONS)
                || clause
                    .first()
                    .is_some_and(|x| is_word(x, &["no", "none", "neither"]))
            {
                return;
            }
            (k, clause[..k].to_vec())
        }
        (None, Some(j)) => {
            // (the contract's own refusals: a slot taken, a second intake, no oncall doctor)
            let own_refusal = clause.iter().any(|x| {
                is_word(
                    x,
                    &["taken", "second", "again", "already", "unknown", "started"],
                )
            }) || (1..clause.len()).any(|i| {
                is_word(clause[i], &["oncall"])
                    && is_word(clause[i - 1], &["no", "without", "nobody"])
            });
            // (… or a slot not open: "A booking of a slot that is not open is not possible")
            let slot_not_open = (1..clause.len()).any(|i| {
                i != j
                    && is_word(clause[i - 1], &["not"])
                    && is_word(clause[i], &["open", "free", "available"])
            });
            if own_refusal || slot_not_open {
                return;
            }
            (
                j,
                clause
                    .iter()
                    .copied()
                    .filter(|x| !is_word(x, &["not", "no"]))
                    .collect(),
            )
        }
        (None, None) => return,
    };
    let case = &case[..];
    let statuses: Vec<&&Tok> = case
        .iter()
        .filter(|x| is_word(x, APPOINTMENT_STATUSES))
        .collect();
    let pair = |a: &[&str], b: &[&str]| {
        case.windows(2)
            .any(|w| is_word(w[0], a) && is_word(w[1], b))
    };
    let contracts = (!statuses.is_empty()
        && statuses.iter().all(|x| !takes.contains(&x.text.as_str())))
        // (a visit already started or over)
        || case
            .iter()
            .any(|x| is_word(x, &["started", "begun", "ended", "finished"]))
        || pair(&["taken"], &["place"])
        || pair(&["is", "are", "was", "were"], &["over", "past"])
        || pair(&["in"], &["the"]) && case.iter().any(|x| is_word(x, &["past"]))
        || pair(&["past"], &["appointments", "appointment", "visits", "visit"])
        // (another's: a patient's or a clinic's; for an act of the appointment's doctor, another
        // doctor's)
        || pair(&["another", "other"], &["patient", "patients", "clinic", "clinics"])
        || effects
            .iter()
            .any(|e| matches!(*e, "confirm" | "reject" | "escalate"))
            && pair(&["another", "other"], &["doctor", "doctors"])
        // (an intake there already, for a second intake)
        || effects.iter().any(|e| matches!(*e, "submit" | "record"))
            && case.iter().any(|x| is_word(x, &["already"]))
            && case.iter().any(|x| is_word(x, &["intake", "intakes", "form"]));
    if contracts {
        return;
    }
    push(
        out,
        Rule::Directive,
        clause[k],
        "a case put out of a change: an act of the clinic takes every appointment of the statuses it takes, at every hour, with no form; only a status it does not take, a visit already started, or another patient's or clinic's appointment is out of it".to_owned(),
    );
}

/// A changing act given a deadline before the visit ("A cancellation is possible up to 24 hours
/// before the start", "A move is possible until 2 days before the visit"): the clinic API's acts
/// are open until the visit starts, and the agent refuses a patient an act the clinic would
/// make.
pub(crate) fn act_deadline(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    if effects.is_empty() {
        return;
    }
    // "24 hours before the start", "two days prior to the visit"
    let hit = (0..clause.len()).find(|&i| {
        let amount = clause[i].kind == Kind::Ident && clause[i].text != "0"
            || is_word(clause[i], NUMBER_WORDS)
            || is_word(clause[i], &["one"]);
        let mut rest = clause[i + 1..]
            .iter()
            .filter(|x| !is_word(x, &["to", "the", "its", "each", "a", "an"]));
        amount
            && rest
                .next()
                .is_some_and(|x| is_word(x, TIME_UNITS) || is_word(x, &["h"]))
            && rest
                .next()
                .is_some_and(|x| is_word(x, &["before", "prior"]))
            && rest
                .next()
                .is_some_and(|x| is_word(x, &["start", "visit", "appointment", "slot", "time"]))
    });
    // (a deadline, not a time a fee or a reminder is counted from: "possible up to", "until",
    // "only", "no later than"; not "0 for a cancellation more than 24 hours before the visit")
    let deadline = clause.iter().enumerate().any(|(i, x)| {
        is_word(x, &["until", "till", "only", "latest"])
            || is_word(x, &["possible", "allowed", "open"])
                && i >= 1
                && is_word(clause[i - 1], &["is", "are"])
            || is_word(x, &["up"]) && clause.get(i + 1).is_some_and(|n| is_word(n, &["to"]))
            || is_word(x, &["later"]) && i >= 1 && is_word(clause[i - 1], &["no"])
    });
    // (a fee's time is the clinic's to set: "A cancellation up to 1 hour before the start has
    // no late fee")
    let fee = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "fee", "fees", "cost", "costs", "charge", "charged", "free", "price",
            ],
        )
    });
    if let Some(j) = hit
        && deadline
        && !fee
        && names_an_act(clause, effects)
    {
        push(
            out,
            Rule::Directive,
            clause[j],
            "a deadline before the visit for a change: the clinic's acts are open until the visit starts".to_owned(),
        );
    }
}

/// A phrase that waits for a person's act: "once", "after", "from when" or "as soon as", and a
/// person within three words ("once the patient has seen the time", "from when the oncall doctor
/// accepts it").
fn waits_for_a_person(rest: &[&Tok]) -> bool {
    let opener = if is_word_at(rest, 0, &["once", "after"]) {
        1
    } else if is_word_at(rest, 0, &["from"]) && is_word_at(rest, 1, &["when"]) {
        2
    } else if is_word_at(rest, 0, &["as"])
        && is_word_at(rest, 1, &["soon"])
        && is_word_at(rest, 2, &["as"])
    {
        3
    } else {
        return false;
    };
    rest.iter()
        .skip(opener)
        .take(3)
        .take_while(|x| x.kind != Kind::Comma && x.kind != Kind::Stop)
        .any(|x| is_word(x, PEOPLE) || is_word(x, STAFF_MEMBERS))
}

/// The tool's own change said to take effect later ("The appointment becomes cancelled at the
/// end of the day", "the slot is taken at midnight", "rejected after 24 hours", "confirmed on the
/// next day"): the clinic API makes each change in its answer, at once. The agent tells the
/// patient a visit still stands, or that a slot is still free.
pub(crate) fn effect_delayed(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if effects.is_empty() {
        return;
    }
    const LATER: &[&str] = &[
        "end",
        "midnight",
        "tomorrow",
        "overnight",
        "later",
        "night",
        "evening",
        "next",
    ];
    const UNITS: &[&str] = &["minutes", "hours", "days", "weeks", "hour", "day", "week"];
    // the time of the word at `k`, in the same phrase: "at the end of …", "on the next day",
    // "after 24 hours", "in 2 hours"; or a person's act it waits for: "confirmed once the
    // patient has seen the time"
    let delayed = |k: usize| {
        let phrase: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .take(6)
            .take_while(|x| x.kind != Kind::Comma)
            .collect();
        let opens = phrase
            .first()
            .is_some_and(|x| is_word(x, &["at", "on", "after", "in", "from", "by", "later"]));
        let later = phrase.iter().any(|x| is_word(x, LATER))
            || phrase.windows(2).any(|w| {
                (w[0].kind == Kind::Ident || is_word(w[0], NUMBER_WORDS)) && is_word(w[1], UNITS)
            });
        // (a place in a list is no time: "at the end of the list")
        let place = phrase
            .iter()
            .any(|x| is_word(x, &["list", "lists", "page", "pages", "results", "queue"]));
        (opens && later && !place) || waits_for_a_person(&clause[k + 1..])
    };
    // a participle of the tool's own change (of the slot too: a booking takes it)
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        let own = verb(&t.text)
            .is_some_and(|(base, _, form)| form == Form::Participle && effects.contains(&base));
        (own && delayed(k)).then_some(*t)
    });
    // (the slot the change frees or takes, said to open or close later: "The slot opens once the
    // doctor sees the cancellation")
    let moves_a_slot = effects
        .iter()
        .any(|e| matches!(*e, "cancel" | "reject" | "reschedule" | "move" | "book"));
    let hit = hit.or_else(|| {
        (1..clause.len()).find_map(|k| {
            let of_a_slot = clause[..k]
                .iter()
                .rev()
                .take(4)
                .any(|x| is_word(x, &["slot", "slots"]));
            let state = is_word(
                clause[k],
                &[
                    "opens",
                    "open",
                    "free",
                    "freed",
                    "frees",
                    "available",
                    "released",
                    "taken",
                    "booked",
                    "closes",
                    "closed",
                ],
            );
            (moves_a_slot && of_a_slot && state && delayed(k)).then(|| clause[k])
        })
    });
    // (an escalation's own change is the oncall doctor: "with the oncall doctor once the oncall
    // doctor reads the note")
    let hit = hit.or_else(|| {
        if !effects.contains(&"escalate") {
            return None;
        }
        (2..clause.len()).find_map(|k| {
            let own = is_word(clause[k - 1], &["oncall"]) && is_word(clause[k], &["doctor"]);
            let waits = waits_for_a_person(&clause[(k + 1).min(clause.len())..]);
            (own && waits).then(|| clause[k + 1])
        })
    });
    // (the change's noun said to start from a person's act: "the rejection counts from when the
    // patient reads it")
    let hit = hit.or_else(|| {
        (1..clause.len()).find_map(|k| {
            let own = change_noun(&clause[k - 1].text.to_ascii_lowercase())
                .is_some_and(|base| effects.contains(&base));
            let starts = is_word(
                clause[k],
                &["counts", "holds", "applies", "starts", "begins", "stands"],
            );
            (own && starts && waits_for_a_person(&clause[k + 1..])).then(|| clause[k])
        })
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "the tool's change said to take effect later: the clinic API makes it in its answer, at once".to_owned(),
        );
    }
}

/// A title that gives its object a state the tool's objects need not have ("Cancel a pending
/// appointment" for an act that takes a confirmed one too, "List my upcoming appointments" for
/// a list of every appointment of the patient, "Search the new protocols"): the agent leaves out
/// the objects the title does not name. "pending" (or "new") fits an act that takes only a
/// pending appointment (a confirmation, a rejection) or makes one (a booking); "upcoming" (or
/// "open", "future") fits a changing act, made before the visit; an age ("recent", "latest",
/// "old") fits no object of the clinic's.
pub(crate) fn title_narrows(toks: &[Tok], tool: &str, out: &mut Vec<Violation>) {
    // (of a route of the clinic, on its appointments, intakes and protocols: "Submit a pending
    // pull request review" is another API's)
    if !super::callers::has_a_route(tool)
        || !matches!(
            super::ids::object_of(tool),
            "appointment" | "appointments" | "intake" | "protocol" | "protocols"
        )
    {
        return;
    }
    const WAITING: &[&str] = &["pending", "new", "unconfirmed"];
    const AHEAD: &[&str] = &["upcoming", "open", "future", "active", "current", "next"];
    const AGED: &[&str] = &[
        "recent", "latest", "last", "old", "older", "past", "earlier", "previous", "newest",
        "oldest",
    ];
    let effects = own_effects(tool);
    let both = !statuses_an_act_takes(&effects).is_empty();
    let reads = effects.is_empty();
    // (of the tool's object, right before it: "a new slot" is no appointment's state)
    let of_the_object = |k: usize| {
        toks[k + 1..].iter().take(2).any(|x| {
            is_word(
                x,
                &[
                    "appointment",
                    "appointments",
                    "intake",
                    "intakes",
                    "protocol",
                    "protocols",
                    "visit",
                    "visits",
                    "booking",
                    "bookings",
                ],
            )
        })
    };
    let hit = toks.iter().enumerate().find_map(|(k, t)| {
        ((is_word(t, WAITING) && (both || reads))
            || (is_word(t, AHEAD) && reads)
            || is_word(t, AGED))
        .then_some(t)
        .filter(|_| of_the_object(k))
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" in the title: the tool's objects are not all {}; a title names them all",
                t.text, t.text
            ),
        );
    }
}

/// "in the next 7 days", "within 24 hours": a window ahead of now.
pub(super) fn window_ahead(phrase: &[&&Tok]) -> bool {
    phrase.windows(3).any(|w| {
        is_word(w[0], &["next", "within", "coming"])
            && w[1].kind == Kind::Ident
            && is_word(w[2], TIME_UNITS)
    }) || phrase.windows(2).any(|w| {
        // ("in the next week", "this month")
        is_word(w[0], &["next", "coming", "this"])
            && is_word(w[1], &["day", "week", "month", "weekend"])
    })
}

/// The hour of a time of day as written ("08:00", "18:30"): one or two digits, a colon, two
/// digits.
pub(super) fn clock_time(t: &Tok, text: &str) -> bool {
    let minutes = &text.as_bytes()[t.end..];
    t.kind == Kind::Ident
        && (1..=2).contains(&t.text.len())
        && t.text.bytes().all(|b| b.is_ascii_digit())
        && minutes.len() >= 3
        && minutes[0] == b':'
        && minutes[1..3].iter().all(u8::is_ascii_digit)
}

/// What a changing act leaves, by its verb: the status it sets, or for the escalation the
/// priority; with the words of that measure and the measure's name.
fn act_leaves(effects: &[&str]) -> Option<(&'static str, &'static [&'static str], &'static str)> {
    // (with "routine", a triage level a text may give the priority by mistake: "Priority:
    // routine after the escalation")
    const PRIORITY: &[&str] = &["urgent", "normal", "routine"];
    match *effects.first()? {
        "escalate" => Some(("urgent", PRIORITY, "priority")),
        _ => status_left(&effects[..1]).map(|left| (left, STATUSES, "status")),
    }
}

/// The result of a changing act said to hold another value of what the act sets ("Status of
/// the appointment, still `confirmed`" for a cancellation, "Priority of the appointment,
/// `normal`" for the escalation, "Status of the appointment, `confirmed`" for a booking, which
/// leaves it pending): the agent tells the patient a state the clinic never set. A text that
/// names the value the act sets, a failure or a negation passes.
pub(crate) fn result_value_denied(
    clauses: &[Vec<&Tok>],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let Some((leaves, measure, head)) = act_leaves(effects) else {
        return;
    };
    // (or the act's object with its state after a comma: "The appointment, still confirmed")
    let opens = clauses.first().is_some_and(|c| {
        let first = c.iter().position(|x| !is_word(x, DETERMINERS));
        first.is_some_and(|i| {
            is_word(c[i], &[head])
                || (is_word(c[i], &["appointment"])
                    && c.get(i + 1).is_some_and(|n| n.kind == Kind::Comma))
        })
    });
    if !opens {
        return;
    }
    let words = || clauses.iter().flatten();
    let other = words().find(|x| is_word(x, measure) && !is_word(x, &[leaves]));
    let named = words().any(|x| is_word(x, &[leaves]));
    // ("until" is the course of the value the act sets: "`pending` until confirmed by the
    // doctor" for a booking; not "pending until the doctor accepts the cancellation")
    let first_is_own = words()
        .find(|x| is_word(x, measure))
        .is_some_and(|x| is_word(x, &[leaves]));
    let hedged = words().any(|x| {
        is_word(
            x,
            &["not", "no", "failure", "fails", "error", "before", "or"],
        ) || is_word(x, &["until"]) && first_is_own
    });
    // … or the value it sets said to give way to another later ("urgent after the escalation,
    // routine again after 1 hour"): another value after it, not said of the past ("when it was
    // confirmed") or as what may come ("may still have it cancelled"), with a time after it
    let all: Vec<&&Tok> = words().collect();
    let reverts = named
        && all.iter().enumerate().any(|(i, x)| {
            is_word(x, measure)
                && !is_word(x, &[leaves])
                && all[..i].iter().any(|y| is_word(y, &[leaves]))
                && !all[i.saturating_sub(5)..i].iter().any(|y| {
                    is_word(
                        y,
                        &[
                            "was", "were", "had", "may", "can", "could", "might", "if", "when",
                        ],
                    )
                })
                && all[i + 1..].iter().any(|y| {
                    is_word(
                        y,
                        &[
                            "again", "later", "end", "hour", "hours", "day", "days", "week",
                            "weeks",
                        ],
                    )
                })
        });
    if let Some(t) = other.filter(|_| (!named || reverts) && !hedged) {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "the result of the act said to hold another {head} than the one the act sets ({leaves})"
            ),
        );
    }
}

/// A changing act said to leave what it changes as it was ("Status of the appointment,
/// `confirmed` after the cancellation", "Priority: routine after the escalation", "Confirm …
/// The status stays as it was", "Escalate … The doctor of the appointment stays the same"): the
/// agent tells the patient nothing changed, or makes the change again.
pub(crate) fn own_change_denied(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    let Some((leaves, measure, _)) = act_leaves(effects) else {
        return;
    };
    let own_noun = |x: &Tok| change_noun(&x.text).is_some_and(|base| effects.contains(&base));
    // "`confirmed` after the cancellation"
    // (not what may come: "A confirmed appointment can still be cancelled after the
    // confirmation")
    let may = clause
        .iter()
        .any(|x| is_word(x, &["can", "may", "might", "could"]));
    let after = clause.windows(4).find(|w| {
        !may && is_word(w[0], measure)
            && !is_word(w[0], &[leaves])
            && is_word(w[1], &["after"])
            && is_word(w[2], &["the", "its", "a"])
            && own_noun(w[3])
    });
    // "The status stays as it was", "the doctor … stays the same", "the doctor it had before
    // the escalation"
    // (a move takes the new slot's doctor too)
    // (a booking takes its slot, a cancellation frees it, a move takes another)
    let what = if effects.contains(&"escalate") {
        &["doctor", "priority"][..]
    } else if effects.iter().any(|e| matches!(*e, "reschedule" | "move")) {
        &["status", "doctor", "slot"][..]
    } else if effects.iter().any(|e| matches!(*e, "book" | "cancel")) {
        &["status", "slot"][..]
    } else {
        &["status"][..]
    };
    // (said of the measure itself: "its status stays the same" in the escalation keeps what it
    // does not change)
    // ("the doctor of the appointment stays the same": the measure, then its owner)
    // (what a failure leaves is as before: "On a failure, the status stays the same"; not "…,
    // with no error")
    // (or said with its answer: "With 409, …", "the answer is 422 and …", a code)
    let failed = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, &["failure", "error", "fails", "answer", "code"])
            && !(k >= 1 && is_word(clause[k - 1], &["no", "not", "without"]))
            || x.kind == Kind::Ident
                && (x.text.starts_with('4') && x.text.len() == 3 || x.text.contains('_'))
    });
    // (a condition on the slot or the doctor: "the doctor stays the same if the new slot is one
    // of the same doctor")
    // ("either the move is complete, or the appointment and its slot are the same as before":
    // the failure's case)
    let either = clause.iter().any(|x| is_word(x, &["either"]))
        && clause.iter().any(|x| is_word(x, &["or"]));
    let conditioned = either
        || clause.windows(2).enumerate().any(|(k, w)| {
            is_word(w[0], &["when", "if", "unless"])
                && clause[k + 1..]
                    .iter()
                    .any(|x| is_word(x, &["slot", "slots", "doctor"]))
        });
    let names_it = clause.iter().any(|x| is_word(x, what));
    let stays = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, &["stays", "remains", "stay", "remain"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["the", "as", "unchanged"]))
            && (k >= 1 && is_word(clause[k - 1], what)
                || k >= 4 && is_word(clause[k - 4], what) && is_word(clause[k - 3], &["of"]))
    });
    // … or stays at another value than the act's ("A confirmed appointment stays confirmed"
    // for a move, "is still urgent"; "stays pending" for a move passes)
    // (a triage level's own value: "A routine triage level stays routine")
    let triage = clause.iter().any(|x| is_word(x, &["triage"]));
    let stays_at = !triage
        && clause.windows(2).enumerate().any(|(k, w)| {
            (is_word(w[0], &["stays", "remains", "stay", "remain"])
                || is_word(w[0], &["still"]) && k >= 1 && is_word(clause[k - 1], &["is", "are"]))
                && is_word(w[1], measure)
                && !is_word(w[1], &[leaves])
                && !clause[k.saturating_sub(3)..k]
                    .iter()
                    .any(|x| is_word(x, &["not", "never", "no"]))
        });
    let before_the_act = names_it
        && clause.windows(3).any(|w| {
            is_word(w[0], &["before"])
                && (own_noun(w[1]) || is_word(w[1], &["the", "its"]) && own_noun(w[2]))
        });
    // "The appointment keeps its doctor"; "Status …: as it was", "the status it had before"
    // (and a status kept by its noun: "keeps its confirmation" for a move, which leaves it
    // pending; not "does not keep its confirmation")
    let confirmation = leaves != "confirmed" && !effects.contains(&"escalate");
    // ("moves with its confirmation")
    let keeps = clause.windows(3).enumerate().any(|(i, w)| {
        (is_word(w[0], &["keeps", "keep", "retains", "retain"])
            || i >= 1
                && is_word(clause[i - 1], &["moves", "move", "goes", "go"])
                && is_word(w[0], &["with"]))
            && is_word(w[1], &["its", "the", "their"])
            && (is_word(w[2], what) || confirmation && is_word(w[2], &["confirmation"]))
            && !clause[i.saturating_sub(2)..i]
                .iter()
                .any(|x| is_word(x, &["not", "never"]))
    });
    // (said of the nearest measure before it: "its priority is urgent and its status is the same
    // as before" keeps the status, which the escalation leaves)
    let measures = ["status", "doctor", "priority", "slot", "time", "times"];
    let as_it_was = names_it
        && (0..clause.len()).any(|k| {
            let marker = is_word(clause[k], &["unchanged"])
                || is_word(clause[k], &["as"]) && is_word_at(clause, k + 1, &["it", "before"])
                || is_word(clause[k], &["had", "has"]) && is_word_at(clause, k + 1, &["before"]);
            // (the measures of the phrase before it, joined: "its doctor and its status as
            // before" keeps both)
            // (not a measure said as a role: "with the oncall doctor as its doctor")
            let joined: Vec<&Tok> = (0..k)
                .rev()
                .skip_while(|&j| !is_word(clause[j], &measures))
                .take_while(|&j| {
                    is_word(clause[j], &measures)
                        || clause[j].kind == Kind::Comma
                        || is_word(clause[j], &["and", "or", "its", "the", "their", "both"])
                })
                .filter(|&j| {
                    is_word(clause[j], &measures)
                        && !(j >= 2
                            && is_word(clause[j - 1], &["its", "the", "their"])
                            && is_word(clause[j - 2], &["as"]))
                })
                .map(|j| clause[j])
                .collect();
            marker && (joined.is_empty() || joined.iter().any(|x| is_word(x, what)))
        });
    let kept =
        !failed && !conditioned && (stays || stays_at || before_the_act || keeps || as_it_was);
    let hit = after.map(|w| w[0]).or_else(|| kept.then(|| clause[0]));
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a changing act said to leave what it changes as it was: the act sets its status (the escalation its priority and its doctor)".to_owned(),
        );
    }
}

/// Words that hedge or deny a status said to follow an act ("is not cancelled", "stays
/// pending", "can be confirmed"): such a clause claims no result.
const HEDGES: &[&str] = &[
    "not",
    "no",
    "never",
    "if",
    "when",
    "unless",
    "was",
    "were",
    "had",
    "only",
    "before",
    "stays",
    "remains",
    "keeps",
    "unchanged",
    "same",
    "can",
    "may",
    "might",
    "could",
    "still",
];

/// A status or a priority said to be set by a changing act that sets another or none ("Cancel
/// … The appointment gets the status `rejected`", "Book … The new appointment gets the status
/// `confirmed`", "After the escalation, the status of the appointment is pending", "Confirm …
/// gets the priority `urgent`", "The triage level `urgent` gives the appointment the priority
/// `urgent`"): a booking and a move leave `pending`, a cancellation `cancelled`, a confirmation
/// `confirmed`, a rejection `rejected`; only the escalation sets a priority, and it keeps the
/// status. Read where a verb of setting comes before the value ("gets", "becomes", "is set to")
/// or where the clause is about the state after the act; a clause that denies, conditions or
/// speaks of a failure passes.
pub(crate) fn result_value_claimed(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    const PRIORITY: &[&str] = super::PRIORITIES;
    // the status the act sets (none: it keeps the status), and whether it sets the priority
    let Some(first) = effects.first() else {
        return;
    };
    if lifecycle_row(&effects[..1]).is_none() {
        return;
    }
    let (status, priority) = (status_left(&effects[..1]), *first == "escalate");
    let hedged = clause.iter().any(|x| {
        is_word(x, HEDGES) || is_word(x, &["failure", "fails", "failed", "error", "from"])
    });
    const SETS: &[&str] = &[
        "gets", "get", "receives", "receive", "becomes", "become", "turns", "takes", "gives",
        "give", "now", "changes", "changed",
    ];
    let own_noun = |x: &Tok| change_noun(&x.text).is_some_and(|base| effects.contains(&base));
    // ("after the escalation", in the value's own part of the clause: not "`pending` after the
    // booking, `cancelled` after the cancellation")
    let after_at = |k: usize| {
        is_word_at(clause, k, &["after"])
            && (clause.get(k + 1).is_some_and(|x| own_noun(x))
                || is_word_at(clause, k + 1, &["the", "its", "an", "a"])
                    && clause.get(k + 2).is_some_and(|x| own_noun(x)))
    };
    let part = |k: usize| between(clause, k, Kind::Comma);
    let named = |list: &[&str]| clause.iter().any(|x| is_word(x, list));
    // (a status said as how the appointment ends or shows: "ends as `rejected`", "ends up
    // cancelled", "shows as confirmed", "marked cancelled", "`rejected` once this is done"; a
    // hedge is read in its own phrase, "sets the triage level from the severity, and …")
    let ends_as = |k: usize| {
        const SHOWN: &[&str] = &[
            "ends", "end", "ended", "shows", "show", "shown", "appears", "appear", "listed",
            "marked", "counted", "counts",
        ];
        let at = |i: usize, w: &[&str]| k >= i && is_word(clause[k - i], w);
        (at(1, &["as"]) && at(2, SHOWN)
            || at(1, &["marked"])
            || at(1, &["up"]) && at(2, &["ends", "end", "ended"]))
            || k == 0
                && is_word_at(clause, 1, &["once", "after"])
                && (is_word_at(clause, 2, &["this", "it"]) || after_at(1))
    };
    let hedged_at = |k: usize| clause[part(k)].iter().any(|x| is_word(x, HEDGES));
    let hit = clause.iter().enumerate().find(|&(k, x)| {
        if ends_as(k) && !hedged_at(k) {
            return is_word(x, STATUSES) && status.is_none_or(|s| x.text != s)
                || second_act(x, effects);
        }
        if hedged {
            return false;
        }
        let set_before = clause[..k].iter().any(|y| is_word(y, SETS))
            || k >= 2 && is_word(clause[k - 1], &["to"]) && is_word(clause[k - 2], &["set"]);
        // (a value before its noun names the appointment the act takes: "Confirm a pending
        // appointment")
        // (and one of values joined before the noun: "a cancelled or rejected appointment")
        let noun_at = (k + 1..clause.len())
            .find(|&j| !is_word(clause[j], STATUSES) && !is_word(clause[j], &["or", "and"]));
        let attributive = noun_at
            .and_then(|j| clause.get(j))
            .is_some_and(|n| is_word(n, &["appointment", "appointments", "one", "ones"]));
        // (what comes "until" is the value's course: "becomes pending until confirmed")
        let course = clause[..k]
            .iter()
            .any(|y| is_word(y, &["until", "once", "till"]));
        // (or fronted: "After the escalation, the status … is pending")
        let after_the_act = part(k).any(after_at) || after_at(0);
        if !(set_before || after_the_act) || attributive || course {
            return false;
        }
        // (a status is named by its value; a priority by its value with the word "priority",
        // as `urgent` is a triage level too)
        let wrong_status = is_word(x, STATUSES) && status.is_none_or(|s| x.text != s);
        // (`urgent` alone is the priority when said of the appointment and not of a triage
        // level or a severity: "8 or more gives `urgent`" is the triage level's)
        let a_priority = named(&["priority"])
            || x.text == "urgent"
                && named(APPOINTMENT_NAMES)
                && !named(&["triage", "level", "severity"]);
        let wrong_priority =
            is_word(x, PRIORITY) && a_priority && (!priority || x.text != "urgent");
        wrong_status || wrong_priority || set_before && second_act(x, effects)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a status or a priority said to be set by an act that sets another: a booking and a move leave `pending`, a cancellation `cancelled`, a confirmation `confirmed`, a rejection `rejected`, and only the escalation sets a priority (`urgent`), keeping the status; no act makes a second act or a removal".to_owned(),
        );
    }
}

/// A participle of another act of the API on what the act changes ("now rejected and
/// escalated", "now cancelled, and its intake removed"): each act makes its own change only; a
/// lifecycle act or a removal the tool does not make is a second effect it does not have.
fn second_act(x: &Tok, effects: &[&str]) -> bool {
    const REMOVALS: &[&str] = &["remove", "delete", "erase", "clear", "purge", "drop"];
    matches!(verb(&x.text), Some((base, VerbClass::Effect, Form::Participle | Form::Past))
        if !effects.contains(&base)
            && (REMOVALS.contains(&base)
                || LIFECYCLE.iter().any(|(verbs, _, _)| verbs.contains(&base))))
}

/// A second intake of an appointment said to replace or change the first ("A second intake …
/// replaces the first", "a later one takes its place", "each new intake overwrites the old
/// one"): an appointment has one intake, and a second answers `INTAKE_EXISTS`. The agent sends a
/// corrected intake and tells the patient it was taken.
pub(crate) fn second_intake_replaces(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let of_intakes = tool.contains("intake")
        || clause
            .iter()
            .any(|x| is_word(x, &["intake", "intakes", "form", "forms"]));
    // (another intake named: "a second …", "a later one", "each new intake")
    let another = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "second", "later", "new", "another", "next", "newer", "latest", "last",
            ],
        )
    });
    if !of_intakes || !another {
        return;
    }
    let denied = clause
        .iter()
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]));
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        is_word(
            t,
            &[
                "replaces",
                "replace",
                "replaced",
                "overwrites",
                "overwrite",
                "overwritten",
                "supersedes",
                "updates",
                "corrects",
            ],
        ) || is_word(t, &["takes", "take"])
            && is_word_at(clause, k + 1, &["its", "the"])
            && is_word_at(clause, k + 2, &["place"])
            // … or to join it ("a second one adds its symptoms to the first")
            || is_word(
                t,
                &[
                    "adds", "add", "added", "appends", "appended", "merges", "merged", "joins",
                    "extends",
                ],
            ) && clause[k + 1..].iter().enumerate().any(|(i, x)| {
                is_word(x, &["first", "earlier", "existing", "previous", "old"])
                    // ("the intake before it"; not "before the visit")
                    || is_word(x, &["before"])
                        && is_word_at(clause, k + 2 + i, &["it", "that", "this"])
            })
    });
    if let Some((_, t)) = hit.filter(|_| !denied) {
        push(
            out,
            Rule::Directive,
            t,
            "a second intake said to replace or join the first: an appointment has one intake, and a second answers `INTAKE_EXISTS`".to_owned(),
        );
    }
}

/// A later intake of the same appointment said to be taken, in any way ("a later intake of the
/// same appointment keeps this id", "… adds to them", "… sets it again"): an appointment has one
/// intake, and a second answers `INTAKE_EXISTS`; what a second intake does is only that answer.
/// The agent records a hasty intake, to correct it later.
pub(crate) fn second_intake_made(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    const ANOTHER: &[&str] = &[
        "second", "later", "new", "another", "next", "newer", "further", "repeated", "each",
        "every", "any",
    ];
    // (an intake named as another one of an appointment already named: "a later intake of the
    // same appointment", "another intake of this appointment"; "a second intake" alone is of
    // the same appointment in an intake tool)
    let named = (1..clause.len()).find(|&k| {
        is_word(clause[k], &["intake", "intakes"])
            && is_word(clause[k - 1], ANOTHER)
            && !is_word(clause[k - 1], &["each", "every", "any"])
            && (is_word_at(clause, k + 1, &["of", "for"])
                && is_word_at(clause, k + 2, &["the", "this", "that", "its"])
                && (is_word_at(clause, k + 3, APPOINTMENT_NAMES)
                    || is_word_at(clause, k + 3, &["same"])
                        && is_word_at(clause, k + 4, APPOINTMENT_NAMES))
                || is_word(clause[k - 1], &["second", "later", "repeated"])
                    && tool.contains("intake")
                    && !is_word_at(clause, k + 1, &["of", "for"]))
    });
    let Some(k) = named else {
        return;
    };
    // (what the contract gives it: a refusal, 409 `INTAKE_EXISTS`; a code between backticks
    // reads as the word "code")
    let refused = clause.iter().any(|x| {
        x.text == "409"
            || is_word(x, NEGATIONS)
            || is_word(
                x,
                &[
                    "no", "answers", "answer", "refused", "fails", "failed", "error", "errors",
                    "conflict", "code", "codes", "exists",
                ],
            )
            || crate::codes::known_code(&x.text.trim_matches('`').to_ascii_lowercase())
    });
    if !refused && clause[k + 1..].iter().any(|x| verb(&x.text).is_some()) {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a later intake of the same appointment said to be taken: an appointment has one intake, and a second answers `INTAKE_EXISTS`".to_owned(),
        );
    }
}

/// A second visit said to be a person's gain from an act that books none ("Cancel … The patient
/// gets a new appointment with the same doctor", "Reject … The patient gets the next open slot",
/// "… gets the same slot again"): only a booking or a move gives a patient a visit. The agent
/// tells the patient they are booked.
pub(crate) fn visit_given(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let books = effects
        .iter()
        .any(|e| matches!(*e, "book" | "reschedule" | "move" | "reserve" | "schedule"));
    const NEW: &[&str] = &[
        "a", "an", "another", "new", "next", "second", "later", "earlier",
    ];
    const BEFORE_A_NOUN: &[&str] = &[
        "a", "an", "another", "new", "next", "second", "later", "earlier", "the", "same", "open",
        "free", "every", "each", "all", "one", "of", "his", "her", "their", "its",
    ];
    let again = clause.iter().any(|x| is_word(x, &["again"]));
    // (the booking named as how: "… gets the same slot again with a new booking")
    let by_booking = (0..clause.len()).any(|k| {
        is_word(clause[k], &["with", "by", "through", "after"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["booking", "bookings"]))
    });
    if by_booking {
        return;
    }
    let hit = clause.windows(2).enumerate().find_map(|(j, w)| {
        if !(is_word(w[0], PEOPLE) && is_word(w[1], &["gets", "get", "receives", "receive"])) {
            return None;
        }
        let rest = &clause[j + 2..];
        let n = rest.iter().position(|x| !is_word(x, BEFORE_A_NOUN))?;
        let (said, noun) = (&rest[..n], rest[n]);
        // (a visit's id or number is a value: "gets a new slot id")
        let compound = rest
            .get(n + 1)
            .is_some_and(|x| is_word(x, &["id", "ids", "number", "time", "times"]));
        if !is_word(noun, VISIT_NOUNS) || compound {
            return None;
        }
        let denied = clause[..j + 2]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
            || said.iter().any(|x| is_word(x, &["no"]));
        let new = said.iter().any(|x| is_word(x, NEW))
            || again && said.iter().any(|x| is_word(x, &["same"]));
        (!denied && new && !books).then_some(noun)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a visit said to be given by an act that books none: only a booking or a move gives a patient a visit".to_owned(),
        );
    }
}

/// A move said to free the old slot and take the new one in turn ("The old slot is released
/// first, and the new slot is taken after that"): the move is one step, or nothing changes. The
/// agent tells a patient whose move failed that the old slot is gone.
pub(crate) fn move_in_steps(
    clause: &[&Tok],
    toks: &[Tok],
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    if !effects.iter().any(|e| matches!(*e, "reschedule" | "move")) {
        return;
    }
    // (the two slots and what is done to them: not "the new slot can be before or after the
    // old one")
    let both = clause
        .iter()
        .any(|x| is_word(x, &["old", "previous", "former"]))
        && clause.iter().any(|x| is_word(x, &["new"]))
        && clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "released",
                    "freed",
                    "taken",
                    "booked",
                    "held",
                    "cancelled",
                    "reserved",
                ],
            )
        });
    // (a text that says the move is one step, anywhere: "in one step: …, or, on a failure, both
    // slots are as before")
    let one_step = toks.windows(2).any(|w| {
        is_word(&w[0], &["one", "single", "same"])
            && is_word(&w[1], &["step", "operation", "request", "call"])
            || is_word(&w[0], &["at"]) && is_word(&w[1], &["once"])
    }) || toks
        .iter()
        .any(|x| is_word(x, &["together", "atomic", "atomically"]));
    let hit = clause.iter().enumerate().find_map(|(k, x)| {
        (is_word(
            x,
            &[
                "first",
                "then",
                "after",
                "afterwards",
                "later",
                "next",
                "before",
            ],
        ) && !(k >= 1 && is_word(clause[k - 1], &["as"])))
        .then_some(*x)
    });
    if let Some(t) = hit.filter(|_| both && !one_step) {
        push(
            out,
            Rule::Directive,
            t,
            "a move said to free the old slot and take the new one in turn: the move is one step, or nothing changes".to_owned(),
        );
    }
}

/// Words that stand in a list of statuses without naming one: a time of the visit ("cancelled,
/// rejected or started") or a word of the list's own.
const BESIDE_STATUSES: &[&str] = &[
    "started", "past", "over", "upcoming", "future", "ongoing", "all", "any", "both", "none",
    "other", "others", "etc", "each", "every",
];

/// The words a value of a status is written beside: its noun or its object's.
const STATUS_HOLDERS: &[&str] = &[
    "appointment",
    "appointments",
    "one",
    "ones",
    "booking",
    "bookings",
    "visit",
    "visits",
];

/// A status the contract does not have, given to an appointment: a member of a list of its
/// statuses ("One of pending, confirmed, rejected, cancelled, completed", "neither cancelled,
/// rejected nor expired"), the value of its status ("has the status `done`", "the `escalated`
/// status"), or the state said to follow one ("becomes confirmed, then completed after the
/// visit"): the agent waits for, or filters on, a state the clinic never sets. Read for a tool
/// of the clinic API's routes, whose appointments have the contract's statuses.
pub(crate) fn status_invented(clause: &[&Tok], text: &str, tool: &str, out: &mut Vec<Violation>) {
    if !super::callers::has_a_route(tool) {
        return;
    }
    let word = |k: usize| clause.get(k).filter(|x| x.kind == Kind::Word);
    let conj = |k: usize| is_word_at(clause, k, &["or", "and", "nor"]);
    let comma = |k: usize| clause.get(k).is_some_and(|x| x.text == ",");
    // (a member ends where a mark or a conjunction follows it, or the clause ends)
    let ends = |k: usize| k + 1 == clause.len() || clause[k + 1].kind == Kind::Comma || conj(k + 1);
    let invented = |x: &Tok| {
        !is_word(x, STATUSES)
            && !is_word(x, BESIDE_STATUSES)
            && !is_word(x, DETERMINERS)
            && !crate::facts::known_code(&x.text)
    };
    // a list: single-word members after commas, the last after "or", "and" or "nor"
    // (a list opens its phrase: "One of pending, …", "(pending, …", "neither cancelled, …";
    // not "one of the patient's appointments, pending or confirmed")
    let opens = |k: usize| {
        k == 0
            || clause[k - 1].kind != Kind::Word
            || is_word(
                clause[k - 1],
                &[
                    "of", "either", "neither", "is", "are", "be", "becomes", "become", "status",
                    "statuses",
                ],
            )
    };
    let listed = (0..clause.len()).filter(|&k| opens(k)).find_map(|start| {
        let mut members = Vec::new();
        let mut k = start;
        while let Some(m) = word(k).filter(|_| ends(k)) {
            members.push(m);
            let last = members.len() > 1 && k >= 1 && conj(k - 1);
            if last || k + 1 >= clause.len() || !(comma(k + 1) || conj(k + 1)) {
                break;
            }
            k += if conj(k + 1) {
                2
            } else if conj(k + 2) {
                3
            } else {
                2
            };
        }
        let statuses = members.iter().filter(|x| is_word(x, STATUSES)).count();
        members
            .iter()
            .find(|x| invented(x))
            .filter(|_| statuses >= 2)
            .copied()
    });
    // the value of the status, in a code span or quotes, right after "status" or before it
    let quoted = |x: &Tok| {
        let before = text[..x.start].trim_end_matches(' ');
        x.kind == Kind::Word && (before.ends_with('`') || before.ends_with('"'))
    };
    let valued = clause.iter().enumerate().find_map(|(k, x)| {
        let of_status = is_word_at(clause, k + 1, &["status"])
            || k >= 1
                && is_word(clause[k - 1], &["status"])
                && !(k >= 2 && is_word(clause[k - 2], &["http", "error", "answer", "response"]));
        (of_status && quoted(x) && invented(x)).then_some(*x)
    });
    // a state after one of the statuses: "confirmed, then completed after the visit"
    let after = clause.windows(3).enumerate().find_map(|(k, w)| {
        let then = is_word(w[1], &["then"]) && is_word(w[0], STATUSES)
            || comma(k + 1) && is_word_at(clause, k + 2, &["then"]) && is_word(w[0], STATUSES);
        let j = if is_word(w[1], &["then"]) {
            k + 2
        } else {
            k + 3
        };
        let x = word(j)?;
        let closes = j + 1 == clause.len()
            || is_word_at(clause, j + 1, &["after", "once", "when", "at", "on"]);
        (then && closes && invented(x) && (x.text.ends_with("ed") || x.text == "done")).then_some(x)
    });
    if let Some(t) = listed.copied().or(valued).or(after.copied()) {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "\"{}\" as a status of an appointment: the contract has only pending, confirmed, rejected and cancelled",
                t.text
            ),
        );
    }
}

/// An act denied to an appointment in a status the act takes ("A confirmed appointment can no
/// longer be cancelled by its patient", "now confirmed and no longer open to cancellation", of
/// a confirmation "its patient can no longer move it"): a confirmed appointment is cancelled and
/// moved as a pending one is, so the agent refuses the patient a change the clinic makes. The
/// status is one the clause names, or, in a clause with no time or condition of its own, the
/// one the tool's act leaves; the act is denied at its verb or noun ("cannot", "no longer").
pub(crate) fn status_locked(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    let named_at: Vec<(usize, &str)> = clause
        .iter()
        .enumerate()
        .filter_map(|(i, x)| STATUSES.iter().find(|s| is_word(x, &[s])).map(|s| (i, *s)))
        .collect();
    let named: Vec<&str> = named_at.iter().map(|&(_, s)| s).collect();
    // (a time or a condition of its own: "once it has started, it can no longer be moved")
    let conditioned = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "when", "if", "once", "after", "before", "until", "unless", "started", "starts",
                "start", "past", "begun", "begins", "hours", "days", "minutes", "visit",
            ],
        )
    });
    let left = status_left(effects).filter(|_| named.is_empty() && !conditioned);
    let statuses: Vec<&str> = named.into_iter().chain(left).collect();
    if statuses.is_empty() {
        return;
    }
    // (a second act denied is a repeat, whatever the status: "A second intake cannot be recorded
    // for a pending or confirmed appointment")
    if clause.iter().any(|x| is_word(x, &["second", "twice"])) {
        return;
    }
    // the helpers between a denial and the act: "can no longer be", "no longer open to"
    const HELPERS: &[&str] = &[
        "can",
        "may",
        "be",
        "is",
        "are",
        "longer",
        "open",
        "to",
        "for",
        "allowed",
        "able",
        "possible",
        "available",
        "any",
        "more",
        "anymore",
        "ever",
        "again",
    ];
    let hit = clause.iter().enumerate().find(|&(i, t)| {
        let lower = t.text.to_ascii_lowercase();
        let act = verb(&lower)
            .filter(|(_, c, _)| *c == VerbClass::Effect)
            .map(|(b, _, _)| b)
            .or_else(|| change_noun(&lower));
        let Some(act) = act else {
            return false;
        };
        // (a status word is a state, "not cancelled", but for a passive: "be cancelled")
        if is_word(t, STATUSES) && !(i >= 1 && is_word(clause[i - 1], &["be"])) {
            return false;
        }
        let Some(&(_, takes, _)) = LIFECYCLE.iter().find(|(verbs, _, _)| verbs.contains(&act))
        else {
            return false;
        };
        // (the statuses of the act's own phrase: one after a comma is said of others, "cannot be
        // cancelled again, unlike pending or confirmed ones")
        let phrase_end = clause[i..]
            .iter()
            .position(|x| x.kind == Kind::Comma)
            .map_or(clause.len(), |p| i + p);
        let mut own = named_at
            .iter()
            .filter(|&&(p, _)| p < phrase_end)
            .map(|&(_, s)| s)
            .chain(left);
        if !own.any(|s| takes.contains(&s)) {
            return false;
        }
        let mut j = i;
        while j >= 1 && is_word(clause[j - 1], HELPERS) {
            j -= 1;
        }
        clause[j..i]
            .iter()
            .chain(j.checked_sub(1).map(|p| &clause[p]))
            .any(|x| is_word(x, &["no", "not", "never", "cannot", "nobody"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            format!(
                "\"{}\" denied to an appointment in a status the act takes: a confirmed appointment is cancelled and moved as a pending one is",
                t.text
            ),
        );
    }
}

/// A changing act said to take a status it does not take ("Confirm a pending or rejected
/// appointment", "A rejected appointment can be confirmed too", "Move … to another slot, a
/// rejected one too", "Escalate … of any status"): the agent makes a call the clinic refuses
/// with `INVALID_TRANSITION`, or tells a person it can be made. Read where the status is of the
/// act's own object: after the act's verb, before the act's participle, or added with "too";
/// a negated or refused case passes.
pub(crate) fn status_widened(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    let Some(first) = effects.first() else {
        return;
    };
    if lifecycle_row(&effects[..1]).is_none() || *first == "book" {
        return;
    }
    let takes = statuses_taken(effects);
    // (the verbs of the act's row: "Move …" is the reschedule's)
    let verbs = LIFECYCLE
        .iter()
        .find(|(verbs, _, _)| verbs.contains(first))
        .map_or(&[][..], |(verbs, _, _)| *verbs);
    let own = |x: &Tok| verb(&x.text).is_some_and(|(v, _, _)| verbs.contains(&v));
    // (a refusal or a denial: "cannot be confirmed", "gives `INVALID_TRANSITION`"; not "with
    // no error", which says the act is made)
    let denied = clause.iter().enumerate().any(|(k, x)| {
        is_word(
            x,
            &[
                "not",
                "never",
                "cannot",
                "except",
                "but",
                "unless",
                "than",
                "besides",
                "excluding",
                "only",
                "error",
                "errors",
                "fails",
                "refused",
                "refuses",
            ],
        ) && !(is_word(x, &["error", "errors"]) && k >= 1 && is_word(clause[k - 1], &["no"]))
            || is_word(x, &["no"]) && !is_word_at(clause, k + 1, &["error", "errors"])
            || x.kind == Kind::Ident && x.text.contains('_')
    });
    if denied {
        return;
    }
    let holder = |k: usize| is_word_at(clause, k, STATUS_HOLDERS);
    // the status's object, past a list of statuses: "pending or rejected appointment"
    let object_after = |k: usize| {
        let mut j = k + 1;
        while j < clause.len()
            && (is_word(clause[j], STATUSES)
                || is_word(clause[j], &["or", "and"])
                || clause[j].text == ",")
        {
            j += 1;
        }
        holder(j).then_some(j)
    };
    let hit = clause.iter().enumerate().find(|&(k, x)| {
        if !is_word(x, STATUSES) || is_word(x, takes) {
            return false;
        }
        let Some(j) = object_after(k) else {
            return false;
        };
        // after the act's verb, with only its object's words between: "Confirm a pending or
        // rejected appointment"
        let opens = (0..k).rev().find(|&i| {
            !(is_word(clause[i], DETERMINERS)
                || is_word(clause[i], STATUSES)
                || is_word(clause[i], &["or", "and", "even", "also"])
                || clause[i].text == ",")
        });
        let governed = opens.is_some_and(|i| {
            own(clause[i])
                && !is_word(clause[i], STATUSES)
                && (i == 0 || !is_word(clause[i - 1], &["be", "is", "are", "was", "were"]))
        });
        // before the act's participle: "A rejected appointment can be confirmed too"
        let passive = clause[j + 1..]
            .iter()
            .take(4)
            .position(|y| own(y))
            .is_some_and(|p| {
                clause[j + 1..j + 1 + p]
                    .iter()
                    .any(|y| is_word(y, &["be", "is", "are", "gets", "get"]))
            });
        // added to the act's objects: "a rejected one too", "cancelled ones included"
        let added = clause.iter().any(|y| own(y))
            && (is_word_at(clause, j + 1, &["too", "included", "also"])
                || is_word_at(clause, j + 1, &["as"]) && is_word_at(clause, j + 2, &["well"])
                || k >= 1 && is_word(clause[k - 1], &["even", "including"])
                || k >= 2
                    && is_word(clause[k - 2], &["even", "including"])
                    && is_word(clause[k - 1], DETERMINERS));
        governed || passive || added
    });
    // … or of any status: "Escalate one of the doctor's appointments, of any status"
    let any = clause.windows(2).find(|w| {
        is_word(w[0], &["any", "every", "all", "whatever"])
            && is_word(w[1], &["status", "statuses"])
    });
    let any = any.filter(|_| clause.iter().any(|y| own(y))).map(|w| w[1]);
    if let Some(t) = hit.map(|(_, x)| *x).or(any) {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "the act said to take an appointment that is {}: it takes only {} ones; any other answers `INVALID_TRANSITION`",
                if is_word(t, STATUSES) {
                    t.text.as_str()
                } else {
                    "of any status"
                },
                takes.join(" or ")
            ),
        );
    }
}

/// The act said to make an appointment of another status than the one it leaves ("Book …
/// Creates a confirmed appointment"): a booking and a move leave it pending, a confirmation
/// confirmed, a rejection rejected, a cancellation cancelled.
pub(crate) fn status_made(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    let Some(left) = effects.first().and_then(|_| status_left(&effects[..1])) else {
        return;
    };
    let hit = clause.windows(4).find(|w| {
        is_word(
            w[0],
            &[
                "creates", "create", "makes", "make", "opens", "adds", "produces", "leaves",
            ],
        ) && is_word(w[1], &["a", "an", "one", "the", "new"])
            && is_word(w[2], STATUSES)
            && !is_word(w[2], &[left])
            && is_word(w[3], STATUS_HOLDERS)
    });
    if let Some(w) = hit {
        push(
            out,
            Rule::Effects,
            w[2],
            format!(
                "the act said to make a {} appointment: it leaves it {left}",
                w[2].text
            ),
        );
    }
}

/// Two bookings of one slot at the same time said to both succeed, or the later to wait for
/// the slot ("Two bookings of one slot at the same time both make an appointment"): exactly one
/// wins; the other answers `SLOT_TAKEN` at once.
pub(crate) fn race_misstated(clause: &[&Tok], out: &mut Vec<Violation>) {
    let raced = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "concurrent",
                "concurrently",
                "simultaneous",
                "simultaneously",
                "parallel",
            ],
        )
    }) || clause
        .windows(2)
        .any(|w| is_word(w[0], &["same"]) && is_word(w[1], &["time", "moment", "instant"]));
    let bookings = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "booking", "bookings", "book", "moves", "requests", "calls", "patients",
            ],
        )
    });
    if !raced || !bookings {
        return;
    }
    let negated = |k: usize| {
        clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, &["not", "never", "no"]))
    };
    let hit = clause.iter().enumerate().find(|&(k, x)| {
        let both = is_word(x, &["both", "all"])
            && !is_word_at(clause, k + 1, &["but"])
            && clause[k + 1..].iter().take(4).any(|y| {
                is_word(
                    y,
                    &[
                        "make", "get", "succeed", "win", "book", "take", "create", "hold",
                        "receive",
                    ],
                )
            });
        let waits = is_word(
            x,
            &[
                "waits", "wait", "queued", "queue", "queues", "retried", "retries",
            ],
        );
        (both || waits) && !negated(k)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "two bookings of one slot at the same time: exactly one wins, the other answers `SLOT_TAKEN` at once".to_owned(),
        );
    }
}

/// A booking said to create another object of the clinic beside its appointment ("Creates a
/// pending appointment and an empty intake for it"): the booking makes the appointment only;
/// an intake is the patient's own act, an escalation the doctor's.
pub(crate) fn booking_makes_more(
    clause: &[&Tok],
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if effects.first() != Some(&"book") {
        return;
    }
    let Some(i) = clause
        .iter()
        .position(|x| is_word(x, &["creates", "create", "makes", "make", "opens", "adds"]))
    else {
        return;
    };
    let hit = clause[i + 1..].iter().enumerate().find(|&(j, x)| {
        is_word(
            x,
            &[
                "intake",
                "intakes",
                "escalation",
                "escalations",
                "protocol",
                "protocols",
            ],
        ) && !clause[i + 1..i + 1 + j]
            .iter()
            .any(|y| is_word(y, &["no", "not", "without", "never"]))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            format!(
                "the booking said to make an {} too: it makes the appointment only",
                t.text
            ),
        );
    }
}

/// A move said to take an appointment already started or past ("one that has already started
/// may be moved too", "its start may be in the past", "before or after its start", "up to its
/// end"): the contract's move answers `INVALID_TRANSITION` for an appointment already started.
/// A clause that denies it, or a time before the start, is the contract's; so is one that gives
/// the started appointment a refused answer by its code in capitals, with no move said in it ("a
/// cancelled appointment, or one that has started, gives INVALID_TRANSITION").
pub(crate) fn started_moved(
    clause: &[&Tok],
    text: &str,
    effects: &[&'static str],
    out: &mut Vec<Violation>,
) {
    if !effects.contains(&"move") {
        return;
    }
    if refused_by_code(clause, text) {
        return;
    }
    // (denied, put out of the move or given its code: "once it has started, it can no longer be
    // moved", "visits already started are out of the move", "already started, 422")
    if clause.iter().any(|x| {
        is_word(
            x,
            &[
                "not", "no", "never", "cannot", "longer", "code", "error", "refused", "once",
                "unless", "out", "outside", "except", "excluded",
            ],
        ) || x.text.starts_with('`')
            || x.text.len() == 3
                && x.text.starts_with('4')
                && x.text.bytes().all(|b| b.is_ascii_digit())
    }) {
        return;
    }
    let n = clause.len();
    // (a slot's own start, said of the slot: "the new slot may start before or after the old
    // start")
    let of_the_slot = clause
        .iter()
        .find(|x| !is_word(x, DETERMINERS) && !is_word(x, &["new", "other", "open", "chosen"]))
        .is_some_and(|x| is_word(x, &["slot", "slots"]));
    let hit = (0..n).find(|&k| {
        // "already started", "has begun"
        is_word(clause[k], &["started", "begun", "underway", "ongoing"])
            // "its start may be in the past", "a past start", "before now"
            || is_word(clause[k], &["past"])
                && clause.iter().any(|x| is_word(x, &["start", "starts", "started"]))
            || is_word(clause[k], &["before"])
                && is_word_at(clause, k + 1, &["now"])
                && clause.iter().any(|x| is_word(x, &["start", "starts"]))
            // "before or after its start", "after it starts"
            || is_word(clause[k], &["after"])
                && !of_the_slot
                && clause[k + 1..]
                    .iter()
                    .take(3)
                    .any(|x| is_word(x, &["start", "starts", "begins"]))
            // "until the end of the appointment", "up to its end"
            || is_word(clause[k], &["end"])
                && k >= 2
                && (is_word(clause[k - 2], &["until", "till", "to"])
                    || is_word(clause[k - 1], &["its"]) && is_word(clause[k - 2], &["to"]))
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a move said to take an appointment already started: the clinic API answers `INVALID_TRANSITION` for an appointment already started, cancelled or rejected".to_owned(),
        );
    }
}

/// The clause answers its subject with a refused code, written as codes are ("gives
/// INVALID_TRANSITION", "answers with INVALID_TRANSITION"), and says no move or taking in it.
fn refused_by_code(clause: &[&Tok], text: &str) -> bool {
    let answered = clause.iter().enumerate().any(|(k, x)| {
        crate::codes::capital_code(x, text)
            && crate::codes::refused_code(&x.text)
            && (1..=2).any(|d| {
                k >= d
                    && is_word(
                        clause[k - d],
                        &[
                            "gives", "give", "answers", "answer", "returns", "return", "fails",
                            "gets",
                        ],
                    )
                    && clause[k - d + 1..k]
                        .iter()
                        .all(|y| is_word(y, &["with", "a", "an"]))
            })
    });
    answered
        && !clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "move",
                    "moves",
                    "moved",
                    "moving",
                    "take",
                    "takes",
                    "taken",
                    "rescheduled",
                    "possible",
                    "allowed",
                    "too",
                    "also",
                ],
            )
        })
}

/// A repeat of an act that no key guards said to be harmless: to give the first result again,
/// to be the same as once, or to give no error ("Confirming it twice is the same as once", "a
/// confirmed one gives the appointment again, with no error", "a second intake gives the first
/// one again"). Only a booking and a move take an idempotency key; a second confirmation,
/// rejection or cancellation answers `INVALID_TRANSITION` and a second intake `INTAKE_EXISTS`,
/// so the agent reports as done an act the clinic refused. The repeat is said by a word of
/// repeating or by the status the act leaves ("a confirmed one" of a confirmation); a result
/// given again is the appointment, the result or the first one, never an error ("a retry gives
/// the same error" is true).
pub(crate) fn repeat_said_harmless(
    clause: &[&Tok],
    tool: &str,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let keyed = crate::served::args_of(tool).any(|a| a.name == "idempotency_key");
    if keyed || lifecycle_row(effects).is_none() {
        return;
    }
    let left = status_left(effects);
    // (the status the act leaves is a repeat as the object's state, "a confirmed one", "an
    // already cancelled appointment", not as the result's: "the same appointment, now rejected")
    let repeat = clause.iter().enumerate().any(|(k, x)| {
        is_word(
            x,
            &[
                "twice",
                "second",
                "retry",
                "retries",
                "retried",
                "repeat",
                "repeated",
                "repeating",
                "already",
                "idempotent",
            ],
        ) || left.is_some_and(|s| is_word(x, &[s]))
            && k >= 1
            && is_word(clause[k - 1], &["a", "an", "already"])
    });
    if !repeat || clause.iter().any(|x| is_word(x, NEGATIONS)) {
        return;
    }
    // (an error of the repeat: a code, a status number, "error" but for "no error")
    let errs = |x: &Tok| {
        x.kind == Kind::Ident
            && x.text.contains('_')
            && x.text.bytes().all(|b| !b.is_ascii_lowercase())
            || x.text.len() == 3
                && x.text.starts_with('4')
                && x.text.bytes().all(|b| b.is_ascii_digit())
    };
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let before = |n: usize, words: &[&str]| {
            clause[k.saturating_sub(n)..k]
                .iter()
                .any(|x| is_word(x, words))
        };
        // "no error", "without an error"
        let no_error = is_word(t, &["error", "errors"]) && before(2, &["no", "without"]);
        // "the same as once", "the same as the first"
        let as_once = is_word(t, &["same"])
            && is_word_at(clause, k + 1, &["as"])
            && clause[k + 2..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["once", "one", "first", "before"]));
        // "gives the appointment again", "returns the same result"
        let given = |j: usize| {
            is_word(
                clause[j],
                &[
                    "gives", "give", "answers", "answer", "returns", "return", "shows",
                ],
            )
        };
        let again = (is_word(t, &["again"]) || is_word(t, &["same"]) && !as_once)
            && (0..k).rev().take(5).any(given)
            && !clause
                .iter()
                .any(|x| errs(x) || is_word(x, &["error", "errors", "code"]));
        no_error || as_once || again
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a repeat of an act no key guards said to be harmless: only a booking and a move take an idempotency key; a second confirmation, rejection or cancellation answers `INVALID_TRANSITION`, a second intake `INTAKE_EXISTS`".to_owned(),
        );
    }
}

/// Whether the lifecycle's act named by `act` (a verb's base) changes `from` into another
/// status: the act takes `from` and leaves another one. A priority's change is the escalation's
/// alone, from normal; an urgent priority is never lowered.
fn changes_from(act: &str, from: &str) -> bool {
    match from {
        "urgent" => false,
        "normal" => act == "escalate",
        _ => LIFECYCLE.iter().any(|(verbs, takes, leaves)| {
            verbs.contains(&act) && takes.contains(&from) && leaves.is_some_and(|l| l != from)
        }),
    }
}

/// The act a word names when the lifecycle has a row for it ("confirms", "moved",
/// "cancellation").
fn lifecycle_act(word: &str) -> Option<&'static str> {
    let base = verb(word)
        .map(|(b, _, _)| b)
        .or_else(|| change_noun(word))?;
    LIFECYCLE
        .iter()
        .any(|(verbs, _, _)| verbs.contains(&base))
        .then_some(base)
}

/// A status said to last only until an act that cannot end it, or to become one no act leads
/// to: "rejected until the doctor confirms it", "a cancelled one stays cancelled until the
/// patient moves it", "confirmed until the doctor rejects it", "urgent until the doctor
/// confirms it", "a rejected one becomes confirmed once the doctor confirms it". The contract's
/// graph: pending becomes confirmed, rejected or cancelled, confirmed only cancelled, and a move
/// leaves either pending; rejected and cancelled are final, and an escalated priority stays
/// urgent. The text offers a way back the clinic refuses (`INVALID_TRANSITION`). "Pending
/// until the doctor confirms or rejects it" is the graph's own.
pub(crate) fn status_lasts_until(clause: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    for (u, t) in clause.iter().enumerate() {
        // "S until <an act>": each act named after "until" must end S
        if is_word(t, &["until", "till"]) {
            let Some(from) = clause[u.saturating_sub(4)..u]
                .iter()
                .rev()
                .take_while(|x| x.kind == Kind::Word)
                .find_map(|x| {
                    (APPOINTMENT_STATUSES.iter())
                        .chain(super::PRIORITIES)
                        .find(|s| is_word(x, &[s]))
                })
            else {
                continue;
            };
            let acts: Vec<&str> = clause[u + 1..(u + 7).min(n)]
                .iter()
                .filter(|x| x.kind == Kind::Word)
                .filter_map(|x| lifecycle_act(&x.text))
                .collect();
            if acts.iter().any(|a| !changes_from(a, from)) {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a status said to last until an act that cannot end it: rejected and cancelled are final, confirmed becomes only cancelled (or pending by a move), and an urgent priority stays urgent".to_owned(),
                );
                return;
            }
        }
        // "a rejected one becomes confirmed": a change no act makes
        if is_word(t, &["becomes", "become", "turns", "turn", "goes", "go"]) {
            let from = clause[..u]
                .iter()
                .rev()
                .take(4)
                .take_while(|x| x.kind == Kind::Word)
                .find_map(|x| STATUSES.iter().find(|s| is_word(x, &[s])));
            let to = clause
                .get(u + 1)
                .and_then(|x| STATUSES.iter().find(|s| is_word(x, &[s])));
            if let (Some(from), Some(to)) = (from, to)
                && from != to
                && !clause[u + 1..].iter().any(|x| is_word(x, NEGATIONS))
                && !LIFECYCLE
                    .iter()
                    .any(|(_, takes, leaves)| takes.contains(from) && *leaves == Some(*to))
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    "a status said to change where the contract has no change: rejected and cancelled are final, and confirmed becomes only cancelled (or pending by a move)".to_owned(),
                );
                return;
            }
        }
    }
}

/// Calls of a tool said again ("each call", "every request", "a second call", "a retry", "with
/// the same key"): where an act is said to repeat.
const TRIES: &[&str] = &[
    "call", "calls", "request", "requests", "time", "times", "try", "tries", "attempt", "attempts",
    "retry", "retries", "send", "use",
];

/// Words of an act made once more: "again", "twice", "another", "a new", "a second".
const ONCE_MORE: &[&str] = &["again", "twice", "anew", "another", "new", "second", "more"];

/// A changing tool's own act said to be made again by a call made again ("With the same key,
/// the slot is booked again for each call", "each call records another intake", "each call
/// cancels it again", "each call moves it to another oncall doctor", "a retry books a second
/// slot"): the same key with the same body answers the first result, a second intake answers
/// `INTAKE_EXISTS`, a second confirm, reject or cancel answers `INVALID_TRANSITION`, and the
/// escalation goes to the clinic's one oncall doctor. The agent told so drops the key or the
/// retry, and loses a booking on a lost answer, or makes the act over and over. A booking or a
/// move of each call is a new one only with another slot: said of each call, only "again" and
/// "twice" (the same one again) are read there; said of a retry or the same key, any.
pub(crate) fn act_repeated(clause: &[&Tok], effects: &[&'static str], out: &mut Vec<Violation>) {
    if effects.is_empty() {
        return;
    }
    let n = clause.len();
    // (a retry or the same key: the one request sent again)
    let retried = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "retry", "retries", "retried", "resent", "replay", "replayed",
            ],
        )
    }) || (0..clause.len()).any(|k| {
        is_word(clause[k], &["same"])
            && clause[k + 1..]
                .iter()
                .take(2)
                .any(|x| is_word(x, &["key", "idempotency"]))
    });
    let each_call = (0..n).any(|k| {
        is_word(
            clause[k],
            &[
                "each", "every", "per", "second", "another", "repeated", "later",
            ],
        ) && is_word_at(clause, k + 1, TRIES)
    }) || clause.iter().any(|x| is_word(x, &["twice", "repeatedly"]));
    if !retried && !each_call {
        return;
    }
    // (a booking or a move is new with each other slot)
    let new_each_time = effects
        .first()
        .is_some_and(|e| matches!(*e, "book" | "move" | "reschedule"));
    let repeat: &[&str] = if retried || !new_each_time {
        ONCE_MORE
    } else {
        &["again", "twice", "anew"]
    };
    // the act, by a finite verb or a participle of the tool's own acts or of making one
    let made = |t: &Tok| {
        verb(&t.text.to_ascii_lowercase()).is_some_and(|(v, _, form)| {
            matches!(form, Form::Third | Form::Past | Form::Participle)
                && (effects.contains(&v)
                    || matches!(v, "create" | "make" | "add" | "open" | "release" | "assign"))
        })
    };
    // the act by what the call gives: "a retry gives a second intake" (a second object, not the
    // first one given again: "returns the first appointment again" is the key's own answer)
    let gives = |t: &Tok| {
        verb(&t.text.to_ascii_lowercase()).is_some_and(|(v, _, form)| {
            matches!(form, Form::Third | Form::Past | Form::Participle)
                && matches!(
                    v,
                    "give"
                        | "return"
                        | "yield"
                        | "produce"
                        | "result"
                        | "lead"
                        | "bring"
                        | "cause"
                        | "trigger"
                        | "get"
                )
        })
    };
    let second_one =
        |x: &Tok| is_word(x, repeat) && is_word(x, &["another", "new", "second", "more", "twice"]);
    // (not the act's agent: "booked by another patient")
    let hit = (0..n).find(|&k| {
        let (act, again): (bool, &dyn Fn(&Tok) -> bool) = if made(clause[k]) {
            (true, &|x: &Tok| is_word(x, repeat))
        } else {
            (gives(clause[k]), &second_one)
        };
        // (an adverb of repeating ends the verb's phrase, however far: "records the symptoms of
        // the patient for the doctor once more")
        let adverb = |j: usize| {
            is_word(clause[j], &["again", "twice", "anew"])
                || is_word(clause[j], &["more"]) && is_word(clause[j - 1], &["once"])
        };
        act && (k + 1..n)
            .take_while(|&j| clause[j].kind != Kind::Comma)
            .enumerate()
            .any(|(i, j)| {
                (i < 5 && again(clause[j]) || made(clause[k]) && adverb(j))
                    && !is_word(clause[j - 1], &["by"])
            })
    });
    let Some(k) = hit else { return };
    // (a denial: "a retry with the same key books nothing again", "never books it twice")
    if clause[..k]
        .iter()
        .chain(clause[k..].iter().take(4))
        .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "nothing", "instead"]))
    {
        return;
    }
    push(
        out,
        Rule::Effects,
        clause[k],
        "the tool's act said to be made again by a call made again: the same key with the same body answers the first result, a second intake answers `INTAKE_EXISTS`, a second confirm, reject or cancel answers `INVALID_TRANSITION`, and the escalation goes to the clinic's one oncall doctor".to_owned(),
    );
}

/// An appointment's status said open or closed to an act or a person, read against the
/// contract's lifecycle ([`LIFECYCLE`]): "a confirmed one is no longer open to a cancellation"
/// (the patient cancels a confirmed one), "a rejected one is still open to a move" (a rejected
/// one takes no act), "a pending one is not yet open to an intake", "a cancelled one is still
/// open to the patient", "a pending one is open to the doctor for a day only". The agent told
/// so skips an act the patient may make, or tries one the API refuses, or hurries a doctor.
/// Said of an act: open is true when the lifecycle takes the status, closed when it does not,
/// and an open act with a bound of time or a condition ("for a day only", "after its intake")
/// is false (the API sets none). Said of a person: cancelled and rejected are closed to
/// everyone, pending and confirmed open to their patient and doctor at any time.
pub(crate) fn status_open_to(clause: &[&Tok], out: &mut Vec<Violation>) {
    const OPEN: &[&str] = &[
        "open",
        "available",
        "eligible",
        "subject",
        "liable",
        "ready",
        "free",
        "up",
    ];
    const SHUT: &[&str] = &["closed", "shut", "locked", "barred"];
    const PEOPLE_SIDE: &[&str] = &[
        "patient", "patients", "doctor", "doctors", "caller", "callers", "staff", "owner",
        "everyone", "anyone", "oncall",
    ];
    // (a bound the API does not set; "until" the lifecycle's own act and "only once" of the
    // one intake are true)
    const BOUNDS: &[&str] = &["within", "after", "before", "unless"];
    const FINAL: &[&str] = &["cancelled", "rejected"];
    for (k, t) in clause.iter().enumerate() {
        if !is_word(t, STATUSES) {
            continue;
        }
        let status = STATUSES
            .iter()
            .find(|s| t.text.eq_ignore_ascii_case(s))
            .copied()
            .unwrap_or("");
        // the predicate after the status's noun, past a list of statuses: "[cancelled and
        // rejected] ones|appointments are|stay still|no longer|not yet open to|for X" (not
        // another thing's: "cancelled and its slot is released, open to …")
        let mut j = k + 1;
        while j < clause.len()
            && (is_word(clause[j], STATUSES)
                || is_word(clause[j], &["and", "or"])
                || clause[j].kind == Kind::Comma)
        {
            j += 1;
        }
        if !is_word_at(
            clause,
            j,
            &[
                "one",
                "ones",
                "appointment",
                "appointments",
                "visit",
                "visits",
                "booking",
                "bookings",
            ],
        ) {
            continue;
        }
        let c = j + 1 + usize::from(is_word_at(clause, j + 1, &["still", "then", "now"]));
        if !(is_word_at(clause, c, COPULAS)
            || is_word_at(clause, c, &["stays", "stay", "remains", "remain"]))
        {
            continue;
        }
        let Some(o) = (c + 1..clause.len().min(c + 5))
            .find(|&j| is_word(clause[j], OPEN) || is_word(clause[j], SHUT))
        else {
            continue;
        };
        if !is_word_at(clause, o + 1, &["to", "for"]) {
            continue;
        }
        let between = &clause[c..o];
        let denied = between
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "longer", "yet"]))
            || is_word(clause[o], SHUT);
        // the target past its determiners
        let mut g = o + 2;
        while g < clause.len()
            && (is_word(clause[g], DETERMINERS)
                || is_word(clause[g], &["new", "second", "further", "later"]))
        {
            g += 1;
        }
        let Some(target) = clause.get(g) else {
            continue;
        };
        let rest = &clause[g + 1..];
        let bounded = rest.iter().any(|x| is_word(x, BOUNDS))
            || rest.windows(2).any(|w| {
                is_word(w[0], &["for", "in"])
                    && (is_word(w[1], &["a", "one", "the"]) || w[1].kind == Kind::Ident)
                    && rest.iter().any(|x| {
                        is_word(
                            x,
                            &[
                                "day", "days", "hour", "hours", "week", "weeks", "month", "months",
                            ],
                        )
                    })
            });
        let act = change_noun(&target.text.to_ascii_lowercase())
            .or_else(|| is_word(target, &["intake", "intakes"]).then_some("record"))
            .or_else(|| is_word(target, &["move", "moves"]).then_some("move"));
        let wrong = if let Some(act) = act {
            let allowed = lifecycle_row(&[act]).is_some_and(|(takes, _)| takes.contains(&status));
            if denied { allowed } else { !allowed || bounded }
        } else if is_word(target, PEOPLE_SIDE) {
            // (open to be read: "still open to its patient, with the reason")
            let read = rest
                .iter()
                .any(|x| is_word(x, &["with", "read", "see", "view", "reading"]));
            let fin = FINAL.contains(&status) && !read;
            if denied { !fin } else { fin || bounded }
        } else {
            continue;
        };
        if wrong {
            push(
                out,
                Rule::Directive,
                clause[o],
                format!(
                    "a {status} appointment said {} to {}: in the contract, cancel and move take a pending or confirmed one, confirm and reject a pending one, an intake and an escalation a pending or confirmed one, at any time; a cancelled or rejected one takes no act",
                    if denied { "closed" } else { "open" },
                    target.text
                ),
            );
            return;
        }
    }
}
