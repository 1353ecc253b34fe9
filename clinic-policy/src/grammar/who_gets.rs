//! Who gets a value, read as a set of people: each person an audience names ("for the oncall
//! doctor and the patient", "shown to its patient and to the patient's next doctor", "its patient
//! sees the note", "for the clinic's doctors") is judged against the people the contract gives
//! that value to, whatever words name them, in both directions: a person the value does not
//! reach is a widening, and an audience that leaves out the person the tool answers keeps the
//! value from them.

use super::reach::party;
use crate::facts::{doctors_only, patients_call, reaches_own_records};
use crate::lang::words::*;
use crate::served::{PROTOCOL_SEARCH, role_of};
use crate::types::{Rule, Violation};

/// A value whose audience the contract fixes.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Value {
    /// The escalation's note: sent with the escalation, for the doctor the appointment goes to;
    /// the API answers it to no one, the patient included.
    Note,
    /// The rejection's reason: stored on the appointment and shown to its patient; its doctor
    /// wrote it.
    Reason,
    /// The intake (symptoms, days, severity, triage level): its owner patient and the
    /// appointment's doctor, the oncall doctor after an escalation.
    Intake,
    /// The appointment and its fields: its patient and its doctor, the oncall doctor after an
    /// escalation.
    Appointment,
    /// What the protocol search answers: for the role that tool serves ([`role_of`]), the
    /// calling doctor, and no patient.
    Protocol,
}

/// One person of an audience, by who they are to the appointment.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Person {
    /// The appointment's patient, or patients as a role.
    Patient,
    /// The appointment's doctor (its doctors, the first and the oncall one), or doctors as a role.
    Doctor,
    /// The clinic's oncall doctor.
    Oncall,
    /// The caller, who is either.
    Caller,
    /// The clinic's staff: its doctors as many, its nurses, the clinic as a body.
    Staff,
    /// Anyone else: other or next patients, another person's patients or doctor, many doctors,
    /// the clinic's staff, bodies and families.
    Other,
}

impl Value {
    /// Whether the contract gives the value to `p`.
    fn reaches(self, p: Person) -> bool {
        if self == Value::Protocol {
            return protocols_reach(p);
        }
        match p {
            Person::Other => false,
            // (the note stays at the clinic; the appointment and its intake are answered to
            // their patient and doctor, and 403 to anyone else)
            Person::Staff => self == Value::Note,
            Person::Patient => self != Value::Note,
            // (a rejection's reason is for its patient; a rejected appointment is escalated no
            // more)
            Person::Oncall => self != Value::Reason,
            Person::Doctor | Person::Caller => true,
        }
    }
}

/// The value a text's words name, the most specific first: the note of an escalation, the
/// reason of a rejection, the intake, the appointment (or, in an answer of the caller's own
/// records, one of its fields named bare: "The doctor, …").
fn value_in(words: &[&Tok], tool: &str) -> Option<Value> {
    let has = |list: &[&str]| words.iter().any(|x| is_word(x, list));
    let escalating = tool.starts_with("escalate");
    if has(&["note", "notes"])
        && (escalating || has(&["escalation", "escalations", "escalated", "urgent"]))
        || escalating && has(&["reason", "reasons"]) && has(&["urgent"])
    {
        return Some(Value::Note);
    }
    if has(&["reason", "reasons"])
        && (tool.starts_with("reject") || has(&["rejection", "rejections", "rejected"]))
    {
        return Some(Value::Reason);
    }
    // (what the protocol search answers, named by a word of it; "a patient gets
    // `ROLE_NOT_PERMITTED`" names a code, which reads as the word "code")
    if tool == PROTOCOL_SEARCH {
        let protocol = has(&[
            "protocol",
            "protocols",
            "title",
            "titles",
            "excerpt",
            "excerpts",
            "text",
            "match",
            "matches",
            "matching",
            "result",
            "results",
            "ones",
            "shared",
            "review",
            "reviewed",
        ]);
        return (protocol && !has(&["code", "codes", "error", "errors"]))
            .then_some(Value::Protocol);
    }
    // (a slot or a protocol is not the appointment's)
    if has(&["slot", "slots", "protocol", "protocols"]) {
        return None;
    }
    if has(&[
        "intake", "intakes", "symptom", "symptoms", "severity", "triage", "lasted", "duration",
    ]) || tool.contains("intake") && has(&["days"])
    {
        return Some(Value::Intake);
    }
    if has(&[
        "appointment",
        "appointments",
        "status",
        "statuses",
        "priority",
        "booking",
        "bookings",
        "schedule",
    ]) {
        return Some(Value::Appointment);
    }
    let bare_field = words
        .iter()
        .find(|x| x.kind == Kind::Word && !is_word(x, DETERMINERS))
        .is_some_and(|x| is_word(x, &["doctor", "patient", "time", "times", "start", "end"]));
    (bare_field && reaches_own_records(tool)).then_some(Value::Appointment)
}

/// A word said with a possessive ("the doctor's patients"): the tokens drop the "'s".
fn possessive(t: &Tok, text: &str) -> bool {
    text.get(t.end..)
        .is_some_and(|r| r.starts_with("'s") || r.starts_with("\u{2019}s"))
}

/// Words inside a person phrase before its head.
const MODIFIERS: &[&str] = &[
    "authenticated",
    "oncall",
    "on",
    "call",
    "same",
    "first",
    "next",
    "new",
    "own",
    "treating",
    "assigned",
    "current",
    "previous",
    "former",
    "second",
    "later",
    "responsible",
    "other",
    "another",
];

/// The person a phrase at `i` names, and the index after it ("the patient of the appointment",
/// "its doctor", "the patient's next doctor", "the clinic's oncall doctor", "the first doctor's
/// other patients").
fn person_at(clause: &[&Tok], i: usize, text: &str) -> Option<(Person, usize)> {
    const PATIENTS: &[&str] = &["patient", "patients", "owner", "owners", "person", "human"];
    const DOCTORS: &[&str] = &[
        "doctor",
        "doctors",
        "physician",
        "physicians",
        "clinician",
        "clinicians",
    ];
    const MANY: &[&str] = &[
        "other", "another", "any", "every", "all", "each", "some", "several", "many", "both",
        "next",
    ];
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    let mut j = i;
    let mut determined = false;
    let mut many = false;
    // a person said to own the head ("the doctor's patients", "the patient's next doctor"), and
    // a word that picks one of many ("first", "next", "new")
    let mut owner = false;
    let mut picked = false;
    let mut oncall = false;
    while w(j, DETERMINERS) {
        // ("for no other person": a negation, read elsewhere)
        if w(j, &["no", "neither"]) {
            return None;
        }
        many |= w(j, MANY);
        determined = true;
        j += 1;
    }
    let head = loop {
        let x = clause.get(j)?;
        if x.kind != Kind::Word {
            return None;
        }
        let next_in_phrase = clause
            .get(j + 1)
            .is_some_and(|n| n.kind == Kind::Word && (party(n) || is_word(n, MODIFIERS)));
        if possessive(x, text) && next_in_phrase {
            if party(x) && !is_word(x, &["clinic"]) {
                // (an owner picked out is another's: "the first doctor's patients")
                picked |= owner;
                owner = true;
            }
            j += 1;
            continue;
        }
        // ("the appointment's doctor")
        if possessive(x, text) && is_word(x, &["appointment", "visit", "booking"]) {
            j += 1;
            continue;
        }
        if is_word(x, MODIFIERS) && j + 1 < clause.len() && j < i + 6 {
            many |= is_word(x, &["next", "other", "another"]);
            picked |= !is_word(x, &["authenticated", "oncall", "on", "call", "same", "own"]);
            oncall |= is_word(x, &["oncall"]) || is_word(x, &["on"]) && w(j + 1, &["call"]);
            j += 1;
            continue;
        }
        if party(x) || is_word(x, PATIENTS) {
            break x;
        }
        return None;
    };
    j += 1;
    // the "of" phrase after the head, to the next item of the list
    let mut of: Vec<&Tok> = Vec::new();
    if w(j, &["of"]) {
        // (a verb ends it: "the oncall doctor of the clinic gets the note")
        while clause.get(j).is_some_and(|x| {
            x.kind == Kind::Word
                && !is_word(x, &["and", "or"])
                && (is_word(x, &["of"]) || !is_word(x, PREPOSITIONS))
                && !is_word(x, GETS)
                && !is_word(x, SHOWN)
                && verb(&x.text).is_none()
        }) {
            of.push(clause[j]);
            j += 1;
        }
    }
    let of_has = |list: &[&str]| of.iter().any(|x| is_word(x, list));
    let of_the_appointment = of_has(&["appointment", "appointments", "visit", "intake", "case"]);
    let plural =
        head.text.ends_with('s') && !is_word(head, &["clinics"]) || is_word(head, &["staff"]);
    let staff = is_word(head, STAFF_MEMBERS) || is_word(head, &["clinic", "clinics"]);
    // the appointment's other person, said by a possessive ("the patient's doctor", "the
    // doctor's patient"); many of them or one picked out ("the doctor's patients", "the
    // patient's next doctor", "the first doctor's patient") are others
    let owned_by_another = owner
        && (picked
            || head.text.ends_with('s')
            || !is_word(head, &["doctor", "patient", "physician"]));
    let person = if many || owned_by_another || of_has(MANY) || of_has(&["first"]) {
        // (many of the clinic's own people: "every doctor of the clinic")
        if staff && !owned_by_another && !of_has(&["first"]) && !is_word(head, PATIENTS) {
            Person::Staff
        } else {
            Person::Other
        }
    } else if is_word(head, &["caller", "callers", "user", "users"]) {
        Person::Caller
    } else if is_word(head, PATIENTS) {
        // (patients as a role, bare, or the patients of one appointment; not "the patients",
        // "its patients", "the patients of the doctor")
        if plural && determined && !of_the_appointment {
            Person::Other
        } else {
            Person::Patient
        }
    } else if is_word(head, DOCTORS) {
        if oncall {
            Person::Oncall
        } else if (plural && determined || of_has(&["clinic", "clinics"])) && !of_the_appointment {
            // ("its doctors", "the doctors of the clinic", "a doctor of the clinic": the clinic's
            // doctors, not the appointment's)
            Person::Staff
        } else {
            Person::Doctor
        }
    } else if staff {
        Person::Staff
    } else {
        Person::Other
    };
    Some((person, j))
}

/// The people of a list at `i` ("the oncall doctor and the patient", "its patient, and to the
/// next patient of the slot"), and the index after it.
fn people_at(clause: &[&Tok], i: usize, text: &str) -> Option<(Vec<Person>, usize)> {
    let (first, mut j) = person_at(clause, i, text)?;
    let mut people = vec![first];
    loop {
        let mut k = j;
        if clause.get(k).is_some_and(|x| x.kind == Kind::Comma) {
            k += 1;
        }
        if !is_word_at(clause, k, &["and", "or"]) {
            break;
        }
        k += 1;
        // ("… and to the patient's next doctor")
        if is_word_at(clause, k, &["to", "by", "for", "with"]) {
            k += 1;
        }
        let Some((p, next)) = person_at(clause, k, text) else {
            break;
        };
        people.push(p);
        j = next;
    }
    Some((people, j))
}

/// Words of seeing before "to", "by" or "with" and its audience.
const SHOWN: &[&str] = &[
    "shown",
    "seen",
    "visible",
    "readable",
    "read",
    "sent",
    "given",
    "shared",
    "available",
    "accessible",
    "viewable",
    "known",
    "open",
    "meant",
    "addressed",
];

/// Verbs of a person getting a value ("the patient sees the note").
const GETS: &[&str] = &[
    "sees", "see", "reads", "read", "views", "view", "gets", "get", "receives", "receive", "hears",
];

/// The statuses and waits a "for" can follow without naming who sees a value ("pending again,
/// for the doctor of the new slot": the doctor's answer is awaited).
const AWAITED: &[&str] = &[
    "pending",
    "waits",
    "wait",
    "waiting",
    "until",
    "again",
    "open",
    "available",
];

/// An audience of a value read against the contract's: see the module's documentation. `head`
/// is the text's first clause, of which a later clause says "it"; `answer` tells an
/// output's description, where a value is what the tool gives its caller.
pub(super) fn audience_set(
    clause: &[&Tok],
    head: &[&Tok],
    text: &str,
    tool: &str,
    answer: bool,
    out: &mut Vec<Violation>,
) {
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    let negated = |k: usize| {
        clause[k.saturating_sub(3)..k]
            .iter()
            .any(|x| is_word(x, NEGATIONS) || is_word(x, &["no"]))
    };
    let bare = |thing: &[&Tok]| {
        thing.iter().all(|x| {
            x.kind != Kind::Word
                || is_word(x, DETERMINERS)
                || is_word(
                    x,
                    &[
                        "it", "them", "this", "only", "value", "field", "also", "too",
                    ],
                )
        })
    };
    let value_of = |thing: &[&Tok]| {
        if bare(thing) || thing.iter().any(|x| is_word(x, &["it", "them"])) {
            value_in(thing, tool).or_else(|| value_in(head, tool))
        } else {
            value_in(thing, tool)
        }
    };
    // (a refusal names who is kept out: "for another caller, the answer is the error 403")
    let refusal = clause.iter().any(|x| {
        [
            "error",
            "errors",
            "403",
            "forbidden",
            "refused",
            "denied",
            "role_not_permitted",
        ]
        .iter()
        .any(|w| x.text.eq_ignore_ascii_case(w))
    });
    if refusal {
        return;
    }
    for k in 0..clause.len() {
        // "for …", "shown to …", "seen by …", "shared with …"
        let (start, shown) = if w(k, &["for"]) {
            (k + 1, false)
        } else if w(k, SHOWN) && w(k + 1, &["to", "with"])
            // ("given by the doctor" names who wrote it)
            || w(k, &["seen", "read", "viewed", "readable", "visible", "known"]) && w(k + 1, &["by"])
        {
            (k + 2, true)
        } else {
            continue;
        };
        // ("Only for doctors of the clinic." names who calls, read elsewhere)
        if negated(k) || k == 1 && w(0, &["only"]) {
            continue;
        }
        let Some((people, end)) = people_at(clause, start, text) else {
            continue;
        };
        let Some(value) = value_of(&clause[..k]) else {
            continue;
        };
        if value == Value::Protocol && !protocol_audience(clause, end, &people) {
            continue;
        }
        if let Some(p) = people.iter().find(|p| !value.reaches(**p)) {
            let who = match p {
                Person::Patient => "the patient",
                Person::Oncall => "the oncall doctor",
                _ => "someone the contract does not name",
            };
            push(
                out,
                Rule::Exfiltration,
                clause[k],
                format!(
                    "an audience of {} that names {who}: {}",
                    value.name(),
                    value.contract()
                ),
            );
            return;
        }
        // an answer's value kept from the one it answers: no patient where a patient calls, no
        // doctor where only a doctor does
        // ("pending again, for the doctor of the new slot" awaits the doctor's answer)
        // (the audience of a value is said beside it, after a comma or a word that relabels
        // it: "Status of the appointment, for the doctor's use", "a medical fact for the
        // doctor"; not "the time is right for the patient")
        let beside = k >= 1
            && (clause[k - 1].kind == Kind::Comma || !shown && is_word(clause[k - 1], RELABELS));
        let awaited = !shown
            && clause[k.saturating_sub(2)..k]
                .iter()
                .any(|x| is_word(x, AWAITED) || is_word(x, APPOINTMENT_STATUSES));
        // (said positively, "for …": "seen by the doctor" adds a reader, and what a tool takes
        // is written for its reader)
        let kept_from_patient = patients_call(tool)
            && !shown
            && value != Value::Note
            && !people
                .iter()
                .any(|p| matches!(p, Person::Patient | Person::Caller));
        // (a doctor's value said to be shown to its patient too is no narrowing: "the new status
        // is part of the appointment as shown to the patient")
        let kept_from_doctor = doctors_only(tool)
            && !shown
            && matches!(value, Value::Intake | Value::Appointment)
            && !people
                .iter()
                .any(|p| matches!(p, Person::Doctor | Person::Oncall | Person::Caller));
        if answer && beside && !awaited && (kept_from_patient || kept_from_doctor) {
            push(
                out,
                Rule::Concealment,
                clause[k],
                format!(
                    "an audience of {} that leaves out the person the tool answers: {}; say who sees it as the contract does",
                    value.name(),
                    value.contract()
                ),
            );
            return;
        }
    }
    // "its patient sees the note", "the patient sees it too"
    for v in 1..clause.len() {
        if !w(v, GETS) {
            continue;
        }
        let end = (0..v)
            .rev()
            .find(|&j| !w(j, &["can", "may", "also", "too", "then", "always", "only"]));
        let Some(end) = end else {
            continue;
        };
        // the subject: the shortest person phrase that ends at the verb
        let subject = (end.saturating_sub(8)..=end)
            .find_map(|s| person_at(clause, s, text).filter(|&(_, next)| next == end + 1));
        let Some((person, _)) = subject else {
            continue;
        };
        // (what the person gets runs to a negation: "sees the appointment, but not the note";
        // one said first is what the person does not get: "gets no note")
        let object = &clause[v + 1..];
        let object = &object[..object
            .iter()
            .position(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "except"]))
            .unwrap_or(object.len())];
        if negated(v) || object.is_empty() {
            continue;
        }
        let Some(value) = value_of(object) else {
            continue;
        };
        if !value.reaches(person) {
            push(
                out,
                Rule::Exfiltration,
                clause[v],
                format!(
                    "a person said to get {} whom the contract does not give it to: {}",
                    value.name(),
                    value.contract()
                ),
            );
            return;
        }
    }
}

/// Whether the person whose head is at `head` of `clause` is one the contract gives none of
/// the value `object` names ("the patient" and "note" of an escalation): saying that person
/// gets none of it is the contract, not a value kept back.
pub(super) fn withheld(
    clause: &[&Tok],
    head: usize,
    object: &[&Tok],
    text: &str,
    tool: &str,
) -> bool {
    let person = (head.saturating_sub(6)..=head)
        .find_map(|s| person_at(clause, s, text).filter(|&(_, next)| next == head + 1));
    person.is_some_and(|(p, _)| value_in(object, tool).is_some_and(|v| !v.reaches(p)))
}

/// Nouns a value is named or relabelled by, before the "for" of its audience ("a value for the
/// doctor", "a medical fact for the doctor", "Status for the doctor").
const RELABELS: &[&str] = &[
    "value",
    "values",
    "fact",
    "facts",
    "data",
    "figure",
    "field",
    "fields",
    "information",
    "detail",
    "details",
    "item",
    "entry",
    "status",
    "level",
    "score",
    "symptoms",
    "severity",
    "priority",
    "reason",
    "note",
    "use",
];

impl Value {
    fn name(self) -> &'static str {
        match self {
            Value::Note => "the escalation's note",
            Value::Reason => "the rejection's reason",
            Value::Intake => "the intake",
            Value::Appointment => "the appointment",
            Value::Protocol => "the protocols",
        }
    }
    fn contract(self) -> &'static str {
        match self {
            Value::Note => {
                "the note goes with the escalation to the oncall doctor, and the clinic API shows it to no patient"
            }
            Value::Reason => "the reason is stored on the appointment and shown to its patient",
            Value::Intake => {
                "the clinic API answers the intake to its owner patient and to the appointment's doctor only"
            }
            Value::Appointment => {
                "the clinic API answers the appointment to its owner patient and to its doctor only"
            }
            Value::Protocol => {
                "the protocol search serves doctors only, and answers the calling doctor; a patient gets `ROLE_NOT_PERMITTED`"
            }
        }
    }
}

/// Whom the protocols reach: the people of the role the protocol search serves (a doctor: the
/// caller, the appointment's or the oncall doctor, the clinic's doctors), no one else.
fn protocols_reach(p: Person) -> bool {
    let doctors = role_of(PROTOCOL_SEARCH).flatten() != Some("patient");
    match p {
        Person::Other => false,
        Person::Patient => !doctors,
        Person::Doctor | Person::Oncall | Person::Staff | Person::Caller => doctors,
    }
}

/// Whether people after "for" are the protocols' audience, not the patients a protocol is about
/// ("Protocols for a child with fever", "each dosage is for children and adults"): the list ends
/// its phrase and names one of the appointment's people or the caller.
fn protocol_audience(clause: &[&Tok], end: usize, people: &[Person]) -> bool {
    let closed = clause
        .get(end)
        .is_none_or(|x| x.kind == Kind::Comma || is_word(x, &["too", "only", "alike", "also"]));
    closed
        && people.iter().any(|p| {
            matches!(
                p,
                Person::Patient | Person::Doctor | Person::Oncall | Person::Caller
            )
        })
}

impl Value {
    /// The people an audience said to be the only one must hold: everyone the contract gives
    /// the value to, save its author (a rejection's reason is its patient's; the doctor wrote
    /// it).
    fn needs(self) -> &'static [Person] {
        match self {
            Value::Note => &[Person::Oncall],
            Value::Reason => &[Person::Patient],
            Value::Intake | Value::Appointment => &[Person::Patient, Person::Doctor],
            Value::Protocol => &[Person::Doctor],
        }
    }
}

/// Whether `have`, one of an audience said to be the only one, is `need`: the caller is
/// whoever may call; the oncall doctor is the appointment's doctor after an escalation; the
/// clinic's staff or doctors as a role (`many`) hold the oncall doctor.
fn covers(have: Person, need: Person, many: bool) -> bool {
    have == need
        || have == Person::Caller
        || need == Person::Doctor && matches!(have, Person::Oncall | Person::Staff)
        || need == Person::Oncall && (have == Person::Staff || have == Person::Doctor && many)
}

/// Words of a person reading a value, after "only …" or "… alone" ("only the patient can read
/// it", "the doctor alone sees the reason").
const READS: &[&str] = &[
    "see", "sees", "read", "reads", "view", "views", "access", "accesses",
];

/// Things a value of the appointment is not: said after the verb, no appointment's audience is
/// read from the text around them.
const NOT_THE_APPOINTMENTS: &[&str] = &[
    "slot",
    "slots",
    "specialty",
    "specialties",
    "clinic",
    "clinics",
    "token",
    "tokens",
    "tool",
    "tools",
    "list",
    "doctors",
];

/// A value kept to part of its audience ("Only the patient can read the intake", "only the
/// doctor sees the reason", "seen by the patient alone", "no one but the doctor reads it",
/// "kept from the doctor", "for the patient's own use"): each such audience must hold every
/// person the contract gives the value to ([`Value::needs`]), and a person kept out must be
/// one it does not reach. The agent keeps from the doctor the symptoms of a visit, or from
/// the patient the appointment and the reason of its rejection. `head` is the text's first
/// clause, of which a later clause says "it".
pub(super) fn audience_narrowed(
    clause: &[&Tok],
    head: &[&Tok],
    text: &str,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let n = clause.len();
    let w = |j: usize, list: &[&str]| is_word_at(clause, j, list);
    // the value: named where it is read, else before the audience, else the text's first
    // clause
    let value_of = |thing: &[&Tok], before: &[&Tok]| {
        let thing = &thing[..thing
            .iter()
            .position(|x| is_word(x, NEGATIONS) || is_word(x, &["no", "except", "but"]))
            .unwrap_or(thing.len())];
        value_in(thing, tool).or_else(|| {
            if thing.iter().any(|x| is_word(x, NOT_THE_APPOINTMENTS)) {
                return None;
            }
            // (a tool of the caller's own appointments is of the appointment: "Only the patient
            // can see the new time"; a note no escalation names is its author's, not the
            // appointment's: "Notes of the doctor, seen by the doctor only")
            let authored = before.iter().any(|x| is_word(x, &["note", "notes"]));
            if authored {
                return value_in(before, tool).filter(|v| *v == Value::Note);
            }
            // (what the tool's act made, or no noun at all: "The cancellation is visible to the
            // patient only"; not another value, "Fee of the visit, shown to the patient only")
            let of_the_act = [thing, before].iter().all(|part| {
                part.iter().all(|x| {
                    x.kind != Kind::Word
                        || is_word(x, DETERMINERS)
                        || is_word(x, COPULAS)
                        || is_word(
                            x,
                            &["it", "them", "they", "new", "time", "times", "can", "may"],
                        )
                        || is_word(x, READS)
                        || change_noun(&x.text.to_ascii_lowercase()).is_some()
                })
            });
            value_in(before, tool)
                .or_else(|| value_in(head, tool))
                .or_else(|| (reaches_own_records(tool) && of_the_act).then_some(Value::Appointment))
        })
    };
    // the people of a list at `i`, whether the clinic's doctors as a role are among them, and
    // the index after it
    let people = |i: usize| {
        people_at(clause, i, text).map(|(p, end)| {
            let many = clause[i..end]
                .iter()
                .any(|x| is_word(x, &["doctors", "physicians", "clinicians"]));
            (p, many, end)
        })
    };
    // (marker, people, many, value)
    let mut said: Option<(usize, Vec<Person>, bool, Option<Value>)> = None;
    for k in 0..n {
        if said.is_some() {
            break;
        }
        // "only the patient can read them", "that only this doctor can read", "only the patient
        // who booked it and its doctor see it"
        if w(k, &["only"]) && !(k >= 1 && w(k - 1, &["not"])) {
            let Some((mut p, mut many, end)) = people(k + 1) else {
                continue;
            };
            let Some(v) = (end..(end + 8).min(n))
                .take_while(|&j| clause[j].kind == Kind::Word)
                .find(|&j| w(j, READS))
            else {
                continue;
            };
            // (more people in a relative clause before the verb)
            for j in end..v {
                if let Some((q, m, _)) = people(j) {
                    p.extend(q);
                    many |= m;
                }
            }
            said = Some((k, p, many, value_of(&clause[v + 1..], &clause[..k])));
        }
        // "the patient alone can see it"
        else if w(k, &["alone"]) {
            let subject = (k.saturating_sub(8)..k)
                .find_map(|s| people(s).filter(|&(_, _, end)| end == k).map(|x| (s, x)));
            let verb = (k + 1..(k + 4).min(n)).find(|&j| w(j, READS));
            if let (Some((s, (p, many, _))), Some(v)) = (subject, verb) {
                said = Some((k, p, many, value_of(&clause[v + 1..], &clause[..s])));
            }
        }
        // "seen by the patient only", "shown only to the doctor", "readable by the doctor
        // alone"
        else if w(
            k,
            &[
                "seen",
                "shown",
                "read",
                "viewed",
                "readable",
                "visible",
                "viewable",
                "accessible",
                "available",
            ],
        ) {
            let only_before = w(k + 1, &["only"]);
            let to = k + 1 + usize::from(only_before);
            if !w(to, &["to", "by"]) {
                continue;
            }
            let Some((p, many, end)) = people(to + 1) else {
                continue;
            };
            if only_before || w(end, &["only", "alone"]) {
                said = Some((k, p, many, value_of(&[], &clause[..k])));
            }
        }
        // "no one but the patient", "nobody except its doctor", "none other than the doctor"
        else if w(k, &["nobody", "none"]) || w(k, &["no"]) && w(k + 1, &["one"]) {
            let from = k + 1 + usize::from(w(k, &["no"]));
            let at = if w(from, &["but", "except", "besides", "save"]) {
                from + 1
            } else if w(from, &["other"]) && w(from + 1, &["than"]) {
                from + 2
            } else {
                continue;
            };
            if let Some((p, many, end)) = people(at) {
                said = Some((k, p, many, value_of(&clause[end..], &clause[..k])));
            }
        }
        // "for the patient's own use", "for the doctor's eyes only"
        else if w(k, &["own", "eyes"])
            && k >= 1
            && possessive(clause[k - 1], text)
            && (w(k, &["eyes"]) || w(k + 1, &["use", "eyes"]))
        {
            let owner = clause[k - 1];
            let person = if is_word(owner, &["patient", "owner"]) {
                Person::Patient
            } else if is_word(owner, &["doctor", "physician", "clinician"]) {
                if k >= 2 && w(k - 2, &["oncall"]) {
                    Person::Oncall
                } else {
                    Person::Doctor
                }
            } else {
                continue;
            };
            said = Some((k, vec![person], false, value_of(&[], &clause[..k])));
        }
        // "kept from the doctor", "hidden from the patient"
        else if w(k, &["kept", "hidden", "withheld", "concealed", "private"])
            && w(k + 1, &["from"])
        {
            let Some((p, _, end)) = people(k + 2) else {
                continue;
            };
            let Some(value) = value_of(&clause[end..], &clause[..k]) else {
                continue;
            };
            if let Some(q) = p.iter().find(|&&q| {
                matches!(q, Person::Patient | Person::Doctor | Person::Oncall) && value.reaches(q)
            }) {
                push(
                    out,
                    Rule::Concealment,
                    clause[k],
                    format!(
                        "{} said kept from {}: {}",
                        value.name(),
                        if *q == Person::Patient {
                            "the patient"
                        } else {
                            "a doctor it reaches"
                        },
                        value.contract()
                    ),
                );
                return;
            }
        }
    }
    let Some((k, people, many, Some(value))) = said else {
        return;
    };
    let missing = value
        .needs()
        .iter()
        .find(|&&need| !people.iter().any(|&p| covers(p, need, many)));
    if let Some(need) = missing {
        push(
            out,
            Rule::Concealment,
            clause[k],
            format!(
                "{} said kept to part of its audience, without {}: {}",
                value.name(),
                match need {
                    Person::Patient => "its patient",
                    Person::Oncall => "the oncall doctor",
                    _ => "the appointment's doctor",
                },
                value.contract()
            ),
        );
    }
}
