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
    // (on a tool that answers appointments, their one reason is a rejection's)
    if has(&["reason", "reasons"])
        && (tool.starts_with("reject")
            || has(&["rejection", "rejections", "rejected"])
            || matches!(
                tool,
                "get_appointment" | "list_my_appointments" | "list_doctor_schedule"
            ))
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
    ]) || tool.contains("intake") && has(&["days", "words", "answers", "description"])
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
    let before = out.len();
    kept_elsewhere(clause, head, tool, out);
    if out.len() > before {
        return;
    }
    // each part of the clause read as a full one: a part with no verb takes the verb of the
    // part before it ("the patient sees the status, the staff the reason"), and a possessive
    // with no noun after it says who sees ("the reason the doctor's")
    let parts = full_parts(clause, text);
    if parts.len() >= 2 && split_audience(&parts, head, text, tool, out) {
        return;
    }
    for (part, rewritten) in &parts {
        if !rewritten {
            continue;
        }
        let part: Vec<&Tok> = part.iter().collect();
        audience_set_one(&part, head, text, tool, answer, out);
        if out.len() > before {
            return;
        }
    }
    audience_set_one(clause, head, text, tool, answer, out);
}

/// A clause with no verb after one with a verb, across ";" or ".", read as a part of it: "The
/// patient sees the status; the staff the reason" splits the values as "the patient sees the
/// status, the staff the reason" does. Only the split of values is read on the joined clause.
pub(super) fn audience_split_across(
    prev: &[&Tok],
    clause: &[&Tok],
    head: &[&Tok],
    text: &str,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    let has_verb = |c: &[&Tok]| (1..c.len()).any(|j| finite(c, j));
    if clause.is_empty() || has_verb(clause) || !has_verb(prev) {
        return;
    }
    let comma = Tok {
        text: ",".to_owned(),
        start: clause[0].start,
        end: clause[0].start,
        kind: Kind::Comma,
        possessive: false,
    };
    let mut joined: Vec<&Tok> = prev.to_vec();
    joined.push(&comma);
    joined.extend_from_slice(clause);
    let parts = full_parts(&joined, text);
    if parts.len() >= 2 {
        split_audience(&parts, head, text, tool, out);
    }
}

/// Values split between people over the whole text, each share in a clause of its own with its
/// own verb ("The patient gets the status. The reason is for the doctor.", "The patient gets
/// the triage level; the symptoms are for the doctor"): every clause that gives a value to a
/// person is a share, and two shares of different values to different people, where the contract
/// gives the other person that value too, keep it from them, as in one clause. A share said to
/// be had too ("the doctor sees it too") adds, and splits nothing.
pub(super) fn audience_split_in_text(
    clauses: &[Vec<&Tok>],
    text: &str,
    tool: &str,
    out: &mut Vec<Violation>,
) {
    if clauses.len() < 2 {
        return;
    }
    let head = &clauses[0][..];
    // each clause's parts as full ones, and the clause each came from; a clause that already
    // splits its values is read on its own
    // (a share must name its value: "Only for doctors" says who may call the tool, and "it"
    // is the value of the clause before)
    let mut parts: Vec<(Vec<Tok>, bool)> = Vec::new();
    let mut clauses_with_share = std::collections::BTreeSet::new();
    for (n, c) in clauses.iter().enumerate() {
        for p in full_parts(c, text) {
            let r: Vec<&Tok> = p.0.iter().collect();
            let Some(sh) = share(&r, head, text, tool) else {
                // (an additive word anywhere keeps the text from splitting)
                if r.iter()
                    .any(|t| is_word(t, &["too", "also", "both", "likewise", "alike"]))
                {
                    return;
                }
                continue;
            };
            if sh.words.is_empty() {
                continue;
            }
            clauses_with_share.insert(n);
            parts.push(p);
        }
    }
    if clauses_with_share.len() < 2 {
        return;
    }
    let mut scratch = Vec::new();
    if split_audience(&parts, head, text, tool, &mut scratch)
        && let Some(v) = scratch.into_iter().next()
        && !out.iter().any(|o| o.rule == v.rule && o.range == v.range)
    {
        out.push(v);
    }
}

/// [`audience_set`] of one clause as it is written.
fn audience_set_one(
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

/// Verbs of weight a part with no verb takes from the part before it ("each excerpt counts, the
/// note of the doctor less so").
pub(super) const WEIGHT_VERBS: &[&str] = &[
    "counts", "count", "weighs", "weigh", "matters", "matter", "ranks", "rank", "carries", "carry",
    "comes", "come", "goes", "go", "stands", "stand", "holds", "hold", "wins", "win", "leads",
    "lead", "applies", "apply", "prevails", "prevail",
];

/// Words that end a noun phrase: an order or a weight, a limit, a negation, an infinitive.
const PHRASE_ENDS: &[&str] = &[
    "more",
    "less",
    "most",
    "least",
    "first",
    "second",
    "third",
    "last",
    "next",
    "higher",
    "lower",
    "above",
    "below",
    "primary",
    "secondary",
    "only",
    "alone",
    "too",
    "also",
    "so",
    "not",
    "to",
    "then",
    "again",
    "as",
    "likewise",
];

/// A word the reading adds to a clause, at the place of `at`.
fn added(word: &str, at: &Tok) -> Tok {
    Tok {
        text: word.to_owned(),
        start: at.start,
        end: at.start,
        kind: Kind::Word,
        possessive: false,
    }
}

/// Whether the word at `j` is a finite verb of its part: not a noun after a determiner or an
/// owner ("the doctor's views"), nor an infinitive after "to"; a part's first word is its
/// subject.
pub(super) fn finite(c: &[&Tok], j: usize) -> bool {
    let t = c[j];
    if t.kind != Kind::Word || j == 0 {
        return false;
    }
    let p = c[j - 1];
    if is_word(p, DETERMINERS) && !is_word(p, &["no"]) || p.possessive || is_word(p, &["to"]) {
        return false;
    }
    is_word(t, MODALS)
        || is_word(t, COPULAS)
        || is_word(
            t,
            &[
                "has", "have", "does", "do", "gets", "sees", "reads", "views", "receives", "hears",
            ],
        )
        || is_word(t, WEIGHT_VERBS)
        || matches!(verb(&t.text), Some((_, _, Form::Third | Form::Past)))
}

/// The parts of a clause joined by a comma or by "and", "but", "while", "whereas".
pub(super) fn parts_of<'a, 'b>(clause: &'a [&'b Tok]) -> Vec<&'a [&'b Tok]> {
    let mut out = Vec::new();
    let mut s = 0;
    for (j, t) in clause.iter().enumerate() {
        if t.kind == Kind::Comma || is_word(t, &["and", "but", "while", "whereas", "whilst"]) {
            if j > s {
                out.push(&clause[s..j]);
            }
            s = j + 1;
        }
    }
    if s < clause.len() {
        out.push(&clause[s..]);
    }
    out
}

/// The end of the noun phrase at `from` ("the note of the doctor", "the doctor's advice", "the
/// staff" before "the reason").
pub(super) fn phrase_end(c: &[&Tok], from: usize) -> usize {
    let mut j = from;
    let mut noun = false;
    while let Some(t) = c.get(j) {
        if t.kind == Kind::Ident {
            noun = true;
            j += 1;
            continue;
        }
        if t.kind != Kind::Word || is_word(t, PHRASE_ENDS) || is_word(t, NEGATIONS) {
            break;
        }
        if is_word(t, &["of"]) {
            if !noun {
                break;
            }
            noun = false;
            j += 1;
            continue;
        }
        if is_word(t, PREPOSITIONS) || finite(c, j) {
            break;
        }
        if is_word(t, DETERMINERS) {
            if noun {
                break;
            }
            j += 1;
            continue;
        }
        noun = !t.possessive;
        j += 1;
    }
    j
}

/// A part that says who sees a value by a possessive with no noun after it ("the reason the
/// doctor's", "the doctor's to read", "the patient's the status only"), read as "the doctor
/// sees the reason"; and whether it keeps the value to that person ("to read", "only").
fn owned_by(c: &[&Tok], text: &str) -> Option<(Vec<Tok>, bool)> {
    let p = (0..c.len()).find(|&j| {
        c[j].possessive
            && c[j].kind == Kind::Word
            && c.get(j + 1).is_none_or(|n| {
                n.kind != Kind::Word
                    || is_word(
                        n,
                        &[
                            "the", "a", "an", "its", "their", "this", "each", "every", "any",
                            "all", "to", "only", "alone", "too", "also",
                        ],
                    )
            })
    })?;
    let mut s = p;
    while s > 0 && (is_word(c[s - 1], DETERMINERS) || is_word(c[s - 1], MODIFIERS)) {
        s -= 1;
    }
    let (_, next) = person_at(c, s, text)?;
    if next != p + 1 {
        return None;
    }
    let mut value = &c[..s];
    while let Some((l, rest)) = value.split_last() {
        if !is_word(l, COPULAS) {
            break;
        }
        value = rest;
    }
    let mut rest = &c[p + 1..];
    let mut narrow = false;
    if rest.first().is_some_and(|t| is_word(t, &["to"]))
        && rest
            .get(1)
            .is_some_and(|t| is_word(t, GETS) || is_word(t, &["know", "keep", "have", "use"]))
    {
        rest = &rest[2..];
        narrow = true;
    }
    narrow |= rest.iter().any(|t| is_word(t, &["only", "alone"]));
    let mut v: Vec<Tok> = c[s..=p].iter().map(|t| (*t).clone()).collect();
    // (the owner is the subject now: "the doctor sees")
    if let Some(last) = v.last_mut() {
        last.possessive = false;
    }
    v.push(added("sees", c[s]));
    v.extend(value.iter().map(|t| (*t).clone()));
    v.extend(rest.iter().map(|t| (*t).clone()));
    if !value.iter().chain(rest).any(|t| {
        t.kind == Kind::Word && !is_word(t, &["only", "alone", "too", "also"])
            || t.kind == Kind::Ident
    }) {
        v.push(added("it", c[s]));
    }
    Some((v, narrow))
}

/// The parts of a clause, each as a full clause, and whether the reading wrote it out: a part
/// with no verb of its own takes the verb of the part before it ("the patient sees the status,
/// the staff the reason" gives "the staff sees the reason"; "the status is seen by the patient,
/// the reason by the doctor"); a possessive with no noun after it says who sees ("the reason the
/// doctor's" gives "the doctor sees the reason").
pub(super) fn full_parts(clause: &[&Tok], text: &str) -> Vec<(Vec<Tok>, bool)> {
    let own = |c: &[&Tok]| c.iter().map(|t| (*t).clone()).collect::<Vec<Tok>>();
    let mut out = Vec::new();
    let mut group: Option<Vec<Tok>> = None;
    for c in parts_of(clause) {
        if let Some((v, _)) = owned_by(c, text) {
            group = Some(vec![added("sees", c[0])]);
            out.push((v, true));
            continue;
        }
        if let Some(v) = (1..c.len()).find(|&j| finite(c, j)) {
            // the verb and its participles ("is seen", "can read")
            let mut e = v + 1;
            while c.get(e).is_some_and(|t| {
                t.kind == Kind::Word
                    && !is_word(t, DETERMINERS)
                    && !is_word(t, PREPOSITIONS)
                    && (verb(&t.text).is_some() || is_word(t, SHOWN) || is_word(t, GETS))
            }) {
                e += 1;
            }
            group = Some(own(&c[v..e]));
            out.push((own(c), false));
            continue;
        }
        let e = phrase_end(c, 0);
        let rest = c.get(e..).unwrap_or(&[]);
        match &group {
            Some(g)
                if e > 0
                    && rest
                        .iter()
                        .any(|t| matches!(t.kind, Kind::Word | Kind::Ident)) =>
            {
                let mut v = own(&c[..e]);
                v.extend(g.iter().cloned());
                v.extend(own(rest));
                out.push((v, true));
            }
            _ => out.push((own(c), false)),
        }
    }
    out
}

/// Who a part says gets which value: the people, the value, the words that name it, and where.
struct Share<'t> {
    people: Vec<Person>,
    value: Value,
    words: Vec<String>,
    at: &'t Tok,
}

/// The share a full part says ("the patient sees the status", "the reason is seen by the
/// doctor", "the status for the patient").
fn share<'t>(c: &[&'t Tok], head: &[&Tok], text: &str, tool: &str) -> Option<Share<'t>> {
    let cut = |o: &[&'t Tok]| -> Vec<&'t Tok> {
        o.iter()
            .take_while(|x| !is_word(x, NEGATIONS) && !is_word(x, &["no", "except", "but"]))
            .copied()
            .collect()
    };
    let mut found: Option<(Vec<Person>, Vec<&'t Tok>, &'t Tok)> = None;
    for v in 1..c.len() {
        if !is_word(c[v], GETS)
            || is_word(c[v - 1], DETERMINERS)
            || c[v - 1].possessive
            || is_word(c[v - 1], &["to"])
        {
            continue;
        }
        let Some(end) = (0..v).rev().find(|&j| {
            !is_word(
                c[j],
                &["can", "may", "also", "too", "then", "always", "only"],
            )
        }) else {
            continue;
        };
        if let Some((p, _)) = (end.saturating_sub(8)..=end)
            .find_map(|s| people_at(c, s, text).filter(|&(_, n)| n == end + 1))
        {
            found = Some((p, cut(&c[v + 1..]), c[v]));
            break;
        }
    }
    if found.is_none() {
        for k in 1..c.len() {
            // ("goes to the doctor", "belongs to its patient": a value handed to a person)
            let by = is_word(c[k], SHOWN) && is_word_at(c, k + 1, &["to", "by", "with"])
                || is_word(
                    c[k],
                    &["goes", "go", "belongs", "belong", "passes", "falls"],
                ) && is_word_at(c, k + 1, &["to"])
                || is_word(c[k], &["for"]);
            if !by {
                continue;
            }
            let from = if is_word(c[k], &["for"]) {
                k + 1
            } else {
                k + 2
            };
            if let Some((p, end)) = people_at(c, from, text)
                // ("for" names an audience only as the part's last words)
                && (!is_word(c[k], &["for"]) || end >= c.len())
            {
                let thing: Vec<&Tok> = c[..k]
                    .iter()
                    .filter(|x| !is_word(x, COPULAS))
                    .copied()
                    .collect();
                found = Some((p, thing, c[k]));
                break;
            }
        }
    }
    let (people, thing, at) = found?;
    let bare = thing.iter().all(|x| {
        x.kind != Kind::Word
            || is_word(x, DETERMINERS)
            || is_word(x, &["it", "them", "only", "alone", "too", "also", "value"])
    });
    let value = if bare {
        value_in(&thing, tool).or_else(|| value_in(head, tool))
    } else {
        value_in(&thing, tool)
    }?;
    let words = thing
        .iter()
        .filter(|x| {
            matches!(x.kind, Kind::Word | Kind::Ident)
                && !is_word(x, DETERMINERS)
                && !is_word(x, &["only", "alone", "it", "them", "of", "to", "read"])
        })
        .map(|x| x.text.to_ascii_lowercase())
        .collect::<Vec<_>>();
    Some(Share {
        people,
        value,
        words,
        at,
    })
}

/// Values split between people, part by part ("the patient sees the status, the staff the
/// reason", "the reason the doctor's, the status the patient's", "the doctor sees the severity
/// and the reception the symptoms"): each person is said to get their part and not the others',
/// so a value the contract gives a person, said to be another's part, is kept from them. A part
/// said to be had too ("the doctor sees it too") adds, and splits nothing. A possessive that
/// keeps a value to one ("the reason the doctor's to read") is read as "only". Returns whether
/// it found one.
fn split_audience(
    parts: &[(Vec<Tok>, bool)],
    head: &[&Tok],
    text: &str,
    tool: &str,
    out: &mut Vec<Violation>,
) -> bool {
    let additive = parts.iter().any(|(p, _)| {
        p.iter()
            .any(|t| is_word(t, &["too", "also", "both", "likewise", "alike", "either"]))
    });
    let refs: Vec<Vec<&Tok>> = parts.iter().map(|(p, _)| p.iter().collect()).collect();
    let shares: Vec<Share> = refs
        .iter()
        .filter_map(|p| share(p, head, text, tool))
        .collect();
    let named = |p: Person| matches!(p, Person::Patient | Person::Doctor | Person::Oncall);
    if !additive && shares.len() >= 2 {
        for a in &shares {
            for b in &shares {
                if std::ptr::eq(a, b)
                    || a.people == b.people
                    || b.words.iter().all(|w| a.words.contains(w))
                {
                    continue;
                }
                if let Some(p) = a.people.iter().find(|&&p| named(p) && b.value.reaches(p)) {
                    push(
                        out,
                        Rule::Concealment,
                        a.at,
                        format!(
                            "values split between people, {} given to another: {}; say who sees each value as the contract does",
                            match p {
                                Person::Patient => "the patient's",
                                _ => "a doctor's",
                            },
                            b.value.contract()
                        ),
                    );
                    return true;
                }
            }
        }
    }
    // a possessive that keeps the value to one ("the reason the doctor's to read")
    for (c, (_, rewritten)) in refs.iter().zip(parts) {
        if !rewritten {
            continue;
        }
        let narrow = c.iter().any(|t| is_word(t, &["only", "alone"]))
            || c.windows(2)
                .any(|w| is_word(w[0], &["to"]) && is_word(w[1], GETS));
        if !narrow {
            continue;
        }
        let Some(sh) = share(c, head, text, tool) else {
            continue;
        };
        if let Some(need) = sh
            .value
            .needs()
            .iter()
            .find(|&&need| !sh.people.iter().any(|&p| covers(p, need, false)))
        {
            push(
                out,
                Rule::Concealment,
                sh.at,
                format!(
                    "{} said kept to part of its audience, without {}: {}",
                    sh.value.name(),
                    match need {
                        Person::Patient => "its patient",
                        Person::Oncall => "the oncall doctor",
                        _ => "the appointment's doctor",
                    },
                    sh.value.contract()
                ),
            );
            return true;
        }
    }
    false
}

/// Verbs that put a value in a place ("kept in", "stored as", "filed under").
const KEPT: &[&str] = &[
    "kept",
    "stored",
    "saved",
    "held",
    "filed",
    "recorded",
    "logged",
    "archived",
    "retained",
    "put",
    "placed",
    "entered",
    "lives",
    "sits",
    "stays",
    "remains",
    "goes",
    "added",
    "copied",
    "moved",
    "registered",
    "preserved",
    "keeps",
    "stores",
    "saves",
    "holds",
    // (written, sent or copied somewhere: a place all the same)
    "written",
    "writes",
    "noted",
    "documented",
    "sent",
    "forwarded",
    "posted",
    "pushed",
    "uploaded",
    "exported",
    "transferred",
    "routed",
    "passed",
    "attached",
    "appended",
    "duplicated",
    "mirrored",
    "synced",
    "journaled",
    "logs",
    "files",
];

/// Words that open the place a value is put in.
const INTO: &[&str] = &[
    "in", "on", "at", "into", "onto", "inside", "within", "under", "with", "as", "among", "to",
];

/// The rejection's reason said to be kept anywhere but where the contract keeps it ("kept in
/// the audit trail of the clinic", "kept as a note of the doctor", "stored in the doctor's
/// file"): the clinic API stores it on the appointment and shows it to its patient. Said of
/// this server's value, the place must be the appointment (its rejection, its field) or its
/// patient, or the form of the text itself ("as plain text", "in the patient's words"); any
/// other place or owner puts the reason away from the patient.
fn kept_elsewhere(clause: &[&Tok], head: &[&Tok], tool: &str, out: &mut Vec<Violation>) {
    // the appointment, its parts and its patient, and the words that end such a place's phrase
    // ("as written", "as given", "in full")
    const ITS_PLACE: &[&str] = &[
        "full",
        "whole",
        "entered",
        "appointment",
        "appointments",
        "visit",
        "booking",
        "bookings",
        "rejection",
        "reason",
        "patient",
        "patients",
        "owner",
        "caller",
        "user",
        "it",
        "them",
        "answer",
        "api",
        "is",
        "given",
        "written",
        "typed",
        "sent",
        "long",
        "received",
        "rejected",
    ];
    // what holds a value, whose owner says whose it is ("the record of the appointment")
    const HOLDERS: &[&str] = &[
        "record", "records", "file", "entry", "part", "field", "copy", "history", "section", "row",
        "data", "details", "status",
    ];
    // the form of the text: no place ("as plain text", "in the doctor's own words")
    const FORMS: &[&str] = &[
        "text",
        "words",
        "string",
        "language",
        "english",
        "characters",
        "sentence",
        "sentences",
        "form",
        "utf",
    ];
    const OWNERS: &[&str] = &[
        "appointment",
        "appointments",
        "visit",
        "booking",
        "rejection",
        "patient",
        "patients",
        "owner",
        "its",
        "their",
        "reason",
    ];
    let mark = |t: &Tok| t.kind == Kind::Comma;
    for k in 0..clause.len() {
        if !is_word(clause[k], KEPT) || !is_word_at(clause, k + 1, INTO) {
            continue;
        }
        // what is kept: the part before the verb when it is its subject ("the slot is kept in
        // …"), else the value the text is about
        let from = clause[..k]
            .iter()
            .rposition(|t| mark(t))
            .map_or(0, |c| c + 1);
        let part = &clause[from..k];
        let subject = part
            .last()
            .is_some_and(|t| is_word(t, COPULAS) || is_word(t, &["been", "being", "gets", "get"]))
            || k > from && finite(clause, k);
        let bare = part.iter().all(|t| {
            t.kind != Kind::Word
                || is_word(t, DETERMINERS)
                || is_word(t, COPULAS)
                || is_word(t, MODALS)
                || is_word(
                    t,
                    &[
                        "it", "this", "which", "that", "been", "being", "also", "then",
                    ],
                )
        });
        let value = if subject && !bare {
            value_in(part, tool)
        } else {
            value_in(&clause[..k], tool).or_else(|| value_in(head, tool))
        };
        if value != Some(Value::Reason) {
            continue;
        }
        // the place: its head before an "of", and its owners (a possessive, or after "of")
        let place: Vec<&Tok> = clause[k + 2..]
            .iter()
            .take_while(|t| {
                matches!(t.kind, Kind::Word | Kind::Ident)
                    && !is_word(
                        t,
                        &[
                            "and", "or", "when", "if", "until", "for", "by", "from", "so",
                        ],
                    )
                    && !is_word(t, GETS)
                    && !is_word(t, SHOWN)
            })
            .copied()
            .collect();
        let of = place
            .iter()
            .position(|t| is_word(t, PREPOSITIONS))
            .unwrap_or(place.len());
        let Some(h) = place[..of]
            .iter()
            .rev()
            .find(|t| !is_word(t, DETERMINERS) && !t.possessive)
        else {
            continue;
        };
        let owners: Vec<&&Tok> = place[..of]
            .iter()
            .filter(|t| t.possessive)
            .chain(
                place[of..]
                    .iter()
                    .filter(|t| !is_word(t, DETERMINERS) && !is_word(t, PREPOSITIONS)),
            )
            .collect();
        let lower = h.text.to_ascii_lowercase();
        let owned = owners.iter().all(|t| is_word(t, OWNERS));
        let fine = is_word(h, FORMS)
            || h.kind == Kind::Ident && lower.contains("reason")
            || is_word(h, ITS_PLACE) && owned
            || is_word(h, HOLDERS) && !owners.is_empty() && owned;
        if !fine {
            push(
                out,
                Rule::Concealment,
                clause[k],
                format!(
                    "the rejection's reason said to be kept {} {}: the clinic API stores it on the appointment and shows it to its patient; say so",
                    clause[k + 1].text,
                    h.text
                ),
            );
            return;
        }
    }
}
