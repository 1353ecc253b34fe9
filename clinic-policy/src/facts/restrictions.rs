//! What may stop an act of the clinic, read from the structure of a sentence rather than from a
//! list of its words: an act denied by a modal ("A confirmed appointment can not be cancelled",
//! "No appointment of another doctor can be moved", "A patient can not book a second one"), an
//! act kept to a case ("Only a pending appointment can be cancelled", "Only `urgent` opens an
//! escalation"), and a count of acts ("Only one move per appointment is possible"). Each is
//! judged against what the contract's act takes: cancel, move, intake and escalation take a
//! pending or a confirmed appointment, confirm and reject a pending one; a move needs an
//! appointment not yet started; an intake is one per appointment; a doctor acts on the
//! doctor's own clinic, a patient on the patient's own appointments, and a slot is booked once.

use crate::lang::predicates::NUMBER_WORDS;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// Whether a clause speaks of the clinic's objects or people: the contract judges its own acts
/// only ("A confirmed order can not be cancelled" is another API's).
fn of_the_clinic(clause: &[&Tok]) -> bool {
    clause.iter().any(|x| {
        is_word(
            x,
            &[
                "appointment",
                "appointments",
                "slot",
                "slots",
                "visit",
                "visits",
                "intake",
                "intakes",
                "escalation",
                "escalations",
                "booking",
                "bookings",
                "patient",
                "patients",
                "doctor",
                "doctors",
                "triage",
            ],
        )
    })
}

/// The clinic's act a word names as a verb (any form), if it names one.
fn act_of(t: &Tok) -> Option<&'static str> {
    if t.kind != Kind::Word {
        return None;
    }
    let (base, _, form) = verb(&t.text)?;
    let act = act_named(base)?;
    matches!(form, Form::Base | Form::Participle).then_some(act)
}

/// The clinic's act a verb's base names: a move is a reschedule, an intake is recorded or
/// submitted.
fn act_named(base: &str) -> Option<&'static str> {
    Some(match base {
        "cancel" => "cancel",
        "move" | "reschedule" => "move",
        "escalate" => "escalate",
        "confirm" => "confirm",
        "reject" => "reject",
        "book" => "book",
        "record" | "submit" => "intake",
        _ => return None,
    })
}

/// The statuses of an appointment an act takes ([] for a booking, which takes a slot), as the
/// lifecycle's table gives them.
fn takes(act: &str) -> &'static [&'static str] {
    super::acts::statuses_taken(&[if act == "intake" { "record" } else { act }])
}

/// Whether the act is the appointment's doctor's (else its patient's).
fn doctors_act(act: &str) -> bool {
    matches!(act, "confirm" | "reject" | "escalate")
}

/// The words of a grade of care or of a form: a condition no act of the clinic asks for.
const CARE_GRADES: &[&str] = &[
    "triage", "severity", "priority", "level", "levels", "urgent", "elevated", "routine", "score",
    "intake", "intakes", "form", "symptoms",
];

/// The people who act, as a sentence names who does or by whom.
const ACTORS: &[&str] = &[
    "patient", "patients", "doctor", "doctors", "oncall", "clinic",
];

/// Whether a case holds one the contract puts out of `act`: a status it does not take, another
/// patient's, another clinic's or doctor's for a doctor's act, a visit already started for a
/// move, a taken slot, the act again where one is all, no oncall doctor, an unknown id, another
/// person than the act's own, or another tool than the one that makes it.
fn excluded(act: &str, case: &[&Tok], subject: &[&Tok], own: &[&str]) -> bool {
    let has = |list: &[&str]| case.iter().any(|x| is_word(x, list));
    let pair = |a: &[&str], b: &[&str]| {
        case.windows(2)
            .any(|w| is_word(w[0], a) && is_word(w[1], b))
    };
    let statuses: Vec<&&Tok> = case
        .iter()
        .filter(|x| is_word(x, APPOINTMENT_STATUSES))
        .collect();
    let by = case.iter().position(|x| is_word(x, &["by"]));
    // (who acts: the agent after "by", or the person who is the subject of an active verb)
    let agent: Vec<&&Tok> = match by {
        Some(b) => case[b + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word)
            .filter(|x| is_word(x, ACTORS))
            .collect(),
        None => subject.iter().filter(|x| is_word(x, ACTORS)).collect(),
    };
    let other_person = agent.first().is_some_and(|a| {
        if doctors_act(act) {
            is_word(a, &["patient", "patients", "clinic"])
        } else {
            is_word(a, &["doctor", "doctors", "oncall", "clinic"])
        }
    });
    let slot = matches!(act, "book" | "move");
    (!statuses.is_empty()
        && !takes(act).is_empty()
        && statuses.iter().all(|x| !takes(act).contains(&x.text.as_str())))
        || other_person
        || pair(&["another", "other"], &["patient", "patients", "patient's"])
        || doctors_act(act)
            && pair(&["another", "other"], &["clinic", "clinics", "doctor", "doctors"])
        || act == "move"
            && (has(&["started", "begun", "ended", "finished", "past"])
                || pair(&["after", "at"], &["its", "the"]) && has(&["start", "visit"]))
        || slot && (has(&["taken"]) || pair(&["not"], &["open", "free", "available"]))
        || act == "book" && has(&["booked", "again", "twice", "already"])
        || matches!(act, "intake" | "cancel" | "confirm" | "reject")
            && has(&["second", "again", "twice", "already"])
        || act == "escalate" && pair(&["no", "without"], &["oncall"])
        || has(&["unknown"])
        // (a refused status said in general, or the code that answers it: "`INVALID_TRANSITION`
        // means the appointment can not be cancelled in its status")
        || statuses.is_empty() && has(&["status", "means"])
        || has(&["tool"]) && !own.contains(&act)
}

/// Whether a case an act is kept to ("Only <case> can be cancelled") is narrower than what the
/// contract's act takes: some of its statuses only, a grade or a form, or a slot of the same
/// doctor or clinic for a patient's booking or move.
fn kept_narrower(act: &str, case: &[&Tok]) -> bool {
    let statuses: Vec<&&Tok> = case
        .iter()
        .filter(|x| is_word(x, APPOINTMENT_STATUSES))
        .collect();
    let some_statuses = !statuses.is_empty()
        && !takes(act).is_empty()
        && !takes(act)
            .iter()
            .all(|s| statuses.iter().any(|x| x.text == *s));
    // (an intake is the intake act's own object: "Only an appointment with no intake can be
    // given one")
    let condition = case.iter().any(|x| {
        is_word(x, CARE_GRADES) && !(act == "intake" && is_word(x, &["intake", "form", "symptoms"]))
    });
    let same = matches!(act, "move" | "book")
        && case
            .windows(2)
            .any(|w| is_word(w[0], &["same"]) && is_word(w[1], &["doctor", "clinic"]));
    some_statuses || condition || same
}

/// An act of the clinic denied or kept to a case by a modal, on any tool and field: "<case> can
/// not be <act>ed", "No <case> can be <act>ed", "<someone> can not <act> <case>", "Only <case>
/// can be <act>ed". The denial is true only for a case the contract puts out of the act, and
/// the keeping only for a case as wide as what the act takes.
pub(crate) fn act_restricted(clause: &[&Tok], own: &[&str], out: &mut Vec<Violation>) {
    let n = clause.len();
    if !of_the_clinic(clause) {
        return;
    }
    let Some(m) = (0..n).find(|&i| is_word(clause[i], &["can", "cannot", "may", "must"])) else {
        return;
    };
    // the modal's polarity: "can not", "cannot", "can never"; "no <case> can"
    let mut j = m + 1;
    let negated = is_word(clause[m], &["cannot"])
        || clause.get(j).is_some_and(|x| is_word(x, &["not", "never"])) && {
            j += 1;
            true
        };
    let no_subject = clause.first().is_some_and(|x| is_word(x, &["no"]));
    // ("only" anywhere but in a count: "Only a pending appointment can be cancelled", "can be
    // escalated only when …"; not "only once", "only one")
    let only = (0..n)
        .any(|i| is_word(clause[i], &["only"]) && !is_word_at(clause, i + 1, &["one", "once"]));
    if is_word_at(clause, j, &["only"]) {
        j += 1;
    }
    let passive = clause.get(j).is_some_and(|x| is_word(x, &["be"]));
    if passive {
        j += 1;
    }
    // the acts: "moved or cancelled"
    let mut acts = Vec::new();
    let mut k = j;
    while let Some(act) = clause.get(k).and_then(|t| act_of(t)) {
        acts.push(act);
        k += 1;
        if clause
            .get(k)
            .is_some_and(|x| is_word(x, &["or", "and", "nor"]))
            && clause.get(k + 1).and_then(|t| act_of(t)).is_some()
        {
            k += 1;
        } else {
            break;
        }
    }
    if acts.is_empty() {
        return;
    }
    // (the case: the words besides the modal and the acts, less a leading "no" and "only")
    let case: Vec<&Tok> = clause[usize::from(no_subject)..m]
        .iter()
        .chain(clause[k..].iter())
        .copied()
        .filter(|x| !is_word(x, &["only"]))
        .collect();
    let subject: Vec<&Tok> = if passive {
        Vec::new()
    } else {
        clause[..m].to_vec()
    };
    let denied = negated != no_subject && !only;
    let hit = if denied {
        acts.iter().any(|a| !excluded(a, &case, &subject, own))
    } else if only && !negated && !no_subject {
        acts.iter().any(|a| kept_narrower(a, &case))
    } else {
        false
    };
    if hit {
        push(
            out,
            Rule::Directive,
            clause[m],
            "an act of the clinic denied or kept to a case the contract does not: cancel, move, intake and escalation take every pending or confirmed appointment whatever its triage or intake, confirm and reject every pending one; only a status an act does not take, a visit started (for a move), a taken slot, a second intake, or another person's or clinic's appointment is out of it".to_owned(),
        );
    }
}

/// The clinic's act a noun names ("a move", "the escalation", "an intake").
fn act_noun(t: &Tok) -> Option<&'static str> {
    if is_word(t, &["intake", "intakes"]) {
        return Some("intake");
    }
    act_named(change_noun(&t.text)?)
}

/// An act said to be open to a case with no modal: "Only a move to a slot of the same doctor
/// is possible", "only `urgent` opens an escalation", "An escalation is open for appointments
/// with an `urgent` triage level". Kept to a case narrower than what the act takes, it is
/// false; a case of any kind ("of any triage level") keeps nothing.
pub(crate) fn act_kept(clause: &[&Tok], out: &mut Vec<Violation>) {
    if !of_the_clinic(clause)
        || clause
            .iter()
            .any(|x| is_word(x, &["can", "cannot", "may", "must", "not", "never", "no"]))
    {
        return;
    }
    let only = clause.iter().position(|x| is_word(x, &["only"]));
    // the act: the first act named (an intake names its act only when no other act is named:
    // "an appointment with an intake" is a case)
    let nouns: Vec<(usize, &'static str)> = clause
        .iter()
        .enumerate()
        .filter_map(|(i, t)| act_noun(t).map(|a| (i, a)))
        .collect();
    let Some(&(a, act)) = nouns
        .iter()
        .find(|(_, a)| *a != "intake")
        .or_else(|| nouns.first())
    else {
        return;
    };
    // the predicate that opens the act: "is possible", "is open for", "opens"
    let opens = (1..clause.len()).any(|i| {
        is_word(clause[i], &["possible", "open", "allowed", "available"])
            && (is_word(clause[i - 1], &["is", "are"])
                || i >= 2
                    && is_word(clause[i - 1], &["only"])
                    && is_word(clause[i - 2], &["is", "are"]))
            || is_word(clause[i], &["opens", "allows"]) && i < a
    });
    if !opens {
        return;
    }
    let case: Vec<&Tok> = clause
        .iter()
        .enumerate()
        .filter(|&(i, x)| i != a && !is_word(x, &["only"]))
        .map(|(_, x)| *x)
        .collect();
    let any_kind = case
        .iter()
        .any(|x| is_word(x, &["any", "every", "each", "all", "whatever", "both"]));
    // (with no "only", "open for" keeps the act to its case only when the case is a condition
    // of care or form: "The cancellation is open for pending and confirmed appointments")
    let narrower = if only.is_some() {
        kept_narrower(act, &case)
    } else {
        case.iter().any(|x| is_word(x, CARE_GRADES)) && act != "intake" && kept_narrower(act, &case)
    };
    if narrower && !any_kind {
        push(
            out,
            Rule::Directive,
            clause[only.unwrap_or(a)],
            "an act of the clinic kept to a case narrower than the contract's: cancel, move, intake and escalation take every pending or confirmed appointment whatever its triage or intake, and a patient books or moves to a slot of any doctor".to_owned(),
        );
    }
}

/// The words that end a counted noun phrase: a modal, a verb "be" or "have", a preposition, an
/// article or a conjunction ("only one patient can book a slot" counts patients).
const COUNT_PHRASE_ENDS: &[&str] = &[
    "per", "each", "every", "can", "cannot", "may", "must", "will", "is", "are", "be", "has",
    "have", "at", "in", "of", "for", "by", "to", "with", "a", "an", "the", "and", "or",
];

/// Whether a token is a count: "one", a number word or digits.
fn a_count(t: &Tok) -> bool {
    is_word(t, &["one"])
        || is_word(t, NUMBER_WORDS) && !is_word(t, &["zero", "half", "twice"])
        || t.kind == Kind::Ident && t.text.bytes().all(|c| c.is_ascii_digit())
}

/// A count of acts the contract does not set: "Only one move per appointment is possible",
/// "Only one appointment per patient can be pending", "An appointment can be moved only once",
/// "Move …, once for each appointment",
/// and a bare count, whose "per" is the rest of its clause: "A patient can book only one
/// appointment", "Only one pending appointment at a time". The contract's counts: one intake
/// per appointment, one appointment per slot, one cancellation, confirmation or rejection of an
/// appointment (its status changes once), and a call's or a page's own count.
pub(crate) fn count_limited(clause: &[&Tok], first: &[&Tok], out: &mut Vec<Violation>) {
    let n = clause.len();
    if !of_the_clinic(clause) {
        return;
    }
    // (a denial caps what follows "more than": "No patient can book more than one slot", "A
    // patient can not hold more than two appointments")
    let denied = clause.first().is_some_and(|x| is_word(x, &["no"]))
        || clause
            .windows(2)
            .any(|w| is_word(w[0], &["can", "may"]) && is_word(w[1], &["not", "never"]))
        || clause.iter().any(|x| is_word(x, &["cannot"]));
    let hit = (0..n).find_map(|k| {
        let more_than =
            k >= 2 && is_word(clause[k - 2], &["more"]) && is_word(clause[k - 1], &["than"]);
        let limit = k >= 1 && is_word(clause[k - 1], &["only", "most", "just", "single"])
            // ("more than once" is a floor: only "no more than", "not more than" or a denied
            // act caps)
            || more_than && (k >= 3 && is_word(clause[k - 3], &["no", "not"]) || denied)
            || is_word(clause[k], &["once"]) && is_word_at(clause, k + 1, &["only", "per"])
            // ("once for each appointment", "once for every patient": a count per each)
            || is_word(clause[k], &["once"])
                && is_word_at(clause, k + 1, &["for"])
                && is_word_at(clause, k + 2, &["each", "every"]);
        // (a count in a condition caps nothing: "1 when the patient has at most 20
        // appointments")
        let condition = clause[..k]
            .iter()
            .rev()
            .take_while(|x| x.kind != Kind::Comma)
            .any(|x| is_word(x, &["when", "whenever", "if", "while", "unless", "once"]));
        // (a bare count made per a person, a day or each of a kind: "1 pending appointment per
        // patient", "one per patient", "one appointment with each doctor"; the counted noun
        // phrase runs to the "per")
        let phrase = clause[k + 1..]
            .iter()
            .take_while(|x| {
                x.kind == Kind::Word && !is_word(x, COUNT_PHRASE_ENDS) && !is_word(x, &["on"])
            })
            .count();
        let j = k + 1 + phrase;
        // (… per a person, a day, a kind or an appointment; "one slot at each point" is a time)
        let per_at = if is_word_at(clause, j, &["per"]) {
            Some(j + 1)
        } else if is_word_at(clause, j, &["with", "for", "on", "in", "at"])
            && is_word_at(clause, j + 1, &["each", "every"])
        {
            Some(j + 2)
        } else {
            None
        };
        let bare = a_count(clause[k])
            && per_at.is_some_and(|o| {
                clause[o..]
                    .iter()
                    .find(|x| !is_word(x, DETERMINERS))
                    .is_some_and(|x| {
                        is_word(
                            x,
                            &[
                                "patient",
                                "patients",
                                "doctor",
                                "doctors",
                                "specialty",
                                "specialties",
                                "day",
                                "week",
                                "month",
                                "clinic",
                                "appointment",
                                "booking",
                            ],
                        )
                    })
            });
        if !(limit || bare) || condition {
            return None;
        }
        // (with one idempotency key, each act is made once: the contract's own count)
        let keyed = clause
            .windows(2)
            .any(|w| is_word(w[0], &["same", "one"]) && is_word(w[1], &["key"]));
        if is_word(clause[k], &["once"]) {
            // (the act counted: the first one named in the sentence)
            let act = clause
                .iter()
                .find_map(|t| act_of(t).or_else(|| act_noun(t)))?;
            return (matches!(act, "move" | "escalate") && !keyed).then_some(k);
        }
        if !a_count(clause[k]) {
            return None;
        }
        // (what is counted, and per what: "one move per appointment", "Each patient can have
        // only one pending appointment"; with no "per", the rest of the clause)
        let p = (0..n).find(|&i| i != k && is_word(clause[i], &["per", "each", "every"]));
        // (the counted noun phrase ends at a modal, a verb "be" or "have", or a preposition:
        // "only one patient can book a slot" counts patients)
        let mut what: Vec<&Tok> = clause[k + 1..]
            .iter()
            .take_while(|x| x.kind == Kind::Word && !is_word(x, COUNT_PHRASE_ENDS))
            .copied()
            .collect();
        // (a count with no noun counts what its clause names before it: "Intake id; 1 per
        // patient")
        let elided = what.is_empty() && bare;
        if elided {
            // (at the clause's start, what the text's first clause names: "Intake id; 1 per
            // patient")
            let before = if k == 0 { first } else { &clause[..k] };
            what = before
                .iter()
                .filter(|x| x.kind == Kind::Word)
                .copied()
                .collect();
        }
        let rest = if elided { 0 } else { what.len() };
        let of: Vec<&Tok> = match p {
            Some(p) => clause[p + 1..]
                .iter()
                .filter(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
                .take(1)
                .copied()
                .collect(),
            None => clause[..k]
                .iter()
                .chain(clause[k + 1 + rest..].iter())
                .filter(|x| x.kind == Kind::Word)
                .copied()
                .collect(),
        };
        let counted = |list: &[&str]| what.iter().any(|x| is_word(x, list));
        let per = |list: &[&str]| of.iter().any(|x| is_word(x, list));
        // (an act's noun in the plural counts too: "2 moves per appointment")
        let acts = what.iter().any(|x| {
            act_noun(x).is_some()
                || x.text
                    .to_ascii_lowercase()
                    .strip_suffix('s')
                    .and_then(change_noun)
                    .and_then(act_named)
                    .is_some()
        }) || counted(&[
            "appointment",
            "appointments",
            "slot",
            "slots",
            "booking",
            "bookings",
        ]) && (clause
                    .iter()
                    .any(|x| is_word(x, APPOINTMENT_STATUSES) || act_of(x).is_some())
                    // (a person's appointments counted: "A patient may hold only two
                    // appointments")
                    || p.is_none() && per(&["patient", "patients", "doctor", "doctors"])
                    || bare
                        && counted(&["appointment", "appointments", "booking", "bookings"])
                        && per(&["patient", "patients", "doctor", "doctors"])
                    // (a bare count made per a day or a kind of care: "1 appointment per day")
                    || bare
                        && counted(&["appointment", "appointments", "booking", "bookings"])
                        && per(&["day", "days", "week", "specialty", "specialties"]));
        let contract = counted(&["intake", "intakes", "form"]) && per(&["appointment"])
            || per(&[
                "slot", "request", "call", "key", "page", "list", "answer", "tool",
            ])
            || counted(&["slot", "slots"]) && per(&["appointment", "booking"])
            || counted(&["cancellation", "confirmation", "rejection"]) && per(&["appointment"]);
        (acts && !contract).then_some(k)
    });
    if let Some(k) = hit {
        push(
            out,
            Rule::Directive,
            clause[k],
            "a count of acts the contract does not set: its counts are one intake per appointment and one appointment per slot; a patient may book, move and escalate again".to_owned(),
        );
    }
}

/// An intake made a precondition of an act other than the intake ("Confirm …, once its
/// intake is recorded", "after the intake of its patient", "an appointment whose intake is
/// recorded", "having a recorded intake", "Id of one of the doctor's
/// appointments with an intake, as returned by …"): no act needs an intake; an appointment
/// without one is confirmed, rejected, cancelled, moved and escalated alike. A denial ("no
/// intake is needed", "with or without an intake") passes.
pub(crate) fn intake_required(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    if effects.is_empty()
        || effects.iter().any(|e| matches!(*e, "record" | "submit"))
        || clause.iter().any(|x| {
            is_word(x, NEGATIONS) || is_word(x, &["no", "whether", "regardless", "any", "even"])
        })
    {
        return;
    }
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, &["intake", "intakes"]) {
            return None;
        }
        // the words between the mark and the intake: determiners and owners only
        let mut m = k;
        while m > 0
            && (is_word(clause[m - 1], DETERMINERS)
                || is_word(clause[m - 1], &["its", "their", "patient", "recorded"]))
        {
            m -= 1;
        }
        // (the intake itself, not a thing of it: "if the intake request fails")
        if clause.get(k + 1).is_some_and(|x| {
            x.kind == Kind::Word && !is_word(x, &["is", "was", "of", "has", "are", "for", "only"])
        }) {
            return None;
        }
        let mark = m.checked_sub(1).map(|j| clause[j])?;
        let before_mark = m.checked_sub(2).map(|j| clause[j]);
        if before_mark.is_some_and(|x| is_word(x, &["or", "and"])) {
            return None;
        }
        // "once its intake is recorded", "after the intake of its patient"
        // "an appointment whose intake is recorded", "having a recorded intake"
        let condition = is_word(
            mark,
            &[
                "whose",
                "having",
                "once",
                "after",
                "upon",
                "following",
                "until",
                "when",
                "if",
                "provided",
                "given",
            ],
        );
        // "an appointment with an intake, as returned by …": a phrase of the object
        let with = is_word(mark, &["with", "and"])
            && clause
                .get(k + 1)
                .is_none_or(|x| x.kind != Kind::Word || is_word(x, &["only"]));
        (condition || with).then_some(mark)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "an intake made a precondition of the act: no act needs an intake; an appointment without one is confirmed, rejected, cancelled, moved and escalated alike".to_owned(),
        );
    }
}

/// The reading tools whose object is an appointment of any status: one appointment by id, and
/// the two paged lists, which the API narrows by nothing but the caller.
const READS_OF_APPOINTMENTS: &[&str] = &[
    "get_appointment",
    "list_my_appointments",
    "list_doctor_schedule",
];

/// Words that end a noun phrase of the tool's object: a verb of a main clause.
const PREDICATES: &[&str] = &[
    "is", "are", "answers", "answer", "gives", "becomes", "can", "cannot", "may", "must", "will",
    "means", "stays", "holds", "returns", "goes", "moves",
];

/// A condition said of the tool's own object, as an adjective ("pending", "urgent",
/// "upcoming"), a noun phrase ("of priority normal", "in any status", "also a rejected one"),
/// a with/without phrase or a relative clause ("that has an intake", "that starts in more than
/// 24 hours"), read against what the tool takes: a changing act takes every appointment of
/// the statuses its lifecycle row gives (a move, one not yet started; an intake, one without
/// an intake), whatever its priority, triage or time; a booking every open slot; a read or a
/// list every appointment of the caller, in every status. A status the act does not take
/// widens it; some of its statuses only, a priority, an intake, a time from now or a span of
/// the calendar narrow it.
pub(crate) fn object_qualified(
    clause: &[&Tok],
    tool: &str,
    effects: &[&str],
    out: &mut Vec<Violation>,
) {
    let n = clause.len();
    let reads = READS_OF_APPOINTMENTS.contains(&tool);
    let book = effects.first() == Some(&"book");
    let takes: &[&str] = if reads {
        super::acts::STATUSES
    } else {
        super::acts::statuses_taken(effects)
    };
    if n < 2 || takes.is_empty() && !book {
        return;
    }
    // (an idempotency key's 24 hours are the contract's own)
    if clause
        .iter()
        .any(|x| is_word(x, &["key", "keys", "idempotency"]))
    {
        return;
    }
    let list = tool.starts_with("list_");
    let first = clause[0].text.to_ascii_lowercase();
    // (an order: the verb's base, "Cancel …", not "Cancelled appointments are …")
    let own_verb = verb(&first).is_some_and(|(base, _, form)| {
        form == Form::Base
            && (effects.contains(&base)
                || act_named(base).is_some_and(|a| effects.contains(&a))
                || reads && matches!(base, "get" | "list" | "show" | "read"))
    });
    let id = is_word(clause[0], &["id", "ids"]);
    // (a list's filter said as an option of a call is a parameter's: "optionally only the
    // upcoming ones", "When true, only …")
    if reads
        && clause.iter().any(|x| {
            is_word(
                x,
                &["optionally", "optional", "when", "whether", "if", "unless"],
            )
        })
    {
        return;
    }
    // a list's own phrase: a clause of its object alone ("Appointments in all pages, pending
    // ones only"), one kept to a case ("only the confirmed ones"), or a page said to hold or
    // count a case ("each page holds the appointments of one day", "cancelled ones are not
    // counted")
    let plural = |t: &Tok| is_word(t, &["appointments", "ones"]);
    let verbless = !clause.iter().enumerate().any(|(j, x)| {
        (is_word(x, PREDICATES)
            || x.kind == Kind::Word
                && verb(&x.text).is_some_and(|(_, _, f)| f == Form::Third || f == Form::Past))
            && !(j >= 1 && is_word(clause[j - 1], &["that", "which", "who", "whose"]))
    });
    let heads = clause
        .iter()
        .position(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
        .is_some_and(|j| plural(clause[j]));
    let kept = (0..n).any(|j| {
        is_word(clause[j], &["only"])
            && (j >= 1 && plural(clause[j - 1])
                || clause[j + 1..]
                    .iter()
                    .take_while(|x| {
                        is_word(x, DETERMINERS)
                            || is_word(x, APPOINTMENT_STATUSES)
                            || is_word(x, &["urgent", "normal", "upcoming", "or", "and"])
                    })
                    .count()
                    .checked_add(j + 1)
                    .is_some_and(|e| e < n && plural(clause[e])))
    });
    let held = clause.iter().any(|x| {
        is_word(
            x,
            &["holds", "hold", "counted", "listed", "contains", "shows"],
        )
    });
    let object = own_verb || id || list && (verbless && heads || kept || held);
    if !object {
        return;
    }
    let nouns: &[&str] = if book {
        &["slot", "slots"]
    } else {
        &[
            "appointment",
            "appointments",
            "ones",
            "one",
            "schedule",
            "visit",
            "visits",
        ]
    };
    let is_amount = |t: &Tok| {
        t.kind == Kind::Ident && t.text.bytes().all(|c| c.is_ascii_digit())
            || is_word(t, NUMBER_WORDS)
            || is_word(t, &["one", "a", "an"])
    };
    // (no years: "of 18 years or more" is an age, not a span of the calendar)
    const SPANS: &[&str] = &[
        "minute", "minutes", "hour", "hours", "h", "day", "days", "week", "weeks", "month",
        "months",
    ];
    const TIMES: &[&str] = &["upcoming", "future", "past", "coming"];
    let intake_act = effects.contains(&"record") || effects.contains(&"submit");
    let mut hit: Option<&Tok> = None;
    // (up to the main clause's verb: a case said of another phrase is not the object's)
    let mut statuses: Vec<&str> = Vec::new();
    for i in 0..n {
        if !is_word(clause[i], nouns) {
            continue;
        }
        // (a bare "one" is a count; "a rejected one" names the object again)
        let mut pre = Vec::new();
        let mut k = i;
        while k > 0
            && (is_word(clause[k - 1], APPOINTMENT_STATUSES)
                || is_word(clause[k - 1], &["urgent", "normal", "or", "and", "own"])
                || is_word(clause[k - 1], TIMES))
        {
            k -= 1;
            pre.push(clause[k]);
        }
        // (a case put out: "not a cancelled one", "except rejected ones")
        let start = clause[..k]
            .iter()
            .rposition(|x| !is_word(x, DETERMINERS))
            .map(|j| clause[j]);
        if is_word(clause[i], &["one", "ones"]) && pre.is_empty()
            || start.is_some_and(|x| is_word(x, NEGATIONS) || is_word(x, &["except", "than", "no"]))
        {
            continue;
        }
        for x in &pre {
            if let Some(s) = APPOINTMENT_STATUSES.iter().find(|s| is_word(x, &[s])) {
                statuses.push(s);
            } else if is_word(x, &["urgent", "normal"]) || is_word(x, TIMES) && reads {
                hit = hit.or(Some(x));
            }
        }
        // what follows it, to the phrase's end
        let post: Vec<&Tok> = clause[i + 1..]
            .iter()
            .take_while(|x| x.kind != Kind::Comma)
            .copied()
            .collect();
        let at = |j: usize, list: &[&str]| post.get(j).is_some_and(|x| is_word(x, list));
        for j in 0..post.len() {
            // "in any status", "of every status"; "of priority normal", "with an urgent
            // intake", "without an intake", "that has an intake"
            if at(j, &["any", "every", "all", "whatever"])
                && (at(j + 1, &["status", "statuses"]) || at(j + 2, &["status", "statuses"]))
                && !reads
            {
                hit = hit.or(Some(post[j]));
            }
            if at(j, &["priority"]) && j >= 1 && at(j - 1, &["of", "with"])
                || at(j, &["priority"]) && at(j + 1, &["urgent", "normal"])
            {
                hit = hit.or(Some(post[j]));
            }
            if at(j, &["intake", "intakes", "triage"]) {
                let before: Vec<&&Tok> = post[..j].iter().rev().take(3).collect();
                let none = before.iter().any(|x| is_word(x, &["without", "no", "not"]));
                let with = before
                    .iter()
                    .any(|x| is_word(x, &["with", "has", "have", "without", "no"]));
                if with && !(intake_act && none && !at(j, &["triage"])) {
                    hit = hit.or(Some(post[j]));
                }
            }
        }
    }
    // statuses the act does not take widen it; some of those it takes only narrow it
    // ("cancelled and rejected ones too" adds to a read; it keeps nothing out; so does "a
    // cancelled one is still listed" of a read, unless a denial, a bound or a filter comes with it)
    let still = reads
        && clause.iter().any(|x| is_word(x, &["still"]))
        && !clause.iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(x, TIMES)
                || is_word(
                    x,
                    &[
                        "longer", "until", "unless", "only", "filter", "when", "if", "for",
                        "within",
                    ],
                )
        });
    let inclusive = still
        || clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "too",
                    "included",
                    "including",
                    "also",
                    "even",
                    "well",
                    "besides",
                ],
            )
        });
    if !statuses.is_empty()
        && (statuses.iter().any(|s| !takes.contains(s))
            || !inclusive && takes.iter().any(|s| !statuses.contains(s)))
    {
        hit = hit.or(clause
            .iter()
            .copied()
            .find(|x| is_word(x, APPOINTMENT_STATUSES)));
    }
    // a time from now or before the start, or a span of the calendar: "that starts in more than
    // 24 hours", "at least one day before its start", "within the next 7 days", "of one day"
    for i in 0..n.saturating_sub(1) {
        let span = is_amount(clause[i]) && is_word(clause[i + 1], SPANS);
        if !span {
            continue;
        }
        let back = |list: &[&str]| {
            clause[i.saturating_sub(3)..i]
                .iter()
                .any(|x| is_word(x, list))
        };
        let ahead = |list: &[&str]| {
            clause[i + 2..(i + 5).min(n)]
                .iter()
                .any(|x| is_word(x, list))
        };
        if back(&["within", "than", "least", "next", "in", "of"])
            || ahead(&["now", "start", "before", "ahead"])
        {
            hit = hit.or(Some(clause[i + 1]));
        }
    }
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a condition said of the tool's object that the contract does not give: cancel, move, intake and escalation take every pending or confirmed appointment, confirm and reject every pending one, whatever its priority, intake or time (a move, one not yet started; an intake, one with no intake yet); a booking takes every open slot; get_appointment and the lists take the caller's appointments in every status".to_owned(),
        );
    }
}

/// A protocol search said to reach less than the contract's library, or less of each protocol:
/// the doctor's own clinic's protocols without the shared ones or the shared ones without the
/// clinic's ("Search the shared clinical protocols", "Matching protocols of the doctor's own
/// clinic"), or the titles alone ("Words to search for in the titles of the protocols", "only a
/// match in the title counts"). The clinic API searches the protocols of the doctor's clinic and
/// the shared ones, title and body (a title's match weighs three times a body's).
pub(crate) fn protocol_search_narrowed(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    const PROTOCOLS: &[&str] = &["protocol", "protocols", "library", "matches", "ones"];
    if tool != "search_protocols"
        || clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "other", "another", "every", "all", "each", "any", "id", "null",
                ],
            ) || is_word(x, NEGATIONS)
        })
    {
        return;
    }
    // the clinic as the protocols' owner ("protocols of the authenticated doctor's own clinic")
    let clinic = (0..clause.len()).find(|&i| {
        is_word(clause[i], &["clinic"])
            && clause[..i]
                .iter()
                .rev()
                .take_while(|x| !is_word(x, &["of", "from", "in"]))
                .take(6)
                .all(|x| !is_word(x, PROTOCOLS) && !is_word(x, &["and", "or"]))
            && i >= 1
            && clause[..i]
                .iter()
                .rev()
                .find(|x| is_word(x, &["of", "from", "in"]))
                .is_some()
            && clause[..i].iter().any(|x| is_word(x, PROTOCOLS))
    });
    // the shared ones, as an adjective of the protocols or of their library
    let shared = (0..clause.len()).find(|&i| {
        is_word(clause[i], &["shared", "general", "common"])
            && clause[i + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, PROTOCOLS))
    });
    // the titles as the place of a match ("in the titles", "the titles of the protocols"); a
    // clause that names the body or a match's weight ("rank higher") says no place alone
    let body = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "body", "bodies", "text", "texts", "excerpt", "content", "weigh", "weighs", "rank",
                "ranks", "ranked", "higher", "times",
            ],
        )
    });
    let titles = (1..clause.len()).find(|&i| {
        (is_word(clause[i], &["title", "titles"])
            && clause[..i]
                .iter()
                .rev()
                .take(2)
                .any(|x| is_word(x, &["in", "of"]))
            || is_word(clause[i], &["titles"]) && is_word_at(clause, i + 1, &["of"]))
            && !body
            && clause.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "search", "searched", "match", "matches", "matching", "counts", "words",
                    ],
                )
            })
    });
    // (the clinic's library alone is said with "own" or "only": "the protocols of the clinic"
    // may name the whole library, the shared ones said in another sentence)
    let alone = clause.iter().any(|x| is_word(x, &["own", "only"]));
    let hit = match (clinic, shared) {
        (Some(i), None) if alone => Some(i),
        (None, Some(i)) => Some(i),
        _ => titles,
    };
    if let Some(i) = hit {
        push(
            out,
            Rule::Effects,
            clause[i],
            "a protocol search said to reach less than the contract's: it searches the title and the body of the protocols of the doctor's own clinic and of the shared ones".to_owned(),
        );
    }
}

/// A time of the calendar with no amount set on an act: a bound named by a part of a day
/// ("Cancel … up to the day before its start", "until the morning of the visit", "by the
/// previous evening"), a kind of day ("on a weekday", "Monday to Friday", "weekdays only", "not
/// at weekends", "on working days") or a period of the
/// clinic or its people ("during the opening hours of the clinic", "during the doctor's
/// shift"); and a search's answer said to open later than the search ("from the day after
/// the search"). The clinic API's acts take their statuses at any hour of any day (a move, an
/// appointment not yet started), and a slot search finds slots from its own time on. A time
/// with an amount ("24 hours before the start") is `act_deadline`'s and `object_qualified`'s.
pub(crate) fn act_on_the_calendar(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    const PARTS: &[&str] = &[
        "day",
        "days",
        "evening",
        "morning",
        "night",
        "afternoon",
        "eve",
        "noon",
        "midnight",
        "week",
        "weekend",
    ];
    const NEAR: &[&str] = &["previous", "prior", "preceding", "next", "last", "same"];
    const KINDS: &[&str] = DAY_KINDS;
    const PERIODS: &[&str] = &[
        "opening",
        "office",
        "working",
        "business",
        "visiting",
        "consultation",
        "clinic",
    ];
    let act = !effects.is_empty();
    let n = clause.len();
    let at = |k: usize, list: &[&str]| is_word_at(clause, k, list);
    // (every day said: "at weekends too", "weekends included", "on any day", "Monday to Sunday")
    let every_day = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "too",
                "also",
                "included",
                "including",
                "even",
                "every",
                "all",
                "alike",
                "whatever",
                "regardless",
            ],
        )
    }) || clause.iter().any(|x| is_word(x, &["any"]))
        && !clause.iter().any(|x| is_word(x, NEGATIONS))
        // ("whether it is a weekday or not": either kind of day)
        || clause.iter().position(|x| is_word(x, &["whether"])).is_some_and(|w| {
            clause[w..].iter().position(|x| is_word(x, KINDS)).is_some_and(|d| {
                clause[w + d..].iter().any(|x| is_word(x, &["or"]))
            })
        })
        || clause.iter().any(|x| is_word(x, &["monday", "mondays"]))
            && clause.iter().any(|x| is_word(x, &["sunday", "sundays"]));
    let hit = (0..n).find(|&i| {
        // a bound: "up to", "until", "by", "no later than", "before", "from", "after"
        let bound = at(
            i,
            &["until", "till", "by", "before", "from", "after", "than"],
        ) || at(i, &["to"]) && i >= 1 && at(i - 1, &["up"]);
        if bound {
            let mut k = i + 1;
            if !at(k, &["the", "a", "an", "its", "that"]) {
                return false;
            }
            k += 1;
            let near = at(k, NEAR);
            if near {
                k += 1;
            }
            if !at(k, PARTS) {
                return false;
            }
            // (said of the visit or the act's own time: "the day before its start", "the
            // morning of the visit"; not another span's, "after the last day of the window")
            let mut r = k + 2;
            while at(r, &["to", "the", "its", "a", "an", "each", "their", "this"]) {
                r += 1;
            }
            let of = at(k + 1, &["before", "prior", "of", "after"])
                && at(
                    r,
                    &[
                        "start",
                        "visit",
                        "appointment",
                        "slot",
                        "search",
                        "booking",
                        "call",
                        "request",
                    ],
                );
            return if act {
                near && !at(i, &["from", "after"]) || of
            } else {
                // (a reading's window: only one said to open later than the search)
                at(i, &["from", "after"]) && at(k + 1, &["after"])
            };
        }
        if !act {
            return false;
        }
        // a kind of day: "on a weekday", "on working days", "on Mondays"
        if at(i, &["on"]) {
            let mut k = i + 1;
            while at(k, &["a", "an", "each", "every", "any", "the"]) || at(k, NEAR) {
                k += 1;
            }
            return at(k, KINDS)
                || at(k, &["working", "business", "week", "work", "opening"])
                    && at(k + 1, &["day", "days"]);
        }
        // a period: "during the opening hours of the clinic", "outside the doctor's shift"
        if at(i, &["during", "outside", "within", "in"]) {
            let span = &clause[i + 1..(i + 5).min(n)];
            if span.iter().enumerate().any(|(j, x)| {
                is_word(x, &["shift", "shifts"])
                    || is_word(x, &["hours"]) && span[..j].iter().any(|y| is_word(y, PERIODS))
            }) {
                return true;
            }
        }
        // a kind of day said with no "on", as a bound of the act: "Monday to Friday",
        // "weekdays only", "not at weekends", "working days only" (not an amount, "within 5
        // business days", nor a value's days, "a list of weekdays")
        let day = at(i, KINDS)
            || at(i, &["working", "business", "work", "week"]) && at(i + 1, &["day", "days"]);
        // (a negation, "only" or "except" bound to the day word: a few words before it, or
        // "only" right after it; not one of another part of the clause)
        let bound = clause[i.saturating_sub(3)..i].iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(x, &["only", "just", "except", "excluding", "closed", "no"])
        }) || at(i + 1, &["only", "excluded", "excepted"])
            || at(i + 1, &["day", "days"]) && at(i + 2, &["only", "excluded", "excepted"])
            || i >= 1 && at(i - 1, &["at", "from", "during", "between"])
            || at(i + 1, &["to", "through", "till", "until", "and"]) && at(i + 2, KINDS);
        let amount_or_value =
            i >= 1 && (clause[i - 1].kind == Kind::Ident || at(i - 1, &["of", "for"]));
        !every_day && day && bound && !amount_or_value
    });
    if let Some(i) = hit {
        push(
            out,
            Rule::Directive,
            clause[i],
            "a time of the calendar set on an act: the clinic's acts take their statuses at any hour of any day (a move, an appointment not yet started), and a slot search finds slots from its own time on".to_owned(),
        );
    }
}
