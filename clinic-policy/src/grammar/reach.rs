//! How far a tool reaches: the records of other patients, many objects in one call, a change
//! repeated, a person's yes or state set by default, and free text about the patient in a tool
//! that takes no data of the patient's.

use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The records of other patients ("Get one appointment of any patient", "Intakes of the other
/// patients of the doctor", "Id of a patient, any patient on the waiting list"): a tool acts for
/// the authenticated patient, and the clinic API answers for that patient only. A kind of
/// patient in an eligibility passes ("Only for patients under 18").
pub(super) fn other_patients(clause: &[&Tok], out: &mut Vec<Violation>) {
    let patient = |x: &Tok| is_word(x, &["patient", "patients"]);
    for k in 0..clause.len() {
        let scope = is_word(clause[k], &["any", "each", "every", "all", "other"]);
        if !scope {
            continue;
        }
        // "… any (other) patient", "… the other patients"
        let next = clause[k + 1..]
            .iter()
            .take(2)
            .position(|x| patient(x))
            .filter(|&p| p == 0 || is_word(clause[k + 1], &["other"]));
        let Some(p) = next.map(|p| k + 1 + p) else {
            continue;
        };
        // ("of the other patients" is read by `others`)
        let owner = k >= 1 && is_word(clause[k - 1], &["of"]);
        let anyone = is_word(clause[k], &["any"])
            && clause
                .get(p + 1)
                .is_none_or(|x| x.kind != Kind::Word || is_word(x, &["of", "on", "by", "in"]));
        let others = is_word(clause[k], &["other"]) && k >= 1 && is_word(clause[k - 1], &["the"]);
        // a value shown to every patient ("shown to each patient of the doctor"): one patient's
        // value seen by the others ("open to every patient" is who may use a thing)
        let shown_to_all = !is_word(clause[k], &["other", "any"])
            && k >= 2
            && is_word(clause[k - 1], &["to", "by"])
            && is_word(clause[k - 2], &["shown", "seen", "visible", "displayed"]);
        if owner || anyone || others || shown_to_all {
            push(
                out,
                Rule::Exfiltration,
                clause[k],
                "the records of other patients: a tool acts for the authenticated patient only"
                    .to_owned(),
            );
            return;
        }
    }
}

/// A changing tool's parameter that counts its changes ("Number of slots to book, 1 to 5",
/// "Count of upcoming appointments to cancel", "Weeks to book"): one call makes many changes.
pub(super) fn changes_counted(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let Some(first) = clauses.first() else {
        return;
    };
    let counted = first.first().is_some_and(|x| {
        is_word(
            x,
            &[
                "number", "count", "weeks", "days", "months", "times", "amount",
            ],
        )
    });
    let to_change = first.windows(2).find(|w| {
        is_word(w[0], &["to"])
            && w[1].kind == Kind::Word
            && (is_word(
                w[1],
                &[
                    "book", "cancel", "confirm", "make", "join", "move", "reject", "escalate",
                    "submit",
                ],
            ))
    });
    if counted && let Some(w) = to_change {
        push(
            out,
            Rule::Effects,
            w[1],
            "a count of the tool's changes: a changing tool makes one change, of one object named by the caller".to_owned(),
        );
    }
}

/// A yes by default in any text ("True when the patient accepts each offered slot; true by
/// default"): a word of consent, and "default" beside "true" or "yes" in one clause.
pub(super) fn yes_by_default(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    if !clauses.iter().flatten().any(|t| is_word(t, CONSENT)) {
        return;
    }
    let hit = clauses.iter().find_map(|c| {
        c.iter().enumerate().find_map(|(k, t)| {
            let near = |j: usize| c.get(j).is_some_and(|x| is_word(x, &["true", "yes"]));
            (is_word(t, &["default"])
                && (near(k + 1) || (k >= 2 && near(k - 2)) || (k >= 1 && near(k - 1))))
            .then_some(*t)
        })
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Directive,
            t,
            "a yes by default: a person's yes is the person's answer, never a default".to_owned(),
        );
    }
}

/// The same yes, or a person's state, as a parameter's flag whose default stands in a label of
/// its own, past the flag's clause ("True when the patient accepts the fee. Default: true.",
/// "True when the patient is an adult. Default: true.", and with the polarity turned: "False
/// when the patient accepts the late fee. Default: false.", "0 when the patient accepts …
/// Default: 0."): the default is the value that stands for the person's answer or state, which
/// is theirs, never a default.
pub(super) fn persons_flag_by_default(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    // a flag's value, "zero" and "0" one value
    let value = |t: &Tok| -> Option<&'static str> {
        match t.text.to_ascii_lowercase().as_str() {
            "true" | "yes" => Some("true"),
            "false" | "no" => Some("false"),
            "0" | "zero" => Some("0"),
            "1" | "one" => Some("1"),
            _ => None,
        }
    };
    let flag = clauses.iter().find_map(|c| {
        c.windows(2)
            .take(2)
            .find_map(|w| value(w[0]).filter(|_| is_word(w[1], &["when", "if"])))
            // (a yes, or what a person is; not what the clinic did: "True when the patient is
            // notified of the cancellation")
            .filter(|_| {
                c.iter().any(|x| {
                    is_word(x, CONSENT)
                        || is_word(x, &["adult", "adults", "minor", "insured", "shown", "seen"])
                })
            })
    });
    let Some(flag) = flag else {
        return;
    };
    let tokens = clauses.iter().flatten().collect::<Vec<_>>();
    let hit = tokens
        .windows(2)
        .find(|w| is_word(w[0], &["default"]) && value(w[1]) == Some(flag));
    if let Some(w) = hit {
        push(
            out,
            Rule::Directive,
            w[0],
            "a person's yes or state set by default: it is the person's answer, never a default"
                .to_owned(),
        );
    }
}

/// A change said to repeat ("The new appointment is weekly, for one year"): one call, many
/// changes. Said of anything but the tool's object it is a value's ("500 `mg` twice daily").
pub(super) fn change_repeated(clause: &[&Tok], out: &mut Vec<Violation>) {
    let object = &[
        "appointment",
        "appointments",
        "booking",
        "bookings",
        "slot",
        "visit",
        "escalation",
    ];
    let Some(at) = clause.iter().position(|t| is_word(t, object)) else {
        return;
    };
    if let Some(t) = clause[at..].iter().find(|t| {
        is_word(
            t,
            &[
                "daily",
                "weekly",
                "monthly",
                "yearly",
                "recurring",
                "repeated",
                "repeating",
            ],
        )
    }) {
        push(
            out,
            Rule::Effects,
            t,
            "a change said to repeat: a changing tool makes one change per call".to_owned(),
        );
    }
}

/// Free text about the patient asked by a tool that takes no data of the patient's ("Optional
/// text about the patient, any words"): whatever the person said can go into it.
pub(super) fn text_about_the_patient(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let hit = clauses.iter().flat_map(|c| c.windows(3)).find(|w| {
        is_word(w[0], &["about", "on", "regarding", "concerning"])
            && is_word(w[1], &["the", "a", "this"])
            && is_word(w[2], PATIENT_SIDE)
    });
    if let Some(w) = hit {
        push(
            out,
            Rule::Exfiltration,
            w[0],
            "text about the patient in a tool that takes no data of the patient's".to_owned(),
        );
    }
}

/// A value of care, or a note of the visit, shown beyond the patient and the people who care
/// for them ("Allergies …; visible to the family of the patient", "seen by the reception and
/// each nurse of the clinic"), and money shown to anyone but the patient ("Late fee …, shown to
/// the doctor of the appointment", "seen by the reception"): the reader then shares what is the
/// patient's, or keeps from the patient what the patient pays.
pub(super) fn audience_beyond_care(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let all: Vec<&Tok> = clauses.iter().flatten().copied().collect();
    // (who may read it is who sees it: "open to …", "readable by …")
    let Some(k) = (0..all.len()).find(|&j| {
        is_word(all[j], &["shown", "seen", "visible", "displayed"])
            || is_word(all[j], &["open", "readable", "available"])
                && all.get(j + 1).is_some_and(|n| is_word(n, &["to", "by"]))
    }) else {
        return;
    };
    let mut who: Vec<&Tok> = all[k + 1..]
        .iter()
        .copied()
        .take_while(|t| !is_word(t, &["only", "after", "before", "when", "if", "at", "in"]))
        .collect();
    // (a person who sees something else opens another statement, from its comma: "…, and the
    // reception sees whether the form is complete")
    if let Some(v) = who
        .iter()
        .position(|t| is_word(t, &["sees", "see", "gets", "get", "reads", "read"]))
    {
        // (with no comma, the verb is a relative clause's: "each doctor who reads …")
        if let Some(comma) = who[..v].iter().rposition(|t| t.kind == Kind::Comma) {
            who.truncate(comma);
        }
    }
    // (protocols are for every doctor of the clinic, whatever care they name)
    let protocols = all[..k]
        .iter()
        .any(|t| is_word(t, &["protocol", "protocols"]));
    let care = !protocols
        && all[..k].iter().any(|t| {
            crate::lang::data::medical(t)
                || crate::lang::data::data_kind(&t.text, false)
                    == Some(crate::lang::data::Data::Medical)
                || is_word(
                    t,
                    &[
                        "notes",
                        "note",
                        "reason",
                        "diagnosis",
                        "allergies",
                        "medications",
                        "intake",
                        "symptoms",
                    ],
                )
        });
    let money = all[..k]
        .iter()
        .any(|t| is_word(t, &["fee", "fees", "deposit", "refund", "price", "cost"]));
    let beyond = who.windows(2).any(|w| {
        is_word(w[0], &["each", "every", "all", "any"])
            && is_word(w[1], &["doctor", "doctors", "nurse", "nurses"])
    }) || who.iter().any(|t| is_word(t, BEYOND_CARE));
    let patient = who.iter().any(|t| is_word(t, &["patient", "patients"]));
    if (care && beyond) || (money && !who.is_empty() && !patient) {
        push(
            out,
            Rule::Concealment,
            all[k],
            "care shown beyond the patient and the people who care for them, or money shown to anyone but the patient: a value of care is seen by its doctor, and what the patient pays by the patient".to_owned(),
        );
    }
}
