//! What the clinic API does, against which a text is read: its changing acts are open at every
//! hour and ask for no form, an act takes the statuses it takes, the escalation goes to the
//! clinic's oncall doctor now, the next step in an emergency is the emergency line, and a status
//! is said as itself. A text that narrows, moves or glosses one of these tells the agent to refuse
//! or misdirect a patient.

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

/// The statuses an appointment may have for each changing act the API makes on it, by the
/// act's verb: cancel, move, submit an intake and escalate take a pending or a confirmed one.
pub(crate) fn statuses_an_act_takes(effects: &[&str]) -> &'static [&'static str] {
    if effects
        .iter()
        .any(|e| matches!(*e, "cancel" | "reschedule" | "move" | "submit" | "escalate"))
    {
        &["pending", "confirmed"]
    } else {
        &[]
    }
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
        // "Unavailable for confirmed appointments": what it leaves out, where "only" says what
        // it keeps
        let unavailable = k == 0 && is_word(t, &["unavailable", "closed"]);
        if !is_word(t, &["only"]) && !unavailable {
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
            && if unavailable {
                statuses.iter().any(|x| takes.contains(&x.text.as_str()))
            } else {
                takes.iter().any(|s| !statuses.iter().any(|x| x.text == *s))
                    && statuses.iter().all(|x| takes.contains(&x.text.as_str()))
            };
        // "Unavailable for patients under 18": an age the act does not ask
        let aged = unavailable
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
        .any(|w| is_word(w[1], &["emergency"]) && is_word(w[0], &["number", "care"]));
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
    // (", not the visit": the visit set aside, nothing put before the line)
    let rest: Vec<&&Tok> = clause[step + 3..]
        .iter()
        .filter(|x| x.kind == Kind::Word)
        .collect();
    let not_the_visit = rest.len() >= 2
        && rest.len() <= 3
        && is_word(rest[0], &["not"])
        && is_word(rest[rest.len() - 1], &["visit", "appointment", "booking"]);
    let after = !rest.is_empty() && !not_the_visit;
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
    let meant = clause.windows(2).find(|w| {
        is_word(w[0], APPOINTMENT_STATUSES)
            && is_word(w[1], &["means", "mean"])
            && (text[..w[0].start].ends_with('`') || w[0].kind == Kind::Word)
    });
    // "`rejected`: the visit is with another doctor", "`cancelled`, for example a visit on a new
    // date": a literal status glossed after a colon or an example
    let glossed = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, APPOINTMENT_STATUSES)
            && text[..t.start].ends_with('`')
            && (text[t.end..].starts_with("`:")
                || text[t.end..].starts_with("`, for example")
                || text[t.end..].starts_with("` means"))
            && !clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, APPOINTMENT_STATUSES))
    });
    // "a cancelled appointment has a new date", "a rejected appointment has a new doctor": a
    // status said to carry what another act would
    let carries = clause.windows(5).find(|w| {
        is_word(w[0], APPOINTMENT_STATUSES)
            && is_word(w[1], &["appointment", "appointments", "visit", "visits"])
            && is_word(w[2], &["has", "have", "gets", "get"])
            && is_word(w[3], &["a", "an", "another"])
            && (is_word(w[4], &["new", "later", "different", "other"])
                || is_word(w[3], &["another"]))
    });
    let hit = meant
        .map(|w| w[1])
        .or(glossed.map(|(_, t)| *t))
        .or(carries.map(|w| w[2]));
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a status glossed as an event: a status is said as itself, or as waiting (\"pending until confirmed by the doctor\")".to_owned(),
        );
    }
}

/// Who may call a tool of the clinic, by its name, as the API's routes say: the patient books,
/// cancels, moves, submits an intake and holds a place on a waiting list; the appointment's
/// doctor confirms, rejects and escalates; doctors read protocols; an appointment and its intake
/// are read by its patient or its doctor; doctors, slots, specialties and hours are public
/// (`Some(&[])`). `None`: a tool the API has no route for.
fn callers(tool: &str) -> Option<&'static [&'static str]> {
    const PATIENT: &[&str] = &["patient", "patients"];
    const DOCTOR: &[&str] = &["doctor", "doctors"];
    const BOTH: &[&str] = &["patient", "patients", "doctor", "doctors"];
    let parts: Vec<&str> = tool.split('_').collect();
    let first = *parts.first()?;
    let has = |w: &str| parts.contains(&w);
    Some(match first {
        "book" | "cancel" | "reschedule" | "move" | "submit" | "join" => PATIENT,
        "confirm" | "reject" | "escalate" => DOCTOR,
        _ if has("protocol") || has("protocols") => DOCTOR,
        _ if has("my") || has("waiting") => PATIENT,
        _ if has("appointment") || has("intake") => BOTH,
        _ if has("appointments") && has("doctor") => DOCTOR,
        _ if has("doctors")
            || has("doctor")
            || has("slots")
            || has("specialties")
            || has("hours") =>
        {
            &[]
        }
        _ => return None,
    })
}

/// Words that name who calls after "only for": the API's two roles and the people a text might
/// put in their place.
const CALLER_WORDS: &[&str] = &[
    "patient",
    "patients",
    "doctor",
    "doctors",
    "oncall",
    "guardian",
    "guardians",
    "parent",
    "parents",
    "reception",
    "receptionist",
    "receptionists",
    "staff",
    "clinician",
    "clinicians",
    "nurse",
    "nurses",
    "admin",
    "admins",
    "administrator",
    "administrators",
    "caller",
    "callers",
    "physician",
    "physicians",
];

/// Another caller named for the tool ("Book … Only for doctors", "Escalate … Only for the
/// reception", "Search the protocols … Only for patients", "Find open slots … Only for the staff
/// of the clinic"): the agent refuses the people the tool is for, or hands a tool to people it is
/// not for. Who may call is the tool's role as the API gives it ("Only for the doctor of the
/// appointment"); the appointment's doctor is not the oncall doctor, nor are the staff.
pub(crate) fn caller_swapped(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let Some(allowed) = callers(tool) else {
        return;
    };
    for (k, t) in clause.iter().enumerate() {
        // "Only for …", "Open to …", "Available to …"
        let opens = (is_word(t, &["only"])
            && clause.get(k + 1).is_some_and(|n| is_word(n, &["for"])))
            || (k == 0
                && is_word(t, &["open", "available"])
                && clause.get(k + 1).is_some_and(|n| is_word(n, &["to"])));
        if !opens {
            continue;
        }
        // the people named, up to "of" (whose they are), a mark or another word
        let named: Vec<&&Tok> = clause[k + 2..]
            .iter()
            .take_while(|x| {
                is_word(x, DETERMINERS)
                    || is_word(x, CALLER_WORDS)
                    || is_word(x, &["and", "or", "use", "by"])
            })
            .filter(|x| is_word(x, CALLER_WORDS))
            .collect();
        // ("Only for patients whose symptoms become worse", "… patients under 18": a case of
        // the people, read elsewhere)
        let at = (k + 2..clause.len()).find(|&j| {
            let x = clause[j];
            !(is_word(x, DETERMINERS)
                || is_word(x, CALLER_WORDS)
                || is_word(x, &["and", "or", "use", "by"]))
        });
        let after = at.map(|j| clause[j]);
        let a_case = after.is_some_and(|x| {
            x.kind == Kind::Ident
                || is_word(
                    x,
                    &[
                        "whose", "who", "with", "without", "under", "over", "aged", "from", "in",
                        "at",
                    ],
                )
                || (is_word(x, &["of"])
                    && at
                        .and_then(|j| clause.get(j + 1))
                        .is_some_and(|n| n.kind == Kind::Ident))
        });
        let swapped = named.iter().any(|x| !is_word(x, allowed));
        // (a case narrows the people of a public tool's text, "Pediatricians are only for
        // patients under 18"; it never makes another role the caller)
        // (the patients an act is about, by a case: "Only for patients whose symptoms become
        // more severe")
        let patients = named.iter().all(|x| is_word(x, &["patient", "patients"]));
        if a_case && (!swapped || allowed.is_empty() || patients) {
            continue;
        }
        if !named.is_empty() && swapped {
            push(
                out,
                Rule::Directive,
                t,
                "another caller named: who may call a tool is its role in the clinic's API"
                    .to_owned(),
            );
            return;
        }
    }
}

/// The kinds of ids a clinic tool gives back, by the objects its name holds: an appointment
/// holds its slot and doctor, a slot its doctor, a doctor its clinic and specialty, an intake its
/// appointment, a waiting list its entry and doctor.
fn kinds_returned(tool: &str) -> &'static [&'static str] {
    // (the name's last word is its object: `list_doctor_schedule` gives back no doctors)
    let last = tool.rsplit('_').next().unwrap_or(tool);
    let has = |w: &[&str]| w.contains(&last);
    if has(&["intake", "intakes"]) {
        &["intake", "appointment"]
    } else if has(&["appointment", "appointments"]) {
        &["appointment", "slot", "doctor", "clinic"]
    } else if has(&["slot", "slots"]) {
        &["slot", "doctor"]
    } else if has(&["waiting", "position"]) {
        &["entry", "doctor", "position"]
    } else if has(&["protocol", "protocols"]) {
        &["protocol", "clinic"]
    } else if has(&["specialty", "specialties"]) {
        &["specialty"]
    } else if has(&["doctor", "doctors"]) {
        &["doctor", "clinic", "specialty"]
    } else if has(&["hours"]) {
        &["clinic"]
    } else {
        &[]
    }
}

/// The kinds of ids a clinic tool takes, by its name: a booking takes a slot, a move an
/// appointment and a slot, a search of slots or a waiting list a doctor, an act on an appointment
/// or its intake the appointment.
/// `Some(&[])`: a tool of the API that takes no id; `None`: a tool it has no route for.
fn kinds_taken(tool: &str) -> Option<&'static [&'static str]> {
    let parts: Vec<&str> = tool.split('_').collect();
    let has = |w: &[&str]| parts.iter().any(|p| w.contains(p));
    Some(match parts.first().copied() {
        Some("book") => &["slot"],
        Some("reschedule" | "move") => &["appointment", "slot"],
        Some("search") => &[],
        _ if has(&["my", "specialties"]) => &[],
        _ if has(&["slot", "slots"]) => &["doctor"],
        _ if has(&["position"]) => &["entry", "doctor"],
        _ if has(&["waiting"]) => &["doctor"],
        _ if has(&["appointment", "intake"]) => &["appointment"],
        _ if has(&["protocol"]) => &["protocol"],
        _ if has(&["doctors"]) => &["specialty"],
        _ if has(&["doctor"]) => &["doctor"],
        _ if has(&["hours"]) => &["clinic"],
        _ => return None,
    })
}

/// The kind of object at `x`, in the singular ("appointments": appointment).
fn kind_of(x: &Tok) -> Option<&'static str> {
    let w = x.text.as_str();
    let one = w.strip_suffix('s').unwrap_or(w);
    let one = if w == "specialties" { "specialty" } else { one };
    OBJECT_KINDS
        .iter()
        .chain(&["position"])
        .find(|k| **k == w || **k == one)
        .copied()
}

/// The kind an id is of, before `end`: the last "<kind> id" or "id of … <kind>" ("Id of one of
/// the appointments of the patient, the slot id": slot).
fn id_kind(clause: &[&Tok], end: usize) -> Option<&'static str> {
    id_kinds(clause, end).pop()
}

/// Every kind an id is said to be of before `end`, in order.
fn id_kinds(clause: &[&Tok], end: usize) -> Vec<&'static str> {
    let mut found = Vec::new();
    for k in 0..end.min(clause.len()) {
        let id = |x: &Tok| is_word(x, &["id", "ids"]);
        if id(clause[k])
            && k >= 1
            && let Some(kind) = kind_of(clause[k - 1])
        {
            found.push(kind);
            continue;
        }
        if id(clause[k]) && clause.get(k + 1).is_some_and(|n| is_word(n, &["of"])) {
            // the noun phrase after "of", past "one of": its last kind is its head ("one of the
            // patient's appointments": appointment)
            let mut j = k + 2;
            if clause.get(j).is_some_and(|x| is_word(x, &["one"]))
                && clause.get(j + 1).is_some_and(|x| is_word(x, &["of"]))
            {
                j += 2;
            }
            // (up to a relative word or a second determiner: "the appointment whose intake …",
            // "the appointment the intake form belongs to")
            let mut head = None;
            for x in clause[j.min(end)..end.min(clause.len())].iter().take(6) {
                let ends = x.kind != Kind::Word
                    || is_word(x, PREPOSITIONS)
                    || is_word(x, &["whose", "which", "that", "who", "where"])
                    || (head.is_some() && is_word(x, DETERMINERS));
                if ends {
                    break;
                }
                head = kind_of(x).or(head);
            }
            if let Some(kind) = head {
                found.push(kind);
            }
        }
    }
    found
}

/// An id said to come from a tool that gives back no id of its kind ("Id of the appointment, as
/// returned by find_available_slots"), or said to be what a tool takes that takes no id of its
/// kind ("Doctor id, the value to give to book_appointment"): the agent acts on an unrelated
/// record, possibly another patient's.
pub(crate) fn id_of_another_kind(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    for clause in clauses {
        for (k, t) in clause.iter().enumerate() {
            if t.kind != Kind::Ident || k < 2 {
                continue;
            }
            let returned = is_word(clause[k - 1], &["by"]) && is_word(clause[k - 2], &["returned"]);
            let given = k >= 3
                && is_word(clause[k - 1], &["to"])
                && is_word(clause[k - 2], &["give", "pass", "send"])
                && clause[..k - 2].iter().any(|x| is_word(x, &["value", "id"]));
            // (a tool the API gives back no id from, or has no route for, is not read; one that
            // takes no id takes none of any kind)
            let kinds = if returned {
                Some(kinds_returned(&t.text)).filter(|k| !k.is_empty())
            } else if given {
                kinds_taken(&t.text)
            } else {
                continue;
            };
            let Some(kinds) = kinds else {
                continue;
            };
            // the value's kind: in its clause, or the text's head ("Doctor id, the value to
            // give to …")
            let kind = id_kind(clause, k).or_else(|| {
                let head = clauses.first()?;
                id_kind(head, head.len())
            });
            // ("Id of the appointment, the slot id as returned by …": one value, two kinds)
            let mut named = id_kinds(clause, k);
            named.dedup();
            let two = returned && named.len() > 1;
            if let Some(kind) = kind
                && (!kinds.contains(&kind) || two)
            {
                push(
                    out,
                    Rule::Directive,
                    t,
                    if two {
                        format!("one id said to be of two kinds: {}", named.join(" and "))
                    } else {
                        format!(
                            "an id of a {kind} said to come from or go to {}, which gives back or takes none",
                            t.text
                        )
                    },
                );
                return;
            }
        }
    }
}

/// A protocol said to be current ("Each protocol is current", "the latest version of it", "Text
/// of the protocol, up to 1 day old", "each protocol has a review each week"): only its review
/// date, as the API gives it, says how old a protocol is, and a doctor who trusts the claim doses
/// from a lapsed one.
pub(crate) fn protocol_said_current(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    let of_protocols = tool.split('_').any(|p| p.starts_with("protocol"))
        || clause
            .iter()
            .any(|x| is_word(x, &["protocol", "protocols"]));
    if !of_protocols {
        return;
    }
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        let prev = k.checked_sub(1).map(|p| clause[p]);
        let next = clause.get(k + 1).copied();
        // "is current", "are valid"; "the latest version", "the newest one"
        // (a value named by its head: "Latest version of the protocol, the value to give to …")
        let named_value = k == 0
            && clause
                .iter()
                .any(|x| is_word(x, &["value", "id", "number"]));
        let current = !named_value
            && is_word(t, &["current", "valid", "latest", "newest", "recent"])
            && (prev.is_some_and(|p| is_word(p, COPULAS))
                || next
                    .is_some_and(|n| is_word(n, &["version", "versions", "one", "ones", "text"])));
        // "1 day old"
        let aged = is_word(t, &["old"])
            && prev.is_some_and(|p| {
                is_word(
                    p,
                    &[
                        "day", "days", "hour", "hours", "week", "weeks", "month", "months",
                    ],
                )
            })
            && k >= 2
            && clause[k - 2].kind == Kind::Ident
            // ("more than 12 months old means the review is overdue": a bound)
            && !(k >= 3 && is_word(clause[k - 3], &["than", "over", "under", "beyond"]));
        // "a review each week", "reviewed every month"
        let periodic = is_word(t, &["review", "reviews", "reviewed"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["each", "every"]))
            && clause[k + 1..]
                .iter()
                .take(4)
                .any(|x| is_word(x, &["day", "week", "month", "year", "night"]));
        // a review's date said to be the answer's, or today's
        current || aged || periodic
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a protocol said to be current: its review date, as the clinic gives it, is what says how old it is".to_owned(),
        );
    }
}

/// The reason of a rejection kept from the patient ("Reason for the rejection, a note of the
/// doctor, seen by doctors only"): the API shows it to the appointment's patient, so the agent
/// hides what the patient is owed, or the doctor writes for colleagues what the patient reads.
pub(crate) fn rejection_reason_kept(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_a_rejection = clause.windows(4).any(|w| {
        is_word(w[0], &["reason", "reasons"])
            && is_word(w[1], &["for", "of"])
            && w[2..]
                .iter()
                .any(|x| is_word(x, &["rejection", "rejections"]))
    }) || clause
        .windows(2)
        .any(|w| is_word(w[0], &["rejection"]) && is_word(w[1], &["reason", "reasons"]));
    if !of_a_rejection || clause.iter().any(|x| is_word(x, &["patient", "patients"])) {
        return;
    }
    let kept = clause.iter().enumerate().find(|&(k, t)| {
        is_word(t, &["only"])
            && clause[k.saturating_sub(4)..k]
                .iter()
                .any(|x| is_word(x, &["doctors", "doctor", "staff", "clinicians"]))
            || is_word(t, &["internal", "private"])
    });
    if let Some((_, t)) = kept {
        push(
            out,
            Rule::Concealment,
            t,
            "the reason of a rejection kept from the patient: the clinic shows it to the appointment's patient".to_owned(),
        );
    }
}

/// A changing tool's result said to hold a second object of another act ("The result is the
/// appointment and a new entry of the patient on the waiting list", "… and the intake form of
/// it"): the agent believes a second change was made, or makes it.
pub(crate) fn second_object_in_result(
    clause: &[&Tok],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let Some(r) = clause
        .windows(2)
        .position(|w| is_word(w[0], &["result", "results"]) && is_word(w[1], COPULAS))
    else {
        return;
    };
    if !mutates {
        return;
    }
    let own = tool.rsplit('_').next().unwrap_or(tool);
    let hit = clause.iter().enumerate().skip(r + 2).find(|&(k, t)| {
        is_word(t, &["and"])
            && clause[k + 1..]
                .iter()
                .take(4)
                .take_while(|x| {
                    is_word(x, &["a", "an", "the", "new", "second", "another", "intake"])
                        || kind_of(x).is_some()
                })
                .filter_map(|x| kind_of(x))
                .any(|kind| !own.starts_with(kind))
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "a second object in a changing tool's result: the tool gives back the one object it changes".to_owned(),
        );
    }
}

/// A visit put at an offset from its slot ("Start of the appointment; the visit is 1 hour after
/// it", "the doctor sees the patient 30 minutes after it"): the slot's times are the visit's, and
/// a patient told otherwise comes late.
pub(crate) fn visit_offset(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_the_visit = clause
        .iter()
        .any(|x| is_word(x, &["visit", "sees", "patient", "doctor"]));
    let hit = clause.windows(3).enumerate().find(|(k, w)| {
        w[0].kind == Kind::Ident
            && is_word(w[1], &["minute", "minutes", "hour", "hours"])
            && is_word(w[2], &["after", "later"])
            && clause.get(k + 3).is_none_or(|n| {
                is_word(n, &["it", "the", "its", "each", "that"]) || n.kind != Kind::Word
            })
    });
    if let (true, Some((_, w))) = (of_the_visit, hit) {
        push(
            out,
            Rule::Directive,
            w[2],
            "a visit put at an offset from its slot: the slot's start and end are the visit's"
                .to_owned(),
        );
    }
}

/// The symptoms' duration in a unit the API does not read ("Duration of the symptoms, in weeks,
/// 0 to 3650"): the intake takes it in days, and a count of weeks is read as days.
pub(crate) fn duration_unit_swapped(clause: &[&Tok], out: &mut Vec<Violation>) {
    let of_symptoms = clause
        .iter()
        .any(|x| is_word(x, &["symptoms", "symptom", "complaint"]))
        && clause
            .iter()
            .any(|x| is_word(x, &["duration", "lasted", "long", "lasting"]));
    if !of_symptoms {
        return;
    }
    let hit = clause
        .windows(2)
        .find(|w| {
            is_word(w[0], &["in", "of"])
                && is_word(w[1], &["weeks", "hours", "months", "years", "minutes"])
        })
        .or_else(|| {
            clause.windows(3).find(|w| {
                is_word(w[0], &["how"])
                    && is_word(w[1], &["many"])
                    && is_word(w[2], &["weeks", "hours", "months", "years"])
            })
        });
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[w.len() - 1],
            "the symptoms' duration in a unit the clinic does not read: the intake takes days"
                .to_owned(),
        );
    }
}

/// The error codes of the clinic API, as its contract lists them, and of this server's own
/// answers (a refused argument, a declined confirmation, an unknown specialty, a busy upstream).
const API_ERRORS: &[&str] = &[
    "not_found",
    "invalid_arguments",
    "confirmation_declined",
    "unknown_specialty",
    "search_too_broad",
    "upstream_busy",
    "upstream_unavailable",
    "internal_error",
    "validation_error",
    "auth_required",
    "auth_invalid",
    "forbidden",
    "doctor_not_found",
    "slot_not_found",
    "slot_taken",
    "appointment_not_found",
    "invalid_transition",
    "idempotency_key_conflict",
    "rate_limited",
    "intake_exists",
    "intake_not_found",
    "no_oncall_doctor",
];

/// An error the API does not give, or gives for a status the act takes ("Outside the opening
/// hours, the answer is the error `CLINIC_CLOSED`"; "Cancel … For a confirmed appointment, the
/// answer is the error 422 `INVALID_TRANSITION`"): the agent tells a patient that an act the
/// clinic would make cannot be made.
pub(crate) fn made_up_error(text: &str, tool: &str, out: &mut Vec<Violation>) {
    let toks = tokens(text);
    let effects = own_effects(tool);
    let takes = statuses_an_act_takes(&effects);
    for (k, t) in toks.iter().enumerate() {
        // a code in a code span, named as an error ("the error 409 `X`", "gives the error `X`")
        let code = t.kind == Kind::Ident
            && text[..t.start].ends_with('`')
            && t.text.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
            && toks[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, &["error", "errors"]));
        if !code {
            continue;
        }
        let start = toks[..k]
            .iter()
            .rposition(|x| x.kind == Kind::Stop)
            .map_or(0, |s| s + 1);
        let sentence = &toks[start..k];
        // (the contract has no route for a waiting list: its codes are not known here)
        let known_route = !tool.split('_').any(|p| p == "waiting");
        let why = if known_route && !API_ERRORS.contains(&t.text.as_str()) {
            "an error the clinic API does not give: a text names only the errors of its contract"
        } else if t.text == "invalid_transition"
            && sentence.iter().any(|x| is_word(x, takes))
            && !sentence.iter().any(|x| is_word(x, &["not", "no"]))
        {
            "an error said for a status the act takes: it is open for each of them"
        } else {
            continue;
        };
        push(out, Rule::Directive, t, why.to_owned());
        return;
    }
}

/// What a changing act leaves, by its verb: the status it sets, or for the escalation the
/// priority; with the words of that measure.
fn act_leaves(effects: &[&str]) -> Option<(&'static str, &'static [&'static str])> {
    const STATUS: &[&str] = &["pending", "confirmed", "rejected", "cancelled"];
    const PRIORITY: &[&str] = &["urgent", "normal", "routine"];
    let first = *effects.first()?;
    Some(match first {
        "cancel" => ("cancelled", STATUS),
        "confirm" => ("confirmed", STATUS),
        "reject" => ("rejected", STATUS),
        "book" | "reschedule" | "move" => ("pending", STATUS),
        "escalate" => ("urgent", PRIORITY),
        _ => return None,
    })
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
    let Some((leaves, measure)) = act_leaves(effects) else {
        return;
    };
    let own_noun = |x: &Tok| change_noun(&x.text).is_some_and(|base| effects.contains(&base));
    // "`confirmed` after the cancellation"
    let after = clause.windows(4).find(|w| {
        is_word(w[0], measure)
            && !is_word(w[0], &[leaves])
            && is_word(w[1], &["after"])
            && is_word(w[2], &["the", "its", "a"])
            && own_noun(w[3])
    });
    // "The status stays as it was", "the doctor … stays the same", "the doctor it had before
    // the escalation"
    let what = if effects.contains(&"escalate") {
        &["doctor", "priority"][..]
    } else {
        &["status"][..]
    };
    // (said of the measure itself: "its status stays the same" in the escalation keeps what it
    // does not change)
    // ("the doctor of the appointment stays the same": the measure, then its owner)
    let kept = clause.iter().enumerate().any(|(k, x)| {
        is_word(x, &["stays", "remains", "stay", "remain"])
            && clause
                .get(k + 1)
                .is_some_and(|n| is_word(n, &["the", "as", "unchanged"]))
            && (k >= 1 && is_word(clause[k - 1], what)
                || k >= 4 && is_word(clause[k - 4], what) && is_word(clause[k - 3], &["of"]))
    }) || (clause.iter().any(|x| is_word(x, what))
        && clause.windows(3).any(|w| {
            is_word(w[0], &["before"])
                && (own_noun(w[1]) || is_word(w[1], &["the", "its"]) && own_noun(w[2]))
        }))
        && !clause
            .iter()
            .any(|x| is_word(x, &["failure", "error", "fails"]));
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

/// A parameter named as a patient's id (`patient_id`, `other_patient_id`): no route of the API
/// takes one, since the caller's own token says who the patient is; a tool that took one would
/// act on another patient's records.
pub(crate) fn patient_id_named(name: &str, out: &mut Vec<Violation>) {
    let words: Vec<String> = name
        .split(['_', '-'])
        .map(str::to_ascii_lowercase)
        .collect();
    // ("patient_confirmation_id" is a confirmation's id)
    let patients_id = words.windows(2).any(|w| {
        matches!(w[0].as_str(), "patient" | "patients")
            && matches!(w[1].as_str(), "id" | "ids" | "number")
    });
    if patients_id {
        out.push(Violation {
            rule: Rule::Exfiltration,
            range: 0..name.len(),
            detail: "a patient's id as an argument: the caller's token names the patient, and no route of the clinic takes one".to_owned(),
        });
    }
}
