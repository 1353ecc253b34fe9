//! How far a tool reaches: the records of other patients, the appointments of a clinic or of
//! other doctors, another person acting through the token, an escalation past the appointment's
//! clinic, the protocols of every clinic, many objects in one call, a change repeated, a person's
//! yes or state set by default, and free text about the patient in a tool that takes no data of
//! the patient's.

use crate::facts::reaches_own_records;
use crate::lang::words::*;
use crate::types::{Rule, Violation};

/// The records of other patients ("Get one appointment of any patient", "Intakes of the other
/// patients of the doctor", "Id of a patient, any patient on the waiting list"): a tool acts for
/// the authenticated patient, and the clinic API answers for that patient only. A kind of
/// patient in an eligibility passes ("Only for patients under 18"), and so do other patients'
/// records said left out of a read of the patient's own ([`others_left_out`]: "Appointments of
/// other patients are not listed").
pub(super) fn other_patients(clause: &[&Tok], tool: &str, mutates: bool, out: &mut Vec<Violation>) {
    let patient = |x: &Tok| is_word(x, &["patient", "patients"]);
    if (0..clause.len())
        .any(|n| is_word(clause[n], NEGATIONS) && others_left_out(clause, n, tool, mutates))
    {
        return;
    }
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
/// default", "The question before the cancellation has the answer `true` by default"): a word
/// of consent, or a question or its answer, and a yes given by default, after a time ("the
/// answer `true` after 30 seconds") or when the person gives none ("`true` as its answer when
/// the person gives none"), in one clause: the person's silence taken for consent. With no
/// answer the server sends nothing (`CONFIRMATION_DECLINED`).
pub(super) fn yes_by_default(clauses: &[Vec<&Tok>], out: &mut Vec<Violation>) {
    let asked = |x: &&Tok| {
        is_word(x, CONSENT)
            || is_word(x, ANSWERS)
            || is_word(x, &["question", "questions", "prompt", "confirmation"])
    };
    if !clauses.iter().flatten().any(asked) {
        return;
    }
    let yes = |x: &Tok| is_word(x, &["true", "yes"]);
    let hit = clauses.iter().find_map(|c| {
        let w = |j: usize, list: &[&str]| c.get(j).is_some_and(|x| is_word(x, list));
        let near = |j: usize| c.get(j).is_some_and(|x| yes(x));
        let by_default = c.iter().enumerate().find_map(|(k, t)| {
            (is_word(t, &["default"])
                && (near(k + 1)
                    || (k >= 2 && near(k - 2))
                    || (k >= 1 && near(k - 1))
                    || c.get(k + 1).is_some_and(asked) && near(k + 2)))
            .then_some(*t)
        });
        // (a question's yes after a time, or when none comes: "the answer `true` after 30
        // seconds", "`true` as its answer when the person gives none")
        let y = c.iter().position(|x| yes(x))?;
        let of_a_question = c.iter().any(asked);
        let unanswered = (y + 1..c.len()).any(|k| {
            w(k, &["after", "within"]) && amount_of_time(&c[k + 1..])
                || w(k, &["when", "if", "once"])
                    && c[k + 1..]
                        .iter()
                        .any(|x| is_word(x, &["none", "nothing", "silent", "silence"]))
        });
        by_default.or_else(|| (of_a_question && unanswered).then_some(c[y]))
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

/// The clinic as a body of people or a place: an owner or an audience wider than one person.
const CLINICS: &[&str] = &["clinic", "clinics"];
/// Places and bodies other than one clinic ("the region", "the hospital", "the reception").
const PLACES: &[&str] = &[
    "practice",
    "practices",
    "hospital",
    "hospitals",
    "department",
    "departments",
    "ward",
    "wards",
    "region",
    "regions",
    "city",
    "cities",
    "country",
    "countries",
    "site",
    "sites",
    "location",
    "locations",
    "group",
    "groups",
    "network",
    "networks",
    "area",
    "areas",
    "district",
    "districts",
    "team",
    "teams",
    "reception",
    "staff",
    "billing",
];
/// The clinic's people who care for patients, or work beside the doctor: its staff
/// ([`STAFF_MEMBERS`]) and these.
const CLINICIANS_BEYOND_STAFF: &[&str] = &[
    "specialist",
    "specialists",
    "surgeon",
    "surgeons",
    "therapist",
    "therapists",
    "colleague",
    "colleagues",
    "peers",
    "interpreter",
    "interpreters",
    "receptionist",
    "receptionists",
];

/// One of the clinic's people who care for patients, or work beside the doctor.
fn clinician(t: &Tok) -> bool {
    is_word(t, STAFF_MEMBERS) || is_word(t, CLINICIANS_BEYOND_STAFF)
}
/// People who act for a patient or beside one ("a child of the patient", "the guardian of the
/// patient", "a member of the family"): the token names one person, and none of them acts
/// through it.
const PROXIES: &[&str] = &[
    "guardian",
    "guardians",
    "parent",
    "parents",
    "family",
    "families",
    "relative",
    "relatives",
    "spouse",
    "spouses",
    "carer",
    "carers",
    "caregiver",
    "caregivers",
    "dependant",
    "dependants",
    "dependent",
    "dependents",
    "household",
    "kin",
    "son",
    "sons",
    "daughter",
    "daughters",
    "kid",
    "kids",
];
/// Words that widen a phrase to many people or places, or to others.
const MANY: &[&str] = &[
    "any", "every", "all", "each", "other", "another", "some", "several", "many", "whole", "entire",
];
/// Words that leave something out of an answer, or refuse it ("other clinics are out of the
/// search", "… gives the error").
const LEFT_OUT: &[&str] = &[
    "forbidden",
    "error",
    "omitted",
    "excluded",
    "out",
    "unavailable",
    "refused",
    "denied",
    "not",
    "never",
];

/// Others, said as such: "another clinic", "the other doctors".
fn others(p: &Phrase) -> bool {
    p.words.iter().any(|x| is_word(x, &["other", "another"]))
}

/// The clause says an answer is the unknown id's ("gives the same answer as an unknown id", "is
/// answered as an unknown appointment"): this server answers an appointment the caller does not
/// own as one it does not know, so others' appointments said so are kept from the caller.
fn masked_as_unknown(clause: &[&Tok]) -> bool {
    // (a denied masking says the other's appointment is answered: "is not treated as unknown")
    if clause.iter().any(|t| is_word(t, NEGATIONS)) {
        return false;
    }
    clause.iter().enumerate().any(|(k, t)| {
        is_word(t, &["as"])
            && clause[k + 1..]
                .iter()
                .take(3)
                .any(|x| is_word(x, &["unknown", "missing", "nonexistent"]))
            && clause[..k]
                .iter()
                .rev()
                .take(3)
                .any(|x| is_word(x, &["same", "answered", "treated", "read"]))
    })
}

/// Whose items a read answers: a patient's own, a doctor's own, or the protocols of the
/// doctor's clinic and the shared ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OwnReach {
    Patient,
    Doctor,
    Protocols,
}

/// The reach of a tool that reads what its caller owns: a served tool's by the role it
/// declares, any other's by its name's callers (`None`: a public tool, a change, or one whose
/// callers are both roles).
fn own_reach(tool: &str, mutates: bool) -> Option<OwnReach> {
    if mutates {
        return None;
    }
    let role = match crate::served::role_of(tool) {
        Some(role) => role?,
        None if crate::facts::doctors_only(tool) => "doctor",
        None if crate::facts::patients_only(tool) => "patient",
        None => return None,
    };
    Some(if tool.split('_').any(|p| p.starts_with("protocol")) {
        OwnReach::Protocols
    } else if role == "doctor" {
        OwnReach::Doctor
    } else {
        OwnReach::Patient
    })
}

/// Participles that put an item in an answer ("is listed", "those … included").
const IN_THE_ANSWER: &[&str] = &[
    "listed",
    "returned",
    "included",
    "shown",
    "given",
    "displayed",
    "served",
    "reported",
];

/// Items of others said to be in a read's answer by a participle ("an appointment of another
/// clinic is listed, not treated as an unknown id", "Appointments of the page, those of other
/// doctors included", "another doctor's appointment is returned too", "one of another patient
/// is given"): the clinic API answers a patient the patient's own appointments, a doctor the
/// doctor's own, and a protocol search the doctor's clinic's and the shared ones; another's
/// is the unknown id's answer or 403. Whose is "others" by the reach: another patient or
/// someone else for a patient's read (a patient's appointments are with any doctor, at any
/// clinic); another doctor, clinic or place for a doctor's (a doctor's appointments are with
/// many patients); another clinic or place for the protocols. Read on the participle's own
/// phrase, so a denied alternative after it ("…, not treated as unknown") leaves it said, and
/// a denied or masked inclusion ("are not listed", "is shown as unknown") passes.
pub(super) fn others_in_the_answer(
    clause: &[&Tok],
    tool: &str,
    mutates: bool,
    out: &mut Vec<Violation>,
) {
    let Some(reach) = own_reach(tool, mutates) else {
        return;
    };
    let hit = (0..clause.len()).find_map(|k| {
        if !others_item(clause, k, reach) {
            return None;
        }
        // the participle of its phrase, up to the next mark, none denied or refused before it
        let end = (k + 1..clause.len())
            .find(|&j| clause[j].kind == Kind::Comma)
            .unwrap_or(clause.len());
        let end = if end == k + 1 { clause.len() } else { end };
        let j = (k + 1..end).find(|&j| is_word(clause[j], IN_THE_ANSWER))?;
        let denied = clause[k + 1..j].iter().any(|x| {
            is_word(x, NEGATIONS)
                || is_word(x, LEFT_OUT)
                || is_word(x, &["no", "instead", "rather", "unless"])
        });
        // (how it is answered, not that it is: "is shown as unknown", "is given the error",
        // "is returned with `FORBIDDEN`"; or to whom: "is given to the oncall doctor")
        let masked = clause[j + 1..end].iter().take(4).any(|x| {
            is_word(x, LEFT_OUT)
                || is_word(x, &["unknown", "missing", "nonexistent"])
                || x.text == "403"
                || crate::facts::known_code(&x.text.to_ascii_lowercase())
        }) || is_word_at(clause, j + 1, &["to"]);
        (!denied && !masked).then_some(clause[j])
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            "items outside the caller's own said to be in the answer: the clinic API answers a patient the patient's own appointments, a doctor the doctor's own, and the protocols of the doctor's clinic and the shared ones; another's is answered as an unknown id or 403".to_owned(),
        );
    }
}

/// Items of others said to be left out of a read's answer by a denied participle, as the
/// subject of the negation at `neg` ("Appointments of other doctors are not listed", "another
/// patient's appointment is never returned"): true of every read of the caller's own, and no
/// value kept from a person. Only the items' phrase and the verb's auxiliaries lie between them
/// ("…, and the fee is not shown" hides the fee), and none is shown to a person after it ("…
/// not listed to the patient" keeps a fact from the patient).
pub(super) fn others_left_out(clause: &[&Tok], neg: usize, tool: &str, mutates: bool) -> bool {
    let Some(reach) = own_reach(tool, mutates) else {
        return false;
    };
    // (the denied participle, past the auxiliaries: "not listed", "never returned", "not ever
    // shown")
    let verb = (neg + 1..clause.len().min(neg + 4))
        .find(|&j| !is_word(clause[j], &["be", "been", "being", "ever", "also", "even"]));
    let Some(verb) = verb.filter(|&j| is_word(clause[j], IN_THE_ANSWER)) else {
        return false;
    };
    if recipient(&clause[verb..]) || is_word_at(clause, verb + 1, &["to"]) {
        return false;
    }
    // (the items' own phrase: its words of whose, and the auxiliaries before the negation)
    const BETWEEN: &[&str] = &[
        "of",
        "from",
        "at",
        "in",
        "for",
        "with",
        "another",
        "other",
        "others",
        "different",
        "else",
        "the",
        "a",
        "an",
        "any",
        "every",
        "all",
        "each",
        "is",
        "are",
        "was",
        "were",
        "will",
        "be",
        "do",
        "does",
        "s",
        "someone",
        "somebody",
        "anyone",
        "anybody",
        "clinic",
        "clinics",
        "doctor",
        "doctors",
        "patient",
        "patients",
        "person",
        "persons",
        "people",
        "user",
        "users",
        "practice",
        "practices",
        "place",
        "places",
        "site",
        "sites",
    ];
    (0..neg).any(|k| {
        others_item(clause, k, reach)
            && !recipient(&clause[..k])
            && clause[..k].iter().all(|x| {
                x.kind == Kind::Word
                    && !is_word(x, NEGATIONS)
                    && !is_word(x, &["and", "or", "but", "nor", "no"])
            })
            && clause[k + 1..neg].iter().all(|x| is_word(x, BETWEEN))
    })
}

/// Whether the item at `k` (an appointment, an intake, a protocol, or a pronoun of one) is
/// another's than the caller's own by the read's reach: "… of another clinic", "… with other
/// doctors", "another doctor's appointment", "one of someone else".
fn others_item(clause: &[&Tok], k: usize, reach: OwnReach) -> bool {
    const OBJECTS: &[&str] = &[
        "appointment",
        "appointments",
        "intake",
        "intakes",
        "booking",
        "bookings",
        "visit",
        "visits",
        "record",
        "records",
        "protocol",
        "protocols",
    ];
    const PERSONS: &[&str] = &[
        "patient",
        "patients",
        "person",
        "persons",
        "people",
        "user",
        "users",
        "everyone",
        "everybody",
        "anyone",
        "anybody",
    ];
    let fits = |head: &Tok| match reach {
        OwnReach::Patient => is_word(head, PERSONS),
        OwnReach::Doctor => {
            clinician(head)
                || is_word(head, CLINICS)
                || is_word(head, PLACES)
                || is_word(head, &["anyone", "everyone", "someone"])
        }
        OwnReach::Protocols => is_word(head, CLINICS) || is_word(head, PLACES),
    };
    // others: "another clinic", "the other doctors", "every clinic", "someone else"
    let of_others = |p: &Phrase| {
        fits(p.head) && (p.many() || p.words.iter().any(|x| is_word(x, &["different"])))
    };
    // (whose, read through a person's "of" phrase: "an appointment of a patient of another
    // clinic")
    let whose = |rest: &[&Tok]| {
        let else_ = rest.len() >= 2
            && is_word(rest[0], &["someone", "somebody", "anyone", "anybody"])
            && is_word(rest[1], &["else"])
            && reach != OwnReach::Protocols;
        else_
            || phrases(rest).iter().any(|p| {
                of_others(p) || p.of.len() > 1 && phrases(&p.of[1..]).iter().any(&of_others)
            })
    };
    let pronoun = |k: usize| {
        is_word(clause[k], &["those", "ones", "one"])
            && (k == 0 || clause[..k].iter().any(|x| is_word(x, OBJECTS)))
    };
    // (the shared protocols are every clinic's: "shared protocols of every clinic")
    let shared = reach == OwnReach::Protocols
        && clause[k.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, &["shared", "general", "common"]));
    if !(is_word(clause[k], OBJECTS) || pronoun(k)) || shared {
        return false;
    }
    // "… of another clinic", "… with other doctors", or "another doctor's appointment"
    // (protocols "for every clinic" are the shared ones)
    let after = is_word_at(clause, k + 1, &["of", "from", "at", "in"])
        || reach != OwnReach::Protocols && is_word_at(clause, k + 1, &["for"])
        || reach == OwnReach::Doctor && is_word_at(clause, k + 1, &["with"]);
    let before =
        k >= 2 && fits(clause[k - 1]) && is_word(clause[k - 2], &["another", "other", "different"]);
    after && whose(&clause[k + 2..]) || before
}

/// Words inside a noun phrase before its head ("the authenticated doctor's own clinic").
const INSIDE: &[&str] = &[
    "authenticated",
    "same",
    "own",
    "oncall",
    "pending",
    "confirmed",
    "clinical",
    "shared",
    "general",
    "whole",
    "entire",
    "nearest",
    "local",
];

/// A person, a body or a place a reach or an audience can name.
pub(super) fn party(t: &Tok) -> bool {
    is_word(t, PEOPLE)
        || is_word(t, CLINICS)
        || is_word(t, PLACES)
        || clinician(t)
        || is_word(t, PROXIES)
        || is_word(t, BEYOND_CARE)
        || is_word(
            t,
            &[
                "child",
                "children",
                "member",
                "members",
                "insurer",
                "insurers",
                "everyone",
                "anyone",
                "everybody",
                "anybody",
            ],
        )
}

/// One noun phrase of people, a body or a place: its words up to its head, the head, and the
/// words of an "of" phrase after it, which only say whose the head is ("any doctor of the
/// clinic").
pub(super) struct Phrase<'a> {
    pub(super) words: Vec<&'a Tok>,
    pub(super) head: &'a Tok,
    pub(super) of: Vec<&'a Tok>,
}

impl Phrase<'_> {
    /// Many or others: "any doctor", "the other clinics", "the whole clinic".
    pub(super) fn many(&self) -> bool {
        self.words.iter().any(|x| is_word(x, MANY))
    }
    /// A plural head, or a body of people ("doctors", "staff").
    pub(super) fn plural(&self) -> bool {
        self.head.text.ends_with('s') || is_word(self.head, &["staff", "family", "team"])
    }
}

/// The noun phrases of [`party`] heads at the start of `rest`, one per item of a list ("its
/// patient, its doctor and the nurses of the clinic", "of the authenticated doctor and of the
/// other doctors of the clinic"). A phrase whose head is no party ends the list.
pub(super) fn phrases<'a>(rest: &[&'a Tok]) -> Vec<Phrase<'a>> {
    let inside = |x: &Tok| is_word(x, DETERMINERS) || is_word(x, INSIDE) || party(x);
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        // (a part of a list: "one of the clinics", "any of the doctors")
        if rest.get(i).is_some_and(|x| is_word(x, DETERMINERS)) && is_word_at(rest, i + 1, &["of"])
        {
            i += 2;
        }
        while rest.get(i).is_some_and(|x| inside(x)) {
            i += 1;
        }
        let Some(h) = (start..i).rev().find(|&j| party(rest[j])) else {
            break;
        };
        // (the "of" phrase runs to the next item or mark: "the doctor of the appointment and …")
        let mut of = Vec::new();
        if is_word_at(rest, i, &["of"]) {
            while rest.get(i).is_some_and(|x| {
                x.kind == Kind::Word
                    && !is_word(x, &["and", "or"])
                    && (is_word(x, &["of"]) || !is_word(x, PREPOSITIONS))
            }) {
                of.push(rest[i]);
                i += 1;
            }
        }
        out.push(Phrase {
            words: rest[start..=h].to_vec(),
            head: rest[h],
            of,
        });
        // the next item: "and …", "or of …", ", its doctor"
        let comma = rest.get(i).is_some_and(|x| x.kind == Kind::Comma)
            && rest.get(i + 1).is_some_and(|x| inside(x));
        if !(comma || is_word_at(rest, i, &["and", "or"])) {
            break;
        }
        i += 1;
        if is_word_at(rest, i, &["and", "or"]) {
            i += 1;
        }
        if is_word_at(
            rest,
            i,
            &["of", "for", "to", "by", "from", "at", "in", "across"],
        ) {
            i += 1;
        }
    }
    out
}

/// An owner wider than the one person the token names: a clinic or a place, or many doctors or
/// others ("the authenticated doctor's clinic", "every doctor of the clinic", "the doctors of the
/// clinic", "a colleague").
fn wide_owner(p: &Phrase) -> bool {
    is_word(p.head, CLINICS)
        || is_word(p.head, PLACES)
        || clinician(p.head)
            && (p.many() || p.plural() || is_word(p.head, &["colleague"]))
        // (whose they are, inside the phrase: "every doctor's patients")
        || p.many() && p.words.iter().any(|x| clinician(x) || is_word(x, CLINICS))
        // (any one doctor of a clinic: "a doctor of the authenticated doctor's clinic")
        || clinician(p.head)
            && p.words.first().is_some_and(|x| is_word(x, &["a", "an"]))
            && p.of.iter().any(|x| is_word(x, CLINICS))
}

/// The owner named after the preposition at `i`, read through the things between ("from the
/// library of each clinic"): the first person or body named is the owner, and `wide` judges it.
fn owned_by(clause: &[&Tok], mut i: usize, wide: &dyn Fn(&Phrase) -> bool) -> bool {
    for _ in 0..4 {
        let owners = phrases(&clause[i + 1..]);
        if !owners.is_empty() {
            return owners.iter().any(wide);
        }
        i += 1;
        while clause
            .get(i)
            .is_some_and(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
        {
            i += 1;
        }
        if !is_word_at(clause, i, &["of"]) {
            return false;
        }
    }
    false
}

/// A doctor's or a patient's tool said to reach the appointments of a clinic, of many doctors
/// or of others ("List the appointments of the authenticated doctor's clinic", "Confirm a
/// pending appointment of any doctor of the clinic", "Get one appointment of the clinic by id",
/// "the clinic's schedule", "every appointment at the clinic"): the clinic API gives a doctor
/// the doctor's own appointments and a patient the patient's own, and answers 403 for any
/// other, doctors of other clinics included. A booking takes any doctor's open slot, and a
/// refusal said of others' appointments is true ("an appointment of another clinic gives the
/// error `FORBIDDEN`"; `refused`: the clause names an answer with no change, a code or a
/// status).
pub(super) fn reach_widened(clause: &[&Tok], tool: &str, refused: bool, out: &mut Vec<Violation>) {
    if !reaches_own_records(tool)
        || tool
            .split('_')
            .next()
            .is_some_and(|f| matches!(f, "book" | "join" | "find"))
    {
        return;
    }
    const OWNED: &[&str] = &[
        "appointment",
        "appointments",
        "schedule",
        "schedules",
        "intake",
        "intakes",
        "booking",
        "bookings",
        "visit",
        "visits",
        "calendar",
        "calendars",
        "form",
        "forms",
        "case",
        "cases",
        "record",
        "records",
        "patients",
    ];
    // (a doctor's own appointments are with the doctor: "with a doctor of the clinic" names
    // another; a patient's appointment is with any doctor)
    let by_doctor = crate::facts::doctors_only(tool);
    // (a refusal of others' appointments: "appointments of other doctors are not in the list")
    let refused = |k: usize| {
        refused
            || clause[k..]
                .iter()
                .any(|x| is_word(x, LEFT_OUT) || x.text == "403")
    };
    let hit = clause.iter().enumerate().find_map(|(k, t)| {
        if !is_word(t, OWNED)
            || clause[k.saturating_sub(3)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
        {
            return None;
        }
        // (masked as unknown: a doctor's appointment of another clinic, anyone's of another
        // patient; a patient's own appointment is at any clinic)
        let masked =
            |p: &Phrase| masked_as_unknown(clause) && (by_doctor || !is_word(p.head, CLINICS));
        let widened = |p: &Phrase| wide_owner(p) && !(others(p) && (refused(k) || masked(p)));
        // many objects: "the appointments", "every appointment", "the schedule"
        let many = t.text.ends_with('s')
            || is_word(t, &["schedule", "calendar"])
            || k >= 1 && is_word(clause[k - 1], MANY);
        // whose: "… of the doctor's clinic", "… of any doctor of the clinic", "… for every doctor"
        // … through the things between: "the form of one case of the doctor's clinic", "an
        // appointment of the slots of the clinic"
        let whose = {
            let mut i = k + 1;
            let mut found = false;
            for _ in 0..4 {
                let at = is_word_at(clause, i, &["at"]);
                let owner = at
                    || is_word_at(clause, i, &["of", "for"])
                    || by_doctor && is_word_at(clause, i, &["with"]);
                if !owner {
                    break;
                }
                // (a person or a body named is the owner: "of the authenticated doctor of the
                // clinic" is that doctor's; "at" names one as a place, and a place that is
                // someone's clinic (its possessive read as a party before the head), or many people, is the owner: "an appointment at the
                // authenticated doctor's clinic")
                let owners = phrases(&clause[i + 1..]);
                if !owners.is_empty() {
                    found = owners.iter().any(|p| {
                        widened(p)
                            && (!at
                                || p.many()
                                || is_word(p.head, CLINICS)
                                    && p.words[..p.words.len() - 1].iter().any(|x| party(x)))
                    });
                    break;
                }
                i += 1;
                while clause
                    .get(i)
                    .is_some_and(|x| x.kind == Kind::Word && !is_word(x, PREPOSITIONS))
                {
                    i += 1;
                }
            }
            found
        };
        // where, of many: "every appointment at the clinic", "the appointments in the clinic"
        let place =
            many && is_word_at(
                clause,
                k + 1,
                &["at", "in", "across", "within", "throughout"],
            ) && phrases(&clause[k + 2..])
                .first()
                .is_some_and(|p| is_word(p.head, CLINICS) || is_word(p.head, PLACES));
        // whose, said before: "the clinic's appointments", "every doctor's schedule", "a
        // colleague's appointment"
        let from = (0..k)
            .rev()
            .take_while(|&j| {
                is_word(clause[j], DETERMINERS) || is_word(clause[j], INSIDE) || party(clause[j])
            })
            .last()
            .unwrap_or(k);
        // (a place before the object names a kind of visit: "General practice visits")
        let before = phrases(&clause[from..k]).first().is_some_and(|p| {
            if is_word(p.head, CLINICS) {
                many
            } else {
                !is_word(p.head, PLACES) && widened(p)
            }
        });
        (whose || place || before).then_some(*t)
    });
    if let Some(t) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            "the appointments of a clinic, of many doctors or of others: the clinic API gives a doctor the doctor's own appointments and a patient the patient's own".to_owned(),
        );
    }
}

/// Another person said to act through the tool, or to be acted for ("for the authenticated
/// patient or a child of the patient", "of … a member of the family", "Open to … the guardian of
/// the patient", "A parent books for a child"): the token names one person, and the clinic API
/// answers for that person only. Said as what no one does, it passes ("no guardian acts through
/// it").
pub(super) fn proxy_named(clause: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    if !reaches_own_records(tool) {
        return;
    }
    // (who sees a value is an audience, read by `audience_widened`: "shown to the patient and the
    // guardian")
    let seen = |k: usize| {
        clause[..k]
            .windows(2)
            .any(|w| is_word(w[0], OPENED_TO) && is_word(w[1], &["to", "by", "with"]))
    };
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        if seen(k)
            || clause[k.saturating_sub(8)..k]
                .iter()
                .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
        {
            return false;
        }
        let proxy = is_word(t, PROXIES)
            && !(is_word(t, &["dependent"]) && is_word_at(clause, k + 1, &["on", "upon"]))
            && !(is_word(t, &["relative"]) && is_word_at(clause, k + 1, &["to"]));
        // a child or a member of someone: "a child of the patient", "the patient's children",
        // "or a child", "for a child"
        let someones = is_word(t, &["child", "children", "member", "members"])
            && (is_word_at(clause, k + 1, &["of"])
                || k >= 1
                    && (is_word(clause[k - 1], PATIENT_SIDE)
                        || is_word(clause[k - 1], &["their", "his", "her", "family"]))
                || k >= 2
                    && is_word(clause[k - 1], DETERMINERS)
                    && is_word(
                        clause[k - 2],
                        &["for", "by", "through", "with", "or", "and", "to", "of"],
                    ));
        // "or another person", "for other people" (not "details about other people", nor
        // "other persons get the error 403")
        let another = is_word(t, &["person", "persons", "people"])
            && k >= 2
            && is_word(clause[k - 1], &["another", "other"])
            && is_word(
                clause[k - 2],
                &["for", "by", "through", "or", "and", "to", "with"],
            );
        // "a person in the care of the patient"
        let cared_for = is_word(t, &["care"])
            && k >= 2
            && is_word(clause[k - 1], &["the"])
            && is_word(clause[k - 2], &["in", "under"])
            && is_word_at(clause, k + 1, &["of"]);
        proxy || someones || another || cared_for
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            "another person acting through the tool, or acted for: the token names one person, and the clinic API answers for that person only".to_owned(),
        );
    }
}

/// The escalation said to reach past the appointment's own clinic ("to the oncall doctor of the
/// region", "… of any clinic", "the oncall doctor of another clinic gets the appointment", "moves
/// to another clinic"): the clinic API gives the appointment to the oncall doctor of the same
/// clinic, or answers `NO_ONCALL_DOCTOR`.
pub(super) fn escalation_reach(clause: &[&Tok], effects: &[&str], out: &mut Vec<Violation>) {
    let escalation = effects.contains(&"escalate")
        || clause.iter().any(|x| {
            is_word(
                x,
                &[
                    "oncall",
                    "escalation",
                    "escalations",
                    "escalated",
                    "escalate",
                ],
            )
        });
    if !escalation {
        return;
    }
    // the clinic said as the appointment's own ("the same clinic", "its clinic", "the clinic of
    // the doctor"), or a time of the oncall doctor ("the oncall doctor of the day")
    let own = |p: &Phrase| {
        (is_word(p.head, &["clinic"])
            && !p.many()
            && p.words.iter().any(|x| {
                is_word(
                    x,
                    &[
                        "the", "its", "this", "that", "same", "own", "their", "his", "her",
                    ],
                )
            }))
            || !(is_word(p.head, CLINICS) || is_word(p.head, PLACES))
    };
    let negated = |k: usize| {
        clause[k.saturating_sub(4)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS))
    };
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // "the oncall doctor of the region", "an oncall doctor at another clinic"
        let oncall = is_word(t, &["oncall"]) && {
            let j = k
                + 1
                + usize::from(is_word_at(
                    clause,
                    k + 1,
                    &[
                        "doctor",
                        "doctors",
                        "physician",
                        "service",
                        "team",
                        "roster",
                    ],
                ));
            is_word_at(clause, j, &["of", "at", "in", "from"])
                && phrases(&clause[j + 1..]).first().is_some_and(|p| !own(p))
        };
        // "moves to another clinic", "is given to a clinic with an oncall doctor" (not where an
        // appointment is: "An appointment at a clinic with no oncall doctor gives …")
        let moved = is_word(t, &["to", "into"])
            && phrases(&clause[k + 1..]).first().is_some_and(|p| !own(p));
        (oncall || moved) && !negated(k)
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Effects,
            t,
            "the escalation said to reach past the appointment's clinic: the clinic API gives it to the oncall doctor of the same clinic".to_owned(),
        );
    }
}

/// A protocol search said to reach the protocols of every clinic or of other ones ("the
/// protocols of all clinics", "of each clinic", "from every clinic", "of the doctor's clinic and
/// of other clinics", "every protocol"): the clinic API answers with the protocols of the
/// doctor's own clinic and the shared ones. The shared ones said as "for every clinic" or "shared
/// by every clinic" pass, and so do the others said as left out ("Protocols of other clinics are
/// out of the search"; `refused`: the clause names an answer with no change).
pub(super) fn protocol_reach(clause: &[&Tok], tool: &str, refused: bool, out: &mut Vec<Violation>) {
    const PROTOCOLS: &[&str] = &["protocol", "protocols"];
    let of_protocols = tool.split('_').any(|p| p.starts_with("protocol"))
        || clause.iter().any(|x| is_word(x, PROTOCOLS));
    if !of_protocols {
        return;
    }
    // (the protocols of other clinics said as left out: "Protocols of other clinics are out of
    // the search", "A protocol of another clinic gives 403 unless …")
    let left_out = |k: usize| {
        refused
            || clause[k..]
                .iter()
                .any(|x| is_word(x, LEFT_OUT) || is_word(x, &["unless"]) || x.text == "403")
    };
    let negated = |k: usize| {
        clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    let wide = |p: &Phrase, k: usize| {
        (is_word(p.head, PLACES)
            || is_word(p.head, CLINICS)
                && (p.many() || p.plural() || p.words.iter().any(|x| is_word(x, &["a", "an"]))))
            && !(others(p) && left_out(k))
    };
    // (what narrows a search to the doctor's own: "the doctor's own clinic", "the shared ones")
    let narrowed = clause.iter().any(|x| {
        is_word(
            x,
            &[
                "own", "shared", "general", "clinic", "caller", "doctor", "doctors",
            ],
        )
    });
    let hit = clause.iter().enumerate().find(|&(k, t)| {
        // (the shared ones: "the general protocols of all clinics")
        let shared = clause[k.saturating_sub(2)..k]
            .iter()
            .any(|x| is_word(x, &["shared", "general", "common"]));
        // (a pronoun after the protocols stands for them: "the protocols, those of other
        // clinics included")
        let pronoun =
            is_word(t, &["those", "ones"]) && clause[..k].iter().any(|x| is_word(x, PROTOCOLS));
        if !(is_word(t, PROTOCOLS) || pronoun) || negated(k) || shared {
            return false;
        }
        // "the protocols of all clinics", "… across all clinics", "… of the region"
        // … read past an aside and through the things between, up to the next protocol: "the
        // matching protocols, ranked by relevance, from the library of each clinic"
        let whose = clause[k + 1..]
            .iter()
            .enumerate()
            .take_while(|(_, x)| !is_word(x, PROTOCOLS))
            .any(|(j, x)| {
                // (past an aside only a source: "of the clinic of the doctor or for every
                // clinic" after a comma says whose one protocol is, the shared ones included)
                let from = if j == 0 {
                    &["of", "from", "in", "at", "across", "within", "throughout"][..]
                } else {
                    &["from", "across", "throughout"][..]
                };
                is_word(x, from) && owned_by(clause, k + 1 + j, &|p| wide(p, k))
            });
        // "every protocol", "all the protocols"
        let every = !narrowed
            && (k >= 1 && is_word(clause[k - 1], &["every", "all", "any"])
                || k >= 2 && is_word(clause[k - 2], &["all"]) && is_word(clause[k - 1], &["the"]));
        whose || every
    });
    if let Some((_, t)) = hit {
        push(
            out,
            Rule::Exfiltration,
            t,
            "the protocols of every clinic or of other ones: the clinic API answers with the protocols of the doctor's own clinic and the shared ones".to_owned(),
        );
    }
}

/// A parameter of a doctor's own list (the doctor's schedule) that takes a doctor's id, named
/// (`doctor_id`) or described ("Id of a doctor of the clinic"): the clinic API lists the
/// authenticated doctor's own appointments, and no id picks another doctor's. `words` are the
/// name's parts, or the first clause's words. Gives whether it is said.
pub(super) fn doctors_id_on_own_list(words: &[&str], tool: &str, mutates: bool) -> bool {
    if mutates || !crate::facts::doctors_only(tool) || tool.starts_with("get_") {
        return false;
    }
    let id = |w: &str| matches!(w, "id" | "ids" | "identifier");
    let clinician = |w: &str| STAFF_MEMBERS.contains(&w) || CLINICIANS_BEYOND_STAFF.contains(&w);
    // `doctor_id`, `doctor_ids`; "Id of a doctor …", "The ids of the doctors …"
    let named = words.windows(2).any(|w| clinician(w[0]) && id(w[1]));
    let described = words
        .iter()
        .position(|w| !DETERMINERS.contains(w))
        .is_some_and(|i| {
            id(words[i])
                && words.get(i + 1) == Some(&"of")
                && words[i + 2..]
                    .iter()
                    .find(|w| {
                        !DETERMINERS.contains(w)
                            && !matches!(**w, "other" | "another" | "one" | "of")
                    })
                    .is_some_and(|w| clinician(w))
        });
    // (the value said to be a doctor: "The doctor whose appointments to list, by id", "A
    // doctor of the clinic")
    let a_doctor = words
        .iter()
        .position(|w| !DETERMINERS.contains(w))
        .is_some_and(|i| {
            clinician(words[i])
                && words.get(i + 1).is_none_or(|w| {
                    matches!(
                        *w,
                        "whose"
                            | "who"
                            | "whom"
                            | "that"
                            | "to"
                            | "of"
                            | "by"
                            | "at"
                            | "with"
                            | "in"
                    )
                })
        });
    named || described || a_doctor
}
