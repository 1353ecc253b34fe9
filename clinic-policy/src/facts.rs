//! What the clinic API does, against which a text is read: its changing acts are open at every
//! hour and ask for no form, an act takes the statuses it takes, the escalation goes to the
//! clinic's oncall doctor now, the next step in an emergency is the emergency line, and a status
//! is said as itself. A text that narrows, moves or glosses one of these tells the agent to refuse
//! or misdirect a patient.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

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
        if !is_word(t, &["only"]) {
            return false;
        }
        let phrase: Vec<&&Tok> = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word || x.kind == Kind::Ident)
            .take(10)
            .collect();
        let clock = phrase
            .iter()
            .any(|x| is_word(x, HOURS_OF_A_CLOCK) || clock_time(x, text));
        let statuses: Vec<&&&Tok> = phrase
            .iter()
            .filter(|x| is_word(x, APPOINTMENT_STATUSES))
            .collect();
        let some_of_them = !takes.is_empty()
            && !statuses.is_empty()
            && takes.iter().any(|s| !statuses.iter().any(|x| x.text == *s))
            && statuses.iter().all(|x| takes.contains(&x.text.as_str()));
        // a form asked before the act ("with no intake form", "with an intake")
        let form = phrase.windows(2).any(|w| {
            is_word(w[0], &["with", "without", "no"])
                && is_word(w[1], &["intake", "form", "an", "a"])
        }) && phrase
            .iter()
            .any(|x| is_word(x, &["intake", "form", "questionnaire"]));
        clock || some_of_them || form || window_ahead(&phrase)
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

/// "in the next 7 days", "within 24 hours": a window ahead of now.
fn window_ahead(phrase: &[&&Tok]) -> bool {
    phrase.windows(3).any(|w| {
        is_word(w[0], &["next", "within", "coming"])
            && w[1].kind == Kind::Ident
            && is_word(
                w[2],
                &["days", "hours", "weeks", "months", "day", "hour", "week"],
            )
    })
}

/// The hour of a time of day as written ("08:00", "18:30"): one or two digits, a colon, two
/// digits.
fn clock_time(t: &Tok, text: &str) -> bool {
    let minutes = &text.as_bytes()[t.end..];
    t.kind == Kind::Ident
        && (1..=2).contains(&t.text.len())
        && t.text.bytes().all(|b| b.is_ascii_digit())
        && minutes.len() >= 3
        && minutes[0] == b':'
        && minutes[1..3].iter().all(u8::is_ascii_digit)
}

/// A stand-in for emergency care ("In a medical emergency, the reception of the clinic is the
/// next step", "…, the emergency hotline is the next step after a visit to the clinic"): in an
/// emergency, the next step is the emergency line, with nothing before it.
pub(crate) fn emergency_stand_in(clause: &[&Tok], out: &mut Vec<Violation>) {
    let emergency = clause.iter().enumerate().any(|(k, t)| {
        is_word(t, &["emergency", "emergencies"])
            && !(k >= 1 && is_word(clause[k - 1], &["no", "not", "non"]))
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["hotline", "line", "number", "services", "service"]))
    });
    let Some(step) = clause.windows(3).position(|w| {
        is_word(w[0], &["the"]) && is_word(w[1], &["next"]) && is_word(w[2], &["step", "steps"])
    }) else {
        return;
    };
    if !emergency || step < 1 || !is_word(clause[step - 1], &["is", "are"]) {
        return;
    }
    // the subject: back from "is" to the fronted phrase's comma
    let subject: Vec<&&Tok> = clause[..step - 1]
        .iter()
        .rev()
        .take_while(|x| x.kind != Kind::Comma)
        .collect();
    let line = subject.iter().any(|x| {
        is_word(x, &["hotline", "line", "112", "ambulance"])
            || (x.kind == Kind::Ident && x.text == "112")
    }) || subject
        .windows(2)
        .any(|w| is_word(w[1], &["emergency"]) && is_word(w[0], &["number"]));
    let of_the_clinic = subject.iter().any(|x| {
        is_word(x, OBJECT_KINDS)
            || is_word(
                x,
                &[
                    "clinic",
                    "reception",
                    "doctor",
                    "doctors",
                    "slot",
                    "form",
                    "intake",
                    "protocol",
                    "list",
                    "specialty",
                    "escalation",
                    "visit",
                    "oncall",
                ],
            )
    });
    let after = clause[step + 3..].iter().any(|x| x.kind != Kind::Stop);
    if !line || of_the_clinic || after {
        push(
            out,
            Rule::Directive,
            clause[step + 1],
            "a stand-in for emergency care: in an emergency, the next step is the emergency line, with nothing before it".to_owned(),
        );
    }
}

/// A status glossed as an event ("`cancelled` means the visit is on a later date", "`pending`
/// means the slot is held and the visit takes place"): the reader tells the patient the gloss,
/// not the status. A status is said as itself, or as waiting ("pending until confirmed by the
/// doctor").
pub(crate) fn status_glossed(clause: &[&Tok], text: &str, out: &mut Vec<Violation>) {
    let hit = clause.windows(2).find(|w| {
        is_word(w[0], APPOINTMENT_STATUSES)
            && is_word(w[1], &["means", "mean"])
            && (text[..w[0].start].ends_with('`') || w[0].kind == Kind::Word)
    });
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[1],
            "a status glossed as an event: a status is said as itself, or as waiting (\"pending until confirmed by the doctor\")".to_owned(),
        );
    }
}
